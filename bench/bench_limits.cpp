// The machine's own limits, which bench/compare.py sets ember's rates against:
//   limits_fma_<isa>/<threads>: float32 FMA peak of one vector ISA, from a loop that touches no memory.
//      Every ISA the CPU has (__builtin_cpu_supports) runs: sse2 (no FMA: a mul then an add),
//      avx2 (AVX2 + FMA3), avx512 (AVX-512F). The context key "widest_isa" names the widest.
//   limits_copy/<threads>: memcpy of 256 MiB into another 256 MiB buffer, far beyond any last-level
//      cache. GB/s counts bytes read + bytes written (2 x 256 MiB a copy), the convention of the
//      memory-bound workloads' counters; the write-allocate reads a cache may add are not counted.
// At 2 threads each thread runs its own loop (or copies its own half) and the rate is their sum over
// the wall time of the slower one. Each ISA's kernel is compiled for that ISA alone with
// __attribute__((target)), so the file needs no global -m flag and runs on any x86-64.
#include <benchmark/benchmark.h>
#include <immintrin.h>
#include <omp.h>

#include <cstring>
#include <string>
#include <vector>

namespace {

// 12 independent accumulators: more than FMA latency (4-5 cycles) x FMA pipes (2) on current x86
// cores, so the loop is bound by throughput, not by any one dependency chain; 12 + 2 constants fit
// even SSE2's 16 registers. acc = acc * one + zero keeps the values finite and normal forever.
constexpr int kChains = 12;
constexpr long kSteps = 1L << 22;  // per thread and call: ~10^9 flops, milliseconds on any core

__attribute__((target("sse2"), noinline)) float loop_sse2(float one, float zero) {
  __m128 m = _mm_set1_ps(one), a = _mm_set1_ps(zero), acc[kChains];
  for (int c = 0; c < kChains; c++) acc[c] = _mm_set1_ps((float)c);
  for (long s = 0; s < kSteps; s++) {
#pragma GCC unroll 12
    for (int c = 0; c < kChains; c++) acc[c] = _mm_add_ps(_mm_mul_ps(acc[c], m), a);
  }
  __m128 sum = acc[0];
  for (int c = 1; c < kChains; c++) sum = _mm_add_ps(sum, acc[c]);
  return _mm_cvtss_f32(sum);
}

__attribute__((target("avx2,fma"), noinline)) float loop_avx2(float one, float zero) {
  __m256 m = _mm256_set1_ps(one), a = _mm256_set1_ps(zero), acc[kChains];
  for (int c = 0; c < kChains; c++) acc[c] = _mm256_set1_ps((float)c);
  for (long s = 0; s < kSteps; s++) {
#pragma GCC unroll 12
    for (int c = 0; c < kChains; c++) acc[c] = _mm256_fmadd_ps(acc[c], m, a);
  }
  __m256 sum = acc[0];
  for (int c = 1; c < kChains; c++) sum = _mm256_add_ps(sum, acc[c]);
  return _mm256_cvtss_f32(sum);
}

__attribute__((target("avx512f"), noinline)) float loop_avx512(float one, float zero) {
  __m512 m = _mm512_set1_ps(one), a = _mm512_set1_ps(zero), acc[kChains];
  for (int c = 0; c < kChains; c++) acc[c] = _mm512_set1_ps((float)c);
  for (long s = 0; s < kSteps; s++) {
#pragma GCC unroll 12
    for (int c = 0; c < kChains; c++) acc[c] = _mm512_fmadd_ps(acc[c], m, a);
  }
  __m512 sum = acc[0];
  for (int c = 1; c < kChains; c++) sum = _mm512_add_ps(sum, acc[c]);
  return _mm512_reduce_add_ps(sum);
}

struct Isa {
  const char *name;
  bool (*supported)();
  float (*loop)(float, float);
  int lanes;  // float32 lanes of one register
};

// Narrowest first: the last one the CPU supports is its widest.
const Isa kIsas[] = {
    {"sse2", [] { return (bool)__builtin_cpu_supports("sse2"); }, loop_sse2, 4},
    {"avx2", [] { return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"); }, loop_avx2, 8},
    {"avx512", [] { return (bool)__builtin_cpu_supports("avx512f"); }, loop_avx512, 16},
};

void BM_fma(benchmark::State &state, const Isa *isa, int threads) {
  // Read at run time, so the compiler cannot fold acc * 1 + 0 away.
  volatile float one = 1.0f, zero = 0.0f;
  float m = one, a = zero;
  for (auto _ : state) {
#pragma omp parallel num_threads(threads)
    benchmark::DoNotOptimize(isa->loop(m, a));
  }
  double flopsPerCall = 2.0 * kChains * isa->lanes * kSteps * threads;  // a mul and an add per lane
  state.counters["GFLOPS"] = benchmark::Counter(flopsPerCall * state.iterations() / 1e9, benchmark::Counter::kIsRate);
}

constexpr size_t kCopyBytes = 256UL << 20;

void BM_copy(benchmark::State &state, int threads) {
  std::vector<char> from(kCopyBytes, 1), to(kCopyBytes, 0);  // filled: every page is mapped before timing
  for (auto _ : state) {
#pragma omp parallel num_threads(threads)
    {
      size_t part = kCopyBytes / threads, begin = part * omp_get_thread_num();
      std::memcpy(to.data() + begin, from.data() + begin, part);
    }
    benchmark::DoNotOptimize(to.data());
  }
  state.counters["GB/s"] = benchmark::Counter(2.0 * kCopyBytes * state.iterations() / 1e9, benchmark::Counter::kIsRate);
}

}  // namespace

int main(int argc, char **argv) {
  __builtin_cpu_init();
  const char *widest = "none";
  for (const Isa &isa : kIsas) {
    if (!isa.supported()) continue;
    widest = isa.name;
    for (int threads : {1, 2})
      benchmark::RegisterBenchmark(("limits_fma_" + std::string(isa.name) + "/" + std::to_string(threads)).c_str(),
                                   BM_fma, &isa, threads)
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime();
  }
  benchmark::AddCustomContext("widest_isa", widest);
  for (int threads : {1, 2})
    benchmark::RegisterBenchmark(("limits_copy/" + std::to_string(threads)).c_str(), BM_copy, threads)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
