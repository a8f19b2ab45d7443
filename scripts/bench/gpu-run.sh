#!/usr/bin/env bash
# The comparisons with PyTorch on a GPU machine, each side loading the same
# cuDNN file: convolutions (benches/conv_algos.rs against
# scripts/bench/torch_conv.py, joined by scripts/bench/join.py into a table
# and chart), then scaled dot-product attention (benches/sdpa.rs against
# scripts/bench/torch_sdpa.py, joined by scripts/bench/join_sdpa.py).
#
#   bash scripts/bench/gpu-run.sh build     where cargo is: builds the benches
#                                           into target/bench/bin/{conv_algos,sdpa}
#   bash scripts/bench/gpu-run.sh run       on the GPU machine
#
# GPU_RUN_BENCHES=conv or =sdpa runs one comparison only (default: both).
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
# The attention comparison runs every shape, precision, mask and direction
# of benches/sdpa.rs with quick timing (SDPA_BENCH_QUICK=1 unless
# CONV_BENCH_FULL=1), about 3 minutes for both sides, in $OUT: sdpa.json,
# torch_sdpa.json, sdpa_comparison.md, sdpa_comparison.json and the logs.
# The graph API's fused attention needs cuDNN 9.13 (forward), 9.17
# (backward) and 9.21 (a causal mask): when PyTorch's cuDNN is older, the
# Rust side records that refusal; upgrade the cuDNN wheel in PyTorch's
# environment (pip install -U 'nvidia-cudnn-cu12>=9.21') so that both sides
# load a newer one, or set SDPA_CUDNN_LIB_DIR to load another cuDNN on the
# Rust side only (the table then says the libraries differ).
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
bindir=target/bench/bin

build() {
    command -v cargo >/dev/null 2>&1 || die "build needs cargo"
    local built name exe
    built=$(cargo bench --bench conv_algos --bench sdpa --no-run --message-format=json \
        | python3 -c '
import json, sys
for line in sys.stdin:
    if line.startswith("{"):
        m = json.loads(line)
        if m.get("reason") == "compiler-artifact" and m.get("executable") and m["target"]["name"] in ("conv_algos", "sdpa"):
            print(m["target"]["name"] + "\t" + m["executable"])')
    mkdir -p "$bindir"
    for name in conv_algos sdpa; do
        exe=$(awk -F'\t' -v n="$name" '$1 == n { print $2 }' <<<"$built")
        [[ -n $exe ]] || die "cargo built no $name executable"
        cp "$exe" "$bindir/$name"
        say "built $bindir/$name"
    done
    say "carry $bindir to the GPU machine"
}

# Sets py (the Python with PyTorch), out (the results folder), have_torch,
# and CUDNN_LIB_DIR (the cuDNN both sides load).
prepare() {
    py=${PYTHON:-python3}
    out=${OUT:-$repo/target/bench}
    mkdir -p "$out"
    out=$(cd "$out" && pwd)
    if command -v nvidia-smi >/dev/null 2>&1; then nvidia-smi -L || true; fi

    have_torch=1
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
}

# Runs the Rust bench NAME (the prebuilt $bindir/NAME, else cargo bench) with
# its log in $out/NAME.log; its exit status, after checking that it wrote
# $out/NAME.json.
rust_bench() {
    local name=$1 rc=0
    if [[ -x $bindir/$name ]]; then
        OUT=$out CUDNN_BENCH_REQUIRE=1 "$bindir/$name" --bench 2>&1 | tee "$out/$name.log" || rc=$?
    elif command -v cargo >/dev/null 2>&1; then
        OUT=$out CUDNN_BENCH_REQUIRE=1 cargo bench --bench "$name" 2>&1 | tee "$out/$name.log" || rc=$?
    else
        die "no $bindir/$name and no cargo: run 'bash scripts/bench/gpu-run.sh build' where cargo is, and carry $bindir"
    fi
    [[ $rc == 0 ]] || say "the Rust bench $name exited with status $rc"
    [[ -f $out/$name.json ]] || die "the Rust bench wrote no $out/$name.json"
    return "$rc"
}

run_conv() {
    if [[ ${CONV_BENCH_FULL:-0} != 1 ]]; then
        : "${CONV_BENCH_DTYPES:=tf32,fp16}" "${CONV_BENCH_ALGOS:=picks}" "${CONV_BENCH_QUICK:=1}" "${CONV_BENCH_BUDGET_S:=300}"
        export CONV_BENCH_DTYPES CONV_BENCH_ALGOS CONV_BENCH_QUICK CONV_BENCH_BUDGET_S
    fi
    say "selection: shapes=${CONV_BENCH_SHAPES:-all} dtypes=${CONV_BENCH_DTYPES:-all} layouts=${CONV_BENCH_LAYOUTS:-all} dirs=${CONV_BENCH_DIRS:-all} apis=${CONV_BENCH_APIS:-legacy,graph} algos=${CONV_BENCH_ALGOS:-all} quick=${CONV_BENCH_QUICK:-0} budget=${CONV_BENCH_BUDGET_S:-none}s"

    say "== the Rust bench (log: $out/conv_algos.log) =="
    local rc=0
    rust_bench conv_algos || rc=$?

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
        --md "$out/comparison.md" --png "$out/comparison.png" --json "$out/comparison.json" \
        || die "join.py failed"
    sed -n '1,/^Every case/p' "$out/comparison.md"
    [[ $rc == 0 && $trc == 0 ]]
}

run_sdpa() {
    if [[ ${CONV_BENCH_FULL:-0} != 1 ]]; then
        : "${SDPA_BENCH_QUICK:=1}"
        export SDPA_BENCH_QUICK
    fi
    say "SDPA selection: shapes=${SDPA_BENCH_SHAPES:-all} dtypes=${SDPA_BENCH_DTYPES:-all} masks=${SDPA_BENCH_MASKS:-all} dirs=${SDPA_BENCH_DIRS:-all} autotune=${SDPA_BENCH_AUTOTUNE:-0} quick=${SDPA_BENCH_QUICK:-0} budget_s=${SDPA_BENCH_BUDGET_S:-none}"
    local lib=${SDPA_CUDNN_LIB_DIR:-$CUDNN_LIB_DIR} v
    if [[ $lib != "$CUDNN_LIB_DIR" ]]; then
        say "SDPA_CUDNN_LIB_DIR: the Rust side loads cuDNN from $lib, PyTorch from $CUDNN_LIB_DIR"
    elif [[ $have_torch == 1 ]]; then
        v=$("$py" -c 'import torch; print(torch.backends.cudnn.version() or 0)' 2>/dev/null || echo 0)
        if [[ $v =~ ^[0-9]+$ ]] && ((v < 92100)); then
            say "PyTorch's cuDNN is $v: the graph API's attention needs 9.13 (forward), 9.17 (backward), 9.21 (causal);"
            say "  the Rust side will record refusals (see the header of this script for the remedies)"
        fi
    fi

    say "== SDPA: the Rust bench (log: $out/sdpa.log) =="
    local rc=0 trc=0
    (
        export CUDNN_LIB_DIR=$lib
        rust_bench sdpa
    ) || rc=$?
    [[ -f $out/sdpa.json ]] || die "the Rust bench wrote no $out/sdpa.json"

    [[ $have_torch == 1 ]] || { say "no PyTorch: no comparison"; return "$rc"; }
    say "== SDPA: PyTorch (log: $out/torch_sdpa.log) =="
    OUT=$out timeout -k 10 "${TORCH_TIMEOUT:-600}" "$py" "$script_dir/torch_sdpa.py" \
        --match "$out/sdpa.json" --out "$out/torch_sdpa.json" 2>&1 | tee "$out/torch_sdpa.log" || trc=$?
    [[ $trc == 0 ]] || say "torch_sdpa.py exited with status $trc"
    [[ -f $out/torch_sdpa.json ]] || die "torch_sdpa.py wrote no $out/torch_sdpa.json"

    say "== SDPA: join =="
    "$py" "$script_dir/join_sdpa.py" "$out/sdpa.json" "$out/torch_sdpa.json" \
        --md "$out/sdpa_comparison.md" --json "$out/sdpa_comparison.json" || die "join_sdpa.py failed"
    sed -n '1,/^Every case/p' "$out/sdpa_comparison.md"
    [[ $rc == 0 && $trc == 0 ]]
}

# Each comparison in a subshell, so that one that stops does not stop the
# other; the status is the last failure's.
run() {
    prepare
    local benches=,${GPU_RUN_BENCHES:-conv,sdpa}, status=0
    if [[ $benches == *,conv,* ]]; then (run_conv) || status=$?; fi
    if [[ $benches == *,sdpa,* ]]; then (run_sdpa) || status=$?; fi
    return "$status"
}

case ${1:-} in
    build) build ;;
    run) run ;;
    *) sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//' >&2; exit 2 ;;
esac
