"""Writing the golden files that the C tests read with tests/common/golden.h."""
import os

HERE = os.path.dirname(os.path.abspath(__file__))


class GoldenFile:
    """Collects named tensors and writes them in golden.h's text format."""

    def __init__(self, name, comment):
        self.path = os.path.join(HERE, name)
        self.lines = ["# " + line for line in comment.strip().splitlines()]

    def add(self, name, tensor):
        t = tensor.detach().double().contiguous()
        sizes = " ".join(str(s) for s in t.shape)
        self.lines.append("tensor %s %d %s" % (name, t.dim(), sizes))
        self.lines.append(" ".join("%.9g" % v for v in t.reshape(-1).tolist()))

    def write(self):
        with open(self.path, "w") as f:
            f.write("\n".join(self.lines) + "\n")
