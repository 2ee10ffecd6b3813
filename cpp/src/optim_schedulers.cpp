// Learning-rate schedules in closed form (see optim.hpp).
#include <algorithm>
#include <cmath>
#include <limits>

#include "optim_impl.hpp"

namespace ember::optim {

LRScheduler::LRScheduler(Optimizer &optimizer) : optimizer_(optimizer) {
  for (size_t g = 0; g < optimizer.num_param_groups(); g++) base_lrs_.push_back(optimizer.lr(g));
}

void LRScheduler::go_to(long epoch) {
  if (optimizer_.num_param_groups() != base_lrs_.size())
    ember::detail::fail("LRScheduler: the optimizer had " + std::to_string(base_lrs_.size()) +
                        " parameter group(s) when the schedule was made and has " +
                        std::to_string(optimizer_.num_param_groups()) + " now");
  std::vector<double> lrs;  // all computed first: a failing lr_at changes nothing
  for (double base : base_lrs_) lrs.push_back(lr_at(base, epoch));
  last_epoch_ = epoch;
  for (size_t g = 0; g < lrs.size(); g++) optimizer_.set_lr(g, lrs[g]);
}

void LRScheduler::apply() { go_to(last_epoch_); }
void LRScheduler::step() { go_to(last_epoch_ + 1); }

void LRScheduler::set_last_epoch(long n) {
  impl::check_option(n >= 0, "LRScheduler", "last_epoch", (double)n, ">= 0");
  go_to(n);
}

std::vector<double> LRScheduler::get_last_lr() const {
  std::vector<double> lrs;
  for (size_t g = 0; g < optimizer_.num_param_groups(); g++) lrs.push_back(optimizer_.lr(g));
  return lrs;
}

StepLR::StepLR(Optimizer &optimizer, long step_size, double gamma)
    : LRScheduler(optimizer), step_size_(step_size), gamma_(gamma) {
  impl::check_option(step_size > 0, "StepLR", "step_size", (double)step_size, "> 0");
  impl::check_option(gamma >= 0, "StepLR", "gamma", gamma, ">= 0");
  apply();
}
double StepLR::lr_at(double base_lr, long epoch) const {
  return base_lr * std::pow(gamma_, (double)(epoch / step_size_));
}

MultiStepLR::MultiStepLR(Optimizer &optimizer, std::vector<long> milestones, double gamma)
    : LRScheduler(optimizer), milestones_(std::move(milestones)), gamma_(gamma) {
  for (size_t i = 1; i < milestones_.size(); i++)
    if (milestones_[i] <= milestones_[i - 1])
      ember::detail::fail("MultiStepLR: milestones must increase, got " + std::to_string(milestones_[i - 1]) +
                          " then " + std::to_string(milestones_[i]));
  impl::check_option(gamma >= 0, "MultiStepLR", "gamma", gamma, ">= 0");
  apply();
}
double MultiStepLR::lr_at(double base_lr, long epoch) const {
  long passed = std::upper_bound(milestones_.begin(), milestones_.end(), epoch) - milestones_.begin();
  return base_lr * std::pow(gamma_, (double)passed);
}

ExponentialLR::ExponentialLR(Optimizer &optimizer, double gamma) : LRScheduler(optimizer), gamma_(gamma) {
  impl::check_option(gamma >= 0, "ExponentialLR", "gamma", gamma, ">= 0");
  apply();
}
double ExponentialLR::lr_at(double base_lr, long epoch) const { return base_lr * std::pow(gamma_, (double)epoch); }

CosineAnnealingLR::CosineAnnealingLR(Optimizer &optimizer, long T_max, double eta_min)
    : LRScheduler(optimizer), T_max_(T_max), eta_min_(eta_min) {
  impl::check_option(T_max > 0, "CosineAnnealingLR", "T_max", (double)T_max, "> 0");
  impl::check_option(eta_min >= 0, "CosineAnnealingLR", "eta_min", eta_min, ">= 0");
  apply();
}
double CosineAnnealingLR::lr_at(double base_lr, long epoch) const {
  return eta_min_ + (base_lr - eta_min_) * (1 + std::cos(M_PI * (double)epoch / (double)T_max_)) / 2;
}

LinearWarmup::LinearWarmup(Optimizer &optimizer, long warmup_steps, double start_factor)
    : LRScheduler(optimizer), warmup_steps_(warmup_steps), start_factor_(start_factor) {
  impl::check_option(warmup_steps > 0, "LinearWarmup", "warmup_steps", (double)warmup_steps, "> 0");
  impl::check_option(start_factor > 0 && start_factor <= 1, "LinearWarmup", "start_factor", start_factor,
                     "in (0, 1]");
  apply();
}
double LinearWarmup::lr_at(double base_lr, long epoch) const {
  double progress = (double)std::min(epoch, warmup_steps_) / (double)warmup_steps_;
  return base_lr * (start_factor_ + (1 - start_factor_) * progress);
}

LambdaLR::LambdaLR(Optimizer &optimizer, std::function<double(long)> factor)
    : LRScheduler(optimizer), factor_(std::move(factor)) {
  if (!factor_) ember::detail::fail("LambdaLR: no factor function");
  apply();
}
double LambdaLR::lr_at(double base_lr, long epoch) const {
  double f = factor_(epoch);
  impl::check_option(f >= 0 && std::isfinite(f), "LambdaLR", "factor", f, "finite and >= 0");
  return base_lr * f;
}

// ------------------------------------------------------------------------- ReduceLROnPlateau
ReduceLROnPlateau::ReduceLROnPlateau(Optimizer &optimizer, ReduceLROnPlateauOptions options)
    : optimizer_(optimizer), options_(std::move(options)) {
  const ReduceLROnPlateauOptions &o = options_;
  const char *name = "ReduceLROnPlateau";
  if (o.mode() != "min" && o.mode() != "max")
    ember::detail::fail("ReduceLROnPlateau: invalid mode \"" + o.mode() + "\" (expected \"min\" or \"max\")");
  if (o.threshold_mode() != "rel" && o.threshold_mode() != "abs")
    ember::detail::fail("ReduceLROnPlateau: invalid threshold_mode \"" + o.threshold_mode() +
                        "\" (expected \"rel\" or \"abs\")");
  impl::check_option(o.factor() >= 0 && o.factor() < 1, name, "factor", o.factor(), "in [0, 1)");
  impl::check_option(o.patience() >= 0, name, "patience", (double)o.patience(), ">= 0");
  impl::check_option(o.threshold() >= 0, name, "threshold", o.threshold(), ">= 0");
  impl::check_option(o.cooldown() >= 0, name, "cooldown", (double)o.cooldown(), ">= 0");
  impl::check_option(o.min_lr() >= 0, name, "min_lr", o.min_lr(), ">= 0");
  impl::check_option(o.eps() >= 0, name, "eps", o.eps(), ">= 0");
  best_ = (o.mode() == "min" ? 1 : -1) * std::numeric_limits<double>::infinity();
}

bool ReduceLROnPlateau::is_better(double metric) const {
  const ReduceLROnPlateauOptions &o = options_;
  bool rel = o.threshold_mode() == "rel";
  if (o.mode() == "min") return rel ? metric < best_ * (1 - o.threshold()) : metric < best_ - o.threshold();
  return rel ? metric > best_ * (1 + o.threshold()) : metric > best_ + o.threshold();
}

void ReduceLROnPlateau::step(double metric) {
  last_epoch_++;
  if (is_better(metric)) {
    best_ = metric;
    num_bad_epochs_ = 0;
  } else {
    num_bad_epochs_++;
  }
  if (cooldown_counter_ > 0) {  // bad epochs right after a reduction do not count
    cooldown_counter_--;
    num_bad_epochs_ = 0;
  }
  if (num_bad_epochs_ > options_.patience()) {
    for (size_t g = 0; g < optimizer_.num_param_groups(); g++) {
      double old_lr = optimizer_.lr(g), new_lr = std::max(old_lr * options_.factor(), options_.min_lr());
      if (old_lr - new_lr > options_.eps()) optimizer_.set_lr(g, new_lr);
    }
    cooldown_counter_ = options_.cooldown();
    num_bad_epochs_ = 0;
  }
}

std::vector<double> ReduceLROnPlateau::get_last_lr() const {
  std::vector<double> lrs;
  for (size_t g = 0; g < optimizer_.num_param_groups(); g++) lrs.push_back(optimizer_.lr(g));
  return lrs;
}

}  // namespace ember::optim
