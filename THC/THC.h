#ifndef THC_INC
#define THC_INC
/* libTHC: CUDA tensors with cutorch's C interface (abi/THC.*.txt). */
#include "TH.h"
#include "THCGeneral.h"
#include "THCStorage.h"
#include "THCTensor.h"
#include "THCTensorCopy.h"
#include "THCTensorMath.h"
#include "THCTensorRandom.h"
#endif
