#!/usr/bin/python3
"""Goldens of the padding, upsampling and grid sampling modules (tests/THNN/test_padding_upsampling.c),
from PyTorch 1.13, in double.

Each case stores its inputs (input, gradOutput, grid) and PyTorch's output and gradients. Legacy
modules and their PyTorch counterparts:
  Spatial{Reflection,Replication}Padding(l, r, t, b)  = F.pad(x, (l, r, t, b), reflect / replicate)
  VolumetricReplicationPadding(l, r, t, b, f, k)     = F.pad(x, (l, r, t, b, f, k), replicate)
  Spatial/VolumetricUpSamplingNearest(s)             = F.interpolate(x, scale_factor=s, nearest)
  SpatialUpSamplingBilinear(h, w)                    = F.interpolate(x, (h, w), bilinear, align_corners=True)
  VolumetricUpSamplingTrilinear(d, h, w)             = F.interpolate(x, (d, h, w), trilinear, align_corners=True)
  SpatialGridSamplerBilinear                         = F.grid_sample(bilinear, zeros, align_corners=True)
Inputs without a batch dimension are run as a batch of one.
"""
import os
import sys

import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from golden_io import GoldenFile  # noqa: E402


def rand(*shape, scale=1.0):
    return (torch.rand(*shape, dtype=torch.float64) * 2 - 1) * scale


def run(fn, *inputs):
    """fn(*inputs), its gradOutput and the gradients of sum(output * gradOutput)."""
    xs = [x.clone().requires_grad_(True) for x in inputs]
    y = fn(*xs)
    go = rand(*y.shape)
    (y * go).sum().backward()
    return y.detach(), go, [x.grad for x in xs]


def batched(fn, spatial_dims):
    """fn applied to x, with a batch of one added and removed when x has none."""
    def wrapped(x):
        if x.dim() == spatial_dims + 2:
            return fn(x)
        return fn(x.unsqueeze(0)).squeeze(0)
    return wrapped


def store(f, name, **tensors):
    for key, t in tensors.items():
        f.add(name + "_" + key, t)


def pad_case(f, name, x, pads, mode):
    dims = len(pads) // 2
    y, go, (gx,) = run(batched(lambda x: F.pad(x, pads, mode=mode), dims), x)
    store(f, name, input=x, gradOutput=go, output=y, gradInput=gx)


def interp_case(f, name, x, dims, mode, size=None, scale=None):
    extra = {} if mode == "nearest" else {"align_corners": True}
    fn = batched(lambda x: F.interpolate(x, size=size, scale_factor=scale, mode=mode, **extra), dims)
    y, go, (gx,) = run(fn, x)
    store(f, name, input=x, gradOutput=go, output=y, gradInput=gx)


def grid_case(f, name, x, grid):
    fn = lambda x, g: F.grid_sample(x, g, mode="bilinear", padding_mode="zeros", align_corners=True)
    y, go, (gx, gg) = run(fn, x, grid)
    store(f, name, input=x, grid=grid, gradOutput=go, output=y, gradInput=gx, gradGrid=gg)


def main():
    torch.manual_seed(77)
    f = GoldenFile("padding_upsampling.txt", __doc__)
    # SpatialReflectionPadding (pad_l, pad_r, pad_t, pad_b): up to size - 1; negative pads crop.
    pad_case(f, "reflect", rand(1, 2, 4, 5), (2, 4, 3, 1), "reflect")
    pad_case(f, "reflect_crop", rand(1, 3, 4, 4), (-1, 2, 1, -2), "reflect")
    pad_case(f, "reflect_single", rand(2, 3, 4), (1, 0, 2, 2), "reflect")
    # SpatialReplicationPadding: pads larger than the input, cropping.
    pad_case(f, "replicate", rand(2, 1, 3, 4), (5, 1, 0, 4), "replicate")
    pad_case(f, "replicate_crop", rand(3, 4, 5), (-2, 1, 2, -3), "replicate")
    # VolumetricReplicationPadding (pleft, pright, ptop, pbottom, pfront, pback).
    pad_case(f, "replicate3d", rand(1, 1, 2, 3, 3), (1, 2, 0, 3, 2, 1), "replicate")
    pad_case(f, "replicate3d_crop", rand(2, 3, 4, 3), (-1, 2, 1, -1, 0, -2), "replicate")
    # Nearest upsampling by integer factors.
    interp_case(f, "nearest", rand(2, 1, 3, 4), 2, "nearest", scale=2)
    interp_case(f, "nearest_single", rand(2, 2, 3), 2, "nearest", scale=3)
    interp_case(f, "nearest3d", rand(1, 1, 2, 3, 2), 3, "nearest", scale=2)
    interp_case(f, "nearest3d_single", rand(1, 2, 2, 3), 3, "nearest", scale=2)
    # Bilinear (align_corners=True): growing, shrinking, to one row, one image.
    interp_case(f, "bilinear_up", rand(2, 1, 3, 4), 2, "bilinear", size=(5, 7))
    interp_case(f, "bilinear_down", rand(1, 2, 6, 5), 2, "bilinear", size=(4, 3))
    interp_case(f, "bilinear_line", rand(1, 1, 3, 4), 2, "bilinear", size=(1, 6))
    interp_case(f, "bilinear_single", rand(3, 2, 3), 2, "bilinear", size=(4, 5))
    # Trilinear (align_corners=True).
    interp_case(f, "trilinear_up", rand(1, 2, 2, 3, 2), 3, "trilinear", size=(3, 4, 5))
    interp_case(f, "trilinear_down", rand(1, 1, 4, 3, 5), 3, "trilinear", size=(2, 2, 3))
    interp_case(f, "trilinear_single", rand(2, 2, 2, 3), 3, "trilinear", size=(3, 3, 2))
    # SpatialGridSamplerBilinear: points inside and outside [-1, 1] (zeros beyond the border).
    grid_case(f, "grid", rand(2, 2, 3, 4), rand(2, 3, 3, 2, scale=1.3))
    grid_case(f, "grid_wide", rand(1, 3, 3, 6), rand(1, 2, 5, 2, scale=1.1))
    f.write()


if __name__ == "__main__":
    main()
