#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SoftMaxRows.c"
#else

void THNN_(SoftMax_rows)(const char *fn, THTensor *input, long *nframe, long *dim, long *stride) {
  THNN_(checkDims)(fn, "input", input, 1, 4);
  long *size = input->size;
  switch (input->nDimension) {
    case 1: *nframe = 1; *dim = size[0]; *stride = 1; break;
    case 2: *nframe = size[0]; *dim = size[1]; *stride = 1; break;
    case 3: *nframe = 1; *dim = size[0]; *stride = size[1] * size[2]; break;
    default: *nframe = size[0]; *dim = size[1]; *stride = size[2] * size[3]; break;
  }
}

THNN_(SoftMaxPass) THNN_(SoftMax_begin)(const char *fn, THTensor *src, THTensor *gradOutput, THTensor *result) {
  THNN_(SoftMaxPass) p = {.result = result};
  long nframe;
  THNN_(SoftMax_rows)(fn, src, &nframe, &p.dim, &p.stride);
  if (gradOutput) THNN_(checkSameNumel)(fn, "gradOutput", gradOutput, "output", src);
  THNN_(checkNotNull)(fn, gradOutput ? "gradInput" : "output", result);
  p.rows = nframe * p.stride;
  p.src = THTensor_(newContiguous)(src);
  p.gradOutput = gradOutput ? THTensor_(newContiguous)(gradOutput) : NULL;
  THTensor_(resizeAs)(result, p.src);
  p.written = THNN_(writable)(result, 0);
  p.srcData = THTensor_(data)(p.src);
  p.gradData = p.gradOutput ? THTensor_(data)(p.gradOutput) : NULL;
  p.resultData = THTensor_(data)(p.written);
  return p;
}

void THNN_(SoftMax_end)(THNN_(SoftMaxPass) *p) {
  THNN_(writeBack)(p->result, p->written);
  THTensor_(free)(p->src);
  if (p->gradOutput) THTensor_(free)(p->gradOutput);
}

real THNN_(SoftMax_rowMax)(const real *x, long n, long stride) {
#ifdef TH_REAL_IS_FLOAT
  if (stride == 1) return THFloatVector_max(x, n);
#endif
  real m = -INFINITY;
  if (stride == 1) {
    for (long c = 0; c < n; c++) m = x[c] > m ? x[c] : m;
  } else {
    for (long c = 0; c < n; c++) m = x[c * stride] > m ? x[c * stride] : m;
  }
  return m;
}

accreal THNN_(SoftMax_rowSum)(const real *x, long n, long stride) {
#ifdef TH_REAL_IS_FLOAT
  if (stride == 1) return THFloatVector_sum(x, n);
#endif
  accreal sum = 0;
  for (long c = 0; c < n; c++) sum += x[c * stride];
  return sum;
}

accreal THNN_(SoftMax_rowDot)(const real *x, const real *y, long n, long stride) {
#ifdef TH_REAL_IS_FLOAT
  if (stride == 1) return THFloatVector_dot(x, y, n);
#endif
  accreal sum = 0;
  for (long c = 0; c < n; c++) sum += (accreal)x[c * stride] * y[c * stride];
  return sum;
}

accreal THNN_(SoftMax_rowExpShiftSum)(real *y, const real *x, long n, long stride, real shift) {
#ifdef TH_REAL_IS_FLOAT
  if (stride == 1) return THFloatVector_expShiftSum(y, x, shift, n);
#endif
  accreal sum = 0;
  for (long c = 0; c < n; c++) {
    real e = (real)exp((accreal)(x[c * stride] - shift));
    if (y) y[c * stride] = e;
    sum += e;
  }
  return sum;
}

void THNN_(SoftMax_rowSubExpScaled)(real *gi, const real *g, const real *y, long n, long stride, accreal scale) {
#ifdef TH_REAL_IS_FLOAT
  if (stride == 1) {
    /* Through a small block, so that gi may be g and everything stays in the L1 cache. */
    enum { BLOCK = 1024 };
    float e[BLOCK];
    for (long c0 = 0; c0 < n; c0 += BLOCK) {
      long len = n - c0 < BLOCK ? n - c0 : BLOCK;
      THFloatVector_exp(e, y + c0, len);
      THFloatVector_cadd(gi + c0, g + c0, e, (float)-scale, len);
    }
    return;
  }
#endif
  for (long c = 0; c < n; c++) gi[c * stride] = (real)(g[c * stride] - exp((accreal)y[c * stride]) * scale);
}

#endif
