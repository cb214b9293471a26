#!/usr/bin/env bash
# rulegrid generate: presets, documents proved unique by `count`, seeds that
# reproduce (alone, in a batch, on two threads), options and their errors,
# time budgets, and a third-party plugin's generate hook.
set -euo pipefail

# shellcheck source=../data/cli/common.sh
. "$(dirname "$0")/../data/cli/common.sh"
PIN=$RG_BUILD_DIR/test-plugins/pin

# ---- --list names every preset
run "$RULEGRID" generate --list
expect_rc 0 "--list"
for p in classic4 classic6 classic9 classic16 x windoku disjoint antiknight antiking \
    nonconsecutive jigsaw killer thermo arrow kropki xv samurai; do
    grep -q "^$p " <<<"$OUT" || fail "--list misses $p"
done

# ---- one document: pretty, with solution and meta; unique by an independent count
run "$RULEGRID" generate --preset classic9 --seed 5
expect_rc 0 "generate classic9"
printf '%s\n' "$OUT" >"$TMP/one.json"
has "$OUT" '"solution": {' "solution"
has "$OUT" '"preset": "classic9"' "meta preset"
has "$OUT" '"seed": "5"' "meta seed"
has "$OUT" '"time_ms": ' "meta time"
has "$OUT" '"level": ' "meta level"
run "$RULEGRID" count --strategy subsets --heuristic mrv "$TMP/one.json"
expect_rc 0 "count the generated puzzle"
has "$OUT" "unique" "generated puzzle unique"
run "$RULEGRID" check "$TMP/one.json"
has "$OUT" "the solution satisfies every rule" "solution checks"

# ---- the same seed gives the same bytes (--no-time leaves the only varying field out)
"$RULEGRID" generate --preset jigsaw --seed 9 --no-time >"$TMP/a.json"
"$RULEGRID" generate --preset jigsaw --seed 9 --no-time >"$TMP/b.json"
cmp -s "$TMP/a.json" "$TMP/b.json" || fail "same seed, different documents"
grep -q time_ms "$TMP/a.json" && fail "--no-time still writes time_ms"

# ---- a batch: .jsonl in seed order, identical on two threads; any one alone
"$RULEGRID" generate --preset classic6 --seed 20 --count 6 --no-time -o "$TMP/j1.jsonl"
"$RULEGRID" generate --preset classic6 --seed 20 --count 6 --no-time -j 2 >"$TMP/j2.jsonl"
cmp -s "$TMP/j1.jsonl" "$TMP/j2.jsonl" || fail "-j 2 differs from -j 1"
[ "$(wc -l <"$TMP/j1.jsonl")" = 6 ] || fail "6 puzzles, not 6 lines"
for i in 0 5; do
    seed=$((20 + i))
    line=$(sed -n "$((i + 1))p" "$TMP/j1.jsonl")
    has "$line" "\"seed\": \"$seed\"" "puzzle $i has seed $seed"
    "$RULEGRID" generate --preset classic6 --seed $seed --no-time -o "$TMP/alone.jsonl"
    [ "$(cat "$TMP/alone.jsonl")" = "$line" ] || fail "puzzle $i regenerated alone differs"
done
run "$RULEGRID" count --strategy subsets --heuristic mrv -q --stats "$TMP/j1.jsonl"
has "$OUT" "unique          6" "every batch puzzle unique"

# ---- options: clues, minimal, symmetry, level, stats
run "$RULEGRID" generate --preset classic9 --seed 3 --clues 36 --symmetry rotate180 --no-time
expect_rc 0 "--clues --symmetry"
has "$OUT" '"givens": "3' "about 36 givens"
run "$RULEGRID" generate --preset classic9 --seed 4 --level singles --no-time
expect_rc 0 "--level singles"
printf '%s\n' "$OUT" >"$TMP/singles.json"
run "$RULEGRID" solve --strategy singles --stats "$TMP/singles.json"
has "$OUT" "guesses       0" "--level singles solves without guessing at singles"
run "$RULEGRID" generate --preset classic4 --seed 1 --count 5 --minimal -q --stats
expect_rc 0 "--minimal --stats"
has "$ERR" "puzzles/s" "--stats shows the rate"
has "$ERR" "puzzles         5" "--stats counts"

# ---- errors: a clear message naming the option or field, exit status 2
run "$RULEGRID" generate --preset classic9 --symmetry spiral
expect_rc 2 "bad symmetry"
has "$ERR" "--symmetry: unknown symmetry 'spiral'" "symmetry message"
run "$RULEGRID" generate --preset sudoku
expect_rc 2 "unknown preset"
has "$ERR" "unknown preset 'sudoku'" "preset message"
run "$RULEGRID" generate --seed 1
expect_rc 2 "no preset"
has "$ERR" "--preset NAME or --template FILE" "missing preset message"
run "$RULEGRID" generate --preset classic9 --minimal --clues 30
expect_rc 2 "minimal and clues"
run "$RULEGRID" generate --preset classic9 --count 0
expect_rc 2 "count 0"
has "$ERR" "--count: '0'" "count message"
run "$RULEGRID" generate --preset classic9 --level hardest
expect_rc 2 "bad level"
has "$ERR" "--level: unknown strategy 'hardest'" "level message"
# check deduces nothing: every given would stay, so it is refused (it made a full grid)
run "$RULEGRID" generate --preset classic9 --level check --seed 4
expect_rc 2 "--level check"
has "$ERR" "--level: check deduces nothing, so only a grid with every cell given solves at it without a guess" "--level check message"
[ ! -s "$OUT" ] || fail "--level check wrote a puzzle"
"$RULEGRID" generate --preset classic4 --print-template |
    sed 's/"x-generate": {/"x-generate": {"level": "check", /' >"$TMP/levelcheck.json"
grep -q '"level": "check"' "$TMP/levelcheck.json" || fail "the template with level check was not made"
run "$RULEGRID" generate --template "$TMP/levelcheck.json" --seed 1
expect_rc 2 "x-generate.level check"
has "$ERR" "field x-generate.level: check deduces nothing" "x-generate.level check message"
# the stronger levels are taken
run "$RULEGRID" generate --preset classic4 --level probe --seed 4 --no-time
expect_rc 0 "--level probe"
# every other option error: the arguments, then the words the message must hold
while IFS='|' read -r args words; do
    # shellcheck disable=SC2086
    run "$RULEGRID" generate $args
    expect_rc 2 "generate $args"
    has "$ERR" "$words" "message of generate $args"
done <<'CASES'
--preset classic9 --minimal --clues 30|--minimal and --clues exclude each other
--preset classic9 --template x.json|--preset and --template exclude each other
--preset classic9 --clues 0|--clues: '0' is not a whole number of givens
--preset classic9 --clues 200|--clues: 200 is not a number of givens the board can hold (1 to 81)
--preset classic9 --retries -1|--retries: '-1' is not a whole number of attempts
--preset classic9 --seed x|--seed: 'x' is not a whole number
--preset classic9 --set cage|--set: 'cage' is not TYPE.NAME=VALUE
--preset classic9 --time soon|--time: 'soon' is not a number of seconds
--preset classic9 -j 0|-j: '0' is not a number of threads
--preset|option --preset needs a value
--preset classic9 --minimal=yes|option --minimal takes no value
--preset classic9 extra.json|unexpected argument 'extra.json'
--preset classic9 --colour|unknown option '--colour'
CASES
cat >"$TMP/bad.json" <<'EOF'
{"format": "rulegrid", "version": 1, "board": {"rows": 4, "columns": 4, "digits": 4},
 "rules": [{"type": "box_grid", "origin": "r1c1", "box": [2, 2]}],
 "x-generate": {"givens": "some"}}
EOF
run "$RULEGRID" generate --template "$TMP/bad.json"
expect_rc 2 "bad profile"
has "$ERR" "x-generate.givens" "profile field named"
run "$RULEGRID" generate --template "$TMP/missing.json"
expect_rc 2 "missing template"
# a setting the request's hook never reads (a misspelling) is refused, naming
# those it reads; so is one no number can stand for
run "$RULEGRID" generate --preset killer --seed 1 --set cage.max_sise=4
expect_rc 2 "misspelt setting"
has "$ERR" 'cage generator: setting "max_sise" is not one it reads (it reads max_size, min_size, count, coverage, sums)' "misspelt setting named"
# a misspelt repair setting, with no repair to come (givens "remove")
cat >"$TMP/repair.json" <<'EOF'
{"format": "rulegrid", "version": 1, "board": {"rows": 9, "columns": 9, "digits": 9},
 "rules": [{"type": "box_grid", "origin": "r1c1", "box": [3, 3]}],
 "x-generate": {"clues": [{"type": "cage", "max_size": 5, "repair": {"max_sise": 2}}]}}
EOF
run "$RULEGRID" generate --template "$TMP/repair.json" --seed 1 --count 2
expect_rc 2 "misspelt repair setting"
has "$ERR" 'cage generator: repair setting "max_sise" is not one it reads' "misspelt repair setting named"
run "$RULEGRID" generate --preset killer --seed 1 --set cage.max_size=3.5
expect_rc 2 "setting not whole"
has "$ERR" "setting max_size is 3.5; it must be a whole number" "fraction refused"

# ---- budgets end with a message and exit status 3
run "$RULEGRID" generate --preset classic16 --seed 1 --time 0.001
expect_rc 3 "--time"
has "$ERR" "no puzzle within the time budget" "time message"
run "$RULEGRID" generate --preset classic9 --seed 1 --clues 17 --retries 0
expect_rc 3 "--retries"
has "$ERR" "could not reach 17 givens" "attempts message"

# ---- a third-party plugin's hook takes part through a template
cat >"$TMP/pin.json" <<'EOF'
{"format": "rulegrid", "version": 1, "board": {"rows": 4, "columns": 4, "digits": 4},
 "rules": [{"type": "box_grid", "origin": "r1c1", "box": [2, 2]}],
 "x-generate": {"givens": "none", "clues": [{"type": "test.pin", "count": 3}]}}
EOF
run "$RULEGRID" generate --plugins "$PIN" --template "$TMP/pin.json" --seed 2 --count 3 \
    -o "$TMP/pin.jsonl"
expect_rc 0 "third-party hook"
run "$RULEGRID" count --plugins "$PIN" -q --stats "$TMP/pin.jsonl"
has "$OUT" "unique          3" "third-party puzzles unique"
run "$RULEGRID" generate --plugins "$PIN" --template "$TMP/pin.json" --set test.pin.count=99
expect_rc 2 "a bad setting is the hook's error"
has "$ERR" "test.pin" "hook error names the type"
run "$RULEGRID" generate --template "$TMP/pin.json"
expect_rc 2 "type of no loaded plugin"
has "$ERR" "x-generate.clues[0].type" "unknown type field"

# A large --count runs in bounded memory: 50 million puzzles under a 1 GB
# address space keep generating until stopped (a slot per puzzle up front
# ran out of memory at once). Not under the sanitizers, whose shadow memory
# needs the address space.
if [ "${RG_SANITIZE:-0}" != 1 ]; then
    set +e
    (
        ulimit -v 1000000
        timeout 2 "$RULEGRID" generate --preset classic4 --count 50000000 -q
    ) 2>"$TMP/big.err"
    rc=$?
    set -e
    [ "$rc" = 124 ] || fail "generate --count 50000000 in 1 GB: exit $rc, not stopped by timeout: $(cat "$TMP/big.err")"
fi

echo "ok"
