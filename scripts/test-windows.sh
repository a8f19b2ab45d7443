#!/usr/bin/env bash
# The Windows tests, run on Linux: the published crates are checked for the
# MSVC target, the workspace's tests and the cudnn-doctor program are built
# for x86_64-pc-windows-gnu with MinGW and run under Wine, once against each of
# NVIDIA's Windows cuDNN releases (8.9.5.29 and 9.28.0.42, the win_amd64
# wheels unpacked by `scripts/fetch-cudnn.sh windows`). No GPU is needed: the
# tests that need one are #[ignore]d, as on Linux.
#
#   bash scripts/test-windows.sh [--dll-folder-on-path] [--doctor-only] [CARGO TEST ARGS...]
#   bash scripts/test-windows.sh --tools-only
#
# (--tools-only installs the tools below and exits: scripts/prefetch.sh.
# --doctor-only builds and runs only cudnn-doctor.exe's checks, not the
# workspace's tests.)
# For each release, CUDNN_LIB_DIR names the DLL folder (as a Windows path,
# Z:\...) and the folder is not on the program's PATH, as after a plain
# `pip install nvidia-cudnn-cu12` on Windows; --dll-folder-on-path adds it to
# PATH as well (WINEPATH). The test binaries get CUDNN_TEST_REQUIRE=1,
# CUDNN_TEST_EXPECT_VERSION=<first three numbers>,
# CUDNN_TEST_EXPECT_CUDA_MAJOR=12 and CUDNN_WIN_8_BIN / CUDNN_WIN_9_BIN (both
# folders, for the PE reader's tests). Extra arguments go to `cargo test`
# after its own flags, e.g. `-p cudnn-rs-sys`, `conv`, `-- --nocapture`.
#
# Output, one line per release (cudnn-doctor's check counts as one test;
# with 9.28, `cudnn-doctor --python` on a Windows Python environment, PyTorch
# bundling cuDNN 8.9.5 in torch\lib beside the nvidia-cudnn-cu12 9.28 wheel,
# counts as one more):
#
#   Windows cuDNN 9.28.0.42 (Wine): N passed, M failed, K ignored
#
# Logs: target/test-logs/windows-<version>.log (under $CARGO_TARGET_DIR when
# set) and windows-build.log. Exits non-zero when anything failed.
#
# What it needs, installed when missing: x86_64-w64-mingw32-gcc and Wine
# (apt-get install gcc-mingw-w64-x86-64 wine64, as root or through sudo) and
# the rustup targets x86_64-pc-windows-gnu and x86_64-pc-windows-msvc. The
# Wine prefix lives in ${XDG_CACHE_HOME:-$HOME/.cache}/cudnn-rs/wine-prefix
# (CUDNN_WINE_PREFIX), is made once (about 15 s), and gets a
# bcryptprimitives.dll built from scripts/wine/ (Wine 8.0 has none, and Rust's
# standard library imports ProcessPrng from it). Runs are serialised on the
# prefix, every Wine program runs under a time limit (CUDNN_WINE_TIMEOUT,
# default 600 s, see scripts/wine/run.sh), and the prefix's wineserver is
# shut down at the end.
set -euo pipefail

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(git -C "$script_dir" rev-parse --show-toplevel 2>/dev/null || (cd "$script_dir/.." && pwd))
cd "$repo"
SECONDS=0

on_path=0
tools_only=0
doctor_only=0
cargo_args=()
for arg in "$@"; do
    case $arg in
        --dll-folder-on-path) on_path=1 ;;
        --tools-only) tools_only=1 ;;
        --doctor-only) doctor_only=1 ;;
        -h | --help)
            sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'
            exit 0
            ;;
        *) cargo_args+=("$arg") ;;
    esac
done

log_dir=${CARGO_TARGET_DIR:-$repo/target}/test-logs
mkdir -p "$log_dir"
build_log=$log_dir/windows-build.log
: >"$build_log"

say() { printf 'test-windows: %s\n' "$*" >&2; }
die() {
    printf 'test-windows: error: %s\n' "$*" >&2
    exit 1
}

# The Linux machine's cuDNN and CUDA settings say nothing about the Windows
# runs: the Windows programs would see them (Wine passes the environment on),
# and cudnn-sys's build script reads some of them.
for var in $(compgen -e); do
    case $var in
        CUDNN_LIB_DIR | CUDNN_PATH | CUDNN_INCLUDE_DIR | CUDA_PATH | CUDA_PATH_V* | CUDA_HOME | \
            CONDA_PREFIX | VIRTUAL_ENV | CUDNN_TEST_* | CUDNN_*_LIB | CUDNN_*_VERSION | CUDNN_*_INCLUDE | \
            CUDNN_*_BIN | WINEPATH)
            unset "$var"
            ;;
    esac
done

# --- tools ------------------------------------------------------------------

as_root() {
    if [[ $(id -u) -eq 0 ]]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
        sudo "$@"
    else
        die "$* needs root (or password-less sudo); install gcc-mingw-w64-x86-64 and wine64 yourself"
    fi
}

find_wine() {
    local candidate
    for candidate in /usr/lib/wine/wine64 "$(command -v wine64 || true)"; do
        if [[ -n $candidate && -x $candidate ]]; then
            echo "$candidate"
            return 0
        fi
    done
    return 1
}

if ! command -v x86_64-w64-mingw32-gcc >/dev/null 2>&1 || ! find_wine >/dev/null; then
    command -v apt-get >/dev/null 2>&1 \
        || die "MinGW-w64 and Wine are missing and there is no apt-get: install x86_64-w64-mingw32-gcc and wine64"
    say "installing MinGW-w64 and Wine with apt-get ..."
    as_root env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 update >&2
    as_root env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y gcc-mingw-w64-x86-64 wine64 >&2
fi
wine=$(find_wine) || die "Wine was installed but no wine64 loader is found"
wineserver=
for candidate in "$(dirname "$wine")/wineserver" "$(command -v wineserver || true)"; do
    if [[ -n $candidate && -x $candidate ]]; then
        wineserver=$candidate
        break
    fi
done
[[ -n $wineserver ]] || die "no wineserver next to $wine or on PATH"

targets=(x86_64-pc-windows-gnu x86_64-pc-windows-msvc)
if command -v rustup >/dev/null 2>&1; then
    installed=$(rustup target list --installed)
    for t in "${targets[@]}"; do
        if ! grep -qx "$t" <<<"$installed"; then
            say "adding the Rust target $t ..."
            rustup target add "$t" >&2
        fi
    done
fi
[[ $tools_only -eq 0 ]] || exit 0

# --- the cuDNN DLLs ---------------------------------------------------------

# scripts/fetch-cudnn.sh prints CUDNN_WIN_8_BIN=... and CUDNN_WIN_9_BIN=...
# (and _VERSION) for `windows`; without those lines, the folders it would
# unpack to are used as they are.
fetched=
if fetched=$(bash "$script_dir/fetch-cudnn.sh" windows); then
    :
else
    say "scripts/fetch-cudnn.sh windows failed; looking for the DLLs in the cache"
    fetched=
fi
eval "$(grep -E '^CUDNN_WIN_[0-9]+_(BIN|VERSION)=' <<<"$fetched" || true)"
cache=${CUDNN_RS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/cudnn-rs}
: "${CUDNN_WIN_8_VERSION:=8.9.5.29}" "${CUDNN_WIN_9_VERSION:=9.28.0.42}"
: "${CUDNN_WIN_8_BIN:=$cache/win-$CUDNN_WIN_8_VERSION/bin}" "${CUDNN_WIN_9_BIN:=$cache/win-$CUDNN_WIN_9_VERSION/bin}"
[[ -f $CUDNN_WIN_8_BIN/cudnn64_8.dll ]] || die "no cudnn64_8.dll in $CUDNN_WIN_8_BIN (run: bash scripts/fetch-cudnn.sh windows)"
[[ -f $CUDNN_WIN_9_BIN/cudnn64_9.dll ]] || die "no cudnn64_9.dll in $CUDNN_WIN_9_BIN (run: bash scripts/fetch-cudnn.sh windows)"
CUDNN_WIN_8_BIN=$(cd "$CUDNN_WIN_8_BIN" && pwd)
CUDNN_WIN_9_BIN=$(cd "$CUDNN_WIN_9_BIN" && pwd)

# --- the Wine prefix --------------------------------------------------------

export CUDNN_WINE=$wine
export CUDNN_WINE_PREFIX=${CUDNN_WINE_PREFIX:-${XDG_CACHE_HOME:-$HOME/.cache}/cudnn-rs/wine-prefix}
export WINEPREFIX=$CUDNN_WINE_PREFIX WINEARCH=win64 WINEDEBUG=-all
export WINEDLLOVERRIDES="mscoree,mshtml=;winedbg.exe=d"
mkdir -p "$(dirname "$WINEPREFIX")"

# One run at a time per prefix: the wineserver is shared and shut down at
# the end.
if command -v flock >/dev/null 2>&1; then
    exec 8>"$WINEPREFIX.lock"
    if ! flock -n 8; then
        say "waiting for another test-windows.sh to finish with $WINEPREFIX ..."
        flock 8
    fi
fi

# shellcheck disable=SC2329 # called by the trap
stop_wine() { "$wineserver" -k >/dev/null 2>&1 || true; }
trap stop_wine EXIT

# Every Wine program writes into files, never into this script's output: the
# services Wine starts with the first program inherit its output and live as
# long as the wineserver, so a pipe they hold would never close.
if [[ ! -f $WINEPREFIX/system.reg ]]; then
    say "making the Wine prefix $WINEPREFIX (once) ..."
    if ! (unset DISPLAY WAYLAND_DISPLAY && timeout 600 "$wine" wineboot -i) </dev/null >>"$build_log" 2>&1; then
        rm -rf "$WINEPREFIX"
        die "wineboot -i failed (see $build_log)"
    fi
fi
[[ $(readlink "$WINEPREFIX/dosdevices/z:" || true) == / ]] \
    || die "drive Z: of $WINEPREFIX is not the root folder; delete the prefix to have it made again"

# Wine 8.0 has no bcryptprimitives.dll; Rust programs import ProcessPrng from it.
stub_dir=$(dirname "$WINEPREFIX")/wine-build
stub=$stub_dir/bcryptprimitives.dll
if [[ ! -f $stub || $script_dir/wine/bcryptprimitives.c -nt $stub || $script_dir/wine/bcryptprimitives.def -nt $stub ]]; then
    mkdir -p "$stub_dir"
    x86_64-w64-mingw32-gcc -shared -O2 -s -Wall -Wextra -o "$stub.part" \
        "$script_dir/wine/bcryptprimitives.c" "$script_dir/wine/bcryptprimitives.def" -ladvapi32 >&2
    mv "$stub.part" "$stub"
fi
system32=$WINEPREFIX/drive_c/windows/system32
cmp -s "$stub" "$system32/bcryptprimitives.dll" || cp "$stub" "$system32/bcryptprimitives.dll"

# A wineserver that stays up for the whole run (each program would otherwise
# start one and its services, about 3 s), with its services started now. One
# still running here (left by wineboot) is stopped first: the prefix is ours
# while the lock is held.
stop_wine
"$wineserver" -w </dev/null >/dev/null 2>&1 || true
"$wineserver" -p </dev/null >/dev/null 2>&1
(unset DISPLAY WAYLAND_DISPLAY && timeout 120 "$wine" cmd /c exit) </dev/null >>"$build_log" 2>&1 \
    || die "Wine cannot run a program in $WINEPREFIX (see $build_log)"

# A Linux path as the Windows programs see it: drive Z: is the root folder.
windows_path() { printf 'Z:%s' "${1//\//\\}"; }
win8=$(windows_path "$CUDNN_WIN_8_BIN")
win9=$(windows_path "$CUDNN_WIN_9_BIN")

# --- build ------------------------------------------------------------------

export CARGO_TERM_COLOR=${CARGO_TERM_COLOR:-never}
export CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER=x86_64-w64-mingw32-gcc
export CARGO_TARGET_X86_64_PC_WINDOWS_GNU_RUNNER=$script_dir/wine/run.sh
target_dir=$(cargo metadata --format-version 1 --no-deps \
    | python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')

# run LOG COMMAND...: runs a command with its output appended to LOG and
# shown as it comes; returns the command's status.
run() {
    local log=$1 rc=0 pid from
    shift
    echo "+ $*" >>"$log"
    from=$(($(stat -c %s "$log") + 1))
    "$@" </dev/null >>"$log" 2>&1 &
    pid=$!
    tail -c "+$from" -f --pid="$pid" "$log" 2>/dev/null &
    wait "$pid" || rc=$?
    wait || true
    return "$rc"
}

build_failed=0
echo "=== Windows: build (log: ${build_log#"$repo"/}) ==="
if ! run "$build_log" cargo check --target x86_64-pc-windows-msvc -p cudnn-rs -p cudnn-rs-sys -p cudnn-doctor --all-targets; then
    echo "cargo check for x86_64-pc-windows-msvc failed"
    build_failed=1
fi
if ! run "$build_log" cargo build --target x86_64-pc-windows-gnu -p cudnn-doctor --bin cudnn-doctor; then
    echo "building cudnn-doctor for x86_64-pc-windows-gnu failed"
    build_failed=1
fi
# cargo's own arguments among the extra ones are those before a `--`.
has_arg() { # has_arg PATTERN...: does one of cargo's arguments match a pattern?
    local a p
    for a in "${cargo_args[@]+"${cargo_args[@]}"}"; do
        [[ $a == -- ]] && return 1
        for p in "$@"; do
            # shellcheck disable=SC2053
            [[ $a == $p ]] && return 0
        done
    done
    return 1
}
# `--workspace` would override a `-p`, and a target selection of the caller
# replaces the default one (the test binaries; no doctests, no benches).
# The candle bridge is not built for Windows here.
scope=(--workspace --exclude xtask --exclude cudnn-rs-candle)
if has_arg -p '-p?*' --package '--package=*'; then
    scope=()
fi
selection=(--lib --bins --tests)
if has_arg --lib --bins '--bin' '--bin=*' --tests '--test' '--test=*' --examples '--example' \
    '--example=*' --benches '--bench' '--bench=*' --all-targets --doc; then
    selection=()
fi
# Every test binary runs even when one fails, so that the counts are complete.
fail_fast=(--no-fail-fast)
if has_arg --no-fail-fast; then
    fail_fast=()
fi
test_base=(cargo test --target x86_64-pc-windows-gnu "${scope[@]+"${scope[@]}"}"
    "${selection[@]+"${selection[@]}"}" "${fail_fast[@]+"${fail_fast[@]}"}")
test_cmd=("${test_base[@]}" "${cargo_args[@]+"${cargo_args[@]}"}")
if [[ $doctor_only -eq 0 ]] && ! run "$build_log" "${test_base[@]}" --no-run "${cargo_args[@]+"${cargo_args[@]}"}"; then
    echo "building the tests for x86_64-pc-windows-gnu failed"
    build_failed=1
fi
doctor=$target_dir/x86_64-pc-windows-gnu/debug/cudnn-doctor.exe

# --- run --------------------------------------------------------------------

# libtest prints one "test result: ok. 3 passed; 0 failed; 1 ignored; ..." per
# binary; a binary that cargo started ("Running ...") but that ended without
# that line (killed, or a crash in a DLL) counts as one failure.
count() {
    awk '
        /^ +Running / { if (open && !done) f++; open = 1; done = 0 }
        /^test result: / {
            done = 1
            for (k = 1; k <= NF; k++) {
                w = $(k + 1); sub(/[;,]$/, "", w)
                if (w == "passed") p += $k
                if (w == "failed") f += $k
                if (w == "ignored") i += $k
            }
        }
        END { if (open && !done) f++; printf "%d %d %d\n", p, f, i }' "$1"
}

# check_doctor JSON VERSION FOLDER: the doctor's JSON report names the cuDNN
# of FOLDER, at VERSION, as loaded, and finds no error but the missing GPU
# (the install is complete and nothing else is wrong with it).
# shellcheck disable=SC2329 # called through run
check_doctor() {
    python3 - "$@" <<'PY'
import json, sys
path, want, folder = sys.argv[1:4]
try:
    with open(path, encoding="utf-8") as f:
        report = json.load(f)
except (OSError, ValueError) as e:
    sys.exit(f"the doctor's --json output is not JSON: {e}")
loaded = report.get("loaded") or {}
if loaded.get("version") != want:
    sys.exit(f"the doctor says loaded {loaded!r}; expected cuDNN {want}")
if not str(loaded.get("path", "")).lower().startswith(folder.lower() + "\\"):
    sys.exit(f"the doctor loaded {loaded.get('path')!r}, not a file of {folder}")
errors = [f.get("code") for f in report.get("findings", []) if f.get("severity") == "error"]
print(f"doctor: loaded {loaded['path']} ({want}); error findings: {errors}")
unexpected = [e for e in errors if e != "no-gpu"]
if unexpected:
    sys.exit(f"the doctor finds errors besides no-gpu: {unexpected}")
PY
}

# check_python JSON ENV: `cudnn-doctor --python ENV --json` found PyTorch's
# cuDNN 8.9.5 in torch\lib and the 9.28 wheel in nvidia\cudnn\bin (their
# versions read from the DLLs' version resources), says PyTorch loads its
# own, and warns of the two majors.
# shellcheck disable=SC2329 # called through run
check_python() {
    python3 - "$@" <<'PY'
import json, sys
path, env = sys.argv[1:3]
try:
    with open(path, encoding="utf-8") as f:
        report = json.load(f)
except (OSError, ValueError) as e:
    sys.exit(f"cudnn-doctor --python's --json output is not JSON: {e}")
copies = {c["folder"].lower(): c for c in report.get("copies", [])}
torch = env.lower() + "\\lib\\site-packages\\torch\\lib"
wheel = env.lower() + "\\lib\\site-packages\\nvidia\\cudnn\\bin"
for folder, kind, version, cuda in ((torch, "torch-bundled", "8.9.5", 11), (wheel, "nvidia-wheel", "9.28.0", 12)):
    c = copies.get(folder)
    if c is None:
        sys.exit(f"no copy in {folder}: {list(copies)}")
    if (c["kind"], c["version"], c["cuda_major"]) != (kind, version, cuda):
        sys.exit(f"{folder}: {c['kind']} {c['version']} CUDA {c['cuda_major']}; expected {kind} {version} CUDA {cuda}")
torch_choice = [f for f in report.get("frameworks", []) if f["framework"] == "PyTorch"]
if not torch_choice or str(torch_choice[0].get("loads", "")).lower() != torch:
    sys.exit(f"PyTorch should load {torch}: {torch_choice}")
codes = [f["code"] for f in report.get("findings", [])]
if "python-cudnn-majors" not in codes or "python-mixed-sublibraries" in codes:
    sys.exit(f"findings: {codes}; expected python-cudnn-majors and no mixed folder")
print(f"cudnn-doctor --python: torch\\lib 8.9.5, the wheel 9.28.0, PyTorch loads its own; findings: {codes}")
PY
}

# A Windows Python environment (as pip lays one out; the DLLs are links to
# NVIDIA's): PyTorch with its own cuDNN 8.9.5 DLLs in torch\lib, and the
# nvidia-cudnn-cu12 9.28 wheel.
py_tmp=$(mktemp -d)
trap 'rm -rf "$py_tmp"; stop_wine' EXIT
py_env=$py_tmp/env
sp=$py_env/Lib/site-packages
mkdir -p "$sp/torch/lib" "$sp/nvidia/cudnn/bin" "$sp/torch-2.0.1+cu118.dist-info" \
    "$sp/nvidia_cudnn_cu12-$CUDNN_WIN_9_VERSION.dist-info"
: >"$py_env/python.exe"
ln -s "$CUDNN_WIN_8_BIN"/*.dll "$sp/torch/lib/"
ln -s "$CUDNN_WIN_9_BIN"/*.dll "$sp/nvidia/cudnn/bin/"

any_failed=$build_failed
summary=()
for major in 8 9; do
    version_var=CUDNN_WIN_${major}_VERSION
    version=${!version_var}
    expect=$(cut -d. -f1-3 <<<"$version")
    if [[ $major == 8 ]]; then folder=$win8; else folder=$win9; fi
    label="Windows cuDNN $version (Wine)"
    extra_env=()
    if [[ $on_path -eq 1 ]]; then
        label="Windows cuDNN $version (Wine, DLL folder on PATH)"
        extra_env=("WINEPATH=$folder")
    fi
    log=$log_dir/windows-$version.log
    : >"$log"
    echo
    echo "=== $label (log: ${log#"$repo"/}) ==="
    run_env=(env "CUDNN_WINE_LIB_DIR=$folder" "${extra_env[@]+"${extra_env[@]}"}")

    doctor_ok=0
    if [[ -f $doctor ]]; then
        # The text report, for the log; then the JSON one, checked.
        run "$log" "${run_env[@]}" "$script_dir/wine/run.sh" "$doctor" || echo "(the doctor exited with status $?)" >>"$log"
        json=$log_dir/windows-$version-doctor.json
        "${run_env[@]}" "$script_dir/wine/run.sh" "$doctor" --json </dev/null >"$json" 2>>"$log" || true
        if run "$log" check_doctor "$json" "$expect" "$folder"; then
            doctor_ok=1
        fi
    else
        echo "no cudnn-doctor.exe was built" | tee -a "$log"
    fi

    python_ok=1
    if [[ $major == 9 ]]; then
        python_ok=0
        if [[ -f $doctor ]]; then
            json=$log_dir/windows-python-env.json
            "${run_env[@]}" "$script_dir/wine/run.sh" "$doctor" --python "$(windows_path "$py_env")" --json \
                </dev/null >"$json" 2>>"$log" || true
            if run "$log" check_python "$json" "$(windows_path "$py_env")"; then
                python_ok=1
            fi
        fi
    fi

    rc=0
    if [[ $doctor_only -eq 0 ]]; then
        run "$log" "${run_env[@]}" CUDNN_TEST_REQUIRE=1 CUDNN_TEST_EXPECT_VERSION="$expect" \
            CUDNN_TEST_EXPECT_CUDA_MAJOR=12 CUDNN_WIN_8_BIN="$win8" CUDNN_WIN_9_BIN="$win9" \
            "${test_cmd[@]}" || rc=$?
    fi
    read -r p f i < <(count "$log")
    if [[ $doctor_ok -eq 1 ]]; then p=$((p + 1)); else f=$((f + 1)); fi
    if [[ $major == 9 ]]; then
        if [[ $python_ok -eq 1 ]]; then p=$((p + 1)); else f=$((f + 1)); fi
    fi
    if [[ $rc -ne 0 && $f -eq 0 ]]; then
        echo "cargo test exited with status $rc without a failing test; counted as 1 failure" | tee -a "$log"
        f=1
    fi
    [[ $f -eq 0 ]] || any_failed=1
    summary+=("$label: $p passed, $f failed, $i ignored")
done

echo
echo "=== Windows summary (logs in ${log_dir#"$repo"/}/, ${SECONDS}s) ==="
if [[ $build_failed -ne 0 ]]; then
    echo "the build failed (see ${build_log#"$repo"/})"
fi
printf '%s\n' "${summary[@]}"
exit "$any_failed"
