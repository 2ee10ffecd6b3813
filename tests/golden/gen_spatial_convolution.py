#!/usr/bin/python3
"""Goldens of the spatial convolutions (tests/THNN/test_spatial_convolution.c), from PyTorch 1.13.

Each case stores its inputs (input, weight, bias, gradOutput, in the legacy layout the THNN
function takes) and PyTorch's output, gradInput, gradWeight and gradBias, computed in double.
Legacy modules without a PyTorch counterpart are expressed through one:
  SpatialDepthWiseConvolution  = conv2d with groups = nInputPlane (weight[j][i] -> filter i*mult+j)
  SpatialConvolutionLocal      = unfold, then a per-position product
  SpatialConvolutionMap        = conv2d with the dense weight the connection table describes
  SpatialFullConvolutionMap    = conv_transpose2d with that dense weight
"""
import os
import sys

import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from golden_io import GoldenFile  # noqa: E402


def rand(*shape):
    return torch.rand(*shape, dtype=torch.float64) * 2 - 1


def store(f, name, inputs, outputs):
    for key, t in inputs.items():
        f.add(name + "_" + key, t)
    for key, t in outputs.items():
        f.add(name + "_" + key, t)


def run(fn, x, params, seed_go=None):
    """Output and the gradients of sum(output * gradOutput) for fn(x, *params)."""
    x = x.clone().requires_grad_(True)
    ps = [p.clone().requires_grad_(True) for p in params]
    y = fn(x, *ps)
    go = rand(*y.shape)
    (y * go).sum().backward()
    return y.detach(), go, x.grad, [p.grad for p in ps]


def conv_case(f, name, x, w, b, stride, padding, dilation=(1, 1)):
    params = [w] + ([b] if b is not None else [])
    fn = lambda x, w, b=None: F.conv2d(x, w, b, stride=stride, padding=padding, dilation=dilation)
    y, go, gx, gp = run(fn, x, params)
    inputs = {"input": x, "weight": w, "gradOutput": go}
    outputs = {"output": y, "gradInput": gx, "gradWeight": gp[0]}
    if b is not None:
        inputs["bias"] = b
        outputs["gradBias"] = gp[1]
    store(f, name, inputs, outputs)


def full_case(f, name, x, w, b, stride, padding, output_padding, dilation=(1, 1)):
    fn = lambda x, w, b: F.conv_transpose2d(x, w, b, stride=stride, padding=padding,
                                            output_padding=output_padding, dilation=dilation)
    y, go, gx, gp = run(fn, x, [w, b])
    store(f, name, {"input": x, "weight": w, "bias": b, "gradOutput": go},
          {"output": y, "gradInput": gx, "gradWeight": gp[0], "gradBias": gp[1]})


def depthwise_case(f, name, x, mult, k, stride, padding):
    n_in = x.shape[1]
    w = rand(mult, n_in, *k)        # legacy: weight[j][i] is input plane i's j-th kernel
    b = rand(mult, n_in)
    def fn(x, w, b):
        wt = w.transpose(0, 1).reshape(n_in * mult, 1, *k)   # filter i*mult + j
        return F.conv2d(x, wt, b.transpose(0, 1).reshape(-1), stride=stride, padding=padding, groups=n_in)
    y, go, gx, gp = run(fn, x, [w, b])
    store(f, name, {"input": x, "weight": w, "bias": b, "gradOutput": go},
          {"output": y, "gradInput": gx, "gradWeight": gp[0], "gradBias": gp[1]})


def local_case(f, name, x, n_out, k, stride, padding):
    n, n_in, h, wd = x.shape
    oh = (h + 2 * padding[0] - k[0]) // stride[0] + 1
    ow = (wd + 2 * padding[1] - k[1]) // stride[1] + 1
    w = rand(oh, ow, n_out, n_in, *k)
    b = rand(n_out, oh, ow)
    def fn(x, w, b):
        cols = F.unfold(x, k, padding=padding, stride=stride)           # [N, K, L]
        wl = w.reshape(oh * ow, n_out, -1)                              # [L, nOut, K]
        return torch.einsum("lok,nkl->nol", wl, cols).reshape(n, n_out, oh, ow) + b
    y, go, gx, gp = run(fn, x, [w, b])
    store(f, name, {"input": x, "weight": w, "bias": b, "gradOutput": go},
          {"output": y, "gradInput": gx, "gradWeight": gp[0], "gradBias": gp[1]})


def dense_from_table(w, table, n_in, n_out, transposed):
    """The dense weight a connection table describes ([nOut, nIn, kH, kW], or [nIn, nOut, kH, kW])."""
    shape = (n_in, n_out) if transposed else (n_out, n_in)
    dense = torch.zeros(*shape, *w.shape[1:], dtype=w.dtype)
    for k, (i, o) in enumerate(table.long().tolist()):
        idx = (i - 1, o - 1) if transposed else (o - 1, i - 1)
        dense[idx] = dense[idx] + w[k]
    return dense


def map_case(f, name, x, table, n_in, n_out, k, stride, transposed):
    w = rand(table.shape[0], *k)
    b = rand(n_out)
    def fn(x, w, b):
        dense = dense_from_table(w, table, n_in, n_out, transposed)
        if transposed:
            return F.conv_transpose2d(x, dense, b, stride=stride)
        return F.conv2d(x, dense, b, stride=stride)
    y, go, gx, gp = run(fn, x, [w, b])
    store(f, name, {"input": x, "weight": w, "bias": b, "connTable": table, "gradOutput": go},
          {"output": y, "gradInput": gx, "gradWeight": gp[0], "gradBias": gp[1]})


def main():
    torch.manual_seed(1234)
    f = GoldenFile("spatial_convolution.txt", __doc__)
    # SpatialConvolutionMM: non-square kernel 3x2, stride dH=2 dW=1, padding padH=1 padW=0, batch.
    conv_case(f, "mm_batch", rand(2, 2, 5, 4), rand(3, 2, 3, 2), rand(3), (2, 1), (1, 0))
    # Strides that do not tile the input, padding on both sides, one image.
    conv_case(f, "mm_single", rand(1, 2, 6, 7)[0], rand(2, 2, 3, 3), rand(2), (3, 2), (1, 2))
    # 1x1 stride 1 (no unfolding), no bias.
    conv_case(f, "mm_pointwise", rand(2, 3, 3, 2), rand(2, 3, 1, 1), None, (1, 1), (0, 0))
    # SpatialDilatedConvolution: dilation dH=2 dW=3.
    conv_case(f, "dilated", rand(2, 2, 7, 6), rand(2, 2, 3, 2), rand(2), (1, 2), (2, 1), (2, 3))
    # SpatialFullConvolution: stride 2x3, padding 1x0, adj 1x2.
    full_case(f, "full", rand(2, 2, 3, 3), rand(2, 2, 3, 3), rand(2), (2, 3), (1, 0), (1, 2))
    # SpatialFullDilatedConvolution: dilation 2x1, adj (output_padding) 1x0, one image.
    full_case(f, "full_dilated", rand(1, 2, 4, 3), rand(2, 2, 2, 3), rand(2), (2, 2), (1, 1), (1, 0), (2, 1))
    # SpatialDepthWiseConvolution: non-square input 6x5 and kernel 3x2, multiplier 2.
    depthwise_case(f, "depthwise", rand(2, 2, 5, 4), 2, (3, 2), (1, 2), (1, 0))
    # SpatialConvolutionLocal: 2 -> 2 planes, kernel 2x3, stride 2x2, padding 1x1.
    local_case(f, "local", rand(2, 2, 4, 5), 2, (2, 3), (2, 2), (1, 1))
    # SpatialConvolutionMap: 3 -> 2 planes; input 2 feeds both outputs, and a repeated (1, 1) pair.
    table = torch.tensor([[1, 1], [2, 1], [2, 2], [3, 2], [1, 1]], dtype=torch.float64)
    # Strides that do not tile the input: (7 - 3) % 3 != 0 and (6 - 2) % 3 != 0.
    map_case(f, "map", rand(2, 3, 7, 6), table, 3, 2, (3, 2), (3, 3), False)
    # SpatialFullConvolutionMap, batch input (Torch7 took only one image).
    map_case(f, "fullmap", rand(2, 3, 2, 3), table, 3, 2, (2, 3), (2, 1), True)
    f.write()


if __name__ == "__main__":
    main()
