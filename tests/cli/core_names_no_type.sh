#!/usr/bin/env bash
# The core knows no rule type by name: no string literal in core/ equals the
# name of a rule type that rulegrid's own plugins register (a plugin owns
# everything about its types: reading, writing, generating, laying out).
# One floor is exempt: core/verify writes the documents of its trials as any
# client of the format does, with houses (row, column, grid, box_grid) and cell
# restrictions (cell) of format.md 6.1 and 6.7 around the rules it tests, and
# asks the registry whether those types are loaded.
set -euo pipefail
: "${RULEGRID:?}" "${RG_SOURCE_DIR:?}"

types=$("$RULEGRID" plugins --json | python3 -c '
import json, sys
print("\n".join(t["type"] for t in json.load(sys.stdin)["types"]))')
[ "$(wc -l <<<"$types")" -ge 10 ] || { echo "FAIL: too few types listed: $types" >&2; exit 1; }

found=0
while read -r t; do
    if hits=$(grep -rnF "\"$t\"" "$RG_SOURCE_DIR/core" --include='*.c' --include='*.h' \
        --exclude-dir=verify); then
        echo "FAIL: core/ names the rule type \"$t\":" >&2
        echo "$hits" >&2
        found=1
    fi
done <<<"$types"
exit $found
