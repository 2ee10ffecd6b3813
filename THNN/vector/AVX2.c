/* vector/VectorMath.h built for AVX2 + FMA: the one THNN translation unit compiled with
 * -mavx2 -mfma (see THNN/CMakeLists.txt). Only THNNVector.c calls into it, after checking the CPU. */
#define THNN_VECTOR_ISA AVX2
#define THNN_VECTOR_LANES 8
#include "VectorMath.h"
