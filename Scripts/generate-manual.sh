#!/usr/bin/env bash
# Writes the man pages of strata, strata secrets and strata-registry into docs/man/ with
# ArgumentParser's generate-manual plugin, from the same command definitions as --help.
#
#   Scripts/generate-manual.sh           regenerate docs/man/*.1 (dated by the last commit)
#   Scripts/generate-manual.sh --check   exit 1 if a committed page differs from what the
#                                        commands generate now (the date line aside); CI runs this
#
# The plugin builds the package's products in debug (incremental after 'swift build'). It copies
# a command's discussion as it is; an empty line there (before the Examples section) is an mdoc
# warning, so each becomes .Pp, mdoc's paragraph break.
set -euo pipefail
cd "$(dirname "$0")/.."

check=false
[[ "${1:-}" == "--check" ]] && check=true

date=$(git log -1 --format=%cs 2>/dev/null || date +%F)
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! swift package generate-manual --configuration debug --date "$date" >"$log" 2>&1; then
    cat "$log" >&2
    exit 1
fi
outputs=.build/plugins/GenerateManual/outputs

# The plugin names a page after the command's name; strata secrets' root is "strata secrets".
pages=("strata/strata.1:strata.1" "strata-secrets/strata secrets.1:strata-secrets.1" "strata-registry/strata-registry.1:strata-registry.1")
stale=()
for page in "${pages[@]}"; do
    generated="$outputs/${page%%:*}"
    committed="docs/man/${page##*:}"
    sed 's/^$/.Pp/' "$generated" >"$generated.pp"
    if $check; then
        if ! diff -q <(grep -v '^\.Dd ' "$generated.pp") <(grep -v '^\.Dd ' "$committed" 2>/dev/null) >/dev/null; then
            stale+=("$committed")
        fi
    else
        cp "$generated.pp" "$committed.tmp" && mv "$committed.tmp" "$committed"
        echo "wrote $committed"
    fi
done
if ((${#stale[@]} > 0)); then
    echo "error: ${stale[*]} differ from what the commands generate; run Scripts/generate-manual.sh and commit the result" >&2
    exit 1
fi
$check && echo "docs/man is up to date"
exit 0
