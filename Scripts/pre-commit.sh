#!/usr/bin/env bash
# The strata-check pre-commit hook (.pre-commit-hooks.yaml): runs in the repository being
# committed to, from pre-commit's clone of Strata. Builds the strata product there once (release,
# kept in that clone's .build), then checks the workspace in the current folder. Extra arguments
# from the hook's 'args:' go to strata check.
set -euo pipefail
strata_repository=$(cd "$(dirname "$0")/.." && pwd)
binary="$strata_repository/.build/release/strata"
if [[ ! -x "$binary" ]]; then
    echo "strata-check: building strata once (swift build -c release --product strata)…" >&2
    swift build -c release --product strata --package-path "$strata_repository" >&2
fi
exec "$binary" check --quiet "$@"
