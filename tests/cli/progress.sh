#!/usr/bin/env bash
# The progress line of long runs (rulegrid solve/count/check, each cell of
# rulegrid-bench): on standard error, only when it is a terminal, and erased
# so that the other output is what it is without it. The terminal is a
# pseudo-terminal made by python3 (pty).
set -euo pipefail

# shellcheck source=../data/cli/common.sh
. "$(dirname "$0")/../data/cli/common.sh"
BENCH=${RG_BUILD_DIR:?}/bin/rulegrid-bench
ESC=$(printf '\033')
CR=$(printf '\r')

# on_tty CMD...: runs CMD (a shell command line) with its standard input,
# output and error on a pseudo-terminal; OUT is all it wrote there, RC its
# exit status.
on_tty() {
    set +e
    python3 - "$1" >"$TMP/tty" <<'EOF'
import fcntl, os, pty, struct, sys, termios
pid, fd = pty.fork()
if pid == 0:
    # 40 rows of 160 columns: room for the whole line
    fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 160, 0, 0))
    os.execvp("sh", ["sh", "-c", sys.argv[1]])
out = b""
while True:
    try:
        data = os.read(fd, 65536)
    except OSError:
        break
    if not data:
        break
    out += data
_, status = os.waitpid(pid, 0)
sys.stdout.buffer.write(out)
sys.exit(os.WEXITSTATUS(status) if os.WIFEXITED(status) else 128)
EOF
    RC=$?
    set -e
    OUT=$(cat "$TMP/tty")
}

# Runs of a second or a few: the line is drawn only after half a second.
# Forward checking in reading order (no propagation beyond a placed digit's
# peers, hence no fast path) takes tens of milliseconds a puzzle of the
# forum's hardest list: its first 20 take about a second and a half, with
# room for a machine three times as fast. (Plain propagation took about 3 ms
# a puzzle and left too little room once the search got faster.) Under the
# sanitizers (RULEGRID_TEST_SCALE set), which run about four times slower,
# 12 puzzles (1.4 s) and a smaller batch still last long enough. A classic9
# puzzle takes about a quarter of a millisecond to make (the classic fast
# path solves its uniqueness checks): 4,000 take a second.
HARD=$TMP/hard.txt
BATCH=4000
LINES=20
if [ -n "${RULEGRID_TEST_SCALE:-}" ]; then
    BATCH=1600
    LINES=12
fi
head -n "$LINES" "$SRC/corpus/classic/puzzles6_forum_hardest_1106.txt" >"$HARD"
N=$(grep -c "^[^#]" "$HARD")
cat "$HARD" "$HARD" >"$TMP/long.txt"
SLOW=(count --strategy forward --heuristic first)

# ---- not a terminal: not a byte of it
run "$RULEGRID" "${SLOW[@]}" -q --stats "$HARD"
expect_rc 0 "count, standard error not a terminal"
[ -z "$ERR" ] || fail "progress written when standard error is not a terminal: $ERR"
run "$RULEGRID" "${SLOW[@]}" "$TMP/long.txt"
cp "$TMP/out" "$TMP/results.txt"

# ---- a terminal: puzzles done of the total, the rate and the time left
on_tty "'$RULEGRID' ${SLOW[*]} -q --stats '$TMP/long.txt'"
[ "$RC" = 0 ] || fail "count -q on a terminal: exit status $RC: $OUT"
grep -qE "count: [0-9]+/$((2 * N)) puzzles, [0-9.]+/s, ETA [0-9]+:[0-9]{2}" <<<"$OUT" ||
    fail "no progress line on a terminal: $OUT"
# erased before the summary, which is as without a terminal
tail=${OUT##*"$ESC[K"}
[ "$(tr -d '\r' <<<"$tail" | grep -c .)" = 12 ] || fail "progress left before the summary: $tail"
has "$tail" "puzzles         $((2 * N))" "the summary after the progress line"
# standard output elsewhere: the results are the same bytes
on_tty "'$RULEGRID' ${SLOW[*]} '$TMP/long.txt' >'$TMP/tty-results.txt'"
[ "$RC" = 0 ] || fail "count > file on a terminal: exit status $RC"
has "$OUT" "ETA" "progress while the results go to a file"
cmp -s "$TMP/results.txt" "$TMP/tty-results.txt" || fail "results differ with a progress line"
# results streaming on the same terminal: no progress line among them
on_tty "'$RULEGRID' ${SLOW[*]} '$HARD'"
if grep -q "ETA" <<<"$OUT"; then fail "a progress line among results on the terminal"; fi
# an error after the line is drawn is written on a line of its own
cp "$HARD" "$TMP/bad.txt"
sed -n 2p "$SRC/tests/data/cli/bad_middle.txt" >>"$TMP/bad.txt"
on_tty "'$RULEGRID' ${SLOW[*]} -q '$TMP/bad.txt'"
[ "$RC" = 2 ] || fail "a bad line: exit status $RC"
grep -qE "$ESC\[K$CR$ESC\[Krulegrid: $TMP/bad.txt:[0-9]+: column 41" <<<"$OUT" ||
    fail "the error is not on a line of its own: $OUT"

# ---- a generate batch of a second or two
on_tty "'$RULEGRID' generate --preset classic9 --seed 1 --count $BATCH -q"
[ "$RC" = 0 ] || fail "generate on a terminal: exit status $RC: $OUT"
grep -qE "generate: [0-9]+/$BATCH puzzles, [0-9.]+/s, ETA" <<<"$OUT" || fail "no progress line for a batch: $OUT"
[ -z "$(tr -d '\r' <<<"${OUT##*"$ESC[K"}")" ] || fail "generate left its progress line"

# ---- rulegrid-bench: a line per cell, while counting and while timing
if [ -x "$BENCH" ]; then
    cd "$SRC"
    BSLOW=(-r 1 -s forward -H first "$HARD")
    run "$BENCH" -q "${BSLOW[@]}" --counters "$TMP/c1"
    expect_rc 0 "bench, standard error not a terminal"
    [ -z "$ERR" ] || fail "bench progress written when standard error is not a terminal: $ERR"
    on_tty "'$BENCH' -q ${BSLOW[*]} --counters '$TMP/c2'"
    [ "$RC" = 0 ] || fail "bench on a terminal: exit status $RC: $OUT"
    NAME=$(basename "$HARD" .txt)
    grep -qE "counting $NAME, forward, first: [0-9]+/$N puzzles, .*ETA" <<<"$OUT" ||
        fail "no progress line while counting: $OUT"
    grep -qE "timing $NAME, forward, first: [0-9]+/$N puzzles, .*ETA" <<<"$OUT" ||
        fail "no progress line while timing: $OUT"
    [ -z "$(tr -d '\r' <<<"${OUT##*"$ESC[K"}")" ] || fail "bench left its progress line"
    cmp -s "$TMP/c1" "$TMP/c2" || fail "bench counters differ with a progress line"
fi

echo "progress: ok"
