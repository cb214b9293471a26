#!/usr/bin/env bash
# scripts/bench-classic-goal: this build against itself as the reference, on
# the first puzzles of corpus/classic. Its table must be its own arithmetic
# (tdoku's figures times the printed scale, the ratios and their geometric
# mean, and the goal's verdict from them), the rounds must reach standard
# error, and usage errors and a failing build must say what went wrong.
set -euo pipefail

# shellcheck source=../data/cli/common.sh
. "$(dirname "$0")/../data/cli/common.sh"
bench_or_skip
GOALCMD=$SRC/scripts/bench-classic-goal

run python3 "$GOALCMD" --build "$RG_BUILD_DIR" --ref "$RG_BUILD_DIR" --corpus-dir "$SRC/corpus/classic" \
    --rounds 2 --reps 1 --puzzles 20
expect_rc 0 "bench-classic-goal on 20 puzzles a corpus"
has "$OUT" "Not the issue's measure: the 17-clue slice of corpus/classic, not the full list; the first 20 puzzles of each corpus." "the slices are named"
[ "$(grep -c '^round [12]: reference [0-9.]* us; rulegrid [0-9.]*, [0-9.]*, [0-9.]*, [0-9.]* us$' <<<"$ERR")" = 2 ] ||
    fail "bench-classic-goal: not two rounds of four figures on stderr: $ERR"
python3 - "$OUT" "$ERR" <<'EOF' || fail "bench-classic-goal: the table is not its own arithmetic: $OUT"
import math, re, sys
out, err = sys.argv[1], sys.argv[2]
m = re.search(r"took ([0-9.]+) us a puzzle .* round\(s\): ([0-9., ]+)\); at the issue it took 35\.1, "
              r"a scale of ([0-9.]+)\.", out)
best, rounds, scale = float(m.group(1)), [float(x) for x in m.group(2).split(", ")], float(m.group(3))
assert len(rounds) == 2 and best == min(rounds), (best, rounds)
# (each figure as printed: the scale to 3 decimals, the µs and ratios to 2)
assert abs(scale - best / 35.1) <= 0.0005 + 0.005 / 35.1 + 1e-9, (scale, best)
# the reference's rounds on stderr are the ones quoted
assert [float(x) for x in re.findall(r"reference ([0-9.]+) us", err)] == rounds
rows = re.findall(r"^\| (.+?) \| ([0-9.]+) \| ([0-9.]+) \| ([0-9.]+) \| ([0-9.]+) \|$", out, re.M)
assert [r[0].split(" (")[0] for r in rows] == [
    "17-clue", "magictour top1465", "forum_hardest_1106", "forum_hardest_1905_11+"], rows
assert [float(r[1]) for r in rows] == [5.8, 14.2, 138, 92], rows
mine = [min(float(x.split(", ")[i]) for x in re.findall(r"rulegrid ([0-9., ]+) us", err))
        for i in range(4)]
ratios, rel = [], []
for r, best_new in zip(rows, mine):
    tdoku, here, new, ratio = (float(x) for x in r[1:])
    assert abs(here - tdoku * scale) <= 0.005 + tdoku * 0.0005 + 1e-9, r
    assert abs(new - best_new) <= 1e-9, (r, best_new)  # the fastest round
    assert abs(ratio - here / new) <= 0.005 + ratio * (0.005 / here + 0.005 / new) + 1e-9, r
    ratios.append(here / new)
    rel.append(0.005 / here + 0.005 / new)  # how far here / new may be from the true ratio
g = math.exp(sum(map(math.log, ratios)) / 4)
gm = float(re.search(r"^\| geometric mean \| \| \| \| \*\*([0-9.]+)\*\* \|$", out, re.M).group(1))
assert abs(gm - g) <= 0.005 + g * max(rel) + 1e-9, (gm, g)
assert out.rstrip().endswith("Goal: at least 0.5: %s." % ("met" if gm >= 0.5 else "short"))
EOF

# Usage errors: status 2, the option named.
for bad in "--rounds 0" "--reps 0" "--puzzles -1"; do
    # shellcheck disable=SC2086
    run python3 "$GOALCMD" --build "$RG_BUILD_DIR" --ref "$RG_BUILD_DIR" $bad
    expect_rc 2 "bench-classic-goal $bad"
    has "$ERR" "${bad%% *}: " "bench-classic-goal $bad names the option"
done
run python3 "$GOALCMD" --build "$RG_BUILD_DIR" --ref "$RG_BUILD_DIR" --corpus-dir "$TMP"
expect_rc 1 "bench-classic-goal with an empty corpus directory"
has "$ERR" "bench-classic-goal: 17-clue: no puzzles2_17_clue_1000.txt in $TMP" "the missing corpus named"
# A reference that cannot run stops the measure, named, with its exit status.
mkdir -p "$TMP/mute/bin"
printf '#!/bin/sh\necho "cannot start" >&2\nexit 2\n' >"$TMP/mute/bin/rulegrid-bench"
chmod +x "$TMP/mute/bin/rulegrid-bench"
run python3 "$GOALCMD" --build "$RG_BUILD_DIR" --ref "$TMP/mute" --corpus-dir "$SRC/corpus/classic" \
    --rounds 1 --reps 1 --puzzles 5
expect_rc 1 "bench-classic-goal with a failing reference"
has "$ERR" "mute/bin/rulegrid-bench failed (exit 2): cannot start" "the failing reference named"
# A reference directory without a harness is named before anything runs.
mkdir -p "$TMP/empty/bin"
run python3 "$GOALCMD" --build "$RG_BUILD_DIR" --ref "$TMP/empty" --corpus-dir "$SRC/corpus/classic" \
    --rounds 1 --reps 1 --puzzles 5
expect_rc 1 "bench-classic-goal with no reference harness"
has "$ERR" "bench-classic-goal: no harness at $TMP/empty/bin/rulegrid-bench" "the missing harness named"
# A harness whose report leaves a puzzle unproved: no figure is given for it.
mkdir -p "$TMP/unproved/bin"
cat >"$TMP/unproved/bin/rulegrid-bench" <<'EOF'
#!/bin/sh
echo '{"cells": [{"puzzles": 5, "unique": 4, "us_per_puzzle": 1.0}]}'
EOF
chmod +x "$TMP/unproved/bin/rulegrid-bench"
run python3 "$GOALCMD" --build "$RG_BUILD_DIR" --ref "$TMP/unproved" --corpus-dir "$SRC/corpus/classic" \
    --rounds 1 --reps 1 --puzzles 5
expect_rc 1 "bench-classic-goal with a puzzle not proved unique"
has "$ERR" "unproved/bin/rulegrid-bench on $SRC/corpus/classic/puzzles2_17_clue_1000.txt:5: 4 of 5 puzzles proved unique" \
    "the unproved corpus named"
[ -z "$OUT" ] || fail "a table printed after an unproved corpus: $OUT"
# A harness that reports no cell for the corpus it was given.
printf '#!/bin/sh\necho '"'"'{"cells": []}'"'"'\n' >"$TMP/unproved/bin/rulegrid-bench"
run python3 "$GOALCMD" --build "$RG_BUILD_DIR" --ref "$TMP/unproved" --corpus-dir "$SRC/corpus/classic" \
    --rounds 1 --reps 1 --puzzles 5
expect_rc 1 "bench-classic-goal with a report of no cells"
has "$ERR" "unproved/bin/rulegrid-bench: 0 cells for 1 corpora" "the short report named"
echo "classic_goal: ok"
