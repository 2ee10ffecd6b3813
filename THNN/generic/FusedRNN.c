#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/FusedRNN.c"
#else

long THNN_(FusedRNN_checkState)(const char *fn, const char *arg, THTensor *state, long *width) {
  THNN_(checkDims)(fn, arg, state, 1, 2);
  *width = state->size[state->nDimension - 1];
  return state->nDimension == 2 ? state->size[0] : 1;
}

void THNN_(FusedRNN_checkGates)(const char *fn, const char *arg, THTensor *gates, int nDimension, long rows,
                                long width) {
  THNN_(checkDims)(fn, arg, gates, nDimension, nDimension);
  if (nDimension == 2) THNN_(checkDimSize)(fn, arg, gates, 0, rows);
  THNN_(checkDimSize)(fn, arg, gates, nDimension - 1, width);
}

void THNN_(FusedRNN_checkBias)(const char *fn, const char *arg, THTensor *bias, long width) {
  if (bias && THTensor_(nElement)(bias) != width)
    THError("%s: %s must have %ld elements, got size %s", fn, arg, width, THTensor_(sizeDesc)(bias).str);
}

THTensor *THNN_(FusedRNN_contiguousBias)(THTensor *bias) {
  return bias ? THTensor_(newContiguous)(bias) : NULL;
}

THTensor *THNN_(FusedRNN_beginResult)(THTensor *result, int nDimension, long rows, long width) {
  if (nDimension == 1) THTensor_(resize1d)(result, width);
  else THTensor_(resize2d)(result, rows, width);
  return THNN_(writable)(result, 0);
}

#endif
