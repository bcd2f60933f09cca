#!/usr/bin/env bash
# The action's check step: 'strata check' with GitHub annotations in the log, then the same
# findings as SARIF (answered from the check cache) for code scanning. Violations do not fail this
# step, so that the upload runs; the last step fails the job. Bad input (status 2) fails here.
# Outputs: violations=true|false, sarif=<file>.
set -euo pipefail
if [[ "${STRATA_CHECK:-true}" != "true" ]]; then
    echo "violations=false" >>"$GITHUB_OUTPUT"
    exit 0
fi
arguments=("$STRATA_PATH")
[[ -n "${STRATA_BASELINE:-}" ]] && arguments+=(--baseline "$STRATA_PATH/$STRATA_BASELINE")
# A fresh checkout has resolved no package: resolve first, or imports of them go unchecked.
resolve=()
[[ "${STRATA_RESOLVE:-true}" == "true" ]] && resolve=(--resolve)
status=0
"$STRATA" check "${arguments[@]}" "${resolve[@]}" --format github || status=$?
if ((status > 1)); then
    echo "::error::strata check could not read the workspace (exit status $status)" >&2
    exit "$status"
fi
sarif_status=0
"$STRATA" check "${arguments[@]}" --format sarif >"$STRATA_SARIF_FILE" || sarif_status=$?
((sarif_status <= 1)) || { echo "::error::strata check --format sarif failed (exit status $sarif_status)" >&2; exit "$sarif_status"; }
echo "sarif=$STRATA_SARIF_FILE" >>"$GITHUB_OUTPUT"
echo "violations=$([[ $status == 1 ]] && echo true || echo false)" >>"$GITHUB_OUTPUT"
