"""No growth of the process's memory over 10,000 binding calls: successful kernel calls with numpy
arrays converted each time, tensors made and dropped, numpy views taken, and failing calls (TH's
guarded mode returns early; the binding raises RuntimeError), each kind many times."""
import gc
import os
import unittest

import numpy as np

import ember

NN = ember.THNN.Float
PAGE = os.sysconf("SC_PAGE_SIZE")


def rss_bytes():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * PAGE


def one_round(i, x, w, b, bad_w, target):
    y, buf = ember.FloatTensor(), ember.FloatTensor()
    NN.Linear_updateOutput(x, y, w, b, buf)               # numpy inputs: wrapped every call
    NN.LogSoftMax_updateOutput(y, y.clone())
    v = y.numpy()
    assert v.shape == (16, 8)
    try:
        NN.Linear_updateOutput(x, y, bad_w, b, buf)       # wrong weight: a THNN error
    except RuntimeError:
        pass
    else:
        raise AssertionError("expected a RuntimeError")
    try:
        NN.ClassNLLCriterion_updateOutput(y, target, ember.FloatTensor(), True, None,
                                          ember.FloatTensor(), -100)   # target out of range
    except RuntimeError:
        pass
    else:
        raise AssertionError("expected a RuntimeError")
    t = ember.from_numpy(x[:, ::2])                        # zero-copy view, then dropped
    try:
        t.narrow(1, 5, 100)                                # a TH error
    except RuntimeError:
        pass
    return float(v[0, 0])


class Memory(unittest.TestCase):
    def test_no_growth_over_10000_calls(self):
        rng = np.random.default_rng(0)
        x = rng.standard_normal((16, 32)).astype(np.float32)
        w = rng.standard_normal((8, 32)).astype(np.float32)
        b = rng.standard_normal(8).astype(np.float32)
        bad_w = np.ones((8, 31), np.float32)
        target = np.full(16, 99, np.int64)
        calls_per_round = 7
        pinned = ember.pinned_count()
        for i in range(300):                               # warm up: caches, allocator pools
            one_round(i, x, w, b, bad_w, target)
        gc.collect()
        before = rss_bytes()
        rounds = 10000 // calls_per_round + 1
        first = one_round(0, x, w, b, bad_w, target)
        for i in range(rounds):
            self.assertEqual(one_round(i, x, w, b, bad_w, target), first)
        gc.collect()
        grown = rss_bytes() - before
        print("%d calls (%d failing): RSS grew by %d KiB" % (rounds * calls_per_round, rounds * 3,
                                                            grown // 1024))
        self.assertLess(grown, 256 << 10, "RSS grew by %d bytes" % grown)
        self.assertEqual(ember.pinned_count(), pinned)     # every numpy array was released


if __name__ == "__main__":
    unittest.main(verbosity=2)
