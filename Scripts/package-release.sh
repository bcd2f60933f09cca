#!/usr/bin/env bash
# Builds a release of strata that runs on Linux without the Swift toolchain, and packs it with its
# man page, its completion scripts and install.sh:
#   Scripts/package-release.sh [--allow-dirty] [OUTPUT-FOLDER]   (default: <scratch>/package)
# prints the path of strata-<version>-linux-<arch>.tar.gz.
#
# The binary is built with --static-swift-stdlib (the Swift runtime, Foundation and Dispatch linked
# in) and stripped; it still needs the system's C and C++ libraries and libcurl (Foundation's
# networking, for strata publish), which Linux distributions install with curl. Building needs
# libcurl's development files (Debian: libcurl4-openssl-dev). `strata --version` names the
# commit: it is written into Sources/StrataCLI/BuildCommit.swift for the build and put back after,
# whatever happens. The build has a scratch folder of its own (.build-release), so the
# development build in .build is left alone; STRATA_RELEASE_SCRATCH=.build shares the release build
# already there instead (CI does: only the module naming the commit is compiled again, and strata
# linked), and leaves .build/release/strata the packed binary.
set -euo pipefail
repository=$(cd "$(dirname "$0")/.." && pwd)
cd "$repository"
allow_dirty=false
if [[ "${1:-}" == "--allow-dirty" ]]; then
    allow_dirty=true
    shift
fi
scratch=${STRATA_RELEASE_SCRATCH:-.build-release}
output=${1:-$scratch/package}

commit=$(git rev-parse HEAD)
if [[ -n "$(git status --porcelain --untracked-files=no)" ]]; then
    $allow_dirty || { echo "error: the work tree has uncommitted changes, and a release names its commit (or pass --allow-dirty)" >&2; exit 2; }
    commit="$commit-dirty"
fi
version=$(sed -n 's/.*static let current = "\(.*\)"/\1/p' Sources/StrataCLI/StrataVersion.swift)
[[ -n "$version" ]] || { echo "error: no version in Sources/StrataCLI/StrataVersion.swift" >&2; exit 2; }

commit_file=Sources/StrataCLI/BuildCommit.swift
backup=$(mktemp)
cp "$commit_file" "$backup"
restore() { cp "$backup" "$commit_file" && rm -f "$backup"; }
trap restore EXIT
sed -i "s/static let id: String? = nil/static let id: String? = \"$commit\"/" "$commit_file"
grep -q "\"$commit\"" "$commit_file" || { echo "error: could not write the commit into $commit_file" >&2; exit 1; }

swift build -c release --product strata --static-swift-stdlib --scratch-path "$scratch" >&2
binary="$(swift build -c release --product strata --static-swift-stdlib --scratch-path "$scratch" --show-bin-path)/strata"
restore
trap - EXIT

name="strata-$version-linux-$(uname -m)"
mkdir -p "$output"
output=$(cd "$output" && pwd)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
root="$stage/$name"
mkdir -p "$root/bin" "$root/share/man/man1" "$root/share/bash-completion/completions" "$root/share/zsh/site-functions" \
    "$root/share/fish/vendor_completions.d"
strip -o "$root/bin/strata" "$binary"
cp docs/man/strata.1 "$root/share/man/man1/strata.1"
"$root/bin/strata" completions bash >"$root/share/bash-completion/completions/strata"
"$root/bin/strata" completions zsh >"$root/share/zsh/site-functions/_strata"
"$root/bin/strata" completions fish >"$root/share/fish/vendor_completions.d/strata.fish"
cp Scripts/install.sh "$root/install.sh"
cp LICENSE "$root/" 2>/dev/null || true
"$root/bin/strata" --version | grep -q "(commit $commit)" || { echo "error: the built strata does not name commit $commit" >&2; exit 1; }
tar -C "$stage" -czf "$output/$name.tar.gz.tmp" "$name"
mv "$output/$name.tar.gz.tmp" "$output/$name.tar.gz"
echo "$output/$name.tar.gz"
