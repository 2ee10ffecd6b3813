#pragma once
// The nn tests' view of a golden file (tests/golden/<file>, written by a gen_cpp_<area>.py in the format
// of tests/common/golden.h): read once, records kept in file order, as Double tensors; and the checks
// of a layer or function case against it (the case layout of tests/golden/cpp_cases.py).
#include <cstdio>
#include <fstream>
#include <functional>
#include <map>
#include <type_traits>

#include "ember_test.hpp"

class GoldenFile {
 public:
  explicit GoldenFile(const char *file) {
    std::string path = std::string(EMBER_GOLDEN_DIR) + "/" + file;
    std::ifstream in(path);
    if (!in) fail_msg("cannot open golden file %s", path.c_str());
    std::string word;
    while (in >> word) {
      if (word[0] == '#') {
        std::getline(in, word);
        continue;
      }
      std::string name;
      long ndim = 0;
      if (word != "tensor" || !(in >> name >> ndim)) fail_msg("bad record in %s", path.c_str());
      Shape shape((size_t)ndim);
      long n = 1;  // a 0-dimensional record (a PyTorch scalar) holds one value
      for (long &s : shape) {
        in >> s;
        n *= s;
      }
      std::vector<double> v((size_t)n);
      for (double &x : v)
        if (!(in >> x)) fail_msg("truncated record %s in %s", name.c_str(), path.c_str());
      index_[name] = records_.size();
      records_.emplace_back(name, ember::from_vector(v, shape));
    }
  }

  // The record NAME in dtype (a fresh tensor); fails the test when missing.
  Tensor get(const std::string &name, ember::Dtype dtype = ember::kDouble) const {
    auto it = index_.find(name);
    if (it == index_.end()) fail_msg("no golden record %s", name.c_str());
    return records_[it->second].second.to(dtype).clone();
  }

  // The records named PREFIX<rest>, as (rest, tensor) in file order: a state_dict.
  ember::nn::NamedTensors with_prefix(const std::string &prefix, ember::Dtype dtype = ember::kDouble) const {
    ember::nn::NamedTensors r;
    for (const auto &[name, t] : records_)
      if (name.compare(0, prefix.size(), prefix) == 0) r.emplace_back(name.substr(prefix.size()), t.to(dtype).clone());
    return r;
  }

 private:
  std::vector<std::pair<std::string, Tensor>> records_;
  std::map<std::string, size_t> index_;
};

// Asserts that a and b have the same shape and |a - b| <= atol + rtol |b| everywhere.
inline void assert_tensor_close(const Tensor &a, const Tensor &b, double atol, double rtol, const char *what) {
  if (!a.defined()) fail_msg("%s: undefined", what);
  if (a.sizes() != b.sizes())
    fail_msg("%s: shape %s, expected %s", what, ember::shape_str(a.sizes()).c_str(),
             ember::shape_str(b.sizes()).c_str());
  std::vector<double> va = values(a), vb = values(b);
  for (size_t i = 0; i < va.size(); i++)
    if (!(std::fabs(va[i] - vb[i]) <= atol + rtol * std::fabs(vb[i])))
      fail_msg("%s: element %zu is %.10g, expected %.10g", what, i, va[i], vb[i]);
}

// A loss against its golden value: one element whatever its shape (libtorch's losses are 0-dim, the
// goldens hold [1]), within atol + rtol |golden|.
inline void assert_loss_close(const Tensor &loss, const Tensor &golden, double tol, const char *what) {
  if (!loss.defined() || loss.numel() != 1)
    fail_msg("%s: expected one value, got %s", what,
             loss.defined() ? ember::shape_str(loss.sizes()).c_str() : "undefined");
  double a = loss.item(), b = golden.item();
  if (!(std::fabs(a - b) <= tol + tol * std::fabs(b))) fail_msg("%s: %.10g, expected %.10g", what, a, b);
}

// Tolerances for a golden comparison in dtype (the goldens hold 9 significant digits).
inline double golden_tol(ember::Dtype dtype) { return dtype == ember::kDouble ? 1e-7 : 2e-5; }

// Each parameter's gradient of m against the case's NAME_grad_<parameter>.
inline void assert_param_grads(const GoldenFile &g, const std::string &name, ember::nn::Module &m, double tol) {
  for (auto &[pname, p] : m.named_parameters())
    assert_tensor_close(p.grad(), g.get(name + "_grad_" + pname), tol, tol, (name + " grad of " + pname).c_str());
}

// Moves m to dt and loads the case's state NAME_param_<key> into it (strict).
inline void load_case_state(const GoldenFile &g, const std::string &name, ember::nn::Module &m, ember::Dtype dt) {
  m.to(dt);
  m.load_state_dict(g.with_prefix(name + "_param_", dt));
}

// Loads the case's state from g into m (strict), checks m(input) and the gradients of sum(m(input) * g).
// ids: the input holds Long ids (no input gradient) rather than values of dt.
inline void check_layer(const GoldenFile &g, const std::string &name, ember::nn::Module &m, ember::Dtype dt,
                        bool ids = false) {
  double tol = golden_tol(dt);
  bool input_grad = !ids;
  load_case_state(g, name, m, dt);
  m.zero_grad();
  Tensor x = g.get(name + "_input", ids ? ember::kLong : dt);
  if (input_grad) x.requires_grad_();
  Tensor y = m(x);
  assert_tensor_close(y, g.get(name + "_output"), tol, tol, (name + " output").c_str());
  (y * g.get(name + "_gradOutput", dt)).sum().backward();
  if (input_grad) assert_tensor_close(x.grad(), g.get(name + "_gradInput"), tol, tol, (name + " gradInput").c_str());
  assert_param_grads(g, name, m, tol);
}

// check_layer in Float and Double, each on a fresh M(args...); M is a module class or its holder.
template <class M, class... A> void check_layer_both(const GoldenFile &g, const std::string &name, A... args) {
  for (ember::Dtype dt : {ember::kFloat, ember::kDouble}) {
    M m(args...);
    if constexpr (std::is_base_of_v<ember::nn::Module, M>) check_layer(g, name, m, dt);
    else check_layer(g, name, *m, dt);
  }
}

// f(input) and its input gradient against a parameterless case.
inline void check_function(const GoldenFile &g, const std::string &name,
                           const std::function<Tensor(const Tensor &)> &f, ember::Dtype dt) {
  double tol = golden_tol(dt);
  Tensor x = g.get(name + "_input", dt).requires_grad_();
  Tensor y = f(x);
  assert_tensor_close(y, g.get(name + "_output"), tol, tol, (name + " output").c_str());
  (y * g.get(name + "_gradOutput", dt)).sum().backward();
  assert_tensor_close(x.grad(), g.get(name + "_gradInput"), tol, tol, (name + " gradInput").c_str());
}

// A recurrent case's n given states NAME_state<i> in dt, as leaves that collect gradients.
inline tensor_list golden_states(const GoldenFile &g, const std::string &name, ember::Dtype dt, size_t n) {
  tensor_list r;
  for (size_t i = 0; i < n; i++) r.push_back(g.get(name + "_state" + std::to_string(i), dt).requires_grad_());
  return r;
}

// Checks the new states against NAME_final<i>; returns sum over i of sum(final_i * NAME_gradFinal<i>), the
// states' share of what the case backpropagates.
inline Tensor assert_final_states(const GoldenFile &g, const std::string &name, const tensor_list &finals,
                                  ember::Dtype dt) {
  double tol = golden_tol(dt);
  Tensor total;
  for (size_t i = 0; i < finals.size(); i++) {
    std::string k = std::to_string(i);
    assert_tensor_close(finals[i], g.get(name + "_final" + k), tol, tol, (name + " final" + k).c_str());
    Tensor term = (finals[i] * g.get(name + "_gradFinal" + k, dt)).sum();
    total = total.defined() ? total + term : term;
  }
  return total;
}

// After the backward pass: each given state's gradient against NAME_gradState<i>.
inline void assert_state_grads(const GoldenFile &g, const std::string &name, const tensor_list &states, double tol) {
  for (size_t i = 0; i < states.size(); i++) {
    std::string k = std::to_string(i);
    assert_tensor_close(states[i].grad(), g.get(name + "_gradState" + k), tol, tol, (name + " gradState" + k).c_str());
  }
}
