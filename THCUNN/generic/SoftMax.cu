// softmax over the classes (shapes: generic/SoftMaxPass.cuh): exp(x - max) / sum, and its gradient
// from the output (`input` is not read by updateGradInput).
#include "SoftMaxRows.cuh"
#include "generic/SoftMaxPass.cuh"

void THNN_(SoftMax_updateOutput)(THCState *state, THCTensor *input, THCTensor *output) {
  THNN_(SoftMax_pass)(state, "SoftMax_updateOutput", input, NULL, output, thcunn_softmax::SoftMaxForward<real>{});
}

void THNN_(SoftMax_updateGradInput)(THCState *state, THCTensor *input, THCTensor *gradOutput, THCTensor *gradInput,
                                    THCTensor *output) {
  THNN_(SoftMax_pass)(state, "SoftMax_updateGradInput", output, gradOutput, gradInput,
                      thcunn_softmax::SoftMaxBackward<real>{});
}
