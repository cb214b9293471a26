#!/usr/bin/env bash
# The rulegrid command on good input: grids with box borders, corpus lines,
# counting, strategies and heuristics agreeing, plugins, templates, check.
set -euo pipefail

# shellcheck source=../data/cli/common.sh
. "$(dirname "$0")/../data/cli/common.sh"
same() { [ "$1" = "$2" ] || fail "$3: got
$1
expected
$2"; }

CLASSIC=534678912672195348198342567859761423426853791713924856961537284287419635345286179
EASY=652483917978162435314975628825736149791824563436519872269348751547291386183657294

# ---- a classic document: status line, then the grid with its boxes drawn
run "$RULEGRID" solve "$DATA/classic.json"
expect_rc 0 "solve classic.json"
same "$OUT" "solved
5 3 4 | 6 7 8 | 9 1 2
6 7 2 | 1 9 5 | 3 4 8
1 9 8 | 3 4 2 | 5 6 7
------+-------+------
8 5 9 | 7 6 1 | 4 2 3
4 2 6 | 8 5 3 | 7 9 1
7 1 3 | 9 2 4 | 8 5 6
------+-------+------
9 6 1 | 5 3 7 | 2 8 4
2 8 7 | 4 1 9 | 6 3 5
3 4 5 | 2 8 6 | 1 7 9" "solve classic.json"
[ -z "$ERR" ] || fail "solve classic.json wrote to stderr: $ERR"

run "$RULEGRID" count "$DATA/classic.json"
expect_rc 0 "count classic.json"
same "$(head -1 <<<"$OUT")" "unique" "count classic.json status"

# the same document from standard input, with '-' and with no file at all
run "$RULEGRID" count - <"$DATA/classic.json"
expect_rc 0 "count - < classic.json"
same "$(head -1 <<<"$OUT")" "unique" "count from stdin"
run "$RULEGRID" solve <"$DATA/classic.json"
expect_rc 0 "solve < classic.json"
has "$OUT" "3 4 5 | 2 8 6 | 1 7 9" "solve from stdin"

# ---- a 4x4 (boxes 2x2)
run "$RULEGRID" count "$DATA/four.json"
expect_rc 0 "count four.json"
same "$OUT" "unique
1 2 | 3 4
3 4 | 1 2
----+----
2 1 | 4 3
4 3 | 2 1" "count four.json"

# ---- two overlapping 4x4 grids: missing cells are blank, the outline is drawn
run "$RULEGRID" solve "$DATA/twodoku.json"
expect_rc 0 "solve twodoku.json"
same "$OUT" "solved
1 2 | 3 4 |
3 4 | 1 2 |
----+-----+----
2 1 | 4 3 | 1 2
4 3 | 2 1 | 3 4
----+-----+----
    | 1 2 | 4 3
    | 3 4 | 2 1" "solve twodoku.json"

# ---- 16 digits: every digit two wide
run "$RULEGRID" solve "$DATA/sixteen.json"
expect_rc 0 "solve sixteen.json"
same "$(sed -n 2p <<<"$OUT")" " 1  2  3  4 |  5  6  7  8 |  9 10 11 12 | 13 14 15 16" "16x16 first row"
same "$(sed -n 6p <<<"$OUT")" "------------+-------------+-------------+------------" "16x16 separator"
same "$(sed -n 20p <<<"$OUT")" "16  1  2  3 |  4  5  6  7 |  8  9 10 11 | 12 13 14 15" "16x16 last row"
# and in a corpus line, digits past 9 are letters
one_line=$(tr -d '\n' <"$DATA/sixteen.json")
printf '%s\n' "$one_line" >"$TMP/sixteen.jsonl"
run "$RULEGRID" solve "$TMP/sixteen.jsonl"
expect_rc 0 "solve sixteen.jsonl"
same "$(cut -c1-25 <<<"$OUT")" "0 solved 123456789ABCDEFG" "16x16 compact line"

# ---- a corpus of classic lines: one line per puzzle
run "$RULEGRID" count "$DATA/puzzles.txt"
expect_rc 1 "count puzzles.txt (has puzzles without solution)"
same "$(awk '{print $1, $2}' <<<"$OUT")" "0 unique
1 multiple
2 none
3 none
4 unique" "count puzzles.txt statuses"
same "$(sed -n 1p <<<"$OUT")" "0 unique $CLASSIC" "count puzzles.txt line 0"
same "$(sed -n 3p <<<"$OUT")" "2 none -" "count puzzles.txt line 2"
same "$(sed -n 5p <<<"$OUT")" "4 unique $EASY" "count puzzles.txt line 4"

run "$RULEGRID" solve "$DATA/puzzles.txt"
expect_rc 1 "solve puzzles.txt"
same "$(awk '{print $2}' <<<"$OUT" | tr '\n' ' ')" "solved solved none none solved " "solve statuses"

# a bigger limit counts further
run "$RULEGRID" count --limit 10 "$DATA/puzzles.txt"
same "$(sed -n 2p <<<"$OUT" | cut -d' ' -f1-2)" "1 multiple" "count --limit 10"
printf '{"format": "rulegrid", "version": 1, "board": {"rows": 9, "columns": 9, "digits": 9}, "rules": [{"type": "box_grid", "origin": "r1c1", "box": [3, 3]}], "givens": {}}\n' >"$TMP/empty.json"
run "$RULEGRID" count --limit 5 "$TMP/empty.json"
expect_rc 0 "count --limit 5 empty grid"
same "$(head -1 <<<"$OUT")" "multiple (at least 5 solutions)" "count --limit 5 status line"
run "$RULEGRID" count - <<<"$(sed -n 3p "$DATA/puzzles.txt" | cut -c1-81)"
has "$OUT" "0 multiple" "count two-solution line from stdin"

# ---- a document with no solution names the rule its givens break
python3 - "$DATA/classic.json" "$TMP/broken.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["givens"]["r1c3"] = 5  # r1c1 is 5 already
json.dump(d, open(sys.argv[2], "w"))
PY
run "$RULEGRID" solve "$TMP/broken.json"
expect_rc 1 "solve broken.json"
same "$OUT" "no solution (givens break rule 0 (box_grid))" "solve broken.json"

# ---- every strategy, heuristic and value order finds the same answers
grep -v 'two solutions' "$DATA/puzzles.txt" >"$TMP/decided.txt"
run "$RULEGRID" count "$TMP/decided.txt"
reference=$OUT
run "$RULEGRID" count "$DATA/puzzles.txt"
statuses=$(awk '{print $1, $2}' <<<"$OUT")
# Under the sanitizers (RULEGRID_TEST_SCALE set) each strategy and heuristic
# runs one value order, the two taking turns: every pair and every order runs.
si=0
for s in check forward propagate singles intersections subsets probe sac; do
    si=$((si + 1)) hi=0
    for h in first mrv mrv_degree domwdeg lookahead; do
        hi=$((hi + 1)) vi=0
        for v in ascending random; do
            vi=$((vi + 1))
            [ -n "${RULEGRID_TEST_SCALE:-}" ] && [ $(((si + hi + vi) % 2)) = 1 ] && continue
            run "$RULEGRID" count --strategy "$s" --heuristic "$h" --values "$v" --seed 7 "$TMP/decided.txt"
            expect_rc 1 "count --strategy $s --heuristic $h --values $v"
            same "$OUT" "$reference" "count --strategy $s --heuristic $h --values $v"
            run "$RULEGRID" count --strategy="$s" --heuristic="$h" --values="$v" "$DATA/puzzles.txt"
            same "$(awk '{print $1, $2}' <<<"$OUT")" "$statuses" "statuses under $s/$h/$v"
        done
    done
    run "$RULEGRID" solve --strategy "$s" "$DATA/classic.json"
    expect_rc 0 "solve --strategy $s classic.json"
    has "$OUT" "3 4 5 | 2 8 6 | 1 7 9" "solve --strategy $s classic.json"
done

# ---- plugins: every type with its family and file, and the folders searched
run "$RULEGRID" plugins
expect_rc 0 "plugins"
line=$(grep -E '^box_grid ' <<<"$OUT") || fail "plugins does not list box_grid: $OUT"
[ "$(awk '{print $2}' <<<"$line")" = houses ] || fail "box_grid is not of family houses: $line"
[[ "$(awk '{print $3}' <<<"$line")" == *.so ]] || fail "box_grid names no plugin file: $line"
for t in grid box row column region; do
    grep -qE "^$t +houses " <<<"$OUT" || fail "plugins does not list $t"
done
has "$OUT" "folders searched:" "plugins folders"
mkdir "$TMP/more"
run "$RULEGRID" plugins --plugins "$TMP/more"
expect_rc 0 "plugins --plugins DIR"
has "$(grep 'folders searched:' <<<"$OUT")" "$TMP/more" "plugins --plugins DIR names the folder"

# ---- a template: X-sudoku lines read as givens of the template document
run "$RULEGRID" count --template "$DATA/xsudoku_template.json" "$DATA/xsudoku.txt"
expect_rc 0 "count --template xsudoku"
same "$OUT" "0 unique $(cat "$DATA/xsudoku_solution.txt")" "count --template xsudoku"
run "$RULEGRID" count --template "$DATA/xsudoku_template.json" <"$DATA/xsudoku.txt"
same "$OUT" "0 unique $(cat "$DATA/xsudoku_solution.txt")" "template with standard input"
# without the diagonals the same givens have more than one solution
run "$RULEGRID" count "$DATA/xsudoku.txt"
expect_rc 0 "count xsudoku.txt without template"
same "$(cut -d' ' -f1-2 <<<"$OUT")" "0 multiple" "xsudoku lines without template"

# ---- --stats: counters for one puzzle, a summary for a corpus
run "$RULEGRID" solve --stats "$DATA/classic.json"
expect_rc 0 "solve --stats"
for k in nodes guesses failures propagations prunings root search; do
    grep -qE "^$k +[0-9]" <<<"$OUT" || fail "solve --stats lacks $k: $OUT"
done
has "$OUT" "peers" "solve --stats prunings by family"
run "$RULEGRID" count --stats "$DATA/puzzles.txt"
expect_rc 1 "count --stats corpus"
for k in "puzzles *5" "solved *3" "unique *2" "multiple *1" "none *2" "unknown *0" "errors *0" \
    "time " "puzzles/s" "us/puzzle" "no guess" "guesses/puzzle"; do
    grep -qE "^$k" <<<"$OUT" || fail "corpus summary lacks '$k': $OUT"
done

# ---- -q: nothing per puzzle, the exit status still tells
run "$RULEGRID" count -q "$DATA/puzzles.txt"
expect_rc 1 "count -q"
[ -z "$OUT" ] || fail "count -q printed: $OUT"
run "$RULEGRID" solve --quiet --stats "$DATA/puzzles.txt"
has "$OUT" "puzzles" "solve --quiet --stats keeps the summary"
grep -q "^0 " <<<"$OUT" && fail "solve --quiet printed puzzle lines"

# ---- several inputs: each result names its file
run "$RULEGRID" solve "$DATA/four.json" "$DATA/bad_middle.txt"
expect_rc 2 "solve two files"
has "$OUT" "$DATA/four.json: solved" "first file named"
has "$OUT" "$DATA/bad_middle.txt:0 solved $CLASSIC" "second file named"

# ---- check
run "$RULEGRID" check "$DATA/classic_solved.json"
expect_rc 0 "check classic_solved.json"
same "$OUT" "ok (givens break no rule; the solution satisfies every rule)" "check classic_solved.json"
run "$RULEGRID" check "$DATA/classic.json"
expect_rc 0 "check classic.json"
has "$OUT" "ok" "check classic.json"
run "$RULEGRID" check "$TMP/broken.json"
expect_rc 1 "check broken.json"
has "$OUT" "givens break rule 0 (box_grid)" "check broken.json"
python3 - "$DATA/classic_solved.json" "$TMP/badsol.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
s = d["solution"]
s["r9c7"], s["r9c8"] = s["r9c8"], s["r9c7"]  # 1 and 7 swapped: columns break
json.dump(d, open(sys.argv[2], "w"))
PY
run "$RULEGRID" check "$TMP/badsol.json"
expect_rc 1 "check badsol.json"
has "$OUT" "solution breaks rule 0 (box_grid)" "check badsol.json"
run "$RULEGRID" check "$DATA/puzzles.txt"
expect_rc 1 "check puzzles.txt"
same "$(sed -n 3p <<<"$OUT")" "2 broken: givens break rule 0 (box_grid)" "check puzzles.txt line 2"
same "$(sed -n 4p <<<"$OUT" | cut -d' ' -f1-2)" "3 ok" "check puzzles.txt line 3 (no direct break)"

# ---- help and version
run "$RULEGRID" --help
expect_rc 0 "--help"
has "$OUT" "usage: rulegrid COMMAND" "--help"
run "$RULEGRID" solve --help
expect_rc 0 "solve --help"
run "$RULEGRID" --version
expect_rc 0 "--version"
has "$OUT" "rulegrid 0." "--version"

echo "cli_basic: ok"
