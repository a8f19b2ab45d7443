#!/usr/bin/env bash
# The project's test command: runs the workspace's tests once against each
# pinned cuDNN release (8.9.5.30 and 9.28.0.42, fetched by
# scripts/fetch-cudnn.sh), then prints a summary whose last line is exactly
#
#   N passed, M failed
#
# (totals over both runs). Exits non-zero when any run failed; the second
# release is still tested when the first fails.
#
#   bash scripts/test.sh [CARGO TEST ARGS...]
#
# Extra arguments go to `cargo test` after its own flags, e.g.
#   bash scripts/test.sh -p cudnn          (only that package)
#   bash scripts/test.sh --lib             (only unit tests; no doctests then)
#   bash scripts/test.sh conv              (only tests whose name has "conv")
#   bash scripts/test.sh -- --nocapture    (arguments of the test binaries)
#
# Each run's output is kept in target/test-logs/cudnn-<major>.log. Doctests run
# once, with the first release, and count towards its line. No GPU is needed:
# the tests that need one are #[ignore]d (see scripts/gpu-test.sh for those).
set -euo pipefail

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(git -C "$script_dir" rev-parse --show-toplevel 2>/dev/null || (cd "$script_dir/.." && pwd))
cd "$repo"

log_dir=$repo/target/test-logs
mkdir -p "$log_dir"

# Cargo's own arguments among "$@" are the ones before a `--`.
cargo_args=()
for arg in "$@"; do
    [[ $arg == -- ]] && break
    cargo_args+=("$arg")
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

# `--workspace` would override a `-p`, so it is only added without one.
scope=(--workspace --exclude xtask)
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

if ! fetched=$(bash "$script_dir/fetch-cudnn.sh" all); then
    echo "error: could not fetch cuDNN (see above); no test ran" >&2
    echo "0 passed, 1 failed"
    exit 1
fi
eval "$fetched"
# Both majors are visible to every run: the doctor tests arrange them side by side.
export CUDNN_8_LIB CUDNN_9_LIB

majors=(8 9)
declare -A passed failed ignored version status
any_failed=0
first=1

for major in "${majors[@]}"; do
    v_var=CUDNN_${major}_VERSION
    lib_var=CUDNN_${major}_LIB
    version[$major]=${!v_var}
    lib_dir=${!lib_var}
    expect=$(cut -d. -f1-3 <<<"${version[$major]}")
    log=$log_dir/cudnn-$major.log
    : >"$log"

    echo
    echo "=== cuDNN ${version[$major]} ==="
    export CUDNN_LIB_DIR=$lib_dir CUDNN_TEST_REQUIRE=1 CUDNN_TEST_EXPECT_VERSION=$expect

    runs=(tests)
    if [[ $first -eq 1 && $run_doc -eq 1 ]]; then
        runs+=(doctests)
    fi
    status[$major]=0
    for run in "${runs[@]}"; do
        if [[ $run == doctests ]]; then
            cmd=(cargo test "${scope[@]+"${scope[@]}"}" --doc "${fail_fast[@]+"${fail_fast[@]}"}" "$@")
        else
            cmd=(cargo test "${scope[@]+"${scope[@]}"}" "${targets[@]+"${targets[@]}"}" "${fail_fast[@]+"${fail_fast[@]}"}" "$@")
        fi
        echo "+ CUDNN_LIB_DIR=$CUDNN_LIB_DIR CUDNN_TEST_REQUIRE=1 CUDNN_TEST_EXPECT_VERSION=$expect ${cmd[*]}" | tee -a "$log"
        set +e
        "${cmd[@]}" 2>&1 | tee -a "$log"
        rc=${PIPESTATUS[0]}
        set -e
        if [[ $rc -ne 0 ]]; then
            echo "cargo test ($run) exited with status $rc" | tee -a "$log"
            status[$major]=$rc
        fi
    done
    first=0

    # libtest prints one "test result: ok. 3 passed; 0 failed; 1 ignored; ..." per binary.
    read -r p f i < <(awk '
        /^test result: / {
            for (k = 1; k <= NF; k++) {
                w = $(k + 1); sub(/[;,]$/, "", w)
                if (w == "passed") p += $k
                if (w == "failed") f += $k
                if (w == "ignored") i += $k
            }
        }
        END { printf "%d %d %d\n", p, f, i }' "$log")
    if [[ ${status[$major]} -ne 0 ]]; then
        any_failed=1
        if [[ $f -eq 0 ]]; then
            # It failed before any test could fail (a build error, say).
            echo "cargo test failed before reporting a failing test (build error?); counted as 1 failure" | tee -a "$log"
            f=1
        fi
    elif [[ $f -ne 0 ]]; then
        any_failed=1
    fi
    passed[$major]=$p failed[$major]=$f ignored[$major]=$i
done

total_p=0 total_f=0 total_i=0
echo
echo "=== summary (logs in ${log_dir#"$repo"/}/) ==="
if [[ $run_doc -eq 1 ]]; then
    echo "(doctests ran once, with cuDNN ${version[${majors[0]}]}, and count in its line)"
fi
for major in "${majors[@]}"; do
    echo "cuDNN ${version[$major]}: ${passed[$major]} passed, ${failed[$major]} failed, ${ignored[$major]} ignored"
    total_p=$((total_p + passed[$major]))
    total_f=$((total_f + failed[$major]))
    total_i=$((total_i + ignored[$major]))
done
echo "$total_i ignored"
echo "$total_p passed, $total_f failed"
exit "$any_failed"
