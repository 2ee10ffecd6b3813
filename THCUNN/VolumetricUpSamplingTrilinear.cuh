#pragma once
// VolumetricUpSamplingTrilinear: the linear interpolation engine.
#include "Interpolation.cuh"
