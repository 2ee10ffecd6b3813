#pragma once
// VolumetricReplicationPadding: the resampling engine (index maps, gather forward, scatter backward).
#include "Resample.cuh"
