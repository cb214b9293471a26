#!/usr/bin/env bash
# Every C, C++ and header file is laid out as .clang-format says (apply with
# `cmake --build build --target format`). clang-format 14 (Debian 12) is the
# reference: other versions lay some constructs out differently.
set -euo pipefail
: "${RG_SOURCE_DIR:?}"
cd "$RG_SOURCE_DIR"
cf=$(command -v clang-format || command -v clang-format-14) || {
    echo "FAIL: clang-format not found (scripts/setup installs it)" >&2
    exit 1
}
mapfile -d '' files < <(find include core plugins tools bench tests examples fuzz \
    \( -name '*.c' -o -name '*.h' -o -name '*.cc' \) -not -path '*/build*' -print0 | sort -z)
[ "${#files[@]}" -gt 100 ] || { echo "FAIL: only ${#files[@]} files found" >&2; exit 1; }
if ! "$cf" --dry-run --Werror "${files[@]}" 2>"${TMPDIR:-/tmp}/rg-format.$$"; then
    grep -E '^[^ ].*: (error|warning):' "${TMPDIR:-/tmp}/rg-format.$$" | cut -d: -f1 | sort -u | sed 's/^/not formatted: /' >&2
    rm -f "${TMPDIR:-/tmp}/rg-format.$$"
    echo "FAIL: run: cmake --build build --target format" >&2
    exit 1
fi
rm -f "${TMPDIR:-/tmp}/rg-format.$$"
echo "${#files[@]} files laid out as .clang-format says"
