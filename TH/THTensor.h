#ifndef TH_TENSOR_INC
#define TH_TENSOR_INC

#include "THRandom.h"
#include "THStorage.h"

#define THTensor TH_CONCAT_3(TH, Real, Tensor)
#define THTensor_(NAME) TH_CONCAT_4(TH, Real, Tensor_, NAME)

#define TH_TENSOR_REFCOUNTED 1

#include "generic/THTensor.h"
#include "THGenerateAllTypes.h"
#include "generic/THTensor.h"
#include "THGenerateHalfType.h"

#include "generic/THTensorCopy.h"
#include "THGenerateAllTypes.h"
#include "generic/THTensorCopy.h"
#include "THGenerateHalfType.h"

#include "generic/THTensorRandom.h"
#include "THGenerateAllTypes.h"

#include "generic/THTensorMath.h"
#include "THGenerateAllTypes.h"

#include "generic/THTensorConv.h"
#include "THGenerateAllTypes.h"

#include "generic/THTensorLapack.h"
#include "THGenerateAllTypes.h"
#endif
