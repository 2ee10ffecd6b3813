/* The typed layer of THFile, written once for every back end: binary mode moves the elements'
 * bytes (swapped to the file's byte order, longs narrowed to longSize); ascii mode (Torch7's
 * format) prints numbers with printf formats that round-trip exactly ("%d", "%ld", "%.9g" for
 * float and half, "%.17g" for double); with auto-spacing (the default) the numbers of one call
 * are separated by spaces and the call ends with a newline, without it nothing separates them;
 * chars and bytes are moved raw in both modes (plus that newline). The back ends
 * (THDiskFile.c, THMemoryFile.c) only move bytes. */
#include <ctype.h>
#include <errno.h>
#include <stdint.h>

#include "THFilePrivate.h"
#include "THHalf.h"

typedef enum { ELEM_BYTE, ELEM_CHAR, ELEM_SHORT, ELEM_INT, ELEM_LONG, ELEM_FLOAT, ELEM_DOUBLE, ELEM_HALF } ElemKind;

static const size_t elem_size[] = {1, 1, sizeof(short), sizeof(int), sizeof(long),
                                   sizeof(float), sizeof(double), sizeof(THHalf)};

/* Stack buffers: conversions and ascii text go through them chunk by chunk, so that no error
 * path has anything to free. */
#define TH_FILE_CHUNK 4096
/* Longer than any number this layer prints ("%.17g" of a double takes at most 24 characters). */
#define TH_FILE_TOKEN 64

/* ---------------------------------------------------------------- shared by the back ends */

void THFile_initBase(THFile *self, const THFileVTable *vtable, int isReadable, int isWritable,
                     int isQuiet) {
  self->vtable = vtable;
  self->isQuiet = isQuiet != 0;
  self->isReadable = isReadable;
  self->isWritable = isWritable;
  self->isBinary = 0;
  self->isAutoSpacing = 1;
  self->hasError = 0;
  self->swapBytes = 0;
  self->longSize = (int)sizeof(long);
}

int THFile_parseMode(const char *mode, int *isReadable, int *isWritable) {
  if (!mode) return 0;
  *isReadable = !strcmp(mode, "r") || !strcmp(mode, "rw") || !strcmp(mode, "wr");
  *isWritable = !strcmp(mode, "w") || !strcmp(mode, "rw") || !strcmp(mode, "wr");
  return *isReadable || *isWritable;
}

void THFile_setLongSize(THFile *self, int size, const char *caller) {
  THArgCheck(self != NULL, 1, "%s: the file is NULL", caller);
  THArgCheck(size == 0 || size == 4 || size == 8, 2,
             "%s: longSize must be 0 (native), 4 or 8, got %d", caller, size);
  self->longSize = size ? size : (int)sizeof(long);
}

/* ---------------------------------------------------------------- checks and failures */

static void check_open(THFile *self, const char *fn) {
  THArgCheck(self != NULL, 1, "THFile_%s: the file is NULL", fn);
  THArgCheck(self->vtable->isOpened(self), 1, "THFile_%s: attempt to use a closed file", fn);
}

/* A read or write that could not complete: a quiet file sets its error flag, others raise. */
__attribute__((format(printf, 2, 3))) static void file_failure(THFile *self, const char *fmt, ...) {
  if (self->isQuiet) {
    self->hasError = 1;
    return;
  }
  char msg[512];
  va_list args;
  va_start(args, fmt);
  vsnprintf(msg, sizeof msg, fmt, args);
  va_end(args);
  THError("%s", msg);
}

/* ---------------------------------------------------------------- binary mode */

static void swap_bytes(unsigned char *p, size_t count, size_t size) {
  for (size_t i = 0; i < count; i++, p += size) {
    if (size == 2) {
      uint16_t v;
      memcpy(&v, p, 2);
      v = __builtin_bswap16(v);
      memcpy(p, &v, 2);
    } else if (size == 4) {
      uint32_t v;
      memcpy(&v, p, 4);
      v = __builtin_bswap32(v);
      memcpy(p, &v, 4);
    } else if (size == 8) {
      uint64_t v;
      memcpy(&v, p, 8);
      v = __builtin_bswap64(v);
      memcpy(p, &v, 8);
    }
  }
}

/* Bytes an element takes in the file (a long may be narrowed to 4). */
static size_t file_elem_size(THFile *self, ElemKind kind) {
  return kind == ELEM_LONG ? (size_t)self->longSize : elem_size[kind];
}

static size_t read_binary(THFile *self, ElemKind kind, void *data, size_t n) {
  size_t esize = elem_size[kind], fsize = file_elem_size(self, kind);
  int swap = self->swapBytes && fsize > 1;
  if (fsize == esize && !swap) return self->vtable->read(self, data, n * esize) / esize;
  unsigned char buf[TH_FILE_CHUNK];
  size_t done = 0;
  while (done < n) {
    size_t want = THMin(n - done, sizeof buf / fsize);
    size_t got = self->vtable->read(self, buf, want * fsize) / fsize;
    if (swap) swap_bytes(buf, got, fsize);
    unsigned char *dst = (unsigned char *)data + done * esize;
    if (fsize == esize) {
      memcpy(dst, buf, got * esize);
    } else {
      for (size_t i = 0; i < got; i++) {
        int32_t v;
        memcpy(&v, buf + 4 * i, 4);
        ((long *)dst)[i] = v;
      }
    }
    done += got;
    if (got < want) break;
  }
  return done;
}

/* why receives the reason of a short write that is not the back end's. */
static size_t write_binary(THFile *self, ElemKind kind, const void *data, size_t n, char *why,
                           size_t whylen) {
  size_t esize = elem_size[kind], fsize = file_elem_size(self, kind);
  int swap = self->swapBytes && fsize > 1;
  if (fsize == esize && !swap) return self->vtable->write(self, data, n * esize) / esize;
  unsigned char buf[TH_FILE_CHUNK];
  size_t done = 0;
  while (done < n) {
    size_t want = THMin(n - done, sizeof buf / fsize), ok = want;
    const unsigned char *src = (const unsigned char *)data + done * esize;
    if (fsize == esize) {
      memcpy(buf, src, want * esize);
    } else {
      for (size_t i = 0; i < want; i++) {
        long v = ((const long *)src)[i];
        if (v < INT32_MIN || v > INT32_MAX) {
          snprintf(why, whylen, " (value %ld at %zu does not fit in longSize 4)", v, done + i);
          ok = i;
          break;
        }
        int32_t v32 = (int32_t)v;
        memcpy(buf + 4 * i, &v32, 4);
      }
    }
    if (swap) swap_bytes(buf, ok, fsize);
    size_t put = self->vtable->write(self, buf, ok * fsize) / fsize;
    done += put;
    if (put < want) break;
  }
  return done;
}

/* ---------------------------------------------------------------- ascii mode */

/* The number being read: its characters so far (tok, truncated past TH_FILE_TOKEN - 1) and the
 * next character of the file, not yet taken. */
typedef struct {
  THFile *file;
  char *tok;
  size_t len;
  int c;
} NumberScan;

/* Appends the next character to the number and looks at the one after it. */
static void scan_take(NumberScan *s) {
  if (s->len < TH_FILE_TOKEN - 1) s->tok[s->len] = (char)s->c;
  s->len++;
  s->c = s->file->vtable->getChar(s->file);
}

static void scan_digits(NumberScan *s) {
  while (s->c != EOF && isdigit(s->c)) scan_take(s);
}

/* Takes the characters that continue the word (case-insensitively) from its start. */
static void scan_word(NumberScan *s, const char *word) {
  for (size_t i = 0; word[i] && s->c != EOF && tolower(s->c) == word[i]; i++) scan_take(s);
}

/* Skips white space, then takes the longest prefix of a number that scanf's %d (integer kinds) or
 * %g (floating kinds) would take: a sign and digits; for floating kinds also a point, an exponent,
 * inf, infinity or nan. So numbers written back to back without auto-spacing read back as
 * Torch7's fscanf read them: "-1-2" is -1 then -2, "1.52.5" is 1.52 then .5; "5x" is 5, leaving
 * "x". The character after the number stays unread. Returns the number's length, which is
 * >= TH_FILE_TOKEN (tok truncated) for an over-long one. */
static size_t read_token(THFile *self, int isFloating, char *tok) {
  NumberScan s = {self, tok, 0, 0};
  do s.c = self->vtable->getChar(self);
  while (s.c != EOF && isspace(s.c));
  if (s.c == '+' || s.c == '-') scan_take(&s);
  if (!isFloating) {
    scan_digits(&s);
  } else if (s.c == 'i' || s.c == 'I') {
    scan_word(&s, "infinity");
  } else if (s.c == 'n' || s.c == 'N') {
    scan_word(&s, "nan");
    if (s.c == '(') {
      scan_take(&s);
      while (s.c != EOF && (isalnum(s.c) || s.c == '_')) scan_take(&s);
      if (s.c == ')') scan_take(&s);
    }
  } else {
    size_t start = s.len;
    scan_digits(&s);
    if (s.c == '.') scan_take(&s);
    scan_digits(&s);
    if (s.len > start && (s.c == 'e' || s.c == 'E')) {
      scan_take(&s);
      if (s.c == '+' || s.c == '-') scan_take(&s);
      scan_digits(&s);
    }
  }
  if (s.c != EOF) self->vtable->ungetChar(self, s.c);
  tok[THMin(s.len, (size_t)TH_FILE_TOKEN - 1)] = '\0';
  return s.len;
}

/* Parses a whole token into element i of data; returns 0 if it is not a number of that kind. */
static int parse_number(const char *tok, ElemKind kind, void *data, size_t i) {
  char *end;
  errno = 0;
  if (kind == ELEM_SHORT || kind == ELEM_INT || kind == ELEM_LONG) {
    long v = strtol(tok, &end, 10);
    if (end == tok || *end || errno == ERANGE) return 0;
    if (kind == ELEM_SHORT) {
      if (v < SHRT_MIN || v > SHRT_MAX) return 0;
      ((short *)data)[i] = (short)v;
    } else if (kind == ELEM_INT) {
      if (v < INT_MIN || v > INT_MAX) return 0;
      ((int *)data)[i] = (int)v;
    } else {
      ((long *)data)[i] = v;
    }
    return 1;
  }
  /* Out-of-range floating values saturate (to inf or a subnormal), as scanf gives them. */
  if (kind == ELEM_DOUBLE) {
    ((double *)data)[i] = strtod(tok, &end);
  } else {
    float v = strtof(tok, &end);
    if (kind == ELEM_FLOAT)
      ((float *)data)[i] = v;
    else
      ((THHalf *)data)[i] = TH_float2half(v);
  }
  return end != tok && !*end;
}

static size_t read_ascii(THFile *self, ElemKind kind, void *data, size_t n, char *why, size_t whylen) {
  int isFloating = kind == ELEM_FLOAT || kind == ELEM_DOUBLE || kind == ELEM_HALF;
  char tok[TH_FILE_TOKEN];
  for (size_t i = 0; i < n; i++) {
    size_t len = read_token(self, isFloating, tok);
    if (len == 0) {
      int c = self->vtable->getChar(self);
      if (c == EOF) {
        snprintf(why, whylen, " (end of file)");
      } else {
        self->vtable->ungetChar(self, c);
        snprintf(why, whylen, " (unexpected character '%c')", isprint(c) ? c : '?');
      }
      return i;
    }
    if (len >= TH_FILE_TOKEN || !parse_number(tok, kind, data, i)) {
      snprintf(why, whylen, " (bad token \"%s%s\")", tok, len >= TH_FILE_TOKEN ? "..." : "");
      return i;
    }
  }
  return n;
}

static int format_number(char *out, ElemKind kind, const void *data, size_t i) {
  switch (kind) {
    case ELEM_SHORT: return sprintf(out, "%d", ((const short *)data)[i]);
    case ELEM_INT: return sprintf(out, "%d", ((const int *)data)[i]);
    case ELEM_LONG: return sprintf(out, "%ld", ((const long *)data)[i]);
    case ELEM_FLOAT: return sprintf(out, "%.9g", (double)((const float *)data)[i]);
    case ELEM_DOUBLE: return sprintf(out, "%.17g", ((const double *)data)[i]);
    case ELEM_HALF: return sprintf(out, "%.9g", (double)TH_half2float(((const THHalf *)data)[i]));
    default: return 0; /* bytes and chars never get here */
  }
}

static size_t write_ascii(THFile *self, ElemKind kind, const void *data, size_t n) {
  if (n == 0) return 0;
  char buf[TH_FILE_CHUNK];
  size_t len = 0, flushed = 0;
  for (size_t i = 0; i < n; i++) {
    if (len > sizeof buf - TH_FILE_TOKEN) {
      if (self->vtable->write(self, buf, len) < len) return flushed;
      flushed = i;
      len = 0;
    }
    if (i > 0 && self->isAutoSpacing) buf[len++] = ' ';
    len += (size_t)format_number(buf + len, kind, data, i);
  }
  if (self->isAutoSpacing) buf[len++] = '\n';
  return self->vtable->write(self, buf, len) < len ? flushed : n;
}

/* After an ascii read, auto-spacing consumes the newline that the matching write added. */
static void skip_spacing_newline(THFile *self) {
  int c = self->vtable->getChar(self);
  if (c != '\n' && c != EOF) self->vtable->ungetChar(self, c);
}

/* ---------------------------------------------------------------- the typed core */

static size_t read_elems(THFile *self, ElemKind kind, void *data, size_t n, const char *fn) {
  check_open(self, fn);
  THArgCheck(data != NULL || n == 0, 2, "THFile_%s: data is NULL", fn);
  THArgCheck(n <= SIZE_MAX / elem_size[kind], 3, "THFile_%s: %zu elements overflow", fn, n);
  if (!self->isReadable) {
    file_failure(self, "THFile_%s: attempt to read from a write-only file", fn);
    return 0;
  }
  char why[128] = "";
  size_t nread;
  if (self->isBinary || kind == ELEM_BYTE || kind == ELEM_CHAR)
    nread = self->isBinary ? read_binary(self, kind, data, n) : self->vtable->read(self, data, n);
  else
    nread = read_ascii(self, kind, data, n, why, sizeof why);
  if (nread < n) {
    file_failure(self, "THFile_%s: read error: read %zu blocks instead of %zu%s", fn, nread, n, why);
    return nread;
  }
  if (!self->isBinary && self->isAutoSpacing && n > 0) skip_spacing_newline(self);
  return nread;
}

static size_t write_elems(THFile *self, ElemKind kind, const void *data, size_t n, const char *fn) {
  check_open(self, fn);
  THArgCheck(data != NULL || n == 0, 2, "THFile_%s: data is NULL", fn);
  THArgCheck(n <= SIZE_MAX / elem_size[kind], 3, "THFile_%s: %zu elements overflow", fn, n);
  if (!self->isWritable) {
    file_failure(self, "THFile_%s: attempt to write to a read-only file", fn);
    return 0;
  }
  char why[128] = "";
  size_t nwrite;
  if (self->isBinary) {
    nwrite = write_binary(self, kind, data, n, why, sizeof why);
  } else if (kind == ELEM_BYTE || kind == ELEM_CHAR) {
    nwrite = self->vtable->write(self, data, n);
    if (nwrite == n && self->isAutoSpacing && n > 0 && self->vtable->write(self, "\n", 1) < 1) nwrite = 0;
  } else {
    nwrite = write_ascii(self, kind, data, n);
  }
  if (nwrite < n) file_failure(self, "THFile_%s: write error: wrote %zu blocks instead of %zu%s", fn, nwrite, n, why);
  return nwrite;
}

/* readX/writeX (a storage), readXRaw/writeXRaw (n elements) and the scalar forms of one type. */
#define TH_FILE_IMPLEMENT_TYPE(TYPE, Name, KIND)                                              \
  size_t THFile_read##Name##Raw(THFile *self, TYPE *data, size_t n) {                         \
    return read_elems(self, KIND, data, n, "read" #Name "Raw");                               \
  }                                                                                           \
  size_t THFile_write##Name##Raw(THFile *self, TYPE *data, size_t n) {                        \
    return write_elems(self, KIND, data, n, "write" #Name "Raw");                             \
  }                                                                                           \
  size_t THFile_read##Name(THFile *self, TH_CONCAT_3(TH, Name, Storage) * storage) {          \
    THArgCheck(storage != NULL, 2, "THFile_read" #Name ": the storage is NULL");              \
    return read_elems(self, KIND, storage->data, (size_t)storage->size, "read" #Name);        \
  }                                                                                           \
  size_t THFile_write##Name(THFile *self, TH_CONCAT_3(TH, Name, Storage) * storage) {         \
    THArgCheck(storage != NULL, 2, "THFile_write" #Name ": the storage is NULL");             \
    return write_elems(self, KIND, storage->data, (size_t)storage->size, "write" #Name);      \
  }                                                                                           \
  TYPE THFile_read##Name##Scalar(THFile *self) {                                              \
    TYPE value;                                                                               \
    memset(&value, 0, sizeof value); /* what a quiet file's failed read returns */           \
    read_elems(self, KIND, &value, 1, "read" #Name "Scalar");                                 \
    return value;                                                                             \
  }                                                                                           \
  void THFile_write##Name##Scalar(THFile *self, TYPE scalar) {                                \
    write_elems(self, KIND, &scalar, 1, "write" #Name "Scalar");                              \
  }

TH_FILE_IMPLEMENT_TYPE(unsigned char, Byte, ELEM_BYTE)
TH_FILE_IMPLEMENT_TYPE(char, Char, ELEM_CHAR)
TH_FILE_IMPLEMENT_TYPE(short, Short, ELEM_SHORT)
TH_FILE_IMPLEMENT_TYPE(int, Int, ELEM_INT)
TH_FILE_IMPLEMENT_TYPE(long, Long, ELEM_LONG)
TH_FILE_IMPLEMENT_TYPE(float, Float, ELEM_FLOAT)
TH_FILE_IMPLEMENT_TYPE(double, Double, ELEM_DOUBLE)
TH_FILE_IMPLEMENT_TYPE(THHalf, Half, ELEM_HALF)

/* ---------------------------------------------------------------- strings */

/* "*a": the rest of the file; "*l": the next line without its newline. The string (NUL-terminated
 * too) is allocated with THAlloc and the caller frees it with THFree; returns its length. */
size_t THFile_readStringRaw(THFile *self, const char *format, char **str_) {
  check_open(self, "readStringRaw");
  THArgCheck(str_ != NULL, 3, "THFile_readStringRaw: str_ is NULL");
  int all = format && !strcmp(format, "*a");
  THArgCheck(all || (format && !strcmp(format, "*l")), 2,
             "THFile_readStringRaw: format must be \"*a\" or \"*l\", got \"%s\"",
             format ? format : "(null)");
  *str_ = NULL;
  if (!self->isReadable) {
    file_failure(self, "THFile_readStringRaw: attempt to read from a write-only file");
    return 0;
  }
  size_t cap = 1024, len = 0;
  char *buf = THAlloc((ptrdiff_t)cap);
  int c = 0;
  for (;;) {
    if (len + 1 == cap) {
      cap *= 2;
      buf = THRealloc(buf, (ptrdiff_t)cap);
    }
    if (all) {
      size_t want = cap - 1 - len, got = self->vtable->read(self, buf + len, want);
      len += got;
      if (got < want) break;
    } else {
      c = self->vtable->getChar(self);
      if (c == EOF || c == '\n') break;
      buf[len++] = (char)c;
    }
  }
  if (!all && c == EOF && len == 0) {
    THFree(buf);
    file_failure(self, "THFile_readStringRaw: read error: read 0 blocks instead of 1 (end of file)");
    return 0;
  }
  buf[len] = '\0';
  *str_ = buf;
  return len;
}

size_t THFile_writeStringRaw(THFile *self, const char *str, size_t size) {
  check_open(self, "writeStringRaw");
  THArgCheck(str != NULL || size == 0, 2, "THFile_writeStringRaw: str is NULL");
  if (!self->isWritable) {
    file_failure(self, "THFile_writeStringRaw: attempt to write to a read-only file");
    return 0;
  }
  size_t nwrite = self->vtable->write(self, str, size);
  if (nwrite < size)
    file_failure(self, "THFile_writeStringRaw: write error: wrote %zu blocks instead of %zu", nwrite, size);
  return nwrite;
}

/* ---------------------------------------------------------------- positioning and life */

void THFile_synchronize(THFile *self) {
  check_open(self, "synchronize");
  if (self->vtable->synchronize(self)) file_failure(self, "THFile_synchronize: could not flush the file");
}

void THFile_seek(THFile *self, size_t position) {
  check_open(self, "seek");
  if (self->vtable->seek(self, position))
    file_failure(self, "THFile_seek: unable to seek to position %zu", position);
}

void THFile_seekEnd(THFile *self) {
  check_open(self, "seekEnd");
  if (self->vtable->seekEnd(self)) file_failure(self, "THFile_seekEnd: unable to seek to the end");
}

size_t THFile_position(THFile *self) {
  check_open(self, "position");
  size_t position = self->vtable->position(self);
  if (position == (size_t)-1) {
    file_failure(self, "THFile_position: the position of this file cannot be told (a pipe?)");
    return 0;
  }
  return position;
}

/* Closing a closed file does nothing. */
void THFile_close(THFile *self) {
  THArgCheck(self != NULL, 1, "THFile_close: the file is NULL");
  if (self->vtable->isOpened(self)) self->vtable->close(self);
}

void THFile_free(THFile *self) {
  if (!self) return;
  if (self->vtable->isOpened(self)) self->vtable->close(self);
  self->vtable->free(self);
}

/* ---------------------------------------------------------------- flags */

#define TH_FILE_FLAG_GETTER(NAME, EXPR)                                  \
  int THFile_##NAME(THFile *self) {                                      \
    THArgCheck(self != NULL, 1, "THFile_" #NAME ": the file is NULL");   \
    return EXPR;                                                         \
  }

TH_FILE_FLAG_GETTER(isOpened, self->vtable->isOpened(self))
TH_FILE_FLAG_GETTER(isQuiet, self->isQuiet)
TH_FILE_FLAG_GETTER(isReadable, self->isReadable)
TH_FILE_FLAG_GETTER(isWritable, self->isWritable)
TH_FILE_FLAG_GETTER(isBinary, self->isBinary)
TH_FILE_FLAG_GETTER(isAutoSpacing, self->isAutoSpacing)
TH_FILE_FLAG_GETTER(hasError, self->hasError)

#define TH_FILE_FLAG_SETTER(NAME, FIELD, VALUE)                          \
  void THFile_##NAME(THFile *self) {                                     \
    THArgCheck(self != NULL, 1, "THFile_" #NAME ": the file is NULL");   \
    self->FIELD = VALUE;                                                 \
  }

TH_FILE_FLAG_SETTER(binary, isBinary, 1)
TH_FILE_FLAG_SETTER(ascii, isBinary, 0)
TH_FILE_FLAG_SETTER(autoSpacing, isAutoSpacing, 1)
TH_FILE_FLAG_SETTER(noAutoSpacing, isAutoSpacing, 0)
TH_FILE_FLAG_SETTER(quiet, isQuiet, 1)
TH_FILE_FLAG_SETTER(pedantic, isQuiet, 0)
TH_FILE_FLAG_SETTER(clearError, hasError, 0)
