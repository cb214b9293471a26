#!/usr/bin/env bash
# The benchmark harness: the same counters on one and on two threads, its
# reports, a wrong answer caught before any time, usage errors, the generation
# mode, and the regression check (the shipped baseline passes, a weaker level fails).
set -euo pipefail

# shellcheck source=../data/cli/common.sh
. "$(dirname "$0")/../data/cli/common.sh"
bench_or_skip
cd "$SRC"
CLASSIC=corpus/classic
VAR=corpus/variants
SMALL=("$CLASSIC/puzzles6_forum_hardest_1106.txt:8" "$CLASSIC/puzzles2_17_clue_1000.txt:40"
    "$VAR/thermo.jsonl" "$VAR/relations.jsonl" "$VAR/arrow.jsonl" "$VAR/negatives.jsonl:4")

# ---- the counters report has a count of each status (the regression check
# holds them equal): tests/data/cli/puzzles.txt has 2 unique, 1 multiple, 2 none
run "$BENCH" -q -r 0 -s singles -H domwdeg --counters - "$SRC/tests/data/cli/puzzles.txt"
expect_rc 0 "counters of the statuses"
for want in "solved 3" "unique 2" "multiple 1" "none 2" "unknown 0"; do
    grep -qx "puzzles/singles/domwdeg $want" "$TMP/out" || fail "counters report lacks '$want': $(head -8 "$TMP/out")"
done

# ---- -j 2 gives the counters of -j 1, at every level from check up
for level in check forward propagate singles intersections subsets probe sac; do
    corpora=("${SMALL[@]}")
    # plain backtracking on hard puzzles takes minutes: easy ones only there
    case $level in check | forward) corpora=("$DATA/puzzles.txt" "$DATA/classic.json") ;; esac
    run "$BENCH" -q -r 0 -s "$level" -H mrv,domwdeg,lookahead -j 1 --counters "$TMP/j1" "${corpora[@]}"
    expect_rc 0 "counters at $level, -j 1"
    run "$BENCH" -q -r 0 -s "$level" -H mrv,domwdeg,lookahead -j 2 --counters "$TMP/j2" "${corpora[@]}"
    expect_rc 0 "counters at $level, -j 2"
    cmp -s "$TMP/j1" "$TMP/j2" || fail "-j 2 counters differ from -j 1 at $level: $(diff "$TMP/j1" "$TMP/j2" | head)"
done
grep -q "^thermo/sac/domwdeg calls.lines [1-9]" "$TMP/j1" || fail "no calls of the lines family: $(cat "$TMP/j1")"

# ---- reports: markdown with its stamp, CSV and JSON with the same cells
run "$BENCH" -q -r 1 -s singles,intersections -j 2 --md "$TMP/t.md" --csv "$TMP/t.csv" \
    --json "$TMP/t.json" "$CLASSIC/puzzles2_17_clue_1000.txt:30" "$VAR/thermo.jsonl"
expect_rc 0 "reports"
has "$(head -1 "$TMP/t.md")" "rulegrid " "markdown stamp"
has "$(head -1 "$TMP/t.md")" "flags" "markdown stamp flags"
has "$(cat "$TMP/t.md")" "| puzzles2_17_clue_1000 | intersections | domwdeg | 30 | 30 |" "markdown row"
python3 - "$TMP/t.csv" "$TMP/t.json" <<'EOF'
import csv, json, sys
rows = list(csv.DictReader(l for l in open(sys.argv[1]) if not l.startswith("#")))
assert [(r["corpus"], r["level"]) for r in rows] == [
    ("puzzles2_17_clue_1000", "singles"), ("puzzles2_17_clue_1000", "intersections"),
    ("thermo", "singles"), ("thermo", "intersections")], rows
doc = json.load(open(sys.argv[2]))
for k in ("commit", "compiler", "flags", "cpu", "date"):
    assert doc["stamp"][k], k
cells = doc["cells"]
assert len(cells) == 4 and doc["setup"]["threads"] == 2
for r, c in zip(rows, cells):
    assert int(r["nodes"]) == c["nodes"] and int(r["unique"]) == c["unique"] == c["puzzles"]
    assert c["puzzles_per_s"] > 0 and c["us_per_puzzle"] > 0 and c["reps"] == 1
    assert c["guesses_median"] <= c["guesses_p99"] <= c["guesses_max"]
    calls = sum(f["calls"] for f in c["families"].values())
    assert calls == c["propagations"], (calls, c)
    assert list(c["families"])[:4] == ["peers", "singles", "intersections", "subsets"]
assert "lines" in cells[2]["families"]
EOF

# ---- a corpus larger than --memory is streamed: read again, window by window, on
# every pass, with the counters of a corpus held whole; a bad line in a later
# window stops the run with status 2 naming the file and line
for i in 1 2 3 4; do grep -v '^#' "$CLASSIC/puzzles2_17_clue_1000.txt"; done >"$TMP/c4k.txt"
for mem in 1024 1; do
    run "$BENCH" -q -r 1 -s singles,intersections -j 2 --memory "$mem" --counters "$TMP/m$mem" \
        --json "$TMP/m$mem.json" --md "$TMP/m$mem.md" "$TMP/c4k.txt" "$VAR/thermo.jsonl"
    expect_rc 0 "--memory $mem"
done
cmp -s "$TMP/m1024" "$TMP/m1" || fail "streamed counters differ: $(diff "$TMP/m1024" "$TMP/m1" | head)"
has "$(cat "$TMP/m1.md")" "c4k is larger than the memory budget" "markdown note of a streamed corpus"
python3 - "$TMP/m1024.json" "$TMP/m1.json" <<'EOF2'
import json, sys
held, streamed = (json.load(open(f)) for f in sys.argv[1:])
assert streamed["setup"]["memory_mb"] == 1, streamed["setup"]
for h, s in zip(held["cells"], streamed["cells"]):
    assert h["held"] == "all" and s["puzzles"] == h["puzzles"], (h, s)
    if s["corpus"] == "c4k":
        assert s["held"] == "streamed" and 0 < s["window"] < s["puzzles"] == 4000, s
        assert s["puzzles_per_s"] > 0 and s["guesses_p99"] == h["guesses_p99"], s
EOF2
run "$BENCH" -q -r 1 --explain --memory 1 --counters "$TMP/x1" "$TMP/c4k.txt"
expect_rc 0 "--explain streamed"
run "$BENCH" -q -r 0 --explain --counters "$TMP/x2" "$TMP/c4k.txt"
cmp -s "$TMP/x1" "$TMP/x2" || fail "streamed --explain counters differ: $(diff "$TMP/x1" "$TMP/x2" | head)"
{ cat "$TMP/c4k.txt"; echo "12x"; } >"$TMP/c4k-bad.txt"
run "$BENCH" -q -r 0 -s singles --memory 1 "$TMP/c4k-bad.txt"
expect_rc 2 "a bad line in a later window"
has "$ERR" "c4k-bad.txt:4001:" "the bad line named"
run "$BENCH" -q -r 0 --memory 0 "$TMP/c4k.txt"
expect_rc 2 "--memory 0"
has "$ERR" "--memory" "--memory 0 named"

# ---- an answer that differs from the document's solution: status 1, no table
python3 - "$DATA/classic.json" >"$TMP/wrong.jsonl" <<'EOF'
import json, sys
doc = json.load(open(sys.argv[1]))
grid = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
swap = {"1": 2, "2": 1}
doc["solution"] = {"r%dc%d" % (i // 9 + 1, i % 9 + 1): swap.get(d, int(d)) for i, d in enumerate(grid)}
print(json.dumps(doc))
EOF
run "$BENCH" -q -r 1 "$TMP/wrong.jsonl"
expect_rc 1 "a wrong document solution"
has "$ERR" "differs from the document's solution" "wrong answer message"
[ -z "$OUT" ] || fail "a table printed after a wrong answer: $OUT"

# ---- usage and input errors: status 2, naming the culprit
run "$BENCH" -q --frobnicate "$DATA/puzzles.txt"
expect_rc 2 "unknown option"
has "$ERR" "--frobnicate" "unknown option named"
run "$BENCH" -q -s quick "$DATA/puzzles.txt"
expect_rc 2 "unknown level"
has "$ERR" "unknown strategy 'quick' (one of check, forward, propagate, singles, intersections, subsets, probe, sac, or all)" "unknown level named, the levels listed"
run "$BENCH" -q "$TMP/missing.txt"
expect_rc 2 "missing corpus"
has "$ERR" "missing.txt" "missing corpus named"
# what was typed is quoted with its control characters as '?'
run "$BENCH" -q --md "$TMP/no"$'\e'"[1mdir/x.md" "$DATA/puzzles.txt"
expect_rc 2 "a report path with an escape"
has "$ERR" "--md $TMP/no?[1mdir/x.md: cannot write in $TMP/no?[1mdir/: No such file or directory" \
    "the path, escape as ?"
# said before the run: nothing is read or counted for a report that cannot be written
run "$BENCH" -r 0 --csv "$TMP/none/x.csv" "$DATA/puzzles.txt"
expect_rc 2 "a report folder that does not exist"
case "$ERR" in *reading* | *counting*) fail "a report that cannot be written, found after the run: $ERR" ;; esac
case "$ERR" in *$'\e'*) fail "an escape character reached the terminal: $ERR" ;; esac
run "$BENCH" -q -s $'\e[2J' "$DATA/puzzles.txt"
expect_rc 2 "a level with an escape"
case "$ERR" in *$'\e'*) fail "an escape character reached the terminal: $ERR" ;; esac
# and so are the progress lines' paths and corpus names
cp "$DATA/puzzles.txt" "$TMP/p"$'\e'"[2Jz.txt"
run "$BENCH" -r 0 --md "$TMP/esc.md" "$TMP/p"$'\e'"[2Jz.txt"
expect_rc 0 "a corpus whose name holds an escape"
has "$ERR" "reading $TMP/p?[2Jz.txt" "the progress line's path, escape as ?"
has "$ERR" "counting p?[2Jz," "the progress line's corpus name, escape as ?"
case "$ERR" in *$'\e'*) fail "an escape character reached the terminal: $ERR" ;; esac
for take in -1 abc; do
    run "$BENCH" -q "$DATA/puzzles.txt:$take"
    expect_rc 2 "a count of $take"
    has "$ERR" "puzzles.txt:$take: '$take' is not a whole number of at least 1" "a count of $take"
done
run "$BENCH" -q "$VAR/thermo.jsonl:50"
expect_rc 2 "more puzzles asked than there are"
has "$ERR" "holds 7 puzzles, 50 asked for" "take beyond the end"
run "$BENCH" -q -j x "$DATA/puzzles.txt"
expect_rc 2 "bad -j"
run "$BENCH" -q --benchmark_filter=x "$DATA/puzzles.txt"
expect_rc 2 "Google Benchmark flags without --gbench"
run "$BENCH"
expect_rc 2 "no corpus"

# ---- Google Benchmark: each cell a benchmark, its filter and JSON output; the
# filter also decides which cells are counted and checked; the time is the
# wall clock and the CPU time the whole process's (the work is on workers)
run "$BENCH" --gbench -s singles,intersections "$VAR/thermo.jsonl" \
    --benchmark_filter=intersections --benchmark_min_time=0.01 --benchmark_format=json
expect_rc 0 "--gbench"
python3 -c '
import json, sys
doc = json.loads(sys.stdin.read())
names = [b["name"] for b in doc["benchmarks"]]
assert names == ["thermo/intersections/domwdeg/process_time/real_time"], names
b = doc["benchmarks"][0]
assert b["puzzles/s"] > 0 and b["time_unit"] == "ms"
assert doc["context"]["rulegrid_commit"]
' <<<"$OUT" || fail "--gbench JSON: $OUT"
has "$ERR" "counting thermo, intersections, domwdeg" "--gbench counts the cell the filter keeps"
if grep -q "counting thermo, singles" <<<"$ERR"; then
    fail "--gbench counted a cell the filter leaves out: $ERR"
fi
# the work runs on a worker thread: the CPU time of a pass is the process's
# (about 2 ms for these 20 puzzles; the bound leaves room for faster
# builds), not the waiting main thread's (tens of microseconds)
run "$BENCH" -q --gbench -s intersections "$CLASSIC/puzzles6_forum_hardest_1106.txt:20" \
    --benchmark_min_time=0.01 --benchmark_format=json
expect_rc 0 "--gbench, CPU time"
python3 -c '
import json, sys
b = json.loads(sys.stdin.read())["benchmarks"][0]
assert b["cpu_time"] > 0.5, b["cpu_time"]
' <<<"$OUT" || fail "--gbench CPU time is not the process's: $OUT"
# a wrong answer in a selected cell: status 1, the benchmark marked failed
run "$BENCH" -q --gbench "$TMP/wrong.jsonl" --benchmark_min_time=0.01 --benchmark_format=json
expect_rc 1 "--gbench with a wrong answer"
has "$ERR" "differs from the document's solution" "--gbench wrong answer message"
# a filter that keeps nothing counts nothing
run "$BENCH" --gbench "$TMP/wrong.jsonl" --benchmark_filter=nothing-matches
expect_rc 0 "--gbench, nothing selected"
if grep -q "counting" <<<"$ERR"; then fail "--gbench counted with nothing selected: $ERR"; fi

# ---- -s all: every level from propagate up; check and forward only when named
run "$BENCH" -q -r 0 -s all -H mrv --counters - "$DATA/puzzles.txt"
expect_rc 0 "-s all"
levels=$(awk '$2 == "puzzles" {split($1, k, "/"); print k[2]}' <<<"$OUT" | paste -sd,)
[ "$levels" = "propagate,singles,intersections,subsets,probe,sac" ] || fail "-s all ran: $levels"
run "$BENCH" -q -r 0 -s all,check -H mrv --counters - "$DATA/puzzles.txt"
expect_rc 0 "-s all,check"
levels=$(awk '$2 == "puzzles" {split($1, k, "/"); print k[2]}' <<<"$OUT" | paste -sd,)
[ "$levels" = "check,propagate,singles,intersections,subsets,probe,sac" ] || fail "-s all,check ran: $levels"
run "$BENCH" -q -s intersections,intersections "$DATA/puzzles.txt"
expect_rc 2 "a level given twice"
has "$ERR" "'intersections' given twice" "a level given twice"
run "$BENCH" --help
expect_rc 0 "--help"
has "$OUT" "only when named" "--help says what all leaves out"
has "$OUT" "usage: rulegrid-bench" "--help usage"

# ---- --generate: presets made, verified and timed; -j 2 makes what -j 1 makes
GEN=classic4:5,classic9:3,killer:1
run "$BENCH" -q -r 0 -j 1 --generate "$GEN" --counters "$TMP/g1"
expect_rc 0 "--generate counters, -j 1"
run "$BENCH" -q -r 0 -j 2 --generate "$GEN" --counters "$TMP/g2"
expect_rc 0 "--generate counters, -j 2"
cmp -s "$TMP/g1" "$TMP/g2" || fail "--generate: -j 2 counters differ from -j 1: $(diff "$TMP/g1" "$TMP/g2" | head)"
has "$(cat "$TMP/g1")" "killer verified 1" "killer puzzle verified"
grep -q "^killer clue_rules [1-9]" "$TMP/g1" || fail "a killer without cages: $(cat "$TMP/g1")"
run "$BENCH" -q -r 1 --seed 7 --generate "$GEN" --md "$TMP/g.md" --csv "$TMP/g.csv" --json "$TMP/g.json"
expect_rc 0 "--generate reports"
has "$(head -1 "$TMP/g.md")" "flags" "--generate markdown stamp"
has "$(head -1 "$TMP/g.md")" "seed 7" "--generate markdown seed"
has "$(cat "$TMP/g.md")" "| preset | puzzles | puzzles/s | µs/puzzle | givens | invented rules | attempts | repairs | propagate | singles | intersections | subsets | verified | target | met |" "--generate markdown header"
grep -qE '^\| classic9 \| 3 \| .* \| 3/3 \| ≥ 200 \| (yes|no) \|$' "$TMP/g.md" || fail "--generate classic9 row: $(cat "$TMP/g.md")"
grep -qE '^\| classic4 \| 5 \| .* \| 5/5 \| \|  \|$' "$TMP/g.md" || fail "--generate classic4 row (no target): $(cat "$TMP/g.md")"
python3 - "$TMP/g.csv" "$TMP/g.json" <<'EOF'
import csv, json, sys
rows = list(csv.DictReader(l for l in open(sys.argv[1]) if not l.startswith("#")))
assert [r["preset"] for r in rows] == ["classic4", "classic9", "killer"], rows
doc = json.load(open(sys.argv[2]))
assert doc["stamp"]["commit"] and doc["setup"]["mode"] == "generate" and doc["setup"]["seed"] == 7
ps = doc["presets"]
assert [p["preset"] for p in ps] == ["classic4", "classic9", "killer"]
for r, p in zip(rows, ps):
    assert p["verified"] == p["puzzles"] == int(r["puzzles"]), p
    assert p["puzzles_per_s"] > 0 and p["us_per_puzzle"] > 0 and p["reps"] == 1
    nog = [p["no_guess"][k] for k in ("propagate", "singles", "intersections", "subsets")]
    assert nog == sorted(nog) and nog[-1] <= p["puzzles"], p
assert ps[0]["target_per_s"] is None and ps[0]["target_met"] is None
assert ps[1]["target_per_s"] == 200 and ps[1]["target_met"] in (True, False)
assert ps[2]["target_per_s"] == 10 and ps[2]["givens"] == 0 and ps[2]["clue_rules"] > 0
assert rows[1]["target_per_s"] == "200" and rows[1]["target_met"] in ("yes", "no")
EOF
run "$BENCH" -q --generate classic4:2,sudokuu:3
expect_rc 2 "--generate with an unknown preset"
has "$ERR" "unknown preset 'sudokuu'" "unknown preset named"
[ -z "$OUT" ] || fail "a table printed after a bad preset: $OUT"
run "$BENCH" -q --generate classic4:0
expect_rc 2 "--generate with no puzzles"
run "$BENCH" -q --generate classic4:2 "$DATA/puzzles.txt"
expect_rc 2 "--generate with a corpus"
run "$BENCH" -q -s singles --generate classic4:2
expect_rc 2 "--generate with a level"
has "$ERR" "--strategy: not with --generate" "level refused with --generate"

# ---- the regression check: the shipped baseline passes, a weaker level fails
run "$SRC/scripts/bench-regress" --build "$RG_BUILD_DIR" --no-build --no-valgrind
expect_rc 0 "bench-regress against the shipped baseline (if counters changed on purpose: scripts/bench-regress --update)"
has "$OUT" "within tolerance" "bench-regress passes"
run "$SRC/scripts/bench-regress" --build "$RG_BUILD_DIR" --no-build --no-valgrind --strategy propagate
expect_rc 1 "bench-regress at the propagate level"
has "$OUT" "WORSE: puzzles2_17_clue_1000/intersections/domwdeg nodes" "weaker level: more nodes"
run "$SRC/scripts/bench-regress" --build "$RG_BUILD_DIR" --no-build --no-valgrind --baseline "$TMP/none.txt"
expect_rc 2 "bench-regress without a baseline"
# Without Valgrind on the PATH (python3 alone): a clear error, not a trace.
mkdir -p "$TMP/novalgrind"
py=/usr/bin/python3
[ -x "$py" ] || py=$(type -P python3)
ln -s "$py" "$TMP/novalgrind/python3"
run env PATH="$TMP/novalgrind" "$SRC/scripts/bench-regress" --build "$RG_BUILD_DIR" --no-build
expect_rc 2 "bench-regress without Valgrind"
has "$ERR" "valgrind: No such file or directory (install Valgrind, or run with --no-valgrind" \
    "the missing Valgrind named"
grep -q Traceback <<<"$ERR" && fail "a Python trace: $ERR"
# A valgrind that runs the harness but takes no dumps (as if callgrind had
# not stopped at the harness's functions): the counts cannot be paired with
# the corpora, which is said (exit status 2), not guessed.
mkdir -p "$TMP/fakevg"
cat >"$TMP/fakevg/valgrind" <<'EOF'
#!/bin/sh
while [ "${1#--}" != "$1" ]; do
    # FAKE_DUMP=1: a file where callgrind's last dump goes, but not a dump
    case $1 in --callgrind-out-file=*) [ -z "${FAKE_DUMP:-}" ] || echo junk >"${1#*=}" ;; esac
    shift
done
"$@"
rc=$?
echo "==1== Collected : 12345" >&2
exit $rc
EOF
chmod +x "$TMP/fakevg/valgrind"
run env PATH="$TMP/fakevg:$PATH" "$SRC/scripts/bench-regress" --build "$RG_BUILD_DIR" --no-build \
    --workload corpus/variants/thermo.jsonl --baseline "$TMP/fake-base.txt" --update
expect_rc 2 "bench-regress without callgrind's dumps"
has "$ERR" "callgrind took 0 load and 0 counting dumps for 1 corpora and 1 cells" \
    "the missing dumps said"
[ ! -e "$TMP/fake-base.txt" ] || fail "a baseline written without the per-corpus counts"
run env PATH="$TMP/fakevg:$PATH" FAKE_DUMP=1 "$SRC/scripts/bench-regress" --build "$RG_BUILD_DIR" \
    --no-build --workload corpus/variants/thermo.jsonl --baseline "$TMP/fake-base.txt" --update
expect_rc 2 "bench-regress with a file that is not a dump"
has "$ERR" "callgrind.out: not a callgrind dump" "the file named"
echo "bench harness tests passed"
