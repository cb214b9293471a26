#!/usr/bin/env bash
# rulegrid render: a document to standard output and to -o FILE, a corpus
# into -o DIR (one well-formed N.svg per puzzle), --solution, --candidates
# (true ones, and a --state position's), --step N, and exit 2 with a clear
# message for bad input and usage. The drawing itself is checked in
# tests/test_render.c.
set -euo pipefail

# shellcheck source=../data/cli/common.sh
. "$(dirname "$0")/../data/cli/common.sh"
err_has() { grep -qF -- "$1" <<<"$ERR" || fail "$2: '$1' not in the message: $ERR"; }
# svg_ok WHAT FILE...: every FILE parses as XML and its root is an svg element.
svg_ok() {
    local what=$1
    shift
    python3 - "$@" <<'PY' || fail "$what: not a well-formed SVG"
import sys, xml.dom.minidom
for f in sys.argv[1:]:
    assert xml.dom.minidom.parse(f).documentElement.tagName == "svg", f
PY
}
n_of() { grep -o -- "$2" "$1" | wc -l | tr -d ' '; }

EMPTY4=$TMP/empty4.json
cat >"$EMPTY4" <<'EOF2'
{"format": "rulegrid", "version": 1, "board": {"rows": 4, "columns": 4, "digits": 4},
 "rules": [{"type": "box_grid", "origin": "r1c1", "box": [2, 2]}]}
EOF2

# ---- a document to standard output: an SVG with the givens
run "$RULEGRID" render "$DATA/four.json"
expect_rc 0 "render four.json"
[ -z "$ERR" ] || fail "render four.json wrote to stderr: $ERR"
printf '%s\n' "$OUT" >"$TMP/four.svg"
svg_ok "render four.json" "$TMP/four.svg"
givens=$(python3 -c "import json,sys; print(len(json.load(open(sys.argv[1])).get('givens', {})))" "$DATA/four.json")
[ "$(n_of "$TMP/four.svg" 'class="given"')" = "$givens" ] || fail "render four.json: $givens givens expected"
has "$OUT" 'type-box_grid' "render four.json: the houses plugin draws the boxes"

# -o FILE, standard input
run "$RULEGRID" render -o "$TMP/o.svg" - <"$DATA/four.json"
expect_rc 0 "render -o FILE < four.json"
[ -z "$OUT" ] || fail "render -o FILE wrote to standard output"
cmp -s "$TMP/o.svg" <(sed 's|<title>.*</title>|<title>-</title>|' "$TMP/four.svg") ||
    fail "render -o FILE: not the picture of standard output"

# ---- --solution: the digits of the solution where there is no given
run "$RULEGRID" render --solution "$EMPTY4"
expect_rc 0 "render --solution"
printf '%s\n' "$OUT" >"$TMP/sol.svg"
[ "$(n_of "$TMP/sol.svg" 'class="value"')" = 16 ] || fail "render --solution: 16 values expected"
# a document whose own solution breaks a rule: drawn as it stands, said, exit 1
python3 - "$SRC/examples/classic.json" "$TMP/badsol.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
s = d["solution"]
s["r1c1"], s["r1c2"] = s["r1c2"], s["r1c1"]
json.dump(d, open(sys.argv[2], "w"))
PY
run "$RULEGRID" render --solution "$TMP/badsol.json"
expect_rc 1 "render --solution of a broken solution"
err_has "badsol.json: the document's solution breaks rule 0 (box_grid); drawn as it stands" \
    "render --solution of a broken solution"
has "$OUT" "</svg>" "render --solution of a broken solution"
# one that keeps every rule but not the givens (its digits 1 and 2 swapped)
python3 - "$SRC/examples/classic.json" "$TMP/relabelled.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
swap = {1: 2, 2: 1}
d["solution"] = {k: swap.get(v, v) for k, v in d["solution"].items()}
json.dump(d, open(sys.argv[2], "w"))
PY
run "$RULEGRID" render --solution "$TMP/relabelled.json"
expect_rc 1 "render --solution of a solution against the givens"
err_has "relabelled.json: the document's solution differs from the given at r" \
    "render --solution of a solution against the givens"
# a limit before the solution: drawn without it, exit 3
run "$RULEGRID" render --solution --nodes 1 --puzzle 1 "$DATA/hard.txt"
expect_rc 3 "render --solution --nodes 1"
err_has "a limit was reached first: drawn without a solution" "render --solution --nodes 1"
has "$OUT" "</svg>" "render --solution --nodes 1"

# ---- --candidates: every digit in every cell of an empty 4 x 4
run "$RULEGRID" render --candidates "$EMPTY4"
expect_rc 0 "render --candidates"
printf '%s\n' "$OUT" >"$TMP/cand.svg"
[ "$(n_of "$TMP/cand.svg" 'class="cand"')" = 64 ] || fail "render --candidates: 64 marks expected"
# a position's: r1c1 placed, r1c2 kept 3 and 4
run "$RULEGRID" render --candidates --state '{"cells": {"r1c1": 1}, "candidates": {"r1c2": [3, 4]}}' "$EMPTY4"
expect_rc 0 "render --candidates --state"
printf '%s\n' "$OUT" >"$TMP/state.svg"
[ "$(n_of "$TMP/state.svg" 'class="value"')" = 1 ] || fail "render --state: the placed digit"
[ "$(n_of "$TMP/state.svg" 'class="cand"')" = $((14 * 4 + 2)) ] || fail "render --state: marks"
# --state alone: its placed digits, no marks
run "$RULEGRID" render --state '{"cells": {"r1c1": 1, "r4c4": 3}}' "$EMPTY4"
expect_rc 0 "render --state"
printf '%s\n' "$OUT" >"$TMP/state_only.svg"
[ "$(n_of "$TMP/state_only.svg" 'class="value"')" = 2 ] || fail "render --state alone: 2 values"
[ "$(n_of "$TMP/state_only.svg" 'class="cand"')" = 0 ] || fail "render --state alone: no marks"
run "$RULEGRID" render --state 'r9c9' "$EMPTY4"
expect_rc 2 "render --state bad"
err_has "rulegrid: --state: " "render --state bad"
# --state may name a file
printf '{"cells": {"r1c1": 1}, "candidates": {"r1c2": [3, 4]}}\n' >"$TMP/state.json"
run "$RULEGRID" render --candidates --state "$TMP/state.json" "$EMPTY4"
expect_rc 0 "render --state FILE"
printf '%s\n' "$OUT" | cmp -s - "$TMP/state.svg" || fail "render --state FILE differs from the text"

# ---- --step N: the focus of step N shaded, its placement green
STEP=$TMP/step
"$RULEGRID" explain --json "$DATA/classic.json" >"$TMP/steps.jsonl"
run "$RULEGRID" render --step 2 "$DATA/classic.json"
expect_rc 0 "render --step 2"
printf '%s\n' "$OUT" >"$STEP.svg"
svg_ok "render --step 2" "$STEP.svg"
python3 - "$TMP/steps.jsonl" "$STEP.svg" <<'PY' || fail "render --step 2: the wrong cells"
import json, re, sys
step = [json.loads(l) for l in open(sys.argv[1])][1]
svg = open(sys.argv[2]).read()
focus = re.search(r'<path d="([^"]*)"[^>]*class="focus"', svg).group(1)
assert focus.count("M") == len(step["focus"]), (focus, step["focus"])
assert svg.count('class="place"') >= len(step["place"]) * 2  # the shade and the digit
assert "Step 2 (%s)" % step["technique"] in svg
PY
run "$RULEGRID" render --step 100000 "$DATA/classic.json"
expect_rc 2 "render --step beyond the end"
err_has "the explanation ends (solved) after" "render --step beyond the end"
run "$RULEGRID" render --step 1 --solution "$DATA/classic.json"
expect_rc 2 "render --step --solution"
err_has "does not go with --solution" "render --step --solution"

# ---- a corpus: -o DIR, one picture per puzzle
run "$RULEGRID" render -o "$TMP/pics" "$SRC/corpus/variants/cells.jsonl"
expect_rc 0 "render corpus -o DIR"
want=$(grep -cv '^\s*\(#\|$\)' "$SRC/corpus/variants/cells.jsonl")
[ "$(ls "$TMP/pics" | wc -l | tr -d ' ')" = "$want" ] || fail "render -o DIR: $want pictures expected"
svg_ok "render -o DIR" "$TMP"/pics/*.svg
# a single document with -o DIR/ (made when missing): DIR/1.svg
run "$RULEGRID" render -o "$TMP/one/" "$SRC/examples/four.json"
expect_rc 0 "render -o NEWDIR/ of a document"
[ -f "$TMP/one/1.svg" ] || fail "render -o NEWDIR/ of a document: no 1.svg: $ERR"
has "$(cat "$TMP/pics/1.svg")" 'type-cell"' "render -o DIR: the cells plugin draws"
# a corpus to standard output needs --puzzle
run "$RULEGRID" render "$SRC/corpus/variants/cells.jsonl"
expect_rc 2 "render corpus to standard output"
err_has "holds several puzzles: draw them all with -o DIR or one with --puzzle N" "corpus to stdout"
[ -z "$OUT" ] || fail "render corpus to standard output drew a picture before refusing"
run "$RULEGRID" render --puzzle 2 "$SRC/corpus/variants/cells.jsonl"
expect_rc 0 "render --puzzle 2"
has "$OUT" "</svg>" "render --puzzle 2"

# ---- bad input and usage: exit 2, a message naming the file
run "$RULEGRID" render "$DATA/malformed.json"
expect_rc 2 "render malformed.json"
err_has "rulegrid: $DATA/malformed.json" "render malformed.json"
[ -z "$OUT" ] || fail "render malformed.json wrote a picture"
run "$RULEGRID" render "$DATA/unknown_type.json"
expect_rc 2 "render unknown_type.json"
err_has "unknown rule type" "render unknown_type.json"
run "$RULEGRID" render "$TMP/missing.json"
expect_rc 2 "render a missing file"
err_has "missing.json" "render a missing file"
run "$RULEGRID" render --step 0 "$EMPTY4"
expect_rc 2 "render --step 0"
err_has "is not a step number of at least 1" "render --step 0"
run "$RULEGRID" render -o "$TMP/nodir/x.svg" "$EMPTY4"
expect_rc 2 "render -o into a missing folder"
err_has "nodir/x.svg" "render -o into a missing folder"
run "$RULEGRID" render "$EMPTY4" "$EMPTY4"
expect_rc 2 "render two files"
err_has "render takes one FILE" "render two files"

# ---- paths longer than any fixed buffer are used whole
# -o DIR over 1,100 bytes: each puzzle its own DIR/N.svg (the path was cut
# once, and every picture overwrote one file beside the folder)
LONG=$TMP/$(python3 -c "print('/'.join(['d' * 200] * 6))")
mkdir -p "$LONG/pics"
cp "$SRC/corpus/variants/cells.jsonl" "$LONG/cells.jsonl"
run "$RULEGRID" render -o "$LONG/pics" "$LONG/cells.jsonl"
expect_rc 0 "render -o LONG_DIR"
[ "$(ls "$LONG/pics" | wc -l | tr -d ' ')" = "$want" ] ||
    fail "render -o LONG_DIR: $want pictures expected: $(ls "$LONG/pics")"
[ "$(find "$TMP" -name '*.svg' ! -path "$LONG/pics/*" -newer "$LONG/cells.jsonl" | wc -l)" = 0 ] ||
    fail "render -o LONG_DIR wrote outside the folder"
svg_ok "render -o LONG_DIR" "$LONG"/pics/*.svg
# the title is the whole path and the puzzle
has "$(cat "$LONG/pics/2.svg")" "<title>$LONG/cells.jsonl: puzzle 2</title>" "render -o LONG_DIR: the title"
# an error about a puzzle of a file with a long path keeps the path's end,
# where the file's name and the puzzle are
cp "$EMPTY4" "$LONG/one.json"
run "$RULEGRID" render --step 99 "$LONG/one.json"
expect_rc 2 "render --step past the end, long path"
err_has "dd/one.json: --step 99: the explanation ends" "render --step, long path"
# control characters in a path are printed as '?'
run "$RULEGRID" render -o "$TMP/no"$'\e'"[2Jdir/x.svg" "$EMPTY4"
expect_rc 2 "render -o with an escape in the path"
err_has "no?[2Jdir/x.svg" "render -o, escape shown as ?"
case "$ERR" in *$'\e'*) fail "an escape character reached the terminal: $ERR" ;; esac
echo "render: ok"
