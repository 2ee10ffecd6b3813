#ifndef TH_INC
#define TH_INC

#include "THGeneral.h"

#include "THAllocator.h"
#include "THAtomic.h"
#include "THBlas.h"
#include "THDiskFile.h"
#include "THFile.h"
#include "THHalf.h"
#include "THLapack.h"
#include "THLogAdd.h"
#include "THMemoryFile.h"
#include "THRandom.h"
#include "THSize.h"
#include "THStorage.h"
#include "THTensor.h"
#include "THVector.h"

#endif
