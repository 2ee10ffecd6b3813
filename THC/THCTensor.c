/* Tensors of every CUDA type (generic/THCTensor.c). Their header operations (views, resizing,
 * construction, predicates) are libTH's own code, TH/generic/THTensorLayout.c, compiled here a
 * second time with THC's types and state argument; element access and the device queries are THC's. */
#include <stdarg.h>

#include "THAtomic.h"
#include "THCTensor.h"
#include "THCTensorCopy.h"
#include "THTensorGeometry.h"

#define THC_GENERIC_FILE "generic/THCTensor.c"
#include "THCGenerateAllTypes.h"
