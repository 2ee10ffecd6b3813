#!/usr/bin/python3
"""Goldens of the C++ convolution, pooling, padding and upsampling layers (tests/cpp/test_convpool.cpp),
from PyTorch 1.13.

cpp_convpool.txt, per layer case NAME (as gen_cpp_nn.py writes them): the module's state_dict as
NAME_param_<key>, NAME_input, NAME_output, NAME_gradOutput (g) and the gradients of sum(output * g):
NAME_gradInput and NAME_grad_<parameter>. maxpool2d_input / _output / _indices (0-based) are a max
pooling with its indices, which the unpool2d case undoes (3-D: pool3d_*, unpool3d; and
pool3d_dilated_*, with padding and dilation); fractional_samples are the random samples
the fractional case was given; pad_constant4d is F.pad's constant mode over four dimensions; the
*_half, bilinear_down and bilinear_frac cases resample with align_corners=False.
Computed in double."""
import os
import sys

import torch
import torch.nn as nn
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cpp_cases import distinct, function_case, layer_case, rand  # noqa: E402
from golden_io import GoldenFile  # noqa: E402


def main():
    torch.manual_seed(14)
    f = GoldenFile("cpp_convpool.txt", __doc__.split("\n\n")[1])
    # convolutions
    layer_case(f, "conv1d", nn.Conv1d(2, 3, 3, stride=2, padding=1, dilation=2), rand(2, 2, 9))
    layer_case(f, "conv2d_dilated", nn.Conv2d(2, 3, (3, 2), stride=(2, 1), padding=(1, 0), dilation=(2, 1)),
               rand(1, 2, 7, 5))
    layer_case(f, "conv3d", nn.Conv3d(2, 2, (2, 3, 2), stride=(1, 2, 1), padding=(1, 0, 1), dilation=(1, 1, 2)),
               rand(1, 2, 3, 3, 4))
    layer_case(f, "conv2d_depthwise", nn.Conv2d(3, 6, 3, stride=2, padding=1, groups=3), rand(1, 3, 4, 5))
    layer_case(f, "conv1d_depthwise", nn.Conv1d(2, 2, 3, groups=2, bias=False), rand(1, 2, 6))
    layer_case(f, "conv3d_nobias", nn.Conv3d(1, 2, 2, bias=False), rand(2, 1, 3, 3, 3))
    layer_case(f, "convt1d", nn.ConvTranspose1d(2, 3, 3, stride=2, padding=1, output_padding=1), rand(2, 2, 4))
    layer_case(f, "convt2d_dilated", nn.ConvTranspose2d(2, 2, 3, stride=2, padding=1, output_padding=1, dilation=2),
               rand(1, 2, 2, 3))
    layer_case(f, "convt3d", nn.ConvTranspose3d(2, 2, (2, 2, 3), stride=(2, 1, 2), padding=(0, 1, 1),
                                                output_padding=(1, 0, 1)), rand(1, 2, 2, 3, 3))
    # pooling
    layer_case(f, "maxpool1d", nn.MaxPool1d(3, 2, 1, dilation=2), distinct(2, 2, 7))
    layer_case(f, "maxpool2d_dilated", nn.MaxPool2d(3, 2, 1, dilation=2, ceil_mode=True), distinct(1, 2, 7, 7))
    layer_case(f, "maxpool3d", nn.MaxPool3d((2, 3, 2), stride=(1, 2, 2), padding=(1, 1, 0), ceil_mode=True),
               distinct(1, 1, 4, 5, 4))
    layer_case(f, "avgpool1d", nn.AvgPool1d(3, 2, 1, ceil_mode=True, count_include_pad=False), rand(2, 3, 8))
    layer_case(f, "avgpool3d", nn.AvgPool3d(2, stride=(1, 2, 2), padding=(1, 0, 1)), rand(1, 1, 3, 4, 5))
    layer_case(f, "adaptive_avg1d", nn.AdaptiveAvgPool1d(3), rand(2, 2, 7))
    layer_case(f, "adaptive_max1d", nn.AdaptiveMaxPool1d(4), distinct(2, 2, 8))
    layer_case(f, "adaptive_max2d", nn.AdaptiveMaxPool2d((3, 2)), distinct(1, 2, 6, 5))
    x = distinct(1, 2, 4, 6)
    y, indices = F.max_pool2d(x, 2, 2, return_indices=True)
    f.add("maxpool2d_input", x)
    f.add("maxpool2d_output", y)
    f.add("maxpool2d_indices", indices.double())
    function_case(f, "unpool2d", lambda t: F.max_unpool2d(t, indices, 2, 2, output_size=(5, 7)), y.detach())
    x = distinct(1, 1, 4, 4, 4)
    y, indices = F.max_pool3d(x, 2, 2, return_indices=True)
    f.add("pool3d_input", x)
    f.add("pool3d_output", y)
    f.add("pool3d_indices", indices.double())
    function_case(f, "unpool3d", lambda t: F.max_unpool3d(t, indices, 2, 2, output_size=(5, 4, 4)), y.detach())
    x = distinct(2, 1, 3, 4, 5)
    y, indices = F.max_pool3d(x, (2, 2, 2), (1, 2, 1), (1, 0, 1), dilation=(1, 1, 2), ceil_mode=True,
                              return_indices=True)
    f.add("pool3d_dilated_input", x)
    f.add("pool3d_dilated_output", y)
    f.add("pool3d_dilated_indices", indices.double())
    samples = torch.rand(1, 2, 2, dtype=torch.float64)
    f.add("fractional_samples", samples)
    function_case(f, "fractional", lambda t: F.fractional_max_pool2d(t, 2, output_size=(3, 3), _random_samples=samples),
                  distinct(1, 2, 6, 5))
    # padding
    layer_case(f, "reflect1d", nn.ReflectionPad1d((1, 2)), rand(2, 2, 5))
    layer_case(f, "reflect2d", nn.ReflectionPad2d((1, 2, 0, 1)), rand(1, 2, 3, 4))
    layer_case(f, "replicate1d", nn.ReplicationPad1d((2, 1)), rand(2, 2, 3))
    layer_case(f, "replicate2d", nn.ReplicationPad2d((1, 0, 2, 1)), rand(1, 2, 3, 3))
    layer_case(f, "replicate3d", nn.ReplicationPad3d((1, 1, 0, 2, 1, 0)), rand(1, 1, 2, 3, 3))
    # upsampling
    layer_case(f, "nearest1d", nn.Upsample(scale_factor=2, mode="nearest"), rand(1, 2, 3))
    layer_case(f, "nearest2d", nn.Upsample(size=(6, 9), mode="nearest"), rand(1, 2, 2, 3))
    layer_case(f, "nearest3d", nn.Upsample(scale_factor=2, mode="nearest"), rand(1, 1, 2, 2, 3))
    layer_case(f, "linear", nn.Upsample(size=7, mode="linear", align_corners=True), rand(1, 2, 4))
    layer_case(f, "bilinear", nn.Upsample(scale_factor=2, mode="bilinear", align_corners=True), rand(1, 2, 3, 4))
    layer_case(f, "trilinear", nn.Upsample(size=(3, 4, 5), mode="trilinear", align_corners=True), rand(1, 1, 2, 3, 2))
    # constant padding (negative pads crop), and F.pad's constant mode over four dimensions
    layer_case(f, "zeropad2d", nn.ZeroPad2d((1, 2, 0, 1)), rand(1, 2, 3, 4))
    layer_case(f, "constant1d", nn.ConstantPad1d((2, 1), 1.5), rand(2, 2, 3))
    layer_case(f, "constant2d", nn.ConstantPad2d((1, -1, 2, 0), -0.5), rand(1, 2, 3, 3))
    layer_case(f, "constant3d", nn.ConstantPad3d((1, 0, 0, 2, 1, 1), 2.0), rand(1, 1, 2, 3, 2))
    function_case(f, "pad_constant4d", lambda x: F.pad(x, (1, 1, 0, -1, 1, 0, 2, 1), value=0.25), rand(2, 3, 2, 2))
    # linear modes with align_corners=False (PyTorch's default): up, down, fractional scale factors
    layer_case(f, "linear_half", nn.Upsample(size=7, mode="linear", align_corners=False), rand(1, 2, 4))
    layer_case(f, "bilinear_half", nn.Upsample(scale_factor=2, mode="bilinear", align_corners=False), rand(1, 2, 3, 4))
    layer_case(f, "bilinear_down", nn.Upsample(size=(2, 3), mode="bilinear", align_corners=False), rand(1, 1, 5, 4))
    layer_case(f, "bilinear_frac", nn.Upsample(scale_factor=(1.5, 2.5), mode="bilinear", align_corners=False),
               rand(1, 1, 3, 2))
    layer_case(f, "trilinear_half", nn.Upsample(size=(3, 4, 5), mode="trilinear", align_corners=False),
               rand(1, 1, 2, 3, 2))
    f.write()


if __name__ == "__main__":
    main()
