/* The caching allocator: steady-state loops reuse cached blocks (no cudaMalloc), emptyCache and
 * THCudaShutdown give the memory back; counted with THCState_getAllocatorStats. */
#include "thc_test.h"

/* One step: tensors of a few sizes made, filled from the host, copied, freed. */
static void step(THFloatTensor *host) {
  THCudaTensor *a = THCudaTensor_new(thc_state);
  THCudaTensor *b = THCudaTensor_new(thc_state);
  THCudaTensor *c = THCudaTensor_new(thc_state);
  THCudaTensor_resize1d(thc_state, a, 1000);        /* a small block */
  THCudaTensor_resize2d(thc_state, b, 300, 1000);   /* a large one */
  THCudaTensor_resize3d(thc_state, c, 10, 10, 10);
  THCudaTensor_copyFloat(thc_state, a, host);
  THCudaTensor_copy(thc_state, c, a);
  THC_FREE_CUDA(c, b, a);
}

static void test_steady_state_does_not_cudaMalloc(void **unused) {
  THFloatTensor *host = THFloatTensor_newWithSize1d(1000);
  for (int i = 0; i < 1000; i++) THFloatTensor_data(host)[i] = (float)i;
  step(host); /* warms the cache */
  THCAllocatorStats before, after;
  THCState_getAllocatorStats(thc_state, &before);
  for (int i = 0; i < 100; i++) step(host);
  THCState_getAllocatorStats(thc_state, &after);
  assert_int_equal(after.cudaMallocCalls, before.cudaMallocCalls);
  assert_int_equal(after.cudaFreeCalls, before.cudaFreeCalls);
  assert_true(after.allocations >= before.allocations + 300);
  assert_true(after.cacheHits >= before.cacheHits + 300);
  assert_int_equal(after.bytesInUse, before.bytesInUse);
  THFloatTensor_free(host);
}

/* One step of gradient descent for y = tanh(x W) on a mean squared error, written with THC's math as a
 * training loop would: every intermediate is a fresh tensor, freed at the end of the step. */
static float train_step(THCudaTensor *x, THCudaTensor *target, THCudaTensor *weight) {
  THCState *s = thc_state;
  THCudaTensor *out = THCudaTensor_new(s), *diff = THCudaTensor_new(s), *grad = THCudaTensor_new(s);
  THCudaTensor *slope = THCudaTensor_new(s), *gradWeight = THCudaTensor_new(s);
  THCudaTensor *xt = THCudaTensor_newTranspose(s, x, 0, 1);
  THCudaTensor_resize2d(s, out, x->size[0], weight->size[1]);
  THCudaTensor_addmm(s, out, 0, out, 1, x, weight);
  THCudaTensor_tanh(s, out, out);
  THCudaTensor_csub(s, diff, out, 1, target);
  THCudaTensor_cmul(s, grad, diff, diff);
  float loss = THCudaTensor_sumall(s, grad) / (float)THCudaTensor_nElement(s, grad);
  THCudaTensor_cmul(s, slope, out, out); /* d tanh = 1 - out^2 */
  THCudaTensor_mul(s, slope, slope, -1);
  THCudaTensor_add(s, slope, slope, 1);
  THCudaTensor_cmul(s, grad, diff, slope);
  THCudaTensor_resizeAs(s, gradWeight, weight);
  THCudaTensor_addmm(s, gradWeight, 0, gradWeight, 2.0f / (float)THCudaTensor_nElement(s, out), xt, grad);
  THCudaTensor_cadd(s, weight, weight, -0.5f, gradWeight);
  THCudaTensor_free(s, xt);
  THCudaTensor_free(s, gradWeight);
  THCudaTensor_free(s, slope);
  THCudaTensor_free(s, grad);
  THCudaTensor_free(s, diff);
  THCudaTensor_free(s, out);
  return loss;
}

/* The check: over 100 steps of a training loop, no cudaMalloc after the first step; and the
 * loop does learn (the loss falls), so the steps did the work. */
static void test_training_loop_reuses_memory(void **unused) {
  THCudaTensor *x = THCudaTensor_newWithSize2d(thc_state, 64, 32);
  THCudaTensor *target = THCudaTensor_newWithSize2d(thc_state, 64, 16);
  THCudaTensor *weight = THCudaTensor_newWithSize2d(thc_state, 32, 16);
  THCRandom_manualSeed(thc_state, 7);
  THCudaTensor_uniform(thc_state, x, -1, 1);
  THCudaTensor_uniform(thc_state, target, -0.5, 0.5);
  THCudaTensor_uniform(thc_state, weight, -0.1, 0.1);
  float first = train_step(x, target, weight);
  THCAllocatorStats before, after;
  THCState_getAllocatorStats(thc_state, &before);
  float last = first;
  for (int i = 0; i < 100; i++) last = train_step(x, target, weight);
  THCState_getAllocatorStats(thc_state, &after);
  assert_int_equal(after.cudaMallocCalls, before.cudaMallocCalls);
  assert_true(after.allocations > before.allocations);
  assert_true(last < 0.9f * first);
  THC_FREE_CUDA(weight, target, x);
}

static void test_empty_cache_gives_memory_back(void **unused) {
  THCState_emptyCache(thc_state); /* no cached block can serve the request below */
  THCudaTensor *t = THCudaTensor_newWithSize1d(thc_state, 1 << 20); /* 4 MiB */
  THCAllocatorStats held, freed, emptied;
  THCState_getAllocatorStats(thc_state, &held);
  assert_true(held.bytesInUse >= (size_t)4 << 20);
  THCudaTensor_free(thc_state, t);
  THCState_getAllocatorStats(thc_state, &freed);
  assert_int_equal(freed.bytesInUse, held.bytesInUse - ((size_t)4 << 20));
  assert_true(freed.bytesCached >= (size_t)4 << 20);
  assert_int_equal(freed.cudaFreeCalls, held.cudaFreeCalls);
  THCState_emptyCache(thc_state);
  THCState_getAllocatorStats(thc_state, &emptied);
  assert_int_equal(emptied.bytesCached, 0);
  assert_true(emptied.cudaFreeCalls > freed.cudaFreeCalls);
  assert_int_equal(emptied.bytesInUse, freed.bytesInUse);
}

static void test_blocks_are_per_stream(void **unused) {
  THCState_reserveStreams(thc_state, 1, 0);
  THCudaTensor *t = THCudaTensor_newWithSize1d(thc_state, 4096);
  THCudaTensor_free(thc_state, t);
  THCAllocatorStats before, after;
  THCState_getAllocatorStats(thc_state, &before);
  THCState_setCurrentStreamIndex(thc_state, 1);
  t = THCudaTensor_newWithSize1d(thc_state, 4096); /* the block cached on stream 0 is not reused */
  THCState_getAllocatorStats(thc_state, &after);
  assert_int_equal(after.cudaMallocCalls, before.cudaMallocCalls + 1);
  THCudaTensor_free(thc_state, t);
  THCState_setCurrentStreamIndex(thc_state, 0);
}

static void test_shutdown_gives_everything_back(void **unused) {
  THCState *s = THCState_alloc();
  THCudaInit(s);
  THCAllocatorStats base;
  THCState_getAllocatorStats(s, &base); /* the random generators may hold device memory */
  THCudaTensor *kept = THCudaTensor_newWithSize1d(s, 1000);   /* still in use at shutdown */
  THCudaTensor *cached = THCudaTensor_newWithSize1d(s, 5000); /* freed: cached */
  THCudaTensor_free(s, cached);
  THCAllocatorStats live, after;
  THCState_getAllocatorStats(s, &live);
  assert_int_equal(live.cudaMallocCalls, base.cudaMallocCalls + 2);
  assert_true(live.bytesInUse > 0 && live.bytesCached > 0);
  /* The header is freed after the state's memory is gone: only its storage pointer remains. */
  THCudaStorage *storage = kept->storage;
  kept->storage = NULL;
  THCudaTensor_free(s, kept);
  THCudaShutdown(s);
  THCState_getAllocatorStats(s, &after);
  assert_int_equal(after.cudaFreeCalls, live.cudaMallocCalls);
  assert_int_equal(after.bytesInUse, 0);
  assert_int_equal(after.bytesCached, 0);
  THFree(storage); /* its memory went with the allocator */
  THCState_free(s);
}

int main(void) {
  thc_test_init();
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_steady_state_does_not_cudaMalloc),
      cmocka_unit_test(test_training_loop_reuses_memory),
      cmocka_unit_test(test_empty_cache_gives_memory_back),
      cmocka_unit_test(test_blocks_are_per_stream),
      cmocka_unit_test(test_shutdown_gives_everything_back),
  };
  int failed = cmocka_run_group_tests(tests, NULL, NULL);
  thc_test_shutdown();
  return failed;
}
