#ifndef TH_COPY_CONVERT_INC
#define TH_COPY_CONVERT_INC
/* Element conversions for the cross-type copies, used inside a generic file: TH_CONVERT_FROM_NUMBER
 * converts a value of any numeric type to real, TH_CONVERT_FROM_HALF a THHalf. Float to integer
 * conversions truncate toward zero, as C casts do. */
#include "THHalf.h"

#define TH_CONVERT_TO_REAL_(x) ((real)(x))
#define TH_CONVERT_HALF_TO_REAL_(x) ((real)TH_half2float(x))
#define TH_CONVERT_TO_HALF_(x) TH_float2half((float)(x))
#define TH_CONVERT_HALF_TO_HALF_(x) (x)
#endif

#undef TH_CONVERT_FROM_NUMBER
#undef TH_CONVERT_FROM_HALF
#ifdef TH_REAL_IS_HALF
#define TH_CONVERT_FROM_NUMBER TH_CONVERT_TO_HALF_
#define TH_CONVERT_FROM_HALF TH_CONVERT_HALF_TO_HALF_
#else
#define TH_CONVERT_FROM_NUMBER TH_CONVERT_TO_REAL_
#define TH_CONVERT_FROM_HALF TH_CONVERT_HALF_TO_REAL_
#endif
