#ifndef THNN_CLASS_NLL_SHAPE_H
#define THNN_CLASS_NLL_SHAPE_H
/* SpatialClassNLLCriterion's target check on plain sizes (a tensor's nDimension and size array):
 * shared by libTHNN (generic/SpatialClassNLLCriterion.c) and libTHCUNN, so that both reject the same
 * target in the same words. Not installed. */
#include "TH.h"

/* The target (not NULL) of an N x C x H x W input (checked 4D) must be N x H x W. */
static inline void THNNClassNLL_checkSpatialTarget(const char *fn, int nd, const long *size, int tnd,
                                                   const long *tsize) {
  if (tnd != 3 || tsize[0] != size[0] || tsize[1] != size[2] || tsize[2] != size[3])
    THError("%s: target must be a 3D tensor of size [%ld x %ld x %ld] (input %s without its classes), got size %s",
            fn, size[0], size[2], size[3], _THSizeDesc(size, nd).str, _THSizeDesc(tsize, tnd).str);
}

#endif
