// THC types: Long Float Double
// Reductions along a dimension and over all elements (ember's TH is the reference: same checks,
// shapes, keepdim, 0-based indices, NaN rules). Inputs are read through a contiguous copy when they
// are not contiguous; results go through a contiguous tensor (THC_resultTarget).

// Runs a reduction of src along dim into self (sizes of src with size[dim] = 1, squeezed unless
// keepdim); MakeWriter(out data pointer) gives the writer.
template <typename Op, typename MakeWriter>
static void THCTensor_(reduceAlong)(THCState *state, THCTensor *self, THCTensor *src, int dim, int keepdim,
                                    const Op &op, const MakeWriter &makeWriter) {
  const void *inputStorage = src->storage;  // src may be self: kept before self changes
  long size[TH_MAX_DIMS];
  for (int d = 0; d < src->nDimension; d++) size[d] = d == dim ? 1 : src->size[d];
  THCTensor *in = THCTensor_(newContiguous)(state, src);
  THCTensor *out = THC_resultTarget(state, self, inputStorage, src->nDimension, size);
  THC_reduceDim(state, THCTensor_(data)(state, in), THC_outerSize(src->size, dim), src->size[dim],
                THC_innerSize(src->nDimension, src->size, dim), op,
                makeWriter(THCTensor_(data)(state, out)));
  THCTensor_(free)(state, in);
  THC_resultFinish(state, self, out, inputStorage, dim, keepdim);
}

// Folds all elements of a non-empty tensor (through a contiguous copy when needed).
template <typename Op>
static auto THCTensor_(reduceAllOf)(THCState *state, THCTensor *t, const Op &op) -> decltype(op.init()) {
  THCTensor *in = THCTensor_(newContiguous)(state, t);
  auto acc = THC_reduceAll(state, THCTensor_(data)(state, in), (long)THCTensor_(nElement)(state, in), op);
  THCTensor_(free)(state, in);
  return acc;
}

int THCTensor_(equal)(THCState *state, THCTensor *self, THCTensor *src) {
  THC_CHECK_NOT_NULL_("equal", self, 1);
  THC_CHECK_NOT_NULL_("equal", src, 2);
  if (!THCTensor_(isSameSizeAs)(state, self, src)) return 0;
  if (THCTensor_(nElement)(state, self) == 0) return 1;
  int *flag = nullptr;
  THCudaCheck(THCudaMalloc(state, (void **)&flag, sizeof(int)));
  cudaStream_t stream = THCState_getCurrentStream(state);
  int equal = 1;
  cudaError_t err = cudaMemcpyAsync(flag, &equal, sizeof(int), cudaMemcpyHostToDevice, stream);
  if (err == cudaSuccess) {
    THC_pointwiseApply2(state, self, src, thc_reduce::UnequalFlagOp{flag});
    err = cudaMemcpyAsync(&equal, flag, sizeof(int), cudaMemcpyDeviceToHost, stream);
  }
  if (err == cudaSuccess) err = cudaStreamSynchronize(stream);
  THCudaCheck(THCudaFree(state, flag));
  THCudaCheck(err);
  return equal;
}

void THCTensor_(sum)(THCState *state, THCTensor *self, THCTensor *src, long dim, int keepdim) {
  THC_CHECK_NOT_NULL_("sum", self, 1);
  THC_CHECK_NOT_NULL_("sum", src, 2);
  THC_CHECK_DIM_("sum", dim, src, 3);
  THCTensor_(reduceAlong)(state, self, src, (int)dim, keepdim, thc_reduce::SumOp<real, accreal>{},
                          [](real *out) { return thc_reduce::SumWriter<real, accreal>{out, false}; });
}

void THCTensor_(prod)(THCState *state, THCTensor *self, THCTensor *src, long dim, int keepdim) {
  THC_CHECK_NOT_NULL_("prod", self, 1);
  THC_CHECK_NOT_NULL_("prod", src, 2);
  THC_CHECK_DIM_("prod", dim, src, 3);
  THCTensor_(reduceAlong)(state, self, src, (int)dim, keepdim, thc_reduce::ProdOp<real, accreal>{},
                          [](real *out) { return thc_reduce::StoreWriter<real, accreal>{out}; });
}

accreal THCTensor_(sumall)(THCState *state, THCTensor *self) {
  THC_CHECK_NOT_NULL_("sumall", self, 1);
  if (THCTensor_(nElement)(state, self) == 0) return 0;
  return THCTensor_(reduceAllOf)(state, self, thc_reduce::SumOp<real, accreal>{});
}

accreal THCTensor_(prodall)(THCState *state, THCTensor *self) {
  THC_CHECK_NOT_NULL_("prodall", self, 1);
  if (THCTensor_(nElement)(state, self) == 0) return 1;
  return THCTensor_(reduceAllOf)(state, self, thc_reduce::ProdOp<real, accreal>{});
}

static void THCTensor_(extremeAlong)(THCState *state, THCTensor *values, THCudaLongTensor *indices, THCTensor *src,
                                     int dim, int keepdim, bool isMax) {
  const void *inputStorage = src->storage;  // src may be values: kept before values changes
  long size[TH_MAX_DIMS];
  for (int d = 0; d < src->nDimension; d++) size[d] = d == dim ? 1 : src->size[d];
  THCTensor *in = THCTensor_(newContiguous)(state, src);
  THCTensor *out = THC_resultTarget(state, values, inputStorage, src->nDimension, size);
  THCudaLongTensor *outi = THC_resultTarget(state, indices, inputStorage, src->nDimension, size);
  THC_reduceDim(state, THCTensor_(data)(state, in), THC_outerSize(src->size, dim), src->size[dim],
                THC_innerSize(src->nDimension, src->size, dim), thc_reduce::ExtremeOp<real>{isMax},
                thc_reduce::ExtremeWriter<real>{THCTensor_(data)(state, out), THCudaLongTensor_data(state, outi)});
  THCTensor_(free)(state, in);
  THC_resultFinish(state, values, out, inputStorage, dim, keepdim);
  THC_resultFinish(state, indices, outi, inputStorage, dim, keepdim);
}

void THCTensor_(max)(THCState *state, THCTensor *values, THCudaLongTensor *indices, THCTensor *src, long dim,
                     int keepdim) {
  THC_CHECK_VALUES_INDICES_("max", values, indices, src, dim);
  THCTensor_(extremeAlong)(state, values, indices, src, (int)dim, keepdim, true);
}

void THCTensor_(min)(THCState *state, THCTensor *values, THCudaLongTensor *indices, THCTensor *src, long dim,
                     int keepdim) {
  THC_CHECK_VALUES_INDICES_("min", values, indices, src, dim);
  THCTensor_(extremeAlong)(state, values, indices, src, (int)dim, keepdim, false);
}

real THCTensor_(maxall)(THCState *state, THCTensor *self) {
  THC_CHECK_NOT_NULL_("maxall", self, 1);
  THArgCheck(THCTensor_(nElement)(state, self) > 0, 1, THC_TENSOR_NAME_ "_maxall: the tensor is empty");
  return THCTensor_(reduceAllOf)(state, self, thc_reduce::ExtremeOp<real>{true}).v;
}

real THCTensor_(minall)(THCState *state, THCTensor *self) {
  THC_CHECK_NOT_NULL_("minall", self, 1);
  THArgCheck(THCTensor_(nElement)(state, self) > 0, 1, THC_TENSOR_NAME_ "_minall: the tensor is empty");
  return THCTensor_(reduceAllOf)(state, self, thc_reduce::ExtremeOp<real>{false}).v;
}

// Inclusive running sums or products along dim; self may be src.
static void THCTensor_(scanAlong)(THCState *state, THCTensor *self, THCTensor *src, int dim, bool product) {
  const void *inputStorage = src->storage;
  THCTensor *in = THCTensor_(newContiguous)(state, src);
  THCTensor *out = THC_resultTarget(state, self, inputStorage, src->nDimension, src->size);
  long outer = THC_outerSize(src->size, dim), inner = THC_innerSize(src->nDimension, src->size, dim);
  thc_reduce::scanKernel<real, accreal><<<thc_reduce::gridFor(state, outer * inner), thc_reduce::kThreads, 0,
                                          THCState_getCurrentStream(state)>>>(
      THCTensor_(data)(state, out), THCTensor_(data)(state, in), outer, src->size[dim], inner, product);
  THCudaCheckLaunch("THCTensor_scan");
  THCTensor_(free)(state, in);
  THC_resultFinish(state, self, out, inputStorage, dim, 1);
}

void THCTensor_(cumsum)(THCState *state, THCTensor *self, THCTensor *src, long dim) {
  THC_CHECK_NOT_NULL_("cumsum", self, 1);
  THC_CHECK_NOT_NULL_("cumsum", src, 2);
  THC_CHECK_DIM_("cumsum", dim, src, 3);
  THCTensor_(scanAlong)(state, self, src, (int)dim, false);
}

void THCTensor_(cumprod)(THCState *state, THCTensor *self, THCTensor *src, long dim) {
  THC_CHECK_NOT_NULL_("cumprod", self, 1);
  THC_CHECK_NOT_NULL_("cumprod", src, 2);
  THC_CHECK_DIM_("cumprod", dim, src, 3);
  THCTensor_(scanAlong)(state, self, src, (int)dim, true);
}

#if defined(THC_REAL_IS_FLOAT) || defined(THC_REAL_IS_DOUBLE)

void THCTensor_(mean)(THCState *state, THCTensor *self, THCTensor *src, long dim, int keepdim) {
  THC_CHECK_NOT_NULL_("mean", self, 1);
  THC_CHECK_NOT_NULL_("mean", src, 2);
  THC_CHECK_DIM_("mean", dim, src, 3);
  THCTensor_(reduceAlong)(state, self, src, (int)dim, keepdim, thc_reduce::SumOp<real, accreal>{},
                          [](real *out) { return thc_reduce::SumWriter<real, accreal>{out, true}; });
}

accreal THCTensor_(meanall)(THCState *state, THCTensor *self) {
  THC_CHECK_NOT_NULL_("meanall", self, 1);
  ptrdiff_t n = THCTensor_(nElement)(state, self);
  THArgCheck(n > 0, 1, THC_TENSOR_NAME_ "_meanall: the tensor is empty");
  return THCTensor_(reduceAllOf)(state, self, thc_reduce::SumOp<real, accreal>{}) / (accreal)n;
}

static void THCTensor_(momentsAlong)(THCState *state, THCTensor *self, THCTensor *src, int dim, int biased,
                                     int keepdim, bool takeSqrt) {
  THCTensor_(reduceAlong)(state, self, src, dim, keepdim, thc_reduce::MomentsOp<real, accreal>{},
                          [biased, takeSqrt](real *out) {
                            return thc_reduce::MomentsWriter<real, accreal>{out, biased != 0, takeSqrt};
                          });
}

void THCTensor_(var)(THCState *state, THCTensor *self, THCTensor *src, long dim, int biased, int keepdim) {
  THC_CHECK_NOT_NULL_("var", self, 1);
  THC_CHECK_NOT_NULL_("var", src, 2);
  THC_CHECK_DIM_("var", dim, src, 3);
  THCTensor_(momentsAlong)(state, self, src, (int)dim, biased, keepdim, false);
}

void THCTensor_(std)(THCState *state, THCTensor *self, THCTensor *src, long dim, int biased, int keepdim) {
  THC_CHECK_NOT_NULL_("std", self, 1);
  THC_CHECK_NOT_NULL_("std", src, 2);
  THC_CHECK_DIM_("std", dim, src, 3);
  THCTensor_(momentsAlong)(state, self, src, (int)dim, biased, keepdim, true);
}

accreal THCTensor_(varall)(THCState *state, THCTensor *self, int biased) {
  THC_CHECK_NOT_NULL_("varall", self, 1);
  THArgCheck(THCTensor_(nElement)(state, self) > 0, 1, THC_TENSOR_NAME_ "_varall: the tensor is empty");
  auto m = THCTensor_(reduceAllOf)(state, self, thc_reduce::MomentsOp<real, accreal>{});
  return thc_reduce::momentsFinish(m, biased != 0, false);
}

accreal THCTensor_(stdall)(THCState *state, THCTensor *self, int biased) {
  THC_CHECK_NOT_NULL_("stdall", self, 1);
  THArgCheck(THCTensor_(nElement)(state, self) > 0, 1, THC_TENSOR_NAME_ "_stdall: the tensor is empty");
  auto m = THCTensor_(reduceAllOf)(state, self, thc_reduce::MomentsOp<real, accreal>{});
  return thc_reduce::momentsFinish(m, biased != 0, true);
}

void THCTensor_(norm)(THCState *state, THCTensor *self, THCTensor *src, real value, long dim, int keepdim) {
  THC_CHECK_NOT_NULL_("norm", self, 1);
  THC_CHECK_NOT_NULL_("norm", src, 2);
  THC_CHECK_DIM_("norm", dim, src, 4);
  accreal p = value;
  THCTensor_(reduceAlong)(state, self, src, (int)dim, keepdim, thc_reduce::NormOp<real, accreal>{p},
                          [p](real *out) { return thc_reduce::NormWriter<real, accreal>{out, p}; });
}

accreal THCTensor_(normall)(THCState *state, THCTensor *self, real value) {
  THC_CHECK_NOT_NULL_("normall", self, 1);
  if (THCTensor_(nElement)(state, self) == 0) return 0;
  accreal p = value;
  return thc_reduce::normFinish(THCTensor_(reduceAllOf)(state, self, thc_reduce::NormOp<real, accreal>{p}), p);
}

accreal THCTensor_(dist)(THCState *state, THCTensor *self, THCTensor *src, real value) {
  THC_CHECK_NOT_NULL_("dist", self, 1);
  THC_CHECK_NOT_NULL_("dist", src, 2);
  ptrdiff_t na = THCTensor_(nElement)(state, self), nb = THCTensor_(nElement)(state, src);
  THArgCheck(na == nb, 2, THC_TENSOR_NAME_ "_dist: self has %td elements but src has %td", na, nb);
  if (na == 0) return 0;
  // diff[i] = self[i] - src[i], both walked in row-major order (their shapes may differ).
  THCTensor *diff = THCTensor_(newWithSize1d)(state, na);
  THC_pointwiseApply3(state, diff, self, src, thc_reduce::DifferenceOp<real>{});
  accreal p = value;
  accreal acc = THCTensor_(reduceAllOf)(state, diff, thc_reduce::NormOp<real, accreal>{p});
  THCTensor_(free)(state, diff);
  return thc_reduce::normFinish(acc, p);
}

void THCTensor_(renorm)(THCState *state, THCTensor *self, THCTensor *src, real value, long dimension,
                        real max_norm) {
  THC_CHECK_NOT_NULL_("renorm", self, 1);
  THC_CHECK_NOT_NULL_("renorm", src, 2);
  THC_CHECK_DIM_("renorm", dimension, src, 4);
  THArgCheck(value > 0, 3, THC_TENSOR_NAME_ "_renorm: the norm p must be positive, got %g", (double)value);
  THArgCheck(src->nDimension > 1, 2, THC_TENSOR_NAME_ "_renorm: expected a tensor of at least 2 dimensions, got %dD",
             src->nDimension);
  int dim = (int)dimension;
  // Slice i along dim is row i of the contiguous copy of src with dim moved first.
  THCTensor *moved = THCTensor_(newTranspose)(state, src, 0, dim);
  THCTensor *rows = THCTensor_(newClone)(state, moved);  // a copy: it is scaled in place
  THCTensor_(free)(state, moved);
  long count = src->size[dim];
  long len = (long)THCTensor_(nElement)(state, src) / count;
  accreal *scale = nullptr;
  THCudaCheck(THCudaMalloc(state, (void **)&scale, sizeof(accreal) * count));
  accreal p = value;
  THC_reduceDim(state, THCTensor_(data)(state, rows), count, len, 1, thc_reduce::NormOp<real, accreal>{p},
                thc_reduce::RenormScaleWriter<accreal>{scale, p, (accreal)max_norm});
  real *d = THCTensor_(data)(state, rows);
  thc_reduce::scaleRowsKernel<<<thc_reduce::gridFor(state, count * len), thc_reduce::kThreads, 0,
                                THCState_getCurrentStream(state)>>>(d, d, scale, count, len);
  cudaError_t launched = cudaGetLastError();
  THCudaCheck(THCudaFree(state, scale));
  THCudaCheck(launched);
  // rows (dim first) back into self's layout.
  THCTensor_(resizeAs)(state, self, src);
  THCTensor *selfMoved = THCTensor_(newTranspose)(state, self, 0, dim);
  THCTensor_(copy)(state, selfMoved, rows);
  THCTensor_(free)(state, selfMoved);
  THCTensor_(free)(state, rows);
}

#endif

