#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SoftMaxRows.h"
#else
/* What SoftMax and LogSoftMax share: their view of the input as rows of classes, and the
 * per-row pieces (vectorised for contiguous float rows). */

/* Torch7's shapes: 1D (C), 2D (N x C), 3D (C x H x W), 4D (N x C x H x W), normalised over C.
 * For the contiguous input: nframe frames of `dim` classes; consecutive classes of a row are
 * `stride` elements apart (H x W for the spatial shapes, else 1), and the frame f, position s row
 * starts at (f dim) stride + s. */
void THNN_(SoftMax_rows)(const char *fn, THTensor *input, long *nframe, long *dim, long *stride);

/* One pass's operands. The forward pass (gradOutput NULL) reads the rows of src = input and writes
 * result = output; the backward pass reads src = output and gradOutput (checked to match it) and
 * writes result = gradInput. SoftMax_begin checks them, makes src and gradOutput contiguous and
 * result writable, resized like src; SoftMax_end writes result back and frees the rest. */
typedef struct {
  THTensor *src, *gradOutput, *written, *result;
  const real *srcData, *gradData;
  real *resultData;
  long rows, dim, stride;
} THNN_(SoftMaxPass);
THNN_(SoftMaxPass) THNN_(SoftMax_begin)(const char *fn, THTensor *src, THTensor *gradOutput, THTensor *result);
void THNN_(SoftMax_end)(THNN_(SoftMaxPass) *p);

/* Where row r (of nframe * stride rows) starts in that layout. */
static inline ptrdiff_t THNN_(SoftMax_rowBase)(long r, long dim, long stride) {
  return (ptrdiff_t)(r / stride) * dim * stride + r % stride;
}

/* The largest of the n elements x[0], x[stride], ... (NaN is ignored: it reaches the result
 * through the exponentials). */
real THNN_(SoftMax_rowMax)(const real *x, long n, long stride);

/* The sum of x[0], x[stride], ..., and the sum of x[c stride] y[c stride]. */
accreal THNN_(SoftMax_rowSum)(const real *x, long n, long stride);
accreal THNN_(SoftMax_rowDot)(const real *x, const real *y, long n, long stride);

/* y = exp(x - shift) element by element (y may be x, or NULL: not stored); returns their sum. */
accreal THNN_(SoftMax_rowExpShiftSum)(real *y, const real *x, long n, long stride, real shift);

/* gi = g - exp(y) scale element by element (gi may be g). */
void THNN_(SoftMax_rowSubExpScaled)(real *gi, const real *g, const real *y, long n, long stride, accreal scale);

#endif
