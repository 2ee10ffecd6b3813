#!/usr/bin/python3
"""Runs the DESIGN.md workloads W1-W8 in ember (the Google Benchmark programs of bench/) and in
PyTorch 1.13 (Debian's python3-torch) on this machine in the same run, prints ember's time /
PyTorch's time per workload and thread count, and draws the ratios to a PNG.

    /usr/bin/python3 bench/compare.py [--build build] [--threads 1 2] [--png bench/compare.png]
    /usr/bin/python3 bench/compare.py --device cuda [--build build] [--png bench/compare_cuda.png]

ember's benchmarks are named WORKLOAD/THREADS, e.g. "W1_conv3x3_forward/2" (times in ms); a
workload missing on either side is reported as such.

--device cuda compares libTHCUNN (bench/bench_THCUNN: W1-W7 with GPU-sized batches, the factor in
its counter batch_x) with PyTorch on the same GPU (cuDNN, cudnn.benchmark on), one workload at a
time, ember then PyTorch, and gives W5's share of the device-to-device copy bandwidth."""
import argparse
import glob
import json
import os
import statistics
import subprocess
import sys
import time

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

    epoch.reps, epoch.warmup = 3, 0  # seconds per run: few repetitions
    return epoch


def pytorch_workloads():
    w = {}
    w["W1_conv3x3_forward"], w["W1_conv3x3_backward"] = conv_workload(16, 64, 32, 32, 64, 3, 1, 1)
    w["W2_conv7x7s2_forward"], w["W2_conv7x7s2_backward"] = conv_workload(8, 3, 224, 224, 64, 7, 2, 3)
    w["W3_linear_forward"], w["W3_linear_backward"] = linear_workload()
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


def ember_times(build, threads):
    """{(name, threads): median ms} from every bench_* program of the build."""
    found = {}
    for prog in sorted(glob.glob(os.path.join(build, "bench", "bench_*"))):
        if not os.access(prog, os.X_OK) or prog.endswith(".cpp"):
            continue
        out = subprocess.run([prog, "--benchmark_filter=^W[0-9]", "--benchmark_format=json",
                              "--benchmark_repetitions=5", "--benchmark_report_aggregates_only=true"],
                             capture_output=True, text=True)
        if out.returncode != 0:
            print("warning: %s failed: %s" % (prog, out.stderr.strip()[-300:]), file=sys.stderr)
            continue
        if not out.stdout.strip() or out.stdout.startswith("skipped"):  # no W* benchmark, or no GPU
            continue
        for b in json.loads(out.stdout).get("benchmarks", []):
            if b.get("aggregate_name") != "median":
                continue
            name = b["run_name"].split("/")[0]
            args = b["run_name"].split("/")[1:]
            t = int(args[0]) if args and args[0].isdigit() else 1
            unit = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}[b["time_unit"]]
            if t in threads:
                found[(name, t)] = b["real_time"] * unit
    return found


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


def draw(png, names, series, ylabel, log=False):
    """Bars of ratios per workload, one colour per series, to a PNG."""
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
        ax.bar([x + i * width for x in range(len(names))], ratios, width, label=label)
    ax.axhline(1.0, color="black", linewidth=0.8)
    if log:
        ax.set_yscale("log")
    ax.set_xticks([x + width * (len(series) - 1) / 2 for x in range(len(names))])
    ax.set_xticklabels(names, rotation=45, ha="right", fontsize=8)
    ax.set_ylabel(ylabel)
    ax.legend()
    fig.tight_layout()
    fig.savefig(png, dpi=100)
    print("wrote", png)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", default="build")
    ap.add_argument("--device", choices=["cpu", "cuda"], default="cpu")
    ap.add_argument("--threads", type=int, nargs="+", default=[1, 2], help="CPU only")
    ap.add_argument("--png", help="default bench/compare.png (cpu), bench/compare_cuda.png (cuda)")
    args = ap.parse_args()
    if torch is None:
        sys.exit("PyTorch missing (scripts/install-deps.sh --with-torch installs it)")
    if args.device == "cuda":
        args.png = args.png or "bench/compare_cuda.png"
        return compare_cuda(args)
    args.png = args.png or "bench/compare.png"

    ours = ember_times(args.build, args.threads)
    workloads = pytorch_workloads()
    rows = []
    for t in args.threads:
        torch.set_num_threads(t)
        for name, fn in workloads.items():
            theirs = median_ms(fn, getattr(fn, "reps", 7), getattr(fn, "warmup", 2))
            mine = ours.get((name, t))
            rows.append((name, t, mine, theirs))

    print("%-38s %3s %12s %12s %8s" % ("workload", "thr", "ember ms", "pytorch ms", "ratio"))
    for name, t, mine, theirs in rows:
        ratio = "%.2f" % (mine / theirs) if mine else "missing"
        print("%-38s %3d %12s %12.3f %8s" % (name, t, "%.3f" % mine if mine else "-", theirs, ratio))

    names = list(dict.fromkeys(r[0] for r in rows))
    series = {"%d thread(s)" % t: [next((m / p for n, tt, m, p in rows if n == name and tt == t and m), 0)
                                   for name in names] for t in args.threads}
    draw(args.png, names, series, "ember time / PyTorch 1.13 time (lower is better)")


if __name__ == "__main__":
    main()
