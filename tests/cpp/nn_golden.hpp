#pragma once
// The nn tests' view of a golden file (tests/golden/<file>, written by gen_cpp_nn.py in the format of
// tests/common/golden.h): read once, records kept in file order, as Double tensors.
#include <cstdio>
#include <fstream>
#include <map>

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
    fail_msg("%s: shape %s, expected %s", what, ember::shape_str(a.sizes()).c_str(), ember::shape_str(b.sizes()).c_str());
  std::vector<double> va = values(a), vb = values(b);
  for (size_t i = 0; i < va.size(); i++)
    if (!(std::fabs(va[i] - vb[i]) <= atol + rtol * std::fabs(vb[i])))
      fail_msg("%s: element %zu is %.10g, expected %.10g", what, i, va[i], vb[i]);
}

// A loss against its golden value: one element whatever its shape (libtorch's losses are 0-dim, the
// goldens hold [1]), within atol + rtol |golden|.
inline void assert_loss_close(const Tensor &loss, const Tensor &golden, double tol, const char *what) {
  if (!loss.defined() || loss.numel() != 1)
    fail_msg("%s: expected one value, got %s", what, loss.defined() ? ember::shape_str(loss.sizes()).c_str() : "undefined");
  double a = loss.item(), b = golden.item();
  if (!(std::fabs(a - b) <= tol + tol * std::fabs(b))) fail_msg("%s: %.10g, expected %.10g", what, a, b);
}

// Tolerances for a golden comparison in dtype (the goldens hold 9 significant digits).
inline double golden_tol(ember::Dtype dtype) { return dtype == ember::kDouble ? 1e-7 : 2e-5; }
