#!/usr/bin/python3
"""Draw the strategy ladder of rulegrid-bench results: for each corpus, the
time (µs/puzzle) and the guesses per puzzle at each strategy level, one line
per heuristic, log scale. Reads the --json report of rulegrid-bench.

  tools/plot_bench.py RESULTS.json [-o DIR] [--corpus NAME ...] [--combined FILE]
                      [--overlay FILE]

Installed by `cmake --install` as rulegrid-plot-bench.

Writes DIR/ladder-<corpus>.png (DIR defaults to docs/bench); --combined FILE
draws every corpus in one figure instead (a row each), --overlay FILE in two
plots with a line per corpus. Needs matplotlib (Debian's
python3-matplotlib, installed by scripts/setup).
"""
import argparse
import json
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

def load(path):
    try:
        with open(path) as f:
            doc = json.load(f)
        return doc["stamp"], doc["cells"]
    except (OSError, ValueError, KeyError) as e:
        print("plot_bench: %s: %s" % (path, e), file=sys.stderr)
        sys.exit(2)


def ladder(cells, corpus):
    """The levels in the order the harness ran them (weakest first by default)
    and {heuristic: [(level index, level, µs/puzzle or None, guesses/puzzle)]}."""
    levels, lines = [], {}
    for c in cells:
        if c["corpus"] != corpus:
            continue
        if c["level"] not in levels:
            levels.append(c["level"])
        lines.setdefault(c["heuristic"], []).append(
            (levels.index(c["level"]), c["level"], c["us_per_puzzle"], c["guesses_mean"]))
    for pts in lines.values():
        pts.sort()
    return levels, lines


def draw(ax_time, ax_guess, cells, corpus):
    names, lines = ladder(cells, corpus)
    levels = range(len(names))
    for heuristic, pts in sorted(lines.items()):
        timed = [p for p in pts if p[2] is not None]
        if timed:
            ax_time.plot([p[0] for p in timed], [p[2] for p in timed], "o-", label=heuristic)
        # log scale: no guess at all is drawn at the bottom edge
        ax_guess.plot([p[0] for p in pts], [max(p[3], 1e-2) for p in pts], "o-", label=heuristic)
    for ax, what in ((ax_time, "µs / puzzle"), (ax_guess, "guesses / puzzle")):
        ax.set_yscale("log")
        ax.set_xticks(levels)
        ax.set_xticklabels(names, rotation=20)
        ax.set_ylabel(what)
        ax.grid(True, which="both", alpha=0.3)
    n = next((c["puzzles"] for c in cells if c["corpus"] == corpus), 0)
    ax_time.set_title("%s (%d puzzles): time" % (corpus, n), fontsize=9)
    ax_guess.set_title("%s: guesses" % corpus, fontsize=9)
    if len(lines) > 1:
        ax_guess.legend(fontsize=8)


def overlay(path, stamp, cells, corpora):
    """Time and guesses per level, one line per corpus, in two plots."""
    fig, (ax_time, ax_guess) = plt.subplots(1, 2, figsize=(12, 5))
    names = []
    for i, corpus in enumerate(corpora):
        levels, lines = ladder(cells, corpus)
        names = names if len(names) >= len(levels) else levels
        pts = lines[sorted(lines)[0]]
        style = ["o-", "s--", "^-."][i // 10 % 3]  # the colours repeat after ten
        timed = [p for p in pts if p[2] is not None]
        if timed:
            ax_time.plot([p[0] for p in timed], [p[2] for p in timed], style, label=corpus)
        ax_guess.plot([p[0] for p in pts], [max(p[3], 1e-2) for p in pts], style, label=corpus)
    for ax, what in ((ax_time, "µs / puzzle"), (ax_guess, "guesses / puzzle")):
        ax.set_yscale("log")
        ax.set_xticks(range(len(names)))
        ax.set_xticklabels(names, rotation=20)
        ax.set_ylabel(what)
        ax.grid(True, which="both", alpha=0.3)
    ax_guess.legend(fontsize=7, ncol=2)
    fig.suptitle(stamp_line(stamp), fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    print(path)
    return 0


def stamp_line(stamp):
    return "rulegrid %s, %s, %s, %s" % (stamp["commit"], stamp["compiler"], stamp["cpu"],
                                          stamp["date"])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("results")
    ap.add_argument("-o", "--out", default=os.path.join("docs", "bench"))
    ap.add_argument("--corpus", action="append", help="only these corpora (repeatable)")
    ap.add_argument("--combined", help="one PNG with a row of two plots per corpus")
    ap.add_argument("--overlay", help="one PNG with two plots, a line per corpus (first heuristic)")
    a = ap.parse_args()
    stamp, cells = load(a.results)
    corpora = []
    for c in cells:
        if c["corpus"] not in corpora and (not a.corpus or c["corpus"] in a.corpus):
            corpora.append(c["corpus"])
    if not corpora:
        print("plot_bench: no cells to draw", file=sys.stderr)
        return 2
    if a.overlay:
        return overlay(a.overlay, stamp, cells, corpora)
    if a.combined:
        fig, axes = plt.subplots(len(corpora), 2, figsize=(10, 2.8 * len(corpora)), squeeze=False)
        for row, corpus in zip(axes, corpora):
            draw(row[0], row[1], cells, corpus)
        fig.suptitle(stamp_line(stamp), fontsize=8)
        fig.tight_layout()
        fig.savefig(a.combined, dpi=90)
        print(a.combined)
        return 0
    os.makedirs(a.out, exist_ok=True)
    for corpus in corpora:
        fig, (ax_time, ax_guess) = plt.subplots(1, 2, figsize=(10, 3.4))
        draw(ax_time, ax_guess, cells, corpus)
        fig.suptitle(stamp_line(stamp), fontsize=8)
        fig.tight_layout()
        path = os.path.join(a.out, "ladder-%s.png" % corpus)
        fig.savefig(path, dpi=90)
        plt.close(fig)
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
