#!/usr/bin/python3
"""Goldens for tests/THNN/test_activations.c: inputs, gradOutputs, outputs and gradInputs of the
activations, from PyTorch 1.13's torch.nn.functional (float64 arithmetic, stored with 9 digits).
The parameters (alpha, lambda, ...) are repeated in the C test."""
import torch
import torch.nn.functional as F

from golden_io import GoldenFile


def record(g, name, fn, x, *params):
    """Stores x, the tensor parameters, a random gradOutput, fn(x, *params) and the gradients of
    every tensor argument."""
    x = x.double().requires_grad_()
    params = [p.double().requires_grad_() if torch.is_tensor(p) else p for p in params]
    y = fn(x, *params)
    go = torch.rand_like(y) * 2 - 1
    tensors = [x] + [p for p in params if torch.is_tensor(p)]
    grads = torch.autograd.grad(y, tensors, go)
    g.add(name + "_input", x)
    g.add(name + "_output", y)
    g.add(name + "_gradOutput", go)
    g.add(name + "_gradInput", grads[0])
    for i, (p, gp) in enumerate(zip(tensors[1:], grads[1:])):
        g.add(name + "_param%d" % i, p)
        g.add(name + "_gradParam%d" % i, gp)


def main():
    torch.manual_seed(1)
    g = GoldenFile("activations.txt", __doc__)
    x = lambda *size: torch.randn(*size) * 2
    record(g, "elu", lambda t: F.elu(t, 0.7), x(3, 5))
    record(g, "hardshrink", lambda t: F.hardshrink(t, 0.5), x(3, 5))
    record(g, "softshrink", lambda t: F.softshrink(t, 0.5), x(3, 5))
    record(g, "hardtanh", lambda t: F.hardtanh(t, -0.8, 1.2), x(3, 5))
    record(g, "leaky_relu", lambda t: F.leaky_relu(t, 0.1), x(3, 5))
    record(g, "logsigmoid", F.logsigmoid, torch.cat([x(14), torch.tensor([-120.0])]).view(3, 5))
    record(g, "softplus", lambda t: F.softplus(t, 2.0, 3.0), x(3, 5))
    record(g, "sigmoid", torch.sigmoid, x(3, 5))
    record(g, "tanh", torch.tanh, x(3, 5))
    record(g, "threshold", lambda t: F.threshold(t, 0.3, -0.2), x(3, 5))
    record(g, "sqrt", lambda t: torch.sqrt(t + 0.1), torch.rand(3, 5) * 4)
    record(g, "square", lambda t: t * t, x(3, 5))
    record(g, "rrelu_eval", lambda t: F.rrelu(t, 0.1, 0.3, training=False), x(3, 5))
    # Softmax shapes (the C test names them by the input's dimension count): 1D C, 2D N x C,
    # 3D C x H x W (over dim 0), 4D N x C x H x W (over dim 1).
    for d, size, dim in [(1, (6,), 0), (2, (4, 7), 1), (3, (3, 2, 2), 0), (4, (2, 3, 2, 2), 1)]:
        t = x(*size)
        record(g, "log_softmax%dd" % d, lambda u: F.log_softmax(u, dim), t)
        record(g, "softmax%dd" % d, lambda u: F.softmax(u, dim), t)
    # PReLU: per-channel on N x C x H x W and N x C, shared, and one C x H x W sample (PyTorch reads
    # dimension 1 as the channels of a 3D input: it goes in as a batch of one).
    record(g, "prelu4d", F.prelu, x(2, 3, 2, 2), torch.rand(3) * 0.5)
    record(g, "prelu2d", F.prelu, x(4, 3), torch.rand(3) * 0.5)
    record(g, "prelu_shared", F.prelu, x(2, 3, 2), torch.rand(1) * 0.5)
    record(g, "prelu3d", lambda u, w: F.prelu(u.unsqueeze(0), w).squeeze(0), x(3, 2, 2), torch.rand(3) * 0.5)
    record(g, "prelu1d", lambda u, w: F.prelu(u.unsqueeze(0), w).squeeze(0), x(3), torch.rand(3) * 0.5)
    # GLU: PyTorch's dim 1 (ours 2) and dim 0 (ours 1).
    record(g, "glu_dim2", lambda u: F.glu(u, 1), x(4, 6))
    record(g, "glu_dim1", lambda u: F.glu(u, 0), x(4, 2, 3))
    g.write()


if __name__ == "__main__":
    main()
