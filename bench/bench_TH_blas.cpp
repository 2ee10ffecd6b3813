// THBlas gemm (ember's own kernels on AVX2 and AVX-512 CPUs) against OpenBLAS's cblas_sgemm /
// cblas_dgemm on the same calls, at 1 and 2 threads, on the GEMM shapes the workloads of DESIGN.md
// produce (the name says which) and on 1024^3. Calls are column-major, as THBlas takes them:
// transposes, then m x n x k. The GFLOPS counter is 2*m*n*k per call. Medians:
// --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>
#include <cblas.h>

#include <string>
#include <vector>

#include "TH.h"

namespace {

struct Call {
  const char *name;  // workload, then the call
  char ta, tb;
  long m, n, k;
};

const Call kCalls[] = {
    {"GEMM_square", 'n', 'n', 1024, 1024, 1024},
    // W3 (linear [256,1024] x [1024,1024]): forward output^T = W x input^T; backward grad input and
    // grad weight
    {"W3_linear_forward", 't', 'n', 1024, 256, 1024},
    {"W3_linear_backward_input", 'n', 'n', 1024, 256, 1024},
    {"W3_linear_backward_weight", 'n', 't', 1024, 1024, 256},
    // W1 (conv 3x3, 64 -> 64 planes) on its Winograd path: one of the 16 products per chunk of tiles
    {"W1_winograd_forward", 'n', 'n', 512, 64, 64},
    {"W1_winograd_weight", 't', 'n', 64, 64, 512},
    // W8 (LeNet-5, batch 64): the 400 -> 120 linear layer forward and its gradients
    {"W8_linear400_forward", 't', 'n', 120, 64, 400},
    {"W8_linear400_backward_input", 'n', 'n', 400, 64, 120},
    {"W8_linear400_backward_weight", 'n', 't', 400, 120, 64},
};

template <typename T>
std::vector<T> filled(long n, int seed) {
  std::vector<T> v((size_t)n);
  for (long i = 0; i < n; i++) v[(size_t)i] = (T)(((i * 7 + seed) % 13) - 6) / 8;
  return v;
}

void setFlops(benchmark::State &state, const Call &c) {
  state.counters["GFLOPS"] =
      benchmark::Counter(2.0 * c.m * c.n * c.k * state.iterations() / 1e9, benchmark::Counter::kIsRate);
}

template <typename T, bool kOpenBLAS>
void BM_gemm(benchmark::State &state, Call c, int threads) {
  THSetNumThreads(threads);
  long lda = c.ta == 'n' ? c.m : c.k, ldb = c.tb == 'n' ? c.k : c.n;
  std::vector<T> a = filled<T>(c.m * c.k, 1), b = filled<T>(c.k * c.n, 2), out((size_t)(c.m * c.n));
  CBLAS_TRANSPOSE ta = c.ta == 'n' ? CblasNoTrans : CblasTrans, tb = c.tb == 'n' ? CblasNoTrans : CblasTrans;
  for (auto _ : state) {
    if constexpr (kOpenBLAS) {
      if constexpr (sizeof(T) == 4)
        cblas_sgemm(CblasColMajor, ta, tb, (int)c.m, (int)c.n, (int)c.k, 1, a.data(), (int)lda, b.data(), (int)ldb,
                    0, out.data(), (int)c.m);
      else
        cblas_dgemm(CblasColMajor, ta, tb, (int)c.m, (int)c.n, (int)c.k, 1, a.data(), (int)lda, b.data(), (int)ldb,
                    0, out.data(), (int)c.m);
    } else if constexpr (sizeof(T) == 4) {
      THFloatBlas_gemm(c.ta, c.tb, c.m, c.n, c.k, 1, a.data(), lda, b.data(), ldb, 0, out.data(), c.m);
    } else {
      THDoubleBlas_gemm(c.ta, c.tb, c.m, c.n, c.k, 1, a.data(), lda, b.data(), ldb, 0, out.data(), c.m);
    }
    benchmark::DoNotOptimize(out.data());
  }
  setFlops(state, c);
}

void add(const std::string &name, void (*fn)(benchmark::State &, Call, int), const Call &c, int threads) {
  benchmark::RegisterBenchmark(name.c_str(), fn, c, threads)->Unit(benchmark::kMillisecond)->UseRealTime();
}

}  // namespace

int main(int argc, char **argv) {
  for (const Call &c : kCalls)
    for (int threads : {1, 2}) {
      std::string call = std::string(1, c.ta) + c.tb + "_" + std::to_string(c.m) + "x" + std::to_string(c.n) + "x" +
                         std::to_string(c.k) + "/" + std::to_string(threads);
      add(std::string(c.name) + "_sgemm_" + call, BM_gemm<float, false>, c, threads);
      add(std::string(c.name) + "_sgemm_openblas_" + call, BM_gemm<float, true>, c, threads);
      if (c.name == std::string("GEMM_square")) {
        add(std::string(c.name) + "_dgemm_" + call, BM_gemm<double, false>, c, threads);
        add(std::string(c.name) + "_dgemm_openblas_" + call, BM_gemm<double, true>, c, threads);
      }
    }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
