"""TH storages and tensors of every type, and their exchange with numpy.

A Python Tensor or Storage owns one TH reference (retain/free). Arrays that come from numpy are
wrapped without copying when TH can address them (see from_numpy); the TH storage then uses an
allocator whose context pins the numpy array in _pinned until TH frees the storage, so numpy's
memory is never given to THFree and never released while TH can still read it.
"""
import atexit
import ctypes
import sys
from ctypes import POINTER, c_int, c_long, c_ssize_t, c_void_p

import numpy as np

from ._loader import TH, declare

P = c_void_p

# name, C element type, numpy dtype, accreal's C type (TH's sumall returns it)
TYPES = (
    ("Byte", ctypes.c_uint8, np.uint8),
    ("Char", ctypes.c_int8, np.int8),
    ("Short", ctypes.c_int16, np.int16),
    ("Int", ctypes.c_int32, np.int32),
    ("Long", ctypes.c_long, np.int64),
    ("Float", ctypes.c_float, np.float32),
    ("Double", ctypes.c_double, np.float64),
)
TYPE_NAMES = tuple(t[0] for t in TYPES)

_finalizing = False


@atexit.register
def _stop_freeing():
    # At interpreter exit the wrappers die in any order, and the allocator's callbacks with them:
    # leave what is left to the process's end.
    global _finalizing
    _finalizing = True


# --------------------------------------------------------------------------- numpy allocator
_MALLOC = ctypes.CFUNCTYPE(c_void_p, c_void_p, c_ssize_t)
_REALLOC = ctypes.CFUNCTYPE(c_void_p, c_void_p, c_void_p, c_ssize_t)
_FREE = ctypes.CFUNCTYPE(None, c_void_p, c_void_p)


class _THAllocator(ctypes.Structure):
    _fields_ = [("malloc", _MALLOC), ("realloc", _REALLOC), ("free", _FREE)]


_pinned = {}          # allocator context (an int) -> the numpy array whose memory a storage uses
_next_context = [1]


def _new_context(array):
    ctx = _next_context[0]
    _next_context[0] += 1
    _pinned[ctx] = array
    return ctx


def _numpy_block(nbytes):
    return np.empty(max(int(nbytes), 1), dtype=np.uint8)


@_MALLOC
def _np_malloc(ctx, nbytes):
    block = _numpy_block(nbytes)
    _pinned[ctx] = block
    return block.ctypes.data


@_REALLOC
def _np_realloc(ctx, ptr, nbytes):
    # TH grows a storage that holds numpy memory: a fresh numpy block takes over, old bytes copied.
    block = _numpy_block(nbytes)
    old = _pinned.get(ctx)
    if ptr and old is not None:
        n = min(old.nbytes, block.nbytes)
        ctypes.memmove(block.ctypes.data, ptr, n)
    _pinned[ctx] = block
    return block.ctypes.data


@_FREE
def _np_free(ctx, ptr):
    _pinned.pop(ctx, None)


NUMPY_ALLOCATOR = _THAllocator(_np_malloc, _np_realloc, _np_free)
_NUMPY_ALLOCATOR_PTR = ctypes.cast(ctypes.pointer(NUMPY_ALLOCATOR), c_void_p)


def pinned_count():
    """How many numpy arrays TH storages hold now (for tests and leak hunting)."""
    return len(_pinned)


# --------------------------------------------------------------------------- C functions
def _functions(name, real):
    S, T = "TH%sStorage_" % name, "TH%sTensor_" % name
    LP = POINTER(c_long)
    spec = [
        (S + "new", P, []),
        (S + "newWithSize", P, [c_ssize_t]),
        (S + "newWithDataAndAllocator", P, [P, c_ssize_t, P, P]),
        (S + "free", None, [P]),
        (S + "retain", None, [P]),
        (S + "data", P, [P]),
        (S + "size", c_ssize_t, [P]),
        (S + "fill", None, [P, real]),
        (S + "resize", None, [P, c_ssize_t]),
        (T + "new", P, []),
        (T + "newWithStorage1d", P, [P, c_ssize_t, c_long, c_long]),
        (T + "free", None, [P]),
        (T + "retain", None, [P]),
        (T + "nDimension", c_int, [P]),
        (T + "size", c_long, [P, c_int]),
        (T + "stride", c_long, [P, c_int]),
        (T + "storage", P, [P]),
        (T + "storageOffset", c_ssize_t, [P]),
        (T + "data", P, [P]),
        (T + "nElement", c_ssize_t, [P]),
        (T + "isContiguous", c_int, [P]),
        (T + "newContiguous", P, [P]),
        (T + "newClone", P, [P]),
        (T + "newNarrow", P, [P, c_int, c_long, c_long]),
        (T + "newSelect", P, [P, c_int, c_long]),
        (T + "newTranspose", P, [P, c_int, c_int]),
        (T + "fill", None, [P, real]),
        (T + "zero", None, [P]),
        (T + "resizeAs", None, [P, P]),
        (T + "resizeNd", None, [P, c_int, LP, LP]),
        (T + "setStorageNd", None, [P, P, c_ssize_t, c_int, LP, LP]),
    ]
    spec += [(T + "copy" + other, None, [P, P]) for other in TYPE_NAMES]
    fns = {}
    for cname, restype, argtypes in spec:
        fns[cname.split("_", 1)[1] if cname.startswith(T) else "storage_" + cname.split("_", 1)[1]] = \
            declare(TH, cname, restype, argtypes)
    return fns


def _longs(values):
    return (c_long * max(len(values), 1))(*values)


def _sizes(args):
    """Sizes given as f(2, 3), f((2, 3)) or f([2, 3])."""
    if len(args) == 1 and not isinstance(args[0], (int, np.integer)):
        args = tuple(args[0])
    sizes = tuple(int(s) for s in args)
    if any(s < 0 for s in sizes):   # (TH would read a negative size as the end of the list)
        raise ValueError("ember: sizes must be >= 0, got %s" % (sizes,))
    return sizes


class _ArrayView:
    """What a numpy view of TH memory hangs on: one TH reference to the storage under it."""

    def __init__(self, storage_handle, free, interface):
        self._storage = storage_handle
        self._free = free
        self.__array_interface__ = interface

    def __del__(self):
        if self._storage and not _finalizing:
            self._free(self._storage)


def _view(storage_handle, retain, free, ptr, shape, strides, dtype):
    if storage_handle is None or ptr is None or int(np.prod(shape)) == 0:
        return np.empty(shape, dtype=dtype)
    retain(storage_handle)
    holder = _ArrayView(storage_handle, free, {
        "version": 3, "shape": tuple(shape), "typestr": np.dtype(dtype).str,
        "data": (ptr, False), "strides": tuple(strides)})
    return np.asarray(holder)


def _zero_copy_ok(array):
    return (array.dtype.isnative and array.flags.aligned and array.flags.writeable
            and array.size > 0
            and all(s >= 0 and s % array.itemsize == 0 for s in array.strides))


# --------------------------------------------------------------------------- classes
class Storage:
    """A TH storage: a flat, resizable array of one element type."""
    typename = None
    dtype = None
    _c = None

    def __init__(self, size=0, _handle=None):
        if _handle is None:
            _handle = self._c["storage_newWithSize"](int(size))
        self._h = _handle
        self._as_parameter_ = _handle

    def __del__(self):
        h = getattr(self, "_h", None)
        if h and not _finalizing and not sys.is_finalizing():
            self._c["storage_free"](h)
            self._h = None

    @classmethod
    def _wrap_retained(cls, handle):
        cls._c["storage_retain"](handle)
        return cls(_handle=handle)

    def size(self):
        return self._c["storage_size"](self._h)

    __len__ = size

    def data_ptr(self):
        return self._c["storage_data"](self._h) or 0

    def fill(self, value):
        self._c["storage_fill"](self._h, value)
        return self

    def resize(self, size):
        self._c["storage_resize"](self._h, int(size))
        return self

    def numpy(self):
        """A numpy view of the storage's memory (no copy), valid until the storage is resized."""
        n = self.size()
        return _view(self._h, self._c["storage_retain"], self._c["storage_free"],
                     self._c["storage_data"](self._h), (n,), (np.dtype(self.dtype).itemsize,),
                     self.dtype)

    to_numpy = numpy

    def tolist(self):
        return self.numpy().tolist()

    def __getitem__(self, i):
        return self.numpy()[i]

    def __setitem__(self, i, value):
        self.numpy()[i] = value

    def __repr__(self):
        return "ember.%sStorage of size %d\n%r" % (self.typename, self.size(), self.numpy())


class Tensor:
    """A TH tensor. Dimensions and indices are 0-based here as in TH's C functions (index tensors
    given to THNN kernels keep their 1-based contents)."""
    typename = None
    dtype = None
    storage_class = None
    _c = None

    def __init__(self, *sizes, _handle=None):
        if _handle is None:
            _handle = self._c["new"]()
            self._h = _handle
            self._as_parameter_ = _handle
            if sizes:
                self.resize(*sizes)
        self._h = _handle
        self._as_parameter_ = _handle

    def __del__(self):
        h = getattr(self, "_h", None)
        if h and not _finalizing and not sys.is_finalizing():
            self._c["free"](h)
            self._h = None

    # ---- geometry
    def dim(self):
        return self._c["nDimension"](self._h)

    def size(self, dim=None):
        if dim is not None:
            return self._c["size"](self._h, int(dim))
        return tuple(self._c["size"](self._h, d) for d in range(self.dim()))

    @property
    def shape(self):
        return self.size()

    def stride(self, dim=None):
        if dim is not None:
            return self._c["stride"](self._h, int(dim))
        return tuple(self._c["stride"](self._h, d) for d in range(self.dim()))

    def nelement(self):
        return self._c["nElement"](self._h)

    numel = nelement

    def __len__(self):
        return self.size(0) if self.dim() else 0

    def storage_offset(self):
        return self._c["storageOffset"](self._h)

    def storage(self):
        h = self._c["storage"](self._h)
        return self.storage_class._wrap_retained(h) if h else None

    def data_ptr(self):
        return self._c["data"](self._h) or 0

    def is_contiguous(self):
        return bool(self._c["isContiguous"](self._h))

    # ---- in place
    def resize(self, *sizes):
        sizes = _sizes(sizes)
        self._c["resizeNd"](self._h, len(sizes), _longs(sizes), None)
        return self

    def resize_as(self, other):
        self._c["resizeAs"](self._h, _same_type(self, other))
        return self

    def fill(self, value):
        self._c["fill"](self._h, value)
        return self

    def zero(self):
        self._c["zero"](self._h)
        return self

    def copy(self, src):
        """Copies src's elements (any tensor type, or a numpy array) in order; the element counts
        must agree, the shapes need not."""
        if not isinstance(src, Tensor):
            src = from_numpy(np.asarray(src))
        self._c["copy" + src.typename](self._h, src)
        return self

    # ---- new tensors
    def contiguous(self):
        """This tensor (a new reference) when contiguous, else a contiguous copy."""
        return type(self)(_handle=self._c["newContiguous"](self._h))

    def clone(self):
        return type(self)(_handle=self._c["newClone"](self._h))

    def narrow(self, dim, start, length):
        return type(self)(_handle=self._c["newNarrow"](self._h, dim, start, length))

    def select(self, dim, index):
        return type(self)(_handle=self._c["newSelect"](self._h, dim, index))

    def transpose(self, dim0, dim1):
        return type(self)(_handle=self._c["newTranspose"](self._h, dim0, dim1))

    def t(self):
        return self.transpose(0, 1)

    def type(self, other_class):
        """A copy of this tensor as another tensor class (e.g. ember.DoubleTensor)."""
        return other_class(*self.size()).copy(self) if self.nelement() else other_class()

    # ---- numpy
    def numpy(self):
        """A numpy array on the same memory (no copy). It holds a TH reference to the storage, so it
        stays valid after the tensor is gone, until TH resizes that storage."""
        itemsize = np.dtype(self.dtype).itemsize
        return _view(self._c["storage"](self._h), self.storage_class._c["storage_retain"],
                     self.storage_class._c["storage_free"], self._c["data"](self._h),
                     self.size() if self.dim() else (0,),
                     tuple(s * itemsize for s in self.stride()) if self.dim() else (itemsize,),
                     self.dtype)

    to_numpy = numpy

    def tolist(self):
        return self.numpy().tolist()

    @classmethod
    def from_numpy(cls, array):
        """A tensor of this class on the array's memory when possible (see ember.from_numpy); an
        array of another dtype is converted (a copy)."""
        array = np.asarray(array)
        if array.dtype != cls.dtype:
            array = array.astype(cls.dtype)
        return from_numpy(array)

    def __repr__(self):
        return "ember.%s of size %s\n%r" % (type(self).__name__, "x".join(map(str, self.size())) or
                                            "0", self.numpy())


def _same_type(a, b):
    if type(b) is not type(a):
        raise TypeError("expected an ember.%s, got %s" % (type(a).__name__, type(b).__name__))
    return b


TENSOR_CLASSES = {}
STORAGE_CLASSES = {}
_BY_DTYPE = {}
for _name, _real, _dtype in TYPES:
    _c = _functions(_name, _real)
    _storage_cls = type(_name + "Storage", (Storage,),
                        {"typename": _name, "dtype": _dtype, "_c": _c, "__module__": "ember"})
    _tensor_cls = type(_name + "Tensor", (Tensor,),
                       {"typename": _name, "dtype": _dtype, "_c": _c,
                        "storage_class": _storage_cls, "__module__": "ember"})
    STORAGE_CLASSES[_name] = _storage_cls
    TENSOR_CLASSES[_name] = _tensor_cls
    _BY_DTYPE[np.dtype(_dtype)] = _tensor_cls


def tensor_class(dtype):
    """The tensor class of a numpy dtype (float32 -> FloatTensor, int64 -> LongTensor, ...)."""
    try:
        return _BY_DTYPE[np.dtype(dtype).newbyteorder("=")]
    except KeyError:
        raise TypeError("ember: no TH tensor type for numpy dtype %s" % np.dtype(dtype)) from None


def from_numpy(array):
    """A TH tensor of the array's dtype (float32, float64, int64, int32, int16, int8, uint8).

    No copy when TH can address the memory: the array is aligned, writeable, in native byte order,
    and its strides are non-negative multiples of the element size (any C-, F-ordered or sliced
    view without reversed axes). The tensor then shares the array's memory, and the array stays
    alive as long as TH uses it. Otherwise (negative strides, unaligned, read-only, byte-swapped,
    empty) the tensor gets a copy. A 0-d array becomes a 1-element, 1-D tensor.
    """
    array = np.asarray(array)
    cls = tensor_class(array.dtype)
    if array.ndim == 0:
        array = array.reshape(1)
    if array.size == 0:
        t = cls()
        if any(array.shape):
            t.resize(array.shape)
        return t
    if not _zero_copy_ok(array):
        array = np.ascontiguousarray(array).astype(array.dtype.newbyteorder("="), copy=True)
    itemsize = array.itemsize
    strides = [s // itemsize for s in array.strides]
    span = 1 + sum((n - 1) * s for n, s in zip(array.shape, strides))
    c = cls._c
    ctx = _new_context(array)
    try:
        storage = c["storage_newWithDataAndAllocator"](array.ctypes.data, span,
                                                       _NUMPY_ALLOCATOR_PTR, ctx)
    except BaseException:
        _pinned.pop(ctx, None)
        raise
    t = cls()
    try:
        c["setStorageNd"](t._h, storage, 0, array.ndim, _longs(array.shape), _longs(strides))
    finally:
        c["storage_free"](storage)
    return t


class Generator:
    """A TH random generator (Mersenne Twister, seeded as Torch7 seeds it)."""

    def __init__(self, seed=None):
        self._h = _gen_new()
        self._as_parameter_ = self._h
        if seed is not None:
            self.manual_seed(seed)

    def manual_seed(self, seed):
        _gen_seed(self._h, int(seed))
        return self

    def initial_seed(self):
        return _gen_initial_seed(self._h)

    def __del__(self):
        h = getattr(self, "_h", None)
        if h and not _finalizing and not sys.is_finalizing():
            _gen_free(h)
            self._h = None


_gen_new = declare(TH, "THGenerator_new", P, [])
_gen_free = declare(TH, "THGenerator_free", None, [P])
_gen_seed = declare(TH, "THRandom_manualSeed", None, [P, ctypes.c_ulong])
_gen_initial_seed = declare(TH, "THRandom_initialSeed", ctypes.c_ulong, [P])
_uniform = {n: declare(TH, "TH%sTensor_uniform" % n, None, [P, P, ctypes.c_double, ctypes.c_double])
            for n in ("Float", "Double")}
_normal = {n: declare(TH, "TH%sTensor_normal" % n, None, [P, P, ctypes.c_double, ctypes.c_double])
           for n in ("Float", "Double")}

default_generator = Generator()


def manual_seed(seed):
    """Seeds ember.default_generator (the generator THNN kernels get when given None)."""
    default_generator.manual_seed(seed)


def _fill_random(table, tensor, a, b, generator):
    if tensor.typename not in table:
        raise TypeError("ember: random fills exist for Float and Double tensors")
    table[tensor.typename](tensor, generator or default_generator, float(a), float(b))
    return tensor


def uniform_(tensor, a=0.0, b=1.0, generator=None):
    """Fills a Float or Double tensor in place with TH's uniform draws in [a, b)."""
    return _fill_random(_uniform, tensor, a, b, generator)


def normal_(tensor, mean=0.0, std=1.0, generator=None):
    """Fills a Float or Double tensor in place with TH's normal draws."""
    return _fill_random(_normal, tensor, mean, std, generator)
