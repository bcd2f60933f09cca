#!/usr/bin/env bash
# Builds the DocC documentation of the runtime libraries (StrataDI, StrataRouting: their catalogs
# are in StrataRuntime/Sources/*/*.docc) and of every engine library product, with
# swift-docc-plugin, treating every DocC warning as an error (CI runs this).
#   Scripts/build-docs.sh [OUTPUT-FOLDER]       (default: .build/docs; one archive per library)
# Preview one with: swift package --disable-sandbox preview-documentation --target StrataDI
set -euo pipefail
cd "$(dirname "$0")/.."
output=${1:-.build/docs}
mkdir -p "$output"
output=$(cd "$output" && pwd)
libraries=(
    StrataDI StrataRouting
    StrataAffected StrataAge StrataBench StrataCheck StrataDiagnostics StrataFileSystem StrataGenerate StrataGit StrataGraph
    StrataGraphExport StrataInit StrataLexer StrataModel StrataPackageIdentity StrataProcess StrataPublish StrataRelease StrataReport
    StrataRules StrataScaffold StrataSecrets StrataSources StrataSynthetic StrataToolchain
)
failed=()
for library in "${libraries[@]}"; do
    log=$(mktemp)
    if swift package --allow-writing-to-directory "$output" generate-documentation --target "$library" \
        --output-path "$output/$library.doccarchive" --warnings-as-errors >"$log" 2>&1; then
        echo "built $library"
    else
        grep -E -A8 "^(warning|error):" "$log" | head -n 60 >&2 || tail -n 20 "$log" >&2
        failed+=("$library")
    fi
    rm -f "$log"
done
if ((${#failed[@]} > 0)); then
    echo "error: DocC warnings or errors in ${failed[*]}" >&2
    exit 1
fi
echo "documentation of ${#libraries[@]} libraries in $output, without warnings"
