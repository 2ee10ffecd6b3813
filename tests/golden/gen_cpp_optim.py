#!/usr/bin/python3
"""Goldens of the C++ optimizers and schedules (tests/cpp/test_optim.cpp), from PyTorch 1.13's
torch.optim (single-tensor code paths: foreach=False).

The problem: least squares in double, loss = mean((X @ w + b - Y)^2) with X [5 x 3], Y [5 x 2] and
the starting point w0 [3 x 2], b0 [2] stored here. Each case runs 10 steps (zero_grad, loss,
backward, step) and stores the parameters after every step: CASE_w [10 x 3 x 2], CASE_b [10 x 2].
The schedules store the lr at construction and after each of 25 steps: SCHEDULE_lr [26]; plateau_lr
[26] is ReduceLROnPlateau's after each step(plateau_metric[i]).

LBFGS: CASE_x [STEPS x n] the parameters after each step(closure), CASE_loss [STEPS] what step
returned, CASE_evals [STEPS] the closure calls so far. Rosenbrock f(x) = (1 - x0)^2 + 100 (x1 - x0^2)^2
from (-1.5, 2); least squares as above from (w0, b0), the parameters flattened w then b.

Gradient clipping: clip_g1 [3 x 2], clip_g2 [4] gradients; clip_CASE_norm [1] the total norm returned
and clip_CASE_g1, clip_CASE_g2 the clipped gradients."""
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from golden_io import GoldenFile  # noqa: E402

STEPS = 10

# name -> (optimizer class, options of the w group, options of the b group (None: the same))
CASES = {
    "sgd_plain": (torch.optim.SGD, dict(lr=0.1), None),
    "sgd_momentum": (torch.optim.SGD, dict(lr=0.05, momentum=0.9), None),
    "sgd_nesterov": (torch.optim.SGD, dict(lr=0.05, momentum=0.9, nesterov=True), None),
    "sgd_dampening_decay": (torch.optim.SGD, dict(lr=0.05, momentum=0.8, dampening=0.3, weight_decay=0.1), None),
    "sgd_groups": (torch.optim.SGD, dict(lr=0.1, momentum=0.9), dict(lr=0.01, momentum=0)),
    "adam": (torch.optim.Adam, dict(lr=0.05), None),
    "adam_amsgrad_decay": (torch.optim.Adam, dict(lr=0.05, betas=(0.8, 0.95), weight_decay=0.1, amsgrad=True), None),
    "adamw": (torch.optim.AdamW, dict(lr=0.05, weight_decay=0.1), None),
    "adamw_amsgrad": (torch.optim.AdamW, dict(lr=0.05, amsgrad=True), None),
    "rmsprop": (torch.optim.RMSprop, dict(lr=0.01), None),
    "rmsprop_centered_momentum": (torch.optim.RMSprop,
                                  dict(lr=0.01, alpha=0.9, momentum=0.5, centered=True, weight_decay=0.05), None),
    "adagrad": (torch.optim.Adagrad, dict(lr=0.1, lr_decay=0.01, initial_accumulator_value=0.1, weight_decay=0.05),
                None),
}


def run(cls, w_opts, b_opts, X, Y, w0, b0):
    w = w0.clone().requires_grad_(True)
    b = b0.clone().requires_grad_(True)
    groups = [dict(params=[w], **w_opts), dict(params=[b], **(b_opts or w_opts))]
    # w's options are also the defaults: Adagrad reads initial_accumulator_value from them only
    opt = cls(groups, foreach=False, **w_opts)
    ws, bs = [], []
    for _ in range(STEPS):
        opt.zero_grad()
        loss = ((X @ w + b - Y) ** 2).mean()
        loss.backward()
        opt.step()
        ws.append(w.detach().clone())
        bs.append(b.detach().clone())
    return torch.stack(ws), torch.stack(bs)


def schedule(make):
    p = torch.zeros(1, requires_grad=True)
    opt = torch.optim.SGD([p], lr=0.1)
    sched = make(opt)
    lrs = [opt.param_groups[0]["lr"]]
    for _ in range(25):
        opt.step()
        sched.step()
        lrs.append(opt.param_groups[0]["lr"])
    return torch.tensor(lrs, dtype=torch.float64)


def main():
    torch.manual_seed(7)
    f = GoldenFile("cpp_optim.txt", __doc__)
    X = torch.randn(5, 3, dtype=torch.float64)
    Y = torch.randn(5, 2, dtype=torch.float64)
    w0 = torch.randn(3, 2, dtype=torch.float64)
    b0 = torch.randn(2, dtype=torch.float64)
    for name, t in (("X", X), ("Y", Y), ("w0", w0), ("b0", b0)):
        f.add(name, t)
    for name, (cls, w_opts, b_opts) in CASES.items():
        ws, bs = run(cls, w_opts, b_opts, X, Y, w0, b0)
        f.add(name + "_w", ws)
        f.add(name + "_b", bs)
    lr = torch.optim.lr_scheduler
    f.add("steplr_lr", schedule(lambda o: lr.StepLR(o, step_size=3, gamma=0.5)))
    f.add("cosine_lr", schedule(lambda o: lr.CosineAnnealingLR(o, T_max=10, eta_min=0.001)))
    f.add("warmup_lr", schedule(lambda o: lr.LinearLR(o, start_factor=0.25, end_factor=1.0, total_iters=4)))
    f.add("multistep_lr", schedule(lambda o: lr.MultiStepLR(o, milestones=[2, 5, 11], gamma=0.3)))
    f.add("exponential_lr", schedule(lambda o: lr.ExponentialLR(o, gamma=0.9)))
    plateau(f)
    lbfgs(f, X, Y, w0, b0)
    clip(f)
    f.write()


PLATEAU_METRIC = [5, 4, 4.1, 4.2, 4.3, 3.9, 3.9, 3.9, 3.9, 3.9, 3.9, 2, 2.5, 2.5, 2.5, 2.5, 2.5, 2.5, 2.5, 2.5,
                  1, 1, 1, 1, 1]


def plateau(f):
    p = torch.zeros(1, requires_grad=True)
    opt = torch.optim.SGD([p], lr=0.1)
    sched = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, mode="min", factor=0.5, patience=2, threshold=0.01,
                                                       threshold_mode="rel", cooldown=1, min_lr=0.02)
    lrs = [0.1]
    for m in PLATEAU_METRIC:
        sched.step(m)
        lrs.append(opt.param_groups[0]["lr"])
    f.add("plateau_metric", torch.tensor(PLATEAU_METRIC, dtype=torch.float64))
    f.add("plateau_lr", torch.tensor(lrs, dtype=torch.float64))


def run_lbfgs(params, loss_fn, steps, **opts):
    opt = torch.optim.LBFGS(params, **opts)

    def closure():
        opt.zero_grad()
        loss = loss_fn()
        loss.backward()
        return loss

    xs, losses, evals = [], [], []
    for _ in range(steps):
        losses.append(float(opt.step(closure)))
        xs.append(torch.cat([p.detach().reshape(-1) for p in params]))
        evals.append(opt.state[params[0]]["func_evals"])
    return torch.stack(xs), torch.tensor(losses, dtype=torch.float64), torch.tensor(evals, dtype=torch.float64)


def lbfgs(f, X, Y, w0, b0):
    def rosenbrock_case(name, **opts):
        x = torch.tensor([-1.5, 2.0], dtype=torch.float64, requires_grad=True)
        xs, losses, evals = run_lbfgs([x], lambda: (1 - x[0]) ** 2 + 100 * (x[1] - x[0] ** 2) ** 2, 4, **opts)
        f.add(name + "_x", xs)
        f.add(name + "_loss", losses)
        f.add(name + "_evals", evals)

    def lsq_case(name, **opts):
        w = w0.clone().requires_grad_(True)
        b = b0.clone().requires_grad_(True)
        xs, losses, evals = run_lbfgs([w, b], lambda: ((X @ w + b - Y) ** 2).mean(), 4, **opts)
        f.add(name + "_x", xs)
        f.add(name + "_loss", losses)
        f.add(name + "_evals", evals)

    rosenbrock_case("lbfgs_rosen", lr=0.05, max_iter=10, history_size=4)
    rosenbrock_case("lbfgs_rosen_wolfe", lr=1, max_iter=10, history_size=4, line_search_fn="strong_wolfe")
    lsq_case("lbfgs_lsq", lr=0.5, max_iter=3, history_size=2)
    lsq_case("lbfgs_lsq_wolfe", lr=1, max_iter=5, line_search_fn="strong_wolfe")


def clip(f):
    g1 = torch.randn(3, 2, dtype=torch.float64)
    g2 = torch.randn(4, dtype=torch.float64)
    f.add("clip_g1", g1)
    f.add("clip_g2", g2)
    for name, max_norm, norm_type in (("l2", 1.0, 2.0), ("inf", 0.5, float("inf")), ("l1_big", 100.0, 1.0),
                                      ("l3", 0.7, 3.0)):
        a = g1.clone().requires_grad_(True)
        b = g2.clone().requires_grad_(True)
        a.grad, b.grad = g1.clone(), g2.clone()
        norm = torch.nn.utils.clip_grad_norm_([a, b], max_norm, norm_type)
        f.add("clip_%s_norm" % name, norm.reshape(1))
        f.add("clip_%s_g1" % name, a.grad)
        f.add("clip_%s_g2" % name, b.grad)


if __name__ == "__main__":
    main()
