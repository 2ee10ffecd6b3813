/* NULL handles: the message under each error path (default handler, a custom handler, guarded
 * mode), NULL results of failed guarded calls passed on, and the arguments that may be NULL (as in
 * Torch7: free, in-place views and solvers, a tensor without storage). tests/common/null_sweep.c
 * covers every function. */
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "th_test.h"

/* The default handler prints the message to stderr and aborts: run the call in a child whose
 * stderr is a pipe, and return what it printed (the child must die of SIGABRT). */
static void assert_default_handler_aborts(void (*call)(void), const char *expected) {
  int fds[2];
  assert_int_equal(pipe(fds), 0);
  fflush(NULL);
  pid_t pid = fork();
  assert_true(pid >= 0);
  if (pid == 0) {
    dup2(fds[1], 2);
    close(fds[0]);
    call();
    _exit(0); /* not reached when the call raised its error */
  }
  close(fds[1]);
  char out[1024];
  size_t len = 0;
  ssize_t n;
  while (len < sizeof out - 1 && (n = read(fds[0], out + len, sizeof out - 1 - len)) > 0) len += (size_t)n;
  out[len] = 0;
  close(fds[0]);
  int status;
  assert_int_equal(waitpid(pid, &status, 0), pid);
  assert_true(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT);
  if (!strstr(out, expected)) fail_msg("stderr \"%s\" does not contain \"%s\"", out, expected);
}

static void copy_from_null(void) {
  THFloatTensor *t = THFloatTensor_newWithSize1d(2);
  THFloatTensor_copy(t, NULL);
}

static void gather_with_null_index(void) {
  THDoubleTensor *t = THDoubleTensor_newWithSize1d(2);
  THDoubleTensor_gather(t, t, 0, NULL);
}

static void test_default_handler(void **state) {
  assert_default_handler_aborts(copy_from_null,
                                "ember (TH): invalid argument 2: THFloatTensor_copy: src is NULL (expected a "
                                "THFloatTensor) at ");
  assert_default_handler_aborts(gather_with_null_index,
                                "ember (TH): invalid argument 4: THDoubleTensor_gather: index is NULL (expected "
                                "a THLongTensor) at ");
}

/* A per-thread argument-error handler gets the position and the message. */
static jmp_buf caught_jump;
static int caught_arg;
static char caught_msg[512];
static void catch_arg_error(int argNumber, const char *msg, void *data) {
  caught_arg = argNumber;
  snprintf(caught_msg, sizeof caught_msg, "%s", msg);
  longjmp(caught_jump, 1);
}

static void test_custom_handler(void **state) {
  THIntTensor *t = THIntTensor_newWithSize2d(2, 3);
  THIntTensor_fill(t, 7);
  THSetArgErrorHandler(catch_arg_error, NULL);
  volatile int raised = 0;
  if (!setjmp(caught_jump)) THIntTensor_maskedFill(t, NULL, 1);
  else raised = 1;
  THSetArgErrorHandler(NULL, NULL);
  assert_true(raised);
  assert_int_equal(caught_arg, 2);
  assert_non_null(strstr(caught_msg, "THIntTensor_maskedFill: mask is NULL (expected a THByteTensor)"));
  /* the tensor is as it was, and the library works */
  assert_int_equal(t->nDimension, 2);
  assert_int_equal(THIntTensor_sumall(t), 42);
  THIntTensor_free(t);
}

/* An FFI caller that passes on the NULL of a failed guarded call gets an error at each step. */
static void test_guarded_chain(void **state) {
  THSetGuardedMode(1);
  THFloatTensor *c = THFloatTensor_newContiguous(NULL);
  assert_null(c);
  assert_non_null(strstr(THGetLastError(),
                         "invalid argument 1: THFloatTensor_newContiguous: tensor is NULL (expected a THFloatTensor)"));
  assert_int_equal(THFloatTensor_nElement(c), 0);
  assert_non_null(strstr(THGetLastError(), "THFloatTensor_nElement: self is NULL"));
  assert_null(THFloatTensor_data(c));
  assert_non_null(strstr(THGetLastError(), "THFloatTensor_data: self is NULL"));
  THDescBuff d = THFloatTensor_sizeDesc(c);
  assert_string_equal(d.str, "");
  assert_non_null(strstr(THGetLastError(), "THFloatTensor_sizeDesc: tensor is NULL"));
  THLongStorage *inferred = THLongStorage_newInferSize(NULL, 6);
  assert_null(inferred);
  assert_non_null(strstr(THGetLastError(), "THLongStorage_newInferSize: size is NULL (expected a THLongStorage)"));
  THFile_writeIntScalar(NULL, 3);
  assert_non_null(strstr(THGetLastError(), "invalid argument 1: THFile_writeIntScalar: self is NULL (expected a THFile)"));
  assert_true(THRandom_uniform(NULL, 0, 1) == 0);
  assert_non_null(strstr(THGetLastError(), "THRandom_uniform: _generator is NULL (expected a THGenerator)"));
  /* every type */
#define NULL_COPY(Real, real)                                                                  \
  {                                                                                            \
    TH##Real##Tensor *t = TH##Real##Tensor_newWithSize1d(3);                                   \
    TH##Real##Tensor_fill(t, 2);                                                               \
    TH##Real##Tensor_cadd(t, t, 1, NULL);                                                      \
    assert_non_null(strstr(THGetLastError(), "invalid argument 4: TH" #Real "Tensor_cadd: src is NULL (expected a TH" #Real "Tensor)")); \
    assert_true(TH##Real##Tensor_sumall(t) == 6);                                              \
    assert_null(THGetLastError());                                                             \
    TH##Real##Tensor_free(t);                                                                  \
  }
  TH_FOR_ALL_TYPES(NULL_COPY)
  THSetGuardedMode(0);
}

/* Arrays of handles: a NULL array or element is an error before any result changes. */
static void test_handle_arrays(void **state) {
  THFloatTensor *a = THFloatTensor_newWithSize2d(2, 1), *b = THFloatTensor_newWithSize1d(3);
  THFloatTensor *ra = THFloatTensor_new(), *rb = THFloatTensor_new();
  THFloatTensor *ops[2] = {a, NULL}, *rets[2] = {ra, rb};
  assert_th_error(THFloatTensor_expandNd(rets, ops, 2), "expandNd: operand 2 is NULL");
  assert_th_error(THFloatTensor_expandNd(rets, NULL, 2), "expandNd: the operand array is NULL");
  ops[1] = b;
  rets[1] = NULL;
  assert_th_error(THFloatTensor_expandNd(rets, ops, 2), "expandNd: result 2 is NULL");
  assert_int_equal(THFloatTensor_nDimension(ra), 0);
  /* and with both in place it works: [2 x 1] and [3] expand to [2 x 3] */
  rets[1] = rb;
  THFloatTensor_expandNd(rets, ops, 2);
  assert_int_equal(THFloatTensor_size(ra, 0), 2);
  assert_int_equal(THFloatTensor_size(ra, 1), 3);
  assert_int_equal(THFloatTensor_size(rb, 0), 2);
  assert_int_equal(THFloatTensor_size(rb, 1), 3);
  THFloatTensor *cat[2] = {a, NULL};
  assert_th_error(THFloatTensor_catArray(ra, cat, 2, 0), "catArray: input 2 is NULL");
  THFloatTensor_free(a);
  THFloatTensor_free(b);
  THFloatTensor_free(ra);
  THFloatTensor_free(rb);
}

/* The arguments that may be NULL keep their meaning (no error, in guarded mode either). */
static void test_optional_arguments(void **state) {
  THSetGuardedMode(1);
  /* freeing or retaining nothing does nothing */
  THFloatTensor_free(NULL);
  THDoubleStorage_free(NULL);
  THByteStorage_retain(NULL);
  THFile_free(NULL);
  THGenerator_free(NULL);
  THMapAllocatorContext_free(NULL);
  assert_int_equal(THGenerator_isValid(NULL), 0);
  assert_null(THGetLastError());

  /* views of NULL source are in place: t = 0 1 2 3, narrow(dim 0, from 1, 2 elements) = 1 2 */
  THFloatTensor *t = THFloatTensor_newWithSize1d(4);
  for (int i = 0; i < 4; i++) THFloatTensor_set1d(t, i, (float)i);
  THFloatTensor_narrow(t, NULL, 0, 1, 2);
  assert_null(THGetLastError());
  assert_int_equal(THFloatTensor_size(t, 0), 2);
  assert_int_equal(THFloatTensor_storageOffset(t), 1);
  assert_true(THFloatTensor_get1d(t, 0) == 1 && THFloatTensor_get1d(t, 1) == 2);
  THFloatTensor_unsqueeze1d(t, NULL, 0); /* 1 x 2 */
  assert_int_equal(THFloatTensor_nDimension(t), 2);
  THFloatTensor_free(t);

  /* no storage: the tensor makes its own of the size it needs; no sizes: no dimensions */
  THFloatTensor *s = THFloatTensor_newWithStorage1d(NULL, 0, 3, 1);
  assert_int_equal(THFloatTensor_nElement(s), 3);
  assert_true(THFloatStorage_size(THFloatTensor_storage(s)) >= 3);
  THFloatTensor *e = THFloatTensor_newWithSize(NULL, NULL);
  assert_int_equal(THFloatTensor_nDimension(e), 0);
  THLongStorage *size = THLongStorage_newWithSize2(2, 5);
  THFloatTensor_resize(e, size, NULL); /* no strides: contiguous */
  assert_int_equal(THFloatTensor_stride(e, 0), 5);
  assert_int_equal(THFloatTensor_stride(e, 1), 1);
  THLongStorage_free(size);
  THFloatTensor_free(e);
  THFloatTensor_free(s);

  /* no storage for a memory file: it starts empty (its storage holds the final NUL only) */
  THFile *f = THMemoryFile_newWithStorage(NULL, "rw");
  assert_non_null(f);
  assert_int_equal(THCharStorage_size(THMemoryFile_storage(f)), 1);
  THFile_free(f);

  /* no A, no B: solve in place. diag(2, 4) x = (2, 8) gives x = (1, 2) */
  THDoubleTensor *a = THDoubleTensor_newWithSize2d(2, 2), *b = THDoubleTensor_newWithSize2d(2, 1);
  THDoubleTensor_zero(a);
  THDoubleTensor_set2d(a, 0, 0, 2);
  THDoubleTensor_set2d(a, 1, 1, 4);
  THDoubleTensor_set2d(b, 0, 0, 2);
  THDoubleTensor_set2d(b, 1, 0, 8);
  THDoubleTensor_gesv(b, a, NULL, NULL);
  assert_null(THGetLastError());
  assert_close(THDoubleTensor_get2d(b, 0, 0), 1, 1e-12);
  assert_close(THDoubleTensor_get2d(b, 1, 0), 2, 1e-12);
  THDoubleTensor_free(a);
  THDoubleTensor_free(b);
  THSetGuardedMode(0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_default_handler),
      cmocka_unit_test(test_custom_handler),
      cmocka_unit_test(test_guarded_chain),
      cmocka_unit_test(test_handle_arrays),
      cmocka_unit_test(test_optional_arguments),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
