#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorMathCompare.c"
#else

/* Comparisons, element by element: 1 where the relation holds, 0 where not (so a NaN operand gives
 * 0, except for ne, which gives 1). NAMEValue/NAMETensor write a Byte tensor, NAMEValueT/NAMETensorT
 * a tensor of the input's type. The result is resized like the (first) input; tensor operands
 * pair elements in row-major order and must have the same number of elements. */

#define THCMP_OPS_(NAME, OP)                                                               \
  void THTensor_(NAME##Value)(THByteTensor *r_, THTensor *t, real value) {                 \
    TH_CHECK_NOT_NULL(#NAME "Value", r_, t);                                               \
    THByteTensor_resizeNd(r_, t->nDimension, t->size, NULL);                               \
    TH_MAP2(unsigned char, r_, real, t, *r__data = *t_data OP value;);                     \
  }                                                                                        \
  void THTensor_(NAME##ValueT)(THTensor *r_, THTensor *t, real value) {                    \
    TH_CHECK_NOT_NULL(#NAME "ValueT", r_, t);                                              \
    THTensor_(resizeAs)(r_, t);                                                            \
    TH_MAP2(real, r_, real, t, *r__data = (real)(*t_data OP value););                      \
  }                                                                                        \
  void THTensor_(NAME##Tensor)(THByteTensor *r_, THTensor *ta, THTensor *tb) {             \
    TH_CHECK_NOT_NULL(#NAME "Tensor", r_, ta, tb);                                         \
    TH_CHECK_SAME_COUNT(#NAME "Tensor", ta, tb);                                           \
    THByteTensor_resizeNd(r_, ta->nDimension, ta->size, NULL);                             \
    TH_MAP3(unsigned char, r_, real, ta, real, tb, *r__data = *ta_data OP *tb_data;);      \
  }                                                                                        \
  void THTensor_(NAME##TensorT)(THTensor *r_, THTensor *ta, THTensor *tb) {                \
    TH_CHECK_NOT_NULL(#NAME "TensorT", r_, ta, tb);                                        \
    TH_CHECK_SAME_COUNT(#NAME "TensorT", ta, tb);                                          \
    THTensor_(resizeAs)(r_, ta);                                                           \
    TH_MAP3(real, r_, real, ta, real, tb, *r__data = (real)(*ta_data OP *tb_data););       \
  }

THCMP_OPS_(lt, <)
THCMP_OPS_(le, <=)
THCMP_OPS_(gt, >)
THCMP_OPS_(ge, >=)
THCMP_OPS_(ne, !=)
THCMP_OPS_(eq, ==)

#undef THCMP_OPS_
#endif
