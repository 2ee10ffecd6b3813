/* THTensorConv: the direct 2-D/3-D convolutions, against hand-computed cases and a naive
 * reference written from the definitions (each output element gathered on its own):
 *   valid:  out[o] = sum_k in[o * s + k] * w[k]
 *   full:   out[o] = sum_k over (o - k) divisible by s with 0 <= (o - k) / s < in: in[(o - k) / s] * w[k]
 *   rev:    out[o] = sum_k in[o + k * s] * kernel[k]
 * w is the kernel for valid 'X' and full 'C', the flipped kernel for valid 'C' and full 'X'.
 * Inputs are small integers, so every sum is exact in double and float. */
#include "th_test.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* GOT[i] == the i-th of the listed values, for each of them. */
#define ASSERT_VALUES(GOT, ...)                                                     \
  do {                                                                              \
    const double want_[] = {__VA_ARGS__};                                           \
    for (size_t i_ = 0; i_ < N(want_); i_++) assert_close((GOT)[i_], want_[i_], 0); \
  } while (0)

/* ---------------------------------------------------------------- the reference */

typedef struct {
  char vf; /* 'V', 'F' or 'R' (rev) */
  char xc; /* 'X' or 'C' */
  long step[3];
} Op;

static long out_size(char vf, long in, long k, long s) {
  return vf == 'V' ? (in - k) / s + 1 : vf == 'F' ? (in - 1) * s + k : in - (k - 1) * s;
}

static void out_sizes(const Op *op, const long *isz, const long *ksz, long *osz) {
  for (int d = 0; d < 3; d++) osz[d] = out_size(op->vf, isz[d], ksz[d], op->step[d]);
}

static long nel(const long *sz) {
  return sz[0] * sz[1] * sz[2];
}

/* out (contiguous, osz) = op(in, k) on planes of sizes isz, ksz (depth 1 for 2-D). */
static void ref_plane(const Op *op, const double *in, const long *isz, const double *k, const long *ksz,
                      double *out) {
  long osz[3];
  out_sizes(op, isz, ksz, osz);
  int flip = op->vf != 'R' && ((op->vf == 'V') == (op->xc == 'C'));
  for (long o0 = 0; o0 < osz[0]; o0++)
    for (long o1 = 0; o1 < osz[1]; o1++)
      for (long o2 = 0; o2 < osz[2]; o2++) {
        long o[3] = {o0, o1, o2};
        double sum = 0;
        for (long k0 = 0; k0 < ksz[0]; k0++)
          for (long k1 = 0; k1 < ksz[1]; k1++)
            for (long k2 = 0; k2 < ksz[2]; k2++) {
              long kk[3] = {k0, k1, k2}, i[3];
              int inside = 1;
              for (int d = 0; d < 3; d++) {
                long s = op->step[d];
                if (op->vf == 'V') {
                  i[d] = o[d] * s + kk[d];
                } else if (op->vf == 'R') {
                  i[d] = o[d] + kk[d] * s;
                } else {
                  long diff = o[d] - kk[d];
                  inside &= diff >= 0 && diff % s == 0 && diff / s < isz[d];
                  i[d] = inside ? diff / s : 0;
                }
              }
              if (!inside) continue;
              long w0 = flip ? ksz[0] - 1 - k0 : k0, w1 = flip ? ksz[1] - 1 - k1 : k1,
                   w2 = flip ? ksz[2] - 1 - k2 : k2;
              sum += in[(i[0] * isz[1] + i[1]) * isz[2] + i[2]] * k[(w0 * ksz[1] + w1) * ksz[2] + w2];
            }
        out[(o0 * osz[1] + o1) * osz[2] + o2] = sum;
      }
}

/* Small integers in [-4, 4] from a fixed LCG. */
static unsigned lcg_state = 12345;
static double small_int(void) {
  lcg_state = lcg_state * 1103515245u + 12345u;
  return (double)((lcg_state >> 16) % 9) - 4;
}

static void fill_double(THDoubleTensor *t) {
  /* through the element pointers (strided views too), in row-major order */
  long n = THDoubleTensor_nElement(t);
  long idx[5] = {0};
  for (long e = 0; e < n; e++) {
    long off = t->storageOffset;
    for (int d = 0; d < t->nDimension; d++) off += idx[d] * t->stride[d];
    t->storage->data[off] = small_int();
    for (int d = t->nDimension - 1; d >= 0; d--) {
      if (++idx[d] < t->size[d]) break;
      idx[d] = 0;
    }
  }
}

/* The plane at leading indices (a, b) (nlead of them) of t, its last nd dims, into out. */
static void read_plane(THDoubleTensor *t, int nlead, long a, long b, int nd, double *out, long *sz) {
  long off = t->storageOffset + (nlead >= 1 ? a * t->stride[0] : 0) + (nlead >= 2 ? b * t->stride[1] : 0);
  long st[3] = {0, 0, 0};
  sz[0] = sz[1] = sz[2] = 1;
  for (int d = 0; d < nd; d++) {
    sz[3 - nd + d] = t->size[nlead + d];
    st[3 - nd + d] = t->stride[nlead + d];
  }
  for (long i = 0; i < sz[0]; i++)
    for (long j = 0; j < sz[1]; j++)
      for (long k = 0; k < sz[2]; k++) *out++ = t->storage->data[off + i * st[0] + j * st[1] + k * st[2]];
}

static void assert_plane(THDoubleTensor *r, int nlead, long a, long b, int nd, const double *want,
                         double tol) {
  double got[4096];
  long sz[3];
  read_plane(r, nlead, a, b, nd, got, sz);
  for (long i = 0; i < nel(sz); i++)
    if (!th_close(got[i], want[i], tol, tol))
      fail_msg("plane (%ld, %ld) element %ld: got %g, want %g", a, b, i, got[i], want[i]);
}

/* ---------------------------------------------------------------- hand-computed cases */

static void test_hand_computed(void **state) {
  (void)state;
  double in[] = {1, 2, 3, 4, 5, 6, 7, 8, 9}, k[] = {1, 2, 3, 4};
  double r[16];
  /* valid cross-correlation: r[0][0] = 1*1 + 2*2 + 4*3 + 5*4 */
  double vx[] = {37, 47, 67, 77}, vc[] = {23, 33, 53, 63};
  memset(r, 0, sizeof r);
  THDoubleTensor_validXCorr2Dptr(r, 1, in, 3, 3, k, 2, 2, 1, 1);
  for (int i = 0; i < 4; i++) assert_close(r[i], vx[i], 0);
  /* valid convolution: the kernel flipped, r[0][0] = 1*4 + 2*3 + 4*2 + 5*1 */
  memset(r, 0, sizeof r);
  THDoubleTensor_validConv2Dptr(r, 1, in, 3, 3, k, 2, 2, 1, 1);
  for (int i = 0; i < 4; i++) assert_close(r[i], vc[i], 0);

  /* full convolution of [[1,2],[3,4]] with ones(2,2) */
  double in2[] = {1, 2, 3, 4}, ones[] = {1, 1, 1, 1}, full[] = {1, 3, 2, 4, 10, 6, 3, 7, 4};
  memset(r, 0, sizeof r);
  THDoubleTensor_fullConv2Dptr(r, 1, in2, 2, 2, ones, 2, 2, 1, 1);
  for (int i = 0; i < 9; i++) assert_close(r[i], full[i], 0);
  /* 1-row cases: full conv [1,2] * [1,3] = [1,5,6]; full xcorr = conv with [3,1] = [3,7,2] */
  double a[] = {1, 2}, b[] = {1, 3};
  memset(r, 0, sizeof r);
  THDoubleTensor_fullConv2Dptr(r, 1, a, 1, 2, b, 1, 2, 1, 1);
  ASSERT_VALUES(r, 1, 5, 6);
  memset(r, 0, sizeof r);
  THDoubleTensor_fullXCorr2Dptr(r, 1, a, 1, 2, b, 1, 2, 1, 1);
  ASSERT_VALUES(r, 3, 7, 2);
  /* full with column stride 2: r[2x + k] += in[x] * k -> [1, 3, 2, 6] */
  memset(r, 0, sizeof r);
  THDoubleTensor_fullConv2Dptr(r, 1, a, 1, 2, b, 1, 2, 1, 2);
  double fs[] = {1, 3, 2, 6};
  for (int i = 0; i < 4; i++) assert_close(r[i], fs[i], 0);
  /* valid with column stride 2: [1..5] x [1,1] -> [1+2, 3+4] */
  double five[] = {1, 2, 3, 4, 5};
  memset(r, 0, sizeof r);
  THDoubleTensor_validXCorr2Dptr(r, 1, five, 1, 5, ones, 1, 2, 1, 2);
  ASSERT_VALUES(r, 3, 7, 0);
  /* rev with stride 2: r[x] = 1 * in[x] + 10 * in[x + 2], 3 outputs */
  double g[] = {1, 10};
  memset(r, 0, sizeof r);
  THDoubleTensor_validXCorr2DRevptr(r, 1, five, 1, 5, g, 1, 2, 1, 2);
  ASSERT_VALUES(r, 31, 42, 53, 0);
  /* accumulation with alpha: r += 2 * (...) */
  THDoubleTensor_validXCorr2DRevptr(r, 2, five, 1, 5, g, 1, 2, 1, 2);
  assert_close(r[0], 93, 0);
  assert_close(r[2], 159, 0);

  /* the same valid xcorr through a tensor function */
  THDoubleTensor *t = th_test_double(in, 3, 3, 0, 0), *kk = th_test_double(k, 2, 2, 0, 0);
  THDoubleTensor *out = THDoubleTensor_new();
  THDoubleTensor_conv2Dmul(out, 0, 1, t, kk, 1, 1, "V", "X");
  assert_int_equal(THDoubleTensor_nDimension(out), 2);
  for (int i = 0; i < 4; i++) assert_close(THDoubleTensor_data(out)[i], vx[i], 0);
  THDoubleTensor_free(out);
  THDoubleTensor_free(kk);
  THDoubleTensor_free(t);
}

/* ---------------------------------------------------------------- the *ptr functions */

typedef void (*Ptr2D)(double *, double, double *, long, long, double *, long, long, long, long);
typedef void (*Ptr3D)(double *, double, double *, long, long, long, double *, long, long, long, long, long,
                      long);

static void check_ptr(Ptr2D f2, Ptr3D f3, Op op, const long *isz, const long *ksz) {
  double in[512], k[64], want[4096], r[4096];
  long osz[3];
  out_sizes(&op, isz, ksz, osz);
  for (long i = 0; i < nel(isz); i++) in[i] = small_int();
  for (long i = 0; i < nel(ksz); i++) k[i] = small_int();
  ref_plane(&op, in, isz, k, ksz, want);
  for (long i = 0; i < nel(osz); i++) r[i] = 1; /* accumulates: r = 1 + 3 * op(in, k) */
  if (f2)
    f2(r, 3, in, isz[1], isz[2], k, ksz[1], ksz[2], op.step[1], op.step[2]);
  else
    f3(r, 3, in, isz[0], isz[1], isz[2], k, ksz[0], ksz[1], ksz[2], op.step[0], op.step[1], op.step[2]);
  for (long i = 0; i < nel(osz); i++)
    if (r[i] != 1 + 3 * want[i])
      fail_msg("%c%c element %ld: got %g, want %g", op.vf, op.xc, i, r[i], 1 + 3 * want[i]);
}

static void test_ptr_functions(void **state) {
  (void)state;
  long steps[][3] = {{1, 1, 1}, {1, 2, 3}, {2, 3, 1}};
  long i2[3] = {1, 7, 9}, k2[3] = {1, 3, 4}, kr2[3] = {1, 2, 3};
  long i3[3] = {5, 6, 7}, k3[3] = {2, 3, 2};
  for (size_t s = 0; s < N(steps); s++) {
    long st2[3] = {1, steps[s][1], steps[s][2]};
    check_ptr(THDoubleTensor_validXCorr2Dptr, NULL, (Op){'V', 'X', {st2[0], st2[1], st2[2]}}, i2, k2);
    check_ptr(THDoubleTensor_validConv2Dptr, NULL, (Op){'V', 'C', {st2[0], st2[1], st2[2]}}, i2, k2);
    check_ptr(THDoubleTensor_fullXCorr2Dptr, NULL, (Op){'F', 'X', {st2[0], st2[1], st2[2]}}, i2, k2);
    check_ptr(THDoubleTensor_fullConv2Dptr, NULL, (Op){'F', 'C', {st2[0], st2[1], st2[2]}}, i2, k2);
    check_ptr(THDoubleTensor_validXCorr2DRevptr, NULL, (Op){'R', 'X', {st2[0], st2[1], st2[2]}}, i2, kr2);
    Op o3 = {'V', 'X', {steps[s][0], steps[s][1], steps[s][2]}};
    check_ptr(NULL, THDoubleTensor_validXCorr3Dptr, o3, i3, k3);
    o3.xc = 'C';
    check_ptr(NULL, THDoubleTensor_validConv3Dptr, o3, i3, k3);
    o3.vf = 'F';
    check_ptr(NULL, THDoubleTensor_fullConv3Dptr, o3, i3, k3);
    o3.xc = 'X';
    check_ptr(NULL, THDoubleTensor_fullXCorr3Dptr, o3, i3, k3);
    o3.vf = 'R';
    long kr3[3] = {2, 2, 2};
    check_ptr(NULL, THDoubleTensor_validXCorr3DRevptr, o3, i3, kr3);
  }
  /* Float: the same sums, exact */
  float in[] = {1, 2, 3, 4, 5, 6, 7, 8, 9}, k[] = {1, 2, 3, 4}, r[4] = {0};
  THFloatTensor_validXCorr2Dptr(r, 1, in, 3, 3, k, 2, 2, 1, 1);
  assert_true(r[0] == 37 && r[3] == 77);
}

/* ---------------------------------------------------------------- the tensor functions */

static THDoubleTensor *random_tensor(int nd, const long *size) {
  THLongStorage *s = THLongStorage_newWithSize(nd);
  for (int d = 0; d < nd; d++) s->data[d] = size[d];
  THDoubleTensor *t = THDoubleTensor_newWithSize(s, NULL);
  THLongStorage_free(s);
  fill_double(t);
  return t;
}

/* A non-contiguous tensor of the given sizes: a view with its last two dims transposed. */
static THDoubleTensor *random_transposed(int nd, const long *size) {
  long sw[5];
  memcpy(sw, size, sizeof(long) * (size_t)nd);
  sw[nd - 1] = size[nd - 2], sw[nd - 2] = size[nd - 1];
  THDoubleTensor *t = random_tensor(nd, sw);
  THDoubleTensor_transpose(t, NULL, nd - 2, nd - 1);
  assert_false(THDoubleTensor_isContiguous(t));
  return t;
}

/* Which planes a function combines: output plane (a, b) sums over s the products of input plane
 * in_index(a, b, s) and kernel plane ker_index(a, b, s) (each up to 2 leading indices). */
typedef enum { GER, MV, MM, MUL, CMUL, REVGERM } Kind;

static void plane_indices(Kind kind, long a, long b, long s, long *ti, long *ki) {
  switch (kind) {
    case GER:
      ti[0] = b, ki[0] = a;
      break; /* r[k][i] = op(t[i], k[k]) */
    case MV:
      ti[0] = s, ki[0] = a, ki[1] = s;
      break; /* r[o] = sum_i op(t[i], k[o][i]) */
    case MM:
      ti[0] = a, ti[1] = s, ki[0] = b, ki[1] = s;
      break; /* r[b][o] = sum_i op(t[b][i], k[o][i]) */
    case MUL:
      break;
    case CMUL:
      ti[0] = a, ki[0] = a;
      break;
    case REVGERM:
      ti[0] = s, ti[1] = b, ki[0] = s, ki[1] = a;
      break; /* r[k][i] = sum_b op(t[b][i], k[b][k]) */
  }
}

typedef void (*Conv2DFn)(THDoubleTensor *, double, double, THDoubleTensor *, THDoubleTensor *, long, long,
                         const char *, const char *);
typedef void (*Conv3DFn)(THDoubleTensor *, double, double, THDoubleTensor *, THDoubleTensor *, long, long,
                         long, const char *, const char *);

typedef struct {
  Kind kind;
  int nd, tlead, klead, rlead;
  long n1, n2, nsum; /* output planes n1 x n2, products per plane */
} Shape;

/* Checks r = beta * before + alpha * sum of the reference products for every output plane. */
static void check_result(const Shape *sh, const Op *op, THDoubleTensor *r, THDoubleTensor *t,
                         THDoubleTensor *k, double beta, const double *before, double alpha) {
  double tin[1024], kin[256], prod[2048], want[2048];
  long tsz[3], ksz[3], osz[3];
  long plane = 0;
  for (long a = 0; a < sh->n1; a++)
    for (long b = 0; b < sh->n2; b++) {
      long ti[2] = {0, 0}, ki[2] = {0, 0};
      plane_indices(sh->kind, a, b, 0, ti, ki);
      read_plane(t, sh->tlead, ti[0], ti[1], sh->nd, tin, tsz);
      read_plane(k, sh->klead, ki[0], ki[1], sh->nd, kin, ksz);
      out_sizes(op, tsz, ksz, osz);
      long m = nel(osz);
      for (long i = 0; i < m; i++) want[i] = before ? beta * before[plane * m + i] : 0;
      for (long s = 0; s < sh->nsum; s++) {
        plane_indices(sh->kind, a, b, s, ti, ki);
        read_plane(t, sh->tlead, ti[0], ti[1], sh->nd, tin, tsz);
        read_plane(k, sh->klead, ki[0], ki[1], sh->nd, kin, ksz);
        ref_plane(op, tin, tsz, kin, ksz, prod);
        for (long i = 0; i < m; i++) want[i] += alpha * prod[i];
      }
      assert_plane(r, sh->rlead, a, b, sh->nd, want, 1e-12);
      plane++;
    }
}

/* Runs a tensor function with beta = 0 (NaN in r ignored), then beta = 0.5 on its own result,
 * with contiguous and non-contiguous inputs. */
static void check_tensor_fn(Conv2DFn f2, Conv3DFn f3, const Shape *sh, const Op *op, const long *tsize,
                            const long *ksize) {
  int tdims = sh->tlead + sh->nd, kdims = sh->klead + sh->nd;
  for (int layout = 0; layout < 2; layout++) {
    THDoubleTensor *t = layout ? random_transposed(tdims, tsize) : random_tensor(tdims, tsize);
    THDoubleTensor *k = layout ? random_transposed(kdims, ksize) : random_tensor(kdims, ksize);
    THDoubleTensor *r = THDoubleTensor_newWithSize1d(1);
    char vf[2] = {op->vf == 'R' ? 'V' : op->vf, 0}, xc[2] = {op->xc, 0};
#define CALL(BETA, ALPHA)                                       \
  if (f2)                                                       \
    f2(r, BETA, ALPHA, t, k, op->step[1], op->step[2], vf, xc); \
  else                                                          \
    f3(r, BETA, ALPHA, t, k, op->step[0], op->step[1], op->step[2], vf, xc);
    /* r had another size: zeroed whatever beta says */
    THDoubleTensor_data(r)[0] = NAN;
    CALL(1, 2)
    assert_int_equal(THDoubleTensor_nDimension(r), sh->rlead + sh->nd);
    check_result(sh, op, r, t, k, 0, NULL, 2);
    /* beta = 0 ignores NaN */
    long n = THDoubleTensor_nElement(r);
    for (long i = 0; i < n; i++) THDoubleTensor_data(r)[i] = NAN;
    CALL(0, -1)
    check_result(sh, op, r, t, k, 0, NULL, -1);
    /* beta = 0.5 scales what was there */
    double *before = malloc(sizeof(double) * (size_t)n);
    memcpy(before, THDoubleTensor_data(r), sizeof(double) * (size_t)n);
    CALL(0.5, 3)
    check_result(sh, op, r, t, k, 0.5, before, 3);
    free(before);
#undef CALL
    THDoubleTensor_free(r);
    THDoubleTensor_free(k);
    THDoubleTensor_free(t);
  }
}

/* The 2-D family with every mode and two stride pairs. */
static void test_conv2d_tensor_functions(void **state) {
  (void)state;
  static const char modes[][2] = {{'V', 'X'}, {'V', 'C'}, {'F', 'X'}, {'F', 'C'}};
  long strides[][2] = {{1, 1}, {2, 3}};
  for (size_t m = 0; m < N(modes); m++)
    for (size_t s = 0; s < N(strides); s++) {
      Op op = {modes[m][0], modes[m][1], {1, strides[s][0], strides[s][1]}};
      long t3[] = {3, 6, 7}, t4[] = {2, 3, 6, 7}, t2[] = {6, 7};
      long kger[] = {2, 3, 2}, kmv[] = {4, 3, 3, 2}, k2[] = {3, 2}, kcm[] = {3, 3, 2};
      Shape ger = {GER, 2, 1, 1, 2, 2, 3, 1}, mv = {MV, 2, 1, 2, 1, 4, 1, 3}, mm = {MM, 2, 2, 2, 2, 2, 4, 3},
            mul = {MUL, 2, 0, 0, 0, 1, 1, 1}, cmul = {CMUL, 2, 1, 1, 1, 3, 1, 1};
      check_tensor_fn(THDoubleTensor_conv2Dger, NULL, &ger, &op, t3, kger);
      check_tensor_fn(THDoubleTensor_conv2Dmv, NULL, &mv, &op, t3, kmv);
      check_tensor_fn(THDoubleTensor_conv2Dmm, NULL, &mm, &op, t4, kmv);
      check_tensor_fn(THDoubleTensor_conv2Dmul, NULL, &mul, &op, t2, k2);
      check_tensor_fn(THDoubleTensor_conv2Dcmul, NULL, &cmul, &op, t3, kcm);
    }
}

/* Big enough for the planes to be computed in parallel (OpenMP). */
static void test_conv2d_parallel_sizes(void **state) {
  (void)state;
  Op vx = {'V', 'X', {1, 1, 1}}, fc = {'F', 'C', {1, 2, 1}};
  long t4[] = {4, 3, 20, 20}, k4[] = {8, 3, 3, 3};
  Shape mm = {MM, 2, 2, 2, 2, 4, 8, 3};
  check_tensor_fn(THDoubleTensor_conv2Dmm, NULL, &mm, &vx, t4, k4);
  check_tensor_fn(THDoubleTensor_conv2Dmm, NULL, &mm, &fc, t4, k4);
}

/* conv2DRevger(m) have no vf/xc: adapt them to the common signature. */
static void revger2d(THDoubleTensor *r, double beta, double alpha, THDoubleTensor *t, THDoubleTensor *k,
                     long sr, long sc, const char *vf, const char *xc) {
  THDoubleTensor_conv2DRevger(r, beta, alpha, t, k, sr, sc);
}
static void revgerm2d(THDoubleTensor *r, double beta, double alpha, THDoubleTensor *t, THDoubleTensor *k,
                      long sr, long sc, const char *vf, const char *xc) {
  THDoubleTensor_conv2DRevgerm(r, beta, alpha, t, k, sr, sc);
}
static void revger3d(THDoubleTensor *r, double beta, double alpha, THDoubleTensor *t, THDoubleTensor *k,
                     long st, long sr, long sc, const char *vf, const char *xc) {
  THDoubleTensor_conv3DRevger(r, beta, alpha, t, k, st, sr, sc);
}

static void test_rev_functions(void **state) {
  (void)state;
  long strides[][3] = {{1, 1, 1}, {2, 1, 2}};
  for (size_t s = 0; s < N(strides); s++) {
    Op op = {'R', 'X', {1, strides[s][1], strides[s][2]}};
    long t3[] = {3, 7, 8}, k3[] = {2, 3, 2}, t4[] = {2, 3, 7, 8}, k4[] = {2, 4, 3, 2};
    Shape ger = {GER, 2, 1, 1, 2, 2, 3, 1}, germ = {REVGERM, 2, 2, 2, 2, 4, 3, 2};
    check_tensor_fn(revger2d, NULL, &ger, &op, t3, k3);
    check_tensor_fn(revgerm2d, NULL, &germ, &op, t4, k4);
    Op op3 = {'R', 'X', {strides[s][0], strides[s][1], strides[s][2]}};
    long t3d[] = {2, 5, 6, 7}, k3d[] = {3, 2, 2, 3};
    Shape ger3 = {GER, 3, 1, 1, 2, 3, 2, 1};
    check_tensor_fn(NULL, revger3d, &ger3, &op3, t3d, k3d);
  }
}

static void test_conv3d_tensor_functions(void **state) {
  (void)state;
  static const char modes[][2] = {{'V', 'X'}, {'V', 'C'}, {'F', 'X'}, {'F', 'C'}};
  long strides[][3] = {{1, 1, 1}, {2, 1, 3}};
  for (size_t m = 0; m < N(modes); m++)
    for (size_t s = 0; s < N(strides); s++) {
      Op op = {modes[m][0], modes[m][1], {strides[s][0], strides[s][1], strides[s][2]}};
      long t4[] = {2, 4, 5, 6}, t3[] = {4, 5, 6};
      long kger[] = {3, 2, 3, 2}, kmv[] = {3, 2, 2, 3, 2}, k3[] = {2, 3, 2}, kcm[] = {2, 2, 3, 2};
      Shape ger = {GER, 3, 1, 1, 2, 3, 2, 1}, mv = {MV, 3, 1, 2, 1, 3, 1, 2},
            mul = {MUL, 3, 0, 0, 0, 1, 1, 1}, cmul = {CMUL, 3, 1, 1, 1, 2, 1, 1};
      check_tensor_fn(NULL, THDoubleTensor_conv3Dger, &ger, &op, t4, kger);
      check_tensor_fn(NULL, THDoubleTensor_conv3Dmv, &mv, &op, t4, kmv);
      check_tensor_fn(NULL, THDoubleTensor_conv3Dmul, &mul, &op, t3, k3);
      check_tensor_fn(NULL, THDoubleTensor_conv3Dcmul, &cmul, &op, t4, kcm);
    }
}

/* A correctly sized but non-contiguous r_ is written through its strides. */
static void test_noncontiguous_result(void **state) {
  (void)state;
  long tsz[] = {2, 5, 5}, ksz[] = {3, 2, 2, 2};
  THDoubleTensor *t = random_tensor(3, tsz), *k = random_tensor(4, ksz);
  THDoubleTensor *base = THDoubleTensor_new();
  THDoubleTensor_conv2Dmv(base, 0, 1, t, k, 1, 1, "V", "X");
  /* a [3 x 4 x 4] view with strides (1, 12, 3) of a [4 x 4 x 3] tensor */
  THDoubleTensor *big = THDoubleTensor_newWithSize3d(4, 4, 3);
  THDoubleTensor *view = THDoubleTensor_newWithStorage3d(THDoubleTensor_storage(big), 0, 3, 1, 4, 12, 4, 3);
  THDoubleTensor_conv2Dmv(view, 0, 1, t, k, 1, 1, "V", "X");
  assert_int_equal(view->stride[0], 1);
  for (long o = 0; o < 3; o++)
    for (long y = 0; y < 4; y++)
      for (long x = 0; x < 4; x++)
        assert_true(THDoubleTensor_get3d(view, o, y, x) == THDoubleTensor_get3d(base, o, y, x));
  THDoubleTensor_free(view);
  THDoubleTensor_free(big);
  THDoubleTensor_free(base);
  THDoubleTensor_free(k);
  THDoubleTensor_free(t);
}

/* Integer types: the arithmetic of the type (Byte wraps modulo 256), Long exact. */
static void test_integer_types(void **state) {
  (void)state;
  THByteTensor *t = THByteTensor_newWithSize2d(1, 3), *k = THByteTensor_newWithSize2d(1, 1);
  THByteTensor *r = THByteTensor_new();
  unsigned char *td = THByteTensor_data(t);
  td[0] = 200, td[1] = 100, td[2] = 7;
  THByteTensor_data(k)[0] = 3;
  THByteTensor_conv2Dmul(r, 0, 1, t, k, 1, 1, "V", "X");
  assert_int_equal(THByteTensor_data(r)[0], 600 % 256);
  assert_int_equal(THByteTensor_data(r)[1], 300 % 256);
  assert_int_equal(THByteTensor_data(r)[2], 21);
  THByteTensor_conv2Dmul(r, 2, 1, t, k, 1, 1, "V", "X"); /* 2 * 88 + 88 */
  assert_int_equal(THByteTensor_data(r)[0], (3 * 88) % 256);

  THLongTensor *lt = THLongTensor_newWithSize2d(2, 2), *lk = THLongTensor_newWithSize2d(2, 2);
  THLongTensor *lr = THLongTensor_new();
  long big = 1L << 40;
  long *a = THLongTensor_data(lt), *b = THLongTensor_data(lk);
  a[0] = big, a[1] = 1, a[2] = 2, a[3] = -big;
  b[0] = 3, b[1] = 5, b[2] = 7, b[3] = 1;
  THLongTensor_conv2Dmul(lr, 0, 2, lt, lk, 1, 1, "V", "C"); /* flipped: big*1 + 1*7 + 2*5 - big*3 */
  assert_int_equal(THLongTensor_nElement(lr), 1);
  assert_int_equal(THLongTensor_data(lr)[0], 2 * (big + 7 + 10 - 3 * big));
  THLongTensor_conv2Dmul(lr, 0, 1, lt, lk, 1, 1, "F", "C"); /* 3 x 3 full */
  assert_int_equal(THLongTensor_get2d(lr, 1, 1), big * 1 + 1 * 7 + 2 * 5 - big * 3);
  assert_int_equal(THLongTensor_get2d(lr, 0, 0), big * 3);
  THLongTensor_free(lr);
  THLongTensor_free(lk);
  THLongTensor_free(lt);
  THByteTensor_free(r);
  THByteTensor_free(k);
  THByteTensor_free(t);
}

static void test_bad_arguments(void **state) {
  (void)state;
  long t3[] = {3, 5, 5}, k4[] = {2, 3, 2, 2}, k4b[] = {2, 4, 2, 2};
  THDoubleTensor *t = random_tensor(3, t3), *k = random_tensor(4, k4), *kb = random_tensor(4, k4b);
  THDoubleTensor *r = THDoubleTensor_new();
  assert_th_error(THDoubleTensor_conv2Dmv(r, 0, 1, t, k, 1, 1, "Q", "X"),
                  "vf must be \"V\" (valid) or \"F\" (full), got \"Q\"");
  assert_th_error(THDoubleTensor_conv2Dmv(r, 0, 1, t, k, 1, 1, "V", "Z"),
                  "xc must be \"X\" (cross-correlation) or \"C\"");
  assert_th_error(THDoubleTensor_conv2Dmv(r, 0, 1, t, k, 1, 1, NULL, "X"), "got \"(null)\"");
  assert_th_error(THDoubleTensor_conv2Dmv(r, 0, 1, t, kb, 1, 1, "V", "X"),
                  "kernel expects 4 input planes, input has 3");
  assert_th_error(THDoubleTensor_conv2Dmv(r, 0, 1, t, k, 0, 1, "V", "X"), "strides must be >= 1, got 0");
  assert_th_error(THDoubleTensor_conv2Dmv(r, 0, 1, k, k, 1, 1, "V", "X"),
                  "input: 3D tensor expected, got 4D");
  assert_th_error(THDoubleTensor_conv2Dmv(r, 0, 1, t, t, 1, 1, "V", "X"),
                  "kernel: 4D tensor expected, got 3D");
  assert_th_error(THDoubleTensor_conv2Dmv(t, 0, 1, t, k, 1, 1, "V", "X"),
                  "must be a tensor other than the input");
  assert_th_error(THDoubleTensor_conv2Dmm(r, 0, 1, t, k, 1, 1, "V", "X"), "input: 4D tensor expected");
  assert_th_error(THDoubleTensor_conv3Dmv(r, 0, 1, t, k, 1, 1, 1, "V", "X"),
                  "input: 4D tensor expected, got 3D");

  /* a kernel bigger than the input: an error in valid mode, fine in full mode */
  long tiny[] = {3, 1, 1};
  THDoubleTensor *small = random_tensor(3, tiny);
  assert_th_error(THDoubleTensor_conv2Dmv(r, 0, 1, small, k, 1, 1, "V", "X"),
                  "the input plane (1x1) is smaller than the kernel (2x2)");
  THDoubleTensor_conv2Dmv(r, 0, 1, small, k, 1, 1, "F", "X");
  assert_int_equal(THDoubleTensor_size(r, 1), 2);

  long k3[] = {2, 3, 3};
  THDoubleTensor *k3t = random_tensor(3, k3);
  assert_th_error(THDoubleTensor_conv2DRevger(r, 0, 1, t, k3t, 3, 3), "spread by the stride");
  assert_th_error(THDoubleTensor_conv2Dcmul(r, 0, 1, t, k3t, 1, 1, "V", "X"),
                  "input has 3 planes but kernel has 2");
  long t4[] = {2, 3, 5, 5}, k4c[] = {3, 2, 2, 2};
  THDoubleTensor *t4t = random_tensor(4, t4), *k4c_t = random_tensor(4, k4c);
  assert_th_error(THDoubleTensor_conv2DRevgerm(r, 0, 1, t4t, k4c_t, 1, 1),
                  "input has 2 batch entries but kernel has 3");

  double buf[64] = {0}, in[9] = {0}, ker[4] = {0};
  assert_th_error(THDoubleTensor_validXCorr2Dptr(buf, 1, NULL, 3, 3, ker, 2, 2, 1, 1), "NULL plane pointer");
  assert_th_error(THDoubleTensor_validConv2Dptr(buf, 1, in, 1, 3, ker, 2, 2, 1, 1),
                  "smaller than the kernel");
  assert_th_error(THDoubleTensor_fullConv2Dptr(buf, 1, in, 3, 3, ker, 2, 2, 1, -1),
                  "strides must be >= 1, got -1");
  assert_th_error(THDoubleTensor_validXCorr3Dptr(buf, 1, in, 1, 3, 3, ker, 2, 1, 2, 1, 1, 1),
                  "smaller than the kernel");
  assert_th_error(THDoubleTensor_fullXCorr3Dptr(buf, 1, in, 0, 3, 3, ker, 1, 2, 2, 1, 1, 1), "empty input");

  /* the library keeps working */
  THDoubleTensor_conv2Dmv(r, 0, 1, t, k, 1, 1, "V", "X");
  assert_int_equal(THDoubleTensor_size(r, 0), 2);
  assert_int_equal(THDoubleTensor_size(r, 1), 4);
  THDoubleTensor_free(k4c_t);
  THDoubleTensor_free(t4t);
  THDoubleTensor_free(k3t);
  THDoubleTensor_free(small);
  THDoubleTensor_free(r);
  THDoubleTensor_free(kb);
  THDoubleTensor_free(k);
  THDoubleTensor_free(t);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_hand_computed),           cmocka_unit_test(test_ptr_functions),
      cmocka_unit_test(test_conv2d_tensor_functions), cmocka_unit_test(test_conv2d_parallel_sizes),
      cmocka_unit_test(test_rev_functions),           cmocka_unit_test(test_conv3d_tensor_functions),
      cmocka_unit_test(test_noncontiguous_result),    cmocka_unit_test(test_integer_types),
      cmocka_unit_test(test_bad_arguments),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
