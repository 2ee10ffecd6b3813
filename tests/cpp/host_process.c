/* A C host program in the same process as libember: loading libember leaves TH's error handling
 * as it was. A TH error still takes TH's default (the message on stderr, then abort), and the
 * host's own THSetErrorHandler / THSetArgErrorHandler handlers are the ones called. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include <TH.h>

static void bad_narrow(void) {
  THFloatTensor *t = THFloatTensor_newWithSize1d(3);
  THFloatTensor_narrow(t, NULL, 0, 2, 5);
}

static void bad_error(void) { THError("the host's error %d", 7); }

/* Runs fn in a child with stderr captured: whether it died of SIGABRT, and what it printed. */
static int dies_of_abort(void (*fn)(void), char *out, size_t len) {
  int pipefd[2];
  assert_int_equal(pipe(pipefd), 0);
  fflush(NULL);
  pid_t pid = fork();
  assert_true(pid >= 0);
  if (pid == 0) {
    dup2(pipefd[1], STDERR_FILENO);
    close(pipefd[0]);
    fn();
    _exit(0); /* not reached when TH's default handler aborts */
  }
  close(pipefd[1]);
  size_t n = 0;
  ssize_t got;
  while (n + 1 < len && (got = read(pipefd[0], out + n, len - 1 - n)) > 0) n += (size_t)got;
  out[n] = '\0';
  close(pipefd[0]);
  int status;
  assert_int_equal(waitpid(pid, &status, 0), pid);
  return WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT;
}

static void test_libember_is_loaded(void **state) {
  (void)state;
  /* ember::empty_cache(), so that the checks below run with libember's initialisers done */
  void (*empty_cache)(void) = (void (*)(void))dlsym(RTLD_DEFAULT, "_ZN5ember11empty_cacheEv");
  assert_non_null(empty_cache);
  empty_cache();
}

static void test_th_errors_keep_the_default(void **state) {
  (void)state;
  char out[4096];
  assert_true(dies_of_abort(bad_narrow, out, sizeof out));
  assert_non_null(strstr(out, "ember (TH): invalid argument 4"));
  assert_true(dies_of_abort(bad_error, out, sizeof out));
  assert_non_null(strstr(out, "ember (TH): the host's error 7"));
}

static jmp_buf jump;
static char seen[1024];

static void host_handler(const char *msg, void *data) {
  ++*(int *)data;
  snprintf(seen, sizeof seen, "%s", msg);
  longjmp(jump, 1);
}

static void host_arg_handler(int arg, const char *msg, void *data) {
  ++*(int *)data;
  snprintf(seen, sizeof seen, "%d: %s", arg, msg);
  longjmp(jump, 1);
}

static void test_the_hosts_handlers_are_called(void **state) {
  (void)state;
  int calls = 0, arg_calls = 0;
  THSetErrorHandler(host_handler, &calls);
  THSetArgErrorHandler(host_arg_handler, &arg_calls);
  THFloatTensor *t = THFloatTensor_newWithSize1d(3);
  if (!setjmp(jump)) THFloatTensor_narrow(t, NULL, 0, 2, 5);
  assert_int_equal(arg_calls, 1);
  assert_non_null(strstr(seen, "4: "));
  if (!setjmp(jump)) THError("the host's error %d", 8);
  assert_int_equal(calls, 1);
  assert_non_null(strstr(seen, "the host's error 8"));
  THFloatTensor_free(t);
  THSetErrorHandler(NULL, NULL);
  THSetArgErrorHandler(NULL, NULL);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_libember_is_loaded),
      cmocka_unit_test(test_th_errors_keep_the_default),
      cmocka_unit_test(test_the_hosts_handlers_are_called),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
