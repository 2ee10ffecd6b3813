#!/usr/bin/python3
"""Writes the hand-made .t7 fixtures of tests/ffi/lua/test_t7_fixtures.lua, byte by byte, from
docs/t7-format.md alone (no Torch, no lua-compat). Run from anywhere:

    /usr/bin/python3 tests/ffi/lua/data/gen_t7.py [outdir]

The fixtures are committed; rerunning rewrites identical files. Each fixture exists in binary
(<name>.bin.t7) and ascii (<name>.asc.t7); tensor_b32.bin.t7 uses 4-byte longs.
"""
import os
import struct
import sys

# Type tags (docs/t7-format.md, section 2).
NIL, NUMBER, STRING, TABLE, TORCH, BOOLEAN = 0, 1, 2, 3, 4, 5


class Enc:
    """The primitive values of section 1 in one encoding."""

    def __init__(self, ascii, long_size=8):
        self.ascii = ascii
        self.long_size = long_size
        self.out = bytearray()

    def _run(self, values, fmt_bin, fmt_txt):
        if self.ascii:
            if values:  # an empty run writes nothing at all
                self.out += (' '.join(fmt_txt(v) for v in values) + '\n').encode()
        else:
            for v in values:
                self.out += struct.pack(fmt_bin, v)

    def int(self, v):
        self._run([v], '<i', str)

    def long(self, v):
        self.longs([v])

    def longs(self, vs):
        self._run(vs, '<q' if self.long_size == 8 else '<i', str)

    def double(self, v):
        self.doubles([v])

    def doubles(self, vs):
        self._run(vs, '<d', lambda x: '%.17g' % x)

    def chars(self, b):
        if self.ascii:
            if b:
                self.out += b + b'\n'
        else:
            self.out += b

    def str(self, s):
        b = s.encode() if isinstance(s, str) else s
        self.int(len(b))
        self.chars(b)


def f32(x):
    return struct.unpack('<f', struct.pack('<f', x))[0]


# Element writers of the storage payload, per type.
ELEM = {
    'Byte': lambda e, vs: e.chars(bytes(v & 255 for v in vs)),
    'Char': lambda e, vs: e.chars(bytes(v & 255 for v in vs)),
    'Short': lambda e, vs: e._run(vs, '<h', str),
    'Int': lambda e, vs: e._run(vs, '<i', str),
    'Long': lambda e, vs: e.longs(vs),
    'Float': lambda e, vs: e._run([f32(v) for v in vs], '<f', lambda x: '%.9g' % x),
    'Double': lambda e, vs: e.doubles(vs),
}


# A tiny object model; a Python object written twice is one reference (section 2.1).
class Table:
    def __init__(self, pairs=None):
        self.pairs = pairs or []  # list of (key, value): the order is the file's order


class Storage:
    def __init__(self, typ, values):
        self.typ, self.values = typ, values


class Tensor:
    def __init__(self, typ, sizes, strides, offset1, storage):
        self.typ, self.sizes, self.strides, self.offset1, self.storage = typ, sizes, strides, offset1, storage


class Obj:
    """A torch class without a write method: its fields are written as a table."""

    def __init__(self, cls, fields, version=1):
        self.cls, self.fields, self.version = cls, fields, version


class Writer:
    def __init__(self, enc, legacy_names=False):
        self.e = enc
        self.refs = {}  # id(python object) -> ref
        self.next = 0
        self.legacy_names = legacy_names
        self.keep = []

    def ref(self, o, tag):
        """Writes tag and ref; returns True if the body must follow (first occurrence)."""
        self.e.int(tag)
        if id(o) in self.refs:
            self.e.int(self.refs[id(o)])
            return False
        self.next += 1
        self.refs[id(o)] = self.next
        self.keep.append(o)
        self.e.int(self.next)
        return True

    def header(self, version, cls):
        if self.legacy_names:
            self.e.str(cls)  # before versioning: the class name alone
        else:
            self.e.str('V %d' % version)
            self.e.str(cls)

    def obj(self, o):
        e = self.e
        if o is None:
            e.int(NIL)
        elif isinstance(o, bool):
            e.int(BOOLEAN)
            e.int(1 if o else 0)
        elif isinstance(o, (int, float)):
            e.int(NUMBER)
            e.double(float(o))
        elif isinstance(o, str):
            e.int(STRING)
            e.str(o)
        elif isinstance(o, Table):
            if self.ref(o, TABLE):
                e.int(len(o.pairs))
                for k, v in o.pairs:
                    self.obj(k)
                    self.obj(v)
        elif isinstance(o, Storage):
            if self.ref(o, TORCH):
                self.header(1, 'torch.%sStorage' % o.typ)
                e.long(len(o.values))
                ELEM[o.typ](e, o.values)
        elif isinstance(o, Tensor):
            if self.ref(o, TORCH):
                self.header(1, 'torch.%sTensor' % o.typ)
                e.int(len(o.sizes))
                e.longs(o.sizes)
                e.longs(o.strides)
                e.long(o.offset1)
                self.obj(o.storage)
        elif isinstance(o, Obj):
            if self.ref(o, TORCH):
                self.header(o.version, o.cls)
                self.obj(Table(o.fields))
        else:
            raise TypeError(o)


def contiguous(typ, sizes, values):
    strides, s = [], 1
    for n in reversed(sizes):
        strides.insert(0, s)
        s *= n
    return Tensor(typ, sizes, strides, 1, Storage(typ, values))


def empty(typ='Double'):
    return Tensor(typ, [], [], 1, None)


# ---------------------------------------------------------------- the fixtures

def tensor_noncontig():
    # storage[i] = i + i/8 (i = 1..12); a 2x3 view with strides (1, 4) starting at element 3:
    # t[r][c] = storage[3 + (r-1) + 4 (c-1)]
    st = Storage('Double', [i + i / 8 for i in range(1, 13)])
    return Tensor('Double', [2, 3], [1, 4], 3, st)


def storages():
    return Table([
        ('byte', Storage('Byte', [0, 1, 127, 128, 255])),
        ('char', Storage('Char', [ord(c) for c in 'a\nb\0c'])),
        ('short', Storage('Short', [-32768, -1, 0, 32767])),
        ('int', Storage('Int', [-2147483648, -7, 2147483647])),
        ('long', Storage('Long', [-(2 ** 40), 3, 2 ** 50])),
        ('float', Storage('Float', [0.1, -2.5, 3e38])),
        ('double', Storage('Double', [0.1, -1e300, 2 ** 53, 5e-324])),
        ('empty', Storage('Float', [])),
    ])


def tables():
    # root = {10, "x", shared = S, nested = {inner = S, up = root, list = {S, 1.5}}, self = root,
    #         [true] = "yes", [S] = "table key", f = false, n = -3.25}
    shared = Table([(1, 'one'), (2, 2)])
    root = Table()
    nested = Table([('inner', shared), ('up', root), ('list', Table([(1, shared), (2, 1.5)]))])
    root.pairs = [(1, 10), (2, 'x'), ('shared', shared), ('nested', nested), ('self', root),
                  (True, 'yes'), (shared, 'table key'), ('f', False), ('n', -3.25)]
    return root


# The model: nn.Sequential(nn.Linear(2, 3), nn.Tanh(), nn.Linear(3, 1)) with these parameters.
W1 = [[0.1, -0.2], [0.3, 0.4], [-0.5, 0.6]]
B1 = [0.01, -0.02, 0.03]
W2 = [[0.7, -0.8, 0.9]]
B2 = [-0.1]


def module_fields(extra):
    return extra + [('output', empty()), ('gradInput', empty()), ('_type', 'torch.DoubleTensor'),
                    ('train', True)]


def linear(w, b):
    nout, nin = len(w), len(w[0])
    return Obj('nn.Linear', module_fields([
        ('weight', contiguous('Double', [nout, nin], [x for row in w for x in row])),
        ('bias', contiguous('Double', [nout], b)),
        ('gradWeight', contiguous('Double', [nout, nin], [0.0] * (nout * nin))),
        ('gradBias', contiguous('Double', [nout], [0.0] * nout)),
    ]))


def model():
    mods = Table([(1, linear(W1, B1)), (2, Obj('nn.Tanh', module_fields([]))), (3, linear(W2, B2))])
    return Obj('nn.Sequential', module_fields([('modules', mods)]))


def shared_views():
    # Two views of one storage: a 2x2 matrix and its transpose; and the same tensor twice.
    st = Storage('Float', [1, 2, 3, 4])
    a = Tensor('Float', [2, 2], [2, 1], 1, st)
    b = Tensor('Float', [2, 2], [1, 2], 1, st)
    return Table([(1, a), (2, b), (3, a), (4, Tensor('Float', [3], [1], 2, st))])


def write(outdir, name, obj, ascii, long_size=8, legacy_names=False, suffix=None):
    e = Enc(ascii, long_size)
    Writer(e, legacy_names).obj(obj)
    fn = os.path.join(outdir, '%s.%s.t7' % (name, suffix or ('asc' if ascii else 'bin')))
    with open(fn, 'wb') as f:
        f.write(bytes(e.out))


def main():
    outdir = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    fixtures = {'tensor_noncontig': tensor_noncontig, 'storages': storages, 'tables': tables,
                'model': model, 'shared_views': shared_views}
    for name, make in fixtures.items():
        for ascii in (False, True):
            write(outdir, name, make(), ascii)
    write(outdir, 'tensor_noncontig', tensor_noncontig(), False, long_size=4, suffix='b32')
    write(outdir, 'legacy_noversion', Table([(1, tensor_noncontig()), (2, storages())]), False,
          legacy_names=True)


if __name__ == '__main__':
    main()
