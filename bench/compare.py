#!/usr/bin/python3
"""Runs the DESIGN.md workloads W1-W8 in ember (the Google Benchmark programs of bench/), in PyTorch
1.13 (Debian's python3-torch) and, for W1/W2 and the GEMM reference, in oneDNN standalone
(bench_onednn, where libdnnl-dev was found) on this machine in the same run; prints per workload and
thread count each side's median time and spread, ember / PyTorch, ember's share of the hardware limit
that bounds the workload (bench_limits: FMA peak of the widest ISA, copy bandwidth), and flags rows
measured while other processes used the CPU; draws the ratios to a PNG.

    /usr/bin/python3 bench/compare.py [--build build] [--threads 1 2] [--repeats 5] [--quick] [--png bench/compare.png]
    /usr/bin/python3 bench/compare.py --device cuda [--build build] [--png bench/compare_cuda.png]

A shared machine makes single timings worthless, so each row alternates the sides: ember's benchmark
(one Google Benchmark process filtered to it), then PyTorch's equivalent in this process, then oneDNN's,
repeated --repeats times; a side's time is the median of its repeats, its spread their min-max.
Around every measurement /proc/stat's busy time of all CPUs, less the CPU time of the measured process,
is what others used; a row where that exceeds 10% of one core is marked "*busy N%".

--device cuda compares libTHCUNN (bench/bench_THCUNN: W1-W7 with GPU-sized batches, the factor in
its counter batch_x) with PyTorch on the same GPU (cuDNN, cudnn.benchmark on), one workload at a
time, ember then PyTorch, and gives W5's share of the device-to-device copy bandwidth."""
import argparse
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import time
from collections import namedtuple

try:
    import torch
    import torch.nn.functional as F
except ImportError:  # --help works without it
    torch = F = None

DEVICE = "cpu"  # where the PyTorch workloads run (--device)


def randn(*sizes, **kw):
    return torch.randn(*sizes, device=DEVICE, **kw)


def median_ms(fn, reps=7, warmup=2):
    sync = torch.cuda.synchronize if DEVICE == "cuda" else (lambda: None)
    for _ in range(warmup):
        fn()
    times = []
    for _ in range(reps):
        sync()
        t0 = time.perf_counter()
        fn()
        sync()
        times.append((time.perf_counter() - t0) * 1e3)
    return statistics.median(times)


def conv_workload(n, c, h, w, o, k, stride, pad):
    x = randn(n, c, h, w)
    weight = randn(o, c, k, k, requires_grad=True)
    bias = randn(o, requires_grad=True)
    xg = x.clone().requires_grad_(True)
    out = F.conv2d(xg, weight, bias, stride, pad)
    grad = torch.randn_like(out)

    def forward():
        with torch.no_grad():
            F.conv2d(x, weight, bias, stride, pad)

    def backward():
        torch.autograd.grad(out, (xg, weight, bias), grad, retain_graph=True)

    return forward, backward


def linear_workload(n=256):
    x = randn(n, 1024, requires_grad=True)
    weight = randn(1024, 1024, requires_grad=True)
    bias = randn(1024, requires_grad=True)
    out = F.linear(x, weight, bias)
    grad = torch.randn_like(out)

    def forward():
        with torch.no_grad():
            F.linear(x, weight, bias)

    def backward():
        torch.autograd.grad(out, (x, weight, bias), grad, retain_graph=True)

    return forward, backward


def maxpool_workload(n=16):
    x = randn(n, 64, 64, 64, requires_grad=True)
    out = F.max_pool2d(x, 2, 2)
    grad = torch.randn_like(out)

    def forward():
        with torch.no_grad():
            F.max_pool2d(x, 2, 2)

    def backward():
        torch.autograd.grad(out, x, grad, retain_graph=True)

    return forward, backward


def batchnorm_workload(n=16):
    x = randn(n, 64, 32, 32, requires_grad=True)
    weight = randn(64, requires_grad=True)
    bias = randn(64, requires_grad=True)
    mean, var = torch.zeros(64, device=DEVICE), torch.ones(64, device=DEVICE)
    out = F.batch_norm(x, mean, var, weight, bias, training=True)
    grad = torch.randn_like(out)

    def forward():
        with torch.no_grad():
            F.batch_norm(x, mean, var, weight, bias, training=True)

    def backward():
        torch.autograd.grad(out, (x, weight, bias), grad, retain_graph=True)

    return forward, backward


def logsoftmax_nll(n=256):
    x = randn(n, 1000, requires_grad=True)
    target = torch.randint(0, 1000, (n,), device=DEVICE)

    def both():
        loss = F.nll_loss(F.log_softmax(x, 1), target)
        torch.autograd.grad(loss, x)

    return both


def read_idx(path):
    """An IDX file (gzip) as a numpy array."""
    import gzip
    import numpy as np
    with gzip.open(path) as f:
        raw = f.read()
    ndim = raw[3]
    dims = [int.from_bytes(raw[4 + 4 * i:8 + 4 * i], "big") for i in range(ndim)]
    return np.frombuffer(raw, np.uint8, offset=4 + 4 * ndim).reshape(dims)


def lenet_epoch_workload(root="/usr/share/datasets/fashion-mnist"):
    """W8: one epoch of LeNet-5 on Fashion-MNIST (the settings of bench/bench_W8_lenet.cpp), or None
    when the data set is not installed."""
    if not os.path.exists(os.path.join(root, "train-images-idx3-ubyte.gz")):
        print("Fashion-MNIST not found in %s (Debian package dataset-fashion-mnist): no W8" % root)
        return None
    x = torch.from_numpy(read_idx(os.path.join(root, "train-images-idx3-ubyte.gz")).copy())
    x = x.float().div(255).sub(0.2860).div(0.3530).unsqueeze(1)
    y = torch.from_numpy(read_idx(os.path.join(root, "train-labels-idx1-ubyte.gz")).astype("int64"))
    nn = torch.nn
    torch.manual_seed(1)
    model = nn.Sequential(nn.Conv2d(1, 6, 5, padding=2), nn.ReLU(), nn.MaxPool2d(2), nn.Conv2d(6, 16, 5), nn.ReLU(),
                          nn.MaxPool2d(2), nn.Flatten(), nn.Linear(400, 120), nn.ReLU(), nn.Linear(120, 84),
                          nn.ReLU(), nn.Linear(84, 10))
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)

    def epoch():
        order = torch.randperm(x.shape[0])
        for i in range(0, x.shape[0], 64):
            idx = order[i:i + 64]
            opt.zero_grad()
            F.cross_entropy(model(x[idx]), y[idx]).backward()
            opt.step()

    epoch.warmup = False  # an epoch takes seconds: no warm-up epoch
    return epoch


def gemm_workload(n=1024):
    a, b, c = randn(n, n), randn(n, n), randn(n, n)
    return lambda: torch.mm(a, b, out=c)


def pytorch_workloads():
    w = {}
    w["W1_conv3x3_forward"], w["W1_conv3x3_backward"] = conv_workload(16, 64, 32, 32, 64, 3, 1, 1)
    w["W2_conv7x7s2_forward"], w["W2_conv7x7s2_backward"] = conv_workload(8, 3, 224, 224, 64, 7, 2, 3)
    w["W3_linear_forward"], w["W3_linear_backward"] = linear_workload()
    w["GEMM_sgemm_1024"] = gemm_workload()
    w["W4_maxpool2x2_forward"], w["W4_maxpool2x2_backward"] = maxpool_workload()
    big = torch.randn(16 * 1024 * 1024)
    w["W5_tanh_forward"] = lambda: torch.tanh(big)
    w["W5_sigmoid_forward"] = lambda: torch.sigmoid(big)
    w["W5_relu_forward"] = lambda: F.threshold(big, 0.0, 0.0)
    w["W6_logsoftmax_nll_forward_backward"] = logsoftmax_nll()
    w["W7_batchnorm_forward"], w["W7_batchnorm_backward"] = batchnorm_workload()
    lenet = lenet_epoch_workload()
    if lenet:
        w["W8_lenet_epoch"] = lenet
    return w


def conv_flops(n, c, h, w, o, k, stride, pad):
    """2 x the multiply-adds of one convolution forward."""
    out_h, out_w = (h + 2 * pad - k) // stride + 1, (w + 2 * pad - k) // stride + 1
    return 2 * n * o * c * k * k * out_h * out_w


W1_FLOPS = conv_flops(16, 64, 32, 32, 64, 3, 1, 1)
W2_FLOPS = conv_flops(8, 3, 224, 224, 64, 7, 2, 3)
W3_FLOPS = 2 * 256 * 1024 * 1024
W4_IN, W4_OUT = 16 * 64 * 64 * 64, 16 * 64 * 32 * 32  # elements
W5_ELEMENTS = 16 * 2 ** 20
W7_ELEMENTS = 16 * 64 * 32 * 32

# Every row of the report. ember: program and benchmark ({t}: threads); PyTorch: the function of the
# same name in pytorch_workloads(); oneDNN: benchmark of bench_onednn. The limit: flops (against the
# FMA peak of the widest ISA at that thread count) or bytes, the least the op must read + write in
# float32 (against the copy bandwidth, also read + write); neither: no limit. A backward computes the
# input and the weight gradients: twice the forward's multiply-adds.
Workload = namedtuple("Workload", "name program ember onednn flops bytes")
WORKLOADS = [
    Workload("W1_conv3x3_forward", "bench_THNN_conv", "W1_conv3x3_forward/{t}", "W1_conv3x3_forward_onednn/{t}",
             W1_FLOPS, None),
    Workload("W1_conv3x3_backward", "bench_THNN_conv", "W1_conv3x3_backward/{t}", "W1_conv3x3_backward_onednn/{t}",
             2 * W1_FLOPS, None),
    Workload("W2_conv7x7s2_forward", "bench_THNN_conv", "W2_conv7x7s2_forward/{t}",
             "W2_conv7x7s2_forward_onednn/{t}", W2_FLOPS, None),
    Workload("W2_conv7x7s2_backward", "bench_THNN_conv", "W2_conv7x7s2_backward/{t}",
             "W2_conv7x7s2_backward_onednn/{t}", 2 * W2_FLOPS, None),
    Workload("W3_linear_forward", "bench_THNN_linear", "W3_linear_forward/{t}", None, W3_FLOPS, None),
    Workload("W3_linear_backward", "bench_THNN_linear", "W3_linear_backward/{t}", None, 2 * W3_FLOPS, None),
    Workload("GEMM_sgemm_1024", "bench_TH_blas", "GEMM_square_sgemm_nn_1024x1024x1024/{t}",
             "limits_sgemm_onednn/{t}", 2 * 1024 ** 3, None),
    # input read, output written (ember also writes the indices, which a forward alone does not need)
    Workload("W4_maxpool2x2_forward", "bench_THNN_pool", "W4_maxpool2x2_forward/{t}", None, None,
             4 * (W4_IN + W4_OUT)),
    # gradOutput and the int64 indices read, gradInput written
    Workload("W4_maxpool2x2_backward", "bench_THNN_pool", "W4_maxpool2x2_backward/{t}", None, None,
             4 * W4_OUT + 8 * W4_OUT + 4 * W4_IN),
    # input read, output written
    Workload("W5_tanh_forward", "bench_THNN_activations", "W5_tanh_forward/{t}", None, None, 2 * 4 * W5_ELEMENTS),
    Workload("W5_sigmoid_forward", "bench_THNN_activations", "W5_sigmoid_forward/{t}", None, None, 2 * 4 * W5_ELEMENTS),
    Workload("W5_relu_forward", "bench_THNN_activations", "W5_relu_forward/{t}", None, None, 2 * 4 * W5_ELEMENTS),
    # the scores read, their gradient written
    Workload("W6_logsoftmax_nll_forward_backward", "bench_THNN_activations",
             "W6_logsoftmax_nll_forward_backward/{t}", None, None, 2 * 4 * 256 * 1000),
    # input read, output written; backward: input and gradOutput read, gradInput written
    Workload("W7_batchnorm_forward", "bench_THNN_linear", "W7_batchnorm_forward/{t}", None, None, 2 * 4 * W7_ELEMENTS),
    Workload("W7_batchnorm_backward", "bench_THNN_linear", "W7_batchnorm_backward/{t}", None, None,
             3 * 4 * W7_ELEMENTS),
    Workload("W8_lenet_epoch", "bench_W8_lenet", "W8_lenet_epoch/{t}", None, None, None),
]

BUSY_MARK = 0.10  # others' CPU use, in cores, above which a row is marked


def busy_seconds():
    """CPU time all CPUs spent on anything but idling, from /proc/stat (user nice system idle iowait
    irq softirq steal ...; guest time is inside user)."""
    with open("/proc/stat") as f:
        jiffies = [int(v) for v in f.readline().split()[1:9]]
    return (sum(jiffies) - jiffies[3] - jiffies[4]) / os.sysconf("SC_CLK_TCK")


def own_seconds(who):
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


class Measured:
    """Wall time and others' CPU time around one measurement; who: RUSAGE_SELF or RUSAGE_CHILDREN."""

    def __init__(self, who):
        self.who = who

    def __enter__(self):
        self.busy, self.own, self.start = busy_seconds(), own_seconds(self.who), time.perf_counter()
        return self

    def __exit__(self, *exc):
        self.wall = time.perf_counter() - self.start
        self.others = max(0.0, busy_seconds() - self.busy - (own_seconds(self.who) - self.own))


def run_benchmark(program, pattern, min_time):
    """One Google Benchmark process filtered by pattern: (its JSON report, its runs, Measured)."""
    with Measured(resource.RUSAGE_CHILDREN) as m:
        out = subprocess.run([program, "--benchmark_filter=" + pattern, "--benchmark_format=json",
                              "--benchmark_min_time=%g" % min_time], capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit("%s failed: %s" % (program, out.stderr.strip()[-300:]))
    report = json.loads(out.stdout)
    runs = [b for b in report["benchmarks"] if b.get("run_type") == "iteration"]
    if not runs:
        sys.exit("%s has no benchmark matching %s" % (program, pattern))
    return report, runs, m


def benchmark_ms(program, name, min_time):
    """(ms per call, Measured) of one benchmark of a Google Benchmark program (ember's or oneDNN's): the
    mean of the process's runs (W8 runs 3 epochs of its own)."""
    exactly = "^%s(/[a-z].*)?$" % re.escape(name)  # the name, then only suffixes such as /real_time
    _, runs, m = run_benchmark(program, exactly, min_time)
    unit = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}
    return statistics.mean(b["real_time"] * unit[b["time_unit"]] for b in runs), m


def pytorch_ms(fn, min_time):
    """(ms per call, Measured): calls after one warm-up (unless fn.warmup is False) until min_time passed,
    as Google Benchmark does."""
    if getattr(fn, "warmup", True):
        fn()
    with Measured(resource.RUSAGE_SELF) as m:
        calls = 0
        while time.perf_counter() - m.start < min_time or calls == 0:
            fn()
            calls += 1
    return m.wall * 1e3 / calls, m


def limits(build, min_time):
    """bench_limits' rates: {"fma": {threads: GFLOP/s of the widest ISA}, "copy": {threads: GB/s},
    "busy": others' share of a core meanwhile}, and the widest ISA."""
    report, runs, m = run_benchmark(os.path.join(build, "bench", "bench_limits"), "^limits_", min_time)
    widest = report["context"]["widest_isa"]
    rates = {"fma": {}, "copy": {}, "busy": m.others / m.wall}
    for b in runs:
        what, threads = b["run_name"].split("/")[:2]
        if what == "limits_fma_" + widest:
            rates["fma"][int(threads)] = b["GFLOPS"]
        elif what == "limits_copy":
            rates["copy"][int(threads)] = b["GB/s"]
    return rates, widest


Side = namedtuple("Side", "median low high")


def summary(times):
    return Side(statistics.median(times), min(times), max(times)) if times else None


Row = namedtuple("Row", "name threads ember pytorch onednn busy limit")


def measure_row(w, t, build, pytorch_fn, onednn, repeats, min_time):
    """The row of workload w at t threads: ember, PyTorch and oneDNN alternating, repeats times."""
    torch.set_num_threads(t)
    ember_program = os.path.join(build, "bench", w.program)
    times = {"ember": [], "pytorch": [], "onednn": []}
    others = wall = 0.0
    for _ in range(repeats):
        runs = []
        if os.access(ember_program, os.X_OK):
            runs.append(("ember", lambda: benchmark_ms(ember_program, w.ember.format(t=t), min_time)))
        if pytorch_fn:
            runs.append(("pytorch", lambda: pytorch_ms(pytorch_fn, min_time)))
        if onednn and w.onednn:
            runs.append(("onednn", lambda: benchmark_ms(onednn, w.onednn.format(t=t), min_time)))
        for side, run in runs:
            ms, m = run()
            times[side].append(ms)
            others, wall = others + m.others, wall + m.wall
    row = Row(w.name, t, summary(times["ember"]), summary(times["pytorch"]), summary(times["onednn"]),
              others / wall if wall else 0.0, None)
    # progress: a full run takes many minutes, the table comes at the end
    print("measured %s/%d: ember %s, pytorch %s" % (w.name, t, fmt(row.ember), fmt(row.pytorch)), file=sys.stderr)
    return row


def share_of_limit(w, t, ember, rates):
    """ember's rate as a share of the limit bounding w, and the limit's name; (None, "-") if none."""
    if not ember:
        return None, "-"
    if w.flops:
        return w.flops / (ember.median * 1e-3) / 1e9 / rates["fma"][t], "FMA"
    if w.bytes:
        return w.bytes / (ember.median * 1e-3) / 1e9 / rates["copy"][t], "copy"
    return None, "-"


def cpu_model():
    with open("/proc/cpuinfo") as f:
        return next((line.split(":", 1)[1].strip() for line in f if line.startswith("model name")), "unknown CPU")


def fmt(side):
    return "%.4g (%.4g-%.4g)" % side if side else "missing"


def print_report(rows, first, last, widest, repeats):
    print("machine: %s, widest ISA %s, %d cores" % (cpu_model(), widest, os.cpu_count()))
    for name, rates in (("first", first), ("last", last)):
        print("limits (%s run, others used %.0f%% of a core): " % (name, 100 * rates["busy"]) + "; ".join(
            "%d thr: FMA %.0f GFLOP/s, copy %.1f GB/s" % (t, rates["fma"][t], rates["copy"][t])
            for t in sorted(rates["fma"])))
    print("times: ms, median (min-max) of %d alternating repeats; ratio = ember / PyTorch medians, /oneDNN = "
          "ember / oneDNN medians; limit: ember's rate as a share of the larger of the two limit runs" % repeats)
    print("%-36s %3s %22s %22s %6s %9s %7s %10s %s" % ("workload", "thr", "ember ms", "pytorch ms", "ratio",
                                                        "oneDNN ms", "/oneDNN", "limit", "noise"))
    for r in rows:
        ratio = "%.2f" % (r.ember.median / r.pytorch.median) if r.ember and r.pytorch else "-"
        dnn = "%9.4g %7s" % (r.onednn.median, "%.2f" % (r.ember.median / r.onednn.median) if r.ember else "-") \
            if r.onednn else "%9s %7s" % ("-", "-")
        share, bound = r.limit
        limit = "%3.0f%% %s" % (100 * share, bound) if share is not None else "-"
        noise = "*busy %.0f%%" % (100 * r.busy) if r.busy > BUSY_MARK else ""
        print("%-36s %3d %22s %22s %6s %s %10s %s" % (r.name, r.threads, fmt(r.ember), fmt(r.pytorch), ratio, dnn,
                                                      limit, noise))
    print("*busy N%%: while the row was measured, other processes used N%% of one core on average (more than "
          "%.0f%%): its times may be inflated, ember's and PyTorch's alike." % (100 * BUSY_MARK))
    print("limit: % of the FMA peak (FLOPs = 2 x multiply-adds) or of the copy bandwidth (bytes read + written "
          "at least), both from bench_limits; the copy is of 256 MiB, from memory, so workloads whose tensors "
          "fit in the last-level cache (W6, W7) can pass 100%.")


def gpu_workload(key, scale):
    """The PyTorch (forward, backward) of a W1-W7 workload with its batch multiplied by scale."""
    return {
        "W1_conv3x3": lambda: conv_workload(16 * scale, 64, 32, 32, 64, 3, 1, 1),
        "W2_conv7x7s2": lambda: conv_workload(8 * scale, 3, 224, 224, 64, 7, 2, 3),
        "W3_linear": lambda: linear_workload(256 * scale),
        "W4_maxpool2x2": lambda: maxpool_workload(16 * scale),
        "W7_batchnorm": lambda: batchnorm_workload(16 * scale),
        "W6_logsoftmax_nll": lambda: (logsoftmax_nll(256 * scale), None),
        "W5_tanh": lambda: (elementwise(torch.tanh, scale), None),
        "W5_sigmoid": lambda: (elementwise(torch.sigmoid, scale), None),
        "W5_relu": lambda: (elementwise(lambda t: F.threshold(t, 0.0, 0.0), scale), None),
    }[key]()


def elementwise(op, scale):
    big = randn(16 * 1024 * 1024 * scale)
    return lambda: op(big)


def run_gpu_bench(prog, name):
    """bench_THCUNN's median for one benchmark: (ms, counters and rates)."""
    out = subprocess.run([prog, "--benchmark_filter=^%s$" % name, "--benchmark_format=json",
                          "--benchmark_repetitions=5", "--benchmark_report_aggregates_only=true"],
                         capture_output=True, text=True, check=True)
    for b in json.loads(out.stdout)["benchmarks"]:
        if b.get("aggregate_name") == "median":
            return b["real_time"], b
    sys.exit("%s: no median for %s" % (prog, name))


def compare_cuda(args):
    global DEVICE
    DEVICE = "cuda"
    prog = os.path.join(args.build, "bench", "bench_THCUNN")
    listed = subprocess.run([prog, "--benchmark_list_tests"], capture_output=True, text=True, check=True).stdout
    if listed.startswith("skipped"):
        sys.exit(listed.strip())
    if not torch.cuda.is_available():
        sys.exit("PyTorch sees no CUDA device")
    torch.backends.cudnn.benchmark = True
    names = listed.split()
    _, d2d = run_gpu_bench(prog, "memcpy_d2d")
    rows = []
    for name in names:  # alternating: ember, then PyTorch, workload by workload
        if not name.startswith("THCUNN_"):
            continue
        mine, bench = run_gpu_bench(prog, name)
        key = name[len("THCUNN_"):].rsplit("_x", 1)[0]  # e.g. W1_conv3x3_bwd
        scale = int(bench["batch_x"])
        base = key.replace("_fwd_bwd", "").replace("_fwd", "").replace("_bwd", "")
        forward, backward = gpu_workload(base, scale)
        # W6's "forward" is its forward + backward, as ember's benchmark is
        theirs = median_ms(backward if key.endswith("_bwd") and not key.endswith("_fwd_bwd") else forward, 20, 3)
        share = bench["bytes_per_second"] / d2d["bytes_per_second"] if "bytes_per_second" in bench else None
        rows.append((key + "_x%d" % scale, mine, theirs, share))
        torch.cuda.empty_cache()

    print("%-40s %10s %10s %8s %12s" % ("workload (batch factor)", "ember ms", "pytorch ms", "ratio", "of D2D copy"))
    for name, mine, theirs, share in rows:
        print("%-40s %10.3f %10.3f %8.2f %12s" % (name, mine, theirs, mine / theirs,
                                                  "%.0f%%" % (100 * share) if share is not None else ""))
    draw(args.png, [r[0] for r in rows], {"GPU": [r[1] / r[2] for r in rows]},
         "ember (libTHCUNN) time / PyTorch (cuDNN) time, log scale (lower is better)", log=True)


def draw(png, names, series, ylabel, log=False, spreads=None, busy=None, title=None):
    """Bars of ratios per workload, one colour per series, to a PNG; spreads[label]: (low, high) per bar
    as error bars; busy[label]: bars to hatch."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib missing (scripts/install-deps.sh --with-torch installs it): no PNG")
        return
    fig, ax = plt.subplots(figsize=(12, 5))
    width = 0.8 / len(series)
    for i, (label, ratios) in enumerate(series.items()):
        xs = [x + i * width for x in range(len(names))]
        errors = None
        if spreads:
            errors = [[r - lo for r, (lo, hi) in zip(ratios, spreads[label])],
                      [hi - r for r, (lo, hi) in zip(ratios, spreads[label])]]
        bars = ax.bar(xs, ratios, width, label=label, yerr=errors, capsize=2)
        for bar, hatched in zip(bars, busy[label] if busy else []):
            if hatched:
                bar.set_hatch("//")
    ax.axhline(1.0, color="black", linewidth=0.8)
    if log:
        ax.set_yscale("log")
    ax.set_xticks([x + width * (len(series) - 1) / 2 for x in range(len(names))])
    ax.set_xticklabels(names, rotation=45, ha="right", fontsize=8)
    ax.set_ylabel(ylabel)
    if title:
        ax.set_title(title, fontsize=10)
    ax.legend()
    fig.tight_layout()
    fig.savefig(png, dpi=100)
    print("wrote", png)


def draw_ratios(png, rows, threads):
    """ember / PyTorch per row, log scale; error bars from the spreads (ember's min over PyTorch's max
    to ember's max over PyTorch's min); rows measured while the machine was busy hatched."""
    by_key = {(r.name, r.threads): r for r in rows if r.ember and r.pytorch}
    names = list(dict.fromkeys(name for name, _ in by_key))
    nan = float("nan")
    series, spreads, busy = {}, {}, {}
    for t in threads:
        label = "%d thread(s)" % t
        picked = [by_key.get((name, t)) for name in names]
        series[label] = [r.ember.median / r.pytorch.median if r else nan for r in picked]
        spreads[label] = [(r.ember.low / r.pytorch.high, r.ember.high / r.pytorch.low) if r else (nan, nan)
                          for r in picked]
        busy[label] = [bool(r and r.busy > BUSY_MARK) for r in picked]
    draw(png, names, series, "ember time / PyTorch 1.13 time", log=True, spreads=spreads, busy=busy,
         title="%s: lower is better; error bars: min-max of the repeats; hatched: others used the CPU"
               % cpu_model())


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", default="build")
    ap.add_argument("--device", choices=["cpu", "cuda"], default="cpu")
    ap.add_argument("--threads", type=int, nargs="+", default=[1, 2], help="CPU only")
    ap.add_argument("--repeats", type=int, default=5, help="alternating repeats per row (CPU only)")
    ap.add_argument("--min-time", type=float, default=0.5, help="seconds per measurement (CPU only)")
    ap.add_argument("--quick", action="store_true", help="smoke run: 1 repeat, --min-time 0.05")
    ap.add_argument("--png", help="default bench/compare.png (cpu), bench/compare_cuda.png (cuda)")
    args = ap.parse_args()
    if torch is None:
        sys.exit("PyTorch missing (scripts/install-deps.sh --with-torch installs it)")
    if args.device == "cuda":
        args.png = args.png or "bench/compare_cuda.png"
        return compare_cuda(args)
    args.png = args.png or "bench/compare.png"
    if args.quick:
        args.repeats, args.min_time = 1, 0.05

    first, widest = limits(args.build, args.min_time)
    onednn = os.path.join(args.build, "bench", "bench_onednn")
    if not os.access(onednn, os.X_OK):
        print("no bench_onednn in %s (built where libdnnl-dev is installed): no oneDNN column" % args.build)
        onednn = None
    pytorch = pytorch_workloads()
    rows = [measure_row(w, t, args.build, pytorch.get(w.name), onednn, args.repeats, args.min_time)
            for t in args.threads for w in WORKLOADS]
    last, _ = limits(args.build, args.min_time)
    # The larger of the two runs is the nearer to the machine's real limit: noise only ever lowers it.
    best = {kind: {t: max(first[kind][t], last[kind][t]) for t in first[kind]} for kind in ("fma", "copy")}
    rows = [r._replace(limit=share_of_limit(w, r.threads, r.ember, best))
            for r, w in zip(rows, WORKLOADS * len(args.threads))]
    print_report(rows, first, last, widest, args.repeats)
    draw_ratios(args.png, rows, args.threads)


if __name__ == "__main__":
    main()
