// Checkpoint files (format in serialize.hpp): encoding, the atomic write, and the checked load.
#include <ember/serialize.hpp>

#include <zlib.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <map>
#include <set>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tensor_impl.hpp"

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "checkpoints store little-endian data as it is in memory");

namespace ember {

using detail::fail;
using Records = std::vector<std::pair<std::string, Tensor>>;

namespace {
constexpr char kMagic[8] = {'E', 'M', 'B', 'E', 'R', 'C', 'K', 'P'};
constexpr size_t kHeaderSize = 24, kCrcSize = 4, kMaxNameLength = 4096, kMaxDims = 16;

// ------------------------------------------------------------------------------- encoding
struct Writer {
  std::vector<unsigned char> bytes;
  void put(const void *p, size_t n) {
    const unsigned char *c = static_cast<const unsigned char *>(p);
    bytes.insert(bytes.end(), c, c + n);
  }
  template <typename T> void put(T v) { put(&v, sizeof v); }
};

std::vector<unsigned char> encode(const Records &records) {
  Writer w;
  w.put(kMagic, sizeof kMagic);
  w.put<uint32_t>(kCheckpointVersion);
  w.put<uint32_t>((uint32_t)records.size());
  w.put<uint64_t>(0);  // payload size, filled in below
  for (const auto &[name, tensor] : records) {
    if (name.empty() || name.size() > kMaxNameLength) fail("save_checkpoint: bad record name \"" + name + "\"");
    if (!tensor.defined()) fail("save_checkpoint: record \"" + name + "\" is an undefined tensor");
    Tensor t = tensor.detach().contiguous();
    w.put<uint32_t>((uint32_t)name.size());
    w.put(name.data(), name.size());
    w.put<uint8_t>(t.dtype() == kFloat ? 0 : 1);
    w.put<uint8_t>((uint8_t)t.dim());
    for (long s : t.sizes()) w.put<int64_t>(s);
    if (t.numel() > 0)
      dispatch(t.dtype(), [&](auto tag) { w.put(t.data<decltype(tag)>(), (size_t)t.numel() * sizeof(tag)); });
  }
  uint64_t payload = w.bytes.size() - kHeaderSize;
  std::memcpy(&w.bytes[16], &payload, 8);
  uint32_t crc = (uint32_t)crc32(0L, w.bytes.data() + 8, (uInt)(w.bytes.size() - 8));
  w.put<uint32_t>(crc);
  return w.bytes;
}

// -------------------------------------------------------------------------- atomic write
std::string dir_of(const std::string &path) {
  size_t slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

[[noreturn]] void io_fail(const std::string &what, const std::string &path, int err) {
  fail("save_checkpoint: cannot " + what + " " + path + ": " + std::strerror(err));
}

void write_atomically(const std::string &path, const std::vector<unsigned char> &bytes) {
  std::string tmp = path + ".tmp.XXXXXX";
  int fd = mkstemp(tmp.data());
  if (fd < 0) io_fail("create a temporary file beside", path, errno);
  FILE *f = fdopen(fd, "wb");
  if (!f) {
    int err = errno;
    close(fd);
    unlink(tmp.c_str());
    io_fail("open", tmp, err);
  }
  bool ok = fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size() && fflush(f) == 0 && fchmod(fd, 0644) == 0 &&
            fsync(fd) == 0;
  int err = errno;
  if (fclose(f) != 0 && ok) {
    ok = false;
    err = errno;
  }
  if (!ok || rename(tmp.c_str(), path.c_str()) != 0) {
    if (ok) err = errno;
    unlink(tmp.c_str());
    io_fail(ok ? "rename the temporary file to" : "write", ok ? path : tmp, err);
  }
  // Make the rename itself durable (best effort: some file systems refuse fsync on a directory).
  int dir = open(dir_of(path).c_str(), O_RDONLY | O_DIRECTORY);
  if (dir >= 0) {
    fsync(dir);
    close(dir);
  }
}

// ------------------------------------------------------------------------------ decoding
std::vector<unsigned char> read_file(const std::string &path) {
  FILE *f = fopen(path.c_str(), "rb");
  if (!f) fail("load_checkpoint: cannot open " + path + ": " + std::strerror(errno));
  std::vector<unsigned char> bytes;
  unsigned char chunk[1 << 16];
  size_t got;
  while ((got = fread(chunk, 1, sizeof chunk, f)) > 0) bytes.insert(bytes.end(), chunk, chunk + got);
  bool failed = ferror(f);
  int err = errno;
  fclose(f);
  if (failed) fail("load_checkpoint: cannot read " + path + ": " + std::strerror(err));
  return bytes;
}

struct Reader {
  const std::vector<unsigned char> &bytes;
  size_t pos, end;
  const std::string &path;
  size_t record;
  void need(size_t n) {
    if (n > end - pos)
      fail("load_checkpoint: " + path + " is corrupt: record " + std::to_string(record) + " runs past the payload");
  }
  template <typename T> T get() {
    need(sizeof(T));
    T v;
    std::memcpy(&v, &bytes[pos], sizeof v);
    pos += sizeof v;
    return v;
  }
};

Records decode(const std::vector<unsigned char> &bytes, const std::string &path) {
  std::string where = "load_checkpoint: " + path;
  if (bytes.size() >= sizeof kMagic && std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0)
    fail(where + " is not an ember checkpoint (its first bytes are not \"EMBERCKP\")");
  if (bytes.size() < kHeaderSize + kCrcSize)
    fail(where + " is truncated: " + std::to_string(bytes.size()) + " bytes, less than a checkpoint's header");
  uint32_t version, count;
  uint64_t payload;
  std::memcpy(&version, &bytes[8], 4);
  std::memcpy(&count, &bytes[12], 4);
  std::memcpy(&payload, &bytes[16], 8);
  if (version != kCheckpointVersion)
    fail(where + " has format version " + std::to_string(version) + "; this build reads version " +
         std::to_string(kCheckpointVersion));
  uint64_t expected = kHeaderSize + kCrcSize + payload;
  if (payload > bytes.size() || expected > bytes.size())
    fail(where + " is truncated: " + std::to_string(bytes.size()) + " bytes, its header announces " +
         std::to_string(expected));
  if (expected < bytes.size())
    fail(where + " is corrupt: " + std::to_string(bytes.size() - expected) + " bytes beyond the end its header announces");
  uint32_t stored_crc, crc = (uint32_t)crc32(0L, bytes.data() + 8, (uInt)(kHeaderSize - 8 + payload));
  std::memcpy(&stored_crc, &bytes[kHeaderSize + payload], 4);
  if (crc != stored_crc) fail(where + " is corrupt: the CRC-32 of its contents does not match the one stored");

  Records records;
  Reader r{bytes, kHeaderSize, kHeaderSize + payload, path, 0};
  std::set<std::string> names;
  for (r.record = 0; r.record < count; r.record++) {
    std::string rec = where + " is corrupt: record " + std::to_string(r.record);
    uint32_t len = r.get<uint32_t>();
    if (len == 0 || len > kMaxNameLength) fail(rec + " has a name of " + std::to_string(len) + " bytes");
    r.need(len);
    std::string name(reinterpret_cast<const char *>(&bytes[r.pos]), len);
    r.pos += len;
    if (!names.insert(name).second) fail(rec + " repeats the name \"" + name + "\"");
    uint8_t dtype = r.get<uint8_t>(), ndim = r.get<uint8_t>();
    if (dtype > 1) fail(rec + " (\"" + name + "\") has an unknown dtype code " + std::to_string(dtype));
    if (ndim > kMaxDims) fail(rec + " (\"" + name + "\") has " + std::to_string(ndim) + " dimensions");
    Shape shape;
    uint64_t numel = ndim ? 1 : 0;
    for (int d = 0; d < ndim; d++) {
      int64_t s = r.get<int64_t>();
      if (s < 1 || (uint64_t)s > bytes.size()) fail(rec + " (\"" + name + "\") has a size " + std::to_string(s));
      numel *= (uint64_t)s;
      if (numel > bytes.size()) fail(rec + " (\"" + name + "\") has more elements than the file has bytes");
      shape.push_back((long)s);
    }
    Dtype dt = dtype == 0 ? kFloat : kDouble;
    size_t width = dtype == 0 ? 4 : 8;
    r.need((size_t)numel * width);
    Tensor t = ndim ? empty(shape, dt) : empty({0}, dt);
    if (numel) std::memcpy(dispatch(dt, [&](auto tag) -> void * { return t.data<decltype(tag)>(); }), &bytes[r.pos], (size_t)numel * width);
    r.pos += (size_t)numel * width;
    records.emplace_back(std::move(name), std::move(t));
  }
  if (r.pos != r.end)
    fail(where + " is corrupt: " + std::to_string(r.end - r.pos) + " bytes after the last record");
  return records;
}
}  // namespace

void write_records(const std::string &path, const Records &records) { write_atomically(path, encode(records)); }

Records read_records(const std::string &path) { return decode(read_file(path), path); }

void save_checkpoint(const std::string &path, const nn::Module &model, const optim::Optimizer *optimizer) {
  Records records;
  for (auto &[name, t] : model.state_dict()) records.emplace_back("model." + name, t);
  if (optimizer)
    for (auto &[name, t] : optimizer->state_dict()) records.emplace_back("optimizer." + name, t);
  write_records(path, records);
}

namespace {
// Joins up to five names, then "and N more".
std::string list(const std::vector<std::string> &names) {
  std::string s;
  for (size_t i = 0; i < names.size() && i < 5; i++) s += (i ? ", " : "") + names[i];
  if (names.size() > 5) s += " and " + std::to_string(names.size() - 5) + " more";
  return s;
}

// Throws unless `records` are exactly the model's state_dict entries, each with its dtype and shape.
void check_model(const Records &records, const nn::Module &model, const std::string &path) {
  std::map<std::string, const Tensor *> in_file;
  for (const auto &[name, t] : records) in_file[name] = &t;
  std::vector<std::string> missing, mismatched, unexpected;
  std::set<std::string> expected;
  for (const auto &[name, t] : model.state_dict()) {
    expected.insert(name);
    auto it = in_file.find(name);
    if (it == in_file.end()) missing.push_back(name);
    else if (it->second->dtype() != t.dtype() || it->second->sizes() != t.sizes())
      mismatched.push_back(name + " (file: " + dtype_name(it->second->dtype()) + " " + shape_str(it->second->sizes()) +
                           ", model: " + dtype_name(t.dtype()) + " " + shape_str(t.sizes()) + ")");
  }
  for (const auto &[name, t] : records)
    if (!expected.count(name)) unexpected.push_back(name);
  if (missing.empty() && mismatched.empty() && unexpected.empty()) return;
  std::string msg = "load_checkpoint: " + path + " does not match the model (" + model.type_name() + ")";
  if (!missing.empty()) msg += "; missing: " + list(missing);
  if (!unexpected.empty()) msg += "; unexpected: " + list(unexpected);
  if (!mismatched.empty()) msg += "; different dtype or shape: " + list(mismatched);
  fail(msg);
}
}  // namespace

void load_checkpoint(const std::string &path, nn::Module &model, optim::Optimizer *optimizer) {
  Records model_records, optimizer_records;
  for (auto &[name, t] : read_records(path)) {
    if (name.rfind("model.", 0) == 0) model_records.emplace_back(name.substr(6), t);
    else if (name.rfind("optimizer.", 0) == 0) optimizer_records.emplace_back(name.substr(10), t);
    else fail("load_checkpoint: " + path + " has a record \"" + name + "\" that is neither model.* nor optimizer.*");
  }
  check_model(model_records, model, path);
  if (optimizer) {
    if (optimizer_records.empty())
      fail("load_checkpoint: " + path + " holds no optimizer state (it was saved without an optimizer)");
    try {
      optimizer->check_state_dict(optimizer_records);
    } catch (const Error &e) {
      fail("load_checkpoint: " + path + " does not match the optimizer: " + e.what());
    }
  }
  // Everything is checked: from here on nothing can fail but memory.
  model.load_state_dict(model_records);
  if (optimizer) optimizer->load_state_dict(optimizer_records);
}

}  // namespace ember
