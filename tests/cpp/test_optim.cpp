// Optimizers and schedules: 10-step trajectories on a least-squares problem against PyTorch 1.13
// (tests/golden/gen_cpp_optim.py), per-group options, state export/import, closures, zero_grad, the
// in-place contract, and bad options.
#include "ember_test.hpp"

#include "golden.h"

#include <memory>

using namespace ember;
using optim::Optimizer;

namespace {
const char *const kGolden = "cpp_optim.txt";

Tensor golden(const std::string &name) { return Tensor::adopt(golden_double(kGolden, name.c_str())); }

// The least-squares problem of gen_cpp_optim.py; w and b start at w0, b0.
struct Problem {
  Tensor X = golden("X"), Y = golden("Y");
  Tensor w, b;
  explicit Problem(Dtype dtype = kDouble) {
    w = golden("w0").to(dtype).clone().requires_grad_();
    b = golden("b0").to(dtype).clone().requires_grad_();
    X = X.to(dtype);
    Y = Y.to(dtype);
  }
  Tensor loss() const { return (X.matmul(w) + b - Y).pow(2).mean(); }
  void step(Optimizer &opt) const {
    opt.zero_grad();
    loss().backward();
    opt.step();
  }
};

using Factory = std::function<std::unique_ptr<Optimizer>(const Tensor &w, const Tensor &b)>;

// Groups {w} and {b} with the same options (as gen_cpp_optim.py builds them).
template <class Opt, class Options> Factory same(Options o) {
  return [o](const Tensor &w, const Tensor &b) {
    return std::unique_ptr<Optimizer>(new Opt(std::vector<typename Opt::Group>{{{w}, o}, {{b}, o}}));
  };
}

// Runs 10 steps and compares w and b after each with CASE_w / CASE_b.
void check_trajectory(const std::string &name, const Factory &make, Dtype dtype = kDouble, double tol = 1e-8) {
  Problem p(dtype);
  std::unique_ptr<Optimizer> opt = make(p.w, p.b);
  Tensor ws = golden(name + "_w"), bs = golden(name + "_b");
  for (long s = 0; s < 10; s++) {
    p.step(*opt);
    std::vector<double> w = values(ws[s]), b = values(bs[s]);
    std::vector<double> got_w = values(p.w), got_b = values(p.b);
    for (size_t i = 0; i < w.size(); i++)
      if (!(std::fabs(got_w[i] - w[i]) <= tol * (1 + std::fabs(w[i]))))
        fail_msg("%s step %ld: w[%zu] = %.12g, PyTorch %.12g", name.c_str(), s + 1, i, got_w[i], w[i]);
    for (size_t i = 0; i < b.size(); i++)
      if (!(std::fabs(got_b[i] - b[i]) <= tol * (1 + std::fabs(b[i]))))
        fail_msg("%s step %ld: b[%zu] = %.12g, PyTorch %.12g", name.c_str(), s + 1, i, got_b[i], b[i]);
  }
}
}  // namespace

// ------------------------------------------------------------------ trajectories vs PyTorch
static void test_sgd(void **) {
  using optim::SGD;
  using optim::SGDOptions;
  check_trajectory("sgd_plain", same<SGD>(SGDOptions(0.1)));
  check_trajectory("sgd_momentum", same<SGD>(SGDOptions(0.05).momentum(0.9)));
  check_trajectory("sgd_nesterov", same<SGD>(SGDOptions(0.05).momentum(0.9).nesterov(true)));
  check_trajectory("sgd_dampening_decay", same<SGD>(SGDOptions(0.05).momentum(0.8).dampening(0.3).weight_decay(0.1)));
  check_trajectory("sgd_momentum", same<SGD>(SGDOptions(0.05).momentum(0.9)), kFloat, 1e-5);
}

static void test_param_groups(void **) {
  // w: lr 0.1 with momentum; b: lr 0.01 without.
  check_trajectory("sgd_groups", [](const Tensor &w, const Tensor &b) {
    return std::unique_ptr<Optimizer>(new optim::SGD(
        {{{w}, optim::SGDOptions(0.1).momentum(0.9)}, {{b}, optim::SGDOptions(0.01)}}));
  });
  // Options read and changed through the groups.
  Problem p;
  optim::SGD opt({{{p.w}, optim::SGDOptions(0.1)}, {{p.b}, optim::SGDOptions(0.01)}});
  assert_int_equal(opt.num_param_groups(), 2);
  assert_close(opt.lr(1), 0.01, 0);
  opt.param_groups[1].options.lr(0.5).momentum(0.2);
  assert_close(opt.lr(1), 0.5, 0);
  assert_close(opt.param_groups[1].options.momentum(), 0.2, 0);
  Tensor extra = zeros({3}, kDouble).requires_grad_();
  opt.add_param_group({{extra}, optim::SGDOptions(1)});
  assert_int_equal(opt.num_param_groups(), 3);
  assert_throws(opt.add_param_group({{p.w}, optim::SGDOptions(1)}), "appears more than once");
  assert_int_equal(opt.num_param_groups(), 3);  // the failed group was not kept
}

static void test_adam_adamw(void **) {
  using optim::AdamOptions;
  using optim::AdamWOptions;
  check_trajectory("adam", same<optim::Adam>(AdamOptions(0.05)));
  check_trajectory("adam_amsgrad_decay",
                   same<optim::Adam>(AdamOptions(0.05).betas(0.8, 0.95).weight_decay(0.1).amsgrad(true)));
  check_trajectory("adamw", same<optim::AdamW>(AdamWOptions(0.05).weight_decay(0.1)));
  check_trajectory("adamw_amsgrad", same<optim::AdamW>(AdamWOptions(0.05).amsgrad(true)));
  check_trajectory("adam", same<optim::Adam>(AdamOptions(0.05)), kFloat, 1e-5);
  assert_close(AdamWOptions().weight_decay(), 1e-2, 0);  // PyTorch's default
}

static void test_rmsprop_adagrad(void **) {
  check_trajectory("rmsprop", same<optim::RMSprop>(optim::RMSpropOptions(0.01)));
  check_trajectory("rmsprop_centered_momentum",
                   same<optim::RMSprop>(
                       optim::RMSpropOptions(0.01).alpha(0.9).momentum(0.5).centered(true).weight_decay(0.05)));
  check_trajectory("adagrad", same<optim::Adagrad>(optim::AdagradOptions(0.1).lr_decay(0.01).initial_accumulator_value(
                                  0.1).weight_decay(0.05)));
}

// ------------------------------------------------------------------------------- schedules
static void check_schedule(const std::string &name, const std::function<std::unique_ptr<optim::LRScheduler>(Optimizer &)> &make) {
  Tensor p = zeros({1}, kDouble).requires_grad_();
  optim::SGD opt({p}, optim::SGDOptions(0.1));
  std::unique_ptr<optim::LRScheduler> sched = make(opt);
  std::vector<double> expected = values(golden(name + "_lr"));
  assert_close(opt.lr(0), expected[0], 1e-12);
  for (size_t i = 1; i < expected.size(); i++) {
    opt.step();
    sched->step();
    if (!(std::fabs(opt.lr(0) - expected[i]) <= 1e-9))
      fail_msg("%s: lr after %zu steps is %.12g, PyTorch %.12g", name.c_str(), i, opt.lr(0), expected[i]);
    assert_close(sched->get_last_lr()[0], expected[i], 1e-9);
  }
  assert_int_equal(sched->last_epoch(), (long)expected.size() - 1);
  sched->set_last_epoch(3);  // resuming: the lr of epoch 3
  assert_close(opt.lr(0), expected[3], 1e-9);
}

static void test_schedules(void **) {
  check_schedule("steplr", [](Optimizer &o) { return std::make_unique<optim::StepLR>(o, 3, 0.5); });
  check_schedule("cosine", [](Optimizer &o) { return std::make_unique<optim::CosineAnnealingLR>(o, 10, 0.001); });
  check_schedule("warmup", [](Optimizer &o) { return std::make_unique<optim::LinearWarmup>(o, 4, 0.25); });
  check_schedule("multistep", [](Optimizer &o) {
    return std::make_unique<optim::MultiStepLR>(o, std::vector<long>{2, 5, 11}, 0.3);
  });
  check_schedule("exponential", [](Optimizer &o) { return std::make_unique<optim::ExponentialLR>(o, 0.9); });
  // Per-group base lrs.
  Tensor a = zeros({1}).requires_grad_(), b = zeros({1}).requires_grad_();
  optim::SGD opt({{{a}, optim::SGDOptions(1)}, {{b}, optim::SGDOptions(0.1)}});
  optim::StepLR sched(opt, 1, 0.5);
  sched.step();
  sched.step();
  assert_close(opt.lr(0), 0.25, 1e-15);
  assert_close(opt.lr(1), 0.025, 1e-15);
  optim::LambdaLR lambda(opt, [](long e) { return 1.0 / (double)(e + 1); });  // from the lrs StepLR left
  assert_close(opt.lr(0), 0.25, 1e-15);
  lambda.step();
  lambda.step();
  assert_close(opt.lr(0), 0.25 / 3, 1e-15);
  assert_close(opt.lr(1), 0.025 / 3, 1e-15);
  optim::LambdaLR negative(opt, [](long e) { return e < 2 ? 1.0 : -1.0; });
  negative.step();
  assert_throws(negative.step(), "LambdaLR: invalid factor -1");
  assert_int_equal(negative.last_epoch(), 1);  // a failed step changes nothing
  assert_close(opt.lr(0), 0.25 / 3, 1e-15);
  assert_throws(optim::StepLR(opt, 0), "step_size");
  assert_throws(optim::CosineAnnealingLR(opt, 0), "T_max");
  assert_throws(optim::LinearWarmup(opt, 5, 0), "start_factor");
  assert_throws(optim::MultiStepLR(opt, {3, 3}), "MultiStepLR: milestones must increase, got 3 then 3");
  assert_throws(optim::ExponentialLR(opt, -0.5), "ExponentialLR: invalid gamma -0.5");
}

static void test_reduce_lr_on_plateau(void **) {
  Tensor p = zeros({1}, kDouble).requires_grad_();
  optim::SGD opt({p}, optim::SGDOptions(0.1));
  optim::ReduceLROnPlateau sched(opt, optim::ReduceLROnPlateauOptions()
                                          .factor(0.5)
                                          .patience(2)
                                          .threshold(0.01)
                                          .cooldown(1)
                                          .min_lr(0.02));
  std::vector<double> metric = values(golden("plateau_metric")), expected = values(golden("plateau_lr"));
  assert_close(opt.lr(0), expected[0], 1e-15);
  for (size_t i = 0; i < metric.size(); i++) {
    sched.step(metric[i]);
    if (!(std::fabs(opt.lr(0) - expected[i + 1]) <= 1e-12))
      fail_msg("plateau: lr after step %zu is %.12g, PyTorch %.12g", i + 1, opt.lr(0), expected[i + 1]);
  }
  assert_close(sched.get_last_lr()[0], 0.02, 1e-15);  // held at min_lr
  assert_close(sched.best(), 1, 1e-15);
  assert_int_equal(sched.last_epoch(), (long)metric.size());

  // mode max with an absolute threshold: 0.5 then 0.55 (not better by 0.1), patience 0 halves at once.
  optim::SGD opt2({p}, optim::SGDOptions(1));
  optim::ReduceLROnPlateau up(opt2, optim::ReduceLROnPlateauOptions().mode("max").threshold_mode("abs")
                                        .threshold(0.1).patience(0).factor(0.5));
  up.step(0.5);
  assert_close(opt2.lr(0), 1, 1e-15);
  up.step(0.55);
  assert_close(opt2.lr(0), 0.5, 1e-15);
  up.step(0.7);
  assert_close(opt2.lr(0), 0.5, 1e-15);
  assert_int_equal(up.num_bad_epochs(), 0);

  assert_throws(optim::ReduceLROnPlateau(opt, optim::ReduceLROnPlateauOptions().mode("lowest")),
                "ReduceLROnPlateau: invalid mode \"lowest\" (expected \"min\" or \"max\")");
  assert_throws(optim::ReduceLROnPlateau(opt, optim::ReduceLROnPlateauOptions().factor(1)),
                "ReduceLROnPlateau: invalid factor 1 (expected in [0, 1))");
  assert_throws(optim::ReduceLROnPlateau(opt, optim::ReduceLROnPlateauOptions().threshold_mode("pct")),
                "threshold_mode");
  assert_throws(optim::ReduceLROnPlateau(opt, optim::ReduceLROnPlateauOptions().patience(-1)), "patience");
}

// ---------------------------------------------------------------------------------- LBFGS
namespace {
// Runs 4 LBFGS steps on params with loss_fn and compares with the golden CASE_x, CASE_loss, CASE_evals.
void check_lbfgs(const std::string &name, std::vector<Tensor> params, const std::function<Tensor()> &loss_fn,
                 optim::LBFGSOptions options, double tol = 1e-7) {
  optim::LBFGS opt(params, options);
  auto closure = [&] {
    opt.zero_grad();
    Tensor loss = loss_fn();
    loss.backward();
    return loss;
  };
  Tensor xs = golden(name + "_x");
  std::vector<double> losses = values(golden(name + "_loss")), evals = values(golden(name + "_evals"));
  for (long s = 0; s < 4; s++) {
    double loss = opt.step(closure).item();
    if (!(std::fabs(loss - losses[s]) <= tol * (1 + std::fabs(losses[s]))))
      fail_msg("%s step %ld: loss %.12g, PyTorch %.12g", name.c_str(), s + 1, loss, losses[s]);
    std::vector<double> got;
    for (const Tensor &p : params)
      for (double v : values(p)) got.push_back(v);
    std::vector<double> want = values(xs[s]);
    for (size_t i = 0; i < want.size(); i++)
      if (!(std::fabs(got[i] - want[i]) <= tol * (1 + std::fabs(want[i]))))
        fail_msg("%s step %ld: x[%zu] = %.12g, PyTorch %.12g", name.c_str(), s + 1, i, got[i], want[i]);
    assert_int_equal(opt.func_evals(), (long)evals[s]);
  }
}

Tensor rosenbrock(const Tensor &x) {
  Tensor a = x[0], b = x[1];
  return (1.0 - a).pow(2) + 100.0 * (b - a.pow(2)).pow(2);
}
}  // namespace

static void test_lbfgs(void **) {
  Tensor x = from_vector(std::vector<double>{-1.5, 2}).requires_grad_();
  check_lbfgs("lbfgs_rosen", {x}, [&] { return rosenbrock(x); }, optim::LBFGSOptions(0.05).max_iter(10).history_size(4));
  Tensor y = from_vector(std::vector<double>{-1.5, 2}).requires_grad_();
  check_lbfgs("lbfgs_rosen_wolfe", {y}, [&] { return rosenbrock(y); },
              optim::LBFGSOptions(1).max_iter(10).history_size(4).line_search_fn("strong_wolfe"));
  Problem p;
  check_lbfgs("lbfgs_lsq", {p.w, p.b}, [&] { return p.loss(); }, optim::LBFGSOptions(0.5).max_iter(3).history_size(2));
  Problem q;
  check_lbfgs("lbfgs_lsq_wolfe", {q.w, q.b}, [&] { return q.loss(); },
              optim::LBFGSOptions(1).max_iter(5).line_search_fn("strong_wolfe"));
}

static void test_lbfgs_state_and_errors(void **) {
  // Two steps, save, two more; a fresh optimizer loading the state after two steps ends at the same point.
  auto options = optim::LBFGSOptions(0.5).max_iter(3).history_size(2);
  Problem a;
  optim::LBFGS opt(std::vector<Tensor>{a.w, a.b}, options);
  auto closure_for = [](optim::LBFGS &o, const Problem &p) {
    return [&o, &p] {
      o.zero_grad();
      Tensor loss = p.loss();
      loss.backward();
      return loss;
    };
  };
  opt.step(closure_for(opt, a));
  opt.step(closure_for(opt, a));
  optim::NamedTensors saved = opt.state_dict();
  Tensor w_saved = a.w.detach().clone(), b_saved = a.b.detach().clone();
  opt.step(closure_for(opt, a));
  opt.step(closure_for(opt, a));

  Problem b;
  {
    NoGradGuard no_grad;
    b.w.copy_(w_saved);
    b.b.copy_(b_saved);
  }
  optim::LBFGS resumed(std::vector<Tensor>{b.w, b.b}, options);
  resumed.load_state_dict(saved);
  assert_int_equal(resumed.func_evals(), 6);
  resumed.step(closure_for(resumed, b));
  resumed.step(closure_for(resumed, b));
  assert_true(b.w.allclose(a.w, 0, 1e-12));
  assert_true(b.b.allclose(a.b, 0, 1e-12));
  std::vector<double> want = values(golden("lbfgs_lsq_x")[3]);
  assert_close(values(b.w)[0], want[0], 1e-7);

  // Bad state: nothing changes.
  optim::NamedTensors bad = saved;
  bad.emplace_back("state.lbfgs.old_dirs.7", zeros({8}, kDouble));
  assert_throws(resumed.load_state_dict(bad), "LBFGS state: entry \"state.lbfgs.old_dirs.7\" is not one of this optimizer's");
  bad = saved;
  for (auto &[name, t] : bad)
    if (name == "state.lbfgs.d") t = zeros({3}, kDouble);
  assert_throws(resumed.load_state_dict(bad), "LBFGS state: entry \"state.lbfgs.d\" must hold 8 value(s), got shape [3]");
  assert_int_equal(resumed.func_evals(), 12);

  // Errors.
  assert_throws(resumed.step(), "LBFGS: step() needs a closure");
  assert_throws(optim::LBFGS({b.w}, optim::LBFGSOptions().line_search_fn("wolfe")),
                "LBFGS: invalid line_search_fn \"wolfe\" (expected \"\" or \"strong_wolfe\")");
  assert_throws(optim::LBFGS({b.w}, optim::LBFGSOptions().history_size(0)), "LBFGS: invalid history_size 0");
  assert_throws(resumed.add_param_group({{zeros({1}, kDouble).requires_grad_()}, options}), "LBFGS: one parameter group only");
  assert_throws(resumed.step([] { return zeros({2}, kDouble); }), "LBFGS: the closure must return the loss");
  assert_throws(optim::LBFGS(std::vector<Tensor>{}), "LBFGS: no parameters to optimize");
  assert_throws(optim::LBFGS({b.w, zeros({1}).requires_grad_()}), "LBFGS: the parameters must share one dtype, got Double and Float");
  resumed.step(closure_for(resumed, b));  // still works
  assert_true(resumed.n_iter() > 0);
}

// ---------------------------------------------------------------------------------- state
static void test_state_round_trip(void **) {
  // 5 steps, export, 5 more (reference); a fresh optimizer on parameters at the 5-step values with
  // the imported state continues identically.
  for (int kind = 0; kind < 4; kind++) {
    auto make = [kind](const Tensor &w, const Tensor &b) -> std::unique_ptr<Optimizer> {
      std::vector<Tensor> params{w, b};
      switch (kind) {
        case 0: return std::make_unique<optim::SGD>(params, optim::SGDOptions(0.05).momentum(0.9).nesterov(true));
        case 1: return std::make_unique<optim::Adam>(params, optim::AdamOptions(0.05).amsgrad(true));
        case 2: return std::make_unique<optim::RMSprop>(params, optim::RMSpropOptions(0.01).momentum(0.5).centered(true));
        default: return std::make_unique<optim::Adagrad>(params, optim::AdagradOptions(0.1).lr_decay(0.1));
      }
    };
    Problem p;
    auto opt = make(p.w, p.b);
    for (int s = 0; s < 5; s++) p.step(*opt);
    optim::NamedTensors state = opt->state_dict();
    Problem q;
    {
      NoGradGuard no_grad;
      q.w.copy_(p.w);
      q.b.copy_(p.b);
    }
    for (int s = 0; s < 5; s++) p.step(*opt);
    auto fresh = make(q.w, q.b);
    fresh->load_state_dict(state);
    for (int s = 0; s < 5; s++) q.step(*fresh);
    assert_true(q.w.equal(p.w));
    assert_true(q.b.equal(p.b));
  }
}

static void test_state_dict_contents_and_errors(void **) {
  Problem p;
  optim::Adam opt({p.w, p.b}, optim::AdamOptions(0.05));
  assert_int_equal(opt.state_dict().size(), 1);  // only the lr before any step
  p.step(opt);
  p.step(opt);
  optim::NamedTensors state = opt.state_dict();
  std::map<std::string, Tensor> byname(state.begin(), state.end());
  assert_true(byname.count("param_groups.0.lr") && byname.count("state.0.exp_avg") && byname.count("state.1.exp_avg_sq"));
  assert_close(byname["state.1.step"].item(), 2, 0);
  assert_shape(byname["state.0.exp_avg"], {3, 2});
  // exported tensors are copies
  byname["state.0.exp_avg"].fill_(100);
  assert_false(opt.state_dict()[1].second.equal(byname["state.0.exp_avg"]));

  auto with = [&](const std::string &name, Tensor t) {
    optim::NamedTensors s = state;
    for (auto &e : s)
      if (e.first == name) {
        e.second = t;
        return s;
      }
    s.emplace_back(name, t);
    return s;
  };
  auto without = [&](const std::string &name) {
    optim::NamedTensors s;
    for (auto &e : state)
      if (e.first != name) s.push_back(e);
    return s;
  };
  optim::NamedTensors before = opt.state_dict();
  assert_throws(opt.load_state_dict(with("state.0.momentum", zeros({3, 2}, kDouble))), "keeps no buffer \"momentum\"");
  assert_throws(opt.load_state_dict(with("state.0.exp_avg", zeros({2, 3}, kDouble))), "[2 x 3]");
  assert_throws(opt.load_state_dict(with("state.0.exp_avg", zeros({3, 2}, kFloat))), "Float");
  assert_throws(opt.load_state_dict(with("state.7.step", zeros({1}, kDouble))), "2 parameter(s)");
  assert_throws(opt.load_state_dict(with("param_groups.3.lr", zeros({1}, kDouble))), "1 parameter group(s)");
  assert_throws(opt.load_state_dict(with("param_groups.0.lr", full({1}, -1, kDouble))), "learning rate");
  assert_throws(opt.load_state_dict(with("bogus", zeros({1}, kDouble))), "not one of this optimizer's");
  assert_throws(opt.load_state_dict(without("state.1.exp_avg_sq")), "no entry \"state.1.exp_avg_sq\"");
  assert_throws(opt.load_state_dict(with("state.0.step", full({1}, 1.5, kDouble))), "step count");
  optim::NamedTensors after = opt.state_dict();
  assert_int_equal(after.size(), before.size());
  for (size_t i = 0; i < after.size(); i++) assert_true(after[i].second.equal(before[i].second));
  // an empty state resets the optimizer (and keeps the lrs)
  opt.load_state_dict({});
  assert_int_equal(opt.state_dict().size(), 1);
}

// ------------------------------------------------------------------------- step semantics
static void test_closure_zero_grad_and_in_place(void **) {
  Problem p;
  optim::SGD opt({p.w, p.b}, optim::SGDOptions(0.1).momentum(0.9));
  double first = p.loss().item();
  Tensor loss = opt.step([&] {
    opt.zero_grad();
    Tensor l = p.loss();
    l.backward();
    return l;
  });
  assert_close(loss.item(), first, 1e-15);
  assert_true(p.loss().item() < first);

  // Updates happen in place (the same storage) and bump the version.
  double *w_data = p.w.data<double>();
  uint64_t version = p.w.version();
  p.step(opt);
  assert_ptr_equal(p.w.data<double>(), w_data);
  assert_true(p.w.version() > version);
  assert_true(p.w.is_leaf());
  assert_false(p.w.grad_fn() != nullptr);

  opt.zero_grad();
  assert_values(p.w.grad(), std::vector<double>(6, 0.0));
  opt.zero_grad(true);
  assert_false(p.w.grad().defined());
  // parameters without a gradient are skipped
  Tensor before = p.w.clone();
  opt.step();
  assert_true(p.w.equal(before));
  // a gradient of the wrong shape is an error, and the optimizer keeps working
  p.w.mutable_grad() = zeros({2, 3}, kDouble);
  assert_throws(opt.step(), "gradient of parameter 0 of group 0");
  p.w.mutable_grad() = Tensor();
  p.step(opt);
}

static void test_bad_options(void **) {
  Tensor w = zeros({2}).requires_grad_();
  assert_throws(optim::SGD({w}, optim::SGDOptions(-0.1)), "invalid lr -0.1");
  assert_throws(optim::SGD({w}, optim::SGDOptions(0.1).nesterov(true)), "nesterov momentum needs momentum > 0");
  assert_throws(optim::SGD({w}, optim::SGDOptions(0.1).momentum(0.9).dampening(0.1).nesterov(true)), "dampening");
  assert_throws(optim::SGD({w}, optim::SGDOptions(0.1).momentum(-1)), "momentum");
  assert_throws(optim::Adam({w}, optim::AdamOptions().betas(0.9, 1.0)), "beta2");
  assert_throws(optim::Adam({w}, optim::AdamOptions().eps(-1)), "eps");
  assert_throws(optim::AdamW({w}, optim::AdamWOptions().weight_decay(-1)), "weight_decay");
  assert_throws(optim::RMSprop({w}, optim::RMSpropOptions().alpha(-0.5)), "alpha");
  assert_throws(optim::Adagrad({w}, optim::AdagradOptions().lr_decay(-1)), "lr_decay");
  assert_throws(optim::SGD({w, w}, optim::SGDOptions(0.1)), "appears more than once");
  assert_throws(optim::SGD({w * 2.0}, optim::SGDOptions(0.1)), "not a leaf");
  assert_throws(optim::SGD({Tensor()}, optim::SGDOptions(0.1)), "undefined");
  // options changed to bad values after construction are caught at step()
  optim::SGD opt({w}, optim::SGDOptions(0.1));
  opt.param_groups[0].options.lr(-1);
  w.mutable_grad() = ones({2});
  assert_throws(opt.step(), "invalid lr");
  assert_values(w, {0, 0});
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_sgd),
      cmocka_unit_test(test_param_groups),
      cmocka_unit_test(test_adam_adamw),
      cmocka_unit_test(test_rmsprop_adagrad),
      cmocka_unit_test(test_schedules),
      cmocka_unit_test(test_reduce_lr_on_plateau),
      cmocka_unit_test(test_lbfgs),
      cmocka_unit_test(test_lbfgs_state_and_errors),
      cmocka_unit_test(test_state_round_trip),
      cmocka_unit_test(test_state_dict_contents_and_errors),
      cmocka_unit_test(test_closure_zero_grad_and_in_place),
      cmocka_unit_test(test_bad_options),
  };
  return cmocka_run_group_tests(tests, nullptr, nullptr);
}
