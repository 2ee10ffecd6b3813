// THFloatTensor_addmm against OpenBLAS's own cblas_sgemm on the same shapes and layouts, at 1 and
// 2 threads: addmm is a thin wrapper over gemm, so the two rates should match. The GFLOPS counter
// is 2*M*N*K per call. Medians: --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>
#include <cblas.h>

#include <string>

#include "TH.h"

namespace {

struct Shape {
  const char *name;
  long m, n, k;
  bool transposedB;  // m2 is the transpose of a contiguous n x k tensor (nn.Linear's weight)
};

const Shape kShapes[] = {
    {"1024x1024x1024", 1024, 1024, 1024, false},
    {"256x1024x1024", 256, 1024, 1024, false},
    {"W3fwd_256x1024x1024_Bt", 256, 1024, 1024, true},
};

THFloatTensor *filled(long rows, long cols) {
  THFloatTensor *t = THFloatTensor_newWithSize2d(rows, cols);
  float *d = THFloatTensor_data(t);
  for (long i = 0; i < rows * cols; i++) d[i] = (float)((i * 7 % 13) - 6) / 8.0f;
  return t;
}

void setFlops(benchmark::State &state, const Shape &s) {
  state.counters["GFLOPS"] = benchmark::Counter(2.0 * s.m * s.n * s.k * state.iterations() / 1e9,
                                                benchmark::Counter::kIsRate);
}

void BM_addmm(benchmark::State &state, Shape s, int threads) {
  THSetNumThreads(threads);
  THFloatTensor *m1 = filled(s.m, s.k), *r = THFloatTensor_newWithSize2d(s.m, s.n);
  THFloatTensor *stored = s.transposedB ? filled(s.n, s.k) : filled(s.k, s.n);
  THFloatTensor *m2 = s.transposedB ? THFloatTensor_newTranspose(stored, 0, 1) : THFloatTensor_newWithTensor(stored);
  for (auto _ : state) {
    THFloatTensor_addmm(r, 0, r, 1, m1, m2);
    benchmark::DoNotOptimize(THFloatTensor_data(r));
  }
  setFlops(state, s);
  THFloatTensor_free(m1);
  THFloatTensor_free(m2);
  THFloatTensor_free(stored);
  THFloatTensor_free(r);
}

void BM_cblas_sgemm(benchmark::State &state, Shape s, int threads) {
  THSetNumThreads(threads);
  THFloatTensor *a = filled(s.m, s.k), *c = THFloatTensor_newWithSize2d(s.m, s.n);
  THFloatTensor *b = s.transposedB ? filled(s.n, s.k) : filled(s.k, s.n);
  for (auto _ : state) {
    cblas_sgemm(CblasRowMajor, CblasNoTrans, s.transposedB ? CblasTrans : CblasNoTrans, (int)s.m, (int)s.n,
                (int)s.k, 1.0f, THFloatTensor_data(a), (int)s.k, THFloatTensor_data(b),
                s.transposedB ? (int)s.k : (int)s.n, 0.0f, THFloatTensor_data(c), (int)s.n);
    benchmark::DoNotOptimize(THFloatTensor_data(c));
  }
  setFlops(state, s);
  THFloatTensor_free(a);
  THFloatTensor_free(b);
  THFloatTensor_free(c);
}

}  // namespace

int main(int argc, char **argv) {
  for (const Shape &s : kShapes)
    for (int threads : {1, 2}) {
      std::string suffix = std::string(s.name) + "/threads:" + std::to_string(threads);
      benchmark::RegisterBenchmark(("GEMM_THFloatTensor_addmm/" + suffix).c_str(), BM_addmm, s, threads)
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime();
      benchmark::RegisterBenchmark(("GEMM_cblas_sgemm/" + suffix).c_str(), BM_cblas_sgemm, s, threads)
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime();
    }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
