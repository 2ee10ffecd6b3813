#ifndef THC_TENSOR_MATH_INC
#define THC_TENSOR_MATH_INC
/* THCTensorMath: the math of THC.{Float,Double,Long}.txt, one generic header per family. */
#include "THCTensor.h"

#include "generic/THCTensorMath.h"
#include "THCGenerateMathTypes.h"
#include "generic/THCTensorMathPointwise.h"
#include "THCGenerateMathTypes.h"
#include "generic/THCTensorMathCompare.h"
#include "THCGenerateMathTypes.h"
#include "generic/THCTensorMasked.h"
#include "THCGenerateMathTypes.h"
#include "generic/THCTensorMathReduce.h"
#include "THCGenerateMathTypes.h"
#include "generic/THCTensorSort.h"
#include "THCGenerateMathTypes.h"
#include "generic/THCTensorIndex.h"
#include "THCGenerateMathTypes.h"
#include "generic/THCTensorMathBlas.h"
#include "THCGenerateMathTypes.h"
#include "generic/THCTensorMathMagma.h"
#include "THCGenerateMathTypes.h"
#endif
