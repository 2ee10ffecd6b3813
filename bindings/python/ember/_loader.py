"""Finding and loading libTH and libTHNN, and turning TH errors into RuntimeError.

Search order (the first directory that holds both libraries wins):
  1. EMBER_LIB_DIR, a colon-separated list of directories;
  2. the installed location, written next to the package by `make install` (_install_config.py);
  3. the build tree, written next to the build tree's copy of the package (_build_config.py);
  4. the system loader, by SONAME (libTH.so.0, libTHNN.so.0: LD_LIBRARY_PATH, ld.so.cache).
"""
import ctypes
import os

PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))
SONAMES = {"TH": "libTH.so.0", "THNN": "libTHNN.so.0"}


def _config_dirs(module_name, attribute):
    try:
        module = __import__(__package__ + "." + module_name, fromlist=[attribute])
    except ImportError:
        return []
    return [os.path.normpath(os.path.join(PACKAGE_DIR, d)) for d in getattr(module, attribute)]


def candidate_dirs():
    """The directories searched, in order (the SONAME fallback comes after them)."""
    dirs = [d for d in os.environ.get("EMBER_LIB_DIR", "").split(":") if d]
    dirs += _config_dirs("_install_config", "LIB_DIRS")
    dirs += _config_dirs("_build_config", "LIB_DIRS")
    return dirs


def _find_in(dirs, soname):
    for d in dirs:
        for name in (soname, soname.rsplit(".", 1)[0]):   # libTH.so.0, then libTH.so
            path = os.path.join(d, name)
            if os.path.isfile(path):
                return path
    return None


def _load():
    dirs = candidate_dirs()
    # Both libraries from the same place: the first directory (or pair of build-tree directories,
    # TH/ and THNN/) holding each.
    paths = {lib: _find_in(dirs, soname) for lib, soname in SONAMES.items()}
    libs = {}
    for lib in ("TH", "THNN"):          # TH first: libTHNN needs it, and then finds it by SONAME
        target = paths[lib] or SONAMES[lib]
        try:
            libs[lib] = ctypes.CDLL(target, mode=ctypes.RTLD_GLOBAL)
        except OSError as e:
            raise ImportError(
                "ember: cannot load %s (%s); looked in EMBER_LIB_DIR, the installed location, the "
                "build tree (%s) and the system loader" % (SONAMES[lib], e, ", ".join(dirs) or "none")
            ) from e
        paths[lib] = target
    return libs["TH"], libs["THNN"], paths


TH, THNN, LIB_PATHS = _load()

TH.THSetGuardedMode.argtypes = [ctypes.c_int]
TH.THSetGuardedMode.restype = None
TH.THGetGuardedMode.argtypes = []
TH.THGetGuardedMode.restype = ctypes.c_int
TH.THGetLastError.argtypes = []
TH.THGetLastError.restype = ctypes.c_char_p
TH.THSetGuardedMode(1)

_last_error = TH.THGetLastError


def errcheck(result, func, args):
    """ctypes errcheck: a legacy call that failed in guarded mode left its message behind."""
    message = _last_error()
    if message is not None:
        raise RuntimeError(message.decode("utf-8", "replace"))
    return result


def declare(lib, name, restype, argtypes):
    """The C function `name` of `lib`, typed and checked; None when the library lacks it."""
    try:
        f = getattr(lib, name)
    except AttributeError:
        return None
    f.restype = restype
    f.argtypes = argtypes
    f.errcheck = errcheck
    return f
