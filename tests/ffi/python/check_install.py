"""`cmake --install` puts the package where Debian's python3 finds it and the installed package finds
the installed libraries by itself (no EMBER_LIB_DIR, no LD_LIBRARY_PATH, no build tree).
Usage: check_install.py BUILD_DIR WORK_DIR"""
import os
import shutil
import subprocess
import sys

PROBE = """
import os, sys, numpy as np, ember
out = ember.FloatTensor()
ember.THNN.Float.Tanh_updateOutput(np.zeros(3, np.float32), out)
assert out.tolist() == [0.0, 0.0, 0.0]
assert not os.path.exists(os.path.join(os.path.dirname(ember.__file__), '_build_config.py'))
print(os.path.realpath(ember.__file__))
print(os.path.realpath(ember.LIB_PATHS['TH']))
print(os.path.realpath(ember.LIB_PATHS['THNN']))
print(os.path.realpath(ember.THNN.HEADER))
"""


def clean_env():
    env = {k: v for k, v in os.environ.items()
           if k not in ("EMBER_LIB_DIR", "LD_LIBRARY_PATH", "PYTHONPATH", "EMBER_THNN_HEADER")}
    return env


def probe(site, root):
    env = clean_env()
    env["PYTHONPATH"] = site
    proc = subprocess.run([sys.executable, "-c", PROBE], env=env, cwd="/", capture_output=True,
                          text=True)
    if proc.returncode != 0:
        raise SystemExit("FAIL: importing the installed package from %s:\n%s" % (site, proc.stderr))
    package, th, thnn, header = proc.stdout.split()
    root = os.path.realpath(root)
    for path in (package, th, thnn, header):
        if not path.startswith(root + os.sep):
            raise SystemExit("FAIL: %s is not under the install root %s" % (path, root))
    print("ok: %s, libraries %s and %s" % (package, th, thnn))


def install(build, *args, env=None):
    subprocess.run(["cmake", "--install", build] + list(args), check=True, env=env,
                   stdout=subprocess.DEVNULL)


def main():
    build, work = sys.argv[1], os.path.abspath(sys.argv[2])
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    version = "python%d.%d" % sys.version_info[:2]

    # Any prefix but /usr: <prefix>/lib/python3.X/dist-packages (on sys.path for /usr/local).
    prefix = os.path.join(work, "prefix")
    install(build, "--prefix", prefix)
    probe(os.path.join(prefix, "lib", version, "dist-packages"), prefix)
    if "/usr/local/lib/%s/dist-packages" % version not in sys.path:
        print("note: /usr/local/lib/%s/dist-packages is not on this python's sys.path" % version)

    # /usr (staged with DESTDIR): /usr/lib/python3/dist-packages, Debian's own directory.
    stage = os.path.join(work, "stage")
    env = dict(os.environ, DESTDIR=stage)
    install(build, "--prefix", "/usr", env=env)
    site = os.path.join(stage, "usr", "lib", "python3", "dist-packages")
    if not os.path.isfile(os.path.join(site, "ember", "_install_config.py")):
        raise SystemExit("FAIL: no package in %s" % site)
    if "/usr/lib/python3/dist-packages" not in sys.path:
        raise SystemExit("FAIL: /usr/lib/python3/dist-packages is not on sys.path of %s" % sys.executable)
    probe(site, stage)
    return 0


if __name__ == "__main__":
    sys.exit(main())
