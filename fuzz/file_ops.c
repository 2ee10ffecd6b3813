/* The reads of the THFile targets: each operation byte is a kind (low 4 bits) and an argument
 * (high 4 bits); see fuzz_file_run. */
#include "file_ops.h"

#include <stdio.h>
#include <stdlib.h>

int fuzz_file_split(const uint8_t *data, size_t size, FuzzFileInput *in) {
  if (size < 2) return 0;
  size_t k = data[1];
  if (k > size - 2) k = size - 2;
  in->flags = data[0];
  in->ops = data + 2;
  in->num_ops = k < FUZZ_FILE_MAX_OPS ? k : FUZZ_FILE_MAX_OPS;
  in->contents = data + 2 + k;
  in->size = size - 2 - k;
  return 1;
}

void fuzz_file_configure(THFile *f, uint8_t flags, void (*set_long_size)(THFile *, int)) {
  if (flags & 1) THFile_binary(f); else THFile_ascii(f);
  if (flags & 2) THFile_quiet(f);
  if (flags & 4) THFile_noAutoSpacing(f);
  int long_size = (flags >> 3) & 3;
  if (long_size == 1 || long_size == 2) set_long_size(f, long_size == 1 ? 4 : 8);
}

static void check(int ok, const char *what) {
  if (!ok) {
    fprintf(stderr, "fuzz_file: %s\n", what);
    abort();
  }
}

/* Reads `count` values of type `type` (0..7: Byte, Char, Short, Int, Long, Float, Double, Half) into a
 * storage of that size. */
static void read_storage(THFile *f, int type, long count) {
  size_t got = 0;
#define READ_STORAGE(T)                                  \
  do {                                                   \
    TH##T##Storage *s = TH##T##Storage_newWithSize(count); \
    got = THFile_read##T(f, s);                          \
    TH##T##Storage_free(s);                              \
  } while (0)
  switch (type) {
    case 0: READ_STORAGE(Byte); break;
    case 1: READ_STORAGE(Char); break;
    case 2: READ_STORAGE(Short); break;
    case 3: READ_STORAGE(Int); break;
    case 4: READ_STORAGE(Long); break;
    case 5: READ_STORAGE(Float); break;
    case 6: READ_STORAGE(Double); break;
    default: READ_STORAGE(Half); break;
  }
#undef READ_STORAGE
  check(got <= (size_t)count, "a storage read returned more values than the storage holds");
}

static void read_scalar(THFile *f, int type) {
  switch (type) {
    case 0: (void)THFile_readByteScalar(f); break;
    case 1: (void)THFile_readCharScalar(f); break;
    case 2: (void)THFile_readShortScalar(f); break;
    case 3: (void)THFile_readIntScalar(f); break;
    case 4: (void)THFile_readLongScalar(f); break;
    case 5: (void)THFile_readFloatScalar(f); break;
    case 6: (void)THFile_readDoubleScalar(f); break;
    default: (void)THFile_readHalfScalar(f); break;
  }
}

/* readStringRaw ("*a": the rest of the file, "*l": a line); every byte returned is touched, so that
 * ASan sees a string shorter than its claimed length. */
static void read_string(THFile *f, const char *format, size_t file_size) {
  char *str = NULL;
  size_t n = THFile_readStringRaw(f, format, &str);
  check(n <= file_size, "readStringRaw returned more bytes than the file holds");
  unsigned sum = 0;
  for (size_t i = 0; i < n; i++) sum += (unsigned char)str[i];
  (void)sum;
  THFree(str);
}

void fuzz_file_run(THFile *f, const FuzzFileInput *in, size_t max_position) {
  for (size_t i = 0; i < in->num_ops; i++) {
    int kind = in->ops[i] & 15, arg = in->ops[i] >> 4;
    if (kind < 8) {
      read_scalar(f, kind);
    } else if (kind == 8) {
      read_storage(f, arg & 7, arg & 8 ? 9 : 1);
    } else if (kind == 9) {
      read_string(f, arg & 1 ? "*l" : "*a", in->size);
    } else if (kind == 10) {
      THFile_seek(f, (size_t)arg * 3);
    } else if (kind == 11) {
      THFile_seekEnd(f);
    } else if (kind == 12) {
      char raw[16];
      size_t got = THFile_readCharRaw(f, raw, (size_t)arg + 1);
      check(got <= (size_t)arg + 1, "readCharRaw returned more bytes than asked for");
    } else if (kind == 13) {
      THFile_clearError(f);
    } else if (kind == 14) {
      if (arg & 1) THFile_binary(f); else THFile_ascii(f);
    } else {
      read_storage(f, arg & 7, 0);
    }
    size_t pos = THFile_position(f);
    check(THGetLastError() != NULL || pos <= max_position, "the position went past the end of the file");
  }
}
