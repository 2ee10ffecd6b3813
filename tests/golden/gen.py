#!/usr/bin/python3
"""Regenerates every golden file in tests/golden with PyTorch 1.13 (Debian's python3-torch):
    /usr/bin/python3 tests/golden/gen.py
Each gen_<area>.py beside this file has a main() that writes that area's files; CI only reads the
committed results and needs no PyTorch."""
import glob
import importlib.util
import os
import sys

import torch

assert torch.__version__.startswith("1.13"), "the goldens come from PyTorch 1.13, found " + torch.__version__
torch.manual_seed(0)
here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
for path in sorted(glob.glob(os.path.join(here, "gen_*.py"))):
    spec = importlib.util.spec_from_file_location(os.path.basename(path)[:-3], path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.main()
    print("wrote goldens of", os.path.basename(path))
