#!/usr/bin/python3
"""Runs bench_THC (libTHC on the GPU) and the same operations in PyTorch on the same GPU in the same
run, and prints, per operation, THC's median time, PyTorch's, and THC's share of the device limit
its target names (issue 12: addmm >= 90% of cuBLAS sgemm, pointwise and reductions >= 80% of the
device-to-device copy bandwidth, pinned host copies >= 80% of cudaMemcpy's).

    python3 bench/cuda/compare_cuda.py [--build build]
"""
import argparse
import json
import statistics
import subprocess
import sys

import torch

SIDE = 4096


def torch_ms(fn, reps=20):
    start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(reps):
        start.record()
        fn()
        stop.record()
        stop.synchronize()
        times.append(start.elapsed_time(stop))
    return statistics.median(times)


def torch_figures():
    dev = torch.device("cuda")
    a = torch.full((SIDE, SIDE), 0.5, device=dev)
    b = torch.full((SIDE, SIDE), 0.25, device=dev)
    r = torch.empty_like(a)
    host = torch.ones(SIDE, SIDE).pin_memory()
    out = {}
    for n in (1024, 4096):
        x, y, z = a[:n, :n].contiguous(), b[:n, :n].contiguous(), r[:n, :n].contiguous()
        out["THC_addmm/%d" % n] = torch_ms(lambda: torch.mm(x, y, out=z))
    out["THC_fill"] = torch_ms(lambda: r.fill_(3.0))
    out["THC_add"] = torch_ms(lambda: torch.add(a, 1.0, out=r))
    out["THC_cadd"] = torch_ms(lambda: torch.add(a, b, alpha=2.0, out=r))
    out["THC_cmul"] = torch_ms(lambda: torch.mul(a, b, out=r))
    out["THC_tanh"] = torch_ms(lambda: torch.tanh(a, out=r))
    out["THC_sumall"] = torch_ms(lambda: a.sum())
    out["THC_sum_rows"] = torch_ms(lambda: a.sum(1, keepdim=True))
    out["THC_sum_columns"] = torch_ms(lambda: a.sum(0, keepdim=True))
    out["THC_copy_h2d"] = torch_ms(lambda: r.copy_(host, non_blocking=True))
    out["THC_copy_d2h"] = torch_ms(lambda: host.copy_(r, non_blocking=True))
    return out


LIMIT = {  # the reference each THC benchmark is held to, and the share it must reach
    "THC_addmm/1024": ("cublas_sgemm/1024", 0.9), "THC_addmm/4096": ("cublas_sgemm/4096", 0.9),
    "THC_copy_h2d": ("memcpy_h2d", 0.8), "THC_copy_d2h": ("memcpy_d2h", 0.8),
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default="build")
    args = ap.parse_args()
    run = subprocess.run([args.build + "/bench/bench_THC", "--benchmark_format=json", "--benchmark_repetitions=5",
                          "--benchmark_report_aggregates_only=true"], capture_output=True, text=True, check=True)
    if run.stdout.startswith("skipped"):
        sys.exit(run.stdout.strip())
    ember = {}
    bandwidth = {}
    for b in json.loads(run.stdout)["benchmarks"]:
        if b.get("aggregate_name") != "median":
            continue
        name = b["run_name"].replace("BM_", "").split("/manual_time")[0]
        ember[name] = b["real_time"]
        if "bytes_per_second" in b:
            bandwidth[name] = b["bytes_per_second"]
        if "GFLOP/s" in b:
            bandwidth[name] = b["GFLOP/s"]
    theirs = torch_figures()
    print("%-20s %10s %10s %8s %12s" % ("operation", "THC ms", "torch ms", "THC/pt", "of limit"))
    for name, ms in ember.items():
        if not name.startswith("THC_"):
            continue
        ref, target = LIMIT.get(name, ("memcpy_d2d", 0.8))
        share = bandwidth.get(name, 0) / bandwidth[ref] if bandwidth.get(ref) else float("nan")
        pt = theirs.get(name, float("nan"))
        print("%-20s %10.3f %10.3f %8.2f %8.0f%% %s" % (name, ms, pt, ms / pt, 100 * share,
                                                      "ok" if share >= target else "below %d%%" % (100 * target)))


if __name__ == "__main__":
    main()
