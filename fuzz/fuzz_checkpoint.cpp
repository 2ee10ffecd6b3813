// ember::load_checkpoint into a fixed model (nn::Linear(3, 2)) and optimizer (Adam, after one step, so
// that it has state). Input byte 0 is flags (bit 0: overwrite the last 4 bytes with the CRC-32 of
// bytes 8 .. end-4, so that inputs get past the CRC check to the records; bit 1: load the optimizer's
// state too), the rest is the file. A load must succeed or throw an ember::Error that leaves the model
// and the optimizer exactly as they were.
#include <ember/ember.hpp>
#include <unistd.h>
#include <zlib.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

using namespace ember;

namespace {
struct Fixture {
  nn::Linear model = nn::Linear(3, 2);
  std::unique_ptr<optim::Adam> optimizer;
  std::string path = "/tmp/ember_fuzz_checkpoint_" + std::to_string((long)getpid());
  Fixture() {
    optimizer = std::make_unique<optim::Adam>(model->parameters(), optim::AdamOptions(0.01));
    model->forward(ones({4, 3})).sum().backward();
    optimizer->step();
  }
  ~Fixture() { unlink(path.c_str()); }
};

Fixture &fixture() {
  static Fixture f;
  return f;
}

// Every name and value of the model's and the optimizer's state, the values as bit patterns (a load
// that succeeded may have left NaNs, which compare unequal to themselves).
std::vector<std::pair<std::string, std::vector<uint64_t>>> state(const Fixture &f) {
  std::vector<std::pair<std::string, std::vector<uint64_t>>> out;
  nn::NamedTensors all = f.model->state_dict();
  for (auto &entry : f.optimizer->state_dict()) all.push_back(entry);
  for (auto &[name, t] : all) {
    Tensor c = t.detach().contiguous().to(kDouble);
    std::vector<uint64_t> bits((size_t)c.numel());
    if (!bits.empty()) std::memcpy(bits.data(), c.data<double>(), bits.size() * sizeof(double));
    out.emplace_back(name, std::move(bits));
  }
  return out;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1) return 0;
  Fixture &f = fixture();
  std::vector<uint8_t> file(data + 1, data + size);
  if ((data[0] & 1) && file.size() >= 12) {
    uint32_t crc = (uint32_t)crc32(0L, file.data() + 8, (uInt)(file.size() - 12));
    for (int i = 0; i < 4; i++) file[file.size() - 4 + i] = (uint8_t)(crc >> (8 * i));
  }
  FILE *out = std::fopen(f.path.c_str(), "wb");
  if (!out || std::fwrite(file.data(), 1, file.size(), out) != file.size() || std::fclose(out) != 0) std::abort();

  auto before = state(f);
  try {
    load_checkpoint(f.path, *f.model, data[0] & 2 ? f.optimizer.get() : nullptr);
  } catch (const Error &) {
    if (state(f) != before) {
      std::fprintf(stderr, "fuzz_checkpoint: a failed load changed the model or the optimizer\n");
      std::abort();
    }
  }
  return 0;
}
