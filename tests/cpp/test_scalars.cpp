// 0-dimensional tensors (libtorch's scalars): creation, views to and from them, broadcasting and math,
// full reductions, autograd (PyTorch 1.13 goldens from tests/golden/gen_cpp_scalars.py and finite
// differences), printing, checkpoints (format version 2, version 1 still read), the errors of what a
// scalar has no dimension for, and the same on CUDA when a device is there.
#include "nn_golden.hpp"

#include <ember/indexing.hpp>
#include <ember/serialize.hpp>

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <iterator>

using namespace ember;
using namespace ember::indexing;

namespace {
const GoldenFile &goldens() {
  static const GoldenFile file("cpp_scalars.txt");
  return file;
}

void assert_scalar(const Tensor &t, double value) {
  assert_int_equal(t.dim(), 0);
  assert_shape(t, {});
  assert_int_equal(t.numel(), 1);
  assert_true(t.strides().empty());
  assert_close(t.item<double>(), value, 1e-6);
}

std::string temp_dir() {
  char tmpl[] = "/tmp/ember_scalars_XXXXXX";
  assert_non_null(mkdtemp(tmpl));
  return tmpl;
}

std::vector<unsigned char> read_bytes(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  return std::vector<unsigned char>(std::istreambuf_iterator<char>(in), {});
}

void write_bytes(const std::string &path, const std::vector<unsigned char> &bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char *>(bytes.data()), (std::streamsize)bytes.size());
}
}  // namespace

// ------------------------------------------------------------------------------- creation
static void test_creation(void **) {
  assert_scalar(zeros({}), 0);
  assert_scalar(ones({}, kDouble), 1);
  assert_scalar(full({}, 2.5), 2.5);
  assert_int_equal(empty({}).dim(), 0);
  Tensor s = scalar_tensor(7, kLong);
  assert_true(s.dtype() == kLong);
  assert_scalar(s, 7);
  assert_int_equal(s.item<long>(), 7);
  assert_true(scalar_tensor(1.5).dtype() == kFloat);
  assert_scalar(ones_like(s), 1);
  assert_scalar(zeros_like(scalar_tensor(3.0, kDouble)), 0);
  for (Dtype d : {kFloat, kDouble, kLong, kInt, kShort, kChar, kByte, kBool}) {
    Tensor t = scalar_tensor(1, d);
    assert_true(t.dtype() == d);
    assert_scalar(t, 1);
    assert_scalar(t.to(kDouble), 1);  // conversions keep 0 dimensions
    assert_scalar(t.to(kBool), 1);
    assert_scalar(t.clone(), 1);
  }
  // empty tensors have size {0} (TH's nDimension 0), not {}
  Tensor e = empty({0});
  assert_shape(e, {0});
  assert_int_equal(e.dim(), 1);
  assert_int_equal(e.numel(), 0);
  assert_shape(from_vector(std::vector<float>{}), {0});
  assert_shape(from_blob(nullptr, {0}, kFloat), {0});
  double value = 4.5;
  assert_scalar(from_blob(&value, {}, kDouble), 4.5);
  Tensor wrapped = from_blob(&value, {}, kDouble, /*copy=*/false);
  assert_scalar(wrapped, 4.5);
  wrapped.fill_(1.25);
  assert_close(value, 1.25, 0);
  // the C handle of a scalar is Torch7's one-element 1-D tensor
  assert_int_equal(THDoubleTensor_nDimension(ones({}, kDouble).th<double>()), 1);
}

// ---------------------------------------------------------------------------------- views
static void test_views(void **) {
  Tensor v = arange(1, 4, 1, kDouble);  // {1, 2, 3}
  Tensor s = v.select(0, 1);
  assert_scalar(s, 2);
  assert_scalar(v[2], 3);
  assert_scalar(v.index({-1}), 3);
  s.fill_(20);  // a view: writes through
  assert_values(v, {1, 20, 3});
  assert_scalar(from_vector(std::vector<float>{5}).view({}), 5);
  assert_scalar(ones({1, 1, 1}).reshape({}), 1);
  assert_scalar(ones({1, 1}).squeeze(), 1);
  assert_scalar(ones({1}).squeeze(0), 1);
  assert_scalar(ones({1}).squeeze(-1), 1);
  Tensor x = scalar_tensor(3.0);
  assert_scalar(x.squeeze(), 3);
  assert_scalar(x.squeeze(0), 3);
  assert_shape(x.unsqueeze(0), {1});
  assert_shape(x.unsqueeze(-1), {1});
  assert_shape(x.view({1}), {1});
  assert_shape(x.view({-1}), {1});
  assert_shape(x.reshape({1, 1}), {1, 1});
  assert_shape(x.flatten(), {1});  // as libtorch
  assert_scalar(x.t(), 3);
  assert_scalar(x.transpose(0, -1), 3);
  assert_scalar(x.permute({}), 3);
  assert_scalar(x.contiguous(), 3);
  assert_scalar(x.detach(), 3);
  assert_scalar(x.expand({}), 3);
  Tensor e = x.expand({2, 3});
  assert_shape(e, {2, 3});
  assert_values(e, {3, 3, 3, 3, 3, 3});
  assert_shape(x.expand_as(ones({4})), {4});
  assert_scalar(x.index({None}).squeeze(), 3);
  // index_put_ at an integer index of a 1-D tensor takes a scalar value
  Tensor w = zeros({3});
  w.index_put_({1}, 4.0);
  w.index_put_({2}, scalar_tensor(5.0));
  assert_values(w, {0, 4, 5});
}

// ----------------------------------------------------------------------------- math
static void test_broadcasting_and_math(void **) {
  Tensor a = scalar_tensor(2.0), b = scalar_tensor(3.0);
  assert_scalar(a + b, 5);
  assert_scalar(a - b, -1);
  assert_scalar(a * b, 6);
  assert_scalar(a / b, 2.0 / 3);
  assert_scalar(a.pow(b), 8);
  assert_scalar(a * 4, 8);
  assert_scalar(1 - a, -1);
  assert_scalar(-a, -2);
  assert_scalar(a.exp(), std::exp(2.0));
  assert_scalar(a.sqrt(), std::sqrt(2.0));
  assert_scalar(a.tanh(), std::tanh(2.0));
  assert_scalar(a.sigmoid(), 1 / (1 + std::exp(-2.0)));
  assert_scalar(a.relu(), 2);
  assert_scalar(a.clamp(0, 1), 1);
  assert_scalar(a.pow(2), 4);
  assert_scalar(scalar_tensor(3, kLong).pow(2), 9);
  assert_scalar(a.lt(b), 1);
  assert_true(a.lt(b).dtype() == kBool);
  assert_scalar(a.eq(2), 1);
  assert_scalar(scalar_tensor(2, kLong) + scalar_tensor(0.5, kDouble), 2.5);
  // a scalar broadcasts with any shape; a [1] operand keeps its dimension
  Tensor m = arange(6).view({2, 3});
  assert_shape(m + a, {2, 3});
  assert_values(a * m, {0, 2, 4, 6, 8, 10});
  assert_shape(a + ones({1}), {1});
  assert_shape(ones({1}) * a, {1});
  assert_shape(m.gt(a), {2, 3});
  assert_values(m.gt(a), {0, 0, 0, 1, 1, 1});
  assert_shape(where(scalar_tensor(true, kBool), a, b), {});
  // in place: a scalar keeps its shape, a tensor takes a scalar operand
  Tensor c = scalar_tensor(1.0);
  c.add_(a);
  c.mul_(b);
  c += 1;
  assert_scalar(c, 10);
  Tensor d = zeros({2});
  d.add_(a);
  d.copy_(b);
  assert_values(d, {3, 3});
  assert_throws(c.add_(ones({2})), "does not broadcast to the in-place target of shape []");
  assert_scalar(c, 10);
  assert_true(a.equal(scalar_tensor(2.0)));
  assert_false(a.equal(ones({1}) * 2));  // same value, different shapes
  assert_true(a.allclose(scalar_tensor(2.0 + 1e-9)));
  // the 1-D product is a scalar, as libtorch's dot
  Tensor u = from_vector(std::vector<float>{1, 2, 3});
  assert_scalar(u.matmul(u), 14);
  assert_scalar(matmul(u, u.flip({0})), 10);
}

// -------------------------------------------------------------------------- reductions
static void test_reductions_golden(void **) {
  const GoldenFile &g = goldens();
  Tensor w = from_vector(std::vector<double>{0.5, -1.25, 2.0});
  assert_scalar(w.sum(), g.get("w_sum").item());
  assert_scalar(w.mean(), g.get("w_mean").item());
  assert_scalar(w.max(), g.get("w_max").item());
  assert_scalar(w.min(), g.get("w_min").item());
  assert_scalar(w.var(), g.get("w_var").item());
  assert_scalar(w.std(), g.get("w_std").item());
  assert_scalar(w.norm(), g.get("w_norm").item());
  assert_scalar(w.argmax(), 2);
  assert_scalar(w.argmin(), 1);
  assert_true(w.argmax().dtype() == kLong);
  assert_scalar(arange(0, 4, 1, kLong).sum(), 6);
  assert_scalar(ones({2, 3}, kBool).sum(), 6);
  // a 1-D tensor reduced over its dimension is a scalar; keepdim keeps [1]
  assert_scalar(w.sum(0), 1.25);
  assert_shape(w.sum(0, true), {1});
  assert_scalar(std::get<0>(w.max(0)), 2);
  assert_scalar(std::get<1>(w.min(-1)), 1);
  assert_scalar(w.mean(0), g.get("w_mean").item());
  assert_scalar(w.norm(2, 0), g.get("w_norm").item());
  // a scalar takes dim 0 and -1 and stays a scalar
  Tensor s = scalar_tensor(4.0, kDouble);
  assert_scalar(s.sum(0), 4);
  assert_scalar(s.sum(-1, true), 4);
  assert_scalar(s.mean(0), 4);
  assert_scalar(std::get<0>(s.max(0)), 4);
  assert_scalar(std::get<1>(s.max(0)), 0);
  assert_scalar(s.argmax(), 0);
  assert_scalar(s.sum(), 4);
  assert_scalar(s.norm(), 4);
  assert_scalar(s.cumsum(0), 4);
}

// ------------------------------------------------------------- operations along a dimension
static void test_operations_along_a_dimension(void **) {
  Tensor s = scalar_tensor(2.0);
  assert_scalar(s.index_select(0, from_vector(std::vector<long>{0})), 2);
  assert_scalar(s.gather(-1, scalar_tensor(0, kLong)), 2);
  assert_scalar(std::get<0>(s.sort()), 2);
  assert_scalar(std::get<1>(s.topk(1)), 0);
  assert_scalar(s.softmax(0), 1);
  assert_scalar(s.log_softmax(-1), 0);
  assert_scalar(s.flip({0}), 2);
  assert_scalar(s.roll({1}), 2);
  assert_scalar(s.cumsum(0), 2);
  assert_shape(s.repeat({2, 3}), {2, 3});
  assert_values(one_hot(scalar_tensor(1, kLong), 3), {0, 1, 0});
  assert_shape(s.nonzero(), {1, 1});  // its 1-D view's subscripts
  assert_shape(scalar_tensor(0.0).nonzero(), {0});
  assert_shape(stack({s, s * 2}), {2});
  assert_values(stack({s, s * 2}), {2, 4});
  assert_throws(cat({ones({2}), s}), "cat: tensor 1 is 0-dimensional");
  assert_throws(s.flip({1}), "flip: dimension 1 out of range");
  // gradients flow through them
  Tensor x = scalar_tensor(2.0, kDouble).requires_grad_();
  (x.softmax(0) + x.cumsum(0) * 3 + x.flip({0}) * 5 + std::get<0>(x.sort()) * 7).backward();
  assert_scalar(x.grad(), 15);  // softmax of one element is constant
}

// ----------------------------------------------------------------------------- autograd
static void test_autograd(void **) {
  const GoldenFile &g = goldens();
  Tensor x = scalar_tensor(0.7, kDouble).requires_grad_();
  Tensor w = from_vector(std::vector<double>{0.5, -1.25, 2.0}).requires_grad_();
  Tensor loss = (x * w).pow(2).sum() * x + x.exp() / (1 + x * x) + w.norm() * x.tanh() + w.var() * x +
                w.matmul(w) * x.sigmoid();
  assert_scalar(loss, g.get("loss").item());
  loss.backward();  // the default gradient of a scalar is a scalar 1
  assert_scalar(x.grad(), g.get("x_grad").item());
  assert_shape(w.grad(), {3});
  assert_values(w.grad(), values(g.get("w_grad")));

  // views to and from scalars differentiate
  Tensor v = from_vector(std::vector<double>{1, 2, 3}).requires_grad_();
  (v.select(0, 1) * 5 + v[2].exp()).backward();
  assert_values(v.grad(), {0, 5, std::exp(3.0)});
  Tensor y = scalar_tensor(2.0, kDouble).requires_grad_();
  y.unsqueeze(0).expand({3}).sum().backward();
  assert_scalar(y.grad(), 3);
  assert_throws((scalar_tensor(1.0, kDouble).requires_grad_() * 2).backward(ones({1}, kDouble)),
                "does not match the tensor (Double [])");

  // finite differences through scalars broadcast against tensors, views to and from scalars, reductions
  Tensor c = scalar_tensor(0.3, kDouble).requires_grad_(), d = scalar_tensor(-0.8, kDouble).requires_grad_();
  Tensor m = from_vector(std::vector<double>{0.5, -1.0, 2.0}, {3, 1}).requires_grad_();
  Tensor one = from_vector(std::vector<double>{0.4}, {1, 1}).requires_grad_();
  Tensor v4 = from_vector(std::vector<double>{0.5, -1.0, 2.0, 0.25}).requires_grad_();
  gradcheck([](const tensor_list &in) { return (in[0] * in[1]).sum() * in[0].sigmoid() + in[0].pow(3); }, {c, m});
  gradcheck([](const tensor_list &in) { return in[1] / (in[0] + 2) - in[1].abs().pow(in[0]) + in[0] * in[0]; }, {c, m});
  gradcheck([](const tensor_list &in) { return in[0].squeeze().exp() * in[1] - in[1].unsqueeze(0).max(); }, {one, d});
  gradcheck([](const tensor_list &in) { return in[0].std() * in[0].norm(3) + in[0].mean() + in[0][2]; }, {v4});
}

// ------------------------------------------------------------------------------ printing
static void test_printing(void **) {
  assert_string_equal(scalar_tensor(2.5).toString().c_str(), "torch.FloatTensor of size []");
  assert_string_equal(printed(scalar_tensor(2.5)).c_str(), " 2.5000\n[torch.FloatTensor of size []]");
  assert_string_equal(printed(scalar_tensor(-3, kLong)).c_str(), "-3\n[torch.LongTensor of size []]");
  assert_string_equal(printed(ones({1})).c_str(), " 1\n[torch.FloatTensor of size 1]");
  assert_string_equal(printed(empty({0})).c_str(), "[torch.FloatTensor with no dimension]");
}

// ---------------------------------------------------------------------------- checkpoints
static void test_checkpoints(void **) {
  std::string dir = temp_dir(), path = dir + "/s.ckpt";
  write_records(path, {{"s", scalar_tensor(2.5, kDouble)}, {"e", empty({0}, kLong)}, {"one", ones({1})}});
  auto records = read_records(path);
  assert_int_equal(records.size(), 3);
  assert_scalar(records[0].second, 2.5);
  assert_shape(records[1].second, {0});
  assert_true(records[1].second.dtype() == kLong);
  assert_shape(records[2].second, {1});
  std::vector<unsigned char> b = read_bytes(path);
  uint32_t version;
  std::memcpy(&version, &b[8], 4);
  assert_int_equal(version, 2);
  // record "s": name length 4, 's', dtype 1 (Double), D = 0, then the 8 bytes of the value
  assert_int_equal(b[24 + 4 + 1], 1);
  assert_int_equal(b[24 + 4 + 1 + 1], 0);

  // hand-made files of one record (name "e", Float): D = 0 is an empty tensor in version 1, a scalar
  // (whose 4 bytes are missing here) in version 2; only version 2 has a size 0, and only for D = 1
  std::string old = dir + "/v1.ckpt";
  auto file = [&](uint8_t version, std::vector<unsigned char> dims) {
    std::vector<unsigned char> f = {'E', 'M', 'B', 'E', 'R', 'C', 'K', 'P', version, 0, 0, 0, 1, 0, 0, 0};
    std::vector<unsigned char> record = {1, 0, 0, 0, 'e', 0};
    record.insert(record.end(), dims.begin(), dims.end());
    uint64_t payload = record.size();
    f.insert(f.end(), reinterpret_cast<unsigned char *>(&payload), reinterpret_cast<unsigned char *>(&payload) + 8);
    f.insert(f.end(), record.begin(), record.end());
    uint32_t crc = detail::crc32_in_pieces(0, f.data() + 8, f.size() - 8);
    f.insert(f.end(), reinterpret_cast<unsigned char *>(&crc), reinterpret_cast<unsigned char *>(&crc) + 4);
    write_bytes(old, f);
  };
  const std::vector<unsigned char> d0 = {0}, d1_size0 = {1, 0, 0, 0, 0, 0, 0, 0, 0};
  const std::vector<unsigned char> d2_size0 = {2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  file(1, d0);
  auto old_records = read_records(old);
  assert_int_equal(old_records.size(), 1);
  assert_shape(old_records[0].second, {0});
  file(2, d0);
  assert_throws(read_records(old), "record 0 runs past the payload");
  file(2, d1_size0);
  assert_shape(read_records(old)[0].second, {0});
  file(1, d1_size0);
  assert_throws(read_records(old), "has a size 0");
  file(2, d2_size0);
  assert_throws(read_records(old), "has a size 0");
  std::remove(path.c_str());
  std::remove(old.c_str());
  rmdir(dir.c_str());
}

// -------------------------------------------------------------------------------- errors
static void test_bad_arguments(void **) {
  Tensor s = scalar_tensor(1.5);
  assert_throws(s.size(0), "size: dimension 0 asked of a 0-dimensional tensor");
  assert_throws(s.sum(1), "sum: dimension 1 out of range for a 0-D tensor (expected [-1, 0])");
  assert_throws(s.select(0, 0), "select: cannot select from a 0-dimensional tensor");
  assert_throws(s.narrow(0, 0, 1), "narrow: cannot narrow a 0-dimensional tensor");
  assert_throws(s.unsqueeze(1), "unsqueeze: dimension 1 out of range");
  assert_throws(s.view({2}), "view: shape [2] is invalid for a tensor of 1 elements");
  assert_throws(s.expand({}).expand({2}).view({}), "view: shape [] is invalid for a tensor of 2 elements");
  assert_throws(s.permute({0}), "permute: 1 dimensions given for a 0-D tensor");
  assert_throws(ones({2}).view({}), "view: shape [] is invalid for a tensor of 2 elements");
  assert_throws(ones({2}).requires_grad_().backward(), "only for one-element outputs");
  assert_throws(empty({0}).item(), "item: the tensor has 0 elements, expected 1");
  assert_throws(empty({0}).sum(0), "sum: the tensor is empty");
  // the library still works afterwards
  assert_scalar(s * 2, 3);
}

// ---------------------------------------------------------------------------------- CUDA
static void test_cuda(void **) {
  if (!cuda::is_available()) skip();
  Tensor s = scalar_tensor(2.0, {kFloat, kCUDA});
  assert_true(s.is_cuda());
  assert_scalar(s, 2);
  assert_scalar(s.cpu(), 2);
  assert_scalar(scalar_tensor(2.0).cuda(), 2);
  assert_scalar(s * s + 1, 5);
  assert_scalar(ones({3}, kCUDA).sum(), 3);
  assert_scalar(arange(3).cuda()[1], 1);
  assert_shape(ones({2, 2}, kCUDA) * s, {2, 2});
  assert_scalar(s.to(kDouble), 2);
  assert_scalar(s.gt(1), 1);
  Tensor x = scalar_tensor(0.5, {kDouble, kCUDA}).requires_grad_();
  (x * x).backward();
  assert_scalar(x.grad(), 1);
  assert_true(x.grad().is_cuda());
}

int main() {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_creation),       cmocka_unit_test(test_views),
      cmocka_unit_test(test_broadcasting_and_math), cmocka_unit_test(test_reductions_golden),
      cmocka_unit_test(test_operations_along_a_dimension),
      cmocka_unit_test(test_autograd),       cmocka_unit_test(test_printing),
      cmocka_unit_test(test_checkpoints),    cmocka_unit_test(test_bad_arguments),
      cmocka_unit_test(test_cuda),
  };
  return cmocka_run_group_tests(tests, nullptr, nullptr);
}
