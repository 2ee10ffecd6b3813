"""Reading THNN's declarations from THNN/generic/THNN.h (Torch7's header format).

The header declares each kernel once, generically:
    TH_API void THNN_(Name_updateOutput)(
        THNNState *state,
        THTensor *input,
        ...);
with one argument per line and comments on lines of their own. parse() returns, for each
declaration in order, a Function(name, args) where args is a list of Argument(type, name, pointer).
"""
import collections
import os
import re

Argument = collections.namedtuple("Argument", "type name pointer")
Function = collections.namedtuple("Function", "name args")

_DECLARATION = re.compile(r"TH_API\s+void\s+THNN_\(\s*(\w+)\s*\)\s*\((.*?)\)\s*;", re.S)
_ARGUMENT = re.compile(r"^(?:const\s+)?(\w+)\s*(\*?)\s*(\w+)$")
_COMMENTS = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)


def header_path():
    """The THNN.h this package reads: EMBER_THNN_HEADER if set, the copy shipped in the package,
    or the source tree's (when the package runs from bindings/python in a checkout)."""
    here = os.path.dirname(os.path.abspath(__file__))
    candidates = [os.environ.get("EMBER_THNN_HEADER"),
                  os.path.join(here, "THNN.h"),
                  os.path.join(here, "..", "..", "..", "THNN", "generic", "THNN.h")]
    for path in candidates:
        if path and os.path.isfile(path):
            return os.path.normpath(path)
    raise ImportError("ember: THNN.h not found (looked at %s)" % ", ".join(p for p in candidates if p))


def parse(text):
    functions = []
    for name, body in _DECLARATION.findall(_COMMENTS.sub("", text)):
        args = []
        for piece in body.split(","):
            piece = " ".join(piece.split())
            if not piece or piece == "void":
                continue
            m = _ARGUMENT.match(piece)
            if not m:
                raise ValueError("THNN.h: cannot read argument %r of %s" % (piece, name))
            args.append(Argument(m.group(1), m.group(3), bool(m.group(2))))
        functions.append(Function(name, args))
    return functions


def load(path=None):
    with open(path or header_path()) as f:
        return parse(f.read())
