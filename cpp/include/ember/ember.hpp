#pragma once
// The ember C++ training layer: everything in one include.
#include <ember/tensor.hpp>
#include <ember/autograd.hpp>
#include <ember/thnn.hpp>
