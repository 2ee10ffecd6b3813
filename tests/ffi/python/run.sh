#!/bin/sh
# run.sh PYTHON SCRIPT [ARGS...]: runs a Python test, or skips it (exit 77, CTest's SKIP_RETURN_CODE)
# when the interpreter or numpy is missing: the only reasons to skip.
py=$1
shift
if [ ! -x "$py" ]; then
  echo "SKIPPED: $py not found (install Debian's python3 and python3-numpy)"
  exit 77
fi
if ! "$py" -c "import numpy" 2>/dev/null; then
  echo "SKIPPED: numpy is missing for $py (install python3-numpy)"
  exit 77
fi
exec "$py" "$@"
