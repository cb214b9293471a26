#!/usr/bin/env bash
# The report pages in headless Chromium (tests/cli/report_browser.py): skipped
# (exit status 77) only when Chromium is not installed; scripts/setup installs
# it with its WebDriver and python3-selenium, so CI runs it. Screenshots are
# kept in $RG_BUILD_DIR/report-browser.
set -euo pipefail
: "${RULEGRID:?set RULEGRID to the built rulegrid command}"
SRC=${RG_SOURCE_DIR:-$(cd "$(dirname "$0")/../.." && pwd)}
BUILD=${RG_BUILD_DIR:-$(dirname "$(dirname "$RULEGRID")")}
if ! command -v chromium >/dev/null 2>&1; then
    echo "SKIPPED: chromium is not installed (scripts/setup installs chromium, chromium-driver and python3-selenium)"
    exit 77
fi
# Debian's python3, where python3-selenium lives (a python3 earlier on PATH
# may be another installation without it).
py=python3
[ -x /usr/bin/python3 ] && py=/usr/bin/python3
out=$BUILD/report-browser
rm -rf "$out"
exec timeout 120 "$py" "$SRC/tests/cli/report_browser.py" "$RULEGRID" "$BUILD/bin/rulegrid-bench" "$SRC" "$out"
