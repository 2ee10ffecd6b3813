// Indexing, joining and sorting (tensor_index.cpp, tensor_join.cpp, tensor_sort.cpp): values and
// gradients against PyTorch 1.13 (tests/golden/gen_cpp_ops.py) in Float and Double, from contiguous
// and non-contiguous inputs, finite differences, integer and Bool dtypes, and bad arguments.

#include "nn_golden.hpp"

using namespace ember;
using namespace ember::indexing;

static const GoldenFile &goldens() {
  static const GoldenFile file("cpp_ops.txt");
  return file;
}

// Where the cases run: their index tensors and masks are made there.
static Device case_device = kCPU;
static Tensor L(std::vector<long> v, Shape shape = {}) { return from_vector(v, shape).to(case_device); }
static Tensor B(std::vector<bool> v, Shape shape = {}) { return from_vector(v, shape).to(case_device); }

static Tensor mask_x() { return B({1, 0, 0, 1, 0, 0, 1, 1, 1, 0, 0, 0}, {3, 4}); }
static Tensor mask_z() {
  Tensor m = zeros({4, 5}, kBool);
  for (auto [i, j] : {std::pair{0, 1}, {2, 0}, {2, 4}, {3, 3}}) m.index_put_({i, j}, 1);
  return m.to(case_device);
}

using Fn = std::function<Tensor(const tensor_list &)>;
struct Case {
  const char *name;
  int inputs;
  Fn fn;
};

// The cases of gen_cpp_ops.py, input for input.
static std::vector<Case> cases() {
  return {
      {"index_select", 1, [](const tensor_list &a) { return a[0].index_select(1, L({3, 0, 3, 1})); }},
      {"gather", 1, [](const tensor_list &a) { return a[0].gather(1, L({0, 0, 3, 1, 2, 1, 3, 3, 0}, {3, 3})); }},
      {"scatter", 2, [](const tensor_list &a) { return a[0].scatter(0, L({1, 0, 2, 2, 0, 2, 1, 0}, {2, 4}), a[1]); }},
      {"scatter_add", 2,
       [](const tensor_list &a) { return a[0].scatter_add(0, L({1, 1, 0, 2, 1, 0, 0, 2}, {2, 4}), a[1]); }},
      {"masked_fill", 1, [](const tensor_list &a) { return a[0].masked_fill(B({1, 0, 1, 0}), -1.5); }},
      {"masked_select", 1, [](const tensor_list &a) { return a[0].masked_select(mask_x()); }},
      {"where", 2, [](const tensor_list &a) { return where(B({1, 0, 1}, {3, 1}), a[0], a[1]); }},
      {"sort", 1, [](const tensor_list &a) { return std::get<0>(a[0].sort(1)); }},
      {"sort_desc", 1, [](const tensor_list &a) { return std::get<0>(a[0].sort(0, true)); }},
      {"topk", 1, [](const tensor_list &a) { return std::get<0>(a[0].topk(2, 1)); }},
      {"topk_smallest", 1, [](const tensor_list &a) { return std::get<0>(a[0].topk(2, 0, false)); }},
      {"cumsum", 1, [](const tensor_list &a) { return a[0].cumsum(1); }},
      {"cat", 2, [](const tensor_list &a) { return cat({a[0], a[1]}, 1); }},
      {"stack", 2, [](const tensor_list &a) { return stack({a[0], a[1]}, 1); }},
      {"repeat", 1, [](const tensor_list &a) { return a[0].repeat({2, 1, 2}); }},
      {"flip", 1, [](const tensor_list &a) { return a[0].flip({0, 1}); }},
      {"roll", 1, [](const tensor_list &a) { return a[0].roll({1, -2}, {0, 1}); }},
      {"roll_flat", 1, [](const tensor_list &a) { return a[0].roll({3}); }},
      {"index_basic", 1, [](const tensor_list &a) { return a[0].index({Slice(1, None, 2), 0, Ellipsis, None}); }},
      {"index_slices", 1, [](const tensor_list &a) { return a[0].index({Slice(-3, None), Slice(1, 5, 3), -1}); }},
      {"index_long", 1, [](const tensor_list &a) { return a[0].index({Slice(), L({2, 0, -1, 2}, {2, 2})}); }},
      {"index_mask", 1, [](const tensor_list &a) { return a[0].index({mask_z()}); }},
      {"index_mask_last", 1, [](const tensor_list &a) { return a[0].index({Ellipsis, B({1, 0, 1})}); }},
      {"index_put", 2,
       [](const tensor_list &a) {
         Tensor r = a[0].clone();
         r.index_put_({Slice(1, None, 2), L({3, 1})}, a[1]);
         return r;
       }},
      {"index_put_mask", 1,
       [](const tensor_list &a) {
         Tensor r = a[0].clone();
         r.index_put_({mask_x()}, 0.25);
         return r;
       }},
  };
}

// A non-contiguous view holding t's values (every other element of a fresh leaf) and that leaf.
static std::pair<Tensor, Tensor> strided_leaf(const Tensor &t) {
  Shape twice = t.sizes();
  twice.push_back(2);
  Tensor leaf = t.unsqueeze(-1).expand(twice).contiguous().requires_grad_();
  return {leaf.select(-1, 0), leaf};
}

static void run_case(const Case &c, Dtype dt, bool strided) {
  const GoldenFile &g = goldens();
  double tol = golden_tol(dt);
  std::string name = c.name;
  tensor_list inputs, leaves;
  for (int k = 0; k < c.inputs; k++) {
    Tensor in = g.get(name + "_in" + std::to_string(k), dt).to(case_device);
    if (strided) {
      auto [view, leaf] = strided_leaf(in);
      assert_false(view.is_contiguous());
      inputs.push_back(view);
      leaves.push_back(leaf);
    } else {
      inputs.push_back(in.requires_grad_());
      leaves.push_back(in);
    }
  }
  Tensor out = c.fn(inputs);
  std::string what = name + (dt == kDouble ? " Double" : " Float") + (strided ? " strided" : "");
  assert_tensor_close(out, g.get(name + "_out", dt), tol, tol, (what + " value").c_str());
  (out * g.get(name + "_w", dt).to(case_device)).sum().backward();
  for (int k = 0; k < c.inputs; k++) {
    Tensor grad = leaves[(size_t)k].grad();
    if (strided) grad = grad.select(-1, 0);
    assert_tensor_close(grad, g.get(name + "_grad" + std::to_string(k), dt), tol, tol,
                        (what + " grad " + std::to_string(k)).c_str());
  }
}

static void test_golden_values_and_gradients(void **) {
  for (const Case &c : cases())
    for (Dtype dt : {kFloat, kDouble})
      for (bool strided : {false, true}) run_case(c, dt, strided);
}

// The same cases on a CUDA device, when there is one (libTHC's kernels, Float and Double).
static void test_cuda_matches_goldens(void **) {
  if (!cuda::is_available()) skip();
  case_device = Device(kCUDA);
  for (const Case &c : cases())
    for (Dtype dt : {kFloat, kDouble})
      for (bool strided : {false, true}) run_case(c, dt, strided);
  Tensor l = L({3, -1, 2});
  assert_values(std::get<1>(l.sort()), {1, 2, 0});
  assert_values(l.cumsum(0), {3, 2, 4});
  assert_values(B({1, 0, 1}).nonzero(), {0, 2});
  assert_values(one_hot(L({1, 0})), {0, 1, 1, 0});
  assert_throws(l.index_select(0, L({3})), "index_select: index 3 at position [0] is out of range");
  case_device = Device(kCPU);
}

static void test_finite_differences(void **) {
  const GoldenFile &g = goldens();
  for (const Case &c : cases()) {
    tensor_list inputs;
    for (int k = 0; k < c.inputs; k++)
      inputs.push_back(g.get(std::string(c.name) + "_in" + std::to_string(k)).requires_grad_());
    gradcheck(c.fn, inputs);
  }
}

static void test_sort_topk_indices(void **) {
  const GoldenFile &g = goldens();
  Tensor x = g.get("sort_in0");
  auto check = [&](const std::tuple<Tensor, Tensor> &r, const char *name) {
    assert_int_equal((int)std::get<1>(r).dtype(), (int)kLong);
    assert_tensor_close(std::get<1>(r), g.get(name), 0, 0, name);
  };
  check(x.sort(1), "sort_indices");
  check(x.sort(0, true), "sort_desc_indices");
  check(x.topk(2, 1), "topk_indices");
  check(x.topk(2, 0, false), "topk_smallest_indices");
  // integer and Bool dtypes sort too; the default dim is the last
  auto [v, i] = L({3, -1, 2}).sort();
  assert_values(v, {-1, 2, 3});
  assert_values(i, {1, 2, 0});
  assert_int_equal((int)v.dtype(), (int)kLong);
  assert_values(std::get<0>(B({1, 0, 1, 0}).sort(0, true)), {1, 1, 0, 0});
  // ties keep their order in short slices
  assert_values(std::get<1>(from_vector(std::vector<float>{2, 1, 2, 1}).sort()), {1, 3, 0, 2});
}

static void test_integer_and_bool_dtypes(void **) {
  const GoldenFile &g = goldens();
  Tensor ints = from_vector(std::vector<int>{1, -2, 3, 4, 5, -6}, {2, 3});
  Tensor c = ints.cumsum(1);
  assert_int_equal((int)c.dtype(), (int)kLong);
  assert_tensor_close(c, g.get("cumsum_long"), 0, 0, "cumsum of Int");
  assert_int_equal((int)B({1, 1, 0}).cumsum(0).dtype(), (int)kLong);
  assert_values(B({1, 1, 0}).cumsum(0), {1, 2, 2});

  Tensor h = one_hot(L({2, 0, 3}));
  assert_int_equal((int)h.dtype(), (int)kLong);
  assert_tensor_close(h, g.get("one_hot"), 0, 0, "one_hot");
  assert_shape(one_hot(L({1, 0}, {2, 1}), 4), {2, 1, 4});

  Tensor l = L({10, 20, 30, 40}, {2, 2});
  assert_values(l.index_select(0, L({1, 1})), {30, 40, 30, 40});
  assert_values(l.gather(1, L({1, 0}, {2, 1})), {20, 30});
  assert_values(l.scatter(1, L({1, 0}, {2, 1}), 7.0), {10, 7, 7, 40});
  assert_values(l.masked_fill(B({0, 1}), -1), {10, -1, 30, -1});
  assert_values(l.masked_select(B({1, 0, 0, 1}, {2, 2})), {10, 40});
  assert_values(where(B({1, 0}), l, L({0, 0})), {10, 0, 30, 0});
  // values convert to the tensor's dtype; clamp_min keeps an integral dtype for an integer bound
  assert_values(L({1, 2}).masked_fill(B({1, 0}), 2.7), {2, 2});
  assert_int_equal((int)l.clamp_min(25).dtype(), (int)kLong);
  assert_values(l.clamp_min(25), {25, 25, 30, 40});
  assert_values(l.clamp_max(25), {10, 20, 25, 25});
  // Bool elements stay 0 or 1; mixed dtypes promote
  assert_values(B({0, 0}).masked_fill(B({0, 1}), 2).to(kLong), {0, 1});
  assert_values(B({0, 0}).scatter(0, L({0}), 5.0).to(kLong), {1, 0});
  assert_int_equal((int)cat({l, B({1, 0}, {1, 2})}).dtype(), (int)kLong);
  Tensor f = from_vector(std::vector<float>{1, 2}), d = from_vector(std::vector<double>{3, 4});
  assert_int_equal((int)where(B({1, 0}), f, d).dtype(), (int)kDouble);
  assert_values(cat({l, l}, 0).flip({0}), {30, 40, 10, 20, 30, 40, 10, 20});
  assert_values(l.roll({1}, {1}), {20, 10, 40, 30});
  assert_values(l.index({Slice(), -1}), {20, 40});
  Tensor bools = B({1, 0, 0, 1, 1, 0}, {2, 3});
  assert_int_equal((int)stack({bools, bools}).dtype(), (int)kBool);
  assert_values(bools.index({1, Slice(None, None, 2)}), {1, 0});
  assert_values(bools.repeat({1, 2}).sum(), {6});
  Tensor nz = bools.nonzero();
  assert_int_equal((int)nz.dtype(), (int)kLong);
  assert_shape(nz, {3, 2});
  assert_values(nz, {0, 0, 1, 0, 1, 1});
  tensor_list w = where(bools);
  assert_int_equal((int)w.size(), 2);
  assert_values(w[0], {0, 1, 1});
  assert_values(w[1], {0, 0, 1});
}

static void test_index_views_and_in_place(void **) {
  Tensor t = arange(24, kDouble).view({2, 3, 4});
  Tensor v = t.index({Slice(), Slice(None, None, 2), Slice(1, -1)});  // t[:, ::2, 1:-1]
  assert_shape(v, {2, 2, 2});
  assert_values(v, {1, 2, 9, 10, 13, 14, 21, 22});
  v.fill_(0);  // a view: writes reach t
  assert_values(t.index({0, 0}), {0, 0, 0, 3});
  assert_shape(t.index({None, Ellipsis, 0}), {1, 2, 3});
  assert_shape(t.index({-1}), {3, 4});
  t.index_put_({Ellipsis, L({0, 3})}, -1);
  assert_values(t.index({1, 2}), {-1, 0, 0, -1});
  t.index_put_({t.lt(0)}, 5);
  assert_values(t.index({1, 2}), {5, 0, 0, 5});
  t.index_put_({0, Slice(1, 3)}, from_vector(std::vector<double>{7, 8, 9, 10}));  // broadcast over rows
  assert_values(t.index({0, 2}), {7, 8, 9, 10});

  Tensor x = zeros({3, 4});
  uint64_t before = x.version();
  x.scatter_(1, L({3, 0, 1}, {3, 1}), from_vector(std::vector<float>{1, 2, 3}, {3, 1}));
  x.scatter_add_(0, L({0, 0}, {1, 2}), ones({1, 2}));
  x.masked_fill_(B({0, 0, 1, 0}), 4);
  assert_true(x.version() > before);
  assert_values(x, {1, 1, 4, 1, 2, 0, 4, 0, 0, 3, 4, 0});
  x.clamp_(0.5, 2);
  assert_values(x, {1, 1, 2, 1, 2, 0.5, 2, 0.5, 0.5, 2, 2, 0.5});
  assert_values(x.clamp_min(1.5).index({0}), {1.5, 1.5, 2, 1.5});
  assert_values(x.clamp_max(0.75).index({1}), {0.75, 0.5, 0.75, 0.5});

  // in-place operations keep the history: the gradient flows through them
  Tensor a = from_vector(std::vector<double>{1, 2, 3}).requires_grad_();
  Tensor b = a * 2.0;
  b.masked_fill_(B({0, 1, 0}), 0);
  b.clamp_(0, 5);
  b.sum().backward();
  assert_values(a.grad(), {2, 0, 0});
  assert_throws(a.scatter_(0, L({0}), 1.0), "leaf");
}

static void test_split_chunk_softmax(void **) {
  Tensor t = arange(10, kFloat).view({2, 5});
  tensor_list parts = t.split(2, 1);
  assert_int_equal((int)parts.size(), 3);
  assert_shape(parts[2], {2, 1});
  assert_values(parts[1], {2, 3, 7, 8});
  parts = t.split({1, 4}, -1);
  assert_values(parts[0], {0, 5});
  assert_shape(parts[1], {2, 4});
  parts = t.chunk(3, 1);  // pieces of 2: 2, 2, 1
  assert_int_equal((int)parts.size(), 3);
  assert_shape(parts[2], {2, 1});
  assert_int_equal((int)t.chunk(2).size(), 2);
  Tensor x = from_vector(std::vector<double>{1, 2, 3, 4, 0, -1}, {2, 3}).requires_grad_();
  assert_true(x.softmax(1).allclose(nn::functional::softmax(x, 1)));
  assert_true(x.log_softmax(0).allclose(nn::functional::log_softmax(x, 0)));
  gradcheck([](const tensor_list &a) {
    tensor_list p = a[0].split({1, 2}, 1);
    return cat({p[1] * 2.0, p[0]}, 1).softmax(-1);
  }, {x});
}

static void test_bad_arguments(void **) {
  Tensor x = zeros({3, 4});
  assert_throws(x.index_select(1, L({0, 4})),
                "index_select: index 4 at position [1] is out of range for a dimension of size 4");
  assert_throws(x.index_select(0, L({-1})), "index_select: index -1 at position [0]");
  assert_throws(x.index_select(0, from_vector(std::vector<int>{0})),
                "index_select: expected a Long index tensor, got Int");
  assert_throws(x.index_select(0, L({0, 1}, {1, 2})), "index_select: expected a 1-D index");
  assert_throws(x.gather(1, L({0, 5}, {1, 2})), "gather: index 5 at position [0][1] is out of range");
  assert_throws(x.gather(1, L({0, 1})), "gather: index must have as many dimensions as self (2)");
  assert_throws(x.gather(1, L({0, 0, 0, 0, 0, 0, 0, 0}, {4, 2})), "gather: index of shape [4 x 2] is larger than self");
  assert_throws(x.scatter(0, L({0}, {1, 1}), zeros({1, 1}, kDouble)), "scatter: dtype mismatch");
  assert_throws(x.scatter_add_(0, L({3}, {1, 1}), zeros({1, 1})), "scatter_add_: index 3 at position [0][0]");
  assert_throws(x.masked_fill(L({1, 0, 1, 0}), 1), "masked_fill: expected a Bool mask, got Long");
  assert_throws(x.masked_fill(B({1, 0, 1}), 1), "masked_fill: the mask of shape [3] does not broadcast to [3 x 4]");
  assert_throws(x.masked_select(B({1, 0})), "masked_select: broadcast_shapes: shapes [3 x 4] and [2]");
  assert_throws(where(B({1, 0, 1}), x, x), "where: broadcast_shapes: shapes [3] and [3 x 4]");
  assert_throws(where(zeros({4}), x, x), "where: expected a Bool mask, got Float");
  assert_throws(x.index({0, 0, 0}), "index: too many indices");
  assert_throws(x.index({5}), "index: index 5 at position 0 is out of range for dimension 0 of size 3");
  assert_throws(x.index({Slice(0, None, 0)}), "index: a slice step must be positive, got 0");
  assert_throws(x.index({Slice(2, 1)}), "index: the slice selects nothing");
  assert_throws(x.index({Ellipsis, Ellipsis}), "index: at most one Ellipsis");
  assert_throws(x.index({L({0}), L({0})}), "index: at most one tensor index");
  assert_throws(x.index({Slice(), L({1, 9})}),
                "index: index 9 at position [1] is out of range for a dimension of size 4");
  assert_throws(x.index({zeros({3}, kDouble)}),
                "index: a tensor index must be Long (indices) or Bool (a mask), got Double");
  assert_throws(x.index({B({1, 0})}), "index: the mask of shape [2] does not match dimensions 0 to 0");
  assert_throws(x.index_put_({0}, zeros({3})), "index_put_: the value of shape [3] does not broadcast");
  assert_throws(cat({x, zeros({2, 3})}, 1),
                "cat: tensor 1 of shape [2 x 3] does not match [3 x 4] except in dimension 1");
  assert_throws(cat({}), "cat: expected at least one non-empty tensor");
  assert_throws(stack({x, zeros({4, 3})}), "stack: expected tensors of one shape");
  assert_throws(x.split(0), "split: split_size must be positive");
  assert_throws(x.split({1, 1}), "split_with_sizes: sizes [1 x 1] sum to 2, not to the size 3");
  assert_throws(x.chunk(0), "chunk: chunks must be positive");
  assert_throws(x.repeat({2}), "repeat: expected at least 2 repeats");
  assert_throws(x.flip({1, -1}), "flip: dimension 1 appears twice");
  assert_throws(x.roll({1, 2}, {0}), "roll: expected as many shifts as dims");
  assert_throws(x.topk(5, 1), "topk: k 5 is out of range [1, 4]");
  assert_throws(x.sort(2), "sort");
  assert_throws(one_hot(L({0, 3}), 3), "one_hot: index 3 at position [1] is out of range for a dimension of size 3");
  assert_throws(one_hot(x), "one_hot: expected a Long tensor of classes, got Float");
  // after the errors the library still works
  assert_values(x.index_select(1, L({3})).sum(), {0});
  assert_values(one_hot(L({1})), {0, 1});
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_golden_values_and_gradients), cmocka_unit_test(test_finite_differences),
      cmocka_unit_test(test_sort_topk_indices),           cmocka_unit_test(test_integer_and_bool_dtypes),
      cmocka_unit_test(test_index_views_and_in_place),    cmocka_unit_test(test_split_chunk_softmax),
      cmocka_unit_test(test_bad_arguments),               cmocka_unit_test(test_cuda_matches_goldens),
  };
  return cmocka_run_group_tests(tests, nullptr, nullptr);
}
