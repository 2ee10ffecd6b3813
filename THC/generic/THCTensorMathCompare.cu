// THC types: Long Float Double
// Comparisons element by element, as TH (TH/generic/THTensorMathCompare.c): NAMEValue/NAMETensor
// write a THCudaByteTensor, NAMEValueT/NAMETensorT a tensor of the input's type; the result is
// resized like the (first) input; tensor operands pair elements in row-major order and must have
// the same number of elements.

static void THCTensor_(checkCompareCount)(THCState *state, const char *fn, THCTensor *a, THCTensor *b) {
  ptrdiff_t na = THCTensor_(nElement)(state, a), nb = THCTensor_(nElement)(state, b);
  THArgCheck(na == nb, 3, "%s: the tensors have %td and %td elements", fn, na, nb);
}

#define THCCMP_NAME(NAME) TH_CONCAT_STRING_3(TH, CReal, Tensor) "_" NAME

#define THCCMP_OPS(NAME, REL)                                                                               \
  void THCTensor_(NAME##Value)(THCState *state, THCudaByteTensor *self_, THCTensor *src, real value) {      \
    THCudaByteTensor_resizeNd(state, self_, src->nDimension, src->size, NULL);                             \
    THC_pointwiseApply2(state, self_, src, thc_cmp::WithValue<unsigned char, real>{thc_cmp::Relation::REL, value}); \
  }                                                                                                         \
  void THCTensor_(NAME##ValueT)(THCState *state, THCTensor *self_, THCTensor *src, real value) {            \
    THCTensor_(resizeAs)(state, self_, src);                                                                \
    THC_pointwiseApply2(state, self_, src, thc_cmp::WithValue<real, real>{thc_cmp::Relation::REL, value});  \
  }                                                                                                         \
  void THCTensor_(NAME##Tensor)(THCState *state, THCudaByteTensor *self_, THCTensor *src1, THCTensor *src2) { \
    THCTensor_(checkCompareCount)(state, THCCMP_NAME(#NAME "Tensor"), src1, src2);                          \
    THCudaByteTensor_resizeNd(state, self_, src1->nDimension, src1->size, NULL);                           \
    THC_pointwiseApply3(state, self_, src1, src2, thc_cmp::WithTensor<unsigned char, real>{thc_cmp::Relation::REL}); \
  }                                                                                                         \
  void THCTensor_(NAME##TensorT)(THCState *state, THCTensor *self_, THCTensor *src1, THCTensor *src2) {     \
    THCTensor_(checkCompareCount)(state, THCCMP_NAME(#NAME "TensorT"), src1, src2);                         \
    THCTensor_(resizeAs)(state, self_, src1);                                                               \
    THC_pointwiseApply3(state, self_, src1, src2, thc_cmp::WithTensor<real, real>{thc_cmp::Relation::REL}); \
  }

THCCMP_OPS(lt, Lt)
THCCMP_OPS(gt, Gt)
THCCMP_OPS(le, Le)
THCCMP_OPS(ge, Ge)
THCCMP_OPS(eq, Eq)
THCCMP_OPS(ne, Ne)

#undef THCCMP_OPS
#undef THCCMP_NAME
