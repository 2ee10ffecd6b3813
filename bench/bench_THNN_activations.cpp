// THNN activations and LogSoftMax + ClassNLLCriterion on the DESIGN.md workloads, at 1 and 2 threads
// (the suffix, as bench/compare.py reads it):
//   W5 Tanh, Sigmoid, Threshold(0, 0) (ReLU) updateOutput on 16M floats (out of place, into an
//      output sized by a first call, as a Torch7 module reuses its output)
//   W6 LogSoftMax + ClassNLLCriterion on [256, 1000]: forward (LogSoftMax, ClassNLL) and backward
//      (gradInput zeroed as Torch7's nn.ClassNLLCriterion did, ClassNLL, LogSoftMax), all timed
// GB/s counts the bytes read and written once. Medians: --benchmark_repetitions=5
// --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <string>

#include "THNN.h"

namespace {

const long kBig = 16L * 1024 * 1024;

THFloatTensor *filled(long n) {
  THFloatTensor *t = THFloatTensor_newWithSize1d(n);
  float *d = THFloatTensor_data(t);
  for (long i = 0; i < n; i++) d[i] = (float)((i * 7919 % 2001) - 1000) / 250.0f;  // [-4, 4]
  return t;
}

enum Activation { kTanh, kSigmoid, kRelu };

void run(Activation a, THFloatTensor *in, THFloatTensor *out) {
  switch (a) {
    case kTanh: THNN_FloatTanh_updateOutput(nullptr, in, out); break;
    case kSigmoid: THNN_FloatSigmoid_updateOutput(nullptr, in, out); break;
    case kRelu: THNN_FloatThreshold_updateOutput(nullptr, in, out, 0, 0, false); break;
  }
}

void BM_activation(benchmark::State &state, Activation a, int threads) {
  THSetNumThreads(threads);
  THFloatTensor *in = filled(kBig), *out = THFloatTensor_new();
  run(a, in, out);
  for (auto _ : state) {
    run(a, in, out);
    benchmark::DoNotOptimize(THFloatTensor_data(out));
  }
  state.counters["GB/s"] = benchmark::Counter(8.0 * kBig * state.iterations() / 1e9, benchmark::Counter::kIsRate);
  THFloatTensor_free(in);
  THFloatTensor_free(out);
}

void BM_logsoftmax_nll(benchmark::State &state, int threads) {
  THSetNumThreads(threads);
  const long n = 256, classes = 1000;
  THFloatTensor *x = filled(n * classes);
  THFloatTensor_resize2d(x, n, classes);
  THLongTensor *target = THLongTensor_newWithSize1d(n);
  for (long i = 0; i < n; i++) THLongTensor_data(target)[i] = i * 37 % classes + 1;
  THFloatTensor *logp = THFloatTensor_new(), *loss = THFloatTensor_new(), *totalWeight = THFloatTensor_new();
  THFloatTensor *gradLogp = THFloatTensor_new(), *gradInput = THFloatTensor_new();
  for (auto _ : state) {
    THNN_FloatLogSoftMax_updateOutput(nullptr, x, logp);
    THNN_FloatClassNLLCriterion_updateOutput(nullptr, logp, target, loss, true, nullptr, totalWeight, -100);
    THFloatTensor_resizeAs(gradLogp, logp);
    THFloatTensor_zero(gradLogp);
    THNN_FloatClassNLLCriterion_updateGradInput(nullptr, logp, target, gradLogp, true, nullptr, totalWeight, -100);
    THNN_FloatLogSoftMax_updateGradInput(nullptr, x, gradLogp, gradInput, logp);
    benchmark::DoNotOptimize(THFloatTensor_data(gradInput));
  }
  THFloatTensor_free(x);
  THLongTensor_free(target);
  for (THFloatTensor *t : {logp, loss, totalWeight, gradLogp, gradInput}) THFloatTensor_free(t);
}

}  // namespace

int main(int argc, char **argv) {
  const struct {
    const char *name;
    Activation a;
  } activations[] = {{"W5_tanh_forward", kTanh}, {"W5_sigmoid_forward", kSigmoid}, {"W5_relu_forward", kRelu}};
  for (int threads : {1, 2}) {
    std::string t = "/" + std::to_string(threads);
    for (const auto &a : activations)
      benchmark::RegisterBenchmark((std::string(a.name) + t).c_str(), BM_activation, a.a, threads)
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime();
    benchmark::RegisterBenchmark(("W6_logsoftmax_nll_forward_backward" + t).c_str(), BM_logsoftmax_nll, threads)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
