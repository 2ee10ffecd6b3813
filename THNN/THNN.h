#ifndef THNN_H
#define THNN_H

#include <stdbool.h>
#include "TH.h"

/* libTHNN: the legacy neural-network kernels for Float and Double, on libTH. */
#define THNN_(NAME) TH_CONCAT_3(THNN_, Real, NAME)

typedef void THNNState;
typedef long THIndex_t;
typedef int THInteger_t;
#define THIndexTensor THLongTensor
#define THIndexTensor_(NAME) THLongTensor_##NAME
#define THIntegerTensor THIntTensor
#define THIntegerTensor_(NAME) THIntTensor_##NAME

#include "generic/THNN.h"
#include "THGenerateFloatTypes.h"

#endif
