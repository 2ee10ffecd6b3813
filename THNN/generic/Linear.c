#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/Linear.c"
#else
/* y = x W^T + b, x 1-D [in] or 2-D [nframe x in], W [out x in], b [out] or NULL. Every product is
 * one BLAS call on the operands as they lie (the transposed weight is a view, never a copy).
 * addBuffer is Torch7's ones vector [nframe], with which gradBias is gradOutput^T ones; the forward
 * pass does not need it. accGradParameters sizes and fills it on every call (Torch7 refilled it
 * only when its size changed, so a caller that wrote into it got a wrong gradBias). */

/* Checks input against weight and returns the number of frames (0 for a 1-D input). */
static long THNN_(Linear_checkInput)(const char *fn, THTensor *input, THTensor *weight) {
  THNN_(checkDims)(fn, "input", input, 1, 2);
  THNN_(checkDims)(fn, "weight", weight, 2, 2);
  long in = input->size[input->nDimension - 1];
  if (in != weight->size[1])
    THError("%s: size mismatch, input must have %ld features (weight is %s), got input of size %s", fn,
            weight->size[1], THTensor_(sizeDesc)(weight).str, THTensor_(sizeDesc)(input).str);
  return input->nDimension == 2 ? input->size[0] : 0;
}

static void THNN_(Linear_checkGradOutput)(const char *fn, THTensor *input, THTensor *gradOutput,
                                          THTensor *weight) {
  THNN_(checkDims)(fn, "gradOutput", gradOutput, input->nDimension, input->nDimension);
  THNN_(checkDimSize)(fn, "gradOutput", gradOutput, input->nDimension - 1, weight->size[0]);
  if (input->nDimension == 2) THNN_(checkDimSize)(fn, "gradOutput", gradOutput, 0, input->size[0]);
}

static void THNN_(Linear_checkVector)(const char *fn, const char *arg, THTensor *v, long size) {
  if (!v) return;
  THNN_(checkDims)(fn, arg, v, 1, 1);
  THNN_(checkDimSize)(fn, arg, v, 0, size);
}

/* addBuffer sized [nframe] and filled with ones, retained; a temporary when the caller passed NULL. */
static THTensor *THNN_(Linear_ones)(THTensor *addBuffer, long nframe) {
  THTensor *ones = addBuffer ? addBuffer : THTensor_(new)();
  if (addBuffer) THTensor_(retain)(ones);
  THTensor_(resize1d)(ones, nframe);
  THTensor_(fill)(ones, 1);
  return ones;
}

void THNN_(Linear_updateOutput)(THNNState *state, THTensor *input, THTensor *output, THTensor *weight,
                                THTensor *bias, THTensor *addBuffer) {
  const char *fn = "Linear_updateOutput";
  long nframe = THNN_(Linear_checkInput)(fn, input, weight);
  THNN_(Linear_checkVector)(fn, "bias", bias, weight->size[0]);
  THNN_(checkNotNull)(fn, "output", output);
  if (input->nDimension == 1) {
    THTensor_(resize1d)(output, weight->size[0]);
    if (bias) THTensor_(copy)(output, bias);
    THTensor_(addmv)(output, bias ? 1 : 0, output, 1, weight, input);
    return;
  }
  THTensor_(resize2d)(output, nframe, weight->size[0]);
  /* The bias is written before the product reads the operands: an output over their storage gets
   * the result through a temporary. */
  THStorage *o = output->storage;
  int apart = o == input->storage || o == weight->storage || (bias && o == bias->storage);
  THTensor *out = apart ? THTensor_(newWithSize2d)(nframe, weight->size[0]) : output;
  if (bias) {
    /* Every row starts as the bias and the product adds onto it (beta 1): BLAS then skips its own
     * pass that zeroes the output, and no second pass adds the bias. */
    THTensor *rows = THTensor_(newWithStorage2d)(bias->storage, bias->storageOffset, nframe, 0, bias->size[0],
                                                 bias->stride[0]);
    THTensor_(copy)(out, rows);
    THTensor_(free)(rows);
  }
  THTensor *tweight = THTensor_(newTranspose)(weight, 0, 1);
  THTensor_(addmm)(out, bias ? 1 : 0, out, 1, input, tweight);
  THTensor_(free)(tweight);
  if (apart) {
    THTensor_(copy)(output, out);
    THTensor_(free)(out);
  }
}

/* gradInput = gradOutput W (Torch7 skipped the call for a NULL gradInput; so do we). */
void THNN_(Linear_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput, THTensor *gradInput,
                                   THTensor *weight) {
  const char *fn = "Linear_updateGradInput";
  THNN_(Linear_checkInput)(fn, input, weight);
  THNN_(Linear_checkGradOutput)(fn, input, gradOutput, weight);
  if (!gradInput) return;
  THTensor_(resizeAs)(gradInput, input);
  if (input->nDimension == 1) {
    THTensor *tweight = THTensor_(newTranspose)(weight, 0, 1);
    THTensor_(addmv)(gradInput, 0, gradInput, 1, tweight, gradOutput);
    THTensor_(free)(tweight);
  } else {
    THTensor_(addmm)(gradInput, 0, gradInput, 1, gradOutput, weight);
  }
}

/* gradWeight += scale gradOutput^T input; gradBias += scale (sum of gradOutput's rows), when bias and
 * gradBias are given (Torch7 keyed it on bias). gradInput is not used. */
void THNN_(Linear_accGradParameters)(THNNState *state, THTensor *input, THTensor *gradOutput, THTensor *gradInput,
                                     THTensor *weight, THTensor *bias, THTensor *gradWeight, THTensor *gradBias,
                                     THTensor *addBuffer, accreal scale) {
  const char *fn = "Linear_accGradParameters";
  long nframe = THNN_(Linear_checkInput)(fn, input, weight);
  THNN_(Linear_checkGradOutput)(fn, input, gradOutput, weight);
  THNN_(checkSameSize)(fn, "gradWeight", gradWeight, "weight", weight);
  int withBias = bias && gradBias;
  if (withBias) THNN_(Linear_checkVector)(fn, "gradBias", gradBias, weight->size[0]);
  real s = (real)scale;
  if (input->nDimension == 1) {
    THTensor_(addr)(gradWeight, 1, gradWeight, s, gradOutput, input);
    if (withBias) THTensor_(cadd)(gradBias, gradBias, s, gradOutput);
    return;
  }
  THTensor *tgradOutput = THTensor_(newTranspose)(gradOutput, 0, 1);
  THTensor_(addmm)(gradWeight, 1, gradWeight, s, tgradOutput, input);
  if (withBias) {
    THTensor *ones = THNN_(Linear_ones)(addBuffer, nframe);
    THTensor_(addmv)(gradBias, 1, gradBias, s, tgradOutput, ones);
    THTensor_(free)(ones);
  }
  THTensor_(free)(tgradOutput);
}

#endif
