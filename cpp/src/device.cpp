// Devices: parsing and printing, the lazily created THCState, and moving tensors between the CPU
// and CUDA devices (Tensor::to(Device)). Nothing here touches CUDA before a CUDA device is used.
#include "tensor_impl.hpp"

#include <cstdlib>
#include <mutex>
#include <ostream>

#ifdef EMBER_WITH_CUDA
#include <cuda_runtime_api.h>
#endif

namespace ember {

using namespace detail;

// ------------------------------------------------------------------------------------ Device
Device::Device(DeviceType type, int index) : type_(type), index_(index) {
  if (type == kCPU && index != -1 && index != 0)
    fail("Device: the CPU has no device " + std::to_string(index) + " (use \"cpu\")");
  if (type == kCPU) index_ = -1;
  if (type == kCUDA && index < -1) fail("Device: invalid CUDA device index " + std::to_string(index));
}

namespace {
Device parse_device(const std::string &spec) {
  if (spec == "cpu") return Device(kCPU);
  if (spec == "cuda") return Device(kCUDA);
  const std::string prefix = "cuda:";
  if (spec.compare(0, prefix.size(), prefix) == 0 && spec.size() > prefix.size() && spec.size() <= prefix.size() + 4) {
    int index = 0;
    for (size_t i = prefix.size(); i < spec.size(); i++) {
      if (spec[i] < '0' || spec[i] > '9') goto bad;
      index = index * 10 + (spec[i] - '0');
    }
    return Device(kCUDA, index);
  }
bad:
  fail("Device: cannot parse \"" + spec + "\" (expected \"cpu\", \"cuda\" or \"cuda:<index>\")");
}
}  // namespace

Device::Device(const std::string &spec) : Device(parse_device(spec)) {}

std::string Device::str() const {
  if (type_ == kCPU) return "cpu";
  return index_ < 0 ? "cuda" : "cuda:" + std::to_string(index_);
}

std::ostream &operator<<(std::ostream &out, const Device &device) { return out << device.str(); }

// ------------------------------------------------------------------------------- CUDA runtime
namespace cuda {
#ifdef EMBER_WITH_CUDA
bool is_built() { return true; }
int device_count() {
  int n = 0;
  if (cudaGetDeviceCount(&n) != cudaSuccess) {
    (void)cudaGetLastError();  // clear the sticky "no driver"/"no device" error
    return 0;
  }
  return n;
}
#else
bool is_built() { return false; }
int device_count() { return 0; }
#endif
bool is_available() { return device_count() > 0; }
}  // namespace cuda

namespace detail {
#ifdef EMBER_WITH_CUDA
THCState *thc_state() {
  // Created on first CUDA use and kept for the life of the process: tensors freed by static
  // destructors may still need it, so it is never shut down.
  static THCState *state = [] {
    if (cuda::device_count() == 0) fail("no CUDA device: CUDA tensors need a GPU (cuda::is_available() is false)");
    ThErrorScope th_errors;
    THCState *s = THCState_alloc();
    try {
      THCudaInit(s);
    } catch (...) {
      THCState_free(s);
      throw;
    }
    return s;
  }();
  return state;
}

DeviceGuard::DeviceGuard(const Device &device) {
  if (!device.is_cuda() || device.index() < 0) return;
  ThErrorScope th_errors;
  THCState *state = thc_state();
  int current = THCState_getCurrentDevice(state);
  if (current != device.index()) {
    THCState_setCurrentDevice(state, device.index());
    previous = current;
  }
}
DeviceGuard::~DeviceGuard() {
  if (previous >= 0) THCState_setCurrentDevice(thc_state(), previous);
}
#else
THCState *thc_state() { fail("ember was built without CUDA (configure with EMBER_CUDA=ON for CUDA tensors)"); }
DeviceGuard::DeviceGuard(const Device &) {}
DeviceGuard::~DeviceGuard() {}
#endif

Device checked_device(Device device, const char *op) {
  if (device.is_cpu()) return device;
  if (!cuda::is_built())
    fail(std::string(op) + ": ember was built without CUDA (configure with EMBER_CUDA=ON for " + device.str() + ")");
#ifdef EMBER_WITH_CUDA
  ThErrorScope th_errors;
  THCState *state = thc_state();  // throws "no CUDA device"
  int count = THCState_getNumDevices(state);
  if (device.index() >= count)
    fail(std::string(op) + ": " + device.str() + " does not exist (" + std::to_string(count) + " CUDA device" +
         (count == 1 ? "" : "s") + ")");
  if (device.index() < 0) return Device(kCUDA, THCState_getCurrentDevice(state));
#endif
  return device;
}

void check_same_device(const Tensor &a, const Tensor &b, const char *op) {
  Device da = a.device(), db = b.device();
  if (da != db)
    fail(std::string(op) + ": device mismatch: a tensor on " + da.str() + " and one on " + db.str() +
         " (move one with .to())");
}

void check_cpu_kernel(const Tensor &t, const char *op) {
  check_defined(t, op);
  if (t.is_cuda())
    fail(std::string(op) + ": not available for a tensor on " + t.device().str() +
         ": it runs only on the CPU (copy the tensor with cpu())");
}
}  // namespace detail

// ------------------------------------------------------------------------------ Tensor::to
Device Tensor::device() const { return impl().device; }

Tensor Tensor::to(Device target) const { return to(target, false); }

Tensor Tensor::to(Device target, [[maybe_unused]] bool non_blocking) const {
  check_defined(*this, "to");
  const Device from = device();
  if (target.is_cuda() && target.index() < 0 && from.is_cuda()) return *this;  // "cuda": any CUDA device
  if (target == from) return *this;
  target = checked_device(target, "to");
  if (target == from) return *this;
  Tensor r = with_zero_dim(make_empty(TensorOptions(dtype(), target)), dim() == 0);
#ifdef EMBER_WITH_CUDA
  {
    NoGradGuard no_grad;
    ThErrorScope th_errors;
    const Tensor src = contiguous();
    LongStorage size(dim() == 0 ? Shape{1} : sizes());  // a 0-dimensional tensor's handle is [1]
    THCState *state = thc_state();
    // Upload (THC's copyCPU reads a CPU tensor of its type), download (TH's copyCuda writes one), or
    // THC's copy between two devices, on the CUDA side's device.
    DeviceGuard guard(target.is_cuda() ? target : from);
    dispatch_all(dtype(), [&](auto tag) {
      using T = decltype(tag);
      auto *cuda_dst = target.is_cuda() ? r.th(CudaTag<T>{}) : nullptr;
      if (target.is_cuda()) EMBER_TH(resize, CudaTag<T>{})(cuda_dst, size.get(), nullptr);
      else EMBER_TH(resize, tag)(r.th(tag), size.get(), nullptr);
      if (from.is_cpu() && non_blocking && src.is_same(*this))  // the caller keeps the source alive
        EMBER_TH(copyAsyncCPU, CudaTag<T>{})(cuda_dst, src.th(tag));
      else if (from.is_cpu())
        EMBER_TH(copyCPU, CudaTag<T>{})(cuda_dst, src.th(tag));
      else if (target.is_cpu())
        EMBER_TH(copyCuda, tag)(state, r.th(tag), src.th(CudaTag<T>{}));
      else
        EMBER_TH(copy, CudaTag<T>{})(cuda_dst, src.th(CudaTag<T>{}));
    });
  }
#endif
  if (is_floating_point(dtype()) && autograd::needs_record({*this}))
    autograd::record("ToBackward", {r}, {*this}, [from](const tensor_list &g, const std::vector<bool> &) {
      return tensor_list{g[0].to(from)};
    });
  return r;
}

Tensor Tensor::pin_memory() const {
  check_cpu_kernel(*this, "pin_memory");
#ifndef EMBER_WITH_CUDA
  fail("pin_memory: ember was built without CUDA (configure with EMBER_CUDA=ON for pinned memory)");
#else
  ThErrorScope th_errors;
  THAllocator *pinned = THCState_getCudaHostAllocator(thc_state());  // throws without CUDA or a device
  LongStorage size(dim() == 0 ? Shape{1} : sizes());  // a 0-dimensional tensor's handle is [1]
  Tensor r = with_zero_dim(make_empty(options()), dim() == 0);
  dispatch_all(dtype(), [&](auto tag) {
    auto *storage = EMBER_TH_STORAGE(newWithAllocator, tag)(numel(), pinned, nullptr);
    EMBER_TH(setStorage, tag)(r.th(tag), storage, 0, size.get(), nullptr);
    EMBER_TH_STORAGE(free, tag)(storage);  // the tensor holds it
  });
  NoGradGuard no_grad;
  r.copy_(*this);
  return r;
#endif
}

}  // namespace ember
