#pragma once
// EMBER_NN_OPTION(TYPE, NAME): a chainable setter NAME(value) and a getter NAME() over the member
// NAME_, as libtorch's TORCH_ARG, for the options structs of the layers (Conv2dOptions, RNNOptions).

#include <utility>

#define EMBER_NN_OPTION(TYPE, NAME)           \
  auto &NAME(TYPE value) {                    \
    NAME##_ = std::move(value);               \
    return *this;                             \
  }                                           \
  const TYPE &NAME() const { return NAME##_; }
