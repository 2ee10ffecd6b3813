/* THGeneral: error handlers, guarded mode, allocation, threads. */
#include "th_test.h"

#include <pthread.h>

static int handler_calls;
static char handler_msg[1024];
static jmp_buf handler_jump;

static void jumping_handler(const char *msg, void *data) {
  handler_calls++;
  snprintf(handler_msg, sizeof handler_msg, "%s", msg);
  assert_ptr_equal(data, &handler_calls);
  longjmp(handler_jump, 1);
}

static int arg_handler_arg;
static void jumping_arg_handler(int argNumber, const char *msg, void *data) {
  handler_calls++;
  arg_handler_arg = argNumber;
  snprintf(handler_msg, sizeof handler_msg, "%s", msg);
  longjmp(handler_jump, 1);
}

static void test_error_handler_receives_message(void **state) {
  handler_calls = 0;
  THSetErrorHandler(jumping_handler, &handler_calls);
  if (!setjmp(handler_jump)) THError("custom %d", 42);
  assert_int_equal(handler_calls, 1);
  assert_non_null(strstr(handler_msg, "custom 42"));
  assert_non_null(strstr(handler_msg, "test_general.c"));
  THSetErrorHandler(NULL, NULL);
}

static void test_arg_error_handler_gets_argument_number(void **state) {
  handler_calls = 0;
  THSetArgErrorHandler(jumping_arg_handler, NULL);
  THFloatTensor *t = THFloatTensor_newWithSize2d(2, 3);
  if (!setjmp(handler_jump)) THFloatTensor_narrow(t, NULL, 1, 2, 5);
  assert_int_equal(handler_calls, 1);
  assert_int_equal(arg_handler_arg, 4);
  assert_non_null(strstr(handler_msg, "narrow"));
  THSetArgErrorHandler(NULL, NULL);
  THFloatTensor_free(t);
}

static void test_default_handlers_apply_to_threads_without_their_own(void **state) {
  handler_calls = 0;
  THSetDefaultErrorHandler(jumping_handler, &handler_calls);
  if (!setjmp(handler_jump)) THError("through the default");
  assert_int_equal(handler_calls, 1);
  THSetDefaultErrorHandler(NULL, NULL); /* NULL restores the built-in default */
}

static void test_handler_getters_report_the_threads_own(void **state) {
  THErrorHandlerFunction handler;
  THArgErrorHandlerFunction arg_handler;
  void *data;
  THGetErrorHandler(&handler, &data);
  assert_null(handler); /* none of its own: the default applies */
  THSetErrorHandler(jumping_handler, &handler_calls);
  THSetArgErrorHandler(jumping_arg_handler, &arg_handler_arg);
  THGetErrorHandler(&handler, &data);
  assert_true(handler == jumping_handler);
  assert_ptr_equal(data, &handler_calls);
  THGetArgErrorHandler(&arg_handler, &data);
  assert_true(arg_handler == jumping_arg_handler);
  assert_ptr_equal(data, &arg_handler_arg);
  THSetErrorHandler(NULL, NULL);
  THSetArgErrorHandler(NULL, NULL);
  THGetArgErrorHandler(&arg_handler, &data);
  assert_null(arg_handler);
  assert_null(data);
}

static void test_guarded_mode_returns_early_and_keeps_working(void **state) {
  THFloatTensor *t = THFloatTensor_newWithSize2d(2, 3);
  assert_th_error(THFloatTensor_select(t, NULL, 0, 7), "out of range");
  assert_th_error(THFloatTensor_get2d(t, 2, 0), "index 2 out of range");
  assert_th_error(THFloatTensor_size(t, 5), "dimension 6 out of range");
  /* still usable, and a successful guarded call clears the message */
  THSetGuardedMode(1);
  THFloatTensor_set2d(t, 1, 2, 5.0f);
  assert_null(THGetLastError());
  assert_float_equal(THFloatTensor_get2d(t, 1, 2), 5.0f, 0);
  THSetGuardedMode(0);
  THFloatTensor_free(t);
}

static void test_guarded_call_returns_zero_values(void **state) {
  THDoubleTensor *t = THDoubleTensor_newWithSize1d(4);
  THSetGuardedMode(1);
  double v = THDoubleTensor_get1d(t, 9);
  THDoubleTensor *sel = THDoubleTensor_newSelect(t, 0, 0); /* cannot select on a vector */
  THSetGuardedMode(0);
  assert_true(v == 0.0);
  assert_null(sel);
  assert_non_null(strstr(THGetLastError(), "cannot select on a 1D tensor"));
  THClearLastError();
  assert_null(THGetLastError());
  THDoubleTensor_free(t);
}

static void *guarded_thread(void *arg) {
  THFloatTensor *t = THFloatTensor_newWithSize1d(2);
  THFloatTensor_get1d(t, 3);
  const char *msg = THGetLastError();
  int ok = msg && strstr(msg, "out of range");
  THFloatTensor_free(t);
  return (void *)(intptr_t)ok;
}

static void test_last_error_is_per_thread(void **state) {
  THSetGuardedMode(1);
  pthread_t th;
  void *ok = NULL;
  pthread_create(&th, NULL, guarded_thread, NULL);
  pthread_join(th, &ok);
  THSetGuardedMode(0);
  assert_true((intptr_t)ok);
  assert_null(THGetLastError()); /* this thread made no failing call */
}

static void test_alloc(void **state) {
  assert_null(THAlloc(0));
  void *p = THAlloc(1 << 20);
  assert_non_null(p);
  assert_int_equal((uintptr_t)p % 64, 0);
  p = THRealloc(p, 1 << 21);
  memset(p, 1, 1 << 21);
  THFree(p);
  THFree(NULL);
  assert_th_error(THAlloc(-5), "negative");
  assert_th_error(THAlloc(PTRDIFF_MAX), "out of memory");
}

static int gc_calls;
static void count_gc(void *data) { gc_calls++; }

static void test_gc_handler_runs_when_heap_grows(void **state) {
  gc_calls = 0;
  THSetGCHandler(count_gc, NULL);
  THHeapUpdate(400L * 1024 * 1024);
  THHeapUpdate(-400L * 1024 * 1024);
  THSetGCHandler(NULL, NULL);
  assert_true(gc_calls >= 1);
}

/* Torch7's soft limit (THGeneral.c): 3e8 bytes per thread at first; passing it calls the thread's
 * handler; a collection leaving more than 80% of the limit in use raises it by 40%; it is never
 * lowered; a thread adds its changes to the global heap size by the megabyte and checks the limit
 * only then. Runs on fresh threads, whose limits start at 3e8; the sizes leave a margin of 10 MB
 * for what the process holds already. */
static long gc_freed_per_call;
static void count_and_free_gc(void *data) {
  gc_calls++;
  THHeapUpdate(-gc_freed_per_call); /* what a collection would give back */
}

static void *grow_heap_without_handler(void *data) {
  THHeapUpdate(1000000000); /* no handler on this thread: no call, whatever the limit */
  return NULL;
}

static void *soft_limit_thread(void *data) {
  int ok = 1;
#define EXPECT(COND) ok = ok && (COND)
  gc_calls = 0;
  gc_freed_per_call = 200000000;
  THSetGCHandler(count_and_free_gc, NULL);
  THHeapUpdate(290000000);
  EXPECT(gc_calls == 0);
  THHeapUpdate(20000000); /* 310e6 > 3e8: a collection, which leaves 110e6; the limit stays 3e8 */
  EXPECT(gc_calls == 1);
  THHeapUpdate(150000000); /* 260e6: under the limit, which a collection never lowers */
  EXPECT(gc_calls == 1);
  gc_freed_per_call = 0;
  THHeapUpdate(50000000); /* 310e6: a collection that frees nothing; 310e6 > 0.8 * 3e8 gives 4.2e8 */
  EXPECT(gc_calls == 2);
  THHeapUpdate(100000000); /* 410e6 < 4.2e8 */
  EXPECT(gc_calls == 2);
  THHeapUpdate(20000000); /* 430e6 > 4.2e8; the limit becomes 5.88e8 */
  EXPECT(gc_calls == 3);
  /* Another thread, without a handler, takes the heap far past this thread's limit. */
  pthread_t other;
  pthread_create(&other, NULL, grow_heap_without_handler, NULL);
  pthread_join(other, NULL);
  EXPECT(gc_calls == 3);
  THHeapUpdate(500000); /* under a megabyte of change: not added yet, no check */
  EXPECT(gc_calls == 3);
  THHeapUpdate(600000); /* 1.1e6 added: the limit is checked */
  EXPECT(gc_calls == 4);
  THSetGCHandler(NULL, NULL);
  THHeapUpdate(-(290000000L - 200000000 + 20000000 + 150000000 + 50000000 + 100000000 + 20000000 +
                 1000000000 + 1100000));
#undef EXPECT
  return (void *)(intptr_t)ok;
}

static void test_gc_soft_limit_as_torch7(void **state) {
  pthread_t th;
  void *ok = NULL;
  pthread_create(&th, NULL, soft_limit_thread, NULL);
  pthread_join(th, &ok);
  assert_non_null(ok);
}

static void test_threads(void **state) {
  int before = THGetNumThreads();
  assert_true(THGetNumCores() >= 1);
  THSetNumThreads(1);
  assert_int_equal(THGetNumThreads(), 1);
  THSetNumThreads(0); /* clamped to 1 */
  assert_int_equal(THGetNumThreads(), 1);
  THInferNumThreads();
  assert_int_equal(THGetNumThreads(), THGetNumCores());
  THSetNumThreads(before);
}

static void test_size_desc(void **state) {
  long size[3] = {2, 3, 4};
  assert_string_equal(_THSizeDesc(size, 3).str, "[2 x 3 x 4]");
  assert_string_equal(_THSizeDesc(size, 0).str, "[]");
  /* Torch7 (THGeneral.c) wrote "[" and the sizes into the 64-byte buffer and closed it with "]"
   * only while the text was shorter than 62 characters; otherwise it wrote "...]" at offset 59,
   * keeping the first 59 characters: 63 in all. 1000 ... 1039 take 7 characters each with " x ". */
  long many[40];
  for (int i = 0; i < 40; i++) many[i] = 1000 + i;
  assert_string_equal(_THSizeDesc(many, 40).str,
                      "[1000 x 1001 x 1002 x 1003 x 1004 x 1005 x 1006 x 1007 x 10...]");
  /* the boundary: 1 + 3 * 18 + 2 * 3 = 61 characters close normally (62 in all); one more digit
   * makes 62, which Torch7 truncated although "]" would still have fitted */
  long fits[3] = {111111111111111111L, 111111111111111111L, 111111111111111111L};
  assert_string_equal(_THSizeDesc(fits, 3).str, "[111111111111111111 x 111111111111111111 x 111111111111111111]");
  long over[3] = {111111111111111111L, 111111111111111111L, 1111111111111111111L};
  assert_string_equal(_THSizeDesc(over, 3).str, "[111111111111111111 x 111111111111111111 x 1111111111111111...]");
  THLongStorage *s = THLongStorage_newWithSize(3);
  for (int i = 0; i < 3; i++) s->data[i] = over[i];
  assert_string_equal(THLongStorage_sizeDesc(s).str, _THSizeDesc(over, 3).str);
  THLongStorage_free(s);
  assert_close(THLog1p(1e-10), 1e-10, 1e-20);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_error_handler_receives_message),
      cmocka_unit_test(test_arg_error_handler_gets_argument_number),
      cmocka_unit_test(test_default_handlers_apply_to_threads_without_their_own),
      cmocka_unit_test(test_handler_getters_report_the_threads_own),
      cmocka_unit_test(test_guarded_mode_returns_early_and_keeps_working),
      cmocka_unit_test(test_guarded_call_returns_zero_values),
      cmocka_unit_test(test_last_error_is_per_thread),
      cmocka_unit_test(test_alloc),
      cmocka_unit_test(test_gc_handler_runs_when_heap_grows),
      cmocka_unit_test(test_gc_soft_limit_as_torch7),
      cmocka_unit_test(test_threads),
      cmocka_unit_test(test_size_desc),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
