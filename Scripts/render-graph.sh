#!/usr/bin/env bash
# Renders a workspace's `strata graph --format html` page in headless Chromium, to a PNG, and
# says whether the page's script ran without errors (its self-test exercises search, click
# highlighting and zoom).
#
#   Scripts/render-graph.sh [WORKSPACE] [OUTPUT.png] [-- strata graph options…]
#   Scripts/render-graph.sh Examples/ISS /tmp/iss-graph.png
#
# Needs Chromium (Debian: apt-get install chromium; or set CHROMIUM to its path).
set -euo pipefail
cd "$(dirname "$0")/.."

workspace=${1:-Examples/ISS}
png=${2:-graph.png}
shift $(( $# > 2 ? 2 : $# ))
[[ "${1:-}" == "--" ]] && shift

chromium=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)}
if [[ -z "$chromium" ]]; then
    echo "render-graph: Chromium is not installed (apt-get install chromium, or set CHROMIUM)" >&2
    exit 2
fi

swift build --product strata >&2
page=$(mktemp --suffix=.html)
profile=$(mktemp -d)
trap 'rm -rf "$page" "$profile"' EXIT
.build/debug/strata graph "$workspace" --format html --output "$page" "$@"

flags=(--headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run --user-data-dir="$profile" --virtual-time-budget=3000)
dom=$("$chromium" "${flags[@]}" --dump-dom "file://$page#selftest" 2>/dev/null)
"$chromium" "${flags[@]}" --window-size=1600,1000 --screenshot="$png" "file://$page" >/dev/null 2>&1
# The page reports on its root element: data-strata-ready, data-strata-selftest, data-strata-errors.
html=$(grep -o '<html[^>]*>' <<<"$dom" | head -n 1)

if grep -q 'data-strata-errors' <<<"$html"; then
    echo "render-graph: the page reported script errors:" >&2
    grep -o 'data-strata-errors="[^"]*"' <<<"$html" >&2
    exit 1
fi
if ! grep -q 'data-strata-selftest="passed"' <<<"$html"; then
    echo "render-graph: the page's self-test did not pass" >&2
    exit 1
fi
echo "render-graph: $png written; the page loaded without script errors and its self-test passed"
