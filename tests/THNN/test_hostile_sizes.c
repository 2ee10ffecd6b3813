/* Hostile sizes in THNN's shape computations (issue 10, item 1): paddings, strides and scales up
 * to INT_MAX and inputs of up to LONG_MAX elements (expanded views, stride 0, so nothing is
 * allocated) give output sizes computed without overflow, and an output that cannot exist is a
 * clear error raised before anything is allocated; the output tensor is left as it was and the
 * library keeps working. Torch7 is not the reference here (its int and long arithmetic wrapped). */
#include "th_test.h"

#include <limits.h>

#include "THNN.h"

/* A view of one 1.0f as a tensor of the given sizes (strides 0): any element count up to LONG_MAX. */
static THFloatTensor *expanded(int n, const long *sizes) {
  THFloatTensor *one = THFloatTensor_newWithSize1d(1);
  THFloatTensor_fill(one, 1.0f);
  THLongStorage *size = THLongStorage_newWithSize(n);
  for (int i = 0; i < n; i++) THLongStorage_data(size)[i] = sizes[i];
  THFloatTensor *t = THFloatTensor_newExpand(one, size);
  THLongStorage_free(size);
  THFloatTensor_free(one);
  return t;
}

static THFloatTensor *ones(long s0, long s1, long s2, long s3) {
  THFloatTensor *t = THFloatTensor_newWithSize4d(s0, s1, s2, s3);
  THFloatTensor_fill(t, 1.0f);
  return t;
}

/* An output the failed call must not have touched. */
static void assert_untouched(THFloatTensor *output) {
  assert_int_equal(THFloatTensor_nDimension(output), 0);
  assert_null(output->storage);
}

/* The operands both convolution tests keep across their calls. */
static void free_convolution_operands(THFloatTensor *weight, THFloatTensor *bias, THFloatTensor *output,
                                      THFloatTensor *finput, THFloatTensor *fgradInput) {
  THFloatTensor_free(weight);
  THFloatTensor_free(bias);
  THFloatTensor_free(output);
  THFloatTensor_free(finput);
  THFloatTensor_free(fgradInput);
}

/* After the errors: a 2x2 max pooling of 1..16 (4x4) gives 6 8 14 16. */
static void assert_thnn_works(void) {
  THFloatTensor *input = THFloatTensor_newWithSize3d(1, 4, 4), *output = THFloatTensor_new();
  THLongTensor *indices = THLongTensor_new();
  for (int i = 0; i < 16; i++) THFloatTensor_data(input)[i] = (float)(i + 1);
  THNN_FloatSpatialMaxPooling_updateOutput(NULL, input, output, indices, 2, 2, 2, 2, 0, 0, false);
  assert_true(THFloatTensor_get3d(output, 0, 0, 0) == 6.0f && THFloatTensor_get3d(output, 0, 0, 1) == 8.0f);
  assert_true(THFloatTensor_get3d(output, 0, 1, 0) == 14.0f && THFloatTensor_get3d(output, 0, 1, 1) == 16.0f);
  THFloatTensor_free(input);
  THFloatTensor_free(output);
  THLongTensor_free(indices);
}

/* padW = padH = INT_MAX, 1x1 kernel on 4x4: each side is 4 + 2 (2^31 - 1) - 1 + 1 = 4294967298,
 * a plane of 2^64 + ... elements (UBSan flagged Torch7's int arithmetic here). A transposed
 * convolution of width 2^33 with dW = INT_MAX: (2^33 - 1)(2^31 - 1) + 1 is past LONG_MAX. */
static void test_convolution_2d(void **state) {
  THFloatTensor *input = ones(1, 4, 4, -1), *weight = ones(1, 1, 1, 1), *bias = ones(1, -1, -1, -1);
  THFloatTensor *output = THFloatTensor_new(), *finput = THFloatTensor_new(), *fgradInput = THFloatTensor_new();
  assert_th_error(THNN_FloatSpatialConvolutionMM_updateOutput(NULL, input, output, weight, bias, finput, fgradInput, 1,
                                                             1, 1, 1, INT_MAX, INT_MAX),
                  "SpatialConvolutionMM_updateOutput: the output plane [4294967298 x 4294967298] has more than "
                  "9223372036854775807 elements");
  assert_untouched(output);
  assert_untouched(finput);
  THFloatTensor_free(input);

  input = expanded(3, (long[]){1, 1, 1L << 33});
  assert_th_error(THNN_FloatSpatialFullConvolution_updateOutput(NULL, input, output, weight, bias, finput, fgradInput,
                                                               1, 1, INT_MAX, 1, 0, 0, 0, 0),
                  "SpatialFullConvolution_updateOutput: the output width overflows");
  assert_untouched(output);
  THFloatTensor_free(input);
  free_convolution_operands(weight, bias, output, finput, fgradInput);
  assert_thnn_works();
}

/* The same in 3D: paddings INT_MAX give a volume of 4294967295^3 elements; a transposed convolution
 * of depth 2^33 with dT = INT_MAX a depth past LONG_MAX. */
static void test_convolution_3d(void **state) {
  THFloatTensor *input = ones(1, 1, 1, 1), *weight = THFloatTensor_new(), *bias = ones(1, -1, -1, -1);
  THFloatTensor_resize5d(weight, 1, 1, 1, 1, 1);
  THFloatTensor_fill(weight, 1.0f);
  THFloatTensor *output = THFloatTensor_new(), *finput = THFloatTensor_new(), *fgradInput = THFloatTensor_new();
  assert_th_error(THNN_FloatVolumetricConvolutionMM_updateOutput(NULL, input, output, weight, bias, finput, 1, 1, 1, 1,
                                                                1, 1, INT_MAX, INT_MAX, INT_MAX),
                  "VolumetricConvolutionMM_updateOutput: the output volume [4294967295 x 4294967295 x 4294967295] "
                  "has more than");
  assert_untouched(output);
  THFloatTensor_free(input);

  input = expanded(4, (long[]){1, 1L << 33, 1, 1});
  assert_th_error(THNN_FloatVolumetricFullConvolution_updateOutput(NULL, input, output, weight, bias, finput,
                                                                  fgradInput, INT_MAX, 1, 1, 0, 0, 0, 0, 0, 0),
                  "VolumetricFullConvolution_updateOutput: the output depth overflows");
  assert_untouched(output);
  THFloatTensor_free(input);
  free_convolution_operands(weight, bias, output, finput, fgradInput);
  assert_thnn_works();
}

/* Pooling over LONG_MAX columns with kW = 2, padW = 1: floor((2^63 - 1 + 2 - 2) / 1) + 1 = 2^63
 * windows, one more than a long holds (Torch7 overflowed computing in + 2 pad). */
static void test_pooling(void **state) {
  THFloatTensor *input = expanded(3, (long[]){1, 1, LONG_MAX}), *output = THFloatTensor_new();
  THLongTensor *indices = THLongTensor_new();
  assert_th_error(THNN_FloatSpatialMaxPooling_updateOutput(NULL, input, output, indices, 2, 1, 1, 1, 1, 0, false),
                  "SpatialMaxPooling_updateOutput: the output size overflows");
  assert_untouched(output);
  assert_th_error(THNN_FloatSpatialAveragePooling_updateOutput(NULL, input, output, 2, 1, 1, 1, 1, 0, true, false),
                  "SpatialAveragePooling_updateOutput: the output size overflows");
  assert_untouched(output);
  assert_int_equal(THLongTensor_nDimension(indices), 0);
  THFloatTensor_free(input);
  THFloatTensor_free(output);
  THLongTensor_free(indices);
  assert_thnn_works();
}

/* Padding by INT_MAX on each side of 4x4: 4294967298 x 4294967298 elements; LONG_MAX - 1 columns
 * padded by INT_MAX on the right: past LONG_MAX. Nearest upsampling of 2^40 columns by INT_MAX, of
 * 2^31 x 2^31 by 2 (2^64 elements); bilinear upsampling of 1024 x 1024 planes to INT_MAX x INT_MAX. */
static void test_padding_upsampling(void **state) {
  THFloatTensor *input = ones(1, 4, 4, -1), *output = THFloatTensor_new();
  assert_th_error(THNN_FloatSpatialReplicationPadding_updateOutput(NULL, input, output, INT_MAX, INT_MAX, INT_MAX,
                                                                  INT_MAX),
                  "SpatialReplicationPadding_updateOutput: the output [1 x 4294967298 x 4294967298] has more than");
  assert_untouched(output);
  THFloatTensor_free(input);
  input = expanded(3, (long[]){1, 1, LONG_MAX - 1});
  assert_th_error(THNN_FloatSpatialReplicationPadding_updateOutput(NULL, input, output, 0, INT_MAX, 0, 0),
                  "SpatialReplicationPadding_updateOutput: the padded size overflows");
  assert_untouched(output);
  THFloatTensor_free(input);

  input = expanded(3, (long[]){1, 1, 1L << 40});
  assert_th_error(THNN_FloatSpatialUpSamplingNearest_updateOutput(NULL, input, output, INT_MAX),
                  "SpatialUpSamplingNearest_updateOutput: the upsampled size overflows");
  assert_untouched(output);
  THFloatTensor_free(input);
  input = expanded(3, (long[]){1, 1L << 31, 1L << 31});
  assert_th_error(THNN_FloatSpatialUpSamplingNearest_updateOutput(NULL, input, output, 2),
                  "SpatialUpSamplingNearest_updateOutput: the output [1 x 4294967296 x 4294967296] has more than");
  assert_untouched(output);
  THFloatTensor_free(input);

  input = expanded(4, (long[]){1024, 1024, 1, 1});
  assert_th_error(THNN_FloatSpatialUpSamplingBilinear_updateOutput(NULL, input, output, INT_MAX, INT_MAX),
                  "SpatialUpSamplingBilinear_updateOutput: the output [1024 x 1024 x 2147483647 x 2147483647] has "
                  "more than");
  assert_untouched(output);
  THFloatTensor_free(input);
  THFloatTensor_free(output);
  assert_thnn_works();
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_convolution_2d),
      cmocka_unit_test(test_convolution_3d),
      cmocka_unit_test(test_pooling),
      cmocka_unit_test(test_padding_upsampling),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
