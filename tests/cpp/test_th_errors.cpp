// TH errors become ember::Error on ember's own calls only: around them the thread's TH handlers are
// ember's throwing ones, and afterwards whatever they were (the host's own, or none), on every thread.
#include "ember_test.hpp"

#include <memory>
#include <thread>

using namespace ember;

namespace {
// The host's handlers: they count, and throw a type of the host's own.
struct HostError {
  std::string msg;
};
void host_handler(const char *msg, void *calls) {
  ++*static_cast<int *>(calls);
  throw HostError{msg};
}
void host_arg_handler(int, const char *msg, void *calls) {
  ++*static_cast<int *>(calls);
  throw HostError{msg};
}

// A THNN kernel that rejects its input (SpatialMaxPooling takes 3-D or 4-D input), through the adapter.
Tensor bad_pooling(const Tensor &x) {
  std::unique_ptr<THLongTensor, void (*)(THLongTensor *)> indices(THLongTensor_new(), THLongTensor_free);
  return thnn::apply({"BadPool", x}, [&](auto &a) {
    EMBER_THNN(SpatialMaxPooling_updateOutput, a)(a.state, a.input, a.output, indices.get(), 2, 2, 2, 2, 0, 0, false);
  }, nullptr);
}

// What one thread saw; asserted on the main thread (CMocka's asserts belong to it).
struct Seen {
  std::string arg_error, alloc_error, thnn_error;  // the ember::Error messages
  int host_calls_during_ember = -1;                // the host's handlers called by ember's failures
  bool handlers_still_the_hosts = false;
  int host_calls_after = 0;                        // by two direct TH calls that fail
  std::string host_arg_msg;
  float still_works = 0;
  bool none_restored = false;  // a thread without handlers has none again afterwards
};

std::string message_of(const std::function<void()> &f) {
  try {
    f();
  } catch (const Error &e) {
    return e.what();
  }
  return "(no ember::Error)";
}

Seen run_checks() {
  Seen s;
  auto failing_ember_calls = [&s] {
    s.arg_error = message_of([] { empty({1L << 61}); });           // TH's argument check on the storage size
    s.alloc_error = message_of([] { empty({1L << 42}); });         // 16 TB: ember's allocator raises a TH error
    s.thnn_error = message_of([] { bad_pooling(ones({5})); });
  };
  failing_ember_calls();  // no handlers of the thread's own yet
  THErrorHandlerFunction h;
  THArgErrorHandlerFunction ah;
  void *d, *ad;
  THGetErrorHandler(&h, &d);
  THGetArgErrorHandler(&ah, &ad);
  s.none_restored = !h && !ah;

  int calls = 0;
  THSetErrorHandler(host_handler, &calls);
  THSetArgErrorHandler(host_arg_handler, &calls);
  failing_ember_calls();
  s.host_calls_during_ember = calls;
  THGetErrorHandler(&h, &d);
  THGetArgErrorHandler(&ah, &ad);
  s.handlers_still_the_hosts = h == host_handler && d == &calls && ah == host_arg_handler && ad == &calls;
  THFloatTensor *t = THFloatTensor_newWithSize1d(3);
  try {
    THFloatTensor_narrow(t, nullptr, 0, 2, 5);
  } catch (const HostError &e) {
    s.host_arg_msg = e.msg;
  }
  try {
    THError("the host's own");
  } catch (const HostError &) {
  }
  THFloatTensor_free(t);
  s.host_calls_after = calls;
  s.still_works = ones({2, 3}).sum().item<float>();
  THSetErrorHandler(nullptr, nullptr);
  THSetArgErrorHandler(nullptr, nullptr);
  return s;
}

void check(const Seen &s) {
  assert_non_null(std::strstr(s.arg_error.c_str(), "invalid argument 2: THStorage_resize"));
  assert_non_null(std::strstr(s.alloc_error.c_str(), "ember's CPU allocator: out of memory: could not allocate 17592186044416 bytes"));
  assert_non_null(std::strstr(s.thnn_error.c_str(), "SpatialMaxPooling_updateOutput: input must be a 3D to 4D tensor"));
  assert_true(s.none_restored);
  assert_int_equal(s.host_calls_during_ember, 0);
  assert_true(s.handlers_still_the_hosts);
  assert_int_equal(s.host_calls_after, 2);
  assert_non_null(std::strstr(s.host_arg_msg.c_str(), "narrow"));
  assert_true(s.still_works == 6.0f);
}
}  // namespace

static void test_main_thread(void **) { check(run_checks()); }

static void test_second_thread(void **) {
  Seen s;
  std::thread([&s] { s = run_checks(); }).join();
  check(s);
}

// Backward runs nested library calls (dispatches inside the autograd engine and the adapter): the
// host's handler is back once they are done, and after a failing call.
static void test_backward_leaves_the_hosts_handler(void **) {
  int calls = 0;
  THSetErrorHandler(host_handler, &calls);
  Tensor x = ones({4}, kDouble).requires_grad_(true);
  Tensor y = x.matmul(x);
  y.backward();
  assert_throws(empty({1L << 42}, kDouble), "out of memory");
  THErrorHandlerFunction h;
  void *d;
  THGetErrorHandler(&h, &d);
  assert_true(h == host_handler);
  assert_values(x.grad(), {2, 2, 2, 2});
  assert_int_equal(calls, 0);
  THSetErrorHandler(nullptr, nullptr);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_main_thread),
      cmocka_unit_test(test_second_thread),
      cmocka_unit_test(test_backward_leaves_the_hosts_handler),
  };
  return cmocka_run_group_tests(tests, nullptr, nullptr);
}
