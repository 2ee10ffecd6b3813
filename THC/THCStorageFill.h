#ifndef THC_STORAGE_FILL_INC
#define THC_STORAGE_FILL_INC
/* Internal to libTHC: the device side of THCStorage_(fill), shared by every type. */
#include "THCGeneral.h"

/* Sets the n elements of elementSize bytes (1, 2, 4 or 8) at the device address data to the bit
 * pattern at value (a host address), on the current stream. */
THC_EXTERNC void THCStorage_fillBytes(THCState *state, void *data, ptrdiff_t n, int elementSize,
                                      const void *value);
#endif
