#!/usr/bin/env bash
# Two or more strata binaries (say, before and after a refactor) side by side on one workspace:
# each round runs every binary once, in turn, for each command, so that a machine whose load
# changes over time slows them alike. Prints the median, fastest and slowest wall time of every
# binary per command, and each binary's ratio to the first.
#   Benchmarks/compare-binaries.sh [--rounds N] WORKSPACE BINARY...
# Example (docs/BENCHMARKS.md, "Issue 25's refactor"):
#   git worktree add /tmp/before <commit> && (cd /tmp/before && swift build -c release --product strata)
#   swift build -c release --product strata
#   .build/release/strata synthesize --modules 5000 --files-per-module 20 --output /tmp/syn100k
#   Benchmarks/compare-binaries.sh /tmp/syn100k /tmp/before/.build/release/strata .build/release/strata
set -euo pipefail
rounds=7
if [[ "${1:-}" == "--rounds" ]]; then
    rounds=$2
    shift 2
fi
(($# >= 2)) || { echo "usage: $0 [--rounds N] WORKSPACE BINARY..." >&2; exit 2; }
workspace=$(cd "$1" && pwd)
shift
binaries=("$@")
for binary in "${binaries[@]}"; do
    [[ -x "$binary" ]] || { echo "error: $binary is not an executable" >&2; exit 2; }
done
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# name|setup before each run (in the workspace; $binary is the binary about to run)|strata arguments
# The check cache is keyed by the executable, so a check right after another binary's misses it.
commands=(
    "check, cold (no caches)|rm -rf .build/strata|check ."
    "check, warm (nothing changed since this binary's last check)|\"\$binary\" check . >/dev/null 2>/dev/null|check ."
    "check, the check cache missed (another binary checked last; scan cache warm)||check ."
    "check --no-sources --no-cache (load and graph rules)||check --no-sources --no-cache ."
    "generate --check (re-run, nothing to write)||generate --check ."
    "graph --format dot||graph --format dot -o $out/graph.dot ."
)

now() { date +%s%N; }
for command in "${commands[@]}"; do
    IFS='|' read -r name setup arguments <<<"$command"
    # Warm-up: the page cache, and each binary's caches where the command keeps them.
    for binary in "${binaries[@]}"; do
        (cd "$workspace" && eval "$setup" ; "$binary" $arguments >/dev/null 2>&1) || true
    done
    for ((round = 0; round < rounds; round++)); do
        for index in "${!binaries[@]}"; do
            binary=${binaries[$index]}
            (cd "$workspace" && eval "$setup") || true
            start=$(now)
            (cd "$workspace" && "${binaries[$index]}" $arguments >/dev/null 2>&1) || true
            echo $((($(now) - start) / 1000000)) >>"$out/$index-$(echo "$name" | tr -c 'a-z' '_')"
        done
    done
    printf '\n%s (%d rounds, ms: median, fastest–slowest)\n' "$name" "$rounds"
    first=""
    for index in "${!binaries[@]}"; do
        sorted=$(sort -n "$out/$index-$(echo "$name" | tr -c 'a-z' '_')")
        median=$(echo "$sorted" | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
        low=$(echo "$sorted" | head -n 1)
        high=$(echo "$sorted" | tail -n 1)
        [[ -n "$first" ]] || first=$median
        ratio=$(awk -v a="$median" -v b="$first" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
        printf '  %-60s %6s ms  (%s–%s)  ×%s\n' "${binaries[$index]}" "$median" "$low" "$high" "$ratio"
    done
done
