#!/usr/bin/env bash
# The shipped documents are in canonical form (format.md §7; `rulegrid fmt
# --check` lists nothing): every corpus/variants/*.jsonl and every .json and
# .jsonl under examples/, but examples/fmt/ (the inputs of the fmt examples of
# docs/cli.md, not canonical on purpose) and build folders. examples/plugin/
# clone.json needs the lab.clone plugin: the test build's copy of it is loaded.
set -euo pipefail

# shellcheck source=../data/cli/common.sh
. "$(dirname "$0")/../data/cli/common.sh"
cd "$SRC"
files=(corpus/variants/*.jsonl)
while IFS= read -r -d '' f; do
    files+=("$f")
done < <(find examples \( -path examples/fmt -o -name 'build*' -o -name CMakeFiles \) -prune -o \
    -type f \( -name '*.json' -o -name '*.jsonl' \) -print0 | sort -z)
# (Not `printf | grep -q`: grep quits at its match, printf may then die of
# SIGPIPE, and pipefail fails the test about one run in thirty.)
grep -qx examples/classic.json <(printf '%s\n' "${files[@]}") || fail "examples/classic.json not found"
[ "${#files[@]}" -gt 15 ] || fail "only ${#files[@]} files found: ${files[*]}"

run "$RULEGRID" fmt --check --plugins "${RG_BUILD_DIR:?}/test-plugins/clone" "${files[@]}"
[ "$RC" = 0 ] || fail "not in canonical form (rewrite with: rulegrid fmt -w FILE; check that answers and bench counters stay, docs/bench.md), exit status $RC:
$OUT
$ERR"
echo "${#files[@]} files canonical"
