#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/Im2Col.h"

/* Below this many elements touched, the unfolding loops stay on one thread. */
#define THNN_CONV_OMP_MIN 32768
/* The columns the forward GEMM pass unfolds and multiplies at a time (elements; half of a 1 MiB
 * L2 in float), so that the GEMM reads them from cache. */
#define THNN_CONV_BAND 131072

/* The calling thread's number in its OpenMP team (0 without OpenMP). */
static inline int THNN_convThread(void) {
#ifdef _OPENMP
  return omp_get_thread_num();
#else
  return 0;
#endif
}

/* The size of part i when `total` is cut into `parts` parts as equal as can be (the first total %
 * parts are one longer): the register kernels' runs and the direct input gradient's channel blocks. */
static inline long THNN_convEvenPart(long total, long parts, long i) { return total / parts + (i < total % parts); }

/* How many threads share out `units` pieces of a convolution pass of `multiplyAdds` multiply-adds
 * in all: OpenMP's (at most one per piece) when the pass is worth a parallel region and the caller
 * is not in one already, else 1. */
static inline int THNN_convThreads(long units, double multiplyAdds) {
#ifdef _OPENMP
  if (!omp_in_parallel() && multiplyAdds > THNN_CONV_OMP_MIN) return (int)THMin((long)omp_get_max_threads(), units);
#endif
  return 1;
}

#else
/* im2col / col2im: the unfolding every 2D convolution of THNN goes through (SpatialConvolutionMM,
 * Dilated, Full, FullDilated, DepthWise, Local, Map, FullMap, and the legacy unfolded_copy /
 * unfolded_acc). Images and columns are contiguous. Both split their work with OpenMP; called
 * from inside a parallel region they run on the calling thread (how the GEMM passes use them when
 * threads take whole images). */

/* The output positions o in [0, outSize) whose input index o * stride + offset lies in
 * [0, inSize): [*lo, *hi). Shared by im2col/col2im and vol2col/col2vol (Vol2Col.c). */
static inline void THNN_(im2colValidRange)(long offset, long stride, long inSize, long outSize, long *lo,
                                           long *hi) {
  long first = offset >= 0 ? 0 : (-offset + stride - 1) / stride;
  long last = inSize - 1 - offset < 0 ? 0 : (inSize - 1 - offset) / stride + 1;
  *lo = THMin(first, outSize);
  *hi = THMax(*lo, THMin(last, outSize));
}

/* col [channels*kH*kW x outHeight*outWidth] = the unfolding of im [channels x height x width]. */
void THNN_(im2col)(const THNNConvGeometry *g, const real *im, real *col);

/* The columns of output rows [oh0, oh1) only: column row r's (oh1 - oh0) * outWidth entries at
 * col + r * ld (col points at the first of them). */
void THNN_(im2colRows)(const THNNConvGeometry *g, const real *im, long oh0, long oh1, real *col, long ld);

/* im += the folding of col: every column entry is added to the image element it was read from
 * (the adjoint of im2col); entries that fall in the padding are dropped. */
void THNN_(col2im)(const THNNConvGeometry *g, const real *col, real *im);

/* 1 for a 1x1 kernel with stride 1 and no padding (and as many positions as pixels, which a
 * transposed convolution's adj can break): the image is its own unfolding. */
int THNN_(convIsPointwise)(const THNNConvGeometry *g);

/* gradBias[p] += scale * the sum of plane p over the batch; gradOutput is [nImages x nPlanes x
 * planeSize], contiguous. */
void THNN_(convAccGradBias)(const real *gradOutput, long nImages, long nPlanes, long planeSize,
                            real *gradBias, accreal scale);

/* Sets each of the nPlanes planes of planeSize elements at dst to values[p] (0 when values is
 * NULL): how outputs start before the bias-free accumulation. */
void THNN_(convFillPlanes)(real *dst, long nPlanes, long planeSize, const real *values);

/* A scratch buffer (finput, columns, ...) resized to the given sizes (a size <= 0 ends the list)
 * with contiguous strides; returns its data. */
real *THNN_(convBuffer)(THTensor *buffer, int nDimension, long s0, long s1, long s2, long s3);


#endif
