/* THFile back end on a stdio stream: a file on disk (THDiskFile_new) or a shell command's pipe
 * (THPipeFile_new). The typed layer (THFile.c) does the formats; this file moves bytes. */
#include <errno.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "THDiskFile.h"
#include "THFilePrivate.h"

typedef enum { OP_NONE, OP_READ, OP_WRITE } DiskOp;

typedef struct THDiskFile {
  THFile file;
  FILE *handle;
  char *name;
  int isPipe;
  /* stdio needs a seek between a write and a read (and back) on one stream. */
  DiskOp lastOp;
} THDiskFile;

static THDiskFile *disk(THFile *self) { return (THDiskFile *)self; }

static void disk_switch_to(THDiskFile *f, DiskOp op) {
  if (f->lastOp != op && f->lastOp != OP_NONE && !f->isPipe) fseeko(f->handle, 0, SEEK_CUR);
  f->lastOp = op;
}

static int disk_isOpened(THFile *self) { return disk(self)->handle != NULL; }

/* n may be 0 with data NULL (an empty storage): stdio must not see that pointer. */
static size_t disk_read(THFile *self, void *data, size_t n) {
  disk_switch_to(disk(self), OP_READ);
  return n ? fread(data, 1, n, disk(self)->handle) : 0;
}

static size_t disk_write(THFile *self, const void *data, size_t n) {
  disk_switch_to(disk(self), OP_WRITE);
  return n ? fwrite(data, 1, n, disk(self)->handle) : 0;
}

static int disk_getChar(THFile *self) {
  disk_switch_to(disk(self), OP_READ);
  return getc(disk(self)->handle);
}

static void disk_ungetChar(THFile *self, int c) { ungetc(c, disk(self)->handle); }

static int disk_synchronize(THFile *self) { return fflush(disk(self)->handle) != 0; }

static int disk_seek(THFile *self, size_t position) {
  THDiskFile *f = disk(self);
  if (f->isPipe || position > (size_t)LONG_MAX) return -1;
  f->lastOp = OP_NONE;
  return fseeko(f->handle, (off_t)position, SEEK_SET) != 0;
}

static int disk_seekEnd(THFile *self) {
  THDiskFile *f = disk(self);
  if (f->isPipe) return -1;
  f->lastOp = OP_NONE;
  return fseeko(f->handle, 0, SEEK_END) != 0;
}

static size_t disk_position(THFile *self) {
  if (disk(self)->isPipe) return (size_t)-1;
  off_t position = ftello(disk(self)->handle);
  return position < 0 ? (size_t)-1 : (size_t)position;
}

static void disk_close(THFile *self) {
  THDiskFile *f = disk(self);
  if (f->isPipe)
    pclose(f->handle);
  else
    fclose(f->handle);
  f->handle = NULL;
}

static void disk_free(THFile *self) {
  THFree(disk(self)->name);
  THFree(self);
}

static const THFileVTable disk_vtable = {disk_isOpened, disk_read,      disk_write, disk_getChar,
                                         disk_ungetChar, disk_synchronize, disk_seek, disk_seekEnd,
                                         disk_position, disk_close,     disk_free};

/* Everything is allocated before the stream opens, so a failure has only these to release. */
static THDiskFile *disk_alloc(const char *name, int isReadable, int isWritable, int isQuiet, int isPipe) {
  THDiskFile *f = THAlloc(sizeof(THDiskFile));
  THFile_initBase(&f->file, &disk_vtable, isReadable, isWritable, isQuiet);
  f->name = THAlloc((ptrdiff_t)strlen(name) + 1);
  strcpy(f->name, name);
  f->handle = NULL;
  f->isPipe = isPipe;
  f->lastOp = OP_NONE;
  return f;
}

static THFile *disk_opened_or_fail(THDiskFile *f, const char *fn, const char *mode, int isQuiet) {
  if (f->handle) return &f->file;
  int err = errno;
  char name[512];
  snprintf(name, sizeof name, "%s", f->name);
  disk_free(&f->file);
  if (isQuiet) return NULL;
  if (err == EISDIR) THError("%s: <%s> is a directory", fn, name);
  THError("%s: cannot open <%s> in mode %s: %s", fn, name, mode, strerror(err));
}

THFile *THDiskFile_new(const char *name, const char *mode, int isQuiet) {
  int isReadable, isWritable;
  THArgCheck(name != NULL, 1, "THDiskFile_new: name is NULL");
  THArgCheck(THFile_parseMode(mode, &isReadable, &isWritable), 2,
             "THDiskFile_new: mode must be \"r\", \"w\" or \"rw\", got \"%s\"", mode ? mode : "(null)");
  THDiskFile *f = disk_alloc(name, isReadable, isWritable, isQuiet, 0);
  if (isReadable && isWritable) {
    /* "rw" keeps an existing file's contents and creates a missing one. */
    f->handle = fopen(name, "r+b");
    if (!f->handle && errno == ENOENT) f->handle = fopen(name, "w+b");
  } else {
    f->handle = fopen(name, isReadable ? "rb" : "wb");
  }
  /* fopen opens a directory for reading, and every read of it then fails as an end of file. */
  struct stat st;
  if (f->handle && fstat(fileno(f->handle), &st) == 0 && S_ISDIR(st.st_mode)) {
    fclose(f->handle);
    f->handle = NULL;
    errno = EISDIR;
  }
  return disk_opened_or_fail(f, "THDiskFile_new", mode, isQuiet);
}

THFile *THPipeFile_new(const char *name, const char *mode, int isQuiet) {
  int isReadable, isWritable;
  THArgCheck(name != NULL, 1, "THPipeFile_new: the command is NULL");
  THArgCheck(THFile_parseMode(mode, &isReadable, &isWritable) && isReadable != isWritable, 2,
             "THPipeFile_new: mode must be \"r\" or \"w\" (a pipe goes one way), got \"%s\"",
             mode ? mode : "(null)");
  THDiskFile *f = disk_alloc(name, isReadable, isWritable, isQuiet, 1);
  f->handle = popen(name, isReadable ? "r" : "w");
  return disk_opened_or_fail(f, "THPipeFile_new", mode, isQuiet);
}

static THDiskFile *check_disk(THFile *self, const char *fn) {
  THArgCheck(self != NULL, 1, "%s: the file is NULL", fn);
  THArgCheck(self->vtable == &disk_vtable, 1, "%s: not a disk or pipe file", fn);
  return disk(self);
}

const char *THDiskFile_name(THFile *self) { return check_disk(self, "THDiskFile_name")->name; }

int THDiskFile_isLittleEndianCPU(void) { return __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__; }

int THDiskFile_isBigEndianCPU(void) { return __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__; }

void THDiskFile_nativeEndianEncoding(THFile *self) {
  check_disk(self, "THDiskFile_nativeEndianEncoding")->file.swapBytes = 0;
}

void THDiskFile_littleEndianEncoding(THFile *self) {
  check_disk(self, "THDiskFile_littleEndianEncoding")->file.swapBytes = !THDiskFile_isLittleEndianCPU();
}

void THDiskFile_bigEndianEncoding(THFile *self) {
  check_disk(self, "THDiskFile_bigEndianEncoding")->file.swapBytes = !THDiskFile_isBigEndianCPU();
}

void THDiskFile_longSize(THFile *self, int size) {
  THFile_setLongSize(&check_disk(self, "THDiskFile_longSize")->file, size, "THDiskFile_longSize");
}

void THDiskFile_noBuffer(THFile *self) {
  THDiskFile *f = check_disk(self, "THDiskFile_noBuffer");
  THArgCheck(f->handle != NULL, 1, "THDiskFile_noBuffer: attempt to use a closed file");
  if (setvbuf(f->handle, NULL, _IONBF, 0) != 0) THError("THDiskFile_noBuffer: cannot disable buffering of <%s>", f->name);
}
