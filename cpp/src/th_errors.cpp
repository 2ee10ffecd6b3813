// ThErrorScope (th_errors.hpp): the throwing TH handlers and the thread's saved ones.
#include "th_errors.hpp"

#include <ember/tensor.hpp>

#include <TH.h>

#include <string>

namespace ember::detail {

namespace {
[[noreturn]] void throw_th_error(const char *msg, void *) { throw Error(msg); }
[[noreturn]] void throw_th_arg_error(int arg, const char *msg, void *) {
  if (arg > 0) throw Error("invalid argument " + std::to_string(arg) + ": " + msg);
  throw Error(std::string("invalid argument: ") + msg);
}

// What the outermost scope of this thread found installed (NULL handlers: none, TH's default).
struct SavedHandlers {
  THErrorHandlerFunction error = nullptr;
  void *error_data = nullptr;
  THArgErrorHandlerFunction arg_error = nullptr;
  void *arg_error_data = nullptr;
};
thread_local SavedHandlers saved;
}  // namespace

void ThErrorScope::install() {
  THGetErrorHandler(&saved.error, &saved.error_data);
  THGetArgErrorHandler(&saved.arg_error, &saved.arg_error_data);
  THSetErrorHandler(throw_th_error, nullptr);
  THSetArgErrorHandler(throw_th_arg_error, nullptr);
}

void ThErrorScope::restore() {
  THSetErrorHandler(saved.error, saved.error_data);
  THSetArgErrorHandler(saved.arg_error, saved.arg_error_data);
}

}  // namespace ember::detail
