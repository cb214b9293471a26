#!/usr/bin/env bash
# Plugin loading is fail-safe (issue 12): relative plugin and preset folders
# are refused naming the entry and where it came from; a stray file of a
# plugin folder (text, a shared library without the entry, a cut plugin) is
# skipped with one warning and the commands still work; its constructor never
# runs; a document needing a type then names the files skipped.
set -euo pipefail

# shellcheck source=../data/cli/common.sh
. "$(dirname "$0")/../data/cli/common.sh"
: "${RG_BUILD_DIR:?}"
TP=$RG_BUILD_DIR/test-plugins
err_has() { grep -qF -- "$1" <<<"$ERR" || fail "$2: '$1' not in stderr: $ERR"; }

# ---- relative folders: refused, exit 2, naming the entry and its source
mkdir -p "$TMP/work/plugins"
cp "$TP/good/good.so" "$TMP/work/plugins/"
cd "$TMP/work"
for cmd in count plugins fmt generate; do
    args=("$DATA/classic.json")
    [ "$cmd" = plugins ] && args=()
    [ "$cmd" = generate ] && args=(--preset classic4)
    run "$RULEGRID" "$cmd" --plugins plugins "${args[@]}"
    expect_rc 2 "$cmd --plugins plugins"
    err_has "--plugins" "$cmd: the refusal names the option"
    err_has "'plugins'" "$cmd: the refusal names the folder"
    err_has "relative" "$cmd: the refusal says why"
    [ -z "$OUT" ] || fail "$cmd --plugins plugins wrote: $OUT"
done
run "$RULEGRID" count --plugins ./plugins "$DATA/classic.json"
expect_rc 2 "--plugins ./plugins"
run "$RULEGRID" count --plugins "$TMP/work/plugins" "$DATA/classic.json"
expect_rc 0 "an absolute --plugins folder"

for entry in plugins ./plugins "$TP/good:plugins" "::plugins:"; do
    run env RULEGRID_PLUGIN_PATH="$entry" "$RULEGRID" count "$DATA/classic.json"
    expect_rc 2 "RULEGRID_PLUGIN_PATH=$entry"
    err_has "RULEGRID_PLUGIN_PATH" "RULEGRID_PLUGIN_PATH=$entry: names the variable"
    err_has 'plugins"' "RULEGRID_PLUGIN_PATH=$entry: names the entry"
    err_has "relative" "RULEGRID_PLUGIN_PATH=$entry: says why"
done
run env RULEGRID_PLUGIN_PATH=":$TMP/work/plugins:" "$RULEGRID" plugins
expect_rc 0 "an absolute RULEGRID_PLUGIN_PATH"
has "$OUT" "test.good" "an absolute RULEGRID_PLUGIN_PATH loads"

# presets are searched alike
run env RULEGRID_PRESET_PATH=presets "$RULEGRID" generate --list
expect_rc 2 "RULEGRID_PRESET_PATH=presets"
err_has "RULEGRID_PRESET_PATH" "the preset refusal names the variable"
err_has '"presets"' "the preset refusal names the entry"
cd "$SRC"

# ---- stray files: skipped with one warning each, the commands still work
mkdir "$TMP/stray"
printf 'not a shared object\n' >"$TMP/stray/notes.so"
head -c 300 "$TP/good/good.so" >"$TMP/stray/cut.so"
: >"$TMP/stray/empty.so"
cp "$TP/noentry/noentry.so" "$TMP/stray/noentry.so"
cp "$TP/badabi/badabi.so" "$TMP/stray/old.so"
ln -s "$TMP/nowhere.so" "$TMP/stray/dangling.so"
cp "$TP/good/good.so" "$TMP/stray/zgood.so"
for cmd in count solve check; do
    run "$RULEGRID" "$cmd" --plugins "$TMP/stray" "$DATA/classic.json"
    expect_rc 0 "$cmd with stray files"
    for f in notes cut empty noentry old dangling; do
        [ "$(grep -cF "$TMP/stray/$f.so" <<<"$ERR")" = 1 ] ||
            fail "$cmd: not one warning for $f.so: $ERR"
    done
    [ "$(grep -c '^rulegrid: warning: ' <<<"$ERR")" = 6 ] || fail "$cmd: not 6 warnings: $ERR"
done
run "$RULEGRID" count --plugins "$TMP/stray" "$DATA/classic.json"
err_has "noentry.so: skipped: not a rulegrid plugin: it exports no function rulegrid_plugin_entry" \
    "the warning says why (no entry)"
err_has "old.so: skipped: the plugin was built for plugin ABI 2" "the warning says why (ABI)"
err_has "cut.so: skipped: cannot load plugin" "the warning says why (cut)"
err_has "notes.so: skipped: cannot load plugin: not an ELF file" "the warning says why (text)"
# the good plugin after them still loads
run "$RULEGRID" plugins --plugins "$TMP/stray"
expect_rc 0 "plugins with stray files"
has "$OUT" "test.good" "a plugin beside stray files loads"
# a folder reached twice warns once
run "$RULEGRID" count --plugins "$TMP/stray" --plugins "$TMP/stray/" "$DATA/classic.json"
[ "$(grep -c '^rulegrid: warning: ' <<<"$ERR")" = 6 ] || fail "twice: not 6 warnings: $ERR"
run env RULEGRID_PLUGIN_PATH="$TMP/stray" "$RULEGRID" generate --preset classic4 --seed 1
expect_rc 0 "generate with stray files"
err_has "notes.so: skipped" "generate warns too"

# ---- a document needing a type no loaded plugin gives: the error names the
# files skipped (test.abi is old.so's type)
printf '%s\n' '{"format": "rulegrid", "version": 1, "board": {"rows": 4, "columns": 4, "digits": 4}, "rules": [{"type": "test.abi"}]}' \
    >"$TMP/abi.json"
run "$RULEGRID" count --plugins "$TMP/stray" "$TMP/abi.json"
expect_rc 2 "a needed type with stray files"
err_has 'unknown rule type "test.abi"' "the error names the type"
err_has "files skipped" "the error mentions the skipped files"
err_has "$TMP/stray/old.so (the plugin was built for plugin ABI 2" "the error names old.so and why"
# without stray files the message is as before
run "$RULEGRID" count "$TMP/abi.json"
expect_rc 2 "a needed type"
grep -qF "files skipped" <<<"$ERR" && fail "no file was skipped: $ERR"

# ---- the constructor of a library without the entry never runs
export RG_TEST_CTOR_MARK=$TMP/mark
run "$RULEGRID" count --plugins "$TP/ctor" "$DATA/classic.json"
expect_rc 0 "a library with a constructor and no entry"
err_has "stray.so: skipped" "the library is skipped"
[ ! -e "$TMP/mark" ] || fail "its constructor ran: $(cat "$TMP/mark")"
run "$RULEGRID" count --plugins "$TP/ctorentry" "$DATA/classic.json"
expect_rc 0 "a plugin with a constructor"
[ "$(cat "$TMP/mark")" = withentry ] || fail "the control plugin's constructor did not run"

echo "plugin_safety: ok"
