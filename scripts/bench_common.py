"""What the benchmark scripts share (scripts/bench-variants,
scripts/bench-instructions and scripts/bench-classic-goal): the maps of
scripts/symmetries, a puzzle's documents under them, the geometric mean,
and the builds (a release build of a source tree, and the fixed reference
build the speed issue was measured on)."""
import importlib.machinery
import importlib.util
import json
import math
import os
import subprocess
import sys

_SCRIPTS = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(_SCRIPTS)

# The reference: rulegrid at the commit the speed issue was measured on.
REF_COMMIT = "e57e0a5"
REF_SRC, REF_BUILD = "/tmp/rulegrid-ref-src", "/tmp/rulegrid-ref"


def symmetry_maps():
    """scripts/symmetries as a module (its name has no .py)."""
    path = os.path.join(_SCRIPTS, "symmetries")
    loader = importlib.machinery.SourceFileLoader("symmetries", path)
    spec = importlib.util.spec_from_loader("symmetries", loader)
    mod = importlib.util.module_from_spec(spec)
    loader.exec_module(mod)
    return mod


def mapped(sym, doc, where, k):
    """The document doc (read at where, for messages) under the first k maps
    of sym (symmetry_maps()), a JSON line each; raises sym.Bad."""
    return [json.dumps(sym.variant(doc, name, where)) for name in sym.NAMES[:k]]


def geo(xs):
    """The geometric mean of xs (NaN when there are none)."""
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


def build(src, out, exe="rulegrid"):
    """out/bin/EXE, configured (release, no tests) and built from src first
    when it is not there yet."""
    if not os.path.exists(os.path.join(out, "bin", exe)):
        subprocess.run(["cmake", "-S", src, "-B", out, "-DCMAKE_BUILD_TYPE=Release",
                        "-DRULEGRID_TESTS=OFF"], check=True, stdout=subprocess.DEVNULL)
        subprocess.run(["cmake", "--build", out, "-j%d" % (os.cpu_count() or 1)], check=True,
                       stdout=subprocess.DEVNULL)
    return os.path.join(out, "bin", exe)


def reference(who, given=None, exe="rulegrid"):
    """The reference build's EXE: given/bin/EXE when a build is given (--ref),
    else checked out (a git worktree in REF_SRC) and built in REF_BUILD when
    they are not there; who names the script in the message when the
    checkout fails."""
    if given:
        return os.path.join(given, "bin", exe)
    if not os.path.exists(REF_SRC):
        p = subprocess.run(["git", "-C", ROOT, "worktree", "add", "--detach", REF_SRC, REF_COMMIT],
                           capture_output=True, text=True)
        if p.returncode:
            sys.exit("%s: cannot check out the reference commit %s into %s (%s); "
                     "build it elsewhere and give --ref DIR" %
                     (who, REF_COMMIT, REF_SRC, p.stderr.strip() or "git failed"))
    return build(REF_SRC, REF_BUILD, exe)
