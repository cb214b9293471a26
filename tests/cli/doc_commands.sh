#!/usr/bin/env bash
# Runs every command shown in README.md, docs/*.md, examples/plugin/README.md and
# corpus/README.md, as written, against this build: doc_commands.py, whose
# header states the conventions (documented outputs and exit statuses,
# doc-test marks, skipped set-up commands, time limits).
set -euo pipefail
: "${RG_BUILD_DIR:?}"
exec python3 "$(dirname "$0")/doc_commands.py" "$@"
