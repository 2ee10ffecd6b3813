/* The harness shared by the NULL handle sweeps of TH (tests/common/null_sweep.c), THC and THCUNN
 * (tests/THC/, tests/THCUNN/): the case record that the generated null_sweep*_cases.h tables
 * fill, the message each case must give, and the loop that runs them. Include before the table. */
#ifndef EMBER_NULL_SWEEP_H
#define EMBER_NULL_SWEEP_H
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "TH.h"

typedef struct NullCase {
  const char *function;
  int position;     /* 1-based, as in the message */
  const char *name; /* "" where the legacy prototype leaves the argument unnamed */
  const char *type;
  void (*call)(void);
} NullCase;

/* The message a NULL argument must give (up to the " at FILE:LINE" that every error ends with). */
static void expected_message(const NullCase *c, char *buf, size_t len) {
  if (*c->name)
    snprintf(buf, len, "invalid argument %d: %s: %s is NULL (expected a %s) at ", c->position, c->function,
             c->name, c->type);
  else
    snprintf(buf, len, "invalid argument %d: %s: argument %d is NULL (expected a %s) at ", c->position,
             c->function, c->position, c->type);
}

/* Makes each call in guarded mode and returns how many did not fail with their message (the first
 * 20 of them printed); leaves guarded mode off and no error pending. */
static int null_sweep_run(const NullCase *cases, int count) {
  int failures = 0;
  THSetGuardedMode(1);
  for (int i = 0; i < count; i++) {
    const NullCase *c = &cases[i];
    char expected[512];
    expected_message(c, expected, sizeof expected);
    THClearLastError();
    c->call();
    const char *msg = THGetLastError();
    if (!msg || strncmp(msg, expected, strlen(expected)) != 0) {
      if (failures < 20) print_error("%s, argument %d: got \"%s\"\n", c->function, c->position, msg ? msg : "no error");
      failures++;
    }
  }
  THSetGuardedMode(0);
  THClearLastError();
  return failures;
}
#endif
