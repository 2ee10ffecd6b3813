/* THMemoryFile reads into and writes from empty storages, whose data pointer is NULL: nothing moves,
 * the position stays, no error, and the file reads on normally afterwards. (Found by fuzz_file_memory:
 * THMemoryFile passed the NULL on to memcpy, undefined behaviour that the sanitizer build reports.) */

#include "th_test.h"

static void check_empty_reads_and_writes(THFile *f) {
  THFloatStorage *empty = THFloatStorage_new();
  assert_null(empty->data);
  size_t start = THFile_position(f);
  assert_int_equal(THFile_readFloat(f, empty), 0);
  assert_int_equal(THFile_position(f), start);
  assert_int_equal(THFile_writeFloat(f, empty), 0);
  assert_int_equal(THFile_position(f), start);
  assert_false(THFile_hasError(f));
  THFloatStorage_free(empty);
  /* What follows is still read: the float 2.5 written by the caller at `start`. */
  assert_true(THFile_readFloatScalar(f) == 2.5f);
}

static void test_memory_file(void **state) {
  THFile *f = THMemoryFile_new("rw");
  THFile_binary(f);
  THFile_writeFloatScalar(f, 2.5f);
  THFile_seek(f, 0);
  check_empty_reads_and_writes(f);
  THFile_free(f);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_memory_file)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
