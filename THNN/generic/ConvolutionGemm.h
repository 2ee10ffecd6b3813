#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/ConvolutionGemm.h"
#else
/* The im2col + GEMM convolutions, written once: SpatialConvolutionMM and SpatialDilatedConvolution
 * (weight [nOutputPlane x nInputPlane x kH x kW], or 2D [nOutputPlane x nInputPlane*kH*kW]) and
 * SpatialFullConvolution and SpatialFullDilatedConvolution (weight [nInputPlane x nOutputPlane x kH
 * x kW]; a transposed convolution is the adjoint of the convolution with the same weight, so its
 * forward pass is a convolution's input gradient and the other way round).
 *
 * Each image is unfolded, then multiplied in one GEMM over its kH*kW*C x H'*W' columns. With several
 * OpenMP threads and images, threads take whole images (single-threaded unfolding and GEMMs);
 * otherwise images go one at a time, the unfolding on OpenMP threads and the GEMM on its own threads (the
 * same OpenMP pool), never one inside the other. A 1x1 kernel with stride 1 and no padding needs no
 * unfolding: the GEMM reads the image.
 *
 * Buffers: `columns` is resized to the columns of one image [kH*kW*C x H'*W'], except for
 * keepColumns (SpatialConvolutionMM's finput), which holds every image's ([nImages x kH*kW*C x
 * H'*W'], or 2D for a single image) so that accGradParameters can reuse them. When threads take
 * whole images, the first uses `columns` and the others columns of their own, allocated for the call
 * (`columns` keeps its legacy size). `columnsName` names the buffer in messages. */

/* One unfolding as the GEMM passes see it, so that the 2D (im2col) and 3D (vol2col) convolutions
 * share them: `unfold`/`fold` over `geometry`; the unfolded side has `channels` planes and
 * imageSize elements per image, its columns are K x L; pointwise: the image is its own unfolding. */
typedef struct {
  const void *geometry;
  void (*unfold)(const void *geometry, const real *image, real *columns);
  void (*fold)(const void *geometry, const real *columns, real *image);
  long channels, imageSize, K, L;
  int pointwise;
  /* Where the columns come in rows of rowLength (2D: output rows), unfoldRows unfolds rows
   * [row0, row1) only, into columns (its first entry) with rows ld apart; NULL when it cannot. */
  void (*unfoldRows)(const void *geometry, const real *image, long row0, long row1, real *columns, long ld);
  long rowLength, rowCount;
} THNN_(Unfolding);

/* OpenBLAS takes int sizes: refuses larger problems (call it before allocating anything); `what`
 * names the unfolded thing ("image", "volume") in the message. */
void THNN_(unfoldingCheckSizes)(const char *fn, const char *what, const THNN_(Unfolding) *u, long planes);

/* The three passes over tensors (made contiguous here; outputs resized by the caller). `planes` is
 * the number of planes on the other side; weight is [planes x K]. */

/* out[n] = weight x unfold(in[n]) (+ bias per plane). keepAll: `columns` keeps every image's
 * columns [nImages x K x L] (else one image's, [K x L]). */
void THNN_(unfoldingForward)(const THNN_(Unfolding) *u, long nImages, long planes, THTensor *in, THTensor *weight,
                             THTensor *bias, THTensor *columns, int keepAll, THTensor *out);

/* in[n] = init per plane (0 when init is NULL) + fold(weight^T x out[n]). */
void THNN_(unfoldingBackwardInput)(const THNN_(Unfolding) *u, long nImages, long planes, THTensor *out,
                                   THTensor *weight, THTensor *init, THTensor *columns, THTensor *in);

/* gradWeight += scale * out[n] x unfold(in[n])^T summed over n, and gradBias (may be NULL) +=
 * scale * the plane sums of the gradient output: `out` (planes planes) or, when gradOutputIsIn,
 * `in` (a transposed convolution). columnsKept: `columns` may hold what unfoldingForward left with
 * keepAll for this input (`batched`: nImages of them); used when its size matches. */
void THNN_(unfoldingBackwardWeight)(const THNN_(Unfolding) *u, long nImages, long planes, THTensor *in,
                                    THTensor *out, THTensor *columns, int columnsKept, int batched,
                                    THTensor *gradWeight, THTensor *gradBias, int gradOutputIsIn, accreal scale);

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
