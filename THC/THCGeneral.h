#ifndef THC_GENERAL_INC
#define THC_GENERAL_INC
/* libTHC's state: devices, streams, cuBLAS handles, the device allocator, and the CUDA error checks.
 * The names and argument lists are cutorch's (THCGeneral.h); THCState itself is opaque in ember. */
#include <stddef.h>
#include <cuda_runtime_api.h>
#include <cublas_v2.h>
#include "THGeneral.h"
#include "THAllocator.h"

#ifdef __cplusplus
#define THC_EXTERNC extern "C"
#else
#define THC_EXTERNC extern
#endif
#define THC_API THC_EXTERNC __attribute__((visibility("default")))

typedef struct THCState THCState;

/* A device memory allocator (cutorch's layout). malloc and realloc allocate for use on `stream`;
 * free releases a pointer malloc returned; emptyCache and cacheInfo may be NULL. */
typedef struct _THCDeviceAllocator {
  cudaError_t (*malloc)(void *ctx, void **ptr, size_t size, cudaStream_t stream);
  cudaError_t (*realloc)(void *ctx, void **ptr, size_t oldSize, size_t newSize, cudaStream_t stream);
  cudaError_t (*free)(void *ctx, void *ptr);
  cudaError_t (*emptyCache)(void *ctx);
  cudaError_t (*cacheInfo)(void *ctx, int device, size_t *cachedBytes, size_t *largestBlock);
  void *state;
} THCDeviceAllocator;

/* ember: the caching allocator's counters (THCState_getAllocatorStats). */
typedef struct THCAllocatorStats {
  unsigned long cudaMallocCalls;  /* blocks obtained from cudaMalloc since THCudaInit */
  unsigned long cudaFreeCalls;    /* blocks given back with cudaFree (emptyCache, shutdown) */
  unsigned long allocations;      /* requests served */
  unsigned long cacheHits;        /* requests served from a cached block */
  size_t bytesInUse;              /* bytes of the blocks handed out and not yet freed */
  size_t bytesCached;             /* bytes of the blocks held for reuse */
} THCAllocatorStats;

THC_API THCState *THCState_alloc(void);
THC_API void THCState_free(THCState *state);
/* Finds the devices and sets up streams, cuBLAS handles, the caching allocator and the random
 * generators. An error (no device, no driver) is raised through THError with CUDA's reason. */
THC_API void THCudaInit(THCState *state);
/* Releases everything THCudaInit made, every cached block included. */
THC_API void THCudaShutdown(THCState *state);

THC_API int THCState_getNumDevices(THCState *state);
/* ember: the current device of the calling thread, and a checked cudaSetDevice. */
THC_API int THCState_getCurrentDevice(THCState *state);
THC_API void THCState_setCurrentDevice(THCState *state, int device);
THC_API struct cudaDeviceProp *THCState_getCurrentDeviceProperties(THCState *state);

/* Streams: index 0 is the device's default stream; 1..getNumStreams are reserved user streams. */
THC_API void THCState_reserveStreams(THCState *state, int numStreams, int nonBlocking);
THC_API int THCState_getNumStreams(THCState *state);
THC_API cudaStream_t THCState_getDeviceStream(THCState *state, int device, int stream);
THC_API cudaStream_t THCState_getCurrentStreamOnDevice(THCState *state, int device);
THC_API cudaStream_t THCState_getCurrentStream(THCState *state);
THC_API int THCState_getCurrentStreamIndex(THCState *state);
THC_API void THCState_setCurrentStreamIndex(THCState *state, int stream);

/* cuBLAS: handles 1..getNumBlasHandles per device; the current one is bound to the current stream
 * whenever it is handed out. */
THC_API void THCState_reserveBlasHandles(THCState *state, int numHandles);
THC_API int THCState_getNumBlasHandles(THCState *state);
THC_API cublasHandle_t THCState_getDeviceBlasHandle(THCState *state, int device, int handle);
THC_API cublasHandle_t THCState_getCurrentBlasHandle(THCState *state);
THC_API int THCState_getCurrentBlasHandleIndex(THCState *state);
THC_API void THCState_setCurrentBlasHandleIndex(THCState *state, int handle);

/* Device memory: through the state's allocator (the caching allocator unless replaced). */
THC_API void THCState_setDeviceAllocator(THCState *state, THCDeviceAllocator *allocator);
THC_API THCDeviceAllocator *THCState_getDeviceAllocator(THCState *state);
THC_API THAllocator *THCState_getCudaHostAllocator(THCState *state);  /* pinned host memory */
THC_API cudaError_t THCudaMalloc(THCState *state, void **ptr, size_t size);
THC_API cudaError_t THCudaFree(THCState *state, void *ptr);
THC_API cudaError_t THCudaMemGetInfo(THCState *state, size_t *freeBytes, size_t *totalBytes);
/* ember: the caching allocator's counters, and giving its cached blocks back to CUDA. */
THC_API void THCState_getAllocatorStats(THCState *state, THCAllocatorStats *stats);
THC_API void THCState_emptyCache(THCState *state);

/* The state's random generators, one per device (THCRandom.cu defines struct THCRNGState). The setter
 * is internal to libTHC: THCRandom_init stores what it made there. */
struct THCRNGState;
THC_API struct THCRNGState *THCState_getRngState(THCState *state);
THC_EXTERNC void THCState_setRngState(THCState *state, struct THCRNGState *rng);

/* Errors: a failed CUDA or cuBLAS call raises THError (so guarded mode and the handlers apply) with
 * CUDA's error string and the call as written; the sticky error is cleared first when CUDA allows. */
#define THCudaCheck(err) _THCudaCheckCall((err), #err, __FILE__, __LINE__)
#define THCublasCheck(err) _THCublasCheckCall((err), #err, __FILE__, __LINE__)
/* After a kernel launch: raises naming the kernel when the launch failed. */
#define THCudaCheckLaunch(kernelName) _THCudaCheckCall(cudaGetLastError(), "launch of " kernelName, __FILE__, __LINE__)
THC_API void _THCudaCheckCall(cudaError_t err, const char *call, const char *file, int line);
THC_API void _THCublasCheckCall(cublasStatus_t status, const char *call, const char *file, int line);
/* cutorch's entry points, kept for legacy callers (they name no call). */
THC_API void __THCudaCheck(cudaError_t err, const char *file, const int line);
THC_API void __THCublasCheck(cublasStatus_t status, const char *file, const int line);

#endif
