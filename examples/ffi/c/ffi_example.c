/* ember's C ABI from C without linking to it: dlopen the libraries by SONAME and look each
 * function up with dlsym. Build: cc ffi_example.c -ldl (no ember header, no -lTH).
 * Tensors are opaque handles: this program never looks inside a struct. */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct THFloatTensor THFloatTensor; /* opaque */
typedef struct THLongTensor THLongTensor;   /* opaque */

static void (*THSetGuardedMode)(int);
static const char *(*THGetLastError)(void);
static THFloatTensor *(*THFloatTensor_new)(void);
static THFloatTensor *(*THFloatTensor_newWithSize2d)(long, long);
static void (*THFloatTensor_set2d)(THFloatTensor *, long, long, float);
static float (*THFloatTensor_get2d)(const THFloatTensor *, long, long);
static long (*THFloatTensor_size)(const THFloatTensor *, int);
static void (*THFloatTensor_zero)(THFloatTensor *);
static void (*THFloatTensor_max)(THFloatTensor *, THLongTensor *, THFloatTensor *, int, int);
static void (*THFloatTensor_addmm)(THFloatTensor *, float, THFloatTensor *, float, THFloatTensor *,
                                   THFloatTensor *);
static void (*THFloatTensor_free)(THFloatTensor *);
static THLongTensor *(*THLongTensor_new)(void);
static long (*THLongTensor_get2d)(const THLongTensor *, long, long);
static void (*THLongTensor_free)(THLongTensor *);
static void (*THNN_FloatTanh_updateOutput)(void *, THFloatTensor *, THFloatTensor *);

static void *open_library(const char *soname) {
  void *handle = dlopen(soname, RTLD_NOW | RTLD_GLOBAL);
  if (!handle) {
    fprintf(stderr, "cannot load %s: %s\n", soname, dlerror());
    exit(1);
  }
  return handle;
}

static void *symbol(void *library, const char *name) {
  void *address = dlsym(library, name);
  if (!address) {
    fprintf(stderr, "missing symbol %s: %s\n", name, dlerror());
    exit(1);
  }
  return address;
}

/* In guarded mode a failed call returns early and leaves its message for THGetLastError. */
static void check(void) {
  const char *message = THGetLastError();
  if (message) {
    fprintf(stderr, "unexpected error: %s\n", message);
    exit(1);
  }
}

static void print_matrix(const char *title, THFloatTensor *t) {
  printf("%s:\n", title);
  for (long i = 0; i < THFloatTensor_size(t, 0); i++) {
    for (long j = 0; j < THFloatTensor_size(t, 1); j++) printf("%8.4f", THFloatTensor_get2d(t, i, j));
    printf("\n");
  }
}

int main(void) {
  void *th = open_library("libTH.so.0");
  void *thnn = open_library("libTHNN.so.0");
#define LOOKUP(lib, name) *(void **)&name = symbol(lib, #name)
  LOOKUP(th, THSetGuardedMode);
  LOOKUP(th, THGetLastError);
  LOOKUP(th, THFloatTensor_new);
  LOOKUP(th, THFloatTensor_newWithSize2d);
  LOOKUP(th, THFloatTensor_set2d);
  LOOKUP(th, THFloatTensor_get2d);
  LOOKUP(th, THFloatTensor_size);
  LOOKUP(th, THFloatTensor_zero);
  LOOKUP(th, THFloatTensor_max);
  LOOKUP(th, THFloatTensor_addmm);
  LOOKUP(th, THFloatTensor_free);
  LOOKUP(th, THLongTensor_new);
  LOOKUP(th, THLongTensor_get2d);
  LOOKUP(th, THLongTensor_free);
  LOOKUP(thnn, THNN_FloatTanh_updateOutput);

  THSetGuardedMode(1); /* errors come back as messages instead of aborting the process */

  static const float xs[2][3] = {{-1.0f, 0.5f, 0.25f}, {2.0f, -0.5f, 1.5f}};
  static const float ws[3][2] = {{1.0f, 0.5f}, {2.0f, -1.0f}, {-1.0f, 0.25f}};
  THFloatTensor *x = THFloatTensor_newWithSize2d(2, 3);
  THFloatTensor *w = THFloatTensor_newWithSize2d(3, 2);
  check();
  for (long i = 0; i < 2; i++)
    for (long j = 0; j < 3; j++) {
      THFloatTensor_set2d(x, i, j, xs[i][j]);
      THFloatTensor_set2d(w, j, i, ws[j][i]);
    }
  print_matrix("x", x);

  /* A THNN kernel: the output is a tensor we own; the kernel resizes it. THNNState is NULL on CPU. */
  THFloatTensor *y = THFloatTensor_new();
  THNN_FloatTanh_updateOutput(NULL, x, y);
  check();
  print_matrix("tanh(x)", y);

  /* Dimensions passed in are 0-based (1 = along each row); returned indices are 0-based too. */
  THFloatTensor *values = THFloatTensor_new();
  THLongTensor *indices = THLongTensor_new();
  THFloatTensor_max(values, indices, y, 1, 1);
  check();
  printf("argmax of each row (1-based): %ld %ld\n", THLongTensor_get2d(indices, 0, 0) + 1,
         THLongTensor_get2d(indices, 1, 0) + 1);

  /* A size mismatch: [2 x 3] times [2 x 3]. The call returns; the message says what went wrong. */
  THFloatTensor *h = THFloatTensor_newWithSize2d(2, 2);
  THFloatTensor_zero(h);
  THFloatTensor_addmm(h, 0.0f, h, 1.0f, x, x);
  const char *message = THGetLastError();
  printf("error: %s\n", message ? message : "(none)");

  /* The library keeps working: the same function with the right operands, h = x * w. */
  THFloatTensor_addmm(h, 0.0f, h, 1.0f, x, w);
  check();
  print_matrix("x * w", h);

  /* Every handle from new/newWithSize* is ours: free it once (retain adds a reference). */
  THFloatTensor_free(x);
  THFloatTensor_free(w);
  THFloatTensor_free(y);
  THFloatTensor_free(values);
  THLongTensor_free(indices);
  THFloatTensor_free(h);
  /* No dlclose: libTH's OpenMP worker threads outlive the calls that started them, and unloading
   * the code they run crashes them (docs/ffi.md, Threads). The libraries go with the process. */
  return 0;
}
