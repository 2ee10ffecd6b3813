// Data: the IDX reader on small generated files (plain and gzip, every element type, bad files),
// TensorDataset, the default get_batch, DataLoader batching, drop_last and the seeded shuffle,
// Normalize, and Fashion-MNIST (its missing-data message; the real test set when installed).
#include "ember_test.hpp"

#include <zlib.h>

#include <algorithm>
#include <atomic>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <set>
#include <sys/resource.h>
#include <unistd.h>

using namespace ember;
using data::DataLoader;
using data::DataLoaderOptions;
using data::Example;

namespace {
using Bytes = std::vector<unsigned char>;

// An IDX file: header for `type` and `sizes`, then `payload` (already big-endian).
Bytes idx(unsigned char type, const std::vector<uint32_t> &sizes, const Bytes &payload) {
  Bytes b{0, 0, type, (unsigned char)sizes.size()};
  for (uint32_t s : sizes)
    for (int k = 3; k >= 0; k--) b.push_back((unsigned char)(s >> (8 * k)));
  b.insert(b.end(), payload.begin(), payload.end());
  return b;
}

// v's bytes, most significant first.
template <typename T> Bytes big_endian(T v) {
  unsigned char raw[sizeof(T)];
  std::memcpy(raw, &v, sizeof v);
  return Bytes(std::rbegin(raw), std::rend(raw));
}

template <typename T> Bytes payload(std::initializer_list<T> values) {
  Bytes b;
  for (T v : values) {
    Bytes e = big_endian(v);
    b.insert(b.end(), e.begin(), e.end());
  }
  return b;
}

std::string temp_path(const std::string &name) {
  return "/tmp/ember_test_data_" + std::to_string(getpid()) + "_" + name;
}

std::string write_plain(const std::string &name, const Bytes &bytes) {
  std::string path = temp_path(name);
  FILE *f = fopen(path.c_str(), "wb");
  assert_non_null(f);
  assert_int_equal(fwrite(bytes.data(), 1, bytes.size(), f), bytes.size());
  fclose(f);
  return path;
}

std::string write_gzip(const std::string &name, const Bytes &bytes) {
  std::string path = temp_path(name);
  gzFile f = gzopen(path.c_str(), "wb");
  assert_non_null(f);
  assert_int_equal(gzwrite(f, bytes.data(), (unsigned)bytes.size()), (int)bytes.size());
  gzclose(f);
  return path;
}

Bytes read_file(const std::string &path) {
  FILE *f = fopen(path.c_str(), "rb");
  Bytes b;
  int c;
  while ((c = fgetc(f)) != EOF) b.push_back((unsigned char)c);
  fclose(f);
  return b;
}

// The values a batch's targets hold.
std::vector<size_t> labels(const Example &e) {
  std::vector<size_t> out;
  for (double v : values(e.target)) out.push_back((size_t)v);
  return out;
}

// A data set of n examples: data row i = [i, 10 i], target i (a Long class index).
data::TensorDataset numbered(size_t n) {
  std::vector<float> d;
  std::vector<long> t;
  for (size_t i = 0; i < n; i++) {
    d.push_back((float)i);
    d.push_back((float)(10 * i));
    t.push_back((long)i);
  }
  return data::TensorDataset(from_vector(d, {(long)n, 2}), from_vector(t));
}
}  // namespace

// ------------------------------------------------------------------------------------ IDX
static void test_idx_types(void **) {
  // unsigned bytes, 3-D [2 x 2 x 3], plain and gzip give the same tensor
  Bytes ub = idx(0x08, {2, 2, 3}, {0, 1, 2, 3, 4, 5, 250, 251, 252, 253, 254, 255});
  for (const std::string &path : {write_plain("ub.idx", ub), write_gzip("ub.idx.gz", ub)}) {
    Tensor t = data::read_idx(path);
    assert_true(t.dtype() == kFloat);
    assert_shape(t, {2, 2, 3});
    assert_values(t, {0, 1, 2, 3, 4, 5, 250, 251, 252, 253, 254, 255}, 0);
    std::remove(path.c_str());
  }
  struct Case {
    unsigned char type;
    Bytes data;
    std::vector<double> expected;
  };
  std::vector<Case> cases = {
      {0x09, {0x80, 0xFF, 0x00, 0x7F}, {-128, -1, 0, 127}},
      {0x0B, payload<int16_t>({-32768, -2, 300, 32767}), {-32768, -2, 300, 32767}},
      {0x0C, payload<int32_t>({-2000000000, -7, 65536, 2000000000}), {-2000000000, -7, 65536, 2000000000}},
      {0x0D, payload<float>({-1.5f, 0.25f, 3e10f, 1e-20f}), {-1.5, 0.25, (double)3e10f, (double)1e-20f}},
      {0x0E, payload<double>({-1.0 / 3, 1e300, 0, 2.5}), {-1.0 / 3, 1e300, 0, 2.5}},
  };
  for (const Case &c : cases) {
    std::string path = write_gzip("typed.idx.gz", idx(c.type, {4}, c.data));
    Tensor d = data::read_idx(path, kDouble);  // Double: every value above is exact
    assert_shape(d, {4});
    assert_values(d, c.expected, 0);
    std::remove(path.c_str());
  }
}

static void test_idx_bad_files(void **) {
  Bytes good = idx(0x08, {3, 2}, {1, 2, 3, 4, 5, 6});
  struct Bad {
    Bytes bytes;
    const char *message;
  };
  Bytes truncated(good.begin(), good.end() - 1), header_cut(good.begin(), good.begin() + 6), extra = good;
  extra.push_back(7);
  Bytes magic = good, type = good, zero_dims = idx(0x08, {}, {}), zero_size = idx(0x08, {0}, {});
  magic[0] = 1;
  type[2] = 0x0A;
  std::vector<Bad> bad = {
      {truncated, "truncated: the header announces 6 bytes of data, found 5"},
      {header_cut, "truncated in its header"},
      {extra, "data beyond the 6 bytes"},
      {magic, "is not an IDX file"},
      {type, "is not an IDX file"},
      {zero_dims, "is not an IDX file"},
      {zero_size, "size 0 of dimension 0"},
      {Bytes{0, 0}, "too short for an IDX header"},
  };
  for (const Bad &b : bad) {
    std::string plain = write_plain("bad.idx", b.bytes), gz = write_gzip("bad.idx.gz", b.bytes);
    assert_throws(data::read_idx(plain), b.message);
    assert_throws(data::read_idx(gz), b.message);
    assert_throws(data::read_idx(plain), plain.c_str());  // the message names the file
    std::remove(plain.c_str());
    std::remove(gz.c_str());
  }
  // a corrupt gzip stream (a flipped byte in the compressed data or its CRC)
  Bytes big = idx(0x08, {1000}, Bytes(1000, 42));
  std::string gz = write_gzip("corrupt.idx.gz", big);
  Bytes compressed = read_file(gz);
  compressed[compressed.size() - 6] ^= 0xFF;
  std::string corrupt = write_plain("corrupt2.idx.gz", compressed);
  assert_throws(data::read_idx(corrupt), "cannot read");
  assert_throws(data::read_idx(temp_path("does-not-exist.idx")), "cannot open");
  std::remove(gz.c_str());
  std::remove(corrupt.c_str());
  // the library keeps working
  std::string ok = write_plain("ok.idx", good);
  assert_values(data::read_idx(ok), {1, 2, 3, 4, 5, 6}, 0);
  std::remove(ok.c_str());
}

// ------------------------------------------------------------------------- datasets, loader
// Readers must not trust a header: an 80-byte file announcing 2^31 bytes (2^15 x 2^16 unsigned
// bytes: 4 + 2 * 4 header bytes and 68 of data) is refused from what arrives, without allocating
// what it announces (before, 2 GB and 4 s). Peak resident memory tells: it would grow by 2 GB.
static long peak_rss_mb() {
  rusage r;
  getrusage(RUSAGE_SELF, &r);
  return r.ru_maxrss / 1024;
}

static void test_idx_untrusted_sizes(void **) {
  Bytes liar = idx(0x08, {1u << 15, 1u << 16}, Bytes(68, 1));
  assert_int_equal(liar.size(), 80);
  long before = peak_rss_mb();
  std::string plain = write_plain("liar.idx", liar), gz = write_gzip("liar.idx.gz", liar);
  for (const std::string &path : {plain, gz}) {
    assert_throws(data::read_idx(path), "is truncated: the header announces 2147483648 bytes of data, found 68");
    assert_throws(data::read_idx(path), path.c_str());
  }
  // a plain file is checked against its size before reading: extra bytes too
  Bytes longer = idx(0x08, {2}, {1, 2, 3});
  std::string extra = write_plain("longer.idx", longer);
  assert_throws(data::read_idx(extra), "has data beyond the 2 bytes its header announces");
  // the largest claim the header allows (2^36 elements of 8 bytes), gzip: growth follows the data
  Bytes huge = idx(0x0E, {1u << 18, 1u << 18}, Bytes(64, 0));
  std::string huge_gz = write_gzip("huge.idx.gz", huge);
  assert_throws(data::read_idx(huge_gz), "is truncated: the header announces 549755813888 bytes of data, found 64");
  assert_true(peak_rss_mb() - before < 256);
  // a directory, and a device that is an endless stream of zeros (no IDX header)
  assert_throws(data::read_idx("/tmp"), "read_idx: /tmp is a directory");
  assert_throws(data::read_idx("/dev/zero"), "/dev/zero is not an IDX file");
  for (const std::string &path : {plain, gz, extra, huge_gz}) std::remove(path.c_str());
  // the library keeps working
  std::string ok = write_gzip("ok.idx.gz", idx(0x08, {2}, {4, 5}));
  assert_values(data::read_idx(ok), {4, 5}, 0);
  std::remove(ok.c_str());
}

static void test_tensor_dataset(void **) {
  data::TensorDataset ds = numbered(5);
  assert_int_equal(ds.size(), 5);
  Example e = ds.get(3);
  assert_values(e.data, {3, 30}, 0);
  assert_values(e.target, {3}, 0);
  Example b = ds.get_batch({4, 0, 4});
  assert_shape(b.data, {3, 2});
  assert_shape(b.target, {3});
  assert_values(b.data, {4, 40, 0, 0, 4, 40}, 0);
  assert_values(b.target, {4, 0, 4}, 0);
  assert_int_equal((int)e.target.dtype(), (int)kLong);  // the targets keep their dtype
  assert_int_equal((int)b.target.dtype(), (int)kLong);
  assert_int_equal((int)b.data.dtype(), (int)kFloat);
  for (const Example &batch : DataLoader(ds, DataLoaderOptions(2).workers(2)))
    assert_int_equal((int)batch.target.dtype(), (int)kLong);
  b.data.fill_(-1);  // a batch is a copy
  assert_values(ds.get(4).data, {4, 40}, 0);
  assert_throws(ds.get(5), "index 5 out of range for a data set of 5");
  assert_throws(ds.get_batch({1, 9}), "index 9 out of range");
  assert_throws(data::TensorDataset(zeros({3, 2}), zeros({4})), "same first size");
  ds.transform(data::Normalize(2, 4));
  assert_values(ds.get(3).data, {(3 - 2) / 4.0, (30 - 2) / 4.0}, 1e-7);
  assert_throws(ds.transform([](const Tensor &x) { return x.narrow(0, 0, 2); }), "keep the first size 5");
  assert_throws(data::Normalize(0, 0), "std must be > 0");
}

namespace {
// A data set computed on the fly: the default get_batch stacks get()'s results.
struct Squares : data::Dataset {
  size_t size() const override { return 6; }
  Example get(size_t i) const override {
    double v = (double)i;
    return {from_vector(std::vector<double>{v, v * v, -v}, {1, 3}), from_vector(std::vector<double>{v * v})};
  }
};
}  // namespace

static void test_default_get_batch(void **) {
  Squares sq;
  Example b = sq.get_batch({2, 5});
  assert_shape(b.data, {2, 1, 3});
  assert_shape(b.target, {2});
  assert_values(b.data, {2, 4, -2, 5, 25, -5}, 0);
  assert_values(b.target, {4, 25}, 0);
  assert_int_equal((int)b.target.dtype(), (int)kDouble);  // get()'s dtype
  DataLoader loader(sq, DataLoaderOptions(4));
  std::vector<size_t> sizes;
  for (const Example &batch : loader) sizes.push_back((size_t)batch.data.size(0));
  assert_true(sizes == std::vector<size_t>({4, 2}));
}

static void test_loader_batching(void **) {
  DataLoader loader(numbered(10), DataLoaderOptions(4));
  assert_int_equal(loader.size(), 3);
  std::vector<std::vector<size_t>> seen;
  for (const Example &b : loader) {
    assert_int_equal(b.data.size(0), b.target.size(0));
    std::vector<double> d = values(b.data);
    std::vector<size_t> l = labels(b);
    for (size_t i = 0; i < l.size(); i++) assert_close(d[2 * i + 1], 10.0 * (double)l[i], 0);  // rows follow targets
    seen.push_back(l);
  }
  assert_true(seen == std::vector<std::vector<size_t>>({{0, 1, 2, 3}, {4, 5, 6, 7}, {8, 9}}));

  DataLoader dropping(numbered(10), DataLoaderOptions(4).drop_last(true));
  assert_int_equal(dropping.size(), 2);
  size_t batches = 0;
  for (const Example &b : dropping) {
    assert_shape(b.data, {4, 2});
    batches++;
  }
  assert_int_equal(batches, 2);
  DataLoader exact(numbered(8), DataLoaderOptions(4).drop_last(true));
  assert_int_equal(exact.size(), 2);
  DataLoader tiny(numbered(3), DataLoaderOptions(4).drop_last(true));
  assert_int_equal(tiny.size(), 0);
  assert_true(tiny.begin() == tiny.end());
  assert_throws(DataLoader(numbered(3), DataLoaderOptions(0)), "batch_size must be > 0");
}

static void test_loader_shuffle(void **) {
  auto epochs = [](uint64_t seed, int n) {
    DataLoader loader(numbered(50), DataLoaderOptions(8).shuffle(true).seed(seed));
    std::vector<std::vector<size_t>> out;
    for (int e = 0; e < n; e++) {
      std::vector<size_t> order;
      for (const Example &b : loader)
        for (size_t l : labels(b)) order.push_back(l);
      out.push_back(order);
    }
    return out;
  };
  std::vector<std::vector<size_t>> a = epochs(42, 3), b = epochs(42, 3), c = epochs(43, 3);
  assert_true(a == b);  // same seed, same epochs
  assert_true(a[0] != c[0]);
  assert_true(a[0] != a[1] && a[1] != a[2]);  // each epoch its own order
  for (const auto &order : a) {
    std::vector<size_t> sorted = order;
    std::sort(sorted.begin(), sorted.end());
    std::vector<size_t> all(50);
    for (size_t i = 0; i < 50; i++) all[i] = i;
    assert_true(sorted == all);  // a permutation
  }
  // order(e) is what epoch e visits
  DataLoader loader(numbered(50), DataLoaderOptions(8).shuffle(true).seed(42));
  assert_true(loader.order(1) == a[1]);
  // every position takes many values over seeds (not a fixed or near-fixed permutation)
  std::set<size_t> first;
  for (uint64_t s = 0; s < 40; s++) first.insert(DataLoader(numbered(50), DataLoaderOptions(8).shuffle(true).seed(s)).order(0)[0]);
  assert_true(first.size() > 20);
}

// ------------------------------------------------------------------------------- workers
namespace {
// Every batch of `epochs` epochs, as label lists.
std::vector<std::vector<size_t>> all_batches(DataLoader &loader, int epochs) {
  std::vector<std::vector<size_t>> out;
  for (int e = 0; e < epochs; e++)
    for (const Example &b : loader) {
      std::vector<double> d = values(b.data);
      std::vector<size_t> l = labels(b);
      for (size_t i = 0; i < l.size(); i++) assert_close(d[2 * i + 1], 10.0 * (double)l[i], 0);
      out.push_back(l);
    }
  return out;
}

// The threads of this process now (Linux), to see that no worker outlives its epoch.
size_t thread_count() {
  FILE *f = fopen("/proc/self/status", "r");
  assert_non_null(f);
  char line[256];
  size_t n = 0;
  while (fgets(line, sizeof line, f))
    if (std::strncmp(line, "Threads:", 8) == 0) n = (size_t)std::strtoul(line + 8, nullptr, 10);
  fclose(f);
  assert_true(n > 0);
  return n;
}

// numbered(n) whose get() fails for example `bad`, sleeps `delay_ms`, and records how many calls ran
// at once and whether any ran with grad mode on.
struct Instrumented : data::Dataset {
  explicit Instrumented(size_t n, size_t bad = SIZE_MAX, int delay_ms = 0) : base(numbered(n)), bad(bad), delay_ms(delay_ms) {}
  size_t size() const override { return base.size(); }
  Example get(size_t index) const override {
    int now = ++running;
    for (int seen = max_running.load(); now > seen && !max_running.compare_exchange_weak(seen, now);) {
    }
    if (GradMode::is_enabled()) grad_mode_seen = true;
    if (delay_ms) usleep((useconds_t)delay_ms * 1000);
    running--;
    if (index == bad) throw Error("Instrumented::get: example " + std::to_string(index) + " is unreadable");
    return base.get(index);
  }
  data::TensorDataset base;
  size_t bad;
  int delay_ms;
  mutable std::atomic<int> running{0}, max_running{0};
  mutable std::atomic<bool> grad_mode_seen{false};
};
}  // namespace

static void test_loader_workers_same_batches(void **) {
  auto batches = [](size_t workers, size_t prefetch) {
    DataLoader loader(numbered(23), DataLoaderOptions(4).shuffle(true).seed(5).workers(workers).prefetch(prefetch));
    return all_batches(loader, 3);
  };
  std::vector<std::vector<size_t>> serial = batches(0, 2);
  assert_int_equal(serial.size(), 18);  // 6 batches a epoch
  assert_true(batches(1, 2) == serial);
  assert_true(batches(3, 2) == serial);
  assert_true(batches(3, 1) == serial);
  assert_true(batches(8, 3) == serial);  // more workers than batches
  DataLoader dropping(numbered(23), DataLoaderOptions(4).drop_last(true).workers(2));
  assert_int_equal(all_batches(dropping, 1).size(), 5);
  assert_throws(DataLoader(numbered(3), DataLoaderOptions(2).workers(1).prefetch(0)), "DataLoader: prefetch must be > 0");
}

static void test_loader_worker_exception(void **) {
  for (size_t workers : {0, 2}) {
    DataLoader loader(std::make_shared<Instrumented>(20, 13), DataLoaderOptions(4).workers(workers));
    std::vector<size_t> reached;
    auto run = [&] {
      for (const Example &b : loader) reached.push_back(labels(b)[0]);
    };
    if (workers == 0) assert_throws(run(), "Instrumented::get: example 13 is unreadable");
    else assert_throws(run(), "DataLoader: worker 1 failed on batch 3: Instrumented::get: example 13 is unreadable");
    assert_true(reached == std::vector<size_t>({0, 4, 8}));  // the batches before the bad one arrived
  }
  // the library and a new loader still work
  DataLoader good(numbered(9), DataLoaderOptions(4).workers(2));
  assert_int_equal(all_batches(good, 1).size(), 3);
}

static void test_loader_early_break_and_destroy(void **) {
  size_t before = thread_count();
  DataLoader loader(numbered(1000), DataLoaderOptions(1).workers(3).prefetch(2));
  for (int e = 0; e < 3; e++) {
    size_t n = 0;
    for (const Example &b : loader) {
      assert_int_equal(labels(b)[0], n);
      if (++n == 2) break;  // the workers are blocked on full queues: they must still stop
    }
    assert_int_equal(thread_count(), before);
  }
  {
    auto loader2 = std::make_unique<DataLoader>(numbered(100), DataLoaderOptions(1).workers(4));
    DataLoader::Iterator it = loader2->begin();
    loader2.reset();  // the iterator keeps the data set; its workers go on
    ++it;
    assert_int_equal(labels(*it)[0], 1);
  }
  assert_int_equal(thread_count(), before);
  assert_int_equal(all_batches(loader, 1).size(), 1000);  // a full epoch after the breaks
}

static void test_loader_workers_overlap(void **) {
  auto slow = std::make_shared<Instrumented>(24, SIZE_MAX, 10);
  DataLoader loader(slow, DataLoaderOptions(2).workers(3));
  std::vector<size_t> seen;
  for (const Example &b : loader)  // grad mode on in this thread
    for (size_t l : labels(b)) seen.push_back(l);
  std::vector<size_t> expected(24);
  for (size_t i = 0; i < 24; i++) expected[i] = i;
  assert_true(seen == expected);             // in order
  assert_true(slow->max_running.load() >= 2);  // loads ran at the same time on different workers
  assert_false(slow->grad_mode_seen.load());   // and without autograd
}

// ------------------------------------------------------------------------------ samplers
static void test_samplers(void **) {
  // The shuffle option is a RandomSampler.
  DataLoader shuffled(numbered(30), DataLoaderOptions(4).shuffle(true).seed(9));
  DataLoader sampled(numbered(30), DataLoaderOptions(4).sampler(std::make_shared<data::RandomSampler>(9)));
  assert_true(shuffled.order(2) == sampled.order(2));
  assert_true(data::SequentialSampler().indices(4, 7) == std::vector<size_t>({0, 1, 2, 3}));

  // PyTorch's layout without shuffle: 10 examples, 3 replicas, padded with 0 and 1.
  std::vector<std::vector<size_t>> want{{0, 3, 6, 9}, {1, 4, 7, 0}, {2, 5, 8, 1}};
  for (size_t r = 0; r < 3; r++) assert_true(data::DistributedSampler(10, 3, r, false).indices(10, 0) == want[r]);

  for (bool drop_last : {false, true}) {
    std::vector<size_t> all;
    for (size_t r = 0; r < 3; r++) {
      auto sampler = std::make_shared<data::DistributedSampler>(10, 3, r, true, 4, drop_last);
      DataLoader loader(numbered(10), DataLoaderOptions(2).sampler(sampler).workers(r));
      assert_int_equal(loader.size(), 2);
      std::vector<size_t> mine;
      for (const Example &b : loader)
        for (size_t l : labels(b)) mine.push_back(l);
      assert_int_equal(mine.size(), drop_last ? 3 : 4);
      assert_true(mine == sampler->indices(10, 0));
      assert_true(loader.order(1) != loader.order(0));  // shuffled anew each epoch
      all.insert(all.end(), mine.begin(), mine.end());
    }
    std::set<size_t> distinct(all.begin(), all.end());
    if (drop_last) {
      assert_int_equal(all.size(), 9);
      assert_int_equal(distinct.size(), 9);  // disjoint, one example left out
    } else {
      assert_int_equal(all.size(), 12);
      assert_int_equal(distinct.size(), 10);  // every example; two repeated as padding
    }
  }
  // More replicas than examples: the order repeats as often as needed.
  assert_true(data::DistributedSampler(2, 5, 4, false).indices(2, 0) == std::vector<size_t>({0}));

  assert_throws(data::DistributedSampler(10, 3, 3), "DistributedSampler: rank 3 out of range for 3 replica(s)");
  assert_throws(data::DistributedSampler(10, 0, 0), "num_replicas must be > 0");
  assert_throws(DataLoader(numbered(10), DataLoaderOptions(2).shuffle(true).sampler(std::make_shared<data::SequentialSampler>())),
                "DataLoader: shuffle(true) and a sampler exclude each other");
  DataLoader wrong(numbered(8), DataLoaderOptions(2).sampler(std::make_shared<data::DistributedSampler>(10, 2, 0)));
  assert_throws(wrong.begin(), "DistributedSampler: made for a data set of 10 example(s), used with one of 8");
  assert_int_equal(wrong.epoch(), 0);  // no epoch started
}

// ---------------------------------------------------------------------------- Fashion-MNIST
static void test_fashion_mnist(void **) {
  assert_throws(data::FashionMNIST("/nonexistent/fmnist", true), "dataset-fashion-mnist");
  assert_throws(data::FashionMNIST("/nonexistent/fmnist", false), "/nonexistent/fmnist/t10k-images-idx3-ubyte.gz");
  if (access((std::string(data::FashionMNIST::kDefaultRoot) + "/t10k-images-idx3-ubyte.gz").c_str(), R_OK) != 0) {
    print_message("Fashion-MNIST is not installed: skipping the test-set checks\n");
    return;
  }
  data::FashionMNIST test(data::FashionMNIST::kDefaultRoot, false);
  assert_int_equal(test.size(), 10000);
  assert_shape(test.data(), {10000, 1, 28, 28});
  assert_shape(test.targets(), {10000});
  assert_int_equal((int)test.targets().dtype(), (int)kLong);  // class indices, as cross_entropy takes them
  assert_true(test.data().min().item() >= 0 && test.data().max().item() <= 1);
  assert_close(test.data().max().item(), 1.0, 0);  // 255 / 255
  std::vector<int> counts(10, 0);
  for (double v : values(test.targets())) counts[(size_t)v]++;
  for (int c : counts) assert_int_equal(c, 1000);  // the test set is balanced
  assert_close(test.data().mean().item(), 0.2860, 0.01);  // the mean DESIGN.md normalises with
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_idx_types),        cmocka_unit_test(test_idx_bad_files),
      cmocka_unit_test(test_idx_untrusted_sizes),
      cmocka_unit_test(test_tensor_dataset),   cmocka_unit_test(test_default_get_batch),
      cmocka_unit_test(test_loader_batching),  cmocka_unit_test(test_loader_shuffle),
      cmocka_unit_test(test_loader_workers_same_batches),
      cmocka_unit_test(test_loader_worker_exception),
      cmocka_unit_test(test_loader_early_break_and_destroy),
      cmocka_unit_test(test_loader_workers_overlap),
      cmocka_unit_test(test_samplers),
      cmocka_unit_test(test_fashion_mnist),
  };
  return cmocka_run_group_tests(tests, nullptr, nullptr);
}
