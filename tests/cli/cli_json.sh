#!/usr/bin/env bash
# The rulegrid command's --json lines (spec/results.md) and its exit
# statuses 0, 1, 2 and 3, alone and together (the highest wins).
set -euo pipefail

# shellcheck source=../data/cli/common.sh
. "$(dirname "$0")/../data/cli/common.sh"
# check WHAT PYTHON: run the Python assertions on the JSON lines in $TMP/out
# (available as the list L); any failed assertion fails the test.
check() {
    python3 - "$TMP/out" "$2" <<PY || fail "$1"
import json, sys
L = [json.loads(l) for l in open(sys.argv[1], encoding="utf-8")]
CLASSIC = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
def grid(sol, n=9):
    names = ["r%dc%d" % (r, c) for r in range(1, n + 1) for c in range(1, n + 1)]
    assert list(sol) == names, "solution cells not in reading order"
    return "".join(str(sol[k]) for k in names)
$2
PY
}

# every line parses
run "$RULEGRID" count --json "$DATA/puzzles.txt"
expect_rc 1 "count --json puzzles.txt"
python3 -c 'import json,sys; [json.loads(l) for l in sys.stdin]' <"$TMP/out" || fail "not JSON Lines"

check "count --json puzzles.txt fields" '
assert len(L) == 5, L
assert [l["index"] for l in L] == [0, 1, 2, 3, 4]
assert [l["status"] for l in L] == ["unique", "multiple", "none", "none", "unique"]
assert [l["solutions"] for l in L] == [1, 2, 0, 0, 1]
assert grid(L[0]["solution"]) == CLASSIC
assert all(v in range(1, 10) for v in L[1]["solution"].values())
assert "solution" not in L[2] and "solution" not in L[3]
assert L[2]["broken"] == {"rule": 0, "type": "box_grid"}, L[2]
assert "broken" not in L[3], L[3]
for l in L:
    s = l["stats"]
    for k in ("nodes", "guesses", "failures", "propagations"):
        assert isinstance(s[k], int) and s[k] >= 0, (k, s)
    assert isinstance(s["us"], (int, float)) and s["us"] >= 0
    assert "prunings" not in s and "root_us" not in s
    assert "error" not in l and "file" not in l
assert L[0]["stats"]["nodes"] >= 1
'

# solve: status solved, one document is index 0
run "$RULEGRID" solve --json "$DATA/classic.json"
expect_rc 0 "solve --json classic.json"
check "solve --json classic.json" '
assert len(L) == 1
assert L[0]["index"] == 0 and L[0]["status"] == "solved" and L[0]["solutions"] == 1
assert grid(L[0]["solution"]) == CLASSIC
'

# the solution of a board with missing cells names only existing cells
run "$RULEGRID" solve --json "$DATA/twodoku.json"
expect_rc 0 "solve --json twodoku.json"
check "solve --json twodoku.json" '
sol = L[0]["solution"]
assert len(sol) == 28, len(sol)
assert "r1c5" not in sol and "r6c1" not in sol and "r3c3" in sol
assert list(sol)[:5] == ["r1c1", "r1c2", "r1c3", "r1c4", "r2c1"]
'

# --stats adds prunings by family and the two times
run "$RULEGRID" count --json --stats "$DATA/puzzles.txt"
expect_rc 1 "count --json --stats"
check "count --json --stats" '
for l in L:
    s = l["stats"]
    assert isinstance(s["prunings"], dict) and s["prunings"], s
    assert all(isinstance(v, int) for v in s["prunings"].values())
    assert abs(s["us"] - (s["root_us"] + s["search_us"])) <= 0.11, s
assert "peers" in L[0]["stats"]["prunings"]
'
# the summary stays out of standard output
grep -q "^puzzles" "$TMP/err" || fail "count --json --stats: no summary on stderr"

# exit 0: every puzzle solved
run "$RULEGRID" count --json "$DATA/four.json"
expect_rc 0 "exit 0"

# exit 1: a puzzle without solution
run "$RULEGRID" count --json - <<<"$(sed -n 5p "$DATA/puzzles.txt")"
expect_rc 1 "exit 1"
check "exit 1 line" 'assert L[0]["status"] == "none" and "broken" in L[0], L'

# exit 3: the node limit ends the search on a hard puzzle
run "$RULEGRID" solve --json --nodes 1 "$DATA/hard.txt"
expect_rc 3 "exit 3 (--nodes 1)"
check "--nodes 1" 'assert L[0]["status"] == "unknown" and L[0]["solutions"] == 0 and "solution" not in L[0], L'
run "$RULEGRID" solve --nodes 1 "$DATA/hard.txt"
expect_rc 3 "exit 3 text"
[ "$OUT" = "0 unknown -" ] || fail "--nodes 1 line: $OUT"
printf '{"format": "rulegrid", "version": 1, "board": {"rows": 9, "columns": 9, "digits": 9}, "rules": [{"type": "box_grid", "origin": "r1c1", "box": [3, 3]}], "givens": {}}\n' >"$TMP/empty.json"
run "$RULEGRID" count --nodes 5 "$TMP/empty.json"
expect_rc 3 "count --nodes 5 on an empty grid"
[ "$(head -1 <<<"$OUT")" = "unknown within the limit (nodes 5)" ] || fail "unknown status line: $OUT"
# two solutions settle the status: a limit that cuts a longer count short
# leaves multiple, flagged as stopped, and the exit status says a limit was hit
run "$RULEGRID" count --limit 100 --nodes 100 "$TMP/empty.json"
expect_rc 3 "count --limit 100 --nodes 100 on an empty grid"
grep -Eqx "multiple \(at least [0-9]+ solutions; the count stopped at the limit \(nodes 100\)\)" \
    <<<"$(head -1 <<<"$OUT")" || fail "a count cut short after two solutions: $OUT"
run "$RULEGRID" count --json --limit 100 --nodes 100 "$TMP/empty.json"
expect_rc 3 "count --json --limit 100 --nodes 100"
check "cut short" 'assert L[0]["status"] == "multiple" and L[0]["stopped"] is True, L
assert 2 <= L[0]["solutions"] < 100 and len(L[0]["solution"]) == 81, L'
run "$RULEGRID" count --json --limit 5 --nodes 1000 "$TMP/empty.json"
expect_rc 0 "count --limit 5 within the limit"
check "not cut short" 'assert L[0]["status"] == "multiple" and L[0]["solutions"] == 5, L
assert "stopped" not in L[0], L'
# and the time limit does the same
run "$RULEGRID" count --json --time 0.000001 "$DATA/hard.txt"
expect_rc 3 "exit 3 (--time)"
check "--time" 'assert L[0]["status"] == "unknown", L'
# a generous limit changes nothing
run "$RULEGRID" solve --json --nodes 1000000 --time 60 "$DATA/hard.txt"
expect_rc 0 "solve hard.txt within limits"
check "hard solved" 'assert L[0]["status"] == "solved" and len(L[0]["solution"]) == 81'

# exit 2: an unreadable entry is an error object, the others go on
run "$RULEGRID" solve --json "$DATA/bad_middle.jsonl"
expect_rc 2 "exit 2 (bad line)"
check "bad_middle.jsonl" '
assert [l["index"] for l in L] == [0, 1, 2]
assert [l["status"] for l in L] == ["solved", "error", "solved"]
e = L[1]["error"]
assert e["line"] == 2 and e["rule"] == 0 and e["type"] == "box_grid", e
assert e["field"] == "box[1]" and e["message"], e
assert e["file"].endswith("bad_middle.jsonl")
assert "solution" not in L[1] and L[1]["solutions"] == 0
'
run "$RULEGRID" solve --json "$DATA/malformed.json"
expect_rc 2 "exit 2 (malformed document)"
check "malformed.json" '
assert len(L) == 1 and L[0]["index"] == 0 and L[0]["status"] == "error"
e = L[0]["error"]
assert e["file"].endswith("malformed.json") and e["message"], e
assert e["rule"] is None and e["line"] is None
'

# several apply: the highest wins
run "$RULEGRID" count --json "$DATA/puzzles.txt" "$DATA/bad_middle.txt"
expect_rc 2 "1 and 2 together"
check "two files" '
assert len(L) == 8
assert all(l["file"].endswith(("puzzles.txt", "bad_middle.txt")) for l in L)
assert [l["index"] for l in L] == [0, 1, 2, 3, 4, 0, 1, 2]
'
run "$RULEGRID" solve --json --nodes 1 "$DATA/puzzles.txt" "$DATA/hard.txt"
expect_rc 3 "1 and 3 together"
run "$RULEGRID" solve --json --nodes 1 "$DATA/hard.txt" "$DATA/bad_middle.txt"
expect_rc 3 "2 and 3 together"

# strings are escaped: a file name with a quote, a backslash and a tab
weird="$TMP/we\"ird\\	name.json"
printf '{"format": "rulegrid", "version": 2}' >"$weird"
run "$RULEGRID" solve --json "$weird"
expect_rc 2 "weird file name"
check "escaped strings" '
assert L[0]["error"]["file"].endswith("we\"ird\\\tname.json"), L
'
# bytes that are not UTF-8 still give valid JSON
printf '\xff\xfe\x01garbage\n' >"$TMP/garbage.txt"
run "$RULEGRID" solve --json "$TMP/garbage.txt"
expect_rc 2 "garbage corpus"
check "garbage" 'assert L[0]["status"] == "error"'

# check --json
run "$RULEGRID" check --json "$DATA/classic_solved.json" "$DATA/puzzles.txt"
expect_rc 1 "check --json"
check "check --json" '
assert L[0]["status"] == "ok" and L[0]["solution"] == "ok", L[0]
assert L[3]["status"] == "broken" and L[3]["broken"] == {"rule": 0, "type": "box_grid"}, L[3]
assert L[1]["solution"] == "absent"
'

# plugins --json
run "$RULEGRID" plugins --json
expect_rc 0 "plugins --json"
check "plugins --json" '
t = {x["type"]: x for x in L[0]["types"]}
assert t["box_grid"]["family"] == "houses" and t["box_grid"]["file"].endswith(".so")
assert L[0]["folders"]
'

echo "cli_json: ok"
