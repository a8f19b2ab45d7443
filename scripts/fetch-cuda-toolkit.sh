#!/usr/bin/env bash
# Fetch what building and linking candle's CUDA backend for CUDA 13 needs,
# without a GPU and without installing anything into the system: NVIDIA's
# CUDA compiler and headers and the CUDA 13 libraries from PyPI, NVIDIA's
# user-space driver library (libcuda) from Debian's non-free component, and
# a link-time stub of the driver library made from CUDA 13.0's cuda.h.
# Everything is unpacked into the same cache as scripts/fetch-cudnn.sh's.
#
#   scripts/fetch-cuda-toolkit.sh
#
# What, and from where (every CUDA 13 wheel keeps its files in nvidia/cu13/,
# the layout of the GPU machine's python3 packages too):
#
#   nvcc, cicc, ptxas, headers  nvidia-cuda-nvcc, nvidia-nvvm, nvidia-cuda-crt,
#                               nvidia-cuda-runtime, nvidia-cuda-cccl 13.0
#                               (PyPI). 13.0's PTX loads on drivers from 580 on.
#   libcudart.so.13             nvidia-cuda-runtime 13.0.96 (candle-kernels'
#                               library links it)
#   libcublas(Lt).so.13         nvidia-cublas 13.0.2.14
#   libcurand.so.10             nvidia-curand 10.4.0.35 (CUDA 13.0's cuRAND)
#   libnvrtc.so.13              scripts/fetch-cudnn.sh nvrtc13
#                               (nvidia-cuda-nvrtc 13.0.88)
#   lib/stubs/libcuda.so        made here: every cu* name of CUDA 13.0's
#                               cuda.h as an empty function, soname
#                               libcuda.so.1, built with the C compiler (cc,
#                               or $CC). The linker takes it for -lcuda;
#                               nothing loads it (no file is named
#                               libcuda.so.1), as with NVIDIA's toolkit's
#                               stubs/libcuda.so.
#   libcuda.so.1                Debian bookworm non-free `libcuda1` 535.261.03
#                               (scripts/fetch-libcuda.sh): the driver library
#                               that programs load here, without a GPU
#
# These are the libraries cudarc links with `dynamic-linking` (as candle
# builds it) for its CUDA 13.0 bindings (CUDARC_CUDA_VERSION=13000,
# scripts/lib/candle-env.sh). Those bindings call driver functions that only
# drivers from 570 on have (cuEventElapsedTime_v2, ...), and no reachable
# registry has a libcuda that new (Debian's newest is 555): hence the stub
# for the link, and Debian's 535 to run without a GPU (the programs are
# linked with lazy binding, scripts/lib/candle-env.sh).
#
# Cache root: ${CUDNN_RS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/cudnn-rs}.
# After a run:
#
#   <cache>/cuda-candle-cu13-<nvcc version>/             the toolkit (bin/nvcc, nvvm/, include/)
#   <cache>/cuda-candle-cu13-<nvcc version>/lib/         the CUDA 13 libraries, with the
#                                                        unversioned names the linker wants
#   <cache>/cuda-candle-cu13-<nvcc version>/lib/stubs/   libcuda.so, the link-time stub
#   <cache>/cuda-candle-cu13-<nvcc version>/lib64/       what programs load: the CUDA 13
#                                                        libraries by soname and Debian's
#                                                        libcuda.so.1 (for LD_LIBRARY_PATH)
#   <cache>/cuda-candle-cu13-<nvcc version>/.complete    written last; a folder without it is redone
#
# Wheels are downloaded into <cache>/wheels with `python3 -m pip download`
# and deleted once unpacked (CUDNN_RS_KEEP_WHEELS=1 keeps them), one at a
# time with the other fetch scripts (flock on <cache>/.lock-wheels). Two
# runs at once are serialised with flock on <cache>/.lock-cuda. Progress
# goes to stderr; stdout carries only lines another script can eval:
#
#   CUDA_CANDLE_VERSION=13.0.88      the nvcc release
#   CUDA_CANDLE_CUDARC=13000         cudarc's name of that release (CUDARC_CUDA_VERSION)
#   CUDA_CANDLE_ROOT=<root>          for CUDA_HOME (cudarc's link search, nvcc's root)
#   CUDA_CANDLE_NVCC=<root>/bin/nvcc
#   CUDA_CANDLE_LIB=<root>/lib64     for LD_LIBRARY_PATH when running what links them
#   CUDA_CANDLE_STUB=<root>/lib/stubs/libcuda.so
#   LIBCUDA_VERSION=535.261.03
set -euo pipefail

log() { printf 'fetch-cuda-toolkit: %s\n' "$*" >&2; }
die() { printf 'fetch-cuda-toolkit: error: %s\n' "$*" >&2; exit 1; }

case ${1:-} in
    -h|--help) sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//' >&2; exit 0 ;;
    '') ;;
    *) die "no arguments are taken (got '$1')" ;;
esac

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

NVCC_VERSION=13.0.88
# cudarc's name of that release (its CUDARC_CUDA_VERSION).
CUDARC_VERSION=13000
# package==version  folder-in-wheel  where-under-the-root
WHEELS=(
    "nvidia-cuda-nvcc==$NVCC_VERSION nvidia/cu13 ."
    "nvidia-nvvm==13.0.88 nvidia/cu13 ."
    "nvidia-cuda-crt==13.0.88 nvidia/cu13 ."
    "nvidia-cuda-runtime==13.0.96 nvidia/cu13 ."
    "nvidia-cuda-cccl==13.0.85 nvidia/cu13 ."
    "nvidia-cublas==13.0.2.14 nvidia/cu13 ."
    "nvidia-curand==10.4.0.35 nvidia/cu13 ."
)
# What .complete says of a finished root; a root whose .complete differs
# (another set of libraries) is built anew.
COMPLETE="nvcc $NVCC_VERSION, CUDA 13 libraries (cublas 13.0.2.14, curand 10.4.0.35, nvrtc 13.0.88), libcuda stub of cuda.h $NVCC_VERSION, libcuda 535.261.03"
# NVRTC first: fetch-cudnn.sh takes its own lock on the cache.
nvrtc_vars=$(bash "$script_dir/fetch-cudnn.sh" nvrtc13) || die "fetching NVRTC 13 failed"
eval "$nvrtc_vars"

# The libcuda scripts/fetch-libcuda.sh fetches.
LIBCUDA_VERSION=535.261.03
LIBCUDA_WANTED=$LIBCUDA_VERSION

cache=${CUDNN_RS_CACHE:-${XDG_CACHE_HOME:-${HOME:?HOME is not set; set CUDNN_RS_CACHE}/.cache}/cudnn-rs}
mkdir -p "$cache"
cache=$(cd "$cache" && pwd)
root=$cache/cuda-candle-cu13-$NVCC_VERSION

if command -v flock >/dev/null 2>&1; then
    exec 9>"$cache/.lock-cuda"
    if ! flock -n 9; then
        log "waiting for another fetch-cuda-toolkit.sh to finish with $cache ..."
        flock 9
    fi
fi

# unpack WHEEL FOLDER DEST: every file under FOLDER/ of WHEEL, into DEST/
# at the same relative path, with its mode (the licence goes to
# DEST/licenses/<wheel name>.txt).
unpack() {
    python3 - "$@" <<'PY'
import os, shutil, sys, zipfile

wheel, folder, dest = sys.argv[1:4]
prefix = folder.rstrip("/") + "/"
n = 0
with zipfile.ZipFile(wheel) as z:
    for info in z.infolist():
        name = info.filename
        if info.is_dir():
            continue
        base = os.path.basename(name)
        if name.startswith(prefix):
            rel = name[len(prefix):]
            # The .alt libraries are nvrtc's variants for another C++ ABI.
            if base == "__init__.py" or rel.startswith(".metadata/") or ".alt." in base:
                continue
            target = os.path.join(dest, rel)
        elif ".dist-info/" in name and base.lower().startswith("license"):
            stem = os.path.basename(wheel).split("-")[0]
            target = os.path.join(dest, "licenses", stem + ".txt")
        else:
            continue
        os.makedirs(os.path.dirname(target), exist_ok=True)
        # Reading a member checks its CRC: a damaged download fails here.
        with z.open(info) as src, open(target + ".part", "wb") as out:
            shutil.copyfileobj(src, out, 1 << 20)
        os.replace(target + ".part", target)
        mode = (info.external_attr >> 16) & 0o777
        os.chmod(target, mode or 0o644)
        n += 1
if n == 0:
    sys.exit(f"{wheel} has no files under {prefix}")
print(f"fetch-cuda-toolkit:   unpacked {n} files of {prefix}", file=sys.stderr)
PY
}

# wheel_of PACKAGE==VERSION: the downloaded wheel's path (downloading it
# when it is not in <cache>/wheels).
wheel_of() {
    local req=$1 package=${1%%==*} version=${1##*==} wheels=$cache/wheels found
    mkdir -p "$wheels"
    found=$(find "$wheels" -maxdepth 1 -name "${package//-/_}-$version-*manylinux*_$(uname -m).whl" -print -quit)
    if [[ -z $found ]]; then
        log "downloading $req from PyPI into $wheels ..."
        python3 -m pip download --disable-pip-version-check --no-deps -d "$wheels" "$req" >&2 \
            || die "pip download of $req failed"
        found=$(find "$wheels" -maxdepth 1 -name "${package//-/_}-$version-*manylinux*_$(uname -m).whl" -print -quit)
        [[ -n $found ]] || die "pip reported success but no ${package//-/_}-$version wheel is in $wheels"
    fi
    printf '%s\n' "$found"
}

# fetch_libcuda DEST: Debian's libcuda1 (scripts/fetch-libcuda.sh) copied
# into DEST/lib64 as libcuda.so.1, the name programs load (no libcuda.so:
# the linker takes the stub).
fetch_libcuda() {
    local dest=$1 vars
    vars=$(bash "$script_dir/fetch-libcuda.sh") || die "fetching libcuda failed"
    eval "$vars"
    [[ $LIBCUDA_VERSION == "$LIBCUDA_WANTED" ]] || die "fetch-libcuda.sh gave libcuda $LIBCUDA_VERSION, not $LIBCUDA_WANTED"
    cp "$LIBCUDA_DIR/libcuda.so.$LIBCUDA_VERSION" "$dest/lib64/"
    ln -sf "libcuda.so.$LIBCUDA_VERSION" "$dest/lib64/libcuda.so.1"
}

# make_stub ROOT: ROOT/lib/stubs/libcuda.so, the driver library the linker
# takes for -lcuda: an empty function for each name of the form cu[A-Z]...
# in ROOT/include/cuda.h (its functions, and the older names its #defines
# map to _v2, _v3 ... names), soname libcuda.so.1. A program that calls a
# driver function CUDA 13.0 does not declare fails to link.
make_stub() {
    local root=$1 cc=${CC:-cc} n
    command -v "$cc" >/dev/null 2>&1 || die "a C compiler ($cc, or \$CC) is needed for the libcuda stub (apt-get install -y gcc)"
    mkdir -p "$root/lib/stubs"
    grep -o '\bcu[A-Z][A-Za-z0-9_]*' "$root/include/cuda.h" | sort -u \
        | awk '{ print "void " $0 "(void) {}" }' >"$root/lib/stubs/libcuda.c"
    n=$(wc -l <"$root/lib/stubs/libcuda.c")
    for want in cuInit cuEventElapsedTime_v2 cuCtxCreate_v4; do
        grep -q "void $want(void)" "$root/lib/stubs/libcuda.c" || die "$root/include/cuda.h does not name $want"
    done
    "$cc" -shared -fPIC -nostdlib -Wl,-soname,libcuda.so.1 -o "$root/lib/stubs/libcuda.so" "$root/lib/stubs/libcuda.c" \
        || die "compiling the libcuda stub failed"
    log "libcuda stub: $n functions of cuda.h in $root/lib/stubs/libcuda.so"
}

# link NAME TARGET: lib/NAME -> TARGET.
link() { ln -sf "$2" "$root/lib/$1"; }

build() {
    command -v python3 >/dev/null 2>&1 || die "python3 is needed (apt-get install -y python3 python3-pip)"
    python3 -m pip --version >/dev/null 2>&1 || die "pip is needed (apt-get install -y python3-pip)"
    rm -rf "$root"
    mkdir -p "$root/lib64"
    local entry req folder under wheel
    for entry in "${WHEELS[@]}"; do
        read -r req folder under <<<"$entry"
        # One wheel at a time with the other fetch scripts
        # (<cache>/.lock-wheels).
        if command -v flock >/dev/null 2>&1; then
            exec 7>"$cache/.lock-wheels"
            flock 7
        fi
        wheel=$(wheel_of "$req")
        log "unpacking $(basename "$wheel") ..."
        if ! unpack "$wheel" "$folder" "$root/$under"; then
            rm -f "$wheel"
            die "could not unpack $wheel (deleted it; run again to download it anew)"
        fi
        [[ ${CUDNN_RS_KEEP_WHEELS:-0} == 1 ]] || rm -f "$wheel"
        exec 7>&-
    done
    local l
    for l in libnvrtc.so.13 libnvrtc-builtins.so.13.0; do
        [[ -e $NVRTC_13_LIB/$l ]] || die "$NVRTC_13_LIB has no $l"
        link "$l" "$NVRTC_13_LIB/$l"
    done
    # The names the linker looks for (-lcudart, -lcublas, ...).
    link libcudart.so libcudart.so.13
    link libcublas.so libcublas.so.13
    link libcublasLt.so libcublasLt.so.13
    link libcurand.so libcurand.so.10
    link libnvrtc.so libnvrtc.so.13
    make_stub "$root"
    # What programs load, by soname, in one folder with Debian's libcuda.
    for l in libcudart.so.13 libcublas.so.13 libcublasLt.so.13 libcurand.so.10 libnvrtc.so.13 libnvrtc-builtins.so.13.0; do
        [[ -e $root/lib/$l ]] || die "$root/lib has no $l"
        ln -sf "../lib/$l" "$root/lib64/$l"
    done
    fetch_libcuda "$root"
    # nvcc looks for its headers under $(TOP)/$(_TARGET_DIR_)/include.
    mkdir -p "$root/targets"
    ln -sfn .. "$root/targets/x86_64-linux"
    "$root/bin/nvcc" --version >&2 || die "the unpacked nvcc does not run"
    printf '%s\n' "$COMPLETE" >"$root/.complete"
}

if [[ -f $root/.complete && $(cat "$root/.complete") == "$COMPLETE" ]]; then
    log "CUDA $NVCC_VERSION for candle: already in $root"
else
    log "CUDA $NVCC_VERSION for candle: building $root ..."
    build
    log "CUDA $NVCC_VERSION for candle: done"
fi

printf 'CUDA_CANDLE_VERSION=%s\n' "$NVCC_VERSION"
printf 'CUDA_CANDLE_CUDARC=%s\n' "$CUDARC_VERSION"
printf 'CUDA_CANDLE_ROOT=%q\n' "$root"
printf 'CUDA_CANDLE_NVCC=%q\n' "$root/bin/nvcc"
printf 'CUDA_CANDLE_LIB=%q\n' "$root/lib64"
printf 'CUDA_CANDLE_STUB=%q\n' "$root/lib/stubs/libcuda.so"
printf 'LIBCUDA_VERSION=%s\n' "$LIBCUDA_VERSION"
