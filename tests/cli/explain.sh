#!/usr/bin/env bash
# rulegrid explain and hint (spec/explain.md): the JSON Lines shape, the
# summary, --upto, --state in both spellings, --puzzle of a corpus, the
# hint's wrong and missing answers, and every bad input refused with exit
# status 2 and a message naming what is wrong.
set -euo pipefail

# shellcheck source=../data/cli/common.sh
. "$(dirname "$0")/../data/cli/common.sh"
FOUR=$SRC/examples/four.json
KILLER=$SRC/corpus/variants/killer.jsonl
CLASSIC=$SRC/corpus/classic/puzzles2_17_clue_1000.txt

# ---- explain --json: steps 1..n, then one summary line; every line is JSON
run "$RULEGRID" explain --json "$FOUR"
expect_rc 0 "explain four.json"
python3 - "$TMP/out" <<'PY' || fail "explain --json shape: $OUT"
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
steps, summary = lines[:-1], lines[-1]["summary"]
assert [s["step"] for s in steps] == list(range(1, len(steps) + 1))
for s in steps:
    assert set(s) >= {"step", "technique", "family", "rules", "focus", "place", "eliminate", "text"}, s
assert summary["status"] == "solved" and summary["steps"] == len(steps)
assert summary["placed"] == sum(len(s["place"]) for s in steps)
assert sum(summary["techniques"].values()) == len(steps)
assert summary["rating"] == 1 and summary["hardest"] == "hidden single"
PY

# ---- text: numbered steps and the summary
run "$RULEGRID" explain "$FOUR"
expect_rc 0 "explain text"
has "$OUT" "  1. [hidden single; rule 0 (box_grid)]" "explain text step"
has "$OUT" "solved after 11 steps" "explain text summary"

# ---- --upto: stuck at naked singles on a puzzle that needs more, with candidates
run "$RULEGRID" explain --json --puzzle 1 --upto "naked single" "$KILLER"
expect_rc 0 "explain --upto"
has "$(tail -1 "$TMP/out")" '"status": "stuck"' "stuck summary"
has "$(tail -1 "$TMP/out")" '"candidates": {"r1c1": [' "stuck lists the candidates"
run "$RULEGRID" explain --upto swordfish "$FOUR"
expect_rc 2 "unknown technique"
has "$ERR" "--upto: unknown technique or rank 'swordfish'" "unknown technique message"

# ---- corpora: --puzzle N, and several puzzles without it are refused
run "$RULEGRID" explain "$CLASSIC"
expect_rc 2 "corpus without --puzzle"
has "$ERR" "holds several puzzles: choose one with --puzzle N" "corpus message"
run "$RULEGRID" explain --puzzle 3 --upto singles "$CLASSIC"
expect_rc 0 "explain --puzzle 3"
run "$RULEGRID" explain --puzzle 5000 "$CLASSIC"
expect_rc 2 "--puzzle past the end"

# ---- --state: a position; the same position as a line of digits
run "$RULEGRID" explain --json --state '{"cells": {"r2c4": 2}}' "$FOUR"
expect_rc 0 "explain from a state"
has "$(tail -1 "$TMP/out")" '"steps": 10' "one step fewer from the state"
run "$RULEGRID" explain --json --state '.......2........' "$FOUR"
has "$(tail -1 "$TMP/out")" '"steps": 10' "digit-line state"
# a position that breaks a rule: status contradiction, exit 1
run "$RULEGRID" explain --json --state '{"cells": {"r1c2": 1}}' "$FOUR"
expect_rc 1 "broken position"
has "$OUT" '"status": "contradiction"' "contradiction summary"
# bad states: exit 2 naming the problem
run "$RULEGRID" explain --state '{"cells": {"r9c9": 1}}' "$FOUR"
expect_rc 2 "cell off the board"
has "$ERR" "rulegrid: --state: field cells.r9c9: r9c9 does not exist on a 4x4 board" "off-board message"
run "$RULEGRID" explain --state '{"cells": {"r1c2": 7}}' "$FOUR"
expect_rc 2 "digit out of range"
has "$ERR" "field cells.r1c2: expected a digit from 1 to 4, got 7" "digit message"
run "$RULEGRID" explain --state '{"cells": {"r1c1": 3}}' "$FOUR"
expect_rc 2 "state against a given"
[ "$ERR" = "rulegrid: --state: field cells.r1c1: r1c1 is a given, 1; the position places 3 there" ] ||
    fail "given message, whole (no rule, no line of the puzzle's file): $ERR"
# the same for hint and render, which read positions alike
for cmd in hint render; do
    run "$RULEGRID" "$cmd" --state '{"cells": {"r1c1": 3}}' "$FOUR"
    expect_rc 2 "$cmd: state against a given"
    has "$ERR" "rulegrid: --state: field cells.r1c1: r1c1 is a given, 1; the position places 3 there" \
        "$cmd: given message"
done
run "$RULEGRID" explain --state '{"colours": {}}' "$FOUR"
expect_rc 2 "unknown member"
has "$ERR" 'field colours: unknown member "colours"' "unknown member message"
run "$RULEGRID" explain --state '1234' "$FOUR"
expect_rc 2 "short digit line"
has "$ERR" "a line of 16 characters" "short line message"
# nothing the reader would have to guess at: text after the object, a member
# or a cell twice (in any spelling), a placed digit its candidates drop
run "$RULEGRID" hint --state '{"cells": {"r2c4": 2}} x' "$FOUR"
expect_rc 2 "text after the position"
has "$ERR" "unexpected text 'x' after the document" "trailing text message"
run "$RULEGRID" hint --state '{"cells": {"r2c4": 2}, "cells": {}}' "$FOUR"
expect_rc 2 "cells twice"
has "$ERR" 'field cells: duplicate key: "cells" appears twice' "member twice message"
run "$RULEGRID" hint --state '{"cells": {"r2c4": 2, "R2C4": 3}}' "$FOUR"
expect_rc 2 "a cell twice"
has "$ERR" "field cells.R2C4: duplicate key: cell r2c4 appears twice in cells" "cell twice message"
run "$RULEGRID" hint --state '{"cells": {"r2c4": 2}, "candidates": {"r2c4": [3, 4]}}' "$FOUR"
expect_rc 2 "placed digit its candidates drop"
has "$ERR" "r2c4 is placed as 2 in cells, but its candidates do not keep 2" "placed and dropped"
# a control character from the input is printed as '?', never raw
run "$RULEGRID" hint --state '{"cells": {"r2\u001b[2Jc4": 2}}' "$FOUR"
expect_rc 2 "escape in a cell name"
has "$ERR" 'got "r2?[2Jc4"' "escape shown as ?"
case "$ERR" in *$'\e'*) fail "an escape character reached the terminal: $ERR" ;; esac
# --state may name a file, for explain and hint as for render; its errors name it
printf '{"cells": {"r2c4": 2}}\n' >"$TMP/pos.json"
run "$RULEGRID" explain --json --state "$TMP/pos.json" "$FOUR"
expect_rc 0 "explain --state FILE"
has "$(tail -1 "$TMP/out")" '"steps": 10' "the file's position"
printf '{"cells": {"r2c4": 2},\n "candidates": {"r1c1": []}}\n' >"$TMP/badpos.json"
run "$RULEGRID" hint --state "$TMP/badpos.json" "$FOUR"
expect_rc 2 "hint --state FILE, refused"
has "$ERR" "rulegrid: $TMP/badpos.json: field candidates.r1c1: the list is empty" "file named"

# ---- hint: the first step, a wrong digit, a crossed-out solution digit
run "$RULEGRID" hint --json --state '{"cells": {}}' "$FOUR"
expect_rc 0 "hint"
has "$OUT" '"step": 1, "technique": "hidden single"' "hint gives one step"
[ "$(wc -l <"$TMP/out")" = 1 ] || fail "hint prints one line: $OUT"
run "$RULEGRID" hint --json --state '{"cells": {"r1c2": 3}}' "$FOUR"
expect_rc 1 "hint wrong digit"
has "$OUT" '{"wrong": {"r1c2": 3}, "text": "r1c2 is not 3."}' "wrong digit"
[ "$(wc -l <"$TMP/out")" = 1 ] || fail "hint names the wrong digit alone: $OUT"
run "$RULEGRID" hint --json --state '{"candidates": {"r1c2": [3, 4]}}' "$FOUR"
expect_rc 1 "hint crossed out"
has "$OUT" '{"missing": {"r1c2": [2]}, "text": "2 was crossed out of r1c2, but it belongs there."}' \
    "missing digit"
[ "$(wc -l <"$TMP/out")" = 1 ] || fail "hint names the missing digit alone: $OUT"

# ---- limits: a hard puzzle with a one-probe limit ends unknown, exit 3
run "$RULEGRID" explain --nodes 1 --puzzle 1 "$SRC/corpus/classic/puzzles6_forum_hardest_1106.txt"
expect_rc 3 "node limit"
has "$OUT" "unknown within the limit (nodes 1)" "limit message"
# ---- generate --rating: the puzzle explains with steps of that rank or below
for rating in "hidden single" "locked candidates" 6; do
    run "$RULEGRID" generate --preset classic9 --rating "$rating" --seed 5 --no-time -o "$TMP/rated.json"
    expect_rc 0 "generate --rating $rating"
    run "$RULEGRID" explain --json "$TMP/rated.json"
    expect_rc 0 "explain the rated puzzle"
    python3 - "$TMP/out" "$TMP/rated.json" "$rating" <<'PY' || fail "rating $rating: $OUT"
import json, sys
summary = json.loads(open(sys.argv[1]).read().splitlines()[-1])["summary"]
meta = json.load(open(sys.argv[2]))["meta"]
upto = {"hidden single": 1, "locked candidates": 4, "6": 6}[sys.argv[3]]
assert summary["status"] == "solved" and summary["rating"] <= upto, summary
assert meta["rating"] == str(summary["rating"]), (meta, summary)
PY
done
run "$RULEGRID" generate --preset classic9 --rating 11
expect_rc 2 "rating out of range"
# hint under a limit that ends its check of the position first: the step is
# given (it follows from the position), standard error says the position was
# not checked, and the exit status is 3, never 0 as if it had been
run "$RULEGRID" hint --puzzle 1 --nodes 2 "$DATA/hard.txt"
expect_rc 3 "hint, its check cut short"
has "$OUT" "1. [" "hint, its check cut short: the step"
has "$ERR" "rulegrid: hint: the position was not checked against the solution: the count stopped at the limit (--nodes)" \
    "hint, its check cut short: said"
run "$RULEGRID" hint --puzzle 1 "$DATA/hard.txt"
expect_rc 0 "hint, checked"
[ -z "$ERR" ] || fail "hint, checked: $ERR"
echo "explain: ok"
