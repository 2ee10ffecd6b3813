// log softmax over the classes (shapes: generic/SoftMaxPass.cuh): x - max - log(sum exp(x - max)),
// and its gradient from the output (`input` is not read by updateGradInput). Output may be input.
#include "SoftMaxRows.cuh"
#include "generic/SoftMaxPass.cuh"

void THNN_(LogSoftMax_updateOutput)(THCState *state, THCTensor *input, THCTensor *output) {
  THNN_(SoftMax_pass)(state, "LogSoftMax_updateOutput", input, NULL, output,
                      thcunn_softmax::LogSoftMaxForward<real>{});
}

void THNN_(LogSoftMax_updateGradInput)(THCState *state, THCTensor *input, THCTensor *gradOutput,
                                       THCTensor *gradInput, THCTensor *output) {
  THNN_(SoftMax_pass)(state, "LogSoftMax_updateGradInput", output, gradOutput, gradInput,
                      thcunn_softmax::LogSoftMaxBackward<real>{});
}
