/* Shape-building math: cat/catArray, diag, eye, arange/range, reshape, tril/triu, cross,
 * linspace/logspace and match. */
#include "TH.h"
#include "THTensorApply.h"

#define TH_GENERIC_FILE "generic/THTensorMathShape.c"
#include "THGenerateAllTypes.h"
