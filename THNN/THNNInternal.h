#ifndef THNN_INTERNAL_H
#define THNN_INTERNAL_H
/* What THNN's own sources share; not installed. */
#ifdef _OPENMP
#include <omp.h>
#endif
#include "THNN.h"
#include "THTensorApply.h"

#include "generic/THNNInternal.h"
#include "THGenerateFloatTypes.h"
#endif
