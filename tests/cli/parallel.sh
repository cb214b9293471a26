#!/usr/bin/env bash
# rulegrid solve|count|check|candidates -j N: the same lines in the same
# order, the same messages and exit status as -j 1 (timings aside), on a
# corpus mixing unique, multiple, none and unreadable entries and on several
# inputs; --resume: runs killed at random points, then resumed, give the
# output of one uninterrupted run; its usage errors.
set -euo pipefail

# shellcheck source=../data/cli/common.sh
. "$(dirname "$0")/../data/cli/common.sh"
# untimed FILE: FILE without its microseconds (the "us" fields of stats).
untimed() { sed -E 's/"([a-z_]*us)": [0-9.e+-]+/"\1": 0/g' "$1"; }
same_file() { cmp -s "$1" "$2" || fail "$3: $1 and $2 differ: $(diff "$1" "$2" | head -5)"; }

MIX=$TMP/mix.txt
cat "$DATA/puzzles.txt" "$DATA/bad_middle.txt" "$DATA/hard.txt" >"$MIX"
head -n 205 "$SRC/corpus/classic/puzzles2_17_clue_1000.txt" >>"$MIX"
: >"$TMP/empty.txt"

# ---- -j 2 and -j 3 against -j 1: text and JSON, one input and several
# (one of them missing, one without a puzzle), standard output, messages, status.
for cmd in solve count check candidates; do
    for form in text json; do
        flag=()
        [ "$form" = json ] && flag=(--json)
        for set in one several; do
            inputs=("$MIX")
            [ "$set" = several ] && inputs=("$DATA/bad_middle.txt" "$TMP/missing.txt" "$MIX"
                "$TMP/empty.txt" "$DATA/classic.json")
            base=$TMP/$cmd.$form.$set
            set +e
            "$RULEGRID" "$cmd" "${flag[@]}" -j 1 "${inputs[@]}" >"$base.1" 2>"$base.1.err"
            rc1=$?
            set -e
            [ "$(wc -l <"$base.1")" -ge 200 ] || fail "$cmd $form $set: too few lines"
            for j in 2 3; do
                set +e
                "$RULEGRID" "$cmd" "${flag[@]}" -j $j "${inputs[@]}" >"$base.$j" 2>"$base.$j.err"
                rc=$?
                set -e
                [ "$rc" = "$rc1" ] || fail "$cmd $form $set -j $j: exit status $rc, -j 1 $rc1"
                untimed "$base.1" >"$base.1.u"
                untimed "$base.$j" >"$base.$j.u"
                same_file "$base.$j.u" "$base.1.u" "$cmd $form $set -j $j"
                same_file "$base.$j.err" "$base.1.err" "$cmd $form $set -j $j messages"
            done
        done
    done
done
# Both streams in one file: each unreadable line's message where its result
# is, after the results before it, as with -j 1 (standard output was left in
# its buffer while the message went out first).
for form in text json; do
    flag=()
    [ "$form" = json ] && flag=(--json)
    set +e
    "$RULEGRID" count "${flag[@]}" -j 1 "$MIX" >"$TMP/both.$form.1" 2>&1
    "$RULEGRID" count "${flag[@]}" -j 2 "$MIX" >"$TMP/both.$form.2" 2>&1
    set -e
    untimed "$TMP/both.$form.1" >"$TMP/both.$form.1.u"
    untimed "$TMP/both.$form.2" >"$TMP/both.$form.2.u"
    same_file "$TMP/both.$form.2.u" "$TMP/both.$form.1.u" "count $form -j 2, one file for both streams"
    grep -q '^rulegrid: ' "$TMP/both.$form.1" || fail "count $form: the corpus gave no message"
    [ "$(head -n 1 "$TMP/both.$form.1" | cut -c1-9)" != 'rulegrid:' ] ||
        fail "count $form: the message came before the first result"
done

# The statuses the corpus mixes, so that the comparisons above mean something.
for s in unique multiple none error; do
    grep -q "\"status\": \"$s\"" "$TMP/count.json.one.1" || fail "the corpus has no $s"
done

# ---- Classic lines under --template: the workers read them through the
# shared template (without it each worker has its own copy of the built-in
# one); the same as -j 1, and not what the built-in template gives.
XS=$TMP/xsudoku.txt
for _ in $(seq 300); do cat "$SRC/examples/xsudoku.txt"; done >"$XS"
XT=$SRC/examples/xsudoku_template.json
"$RULEGRID" count -j 1 --template "$XT" "$XS" >"$TMP/xs.1"
"$RULEGRID" count -j 3 --template "$XT" "$XS" >"$TMP/xs.3"
"$RULEGRID" count -j 3 "$XS" >"$TMP/xs.plain" || true
same_file "$TMP/xs.3" "$TMP/xs.1" "count --template -j 3"
[ "$(grep -c ' unique ' "$TMP/xs.3")" -ge 300 ] || fail "count --template -j 3: too few unique"
cmp -s "$TMP/xs.3" "$TMP/xs.plain" && fail "count -j 3: --template made no difference"

# ---- --resume: kill runs at random points, resume, compare with one whole run
# (20 copies of the 17-clue list after the mix; 5 under the sanitizers,
# RULEGRID_TEST_SCALE set, where a run is four times as slow and the kills
# still land in its middle: their delays come from its time).
BIG=$TMP/big.txt
cat "$MIX" >"$BIG"
copies=20
[ -n "${RULEGRID_TEST_SCALE:-}" ] && copies=5
for _ in $(seq "$copies"); do
    cat "$SRC/corpus/classic/puzzles2_17_clue_1000.txt" >>"$BIG"
done
# resume_case NAME CMD ARGS...: a whole run into NAME.whole, then runs
# killed after a random part of its time and resumed, appending to NAME.out;
# the last run goes to the end. Outputs and exit statuses compared. The kill
# delays come from the whole run's time, which a loaded machine can stretch:
# when none of five runs was killed (each finished before its delay), the
# round starts again from an empty NAME.out with delays half as long, up to
# four rounds.
resume_case() {
    local name=$1 kills=0 round scale=1
    shift
    local t0 t1
    t0=$(date +%s%N)
    set +e
    "$RULEGRID" "$@" >"$TMP/$name.whole" 2>/dev/null
    local rc_whole=$?
    set -e
    t1=$(date +%s%N)
    local ms=$(((t1 - t0) / 1000000 + 10))
    local out=$TMP/$name.out
    for round in 1 2 3 4; do
        rm -f "$out"
        for _ in 1 2 3 4 5; do
            local delay=$(((ms / 10 + RANDOM % (ms / 2)) / scale + 1))
            set +e
            timeout --foreground -s KILL "$((delay / 1000)).$(printf %03d $((delay % 1000)))" \
                "$RULEGRID" "$@" --resume "$out" 2>/dev/null
            local rc=$?
            set -e
            [ "$rc" = 137 ] && kills=$((kills + 1))
        done
        [ "$kills" -eq 0 ] || break
        scale=$((scale * 2))
    done
    [ "$kills" -gt 0 ] || fail "$name: no run was killed in four rounds (a whole run takes $ms ms)"
    set +e
    "$RULEGRID" "$@" --resume "$out" 2>/dev/null
    local rc_resumed=$?
    set -e
    [ "$rc_resumed" = "$rc_whole" ] || fail "$name: resumed exit status $rc_resumed, whole $rc_whole"
    untimed "$TMP/$name.whole" >"$TMP/$name.whole.u"
    untimed "$out" >"$TMP/$name.out.u"
    same_file "$TMP/$name.out.u" "$TMP/$name.whole.u" "$name: resumed against whole"
    echo "$name: $kills of 5 runs killed in round $round (whole run $ms ms), $(wc -l <"$out") lines"
}
resume_case count count --json -j 2 "$BIG"
resume_case solve1 solve --json -j 1 "$BIG"
resume_case candidates candidates --json -j 3 "$MIX" "$BIG"
resume_case check check --json -j 2 "$BIG" "$MIX"

# A partial last line is cut and its entry done again; a complete result
# file is left as it is, with the exit status of its results.
head -c -300 "$TMP/count.whole" >"$TMP/cut.jsonl"
run "$RULEGRID" count --json -j 2 "$BIG" --resume "$TMP/cut.jsonl"
expect_rc 2 "resume after a cut line"
untimed "$TMP/cut.jsonl" >"$TMP/cut.u"
same_file "$TMP/cut.u" "$TMP/count.whole.u" "resume after a cut line"
cp "$TMP/count.whole" "$TMP/done.jsonl"
run "$RULEGRID" count --json "$BIG" --resume "$TMP/done.jsonl"
expect_rc 2 "resume of a finished run"
same_file "$TMP/done.jsonl" "$TMP/count.whole" "resume of a finished run"
[ -z "$OUT" ] || fail "resume writes to standard output: $OUT"

# ---- usage
run "$RULEGRID" count "$MIX" --resume "$TMP/r.jsonl"
expect_rc 2 "--resume without --json"
has "$ERR" "--resume needs --json" "--resume without --json"
run "$RULEGRID" count --json -q "$MIX" --resume "$TMP/r.jsonl"
expect_rc 2 "--resume with -q"
has "$ERR" "--resume writes the results: not with -q" "--resume with -q"
printf 'not json\n' >"$TMP/bad.jsonl"
run "$RULEGRID" count --json "$MIX" --resume "$TMP/bad.jsonl"
expect_rc 2 "--resume of a file of something else"
has "$ERR" "bad.jsonl:1: not a result line of rulegrid --json" "--resume of something else"
# An index no run writes (past any corpus, or not whole) is no result line
# either: refused by line, never cast (a double past long's range cast to
# long is undefined, which the sanitizer build stops at).
for index in 1e300 2.5; do
    printf '{"index": 0, "status": "unique"}\n{"index": %s, "status": "unique"}\n' "$index" >"$TMP/bad.jsonl"
    run "$RULEGRID" count --json "$MIX" --resume "$TMP/bad.jsonl"
    expect_rc 2 "--resume of an index $index"
    has "$ERR" "bad.jsonl:2: not a result line of rulegrid --json" "--resume of an index $index"
done
run "$RULEGRID" count --json "$MIX" --resume "$TMP/no/such/dir.jsonl"
expect_rc 2 "--resume into a missing folder"
has "$ERR" "rulegrid: --resume: cannot open" "--resume into a missing folder"
run "$RULEGRID" count -j 0 "$MIX"
expect_rc 2 "-j 0"
has "$ERR" "is not a number of threads from 1 to 256" "-j 0"
echo "parallel: ok"
