// libTHC on the GPU, against the device's own limits (issue 12's speed targets), all float32:
//   THC_addmm/N       r = a * b, N x N x N, through THCudaTensor_addmm; cublas_sgemm/N the same call
//                     made directly on cuBLAS (target: THC at >= 90% of its rate)
//   THC_<op>          pointwise and reductions on 16M floats (64 MB): fill, add (scalar), cadd, cmul,
//                     tanh, sumall, sum over rows / columns of 4096x4096; memcpy_d2d the device-to-
//                     device copy of the same size (target: >= 80% of its bytes/s; bytes count every
//                     element read or written once)
//   THC_copy_h2d / _d2h  THCudaTensor_copyFloat / THFloatTensor_copyCudaFloat from and to pinned host
//                     memory, 64 MB; memcpy_h2d / _d2h plain cudaMemcpy of the same pinned buffers
//                     (target: >= 80%)
// Times are GPU times (CUDA events, manual timing). Without a device the program says so and exits 0.
// Medians: --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <cstdio>

#include "THC.h"
#include "gpu_timer.hpp"

namespace {

constexpr long kSide = 4096;
constexpr long kN = kSide * kSide;  // 16M floats, 64 MB

THCState *state;

THCudaTensor *filled(long rows, long cols, float value) {
  THCudaTensor *t = THCudaTensor_newWithSize2d(state, rows, cols);
  THCudaTensor_fill(state, t, value);
  return t;
}

void BM_THC_addmm(benchmark::State &bstate) {
  long n = bstate.range(0);
  THCudaTensor *a = filled(n, n, 0.5f), *b = filled(n, n, 0.25f), *r = filled(n, n, 0.f);
  timeGpu(state, bstate, [&] { THCudaTensor_addmm(state, r, 0.f, r, 1.f, a, b); });
  bstate.counters["GFLOP/s"] =
      benchmark::Counter(2.0 * n * n * n * bstate.iterations(), benchmark::Counter::kIsRate,
                         benchmark::Counter::kIs1000);
  THCudaTensor_free(state, a);
  THCudaTensor_free(state, b);
  THCudaTensor_free(state, r);
}

void BM_cublas_sgemm(benchmark::State &bstate) {
  long n = bstate.range(0);
  THCudaTensor *a = filled(n, n, 0.5f), *b = filled(n, n, 0.25f), *r = filled(n, n, 0.f);
  cublasHandle_t handle = THCState_getCurrentBlasHandle(state);
  const float one = 1.f, zero = 0.f;
  timeGpu(state, bstate, [&] {
    cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, (int)n, (int)n, (int)n, &one, THCudaTensor_data(state, b),
                (int)n, THCudaTensor_data(state, a), (int)n, &zero, THCudaTensor_data(state, r), (int)n);
  });
  bstate.counters["GFLOP/s"] =
      benchmark::Counter(2.0 * n * n * n * bstate.iterations(), benchmark::Counter::kIsRate,
                         benchmark::Counter::kIs1000);
  THCudaTensor_free(state, a);
  THCudaTensor_free(state, b);
  THCudaTensor_free(state, r);
}

void bytes(benchmark::State &bstate, long perElement) {
  bstate.SetBytesProcessed(bstate.iterations() * kN * perElement);
}

void BM_memcpy_d2d(benchmark::State &bstate) {
  THCudaTensor *a = filled(kSide, kSide, 1.f), *b = filled(kSide, kSide, 2.f);
  timeGpu(state, bstate, [&] {
    cudaMemcpyAsync(THCudaTensor_data(state, a), THCudaTensor_data(state, b), kN * sizeof(float),
                    cudaMemcpyDeviceToDevice, THCState_getCurrentStream(state));
  });
  bytes(bstate, 8);
  THCudaTensor_free(state, a);
  THCudaTensor_free(state, b);
}

// A pointwise or reduction benchmark: `op` on 4096x4096 operands, `perElement` bytes moved an element.
template <typename Op>
void pointwise(benchmark::State &bstate, long perElement, Op op) {
  THCudaTensor *a = filled(kSide, kSide, 0.5f), *b = filled(kSide, kSide, 0.25f), *r = filled(kSide, kSide, 0.f);
  timeGpu(state, bstate, [&] { op(r, a, b); });
  bytes(bstate, perElement);
  THCudaTensor_free(state, a);
  THCudaTensor_free(state, b);
  THCudaTensor_free(state, r);
}

void BM_THC_fill(benchmark::State &s) {
  pointwise(s, 4, [](THCudaTensor *r, THCudaTensor *, THCudaTensor *) { THCudaTensor_fill(state, r, 3.f); });
}
void BM_THC_add(benchmark::State &s) {
  pointwise(s, 8, [](THCudaTensor *r, THCudaTensor *a, THCudaTensor *) { THCudaTensor_add(state, r, a, 1.f); });
}
void BM_THC_cadd(benchmark::State &s) {
  pointwise(s, 12, [](THCudaTensor *r, THCudaTensor *a, THCudaTensor *b) { THCudaTensor_cadd(state, r, a, 2.f, b); });
}
void BM_THC_cmul(benchmark::State &s) {
  pointwise(s, 12, [](THCudaTensor *r, THCudaTensor *a, THCudaTensor *b) { THCudaTensor_cmul(state, r, a, b); });
}
void BM_THC_tanh(benchmark::State &s) {
  pointwise(s, 8, [](THCudaTensor *r, THCudaTensor *a, THCudaTensor *) { THCudaTensor_tanh(state, r, a); });
}
void BM_THC_sumall(benchmark::State &s) {
  pointwise(s, 4, [](THCudaTensor *, THCudaTensor *a, THCudaTensor *) {
    benchmark::DoNotOptimize(THCudaTensor_sumall(state, a));
  });
}
void BM_THC_sum_rows(benchmark::State &s) {  // along the contiguous dimension
  THCudaTensor *out = THCudaTensor_new(state);
  pointwise(s, 4, [&](THCudaTensor *, THCudaTensor *a, THCudaTensor *) { THCudaTensor_sum(state, out, a, 1, 1); });
  THCudaTensor_free(state, out);
}
void BM_THC_sum_columns(benchmark::State &s) {  // along the outer dimension
  THCudaTensor *out = THCudaTensor_new(state);
  pointwise(s, 4, [&](THCudaTensor *, THCudaTensor *a, THCudaTensor *) { THCudaTensor_sum(state, out, a, 0, 1); });
  THCudaTensor_free(state, out);
}

// 64 MB of pinned host memory as a THFloatTensor.
THFloatTensor *pinned() {
  THFloatStorage *s = THFloatStorage_newWithAllocator(kN, THCState_getCudaHostAllocator(state), nullptr);
  THFloatTensor *t = THFloatTensor_newWithStorage2d(s, 0, kSide, kSide, kSide, 1);
  THFloatStorage_free(s);
  THFloatTensor_fill(t, 1.f);
  return t;
}

template <typename Op>
void hostCopy(benchmark::State &bstate, Op op) {
  THFloatTensor *host = pinned();
  THCudaTensor *dev = filled(kSide, kSide, 0.f);
  timeGpu(state, bstate, [&] { op(host, dev); });
  bytes(bstate, 4);
  THFloatTensor_free(host);
  THCudaTensor_free(state, dev);
}

void BM_THC_copy_h2d(benchmark::State &s) {
  hostCopy(s, [](THFloatTensor *h, THCudaTensor *d) { THCudaTensor_copyFloat(state, d, h); });
}
void BM_THC_copy_d2h(benchmark::State &s) {
  hostCopy(s, [](THFloatTensor *h, THCudaTensor *d) { THFloatTensor_copyCudaFloat(state, h, d); });
}
void BM_memcpy_h2d(benchmark::State &s) {
  hostCopy(s, [](THFloatTensor *h, THCudaTensor *d) {
    cudaMemcpyAsync(THCudaTensor_data(state, d), THFloatTensor_data(h), kN * sizeof(float), cudaMemcpyHostToDevice,
                    THCState_getCurrentStream(state));
  });
}
void BM_memcpy_d2h(benchmark::State &s) {
  hostCopy(s, [](THFloatTensor *h, THCudaTensor *d) {
    cudaMemcpyAsync(THFloatTensor_data(h), THCudaTensor_data(state, d), kN * sizeof(float), cudaMemcpyDeviceToHost,
                    THCState_getCurrentStream(state));
  });
}

}  // namespace

BENCHMARK(BM_THC_addmm)->Arg(1024)->Arg(4096)->UseManualTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_cublas_sgemm)->Arg(1024)->Arg(4096)->UseManualTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_memcpy_d2d)->UseManualTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_THC_fill)->UseManualTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_THC_add)->UseManualTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_THC_cadd)->UseManualTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_THC_cmul)->UseManualTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_THC_tanh)->UseManualTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_THC_sumall)->UseManualTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_THC_sum_rows)->UseManualTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_THC_sum_columns)->UseManualTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_THC_copy_h2d)->UseManualTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_THC_copy_d2h)->UseManualTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_memcpy_h2d)->UseManualTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_memcpy_d2h)->UseManualTime()->Unit(benchmark::kMillisecond);

int main(int argc, char **argv) {
  if (noCudaDevice()) return 0;
  state = THCState_alloc();
  THCudaInit(state);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  THCudaShutdown(state);
  THCState_free(state);
  return 0;
}
