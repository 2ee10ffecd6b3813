#!/usr/bin/env bash
# Installs a build into a fresh prefix, checks that every installed library finds its siblings by
# RUNPATH $ORIGIN (first), then builds tests/install/consumer against the prefix with find_package(ember) and
# runs it with no LD_LIBRARY_PATH (libember must find libTHNN.so.0 and libTH.so.0 by itself).
# Usage: check.sh BUILD_DIR SOURCE_DIR WORK_DIR
set -euo pipefail
build=$1 src=$2 work=$3
rm -rf "$work"
mkdir -p "$work"
cmake --install "$build" --prefix "$work/prefix" > "$work/install.log"

for lib in libTH libTHNN libember; do
  runpath=$(readelf -d "$work/prefix/lib/$lib.so" | sed -n 's/.*(RUNPATH).*\[\(.*\)\]/\1/p')
  if [ "${runpath%%:*}" != '$ORIGIN' ]; then
    echo "FAIL: installed $lib.so has RUNPATH '$runpath', expected it to start with '\$ORIGIN'"
    exit 1
  fi
done

cmake -S "$src/tests/install/consumer" -B "$work/consumer" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$work/prefix" > "$work/consumer-configure.log"
cmake --build "$work/consumer" > "$work/consumer-build.log"
out=$(env -u LD_LIBRARY_PATH "$work/consumer/consumer")
if [ "$out" != "linear 4 sum 10" ]; then
  echo "FAIL: the consumer printed '$out', expected 'linear 4 sum 10'"
  exit 1
fi
# lua-compat (installed only when it is enabled): the installed th finds its packages and the
# libraries by itself, from an empty directory, with none of EMBER_LIB_DIR, LUA_PATH, LD_LIBRARY_PATH.
if [ -e "$work/prefix/bin/th" ]; then
  mkdir -p "$work/th-run"
  cp "$src/examples/lua/xor.lua" "$work/th-run/"
  if ! out=$(cd "$work/th-run" && env -u EMBER_LIB_DIR -u LUA_PATH -u LUA_CPATH -u LD_LIBRARY_PATH \
             "$work/prefix/bin/th" xor.lua 2>&1); then
    echo "FAIL: the installed th could not run xor.lua:"
    echo "$out"
    exit 1
  fi
  case "$out" in
    *"XOR: 4/4 correct"*) ;;
    *) echo "FAIL: the installed th ran xor.lua but it did not learn XOR:"; echo "$out"; exit 1 ;;
  esac
  echo "ok: the installed th runs examples/lua/xor.lua from an empty directory"
fi
echo "ok: an installed ember runs from $work/prefix without LD_LIBRARY_PATH"
