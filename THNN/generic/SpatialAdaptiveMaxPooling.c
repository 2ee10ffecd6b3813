#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SpatialAdaptiveMaxPooling.c"
#else

/* Max over oheight x owidth windows spread over the input, as Torch7 computed them: output row i
 * covers input rows [floor(i / oheight * iheight), ceil((i + 1) / oheight * iheight)), evaluated
 * in single precision, dividing first (columns alike). The rounding makes some windows one row
 * wider than the exact split (21 rows into 7 windows: [0, 4), [3, 7), ... where the exact split
 * gives [0, 3), [3, 6), ...) and starts a few one row early (22 rows into 22: window 13 is
 * [12, 14)). The indices count from these starts, so ember keeps Torch7's windows.
 * SpatialAdaptiveAveragePooling, in Torch7 as here, multiplies first and splits exactly.
 *
 * indices (Torch7's layout) has two planes in front of the output's sizes, [2 x nPlanes x oheight
 * x owidth] or [2 x nBatch x nPlanes x oheight x owidth]: plane 0 holds each max's row within its
 * window, plane 1 its column, both 1-based. The max follows poolWindowMax's rules (a NaN wins);
 * Torch7 started from -FLT_MAX with no position, so it never picked a NaN or a Double below
 * -FLT_MAX, and a window of those got offsets pointing outside it. */

/* The windows along H (oH of them) and W (oW), into one allocation the caller frees with THFree:
 * rows [h0[i], h1[i]) and columns [w0[j], w1[j]). */
static long *THNN_(SpatialAdaptiveMaxPooling_windows)(const THNNPoolShape *s, long **h0, long **h1, long **w0,
                                                      long **w1) {
  const long iH = s->inputSize[0], iW = s->inputSize[1], oH = s->outputSize[0], oW = s->outputSize[1];
  long *bounds = THAlloc(sizeof(long) * 2 * (size_t)(oH + oW));
  *h0 = bounds;
  *h1 = *h0 + oH;
  *w0 = *h1 + oH;
  *w1 = *w0 + oW;
  for (long i = 0; i < oH; i++) THNNPool_adaptiveMaxWindow(i, oH, iH, *h0 + i, *h1 + i);
  for (long j = 0; j < oW; j++) THNNPool_adaptiveMaxWindow(j, oW, iW, *w0 + j, *w1 + j);
  return bounds;
}

/* indices' sizes: 2, then the output's. Returns the number of dimensions. */
static int THNN_(SpatialAdaptiveMaxPooling_indexSizes)(const THNNPoolShape *s, long *sizes) {
  sizes[0] = 2;
  return 1 + THNN_(poolOutputSizes)(s, sizes + 1);
}

void THNN_(SpatialAdaptiveMaxPooling_updateOutput)(THNNState *state, THTensor *input, THTensor *output,
                                                   THIndexTensor *indices, int owidth, int oheight) {
  const char *fn = "SpatialAdaptiveMaxPooling_updateOutput";
  THNNPoolShape s;
  THNN_(poolInputShape)(fn, input, 2, &s);
  THNN_(checkNotNull)(fn, "output", output);
  THNN_(checkNotNull)(fn, "indices", indices);
  if (owidth < 1 || oheight < 1)
    THError("%s: output size must be positive, got owidth = %d, oheight = %d", fn, owidth, oheight);
  s.outputSize[0] = oheight;
  s.outputSize[1] = owidth;
  long sizes[4], indexSizes[5];
  const int nd = THNN_(poolOutputSizes)(&s, sizes);
  const int indexNd = THNN_(SpatialAdaptiveMaxPooling_indexSizes)(&s, indexSizes);
  const long planes = s.nBatch * s.nPlanes;
  const long iH = s.inputSize[0], iW = s.inputSize[1], oH = oheight, oW = owidth, outSize = oH * oW;
  long *h0, *h1, *w0, *w1;
  long *bounds = THNN_(SpatialAdaptiveMaxPooling_windows)(&s, &h0, &h1, &w0, &w1);

  THTensor *in = THTensor_(newContiguous)(input);
  THTensor_(resizeNd)(output, nd, sizes, NULL);
  THTensor *out = THNN_(writable)(output, 0);
  THIndexTensor *ind = THNN_(poolIndicesWritable)(indices, indexNd, indexSizes);
  const real *ip = THTensor_(data)(in);
  real *op = THTensor_(data)(out);
  THIndex_t *rowp = THIndexTensor_(data)(ind), *colp = rowp + planes * outSize;

#pragma omp parallel for if (planes > 1 && planes * iH * iW > THNN_POOL_OMP_MIN)
  for (long p = 0; p < planes; p++)
    for (long oh = 0; oh < oH; oh++)
      for (long ow = 0; ow < oW; ow++) {
        const long o = p * outSize + oh * oW + ow;
        long at;
        op[o] = THNN_(poolWindowMax)(ip + p * iH * iW, iW, h0[oh], h1[oh], 1, w0[ow], w1[ow], 1, &at);
        rowp[o] = at / iW - h0[oh] + TH_INDEX_BASE;
        colp[o] = at % iW - w0[ow] + TH_INDEX_BASE;
      }

  THFree(bounds);
  THTensor_(free)(in);
  THNN_(writeBack)(output, out);
  THNN_(poolIndicesWritten)(ind, indices);
}

/* The output size is gradOutput's, as in Torch7 (the legacy call does not pass it). The offsets
 * must lie in their window (Torch7 did not check: it wrote wherever they pointed). */
void THNN_(SpatialAdaptiveMaxPooling_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                                      THTensor *gradInput, THIndexTensor *indices) {
  const char *fn = "SpatialAdaptiveMaxPooling_updateGradInput";
  THNNPoolShape s;
  THNN_(poolInputShape)(fn, input, 2, &s);
  THNN_(checkDims)(fn, "gradOutput", gradOutput, input->nDimension, input->nDimension);
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  s.outputSize[0] = gradOutput->size[gradOutput->nDimension - 2];
  s.outputSize[1] = gradOutput->size[gradOutput->nDimension - 1];
  THNN_(poolCheckOutputLike)(fn, "gradOutput", gradOutput, &s);
  long indexSizes[5];
  const int indexNd = THNN_(SpatialAdaptiveMaxPooling_indexSizes)(&s, indexSizes);
  THNN_(poolCheckIndexSizes)(fn, "indices", indices, indexNd, indexSizes);
  const long planes = s.nBatch * s.nPlanes;
  const long iH = s.inputSize[0], iW = s.inputSize[1], oH = s.outputSize[0], oW = s.outputSize[1];
  const long inSize = iH * iW, outSize = oH * oW;
  long *h0, *h1, *w0, *w1;
  long *bounds = THNN_(SpatialAdaptiveMaxPooling_windows)(&s, &h0, &h1, &w0, &w1);

  THNN_(PoolGrad) ops = THNN_(poolGradBegin)(input, gradOutput, gradInput, indices);
  real *gip = ops.gi;
  const real *gop = ops.go;
  const THIndex_t *rowp = ops.ind, *colp = rowp + planes * outSize;
  long badAt = -1, badRow = 0;

#pragma omp parallel for if (planes > 1 && planes * inSize > THNN_POOL_OMP_MIN)
  for (long p = 0; p < planes; p++) {
    real *g = gip + p * inSize;
    memset(g, 0, sizeof(real) * (size_t)inSize);
    for (long oh = 0; oh < oH; oh++)
      for (long ow = 0; ow < oW; ow++) {
        const long o = p * outSize + oh * oW + ow;
        const long dy = rowp[o] - TH_INDEX_BASE, dx = colp[o] - TH_INDEX_BASE;
        /* (unsigned) x < n: 0 <= x < n. */
        if ((unsigned long)dy >= (unsigned long)(h1[oh] - h0[oh]) ||
            (unsigned long)dx >= (unsigned long)(w1[ow] - w0[ow])) {
          THNN_POOL_NOTE_BAD(badAt, badRow, o, rowp[o]);
          continue;
        }
        g[(h0[oh] + dy) * iW + w0[ow] + dx] += gop[o];
      }
  }

  long badCol = 0, windowH = 0, windowW = 0;
  if (badAt >= 0) {
    const long oh = badAt % outSize / oW, ow = badAt % oW;
    badCol = colp[badAt];
    windowH = h1[oh] - h0[oh];
    windowW = w1[ow] - w0[ow];
  }
  THNN_(poolGradEnd)(&ops);
  THFree(bounds);
  if (badAt >= 0)
    THError("%s: indices give offsets (row %ld, column %ld) at position %ld (counted from 0 over one of its two "
            "planes) outside their %ldx%ld window (the offsets are 1-based)",
            fn, badRow, badCol, badAt, windowH, windowW);
}

#endif
