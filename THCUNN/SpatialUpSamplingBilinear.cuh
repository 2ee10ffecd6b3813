#pragma once
// SpatialUpSamplingBilinear: the linear interpolation engine.
#include "Interpolation.cuh"
