#!/usr/bin/env bash
# scripts/bench-instructions: per-puzzle instruction counts under callgrind.
# One build against itself gives equal counts and a ratio of exactly 1, and
# its per-puzzle counts add up to callgrind's count of the whole run; a
# puzzle of the classic fast path is counted; the whole solve counts more
# than its timed part; a weaker level on one side moves them; the maps
# multiply the puzzles; bad options, unreadable files and a puzzle cut off
# by the node limit are errors (exit status 2). Needs Valgrind, which cannot
# run a sanitizer build: there it says so and passes (the main build runs it).
set -euo pipefail

# shellcheck source=../data/cli/common.sh
. "$(dirname "$0")/../data/cli/common.sh"
BI=$SRC/scripts/bench-instructions
if [ "${RG_SANITIZE:-0}" = 1 ] || ! command -v valgrind >/dev/null; then
    echo "not run: Valgrind is missing or this is a sanitizer build"
    exit 0
fi
cd "$SRC"
REL=corpus/variants/relations.jsonl

# ---- a build against itself: the same counts, ratio 1
run "$BI" --build "$RG_BUILD_DIR" --only 1,2 "$REL"
expect_rc 0 "one build against itself"
row=$(grep "^| relations.jsonl |" <<<"$OUT") || fail "no row: $OUT"
IFS='|' read -r _ _ n ia ib tot geo na nb _ <<<"$row"
[ "$n" -eq 2 ] || fail "puzzles: $n, expected 2"
[ "$ia" -gt 100000 ] || fail "A instructions: $ia"
[ "$ia" -eq "$ib" ] || fail "A and B counts differ on one build: $ia, $ib"
[ "${tot// /}" = 1.0000 ] || fail "total ratio $tot, expected 1.0000"
[ "${geo// /}" = 1.0000 ] || fail "geometric mean $geo, expected 1.0000"
[ "$na" -eq "$nb" ] || fail "nodes $na and $nb on one build"
[ "$na" -gt 2 ] || fail "nodes $na: the two puzzles search"
[ "$(grep -c "B/A 1.000" <<<"$ERR")" = 2 ] || fail "per-puzzle lines: $ERR"

# ---- the per-puzzle counts add up to the whole run's count in the region
valgrind --tool=callgrind --callgrind-out-file=/dev/null --toggle-collect=root_of \
    --toggle-collect=rg_search_run "$RULEGRID" count --json --stats --time 0 --nodes 3000000 \
    <(sed -n '2,3p' "$REL") >/dev/null 2>"$TMP/cg.err" || true
whole=$(grep -o "Collected : [0-9]*" "$TMP/cg.err" | grep -o "[0-9]*$")
[ "$whole" -eq "$ia" ] || fail "per-puzzle counts add up to $ia, the whole run counts $whole"

# ---- a puzzle on the classic fast path is counted too (its own root and search)
run "$BI" --build "$RG_BUILD_DIR" --only 0 corpus/variants/cells.jsonl
expect_rc 0 "a puzzle of the fast path"
IFS='|' read -r _ _ _ ic _ _ _ _ _ _ <<<"$(grep "^| cells.jsonl |" <<<"$OUT")"
[ "$ic" -gt 10000 ] || fail "the fast path's puzzle counts $ic instructions"

# ---- the whole solve holds the timed part and the solver's setup for the model
run "$BI" --build "$RG_BUILD_DIR" --region solve --only 1,2 "$REL"
expect_rc 0 "the solve region"
IFS='|' read -r _ _ _ is _ _ _ _ _ _ <<<"$(grep "^| relations.jsonl |" <<<"$OUT")"
[ "$is" -gt "$ia" ] || fail "the whole solve counts $is, not more than the timed part's $ia"

# ---- a weaker level on side B: other counts, side A unchanged
run "$BI" --build "$RG_BUILD_DIR" --args-b "--strategy singles" --only 1,2 "$REL"
expect_rc 0 "singles on side B"
IFS='|' read -r _ _ _ ia2 ib2 _ _ _ _ _ <<<"$(grep "^| relations.jsonl |" <<<"$OUT")"
[ "$ia2" -eq "$ia" ] || fail "side A moved: $ia2 against $ia"
[ "$ib2" -ne "$ia" ] || fail "singles on side B counted the same as intersections: $ib2"

# ---- two maps of each puzzle: twice the puzzles, each answered alike
run "$BI" --build "$RG_BUILD_DIR" --symmetries 2 --only 0,5 "$REL"
expect_rc 0 "two maps"
has "$OUT" "| relations.jsonl | 4 |" "four counted puzzles"

# ---- errors
run "$BI" --build "$RG_BUILD_DIR" --nodes 2 --only 1 "$REL"
expect_rc 2 "a puzzle cut off by the node limit"
has "$ERR" "ends unknown at --nodes" "the limit named"
run "$BI" --build "$RG_BUILD_DIR" "$TMP/none.jsonl"
expect_rc 2 "a missing file"
has "$ERR" "none.jsonl: cannot be read" "the file named"
run "$BI" --build "$RG_BUILD_DIR" --env-a NOEQUALS "$REL"
expect_rc 2 "an --env-a without ="
has "$ERR" "--env-a NOEQUALS: not NAME=VALUE" "the option named"
run "$BI" --build "$TMP" "$REL"
expect_rc 2 "no build"
has "$ERR" "not built" "the missing build"
run "$BI" --build "$RG_BUILD_DIR" --args-b "--strategy nosuch" --only 1 "$REL"
expect_rc 2 "a bad option of rulegrid count"
has "$ERR" "unknown strategy 'nosuch'" "rulegrid's own message passed on"
run "$BI" --build "$RG_BUILD_DIR" --only 1,x "$REL"
expect_rc 2 "a bad --only"
has "$ERR" "--only" "the option named"
run "$BI" --build "$RG_BUILD_DIR" --only 1,99 "$REL"
expect_rc 2 "an --only index past the file"
has "$ERR" "--only: no puzzle 99 (the file has 7 lines, indices 0 to 6)" "the index named"
[ ! -s "$OUT" ] || fail "an --only index past the file printed a table: $(head -2 "$OUT")"
run "$BI" --build "$RG_BUILD_DIR" --nodes 0 "$REL"
expect_rc 2 "--nodes 0"
has "$ERR" "--nodes: 0 is not a positive count" "the option named"
run "$BI" --build "$RG_BUILD_DIR" --symmetries 9 "$REL"
expect_rc 2 "--symmetries 9"
has "$ERR" "--symmetries: 9 is not 1 to 8" "the option named"
# a "build" whose rulegrid only starts the real one (callgrind does not follow
# it): right answers, but nothing counted
mkdir -p "$TMP/wrap/bin"
printf '#!/bin/sh\nexec "%s" "$@"\n' "$RULEGRID" >"$TMP/wrap/bin/rulegrid"
chmod +x "$TMP/wrap/bin/rulegrid"
run "$BI" --build "$TMP/wrap" --only 1 "$REL"
expect_rc 2 "a program callgrind cannot count"
has "$ERR" "no instructions counted in region 'timed'" "the region named"
echo "bench-instructions ok"
