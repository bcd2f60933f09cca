#!/usr/bin/env bash
# Formats Strata's Swift sources with swift-format (in the toolchain), or checks them.
#   Scripts/format.sh          rewrite files in place
#   Scripts/format.sh --lint   report drift and exit non-zero (CI runs this)
set -euo pipefail
cd "$(dirname "$0")/.."
paths=(Package.swift Sources Tests/StrataCLITests Tests/StrataDiagnosticsTests Tests/StrataFileSystemTests Tests/StrataGenerateTests Tests/StrataGraphTests Tests/StrataLexerTests Tests/StrataProcessTests Tests/StrataReliabilityTests
       Tests/StrataModelTests Tests/StrataWorkspaceTestSupport Tests/StrataRulesTests Tests/StrataSourcesTests Tests/StrataSourcesTestSupport Benchmarks/Package.swift Benchmarks/Sources Fuzz/Package.swift Fuzz/Sources
       Examples/ISS/Sources Examples/ISS/Tests StrataRuntime/Package.swift StrataRuntime/Sources StrataRuntime/Tests Benchmarks/Runtime/Package.swift Benchmarks/Runtime/Sources)
if [[ "${1:-}" == "--lint" ]]; then
    swift format lint --strict --recursive --parallel "${paths[@]}"
else
    swift format format --in-place --recursive --parallel "${paths[@]}"
fi
