#!/usr/bin/env python3
"""Makes the constructed puzzles of corpus/variants/outside.jsonl: a random
solved grid, every clue of one outside kind read from it, then givens and
clues dropped one at a time while the rulegrid command still proves the
puzzle unique. Usage: gen_outside.py RULEGRID SEED > lines.jsonl"""
import json
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "tools"))
from gridgen import name, solved_grid  # noqa: E402

KIND_PARAM = {"sandwich": "value", "x_sum": "value", "skyscraper": "value",
              "little_killer": "sum", "rossini": "direction"}


def lines(size, kind):
    """Every line a clue of this kind can stand on, in reading order from it."""
    out = []
    if kind == "little_killer":
        for c in range(1, size):  # from above, going down-right and down-left
            out.append([(i, c + i) for i in range(size - c)])
            out.append([(i, c - i) for i in range(c + 1)])
        for r in range(1, size):  # from the left and the right sides
            out.append([(r + i, i) for i in range(size - r)])
            out.append([(r + i, size - 1 - i) for i in range(size - r)])
        return out
    for i in range(size):
        row = [(i, j) for j in range(size)]
        col = [(j, i) for j in range(size)]
        out += [row, row[::-1], col, col[::-1]]
    return out


def clue(kind, g, line):
    v = [g[r][c] for r, c in line]
    D = len(g)
    if kind == "sandwich":
        a, b = sorted((v.index(1), v.index(D)))
        return sum(v[a + 1:b])
    if kind == "little_killer":
        return sum(v)
    if kind == "x_sum":
        return sum(v[:v[0]])
    if kind == "skyscraper":
        seen, high = 0, 0
        for x in v:
            if x > high:
                seen, high = seen + 1, x
        return seen
    if v[0] < v[1] < v[2]:
        return "increasing"
    if v[0] > v[1] > v[2]:
        return "decreasing"
    return None


def document(size, box, rules, givens, g, title, seed):
    return {"format": "rulegrid", "version": 1,
            "board": {"rows": size, "columns": size, "digits": size},
            "rules": [{"type": "box_grid", "origin": "r1c1", "box": box}] + rules,
            "givens": {name(r, c): g[r][c] for r, c in sorted(givens)},
            "solution": {name(r, c): g[r][c] for r in range(size) for c in range(size)},
            "meta": {"title": title, "author": "rulegrid",
                     "source": "tests/data/outside/gen_outside.py, seed %d" % seed},
            "x-solution-count": 1}


# Puzzles stay quick to prove: a removal that needs more search is refused.
MAX_NODES = 3000


def unique(exe, doc):
    p = subprocess.run([exe, "count", "--limit", "2", "--strategy", "subsets", "--time", "10",
                        "--json", "-"], input=json.dumps(doc), capture_output=True, text=True)
    out = json.loads(p.stdout.splitlines()[0])
    return out["status"] == "unique" and out["stats"]["nodes"] <= MAX_NODES


def make(exe, size, box, kind, seed, keep_fraction=1.0):
    rnd = random.Random(seed)
    g = solved_grid(size, box, rnd)
    rules = []
    for line in lines(size, kind):
        val = clue(kind, g, line)
        if val is None or rnd.random() > keep_fraction:
            continue
        rules.append({"type": "outside", "kind": kind, KIND_PARAM[kind]: val,
                      "cells": [name(r, c) for r, c in line]})
    givens = set()
    cells = [(r, c) for r in range(size) for c in range(size)]
    rnd.shuffle(cells)
    title = "%s %dx%d #%d" % (kind, size, size, seed)
    while not unique(exe, document(size, box, rules, givens, g, title, seed)):
        givens.add(cells.pop())
    # Givens go first, so that the clues do the work.
    placed = sorted(givens)
    rnd.shuffle(placed)
    items = [("given", x) for x in placed] + [("rule", r) for r in rules]
    for what, item in items:
        if what == "rule":
            trial = [r for r in rules if r is not item]
            if unique(exe, document(size, box, trial, givens, g, title, seed)):
                rules = trial
        else:
            trial = givens - {item}
            if unique(exe, document(size, box, rules, trial, g, title, seed)):
                givens = trial
    return document(size, box, rules, givens, g, title, seed)


PLAN = [(4, [2, 2], "sandwich"), (4, [2, 2], "little_killer"), (4, [2, 2], "x_sum"),
        (4, [2, 2], "skyscraper"), (4, [2, 2], "rossini"),
        (6, [2, 3], "sandwich"), (6, [2, 3], "x_sum"), (6, [2, 3], "skyscraper"),
        (6, [2, 3], "little_killer"), (6, [2, 3], "rossini"),
        (9, [3, 3], "sandwich"), (9, [3, 3], "x_sum"), (9, [3, 3], "skyscraper"),
        (9, [3, 3], "little_killer"), (9, [3, 3], "rossini"),
        (9, [3, 3], "sandwich"), (9, [3, 3], "x_sum"), (9, [3, 3], "skyscraper")]


def main():
    exe, seed = sys.argv[1], int(sys.argv[2])
    for k, (size, box, kind) in enumerate(PLAN):
        doc = make(exe, size, box, kind, seed + k)
        print(json.dumps(doc))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
