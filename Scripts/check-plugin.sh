#!/usr/bin/env bash
# Proves the SwiftPM command plugin as a user meets it: a package in a temporary folder depends on
# Strata by path, and `swift package strata …` runs check (clean, then with a violation), graph and
# affected on it. SwiftPM builds strata from source for the plugin, as it does for a user (a few
# minutes on a fresh machine). Set STRATA_PLUGIN_SCRATCH to a folder to keep that build between
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
        .target(name: "Core"),
        .target(name: "Feature", dependencies: ["Core"]),
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
echo 'public struct Clock { public init() {} }' > "$consumer/Sources/Core/Clock.swift"
printf 'import Core\npublic let clock = Clock()\n' > "$consumer/Sources/Feature/Screen.swift"
git -C "$consumer" init -q
git -C "$consumer" -c user.name=ci -c user.email=ci@example.com add -A
git -C "$consumer" -c user.name=ci -c user.email=ci@example.com commit -qm base

plugin() { swift package --package-path "$consumer" --scratch-path "$scratch" --allow-writing-to-package-directory strata "$@"; }
fail() { echo "check-plugin: $*" >&2; exit 1; }

log=$(mktemp)
if ! plugin check >"$log" 2>&1; then cat "$log" >&2; fail "'swift package strata check' failed on a clean package"; fi
grep -q "^Consumer: 2 targets, 1 dependency, 2 layers — no violations" "$log" || { cat "$log" >&2; fail "no clean summary from check"; }

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

echo "swift package strata: check, graph and affected ran in a package that depends on Strata"
