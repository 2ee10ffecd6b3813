#!/usr/bin/python3
"""Goldens for tests/THNN/test_criteria.c: inputs, targets and weights of the criteria, with
PyTorch 1.13's losses and their gradients w.r.t. the input, for reduction 'mean' (sizeAverage) and
'sum'. Class targets are stored 1-based, as THNN takes them. MarginCriterion (Torch7's hinge loss,
max(0, margin - y x)) has no PyTorch equivalent and is written out. Parameters are repeated in the
C test."""
import warnings

import torch
import torch.nn.functional as F

from golden_io import GoldenFile


def record(g, name, fn, x, *args):
    """Stores the loss fn(x, *args, reduction) and its gradient for 'mean' and 'sum'."""
    for reduction in ("mean", "sum"):
        xr = x.double().clone().requires_grad_()
        loss = fn(xr, *args, reduction)
        (grad,) = torch.autograd.grad(loss, xr)
        g.add("%s_%s_output" % (name, reduction), loss.reshape(1))
        g.add("%s_%s_gradInput" % (name, reduction), grad)


def hinge(x, y, reduction, margin=0.7):
    loss = torch.clamp(margin - y * x, min=0)
    return loss.mean() if reduction == "mean" else loss.sum()


def main():
    # kl_div's 'mean' (the mean over elements, which THNN's sizeAverage computes) warns of a change.
    warnings.filterwarnings("ignore", message="reduction: 'mean' divides")
    torch.manual_seed(2)
    g = GoldenFile("criteria.txt", __doc__)
    x = torch.randn(3, 4).double()
    t = torch.randn(3, 4).double()
    sign = (torch.randint(0, 2, (3, 4)) * 2 - 1).double()
    g.add("input", x)
    g.add("target", t)
    g.add("sign", sign)
    record(g, "abs", lambda u, r: F.l1_loss(u, t, reduction=r), x)
    record(g, "mse", lambda u, r: F.mse_loss(u, t, reduction=r), x)
    record(g, "smoothl1", lambda u, r: F.smooth_l1_loss(u, t, reduction=r), x)
    record(g, "softmargin", lambda u, r: F.soft_margin_loss(u, sign, reduction=r), x)
    record(g, "margin", lambda u, r: hinge(u, sign, r), x)

    logp = F.log_softmax(torch.randn(3, 4).double(), 1)
    probs = torch.rand(3, 4).double()
    probs[0, 1] = 0  # a zero target probability counts 0
    g.add("kl_input", logp)
    g.add("kl_target", probs)
    record(g, "kl", lambda u, r: F.kl_div(u, probs, reduction=r), logp)

    p = torch.rand(3, 4).double() * 0.98 + 0.01
    pt = torch.rand(3, 4).double()
    bw = torch.rand(3, 4).double()
    g.add("bce_input", p)
    g.add("bce_target", pt)
    g.add("bce_weights", bw)
    record(g, "bce", lambda u, r: F.binary_cross_entropy(u, pt, reduction=r), p)
    record(g, "bce_weighted", lambda u, r: F.binary_cross_entropy(u, pt, weight=bw, reduction=r), p)
    # Probabilities of exactly 0 and 1: PyTorch clamps each log at -100.
    edge = torch.tensor([0.0, 1.0, 0.0, 1.0, 0.5]).double()
    edge_t = torch.tensor([1.0, 0.0, 0.0, 1.0, 0.25]).double()
    g.add("bce_edge_input", edge)
    g.add("bce_edge_target", edge_t)
    g.add("bce_edge_sum_output", F.binary_cross_entropy(edge, edge_t, reduction="sum").reshape(1))

    # ClassNLL: 2D with weights and an ignored class, 1D, and the spatial 4D form.
    scores = F.log_softmax(torch.randn(6, 4).double(), 1)
    cls = torch.tensor([0, 2, 3, 1, 2, 0])
    w4 = torch.rand(4).double() + 0.5
    g.add("nll_input", scores)
    g.add("nll_target", cls + 1)
    g.add("nll_weights", w4)
    record(g, "nll", lambda u, r: F.nll_loss(u, cls, reduction=r), scores)
    record(g, "nll_weighted", lambda u, r: F.nll_loss(u, cls, weight=w4, reduction=r), scores)
    record(g, "nll_ignore", lambda u, r: F.nll_loss(u, cls, weight=w4, ignore_index=2, reduction=r), scores)
    one = scores[1]
    record(g, "nll1d", lambda u, r: F.nll_loss(u.unsqueeze(0), cls[1:2], reduction=r), one)
    spatial = F.log_softmax(torch.randn(2, 3, 2, 3).double(), 1)
    scls = torch.randint(0, 3, (2, 2, 3))
    w3 = torch.rand(3).double() + 0.5
    g.add("snll_input", spatial)
    g.add("snll_target", scls + 1)
    g.add("snll_weights", w3)
    record(g, "snll", lambda u, r: F.nll_loss(u, scls, reduction=r), spatial)
    record(g, "snll_weighted", lambda u, r: F.nll_loss(u, scls, weight=w3, reduction=r), spatial)

    # MultiLabelMargin: rows of target classes ended by -1 in PyTorch, by 0 in THNN (1-based).
    ml = torch.randn(3, 5).double()
    mlt = torch.tensor([[3, 0, -1, 1, 1], [1, 2, 4, -1, 0], [4, 3, 2, 1, 0]])
    g.add("mlm_input", ml)
    g.add("mlm_target", mlt + 1)
    record(g, "mlm", lambda u, r: F.multilabel_margin_loss(u, mlt, reduction=r), ml)
    record(g, "mlm1d", lambda u, r: F.multilabel_margin_loss(u, mlt[1], reduction=r), ml[1])

    # MultiMargin: p 1 and 2, margin 0.8, with and without weights.
    mm = torch.randn(4, 5).double() * 0.5
    mmt = torch.tensor([0, 3, 4, 2])
    mw = torch.rand(5).double() + 0.5
    g.add("mm_input", mm)
    g.add("mm_target", mmt + 1)
    g.add("mm_weights", mw)
    record(g, "mm_p1", lambda u, r: F.multi_margin_loss(u, mmt, p=1, margin=0.8, reduction=r), mm)
    record(g, "mm_p2w", lambda u, r: F.multi_margin_loss(u, mmt, p=2, margin=0.8, weight=mw, reduction=r), mm)
    g.write()


if __name__ == "__main__":
    main()
