"""A failing TH or THNN call raises RuntimeError with TH's message, and everything keeps working."""
import unittest

import numpy as np

import ember

NN = ember.THNN.Float


def linear(x, w, b):
    y = ember.FloatTensor()
    NN.Linear_updateOutput(x, y, w, b, ember.FloatTensor())
    return y.numpy().copy()


class Errors(unittest.TestCase):
    def setUp(self):
        self.x = np.arange(20, dtype=np.float32).reshape(4, 5) / 10
        self.w = np.ones((3, 5), np.float32)
        self.b = np.zeros(3, np.float32)

    def test_thnn_error_message(self):
        with self.assertRaises(RuntimeError) as cm:
            linear(self.x, np.ones((3, 4), np.float32), self.b)
        message = str(cm.exception)
        self.assertIn("Linear_updateOutput", message)
        self.assertIn("4 features", message)
        # the library and the process go on, with right results
        np.testing.assert_allclose(linear(self.x, self.w, self.b), self.x.sum(1, keepdims=True)
                                   .repeat(3, 1), rtol=1e-6)
        self.assertIsNone(ember._loader.TH.THGetLastError())

    def test_th_error_message(self):
        t = ember.FloatTensor(3)
        with self.assertRaises(RuntimeError) as cm:
            t.narrow(0, 2, 5)
        self.assertIn("narrow", str(cm.exception).lower())
        with self.assertRaises(ValueError):
            t.resize(-2, 3)
        with self.assertRaises(RuntimeError):
            t.select(3, 0)
        with self.assertRaises(RuntimeError) as cm:
            ember.FloatTensor(4).copy(ember.DoubleTensor(5))
        self.assertEqual(t.size(), (3,))
        self.assertEqual(t.fill(2).tolist(), [2, 2, 2])

    def test_bad_index_in_a_kernel(self):
        logp = np.log(np.full((2, 3), 1 / 3, np.float32))
        for bad in ([1, 4], [0, 1], [-5, 2]):
            with self.assertRaises(RuntimeError) as cm:
                NN.ClassNLLCriterion_updateOutput(logp, np.array(bad, np.int64), ember.FloatTensor(),
                                                  True, None, ember.FloatTensor(), -100)
            self.assertIn("ClassNLLCriterion", str(cm.exception))
        out = ember.FloatTensor()
        NN.ClassNLLCriterion_updateOutput(logp, np.array([1, 3], np.int64), out, True, None,
                                          ember.FloatTensor(), -100)
        self.assertAlmostEqual(float(out.numpy()[0]), np.log(3), places=5)

    def test_many_errors_then_work(self):
        for i in range(200):
            with self.assertRaises(RuntimeError):
                NN.SpatialConvolutionMM_updateOutput(
                    np.zeros((2, 3), np.float32), ember.FloatTensor(), np.zeros((4, 27), np.float32),
                    None, ember.FloatTensor(), ember.FloatTensor(), 3, 3, 1, 1, 0, 0)
        self.assertEqual(linear(self.x, self.w, self.b).shape, (4, 3))

    def test_python_side_type_errors(self):
        with self.assertRaises(TypeError):        # a Double tensor for a Float kernel
            NN.Abs_updateOutput(ember.DoubleTensor(3), ember.FloatTensor())
        with self.assertRaises(TypeError):        # a number is not optional
            NN.HardTanh_updateOutput(np.zeros(3, np.float32), ember.FloatTensor(), None, 1.0, False)
        with self.assertRaises(TypeError):        # wrong argument count
            NN.Abs_updateOutput(ember.FloatTensor())
        with self.assertRaises(AttributeError):
            ember.THNN.Float.NoSuchKernel_updateOutput

    def test_keywords_and_numpy_conversion(self):
        out = ember.FloatTensor()
        NN.HardTanh_updateOutput(input=np.array([-3.0, 0.5, 3.0]), output=out, min_val=-1,
                                 max_val=1, inplace=False)
        self.assertEqual(out.tolist(), [-1.0, 0.5, 1.0])    # a float64 array converted (a copy)


if __name__ == "__main__":
    unittest.main(verbosity=2)
