// ember::nn's convolutions, pooling, padding and upsampling against PyTorch 1.13
// (tests/golden/gen_cpp_convpool.py: same weights, same input, the output and the gradients of
// sum(output * g)) in Float and Double, gradients against finite differences, options and printing,
// bad input, and one model run from two threads at once.
#include <sstream>
#include <thread>

#include "nn_golden.hpp"

using namespace ember;
namespace F = nn::functional;

static const GoldenFile &goldens() {
  static const GoldenFile file("cpp_convpool.txt");
  return file;
}

static const Dtype kDtypes[] = {kFloat, kDouble};

// ------------------------------------------------------------------------------------ goldens
static void test_conv_golden(void **) {
  check_layer_both<nn::Conv1dImpl>(goldens(), "conv1d", nn::Conv1dOptions(2, 3, 3).stride(2).padding(1).dilation(2));
  check_layer_both<nn::Conv2dImpl>(goldens(), "conv2d_dilated",
                                   nn::Conv2dOptions(2, 3, {3, 2}).stride({2, 1}).padding({1, 0}).dilation({2, 1}));
  check_layer_both<nn::Conv2dImpl>(goldens(), "conv2d_depthwise",
                                   nn::Conv2dOptions(3, 6, 3).stride(2).padding(1).groups(3));
  check_layer_both<nn::Conv1dImpl>(goldens(), "conv1d_depthwise", nn::Conv1dOptions(2, 2, 3).groups(2).bias(false));
  check_layer_both<nn::Conv3dImpl>(
      goldens(), "conv3d", nn::Conv3dOptions(2, 2, {2, 3, 2}).stride({1, 2, 1}).padding({1, 0, 1}).dilation({1, 1, 2}));
  check_layer_both<nn::Conv3dImpl>(goldens(), "conv3d_nobias", nn::Conv3dOptions(1, 2, 2).bias(false));
  check_layer_both<nn::ConvTranspose1dImpl>(goldens(), "convt1d",
                                            nn::ConvTranspose1dOptions(2, 3, 3).stride(2).padding(1).output_padding(1));
  check_layer_both<nn::ConvTranspose2dImpl>(
      goldens(), "convt2d_dilated",
      nn::ConvTranspose2dOptions(2, 2, 3).stride(2).padding(1).output_padding(1).dilation(2));
  check_layer_both<nn::ConvTranspose3dImpl>(
      goldens(), "convt3d",
      nn::ConvTranspose3dOptions(2, 2, {2, 2, 3}).stride({2, 1, 2}).padding({0, 1, 1}).output_padding({1, 0, 1}));
}

static void test_pooling_golden(void **) {
  check_layer_both<nn::MaxPool1dImpl>(goldens(), "maxpool1d", nn::MaxPool1dOptions(3).stride(2).padding(1).dilation(2));
  check_layer_both<nn::MaxPool2dImpl>(goldens(), "maxpool2d_dilated",
                                      nn::MaxPool2dOptions(3).stride(2).padding(1).dilation(2).ceil_mode(true));
  check_layer_both<nn::MaxPool3dImpl>(goldens(), "maxpool3d",
                                      nn::Size3(2, 3, 2), nn::Size3(1, 2, 2), nn::Size3(1, 1, 0), true);
  check_layer_both<nn::AvgPool1dImpl>(goldens(), "avgpool1d", 3, 2, 1, true, false);
  check_layer_both<nn::AvgPool3dImpl>(goldens(), "avgpool3d",
                                      nn::AvgPool3dOptions(2).stride({1, 2, 2}).padding({1, 0, 1}));
  check_layer_both<nn::AdaptiveAvgPool1dImpl>(goldens(), "adaptive_avg1d", 3);
  check_layer_both<nn::AdaptiveMaxPool1dImpl>(goldens(), "adaptive_max1d", 4);
  check_layer_both<nn::AdaptiveMaxPool2dImpl>(goldens(), "adaptive_max2d", nn::Size2(3, 2));
}

static void test_indices_and_unpool(void **) {
  const GoldenFile &g = goldens();
  for (Dtype dt : kDtypes) {
    auto [y, indices] = F::max_pool2d_with_indices(g.get("maxpool2d_input", dt), 2);
    assert_tensor_close(y, g.get("maxpool2d_output"), golden_tol(dt), golden_tol(dt), "pooled");
    assert_tensor_close(indices, g.get("maxpool2d_indices"), 0, 0, "indices");
    assert_int_equal((int)indices.dtype(), (int)kLong);
    // the module's form gives the same
    nn::MaxPool2d pool(2);
    assert_true(std::get<1>(pool->forward_with_indices(g.get("maxpool2d_input", dt))).equal(indices));
    check_function(goldens(), "unpool2d",
                   [&](const Tensor &x) { return F::max_unpool2d(x, indices, 2, 2, 0, nn::Size2(5, 7)); },
                   dt);
    nn::MaxUnpool2d unpool(2);
    Tensor positive = y.abs() + 1.0;  // above the zeros that unpooling fills in
    Tensor back = unpool(positive, indices);  // the default size: the pooled input's 4 x 6
    assert_shape(back, {1, 2, 4, 6});
    assert_tensor_close(F::max_pool2d(back, 2), positive, 0, 0, "unpool then pool");
  }
  // 3-D: THNN's packed window offsets come back as PyTorch's positions in the volume, and go back
  for (Dtype dt : kDtypes) {
    double tol = golden_tol(dt);
    for (const char *name : {"pool3d", "pool3d_dilated"}) {
      nn::MaxPool3d pool(
          std::string(name) == "pool3d"
              ? nn::MaxPool3dOptions(2)
              : nn::MaxPool3dOptions({2, 2, 2}).stride({1, 2, 1}).padding({1, 0, 1}).dilation({1, 1, 2}).ceil_mode(
                    true));
      auto [y, indices] = pool->forward_with_indices(g.get(std::string(name) + "_input", dt));
      assert_tensor_close(y, g.get(std::string(name) + "_output"), tol, tol, name);
      assert_tensor_close(indices, g.get(std::string(name) + "_indices"), 0, 0, name);
      assert_int_equal((int)indices.dtype(), (int)kLong);
    }
    Tensor indices = g.get("pool3d_indices", kLong);
    check_function(
        goldens(), "unpool3d",
        [&](const Tensor &x) { return F::max_unpool3d(x, indices, 2, 2, 0, nn::Size3(5, 4, 4)); }, dt);
    nn::MaxUnpool3d unpool(2);
    assert_shape(unpool(g.get("pool3d_output", dt), indices), {1, 1, 4, 4, 4});
  }
  // 1-D indices count along the row
  Tensor row = from_vector(std::vector<double>{0, 3, 1, 2, 5, 4}, {1, 1, 6});
  auto [m, i] = F::max_pool1d_with_indices(row, 2);
  assert_values(m, {3, 2, 5});
  assert_values(i, {1, 3, 4});
  assert_int_equal((int)i.dtype(), (int)kLong);
  // Int indices are converted; floating-point ones are refused, as libtorch refuses them
  Tensor x = randn({1, 1, 2, 2});
  Tensor ix = from_vector(std::vector<long>{0, 3, 9, 14}, {1, 1, 2, 2});
  assert_true(F::max_unpool2d(x, ix.to(kInt), 2).equal(F::max_unpool2d(x, ix, 2)));
  assert_throws(F::max_unpool2d(x, ix.to(kFloat), 2), "max_unpool2d: expected a Long tensor of positions as indices, got Float");
}

static void test_fractional(void **) {
  const GoldenFile &g = goldens();
  for (Dtype dt : kDtypes) {
    Tensor samples = g.get("fractional_samples", dt);
    check_function(
        goldens(), "fractional",
        [&](const Tensor &x) { return F::fractional_max_pool2d(x, 2, nn::Size2(3, 3), std::nullopt, samples); }, dt);
  }
  // the module draws its samples from ember's generator: a seed repeats them
  nn::FractionalMaxPool2d pool(2, std::nullopt, std::make_pair(0.5, 0.7));
  Tensor x = randn({2, 3, 8, 10});
  manual_seed(3);
  Tensor a = pool(x);
  manual_seed(3);
  Tensor b = pool(x);
  assert_shape(a, {2, 3, 4, 7});
  assert_true(a.equal(b));
  manual_seed(4);
  assert_false(pool(x).equal(a));
}

static void test_padding_golden(void **) {
  check_layer_both<nn::ReflectionPad1dImpl>(goldens(), "reflect1d", std::vector<long>{1, 2});
  check_layer_both<nn::ReflectionPad2dImpl>(goldens(), "reflect2d", std::vector<long>{1, 2, 0, 1});
  check_layer_both<nn::ReplicationPad1dImpl>(goldens(), "replicate1d", std::vector<long>{2, 1});
  check_layer_both<nn::ReplicationPad2dImpl>(goldens(), "replicate2d", std::vector<long>{1, 0, 2, 1});
  check_layer_both<nn::ReplicationPad3dImpl>(goldens(), "replicate3d", std::vector<long>{1, 1, 0, 2, 1, 0});
  assert_shape(nn::ReflectionPad2d(1)(randn({1, 1, 3, 3})), {1, 1, 5, 5});
  check_layer_both<nn::ZeroPad2dImpl>(goldens(), "zeropad2d", std::vector<long>{1, 2, 0, 1});
  check_layer_both<nn::ConstantPad1dImpl>(goldens(), "constant1d", std::vector<long>{2, 1}, 1.5);
  check_layer_both<nn::ConstantPad2dImpl>(goldens(), "constant2d",
                                          std::vector<long>{1, -1, 2, 0}, -0.5);  // crops a column
  check_layer_both<nn::ConstantPad3dImpl>(goldens(), "constant3d", std::vector<long>{1, 0, 0, 2, 1, 1}, 2.0);
  for (Dtype dt : kDtypes)
    check_function(goldens(), "pad_constant4d",
                   [](const Tensor &x) { return F::pad(x, {1, 1, 0, -1, 1, 0, 2, 1}, nn::kConstant, 0.25); },
                   dt);
  assert_values(F::pad(from_vector(std::vector<long>{1, 2}), {1, 0}), {0, 1, 2}, 0);  // the default: zeros, any dtype
}

static void test_upsample_golden(void **) {
  using nn::UpsampleOptions;
  check_layer_both<nn::UpsampleImpl>(goldens(), "nearest1d", UpsampleOptions().scale_factor({2}));
  check_layer_both<nn::UpsampleImpl>(goldens(), "nearest2d", UpsampleOptions().size({6, 9}));
  check_layer_both<nn::UpsampleImpl>(goldens(), "nearest3d", UpsampleOptions().scale_factor({2}).mode(nn::kNearest));
  check_layer_both<nn::UpsampleImpl>(goldens(), "linear",
                                     UpsampleOptions().size({7}).mode(nn::kLinear).align_corners(true));
  check_layer_both<nn::UpsampleImpl>(goldens(), "bilinear",
                                     UpsampleOptions().scale_factor({2}).mode(nn::kBilinear).align_corners(true));
  check_layer_both<nn::UpsampleImpl>(goldens(), "trilinear",
                                     UpsampleOptions().size({3, 4, 5}).mode(nn::kTrilinear).align_corners(true));
  // align_corners=false, PyTorch's default (unset here too)
  check_layer_both<nn::UpsampleImpl>(goldens(), "linear_half", UpsampleOptions().size({7}).mode(nn::kLinear));
  check_layer_both<nn::UpsampleImpl>(goldens(), "bilinear_half",
                                     UpsampleOptions().scale_factor({2}).mode(nn::kBilinear).align_corners(false));
  check_layer_both<nn::UpsampleImpl>(goldens(), "bilinear_down", UpsampleOptions().size({2, 3}).mode(nn::kBilinear));
  check_layer_both<nn::UpsampleImpl>(goldens(), "bilinear_frac",
                                     UpsampleOptions().scale_factor({1.5, 2.5}).mode(nn::kBilinear));
  check_layer_both<nn::UpsampleImpl>(goldens(), "trilinear_half",
                                     UpsampleOptions().size({3, 4, 5}).mode(nn::kTrilinear));
}

// ------------------------------------------------------------------------------------ finite differences
static void test_gradchecks(void **) {
  manual_seed(9);
  auto check = [](nn::Module &m, Tensor x) {
    m.to(kDouble);
    tensor_list inputs{x};
    for (Tensor &p : m.parameters()) inputs.push_back(p);
    gradcheck([&](const tensor_list &) { return m(x); }, inputs);
  };
  nn::Conv2dImpl dilated(nn::Conv2dOptions(2, 2, 2).dilation({1, 2}).padding(1));
  check(dilated, randn({1, 2, 4, 5}, kDouble).requires_grad_());
  nn::Conv2dImpl depthwise(nn::Conv2dOptions(2, 4, {2, 3}).groups(2).padding({0, 1}));
  check(depthwise, randn({2, 2, 3, 4}, kDouble).requires_grad_());
  nn::Conv3dImpl conv3d(nn::Conv3dOptions(1, 2, {2, 1, 2}).stride({1, 1, 2}));
  check(conv3d, randn({2, 1, 3, 2, 4}, kDouble).requires_grad_());
  nn::ConvTranspose3dImpl convt3d(nn::ConvTranspose3dOptions(2, 1, 2).stride(2).dilation({1, 1, 2}));
  check(convt3d, randn({1, 2, 2, 2, 2}, kDouble).requires_grad_());
  nn::ConvTranspose1dImpl convt1d(nn::ConvTranspose1dOptions(2, 2, 3).stride(2).dilation(2).bias(false));
  check(convt1d, randn({3, 2, 3}, kDouble).requires_grad_());
  nn::AvgPool3dImpl avg3d(nn::AvgPool3dOptions(2).padding(1).count_include_pad(false).ceil_mode(true));
  check(avg3d, randn({1, 2, 3, 3, 2}, kDouble).requires_grad_());
  nn::AdaptiveAvgPool1dImpl adaptive(3);
  check(adaptive, randn({2, 5}, kDouble).requires_grad_());
  nn::ReflectionPad2dImpl reflect(std::vector<long>{2, 1, 0, 2});
  check(reflect, randn({2, 3, 4}, kDouble).requires_grad_());
  nn::ReplicationPad3dImpl replicate(1);
  check(replicate, randn({1, 1, 2, 2, 2}, kDouble).requires_grad_());
  nn::ConstantPad3dImpl constant(std::vector<long>{-1, 2, 0, 1, 1, -1}, 0.5);
  check(constant, randn({2, 2, 3, 3}, kDouble).requires_grad_());
  nn::UpsampleImpl trilinear(nn::UpsampleOptions().scale_factor({2}).mode(nn::kTrilinear).align_corners(true));
  check(trilinear, randn({1, 1, 2, 2, 3}, kDouble).requires_grad_());
  nn::UpsampleImpl bilinear(nn::UpsampleOptions().size({3, 5}).mode(nn::kBilinear));
  check(bilinear, randn({2, 1, 4, 3}, kDouble).requires_grad_());
  nn::UpsampleImpl nearest(nn::UpsampleOptions().scale_factor({3}));
  check(nearest, randn({2, 2, 2}, kDouble).requires_grad_());
}

// ------------------------------------------------------------------------------------ options, printing
static void test_options_and_printing(void **) {
  nn::Conv3d conv3d(nn::Conv3dOptions(2, 4, {1, 3, 3}).dilation(2).bias(false));
  assert_shape(conv3d->weight, {4, 2, 1, 3, 3});
  assert_false(conv3d->bias.defined());
  nn::Conv1d depthwise(nn::Conv1dOptions(3, 6, 2).groups(3));
  assert_shape(depthwise->weight, {6, 1, 2});
  nn::ConvTranspose1d convt(2, 5, 3);
  assert_shape(convt->weight, {2, 5, 3});
  assert_shape(convt->bias, {5});
  nn::MaxPool3d pool3d(2);
  assert_true(pool3d->options.stride() == nn::Size3(2));  // stride defaults to the kernel size
  std::ostringstream s;
  s << nn::Sequential{conv3d,
                      depthwise,
                      convt,
                      nn::Conv1d(nn::Conv1dOptions(1, 2, 3).padding(1)),
                      pool3d,
                      nn::MaxPool2d(nn::MaxPool2dOptions({2, 3}).dilation(2)),
                      nn::AvgPool1d(3, 1),
                      nn::AdaptiveMaxPool2d(nn::Size2(3, 4)),
                      nn::MaxUnpool2d(2),
                      nn::FractionalMaxPool2d(3, nn::Size2(5, 5)),
                      nn::ReflectionPad2d(std::vector<long>{1, 2, 3, 4}),
                      nn::ReplicationPad1d(2),
                      nn::ZeroPad2d(1),
                      nn::ConstantPad3d(std::vector<long>{1, 0, 2, 0, 0, 1}, 3.5),
                      nn::Upsample(nn::UpsampleOptions().size({4, 6}).mode(nn::kBilinear).align_corners(true))};
  assert_string_equal(s.str().c_str(),
                      "Sequential(\n"
                      "  (0): Conv3d(2, 4, kernel_size=(1, 3, 3), stride=1, dilation=2, bias=false)\n"
                      "  (1): Conv1d(3, 6, kernel_size=2, stride=1, groups=3)\n"
                      "  (2): ConvTranspose1d(2, 5, kernel_size=3, stride=1)\n"
                      "  (3): Conv1d(1, 2, kernel_size=3, stride=1, padding=1)\n"
                      "  (4): MaxPool3d(kernel_size=2, stride=2, padding=0, ceil_mode=false)\n"
                      "  (5): MaxPool2d(kernel_size=(2, 3), stride=(2, 3), padding=0, dilation=2, ceil_mode=false)\n"
                      "  (6): AvgPool1d(kernel_size=3, stride=1, padding=0, ceil_mode=false, count_include_pad=true)\n"
                      "  (7): AdaptiveMaxPool2d(output_size=(3, 4))\n"
                      "  (8): MaxUnpool2d(kernel_size=2, stride=2, padding=0)\n"
                      "  (9): FractionalMaxPool2d(kernel_size=3, output_size=5)\n"
                      "  (10): ReflectionPad2d((1, 2, 3, 4))\n"
                      "  (11): ReplicationPad1d((2, 2))\n"
                      "  (12): ZeroPad2d((1, 1, 1, 1))\n"
                      "  (13): ConstantPad3d((1, 0, 2, 0, 0, 1), value=3.5)\n"
                      "  (14): Upsample(size=(4, 6), mode=bilinear)\n"
                      ")");
}

// ------------------------------------------------------------------------------------ errors
static void test_bad_input(void **) {
  assert_throws(nn::Conv2d(nn::Conv2dOptions(4, 4, 3).groups(2)), "Conv2d: groups = 2 is not supported");
  assert_throws(nn::Conv3d(nn::Conv3dOptions(2, 2, 3).groups(2)), "Conv3d: groups = 2 is not supported");
  assert_throws(F::conv2d(randn({1, 2, 4, 4}), randn({2, 1, 3, 3}), {}, 1, 0, 2, 2),
                "conv2d: groups = 2 takes no dilation (THNN's depthwise kernel)");
  assert_throws(F::conv1d(randn({1, 2, 5}), randn({3, 2, 2}), {}, 1, 0, 1, 4), "conv1d: groups = 4 is not supported");
  assert_throws(nn::Conv3d(2, 0, 3), "Conv3d: out_channels must be positive, got 0");
  assert_throws(nn::Conv3d(2, 3, 2)(randn({3, 3, 3})),
                "conv3d: input must have 4 to 5 dimensions, got size [3 x 3 x 3]");
  assert_throws(F::conv2d(randn({1, 1, 4, 4}), randn({1, 1, 2, 2}), {}, 1, 0, {0, 1}),
                "conv2d: dilation must be positive, got 0");
  assert_throws(nn::Conv1d(1, 1, 5)(randn({1, 1, 3})), "SpatialConvolutionMM_updateOutput");  // too small
  assert_throws(F::max_pool3d(randn({1, 1, 2, 2, 2}), 2, 0, -1), "max_pool3d: padding must not be negative, got -1");
  assert_throws(F::max_unpool2d(randn({1, 1, 2, 2}), from_vector(std::vector<long>{0, 1, 2, 16}, {1, 1, 2, 2}), 2),
                "max_unpool2d: index 16 at position [0][0][1][1] is out of range for a dimension of size 16");
  assert_throws(F::max_unpool3d(randn({1, 1, 2, 2, 2}), full({1, 1, 2, 2, 2}, 64, kLong), 2),
                "max_unpool3d: index 64 at position [0][0][0][0][0] is out of range for a dimension of size 64");
  assert_throws(F::max_unpool3d(randn({1, 1, 2, 2, 2}), zeros({1, 1, 2, 2, 2}) + 2.5, 2),
                "max_unpool3d: expected a Long tensor of positions as indices, got Float");
  assert_throws(F::max_unpool3d(randn({1, 1, 2, 2, 2}), zeros({1, 1, 2, 2, 2}, kLong), 2),
                "max_unpool3d: index 0 at position [0][0][0][0][1] lies outside its element's window");
  assert_throws(F::pad(randn({2, 3}), {1, 1, 1}), "pad: constant mode takes an even number of pads, two at most per "
                                                  "dimension of the input [2 x 3], got 3");
  assert_throws(F::pad(randn({2, 3}), {1, 1, 1, 1, 1, 1}), "got 6");
  assert_throws(nn::ConstantPad1d(std::vector<long>{-2, -1}, 0)(randn({1, 3})),
                "pad: pads -2, -1 leave nothing of dimension 1 of size 3");
  assert_throws(nn::ZeroPad2d(std::vector<long>{1, 1}), "ZeroPad2d: padding must have 4 entries, got 2");
  assert_shape(nn::ZeroPad2d(1)(randn({3, 3})), {5, 5});  // still works
  assert_throws(F::max_unpool2d(randn({1, 1, 2, 2}), zeros({1, 1, 4}, kLong), 2),
                "max_unpool2d: indices must have the input's size [1 x 1 x 2 x 2], got [1 x 1 x 4]");
  assert_throws(nn::FractionalMaxPool2d(2, nn::Size2(3, 3), std::make_pair(0.5, 0.5)),
                "FractionalMaxPool2d: give exactly one of output_size and output_ratio");
  assert_throws(F::fractional_max_pool2d(randn({1, 2, 6, 6}), 2, nn::Size2(3, 3), std::nullopt, rand({1, 3, 2})),
                "fractional_max_pool2d: random_samples must have size [1 x 2 x 2], got [1 x 3 x 2]");
  assert_throws(F::pad(randn({1, 2, 3}), {1, 1, 1}, nn::kReflect), "pad: pad must have 2, 4 or 6 entries, got 3");
  assert_throws(F::pad(randn({1, 1, 2, 2, 2}), {1, 1, 1, 1, 1, 1}, nn::kReflect), "pad: reflect mode pads 1 or 2");
  assert_throws(nn::ReflectionPad2d(std::vector<long>{1, 2}), "ReflectionPad2d: padding must have 4 entries, got 2");
  assert_throws(nn::ReflectionPad1d(3)(randn({1, 1, 3})), "SpatialReflectionPadding_updateOutput");  // pad >= width
  using nn::UpsampleOptions;
  assert_throws(F::interpolate(randn({1, 1, 2, 2}), UpsampleOptions().size({3, 4})),
                "interpolate: nearest mode needs one integer scale factor for every dimension");
  assert_throws(F::interpolate(randn({1, 1, 2, 2}), UpsampleOptions().scale_factor({2}).mode(nn::kTrilinear)),
                "interpolate: mode trilinear takes a 5-D input, got size [1 x 1 x 2 x 2]");
  assert_throws(F::interpolate(randn({1, 1, 2}), UpsampleOptions()),
                "interpolate: give exactly one of size and scale_factor");
  assert_throws(nn::Upsample(), "Upsample: give exactly one of size and scale_factor");
  // the library still works
  nn::Conv3d conv(1, 2, 2);
  Tensor x = randn({1, 1, 3, 3, 3}).requires_grad_();
  F::max_pool3d(conv(x), 2).sum().backward();
  assert_shape(x.grad(), {1, 1, 3, 3, 3});
  assert_true(conv->weight.grad().defined());
}

// ------------------------------------------------------------------------------------ threads
// One LeNet-like model called from two threads at once, each on its own batches: every forward
// output and input gradient must equal the single-threaded sequence's bit for bit. The parameters
// are frozen because autograd's accumulation into a shared leaf's grad() is not synchronised; the
// input gradient still runs every kernel's backward through the per-call buffers (finput,
// fgradInput, pooling indices) that the model's modules used to share.
static void test_two_threads_one_model(void **) {
  manual_seed(11);
  nn::Sequential model{nn::Conv2d(nn::Conv2dOptions(1, 4, 3).padding(1)), nn::ReLU(), nn::MaxPool2d(2),
                       nn::Conv2d(4, 6, 3), nn::ReLU(), nn::MaxPool2d(2), nn::Flatten(), nn::Linear(12, 5)};
  for (Tensor &p : model->parameters()) p.requires_grad_(false);
  const int steps = 200;
  std::vector<Tensor> batches;
  for (int i = 0; i < 2 * steps; i++) batches.push_back(randn({1 + i % 3, 1, 10, 12}));
  auto step = [&](const Tensor &batch, Tensor &out, Tensor &grad) {
    Tensor x = batch.clone().requires_grad_();
    Tensor y = model(x);
    (y * y).sum().backward();
    out = y.detach();
    grad = x.grad();
  };
  std::vector<Tensor> want_out(batches.size()), want_grad(batches.size());
  for (size_t i = 0; i < batches.size(); i++) step(batches[i], want_out[i], want_grad[i]);
  std::vector<Tensor> out(batches.size()), grad(batches.size());
  std::string errors[2];  // an exception cannot cross a thread: each worker keeps its message
  auto worker = [&](size_t first) {
    try {
      for (size_t i = first; i < batches.size(); i += 2) step(batches[i], out[i], grad[i]);
    } catch (const Error &e) {
      errors[first] = e.what();
    }
  };
  std::thread a(worker, 0), b(worker, 1);
  a.join();
  b.join();
  assert_string_equal(errors[0].c_str(), "");
  assert_string_equal(errors[1].c_str(), "");
  for (size_t i = 0; i < batches.size(); i++) {
    assert_true(out[i].equal(want_out[i]));
    assert_true(grad[i].equal(want_grad[i]));
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_conv_golden),        cmocka_unit_test(test_pooling_golden),
      cmocka_unit_test(test_indices_and_unpool), cmocka_unit_test(test_fractional),
      cmocka_unit_test(test_padding_golden),     cmocka_unit_test(test_upsample_golden),
      cmocka_unit_test(test_gradchecks),         cmocka_unit_test(test_options_and_printing),
      cmocka_unit_test(test_bad_input),          cmocka_unit_test(test_two_threads_one_model),
  };
  return cmocka_run_group_tests(tests, nullptr, nullptr);
}
