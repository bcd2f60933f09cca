#!/usr/bin/env bash
# The action's first step: the strata executable to use. STRATA_BINARY when given (a path or a
# command on PATH); otherwise a release build of the strata product from the action's checkout,
# which SwiftPM keeps up to date in its .build folder. Output: strata=<absolute path>.
set -euo pipefail
if [[ -n "${STRATA_BINARY:-}" ]]; then
    strata=$(command -v "$STRATA_BINARY" || true)
    [[ -n "$strata" && -x "$strata" ]] || { echo "::error::strata-binary '$STRATA_BINARY' is not an executable" >&2; exit 2; }
else
    command -v swift >/dev/null || { echo "::error::building strata needs Swift 6.2 or later on the runner, or give strata-binary" >&2; exit 2; }
    swift build -c release --product strata --package-path "$GITHUB_ACTION_PATH" >&2
    strata="$(swift build -c release --product strata --package-path "$GITHUB_ACTION_PATH" --show-bin-path)/strata"
fi
strata=$(cd "$(dirname "$strata")" && pwd)/$(basename "$strata")
"$strata" --version
echo "strata=$strata" >>"$GITHUB_OUTPUT"
