#pragma once
// VolumetricMaxPooling: the volumetric max pooling engine and its packed indices.
#include "Pooling3d.cuh"
