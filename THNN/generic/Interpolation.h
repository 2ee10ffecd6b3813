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
