// Integral and Bool dtypes through the tensor layer: creation, conversions, promotion (against
// torch 1.13's promote_types), integer arithmetic and reductions, Long indices, autograd across
// dtypes, printing, checkpoints and IDX files, and the errors of what needs floating point.
#include "ember_test.hpp"

#include <unistd.h>

#include <climits>
#include <cstdio>

using namespace ember;

namespace {
const std::vector<Dtype> kAll = {kFloat, kDouble, kLong, kInt, kShort, kChar, kByte, kBool};

std::string temp_dir() {
  char tmpl[] = "/tmp/ember_dtypes_XXXXXX";
  assert_non_null(mkdtemp(tmpl));
  return tmpl;
}
}  // namespace

// ------------------------------------------------------------------------------- creation
static void test_creation(void **) {
  const std::vector<size_t> widths = {4, 8, 8, 4, 2, 1, 1, 1};
  const std::vector<std::string> names = {"Float", "Double", "Long", "Int", "Short", "Char", "Byte", "Bool"};
  for (size_t i = 0; i < kAll.size(); i++) {
    Dtype d = kAll[i];
    assert_int_equal(element_size(d), widths[i]);
    assert_string_equal(dtype_name(d), names[i].c_str());
    Tensor z = zeros({2, 3}, d), o = ones({2, 3}, d), f = full({2}, 1, d), e = empty({4}, d);
    assert_true(z.dtype() == d && o.dtype() == d && f.dtype() == d && e.dtype() == d);
    assert_values(z, {0, 0, 0, 0, 0, 0});
    assert_values(o, {1, 1, 1, 1, 1, 1});
    assert_string_equal(z.toString().c_str(), ("torch." + names[i] + "Tensor of size 2x3").c_str());
    assert_int_equal(o.sum().item<long>(), 6);
    assert_true(zeros_like(o).dtype() == d);
  }
  assert_values(arange(0, 4, 1, kLong), {0, 1, 2, 3});
  assert_values(full({3}, 7, kInt), {7, 7, 7});
  assert_values(full({2}, 0.5, kBool), {1, 1});  // != 0
  assert_true(is_integral(kLong) && !is_integral(kBool) && is_integral(kBool, true) && !is_integral(kFloat));
}

static void test_item_and_data(void **) {
  const long big = (1L << 40) + 1;  // not a float, exact as a Long
  Tensor l = from_vector(std::vector<long>{big, -3});
  assert_true(l.dtype() == kLong);
  assert_true(l[0].item<long>() == big);
  assert_true(l.data<long>()[1] == -3);
  Tensor i = from_vector(std::vector<int>{INT_MAX, INT_MIN});
  assert_true(i.dtype() == kInt);
  assert_int_equal(i[0].item<int>(), INT_MAX);
  assert_true(i.data<int>()[1] == INT_MIN);
  Tensor b = from_vector(std::vector<bool>{true, false, true});
  assert_true(b.dtype() == kBool);
  assert_true(b[0].item<bool>() && !b[1].item<bool>());
  assert_true(b.data<bool>()[2]);
  assert_int_equal(b[2].item<int>(), 1);
  Tensor c = full({1}, -5, kChar);
  assert_int_equal(c.item<int>(), -5);
  assert_int_equal(full({1}, 250, kByte).item<int>(), 250);
  assert_throws(l.data<float>(), "data<Float>: the tensor is Long");
  assert_throws(b.data<unsigned char>(), "data<Byte>: the tensor is Bool");
  assert_throws(l.item<long>(), "item: the tensor has 2 elements, expected 1");
}

// ---------------------------------------------------------------------------- conversions
static void test_conversions(void **) {
  // Values every dtype holds: each to every other keeps them (Bool: != 0).
  for (Dtype from : kAll)
    for (Dtype to : kAll) {
      Tensor src = from == kBool ? from_vector(std::vector<bool>{false, true, true}) : arange(0, 3, 1, from);
      Tensor r = src.to(to);
      assert_true(r.dtype() == to);
      if (to == kBool || from == kBool) assert_values(r, {0, 1, 1});
      else assert_values(r, {0, 1, 2});
      assert_values(r.to(from), from == kBool || to == kBool ? std::vector<double>{0, 1, 1} : std::vector<double>{0, 1, 2});
    }
  Tensor f = from_vector(std::vector<float>{-1.7f, 2.9f, 0.4f, 0});
  assert_values(f.to(kLong), {-1, 2, 0, 0});  // truncated toward zero
  assert_values(f.to(kInt), {-1, 2, 0, 0});
  assert_values(f.to(kChar), {-1, 2, 0, 0});
  assert_values(f.to(kBool), {1, 1, 1, 0});  // 0.4 is true
  assert_values(from_vector(std::vector<long>{300, -1}).to(kByte), {44, 255});  // wraps around as C converts
  assert_values(from_vector(std::vector<long>{(1L << 40) + 1}).to(kDouble), {1099511627777.0}, 0);
  // copy_ converts any pair, through views too.
  for (Dtype d : kAll) {
    Tensor dst = zeros({2, 2}, d);
    dst.copy_(from_vector(std::vector<double>{0, 0.5, 2, 0}, {2, 2}));
    assert_values(dst, d == kBool ? std::vector<double>{0, 1, 1, 0}
                                  : is_floating_point(d) ? std::vector<double>{0, 0.5, 2, 0} : std::vector<double>{0, 0, 2, 0});
  }
  Tensor l = zeros({2, 3}, kLong);
  l.t().narrow(0, 1, 1).copy_(from_vector(std::vector<bool>{true, false}));
  assert_values(l, {0, 1, 0, 0, 0, 0});
}

// ------------------------------------------------------------------------------ promotion
static void test_promotion(void **) {
  // torch 1.13's torch.promote_types over (kAll x kAll), printed by /usr/bin/python3.
  const std::vector<std::vector<Dtype>> torch_table = {
      {kFloat, kDouble, kFloat, kFloat, kFloat, kFloat, kFloat, kFloat},
      {kDouble, kDouble, kDouble, kDouble, kDouble, kDouble, kDouble, kDouble},
      {kFloat, kDouble, kLong, kLong, kLong, kLong, kLong, kLong},
      {kFloat, kDouble, kLong, kInt, kInt, kInt, kInt, kInt},
      {kFloat, kDouble, kLong, kInt, kShort, kShort, kShort, kShort},
      {kFloat, kDouble, kLong, kInt, kShort, kChar, kShort, kChar},
      {kFloat, kDouble, kLong, kInt, kShort, kShort, kByte, kByte},
      {kFloat, kDouble, kLong, kInt, kShort, kChar, kByte, kBool},
  };
  for (size_t i = 0; i < kAll.size(); i++)
    for (size_t j = 0; j < kAll.size(); j++) {
      Dtype expected = torch_table[i][j];
      if (promote_types(kAll[i], kAll[j]) != expected)
        fail_msg("promote_types(%s, %s) is %s, torch gives %s", dtype_name(kAll[i]), dtype_name(kAll[j]),
                 dtype_name(promote_types(kAll[i], kAll[j])), dtype_name(expected));
      Tensor a = ones({2}, kAll[i]), b = ones({2}, kAll[j]);
      assert_true((a * b).dtype() == expected);
      assert_true(a.eq(b).dtype() == kBool);
      assert_true((a / b).dtype() == (is_floating_point(expected) ? expected : kFloat));
    }
  // Scalars weigh in only when their kind is above the tensor's (torch 1.13's results).
  Tensor l = from_vector(std::vector<long>{1, -2, 3});
  assert_true((l + 1).dtype() == kLong);
  assert_true((l + 1.5).dtype() == kFloat);
  assert_values(l + 1.5, {2.5, -0.5, 4.5});
  assert_true((2 - l).dtype() == kLong);
  assert_values(2 - l, {1, 4, -1});
  assert_true((l * 2).dtype() == kLong);
  assert_true((l / 2).dtype() == kFloat);
  assert_values(l / 2, {0.5, -1, 1.5});
  assert_values(2 / l, {2, -1, 2.0 / 3});
  Tensor b = from_vector(std::vector<bool>{true, false});
  assert_true((b + 1).dtype() == kLong);
  assert_true((b + 1.5).dtype() == kFloat);
  assert_true((b + true).dtype() == kBool);
  assert_true((ones({1}, kInt) * 2.5).dtype() == kFloat);
  assert_true((ones({1}, kDouble) * 2.5).dtype() == kDouble);
  assert_true((ones({1}, kFloat) + 1).dtype() == kFloat);
  assert_true((ones({1}, kInt) * 2).dtype() == kInt);
  assert_values(ones({1}, kByte) + -1, {0});  // stays Byte (wraps)
  assert_true(result_type(l, Scalar(1.5)) == kFloat && result_type(l, Scalar(1)) == kLong);
  assert_true(result_type(ones({1}, kByte), ones({1}, kChar)) == kShort);
  assert_true(can_cast(kInt, kLong) && can_cast(kLong, kInt) && can_cast(kDouble, kFloat) && can_cast(kBool, kByte));
  assert_false(can_cast(kFloat, kLong) || can_cast(kLong, kBool) || can_cast(kDouble, kByte));
}

// ----------------------------------------------------------------------- integer arithmetic
static void test_integer_arithmetic(void **) {
  Tensor a = from_vector(std::vector<long>{7, -8, 9}), b = from_vector(std::vector<long>{2, 3, -4});
  assert_values(a + b, {9, -5, 5});
  assert_values(a - b, {5, -11, 13});
  assert_values(a * b, {14, -24, -36});
  assert_values(a / b, {3.5, -8.0 / 3, -2.25});
  assert_values(-a, {-7, 8, -9});
  assert_values(a.abs(), {7, 8, 9});
  assert_values(a.sign(), {1, -1, 1});
  assert_true(a.clamp(-1, 8).dtype() == kLong);
  assert_values(a.clamp(-1, 8), {7, -1, 8});
  assert_true(a.clamp(0, INFINITY).dtype() == kLong);  // an infinite bound does not promote
  assert_true(a.clamp(0.5, 2.5).dtype() == kFloat);
  assert_values(a.clamp(0.5, 2.5), {2.5, 0.5, 2.5});
  assert_true(a.pow(2).dtype() == kLong);
  assert_values(a.pow(2), {49, 64, 81});
  assert_true(a.pow(0.5).dtype() == kFloat);
  assert_values(b.pow(b.abs()), {4, 27, 256});
  assert_throws(a.pow(-1), "pow: integers to negative integer powers are not allowed");
  assert_values(a.relu(), {7, 0, 9});
  assert_true(a.relu().dtype() == kLong);
  assert_true(a.exp().dtype() == kFloat);  // computed in Float, as libtorch does
  assert_values(from_vector(std::vector<long>{4, 9}).sqrt(), {2, 3});
  // Narrow types: Char's abs and negation, Byte's wrap-around.
  Tensor c = full({2}, -100, kChar);
  assert_values(c.abs(), {100, 100});
  assert_true(c.abs().dtype() == kChar);
  assert_values(-c, {100, 100});
  assert_values(-full({1}, 200, kByte), {56});
  assert_values(full({1}, 200, kByte).abs(), {200});
  assert_values(full({2}, 100, kChar) + full({2}, 100, kByte), {200, 200});  // Short
  Tensor i = from_vector(std::vector<int>{INT_MAX});
  assert_values(i + from_vector(std::vector<long>{1}), {2147483648.0}, 0);  // promoted to Long first
  // Bool: + is or, * is and; no subtraction or negation.
  Tensor t = from_vector(std::vector<bool>{true, true, false}), u = from_vector(std::vector<bool>{true, false, false});
  assert_true((t + u).dtype() == kBool);
  assert_values(t + u, {1, 1, 0});
  assert_values(t * u, {1, 0, 0});
  assert_values(t + true, {1, 1, 1});
  assert_values(t + 1, {2, 2, 1});
  assert_values(t.sign(), {1, 1, 0});
  assert_throws(t - u, "sub: subtraction with a Bool tensor is not supported");
  assert_throws(a - t, "sub: subtraction with a Bool tensor");
  assert_throws(-t, "neg: negation of a Bool tensor is not supported");
  assert_throws(t.abs(), "abs: not supported for a Bool tensor");
  assert_values(a + b, {9, -5, 5});  // still works
}

static void test_in_place_casts(void **) {
  Tensor l = from_vector(std::vector<long>{1, 2, 3});
  assert_throws(l.add_(ones({3})), "add_: result type Float can't be cast to the desired output type Long");
  assert_throws(l.add_(1.5), "add_: result type Float can't be cast to the desired output type Long");
  assert_throws(l.div_(2), "div_: result type Float can't be cast to the desired output type Long");
  assert_throws(l.div_(l), "div_: result type Float can't be cast");
  assert_throws(l.mul_(0.5), "mul_: result type Float");
  assert_throws(l.add_(l, 0.5), "add_: an integral Long tensor takes an integral alpha");
  assert_throws(full({3}, 1, kBool).add_(1), "add_: result type Long can't be cast to the desired output type Bool");
  assert_throws(l.sub_(full({3}, 1, kBool)), "sub_: subtraction with a Bool tensor");
  assert_values(l, {1, 2, 3});  // nothing changed by the errors
  l.add_(2).mul_(3).sub_(1);
  assert_values(l, {8, 11, 14});
  l.add_(from_vector(std::vector<int>{1, 1, 1}), 2);  // narrower operand
  assert_values(l, {10, 13, 16});
  Tensor i = from_vector(std::vector<int>{1, 2, 3});
  i.add_(from_vector(std::vector<long>{10, 20, 30}));  // computed in Long, stored in Int
  assert_true(i.dtype() == kInt);
  assert_values(i, {11, 22, 33});
  i.mul_(full({1}, true, kBool));
  assert_values(i, {11, 22, 33});
  Tensor f = zeros({2}, kFloat);
  f.add_(from_vector(std::vector<double>{0.1, 1e-9}));  // a Double operand into a Float
  assert_true(f.dtype() == kFloat);
  assert_values(f, {0.1, 1e-9});
  f.add_(from_vector(std::vector<long>{1, 2}));
  assert_values(f, {1.1, 2 + 1e-9});
  Tensor b = zeros({3}, kBool);
  b.add_(from_vector(std::vector<bool>{true, false, true})).add_(true);
  assert_values(b, {1, 1, 1});
  b.mul_(from_vector(std::vector<bool>{true, false, true}));
  assert_values(b, {1, 0, 1});
  l.fill_(2.7);  // as to() converts
  assert_values(l, {2, 2, 2});
  b.fill_(3);
  assert_values(b, {1, 1, 1});
  assert_values(full({2}, 0, kByte).fill_(-1.0), {0, 0});  // saturated, no undefined behaviour
  assert_values(full({1}, 0, kShort).fill_(1e9), {32767});
  l.zero_();
  assert_values(l, {0, 0, 0});
}

// ----------------------------------------------------------------- comparisons, reductions
static void test_comparisons(void **) {
  Tensor l = from_vector(std::vector<long>{1, 2, 3});
  assert_values(l.eq(1.5), {0, 0, 0});  // compared in Float, not as 1
  assert_values(l.lt(1.5), {1, 0, 0});
  assert_values(l.eq(2), {0, 1, 0});
  assert_values(l.ge(from_vector(std::vector<float>{0.5f, 2.5f, 3})), {1, 0, 1});
  assert_true(l.eq(2).dtype() == kBool);
  Tensor b = from_vector(std::vector<bool>{true, false, true});
  assert_values(b.eq(true), {1, 0, 1});
  assert_values(b.eq(1), {1, 0, 1});
  assert_values(b.eq(l), {1, 0, 0});
  assert_true(l.equal(from_vector(std::vector<float>{1, 2, 3})));  // values compared in the promoted dtype
  assert_false(l.equal(from_vector(std::vector<float>{1, 2, 3.5f})));
  assert_true(l.allclose(from_vector(std::vector<double>{1, 2, 3 + 1e-9})));
  assert_false(l.allclose(l + 1));
  assert_true(b.equal(b.clone()));
}

static void test_reductions(void **) {
  Tensor i = from_vector(std::vector<int>{INT_MAX, INT_MAX, 3});
  assert_true(i.sum().dtype() == kLong);
  assert_true(i.sum().item<long>() == 2L * INT_MAX + 3);  // no Int overflow, no double rounding
  assert_true(i.sum(0).dtype() == kLong);
  assert_true(i.sum(0).item<long>() == 2L * INT_MAX + 3);
  Tensor b = from_vector(std::vector<bool>{true, false, true, true}, {2, 2});
  assert_true(b.sum().dtype() == kLong);
  assert_values(b.sum(), {3});
  assert_values(b.sum(1), {1, 2});
  Tensor big = from_vector(std::vector<long>{(1L << 60) + 1, 1});
  assert_true(big.sum().item<long>() == (1L << 60) + 2);
  Tensor m = from_vector(std::vector<long>{4, -9, 7, 2, 8, -1}, {2, 3});
  assert_true(m.max().dtype() == kLong);
  assert_values(m.max(), {8});
  assert_values(m.min(), {-9});
  assert_true(b.max().dtype() == kBool);
  auto [values, indices] = m.max(1);
  assert_true(values.dtype() == kLong && indices.dtype() == kLong);
  assert_values(values, {7, 8});
  assert_values(indices, {2, 1});
  auto [mn, imn] = m.min(0, true);
  assert_shape(imn, {1, 3});
  assert_values(imn, {1, 0, 1});
  assert_true(m.argmax().dtype() == kLong);
  assert_values(m.argmax(), {4});
  assert_values(m.argmin(1), {1, 2});
  Tensor f = from_vector(std::vector<float>{1, 5, 2});
  assert_true(f.argmax().dtype() == kLong);
  assert_true(std::get<1>(f.min(0)).dtype() == kLong);
  assert_throws(m.mean(), "mean: expected a floating-point tensor (Float or Double), got a Long tensor");
  assert_throws(m.mean(0), "mean: expected a floating-point tensor");
  assert_throws(m.var(), "var: expected a floating-point tensor");
  assert_throws(m.std(1), "std: expected a floating-point tensor");
  assert_throws(m.norm(), "norm: expected a floating-point tensor");
  assert_values(m.to(kFloat).mean(), {11.0 / 6});
}

// Indices past 2^24 are not all Floats: they must come back as exact Longs.
static void test_long_indices(void **) {
  const long n = 20000000, at = 16777217;  // 2^24 + 1
  Tensor x = zeros({n});
  x.data<float>()[at] = 1;
  assert_true(x.argmax().item<long>() == at);
  assert_true(std::get<1>(x.max(0)).item<long>() == at);
  x.data<float>()[at] = -1;
  assert_true(x.argmin().item<long>() == at);
}

// ------------------------------------------------------------------------------ autograd
static void test_autograd_dtypes(void **) {
  assert_throws(ones({2}, kLong).requires_grad_(),
                "set_requires_grad: only tensors of a floating-point dtype can require gradients, got a Long tensor");
  assert_throws(ones({2}, kBool).set_requires_grad(true), "got a Bool tensor");
  Tensor ok = ones({2}, kLong);
  ok.set_requires_grad(false);  // turning it off is fine
  // Float * Double: each input's gradient in its own dtype.
  Tensor w = from_vector(std::vector<float>{1.5f, -2}).requires_grad_();
  Tensor x = from_vector(std::vector<double>{3, 4}).requires_grad_();
  Tensor y = w * x;
  assert_true(y.dtype() == kDouble);
  y.sum().backward();
  assert_true(w.grad().dtype() == kFloat);
  assert_true(x.grad().dtype() == kDouble);
  assert_values(w.grad(), {3, 4});
  assert_values(x.grad(), {1.5, -2});
  // Through several mixed operations, checked against finite differences in Double.
  Tensor wf = from_vector(std::vector<float>{0.5f, -1.25f, 2});
  gradcheck([wf](const tensor_list &t) { return (t[0] * wf + wf.exp()) / (t[0].pow(2) + wf.abs() + 1) - wf; },
            {from_vector(std::vector<double>{0.3, -0.7, 1.1}).requires_grad_()});
  // An integral operand: the gradient flows to the floating input only.
  Tensor k = from_vector(std::vector<long>{2, -3});
  Tensor v = from_vector(std::vector<float>{1, 1}).requires_grad_();
  Tensor z = (v * k + k).sum();
  assert_true(z.dtype() == kFloat);
  z.backward();
  assert_values(v.grad(), {2, -3});
  // An in-place operation with an operand of another dtype.
  Tensor a = from_vector(std::vector<double>{1, 2}).requires_grad_();
  Tensor f = from_vector(std::vector<float>{5, 6}).requires_grad_();
  Tensor h = a * 2.0;
  h.add_(f, 3);
  assert_true(h.dtype() == kDouble);
  h.sum().backward();
  assert_true(f.grad().dtype() == kFloat);
  assert_values(f.grad(), {3, 3});
  assert_values(a.grad(), {2, 2});
  // The other way round: a Float tensor takes a Double operand (its history computes in Double).
  Tensor d = from_vector(std::vector<double>{0.5, 0.25}).requires_grad_();
  Tensor s = f * 1.0;
  s.add_(d * d);
  assert_true(s.dtype() == kFloat);
  f.mutable_grad() = Tensor();
  (s * s).sum().backward();  // d/dd = 2 s * 2 d, d/df = 2 s
  assert_true(d.grad().dtype() == kDouble && f.grad().dtype() == kFloat);
  assert_values(d.grad(), {2 * 5.25 * 2 * 0.5, 2 * 6.0625 * 2 * 0.25});
  assert_values(f.grad(), {2 * 5.25, 2 * 6.0625});
}

// ------------------------------------------------------------------------------ printing
static void test_printing(void **) {
  assert_string_equal(printed(from_vector(std::vector<long>{1234567890123L, -5})).c_str(),
                      " 1234567890123\n            -5\n[torch.LongTensor of size 2]");
  assert_string_equal(printed(from_vector(std::vector<bool>{true, false, true, true}, {2, 2})).c_str(),
                      " 1  0\n 1  1\n[torch.BoolTensor of size 2x2]");
  assert_string_equal(printed(full({2}, 255, kByte)).c_str(), " 255\n 255\n[torch.ByteTensor of size 2]");
  assert_string_equal(printed(full({1}, -7, kChar)).c_str(), "-7\n[torch.CharTensor of size 1]");
}

// ------------------------------------------------------------------------ files: records, IDX
static void test_records_every_dtype(void **) {
  std::string dir = temp_dir(), path = dir + "/all.ckpt";
  std::vector<std::pair<std::string, Tensor>> records;
  for (Dtype d : kAll) {
    Tensor t = d == kBool ? from_vector(std::vector<bool>{true, false, true, true}, {2, 2}) : arange(0, 4, 1, d).view({2, 2}) - 1;
    if (d == kByte) t = arange(250, 254, 1, d).view({2, 2});
    records.emplace_back(dtype_name(d), t.t());  // non-contiguous: written in row-major order
  }
  records.emplace_back("big", from_vector(std::vector<long>{(1L << 62) + 3}));
  write_records(path, records);
  auto back = read_records(path);
  assert_int_equal(back.size(), records.size());
  for (size_t i = 0; i < records.size(); i++) {
    assert_string_equal(back[i].first.c_str(), records[i].first.c_str());
    assert_true(back[i].second.dtype() == records[i].second.dtype());
    assert_true(back[i].second.equal(records[i].second));
  }
  assert_true(back.back().second.item<long>() == (1L << 62) + 3);
  std::remove(path.c_str());
  rmdir(dir.c_str());
}

static void test_read_idx_dtypes(void **) {
  std::string dir = temp_dir(), path = dir + "/labels-idx1-ubyte";
  const unsigned char bytes[] = {0, 0, 8, 1, 0, 0, 0, 4, 0, 7, 200, 255};
  FILE *f = std::fopen(path.c_str(), "wb");
  assert_non_null(f);
  assert_int_equal(std::fwrite(bytes, 1, sizeof bytes, f), sizeof bytes);
  std::fclose(f);
  Tensor labels = data::read_idx(path, kLong);
  assert_true(labels.dtype() == kLong);
  assert_values(labels, {0, 7, 200, 255});
  assert_values(data::read_idx(path, kInt), {0, 7, 200, 255});
  assert_values(data::read_idx(path, kByte), {0, 7, 200, 255});
  assert_values(data::read_idx(path, kChar), {0, 7, 127, 127});  // saturated
  assert_values(data::read_idx(path, kBool), {0, 1, 1, 1});
  assert_values(data::read_idx(path), {0, 7, 200, 255});  // Float by default
  std::remove(path.c_str());
  rmdir(dir.c_str());
}

// ---------------------------------------------------------------------------------- errors
static void test_floating_only_errors(void **) {
  Tensor l = ones({2, 2}, kLong);
  assert_throws(rand({2}, kLong), "rand: expected a floating-point tensor (Float or Double), got a Long tensor");
  assert_throws(randn({2}, kInt), "randn: expected a floating-point tensor");
  assert_throws(l.uniform_(), "uniform_: expected a floating-point tensor");
  assert_throws(l.normal_(), "normal_: expected a floating-point tensor");
  assert_throws(l.mm(l), "mm: expected a floating-point tensor");
  assert_throws(l.view({1, 2, 2}).bmm(l.view({1, 2, 2})), "bmm: expected a floating-point tensor");
  assert_throws(l.mm(ones({2, 2})), "mm: dtype mismatch: Long and Float");
  assert_values(l.to(kFloat).mm(ones({2, 2})), {2, 2, 2, 2});  // the library still works
}

int main() {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_creation),         cmocka_unit_test(test_item_and_data),
      cmocka_unit_test(test_conversions),      cmocka_unit_test(test_promotion),
      cmocka_unit_test(test_integer_arithmetic), cmocka_unit_test(test_in_place_casts),
      cmocka_unit_test(test_comparisons),      cmocka_unit_test(test_reductions),
      cmocka_unit_test(test_long_indices),     cmocka_unit_test(test_autograd_dtypes),
      cmocka_unit_test(test_printing),         cmocka_unit_test(test_records_every_dtype),
      cmocka_unit_test(test_read_idx_dtypes),  cmocka_unit_test(test_floating_only_errors),
  };
  return cmocka_run_group_tests(tests, nullptr, nullptr);
}
