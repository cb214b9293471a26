#!/usr/bin/env bash
# Input that is not JSON (RFC 8259) is refused by the command: exit status 2
# and a message that names the file and what is wrong, for every case of
# issue 12 point 5. The inputs are written here with printf, bytes and all.
set -euo pipefail

# shellcheck source=../data/cli/common.sh
. "$(dirname "$0")/../data/cli/common.sh"
err_has() { grep -qF -- "$1" <<<"$ERR" || fail "$2: '$1' not in the message: $ERR"; }

HEAD='{"format": "rulegrid", "version": 1, "board": {"rows": 4, "columns": 4, "digits": 4}'
BOX='{"type": "box_grid", "origin": "r1c1", "box": [2, 2]}'
F=$TMP/doc.json

# refused WHAT: solve $F, from the file and from standard input, must exit 2
# with a message naming the file (or "-") and no output.
refused() {
    local what=$1
    run "$RULEGRID" solve "$F"
    expect_rc 2 "$what"
    [ -z "$OUT" ] || fail "$what: printed on stdout: $OUT"
    err_has "$F" "$what names the file"
    run "$RULEGRID" solve - <"$F"
    expect_rc 2 "$what (standard input)"
}

# The document as written must read: the cases below differ from it only
# where they say.
printf '%s, "rules": [%s]}' "$HEAD" "$BOX" >"$F"
run "$RULEGRID" solve "$F"
expect_rc 0 "the valid document"

# ---- bytes that may not stand in JSON text
printf '{"format": "rulegrid",\0 "version": 1}' >"$F"
refused "embedded NUL between tokens"
err_has "column 23: a NUL byte" "embedded NUL"
printf '%s, "meta": {"title": "a\0b"}, "rules": [%s]}' "$HEAD" "$BOX" >"$F"
refused "embedded NUL in a string"
err_has "a NUL byte" "embedded NUL in a string"
printf '{"format": "rulegrid",\001 "version": 1}' >"$F"
refused "control byte between tokens"
err_has "column 23: control byte 0x01 between tokens" "control byte"
printf '%s, "meta": {"title": "a\tb"}, "rules": [%s]}' "$HEAD" "$BOX" >"$F"
refused "control byte in a string"
err_has "control byte 0x09 in a string" "control byte in a string"

# ---- numbers
printf '{"format": "rulegrid", "version": 1, "board": {"rows": 04, "columns": 4, "digits": 4}, "rules": [%s]}' "$BOX" >"$F"
refused "leading zero"
err_has "the number 04 has a leading zero" "leading zero"

# ---- strings
printf '%s, "meta": {"title": "a\377b"}, "rules": [%s]}' "$HEAD" "$BOX" >"$F"
refused "invalid UTF-8"
err_has "invalid UTF-8 in a string (byte 0xff)" "invalid UTF-8"
printf '%s, "meta": {"title": "a\355\240\200b"}, "rules": [%s]}' "$HEAD" "$BOX" >"$F"
refused "UTF-8 of a surrogate"
err_has "invalid UTF-8 in a string (byte 0xed, then 0xa0, which cannot follow it)" "UTF-8 of a surrogate"
printf '%s, "meta": {"title": "a\\ud800b"}, "rules": [%s]}' "$HEAD" "$BOX" >"$F"
refused "lone surrogate"
err_has 'lone surrogate \ud800 in a string' "lone surrogate"
printf '%s, "rules": [{"type": "box_grid\\u0000junk", "origin": "r1c1", "box": [2, 2]}]}' \
    "$HEAD" >"$F"
refused "box_grid\\u0000junk as a type"
err_has '\u0000 in a string' "box_grid\\u0000junk as a type"
case $ERR in *"unknown rule type"* | *"box_grid"*) fail "\\u0000 read as a rule type: $ERR" ;; esac

# ---- nesting deeper than 1000 names the depth
{
    printf '%s, "rules": [%s], "x-deep": ' "$HEAD" "$BOX"
    for ((i = 0; i < 1001; i++)); do printf '['; done
    for ((i = 0; i < 1001; i++)); do printf ']'; done
    printf '}'
} >"$F"
refused "nesting deeper than 1000"
err_has "lists and objects nested more than 64 deep" "nesting deeper than 1000"

# ---- numbers in messages and output: every digit that matters
printf '{"format": "rulegrid", "version": 1.0000000000000002, "board": {"rows": 4, "columns": 4, "digits": 4}, "rules": [%s]}' \
    "$BOX" >"$F"
refused "version 1.0000000000000002"
err_has "got 1.0000000000000002" "version 1.0000000000000002"
case $ERR in *"got 1" | *"got 1 "* | *"got 1,"*) fail "version 1.0000000000000002 reported as 1: $ERR" ;; esac
# 2^63-1 reads as the nearest double, 2^63; it is printed with all its
# digits, never as 9.22337203685478e+18.
printf '{"format": "rulegrid", "version": 1, "board": {"rows": 9223372036854775807, "columns": 4, "digits": 4}, "rules": [%s]}' \
    "$BOX" >"$F"
refused "2^63-1 rows"
err_has "got 9223372036854775808" "2^63-1 in a message"
printf '%s, "rules": [%s], "x-n": [9223372036854775807, -9223372036854775808]}' "$HEAD" "$BOX" >"$F"
run "$RULEGRID" fmt "$F"
expect_rc 0 "fmt of 2^63-1"
has "$OUT" '"x-n": [9223372036854775808, -9223372036854775808]' "2^63-1 written in full"
case $OUT in *e+18*) fail "2^63-1 written in exponent form: $OUT" ;; esac

echo "strict input: ok"
