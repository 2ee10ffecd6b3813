// The training program of README.md: the readme_example test builds it, runs one epoch and checks
// that README.md shows this very file.
#include <ember/ember.hpp>

#include <cstdlib>
#include <iostream>

using namespace ember;
namespace F = ember::nn::functional;

struct NetImpl : nn::Module {
  NetImpl() : Module("Net") {
    conv = register_module("conv", nn::Conv2d(nn::Conv2dOptions(1, 8, 5).padding(2)));
    fc1 = register_module("fc1", nn::Linear(8 * 14 * 14, 64));
    fc2 = register_module("fc2", nn::Linear(64, 10));
  }
  Tensor forward(Tensor x) {
    x = F::max_pool2d(conv(x).relu(), 2).flatten(1);
    return fc2(fc1(x).relu());
  }
  nn::Conv2d conv{nullptr};
  nn::Linear fc1{nullptr}, fc2{nullptr};
};
EMBER_MODULE(Net);

int main(int argc, char **argv) {
  const int epochs = argc > 1 ? std::atoi(argv[1]) : 2;
  manual_seed(1);
  data::FashionMNIST train(data::FashionMNIST::kDefaultRoot, /*train=*/true);
  data::FashionMNIST test(data::FashionMNIST::kDefaultRoot, /*train=*/false);
  train.transform(data::Normalize(0.2860, 0.3530));
  test.transform(data::Normalize(0.2860, 0.3530));
  data::DataLoader loader(train, data::DataLoaderOptions(64).shuffle(true).seed(1).workers(2));

  Net model;
  optim::SGD optimizer(model->parameters(), optim::SGDOptions(0.05).momentum(0.9));
  optim::StepLR scheduler(optimizer, /*step_size=*/1, /*gamma=*/0.5);
  for (int epoch = 1; epoch <= epochs; epoch++) {
    ProgressBar bar(loader.size(), "epoch " + std::to_string(epoch));
    for (const data::Example &batch : loader) {  // batch.target: Long class indices
      optimizer.zero_grad();
      Tensor loss = F::cross_entropy(model(batch.data), batch.target);
      loss.backward();
      nn::utils::clip_grad_norm_(model->parameters(), /*max_norm=*/5.0);
      optimizer.step();
      bar.update(1, "loss " + std::to_string(loss.item<float>()));
    }
    scheduler.step();
    save_checkpoint("net.ckpt", *model, &optimizer);  // atomic; load_checkpoint checks everything
  }

  NoGradGuard no_grad;
  model->eval();
  long correct = 0;
  for (const data::Example &batch : data::DataLoader(test, data::DataLoaderOptions(1000)))
    correct += model(batch.data).argmax(1).eq(batch.target).sum().item<long>();
  const double accuracy = (double)correct / (double)test.size();
  std::cout << "test accuracy " << accuracy << "\n";
  return accuracy > 0.8 ? 0 : 1;
}
