// Checkpoints: the round trip (model + optimizer state: training continues identically), the file
// format, the atomic write, and every kind of bad file (truncated, flipped byte, wrong magic, wrong
// version, mismatched model or optimizer), each leaving the model and the optimizer untouched.
#include "ember_test.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <cstdio>
#include <memory>
#include <thread>

using namespace ember;

namespace {
// A small model: y = tanh(x W^T + b) * scale, with a buffer (a step counter) that is saved too.
struct Tiny : nn::Module {
  Tensor weight, bias, steps;
  Tiny(long in = 3, long out = 2, Dtype dtype = kDouble) : Module("Tiny") {
    weight = randn({out, in}, dtype) * 0.5;
    bias = randn({out}, dtype) * 0.1;
    steps = zeros({1}, dtype);
    register_parameter("weight", &weight);
    register_parameter("bias", &bias);
    register_buffer("steps", &steps);
  }
  Tensor forward(const Tensor &x) override { return (x.matmul(weight.t()) + bias).tanh(); }
};

struct Problem {
  Tensor X, Y;
  Problem() {
    manual_seed(11);
    X = randn({8, 3}, kDouble);
    Y = randn({8, 2}, kDouble) * 0.5;
  }
  void train(nn::Module &m, optim::Optimizer &opt, int steps) const {
    for (int s = 0; s < steps; s++) {
      opt.zero_grad();
      (m.forward(X) - Y).pow(2).mean().backward();
      opt.step();
    }
  }
};

std::string temp_dir() {
  static std::string dir;
  if (dir.empty()) {
    char tmpl[] = "/tmp/ember_test_serialize_XXXXXX";
    assert_non_null(mkdtemp(tmpl));
    dir = tmpl;
  }
  return dir;
}

std::vector<unsigned char> read_bytes(const std::string &path) {
  std::vector<unsigned char> b;
  FILE *f = fopen(path.c_str(), "rb");
  assert_non_null(f);
  int c;
  while ((c = fgetc(f)) != EOF) b.push_back((unsigned char)c);
  fclose(f);
  return b;
}

void write_bytes(const std::string &path, const std::vector<unsigned char> &b) {
  FILE *f = fopen(path.c_str(), "wb");
  assert_non_null(f);
  if (!b.empty()) assert_int_equal(fwrite(b.data(), 1, b.size(), f), b.size());
  fclose(f);
}

// Copies of every value of a model and an optimizer, to prove that a failed load changed nothing.
struct Snapshot {
  std::vector<std::vector<double>> model, optimizer;
  Snapshot(const nn::Module &m, const optim::Optimizer &o) {
    for (auto &[n, t] : m.state_dict()) model.push_back(values(t));
    for (auto &[n, t] : o.state_dict()) optimizer.push_back(values(t));
  }
  bool operator==(const Snapshot &s) const { return model == s.model && optimizer == s.optimizer; }
};

// Names of the files in dir that contain ".tmp." (left-over temporary files).
int temp_files(const std::string &dir) {
  int n = 0;
  DIR *d = opendir(dir.c_str());
  while (dirent *e = readdir(d))
    if (std::strstr(e->d_name, ".tmp.")) n++;
  closedir(d);
  return n;
}
}  // namespace

static void test_round_trip_continues_identically(void **) {
  Problem p;
  manual_seed(1);
  Tiny a;
  optim::SGD opt_a(a.parameters(), optim::SGDOptions(0.1).momentum(0.9));
  p.train(a, opt_a, 5);
  a.steps.fill_(5);
  std::string path = temp_dir() + "/round.ckpt";
  save_checkpoint(path, a, &opt_a);

  manual_seed(2);  // other initial values
  Tiny b;
  optim::SGD opt_b(b.parameters(), optim::SGDOptions(0.7).momentum(0.9));
  load_checkpoint(path, b, &opt_b);
  assert_true(b.weight.equal(a.weight) && b.bias.equal(a.bias));
  assert_values(b.steps, {5}, 0);
  assert_close(opt_b.lr(0), 0.1, 0);  // the group's lr comes back too
  p.train(a, opt_a, 5);
  p.train(b, opt_b, 5);  // the momentum buffers came back: the same trajectory, bit for bit
  assert_true(b.weight.equal(a.weight));
  assert_true(b.bias.equal(a.bias));

  // model only; Float; Adam
  manual_seed(3);
  Tiny c(4, 3, kFloat), d(4, 3, kFloat);
  save_checkpoint(path, c);
  load_checkpoint(path, d);
  assert_true(d.weight.equal(c.weight));
  optim::Adam adam(d.parameters());
  assert_throws(load_checkpoint(path, d, &adam), "holds no optimizer state");
  assert_int_equal(temp_files(temp_dir()), 0);
  std::remove(path.c_str());
}

static void test_format(void **) {
  std::string path = temp_dir() + "/records.ckpt";
  write_records(path, {{"a", from_vector(std::vector<float>{1.5f, -2.0f}, {2, 1})},
                       {"bb", from_vector(std::vector<double>{3.25})}});
  std::vector<unsigned char> b = read_bytes(path);
  // header: magic, version 2, 2 records, payload size; then "a": name, dtype 0, 2 dims, sizes, data
  assert_memory_equal(b.data(), "EMBERCKP", 8);
  uint32_t version, count;
  uint64_t payload;
  std::memcpy(&version, &b[8], 4);
  std::memcpy(&count, &b[12], 4);
  std::memcpy(&payload, &b[16], 8);
  assert_int_equal(version, 2);
  assert_int_equal(count, 2);
  size_t rec_a = 4 + 1 + 1 + 1 + 2 * 8 + 2 * 4, rec_bb = 4 + 2 + 1 + 1 + 8 + 8;
  assert_int_equal(payload, rec_a + rec_bb);
  assert_int_equal(b.size(), 24 + payload + 4);
  assert_int_equal(b[24], 1);      // name length of "a"
  assert_int_equal(b[28], 'a');
  assert_int_equal(b[29], 0);      // Float
  assert_int_equal(b[30], 2);      // two dimensions
  float first;
  std::memcpy(&first, &b[24 + 7 + 16], 4);
  assert_true(first == 1.5f);
  auto back = read_records(path);
  assert_int_equal(back.size(), 2);
  assert_string_equal(back[1].first.c_str(), "bb");
  assert_true(back[1].second.dtype() == kDouble);
  assert_values(back[0].second, {1.5, -2}, 0);
  assert_shape(back[0].second, {2, 1});
  assert_throws(write_records(path, {{"", zeros({1})}}), "bad record name");
  assert_throws(write_records(path, {{"x", Tensor()}}), "undefined tensor");
  assert_int_equal(read_records(path).size(), 2);  // a failed write leaves the old file
  std::remove(path.c_str());
}

static void test_atomic_write_failures(void **) {
  manual_seed(4);
  Tiny m;
  assert_throws(save_checkpoint("/nonexistent-dir/x.ckpt", m), "/nonexistent-dir/x.ckpt");
  // a path that is not a regular file is refused before anything is written
  std::string dir = temp_dir() + "/is_a_dir", fifo = temp_dir() + "/is_a_fifo";
  assert_int_equal(mkdir(dir.c_str(), 0755), 0);
  assert_int_equal(mkfifo(fifo.c_str(), 0644), 0);
  assert_throws(save_checkpoint(dir, m), (dir + " is a directory, not a regular file: refusing to replace it").c_str());
  assert_throws(save_checkpoint(fifo, m), (fifo + " is a FIFO, not a regular file").c_str());
  assert_throws(save_checkpoint("/dev/null", m), "/dev/null is a character device, not a regular file");
  struct stat st;
  assert_int_equal(stat("/dev/null", &st), 0);
  assert_true(S_ISCHR(st.st_mode));
  assert_int_equal(temp_files(temp_dir()), 0);
  rmdir(dir.c_str());
  unlink(fifo.c_str());
  // overwriting an existing checkpoint
  std::string path = temp_dir() + "/over.ckpt";
  save_checkpoint(path, m);
  m.weight.detach().fill_(7);
  save_checkpoint(path, m);
  Tiny n;
  load_checkpoint(path, n);
  assert_values(n.weight, std::vector<double>(6, 7), 0);
  std::remove(path.c_str());
}

// A save that died left PATH.tmp.XXXXXX behind: the next save of PATH removes it, and only it: not
// a temporary file that a live save holds (its flock), not other names.
static void test_stale_temporaries_removed(void **) {
  manual_seed(9);
  Tiny m;
  std::string path = temp_dir() + "/stale.ckpt";
  std::vector<std::string> stale = {path + ".tmp.AbC123", path + ".tmp.zzzzzz"};
  std::vector<std::string> kept = {path + ".tmp.abcde",    path + ".tmp.abc-12",  path + ".tmp.ABCDEFG",
                                   path + "x.tmp.ABCDEF",  temp_dir() + "/other.ckpt.tmp.ABCDEF",
                                   path + ".tmp.LiVe42"};
  for (const std::string &f : stale) write_bytes(f, std::vector<unsigned char>(1000, 1));
  for (const std::string &f : kept) write_bytes(f, {2});
  // a live save of the same path: its temporary file is locked
  int live = open(kept.back().c_str(), O_RDONLY);
  assert_true(live >= 0);
  assert_int_equal(flock(live, LOCK_EX), 0);
  save_checkpoint(path, m);
  for (const std::string &f : stale) assert_int_equal(access(f.c_str(), F_OK), -1);
  for (const std::string &f : kept) assert_int_equal(access(f.c_str(), F_OK), 0);
  close(live);  // the live save "dies": the next save removes its file
  save_checkpoint(path, m);
  assert_int_equal(access(kept.back().c_str(), F_OK), -1);
  Tiny n;
  load_checkpoint(path, n);
  assert_true(n.weight.equal(m.weight));
  kept.pop_back();
  for (const std::string &f : kept) std::remove(f.c_str());
  std::remove(path.c_str());
  assert_int_equal(temp_files(temp_dir()), 0);
}

// A new checkpoint gets the mode the umask leaves of 0666; a replaced one keeps its mode.
static void test_file_modes(void **) {
  manual_seed(10);
  Tiny m;
  std::string path = temp_dir() + "/mode.ckpt";
  auto mode = [&] {
    struct stat st;
    assert_int_equal(stat(path.c_str(), &st), 0);
    return (int)(st.st_mode & 07777);
  };
  mode_t saved = umask(077);
  save_checkpoint(path, m);
  assert_int_equal(mode(), 0600);
  std::remove(path.c_str());
  umask(022);
  save_checkpoint(path, m);
  assert_int_equal(mode(), 0644);
  assert_int_equal(chmod(path.c_str(), 0600), 0);  // a private checkpoint stays private
  save_checkpoint(path, m);
  assert_int_equal(mode(), 0600);
  assert_int_equal(chmod(path.c_str(), 0640), 0);
  umask(077);
  save_checkpoint(path, m);
  assert_int_equal(mode(), 0640);
  umask(saved);
  std::remove(path.c_str());
}

// Files that are not checkpoints are refused from their first bytes: /dev/zero (an endless stream
// of zeros, read whole before), a directory, a pipe whose header announces 1 TiB and then ends.
static void test_load_untrusted_files(void **) {
  manual_seed(12);
  Tiny m;
  assert_throws(load_checkpoint("/dev/zero", m), "load_checkpoint: /dev/zero is not an ember checkpoint");
  assert_throws(load_checkpoint(temp_dir(), m), (temp_dir() + " is a directory").c_str());
  std::string fifo = temp_dir() + "/stream.ckpt";
  assert_int_equal(mkfifo(fifo.c_str(), 0600), 0);
  std::thread writer([&] {
    std::vector<unsigned char> header = {'E', 'M', 'B', 'E', 'R', 'C', 'K', 'P', 1, 0, 0, 0, 1, 0, 0, 0};
    uint64_t payload = 1ull << 40;
    header.resize(24);
    std::memcpy(&header[16], &payload, 8);
    header.resize(124, 0);  // 100 bytes of payload, then the end
    write_bytes(fifo, header);
  });
  assert_throws(load_checkpoint(fifo, m), "is truncated: 124 bytes, its header announces 1099511627804");
  writer.join();
  unlink(fifo.c_str());
  // a regular file announcing 1 TiB is refused from its size
  std::string liar = temp_dir() + "/liar.ckpt";
  save_checkpoint(liar, m);
  std::vector<unsigned char> bytes = read_bytes(liar);
  uint64_t payload = 1ull << 40;
  std::memcpy(&bytes[16], &payload, 8);
  write_bytes(liar, bytes);
  std::string expected = "is truncated: " + std::to_string(bytes.size()) + " bytes, its header announces 1099511627804";
  assert_throws(load_checkpoint(liar, m), expected.c_str());
  std::remove(liar.c_str());
}

// zlib's crc32 takes a 32-bit length: the helper feeds it in pieces. The standard check value of
// CRC-32 ("123456789" -> 0xCBF43926) in pieces of every size; a buffer in small pieces and at once;
// and 2^32 + 16 zero bytes (mapped, not written: every page is the zero page), whose CRC is built
// independently from the CRC of one zero byte with zlib's crc32_combine (CRC of 2n zeros from two
// of n), so that a length cut to 32 bits (16 bytes) would show.
static void test_crc_in_pieces(void **) {
  const unsigned char *check = reinterpret_cast<const unsigned char *>("123456789");
  for (size_t piece : {size_t{1}, size_t{2}, size_t{4}, size_t{8}, size_t{9}, size_t{1} << 30})
    assert_int_equal(detail::crc32_in_pieces(0, check, 9, piece), 0xCBF43926u);
  std::vector<unsigned char> buf(100000);
  for (size_t i = 0; i < buf.size(); i++) buf[i] = (unsigned char)(i * 7 + i / 251);
  uint32_t once = (uint32_t)crc32(0, buf.data(), (uInt)buf.size());
  assert_int_equal(detail::crc32_in_pieces(0, buf.data(), buf.size(), 7), once);
  assert_int_equal(detail::crc32_in_pieces(0, buf.data(), buf.size()), once);
  uint32_t first = detail::crc32_in_pieces(0, buf.data(), 999, 64);  // continuing from a CRC
  assert_int_equal(detail::crc32_in_pieces(first, buf.data() + 999, buf.size() - 999, 1000), once);

  size_t n = (size_t{1} << 32) + 16;
  void *zeros = mmap(nullptr, n, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (zeros == MAP_FAILED) {
    print_message("skipping the 4 GiB CRC: cannot map 4 GiB of address space\n");
    return;
  }
  unsigned char zero = 0;
  uLong expected = crc32(0, &zero, 1);  // CRC of 2^k zero bytes, k = 0 .. 32
  for (int k = 0; k < 32; k++) expected = crc32_combine(expected, expected, (z_off_t)1 << k);
  uLong sixteen = crc32(0, static_cast<const unsigned char *>(zeros), 16);
  expected = crc32_combine(expected, sixteen, 16);
  assert_int_equal(detail::crc32_in_pieces(0, static_cast<const unsigned char *>(zeros), n), (uint32_t)expected);
  munmap(zeros, n);
}

static void test_bad_files_leave_everything_untouched(void **) {
  Problem p;
  manual_seed(5);
  Tiny src;
  optim::Adam opt_src(src.parameters(), optim::AdamOptions(0.01));
  p.train(src, opt_src, 3);
  std::string good = temp_dir() + "/good.ckpt", bad = temp_dir() + "/bad.ckpt";
  save_checkpoint(good, src, &opt_src);
  std::vector<unsigned char> bytes = read_bytes(good);

  manual_seed(6);
  Tiny dst;
  optim::Adam opt_dst(dst.parameters(), optim::AdamOptions(0.01));
  p.train(dst, opt_dst, 2);
  Snapshot before(dst, opt_dst);
  auto expect_error = [&](const std::vector<unsigned char> &file, const char *message) {
    write_bytes(bad, file);
    assert_throws(load_checkpoint(bad, dst, &opt_dst), message);
    assert_throws(load_checkpoint(bad, dst, &opt_dst), bad.c_str());
    if (!(Snapshot(dst, opt_dst) == before)) fail_msg("a failed load (%s) changed the model or the optimizer", message);
  };
  // truncated at several points: empty, inside the magic, inside the header, in the payload, the CRC
  for (size_t cut : {size_t{0}, size_t{5}, size_t{8}, size_t{20}, size_t{30}, bytes.size() / 2, bytes.size() - 1})
    expect_error(std::vector<unsigned char>(bytes.begin(), bytes.begin() + (long)cut), "truncated");
  // a flipped byte anywhere after the header: the CRC catches it
  for (size_t at : {size_t{24}, size_t{40}, bytes.size() / 2, bytes.size() - 5, bytes.size() - 1}) {
    std::vector<unsigned char> flipped = bytes;
    flipped[at] ^= 0x10;
    expect_error(flipped, "CRC-32");
  }
  std::vector<unsigned char> magic = bytes, version = bytes, longer = bytes, count = bytes;
  magic[3] = 'X';
  expect_error(magic, "not an ember checkpoint");
  version[8] = 3;
  expect_error(version, "format version 3; this build reads versions 1 to 2");
  longer.push_back(0);
  expect_error(longer, "beyond the end");
  uint64_t payload;
  std::memcpy(&payload, &count[16], 8);
  payload += 1;  // a header announcing one byte more than there is
  std::memcpy(&count[16], &payload, 8);
  expect_error(count, "truncated");

  // well-formed files that do not match
  manual_seed(7);
  Tiny other_shape(4, 2);
  write_bytes(bad, bytes);
  optim::Adam opt_other(other_shape.parameters());
  save_checkpoint(bad, other_shape, &opt_other);
  expect_error(read_bytes(bad), "different dtype or shape: weight (file: Double [2 x 4], model: Double [2 x 3])");
  Tiny float_model(3, 2, kFloat);
  optim::Adam opt_float(float_model.parameters());
  save_checkpoint(bad, float_model, &opt_float);
  expect_error(read_bytes(bad), "different dtype or shape: weight (file: Float");
  nn::SequentialImpl seq;  // no parameters at all
  save_checkpoint(bad, seq);
  expect_error(read_bytes(bad), "missing: weight, bias, steps");
  write_records(bad, {{"model.weight", zeros({2, 3}, kDouble)}, {"model.bias", zeros({2}, kDouble)},
                      {"model.steps", zeros({1}, kDouble)}, {"model.extra", zeros({1}, kDouble)}});
  expect_error(read_bytes(bad), "unexpected: extra");
  write_records(bad, {{"weights", zeros({1}, kDouble)}});
  expect_error(read_bytes(bad), "neither model.* nor optimizer.*");
  // the right model with another optimizer's state
  manual_seed(8);
  Tiny same;
  optim::SGD sgd(same.parameters(), optim::SGDOptions(0.1).momentum(0.9));
  p.train(same, sgd, 1);
  save_checkpoint(bad, same, &sgd);
  expect_error(read_bytes(bad), "does not match the optimizer: Adam state: entry \"state.0.momentum_buffer\"");
  assert_throws(load_checkpoint(temp_dir() + "/missing.ckpt", dst), "cannot open");
  // and after all that the good file still loads
  load_checkpoint(good, dst, &opt_dst);
  assert_true(dst.weight.equal(src.weight));
  std::remove(good.c_str());
  std::remove(bad.c_str());
  rmdir(temp_dir().c_str());
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_round_trip_continues_identically),
      cmocka_unit_test(test_format),
      cmocka_unit_test(test_atomic_write_failures),
      cmocka_unit_test(test_stale_temporaries_removed),
      cmocka_unit_test(test_file_modes),
      cmocka_unit_test(test_load_untrusted_files),
      cmocka_unit_test(test_crc_in_pieces),
      cmocka_unit_test(test_bad_files_leave_everything_untouched),  // last: it removes temp_dir()
  };
  return cmocka_run_group_tests(tests, nullptr, nullptr);
}
