#!/usr/bin/env bash
# The rulegrid command on bad input: usage errors and unreadable inputs end
# with exit status 2 and a message that names what is wrong, never a crash.
set -euo pipefail

# shellcheck source=../data/cli/common.sh
. "$(dirname "$0")/../data/cli/common.sh"
err_has() { grep -qF -- "$1" <<<"$ERR" || fail "$2: '$1' not in the message: $ERR"; }
# usage_error WHAT ARGS...: exit 2, one message starting "rulegrid: ", no output
usage_error() {
    local what=$1
    shift
    run "$RULEGRID" "$@"
    expect_rc 2 "$what"
    [ -z "$OUT" ] || fail "$what: printed on stdout: $OUT"
    grep -q "^rulegrid: " <<<"$ERR" || fail "$what: message does not start with 'rulegrid: ': $ERR"
}

C=$DATA/classic.json

# ---- usage errors name the option and the bad value
usage_error "no command"
usage_error "unknown command" frobnicate "$C"
err_has "frobnicate" "unknown command"
usage_error "unknown option" solve --frob "$C"
err_has "--frob" "unknown option"
usage_error "unknown short option" solve -x "$C"
err_has "-x" "unknown short option"
usage_error "bad strategy" solve --strategy fastest "$C"
err_has "--strategy" "bad strategy"
err_has "fastest" "bad strategy"
err_has "intersections" "bad strategy lists the strategies"
err_has "probe, sac" "bad strategy lists the probing levels"
usage_error "bad strategy (=)" solve --strategy=fastest "$C"
err_has "--strategy" "bad strategy (=)"
usage_error "bad heuristic" count --heuristic best "$C"
err_has "--heuristic" "bad heuristic"
err_has "best" "bad heuristic"
err_has "domwdeg, lookahead" "bad heuristic lists the heuristics"
usage_error "bad value order" solve --values descending "$C"
err_has "--values" "bad value order"
usage_error "limit 0" count --limit 0 "$C"
err_has "--limit" "limit 0"
usage_error "negative limit" count --limit -3 "$C"
err_has "--limit" "negative limit"
usage_error "garbage limit" count --limit 2x "$C"
err_has "--limit" "garbage limit"
usage_error "limit on solve" solve --limit 2 "$C"
err_has "--limit" "limit on solve"
usage_error "negative nodes" solve --nodes -1 "$C"
err_has "--nodes" "negative nodes"
usage_error "garbage nodes" solve --nodes lots "$C"
err_has "--nodes" "garbage nodes"
usage_error "negative time" solve --time -0.5 "$C"
err_has "--time" "negative time"
usage_error "garbage time" solve --time soon "$C"
err_has "--time" "garbage time"
usage_error "nan time" solve --time nan "$C"
err_has "--time" "nan time"
# a whole number too large says the most the option takes
usage_error "a limit past 64 bits" count --limit 99999999999999999999 "$C"
err_has "--limit: '99999999999999999999' is more than 9223372036854775807, the most it takes" \
    "a limit past 64 bits"
# --template - and the input - cannot both read standard input
usage_error "template and input both standard input" count --template - -
err_has "--template - and the input - would both read standard input" "template and input both standard input"
# decimal only, as the whole numbers are; a tiny time is a tiny limit, never none
usage_error "hexadecimal time" solve --time 0x1p3 "$C"
err_has "'0x1p3' is not a number of seconds" "hexadecimal time"
run "$RULEGRID" count --time 1e-400 "$DATA/hard.txt"
expect_rc 3 "a time too small for a double"
has "$OUT" "0 unknown" "a time too small for a double"
usage_error "negative seed" solve --seed -1 "$C"
err_has "--seed" "negative seed"
usage_error "missing value" solve "$C" --strategy
err_has "--strategy" "missing value"
usage_error "value on a flag" solve --json=yes "$C"
err_has "--json" "value on a flag"
usage_error "option of another command" check --strategy mrv "$C"
err_has "--strategy" "option of another command"
usage_error "plugins takes no file" plugins "$C"

# ---- inputs that cannot be read
run "$RULEGRID" solve "$TMP/missing.json"
expect_rc 2 "missing file"
err_has "$TMP/missing.json" "missing file"
run "$RULEGRID" solve "$TMP"
expect_rc 2 "directory"
err_has "$TMP" "directory"
err_has "directory" "directory"
run "$RULEGRID" solve </dev/null
expect_rc 2 "empty standard input"
err_has "empty" "empty standard input"
printf '  \n\n' >"$TMP/blank.txt"
run "$RULEGRID" solve "$TMP/blank.txt"
expect_rc 2 "blank file"
printf '# only a comment\n' >"$TMP/comment.txt"
run "$RULEGRID" count "$TMP/comment.txt"
expect_rc 2 "corpus without puzzles"
err_has "no puzzle" "corpus without puzzles"

run "$RULEGRID" solve "$DATA/malformed.json"
expect_rc 2 "malformed JSON"
err_has "malformed.json" "malformed JSON names the file"
run "$RULEGRID" solve - <"$DATA/malformed.json"
expect_rc 2 "malformed JSON from standard input"

run "$RULEGRID" solve "$DATA/unknown_type.json"
expect_rc 2 "unknown rule type"
err_has "lab.mystery" "unknown rule type names the type"
err_has "rule 1" "unknown rule type names the rule"
err_has "plugins" "unknown rule type names the folders"
mkdir "$TMP/extra"
run "$RULEGRID" solve --plugins "$TMP/extra" "$DATA/unknown_type.json"
expect_rc 2 "unknown rule type, --plugins"
err_has "$TMP/extra" "unknown rule type names the --plugins folder"

# a corpus with a bad line in the middle: reported, the others solved
run "$RULEGRID" solve "$DATA/bad_middle.txt"
expect_rc 2 "bad line in a corpus"
[ "$(cut -d' ' -f1-2 <<<"$OUT")" = "0 solved
1 error
2 solved" ] || fail "bad line in a corpus: $OUT"
err_has "bad_middle.txt:2" "bad line names file and line"
err_has "column 41" "bad line names the column"
run "$RULEGRID" count "$DATA/bad_middle.jsonl"
expect_rc 2 "bad document in a .jsonl"
err_has "bad_middle.jsonl:2: rule 0 (box_grid): field box[1]" "bad .jsonl line names line, rule and field"
# the same lines from standard input
run "$RULEGRID" count <"$DATA/bad_middle.jsonl"
expect_rc 2 "bad .jsonl from standard input"
[ "$(cut -d' ' -f1-2 <<<"$OUT")" = "0 unique
1 error
2 unique" ] || fail "bad .jsonl from standard input: $OUT"
err_has "-:2:" "standard input line numbers"

# binary garbage, with and without a leading brace
head -c 4096 /dev/urandom >"$TMP/random.bin"
run "$RULEGRID" solve "$TMP/random.bin"
expect_rc 2 "random bytes"
{ printf '{'; head -c 4096 /dev/urandom; } >"$TMP/brace.bin"
run "$RULEGRID" solve "$TMP/brace.bin"
expect_rc 2 "brace then random bytes"
run "$RULEGRID" solve --json <"$TMP/brace.bin"
expect_rc 2 "random bytes on standard input"
python3 -c 'import json,sys; [json.loads(l) for l in sys.stdin]' <"$TMP/out" || fail "random bytes: not JSON Lines"
printf '{"format": "rulegrid", "version": 1, "board": {"rows": 1000000, "columns": 9, "digits": 9}, "rules": []}' >"$TMP/huge.json"
run "$RULEGRID" solve "$TMP/huge.json"
expect_rc 2 "huge board"
err_has "board" "huge board names the field"

# a template that cannot be read
run "$RULEGRID" count --template "$TMP/missing.json" "$DATA/xsudoku.txt"
expect_rc 2 "missing template"
err_has "--template" "missing template"
err_has "$TMP/missing.json" "missing template names it"
run "$RULEGRID" count --template "$DATA/puzzles.txt" "$DATA/xsudoku.txt"
expect_rc 2 "corpus as template"
err_has "template" "corpus as template"

# a plugin file that is not a plugin: skipped with a warning naming it
# (tests/cli/plugin_safety.sh has the rest)
mkdir "$TMP/bad"
printf 'not a shared object\n' >"$TMP/bad/broken.so"
run "$RULEGRID" plugins --plugins "$TMP/bad"
expect_rc 0 "bad plugin file"
err_has "broken.so" "bad plugin file names the file"
err_has "warning" "bad plugin file is a warning"

# what was typed is quoted with its control characters as '?': an option's
# value, a file name, a plugin file's, the command generate's -o
no_esc() { case "$ERR" in *$'\e'*) fail "$1: an escape character reached the terminal: $ERR" ;; esac; }
run "$RULEGRID" count --nodes $'\e[31m' "$DATA/classic.json"
expect_rc 2 "escape in an option's value"
err_has "'?[31m' is not a whole number" "escape in an option's value"
no_esc "escape in an option's value"
run "$RULEGRID" count "$TMP/no"$'\e'"[2Jfile.json"
expect_rc 2 "escape in a file name"
err_has "no?[2Jfile.json" "escape in a file name"
no_esc "escape in a file name"
printf 'not a shared object\n' >"$TMP/bad/b"$'\e'"[1m.so"
run "$RULEGRID" plugins --plugins "$TMP/bad"
err_has "b?[1m.so: skipped" "escape in a plugin file's name"
no_esc "escape in a plugin file's name"
run "$RULEGRID" generate --preset classic4 --count 1 -o "$TMP/no"$'\e'"[2Jdir/out.jsonl"
expect_rc 2 "escape in generate -o"
err_has "no?[2Jdir/out.jsonl" "escape in generate -o"
no_esc "escape in generate -o"


# listings show names and paths the same way: the plugin folders and files, and
# fmt --check's list of files
mkdir -p "$TMP/p"$'\e'"[31m"
run "$RULEGRID" plugins --plugins "$TMP/p"$'\e'"[31m"
expect_rc 0 "a plugin folder with an escape"
grep -qF "folders searched: $TMP/p?[31m" <<<"$OUT" || fail "folder with an escape: $OUT"
case "$OUT" in *$'\e'*) fail "an escape character reached standard output: $OUT" ;; esac
printf '{"format": "rulegrid", "version": 1, "board": {"rows": 4, "columns": 4, "digits": 4}, "rules": []}' \
    >"$TMP/q"$'\e'"[2J.json"
run "$RULEGRID" fmt --check "$TMP/q"$'\e'"[2J.json"
expect_rc 1 "fmt --check of a file named with an escape"
[ "$OUT" = "$TMP/q?[2J.json" ] || fail "fmt --check's list: $OUT"

# ---- the plugin folders are named only for a type no plugin registers
printf '{"format": "rulegrid", "version": 1, "board": {"rows": 4, "columns": 4, "digits": 4}, "rules": [{"type": 5}]}' \
    >"$TMP/type5.json"
run "$RULEGRID" count "$TMP/type5.json"
expect_rc 2 "a type that is no string"
err_has "field type: expected a string naming the rule type, got 5" "a type that is no string"
case "$ERR" in *"folders searched"*) fail "a type that is no string names the folders: $ERR" ;; esac

# ---- what cannot be written is an error: standard output on a full device
if [ -w /dev/full ]; then
    for args in "count $SRC/corpus/classic/puzzles2_17_clue_1000.txt" "count --json $SRC/examples/classic.json" \
        "--help" "fmt $SRC/examples/four.json"; do
        set +e
        # shellcheck disable=SC2086 # the words of args
        "$RULEGRID" $args >/dev/full 2>"$TMP/err"
        RC=$?
        set -e
        [ "$RC" = 2 ] || fail "rulegrid $args >/dev/full: exit $RC, not 2"
        grep -q "^rulegrid: cannot write standard output" "$TMP/err" ||
            fail "rulegrid $args >/dev/full: $(cat "$TMP/err")"
    done
    BENCH=${RG_BUILD_DIR:-}/bin/rulegrid-bench
    if [ -n "${RG_BUILD_DIR:-}" ] && [ -x "$BENCH" ]; then
        set +e
        "$BENCH" -q -r 0 "$DATA/puzzles.txt" >/dev/full 2>"$TMP/err"
        RC=$?
        set -e
        [ "$RC" = 2 ] || fail "rulegrid-bench >/dev/full: exit $RC, not 2"
        grep -q "^rulegrid-bench: cannot write standard output" "$TMP/err" ||
            fail "rulegrid-bench >/dev/full: $(cat "$TMP/err")"
    fi
fi

echo "cli_errors: ok"
