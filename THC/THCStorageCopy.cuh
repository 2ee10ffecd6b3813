#pragma once
// The storage copies (generic/THCStorageCopy.cu) view storages as 1-D tensors and use the tensor
// copies.
#include "THCTensor.h"
#include "THCTensorCopy.h"
