#ifndef THC_GENERIC_FILE
#define THC_GENERIC_FILE "generic/THCTensorMathReduce.h"
#else

THC_API int THCTensor_(equal)(THCState *state, THCTensor *self, THCTensor *src);
#if defined(THC_REAL_IS_FLOAT) || defined(THC_REAL_IS_DOUBLE)
THC_API void THCTensor_(renorm)(THCState *state, THCTensor *self, THCTensor *src, real value, long dimension, real max_norm);
THC_API void THCTensor_(std)(THCState *state, THCTensor *self, THCTensor *src, long dim, int biased, int keepdim);
THC_API void THCTensor_(norm)(THCState *state, THCTensor *self, THCTensor *src, real value, long dimension, int keepdim);
THC_API void THCTensor_(var)(THCState *state, THCTensor *self, THCTensor *src, long dim, int biased, int keepdim);
THC_API accreal THCTensor_(stdall)(THCState *state, THCTensor *self, int biased);
THC_API accreal THCTensor_(normall)(THCState *state, THCTensor *self, real value);
THC_API accreal THCTensor_(varall)(THCState *state, THCTensor *self, int biased);
#endif
THC_API void THCTensor_(sum)(THCState *state, THCTensor *self, THCTensor *src, long dim, int keepdim);
THC_API void THCTensor_(prod)(THCState *state, THCTensor *self, THCTensor *src, long dim, int keepdim);
#if defined(THC_REAL_IS_FLOAT) || defined(THC_REAL_IS_DOUBLE)
THC_API void THCTensor_(mean)(THCState *state, THCTensor *self, THCTensor *src, long dim, int keepdim);
#endif
THC_API accreal THCTensor_(sumall)(THCState *state, THCTensor *self);
THC_API accreal THCTensor_(prodall)(THCState *state, THCTensor *self);
#if defined(THC_REAL_IS_FLOAT) || defined(THC_REAL_IS_DOUBLE)
THC_API accreal THCTensor_(meanall)(THCState *state, THCTensor *self);
#endif
THC_API void THCTensor_(min)(THCState *state, THCTensor *values, THCudaLongTensor *indices, THCTensor *src, long dim, int keepdim);
THC_API void THCTensor_(max)(THCState *state, THCTensor *values, THCudaLongTensor *indices, THCTensor *src, long dim, int keepdim);
THC_API real THCTensor_(minall)(THCState *state, THCTensor *self);
THC_API real THCTensor_(maxall)(THCState *state, THCTensor *self);
THC_API real THCTensor_(medianall)(THCState *state, THCTensor *self);
THC_API void THCTensor_(median)(THCState *state, THCTensor *values, THCudaLongTensor *indices, THCTensor *src, long dim, int keepdim);
#if defined(THC_REAL_IS_FLOAT) || defined(THC_REAL_IS_DOUBLE)
THC_API accreal THCTensor_(dist)(THCState *state, THCTensor *self, THCTensor *src, real value);
#endif
THC_API void THCTensor_(cumsum)(THCState *state, THCTensor *self, THCTensor *src, long dim);
THC_API void THCTensor_(cumprod)(THCState *state, THCTensor *self, THCTensor *src, long dim);

#endif
