#!/usr/bin/env bash
# rulegrid report: DIR/index.html for a unique puzzle, one with two solutions,
# one with none, --puzzle N of a corpus, --nodes (unknown within the limit,
# exit 3), the cap on pictures of a long explanation, and exit 2 with a clear
# message (and nothing written) for bad input and usage. The pages in a
# browser: tests/cli/report_browser.sh.
set -euo pipefail

# shellcheck source=../data/cli/common.sh
. "$(dirname "$0")/../data/cli/common.sh"
RDATA=$SRC/tests/data/render
err_has() { grep -qF -- "$1" <<<"$ERR" || fail "$2: '$1' not in the message: $ERR"; }
n_of() { grep -o -- "$2" "$1" | wc -l | tr -d ' '; }
# page_ok WHAT FILE: the page parses as HTML without unclosed elements, holds
# no reference to anything outside it (no src=, no http).
page_ok() {
    python3 - "$2" <<'PY' || fail "$1: not a well-formed self-contained page"
import sys
from html.parser import HTMLParser
VOID = {"meta", "br", "img", "input", "link", "hr"}
class P(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack = []
    def handle_starttag(self, tag, attrs):
        for k, v in attrs:
            assert k not in ("src", "href") or (v or "").startswith("#"), (tag, k, v)
        if tag not in VOID: self.stack.append(tag)
    def handle_startendtag(self, tag, attrs):
        pass
    def handle_endtag(self, tag):
        assert self.stack and self.stack[-1] == tag, (tag, self.stack[-5:])
        self.stack.pop()
p = P()
text = open(sys.argv[1], encoding="utf-8").read()
assert text.startswith("<!DOCTYPE html>")
p.feed(text)
p.close()
assert not p.stack, p.stack
assert "http://" not in text.replace("http://www.w3.org/2000/svg", "") and "https://" not in text
PY
}

# ---- a unique puzzle with every rule family
run "$RULEGRID" report "$RDATA/all_families.json" -o "$TMP/all"
expect_rc 0 "report all_families"
[ -z "$ERR" ] || fail "report all_families wrote to stderr: $ERR"
page_ok "report all_families" "$TMP/all/index.html"
P=$TMP/all/index.html
has "$(cat "$P")" '<section id="verdict" data-status="unique">' "all_families: unique"
steps=$("$RULEGRID" explain "$RDATA/all_families.json" | grep -c '^ *[0-9]*\. \[')
[ "$(n_of "$P" '<div class="frame"')" = "$steps" ] || fail "all_families: $steps steps expected"
[ "$(n_of "$P" '<li data-step=')" = "$steps" ] || fail "all_families: $steps list entries expected"
# a picture for the puzzle, the solution and each step
[ "$(n_of "$P" '<svg ')" = $((steps + 2)) ] || fail "all_families: $((steps + 2)) pictures expected"
rating=$("$RULEGRID" explain --json "$RDATA/all_families.json" | tail -n 1 |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["summary"]["rating"])')
has "$(cat "$P")" "data-rating=\"$rating\"" "all_families: rating $rating"

# ---- two solutions side by side, the cells where they differ named
run "$RULEGRID" report "$RDATA/multiple.json" -o "$TMP/multi"
expect_rc 0 "report multiple"
P=$TMP/multi/index.html
page_ok "report multiple" "$P"
has "$(cat "$P")" 'data-status="multiple"' "multiple: verdict"
[ "$(n_of "$P" 'class="solution solution-')" = 2 ] || fail "multiple: two solutions expected"
has "$(cat "$P")" 'They differ in 4 cells (shaded): r1c2, r1c9, r2c2, r2c9.' "multiple: the rectangle"

# ---- no solution: the broken rule named
run "$RULEGRID" report "$RDATA/none.json" -o "$TMP/none"
expect_rc 0 "report none"
P=$TMP/none/index.html
page_ok "report none" "$P"
has "$(cat "$P")" 'No solution: the givens break rule 0 (box_grid)' "none: the broken rule"

# ---- --puzzle N of a corpus; standard input
run "$RULEGRID" report --puzzle 2 "$DATA/puzzles.txt" -o "$TMP/p2"
expect_rc 0 "report --puzzle 2"
has "$(cat "$TMP/p2/index.html")" "puzzles.txt: puzzle 2" "--puzzle 2: named in the title"
line2=$(grep -v '^#' "$DATA/puzzles.txt" | sed -n 2p)
run "$RULEGRID" report -o "$TMP/stdin" <<<"$line2"
expect_rc 0 "report from standard input"
cmp -s <(sed "s|$DATA/puzzles.txt: puzzle 2|-|g" "$TMP/p2/index.html") "$TMP/stdin/index.html" ||
    fail "--puzzle 2 and the same line on standard input differ"

# ---- a path over 1,100 bytes: the title holds it whole, and the puzzle
LONG=$TMP/$(python3 -c "print('/'.join(['d' * 200] * 6))")
mkdir -p "$LONG"
cp "$DATA/puzzles.txt" "$LONG/puzzles.txt"
run "$RULEGRID" report --puzzle 2 "$LONG/puzzles.txt" -o "$LONG/page"
expect_rc 0 "report, long path"
has "$(cat "$LONG/page/index.html")" "<h1>rulegrid report: $LONG/puzzles.txt: puzzle 2</h1>" \
    "long path: the title whole"

# ---- a limit: unknown within the limit, exit 3, the page still written
run "$RULEGRID" report --nodes 1 "$DATA/hard.txt" --puzzle 1 -o "$TMP/limit"
expect_rc 3 "report --nodes 1"
has "$(cat "$TMP/limit/index.html")" 'Unknown within the limit' "--nodes 1: unknown said"
has "$ERR" "rulegrid: report: the page is written, but --nodes or --time ended some of its work" \
    "--nodes 1: said on standard error too"

# ---- a long explanation: the first 100 steps drawn, the rest listed
EMPTY=$TMP/empty16.json
python3 - "$EMPTY" <<'PY'
import json, sys
json.dump({"format": "rulegrid", "version": 1, "board": {"rows": 16, "columns": 16, "digits": 16},
           "rules": [{"type": "box_grid", "origin": "r1c1", "box": [4, 4]}],
           "givens": {"r%dc%d" % (r, c): (4 * (r - 1) + (r - 1) // 4 + c - 1) % 16 + 1
                      for r in range(1, 17) for c in range(1, 17) if (r * 7 + c * 3) % 5 >= 2}},
          open(sys.argv[1], "w"))
PY
run "$RULEGRID" report "$EMPTY" -o "$TMP/long"
expect_rc 0 "report 16 x 16"
P=$TMP/long/index.html
n=$(grep -o 'data-steps="[0-9]*"' "$P" | grep -o '[0-9]*')
[ "$n" -gt 100 ] || fail "16 x 16: only $n steps; the cap is not exercised"
[ "$(n_of "$P" '<div class="frame"')" = "$n" ] || fail "16 x 16: a frame per step expected"
[ "$(n_of "$P" 'class="note nopic"')" = $((n - 100)) ] || fail "16 x 16: $((n - 100)) steps undrawn"
has "$(cat "$P")" "$n steps: the first 100 are drawn, the rest listed." "16 x 16: the cap said"

# ---- bad input and usage: exit 2, a clear message, nothing written
run "$RULEGRID" report "$RDATA/all_families.json"
expect_rc 2 "report without -o"
err_has "report needs -o DIR" "report without -o"
run "$RULEGRID" report "$DATA/puzzles.txt" -o "$TMP/bad1"
expect_rc 2 "report of a corpus without --puzzle"
err_has "holds several puzzles: choose one with --puzzle N" "corpus without --puzzle"
[ ! -e "$TMP/bad1" ] || fail "a corpus without --puzzle: $TMP/bad1 made"
run "$RULEGRID" report --puzzle 999 "$DATA/puzzles.txt" -o "$TMP/bad2"
expect_rc 2 "report --puzzle 999"
err_has "fewer puzzles than --puzzle asks for" "--puzzle 999"
run "$RULEGRID" report "$DATA/malformed.json" -o "$TMP/bad3"
expect_rc 2 "report malformed.json"
err_has "malformed.json" "malformed.json: the file named"
[ ! -e "$TMP/bad3" ] || fail "malformed.json: $TMP/bad3 made"
run "$RULEGRID" report "$DATA/unknown_type.json" -o "$TMP/bad4"
expect_rc 2 "report unknown_type.json"
err_has "unknown_type.json" "unknown_type.json: the file named"
run "$RULEGRID" report "$TMP/missing.json" -o "$TMP/bad5"
expect_rc 2 "report of a missing file"
err_has "missing.json" "a missing file: named"
touch "$TMP/afile"
run "$RULEGRID" report "$RDATA/all_families.json" -o "$TMP/afile"
expect_rc 2 "report -o a file"
err_has "$TMP/afile" "-o a file: named"
run "$RULEGRID" report a.json b.json -o "$TMP/bad6"
expect_rc 2 "report of two files"
err_has "report takes one FILE (got 2)" "two files"
run "$RULEGRID" report --solution "$RDATA/all_families.json" -o "$TMP/bad7"
expect_rc 2 "report --solution"
# ---- rulegrid-bench --html (when the harness is built)
BENCH=${RG_BUILD_DIR:-$(dirname "$(dirname "$RULEGRID")")}/bin/rulegrid-bench
if [ -x "$BENCH" ]; then
    run "$BENCH" -q -r 0 -s singles,intersections "$DATA/puzzles.txt" --html "$TMP/bench.html"
    expect_rc 0 "bench --html"
    [ -z "$OUT" ] || fail "bench --html alone wrote the markdown report too: $OUT"
    page_ok "bench --html" "$TMP/bench.html"
    [ "$(n_of "$TMP/bench.html" '<svg ')" = 2 ] || fail "bench --html: two charts expected"
    [ "$(n_of "$TMP/bench.html" 'class="bar"')" = 4 ] || fail "bench --html: a bar per cell and chart"
    has "$(cat "$TMP/bench.html")" 'No timed passes (-r 0)' "bench --html -r 0: no times said"
    run "$BENCH" --generate classic4:2 --html "$TMP/gen.html"
    expect_rc 2 "bench --html --generate"
    err_has "--html" "bench --html --generate: the option named"
fi
echo "report: ok"
