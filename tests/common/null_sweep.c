/* Every legacy TH function called, in guarded mode, with each handle argument that is not optional
 * NULL in turn and valid-looking dummies for the others: each call must fail with a message that
 * names the function and the argument, and leave the dummies as they were. The calls are generated
 * from the lists (legacy_api.py nullsweep) into null_sweep_cases.h. */
#include "null_sweep.h"

/* The dummies the generated calls pass for the arguments that are not NULL. */
#define SWEEP_TYPES(M) M(Byte) M(Char) M(Short) M(Int) M(Long) M(Float) M(Double)
#define DECLARE_DUMMIES(Real)                 \
  static TH##Real##Tensor *dummy_TH##Real##Tensor; \
  static TH##Real##Storage *dummy_TH##Real##Storage;
SWEEP_TYPES(DECLARE_DUMMIES)
/* No legacy function makes Half tensors or storages: empty ones, built by hand. */
static THHalfStorage half_storage = {.refcount = 1};
static THHalfTensor half_tensor = {.refcount = 1};
static THHalfStorage *const dummy_THHalfStorage = &half_storage;
static THHalfTensor *const dummy_THHalfTensor = &half_tensor;
static THFile *dummy_THFile;
static THGenerator *dummy_THGenerator;
static THMapAllocatorContext *dummy_THMapAllocatorContext;
static const THHalf dummy_half;
static long dummy_words[64];

#include "null_sweep_cases.h"

static int setup(void **state) {
  (void)state;
#define MAKE_DUMMIES(Real)                                   \
  dummy_TH##Real##Tensor = TH##Real##Tensor_newWithSize1d(2); \
  dummy_TH##Real##Storage = TH##Real##Storage_newWithSize(2);
  SWEEP_TYPES(MAKE_DUMMIES)
  dummy_THFile = THMemoryFile_new("rw");
  dummy_THGenerator = THGenerator_new();
  /* A context only names a mapping: nothing is opened before an allocation. */
  dummy_THMapAllocatorContext = THMapAllocatorContext_new("ember-null-sweep", 0);
  return 0;
}

static int teardown(void **state) {
  (void)state;
#define FREE_DUMMIES(Real)                    \
  TH##Real##Tensor_free(dummy_TH##Real##Tensor); \
  TH##Real##Storage_free(dummy_TH##Real##Storage);
  SWEEP_TYPES(FREE_DUMMIES)
  THFile_free(dummy_THFile);
  THGenerator_free(dummy_THGenerator);
  THMapAllocatorContext_free(dummy_THMapAllocatorContext);
  return 0;
}

static void test_every_null_handle_is_an_error(void **state) {
  (void)state;
  const int count = (int)(sizeof null_cases / sizeof null_cases[0]);
  int failures = null_sweep_run(null_cases, count);
  print_message("%d NULL handle cases, %d wrong\n", count, failures);
  assert_int_equal(failures, 0);
  assert_true(count > 3000); /* every type's functions were generated */

  /* The dummies were only looked at: same geometry, same references, same contents. */
#define CHECK_DUMMIES(Real)                                                 \
  assert_int_equal(TH##Real##Tensor_nDimension(dummy_TH##Real##Tensor), 1);  \
  assert_int_equal(TH##Real##Tensor_size(dummy_TH##Real##Tensor, 0), 2);     \
  assert_int_equal(dummy_TH##Real##Tensor->refcount, 1);                     \
  assert_int_equal(dummy_TH##Real##Tensor->storage->refcount, 1);            \
  assert_int_equal(TH##Real##Storage_size(dummy_TH##Real##Storage), 2);      \
  assert_int_equal(dummy_TH##Real##Storage->refcount, 1);
  SWEEP_TYPES(CHECK_DUMMIES)
  assert_int_equal(THFile_position(dummy_THFile), 0);
  assert_true(THGenerator_isValid(dummy_THGenerator));
  for (int i = 0; i < 64; i++) assert_int_equal(dummy_words[i], 0);

  /* And the library works: a call that succeeds reports no error. */
  THSetGuardedMode(1);
  THFloatTensor_fill(dummy_THFloatTensor, 3);
  THSetGuardedMode(0);
  assert_null(THGetLastError());
  assert_true(THFloatTensor_sumall(dummy_THFloatTensor) == 6);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_every_null_handle_is_an_error)};
  return cmocka_run_group_tests(tests, setup, teardown);
}
