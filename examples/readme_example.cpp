// The training example of README.md (kept compiling by examples/CMakeLists.txt).
#include <ember/ember.hpp>
using namespace ember;

int main() {
  tune_allocator();  // optional: keep freed heap between steps (see Memory below)
  data::FashionMNIST train(data::FashionMNIST::kDefaultRoot, /*train=*/true);  // [60000,1,28,28] in [0,1]
  train.transform(data::Normalize(0.2860, 0.3530));
  data::DataLoader loader(train, data::DataLoaderOptions(64).shuffle(true).seed(1));
  auto model = std::make_shared<nn::Sequential>(std::initializer_list<std::shared_ptr<nn::Module>>{
      std::make_shared<nn::Flatten>(), std::make_shared<nn::Linear>(784, 128), std::make_shared<nn::ReLU>(),
      std::make_shared<nn::Linear>(128, 10)});
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
