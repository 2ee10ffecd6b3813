// libTH element-wise operations (float32) on 16M elements: fill, add (scalar), cadd, cmul, copy,
// sumall and tanh/sigmoid/exp on contiguous tensors, and the same on transposed 4096x4096 views
// (a contiguous result from transposed operands, or an in-place op on a transposed tensor).
// The argument is the thread count (THSetNumThreads). bytes/s counts every element read or
// written once (add: 8 bytes an element, cadd/cmul: 12), to compare with the copy bandwidth
// (TH_float_memcpy_reference: memcpy split over the threads, 8 bytes an element).
// Medians: --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>
#include <omp.h>

#include <cstring>

#include "TH.h"

namespace {

constexpr long kSide = 4096;
constexpr long kN = kSide * kSide;  // 16M

THFloatTensor *filled(long rows, long cols) {
  THFloatTensor *t = THFloatTensor_newWithSize2d(rows, cols);
  float *d = THFloatTensor_data(t);
  for (long i = 0; i < rows * cols; i++) d[i] = (float)((i * 7 % 13) - 6) / 8.0f;
  return t;
}

// A 4096x4096 operand: contiguous, or the transpose of a contiguous matrix (column-major).
THFloatTensor *operand(bool transposed) {
  THFloatTensor *m = filled(kSide, kSide);
  if (!transposed) return m;
  THFloatTensor *t = THFloatTensor_newTranspose(m, 0, 1);
  THFloatTensor_free(m);
  return t;
}

void setThreads(benchmark::State &state) { THSetNumThreads((int)state.range(0)); }

void finish(benchmark::State &state, long bytesPerElement) {
  state.SetBytesProcessed(state.iterations() * kN * bytesPerElement);
}

void BM_memcpy_reference(benchmark::State &state) {
  setThreads(state);
  THFloatTensor *a = filled(kSide, kSide), *b = filled(kSide, kSide);
  float *dst = THFloatTensor_data(a), *src = THFloatTensor_data(b);
  for (auto _ : state) {
#pragma omp parallel
    {
      long parts = omp_get_num_threads(), part = omp_get_thread_num();
      long chunk = (kN + parts - 1) / parts, begin = part * chunk;
      long end = begin + chunk < kN ? begin + chunk : kN;
      if (begin < end) std::memcpy(dst + begin, src + begin, sizeof(float) * (size_t)(end - begin));
    }
    benchmark::ClobberMemory();
  }
  finish(state, 8);
  THFloatTensor_free(a);
  THFloatTensor_free(b);
}

void BM_fill(benchmark::State &state, bool transposed) {
  setThreads(state);
  THFloatTensor *r = operand(transposed);
  for (auto _ : state) {
    THFloatTensor_fill(r, 0.5f);
    benchmark::ClobberMemory();
  }
  finish(state, 4);
  THFloatTensor_free(r);
}

void BM_add(benchmark::State &state, bool transposed) {
  setThreads(state);
  THFloatTensor *t = operand(transposed), *r = THFloatTensor_new();
  for (auto _ : state) {
    THFloatTensor_add(r, t, 0.5f);
    benchmark::ClobberMemory();
  }
  finish(state, 8);
  THFloatTensor_free(t);
  THFloatTensor_free(r);
}

// In place on a transposed tensor: every operand has the same strides.
void BM_add_inplace(benchmark::State &state, bool transposed) {
  setThreads(state);
  THFloatTensor *t = operand(transposed);
  for (auto _ : state) {
    THFloatTensor_add(t, t, 0.0f);
    benchmark::ClobberMemory();
  }
  finish(state, 8);
  THFloatTensor_free(t);
}

void BM_cadd(benchmark::State &state, bool transposed) {
  setThreads(state);
  THFloatTensor *a = operand(transposed), *b = operand(transposed), *r = THFloatTensor_new();
  for (auto _ : state) {
    THFloatTensor_cadd(r, a, 0.5f, b);
    benchmark::ClobberMemory();
  }
  finish(state, 12);
  THFloatTensor_free(a);
  THFloatTensor_free(b);
  THFloatTensor_free(r);
}

void BM_cmul(benchmark::State &state, bool transposed) {
  setThreads(state);
  THFloatTensor *a = operand(transposed), *b = operand(transposed), *r = THFloatTensor_new();
  for (auto _ : state) {
    THFloatTensor_cmul(r, a, b);
    benchmark::ClobberMemory();
  }
  finish(state, 12);
  THFloatTensor_free(a);
  THFloatTensor_free(b);
  THFloatTensor_free(r);
}

void BM_copy(benchmark::State &state, bool transposed) {
  setThreads(state);
  THFloatTensor *src = operand(transposed), *r = filled(kSide, kSide);
  for (auto _ : state) {
    THFloatTensor_copy(r, src);
    benchmark::ClobberMemory();
  }
  finish(state, 8);
  THFloatTensor_free(src);
  THFloatTensor_free(r);
}

void BM_sumall(benchmark::State &state, bool transposed) {
  setThreads(state);
  THFloatTensor *t = operand(transposed);
  for (auto _ : state) benchmark::DoNotOptimize(THFloatTensor_sumall(t));
  finish(state, 4);
  THFloatTensor_free(t);
}

void BM_unary(benchmark::State &state, void (*op)(THFloatTensor *, THFloatTensor *)) {
  setThreads(state);
  THFloatTensor *t = operand(false), *r = THFloatTensor_new();
  for (auto _ : state) {
    op(r, t);
    benchmark::ClobberMemory();
  }
  finish(state, 8);
  THFloatTensor_free(t);
  THFloatTensor_free(r);
}

}  // namespace

#define TH_POINTWISE_BENCH(NAME, ...)                                                      \
  BENCHMARK_CAPTURE(__VA_ARGS__)                                                           \
      ->Name(NAME)->ArgName("threads")->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond)

BENCHMARK(BM_memcpy_reference)
    ->Name("TH_float_memcpy_reference/16M")->ArgName("threads")->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);
TH_POINTWISE_BENCH("TH_float_fill_contiguous/16M", BM_fill, contiguous, false);
TH_POINTWISE_BENCH("TH_float_fill_transposed/4096x4096", BM_fill, transposed, true);
TH_POINTWISE_BENCH("TH_float_add_contiguous/16M", BM_add, contiguous, false);
TH_POINTWISE_BENCH("TH_float_add_transposed/4096x4096", BM_add, transposed, true);
TH_POINTWISE_BENCH("TH_float_add_inplace_contiguous/16M", BM_add_inplace, contiguous, false);
TH_POINTWISE_BENCH("TH_float_add_inplace_transposed/4096x4096", BM_add_inplace, transposed, true);
TH_POINTWISE_BENCH("TH_float_cadd_contiguous/16M", BM_cadd, contiguous, false);
TH_POINTWISE_BENCH("TH_float_cadd_transposed/4096x4096", BM_cadd, transposed, true);
TH_POINTWISE_BENCH("TH_float_cmul_contiguous/16M", BM_cmul, contiguous, false);
TH_POINTWISE_BENCH("TH_float_cmul_transposed/4096x4096", BM_cmul, transposed, true);
TH_POINTWISE_BENCH("TH_float_copy_contiguous/16M", BM_copy, contiguous, false);
TH_POINTWISE_BENCH("TH_float_copy_transposed/4096x4096", BM_copy, transposed, true);
TH_POINTWISE_BENCH("TH_float_sumall_contiguous/16M", BM_sumall, contiguous, false);
TH_POINTWISE_BENCH("TH_float_sumall_transposed/4096x4096", BM_sumall, transposed, true);
TH_POINTWISE_BENCH("TH_float_tanh_contiguous/16M", BM_unary, tanh, THFloatTensor_tanh);
TH_POINTWISE_BENCH("TH_float_sigmoid_contiguous/16M", BM_unary, sigmoid, THFloatTensor_sigmoid);
TH_POINTWISE_BENCH("TH_float_exp_contiguous/16M", BM_unary, exp, THFloatTensor_exp);

BENCHMARK_MAIN();
