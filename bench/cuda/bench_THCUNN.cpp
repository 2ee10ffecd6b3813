// libTHCUNN on the GPU: DESIGN.md's workloads W1-W7, float32, calling the C functions directly.
// The DESIGN.md batches are CPU-sized (a W4 call is microseconds on an H100), so each workload's
// batch is multiplied by a factor (kScale below) chosen for one call to take 1 ms or more on an
// H100; the factor is in the name ("_x16") and in the counter batch_x, which bench/compare.py reads
// to give PyTorch the same shapes.
//   THCUNN_W1_conv3x3_fwd / _bwd      SpatialConvolutionMM, [16x,64,32,32] * [64,64,3,3], pad 1
//   THCUNN_W2_conv7x7s2_fwd / _bwd    SpatialConvolutionMM, [8x,3,224,224] * [64,3,7,7], stride 2, pad 3
//   THCUNN_W3_linear_fwd / _bwd       libTHC's addmm/addr/addmv: [256x,1024] * [1024,1024]^T + bias
//   THCUNN_W4_maxpool2x2_fwd / _bwd   SpatialMaxPooling 2x2 s2 on [16x,64,64,64]
//   THCUNN_W5_{tanh,sigmoid,relu}_fwd Tanh, Sigmoid, Threshold(0, 0) on 16M x floats, with bytes/s
//   THCUNN_W6_logsoftmax_nll_fwd_bwd  LogSoftMax + ClassNLLCriterion (size average) on [256x,1000]
//   THCUNN_W7_batchnorm_fwd / _bwd    BatchNormalization, training mode, [16x,64,32,32]
//   memcpy_d2d                        cudaMemcpyAsync device to device of W5's size: the copy bandwidth
//                                     W5's bytes/s are held to (bytes: each element read and written)
// Backward of a layer with parameters: gradInput and the parameter gradients. Times are GPU times
// (CUDA events). Without a device the program says so and exits 0.
// Medians: --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <functional>
#include <string>
#include <vector>

#include "THCUNN.h"
#include "gpu_timer.hpp"

namespace {

THCState *state;

// Batch factors over DESIGN.md's sizes.
namespace kScale {
constexpr long W1 = 16, W2 = 16, W3 = 32, W4 = 64, W5 = 32, W6 = 256, W7 = 128;
}

// A float tensor of these sizes, uniform in [-1, 1).
THCudaTensor *uniform(std::vector<long> sizes) {
  THLongStorage *size = THLongStorage_newWithSize((ptrdiff_t)sizes.size());
  for (size_t i = 0; i < sizes.size(); i++) THLongStorage_data(size)[i] = sizes[i];
  THCudaTensor *t = THCudaTensor_newWithSize(state, size, nullptr);
  THLongStorage_free(size);
  THCudaTensor_uniform(state, t, -1, 1);
  return t;
}

std::vector<long> sizesOf(THCudaTensor *t) {
  std::vector<long> sizes;
  for (int d = 0; d < THCudaTensor_nDimension(state, t); d++) sizes.push_back(THCudaTensor_size(state, t, d));
  return sizes;
}

// Tensors freed when the benchmark ends.
class Tensors {
 public:
  ~Tensors() {
    for (THCudaTensor *t : owned_) THCudaTensor_free(state, t);
  }
  THCudaTensor *random(std::vector<long> sizes) { return keep(uniform(std::move(sizes))); }
  THCudaTensor *empty() { return keep(THCudaTensor_new(state)); }

 private:
  THCudaTensor *keep(THCudaTensor *t) {
    owned_.push_back(t);
    return t;
  }
  std::vector<THCudaTensor *> owned_;
};

void scaled(benchmark::State &bstate, long factor) { bstate.counters["batch_x"] = (double)factor; }

// A convolution workload: input [n, c, h, w], weight [o, c, k, k].
struct Conv {
  long n, c, h, w, o, k, stride, pad;
};

void convolution(benchmark::State &bstate, Conv g, long factor, bool backward) {
  Tensors t;
  THCudaTensor *input = t.random({g.n * factor, g.c, g.h, g.w}), *weight = t.random({g.o, g.c * g.k * g.k}),
               *bias = t.random({g.o}), *output = t.empty(), *columns = t.empty(), *ones = t.empty();
  int k = (int)g.k, s = (int)g.stride, p = (int)g.pad;
  auto forward = [&] { THNN_CudaSpatialConvolutionMM_updateOutput(state, input, output, weight, bias, columns, ones, k, k, s, s, p, p); };
  if (!backward) {
    timeGpu(state, bstate, forward);
  } else {
    forward();
    THCudaTensor *gradOutput = t.random(sizesOf(output));
    THCudaTensor *gradInput = t.empty(), *gradWeight = t.random({g.o, g.c * g.k * g.k}), *gradBias = t.random({g.o});
    timeGpu(state, bstate, [&] {
      THNN_CudaSpatialConvolutionMM_updateGradInput(state, input, gradOutput, gradInput, weight, columns, ones, k, k, s, s, p, p);
      THNN_CudaSpatialConvolutionMM_accGradParameters(state, input, gradOutput, gradWeight, gradBias, columns, ones, k, k,
                                                      s, s, p, p, 1.f);
    });
  }
  scaled(bstate, factor);
}

constexpr Conv kW1{16, 64, 32, 32, 64, 3, 1, 1}, kW2{8, 3, 224, 224, 64, 7, 2, 3};

// W3 through libTHC: output = input weight^T + bias (bias first, as rows: ones (x) bias).
void linear(benchmark::State &bstate, bool backward) {
  const long n = 256 * kScale::W3, in = 1024, out = 1024;
  Tensors t;
  THCudaTensor *input = t.random({n, in}), *weight = t.random({out, in}), *bias = t.random({out}),
               *output = t.random({n, out}), *ones = t.random({n}), *weightT = t.empty();
  THCudaTensor_fill(state, ones, 1.f);
  THCudaTensor_transpose(state, weightT, weight, 0, 1);
  if (!backward) {
    timeGpu(state, bstate, [&] {
      THCudaTensor_addr(state, output, 0.f, output, 1.f, ones, bias);
      THCudaTensor_addmm(state, output, 1.f, output, 1.f, input, weightT);
    });
  } else {
    THCudaTensor *gradOutput = t.random({n, out}), *gradInput = t.random({n, in}), *gradWeight = t.random({out, in}),
                 *gradBias = t.random({out}), *gradOutputT = t.empty();
    THCudaTensor_transpose(state, gradOutputT, gradOutput, 0, 1);
    timeGpu(state, bstate, [&] {
      THCudaTensor_addmm(state, gradInput, 0.f, gradInput, 1.f, gradOutput, weight);
      THCudaTensor_addmm(state, gradWeight, 1.f, gradWeight, 1.f, gradOutputT, input);
      THCudaTensor_addmv(state, gradBias, 1.f, gradBias, 1.f, gradOutputT, ones);
    });
  }
  scaled(bstate, kScale::W3);
}

void maxpool(benchmark::State &bstate, bool backward) {
  Tensors t;
  THCudaTensor *input = t.random({16 * kScale::W4, 64, 64, 64}), *output = t.empty(), *gradInput = t.empty();
  THCudaLongTensor *indices = THCudaLongTensor_new(state);
  auto forward = [&] { THNN_CudaSpatialMaxPooling_updateOutput(state, input, output, indices, 2, 2, 2, 2, 0, 0, false); };
  if (!backward) {
    timeGpu(state, bstate, forward);
  } else {
    forward();
    THCudaTensor *gradOutput = t.random(sizesOf(output));
    timeGpu(state, bstate, [&] {
      THNN_CudaSpatialMaxPooling_updateGradInput(state, input, gradOutput, gradInput, indices, 2, 2, 2, 2, 0, 0, false);
    });
  }
  THCudaLongTensor_free(state, indices);
  scaled(bstate, kScale::W4);
}

constexpr long kW5Elements = 16L * 1024 * 1024 * kScale::W5;

// A W5 element-wise op on kW5Elements floats; bytes/s counts each element read once and written once.
void elementwise(benchmark::State &bstate, const std::function<void(THCudaTensor *, THCudaTensor *)> &op) {
  Tensors t;
  THCudaTensor *input = t.random({kW5Elements}), *output = t.random({kW5Elements});
  timeGpu(state, bstate, [&] { op(input, output); });
  bstate.SetBytesProcessed(bstate.iterations() * kW5Elements * 2 * (long)sizeof(float));
  scaled(bstate, kScale::W5);
}

void memcpyD2D(benchmark::State &bstate) {
  Tensors t;
  THCudaTensor *a = t.random({kW5Elements}), *b = t.random({kW5Elements});
  timeGpu(state, bstate, [&] {
    cudaMemcpyAsync(THCudaTensor_data(state, b), THCudaTensor_data(state, a), kW5Elements * sizeof(float),
                    cudaMemcpyDeviceToDevice, THCState_getCurrentStream(state));
  });
  bstate.SetBytesProcessed(bstate.iterations() * kW5Elements * 2 * (long)sizeof(float));
}

void logSoftMaxNLL(benchmark::State &bstate) {
  const long n = 256 * kScale::W6, classes = 1000;
  Tensors t;
  THCudaTensor *input = t.random({n, classes}), *logProb = t.empty(), *loss = t.empty(), *totalWeight = t.empty(),
               *gradLogProb = t.empty(), *gradInput = t.empty();
  THCudaLongTensor *target = THCudaLongTensor_newWithSize1d(state, n);
  THCudaLongTensor_fill(state, target, 1);  // a valid class whether indices are 0- or 1-based
  timeGpu(state, bstate, [&] {
    THNN_CudaLogSoftMax_updateOutput(state, input, logProb);
    THNN_CudaClassNLLCriterion_updateOutput(state, logProb, target, loss, true, nullptr, totalWeight, -100);
    THNN_CudaClassNLLCriterion_updateGradInput(state, logProb, target, gradLogProb, true, nullptr, totalWeight, -100);
    THNN_CudaLogSoftMax_updateGradInput(state, input, gradLogProb, gradInput, logProb);
  });
  THCudaLongTensor_free(state, target);
  scaled(bstate, kScale::W6);
}

void batchNorm(benchmark::State &bstate, bool backward) {
  const long channels = 64;
  Tensors t;
  THCudaTensor *input = t.random({16 * kScale::W7, channels, 32, 32}), *output = t.empty(),
               *weight = t.random({channels}), *bias = t.random({channels}), *runningMean = t.random({channels}),
               *runningVar = t.random({channels}), *saveMean = t.empty(), *saveStd = t.empty();
  THCudaTensor_fill(state, runningMean, 0.f);
  THCudaTensor_fill(state, runningVar, 1.f);
  auto forward = [&] {
    THNN_CudaBatchNormalization_updateOutput(state, input, output, weight, bias, runningMean, runningVar, saveMean,
                                             saveStd, true, 0.1, 1e-5);
  };
  if (!backward) {
    timeGpu(state, bstate, forward);
  } else {
    forward();
    THCudaTensor *gradOutput = t.random({16 * kScale::W7, channels, 32, 32}), *gradInput = t.empty(),
                 *gradWeight = t.random({channels}), *gradBias = t.random({channels});
    timeGpu(state, bstate, [&] {
      THNN_CudaBatchNormalization_backward(state, input, gradOutput, gradInput, gradWeight, gradBias, weight,
                                           runningMean, runningVar, saveMean, saveStd, true, 1.0, 1e-5);
    });
  }
  scaled(bstate, kScale::W7);
}

std::string x(long factor) { return "_x" + std::to_string(factor); }

void registerAll() {
  auto add = [](const std::string &name, auto fn) {
    benchmark::RegisterBenchmark(name.c_str(), fn)->UseManualTime()->Unit(benchmark::kMillisecond);
  };
  for (bool bwd : {false, true}) {
    std::string pass = bwd ? "_bwd" : "_fwd";
    add("THCUNN_W1_conv3x3" + pass + x(kScale::W1), [bwd](benchmark::State &s) { convolution(s, kW1, kScale::W1, bwd); });
    add("THCUNN_W2_conv7x7s2" + pass + x(kScale::W2), [bwd](benchmark::State &s) { convolution(s, kW2, kScale::W2, bwd); });
    add("THCUNN_W3_linear" + pass + x(kScale::W3), [bwd](benchmark::State &s) { linear(s, bwd); });
    add("THCUNN_W4_maxpool2x2" + pass + x(kScale::W4), [bwd](benchmark::State &s) { maxpool(s, bwd); });
    add("THCUNN_W7_batchnorm" + pass + x(kScale::W7), [bwd](benchmark::State &s) { batchNorm(s, bwd); });
  }
  add("THCUNN_W5_tanh_fwd" + x(kScale::W5),
      [](benchmark::State &s) { elementwise(s, [](THCudaTensor *i, THCudaTensor *o) { THNN_CudaTanh_updateOutput(state, i, o); }); });
  add("THCUNN_W5_sigmoid_fwd" + x(kScale::W5),
      [](benchmark::State &s) { elementwise(s, [](THCudaTensor *i, THCudaTensor *o) { THNN_CudaSigmoid_updateOutput(state, i, o); }); });
  add("THCUNN_W5_relu_fwd" + x(kScale::W5), [](benchmark::State &s) {
    elementwise(s, [](THCudaTensor *i, THCudaTensor *o) { THNN_CudaThreshold_updateOutput(state, i, o, 0.f, 0.f, false); });
  });
  add("THCUNN_W6_logsoftmax_nll_fwd_bwd" + x(kScale::W6), logSoftMaxNLL);
  add("memcpy_d2d", memcpyD2D);
}

}  // namespace

int main(int argc, char **argv) {
  if (noCudaDevice()) return 0;
  state = THCState_alloc();
  THCudaInit(state);
  registerAll();
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  THCudaShutdown(state);
  THCState_free(state);
  return 0;
}
