#!/usr/bin/env bash
# rulegrid convert --from fpuzzles / --to fpuzzles: each of the 22 puzzles of
# corpus/fpuzzles reads to a document with the solutions of its reference
# reading and round-trips through --to fpuzzles to the same document; links;
# the keys the corpus lacks (tests/data/fpuzzles/keys.txt, made by
# gen_keys.js with lz-string 1.5.0); refusals by key and by rule.
set -euo pipefail

# shellcheck source=../data/cli/common.sh
. "$(dirname "$0")/../data/cli/common.sh"
err_has() { grep -qF -- "$1" <<<"$ERR" || fail "$2: '$1' not in the message: $ERR"; }
CORPUS=$SRC/corpus/fpuzzles/sample.jsonl
KEYS=$SRC/tests/data/fpuzzles/keys.txt

# member NAME FILE: one member of a JSON file, as JSON (strings bare).
member() {
    python3 -c 'import json, sys
v = json.load(open(sys.argv[2])).get(sys.argv[1])
print(v if isinstance(v, str) else json.dumps(v, sort_keys=True))' "$1" "$2"
}
# without_string IN OUT: the document less its x-fpuzzles member, canonical.
without_string() {
    python3 -c 'import json, sys
d = json.load(open(sys.argv[1])); d.pop("x-fpuzzles", None)
json.dump(d, open(sys.argv[2], "w"))' "$1" "$TMP/bare.json"
    "$RULEGRID" fmt "$TMP/bare.json" >"$2"
}

# ---- the corpus: same solutions as the reference reading; round trip
python3 - "$CORPUS" "$TMP" <<'PY'
import json, sys
for i, line in enumerate(open(sys.argv[1]), 1):
    d = json.loads(line)
    open(f"{sys.argv[2]}/s{i}.txt", "w").write(d["fpuzzles"] + "\n")
    json.dump(d["rulegrid"], open(f"{sys.argv[2]}/ref{i}.json", "w"))
    json.dump(d["solution"], open(f"{sys.argv[2]}/sol{i}.json", "w"), sort_keys=True)
PY
n=$(wc -l <"$CORPUS")
[ "$n" = 22 ] || fail "the corpus holds $n puzzles, not 22"
# The commands for every puzzle first, then one python3 for every check (a
# python3 start costs more than a conversion), then the canonical forms.
for i in $(seq 1 "$n"); do
    quiet "$TMP/log" "$RULEGRID" convert --from fpuzzles --to json -o "$TMP/doc$i.json" "$TMP/s$i.txt"
    # Counted to 2, both: unique, with the corpus's solution (checked below).
    for doc in "doc$i" "ref$i"; do
        run "$RULEGRID" count --limit 2 --json "$TMP/$doc.json"
        expect_rc 0 "$doc counted"
        echo "$OUT" >"$TMP/counted.$doc.json"
    done
    quiet "$TMP/log" "$RULEGRID" convert --to fpuzzles -o "$TMP/back$i.txt" "$TMP/doc$i.json"
    quiet "$TMP/log" "$RULEGRID" convert --from fpuzzles --to json -o "$TMP/again$i.json" "$TMP/back$i.txt"
done
python3 - "$TMP" "$n" <<'PY' || fail "the corpus's readings"
import json, sys
tmp, n, bad = sys.argv[1], int(sys.argv[2]), 0
def load(name):
    return json.load(open(f"{tmp}/{name}"))
def complain(msg):
    global bad
    bad += 1
    print(f"FAIL: {msg}", file=sys.stderr)
for i in range(1, n + 1):
    for doc in (f"doc{i}", f"ref{i}"):
        c = load(f"counted.{doc}.json")
        if c.get("status") != "unique":
            complain(f"{doc}: {json.dumps(c)}")
        elif c.get("solution") != load(f"sol{i}.json"):
            complain(f"{doc}: another solution than the corpus's")
    d, ref = load(f"doc{i}.json"), load(f"ref{i}.json")
    if d.get("x-fpuzzles") != open(f"{tmp}/s{i}.txt").read().rstrip("\n"):
        complain(f"puzzle {i}: x-fpuzzles is not the string read")
    if [d["meta"].get(k) for k in ("title", "author")] != [ref["meta"].get(k) for k in ("title", "author")]:
        complain(f"puzzle {i}: title or author lost")
    # The document and its round trip, less their x-fpuzzles members.
    for name in (f"doc{i}", f"again{i}"):
        d = load(f"{name}.json")
        d.pop("x-fpuzzles", None)
        json.dump(d, open(f"{tmp}/bare.{name}.json", "w"))
sys.exit(1 if bad else 0)
PY
for i in $(seq 1 "$n"); do
    "$RULEGRID" fmt "$TMP/bare.doc$i.json" >"$TMP/a.json"
    "$RULEGRID" fmt "$TMP/bare.again$i.json" >"$TMP/b.json"
    cmp -s "$TMP/a.json" "$TMP/b.json" || fail "puzzle $i: the round trip changed the document:
$(diff "$TMP/a.json" "$TMP/b.json" | head -20)"
done

# ---- links: f-puzzles and SudokuPad, percent escapes, the URI-safe form
S=$(cat "$TMP/s13.txt")
URI=$(printf '%s' "$S" | tr '/' '-' | tr -d '=')
ESC=$(printf '%s' "$S" | sed 's/+/%2B/g; s/\//%2F/g; s/=/%3D/g')
printf '%s\n' "https://www.f-puzzles.com/?load=$S" "https://sudokupad.app/fpuzzles$S" \
    "https://sudokupad.app/?puzzleid=fpuzzles$URI&setting=1" "https://www.f-puzzles.com/?load=$ESC#x" \
    "  $URI  " >"$TMP/links.txt"
quiet "$TMP/log" "$RULEGRID" convert --from fpuzzles --to jsonl -o "$TMP/links.jsonl" "$TMP/links.txt"
without_string "$TMP/doc13.json" "$TMP/a.json"
k=0
while IFS= read -r line; do
    k=$((k + 1))
    printf '%s\n' "$line" >"$TMP/one.json"
    without_string "$TMP/one.json" "$TMP/b.json"
    cmp -s "$TMP/a.json" "$TMP/b.json" || fail "link $k reads another puzzle"
done <"$TMP/links.jsonl"
[ "$k" = 5 ] || fail "5 links, $k documents"

# ---- the keys the corpus lacks, and meta from a link
key() { grep -P "^$1\t" "$KEYS" | cut -f2; }
rules_of() {
    key "$1" | "$RULEGRID" convert --from fpuzzles --to jsonl |
        python3 -c 'import json,sys; print(json.dumps(json.load(sys.stdin)["rules"][1:]))'
}
has "$(rules_of littlekiller)" '{"type": "outside", "kind": "little_killer", "sum": 40, "cells": ["r1c2", "r2c3", "r3c4", "r4c5", "r5c6", "r6c7", "r7c8", "r8c9"]}' "little killer"
has "$(rules_of clone)" '{"type": "relation", "op": "equal", "pairs": [["r1c1", "r9c8"], ["r1c2", "r9c9"]]}' "clone"
has "$(rules_of nonconsecutive)" '[{"type": "neighbours", "kind": "nonconsecutive"}]' "nonconsecutive"
has "$(rules_of nonconsecutive_dots)" '{"type": "negative", "of": "kropki", "color": "white"}, {"type": "negative", "of": "kropki", "color": "black"}, {"type": "negative", "of": "xv"}' "negatives"
has "$(rules_of unusual_dots)" '[{"type": "edge", "kind": "difference", "value": 3, "cells": ["r1c1", "r1c2"]}, {"type": "edge", "kind": "ratio", "value": 2, "cells": ["r2c1", "r2c2"]}]' "unusual dots"
has "$(rules_of zipper)" '[{"type": "line", "kind": "zipper", "cells": ["r1c1", "r1c2", "r1c3"]}, {"type": "line", "kind": "double_arrow", "cells": ["r2c1", "r2c2", "r2c3", "r2c4"]}]' "zipper, double arrow"
has "$(rules_of nabner)" '"op": "difference_at_least", "value": 2, "pairs": [["r1c1", "r2c2"], ["r1c1", "r3c3"], ["r2c2", "r3c3"]]' "nabner"
# Dots of other values: negatives per value.
has "$(rules_of negative_values)" '{"type": "negative", "of": "difference", "value": 1}, {"type": "negative", "of": "difference", "value": 3}]' "negative differences"
[ "$(rules_of negative_values | grep -o '"type": "negative"' | wc -l)" = 2 ] || fail "negative differences: $(rules_of negative_values)"
has "$(rules_of negative_ratios)" '{"type": "negative", "of": "ratio", "value": 2}, {"type": "negative", "of": "ratio", "value": 3}]' "negative ratios"
# Candidates given as intervals of all, odd or even digits: cell rules.
M=$(rules_of marks)
for rule in '{"type": "cell", "kind": "low", "split": 3, "cells": ["r1c1"]}' \
    '{"type": "cell", "kind": "odd", "cells": ["r1c2"]}' '{"type": "cell", "kind": "high", "split": 2, "cells": ["r1c2"]}' \
    '{"type": "cell", "kind": "low", "split": 7, "cells": ["r1c2"]}' '{"type": "cell", "kind": "high", "split": 3, "cells": ["r1c3"]}' \
    '{"type": "cell", "kind": "even", "cells": ["r1c4"]}' '{"type": "cell", "kind": "odd", "cells": ["r1c9"]}'; do
    has "$M" "$rule" "given candidates"
done
[ "$(grep -o '"type": "cell"' <<<"$M" | wc -l)" = 7 ] || fail "given candidates: $M"
key marks | "$RULEGRID" convert --from fpuzzles --to json -o "$TMP/marks.json"
[ "$(member givens "$TMP/marks.json")" = '{"r1c6": 6}' ] || fail "a single candidate is a given"
# Thermometer, palindrome and whispers lines that jump: relations.
J=$(rules_of jumps)
has "$J" '{"type": "relation", "op": "less", "pairs": [["r1c1", "r1c3"], ["r1c3", "r3c3"]]}' "jumping thermometer"
has "$J" '{"type": "relation", "op": "equal", "pairs": [["r5c1", "r7c7"], ["r5c2", "r5c3"]]}' "jumping palindrome"
has "$J" '{"type": "relation", "op": "difference_at_least", "value": 4, "pairs": [["r9c1", "r9c3"]]}' "jumping whispers"
key link_meta | sed 's|^|https://www.f-puzzles.com/?load=|' >"$TMP/meta.txt"
run "$RULEGRID" convert --from fpuzzles --to json "$TMP/meta.txt"
expect_rc 0 "meta"
has "$OUT" '"meta": {"title": "Tiny π", "author": "rulegrid tests", "ruleset": "Normal sudoku rules."}' "meta kept"
echo "$OUT" >"$TMP/meta.json"
[ "$(member givens "$TMP/meta.json")" = '{"r1c1": 1}' ] || fail "givens: $OUT"
has "$OUT" "\"x-fpuzzles\": \"$(key link_meta)\"" "the string kept"
# Each of these keys writes back and reads again to the same document.
for name in littlekiller clone nonconsecutive nonconsecutive_dots unusual_dots zipper link_meta jumps; do
    key "$name" | "$RULEGRID" convert --from fpuzzles --to json -o "$TMP/k.json"
    quiet "$TMP/log" "$RULEGRID" convert --to fpuzzles -o "$TMP/k.txt" "$TMP/k.json"
    quiet "$TMP/log" "$RULEGRID" convert --from fpuzzles --to json -o "$TMP/k2.json" "$TMP/k.txt"
    without_string "$TMP/k.json" "$TMP/a.json"
    without_string "$TMP/k2.json" "$TMP/b.json"
    cmp -s "$TMP/a.json" "$TMP/b.json" || fail "$name: the round trip changed the document"
done

# Given candidates write back as odd and even cells and candidates: the same
# digits allowed in each cell, the rules grouped otherwise.
quiet "$TMP/log" "$RULEGRID" convert --to fpuzzles -o "$TMP/k.txt" "$TMP/marks.json"
quiet "$TMP/log" "$RULEGRID" convert --from fpuzzles --to json -o "$TMP/k2.json" "$TMP/k.txt"
allowed() {
    python3 -c 'import json, sys
ok = {}
for r in json.load(open(sys.argv[1]))["rules"]:
    if r["type"] != "cell": continue
    test = {"odd": lambda d: d % 2, "even": lambda d: d % 2 == 0,
            "low": lambda d: d <= r.get("split", 0), "high": lambda d: d > r.get("split", 0)}[r["kind"]]
    for c in r["cells"]:
        ok[c] = [d for d in ok.get(c, range(1, 10)) if test(d)]
print(sorted(ok.items()))' "$1"
}
[ "$(allowed "$TMP/marks.json")" = "$(allowed "$TMP/k2.json")" ] || fail "given candidates: another set after the round trip"

# ---- refusals: a key without a reading is named, exit 2, nothing written
refused() { # name field phrase
    key "$1" >"$TMP/r.txt"
    run "$RULEGRID" convert --from fpuzzles --to json "$TMP/r.txt"
    expect_rc 2 "$1"
    [ -z "$OUT" ] || fail "$1: output despite the refusal"
    err_has "r.txt:1: field $2: " "$1"
    err_has "$3" "$1"
}
refused refuse_key chess 'f-puzzles key "chess" has no rulegrid reading'
refused refuse_marks givenPencilMarks 'f-puzzles key "givenPencilMarks": a set that is not the digits'
refused refuse_jump renban 'f-puzzles key "renban": a line whose cells are not king steps apart is not read'
refused refuse_negative negative '"difference" beside both kinds of dots, of unusual values, is not read'
refused refuse_disjoint_jigsaw disjointgroups 'disjoint groups need the default boxes'
# A rule read that the format refuses (a dot between a cell and itself) is
# blamed on its f-puzzles key, not on a rule of a document the user never saw.
refused refuse_rule difference 'f-puzzles key "difference" reads as rule 2 (edge), which is refused: field cells[1]: cell r5c3 listed twice'
printf 'N4Ig*not a string\n' >"$TMP/bad.txt"
run "$RULEGRID" convert --from fpuzzles --to json "$TMP/bad.txt"
expect_rc 2 "no LZ-String"
err_has "bad.txt:1: not an f-puzzles string" "no LZ-String"
printf '\n\n' >"$TMP/empty.txt"
run "$RULEGRID" convert --from fpuzzles --to json "$TMP/empty.txt"
expect_rc 2 "empty"
err_has "no f-puzzles string" "empty"

# ---- --to fpuzzles refuses a rule f-puzzles cannot express, by index and type
# write_refused WHAT RULE PHRASE: a 9 x 9 sudoku with RULE (JSON) after its
# boxes is refused: exit 2, nothing written, PHRASE in the message.
write_refused() {
    printf '%s\n' '{"format": "rulegrid", "version": 1, "board": {"rows": 9, "columns": 9, "digits": 9},' \
        '"rules": [{"type": "box_grid", "origin": "r1c1", "box": [3, 3]},' "$2]}" >"$TMP/w.json"
    run "$RULEGRID" convert --to fpuzzles "$TMP/w.json"
    expect_rc 2 "$1"
    [ -z "$OUT" ] || fail "$1: output despite the refusal"
    err_has "$3" "$1"
}
write_refused "greater edge" '{"type": "edge", "kind": "greater", "cells": ["r1c1", "r1c2"]}' \
    "rule 1 (edge): no f-puzzles form: f-puzzles has no such edge clue"
# A double arrow of 2 cells has no solution (its ends sum to the empty
# middle); f-puzzles reads it as no constraint, so it has no f-puzzles form.
write_refused "double arrow of 2 cells" '{"type": "line", "kind": "double_arrow", "cells": ["r1c1", "r1c2"]}' \
    "rule 1 (line): no f-puzzles form: f-puzzles reads a doublearrow line of 2 cells as no constraint"
run "$RULEGRID" count "$TMP/w.json"
expect_rc 1 "double arrow of 2 cells counted"
# A little killer on part of a diagonal: f-puzzles would sum the whole
# diagonal from its clue.
write_refused "part of a diagonal" '{"type": "outside", "kind": "little_killer", "sum": 10, "cells": ["r5c5", "r6c6"]}' \
    "rule 1 (outside): no f-puzzles form: f-puzzles little killers sum a whole diagonal"
printf '%s\n' '{"format": "rulegrid", "version": 1, "board": {"rows": 4, "columns": 4, "digits": 4},' \
    '"rules": [{"type": "grid", "origin": "r1c1"}, {"type": "cell", "kind": "low", "split": 2, "cells": ["r1c1"]},' \
    '{"type": "cell", "kind": "high", "split": 2, "cells": ["r1c1"]}]}' >"$TMP/none.json"
run "$RULEGRID" convert --to fpuzzles "$TMP/none.json"
expect_rc 2 "no digit left"
err_has "rule 2 (cell): no f-puzzles form: the cell is left no digit" "no digit left"
printf '%s\n' '{"format": "rulegrid", "version": 1, "board": {"rows": 4, "columns": 5, "digits": 5},' \
    '"rules": []}' >"$TMP/rect.json"
run "$RULEGRID" convert --to fpuzzles "$TMP/rect.json"
expect_rc 2 "not square"
err_has "f-puzzles boards are N x N" "not square"

echo "fpuzzles: ok"
