#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SpatialGridSamplerBilinear.c"
#else

/* output[n][c][h][w] = input[n][c] sampled bilinearly at grid[n][h][w] = (x, y), for an input
 * N x C x IH x IW and a grid N x H x W x 2. The coordinates run over [-1, 1] from the centre of the
 * first element to that of the last (PyTorch 0.3's semantics, align_corners=True in PyTorch 1.13):
 * column ix = (x + 1) / 2 (IW - 1), row iy = (y + 1) / 2 (IH - 1). Neighbours outside the input
 * read 0 (padding_mode "zeros", the only one THNN.h's arguments leave, as in PyTorch 0.3.0). The
 * backward gives gradInput and gradGrid (d output / d grid, through ix and iy). */

/* The four neighbours of one grid point, k = 2 dy + dx for rows y0 + dy and columns x0 + dx: their
 * plane positions, weights wy wx and the weights' derivatives along ix and iy; inside[k] tells
 * which lie in the input (the others read 0 and take no gradient). */
typedef struct {
  long at[4];
  real w[4], dx[4], dy[4];
  int inside[4];
} THNN_(GridPoint);

static THNN_(GridPoint) THNN_(SpatialGridSamplerBilinear_point)(const real *xy, long IH, long IW) {
  THNN_(GridPoint) g;
  memset(&g, 0, sizeof g);
  const double ix = ((double)xy[0] + 1) / 2 * (double)(IW - 1), iy = ((double)xy[1] + 1) / 2 * (double)(IH - 1);
  /* Far outside (or NaN): every neighbour is outside; this also keeps floor() within long. */
  if (!(ix > -2 && ix < (double)IW + 1 && iy > -2 && iy < (double)IH + 1)) return g;
  double lx, ly;
  const long x0 = THNNInterp_split(ix, &lx), y0 = THNNInterp_split(iy, &ly);
  const real wx[2] = {(real)(1 - lx), (real)lx}, wy[2] = {(real)(1 - ly), (real)ly};
  for (int k = 0; k < 4; k++) {
    const int dy = k >> 1, dx = k & 1;
    const long y = y0 + dy, x = x0 + dx;
    g.inside[k] = y >= 0 && y < IH && x >= 0 && x < IW;
    if (!g.inside[k]) continue;
    g.at[k] = y * IW + x;
    g.w[k] = wy[dy] * wx[dx];
    /* wy wx moves with ix by -wy (dx = 0) or +wy (dx = 1), with iy likewise. */
    g.dx[k] = dx ? wy[dy] : -wy[dy];
    g.dy[k] = dy ? wx[dx] : -wx[dx];
  }
  return g;
}

static void THNN_(SpatialGridSamplerBilinear_check)(const char *fn, THTensor *input, THTensor *grid) {
  THNN_(checkDims)(fn, "input", input, 4, 4);
  THNN_(checkDims)(fn, "grid", grid, 4, 4);
  THNN_(checkDimSize)(fn, "grid", grid, 0, input->size[0]);
  THNN_(checkDimSize)(fn, "grid", grid, 3, 2);
}

/* The neighbours of every grid point (N H W of them), computed once for all channels. */
static THNN_(GridPoint) *THNN_(SpatialGridSamplerBilinear_points)(const real *grid, long count, long IH, long IW) {
  THNN_(GridPoint) *points = THAlloc(sizeof(THNN_(GridPoint)) * (size_t)count);
#pragma omp parallel for if (count > THNN_POOL_OMP_MIN / 8)
  for (long i = 0; i < count; i++) points[i] = THNN_(SpatialGridSamplerBilinear_point)(grid + 2 * i, IH, IW);
  return points;
}

void THNN_(SpatialGridSamplerBilinear_updateOutput)(THNNState *state, THTensor *input, THTensor *grid,
                                                    THTensor *output) {
  const char *fn = "SpatialGridSamplerBilinear_updateOutput";
  THNN_(SpatialGridSamplerBilinear_check)(fn, input, grid);
  THNN_(checkNotNull)(fn, "output", output);
  const long N = input->size[0], C = input->size[1], IH = input->size[2], IW = input->size[3];
  const long HW = grid->size[1] * grid->size[2];

  THTensor *in = THTensor_(newContiguous)(input);
  THTensor *gr = THTensor_(newContiguous)(grid);
  THTensor_(resize4d)(output, N, C, grid->size[1], grid->size[2]);
  THTensor *out = THNN_(writable)(output, 0);
  const real *ip = THTensor_(data)(in);
  real *op = THTensor_(data)(out);
  THNN_(GridPoint) *points = THNN_(SpatialGridSamplerBilinear_points)(THTensor_(data)(gr), N * HW, IH, IW);

#pragma omp parallel for if (N * C > 1 && N * C * HW > THNN_POOL_OMP_MIN)
  for (long nc = 0; nc < N * C; nc++) {
    const real *plane = ip + nc * IH * IW;
    const THNN_(GridPoint) *g = points + nc / C * HW;
    real *o = op + nc * HW;
    for (long i = 0; i < HW; i++) {
      real v = 0;
      for (int k = 0; k < 4; k++)
        if (g[i].inside[k]) v += g[i].w[k] * plane[g[i].at[k]];
      o[i] = v;
    }
  }

  THFree(points);
  THTensor_(free)(in);
  THTensor_(free)(gr);
  THNN_(writeBack)(output, out);
}

void THNN_(SpatialGridSamplerBilinear_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradInput,
                                                       THTensor *grid, THTensor *gradGrid, THTensor *gradOutput) {
  const char *fn = "SpatialGridSamplerBilinear_updateGradInput";
  THNN_(SpatialGridSamplerBilinear_check)(fn, input, grid);
  THNN_(checkNotNull)(fn, "gradInput", gradInput);
  THNN_(checkNotNull)(fn, "gradGrid", gradGrid);
  const long N = input->size[0], C = input->size[1], IH = input->size[2], IW = input->size[3];
  const long HW = grid->size[1] * grid->size[2];
  const long expected[4] = {N, C, grid->size[1], grid->size[2]};
  THNN_(poolCheckTensorSizes)(fn, "gradOutput", gradOutput, 4, expected);

  THTensor *in = THTensor_(newContiguous)(input);
  THTensor *gr = THTensor_(newContiguous)(grid);
  THTensor *go = THTensor_(newContiguous)(gradOutput);
  THTensor_(resizeAs)(gradInput, input);
  THTensor_(resizeAs)(gradGrid, grid);
  THTensor *gi = THNN_(writable)(gradInput, 0);
  THTensor *gg = THNN_(writable)(gradGrid, 0);
  const real *ip = THTensor_(data)(in), *gop = THTensor_(data)(go);
  real *gip = THTensor_(data)(gi), *ggp = THTensor_(data)(gg);
  THNN_(GridPoint) *points = THNN_(SpatialGridSamplerBilinear_points)(THTensor_(data)(gr), N * HW, IH, IW);
  /* d output / d ix and d iy of each grid point, summed over the channels. */
  accreal *dix = THAlloc(sizeof(accreal) * 2 * (size_t)(N * HW)), *diy = dix + N * HW;
  /* d ix / d x and d iy / d y. */
  const accreal scaleX = (accreal)(IW - 1) / 2, scaleY = (accreal)(IH - 1) / 2;

  /* One thread per sample: its channels share the grid points' sums. */
#pragma omp parallel for if (N > 1 && N * C * HW > THNN_POOL_OMP_MIN)
  for (long n = 0; n < N; n++) {
    const THNN_(GridPoint) *g = points + n * HW;
    accreal *sx = dix + n * HW, *sy = diy + n * HW;
    memset(gip + n * C * IH * IW, 0, sizeof(real) * (size_t)(C * IH * IW));
    for (long i = 0; i < HW; i++) sx[i] = sy[i] = 0;
    for (long c = 0; c < C; c++) {
      const real *plane = ip + (n * C + c) * IH * IW, *gout = gop + (n * C + c) * HW;
      real *gplane = gip + (n * C + c) * IH * IW;
      for (long i = 0; i < HW; i++)
        for (int k = 0; k < 4; k++) {
          if (!g[i].inside[k]) continue;
          const real v = plane[g[i].at[k]];
          gplane[g[i].at[k]] += g[i].w[k] * gout[i];
          sx[i] += (accreal)g[i].dx[k] * v * gout[i];
          sy[i] += (accreal)g[i].dy[k] * v * gout[i];
        }
    }
    for (long i = 0; i < HW; i++) {
      ggp[(n * HW + i) * 2] = (real)(sx[i] * scaleX);
      ggp[(n * HW + i) * 2 + 1] = (real)(sy[i] * scaleY);
    }
  }

  THFree(dix);
  THFree(points);
  THTensor_(free)(in);
  THTensor_(free)(gr);
  THTensor_(free)(go);
  THNN_(writeBack)(gradInput, gi);
  THNN_(writeBack)(gradGrid, gg);
}

#endif
