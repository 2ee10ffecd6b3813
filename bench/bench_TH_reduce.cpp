// libTH reductions and sorting (float32): sumall on 16M contiguous floats and on a transposed
// 4096x4096 view, sum along dimension 0 and 1 of a 4096x4096 matrix, sort of 1M floats, and a
// memcpy of 16M floats as the copy-bandwidth reference. The argument is the thread count
// (THSetNumThreads); bytes/s counts the input read once.
#include <benchmark/benchmark.h>

#include <cstring>
#include <random>
#include <vector>

#include "TH.h"

namespace {

constexpr long kSide = 4096;
constexpr long kBig = kSide * kSide;  // 16M
constexpr long kSortN = 1 << 20;

THFloatTensor *randomFloats(long n) {
  THFloatTensor *t = THFloatTensor_newWithSize1d(n);
  std::mt19937 gen(42);
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  float *p = THFloatTensor_data(t);
  for (long i = 0; i < n; i++) p[i] = dist(gen);
  return t;
}

THFloatTensor *randomMatrix() {
  THFloatTensor *flat = randomFloats(kBig);
  THFloatTensor *m = THFloatTensor_newWithStorage2d(flat->storage, 0, kSide, kSide, kSide, 1);
  THFloatTensor_free(flat);
  return m;
}

void setThreads(benchmark::State &state) { THSetNumThreads(static_cast<int>(state.range(0))); }

void finish(benchmark::State &state, long elements) {
  state.SetBytesProcessed(state.iterations() * elements * static_cast<int64_t>(sizeof(float)));
}

void BM_copy_reference_16M(benchmark::State &state) {
  setThreads(state);
  std::vector<float> src(kBig, 1.0f), dst(kBig);
  for (auto _ : state) {
    std::memcpy(dst.data(), src.data(), kBig * sizeof(float));
    benchmark::ClobberMemory();
  }
  finish(state, kBig);
}

void BM_sumall_contiguous_16M(benchmark::State &state) {
  setThreads(state);
  THFloatTensor *t = randomFloats(kBig);
  for (auto _ : state) benchmark::DoNotOptimize(THFloatTensor_sumall(t));
  finish(state, kBig);
  THFloatTensor_free(t);
}

void BM_sumall_transposed_4096x4096(benchmark::State &state) {
  setThreads(state);
  THFloatTensor *m = randomMatrix();
  THFloatTensor *mt = THFloatTensor_newTranspose(m, 0, 1);
  for (auto _ : state) benchmark::DoNotOptimize(THFloatTensor_sumall(mt));
  finish(state, kBig);
  THFloatTensor_free(mt);
  THFloatTensor_free(m);
}

void sumAlong(benchmark::State &state, int dimension) {
  setThreads(state);
  THFloatTensor *m = randomMatrix();
  THFloatTensor *r = THFloatTensor_new();
  for (auto _ : state) {
    THFloatTensor_sum(r, m, dimension, 0);
    benchmark::ClobberMemory();
  }
  finish(state, kBig);
  THFloatTensor_free(r);
  THFloatTensor_free(m);
}

void BM_sum_dim0_4096x4096(benchmark::State &state) { sumAlong(state, 0); }
void BM_sum_dim1_4096x4096(benchmark::State &state) { sumAlong(state, 1); }

void BM_sort_1M(benchmark::State &state) {
  setThreads(state);
  THFloatTensor *t = randomFloats(kSortN);
  THFloatTensor *rt = THFloatTensor_new();
  THLongTensor *ri = THLongTensor_new();
  for (auto _ : state) {
    THFloatTensor_sort(rt, ri, t, 0, 0);
    benchmark::ClobberMemory();
  }
  finish(state, kSortN);
  THLongTensor_free(ri);
  THFloatTensor_free(rt);
  THFloatTensor_free(t);
}

}  // namespace

BENCHMARK(BM_copy_reference_16M)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_sumall_contiguous_16M)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_sumall_transposed_4096x4096)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_sum_dim0_4096x4096)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_sum_dim1_4096x4096)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_sort_1M)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
