"""Every THNN kernel of THNN.h, Float and Double, is callable through the binding.

The cases are generated from the parsed header (ember.THNN.DECLARATIONS), so a kernel added to
THNN.h is covered without a change here:
  * an error call for every kernel: NULL for every tensor argument must raise RuntimeError whose
    message names the kernel, after which the library still computes right;
  * a real call for every kernel whose module has a recipe below (small valid shapes and
    parameters). The kernels of a module run in header order (updateOutput first) and share their
    tensors by argument name, as nn's modules pass them: what updateOutput fills (output, indices,
    finput, buffers) is what updateGradInput and accGradParameters get. Tensor arguments a recipe
    does not name are fresh tensors (gradOutput: random, shaped as output; gradX: zeros shaped as
    X). Checked: no error, updateOutput's output is not empty, updateGradInput's gradInput has the
    input's size, and every tensor of the module's type is finite. A module without a recipe fails test_every_kernel_has_a_real_call.
"""
import math
import unittest

import numpy as np

import ember
from ember import THNN

RNG = np.random.default_rng(7)


def r(*shape):
    return RNG.uniform(-1, 1, shape)


def pos(*shape):
    return RNG.uniform(0.1, 0.9, shape)


def idx(high, *shape):
    """1-based indices in [1, high]."""
    return RNG.integers(1, high + 1, shape).astype(np.int64)


def sign(*shape):
    return np.where(RNG.uniform(size=shape) < 0.5, -1.0, 1.0)


class S:
    """A recipe value: the module's tensor of that name (for kernels whose argument names differ)."""

    def __init__(self, name):
        self.name = name


def pooled_indices(real, kind):
    """Indices as SpatialMaxPooling / VolumetricMaxPooling return them, for the unpooling kernels."""
    NN, T = getattr(THNN, real), getattr(ember, real + "Tensor")
    indices = ember.LongTensor()
    if kind == "spatial":
        NN.SpatialMaxPooling_updateOutput(r(2, 3, 6, 6), T(), indices, 2, 2, 2, 2, 0, 0, False)
    else:
        NN.VolumetricMaxPooling_updateOutput(r(2, 2, 4, 4, 4), T(), indices, 2, 2, 2, 2, 2, 2,
                                             0, 0, 0, False)
    return indices


POINTWISE = {"input": lambda: r(3, 4)}
CRITERION = {"input": lambda: r(3, 4), "target": lambda: r(3, 4), "sizeAverage": True}
CONV2D = dict(kW=3, kH=3, dW=1, dH=1, padW=1, padH=1)
POOL2D = dict(input=lambda: r(2, 3, 6, 6), kW=2, kH=2, dW=2, dH=2, padW=0, padH=0, ceil_mode=False,
              dilationW=1, dilationH=1)
POOL3D = dict(input=lambda: r(2, 2, 4, 4, 4), kT=2, kW=2, kH=2, dT=2, dW=2, dH=2, pT=0, pW=0, pH=0,
              padT=0, padW=0, padH=0, ceilMode=False, ceil_mode=False, dilationT=1, dilationW=1,
              dilationH=1, count_include_pad=True)
CONV3D = dict(input=lambda: r(2, 2, 4, 4, 4), dT=1, dW=1, dH=1, pT=0, pW=0, pH=0, padT=0, padW=0,
              padH=0, kT=2, kW=2, kH=2, dilationT=1, dilationW=1, dilationH=1, aT=0, aW=0, aH=0)
CONN = lambda: np.array([[1, 1], [2, 1], [2, 2]], np.float64)   # (input plane, output plane)

# module -> {argument name: value or zero-argument function}; "@Kernel": overrides for one kernel.
RECIPES = {
    "Abs": POINTWISE,
    "ELU": dict(POINTWISE, alpha=1.0, inplace=False),
    "HardShrink": dict(POINTWISE, lambda_=0.5),
    "HardTanh": dict(POINTWISE, min_val=-0.5, max_val=0.5, inplace=False),
    "L1Cost": POINTWISE,
    "LeakyReLU": dict(POINTWISE, negval=0.1, inplace=False),
    "LogSigmoid": POINTWISE,
    "LogSoftMax": POINTWISE,
    "SoftMax": POINTWISE,
    "Sigmoid": POINTWISE,
    "SoftPlus": dict(POINTWISE, beta=1.0, threshold=20.0),
    "SoftShrink": dict(POINTWISE, lambda_=0.5),
    "Sqrt": dict(input=lambda: pos(3, 4), eps=0.0),
    "Square": POINTWISE,
    "Tanh": POINTWISE,
    "Threshold": dict(POINTWISE, threshold=0.0, val=0.0, inplace=False),
    "RReLU": dict(POINTWISE, lower=0.1, upper=0.3, train=True, inplace=False),
    "GatedLinear": dict(POINTWISE, dim=2),
    "AbsCriterion": CRITERION,
    "MSECriterion": CRITERION,
    "SmoothL1Criterion": CRITERION,
    "DistKLDivCriterion": dict(CRITERION, target=lambda: pos(3, 4)),
    "BCECriterion": dict(CRITERION, input=lambda: pos(3, 4), target=lambda: pos(3, 4), weights=None),
    "SoftMarginCriterion": dict(CRITERION, target=lambda: sign(3, 4)),
    "MarginCriterion": dict(CRITERION, target=lambda: sign(3, 4), margin=1.0),
    "ClassNLLCriterion": dict(CRITERION, target=lambda: idx(4, 3), weights=None, ignore_index=-100),
    "SpatialClassNLLCriterion": dict(CRITERION, input=lambda: r(2, 4, 3, 3),
                                     target=lambda: idx(4, 2, 3, 3), weights=None),
    "MultiLabelMarginCriterion": dict(CRITERION, target=lambda: np.array(
        [[1, 3, 0, 0], [4, 0, 0, 0], [2, 1, 4, 0]], np.int64)),
    "MultiMarginCriterion": dict(CRITERION, target=lambda: idx(4, 3), p=1, weights=None,
                                 margin=1.0),
    "PReLU": dict(input=lambda: r(2, 3, 4, 4), weight=lambda: r(3), nOutputPlane=3),
    "Linear": dict(input=lambda: r(3, 5), weight=lambda: r(4, 5), bias=lambda: r(4)),
    "GRUFused": dict(input=lambda: r(2, 9), hidden=lambda: r(2, 9), bias1=lambda: r(9),
                     bias2=lambda: r(9), hx=lambda: r(2, 3)),
    "LSTMFused": dict(input=lambda: r(2, 12), hidden=lambda: r(2, 12), bias1=lambda: r(12),
                      bias2=lambda: r(12), cell=lambda: r(2, 3),
                      **{"@LSTMFused_updateGradInput": dict(
                          storage=S("input"), cx=S("cell"), cy=S("outputCell"),
                          gradOutputCell=lambda: r(2, 3))}),
    "LookupTable": dict(input=lambda: idx(5, 2, 3), gradOutput=lambda: r(2, 3, 4),
                        gradWeight=lambda: np.zeros((5, 4)), scaleGradByFreq=False,
                        paddingValue=-1, idx=lambda: np.array([1, 3, 4], np.int64),
                        weight=lambda: r(5, 4) * 3, maxNorm=1.0, normType=2.0),
    "IndexLinear": dict(keys=lambda: np.array([0, 3, 1, 4, 6], np.int64), keysOffset=0,
                        values=lambda: r(5), sizes=lambda: np.array([2, 3], np.int64),
                        cumSumSizes=lambda: np.array([2, 5], np.int64),
                        weight=lambda: r(8, 3), bias=lambda: r(3), train=1,
                        gradOutput=lambda: r(2, 3), weightDecay=0.0,
                        runningKeys=S("keys"), learningRate=0.1),
    "SparseLinear": dict(input=lambda: np.array([[1, 1, 0.5], [1, 4, -1.0], [2, 2, 2.0]]),
                         weight=lambda: r(3, 5), bias=lambda: r(3), weightDecay=0.0,
                         lastInput=S("input"), learningRate=0.1,
                         **{"@SparseLinear_legacyUpdateOutput": dict(
                             input=lambda: np.array([[[1, 0.5], [4, -1.0]], [[2, 2.0], [5, 1.0]]]),
                             output=lambda: np.zeros(0)),
                            "@SparseLinear_legacyAccGradParameters": dict(input=S("legacyInput")),
                            "@SparseLinear_legacyZeroGradParameters": dict(lastInput=S("legacyInput")),
                            "@SparseLinear_legacyUpdateParameters": dict(lastInput=S("legacyInput"))}),
    "Sqrt_": None,
    "TemporalConvolution": dict(input=lambda: r(2, 7, 4), weight=lambda: r(5, 12), bias=lambda: r(5),
                                kW=3, dW=1, inputFrameSize=4, outputFrameSize=5),
    "TemporalMaxPooling": dict(input=lambda: r(2, 7, 4), kW=2, dW=2),
    "TemporalSubSampling": dict(input=lambda: r(7, 4), weight=lambda: r(4), bias=lambda: r(4),
                                kW=2, dW=1, inputFrameSize=4),
    "TemporalRowConvolution": dict(input=lambda: r(2, 7, 4), weight=lambda: r(4, 1, 3),
                                   bias=lambda: r(4), kW=3, dW=1, padW=0, featFirst=False),
    "BatchNormalization": dict(input=lambda: r(4, 3), weight=lambda: r(3), bias=lambda: r(3),
                               running_mean=lambda: np.zeros(3), running_var=lambda: np.ones(3),
                               train=True, momentum=0.1, eps=1e-5),
    "SpatialConvolutionMap": dict(input=lambda: r(2, 5, 5), weight=lambda: r(3, 3, 3),
                                  bias=lambda: r(2), connTable=CONN, nInputPlane=2,
                                  nOutputPlane=2, dW=1, dH=1),
    "SpatialFullConvolutionMap": dict(input=lambda: r(2, 4, 4), weight=lambda: r(3, 3, 3),
                                      bias=lambda: r(2), connTable=CONN, nInputPlane=2,
                                      nOutputPlane=2, dW=1, dH=1),
    "SpatialConvolutionMM": dict(CONV2D, input=lambda: r(2, 3, 5, 5), weight=lambda: r(4, 3, 3, 3),
                                 bias=lambda: r(4)),
    "SpatialDepthWiseConvolution": dict(CONV2D, input=lambda: r(2, 3, 5, 5),
                                        weight=lambda: r(2, 3, 3, 3), bias=lambda: r(2, 3)),
    "SpatialConvolutionLocal": dict(input=lambda: r(3, 5, 5), weight=lambda: r(3, 3, 2, 3, 3, 3),
                                    bias=lambda: r(2, 3, 3), kW=3, kH=3, dW=1, dH=1, padW=0, padH=0,
                                    inputWidth=5, inputHeight=5, outputWidth=3, outputHeight=3),
    "SpatialDilatedConvolution": dict(CONV2D, input=lambda: r(2, 3, 6, 6),
                                      weight=lambda: r(4, 3, 3, 3), bias=lambda: r(4), padW=2,
                                      padH=2, dilationW=2, dilationH=2),
    "SpatialFullConvolution": dict(CONV2D, input=lambda: r(2, 3, 4, 4), weight=lambda: r(3, 2, 3, 3),
                                   bias=lambda: r(2), adjW=0, adjH=0),
    "SpatialFullDilatedConvolution": dict(CONV2D, input=lambda: r(2, 3, 4, 4),
                                          weight=lambda: r(3, 2, 3, 3), bias=lambda: r(2), adjW=0,
                                          adjH=0, dilationW=2, dilationH=2),
    "SpatialAdaptiveMaxPooling": dict(input=lambda: r(2, 3, 5, 5), owidth=2, oheight=3),
    "SpatialAdaptiveAveragePooling": dict(input=lambda: r(2, 3, 5, 5), owidth=2, oheight=3),
    "SpatialAveragePooling": dict(POOL2D, count_include_pad=True),
    "SpatialMaxPooling": POOL2D,
    "SpatialDilatedMaxPooling": POOL2D,
    "SpatialMaxUnpooling": dict(input=lambda: r(2, 3, 3, 3), owidth=6, oheight=6,
                                indices=lambda real: pooled_indices(real, "spatial")),
    "SpatialFractionalMaxPooling": dict(input=lambda: r(2, 3, 7, 7), outputW=3, outputH=3,
                                        poolSizeW=2, poolSizeH=2,
                                        randomSamples=lambda: pos(2, 3, 2)),
    "SpatialSubSampling": dict(input=lambda: r(2, 3, 6, 6), weight=lambda: r(3), bias=lambda: r(3),
                               kW=2, kH=2, dW=2, dH=2),
    "SpatialUpSamplingNearest": dict(input=lambda: r(2, 3, 3, 3), scale_factor=2),
    "SpatialUpSamplingBilinear": dict(input=lambda: r(2, 3, 3, 3), outputHeight=5, outputWidth=6,
                                      nbatch=2, nchannels=3, inputHeight=3, inputWidth=3),
    "SpatialGridSamplerBilinear": dict(input=lambda: r(2, 3, 4, 4), grid=lambda: r(2, 3, 3, 2)),
    "SpatialReflectionPadding": dict(input=lambda: r(2, 3, 4, 4), pad_l=1, pad_r=2, pad_t=1, pad_b=0),
    "SpatialReplicationPadding": dict(input=lambda: r(2, 3, 4, 4), pad_l=1, pad_r=2, pad_t=1, pad_b=0),
    "unfolded": dict(finput=lambda: r(27, 16), input=lambda: r(3, 4, 4), kW=3, kH=3, dW=1, dH=1,
                     padW=1, padH=1, nInputPlane=3, inputWidth=4, inputHeight=4, outputWidth=4,
                     outputHeight=4),
    "VolumetricAveragePooling": POOL3D,
    "VolumetricMaxPooling": POOL3D,
    "VolumetricDilatedMaxPooling": POOL3D,
    "VolumetricMaxUnpooling": dict(input=lambda: r(2, 2, 2, 2, 2), oT=4, oW=4, oH=4, dT=2, dW=2,
                                   dH=2, pT=0, pW=0, pH=0,
                                   indices=lambda real: pooled_indices(real, "volumetric")),
    "VolumetricFractionalMaxPooling": dict(input=lambda: r(2, 2, 6, 6, 6), outputT=3, outputW=3,
                                           outputH=3, poolSizeT=2, poolSizeW=2, poolSizeH=2,
                                           randomSamples=lambda: pos(2, 2, 3)),
    "VolumetricConvolution": dict(CONV3D, weight=lambda: r(3, 2, 2, 2, 2), bias=lambda: r(3)),
    "VolumetricConvolutionMM": dict(CONV3D, weight=lambda: r(3, 2, 2, 2, 2), bias=lambda: r(3)),
    "VolumetricDilatedConvolution": dict(CONV3D, weight=lambda: r(3, 2, 2, 2, 2), bias=lambda: r(3)),
    "VolumetricFullConvolution": dict(CONV3D, weight=lambda: r(2, 3, 2, 2, 2), bias=lambda: r(3)),
    "VolumetricFullDilatedConvolution": dict(CONV3D, weight=lambda: r(2, 3, 2, 2, 2),
                                             bias=lambda: r(3)),
    "VolumetricReplicationPadding": dict(input=lambda: r(2, 2, 3, 3, 3), pleft=1, pright=0, ptop=1,
                                         pbottom=2, pfront=0, pback=1),
    "VolumetricUpSamplingNearest": dict(input=lambda: r(2, 2, 2, 3, 3), scale_factor=2),
    "VolumetricUpSamplingTrilinear": dict(input=lambda: r(2, 2, 2, 3, 3), outputDepth=3,
                                          outputHeight=4, outputWidth=5, nbatch=2, nchannels=2,
                                          inputDepth=2, inputHeight=3, inputWidth=3),
    "FeatureLPPooling": dict(input=lambda: pos(2, 6, 3), power=2.0, width=2, stride=2,
                             batchMode=True),
}
del RECIPES["Sqrt_"]

DEFAULT_SCALARS = {"scale": 1.0, "sizeAverage": True, "inplace": False}


def module_of(name):
    return name.rsplit("_", 1)[0]


def python_name(arg):
    return arg.name + "_" if arg.name in ("lambda",) else arg.name


TENSOR_TYPES = ("THTensor", "THIndexTensor", "THIntegerTensor")


def tensor_class(real, arg):
    return {"THTensor": getattr(ember, real + "Tensor"), "THIndexTensor": ember.LongTensor,
            "THIntegerTensor": ember.IntTensor}[arg.type]


def make_value(value, real):
    if callable(value):
        try:
            return value(real)
        except TypeError:
            return value()
    return value


class Module:
    """Runs the kernels of one module for one type, sharing tensors by argument name."""

    def __init__(self, real, module, recipe):
        self.real, self.module, self.recipe = real, module, recipe
        self.NN = getattr(THNN, real)
        self.tensors = {}
        self.scalar_real = np.float32 if real == "Float" else np.float64

    def tensor(self, arg, value):
        cls = tensor_class(self.real, arg)
        if value is None or isinstance(value, ember.Tensor):
            return value
        return ember.from_numpy(np.ascontiguousarray(np.asarray(value), dtype=cls.dtype).copy())

    def argument(self, kernel, arg, overrides):
        name = python_name(arg)
        if arg.type == "THGenerator":
            return None
        if arg.pointer and arg.type not in TENSOR_TYPES:
            return None
        if not arg.pointer:
            for source in (overrides, self.recipe, DEFAULT_SCALARS):
                if name in source:
                    return make_value(source[name], self.real)
            raise KeyError("no value for %s of %s" % (name, kernel))
        if name in overrides:
            value = overrides[name]
            if isinstance(value, S):
                return self.tensors[value.name]
            t = self.tensor(arg, make_value(value, self.real))
            self.tensors[name] = t
            return t
        if name in self.tensors:
            return self.tensors[name]
        if name in self.recipe:
            value = self.recipe[name]
            t = self.tensors[value.name] if isinstance(value, S) else \
                self.tensor(arg, make_value(value, self.real))
        elif name == "gradOutput" and "output" in self.tensors:
            t = self.tensor(arg, r(*self.tensors["output"].size()))
        elif name.startswith("grad") and name[4:5].lower() + name[5:] in self.tensors:
            like = self.tensors[name[4:5].lower() + name[5:]]
            t = tensor_class(self.real, arg)(*like.size()).zero() if like is not None else None
        else:
            t = tensor_class(self.real, arg)()
        self.tensors[name] = t
        return t

    def call(self, decl):
        overrides = self.recipe.get("@" + decl.name, {})
        args = [self.argument(decl.name, a, overrides) for a in decl.args if a.type != "THNNState"]
        getattr(self.NN, decl.name)(*args)
        if decl.name == "SparseLinear_legacyUpdateOutput":
            self.tensors["legacyInput"] = args[0]

    def check_results(self, test, decl):
        t = self.tensors
        if decl.name.endswith("_updateOutput") and t.get("output") is not None:
            test.assertGreater(t["output"].nelement(), 0, "%s %s: empty output" % (self.real, decl.name))
        if decl.name.endswith("_updateGradInput") and t.get("gradInput") is not None \
                and t.get("input") is not None:
            test.assertEqual(t["gradInput"].size(), t["input"].size(),
                             "%s %s: gradInput not shaped as input" % (self.real, decl.name))
        for name, t in self.tensors.items():
            if t is not None and t.typename == self.real and t.nelement():
                test.assertTrue(np.all(np.isfinite(t.numpy())),
                                "%s %s: %s is not finite" % (self.real, decl.name, name))


def kernels_by_module():
    modules = {}
    for decl in THNN.DECLARATIONS:
        modules.setdefault(module_of(decl.name), []).append(decl)
    for decls in modules.values():   # updateOutput first, then the header's order
        decls.sort(key=lambda d: 0 if d.name.endswith("_updateOutput") else 1)
    return modules


MODULES = kernels_by_module()
REAL_CALLS = {"Float": [], "Double": []}


class EveryKernel(unittest.TestCase):
    def test_header_parsed(self):
        self.assertGreaterEqual(len(THNN.DECLARATIONS), 181)
        self.assertEqual(len(set(THNN.NAMES)), len(THNN.NAMES))
        for real in ("Float", "Double"):
            for name in THNN.NAMES:
                self.assertTrue(callable(getattr(getattr(THNN, real), name)), name)

    def test_error_call_for_every_kernel(self):
        for real in ("Float", "Double"):
            NN = getattr(THNN, real)
            for decl in THNN.DECLARATIONS:
                args = []
                for a in decl.args:
                    if a.type == "THNNState":
                        continue
                    if a.type == "THTensor":
                        args.append(None)                 # NULL: must be reported
                    elif a.pointer:
                        args.append(tensor_class(real, a)() if a.type in TENSOR_TYPES else None)
                    elif a.type == "bool":
                        args.append(False)
                    elif a.type in ("accreal", "real", "double"):
                        args.append(0.5)
                    else:
                        args.append(1)
                with self.assertRaises(RuntimeError, msg="%s %s" % (real, decl.name)) as cm:
                    getattr(NN, decl.name)(*args)
                self.assertIn(decl.name, str(cm.exception))
                out = ember.FloatTensor()                 # the library goes on
                THNN.Float.Square_updateOutput(np.array([3.0], np.float32), out)
                self.assertEqual(out.tolist(), [9.0])

    def test_real_call_for_every_kernel_with_a_recipe(self):
        failures = []
        for real in ("Float", "Double"):
            for module, decls in MODULES.items():
                if module not in RECIPES:
                    continue
                m = Module(real, module, RECIPES[module])
                for decl in decls:
                    try:
                        m.call(decl)
                        m.check_results(self, decl)
                        REAL_CALLS[real].append(decl.name)
                    except (RuntimeError, KeyError, TypeError, AssertionError) as e:
                        failures.append("%s %s: %s: %s" % (real, decl.name, type(e).__name__, e))
        self.assertEqual(failures, [], "\n".join(failures))
        print("\nreal calls: %d of %d kernels per type" % (len(REAL_CALLS["Float"]),
                                                           len(THNN.DECLARATIONS)))

    def test_every_kernel_has_a_real_call(self):
        missing = sorted(m for m in MODULES if m not in RECIPES)
        self.assertEqual(missing, [], "modules without a recipe (error calls only): %s" % missing)

    def test_header_changes_need_no_binding_code(self):
        # A kernel added to the header (here a copy of Abs's, renamed) is parsed and gets a wrapper;
        # calling it reaches the library's symbol lookup (absent here: a clean AttributeError).
        import os
        import subprocess
        import sys
        import tempfile
        with open(THNN.HEADER) as f:
            text = f.read()
        extra = ("\n// a comment line\nTH_API void THNN_(Abs2_updateOutput)(\n    THNNState *state,\n"
                 "    THTensor *input,   /* trailing comment */\n    THTensor *output,\n"
                 "    accreal lambda);\n#endif\n")
        text = text[:text.rindex("#endif")] + extra
        with tempfile.NamedTemporaryFile("w", suffix=".h", delete=False) as f:
            f.write(text)
        try:
            code = ("import ember\nprint(len(ember.THNN.NAMES), ember.THNN.NAMES[-1])\n"
                    "import inspect\nf = ember.THNN.Float\n"
                    "try:\n    f.Abs2_updateOutput\nexcept AttributeError as e:\n    print('missing', e)\n")
            out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                 env=dict(os.environ, EMBER_THNN_HEADER=f.name), check=True).stdout
        finally:
            os.unlink(f.name)
        self.assertIn("%d Abs2_updateOutput" % (len(THNN.NAMES) + 1), out)
        self.assertIn("missing THNN_FloatAbs2_updateOutput", out)

    def test_some_values(self):
        # A few results checked by value, through the generated wrappers.
        NN = THNN.Double
        out = ember.DoubleTensor()
        NN.SoftMax_updateOutput(np.array([[0.0, math.log(3.0)]]), out)
        np.testing.assert_allclose(out.numpy(), [[0.25, 0.75]])
        NN.SpatialReflectionPadding_updateOutput(np.arange(4.0).reshape(1, 1, 2, 2), out, 1, 0, 0, 0)
        self.assertEqual(out.numpy()[0, 0].tolist(), [[1, 0, 1], [3, 2, 3]])
        NN.SpatialUpSamplingNearest_updateOutput(np.arange(2.0).reshape(1, 1, 1, 2), out, 2)
        self.assertEqual(out.numpy()[0, 0].tolist(), [[0, 0, 1, 1], [0, 0, 1, 1]])
        NN.HardShrink_updateOutput(np.array([-1.0, 0.2, 0.7]), out, 0.5)
        self.assertEqual(out.tolist(), [-1.0, 0.0, 0.7])


if __name__ == "__main__":
    unittest.main(verbosity=2)
