#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/DirectConvolution.h"

/* The most taps (kH * kW * channels) the direct convolution takes; above it the GEMM's packing is
 * a small part of its time. */
#define THNN_DIRECT_MAX_TAPS 256

/* The passes, which pay off on different shapes: the output (and with it the weight gradient, which
 * follows the output: see directApplies) and the input gradient. */
typedef enum { THNN_DIRECT_OUTPUT, THNN_DIRECT_GRAD_INPUT } THNNDirectPass;

#else
/* Convolutions over few input planes (kH * kW * channels <= THNN_DIRECT_MAX_TAPS), computed
 * directly: no unfolded columns, no GEMM. With so few taps per output, im2col + GEMM spends a
 * third of its time unfolding and packing (ResNet's first layer: 3 planes, 7x7, stride 2, 147
 * taps), while the direct loop keeps 6 output planes x up to 4 vectors of an output row in
 * registers and runs the taps through them: one vector load of input per 6 multiply-adds.
 *
 * The input is first copied, a band of rows at a time, into a padded buffer in which each row is
 * split by column phase (column j * dW + p of the padded row goes to phase row p, index j): the
 * inputs of consecutive output columns are then consecutive for every tap, whatever the stride.
 * The kernels (generic/DirectKernels.h) are built for AVX2 + FMA with 32-byte vectors and for
 * AVX-512 with 64-byte vectors and twice the registers (longer register blocks), and picked by
 * THVector_isa(); there is no baseline build, and
 * directApplies says no on a CPU without AVX2. The sums run over the taps in the order
 * (channel, kh, kw), as the GEMM's do, so results differ from im2col + GEMM by rounding only. */

/* Whether the direct kernels take `pass` of the convolution of geometry g to `planes` output planes
 * on this CPU: they can, and are expected to beat im2col + GEMM. */
int THNN_(directApplies)(const THNNConvGeometry *g, long planes, THNNDirectPass pass);

/* output [nImages x planes x outHeight x outWidth] = bias per plane (0 when NULL) + the convolution
 * of input [nImages x channels x height x width] (geometry g) with weight [planes x channels x kH x
 * kW]. All contiguous. Threads share out the output rows of the batch; call it from outside a
 * parallel region to have them. */
void THNN_(directConvolution)(const THNNConvGeometry *g, const real *input, long nImages, const real *weight,
                              long planes, const real *bias, real *output);

/* gradInput [nImages x channels x height x width] = the input gradient of that convolution for
 * gradOutput [nImages x planes x outHeight x outWidth] (the transposed convolution). All
 * contiguous; threads share out the input rows of the batch. */
void THNN_(directInputGradient)(const THNNConvGeometry *g, const real *gradOutput, long nImages, const real *weight,
                                long planes, real *gradInput);

/* gradWeight [planes x channels x kH x kW] += scale * the weight gradient of that convolution for
 * input [nImages x channels x height x width] and gradOutput [nImages x planes x outHeight x
 * outWidth], and gradBias [planes] (may be NULL) += scale * its plane sums. All contiguous. Threads
 * as directConvolution; each sums its rows lane by lane, in real, as a GEMM would; the lanes and
 * the threads' sums are then added in accreal, in a fixed order. */
void THNN_(directWeightGradient)(const THNNConvGeometry *g, const real *input, const real *gradOutput,
                                 long nImages, long planes, accreal scale, real *gradWeight, real *gradBias);

#endif
