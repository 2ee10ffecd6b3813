/* THFile back end on a THCharStorage. As in Torch7 the storage holds the file's bytes followed by
 * a NUL (storage->size >= size + 1, data[size] == 0 at all times) and writes grow it. Reads never
 * write into the buffer (Torch7's ascii reads planted a NUL in it to call sscanf, and left it
 * there when a read failed). */
#include "THFilePrivate.h"
#include "THMemoryFile.h"

typedef struct THMemoryFile {
  THFile file;
  THCharStorage *storage;
  size_t size;
  size_t position;
} THMemoryFile;

static THMemoryFile *mem(THFile *self) { return (THMemoryFile *)self; }

static int mem_isOpened(THFile *self) { return mem(self)->storage != NULL; }

static size_t mem_read(THFile *self, void *data, size_t n) {
  THMemoryFile *f = mem(self);
  n = THMin(n, f->size - f->position);
  if (n) memcpy(data, f->storage->data + f->position, n);  // an empty storage's data is NULL
  f->position += n;
  return n;
}

/* Grows the storage (geometrically) to hold `needed` bytes and the NUL; a storage that cannot be
 * resized (it maps a file, or borrows its data) takes what fits and the write comes up short. */
static size_t mem_room(THMemoryFile *f, size_t needed) {
  THCharStorage *s = f->storage;
  /* A storage holds at most PTRDIFF_MAX bytes: beyond that the write is short, not a wrapped size. */
  if (needed < (size_t)PTRDIFF_MAX && needed + 1 > (size_t)s->size && (s->flag & TH_STORAGE_RESIZABLE))
    THCharStorage_resize(s, (ptrdiff_t)THMin(THMax(needed + 1, 2 * (size_t)s->size), (size_t)PTRDIFF_MAX));
  return THMin(needed, (size_t)s->size - 1);
}

static size_t mem_write(THFile *self, const void *data, size_t n) {
  THMemoryFile *f = mem(self);
  n = THMin(n, mem_room(f, f->position + THMin(n, (size_t)PTRDIFF_MAX)) - f->position);
  if (n) memcpy(f->storage->data + f->position, data, n);  // an empty storage's data is NULL
  f->position += n;
  if (f->position > f->size) {
    f->size = f->position;
    f->storage->data[f->size] = '\0';
  }
  return n;
}

static int mem_getChar(THFile *self) {
  THMemoryFile *f = mem(self);
  return f->position < f->size ? (unsigned char)f->storage->data[f->position++] : EOF;
}

static void mem_ungetChar(THFile *self, int c) { mem(self)->position--; }

static int mem_synchronize(THFile *self) { return 0; }

static int mem_seek(THFile *self, size_t position) {
  if (position > mem(self)->size) return -1;
  mem(self)->position = position;
  return 0;
}

static int mem_seekEnd(THFile *self) {
  mem(self)->position = mem(self)->size;
  return 0;
}

static size_t mem_position(THFile *self) { return mem(self)->position; }

static void mem_close(THFile *self) {
  THCharStorage_free(mem(self)->storage);
  mem(self)->storage = NULL;
}

static void mem_free(THFile *self) { THFree(self); }

static const THFileVTable memory_vtable = {mem_isOpened,  mem_read,        mem_write, mem_getChar,
                                           mem_ungetChar, mem_synchronize, mem_seek,  mem_seekEnd,
                                           mem_position,  mem_close,       mem_free};

/* storage (retained) holds the initial contents and a final NUL; NULL starts an empty file. */
THFile *THMemoryFile_newWithStorage(THCharStorage *storage, const char *mode) {
  int isReadable, isWritable;
  THArgCheck(THFile_parseMode(mode, &isReadable, &isWritable), 2,
             "THMemoryFile_newWithStorage: mode must be \"r\", \"w\" or \"rw\", got \"%s\"",
             mode ? mode : "(null)");
  THArgCheck(!storage || (storage->size >= 1 && storage->data[storage->size - 1] == '\0'), 1,
             "THMemoryFile_newWithStorage: the storage must end with a NUL byte (size %td)",
             storage ? storage->size : (ptrdiff_t)0);
  if (storage) {
    THCharStorage_retain(storage);
  } else {
    storage = THCharStorage_newWithSize(1);
    storage->data[0] = '\0';
  }
  THMemoryFile *f = THAlloc(sizeof(THMemoryFile));
  THFile_initBase(&f->file, &memory_vtable, isReadable, isWritable, 0);
  f->storage = storage;
  f->size = (size_t)storage->size - 1;
  f->position = 0;
  return &f->file;
}

THFile *THMemoryFile_new(const char *mode) { return THMemoryFile_newWithStorage(NULL, mode); }

static THMemoryFile *check_memory(THFile *self, const char *fn) {
  THArgCheck(self != NULL, 1, "%s: the file is NULL", fn);
  THArgCheck(self->vtable == &memory_vtable, 1, "%s: not a memory file", fn);
  return mem(self);
}

/* The contents and the final NUL (storage size = file size + 1); the file keeps its reference. */
THCharStorage *THMemoryFile_storage(THFile *self) {
  THMemoryFile *f = check_memory(self, "THMemoryFile_storage");
  THArgCheck(f->storage != NULL, 1, "THMemoryFile_storage: attempt to use a closed file");
  if ((size_t)f->storage->size != f->size + 1 && (f->storage->flag & TH_STORAGE_RESIZABLE))
    THCharStorage_resize(f->storage, (ptrdiff_t)f->size + 1);
  return f->storage;
}

void THMemoryFile_longSize(THFile *self, int size) {
  THFile_setLongSize(&check_memory(self, "THMemoryFile_longSize")->file, size, "THMemoryFile_longSize");
}
