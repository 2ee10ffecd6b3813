#!/usr/bin/python3
"""Goldens of Linear (tests/THNN/test_linear.c), from PyTorch 1.13's F.linear.

Each case stores input, weight, bias (if any) and gradOutput, and PyTorch's output and the gradients
of sum(output * gradOutput) w.r.t. input, weight and bias, computed in double."""
import os
import sys

import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from golden_io import GoldenFile  # noqa: E402


def rand(*shape):
    return torch.rand(*shape, dtype=torch.float64) * 2 - 1


def case(f, name, x, w, b):
    leaves = [t.clone().requires_grad_(True) for t in (x, w) + ((b,) if b is not None else ())]
    y = F.linear(*leaves[:2], leaves[2] if b is not None else None)
    go = rand(*y.shape)
    (y * go).sum().backward()
    for key, t in (("input", x), ("weight", w), ("gradOutput", go), ("output", y),
                   ("gradInput", leaves[0].grad), ("gradWeight", leaves[1].grad)):
        f.add(name + "_" + key, t)
    if b is not None:
        f.add(name + "_bias", b)
        f.add(name + "_gradBias", leaves[2].grad)


def main():
    torch.manual_seed(31)
    f = GoldenFile("linear.txt", __doc__)
    case(f, "batch", rand(4, 5), rand(3, 5), rand(3))     # 2-D input [nframe x in]
    case(f, "single", rand(5), rand(3, 5), rand(3))       # 1-D input [in]
    case(f, "nobias", rand(2, 4), rand(6, 4), None)       # bias NULL
    f.write()


if __name__ == "__main__":
    main()
