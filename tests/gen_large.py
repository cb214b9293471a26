#!/usr/bin/env python3
"""Large rulegrid documents for the reading-speed tests (tests/cli/reading.sh).

gen_large.py KIND COUNT [--rows R] [--columns C] [--digits D] [--seed S]

writes one document to standard output: a board of R x C cells (99 x 99 by
default) and D digits (32 by default), tiled by as many D x D box_grids as fit,
plus COUNT rules of KIND:

  cages      cages of 2..5 cells anywhere (they overlap), most with a sum
  killer     a partition of the cells into sum cages (COUNT caps the cages)
  lines      lines of every kind, king-step walks of 2..6 cells
  relations  relation rules of a few pairs, every operator
  edges      edge clues on orthogonal pairs, every kind
  negatives  negatives of every family, about half with a small area, over
             COUNT / 4 edge, cell, corner and rossini clues that exempt
  neighbours neighbours rules over small areas, with except pairs
  arrows     arrows of one or two bulb cells and one or two shafts
  outside    outside clues of every kind along rows, columns and diagonals
  corners    battenburg and quadruple clues
  cells      cell rules of a few cells
  regions    region rules of 2..D cells
  mixed      COUNT rules in all, in equal shares of the kinds above

The documents are well formed; what they ask usually has no solution, which
does not matter: they measure reading (parse, compile, link and tables). The
same arguments give the same bytes."""

import argparse
import json
import random
import sys

OPS = ["different", "equal", "consecutive", "not_consecutive", "difference",
       "not_difference", "difference_at_least", "difference_at_most", "ratio",
       "not_ratio", "sum", "not_sum", "product", "not_product", "same_parity",
       "different_parity"]
LINE_KINDS = ["thermo", "slow_thermo", "whisper", "renban", "region_sum", "palindrome",
              "entropic", "modular", "parity", "zipper", "between", "lockout",
              "double_arrow"]
KING = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def name(r, c):
    return "r%dc%d" % (r, c)


class Gen:
    def __init__(self, rows, cols, digits, seed):
        self.R, self.C, self.D = rows, cols, digits
        self.rnd = random.Random(seed)

    def cell(self):
        return self.rnd.randint(1, self.R), self.rnd.randint(1, self.C)

    def box_shape(self):
        D = self.D
        h = max(k for k in range(1, D + 1) if D % k == 0 and k * k <= D)
        return [h, D // h]

    def grids(self):
        D = self.D
        out = []
        for r in range(1, self.R - D + 2, D):
            for c in range(1, self.C - D + 2, D):
                out.append({"type": "box_grid", "origin": name(r, c), "box": self.box_shape()})
        return out

    def param(self, op):
        D, rnd = self.D, self.rnd
        if op in ("difference", "not_difference", "difference_at_least"):
            return {"value": rnd.randint(1, max(1, D - 1))}
        if op == "difference_at_most":
            return {"value": rnd.randint(0, max(0, D - 1))}
        if op in ("ratio", "not_ratio"):
            return {"value": rnd.randint(2, max(2, D))}
        if op in ("sum", "not_sum"):
            return {"sum": rnd.randint(2, 2 * D)}
        if op in ("product", "not_product"):
            return {"value": rnd.randint(1, D * D)}
        return {}

    def walk(self, n, repeats=False):
        """A king-step walk of n cells; distinct cells unless repeats."""
        for _ in range(100):
            r, c = self.cell()
            path = [(r, c)]
            while len(path) < n:
                steps = [(r + dr, c + dc) for dr, dc in KING
                         if 1 <= r + dr <= self.R and 1 <= c + dc <= self.C
                         and (repeats or (r + dr, c + dc) not in path)]
                if not steps:
                    break
                r, c = self.rnd.choice(steps)
                path.append((r, c))
            if len(path) == n:
                return [name(*p) for p in path]
        return None

    def orth_pair(self):
        while True:
            r, c = self.cell()
            dr, dc = self.rnd.choice([(0, 1), (1, 0)])
            if r + dr <= self.R and c + dc <= self.C:
                return [name(r, c), name(r + dr, c + dc)]

    def area(self, size=4):
        r, c = self.cell()
        r2, c2 = min(self.R, r + self.rnd.randint(1, size)), min(self.C, c + self.rnd.randint(1, size))
        return "%s:%s" % (name(r, c), name(r2, c2))

    # ---- kinds ----------------------------------------------------------------

    def cages(self, count):
        for _ in range(count):
            n = self.rnd.randint(2, min(5, self.D))
            cells = set()
            while len(cells) < n:
                cells.add(self.cell())
            rule = {"type": "cage", "cells": [name(*p) for p in sorted(cells)]}
            if self.rnd.random() < 0.8:
                rule["sum"] = self.rnd.randint(n * (n + 1) // 2, n * self.D - n * (n - 1) // 2)
            yield rule

    def killer(self, count):
        taken = set()
        out = 0
        order = [(r, c) for r in range(1, self.R + 1) for c in range(1, self.C + 1)]
        for start in order:
            if out >= count:
                return
            if start in taken:
                continue
            n = self.rnd.randint(1, min(5, self.D))
            cage = [start]
            taken.add(start)
            while len(cage) < n:
                r, c = self.rnd.choice(cage)
                steps = [(r + dr, c + dc) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                         if 1 <= r + dr <= self.R and 1 <= c + dc <= self.C
                         and (r + dr, c + dc) not in taken]
                if not steps:
                    break
                p = self.rnd.choice(steps)
                taken.add(p)
                cage.append(p)
            k = len(cage)
            s = self.rnd.randint(k * (k + 1) // 2, k * self.D - k * (k - 1) // 2)
            out += 1
            yield {"type": "cage", "cells": [name(*p) for p in cage], "sum": s}

    def lines(self, count):
        D = self.D
        for i in range(count):
            kind = LINE_KINDS[i % len(LINE_KINDS)]
            n = self.rnd.randint(3 if kind in ("region_sum", "palindrome", "zipper", "between",
                                               "lockout", "double_arrow") else 2,
                                 min(6, D) if kind in ("thermo", "renban") else 6)
            cells = self.walk(n)
            if cells is None:
                continue
            rule = {"type": "line", "kind": kind}
            if kind in ("whisper", "lockout"):
                rule["value"] = self.rnd.randint(1, max(1, D - 1))
            elif kind == "modular":
                rule["value"] = self.rnd.randint(2, max(2, D))
            elif kind == "entropic":
                a, b = sorted(self.rnd.sample(range(1, D), 2))
                rule["groups"] = [list(range(1, a + 1)), list(range(a + 1, b + 1)),
                                  list(range(b + 1, D + 1))]
            rule["cells"] = cells
            yield rule

    def relations(self, count):
        for _ in range(count):
            op = self.rnd.choice(OPS + ["less", "less_equal"])
            pairs = []
            for _ in range(self.rnd.randint(1, 4)):
                a, b = self.cell(), self.cell()
                while b == a:
                    b = self.cell()
                pairs.append([name(*a), name(*b)])
            rule = {"type": "relation", "op": op}
            rule.update(self.param(op))
            rule["pairs"] = pairs
            yield rule

    def edge(self):
        D, rnd = self.D, self.rnd
        kind = rnd.choice(["kropki", "xv", "difference", "ratio", "product", "sum", "greater"])
        rule = {"type": "edge", "kind": kind}
        if kind == "kropki":
            rule["color"] = rnd.choice(["white", "black"])
        elif kind == "xv":
            rule["letter"] = rnd.choice(["X", "V"])
        elif kind == "difference":
            rule["value"] = rnd.randint(1, max(1, D - 1))
        elif kind == "ratio":
            rule["value"] = rnd.randint(2, max(2, D))
        elif kind == "product":
            rule["value"] = rnd.randint(1, D * D)
        elif kind == "sum":
            rule["sum"] = rnd.randint(2, 2 * D)
        rule["cells"] = self.orth_pair()
        return rule

    def edges(self, count):
        for _ in range(count):
            yield self.edge()

    def cell_rule(self, n=None):
        D, rnd = self.D, self.rnd
        kind = rnd.choice(["odd", "even", "low", "high"])
        rule = {"type": "cell", "kind": kind}
        if kind in ("low", "high"):
            rule["split"] = rnd.randint(1, max(1, D - 1))
        cells = set()
        while len(cells) < (n or rnd.randint(1, 6)):
            cells.add(self.cell())
        rule["cells"] = [name(*p) for p in sorted(cells)]
        return rule

    def cells(self, count):
        for _ in range(count):
            yield self.cell_rule()

    def corner(self, kind=None):
        r, c = self.rnd.randint(1, self.R - 1), self.rnd.randint(1, self.C - 1)
        kind = kind or self.rnd.choice(["battenburg", "quadruple"])
        rule = {"type": "corner", "kind": kind}
        if kind == "quadruple":
            rule["digits"] = [self.rnd.randint(1, self.D) for _ in range(self.rnd.randint(1, 4))]
        rule["cells"] = [name(r, c), name(r, c + 1), name(r + 1, c), name(r + 1, c + 1)]
        return rule

    def corners(self, count):
        for _ in range(count):
            yield self.corner()

    def outside_rule(self, kind=None):
        D, rnd = self.D, self.rnd
        kind = kind or rnd.choice(["sandwich", "little_killer", "x_sum", "skyscraper", "rossini"])
        if kind == "little_killer":
            n = rnd.randint(2, min(self.R, self.C, 12))
            r, c = rnd.randint(1, self.R - n + 1), rnd.randint(1, self.C - n + 1)
            cells = [name(r + i, c + i) for i in range(n)]
            return {"type": "outside", "kind": kind, "sum": rnd.randint(n, n * D), "cells": cells}
        n = min(D, self.C)
        r, c = rnd.randint(1, self.R), rnd.randint(1, self.C - n + 1)
        cells = [name(r, c + i) for i in range(n)]
        if rnd.random() < 0.5:
            cells.reverse()
        rule = {"type": "outside", "kind": kind}
        if kind == "sandwich":
            rule["value"] = rnd.randint(0, max(0, (n - 2) * (D - 1)))
        elif kind == "x_sum":
            rule["value"] = rnd.randint(1, n * D)
        elif kind == "skyscraper":
            rule["value"] = rnd.randint(1, n)
        else:
            rule["direction"] = rnd.choice(["increasing", "decreasing"])
        rule["cells"] = cells
        return rule

    def outside(self, count):
        for _ in range(count):
            yield self.outside_rule()

    def negatives(self, count):
        D, rnd = self.D, self.rnd
        clues = count // 4
        for i in range(clues):
            pick = i % 4
            if pick == 0:
                yield self.edge()
            elif pick == 1:
                yield self.cell_rule(rnd.randint(1, 3))
            elif pick == 2:
                yield self.corner("battenburg")
            else:
                yield self.outside_rule("rossini")
        fams = ["kropki", "xv", "difference", "ratio", "product", "sum", "rossini",
                "battenburg", "cell"]
        for i in range(count):
            of = fams[i % len(fams)]
            rule = {"type": "negative", "of": of}
            if of == "kropki" and rnd.random() < 0.5:
                rule["color"] = rnd.choice(["white", "black"])
            elif of == "xv" and rnd.random() < 0.5:
                rule["letter"] = rnd.choice(["X", "V"])
            elif of == "difference":
                rule["value"] = rnd.randint(1, max(1, D - 1))
            elif of == "ratio":
                rule["value"] = rnd.randint(2, max(2, D))
            elif of == "product":
                rule["value"] = rnd.randint(1, D * D)
            elif of == "sum":
                rule["sum"] = rnd.randint(2, 2 * D)
            elif of == "cell":
                kind = rnd.choice(["odd", "even", "low", "high"])
                rule["kind"] = kind
                if kind in ("low", "high"):
                    rule["split"] = rnd.randint(1, max(1, D - 1))
            if rnd.random() < 0.5:
                rule["area"] = self.area()
            yield rule

    def neighbours(self, count):
        rnd = self.rnd
        for _ in range(count):
            if rnd.random() < 0.5:
                rule = {"type": "neighbours", "kind": rnd.choice(["antiknight", "antiking",
                                                                  "nonconsecutive"])}
            else:
                op = rnd.choice(OPS)
                rule = {"type": "neighbours", "op": op}
                rule.update(self.param(op))
                rule["where"] = rnd.choice(["orthogonal", "diagonal", "king", "knight"])
            if rnd.random() < 0.3:
                rule["within"] = "box"
            rule["area"] = self.area(6)
            if rnd.random() < 0.5:
                rule["except"] = [self.orth_pair() for _ in range(rnd.randint(1, 3))]
            yield rule

    def arrows(self, count):
        rnd = self.rnd
        for _ in range(count):
            r, c = rnd.randint(2, self.R - 1), rnd.randint(2, self.C - 2)
            bulb = [(r, c)] if rnd.random() < 0.7 else [(r, c), (r, c + 1)]
            shafts = []
            for _ in range(rnd.randint(1, 2)):
                br, bc = bulb[0]
                for _ in range(50):
                    dr, dc = rnd.choice(KING)
                    start = (br + dr, bc + dc)
                    if start not in bulb and 1 <= start[0] <= self.R and 1 <= start[1] <= self.C:
                        break
                shaft = [start]
                while len(shaft) < rnd.randint(1, 5):
                    sr, sc = shaft[-1]
                    steps = [(sr + dr, sc + dc) for dr, dc in KING
                             if 1 <= sr + dr <= self.R and 1 <= sc + dc <= self.C
                             and (sr + dr, sc + dc) not in shaft
                             and (sr + dr, sc + dc) not in bulb]
                    if not steps:
                        break
                    shaft.append(rnd.choice(steps))
                shafts.append([name(*p) for p in shaft])
            yield {"type": "arrow", "bulb": [name(*p) for p in bulb], "lines": shafts}

    def regions(self, count):
        for _ in range(count):
            n = self.rnd.randint(2, self.D)
            cells = set()
            while len(cells) < n:
                cells.add(self.cell())
            yield {"type": "region", "kind": "region", "cells": [name(*p) for p in sorted(cells)]}

    def mixed(self, count):
        kinds = [k for k in KINDS if k not in ("mixed", "killer")]
        share = count // len(kinds)
        for k in kinds:
            yield from getattr(self, k)(share)


KINDS = ["cages", "killer", "lines", "relations", "edges", "negatives", "neighbours", "arrows",
         "outside", "corners", "cells", "regions", "mixed"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("kind", choices=KINDS)
    ap.add_argument("count", type=int)
    ap.add_argument("--rows", type=int, default=99)
    ap.add_argument("--columns", type=int, default=99)
    ap.add_argument("--digits", type=int, default=32)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    g = Gen(a.rows, a.columns, a.digits, a.seed)
    out = sys.stdout
    out.write('{"format": "rulegrid", "version": 1, "board": %s, "rules": [\n' %
              json.dumps({"rows": a.rows, "columns": a.columns, "digits": a.digits}))
    first = True
    for rule in g.grids() + list(getattr(g, a.kind)(a.count)):
        out.write(("" if first else ",\n") + json.dumps(rule, separators=(",", ":")))
        first = False
    out.write("\n]}\n")


if __name__ == "__main__":
    main()
