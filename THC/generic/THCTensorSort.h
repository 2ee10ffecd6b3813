#ifndef THC_GENERIC_FILE
#define THC_GENERIC_FILE "generic/THCTensorSort.h"
#else

THC_API void THCTensor_(sortKeyValueInplace)(THCState *state, THCTensor *keys, THCudaLongTensor *values, int dim, int order);
THC_API void THCTensor_(sort)(THCState *state, THCTensor *sorted, THCudaLongTensor *indices, THCTensor *input, int dim, int order);
THC_API void THCTensor_(mode)(THCState *state, THCTensor *values, THCudaLongTensor *indices, THCTensor *input, int dimension, int keepdim);
THC_API void THCTensor_(topk)(THCState *state, THCTensor *topK, THCudaLongTensor *indices, THCTensor *input, long k, int dim, int dir, int sorted);

#endif
