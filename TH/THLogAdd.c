/* Sums and differences of numbers held as their logarithms, without leaving log space. */
#include "THLogAdd.h"

const double THLog2Pi = 1.83787706640934548356065947281123527; /* log(2 pi) */
const double THLogZero = -INFINITY;                           /* log(0) */
const double THLogOne = 0.0;                                   /* log(1) */

/* log(exp(a) + exp(b)) = max + log1p(exp(min - max)): exp never overflows. */
double THLogAdd(double log_a, double log_b) {
  double hi = log_a > log_b ? log_a : log_b, lo = log_a > log_b ? log_b : log_a;
  if (isnan(log_a) || isnan(log_b)) return NAN;
  if (lo == -INFINITY || hi == INFINITY) return hi;
  return hi + log1p(exp(lo - hi));
}

/* log(exp(a) - exp(b)) for a >= b = a + log(1 - exp(b - a)); near d = b - a = 0 the difference is
 * taken with expm1, farther out with log1p (each where it does not cancel). */
double THLogSub(double log_a, double log_b) {
  if (isnan(log_a) || isnan(log_b)) return NAN;
  if (log_a < log_b) THError("THLogSub: log_a (%g) must be >= log_b (%g)", log_a, log_b);
  if (log_b == -INFINITY) return log_a;
  if (log_a == log_b) return -INFINITY;
  double d = log_b - log_a;
  return log_a + (d > -M_LN2 ? log(-expm1(d)) : log1p(-exp(d)));
}

/* exp(-x) = 2^-t with t = x log2(e) = n + f, n an integer and |f| <= 1/2: 2^-f = exp(-f ln 2) by
 * its Taylor series to degree 8 (|f ln 2| <= 0.347, so the remainder is below 0.347^9 / 9! < 2e-10),
 * then scaled by 2^-n. Relative error below 1e-9 for x in [0, 708]; 0 beyond 745 (underflow).
 * Also right for negative x, though callers use it for x >= 0. */
double THExpMinusApprox(const double x) {
  if (isnan(x)) return x;
  if (x > 746.0) return 0.0;
  if (x < -710.0) return INFINITY;
  double t = x * M_LOG2E, n = nearbyint(t), y = -(t - n) * M_LN2;
  double p = 1.0 + y * (1.0 + y * (1.0 / 2 + y * (1.0 / 6 + y * (1.0 / 24 + y * (1.0 / 120 +
             y * (1.0 / 720 + y * (1.0 / 5040 + y * (1.0 / 40320))))))));
  return ldexp(p, -(int)n);
}
