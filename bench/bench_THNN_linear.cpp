// THNN Linear and BatchNormalization on the DESIGN.md workloads; the argument is the thread count
// (THSetNumThreads), as bench/compare.py reads it:
//   W3 linear: input [256,1024], weight [1024,1024] + bias; forward = updateOutput, backward =
//      updateGradInput + accGradParameters (weight and bias). GFLOPS counts 2*N*in*out per GEMM.
//   W7 BatchNormalization, training mode, [16,64,32,32]; forward = updateOutput (statistics, running
//      averages, output), backward = gradInput, gradWeight and gradBias. GB/s counts the tensors
//      read and written once (2 x 4 MiB forward, 3 x 4 MiB backward).
// Medians: --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <initializer_list>

#include "THNN.h"

namespace {

THFloatTensor *filled(long s0, long s1 = -1, long s2 = -1, long s3 = -1) {
  THFloatTensor *t = THFloatTensor_newWithSize4d(s0, s1, s2, s3);
  float *d = THFloatTensor_data(t);
  for (ptrdiff_t i = 0; i < THFloatTensor_nElement(t); i++) d[i] = (float)((i * 7 % 13) - 6) / 8.0f;
  return t;
}

void free_all(std::initializer_list<THFloatTensor *> ts) {
  for (THFloatTensor *t : ts) THFloatTensor_free(t);
}

constexpr long kBatch = 256, kIn = 1024, kOut = 1024;

struct Linear {
  THFloatTensor *input = filled(kBatch, kIn), *weight = filled(kOut, kIn), *bias = filled(kOut);
  THFloatTensor *output = THFloatTensor_new(), *ones = THFloatTensor_new(), *gradOutput = filled(kBatch, kOut);
  THFloatTensor *gradInput = THFloatTensor_new(), *gradWeight = filled(kOut, kIn), *gradBias = filled(kOut);
  ~Linear() { free_all({input, weight, bias, output, ones, gradOutput, gradInput, gradWeight, gradBias}); }
  void forward() { THNN_FloatLinear_updateOutput(nullptr, input, output, weight, bias, ones); }
  void backward() {
    THNN_FloatLinear_updateGradInput(nullptr, input, gradOutput, gradInput, weight);
    THNN_FloatLinear_accGradParameters(nullptr, input, gradOutput, gradInput, weight, bias, gradWeight, gradBias, ones,
                                       1.0);
  }
};

void W3_linear_forward(benchmark::State &state) {
  THSetNumThreads((int)state.range(0));
  Linear l;
  l.forward();
  for (auto _ : state) {
    l.forward();
    benchmark::DoNotOptimize(THFloatTensor_data(l.output));
  }
  state.counters["GFLOPS"] = benchmark::Counter(2.0 * kBatch * kIn * kOut * state.iterations() / 1e9,
                                                benchmark::Counter::kIsRate);
}

void W3_linear_backward(benchmark::State &state) {
  THSetNumThreads((int)state.range(0));
  Linear l;
  l.forward();
  l.backward();
  for (auto _ : state) {
    l.backward();
    benchmark::DoNotOptimize(THFloatTensor_data(l.gradWeight));
  }
  state.counters["GFLOPS"] = benchmark::Counter(4.0 * kBatch * kIn * kOut * state.iterations() / 1e9,
                                                benchmark::Counter::kIsRate);
}

constexpr long kN = 16, kC = 64, kH = 32, kW = 32;
constexpr double kBytes = 4.0 * kN * kC * kH * kW;

struct BatchNorm {
  THFloatTensor *input = filled(kN, kC, kH, kW), *output = THFloatTensor_new(), *weight = filled(kC);
  THFloatTensor *bias = filled(kC), *runningMean = filled(kC), *runningVar = filled(kC);
  THFloatTensor *saveMean = THFloatTensor_new(), *saveStd = THFloatTensor_new(), *gradOutput = filled(kN, kC, kH, kW);
  THFloatTensor *gradInput = THFloatTensor_new(), *gradWeight = filled(kC), *gradBias = filled(kC);
  BatchNorm() { THFloatTensor_fill(runningVar, 1); }
  ~BatchNorm() {
    free_all({input, output, weight, bias, runningMean, runningVar, saveMean, saveStd, gradOutput, gradInput,
              gradWeight, gradBias});
  }
  void forward() {
    THNN_FloatBatchNormalization_updateOutput(nullptr, input, output, weight, bias, runningMean, runningVar, saveMean,
                                              saveStd, true, 0.1, 1e-5);
  }
  void backward() {
    THNN_FloatBatchNormalization_backward(nullptr, input, gradOutput, gradInput, gradWeight, gradBias, weight,
                                          runningMean, runningVar, saveMean, saveStd, true, 1.0, 1e-5);
  }
};

void W7_batchnorm_forward(benchmark::State &state) {
  THSetNumThreads((int)state.range(0));
  BatchNorm bn;
  bn.forward();
  for (auto _ : state) {
    bn.forward();
    benchmark::DoNotOptimize(THFloatTensor_data(bn.output));
  }
  state.counters["GB/s"] = benchmark::Counter(2 * kBytes * state.iterations() / 1e9, benchmark::Counter::kIsRate);
}

void W7_batchnorm_backward(benchmark::State &state) {
  THSetNumThreads((int)state.range(0));
  BatchNorm bn;
  bn.forward();
  bn.backward();
  for (auto _ : state) {
    bn.backward();
    benchmark::DoNotOptimize(THFloatTensor_data(bn.gradInput));
  }
  state.counters["GB/s"] = benchmark::Counter(3 * kBytes * state.iterations() / 1e9, benchmark::Counter::kIsRate);
}

}  // namespace

BENCHMARK(W3_linear_forward)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(W3_linear_backward)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(W7_batchnorm_forward)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(W7_batchnorm_backward)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

BENCHMARK_MAIN();
