#!/usr/bin/env bash
# Fetch NVIDIA's user-space driver library, libcuda.so.1, without a GPU and
# without installing anything into the system: Debian bookworm non-free's
# `libcuda1` package, downloaded with `apt-get download` through a private
# apt configuration and state under <cache>/apt (the system's apt is not
# touched) and unpacked with dpkg-deb -x.
#
#   scripts/fetch-libcuda.sh
#
# cuDNN 9's runtime-compiled engines link libcuda.so.1, and cuDNN finalizes
# no backend descriptor without it; with it (and no GPU) graphs build and
# plans finalize for a GPU described by JSON. The tests load it by absolute
# path (scripts/test.sh exports CUDNN_TEST_LIBCUDA); candle's CUDA backend
# links it (scripts/fetch-cuda-toolkit.sh).
#
# Cache root: ${CUDNN_RS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/cudnn-rs}.
# After a run:
#
#   <cache>/libcuda-<version>/lib/libcuda.so.<version>, libcuda.so.1, libcuda.so
#   <cache>/libcuda-<version>/.complete      written last; a folder without it is redone
#
# Two runs at once are serialised with flock on <cache>/.lock-libcuda.
# Progress goes to stderr; stdout carries only lines another script can
# eval:
#
#   LIBCUDA_VERSION=535.261.03
#   LIBCUDA_DIR=<cache>/libcuda-535.261.03/lib
set -euo pipefail

log() { printf 'fetch-libcuda: %s\n' "$*" >&2; }
die() { printf 'fetch-libcuda: error: %s\n' "$*" >&2; exit 1; }

case ${1:-} in
    -h|--help) sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//' >&2; exit 0 ;;
    '') ;;
    *) die "no arguments are taken (got '$1')" ;;
esac

LIBCUDA_VERSION=535.261.03
LIBCUDA_DEB_VERSION=$LIBCUDA_VERSION-1
DEBIAN_SOURCE='deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian bookworm non-free'

cache=${CUDNN_RS_CACHE:-${XDG_CACHE_HOME:-${HOME:?HOME is not set; set CUDNN_RS_CACHE}/.cache}/cudnn-rs}
mkdir -p "$cache"
cache=$(cd "$cache" && pwd)
root=$cache/libcuda-$LIBCUDA_VERSION

if command -v flock >/dev/null 2>&1; then
    exec 9>"$cache/.lock-libcuda"
    if ! flock -n 9; then
        log "waiting for another fetch-libcuda.sh to finish with $cache ..."
        flock 9
    fi
fi

fetch() {
    local apt=$cache/apt
    command -v apt-get >/dev/null 2>&1 || die "apt-get is needed to fetch Debian's libcuda1"
    command -v dpkg-deb >/dev/null 2>&1 || die "dpkg-deb is needed to unpack Debian's libcuda1"
    mkdir -p "$apt/etc/sources.list.d" "$apt/etc/preferences.d" "$apt/state/lists/partial" \
        "$apt/cache/archives/partial" "$apt/debs"
    printf '%s\n' "$DEBIAN_SOURCE" >"$apt/etc/sources.list"
    : >"$apt/state/status"
    local opts=(
        -o "Dir::Etc=$apt/etc" -o "Dir::Etc::SourceList=$apt/etc/sources.list"
        -o "Dir::Etc::SourceParts=$apt/etc/sources.list.d"
        -o "Dir::Etc::PreferencesParts=$apt/etc/preferences.d"
        -o "Dir::Etc::Trusted=/etc/apt/trusted.gpg" -o "Dir::Etc::TrustedParts=/etc/apt/trusted.gpg.d"
        -o "Dir::State=$apt/state" -o "Dir::State::status=$apt/state/status"
        -o "Dir::Cache=$apt/cache" -o "Debug::NoLocking=1" -o "APT::Sandbox::User=root"
    )
    local deb
    deb=$(find "$apt/debs" -maxdepth 1 -name "libcuda1_${LIBCUDA_DEB_VERSION}_amd64.deb" -print -quit)
    if [[ -z $deb ]]; then
        log "libcuda1 $LIBCUDA_DEB_VERSION: apt-get download from Debian's non-free component ..."
        apt-get "${opts[@]}" -qq update >&2 || die "apt-get update with $apt/etc/sources.list failed"
        (cd "$apt/debs" && apt-get "${opts[@]}" -qq download "libcuda1=$LIBCUDA_DEB_VERSION" >&2) \
            || die "apt-get download libcuda1=$LIBCUDA_DEB_VERSION failed"
        deb=$(find "$apt/debs" -maxdepth 1 -name "libcuda1_${LIBCUDA_DEB_VERSION}_amd64.deb" -print -quit)
        [[ -n $deb ]] || die "apt-get reported success but no libcuda1 .deb is in $apt/debs"
    fi
    rm -rf "$root"
    mkdir -p "$root/lib"
    local x=$root/.libcuda1
    dpkg-deb -x "$deb" "$x" || die "dpkg-deb -x $deb failed"
    local so
    so=$(find "$x" -name "libcuda.so.$LIBCUDA_VERSION" -print -quit)
    [[ -n $so ]] || die "$deb has no libcuda.so.$LIBCUDA_VERSION"
    cp "$so" "$root/lib/"
    ln -sf "libcuda.so.$LIBCUDA_VERSION" "$root/lib/libcuda.so.1"
    ln -sf libcuda.so.1 "$root/lib/libcuda.so"
    rm -rf "$x"
    printf 'libcuda1 %s\n' "$LIBCUDA_DEB_VERSION" >"$root/.complete"
}

if [[ -f $root/.complete ]]; then
    log "libcuda $LIBCUDA_VERSION: already in $root"
else
    fetch
    log "libcuda $LIBCUDA_VERSION: unpacked into $root"
fi
printf 'LIBCUDA_VERSION=%s\n' "$LIBCUDA_VERSION"
printf 'LIBCUDA_DIR=%q\n' "$root/lib"
