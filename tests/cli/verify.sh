#!/usr/bin/env bash
# rulegrid verify: every built-in rule type passes its trials (by its
# generate hook, or from the samples of tests/data/verify); the broken sum
# rules of tests/data/plugins/sumbug.c are caught within the default budget,
# and the document printed for each reproduces the failure (the off-by-one
# bound: `count` finds no solution where plain backtracking finds some; the
# missing event and the check reading an unwatched cell: verify on the
# document alone). Bad input exits 2.
# Under Valgrind or the sanitizers (RULEGRID_TEST_SCALE set) the built-in
# types run 30 trials each instead of 300.
set -euo pipefail
# shellcheck source=../data/cli/common.sh
. "$(dirname "$0")/../data/cli/common.sh"
: "${RG_BUILD_DIR:?}"
PLUG=$RG_BUILD_DIR/test-plugins
SAMPLES=$SRC/tests/data/verify
TRIALS=300
[ -n "${RULEGRID_TEST_SCALE:-}" ] && TRIALS=30

# Every built-in type: those with a generate hook by name, the others from
# the sample documents (which hold every type without a hook).
types=$("$RULEGRID" plugins --json | python3 -c 'import json, sys
print(" ".join(t["type"] for t in json.load(sys.stdin)["types"]))')
start=$(date +%s)
run "$RULEGRID" verify --json --trials "$TRIALS" cage line arrow edge cell outside corner \
    "$SAMPLES/houses.json" "$SAMPLES/pairs.json"
expect_rc 0 "verify over the built-in types"
for t in $types; do
    grep -q "\"type\": *\"$t\"" <<<"$OUT" || fail "built-in type $t not verified: $OUT"
done
printf '%s\n' "$OUT" >"$TMP/builtin.jsonl"
python3 - "$TRIALS" "$TMP/builtin.jsonl" <<'PY' || fail "verify results: $OUT"
import json, sys
trials = int(sys.argv[1])
lines = open(sys.argv[2]).read().splitlines()
assert len(lines) == 18, len(lines)
for line in lines:
    r = json.loads(line)
    assert r["status"] == "ok", r
    assert r["trials"] == trials, r
    # Most trials decide soundness: the search ran out on few of them (at most
    # 10 of 300 in each type; 67 of the 300 of outside before the search
    # jumped back over the decisions a failure does not involve).
    assert r["inconclusive"] <= trials // 15 + 2, r
PY
elapsed=$(($(date +%s) - start))
[ -n "${RULEGRID_TEST_SCALE:-}" ] || [ "$elapsed" -lt 60 ] ||
    fail "verify over the built-in types took $elapsed s (budget: a minute)"

# A lone cage on a 9 x 9 board: most of its cells are free (no rule holds them,
# or only a `cell` restriction), and the search no longer goes through their
# digits again for every failure elsewhere (8 of 300 trials undecided; 45
# before, when the search took the restricted free cells first and retried
# them under every failure of the cage).
echo '{"format": "rulegrid", "version": 1, "board": {"rows": 9, "columns": 9, "digits": 9},
"rules": [{"type": "cage", "cells": ["r1c1", "r1c2"], "sum": 5}]}' >"$TMP/lone.json"
run "$RULEGRID" verify --json --trials "$TRIALS" "$TMP/lone.json"
expect_rc 0 "a lone cage on a 9 x 9 board"
python3 - "$TRIALS" "$OUT" <<'PY' || fail "a lone cage: $OUT"
import json, sys
trials = int(sys.argv[1])
r = json.loads(sys.argv[2])
assert r["status"] == "ok" and r["trials"] == trials, r
assert r["inconclusive"] <= trials // 15 + 2, r
PY

# failure NAME COND: the verify --json line in OUT failed, and the Python
# condition COND holds of it (r, its failure f); its document into
# $TMP/NAME.json.
failure() {
    printf '%s\n' "$OUT" >"$TMP/$1.out"
    python3 - "$TMP/$1.json" "$TMP/$1.out" "$2" <<'PY' || fail "the $1 failure: $OUT"
import json, sys
r = json.loads(open(sys.argv[2]).readline())
f = r["failure"]
assert r["status"] == "failed" and eval("(" + sys.argv[3] + ")"), r
open(sys.argv[1], "w").write(f["document"])
PY
}

# reproduces NAME CHECK: $TMP/NAME.json, verified alone with the plugin
# sumNAME (type test.sum_NAME), fails CHECK at trial 0 again; with the
# correct sum in its place it holds.
reproduces() {
    run "$RULEGRID" verify --trials 1 --plugins "$PLUG/sum$1" "$TMP/$1.json"
    expect_rc 1 "the $1 document"
    has "$OUT" "check $2 failed at trial 0" "the $1 document"
    sed "s/test.sum_$1/test.sum/" "$TMP/$1.json" >"$TMP/$1_ok.json"
    run "$RULEGRID" verify --trials 20 --plugins "$PLUG/sumok" "$TMP/$1_ok.json"
    expect_rc 0 "the $1 document with the correct rule"
}

# The correct sum passes; with an off-by-one bound it fails soundness.
run "$RULEGRID" verify --plugins "$PLUG/sumok" test.sum
expect_rc 0 "the correct sum rule"
run "$RULEGRID" verify --json --plugins "$PLUG/sumbound" test.sum_bound
expect_rc 1 "the off-by-one bound"
failure bound 'f["check"] == "soundness" and r["trials"] <= 300 and f["removed"]
    and f["propagator"] == "test_sum"'
# The document: with the broken propagator no solution, by plain backtracking
# (checks only) some.
run "$RULEGRID" count --json --plugins "$PLUG/sumbound" "$TMP/bound.json"
expect_rc 1 "count of the minimised document"
has "$OUT" '"status": "none"' "count with the broken bound"
run "$RULEGRID" count --json --strategy check --plugins "$PLUG/sumbound" "$TMP/bound.json"
expect_rc 0 "count by backtracking"
grep -Eq '"status": "(unique|multiple)"' <<<"$OUT" || fail "no solution by backtracking: $OUT"
# Minimised: one rule on at most two rows.
python3 - "$TMP/bound.json" <<'PY' || fail "not minimised: $(cat "$TMP/bound.json")"
import json, sys
d = json.load(open(sys.argv[1]))
assert len(d["rules"]) == 1 and d["board"]["rows"] <= 2, d
PY

# The missing event subscription: caught by the events check; the document
# alone reproduces it (verify runs a document as written first), and holds
# with the correct rule.
run "$RULEGRID" verify --plugins "$PLUG/sumevents" test.sum_events
expect_rc 1 "the missing event"
has "$OUT" "check events failed" "the missing event"
sed -n '/^{/,$p' <<<"$OUT" >"$TMP/events.json"
reproduces events events

# A propagator that answers RG_PROP_SUBSUMED too early breaks the contract.
run "$RULEGRID" verify --plugins "$PLUG/sumsubsumed" test.sum_subsumed
expect_rc 1 "an early RG_PROP_SUBSUMED"
has "$OUT" "check contract failed" "an early RG_PROP_SUBSUMED"
has "$OUT" "answered RG_PROP_SUBSUMED" "an early RG_PROP_SUBSUMED"

# A check that waits for a cell no propagator of its rule watches (the cell
# after its last one): complete assignments are judged right, so only the
# scope check catches it (verify passed it before that check, at seeds 0 to
# 9 and in 3,000 trials); its draws come from the document, which alone
# reproduces the failure. The same document with the correct sum holds.
run "$RULEGRID" verify --json --plugins "$PLUG/sumscope" test.sum_scope
expect_rc 1 "a check reading a cell its rule does not hold"
failure scope 'f["check"] == "scope" and r["trials"] <= 10 and f["propagator"] == "test_sum"
    and f["rule"] == 0 and "which no propagator of its rule watches" in f["message"]
    and "(0: empty)" in f["message"] and f["removed"] == ""'
reproduces scope scope

# Reproducible: the same seed, the same report; a plugin file verifies its types.
a=$("$RULEGRID" verify --seed 9 --plugins "$PLUG/sumbound" test.sum_bound || true)
b=$("$RULEGRID" verify --seed 9 "$PLUG/sumbound/sumbound.so" | sed 's/, [0-9.]* s$//' || true)
[ "$(sed 's/, [0-9.]* s$//' <<<"$a")" = "$b" ] || fail "seed 9 twice: $a // $b"
# A plugin file already loaded (from a folder of --plugins or RULEGRID_PLUGIN_PATH,
# or under another path) still has its types verified; a built-in one too.
run "$RULEGRID" verify --seed 9 --plugins "$PLUG/sumbound" "$PLUG/sumbound/sumbound.so"
expect_rc 1 "the bound's file, its folder given too"
has "$OUT" "test.sum_bound: FAILED" "the bound's file, its folder given too"
run env RULEGRID_PLUGIN_PATH="$PLUG/sumbound" "$RULEGRID" verify --seed 9 \
    "$PLUG/sumbound/../sumbound/sumbound.so"
expect_rc 1 "the bound's file, on the plugin path and under another name"
has "$OUT" "test.sum_bound: FAILED" "the bound's file, on the plugin path"
cages=$("$RULEGRID" plugins --json | python3 -c 'import json, sys
print(next(t["file"] for t in json.load(sys.stdin)["types"] if t["type"] == "cage"))')
run "$RULEGRID" verify --trials 5 "$cages"
expect_rc 0 "a built-in plugin file"
has "$OUT" "cage: ok, 5 trials" "a built-in plugin file"
# The same type twice is verified once.
run "$RULEGRID" verify --trials 5 cage "$cages" cage
expect_rc 0 "a type named twice"
[ "$(grep -c '^cage: ok' <<<"$OUT")" = 1 ] || fail "a type named twice runs once: $OUT"
# --sample: instances of a type taken from a document and mutated.
run "$RULEGRID" verify --trials 50 --plugins "$PLUG/sumbound" --sample "$TMP/bound.json" \
    test.sum_bound
expect_rc 1 "the bound from a sample"
has "$OUT" "from its sample" "the bound from a sample"

# Documents whose rules need a board of their own digits: a box_grid of
# 16 digits (4 x 4 boxes) and of 32 (4 x 8) runs on its own board, not on a
# small board with too few digits for its boxes.
"$RULEGRID" generate --preset classic16 --seed 3 -o "$TMP/c16.json"
echo '{"format": "rulegrid", "version": 1, "board": {"rows": 32, "columns": 32, "digits": 32},
"rules": [{"type": "box_grid", "origin": "r1c1", "box": [4, 8]}]}' >"$TMP/b32.json"
run "$RULEGRID" verify --trials 10 "$TMP/c16.json"
expect_rc 0 "a box_grid of 16 digits"
has "$OUT" "box_grid: ok, 10 trials from its sample" "a box_grid of 16 digits"
run "$RULEGRID" verify --trials 3 "$TMP/b32.json"
expect_rc 0 "a box_grid of 32 digits"
has "$OUT" "box_grid: ok, 3 trials from its sample" "a box_grid of 32 digits"
# A rule no trial can hold (a cage across 40 rows) is an error naming the document.
echo '{"format": "rulegrid", "version": 1, "board": {"rows": 40, "columns": 40, "digits": 9},
"rules": [{"type": "cage", "cells": ["r1c1", "r40c1"], "sum": 3}]}' >"$TMP/span40.json"
run "$RULEGRID" verify --trials 3 "$TMP/span40.json"
expect_rc 2 "an instance no trial holds"
has "$ERR" "rulegrid: $TMP/span40.json: no readable trial of rule type cage" \
    "an instance no trial holds"

# --time bounds the whole run, inside a trial too: the first trial of a 99 x 99
# document of 32 digits (its checks take half a minute) is cut short near the
# limit. A trial cut short is not counted, and a type that did not run every
# trial asked for is unknown (exit status 3), never ok: with no trial at all,
# and with some.
echo '{"format": "rulegrid", "version": 1, "board": {"rows": 99, "columns": 99, "digits": 32},
"rules": [{"type": "neighbours", "op": "different", "where": "knight"},
{"type": "neighbours", "op": "not_consecutive", "where": "king"}]}' >"$TMP/big99.json"
start=$(date +%s%N)
run "$RULEGRID" verify --time 0.5 "$TMP/big99.json"
ms=$((($(date +%s%N) - start) / 1000000))
expect_rc 3 "a trial longer than --time"
has "$OUT" "neighbours: unknown within the limit, 0 of 300 trials from its sample" \
    "a trial longer than --time"
# Reading the document and loading the plugins come on top (under Valgrind
# tens of times slower); the checks stop within a few hundredths of a second.
[ -n "${RULEGRID_TEST_SCALE:-}" ] || [ "$ms" -lt 2500 ] ||
    fail "verify --time 0.5 took $ms ms"
run "$RULEGRID" verify --time 1e-9 cage
expect_rc 3 "no trial within the limit"
has "$OUT" "cage: unknown within the limit, 0 of 300 trials from its generate hook" \
    "no trial within the limit"
# The two types share the limit, half each, and end a little over it (more
# under the sanitizers, where what has no clock check, reading a trial's
# document, is slower).
LIMIT=0.4 SLACK=0.2
[ -n "${RULEGRID_TEST_SCALE:-}" ] && LIMIT=6 SLACK=1.5
run "$RULEGRID" verify --json --trials 100000000 --time "$LIMIT" cage line
expect_rc 3 "some trials within the limit"
printf '%s\n' "$OUT" >"$TMP/limit.jsonl"
python3 - "$TMP/limit.jsonl" "$LIMIT" "$SLACK" <<'PY' || fail "some trials within the limit: $OUT"
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
limit, slack = float(sys.argv[2]), float(sys.argv[3])
assert [r["type"] for r in lines] == ["cage", "line"], lines
for r in lines:
    assert r["status"] == "unknown" and r["asked"] == 100000000, r
    assert 0 < r["trials"] < r["asked"], r
assert sum(r["seconds"] for r in lines) < limit + slack, lines
PY
# A failure found within the limit is still a failure.
run "$RULEGRID" verify --time 30 --plugins "$PLUG/sumbound" test.sum_bound
expect_rc 1 "a failure within the limit"
has "$OUT" "test.sum_bound: FAILED" "a failure within the limit"

# --nodes: the node budget of a trial's exhaustive search. Fewer nodes leave
# more trials inconclusive (the same trials: the same seed); none (0) leaves
# none, here where every search ends.
for n in 1 default 0; do
    nodes=(--nodes "$n")
    [ "$n" = default ] && nodes=()
    run "$RULEGRID" verify --json --trials 40 "${nodes[@]}" cage
    expect_rc 0 "--nodes $n"
    printf '%s\n' "$OUT" >"$TMP/nodes_$n.json"
done
python3 - "$TMP" <<'PY' || fail "--nodes: $(cat "$TMP"/nodes_*.json)"
import json, sys
r = {n: json.load(open(f"{sys.argv[1]}/nodes_{n}.json")) for n in ("1", "default", "0")}
assert all(x["status"] == "ok" and x["trials"] == 40 for x in r.values()), r
assert r["1"]["inconclusive"] > r["default"]["inconclusive"] > r["0"]["inconclusive"] == 0, r
PY
run "$RULEGRID" verify --nodes -1 cage
expect_rc 2 "a bad --nodes"
has "$ERR" "--nodes" "a bad --nodes"

# A plugin whose code crashes ends the process, but verify says first which
# type's trials were running and how to run them again (and the types before
# it are printed).
printf '%s' '{"format": "rulegrid", "version": 1, "board": {"rows": 4, "columns": 4, "digits": 4},
 "rules": [{"type": "test.crash", "cells": ["r1c1", "r1c2"]}]}' >"$TMP/crash.json"
run "$RULEGRID" verify --trials 3 --plugins "$PLUG/broken" cage "$TMP/crash.json"
[ "$RC" != 0 ] || fail "a crashing plugin: exit 0"
has "$OUT" "cage: ok, 3 trials" "a crashing plugin: the type before it said"
has "$ERR" "rulegrid: verify: the process died during the trials of rule type test.crash, from $TMP/crash.json" \
    "a crashing plugin: named"
has "$ERR" "rulegrid verify --seed 0 --plugins '$PLUG/broken' '$TMP/crash.json'" \
    "a crashing plugin: how to run it again"

# Bad input: exit 2 with the file, type or field named.
run "$RULEGRID" verify
expect_rc 2 "no operand"
run "$RULEGRID" verify no.such_type
expect_rc 2 "an unknown type"
has "$ERR" "no.such_type" "an unknown type"
run "$RULEGRID" verify relation
expect_rc 2 "a type without generate hook"
has "$ERR" "--sample" "a type without generate hook"
echo '{"format": "rulegrid", "version": 1, "board": {"rows": 4}, "rules": []}' >"$TMP/bad.json"
run "$RULEGRID" verify "$TMP/bad.json"
expect_rc 2 "an unreadable document"
has "$ERR" "bad.json" "an unreadable document"
run "$RULEGRID" verify --sample "$SAMPLES/houses.json" cage
expect_rc 2 "a sample without the type"
has "$ERR" "houses.json" "a sample without the type"
has "$ERR" "cage" "a sample without the type"
run "$RULEGRID" verify --trials 0 cage
expect_rc 2 "zero trials"
run "$RULEGRID" verify "$TMP/none.so"
expect_rc 2 "a missing plugin file"
# Nothing to verify is an error, never a silent success: a plugin file that
# registers no type, a document without rules.
run "$RULEGRID" verify "$PLUG/none/none.so"
expect_rc 2 "a plugin without types"
has "$ERR" "none.so registers no rule type to verify" "a plugin without types"
# More verifications than the command holds at once is an error, not a silent drop.
for i in $(seq 1 60); do cp "$SAMPLES/pairs.json" "$TMP/many$i.json"; done
run "$RULEGRID" verify "$TMP"/many*.json
expect_rc 2 "too many verifications"
has "$ERR" "more than 256 verifications asked for at once" "too many verifications"
echo '{"format": "rulegrid", "version": 1, "board": {"rows": 4, "columns": 4, "digits": 4},
"rules": []}' >"$TMP/norules.json"
run "$RULEGRID" verify "$TMP/norules.json"
expect_rc 2 "a document without rules"
has "$ERR" "norules.json has no rules to verify" "a document without rules"
echo "ok"
