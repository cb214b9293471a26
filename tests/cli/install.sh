#!/usr/bin/env bash
# `cmake --install`: the commands land in bin/ (rulegrid, rulegrid-bench, and
# tools/plot_bench.py as rulegrid-plot-bench), executable, and work from
# there: they find their plugins and presets beside them.
set -euo pipefail

# shellcheck source=../data/cli/common.sh
. "$(dirname "$0")/../data/cli/common.sh"
BUILD=${RG_BUILD_DIR:?}
command -v cmake >/dev/null || { echo "skipped: no cmake"; exit 0; }

run cmake --install "$BUILD" --prefix "$TMP/inst"
expect_rc 0 "cmake --install"
BIN=$TMP/inst/bin
[ -x "$BIN/rulegrid" ] || fail "rulegrid not installed: $(ls "$BIN")"
run "$BIN/rulegrid" count "$DATA/puzzles.txt"
expect_rc 1 "the installed rulegrid"
has "$OUT" "0 unique" "the installed rulegrid finds its plugins and presets"
if [ -x "$BUILD/bin/rulegrid-bench" ]; then
    [ -x "$BIN/rulegrid-bench" ] || fail "rulegrid-bench not installed: $(ls "$BIN")"
    run "$BIN/rulegrid-bench" -q -r 0 --counters - "$DATA/puzzles.txt"
    expect_rc 0 "the installed rulegrid-bench"
    has "$OUT" "puzzles/intersections/domwdeg unique 2" "the installed rulegrid-bench counts"
fi
[ -x "$BIN/rulegrid-plot-bench" ] || fail "rulegrid-plot-bench not installed: $(ls "$BIN")"
head -1 "$BIN/rulegrid-plot-bench" | grep -q '^#!.*python3' || fail "rulegrid-plot-bench: no python3 line"
if /usr/bin/python3 -c 'import matplotlib' 2>/dev/null; then
    run "$BIN/rulegrid-plot-bench" --help
    expect_rc 0 "rulegrid-plot-bench --help"
    has "$OUT" "usage: rulegrid-plot-bench" "rulegrid-plot-bench --help"
fi
echo "install: ok"
