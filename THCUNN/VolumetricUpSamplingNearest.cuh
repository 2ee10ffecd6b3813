#pragma once
// VolumetricUpSamplingNearest: the resampling engine (index maps, gather forward, scatter backward).
#include "Resample.cuh"
