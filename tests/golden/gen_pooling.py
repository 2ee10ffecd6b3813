#!/usr/bin/python3
"""Goldens of the pooling modules (tests/THNN/test_pooling.c), from PyTorch 1.13.

Each case stores its inputs (input, gradOutput, parameters, in the legacy layout the THNN function
takes) and PyTorch's output, gradients and indices, computed in double (fractional max pooling in
float, so that its window sequence is drawn with the arithmetic of THNN's Float). Index tensors are
PyTorch's, 0-based positions within the plane (the legacy spatial modules return them + 1;
SpatialAdaptiveMaxPooling returns row and column offsets within the window, which the test derives);
for max_pool1d, positions along T (TemporalMaxPooling returns the offset within the window).
Legacy modules without a PyTorch counterpart are expressed through one:
  TemporalMaxPooling ([T x F], over T)  = max_pool1d on the transposed [F x T]
  SpatialSubSampling                     = bias + weight * kH*kW * avg_pool2d, per plane
  TemporalSubSampling                    = bias + weight * kW * avg_pool1d, per feature
  FeatureLPPooling (over the features)   = lp_pool1d with the features moved last (positive inputs)
"""
import os
import sys

import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from golden_io import GoldenFile  # noqa: E402


def distinct(*shape, dtype=torch.float64):
    """Values in [-1, 1) that are all different (max pooling without ties)."""
    n = 1
    for s in shape:
        n *= s
    v = (torch.randperm(n).to(dtype) + torch.rand(n, dtype=dtype) * 0.5) / n * 2 - 1
    return v.reshape(shape)


def rand(*shape):
    return torch.rand(*shape, dtype=torch.float64) * 2 - 1


def run(fn, x, params=()):
    """fn(x, *params), its gradOutput and the gradients of sum(output * gradOutput)."""
    x = x.clone().requires_grad_(True)
    ps = [p.clone().requires_grad_(True) for p in params]
    res = fn(x, *ps)
    y, extra = (res[0], res[1:]) if isinstance(res, tuple) else (res, ())
    go = rand(*y.shape).to(y.dtype)
    (y * go).sum().backward()
    return y.detach(), go, x.grad, [p.grad for p in ps], extra


def store(f, name, **tensors):
    for key, t in tensors.items():
        f.add(name + "_" + key, t)


def maxpool_case(f, name, x, k, s, p, ceil, dilation=1):
    y, go, gx, _, (ind,) = run(lambda x: F.max_pool2d(x, k, s, p, dilation, ceil_mode=ceil, return_indices=True), x)
    store(f, name, input=x, gradOutput=go, output=y, indices=ind, gradInput=gx)


def avgpool_case(f, name, x, k, s, p, ceil, include_pad):
    y, go, gx, _, _ = run(lambda x: F.avg_pool2d(x, k, s, p, ceil_mode=ceil, count_include_pad=include_pad), x)
    store(f, name, input=x, gradOutput=go, output=y, gradInput=gx)


def adaptive_case(f, name, x, size):
    """Both adaptive poolings of one input (stored once, as NAME_input)."""
    f.add(name + "_input", x)
    y, go, gx, _, (ind,) = run(lambda x: F.adaptive_max_pool2d(x, size, return_indices=True), x)
    store(f, name + "_max", gradOutput=go, output=y, indices=ind, gradInput=gx)
    y, go, gx, _, _ = run(lambda x: F.adaptive_avg_pool2d(x, size), x)
    store(f, name + "_avg", gradOutput=go, output=y, gradInput=gx)


def fractional_case(f, name, x, k, size, samples):
    fn = lambda x: F.fractional_max_pool2d(x, k, output_size=size, return_indices=True, _random_samples=samples)
    y, go, gx, _, (ind,) = run(fn, x)
    store(f, name, input=x, samples=samples, gradOutput=go, output=y, indices=ind, gradInput=gx)


def unpool_case(f, name, x, size):
    """max_unpool2d of a 2x2 stride-2 max pooling of x."""
    pooled, ind = F.max_pool2d(x, 2, 2, return_indices=True)
    y, go, gx, _, _ = run(lambda p: F.max_unpool2d(p, ind, 2, 2, output_size=size), pooled)
    store(f, name, input=pooled, indices=ind, gradOutput=go, output=y, gradInput=gx)


def temporal_max_case(f, name, x, k, s):
    """x is [T x F] or [N x T x F]; max_pool1d pools the last dimension, so T goes last."""
    fn = lambda x: tuple(t.transpose(-1, -2) for t in F.max_pool1d(x.transpose(-1, -2), k, s, return_indices=True))
    y, go, gx, _, (ind,) = run(fn, x)
    store(f, name, input=x, gradOutput=go, output=y, indices=ind, gradInput=gx)


def subsampling_case(f, name, x, k, s):
    planes = x.shape[-3]
    w, b = rand(planes), rand(planes)
    fn = lambda x, w, b: (F.avg_pool2d(x, k, s) * (k[0] * k[1]) * w.view(-1, 1, 1) + b.view(-1, 1, 1))
    y, go, gx, (gw, gb), _ = run(fn, x, (w, b))
    store(f, name, input=x, weight=w, bias=b, gradOutput=go, output=y, gradInput=gx, gradWeight=gw, gradBias=gb)


def temporal_subsampling_case(f, name, x, k, s):
    feats = x.shape[-1]
    w, b = rand(feats), rand(feats)
    fn = lambda x, w, b: (F.avg_pool1d(x.transpose(-1, -2), k, s) * k).transpose(-1, -2) * w + b
    y, go, gx, (gw, gb), _ = run(fn, x, (w, b))
    store(f, name, input=x, weight=w, bias=b, gradOutput=go, output=y, gradInput=gx, gradWeight=gw, gradBias=gb)


def lp_case(f, name, x, power, width, stride, batch):
    """Pools the feature dimension (0, or 1 in batch mode) of x (positive values)."""
    fdim = 1 if batch else 0

    def fn(x):
        moved = x.movedim(fdim, -1)
        flat = moved.reshape(1, -1, moved.shape[-1])
        y = F.lp_pool1d(flat, power, width, stride)
        return y.reshape(*moved.shape[:-1], y.shape[-1]).movedim(-1, fdim)

    y, go, gx, _, _ = run(fn, x)
    store(f, name, input=x, gradOutput=go, output=y, gradInput=gx)


def main():
    torch.manual_seed(4321)
    f = GoldenFile("pooling.txt", __doc__)
    # SpatialMaxPooling: kernel kH=3 kW=2, stride dH=2 dW=1, padding 1x1, batch.
    maxpool_case(f, "max_pad", distinct(2, 1, 6, 5), (3, 2), (2, 1), (1, 1), False)
    # ceil_mode with partial windows at the bottom and right, one image.
    maxpool_case(f, "max_ceil", distinct(3, 5, 5), 2, 2, 0, True)
    # ceil_mode with padding: the last window would start in the right padding and is dropped.
    maxpool_case(f, "max_ceil_pad", distinct(1, 2, 6, 6), 3, 2, 1, True)
    # The 2x2 stride-2 fast path.
    maxpool_case(f, "max_2x2", distinct(2, 2, 4, 4), 2, 2, 0, False)
    # SpatialDilatedMaxPooling: dilation dH=2 dW=3, ceil_mode.
    maxpool_case(f, "dilated", distinct(2, 1, 8, 9), (3, 2), (2, 1), (1, 1), True, (2, 3))
    # SpatialAveragePooling.
    for include_pad in (True, False):
        suffix = "_incl" if include_pad else "_excl"
        avgpool_case(f, "avg_pad" + suffix, rand(2, 1, 6, 5), (3, 2), (2, 2), (1, 1), False, include_pad)
        # ceil_mode: the last windows pass the right padding (their divisor stops at its end).
        avgpool_case(f, "avg_ceil" + suffix, rand(2, 5, 6), 3, 2, 1, True, include_pad)
    avgpool_case(f, "avg_plain", rand(3, 5, 4), 2, (1, 2), 0, False, True)
    # SpatialAdaptiveMax/AveragePooling: shrinking unevenly, and growing.
    adaptive_case(f, "adaptive_shrink", distinct(2, 1, 7, 5), (3, 4))
    adaptive_case(f, "adaptive_single", distinct(2, 5, 7), (2, 3))
    adaptive_case(f, "adaptive_grow", distinct(1, 2, 3, 2), (5, 4))
    # SpatialFractionalMaxPooling: kernel kH=2 kW=3; samples [N x C x 2] (0: W, 1: H).
    x = distinct(2, 1, 9, 8, dtype=torch.float32)
    fractional_case(f, "fractional", x, (2, 3), (4, 5), torch.rand(2, 1, 2, dtype=torch.float32))
    x = distinct(2, 7, 7, dtype=torch.float32)
    fractional_case(f, "fractional_single", x, 2, (3, 3), torch.rand(1, 2, 2, dtype=torch.float32))
    # SpatialMaxUnpooling of a 2x2 max pooling, back to the input's size and to a larger plane.
    unpool_case(f, "unpool", distinct(2, 1, 4, 6), (4, 6))
    unpool_case(f, "unpool_single", distinct(2, 4, 4), (5, 5))
    # TemporalMaxPooling: overlapping windows (kW=3, dW=2), one sequence and a batch.
    temporal_max_case(f, "tmax", distinct(9, 4), 3, 2)
    temporal_max_case(f, "tmax_batch", distinct(2, 8, 3), 2, 3)
    # SpatialSubSampling: kernel kH=3 kW=2, stride dH=2 dW=1.
    subsampling_case(f, "sub", rand(2, 2, 5, 5), (3, 2), (2, 1))
    subsampling_case(f, "sub_single", rand(3, 4, 4), (2, 2), (2, 2))
    # TemporalSubSampling: kW=3, dW=2.
    temporal_subsampling_case(f, "tsub", rand(9, 3), 3, 2)
    temporal_subsampling_case(f, "tsub_batch", rand(2, 7, 2), 2, 1)
    # FeatureLPPooling: width 3, stride 2 (overlapping), power 2 and 3.
    lp_case(f, "lp2_batch", torch.rand(2, 7, 3, dtype=torch.float64) + 0.1, 2, 3, 2, True)
    lp_case(f, "lp3_single", torch.rand(6, 2, 2, dtype=torch.float64) + 0.1, 3, 2, 1, False)
    f.write()


if __name__ == "__main__":
    main()
