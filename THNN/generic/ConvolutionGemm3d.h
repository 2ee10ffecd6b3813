#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/ConvolutionGemm3d.h"

/* THNNVolParams and THNNVolPlan, and the checks on plain sizes, are THNNConvShape.h's. */
#include "THNNConvShape.h"

#else
/* The vol2col + GEMM volumetric convolutions, written once: the 3D counterpart of
 * ConvolutionGemm.c (same passes, same buffer rules, same checks and messages). Convolutions take
 * weight [nOutputPlane x nInputPlane x kT x kH x kW] (or 2D [nOutputPlane x nInputPlane*kT*kH*kW]);
 * transposed convolutions take weight [nInputPlane x nOutputPlane x kT x kH x kW] and are the
 * adjoint of the convolution with the same weight.
 *
 * Each volume is unfolded, then multiplied in one GEMM over its kT*kH*kW*C x T'*H'*W' columns:
 * with several threads and volumes, threads take whole volumes, else volumes go one at a time with
 * the unfolding on OpenMP threads and the GEMM on its own threads (ConvolutionGemm.h says more). A
 * 1x1x1 kernel with stride 1 and no padding needs no unfolding. `columns` holds one volume's
 * columns (other threads' are allocated for the call), except with keepColumns
 * (VolumetricConvolutionMM's finput), which keeps every volume's ([nImages x K x L], 2D for a
 * single volume) for accGradParameters (columnsKept). `columnsName` names the buffer in messages. */

/* Sets kT, kH, kW of p from a 5D weight (the legacy modules that take the kernel size from it),
 * raising an error naming `arg` when weight is not 5D. */
void THNN_(volKernelFromWeight)(const char *fn, const char *arg, THTensor *weight, THNNVolParams *p);

void THNN_(ConvolutionGemm3d_updateOutput)(const char *fn, THTensor *input, THTensor *output, THTensor *weight,
                                           THTensor *bias, THTensor *columns, const char *columnsName,
                                           int keepColumns, const THNNVolParams *p);

void THNN_(ConvolutionGemm3d_updateGradInput)(const char *fn, THTensor *input, THTensor *gradOutput,
                                              THTensor *gradInput, THTensor *weight, THTensor *gradColumns,
                                              const char *columnsName, const THNNVolParams *p);

void THNN_(ConvolutionGemm3d_accGradParameters)(const char *fn, THTensor *input, THTensor *gradOutput,
                                                THTensor *gradWeight, THTensor *gradBias, THTensor *columns,
                                                const char *columnsName, int columnsKept, const THNNVolParams *p,
                                                accreal scale);

void THNN_(FullConvolutionGemm3d_updateOutput)(const char *fn, THTensor *input, THTensor *output, THTensor *weight,
                                               THTensor *bias, THTensor *columns, const char *columnsName,
                                               const THNNVolParams *p);

void THNN_(FullConvolutionGemm3d_updateGradInput)(const char *fn, THTensor *input, THTensor *gradOutput,
                                                  THTensor *gradInput, THTensor *weight, THTensor *gradColumns,
                                                  const char *columnsName, const THNNVolParams *p);

void THNN_(FullConvolutionGemm3d_accGradParameters)(const char *fn, THTensor *input, THTensor *gradOutput,
                                                    THTensor *gradWeight, THTensor *gradBias, THTensor *columns,
                                                    const char *columnsName, const THNNVolParams *p,
                                                    accreal scale);

#endif
