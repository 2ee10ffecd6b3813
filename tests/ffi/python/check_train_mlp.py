"""Runs examples/python/train_mlp.py and checks its final "test accuracy: NN.NN%" line against a
minimum. Usage: check_train_mlp.py EXAMPLE MIN_ACCURACY [example options...]"""
import re
import subprocess
import sys


def main():
    example, minimum = sys.argv[1], float(sys.argv[2])
    proc = subprocess.run([sys.executable, example] + sys.argv[3:], capture_output=True, text=True)
    sys.stdout.write(proc.stdout)
    sys.stderr.write(proc.stderr)
    if proc.returncode != 0:
        print("FAIL: the example exited with %d" % proc.returncode)
        return 1
    found = re.findall(r"^test accuracy: ([0-9.]+)%$", proc.stdout, re.M)
    if not found:
        print("FAIL: no 'test accuracy: NN.NN%' line")
        return 1
    accuracy = float(found[-1])
    if accuracy < minimum:
        print("FAIL: test accuracy %.2f%% is below %.2f%%" % (accuracy, minimum))
        return 1
    print("ok: test accuracy %.2f%% >= %.2f%%" % (accuracy, minimum))
    return 0


if __name__ == "__main__":
    sys.exit(main())
