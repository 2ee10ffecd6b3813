#!/usr/bin/python3
"""Goldens of the C++ nn layer (tests/cpp/test_nn.cpp, tests/cpp/test_losses.cpp), from PyTorch 1.13.

cpp_nn.txt, per layer case NAME: the torch module's state_dict as NAME_param_<key> (0-dim entries
as [1]), NAME_input, NAME_output, NAME_gradOutput (g) and the gradients of sum(output * g):
NAME_gradInput and NAME_grad_<parameter>. The C++ test loads the state with load_state_dict (strict),
so every name must be the one the ember module registers. Computed in double.

cpp_losses.txt, per loss case NAME: NAME_input, NAME_target (class indices 0-based), optional
NAME_weight, and for each reduction R in mean, sum: NAME_R_loss and NAME_R_gradInput, the gradient
of 1.7 * loss (so the test also checks that the loss gradient is scaled by the incoming one)."""
import os
import warnings
import sys

import torch
import torch.nn as nn
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cpp_cases import (  # noqa: E402
    batchnorm_case, distinct, layer_case, loss_case, output_case, rand, store_grads, store_state, store_states)
from golden_io import GoldenFile  # noqa: E402


def rnn_case(f, name, module, x, state):
    """output, h_n (and c_n) from the given initial state, with gradients of
    sum(output * g) + sum(h_n * g_h) (+ sum(c_n * g_c)) for the input, the state and the parameters."""
    module = module.double()
    store_state(f, name, module)
    x = x.clone().requires_grad_()
    state = tuple(s.clone().requires_grad_() for s in state)
    y, final = module(x, state if len(state) == 2 else state[0])
    final = final if isinstance(final, tuple) else (final,)
    g = rand(*y.shape)
    gs = [rand(*s.shape) for s in final]
    total = (y * g).sum() + sum((s * gs_).sum() for s, gs_ in zip(final, gs))
    total.backward()
    f.add(name + "_input", x)
    f.add(name + "_output", y)
    f.add(name + "_gradOutput", g)
    store_states(f, name, state, final, gs)
    store_grads(f, name, x, module)


def layers(f):
    layer_case(f, "linear", nn.Linear(5, 3), rand(4, 5))
    layer_case(f, "linear3d", nn.Linear(5, 3), rand(2, 3, 5))
    layer_case(f, "linear_nobias", nn.Linear(4, 2, bias=False), rand(3, 4))
    layer_case(f, "conv2d", nn.Conv2d(2, 3, (3, 2), stride=(2, 1), padding=(1, 0)), rand(2, 2, 5, 4))
    layer_case(f, "conv2d_single", nn.Conv2d(2, 2, 3, padding=1), rand(2, 4, 3))
    layer_case(f, "convt2d", nn.ConvTranspose2d(2, 2, 3, stride=2, padding=1, output_padding=1), rand(2, 2, 3, 2))
    layer_case(f, "maxpool", nn.MaxPool2d(3, 2, 1), distinct(2, 2, 5, 5))
    layer_case(f, "maxpool_ceil", nn.MaxPool2d(2, ceil_mode=True), distinct(1, 2, 5, 5))
    layer_case(f, "avgpool", nn.AvgPool2d(3, 2, 1), rand(1, 2, 5, 4))
    layer_case(f, "avgpool_nopad", nn.AvgPool2d(3, 2, 1, count_include_pad=False), rand(1, 2, 4, 4))
    layer_case(f, "adaptive", nn.AdaptiveAvgPool2d((3, 2)), rand(1, 2, 5, 4))
    batchnorm_case(f, "bn2d", nn.BatchNorm2d(3), rand(3, 3, 2, 2) * 2 + 0.5, rand(2, 3, 2, 2))
    batchnorm_case(f, "bn1d", nn.BatchNorm1d(3), rand(5, 3) * 3, rand(2, 3))
    batchnorm_case(f, "bn1d_3d", nn.BatchNorm1d(2), rand(3, 2, 4), rand(2, 2, 3))
    ids = torch.tensor([[0, 2, 5, 2], [6, 1, 2, 0]], dtype=torch.float64)
    emb = nn.Embedding(7, 3, padding_idx=2).double()
    store_state(f, "embedding", emb)
    output_case(f, "embedding", ids, emb(ids.long()))
    store_grads(f, "embedding", ids, emb)
    x = rand(3, 5) * 3
    x[0, 0] = 0.0  # ReLU's gradient at 0 is 0
    layer_case(f, "relu", nn.ReLU(), x)
    layer_case(f, "leaky_relu", nn.LeakyReLU(0.2), x)
    layer_case(f, "elu", nn.ELU(0.7), x)
    layer_case(f, "tanh", nn.Tanh(), x)
    layer_case(f, "sigmoid", nn.Sigmoid(), x)
    layer_case(f, "softplus", nn.Softplus(2, 3), x)
    layer_case(f, "log_softmax", nn.LogSoftmax(1), x)
    layer_case(f, "log_softmax_last", nn.LogSoftmax(-1), rand(2, 3, 4) * 3)
    layer_case(f, "softmax_dim0", nn.Softmax(0), rand(3, 4, 2) * 3)
    layer_case(f, "softmax_4d", nn.Softmax(1), rand(2, 3, 2, 2) * 3)
    layer_case(f, "flatten", nn.Flatten(), rand(2, 3, 2))
    rnn_case(f, "lstm", nn.LSTM(3, 2, 2), rand(4, 2, 3), (rand(2, 2, 2), rand(2, 2, 2)))
    rnn_case(f, "gru", nn.GRU(3, 2, 2), rand(4, 2, 3), (rand(2, 2, 2),))
    rnn_case(f, "lstm_unbatched", nn.LSTM(3, 2), rand(3, 3), (rand(1, 2), rand(1, 2)))


def losses(f):
    scores = rand(5, 4) * 2
    classes = torch.tensor([0, 3, 1, 1, 2], dtype=torch.float64)
    class_weight = torch.rand(4, dtype=torch.float64) + 0.5
    ce = lambda x, t, w, r: F.cross_entropy(x, t.long(), weight=w, reduction=r)
    loss_case(f, "cross_entropy", ce, scores, classes)
    loss_case(f, "cross_entropy_weighted", ce, scores, classes, class_weight)
    loss_case(f, "cross_entropy_ignore", lambda x, t, w, r: F.cross_entropy(x, t.long(), ignore_index=1, reduction=r),
              scores, classes)
    ce_one = lambda x, t, w, r: F.cross_entropy(x, t.long().reshape(()), weight=w, reduction=r)  # target 0-dim
    loss_case(f, "cross_entropy_single", ce_one, rand(4), torch.tensor([2.0], dtype=torch.float64))
    nll = lambda x, t, w, r: F.nll_loss(x, t.long(), weight=w, reduction=r)
    loss_case(f, "nll", nll, F.log_softmax(scores, 1), classes, class_weight)
    x, t = rand(3, 4) * 2, rand(3, 4) * 2
    elementwise = lambda fn: lambda x, t, w, r: fn(x, t, reduction=r)
    loss_case(f, "mse", elementwise(F.mse_loss), x, t)
    loss_case(f, "l1", elementwise(F.l1_loss), x, t)
    loss_case(f, "smooth_l1", elementwise(F.smooth_l1_loss), x, t)
    probs = torch.rand(3, 4, dtype=torch.float64) * 0.9 + 0.05
    labels = (torch.rand(3, 4, dtype=torch.float64) > 0.5).double()
    elem_weight = torch.rand(4, dtype=torch.float64) + 0.5
    bce = lambda x, t, w, r: F.binary_cross_entropy(x, t, weight=w, reduction=r)
    loss_case(f, "bce", bce, probs, labels)
    loss_case(f, "bce_weighted", bce, probs, labels, elem_weight)
    logits = rand(3, 4) * 4
    logits[0, 0], logits[1, 1] = 40.0, -40.0  # exp overflow territory in float
    bcel = lambda x, t, w, r: F.binary_cross_entropy_with_logits(x, t, weight=w, reduction=r)
    loss_case(f, "bce_logits", bcel, logits, probs)
    loss_case(f, "bce_logits_weighted", bcel, logits, labels, elem_weight)
    target_probs = F.softmax(rand(3, 4) * 2, 1)
    warnings.filterwarnings("ignore", "reduction: 'mean' divides")  # kl_div's "mean" is what we test
    loss_case(f, "kl_div", elementwise(F.kl_div), F.log_softmax(rand(3, 4), 1), target_probs)
    mm = lambda x, t, w, r: F.multi_margin_loss(x, t.long(), weight=w, reduction=r)
    loss_case(f, "multi_margin", mm, scores * 0.5, classes)
    mm2 = lambda x, t, w, r: F.multi_margin_loss(x, t.long(), p=2, margin=0.5, weight=w, reduction=r)
    loss_case(f, "multi_margin_p2", mm2, scores * 0.5, classes, class_weight)


def main():
    torch.manual_seed(7)
    f = GoldenFile("cpp_nn.txt", __doc__.split("\n\n")[1])
    layers(f)
    f.write()
    f = GoldenFile("cpp_losses.txt", __doc__.split("\n\n")[2])
    losses(f)
    f.write()


if __name__ == "__main__":
    main()
