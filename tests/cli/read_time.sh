#!/usr/bin/env bash
# --time holds while a puzzle is read and built (docs/cli.md, --time;
# docs/testing.md, "Limits"). A document of 60,000 relation rules on a
# 99 x 99 board of 32 digits (tests/gen_large.py; about a second to read and
# build, more under the sanitizers) under --time 0.2 is "unknown within the
# limit" with exit status 3 for every command that takes --time; in a .jsonl
# corpus that entry is unknown and the next one is read and solved as
# usual. Before, the reading ran to its end and root propagation proved the
# generated clues have no solution (exit 1), whatever --time said.
# Needs python3 only.
set -euo pipefail

# shellcheck source=../data/cli/common.sh
. "$(dirname "$0")/../data/cli/common.sh"

BIG=$TMP/relations.json
python3 "$SRC/tests/gen_large.py" relations 60000 >"$BIG"
LIMIT="unknown within the limit (time 0.2 s)"

for cmd in solve count candidates explain hint; do
    run "$RULEGRID" "$cmd" --time 0.2 "$BIG"
    expect_rc 3 "$cmd --time 0.2"
    has "$OUT" "$LIMIT" "$cmd --time 0.2"
done
has "$ERR" "$LIMIT: the time limit passed" "hint says how far the reading came"

run "$RULEGRID" render --time 0.2 -o "$TMP/big.svg" "$BIG"
expect_rc 3 "render --time 0.2"
has "$ERR" "$LIMIT" "render --time 0.2"
[ ! -e "$TMP/big.svg" ] || fail "render drew a puzzle it never read to the end"
run "$RULEGRID" report --time 0.2 -o "$TMP/report" "$BIG"
expect_rc 3 "report --time 0.2"
has "$ERR" "$LIMIT" "report --time 0.2"
[ ! -e "$TMP/report/index.html" ] || fail "report wrote a page of a puzzle it never read"

# JSON: a valid result line of results.md, and explain's summary line.
run "$RULEGRID" count --json --time 0.2 "$BIG"
expect_rc 3 "count --json --time 0.2"
python3 - "$OUT" <<'PY' || fail "count --json: not an unknown result line: $OUT"
import json, sys
r = json.loads(sys.argv[1])
assert r["index"] == 0 and r["status"] == "unknown" and r["solutions"] == 0, r
assert all(k in r["stats"] for k in ("nodes", "guesses", "failures", "propagations", "us")), r
PY
run "$RULEGRID" explain --json --time 0.2 "$BIG"
expect_rc 3 "explain --json --time 0.2"
has "$OUT" '{"summary": {"status": "unknown"' "explain --json --time 0.2"

# A corpus: the large document, then a classic one; each entry its own time.
python3 - "$BIG" "$SRC/examples/classic.json" >"$TMP/two.jsonl" <<'PY'
import json, sys
for path in sys.argv[1:]:
    with open(path) as f:
        print(json.dumps(json.load(f), separators=(",", ":")))
PY
for jobs in 1 2; do
    run "$RULEGRID" count -j "$jobs" --time 0.2 "$TMP/two.jsonl"
    expect_rc 3 "count -j $jobs --time 0.2 of a corpus"
    has "$OUT" "0 unknown -" "count -j $jobs: the large entry"
    has "$OUT" "1 unique 621943758" "count -j $jobs: the next entry"
done
run "$RULEGRID" candidates --time 0.2 "$TMP/two.jsonl"
expect_rc 3 "candidates --time 0.2 of a corpus"
has "$OUT" "0 unknown incomplete -" "candidates: the large entry"
has "$OUT" "1 unique complete" "candidates: the next entry"
run "$RULEGRID" explain --time 0.2 --puzzle 2 "$TMP/two.jsonl"
expect_rc 0 "explain --puzzle 2 after an entry past the limit"
run "$RULEGRID" render --time 0.2 -o "$TMP/pics" "$TMP/two.jsonl"
expect_rc 3 "render -o DIR --time 0.2 of a corpus"
[ ! -e "$TMP/pics/1.svg" ] && [ -s "$TMP/pics/2.svg" ] || fail "render -o DIR: $(ls "$TMP/pics")"
echo ok
