#!/usr/bin/python3
"""A two-layer MLP (784 -> 256 -> ReLU -> 10 -> LogSoftMax) on Fashion-MNIST, trained with THNN
kernels called from Python through the ember binding: numpy holds the data and does the SGD
update in place on zero-copy views of the TH tensors.

    /usr/bin/python3 examples/python/train_mlp.py [--epochs 4] [--data /usr/share/datasets/fashion-mnist]

The last line printed is "test accuracy: NN.NN%".
"""
import argparse
import gzip
import os
import sys
import time

import numpy as np

try:
    import ember
except ImportError:   # run from a checkout: the build tree's copy of the package
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, os.path.join(here, "..", "..", "build", "bindings", "python"))
    import ember

NN = ember.THNN.Float


def read_idx(path):
    """An IDX file (MNIST's format: big-endian magic with type and rank, sizes, raw data)."""
    with gzip.open(path, "rb") as f:
        data = f.read()
    ndim = data[3]
    shape = tuple(int.from_bytes(data[4 + 4 * i: 8 + 4 * i], "big") for i in range(ndim))
    return np.frombuffer(data, dtype=np.uint8, offset=4 + 4 * ndim).reshape(shape)


def load(data_dir, split):
    images = read_idx(os.path.join(data_dir, "%s-images-idx3-ubyte.gz" % split))
    labels = read_idx(os.path.join(data_dir, "%s-labels-idx1-ubyte.gz" % split))
    x = (images.reshape(len(images), -1).astype(np.float32) / 255.0 - 0.2860) / 0.3530
    return np.ascontiguousarray(x, dtype=np.float32), labels.astype(np.int64) + 1   # THNN: 1-based


class Linear:
    """Weights and gradients as TH tensors, with numpy views of them for the update."""

    def __init__(self, n_in, n_out):
        bound = 1.0 / np.sqrt(n_in)                  # Torch7's nn.Linear reset
        self.weight = ember.uniform_(ember.FloatTensor(n_out, n_in), -bound, bound)
        self.bias = ember.uniform_(ember.FloatTensor(n_out), -bound, bound)
        self.grad_weight = ember.FloatTensor(n_out, n_in).zero()
        self.grad_bias = ember.FloatTensor(n_out).zero()
        self.output, self.grad_input, self.buffer = (ember.FloatTensor() for _ in range(3))
        self.params = [(self.weight.numpy(), self.grad_weight.numpy(), np.zeros((n_out, n_in), np.float32)),
                       (self.bias.numpy(), self.grad_bias.numpy(), np.zeros(n_out, np.float32))]

    def forward(self, x):
        NN.Linear_updateOutput(x, self.output, self.weight, self.bias, self.buffer)
        return self.output

    def backward(self, x, grad_output):
        NN.Linear_updateGradInput(x, grad_output, self.grad_input, self.weight)
        NN.Linear_accGradParameters(x, grad_output, self.grad_input, self.weight, self.bias,
                                    self.grad_weight, self.grad_bias, self.buffer, 1.0)
        return self.grad_input

    def sgd(self, lr, momentum):
        for value, grad, velocity in self.params:
            velocity *= momentum
            velocity += grad
            value -= lr * velocity
            grad[...] = 0


class MLP:
    def __init__(self, n_in, hidden, n_out):
        self.fc1, self.fc2 = Linear(n_in, hidden), Linear(hidden, n_out)
        self.relu, self.grad_relu = ember.FloatTensor(), ember.FloatTensor()
        self.log_probs, self.grad_log_probs = ember.FloatTensor(), ember.FloatTensor()
        self.grad_scores = ember.FloatTensor()
        self.loss, self.total_weight = ember.FloatTensor(1), ember.FloatTensor(1)

    def forward(self, x):
        h = self.fc1.forward(x)
        NN.Threshold_updateOutput(h, self.relu, 0.0, 0.0, False)
        scores = self.fc2.forward(self.relu)
        NN.LogSoftMax_updateOutput(scores, self.log_probs)
        return self.log_probs

    def train_step(self, x, target, lr, momentum):
        log_probs = self.forward(x)
        NN.ClassNLLCriterion_updateOutput(log_probs, target, self.loss, True, None,
                                          self.total_weight, -100)
        # As in Torch7, the criterion's updateGradInput only writes the targets' entries: the
        # caller zeroes gradInput first (nn's ClassNLLCriterion did the same).
        self.grad_log_probs.resize_as(log_probs).zero()
        NN.ClassNLLCriterion_updateGradInput(log_probs, target, self.grad_log_probs, True, None,
                                             self.total_weight, -100)
        NN.LogSoftMax_updateGradInput(self.fc2.output, self.grad_log_probs, self.grad_scores,
                                      log_probs)
        grad_relu = self.fc2.backward(self.relu, self.grad_scores)
        NN.Threshold_updateGradInput(self.fc1.output, grad_relu, self.grad_relu, 0.0, 0.0, False)
        self.fc1.backward(x, self.grad_relu)
        self.fc1.sgd(lr, momentum)
        self.fc2.sgd(lr, momentum)
        return float(self.loss.numpy()[0])

    def accuracy(self, x, labels, batch=1000):
        correct = 0
        for i in range(0, len(x), batch):
            log_probs = self.forward(ember.from_numpy(x[i:i + batch])).numpy()
            correct += int(np.sum(np.argmax(log_probs, axis=1) + 1 == labels[i:i + batch]))
        return 100.0 * correct / len(x)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", default=os.environ.get("FASHION_MNIST_DIR",
                                                         "/usr/share/datasets/fashion-mnist"))
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--hidden", type=int, default=256)
    parser.add_argument("--batch", type=int, default=64)
    parser.add_argument("--lr", type=float, default=0.05)
    parser.add_argument("--momentum", type=float, default=0.9)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    ember.manual_seed(args.seed)
    x_train, y_train = load(args.data, "train")
    x_test, y_test = load(args.data, "t10k")
    model = MLP(x_train.shape[1], args.hidden, 10)
    order_rng = np.random.default_rng(args.seed)
    start = time.time()
    for epoch in range(1, args.epochs + 1):
        lr = args.lr * (0.5 ** (epoch - 1))          # halve the step each epoch
        order = order_rng.permutation(len(x_train))
        total = 0.0
        for i in range(0, len(order), args.batch):
            idx = order[i:i + args.batch]
            # Fancy indexing gives fresh contiguous arrays: from_numpy wraps them without a copy.
            total += model.train_step(ember.from_numpy(x_train[idx]), ember.from_numpy(y_train[idx]),
                                      lr, args.momentum) * len(idx)
        print("epoch %d: train loss %.4f, test accuracy %.2f%% (%.1f s)"
              % (epoch, total / len(order), model.accuracy(x_test, y_test), time.time() - start),
              flush=True)
    print("test accuracy: %.2f%%" % model.accuracy(x_test, y_test))


if __name__ == "__main__":
    main()
