#pragma once
// Checkpoints: a model's state_dict and, optionally, an optimizer's state, in one file.
//
//   save_checkpoint("lenet.ckpt", *model, &optimizer);
//   load_checkpoint("lenet.ckpt", *model, &optimizer);   // or without the optimizer
//
// Writing is atomic: the file is written to a temporary file in the same directory, flushed and
// fsync'ed, then renamed over PATH, so PATH always holds either the old or the new checkpoint; on any
// failure the temporary file is removed and an ember::Error names the path and the cause. A new file
// gets mode 0666 less the umask, a replaced file keeps its mode, and a PATH that exists but is not a
// regular file (a directory, a device, a FIFO) is refused. Temporary files are PATH.tmp.XXXXXX (six
// letters or digits), held under an exclusive flock while their save lives: each save removes the
// ones of its PATH whose lock it can take, i.e. those that saves which died left behind.
//
// Loading reads the header first and never reads more than it announces (a regular file's size is
// compared with it before anything is allocated); then it checks everything before it changes
// anything: the magic, the version, the size, the CRC, every record's bounds, then that the records
// match the model (the same names as its state_dict, no missing and no unexpected entry, each with
// the same dtype and shape) and, when an optimizer is given, its state (Optimizer::check_state_dict).
// A truncated, corrupt or mismatched file gives an ember::Error saying what is wrong, and the model
// and the optimizer are left untouched.
//
// File format, version 2 (written; versions 1 and 2 are read). Integers are little-endian; offsets
// in bytes.
//   0    8  magic "EMBERCKP"
//   8    4  uint32 format version (2)
//   12   4  uint32 number of records R
//   16   8  uint64 payload size P (the bytes of the R records)
//   24   P  R records, each:
//             uint32 name length L (1 .. 4096), then L bytes of name (no terminator)
//             uint8  dtype: 0 Float (IEEE 754 binary32), 1 Double (binary64), 2 Long (int64),
//                    3 Int (int32), 4 Short (int16), 5 Char (int8), 6 Byte (uint8), 7 Bool (one byte,
//                    0 or 1); files holding only Float and Double are those ember always wrote
//             uint8  number of dimensions D (0 .. 16), then D int64 sizes: version 2: D = 0 is a
//                    0-dimensional tensor (one element), an empty tensor is D = 1 with size 0, other
//                    sizes >= 1; version 1 (no 0-dimensional tensors): D = 0 is an empty tensor, sizes >= 1
//             the elements in row-major order, little-endian (1 to 8 bytes each)
//   24+P 4  uint32 CRC-32 (zlib's crc32) of bytes 8 .. 24+P-1 (everything after the magic)
// The file ends there. Record names: "model.<name in the model's state_dict>" and
// "optimizer.<name in the optimizer's state_dict>" (see optim.hpp).
#include <ember/nn/module.hpp>
#include <ember/optim.hpp>

#include <string>

namespace ember {

constexpr uint32_t kCheckpointVersion = 2;  // the version written; version 1 files are still read

void save_checkpoint(const std::string &path, const nn::Module &model, const optim::Optimizer *optimizer = nullptr);
void load_checkpoint(const std::string &path, nn::Module &model, optim::Optimizer *optimizer = nullptr);

// The layer underneath: named tensors to and from a file in the format above (atomic write; a load
// that checks the file's integrity and returns copies).
void write_records(const std::string &path, const std::vector<std::pair<std::string, Tensor>> &records);
std::vector<std::pair<std::string, Tensor>> read_records(const std::string &path);

namespace detail {
// zlib's CRC-32 of n bytes, continuing from crc (0 to start). zlib's crc32 takes a 32-bit length:
// the bytes go to it in pieces of at most max_piece (1 .. UINT_MAX), so files past 4 GiB are right.
uint32_t crc32_in_pieces(uint32_t crc, const unsigned char *data, size_t n, size_t max_piece = size_t(1) << 30);
}  // namespace detail

}  // namespace ember
