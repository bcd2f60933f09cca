#!/usr/bin/env bash
# Builds the DocC documentation of the runtime libraries (StrataDI, StrataRouting: their catalogs
# are in StrataRuntime/Sources/*/*.docc) and of every engine library product, with
# swift-docc-plugin, treating every DocC warning as an error. Each library's symbols take about
# 10 s to extract on 2 cores, so CI builds the runtime libraries' (--runtime), whose catalogs are
# the published documentation; run it whole after changing doc comments that link symbols.
#   Scripts/build-docs.sh [--runtime] [OUTPUT-FOLDER]   (default: .build/docs; one archive per library, NAME.doccarchive)
# Preview one with: swift package --disable-sandbox preview-documentation --target StrataDI
set -euo pipefail
cd "$(dirname "$0")/.."
runtime_only=false
if [[ "${1:-}" == "--runtime" ]]; then
    runtime_only=true
    shift
fi
output=${1:-.build/docs}
mkdir -p "$output"
output=$(cd "$output" && pwd)
libraries=(
    StrataDI StrataRouting
    StrataAffected StrataAge StrataBench StrataCheck StrataDiagnostics StrataFileSystem StrataGenerate StrataGit StrataGraph
    StrataGraphExport StrataInit StrataLexer StrataManifest StrataProjectFormat StrataSwiftPM StrataXcodeGen StrataCocoaPods StrataWorkspace
    StrataPackageIdentity StrataProcess StrataPublish StrataRelease StrataReport
    StrataRules StrataScaffold StrataSecrets StrataSources StrataSynthetic StrataToolchain
)
if $runtime_only; then libraries=(StrataDI StrataRouting); fi
# One plugin run for every library: the package is loaded and built once, not once a library.
arguments=()
for library in "${libraries[@]}"; do arguments+=(--target "$library"); done
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! swift package --allow-writing-to-directory "$output" generate-documentation "${arguments[@]}" \
    --output-path "$output" --warnings-as-errors >"$log" 2>&1; then
    grep -E -A8 "^(warning|error):" "$log" | head -n 80 >&2 || tail -n 40 "$log" >&2
    echo "error: DocC warnings or errors (above); rerun one library with: swift package generate-documentation --target NAME --warnings-as-errors" >&2
    exit 1
fi
built=$(find "$output" -maxdepth 1 -name '*.doccarchive' | wc -l)
if ((built != ${#libraries[@]})); then
    tail -n 40 "$log" >&2
    echo "error: $built documentation archives for ${#libraries[@]} libraries" >&2
    exit 1
fi
echo "documentation of ${#libraries[@]} libraries in $output, without warnings"
