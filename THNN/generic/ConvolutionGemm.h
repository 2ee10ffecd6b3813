#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/ConvolutionGemm.h"
#else
/* The im2col + GEMM convolutions, written once: SpatialConvolutionMM and SpatialDilatedConvolution
 * (weight [nOutputPlane x nInputPlane x kH x kW], or 2D [nOutputPlane x nInputPlane*kH*kW]) and
 * SpatialFullConvolution and SpatialFullDilatedConvolution (weight [nInputPlane x nOutputPlane x kH
 * x kW]; a transposed convolution is the adjoint of the convolution with the same weight, so its
 * forward pass is a convolution's input gradient and the other way round).
 *
 * Images are processed one at a time: unfold image n, then one GEMM over its kH*kW*C x H'*W' columns;
 * the unfolding runs on OpenMP threads, the GEMM on OpenBLAS's (the same pool), never one inside the
 * other. A 1x1 kernel with stride 1 and no padding needs no unfolding: the GEMM reads the image.
 *
 * Buffers: `columns` is resized to the columns of one image [kH*kW*C x H'*W'], except for
 * keepColumns (SpatialConvolutionMM's finput), which holds every image's ([nImages x kH*kW*C x
 * H'*W'], or 2D for a single image) so that accGradParameters can reuse them. `columnsName` names the
 * buffer in messages. */

void THNN_(ConvolutionGemm_updateOutput)(const char *fn, THTensor *input, THTensor *output, THTensor *weight,
                                         THTensor *bias, THTensor *columns, const char *columnsName,
                                         int keepColumns, const THNNConvParams *p);

void THNN_(ConvolutionGemm_updateGradInput)(const char *fn, THTensor *input, THTensor *gradOutput,
                                            THTensor *gradInput, THTensor *weight, THTensor *gradColumns,
                                            const char *columnsName, const THNNConvParams *p);

/* columnsKept: `columns` holds what updateOutput left with keepColumns; used when its size matches
 * the input (else the input is unfolded again). */
void THNN_(ConvolutionGemm_accGradParameters)(const char *fn, THTensor *input, THTensor *gradOutput,
                                              THTensor *gradWeight, THTensor *gradBias, THTensor *columns,
                                              const char *columnsName, int columnsKept,
                                              const THNNConvParams *p, accreal scale);

void THNN_(FullConvolutionGemm_updateOutput)(const char *fn, THTensor *input, THTensor *output,
                                             THTensor *weight, THTensor *bias, THTensor *columns,
                                             const THNNConvParams *p);

void THNN_(FullConvolutionGemm_updateGradInput)(const char *fn, THTensor *input, THTensor *gradOutput,
                                                THTensor *gradInput, THTensor *weight, THTensor *gradColumns,
                                                const THNNConvParams *p);

void THNN_(FullConvolutionGemm_accGradParameters)(const char *fn, THTensor *input, THTensor *gradOutput,
                                                  THTensor *gradWeight, THTensor *gradBias, THTensor *columns,
                                                  const THNNConvParams *p, accreal scale);

#endif
