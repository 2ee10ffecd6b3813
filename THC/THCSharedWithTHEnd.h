/* Ends THCSharedWithTHBegin.h. No include guard. */
#undef THT_STATE_
#undef THT_STATE_ONLY
#undef THT_S_
#undef THT_S_ONLY
#pragma pop_macro("THTensor")
#pragma pop_macro("THTensor_")
#pragma pop_macro("THStorage")
#pragma pop_macro("THStorage_")
