// ember::Tensor: creation, views, broadcasting arithmetic, reductions, products, comparisons,
// conversion, printing, raw handles and errors.
#include "ember_test.hpp"

using namespace ember;

// ------------------------------------------------------------------------------- creation
static void test_creation(void **) {
  Tensor z = zeros({2, 3});
  assert_int_equal(z.dim(), 2);
  assert_shape(z, {2, 3});
  assert_int_equal(z.numel(), 6);
  assert_int_equal(z.size(-1), 3);
  assert_int_equal(z.size(0), 2);
  assert_true(z.dtype() == kFloat);
  assert_true(z.is_contiguous());
  assert_values(z, {0, 0, 0, 0, 0, 0});
  assert_values(ones({2}, kDouble), {1, 1});
  assert_true(ones({2}, kDouble).dtype() == kDouble);
  assert_values(full({3}, 2.5), {2.5, 2.5, 2.5});
  assert_values(arange(4), {0, 1, 2, 3});
  assert_values(arange(1, 2, 0.25, kDouble), {1, 1.25, 1.5, 1.75});
  assert_shape(empty({4, 5}, kDouble), {4, 5});
  assert_int_equal(empty({0}).numel(), 0);  // a size 0 gives an empty tensor, of size {0}
  assert_shape(empty({0}), {0});

  Tensor v = from_vector(std::vector<double>{1, 2, 3, 4, 5, 6}, {2, 3});
  assert_true(v.dtype() == kDouble);
  assert_shape(v, {2, 3});
  assert_values(v, {1, 2, 3, 4, 5, 6});
  assert_shape(from_vector(std::vector<float>{1, 2, 3}), {3});
  assert_close(v.select(1, 2).select(0, 1).item(), 6, 0);
  assert_close(from_vector(std::vector<float>{7.5f}).item<float>(), 7.5, 0);

  Tensor like = zeros_like(v);
  assert_true(like.dtype() == kDouble);
  assert_shape(like, {2, 3});
  assert_values(ones_like(v), {1, 1, 1, 1, 1, 1});
  assert_values(full_like(v, -1), {-1, -1, -1, -1, -1, -1});
  assert_shape(empty_like(v), {2, 3});
}

static void test_from_blob(void **) {
  double buf[6] = {1, 2, 3, 4, 5, 6};
  Tensor copied = from_blob(buf, {2, 3}, kDouble);
  Tensor wrapped = from_blob(buf, {3, 2}, kDouble, false);
  buf[0] = 100;
  assert_close(copied.data<double>()[0], 1, 0);  // a copy
  assert_close(wrapped.data<double>()[0], 100, 0);  // the same memory
  wrapped.select(1, 1).fill_(0);  // writes through to buf
  assert_close(buf[1], 0, 0);
  assert_close(buf[3], 0, 0);
  assert_close(buf[5], 0, 0);
  assert_close(buf[4], 5, 0);
  Tensor w2 = wrapped;  // a copy of a wrapping tensor; buf is not freed by anyone (ASan checks)
  assert_true(w2.data<double>() == buf);
  assert_throws(from_blob(nullptr, {2}, kFloat), "NULL");
  assert_throws(from_vector(std::vector<float>{1, 2, 3}, {2, 2}), "do not fill");
}

static void test_random(void **) {
  manual_seed(123);
  Tensor a = rand({1000});
  Tensor b = randn({2000}, kDouble);
  manual_seed(123);
  Tensor a2 = rand({1000});
  assert_true(a.equal(a2));  // the same seed gives the same sequence
  assert_false(a.equal(rand({1000})));
  assert_true(a.min().item() >= 0);
  assert_true(a.max().item() < 1);
  assert_close(a.mean().item(), 0.5, 0.1);
  assert_close(b.mean().item(), 0, 0.1);
  assert_close(b.std().item(), 1, 0.1);
  Tensor u = zeros({500}, kDouble).uniform_(-2, -1);
  assert_true(u.min().item() >= -2 && u.max().item() < -1);
  Tensor n = zeros({2000}, kDouble).normal_(10, 0.5);
  assert_close(n.mean().item(), 10, 0.01);
}

// ----------------------------------------------------------------------------------- views
static void test_views_share_storage(void **) {
  Tensor base = arange(12, kDouble);
  Tensor m = base.view({3, 4});
  assert_shape(m, {3, 4});
  assert_shape(base.view({-1, 6}), {2, 6});
  m.select(1, 2).fill_(-1);  // column 2
  assert_values(base, {0, 1, -1, 3, 4, 5, -1, 7, 8, 9, -1, 11});

  Tensor t = m.t();
  assert_shape(t, {4, 3});
  assert_false(t.is_contiguous());
  assert_values(t[1], {1, 5, 9});
  assert_close(t[0][2].item(), 8, 0);

  Tensor n = m.narrow(1, 1, 2);  // columns 1..2
  assert_shape(n, {3, 2});
  assert_values(n, {1, -1, 5, -1, 9, -1});
  n.zero_();
  assert_values(base, {0, 0, 0, 3, 4, 0, 0, 7, 8, 0, 0, 11});

  Tensor p = arange(24).view({2, 3, 4}).permute({2, 0, 1});
  assert_shape(p, {4, 2, 3});
  assert_close(p[3][1][2].item(), 1 * 12 + 2 * 4 + 3, 0);  // element (1, 2, 3) of the original
  assert_shape(arange(24).view({2, 3, 4}).transpose(0, 2), {4, 3, 2});
  assert_shape(m.unsqueeze(0), {1, 3, 4});
  assert_shape(m.unsqueeze(-1), {3, 4, 1});
  assert_shape(m.unsqueeze(1).squeeze(1), {3, 4});
  assert_shape(zeros({1, 3, 1, 2}).squeeze(), {3, 2});
  assert_shape(zeros({1, 1}).squeeze(), {});  // one element squeezes to 0-dimensional
  assert_shape(zeros({1, 3}).squeeze(1), {1, 3});  // not of size 1: unchanged
  assert_shape(zeros({2, 3, 4, 5}).flatten(), {120});
  assert_shape(zeros({2, 3, 4, 5}).flatten(1), {2, 60});
  assert_shape(zeros({2, 3, 4, 5}).flatten(1, 2), {2, 12, 5});
  assert_shape(t.reshape({12}), {12});  // a copy: t is not contiguous
  assert_values(t.reshape({12}), {0, 4, 8, 0, 0, 0, 0, 0, 0, 3, 7, 11});
  assert_throws(t.view({12}), "not contiguous");

  Tensor row = from_vector(std::vector<double>{1, 2, 3});
  Tensor e = row.expand({2, 3});
  assert_shape(e, {2, 3});
  assert_int_equal(e.strides()[0], 0);
  assert_values(e, {1, 2, 3, 1, 2, 3});
  assert_values(from_vector(std::vector<double>{1, 2}, {2, 1}).expand({-1, 3}), {1, 1, 1, 2, 2, 2});
  assert_throws(row.expand({2, 4}), "cannot be expanded");

  Tensor c = t.contiguous();
  assert_true(c.is_contiguous());
  assert_values(c, values(t));
  assert_true(m.contiguous().is_same(m));
  Tensor cl = m.clone();
  cl.fill_(7);
  assert_close(m[0][0].item(), 0, 0);  // a clone does not share
  assert_values(arange(3)[1], {1});  // select on a 1-D tensor gives a 0-dimensional tensor
  assert_shape(arange(3)[1], {});
}

static void test_version_counter(void **) {
  Tensor a = zeros({2, 2});
  Tensor v = a.view({4});
  uint64_t v0 = a.version();
  v.add_(1);
  assert_int_equal(a.version(), v0 + 1);  // shared by views
  a[0].mul_(2);
  assert_int_equal(v.version(), v0 + 2);
  assert_int_equal(zeros({2}).version(), 0);
  Tensor d = a.detach();
  d.zero_();
  assert_int_equal(a.version(), v0 + 3);  // detach shares data and version
  assert_values(a, {0, 0, 0, 0});
}

// ----------------------------------------------------------------------------- arithmetic
static void test_broadcasting(void **) {
  Tensor m = from_vector(std::vector<double>{1, 2, 3, 4, 5, 6}, {2, 3});
  Tensor row = from_vector(std::vector<double>{10, 20, 30});
  Tensor col = from_vector(std::vector<double>{100, 200}, {2, 1});
  Tensor r = m + row;
  assert_shape(r, {2, 3});
  assert_values(r, {11, 22, 33, 14, 25, 36});
  assert_values(m - col, {-99, -98, -97, -196, -195, -194});
  Tensor outer = col * row.unsqueeze(0);  // [2,1] * [1,3] -> [2,3]
  assert_shape(outer, {2, 3});
  assert_values(outer, {1000, 2000, 3000, 2000, 4000, 6000});
  assert_values(row / from_vector(std::vector<double>{10}), {1, 2, 3});
  Tensor big = zeros({4, 1, 3}, kDouble) + col;  // [4,1,3] + [2,1] -> [4,2,3]
  assert_shape(big, {4, 2, 3});
  assert_close(big.sum().item(), 4 * 3 * 300, 0);
  assert_true(broadcast_shapes({5, 1, 4}, {3, 1}) == Shape({5, 3, 4}));
  assert_throws(m + from_vector(std::vector<double>{1, 2}), "do not broadcast");
  assert_throws(broadcast_shapes({2, 3}, {4, 3}), "[2 x 3] and [4 x 3]");
  // non-contiguous operands
  assert_values(m.t() + m.t(), {2, 8, 4, 10, 6, 12});
}

static void test_scalar_and_unary(void **) {
  Tensor x = from_vector(std::vector<double>{-2, -0.5, 0.25, 4});
  assert_values(x + 1, {-1, 0.5, 1.25, 5});
  assert_values(x - 1, {-3, -1.5, -0.75, 3});
  assert_values(x * 2, {-4, -1, 0.5, 8});
  assert_values(x / 4, {-0.5, -0.125, 0.0625, 1});
  assert_values(1 - x, {3, 1.5, 0.75, -3});
  assert_values(2 * x, {-4, -1, 0.5, 8});
  assert_values(1 / x, {-0.5, -2, 4, 0.25});
  assert_values(3 + x, {1, 2.5, 3.25, 7});
  assert_values(-x, {2, 0.5, -0.25, -4});
  assert_values(x.abs(), {2, 0.5, 0.25, 4});
  assert_values(x.relu(), {0, 0, 0.25, 4});
  assert_values(x.clamp(-1, 1), {-1, -0.5, 0.25, 1});
  assert_values(x.clamp(-INFINITY, 0), {-2, -0.5, 0, 0});
  assert_values(x.sign(), {-1, -1, 1, 1});
  assert_values(x.pow(2), {4, 0.25, 0.0625, 16});
  assert_values(x.abs().sqrt(), {std::sqrt(2.0), std::sqrt(0.5), 0.5, 2});
  assert_values(x.exp(), {std::exp(-2.0), std::exp(-0.5), std::exp(0.25), std::exp(4.0)});
  assert_values(x.abs().log(), {std::log(2.0), std::log(0.5), std::log(0.25), std::log(4.0)});
  assert_values(x.tanh(), {std::tanh(-2.0), std::tanh(-0.5), std::tanh(0.25), std::tanh(4.0)});
  assert_values(x.sigmoid(), {1 / (1 + std::exp(2.0)), 1 / (1 + std::exp(0.5)), 1 / (1 + std::exp(-0.25)),
                              1 / (1 + std::exp(-4.0))});
  Tensor e = from_vector(std::vector<double>{2, 3, 0.5, 0});
  assert_values(x.abs().pow(e), {4, 0.125, 0.5, 1});
  assert_throws(x.clamp(1, -1), "greater than max");
}

static void test_in_place(void **) {
  Tensor a = ones({2, 3}, kDouble);
  Tensor row = from_vector(std::vector<double>{1, 2, 3});
  a.add_(row, 2);  // 1 + 2 * row
  assert_values(a, {3, 5, 7, 3, 5, 7});
  a.sub_(row);
  assert_values(a, {2, 3, 4, 2, 3, 4});
  a.mul_(row);
  assert_values(a, {2, 6, 12, 2, 6, 12});
  a.div_(row);
  assert_values(a, {2, 3, 4, 2, 3, 4});
  a += 1;
  a *= 2;
  a -= 2;
  a /= 2;
  assert_values(a, {2, 3, 4, 2, 3, 4});
  a += a;  // aliasing operand
  assert_values(a, {4, 6, 8, 4, 6, 8});
  a.fill_(5).zero_();
  assert_values(a, {0, 0, 0, 0, 0, 0});
  a.copy_(row);  // broadcast
  assert_values(a, {1, 2, 3, 1, 2, 3});
  a.copy_(from_vector(std::vector<float>{9, 8, 7, 6, 5, 4}, {2, 3}));  // Float into Double
  assert_values(a, {9, 8, 7, 6, 5, 4});
  a.t().narrow(0, 0, 1).fill_(0);  // through a view
  assert_values(a, {0, 8, 7, 0, 5, 4});
  assert_throws(row.add_(a), "does not broadcast to the in-place target");
  a.add_(ones({2, 3}));  // a Float operand is computed in Double
  assert_values(a, {1, 9, 8, 1, 6, 5});
  assert_throws(zeros({2, 3}, kLong).add_(a), "add_: result type Double can't be cast to the desired output type Long");
}

// ----------------------------------------------------------------------------- reductions
static void test_reductions(void **) {
  Tensor m = from_vector(std::vector<double>{1, 5, 3, 4, 2, 6}, {2, 3});
  assert_values(m.sum(), {21});
  assert_shape(m.sum(), {});
  assert_values(m.sum(0), {5, 7, 9});
  assert_shape(m.sum(1, true), {2, 1});
  assert_values(m.sum(-1, true), {9, 12});
  assert_values(arange(4).sum(0), {6});  // a reduction to one value is 0-dimensional
  assert_shape(arange(4).sum(0), {});
  assert_values(m.mean(), {3.5});
  assert_values(m.mean(1), {3, 4});
  assert_values(m.max(), {6});
  assert_values(m.min(), {1});
  auto [mx, imx] = m.max(1);
  assert_values(mx, {5, 6});
  assert_values(imx, {1, 2});  // 0-based
  assert_true(imx.dtype() == kLong);
  auto [mn, imn] = m.min(0, true);
  assert_shape(mn, {1, 3});
  assert_values(mn, {1, 2, 3});
  assert_values(imn, {0, 1, 0});
  assert_values(m.argmax(), {5});
  assert_values(m.argmin(), {0});
  assert_values(m.argmax(0), {1, 0, 1});
  assert_values(m.argmin(1, true), {0, 1});

  Tensor x = from_vector(std::vector<double>{1, 2, 3, 4});
  assert_values(x.var(), {5.0 / 3});  // squared deviations 2.25 + 0.25 + 0.25 + 2.25 = 5
  assert_values(x.var(false), {1.25});
  assert_values(x.std(), {std::sqrt(5.0 / 3)});
  assert_values(x.view({2, 2}).var(1), {0.5, 0.5});
  assert_values(x.view({2, 2}).std(0, false), {1, 1});
  Tensor v = from_vector(std::vector<double>{3, -4});
  assert_values(v.norm(), {5});
  assert_values(v.norm(1), {7});
  assert_values(v.norm(3), {std::cbrt(27.0 + 64.0)});
  assert_values(from_vector(std::vector<double>{3, 4, 6, 8}, {2, 2}).norm(2, 1), {5, 10});
  assert_throws(m.sum(2), "out of range");
  assert_throws(m.sum(-3), "out of range");
  assert_throws(empty({0}).max(), "empty");
}

static void test_matmul(void **) {
  Tensor a = from_vector(std::vector<double>{1, 2, 3, 4, 5, 6}, {2, 3});
  Tensor b = from_vector(std::vector<double>{7, 8, 9, 10, 11, 12}, {3, 2});
  Tensor c = a.matmul(b);
  assert_shape(c, {2, 2});
  assert_values(c, {58, 64, 139, 154});
  assert_values(b.t().matmul(a.t()), {58, 139, 64, 154});  // transposed (non-contiguous) inputs
  Tensor v = from_vector(std::vector<double>{1, 0, -1});
  assert_values(a.matmul(v), {-2, -2});
  assert_shape(a.matmul(v), {2});
  assert_values(v.matmul(b), {-4, -4});
  assert_values(v.matmul(v), {2});
  Tensor batch = arange(12, kDouble).view({2, 2, 3});  // [[0 1 2][3 4 5]], [[6 7 8][9 10 11]]
  Tensor bb = batch.matmul(b);
  assert_shape(bb, {2, 2, 2});
  assert_values(bb, {31, 34, 112, 124, 193, 214, 274, 304});
  assert_values(batch.bmm(batch.transpose(1, 2)), {5, 14, 14, 50, 149, 212, 212, 302});
  assert_values(a.matmul(batch.transpose(1, 2)), {8, 26, 17, 62, 44, 62, 107, 152});
  assert_values(batch.matmul(v), {-2, -2, -2, -2});
  assert_throws(a.matmul(a), "size mismatch");
  assert_throws(a.mm(v), "expected 2-D");
  assert_throws(a.matmul(zeros({3, 2})), "dtype mismatch");
}

static void test_comparisons(void **) {
  Tensor a = from_vector(std::vector<float>{1, 2, 3, 4}, {2, 2});
  Tensor row = from_vector(std::vector<float>{2, 2});
  assert_values(a.eq(row), {0, 1, 0, 0});
  assert_values(a.ne(row), {1, 0, 1, 1});
  assert_values(a.lt(row), {1, 0, 0, 0});
  assert_values(a.le(row), {1, 1, 0, 0});
  assert_values(a.gt(row), {0, 0, 1, 1});
  assert_values(a.ge(row), {0, 1, 1, 1});
  assert_shape(a.eq(row), {2, 2});
  assert_true(a.eq(row).dtype() == kBool);
  assert_values(a.gt(2.5), {0, 0, 1, 1});
  assert_values(a.eq(4), {0, 0, 0, 1});
  assert_true(a.equal(a.clone()));
  assert_false(a.equal(a.view({4})));
  assert_false(a.equal(a + 1));
  assert_true(a.allclose(a + 1e-7));
  assert_false(a.allclose(a + 1e-3));
  assert_true(a.allclose(a + 1e-3, 0, 1e-2));
  Tensor nan = from_vector(std::vector<float>{NAN});
  assert_false(nan.allclose(nan));
}

static void test_dtype_conversion(void **) {
  Tensor f = from_vector(std::vector<float>{0.5f, -1.5f, 3});
  Tensor d = f.to(kDouble);
  assert_true(d.dtype() == kDouble);
  assert_values(d, {0.5, -1.5, 3});
  assert_true(f.to(kFloat).is_same(f));
  Tensor back = from_vector(std::vector<double>{1.0 / 3}).to(kFloat);
  assert_close(back.item<float>(), (float)(1.0 / 3), 0);
  assert_values(f.t().to(kDouble), {0.5, -1.5, 3});
  assert_throws(f.data<double>(), "Float");
  assert_throws(f.th_double(), "Float");
  assert_true((f + d).dtype() == kDouble);  // promoted
  assert_values(f + d, {1, -3, 6});
}

// ------------------------------------------------------------------------------- printing
static void test_printing(void **) {
  assert_string_equal(printed(ones({2, 3})).c_str(), " 1  1  1\n 1  1  1\n[torch.FloatTensor of size 2x3]");
  assert_string_equal(printed(from_vector(std::vector<double>{0.5, -1.25, 2, 3}, {2, 2})).c_str(),
                      " 0.5000 -1.2500\n 2.0000  3.0000\n[torch.DoubleTensor of size 2x2]");
  assert_string_equal(printed(arange(3)).c_str(), " 0\n 1\n 2\n[torch.FloatTensor of size 3]");
  assert_string_equal(printed(arange(-12, 120, 60)).c_str(), " -12\n  48\n 108\n[torch.FloatTensor of size 3]");
  assert_string_equal(printed(arange(8).view({2, 2, 2})).c_str(),
                      "(1,.,.) = \n 0  1\n 2  3\n\n(2,.,.) = \n 4  5\n 6  7\n\n[torch.FloatTensor of size 2x2x2]");
  assert_string_equal(printed(from_vector(std::vector<double>{1e-5, 2e-5})).c_str(),
                      " 1.0000e-05\n 2.0000e-05\n[torch.DoubleTensor of size 2]");
  assert_string_equal(printed(empty({0})).c_str(), "[torch.FloatTensor with no dimension]");
  assert_string_equal(printed(Tensor()).c_str(), "[undefined Tensor]");
  // big tensors: 3 rows and columns from each end
  std::string big = printed(zeros({100, 100}));
  assert_true(big.rfind(" 0  0  0 ...  0  0  0\n", 0) == 0);
  assert_true(big.find(" ...\n") != std::string::npos);
  assert_true(big.size() < 400);
  assert_true(big.find("[torch.FloatTensor of size 100x100]") != std::string::npos);
  assert_string_equal(printed(ones({2, 3}).t()).c_str(), " 1  1\n 1  1\n 1  1\n[torch.FloatTensor of size 3x2]");
}

// ------------------------------------------------------------------------ raw handles, errors
static void test_raw_handles(void **) {
  THFloatTensor *raw = THFloatTensor_newWithSize2d(2, 2);
  THFloatTensor_fill(raw, 3);
  {
    Tensor shared = Tensor::wrap(raw);  // retains
    assert_int_equal(raw->refcount, 2);
    assert_true(shared.th_float() == raw);
    Tensor copy = shared;  // a Tensor copy shares the handle without another TH reference
    assert_int_equal(raw->refcount, 2);
    assert_values(copy, {3, 3, 3, 3});
  }
  assert_int_equal(raw->refcount, 1);
  Tensor owner = Tensor::adopt(raw);  // takes over our reference: freed with `owner`
  assert_int_equal(raw->refcount, 1);
  THDoubleTensor *rawd = THDoubleTensor_newWithSize1d(3);
  Tensor d = Tensor::adopt(rawd);
  d.fill_(1);
  THDoubleTensor_mul(d.th_double(), d.th_double(), 4);  // mixing in the C API
  assert_values(d, {4, 4, 4});
  assert_throws(Tensor::adopt((THFloatTensor *)nullptr), "NULL");
}

// Raw TH calls are the caller's own and run under the thread's TH handlers (TH's default prints and
// aborts); the tests below that call TH directly install throwing ones for the scope.
struct ThrowingTHHandlers {
  ThrowingTHHandlers() {
    THSetErrorHandler([](const char *msg, void *) { throw ember::Error(msg); }, nullptr);
    THSetArgErrorHandler(
        [](int arg, const char *msg, void *) { throw ember::Error("invalid argument " + std::to_string(arg) + ": " + msg); },
        nullptr);
  }
  ~ThrowingTHHandlers() {
    THSetErrorHandler(nullptr, nullptr);
    THSetArgErrorHandler(nullptr, nullptr);
  }
};

static void test_errors(void **) {
  Tensor u;
  assert_false(u.defined());
  assert_throws(u.dim(), "undefined");
  assert_throws(u + ones({1}), "undefined");
  assert_throws(ones({1}) + u, "undefined");
  assert_throws(u.sum(), "undefined");
  Tensor m = zeros({2, 3});
  assert_throws(m.size(2), "dimension 2 out of range for a 2-D tensor");
  assert_throws(m.transpose(0, 5), "out of range");
  assert_throws(m.narrow(1, 2, 2), "out of range");
  assert_throws(m.select(0, 2), "index 2 out of range");
  assert_throws(m.view({4, 2}), "invalid for a tensor of 6 elements");
  assert_throws(m.view({-1, -1}), "only one size may be -1");
  assert_throws(m.permute({0, 0}), "repeated");
  assert_throws(m.item(), "6 elements");
  assert_throws(zeros({-1}), "negative size");
  assert_throws(m.norm(0), "positive");
  // An error raised inside TH itself surfaces as ember::Error, and everything keeps working.
  Tensor a = zeros({2, 3}), b = zeros({2, 3}), r = zeros({2, 2});
  {
    ThrowingTHHandlers raw;
    assert_throws(THFloatTensor_addmm(r.th_float(), 0, r.th_float(), 1, a.th_float(), b.th_float()), "size mismatch");
  }
  assert_throws(arange(0, 10, -1), "arange");
  for (int i = 0; i < 3; i++) assert_throws(arange(0, 10, 0), "step must be non-zero");
  assert_values(ones({2, 3}).matmul(ones({3, 1})), {3, 3});
  assert_values(arange(0, 3, 1, kDouble), {0, 1, 2});
}

// A NULL handle given to the C API (what a failed guarded call hands back) throws, naming the
// function and the argument, and leaves the other arguments as they were.
static void test_null_handles(void **) {
  ThrowingTHHandlers raw;
  Tensor t = full({2, 2}, 5);
  assert_throws(THFloatTensor_copy(t.th_float(), nullptr),
                "invalid argument 2: THFloatTensor_copy: src is NULL (expected a THFloatTensor)");
  assert_throws(THFloatTensor_addmm(t.th_float(), 1, t.th_float(), 1, nullptr, t.th_float()),
                "invalid argument 5: THFloatTensor_addmm: mat1 is NULL (expected a THFloatTensor)");
  assert_throws(THDoubleTensor_nElement(nullptr),
                "invalid argument 1: THDoubleTensor_nElement: self is NULL (expected a THDoubleTensor)");
  assert_throws(THFloatStorage_data(nullptr),
                "invalid argument 1: THFloatStorage_data: argument 1 is NULL (expected a THFloatStorage)");
  assert_throws(THFloatTensor_random(t.th_float(), nullptr),
                "invalid argument 2: THFloatTensor_random: _generator is NULL (expected a THGenerator)");
  assert_int_equal(t.th_float()->refcount, 1);
  assert_values(t, {5, 5, 5, 5});
  assert_values(t + 1, {6, 6, 6, 6});
}

// Hostile sizes (issue 10): a shape whose element count, extent or byte count overflows, or that
// cannot be allocated, is an ember::Error (Torch7's arithmetic wrapped: zeros({4, 2^62 + 1}) got
// a 16-byte storage), and everything keeps working.
static void test_hostile_sizes(void **) {
  assert_throws(zeros({4, (1L << 62) + 1}), "a tensor of size [4 x 4611686018427387905]");
  assert_throws(empty({1L << 40, 1L << 40}), "overflows");
  assert_throws(zeros({1L << 23, 1L << 23}), "out of memory: could not allocate 281474976710656 bytes");
  assert_throws(zeros({1L << 62}, kDouble), "4611686018427387904 elements of 8 bytes overflow");
  // (2^62 + 3) * 4 wraps around to 12.
  Tensor t = arange(0, 12);
  assert_throws(t.view({(1L << 62) + 3, 4}), "view: the shape [4611686018427387907 x 4] has more elements than a long");
  assert_throws(t.reshape({-1, 1L << 32, 1L << 32}), "has more elements than a long can count");
  assert_throws(from_vector(std::vector<float>(12, 1.0f), {(1L << 62) + 3, 4}), "has more elements than a long");
  float blob[12] = {0};
  assert_throws(from_blob(blob, {(1L << 62) + 3, 4}, kFloat, false), "from_blob: the shape");
  assert_throws(ones({1}).expand({1L << 62, 1L << 62}), "overflows");
  assert_values(t.view({3, 4}).sum(), {66});
  assert_values(ones({1}).expand({1L << 31, 1L << 31}).narrow(0, 5, 2).narrow(1, 7, 3).sum(), {6});
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_creation),       cmocka_unit_test(test_from_blob),
      cmocka_unit_test(test_random),         cmocka_unit_test(test_views_share_storage),
      cmocka_unit_test(test_version_counter), cmocka_unit_test(test_broadcasting),
      cmocka_unit_test(test_scalar_and_unary), cmocka_unit_test(test_in_place),
      cmocka_unit_test(test_reductions),     cmocka_unit_test(test_matmul),
      cmocka_unit_test(test_comparisons),    cmocka_unit_test(test_dtype_conversion),
      cmocka_unit_test(test_printing),       cmocka_unit_test(test_raw_handles),
      cmocka_unit_test(test_errors),         cmocka_unit_test(test_null_handles),
      cmocka_unit_test(test_hostile_sizes),
  };
  return cmocka_run_group_tests(tests, nullptr, nullptr);
}
