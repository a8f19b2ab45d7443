#!/usr/bin/env bash
# The frontend oracle: every graph of frontend-oracle/cases.json built twice,
# by NVIDIA's cudnn-frontend (its Python API) and by the crate's public API
# (frontend-oracle/src/main.rs), planned by the same cuDNN 9.28 for described
# GPUs (the H100 and B200 of cudnn/devices/, each with and without an SM-count
# target), with no GPU; then compared by frontend-oracle/compare.py: built or
# refused, cuDNN's operation graph from the plan JSON, the heuristics' engine
# lists and each configuration's workspace. The differences the project keeps
# are the table "Differences kept" of docs/testing.md; any other difference,
# or a listed one that no longer occurs, fails.
#
#   bash scripts/frontend-oracle.sh [--verbose]
#
# --verbose also prints the listed differences as they were found.
# FRONTEND_ORACLE_CASES=<text> runs only the cases whose name contains it.
#
# Fetched into the user's cache (scripts/fetch-cudnn.sh, fetch-libcuda.sh),
# and a virtual environment <cache>/frontend-oracle-venv with, pinned and
# without their dependencies (cuDNN and cuBLAS come from the cache):
#
#   nvidia-cudnn-frontend==1.32.0     the `cudnn` module
#   nvidia-cuda-runtime-cu12==12.9.79 libcudart.so.12, which cuDNN's engines load
#   cuda-bindings, cuda-pathfinder    imported by the frontend's matmul planning
#   numpy                             float32 scalars (a Python float is a DOUBLE one)
#
# cuDNN's engines need NVIDIA's libcuda (Debian's 535, no GPU), cuBLASLt 12
# and the CUDA 12 runtime on the loader path: the CUDA 13 runtime fails
# against libcuda 535. Both sides get the same path.
#
# Output: each side's records in target/frontend-oracle/{frontend,crate}.jsonl,
# the differences, and last the line
#
#   frontend oracle: N graphs, op graphs equal A/N, engine lists equal B/N, workspaces equal C/N, listed differences D
set -euo pipefail

# shellcheck source=scripts/lib/pinned-venv.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/pinned-venv.sh"

verbose=()
case ${1:-} in
    --verbose) verbose=(--verbose) ;;
    *) no_arguments "${1:-}" ;;
esac

eval "$(bash "$script_dir/fetch-cudnn.sh" 9 cublas)"
eval "$(bash "$script_dir/fetch-libcuda.sh")"
pinned_venv frontend-oracle-venv "" --no-deps \
    nvidia-cudnn-frontend==1.32.0 nvidia-cuda-runtime-cu12==12.9.79 \
    cuda-bindings==13.5.0 cuda-pathfinder==1.9.1 numpy==2.4.6

cd "$repo"
site=$("$venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
lib_path=$CUDNN_9_LIB:$CUBLAS_12_LIB:$LIBCUDA_DIR:$site/nvidia/cuda_runtime/lib
out=${CARGO_TARGET_DIR:-$repo/target}/frontend-oracle
mkdir -p "$out"

log "building the crate's side ..."
cargo build --release --quiet -p cudnn-frontend-oracle
bin=${CARGO_TARGET_DIR:-$repo/target}/release/cudnn-frontend-oracle

cases=frontend-oracle/cases.json
SECONDS=0
log "both sides at once ..."
LD_LIBRARY_PATH=$lib_path "$venv/bin/python" frontend-oracle/frontend.py "$cases" cudnn/devices \
    >"$out/frontend.jsonl" &
frontend=$!
CUDNN_LIB_DIR=$CUDNN_9_LIB LD_LIBRARY_PATH=$lib_path "$bin" "$cases" cudnn/devices >"$out/crate.jsonl" \
    || die "the crate's side failed (exit $?)"
wait "$frontend" || die "the frontend's side failed (exit $?)"
log "planned in $SECONDS s"
python3 frontend-oracle/compare.py "${verbose[@]}" "$cases" "$out/frontend.jsonl" "$out/crate.jsonl" docs/testing.md
