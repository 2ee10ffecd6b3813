#ifndef EMBER_FUZZ_FILE_OPS_H
#define EMBER_FUZZ_FILE_OPS_H
/* The part the two THFile targets share: an input is
 *   byte 0        flags: bit 0 binary (else ascii), bit 1 quiet, bit 2 no auto-spacing,
 *                 bits 3-4 the size of a long on file (1: 4 bytes, 2: 8 bytes, else native),
 *                 bits 5-6 the byte order of a disk file (1: little, 2: big, else native)
 *   byte 1        k, the number of operation bytes (at most FUZZ_FILE_MAX_OPS are used)
 *   k bytes       the reads to make, one byte each (see file_ops.c)
 *   the rest      the file's contents */
#include <stddef.h>
#include <stdint.h>

#include "TH.h"

#define FUZZ_FILE_MAX_OPS 48

typedef struct {
  uint8_t flags;
  const uint8_t *ops;
  size_t num_ops;
  const uint8_t *contents;
  size_t size;
} FuzzFileInput;

/* 0 when the input is too short to hold the flags and the count. */
int fuzz_file_split(const uint8_t *data, size_t size, FuzzFileInput *in);
/* Applies the flags common to every THFile (mode, quietness, auto-spacing, long size). */
void fuzz_file_configure(THFile *f, uint8_t flags, void (*set_long_size)(THFile *, int));
/* Makes the reads; with the library in guarded mode, a failing one just sets the last error.
 * Aborts (a crash for libFuzzer) when a read claims more than it was asked for or the position
 * goes past max_position. */
void fuzz_file_run(THFile *f, const FuzzFileInput *in, size_t max_position);

#endif
