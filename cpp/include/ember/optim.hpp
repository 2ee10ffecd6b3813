#pragma once
// Optimizers and learning-rate schedules, in libtorch's shape:
//
//   optim::SGD opt(model->parameters(), optim::SGDOptions(0.05).momentum(0.9));
//   for (auto &batch : loader) {
//     opt.zero_grad();
//     Tensor loss = criterion(model->forward(batch.data), batch.target);
//     loss.backward();
//     opt.step();
//   }
//
// Parameters are grouped; each group has its own options (opt.param_groups[i].options.lr(0.01)).
// The updates follow PyTorch 1.13's single-tensor formulas step for step (the goldens of
// tests/golden/gen_cpp_optim.py check the trajectories) and run in place on the parameters with TH
// kernels under NoGradGuard: after the first step, a step allocates nothing. A parameter whose grad()
// is undefined is skipped.
//
// State (momentum buffers, moment estimates, step counts) is kept per parameter and exported by
// state_dict() as named tensors for checkpoints (serialize.hpp):
//   "state.K.NAME"        buffer NAME (e.g. exp_avg) of the K-th parameter, counting through the groups
//                         in order; the parameter's dtype and shape
//   "state.K.step"        its step count, a Double tensor of size 1
//   "param_groups.G.lr"   group G's learning rate (schedules change it), a Double tensor of size 1
#include <ember/autograd.hpp>

#include <array>
#include <functional>
#include <map>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace ember::optim {

using NamedTensors = std::vector<std::pair<std::string, Tensor>>;

// A builder-style option: opts.NAME(value) sets it (and returns the options), opts.NAME() reads it.
#define EMBER_OPTION(TYPE, NAME, DEFAULT)   \
 public:                                    \
  auto &NAME(TYPE value) {                  \
    NAME##_ = value;                        \
    return *this;                           \
  }                                         \
  TYPE NAME() const { return NAME##_; }     \
                                            \
 private:                                   \
  TYPE NAME##_ = DEFAULT;

struct SGDOptions {
  explicit SGDOptions(double lr) : lr_(lr) {}
  EMBER_OPTION(double, lr, 0)
  EMBER_OPTION(double, momentum, 0)
  EMBER_OPTION(double, dampening, 0)
  EMBER_OPTION(double, weight_decay, 0)
  EMBER_OPTION(bool, nesterov, false)
};

struct AdamOptions {
  explicit AdamOptions(double lr = 1e-3) : lr_(lr) {}
  EMBER_OPTION(double, lr, 1e-3)
  EMBER_OPTION(double, beta1, 0.9)
  EMBER_OPTION(double, beta2, 0.999)
  EMBER_OPTION(double, eps, 1e-8)
  EMBER_OPTION(double, weight_decay, 0)
  EMBER_OPTION(bool, amsgrad, false)
 public:
  auto &betas(double b1, double b2) { return beta1(b1).beta2(b2); }
};

// AdamW differs from Adam only in its weight decay (decoupled: p *= 1 - lr * weight_decay before the
// Adam step) and its default weight_decay (1e-2).
struct AdamWOptions {
  explicit AdamWOptions(double lr = 1e-3) : lr_(lr) {}
  EMBER_OPTION(double, lr, 1e-3)
  EMBER_OPTION(double, beta1, 0.9)
  EMBER_OPTION(double, beta2, 0.999)
  EMBER_OPTION(double, eps, 1e-8)
  EMBER_OPTION(double, weight_decay, 1e-2)
  EMBER_OPTION(bool, amsgrad, false)
 public:
  auto &betas(double b1, double b2) { return beta1(b1).beta2(b2); }
};

struct RMSpropOptions {
  explicit RMSpropOptions(double lr = 1e-2) : lr_(lr) {}
  EMBER_OPTION(double, lr, 1e-2)
  EMBER_OPTION(double, alpha, 0.99)
  EMBER_OPTION(double, eps, 1e-8)
  EMBER_OPTION(double, weight_decay, 0)
  EMBER_OPTION(double, momentum, 0)
  EMBER_OPTION(bool, centered, false)
};

// L-BFGS (PyTorch's LBFGS): max_eval 0 means max_iter * 5 / 4; line_search_fn "" (a fixed step of lr)
// or "strong_wolfe".
struct LBFGSOptions {
  explicit LBFGSOptions(double lr = 1) : lr_(lr) {}
  EMBER_OPTION(double, lr, 1)
  EMBER_OPTION(long, max_iter, 20)
  EMBER_OPTION(long, max_eval, 0)
  EMBER_OPTION(double, tolerance_grad, 1e-7)
  EMBER_OPTION(double, tolerance_change, 1e-9)
  EMBER_OPTION(long, history_size, 100)
  EMBER_OPTION(std::string, line_search_fn, "")
};

struct AdagradOptions {
  explicit AdagradOptions(double lr = 1e-2) : lr_(lr) {}
  EMBER_OPTION(double, lr, 1e-2)
  EMBER_OPTION(double, lr_decay, 0)
  EMBER_OPTION(double, weight_decay, 0)
  EMBER_OPTION(double, initial_accumulator_value, 0)
  EMBER_OPTION(double, eps, 1e-10)
};

template <class Options> struct ParamGroup {
  std::vector<Tensor> params;
  Options options;
};

// What an optimizer keeps for one parameter.
struct ParamState {
  long step = 0;
  std::map<std::string, Tensor> buffers;  // exported (state_dict)
  std::array<Tensor, 2> scratch;          // reused temporaries, not exported
};

class Optimizer {
 public:
  virtual ~Optimizer() = default;
  Optimizer(const Optimizer &) = delete;
  Optimizer &operator=(const Optimizer &) = delete;

  // One update of every parameter that has a gradient.
  virtual void step();
  // Runs closure() (which computes the loss and its gradients) with grad mode on, then step();
  // returns the loss. (LBFGS calls the closure several times.)
  virtual Tensor step(const std::function<Tensor()> &closure);
  // Zeroes every parameter's gradient in place (set_to_none: drops it instead).
  void zero_grad(bool set_to_none = false);

  const std::string &name() const { return name_; }
  virtual size_t num_param_groups() const = 0;
  virtual const std::vector<Tensor> &group_params(size_t group) const = 0;
  virtual double lr(size_t group) const = 0;
  virtual void set_lr(size_t group, double lr) = 0;

  // The state as named tensors (see the top of this header); copies, not views.
  virtual NamedTensors state_dict() const;
  // Throws an ember::Error naming the first problem (unknown or duplicated entry, parameter index out
  // of range, dtype or shape not the parameter's, incomplete state) and changes nothing.
  virtual void check_state_dict(const NamedTensors &state) const;
  // check_state_dict, then replaces the whole state (and the groups' lr) by a copy of `state`.
  virtual void load_state_dict(const NamedTensors &state);

 protected:
  explicit Optimizer(std::string name) : name_(std::move(name)) {}
  // Throws when group g's options are out of range (called by the constructors and every step()).
  virtual void check_options(size_t group) const = 0;
  // The buffers this optimizer keeps for the parameters of group g (with its options).
  virtual std::vector<std::string> buffer_names(size_t group) const = 0;
  // One in-place update of param (of group g) with its gradient; the state's step is already counted.
  virtual void update(size_t group, const Tensor &param, const Tensor &grad, ParamState &state) = 0;
  // Called by constructors: checks every group's options, that parameters are defined leaves, and
  // that none appears twice.
  void check_groups() const;

 private:
  const Tensor &param_by_index(size_t k, size_t *group) const;
  std::string name_;
  std::unordered_map<const TensorImpl *, ParamState> state_;
};

template <class Options> class OptimizerWith : public Optimizer {
 public:
  using Group = ParamGroup<Options>;
  std::vector<Group> param_groups;

  void add_param_group(Group group) {
    param_groups.push_back(std::move(group));
    try {
      check_groups();
    } catch (...) {
      param_groups.pop_back();
      throw;
    }
  }
  size_t num_param_groups() const override { return param_groups.size(); }
  const std::vector<Tensor> &group_params(size_t g) const override { return param_groups.at(g).params; }
  double lr(size_t g) const override { return param_groups.at(g).options.lr(); }
  void set_lr(size_t g, double lr) override { param_groups.at(g).options.lr(lr); }

 protected:
  OptimizerWith(const char *name, std::vector<Group> groups) : Optimizer(name), param_groups(std::move(groups)) {}
};

class SGD : public OptimizerWith<SGDOptions> {
 public:
  SGD(std::vector<Group> groups);
  SGD(std::vector<Tensor> params, SGDOptions options) : SGD(std::vector<Group>{{std::move(params), options}}) {}

 protected:
  void check_options(size_t group) const override;
  std::vector<std::string> buffer_names(size_t group) const override;
  void update(size_t group, const Tensor &param, const Tensor &grad, ParamState &state) override;
};

class Adam : public OptimizerWith<AdamOptions> {
 public:
  Adam(std::vector<Group> groups);
  Adam(std::vector<Tensor> params, AdamOptions options = AdamOptions())
      : Adam(std::vector<Group>{{std::move(params), options}}) {}

 protected:
  void check_options(size_t group) const override;
  std::vector<std::string> buffer_names(size_t group) const override;
  void update(size_t group, const Tensor &param, const Tensor &grad, ParamState &state) override;
};

class AdamW : public OptimizerWith<AdamWOptions> {
 public:
  AdamW(std::vector<Group> groups);
  AdamW(std::vector<Tensor> params, AdamWOptions options = AdamWOptions())
      : AdamW(std::vector<Group>{{std::move(params), options}}) {}

 protected:
  void check_options(size_t group) const override;
  std::vector<std::string> buffer_names(size_t group) const override;
  void update(size_t group, const Tensor &param, const Tensor &grad, ParamState &state) override;
};

class RMSprop : public OptimizerWith<RMSpropOptions> {
 public:
  RMSprop(std::vector<Group> groups);
  RMSprop(std::vector<Tensor> params, RMSpropOptions options = RMSpropOptions())
      : RMSprop(std::vector<Group>{{std::move(params), options}}) {}

 protected:
  void check_options(size_t group) const override;
  std::vector<std::string> buffer_names(size_t group) const override;
  void update(size_t group, const Tensor &param, const Tensor &grad, ParamState &state) override;
};

class Adagrad : public OptimizerWith<AdagradOptions> {
 public:
  Adagrad(std::vector<Group> groups);
  Adagrad(std::vector<Tensor> params, AdagradOptions options = AdagradOptions())
      : Adagrad(std::vector<Group>{{std::move(params), options}}) {}

 protected:
  void check_options(size_t group) const override;
  std::vector<std::string> buffer_names(size_t group) const override;
  void update(size_t group, const Tensor &param, const Tensor &grad, ParamState &state) override;
};

// L-BFGS, PyTorch 1.13's algorithm step for step: step(closure) runs up to max_iter iterations (the
// closure computes the loss and the gradients; it is called once per iteration without a line search,
// several times with "strong_wolfe"). One parameter group; the parameters are seen as one flat vector
// (a parameter without a gradient counts as a zero gradient). step() without a closure throws.
// state_dict() saves the lr, the iteration and evaluation counts, the last direction d and step t,
// H_diag, the previous flat gradient and loss, and the curvature history ("state.lbfgs.NAME",
// "state.lbfgs.old_dirs.I", "state.lbfgs.old_stps.I", "state.lbfgs.ro" as Double tensors), so a
// resumed run continues exactly.
class LBFGS : public OptimizerWith<LBFGSOptions> {
 public:
  LBFGS(std::vector<Tensor> params, LBFGSOptions options = LBFGSOptions());
  void step() override;
  Tensor step(const std::function<Tensor()> &closure) override;
  NamedTensors state_dict() const override;
  void check_state_dict(const NamedTensors &state) const override;
  void load_state_dict(const NamedTensors &state) override;
  long func_evals() const { return func_evals_; }  // closure calls over all steps
  long n_iter() const { return n_iter_; }            // iterations over all steps

 protected:
  void check_options(size_t group) const override;
  std::vector<std::string> buffer_names(size_t) const override { return {}; }
  void update(size_t group, const Tensor &param, const Tensor &grad, ParamState &state) override;

 private:
  Tensor flat_grad() const;
  void add_to_params(double step, const Tensor &direction);
  long func_evals_ = 0, n_iter_ = 0;
  Tensor d_, prev_flat_grad_;  // flat, the parameters' dtype and device
  double t_ = 0, H_diag_ = 1, prev_loss_ = 0;
  std::vector<Tensor> old_dirs_, old_stps_;
  std::vector<double> ro_;
};

// ------------------------------------------------------------------------------------ schedules
// A schedule sets every group's lr from the lr the group had when the schedule was made (its base lr)
// and a counter of step() calls (last_epoch, 0 at construction), in closed form: lr = f(base_lr,
// last_epoch). Call step() once per epoch (or per iteration, as the schedule is meant), after the
// optimizer's step(). One schedule owns the lr of an optimizer; two would overwrite each other.
class LRScheduler {
 public:
  virtual ~LRScheduler() = default;
  void step();
  long last_epoch() const { return last_epoch_; }
  // Jumps to epoch n (e.g. when training resumes from a checkpoint) and sets the lrs for it.
  void set_last_epoch(long n);
  std::vector<double> get_last_lr() const;
  const std::vector<double> &base_lrs() const { return base_lrs_; }

 protected:
  explicit LRScheduler(Optimizer &optimizer);
  virtual double lr_at(double base_lr, long epoch) const = 0;
  void apply();  // sets every group's lr for last_epoch (subclass constructors call it)

 private:
  void go_to(long epoch);
  Optimizer &optimizer_;
  std::vector<double> base_lrs_;
  long last_epoch_ = 0;
};

// lr = base_lr * gamma ^ floor(epoch / step_size)   (PyTorch's StepLR)
class StepLR : public LRScheduler {
 public:
  StepLR(Optimizer &optimizer, long step_size, double gamma = 0.1);

 protected:
  double lr_at(double base_lr, long epoch) const override;

 private:
  long step_size_;
  double gamma_;
};

// lr = base_lr * gamma ^ (the number of milestones <= epoch)   (PyTorch's MultiStepLR; milestones
// increasing)
class MultiStepLR : public LRScheduler {
 public:
  MultiStepLR(Optimizer &optimizer, std::vector<long> milestones, double gamma = 0.1);

 protected:
  double lr_at(double base_lr, long epoch) const override;

 private:
  std::vector<long> milestones_;
  double gamma_;
};

// lr = base_lr * gamma ^ epoch   (PyTorch's ExponentialLR)
class ExponentialLR : public LRScheduler {
 public:
  ExponentialLR(Optimizer &optimizer, double gamma);

 protected:
  double lr_at(double base_lr, long epoch) const override;

 private:
  double gamma_;
};

// lr = eta_min + (base_lr - eta_min) * (1 + cos(pi * epoch / T_max)) / 2   (PyTorch's
// CosineAnnealingLR; past T_max the cosine goes on, as PyTorch's does)
class CosineAnnealingLR : public LRScheduler {
 public:
  CosineAnnealingLR(Optimizer &optimizer, long T_max, double eta_min = 0);

 protected:
  double lr_at(double base_lr, long epoch) const override;

 private:
  long T_max_;
  double eta_min_;
};

// lr = base_lr * factor, factor rising linearly from start_factor (epoch 0) to 1 at epoch
// warmup_steps and staying 1 after (PyTorch's LinearLR with end_factor 1).
class LinearWarmup : public LRScheduler {
 public:
  LinearWarmup(Optimizer &optimizer, long warmup_steps, double start_factor = 1.0 / 3);

 protected:
  double lr_at(double base_lr, long epoch) const override;

 private:
  long warmup_steps_;
  double start_factor_;
};

// lr = base_lr * factor(epoch)   (PyTorch's LambdaLR): any schedule, e.g. a warm-up then a decay.
class LambdaLR : public LRScheduler {
 public:
  LambdaLR(Optimizer &optimizer, std::function<double(long epoch)> factor);

 protected:
  double lr_at(double base_lr, long epoch) const override;

 private:
  std::function<double(long)> factor_;
};

// Lowers the lr when a metric stops improving (PyTorch's ReduceLROnPlateau; not closed form, so not an
// LRScheduler). Call step(metric) once per epoch, e.g. with the validation loss. A metric better than
// the best so far (mode "min": below best * (1 - threshold) with threshold_mode "rel", below best -
// threshold with "abs"; mode "max" mirrors it) resets the count of bad epochs; after more than
// `patience` bad epochs every group's lr becomes max(lr * factor, min_lr) (a change of eps or less is
// skipped) and `cooldown` epochs follow in which bad epochs are not counted.
struct ReduceLROnPlateauOptions {
  EMBER_OPTION(std::string, mode, "min")
  EMBER_OPTION(double, factor, 0.1)
  EMBER_OPTION(long, patience, 10)
  EMBER_OPTION(double, threshold, 1e-4)
  EMBER_OPTION(std::string, threshold_mode, "rel")
  EMBER_OPTION(long, cooldown, 0)
  EMBER_OPTION(double, min_lr, 0)
  EMBER_OPTION(double, eps, 1e-8)
};
#undef EMBER_OPTION

class ReduceLROnPlateau {
 public:
  ReduceLROnPlateau(Optimizer &optimizer, ReduceLROnPlateauOptions options = ReduceLROnPlateauOptions());
  void step(double metric);
  std::vector<double> get_last_lr() const;
  double best() const { return best_; }
  long num_bad_epochs() const { return num_bad_epochs_; }
  long last_epoch() const { return last_epoch_; }

 private:
  bool is_better(double metric) const;
  Optimizer &optimizer_;
  ReduceLROnPlateauOptions options_;
  double best_;
  long num_bad_epochs_ = 0, cooldown_counter_ = 0, last_epoch_ = 0;
};

}  // namespace ember::optim
