#!/usr/bin/python3
"""Goldens of the volumetric pooling modules (tests/THNN/test_volumetric_pooling.c), from PyTorch 1.13.

Each case stores its inputs (input, gradOutput, random samples) and PyTorch's output and gradients,
in double (fractional max pooling in float, so that its window sequence is drawn with the arithmetic
of THNN's Float). Inputs are [N x] C x T x H x W.
Index tensors are converted to the legacy formats:
  VolumetricMaxPooling / VolumetricDilatedMaxPooling / VolumetricMaxUnpooling: Torch7's packed window
    offsets offT + 256 offH + 65536 offW, where off = (position - (o * stride - pad)) / dilation along
    each axis for output position o (PyTorch returns the flat position t H W + h W + w);
  VolumetricFractionalMaxPooling: the flat position within the plane + 1.
VolumetricFractionalMaxPooling has Torch7's layout: its input is [N x] C x H x W x T (T innermost) and
its random samples [N x C x 3] drive T, W, H in that order; PyTorch's fractional_max_pool3d pools the
same memory layout with its samples reversed (its sample 0 drives dimension 2).
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


def run(fn, x):
    """fn(x), its gradOutput and the gradient of sum(output * gradOutput)."""
    x = x.clone().requires_grad_(True)
    res = fn(x)
    y, extra = (res[0], res[1:]) if isinstance(res, tuple) else (res, ())
    go = rand(*y.shape).to(y.dtype)
    (y * go).sum().backward()
    return y.detach(), go, x.grad, extra


def store(f, name, **tensors):
    for key, t in tensors.items():
        f.add(name + "_" + key, t)


def triple(v):
    return tuple(v) if isinstance(v, (tuple, list)) else (v, v, v)


def pack_indices(flat, in_size, stride, pad, dilation):
    """PyTorch's flat argmax positions -> Torch7's packed window offsets."""
    in_t, in_h, in_w = in_size
    pos = (flat // (in_h * in_w), flat // in_w % in_h, flat % in_w)
    packed = torch.zeros_like(flat)
    for axis in range(3):
        o = torch.arange(flat.shape[-3 + axis]).view([-1 if a == axis else 1 for a in range(3)])
        off = (pos[axis] - (o * stride[axis] - pad[axis])) // dilation[axis]
        assert bool(((pos[axis] - (o * stride[axis] - pad[axis])) % dilation[axis] == 0).all())
        assert bool((off >= 0).all()) and bool((off < 256).all())
        packed += off << (8 * axis)
    return packed


def maxpool_case(f, name, x, k, s, p, ceil, dilation=1):
    k, s, p, dilation = triple(k), triple(s), triple(p), triple(dilation)
    y, go, gx, (ind,) = run(lambda x: F.max_pool3d(x, k, s, p, dilation, ceil_mode=ceil, return_indices=True), x)
    packed = pack_indices(ind, x.shape[-3:], s, p, dilation)
    store(f, name, input=x, gradOutput=go, output=y, indices=packed, gradInput=gx)


def avgpool_case(f, name, x, k, s, p, ceil, include_pad):
    y, go, gx, _ = run(lambda x: F.avg_pool3d(x, k, s, p, ceil_mode=ceil, count_include_pad=include_pad), x)
    store(f, name, input=x, gradOutput=go, output=y, gradInput=gx)


def fractional_case(f, name, x, k, size, legacy_samples):
    """x in the legacy layout [N x] C x H x W x T; k and size in memory order (H, W, T)."""
    batched = x.dim() == 5
    xb = x if batched else x.unsqueeze(0)
    samples = legacy_samples[..., [2, 1, 0]]

    def fn(x):
        y, ind = F.fractional_max_pool3d(x if batched else x.unsqueeze(0), k, output_size=size,
                                         return_indices=True, _random_samples=samples)
        return (y, ind) if batched else (y.squeeze(0), ind.squeeze(0))

    assert xb.shape[0] == legacy_samples.shape[0]
    y, go, gx, (ind,) = run(fn, x)
    store(f, name, input=x, samples=legacy_samples, gradOutput=go, output=y, indices=ind + 1, gradInput=gx)


def unpool_case(f, name, x, k, s, p):
    """max_unpool3d of a max pooling of x back to x's size."""
    k, s, p = triple(k), triple(s), triple(p)
    pooled, ind = F.max_pool3d(x, k, s, p, return_indices=True)
    packed = pack_indices(ind, x.shape[-3:], s, p, (1, 1, 1))
    y, go, gx, _ = run(lambda q: F.max_unpool3d(q, ind, k, s, p, output_size=x.shape[-3:]), pooled)
    store(f, name, input=pooled, indices=packed, gradOutput=go, output=y, gradInput=gx)


def main():
    torch.manual_seed(2024)
    f = GoldenFile("volumetric_pooling.txt", __doc__)
    # VolumetricMaxPooling: kernel kT=2 kH=3 kW=2, stride dT=1 dH=2 dW=2, padding 1x1x1, batch.
    maxpool_case(f, "max_pad", distinct(2, 1, 3, 5, 4), (2, 3, 2), (1, 2, 2), 1, False)
    # ceil_mode, partial windows at the ends, one volume.
    maxpool_case(f, "max_ceil", distinct(1, 3, 3, 5), 2, 2, 0, True)
    # VolumetricDilatedMaxPooling: dilation 2x1x2 with padding and ceil_mode.
    maxpool_case(f, "dilated", distinct(1, 1, 5, 4, 6), (2, 2, 3), (2, 1, 2), (1, 1, 1), True, (2, 1, 2))
    # kernel 4, dilation 2, padding 2: windows cut by more than one padding position (Torch7 erred).
    maxpool_case(f, "dilated_pad2", distinct(1, 1, 2, 5, 6), (1, 4, 4), (1, 2, 3), (0, 2, 2), False, (1, 2, 2))
    # VolumetricAveragePooling, with and without the padding in the divisor.
    for include_pad in (True, False):
        suffix = "_incl" if include_pad else "_excl"
        avgpool_case(f, "avg_pad" + suffix, rand(2, 1, 3, 5, 4), (2, 3, 2), (1, 2, 2), (1, 1, 1), False, include_pad)
        # ceil_mode: the last windows pass the far padding (their divisor stops at its end).
        avgpool_case(f, "avg_ceil" + suffix, rand(1, 5, 5, 4), 3, 2, 1, True, include_pad)
    avgpool_case(f, "avg_plain", rand(1, 2, 2, 4, 6), (2, 2, 3), (2, 1, 3), 0, False, True)
    # VolumetricFractionalMaxPooling (legacy layout H x W x T; kernel and sizes in that order).
    x = distinct(2, 1, 6, 6, 7, dtype=torch.float32)
    fractional_case(f, "fractional", x, (2, 3, 2), (4, 3, 5), torch.rand(2, 1, 3, dtype=torch.float32))
    x = distinct(2, 5, 5, 6, dtype=torch.float32)
    fractional_case(f, "fractional_single", x, 2, (3, 3, 4), torch.rand(1, 2, 3, dtype=torch.float32))
    # VolumetricMaxUnpooling of a 2x2x2 stride-2 max pooling, and of a padded 3x3x3 stride-2 one.
    unpool_case(f, "unpool", distinct(2, 1, 2, 4, 6), 2, 2, 0)
    unpool_case(f, "unpool_pad", distinct(1, 5, 5, 3), 3, 2, 1)
    f.write()


if __name__ == "__main__":
    main()
