#!/usr/bin/env bash
# format.md 8.11: an outside clue no filling can satisfy (sandwich, x_sum,
# skyscraper, little_killer; values the old reader refused) is a puzzle
# without solution: status none, exit 1, for solve, count and check alike.
set -euo pipefail

# shellcheck source=../data/cli/common.sh
. "$(dirname "$0")/../data/cli/common.sh"

# doc NAME RULE: a 2 x 4 board with D = 4 and the one rule.
doc() {
    printf '{"format":"rulegrid","version":1,"board":{"rows":2,"columns":4,"digits":4},"rules":[%s]}\n' \
        "$2" >"$TMP/$1.json"
}
ROW='"cells":["r1c1","r1c2","r1c3","r1c4"]'
DIAG='"cells":["r1c2","r2c1"]'

# The example of issue 12, on its own 1 x 4 board.
printf '%s\n' '{"format":"rulegrid","version":1,"board":{"rows":1,"columns":4,"digits":4},"rules":[{"type":"outside","kind":"sandwich","value":7,"cells":["r1c1","r1c2","r1c3","r1c4"]}]}' \
    >"$TMP/issue.json"
doc sandwich_high "{\"type\":\"outside\",\"kind\":\"sandwich\",\"value\":50,$ROW}"
doc sandwich_negative "{\"type\":\"outside\",\"kind\":\"sandwich\",\"value\":-1,$ROW}"
doc x_sum_zero "{\"type\":\"outside\",\"kind\":\"x_sum\",\"value\":0,$ROW}"
doc x_sum_high "{\"type\":\"outside\",\"kind\":\"x_sum\",\"value\":17,$ROW}"
doc skyscraper_high "{\"type\":\"outside\",\"kind\":\"skyscraper\",\"value\":12,$ROW}"
doc skyscraper_zero "{\"type\":\"outside\",\"kind\":\"skyscraper\",\"value\":0,$ROW}"
doc skyscraper_huge "{\"type\":\"outside\",\"kind\":\"skyscraper\",\"value\":9007199254740991,$ROW}"
doc little_killer_low "{\"type\":\"outside\",\"kind\":\"little_killer\",\"sum\":1,$DIAG}"
doc little_killer_high "{\"type\":\"outside\",\"kind\":\"little_killer\",\"sum\":9,$DIAG}"
doc little_killer_negative "{\"type\":\"outside\",\"kind\":\"little_killer\",\"sum\":-9007199254740991,$DIAG}"

for f in issue sandwich_high sandwich_negative x_sum_zero x_sum_high skyscraper_high \
    skyscraper_zero skyscraper_huge little_killer_low little_killer_high little_killer_negative; do
    for cmd in solve count; do
        run "$RULEGRID" "$cmd" --json "$TMP/$f.json"
        expect_rc 1 "$cmd $f"
        has "$OUT" '"status": "none"' "$cmd $f answers none"
    done
    run "$RULEGRID" count --strategy check "$TMP/$f.json"
    expect_rc 1 "count --strategy check $f"
    # the document is well formed: fmt writes it back with its value
    run "$RULEGRID" fmt "$TMP/$f.json"
    expect_rc 0 "fmt $f"
done

# The plain answer names the rule, and no givens are blamed when there are none.
run "$RULEGRID" count "$TMP/issue.json"
expect_rc 1 "count issue"
has "$OUT" "no solution (rule 0 (outside) can never hold)" "the rule that can never hold"

# What stays an error: a value that is no integer.
doc not_integer "{\"type\":\"outside\",\"kind\":\"skyscraper\",\"value\":2.5,$ROW}"
run "$RULEGRID" count "$TMP/not_integer.json"
expect_rc 2 "a fractional value"
has "$ERR" "expected an integer" "a fractional value is an error"
doc a_string "{\"type\":\"outside\",\"kind\":\"sandwich\",\"value\":\"7\",$ROW}"
run "$RULEGRID" count "$TMP/a_string.json"
expect_rc 2 "a string value"

echo "outside_impossible: ok"
