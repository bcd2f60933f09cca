#!/usr/bin/env bash
# Proves the pre-commit hooks (.pre-commit-hooks.yaml) with the real pre-commit (PyPI): in a new
# repository holding a small layered package, 'pre-commit try-repo' runs each hook from this
# repository (its work tree, uncommitted changes included) on a clean commit, which passes, and on
# an upward import, which fails with the finding. strata-check builds strata from source in
# pre-commit's clone, as it does for a user (release, a few minutes); strata-check-installed uses
# the strata on PATH (here the debug build). Set PRE_COMMIT_HOME to keep pre-commit's clones.
#   Scripts/check-pre-commit.sh [hook-id...]     (default: both)
set -euo pipefail
repository=$(cd "$(dirname "$0")/.." && pwd)
command -v pre-commit >/dev/null || python3 -m pip install --quiet pre-commit
hooks=("$@")
((${#hooks[@]} > 0)) || hooks=(strata-check-installed strata-check)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export PRE_COMMIT_HOME=${PRE_COMMIT_HOME:-$work/pre-commit-home}
export PATH="$repository/.build/debug:$PATH"

consumer=$work/app
mkdir -p "$consumer/Sources/Core" "$consumer/Sources/Feature"
cat >"$consumer/Package.swift" <<'SWIFT'
// swift-tools-version: 6.0
import PackageDescription
let package = Package(name: "App", targets: [.target(name: "Core"), .target(name: "Feature", dependencies: ["Core"])])
SWIFT
printf 'name: App\nlayers:\n  - name: features\n    patterns: [Feature]\n  - name: core\n    patterns: [Core]\nadopt:\n  packages: ["."]\n' >"$consumer/strata.yml"
echo 'public struct Clock { public init() {} }' >"$consumer/Sources/Core/Clock.swift"
printf 'import Core\npublic let clock = Clock()\n' >"$consumer/Sources/Feature/Screen.swift"
printf '.build/\n' >"$consumer/.gitignore"
git -C "$consumer" init -q
git -C "$consumer" add -A

log=$work/log
for hook in "${hooks[@]}"; do
    (cd "$consumer" && pre-commit try-repo "$repository" "$hook" --all-files) >"$log" 2>&1 || {
        cat "$log" >&2
        echo "check-pre-commit: $hook failed on a clean workspace" >&2
        exit 1
    }
    printf 'import Feature\n' >>"$consumer/Sources/Core/Clock.swift"
    git -C "$consumer" add -A
    if (cd "$consumer" && pre-commit try-repo "$repository" "$hook" --all-files) >"$log" 2>&1; then
        cat "$log" >&2
        echo "check-pre-commit: $hook passed an upward import" >&2
        exit 1
    fi
    grep -q "Sources/Core/Clock.swift:2:8: error: \[implicit-import\]" "$log" || { cat "$log" >&2; echo "check-pre-commit: $hook did not print the finding" >&2; exit 1; }
    # Back to the clean workspace for the next hook (the files are staged, never committed).
    echo 'public struct Clock { public init() {} }' >"$consumer/Sources/Core/Clock.swift"
    git -C "$consumer" add -A
    echo "pre-commit: $hook passes a clean commit and stops an upward import"
done
