#!/usr/bin/env bash
# librulegrid as a library, end to end: install rulegrid into a temporary
# prefix; the shared library exports exactly the RG_API calls of rulegrid.h;
# examples/embed/count.c builds against the installed tree with CMake
# (rulegrid::rulegrid, rulegrid::static) and with pkg-config, and counts
# examples/classic.json; count.py does the same through ctypes. In the
# sanitizer build (RG_SANITIZE=1) the library carries the sanitizers'
# runtime, so the programs are built with the same flags and the Python part,
# whose interpreter cannot load it first, is left to the other builds.
set -euo pipefail
: "${RG_SOURCE_DIR:?}" "${RG_BUILD_DIR:?}"

# shellcheck source=../data/cli/common.sh
. "$(dirname "$0")/../data/cli/common.sh"

prefix=$TMP/prefix
quiet "$TMP/install.log" cmake --install "$RG_BUILD_DIR" --prefix "$prefix"
libdir=$(dirname "$(find "$prefix" -name 'librulegrid.so.0' | head -n 1)")
[ -f "$libdir/librulegrid.so.0" ] || fail "no librulegrid.so.0 installed"
[ -f "$libdir/librulegrid.a" ] || fail "no librulegrid.a installed"
soname=$(objdump -p "$libdir/librulegrid.so.0" | awk '$1 == "SONAME" {print $2}')
[ "$soname" = librulegrid.so.0 ] || fail "soname is '$soname'"

# Exactly the calls rulegrid.h declares with RG_API are exported.
nm -D --defined-only "$libdir/librulegrid.so.0" | awk '$2 == "T" {print $3}' | sort >"$TMP/exported"
grep -o 'RG_API [^;]*' "$prefix/include/rulegrid/rulegrid.h" | grep -o 'rg_[a-z_0-9]*(' | tr -d '(' |
    sort -u >"$TMP/declared"
[ "$(wc -l <"$TMP/declared")" -gt 60 ] || fail "too few declarations found"
diff "$TMP/declared" "$TMP/exported" >"$TMP/diff" || fail "exports differ from rulegrid.h:
$(cat "$TMP/diff")"

puzzle=$RG_SOURCE_DIR/examples/classic.json
# The first row of the document's own solution, as count prints it.
row=$(python3 -c 'import json, sys
s = json.load(open(sys.argv[1]))["solution"]
print("".join(" %d" % s["r1c%d" % c] for c in range(1, 10)))' "$puzzle")
check() { # check LABEL OUTPUT: unique, one solution, the solution's first row
    grep -q '^unique (1 solution found' <<<"$2" || fail "$1: not unique: $2"
    grep -qx -- "$row" <<<"$2" || fail "$1: first row is not$row: $2"
}

# CMake: the shared library, then the static one.
san=
[ "${RG_SANITIZE:-0}" = 1 ] && san="-fsanitize=address,undefined"
quiet "$TMP/cmake.log" cmake -S "$RG_SOURCE_DIR/examples/embed" -B "$TMP/cm" \
    -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_C_FLAGS="$san"
quiet "$TMP/build.log" cmake --build "$TMP/cm"
ldd "$TMP/cm/count" >"$TMP/ldd" || fail "ldd count"
grep -qF "$libdir/librulegrid.so.0" "$TMP/ldd" || fail "count does not use $libdir: $(cat "$TMP/ldd")"
check cmake "$(env -u RULEGRID_PLUGIN_PATH "$TMP/cm/count" "$puzzle")"
mkdir -p "$TMP/st"
cat >"$TMP/st/CMakeLists.txt" <<CM
cmake_minimum_required(VERSION 3.18)
project(count_static C)
find_package(rulegrid 0.1 REQUIRED)
add_executable(count $RG_SOURCE_DIR/examples/embed/count.c)
target_link_libraries(count PRIVATE rulegrid::static)
CM
quiet "$TMP/st.log" cmake -S "$TMP/st" -B "$TMP/st/build" -DCMAKE_PREFIX_PATH="$prefix" \
    -DCMAKE_C_FLAGS="$san"
quiet "$TMP/st-build.log" cmake --build "$TMP/st/build"
ldd "$TMP/st/build/count" >"$TMP/ldd" || fail "ldd count (static)"
if grep -q librulegrid "$TMP/ldd"; then fail "the static build links librulegrid.so"; fi
# Linked statically, the program finds the plugins beside its own bin/.
mkdir -p "$prefix/bin"
cp "$TMP/st/build/count" "$prefix/bin/count-static"
check static "$(env -u RULEGRID_PLUGIN_PATH "$prefix/bin/count-static" "$puzzle")"

# pkg-config.
export PKG_CONFIG_PATH=$libdir/pkgconfig
flags=$(pkg-config --cflags --libs rulegrid) || fail "pkg-config --libs rulegrid"
grep -q -- '-lrulegrid' <<<"$flags" || fail "pkg-config gives no -lrulegrid: $flags"
# shellcheck disable=SC2086
quiet "$TMP/cc.log" cc $san -o "$TMP/count-pc" "$RG_SOURCE_DIR/examples/embed/count.c" $flags \
    -Wl,-rpath,"$(pkg-config --variable=libdir rulegrid)"
check pkg-config "$(env -u RULEGRID_PLUGIN_PATH "$TMP/count-pc" "$puzzle")"

# Errors come back as messages and exit status 2.
set +e
out=$("$TMP/count-pc" "$RG_SOURCE_DIR/tests/data/cli/unknown_type.json" 2>&1)
rc=$?
set -e
[ "$rc" = 2 ] || fail "exit status $rc on an unknown type (wanted 2): $out"
grep -q 'unknown rule type "lab.mystery"' <<<"$out" || fail "no message: $out"

# Python through ctypes.
if [ -n "$san" ]; then
    echo "embed: shared, static and pkg-config builds count $puzzle (ctypes: not under sanitizers)"
    exit 0
fi
out=$(env -u RULEGRID_PLUGIN_PATH python3 "$RG_SOURCE_DIR/examples/embed/count.py" \
    --lib "$libdir/librulegrid.so.0" "$puzzle") || fail "count.py: $out"
grep -q '^unique (1 solution found' <<<"$out" || fail "count.py: $out"
first=$(python3 -c 'import json, sys
s = json.load(open(sys.argv[1]))["solution"]
print(" ".join("r1c%d=%d" % (c, s["r1c%d" % c]) for c in range(1, 10)))' "$puzzle")
grep -qF "$first" <<<"$out" || fail "count.py solution (wanted $first): $out"
echo "embed: shared, static, pkg-config and ctypes builds count $puzzle"
