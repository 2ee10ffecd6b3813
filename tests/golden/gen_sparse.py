#!/usr/bin/python3
"""Goldens of the sparse layers (tests/THNN/test_sparse.c), from PyTorch 1.13, in double.

LookupTable_accGradParameters = the weight gradient of F.embedding (padding_idx, scale_grad_by_freq);
indices are stored 1-based, as the legacy kernel takes them.
LookupTable_renorm = F.embedding with max_norm, which renormalises the weight rows it looks up.
SparseLinear and IndexLinear have no PyTorch counterpart: their sparse inputs are stored together with
the dense matrix X they describe, and the goldens are those of the dense layer X W^T + b (SparseLinear,
weight [out x in]) or X W + b (IndexLinear, weight [features x out]), with the gradients of
sum(output * gradOutput)."""
import os
import sys

import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from golden_io import GoldenFile  # noqa: E402


def rand(*shape):
    return torch.rand(*shape, dtype=torch.float64) * 2 - 1


def lookup_case(f, name, idx, n_rows, dim, padding, by_freq):
    w = rand(n_rows, dim).requires_grad_(True)
    y = F.embedding(idx - 1, w, padding_idx=padding - 1 if padding else None, scale_grad_by_freq=by_freq)
    go = rand(*y.shape)
    (y * go).sum().backward()
    f.add(name + "_input", idx)
    f.add(name + "_gradOutput", go)
    f.add(name + "_gradWeight", w.grad)


def renorm_case(f, name, idx, w, max_norm, norm_type):
    after = w.clone()
    F.embedding(idx - 1, after, max_norm=max_norm, norm_type=norm_type)
    f.add(name + "_idx", idx)
    f.add(name + "_weight", w)
    f.add(name + "_weight_after", after)


def dense_case(f, name, x, w, b, transposed):
    """The dense layer's output and gradients; transposed: weight is [features x out] (IndexLinear)."""
    wl, bl = w.clone().requires_grad_(True), b.clone().requires_grad_(True)
    y = x @ (wl if transposed else wl.t()) + bl
    go = rand(*y.shape)
    (y * go).sum().backward()
    for key, t in (("dense", x), ("weight", w), ("bias", b), ("gradOutput", go), ("output", y),
                   ("gradWeight", wl.grad), ("gradBias", bl.grad)):
        f.add(name + "_" + key, t)


def main():
    torch.manual_seed(59)
    f = GoldenFile("sparse.txt", __doc__)
    idx = torch.tensor([[2, 5, 2, 1], [3, 2, 5, 6]])
    lookup_case(f, "lookup", idx, 6, 3, 0, False)
    lookup_case(f, "lookup_pad_freq", idx, 6, 3, 5, True)       # row 5 is padding; counts scale
    lookup_case(f, "lookup_1d", torch.tensor([4, 1, 4, 4, 2]), 5, 2, 1, True)
    w = rand(6, 4) * 2
    renorm_case(f, "renorm_l2", torch.tensor([3, 1, 3, 6, 1]), w, 1.5, 2.0)
    renorm_case(f, "renorm_l1", torch.tensor([2, 2, 5, 4]), w, 2.0, 1.0)
    renorm_case(f, "renorm_l3", torch.tensor([1, 2, 3, 4, 5, 6]), w, 1.2, 3.0)

    # SparseLinear: 3 rows of 7 features; row 2 is empty; a repeated feature in row 3.
    # COO entries (batch, feature, value), unsorted by batch; zero values are skipped.
    coo = torch.tensor([[1, 2, 0.5], [3, 7, -1.5], [1, 5, 2.0], [3, 1, 0.25], [3, 7, 0.75], [1, 3, 0.0]],
                       dtype=torch.float64)
    x = torch.zeros(3, 7, dtype=torch.float64)
    for b, i, v in coo.tolist():
        x[int(b) - 1, int(i) - 1] += v
    f.add("sparselinear_coo", coo)
    dense_case(f, "sparselinear", x, rand(4, 7), rand(4), False)

    # IndexLinear: 3 rows over 6 features, 1-based keys (keysOffset -1), sizes 2, 0, 3.
    keys = torch.tensor([4, 1, 2, 6, 4])
    values = torch.tensor([0.5, -2.0, 1.5, 0.75, -1.0], dtype=torch.float64)
    sizes = torch.tensor([2, 0, 3])
    x = torch.zeros(3, 6, dtype=torch.float64)
    starts = [0, 2, 2]
    for r in range(3):
        for k in range(starts[r], starts[r] + int(sizes[r])):
            x[r, keys[k] - 1] += values[k]
    for key, t in (("keys", keys), ("values", values), ("sizes", sizes), ("cumSumSizes", sizes.cumsum(0))):
        f.add("indexlinear_" + key, t)
    dense_case(f, "indexlinear", x, rand(6, 3), rand(3), True)
    f.write()


if __name__ == "__main__":
    main()
