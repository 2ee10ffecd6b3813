#!/usr/bin/python3
"""Goldens of the C++ tensor operations (tests/cpp/test_ops.cpp): indexing, joining, sorting, from
PyTorch 1.13 in double.

Inputs: x [3 x 4], y [3 x 2], z [4 x 5 x 3] and a few others (seeded normals); the index tensors are
written inline here and in test_ops.cpp. For each differentiable case NAME: NAME_in<k> (its inputs),
NAME_out (the result), NAME_w (a weighting of the output) and NAME_grad<k> (the gradient of
sum(NAME_out * NAME_w) for input k). Sort and topk also store NAME_indices; integer results are
stored as doubles."""
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from golden_io import GoldenFile  # noqa: E402

torch.manual_seed(14)
out = GoldenFile("cpp_ops.txt", __doc__)
x = torch.randn(3, 4, dtype=torch.double)
y = torch.randn(3, 2, dtype=torch.double)
z = torch.randn(4, 5, 3, dtype=torch.double)

L = lambda v: torch.tensor(v, dtype=torch.long)  # noqa: E731
B = lambda v: torch.tensor(v, dtype=torch.bool)  # noqa: E731
mask_x = B([[True, False, False, True], [False, False, True, True], [True, False, False, False]])
mask_z = torch.zeros(4, 5, dtype=torch.bool)
mask_z[0, 1] = mask_z[2, 0] = mask_z[2, 4] = mask_z[3, 3] = True


def case(name, fn, inputs):
    """Stores fn(*inputs)'s value and the gradients of every input."""
    leaves = [t.clone().requires_grad_(True) for t in inputs]
    r = fn(*leaves)
    w = torch.rand(r.shape, dtype=torch.double) + 0.5
    (r * w).sum().backward()
    out.add(name + "_out", r)
    out.add(name + "_w", w)
    for k, leaf in enumerate(leaves):
        out.add("%s_in%d" % (name, k), inputs[k])
        out.add("%s_grad%d" % (name, k), leaf.grad)


case("index_select", lambda a: a.index_select(1, L([3, 0, 3, 1])), [x])
case("gather", lambda a: a.gather(1, L([[0, 0, 3], [1, 2, 1], [3, 3, 0]])), [x])
case("scatter", lambda a, s: a.scatter(0, L([[1, 0, 2, 2], [0, 2, 1, 0]]), s), [x, torch.randn(2, 4, dtype=torch.double)])
case("scatter_add", lambda a, s: a.scatter_add(0, L([[1, 1, 0, 2], [1, 0, 0, 2]]), s), [x, torch.randn(2, 4, dtype=torch.double)])
case("masked_fill", lambda a: a.masked_fill(B([True, False, True, False]), -1.5), [x])
case("masked_select", lambda a: a.masked_select(mask_x), [x])
case("where", lambda a, b: torch.where(B([[True], [False], [True]]), a, b), [x, torch.randn(4, dtype=torch.double)])
case("sort", lambda a: a.sort(1)[0], [x])
case("sort_desc", lambda a: a.sort(0, descending=True)[0], [x])
case("topk", lambda a: a.topk(2, 1)[0], [x])
case("topk_smallest", lambda a: a.topk(2, 0, largest=False)[0], [x])
out.add("sort_indices", x.sort(1)[1])
out.add("sort_desc_indices", x.sort(0, descending=True)[1])
out.add("topk_indices", x.topk(2, 1)[1])
out.add("topk_smallest_indices", x.topk(2, 0, largest=False)[1])
case("cumsum", lambda a: a.cumsum(1), [x])
case("cat", lambda a, b: torch.cat([a, b], 1), [x, y])
case("stack", lambda a, b: torch.stack([a, b], 1), [x[:, :2], y])
case("repeat", lambda a: a.repeat(2, 1, 2), [y])
case("flip", lambda a: a.flip(0, 1), [x])
case("roll", lambda a: a.roll((1, -2), (0, 1)), [x])
case("roll_flat", lambda a: a.roll(3), [x])
case("index_basic", lambda a: a[1::2, 0, ..., None], [z])
case("index_slices", lambda a: a[-3:, 1:5:3, -1], [z])
case("index_long", lambda a: a[:, L([[2, 0], [-1, 2]])], [z])
case("index_mask", lambda a: a[mask_z], [z])
case("index_mask_last", lambda a: a[..., B([True, False, True])], [z])


def put(a, v):
    r = a.clone()
    r[1::2, L([3, 1])] = v
    return r


case("index_put", put, [x, torch.randn(2, dtype=torch.double)])


def put_mask(a):
    r = a.clone()
    r[mask_x] = 0.25
    return r


case("index_put_mask", put_mask, [x])
out.add("one_hot", torch.nn.functional.one_hot(L([2, 0, 3])))
out.add("cumsum_long", torch.tensor([[1, -2, 3], [4, 5, -6]], dtype=torch.int).cumsum(1))
out.write()
