#!/usr/bin/env bash
# The convolution comparison on a GPU machine: benches/conv_algos.rs and
# PyTorch (scripts/bench/torch_conv.py) loading the same cuDNN file, then the
# joined table and chart (scripts/bench/join.py).
#
#   bash scripts/bench/gpu-run.sh build     where cargo is: builds the bench
#                                           into target/bench/bin/conv_algos
#   bash scripts/bench/gpu-run.sh run       on the GPU machine
#
# run: asks PyTorch which libcudnn it loads (torch_conv.py --print-cudnn-dir)
# and points CUDNN_LIB_DIR at that folder, so that both sides load the same
# file (set CUDNN_LIB_DIR yourself to override; without PyTorch it must be
# set). Then it runs target/bench/bin/conv_algos --bench (`cargo bench --bench
# conv_algos` when there is no prebuilt binary and cargo exists), then
# torch_conv.py --match on the Rust results, then join.py. Everything lands in
# ${OUT:-target/bench}: conv_algos.json, torch_conv.json, comparison.md,
# comparison.json, comparison.png, and the logs of each step.
#
# What runs is chosen by the variables of benches/conv_algos.rs. Unless they
# are set, run picks a selection that takes about 10 minutes in all on an
# H100-class GPU: every shape, tf32 and fp16, both layouts, all directions,
# only the heuristic's and Find's picks (on the legacy and the graph API),
# quick timing, and a budget of 300 s for the Rust side
# (CONV_BENCH_DTYPES=tf32,fp16 CONV_BENCH_ALGOS=picks CONV_BENCH_QUICK=1
# CONV_BENCH_BUDGET_S=300). Set CONV_BENCH_FULL=1 to run
# the whole matrix (about an hour or more) instead.
#
# PYTHON: the Python that has PyTorch (default python3); matplotlib there (or
# in python3) draws the chart. TORCH_TIMEOUT (seconds, default 600) bounds
# the PyTorch step.
set -euo pipefail

die() { printf 'gpu-run: error: %s\n' "$*" >&2; exit 1; }
say() { printf 'gpu-run: %s\n' "$*"; }

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$script_dir/../.." && pwd)
cd "$repo"
bin=target/bench/bin/conv_algos

build() {
    command -v cargo >/dev/null 2>&1 || die "build needs cargo"
    local exe
    exe=$(cargo bench --bench conv_algos --no-run --message-format=json \
        | python3 -c '
import json, sys
for line in sys.stdin:
    if line.startswith("{"):
        m = json.loads(line)
        if m.get("reason") == "compiler-artifact" and m.get("executable") and m["target"]["name"] == "conv_algos":
            print(m["executable"])')
    [[ -n $exe ]] || die "cargo built no conv_algos executable"
    mkdir -p "$(dirname "$bin")"
    cp "$exe" "$bin"
    say "built $bin (carry target/bench/bin to the GPU machine)"
}

run() {
    local py=${PYTHON:-python3}
    local out=${OUT:-$repo/target/bench}
    mkdir -p "$out"
    out=$(cd "$out" && pwd)

    if [[ ${CONV_BENCH_FULL:-0} != 1 ]]; then
        : "${CONV_BENCH_DTYPES:=tf32,fp16}" "${CONV_BENCH_ALGOS:=picks}" "${CONV_BENCH_QUICK:=1}" "${CONV_BENCH_BUDGET_S:=300}"
        export CONV_BENCH_DTYPES CONV_BENCH_ALGOS CONV_BENCH_QUICK CONV_BENCH_BUDGET_S
    fi
    say "selection: shapes=${CONV_BENCH_SHAPES:-all} dtypes=${CONV_BENCH_DTYPES:-all} layouts=${CONV_BENCH_LAYOUTS:-all} dirs=${CONV_BENCH_DIRS:-all} apis=${CONV_BENCH_APIS:-legacy,graph} algos=${CONV_BENCH_ALGOS:-all} quick=${CONV_BENCH_QUICK:-0} budget=${CONV_BENCH_BUDGET_S:-none}s"
    if command -v nvidia-smi >/dev/null 2>&1; then nvidia-smi -L || true; fi

    local have_torch=1
    if ! "$py" -c 'import torch' >/dev/null 2>&1; then
        have_torch=0
        say "PyTorch is not importable by $py: the Rust side runs alone and nothing is compared"
    fi
    if [[ -z ${CUDNN_LIB_DIR:-} ]]; then
        [[ $have_torch == 1 ]] || die "without PyTorch, set CUDNN_LIB_DIR to the cuDNN folder to use"
        CUDNN_LIB_DIR=$("$py" "$script_dir/torch_conv.py" --print-cudnn-dir) \
            || die "PyTorch could not say which cuDNN it loads (see above)"
    fi
    export CUDNN_LIB_DIR
    say "CUDNN_LIB_DIR=$CUDNN_LIB_DIR (both sides load libcudnn from here)"

    say "== the Rust bench (log: $out/conv_algos.log) =="
    local rc=0
    if [[ -x $bin ]]; then
        OUT=$out CUDNN_BENCH_REQUIRE=1 "$bin" --bench 2>&1 | tee "$out/conv_algos.log" || rc=$?
    elif command -v cargo >/dev/null 2>&1; then
        OUT=$out CUDNN_BENCH_REQUIRE=1 cargo bench --bench conv_algos 2>&1 | tee "$out/conv_algos.log" || rc=$?
    else
        die "no $bin and no cargo: run 'bash scripts/bench/gpu-run.sh build' where cargo is, and carry target/bench/bin"
    fi
    [[ $rc == 0 ]] || say "the Rust bench exited with status $rc"
    [[ -f $out/conv_algos.json ]] || die "the Rust bench wrote no $out/conv_algos.json"

    [[ $have_torch == 1 ]] || { say "no PyTorch: no comparison"; return "$rc"; }
    say "== PyTorch (log: $out/torch_conv.log) =="
    local trc=0
    OUT=$out timeout -k 10 "${TORCH_TIMEOUT:-600}" "$py" "$script_dir/torch_conv.py" \
        --match "$out/conv_algos.json" --out "$out/torch_conv.json" 2>&1 | tee "$out/torch_conv.log" || trc=$?
    [[ $trc == 0 ]] || say "torch_conv.py exited with status $trc"
    [[ -f $out/torch_conv.json ]] || die "torch_conv.py wrote no $out/torch_conv.json"

    say "== join =="
    local jpy=$py
    "$py" -c 'import matplotlib' >/dev/null 2>&1 || jpy=python3
    "$jpy" "$script_dir/join.py" "$out/conv_algos.json" "$out/torch_conv.json" \
        --md "$out/comparison.md" --png "$out/comparison.png" --json "$out/comparison.json"
    sed -n '1,/^Every case/p' "$out/comparison.md"
    [[ $rc == 0 && $trc == 0 ]]
}

case ${1:-} in
    build) build ;;
    run) run ;;
    *) sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//' >&2; exit 2 ;;
esac
