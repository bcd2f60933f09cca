#!/usr/bin/env bash
# Proves the SwiftPM plugins as a user meets them: a package in a temporary folder depends on
# Strata by path; `swift package strata …` (the command plugin) runs check (clean, then with a
# violation), graph and affected on it, and `swift build` runs the build-tool plugin,
# StrataCheckPlugin, on both of its targets (a clean build, then one that fails on the
# violation at its line). SwiftPM builds strata from source for the plugins, as it does for a
# user (a few minutes on a fresh machine). Set STRATA_PLUGIN_SCRATCH to a folder to keep that build between
# runs.
#   Scripts/check-plugin.sh
set -euo pipefail
repository=$(cd "$(dirname "$0")/.." && pwd)
consumer=$(mktemp -d)
trap 'rm -rf "$consumer"' EXIT
scratch=${STRATA_PLUGIN_SCRATCH:-$consumer/.build}

mkdir -p "$consumer/Sources/Core" "$consumer/Sources/Feature"
cat > "$consumer/Package.swift" <<SWIFT
// swift-tools-version: 6.0
import PackageDescription
let package = Package(
    name: "Consumer",
    dependencies: [.package(path: "$repository")],
    targets: [
        .target(name: "Core", plugins: [.plugin(name: "StrataCheckPlugin", package: "$(basename "$repository")")]),
        .target(name: "Feature", dependencies: ["Core"], plugins: [.plugin(name: "StrataCheckPlugin", package: "$(basename "$repository")")]),
    ]
)
SWIFT
cat > "$consumer/strata.yml" <<'YAML'
name: Consumer
layers:
  - name: features
    patterns: [Feature]
  - name: core
    patterns: [Core]
adopt:
  packages: ["."]
YAML
echo 'public struct Clock: Sendable { public init() {} }' > "$consumer/Sources/Core/Clock.swift"
printf 'import Core\npublic let clock = Clock()\n' > "$consumer/Sources/Feature/Screen.swift"
git -C "$consumer" init -q
git -C "$consumer" -c user.name=ci -c user.email=ci@example.com add -A
git -C "$consumer" -c user.name=ci -c user.email=ci@example.com commit -qm base

plugin() { swift package --package-path "$consumer" --scratch-path "$scratch" --allow-writing-to-package-directory strata "$@"; }
fail() { echo "check-plugin: $*" >&2; exit 1; }

log=$(mktemp)
if ! plugin check >"$log" 2>&1; then cat "$log" >&2; fail "'swift package strata check' failed on a clean package"; fi
# Core, Feature and the plugin they use (an edge that links nothing): 3 targets, 3 edges.
grep -q "^Consumer: 3 targets, 3 dependencies, 2 layers — no violations" "$log" || { cat "$log" >&2; fail "no clean summary from check"; }

# The build-tool plugin: each target's step checks it; a clean workspace builds.
build() { swift build --package-path "$consumer" --scratch-path "$scratch" "$@"; }
if ! build >"$log" 2>&1; then cat "$log" >&2; fail "'swift build' with StrataCheckPlugin failed on a clean package"; fi
grep -q "strata check Core" "$log" && grep -q "strata check Feature" "$log" || { cat "$log" >&2; fail "swift build ran no strata check step"; }

plugin graph --format mermaid >"$log" 2>&1 || { cat "$log" >&2; fail "'swift package strata graph' failed"; }
grep -q "Feature" "$log" && grep -q -- "-->" "$log" || { cat "$log" >&2; fail "graph printed no edge"; }

echo 'public struct Calendar { public init() {} }' >> "$consumer/Sources/Core/Clock.swift"
git -C "$consumer" -c user.name=ci -c user.email=ci@example.com commit -qam "core changes"
plugin affected --base HEAD~1 --format json >"$log" 2>&1 || { cat "$log" >&2; fail "'swift package strata affected' failed"; }
grep -q '"Core"' "$log" && grep -q '"Feature"' "$log" || { cat "$log" >&2; fail "affected did not list Core and Feature"; }

# A violation: the core layer imports a feature. strata exits 1, and so does the plugin.
printf 'import Feature\n' >> "$consumer/Sources/Core/Clock.swift"
if plugin check >"$log" 2>&1; then cat "$log" >&2; fail "check passed with an upward import"; fi
grep -q "error: \[" "$log" && grep -q "strata check ended with exit status 1" "$log" || { cat "$log" >&2; fail "the violation was not reported"; }
# The build fails on it too, at the import's line, reported by Core's step alone.
if build >"$log" 2>&1; then cat "$log" >&2; fail "swift build passed with an upward import"; fi
grep -q "$consumer/Sources/Core/Clock.swift:3:8: error: \[" "$log" || { cat "$log" >&2; fail "swift build did not report the violation at its line"; }

echo "swift package strata: check, graph and affected ran in a package that depends on Strata; swift build ran StrataCheckPlugin on its targets"
