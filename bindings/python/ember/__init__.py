"""ember: Python bindings of libTH and libTHNN (Torch7's C ABI) through ctypes and numpy.

    import numpy as np, ember
    x = ember.from_numpy(np.random.rand(4, 5).astype(np.float32))   # no copy
    w, b = ember.FloatTensor(3, 5).fill(0.1), ember.FloatTensor(3).zero()
    y = ember.FloatTensor()
    ember.THNN.Float.Linear_updateOutput(x, y, w, b, ember.FloatTensor())
    y.numpy()                                                        # no copy either

TH runs in guarded mode: a failing call raises RuntimeError with TH's message and the process
goes on. See README.md next to this package for how the libraries are found.
"""
from . import _loader
from ._loader import LIB_PATHS
from ._tensor import (TENSOR_CLASSES, STORAGE_CLASSES, Generator, Storage, Tensor,
                      default_generator, from_numpy, manual_seed, normal_, pinned_count,
                      tensor_class, uniform_)
from . import THNN

ByteTensor = TENSOR_CLASSES["Byte"]
CharTensor = TENSOR_CLASSES["Char"]
ShortTensor = TENSOR_CLASSES["Short"]
IntTensor = TENSOR_CLASSES["Int"]
LongTensor = TENSOR_CLASSES["Long"]
FloatTensor = TENSOR_CLASSES["Float"]
DoubleTensor = TENSOR_CLASSES["Double"]
ByteStorage = STORAGE_CLASSES["Byte"]
CharStorage = STORAGE_CLASSES["Char"]
ShortStorage = STORAGE_CLASSES["Short"]
IntStorage = STORAGE_CLASSES["Int"]
LongStorage = STORAGE_CLASSES["Long"]
FloatStorage = STORAGE_CLASSES["Float"]
DoubleStorage = STORAGE_CLASSES["Double"]

_set_threads = _loader.declare(_loader.TH, "THSetNumThreads", None, [_loader.ctypes.c_int])
_get_threads = _loader.declare(_loader.TH, "THGetNumThreads", _loader.ctypes.c_int, [])


def set_num_threads(n):
    """The thread count of TH's OpenMP loops and of OpenBLAS (one pool)."""
    _set_threads(int(n))


def get_num_threads():
    return _get_threads()


def to_numpy(tensor):
    """tensor.numpy(): a view of the tensor's memory (no copy)."""
    return tensor.numpy()


__all__ = ["THNN", "Tensor", "Storage", "Generator", "from_numpy", "to_numpy", "tensor_class",
           "manual_seed", "default_generator", "uniform_", "normal_", "set_num_threads",
           "get_num_threads", "LIB_PATHS", "pinned_count"] + \
          [n + "Tensor" for n in TENSOR_CLASSES] + [n + "Storage" for n in STORAGE_CLASSES]
