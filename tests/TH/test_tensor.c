/* THStorage and THTensor core: construction, the resize rules, views, element access, copies. */
#include "th_test.h"

static void test_storage_basics(void **state) {
  THFloatStorage *s = THFloatStorage_newWithSize4(1, 2, 3, 4);
  assert_int_equal(THFloatStorage_size(s), 4);
  assert_int_equal(THFloatStorage_elementSize(), sizeof(float));
  assert_float_equal(THFloatStorage_get(s, 2), 3, 0);
  THFloatStorage_set(s, 0, 9);
  assert_float_equal(THFloatStorage_data(s)[0], 9, 0);
  THFloatStorage_resize(s, 6);
  assert_int_equal(s->size, 6);
  assert_float_equal(s->data[3], 4, 0); /* kept across the resize */
  THFloatStorage_fill(s, 7);
  assert_float_equal(s->data[5], 7, 0);
  assert_th_error(THFloatStorage_get(s, 6), "index 6 out of range");
  assert_th_error(THFloatStorage_set(s, -1, 0), "out of range");
  assert_th_error(THFloatStorage_newWithSize(-3), "must be >= 0");

  THFloatStorage *t = THFloatStorage_newWithSize2(5, 6);
  THFloatStorage_swap(s, t);
  assert_int_equal(s->size, 2);
  assert_int_equal(t->size, 6);
  THFloatStorage_retain(s);
  assert_int_equal(s->refcount, 2);
  THFloatStorage_free(s);
  assert_int_equal(s->refcount, 1);
  THFloatStorage_free(s);
  THFloatStorage_free(t);

  float *data = THAlloc(3 * sizeof(float));
  data[0] = 1;
  THFloatStorage *owned = THFloatStorage_newWithData(data, 3);
  assert_ptr_equal(owned->data, data);
  THFloatStorage_clearFlag(owned, TH_STORAGE_RESIZABLE);
  assert_th_error(THFloatStorage_resize(owned, 5), "not resizable");
  THFloatStorage_setFlag(owned, TH_STORAGE_RESIZABLE);
  THFloatStorage_resize(owned, 0);
  assert_null(owned->data);
  THFloatStorage_free(owned);
}

/* An allocator that counts the blocks it frees, to see whose data a free releases. */
static void *counting_malloc(void *ctx, ptrdiff_t n) { return THAlloc(n); }
static void *counting_realloc(void *ctx, void *p, ptrdiff_t n) { return THRealloc(p, n); }
static void counting_free(void *ctx, void *p) {
  ++*(int *)ctx;
  THFree(p);
}
static THAllocator counting_allocator = {counting_malloc, counting_realloc, counting_free};

/* swap exchanges data, size, flag, allocator, allocatorContext and view, but each storage keeps its
 * own reference count (Torch7's swap left refcount alone). Swapping the counts too freed a storage
 * that still had holders (a use after free under AddressSanitizer) and leaked the other. */
static void test_storage_swap_keeps_reference_counts(void **state) {
  int frees = 0;
  float *owned = THAlloc(3 * sizeof(float));
  THFloatStorage *a = THFloatStorage_newWithDataAndAllocator(owned, 3, &counting_allocator, &frees);
  THFloatStorage_retain(a);
  THFloatStorage_retain(a); /* three holders */
  /* b views two elements of base, as Torch7's Lua storage views did: borrowed data, the VIEW flag,
   * and b holding base's only reference. */
  THFloatStorage *base = THFloatStorage_newWithSize4(1, 2, 3, 4);
  THFloatStorage *b = THFloatStorage_newWithData(base->data + 1, 2); /* one holder */
  THFloatStorage_clearFlag(b, TH_STORAGE_FREEMEM);
  THFloatStorage_setFlag(b, TH_STORAGE_VIEW);
  b->view = base;

  THFloatStorage_swap(a, b);
  assert_int_equal(a->refcount, 3);
  assert_int_equal(b->refcount, 1);
  assert_ptr_equal(a->data, base->data + 1);
  assert_int_equal(a->size, 2);
  assert_int_equal(a->flag, TH_STORAGE_REFCOUNTED | TH_STORAGE_RESIZABLE | TH_STORAGE_VIEW);
  assert_ptr_equal(a->allocator, &THDefaultAllocator);
  assert_null(a->allocatorContext);
  assert_ptr_equal(a->view, base);
  assert_ptr_equal(b->data, owned);
  assert_int_equal(b->size, 3);
  assert_int_equal(b->flag, TH_STORAGE_REFCOUNTED | TH_STORAGE_RESIZABLE | TH_STORAGE_FREEMEM);
  assert_ptr_equal(b->allocator, &counting_allocator);
  assert_ptr_equal(b->allocatorContext, &frees);
  assert_null(b->view);

  /* b's one holder lets go: b and the block it now owns go, through the counting allocator. */
  THFloatStorage_free(b);
  assert_int_equal(frees, 1);
  /* a's holders let go one by one; a stays readable until the last. */
  THFloatStorage_free(a);
  THFloatStorage_free(a);
  assert_int_equal(a->refcount, 1);
  assert_float_equal(THFloatStorage_get(a, 1), 3, 0);
  THFloatStorage_free(a); /* frees a, which releases base */
  assert_int_equal(frees, 1);

  THFloatStorage *s = THFloatStorage_newWithSize(1);
  assert_th_error(THFloatStorage_swap(s, NULL), "storage2 is NULL");
  assert_th_error(THFloatStorage_swap(NULL, s), "storage1 is NULL");
  assert_int_equal(s->size, 1); /* untouched, and still usable */
  THFloatStorage_free(s);
}

static void test_storage_copies_convert(void **state) {
  THDoubleStorage *d = THDoubleStorage_newWithSize3(-1.75, 2.5, 300.0);
  THByteStorage *b = THByteStorage_newWithSize(3);
  THIntStorage *i = THIntStorage_newWithSize(3);
  THIntStorage_copyDouble(i, d);
  assert_int_equal(i->data[0], -1); /* truncation toward zero */
  assert_int_equal(i->data[1], 2);
  THByteStorage_copyInt(b, i);
  assert_int_equal(b->data[0], 255); /* -1 wraps modulo 256 */
  assert_int_equal(b->data[2], 300 % 256);
  THDoubleStorage *back = THDoubleStorage_newWithSize(3);
  THDoubleStorage_copyByte(back, b);
  assert_true(back->data[1] == 2.0);
  THIntStorage *wrong = THIntStorage_newWithSize(2);
  assert_th_error(THIntStorage_copyDouble(wrong, d), "size mismatch");
  THDoubleStorage_free(d);
  THDoubleStorage_free(back);
  THByteStorage_free(b);
  THIntStorage_free(i);
  THIntStorage_free(wrong);
}

static void test_new_and_resize_rules(void **state) {
  THFloatTensor *t = THFloatTensor_new();
  assert_int_equal(t->nDimension, 0);
  assert_int_equal(THFloatTensor_nElement(t), 0);
  assert_null(THFloatTensor_data(t));
  assert_true(THFloatTensor_isContiguous(t));

  THFloatTensor_resize2d(t, 3, 0); /* a size <= 0 ends the dimension list */
  assert_int_equal(t->nDimension, 1);
  assert_int_equal(t->size[0], 3);
  THFloatTensor_resize4d(t, 2, 3, 4, 5);
  assert_int_equal(t->nDimension, 4);
  assert_int_equal(t->stride[0], 60);
  assert_int_equal(t->stride[3], 1);
  assert_int_equal(THFloatTensor_nElement(t), 120);
  assert_true(t->storage->size >= 120);
  THFloatTensor_resize5d(t, 1, 2, 1, 2, 1);
  assert_int_equal(t->nDimension, 5);
  THFloatTensor_resize1d(t, 0); /* all-zero size: empty, 0 dimensions */
  assert_int_equal(t->nDimension, 0);

  long size[2] = {2, 3}, stride[2] = {1, 2}; /* column-major */
  THFloatTensor_resizeNd(t, 2, size, stride);
  assert_int_equal(t->stride[0], 1);
  assert_int_equal(t->stride[1], 2);
  assert_false(THFloatTensor_isContiguous(t));
  assert_th_error(THFloatTensor_resizeNd(t, TH_MAX_DIMS + 1, size, NULL), "number of dimensions");
  THFloatTensor_free(t);

  THLongStorage *sz = THLongStorage_newWithSize3(2, 3, 4);
  THDoubleTensor *d = THDoubleTensor_newWithSize(sz, NULL);
  assert_true(THDoubleTensor_isSize(d, sz));
  THLongStorage *got = THDoubleTensor_newSizeOf(d);
  THLongStorage *st = THDoubleTensor_newStrideOf(d);
  assert_int_equal(got->data[2], 4);
  assert_int_equal(st->data[0], 12);
  THLongStorage *bad = THLongStorage_newWithSize2(1, 1);
  assert_th_error(THDoubleTensor_newWithSize(sz, bad), "inconsistent size");
  THLongStorage_free(bad);
  THLongStorage_free(got);
  THLongStorage_free(st);
  THLongStorage_free(sz);
  THDoubleTensor_free(d);
}

static THDoubleTensor *arange_matrix(long rows, long cols) {
  THDoubleTensor *m = THDoubleTensor_newWithSize2d(rows, cols);
  double *p = THDoubleTensor_data(m);
  for (long i = 0; i < rows * cols; i++) p[i] = (double)i;
  return m;
}

static void test_views_share_storage(void **state) {
  THDoubleTensor *m = arange_matrix(4, 5); /* m[i][j] = 5i + j */

  THDoubleTensor *row = THDoubleTensor_newSelect(m, 0, 2);
  assert_int_equal(row->nDimension, 1);
  assert_true(THDoubleTensor_get1d(row, 3) == 13);
  THDoubleTensor *col = THDoubleTensor_newSelect(m, 1, 4);
  assert_int_equal(col->stride[0], 5);
  assert_true(THDoubleTensor_get1d(col, 3) == 19);
  THDoubleTensor_set1d(col, 0, -1);
  assert_true(THDoubleTensor_get2d(m, 0, 4) == -1); /* a view writes through */

  THDoubleTensor *nar = THDoubleTensor_newNarrow(m, 1, 1, 3);
  assert_int_equal(nar->size[1], 3);
  assert_int_equal(nar->storageOffset, 1);
  assert_true(THDoubleTensor_get2d(nar, 2, 0) == 11);
  assert_false(THDoubleTensor_isContiguous(nar));
  assert_th_error(THDoubleTensor_narrow(nar, m, 1, 3, 3), "size 3 out of range");
  assert_th_error(THDoubleTensor_narrow(nar, m, 2, 0, 1), "dimension 3 out of range");

  THDoubleTensor *tr = THDoubleTensor_newTranspose(m, 0, 1);
  assert_int_equal(tr->size[0], 5);
  assert_true(THDoubleTensor_get2d(tr, 3, 2) == 13);
  assert_false(THDoubleTensor_isContiguous(tr));

  THDoubleTensor *c = THDoubleTensor_newContiguous(tr);
  assert_true(THDoubleTensor_isContiguous(c));
  assert_ptr_not_equal(c->storage, m->storage);
  assert_true(THDoubleTensor_get2d(c, 3, 2) == 13);
  THDoubleTensor *same = THDoubleTensor_newContiguous(m);
  assert_ptr_equal(same->storage, m->storage); /* no copy for a contiguous tensor */

  THDoubleTensor *unf = THDoubleTensor_newUnfold(row, 0, 2, 2); /* [10 11 12 13 14] -> 2 windows */
  assert_int_equal(unf->nDimension, 2);
  assert_int_equal(unf->size[0], 2);
  assert_int_equal(unf->size[1], 2);
  assert_true(THDoubleTensor_get2d(unf, 1, 1) == 13);
  assert_th_error(THDoubleTensor_unfold(unf, row, 0, 6, 1), "size 6 out of range");
  assert_th_error(THDoubleTensor_unfold(unf, row, 0, 2, 0), "step must be > 0");

  THDoubleTensor_free(row);
  THDoubleTensor_free(col);
  THDoubleTensor_free(nar);
  THDoubleTensor_free(tr);
  THDoubleTensor_free(c);
  THDoubleTensor_free(same);
  THDoubleTensor_free(unf);
  THDoubleTensor_free(m);
}

static void test_squeeze_unsqueeze(void **state) {
  THFloatTensor *t = THFloatTensor_newWithSize4d(1, 3, 1, 2);
  THFloatTensor *s = THFloatTensor_new();
  THFloatTensor_squeeze(s, t);
  assert_int_equal(s->nDimension, 2);
  assert_int_equal(s->size[0], 3);
  THFloatTensor_squeeze1d(s, t, 2);
  assert_int_equal(s->nDimension, 3);
  THFloatTensor_squeeze1d(s, t, 1); /* size 3: unchanged */
  assert_int_equal(s->nDimension, 4);
  THFloatTensor_unsqueeze1d(s, t, 4);
  assert_int_equal(s->nDimension, 5);
  assert_int_equal(s->size[4], 1);
  THFloatTensor_unsqueeze1d(s, t, 0);
  assert_int_equal(s->size[0], 1);
  assert_int_equal(s->stride[0], 6);
  assert_th_error(THFloatTensor_unsqueeze1d(s, t, 6), "out of range");
  THFloatTensor *one = THFloatTensor_newWithSize2d(1, 1);
  THFloatTensor_squeeze(s, one);
  assert_int_equal(s->nDimension, 1); /* one element keeps one dimension */
  THFloatTensor_free(one);
  THFloatTensor_free(s);
  THFloatTensor_free(t);
}

static void test_view_and_expand(void **state) {
  THDoubleTensor *m = arange_matrix(2, 6);
  THLongStorage *size = THLongStorage_newWithSize3(3, -1, 2);
  THDoubleTensor *v = THDoubleTensor_newView(m, size);
  assert_int_equal(v->size[1], 2);
  assert_true(THDoubleTensor_get3d(v, 2, 1, 1) == 11);
  THLongStorage_free(size);
  size = THLongStorage_newWithSize2(5, -1);
  assert_th_error(THDoubleTensor_newView(m, size), "invalid for a tensor of 12 elements");
  THLongStorage_free(size);
  THDoubleTensor *tr = THDoubleTensor_newTranspose(m, 0, 1);
  size = THLongStorage_newWithSize1(12);
  assert_th_error(THDoubleTensor_newView(tr, size), "not contiguous");
  THLongStorage_free(size);

  THDoubleTensor *col = THDoubleTensor_newNarrow(m, 1, 0, 1); /* [2 x 1] */
  size = THLongStorage_newWithSize3(4, 2, 3);
  THDoubleTensor *e = THDoubleTensor_newExpand(col, size);
  assert_int_equal(e->nDimension, 3);
  assert_int_equal(e->stride[0], 0);
  assert_int_equal(e->stride[2], 0);
  assert_true(THDoubleTensor_get3d(e, 3, 1, 2) == 6);
  THLongStorage_free(size);
  size = THLongStorage_newWithSize2(3, 3);
  assert_th_error(THDoubleTensor_expand(e, m, size), "must match the existing size");
  THLongStorage_free(size);

  THDoubleTensor *a = THDoubleTensor_newWithSize2d(3, 1), *b = THDoubleTensor_newWithSize1d(4);
  THDoubleTensor *ra = THDoubleTensor_new(), *rb = THDoubleTensor_new();
  THDoubleTensor *ops[2] = {a, b}, *rets[2] = {ra, rb};
  THDoubleTensor_expandNd(rets, ops, 2);
  assert_int_equal(ra->size[0], 3);
  assert_int_equal(ra->size[1], 4);
  assert_int_equal(rb->size[0], 3);
  assert_int_equal(rb->stride[0], 0);

  THDoubleTensor_free(a);
  THDoubleTensor_free(b);
  THDoubleTensor_free(ra);
  THDoubleTensor_free(rb);
  THDoubleTensor_free(col);
  THDoubleTensor_free(e);
  THDoubleTensor_free(tr);
  THDoubleTensor_free(v);
  THDoubleTensor_free(m);
}

/* A failing new* call allocates nothing (LeakSanitizer checks this in make test-sanitize). */
static void test_failed_new_views_leak_nothing(void **state) {
  THFloatTensor *t = THFloatTensor_newWithSize2d(2, 3);
  THLongStorage *size = THLongStorage_newWithSize2(3, 3);
  THFloatTensor *r = (THFloatTensor *)t; /* any non-NULL value, overwritten by the failing calls */
  THSetGuardedMode(1);
  r = THFloatTensor_newSelect(t, 0, 5);
  assert_null(r);
  r = THFloatTensor_newNarrow(t, 1, 1, 5);
  assert_null(r);
  r = THFloatTensor_newTranspose(t, 0, 2);
  assert_null(r);
  r = THFloatTensor_newUnfold(t, 1, 4, 1);
  assert_null(r);
  r = THFloatTensor_newExpand(t, size);
  assert_null(r);
  r = THFloatTensor_newWithStorage1d(t->storage, -1, 2, 1);
  assert_null(r);
  THSetGuardedMode(0);
  assert_non_null(THGetLastError());
  THClearLastError();
  THLongStorage_free(size);
  THFloatTensor_free(t);
}

static void test_set_storage_and_predicates(void **state) {
  THFloatStorage *s = THFloatStorage_newWithSize(12);
  THFloatTensor *a = THFloatTensor_newWithStorage2d(s, 2, 2, 5, 5, 1);
  assert_int_equal(a->storageOffset, 2);
  assert_int_equal(s->refcount, 2);
  THFloatTensor *b = THFloatTensor_newWithTensor(a);
  assert_true(THFloatTensor_isSetTo(a, b));
  assert_true(THFloatTensor_isSameSizeAs(a, b));
  THFloatTensor_setStorage1d(b, s, 0, 12, 1);
  assert_false(THFloatTensor_isSetTo(a, b));
  assert_false(THFloatTensor_isSameSizeAs(a, b));
  assert_th_error(THFloatTensor_setStorage1d(b, s, -1, 2, 1), "offset must be >= 0");
  THFloatTensor_set(b, a);
  assert_true(THFloatTensor_isSetTo(a, b));
  assert_int_equal(THFloatTensor_storageOffset(b), 2);
  assert_ptr_equal(THFloatTensor_storage(b), s);
  assert_int_equal(THFloatTensor_stride(b, 0), 5);
  THFloatTensor_retain(b);
  THFloatTensor_free(b);
  assert_int_equal(b->refcount, 1);
  THFloatTensor_free(b);
  THFloatTensor_free(a);
  assert_int_equal(s->refcount, 1);
  THFloatStorage_free(s);
}

static void test_element_access(void **state) {
  THIntTensor *t = THIntTensor_newWithSize4d(2, 3, 4, 5);
  THIntTensor_set4d(t, 1, 2, 3, 4, 77);
  assert_int_equal(THIntTensor_data(t)[119], 77);
  assert_int_equal(THIntTensor_get4d(t, 1, 2, 3, 4), 77);
  assert_th_error(THIntTensor_get4d(t, 1, 3, 0, 0), "index 3 out of range [0, 3) at dimension 2");
  assert_th_error(THIntTensor_get3d(t, 0, 0, 0), "expected a 3D tensor, got a 4D tensor");
  THIntTensor_resize3d(t, 2, 2, 2);
  THIntTensor_set3d(t, 1, 1, 1, -4);
  assert_int_equal(THIntTensor_get3d(t, 1, 1, 1), -4);
  THIntTensor_free(t);
}

static void test_desc(void **state) {
  THByteTensor *b = THByteTensor_newWithSize2d(2, 3);
  assert_string_equal(THByteTensor_desc(b).str, "torch.ByteTensor of size 2x3");
  assert_string_equal(THByteTensor_sizeDesc(b).str, "[2 x 3]");
  THDoubleTensor *d = THDoubleTensor_new();
  assert_string_equal(THDoubleTensor_desc(d).str, "torch.DoubleTensor of size ");
  /* Torch7's desc kept a text of up to 63 characters whole; a longer one got "..." at offset 60.
   * desc reads only the sizes, so large ones are set directly (nothing is allocated for them). */
  THDoubleTensor *big = THDoubleTensor_newWithSize2d(1, 1);
  big->size[0] = 111111111111111111L;
  big->size[1] = 11111111111111111L; /* 27 + 18 + 1 + 17 = 63 characters */
  assert_string_equal(THDoubleTensor_desc(big).str, "torch.DoubleTensor of size 111111111111111111x11111111111111111");
  big->size[1] = 111111111111111111L; /* 64 */
  assert_string_equal(THDoubleTensor_desc(big).str, "torch.DoubleTensor of size 111111111111111111x11111111111111...");
  assert_string_equal(THDoubleTensor_sizeDesc(big).str, "[111111111111111111 x 111111111111111111]");
  big->size[0] = big->size[1] = 1;
  THDoubleTensor_free(big);
  THByteTensor_free(b);
  THDoubleTensor_free(d);
}

static void test_copy_same_and_cross_type(void **state) {
  THDoubleTensor *m = arange_matrix(3, 4);
  THDoubleTensor *tr = THDoubleTensor_newTranspose(m, 0, 1);
  THFloatTensor *f = THFloatTensor_newWithSize2d(4, 3);
  THFloatTensor_copyDouble(f, tr); /* non-contiguous source */
  assert_float_equal(THFloatTensor_get2d(f, 3, 2), 11, 0);
  assert_float_equal(THFloatTensor_get2d(f, 1, 2), 9, 0);

  THDoubleTensor *c = THDoubleTensor_newWithSize1d(12); /* same count, other shape */
  THDoubleTensor_copy(c, tr);
  assert_true(THDoubleTensor_get1d(c, 1) == 4); /* tr's row-major order: m[0][0], m[1][0], ... */
  THDoubleTensor *wrong = THDoubleTensor_newWithSize1d(5);
  assert_th_error(THDoubleTensor_copy(wrong, m), "has 5 elements but the source");

  THCharTensor *ch = THCharTensor_newWithSize1d(3);
  THCharTensor_data(ch)[0] = -3;
  THCharTensor_data(ch)[1] = 100;
  THCharTensor_data(ch)[2] = 0;
  THLongTensor *l = THLongTensor_newWithSize1d(3);
  THLongTensor_copyChar(l, ch);
  assert_int_equal(THLongTensor_get1d(l, 0), -3);
  THShortTensor *sh = THShortTensor_newWithSize1d(3);
  THShortTensor_copyLong(sh, l);
  assert_int_equal(THShortTensor_get1d(sh, 1), 100);

  THDoubleTensor_free(m);
  THDoubleTensor_free(tr);
  THDoubleTensor_free(c);
  THDoubleTensor_free(wrong);
  THFloatTensor_free(f);
  THCharTensor_free(ch);
  THLongTensor_free(l);
  THShortTensor_free(sh);
}

static void test_copy_half(void **state) {
  THFloatTensor *f = THFloatTensor_newWithSize1d(3);
  THFloatTensor_data(f)[0] = 1.0f;
  THFloatTensor_data(f)[1] = -2.5f;
  THFloatTensor_data(f)[2] = 65504.0f;
  THHalfTensor *h = THHalfTensor_newWithSize1d(3);
  THHalfTensor_copyFloat(h, f);
  assert_int_equal(THHalfTensor_data(h)[0].x, 0x3C00);
  assert_int_equal(THHalfTensor_data(h)[2].x, 0x7BFF);
  THIntTensor *i = THIntTensor_newWithSize1d(3);
  THIntTensor_copyHalf(i, h);
  assert_int_equal(THIntTensor_get1d(i, 1), -2);
  assert_int_equal(THIntTensor_get1d(i, 2), 65504);
  THFloatTensor_free(f);
  THHalfTensor_free(h);
  THIntTensor_free(i);
}

static void test_big_copy_runs_in_parallel_paths(void **state) {
  const long n = 1 << 20;
  THFloatTensor *a = THFloatTensor_newWithSize1d(n), *b = THFloatTensor_newWithSize1d(n);
  float *pa = THFloatTensor_data(a);
  for (long i = 0; i < n; i++) pa[i] = (float)(i % 1000);
  THFloatTensor_copy(b, a);
  assert_int_equal(memcmp(THFloatTensor_data(b), pa, sizeof(float) * n), 0);
  THDoubleTensor *d = THDoubleTensor_newWithSize1d(n);
  THDoubleTensor_copyFloat(d, a);
  assert_true(THDoubleTensor_data(d)[n - 1] == (double)((n - 1) % 1000));
  /* overlapping self-copy shifted by one element behaves like memmove */
  THFloatTensor *lo = THFloatTensor_newNarrow(a, 0, 0, n - 1), *hi = THFloatTensor_newNarrow(a, 0, 1, n - 1);
  THFloatTensor_copy(hi, lo);
  assert_float_equal(pa[1], 0, 0);
  assert_float_equal(pa[1000], 999, 0);
  THFloatTensor_free(lo);
  THFloatTensor_free(hi);
  THFloatTensor_free(a);
  THFloatTensor_free(b);
  THDoubleTensor_free(d);
}

/* Non-contiguous copies large enough for the threaded, tiled walk (300 x 257 > TH_OMP_THRESHOLD):
 * a transposed source into a contiguous destination and the reverse, same type and converting,
 * a permuted and narrowed 3-d source, and a source of another shape (legacy row-major pairing). */
static void test_big_strided_copies(void **state) {
  const long R = 300, C = 257;
  THDoubleTensor *m = arange_matrix(R, C); /* m[i][j] = C i + j */
  THDoubleTensor *mt = THDoubleTensor_newTranspose(m, 0, 1);
  THDoubleTensor *d = THDoubleTensor_newWithSize2d(C, R);
  THDoubleTensor_copy(d, mt);
  THFloatTensor *f = THFloatTensor_newWithSize2d(C, R);
  THFloatTensor_copyDouble(f, mt);
  for (long j = 0; j < C; j++)
    for (long i = 0; i < R; i++) {
      if (THDoubleTensor_get2d(d, j, i) != (double)(C * i + j)) fail_msg("copy: d[%ld][%ld]", j, i);
      if (THFloatTensor_get2d(f, j, i) != (float)(C * i + j)) fail_msg("copyDouble: f[%ld][%ld]", j, i);
    }
  /* into a transposed destination */
  THFloatTensor *g = THFloatTensor_newWithSize2d(R, C), *gt = THFloatTensor_newTranspose(g, 0, 1);
  THFloatTensor_copy(gt, f);
  THDoubleTensor *back = THDoubleTensor_newWithSize2d(R, C);
  THDoubleTensor_copyFloat(back, g);
  assert_int_equal(memcmp(THDoubleTensor_data(back), THDoubleTensor_data(m), sizeof(double) * R * C), 0);
  /* 3-d: a permuted and narrowed view (dimensions that do not merge) */
  THDoubleTensor *cube = THDoubleTensor_newWithSize3d(40, 30, 50);
  for (long k = 0; k < 40 * 30 * 50; k++) THDoubleTensor_data(cube)[k] = (double)k;
  THDoubleTensor *v = THDoubleTensor_newTranspose(cube, 0, 2); /* 50 x 30 x 40 */
  THDoubleTensor_narrow(v, NULL, 1, 3, 25);
  THIntTensor *vi = THIntTensor_newWithSize3d(50, 25, 40);
  THIntTensor_copyDouble(vi, v);
  for (long a = 0; a < 50; a += 7)
    for (long b = 0; b < 25; b++)
      for (long c = 0; c < 40; c++)
        if (THIntTensor_get3d(vi, a, b, c) != (int)(c * 30 * 50 + (b + 3) * 50 + a))
          fail_msg("copyDouble 3-d: [%ld][%ld][%ld]", a, b, c);
  /* another shape, same count: elements pair up in each tensor's row-major order */
  THDoubleTensor *flat = THDoubleTensor_newWithSize1d(R * C);
  THDoubleTensor_copy(flat, mt);
  for (long k = 0; k < R * C; k++)
    if (THDoubleTensor_data(flat)[k] != (double)(C * (k % R) + k / R)) fail_msg("copy to 1-d: %ld", k);
  THDoubleTensor *ts[] = {m, mt, d, back, cube, v, flat};
  for (int k = 0; k < 7; k++) THDoubleTensor_free(ts[k]);
  THFloatTensor_free(f);
  THFloatTensor_free(g);
  THFloatTensor_free(gt);
  THIntTensor_free(vi);
}

/* Where the destination overlaps the source or itself, copies keep the legacy element-by-element
 * walk in row-major order, whose result is defined: shifting the columns of a matrix right by one
 * within itself repeats each row's first element; into an expanded (stride-0) destination the
 * last element wins. */
static void test_overlapping_strided_copies(void **state) {
  const long R = 300, C = 257;
  THDoubleTensor *m = arange_matrix(R, C);
  THDoubleTensor *left = THDoubleTensor_newNarrow(m, 1, 0, C - 1), *right = THDoubleTensor_newNarrow(m, 1, 1, C - 1);
  THDoubleTensor_copy(right, left);
  for (long i = 0; i < R; i++)
    for (long j = 0; j < C; j++)
      if (THDoubleTensor_get2d(m, i, j) != (double)(C * i)) fail_msg("m[%ld][%ld]", i, j);
  THFloatTensor *one = THFloatTensor_newWithSize1d(1);
  THLongStorage *size = THLongStorage_newWithSize2(R, C);
  THFloatTensor *expanded = THFloatTensor_newExpand(one, size);
  THDoubleTensor *src = arange_matrix(R, C);
  THFloatTensor_copyDouble(expanded, src);
  assert_float_equal(THFloatTensor_data(one)[0], (float)(R * C - 1), 0);
  THLongStorage_free(size);
  THFloatTensor_free(expanded);
  THFloatTensor_free(one);
  THDoubleTensor_free(src);
  THDoubleTensor_free(left);
  THDoubleTensor_free(right);
  THDoubleTensor_free(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_storage_basics),
      cmocka_unit_test(test_storage_swap_keeps_reference_counts),
      cmocka_unit_test(test_storage_copies_convert),
      cmocka_unit_test(test_new_and_resize_rules),
      cmocka_unit_test(test_views_share_storage),
      cmocka_unit_test(test_squeeze_unsqueeze),
      cmocka_unit_test(test_view_and_expand),
      cmocka_unit_test(test_failed_new_views_leak_nothing),
      cmocka_unit_test(test_set_storage_and_predicates),
      cmocka_unit_test(test_element_access),
      cmocka_unit_test(test_desc),
      cmocka_unit_test(test_copy_same_and_cross_type),
      cmocka_unit_test(test_copy_half),
      cmocka_unit_test(test_big_copy_runs_in_parallel_paths),
      cmocka_unit_test(test_big_strided_copies),
      cmocka_unit_test(test_overlapping_strided_copies),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
