#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/ConvolutionMap.h"
#else
/* What SpatialConvolutionMap and SpatialFullConvolutionMap share: convolutions whose planes are
 * wired by a connection table. connTable is [nConnections x 2], row k holding the 1-based (input
 * plane, output plane) that kernel k ([nConnections x kH x kW] weight) links. Both are built on the
 * unfolding of one image (im2col / col2im, one kH*kW x L block per plane) and three loops over the
 * connections, each parallel over what it writes. `table` below is the contiguous connTable data
 * and `*Side` selects its column (0: input plane, 1: output plane). */

/* Checks connTable, weight (named weightName) and the table's plane numbers against nInputPlane /
 * nOutputPlane, then the input (3D or 4D, at least nInputPlane planes; planes past nInputPlane are
 * not read) and the output size, as THNN_(convPlan) with stride dW x dH and no padding.
 * transposed: SpatialFullConvolutionMap. Sets the geometry's channels to the im2col side's planes. */
void THNN_(mapPlan)(const char *fn, THTensor *input, THTensor *weight, const char *weightName, THTensor *connTable,
                    int nInputPlane, int nOutputPlane, int dW, int dH, int transposed, THNNConvPlan *plan);

/* dst[p] += sum over connections k with table[k][dstSide] = p of weight[k] . cols[table[k][srcSide]]
 * (a kH*kW x L block per plane), for p < nDstPlanes; dst planes have L elements. */
void THNN_(mapGatherReduce)(const real *cols, const real *weight, const real *table, long nConnections,
                            int srcSide, int dstSide, long nDstPlanes, long kernelSize, long L, real *dst);

/* cols[p] = sum over connections k with table[k][dstSide] = p of weight[k] (outer) src[table[k][srcSide]],
 * for p < nDstPlanes: the adjoint of mapGatherReduce. */
void THNN_(mapScatterExpand)(const real *src, const real *weight, const real *table, long nConnections,
                             int srcSide, int dstSide, long nDstPlanes, long kernelSize, long L, real *cols);

/* gradWeight[k] += scale * cols[table[k][colsSide]] . planes[table[k][1 - colsSide]] for every k. */
void THNN_(mapAccGradWeight)(const real *cols, const real *planes, const real *table, long nConnections,
                             int colsSide, long kernelSize, long L, real *gradWeight, accreal scale);

#endif
