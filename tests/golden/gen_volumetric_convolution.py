#!/usr/bin/python3
"""Goldens of the volumetric convolutions (tests/THNN/test_volumetric_convolution.c), from PyTorch 1.13.

Each case stores its inputs (input, weight, bias, gradOutput, in the layout the THNN function takes:
input [N x C x T x H x W] or [C x T x H x W], weight [nOut x nIn x kT x kH x kW], or [nIn x nOut x
kT x kH x kW] for the transposed ones) and PyTorch's output, gradInput, gradWeight and gradBias,
computed in double. Sizes and parameters are listed (T, H, W); the legacy functions take them in the
order (T, W, H).
  VolumetricConvolution, VolumetricConvolutionMM, VolumetricDilatedConvolution   F.conv3d
  VolumetricFullConvolution, VolumetricFullDilatedConvolution                    F.conv_transpose3d
"""
import os
import sys

import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from golden_io import GoldenFile  # noqa: E402
from gen_temporal_convolution import batched, rand, run_case  # noqa: E402



def conv_case(f, name, x, w, b, stride, padding, dilation=(1, 1, 1)):
    def fn(x, w, b=None):
        return batched(lambda xb: F.conv3d(xb, w, b, stride=stride, padding=padding, dilation=dilation), x)
    names = ["weight", "bias"] if b is not None else ["weight"]
    run_case(f, name, fn, x, [w, b] if b is not None else [w], names)


def full_case(f, name, x, w, b, stride, padding, output_padding, dilation=(1, 1, 1)):
    def fn(x, w, b):
        return batched(lambda xb: F.conv_transpose3d(xb, w, b, stride=stride, padding=padding,
                                                     output_padding=output_padding, dilation=dilation), x)
    run_case(f, name, fn, x, [w, b], ["weight", "bias"])


def main():
    torch.manual_seed(2468)
    f = GoldenFile("volumetric_convolution.txt", __doc__)
    # VolumetricConvolutionMM and VolumetricConvolution: batch, kernel 2x3x2, stride 2x1x2, padding
    # 1x0x1; (3 + 2 - 2) % 2 != 0 in T: the stride does not tile the input.
    conv_case(f, "conv_batch", rand(2, 2, 3, 4, 4), rand(3, 2, 2, 3, 2), rand(3), (2, 1, 2), (1, 0, 1))
    # One volume, kernel 3x2x3, stride 1x3x2 (does not tile H or W), padding 0x1x1.
    conv_case(f, "conv_single", rand(2, 4, 5, 5), rand(2, 2, 3, 2, 3), rand(2), (1, 3, 2), (0, 1, 1))
    # 1x1x1, stride 1, no padding, no bias (no unfolding).
    conv_case(f, "conv_pointwise", rand(2, 3, 2, 3, 2), rand(2, 3, 1, 1, 1), None, (1, 1, 1), (0, 0, 0))
    # VolumetricDilatedConvolution: dilation 2x1x3, stride 1x2x1, padding 1x1x2.
    conv_case(f, "dilated", rand(2, 2, 4, 4, 5), rand(2, 2, 2, 3, 2), rand(2), (1, 2, 1), (1, 1, 2), (2, 1, 3))
    # VolumetricFullConvolution: stride 2x3x1, padding 1x0x1, adj 1x2x0.
    full_case(f, "full", rand(2, 2, 2, 2, 2), rand(2, 2, 3, 2, 3), rand(2), (2, 3, 1), (1, 0, 1), (1, 2, 0))
    # VolumetricFullDilatedConvolution: one volume, dilation 2x2x1, stride 2x1x2, padding 1x1x0, adj 1x0x1.
    full_case(f, "full_dilated", rand(2, 2, 3, 2), rand(2, 2, 2, 3, 2), rand(2), (2, 1, 2), (1, 1, 0), (1, 0, 1),
              (2, 2, 1))
    f.write()


if __name__ == "__main__":
    main()
