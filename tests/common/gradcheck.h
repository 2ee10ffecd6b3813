#ifndef EMBER_GRADCHECK_H
#define EMBER_GRADCHECK_H
/* Finite-difference checks of THNN backward passes, in Double.
 *
 * The module is described by two callbacks over a context:
 *   forward(ctx, input, output)                   runs updateOutput
 *   backward(ctx, input, gradOutput, gradInput)   runs updateGradInput
 *   accumulate(ctx, input, gradOutput)            zeroes the context's gradParameter tensors, then
 *                                                 runs accGradParameters (scale 1)
 * With a random gradOutput g and L(x) = sum(forward(x) * g), the analytic gradients must match
 * (L(x + eps e_i) - L(x - eps e_i)) / 2eps for every element i of the input or parameter. */
#include <math.h>
#include "TH.h"

typedef void (*gradcheck_forward)(void *ctx, THDoubleTensor *input, THDoubleTensor *output);
typedef void (*gradcheck_backward)(void *ctx, THDoubleTensor *input, THDoubleTensor *gradOutput,
                                   THDoubleTensor *gradInput);
typedef void (*gradcheck_accumulate)(void *ctx, THDoubleTensor *input, THDoubleTensor *gradOutput);

static inline double gradcheck_loss_(gradcheck_forward forward, void *ctx, THDoubleTensor *input,
                                     THDoubleTensor *g) {
  THDoubleTensor *out = THDoubleTensor_new();
  forward(ctx, input, out);
  THDoubleTensor *oc = THDoubleTensor_newContiguous(out), *gc = THDoubleTensor_newContiguous(g);
  double loss = 0;
  ptrdiff_t n = THDoubleTensor_nElement(oc);
  if (n != THDoubleTensor_nElement(gc)) fail_msg("gradcheck: output size changed");
  for (ptrdiff_t i = 0; i < n; i++) loss += THDoubleTensor_data(oc)[i] * THDoubleTensor_data(gc)[i];
  THDoubleTensor_free(oc);
  THDoubleTensor_free(gc);
  THDoubleTensor_free(out);
  return loss;
}

/* A gradOutput shaped like forward's output, uniform in [-1, 1) from a fixed seed. */
static inline THDoubleTensor *gradcheck_random_gradOutput_(gradcheck_forward forward, void *ctx,
                                                           THDoubleTensor *input, unsigned long seed) {
  THDoubleTensor *out = THDoubleTensor_new();
  forward(ctx, input, out);
  THDoubleTensor *g = THDoubleTensor_new();
  THDoubleTensor_resizeAs(g, out);
  THGenerator *gen = THGenerator_new();
  THRandom_manualSeed(gen, seed);
  double *p = THDoubleTensor_data(g);
  for (ptrdiff_t i = 0; i < THDoubleTensor_nElement(g); i++) p[i] = THRandom_uniform(gen, -1, 1);
  THGenerator_free(gen);
  THDoubleTensor_free(out);
  return g;
}

/* Perturbs each element of `wrt` (the input or a parameter the forward reads) and compares with
 * `analytic` (same shape). Returns the largest |analytic - numeric| / max(1, |numeric|). */
static inline double gradcheck_compare_(gradcheck_forward forward, void *ctx, THDoubleTensor *input,
                                        THDoubleTensor *g, THDoubleTensor *wrt, THDoubleTensor *analytic,
                                        double eps) {
  if (!THDoubleTensor_isContiguous(wrt)) fail_msg("gradcheck: the perturbed tensor must be contiguous");
  THDoubleTensor *ac = THDoubleTensor_newContiguous(analytic);
  double worst = 0;
  double *x = THDoubleTensor_data(wrt);
  for (ptrdiff_t i = 0; i < THDoubleTensor_nElement(wrt); i++) {
    double saved = x[i];
    x[i] = saved + eps;
    double plus = gradcheck_loss_(forward, ctx, input, g);
    x[i] = saved - eps;
    double minus = gradcheck_loss_(forward, ctx, input, g);
    x[i] = saved;
    double numeric = (plus - minus) / (2 * eps);
    double err = fabs(THDoubleTensor_data(ac)[i] - numeric) / fmax(1.0, fabs(numeric));
    if (err > worst) worst = err;
  }
  THDoubleTensor_free(ac);
  return worst;
}

/* Largest relative error of updateGradInput against finite differences. */
static inline double gradcheck_input(gradcheck_forward forward, gradcheck_backward backward, void *ctx,
                                     THDoubleTensor *input, double eps) {
  THDoubleTensor *g = gradcheck_random_gradOutput_(forward, ctx, input, 1234);
  THDoubleTensor *out = THDoubleTensor_new(), *gradInput = THDoubleTensor_new();
  forward(ctx, input, out);
  backward(ctx, input, g, gradInput);
  if (THDoubleTensor_nElement(gradInput) != THDoubleTensor_nElement(input))
    fail_msg("gradcheck: gradInput has %td elements, input %td", THDoubleTensor_nElement(gradInput),
             THDoubleTensor_nElement(input));
  double err = gradcheck_compare_(forward, ctx, input, g, input, gradInput, eps);
  THDoubleTensor_free(out);
  THDoubleTensor_free(gradInput);
  THDoubleTensor_free(g);
  return err;
}

/* Largest relative error of accGradParameters for `param` (whose gradient the accumulate callback
 * leaves in `gradParam`). */
static inline double gradcheck_param(gradcheck_forward forward, gradcheck_accumulate accumulate, void *ctx,
                                     THDoubleTensor *input, THDoubleTensor *param, THDoubleTensor *gradParam,
                                     double eps) {
  THDoubleTensor *g = gradcheck_random_gradOutput_(forward, ctx, input, 4321);
  THDoubleTensor *out = THDoubleTensor_new();
  forward(ctx, input, out);
  accumulate(ctx, input, g);
  double err = gradcheck_compare_(forward, ctx, input, g, param, gradParam, eps);
  THDoubleTensor_free(out);
  THDoubleTensor_free(g);
  return err;
}

/* A new contiguous Double tensor of the given sizes, uniform in [lo, hi) from seed. */
static inline THDoubleTensor *gradcheck_random(unsigned long seed, double lo, double hi, long s0, long s1,
                                               long s2, long s3) {
  THDoubleTensor *t = THDoubleTensor_newWithSize4d(s0, s1, s2, s3);
  THGenerator *gen = THGenerator_new();
  THRandom_manualSeed(gen, seed);
  double *p = THDoubleTensor_data(t);
  for (ptrdiff_t i = 0; i < THDoubleTensor_nElement(t); i++) p[i] = THRandom_uniform(gen, lo, hi);
  THGenerator_free(gen);
  return t;
}
#endif
