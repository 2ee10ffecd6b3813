#pragma once
// The ember C++ training layer: everything in one include.
#include <ember/tensor.hpp>
#include <ember/autograd.hpp>
#include <ember/thnn.hpp>
#include <ember/optim.hpp>
#include <ember/data.hpp>
#include <ember/serialize.hpp>
#include <ember/allocator.hpp>
#include <ember/nn/module.hpp>
#include <ember/nn/holder.hpp>
#include <ember/nn/containers.hpp>
#include <ember/nn/functional.hpp>
#include <ember/nn/init.hpp>
#include <ember/nn/layers.hpp>
#include <ember/nn/loss.hpp>
#include <ember/nn/utils.hpp>
#include <ember/progress.hpp>
