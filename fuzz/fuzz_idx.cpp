// ember::data::read_idx on any file, plain or gzip: input byte 0 is flags (bit 0: gzip the rest;
// bit 2: read as Long, as labels are, else bit 1: as Double, else as Float), the rest is the file.
// read_idx must return a tensor whose every element can be read or throw an ember::Error; any other
// exception, a crash, a leak or an allocation beyond libFuzzer's limit (a small file announcing huge
// sizes) is a finding.
#include <ember/data.hpp>
#include <ember/tensor.hpp>
#include <unistd.h>
#include <zlib.h>

#include <cstdio>
#include <cstdlib>
#include <string>

namespace {
std::string temp_path() {
  static std::string path;
  if (path.empty()) {
    path = "/tmp/ember_fuzz_idx_" + std::to_string((long)getpid());
    std::atexit([] { unlink(temp_path().c_str()); });
  }
  return path;
}

void write_file(const std::string &path, const uint8_t *data, size_t size, bool gzip) {
  bool ok;
  if (gzip) {
    gzFile f = gzopen(path.c_str(), "wb");
    ok = f && (size == 0 || gzwrite(f, data, (unsigned)size) == (int)size);
    ok = f && gzclose(f) == Z_OK && ok;
  } else {
    FILE *f = std::fopen(path.c_str(), "wb");
    ok = f && std::fwrite(data, 1, size, f) == size;
    ok = f && std::fclose(f) == 0 && ok;
  }
  if (!ok) std::abort();
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1) return 0;
  const std::string path = temp_path();
  write_file(path, data + 1, size - 1, data[0] & 1);
  try {
    ember::Dtype dtype = data[0] & 4 ? ember::kLong : data[0] & 2 ? ember::kDouble : ember::kFloat;
    ember::Tensor t = ember::data::read_idx(path, dtype);
    long count = 1;
    for (long s : t.sizes()) count *= s;
    if (t.numel() != count) std::abort();
    // Reads every element (ASan sees one past the data) and what read_idx built must be usable.
    (void)t.sum().item();
  } catch (const ember::Error &) {
  }
  return 0;
}
