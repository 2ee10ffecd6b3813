// PReLU: x above 0, w x at and below, with one slope shared by every element (nOutputPlane 0) or
// one per channel: dimension 1 of a batch (N x C, N x C x H x W, ...), dimension 0 of a single
// sample (C, and C x H x W), as THNN/generic/PReLU.c reads them.

// Checks the arguments as THNN does and views the input as outer x channels x inner.
static void THNN_(PReLU_shape)(THCState *state, const char *fn, THCTensor *input, THCTensor *weight,
                               long nOutputPlane, long *outer, long *channels, long *inner) {
  THNN_(checkDims)(state, fn, "input", input, 1, TH_MAX_DIMS);
  THNN_(checkNotNull)(fn, "weight", weight);
  if (nOutputPlane < 0) THError("%s: nOutputPlane must be >= 0 (0: one shared slope), got %ld", fn, nOutputPlane);
  const long expected = nOutputPlane == 0 ? 1 : nOutputPlane;
  if (THCTensor_(nElement)(state, weight) != expected)
    THError("%s: weight must have %ld element%s (nOutputPlane %ld), got size %s", fn, expected,
            expected == 1 ? "" : "s", nOutputPlane, THCTensor_(sizeDesc)(state, weight).str);
  THNN_(checkDevice)(state, fn, "input", input);
  THNN_(checkDevice)(state, fn, "weight", weight);
  *outer = 1;
  *channels = 1;
  *inner = THCTensor_(nElement)(state, input);
  if (nOutputPlane == 0) return;
  const int dims = input->nDimension;
  const int channelDim = (dims == 1 || dims == 3) ? 0 : 1;
  if (input->size[channelDim] != nOutputPlane)
    THError("%s: input must have nOutputPlane = %ld channels at dimension %d, got size %s", fn, nOutputPlane,
            channelDim + TH_INDEX_BASE, THCTensor_(sizeDesc)(state, input).str);
  *outer = channelDim == 0 ? 1 : input->size[0];
  *channels = nOutputPlane;
  *inner = 1;
  for (int d = channelDim + 1; d < dims; d++) *inner *= input->size[d];
}

// result (resized like input) = x > 0 ? v : slope * v over contiguous copies of the operands.
static void THNN_(PReLU_applySlope)(THCState *state, THCTensor *input, THCTensor *v, THCTensor *weight,
                                    THCTensor *result, long channels, long inner) {
  THCTensor *x = THCTensor_(newContiguous)(state, input), *vc = THCTensor_(newContiguous)(state, v);
  THCTensor *w = THCTensor_(newContiguous)(state, weight);
  THCTensor_(resizeAs)(state, result, x);
  THCTensor *out = THCTensor_(newContiguous)(state, result);
  thcunn_prelu::applySlope(state, THCTensor_(data)(state, x), THCTensor_(data)(state, vc),
                           THCTensor_(data)(state, w), THCTensor_(data)(state, out),
                           THCTensor_(nElement)(state, x), channels, inner);
  THCTensor_(freeCopyTo)(state, out, result);
  THCTensor_(free)(state, x);
  THCTensor_(free)(state, vc);
  THCTensor_(free)(state, w);
}

void THNN_(PReLU_updateOutput)(THCState *state, THCTensor *input, THCTensor *output, THCTensor *weight,
                               long nOutputPlane) {
  long outer, channels, inner;
  THNN_(PReLU_shape)(state, "PReLU_updateOutput", input, weight, nOutputPlane, &outer, &channels, &inner);
  THNN_(checkNotNull)("PReLU_updateOutput", "output", output);
  THNN_(checkDevice)(state, "PReLU_updateOutput", "output", output);
  THNN_(PReLU_applySlope)(state, input, input, weight, output, channels, inner);
}

void THNN_(PReLU_updateGradInput)(THCState *state, THCTensor *input, THCTensor *gradOutput, THCTensor *gradInput,
                                  THCTensor *weight, long nOutputPlane) {
  const char *fn = "PReLU_updateGradInput";
  long outer, channels, inner;
  THNN_(PReLU_shape)(state, fn, input, weight, nOutputPlane, &outer, &channels, &inner);
  THNN_(checkSameNumel)(state, fn, "gradOutput", gradOutput, "input", input);
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  THNN_(checkDevice)(state, fn, "gradOutput", gradOutput);
  THNN_(checkDevice)(state, fn, "gradInput", gradInput);
  THNN_(PReLU_applySlope)(state, input, gradOutput, weight, gradInput, channels, inner);
}

// gradWeight[c] += scale * the sum of x g over the elements of channel c with x <= 0: the products
// in a contiguous temporary, summed over inner (outer * channels partial sums), then over outer.
// gradWeightBuf and gradWeightBuf2 are not needed and not touched (THNN's choice too).
void THNN_(PReLU_accGradParameters)(THCState *state, THCTensor *input, THCTensor *gradOutput, THCTensor *gradInput,
                                    THCTensor *weight, THCTensor *gradWeight, THCTensor *gradWeightBuf,
                                    THCTensor *gradWeightBuf2, long nOutputPlane, accreal scale_) {
  const char *fn = "PReLU_accGradParameters";
  long outer, channels, inner;
  THNN_(PReLU_shape)(state, fn, input, weight, nOutputPlane, &outer, &channels, &inner);
  THNN_(checkSameNumel)(state, fn, "gradOutput", gradOutput, "input", input);
  THNN_(checkSameNumel)(state, fn, "gradWeight", gradWeight, "weight", weight);
  THNN_(checkDevice)(state, fn, "gradOutput", gradOutput);
  THNN_(checkDevice)(state, fn, "gradWeight", gradWeight);
  const long n = THCTensor_(nElement)(state, input);
  if (n == 0) return;
  // The products in input's row-major order: the apply walks every operand in that order.
  THCTensor *products = THCTensor_(newWithSize1d)(state, n);
  THC_pointwiseApply3(state, products, input, gradOutput, [] __device__(real *p, const real *x, const real *g) {
    *p = *x > 0 ? 0 : *x * *g;
  });
  double *partial = nullptr;
  THCudaCheck(THCudaMalloc(state, (void **)&partial, sizeof(double) * outer * channels));
  THC_reduceDim(state, THCTensor_(data)(state, products), outer * channels, inner, 1L, thcunn::DoubleSum{},
                [=] __device__(long run, double sum, long) { partial[run] = sum; });
  THCTensor *gw = THCTensor_(newContiguous)(state, gradWeight);
  real *gwData = THCTensor_(data)(state, gw);
  const double scale = scale_;
  THC_reduceDim(state, partial, 1L, outer, channels, thcunn::DoubleSum{},
                [=] __device__(long c, double sum, long) { gwData[c] += (real)(scale * sum); });
  THCudaCheck(THCudaFree(state, partial));
  THCTensor_(freeCopyTo)(state, gw, gradWeight);
  THCTensor_(free)(state, products);
}
