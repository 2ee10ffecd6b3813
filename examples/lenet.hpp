#pragma once
// LeNet-5 as DESIGN.md's W8 has it (ReLU and max pooling), shared by the demo and bench_W8_lenet.
#include <ember/ember.hpp>

inline ember::nn::Sequential lenet() {
  namespace nn = ember::nn;
  // Braces: the layers are built, and so initialised from the generator, in the order written.
  return nn::Sequential{nn::Conv2d(nn::Conv2dOptions(1, 6, 5).padding(2)),
                        nn::ReLU(),
                        nn::MaxPool2d(2),
                        nn::Conv2d(6, 16, 5),
                        nn::ReLU(),
                        nn::MaxPool2d(2),
                        nn::Flatten(),
                        nn::Linear(400, 120),
                        nn::ReLU(),
                        nn::Linear(120, 84),
                        nn::ReLU(),
                        nn::Linear(84, 10)};
}
