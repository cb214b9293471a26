#!/usr/bin/env bash
# The engine's answers follow the square's symmetries (scripts/symmetries):
# every puzzle of corpus/variants (but killer-hard, whose puzzles take
# seconds) under all eight maps has the answer of the original, and a unique
# solution is the image of the document's. The maps rename every cell, so
# every rule family meets its cells in other orders and places: a rule read
# or propagated with a fixed orientation, or a plugin that reads positions
# instead of its cell lists, shows up here. At most 60,000 nodes a variant
# (Hard renban 2 takes half a million); a variant cut off by the limit is
# not compared, and at most one in twenty may be. Then the script's errors,
# and scripts/bench-variants (which times these maps) in both its modes.
set -euo pipefail

# shellcheck source=../data/cli/common.sh
. "$(dirname "$0")/../data/cli/common.sh"
SYM=$SRC/scripts/symmetries

files=()
for f in "$SRC"/corpus/variants/*.jsonl; do
    [ "$(basename "$f")" = killer-hard.jsonl ] || files+=("$f")
done
[ "${#files[@]}" -ge 14 ] || fail "only ${#files[@]} corpus files"
python3 "$SYM" "${files[@]}" >"$TMP/all.jsonl" 2>"$TMP/sym.err" ||
    fail "symmetries of the corpus: $(cat "$TMP/sym.err")"
run "$RULEGRID" count --json --nodes 60000 -j 2 "$TMP/all.jsonl"
[ "$RC" = 0 ] || [ "$RC" = 3 ] || fail "count of the variants: exit status $RC: $ERR"
printf '%s\n' "$OUT" >"$TMP/all.out"
python3 - "$TMP/all.jsonl" "$TMP/all.out" <<'EOF' || fail "answers differ between a puzzle's variants"
import json, sys
docs = [json.loads(l) for l in open(sys.argv[1])]
outs = [json.loads(l) for l in open(sys.argv[2])]
assert len(docs) == len(outs) and len(docs) % 8 == 0, (len(docs), len(outs))
assert [d["x-symmetry"] for d in docs[:8]] == ["identity", "rot180", "mirror", "flip",
                                              "transpose", "antitranspose", "rot90", "rot270"]
bad, cut, solutions = [], 0, 0
for p in range(0, len(docs), 8):
    seen = set()
    for d, o in zip(docs[p:p + 8], outs[p:p + 8]):
        if o["status"] == "unknown":
            cut += 1
            continue
        seen.add(o["status"])
        if o["status"] == "unique" and "solution" in d:
            solutions += 1
            if o["solution"] != d["solution"]:
                bad.append("puzzle %d, %s: not the image of the solution" % (p // 8, d["x-symmetry"]))
    if len(seen) > 1:
        bad.append("puzzle %d: answers %s" % (p // 8, sorted(seen)))
    if "none" in seen:
        bad.append("puzzle %d: no solution" % (p // 8))
for b in bad:
    print(b, file=sys.stderr)
assert cut * 20 <= len(docs), "%d of %d variants cut off" % (cut, len(docs))
assert solutions * 2 > len(docs), "only %d solutions compared" % solutions
print("%d variants of %d puzzles: answers agree, %d solutions compared, %d cut off"
      % (len(docs), len(docs) // 8, solutions, cut))
sys.exit(1 if bad else 0)
EOF

# The images themselves: a transposing map swaps the board and the box.
printf '%s\n' '{"format": "rulegrid", "version": 1, "board": {"rows": 6, "columns": 6, "digits": 6}, "rules": [{"type": "box_grid", "origin": "r1c1", "box": [2, 3]}, {"type": "corner", "kind": "battenburg", "cells": ["r1c1", "r1c2", "r2c1", "r2c2"]}, {"type": "line", "kind": "thermo", "cells": ["r1c1", "r1c2", "r1c3"]}], "givens": {"r1c3": 5}}' >"$TMP/six.json"
run python3 "$SYM" --count 8 "$TMP/six.json"
expect_rc 0 "symmetries of a 6x6"
[ "$(wc -l <<<"$OUT")" = 8 ] || fail "eight maps: $OUT"
rot90=$(sed -n 7p <<<"$OUT")
has "$rot90" '"x-symmetry": "rot90"' "rot90 named"
has "$rot90" '"box": [3, 2]' "rot90 swaps the box"
has "$rot90" '"cells": ["r1c5", "r1c6", "r2c5", "r2c6"]' "the corner block in reading order"
has "$rot90" '"cells": ["r1c6", "r2c6", "r3c6"]' "the thermometer still runs from its bulb"
has "$rot90" '"givens": {"r3c6": 5}' "givens renamed"
run python3 "$SYM" --count 2 "$TMP/six.json"
[ "$(wc -l <<<"$OUT")" = 2 ] || fail "--count 2: $OUT"
has "$(sed -n 2p <<<"$OUT")" '"origin": "r1c1"' "rot180 keeps the grid's origin"

# Two grids side by side: an origin named as an area follows its grid (the
# grid's image's top-left cell), a cell in a list of cells is that cell.
printf '%s\n' '{"format": "rulegrid", "version": 1, "board": {"rows": 9, "columns": 18, "digits": 9}, "rules": [{"type": "box_grid", "origin": "r1c1", "box": [3, 3]}, {"type": "box_grid", "origin": "r1c10", "box": [3, 3]}, {"type": "neighbours", "kind": "antiknight", "area": "r1c10"}, {"type": "negative", "of": "kropki", "area": ["r1c10", "r2c10"]}]}' >"$TMP/two.json"
run python3 "$SYM" --count 2 "$TMP/two.json"
expect_rc 0 "symmetries of two grids"
rot180=$(sed -n 2p <<<"$OUT")
has "$rot180" '{"type": "neighbours", "kind": "antiknight", "area": "r1c1"}' "an area origin follows its grid"
has "$rot180" '"area": ["r9c9", "r8c9"]' "cells of an area list renamed as cells"

# Errors: exit status 2, the file, the line and the rule named.
printf '%s\n' '{"format": "rulegrid", "version": 1, "board": {"rows": 4, "columns": 4, "digits": 4}, "rules": [{"type": "box_grid", "origin": "r1c1", "box": [2, 2]}, {"type": "lab.parity_cage", "cells": ["r1c1"]}]}' >"$TMP/plugin.jsonl"
run python3 "$SYM" "$TMP/plugin.jsonl"
expect_rc 2 "a plugin's rule type"
has "$ERR" "plugin.jsonl:1: rule 1 (lab.parity_cage): a type of another plugin" "plugin type named"
printf 'not json\n' >"$TMP/bad.jsonl"
run python3 "$SYM" "$TMP/bad.jsonl"
expect_rc 2 "not JSON"
has "$ERR" "bad.jsonl:1: not JSON" "not JSON named"
printf '%s\n' '{"format": "rulegrid", "version": 1, "board": {"rows": 4, "columns": 4, "digits": 4}, "rules": [{"cells": ["r1c1"]}]}' >"$TMP/notype.json"
run python3 "$SYM" "$TMP/notype.json"
expect_rc 2 "a rule without a type"
has "$ERR" "notype.json: rule 0: field type: missing or not a string" "missing type named"
run python3 "$SYM" --count 9 "$TMP/six.json"
expect_rc 2 "--count 9"
has "$ERR" "--count: 9 is not 1 to 8" "--count out of range"
printf '%s\n' '[1, 2]' >"$TMP/list.jsonl"
run python3 "$SYM" "$TMP/list.jsonl"
expect_rc 2 "not a document"
has "$ERR" "list.jsonl:1: not a rulegrid document (board and rules)" "not a document named"
printf '%s\n' '{"format": "rulegrid", "version": 1, "board": {"rows": 4, "digits": 4}, "rules": []}' >"$TMP/nocols.jsonl"
run python3 "$SYM" "$TMP/nocols.jsonl"
expect_rc 2 "a board without columns"
has "$ERR" "nocols.jsonl:1: a field missing or of the wrong kind ('columns')" "missing field named"
run python3 "$SRC/scripts/bench-variants" --symmetries 9
expect_rc 2 "bench-variants --symmetries 9"
has "$ERR" "--symmetries: 9 is not 1 to 8" "bench-variants --symmetries out of range"
# bench-variants in both modes (a fresh process per puzzle; --corpus-runs),
# this build against itself on three thermo puzzles: one row for the file,
# and per puzzle the same statuses and guesses for both builds and modes.
for mode in "" --corpus-runs; do
    run python3 "$SRC/scripts/bench-variants" --build "$RG_BUILD_DIR" --ref "$RG_BUILD_DIR" \
        --reps 2 --short-reps 2 --only 0,3,5 $mode "$SRC/corpus/variants/thermo.jsonl"
    expect_rc 0 "bench-variants $mode"
    grep -qE '^\| thermo\.jsonl \| 3 \| 3 \| 3 \| ' <<<"$OUT" || fail "bench-variants $mode: no row of 3 proved: $OUT"
    [ "$(grep -c 'ref unique' <<<"$ERR")" = 3 ] || fail "bench-variants $mode: not 3 puzzle lines: $ERR"
    # "ref unique <µs> us <guesses> | new unique <µs> us <guesses>" without the times
    sed -E 's/ +[0-9.]+ us / /g' <<<"$ERR" | grep -oE 'ref [a-z]+ +[0-9]+ \| new [a-z]+ +[0-9]+' >"$TMP/bv$mode.txt"
    [ "$(wc -l <"$TMP/bv$mode.txt")" = 3 ] || fail "bench-variants $mode: puzzle lines unread: $ERR"
    awk '{ if ($2 != $6 || $3 != $7) exit 1 }' "$TMP/bv$mode.txt" || fail "bench-variants $mode: the builds differ: $ERR"
done
cmp -s "$TMP/bv.txt" "$TMP/bv--corpus-runs.txt" || fail "bench-variants: the modes disagree on statuses or guesses"
has "$OUT" "Corpus runs: each build counts each file in one process." "bench-variants --corpus-runs says so"
# The row's ISS estimate: ref / new times the issue's ratio (2.0 for puzzles
# without a cage, 0.38 for killers), and "met" only at 5 or more.
check_iss() {
    awk -F'|' -v want="$1" -v name="$2" '$2 ~ name {
        r = $8 + 0; e = $9 + 0; g = $10; gsub(/ /, "", g)
        d = e - want * r; if (d < 0) d = -d
        if (d > 0.011 + want * 0.005 || g != (e >= 5 ? "met" : "short")) exit 1
        found = 1 } END { exit !found }' <<<"$OUT"
}
check_iss 2.0 "thermo" || fail "bench-variants: thermo's ISS estimate or goal: $OUT"
run python3 "$SRC/scripts/bench-variants" --build "$RG_BUILD_DIR" --ref "$RG_BUILD_DIR" \
    --reps 1 --short-reps 1 --only 12,17 "$SRC/corpus/variants/killer.jsonl"
expect_rc 0 "bench-variants on two killers"
check_iss 0.38 "killer" || fail "bench-variants: the killers' ISS estimate or goal: $OUT"
# Corpus runs give the puzzles both builds took under a millisecond
# --short-reps runs in all: each build's command, logged, is run 4 times
# here with --reps 1 (thermo's first puzzles take microseconds).
for side in a b; do
    mkdir -p "$TMP/logged-$side/bin"
    printf '#!/bin/sh\necho run >>"%s"\nexec "%s" "$@"\n' "$TMP/runs-$side" "$RULEGRID" \
        >"$TMP/logged-$side/bin/rulegrid"
    chmod +x "$TMP/logged-$side/bin/rulegrid"
done
run python3 "$SRC/scripts/bench-variants" --build "$TMP/logged-a" --ref "$TMP/logged-b" --corpus-runs \
    --reps 1 --short-reps 4 --only 0,1 "$SRC/corpus/variants/thermo.jsonl"
expect_rc 0 "bench-variants --corpus-runs --short-reps 4"
[ "$(wc -l <"$TMP/runs-a")" = 4 ] && [ "$(wc -l <"$TMP/runs-b")" = 4 ] ||
    fail "bench-variants --corpus-runs: not 4 runs of each build: $(wc -l <"$TMP/runs-a") and $(wc -l <"$TMP/runs-b")"
# --self-check times the new build against itself too (two more runs of it
# here, none of the reference) and notes what that reads, in both modes.
for mode in "" --corpus-runs; do
    rm -f "$TMP/runs-a" "$TMP/runs-b"
    run python3 "$SRC/scripts/bench-variants" --build "$TMP/logged-a" --ref "$TMP/logged-b" $mode \
        --reps 1 --short-reps 1 --self-check --only 0 "$SRC/corpus/variants/thermo.jsonl"
    expect_rc 0 "bench-variants --self-check $mode"
    [ "$(wc -l <"$TMP/runs-a")" = 3 ] && [ "$(wc -l <"$TMP/runs-b")" = 1 ] ||
        fail "bench-variants --self-check $mode: not 3 runs of the new build and 1 of the reference: $(wc -l <"$TMP/runs-a") and $(wc -l <"$TMP/runs-b")"
    grep -qE '^self-check: new / new on thermo\.jsonl: [0-9]+\.[0-9]{2} \(1 puzzle\)$' <<<"$OUT" ||
        fail "bench-variants --self-check $mode: no note: $OUT"
done
# A build that answers nothing stops the corpus run, named, with its exit status.
mkdir -p "$TMP/mute/bin"
printf '#!/bin/sh\necho "cannot start" >&2\nexit 2\n' >"$TMP/mute/bin/rulegrid"
chmod +x "$TMP/mute/bin/rulegrid"
run python3 "$SRC/scripts/bench-variants" --build "$RG_BUILD_DIR" --ref "$TMP/mute" --corpus-runs \
    --only 0 "$SRC/corpus/variants/thermo.jsonl"
expect_rc 1 "bench-variants --corpus-runs with a failing build"
has "$ERR" "mute/bin/rulegrid failed (exit 2, 0 results of 1): cannot start" "the failing build named"
run python3 "$SYM" "$TMP/missing.jsonl"
expect_rc 2 "a missing file"
has "$ERR" "missing.jsonl: No such file or directory" "missing file named"
echo "symmetries: ok"
