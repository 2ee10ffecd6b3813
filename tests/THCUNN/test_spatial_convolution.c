/* The 2D convolutions on the CPU and on the GPU: SpatialConvolutionMM, SpatialDilatedConvolution,
 * SpatialFullConvolution, SpatialFullDilatedConvolution (im2col + GEMM), SpatialDepthWiseConvolution,
 * SpatialConvolutionLocal and SpatialSubSampling. Each case runs updateOutput, updateGradInput and
 * accGradParameters (into non-zero gradients, with scale != 1) on both devices and compares every
 * result; bad input must raise the CPU's error on the GPU too. */
#ifdef TEST_TYPE_PASS

/* A case's tensors on one device; NULL where the case has none (bias). */
typedef struct {
  TTensor *in, *out, *weight, *bias, *gradOut, *gradIn, *gradWeight, *gradBias, *buf1, *buf2;
} TEST_(Host);
typedef struct {
  CTensor *in, *out, *weight, *bias, *gradOut, *gradIn, *gradWeight, *gradBias, *buf1, *buf2;
} TEST_(Device);

static CTensor *TEST_(upload)(TTensor *t) { return t ? TEST_UPLOAD(t) : NULL; }

/* An input of nImages (0: a single 3D image) x planes x height x width; transposed: the transpose of
 * a contiguous [.. x width x height] tensor (non-contiguous), on both devices alike. */
static void TEST_(input)(unsigned long seed, long nImages, long planes, long height, long width, int transposed,
                         TTensor **host, CTensor **device) {
  TTensor *t =
      nImages ? TEST_RANDOM(seed, 4, nImages, planes, transposed ? width : height, transposed ? height : width, -1, 1)
              : TEST_RANDOM(seed, 3, planes, transposed ? width : height, transposed ? height : width, 0, -1, 1);
  CTensor *d = TEST_UPLOAD(t);
  if (!transposed) {
    *host = t, *device = d;
    return;
  }
  const int nd = t->nDimension;
  *host = T_(newTranspose)(t, nd - 2, nd - 1);
  *device = C_(newTranspose)(thc_state, d, nd - 2, nd - 1);
  T_(free)(t);
  C_(free)(thc_state, d);
}

/* The tensors of a case: input, weight (nd dimensions), bias (NULL when biasSize is 0), empty
 * outputs and buffers; gradWeight and gradBias start non-zero (accGradParameters adds to them). */
static void TEST_(setUp)(TEST_(Host) * h, TEST_(Device) * d, long nImages, long planes, long height, long width,
                         int transposed, int weightDims, long w0, long w1, long w2, long w3, long biasSize) {
  memset(h, 0, sizeof *h);
  memset(d, 0, sizeof *d);
  TEST_(input)(11, nImages, planes, height, width, transposed, &h->in, &d->in);
  h->weight = TEST_RANDOM(12, weightDims, w0, w1, w2, w3, -0.5, 0.5);
  h->gradWeight = TEST_RANDOM(13, weightDims, w0, w1, w2, w3, -0.5, 0.5);
  h->bias = biasSize ? TEST_RANDOM(14, 1, biasSize, 0, 0, 0, -0.5, 0.5) : NULL;
  h->gradBias = biasSize ? TEST_RANDOM(15, 1, biasSize, 0, 0, 0, -0.5, 0.5) : NULL;
  h->out = T_(new)(), h->gradIn = T_(new)(), h->buf1 = T_(new)(), h->buf2 = T_(new)();
  d->weight = TEST_(upload)(h->weight), d->gradWeight = TEST_(upload)(h->gradWeight);
  d->bias = TEST_(upload)(h->bias), d->gradBias = TEST_(upload)(h->gradBias);
  d->out = C_(new)(thc_state), d->gradIn = C_(new)(thc_state);
  d->buf1 = C_(new)(thc_state), d->buf2 = C_(new)(thc_state);
}

/* After the forward pass: a gradOutput of the output's size on both devices. */
static void TEST_(gradOutput)(TEST_(Host) * h, TEST_(Device) * d) {
  const long *s = h->out->size;
  h->gradOut = TEST_RANDOM(16, h->out->nDimension, s[0], s[1], s[2], h->out->nDimension > 3 ? s[3] : 0, -1, 1);
  d->gradOut = TEST_UPLOAD(h->gradOut);
}

static void TEST_(compare)(TEST_(Host) * h, TEST_(Device) * d) {
  TEST_MATCHES(d->out, h->out);
  TEST_MATCHES(d->gradIn, h->gradIn);
  TEST_MATCHES(d->gradWeight, h->gradWeight);
  if (h->gradBias) TEST_MATCHES(d->gradBias, h->gradBias);
}

static void TEST_(tearDown)(TEST_(Host) * h, TEST_(Device) * d) {
  TTensor *hs[] = {h->in,     h->out,        h->weight,   h->bias, h->gradOut,
                   h->gradIn, h->gradWeight, h->gradBias, h->buf1, h->buf2};
  CTensor *ds[] = {d->in,     d->out,        d->weight,   d->bias, d->gradOut,
                   d->gradIn, d->gradWeight, d->gradBias, d->buf1, d->buf2};
  for (size_t i = 0; i < sizeof hs / sizeof hs[0]; i++) {
    if (hs[i]) T_(free)(hs[i]);
    if (ds[i]) C_(free)(thc_state, ds[i]);
  }
}

/* ---------------------------------------------------------------- im2col + GEMM families */

static void TEST_(gemmForward)(int family, const ConvCase *c, TEST_(Host) * h, TEST_(Device) * d) {
  switch (family) {
    case CONV_MM:
      CPU_(SpatialConvolutionMM_updateOutput)
      (NULL, h->in, h->out, h->weight, h->bias, h->buf1, h->buf2, c->kW, c->kH, c->dW, c->dH, c->padW, c->padH);
      GPU_(SpatialConvolutionMM_updateOutput)
      (thc_state, d->in, d->out, d->weight, d->bias, d->buf1, d->buf2, c->kW, c->kH, c->dW, c->dH, c->padW, c->padH);
      break;
    case CONV_DILATED:
      CPU_(SpatialDilatedConvolution_updateOutput)
      (NULL, h->in, h->out, h->weight, h->bias, h->buf1, h->buf2, c->kW, c->kH, c->dW, c->dH, c->padW, c->padH, c->dilW,
       c->dilH);
      GPU_(SpatialDilatedConvolution_updateOutput)
      (thc_state, d->in, d->out, d->weight, d->bias, d->buf1, d->buf2, c->kW, c->kH, c->dW, c->dH, c->padW, c->padH,
       c->dilW, c->dilH);
      break;
    case CONV_FULL:
      CPU_(SpatialFullConvolution_updateOutput)
      (NULL, h->in, h->out, h->weight, h->bias, h->buf1, h->buf2, c->kW, c->kH, c->dW, c->dH, c->padW, c->padH, c->adjW,
       c->adjH);
      GPU_(SpatialFullConvolution_updateOutput)
      (thc_state, d->in, d->out, d->weight, d->bias, d->buf1, d->buf2, c->kW, c->kH, c->dW, c->dH, c->padW, c->padH,
       c->adjW, c->adjH);
      break;
    default:
      CPU_(SpatialFullDilatedConvolution_updateOutput)
      (NULL, h->in, h->out, h->weight, h->bias, h->buf1, h->buf2, c->kW, c->kH, c->dW, c->dH, c->padW, c->padH, c->dilW,
       c->dilH, c->adjW, c->adjH);
      GPU_(SpatialFullDilatedConvolution_updateOutput)
      (thc_state, d->in, d->out, d->weight, d->bias, d->buf1, d->buf2, c->kW, c->kH, c->dW, c->dH, c->padW, c->padH,
       c->dilW, c->dilH, c->adjW, c->adjH);
  }
}

static void TEST_(gemmBackward)(int family, const ConvCase *c, TEST_(Host) * h, TEST_(Device) * d, double scale) {
  switch (family) {
    case CONV_MM:
      CPU_(SpatialConvolutionMM_updateGradInput)
      (NULL, h->in, h->gradOut, h->gradIn, h->weight, h->buf1, h->buf2, c->kW, c->kH, c->dW, c->dH, c->padW, c->padH);
      GPU_(SpatialConvolutionMM_updateGradInput)
      (thc_state, d->in, d->gradOut, d->gradIn, d->weight, d->buf1, d->buf2, c->kW, c->kH, c->dW, c->dH, c->padW,
       c->padH);
      CPU_(SpatialConvolutionMM_accGradParameters)
      (NULL, h->in, h->gradOut, h->gradWeight, h->gradBias, h->buf1, h->buf2, c->kW, c->kH, c->dW, c->dH, c->padW,
       c->padH, scale);
      GPU_(SpatialConvolutionMM_accGradParameters)
      (thc_state, d->in, d->gradOut, d->gradWeight, d->gradBias, d->buf1, d->buf2, c->kW, c->kH, c->dW, c->dH, c->padW,
       c->padH, scale);
      break;
    case CONV_DILATED:
      CPU_(SpatialDilatedConvolution_updateGradInput)
      (NULL, h->in, h->gradOut, h->gradIn, h->weight, h->buf2, c->kW, c->kH, c->dW, c->dH, c->padW, c->padH, c->dilW,
       c->dilH);
      GPU_(SpatialDilatedConvolution_updateGradInput)
      (thc_state, d->in, d->gradOut, d->gradIn, d->weight, d->buf2, c->kW, c->kH, c->dW, c->dH, c->padW, c->padH,
       c->dilW, c->dilH);
      CPU_(SpatialDilatedConvolution_accGradParameters)
      (NULL, h->in, h->gradOut, h->gradWeight, h->gradBias, h->buf1, h->buf2, c->kW, c->kH, c->dW, c->dH, c->padW,
       c->padH, c->dilW, c->dilH, scale);
      GPU_(SpatialDilatedConvolution_accGradParameters)
      (thc_state, d->in, d->gradOut, d->gradWeight, d->gradBias, d->buf1, d->buf2, c->kW, c->kH, c->dW, c->dH, c->padW,
       c->padH, c->dilW, c->dilH, scale);
      break;
    case CONV_FULL:
      CPU_(SpatialFullConvolution_updateGradInput)
      (NULL, h->in, h->gradOut, h->gradIn, h->weight, h->buf2, c->kW, c->kH, c->dW, c->dH, c->padW, c->padH, c->adjW,
       c->adjH);
      GPU_(SpatialFullConvolution_updateGradInput)
      (thc_state, d->in, d->gradOut, d->gradIn, d->weight, d->buf2, c->kW, c->kH, c->dW, c->dH, c->padW, c->padH,
       c->adjW, c->adjH);
      CPU_(SpatialFullConvolution_accGradParameters)
      (NULL, h->in, h->gradOut, h->gradWeight, h->gradBias, h->buf1, h->buf2, c->kW, c->kH, c->dW, c->dH, c->padW,
       c->padH, c->adjW, c->adjH, scale);
      GPU_(SpatialFullConvolution_accGradParameters)
      (thc_state, d->in, d->gradOut, d->gradWeight, d->gradBias, d->buf1, d->buf2, c->kW, c->kH, c->dW, c->dH, c->padW,
       c->padH, c->adjW, c->adjH, scale);
      break;
    default:
      CPU_(SpatialFullDilatedConvolution_updateGradInput)
      (NULL, h->in, h->gradOut, h->gradIn, h->weight, h->buf2, c->kW, c->kH, c->dW, c->dH, c->padW, c->padH, c->dilW,
       c->dilH, c->adjW, c->adjH);
      GPU_(SpatialFullDilatedConvolution_updateGradInput)
      (thc_state, d->in, d->gradOut, d->gradIn, d->weight, d->buf2, c->kW, c->kH, c->dW, c->dH, c->padW, c->padH,
       c->dilW, c->dilH, c->adjW, c->adjH);
      CPU_(SpatialFullDilatedConvolution_accGradParameters)
      (NULL, h->in, h->gradOut, h->gradWeight, h->gradBias, h->buf1, h->buf2, c->kW, c->kH, c->dW, c->dH, c->padW,
       c->padH, c->dilW, c->dilH, c->adjW, c->adjH, scale);
      GPU_(SpatialFullDilatedConvolution_accGradParameters)
      (thc_state, d->in, d->gradOut, d->gradWeight, d->gradBias, d->buf1, d->buf2, c->kW, c->kH, c->dW, c->dH, c->padW,
       c->padH, c->dilW, c->dilH, c->adjW, c->adjH, scale);
  }
}

/* One case of a GEMM family: nImages (0: one 3D image) x nIn x height x width into nOut planes. */
static void TEST_(gemmCase)(int family, const ConvCase *c, long nImages, long nIn, long nOut, long height, long width,
                            int transposed, int bias, int weight2d, double scale) {
  TEST_(Host) h;
  TEST_(Device) d;
  const int full = family == CONV_FULL || family == CONV_FULL_DILATED;
  if (weight2d)
    TEST_(setUp)(&h, &d, nImages, nIn, height, width, transposed, 2, nOut, nIn * c->kH * c->kW, 0, 0, bias ? nOut : 0);
  else
    TEST_(setUp)
    (&h, &d, nImages, nIn, height, width, transposed, 4, full ? nIn : nOut, full ? nOut : nIn, c->kH, c->kW,
     bias ? nOut : 0);
  TEST_(gemmForward)(family, c, &h, &d);
  TEST_(gradOutput)(&h, &d);
  TEST_(gemmBackward)(family, c, &h, &d, scale);
  TEST_(compare)(&h, &d);
  TEST_(tearDown)(&h, &d);
}

static void TEST_(convolution_mm)(void **unused) {
  const ConvCase pad1 = {3, 3, 1, 1, 1, 1, 1, 1, 0, 0}, strided = {5, 3, 2, 3, 2, 0, 1, 1, 0, 0};
  const ConvCase pointwise = {1, 1, 1, 1, 0, 0, 1, 1, 0, 0};
  TEST_(gemmCase)(CONV_MM, &pad1, 3, 4, 5, 7, 6, 0, 1, 0, 1);
  TEST_(gemmCase)(CONV_MM, &pad1, 0, 4, 5, 7, 6, 0, 1, 0, 0.5);
  TEST_(gemmCase)(CONV_MM, &strided, 2, 3, 4, 9, 11, 1, 0, 0, 2);
  TEST_(gemmCase)(CONV_MM, &strided, 2, 3, 4, 9, 11, 0, 1, 1, 1);
  TEST_(gemmCase)(CONV_MM, &pointwise, 3, 6, 4, 5, 5, 0, 1, 0, 1);
  TEST_(gemmCase)(CONV_MM, &pointwise, 0, 6, 4, 5, 5, 1, 0, 1, 0.25);
}

static void TEST_(convolution_dilated)(void **unused) {
  const ConvCase dilated = {3, 3, 1, 2, 2, 1, 2, 3, 0, 0}, plain = {2, 2, 2, 2, 0, 0, 1, 1, 0, 0};
  TEST_(gemmCase)(CONV_DILATED, &dilated, 2, 3, 4, 11, 10, 0, 1, 0, 1);
  TEST_(gemmCase)(CONV_DILATED, &dilated, 0, 3, 4, 11, 10, 1, 0, 0, 0.5);
  TEST_(gemmCase)(CONV_DILATED, &plain, 3, 2, 3, 8, 8, 1, 1, 0, 3);
}

static void TEST_(convolution_full)(void **unused) {
  const ConvCase adj = {3, 4, 2, 2, 1, 1, 1, 1, 1, 0}, plain = {3, 3, 1, 1, 0, 0, 1, 1, 0, 0};
  TEST_(gemmCase)(CONV_FULL, &adj, 2, 3, 4, 5, 6, 0, 1, 0, 1);
  TEST_(gemmCase)(CONV_FULL, &adj, 0, 3, 4, 5, 6, 1, 0, 0, 0.5);
  TEST_(gemmCase)(CONV_FULL, &plain, 3, 4, 2, 4, 4, 1, 1, 0, 2);
}

static void TEST_(convolution_full_dilated)(void **unused) {
  const ConvCase c = {3, 3, 2, 1, 1, 2, 2, 3, 1, 0};
  TEST_(gemmCase)(CONV_FULL_DILATED, &c, 2, 3, 2, 5, 4, 0, 1, 0, 1);
  TEST_(gemmCase)(CONV_FULL_DILATED, &c, 0, 3, 2, 5, 4, 1, 0, 0, 0.5);
  /* a 1x1 kernel whose adj makes the output larger than the input: not a pointwise product */
  const ConvCase oneByOne = {1, 1, 1, 1, 0, 0, 2, 2, 1, 1};
  TEST_(gemmCase)(CONV_FULL_DILATED, &oneByOne, 2, 3, 4, 5, 4, 0, 1, 0, 1);
}

static void TEST_(convolution_errors)(void **unused) {
  TEST_(Host) h;
  TEST_(Device) d;
  TEST_(setUp)(&h, &d, 2, 3, 5, 5, 0, 4, 4, 2, 3, 3, 4); /* weight for 2 input planes, input of 3 */
  assert_same_error(
      CPU_(SpatialConvolutionMM_updateOutput)(NULL, h.in, h.out, h.weight, h.bias, h.buf1, h.buf2, 3, 3, 1, 1, 0, 0),
      GPU_(SpatialConvolutionMM_updateOutput)(thc_state, d.in, d.out, d.weight, d.bias, d.buf1, d.buf2, 3, 3, 1, 1, 0,
                                              0),
      "weight must be [nOutputPlane x 3 x 3 x 3]");
  /* a 7x7 kernel on a 5x5 input without padding */
  assert_same_error(CPU_(SpatialDilatedConvolution_updateOutput)(NULL, h.in, h.out, h.weight, NULL, h.buf1, h.buf2, 7,
                                                                 7, 1, 1, 0, 0, 1, 1),
                    GPU_(SpatialDilatedConvolution_updateOutput)(thc_state, d.in, d.out, d.weight, NULL, d.buf1, d.buf2,
                                                                 7, 7, 1, 1, 0, 0, 1, 1),
                    "is too small for input 5 x 5");
  assert_same_error(CPU_(SpatialFullConvolution_updateOutput)(NULL, h.in, h.out, h.weight, NULL, h.buf1, h.buf2, 3, 3,
                                                              1, 1, 0, 0, 1, 0),
                    GPU_(SpatialFullConvolution_updateOutput)(thc_state, d.in, d.out, d.weight, NULL, d.buf1, d.buf2, 3,
                                                              3, 1, 1, 0, 0, 1, 0),
                    "adj must be smaller than the stride or the dilation");
  assert_same_error(
      CPU_(SpatialConvolutionMM_updateOutput)(NULL, NULL, h.out, h.weight, h.bias, h.buf1, h.buf2, 3, 3, 1, 1, 0, 0),
      GPU_(SpatialConvolutionMM_updateOutput)(thc_state, NULL, d.out, d.weight, d.bias, d.buf1, d.buf2, 3, 3, 1, 1, 0,
                                              0),
      "input must not be NULL");
  /* a valid call on a 2-plane slice of the input (non-contiguous), then wrong gradOutput and gradBias */
  TTensor *in2 = T_(newNarrow)(h.in, 1, 0, 2);
  CTensor *din2 = C_(newNarrow)(thc_state, d.in, 1, 0, 2);
  CPU_(SpatialConvolutionMM_updateOutput)(NULL, in2, h.out, h.weight, h.bias, h.buf1, h.buf2, 3, 3, 1, 1, 0, 0);
  GPU_(SpatialConvolutionMM_updateOutput)(thc_state, din2, d.out, d.weight, d.bias, d.buf1, d.buf2, 3, 3, 1, 1, 0, 0);
  TEST_MATCHES(d.out, h.out);
  assert_same_error(
      CPU_(SpatialConvolutionMM_updateGradInput)(NULL, in2, in2, h.gradIn, h.weight, h.buf1, h.buf2, 3, 3, 1, 1, 0, 0),
      GPU_(SpatialConvolutionMM_updateGradInput)(thc_state, din2, din2, d.gradIn, d.weight, d.buf1, d.buf2, 3, 3, 1, 1,
                                                 0, 0),
      "gradOutput must have size [2 x 4 x 3 x 3]");
  assert_same_error(CPU_(SpatialConvolutionMM_accGradParameters)(NULL, in2, h.out, h.gradWeight, h.weight, h.buf1,
                                                                 h.buf2, 3, 3, 1, 1, 0, 0, 1),
                    GPU_(SpatialConvolutionMM_accGradParameters)(thc_state, din2, d.out, d.gradWeight, d.weight, d.buf1,
                                                                 d.buf2, 3, 3, 1, 1, 0, 0, 1),
                    "gradBias must have 4 elements");
  GPU_(SpatialConvolutionMM_updateOutput)(thc_state, din2, d.out, d.weight, d.bias, d.buf1, d.buf2, 3, 3, 1, 1, 0, 0);
  TEST_MATCHES(d.out, h.out);
  T_(free)(in2);
  C_(free)(thc_state, din2);
  TEST_(tearDown)(&h, &d);
}

/* ---------------------------------------------------------------- depth-wise, local, subsampling */

static void TEST_(depthWiseCase)(const ConvCase *c, long nImages, long nIn, long multiplier, long height, long width,
                                 int transposed, int bias, double scale) {
  TEST_(Host) h;
  TEST_(Device) d;
  TEST_(setUp)
  (&h, &d, nImages, nIn, height, width, transposed, 4, multiplier, nIn, c->kH, c->kW, bias ? multiplier * nIn : 0);
  CPU_(SpatialDepthWiseConvolution_updateOutput)
  (NULL, h.in, h.out, h.weight, h.bias, h.buf1, h.buf2, c->kW, c->kH, c->dW, c->dH, c->padW, c->padH);
  GPU_(SpatialDepthWiseConvolution_updateOutput)
  (thc_state, d.in, d.out, d.weight, d.bias, d.buf1, d.buf2, c->kW, c->kH, c->dW, c->dH, c->padW, c->padH);
  TEST_(gradOutput)(&h, &d);
  CPU_(SpatialDepthWiseConvolution_updateGradInput)
  (NULL, h.in, h.gradOut, h.gradIn, h.weight, h.buf1, h.buf2, c->kW, c->kH, c->dW, c->dH, c->padW, c->padH);
  GPU_(SpatialDepthWiseConvolution_updateGradInput)
  (thc_state, d.in, d.gradOut, d.gradIn, d.weight, d.buf1, d.buf2, c->kW, c->kH, c->dW, c->dH, c->padW, c->padH);
  CPU_(SpatialDepthWiseConvolution_accGradParameters)
  (NULL, h.in, h.gradOut, h.gradWeight, h.gradBias, h.buf1, h.buf2, c->kW, c->kH, c->dW, c->dH, c->padW, c->padH,
   scale);
  GPU_(SpatialDepthWiseConvolution_accGradParameters)
  (thc_state, d.in, d.gradOut, d.gradWeight, d.gradBias, d.buf1, d.buf2, c->kW, c->kH, c->dW, c->dH, c->padW, c->padH,
   scale);
  TEST_(compare)(&h, &d);
  TEST_(tearDown)(&h, &d);
}

static void TEST_(depthwise)(void **unused) {
  const ConvCase pad1 = {3, 3, 1, 1, 1, 1, 1, 1, 0, 0}, strided = {3, 2, 2, 1, 0, 1, 1, 1, 0, 0};
  TEST_(depthWiseCase)(&pad1, 2, 3, 2, 6, 7, 0, 1, 1);
  TEST_(depthWiseCase)(&pad1, 0, 3, 1, 6, 7, 1, 0, 0.5);
  TEST_(depthWiseCase)(&strided, 3, 2, 3, 7, 5, 1, 1, 2);

  TEST_(Host) h;
  TEST_(Device) d;
  TEST_(setUp)(&h, &d, 2, 3, 5, 5, 0, 4, 2, 4, 3, 3, 6); /* weight for 4 input planes, input of 3 */
  assert_same_error(CPU_(SpatialDepthWiseConvolution_updateOutput)(NULL, h.in, h.out, h.weight, h.bias, h.buf1, h.buf2,
                                                                   3, 3, 1, 1, 0, 0),
                    GPU_(SpatialDepthWiseConvolution_updateOutput)(thc_state, d.in, d.out, d.weight, d.bias, d.buf1,
                                                                   d.buf2, 3, 3, 1, 1, 0, 0),
                    "weight must be [nOutputPlane x 3 x 3 x 3]");
  TTensor *w = TEST_RANDOM(17, 4, 2, 3, 3, 3, -1, 1);
  CTensor *dw = TEST_UPLOAD(w);
  CPU_(SpatialDepthWiseConvolution_updateOutput)(NULL, h.in, h.out, w, h.bias, h.buf1, h.buf2, 3, 3, 1, 1, 0, 0);
  GPU_(SpatialDepthWiseConvolution_updateOutput)(thc_state, d.in, d.out, dw, d.bias, d.buf1, d.buf2, 3, 3, 1, 1, 0, 0);
  TEST_MATCHES(d.out, h.out);
  assert_same_error(CPU_(SpatialDepthWiseConvolution_updateGradInput)(NULL, h.in, h.in, h.gradIn, w, h.buf1, h.buf2, 3,
                                                                      3, 1, 1, 0, 0),
                    GPU_(SpatialDepthWiseConvolution_updateGradInput)(thc_state, d.in, d.in, d.gradIn, dw, d.buf1,
                                                                      d.buf2, 3, 3, 1, 1, 0, 0),
                    "gradOutput must have size [nImages x 6 x 3 x 3]");
  T_(free)(w);
  C_(free)(thc_state, dw);
  TEST_(tearDown)(&h, &d);
}

/* SpatialConvolutionLocal on nImages x nIn x height x width, weight in its 3D form. */
static void TEST_(localCase)(const ConvCase *c, long nImages, long nIn, long nOut, long height, long width,
                             int transposed, int bias, double scale) {
  const long oH = (height + 2 * c->padH - c->kH) / c->dH + 1, oW = (width + 2 * c->padW - c->kW) / c->dW + 1;
  TEST_(Host) h;
  TEST_(Device) d;
  TEST_(setUp)
  (&h, &d, nImages, nIn, height, width, transposed, 3, oH * oW, nOut, nIn * c->kH * c->kW, 0,
   bias ? nOut * oH * oW : 0);
  CPU_(SpatialConvolutionLocal_updateOutput)
  (NULL, h.in, h.out, h.weight, h.bias, h.buf1, h.buf2, c->kW, c->kH, c->dW, c->dH, c->padW, c->padH, width, height, oW,
   oH);
  GPU_(SpatialConvolutionLocal_updateOutput)
  (thc_state, d.in, d.out, d.weight, d.bias, d.buf1, d.buf2, c->kW, c->kH, c->dW, c->dH, c->padW, c->padH, width,
   height, oW, oH);
  TEST_(gradOutput)(&h, &d);
  CPU_(SpatialConvolutionLocal_updateGradInput)
  (NULL, h.in, h.gradOut, h.gradIn, h.weight, h.buf1, h.buf2, c->kW, c->kH, c->dW, c->dH, c->padW, c->padH, width,
   height, oW, oH);
  GPU_(SpatialConvolutionLocal_updateGradInput)
  (thc_state, d.in, d.gradOut, d.gradIn, d.weight, d.buf1, d.buf2, c->kW, c->kH, c->dW, c->dH, c->padW, c->padH, width,
   height, oW, oH);
  CPU_(SpatialConvolutionLocal_accGradParameters)
  (NULL, h.in, h.gradOut, h.gradWeight, h.gradBias, h.buf1, h.buf2, c->kW, c->kH, c->dW, c->dH, c->padW, c->padH, width,
   height, oW, oH, scale);
  GPU_(SpatialConvolutionLocal_accGradParameters)
  (thc_state, d.in, d.gradOut, d.gradWeight, d.gradBias, d.buf1, d.buf2, c->kW, c->kH, c->dW, c->dH, c->padW, c->padH,
   width, height, oW, oH, scale);
  TEST_(compare)(&h, &d);
  if (nImages) /* sizes that are not the input's */
    assert_same_error(
        CPU_(SpatialConvolutionLocal_updateOutput)(NULL, h.in, h.out, h.weight, h.bias, h.buf1, h.buf2, c->kW, c->kH,
                                                   c->dW, c->dH, c->padW, c->padH, width + 1, height, oW, oH),
        GPU_(SpatialConvolutionLocal_updateOutput)(thc_state, d.in, d.out, d.weight, d.bias, d.buf1, d.buf2, c->kW,
                                                   c->kH, c->dW, c->dH, c->padW, c->padH, width + 1, height, oW, oH),
        "do not match the input");
  TEST_(tearDown)(&h, &d);
}

static void TEST_(local)(void **unused) {
  const ConvCase pad1 = {3, 3, 1, 1, 1, 1, 1, 1, 0, 0}, strided = {2, 3, 2, 1, 0, 1, 1, 1, 0, 0};
  TEST_(localCase)(&pad1, 2, 3, 4, 5, 6, 0, 1, 1);
  TEST_(localCase)(&pad1, 0, 3, 4, 5, 6, 1, 0, 0.5);
  TEST_(localCase)(&strided, 3, 2, 3, 6, 7, 1, 1, 2);
}

static void TEST_(subSamplingCase)(long nImages, long planes, long height, long width, int kW, int kH, int dW, int dH,
                                   int transposed, int bias, double scale) {
  TEST_(Host) h;
  TEST_(Device) d;
  TEST_(setUp)(&h, &d, nImages, planes, height, width, transposed, 1, planes, 0, 0, 0, bias ? planes : 0);
  CPU_(SpatialSubSampling_updateOutput)(NULL, h.in, h.out, h.weight, h.bias, kW, kH, dW, dH);
  GPU_(SpatialSubSampling_updateOutput)(thc_state, d.in, d.out, d.weight, d.bias, kW, kH, dW, dH);
  TEST_(gradOutput)(&h, &d);
  CPU_(SpatialSubSampling_updateGradInput)(NULL, h.in, h.gradOut, h.gradIn, h.weight, kW, kH, dW, dH);
  GPU_(SpatialSubSampling_updateGradInput)(thc_state, d.in, d.gradOut, d.gradIn, d.weight, kW, kH, dW, dH);
  CPU_(SpatialSubSampling_accGradParameters)(NULL, h.in, h.gradOut, h.gradWeight, h.gradBias, kW, kH, dW, dH, scale);
  GPU_(SpatialSubSampling_accGradParameters)
  (thc_state, d.in, d.gradOut, d.gradWeight, d.gradBias, kW, kH, dW, dH, scale);
  TEST_(compare)(&h, &d);
  assert_same_error(
      CPU_(SpatialSubSampling_updateOutput)(NULL, h.in, h.out, h.weight, h.bias, kW, (int)height + 1, dW, dH),
      GPU_(SpatialSubSampling_updateOutput)(thc_state, d.in, d.out, d.weight, d.bias, kW, (int)height + 1, dW, dH),
      "is too small for input");
  assert_same_error(CPU_(SpatialSubSampling_updateGradInput)(NULL, h.in, h.in, h.gradIn, h.weight, kW, kH, dW, dH),
                    GPU_(SpatialSubSampling_updateGradInput)(thc_state, d.in, d.in, d.gradIn, d.weight, kW, kH, dW, dH),
                    "gradOutput must have size");
  GPU_(SpatialSubSampling_updateOutput)(thc_state, d.in, d.out, d.weight, d.bias, kW, kH, dW, dH);
  CPU_(SpatialSubSampling_updateOutput)(NULL, h.in, h.out, h.weight, h.bias, kW, kH, dW, dH);
  TEST_MATCHES(d.out, h.out);
  TEST_(tearDown)(&h, &d);
}

static void TEST_(subsampling)(void **unused) {
  TEST_(subSamplingCase)(2, 3, 8, 9, 2, 2, 2, 2, 0, 1, 1);
  TEST_(subSamplingCase)(0, 3, 8, 9, 3, 2, 1, 2, 1, 0, 0.5);
  TEST_(subSamplingCase)(3, 2, 7, 6, 3, 3, 2, 1, 1, 1, 2);
}

#else
#include "thcunn_test.h"

/* A case's hyper-parameters (dilation and adj where the family has them). */
typedef struct {
  int kW, kH, dW, dH, padW, padH, dilW, dilH, adjW, adjH;
} ConvCase;

enum { CONV_MM, CONV_DILATED, CONV_FULL, CONV_FULL_DILATED };

#include "thcunn_each_type.h"

#define CONV_TESTS(Real)                                                                                          \
  cmocka_unit_test(test_##Real##_convolution_mm), cmocka_unit_test(test_##Real##_convolution_dilated),            \
      cmocka_unit_test(test_##Real##_convolution_full), cmocka_unit_test(test_##Real##_convolution_full_dilated), \
      cmocka_unit_test(test_##Real##_convolution_errors), cmocka_unit_test(test_##Real##_depthwise),              \
      cmocka_unit_test(test_##Real##_local), cmocka_unit_test(test_##Real##_subsampling)

int main(void) {
  thc_test_init();
  const struct CMUnitTest tests[] = {CONV_TESTS(Float), CONV_TESTS(Double)};
  int failed = cmocka_run_group_tests(tests, NULL, NULL);
  thc_test_shutdown();
  return failed;
}
#endif
