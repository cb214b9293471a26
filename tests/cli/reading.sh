#!/usr/bin/env bash
# Reading is linear (issue 12): documents of 100k cages, lines, relations and
# negatives on a 99 x 99 board of 32 digits (tests/gen_large.py) are each
# read, compiled, linked and given their root propagation
# (`count --nodes 1`) within a budget of processor time: 8 s each, where
# linear reading takes about 1.5 s and the quadratic reading this replaces
# took 11.6 s at 20k cages and never ended at 100k. Processor time, not wall
# time, so that a loaded machine does not fail the test; a wall limit of 60 s
# per document stops a reading that has gone quadratic.
# Under the sanitizers (RULEGRID_TEST_SCALE set) the documents hold 10k rules.
# Needs python3 only.
set -euo pipefail

# shellcheck source=../data/cli/common.sh
. "$(dirname "$0")/../data/cli/common.sh"

COUNT=100000
[ -n "${RULEGRID_TEST_SCALE:-}" ] && COUNT=10000
python3 - "$RULEGRID" "$SRC/tests/gen_large.py" "$TMP" "$COUNT" <<'EOF' || fail "reading is not linear"
import json, os, resource, subprocess, sys, time
rulegrid, gen, tmp, count = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
CPU_BUDGET, WALL_LIMIT = 8.0, 60.0
failed = []
for kind in ("cages", "lines", "relations", "negatives"):
    doc = os.path.join(tmp, "%s-%d.json" % (kind, count))
    with open(doc, "w") as f:
        subprocess.run([sys.executable, gen, kind, str(count)], stdout=f, check=True)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    try:
        p = subprocess.run([rulegrid, "count", "--json", "--nodes", "1", doc],
                           capture_output=True, text=True, timeout=WALL_LIMIT)
    except subprocess.TimeoutExpired:
        failed.append("%s: not read within %.0f s" % (kind, WALL_LIMIT))
        continue
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    print("%-10s %6d rules: %.2f s processor, %.2f s wall" % (kind, count, cpu, wall))
    if p.returncode not in (0, 1):
        failed.append("%s: exit status %d: %s" % (kind, p.returncode, p.stderr.strip()))
        continue
    results = [json.loads(l) for l in p.stdout.splitlines() if l.startswith("{")]
    if len(results) != 1 or "status" not in results[0]:
        failed.append("%s: expected one result, got %r" % (kind, p.stdout[:200]))
    if cpu > CPU_BUDGET:
        failed.append("%s: %.2f s of processor time (budget %.0f s)" % (kind, cpu, CPU_BUDGET))
    os.remove(doc)
if failed:
    sys.exit("\n".join(failed))
EOF
