#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THStorageCopy.c"
#else

#include "THCopyConvert.h"

void THStorage_(copy)(THStorage *storage, THStorage *src) {
  THArgCheck(storage->size == src->size, 2, "THStorage_copy: size mismatch: destination has %td elements, source %td",
             storage->size, src->size);
  THStorage_(rawCopy)(storage, src->data);
}

#define IMPLEMENT_THStorage_COPY(SRC_NAME, CONVERT)                                              \
  void THStorage_(copy##SRC_NAME)(THStorage *storage, struct TH##SRC_NAME##Storage *src) {       \
    THArgCheck(storage->size == src->size, 2,                                                    \
               "THStorage_copy" #SRC_NAME ": size mismatch: destination has %td elements, source %td", \
               storage->size, src->size);                                                        \
    for (ptrdiff_t i = 0; i < storage->size; i++) storage->data[i] = CONVERT(src->data[i]);      \
  }

IMPLEMENT_THStorage_COPY(Byte, TH_CONVERT_FROM_NUMBER)
IMPLEMENT_THStorage_COPY(Char, TH_CONVERT_FROM_NUMBER)
IMPLEMENT_THStorage_COPY(Short, TH_CONVERT_FROM_NUMBER)
IMPLEMENT_THStorage_COPY(Int, TH_CONVERT_FROM_NUMBER)
IMPLEMENT_THStorage_COPY(Long, TH_CONVERT_FROM_NUMBER)
IMPLEMENT_THStorage_COPY(Float, TH_CONVERT_FROM_NUMBER)
IMPLEMENT_THStorage_COPY(Double, TH_CONVERT_FROM_NUMBER)
IMPLEMENT_THStorage_COPY(Half, TH_CONVERT_FROM_HALF)

#undef IMPLEMENT_THStorage_COPY
#endif
