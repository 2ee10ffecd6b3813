#!/usr/bin/python3
"""Expected random numbers for tests/TH/test_random.c, computed independently of ember.

This is a plain-Python model of Torch7's final random code (torch/torch7 at 814ea4af: lib/TH/THRandom.c
and lib/TH/generic/THTensorRandom.c, randperm in lib/TH/generic/THTensorMath.c), written from
reading those sources: MT19937 seeded by init_genrand, one 32-bit draw per integer element (Torch7
has no 64-bit draws), its transforms, its multinomial and its alias tables. It checks its MT19937
against published reference outputs first, then writes golden/random_torch7.h:
    /usr/bin/python3 tests/golden/gen_random_torch7.py
It needs no PyTorch (gen.py runs it with the others)."""
import math
import os
import struct

HERE = os.path.dirname(os.path.abspath(__file__))
MASK32 = 0xFFFFFFFF


def f32(x):
    """Rounds a double to the nearest float (what a C float store does)."""
    return struct.unpack("f", struct.pack("f", x))[0]


class MT19937:
    """Matsumoto & Nishimura's generator, seeded with init_genrand as THRandom_manualSeed does."""

    N, M = 624, 397

    def __init__(self, seed):
        s = [seed & MASK32]
        for j in range(1, self.N):
            s.append((1812433253 * (s[-1] ^ (s[-1] >> 30)) + j) & MASK32)
        self.state = s
        self.index = self.N  # the first draw regenerates the block
        self.normal_cache = None  # (x, rho) of Box-Muller while the sine half is pending

    def _regenerate(self):
        s, n, m = self.state, self.N, self.M
        for k in range(n):
            y = (s[k] & 0x80000000) | (s[(k + 1) % n] & 0x7FFFFFFF)
            s[k] = s[(k + m) % n] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
        self.index = 0

    def random(self):
        if self.index >= self.N:
            self._regenerate()
        y = self.state[self.index]
        self.index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        y ^= y >> 18
        return y & MASK32

    # THRandom's transforms
    def u01(self):
        return self.random() * (1.0 / 4294967296.0)

    def uniform(self, a, b):
        return self.u01() * (b - a) + a

    def normal(self, mean, stdv):
        if self.normal_cache is None:
            x = self.u01()
            y = self.u01()
            rho = math.sqrt(-2.0 * math.log(1.0 - y))
            self.normal_cache = (x, rho)
            return rho * math.cos(2.0 * math.pi * x) * stdv + mean
        x, rho = self.normal_cache
        self.normal_cache = None
        return rho * math.sin(2.0 * math.pi * x) * stdv + mean

    def exponential(self, lam):
        return -1.0 / lam * math.log(1.0 - self.u01())

    def cauchy(self, median, sigma):
        return median + sigma * math.tan(math.pi * (self.u01() - 0.5))

    def log_normal(self, mean, stdv):
        return math.exp(self.normal(mean, stdv))

    def geometric(self, p):
        return int(math.log(1.0 - self.u01()) / math.log(p)) + 1

    def bernoulli(self, p):
        return 1 if self.u01() <= p else 0


def wrap(v, bits, signed):
    """A C conversion of an integer to a type of that width (gcc wraps modulo 2^bits)."""
    v &= (1 << bits) - 1
    return v - (1 << bits) if signed and v >= 1 << (bits - 1) else v


def randperm(g, n):
    r = list(range(n))
    for i in range(n - 1):
        z = g.random() % (n - i)
        r[i], r[i + z] = r[i + z], r[i]
    return r


def multinomial_row(g, probs, n_sample, with_replacement):
    """Torch7's multinomial on one row: normalised cumulative sums (double), last bucket set to 1,
    the first bucket >= u, and without replacement the in-place update of the cumulative sums."""
    n = len(probs)
    cum, total = [], 0.0
    for p in probs:
        total += p
        cum.append(total)
    cum = [c / total for c in cum]
    out = []
    for _ in range(n_sample):
        u = g.uniform(0, 1)
        cum[n - 1] = 1.0
        left, right = 0, n
        while right - left > 0:
            mid = left + (right - left) // 2
            if cum[mid] < u:
                left = mid + 1
            else:
                right = mid
        idx = left
        out.append(idx)
        if not with_replacement:
            below = cum[idx - 1] if idx != 0 else 0.0
            diff = cum[idx] - below
            rest = 1.0 - diff
            cum = [((c - diff) if k >= idx else c) / rest for k, c in enumerate(cum)]
    return out


def alias_setup(probs, rnd):
    """Torch7's multinomialAliasSetup; rnd rounds to the tensor's real type (f32 or float)."""
    K = len(probs)
    J = [0] * K
    q = []
    smaller, larger = [], []
    for i, p in enumerate(probs):
        q.append(rnd(K * p))  # K * p in the real type, and compared so
        (smaller if q[i] < 1.0 else larger).append(i)
    while smaller and larger:
        large, small = larger[-1], smaller[-1]
        J[small] = large
        q[large] = rnd(q[large] - (1.0 - q[small]))
        if q[large] < 1.0:
            smaller[-1] = large
            larger.pop()
        else:
            smaller.pop()
    assert min(q) > 0
    q_max = max(q)
    if q_max > 1:
        q = [rnd(v / q_max) for v in q]
    q = [1.0 if J[i] <= 0 else v for i, v in enumerate(q)]
    return J, q


def alias_draw(g, J, q, n):
    """Torch7's multinomialAliasDraw: k = (long)uniform(0, K); keep k when bernoulli(q[k]), else
    J[k] - 1 (its draw reads J as 1-based while the setup writes it 0-based)."""
    out = []
    for _ in range(n):
        k = int(g.uniform(0, len(J)))
        keep = g.bernoulli(q[k])
        out.append(k if keep else J[k] - 1)
    return out


# ------------------------------------------------------------------------------------- the cases


def self_check():
    g = MT19937(5489)
    first = [g.random() for _ in range(5)]
    assert first == [3499211612, 581869302, 3890346734, 3586334585, 545404204], first
    for _ in range(9994):
        g.random()
    assert g.random() == 4123659995  # the C++ standard's 10000th output of std::mt19937
    assert MT19937(1).random() == 1791095845  # std::mt19937(1)'s first output


def cases():
    out = []  # (C name, C type, values)

    # random(): draw % (number of non-negative values), per type, from seed 7
    g = MT19937(7)
    d = [g.random() for _ in range(6)]
    out.append(("random_draws_seed7", "unsigned long", d))
    out.append(("random_char_seed7", "long", [wrap(v % 128, 8, True) for v in d]))
    out.append(("random_short_seed7", "long", [v % 32768 for v in d]))
    out.append(("random_int_seed7", "long", [v % 2147483648 for v in d]))

    # clampedRandom: min + draw % (max - min), one 32-bit draw per element; ranges wider than
    # 2^32 therefore give min + draw
    def clamped(seed, lo, hi, n, bits=64, signed=True):
        g = MT19937(seed)
        return [wrap(lo + g.random() % (hi - lo), bits, signed) for _ in range(n)]

    out.append(("clamped_long_wide", "long", clamped(12, -(1 << 40), 1 << 40, 6)))
    out.append(("capped_long_wide", "long", clamped(13, 0, 1 << 62, 6)))
    out.append(("clamped_long_full", "long", clamped(14, -(1 << 63), (1 << 63) - 1, 4)))
    out.append(("clamped_int", "long", clamped(15, -(1 << 31), (1 << 31) - 1, 6, 32)))
    out.append(("clamped_short", "long", clamped(16, -300, 300, 6, 16)))
    out.append(("clamped_char", "long", clamped(17, -128, 128, 6, 8)))
    out.append(("clamped_byte", "long", clamped(18, 3, 250, 6, 8, False)))
    # Float/Double with a negative minimum: ember's fix of Torch7 (which added min as unsigned);
    # the value is the mathematical min + draw % range
    out.append(("clamped_double_negative", "long", clamped(19, -1000, -990, 6)))

    # One sequence of calls that must stay in step with Torch7's generator (seed 42):
    # Long clampedRandom over a wide range (3), Long geometric(0.3) (3), Long bernoulli(0.4) (3),
    # Byte bernoulli_FloatTensor (pf), Byte bernoulli_DoubleTensor (pd), Double uniform(-2, 3) (3),
    # Double normal(1, 2) (3: leaves a cached value), Double exponential(1.5) (2),
    # Double cauchy(-1, 0.5) (2), Double logNormal(0.5, 0.25) (3), then one raw draw.
    g = MT19937(42)
    seq = [g.random() % (1 << 41) - (1 << 40) for _ in range(3)]
    seq += [g.geometric(0.3) for _ in range(3)]
    seq += [g.bernoulli(0.4) for _ in range(3)]
    pf = [f32(v) for v in (0.0, 1.0, 0.5, 0.25, 0.75, 0.1)]
    pd = [1.0, 0.0, 0.5, 0.9, 0.3, 0.6]
    seq += [g.bernoulli(p) for p in pf]
    seq += [g.bernoulli(p) for p in pd]
    out.append(("chain_integers", "long", seq))
    reals = [g.uniform(-2, 3) for _ in range(3)]
    reals += [g.normal(1, 2) for _ in range(3)]
    reals += [g.exponential(1.5) for _ in range(2)]
    reals += [g.cauchy(-1, 0.5) for _ in range(2)]
    reals += [g.log_normal(0.5, 0.25) for _ in range(3)]
    out.append(("chain_reals", "double", reals))
    out.append(("chain_next_draw", "unsigned long", [g.random()]))
    # the same real draws into a Float tensor: each value rounded to float
    out.append(("chain_reals_float", "double", [f32(v) for v in reals]))

    # logNormal(mean, stdv) = exp(normal(mean, stdv)); a negative mean is fine
    g = MT19937(20)
    out.append(("log_normal_seed20", "double", [g.log_normal(-1.0, 0.5) for _ in range(4)]))

    # randperm: 0..n-1
    g = MT19937(17)
    out.append(("randperm_10_seed17", "long", randperm(g, 10)))

    # multinomial with replacement on an unnormalised row with a zero, 0-based
    w = [1.0, 2.0, 0.0, 3.0, 4.0]
    g = MT19937(18)
    out.append(("multinomial_with_seed18", "long", multinomial_row(g, w, 12, True)))
    # 2-D, rows drawn one after the other from one generator
    rows = [[0.2, 0.3, 0.5], [0.6, 0.0, 0.4]]
    g = MT19937(19)
    out.append(("multinomial_rows_seed19", "long",
                multinomial_row(g, rows[0], 5, True) + multinomial_row(g, rows[1], 5, True)))
    # without replacement: Torch7's update of the cumulative sums between draws
    w = [0.1, 0.0, 0.5, 0.4, 0.25, 0.05]
    g = MT19937(21)
    wo = []
    for _ in range(4):
        wo += multinomial_row(g, w, 4, False)
    out.append(("multinomial_without_seed21", "long", wo))
    wf = [f32(v) for v in (0.3, 0.1, 0.2, 0.4)]
    g = MT19937(22)
    out.append(("multinomial_without_float_seed22", "long", multinomial_row(g, wf, 4, False)))

    # alias tables, Double and Float, and their draws
    pd = [0.1, 0.05, 0.3, 0.15, 0.25, 0.15]
    J, q = alias_setup(pd, float)
    out.append(("alias_double_J", "long", J))
    out.append(("alias_double_q", "double", q))
    g = MT19937(23)
    out.append(("alias_double_draws_seed23", "long", alias_draw(g, J, q, 16)))
    pf = [f32(v) for v in (0.4, 0.05, 0.05, 0.3, 0.2)]
    J, q = alias_setup(pf, f32)
    out.append(("alias_float_J", "long", J))
    out.append(("alias_float_q", "double", q))
    g = MT19937(24)
    out.append(("alias_float_draws_seed24", "long", alias_draw(g, J, q, 16)))
    # probabilities that do not sum to 1 (Torch7 scales q by its maximum)
    pu = [1.0, 2.0, 3.0]
    J, q = alias_setup(pu, float)
    out.append(("alias_unnormalised_J", "long", J))
    out.append(("alias_unnormalised_q", "double", q))
    return out


def c_value(v, ctype):
    if ctype == "double":
        return repr(float(v))
    if ctype == "unsigned long":
        return "%dUL" % v
    if v == -(1 << 63):
        return "(-9223372036854775807L - 1)"
    return "%dL" % v


def main():
    self_check()
    lines = [
        "/* Generated by tests/golden/gen_random_torch7.py (a Python model of Torch7's random code);",
        " * do not edit. */",
        "#ifndef EMBER_RANDOM_TORCH7_H",
        "#define EMBER_RANDOM_TORCH7_H",
    ]
    for name, ctype, values in cases():
        body = ", ".join(c_value(v, ctype) for v in values)
        lines.append("static const %s %s[%d] = {%s};" % (ctype, name, len(values), body))
    lines.append("#endif")
    path = os.path.join(HERE, "random_torch7.h")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
