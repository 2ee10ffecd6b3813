#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/Vol2Col.h"

/* THNNVolGeometry (the geometry of one 3D unfolding) is THNNConvShape.h's, shared with libTHCUNN. */
#include "THNNConvShape.h"

#else
/* vol2col / col2vol: the unfolding every volumetric convolution of THNN goes through
 * (VolumetricConvolution, ConvolutionMM, Dilated, Full, FullDilated; see ConvolutionGemm3d.c).
 * Volumes and columns are contiguous. Both split their work with OpenMP (THNN_CONV_OMP_MIN):
 * callers must not call them from inside their own parallel region. */

/* col [channels*kT*kH*kW x outDepth*outHeight*outWidth] = the unfolding of vol [channels x depth x
 * height x width]. */
void THNN_(vol2col)(const THNNVolGeometry *g, const real *vol, real *col);

/* vol += the folding of col: every column entry is added to the volume element it was read from
 * (the adjoint of vol2col); entries that fall in the padding are dropped. */
void THNN_(col2vol)(const THNNVolGeometry *g, const real *col, real *vol);

/* 1 for a 1x1x1 kernel with stride 1 and no padding that keeps the volume's size: the volume is its
 * own unfolding. */
int THNN_(volIsPointwise)(const THNNVolGeometry *g);

#endif
