"""What the benchmark scripts share (scripts/bench-variants and
scripts/bench-instructions): the maps of scripts/symmetries, a puzzle's
documents under them, and the geometric mean."""
import importlib.machinery
import importlib.util
import json
import math
import os

_SCRIPTS = os.path.dirname(os.path.abspath(__file__))


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
