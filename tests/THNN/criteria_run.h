/* Included by test_criteria.c once per type with R defined (Float, Double): run_R runs one
 * criterion case's updateOutput into `out` and, when gi is not NULL, its updateGradInput into gi. */
#define RUN_CAT_(a, b) a##b
#define RUN_CAT(a, b) RUN_CAT_(a, b)
#define RT RUN_CAT(RUN_CAT(TH, R), Tensor)
#define NN_(NAME) RUN_CAT(RUN_CAT(THNN_, R), NAME)

static void RUN_CAT(run_, R)(const Case *c, RT *x, RT *t, THLongTensor *lt, RT *w, bool sa, RT *out, RT *gi) {
  RT *tw = RUN_CAT(RT, _new)();
  RT *isTarget = RUN_CAT(RT, _new)();
  switch (c->kind) {
#define POINTWISE_(KIND, NAME, ...)                                     \
  case KIND:                                                            \
    NN_(NAME##_updateOutput)(NULL, x, t, out, sa, ##__VA_ARGS__);        \
    if (gi) NN_(NAME##_updateGradInput)(NULL, x, t, gi, sa, ##__VA_ARGS__); \
    break;
    POINTWISE_(ABS, AbsCriterion)
    POINTWISE_(MSE, MSECriterion)
    POINTWISE_(SMOOTHL1, SmoothL1Criterion)
    POINTWISE_(SOFTMARGIN, SoftMarginCriterion)
    POINTWISE_(MARGIN, MarginCriterion, 0.7)
    POINTWISE_(KL, DistKLDivCriterion)
    POINTWISE_(BCE, BCECriterion, w)
#undef POINTWISE_
    case NLL:
      NN_(ClassNLLCriterion_updateOutput)(NULL, x, lt, out, sa, w, tw, c->ignore);
      if (gi) NN_(ClassNLLCriterion_updateGradInput)(NULL, x, lt, gi, sa, w, tw, c->ignore);
      break;
    case SNLL:
      NN_(SpatialClassNLLCriterion_updateOutput)(NULL, x, lt, out, sa, w, tw);
      if (gi) NN_(SpatialClassNLLCriterion_updateGradInput)(NULL, x, lt, gi, sa, w, tw);
      break;
    case MLM:
      NN_(MultiLabelMarginCriterion_updateOutput)(NULL, x, lt, out, isTarget, sa);
      if (gi) NN_(MultiLabelMarginCriterion_updateGradInput)(NULL, x, lt, gi, isTarget, sa);
      break;
    case MM:
      NN_(MultiMarginCriterion_updateOutput)(NULL, x, lt, out, sa, c->p, w, 0.8);
      if (gi) NN_(MultiMarginCriterion_updateGradInput)(NULL, x, lt, gi, sa, c->p, w, 0.8);
      break;
  }
  RUN_CAT(RT, _free)(tw);
  RUN_CAT(RT, _free)(isTarget);
}

#undef NN_
#undef RT
#undef RUN_CAT
#undef RUN_CAT_
