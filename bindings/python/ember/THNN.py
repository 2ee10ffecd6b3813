"""Every THNN kernel, for Float and Double, generated at import from THNN.h.

    ember.THNN.Float.Linear_updateOutput(input, output, weight, bias, addBuffer)
    ember.THNN.Double.Tanh_updateGradInput(gradOutput, gradInput, output)

Arguments follow the header's order and names (keywords work too; a name that is a Python keyword
gets a trailing underscore: lambda_), without `state`, which the CPU kernels ignore (NULL is
passed). Conversions: THTensor takes an ember tensor of the backend's type
(FloatTensor for Float) and THIndexTensor a LongTensor (THIntegerTensor an IntTensor); a numpy array
(or anything np.asarray takes) is converted with ember.from_numpy, without a copy where its dtype
and memory allow; None passes NULL, for the optional tensors. real and accreal take Python numbers,
int/long/THIndex_t and bool take ints and bools, THGenerator a ember.Generator (None: the
default generator). A failing kernel raises RuntimeError with TH's message.

Output and buffer tensors are resized by the kernels: pass ember tensors for them (a numpy array
given as an output only sees the result when it already has the output's shape and dtype and is
contiguous).
"""
import ctypes
import inspect
import keyword

import numpy as np

from . import _header
from ._loader import THNN as _lib, declare
from ._tensor import TENSOR_CLASSES, Generator, Tensor, default_generator, from_numpy

HEADER = _header.header_path()
DECLARATIONS = _header.load(HEADER)
NAMES = tuple(f.name for f in DECLARATIONS)
_BY_NAME = {f.name: f for f in DECLARATIONS}

_SCALARS = {
    "accreal": (ctypes.c_double, float),
    "double": (ctypes.c_double, float),
    "bool": (ctypes.c_bool, bool),
    "int": (ctypes.c_int, int),
    "long": (ctypes.c_long, int),
    "THIndex_t": (ctypes.c_long, int),
    "THInteger_t": (ctypes.c_int, int),
}


def _tensor_converter(cls, fname, argname):
    def convert(value):
        if value is None or isinstance(value, cls):
            return value
        if isinstance(value, Tensor):
            raise TypeError("%s: %s must be an ember.%s, got an ember.%s"
                            % (fname, argname, cls.__name__, type(value).__name__))
        array = np.asarray(value)
        if array.dtype != cls.dtype:
            array = array.astype(cls.dtype)
        return from_numpy(array)
    return convert


def _generator_converter(fname, argname):
    def convert(value):
        if value is None:
            return default_generator
        if not isinstance(value, Generator):
            raise TypeError("%s: %s must be an ember.Generator or None" % (fname, argname))
        return value
    return convert


def _pass_through(value):
    return value


def _scalar_converter(pytype, fname, argname):
    def convert(value):
        if value is None:
            raise TypeError("%s: %s is a number, not optional" % (fname, argname))
        return pytype(value)
    return convert


def _unsupported(ctype, fname, argname):
    def convert(value):
        raise TypeError("%s: the binding does not know the argument type %s of %s"
                        % (fname, ctype, argname))
    return convert


def _prototype(real, decl):
    lines = ["void THNN_%s%s(" % (real, decl.name)]
    for i, a in enumerate(decl.args):
        sep = "," if i + 1 < len(decl.args) else ");"
        lines.append("    %s %s%s%s" % (a.type, "*" if a.pointer else "", a.name, sep))
    return "\n".join(lines)


def _make(real, decl):
    cname = "THNN_%s%s" % (real, decl.name)
    own_tensor = TENSOR_CLASSES[real]
    real_ctype = ctypes.c_float if real == "Float" else ctypes.c_double
    argtypes, converters, params = [], [], []
    for a in decl.args:
        if a.pointer:
            argtypes.append(ctypes.c_void_p)
            if a.type == "THNNState":
                continue                      # not a Python argument: NULL on the CPU
            elif a.type == "THTensor":
                conv = _tensor_converter(own_tensor, cname, a.name)
            elif a.type == "THIndexTensor":
                conv = _tensor_converter(TENSOR_CLASSES["Long"], cname, a.name)
            elif a.type == "THIntegerTensor":
                conv = _tensor_converter(TENSOR_CLASSES["Int"], cname, a.name)
            elif a.type == "THGenerator":
                conv = _generator_converter(cname, a.name)
            else:
                conv = _pass_through           # another pointer: None, an int or a ctypes object
        elif a.type == "real":
            argtypes.append(real_ctype)
            conv = _scalar_converter(float, cname, a.name)
        elif a.type in _SCALARS:
            ctype, pytype = _SCALARS[a.type]
            argtypes.append(ctype)
            conv = _scalar_converter(pytype, cname, a.name)
        else:
            argtypes.append(ctypes.c_void_p)
            conv = _unsupported(a.type, cname, a.name)
        converters.append(conv)
        pyname = a.name + "_" if keyword.iskeyword(a.name) else a.name    # lambda -> lambda_
        params.append(inspect.Parameter(pyname, inspect.Parameter.POSITIONAL_OR_KEYWORD))
    cfunc = declare(_lib, cname, None, argtypes)
    if cfunc is None:
        raise AttributeError("%s is declared in %s but libTHNN does not export it" % (cname, HEADER))
    state_positions = [i for i, a in enumerate(decl.args) if a.pointer and a.type == "THNNState"]
    signature = inspect.Signature(params)
    n = len(params)

    def kernel(*args, **kwargs):
        if kwargs or len(args) != n:
            bound = signature.bind(*args, **kwargs)
            args = bound.args
        values = [conv(v) for conv, v in zip(converters, args)]
        for i in state_positions:
            values.insert(i, None)
        cfunc(*values)

    kernel.__name__ = decl.name
    kernel.__qualname__ = "%s.%s" % (real, decl.name)
    kernel.__signature__ = signature
    kernel.__doc__ = "Calls the C kernel\n\n" + _prototype(real, decl)
    kernel.c_function = cfunc
    kernel.declaration = decl
    return kernel


class Backend:
    """The THNN kernels of one type; attributes are made on first use."""

    def __init__(self, real):
        self.real = real
        self._made = {}

    def __getattr__(self, name):
        if name.startswith("__") or name not in _BY_NAME:
            raise AttributeError("THNN.%s has no kernel %r (THNN.h: %s)" % (self.real, name, HEADER))
        f = self._made.get(name)
        if f is None:
            f = self._made[name] = _make(self.real, _BY_NAME[name])
        return f

    def __dir__(self):
        return sorted(set(NAMES) | set(object.__dir__(self)))

    def __repr__(self):
        return "<ember.THNN.%s: %d kernels from %s>" % (self.real, len(NAMES), HEADER)


Float = Backend("Float")
Double = Backend("Double")
BACKENDS = {"Float": Float, "Double": Double}
