#!/usr/bin/env bash
# Proves the release archive on a machine without Swift: unpacks it, installs it with its
# install.sh into a prefix, then runs the installed strata where the toolchain cannot be found:
# in a mount namespace of its own (unshare, as root) with an empty folder mounted over the
# toolchain's, swift off PATH and no LD_LIBRARY_PATH. There it prints its version (naming the
# commit), checks a copy of Examples/ISS, draws its graph, its man page renders and bash loads its
# completions.
#   Scripts/check-release.sh ARCHIVE.tar.gz
set -euo pipefail
repository=$(cd "$(dirname "$0")/.." && pwd)
archive=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "check-release: $*" >&2; exit 1; }

tar -C "$work" -xzf "$archive"
unpacked=$(find "$work" -mindepth 1 -maxdepth 1 -type d)
"$unpacked/install.sh" --prefix "$work/prefix" >"$work/install.log" || { cat "$work/install.log" >&2; fail "install.sh failed"; }

ldd "$work/prefix/bin/strata" >"$work/ldd.log"
if grep -E -i "swift|Foundation|dispatch|not found" "$work/ldd.log"; then fail "the binary needs a library of the toolchain, or one that is missing"; fi

# Examples/ISS as committed, without builds or caches.
mkdir -p "$work/ISS"
git -C "$repository" archive HEAD Examples/ISS | tar -C "$work/ISS" -x --strip-components=2

toolchain=$(dirname "$(dirname "$(command -v swift)")")
expected_commit=$(git -C "$repository" rev-parse HEAD)
cat >"$work/inside.sh" <<INSIDE
set -euo pipefail
mount -t tmpfs none "$toolchain"
export PATH="$work/prefix/bin:/usr/bin:/bin"
unset LD_LIBRARY_PATH
! command -v swift >/dev/null || { echo "swift is still reachable" >&2; exit 1; }
[[ -z "\$(ls -A "$toolchain")" ]] || { echo "the toolchain folder is not hidden" >&2; exit 1; }
strata --version
strata check "$work/ISS" --quiet
strata graph "$work/ISS" --format mermaid | grep -q -- "-->"
MANPATH="$work/prefix/share/man" MANWIDTH=80 man -P cat strata | grep -q "strata check"
bash -c 'source "$work/prefix/share/bash-completion/completions/strata"; complete -p strata' >/dev/null
INSIDE
unshare --mount --propagation private bash "$work/inside.sh" >"$work/inside.log" 2>&1 || { cat "$work/inside.log" >&2; fail "the installed strata failed without the toolchain"; }
grep -q "^0\.[0-9.]* (commit $expected_commit" "$work/inside.log" || { cat "$work/inside.log" >&2; fail "strata --version does not name commit $expected_commit"; }
grep -q "no violations" "$work/inside.log" || { cat "$work/inside.log" >&2; fail "strata check did not pass on Examples/ISS"; }
echo "$(basename "$archive"): installed and run without the Swift toolchain ($(head -n 1 "$work/inside.log"))"
