#!/usr/bin/env bash
# --implied: the propagators a plugin marks implied (the killers' exact cage
# sums and their cages in a house) run at every node instead of only at sac.
# On four killers of corpus/variants/killer.jsonl the answers stay the
# documents' and every puzzle takes fewer guesses than without (43, 6, 24
# and 23 guesses against 16, 4, 2 and 8); a classic puzzle, which has no
# implied propagator, is searched node for node as without; the true
# candidates do not change; rulegrid-bench reports the cells as
# LEVEL:implied; a command that does not search refuses the option. Guesses
# are counters, the same on every machine: nothing here is timed.
set -euo pipefail

# shellcheck source=../data/cli/common.sh
. "$(dirname "$0")/../data/cli/common.sh"

# TAREK_ALL#0, HS_KILLERS#7, HS_KILLERS#2 and HS_KILLERS#5.
sed -n '2p;7p;10p;19p' "$SRC/corpus/variants/killer.jsonl" >"$TMP/killers.jsonl"

run "$RULEGRID" count --json --stats "$TMP/killers.jsonl"
expect_rc 0 "count killers"
cp "$TMP/out" "$TMP/plain.json"
run "$RULEGRID" count --implied --json --stats "$TMP/killers.jsonl"
expect_rc 0 "count --implied killers"
cp "$TMP/out" "$TMP/implied.json"
python3 - "$TMP/plain.json" "$TMP/implied.json" "$TMP/killers.jsonl" <<'EOF' || fail "count --implied on the killers"
import json, sys
def results(path):
    return [json.loads(l) for l in open(path) if l.startswith("{")]
plain, implied = results(sys.argv[1]), results(sys.argv[2])
docs = [json.loads(l) for l in open(sys.argv[3]) if l.strip()]
if not (len(plain) == len(implied) == len(docs) == 4):
    sys.exit(f"{len(plain)} and {len(implied)} results for {len(docs)} puzzles")
for i, (a, b, d) in enumerate(zip(plain, implied, docs)):
    for r in (a, b):
        if r["status"] != "unique" or r["solution"] != d["solution"]:
            sys.exit(f"puzzle {i + 1}: {r['status']}, or not the document's solution")
    ga, gb = a["stats"]["guesses"], b["stats"]["guesses"]
    if not gb < ga:
        sys.exit(f"puzzle {i + 1}: {gb} guesses with --implied, {ga} without")
    if not b["stats"]["propagations"] > 0:
        sys.exit(f"puzzle {i + 1}: no propagator ran")
EOF

# solve takes it too, with the same answer.
run "$RULEGRID" solve --implied "$TMP/killers.jsonl"
expect_rc 0 "solve --implied killers"

# No implied propagator on a classic puzzle: the same search, node for node.
awk '!/^#/ {print; exit}' "$SRC/corpus/classic/puzzles3_magictour_top1465.txt" >"$TMP/classic.txt"
run "$RULEGRID" count --json --stats "$TMP/classic.txt"
expect_rc 0 "count classic"
cp "$TMP/out" "$TMP/classic_plain.json"
run "$RULEGRID" count --implied --json --stats "$TMP/classic.txt"
expect_rc 0 "count --implied classic"
python3 - "$TMP/classic_plain.json" "$TMP/out" <<'EOF' || fail "count --implied on a classic puzzle"
import json, sys
a, b = (json.loads(next(l for l in open(p) if l.startswith("{"))) for p in sys.argv[1:3])
for k in ("nodes", "guesses", "failures", "propagations"):
    if a["stats"][k] != b["stats"][k]:
        sys.exit(f"{k}: {a['stats'][k]} without --implied, {b['stats'][k]} with")
if a["status"] != "unique" or a["solution"] != b["solution"]:
    sys.exit("not the same unique solution")
EOF

# The true candidates are what they are, however the search prunes.
head -1 "$TMP/killers.jsonl" >"$TMP/one.jsonl"
run "$RULEGRID" candidates "$TMP/one.jsonl"
expect_rc 0 "candidates"
cp "$TMP/out" "$TMP/cand_plain"
run "$RULEGRID" candidates --implied "$TMP/one.jsonl"
expect_rc 0 "candidates --implied"
cmp -s "$TMP/cand_plain" "$TMP/out" || fail "candidates --implied differ from candidates"

# A command that does not search refuses it.
run "$RULEGRID" check --implied "$TMP/killers.jsonl"
expect_rc 2 "check --implied"
has "$ERR" "option --implied does not apply to the command check" "check --implied"

# The harness: a second cell per level, reported as LEVEL:implied, with the
# same puzzles proved and fewer guesses; with --general, three cells.
BENCH=${RG_BUILD_DIR:?}/bin/rulegrid-bench
if [ -x "$BENCH" ]; then
    run "$BENCH" -q -r 0 -s intersections --implied --general --csv "$TMP/bench.csv" \
        "$TMP/killers.jsonl"
    expect_rc 0 "rulegrid-bench --implied --general"
    python3 - "$TMP/bench.csv" <<'EOF' || fail "rulegrid-bench --implied"
import csv, sys
rows = {r["level"]: r for r in csv.DictReader(l for l in open(sys.argv[1]) if not l.startswith("#"))}
want = {"intersections", "intersections:general", "intersections:implied"}
if set(rows) != want:
    sys.exit(f"levels {sorted(rows)}, expected {sorted(want)}")
for r in rows.values():
    if r["unique"] != "4":
        sys.exit(f"{r['level']}: {r['unique']} unique of 4")
g = {k: float(r["guesses_mean"]) for k, r in rows.items()}
if not g["intersections:implied"] < g["intersections"]:
    sys.exit(f"guesses per puzzle {g}")
EOF
fi
echo "implied: ok"
