#!/usr/bin/python3
"""Goldens of BatchNormalization (tests/THNN/test_batchnorm.c), from PyTorch 1.13's F.batch_norm.

Each case stores input, weight and bias (when used), running_mean and running_var before the call,
gradOutput, and PyTorch's output, running_mean/running_var after the call (training updates them
with momentum and the unbiased batch variance), the batch mean and inverse standard deviation
(save_mean, save_std in training) and the gradients of sum(output * gradOutput) w.r.t. input, weight
and bias, computed in double."""
import os
import sys

import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from golden_io import GoldenFile  # noqa: E402

MOMENTUM = 0.1
EPS = 1e-5


def rand(*shape):
    return torch.rand(*shape, dtype=torch.float64) * 2 - 1


def case(f, name, x, affine, training):
    c = x.shape[1]
    w, b = (rand(c), rand(c)) if affine else (None, None)
    rm, rv = rand(c), torch.rand(c, dtype=torch.float64) + 0.5
    rm_after, rv_after = rm.clone(), rv.clone()
    xl = x.clone().requires_grad_(True)
    wl = w.clone().requires_grad_(True) if affine else None
    bl = b.clone().requires_grad_(True) if affine else None
    y = F.batch_norm(xl, rm_after, rv_after, wl, bl, training=training, momentum=MOMENTUM, eps=EPS)
    go = rand(*y.shape)
    (y * go).sum().backward()
    dims = [0] + list(range(2, x.dim()))
    out = {"input": x, "running_mean": rm, "running_var": rv, "gradOutput": go, "output": y,
           "running_mean_after": rm_after, "running_var_after": rv_after, "gradInput": xl.grad}
    if training:
        out["save_mean"] = x.mean(dims)
        out["save_std"] = 1 / torch.sqrt(x.var(dims, unbiased=False) + EPS)
    if affine:
        out.update({"weight": w, "bias": b, "gradWeight": wl.grad, "gradBias": bl.grad})
    for key, t in out.items():
        f.add(name + "_" + key, t)


def main():
    torch.manual_seed(47)
    f = GoldenFile("batchnorm.txt", __doc__)
    case(f, "train4d", rand(3, 4, 2, 3) * 3 + 1, True, True)     # N x C x H x W, affine
    case(f, "train2d", rand(5, 3), False, True)                 # N x C, no weight/bias
    case(f, "eval3d", rand(2, 3, 4), True, False)               # N x C x L, running statistics
    f.write()


if __name__ == "__main__":
    main()
