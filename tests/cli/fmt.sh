#!/usr/bin/env bash
# rulegrid fmt and rulegrid convert: canonical output, --check exit codes,
# -w in place, conversions both ways, and bad input (exit 2, a message that
# names the file, rule and field).
set -euo pipefail

# shellcheck source=../data/cli/common.sh
. "$(dirname "$0")/../data/cli/common.sh"
err_has() { grep -qF -- "$1" <<<"$ERR" || fail "$2: '$1' not in the message: $ERR"; }

# ---- fmt of a document: canonical, and canonical text is left as it is
printf '%s\n' '{"rules": [{"cells": ["R1C1", "R2C2"], "type": "cage", "sum": 3},' \
    '{"type": "box_grid", "origin": "R1C1", "box": [2, 2]}], "version": 1,' \
    '"board": {"rows": 4, "columns": 4, "digits": 4}, "format": "rulegrid",' \
    '"givens": {"r4c4": 1, "r1c1": 2}, "x-tool": "test"}' >"$TMP/doc.json"
run "$RULEGRID" fmt "$TMP/doc.json"
expect_rc 0 "fmt document"
EXPECTED='{
  "format": "rulegrid",
  "version": 1,
  "board": {"rows": 4, "columns": 4, "digits": 4},
  "rules": [
    {"type": "box_grid", "origin": "r1c1", "box": [2, 2]},
    {"type": "cage", "cells": ["r1c1", "r2c2"], "sum": 3}
  ],
  "givens": {
    "r1c1": 2,
    "r4c4": 1
  },
  "x-tool": "test"
}'
[ "$OUT" = "$EXPECTED" ] || fail "fmt document: got
$OUT"
run "$RULEGRID" fmt --line "$TMP/doc.json"
expect_rc 0 "fmt --line"
[ "$(wc -l <"$TMP/out")" = 1 ] || fail "fmt --line: not one line: $OUT"
has "$OUT" '"rules": [{"type": "box_grid", "origin": "r1c1", "box": [2, 2]}, {"type": "cage"' "fmt --line"

# ---- --check: exit 1 and the file listed; nothing else written
run "$RULEGRID" fmt --check "$TMP/doc.json"
expect_rc 1 "check of a file not canonical"
[ "$OUT" = "$TMP/doc.json" ] || fail "check lists the file: $OUT"
cp "$TMP/doc.json" "$TMP/before.json"

# ---- -w rewrites in place; then --check passes and a second -w changes nothing
run "$RULEGRID" fmt -w "$TMP/doc.json"
expect_rc 0 "fmt -w"
[ -z "$OUT" ] || fail "fmt -w printed: $OUT"
[ "$(cat "$TMP/doc.json")" = "$EXPECTED" ] || fail "fmt -w: file not rewritten"
ls "$TMP"/doc.json.fmt-* >/dev/null 2>&1 && fail "fmt -w left a temporary file"
run "$RULEGRID" fmt --check "$TMP/doc.json"
expect_rc 0 "check after -w"
[ -z "$OUT" ] || fail "check of a canonical file listed: $OUT"
cp "$TMP/doc.json" "$TMP/after.json"
run "$RULEGRID" fmt --write "$TMP/doc.json"
cmp -s "$TMP/doc.json" "$TMP/after.json" || fail "fmt -w of a canonical file changed it"
# a symbolic link stays one: the file it leads to is rewritten
mkdir "$TMP/links"
cp "$TMP/before.json" "$TMP/links/target.json"
ln -s target.json "$TMP/links/link.json"
run "$RULEGRID" fmt -w "$TMP/links/link.json"
expect_rc 0 "fmt -w through a link"
[ -L "$TMP/links/link.json" ] || fail "fmt -w replaced the link by a file"
[ "$(cat "$TMP/links/target.json")" = "$EXPECTED" ] || fail "fmt -w through a link: target not rewritten"

# ---- JSON lines: a document a line; --check names the lines
sed -n 1,3p "$SRC/corpus/variants/cells.jsonl" >"$TMP/c.jsonl"
"$RULEGRID" fmt "$TMP/c.jsonl" >"$TMP/canon.jsonl"
[ "$(wc -l <"$TMP/canon.jsonl")" = 3 ] || fail "fmt of 3 lines gave $(wc -l <"$TMP/canon.jsonl")"
run "$RULEGRID" fmt --check "$TMP/canon.jsonl"
expect_rc 0 "check of canonical lines"
{ sed -n 1p "$TMP/canon.jsonl"; sed -n 2p "$TMP/canon.jsonl" | sed 's/"r1c1"/"R1C1"/g'; sed -n 3p "$TMP/canon.jsonl"; } >"$TMP/mixed.jsonl"
if grep -q R1C1 "$TMP/mixed.jsonl"; then
    run "$RULEGRID" fmt --check "$TMP/mixed.jsonl" "$TMP/canon.jsonl"
    expect_rc 1 "check of a changed line"
    [ "$OUT" = "$TMP/mixed.jsonl:2" ] || fail "check names file:line: $OUT"
    run "$RULEGRID" fmt -w "$TMP/mixed.jsonl"
    cmp -s "$TMP/mixed.jsonl" "$TMP/canon.jsonl" || fail "fmt -w of JSON lines"
fi
# standard input: a document, or documents one a line
run "$RULEGRID" fmt - <"$TMP/before.json"
expect_rc 0 "fmt from standard input"
[ "$OUT" = "$EXPECTED" ] || fail "fmt from standard input"
run "$RULEGRID" fmt <"$TMP/canon.jsonl"
cmp -s "$TMP/out" "$TMP/canon.jsonl" || fail "fmt of lines from standard input"

# ---- bad input: exit 2, the message names file, rule, type and field
printf '%s\n' '{"format": "rulegrid", "version": 1, "board": {"rows": 4, "columns": 4, "digits": 4},' \
    '"rules": [{"type": "box_grid", "origin": "r1c1", "box": [2, 5]}]}' >"$TMP/bad.json"
run "$RULEGRID" fmt "$TMP/bad.json"
expect_rc 2 "fmt of a bad document"
err_has "$TMP/bad.json" "bad document"
err_has "rule 0 (box_grid)" "bad document"
err_has "field box" "bad document"
[ -z "$OUT" ] || fail "fmt of a bad document printed: $OUT"
cp "$DATA/bad_middle.jsonl" "$TMP/bad_middle.jsonl"
run "$RULEGRID" fmt -w "$TMP/bad_middle.jsonl"
expect_rc 2 "fmt -w of a corpus with a bad line"
err_has "bad_middle.jsonl:2: rule 0 (box_grid): field box[1]" "bad line"
cmp -s "$TMP/bad_middle.jsonl" "$DATA/bad_middle.jsonl" || fail "fmt -w rewrote a file with a bad line"
run "$RULEGRID" fmt --check "$TMP/bad_middle.jsonl"
expect_rc 2 "check of a corpus with a bad line"
run "$RULEGRID" fmt "$TMP/missing.json"
expect_rc 2 "fmt of a missing file"
err_has "$TMP/missing.json" "missing file"
run "$RULEGRID" fmt "$DATA/puzzles.txt"
expect_rc 2 "fmt of classic lines"
err_has "convert" "fmt of classic lines"
run "$RULEGRID" fmt -w
expect_rc 2 "fmt -w of standard input"
: >"$TMP/empty.txt"
run "$RULEGRID" fmt "$TMP/empty.txt"
expect_rc 2 "fmt of an empty file"
err_has "empty input: no document" "fmt of an empty file"
run "$RULEGRID" convert --to jsonl "$TMP/empty.txt"
expect_rc 2 "convert of an empty file"
err_has "empty input: no puzzle" "convert of an empty file"
run "$RULEGRID" fmt -w --check "$TMP/doc.json"
expect_rc 2 "fmt -w --check"
err_has "-w and --check do not go together" "fmt -w --check"
run "$RULEGRID" fmt -w -
expect_rc 2 "fmt -w -"
err_has "cannot rewrite standard input" "fmt -w -"
run "$RULEGRID" fmt --colour "$TMP/doc.json"
expect_rc 2 "fmt with an unknown option"
err_has "unknown option '--colour'" "fmt with an unknown option"
run "$RULEGRID" convert --to
expect_rc 2 "convert --to without a value"
err_has "option --to needs a value" "convert --to without a value"
run "$RULEGRID" fmt --check=yes "$TMP/doc.json"
expect_rc 2 "fmt --check=yes"
err_has "option --check takes no value" "fmt --check=yes"
run "$RULEGRID" fmt --to jsonl "$TMP/doc.json"
expect_rc 2 "option of convert given to fmt"
err_has "--to" "option of convert given to fmt"

# ---- plugins: RULEGRID_PLUGIN_PATH and --plugins are honoured
mkdir -p "$TMP/nothing"
run env RULEGRID_PLUGIN_PATH="$TMP/none" "$RULEGRID" fmt --plugins "$TMP/nothing" "$DATA/unknown_type.json"
expect_rc 2 "unknown type"
err_has "lab.mystery" "unknown type"
err_has "$TMP/nothing" "unknown type names --plugins folder"
err_has "$TMP/none" "unknown type names RULEGRID_PLUGIN_PATH folder"
# a --plugins folder that does not exist is an error, not a silent search
# (a RULEGRID_PLUGIN_PATH folder may be missing, as $TMP/none is above)
run "$RULEGRID" fmt --plugins "$TMP/missing" "$DATA/unknown_type.json"
expect_rc 2 "a missing --plugins folder"
err_has "$TMP/missing: cannot search folder: No such file or directory" "a missing --plugins folder"
run "$RULEGRID" fmt --plugins "$DATA/unknown_type.json" "$DATA/unknown_type.json"
expect_rc 2 "a file as --plugins folder"
err_has "unknown_type.json: not a folder" "a file as --plugins folder"

# ---- convert: classic lines -> jsonl -> lines gives the same lines ('0' as '.')
awk '!/^#/ && n < 50 { print substr($0, 1, 81); n++ }' "$SRC/corpus/classic/puzzles2_17_clue_1000.txt" >"$TMP/classic.txt"
run "$RULEGRID" convert --to jsonl "$TMP/classic.txt" -o "$TMP/classic.jsonl"
expect_rc 0 "convert --to jsonl"
[ "$(wc -l <"$TMP/classic.jsonl")" = 50 ] || fail "convert --to jsonl: $(wc -l <"$TMP/classic.jsonl") lines"
run "$RULEGRID" fmt --check "$TMP/classic.jsonl"
expect_rc 0 "converted lines are canonical"
run "$RULEGRID" convert --to lines "$TMP/classic.jsonl"
expect_rc 0 "convert --to lines"
diff <(tr 0 . <"$TMP/classic.txt") "$TMP/out" >/dev/null || fail "lines -> jsonl -> lines differs"
# with a template: X-sudoku lines keep their rules through the template
run "$RULEGRID" convert --to jsonl --template "$DATA/xsudoku_template.json" "$DATA/xsudoku.txt"
expect_rc 0 "convert --to jsonl with a template"
has "$OUT" '"kind": "diagonal"' "jsonl from a template"
printf '%s\n' "$OUT" >"$TMP/x.jsonl"
run "$RULEGRID" convert --to lines --template "$DATA/xsudoku_template.json" "$TMP/x.jsonl"
expect_rc 0 "convert --to lines with a template"
diff <(grep -v '^#' "$DATA/xsudoku.txt" | cut -c1-81 | tr 0 .) "$TMP/out" >/dev/null ||
    fail "x-sudoku lines -> jsonl -> lines differs: $OUT"
# without the template, X-sudoku rules cannot go into a line
run "$RULEGRID" convert --to lines "$TMP/x.jsonl"
expect_rc 2 "convert --to lines of X-sudoku without a template"
err_has "x.jsonl:1:" "names file and line"
err_has "--template" "suggests a template"
# a board that no line holds
run "$RULEGRID" convert --to lines "$DATA/twodoku.json"
expect_rc 2 "convert --to lines of a twodoku"
err_has "twodoku.json" "names the file"
err_has "square board" "says why"
run "$RULEGRID" convert --to lines "$DATA/sixteen.json"
expect_rc 2 "convert --to lines of 16 digits"
# --to json: one pretty document; more than one puzzle is an error
run "$RULEGRID" convert --to json "$DATA/classic.json"
expect_rc 0 "convert --to json"
has "$OUT" '  "rules": [' "convert --to json is indented"
head -1 "$TMP/classic.txt" >"$TMP/one.txt"
run "$RULEGRID" convert --to json "$TMP/one.txt"
expect_rc 0 "convert --to json of one line"
has "$OUT" '"givens": {' "convert --to json of one line"
run "$RULEGRID" convert --to json "$TMP/classic.txt"
expect_rc 2 "convert --to json of many puzzles"
err_has "--to jsonl" "convert --to json of many puzzles"
# said once, whatever the number of puzzles and inputs, and nothing more read
[ "$(grep -c . <<<"$ERR")" = 1 ] || fail "convert --to json of many puzzles: more than one message: $ERR"
printf '{"format": "rulegrid", "version": 1, "board": {"rows": 4, "columns": 4, "digits": 4}, "rules": [{"type": "box_grid", "origin": "r1c1", "box": [2, 2]}]}\n%.0s' 1 2 3 4 5 >"$TMP/five.jsonl"
run "$RULEGRID" convert --to json "$TMP/five.jsonl" "$TMP/classic.txt"
expect_rc 2 "convert --to json of five documents a line"
[ "$ERR" = "rulegrid: $TMP/five.jsonl:2: --to json writes one document, and the input holds more than one puzzle (use --to jsonl)" ] ||
    fail "convert --to json of five documents: $ERR"
# usage and bad input
run "$RULEGRID" convert "$TMP/classic.txt"
expect_rc 2 "convert without --to"
err_has "--to" "convert without --to"
run "$RULEGRID" convert --to yaml "$TMP/classic.txt"
expect_rc 2 "convert --to yaml"
err_has "yaml" "convert --to yaml"
run "$RULEGRID" convert --to jsonl "$DATA/bad_middle.txt"
expect_rc 2 "convert of a bad classic line"
err_has "bad_middle.txt:" "convert of a bad classic line"
[ -n "$OUT" ] || fail "convert of a corpus with one bad line wrote nothing"
echo "fmt.sh: ok"
