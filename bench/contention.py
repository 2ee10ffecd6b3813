#!/usr/bin/python3
"""How ember's two-thread kernels degrade when another process wants a core: runs chosen workloads
of bench/ at 2 threads on a quiet machine and beside a busy process (a loop that never sleeps, one
per --competitors), under libgomp's default wait policy (threads spin at barriers before sleeping)
and under OMP_WAIT_POLICY=passive (they sleep at once), and prints each median with its slowdown
against the quiet default run.

    /usr/bin/python3 bench/contention.py [--build build] [--filter REGEX] [--competitors 1]

Run it on an otherwise idle machine: the quiet rows are the reference."""
import argparse
import json
import multiprocessing
import os
import statistics
import subprocess

DEFAULT_FILTER = ("W1_conv3x3_forward/2|W3_linear_forward/2|W4_maxpool2x2_backward/2|"
                  "W5_relu_forward/2|W6_logsoftmax_nll_forward_backward/2|W7_batchnorm_backward/2")
PROGRAMS = ["bench_THNN_conv", "bench_THNN_linear", "bench_THNN_pool", "bench_THNN_activations"]


def spin():
    while True:
        pass


def run(build, regex, env):
    """Median ms of every benchmark of bench/ matching regex, by name."""
    times = {}
    for program in PROGRAMS:
        out = subprocess.run([os.path.join(build, "bench", program), f"--benchmark_filter={regex}",
                              "--benchmark_repetitions=5", "--benchmark_min_time=0.2",
                              "--benchmark_format=json"], env=env, capture_output=True, text=True, check=True)
        for b in json.loads(out.stdout)["benchmarks"]:
            if b.get("aggregate_name") == "median":
                times[b["run_name"]] = b["real_time"]
    return times


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build", default="build")
    parser.add_argument("--filter", default=DEFAULT_FILTER)
    parser.add_argument("--competitors", type=int, default=1)
    args = parser.parse_args()
    results = {}
    for policy in ("default", "passive"):
        env = dict(os.environ)
        env.pop("OMP_WAIT_POLICY", None)
        if policy == "passive":
            env["OMP_WAIT_POLICY"] = "passive"
        results[(policy, "quiet")] = run(args.build, args.filter, env)
        busy = [multiprocessing.Process(target=spin, daemon=True) for _ in range(args.competitors)]
        for p in busy:
            p.start()
        try:
            results[(policy, "busy")] = run(args.build, args.filter, env)
        finally:
            for p in busy:
                p.terminate()
    columns = [(p, s) for p in ("default", "passive") for s in ("quiet", "busy")]
    print(f"ms, medians of 5; x: against the quiet run with the default policy; "
          f"busy: {args.competitors} spinning process(es) beside it")
    print(f"{'workload':42}" + "".join(f"{p + ' ' + s:>22}" for p, s in columns))
    reference = results[("default", "quiet")]
    for name in sorted(reference):
        cells = []
        for key in columns:
            t = results[key].get(name)
            cells.append(f"{t:9.3f} ({t / reference[name]:5.2f}x)" if t else f"{'-':>20}")
        print(f"{name:42}" + "".join(f"{c:>22}" for c in cells))
    ratios = [results[k][n] / reference[n] for k in columns for n in reference if n in results[k]]
    print(f"largest slowdown {max(ratios):.2f}x, median {statistics.median(ratios):.2f}x")


if __name__ == "__main__":
    main()
