/* THDiskFile's binary and ascii readers: the contents written to a temporary file (one per process,
 * rewritten for each input), opened "r" with the byte order the flags ask for, then the reads of
 * file_ops.c. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "file_ops.h"

static char path[64];

static void remove_temp(void) { unlink(path); }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  FuzzFileInput in;
  if (!fuzz_file_split(data, size, &in)) return 0;
  if (!path[0]) {
    snprintf(path, sizeof path, "/tmp/ember_fuzz_file_%ld", (long)getpid());
    atexit(remove_temp);
  }
  FILE *out = fopen(path, "wb");
  if (!out || fwrite(in.contents, 1, in.size, out) != in.size || fclose(out) != 0) abort();

  THSetGuardedMode(1);
  THFile *f = THDiskFile_new(path, "r", (in.flags & 2) != 0);
  if (!f) __builtin_trap();  // the file exists and is readable: this cannot fail
  fuzz_file_configure(f, in.flags, THDiskFile_longSize);
  int order = (in.flags >> 5) & 3;
  if (order == 1) THDiskFile_littleEndianEncoding(f);
  if (order == 2) THDiskFile_bigEndianEncoding(f);
  /* A disk file may be positioned past its end (fseek allows it): no bound on the position. */
  fuzz_file_run(f, &in, SIZE_MAX);
  THFile_free(f);
  THClearLastError();
  return 0;
}
