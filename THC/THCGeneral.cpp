// libTHC's state: devices, streams, cuBLAS handles, the device allocator, the CUDA error checks.
#include "THCGeneral.h"

#include <atomic>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "THCCachingAllocator.h"
#include "THCTensorRandom.h"

#ifdef EMBER_DEV_STUBS
// Development builds link before the random family exists (then it is simply not set up).
void THCRandom_init(THCState *state, int numDevices) __attribute__((weak));
void THCRandom_shutdown(THCState *state) __attribute__((weak));
#define THC_RANDOM_PRESENT(f) (f != nullptr)
#else
#define THC_RANDOM_PRESENT(f) true
#endif

struct THCState {
  unsigned long id;  // keys the per-thread settings: new for each state and each THCudaInit
  bool initialized;
  int numDevices;
  std::vector<cudaDeviceProp> props;
  std::vector<bool> propsKnown;
  int numUserStreams;
  std::vector<std::vector<cudaStream_t>> streams;  // [device][1..numUserStreams]; [0] is the default
  int numBlasHandles;
  std::vector<std::vector<cublasHandle_t>> blas;  // [device][handle - 1], made on first use
  THCDeviceAllocator *cachingAllocator;           // owned; the default device allocator
  THCDeviceAllocator *allocator;                  // the one in use
  THCAllocatorStats finalStats;                   // the caching allocator's counters at shutdown
  struct THCRNGState *rngState;
  std::mutex mutex;
};

namespace {

std::atomic<unsigned long> nextStateId{1};

// The calling thread's current stream and cuBLAS handle indices, per state and device.
struct ThreadSettings {
  std::vector<int> stream;
  std::vector<int> blas;
};
thread_local std::unordered_map<unsigned long, ThreadSettings> threadSettings;

ThreadSettings &settingsOf(THCState *state) {
  ThreadSettings &s = threadSettings[state->id];
  if ((int)s.stream.size() < state->numDevices) {
    s.stream.resize(state->numDevices, 0);
    s.blas.resize(state->numDevices, 1);
  }
  return s;
}

void checkState(THCState *state, const char *fn) {
  THArgCheck(state != NULL, 1, "%s: state is NULL", fn);
  if (!state->initialized) THError("%s: the state is not initialised (call THCudaInit first)", fn);
}

void checkDevice(THCState *state, int device, const char *fn) {
  if (device < 0 || device >= state->numDevices)
    THError("%s: device %d does not exist (%d device%s: 0 to %d)", fn, device, state->numDevices,
            state->numDevices == 1 ? "" : "s", state->numDevices - 1);
}

int currentDevice(void) {
  int device;
  THCudaCheck(cudaGetDevice(&device));
  return device;
}

const char *cublasStatusName(cublasStatus_t status) {
  switch (status) {
    case CUBLAS_STATUS_SUCCESS: return "CUBLAS_STATUS_SUCCESS";
    case CUBLAS_STATUS_NOT_INITIALIZED: return "CUBLAS_STATUS_NOT_INITIALIZED";
    case CUBLAS_STATUS_ALLOC_FAILED: return "CUBLAS_STATUS_ALLOC_FAILED";
    case CUBLAS_STATUS_INVALID_VALUE: return "CUBLAS_STATUS_INVALID_VALUE";
    case CUBLAS_STATUS_ARCH_MISMATCH: return "CUBLAS_STATUS_ARCH_MISMATCH";
    case CUBLAS_STATUS_MAPPING_ERROR: return "CUBLAS_STATUS_MAPPING_ERROR";
    case CUBLAS_STATUS_EXECUTION_FAILED: return "CUBLAS_STATUS_EXECUTION_FAILED";
    case CUBLAS_STATUS_INTERNAL_ERROR: return "CUBLAS_STATUS_INTERNAL_ERROR";
    case CUBLAS_STATUS_NOT_SUPPORTED: return "CUBLAS_STATUS_NOT_SUPPORTED";
    case CUBLAS_STATUS_LICENSE_ERROR: return "CUBLAS_STATUS_LICENSE_ERROR";
    default: return "unknown cuBLAS status";
  }
}

// Pinned host memory for asynchronous copies.
void *hostMalloc(void *ctx, ptrdiff_t size) {
  if (size <= 0) return NULL;
  void *p = NULL;
  THCudaCheck(cudaMallocHost(&p, (size_t)size));
  return p;
}
void hostFree(void *ctx, void *ptr) {
  if (ptr) THCudaCheck(cudaFreeHost(ptr));
}
// No realloc: TH's storages then resize by malloc, copy and free.
THAllocator hostAllocator = {hostMalloc, NULL, hostFree};

}  // namespace

/* ------------------------------------------------------------------ errors */

void _THCudaCheckCall(cudaError_t err, const char *call, const char *file, int line) {
  if (err == cudaSuccess) return;
  cudaGetLastError();  // clears the error unless it is sticky (then the context is lost anyway)
  _THError(file, line, "CUDA error %s (%s) in %s", cudaGetErrorName(err), cudaGetErrorString(err), call);
}

void _THCublasCheckCall(cublasStatus_t status, const char *call, const char *file, int line) {
  if (status == CUBLAS_STATUS_SUCCESS) return;
  cudaGetLastError();
  _THError(file, line, "cuBLAS error %s in %s", cublasStatusName(status), call);
}

void __THCudaCheck(cudaError_t err, const char *file, const int line) {
  _THCudaCheckCall(err, "a CUDA call", file, line);
}

void __THCublasCheck(cublasStatus_t status, const char *file, const int line) {
  _THCublasCheckCall(status, "a cuBLAS call", file, line);
}

/* --------------------------------------------------------------- lifetime */

THCState *THCState_alloc(void) {
  THCState *state = new THCState();
  state->id = nextStateId++;
  state->initialized = false;
  state->numDevices = 0;
  state->numUserStreams = 0;
  state->numBlasHandles = 1;
  state->cachingAllocator = NULL;
  state->allocator = NULL;
  state->finalStats = THCAllocatorStats{};
  state->rngState = NULL;
  return state;
}

void THCState_free(THCState *state) {
  if (!state) return;
  if (state->initialized) THCudaShutdown(state);
  threadSettings.erase(state->id);
  delete state;
}

void THCudaInit(THCState *state) {
  THArgCheck(state != NULL, 1, "THCudaInit: state is NULL");
  if (state->initialized) THError("THCudaInit: the state is already initialised");
  int count = 0;
  cudaError_t err = cudaGetDeviceCount(&count);
  if (err != cudaSuccess) {
    cudaGetLastError();
    THError("THCudaInit: no CUDA device (cudaGetDeviceCount: %s)", cudaGetErrorString(err));
  }
  if (count == 0) THError("THCudaInit: no CUDA device (cudaGetDeviceCount: 0 devices)");
  state->id = nextStateId++;  // settings other threads kept for an earlier initialisation lapse
  state->numDevices = count;
  state->props.assign(count, cudaDeviceProp{});
  state->propsKnown.assign(count, false);
  state->streams.assign(count, std::vector<cudaStream_t>(1, (cudaStream_t)0));
  state->blas.assign(count, std::vector<cublasHandle_t>(1, (cublasHandle_t)0));
  state->numUserStreams = 0;
  state->numBlasHandles = 1;
  state->cachingAllocator = THCCachingAllocator_new();
  state->allocator = state->cachingAllocator;
  state->finalStats = THCAllocatorStats{};
  state->initialized = true;
  if (THC_RANDOM_PRESENT(THCRandom_init)) THCRandom_init(state, count);
}

void THCudaShutdown(THCState *state) {
  THArgCheck(state != NULL, 1, "THCudaShutdown: state is NULL");
  if (!state->initialized) return;
  if (THC_RANDOM_PRESENT(THCRandom_shutdown)) THCRandom_shutdown(state);
  int device = 0;
  cudaGetDevice(&device);
  for (int d = 0; d < state->numDevices; d++) {
    cudaSetDevice(d);
    for (size_t s = 1; s < state->streams[d].size(); s++) cudaStreamDestroy(state->streams[d][s]);
    for (cublasHandle_t h : state->blas[d])
      if (h) cublasDestroy(h);
  }
  cudaSetDevice(device);
  THCCachingAllocator_delete(state->cachingAllocator, &state->finalStats);
  state->cachingAllocator = NULL;
  state->allocator = NULL;
  state->streams.clear();
  state->blas.clear();
  state->props.clear();
  state->propsKnown.clear();
  state->numDevices = 0;
  state->initialized = false;
  threadSettings.erase(state->id);
}

/* ---------------------------------------------------------------- devices */

int THCState_getNumDevices(THCState *state) {
  checkState(state, "THCState_getNumDevices");
  return state->numDevices;
}

int THCState_getCurrentDevice(THCState *state) {
  checkState(state, "THCState_getCurrentDevice");
  return currentDevice();
}

void THCState_setCurrentDevice(THCState *state, int device) {
  checkState(state, "THCState_setCurrentDevice");
  checkDevice(state, device, "THCState_setCurrentDevice");
  THCudaCheck(cudaSetDevice(device));
}

struct cudaDeviceProp *THCState_getCurrentDeviceProperties(THCState *state) {
  checkState(state, "THCState_getCurrentDeviceProperties");
  int device = currentDevice();
  cudaError_t err = cudaSuccess;
  {
    // (errors are raised after the lock is released: THError may longjmp)
    std::lock_guard<std::mutex> lock(state->mutex);
    if (!state->propsKnown[device]) {
      err = cudaGetDeviceProperties(&state->props[device], device);
      state->propsKnown[device] = err == cudaSuccess;
    }
  }
  THCudaCheck(err);
  return &state->props[device];
}

/* ---------------------------------------------------------------- streams */

void THCState_reserveStreams(THCState *state, int numStreams, int nonBlocking) {
  checkState(state, "THCState_reserveStreams");
  THArgCheck(numStreams >= 0, 2, "THCState_reserveStreams: the number of streams must be >= 0, got %d",
             numStreams);
  int device = currentDevice();
  unsigned flags = nonBlocking ? cudaStreamNonBlocking : cudaStreamDefault;
  cudaError_t err = cudaSuccess;
  {
    // (errors are raised after the lock is released: THError may longjmp)
    std::lock_guard<std::mutex> lock(state->mutex);
    if (numStreams <= state->numUserStreams) return;
    for (int d = 0; d < state->numDevices && err == cudaSuccess; d++) {
      err = cudaSetDevice(d);
      std::vector<cudaStream_t> &streams = state->streams[d];
      while (err == cudaSuccess && (int)streams.size() <= numStreams) {
        cudaStream_t s;
        err = cudaStreamCreateWithFlags(&s, flags);
        if (err == cudaSuccess) streams.push_back(s);
      }
    }
    // Streams made before a failure are kept for a later call; the count grows only on success.
    if (err == cudaSuccess) state->numUserStreams = numStreams;
    cudaSetDevice(device);
  }
  THCudaCheck(err);
}

int THCState_getNumStreams(THCState *state) {
  checkState(state, "THCState_getNumStreams");
  return state->numUserStreams;
}

cudaStream_t THCState_getDeviceStream(THCState *state, int device, int stream) {
  checkState(state, "THCState_getDeviceStream");
  checkDevice(state, device, "THCState_getDeviceStream");
  THArgCheck(stream >= 0 && stream <= state->numUserStreams, 3,
             "THCState_getDeviceStream: stream %d out of range [0, %d]", stream, state->numUserStreams);
  return state->streams[device][stream];
}

cudaStream_t THCState_getCurrentStreamOnDevice(THCState *state, int device) {
  checkState(state, "THCState_getCurrentStreamOnDevice");
  checkDevice(state, device, "THCState_getCurrentStreamOnDevice");
  return state->streams[device][settingsOf(state).stream[device]];
}

cudaStream_t THCState_getCurrentStream(THCState *state) {
  checkState(state, "THCState_getCurrentStream");
  return THCState_getCurrentStreamOnDevice(state, currentDevice());
}

int THCState_getCurrentStreamIndex(THCState *state) {
  checkState(state, "THCState_getCurrentStreamIndex");
  return settingsOf(state).stream[currentDevice()];
}

void THCState_setCurrentStreamIndex(THCState *state, int stream) {
  checkState(state, "THCState_setCurrentStreamIndex");
  THArgCheck(stream >= 0 && stream <= state->numUserStreams, 2,
             "THCState_setCurrentStreamIndex: stream %d out of range [0, %d] (reserve streams first)",
             stream, state->numUserStreams);
  settingsOf(state).stream[currentDevice()] = stream;
}

/* ------------------------------------------------------------------ cuBLAS */

void THCState_reserveBlasHandles(THCState *state, int numHandles) {
  checkState(state, "THCState_reserveBlasHandles");
  THArgCheck(numHandles >= 0, 2, "THCState_reserveBlasHandles: the number of handles must be >= 0, got %d",
             numHandles);
  std::lock_guard<std::mutex> lock(state->mutex);
  if (numHandles <= state->numBlasHandles) return;
  for (int d = 0; d < state->numDevices; d++) state->blas[d].resize(numHandles, (cublasHandle_t)0);
  state->numBlasHandles = numHandles;
}

int THCState_getNumBlasHandles(THCState *state) {
  checkState(state, "THCState_getNumBlasHandles");
  return state->numBlasHandles;
}

cublasHandle_t THCState_getDeviceBlasHandle(THCState *state, int device, int handle) {
  checkState(state, "THCState_getDeviceBlasHandle");
  checkDevice(state, device, "THCState_getDeviceBlasHandle");
  THArgCheck(handle >= 1 && handle <= state->numBlasHandles, 3,
             "THCState_getDeviceBlasHandle: handle %d out of range [1, %d]", handle, state->numBlasHandles);
  int current = currentDevice();
  cudaError_t err = cudaSuccess;
  cublasStatus_t status = CUBLAS_STATUS_SUCCESS;
  cublasHandle_t h;
  {
    // (errors are raised after the lock is released: THError may longjmp)
    std::lock_guard<std::mutex> lock(state->mutex);
    cublasHandle_t &slot = state->blas[device][handle - 1];
    if (!slot && (err = cudaSetDevice(device)) == cudaSuccess) {
      status = cublasCreate(&slot);
      if (status != CUBLAS_STATUS_SUCCESS) slot = (cublasHandle_t)0;
      cudaSetDevice(current);
    }
    h = slot;
  }
  THCudaCheck(err);
  THCublasCheck(status);
  return h;
}

cublasHandle_t THCState_getCurrentBlasHandle(THCState *state) {
  checkState(state, "THCState_getCurrentBlasHandle");
  int device = currentDevice();
  cublasHandle_t h = THCState_getDeviceBlasHandle(state, device, settingsOf(state).blas[device]);
  THCublasCheck(cublasSetStream(h, THCState_getCurrentStreamOnDevice(state, device)));
  return h;
}

int THCState_getCurrentBlasHandleIndex(THCState *state) {
  checkState(state, "THCState_getCurrentBlasHandleIndex");
  return settingsOf(state).blas[currentDevice()];
}

void THCState_setCurrentBlasHandleIndex(THCState *state, int handle) {
  checkState(state, "THCState_setCurrentBlasHandleIndex");
  THArgCheck(handle >= 1 && handle <= state->numBlasHandles, 2,
             "THCState_setCurrentBlasHandleIndex: handle %d out of range [1, %d]", handle,
             state->numBlasHandles);
  settingsOf(state).blas[currentDevice()] = handle;
}

/* ------------------------------------------------------------------ memory */

void THCState_setDeviceAllocator(THCState *state, THCDeviceAllocator *allocator) {
  checkState(state, "THCState_setDeviceAllocator");
  state->allocator = allocator ? allocator : state->cachingAllocator;
}

THCDeviceAllocator *THCState_getDeviceAllocator(THCState *state) {
  checkState(state, "THCState_getDeviceAllocator");
  return state->allocator;
}

THAllocator *THCState_getCudaHostAllocator(THCState *state) {
  THArgCheck(state != NULL, 1, "THCState_getCudaHostAllocator: state is NULL");
  return &hostAllocator;
}

cudaError_t THCudaMalloc(THCState *state, void **ptr, size_t size) {
  checkState(state, "THCudaMalloc");
  THArgCheck(ptr != NULL, 2, "THCudaMalloc: ptr is NULL");
  THCDeviceAllocator *a = state->allocator;
  return a->malloc(a->state, ptr, size, THCState_getCurrentStream(state));
}

cudaError_t THCudaFree(THCState *state, void *ptr) {
  checkState(state, "THCudaFree");
  THCDeviceAllocator *a = state->allocator;
  return a->free(a->state, ptr);
}

cudaError_t THCudaMemGetInfo(THCState *state, size_t *freeBytes, size_t *totalBytes) {
  checkState(state, "THCudaMemGetInfo");
  THArgCheck(freeBytes != NULL && totalBytes != NULL, 2, "THCudaMemGetInfo: freeBytes or totalBytes is NULL");
  cudaError_t err = cudaMemGetInfo(freeBytes, totalBytes);
  if (err != cudaSuccess) return err;
  // What the cache holds is free for this process's tensors.
  THCDeviceAllocator *a = state->allocator;
  if (a->cacheInfo) {
    size_t cached = 0, largest = 0;
    err = a->cacheInfo(a->state, currentDevice(), &cached, &largest);
    if (err == cudaSuccess) *freeBytes += cached;
  }
  return err;
}

void THCState_getAllocatorStats(THCState *state, THCAllocatorStats *stats) {
  THArgCheck(state != NULL, 1, "THCState_getAllocatorStats: state is NULL");
  THArgCheck(stats != NULL, 2, "THCState_getAllocatorStats: stats is NULL");
  if (!state->initialized)
    *stats = state->finalStats;  // after THCudaShutdown: what it gave back
  else
    THCCachingAllocator_getStats(state->cachingAllocator, stats);
}

void THCState_emptyCache(THCState *state) {
  checkState(state, "THCState_emptyCache");
  THCDeviceAllocator *a = state->allocator;
  if (a->emptyCache) THCudaCheck(a->emptyCache(a->state));
}

/* ---------------------------------------------------------------- random */

struct THCRNGState *THCState_getRngState(THCState *state) {
  THArgCheck(state != NULL, 1, "THCState_getRngState: state is NULL");
  return state->rngState;
}

void THCState_setRngState(THCState *state, struct THCRNGState *rng) {
  THArgCheck(state != NULL, 1, "THCState_setRngState: state is NULL");
  state->rngState = rng;
}
