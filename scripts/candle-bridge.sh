#!/usr/bin/env bash
# Builds the candle bridge (cudnn-candle/, package cudnn-rs-candle) for real
# beside candle-core 0.11 with its `cuda` feature, without a GPU, and runs
# what runs without one:
#
#   1. scripts/cudarc-configs.sh: cudnn-rs as a dependency in each cudarc
#      configuration (candle's among them);
#   2. clippy and rustdoc of the bridge with `cuda` (warnings are errors);
#   3. its tests: the host tests run, the GPU tests are built (and ignored);
#   4. its example, lenet_candle, built and run: without a GPU it must exit
#      1 saying so, without a panic.
#
#   scripts/candle-bridge.sh
#
# candle's kernels need nvcc, and linking needs the CUDA libraries and
# libcuda: scripts/fetch-cuda-toolkit.sh puts them in the user's cache.
# CUDA_COMPUTE_CAP (default 90) stands in for the GPU that candle's build
# would ask nvidia-smi about. The builds go to $CARGO_TARGET_DIR when it is
# set, else to <cache>/candle-target, so that candle's kernels, compiled
# once, are reused by later runs and fresh clones. The programs run with the
# libraries' folder on LD_LIBRARY_PATH (through cargo's runner, which leaves
# cargo's own environment, and so the builds, alone).
set -euo pipefail

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$script_dir/.." && pwd)
cd "$repo"

eval "$(bash "$script_dir/fetch-cuda-toolkit.sh")"
cache=${CUDNN_RS_CACHE:-${XDG_CACHE_HOME:-${HOME:?HOME is not set; set CUDNN_RS_CACHE}/.cache}/cudnn-rs}
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$cache/candle-target}
export PATH=$CUDA_CANDLE_ROOT/bin:$PATH
export CUDA_HOME=$CUDA_CANDLE_ROOT
export CUDA_COMPUTE_CAP=${CUDA_COMPUTE_CAP:-90}
host=$(rustc -vV | sed -n 's/^host: //p')
runner_var=CARGO_TARGET_$(tr 'a-z.-' 'A-Z__' <<<"$host")_RUNNER
export "$runner_var=env LD_LIBRARY_PATH=$CUDA_CANDLE_LIB${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
echo "candle bridge: nvcc $CUDA_CANDLE_VERSION, libcuda $LIBCUDA_VERSION, sm_$CUDA_COMPUTE_CAP, target $CARGO_TARGET_DIR"

part() { printf -- '-- %s (at %ds)\n' "$1" "$SECONDS"; }

part "cudnn-rs in each cudarc configuration"
bash "$script_dir/cudarc-configs.sh"

part "clippy and rustdoc with candle's cuda feature"
cargo clippy -p cudnn-rs-candle --features cuda --all-targets -- -D warnings
RUSTDOCFLAGS="-D warnings" cargo doc -p cudnn-rs-candle --features cuda --no-deps

part "tests (host tests run; GPU tests built and ignored)"
cargo test -p cudnn-rs-candle --features cuda

part "lenet_candle without a GPU"
cargo build -p cudnn-rs-candle --features cuda --example lenet_candle
rc=0
out=$(env LD_LIBRARY_PATH="$CUDA_CANDLE_LIB" "$CARGO_TARGET_DIR/debug/examples/lenet_candle" 2>&1) || rc=$?
printf '%s\n' "$out" | sed 's/^/  | /'
if [[ $rc -ne 1 ]] || grep -q panicked <<<"$out" || ! grep -q 'needs a CUDA GPU' <<<"$out"; then
    echo "lenet_candle without a GPU: expected exit 1 and 'needs a CUDA GPU', no panic (exit $rc)" >&2
    exit 1
fi
echo "lenet_candle without a GPU: exit 1, explains itself: ok"
part "done"
