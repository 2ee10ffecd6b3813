// Checkpoint files (format in serialize.hpp): encoding, the atomic write, and the checked load.
#include <ember/serialize.hpp>

#include <zlib.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <map>
#include <set>

#include <dirent.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tensor_impl.hpp"

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "checkpoints store little-endian data as it is in memory");

namespace ember {

using detail::fail;
using Records = std::vector<std::pair<std::string, Tensor>>;

uint32_t detail::crc32_in_pieces(uint32_t crc, const unsigned char *data, size_t n, size_t max_piece) {
  for (size_t piece; n > 0; data += piece, n -= piece) {
    piece = std::min(n, max_piece);
    crc = (uint32_t)crc32(crc, data, (uInt)piece);
  }
  return crc;
}

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
    Tensor t = tensor.detach().cpu().contiguous();  // checkpoints hold host data: a GPU tensor is copied
    w.put<uint32_t>((uint32_t)name.size());
    w.put(name.data(), name.size());
    w.put<uint8_t>((uint8_t)t.dtype());  // the file's dtype codes are the enum's order
    w.put<uint8_t>((uint8_t)t.dim());
    for (long s : t.sizes()) w.put<int64_t>(s);
    if (t.numel() > 0)
      dispatch_all(t.dtype(), [&](auto tag) { w.put(t.data<decltype(tag)>(), (size_t)t.numel() * sizeof(tag)); });
  }
  uint64_t payload = w.bytes.size() - kHeaderSize;
  std::memcpy(&w.bytes[16], &payload, 8);
  uint32_t crc = detail::crc32_in_pieces(0, w.bytes.data() + 8, w.bytes.size() - 8);
  w.put<uint32_t>(crc);
  return w.bytes;
}

// -------------------------------------------------------------------------- atomic write
std::string dir_of(const std::string &path) {
  size_t slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

std::string base_of(const std::string &path) {
  size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

[[noreturn]] void io_fail(const std::string &what, const std::string &path, int err) {
  fail("save_checkpoint: cannot " + what + " " + path + ": " + std::strerror(err));
}

const char *kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISSOCK(mode)) return "a socket";
  return "a special file";
}

// Temporary files are PATH.tmp.XXXXXX, XXXXXX six letters or digits. A save holds an exclusive
// flock on its temporary file from its creation until it is renamed or removed, so a lock that can
// be taken means that its writer is gone (a crash, a kill): the kernel drops a process's locks when
// it dies, whatever the file's age.
constexpr char kTempInfix[] = ".tmp.";
constexpr size_t kTempSuffixLength = 6;
constexpr char kTempLetters[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

bool is_temporary_of(const std::string &name, const std::string &base) {
  std::string prefix = base + kTempInfix;
  if (name.size() != prefix.size() + kTempSuffixLength || name.compare(0, prefix.size(), prefix) != 0) return false;
  for (size_t i = prefix.size(); i < name.size(); i++)
    if (!std::strchr(kTempLetters, name[i])) return false;
  return true;
}

// Removes the temporary files that earlier saves of PATH left when they died. Best effort: a file
// that cannot be opened, locked or removed stays (it is only wasted space).
void remove_stale_temporaries(const std::string &path) {
  std::string dir = dir_of(path), base = base_of(path);
  DIR *d = opendir(dir.c_str());
  if (!d) return;
  while (struct dirent *e = readdir(d)) {
    if (!is_temporary_of(e->d_name, base)) continue;
    std::string file = dir + "/" + e->d_name;
    int fd = open(file.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
    if (fd < 0) continue;
    struct stat locked, named;
    // The name must still be the file that was locked (its save may have renamed it meanwhile).
    if (fstat(fd, &locked) == 0 && S_ISREG(locked.st_mode) && flock(fd, LOCK_EX | LOCK_NB) == 0 &&
        lstat(file.c_str(), &named) == 0 && named.st_dev == locked.st_dev && named.st_ino == locked.st_ino)
      unlink(file.c_str());
    close(fd);
  }
  closedir(d);
}

std::string random_suffix() {
  static std::atomic<uint64_t> calls{0};
  // splitmix64 of the process, the time and a counter: unique enough, and O_EXCL catches the rest.
  uint64_t x = (uint64_t)getpid() << 32 ^ (uint64_t)std::chrono::steady_clock::now().time_since_epoch().count() ^
               calls.fetch_add(1) * 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  x ^= x >> 31;
  std::string s;
  constexpr size_t letters = sizeof kTempLetters - 1;
  for (size_t i = 0; i < kTempSuffixLength; i++, x /= letters) s += kTempLetters[x % letters];
  return s;
}

// Creates and locks PATH.tmp.XXXXXX. Mode 0666 lets the umask decide, as for any new file.
int create_temporary(const std::string &path, std::string *tmp) {
  for (int attempt = 0; attempt < 100; attempt++) {
    *tmp = path + kTempInfix + random_suffix();
    int fd = open(tmp->c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0) {
      if (errno == EEXIST) continue;
      io_fail("create a temporary file beside", path, errno);
    }
    if (flock(fd, LOCK_EX) != 0) {
      int err = errno;
      close(fd);
      unlink(tmp->c_str());
      io_fail("lock", *tmp, err);
    }
    struct stat st;
    // Between the open and the lock, another save may have taken this file for a stale one and
    // removed it: then it has no name any more, and we start again.
    if (fstat(fd, &st) == 0 && st.st_nlink > 0) return fd;
    close(fd);
  }
  io_fail("create a temporary file beside", path, EEXIST);
}

bool write_all(int fd, const unsigned char *p, size_t n) {
  while (n > 0) {
    ssize_t put = write(fd, p, std::min<size_t>(n, 1 << 30));
    if (put < 0 && errno == EINTR) continue;
    if (put <= 0) return false;
    p += put;
    n -= (size_t)put;
  }
  return true;
}

void write_atomically(const std::string &path, const std::vector<unsigned char> &bytes) {
  struct stat existing;
  bool replacing = stat(path.c_str(), &existing) == 0;
  if (replacing && !S_ISREG(existing.st_mode))
    fail("save_checkpoint: " + path + " is " + kind_of(existing.st_mode) +
         ", not a regular file: refusing to replace it");
  remove_stale_temporaries(path);
  std::string tmp;
  int fd = create_temporary(path, &tmp);
  // A replaced file keeps its mode (a private 0600 checkpoint stays private).
  bool ok = (!replacing || fchmod(fd, existing.st_mode & 07777) == 0) && write_all(fd, bytes.data(), bytes.size()) &&
            fsync(fd) == 0;
  int err = errno;
  // The rename happens under the lock, so that no other save can take the file for a stale one.
  if (!ok || rename(tmp.c_str(), path.c_str()) != 0) {
    if (ok) err = errno;
    unlink(tmp.c_str());
    close(fd);
    io_fail(ok ? "rename the temporary file to" : "write", ok ? path : tmp, err);
  }
  close(fd);
  // Make the rename itself durable (best effort: some file systems refuse fsync on a directory).
  int dir = open(dir_of(path).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir >= 0) {
    fsync(dir);
    close(dir);
  }
}

// ------------------------------------------------------------------------------ decoding
// Checks the magic once 8 bytes are there, and the version once the whole header is; the version
// (0 before the whole header is there).
uint32_t check_header(const unsigned char *bytes, size_t n, const std::string &where) {
  if (n >= sizeof kMagic && std::memcmp(bytes, kMagic, sizeof kMagic) != 0)
    fail(where + " is not an ember checkpoint (its first bytes are not \"EMBERCKP\")");
  if (n < kHeaderSize) return 0;
  uint32_t version;
  std::memcpy(&version, &bytes[8], 4);
  if (version < 1 || version > kCheckpointVersion)
    fail(where + " has format version " + std::to_string(version) + "; this build reads versions 1 to " +
         std::to_string(kCheckpointVersion));
  return version;
}

// Reads up to n bytes, fewer only at the end of the file.
size_t read_up_to(int fd, unsigned char *dst, size_t n, const std::string &path) {
  size_t done = 0;
  while (done < n) {
    ssize_t got = read(fd, dst + done, std::min<size_t>(n - done, 1 << 30));
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) fail("load_checkpoint: cannot read " + path + ": " + std::strerror(errno));
    if (got == 0) break;
    done += (size_t)got;
  }
  return done;
}

struct Fd {
  int fd;
  ~Fd() {
    if (fd >= 0) close(fd);
  }
};

// The file's bytes, read only after its header is checked and never more than it announces (plus
// one byte, to see that nothing follows): a regular file's size is compared with the header before
// anything is allocated; a stream (a pipe, a device) grows the buffer with what actually arrives.
std::vector<unsigned char> read_file(const std::string &path) {
  std::string where = "load_checkpoint: " + path;
  Fd file{open(path.c_str(), O_RDONLY | O_CLOEXEC)};
  if (file.fd < 0) fail("load_checkpoint: cannot open " + path + ": " + std::strerror(errno));
  struct stat st;
  if (fstat(file.fd, &st) != 0) fail("load_checkpoint: cannot stat " + path + ": " + std::strerror(errno));
  if (S_ISDIR(st.st_mode)) fail(where + " is a directory");
  std::vector<unsigned char> bytes(kHeaderSize);
  bytes.resize(read_up_to(file.fd, bytes.data(), kHeaderSize, path));
  check_header(bytes.data(), bytes.size(), where);
  if (bytes.size() < kHeaderSize) return bytes;  // decode says how it is truncated
  uint64_t payload;
  std::memcpy(&payload, &bytes[16], 8);
  uint64_t expected =
      payload <= UINT64_MAX - kHeaderSize - kCrcSize - 1 ? kHeaderSize + payload + kCrcSize : UINT64_MAX - 1;
  if (S_ISREG(st.st_mode)) {
    uint64_t size = (uint64_t)st.st_size;
    if (size < expected)
      fail(where + " is truncated: " + std::to_string(size) + " bytes, its header announces " +
           std::to_string(expected));
    if (size > expected)
      fail(where + " is corrupt: " + std::to_string(size - expected) + " bytes beyond the end its header announces");
  }
  uint64_t limit = expected + 1;
  size_t got = bytes.size();
  while (got < limit) {
    uint64_t grown = S_ISREG(st.st_mode) ? limit : std::max<uint64_t>(2 * got, 1 << 20);
    bytes.resize((size_t)std::min<uint64_t>(limit, grown));
    size_t want = bytes.size() - got, chunk = read_up_to(file.fd, bytes.data() + got, want, path);
    got += chunk;
    if (chunk < want) break;
  }
  bytes.resize(got);
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
  const uint32_t version = check_header(bytes.data(), bytes.size(), where);
  if (bytes.size() < kHeaderSize + kCrcSize)
    fail(where + " is truncated: " + std::to_string(bytes.size()) + " bytes, less than a checkpoint's header");
  uint32_t count;
  uint64_t payload;
  std::memcpy(&count, &bytes[12], 4);
  std::memcpy(&payload, &bytes[16], 8);
  uint64_t expected = kHeaderSize + kCrcSize + payload;
  if (payload > bytes.size() || expected > bytes.size())
    fail(where + " is truncated: " + std::to_string(bytes.size()) + " bytes, its header announces " +
         std::to_string(expected));
  if (expected < bytes.size())
    fail(where + " is corrupt: " + std::to_string(bytes.size() - expected) + " bytes beyond the end its header announces");
  uint32_t stored_crc, crc = detail::crc32_in_pieces(0, bytes.data() + 8, kHeaderSize - 8 + payload);
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
    if (dtype > (uint8_t)kBool) fail(rec + " (\"" + name + "\") has an unknown dtype code " + std::to_string(dtype));
    if (ndim > kMaxDims) fail(rec + " (\"" + name + "\") has " + std::to_string(ndim) + " dimensions");
    Shape shape;
    const bool empty_v1 = version == 1 && ndim == 0;  // version 1 had no 0-dimensional tensors
    uint64_t numel = empty_v1 ? 0 : 1;
    for (int d = 0; d < ndim; d++) {
      int64_t s = r.get<int64_t>();
      const bool empty_v2 = version >= 2 && ndim == 1 && s == 0;
      if ((s < 1 && !empty_v2) || (uint64_t)s > bytes.size())
        fail(rec + " (\"" + name + "\") has a size " + std::to_string(s));
      numel *= (uint64_t)s;
      if (numel > bytes.size()) fail(rec + " (\"" + name + "\") has more elements than the file has bytes");
      shape.push_back((long)s);
    }
    const Dtype dt = static_cast<Dtype>(dtype);
    const size_t width = element_size(dt);
    r.need((size_t)numel * width);
    Tensor t = empty(empty_v1 ? Shape{0} : shape, dt);
    if (numel) std::memcpy(dispatch_all(dt, [&](auto tag) -> void * { return t.data<decltype(tag)>(); }), &bytes[r.pos], (size_t)numel * width);
    if (dt == kBool)
      for (uint64_t i = 0; i < numel; i++)
        if (bytes[r.pos + i] > 1) fail(rec + " (\"" + name + "\") is a Bool tensor with a value other than 0 or 1");
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
