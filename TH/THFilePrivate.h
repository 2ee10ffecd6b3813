#ifndef TH_FILE_PRIVATE_INC
#define TH_FILE_PRIVATE_INC
/* The inside of a THFile, shared by THFile.c (the typed ascii/binary layer, written once) and the
 * back ends THDiskFile.c and THMemoryFile.c, which only move bytes. Not part of the legacy
 * interface: the struct is opaque to callers, as in Torch7. */
#include "THFile.h"

typedef struct THFileVTable {
  int (*isOpened)(THFile *self);
  /* Move up to n bytes; return how many moved (fewer only at end of file or on failure). */
  size_t (*read)(THFile *self, void *data, size_t n);
  size_t (*write)(THFile *self, const void *data, size_t n);
  /* The next byte (as unsigned char) or EOF; ungetChar pushes back the byte just read. */
  int (*getChar)(THFile *self);
  void (*ungetChar)(THFile *self, int c);
  /* Return 0 on success; the typed layer reports failures (quiet files set hasError). */
  int (*synchronize)(THFile *self);
  int (*seek)(THFile *self, size_t position);
  int (*seekEnd)(THFile *self);
  /* (size_t)-1 when the position cannot be told (a pipe). */
  size_t (*position)(THFile *self);
  void (*close)(THFile *self);
  /* Releases what the back end owns besides the THFile itself (after close). */
  void (*free)(THFile *self);
} THFileVTable;

struct THFile__ {
  const THFileVTable *vtable;
  int isQuiet;
  int isReadable;
  int isWritable;
  int isBinary;
  int isAutoSpacing;
  int hasError;
  /* Binary mode only: reverse the bytes of each element (a non-native byte order)... */
  int swapBytes;
  /* ...and store longs on this many bytes (4 or 8). */
  int longSize;
};

/* Sets the flags of a new file: ascii with auto-spacing, native byte order, 8-byte longs. */
void THFile_initBase(THFile *self, const THFileVTable *vtable, int isReadable, int isWritable,
                     int isQuiet);
/* Parses "r", "w" or "rw" (also "wr"); returns 0 for anything else. */
int THFile_parseMode(const char *mode, int *isReadable, int *isWritable);
/* Shared by THDiskFile_longSize and THMemoryFile_longSize. */
void THFile_setLongSize(THFile *self, int size, const char *caller);

#endif
