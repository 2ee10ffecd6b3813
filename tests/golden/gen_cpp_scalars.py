"""Goldens for tests/cpp/test_scalars.cpp (0-dimensional tensors), from PyTorch 1.13.

A scalar x and a vector w (Double) through a function mixing 0-dimensional and broadcast operations:
loss = sum((x w)^2) x + exp(x) / (1 + x^2) + norm(w) tanh(x) + var(w) x + (w @ w) sigmoid(x).
Records: loss and x_grad (0-dimensional in PyTorch, written as size 1 because the golden format has
no 0-dimensional record), w_grad, and the full reductions of w (sum, mean, max, min, var, std, norm).
"""
import torch

from golden_io import GoldenFile

x = torch.tensor(0.7, dtype=torch.double, requires_grad=True)
w = torch.tensor([0.5, -1.25, 2.0], dtype=torch.double, requires_grad=True)
loss = ((x * w).pow(2).sum() * x + x.exp() / (1 + x * x) + w.norm() * x.tanh() + w.var() * x
        + (w @ w) * x.sigmoid())
assert loss.dim() == 0
loss.backward()

f = GoldenFile("cpp_scalars.txt", __doc__)
f.add("loss", loss.reshape(1))
f.add("x_grad", x.grad.reshape(1))
f.add("w_grad", w.grad)
for name in ["sum", "mean", "max", "min", "var", "std", "norm"]:
    r = getattr(w, name)()
    assert r.dim() == 0
    f.add("w_" + name, r.reshape(1))
f.write()
