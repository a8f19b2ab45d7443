# shellcheck shell=bash
# Sourced by scripts/candle-bridge.sh and scripts/gpu-test.sh: the
# environment that builds the candle bridge (cudnn-candle/) beside
# candle-core's CUDA backend, without a GPU.
#
#   source scripts/lib/candle-env.sh
#
# Fetches the toolkit (scripts/fetch-cuda-toolkit.sh: nvcc 13.0, the CUDA 12
# libraries cudarc's pinned bindings link, Debian's libcuda) and exports:
# CUDA_CANDLE_* and LIBCUDA_VERSION (its variables); PATH with that nvcc
# first; CUDA_HOME; CUDA_COMPUTE_CAP (default 90; candle's build would ask
# nvidia-smi); CARGO_TARGET_DIR when
# unset, <cache>/candle-target, so that candle's kernels, compiled once, are
# reused by later runs and fresh clones; and cargo's runner for the host,
# which runs test binaries and examples with the libraries' folder on
# LD_LIBRARY_PATH (leaving cargo's own environment, and so the builds,
# alone).
candle_env_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
eval "$(bash "$candle_env_dir/fetch-cuda-toolkit.sh")"
export CUDA_CANDLE_VERSION CUDA_CANDLE_ROOT CUDA_CANDLE_NVCC CUDA_CANDLE_LIB LIBCUDA_VERSION
candle_cache=${CUDNN_RS_CACHE:-${XDG_CACHE_HOME:-${HOME:?HOME is not set; set CUDNN_RS_CACHE}/.cache}/cudnn-rs}
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$candle_cache/candle-target}
export PATH=$CUDA_CANDLE_ROOT/bin:$PATH
export CUDA_HOME=$CUDA_CANDLE_ROOT
export CUDA_COMPUTE_CAP=${CUDA_COMPUTE_CAP:-90}
candle_host=$(rustc -vV | sed -n 's/^host: //p')
candle_runner_var=CARGO_TARGET_$(tr 'a-z.-' 'A-Z__' <<<"$candle_host")_RUNNER
export "$candle_runner_var=env LD_LIBRARY_PATH=$CUDA_CANDLE_LIB${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
unset candle_env_dir candle_cache candle_host candle_runner_var
