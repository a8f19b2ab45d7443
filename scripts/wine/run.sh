#!/usr/bin/env bash
# Runs a 64-bit Windows program under Wine, without a window, without
# questions and with a time limit. It is cargo's runner for the
# x86_64-pc-windows-gnu target in scripts/test-windows.sh, and works on its
# own too:
#
#   CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER=x86_64-w64-mingw32-gcc \
#   CARGO_TARGET_X86_64_PC_WINDOWS_GNU_RUNNER=scripts/wine/run.sh \
#       cargo test --target x86_64-pc-windows-gnu -p cudnn-rs-sys
#
#   scripts/wine/run.sh PROGRAM.exe [ARGS...]
#
# The Wine prefix is prepared by scripts/test-windows.sh (it holds the
# bcryptprimitives.dll that Rust programs need on Wine 8). Environment:
#
#   CUDNN_WINE_PREFIX    the prefix (default ${XDG_CACHE_HOME:-$HOME/.cache}/cudnn-rs/wine-prefix)
#   CUDNN_WINE           the Wine loader (default /usr/lib/wine/wine64, else wine64 or wine on PATH)
#   CUDNN_WINE_TIMEOUT   seconds before the program is killed (default 600)
#   CUDNN_WINE_LIB_DIR   when set, becomes the program's CUDNN_LIB_DIR. cargo's
#                        own CUDNN_LIB_DIR is left alone: cudnn-sys's build
#                        script watches it, and changing it would rebuild.
#   WINEPATH             folders added to the program's PATH (Wine's own variable)
#
# The exit status is the program's; 124 when it ran out of time.
set -euo pipefail

export WINEPREFIX=${CUDNN_WINE_PREFIX:-${XDG_CACHE_HOME:-${HOME:?HOME is not set}/.cache}/cudnn-rs/wine-prefix}
export WINEARCH=win64
# No Wine debug output, no Mono or Gecko installer prompts, and no debugger
# attached to a crashing program (it ends with its exception code instead).
export WINEDEBUG=${WINEDEBUG:--all}
export WINEDLLOVERRIDES=${WINEDLLOVERRIDES:-mscoree,mshtml=;winedbg.exe=d}
# No display: nothing can open a window or wait for a click.
unset DISPLAY WAYLAND_DISPLAY

wine=${CUDNN_WINE:-}
if [[ -z $wine ]]; then
    for candidate in /usr/lib/wine/wine64 "$(command -v wine64 || true)" "$(command -v wine || true)"; do
        if [[ -n $candidate && -x $candidate ]]; then
            wine=$candidate
            break
        fi
    done
fi
if [[ -z $wine ]]; then
    echo "wine/run.sh: no Wine found (apt-get install wine64, or set CUDNN_WINE)" >&2
    exit 127
fi
if [[ -n ${CUDNN_WINE_LIB_DIR:-} ]]; then
    export CUDNN_LIB_DIR=$CUDNN_WINE_LIB_DIR
fi

exec timeout --kill-after=10 "${CUDNN_WINE_TIMEOUT:-600}" "$wine" "$@" </dev/null
