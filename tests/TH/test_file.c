/* THFile through its back ends: THDiskFile (files and pipes) and THMemoryFile. */
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "th_test.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* A fresh path in /tmp (the file exists, empty); the test unlinks it. */
static void temp_path(char *path) {
  strcpy(path, "/tmp/ember_test_file_XXXXXX");
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  close(fd);
}

/* The bytes of a file on disk, NUL-terminated, THFree'd by the caller. */
static size_t slurp(const char *path, char **out) {
  THFile *f = THDiskFile_new(path, "r", 0);
  size_t n = THFile_readStringRaw(f, "*a", out);
  THFile_free(f);
  return n;
}

/* ---------------------------------------------------------------- every type, there and back */

static unsigned char bytes[] = {0, 1, 127, 128, 255, '\n', ' '};
static char chars[] = {'a', ' ', '\n', '\t', 0, -128, 127};
static short shorts[] = {0, -1, SHRT_MIN, SHRT_MAX, 12345};
static int ints[] = {0, -1, INT_MIN, INT_MAX, 42};
static long longs[] = {0, -1, LONG_MIN, LONG_MAX, 1L << 40};
static float floats[] = {0.1f, -0.0f, FLT_MAX, -FLT_MIN, 1e-45f /* subnormal */, INFINITY, NAN, 1.0f / 3};
static double doubles[] = {0.1, -0.0, DBL_MAX, DBL_MIN, 4.9406564584124654e-324, -INFINITY, NAN, 1.0 / 3};
static THHalf halves[] = {{0x3C00}, {0x7BFF}, {0x0001}, {0x8000}, {0xFC00}, {0x3555}};

/* Same bits, or both NaN when nan_size (4: float, 8: double) says the elements may be NaN: ascii
 * writes "nan", which reads back as the default NaN. */
static void assert_same_values(const void *got, const void *want, size_t n, size_t size, int nan_size) {
  for (size_t i = 0; i < n; i++) {
    const char *g = (const char *)got + i * size, *w = (const char *)want + i * size;
    if (nan_size == 8 && isnan(*(const double *)w)) {
      assert_true(isnan(*(const double *)g));
    } else if (nan_size == 4 && isnan(*(const float *)w)) {
      assert_true(isnan(*(const float *)g));
    } else if (memcmp(g, w, size)) {
      fail_msg("element %zu of %zu differs", i, n);
    }
  }
}

#define FOR_EACH_ARRAY(X)                                                                    \
  X(Byte, unsigned char, bytes, 0) X(Char, char, chars, 0) X(Short, short, shorts, 0)        \
  X(Int, int, ints, 0) X(Long, long, longs, 0) X(Float, float, floats, 4)                    \
  X(Double, double, doubles, 8) X(Half, THHalf, halves, 0)

#define WRITE_RAW(Name, T, arr, nan) assert_int_equal(THFile_write##Name##Raw(f, arr, N(arr)), N(arr));
#define READ_RAW(Name, T, arr, nan)                                     \
  {                                                                     \
    T got[N(arr)];                                                      \
    assert_int_equal(THFile_read##Name##Raw(f, got, N(arr)), N(arr));   \
    assert_same_values(got, arr, N(arr), sizeof(T), nan);               \
  }
#define WRITE_STORAGE(Name, T, arr, nan)                                 \
  {                                                                      \
    TH##Name##Storage *s = TH##Name##Storage_newWithSize(N(arr));        \
    memcpy(s->data, arr, sizeof arr);                                    \
    assert_int_equal(THFile_write##Name(f, s), N(arr));                  \
    TH##Name##Storage_free(s);                                           \
  }
#define READ_STORAGE(Name, T, arr, nan)                                  \
  {                                                                      \
    TH##Name##Storage *s = TH##Name##Storage_newWithSize(N(arr));        \
    assert_int_equal(THFile_read##Name(f, s), N(arr));                   \
    assert_same_values(s->data, arr, N(arr), sizeof(T), nan);            \
    TH##Name##Storage_free(s);                                           \
  }
/* the next-to-last element: '\n' for bytes, -128 for chars, the maxima, NaN, -inf for half */
#define WRITE_SCALAR(Name, T, arr, nan) THFile_write##Name##Scalar(f, arr[N(arr) - 2]);
#define READ_SCALAR(Name, T, arr, nan)                                   \
  {                                                                      \
    T got = THFile_read##Name##Scalar(f);                                \
    assert_same_values(&got, &arr[N(arr) - 2], 1, sizeof(T), nan);       \
  }

static void write_everything(THFile *f) {
  FOR_EACH_ARRAY(WRITE_RAW)
  FOR_EACH_ARRAY(WRITE_SCALAR)
  FOR_EACH_ARRAY(WRITE_STORAGE)
  assert_int_equal(THFile_writeStringRaw(f, "tail\n", 5), 5);
  assert_false(THFile_hasError(f));
}

static void read_everything(THFile *f, int at_end) {
  FOR_EACH_ARRAY(READ_RAW)
  FOR_EACH_ARRAY(READ_SCALAR)
  FOR_EACH_ARRAY(READ_STORAGE)
  char *s;
  assert_int_equal(THFile_readStringRaw(f, "*l", &s), 4);
  assert_string_equal(s, "tail");
  THFree(s);
  if (!at_end) return;
  /* at the end: a quiet file flags the error and reads 0, then works again */
  THFile_quiet(f);
  assert_int_equal(THFile_readIntScalar(f), 0);
  assert_true(THFile_hasError(f));
  THFile_clearError(f);
  assert_false(THFile_hasError(f));
  THFile_pedantic(f);
}

static void set_mode(THFile *f, int binary) {
  if (binary)
    THFile_binary(f);
  else
    THFile_ascii(f);
  assert_int_equal(THFile_isBinary(f), binary);
}

static void memory_roundtrip(int binary) {
  THFile *w = THMemoryFile_new("w");
  set_mode(w, binary);
  write_everything(w);
  THCharStorage *contents = THMemoryFile_storage(w);
  assert_int_equal(contents->data[contents->size - 1], 0);
  THFile *r = THMemoryFile_newWithStorage(contents, "r");
  THFile_free(w); /* r holds its own reference to the storage */
  set_mode(r, binary);
  read_everything(r, 1);
  THFile_free(r);

  /* the same through one "rw" file and a seek back */
  THFile *f = THMemoryFile_new("rw");
  set_mode(f, binary);
  write_everything(f);
  size_t end = THFile_position(f);
  THFile_seek(f, 0);
  read_everything(f, 1);
  assert_int_equal(THFile_position(f), end);
  THFile_free(f);
}

static void disk_roundtrip(int binary) {
  char path[64];
  temp_path(path);
  THFile *w = THDiskFile_new(path, "w", 0);
  set_mode(w, binary);
  write_everything(w);
  THFile_free(w);
  THFile *r = THDiskFile_new(path, "r", 0);
  set_mode(r, binary);
  read_everything(r, 1);
  THFile_free(r);

  THFile *f = THDiskFile_new(path, "rw", 0);
  set_mode(f, binary);
  write_everything(f);
  write_everything(f);
  THFile_seek(f, 0);
  read_everything(f, 0);
  read_everything(f, 1);
  THFile_free(f);
  unlink(path);
}

static void test_memory_binary(void **state) { memory_roundtrip(1); }
static void test_memory_ascii(void **state) { memory_roundtrip(0); }
static void test_disk_binary(void **state) { disk_roundtrip(1); }
static void test_disk_ascii(void **state) { disk_roundtrip(0); }

/* Many elements: the conversions and the ascii text go through fixed-size chunks. */
static void test_large_arrays(void **state) {
  enum { n = 3000 };
  static double d[n], back[n];
  static long l[n], lback[n];
  for (int i = 0; i < n; i++) {
    d[i] = sin(i) * 1e5;
    l[i] = (long)i * 70001 - 100000000;
  }
  for (int binary = 0; binary < 2; binary++) {
    THFile *f = THMemoryFile_new("rw");
    set_mode(f, binary);
    THMemoryFile_longSize(f, 4);
    assert_int_equal(THFile_writeDoubleRaw(f, d, n), n);
    assert_int_equal(THFile_writeLongRaw(f, l, n), n);
    THFile_seek(f, 0);
    assert_int_equal(THFile_readDoubleRaw(f, back, n), n);
    assert_int_equal(THFile_readLongRaw(f, lback, n), n);
    assert_memory_equal(back, d, sizeof d);
    assert_memory_equal(lback, l, sizeof l);
    if (binary) assert_int_equal(THFile_position(f), n * 8 + n * 4);
    THFile_free(f);
  }
}

/* ---------------------------------------------------------------- the formats, byte for byte */

static void test_ascii_format(void **state) {
  THFile *f = THMemoryFile_new("w");
  assert_false(THFile_isBinary(f)); /* files start in ascii mode, auto-spacing */
  assert_true(THFile_isAutoSpacing(f));
  THFile_writeIntScalar(f, 42);
  double d[2] = {0.1, 1e300};
  THFile_writeDoubleRaw(f, d, 2);
  THFile_writeFloatScalar(f, 0.1f);
  THFile_writeCharRaw(f, "ab", 2);
  THFile_writeLongScalar(f, -7);
  THFile_writeHalfScalar(f, TH_float2half(1.5f));
  THFile_noAutoSpacing(f);
  assert_false(THFile_isAutoSpacing(f));
  short s[3] = {1, -2, 3};
  THFile_writeShortRaw(f, s, 3);
  THFile_writeShortRaw(f, s, 1);
  /* %d; %.17g (0.1 is 0.1000000000000000055..., 1e300 is 1.00000000000000005e300); %.9g of
   * 0.1f (0.100000001490116...); raw chars; elements separated by spaces, a newline after each
   * call with auto-spacing, nothing at all without it (Torch7 wrote the space only with it) */
  const char *want = "42\n0.10000000000000001 1.0000000000000001e+300\n0.100000001\nab\n-7\n1.5\n1-231";
  THCharStorage *c = THMemoryFile_storage(f);
  assert_string_equal(c->data, want);
  assert_int_equal(c->size, strlen(want) + 1);
  THFile_free(f);
}

/* Without auto-spacing Torch7's ascii writes put nothing between numbers or after a call:
 * fprintf("%d") (or "%hd", "%ld", "%.9g", "%.17g") per element and fwrite for bytes, chars and
 * strings, on disk and in memory alike. Each write's text and the position after it: */
static const char *const no_spacing_writes[] = {"1-23", "7-8", "-1-2", "1.52.5", "0.25-3",
                                                "1.5",  "ab",  "cd",   "xy",     "42"};

static void write_without_spacing(THFile *f, size_t *positions) {
  int ints[3] = {1, -2, 3};
  short shorts[2] = {7, -8};
  long longs[2] = {-1, -2};
  float floats[2] = {1.5f, 2.5f};
  double doubles[2] = {0.25, -3};
  THHalf half = TH_float2half(1.5f);
  THFile_noAutoSpacing(f);
  size_t k = 0;
  THFile_writeIntRaw(f, ints, 3);
  positions[k++] = THFile_position(f);
  THFile_writeShortRaw(f, shorts, 2);
  positions[k++] = THFile_position(f);
  THFile_writeLongRaw(f, longs, 2);
  positions[k++] = THFile_position(f);
  THFile_writeFloatRaw(f, floats, 2);
  positions[k++] = THFile_position(f);
  THFile_writeDoubleRaw(f, doubles, 2);
  positions[k++] = THFile_position(f);
  THFile_writeHalfRaw(f, &half, 1);
  positions[k++] = THFile_position(f);
  THFile_writeByteRaw(f, (unsigned char *)"ab", 2);
  positions[k++] = THFile_position(f);
  THFile_writeCharRaw(f, "cd", 2);
  positions[k++] = THFile_position(f);
  THFile_writeStringRaw(f, "xy", 2);
  positions[k++] = THFile_position(f);
  THFile_writeIntScalar(f, 42);
  positions[k++] = THFile_position(f);
}

static void check_without_spacing(const char *written, const size_t *positions) {
  size_t at = 0;
  char want[128] = "";
  for (size_t k = 0; k < N(no_spacing_writes); k++) {
    strcat(want, no_spacing_writes[k]);
    at += strlen(no_spacing_writes[k]);
    assert_int_equal(positions[k], at);
  }
  assert_string_equal(written, want);
}

/* Reading such text back goes as Torch7's fscanf/sscanf went: each number is the longest prefix
 * of one, so numbers run together. The whole text is "1-237-8-1-21.52.50.25-31.5abcdxy42":
 * ints 1 and -237, shorts -8 and -1, long -21, floats .52 and .50, doubles .25 and -31.5 (the 'a'
 * ends it), then the raw "abcdxy" and 42. */
static void read_without_spacing(THFile *f) {
  THFile_seek(f, 0);
  int i[2];
  assert_int_equal(THFile_readIntRaw(f, i, 2), 2);
  assert_int_equal(i[0], 1);
  assert_int_equal(i[1], -237);
  short sh[2];
  assert_int_equal(THFile_readShortRaw(f, sh, 2), 2);
  assert_int_equal(sh[0], -8);
  assert_int_equal(sh[1], -1);
  assert_int_equal(THFile_readLongScalar(f), -21);
  float fl[2];
  assert_int_equal(THFile_readFloatRaw(f, fl, 2), 2);
  assert_true(fl[0] == 0.52f);
  assert_true(fl[1] == 0.5f);
  double d[2];
  assert_int_equal(THFile_readDoubleRaw(f, d, 2), 2);
  assert_true(d[0] == 0.25);
  assert_true(d[1] == -31.5);
  char rest[6];
  assert_int_equal(THFile_readCharRaw(f, rest, 6), 6);
  assert_memory_equal(rest, "abcdxy", 6);
  assert_int_equal(THFile_readIntScalar(f), 42);
  assert_int_equal(THFile_position(f), 34);
}

static void test_ascii_without_auto_spacing(void **state) {
  size_t positions[N(no_spacing_writes)];
  THFile *m = THMemoryFile_new("rw");
  write_without_spacing(m, positions);
  check_without_spacing(THMemoryFile_storage(m)->data, positions);
  read_without_spacing(m);
  THFile_free(m);

  char path[64], *text;
  temp_path(path);
  THFile *d = THDiskFile_new(path, "rw", 0);
  write_without_spacing(d, positions);
  THFile_synchronize(d);
  slurp(path, &text);
  check_without_spacing(text, positions);
  THFree(text);
  read_without_spacing(d);
  THFile_free(d);
  unlink(path);

  /* -- and nothing else between: "+-1" has no number to read after its sign */
  THFile *bad = THMemoryFile_new("rw");
  THFile_writeStringRaw(bad, "+-1", 3);
  THFile_seek(bad, 0);
  assert_th_error(THFile_readIntScalar(bad), "bad token \"+\"");
  assert_int_equal(THFile_readIntScalar(bad), -1); /* the file keeps working */
  THFile_free(bad);
}

static void test_binary_native_format(void **state) {
  THFile *f = THMemoryFile_new("w");
  THFile_binary(f);
  THFile_writeIntScalar(f, 0x01020304);
  THFile_writeDoubleScalar(f, 1.0);
  THCharStorage *c = THMemoryFile_storage(f);
  unsigned char want[12];
  int v = 0x01020304;
  double one = 1.0;
  memcpy(want, &v, 4);
  memcpy(want + 4, &one, 8);
  assert_int_equal(c->size, 13);
  assert_memory_equal(c->data, want, 12);
  THFile_free(f);
}

/* ---------------------------------------------------------------- byte order and long size */

static void test_endianness(void **state) {
  union { int i; char c; } probe = {1};
  assert_int_equal(THDiskFile_isLittleEndianCPU(), probe.c == 1);
  assert_int_equal(THDiskFile_isBigEndianCPU(), probe.c != 1);

  char path[64];
  temp_path(path);
  THFile *f = THDiskFile_new(path, "w", 0);
  THFile_binary(f);
  THDiskFile_bigEndianEncoding(f);
  THFile_writeShortScalar(f, 0x0102);
  THFile_writeIntScalar(f, 0x01020304);
  THFile_writeLongScalar(f, 0x0102030405060708L);
  THFile_writeDoubleScalar(f, 1.0);   /* 0x3FF0000000000000 */
  THFile_writeFloatScalar(f, -2.0f);  /* 0xC0000000 */
  THFile_writeHalfScalar(f, (THHalf){0x3C00});
  THFile_writeByteScalar(f, 0xAB);
  THDiskFile_longSize(f, 4);
  THFile_writeLongScalar(f, -2);      /* 0xFFFFFFFE */
  THDiskFile_littleEndianEncoding(f);
  THFile_writeShortScalar(f, 0x0102);
  THFile_writeIntScalar(f, 0x01020304);
  THFile_free(f);

  const unsigned char want[] = {1, 2, 1, 2, 3, 4, 1, 2, 3, 4, 5, 6, 7, 8, 0x3F, 0xF0, 0, 0, 0, 0, 0, 0,
                                0xC0, 0, 0, 0, 0x3C, 0, 0xAB, 0xFF, 0xFF, 0xFF, 0xFE, 2, 1, 4, 3, 2, 1};
  char *got;
  assert_int_equal(slurp(path, &got), sizeof want);
  assert_memory_equal(got, want, sizeof want);
  THFree(got);

  f = THDiskFile_new(path, "r", 0);
  THFile_binary(f);
  THDiskFile_bigEndianEncoding(f);
  assert_int_equal(THFile_readShortScalar(f), 0x0102);
  assert_int_equal(THFile_readIntScalar(f), 0x01020304);
  assert_int_equal(THFile_readLongScalar(f), 0x0102030405060708L);
  assert_true(THFile_readDoubleScalar(f) == 1.0);
  assert_true(THFile_readFloatScalar(f) == -2.0f);
  assert_int_equal(THFile_readHalfScalar(f).x, 0x3C00);
  assert_int_equal(THFile_readByteScalar(f), 0xAB);
  THDiskFile_longSize(f, 4);
  assert_int_equal(THFile_readLongScalar(f), -2);
  THDiskFile_nativeEndianEncoding(f);
  THFile_seek(f, 0);
  assert_int_equal((unsigned short)THFile_readShortScalar(f), probe.c == 1 ? 0x0201 : 0x0102);
  THFile_free(f);

  /* many swapped elements (several conversion chunks) */
  enum { n = 1500 };
  static double d[n], back[n];
  for (int i = 0; i < n; i++) d[i] = i * 0.25 - 7;
  f = THDiskFile_new(path, "rw", 0);
  THFile_binary(f);
  THDiskFile_bigEndianEncoding(f);
  THFile_writeDoubleRaw(f, d, n);
  THFile_seek(f, 0);
  assert_int_equal(THFile_readDoubleRaw(f, back, n), n);
  assert_memory_equal(back, d, sizeof d);
  THFile_free(f);
  unlink(path);
}

static void test_long_size(void **state) {
  THFile *f = THMemoryFile_new("rw");
  THFile_binary(f);
  THMemoryFile_longSize(f, 4);
  long v[3] = {-1, 2, 2147483647L};
  assert_int_equal(THFile_writeLongRaw(f, v, 3), 3);
  assert_int_equal(THFile_position(f), 12);
  THFile_seek(f, 0);
  long back[3];
  assert_int_equal(THFile_readLongRaw(f, back, 3), 3); /* -1 comes back sign-extended */
  assert_memory_equal(back, v, sizeof v);

  /* narrowing refuses what does not fit: the elements before it are written */
  long big[3] = {5, 1L << 40, 6};
  assert_th_error(THFile_writeLongRaw(f, big, 3), "does not fit in longSize 4");
  assert_int_equal(THFile_position(f), 16);
  THFile_quiet(f);
  assert_int_equal(THFile_writeLongRaw(f, big, 3), 1);
  assert_true(THFile_hasError(f));
  THFile_clearError(f);
  THFile_seek(f, 12);
  assert_int_equal(THFile_readLongScalar(f), 5);
  assert_int_equal(THFile_readLongScalar(f), 5);

  THMemoryFile_longSize(f, 0); /* native: 8 bytes */
  THFile_seek(f, 0);
  THFile_writeLongScalar(f, 1L << 40);
  assert_int_equal(THFile_position(f), 8);
  assert_th_error(THMemoryFile_longSize(f, 3), "longSize must be 0 (native), 4 or 8, got 3");
  THFile_free(f);
}

/* ---------------------------------------------------------------- errors */

static void test_read_errors(void **state) {
  THCharStorage *s = THCharStorage_newWithSize(6);
  memcpy(s->data, "1 x 3", 6);
  THFile *f = THMemoryFile_newWithStorage(s, "r");
  int v[5];
  /* 'x' stops the read; the file stays at it and its bytes are untouched (Torch7 left a NUL) */
  assert_th_error(THFile_readIntRaw(f, v, 3), "read error: read 1 blocks instead of 3 (unexpected character 'x')");
  assert_int_equal(v[0], 1);
  assert_int_equal(THFile_position(f), 2);
  assert_memory_equal(s->data, "1 x 3", 6);
  assert_int_equal(THFile_readCharScalar(f), 'x');
  assert_int_equal(THFile_readIntScalar(f), 3);
  /* past the end */
  THFile_seek(f, 0);
  assert_th_error(THFile_readIntRaw(f, v, 5), "read error: read 1 blocks instead of 5");
  THFile_quiet(f);
  THFile_seek(f, 4);
  assert_int_equal(THFile_readIntRaw(f, v, 5), 1);
  assert_true(THFile_hasError(f));
  assert_int_equal(v[0], 3);
  assert_memory_equal(s->data, "1 x 3", 6);
  THFile_free(f);
  THCharStorage_free(s);

  /* bad tokens: an integer too large for its type, an unfinished exponent */
  f = THMemoryFile_newWithStorage(NULL, "rw");
  THFile_writeStringRaw(f, "70000 1e 2.5", 12);
  THFile_seek(f, 0);
  assert_th_error(THFile_readShortScalar(f), "bad token \"70000\"");
  assert_th_error(THFile_readFloatScalar(f), "bad token \"1e\"");
  assert_true(THFile_readFloatScalar(f) == 2.5f);
  /* binary: a partial element does not count */
  THFile_binary(f);
  THFile_seek(f, 6);
  assert_th_error(THFile_readDoubleScalar(f), "read 0 blocks instead of 1");
  THFile_free(f);
}

static void test_access_errors(void **state) {
  THFile *r = THMemoryFile_new("r");
  assert_true(THFile_isReadable(r));
  assert_false(THFile_isWritable(r));
  assert_false(THFile_isQuiet(r));
  assert_th_error(THFile_writeIntScalar(r, 1), "attempt to write to a read-only file");
  assert_th_error(THFile_writeStringRaw(r, "a", 1), "read-only");
  THFile_quiet(r);
  assert_true(THFile_isQuiet(r));
  THFile_writeIntScalar(r, 1);
  assert_true(THFile_hasError(r));
  THFile_free(r);

  char path[64];
  temp_path(path);
  THFile *w = THDiskFile_new(path, "w", 0);
  assert_false(THFile_isReadable(w));
  assert_th_error(THFile_readIntScalar(w), "attempt to read from a write-only file");
  char *str;
  assert_th_error(THFile_readStringRaw(w, "*a", &str), "write-only");
  THFile_writeIntScalar(w, 3);
  THFile_close(w);
  assert_false(THFile_isOpened(w));
  assert_th_error(THFile_writeIntScalar(w, 3), "attempt to use a closed file");
  assert_th_error(THFile_position(w), "closed file");
  THFile_close(w); /* closing twice does nothing */
  THFile_free(w);

  /* opening */
  char missing[80];
  snprintf(missing, sizeof missing, "%s.missing", path);
  assert_th_error(THDiskFile_new(missing, "r", 0), missing);
  assert_null(THDiskFile_new(missing, "r", 1));
  assert_th_error(THDiskFile_new(path, "x", 0), "mode must be");
  assert_th_error(THDiskFile_new(NULL, "r", 0), "name is NULL");
  assert_th_error(THMemoryFile_new("a"), "mode must be");
  THCharStorage *bad = THCharStorage_newWithSize(2);
  memcpy(bad->data, "ab", 2);
  assert_th_error(THMemoryFile_newWithStorage(bad, "r"), "must end with a NUL");
  THCharStorage_free(bad);
  assert_th_error(THFile_readIntScalar(NULL), "THFile_readIntScalar: self is NULL");
  THFile *m = THMemoryFile_new("rw");
  assert_th_error(THDiskFile_name(m), "not a disk or pipe file");
  assert_th_error(THDiskFile_bigEndianEncoding(m), "not a disk or pipe file");
  assert_th_error(THFile_readInt(m, NULL), "THFile_readInt: storage is NULL");
  assert_th_error(THFile_seek(m, 1), "unable to seek to position 1"); /* beyond the end */
  char *s = NULL;
  assert_th_error(THFile_readStringRaw(m, "*x", &s), "format must be");
  THFile_writeIntScalar(m, 12); /* still working */
  THFile_seek(m, 0);
  assert_int_equal(THFile_readIntScalar(m), 12);
  THFile_free(m);

  THFile *d = THDiskFile_new(path, "r", 0);
  assert_string_equal(THDiskFile_name(d), path);
  assert_th_error(THMemoryFile_storage(d), "not a memory file");
  assert_int_equal(THFile_readIntScalar(d), 3);
  THFile_free(d);
  THFile_free(NULL);
  unlink(path);
}

/* ---------------------------------------------------------------- hostile inputs */

/* A directory is refused when it is opened (fopen would open it for reading, and every read would
 * then fail as an end of file), in every mode and quietly too. */
static void test_directory(void **state) {
  char dir[] = "/tmp/ember_test_file_dir_XXXXXX";
  assert_non_null(mkdtemp(dir));
  char expected[96];
  snprintf(expected, sizeof expected, "THDiskFile_new: <%s> is a directory", dir);
  assert_th_error(THDiskFile_new(dir, "r", 0), expected);
  assert_th_error(THDiskFile_new(dir, "w", 0), expected);
  assert_th_error(THDiskFile_new(dir, "rw", 0), expected);
  assert_null(THDiskFile_new(dir, "r", 1));
  /* the library keeps working: a file in that directory opens, writes and reads */
  char path[128];
  snprintf(path, sizeof path, "%s/f", dir);
  THFile *f = THDiskFile_new(path, "rw", 0);
  THFile_writeIntScalar(f, 7);
  THFile_seek(f, 0);
  assert_int_equal(THFile_readIntScalar(f), 7);
  THFile_free(f);
  unlink(path);
  rmdir(dir);
}

/* Counts that no buffer can hold: an overflowing byte count is refused before anything moves; a
 * huge count that does not overflow moves what the file holds (into the caller's buffer, never an
 * allocation of the count) and reports the short read or write. */
static void test_huge_counts(void **state) {
  THFile *f = THMemoryFile_new("rw");
  THFile_binary(f);
  float two[2] = {1.5f, -2.0f}, back[2] = {0, 0};
  THFile_writeFloatRaw(f, two, 2);
  THFile_seek(f, 0);
  assert_th_error(THFile_readFloatRaw(f, back, SIZE_MAX / 4 + 1), "4611686018427387904 elements overflow");
  assert_int_equal(THFile_position(f), 0);
  /* SIZE_MAX / 4 floats is SIZE_MAX - 3 bytes: no overflow; the 8 bytes there are read */
  assert_th_error(THFile_readFloatRaw(f, back, SIZE_MAX / 4), "read 2 blocks instead of 4611686018427387903");
  assert_true(back[0] == 1.5f && back[1] == -2.0f);
  /* a fresh memory file asked to grow by SIZE_MAX bytes: the storage cannot (a storage holds at most
   * PTRDIFF_MAX bytes), so nothing is written instead of a wrapped size */
  THFile *g = THMemoryFile_new("rw");
  unsigned char one = 9;
  assert_th_error(THFile_writeByteRaw(g, &one, SIZE_MAX), "wrote 0 blocks instead of 18446744073709551615");
  assert_int_equal(THFile_position(g), 0);
  /* ascii: the numbers there are read, then the end of file is reported */
  THFile_writeStringRaw(g, "4 5", 3);
  THFile_seek(g, 0);
  int ints[2] = {0, 0};
  assert_th_error(THFile_readIntRaw(g, ints, SIZE_MAX / 8), "read 2 blocks instead of 2305843009213693951 (end of file)");
  assert_true(ints[0] == 4 && ints[1] == 5);
  /* both files keep working */
  THFile_seekEnd(g);
  THFile_writeIntScalar(g, 6);
  THFile_seek(g, 3);
  assert_int_equal(THFile_readIntScalar(g), 6);
  THFile_seekEnd(f);
  THFile_writeFloatScalar(f, 3.25f);
  THFile_seek(f, 8);
  assert_true(THFile_readFloatScalar(f) == 3.25f);
  THFile_free(f);
  THFile_free(g);
}

/* ---------------------------------------------------------------- strings, positions */

static void check_strings(THFile *f) {
  char *s;
  assert_int_equal(THFile_readStringRaw(f, "*l", &s), 8);
  assert_string_equal(s, "line one");
  THFree(s);
  assert_int_equal(THFile_readStringRaw(f, "*l", &s), 0); /* an empty line */
  assert_string_equal(s, "");
  THFree(s);
  assert_int_equal(THFile_readStringRaw(f, "*l", &s), 8);
  assert_string_equal(s, "line two");
  THFree(s);
  assert_int_equal(THFile_readStringRaw(f, "*a", &s), 4);
  assert_string_equal(s, "last");
  THFree(s);
  assert_int_equal(THFile_readStringRaw(f, "*a", &s), 0); /* "*a" at the end: empty, no error */
  assert_string_equal(s, "");
  THFree(s);
  assert_th_error(THFile_readStringRaw(f, "*l", &s), "read 0 blocks instead of 1");
  THFile_quiet(f);
  assert_int_equal(THFile_readStringRaw(f, "*l", &s), 0);
  assert_null(s);
  assert_true(THFile_hasError(f));
  THFile_clearError(f);
  /* a last line without a newline */
  THFile_seek(f, 19);
  assert_int_equal(THFile_readStringRaw(f, "*l", &s), 4);
  assert_string_equal(s, "last");
  THFree(s);
}

static void test_strings(void **state) {
  const char *text = "line one\n\nline two\nlast";
  THFile *m = THMemoryFile_new("rw");
  assert_int_equal(THFile_writeStringRaw(m, text, strlen(text)), strlen(text));
  THFile_seek(m, 0);
  check_strings(m);
  THFile_free(m);

  char path[64];
  temp_path(path);
  THFile *d = THDiskFile_new(path, "rw", 0);
  THFile_writeStringRaw(d, text, strlen(text));
  THFile_seek(d, 0);
  check_strings(d);
  THFile_free(d);

  /* a long "*a" (the buffer grows) */
  enum { n = 10000 };
  static char big[n];
  for (int i = 0; i < n; i++) big[i] = (char)('a' + i % 26);
  d = THDiskFile_new(path, "w", 0);
  THFile_writeStringRaw(d, big, n);
  THFile_free(d);
  char *s;
  assert_int_equal(slurp(path, &s), n);
  assert_memory_equal(s, big, n);
  THFree(s);
  unlink(path);
}

static void check_positions(THFile *f) {
  THFile_binary(f);
  int v[10] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  THFile_writeIntRaw(f, v, 10);
  assert_int_equal(THFile_position(f), 40);
  THFile_seek(f, 8);
  assert_int_equal(THFile_readIntScalar(f), 2);
  assert_int_equal(THFile_position(f), 12);
  THFile_writeIntScalar(f, 33); /* overwrite in the middle */
  THFile_seekEnd(f);
  assert_int_equal(THFile_position(f), 40);
  THFile_synchronize(f);
  THFile_seek(f, 12);
  assert_int_equal(THFile_readIntScalar(f), 33);
  assert_int_equal(THFile_readIntScalar(f), 4);
}

static void test_positions(void **state) {
  THFile *m = THMemoryFile_new("rw");
  check_positions(m);
  assert_int_equal(THMemoryFile_storage(m)->size, 41);
  THFile_free(m);

  char path[64];
  temp_path(path);
  THFile *d = THDiskFile_new(path, "rw", 0);
  THDiskFile_noBuffer(d);
  check_positions(d);
  THFile_free(d);
  struct stat st;
  assert_int_equal(stat(path, &st), 0);
  assert_int_equal(st.st_size, 40);

  /* "rw" keeps an existing file; "w" truncates it */
  d = THDiskFile_new(path, "rw", 0);
  THFile_seekEnd(d);
  assert_int_equal(THFile_position(d), 40);
  THFile_free(d);
  d = THDiskFile_new(path, "w", 0);
  THFile_free(d);
  assert_int_equal(stat(path, &st), 0);
  assert_int_equal(st.st_size, 0);
  unlink(path);
  /* "rw" creates a missing file */
  d = THDiskFile_new(path, "rw", 0);
  THFile_writeStringRaw(d, "xy", 2);
  THFile_free(d);
  assert_int_equal(stat(path, &st), 0);
  assert_int_equal(st.st_size, 2);
  unlink(path);
}

static void test_memory_storage(void **state) {
  /* the storage is the file: initial contents, overwrite, growth, and the final NUL */
  THCharStorage *s = THCharStorage_newWithSize(7);
  memcpy(s->data, "12 34\n", 7);
  THFile *f = THMemoryFile_newWithStorage(s, "rw");
  THCharStorage_free(s); /* the file keeps a reference */
  assert_int_equal(THFile_readIntScalar(f), 12);
  assert_int_equal(THFile_readIntScalar(f), 34);
  THFile_seek(f, 0);
  THFile_binary(f);
  THFile_writeCharRaw(f, "ab", 2);
  THFile_seekEnd(f);
  THFile_writeCharRaw(f, "0123456789", 10);
  THCharStorage *c = THMemoryFile_storage(f);
  assert_int_equal(c->size, 17);
  assert_string_equal(c->data, "ab 34\n0123456789");
  THFile_close(f);
  assert_false(THFile_isOpened(f));
  THFile_free(f);

  /* a storage that cannot grow takes what fits, and the write comes up short */
  s = THCharStorage_newWithSize(3);
  memcpy(s->data, "ab", 3);
  THCharStorage_clearFlag(s, TH_STORAGE_RESIZABLE);
  f = THMemoryFile_newWithStorage(s, "rw");
  THFile_binary(f);
  THFile_seek(f, 1);
  assert_th_error(THFile_writeCharRaw(f, "xyz", 3), "write error: wrote 1 blocks instead of 3");
  assert_memory_equal(s->data, "ax", 3);
  assert_true(THMemoryFile_storage(f) == s);
  assert_int_equal(s->size, 3);
  THFile_free(f);
  THCharStorage_free(s);
}

/* ---------------------------------------------------------------- pipes */

static void test_pipe(void **state) {
  THFile *p = THPipeFile_new("echo 1 2 3", "r", 0);
  int v[3];
  assert_int_equal(THFile_readIntRaw(p, v, 3), 3);
  assert_int_equal(v[0], 1);
  assert_int_equal(v[1], 2);
  assert_int_equal(v[2], 3);
  assert_string_equal(THDiskFile_name(p), "echo 1 2 3");
  assert_th_error(THFile_seek(p, 0), "unable to seek");
  assert_th_error(THFile_position(p), "cannot be told");
  THFile_quiet(p);
  assert_int_equal(THFile_readIntScalar(p), 0); /* the end of the output */
  assert_true(THFile_hasError(p));
  THFile_free(p);

  p = THPipeFile_new("printf 'ab\\ncd\\n'", "r", 0);
  char *s;
  assert_int_equal(THFile_readStringRaw(p, "*l", &s), 2);
  assert_string_equal(s, "ab");
  THFree(s);
  assert_int_equal(THFile_readStringRaw(p, "*a", &s), 3);
  assert_string_equal(s, "cd\n");
  THFree(s);
  THFile_free(p);

  /* writing into a command: closing waits for it */
  char path[64], cmd[128];
  temp_path(path);
  snprintf(cmd, sizeof cmd, "cat > %s", path);
  p = THPipeFile_new(cmd, "w", 0);
  THFile_writeIntRaw(p, v, 3);
  THFile_free(p);
  assert_int_equal(slurp(path, &s), 6);
  assert_string_equal(s, "1 2 3\n");
  THFree(s);
  unlink(path);
  assert_th_error(THPipeFile_new("echo", "rw", 0), "a pipe goes one way");
}

/* Reads into and writes from an empty storage (whose data pointer is NULL) move nothing, keep the
 * position, raise no error, and the file reads on normally. Both back ends used to pass the NULL on
 * to memcpy / fread / fwrite, undefined behaviour that the sanitizer build reports (found by
 * fuzz_file_memory). */
static void check_empty_reads_and_writes(THFile *f) {
  THFloatStorage *empty = THFloatStorage_new();
  assert_null(empty->data);
  size_t start = THFile_position(f);
  assert_int_equal(THFile_readFloat(f, empty), 0);
  assert_int_equal(THFile_position(f), start);
  assert_int_equal(THFile_writeFloat(f, empty), 0);
  assert_int_equal(THFile_position(f), start);
  assert_false(THFile_hasError(f));
  THFloatStorage_free(empty);
  /* What follows is still read: the float 2.5 written at `start`. */
  assert_true(THFile_readFloatScalar(f) == 2.5f);
}

static void test_empty_storages(void **state) {
  THFile *m = THMemoryFile_new("rw");
  THFile_binary(m);
  THFile_writeFloatScalar(m, 2.5f);
  THFile_seek(m, 0);
  check_empty_reads_and_writes(m);
  THFile_free(m);

  char path[64];
  temp_path(path);
  THFile *d = THDiskFile_new(path, "rw", 0);
  THFile_binary(d);
  THFile_writeFloatScalar(d, 2.5f);
  THFile_seek(d, 0);
  check_empty_reads_and_writes(d);
  THFile_free(d);
  unlink(path);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_memory_binary),  cmocka_unit_test(test_memory_ascii),
      cmocka_unit_test(test_disk_binary),    cmocka_unit_test(test_disk_ascii),
      cmocka_unit_test(test_large_arrays),   cmocka_unit_test(test_ascii_format),
      cmocka_unit_test(test_ascii_without_auto_spacing),
      cmocka_unit_test(test_binary_native_format), cmocka_unit_test(test_endianness),
      cmocka_unit_test(test_long_size),      cmocka_unit_test(test_read_errors),
      cmocka_unit_test(test_access_errors),  cmocka_unit_test(test_strings),
      cmocka_unit_test(test_positions),      cmocka_unit_test(test_memory_storage),
      cmocka_unit_test(test_pipe),           cmocka_unit_test(test_directory),
      cmocka_unit_test(test_huge_counts),    cmocka_unit_test(test_empty_storages),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
