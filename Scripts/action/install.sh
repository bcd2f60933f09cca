#!/usr/bin/env bash
# The action's first step: the strata executable to use. STRATA_BINARY when given (a path or a
# command on PATH); otherwise a release build of the strata product from the action's checkout,
# which SwiftPM keeps up to date in its .build folder. On Linux it is linked with the Swift runtime
# inside, as releases are (so a later step may run it without the toolchain), and a checkout that
# built its release that way already builds nothing again. Output: strata=<absolute path>.
set -euo pipefail
if [[ -n "${STRATA_BINARY:-}" ]]; then
    strata=$(command -v "$STRATA_BINARY" || true)
    [[ -n "$strata" && -x "$strata" ]] || { echo "::error::strata-binary '$STRATA_BINARY' is not an executable" >&2; exit 2; }
else
    command -v swift >/dev/null || { echo "::error::building strata needs Swift 6.2 or later on the runner, or give strata-binary" >&2; exit 2; }
    flags=(-c release --product strata --package-path "$GITHUB_ACTION_PATH")
    [[ "$(uname -s)" == Linux ]] && flags+=(--static-swift-stdlib)
    swift build "${flags[@]}" >&2
    strata="$(swift build "${flags[@]}" --show-bin-path)/strata"
fi
strata=$(cd "$(dirname "$strata")" && pwd)/$(basename "$strata")
"$strata" --version
echo "strata=$strata" >>"$GITHUB_OUTPUT"
