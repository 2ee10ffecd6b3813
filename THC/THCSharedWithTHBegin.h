/* Put before including libTH's code shared with libTHC (TH/generic/THTensorLayout.c,
 * THTensorShapeShared.c, THTensorBlasShared.c) in a THC generic file: while it is compiled, THTensor
 * and THStorage name the CUDA types and the THT_* macros add THC's state argument (see
 * TH/generic/THTensorLayout.c). THCSharedWithTHEnd.h restores the names. No include guard: included
 * once per shared file and type. */
#pragma push_macro("THTensor")
#pragma push_macro("THTensor_")
#pragma push_macro("THStorage")
#pragma push_macro("THStorage_")
#undef THTensor
#undef THTensor_
#undef THStorage
#undef THStorage_
#define THTensor THCTensor
#define THTensor_(NAME) THCTensor_(NAME)
#define THStorage THCStorage
#define THStorage_(NAME) THCStorage_(NAME)
#define THT_STATE_ THCState *state,
#define THT_STATE_ONLY THCState *state
#define THT_S_ state,
#define THT_S_ONLY state
