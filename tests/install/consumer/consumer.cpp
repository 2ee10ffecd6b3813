// Uses all three installed libraries: libember (a Linear layer), libTHNN (its kernel) and libTH.
#include <ember/ember.hpp>
#include <TH.h>
#include <cstdio>

int main() {
  using namespace ember;
  nn::Linear layer(3, 2);
  {
    NoGradGuard no_grad;
    layer->weight.fill_(0.5);
    layer->bias.fill_(-1);
  }
  Tensor y = layer->forward(ones({4, 3}));   // every output is 3 * 0.5 - 1
  THFloatTensor *t = THFloatTensor_newWithSize1d(5);
  THFloatTensor_fill(t, 2);
  std::printf("linear %g sum %g\n", y.sum().item<double>(), (double)THFloatTensor_sumall(t));  // 4 and 10
  THFloatTensor_free(t);
  return 0;
}
