#pragma once
// TH errors as ember::Error, on ember's own calls only. Internal to cpp/src.
//
// TH reports an error through the calling thread's handler (THSetErrorHandler), or the process-wide
// default when the thread has none. libember installs its throwing handlers for the thread while it
// calls into TH/THNN (THC/THCUNN) and puts the thread's previous ones back afterwards, so a host
// program in the same process keeps its own handlers, or TH's print-and-abort default. Every path
// from libember into TH goes through a ThErrorScope: detail::dispatch_on / visit / visit_cpu, the
// THNN adapter, and the few direct calls elsewhere.
namespace ember::detail {

// While one lives, TH/THNN errors on this thread throw ember::Error. Nesting is free (only the
// outermost scope touches TH's handlers); the destructor restores them on unwinding too.
class ThErrorScope {
 public:
  ThErrorScope() {
    if (depth_++ == 0) install();
  }
  ~ThErrorScope() {
    if (--depth_ == 0) restore();
  }
  ThErrorScope(const ThErrorScope &) = delete;
  ThErrorScope &operator=(const ThErrorScope &) = delete;

 private:
  static void install();
  static void restore();
  static inline thread_local int depth_ = 0;
};

}  // namespace ember::detail
