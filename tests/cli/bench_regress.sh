#!/usr/bin/env bash
# scripts/bench-regress's instruction counts per corpus, on a small workload
# of its own (thermo and the quick killers): --update writes the loading and
# the counting pass of each corpus; the build against its own baseline
# passes; one corpus's counting pass or loading grown by a tenth fails, named,
# while the whole run's count stays within its tolerance (what the per-corpus
# counts are for); a run without Valgrind and a baseline of another compiler
# leave them uncompared, and an update without Valgrind keeps them. Needs
# Valgrind, which cannot run a sanitizer build: there it says so and passes
# (the main build runs it). tests/cli/bench_harness.sh checks the counters.
set -euo pipefail

# shellcheck source=../data/cli/common.sh
. "$(dirname "$0")/../data/cli/common.sh"
if [ "${RG_SANITIZE:-0}" = 1 ] || ! command -v valgrind >/dev/null; then
    echo "not run: Valgrind is missing or this is a sanitizer build"
    exit 0
fi
cd "$SRC"
BR=$SRC/scripts/bench-regress
W=(--workload corpus/variants/thermo.jsonl bench/workload/killer-quick.jsonl)
CELLS="thermo/intersections/domwdeg killer-quick/intersections/domwdeg"

# ---- --update writes both counts of each corpus
run "$BR" --build "$RG_BUILD_DIR" --no-build "${W[@]}" --baseline "$TMP/base.txt" --update
expect_rc 0 "an update on the small workload"
has "$OUT" "wrote $TMP/base.txt" "the update says where it wrote"
whole=$(sed -n 's/^instructions \([0-9]*\)$/\1/p' "$TMP/base.txt")
[ -n "$whole" ] || fail "no whole-run count in the baseline"
sum=0
for cell in $CELLS; do
    for part in load solve; do
        n=$(sed -n "s|^$cell instructions\\.$part \\([0-9]*\\)\$|\\1|p" "$TMP/base.txt")
        [ -n "$n" ] && [ "$n" -gt 100000 ] || fail "$cell instructions.$part: '$n'"
        sum=$((sum + n))
    done
done
# (the start of the process goes with the first load; its end with no corpus)
[ "$sum" -le "$whole" ] || fail "the corpora count $sum, more than the whole run's $whole"
[ "$sum" -ge $((whole * 9 / 10)) ] || fail "the corpora count $sum of the whole run's $whole"

# ---- the build against its own baseline
run "$BR" --build "$RG_BUILD_DIR" --no-build "${W[@]}" --baseline "$TMP/base.txt"
expect_rc 0 "the build against its own baseline"
has "$OUT" "within tolerance" "its own baseline passes"

# scale FILE KEY NUM DEN: the baseline FILE with KEY's count times NUM / DEN
# (9 / 10: as if this build's count had grown by a ninth).
scale() {
    python3 - "$@" <<'EOF'
import sys
path, key, num, den = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
lines = open(path).read().splitlines()
hit = [i for i, l in enumerate(lines) if l.rsplit(" ", 1)[0] == key]
assert len(hit) == 1, (key, hit)
name, value = lines[hit[0]].rsplit(" ", 1)
lines[hit[0]] = "%s %d" % (name, int(value) * num // den)
open(path, "w").write("\n".join(lines) + "\n")
EOF
}

# ---- one corpus's counting pass grown: caught and named, the whole run is not
cp "$TMP/base.txt" "$TMP/solve.txt"
scale "$TMP/solve.txt" "thermo/intersections/domwdeg instructions.solve" 9 10
run "$BR" --build "$RG_BUILD_DIR" --no-build "${W[@]}" --baseline "$TMP/solve.txt"
expect_rc 1 "thermo's counting pass a ninth dearer"
has "$OUT" "WORSE: thermo/intersections/domwdeg instructions.solve" "the corpus and the count named"
has "$OUT" "instructions.solve: " "the counts said"
has "$OUT" ", tolerance 3%" "the tolerance said"
grep -q "WORSE: instructions:" <<<"$OUT" && fail "the whole run went past its tolerance too: $OUT"
grep -q "WORSE: killer-quick" <<<"$OUT" && fail "the other corpus was blamed: $OUT"

# ---- one corpus's loading grown: caught and named
cp "$TMP/base.txt" "$TMP/load.txt"
scale "$TMP/load.txt" "killer-quick/intersections/domwdeg instructions.load" 9 10
run "$BR" --build "$RG_BUILD_DIR" --no-build "${W[@]}" --baseline "$TMP/load.txt"
expect_rc 1 "the killers' loading a ninth dearer"
has "$OUT" "WORSE: killer-quick/intersections/domwdeg instructions.load" "the loading named"

# ---- a gain past the tolerance is reported as one
cp "$TMP/base.txt" "$TMP/gain.txt"
scale "$TMP/gain.txt" "thermo/intersections/domwdeg instructions.solve" 11 10
run "$BR" --build "$RG_BUILD_DIR" --no-build "${W[@]}" --baseline "$TMP/gain.txt"
expect_rc 0 "a cheaper counting pass"
has "$OUT" "better: thermo/intersections/domwdeg instructions.solve" "the gain reported"

# ---- without Valgrind the per-corpus counts are not asked for, and an
# update keeps them as they were
cp "$TMP/solve.txt" "$TMP/counters.txt"
run "$BR" --build "$RG_BUILD_DIR" --no-build --no-valgrind "${W[@]}" --baseline "$TMP/counters.txt"
expect_rc 0 "counters only, against a baseline whose thermo count is low"
run "$BR" --build "$RG_BUILD_DIR" --no-build --no-valgrind "${W[@]}" --baseline "$TMP/counters.txt" --update
expect_rc 0 "an update without Valgrind"
diff <(grep "instructions" "$TMP/solve.txt") <(grep "instructions" "$TMP/counters.txt") >/dev/null ||
    fail "an update without Valgrind changed the instruction counts"

# ---- a baseline of another compiler: instruction counts not compared
sed 's/^compiler .*/compiler Another 1.0/' "$TMP/solve.txt" >"$TMP/other.txt"
run "$BR" --build "$RG_BUILD_DIR" --no-build "${W[@]}" --baseline "$TMP/other.txt"
expect_rc 0 "a baseline of another compiler"
has "$OUT" "instructions not compared" "the reason said"
echo "bench-regress per-corpus tests passed"
