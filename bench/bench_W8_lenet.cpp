// W8 (DESIGN.md): one epoch of LeNet-5 on Fashion-MNIST with the C++ layer (nn modules, autograd,
// CrossEntropyLoss, SGD lr 0.05 momentum 0.9, batch 64, the 60000 training images shuffled), at 1 and
// 2 threads (the suffix, as bench/compare.py reads it). One epoch per iteration.
//
// Counters: raw_kernels_ms is the same epoch (same batches, same layer kernels, same SGD update)
// driven by direct THNN/TH calls on preallocated tensors, without autograd, modules or per-batch
// allocation; overhead_pct = 100 * (1 - raw / total) is what the C++ layer adds on top of the
// kernels (target: < 5%), from wall-clock times; overhead_cpu_pct is the same from the process's
// CPU time, which a busy machine disturbs less (at 1 thread; with more, idle OpenMP threads spin).
#include <benchmark/benchmark.h>

#include <ember/ember.hpp>

#include "lenet.hpp"

#include <chrono>
#include <ctime>
#include <memory>
#include <vector>

using namespace ember;

namespace {

constexpr double kLr = 0.05, kMomentum = 0.9;
constexpr size_t kBatch = 64;

const data::TensorDataset *training_set() {
  static std::unique_ptr<data::TensorDataset> set = [] {
    std::unique_ptr<data::TensorDataset> s;
    try {
      s = std::make_unique<data::FashionMNIST>();
      s->transform(data::Normalize(0.2860, 0.3530));
    } catch (const Error &) {
    }
    return s;
  }();
  return set.get();
}

double cpu_seconds() {
  timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

double wall_seconds() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

void epoch(nn::Module &model, optim::Optimizer &opt, data::DataLoader &loader) {
  nn::CrossEntropyLoss criterion;
  for (const data::Example &batch : loader) {
    opt.zero_grad();
    Tensor loss = criterion(model.forward(batch.data), batch.target);
    loss.backward();
    opt.step();
  }
}

// LeNet-5 forward, backward and the SGD step as direct kernel calls (what the layer does, minus
// the layer). Parameters in the model's order: conv1 w/b, conv2 w/b, fc1 w/b, fc2 w/b, fc3 w/b.
class RawLeNet {
 public:
  explicit RawLeNet(const std::vector<Tensor> &params) {
    for (const Tensor &p : params) {
      w_.push_back(THFloatTensor_newClone(p.th_float()));
      g_.push_back(THFloatTensor_newClone(p.th_float()));
      buf_.push_back(THFloatTensor_newClone(p.th_float()));
    }
    for (auto **t : {&c1_, &r1_, &p1_, &c2_, &r2_, &p2_, &flat_, &l1_, &a1_, &l2_, &a2_, &l3_, &ls_, &loss_, &total_,
                     &finput1_, &fgrad1_, &finput2_, &fgrad2_, &addbuf_, &gls_, &gl3_, &ga2_, &gl2_, &ga1_, &gl1_,
                     &gflat_, &gp2_, &gr2_, &gc2_, &gp1_, &gr1_, &gc1_})
      *t = THFloatTensor_new();
    idx1_ = THLongTensor_new();
    idx2_ = THLongTensor_new();
    target_ = THLongTensor_new();
  }
  ~RawLeNet() {
    for (auto *t : w_) THFloatTensor_free(t);
    for (auto *t : g_) THFloatTensor_free(t);
    for (auto *t : buf_) THFloatTensor_free(t);
    for (auto *t : {c1_, r1_, p1_, c2_, r2_, p2_, flat_, l1_, a1_, l2_, a2_, l3_, ls_, loss_, total_, finput1_, fgrad1_,
                    finput2_, fgrad2_, addbuf_, gls_, gl3_, ga2_, gl2_, ga1_, gl1_, gflat_, gp2_, gr2_, gc2_, gp1_,
                    gr1_, gc1_})
      THFloatTensor_free(t);
    THLongTensor_free(idx1_);
    THLongTensor_free(idx2_);
    THLongTensor_free(target_);
  }
  RawLeNet(const RawLeNet &) = delete;
  RawLeNet &operator=(const RawLeNet &) = delete;

  void step(const data::Example &batch) {
    THFloatTensor *x = batch.data.th_float();
    long b = x->size[0];
    THLongTensor_resize1d(target_, b);
    const long *labels = batch.target.data<long>();
    for (long i = 0; i < b; i++) THLongTensor_data(target_)[i] = labels[i] + 1;
    for (auto *g : g_) THFloatTensor_zero(g);
    // forward
    THNN_FloatSpatialConvolutionMM_updateOutput(nullptr, x, c1_, w_[0], w_[1], finput1_, fgrad1_, 5, 5, 1, 1, 2, 2);
    THNN_FloatThreshold_updateOutput(nullptr, c1_, r1_, 0, 0, false);
    THNN_FloatSpatialMaxPooling_updateOutput(nullptr, r1_, p1_, idx1_, 2, 2, 2, 2, 0, 0, false);
    THNN_FloatSpatialConvolutionMM_updateOutput(nullptr, p1_, c2_, w_[2], w_[3], finput2_, fgrad2_, 5, 5, 1, 1, 0, 0);
    THNN_FloatThreshold_updateOutput(nullptr, c2_, r2_, 0, 0, false);
    THNN_FloatSpatialMaxPooling_updateOutput(nullptr, r2_, p2_, idx2_, 2, 2, 2, 2, 0, 0, false);
    THFloatTensor_setStorage2d(flat_, p2_->storage, p2_->storageOffset, b, 400, 400, 1);
    THNN_FloatLinear_updateOutput(nullptr, flat_, l1_, w_[4], w_[5], addbuf_);
    THNN_FloatThreshold_updateOutput(nullptr, l1_, a1_, 0, 0, false);
    THNN_FloatLinear_updateOutput(nullptr, a1_, l2_, w_[6], w_[7], addbuf_);
    THNN_FloatThreshold_updateOutput(nullptr, l2_, a2_, 0, 0, false);
    THNN_FloatLinear_updateOutput(nullptr, a2_, l3_, w_[8], w_[9], addbuf_);
    THNN_FloatLogSoftMax_updateOutput(nullptr, l3_, ls_);
    THNN_FloatClassNLLCriterion_updateOutput(nullptr, ls_, target_, loss_, true, nullptr, total_, -100);
    // backward
    THFloatTensor_resizeAs(gls_, ls_);
    THFloatTensor_zero(gls_);
    THNN_FloatClassNLLCriterion_updateGradInput(nullptr, ls_, target_, gls_, true, nullptr, total_, -100);
    THNN_FloatLogSoftMax_updateGradInput(nullptr, l3_, gls_, gl3_, ls_);
    linear_backward(a2_, gl3_, ga2_, 8);
    THNN_FloatThreshold_updateGradInput(nullptr, l2_, ga2_, gl2_, 0, 0, false);
    linear_backward(a1_, gl2_, ga1_, 6);
    THNN_FloatThreshold_updateGradInput(nullptr, l1_, ga1_, gl1_, 0, 0, false);
    linear_backward(flat_, gl1_, gflat_, 4);
    THFloatTensor_setStorage4d(gp2_, gflat_->storage, gflat_->storageOffset, b, 400, 16, 25, 5, 5, 5, 1);
    THNN_FloatSpatialMaxPooling_updateGradInput(nullptr, r2_, gp2_, gr2_, idx2_, 2, 2, 2, 2, 0, 0, false);
    THNN_FloatThreshold_updateGradInput(nullptr, c2_, gr2_, gc2_, 0, 0, false);
    THNN_FloatSpatialConvolutionMM_updateGradInput(nullptr, p1_, gc2_, gp1_, w_[2], finput2_, fgrad2_, 5, 5, 1, 1, 0, 0);
    THNN_FloatSpatialConvolutionMM_accGradParameters(nullptr, p1_, gc2_, g_[2], g_[3], finput2_, fgrad2_, 5, 5, 1, 1,
                                                     0, 0, 1);
    THNN_FloatSpatialMaxPooling_updateGradInput(nullptr, r1_, gp1_, gr1_, idx1_, 2, 2, 2, 2, 0, 0, false);
    THNN_FloatThreshold_updateGradInput(nullptr, c1_, gr1_, gc1_, 0, 0, false);
    THNN_FloatSpatialConvolutionMM_accGradParameters(nullptr, x, gc1_, g_[0], g_[1], finput1_, fgrad1_, 5, 5, 1, 1,
                                                     2, 2, 1);
    // SGD with momentum (the first step copies the gradient into the buffer)
    for (size_t i = 0; i < w_.size(); i++) {
      if (first_) THFloatTensor_copy(buf_[i], g_[i]);
      else {
        THFloatTensor_mul(buf_[i], buf_[i], (float)kMomentum);
        THFloatTensor_cadd(buf_[i], buf_[i], 1, g_[i]);
      }
      THFloatTensor_cadd(w_[i], w_[i], (float)-kLr, buf_[i]);
    }
    first_ = false;
  }

 private:
  void linear_backward(THFloatTensor *in, THFloatTensor *grad_out, THFloatTensor *grad_in, size_t k) {
    THNN_FloatLinear_updateGradInput(nullptr, in, grad_out, grad_in, w_[k]);
    THNN_FloatLinear_accGradParameters(nullptr, in, grad_out, grad_in, w_[k], w_[k + 1], g_[k], g_[k + 1], addbuf_, 1);
  }

  std::vector<THFloatTensor *> w_, g_, buf_;
  THFloatTensor *c1_, *r1_, *p1_, *c2_, *r2_, *p2_, *flat_, *l1_, *a1_, *l2_, *a2_, *l3_, *ls_, *loss_, *total_;
  THFloatTensor *finput1_, *fgrad1_, *finput2_, *fgrad2_, *addbuf_;
  THFloatTensor *gls_, *gl3_, *ga2_, *gl2_, *ga1_, *gl1_, *gflat_, *gp2_, *gr2_, *gc2_, *gp1_, *gr1_, *gc1_;
  THLongTensor *idx1_, *idx2_, *target_;
  bool first_ = true;
};

void W8_lenet_epoch(benchmark::State &state) {
  const data::TensorDataset *set = training_set();
  if (!set) {
    state.SkipWithError("Fashion-MNIST not found (Debian package dataset-fashion-mnist)");
    return;
  }
  THSetNumThreads((int)state.range(0));
  manual_seed(1);
  auto model = lenet();
  optim::SGD opt(model->parameters(), optim::SGDOptions(kLr).momentum(kMomentum));
  data::DataLoader loader(*set, data::DataLoaderOptions(kBatch).shuffle(true).seed(1));
  double total_s = 0, raw_s = 0, total_cpu = 0, raw_cpu = 0;
  for (auto _ : state) {
    double t0 = wall_seconds(), c0 = cpu_seconds();
    epoch(*model, opt, loader);
    total_s += wall_seconds() - t0;
    total_cpu += cpu_seconds() - c0;

    state.PauseTiming();
    RawLeNet raw(model->parameters());
    data::DataLoader raw_loader(*set, data::DataLoaderOptions(kBatch).shuffle(true).seed(1));
    double t1 = wall_seconds(), c1 = cpu_seconds();
    for (const data::Example &batch : raw_loader) raw.step(batch);
    raw_s += wall_seconds() - t1;
    raw_cpu += cpu_seconds() - c1;
    state.ResumeTiming();
  }
  state.counters["raw_kernels_ms"] = 1e3 * raw_s / (double)state.iterations();
  state.counters["overhead_pct"] = 100 * (1 - raw_s / total_s);
  state.counters["overhead_cpu_pct"] = 100 * (1 - raw_cpu / total_cpu);
  state.SetItemsProcessed((int64_t)(state.iterations() * set->size()));
}

}  // namespace

BENCHMARK(W8_lenet_epoch)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(3)->UseRealTime();

BENCHMARK_MAIN();
