"""ember's C ABI from Python with raw ctypes (no binding package, no compiler).

Run with Debian's interpreter: /usr/bin/python3 ffi_example.py
Tensors are opaque handles (c_void_p): this program never looks inside a struct.
"""
import ctypes
from ctypes import c_float, c_int, c_long, c_void_p, c_char_p

th = ctypes.CDLL("libTH.so.0")
thnn = ctypes.CDLL("libTHNN.so.0")


def declare(library, name, restype, *argtypes):
    """Every function gets its exact prototype: ctypes would otherwise take results for 32-bit ints."""
    function = getattr(library, name)
    function.restype = restype
    function.argtypes = argtypes
    return function


THSetGuardedMode = declare(th, "THSetGuardedMode", None, c_int)
THGetLastError = declare(th, "THGetLastError", c_char_p)
new = declare(th, "THFloatTensor_new", c_void_p)
newWithSize2d = declare(th, "THFloatTensor_newWithSize2d", c_void_p, c_long, c_long)
set2d = declare(th, "THFloatTensor_set2d", None, c_void_p, c_long, c_long, c_float)
get2d = declare(th, "THFloatTensor_get2d", c_float, c_void_p, c_long, c_long)
size = declare(th, "THFloatTensor_size", c_long, c_void_p, c_int)
zero = declare(th, "THFloatTensor_zero", None, c_void_p)
tmax = declare(th, "THFloatTensor_max", None, c_void_p, c_void_p, c_void_p, c_int, c_int)
addmm = declare(th, "THFloatTensor_addmm", None,
                c_void_p, c_float, c_void_p, c_float, c_void_p, c_void_p)
free = declare(th, "THFloatTensor_free", None, c_void_p)
long_new = declare(th, "THLongTensor_new", c_void_p)
long_get2d = declare(th, "THLongTensor_get2d", c_long, c_void_p, c_long, c_long)
long_free = declare(th, "THLongTensor_free", None, c_void_p)
tanh_updateOutput = declare(thnn, "THNN_FloatTanh_updateOutput", None,
                            c_void_p, c_void_p, c_void_p)


def check():
    """In guarded mode a failed call returns early and leaves its message for THGetLastError."""
    message = THGetLastError()
    if message is not None:
        raise RuntimeError(message.decode())


def print_matrix(title, t):
    print(title + ":")
    for i in range(size(t, 0)):
        print("".join("%8.4f" % get2d(t, i, j) for j in range(size(t, 1))))


THSetGuardedMode(1)  # errors come back as messages instead of aborting the process

xs = [[-1.0, 0.5, 0.25], [2.0, -0.5, 1.5]]
ws = [[1.0, 0.5], [2.0, -1.0], [-1.0, 0.25]]
x = newWithSize2d(2, 3)
w = newWithSize2d(3, 2)
check()
for i in range(2):
    for j in range(3):
        set2d(x, i, j, xs[i][j])
        set2d(w, j, i, ws[j][i])
print_matrix("x", x)

# A THNN kernel: the output is a tensor we own; the kernel resizes it. THNNState is NULL on CPU.
y = new()
tanh_updateOutput(None, x, y)
check()
print_matrix("tanh(x)", y)

# Dimensions passed in are 0-based (1 = along each row); returned indices are 0-based too.
values = new()
indices = long_new()
tmax(values, indices, y, 1, 1)
check()
print("argmax of each row (1-based): %d %d"
      % (long_get2d(indices, 0, 0) + 1, long_get2d(indices, 1, 0) + 1))

# A size mismatch: [2 x 3] times [2 x 3]. The call returns; the message says what went wrong.
h = newWithSize2d(2, 2)
zero(h)
addmm(h, 0.0, h, 1.0, x, x)
try:
    check()
    print("error: (none)")
except RuntimeError as error:
    print("error: %s" % error)

# The library keeps working: the same function with the right operands, h = x * w.
addmm(h, 0.0, h, 1.0, x, w)
check()
print_matrix("x * w", h)

# Every handle from new/newWithSize* is ours: free it once (retain adds a reference).
for t in (x, w, y, values, h):
    free(t)
long_free(indices)
