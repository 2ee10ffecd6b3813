// The IDX format (gzip or plain, through zlib's transparent gzread) and Fashion-MNIST.
#include <ember/data.hpp>

#include <zlib.h>

#include <cerrno>
#include <climits>
#include <cstring>
#include <sys/stat.h>

#include "tensor_impl.hpp"

namespace ember::data {

using ember::detail::fail;

namespace {
struct GzFile {
  gzFile f;
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
  for (size_t i = 0; i < n; i++) dst[i] = (T)decode<Type>(src + i * width);
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

Tensor read_idx(const std::string &path, Dtype dtype) {
  GzFile file{gzopen(path.c_str(), "rb")};
  if (!file.f) fail("read_idx: cannot open " + path + ": " + std::strerror(errno ? errno : ENOMEM));
  gzbuffer(file.f, 1 << 18);
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
  uint64_t count = 1;
  for (int d = 0; d < ndim; d++) {
    uint64_t s = big_endian(&dims[(size_t)d * 4], 4);
    if (s == 0 || s > INT32_MAX) fail("read_idx: " + path + ": size " + std::to_string(s) + " of dimension " + std::to_string(d) + " is out of range");
    count *= s;
    if (count > (1ull << 36)) fail("read_idx: " + path + ": the header announces more than 2^36 elements");
    shape.push_back((long)s);
  }
  size_t bytes = (size_t)count * width;
  std::vector<unsigned char> raw(bytes);
  size_t got = read_bytes(file, path, raw.data(), bytes);
  if (got != bytes)
    fail("read_idx: " + path + " is truncated: the header announces " + std::to_string(bytes) + " bytes of data, found " +
         std::to_string(got));
  unsigned char extra;
  if (read_bytes(file, path, &extra, 1) != 0)
    fail("read_idx: " + path + " has data beyond the " + std::to_string(bytes) + " bytes its header announces");
  Tensor out = empty(shape, dtype);
  dispatch(dtype, [&](auto tag) { convert(header[2], raw.data(), out.data<decltype(tag)>(), (size_t)count); });
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
  Tensor images = read_idx(images_path), labels = read_idx(labels_path);
  if (images.dim() != 3 || images.size(1) != 28 || images.size(2) != 28)
    fail("FashionMNIST: " + images_path + " holds " + shape_str(images.sizes()) + ", expected [N x 28 x 28]");
  if (labels.dim() != 1 || labels.size(0) != images.size(0))
    fail("FashionMNIST: " + labels_path + " holds " + shape_str(labels.sizes()) + ", expected [" +
         std::to_string(images.size(0)) + "] (one label per image)");
  if (labels.min().item() < 0 || labels.max().item() > 9)
    fail("FashionMNIST: " + labels_path + " has labels outside 0..9");
  images.div_(255);
  return TensorDataset(images.view({images.size(0), 1, 28, 28}), labels);
}
}  // namespace

FashionMNIST::FashionMNIST(const std::string &root, bool train) : TensorDataset(load_fashion_mnist(root, train)) {}

}  // namespace ember::data
