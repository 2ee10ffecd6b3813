/* Instantiated once per type by reference.c (R = Float or Double, real = float or double). */
#define CAT3_(a, b, c) a##b##c
#define CAT3(a, b, c) CAT3_(a, b, c)
#define T_(n) CAT3(TH, R, Tensor_##n)
#define NN_(n) CAT3(THNN_, R, n)
#define TT CAT3(TH, R, Tensor)

static TT *CAT3(filled_, R, )(int seed, int ndim, const long *size) {
  TT *t = T_(new)();
  T_(resizeNd)(t, ndim, (long *)size, NULL);
  real *d = T_(data)(t);
  for (ptrdiff_t i = 0; i < T_(nElement)(t); i++) d[i] = (real)pattern(seed, i);
  return t;
}

static void CAT3(dump_, R, )(const char *name, TT *t) {
  TT *c = T_(newContiguous)(t);
  printf("tensor %s %s %d", STR(R), name, T_(nDimension)(c));
  for (int d = 0; d < T_(nDimension)(c); d++) printf(" %ld", T_(size)(c, d));
  printf("\n");
  real *p = T_(data)(c);
  for (ptrdiff_t i = 0; i < T_(nElement)(c); i++) printf(i ? " %.17g" : "%.17g", (double)p[i]);
  printf("\n");
  T_(free)(c);
}

#define FILLED(seed, ...) CAT3(filled_, R, )(seed, sizeof((long[]){__VA_ARGS__}) / sizeof(long), (long[]){__VA_ARGS__})
#define DUMP(name, t) CAT3(dump_, R, )(name, t)
#define NEW() T_(new)()

static void CAT3(run_, R, )(void) {
  /* Linear */
  TT *x = FILLED(1, 4, 5), *w = FILLED(2, 3, 5), *b = FILLED(3, 3), *go = FILLED(4, 4, 3);
  TT *y = NEW(), *gi = NEW(), *gw = NEW(), *gb = NEW(), *buf = NEW();
  NN_(Linear_updateOutput)(NULL, x, y, w, b, buf);
  NN_(Linear_updateGradInput)(NULL, x, go, gi, w);
  T_(resizeAs)(gw, w); T_(zero)(gw); T_(resizeAs)(gb, b); T_(zero)(gb);
  NN_(Linear_accGradParameters)(NULL, x, go, gi, w, b, gw, gb, buf, 1.0);
  DUMP("linear_x", x); DUMP("linear_w", w); DUMP("linear_b", b); DUMP("linear_go", go);
  DUMP("linear_y", y); DUMP("linear_gi", gi); DUMP("linear_gw", gw); DUMP("linear_gb", gb);

  /* pointwise: Tanh, Sigmoid, Threshold (ReLU), LogSoftMax, SoftMax */
  NN_(Tanh_updateOutput)(NULL, x, y);
  NN_(Tanh_updateGradInput)(NULL, x, FILLED(5, 4, 5), gi, y);
  DUMP("tanh_go", FILLED(5, 4, 5)); DUMP("tanh_y", y); DUMP("tanh_gi", gi);
  NN_(Sigmoid_updateOutput)(NULL, x, y);
  NN_(Sigmoid_updateGradInput)(NULL, x, FILLED(5, 4, 5), gi, y);
  DUMP("sigmoid_y", y); DUMP("sigmoid_gi", gi);
  NN_(Threshold_updateOutput)(NULL, x, y, 0.0, 0.0, false);
  NN_(Threshold_updateGradInput)(NULL, x, FILLED(5, 4, 5), gi, 0.0, 0.0, false);
  DUMP("relu_y", y); DUMP("relu_gi", gi);
  NN_(LogSoftMax_updateOutput)(NULL, x, y);
  NN_(LogSoftMax_updateGradInput)(NULL, x, FILLED(5, 4, 5), gi, y);
  DUMP("logsoftmax_y", y); DUMP("logsoftmax_gi", gi);

  /* ClassNLLCriterion on the LogSoftMax output; MSECriterion */
  THLongTensor *target = THLongTensor_newWithSize1d(4);
  for (long i = 0; i < 4; i++) THLongTensor_set1d(target, i, (i * 3) % 5 + 1);
  TT *loss = NEW(), *tw = NEW();
  NN_(ClassNLLCriterion_updateOutput)(NULL, y, target, loss, true, NULL, tw, -100);
  T_(resizeAs)(gi, y); T_(zero)(gi);   /* the criterion writes the targets' entries only */
  NN_(ClassNLLCriterion_updateGradInput)(NULL, y, target, gi, true, NULL, tw, -100);
  DUMP("nll_loss", loss); DUMP("nll_gi", gi);
  TT *mt = FILLED(6, 4, 5);
  NN_(MSECriterion_updateOutput)(NULL, x, mt, loss, true);
  NN_(MSECriterion_updateGradInput)(NULL, x, mt, gi, true);
  DUMP("mse_target", mt); DUMP("mse_loss", loss); DUMP("mse_gi", gi);

  /* BatchNormalization, training */
  TT *bw = FILLED(7, 5), *bb = FILLED(8, 5), *rm = T_(newWithSize1d)(5), *rv = T_(newWithSize1d)(5);
  T_(zero)(rm); T_(fill)(rv, 1);
  TT *sm = NEW(), *ss = NEW();
  NN_(BatchNormalization_updateOutput)(NULL, x, y, bw, bb, rm, rv, sm, ss, true, 0.1, 1e-5);
  T_(resizeAs)(gw, bw); T_(zero)(gw); T_(resizeAs)(gb, bb); T_(zero)(gb);
  NN_(BatchNormalization_backward)(NULL, x, FILLED(5, 4, 5), gi, gw, gb, bw, rm, rv, sm, ss, true, 1.0, 1e-5);
  DUMP("bn_w", bw); DUMP("bn_b", bb); DUMP("bn_y", y); DUMP("bn_rm", rm); DUMP("bn_rv", rv);
  DUMP("bn_gi", gi); DUMP("bn_gw", gw); DUMP("bn_gb", gb);

  /* SpatialConvolutionMM 3x3 pad 1, then SpatialMaxPooling 2x2 stride 2 */
  TT *img = FILLED(9, 2, 3, 6, 6), *cw = FILLED(10, 4, 3, 3, 3), *cb = FILLED(11, 4);
  TT *cgo = FILLED(12, 2, 4, 6, 6), *finput = NEW(), *fgi = NEW();
  NN_(SpatialConvolutionMM_updateOutput)(NULL, img, y, cw, cb, finput, fgi, 3, 3, 1, 1, 1, 1);
  NN_(SpatialConvolutionMM_updateGradInput)(NULL, img, cgo, gi, cw, finput, fgi, 3, 3, 1, 1, 1, 1);
  T_(resizeAs)(gw, cw); T_(zero)(gw); T_(resizeAs)(gb, cb); T_(zero)(gb);
  NN_(SpatialConvolutionMM_accGradParameters)(NULL, img, cgo, gw, gb, finput, fgi, 3, 3, 1, 1, 1, 1, 1.0);
  DUMP("conv_x", img); DUMP("conv_w", cw); DUMP("conv_b", cb); DUMP("conv_go", cgo);
  DUMP("conv_y", y); DUMP("conv_gi", gi); DUMP("conv_gw", gw); DUMP("conv_gb", gb);
  THLongTensor *ind = THLongTensor_new();
  TT *pgo = FILLED(13, 2, 3, 3, 3);
  NN_(SpatialMaxPooling_updateOutput)(NULL, img, y, ind, 2, 2, 2, 2, 0, 0, false);
  NN_(SpatialMaxPooling_updateGradInput)(NULL, img, pgo, gi, ind, 2, 2, 2, 2, 0, 0, false);
  DUMP("pool_go", pgo); DUMP("pool_y", y); DUMP("pool_gi", gi);
  /* (the tensors leak: the program ends here) */
}

#undef CAT3_
#undef CAT3
#undef T_
#undef NN_
#undef TT
#undef FILLED
#undef DUMP
#undef NEW
