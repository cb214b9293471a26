# Shared by the shell tests of the command (sourced, not run): temporary
# folder, fail, run (OUT, ERR, RC of a command), quiet (a command that must
# succeed, its log shown when it does not), expect_rc, has, bench_or_skip.
: "${RULEGRID:?set RULEGRID to the built rulegrid command}"
SRC=${RG_SOURCE_DIR:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
DATA=$SRC/tests/data/cli
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# The system's interpreter when there is one: a version manager's python3
# shim on the PATH costs a second or more a call on a loaded machine, and
# the tests call python3 hundreds of times (its standard library only).
if [ -x /usr/bin/python3 ]; then python3() { /usr/bin/python3 "$@"; }; fi

fail() { echo "FAIL: $*" >&2; exit 1; }
# run CMD...: OUT, ERR and RC of the command, whatever its exit status.
run() {
    set +e
    "$@" >"$TMP/out" 2>"$TMP/err"
    RC=$?
    set -e
    OUT=$(cat "$TMP/out")
    ERR=$(cat "$TMP/err")
}
# quiet LOG CMD...: run CMD with its output in LOG; fail, showing LOG, when
# it does not succeed.
quiet() {
    local log=$1
    shift
    "$@" >"$log" 2>&1 || { cat "$log" >&2; fail "$*"; }
}
expect_rc() { [ "$RC" = "$1" ] || fail "$2: exit status $RC, expected $1; stderr: $ERR"; }
has() { grep -qF -- "$2" <<<"$1" || fail "$3: '$2' not in output:
$1"; }
# bench_or_skip: BENCH, the build's rulegrid-bench; the test ends as skipped
# (status 0, saying so) when the build has none (RULEGRID_BENCH=OFF).
bench_or_skip() {
    BENCH=${RG_BUILD_DIR:?}/bin/rulegrid-bench
    if [ ! -x "$BENCH" ]; then
        echo "skipped: $BENCH not built (RULEGRID_BENCH=OFF)"
        exit 0
    fi
}
