#!/usr/bin/env python3
"""Writes the seed corpus of every fuzz target into fuzz/corpus/<target>/: a few tiny valid inputs
and a few invalid ones, in the input layouts the targets document at their top. Rerun it after
changing a layout: python3 fuzz/make_corpus.py"""
import os
import shutil
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))


def write(target, name, data):
    d = os.path.join(HERE, "corpus", target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


# THFile targets: flags, number of operation bytes, operations, contents (file_ops.h).
BINARY, QUIET, NO_SPACING, LONG4, BIG_ENDIAN = 1, 2, 4, 1 << 3, 2 << 5
READ_BYTE, READ_CHAR, READ_SHORT, READ_INT, READ_LONG, READ_FLOAT, READ_DOUBLE, READ_HALF = range(8)
READ_STORAGE, READ_STRING, SEEK, SEEK_END, READ_RAW, CLEAR_ERROR, SET_MODE, READ_EMPTY = range(8, 16)


def file_input(flags, ops, contents):
    return bytes([flags, len(ops)]) + bytes(ops) + contents


def storage_of(type_, nine=False):
    return READ_STORAGE | (type_ | (8 if nine else 0)) << 4


file_seeds = {
    "binary_ints": file_input(BINARY, [READ_INT, READ_INT, READ_SHORT], struct.pack("<iih", 7, -2, 3)),
    "binary_long4_big": file_input(BINARY | LONG4 | BIG_ENDIAN, [READ_LONG, READ_DOUBLE],
                                   struct.pack(">id", 5, 2.5)),
    "binary_storages": file_input(BINARY, [storage_of(5, True), storage_of(7), READ_HALF],
                                  struct.pack("<9f", *range(9)) + b"\x00\x3c\x00\x40"),
    "binary_truncated": file_input(BINARY, [READ_DOUBLE, READ_FLOAT], b"\x01\x02\x03"),
    "ascii_numbers": file_input(0, [READ_INT, READ_DOUBLE, storage_of(5, True), READ_LONG],
                                b"12 3.5\n1 2 3 4 5 6 7 8 9\n-4\n"),
    "ascii_strings": file_input(0, [READ_STRING | 1 << 4, READ_STRING], b"first line\nrest\nof it"),
    "ascii_garbage_quiet": file_input(QUIET, [READ_INT, CLEAR_ERROR, READ_FLOAT, READ_BYTE], b"abc 1e999 -"),
    "ascii_no_spacing": file_input(NO_SPACING, [READ_CHAR, storage_of(1, True), READ_SHORT], b"xhello wor 77"),
    "seek_and_modes": file_input(0, [SEEK | 2 << 4, READ_INT, SET_MODE | 1 << 4, READ_RAW | 3 << 4, SEEK_END,
                                     READ_BYTE, SEEK | 15 << 4, READ_EMPTY], b"ab 42 \x01\x02\x03\x04"),
}

# IDX: flags (bit 0 gzip, bit 1 Double), then the file: 0, 0, type, dims, big-endian sizes, data.
def idx(type_, sizes, data):
    return bytes([0, 0, type_, len(sizes)]) + b"".join(struct.pack(">i", s) for s in sizes) + data


idx_seeds = {
    "ubyte_1d": idx(0x08, [3], bytes([0, 127, 255])),
    "ubyte_3d": idx(0x08, [2, 2, 2], bytes(range(8))),
    "sbyte": idx(0x09, [2], b"\x80\x7f"),
    "short": idx(0x0B, [2], struct.pack(">hh", -3, 300)),
    "int": idx(0x0C, [2, 1], struct.pack(">ii", -70000, 5)),
    "float": idx(0x0D, [2], struct.pack(">ff", 1.5, -0.25)),
    "double": idx(0x0E, [1], struct.pack(">d", 3.0)),
    "bad_magic": b"\x01\x00\x08\x01" + struct.pack(">i", 1) + b"\x00",
    "bad_type": idx(0x0A, [1], b"\x00"),
    "truncated": idx(0x08, [4], b"\x01\x02"),
    "trailing": idx(0x08, [1], b"\x01\x02"),
    "huge_sizes": idx(0x08, [0x7FFFFFFF, 0x7FFFFFFF], b"\x00"),
    "negative_size": idx(0x08, [-1], b"\x00"),
    # 2^29 doubles (4 GiB) announced by a 17-byte file: to be refused before anything is allocated.
    "big_announced": idx(0x0E, [1 << 29], b"\x00"),
}

# Checkpoints (format in cpp/include/ember/serialize.hpp) for nn::Linear(3, 2) and Adam after a step.
FIX_CRC, WITH_OPTIMIZER = 1, 2


def record(name, dtype, sizes, values):
    fmt = "<%d%s" % (len(values), "f" if dtype == 0 else "d")
    return (struct.pack("<I", len(name)) + name.encode() + bytes([dtype, len(sizes)])
            + b"".join(struct.pack("<q", s) for s in sizes) + struct.pack(fmt, *values))


def checkpoint(records, version=1):
    payload = b"".join(records)
    body = struct.pack("<IIQ", version, len(records), len(payload)) + payload
    return b"EMBERCKP" + body + struct.pack("<I", zlib.crc32(body))


model = [record("model.weight", 0, [2, 3], [0.1 * i for i in range(6)]),
         record("model.bias", 0, [2], [0.5, -0.5])]
adam = [record("optimizer.param_groups.0.lr", 1, [1], [0.01])]
for k, shape in ((0, [2, 3]), (1, [2])):
    n = shape[0] * (shape[1] if len(shape) > 1 else 1)
    adam += [record("optimizer.state.%d.step" % k, 1, [1], [1.0]),
             record("optimizer.state.%d.exp_avg" % k, 0, shape, [0.01] * n),
             record("optimizer.state.%d.exp_avg_sq" % k, 0, shape, [0.001] * n)]
full = checkpoint(model + adam)
checkpoint_seeds = {
    "model_only": bytes([FIX_CRC]) + checkpoint(model),
    "model_and_adam": bytes([FIX_CRC | WITH_OPTIMIZER]) + full,
    "wrong_shape": bytes([FIX_CRC]) + checkpoint([record("model.weight", 0, [3, 2], [0.0] * 6), model[1]]),
    "wrong_dtype": bytes([FIX_CRC]) + checkpoint([record("model.weight", 1, [2, 3], [0.0] * 6), model[1]]),
    "bad_crc": bytes([0]) + full[:-1] + bytes([full[-1] ^ 1]),
    "truncated": bytes([FIX_CRC | WITH_OPTIMIZER]) + full[:40],
    "bad_version": bytes([FIX_CRC]) + checkpoint(model, version=2),
    "empty": bytes([FIX_CRC]),
}

geometry_seeds = {
    # storage sizes 12 and 6; then per operation: pick, dims, kind, arguments (fuzz_geometry.c).
    "view_narrow_select": bytes([12, 6, 0, 2, 5, 3 + 3, 4 + 3]) + bytes([0, 1, 6, 3, 4, 5, 0]) + bytes([0, 0, 7, 3, 4, 0]),
    "resize_transpose": bytes([12, 6, 0, 3, 2, 5, 5, 5, 0]) + bytes([0, 0, 9, 3, 4, 1]),
    "set_storage_unfold": bytes([12, 6, 4, 1, 13, 3, 7, 4]) + bytes([0, 0, 8, 3, 5, 4, 0]),
    "expand_clone": bytes([1, 6, 2, 2, 10, 3, 10, 1]) + bytes([1, 1, 16]),
    # Sizes and strides whose arithmetic overflows, and sizes valid but over the allocation cap: each
    # call must fail cleanly (the first inputs fuzz_geometry found mishandled, issue 10 item 1).
    "resizeNd_overflowing_count": bytes([12, 6, 0, 2, 3, 1, 131, 3, 131, 3]),   # {LONG_MAX, LONG_MAX} strides 0
    "resize2d_overflowing_extent": bytes([12, 6, 0, 1, 4, 137, 137, 0, 0, 0]),  # 2^40 x 2^40
    "resize1d_over_cap": bytes([12, 6, 0, 0, 4, 137, 0, 0, 0, 0]),             # 2^40 floats
    "resize1d_overflowing_bytes": bytes([12, 6, 0, 0, 4, 133, 0, 0, 0, 0]),    # LONG_MAX / 2 floats
    "newWithStorage1d_over_cap": bytes([12, 6, 0, 0, 1, 3, 137, 4, 0, 0, 0, 0, 0, 0]),
    "expand_overflowing_count": bytes([12, 6, 1, 2, 10, 131, 15, 0]),          # 12 -> {LONG_MAX, 12}
    "view_overflowing_count": bytes([12, 6, 0, 2, 5, 131, 131]),               # {LONG_MAX, LONG_MAX}
    # The same sizes at a new offset: the storage (1 element) must grow or the call fail.
    "setStorage1d_new_offset": bytes([1, 0, 0, 0, 13, 4, 4, 4]),
    # A dimension of INT_MAX: the error message must not overflow computing it 1-based (UBSan).
    "unfold_int_max_dimension": bytes.fromhex("0cffffff7fff0cffffff7fffffff022cffff022c"),
}

if __name__ == "__main__":
    shutil.rmtree(os.path.join(HERE, "corpus"), ignore_errors=True)
    for target in ("fuzz_file_memory", "fuzz_file_disk"):
        for name, data in file_seeds.items():
            write(target, name, data)
    for name, data in idx_seeds.items():
        write("fuzz_idx", name, bytes([0]) + data)
        write("fuzz_idx", name + "_gz_double", bytes([3]) + data)
    for name, data in checkpoint_seeds.items():
        write("fuzz_checkpoint", name, data)
    for name, data in geometry_seeds.items():
        write("fuzz_geometry", name, data)
