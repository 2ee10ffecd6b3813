#ifndef TH_STORAGE_INC
#define TH_STORAGE_INC

#include "THAllocator.h"
#include "THGeneral.h"
#include "THHalf.h"

#define THStorage TH_CONCAT_3(TH, Real, Storage)
#define THStorage_(NAME) TH_CONCAT_4(TH, Real, Storage_, NAME)

#define TH_STORAGE_REFCOUNTED 1
#define TH_STORAGE_RESIZABLE 2
#define TH_STORAGE_FREEMEM 4
#define TH_STORAGE_VIEW 8

#include "generic/THStorage.h"
#include "THGenerateAllTypes.h"
#include "generic/THStorage.h"
#include "THGenerateHalfType.h"

#include "generic/THStorageCopy.h"
#include "THGenerateAllTypes.h"
#include "generic/THStorageCopy.h"
#include "THGenerateHalfType.h"

/* Shape helpers on size lists (THLongStorage). */
TH_API THDescBuff THLongStorage_sizeDesc(const THLongStorage *size);
/* Replaces the one -1 entry of size so that the sizes multiply to nElement. */
TH_API THLongStorage *THLongStorage_newInferSize(THLongStorage *size, ptrdiff_t nElement);
/* Broadcast sizes (numpy rules); return 0 on success, -1 with a message in error_buffer. */
TH_API int THLongStorage_inferSize2(THLongStorage *output, long *sizesA, long dimsA, long *sizesB,
                                    long dimsB, char *error_buffer, int buffer_len);
TH_API int THLongStorage_inferSizeN(THLongStorage *output, int n, long **sizes, long *dims,
                                    char *error_buffer, int buffer_len);
/* Sizes and strides (stride 0 on expanded dims) of a tensor expanded to sizes; the caller frees
 * *expandedSizes and *expandedStrides with THFree. */
TH_API int THLongStorage_inferExpandGeometry(long *tensorSizes, long *tensorStrides, long tensorDim,
                                             THLongStorage *sizes, long **expandedSizes,
                                             long **expandedStrides, char *error_buffer,
                                             int buffer_len);
#endif
