#pragma once
// SpatialReflectionPadding: the resampling engine (index maps, gather forward, scatter backward).
#include "Resample.cuh"
