#!/usr/bin/env bash
# The help of the rulegrid command and of each of its commands, and the
# messages that name the commands: all from one table of commands and one of
# options, so each command's help lists exactly the options it takes, and the
# names a value is chosen from come from the library's tables.
set -euo pipefail

# shellcheck source=../data/cli/common.sh
. "$(dirname "$0")/../data/cli/common.sh"
COMMANDS="solve count check plugins generate fmt convert verify explain hint candidates"
LIST="solve, count, check, plugins, generate, fmt, convert, verify, explain, hint, candidates, render, report"
# lists HELP OPTION...: every option has a line of its own in the help
lists() {
    local help=$1
    shift
    for o in "$@"; do
        grep -qE -- "^  (-[a-z], |    )$o( |$)" <<<"$help" || fail "$o not listed: $help"
    done
}
# omits HELP OPTION...: none of them is listed
omits() {
    local help=$1
    shift
    for o in "$@"; do
        if grep -qE -- "^  (-[a-z], |    )$o( |$)" <<<"$help"; then fail "$o listed: $help"; fi
    done
}

# ---- rulegrid --help: every command with its summary, exit 0
for h in --help -h help; do
    run "$RULEGRID" $h
    expect_rc 0 "rulegrid $h"
    has "$OUT" "usage: rulegrid COMMAND" "rulegrid $h"
done
for c in $COMMANDS; do
    grep -qE "^  $c +[a-z]" <<<"$OUT" || fail "rulegrid --help does not list $c with a summary: $OUT"
done
has "$OUT" "'rulegrid COMMAND --help'" "rulegrid --help points to the commands' help"

# ---- each command's --help: exit 0, its usage, its options and only those
for c in $COMMANDS; do
    run "$RULEGRID" "$c" --help
    expect_rc 0 "$c --help"
    has "$OUT" "usage: rulegrid $c" "$c --help"
    lists "$OUT" --plugins --help --version
    [ -z "$ERR" ] || fail "$c --help wrote on standard error: $ERR"
done
run "$RULEGRID" solve --help
lists "$OUT" --strategy --heuristic --values --seed --nodes --time --template --json --stats --quiet
omits "$OUT" --limit --to --write --preset --count
run "$RULEGRID" count --help
lists "$OUT" --strategy --limit --stats
run "$RULEGRID" check --help
lists "$OUT" --template --json --quiet
omits "$OUT" --strategy --heuristic --limit --stats
run "$RULEGRID" plugins --help
lists "$OUT" --json --quiet
omits "$OUT" --strategy --template --stats --limit
run "$RULEGRID" generate --help
lists "$OUT" --preset --template --list --print-template --seed --count --jobs --clues --minimal \
    --symmetry --level --time --retries --set --no-time --output --stats --quiet
omits "$OUT" --strategy --json --to
run "$RULEGRID" fmt --help
lists "$OUT" --write --check --line --no-solution
omits "$OUT" --to --output --template --json
run "$RULEGRID" convert --help
lists "$OUT" --to --from --template --output --no-solution
omits "$OUT" --write --check --line --json
run "$RULEGRID" verify --help
lists "$OUT" --trials --seed --time --sample --json
omits "$OUT" --strategy --limit --template --output --quiet
run "$RULEGRID" candidates --help
lists "$OUT" --strategy --heuristic --values --seed --limit --nodes --time --template --json --quiet
omits "$OUT" --stats --to --output --write --count
# a help anywhere among the options, and --version in every command
run "$RULEGRID" count --limit 3 -h x.json
expect_rc 0 "count ... -h"
has "$OUT" "usage: rulegrid count" "count ... -h"
run "$RULEGRID" fmt --version
expect_rc 0 "fmt --version"
has "$OUT" "rulegrid 0." "fmt --version"

# ---- the names a value chooses from, with their summaries, from the tables
run "$RULEGRID" solve --help
for s in check forward propagate singles intersections subsets probe sac; do
    grep -qE "^ +$s +[a-z+]" <<<"$OUT" || fail "solve --help lists no strategy $s: $OUT"
done
for h in first mrv mrv_degree domwdeg lookahead; do
    grep -qE "^ +$h +[a-z]" <<<"$OUT" || fail "solve --help lists no heuristic $h: $OUT"
done
grep -qE "^ +ascending +smallest digit first" <<<"$OUT" || fail "solve --help: value orders: $OUT"
run "$RULEGRID" generate --help
flat=$(tr -s ' \n' '  ' <<<"$OUT")
has "$flat" "none, rotate180, rotate90, mirror, diagonal" "generate --help: symmetries"
has "$flat" "subsets, probe, sac" "generate --help: every level"
run "$RULEGRID" convert --help
for f in jsonl json lines; do
    grep -qE "^ +$f +[a-z]" <<<"$OUT" || fail "convert --help lists no form $f: $OUT"
done

# ---- the command list in messages, and the hint to the command's own help
run "$RULEGRID"
expect_rc 2 "no command"
has "$ERR" "rulegrid: no command given (one of $LIST)" "no command"
has "$ERR" "Try 'rulegrid --help'." "no command: hint"
run "$RULEGRID" frobnicate
expect_rc 2 "unknown command"
has "$ERR" "rulegrid: unknown command 'frobnicate' (one of $LIST)" "unknown command"
run "$RULEGRID" --json solve
expect_rc 2 "option before the command"
has "$ERR" "expected a command before the option '--json'" "option before the command"
run "$RULEGRID" solve --strategy fastest x.json
has "$ERR" "Try 'rulegrid solve --help'." "solve: hint to its help"
run "$RULEGRID" generate --preset classic9 --colour
has "$ERR" "Try 'rulegrid generate --help'." "generate: hint to its help"
# an option of another command is named as such, whichever command it is
while IFS='|' read -r args words; do
    # shellcheck disable=SC2086
    run "$RULEGRID" $args
    expect_rc 2 "$args"
    has "$ERR" "$words" "$args"
done <<'CASES'
plugins --strategy mrv|option --strategy does not apply to the command plugins
solve --to json x.json|option --to does not apply to the command solve
fmt --strategy mrv x.json|option --strategy does not apply to the command fmt
convert --to json -w x.json|option -w does not apply to the command convert
generate --preset classic9 --json|option --json does not apply to the command generate
check --limit 3 x.json|option --limit does not apply to the command check
solve -qx x.json|unknown option '-qx'
generate --preset classic9 -x|unknown option '-x'
generate --preset classic9 --jobs=0|--jobs: '0' is not a number of threads from 1 to 256
generate --preset classic9 --level hardest|one of check, forward, propagate, singles, intersections, subsets, probe, sac)
convert --to yaml x.json|--to: unknown form 'yaml' (one of jsonl, json, lines, fpuzzles)
convert x.json|convert needs --to jsonl, --to json, --to lines or --to fpuzzles
convert --from pdf --to json x.json|--from: unknown form 'pdf' (one of fpuzzles)
CASES

echo "cli_help: ok"
