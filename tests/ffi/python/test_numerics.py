"""The binding's kernel calls give exactly the C results: ffi_python_reference (reference.c, built
by CMake, path in EMBER_REFERENCE) runs the same kernels on the same inputs and prints them all;
here the inputs are read back, the kernels called through ember.THNN, and every result compared
bit for bit (both sides on one thread)."""
import os
import subprocess
import unittest

import numpy as np

import ember

ember.set_num_threads(1)


def read_reference():
    out = subprocess.run([os.environ["EMBER_REFERENCE"]], capture_output=True, text=True,
                         check=True).stdout.splitlines()
    tensors = {}
    for header, values in zip(out[0::2], out[1::2]):
        _, real, name, ndim, *sizes = header.split()
        dtype = np.float32 if real == "Float" else np.float64
        shape = tuple(int(s) for s in sizes)
        tensors[real, name] = np.array([float(v) for v in values.split()], dtype).reshape(shape)
    return tensors


REF = read_reference()


class Numerics(unittest.TestCase):
    def compare(self, real, name, tensor):
        expected = REF[real, name]
        got = tensor.numpy() if isinstance(tensor, ember.Tensor) else tensor
        self.assertEqual(got.shape, expected.shape, name)
        self.assertEqual(got.dtype, expected.dtype, name)
        self.assertTrue(np.array_equal(got, expected),
                        "%s %s: max difference %g" % (real, name, np.abs(got - expected).max()))

    def run_type(self, real):
        NN = getattr(ember.THNN, real)
        T = getattr(ember, real + "Tensor")
        R = lambda name: REF[real, name].copy()
        new = lambda: T()
        # Linear (inputs as numpy arrays, converted by the binding)
        x, w, b, go = R("linear_x"), R("linear_w"), R("linear_b"), R("linear_go")
        y, gi, buf = new(), new(), new()
        gw, gb = T(*w.shape).zero(), T(*b.shape).zero()
        NN.Linear_updateOutput(x, y, w, b, buf)
        NN.Linear_updateGradInput(x, go, gi, w)
        NN.Linear_accGradParameters(x, go, gi, w, b, gw, gb, buf, 1.0)
        for name, t in (("y", y), ("gi", gi), ("gw", gw), ("gb", gb)):
            self.compare(real, "linear_" + name, t)
        # pointwise
        g5 = R("tanh_go")
        for module, prefix in (("Tanh", "tanh"), ("Sigmoid", "sigmoid"), ("LogSoftMax", "logsoftmax")):
            getattr(NN, module + "_updateOutput")(x, y)
            getattr(NN, module + "_updateGradInput")(x, g5, gi, y)
            self.compare(real, prefix + "_y", y)
            self.compare(real, prefix + "_gi", gi)
        NN.Threshold_updateOutput(x, y, 0.0, 0.0, False)
        NN.Threshold_updateGradInput(x, g5, gi, 0.0, 0.0, False)
        self.compare(real, "relu_y", y)
        self.compare(real, "relu_gi", gi)
        # criteria
        NN.LogSoftMax_updateOutput(x, y)
        target = np.array([(i * 3) % 5 + 1 for i in range(4)], np.int64)
        loss, tw, gi = new(), new(), T(*y.size()).zero()
        NN.ClassNLLCriterion_updateOutput(y, target, loss, True, None, tw, -100)
        NN.ClassNLLCriterion_updateGradInput(y, target, gi, True, None, tw, -100)
        self.compare(real, "nll_loss", loss)
        self.compare(real, "nll_gi", gi)
        NN.MSECriterion_updateOutput(x, R("mse_target"), loss, True)
        NN.MSECriterion_updateGradInput(x, R("mse_target"), gi, True)
        self.compare(real, "mse_loss", loss)
        self.compare(real, "mse_gi", gi)
        # BatchNormalization, training mode
        rm, rv = T(5).zero(), T(5).fill(1)
        sm, ss = new(), new()
        bw, bb = R("bn_w"), R("bn_b")
        NN.BatchNormalization_updateOutput(x, y, bw, bb, rm, rv, sm, ss, True, 0.1, 1e-5)
        gw, gb = T(5).zero(), T(5).zero()
        NN.BatchNormalization_backward(x, g5, gi, gw, gb, bw, rm, rv, sm, ss, True, 1.0, 1e-5)
        for name, t in (("y", y), ("rm", rm), ("rv", rv), ("gi", gi), ("gw", gw), ("gb", gb)):
            self.compare(real, "bn_" + name, t)
        # SpatialConvolutionMM, SpatialMaxPooling
        img, cw, cb, cgo = R("conv_x"), R("conv_w"), R("conv_b"), R("conv_go")
        finput, fgi = new(), new()
        NN.SpatialConvolutionMM_updateOutput(img, y, cw, cb, finput, fgi, 3, 3, 1, 1, 1, 1)
        NN.SpatialConvolutionMM_updateGradInput(img, cgo, gi, cw, finput, fgi, 3, 3, 1, 1, 1, 1)
        gw, gb = T(*cw.shape).zero(), T(*cb.shape).zero()
        NN.SpatialConvolutionMM_accGradParameters(img, cgo, gw, gb, finput, fgi, 3, 3, 1, 1, 1, 1, 1.0)
        for name, t in (("y", y), ("gi", gi), ("gw", gw), ("gb", gb)):
            self.compare(real, "conv_" + name, t)
        indices = ember.LongTensor()
        NN.SpatialMaxPooling_updateOutput(img, y, indices, 2, 2, 2, 2, 0, 0, False)
        NN.SpatialMaxPooling_updateGradInput(img, R("pool_go"), gi, indices, 2, 2, 2, 2, 0, 0, False)
        self.compare(real, "pool_y", y)
        self.compare(real, "pool_gi", gi)

    def test_float(self):
        self.run_type("Float")

    def test_double(self):
        self.run_type("Double")

    def test_reference_covers_both_types(self):
        self.assertEqual(len([k for k in REF if k[0] == "Float"]), len(REF) // 2)
        self.assertGreater(len(REF), 70)


if __name__ == "__main__":
    unittest.main(verbosity=2)
