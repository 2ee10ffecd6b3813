// Learning-rate schedules in closed form (see optim.hpp).
#include <cmath>

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

}  // namespace ember::optim
