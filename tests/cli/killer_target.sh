#!/usr/bin/env bash
# The killer target: every puzzle of corpus/variants/killer.jsonl is proved
# unique, with the solution its document carries, in under 50 guesses at the
# sac level with the lookahead heuristic, and most without a guess. Guesses
# are counters (the same on every machine), so this is not a timed test.
# Under Valgrind or the sanitizers (RULEGRID_TEST_SCALE set) every third
# puzzle from the second is taken (the two dearest, the 1st and the 16th,
# take over 90 s there), each held to the same bounds; "most without a guess"
# is a claim about the whole file and is checked in the full run only.
set -euo pipefail

# shellcheck source=../data/cli/common.sh
. "$(dirname "$0")/../data/cli/common.sh"

CORPUS=$SRC/corpus/variants/killer.jsonl
WHOLE=1
if [ -n "${RULEGRID_TEST_SCALE:-}" ]; then
    awk 'NR % 3 == 2' "$CORPUS" >"$TMP/sample.jsonl"
    CORPUS=$TMP/sample.jsonl
    WHOLE=0
fi
run "$RULEGRID" count --json --stats --strategy sac --heuristic lookahead "$CORPUS"
expect_rc 0 "count --strategy sac --heuristic lookahead killer.jsonl"
python3 - "$TMP/out" "$CORPUS" "$WHOLE" <<'EOF' || fail "killer target not met"
import json, sys
results = [json.loads(l) for l in open(sys.argv[1]) if l.startswith("{")]
docs = [json.loads(l) for l in open(sys.argv[2]) if l.strip()]
if len(results) != len(docs) or not docs:
    sys.exit(f"{len(results)} results for {len(docs)} puzzles")
none = 0
for i, (r, d) in enumerate(zip(results, docs)):
    g = r["stats"]["guesses"]
    if r["status"] != "unique":
        sys.exit(f"puzzle {i + 1}: status {r['status']}")
    if r["solution"] != d["solution"]:
        sys.exit(f"puzzle {i + 1}: the solution differs from the document's")
    if g >= 50:
        sys.exit(f"puzzle {i + 1}: {g} guesses (the target is under 50)")
    none += g == 0
if sys.argv[3] == "1" and 2 * none <= len(docs):
    sys.exit(f"only {none} of {len(docs)} without a guess (the target is most)")
print(f"killer target: {len(docs)} unique, all under 50 guesses, {none} without one")
EOF
