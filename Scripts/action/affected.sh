#!/usr/bin/env bash
# The action's affected step: the test targets the change affects, compared with the given base,
# else the pull request's base (from the merge base, as the pull request sees it), else the pushed
# commit's parent. The repository must hold the base: check out with fetch-depth: 0.
# Outputs: tests=<JSON array>, matrix=<strategy.matrix JSON>, everything=true|false.
set -euo pipefail
if [[ "${STRATA_AFFECTED:-true}" != "true" ]]; then
    { echo "tests=[]"; echo 'matrix={"include":[]}'; echo "everything=false"; } >>"$GITHUB_OUTPUT"
    exit 0
fi
arguments=("$STRATA_PATH")
if [[ -n "${STRATA_BASE:-}" ]]; then
    arguments+=(--base "$STRATA_BASE")
elif [[ -n "${STRATA_PULL_REQUEST_BASE:-}" ]]; then
    arguments+=(--base "$STRATA_PULL_REQUEST_BASE" --merge-base)
elif [[ -n "${STRATA_PUSH_BEFORE:-}" && "$STRATA_PUSH_BEFORE" != 0000000000000000000000000000000000000000 ]]; then
    arguments+=(--base "$STRATA_PUSH_BEFORE")
else
    arguments+=(--base HEAD~1)
fi
report=$("$STRATA" affected "${arguments[@]}" --tests-only --format json)
matrix=$("$STRATA" affected "${arguments[@]}" --tests-only --format github-matrix)
tests=$(python3 -c 'import json, sys; print(json.dumps(json.load(sys.stdin)["tests"], separators=(",", ":")))' <<<"$report")
everything=$(python3 -c 'import json, sys; print("true" if json.load(sys.stdin)["everything"] else "false")' <<<"$report")
echo "affected test targets: $tests"
{ echo "tests=$tests"; echo "matrix=$matrix"; echo "everything=$everything"; } >>"$GITHUB_OUTPUT"
