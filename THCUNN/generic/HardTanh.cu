// x clamped to [min_val, max_val] (NaN passes through); the slope is 1 strictly inside the bounds and
// 0 on and beyond them, so that the in-place variant (which sees the clamped values) agrees.
#include "generic/Pointwise.cuh"

void THNN_(HardTanh_updateOutput)(THCState *state, THCTensor *input, THCTensor *output, accreal min_val_,
                                  accreal max_val_, bool inplace) {
  THNN_(Pointwise_prepareOutput)(state, "HardTanh_updateOutput", input, output, inplace);
  const real lo = (real)min_val_, hi = (real)max_val_;
  THC_pointwiseApply2(state, output, input, [=] __device__(real *y, const real *x) {
    const real v = *x;
    *y = v < lo ? lo : (v > hi ? hi : v);
  });
}

void THNN_(HardTanh_updateGradInput)(THCState *state, THCTensor *input, THCTensor *gradOutput, THCTensor *gradInput,
                                     accreal min_val_, accreal max_val_, bool inplace) {
  THNN_(Pointwise_prepareGradInput)(state, "HardTanh_updateGradInput", "input", input, gradOutput, gradInput,
                                    inplace);
  const real lo = (real)min_val_, hi = (real)max_val_;
  THC_pointwiseApply3(state, gradInput, gradOutput, input, [=] __device__(real *gi, const real *go, const real *x) {
    const real v = *x;
    *gi = (v <= lo || v >= hi) ? 0 : *go;
  });
}
