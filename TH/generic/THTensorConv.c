#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorConv.c"
#else

/* acc + w * x and a * b, wrapping modulo 2^bits on the integer types instead of overflowing. */
#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)
#define TH_CONV_MUL(A, B) ((A) * (B))
#else
#define TH_CONV_MUL(A, B) ((real)((unsigned long)(A) * (unsigned long)(B)))
#endif
#define TH_CONV_MAC(ACC, W, X) ((real)((ACC) + TH_CONV_MUL(W, X)))

/* o[i * os] += w * x[i * xs] for i < n; the unit-stride case gets its own vectorisable loop. */
static inline void THTensor_(convAxpy)(real *o, long os, real w, const real *x, long xs, long n) {
  if (os == 1 && xs == 1) {
    for (long i = 0; i < n; i++) o[i] = TH_CONV_MAC(o[i], w, x[i]);
  } else {
    for (long i = 0; i < n; i++) o[i * os] = TH_CONV_MAC(o[i * os], w, x[i * xs]);
  }
}

/* out (strides ostride) += alpha * op(in, ker) for one plane (see THTensorConv.c for the three
 * modes). Loops over kernel elements outside and over output positions inside, so the innermost
 * loop runs along an output row. */
static void THTensor_(convBox)(real *out, const long *ostride, real alpha, const real *in,
                               const THConvBox *ib, const real *ker, const THConvBox *kb,
                               const long *step, THConvMode mode, int flip) {
  long P[3], oP[3], oK[3], iP[3], iK[3], kS[3];
  const real *k0 = ker;
  for (int d = 0; d < 3; d++) {
    long is = ib->stride[d], os = ostride[d];
    switch (mode) {
      case TH_CONV_VALID: /* out[p] += in[p * s + k] * w[k] */
        P[d] = conv_out_size(mode, ib->size[d], kb->size[d], step[d]);
        oP[d] = os, oK[d] = 0, iP[d] = is * step[d], iK[d] = is;
        break;
      case TH_CONV_FULL: /* out[p * s + k] += in[p] * w[k] */
        P[d] = ib->size[d];
        oP[d] = os * step[d], oK[d] = os, iP[d] = is, iK[d] = 0;
        break;
      default: /* rev: out[p] += in[p + k * s] * w[k] */
        P[d] = conv_out_size(mode, ib->size[d], kb->size[d], step[d]);
        oP[d] = os, oK[d] = 0, iP[d] = is, iK[d] = is * step[d];
        break;
    }
    kS[d] = flip ? -kb->stride[d] : kb->stride[d];
    if (flip) k0 += (kb->size[d] - 1) * kb->stride[d];
  }
  for (long kz = 0; kz < kb->size[0]; kz++)
    for (long ky = 0; ky < kb->size[1]; ky++)
      for (long kx = 0; kx < kb->size[2]; kx++) {
        real w = TH_CONV_MUL(alpha, k0[kz * kS[0] + ky * kS[1] + kx * kS[2]]);
        real *o = out + kz * oK[0] + ky * oK[1] + kx * oK[2];
        const real *x = in + kz * iK[0] + ky * iK[1] + kx * iK[2];
        for (long pz = 0; pz < P[0]; pz++)
          for (long py = 0; py < P[1]; py++)
            THTensor_(convAxpy)(o + pz * oP[0] + py * oP[1], oP[2], w, x + pz * iP[0] + py * iP[1], iP[2],
                                P[2]);
      }
}

/* The *ptr functions: contiguous planes of depth it (1 for 2-D), r_ += alpha * op(t_, k_). */
static void THTensor_(convPtr)(const char *fn, real *r_, real alpha, real *t_, long it, long ir, long ic,
                               real *k_, long kt, long kr, long kc, long st, long sr, long sc,
                               THConvMode mode, int flip, int nd) {
  THArgCheck(r_ != NULL && t_ != NULL && k_ != NULL, 1, "%s: NULL plane pointer (r_ %p, t_ %p, k_ %p)",
             fn, (void *)r_, (void *)t_, (void *)k_);
  long in[3] = {it, ir, ic}, k[3] = {kt, kr, kc}, step[3] = {st, sr, sc}, out[3];
  conv_check_planes(fn, mode, nd, in, k, step, nd == 2 ? 9 : 11, out);
  THConvBox ib = {{it, ir, ic}, {ir * ic, ic, 1}};
  THConvBox kb = {{kt, kr, kc}, {kr * kc, kc, 1}};
  long ostride[3] = {out[1] * out[2], out[2], 1};
  THTensor_(convBox)(r_, ostride, alpha, t_, &ib, k_, &kb, step, mode, flip);
}

#define TH_CONV_PTR_2D(NAME, MODE, FLIP)                                                             \
  void THTensor_(NAME)(real *r_, real alpha, real *t_, long ir, long ic, real *k_, long kr, long kc, \
                       long sr, long sc) {                                                           \
    THTensor_(convPtr)(#NAME, r_, alpha, t_, 1, ir, ic, k_, 1, kr, kc, 1, sr, sc, MODE, FLIP, 2);    \
  }
#define TH_CONV_PTR_3D(NAME, MODE, FLIP)                                                                 \
  void THTensor_(NAME)(real *r_, real alpha, real *t_, long it, long ir, long ic, real *k_, long kt,     \
                       long kr, long kc, long st, long sr, long sc) {                                    \
    THTensor_(convPtr)(#NAME, r_, alpha, t_, it, ir, ic, k_, kt, kr, kc, st, sr, sc, MODE, FLIP, 3);     \
  }
TH_CONV_PTR_2D(validXCorr2Dptr, TH_CONV_VALID, 0)
TH_CONV_PTR_2D(validConv2Dptr, TH_CONV_VALID, 1)
TH_CONV_PTR_2D(fullXCorr2Dptr, TH_CONV_FULL, 1)
TH_CONV_PTR_2D(fullConv2Dptr, TH_CONV_FULL, 0)
TH_CONV_PTR_2D(validXCorr2DRevptr, TH_CONV_REV, 0)
TH_CONV_PTR_3D(validXCorr3Dptr, TH_CONV_VALID, 0)
TH_CONV_PTR_3D(validConv3Dptr, TH_CONV_VALID, 1)
TH_CONV_PTR_3D(fullXCorr3Dptr, TH_CONV_FULL, 1)
TH_CONV_PTR_3D(fullConv3Dptr, TH_CONV_FULL, 0)
TH_CONV_PTR_3D(validXCorr3DRevptr, TH_CONV_REV, 0)
#undef TH_CONV_PTR_2D
#undef TH_CONV_PTR_3D

/* The last nd (2 or 3) dimensions of t as a plane. */
static THConvBox THTensor_(convPlaneOf)(THTensor *t, int nd) {
  THConvBox b = {{1, 1, 1}, {0, 0, 0}};
  for (int d = 0; d < nd; d++) {
    b.size[3 - nd + d] = t->size[t->nDimension - nd + d];
    b.stride[3 - nd + d] = t->stride[t->nDimension - nd + d];
  }
  return b;
}

/* First checks of every tensor function: NULLs, dimensions, r_ distinct from the operands. */
static void THTensor_(convCheckTensors)(const char *fn, THTensor *r_, THTensor *t_, THTensor *k_, int tdims,
                                        int kdims) {
  THArgCheck(r_ != NULL && t_ != NULL && k_ != NULL, 1, "%s: NULL tensor (r_ %p, t_ %p, k_ %p)", fn,
             (void *)r_, (void *)t_, (void *)k_);
  THArgCheck(t_->nDimension == tdims, 4, "%s: input: %dD tensor expected, got %dD", fn, tdims,
             t_->nDimension);
  THArgCheck(k_->nDimension == kdims, 5, "%s: kernel: %dD tensor expected, got %dD", fn, kdims,
             k_->nDimension);
  THArgCheck(r_ != t_ && r_ != k_, 1, "%s: the result must be a tensor other than the input and kernel",
             fn);
}

/* r_ = beta * r_ + alpha * (the products of plan): r_ becomes [lead..., output plane] where lead
 * are the nlead (0 to 2) leading sizes; its first two dimensions (when it has them) index p1, p2. */
static void THTensor_(convTensor)(const char *fn, THTensor *r_, real beta, real alpha, THTensor *t_,
                                  THTensor *k_, const THConvPlan *plan, int nlead, const long *lead,
                                  int nd, const long *step3, int step_arg, THConvMode mode, int flip) {
  THConvBox ib = THTensor_(convPlaneOf)(t_, nd), kb = THTensor_(convPlaneOf)(k_, nd);
  long out[3];
  conv_check_planes(fn, mode, nd, ib.size, kb.size, step3, step_arg, out);

  long size[5];
  int ndim = 0;
  for (int d = 0; d < nlead; d++) size[ndim++] = lead[d];
  for (int d = 3 - nd; d < 3; d++) size[ndim++] = out[d];
  ptrdiff_t before = THTensor_(nElement)(r_);
  THTensor_(resizeNd)(r_, ndim, size, NULL);
  if (before == 0 || beta == 0 || before != THTensor_(nElement)(r_)) {
    TH_TENSOR_APPLY(real, r_, *r__data = 0;);
  } else if (beta != 1) {
    TH_TENSOR_APPLY(real, r_, *r__data = TH_CONV_MUL(beta, *r__data););
  }

  long ostride[3] = {0, 0, 0};
  for (int d = 0; d < nd; d++) ostride[3 - nd + d] = r_->stride[nlead + d];
  long out1 = nlead >= 1 ? r_->stride[0] : 0, out2 = nlead >= 2 ? r_->stride[1] : 0;
  real *o = THTensor_(data)(r_);
  const real *in = THTensor_(data)(t_), *ker = THTensor_(data)(k_);
  long nplanes = plan->n1 * plan->n2;
  double work = (double)nplanes * (double)plan->nsum * (double)(kb.size[0] * kb.size[1] * kb.size[2]) *
                (double)(out[0] * out[1] * out[2]);
  /* planes are independent; a non-contiguous r_ could overlap itself, so it stays serial */
  int parallel = nplanes > 1 && work > 65536 && THTensor_(isContiguous)(r_);
#pragma omp parallel for if (parallel)
  for (long p = 0; p < nplanes; p++) {
    long p1 = p / plan->n2, p2 = p % plan->n2;
    for (long s = 0; s < plan->nsum; s++)
      THTensor_(convBox)(o + p1 * out1 + p2 * out2, ostride, alpha,
                         in + p1 * plan->in1 + p2 * plan->in2 + s * plan->ins, &ib,
                         ker + p1 * plan->ker1 + p2 * plan->ker2 + s * plan->kers, &kb, step3, mode, flip);
  }
}

/* ---------------------------------------------------------------- 2-D */

/* t_ [nInputPlane x ir x ic], k_ [nKernelPlane x kr x kc] -> r_ [nKernelPlane x nInputPlane x
 * (ir - (kr-1)*srow) x (ic - (kc-1)*scol)]: r_[k][i] = rev(t_[i], k_[k]) (weight gradients). */
void THTensor_(conv2DRevger)(THTensor *r_, real beta, real alpha, THTensor *t_, THTensor *k_, long srow,
                             long scol) {
  THTensor_(convCheckTensors)("conv2DRevger", r_, t_, k_, 3, 3);
  THConvPlan plan = {k_->size[0], t_->size[0], 1, 0, t_->stride[0], 0, k_->stride[0], 0, 0};
  long lead[2] = {k_->size[0], t_->size[0]}, step[3] = {1, srow, scol};
  THTensor_(convTensor)("conv2DRevger", r_, beta, alpha, t_, k_, &plan, 2, lead, 2, step, 6, TH_CONV_REV, 0);
}

/* t_ [nbatch x nInputPlane x ir x ic], k_ [nbatch x nKernelPlane x kr x kc] -> r_ [nKernelPlane x
 * nInputPlane x ...]: r_[k][i] = sum over the batch b of rev(t_[b][i], k_[b][k]). */
void THTensor_(conv2DRevgerm)(THTensor *r_, real beta, real alpha, THTensor *t_, THTensor *k_, long srow,
                              long scol) {
  THTensor_(convCheckTensors)("conv2DRevgerm", r_, t_, k_, 4, 4);
  THArgCheck(t_->size[0] == k_->size[0], 5, "conv2DRevgerm: input has %ld batch entries but kernel has %ld",
             t_->size[0], k_->size[0]);
  THConvPlan plan = {k_->size[1], t_->size[1], t_->size[0], 0, t_->stride[1], t_->stride[0],
                     k_->stride[1], 0, k_->stride[0]};
  long lead[2] = {k_->size[1], t_->size[1]}, step[3] = {1, srow, scol};
  THTensor_(convTensor)("conv2DRevgerm", r_, beta, alpha, t_, k_, &plan, 2, lead, 2, step, 6, TH_CONV_REV, 0);
}

/* t_ [nInputPlane x ir x ic], k_ [nKernelPlane x kr x kc] -> r_ [nKernelPlane x nInputPlane x or x
 * oc]: r_[k][i] = conv(t_[i], k_[k]) (every input plane with every kernel). */
void THTensor_(conv2Dger)(THTensor *r_, real beta, real alpha, THTensor *t_, THTensor *k_, long srow,
                          long scol, const char *vf, const char *xc) {
  THTensor_(convCheckTensors)("conv2Dger", r_, t_, k_, 3, 3);
  THConvMode mode = conv_parse_vf("conv2Dger", vf, 8);
  int flip = conv_parse_flip("conv2Dger", mode, xc, 9);
  THConvPlan plan = {k_->size[0], t_->size[0], 1, 0, t_->stride[0], 0, k_->stride[0], 0, 0};
  long lead[2] = {k_->size[0], t_->size[0]}, step[3] = {1, srow, scol};
  THTensor_(convTensor)("conv2Dger", r_, beta, alpha, t_, k_, &plan, 2, lead, 2, step, 6, mode, flip);
}

/* t_ [nInputPlane x ir x ic], k_ [nOutputPlane x nInputPlane x kr x kc] -> r_ [nOutputPlane x or x
 * oc]: r_[o] = sum over i of conv(t_[i], k_[o][i]) (a matrix-vector product of planes). */
void THTensor_(conv2Dmv)(THTensor *r_, real beta, real alpha, THTensor *t_, THTensor *k_, long srow,
                         long scol, const char *vf, const char *xc) {
  THTensor_(convCheckTensors)("conv2Dmv", r_, t_, k_, 3, 4);
  THConvMode mode = conv_parse_vf("conv2Dmv", vf, 8);
  int flip = conv_parse_flip("conv2Dmv", mode, xc, 9);
  THArgCheck(k_->size[1] == t_->size[0], 5, "conv2Dmv: kernel expects %ld input planes, input has %ld",
             k_->size[1], t_->size[0]);
  THConvPlan plan = {k_->size[0], 1, t_->size[0], 0, 0, t_->stride[0], k_->stride[0], 0, k_->stride[1]};
  long lead[1] = {k_->size[0]}, step[3] = {1, srow, scol};
  THTensor_(convTensor)("conv2Dmv", r_, beta, alpha, t_, k_, &plan, 1, lead, 2, step, 6, mode, flip);
}

/* The batched conv2Dmv: t_ [nbatch x nInputPlane x ir x ic], k_ [nOutputPlane x nInputPlane x kr x
 * kc] -> r_ [nbatch x nOutputPlane x or x oc]: r_[b][o] = sum over i of conv(t_[b][i], k_[o][i]). */
void THTensor_(conv2Dmm)(THTensor *r_, real beta, real alpha, THTensor *t_, THTensor *k_, long srow,
                         long scol, const char *vf, const char *xc) {
  THTensor_(convCheckTensors)("conv2Dmm", r_, t_, k_, 4, 4);
  THConvMode mode = conv_parse_vf("conv2Dmm", vf, 8);
  int flip = conv_parse_flip("conv2Dmm", mode, xc, 9);
  THArgCheck(k_->size[1] == t_->size[1], 5, "conv2Dmm: kernel expects %ld input planes, input has %ld",
             k_->size[1], t_->size[1]);
  THConvPlan plan = {t_->size[0], k_->size[0], t_->size[1], t_->stride[0], 0, t_->stride[1],
                     0, k_->stride[0], k_->stride[1]};
  long lead[2] = {t_->size[0], k_->size[0]}, step[3] = {1, srow, scol};
  THTensor_(convTensor)("conv2Dmm", r_, beta, alpha, t_, k_, &plan, 2, lead, 2, step, 6, mode, flip);
}

/* One plane: t_ [ir x ic], k_ [kr x kc] -> r_ [or x oc] = conv(t_, k_). */
void THTensor_(conv2Dmul)(THTensor *r_, real beta, real alpha, THTensor *t_, THTensor *k_, long srow,
                          long scol, const char *vf, const char *xc) {
  THTensor_(convCheckTensors)("conv2Dmul", r_, t_, k_, 2, 2);
  THConvMode mode = conv_parse_vf("conv2Dmul", vf, 8);
  int flip = conv_parse_flip("conv2Dmul", mode, xc, 9);
  THConvPlan plan = {1, 1, 1, 0, 0, 0, 0, 0, 0};
  long step[3] = {1, srow, scol};
  THTensor_(convTensor)("conv2Dmul", r_, beta, alpha, t_, k_, &plan, 0, NULL, 2, step, 6, mode, flip);
}

/* Plane by plane: t_ [n x ir x ic], k_ [n x kr x kc] -> r_ [n x or x oc]: r_[p] = conv(t_[p], k_[p]). */
void THTensor_(conv2Dcmul)(THTensor *r_, real beta, real alpha, THTensor *t_, THTensor *k_, long srow,
                           long scol, const char *vf, const char *xc) {
  THTensor_(convCheckTensors)("conv2Dcmul", r_, t_, k_, 3, 3);
  THConvMode mode = conv_parse_vf("conv2Dcmul", vf, 8);
  int flip = conv_parse_flip("conv2Dcmul", mode, xc, 9);
  THArgCheck(k_->size[0] == t_->size[0], 5, "conv2Dcmul: input has %ld planes but kernel has %ld",
             t_->size[0], k_->size[0]);
  THConvPlan plan = {t_->size[0], 1, 1, t_->stride[0], 0, 0, k_->stride[0], 0, 0};
  long lead[1] = {t_->size[0]}, step[3] = {1, srow, scol};
  THTensor_(convTensor)("conv2Dcmul", r_, beta, alpha, t_, k_, &plan, 1, lead, 2, step, 6, mode, flip);
}

/* ---------------------------------------------------------------- 3-D (the 2-D ones with depth) */

/* t_ [nInputPlane x it x ir x ic], k_ [nKernelPlane x kt x kr x kc] -> r_ [nKernelPlane x
 * nInputPlane x ot x or x oc]: r_[k][i] = rev(t_[i], k_[k]). */
void THTensor_(conv3DRevger)(THTensor *r_, real beta, real alpha, THTensor *t_, THTensor *k_, long sdepth,
                             long srow, long scol) {
  THTensor_(convCheckTensors)("conv3DRevger", r_, t_, k_, 4, 4);
  THConvPlan plan = {k_->size[0], t_->size[0], 1, 0, t_->stride[0], 0, k_->stride[0], 0, 0};
  long lead[2] = {k_->size[0], t_->size[0]}, step[3] = {sdepth, srow, scol};
  THTensor_(convTensor)("conv3DRevger", r_, beta, alpha, t_, k_, &plan, 2, lead, 3, step, 6, TH_CONV_REV, 0);
}

/* t_ [nInputPlane x it x ir x ic], k_ [nKernelPlane x kt x kr x kc] -> r_ [nKernelPlane x
 * nInputPlane x ot x or x oc]: r_[k][i] = conv(t_[i], k_[k]). */
void THTensor_(conv3Dger)(THTensor *r_, real beta, real alpha, THTensor *t_, THTensor *k_, long sdepth,
                          long srow, long scol, const char *vf, const char *xc) {
  THTensor_(convCheckTensors)("conv3Dger", r_, t_, k_, 4, 4);
  THConvMode mode = conv_parse_vf("conv3Dger", vf, 9);
  int flip = conv_parse_flip("conv3Dger", mode, xc, 10);
  THConvPlan plan = {k_->size[0], t_->size[0], 1, 0, t_->stride[0], 0, k_->stride[0], 0, 0};
  long lead[2] = {k_->size[0], t_->size[0]}, step[3] = {sdepth, srow, scol};
  THTensor_(convTensor)("conv3Dger", r_, beta, alpha, t_, k_, &plan, 2, lead, 3, step, 6, mode, flip);
}

/* t_ [nInputPlane x it x ir x ic], k_ [nOutputPlane x nInputPlane x kt x kr x kc] -> r_
 * [nOutputPlane x ot x or x oc]: r_[o] = sum over i of conv(t_[i], k_[o][i]). */
void THTensor_(conv3Dmv)(THTensor *r_, real beta, real alpha, THTensor *t_, THTensor *k_, long sdepth,
                         long srow, long scol, const char *vf, const char *xc) {
  THTensor_(convCheckTensors)("conv3Dmv", r_, t_, k_, 4, 5);
  THConvMode mode = conv_parse_vf("conv3Dmv", vf, 9);
  int flip = conv_parse_flip("conv3Dmv", mode, xc, 10);
  THArgCheck(k_->size[1] == t_->size[0], 5, "conv3Dmv: kernel expects %ld input planes, input has %ld",
             k_->size[1], t_->size[0]);
  THConvPlan plan = {k_->size[0], 1, t_->size[0], 0, 0, t_->stride[0], k_->stride[0], 0, k_->stride[1]};
  long lead[1] = {k_->size[0]}, step[3] = {sdepth, srow, scol};
  THTensor_(convTensor)("conv3Dmv", r_, beta, alpha, t_, k_, &plan, 1, lead, 3, step, 6, mode, flip);
}

/* One volume: t_ [it x ir x ic], k_ [kt x kr x kc] -> r_ [ot x or x oc] = conv(t_, k_). */
void THTensor_(conv3Dmul)(THTensor *r_, real beta, real alpha, THTensor *t_, THTensor *k_, long sdepth,
                          long srow, long scol, const char *vf, const char *xc) {
  THTensor_(convCheckTensors)("conv3Dmul", r_, t_, k_, 3, 3);
  THConvMode mode = conv_parse_vf("conv3Dmul", vf, 9);
  int flip = conv_parse_flip("conv3Dmul", mode, xc, 10);
  THConvPlan plan = {1, 1, 1, 0, 0, 0, 0, 0, 0};
  long step[3] = {sdepth, srow, scol};
  THTensor_(convTensor)("conv3Dmul", r_, beta, alpha, t_, k_, &plan, 0, NULL, 3, step, 6, mode, flip);
}

/* Volume by volume: t_ [n x it x ir x ic], k_ [n x kt x kr x kc] -> r_ [n x ot x or x oc]. */
void THTensor_(conv3Dcmul)(THTensor *r_, real beta, real alpha, THTensor *t_, THTensor *k_, long sdepth,
                           long srow, long scol, const char *vf, const char *xc) {
  THTensor_(convCheckTensors)("conv3Dcmul", r_, t_, k_, 4, 4);
  THConvMode mode = conv_parse_vf("conv3Dcmul", vf, 9);
  int flip = conv_parse_flip("conv3Dcmul", mode, xc, 10);
  THArgCheck(k_->size[0] == t_->size[0], 5, "conv3Dcmul: input has %ld volumes but kernel has %ld",
             t_->size[0], k_->size[0]);
  THConvPlan plan = {t_->size[0], 1, 1, t_->stride[0], 0, 0, k_->stride[0], 0, 0};
  long lead[1] = {t_->size[0]}, step[3] = {sdepth, srow, scol};
  THTensor_(convTensor)("conv3Dcmul", r_, beta, alpha, t_, k_, &plan, 1, lead, 3, step, 6, mode, flip);
}

#undef TH_CONV_MUL
#undef TH_CONV_MAC

#endif
