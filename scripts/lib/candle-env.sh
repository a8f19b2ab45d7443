# shellcheck shell=bash
# Sourced by scripts/candle-bridge.sh and scripts/gpu-test.sh: the
# environment that builds the candle bridge (cudnn-candle/) beside
# candle-core's CUDA backend for CUDA 13, without a GPU.
#
#   source scripts/lib/candle-env.sh
#
# Fetches the toolkit (scripts/fetch-cuda-toolkit.sh: nvcc 13.0, the CUDA 13
# libraries, the libcuda stub the linker takes, Debian's libcuda) and
# exports (docs/candle.md says what each is for):
#
#   CUDA_CANDLE_* and LIBCUDA_VERSION  fetch-cuda-toolkit.sh's variables
#   CUDARC_CUDA_VERSION  13000: cudarc's CUDA 13.0 bindings (the
#                        workspace's .cargo/config.toml pins 12080 for its
#                        own builds; the environment wins)
#   CUDA_HOME            the toolkit's root: cudarc's link search (lib/ for
#                        the CUDA 13 libraries, lib/stubs/ for libcuda) and
#                        candle's kernel build
#   PATH                 that nvcc first (candle-kernels' build runs it)
#   CUDA_COMPUTE_CAP     default 90 (candle's kernel build would ask
#                        nvidia-smi)
#   RUSTFLAGS            plus -C relro-level=partial -C link-arg=-Wl,-z,lazy:
#                        the programs call the libraries' functions through
#                        the PLT (rustc's full RELRO would call them through
#                        the GOT, bound at start) and bind each when first
#                        called, so that they start beside a libcuda older
#                        than their bindings (Debian's 535 here, without a
#                        GPU, lacks cuEventElapsedTime_v2) and say that
#                        there is no GPU
#   CARGO_TARGET_DIR     when unset, <cache>/candle-target-cu13, so that
#                        candle's kernels, compiled once, are reused by later
#                        runs and fresh clones
#   cargo's runner for the host: test binaries and examples run with
#                        CUDA_CANDLE_LIB on LD_LIBRARY_PATH (leaving cargo's
#                        own environment, and so the builds, alone)
candle_env_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
eval "$(bash "$candle_env_dir/fetch-cuda-toolkit.sh")"
export CUDA_CANDLE_VERSION CUDA_CANDLE_CUDARC CUDA_CANDLE_ROOT CUDA_CANDLE_NVCC CUDA_CANDLE_LIB CUDA_CANDLE_STUB LIBCUDA_VERSION
candle_cache=${CUDNN_RS_CACHE:-${XDG_CACHE_HOME:-${HOME:?HOME is not set; set CUDNN_RS_CACHE}/.cache}/cudnn-rs}
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$candle_cache/candle-target-cu13}
export CUDARC_CUDA_VERSION=$CUDA_CANDLE_CUDARC
export PATH=$CUDA_CANDLE_ROOT/bin:$PATH
export CUDA_HOME=$CUDA_CANDLE_ROOT
export CUDA_COMPUTE_CAP=${CUDA_COMPUTE_CAP:-90}
candle_lazy="-C relro-level=partial -C link-arg=-Wl,-z,lazy"
case " ${RUSTFLAGS:-} " in
    *" $candle_lazy "*) ;;
    *) export RUSTFLAGS="${RUSTFLAGS:+$RUSTFLAGS }$candle_lazy" ;;
esac
candle_host=$(rustc -vV | sed -n 's/^host: //p')
candle_runner_var=CARGO_TARGET_$(tr 'a-z.-' 'A-Z__' <<<"$candle_host")_RUNNER
export "$candle_runner_var=env LD_LIBRARY_PATH=$CUDA_CANDLE_LIB${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
unset candle_env_dir candle_cache candle_host candle_runner_var candle_lazy
