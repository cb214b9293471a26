#!/usr/bin/env python3
"""Builds the constructed puzzles of corpus/variants/{relations,neighbours,cells,
corners,negatives}.jsonl: a solution (a random classic grid, or one the engine finds
for rules that shape the grid), clues read off it, then givens removed one by one
while the engine still proves the puzzle unique.

usage: tools/gen_variants4.py RULEGRID FAMILY COUNT SEED >> corpus/variants/FAMILY.jsonl
"""
import json
import random
import os
import subprocess
import sys
import tempfile

BOX = {"type": "box_grid", "origin": "r1c1", "box": [3, 3]}


def name(r, c):
    return "r%dc%d" % (r + 1, c + 1)


def run(exe, docs, cmd="count", extra=()):
    fd, path = tempfile.mkstemp(suffix=".jsonl")
    with os.fdopen(fd, "w") as f:
        f.write("".join(json.dumps(d) + "\n" for d in docs))
    out = subprocess.run([exe, cmd, "--json", "--time", "10", *extra, path],
                         capture_output=True, text=True).stdout
    os.unlink(path)
    return [json.loads(l) for l in out.splitlines() if l.strip()]


def doc(rules, givens, meta):
    return {"format": "rulegrid", "version": 1,
            "board": {"rows": 9, "columns": 9, "digits": 9},
            "rules": rules, "givens": givens, "meta": meta}


def solution(exe, rules, rng):
    """A random solution of rules (a box_grid plus whatever shapes the grid)."""
    d = doc(rules, {}, {})
    res = run(exe, [d], "solve", ["--values", "random", "--seed", str(rng.randrange(1 << 30))])
    if not res or res[0]["status"] != "solved":
        return None
    sol = res[0]["solution"]
    return [[sol[name(r, c)] for c in range(9)] for r in range(9)]


def pairs():
    for r in range(9):
        for c in range(9):
            if c < 8:
                yield (r, c), (r, c + 1)
            if r < 8:
                yield (r, c), (r + 1, c)


def edge(kind, a, b, **kw):
    rule = {"type": "edge", "kind": kind}
    rule.update(kw)
    rule["cells"] = [name(*a), name(*b)]
    return rule


def kropki_xv(S, a, b):
    x, y = S[a[0]][a[1]], S[b[0]][b[1]]
    out = []
    if abs(x - y) == 1:
        out.append(edge("kropki", a, b, color="white"))
    if x == 2 * y or y == 2 * x:
        out.append(edge("kropki", a, b, color="black"))
    if x + y == 10:
        out.append(edge("xv", a, b, letter="X"))
    if x + y == 5:
        out.append(edge("xv", a, b, letter="V"))
    return out


def clues(fam, k, S, rng):
    """The extra rules of recipe k of family fam for solution S (or None)."""
    v = lambda p: S[p[0]][p[1]]
    allp = list(pairs())
    if fam == "relations":
        if k == 0:  # mixed edges: dots, X / V, otherwise a greater sign
            out = []
            for a, b in rng.sample(allp, 30):
                e = kropki_xv(S, a, b)
                out += e[:1] if e else [edge("greater", a, b) if v(a) > v(b) else edge("greater", b, a)]
            return out
        if k == 1:  # difference, ratio, product, sum edges
            out = []
            for a, b in rng.sample(allp, 24):
                x, y = v(a), v(b)
                kind = rng.choice(["difference", "sum", "product", "ratio"])
                if kind == "ratio" and max(x, y) % min(x, y):
                    kind = "difference"
                if kind == "difference":
                    out.append(edge("difference", a, b, value=abs(x - y)))
                elif kind == "sum":
                    out.append(edge("sum", a, b, sum=x + y))
                elif kind == "product":
                    out.append(edge("product", a, b, value=x * y))
                else:
                    out.append(edge("ratio", a, b, value=max(x, y) // min(x, y)))
            return out
        # relation pairs between any cells: less, sum, difference_at_least, equal
        cells = [(r, c) for r in range(9) for c in range(9)]
        less, big, eq = [], [], []
        for _ in range(40):
            a, b = rng.sample(cells, 2)
            if v(a) == v(b):
                eq.append([name(*a), name(*b)])
            elif abs(v(a) - v(b)) >= 4:
                big.append([name(*a), name(*b)])
            else:
                less.append([name(*a), name(*b)] if v(a) < v(b) else [name(*b), name(*a)])
        out = []
        if less:
            out.append({"type": "relation", "op": "less", "pairs": less[:12]})
        if big:
            out.append({"type": "relation", "op": "difference_at_least", "value": 4, "pairs": big[:8]})
        if eq:
            out.append({"type": "relation", "op": "equal", "pairs": eq[:6]})
        return out
    if fam == "cells":
        cells = rng.sample([(r, c) for r in range(9) for c in range(9)], 30)
        if k == 0:
            odd = [name(*p) for p in cells[:15] if v(p) % 2]
            even = [name(*p) for p in cells if v(p) % 2 == 0][:10]
            return [{"type": "cell", "kind": "odd", "cells": odd},
                    {"type": "cell", "kind": "even", "cells": even}]
        s = rng.choice([3, 4, 5, 6])
        low = [name(*p) for p in cells if v(p) <= s][:10]
        high = [name(*p) for p in cells if v(p) > s][:10]
        return [{"type": "cell", "kind": "low", "split": s, "cells": low},
                {"type": "cell", "kind": "high", "split": s, "cells": high}]
    if fam == "corners":
        out = []
        blocks = [(r, c) for r in range(8) for c in range(8)]
        for r, c in rng.sample(blocks, 64):
            q = [S[r][c], S[r][c + 1], S[r + 1][c], S[r + 1][c + 1]]
            cells = [name(r, c), name(r, c + 1), name(r + 1, c), name(r + 1, c + 1)]
            checker = (q[0] - q[1]) % 2 and (q[0] - q[2]) % 2 and (q[3] - q[1]) % 2 and (q[3] - q[2]) % 2
            if k == 1 and checker and sum(1 for x in out if x["kind"] == "battenburg") < 6:
                out.append({"type": "corner", "kind": "battenburg", "cells": cells})
            elif sum(1 for x in out if x["kind"] == "quadruple") < 9:
                out.append({"type": "corner", "kind": "quadruple",
                            "digits": sorted(rng.sample(q, rng.choice([2, 3, 3, 4]))), "cells": cells})
        return out
    if fam == "negatives":
        if k in (0, 1):  # every dot shown (1: white only shown, black partial)
            out = []
            for a, b in allp:
                for e in kropki_xv(S, a, b):
                    if e["kind"] == "kropki" and (k == 0 or e["color"] == "white" or rng.random() < 0.5):
                        out.append(e)
            neg = {"type": "negative", "of": "kropki"}
            if k == 1:
                neg["color"] = "white"
            return out + [neg]
        if k in (2, 3):  # X and V all shown (3: X all shown, V partial)
            out = []
            for a, b in allp:
                for e in kropki_xv(S, a, b):
                    if e["kind"] == "xv" and (k == 2 or e["letter"] == "X" or rng.random() < 0.5):
                        out.append(e)
            neg = {"type": "negative", "of": "xv"}
            if k == 3:
                neg["letter"] = "X"
            return out + [neg]
        if k == 4:  # difference 3 edges, every one shown; a few difference 5 too
            out = [edge("difference", a, b, value=abs(v(a) - v(b))) for a, b in allp
                   if abs(v(a) - v(b)) == 3 or (abs(v(a) - v(b)) == 5 and rng.random() < 0.3)]
            return out + [{"type": "negative", "of": "difference", "value": 3}]
        if k == 5:  # sum 7 and product 12 all shown
            out = [edge("sum", a, b, sum=7) for a, b in allp if v(a) + v(b) == 7]
            out += [edge("product", a, b, value=12) for a, b in allp if v(a) * v(b) == 12]
            return out + [{"type": "negative", "of": "sum", "sum": 7},
                          {"type": "negative", "of": "product", "value": 12}]
        if k == 6:  # odd cells: all shown
            odd = [name(r, c) for r in range(9) for c in range(9) if S[r][c] % 2]
            return [{"type": "cell", "kind": "odd", "cells": odd},
                    {"type": "negative", "of": "cell", "kind": "odd"}]
        if k == 7:  # battenburg all shown
            out = []
            for r in range(8):
                for c in range(8):
                    q = [S[r][c], S[r][c + 1], S[r + 1][c], S[r + 1][c + 1]]
                    if (q[0] - q[1]) % 2 and (q[0] - q[2]) % 2 and (q[3] - q[1]) % 2 and (q[3] - q[2]) % 2:
                        out.append({"type": "corner", "kind": "battenburg",
                                    "cells": [name(r, c), name(r, c + 1), name(r + 1, c), name(r + 1, c + 1)]})
            return out + [{"type": "negative", "of": "battenburg"}]
        return [{"type": "negative", "of": "ratio", "value": 3}]
    return []


# Rules that shape the solution itself (the engine finds one).
SHAPES = {
    "neighbours": [
        [{"type": "neighbours", "kind": "antiknight"}],
        [{"type": "neighbours", "kind": "antiking"}],
        [{"type": "neighbours", "kind": "nonconsecutive"}],
        [{"type": "neighbours", "op": "not_sum", "sum": 10, "where": "king"}],
        [{"type": "neighbours", "op": "different", "where": "knight", "within": "box"},
         {"type": "neighbours", "op": "difference_at_least", "value": 2, "where": "diagonal",
          "area": "r1c1:r5c5"}],
    ],
    "negatives": [[], [], [], [], [], [], [], [],
                  [{"type": "negative", "of": "rossini"}, {"type": "negative", "of": "ratio", "value": 3}]],
}
RECIPES = {"relations": 3, "cells": 2, "corners": 2}


def main():
    exe, fam, count, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    rng = random.Random(seed)
    shapes = SHAPES.get(fam, [[]] * RECIPES.get(fam, 1))
    puzzles = []
    for i in range(count):
        k = i % len(shapes)
        S = solution(exe, [BOX] + shapes[k], rng)
        if S is None:
            continue
        rules = [BOX] + shapes[k] + (clues(fam, k, S, rng) or [])
        puzzles.append((rules, S, k))
    # Remove givens one by one (the same step for every puzzle at once).
    states = []
    for rules, S, k in puzzles:
        order = [(r, c) for r in range(9) for c in range(9)]
        rng.shuffle(order)
        states.append({"rules": rules, "S": S, "giv": set(order), "order": order, "k": k})
    for step in range(81):
        trial = []
        for st in states:
            g = set(st["giv"])
            g.discard(st["order"][step])
            trial.append(doc(st["rules"], {name(*p): st["S"][p[0]][p[1]] for p in sorted(g)}, {}))
        res = run(exe, trial, "count", ["--limit", "2"])
        for st, r in zip(states, res):
            if r["status"] == "unique":
                st["giv"].discard(st["order"][step])
    for st in states:
        S = st["S"]
        d = doc(st["rules"], {name(*p): S[p[0]][p[1]] for p in sorted(st["giv"])},
                {"title": "%s %d" % (fam, st["k"]), "source": "rulegrid tools/gen_variants4.py"})
        d["solution"] = {name(r, c): S[r][c] for r in range(9) for c in range(9)}
        d["x-solution-count"] = 1
        d["x-recipe"] = "%s/%d seed %d" % (fam, st["k"], seed)
        if run(exe, [d], "count", ["--limit", "2"])[0]["status"] == "unique":
            print(json.dumps(d))


if __name__ == "__main__":
    main()
