// oneDNN 2.6 (Debian's libdnnl, OpenMP threading) standalone on the DESIGN.md workloads W1 and W2, the
// bar of issue 15 for ember's convolutions, at 1 and 2 threads (omp_set_num_threads, the suffix):
//   W1 conv 3x3: input [16,64,32,32], weight [64,64,3,3], stride 1, pad 1
//   W2 conv 7x7 s2: input [8,3,224,224], weight [64,3,7,7], stride 2, pad 3
// The names mirror bench_THNN_conv's with an _onednn suffix. The user's tensors are plain NCHW / OIHW,
// as ember's are; the primitives choose their own layouts (format_tag::any), and the reorders into and
// out of those layouts run inside the timed loop, as a framework holding NCHW tensors pays them. The
// primitives are created once, outside it, after the thread count is set (oneDNN fixes its blocking
// for the thread count at creation). convolution_direct: the same arithmetic as ember's, no Winograd.
//   forward = convolution forward (inference) with bias;
//   backward = backward-data (gradInput) + backward-weights (gradWeight and gradBias; oneDNN
//   overwrites them where ember's accGradParameters accumulates).
// GFLOPS counts 2*N*O*C*kH*kW*oH*oW per forward, twice that per backward, as bench_THNN_conv does.
// limits_sgemm_onednn/<threads>: dnnl_sgemm on 1024^3 row-major, a reference GEMM rate.
#include <benchmark/benchmark.h>
#include <omp.h>

#include <deque>
#include <dnnl.hpp>
#include <string>
#include <vector>

namespace {

using dnnl::memory;
using tag = memory::format_tag;

struct Workload {
  const char *name;
  long n, c, h, w, o, k, stride, pad;
  long outH() const { return (h + 2 * pad - k) / stride + 1; }
  long outW() const { return (w + 2 * pad - k) / stride + 1; }
  double flops() const { return 2.0 * n * o * c * k * k * outH() * outW(); }
  memory::dims input() const { return {n, c, h, w}; }
  memory::dims weight() const { return {o, c, k, k}; }
  memory::dims bias() const { return {o}; }
  memory::dims output() const { return {n, o, outH(), outW()}; }
  memory::dims strides() const { return {stride, stride}; }
  memory::dims padding() const { return {pad, pad}; }
};

const Workload kWorkloads[] = {
    {"W1_conv3x3", 16, 64, 32, 32, 64, 3, 1, 1},
    {"W2_conv7x7s2", 8, 3, 224, 224, 64, 7, 2, 3},
};

memory::desc plain(const memory::dims &dims, tag layout) { return {dims, memory::data_type::f32, layout}; }
memory::desc any(const memory::dims &dims) { return plain(dims, tag::any); }

// The user's plain tensor (same values as bench_THNN_conv's) and, where the primitive wants another
// layout, its copy in that layout with the reorders both ways; toInner/toUser do nothing otherwise.
struct Operand {
  memory user, inner;
  dnnl::reorder userToInner, innerToUser;

  Operand(const memory &userMemory, const memory::desc &wanted, const dnnl::engine &engine) : user(userMemory) {
    if (wanted == user.get_desc()) {
      inner = user;
      return;
    }
    inner = memory(wanted, engine);
    userToInner = dnnl::reorder(user, inner);
    innerToUser = dnnl::reorder(inner, user);
  }
  void toInner(dnnl::stream &s) {
    if (inner != user) userToInner.execute(s, user, inner);
  }
  void toUser(dnnl::stream &s) {
    if (inner != user) innerToUser.execute(s, inner, user);
  }
};

// Plain tensors of one workload: the storage behind the user memories (a deque, as growing it moves
// no buffer a memory points into).
struct UserTensors {
  dnnl::engine &engine;
  std::deque<std::vector<float>> storage;

  memory make(const memory::dims &dims, tag layout) {
    memory::desc d = plain(dims, layout);
    storage.emplace_back(d.get_size() / sizeof(float));
    std::vector<float> &v = storage.back();
    for (size_t i = 0; i < v.size(); i++) v[i] = (float)((long)(i * 7 % 13) - 6) / 8.0f;
    return memory(d, engine, v.data());
  }
};

dnnl::convolution_forward::primitive_desc forwardPd(const Workload &w, dnnl::prop_kind kind, dnnl::engine &engine) {
  dnnl::convolution_forward::desc d(kind, dnnl::algorithm::convolution_direct, any(w.input()), any(w.weight()),
                                    any(w.bias()), any(w.output()), w.strides(), w.padding(), w.padding());
  return {d, engine};
}

void BM_forward(benchmark::State &state, const Workload *w, int threads) {
  omp_set_num_threads(threads);
  dnnl::engine engine(dnnl::engine::kind::cpu, 0);
  dnnl::stream stream(engine);
  UserTensors user{engine, {}};
  auto pd = forwardPd(*w, dnnl::prop_kind::forward_inference, engine);
  dnnl::convolution_forward conv(pd);
  Operand input(user.make(w->input(), tag::nchw), pd.src_desc(), engine);
  Operand weight(user.make(w->weight(), tag::oihw), pd.weights_desc(), engine);
  Operand bias(user.make(w->bias(), tag::x), pd.bias_desc(), engine);
  Operand output(user.make(w->output(), tag::nchw), pd.dst_desc(), engine);
  for (auto _ : state) {
    input.toInner(stream);
    weight.toInner(stream);
    bias.toInner(stream);
    conv.execute(stream, {{DNNL_ARG_SRC, input.inner},
                          {DNNL_ARG_WEIGHTS, weight.inner},
                          {DNNL_ARG_BIAS, bias.inner},
                          {DNNL_ARG_DST, output.inner}});
    output.toUser(stream);
    stream.wait();
  }
  state.counters["GFLOPS"] = benchmark::Counter(w->flops() * state.iterations() / 1e9, benchmark::Counter::kIsRate);
}

void BM_backward(benchmark::State &state, const Workload *w, int threads) {
  omp_set_num_threads(threads);
  dnnl::engine engine(dnnl::engine::kind::cpu, 0);
  dnnl::stream stream(engine);
  UserTensors user{engine, {}};
  auto hint = forwardPd(*w, dnnl::prop_kind::forward_training, engine);  // backward pds require one
  dnnl::convolution_backward_data::primitive_desc dataPd(
      {dnnl::algorithm::convolution_direct, any(w->input()), any(w->weight()), any(w->output()), w->strides(),
       w->padding(), w->padding()},
      engine, hint);
  dnnl::convolution_backward_weights::primitive_desc weightsPd(
      {dnnl::algorithm::convolution_direct, any(w->input()), any(w->weight()), any(w->bias()), any(w->output()),
       w->strides(), w->padding(), w->padding()},
      engine, hint);
  dnnl::convolution_backward_data backwardData(dataPd);
  dnnl::convolution_backward_weights backwardWeights(weightsPd);

  Operand gradOutput(user.make(w->output(), tag::nchw), dataPd.diff_dst_desc(), engine);
  // Both primitives read gradOutput: the second takes the first's copy, reordered only if it wants
  // yet another layout.
  Operand gradOutputForWeights(gradOutput.inner, weightsPd.diff_dst_desc(), engine);
  Operand weight(user.make(w->weight(), tag::oihw), dataPd.weights_desc(), engine);
  Operand gradInput(user.make(w->input(), tag::nchw), dataPd.diff_src_desc(), engine);
  Operand input(user.make(w->input(), tag::nchw), weightsPd.src_desc(), engine);
  Operand gradWeight(user.make(w->weight(), tag::oihw), weightsPd.diff_weights_desc(), engine);
  Operand gradBias(user.make(w->bias(), tag::x), weightsPd.diff_bias_desc(), engine);
  for (auto _ : state) {
    gradOutput.toInner(stream);
    weight.toInner(stream);
    backwardData.execute(stream, {{DNNL_ARG_DIFF_DST, gradOutput.inner},
                                  {DNNL_ARG_WEIGHTS, weight.inner},
                                  {DNNL_ARG_DIFF_SRC, gradInput.inner}});
    gradInput.toUser(stream);
    gradOutputForWeights.toInner(stream);
    input.toInner(stream);
    backwardWeights.execute(stream, {{DNNL_ARG_SRC, input.inner},
                                     {DNNL_ARG_DIFF_DST, gradOutputForWeights.inner},
                                     {DNNL_ARG_DIFF_WEIGHTS, gradWeight.inner},
                                     {DNNL_ARG_DIFF_BIAS, gradBias.inner}});
    gradWeight.toUser(stream);
    gradBias.toUser(stream);
    stream.wait();
  }
  state.counters["GFLOPS"] =
      benchmark::Counter(2 * w->flops() * state.iterations() / 1e9, benchmark::Counter::kIsRate);
}

void BM_sgemm(benchmark::State &state, int threads) {
  omp_set_num_threads(threads);
  const long n = 1024;
  std::vector<float> a(n * n), b(n * n), c(n * n);
  for (long i = 0; i < n * n; i++) a[i] = b[i] = (float)((i * 7 % 13) - 6) / 8.0f;
  for (auto _ : state) {
    dnnl_sgemm('N', 'N', n, n, n, 1.0f, a.data(), n, b.data(), n, 0.0f, c.data(), n);
    benchmark::DoNotOptimize(c.data());
  }
  state.counters["GFLOPS"] =
      benchmark::Counter(2.0 * n * n * n * state.iterations() / 1e9, benchmark::Counter::kIsRate);
}

}  // namespace

int main(int argc, char **argv) {
  for (int threads : {1, 2}) {
    std::string t = "/" + std::to_string(threads);
    for (const Workload &w : kWorkloads) {
      benchmark::RegisterBenchmark((std::string(w.name) + "_forward_onednn" + t).c_str(), BM_forward, &w, threads)
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime();
      benchmark::RegisterBenchmark((std::string(w.name) + "_backward_onednn" + t).c_str(), BM_backward, &w, threads)
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime();
    }
    benchmark::RegisterBenchmark(("limits_sgemm_onednn" + t).c_str(), BM_sgemm, threads)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
