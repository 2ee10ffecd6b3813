#!/usr/bin/python3
"""Goldens of the C++ activation, normalisation, embedding, cell and loss families
(tests/cpp/test_actnorm.cpp), from PyTorch 1.13, computed in double.

Per layer case NAME: the torch module's state_dict as NAME_param_<key>, NAME_input, NAME_output,
NAME_gradOutput (g) and the gradients of sum(output * g): NAME_gradInput and NAME_grad_<parameter>.
Batch norm cases add NAME_after_running_* and an evaluation pass (NAME_eval_*); max_norm embedding
cases add NAME_after_weight (the table after the in-place renormalisation). Cell cases: NAME_state<i>
(the given state), NAME_final<i> (the new one), NAME_gradFinal<i> and NAME_gradState<i>. Per loss case:
NAME_input, NAME_target (class indices 0-based), optional NAME_weight, and for each reduction R in
mean, sum: NAME_R_loss and NAME_R_gradInput, the gradient of 1.7 * loss."""
import os
import sys

import torch
import torch.nn as nn
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cpp_cases import (  # noqa: E402
    batchnorm_case, layer_case, loss_case, output_case, rand, store_grads, store_state, store_states)
from golden_io import GoldenFile  # noqa: E402


def embedding_case(f, name, module, ids):
    module = module.double()
    with torch.no_grad():
        module.weight.mul_(1.5)
    store_state(f, name, module)
    output_case(f, name, ids, module(ids.long()))
    f.add(name + "_after_weight", module.weight)
    store_grads(f, name, ids, module)


def cell_case(f, name, module, x, state):
    """The new state from x and the given state, with gradients of sum over i of final_i * gradFinal_i."""
    module = module.double()
    store_state(f, name, module)
    x = x.clone().requires_grad_()
    state = tuple(s.clone().requires_grad_() for s in state)
    final = module(x, state if len(state) == 2 else state[0])
    final = final if isinstance(final, tuple) else (final,)
    gs = [rand(*s.shape) for s in final]
    sum((s * g).sum() for s, g in zip(final, gs)).backward()
    f.add(name + "_input", x)
    store_states(f, name, state, final, gs)
    store_grads(f, name, x, module)


def layers(f):
    x = rand(3, 5) * 3
    layer_case(f, "prelu", nn.PReLU(), rand(2, 3, 4))
    prelu_c = nn.PReLU(3)
    with torch.no_grad():
        prelu_c.weight.copy_(rand(3))
    layer_case(f, "prelu_c", prelu_c, rand(2, 3, 2, 2))
    prelu_c.weight.grad = None
    layer_case(f, "prelu_ncl", prelu_c, rand(2, 3, 4))  # channels at dimension 1 of [N x C x L]
    layer_case(f, "glu", nn.GLU(1), rand(2, 4, 3))
    layer_case(f, "glu_last", nn.GLU(), rand(3, 4))
    layer_case(f, "hardtanh", nn.Hardtanh(-0.5, 0.7), x)
    layer_case(f, "relu6", nn.ReLU6(), rand(3, 5) * 8)
    layer_case(f, "hardshrink", nn.Hardshrink(0.3), x)
    layer_case(f, "softshrink", nn.Softshrink(0.3), x)
    layer_case(f, "rrelu_eval", nn.RReLU(0.1, 0.3).eval(), x)
    layer_case(f, "threshold", nn.Threshold(0.1, 20), x)
    layer_case(f, "logsigmoid", nn.LogSigmoid(), x)
    batchnorm_case(f, "bn3d", nn.BatchNorm3d(2), rand(2, 2, 2, 3, 2) * 2 + 0.5, rand(1, 2, 2, 2, 2))
    batchnorm_case(f, "bn_nostats", nn.BatchNorm2d(2, track_running_stats=False), rand(3, 2, 2, 2) * 2,
                   rand(2, 2, 2, 3))
    ids = torch.tensor([[0, 2, 5, 2], [4, 1, 2, 0]], dtype=torch.float64)
    embedding_case(f, "emb_maxnorm", nn.Embedding(6, 3, max_norm=1.0), ids)
    embedding_case(f, "emb_maxnorm_p1", nn.Embedding(6, 3, padding_idx=1, max_norm=0.8, norm_type=1.0), ids)
    cell_case(f, "lstmcell", nn.LSTMCell(3, 4), rand(2, 3), (rand(2, 4), rand(2, 4)))
    cell_case(f, "grucell", nn.GRUCell(3, 4), rand(2, 3), (rand(2, 4),))
    cell_case(f, "grucell_nobias", nn.GRUCell(3, 2, bias=False), rand(3), (rand(2),))


def losses(f):
    x = rand(3, 4) * 2
    signs = (torch.rand(3, 4, dtype=torch.float64) > 0.5).double() * 2 - 1
    loss_case(f, "soft_margin", lambda x, t, w, r: F.soft_margin_loss(x, t, reduction=r), x, signs)
    labels = torch.tensor([[3, 0, -1, 1], [1, 2, 3, -1], [2, -1, 0, 0]], dtype=torch.float64)
    loss_case(f, "multilabel_margin", lambda x, t, w, r: F.multilabel_margin_loss(x, t.long(), reduction=r), x, labels)
    multi_hot = (torch.rand(3, 4, dtype=torch.float64) > 0.5).double()
    mlsm = lambda x, t, w, r: F.multilabel_soft_margin_loss(x, t, weight=w, reduction=r)
    loss_case(f, "multilabel_soft_margin", mlsm, x, multi_hot)
    loss_case(f, "multilabel_soft_margin_weighted", mlsm, x, multi_hot, torch.rand(4, dtype=torch.float64) + 0.5)
    scores = rand(2, 3, 2, 3) * 2
    pixels = torch.tensor([[[0, 2, 1], [1, 1, 0]], [[2, 0, 0], [1, 2, 2]]], dtype=torch.float64)
    class_weight = torch.rand(3, dtype=torch.float64) + 0.5
    nll = lambda x, t, w, r: F.nll_loss(x, t.long(), weight=w, reduction=r)
    loss_case(f, "nll2d", nll, F.log_softmax(scores, 1), pixels, class_weight)
    ce = lambda x, t, w, r: F.cross_entropy(x, t.long(), weight=w, reduction=r)
    loss_case(f, "cross_entropy2d", ce, scores, pixels)


def main():
    torch.manual_seed(11)
    f = GoldenFile("cpp_actnorm.txt", __doc__)
    layers(f)
    losses(f)
    f.write()


if __name__ == "__main__":
    main()
