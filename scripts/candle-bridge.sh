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
#      1 saying so, without a panic;
#   5. scripts/check-bridge-libs.sh on lenet_candle and the `gpu` test
#      binary: they load CUDA 13's libraries, libcuda.so.1 and the C/C++
#      runtime only, and bind the driver's functions lazily.
#
#   scripts/candle-bridge.sh
#
# The environment (nvcc 13.0, cudarc's CUDA 13.0 bindings, the CUDA 13
# libraries, the libcuda stub the linker takes, Debian's libcuda to run
# here, the target folder) is scripts/lib/candle-env.sh's. Everything
# builds in release (clippy and rustdoc too, so that candle's kernels, whose
# build script runs nvcc, are compiled once per profile and target folder):
# the GPU bundle (scripts/gpu-test.sh) takes the same binaries.
set -euo pipefail

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$script_dir/.." && pwd)
cd "$repo"

source "$script_dir/lib/candle-env.sh"
echo "candle bridge: nvcc $CUDA_CANDLE_VERSION, CUDARC_CUDA_VERSION=$CUDARC_CUDA_VERSION, libcuda $LIBCUDA_VERSION (run) and its stub (link), sm_$CUDA_COMPUTE_CAP, target $CARGO_TARGET_DIR"

part() { printf -- '-- %s (at %ds)\n' "$1" "$SECONDS"; }

part "cudnn-rs in each cudarc configuration"
bash "$script_dir/cudarc-configs.sh"

part "clippy and rustdoc with candle's cuda feature"
cargo clippy -p cudnn-rs-candle --features cuda --release --all-targets -- -D warnings
RUSTDOCFLAGS="-D warnings" cargo doc -p cudnn-rs-candle --features cuda --release --no-deps

part "tests (host tests run; GPU tests built and ignored)"
cargo test -p cudnn-rs-candle --features cuda --release

part "lenet_candle without a GPU"
cargo build -p cudnn-rs-candle --features cuda --release --example lenet_candle
rc=0
out=$(env LD_LIBRARY_PATH="$CUDA_CANDLE_LIB" "$CARGO_TARGET_DIR/release/examples/lenet_candle" 2>&1) || rc=$?
printf '%s\n' "$out" | sed 's/^/  | /'
if [[ $rc -ne 1 ]] || grep -q panicked <<<"$out" || ! grep -q 'needs a CUDA GPU' <<<"$out"; then
    echo "lenet_candle without a GPU: expected exit 1 and 'needs a CUDA GPU', no panic (exit $rc)" >&2
    exit 1
fi
echo "lenet_candle without a GPU: exit 1, explains itself: ok"

part "the libraries lenet_candle and the GPU tests load (CUDA 13's only)"
gpu_test=$(cargo test -p cudnn-rs-candle --features cuda --release --no-run --test gpu --message-format=json \
    | python3 -c 'import json, sys
for line in sys.stdin:
    m = json.loads(line) if line.startswith("{") else {}
    if m.get("reason") == "compiler-artifact" and m.get("executable") and m["target"]["name"] == "gpu":
        print(m["executable"])')
[[ -n $gpu_test ]] || { echo "cargo named no executable for the gpu test" >&2; exit 1; }
bash "$script_dir/check-bridge-libs.sh" "$CARGO_TARGET_DIR/release/examples/lenet_candle" "$gpu_test"
part "done"
