#pragma once
// SpatialReplicationPadding: the resampling engine (index maps, gather forward, scatter backward).
#include "Resample.cuh"
