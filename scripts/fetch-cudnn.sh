#!/usr/bin/env bash
# Fetch NVIDIA's cuDNN wheels from PyPI and unpack their libraries and headers
# into a cache, for the tests and for regenerating cudnn-sys's bindings.
#
#   scripts/fetch-cudnn.sh [WHAT...]        (default: all)
#
# WHAT is one or more of:
#
#   8         the pinned cuDNN 8: 8.9.5.30
#   9         the pinned cuDNN 9: 9.28.0.42
#   all       8 and 9
#   matrix    the other Linux installs the tests run against:
#             8.9.7.29, 9.10.2.21, cu13-9.28.1.4, jit-cu12-9.27.0.42
#   windows   the Windows wheels: win-8.9.5.29, win-9.28.0.42
#   cublas    cuBLAS for CUDA 12 (its libcublasLt.so.12 is what cuDNN 9's
#             precompiled engines open at run time): cublas-cu12-12.9.1.4
#   nvrtc12   NVRTC for CUDA 12 (libnvrtc.so.12, which cuDNN 9.10's
#             runtime-compiled attention engines open): nvrtc-cu12-12.9.86
#   nvrtc13   NVRTC for CUDA 13 (libnvrtc.so.13, in the nvidia/cu13/lib
#             layout of NVIDIA's CUDA 13 wheels): nvrtc-cu13-13.0.88
#   ID        one entry of the table below
#
#   id                    pip requirement                         wheel folder
#   8.9.5.30              nvidia-cudnn-cu12==8.9.5.30             nvidia/cudnn/
#   9.28.0.42             nvidia-cudnn-cu12==9.28.0.42            nvidia/cudnn/
#   8.9.7.29              nvidia-cudnn-cu12==8.9.7.29             nvidia/cudnn/
#   9.10.2.21             nvidia-cudnn-cu12==9.10.2.21            nvidia/cudnn/
#   cu13-9.28.1.4         nvidia-cudnn-cu13==9.28.1.4             nvidia/cudnn/
#   jit-cu12-9.27.0.42    nvidia-cudnn-jit-cu12==9.27.0.42        nvidia/cudnn_jit/
#   win-8.9.5.29          nvidia-cudnn-cu12==8.9.5.29 (win_amd64) nvidia/cudnn/
#   win-9.28.0.42         nvidia-cudnn-cu12==9.28.0.42 (win_amd64) nvidia/cudnn/
#   cublas-cu12-12.9.1.4  nvidia-cublas-cu12==12.9.1.4            nvidia/cublas/
#   nvrtc-cu12-12.9.86    nvidia-cuda-nvrtc-cu12==12.9.86         nvidia/cuda_nvrtc/
#   nvrtc-cu13-13.0.88    nvidia-cuda-nvrtc==13.0.88              nvidia/cu13/
#
# The Linux entries are the wheels for this machine's architecture; the
# Windows ones are downloaded with `--platform win_amd64 --only-binary=:all:`.
# The JIT wheel is the graph-only install (libcudnn, graph and the
# runtime-compiled engines; none of the legacy op libraries).
#
# Cache root: ${CUDNN_RS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/cudnn-rs},
# outside the checkout so that fresh clones reuse the downloads. After a run:
#
#   <cache>/<id>/lib/        the shared libraries of <wheel folder>/lib (Linux)
#   <cache>/<id>/bin/        the DLLs of <wheel folder>/bin (Windows)
#   <cache>/<id>/include/    the headers of <wheel folder>/include
#   <cache>/<id>/.complete   written last; a folder without it is redone
#
# A wheel (0.07 to 0.7 GB) is downloaded with `python3 -m pip download` only
# when its entry's folder is missing or incomplete and the wheel is not
# already in <cache>/wheels; it is deleted once unpacked (set
# CUDNN_RS_KEEP_WHEELS=1 to keep it there). A wheel that cannot be unpacked
# (an interrupted download) is deleted, so that the next run fetches it anew.
# pip honours its usual settings, e.g. PIP_FIND_LINKS=/dir/with/wheels
# PIP_NO_INDEX=1. Each entry is fetched holding flock on <cache>/.lock-wheels,
# which scripts/fetch-frontend.sh and scripts/fetch-cuda-toolkit.sh take
# for their wheels too: runs at once (CI's downloads in the background
# beside a step that needs one entry) wait only for the wheel being
# fetched, and never unpack or delete a wheel another run is reading.
#
# Progress goes to stderr; stdout carries only lines another script can eval,
# three per entry fetched, in the order asked for:
#
#   CUDNN_8_VERSION=8.9.5.30            (8.9.5.30)
#   CUDNN_8_LIB=<cache>/8.9.5.30/lib
#   CUDNN_8_INCLUDE=<cache>/8.9.5.30/include
#   CUDNN_9_VERSION, _LIB, _INCLUDE     (9.28.0.42)
#   CUDNN_8_9_7_VERSION, _LIB, _INCLUDE (8.9.7.29)
#   CUDNN_9_10_VERSION, _LIB, _INCLUDE  (9.10.2.21: the release PyTorch pins,
#                                        before the unified SDPA operation)
#   CUDNN_CU13_VERSION, _LIB, _INCLUDE  (cu13-9.28.1.4; VERSION=9.28.1.4)
#   CUDNN_JIT_VERSION, _LIB, _INCLUDE   (jit-cu12-9.27.0.42; VERSION=9.27.0.42)
#   CUDNN_WIN_8_VERSION, _BIN, _INCLUDE (win-8.9.5.29; BIN=<cache>/win-8.9.5.29/bin)
#   CUDNN_WIN_9_VERSION, _BIN, _INCLUDE (win-9.28.0.42)
#   CUBLAS_12_VERSION, _LIB, _INCLUDE   (cublas-cu12-12.9.1.4)
#   NVRTC_12_VERSION, _LIB, _INCLUDE    (nvrtc-cu12-12.9.86)
#   NVRTC_13_VERSION, _LIB, _INCLUDE    (nvrtc-cu13-13.0.88)
#
# The VERSION lines carry the wheel's version (four numbers) without the id's
# prefix. An INCLUDE line names a folder that may be absent when a wheel
# ships no headers.
set -euo pipefail

log() { printf 'fetch-cudnn: %s\n' "$*" >&2; }
die() { printf 'fetch-cudnn: error: %s\n' "$*" >&2; exit 1; }
usage() { sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//' >&2; }

# The entries: id -> "package version platform wheel-folder variable-prefix".
declare -A ENTRY=(
    [8.9.5.30]="nvidia-cudnn-cu12 8.9.5.30 linux nvidia/cudnn CUDNN_8"
    [9.28.0.42]="nvidia-cudnn-cu12 9.28.0.42 linux nvidia/cudnn CUDNN_9"
    [8.9.7.29]="nvidia-cudnn-cu12 8.9.7.29 linux nvidia/cudnn CUDNN_8_9_7"
    [9.10.2.21]="nvidia-cudnn-cu12 9.10.2.21 linux nvidia/cudnn CUDNN_9_10"
    [cu13-9.28.1.4]="nvidia-cudnn-cu13 9.28.1.4 linux nvidia/cudnn CUDNN_CU13"
    [jit-cu12-9.27.0.42]="nvidia-cudnn-jit-cu12 9.27.0.42 linux nvidia/cudnn_jit CUDNN_JIT"
    [win-8.9.5.29]="nvidia-cudnn-cu12 8.9.5.29 windows nvidia/cudnn CUDNN_WIN_8"
    [win-9.28.0.42]="nvidia-cudnn-cu12 9.28.0.42 windows nvidia/cudnn CUDNN_WIN_9"
    [cublas-cu12-12.9.1.4]="nvidia-cublas-cu12 12.9.1.4 linux nvidia/cublas CUBLAS_12"
    [nvrtc-cu12-12.9.86]="nvidia-cuda-nvrtc-cu12 12.9.86 linux nvidia/cuda_nvrtc NVRTC_12"
    [nvrtc-cu13-13.0.88]="nvidia-cuda-nvrtc 13.0.88 linux nvidia/cu13 NVRTC_13"
)
IDS=(8.9.5.30 9.28.0.42 8.9.7.29 9.10.2.21 cu13-9.28.1.4 jit-cu12-9.27.0.42 win-8.9.5.29 win-9.28.0.42 cublas-cu12-12.9.1.4 nvrtc-cu12-12.9.86 nvrtc-cu13-13.0.88)
# The groups: name -> ids.
declare -A GROUP=(
    [8]="8.9.5.30"
    [9]="9.28.0.42"
    [all]="8.9.5.30 9.28.0.42"
    [matrix]="8.9.7.29 9.10.2.21 cu13-9.28.1.4 jit-cu12-9.27.0.42"
    [windows]="win-8.9.5.29 win-9.28.0.42"
    [cublas]="cublas-cu12-12.9.1.4"
    [nvrtc12]="nvrtc-cu12-12.9.86"
    [nvrtc13]="nvrtc-cu13-13.0.88"
)

[[ $# -gt 0 ]] || set -- all
ids=()
add_id() {
    local have
    for have in "${ids[@]+"${ids[@]}"}"; do
        [[ $have == "$1" ]] && return 0
    done
    ids+=("$1")
}
for arg in "$@"; do
    case $arg in
        -h|--help) usage; exit 0 ;;
    esac
    if [[ -n ${GROUP[$arg]+set} ]]; then
        for id in ${GROUP[$arg]}; do add_id "$id"; done
    elif [[ -n ${ENTRY[$arg]+set} ]]; then
        add_id "$arg"
    else
        die "unknown argument '$arg' (usage: $0 [8|9|all|matrix|windows|cublas|nvrtc12|nvrtc13|ID...]; IDs: ${IDS[*]})"
    fi
done

cache=${CUDNN_RS_CACHE:-${XDG_CACHE_HOME:-${HOME:?HOME is not set; set CUDNN_RS_CACHE}/.cache}/cudnn-rs}
mkdir -p "$cache"
cache=$(cd "$cache" && pwd)

# wheel_lock / wheel_unlock: hold <cache>/.lock-wheels (see the header)
# while one entry is fetched; without flock, runs are not serialised.
wheel_lock() {
    command -v flock >/dev/null 2>&1 || return 0
    exec 9>"$cache/.lock-wheels"
    if ! flock -n 9; then
        log "waiting for another fetch of a wheel into $cache ..."
        flock 9
    fi
}
wheel_unlock() {
    command -v flock >/dev/null 2>&1 || return 0
    flock -u 9
    exec 9>&-
}

# unpack_wheel WHEEL DEST FOLDER PLATFORM: unpack FOLDER/{lib,include} (Linux)
# or FOLDER/{bin,include} (Windows) of WHEEL into DEST (plus the licence, if
# the wheel has one). The libraries are required; the headers too, except
# for the JIT wheel's folder (nvidia/cudnn_jit), whose headers are optional.
unpack_wheel() {
    python3 - "$@" <<'PY'
import os, shutil, sys, zipfile

wheel, dest, folder, platform = sys.argv[1:5]
libs = "bin" if platform == "windows" else "lib"
wanted = {f"{folder}/{libs}/": libs, f"{folder}/include/": "include"}
counts = {libs: 0, "include": 0}
with zipfile.ZipFile(wheel) as z:
    for info in z.infolist():
        name = info.filename
        if info.is_dir():
            continue
        base = os.path.basename(name)
        target = None
        for prefix, sub in wanted.items():
            if name.startswith(prefix) and "/" not in name[len(prefix):]:
                if base == "__init__.py":
                    break
                target = os.path.join(dest, sub, base)
                counts[sub] += 1
                break
        if target is None and ".dist-info/" in name and base.lower().startswith("license"):
            target = os.path.join(dest, "LICENSE.txt")
        if target is None:
            continue
        os.makedirs(os.path.dirname(target), exist_ok=True)
        # Reading a member checks its CRC: a damaged download fails here.
        with z.open(info) as src, open(target + ".part", "wb") as out:
            shutil.copyfileobj(src, out, 1 << 20)
        os.replace(target + ".part", target)
        mode = (info.external_attr >> 16) & 0o777
        os.chmod(target, mode or 0o644)
headers_optional = folder.endswith("_jit")
if counts[libs] == 0 or (counts["include"] == 0 and not headers_optional):
    sys.exit(f"{wheel} has no {folder}/{libs} or {folder}/include files "
             f"(found {counts[libs]} libraries, {counts['include']} headers)")
print(f"fetch-cudnn:   unpacked {counts[libs]} libraries and {counts['include']} headers", file=sys.stderr)
PY
}

# find_wheel PACKAGE VERSION PLATFORM: the cached wheel of that release for
# that platform, or nothing.
find_wheel() {
    local stem=${1//-/_}-$2 tag
    if [[ $3 == windows ]]; then
        tag='win_amd64'
    else
        tag="manylinux*_$(uname -m)"
    fi
    find "$cache/wheels" -maxdepth 1 -name "$stem-*-$tag.whl" -print -quit
}

fetch_one() {
    local id=$1 package version platform folder prefix
    read -r package version platform folder prefix <<<"${ENTRY[$id]}"
    local dest=$cache/$id libs=lib
    [[ $platform == windows ]] && libs=bin
    if [[ -f $dest/.complete && -d $dest/$libs ]]; then
        log "cuDNN $id: already unpacked in $dest"
        return 0
    fi
    wheel_lock
    # Another run may have fetched it while this one waited.
    if [[ -f $dest/.complete && -d $dest/$libs ]]; then
        wheel_unlock
        log "cuDNN $id: already unpacked in $dest"
        return 0
    fi

    command -v python3 >/dev/null 2>&1 || die "python3 is needed to fetch cuDNN (apt-get install -y python3 python3-pip)"
    local wheels=$cache/wheels
    mkdir -p "$wheels"
    local wheel
    wheel=$(find_wheel "$package" "$version" "$platform")
    if [[ -z $wheel ]]; then
        python3 -m pip --version >/dev/null 2>&1 \
            || die "pip is needed to download cuDNN (apt-get install -y python3-pip, or python3 -m ensurepip)"
        local platform_args=()
        [[ $platform == windows ]] && platform_args=(--platform win_amd64 --only-binary=:all:)
        log "cuDNN $id: downloading $package==$version ${platform_args[*]+"${platform_args[*]}"} from PyPI into $wheels ..."
        python3 -m pip download --disable-pip-version-check --no-deps \
            "${platform_args[@]+"${platform_args[@]}"}" -d "$wheels" "$package==$version" >&2 \
            || die "pip download of $package==$version failed"
        wheel=$(find_wheel "$package" "$version" "$platform")
        [[ -n $wheel ]] || die "pip reported success but no ${package//-/_}-$version wheel for $platform is in $wheels"
    else
        log "cuDNN $id: reusing $wheel"
    fi

    log "cuDNN $id: unpacking $(basename "$wheel") into $dest ..."
    rm -rf "$dest"
    mkdir -p "$dest"
    if ! unpack_wheel "$wheel" "$dest" "$folder" "$platform"; then
        rm -rf "$dest"
        # A truncated download fails here; drop it so the next run fetches it anew.
        rm -f "$wheel"
        die "could not unpack $wheel (deleted it; run again to download it anew)"
    fi
    printf '%s %s %s\n' "$package" "$version" "$platform" >"$dest/.complete"
    if [[ ${CUDNN_RS_KEEP_WHEELS:-0} != 1 ]]; then
        rm -f "$wheel"
    fi
    wheel_unlock
    log "cuDNN $id: done"
}

for id in "${ids[@]}"; do
    fetch_one "$id"
done

for id in "${ids[@]}"; do
    read -r package version platform folder prefix <<<"${ENTRY[$id]}"
    libs=LIB sub=lib
    if [[ $platform == windows ]]; then
        libs=BIN sub=bin
    fi
    printf '%s_VERSION=%s\n' "$prefix" "$version"
    printf '%s_%s=%q\n' "$prefix" "$libs" "$cache/$id/$sub"
    printf '%s_INCLUDE=%q\n' "$prefix" "$cache/$id/include"
done
