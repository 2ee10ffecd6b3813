// THNN SpatialMaxPooling on the DESIGN.md workload W4: 2x2 stride 2 on [16,64,64,64] (float32).
// The argument is the thread count (THSetNumThreads). forward = updateOutput (output and indices);
// backward = updateGradInput from the forward's indices. bytes/s counts every element read or
// written once (forward: input 4 bytes, output 4 and index 8 per output element; backward: gradOutput
// 4 and index 8 per output element, gradInput 4 per input element), to compare with the copy
// bandwidth. Medians: --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include "THNN.h"

namespace {

constexpr long kN = 16, kC = 64, kH = 64, kW = 64;
constexpr long kInput = kN * kC * kH * kW, kOutput = kInput / 4;
constexpr long kBytes = kInput * 4 + kOutput * (4 + 8);

THFloatTensor *filled(long s0, long s1, long s2, long s3) {
  THFloatTensor *t = THFloatTensor_newWithSize4d(s0, s1, s2, s3);
  float *d = THFloatTensor_data(t);
  for (long i = 0; i < THFloatTensor_nElement(t); i++) d[i] = (float)((i * 7919 % 1009) - 504) / 128.0f;
  return t;
}

struct MaxPool {
  THFloatTensor *input = filled(kN, kC, kH, kW), *output = THFloatTensor_new(),
                *gradOutput = filled(kN, kC, kH / 2, kW / 2), *gradInput = THFloatTensor_new();
  THLongTensor *indices = THLongTensor_new();

  ~MaxPool() {
    for (THFloatTensor *t : {input, output, gradOutput, gradInput}) THFloatTensor_free(t);
    THLongTensor_free(indices);
  }
  void forward() { THNN_FloatSpatialMaxPooling_updateOutput(nullptr, input, output, indices, 2, 2, 2, 2, 0, 0, false); }
  void backward() {
    THNN_FloatSpatialMaxPooling_updateGradInput(nullptr, input, gradOutput, gradInput, indices, 2, 2, 2, 2, 0, 0,
                                                false);
  }
};

void W4_maxpool2x2_forward(benchmark::State &state) {
  THSetNumThreads((int)state.range(0));
  MaxPool pool;
  pool.forward();  // sizes the outputs
  for (auto _ : state) {
    pool.forward();
    benchmark::DoNotOptimize(THFloatTensor_data(pool.output));
  }
  state.SetBytesProcessed(state.iterations() * kBytes);
}

void W4_maxpool2x2_backward(benchmark::State &state) {
  THSetNumThreads((int)state.range(0));
  MaxPool pool;
  pool.forward();
  pool.backward();
  for (auto _ : state) {
    pool.backward();
    benchmark::DoNotOptimize(THFloatTensor_data(pool.gradInput));
  }
  state.SetBytesProcessed(state.iterations() * kBytes);
}

}  // namespace

BENCHMARK(W4_maxpool2x2_forward)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(W4_maxpool2x2_backward)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

BENCHMARK_MAIN();
