#!/usr/bin/env bash
# Examples/ISS with real secrets, as CI runs it: a throwaway member key, secrets made with it,
# the ground station's API key exported into the Network module (git ignores the file), the
# Cosmonaut app built and run, its binary searched for the key, and the export removed again
# (so the tree is as it was: the app builds with the empty placeholder).
#   Scripts/iss-secrets.sh        (after 'swift build', which builds strata and strata-secrets)
set -euo pipefail
cd "$(dirname "$0")/.."
strata=${STRATA:-.build/debug/strata}
exported=Examples/ISS/Sources/Network/Secrets.swift
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"; rm -f "$exported"' EXIT

# The throwaway identity stays in the scratch folder, never in the repository.
export XDG_CONFIG_HOME="$scratch/config"
vault="$scratch/vault"
mkdir -p "$vault"
"$strata" secrets keygen --workspace "$vault" >/dev/null
"$strata" secrets init --workspace "$vault" --name ci >/dev/null
key="iss-ground-$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')"
printf '%s' "$key" | "$strata" secrets set --workspace "$vault" groundStationAPIKey >/dev/null
"$strata" secrets export --workspace "$vault" --access internal --swift "$exported"

swift build --package-path Examples/ISS --product CosmonautApp
banner=$(swift run --package-path Examples/ISS --skip-build CosmonautApp --scenario low-oxygen)
if ! grep -qF "ground-station API key: set (${#key} bytes)" <<<"$banner"; then
    echo "CosmonautApp did not read the exported API key:" >&2
    head -n 3 <<<"$banner" >&2
    exit 1
fi
binary="$(swift build --package-path Examples/ISS --show-bin-path)/CosmonautApp"
if grep -qF "$key" "$binary" || strings -n 8 "$binary" | grep -qF "${key:0:16}"; then
    echo "the API key is in $binary" >&2
    exit 1
fi
echo "Examples/ISS: CosmonautApp sends its ${#key}-byte API key from the exported Secrets; its binary does not hold the key"
