// The fill kernel of every storage type: elements are filled by their bit pattern, so one kernel
// per element width serves the seven types.
#include <cstdint>
#include <cstring>

#include "THCStorageFill.h"

namespace {

template <typename Word>
__global__ void fillWords(Word *data, uint64_t n, Word value) {
  for (uint64_t i = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; i < n;
       i += (uint64_t)gridDim.x * blockDim.x)
    data[i] = value;
}

template <typename Word>
void launchFill(THCState *state, void *data, ptrdiff_t n, const void *value) {
  Word word;
  std::memcpy(&word, value, sizeof word);
  const int threads = 256;
  // Enough blocks to fill the device; the grid-stride loop covers the rest.
  uint64_t blocks = ((uint64_t)n + threads - 1) / threads;
  if (blocks > 65535) blocks = 65535;
  fillWords<Word><<<(unsigned)blocks, threads, 0, THCState_getCurrentStream(state)>>>(
      static_cast<Word *>(data), (uint64_t)n, word);
  THCudaCheckLaunch("fillWords");
}

}  // namespace

void THCStorage_fillBytes(THCState *state, void *data, ptrdiff_t n, int elementSize, const void *value) {
  if (n <= 0) return;
  switch (elementSize) {
    case 1: launchFill<uint8_t>(state, data, n, value); break;
    case 2: launchFill<uint16_t>(state, data, n, value); break;
    case 4: launchFill<uint32_t>(state, data, n, value); break;
    case 8: launchFill<uint64_t>(state, data, n, value); break;
    default: THError("THCStorage_fill: unsupported element size %d", elementSize);
  }
}
