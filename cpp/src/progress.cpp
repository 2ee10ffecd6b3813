// The progress bar (progress.hpp).
#include <ember/progress.hpp>

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <unistd.h>

namespace ember {

namespace {
bool is_terminal(const std::ostream &out) {
  if (&out == &std::cout) return isatty(STDOUT_FILENO);
  if (&out == &std::cerr || &out == &std::clog) return isatty(STDERR_FILENO);
  return false;
}

// "0:07", "12:34", "1:02:03".
std::string duration(double seconds) {
  long s = (long)(seconds + 0.5), h = s / 3600, m = s / 60 % 60;
  char buf[32];
  if (h > 0) std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", h, m, s % 60);
  else std::snprintf(buf, sizeof buf, "%ld:%02ld", m, s % 60);
  return buf;
}

constexpr int kBarWidth = 20;
constexpr auto kRedrawInterval = std::chrono::milliseconds(100);
}  // namespace

ProgressBar::ProgressBar(size_t total, std::string label, std::ostream &out, Mode mode)
    : total_(total), label_(std::move(label)), out_(out),
      terminal_(mode == Mode::Terminal || (mode == Mode::Auto && is_terminal(out))), start_(Clock::now()) {}

ProgressBar::~ProgressBar() { finish(); }

std::string ProgressBar::line(bool with_bar) const {
  double elapsed = std::chrono::duration<double>(Clock::now() - start_).count();
  double rate = elapsed > 0 ? (double)count_ / elapsed : 0;
  std::ostringstream s;
  s << label_;
  if (total_ > 0) {
    size_t done = std::min(count_, total_);
    if (with_bar) {
      int filled = (int)((double)done / (double)total_ * kBarWidth);
      s << (label_.empty() ? "" : " ") << '[' << std::string((size_t)filled, '#')
        << std::string((size_t)(kBarWidth - filled), '.') << ']';
    }
    int width = (int)std::to_string(total_).size();
    char buf[64];
    std::snprintf(buf, sizeof buf, "  %*zu/%zu  %3d%%", width, count_, total_, (int)(100.0 * (double)done / (double)total_));
    s << buf;
  } else {
    s << "  " << count_;
  }
  char buf[64];
  std::snprintf(buf, sizeof buf, "  %.1f it/s", rate);
  s << buf;
  if (total_ > 0 && count_ < total_ && rate > 0) s << "  ETA " << duration((double)(total_ - count_) / rate);
  if (total_ > 0 && count_ >= total_) s << "  in " << duration(elapsed);
  if (!status_.empty()) s << "  " << status_;
  return s.str();
}

void ProgressBar::draw_terminal(bool final) {
  std::string text = line(true);
  size_t width = text.size();
  if (width < drawn_width_) text += std::string(drawn_width_ - width, ' ');  // blank the rest of a longer line
  drawn_width_ = width;
  out_ << '\r' << text;
  if (final) out_ << '\n';
  out_.flush();
  last_draw_ = Clock::now();
}

void ProgressBar::update(size_t n, const std::string &status) {
  if (finished_) return;
  bool first = count_ == 0;
  count_ += n;
  if (!status.empty()) status_ = status;
  if (terminal_) {
    if (first || Clock::now() - last_draw_ >= kRedrawInterval) draw_terminal(false);
    return;
  }
  if (total_ == 0) return;
  size_t tenths = std::min(count_, total_) * 10 / total_;
  if (tenths > lines_written_ && count_ < total_) {
    lines_written_ = tenths;
    out_ << line(false) << '\n';
    out_.flush();
  }
}

void ProgressBar::finish() {
  if (finished_) return;
  finished_ = true;
  if (terminal_) draw_terminal(true);
  else out_ << line(false) << '\n' << std::flush;
}

}  // namespace ember
