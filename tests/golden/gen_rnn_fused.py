#!/usr/bin/python3
"""Goldens of GRUFused and LSTMFused (tests/THNN/test_rnn_fused.c), from PyTorch 1.13 in double.

PyTorch 1.13 has no fused pointwise kernel on the CPU, so the cells' pointwise math (as PyTorch's
nn.GRUCell and nn.LSTMCell define it, gate chunks r, z, n and i, f, g, o) is written out here from the
same pre-activations the legacy kernels take: input = x W_ih^T and hidden = h W_hh^T, biases b_ih and
b_hh. Each case stores those inputs, gradOutput(s), the outputs and the gradients of
sum(hy * gradOutput) (+ sum(cy * gradOutputCell) for the LSTM) w.r.t. every input."""
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from golden_io import GoldenFile  # noqa: E402


def rand(*shape):
    return torch.rand(*shape, dtype=torch.float64) * 4 - 2


def gru(i, h, b1, b2, hx):
    gi, gh = i + b1, h + b2
    ir, iz, in_ = gi.chunk(3, 1)
    hr, hz, hn = gh.chunk(3, 1)
    r = torch.sigmoid(ir + hr)
    z = torch.sigmoid(iz + hz)
    n = torch.tanh(in_ + r * hn)
    return n + z * (hx - n)


def lstm(i, h, b1, b2, cx):
    ig, fg, gg, og = (i + h + b1 + b2).chunk(4, 1)
    ig, fg, gg, og = torch.sigmoid(ig), torch.sigmoid(fg), torch.tanh(gg), torch.sigmoid(og)
    cy = fg * cx + ig * gg
    return og * torch.tanh(cy), cy, torch.cat([ig, fg, gg, og], 1)


def main():
    torch.manual_seed(71)
    f = GoldenFile("rnn_fused.txt", __doc__)
    n, hsize = 3, 4

    leaves = [rand(n, 3 * hsize), rand(n, 3 * hsize), rand(3 * hsize), rand(3 * hsize), rand(n, hsize)]
    names = ["input", "hidden", "bias1", "bias2", "hx"]
    params = [t.clone().requires_grad_(True) for t in leaves]
    hy = gru(*params)
    go = rand(n, hsize)
    (hy * go).sum().backward()
    for name, t, p in zip(names, leaves, params):
        f.add("gru_" + name, t)
        f.add("gru_grad_" + name, p.grad)
    f.add("gru_gradOutput", go)
    f.add("gru_output", hy)

    leaves = [rand(n, 4 * hsize), rand(n, 4 * hsize), rand(4 * hsize), rand(4 * hsize), rand(n, hsize)]
    names = ["input", "hidden", "bias1", "bias2", "cx"]
    params = [t.clone().requires_grad_(True) for t in leaves]
    hy, cy, gates = lstm(*params)
    go, goc = rand(n, hsize), rand(n, hsize)
    ((hy * go).sum() + (cy * goc).sum()).backward()
    for name, t, p in zip(names, leaves, params):
        f.add("lstm_" + name, t)
        f.add("lstm_grad_" + name, p.grad)
    f.add("lstm_gradOutput", go)
    f.add("lstm_gradOutputCell", goc)
    f.add("lstm_output", hy)
    f.add("lstm_outputCell", cy)
    f.add("lstm_gates", gates)
    f.write()


if __name__ == "__main__":
    main()
