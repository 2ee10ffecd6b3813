"""TH tensors and storages from Python: basics for every type, numpy exchange without copies,
the copies where TH cannot address numpy's memory, keep-alive both ways, and library lookup."""
import gc
import os
import subprocess
import sys
import tempfile
import unittest

import numpy as np

import ember

TYPES = {"Byte": np.uint8, "Char": np.int8, "Short": np.int16, "Int": np.int32,
         "Long": np.int64, "Float": np.float32, "Double": np.float64}


class Basics(unittest.TestCase):
    def test_every_type(self):
        for name, dtype in TYPES.items():
            cls = getattr(ember, name + "Tensor")
            self.assertIs(cls, ember.tensor_class(dtype))
            t = cls(2, 3)
            self.assertEqual(t.size(), (2, 3))
            self.assertEqual(t.size(1), 3)
            self.assertEqual(t.stride(), (3, 1))
            self.assertEqual((t.dim(), t.nelement(), len(t)), (2, 6, 2))
            t.fill(7)
            self.assertEqual(t.numpy().dtype, np.dtype(dtype))
            self.assertTrue(np.all(t.numpy() == 7))
            t.zero()
            self.assertTrue(np.all(t.numpy() == 0))
            t.resize(4, 5)
            self.assertEqual(t.size(), (4, 5))
            t.resize((3,))
            self.assertEqual(t.size(), (3,))
            src = ember.DoubleTensor(3).fill(5)
            self.assertEqual(t.copy(src).tolist(), [5, 5, 5])      # cross-type copy
            s = getattr(ember, name + "Storage")(4).fill(3)
            self.assertEqual((len(s), s.tolist()), (4, [3, 3, 3, 3]))
            self.assertEqual(cls(_handle=None).dim(), 0)

    def test_views_and_contiguous(self):
        a = np.arange(12, dtype=np.float64).reshape(3, 4)
        t = ember.from_numpy(a)
        tt = t.t()
        self.assertEqual((tt.size(), tt.stride(), tt.is_contiguous()), ((4, 3), (1, 4), False))
        c = tt.contiguous()
        self.assertTrue(c.is_contiguous())
        np.testing.assert_array_equal(c.numpy(), a.T)
        self.assertNotEqual(c.data_ptr(), t.data_ptr())
        same = t.contiguous()                        # already contiguous: the same memory
        self.assertEqual(same.data_ptr(), t.data_ptr())
        np.testing.assert_array_equal(t.narrow(1, 1, 2).numpy(), a[:, 1:3])
        np.testing.assert_array_equal(t.select(0, 2).numpy(), a[2])
        cl = t.clone()
        cl.fill(0)
        self.assertEqual(a.sum(), 66)
        self.assertEqual(t.storage().size(), 12)
        self.assertEqual(t.type(ember.LongTensor).tolist(), a.astype(np.int64).tolist())

    def test_resize_as_and_copy_from_numpy(self):
        t = ember.FloatTensor().resize_as(ember.FloatTensor(2, 5))
        self.assertEqual(t.size(), (2, 5))
        t.copy(np.arange(10, dtype=np.int32))
        self.assertEqual(t.numpy()[1].tolist(), [5, 6, 7, 8, 9])
        with self.assertRaises(TypeError):
            t.resize_as(ember.DoubleTensor(2))


class ZeroCopy(unittest.TestCase):
    def check_shared(self, a):
        t = ember.from_numpy(a)
        self.assertEqual(t.data_ptr(), a.ctypes.data, "expected no copy")
        self.assertEqual(t.size(), a.shape)
        self.assertEqual(tuple(s * a.itemsize for s in t.stride()), a.strides)
        np.testing.assert_array_equal(t.numpy(), a)
        # numpy -> TH: a write through numpy is seen by TH (a THNN kernel reads it)
        a[...] = 2
        out = ember.tensor_class(a.dtype)()
        if a.dtype == np.float32:
            ember.THNN.Float.Square_updateOutput(t, out)
            self.assertTrue(np.all(out.numpy() == 4))
        self.assertTrue(np.all(t.clone().numpy() == 2))
        # TH -> numpy
        t.fill(3)
        self.assertTrue(np.all(a == 3))
        return t

    def test_layouts_without_copy(self):
        base = np.arange(60, dtype=np.float32).reshape(3, 4, 5)
        self.check_shared(base.copy())                        # C order
        self.check_shared(np.asfortranarray(base))            # F order
        self.check_shared(base.copy()[::2, 1:, ::3])          # sliced, non-contiguous
        self.check_shared(base.copy().transpose(2, 0, 1))     # permuted
        self.check_shared(np.zeros(7, np.float64)[2:])        # offset into a buffer
        for dtype in TYPES.values():
            self.check_shared(np.ones((2, 3), dtype))

    def test_copies_where_th_cannot_address(self):
        a = np.arange(12, dtype=np.float32).reshape(3, 4)
        packed = np.zeros(12, dtype=[("a", "<f4"), ("b", "u1")])
        packed["a"] = a.ravel()
        cases = [a[::-1], a[:, ::-1],                             # negative strides
                 np.frombuffer(a.tobytes(), np.float32),           # read-only
                 a.astype(">f4"),                                  # byte-swapped
                 np.frombuffer(bytearray(b"\0" + a.tobytes()), np.float32, count=12, offset=1),
                 packed["a"]]                                      # unaligned; stride 5 bytes
        self.assertTrue(cases[4].flags.writeable and not cases[4].flags.aligned)
        for c in cases:
            t = ember.from_numpy(c)
            self.assertNotEqual(t.data_ptr(), c.ctypes.data)
            np.testing.assert_array_equal(t.numpy(), c)
            t.fill(0)
            self.assertEqual(float(np.abs(c).sum()), 66.0)     # the source is untouched

    def test_to_numpy_is_a_view(self):
        t = ember.DoubleTensor(2, 3).fill(1)
        v = t.numpy()
        self.assertEqual(v.ctypes.data, t.data_ptr())
        v[1, 2] = 9
        self.assertEqual(t.clone().numpy()[1, 2], 9)
        tv = t.t().numpy()
        self.assertEqual(tv.strides, (8, 24))
        self.assertEqual(tv[2, 1], 9)

    def test_scalar_and_empty(self):
        t = ember.from_numpy(np.float64(4.5))
        self.assertEqual(t.size(), (1,))
        self.assertEqual(t.tolist(), [4.5])
        e = ember.from_numpy(np.zeros((0,), np.float32))
        self.assertEqual(e.nelement(), 0)
        self.assertEqual(e.numpy().size, 0)
        with self.assertRaises(TypeError):
            ember.from_numpy(np.zeros(3, np.complex64))


class KeepAlive(unittest.TestCase):
    def test_th_keeps_numpy_alive(self):
        before = ember.pinned_count()
        a = np.arange(1000, dtype=np.float64)
        t = ember.from_numpy(a)
        self.assertEqual(ember.pinned_count(), before + 1)
        del a
        gc.collect()
        junk = [np.full(1000, -1.0) for _ in range(50)]      # reuse freed memory, if any
        self.assertEqual(t.numpy().sum(), 499500)
        self.assertEqual(t.numpy()[999], 999)
        del junk
        n = t.narrow(0, 10, 5)                               # a second TH tensor on the storage
        del t
        gc.collect()
        self.assertEqual(n.tolist(), [10, 11, 12, 13, 14])
        self.assertEqual(ember.pinned_count(), before + 1)
        del n
        gc.collect()
        self.assertEqual(ember.pinned_count(), before)      # TH freed its storage: unpinned

    def test_numpy_view_keeps_th_alive(self):
        t = ember.FloatTensor(100).fill(2.5)
        v = t.numpy()
        del t
        gc.collect()
        junk = [ember.FloatTensor(100).fill(-1) for _ in range(50)]
        self.assertTrue(np.all(v == 2.5))
        del junk

    def test_growing_a_numpy_backed_tensor(self):
        a = np.arange(4, dtype=np.float32)
        t = ember.from_numpy(a)
        t.resize(1000)                       # TH reallocates through the numpy allocator
        self.assertEqual(t.numpy()[:4].tolist(), [0, 1, 2, 3])
        t.fill(1)
        self.assertEqual(a.tolist(), [0, 1, 2, 3])   # the old array is no longer the storage
        t.resize(0)
        t.resize(8)
        self.assertEqual(t.size(), (8,))


class Loader(unittest.TestCase):
    def run_python(self, code, **env):
        full = dict(os.environ, **env)
        return subprocess.run([sys.executable, "-c", code], env=full, capture_output=True,
                              text=True, check=True).stdout

    def test_found_libraries_and_guarded_mode(self):
        for path in ember.LIB_PATHS.values():
            self.assertTrue(os.path.isfile(path), path)
        self.assertEqual(ember._loader.TH.THGetGuardedMode(), 1)

    def test_ember_lib_dir_comes_first(self):
        with tempfile.TemporaryDirectory() as d:
            for path in ember.LIB_PATHS.values():
                os.symlink(path, os.path.join(d, os.path.basename(path)))
            out = self.run_python("import ember; print(ember.LIB_PATHS['TH'])",
                                  EMBER_LIB_DIR="/nonexistent:" + d)
            self.assertEqual(out.strip(), os.path.join(d, "libTH.so.0"))
            # a directory without the libraries is passed over
            out = self.run_python("import ember; print(ember.LIB_PATHS['TH'])", EMBER_LIB_DIR="/tmp")
            self.assertEqual(out.strip(), ember.LIB_PATHS["TH"])

    def test_soname_fallback(self):
        # A copy of the package that knows no directory: the system loader finds the libraries by
        # SONAME (here through LD_LIBRARY_PATH); with nothing to find, a clear ImportError.
        import shutil
        with tempfile.TemporaryDirectory() as d:
            src = os.path.dirname(ember.__file__)
            shutil.copytree(src, os.path.join(d, "ember"),
                            ignore=shutil.ignore_patterns("_build_config.py", "__pycache__"))
            dirs = ":".join(sorted({os.path.dirname(p) for p in ember.LIB_PATHS.values()}))
            env = {k: v for k, v in os.environ.items() if k != "EMBER_LIB_DIR"}
            code = "import ember; print(ember.LIB_PATHS['THNN'])"
            out = subprocess.run([sys.executable, "-c", code], cwd=d, capture_output=True, text=True,
                                 env=dict(env, PYTHONPATH=d, LD_LIBRARY_PATH=dirs))
            self.assertEqual(out.stdout.strip(), "libTHNN.so.0", out.stderr)
            out = subprocess.run([sys.executable, "-c", code], cwd=d, capture_output=True, text=True,
                                 env=dict(env, PYTHONPATH=d, LD_LIBRARY_PATH=""))
            if out.returncode == 0:
                self.skipTest("an ember is installed system-wide: the negative case cannot run")
            self.assertIn("ImportError: ember: cannot load libTH.so.0", out.stderr)


if __name__ == "__main__":
    unittest.main(verbosity=2)
