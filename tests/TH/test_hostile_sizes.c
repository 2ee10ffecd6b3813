/* Hostile sizes, strides and offsets (issue 10, items 1 and 2): every size computation that
 * overflows is a clear error, an allocation that cannot be made is an "out of memory" error naming
 * its byte count, and after any error the tensor or storage is exactly as it was, nothing leaks
 * (the sanitizer build checks) and the library keeps working. Torch7 is not the reference here: it
 * wrapped around and under-allocated. The errors are provoked in guarded mode (assert_th_error). */
#include "th_test.h"

#include <limits.h>

/* Valid sizes (their byte counts fit a ptrdiff_t) that no machine can allocate: 2^48 bytes is
 * more than the 2^47 bytes of a user address space on x86-64, so the failure is immediate. */
#define UNALLOCATABLE_FLOATS (1L << 46)
#define UNALLOCATABLE_BYTES "281474976710656 bytes" /* 2^46 * sizeof(float) = 2^48 */

/* Everything an error must leave as it was. */
typedef struct {
  int nDimension;
  long size[4], stride[4];
  THFloatStorage *storage;
  ptrdiff_t storageOffset, storageSize;
  float *data;
  int storageRefcount;
} Snapshot;

static Snapshot snapshot(const THFloatTensor *t) {
  Snapshot s = {0};
  s.nDimension = t->nDimension;
  for (int d = 0; d < t->nDimension && d < 4; d++) {
    s.size[d] = t->size[d];
    s.stride[d] = t->stride[d];
  }
  s.storage = t->storage;
  s.storageOffset = t->storageOffset;
  s.storageSize = t->storage ? t->storage->size : -1;
  s.data = t->storage ? t->storage->data : NULL;
  s.storageRefcount = t->storage ? t->storage->refcount : -1;
  return s;
}

static void assert_unchanged(const THFloatTensor *t, const Snapshot *before) {
  Snapshot now = snapshot(t);
  assert_int_equal(now.nDimension, before->nDimension);
  for (int d = 0; d < before->nDimension; d++) {
    assert_int_equal(now.size[d], before->size[d]);
    assert_int_equal(now.stride[d], before->stride[d]);
  }
  assert_ptr_equal(now.storage, before->storage);
  assert_int_equal(now.storageOffset, before->storageOffset);
  assert_int_equal(now.storageSize, before->storageSize);
  assert_ptr_equal(now.data, before->data);
  assert_int_equal(now.storageRefcount, before->storageRefcount);
}

/* A 2x3 tensor holding 0..5, row-major. */
static THFloatTensor *counting_2x3(void) {
  THFloatTensor *t = THFloatTensor_newWithSize2d(2, 3);
  for (int i = 0; i < 6; i++) THFloatTensor_data(t)[i] = (float)i;
  return t;
}

static void assert_counting_2x3(THFloatTensor *t) {
  assert_int_equal(THFloatTensor_nDimension(t), 2);
  for (long i = 0; i < 2; i++)
    for (long j = 0; j < 3; j++) assert_true(THFloatTensor_get2d(t, i, j) == (float)(3 * i + j));
}

/* The library works after an error: a new tensor, a resize and a reduction give what they must. */
static void assert_library_works(void) {
  THFloatTensor *t = THFloatTensor_newWithSize2d(3, 4);
  THFloatTensor_fill(t, 2.0f);
  THFloatTensor_resize1d(t, 20);
  THFloatTensor_fill(t, 0.5f);
  assert_true(THFloatTensor_sumall(t) == 10.0f);
  THFloatTensor_free(t);
}

/* [4 x 2^62+1] floats: the extent 4 (2^62+1) overflows (Torch7 made a 16-byte storage). */
static void test_newWithSize_overflow(void **state) {
  THFloatTensor *t = (THFloatTensor *)1;
  assert_th_error(t = THFloatTensor_newWithSize2d(4, (1L << 62) + 1), "newWithSize: a tensor of size [4 x 4611686018427387905]");
  assert_null(t);
  t = (THFloatTensor *)1;
  assert_th_error(t = THFloatTensor_newWithSize2d(1L << 40, 1L << 40), "would span more than 9223372036854775807 elements");
  assert_null(t);
  long sizes[3] = {1L << 21, 1L << 21, 1L << 21}; /* 2^63 elements: one more than PTRDIFF_MAX */
  THLongStorage *size = THLongStorage_newWithSize(3);
  memcpy(THLongStorage_data(size), sizes, sizeof sizes);
  t = (THFloatTensor *)1;
  assert_th_error(t = THFloatTensor_newWithSize(size, NULL), "newWithSize: a tensor of size [2097152 x 2097152 x 2097152]");
  assert_null(t);
  THLongStorage_free(size);
  assert_library_works();
}

/* Sizes whose byte count fits but cannot be allocated: an out-of-memory error that names the byte
 * count, and nothing leaks (the sanitizer build would report the tensor header). */
static void test_newWithSize_out_of_memory(void **state) {
  THFloatTensor *t = (THFloatTensor *)1;
  assert_th_error(t = THFloatTensor_newWithSize2d(1L << 23, 1L << 23), "out of memory: could not allocate " UNALLOCATABLE_BYTES);
  assert_null(t);
  t = (THFloatTensor *)1;
  assert_th_error(t = THFloatTensor_newWithSize1d(UNALLOCATABLE_FLOATS), UNALLOCATABLE_BYTES);
  assert_null(t);
  assert_library_works();
}

/* A resize that overflows, or whose storage cannot grow, leaves the tensor as it was. */
static void test_resize_failures_leave_the_tensor(void **state) {
  THFloatTensor *t = counting_2x3();
  Snapshot before = snapshot(t);
  assert_th_error(THFloatTensor_resize2d(t, 4, (1L << 62) + 1), "resize: a tensor of size [4 x 4611686018427387905]");
  assert_unchanged(t, &before);
  assert_th_error(THFloatTensor_resize2d(t, 1L << 23, 1L << 23), "THRealloc: out of memory: could not allocate " UNALLOCATABLE_BYTES);
  assert_unchanged(t, &before);
  assert_th_error(THFloatTensor_resize3d(t, 1L << 22, 1L << 22, 4), UNALLOCATABLE_BYTES);
  assert_unchanged(t, &before);
  /* 2^62 floats: the element count fits, the byte count does not. */
  assert_th_error(THFloatTensor_resize1d(t, 1L << 62), "THStorage_resize: 4611686018427387904 elements of 4 bytes overflow");
  assert_unchanged(t, &before);
  assert_counting_2x3(t);

  /* The same from no storage at all, and with explicit strides. */
  THFloatTensor *empty = THFloatTensor_new();
  Snapshot emptyBefore = snapshot(empty);
  assert_th_error(THFloatTensor_resize1d(empty, UNALLOCATABLE_FLOATS), "THAlloc: out of memory");
  assert_unchanged(empty, &emptyBefore);
  assert_null(empty->storage);
  long size[2] = {2, 3}, stride[2] = {LONG_MAX, 1};
  assert_th_error(THFloatTensor_resizeNd(t, 2, size, stride), "(strides [9223372036854775807 x 1], -1: contiguous)");
  assert_unchanged(t, &before);

  /* Still a working tensor: a valid resize grows it and keeps the first elements. */
  THFloatTensor_resize1d(t, 8);
  assert_int_equal(THFloatTensor_size(t, 0), 8);
  assert_true(THFloatTensor_get1d(t, 5) == 5.0f);
  THFloatTensor_free(empty);
  THFloatTensor_free(t);
  assert_library_works();
}

/* A stride of LONG_MAX: the second element would lie 2^63 - 1 elements away (Torch7 wrapped around
 * and wrote before the block). */
static void test_newWithStorage_offset_and_stride_overflow(void **state) {
  THFloatStorage *s = THFloatStorage_newWithSize(4);
  THFloatStorage_fill(s, 7.0f);
  float *data = s->data;
  THFloatTensor *t = (THFloatTensor *)1;
  assert_th_error(t = THFloatTensor_newWithStorage1d(s, 0, 2, LONG_MAX), "newWithStorage: a tensor of size [2] (strides [9223372036854775807]");
  assert_null(t);
  t = (THFloatTensor *)1;
  assert_th_error(t = THFloatTensor_newWithStorage1d(s, PTRDIFF_MAX - 1, 3, 1), "at storage offset 9223372036854775806 overflows");
  assert_null(t);
  t = (THFloatTensor *)1;
  assert_th_error(t = THFloatTensor_newWithStorage2d(s, 0, 2, -1, 1L << 62, -1), "newWithStorage: a tensor of size [2 x 4611686018427387904]");
  assert_null(t);
  t = (THFloatTensor *)1;
  assert_th_error(t = THFloatTensor_newWithStorage1d(s, 0, UNALLOCATABLE_FLOATS, 1), "out of memory");
  assert_null(t);
  /* The storage is untouched: same block, same size, same values, one reference. */
  assert_int_equal(s->size, 4);
  assert_ptr_equal(s->data, data);
  assert_int_equal(s->refcount, 1);
  for (int i = 0; i < 4; i++) assert_true(s->data[i] == 7.0f);

  /* setStorage: the same errors, and the tensor keeps its own storage and geometry. */
  THFloatTensor *u = counting_2x3();
  Snapshot before = snapshot(u);
  assert_th_error(THFloatTensor_setStorage1d(u, s, 0, 2, LONG_MAX), "setStorage: a tensor of size [2]");
  assert_unchanged(u, &before);
  assert_th_error(THFloatTensor_setStorage2d(u, s, 1, 1L << 23, 1L << 23, 1, 1), "out of memory");
  assert_unchanged(u, &before);
  /* A storage that may not grow (it maps a file or borrows its data) refuses a larger view. */
  THFloatStorage_clearFlag(s, TH_STORAGE_RESIZABLE);
  assert_th_error(THFloatTensor_setStorage1d(u, s, 0, 5, 1), "THStorage_resize: the storage is not resizable");
  assert_unchanged(u, &before);
  assert_int_equal(s->refcount, 1);
  assert_counting_2x3(u);
  /* ... and a view that fits is still given. */
  THFloatTensor_setStorage1d(u, s, 1, 3, 1);
  assert_int_equal(s->refcount, 2);
  assert_true(THFloatTensor_sumall(u) == 21.0f);
  THFloatStorage_setFlag(s, TH_STORAGE_RESIZABLE);
  THFloatTensor_free(u);
  THFloatStorage_free(s);
  assert_library_works();
}

/* A view's product of sizes must not wrap around to the element count: (2^62+3) 4 = 2^64 + 12. */
static void test_view_overflow(void **state) {
  THFloatTensor *t = THFloatTensor_newWithSize1d(12);
  THLongStorage *size = THLongStorage_newWithSize2((1L << 62) + 3, 4);
  THFloatTensor *v = (THFloatTensor *)1;
  assert_th_error(v = THFloatTensor_newView(t, size), "view: size [4611686018427387907 x 4] is invalid for a tensor of 12 elements");
  assert_null(v);
  THLongStorage *inferred = (THLongStorage *)1;
  assert_th_error(inferred = THLongStorage_newInferSize(size, 12), "its product overflows");
  assert_null(inferred);
  THLongStorage_free(size);
  /* With -1 inferred, the known sizes must not wrap either. */
  size = THLongStorage_newWithSize3(-1, 1L << 32, 1L << 32);
  assert_th_error(v = THFloatTensor_newView(t, size), "view: size [-1 x 4294967296 x 4294967296]");
  THLongStorage_free(size);
  /* A valid view still works. */
  size = THLongStorage_newWithSize2(3, -1);
  v = THFloatTensor_newView(t, size);
  assert_int_equal(THFloatTensor_size(v, 1), 4);
  assert_ptr_equal(v->storage, t->storage);
  THFloatTensor_free(v);
  THLongStorage_free(size);
  THFloatTensor_free(t);

  long sizes[2] = {1L << 32, 1L << 32};
  ptrdiff_t n = 0;
  assert_th_error(n = THSize_nElement(2, sizes), "THSize_nElement: the sizes [4294967296 x 4294967296] overflow");
  assert_int_equal(n, 0);
  sizes[0] = 3;
  assert_int_equal(THSize_nElement(2, sizes), 3L << 32);
}

/* Expanding one element to 2^62 x 2^62 (stride 0) spans one element but has 2^124 of them. */
static void test_expand_overflow(void **state) {
  THFloatTensor *one = THFloatTensor_newWithSize2d(1, 1);
  THFloatTensor_fill(one, 3.0f);
  THFloatTensor *r = counting_2x3();
  Snapshot before = snapshot(r);
  THLongStorage *size = THLongStorage_newWithSize2(1L << 62, 1L << 62);
  assert_th_error(THFloatTensor_expand(r, one, size), "expand: a tensor of size [4611686018427387904 x 4611686018427387904]");
  assert_unchanged(r, &before);
  THFloatTensor *e = (THFloatTensor *)1;
  assert_th_error(e = THFloatTensor_newExpand(one, size), "expand: a tensor of size");
  assert_null(e);
  THLongStorage_free(size);
  /* A large expansion that fits is still a view of one element. */
  size = THLongStorage_newWithSize2(1L << 31, 1L << 31);
  e = THFloatTensor_newExpand(one, size);
  assert_int_equal(THFloatTensor_nElement(e), 1L << 62);
  assert_int_equal(THFloatTensor_stride(e, 0), 0);
  assert_true(THFloatTensor_get2d(e, (1L << 31) - 1, 5) == 3.0f);
  THFloatTensor_free(e);
  THLongStorage_free(size);
  THFloatTensor_free(r);
  THFloatTensor_free(one);
}

/* unfold's new stride is step times the dimension's stride. */
static void test_unfold_overflow(void **state) {
  THFloatTensor *t = THFloatTensor_newWithSize2d(3, 4);
  THFloatTensor *u = (THFloatTensor *)1;
  assert_th_error(u = THFloatTensor_newUnfold(t, 0, 1, LONG_MAX), "unfold: step 9223372036854775807 times the stride 4 of dimension 1 overflows");
  assert_null(u);
  Snapshot before = snapshot(t);
  assert_th_error(THFloatTensor_unfold(t, NULL, 0, 2, LONG_MAX / 2), "unfold: step");
  assert_unchanged(t, &before);
  /* A step past the end still gives one window when it does not overflow. */
  u = THFloatTensor_newUnfold(t, 0, 2, LONG_MAX / 4);
  assert_int_equal(THFloatTensor_size(u, 0), 1);
  assert_int_equal(THFloatTensor_size(u, 2), 2);
  THFloatTensor_free(u);
  THFloatTensor_free(t);
}

/* cat of two expanded vectors of 2^62 elements: their sizes add up to 2^63, past LONG_MAX; the
 * aliased form (the result shares an input's storage) leaks nothing either. */
static void test_cat_overflow(void **state) {
  THFloatTensor *one = THFloatTensor_newWithSize1d(1);
  THLongStorage *size = THLongStorage_newWithSize1(1L << 62);
  THFloatTensor *a = THFloatTensor_newExpand(one, size);
  THFloatTensor *r = counting_2x3();
  Snapshot before = snapshot(r);
  assert_th_error(THFloatTensor_cat(r, a, a, 0), "cat: the inputs' sizes at dimension 1 add up to more than 9223372036854775807");
  assert_unchanged(r, &before);
  THFloatTensor *aliased = THFloatTensor_newWithTensor(a);
  assert_th_error(THFloatTensor_cat(aliased, a, one, 0), "THStorage_newWithAllocator: 4611686018427387905 elements of 4 bytes overflow");
  assert_int_equal(THFloatTensor_size(aliased, 0), 1L << 62);
  THFloatTensor_free(aliased);
  THFloatTensor_free(a);
  THLongStorage_free(size);
  THFloatTensor_free(r);
  THFloatTensor_free(one);
}

/* THTensorConv's output sizes: full, (in - 1) s + k, and rev, in - (k - 1) s, with s = LONG_MAX. */
static void test_conv_output_overflow(void **state) {
  THFloatTensor *t = THFloatTensor_newWithSize3d(1, 4, 4), *k = THFloatTensor_newWithSize4d(1, 1, 3, 3);
  THFloatTensor_fill(t, 1.0f);
  THFloatTensor_fill(k, 1.0f);
  THFloatTensor *r = counting_2x3();
  Snapshot before = snapshot(r);
  assert_th_error(THFloatTensor_conv2Dmv(r, 0, 1, t, k, LONG_MAX, 1, "F", "X"),
                  "conv2Dmv: the output plane of input 4x4 and kernel 3x3 overflows with stride 9223372036854775807");
  assert_unchanged(r, &before);
  THFloatTensor *k3 = THFloatTensor_newWithSize3d(1, 3, 3);
  assert_th_error(THFloatTensor_conv2DRevger(r, 0, 1, t, k3, 1, LONG_MAX), "smaller than the kernel (3x3) spread by the stride");
  assert_unchanged(r, &before);
  /* A valid full convolution of 4x4 ones by 3x3 ones: 6x6, its centre 9. */
  THFloatTensor_conv2Dmv(r, 0, 1, t, k, 1, 1, "F", "X");
  assert_int_equal(THFloatTensor_size(r, 1), 6);
  assert_true(THFloatTensor_get3d(r, 0, 2, 2) == 9.0f);
  THFloatTensor_free(k3);
  THFloatTensor_free(r);
  THFloatTensor_free(k);
  THFloatTensor_free(t);
}

/* Storages: overflowing byte counts and allocations that fail leave the storage as it was. */
static void test_storage_failures(void **state) {
  THFloatStorage *s = (THFloatStorage *)1;
  assert_th_error(s = THFloatStorage_newWithSize(PTRDIFF_MAX / 2), "THStorage_newWithAllocator: 4611686018427387903 elements of 4 bytes overflow a ptrdiff_t byte count");
  assert_null(s);
  assert_th_error(s = THFloatStorage_newWithSize(UNALLOCATABLE_FLOATS), "THAlloc: out of memory: could not allocate " UNALLOCATABLE_BYTES);
  assert_null(s);
  s = THFloatStorage_newWithSize3(1, 2, 3);
  float *data = s->data;
  assert_th_error(THFloatStorage_resize(s, UNALLOCATABLE_FLOATS), "THRealloc: out of memory: could not allocate " UNALLOCATABLE_BYTES);
  assert_int_equal(s->size, 3);
  assert_ptr_equal(s->data, data);
  assert_th_error(THFloatStorage_resize(s, PTRDIFF_MAX / 2), "THStorage_resize: 4611686018427387903 elements of 4 bytes overflow");
  assert_int_equal(s->size, 3);
  assert_ptr_equal(s->data, data);
  assert_true(s->data[0] == 1.0f && s->data[1] == 2.0f && s->data[2] == 3.0f);
  THFloatStorage_resize(s, 5);
  assert_true(s->data[2] == 3.0f);
  THFloatStorage_free(s);

  /* THAlloc and THRealloc themselves; a failed THRealloc keeps the block. */
  void *p = (void *)1;
  assert_th_error(p = THAlloc(1L << 48), "THAlloc: out of memory: could not allocate 281474976710656 bytes");
  assert_null(p);
  char *block = THAlloc(16);
  strcpy(block, "still here");
  void *q = (void *)1;
  assert_th_error(q = THRealloc(block, 1L << 48), "THRealloc: out of memory: could not allocate 281474976710656 bytes");
  assert_null(q);
  assert_string_equal(block, "still here");
  THFree(block);
}

/* Valid geometry keeps Torch7's rules: a resize to the sizes a tensor has keeps its strides, the
 * first size <= 0 ends the list, the storage grows and never shrinks. */
static void test_valid_geometry_unchanged(void **state) {
  THFloatTensor *t = counting_2x3();
  THFloatTensor *tt = THFloatTensor_newTranspose(t, 0, 1);
  THFloatTensor_resize2d(tt, 3, 2);
  assert_int_equal(THFloatTensor_stride(tt, 0), 1);
  assert_int_equal(THFloatTensor_stride(tt, 1), 3);
  THFloatTensor_resize2d(t, 5, 0);
  assert_int_equal(THFloatTensor_nDimension(t), 1);
  assert_int_equal(t->storage->size, 6);
  THFloatTensor_resize2d(t, 2, 4);
  assert_int_equal(t->storage->size, 8);
  assert_int_equal(THFloatTensor_stride(t, 0), 4);
  THFloatTensor_resize1d(t, 0);
  assert_int_equal(THFloatTensor_nDimension(t), 0);
  assert_int_equal(t->storage->size, 8);
  THFloatTensor_free(tt);
  THFloatTensor_free(t);
}

/* A dimension of INT_MAX is reported, not overflowed while the message is written (1-based, it is
 * 2147483648: found by fuzz_geometry, undefined behaviour under UBSan). */
static void test_int_max_dimension(void **state) {
  THFloatTensor *t = counting_2x3();
  Snapshot before = snapshot(t);
  assert_th_error(THFloatTensor_size(t, INT_MAX), "size: dimension 2147483648 out of range of a 2D tensor");
  assert_th_error(THFloatTensor_stride(t, INT_MAX), "stride: dimension 2147483648 out of range");
  assert_th_error(THFloatTensor_narrow(t, NULL, INT_MAX, 0, 1), "narrow: dimension 2147483648 out of range");
  assert_th_error(THFloatTensor_select(t, NULL, INT_MAX, 0), "select: dimension 2147483648 out of range");
  assert_th_error(THFloatTensor_transpose(t, NULL, INT_MAX, 0), "transpose: dimension 2147483648 out of range");
  assert_th_error(THFloatTensor_transpose(t, NULL, 0, INT_MAX), "transpose: dimension 2147483648 out of range");
  assert_th_error(THFloatTensor_unfold(t, NULL, INT_MAX, 1, 1), "unfold: dimension 2147483648 out of range");
  assert_th_error(THFloatTensor_squeeze1d(t, NULL, INT_MAX), "squeeze1d: dimension 2147483648 out of range");
  assert_th_error(THFloatTensor_unsqueeze1d(t, NULL, INT_MAX), "unsqueeze1d: dimension 2147483648 out of range");
  assert_unchanged(t, &before);
  assert_counting_2x3(t);
  THFloatTensor_free(t);
  assert_library_works();
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_newWithSize_overflow),
      cmocka_unit_test(test_newWithSize_out_of_memory),
      cmocka_unit_test(test_resize_failures_leave_the_tensor),
      cmocka_unit_test(test_newWithStorage_offset_and_stride_overflow),
      cmocka_unit_test(test_view_overflow),
      cmocka_unit_test(test_expand_overflow),
      cmocka_unit_test(test_unfold_overflow),
      cmocka_unit_test(test_cat_overflow),
      cmocka_unit_test(test_conv_output_overflow),
      cmocka_unit_test(test_storage_failures),
      cmocka_unit_test(test_valid_geometry_unchanged),
      cmocka_unit_test(test_int_max_dimension),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
