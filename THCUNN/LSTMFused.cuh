#pragma once
// LSTMFused's kernels: one thread per (row, hidden unit), units innermost (coalesced), the formulas
// and storage layout of THNN/generic/LSTMFused.c (the activated gates overwrite input).
#include "FusedRNN.cuh"

namespace thcunn_rnn {

template <typename real>
__global__ void lstmForward(real *gates, const real *hidden, const real *b1, const real *b2, const real *cx, real *hy,
                            real *cy, long N, long H) {
  for (long t = blockIdx.x * (long)blockDim.x + threadIdx.x; t < N * H; t += (long)gridDim.x * blockDim.x) {
    long row = t / H, j = t % H;
    real *a = gates + row * 4 * H;
    const real *h = hidden + row * 4 * H;
    real pre[4];
    for (int k = 0; k < 4; k++) {
      long at = k * H + j;
      pre[k] = a[at] + h[at] + (b1 ? b1[at] : 0) + (b2 ? b2[at] : 0);
    }
    real ig = sigmoid(pre[0]), fg = sigmoid(pre[1]), gg = tanh(pre[2]), og = sigmoid(pre[3]);
    real c = fg * cx[t] + ig * gg;
    a[j] = ig;
    a[H + j] = fg;
    a[2 * H + j] = gg;
    a[3 * H + j] = og;
    cy[t] = c;
    hy[t] = og * tanh(c);
  }
}

// goc (dL/dcy) may be NULL (zero).
template <typename real>
__global__ void lstmBackward(const real *gates, real *gradInGates, const real *cx, const real *cy, const real *go,
                             const real *goc, real *gradInputCx, long N, long H) {
  for (long t = blockIdx.x * (long)blockDim.x + threadIdx.x; t < N * H; t += (long)gridDim.x * blockDim.x) {
    long row = t / H, j = t % H;
    const real *a = gates + row * 4 * H;
    real *d = gradInGates + row * 4 * H;
    real ig = a[j], fg = a[H + j], g = a[2 * H + j], og = a[3 * H + j];
    real th = tanh(cy[t]), gy = go[t];
    real dc = gy * og * (1 - th * th) + (goc ? goc[t] : 0);  // dL/dcy, through hy and directly
    gradInputCx[t] = dc * fg;
    d[j] = dc * g * ig * (1 - ig);
    d[H + j] = dc * cx[t] * fg * (1 - fg);
    d[2 * H + j] = dc * ig * (1 - g * g);
    d[3 * H + j] = gy * th * og * (1 - og);
  }
}

}  // namespace thcunn_rnn
