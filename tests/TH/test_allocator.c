/* THMapAllocator (mapped files, shared memory) and THRefcountedMapAllocator. */
#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "th_test.h"

static void temp_path(char *path) {
  strcpy(path, "/tmp/ember_test_map_XXXXXX");
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  close(fd);
}

static long file_size(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 ? (long)st.st_size : -1;
}

/* Reads n floats from the file with plain stdio. */
static void read_floats(const char *path, float *out, size_t n) {
  FILE *f = fopen(path, "rb");
  assert_non_null(f);
  assert_int_equal(fread(out, sizeof(float), n, f), n);
  fclose(f);
}

static jmp_buf jump_env;
static char jump_msg[512];

static void jump_handler(const char *msg, void *data) {
  snprintf(jump_msg, sizeof jump_msg, "%s", msg);
  longjmp(jump_env, 1);
}

/* For calls that are not legacy functions (the allocators' own entries have no guarded wrapper):
 * runs CALL with an error handler that jumps back, and checks the message. */
#define assert_raises(CALL, SUBSTR)                                 \
  do {                                                              \
    THSetErrorHandler(jump_handler, NULL);                          \
    if (!setjmp(jump_env)) {                                        \
      CALL;                                                         \
      THSetErrorHandler(NULL, NULL);                                \
      fail_msg("%s did not raise", #CALL);                          \
    }                                                               \
    THSetErrorHandler(NULL, NULL);                                  \
    if (!strstr(jump_msg, SUBSTR)) fail_msg("\"%s\" lacks \"%s\"", jump_msg, SUBSTR); \
  } while (0)

static void test_shared_file_mapping(void **state) {
  char path[64];
  temp_path(path);
  THFloatStorage *s = THFloatStorage_newWithMapping(path, 10, TH_ALLOCATOR_MAPPED_SHARED);
  assert_int_equal(s->size, 10);
  assert_int_equal(file_size(path), 40); /* grown to the requested size */
  for (int i = 0; i < 10; i++) s->data[i] = i * 1.5f;
  /* a second mapping of the same file shares the pages */
  THFloatStorage *t = THFloatStorage_newWithMapping(path, 10, TH_ALLOCATOR_MAPPED_SHARED);
  assert_true(t->data != s->data);
  assert_true(t->data[9] == 13.5f);
  t->data[0] = -1.0f;
  assert_true(s->data[0] == -1.0f);
  /* a mapped storage does not resize */
  assert_th_error(THFloatStorage_resize(s, 20), "not resizable");
  THFloatStorage_free(t);
  THFloatStorage_free(s);
  /* the data went through to the file */
  float back[10];
  read_floats(path, back, 10);
  assert_true(back[0] == -1.0f);
  for (int i = 1; i < 10; i++) assert_true(back[i] == i * 1.5f);

  /* size 0 maps the whole file; a private mapping (no SHARED flag) copies on write */
  THFloatStorage *whole = THFloatStorage_newWithMapping(path, 0, TH_ALLOCATOR_MAPPED_SHARED);
  assert_int_equal(whole->size, 10);
  assert_true(whole->data[3] == 4.5f);
  THFloatStorage_free(whole);
  THDoubleStorage *priv = THDoubleStorage_newWithMapping(path, 0, 0);
  assert_int_equal(priv->size, 5); /* 40 bytes */
  float *as_floats = (float *)priv->data;
  assert_true(as_floats[3] == 4.5f);
  as_floats[3] = 100.0f;
  THDoubleStorage_free(priv);
  read_floats(path, back, 10);
  assert_true(back[3] == 4.5f);
  assert_int_equal(file_size(path), 40);
  unlink(path);
}

static void test_mapping_errors(void **state) {
  char path[64], missing[80];
  temp_path(path);
  snprintf(missing, sizeof missing, "%s.missing", path);
  assert_th_error(THFloatStorage_newWithMapping(missing, 10, TH_ALLOCATOR_MAPPED_SHARED | TH_ALLOCATOR_MAPPED_NOCREATE),
                  "cannot open");
  assert_int_equal(file_size(missing), -1);
  assert_th_error(THFloatStorage_newWithMapping(missing, 10, 0), missing); /* private: never creates */
  /* a private mapping cannot grow the file; an empty file has nothing to map */
  assert_th_error(THFloatStorage_newWithMapping(path, 10, 0), "fewer than the 40 requested");
  assert_th_error(THFloatStorage_newWithMapping(path, 0, TH_ALLOCATOR_MAPPED_SHARED), "is empty");
  /* EXCLUSIVE: the file must not exist, and the mapping must be shared */
  assert_th_error(THFloatStorage_newWithMapping(path, 4, TH_ALLOCATOR_MAPPED_SHARED | TH_ALLOCATOR_MAPPED_EXCLUSIVE),
                  "File exists");
  assert_th_error(THMapAllocatorContext_new(path, TH_ALLOCATOR_MAPPED_EXCLUSIVE), "needs a shared mapping");
  assert_th_error(THMapAllocatorContext_new(path, TH_ALLOCATOR_MAPPED_FROMFD), "newWithFd");
  assert_th_error(THMapAllocatorContext_new(NULL, 0), "filename is NULL");
  assert_th_error(THMapAllocatorContext_newWithFd(path, -1, 0), "fd must be >= 0");
  assert_th_error(THFloatStorage_newWithMapping(path, -3, TH_ALLOCATOR_MAPPED_SHARED), "size must be >= 0");

  /* realloc is refused with a clear message (a storage never calls it: it is not resizable) */
  THMapAllocatorContext *ctx = THMapAllocatorContext_new(path, TH_ALLOCATOR_MAPPED_SHARED);
  void *data = THMapAllocator.malloc(ctx, 16);
  assert_raises(THMapAllocator.realloc(ctx, data, 32), "cannot be resized");
  THMapAllocator.free(ctx, data);

  /* still working */
  THFloatStorage *s = THFloatStorage_newWithMapping(path, 2, TH_ALLOCATOR_MAPPED_SHARED);
  assert_int_equal(s->size, 2);
  THFloatStorage_free(s);
  unlink(path);
}

static void test_context_flags(void **state) {
  char path[64];
  temp_path(path);
  /* KEEPFD: the descriptor stays open in the context until the allocator frees it */
  THMapAllocatorContext *ctx = THMapAllocatorContext_new(path, TH_ALLOCATOR_MAPPED_SHARED | TH_ALLOCATOR_MAPPED_KEEPFD);
  assert_string_equal(THMapAllocatorContext_filename(ctx), path);
  assert_int_equal(THMapAllocatorContext_fd(ctx), -1);
  assert_int_equal(THMapAllocatorContext_size(ctx), 0);
  char *data = THMapAllocator.malloc(ctx, 64);
  int fd = THMapAllocatorContext_fd(ctx);
  assert_true(fd >= 0 && fcntl(fd, F_GETFD) != -1);
  assert_int_equal(THMapAllocatorContext_size(ctx), 64);
  strcpy(data, "mapped");
  THMapAllocator.free(ctx, data);
  assert_true(fcntl(fd, F_GETFD) == -1 && errno == EBADF);

  /* FROMFD: the context maps (and takes) a descriptor */
  fd = open(path, O_RDWR);
  assert_true(fd >= 0);
  ctx = THMapAllocatorContext_newWithFd(NULL, fd, TH_ALLOCATOR_MAPPED_SHARED);
  assert_null(THMapAllocatorContext_filename(ctx));
  assert_int_equal(THMapAllocatorContext_fd(ctx), fd);
  data = THMapAllocator.malloc(ctx, 0);
  assert_int_equal(THMapAllocatorContext_size(ctx), 64);
  assert_string_equal(data, "mapped");
  assert_int_equal(THMapAllocatorContext_fd(ctx), -1); /* closed once mapped (no KEEPFD) */
  assert_true(fcntl(fd, F_GETFD) == -1);
  THMapAllocator.free(ctx, data);

  /* UNLINK: the name goes once mapped, the mapping stays */
  THCharStorage *s = THCharStorage_newWithMapping(path, 0, TH_ALLOCATOR_MAPPED_SHARED | TH_ALLOCATOR_MAPPED_UNLINK);
  assert_int_equal(file_size(path), -1);
  assert_string_equal(s->data, "mapped");
  THCharStorage_free(s);

  /* a context never used by an allocator is freed by hand */
  THMapAllocatorContext_free(THMapAllocatorContext_new(path, 0));
  THMapAllocatorContext_free(NULL);
}

static void shm_name(char *name, const char *tag) { sprintf(name, "/ember_test_%s_%d", tag, (int)getpid()); }

static int shm_exists(const char *name) {
  int fd = shm_open(name, O_RDONLY, 0);
  if (fd >= 0) close(fd);
  return fd >= 0;
}

static void test_shared_memory(void **state) {
  char name[64];
  shm_name(name, "plain");
  THIntStorage *a = THIntStorage_newWithMapping(name, 8, TH_ALLOCATOR_MAPPED_SHAREDMEM | TH_ALLOCATOR_MAPPED_EXCLUSIVE);
  a->data[7] = 77;
  THIntStorage *b = THIntStorage_newWithMapping(name, 0, TH_ALLOCATOR_MAPPED_SHAREDMEM | TH_ALLOCATOR_MAPPED_NOCREATE);
  assert_int_equal(b->size, 8);
  assert_int_equal(b->data[7], 77);
  THIntStorage_free(b);
  THIntStorage_free(a);
  assert_true(shm_exists(name)); /* the plain allocator leaves the name */
  THIntStorage *c = THIntStorage_newWithMapping(name, 8, TH_ALLOCATOR_MAPPED_SHAREDMEM | TH_ALLOCATOR_MAPPED_UNLINK);
  assert_int_equal(c->data[7], 77);
  assert_false(shm_exists(name));
  THIntStorage_free(c);
}

static void test_refcounted(void **state) {
  char name[64];
  shm_name(name, "rc");
  THMapAllocatorContext *ctx = THMapAllocatorContext_new(name, TH_ALLOCATOR_MAPPED_SHAREDMEM | TH_ALLOCATOR_MAPPED_EXCLUSIVE);
  THFloatStorage *a = THFloatStorage_newWithAllocator(25, &THRefcountedMapAllocator, ctx);
  a->data[24] = 2.5f;
  assert_int_equal((uintptr_t)a->data % 64, 0); /* the header keeps the data aligned */
  /* the count is 1; incref/decref move it (decref says when it reaches 0) */
  THRefcountedMapAllocator_incref(ctx, a->data);
  assert_false(THRefcountedMapAllocator_decref(ctx, a->data));

  /* another process maps it (count 2), writes, and drops it (count 1) */
  pid_t pid = fork();
  assert_true(pid >= 0);
  if (pid == 0) {
    THMapAllocatorContext *c = THMapAllocatorContext_new(name, TH_ALLOCATOR_MAPPED_SHAREDMEM | TH_ALLOCATOR_MAPPED_NOCREATE);
    float *d = THRefcountedMapAllocator.malloc(c, 0);
    int ok = d[24] == 2.5f;
    d[0] = 42.0f;
    THRefcountedMapAllocator.free(c, d);
    _exit(ok ? 0 : 1);
  }
  int status;
  assert_int_equal(waitpid(pid, &status, 0), pid);
  assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  assert_true(a->data[0] == 42.0f);
  assert_true(shm_exists(name)); /* the child was not the last user */

  THMapAllocatorContext *ctx2 = THMapAllocatorContext_new(name, TH_ALLOCATOR_MAPPED_SHAREDMEM | TH_ALLOCATOR_MAPPED_NOCREATE);
  THFloatStorage *b = THFloatStorage_newWithAllocator(25, &THRefcountedMapAllocator, ctx2);
  assert_true(b->data[24] == 2.5f);
  THFloatStorage_free(a);
  assert_true(shm_exists(name));
  THFloatStorage_free(b); /* the last user removes the name */
  assert_false(shm_exists(name));

  /* what it refuses (the context is freed by the failing allocation) */
  char path[64];
  temp_path(path);
  assert_th_error(THFloatStorage_newWithAllocator(4, &THRefcountedMapAllocator,
                                                  THMapAllocatorContext_new(path, TH_ALLOCATOR_MAPPED_SHARED)),
                  "needs TH_ALLOCATOR_MAPPED_SHAREDMEM");
  assert_th_error(THFloatStorage_newWithAllocator(4, &THRefcountedMapAllocator,
                                                  THMapAllocatorContext_new(name, TH_ALLOCATOR_MAPPED_SHAREDMEM |
                                                                                      TH_ALLOCATOR_MAPPED_KEEPFD)),
                  "not supported");
  assert_th_error(THFloatStorage_newWithAllocator(4, &THRefcountedMapAllocator,
                                                  THMapAllocatorContext_new(name, TH_ALLOCATOR_MAPPED_SHAREDMEM |
                                                                                      TH_ALLOCATOR_MAPPED_NOCREATE)),
                  "cannot open");
  unlink(path);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_shared_file_mapping), cmocka_unit_test(test_mapping_errors),
      cmocka_unit_test(test_context_flags),       cmocka_unit_test(test_shared_memory),
      cmocka_unit_test(test_refcounted),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
