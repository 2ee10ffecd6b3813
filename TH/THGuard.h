#ifndef TH_GUARD_INC
#define TH_GUARD_INC
/* Used by the generated wrappers (<lib>_guards.c in the build tree) that give every legacy function its
 * guarded mode; see THSetGuardedMode. Not part of the legacy interface. */
#include <setjmp.h>
#include "THGeneral.h"

/* Returns 1 when this call must be guarded: guarded mode is on and no outer call of this thread
 * holds a guard already. The caller then setjmp()s on env and calls THGuard_leave() when done. */
TH_API int THGuard_enter(jmp_buf *env);
TH_API void THGuard_leave(void);
#endif
