#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THNN.h"
#else

/* Every legacy THNN kernel, in Torch7's header format: one declaration per function, one argument
 * per line, comments on their own lines. Binding generators parse this file (PyTorch 0.x's
 * parse_header, torch/nn's LuaJIT ffi.cdef), so keep the format. Conventions: `state` is unused on
 * the CPU (pass NULL); index tensors (THIndexTensor) hold 1-based indices; output and buffer
 * tensors are resized by the kernel. */

TH_API void THNN_(Abs_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output);

TH_API void THNN_(Abs_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput);

TH_API void THNN_(AbsCriterion_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *target,
    THTensor *output,
    bool sizeAverage);

TH_API void THNN_(AbsCriterion_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *target,
    THTensor *gradInput,
    bool sizeAverage);

TH_API void THNN_(BCECriterion_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *target,
    THTensor *output,
    bool sizeAverage,
    THTensor *weights);

TH_API void THNN_(BCECriterion_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *target,
    THTensor *gradInput,
    bool sizeAverage,
    THTensor *weights);

TH_API void THNN_(ClassNLLCriterion_updateOutput)(
    THNNState *state,
    THTensor *input,
    THIndexTensor *target,
    THTensor *output,
    bool sizeAverage,
    THTensor *weights,
    THTensor *total_weight,
    long ignore_index);

TH_API void THNN_(ClassNLLCriterion_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THIndexTensor *target,
    THTensor *gradInput,
    bool sizeAverage,
    THTensor *weights,
    THTensor *total_weight,
    long ignore_index);

TH_API void THNN_(SpatialClassNLLCriterion_updateOutput)(
    THNNState *state,
    THTensor *input,
    THIndexTensor *target,
    THTensor *output,
    bool sizeAverage,
    THTensor *weights,
    THTensor *total_weight);

TH_API void THNN_(SpatialClassNLLCriterion_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THIndexTensor *target,
    THTensor *gradInput,
    bool sizeAverage,
    THTensor *weights,
    THTensor *total_weight);

TH_API void THNN_(ELU_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    accreal alpha,
    bool inplace);

TH_API void THNN_(ELU_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    THTensor *output,
    accreal alpha,
    bool inplace);

TH_API void THNN_(DistKLDivCriterion_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *target,
    THTensor *output,
    bool sizeAverage);

TH_API void THNN_(DistKLDivCriterion_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *target,
    THTensor *gradInput,
    bool sizeAverage);

TH_API void THNN_(GatedLinear_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    int dim);

TH_API void THNN_(GatedLinear_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    int dim);

TH_API void THNN_(HardShrink_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    accreal lambda);

TH_API void THNN_(HardShrink_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    accreal lambda);

TH_API void THNN_(HardTanh_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    accreal min_val,
    accreal max_val,
    bool inplace);

TH_API void THNN_(HardTanh_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    accreal min_val,
    accreal max_val,
    bool inplace);

TH_API void THNN_(L1Cost_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output);

TH_API void THNN_(L1Cost_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput);

TH_API void THNN_(LeakyReLU_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    accreal negval,
    bool inplace);

TH_API void THNN_(LeakyReLU_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    accreal negval,
    bool inplace);

// input, hidden: [N x 3H] gate pre-activations (chunks r, z, n); bias1, bias2: 3H elements or NULL;
// hx, output: [N x H] (or [H]); storage: [N x 5H], what updateGradInput needs.
TH_API void THNN_(GRUFused_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *hidden,
    THTensor *bias1,
    THTensor *bias2,
    THTensor *hx,
    THTensor *output,
    THTensor *storage);

// gradInInput, gradInHidden: [N x 3H]; gradOutput, gradInputHx: [N x H]; storage as updateOutput left it.
TH_API void THNN_(GRUFused_updateGradInput)(
    THNNState *state,
    THTensor *gradInInput,
    THTensor *gradInHidden,
    THTensor *gradOutput,
    THTensor *gradInputHx,
    THTensor *storage);

// input, hidden: [N x 4H] gate pre-activations (chunks i, f, g, o); bias1, bias2: 4H elements or NULL;
// cell, output, outputCell: [N x H]. input is overwritten with the activated gates (updateGradInput's storage).
TH_API void THNN_(LSTMFused_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *hidden,
    THTensor *bias1,
    THTensor *bias2,
    THTensor *cell,
    THTensor *output,
    THTensor *outputCell);

// gradInGates: [N x 4H], the gradient of the gate pre-activations; gradOutputCell may be NULL (zero).
TH_API void THNN_(LSTMFused_updateGradInput)(
    THNNState *state,
    THTensor *storage,
    THTensor *gradInGates,
    THTensor *cx,
    THTensor *cy,
    THTensor *gradOutput,
    THTensor *gradOutputCell,
    THTensor *gradInputCx);

TH_API void THNN_(LogSigmoid_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    THTensor *buffer);

TH_API void THNN_(LogSigmoid_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    THTensor *buffer);

TH_API void THNN_(LogSoftMax_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output);

TH_API void THNN_(LogSoftMax_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    THTensor *output);

// input: 1-based indices (1D or 2D); rows equal to paddingValue are skipped; sorted, indices: unused on the CPU.
TH_API void THNN_(LookupTable_accGradParameters)(
    THNNState *state,
    THIndexTensor *input,
    THTensor *gradOutput,
    THTensor *gradWeight,
    THIntegerTensor *count,
    THTensor *sorted,
    THIndexTensor *indices,
    bool scaleGradByFreq,
    int paddingValue,
    accreal scale);

TH_API void THNN_(LookupTable_renorm)(
    THNNState *state,
    THIndexTensor *idx,
    THTensor *weight,
    accreal maxNorm,
    accreal normType);

TH_API void THNN_(MarginCriterion_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *target,
    THTensor *output,
    bool sizeAverage,
    accreal margin);

TH_API void THNN_(MarginCriterion_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *target,
    THTensor *gradInput,
    bool sizeAverage,
    accreal margin);

TH_API void THNN_(SoftMarginCriterion_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *target,
    THTensor *output,
    bool sizeAverage);

TH_API void THNN_(SoftMarginCriterion_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *target,
    THTensor *gradInput,
    bool sizeAverage);

TH_API void THNN_(MSECriterion_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *target,
    THTensor *output,
    bool sizeAverage);

TH_API void THNN_(MSECriterion_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *target,
    THTensor *gradInput,
    bool sizeAverage);

TH_API void THNN_(MultiLabelMarginCriterion_updateOutput)(
    THNNState *state,
    THTensor *input,
    THIndexTensor *target,
    THTensor *output,
    THTensor *isTarget,
    bool sizeAverage);

TH_API void THNN_(MultiLabelMarginCriterion_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THIndexTensor *target,
    THTensor *gradInput,
    THTensor *isTarget,
    bool sizeAverage);

TH_API void THNN_(MultiMarginCriterion_updateOutput)(
    THNNState *state,
    THTensor *input,
    THIndexTensor *target,
    THTensor *output,
    bool sizeAverage,
    int p,
    THTensor *weights,
    accreal margin);

TH_API void THNN_(MultiMarginCriterion_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THIndexTensor *target,
    THTensor *gradInput,
    bool sizeAverage,
    int p,
    THTensor *weights,
    accreal margin);

TH_API void THNN_(PReLU_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    THTensor *weight,
    THIndex_t nOutputPlane);

TH_API void THNN_(PReLU_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    THTensor *weight,
    THIndex_t nOutputPlane);

TH_API void THNN_(PReLU_accGradParameters)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    THTensor *weight,
    THTensor *gradWeight,
    THTensor *gradWeightBuf,
    THTensor *gradWeightBuf2,
    THIndex_t nOutputPlane,
    accreal scale);

TH_API void THNN_(Linear_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    THTensor *weight,
    THTensor *bias,
    THTensor *addBuffer);

TH_API void THNN_(Linear_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    THTensor *weight);

TH_API void THNN_(Linear_accGradParameters)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    THTensor *weight,
    THTensor *bias,
    THTensor *gradWeight,
    THTensor *gradBias,
    THTensor *addBuffer,
    accreal scale);

TH_API void THNN_(RReLU_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    THTensor *noise,
    accreal lower,
    accreal upper,
    bool train,
    bool inplace,
    THGenerator *generator);

TH_API void THNN_(RReLU_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    THTensor *noise,
    accreal lower,
    accreal upper,
    bool train,
    bool inplace);

TH_API void THNN_(Sigmoid_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output);

TH_API void THNN_(Sigmoid_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    THTensor *output);

TH_API void THNN_(SmoothL1Criterion_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *target,
    THTensor *output,
    bool sizeAverage);

TH_API void THNN_(SmoothL1Criterion_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *target,
    THTensor *gradInput,
    bool sizeAverage);

TH_API void THNN_(SoftMax_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output);

TH_API void THNN_(SoftMax_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    THTensor *output);

TH_API void THNN_(SoftPlus_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    accreal beta,
    accreal threshold);

TH_API void THNN_(SoftPlus_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    THTensor *output,
    accreal beta,
    accreal threshold);

TH_API void THNN_(SoftShrink_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    accreal lambda);

TH_API void THNN_(SoftShrink_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    accreal lambda);

// keys, values: [K]; sizes, cumSumSizes: [B] (cumSumSizes is the running sum of sizes); a key's weight row is
// key + keysOffset; weight: [nFeatures x outDim], or 4 more leading columns to max-normalise the values.
TH_API void THNN_(IndexLinear_updateOutput)(
    THNNState *state,
    THIndexTensor *keys,
    long keysOffset,
    THTensor *values,
    THIndexTensor *sizes,
    THIndexTensor *cumSumSizes,
    THTensor *output,
    THTensor *weight,
    THTensor *bias,
    THTensor *normalizedValues,
    int train);

TH_API void THNN_(IndexLinear_accGradParameters)(
    THNNState *state,
    THIndexTensor *keys,
    long keysOffset,
    THTensor *values,
    THIndexTensor *sizes,
    THIndexTensor *cumSumSizes,
    THTensor *gradOutput,
    THTensor *gradWeight,
    THTensor *gradBias,
    THTensor *weight,
    THTensor *bias,
    THTensor *valuesBuffer,
    accreal weightDecay,
    accreal scale);

TH_API void THNN_(IndexLinear_accUpdateGradParameters)(
    THNNState *state,
    THIndexTensor *keys,
    long keysOffset,
    THTensor *values,
    THIndexTensor *sizes,
    THIndexTensor *cumSumSizes,
    THTensor *gradOutput,
    THTensor *weight,
    THTensor *bias,
    accreal weightDecay,
    accreal scale);

TH_API void THNN_(IndexLinear_updateParameters)(
    THNNState *state,
    THTensor *gradWeight,
    THTensor *gradBias,
    THTensor *weight,
    THTensor *bias,
    THIndexTensor *runningKeys,
    THIndexTensor *cumSumSizes,
    long keysOffset,
    accreal weightDecay,
    accreal learningRate);

// input: [nnz x 3] rows of (batch index, feature index, value), 1-based; the legacy* variants take
// [batch x nnz x 2] pairs of (feature index, value). weight: [outDim x inDim].
TH_API void THNN_(SparseLinear_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    THTensor *weight,
    THTensor *bias);

TH_API void THNN_(SparseLinear_accGradParameters)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradWeight,
    THTensor *gradBias,
    THTensor *weight,
    THTensor *bias,
    accreal weightDecay,
    accreal scale);

TH_API void THNN_(SparseLinear_zeroGradParameters)(
    THNNState *state,
    THTensor *gradWeight,
    THTensor *gradBias,
    THTensor *lastInput);

TH_API void THNN_(SparseLinear_updateParameters)(
    THNNState *state,
    THTensor *weight,
    THTensor *bias,
    THTensor *gradWeight,
    THTensor *gradBias,
    THTensor *lastInput,
    accreal learningRate);

TH_API void THNN_(SparseLinear_legacyUpdateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    THTensor *weight,
    THTensor *bias);

TH_API void THNN_(SparseLinear_legacyAccGradParameters)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradWeight,
    THTensor *gradBias,
    THTensor *weight,
    THTensor *bias,
    accreal weightDecay,
    accreal scale);

TH_API void THNN_(SparseLinear_legacyZeroGradParameters)(
    THNNState *state,
    THTensor *gradWeight,
    THTensor *gradBias,
    THTensor *lastInput);

TH_API void THNN_(SparseLinear_legacyUpdateParameters)(
    THNNState *state,
    THTensor *weight,
    THTensor *bias,
    THTensor *gradWeight,
    THTensor *gradBias,
    THTensor *lastInput,
    accreal learningRate);

TH_API void THNN_(Sqrt_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    accreal eps);

TH_API void THNN_(Sqrt_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    THTensor *output);

TH_API void THNN_(Square_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output);

TH_API void THNN_(Square_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput);

TH_API void THNN_(Tanh_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output);

TH_API void THNN_(Tanh_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    THTensor *output);

TH_API void THNN_(Threshold_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    accreal threshold,
    accreal val,
    bool inplace);

TH_API void THNN_(Threshold_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    accreal threshold,
    accreal val,
    bool inplace);

TH_API void THNN_(TemporalConvolution_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    THTensor *weight,
    THTensor *bias,
    int kW,
    int dW,
    int inputFrameSize,
    int outputFrameSize);

TH_API void THNN_(TemporalConvolution_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    THTensor *weight,
    int kW,
    int dW);

TH_API void THNN_(TemporalConvolution_accGradParameters)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradWeight,
    THTensor *gradBias,
    int kW,
    int dW,
    accreal scale);

// input [T x F] or [N x T x F], pooled over T; indices: the offset of each max within its window,
// 0 to kW-1 (Torch7's convention for this module, not 1-based); the backward skips -1 (Torch7's "no max").
TH_API void THNN_(TemporalMaxPooling_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    THIndexTensor *indices,
    int kW,
    int dW);

TH_API void THNN_(TemporalMaxPooling_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    THIndexTensor *indices,
    int kW,
    int dW);

// input [T x F] or [N x T x F]; weight, bias: F values (bias may be NULL).
TH_API void THNN_(TemporalSubSampling_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    THTensor *weight,
    THTensor *bias,
    int kW,
    int dW,
    int inputFrameSize);

TH_API void THNN_(TemporalSubSampling_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    THTensor *weight,
    int kW,
    int dW);

TH_API void THNN_(TemporalSubSampling_accGradParameters)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradWeight,
    THTensor *gradBias,
    int kW,
    int dW,
    accreal scale);

TH_API void THNN_(TemporalRowConvolution_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    THTensor *weight,
    THTensor *bias,
    THTensor *finput,
    THTensor *fgradInput,
    int kW,
    int dW,
    int padW,
    bool featFirst);

TH_API void THNN_(TemporalRowConvolution_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    THTensor *weight,
    THTensor *finput,
    THTensor *fgradInput,
    int kW,
    int dW,
    int padW,
    bool featFirst);

TH_API void THNN_(TemporalRowConvolution_accGradParameters)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradWeight,
    THTensor *gradBias,
    THTensor *finput,
    THTensor *fgradInput,
    int kW,
    int dW,
    int padW,
    bool featFirst,
    accreal scale);

// input: [N x C] or [N x C x ...]; weight, bias may be NULL; save_std holds 1/sqrt(var + eps);
// running_mean, running_var may be NULL in training (running_var takes the unbiased variance).
TH_API void THNN_(BatchNormalization_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    THTensor *weight,
    THTensor *bias,
    THTensor *running_mean,
    THTensor *running_var,
    THTensor *save_mean,
    THTensor *save_std,
    bool train,
    accreal momentum,
    accreal eps);

TH_API void THNN_(BatchNormalization_backward)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    THTensor *gradWeight,
    THTensor *gradBias,
    THTensor *weight,
    THTensor *running_mean,
    THTensor *running_var,
    THTensor *save_mean,
    THTensor *save_std,
    bool train,
    accreal scale,
    accreal eps);

// connTable: [nConnections x 2] 1-based (input plane, output plane) rows; weight [nConnections x kH x kW].
TH_API void THNN_(SpatialConvolutionMap_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    THTensor *weight,
    THTensor *bias,
    THTensor *connTable,
    int nInputPlane,
    int nOutputPlane,
    int dW,
    int dH);

TH_API void THNN_(SpatialConvolutionMap_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    THTensor *weight,
    THTensor *bias,
    THTensor *connTable,
    int nInputPlane,
    int nOutputPlane,
    int dW,
    int dH);

TH_API void THNN_(SpatialConvolutionMap_accGradParameters)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradWeight,
    THTensor *gradBias,
    THTensor *connTable,
    int nInputPlane,
    int nOutputPlane,
    int dW,
    int dH,
    accreal scale);

// weight: [nOutputPlane x nInputPlane x kH x kW] or [nOutputPlane x nInputPlane*kH*kW]; bias may be NULL.
// finput: the unfolded input, [nImages x nInputPlane*kH*kW x outputHeight*outputWidth] (2D for one image),
// kept for accGradParameters (not used for 1x1 stride-1 unpadded kernels); fgradInput: one image's columns.
TH_API void THNN_(SpatialConvolutionMM_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    THTensor *weight,
    THTensor *bias,
    THTensor *finput,
    THTensor *fgradInput,
    int kW,
    int kH,
    int dW,
    int dH,
    int padW,
    int padH);

TH_API void THNN_(SpatialConvolutionMM_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    THTensor *weight,
    THTensor *finput,
    THTensor *fgradInput,
    int kW,
    int kH,
    int dW,
    int dH,
    int padW,
    int padH);

// Reads finput as updateOutput left it for this input (a finput of another size is refilled).
TH_API void THNN_(SpatialConvolutionMM_accGradParameters)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradWeight,
    THTensor *gradBias,
    THTensor *finput,
    THTensor *fgradInput,
    int kW,
    int kH,
    int dW,
    int dH,
    int padW,
    int padH,
    accreal scale);

// weight: [nOutputPlane x nInputPlane x kH x kW]; output plane i*nOutputPlane+j = input plane i * weight[j][i]
// + bias[j][i] (bias [nOutputPlane x nInputPlane] or NULL); finput keeps the unfolded input as in MM.
TH_API void THNN_(SpatialDepthWiseConvolution_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    THTensor *weight,
    THTensor *bias,
    THTensor *finput,
    THTensor *fgradInput,
    int kW,
    int kH,
    int dW,
    int dH,
    int padW,
    int padH);

TH_API void THNN_(SpatialDepthWiseConvolution_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    THTensor *weight,
    THTensor *finput,
    THTensor *fgradInput,
    int kW,
    int kH,
    int dW,
    int dH,
    int padW,
    int padH);

TH_API void THNN_(SpatialDepthWiseConvolution_accGradParameters)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradWeight,
    THTensor *gradBias,
    THTensor *finput,
    THTensor *fgradInput,
    int kW,
    int kH,
    int dW,
    int dH,
    int padW,
    int padH,
    accreal scale);

// weight: [oH x oW x nOutputPlane x nInputPlane x kH x kW] or [oH*oW x nOutputPlane x nInputPlane*kH*kW];
// bias [nOutputPlane x oH x oW]; finput keeps the unfolded input as in MM.
TH_API void THNN_(SpatialConvolutionLocal_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    THTensor *weight,
    THTensor *bias,
    THTensor *finput,
    THTensor *fgradInput,
    int kW,
    int kH,
    int dW,
    int dH,
    int padW,
    int padH,
    long inputWidth,
    long inputHeight,
    long outputWidth,
    long outputHeight);

TH_API void THNN_(SpatialConvolutionLocal_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    THTensor *weight,
    THTensor *finput,
    THTensor *fgradInput,
    int kW,
    int kH,
    int dW,
    int dH,
    int padW,
    int padH,
    long inputWidth,
    long inputHeight,
    long outputWidth,
    long outputHeight);

TH_API void THNN_(SpatialConvolutionLocal_accGradParameters)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradWeight,
    THTensor *gradBias,
    THTensor *finput,
    THTensor *fgradInput,
    int kW,
    int kH,
    int dW,
    int dH,
    int padW,
    int padH,
    long inputWidth,
    long inputHeight,
    long outputWidth,
    long outputHeight,
    accreal scale);

// indices: [2 x planes x oheight x owidth] ([2 x batch x ...] for a batch): plane 0 the max's row within its
// window, plane 1 its column, both 1-based (Torch7's layout; windows computed in single precision as Torch7 did).
TH_API void THNN_(SpatialAdaptiveMaxPooling_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    THIndexTensor *indices,
    int owidth,
    int oheight);

TH_API void THNN_(SpatialAdaptiveMaxPooling_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    THIndexTensor *indices);

TH_API void THNN_(SpatialAdaptiveAveragePooling_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    int owidth,
    int oheight);

TH_API void THNN_(SpatialAdaptiveAveragePooling_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput);

TH_API void THNN_(SpatialAveragePooling_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    int kW,
    int kH,
    int dW,
    int dH,
    int padW,
    int padH,
    bool ceil_mode,
    bool count_include_pad);

TH_API void THNN_(SpatialAveragePooling_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    int kW,
    int kH,
    int dW,
    int dH,
    int padW,
    int padH,
    bool ceil_mode,
    bool count_include_pad);

// randomSamples: [N x nPlanes x 2] ([1 x nPlanes x 2] for one image), in [0, 1): 0 drives W, 1 drives H;
// indices as SpatialMaxPooling (but 0 is out of range in the backward).
TH_API void THNN_(SpatialFractionalMaxPooling_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    int outputW,
    int outputH,
    int poolSizeW,
    int poolSizeH,
    THIndexTensor *indices,
    THTensor *randomSamples);

TH_API void THNN_(SpatialFractionalMaxPooling_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    int outputW,
    int outputH,
    int poolSizeW,
    int poolSizeH,
    THIndexTensor *indices);

// weight: [nInputPlane x nOutputPlane x kH x kW]; columns holds one image's columns; ones is not used.
TH_API void THNN_(SpatialFullConvolution_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    THTensor *weight,
    THTensor *bias,
    THTensor *columns,
    THTensor *ones,
    int kW,
    int kH,
    int dW,
    int dH,
    int padW,
    int padH,
    int adjW,
    int adjH);

TH_API void THNN_(SpatialFullConvolution_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    THTensor *weight,
    THTensor *gradColumns,
    int kW,
    int kH,
    int dW,
    int dH,
    int padW,
    int padH,
    int adjW,
    int adjH);

TH_API void THNN_(SpatialFullConvolution_accGradParameters)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradWeight,
    THTensor *gradBias,
    THTensor *columns,
    THTensor *ones,
    int kW,
    int kH,
    int dW,
    int dH,
    int padW,
    int padH,
    int adjW,
    int adjH,
    accreal scale);

// As SpatialConvolutionMap, transposed; input 3D or 4D (batch).
TH_API void THNN_(SpatialFullConvolutionMap_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    THTensor *weight,
    THTensor *bias,
    THTensor *connTable,
    int nInputPlane,
    int nOutputPlane,
    int dW,
    int dH);

TH_API void THNN_(SpatialFullConvolutionMap_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    THTensor *weight,
    THTensor *bias,
    THTensor *connTable,
    int nInputPlane,
    int nOutputPlane,
    int dW,
    int dH);

TH_API void THNN_(SpatialFullConvolutionMap_accGradParameters)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradWeight,
    THTensor *gradBias,
    THTensor *connTable,
    int nInputPlane,
    int nOutputPlane,
    int dW,
    int dH,
    accreal scale);

// weight as SpatialConvolutionMM; columns holds one image's columns (accGradParameters unfolds again); ones is not used.
TH_API void THNN_(SpatialDilatedConvolution_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    THTensor *weight,
    THTensor *bias,
    THTensor *columns,
    THTensor *ones,
    int kW,
    int kH,
    int dW,
    int dH,
    int padW,
    int padH,
    int dilationW,
    int dilationH);

TH_API void THNN_(SpatialDilatedConvolution_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    THTensor *weight,
    THTensor *gradColumns,
    int kW,
    int kH,
    int dW,
    int dH,
    int padW,
    int padH,
    int dilationW,
    int dilationH);

TH_API void THNN_(SpatialDilatedConvolution_accGradParameters)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradWeight,
    THTensor *gradBias,
    THTensor *columns,
    THTensor *ones,
    int kW,
    int kH,
    int dW,
    int dH,
    int padW,
    int padH,
    int dilationW,
    int dilationH,
    accreal scale);

TH_API void THNN_(SpatialFullDilatedConvolution_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    THTensor *weight,
    THTensor *bias,
    THTensor *columns,
    THTensor *ones,
    int kW,
    int kH,
    int dW,
    int dH,
    int padW,
    int padH,
    int dilationW,
    int dilationH,
    int adjW,
    int adjH);

TH_API void THNN_(SpatialFullDilatedConvolution_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    THTensor *weight,
    THTensor *gradColumns,
    int kW,
    int kH,
    int dW,
    int dH,
    int padW,
    int padH,
    int dilationW,
    int dilationH,
    int adjW,
    int adjH);

TH_API void THNN_(SpatialFullDilatedConvolution_accGradParameters)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradWeight,
    THTensor *gradBias,
    THTensor *columns,
    THTensor *ones,
    int kW,
    int kH,
    int dW,
    int dH,
    int padW,
    int padH,
    int dilationW,
    int dilationH,
    int adjW,
    int adjH,
    accreal scale);

// indices: per output element, the 1-based position of its max within the input plane (h*inputWidth + w + 1);
// the backward skips 0 (Torch7's "no max").
TH_API void THNN_(SpatialMaxPooling_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    THIndexTensor *indices,
    int kW,
    int kH,
    int dW,
    int dH,
    int padW,
    int padH,
    bool ceil_mode);

TH_API void THNN_(SpatialMaxPooling_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    THIndexTensor *indices,
    int kW,
    int kH,
    int dW,
    int dH,
    int padW,
    int padH,
    bool ceil_mode);

// indices as SpatialMaxPooling.
TH_API void THNN_(SpatialDilatedMaxPooling_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    THIndexTensor *indices,
    int kW,
    int kH,
    int dW,
    int dH,
    int padW,
    int padH,
    int dilationW,
    int dilationH,
    bool ceil_mode);

TH_API void THNN_(SpatialDilatedMaxPooling_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    THIndexTensor *indices,
    int kW,
    int kH,
    int dW,
    int dH,
    int padW,
    int padH,
    int dilationW,
    int dilationH,
    bool ceil_mode);

// indices: as SpatialMaxPooling returned them (input's size), positions within an oheight x owidth plane.
TH_API void THNN_(SpatialMaxUnpooling_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    THIndexTensor *indices,
    int owidth,
    int oheight);

TH_API void THNN_(SpatialMaxUnpooling_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    THIndexTensor *indices,
    int owidth,
    int oheight);

// weight, bias: one value per input plane (bias may be NULL).
TH_API void THNN_(SpatialSubSampling_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    THTensor *weight,
    THTensor *bias,
    int kW,
    int kH,
    int dW,
    int dH);

TH_API void THNN_(SpatialSubSampling_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    THTensor *weight,
    int kW,
    int kH,
    int dW,
    int dH);

TH_API void THNN_(SpatialSubSampling_accGradParameters)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradWeight,
    THTensor *gradBias,
    int kW,
    int kH,
    int dW,
    int dH,
    accreal scale);

TH_API void THNN_(SpatialUpSamplingNearest_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    int scale_factor);

TH_API void THNN_(SpatialUpSamplingNearest_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    int scale_factor);

// Corners aligned (PyTorch's align_corners=True): output o reads input o * (in - 1) / (out - 1).
TH_API void THNN_(SpatialUpSamplingBilinear_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    int outputHeight,
    int outputWidth);

TH_API void THNN_(SpatialUpSamplingBilinear_updateGradInput)(
    THNNState *state,
    THTensor *gradOutput,
    THTensor *gradInput,
    int nbatch,
    int nchannels,
    int inputHeight,
    int inputWidth,
    int outputHeight,
    int outputWidth);

// input N x C x IH x IW, grid N x H x W x 2 of (x, y) in [-1, 1] over the corner element centres; zeros outside.
TH_API void THNN_(SpatialGridSamplerBilinear_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *grid,
    THTensor *output);

TH_API void THNN_(SpatialGridSamplerBilinear_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradInput,
    THTensor *grid,
    THTensor *gradGrid,
    THTensor *gradOutput);

// input [nInputPlane x inputHeight x inputWidth] += the folding of finput [nInputPlane*kH*kW x outputHeight*outputWidth].
TH_API void THNN_(unfolded_acc)(
    THTensor *finput,
    THTensor *input,
    int kW,
    int kH,
    int dW,
    int dH,
    int padW,
    int padH,
    int nInputPlane,
    int inputWidth,
    int inputHeight,
    int outputWidth,
    int outputHeight);

// finput [nInputPlane*kH*kW x outputHeight*outputWidth] = the unfolding (im2col) of input.
TH_API void THNN_(unfolded_copy)(
    THTensor *finput,
    THTensor *input,
    int kW,
    int kH,
    int dW,
    int dH,
    int padW,
    int padH,
    int nInputPlane,
    int inputWidth,
    int inputHeight,
    int outputWidth,
    int outputHeight);

TH_API void THNN_(VolumetricAveragePooling_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    int kT,
    int kW,
    int kH,
    int dT,
    int dW,
    int dH,
    int padT,
    int padW,
    int padH,
    bool ceil_mode,
    bool count_include_pad);

TH_API void THNN_(VolumetricAveragePooling_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    int kT,
    int kW,
    int kH,
    int dT,
    int dW,
    int dH,
    int padT,
    int padW,
    int padH,
    bool ceil_mode,
    bool count_include_pad);

TH_API void THNN_(VolumetricConvolution_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    THTensor *weight,
    THTensor *bias,
    THTensor *finput,
    THTensor *fgradInput,
    int dT,
    int dW,
    int dH,
    int pT,
    int pW,
    int pH);

TH_API void THNN_(VolumetricConvolution_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    THTensor *weight,
    THTensor *finput,
    int dT,
    int dW,
    int dH,
    int pT,
    int pW,
    int pH);

TH_API void THNN_(VolumetricConvolution_accGradParameters)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradWeight,
    THTensor *gradBias,
    THTensor *finput,
    THTensor *fgradInput,
    int dT,
    int dW,
    int dH,
    int pT,
    int pW,
    int pH,
    accreal scale);

TH_API void THNN_(VolumetricConvolutionMM_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    THTensor *weight,
    THTensor *bias,
    THTensor *finput,
    int kT,
    int kW,
    int kH,
    int dT,
    int dW,
    int dH,
    int pT,
    int pW,
    int pH);

TH_API void THNN_(VolumetricConvolutionMM_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    THTensor *weight,
    THTensor *finput,
    THTensor *fgradInput,
    int kT,
    int kW,
    int kH,
    int dT,
    int dW,
    int dH,
    int pT,
    int pW,
    int pH);

TH_API void THNN_(VolumetricConvolutionMM_accGradParameters)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradWeight,
    THTensor *gradBias,
    THTensor *finput,
    int kT,
    int kW,
    int kH,
    int dT,
    int dW,
    int dH,
    int pT,
    int pW,
    int pH,
    accreal scale);

// Torch7's layout: input [N x] C x H x W x T, output [N x] C x outputH x outputW x outputT; randomSamples [N x C x 3] drive T, W, H.
TH_API void THNN_(VolumetricFractionalMaxPooling_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    int outputT,
    int outputW,
    int outputH,
    int poolSizeT,
    int poolSizeW,
    int poolSizeH,
    THIndexTensor *indices,
    THTensor *randomSamples);

TH_API void THNN_(VolumetricFractionalMaxPooling_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    int outputT,
    int outputW,
    int outputH,
    int poolSizeT,
    int poolSizeW,
    int poolSizeH,
    THIndexTensor *indices);

TH_API void THNN_(VolumetricFullConvolution_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    THTensor *weight,
    THTensor *bias,
    THTensor *finput,
    THTensor *fgradInput,
    int dT,
    int dW,
    int dH,
    int pT,
    int pW,
    int pH,
    int aT,
    int aW,
    int aH);

TH_API void THNN_(VolumetricFullConvolution_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    THTensor *weight,
    THTensor *finput,
    THTensor *fgradInput,
    int dT,
    int dW,
    int dH,
    int pT,
    int pW,
    int pH,
    int aT,
    int aW,
    int aH);

TH_API void THNN_(VolumetricFullConvolution_accGradParameters)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradWeight,
    THTensor *gradBias,
    THTensor *finput,
    THTensor *fgradInput,
    int dT,
    int dW,
    int dH,
    int pT,
    int pW,
    int pH,
    int aT,
    int aW,
    int aH,
    accreal scale);

TH_API void THNN_(VolumetricDilatedConvolution_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    THTensor *weight,
    THTensor *bias,
    THTensor *columns,
    THTensor *ones,
    int kT,
    int kW,
    int kH,
    int dT,
    int dW,
    int dH,
    int padT,
    int padW,
    int padH,
    int dilationT,
    int dilationW,
    int dilationH);

TH_API void THNN_(VolumetricDilatedConvolution_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    THTensor *weight,
    THTensor *gradColumns,
    int kT,
    int kW,
    int kH,
    int dT,
    int dW,
    int dH,
    int padT,
    int padW,
    int padH,
    int dilationT,
    int dilationW,
    int dilationH);

TH_API void THNN_(VolumetricDilatedConvolution_accGradParameters)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradWeight,
    THTensor *gradBias,
    THTensor *columns,
    THTensor *ones,
    int kT,
    int kW,
    int kH,
    int dT,
    int dW,
    int dH,
    int padT,
    int padW,
    int padH,
    int dilationT,
    int dilationW,
    int dilationH,
    accreal scale);

TH_API void THNN_(VolumetricFullDilatedConvolution_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    THTensor *weight,
    THTensor *bias,
    THTensor *finput,
    THTensor *fgradInput,
    int dT,
    int dW,
    int dH,
    int pT,
    int pW,
    int pH,
    int dilationT,
    int dilationW,
    int dilationH,
    int aT,
    int aW,
    int aH);

TH_API void THNN_(VolumetricFullDilatedConvolution_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    THTensor *weight,
    THTensor *finput,
    THTensor *fgradInput,
    int dT,
    int dW,
    int dH,
    int pT,
    int pW,
    int pH,
    int dilationT,
    int dilationW,
    int dilationH,
    int aT,
    int aW,
    int aH);

TH_API void THNN_(VolumetricFullDilatedConvolution_accGradParameters)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradWeight,
    THTensor *gradBias,
    THTensor *finput,
    THTensor *fgradInput,
    int dT,
    int dW,
    int dH,
    int pT,
    int pW,
    int pH,
    int dilationT,
    int dilationW,
    int dilationH,
    int aT,
    int aW,
    int aH,
    accreal scale);

// indices: per output element, the argmax's offsets in its window packed as Torch7 did, offT + 256 offH + 65536 offW;
// only the three low bytes are read back.
TH_API void THNN_(VolumetricMaxPooling_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    THIndexTensor *indices,
    int kT,
    int kW,
    int kH,
    int dT,
    int dW,
    int dH,
    int pT,
    int pW,
    int pH,
    bool ceilMode);

TH_API void THNN_(VolumetricMaxPooling_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    THIndexTensor *indices,
    int kT,
    int kW,
    int kH,
    int dT,
    int dW,
    int dH,
    int pT,
    int pW,
    int pH,
    bool ceilMode);

// indices: as VolumetricMaxPooling's, the offsets counted in dilation steps from o * stride - pad.
TH_API void THNN_(VolumetricDilatedMaxPooling_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    THIndexTensor *indices,
    int kT,
    int kW,
    int kH,
    int dT,
    int dW,
    int dH,
    int pT,
    int pW,
    int pH,
    int dilationT,
    int dilationW,
    int dilationH,
    bool ceilMode);

TH_API void THNN_(VolumetricDilatedMaxPooling_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    THIndexTensor *indices,
    int kT,
    int kW,
    int kH,
    int dT,
    int dW,
    int dH,
    int pT,
    int pW,
    int pH,
    int dilationT,
    int dilationW,
    int dilationH,
    bool ceilMode);

// indices as VolumetricMaxPooling writes them: input (t, h, w) goes to (t dT - pT + offT, h dH - pH + offH, w dW - pW + offW).
TH_API void THNN_(VolumetricMaxUnpooling_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    THIndexTensor *indices,
    int oT,
    int oW,
    int oH,
    int dT,
    int dW,
    int dH,
    int pT,
    int pW,
    int pH);

TH_API void THNN_(VolumetricMaxUnpooling_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    THIndexTensor *indices,
    int oT,
    int oW,
    int oH,
    int dT,
    int dW,
    int dH,
    int pT,
    int pW,
    int pH);

TH_API void THNN_(SpatialReflectionPadding_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    int pad_l,
    int pad_r,
    int pad_t,
    int pad_b);

TH_API void THNN_(SpatialReflectionPadding_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    int pad_l,
    int pad_r,
    int pad_t,
    int pad_b);

TH_API void THNN_(SpatialReplicationPadding_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    int pad_l,
    int pad_r,
    int pad_t,
    int pad_b);

TH_API void THNN_(SpatialReplicationPadding_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    int pad_l,
    int pad_r,
    int pad_t,
    int pad_b);

// input [F], [F x d1] or [F x d1 x d2], with a leading batch dimension when batchMode; pools over F.
TH_API void THNN_(FeatureLPPooling_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    accreal power,
    int width,
    int stride,
    bool batchMode);

TH_API void THNN_(FeatureLPPooling_updateGradInput)(
    THNNState *state,
    THTensor *gradOutput,
    THTensor *input,
    THTensor *output,
    THTensor *gradInput,
    accreal power,
    int width,
    int stride,
    bool batchMode);

TH_API void THNN_(VolumetricReplicationPadding_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    int pleft,
    int pright,
    int ptop,
    int pbottom,
    int pfront,
    int pback);

TH_API void THNN_(VolumetricReplicationPadding_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    int pleft,
    int pright,
    int ptop,
    int pbottom,
    int pfront,
    int pback);

TH_API void THNN_(VolumetricUpSamplingNearest_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    int scale_factor);

TH_API void THNN_(VolumetricUpSamplingNearest_updateGradInput)(
    THNNState *state,
    THTensor *input,
    THTensor *gradOutput,
    THTensor *gradInput,
    int scale_factor);

TH_API void THNN_(VolumetricUpSamplingTrilinear_updateOutput)(
    THNNState *state,
    THTensor *input,
    THTensor *output,
    int outputDepth,
    int outputHeight,
    int outputWidth);

TH_API void THNN_(VolumetricUpSamplingTrilinear_updateGradInput)(
    THNNState *state,
    THTensor *gradOutput,
    THTensor *gradInput,
    int nbatch,
    int nchannels,
    int inputDepth,
    int inputHeight,
    int inputWidth,
    int outputDepth,
    int outputHeight,
    int outputWidth);

#endif
