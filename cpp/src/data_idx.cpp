// The IDX format (gzip or plain, through zlib's transparent gzread) and Fashion-MNIST.
#include <ember/data.hpp>

#include <zlib.h>

#include <cerrno>
#include <climits>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tensor_impl.hpp"

namespace ember::data {

using ember::detail::fail;

namespace {
struct GzFile {
  gzFile f;
  explicit GzFile(gzFile f) : f(f) {}
  GzFile(GzFile &&other) : f(other.f) { other.f = nullptr; }
  GzFile(const GzFile &) = delete;
  ~GzFile() {
    if (f) gzclose(f);
  }
};

// Reads exactly n bytes (fewer only at the end of the data); throws on a read error (a corrupt gzip
// stream, a failing disk).
size_t read_bytes(GzFile &file, const std::string &path, unsigned char *dst, size_t n) {
  size_t done = 0;
  while (done < n) {
    unsigned chunk = (unsigned)std::min<size_t>(n - done, 1u << 30);
    int got = gzread(file.f, dst + done, chunk);
    if (got < 0) {
      int code;
      const char *msg = gzerror(file.f, &code);
      fail("read_idx: cannot read " + path + ": " + (code == Z_ERRNO ? std::strerror(errno) : msg));
    }
    if (got == 0) break;
    done += (size_t)got;
  }
  return done;
}

size_t element_size(int type) {
  switch (type) {
    case 0x08: case 0x09: return 1;
    case 0x0B: return 2;
    case 0x0C: case 0x0D: return 4;
    case 0x0E: return 8;
    default: return 0;
  }
}

uint64_t big_endian(const unsigned char *p, size_t n) {
  uint64_t v = 0;
  for (size_t i = 0; i < n; i++) v = (v << 8) | p[i];
  return v;
}

// Element i of the big-endian data as a double.
template <int Type> double decode(const unsigned char *p) {
  if constexpr (Type == 0x08) return p[0];
  if constexpr (Type == 0x09) return (double)(int8_t)p[0];
  if constexpr (Type == 0x0B) return (double)(int16_t)(uint16_t)big_endian(p, 2);
  if constexpr (Type == 0x0C) return (double)(int32_t)(uint32_t)big_endian(p, 4);
  if constexpr (Type == 0x0D) {
    uint32_t bits = (uint32_t)big_endian(p, 4);
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
  }
  if constexpr (Type == 0x0E) {
    uint64_t bits = big_endian(p, 8);
    double d;
    std::memcpy(&d, &bits, 8);
    return d;
  }
}

template <int Type, typename T> void convert(const unsigned char *src, T *dst, size_t n) {
  constexpr size_t width = Type == 0x0B ? 2 : Type == 0x0C || Type == 0x0D ? 4 : Type == 0x0E ? 8 : 1;
  // as a tensor conversion would: truncated and saturated for an integral T, != 0 for bool
  for (size_t i = 0; i < n; i++) dst[i] = Scalar(decode<Type>(src + i * width)).to<T>();
}

template <typename T> void convert(int type, const unsigned char *src, T *dst, size_t n) {
  switch (type) {
    case 0x08: return convert<0x08>(src, dst, n);
    case 0x09: return convert<0x09>(src, dst, n);
    case 0x0B: return convert<0x0B>(src, dst, n);
    case 0x0C: return convert<0x0C>(src, dst, n);
    case 0x0D: return convert<0x0D>(src, dst, n);
    default: return convert<0x0E>(src, dst, n);
  }
}
}  // namespace

namespace {
// Opens PATH for gzread (gzip or plain), refusing a directory; *plain_size is the size of a plain
// regular file, whose data can be checked against the header before anything is allocated, and -1
// for a gzip stream or a file that is not regular (a pipe, a device), whose size is not known.
GzFile open_idx(const std::string &path, long long *plain_size) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) fail("read_idx: cannot open " + path + ": " + std::strerror(errno));
  struct stat st;
  if (fstat(fd, &st) != 0) {
    int err = errno;
    ::close(fd);
    fail("read_idx: cannot stat " + path + ": " + std::strerror(err));
  }
  if (S_ISDIR(st.st_mode)) {
    ::close(fd);
    fail("read_idx: " + path + " is a directory");
  }
  GzFile file{gzdopen(fd, "rb")};
  if (!file.f) {
    ::close(fd);
    fail("read_idx: cannot open " + path + ": out of memory");
  }
  gzbuffer(file.f, 1 << 18);
  *plain_size = S_ISREG(st.st_mode) ? (long long)st.st_size : -1;
  return file;
}

// Reads the n data bytes the header announces. A gzip stream's size is not known beforehand: the
// buffer grows with what actually arrives, so a small file that announces a huge size costs what
// it holds, not what it claims.
std::vector<unsigned char> read_data(GzFile &file, const std::string &path, size_t n) {
  std::vector<unsigned char> raw;
  size_t got = 0;
  while (got < n) {
    raw.resize(std::min(n, std::max<size_t>(2 * got, 1 << 20)));
    size_t want = raw.size() - got, chunk = read_bytes(file, path, raw.data() + got, want);
    got += chunk;
    if (chunk < want) break;
  }
  if (got != n)
    fail("read_idx: " + path + " is truncated: the header announces " + std::to_string(n) + " bytes of data, found " +
         std::to_string(got));
  unsigned char extra;
  if (read_bytes(file, path, &extra, 1) != 0)
    fail("read_idx: " + path + " has data beyond the " + std::to_string(n) + " bytes its header announces");
  return raw;
}
}  // namespace

Tensor read_idx(const std::string &path, Dtype dtype) {
  long long plain_size;
  GzFile file = open_idx(path, &plain_size);
  unsigned char header[4];
  if (read_bytes(file, path, header, 4) != 4) fail("read_idx: " + path + " is too short for an IDX header");
  size_t width = element_size(header[2]);
  if (header[0] != 0 || header[1] != 0 || width == 0 || header[3] == 0)
    fail("read_idx: " + path + " is not an IDX file (header bytes " + std::to_string(header[0]) + " " +
         std::to_string(header[1]) + " " + std::to_string(header[2]) + " " + std::to_string(header[3]) +
         "; expected 0 0 <type 8, 9, 11, 12, 13 or 14> <dimensions >= 1>)");
  int ndim = header[3];
  std::vector<unsigned char> dims((size_t)ndim * 4);
  if (read_bytes(file, path, dims.data(), dims.size()) != dims.size())
    fail("read_idx: " + path + " is truncated in its header (" + std::to_string(ndim) + " sizes announced)");
  Shape shape;
  uint64_t count = 1;  // at most 2^36 (checked at each step), so count * width cannot overflow
  for (int d = 0; d < ndim; d++) {
    uint64_t s = big_endian(&dims[(size_t)d * 4], 4);
    if (s == 0 || s > INT32_MAX) fail("read_idx: " + path + ": size " + std::to_string(s) + " of dimension " + std::to_string(d) + " is out of range");
    count *= s;
    if (count > (1ull << 36)) fail("read_idx: " + path + ": the header announces more than 2^36 elements");
    shape.push_back((long)s);
  }
  size_t bytes = (size_t)count * width;
  // gzdirect is known once the first bytes are read: 1 for a file that is not gzip.
  if (plain_size >= 0 && gzdirect(file.f)) {
    long long header_size = 4 + (long long)dims.size();
    unsigned long long data_size = plain_size > header_size ? (unsigned long long)(plain_size - header_size) : 0;
    if (data_size < bytes)
      fail("read_idx: " + path + " is truncated: the header announces " + std::to_string(bytes) +
           " bytes of data, found " + std::to_string(data_size));
    if (data_size > bytes)
      fail("read_idx: " + path + " has data beyond the " + std::to_string(bytes) + " bytes its header announces");
  }
  std::vector<unsigned char> raw = read_data(file, path, bytes);
  Tensor out = empty(shape, dtype);
  dispatch_all(dtype, [&](auto tag) { convert(header[2], raw.data(), out.data<decltype(tag)>(), (size_t)count); });
  return out;
}

// ----------------------------------------------------------------------------- Fashion-MNIST
namespace {
bool is_file(const std::string &path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

// ROOT/NAME.gz, or ROOT/NAME when only the uncompressed file is there.
std::string find_file(const std::string &root, const std::string &name) {
  std::string gz = root + "/" + name + ".gz";
  if (is_file(gz)) return gz;
  if (is_file(root + "/" + name)) return root + "/" + name;
  fail("FashionMNIST: " + gz + " not found. Install the Debian package dataset-fashion-mnist "
       "(sudo apt-get install dataset-fashion-mnist), which puts the data set in " +
       std::string(FashionMNIST::kDefaultRoot) + ", or pass the directory that holds the files");
}

TensorDataset load_fashion_mnist(const std::string &root, bool train) {
  std::string prefix = train ? "train" : "t10k";
  std::string images_path = find_file(root, prefix + "-images-idx3-ubyte");
  std::string labels_path = find_file(root, prefix + "-labels-idx1-ubyte");
  Tensor images = read_idx(images_path), labels = read_idx(labels_path, kLong);
  if (images.dim() != 3 || images.size(1) != 28 || images.size(2) != 28)
    fail("FashionMNIST: " + images_path + " holds " + shape_str(images.sizes()) + ", expected [N x 28 x 28]");
  if (labels.dim() != 1 || labels.size(0) != images.size(0))
    fail("FashionMNIST: " + labels_path + " holds " + shape_str(labels.sizes()) + ", expected [" +
         std::to_string(images.size(0)) + "] (one label per image)");
  if (labels.min().item<long>() < 0 || labels.max().item<long>() > 9)
    fail("FashionMNIST: " + labels_path + " has labels outside 0..9");
  images.div_(255);
  return TensorDataset(images.view({images.size(0), 1, 28, 28}), labels);
}
}  // namespace

FashionMNIST::FashionMNIST(const std::string &root, bool train) : TensorDataset(load_fashion_mnist(root, train)) {}

}  // namespace ember::data
