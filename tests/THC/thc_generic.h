/* The shared part of one type pass of thc_each_type.h (no include guard: included once per type):
 * name macros, the 3D inputs in three layouts, and the device/TH result pairs. */
#define TEST_(NAME) TH_CONCAT_4(test_, Real, _, NAME)
#define T_(NAME) TH_CONCAT_4(TH, Real, Tensor_, NAME)
#define C_(NAME) TH_CONCAT_4(TH, CReal, Tensor_, NAME)
#define TTensor TH_CONCAT_3(TH, Real, Tensor)
#define CTensor TH_CONCAT_3(TH, CReal, Tensor)

/* A 4 x 5 x 6 tensor filled from F in its own row-major order: contiguous (layout 0), a transposed
 * view (1), or a narrowed view (2); *gpu gets the same view of a device copy of the same base. */
static TTensor *TEST_(input)(int layout, real (*f)(long), CTensor **gpu) {
  TTensor *base, *t;
  if (layout == 1)
    base = T_(newWithSize3d)(6, 5, 4);
  else if (layout == 2)
    base = T_(newWithSize3d)(4, 7, 6);
  else
    base = T_(newWithSize3d)(4, 5, 6);
  T_(fill)(base, 0);
  if (layout == 1)
    t = T_(newTranspose)(base, 0, 2);
  else if (layout == 2)
    t = T_(newNarrow)(base, 1, 1, 5);
  else
    t = T_(newWithTensor)(base);
  long i = 0;
  for (long a = 0; a < 4; a++)
    for (long b = 0; b < 5; b++)
      for (long c = 0; c < 6; c++) T_(set3d)(t, a, b, c, f(i++));
  CTensor *gbase = TEST_UPLOAD(base);
  if (layout == 1)
    *gpu = C_(newTranspose)(thc_state, gbase, 0, 2);
  else if (layout == 2)
    *gpu = C_(newNarrow)(thc_state, gbase, 1, 1, 5);
  else
    *gpu = C_(newWithTensor)(thc_state, gbase);
  C_(free)(thc_state, gbase);
  T_(free)(base);
  return t;
}

/* The results of one operation on both sides: values (r on the device, e from TH) and positions. */
typedef struct {
  CTensor *r;
  THCudaLongTensor *ri;
  TTensor *e;
  THLongTensor *ei;
} TEST_(out);

static TEST_(out) TEST_(out_new)(void) {
  TEST_(out) o = {C_(new)(thc_state), THCudaLongTensor_new(thc_state), T_(new)(), THLongTensor_new()};
  return o;
}

static void TEST_(out_free)(TEST_(out) *o) {
  C_(free)(thc_state, o->r);
  THCudaLongTensor_free(thc_state, o->ri);
  T_(free)(o->e);
  THLongTensor_free(o->ei);
}

/* Frees an input pair: the TH tensor and its device copy. */
static void TEST_(input_free)(TTensor *x, CTensor *gx) {
  T_(free)(x);
  C_(free)(thc_state, gx);
}

/* OP on the device (THC: into O->r from G) and in TH (into O->e from X) with the same trailing
 * arguments; asserts the same values. TEST_INDEXED: OP also returns positions (O->ri, O->ei),
 * which must be the same too. */
#define TEST_VALUES(OP, O, G, X, ...)                \
  do {                                               \
    C_(OP)(thc_state, (O)->r, G, __VA_ARGS__);       \
    T_(OP)((O)->e, X, __VA_ARGS__);                  \
    TEST_MATCHES((O)->r, (O)->e);                    \
  } while (0)
#define TEST_INDEXED(OP, O, G, X, ...)                      \
  do {                                                      \
    C_(OP)(thc_state, (O)->r, (O)->ri, G, __VA_ARGS__);     \
    T_(OP)((O)->e, (O)->ei, X, __VA_ARGS__);                \
    TEST_MATCHES((O)->r, (O)->e);                           \
    thc_assert_long_matches((O)->ri, (O)->ei);              \
  } while (0)
