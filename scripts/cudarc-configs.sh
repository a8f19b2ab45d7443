#!/usr/bin/env bash
# Builds cudnn-rs as a dependency of a scratch crate, as a user's crate
# would, in each cudarc configuration another crate of the build may pick
# (cudarc allows one loading mode and one CUDA version per build, and
# features unify): `cargo check` of the scratch crate, outside this
# workspace (so without its .cargo/config.toml pin of the CUDA version).
#
#   scripts/cudarc-configs.sh
#
# The configurations, each a line "name | cudarc features | environment":
#
#   candle            candle-core 0.11's cudarc features (dynamic-linking,
#                     cuda-version-from-build-system): the version from the
#                     nvcc of scripts/fetch-cuda-toolkit.sh
#   default           cudnn-rs's defaults alone, no nvcc on PATH: the
#                     fallbacks (run-time loading, the newest bindings)
#   loading-12080     dynamic-loading and cuda-12080 by feature
#   fallback-env      fallback-dynamic-loading, CUDARC_CUDA_VERSION=11040
#   no-defaults-13    cudnn-rs without default features, the user's cudarc
#                     with dynamic-loading and cuda-13000
#
# (cudarc's static-linking is left out: even `cargo check` needs the
# toolkit's static libraries, libstdc++.a among them.)
#
# Prints one line per configuration and ends with "N passed, M failed";
# exits non-zero when one failed. Its builds go to
# ${CARGO_TARGET_DIR:-<repo>/target}/cudarc-configs.
set -euo pipefail

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$script_dir/.." && pwd)
target=${CARGO_TARGET_DIR:-$repo/target}/cudarc-configs
mkdir -p "$target"
target=$(cd "$target" && pwd)

eval "$(bash "$script_dir/fetch-cuda-toolkit.sh")"

# PATH without any folder that has an nvcc (for the configurations that
# must not find one).
path_without_nvcc() {
    local out= dir
    local IFS=:
    for dir in $PATH; do
        [[ -n $dir && ! -x $dir/nvcc ]] && out=${out:+$out:}$dir
    done
    printf '%s\n' "$out"
}
no_nvcc_path=$(path_without_nvcc)
nvcc_path=$CUDA_CANDLE_ROOT/bin:$no_nvcc_path

CANDLE='"std", "cublas", "cublaslt", "curand", "driver", "nvrtc", "f16", "f8", "cuda-version-from-build-system", "dynamic-linking"'
CONFIGS=(
    "candle|$CANDLE|PATH=$nvcc_path"
    "default||PATH=$no_nvcc_path"
    'loading-12080|"dynamic-loading", "cuda-12080"|'
    'fallback-env|"fallback-dynamic-loading"|CUDARC_CUDA_VERSION=11040'
    'no-defaults-13|"dynamic-loading", "cuda-13000"|'
)

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/src"
printf 'pub use cudnn;\n' >"$scratch/src/lib.rs"
# The workspace's resolution, so that the versions are the ones tested.
cp "$repo/Cargo.lock" "$scratch/Cargo.lock"

passed=0 failed=0
for config in "${CONFIGS[@]}"; do
    IFS='|' read -r name features envs <<<"$config"
    cudnn_dep="cudnn = { package = \"cudnn-rs\", path = \"$repo/cudnn\" }"
    if [[ $name == no-defaults-* ]]; then
        cudnn_dep="cudnn = { package = \"cudnn-rs\", path = \"$repo/cudnn\", default-features = false }"
    fi
    cudarc_dep=
    if [[ -n $features ]]; then
        cudarc_dep="cudarc = { version = \"0.19.10\", default-features = false, features = [$features] }"
    fi
    cat >"$scratch/Cargo.toml" <<EOF
[package]
name = "cudarc-config-check"
version = "0.0.0"
edition = "2021"
publish = false

[workspace]

[dependencies]
$cudnn_dep
$cudarc_dep
EOF
    log=$target/$name.log
    env_args=(-u CUDARC_CUDA_VERSION)
    [[ -n $envs ]] && env_args+=("$envs")
    start=$SECONDS
    if (cd "$scratch" && env "${env_args[@]}" CARGO_TARGET_DIR="$target" cargo check >"$log" 2>&1); then
        passed=$((passed + 1))
        echo "cudarc configuration $name: builds ($((SECONDS - start)) s)"
    else
        failed=$((failed + 1))
        echo "cudarc configuration $name: FAILED (log: $log)"
        tail -n 20 "$log" | sed 's/^/  | /'
    fi
done
echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
