// The progress bar: plain lines for a non-terminal stream (a std::ostringstream), the redrawn line of
// the terminal mode (forced), the unknown total, and finishing once.
#include "ember_test.hpp"

#include <ember/progress.hpp>

#include <algorithm>
#include <sstream>
#include <thread>

using namespace ember;

namespace {
std::vector<std::string> lines_of(const std::string &text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  return lines;
}

bool contains(const std::string &text, const std::string &part) { return text.find(part) != std::string::npos; }
}  // namespace

static void test_plain_lines(void **) {
  std::ostringstream out;
  {
    ProgressBar bar(1000, "epoch 1", out);  // Auto: a string stream is no terminal
    assert_false(bar.terminal());
    for (int i = 0; i < 1000; i++) bar.update(1, i < 500 ? "loss 0.52" : "loss 0.31");
    assert_int_equal(bar.count(), 1000);
    bar.finish();
    bar.finish();  // once only
    bar.update(5);  // ignored after finish
  }  // the destructor adds nothing either
  std::vector<std::string> lines = lines_of(out.str());
  assert_int_equal(lines.size(), 10);  // 10%, 20%, ..., 90%, then the end: never one per update
  assert_true(contains(lines[0], "epoch 1   100/1000   10%"));
  assert_true(contains(lines[0], "it/s"));
  assert_true(contains(lines[0], "ETA "));
  assert_true(contains(lines[0], "loss 0.52"));
  assert_true(contains(lines[8], " 900/1000   90%"));
  assert_true(contains(lines[9], "1000/1000  100%"));
  assert_true(contains(lines[9], "loss 0.31"));
  assert_false(contains(lines[9], "ETA"));
  assert_false(contains(out.str(), "\r"));
  assert_false(contains(out.str(), "["));  // no bar in a log

  // Big steps report each tenth crossed once; the destructor finishes a bar left unfinished.
  std::ostringstream big;
  {
    ProgressBar bar(10, "", big, ProgressBar::Mode::Lines);
    bar.update(7);
  }
  lines = lines_of(big.str());
  assert_int_equal(lines.size(), 2);
  assert_true(contains(lines[0], " 7/10   70%"));
  assert_true(contains(lines[1], " 7/10   70%"));
}

static void test_terminal_mode(void **) {
  std::ostringstream out;
  ProgressBar bar(200, "train", out, ProgressBar::Mode::Terminal);
  assert_true(bar.terminal());
  for (int i = 0; i < 200; i++) bar.update(1, "loss 1.5");
  bar.finish();
  std::string text = out.str();
  long redraws = std::count(text.begin(), text.end(), '\r');
  assert_true(redraws >= 2 && redraws <= 4);  // the first update and the end (a fast loop: no more)
  assert_int_equal(std::count(text.begin(), text.end(), '\n'), 1);
  assert_true(text.back() == '\n');
  std::string last = text.substr(text.rfind('\r') + 1);
  assert_true(contains(last, "train [####################]  200/200  100%"));
  assert_true(contains(last, "loss 1.5"));
  assert_true(contains(text, "\rtrain [....................]    1/200    0%"));

  // Redraws are limited to about 10 a second: a slow loop of 0.35 s gives a handful, not one per update.
  std::ostringstream slow;
  ProgressBar timed(1000, "", slow, ProgressBar::Mode::Terminal);
  for (int i = 0; i < 1000; i++) {
    timed.update();
    if (i % 100 == 0) std::this_thread::sleep_for(std::chrono::milliseconds(35));
  }
  timed.finish();
  std::string t = slow.str();
  long n = std::count(t.begin(), t.end(), '\r');
  assert_true(n >= 3 && n <= 12);  // the first, one per 100 ms of the >= 0.35 s, the end; at most one per sleep

  // A shorter status blanks the rest of the longer line before it.
  std::ostringstream shrink;
  ProgressBar s(0, "x", shrink, ProgressBar::Mode::Terminal);
  s.update(1, "a long status text");
  s.finish();
  std::string st = shrink.str();
  assert_true(contains(st, "\rx  1"));
  assert_false(contains(st, "%"));  // unknown total: no percentage, no bar
}

static void test_unknown_total_lines(void **) {
  std::ostringstream out;
  ProgressBar bar(0, "stream", out, ProgressBar::Mode::Lines);
  for (int i = 0; i < 50; i++) bar.update(2);
  assert_true(out.str().empty());  // no percentages to report until the end
  bar.finish();
  std::vector<std::string> lines = lines_of(out.str());
  assert_int_equal(lines.size(), 1);
  assert_true(contains(lines[0], "stream  100  "));
  assert_true(contains(lines[0], "it/s"));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_plain_lines),
      cmocka_unit_test(test_terminal_mode),
      cmocka_unit_test(test_unknown_total_lines),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
