#pragma once
// GPU time of a benchmark body: CUDA events around each iteration on the current stream, reported
// through Google Benchmark's manual timing (register with ->UseManualTime()).
#include <benchmark/benchmark.h>

#include <cstdio>

#include "THC.h"

template <typename F>
void timeGpu(THCState *state, benchmark::State &bstate, F &&body) {
  cudaStream_t stream = THCState_getCurrentStream(state);
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  body();  // warm-up (allocations, handles, buffers resized by the callee)
  cudaStreamSynchronize(stream);
  for (auto _ : bstate) {
    cudaEventRecord(start, stream);
    body();
    cudaEventRecord(stop, stream);
    cudaEventSynchronize(stop);
    float ms = 0;
    cudaEventElapsedTime(&ms, start, stop);
    bstate.SetIterationTime(ms / 1e3);
  }
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
}

// False when there is a usable CUDA device; else prints the skip line the scripts look for.
inline bool noCudaDevice() {
  int devices = 0;
  if (cudaGetDeviceCount(&devices) == cudaSuccess && devices > 0) return false;
  std::printf("skipped: no CUDA device\n");
  return true;
}
