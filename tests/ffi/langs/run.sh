#!/usr/bin/env bash
# Builds (where the language compiles) and runs one example of examples/ffi/<lang>/ against the
# build tree's libTH and libTHNN, and compares what it prints with expected.txt: every language
# prints the same lines. Exits 77 (CTest's SKIP_RETURN_CODE), saying so, where the toolchain is missing.
# Usage: run.sh LANG EXAMPLE_DIR EXPECTED WORK_DIR TH_LIB_DIR THNN_LIB_DIR
set -euo pipefail
lang=$1 example_dir=$2 expected=$3 work=$4 th_dir=$5 thnn_dir=$6

need() {
  if ! command -v "$1" > /dev/null; then
    echo "skipped: $1 not found"
    exit 77
  fi
}

rm -rf "$work"
mkdir -p "$work"
cd "$work"
# The examples load the libraries by SONAME (libTH.so.0, libTHNN.so.0), as they would installed.
export LD_LIBRARY_PATH="$th_dir:$thnn_dir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"

case "$lang" in
  c)
    cc=${CC:-cc}
    need "$cc"
    # No ember header and no -lTH: every function comes from dlsym.
    "$cc" -std=c11 -Wall -Wextra -Werror -o example "$example_dir/ffi_example.c" -ldl
    run=(./example) ;;
  python)
    need /usr/bin/python3
    run=(/usr/bin/python3 "$example_dir/ffi_example.py") ;;
  luajit)
    luajit=luajit
    [ -x /usr/bin/luajit ] && luajit=/usr/bin/luajit
    need "$luajit"
    run=("$luajit" "$example_dir/ffi_example.lua") ;;
  fortran)
    need gfortran
    gfortran -std=f2008 -Wall -Wextra -Werror -o example "$example_dir/ffi_example.f90" \
      -L"$th_dir" -L"$thnn_dir" -lTHNN -lTH
    run=(./example) ;;
  rust)
    need rustc
    rustc --edition 2021 -D warnings -o example "$example_dir/ffi_example.rs" \
      -L native="$th_dir" -L native="$thnn_dir"
    run=(./example) ;;
  *)
    echo "run.sh: unknown language $lang" >&2
    exit 2 ;;
esac

status=0
"${run[@]}" > stdout.txt 2> stderr.txt || status=$?
if [ "$status" -ne 0 ]; then
  echo "FAIL: the $lang example exited with status $status"
  cat stdout.txt stderr.txt
  exit 1
fi
# TH's messages end with the source position of the check ("at .../THTensorMathBlas.c:99"), which
# moves as the sources change; the rest of the message must be exact.
sed -E 's/ at [^ ]+:[0-9]+$/ at <source>:<line>/' stdout.txt > normalised.txt
if ! diff -u "$expected" normalised.txt; then
  echo "FAIL: the $lang example's output differs from $expected (above)"
  exit 1
fi
if [ -s stderr.txt ]; then
  echo "FAIL: the $lang example wrote to stderr:"
  cat stderr.txt
  exit 1
fi
echo "ok: the $lang example printed the expected lines"
