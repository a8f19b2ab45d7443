#!/usr/bin/env bash
# The project's test command: runs the tests against each cuDNN install of
# the test matrix (fetched by scripts/fetch-cudnn.sh into the user's cache),
# then prints a summary, one row per install, whose last line is exactly
#
#   N passed, M failed
#
# (totals over every row). Exits non-zero when any row failed; the later rows
# still run when one fails.
#
#   bash scripts/test.sh [CARGO TEST ARGS...]
#
# The rows (ids as scripts/fetch-cudnn.sh names the installs):
#
#   8.9.5.30             the pinned cuDNN 8: the workspace's tests, then the doctests
#   9.28.0.42            the pinned cuDNN 9: the workspace's tests
#   8.9.7.29             the newest cuDNN 8: the workspace's tests
#   cu13-9.28.1.4        cuDNN 9.28.1 built for CUDA 13: the workspace's tests
#   jit-cu12-9.27.0.42   the graph-only (JIT) install, whose legacy op libraries
#                        are absent by design: the install-layout tests that
#                        apply to it, with CUDNN_TEST_LAYOUT=jit
#                        (--test install_layouts -- jit_ in_process)
#   9.10.2.21            the release PyTorch pins, before the unified SDPA
#                        operation (9.13): only the composite attention's host
#                        tests (--test graph_composite), which build, get
#                        engine configurations for and plan the composite
#                        SDPA forward and backward for a described H100
#   windows              scripts/test-windows.sh (the Windows DLLs under Wine,
#                        fetched first: CUDNN_WIN_8_BIN, CUDNN_WIN_9_BIN), when
#                        that script exists and CUDNN_TEST_WINDOWS=1 or CI=true;
#                        each of its "Windows cuDNN <v> (Wine): N passed,
#                        M failed, K ignored" lines is a row
#
# CUDNN_TEST_ROWS="9.28.0.42 jit-cu12-9.27.0.42" runs only those rows.
#
# Every Linux row runs with CUDNN_LIB_DIR=<its install>, CUDNN_TEST_REQUIRE=1,
# CUDNN_TEST_EXPECT_VERSION=<its first three numbers> and
# CUDNN_TEST_EXPECT_CUDA_MAJOR=<12 or 13>, and with every install's
# CUDNN_<X>_LIB and CUDNN_<X>_VERSION exported (the doctor and install-layout
# tests arrange them side by side). CUDNN_LIB_DIR reaches the test binaries
# through cargo's runner (`env CUDNN_LIB_DIR=...`), not through cargo's own
# environment: cudnn-sys's build script watches that variable, and changing
# it would rebuild the workspace for every row. The rows share one build.
#
# Extra arguments go to `cargo test` after its own flags in the workspace
# rows (and to scripts/test-windows.sh, which does the same), e.g.
#   bash scripts/test.sh -p cudnn-rs        (only that package)
#   bash scripts/test.sh --lib             (only unit tests; no doctests then)
#   bash scripts/test.sh conv              (only tests whose name has "conv")
#   bash scripts/test.sh -- --nocapture    (arguments of the test binaries)
# The JIT and composite rows keep their own selection and take only the
# arguments after `--`.
#
# Each row's output is kept in target/test-logs/cudnn-<id>.log (under
# $CARGO_TARGET_DIR when that is set). Doctests run once, with the first row,
# and count towards its line. No GPU is needed: the tests that need one are
# #[ignore]d (see scripts/gpu-test.sh for those).
set -euo pipefail

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(git -C "$script_dir" rev-parse --show-toplevel 2>/dev/null || (cd "$script_dir/.." && pwd))
cd "$repo"

log_dir=${CARGO_TARGET_DIR:-$repo/target}/test-logs
mkdir -p "$log_dir"

# Cargo's own arguments among "$@" are the ones before a `--`; the test
# binaries' are the ones after it.
cargo_args=()
binary_args=()
seen_dashes=0
for arg in "$@"; do
    if [[ $seen_dashes -eq 1 ]]; then
        binary_args+=("$arg")
    elif [[ $arg == -- ]]; then
        seen_dashes=1
    else
        cargo_args+=("$arg")
    fi
done
has_arg() { # has_arg PATTERN...: does a cargo argument match one of the patterns?
    local a p
    for a in "${cargo_args[@]+"${cargo_args[@]}"}"; do
        for p in "$@"; do
            # shellcheck disable=SC2053
            [[ $a == $p ]] && return 0
        done
    done
    return 1
}

# `--workspace` would override a `-p`, so it is only added without one. The
# candle bridge's tests need candle's CUDA build: scripts/candle-bridge.sh
# runs them.
scope=(--workspace --exclude xtask --exclude cudnn-rs-candle)
if has_arg -p '-p?*' --package '--package=*'; then
    scope=()
fi
# Run every test binary even when one fails, so that the counts are complete.
fail_fast=(--no-fail-fast)
if has_arg --no-fail-fast; then
    fail_fast=()
fi
# Targets: all of them, then the doctests. A developer's own target selection
# (--lib, --test NAME, --doc, ...) replaces both: cargo would otherwise add it to
# --all-targets, and `--doc` cannot be combined with other target selections.
targets=(--all-targets)
run_doc=1
if has_arg --lib --bins '--bin' '--bin=*' --tests '--test' '--test=*' --examples '--example' '--example=*' \
    --benches '--bench' '--bench=*' --all-targets --doc; then
    targets=()
    run_doc=0
fi

# The rows: id -> "kind label-suffix cuda-major variable-prefix".
declare -A ROW=(
    [8.9.5.30]="suite - 12 CUDNN_8"
    [9.28.0.42]="suite - 12 CUDNN_9"
    [8.9.7.29]="suite - 12 CUDNN_8_9_7"
    [cu13-9.28.1.4]="suite (CUDA_13) 13 CUDNN_CU13"
    [jit-cu12-9.27.0.42]="jit (JIT,_graph-only) 12 CUDNN_JIT"
    [9.10.2.21]="composite (composite_attention) 12 CUDNN_9_10"
)
all_rows=(8.9.5.30 9.28.0.42 8.9.7.29 cu13-9.28.1.4 jit-cu12-9.27.0.42 9.10.2.21)
windows_wanted=0
if [[ -f $script_dir/test-windows.sh && (${CUDNN_TEST_WINDOWS:-0} == 1 || ${CI:-} == true) ]]; then
    windows_wanted=1
    all_rows+=(windows)
fi
rows=()
for id in ${CUDNN_TEST_ROWS:-${all_rows[*]}}; do
    if [[ -z ${ROW[$id]+set} && $id != windows ]]; then
        echo "error: CUDNN_TEST_ROWS names '$id'; the rows are: ${all_rows[*]} windows" >&2
        echo "0 passed, 1 failed"
        exit 1
    fi
    if [[ $id == windows && ! -f $script_dir/test-windows.sh ]]; then
        echo "error: the windows row needs scripts/test-windows.sh" >&2
        echo "0 passed, 1 failed"
        exit 1
    fi
    rows+=("$id")
done

# The Windows DLLs too: the PE reader's tests read them on every row. And
# cuBLASLt for CUDA 12, which cuDNN 9's precompiled engines open at run
# time: the graph tests load it from CUBLAS_12_LIB (the CUDA 13 row has none,
# and checks the typed refusal instead). And NVRTC for CUDA 13, which the
# consumer's python_installs test finds in an nvidia/cu13/lib layout, and
# for CUDA 12, which cuDNN 9.10's runtime-compiled attention engines open
# (graph_composite loads it from NVRTC_12_LIB).
fetch=(all matrix windows cublas nvrtc12 nvrtc13)
if ! fetched=$(bash "$script_dir/fetch-cudnn.sh" "${fetch[@]}"); then
    echo "error: could not fetch cuDNN (see above); no test ran" >&2
    echo "0 passed, 1 failed"
    exit 1
fi
eval "$fetched"
# Every install is visible to every run: the doctor and install-layout tests
# arrange them side by side (and scripts/test-windows.sh finds the DLLs in
# CUDNN_WIN_8_BIN and CUDNN_WIN_9_BIN).
export CUDNN_8_LIB CUDNN_9_LIB CUDNN_8_9_7_LIB CUDNN_CU13_LIB CUDNN_JIT_LIB CUDNN_9_10_LIB
export CUDNN_8_VERSION CUDNN_9_VERSION CUDNN_8_9_7_VERSION CUDNN_CU13_VERSION CUDNN_JIT_VERSION CUDNN_9_10_VERSION
export CUDNN_WIN_8_VERSION CUDNN_WIN_8_BIN CUDNN_WIN_9_VERSION CUDNN_WIN_9_BIN
export CUBLAS_12_LIB NVRTC_12_LIB NVRTC_13_LIB
# NVIDIA's driver library (Debian's libcuda1; no GPU needed), which cuDNN
# 9's engines link: the graph tests load it by absolute path before cuDNN
# (cudnn/tests/common/driver.rs). It is not put on LD_LIBRARY_PATH, so the
# tests that check the crate without a driver (no_driver) see none.
if ! libcuda_vars=$(bash "$script_dir/fetch-libcuda.sh"); then
    echo "error: could not fetch NVIDIA's libcuda (see above); no test ran" >&2
    echo "0 passed, 1 failed"
    exit 1
fi
eval "$libcuda_vars"
export CUDNN_TEST_LIBCUDA=$LIBCUDA_DIR/libcuda.so.1

# The runner variable of this machine's target, e.g.
# CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUNNER.
host=$(rustc -vV | sed -n 's/^host: //p')
runner_var=CARGO_TARGET_$(tr 'a-z.-' 'A-Z__' <<<"$host")_RUNNER
base_runner=${!runner_var:-}
# The build is the same for every row: CUDNN_LIB_DIR is never in cargo's own
# environment (see the header).
unset CUDNN_LIB_DIR

# count LOG: the passed, failed and ignored tests of libtest's summary lines
# ("test result: ok. 3 passed; 0 failed; 1 ignored; ...").
count() {
    awk '
        /^test result: / {
            for (k = 1; k <= NF; k++) {
                w = $(k + 1); sub(/[;,]$/, "", w)
                if (w == "passed") p += $k
                if (w == "failed") f += $k
                if (w == "ignored") i += $k
            }
        }
        END { printf "%d %d %d\n", p, f, i }' "$1"
}

labels=()
declare -A passed failed ignored
any_failed=0
first=1

# add_row LABEL PASSED FAILED IGNORED STATUS: records a summary row; a
# non-zero STATUS without a failing test counts as one failure.
add_row() {
    local label=$1 p=$2 f=$3 i=$4 rc=$5 log=$6
    if [[ $rc -ne 0 ]]; then
        any_failed=1
        if [[ $f -eq 0 ]]; then
            # It failed before any test could fail (a build error, say).
            echo "$label: failed before reporting a failing test (build error?); counted as 1 failure" | tee -a "$log"
            f=1
        fi
    elif [[ $f -ne 0 ]]; then
        any_failed=1
    fi
    labels+=("$label")
    passed[$label]=$p failed[$label]=$f ignored[$label]=$i
}

# run_linux_row ID [CARGO TEST ARGS...]
run_linux_row() {
    local id=$1 kind suffix cuda prefix
    shift
    read -r kind suffix cuda prefix <<<"${ROW[$id]}"
    local v_var=${prefix}_VERSION lib_var=${prefix}_LIB
    local version=${!v_var} lib_dir=${!lib_var}
    local expect label log
    expect=$(cut -d. -f1-3 <<<"$version")
    label="cuDNN $version"
    [[ $suffix == - ]] || label="$label ${suffix//_/ }"
    log=$log_dir/cudnn-$id.log
    : >"$log"

    echo
    echo "=== $label ==="
    local row_env=(CUDNN_TEST_REQUIRE=1 CUDNN_TEST_EXPECT_VERSION="$expect" CUDNN_TEST_EXPECT_CUDA_MAJOR="$cuda")
    [[ $kind == jit ]] && row_env+=(CUDNN_TEST_LAYOUT=jit)
    # The test binaries get CUDNN_LIB_DIR from the runner; a folder with
    # blanks in its name cannot be passed that way and goes to cargo itself
    # (which then rebuilds for this row).
    local runner_env=()
    if [[ $lib_dir =~ [[:space:]] ]]; then
        row_env+=(CUDNN_LIB_DIR="$lib_dir")
    else
        runner_env=("$runner_var=env CUDNN_LIB_DIR=$lib_dir${base_runner:+ $base_runner}")
    fi

    local runs=(tests)
    if [[ $kind == suite && $first -eq 1 && $run_doc -eq 1 ]]; then
        runs+=(doctests)
    fi
    local status=0 run cmd rc
    for run in "${runs[@]}"; do
        if [[ $kind == jit ]]; then
            # The same package selection as the workspace rows, so that
            # cargo resolves the same features and reuses their build.
            cmd=(cargo test --workspace --exclude xtask --exclude cudnn-rs-candle --test install_layouts "${fail_fast[@]+"${fail_fast[@]}"}"
                -- jit_ in_process "${binary_args[@]+"${binary_args[@]}"}")
        elif [[ $kind == composite ]]; then
            cmd=(cargo test --workspace --exclude xtask --exclude cudnn-rs-candle --test graph_composite "${fail_fast[@]+"${fail_fast[@]}"}"
                -- "${binary_args[@]+"${binary_args[@]}"}")
        elif [[ $run == doctests ]]; then
            cmd=(cargo test "${scope[@]+"${scope[@]}"}" --doc "${fail_fast[@]+"${fail_fast[@]}"}" "$@")
        else
            cmd=(cargo test "${scope[@]+"${scope[@]}"}" "${targets[@]+"${targets[@]}"}" "${fail_fast[@]+"${fail_fast[@]}"}" "$@")
        fi
        echo "+ CUDNN_LIB_DIR=$lib_dir ${row_env[*]} ${cmd[*]}" | tee -a "$log"
        set +e
        env "${row_env[@]}" "${runner_env[@]+"${runner_env[@]}"}" "${cmd[@]}" 2>&1 | tee -a "$log"
        rc=${PIPESTATUS[0]}
        set -e
        if [[ $rc -ne 0 ]]; then
            echo "cargo test ($run) exited with status $rc" | tee -a "$log"
            status=$rc
        fi
    done
    [[ $kind == suite ]] && first=0

    local p f i
    read -r p f i < <(count "$log")
    add_row "$label" "$p" "$f" "$i" "$status" "$log"
}

# run_windows_rows [CARGO TEST ARGS...]: scripts/test-windows.sh prints one
# "Windows cuDNN <v> (Wine): N passed, M failed, K ignored" line per release;
# each becomes a row.
run_windows_rows() {
    local log=$log_dir/windows.log rc
    : >"$log"
    echo
    echo "=== Windows (scripts/test-windows.sh) ==="
    set +e
    bash "$script_dir/test-windows.sh" "$@" 2>&1 | tee -a "$log"
    rc=${PIPESTATUS[0]}
    set -e
    local line label p f i n=0
    while IFS= read -r line; do
        [[ $line =~ ^(Windows\ cuDNN\ .*):\ ([0-9]+)\ passed,\ ([0-9]+)\ failed,\ ([0-9]+)\ ignored$ ]] || continue
        label=${BASH_REMATCH[1]} p=${BASH_REMATCH[2]} f=${BASH_REMATCH[3]} i=${BASH_REMATCH[4]}
        n=$((n + 1))
        # The script's exit status belongs to its rows together: a failure
        # without a failing row is counted once, on the last row.
        labels+=("$label")
        passed[$label]=$p failed[$label]=$f ignored[$label]=$i
        [[ $f -eq 0 ]] || any_failed=1
    done <"$log"
    if [[ $n -eq 0 ]]; then
        add_row "Windows (Wine)" 0 0 0 "$(( rc == 0 ? 1 : rc ))" "$log"
    elif [[ $rc -ne 0 ]]; then
        any_failed=1
        local fails=0 l
        for l in "${labels[@]}"; do
            [[ $l == Windows\ * ]] && fails=$((fails + failed[$l]))
        done
        if [[ $fails -eq 0 ]]; then
            echo "scripts/test-windows.sh exited with status $rc without a failing test; counted as 1 failure" | tee -a "$log"
            failed[$label]=1
        fi
    fi
}

for id in "${rows[@]}"; do
    if [[ $id == windows ]]; then
        run_windows_rows "$@"
    else
        run_linux_row "$id" "$@"
    fi
done
if [[ $windows_wanted -eq 0 && -f $script_dir/test-windows.sh ]]; then
    echo
    echo "(the Windows rows run with CUDNN_TEST_WINDOWS=1, and on CI)"
fi

total_p=0 total_f=0 total_i=0
echo
echo "=== summary (logs in ${log_dir#"$repo"/}/) ==="
if [[ $run_doc -eq 1 && $first -eq 0 ]]; then
    echo "(doctests ran once, with the first row, and count in its line)"
fi
for label in "${labels[@]}"; do
    echo "$label: ${passed[$label]} passed, ${failed[$label]} failed, ${ignored[$label]} ignored"
    total_p=$((total_p + passed[$label]))
    total_f=$((total_f + failed[$label]))
    total_i=$((total_i + ignored[$label]))
done
echo "$total_i ignored"
echo "$total_p passed, $total_f failed"
exit "$any_failed"
