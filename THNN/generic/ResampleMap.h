#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/ResampleMap.h"

/* Resampling by per-axis index maps: an output element copies the input element whose position
 * along each axis is map[axis][output position]. Reflection and replication padding (spatial and
 * volumetric) and nearest-neighbour upsampling are all such a gather forward and the matching
 * scatter-add backward; only the maps differ. Shapes are THNNPoolShape (Pooling.h): planes, then 2
 * or 3 axes, slowest first. */

typedef enum { THNN_RESAMPLE_REFLECT, THNN_RESAMPLE_REPLICATE, THNN_RESAMPLE_NEAREST } THNNResampleMode;

/* The input position that output position o of an axis of n input positions reads.
 * Padding by `param` positions before the axis (negative: cropped): x = o - param, reflected about
 * the axis' ends (-1 -> 1, n -> n - 2; needs both pads below n) or clamped to them.
 * Nearest upsampling by the factor `param`: o / param. */
static inline long THNNResample_source(THNNResampleMode mode, long o, long param, long n) {
  if (mode == THNN_RESAMPLE_NEAREST) return o / param;
  const long x = o - param;
  if (mode == THNN_RESAMPLE_REPLICATE) return x < 0 ? 0 : x >= n ? n - 1 : x;
  return x < 0 ? -x : x >= n ? 2 * (n - 1) - x : x;
}

/* The input and output sizes of a shape's axes as three (T, H, W), the leading one 1 for a
 * 2-axis shape: the resampling loops always run over three axes. */
static inline void THNNResample_axes3(const THNNPoolShape *s, long *in, long *out) {
  const int lead = 3 - s->nAxes;
  for (int a = 0; a < 3; a++) {
    in[a] = a < lead ? 1 : s->inputSize[a - lead];
    out[a] = a < lead ? 1 : s->outputSize[a - lead];
  }
}

#else

/* Spatial (nAxes 2: H, W) and volumetric (nAxes 3: T, H, W) padding (mode REFLECT or REPLICATE), Torch7's
 * Spatial{Reflection,Replication}Padding and VolumetricReplicationPadding: pads before[a] /
 * after[a] per axis a, named in the messages by padNames[2a] / padNames[2a + 1] (the legacy
 * argument names). Checks the input (nAxes + 1 or nAxes + 2 dimensions), the pads (reflection:
 * each below the input size along its axis) and that every output size is at least 1. */
void THNN_(padForward)(const char *fn, THNNResampleMode mode, int nAxes, const int *before, const int *after,
                       const char *const *padNames, THTensor *input, THTensor *output);
void THNN_(padBackward)(const char *fn, THNNResampleMode mode, int nAxes, const int *before, const int *after,
                        const char *const *padNames, THTensor *input, THTensor *gradOutput, THTensor *gradInput);

/* Nearest-neighbour upsampling by an integer factor >= 1 along each of nAxes axes:
 * output position o reads input position o / scale. */
void THNN_(nearestForward)(const char *fn, int nAxes, int scale, THTensor *input, THTensor *output);
void THNN_(nearestBackward)(const char *fn, int nAxes, int scale, THTensor *input, THTensor *gradOutput,
                            THTensor *gradInput);

#endif
