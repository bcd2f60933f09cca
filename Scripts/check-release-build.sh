#!/usr/bin/env bash
# The proofs that need an optimised strata, run by hand before a release (docs/CI.md): CI builds
# and tests the debug build only, as its 45 minutes on two cores hold one build of the whole
# package, not two. Here, one release build (linked with the Swift runtime inside, as releases
# are) serves every step:
#   - the release strata on a synthetic 1,000-module adopt-mode workspace;
#   - the GitHub Action's steps with its own install step (a release build of the action's checkout);
#   - the release archive, packed, installed by its install.sh and run with the toolchain hidden;
#   - the whole test suite's end-to-end and reliability suites against the release strata.
# Linking the release needs libcurl's development files (Debian: libcurl4-openssl-dev).
#   Scripts/check-release-build.sh [--skip-suite]
set -euo pipefail
cd "$(dirname "$0")/.."
skip_suite=false
[[ "${1:-}" == "--skip-suite" ]] && skip_suite=true
step() { printf '\n== [%dm%02ds] %s\n' $((SECONDS / 60)) $((SECONDS % 60)) "$*" >&2; }

step "release build: the optimised strata on a synthetic adopt-mode workspace"
swift build -c release --product strata --static-swift-stdlib
synthetic=$(mktemp -d)
trap 'rm -rf "$synthetic"' EXIT
.build/release/strata synthesize --modules 1000 --packages --output "$synthetic"
.build/release/strata check "$synthetic"

step "the GitHub Action's steps, strata built by its install step"
python3 Scripts/test-action.py --workspace . --input path=Examples/ISS --input affected-base=HEAD~1

step "a release without the toolchain: packed, installed by its install.sh, run with the toolchain hidden"
release_archive=$(STRATA_RELEASE_SCRATCH=.build Scripts/package-release.sh)
Scripts/check-release.sh "$release_archive"

if ! $skip_suite; then
    step "the end-to-end and reliability suites against the release strata"
    STRATA_BINARY=.build/release/strata swift test --filter 'StrataCLITests|StrataReliabilityTests'
fi
