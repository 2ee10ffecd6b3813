#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/Vol2Col.c"
#else

/* One column row (c, kt, kh, kw) per iteration: rows are independent; a row is outDepth x outHeight
 * runs of outWidth (whole-run copies when the stride is 1). */
void THNN_(vol2col)(const THNNVolGeometry *g, const real *vol, real *col) {
  const long outW = g->outWidth, outHW = g->outHeight * outW, L = g->outDepth * outHW;
  const long rows = g->channels * g->kT * g->kH * g->kW, dW = g->dW;
#pragma omp parallel for if (rows * L > THNN_CONV_OMP_MIN)
  for (long r = 0; r < rows; r++) {
    const long kw = r % g->kW, kh = (r / g->kW) % g->kH, kt = (r / (g->kW * g->kH)) % g->kT;
    const long c = r / (g->kW * g->kH * g->kT);
    const long offT = kt * g->dilationT - g->padT, offH = kh * g->dilationH - g->padH;
    const long offW = kw * g->dilationW - g->padW;
    long lo, hi;
    THNN_(im2colValidRange)(offW, dW, g->width, outW, &lo, &hi);
    real *dst = col + r * L;
    for (long ot = 0; ot < g->outDepth; ot++) {
      const long it = ot * g->dT + offT;
      if (it < 0 || it >= g->depth) {
        memset(dst, 0, sizeof(real) * (size_t)outHW);
        dst += outHW;
        continue;
      }
      const real *slice = vol + (c * g->depth + it) * g->height * g->width;
      for (long oh = 0; oh < g->outHeight; oh++, dst += outW) {
        const long ih = oh * g->dH + offH;
        if (ih < 0 || ih >= g->height) {
          memset(dst, 0, sizeof(real) * (size_t)outW);
          continue;
        }
        const real *src = slice + ih * g->width;
        for (long ow = 0; ow < lo; ow++) dst[ow] = 0;
        if (dW == 1)
          memcpy(dst + lo, src + lo + offW, sizeof(real) * (size_t)(hi - lo));
        else
          for (long ow = lo; ow < hi; ow++) dst[ow] = src[ow * dW + offW];
        for (long ow = hi; ow < outW; ow++) dst[ow] = 0;
      }
    }
  }
}

/* Scattered per column row, a thread owning whole channels, for the reasons col2im gives
 * (Im2Col.c); each volume element still sums its terms in (kt, kh, kw) order. */
void THNN_(col2vol)(const THNNVolGeometry *g, const real *col, real *vol) {
  const long outW = g->outWidth, outHW = g->outHeight * outW, L = g->outDepth * outHW;
  const long planeSize = g->height * g->width, dW = g->dW;
#pragma omp parallel for if (g->channels > 1 && g->channels * g->kT * g->kH * g->kW * L > THNN_CONV_OMP_MIN)
  for (long c = 0; c < g->channels; c++) {
    real *volume = vol + c * g->depth * planeSize;
    for (long kt = 0; kt < g->kT; kt++)
      for (long kh = 0; kh < g->kH; kh++)
        for (long kw = 0; kw < g->kW; kw++) {
          const long offT = kt * g->dilationT - g->padT, offH = kh * g->dilationH - g->padH;
          const long offW = kw * g->dilationW - g->padW;
          long lo, hi;
          THNN_(im2colValidRange)(offW, dW, g->width, outW, &lo, &hi);
          const real *src = col + (((c * g->kT + kt) * g->kH + kh) * g->kW + kw) * L;
          for (long ot = 0; ot < g->outDepth; ot++) {
            const long it = ot * g->dT + offT;
            if (it < 0 || it >= g->depth) continue;
            for (long oh = 0; oh < g->outHeight; oh++) {
              const long ih = oh * g->dH + offH;
              if (ih < 0 || ih >= g->height) continue;
              const real *s = src + ot * outHW + oh * outW;
              real *d = volume + it * planeSize + ih * g->width + offW;
              if (dW == 1)
                for (long ow = lo; ow < hi; ow++) d[ow] += s[ow];
              else
                for (long ow = lo; ow < hi; ow++) d[ow * dW] += s[ow];
            }
          }
        }
  }
}

int THNN_(volIsPointwise)(const THNNVolGeometry *g) {
  return g->kT == 1 && g->kH == 1 && g->kW == 1 && g->dT == 1 && g->dH == 1 && g->dW == 1 && g->padT == 0 &&
         g->padH == 0 && g->padW == 0 && g->outDepth == g->depth && g->outHeight == g->height &&
         g->outWidth == g->width;
}

#endif
