#pragma once
// VolumetricDilatedMaxPooling: the volumetric max pooling engine and its packed indices.
#include "Pooling3d.cuh"
