#!/usr/bin/env bash
# Runs every fuzz target for SECONDS seconds from its seed corpus (fuzz/corpus/<target>/; new inputs go
# to BUILD_DIR/corpus/<target>/, crash reproducers to BUILD_DIR/artifacts/), prints each one's final
# executions and coverage, and fails when any target crashed.
# Usage: fuzz/run.sh BUILD_DIR SECONDS [TARGET...]
set -uo pipefail
build=$1
seconds=$2
shift 2
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(fuzz_file_memory fuzz_file_disk fuzz_idx fuzz_checkpoint fuzz_geometry)
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$build/artifacts" "$build/logs"
# The targets are single-threaded; OpenMP and OpenBLAS threads would only slow them down.
export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}
failed=()
for t in "${targets[@]}"; do
  mkdir -p "$build/corpus/$t"
  log="$build/logs/$t.log"
  "$build/fuzz/$t" -max_total_time="$seconds" -print_final_stats=1 -timeout=10 \
    -artifact_prefix="$build/artifacts/$t-" "$build/corpus/$t" "$here/corpus/$t" > "$log" 2>&1
  rc=$?
  done_line=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -1)
  execs=$(grep -E '^stat::number_of_executed_units' "$log" | awk '{print $2}')
  echo "$t: ${done_line:-no DONE line} (executions: ${execs:-?}, exit $rc)"
  if [ $rc -ne 0 ]; then
    failed+=("$t")
    echo "---- $t crashed; the end of $log:"
    tail -40 "$log"
    grep -o 'Test unit written to .*' "$log" | sed 's/^Test unit written to /reproducer: /'
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: crashed: ${failed[*]}" >&2
  exit 1
fi
echo "fuzz: all ${#targets[@]} targets ran ${seconds}s without a crash"
