#!/usr/bin/env bash
# Make sure libclang (needed by bindgen, i.e. by `cargo run -p xtask -- bindings`
# and by cudnn-sys's `bindgen` feature) is installed, installing libclang-dev
# with apt-get when it is not. Prints the libclang that was found.
#
#   scripts/install-libclang.sh
#
# When LIBCLANG_PATH is set (bindgen's own override) and holds a libclang, that
# one is used and nothing is installed.
set -euo pipefail

log() { printf 'install-libclang: %s\n' "$*" >&2; }
die() { printf 'install-libclang: error: %s\n' "$*" >&2; exit 1; }

# Print the path of a libclang shared library, or fail.
find_libclang() {
    local f
    if [[ -n ${LIBCLANG_PATH:-} ]]; then
        for f in "$LIBCLANG_PATH"/libclang.so "$LIBCLANG_PATH"/libclang-*.so "$LIBCLANG_PATH"/libclang.so.* "$LIBCLANG_PATH"/libclang-*.so.*; do
            [[ -e $f ]] && { printf '%s\n' "$f"; return 0; }
        done
    fi
    if command -v ldconfig >/dev/null 2>&1 || [[ -x /sbin/ldconfig ]]; then
        local ldconfig
        ldconfig=$(command -v ldconfig || echo /sbin/ldconfig)
        # Lines look like "	libclang-14.so.13 (libc6,x86-64) => /lib/x86_64-linux-gnu/libclang-14.so.13";
        # skip libclang-cpp, which bindgen cannot use.
        f=$("$ldconfig" -p 2>/dev/null | awk '$1 ~ /^libclang(-[0-9.]+)?\.so/ { print $NF; exit }')
        [[ -n $f ]] && { printf '%s\n' "$f"; return 0; }
    fi
    return 1
}

if path=$(find_libclang); then
    log "libclang is already installed"
    printf 'libclang: %s\n' "$path"
    exit 0
fi

command -v apt-get >/dev/null 2>&1 \
    || die "libclang is missing and apt-get is not available; install libclang (e.g. clang's libclang-dev) and/or set LIBCLANG_PATH"

sudo=()
if [[ $(id -u) -ne 0 ]]; then
    command -v sudo >/dev/null 2>&1 \
        || die "libclang is missing; installing it needs root, and sudo is not available (run: apt-get install -y libclang-dev)"
    sudo=(sudo)
fi

log "libclang not found; installing libclang-dev with apt-get ..."
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get -o DPkg::Lock::Timeout=600 update -q >&2
"${sudo[@]}" apt-get -o DPkg::Lock::Timeout=600 install -y -q --no-install-recommends libclang-dev >&2

path=$(find_libclang) || die "installed libclang-dev, yet no libclang shows up in 'ldconfig -p'"
printf 'libclang: %s\n' "$path"
