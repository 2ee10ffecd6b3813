#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/Winograd.h"
#else
/* 3x3 convolutions with stride 1 by Winograd's minimal filtering F(2x2, 3x3) (Lavin and Gray, "Fast
 * Algorithms for Convolutional Neural Networks", 2015): a 4x4 input tile and a 3x3 kernel, both
 * transformed, give a 2x2 output tile with 16 multiplications instead of 36. Summed over the input
 * planes, the 16 products of a tile are 16 independent matrix products
 *   M[xi] (planes x tiles) = U[xi] (planes x channels) * V[xi] (channels x tiles),
 * which THBlas's gemm does; the transforms around them are additions (and halvings of the weight, exact
 * in binary), so the result differs from im2col + GEMM by rounding only.
 *
 * Used by the im2col convolutions (ConvolutionGemm.c) for the output and the input gradient of a
 * 3x3, stride 1, undilated convolution where it pays; the input gradient is itself such a
 * convolution of the output gradient with the kernels transposed and turned by 180 degrees and the
 * padding 2 - pad. The weight gradient is the adjoint of the same algorithm: the transformed input
 * tiles times the output-gradient tiles transformed by A (16 GEMMs summing over the tiles), brought
 * back to 3x3 by G^T . G. */

/* Whether winogradConvolution handles the convolution of geometry g (a 3x3 kernel, stride 1, no
 * dilation, padding at most 2) to `planes` output planes and is expected to beat im2col + GEMM. */
int THNN_(winogradApplies)(const THNNConvGeometry *g, long planes);

/* output [nImages x planes x (height + 2 padH - 2) x (width + 2 padW - 2)] = bias per plane (0 when
 * NULL) + the convolution of input [nImages x channels x height x width] with `weight`: [planes x
 * channels x 3 x 3], or for `adjoint` [channels x planes x 3 x 3] read transposed and turned by 180
 * degrees. All contiguous. Runs on the OpenMP threads, each over its own tiles with one-threaded
 * GEMMs; call it from outside a parallel region. */
void THNN_(winogradConvolution)(const real *input, long nImages, long channels, long height, long width, long padH,
                                long padW, const real *weight, int adjoint, long planes, const real *bias,
                                real *output);

/* gradWeight [planes x channels x 3 x 3] += scale * the weight gradient of that convolution for
 * input [nImages x channels x height x width] and gradOutput [nImages x planes x (height + 2 padH
 * - 2) x (width + 2 padW - 2)]. All contiguous; threads as winogradConvolution. */
void THNN_(winogradWeightGradient)(const real *input, const real *gradOutput, long nImages, long channels,
                                   long height, long width, long padH, long padW, long planes, accreal scale,
                                   real *gradWeight);

#endif
