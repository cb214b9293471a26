#!/usr/bin/env bash
# examples/plugin end to end: install rulegrid into a temporary prefix, build
# the lab.clone plugin against it with CMake and with pkg-config, and count
# its puzzle with the plugin, without the rule and without the plugin.
set -euo pipefail
: "${RG_SOURCE_DIR:?}" "${RG_BUILD_DIR:?}"

# shellcheck source=../data/cli/common.sh
. "$(dirname "$0")/../data/cli/common.sh"

prefix=$TMP/prefix
quiet "$TMP/install.log" cmake --install "$RG_BUILD_DIR" --prefix "$prefix"
rg=$prefix/bin/rulegrid
[ -x "$rg" ] || fail "no $rg after install"
[ -f "$prefix/include/rulegrid/plugin.h" ] || fail "plugin.h not installed"
[ -f "$prefix/lib/rulegrid/plugins/houses.so" ] || fail "houses.so not in lib/rulegrid/plugins"
builtin=$(cd "$prefix/lib/rulegrid/plugins" && pwd -P)
example=$RG_SOURCE_DIR/examples/plugin
puzzle=$example/clone.json

# With CMake: find_package(rulegrid) through CMAKE_PREFIX_PATH.
quiet "$TMP/configure.log" cmake -S "$example" -B "$TMP/build" -DCMAKE_PREFIX_PATH="$prefix"
quiet "$TMP/build.log" cmake --build "$TMP/build"
[ -f "$TMP/build/clone.so" ] || fail "the example built no clone.so"
exported=$(nm -D --defined-only "$TMP/build/clone.so" | awk '$2 == "T" {print $3}')
[ "$exported" = rulegrid_plugin_entry ] || fail "clone.so exports: $exported"

# A plugin needs neither cJSON's development files nor pkg-config: the
# package found with libcjson.pc out of reach still builds it.
PKG_CONFIG_LIBDIR=$TMP/none quiet "$TMP/configure2.log" cmake -S "$example" -B "$TMP/build2" \
    -DCMAKE_PREFIX_PATH="$prefix"
quiet "$TMP/build2.log" cmake --build "$TMP/build2"
[ -f "$TMP/build2/clone.so" ] || fail "no clone.so without libcjson.pc"

# The example's own tests: the count, and `rulegrid verify` of lab.clone.
quiet "$TMP/ctest.log" ctest --test-dir "$TMP/build" --output-on-failure
grep -q "clone_verify" "$TMP/ctest.log" || fail "the example's ctest ran no verify: $(cat "$TMP/ctest.log")"
out=$("$rg" verify --json --trials 50 --plugins "$TMP/build" lab.clone) || fail "verify: $out"
grep -Eq '"status": *"ok"' <<<"$out" || fail "verify lab.clone: $out"

# With the rule: unique.
out=$("$rg" count --json --limit 10 --plugins "$TMP/build" "$puzzle") || fail "count: $out"
grep -Eq '"status": *"unique"' <<<"$out" || fail "not unique with lab.clone: $out"
grep -Eq '"solutions": *1,' <<<"$out" || fail "solutions: $out"

# Without the rule (taken out of the rules, wherever it stands): at least 10 solutions.
without=$(python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
d["rules"] = [r for r in d["rules"] if r["type"] != "lab.clone"]
print(json.dumps(d))' "$puzzle")
out=$("$rg" count --json --limit 10 --plugins "$TMP/build" - <<<"$without") ||
    fail "count without the rule: $out"
grep -Eq '"status": *"multiple"' <<<"$out" || fail "unique without lab.clone: $out"
grep -Eq '"solutions": *10,' <<<"$out" || fail "solutions without the rule: $out"

# explain: the clone's steps speak through its explain hook (technique "clone").
out=$("$rg" explain --plugins "$TMP/build" "$puzzle") || fail "explain: $out"
grep -Eq '\[clone; rule 1 \(lab.clone\)\] r[0-9]+c[0-9]+ and r[0-9]+c[0-9]+ are twins: each keeps only the digits the other has \([0-9]' <<<"$out" ||
    fail "explain: no clone step in the plugin's words: $out"
grep -q '^solved' <<<"$out" || fail "explain: not solved: $out"

# fmt writes the rule with its type's field order, after the houses.
out=$("$rg" fmt --plugins "$TMP/build" "$puzzle") || fail "fmt: $out"
grep -q '^    {"type": "box_grid", "origin": "r1c1", "box": \[3, 3\]},$' <<<"$out" ||
    fail "fmt: no box_grid first: $out"
grep -qF '{"type": "lab.clone", "cells": "r1c1:r2c3", "clone": "r4c4:r5c6", "note": "unique only with this rule"}' <<<"$out" ||
    fail "fmt: lab.clone not in its write order: $out"

# Without the plugin: exit status 2, naming the type and the folder searched.
set +e
out=$("$rg" count --json --limit 10 "$puzzle" 2>&1)
rc=$?
set -e
[ "$rc" -eq 2 ] || fail "exit status $rc without the plugin (wanted 2): $out"
grep -q 'lab.clone' <<<"$out" || fail "the unknown type is not named: $out"
grep -qF "$builtin" <<<"$out" || fail "the folder searched is not named: $out"

# The plugin's own errors: a clone of another shape, a clone of another size.
printf '%s' '{"format": "rulegrid", "version": 1, "board": {"rows": 4, "columns": 4, "digits": 4},
 "rules": [{"type": "lab.clone", "cells": ["r1c1", "r1c2"], "clone": ["r3c3", "r4c3"]}]}' >"$TMP/shape.json"
set +e
out=$("$rg" count --plugins "$TMP/build" "$TMP/shape.json" 2>&1)
rc=$?
set -e
[ "$rc" -eq 2 ] || fail "exit status $rc for a clone of another shape: $out"
grep -q 'field clone: .*r1c2 would move to r3c4' <<<"$out" || fail "shape error: $out"
sed 's/"r4c3"/"r3c4", "r4c4"/' "$TMP/shape.json" >"$TMP/size.json"
set +e
out=$("$rg" count --plugins "$TMP/build" "$TMP/size.json" 2>&1)
set -e
grep -q 'field clone: the clone has 3 cells and the original 2' <<<"$out" || fail "size error: $out"

# With pkg-config: the flags and the plugin folder.
pc=$(find "$prefix" -name rulegrid.pc)
[ -n "$pc" ] || fail "no rulegrid.pc installed"
export PKG_CONFIG_PATH=${pc%/*}
plugindir=$(pkg-config --variable=plugindir rulegrid)
[ "$(cd "$plugindir" && pwd -P)" = "$builtin" ] || fail "plugindir $plugindir"
mkdir "$TMP/pc"
# shellcheck disable=SC2046 # the flags are words
quiet "$TMP/cc.log" cc -std=c11 -Wall -Wextra -Werror -fPIC -shared -fvisibility=hidden \
    $(pkg-config --cflags rulegrid) "$example/clone.c" -o "$TMP/pc/clone.so"
# the flags need no libcjson.pc either; a static link still gets -lcjson
[ "$(PKG_CONFIG_LIBDIR=${pc%/*} pkg-config --cflags rulegrid)" = "$(pkg-config --cflags rulegrid)" ] ||
    fail "pkg-config --cflags rulegrid without libcjson.pc"
grep -qw -- -lcjson <<<"$(pkg-config --static --libs rulegrid)" || fail "no -lcjson in the static flags"
out=$("$rg" count --json --limit 10 --plugins "$TMP/pc" "$puzzle") || fail "count (pkg-config build): $out"
grep -Eq '"status": *"unique"' <<<"$out" || fail "pkg-config build: $out"

# Both builds at once register lab.clone twice: refused, naming both files.
set +e
out=$("$rg" count --limit 10 --plugins "$TMP/build" --plugins "$TMP/pc" "$puzzle" 2>&1)
rc=$?
set -e
[ "$rc" -eq 2 ] || fail "exit status $rc with lab.clone twice: $out"
for f in "$TMP/build/clone.so" "$TMP/pc/clone.so"; do
    grep -qF "$f" <<<"$out" || fail "$f is not named: $out"
done

