/* sizeof and offsetof of every field of structs.txt, for the Float instantiation given there and,
 * since the generic structs differ only in the element type, for every other type too. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "TH.h"
#include "legacy_structs.h"

static int failures;
#define CHECK(EXPR, VALUE, TEXT)                                                        \
  if ((size_t)(EXPR) != (size_t)(VALUE)) {                                              \
    print_error("%s is %zu, the legacy ABI says %zu\n", TEXT, (size_t)(EXPR), (size_t)(VALUE)); \
    failures++;                                                                         \
  }

static void test_struct_layouts(void **state) {
  (void)state;
  failures = 0;
  LEGACY_STRUCT_CHECKS(CHECK)
  assert_int_equal(failures, 0);
}

#define SAME_LAYOUT(T)                                                          \
  assert_int_equal(sizeof(TH##T##Storage), sizeof(THFloatStorage));             \
  assert_int_equal(offsetof(TH##T##Storage, view), offsetof(THFloatStorage, view)); \
  assert_int_equal(offsetof(TH##T##Storage, flag), offsetof(THFloatStorage, flag)); \
  assert_int_equal(sizeof(TH##T##Tensor), sizeof(THFloatTensor));               \
  assert_int_equal(offsetof(TH##T##Tensor, storageOffset), offsetof(THFloatTensor, storageOffset)); \
  assert_int_equal(offsetof(TH##T##Tensor, flag), offsetof(THFloatTensor, flag));

static void test_every_type_has_the_float_layout(void **state) {
  (void)state;
  SAME_LAYOUT(Byte) SAME_LAYOUT(Char) SAME_LAYOUT(Short) SAME_LAYOUT(Int) SAME_LAYOUT(Long)
  SAME_LAYOUT(Double) SAME_LAYOUT(Half)
  assert_int_equal(sizeof(THHalf), 2);
  assert_int_equal(sizeof(long), 8);
  assert_int_equal(TH_INDEX_BASE, 1);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_struct_layouts),
      cmocka_unit_test(test_every_type_has_the_float_layout),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
