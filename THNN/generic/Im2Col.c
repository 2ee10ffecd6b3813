#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/Im2Col.c"
#else

/* One column row per iteration: rows are independent, and a row is written as runs of outWidth
 * (whole-row copies when the stride is 1). */
void THNN_(im2colRows)(const THNNConvGeometry *g, const real *im, long oh0, long oh1, real *col, long ld) {
  const long rows = g->channels * g->kH * g->kW, outW = g->outWidth, dW = g->dW;
#pragma omp parallel for if (rows * (oh1 - oh0) * outW > THNN_CONV_OMP_MIN)
  for (long r = 0; r < rows; r++) {
    const long kw = r % g->kW, kh = (r / g->kW) % g->kH, c = r / (g->kW * g->kH);
    const long offH = kh * g->dilationH - g->padH, offW = kw * g->dilationW - g->padW;
    long lo, hi;
    THNN_(im2colValidRange)(offW, dW, g->width, outW, &lo, &hi);
    const real *plane = im + c * g->height * g->width;
    real *dst = col + r * ld;
    for (long oh = oh0; oh < oh1; oh++, dst += outW) {
      const long ih = oh * g->dH + offH;
      if (ih < 0 || ih >= g->height) {
        memset(dst, 0, sizeof(real) * (size_t)outW);
        continue;
      }
      const real *src = plane + ih * g->width;
      for (long ow = 0; ow < lo; ow++) dst[ow] = 0;
      if (dW == 1)
        memcpy(dst + lo, src + lo + offW, sizeof(real) * (size_t)(hi - lo));
      else if (dW == 2) /* a constant stride the compiler vectorises (even lanes of pairs) */
        for (long ow = lo; ow < hi; ow++) dst[ow] = src[ow * 2 + offW];
      else
        for (long ow = lo; ow < hi; ow++) dst[ow] = src[ow * dW + offW];
      for (long ow = hi; ow < outW; ow++) dst[ow] = 0;
    }
  }
}

void THNN_(im2col)(const THNNConvGeometry *g, const real *im, real *col) {
  THNN_(im2colRows)(g, im, 0, g->outHeight, col, g->outHeight * g->outWidth);
}

/* Scattered per column row, each (kh, kw) adding its rows into the image; a thread owns whole
 * channels (every column row of channel c writes image plane c), so no two threads write the same
 * element and no atomics are needed. Gathering per image row instead (the (kh, kw) terms of one
 * row added one after the other) makes each addition reload what the last one stored a few
 * elements over, and those overlapping store-load pairs stall (half col2im's time on LeNet). Each
 * image element still sums its terms in (kh, kw) order. */
void THNN_(col2im)(const THNNConvGeometry *g, const real *col, real *im) {
  const long L = g->outHeight * g->outWidth, planeSize = g->height * g->width;
  const long outW = g->outWidth, dW = g->dW;
#pragma omp parallel for if (g->channels > 1 && g->channels * g->kH * g->kW * L > THNN_CONV_OMP_MIN)
  for (long c = 0; c < g->channels; c++) {
    real *plane = im + c * planeSize;
    for (long kh = 0; kh < g->kH; kh++)
      for (long kw = 0; kw < g->kW; kw++) {
        const long offH = kh * g->dilationH - g->padH, offW = kw * g->dilationW - g->padW;
        long lo, hi;
        THNN_(im2colValidRange)(offW, dW, g->width, outW, &lo, &hi);
        const real *src = col + ((c * g->kH + kh) * g->kW + kw) * L;
        for (long oh = 0; oh < g->outHeight; oh++, src += outW) {
          const long ih = oh * g->dH + offH;
          if (ih < 0 || ih >= g->height) continue;
          real *d = plane + ih * g->width + offW;
          if (dW == 1)
            for (long ow = lo; ow < hi; ow++) d[ow] += src[ow];
          else if (dW == 2)
            for (long ow = lo; ow < hi; ow++) d[ow * 2] += src[ow];
          else
            for (long ow = lo; ow < hi; ow++) d[ow * dW] += src[ow];
        }
      }
  }
}

int THNN_(convIsPointwise)(const THNNConvGeometry *g) {
  return g->kH == 1 && g->kW == 1 && g->dH == 1 && g->dW == 1 && g->padH == 0 && g->padW == 0 &&
         g->outHeight == g->height && g->outWidth == g->width;
}

/* Eight independent partial sums, so that the additions pipeline (a single running sum would wait
 * on each add's latency). */
static inline accreal THNN_(convSum)(const real *x, long n) {
  accreal s[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  long i = 0;
  for (; i + 8 <= n; i += 8)
    for (int j = 0; j < 8; j++) s[j] += x[i + j];
  for (; i < n; i++) s[0] += x[i];
  return ((s[0] + s[1]) + (s[2] + s[3])) + ((s[4] + s[5]) + (s[6] + s[7]));
}

void THNN_(convAccGradBias)(const real *gradOutput, long nImages, long nPlanes, long planeSize,
                            real *gradBias, accreal scale) {
#pragma omp parallel for if (nImages * nPlanes * planeSize > THNN_CONV_OMP_MIN)
  for (long p = 0; p < nPlanes; p++) {
    accreal sum = 0;
    for (long n = 0; n < nImages; n++) sum += THNN_(convSum)(gradOutput + (n * nPlanes + p) * planeSize, planeSize);
    gradBias[p] += (real)(scale * sum);
  }
}

void THNN_(convFillPlanes)(real *dst, long nPlanes, long planeSize, const real *values) {
  for (long p = 0; p < nPlanes; p++) {
    real *d = dst + p * planeSize;
    if (!values) {
      memset(d, 0, sizeof(real) * (size_t)planeSize);
      continue;
    }
    for (long l = 0; l < planeSize; l++) d[l] = values[p];
  }
}

real *THNN_(convBuffer)(THTensor *buffer, int nDimension, long s0, long s1, long s2, long s3) {
  long size[4] = {s0, s1, s2, s3}, stride[4];
  int nd = 0;
  while (nd < nDimension && size[nd] > 0) nd++;
  for (int d = nd - 1; d >= 0; d--) stride[d] = d == nd - 1 ? 1 : stride[d + 1] * size[d + 1];
  THTensor_(resizeNd)(buffer, nd, size, stride);
  return THTensor_(data)(buffer);
}

#endif
