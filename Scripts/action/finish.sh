#!/usr/bin/env bash
# The action's last step: fails the job when strata check found errors (after the SARIF upload
# and the affected step have run).
set -euo pipefail
if [[ "${STRATA_VIOLATIONS:-false}" == "true" ]]; then
    echo "::error::strata check found architecture errors (see the annotations and code scanning)" >&2
    exit 1
fi
