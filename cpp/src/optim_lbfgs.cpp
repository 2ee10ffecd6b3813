// L-BFGS with an optional strong-Wolfe line search, following PyTorch 1.13's LBFGS: the two-loop
// recursion over the last history_size curvature pairs (y, s), the first step scaled by
// min(1, 1 / |g|_1), and the same stopping tests in the same order. Scalars (losses, dot products,
// step sizes) are doubles on the host; the vectors are flat tensors where the parameters are.
#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <tuple>

#include "optim_impl.hpp"

namespace ember::optim {

using ember::detail::fail;

namespace {
double dot(const Tensor &a, const Tensor &b) { return (a * b).sum().item(); }
double abs_max(const Tensor &a) { return a.abs().max().item(); }

// The minimum of the cubic through (x1, f1) and (x2, f2) with slopes g1, g2, clamped to [lo, hi];
// the middle of the interval when the cubic has no minimum.
double cubic_interpolate(double x1, double f1, double g1, double x2, double f2, double g2, double lo, double hi) {
  double d1 = g1 + g2 - 3 * (f1 - f2) / (x1 - x2);
  double d2_square = d1 * d1 - g1 * g2;
  if (!(d2_square >= 0)) return (lo + hi) / 2;
  double d2 = std::sqrt(d2_square);
  double min_pos = x1 <= x2 ? x2 - (x2 - x1) * ((g2 + d2 - d1) / (g2 - g1 + 2 * d2))
                            : x1 - (x1 - x2) * ((g1 + d2 - d1) / (g1 - g2 + 2 * d2));
  return std::min(std::max(min_pos, lo), hi);
}
double cubic_interpolate(double x1, double f1, double g1, double x2, double f2, double g2) {
  return cubic_interpolate(x1, f1, g1, x2, f2, g2, std::min(x1, x2), std::max(x1, x2));
}

// A point of the line search: step t, loss f, flat gradient g and directional derivative gtd.
struct Point {
  double t, f;
  Tensor g;
  double gtd;
};

struct LineSearchResult {
  double f;
  Tensor g;
  double t;
  long evals;
};

// Strong-Wolfe line search along d from (f, g, gtd) with first trial step t; evaluate(t) gives the
// loss and flat gradient at x + t * d. c1 = 1e-4, c2 = 0.9, at most 25 evaluations (PyTorch's values).
LineSearchResult strong_wolfe(const std::function<std::pair<double, Tensor>(double)> &evaluate, double t,
                              const Tensor &d, double f, const Tensor &g, double gtd, double tolerance_change) {
  const double c1 = 1e-4, c2 = 0.9;
  const long max_ls = 25;
  double d_norm = abs_max(d);
  double f_new;
  Tensor g_new;
  std::tie(f_new, g_new) = evaluate(t);
  long evals = 1, ls_iter = 0;
  double gtd_new = dot(g_new, d);
  Point prev{0, f, g.clone(), gtd};
  std::vector<Point> bracket;
  bool done = false;
  while (ls_iter < max_ls) {
    if (f_new > f + c1 * t * gtd || (ls_iter > 1 && f_new >= prev.f)) {
      bracket = {prev, {t, f_new, g_new.clone(), gtd_new}};
      break;
    }
    if (std::fabs(gtd_new) <= -c2 * gtd) {
      bracket = {{t, f_new, g_new, gtd_new}};
      done = true;
      break;
    }
    if (gtd_new >= 0) {
      bracket = {prev, {t, f_new, g_new.clone(), gtd_new}};
      break;
    }
    double next = cubic_interpolate(prev.t, prev.f, prev.gtd, t, f_new, gtd_new, t + 0.01 * (t - prev.t), t * 10);
    prev = {t, f_new, g_new.clone(), gtd_new};
    t = next;
    std::tie(f_new, g_new) = evaluate(t);
    evals++;
    gtd_new = dot(g_new, d);
    ls_iter++;
  }
  if (ls_iter == max_ls) bracket = {{0, f, g, 0}, {t, f_new, g_new, 0}};

  // Zoom: shrink the bracket until a point satisfies both conditions.
  bool insufficient_progress = false;
  size_t low = 0, high = 1;
  if (bracket.size() == 2 && bracket[0].f > bracket[1].f) std::swap(low, high);
  while (!done && ls_iter < max_ls) {
    if (std::fabs(bracket[1].t - bracket[0].t) * d_norm < tolerance_change) break;
    t = cubic_interpolate(bracket[0].t, bracket[0].f, bracket[0].gtd, bracket[1].t, bracket[1].f, bracket[1].gtd);
    // Keep away from the bracket's ends unless the last step already made too little progress.
    double hi = std::max(bracket[0].t, bracket[1].t), lo = std::min(bracket[0].t, bracket[1].t);
    double eps = 0.1 * (hi - lo);
    if (std::min(hi - t, t - lo) < eps) {
      if (insufficient_progress || t >= hi || t <= lo) {
        t = std::fabs(t - hi) < std::fabs(t - lo) ? hi - eps : lo + eps;
        insufficient_progress = false;
      } else {
        insufficient_progress = true;
      }
    } else {
      insufficient_progress = false;
    }
    std::tie(f_new, g_new) = evaluate(t);
    evals++;
    gtd_new = dot(g_new, d);
    ls_iter++;
    if (f_new > f + c1 * t * gtd || f_new >= bracket[low].f) {
      bracket[high] = {t, f_new, g_new.clone(), gtd_new};
      low = bracket[0].f <= bracket[1].f ? 0 : 1;
      high = 1 - low;
    } else {
      if (std::fabs(gtd_new) <= -c2 * gtd) done = true;
      else if (gtd_new * (bracket[high].t - bracket[low].t) >= 0) bracket[high] = bracket[low];
      bracket[low] = {t, f_new, g_new.clone(), gtd_new};
    }
  }
  const Point &best = bracket.size() == 1 ? bracket[0] : bracket[low];
  return {best.f, best.g, best.t, evals};
}

// Runs the closure with grad mode on and returns its loss as a double.
double evaluate_closure(const std::function<Tensor()> &closure) {
  bool prev = GradMode::is_enabled();
  GradMode::set_enabled(true);
  struct Restore {
    bool prev;
    ~Restore() { GradMode::set_enabled(prev); }
  } restore{prev};
  Tensor loss = closure();
  if (!loss.defined() || loss.numel() != 1) fail("LBFGS: the closure must return the loss, a one-element tensor");
  return loss.item();
}
}  // namespace

LBFGS::LBFGS(std::vector<Tensor> params, LBFGSOptions options)
    : OptimizerWith("LBFGS", std::vector<Group>{{std::move(params), options}}) {
  check_groups();
}

void LBFGS::check_options(size_t group) const {
  if (num_param_groups() != 1) fail("LBFGS: one parameter group only, got " + std::to_string(num_param_groups()));
  const LBFGSOptions &o = param_groups.at(group).options;
  impl::check_option(o.lr() > 0, name(), "lr", o.lr(), "> 0");
  impl::check_option(o.max_iter() > 0, name(), "max_iter", (double)o.max_iter(), "> 0");
  impl::check_option(o.max_eval() >= 0, name(), "max_eval", (double)o.max_eval(), ">= 0 (0: max_iter * 5 / 4)");
  impl::check_option(o.tolerance_grad() >= 0, name(), "tolerance_grad", o.tolerance_grad(), ">= 0");
  impl::check_option(o.tolerance_change() >= 0, name(), "tolerance_change", o.tolerance_change(), ">= 0");
  impl::check_option(o.history_size() > 0, name(), "history_size", (double)o.history_size(), "> 0");
  if (o.line_search_fn() != "" && o.line_search_fn() != "strong_wolfe")
    fail("LBFGS: invalid line_search_fn \"" + o.line_search_fn() + "\" (expected \"\" or \"strong_wolfe\")");
  const std::vector<Tensor> &params = param_groups[group].params;
  if (params.empty()) fail("LBFGS: no parameters to optimize");
  // They are seen as one flat vector: one dtype, one device.
  for (const Tensor &p : params) {
    if (!p.defined() || !params[0].defined()) continue;
    if (p.dtype() != params[0].dtype())
      fail("LBFGS: the parameters must share one dtype, got " + std::string(dtype_name(params[0].dtype())) + " and " +
           dtype_name(p.dtype()));
    if (p.device() != params[0].device())
      fail("LBFGS: the parameters must be on one device, got " + params[0].device().str() + " and " + p.device().str());
  }
}

void LBFGS::step() { fail("LBFGS: step() needs a closure that computes the loss and its gradients: step(closure)"); }

void LBFGS::update(size_t, const Tensor &, const Tensor &, ParamState &) {
  fail("LBFGS: updates all parameters together in step(closure)");
}

Tensor LBFGS::flat_grad() const {
  const std::vector<Tensor> &params = param_groups[0].params;
  long total = 0;
  for (const Tensor &p : params) total += p.numel();
  Tensor flat = zeros({total}, params.at(0).options());
  long offset = 0;
  for (const Tensor &p : params) {
    if (p.grad().defined()) flat.narrow(0, offset, p.numel()).copy_(p.grad().reshape({p.numel()}));
    offset += p.numel();
  }
  return flat;
}

void LBFGS::add_to_params(double step, const Tensor &direction) {
  long offset = 0;
  for (Tensor p : param_groups[0].params) {
    p.add_(direction.narrow(0, offset, p.numel()).view(p.sizes()), step);
    offset += p.numel();
  }
}

Tensor LBFGS::step(const std::function<Tensor()> &closure) {
  if (!closure) fail("LBFGS: step(closure) got an empty closure");
  check_options(0);
  const LBFGSOptions &o = param_groups[0].options;
  long max_eval = o.max_eval() > 0 ? o.max_eval() : o.max_iter() * 5 / 4;
  std::vector<Tensor> &params = param_groups[0].params;

  Tensor orig_loss;
  auto call = [&] {
    Tensor loss;
    double value = evaluate_closure([&] { return loss = closure(); });
    if (!orig_loss.defined()) orig_loss = loss;
    return value;
  };
  double loss = call();
  long current_evals = 1;
  func_evals_++;
  NoGradGuard no_grad;
  Tensor g = flat_grad();
  if (abs_max(g) <= o.tolerance_grad()) return orig_loss;

  for (long n_iter = 1; n_iter <= o.max_iter(); n_iter++) {
    n_iter_++;
    if (n_iter_ == 1) {
      d_ = -g;
      old_dirs_.clear();
      old_stps_.clear();
      ro_.clear();
      H_diag_ = 1;
    } else {
      Tensor y = g - prev_flat_grad_;
      Tensor s = d_ * t_;
      double ys = dot(y, s);
      if (ys > 1e-10) {  // keep only pairs of positive curvature
        if ((long)old_dirs_.size() == o.history_size()) {
          old_dirs_.erase(old_dirs_.begin());
          old_stps_.erase(old_stps_.begin());
          ro_.erase(ro_.begin());
        }
        old_dirs_.push_back(y);
        old_stps_.push_back(s);
        ro_.push_back(1 / ys);
        H_diag_ = ys / dot(y, y);
      }
      // Two-loop recursion: d = -H g with H the inverse Hessian estimate of the history.
      size_t k = old_dirs_.size();
      std::vector<double> al(k);
      Tensor q = -g;
      for (size_t i = k; i-- > 0;) {
        al[i] = dot(old_stps_[i], q) * ro_[i];
        q.add_(old_dirs_[i], -al[i]);
      }
      d_ = q * H_diag_;
      for (size_t i = 0; i < k; i++) {
        double be_i = dot(old_dirs_[i], d_) * ro_[i];
        d_.add_(old_stps_[i], al[i] - be_i);
      }
    }
    prev_flat_grad_ = g.clone();
    prev_loss_ = loss;
    t_ = n_iter_ == 1 ? std::min(1.0, 1 / g.abs().sum().item()) * o.lr() : o.lr();
    double gtd = dot(g, d_);
    if (gtd > -o.tolerance_change()) break;  // not a descent direction

    long ls_evals = 0;
    bool opt_cond = false;
    if (o.line_search_fn() == "strong_wolfe") {
      std::vector<Tensor> x_init;
      for (const Tensor &p : params) x_init.push_back(p.clone());
      auto evaluate = [&](double t) {
        add_to_params(t, d_);
        double f = call();
        Tensor fg = flat_grad();
        for (size_t i = 0; i < params.size(); i++) params[i].copy_(x_init[i]);
        return std::make_pair(f, fg);
      };
      LineSearchResult r = strong_wolfe(evaluate, t_, d_, loss, g, gtd, o.tolerance_change());
      loss = r.f;
      g = r.g;
      t_ = r.t;
      ls_evals = r.evals;
      add_to_params(t_, d_);
      opt_cond = abs_max(g) <= o.tolerance_grad();
    } else {
      add_to_params(t_, d_);
      if (n_iter != o.max_iter()) {
        loss = call();
        g = flat_grad();
        opt_cond = abs_max(g) <= o.tolerance_grad();
        ls_evals = 1;
      }
    }
    current_evals += ls_evals;
    func_evals_ += ls_evals;

    if (n_iter == o.max_iter() || current_evals >= max_eval || opt_cond) break;
    if (abs_max(d_) * std::fabs(t_) <= o.tolerance_change()) break;
    if (std::fabs(loss - prev_loss_) < o.tolerance_change()) break;
  }
  return orig_loss;
}

// ----------------------------------------------------------------------------------- state
namespace {
Tensor scalar(double v) { return from_vector(std::vector<double>{v}); }
const char *const kPrefix = "state.lbfgs.";
}  // namespace

NamedTensors LBFGS::state_dict() const {
  NamedTensors out{{"param_groups.0.lr", scalar(lr(0))},
                   {std::string(kPrefix) + "func_evals", scalar((double)func_evals_)},
                   {std::string(kPrefix) + "n_iter", scalar((double)n_iter_)}};
  if (!d_.defined()) return out;
  auto add = [&](const std::string &name, const Tensor &t) { out.emplace_back(kPrefix + name, t.detach().clone()); };
  add("d", d_);
  add("prev_flat_grad", prev_flat_grad_);
  add("t", scalar(t_));
  add("H_diag", scalar(H_diag_));
  add("prev_loss", scalar(prev_loss_));
  if (!ro_.empty()) add("ro", from_vector(ro_));
  for (size_t i = 0; i < old_dirs_.size(); i++) {
    add("old_dirs." + std::to_string(i), old_dirs_[i]);
    add("old_stps." + std::to_string(i), old_stps_[i]);
  }
  return out;
}

void LBFGS::check_state_dict(const NamedTensors &state) const {
  std::map<std::string, Tensor> entries;
  for (const auto &[name, t] : state) {
    if (!entries.emplace(name, t).second) fail("LBFGS state: entry \"" + name + "\" appears twice");
    if (!t.defined()) fail("LBFGS state: entry \"" + name + "\" is an undefined tensor");
  }
  auto need = [&](const std::string &name, long numel) -> const Tensor & {
    auto it = entries.find(name);
    if (it == entries.end()) fail("LBFGS state: no entry \"" + name + "\"");
    if (it->second.numel() != numel)
      fail("LBFGS state: entry \"" + name + "\" must hold " + std::to_string(numel) + " value(s), got shape " +
           shape_str(it->second.sizes()));
    return it->second;
  };
  double lr_value = need("param_groups.0.lr", 1).item();
  if (!(lr_value > 0) || !std::isfinite(lr_value)) fail("LBFGS state: param_groups.0.lr is not a valid lr");
  std::set<std::string> known{"param_groups.0.lr"};
  for (const char *count : {"func_evals", "n_iter"}) {
    double v = need(kPrefix + std::string(count), 1).item();
    if (!(v >= 0) || v != std::floor(v)) fail("LBFGS state: " + std::string(count) + " is not a count");
    known.insert(kPrefix + std::string(count));
  }
  if (entries.count(kPrefix + std::string("d"))) {
    long total = 0;
    for (const Tensor &p : param_groups[0].params) total += p.numel();
    for (const char *flat : {"d", "prev_flat_grad"}) {
      const Tensor &t = need(kPrefix + std::string(flat), total);
      if (t.dim() != 1 || t.dtype() != param_groups[0].params[0].dtype())
        fail("LBFGS state: entry \"" + std::string(kPrefix) + flat + "\" must be a flat " +
             dtype_name(param_groups[0].params[0].dtype()) + " tensor of " + std::to_string(total) + " values");
      known.insert(kPrefix + std::string(flat));
    }
    for (const char *value : {"t", "H_diag", "prev_loss"}) {
      need(kPrefix + std::string(value), 1);
      known.insert(kPrefix + std::string(value));
    }
    size_t k = 0;
    while (entries.count(kPrefix + std::string("old_dirs.") + std::to_string(k))) k++;
    if ((long)k > param_groups[0].options.history_size())
      fail("LBFGS state: " + std::to_string(k) + " history pairs, more than history_size");
    if (k > 0) {
      need(kPrefix + std::string("ro"), (long)k);
      known.insert(kPrefix + std::string("ro"));
    }
    for (size_t i = 0; i < k; i++)
      for (const char *list : {"old_dirs.", "old_stps."}) {
        std::string name = kPrefix + std::string(list) + std::to_string(i);
        const Tensor &t = need(name, total);
        if (t.dim() != 1 || t.dtype() != param_groups[0].params[0].dtype())
          fail("LBFGS state: entry \"" + name + "\" must be a flat tensor of the parameters' dtype");
        known.insert(name);
      }
  }
  for (const auto &[name, t] : entries)
    if (!known.count(name)) fail("LBFGS state: entry \"" + name + "\" is not one of this optimizer's");
}

void LBFGS::load_state_dict(const NamedTensors &state) {
  check_state_dict(state);
  std::map<std::string, Tensor> e(state.begin(), state.end());
  Device device = param_groups[0].params[0].device();
  auto flat = [&](const std::string &name) { return e.at(kPrefix + name).detach().to(device).clone(); };
  set_lr(0, e.at("param_groups.0.lr").item());
  func_evals_ = (long)e.at(kPrefix + std::string("func_evals")).item();
  n_iter_ = (long)e.at(kPrefix + std::string("n_iter")).item();
  d_ = prev_flat_grad_ = Tensor();
  old_dirs_.clear();
  old_stps_.clear();
  ro_.clear();
  if (!e.count(kPrefix + std::string("d"))) return;
  d_ = flat("d");
  prev_flat_grad_ = flat("prev_flat_grad");
  t_ = e.at(kPrefix + std::string("t")).item();
  H_diag_ = e.at(kPrefix + std::string("H_diag")).item();
  prev_loss_ = e.at(kPrefix + std::string("prev_loss")).item();
  for (size_t i = 0; e.count(kPrefix + std::string("old_dirs.") + std::to_string(i)); i++) {
    old_dirs_.push_back(flat("old_dirs." + std::to_string(i)));
    old_stps_.push_back(flat("old_stps." + std::to_string(i)));
    ro_.push_back(e.at(kPrefix + std::string("ro"))[(long)i].item());
  }
}

}  // namespace ember::optim
