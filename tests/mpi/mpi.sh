#!/usr/bin/env bash
# mpirun -np 3 rulegrid (rank 0 feeds two ranks): count, solve and check
# write the same lines in the same order, the same messages, summary and
# exit status as one process (timings aside), with -j 2 inside the ranks
# too, on classic and variant corpora (a heavy tail among them), standard
# input, several inputs with errors and --template; --resume under MPI
# finishes a run cut off; generate --count N writes the same puzzles for
# any number of ranks. Registered only when the build has MPI.
set -euo pipefail

# shellcheck source=../data/cli/common.sh
. "$(dirname "$0")/../data/cli/common.sh"
: "${MPIRUN:?set MPIRUN to mpirun}"
# Root may run the ranks (containers, CI); a 2-core machine runs 3 of them.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_rmaps_base_oversubscribe=1
# The sanitizer build: the MPI library's own allocations are not ours.
[ "${RG_SANITIZE:-0}" = 1 ] && export ASAN_OPTIONS=detect_leaks=0
mpi() { "$MPIRUN" --oversubscribe -np 3 "$RULEGRID" "$@"; }
mpib() { "$MPIRUN" --oversubscribe -np 3 "$BENCH" "$@"; }

# untimed FILE: FILE without its microseconds and timings of the summary.
untimed() {
    sed -E -e 's/"([a-z_]*us)": [0-9.e+-]+/"\1": 0/g' \
        -e 's/^(time|puzzles\/s|us\/puzzle) .*/\1 -/' -e 's/[0-9.]+ us$/- us/' "$1"
}
# counters FILE: the summary's counters (mpirun adds lines of its own).
counters() { grep -E '^(puzzles|solved|unique|multiple|none|unknown|errors|no guess|guesses/puzzle) ' "$1"; }
# messages FILE: rulegrid's lines of standard error (mpirun adds its own).
messages() { grep '^rulegrid' "$1" || true; }

# same NAME ARGS...: one process and three ranks, compared.
same() {
    local name=$1 rc1 rc3
    shift
    set +e
    "$RULEGRID" "$@" >"$TMP/$name.1" 2>"$TMP/$name.1.err" </dev/null
    rc1=$?
    mpi "$@" >"$TMP/$name.3" 2>"$TMP/$name.3.err" </dev/null
    rc3=$?
    set -e
    [ "$rc1" = "$rc3" ] || fail "$name: exit status $rc3 under mpirun, $rc1 alone: $(cat "$TMP/$name.3.err")"
    untimed "$TMP/$name.1" >"$TMP/$name.1.u"
    untimed "$TMP/$name.3" >"$TMP/$name.3.u"
    cmp -s "$TMP/$name.1.u" "$TMP/$name.3.u" ||
        fail "$name: output differs: $(diff "$TMP/$name.1.u" "$TMP/$name.3.u" | head -5)"
    messages "$TMP/$name.1.err" >"$TMP/$name.1.m"
    messages "$TMP/$name.3.err" >"$TMP/$name.3.m"
    cmp -s "$TMP/$name.1.m" "$TMP/$name.3.m" ||
        fail "$name: messages differ: $(diff "$TMP/$name.1.m" "$TMP/$name.3.m" | head -5)"
    RC=$rc1
}

CLASSIC=$SRC/corpus/classic
# Fewer puzzles under Valgrind or the sanitizers (RULEGRID_TEST_SCALE).
easy=300 hard=100
[ -n "${RULEGRID_TEST_SCALE:-}" ] && easy=100 hard=30
MIX=$TMP/mix.txt
cat "$DATA/puzzles.txt" "$DATA/bad_middle.txt" "$DATA/hard.txt" >"$MIX"
head -n $easy "$CLASSIC/puzzles2_17_clue_1000.txt" >>"$MIX"
head -n $hard "$CLASSIC/puzzles6_forum_hardest_1106.txt" >>"$MIX"
printf '   \n# a comment\n%81s\n\r\n%90s\n' "" "" >>"$MIX" # blank, comment, spaces, CR
head -n 100 "$CLASSIC/puzzles3_magictour_top1465.txt" | sed 's/$/\r/' >>"$MIX"
: >"$TMP/empty.txt"
# The heavy tail: a few killers take most of the time (seven lighter ones under the scale).
KILLER=$SRC/corpus/variants/killer.jsonl
if [ -n "${RULEGRID_TEST_SCALE:-}" ]; then
    sed -n "5,6p;10,14p" "$KILLER" >"$TMP/killer.jsonl"
    KILLER=$TMP/killer.jsonl
fi
SEVERAL=("$DATA/bad_middle.txt" "$TMP/missing.txt" "$MIX" "$TMP/empty.txt" "$DATA/classic.json"
    "$DATA/bad_middle.jsonl" "$SRC/corpus/variants/outside.jsonl")

same count.json count --json "${SEVERAL[@]}" "$KILLER"
expect_rc 2 "count --json on several inputs"
for s in unique multiple none error; do
    grep -q "\"status\": \"$s\"" "$TMP/count.json.1" || fail "the inputs have no $s"
done
[ "$(wc -l <"$TMP/count.json.1")" -ge $((easy + hard + 100)) ] || fail "count --json: too few lines"
same count.text.j2 count --stats -j 2 "${SEVERAL[@]}"
grep -q '^unique ' "$TMP/count.text.j2.1" || fail "count --stats: no summary"
same check.json check --json "${SEVERAL[@]}"
same xsudoku solve --json --template "$DATA/xsudoku_template.json" "$DATA/xsudoku.txt"
grep -q '"status": "solved"' "$TMP/xsudoku.1" || fail "--template: not solved"
same limits count --json --nodes 50 "$CLASSIC/puzzles6_forum_hardest_1106.txt"
expect_rc 3 "--nodes 50"

# A regular file goes to the ranks in blocks of its bytes (4 KB and up, so
# a few hundred lines make several): every number of ranks writes the same,
# an error far into the file names its line, and -j 2 inside the ranks
# combines. BIG: about 1,900 lines (700 under the scale) with a comment, blank
# lines, a CR and two unreadable lines deep inside.
BIG=$TMP/big.txt
n=$((easy * 2))
{
    head -n "$n" "$CLASSIC/puzzles2_17_clue_1000.txt"
    printf '# a comment\n\n'
    head -n "$n" "$CLASSIC/puzzles2_17_clue_1000.txt" | sed '5s/$/\r/'
    echo '53..7....6..195....98....6.8...6...34..8x3..17...2...6.6....28....419..5....8..79'
    head -n "$n" "$CLASSIC/puzzles2_17_clue_1000.txt"
    echo '53..7....6..195'
    head -n 100 "$CLASSIC/puzzles6_forum_hardest_1106.txt"
} >"$BIG"
bad1=$((2 * n + 3)) bad2=$((3 * n + 4))
for k in 2 3 4; do
    for j in 1 2; do
        set +e
        "$MPIRUN" --oversubscribe -np $k "$RULEGRID" count --json --stats -j $j "$BIG" \
            >"$TMP/big.$k.$j" 2>"$TMP/big.$k.$j.err" </dev/null
        rc=$?
        set -e
        [ "$rc" = 2 ] || fail "blocks, -np $k -j $j: exit status $rc, expected 2"
        if [ $k = 2 ] && [ $j = 1 ]; then
            "$RULEGRID" count --json --stats "$BIG" >"$TMP/big.1" 2>"$TMP/big.1.err" || true
            untimed "$TMP/big.1" >"$TMP/big.1.u"
            messages "$TMP/big.1.err" >"$TMP/big.1.m"
            grep -q "big.txt:$bad1: " "$TMP/big.1.m" || fail "no message for line $bad1: $(cat "$TMP/big.1.m")"
            grep -q "big.txt:$bad2: " "$TMP/big.1.m" || fail "no message for line $bad2: $(cat "$TMP/big.1.m")"
        fi
        cmp -s "$TMP/big.1.u" <(untimed "$TMP/big.$k.$j") ||
            fail "blocks, -np $k -j $j: $(diff "$TMP/big.1.u" <(untimed "$TMP/big.$k.$j") | head -5)"
        cmp -s "$TMP/big.1.m" <(messages "$TMP/big.$k.$j.err") ||
            fail "blocks, -np $k -j $j: messages $(diff "$TMP/big.1.m" <(messages "$TMP/big.$k.$j.err"))"
        cmp -s <(counters "$TMP/big.1.err") <(counters "$TMP/big.$k.$j.err") ||
            fail "blocks, -np $k -j $j: the summary differs: $(cat "$TMP/big.$k.$j.err")"
    done
done
# The same file through standard input (rank 0 sends the entries as text).
# Open MPI 4's launcher itself now and then dies forwarding a file to rank
# 0's standard input (a segfault in mpirun's orte_iof_hnp_read_local_handler,
# Open MPI issue 7483, fixed in 5.0; about one run in 50 on a loaded 2-core
# machine): only that crash, recognised by mpirun's own backtrace, is run
# again, at most twice; any other failure fails below.
set +e
"$RULEGRID" count --json - <"$BIG" >"$TMP/big.stdin.1" 2>/dev/null
for try in 1 2 3; do
    "$MPIRUN" --oversubscribe -np 3 "$RULEGRID" count --json -j 2 - <"$BIG" >"$TMP/big.stdin" \
        2>"$TMP/big.stdin.err"
    rc=$?
    [ "$rc" = 139 ] && grep -q "orte_iof_hnp_read_local_handler" "$TMP/big.stdin.err" || break
    echo "note: mpirun crashed forwarding standard input (Open MPI issue 7483), try $try" >&2
done
set -e
cmp -s <(untimed "$TMP/big.stdin") <(untimed "$TMP/big.stdin.1") ||
    fail "blocks: standard input differs ($(wc -l <"$TMP/big.stdin") lines against $(wc -l <"$TMP/big.stdin.1")): $(diff <(untimed "$TMP/big.stdin.1") <(untimed "$TMP/big.stdin") | head -5)"
# --resume of a run cut off deep in the file, resumed on 4 ranks with -j 2:
# the skipped entries fall in several blocks.
head -n $((n + 37)) "$TMP/big.1" >"$TMP/big.resumed"
sed -n "$((n + 38))p" "$TMP/big.1" | head -c 30 >>"$TMP/big.resumed"
set +e
"$MPIRUN" --oversubscribe -np 4 "$RULEGRID" count --json --stats -j 2 --resume "$TMP/big.resumed" "$BIG" \
    >/dev/null 2>&1 </dev/null
set -e
cmp -s "$TMP/big.1.u" <(untimed "$TMP/big.resumed") ||
    fail "blocks: --resume: $(diff "$TMP/big.1.u" <(untimed "$TMP/big.resumed") | head -5)"

# Standard input (rank 0 reads it): classic lines, and documents a line.
run "$RULEGRID" count --json - <"$MIX"
cp "$TMP/out" "$TMP/stdin.1"
set +e
mpi count --json - <"$MIX" >"$TMP/stdin.3" 2>/dev/null
set -e
cmp -s <(untimed "$TMP/stdin.1") <(untimed "$TMP/stdin.3") || fail "standard input: output differs"
OUTSIDE=$SRC/corpus/variants/outside.jsonl
"$RULEGRID" solve "$OUTSIDE" >"$TMP/docs.1"
grep -v '^$' "$OUTSIDE" | mpi solve -j 2 >"$TMP/docs.3"
cmp -s "$TMP/docs.1" "$TMP/docs.3" || fail "documents a line on standard input differ"

# ---- --resume: a run cut off after 300 results and half a line, resumed
# under mpirun, is the whole run.
set +e
"$RULEGRID" count --json "$MIX" >"$TMP/whole.jsonl" 2>/dev/null
set -e
head -n 300 "$TMP/whole.jsonl" >"$TMP/resumed.jsonl"
sed -n 301p "$TMP/whole.jsonl" | head -c 40 >>"$TMP/resumed.jsonl"
set +e
mpi count --json -j 2 --resume "$TMP/resumed.jsonl" "$MIX" >"$TMP/resume.out" 2>/dev/null
rc=$?
set -e
[ "$rc" = 2 ] || fail "--resume under mpirun: exit status $rc (the corpus has an unreadable line)"
[ ! -s "$TMP/resume.out" ] || fail "--resume: output $(head -3 "$TMP/resume.out")"
cmp -s <(untimed "$TMP/whole.jsonl") <(untimed "$TMP/resumed.jsonl") ||
    fail "--resume under mpirun: $(diff <(untimed "$TMP/whole.jsonl") <(untimed "$TMP/resumed.jsonl") | head -5)"

# ---- generate: the same puzzles, in the same order, for 1 and 3 ranks.
gen=(generate --preset classic9 --count 14 --seed 42 --no-time)
"$RULEGRID" "${gen[@]}" >"$TMP/gen.1"
mpi "${gen[@]}" -j 2 >"$TMP/gen.3"
[ "$(wc -l <"$TMP/gen.1")" = 14 ] || fail "generate: not 14 puzzles"
cmp -s "$TMP/gen.1" "$TMP/gen.3" || fail "generate --count 14: 3 ranks differ from one"
# Without --seed every rank takes rank 0's: puzzle i has seed N + i.
mpi generate --preset classic4 --count 5 --no-time >"$TMP/gen.noseed"
seeds=$(grep -o '"seed": "[0-9]*' "$TMP/gen.noseed" | grep -o '[0-9]*$')
[ "$(wc -l <<<"$seeds")" = 5 ] || fail "generate without --seed: $(cat "$TMP/gen.noseed")"
first=$(head -n 1 <<<"$seeds")
"$RULEGRID" generate --preset classic4 --count 5 --no-time --seed "$first" >"$TMP/gen.seeded"
cmp -s "$TMP/gen.noseed" "$TMP/gen.seeded" || fail "generate without --seed: seeds not N + i"

# ---- rulegrid-bench: the ranks share each cell's puzzles; the counters are
# those of one process, held or streamed window by window (--memory 1).
BENCH=${RG_BUILD_DIR:-}/bin/rulegrid-bench
if [ -x "$BENCH" ]; then
    small=("$CLASSIC/puzzles6_forum_hardest_1106.txt:8" "$CLASSIC/puzzles2_17_clue_1000.txt:40"
        "$SRC/corpus/variants/thermo.jsonl" "$SRC/corpus/variants/arrow.jsonl")
    "$BENCH" -q -r 0 -s singles,probe -j 1 --counters "$TMP/bench.1" "${small[@]}"
    mpib -q -r 0 -s singles,probe -j 2 --counters "$TMP/bench.3" "${small[@]}" 2>/dev/null
    grep -q "calls.lines [1-9]" "$TMP/bench.1" || fail "rulegrid-bench: no lines calls"
    cmp -s "$TMP/bench.1" "$TMP/bench.3" ||
        fail "rulegrid-bench under mpirun: $(diff "$TMP/bench.1" "$TMP/bench.3" | head -5)"
    for _ in 1 2 3 4 5; do head -n $((easy * 2)) "$CLASSIC/puzzles2_17_clue_1000.txt"; done >"$TMP/c.txt"
    "$BENCH" -q -r 1 -s intersections --memory 1 --counters "$TMP/stream.1" "$TMP/c.txt"
    mpib -q -r 1 -s intersections --memory 1 --counters "$TMP/stream.3" "$TMP/c.txt" 2>/dev/null
    cmp -s "$TMP/stream.1" "$TMP/stream.3" ||
        fail "rulegrid-bench --memory 1 under mpirun: $(diff "$TMP/stream.1" "$TMP/stream.3" | head -5)"
fi

# A command that is not shared runs once, on rank 0; a usage error is said once.
run mpi plugins
expect_rc 0 "plugins under mpirun"
[ "$OUT" = "$("$RULEGRID" plugins)" ] || fail "plugins under mpirun: $OUT"
run mpi count --limit 0 "$MIX"
expect_rc 2 "a usage error under mpirun"
[ "$(grep -c '^rulegrid' <<<"$ERR")" = 1 ] || fail "the usage error not said once: $ERR"
echo "mpi: ok"
