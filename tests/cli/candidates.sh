#!/usr/bin/env bash
# rulegrid candidates: the grid of digit sets, a line per corpus entry, the
# JSON line of spec/explain.md, limits (incomplete, exit 3), no solution
# (exit 1), bad input and usage (exit 2), and the highest status winning.
# The sets themselves are checked against a brute force in test_candidates.
set -euo pipefail

# shellcheck source=../data/cli/common.sh
. "$(dirname "$0")/../data/cli/common.sh"
same() { [ "$1" = "$2" ] || fail "$3: got
$1
expected
$2"; }
err_has() { grep -qF -- "$1" <<<"$ERR" || fail "$2: '$1' not in the message: $ERR"; }
# check WHAT PYTHON: Python assertions on the JSON lines of $TMP/out (the list L).
check() {
    python3 - "$TMP/out" "$2" <<PY || fail "$1"
import json, sys
L = [json.loads(l) for l in open(sys.argv[1], encoding="utf-8")]
$2
PY
}

EMPTY4=$TMP/empty4.json
cat >"$EMPTY4" <<'EOF'
{"format": "rulegrid", "version": 1, "board": {"rows": 4, "columns": 4, "digits": 4},
 "rules": [{"type": "box_grid", "origin": "r1c1", "box": [2, 2]}]}
EOF
EMPTY9=$TMP/empty9.json
cat >"$EMPTY9" <<'EOF'
{"format": "rulegrid", "version": 1, "board": {"rows": 9, "columns": 9, "digits": 9},
 "rules": [{"type": "box_grid", "origin": "r1c1", "box": [3, 3]}]}
EOF

# ---- a document: the status line, then every cell's digits with the boxes drawn
run "$RULEGRID" candidates "$EMPTY4"
expect_rc 0 "candidates empty4"
same "$OUT" "multiple (at least 2 solutions); complete
1234 1234 | 1234 1234
1234 1234 | 1234 1234
----------+----------
1234 1234 | 1234 1234
1234 1234 | 1234 1234" "candidates empty4"
[ -z "$ERR" ] || fail "candidates empty4 wrote to stderr: $ERR"

# a unique puzzle: its solution as singletons; standard input too
run "$RULEGRID" candidates - <"$DATA/four.json"
expect_rc 0 "candidates < four.json"
same "$OUT" "unique; complete
1 2 | 3 4
3 4 | 1 2
----+----
2 1 | 4 3
4 3 | 2 1" "candidates four.json"

# --limit counts further
run "$RULEGRID" candidates --limit 1000 "$EMPTY4"
expect_rc 0 "candidates --limit 1000"
same "$(head -1 <<<"$OUT")" "multiple (288 solutions); complete" "candidates --limit 1000"

# ---- a corpus: a line each; no solution makes the exit status 1
run "$RULEGRID" candidates "$DATA/puzzles.txt"
expect_rc 1 "candidates puzzles.txt"
same "$(cut -d' ' -f1-3 <<<"$OUT")" "0 unique complete
1 multiple complete
2 none complete
3 none complete
4 unique complete" "candidates puzzles.txt statuses"
# the puzzle with two solutions: three pairs of cells hold either digit
same "$(sed -n 2p <<<"$OUT" | cut -d' ' -f4- | tr ' ' '\n' | awk 'length > 1' | tr '\n' ' ')" \
    "19 19 79 79 17 17 " "candidates puzzles.txt line 1"
same "$(sed -n 3p <<<"$OUT")" "2 none complete -" "candidates none line"

# ---- JSON: exactly the spec's members, index (and file with several inputs)
run "$RULEGRID" candidates --json "$DATA/puzzles.txt"
expect_rc 1 "candidates --json puzzles.txt"
check "candidates --json puzzles.txt" '
assert len(L) == 5
for i, l in enumerate(L):
    assert list(l) == ["index", "candidates", "solutions", "complete"], l.keys()
    assert l["index"] == i and l["complete"] is True
    assert list(l["candidates"]) == ["r%dc%d" % (r, c) for r in range(1, 10) for c in range(1, 10)]
assert [l["solutions"] for l in L] == [1, 2, 0, 0, 1]
c = L[1]["candidates"]
two = {k: v for k, v in c.items() if len(v) > 1}
assert two == {"r1c7": [1, 9], "r1c8": [1, 9], "r5c7": [7, 9], "r5c8": [7, 9],
               "r9c7": [1, 7], "r9c8": [1, 7]}, two
assert all(len(v) == 1 for v in L[0]["candidates"].values())
assert all(v == [] for v in L[2]["candidates"].values())
'
run "$RULEGRID" candidates --json "$EMPTY4" "$DATA/four.json"
expect_rc 0 "candidates --json two files"
check "candidates --json two files" '
assert [l["file"] for l in L] == ["'"$EMPTY4"'", "'"$DATA/four.json"'"], L
assert all(v == [1, 2, 3, 4] for v in L[0]["candidates"].values())
assert L[0]["solutions"] == 2 and L[1]["solutions"] == 1
'

# ---- limits: incomplete, a subset, exit status 3
run "$RULEGRID" candidates --nodes 100 "$EMPTY9"
expect_rc 3 "candidates --nodes 100"
same "$(head -1 <<<"$OUT")" \
    "multiple (at least 2 solutions); incomplete within the limit (nodes 100)" "--nodes 100 line"
run "$RULEGRID" candidates --json --nodes 100 "$EMPTY9"
expect_rc 3 "candidates --json --nodes 100"
check "candidates --json --nodes 100" '
l = L[0]
assert l["complete"] is False and l["solutions"] == 2
assert all(1 <= len(v) <= 9 for v in l["candidates"].values())
assert any(len(v) < 9 for v in l["candidates"].values())
'
run "$RULEGRID" candidates --nodes 1 "$EMPTY9"
expect_rc 3 "candidates --nodes 1"
same "$OUT" "unknown within the limit (nodes 1); incomplete" "--nodes 1"
run "$RULEGRID" candidates --time 0.000001 "$EMPTY9"
expect_rc 3 "candidates --time"
has "$OUT" "incomplete" "candidates --time"
# the same run without a limit answers in full
run "$RULEGRID" candidates -q "$EMPTY9"
expect_rc 0 "candidates -q empty9"
[ -z "$OUT" ] || fail "candidates -q printed: $OUT"

# ---- a template for classic lines, and other strategies
run "$RULEGRID" candidates --template "$SRC/examples/xsudoku_template.json" "$SRC/examples/xsudoku.txt"
expect_rc 0 "candidates --template"
has "$OUT" "0 unique complete 1 2 3" "candidates --template"
for st in check propagate subsets probe sac; do
    run "$RULEGRID" candidates --strategy "$st" --json "$DATA/puzzles.txt"
    expect_rc 1 "candidates --strategy $st"
    check "candidates --strategy $st" '
assert [l["solutions"] for l in L] == [1, 2, 0, 0, 1]
assert sum(len(v) for v in L[1]["candidates"].values()) == 81 + 6
'
done

# ---- bad input: the error names file, rule index and type, field; exit 2
run "$RULEGRID" candidates "$DATA/unknown_type.json"
expect_rc 2 "candidates unknown type"
err_has "unknown_type.json: rule 1 (lab.mystery): field type: unknown rule type" "unknown type"
run "$RULEGRID" candidates --json "$DATA/bad_middle.jsonl"
expect_rc 2 "candidates --json bad_middle.jsonl"
err_has "bad_middle.jsonl:2: rule 0 (box_grid): field box[1]: expected a digit from 1 to 4, got 5" \
    "bad_middle message"
check "candidates --json bad_middle.jsonl" '
assert [l["index"] for l in L] == [0, 1, 2]
e = L[1]
assert e["candidates"] == {} and e["solutions"] == 0 and e["complete"] is False
assert e["error"]["line"] == 2 and e["error"]["rule"] == 0 and e["error"]["type"] == "box_grid"
assert e["error"]["field"] == "box[1]", e
assert L[0]["complete"] and L[2]["complete"]
'
run "$RULEGRID" candidates "$DATA/malformed.json" "$DATA/puzzles.txt"
expect_rc 2 "candidates malformed + puzzles (2 wins over 1)"
err_has "malformed.json" "malformed"
run "$RULEGRID" candidates "$TMP/missing.json"
expect_rc 2 "candidates missing file"
err_has "missing.json" "missing file"

# ---- usage errors
run "$RULEGRID" candidates --limit 0 "$EMPTY4"
expect_rc 2 "candidates --limit 0"
err_has "--limit" "--limit 0"
run "$RULEGRID" candidates --stats "$EMPTY4"
expect_rc 2 "candidates --stats"
err_has "does not apply to the command candidates" "--stats"
run "$RULEGRID" candidates --strategy fastest "$EMPTY4"
expect_rc 2 "candidates --strategy fastest"
err_has "unknown strategy 'fastest'" "bad strategy"

echo "candidates: ok"
