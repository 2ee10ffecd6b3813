/* THMemoryFile's binary and ascii readers: the contents in a THCharStorage (with the final NUL the
 * memory file requires), opened "r", then the reads of file_ops.c. */
#include <string.h>

#include "file_ops.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  FuzzFileInput in;
  if (!fuzz_file_split(data, size, &in)) return 0;
  THSetGuardedMode(1);
  THCharStorage *contents = THCharStorage_newWithSize((ptrdiff_t)in.size + 1);
  if (in.size) memcpy(contents->data, in.contents, in.size);
  contents->data[in.size] = '\0';
  THFile *f = THMemoryFile_newWithStorage(contents, "r");
  THCharStorage_free(contents);  // the file holds its own reference
  if (!f) __builtin_trap();      // valid arguments: this cannot fail
  fuzz_file_configure(f, in.flags, THMemoryFile_longSize);
  fuzz_file_run(f, &in, in.size);
  THFile_free(f);
  THClearLastError();
  return 0;
}
