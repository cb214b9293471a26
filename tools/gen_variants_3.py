#!/usr/bin/env python3
"""Generate the cage, line and arrow variant corpora (corpus/variants/*.jsonl).

Each puzzle starts from a random solved 9x9 grid; clues are drawn on it so the
solution satisfies them (cages grown over distinct digits, thermometers
climbing, whispers stepping 5 apart, renbans over consecutive sets, arrows
whose shafts add up to the bulb); givens are then removed one at a time while
the built `rulegrid count --limit 2` still proves the puzzle unique. Killers
keep no givens. Usage:

    tools/gen_variants_3.py RULEGRID OUTDIR [--seed N] [--count N]
"""
import argparse
import json
import random
import subprocess
import sys

from gridgen import name, solved_grid

N = 9


def king(r, c):
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if (dr or dc) and 0 <= r + dr < N and 0 <= c + dc < N:
                yield r + dr, c + dc


def ortho(r, c):
    for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        if 0 <= r + dr < N and 0 <= c + dc < N:
            yield r + dr, c + dc


def document(rules, grid, givens, meta):
    doc = {
        "format": "rulegrid",
        "version": 1,
        "board": {"rows": N, "columns": N, "digits": N},
        "rules": [{"type": "box_grid", "origin": "r1c1", "box": [3, 3]}] + rules,
        "givens": {name(r, c): grid[r][c] for (r, c) in sorted(givens)},
        "solution": {name(r, c): grid[r][c] for r in range(N) for c in range(N)},
        "meta": meta,
    }
    return doc


class Counter:
    def __init__(self, exe):
        self.exe = exe

    def count(self, doc):
        out = subprocess.run(
            [self.exe, "count", "--limit", "2", "--json", "--time", "10", "-"],
            input=json.dumps(doc), capture_output=True, text=True)
        line = out.stdout.strip().splitlines()
        if not line:
            sys.exit("rulegrid failed: " + out.stderr)
        return json.loads(line[0])


def minimise(counter, rules, grid, givens, rng, meta):
    """Remove givens while the puzzle stays unique."""
    givens = set(givens)
    doc = document(rules, grid, givens, meta)
    if counter.count(doc)["status"] != "unique":
        return None
    order = sorted(givens)
    rng.shuffle(order)
    for cell in order:
        trial = givens - {cell}
        if counter.count(document(rules, grid, trial, meta))["status"] == "unique":
            givens = trial
    return document(rules, grid, givens, meta)


def grow_cages(grid, rng, maxsize):
    free = {(r, c) for r in range(N) for c in range(N)}
    cages = []
    while free:
        start = rng.choice(sorted(free))
        cage = [start]
        free.discard(start)
        want = rng.randint(1, maxsize)
        while len(cage) < want:
            digits = {grid[r][c] for r, c in cage}
            cand = [(r2, c2) for r, c in cage for r2, c2 in ortho(r, c)
                    if (r2, c2) in free and grid[r2][c2] not in digits]
            if not cand:
                break
            nxt = rng.choice(cand)
            cage.append(nxt)
            free.discard(nxt)
        cages.append(cage)
    return cages


def killer(counter, rng, i):
    for _ in range(50):
        grid = solved_grid(N, (3, 3), rng)
        cages = grow_cages(grid, rng, rng.choice((3, 4, 5)))
        rules = [{"type": "cage", "cells": [name(r, c) for r, c in cage],
                  "sum": sum(grid[r][c] for r, c in cage)} for cage in cages]
        meta = {"title": "generated killer %d" % i, "source": "tools/gen_variants_3.py"}
        doc = document(rules, grid, [], meta)
        if counter.count(doc)["status"] == "unique":
            return doc
    return None


def walk(grid, rng, length, step_ok, diag=True):
    """A random king-move (or orthogonal) path whose steps satisfy step_ok."""
    for _ in range(200):
        r, c = rng.randrange(N), rng.randrange(N)
        path = [(r, c)]
        while len(path) < length:
            nbrs = king(*path[-1]) if diag else ortho(*path[-1])
            cand = [p for p in nbrs if p not in path and step_ok(grid, path, p)]
            if not cand:
                break
            path.append(rng.choice(cand))
        if len(path) >= max(2, length // 2 + 1):
            return path
    return None


def line_rule(kind, path, **extra):
    rule = {"type": "line", "kind": kind}
    rule.update(extra)
    rule["cells"] = [name(r, c) for r, c in path]
    return rule


def clue_puzzle(counter, rng, make_rules, title):
    for _ in range(20):
        grid = solved_grid(N, (3, 3), rng)
        rules = make_rules(grid)
        if not rules:
            continue
        meta = {"title": title, "source": "tools/gen_variants_3.py"}
        doc = minimise(counter, rules, grid, [(r, c) for r in range(N) for c in range(N)], rng,
                       meta)
        if doc:
            return doc
    return None


def thermos(rng, grid, count=6):
    rules = []
    for _ in range(count):
        p = walk(grid, rng, rng.randint(3, 6),
                 lambda g, path, q: g[q[0]][q[1]] > g[path[-1][0]][path[-1][1]])
        if p:
            rules.append(line_rule("thermo", p))
    return rules


def whispers(rng, grid, count=6):
    rules = []
    for _ in range(count):
        p = walk(grid, rng, rng.randint(3, 7),
                 lambda g, path, q: abs(g[q[0]][q[1]] - g[path[-1][0]][path[-1][1]]) >= 5)
        if p:
            rules.append(line_rule("whisper", p))
    return rules


def renbans(rng, grid, count=6):
    rules = []
    for _ in range(count):
        def ok(g, path, q):
            vals = [g[r][c] for r, c in path] + [g[q[0]][q[1]]]
            return len(set(vals)) == len(vals) and max(vals) - min(vals) < rng.randint(3, 6)
        p = walk(grid, rng, rng.randint(3, 5), ok)
        if p:
            vals = [grid[r][c] for r, c in p]
            if max(vals) - min(vals) == len(vals) - 1:
                rules.append(line_rule("renban", p))
    return rules


def arrows(rng, grid, count=6):
    rules = []
    for _ in range(count * 4):
        if len(rules) >= count:
            break
        r, c = rng.randrange(N), rng.randrange(N)
        target = grid[r][c]
        shaft, total = [], 0
        cur = (r, c)
        while total < target:
            cand = [p for p in king(*cur) if p != (r, c) and p not in shaft
                    and total + grid[p[0]][p[1]] <= target]
            if not cand:
                break
            cur = rng.choice(cand)
            shaft.append(cur)
            total += grid[cur[0]][cur[1]]
        if total == target and len(shaft) >= 2:
            rules.append({"type": "arrow", "bulb": [name(r, c)],
                          "lines": [[name(a, b) for a, b in shaft]]})
    return rules


def mixed(rng, grid):
    rules = thermos(rng, grid, 2) + whispers(rng, grid, 2) + renbans(rng, grid, 2)
    # A palindrome, a parity line and a between line when the grid allows.
    p = walk(grid, rng, 4, lambda g, path, q: (g[q[0]][q[1]] - g[path[-1][0]][path[-1][1]]) % 2)
    if p:
        rules.append(line_rule("parity", p))
    for _ in range(50):
        p = walk(grid, rng, 4, lambda g, path, q: True)
        if not p or len(p) < 3:
            continue
        vals = [grid[r][c] for r, c in p]
        lo, hi = sorted((vals[0], vals[-1]))
        if all(lo < v < hi for v in vals[1:-1]):
            rules.append(line_rule("between", p))
            break
    for _ in range(50):
        p = walk(grid, rng, 5, lambda g, path, q: True)
        if not p or len(p) < 4:
            continue
        vals = [grid[r][c] for r, c in p]
        if sum(vals[1:-1]) == vals[0] + vals[-1]:
            rules.append(line_rule("double_arrow", p))
            break
    return rules


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("rulegrid")
    ap.add_argument("outdir")
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--count", type=int, default=8)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    counter = Counter(a.rulegrid)
    plans = [
        ("killer-generated.jsonl", lambda i: killer(counter, rng, i)),
        ("thermo-generated.jsonl",
         lambda i: clue_puzzle(counter, rng, lambda g: thermos(rng, g), "generated thermo %d" % i)),
        ("whisper.jsonl",
         lambda i: clue_puzzle(counter, rng, lambda g: whispers(rng, g), "generated whisper %d" % i)),
        ("renban.jsonl",
         lambda i: clue_puzzle(counter, rng, lambda g: renbans(rng, g), "generated renban %d" % i)),
        ("arrow-generated.jsonl",
         lambda i: clue_puzzle(counter, rng, lambda g: arrows(rng, g), "generated arrow %d" % i)),
        ("lines-generated.jsonl",
         lambda i: clue_puzzle(counter, rng, lambda g: mixed(rng, g), "generated lines %d" % i)),
    ]
    for fname, make in plans:
        with open("%s/%s" % (a.outdir, fname), "w") as f:
            for i in range(a.count):
                doc = make(i)
                if doc:
                    doc["x-solution-count"] = 1
                    f.write(json.dumps(doc) + "\n")
                    f.flush()
        print(fname, file=sys.stderr)


if __name__ == "__main__":
    main()
