#!/usr/bin/env bash
# Installs strata from a release archive (Scripts/package-release.sh makes it): run it from the
# unpacked folder. No Swift toolchain is needed.
#
#   ./install.sh [--prefix DIR]     (default: ~/.local, or /usr/local when run as root)
#
# Puts the binary in DIR/bin, the man page in DIR/share/man/man1, and the completion scripts where
# bash-completion, zsh and fish look under DIR/share. Each file is copied beside its place and
# then moved into it, so an interrupted install leaves no half-written file.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
prefix=$([[ $(id -u) == 0 ]] && echo /usr/local || echo "$HOME/.local")
while (($# > 0)); do
    case "$1" in
    --prefix) prefix=${2:?--prefix needs a folder}; shift 2 ;;
    --prefix=*) prefix=${1#--prefix=}; shift ;;
    -h | --help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "install.sh: error: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
done
[[ -x "$here/bin/strata" ]] || { echo "install.sh: error: run it from the unpacked release (no bin/strata beside it)" >&2; exit 2; }

libraries=$( (ldconfig -p || /sbin/ldconfig -p) 2>/dev/null || true)
if [[ -n "$libraries" && "$libraries" != *"libcurl.so.4 "* ]]; then
    echo "install.sh: warning: libcurl is missing; strata needs it (Debian, Ubuntu: apt-get install libcurl4)" >&2
fi

place() { # place SOURCE DESTINATION
    mkdir -p "$(dirname "$2")"
    cp "$1" "$2.installing"
    chmod "$3" "$2.installing"
    mv -f "$2.installing" "$2"
    echo "  $2"
}
echo "installing strata into $prefix:"
place "$here/bin/strata" "$prefix/bin/strata" 755
place "$here/share/man/man1/strata.1" "$prefix/share/man/man1/strata.1" 644
place "$here/share/bash-completion/completions/strata" "$prefix/share/bash-completion/completions/strata" 644
place "$here/share/zsh/site-functions/_strata" "$prefix/share/zsh/site-functions/_strata" 644
place "$here/share/fish/vendor_completions.d/strata.fish" "$prefix/share/fish/vendor_completions.d/strata.fish" 644
"$prefix/bin/strata" --version
case ":$PATH:" in
*":$prefix/bin:"*) ;;
*) echo "add $prefix/bin to PATH to run strata (for example in ~/.profile: export PATH=\"$prefix/bin:\$PATH\")" ;;
esac
