#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/Interpolation.h"

/* Linear interpolation, written once for SpatialUpSamplingBilinear, VolumetricUpSamplingTrilinear
 * and SpatialGridSamplerBilinear: along each axis a source coordinate x splits into its lower
 * neighbour floor(x) and the weight lambda = x - floor(x) of the upper one. The upsamplings use
 * Torch7's coordinates (PyTorch 0.3's, PyTorch 1.13's align_corners=True): x = o (in - 1) / (out - 1)
 * for output position o, 0 when out == 1, so that the corner elements of input and output align. */

/* floor(x) (x finite and within the range of long), and x - floor(x) in *lambda. */
static inline long THNNInterp_split(double x, double *lambda) {
  const double f = floor(x);
  *lambda = x - f;
  return (long)f;
}

/* The legacy backward's sizes (THNN_(linearBackward)): nbatch, nchannels, inSize[0..nAxes) and
 * outSize[0..nAxes) must be positive; sizeNames names them in that order. */
static inline void THNNInterp_checkGradSizes(const char *fn, int nAxes, long nbatch, long nchannels, const int *inSize,
                                             const int *outSize, const char *const *sizeNames) {
  const long counts[2] = {nbatch, nchannels};
  for (int i = 0; i < 2; i++)
    if (counts[i] < 1) THError("%s: %s must be positive, got %ld", fn, sizeNames[i], counts[i]);
  for (int i = 0; i < 2 * nAxes; i++) {
    const int v = i < nAxes ? inSize[i] : outSize[i - nAxes];
    if (v < 1) THError("%s: %s must be positive, got %d", fn, sizeNames[2 + i], v);
  }
}

/* The shape those sizes describe. A gradOutput of nAxes + 1 dimensions (gradOutputDims) without the
 * batch dimension stands for a batch of one. */
static inline THNNPoolShape THNNInterp_gradShape(int nAxes, long nbatch, long nchannels, const int *inSize,
                                                 const int *outSize, int gradOutputDims) {
  THNNPoolShape s;
  memset(&s, 0, sizeof s);
  s.nAxes = nAxes;
  s.batched = !(gradOutputDims == nAxes + 1 && nbatch == 1);
  s.nBatch = nbatch;
  s.nPlanes = nchannels;
  for (int a = 0; a < nAxes; a++) {
    s.inputSize[a] = inSize[a];
    s.outputSize[a] = outSize[a];
  }
  return s;
}

/* gradInput's sizes ([nbatch x] nchannels x inSize...), checked to have a representable product;
 * returns their number. */
static inline int THNNInterp_gradInputSizes(const char *fn, const THNNPoolShape *s, long *sizes) {
  int nd = 0;
  if (s->batched) sizes[nd++] = s->nBatch;
  sizes[nd++] = s->nPlanes;
  for (int a = 0; a < s->nAxes; a++) sizes[nd++] = s->inputSize[a];
  THNN_checkedProduct(fn, "gradInput", nd, sizes);
  return nd;
}

#else

/* Bilinear (nAxes 2: H, W) and trilinear (nAxes 3: T, H, W) interpolation of each plane of input
 * to the sizes outSize[0..nAxes): input has nAxes + 1 or nAxes + 2 dimensions, output the same
 * with the new sizes. Checks the sizes (all >= 1) and names the legacy arguments (outSizeNames). */
void THNN_(linearForward)(const char *fn, int nAxes, const int *outSize, const char *const *outSizeNames,
                          THTensor *input, THTensor *output);

/* The backward, in the legacy form that gets the sizes instead of the input: gradInput becomes
 * nbatch x nchannels x inSize... (without nbatch when gradOutput has no batch dimension, which
 * needs nbatch = 1), gradOutput must be nbatch x nchannels x outSize.... sizeNames names nbatch,
 * nchannels, then the input sizes, then the output sizes in the messages. */
void THNN_(linearBackward)(const char *fn, int nAxes, long nbatch, long nchannels, const int *inSize,
                           const int *outSize, const char *const *sizeNames, THTensor *gradOutput,
                           THTensor *gradInput);

#endif
