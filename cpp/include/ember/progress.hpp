#pragma once
// Progress of a long loop:
//
//   ProgressBar bar(loader.size(), "epoch 1");
//   for (auto &batch : loader) { ...; bar.update(1, "loss 0.31"); }
//   bar.finish();
//
// On a terminal, one line redrawn in place (\r) at most 10 times a second:
//   epoch 1 [##########..........]  469/938  50%  312.4 it/s  ETA 0:01  loss 0.31
// Elsewhere (a log file, a pipe, a std::ostringstream) plain lines, one each time another 10% of the
// total is done and one at the end, so a log never floods:
//   epoch 1  94/938  10%  312.4 it/s  ETA 0:02  loss 0.52
// A total of 0 means unknown: the count and the rate, no bar, percentage or ETA (plain lines then
// come only at the end).
#include <chrono>
#include <cstddef>
#include <iostream>
#include <string>

namespace ember {

class ProgressBar {
 public:
  // Auto: Terminal when `out` is std::cout or std::cerr (or std::clog) and that stream is a terminal
  // (isatty), else Lines.
  enum class Mode { Auto, Terminal, Lines };

  // Draws nothing until the first update() or finish(). `out` must outlive the bar.
  explicit ProgressBar(size_t total, std::string label = "", std::ostream &out = std::cerr, Mode mode = Mode::Auto);
  // Finishes the bar if finish() was not called (e.g. when the loop ended by an exception).
  ~ProgressBar();
  ProgressBar(const ProgressBar &) = delete;
  ProgressBar &operator=(const ProgressBar &) = delete;

  // n more items are done; a non-empty status replaces the text shown after the ETA.
  void update(size_t n = 1, const std::string &status = "");
  // Draws the final state and ends the line; later calls do nothing.
  void finish();

  size_t count() const { return count_; }
  bool terminal() const { return terminal_; }

 private:
  using Clock = std::chrono::steady_clock;
  std::string line(bool with_bar) const;
  void draw_terminal(bool final);

  size_t total_, count_ = 0;
  std::string label_, status_;
  std::ostream &out_;
  bool terminal_, finished_ = false;
  Clock::time_point start_, last_draw_;
  size_t drawn_width_ = 0;     // terminal: the length of the line on screen (to blank a shorter one)
  size_t lines_written_ = 0;   // plain lines: the tenths of the total reported so far
};

}  // namespace ember
