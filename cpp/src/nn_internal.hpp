#pragma once
// What the nn sources share: argument checks and the conversion of 0-based index tensors (Float or
// Double) to the 1-based index tensors that THNN's and THCUNN's index arguments take.
#include <ember/nn/functional.hpp>
#include <ember/thnn.hpp>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tensor_impl.hpp"

namespace ember::nn::internal {

// An index tensor as the kernels take it: a THLongTensor for the CPU ones, a THCudaLongTensor for the
// CUDA ones (the CPU tensor uploaded on first use, on the current device). Empty at first for the
// indices a kernel writes (pooling); of(x) gives the handle for x's dispatch tag (Args, tag).
class Index {
 public:
  Index();
  explicit Index(THLongTensor *cpu);  // takes over one reference
  ~Index();
  Index(const Index &) = delete;
  Index &operator=(const Index &) = delete;
  template <typename X> auto *of(const X &) {
    if constexpr (ember::detail::is_cuda_tag_v<thnn::detail::kernel_tag_t<X>>) return cuda();
    else return cpu_;
  }
  THLongTensor *cpu() const { return cpu_; }

 private:
  THCudaLongTensor *cuda();
  THLongTensor *cpu_;
  THCudaLongTensor *cuda_ = nullptr;
};
using LongTensor = std::shared_ptr<Index>;

// A 1-D index tensor of ids + 1 (in ids' row-major order; CUDA ids are checked on the host). Every id must be an integer in [0, count)
// or equal to *ignore (passed on as *ignore + 1); otherwise throws "<fn>: <what> <value> at position
// <i> is out of range [0, <count>)" (or "is not an integer").
LongTensor one_based_ids(const Tensor &ids, long count, const std::string &fn, const char *what,
                         std::optional<long> ignore = std::nullopt);

// Throws "<fn>: <arg> is undefined" / "<fn>: <arg> must have <n> dimensions ..." / a dtype mismatch.
void check_arg(const Tensor &t, const std::string &fn, const char *arg);
void check_dims(const Tensor &t, const std::string &fn, const char *arg, long lo, long hi);
void check_dtype(const Tensor &t, const Tensor &like, const std::string &fn, const char *arg);

// A kernel size, stride or padding as the int THNN takes; throws when it does not fit.
int to_int(long v, const std::string &fn, const char *what);

}  // namespace ember::nn::internal
