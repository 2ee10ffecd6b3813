#ifndef THNN_INTERNAL_H
#define THNN_INTERNAL_H
/* What THNN's own sources share; not installed. */
#ifdef _OPENMP
#include <omp.h>
#endif
#include "THNN.h"
#include "THTensorApply.h"
#include "THElementwise.h"

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
