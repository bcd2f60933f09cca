#!/usr/bin/env bash
# Writes Strata's own module graph into docs/ARCHITECTURE.md, as `strata graph` draws it in
# Mermaid (libraries and executables; tests and external packages left out), between the two
# marker comments there.
#
#   Scripts/architecture-graph.sh           rewrite the block
#   Scripts/architecture-graph.sh --check   exit 1 if the block is not what strata draws now; CI runs this
#
# Uses .build/debug/strata (swift build --product strata first).
set -euo pipefail
cd "$(dirname "$0")/.."

document=docs/ARCHITECTURE.md
begin='<!-- begin: strata graph . --format mermaid --no-tests --no-external (Scripts/architecture-graph.sh) -->'
end='<!-- end: strata graph -->'
graph=$(.build/debug/strata graph . --format mermaid --no-tests --no-external)
if ! grep -qxF "$begin" "$document" || ! grep -qxF "$end" "$document"; then
    echo "error: $document lacks the marker lines around the graph:" >&2
    printf '  %s\n  %s\n' "$begin" "$end" >&2
    exit 2
fi

written=$(mktemp)
trap 'rm -f "$written"' EXIT
GRAPH="$graph" BEGIN="$begin" END="$end" awk '
    $0 == ENVIRON["BEGIN"] { print; print "```mermaid"; print ENVIRON["GRAPH"]; print "```"; skipping = 1; next }
    $0 == ENVIRON["END"] { skipping = 0 }
    !skipping { print }
' "$document" >"$written"

if [[ "${1:-}" == "--check" ]]; then
    if ! diff -u "$document" "$written"; then
        echo "error: $document's graph is stale; run Scripts/architecture-graph.sh" >&2
        exit 1
    fi
else
    cp "$written" "$document.tmp" && mv "$document.tmp" "$document"
    echo "wrote $document"
fi
