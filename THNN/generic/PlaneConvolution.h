#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/PlaneConvolution.h"
#else
/* Convolutions whose output rows are too short for the direct kernels' row vectors (fewer than 64
 * bytes of output columns: LeNet's second layer has 10) but that have a block of 64 bytes of output
 * planes or more (16 in Float): vectorised across the output planes instead. A register block holds
 * a block of planes (two AVX2 vectors, one AVX-512 vector) x a run of 6 (AVX2) or 12 (AVX-512) output
 * pixels; each tap adds the block of weights times one broadcast input element per pixel. That is
 * im2col + GEMM's product with the unfolded columns read in place: no columns written, none packed.
 * The weight gradient turns the block round: a block of planes x a run of taps, summed over the
 * pixels. Pixels and taps find their input through offsets, so strides and dilations cost nothing
 * in the loop; padding is a padded copy of each image. The kernels (generic/PlaneKernels.h) are
 * built for AVX2 + FMA and for AVX-512 and picked by THVector_isa(); x86-64 GCC only, as the direct
 * kernels. */

/* Whether the plane kernels take the output and weight-gradient passes of the convolution of
 * geometry g to `planes` output planes on this CPU. */
int THNN_(planeApplies)(const THNNConvGeometry *g, long planes);

/* output [nImages x planes x outHeight x outWidth] = bias per plane (0 when NULL) + the convolution
 * of input [nImages x channels x height x width] (geometry g) with weight [planes x channels x kH x
 * kW]. All contiguous. Threads share out the batch's output pixels; call it from outside a parallel
 * region to have them. */
void THNN_(planeConvolution)(const THNNConvGeometry *g, const real *input, long nImages, const real *weight,
                             long planes, const real *bias, real *output);

/* gradWeight [planes x channels x kH x kW] += scale * the weight gradient of that convolution for
 * input and gradOutput [nImages x planes x outHeight x outWidth], and gradBias [planes] (may be
 * NULL) += scale * its plane sums. All contiguous. Each thread sums its pixels in real, as a GEMM
 * would; the threads' sums are added in accreal, in a fixed order. */
void THNN_(planeWeightGradient)(const THNNConvGeometry *g, const real *input, const real *gradOutput,
                                long nImages, long planes, accreal scale, real *gradWeight, real *gradBias);

#endif
