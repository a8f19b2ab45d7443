#!/usr/bin/env bash
# Fetch the headers benches/graph_frontend.rs compiles its C++ side with:
# NVIDIA's cudnn-frontend (header-only C++, inside its Python wheel) and the
# CUDA headers it includes, all from PyPI, into the same cache as
# scripts/fetch-cudnn.sh's (whose cuDNN 9 headers it adds).
#
#   scripts/fetch-frontend.sh
#
# What, pinned:
#
#   nvidia-cudnn-frontend==1.32.0        include/ (cudnn_frontend.h and the rest)
#   nvidia-cuda-runtime-cu12==12.9.79    nvidia/cuda_runtime/include (cuda.h, cuda_runtime_api.h, cuda_fp16.h)
#   nvidia-cuda-nvcc-cu12==12.9.86       nvidia/cuda_nvcc/include (crt/host_defines.h)
#   nvidia-cuda-nvrtc-cu12==12.9.86      nvidia/cuda_nvrtc/include (nvrtc.h)
#   nvidia-cuda-cccl-cu12==12.9.27       nvidia/cuda_cccl/include
#
# Only headers are unpacked. After a run:
#
#   <cache>/frontend-1.32.0/<wheel's include folder>/   one folder per wheel
#   <cache>/frontend-1.32.0/.complete                  written last; a folder without it is redone
#
# Wheels go to <cache>/wheels and are deleted once unpacked
# (CUDNN_RS_KEEP_WHEELS=1 keeps them). Progress goes to stderr; stdout
# carries the lines to eval:
#
#   CUDNN_FRONTEND_VERSION=1.32.0
#   CUDNN_RS_FRONTEND_INCLUDE=<dir>:<dir>:...   for build.rs (cuDNN 9's headers included)
set -euo pipefail

log() { printf 'fetch-frontend: %s\n' "$*" >&2; }
die() { printf 'fetch-frontend: error: %s\n' "$*" >&2; exit 1; }

case ${1:-} in
    -h|--help) sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//' >&2; exit 0 ;;
    '') ;;
    *) die "no arguments are taken (got '$1')" ;;
esac

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
FRONTEND=1.32.0
# package==version  folder-in-wheel
WHEELS=(
    "nvidia-cudnn-frontend==$FRONTEND include"
    "nvidia-cuda-runtime-cu12==12.9.79 nvidia/cuda_runtime/include"
    "nvidia-cuda-nvcc-cu12==12.9.86 nvidia/cuda_nvcc/include"
    "nvidia-cuda-nvrtc-cu12==12.9.86 nvidia/cuda_nvrtc/include"
    "nvidia-cuda-cccl-cu12==12.9.27 nvidia/cuda_cccl/include"
)

cache=${CUDNN_RS_CACHE:-${XDG_CACHE_HOME:-${HOME:?HOME is not set; set CUDNN_RS_CACHE}/.cache}/cudnn-rs}
mkdir -p "$cache/wheels"
cache=$(cd "$cache" && pwd)
dest=$cache/frontend-$FRONTEND
m=$(uname -m)

# cuDNN 9's headers (and its library, for the bench) from fetch-cudnn.sh.
cudnn_vars=$(bash "$script_dir/fetch-cudnn.sh" 9)
eval "$cudnn_vars"

if command -v flock >/dev/null 2>&1; then
    exec 8>"$cache/.lock-frontend"
    flock 8
fi

if [[ ! -f $dest/.complete ]]; then
    rm -rf "$dest"
    mkdir -p "$dest"
    for entry in "${WHEELS[@]}"; do
        read -r req folder <<<"$entry"
        stem=${req%%==*}
        stem=${stem//-/_}-${req##*==}
        # One wheel at a time with the other fetch scripts (<cache>/.lock-wheels):
        # the CUDA 12 NVRTC wheel is theirs too.
        if command -v flock >/dev/null 2>&1; then
            exec 7>"$cache/.lock-wheels"
            flock 7
        fi
        wheel=$(find "$cache/wheels" -maxdepth 1 -name "$stem-*.whl" -print -quit)
        if [[ -z $wheel ]]; then
            log "downloading $req ..."
            # The frontend's wheel carries a CPython extension; its headers
            # are the same in every build, so any one serves.
            python3 -m pip download --quiet --no-deps --only-binary=:all: \
                --python-version 3.11 \
                --platform "manylinux_2_28_$m" --platform "manylinux_2_27_$m" \
                --platform "manylinux2014_$m" --platform "manylinux2010_$m" \
                --dest "$cache/wheels" "$req" >&2 || die "pip could not download $req"
            wheel=$(find "$cache/wheels" -maxdepth 1 -name "$stem-*.whl" -print -quit)
            [[ -n $wheel ]] || die "no wheel of $req in $cache/wheels after the download"
        fi
        log "unpacking $folder of $(basename "$wheel") ..."
        python3 - "$wheel" "$folder" "$dest/$folder" <<'PY' || { rm -f "$wheel"; die "$wheel did not unpack (deleted)"; }
import os, shutil, sys, zipfile

wheel, folder, out = sys.argv[1:4]
prefix = folder.rstrip("/") + "/"
n = 0
with zipfile.ZipFile(wheel) as z:
    for info in z.infolist():
        if info.is_dir() or not info.filename.startswith(prefix):
            continue
        target = os.path.join(out, info.filename[len(prefix):])
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with z.open(info) as src, open(target, "wb") as dst:
            shutil.copyfileobj(src, dst, 1 << 20)
        n += 1
if n == 0:
    sys.exit(f"{wheel} has no files under {prefix}")
print(f"fetch-frontend:   {n} headers", file=sys.stderr)
PY
        [[ ${CUDNN_RS_KEEP_WHEELS:-0} == 1 ]] || rm -f "$wheel"
        exec 7>&-
    done
    touch "$dest/.complete"
else
    log "cudnn-frontend $FRONTEND headers: already unpacked in $dest"
fi

includes=$dest/include:$CUDNN_9_INCLUDE
for entry in "${WHEELS[@]:1}"; do
    read -r _ folder <<<"$entry"
    includes+=:$dest/$folder
done
echo "CUDNN_FRONTEND_VERSION=$FRONTEND"
echo "CUDNN_RS_FRONTEND_INCLUDE=$includes"
