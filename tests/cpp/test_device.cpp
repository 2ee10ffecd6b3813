// Devices without a GPU: parsing and printing, CPU defaults, and the errors a CUDA device gives when
// ember was built without CUDA or the machine has no CUDA device (CUDA tensors: test_cuda.cpp).
#include "ember_test.hpp"

using namespace ember;

static void test_parse_and_print(void **) {
  Device cpu("cpu"), cuda("cuda"), cuda1("cuda:1"), cuda12 = "cuda:12";
  assert_true(cpu.is_cpu() && !cpu.is_cuda() && cpu.index() == -1);
  assert_true(cuda.is_cuda() && cuda.index() == -1);
  assert_true(cuda1.is_cuda() && cuda1.index() == 1);
  assert_int_equal(cuda12.index(), 12);
  assert_string_equal(cpu.str().c_str(), "cpu");
  assert_string_equal(cuda.str().c_str(), "cuda");
  assert_string_equal(cuda1.str().c_str(), "cuda:1");
  std::ostringstream s;
  s << cuda1 << " " << Device(kCPU) << " " << Device(kCUDA, 0);
  assert_string_equal(s.str().c_str(), "cuda:1 cpu cuda:0");
  assert_true(Device("cuda:0") == Device(kCUDA, 0));
  assert_true(Device("cuda:0") != Device(kCUDA));
  assert_true(Device(kCPU, 0) == Device("cpu"));  // the CPU has one device
}

static void test_parse_errors(void **) {
  assert_throws(Device("gpu"), "cannot parse \"gpu\"");
  assert_throws(Device("cuda:"), "cannot parse");
  assert_throws(Device("cuda:x"), "cannot parse");
  assert_throws(Device("cuda:-1"), "cannot parse");
  assert_throws(Device("CUDA"), "cannot parse");
  assert_throws(Device("cpu:0"), "cannot parse");
  assert_throws(Device(""), "cannot parse");
  assert_throws(Device(kCPU, 2), "the CPU has no device 2");
  assert_throws(Device(kCUDA, -2), "invalid CUDA device index -2");
}

static void test_cpu_defaults(void **) {
  Tensor t = ones({2, 3});
  assert_true(t.device() == Device("cpu"));
  assert_false(t.is_cuda());
  assert_true(t.cpu().is_same(t));
  assert_true(t.to(kCPU).is_same(t));
  Tensor z = zeros({2}, Device("cpu")), d = full({2}, 3, {kDouble, kCPU});
  assert_true(z.device().is_cpu() && z.dtype() == kFloat);
  assert_true(d.dtype() == kDouble);
  assert_values(d, {3, 3});
  assert_true(zeros_like(d).options().dtype == kDouble && zeros_like(d).options().device.is_cpu());
  assert_string_equal(t.toString().c_str(), "torch.FloatTensor of size 2x3");
}

// Without CUDA in the build, or without a device, a CUDA device is a clear error and nothing breaks.
static void test_cuda_unavailable_errors(void **) {
  if (cuda::is_available()) {
    print_message("a CUDA device is present: the errors of its absence are not testable here\n");
    return;
  }
  const char *why = cuda::is_built() ? "no CUDA device" : "ember was built without CUDA";
  assert_int_equal(cuda::device_count(), 0);
  Tensor t = ones({2});
  assert_throws(t.cuda(), why);
  assert_throws(t.to("cuda:0"), why);
  assert_throws(zeros({2}, kCUDA), why);
  assert_throws(rand({2}, Device("cuda")), why);
  nn::LinearImpl fc(2, 3);
  assert_throws(fc.to(kCUDA), why);
  assert_true(fc.weight.device().is_cpu());
  // The CPU side still works after the failures.
  assert_values(t + 1, {2, 2});
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_parse_and_print),
      cmocka_unit_test(test_parse_errors),
      cmocka_unit_test(test_cpu_defaults),
      cmocka_unit_test(test_cuda_unavailable_errors),
  };
  return cmocka_run_group_tests(tests, nullptr, nullptr);
}
