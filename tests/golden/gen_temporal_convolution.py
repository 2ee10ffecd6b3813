#!/usr/bin/python3
"""Goldens of the temporal convolutions (tests/THNN/test_temporal_convolution.c), from PyTorch 1.13.

Each case stores its inputs (input, weight, bias, gradOutput, in the legacy layout the THNN function
takes) and PyTorch's output, gradInput, gradWeight and gradBias, computed in double.
  TemporalConvolution     input [N x T x inputFrameSize] (frames as rows), weight [outputFrameSize x
                          kW*inputFrameSize] with element (o, k*inputFrameSize + i) = conv1d's w[o][i][k]:
                          conv1d on the transposed input, output transposed back.
  TemporalRowConvolution  input [N x F x T] (featFirst) or [N x T x F], weight [F x 1 x kW]: conv1d with
                          groups = F (each feature row convolved with its own kernel), stride, padding.
"""
import os
import sys

import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from golden_io import GoldenFile  # noqa: E402


def rand(*shape):
    return torch.rand(*shape, dtype=torch.float64) * 2 - 1


def run_case(f, name, fn, x, params, names):
    """Stores inputs, output and the gradients of sum(output * gradOutput) for fn(x, *params)."""
    x = x.clone().requires_grad_(True)
    ps = [p.clone().requires_grad_(True) for p in params]
    y = fn(x, *ps)
    go = rand(*y.shape)
    (y * go).sum().backward()
    f.add(name + "_input", x)
    for n, p in zip(names, ps):
        f.add(name + "_" + n, p)
    f.add(name + "_gradOutput", go)
    f.add(name + "_output", y)
    f.add(name + "_gradInput", x.grad)
    for n, p in zip(names, ps):
        f.add(name + "_grad" + n[0].upper() + n[1:], p.grad)


def batched(fn, x, *args):
    """fn on a batch; a legacy non-batch input gets a batch of one."""
    if x.dim() == 2:
        return fn(x.unsqueeze(0), *args).squeeze(0)
    return fn(x, *args)


def temporal_case(f, name, x, out_frame, kw, dw):
    in_frame = x.shape[-1]
    w = rand(out_frame, kw * in_frame)
    b = rand(out_frame)

    def fn(x, w, b):
        wt = w.reshape(out_frame, kw, in_frame).permute(0, 2, 1)
        return batched(lambda xb: F.conv1d(xb.transpose(1, 2), wt, b, stride=dw).transpose(1, 2), x)
    run_case(f, name, fn, x, [w, b], ["weight", "bias"])


def row_case(f, name, x, kw, dw, pad, feat_first):
    n_feat = x.shape[-2] if feat_first else x.shape[-1]
    w = rand(n_feat, 1, kw)
    b = rand(n_feat)

    def fn(x, w, b):
        def conv(xb):
            xf = xb if feat_first else xb.transpose(1, 2)
            y = F.conv1d(xf, w, b, stride=dw, padding=pad, groups=n_feat)
            return y if feat_first else y.transpose(1, 2)
        return batched(conv, x)
    run_case(f, name, fn, x, [w, b], ["weight", "bias"])


def main():
    torch.manual_seed(4321)
    f = GoldenFile("temporal_convolution.txt", __doc__)
    # TemporalConvolution: batch, kW 3 dW 2 over 8 frames ((8 - 3) % 2 != 0: the last frame is unused).
    temporal_case(f, "tc_batch", rand(2, 8, 3), 4, 3, 2)
    # One sequence, dW 3 > kW 2: frames between windows are skipped.
    temporal_case(f, "tc_single", rand(7, 2), 3, 2, 3)
    # dW 1, kW 4: four kernel blocks.
    temporal_case(f, "tc_dw1", rand(2, 6, 3), 2, 4, 1)
    # TemporalRowConvolution: featFirst batch, kW 3 dW 2 padW 1.
    row_case(f, "row_batch", rand(2, 3, 7), 3, 2, 1, True)
    # Frames first ([T x F]), one sequence, padW 2 > kW / 2 (Torch7 read out of bounds here).
    row_case(f, "row_single", rand(6, 2), 2, 1, 2, False)
    # Frames first, batch, stride 3 that does not tile 8 frames, no padding.
    row_case(f, "row_framesfirst", rand(2, 8, 3), 3, 3, 0, False)
    f.write()


if __name__ == "__main__":
    main()
