#ifndef THNN_INTERNAL_H
#define THNN_INTERNAL_H
/* What THNN's own sources share; not installed. */
#ifdef _OPENMP
#include <omp.h>
#endif

#include "THNN.h"
#include "THTensorApply.h"
#include "THElementwise.h"

/* A hot loop built twice, for AVX2 and for the baseline, chosen once at load by the CPU (GCC's
 * function multi-versioning): the library itself assumes no more than x86-64. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define THNN_AVX2_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define THNN_AVX2_CLONES
#endif

#include "THNNSizes.h"

#include "generic/THNNInternal.h"
#include "THGenerateFloatTypes.h"
#include "generic/Pointwise.h"
#include "THGenerateFloatTypes.h"
#include "generic/SoftMaxRows.h"
#include "THGenerateFloatTypes.h"
#include "generic/ClassNLLCommon.h"
#include "THGenerateFloatTypes.h"
#include "generic/Im2Col.h"
#include "THGenerateFloatTypes.h"
#include "generic/ConvolutionShape.h"
#include "THGenerateFloatTypes.h"
#include "generic/Winograd.h"
#include "THGenerateFloatTypes.h"
#include "generic/DirectConvolution.h"
#include "THGenerateFloatTypes.h"
#include "generic/PlaneConvolution.h"
#include "THGenerateFloatTypes.h"
#include "generic/ConvolutionGemm.h"
#include "THGenerateFloatTypes.h"
#include "generic/ConvolutionMap.h"
#include "THGenerateFloatTypes.h"
#include "generic/Pooling.h"
#include "THGenerateFloatTypes.h"
#include "generic/FusedRNN.h"
#include "THGenerateFloatTypes.h"
#include "generic/Vol2Col.h"
#include "THGenerateFloatTypes.h"
#include "generic/ConvolutionGemm3d.h"
#include "THGenerateFloatTypes.h"
#include "generic/ResampleMap.h"
#include "THGenerateFloatTypes.h"
#include "generic/Interpolation.h"
#include "THGenerateFloatTypes.h"
#endif
