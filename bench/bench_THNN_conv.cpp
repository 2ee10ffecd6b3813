// THNN SpatialConvolutionMM on the DESIGN.md workloads, at 1 and 2 threads (the suffix, as
// bench/compare.py reads it):
//   W1 conv 3x3: input [16,64,32,32], weight [64,64,3,3], stride 1, pad 1
//   W2 conv 7x7 s2: input [8,3,224,224], weight [64,3,7,7], stride 2, pad 3
//   W8's two convolutions (LeNet-5, batch 64): conv1 [64,1,28,28] x [6,1,5,5] pad 2, conv2
//   [64,6,14,14] x [16,6,5,5]
// forward = updateOutput; backward = updateGradInput + accGradParameters (weight and bias), after
// one forward (which fills finput where im2col runs; W1 and W2 take paths that need none). GFLOPS counts 2*N*O*C*kH*kW*oH*oW per forward, twice that per
// backward; backward_input and backward_weight time the two halves of backward alone. Medians: --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <string>

#include "THNN.h"

namespace {

struct Workload {
  const char *name;
  long n, c, h, w, o, k, stride, pad;
  long outH() const { return (h + 2 * pad - k) / stride + 1; }
  long outW() const { return (w + 2 * pad - k) / stride + 1; }
  double flops() const { return 2.0 * n * o * c * k * k * outH() * outW(); }
};

const Workload kWorkloads[] = {
    {"W1_conv3x3", 16, 64, 32, 32, 64, 3, 1, 1},
    {"W2_conv7x7s2", 8, 3, 224, 224, 64, 7, 2, 3},
    {"W8_conv1", 64, 1, 28, 28, 6, 5, 1, 2},
    {"W8_conv2", 64, 6, 14, 14, 16, 5, 1, 0},
};

THFloatTensor *filled(long s0, long s1, long s2, long s3) {
  THFloatTensor *t = THFloatTensor_newWithSize4d(s0, s1, s2, s3);
  float *d = THFloatTensor_data(t);
  for (ptrdiff_t i = 0; i < THFloatTensor_nElement(t); i++) d[i] = (float)((i * 7 % 13) - 6) / 8.0f;
  return t;
}

struct Conv {
  const Workload &w;
  THFloatTensor *input, *weight, *bias, *output, *finput, *fgradInput, *gradOutput, *gradInput, *gradWeight,
      *gradBias;

  explicit Conv(const Workload &wl)
      : w(wl),
        input(filled(wl.n, wl.c, wl.h, wl.w)),
        weight(filled(wl.o, wl.c, wl.k, wl.k)),
        bias(filled(wl.o, -1, -1, -1)),
        output(THFloatTensor_new()),
        finput(THFloatTensor_new()),
        fgradInput(THFloatTensor_new()),
        gradOutput(filled(wl.n, wl.o, wl.outH(), wl.outW())),
        gradInput(THFloatTensor_new()),
        gradWeight(filled(wl.o, wl.c, wl.k, wl.k)),
        gradBias(filled(wl.o, -1, -1, -1)) {}

  ~Conv() {
    for (THFloatTensor *t : {input, weight, bias, output, finput, fgradInput, gradOutput, gradInput, gradWeight,
                             gradBias})
      THFloatTensor_free(t);
  }

  void forward() {
    int k = (int)w.k, s = (int)w.stride, p = (int)w.pad;
    THNN_FloatSpatialConvolutionMM_updateOutput(nullptr, input, output, weight, bias, finput, fgradInput, k, k, s,
                                                s, p, p);
  }

  void backward_input() {
    int k = (int)w.k, s = (int)w.stride, p = (int)w.pad;
    THNN_FloatSpatialConvolutionMM_updateGradInput(nullptr, input, gradOutput, gradInput, weight, finput,
                                                   fgradInput, k, k, s, s, p, p);
  }

  void backward_weight() {
    int k = (int)w.k, s = (int)w.stride, p = (int)w.pad;
    THNN_FloatSpatialConvolutionMM_accGradParameters(nullptr, input, gradOutput, gradWeight, gradBias, finput,
                                                     fgradInput, k, k, s, s, p, p, 1.0);
  }

  void backward() {
    backward_input();
    backward_weight();
  }
};

void BM_forward(benchmark::State &state, const Workload *w, int threads) {
  THSetNumThreads(threads);
  Conv conv(*w);
  conv.forward();  // sizes the buffers
  for (auto _ : state) {
    conv.forward();
    benchmark::DoNotOptimize(THFloatTensor_data(conv.output));
  }
  state.counters["GFLOPS"] =
      benchmark::Counter(w->flops() * state.iterations() / 1e9, benchmark::Counter::kIsRate);
}

// pass: &Conv::backward, or one of its halves (`share` of backward's FLOPs: 1 or 0.5)
void BM_backward(benchmark::State &state, const Workload *w, int threads, void (Conv::*pass)(), double share) {
  THSetNumThreads(threads);
  Conv conv(*w);
  conv.forward();
  conv.backward();
  for (auto _ : state) {
    (conv.*pass)();
    benchmark::DoNotOptimize(THFloatTensor_data(conv.gradWeight));
    benchmark::DoNotOptimize(THFloatTensor_data(conv.gradInput));
  }
  state.counters["GFLOPS"] =
      benchmark::Counter(2 * share * w->flops() * state.iterations() / 1e9, benchmark::Counter::kIsRate);
}

}  // namespace

int main(int argc, char **argv) {
  for (const Workload &w : kWorkloads)
    for (int threads : {1, 2}) {
      std::string t = "/" + std::to_string(threads);
      benchmark::RegisterBenchmark((std::string(w.name) + "_forward" + t).c_str(), BM_forward, &w, threads)
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime();
      benchmark::RegisterBenchmark((std::string(w.name) + "_backward" + t).c_str(), BM_backward, &w, threads,
                                   &Conv::backward, 1.0)
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime();
      benchmark::RegisterBenchmark((std::string(w.name) + "_backward_input" + t).c_str(), BM_backward, &w, threads,
                                   &Conv::backward_input, 0.5)
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime();
      benchmark::RegisterBenchmark((std::string(w.name) + "_backward_weight" + t).c_str(), BM_backward, &w, threads,
                                   &Conv::backward_weight, 0.5)
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime();
    }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
