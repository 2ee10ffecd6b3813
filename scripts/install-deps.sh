#!/usr/bin/env bash
# Installs, with apt-get, the Debian packages ember needs that are not installed yet.
# Idempotent: when everything is present it changes nothing and never touches the network.
# Usage: scripts/install-deps.sh [--with-torch] [--with-fuzz]   (--with-torch adds the benchmark tooling:
# python3-torch, needed to regenerate the golden files in tests/golden and to run bench/compare.py, its
# python3-matplotlib for the PNG, and libdnnl-dev for bench/bench_onednn, oneDNN standalone as the
# convolutions' reference in that report; --with-fuzz adds
# clang, its libFuzzer and sanitizer runtimes and its OpenMP, only needed by make fuzz)
set -euo pipefail

packages=(
  build-essential cmake pkg-config
  libopenblas-openmp-dev liblapack-dev
  libcmocka-dev libbenchmark-dev
  python3-numpy zlib1g-dev
  luajit libluajit-5.1-dev
  dataset-fashion-mnist
  gfortran
)
for arg in "$@"; do
  case "$arg" in
    --with-torch) packages+=(python3-torch python3-matplotlib libdnnl-dev) ;;
    --with-fuzz) packages+=(clang libclang-rt-dev libomp-dev) ;;
    # rustc (about 270 MB with its standard library): only the Rust example of docs/ffi.md needs it
    --with-rust) packages+=(rustc) ;;
    *) echo "install-deps: unknown option $arg" >&2; exit 2 ;;
  esac
done

missing=()
for p in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [ "$status" = "install ok installed" ] || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "install-deps: missing Debian packages: ${missing[*]}; installing them with apt-get"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if ! command -v sudo > /dev/null; then
    echo "install-deps: not root and no sudo: run as root: apt-get install ${missing[*]}" >&2
    exit 1
  fi
  sudo="sudo"
  echo "install-deps: (through sudo, as you are not root)"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
