#pragma once
// GRUFused's kernels: one thread per (row, hidden unit), units innermost (coalesced), the formulas
// and storage layout of THNN/generic/GRUFused.c.
#include "FusedRNN.cuh"

namespace thcunn_rnn {

constexpr int kGruStored = 5;  // r, z, n, hx, h_n + b2_n per unit

template <typename real>
__global__ void gruForward(const real *input, const real *hidden, const real *b1, const real *b2, const real *hx,
                           real *hy, real *storage, long N, long H) {
  for (long t = blockIdx.x * (long)blockDim.x + threadIdx.x; t < N * H; t += (long)gridDim.x * blockDim.x) {
    long row = t / H, j = t % H;
    const real *i = input + row * 3 * H, *h = hidden + row * 3 * H;
    real *s = storage + row * kGruStored * H;
    real ir = i[j], iz = i[H + j], in = i[2 * H + j];
    real hr = h[j], hz = h[H + j], hn = h[2 * H + j], x = hx[t];
    if (b1) ir += b1[j], iz += b1[H + j], in += b1[2 * H + j];
    if (b2) hr += b2[j], hz += b2[H + j], hn += b2[2 * H + j];
    real r = sigmoid(ir + hr), z = sigmoid(iz + hz);
    real n = tanh(in + r * hn);
    hy[t] = n + z * (x - n);
    s[j] = r;
    s[H + j] = z;
    s[2 * H + j] = n;
    s[3 * H + j] = x;
    s[4 * H + j] = hn;
  }
}

template <typename real>
__global__ void gruBackward(real *gradInInput, real *gradInHidden, const real *gradOutput, real *gradInputHx,
                            const real *storage, long N, long H) {
  for (long t = blockIdx.x * (long)blockDim.x + threadIdx.x; t < N * H; t += (long)gridDim.x * blockDim.x) {
    long row = t / H, j = t % H;
    const real *s = storage + row * kGruStored * H;
    real *di = gradInInput + row * 3 * H, *dh = gradInHidden + row * 3 * H;
    real r = s[j], z = s[H + j], n = s[2 * H + j], x = s[3 * H + j], hn = s[4 * H + j];
    real gy = gradOutput[t];
    real dn = gy * (1 - z) * (1 - n * n);  // through n's tanh
    real dz = gy * (x - n) * z * (1 - z);
    real dr = dn * hn * r * (1 - r);
    di[j] = dh[j] = dr;
    di[H + j] = dh[H + j] = dz;
    di[2 * H + j] = dn;
    dh[2 * H + j] = dn * r;
    gradInputHx[t] = gy * z;
  }
}

}  // namespace thcunn_rnn
