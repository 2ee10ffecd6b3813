// The training example of README.md (kept compiling by examples/CMakeLists.txt).
#include <ember/ember.hpp>
using namespace ember;

int main() {
  data::FashionMNIST train(data::FashionMNIST::kDefaultRoot, /*train=*/true);  // [60000,1,28,28] in [0,1]
  train.transform(data::Normalize(0.2860, 0.3530));
  data::DataLoader loader(train, data::DataLoaderOptions(64).shuffle(true).seed(1));
  auto model = nn::Sequential(
      nn::Flatten(), nn::Linear(784, 128), nn::ReLU(),
      nn::Linear(128, 10));
  optim::SGD optimizer(model->parameters(), optim::SGDOptions(0.05).momentum(0.9));
  optim::StepLR schedule(optimizer, /*step_size=*/1, /*gamma=*/0.5);
  nn::CrossEntropyLoss criterion;
  for (int epoch = 0; epoch < 2; epoch++) {
    for (const data::Example &batch : loader) {
      optimizer.zero_grad();
      Tensor loss = criterion(model->forward(batch.data), batch.target);
      loss.backward();
      optimizer.step();
    }
    schedule.step();
    save_checkpoint("mlp.ckpt", *model, &optimizer);  // atomic; load_checkpoint checks everything
  }
}
