#!/usr/bin/env bash
# The GPU tests, examples and benches, carried to a machine with an NVIDIA GPU
# but no Rust toolchain, and run there in phases under a time budget.
#
# Where cargo is (this checkout):
#
#   scripts/gpu-test.sh bundle [--all] <dir>
#
#   builds, in release, the binaries that BUNDLE (below) names: the test
#   binary `gpu` (cudnn/tests/gpu/main.rs: every cudnn/tests/*_gpu.rs), the
#   test binaries whose other files hold a GPU test, the examples and the
#   benches that need a GPU, and the candle bridge's GPU tests and example
#   (BRIDGE, in the environment of scripts/lib/candle-env.sh, which fetches
#   nvcc and the CUDA 13 libraries into the user's cache; built for CUDA 13
#   and checked to load only CUDA 13's libraries); strips their
#   symbols into <dir>/bin/ (files over 16 MiB, the bridge's, xz-compressed:
#   `run` unpacks them), with a MANIFEST, BUILD-INFO and this script as
#   <dir>/gpu-test.sh. It fails when
#   a file holding `#[ignore = "needs a CUDA GPU"]` is not in the bundle, and
#   when the bundle exceeds GPU_BUNDLE_MAX_MIB (48). `--all` adds every test
#   binary of the workspace, for `run --all`, with no size limit.
#   Another crate's GPU test binary: one line in BUNDLE, "test <package>
#   <test target>". The run gives its ignored tests a phase of their own
#   ("rest") until a `phase`/`row` in plan() names them.
#
# On the GPU machine (glibc at least as new as the bundling machine's):
#
#   <dir>/gpu-test.sh run [--phases a,b] [--budget S] [--force] [--all] [<dir>]
#
#   runs only the GPU tests (`--ignored`, one test at a time) and the
#   examples and benches, in the phases of plan(), most telling first:
#   cudnn-doctor and DeviceProperties::from_handle; the first graph execute; the
#   rest of graph_gpu; norms and attention; cudnn::nn; the launch layer and
#   the handle; the legacy families; LeNet; the attention example and the
#   SDPA and conv benches (quick settings); the candle bridge. Every row is a process of its own
#   (a crash or a poisoned context ends that process only; after a crash the
#   row goes on from the next test), under its phase's limit and the whole
#   run's budget (--budget, GPU_TEST_BUDGET_S, default 480 s). A failed test
#   (GPU_TEST_RERUNS of them per row, default 4) or program is run again
#   alone with cuDNN's log on (CUDNN_LOGLEVEL_DBG=2, CUDNN_LOGERR_DBG=1,
#   CUDNN_LOGWARN_DBG=1), which tells a real failure from a victim of an
#   earlier test's poisoned context. cuDNN, cuBLASLt and NVRTC come from
#   CUDNN_LIB_DIR and GPU_TEST_LIB_DIRS (colon-separated), else from the
#   nvidia-* wheels of python3 (nvidia/cudnn/lib, nvidia/cublas/lib,
#   nvidia/cuda_nvrtc/lib, nvidia/cu13/lib), put on LD_LIBRARY_PATH; their
#   versions are printed. Written under ${OUT:-<dir>/logs} as the run goes:
#   gpu-table.md (the results table, rewritten after every row), gpu-run.log
#   (every process's output, appended; at most 15 MiB), and the benches'
#   conv_algos.json and sdpa.json. Exit status 0 when everything passed.
#   Without a GPU (or without a CUDA driver) each test row lists its tests,
#   each program runs and must say that there is no GPU, and the row reads
#   "no GPU": the run ends in seconds, exit status 0 when every row did so.
#   --force runs the tests anyway (they fail; this exercises the reruns).
#   --phases runs only the phases named; `run --plan` prints the plan.
#   --all runs every test binary of the bundle with --include-ignored, and
#   cudnn-doctor and the lenet_digits example (a bundle made with `bundle --all`).
#
# With the device tool, from the root of a checkout where
# `scripts/gpu-test.sh bundle gpu-bundle` was run (/gpu-bundle is ignored):
#
#   carry:     ["gpu-bundle"]
#   command:   bash gpu-bundle/gpu-test.sh run gpu-bundle
#   timeout_s: 540
#
#   The bundle must be inside the checkout the session sends (its size is
#   printed; with the tracked files it must stay under the 64 MiB carried).
#   $OUT gets gpu-table.md, gpu-run.log, conv_algos.json and sdpa.json (4
#   of the 8 files that come back), by 480 s at the latest; the output's
#   tail ends with the table. That leaves about 5 of the 15 minutes for a
#   second, warm call within 30 s, e.g. for the phases that failed:
#   command: bash gpu-bundle/gpu-test.sh run --phases graph,nn --budget 150 gpu-bundle
#   timeout_s: 200
#   (`CUDNN_LIB_DIR=<folder> bash ...` runs against another cuDNN; the
#   doctor's output lists the copies it finds.)
set -euo pipefail

die() { printf 'gpu-test: error: %s\n' "$*" >&2; exit 1; }
usage() { sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//' >&2; }

self=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/$(basename "${BASH_SOURCE[0]}")

# What the bundle carries: "<kind> <package> <target>", kind test, bin (a
# package's program), example or bench. A test binary is
# bin/<package>.<target>, a program, an example or a bench bin/<target>.
BUNDLE=(
    "test cudnn-rs gpu"
    "test cudnn-rs graph_device"
    "test cudnn-rs host_functions"
    "test cudnn-rs plan_files"
    "test cudnn-rs-examples lenet_gpu"
    "bin cudnn-doctor cudnn-doctor"
    "example cudnn-rs-examples lenet_digits"
    "example cudnn-rs-examples attention"
    "bench cudnn-rs-examples conv_algos"
    "bench cudnn-rs-examples sdpa"
)
# The candle bridge's (cudnn-candle/): built with its `cuda` feature in the
# environment of scripts/lib/candle-env.sh, for CUDA 13 (nvcc 13.0, cudarc's
# CUDA 13.0 bindings, linked to the CUDA 13 wheels' cuBLAS, cuRAND, NVRTC
# and runtime, and to a stub of libcuda that is not bundled), which the GPU
# machine's driver (580) and python3's nvidia-* CUDA 13 wheels
# (nvidia/cu13/lib) serve. `bundle` checks that they load nothing else
# (scripts/check-bridge-libs.sh); they bind the driver's functions lazily,
# so that without a GPU they start beside an older libcuda and say so.
BRIDGE=(
    "test cudnn-rs-candle gpu"
    "example cudnn-rs-candle lenet_candle"
)

# The phases, most telling first. `phase NAME LIMIT_S WHAT`; then its rows:
# `row test BINARY PATTERN...` runs the ignored tests whose names match a
# glob PATTERN and no `!PATTERN`; `row bin|example|bench NAME [VAR=VALUE...]
# [-- ARG...]` runs a program with that environment and those arguments.
plan() {
    phase doctor 60 "cudnn-doctor (a convolution on the GPU), DeviceProperties::from_handle"
    row bin cudnn-doctor
    row test cudnn-rs.graph_device the_gpu_describes_itself_through_a_handle
    phase graph-first 90 "the first graph execute"
    row test cudnn-rs.gpu graph_gpu::conv_bias_relu_matches_the_reference
    phase graph 150 "the rest of graph_gpu"
    row test cudnn-rs.gpu 'graph_gpu::*' '!graph_gpu::conv_bias_relu_matches_the_reference'
    row test cudnn-rs.plan_files every_operation_kind_round_trips_its_json_on_a_gpu
    phase norm-attention 120 "norm, SDPA and RoPE graphs"
    row test cudnn-rs.gpu 'graph_norm_attention_gpu::*'
    phase nn 120 "cudnn::nn"
    row test cudnn-rs.gpu 'nn_gpu::*'
    phase launch-handle 60 "the launch layer and the handle"
    row test cudnn-rs.gpu 'launch_gpu::*'
    row test cudnn-rs.gpu 'handle_gpu::*'
    row test cudnn-rs.gpu 'raw_view_gpu::*'
    row test cudnn-rs.host_functions creating_a_handle_on_a_gpu
    phase legacy 180 "the legacy families"
    row test cudnn-rs.gpu 'conv_gpu::*'
    row test cudnn-rs.gpu 'ops_gpu::*'
    row test cudnn-rs.gpu 'ctc_gpu::*'
    row test cudnn-rs.gpu 'causal_conv1d_gpu::*'
    row test cudnn-rs.gpu 'norm_gpu::*'
    row test cudnn-rs.gpu 'rnn_gpu::*'
    phase lenet 150 "the LeNet example and its GPU test"
    row example lenet_digits
    row test cudnn-rs-examples.lenet_gpu '*'
    phase examples-benches 150 "the attention example, the SDPA and conv benches (quick)"
    row example attention
    row bench sdpa CUDNN_BENCH_REQUIRE=1 SDPA_BENCH_QUICK=1 SDPA_BENCH_SHAPES=1 \
        SDPA_BENCH_BUDGET_S=30 -- --bench
    row bench conv_algos CUDNN_BENCH_REQUIRE=1 CONV_BENCH_QUICK=1 CONV_BENCH_SHAPES=2,14 \
        CONV_BENCH_DTYPES=fp16 CONV_BENCH_LAYOUTS=nhwc CONV_BENCH_BUDGET_S=40 -- --bench
    phase candle 150 "the candle bridge: its ops against candle's CUDA ops and the CPU references; lenet_candle"
    row test cudnn-rs-candle.gpu '*'
    row example lenet_candle
}

# What a program prints when it finds no GPU or no CUDA driver.
NO_GPU_SAID='no-gpu|no CUDA GPU|needs a CUDA GPU|no usable GPU|no NVIDIA driver|loading libcuda failed'


# ---------------------------------------------------------------- bundle --

# check_coverage METADATA: every test file holding a GPU test is the root of
# a bundled test target or a `#[path]` module of one, and a file built as
# such a module is not also a test target of its own that `cargo test` runs.
check_coverage() {
    python3 - "$1" "${BUNDLE[@]}" "${BRIDGE[@]}" <<'PY'
import json, os, re, sys

meta = json.load(open(sys.argv[1]))
wanted = {tuple(e.split()[1:]) for e in sys.argv[2:] if e.split()[0] == "test"}
gpu_attr = re.compile(r'^\s*#\[ignore\s*=\s*"needs a CUDA GPU"\]', re.M)
path_mod = re.compile(r'^\s*#\[path\s*=\s*"([^"]+)"\]', re.M)
covered, own_targets, problems = {}, {}, []
for pkg in meta["packages"]:
    for t in pkg["targets"]:
        if "test" not in t["kind"]:
            continue
        src = os.path.realpath(t["src_path"])
        own_targets[src] = (pkg["name"], t["name"], t.get("test", True))
        if (pkg["name"], t["name"]) not in wanted:
            continue
        covered[src] = f"{pkg['name']} {t['name']}"
        text = open(src).read()
        for rel in path_mod.findall(text):
            covered[os.path.realpath(os.path.join(os.path.dirname(src), rel))] = f"{pkg['name']} {t['name']}"
for pkg in meta["packages"]:
    tests = os.path.join(os.path.dirname(pkg["manifest_path"]), "tests")
    for root, _, files in os.walk(tests):
        for f in sorted(files):
            path = os.path.realpath(os.path.join(root, f))
            if not f.endswith(".rs") or not gpu_attr.search(open(path).read()):
                continue
            rel = os.path.relpath(path)
            if path not in covered:
                problems.append(f"{rel} holds GPU tests but is in no bundled binary: add it to "
                                "cudnn/tests/gpu/main.rs (a cudnn/tests/*_gpu.rs file), or its "
                                "test target to BUNDLE in scripts/gpu-test.sh")
            elif path in own_targets and own_targets[path][2] and covered[path] != " ".join(own_targets[path][:2]):
                problems.append(f"{rel} is built twice by `cargo test`: give its [[test]] "
                                "`test = false` (it is a module of " + covered[path] + ")")
for p in problems:
    print("gpu-test: " + p, file=sys.stderr)
sys.exit(1 if problems else 0)
PY
}

# collect TMP OUTDIR ALL: copies the executables that cargo's JSON messages
# in TMP/*.json name into OUTDIR/bin and writes OUTDIR/MANIFEST
# ("<kind>\t<name>" lines). ALL=1 takes every test binary.
collect() {
    python3 - "$1" "$2" "$3" "${BUNDLE[@]}" "${BRIDGE[@]}" <<'PY'
import json, os, shutil, sys

tmp, outdir, take_all = sys.argv[1], sys.argv[2], sys.argv[3] == "1"
wanted = [tuple(e.split()) for e in sys.argv[4:]]
names = {p["id"]: p["name"] for p in json.load(open(os.path.join(tmp, "metadata.json")))["packages"]}
found = {}
for part in ("tests", "examples", "benches"):
    for line in open(os.path.join(tmp, part + ".json")):
        if not line.startswith("{"):
            continue
        msg = json.loads(line)
        if msg.get("reason") != "compiler-artifact" or not msg.get("executable"):
            continue
        kind = msg["target"]["kind"][0]
        kind = {"lib": "test", "test": "test", "bin": "bin", "example": "example", "bench": "bench"}.get(kind)
        if kind is None or (part == "tests") != (kind == "test"):
            continue
        pkg = names.get(msg["package_id"], "?")
        target = msg["target"]["name"] if msg["target"]["kind"][0] != "lib" else "lib"
        found[(kind, pkg, target)] = msg["executable"]
order = list(wanted)
if take_all:
    order += sorted(k for k in found if k[0] == "test" and k not in wanted)
manifest, missing = [], []
for key in order:
    kind, pkg, target = key
    if key not in found:
        missing.append(" ".join(key))
        continue
    name = f"{pkg}.{target}" if kind == "test" else target
    shutil.copy2(found[key], os.path.join(outdir, "bin", name))
    manifest.append(f"{kind}\t{name}")
    print(f"  {kind:7} bin/{name}  <- {os.path.relpath(found[key])}")
if missing:
    sys.exit("cargo built no binary for: " + ", ".join(missing))
open(os.path.join(outdir, "MANIFEST"), "w").write("\n".join(manifest) + "\n")
PY
}

# strip_all DIR: strips the symbols of every file in DIR.
strip_all() {
    local tool f
    for tool in strip llvm-strip; do
        command -v "$tool" >/dev/null 2>&1 && break
        tool=
    done
    [[ -n $tool ]] || die "no strip or llvm-strip on PATH (binutils); the bundle would be too large"
    for f in "$1"/*; do
        "$tool" --strip-all "$f"
    done
}

# compress_large DIR: xz-compresses every file of DIR over
# GPU_BUNDLE_XZ_MIB (16) MiB into FILE.xz (the candle bridge's binaries
# embed candle's kernels as PTX text: 50 MiB each, 6 MiB compressed);
# `run` unpacks them.
compress_large() {
    local f limit=$((${GPU_BUNDLE_XZ_MIB:-16} * 1048576))
    for f in "$1"/*; do
        [[ -f $f && $f != *.xz ]] || continue
        (($(stat -c %s "$f") > limit)) || continue
        command -v xz >/dev/null 2>&1 || die "xz is needed to compress $f (apt-get install xz-utils)"
        xz -T0 -6 -f "$f" || die "xz failed on $f"
        echo "  compressed bin/$(basename "$f").xz: $(stat -c %s "$f.xz") bytes"
    done
}

# unpack_compressed DIR: bin/FILE.xz of the bundle DIR unpacked into
# bin/FILE (xz, else python3's lzma), once.
unpack_compressed() {
    local f plain
    for f in "$1"/bin/*.xz; do
        [[ -f $f ]] || continue
        plain=${f%.xz}
        [[ -x $plain ]] && continue
        if command -v xz >/dev/null 2>&1; then
            xz -dc "$f" >"$plain.part" || die "could not unpack $f"
        else
            python3 -c 'import lzma, shutil, sys; shutil.copyfileobj(lzma.open(sys.argv[1]), open(sys.argv[2], "wb"))' \
                "$f" "$plain.part" || die "could not unpack $f (no xz, and python3's lzma failed)"
        fi
        chmod +x "$plain.part"
        mv "$plain.part" "$plain"
    done
}

bundle() {
    local all=0 outdir=
    while [[ $# -gt 0 ]]; do
        case $1 in
            --all) all=1 ;;
            -*) die "bundle: unknown option $1" ;;
            *) [[ -z $outdir ]] || die "usage: $0 bundle [--all] <dir>"; outdir=$1 ;;
        esac
        shift
    done
    [[ -n $outdir ]] || die "usage: $0 bundle [--all] <dir>"
    command -v cargo >/dev/null 2>&1 || die "bundle needs cargo (run it where the Rust toolchain is)"
    command -v python3 >/dev/null 2>&1 || die "bundle needs python3 (to read cargo's JSON messages)"
    local repo start=$SECONDS
    repo=$(git -C "$(dirname "$self")" rev-parse --show-toplevel 2>/dev/null || (cd "$(dirname "$self")/.." && pwd))
    mkdir -p "$outdir"
    outdir=$(cd "$outdir" && pwd)
    cd "$repo"
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT

    cargo metadata --format-version 1 --no-deps >"$tmp/metadata.json"
    check_coverage "$tmp/metadata.json" || die "the bundle would miss GPU tests (above)"
    # The same package selection as the CI's release builds and benches,
    # so that cargo reuses them.
    local scope=(--workspace --exclude xtask --exclude cudnn-rs-candle --message-format=json-render-diagnostics) sel=() e kind target
    local examples=() benches=()
    for e in "${BUNDLE[@]}"; do
        read -r kind _ target <<<"$e"
        case $kind in
            test) sel+=(--test "$target") ;;
            bin) examples+=(--bin "$target") ;;
            example) examples+=(--example "$target") ;;
            bench) benches+=(--bench "$target") ;;
            *) die "BUNDLE: unknown kind $kind in '$e'" ;;
        esac
    done
    [[ $all -eq 0 ]] || sel=()
    echo "== building the test binaries (release) =="
    cargo test "${scope[@]}" --release --no-run "${sel[@]+"${sel[@]}"}" >"$tmp/tests.json"
    echo "== building the programs and examples (release) =="
    cargo build "${scope[@]}" --release "${examples[@]}" >"$tmp/examples.json"
    echo "== building the benches (bench profile) =="
    cargo bench "${scope[@]}" --no-run "${benches[@]}" >"$tmp/benches.json"
    local bridge_tests=() bridge_examples=()
    for e in "${BRIDGE[@]}"; do
        read -r kind _ target <<<"$e"
        case $kind in
            test) bridge_tests+=(--test "$target") ;;
            example) bridge_examples+=(--example "$target") ;;
            *) die "BRIDGE: unknown kind $kind in '$e'" ;;
        esac
    done
    echo "== building the candle bridge's GPU tests and example (release; scripts/lib/candle-env.sh) =="
    (
        # shellcheck source=lib/candle-env.sh
        source "$repo/scripts/lib/candle-env.sh"
        local bridge=(-p cudnn-rs-candle --features cuda --release --message-format=json-render-diagnostics)
        cargo test "${bridge[@]}" --no-run "${bridge_tests[@]}" >>"$tmp/tests.json"
        cargo build "${bridge[@]}" "${bridge_examples[@]}" >>"$tmp/examples.json"
    ) || die "building the candle bridge failed"

    rm -rf "${outdir:?}/bin" "${outdir:?}/logs"
    mkdir -p "$outdir/bin"
    collect "$tmp" "$outdir" "$all"
    echo "== the candle bridge's libraries (scripts/check-bridge-libs.sh) =="
    local bridge_bins=() pkg
    for e in "${BRIDGE[@]}"; do
        read -r kind pkg target <<<"$e"
        [[ $kind == test ]] && bridge_bins+=("$outdir/bin/$pkg.$target") || bridge_bins+=("$outdir/bin/$target")
    done
    bash "$repo/scripts/check-bridge-libs.sh" "${bridge_bins[@]}" | sed "s|$outdir/||" \
        || die "the candle bridge's binaries load other libraries than CUDA 13's (above)"
    strip_all "$outdir/bin"
    compress_large "$outdir/bin"
    cp "$self" "$outdir/gpu-test.sh"
    chmod +x "$outdir/gpu-test.sh"
    {
        echo "commit: $(git rev-parse -q --verify HEAD 2>/dev/null || echo none)$([[ -z $(git status --porcelain 2>/dev/null) ]] || echo ' (+ uncommitted changes)')"
        echo "rustc: $(rustc -V)"
        echo "glibc: $(ldd --version 2>/dev/null | head -n1)"
        if command -v objdump >/dev/null 2>&1; then
            echo "needs: $(objdump -T "$outdir"/bin/* 2>/dev/null | grep -o 'GLIBC_[0-9.]*' | sort -uV | tail -n1) or newer"
        fi
        echo "built: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
        [[ $all -eq 0 ]] || echo "all: every test binary of the workspace"
    } >"$outdir/BUILD-INFO"
    local bytes mib max=${GPU_BUNDLE_MAX_MIB:-48}
    bytes=$(du -sb "$outdir" | cut -f1)
    mib=$(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1048576 }')
    echo "bundle: $outdir: $(grep -c '^test' "$outdir/MANIFEST") test binaries, $(grep -c -v '^test' "$outdir/MANIFEST" || true) programs, $bytes bytes ($mib MiB), built in $((SECONDS - start)) s"
    if [[ $all -eq 0 ]] && ((bytes > max * 1048576)); then
        die "the bundle is $mib MiB, more than GPU_BUNDLE_MAX_MIB=$max"
    fi
    echo "run it on the GPU machine with: bash $outdir/gpu-test.sh run"
}

# ------------------------------------------------------------------- run --

# The plan, as arrays: phase i has PH_NAME, PH_LIMIT, PH_WHAT; row j has
# R_PHASE (a phase index), R_KIND, R_BIN, R_SPEC (patterns, or the
# program's "VAR=VALUE ... -- ARG ...").
PH_NAME=() PH_LIMIT=() PH_WHAT=() R_PHASE=() R_KIND=() R_BIN=() R_SPEC=()
phase() { PH_NAME+=("$1") PH_LIMIT+=("$2") PH_WHAT+=("$3"); }
row() {
    local kind=$1 bin=$2
    shift 2
    R_PHASE+=($((${#PH_NAME[@]} - 1))) R_KIND+=("$kind") R_BIN+=("$bin") R_SPEC+=("$*")
}

# The whole run's clock and the current phase's end (bash SECONDS).
budget_end=0 phase_end=0
left() { # seconds left for the current row
    local end=$phase_end
    ((budget_end < end)) && end=$budget_end
    echo $((end - SECONDS))
}

# The Python that reads the machine (python3's ctypes: no package needed).
# PY_WHEEL_DIRS: the library folders of python3's nvidia-* wheels.
read -r -d '' PY_WHEEL_DIRS <<'PY' || true
import os
try:
    import nvidia
except ImportError:
    raise SystemExit
for base in list(nvidia.__path__):
    for sub in ("cudnn/lib", "cublas/lib", "cuda_nvrtc/lib", "cu13/lib", "cu12/lib"):
        if os.path.isdir(os.path.join(base, sub)):
            print(os.path.join(base, sub))
PY
# PY_VERSIONS: cuDNN, cuBLASLt and NVRTC as found on LD_LIBRARY_PATH, each
# asked for its version, and the wheels that hold them.
read -r -d '' PY_VERSIONS <<'PY' || true
import ctypes, glob, os
dirs = [d for d in os.environ.get("LD_LIBRARY_PATH", "").split(":") if d]
def first(pattern):
    for d in dirs:
        hits = sorted(p for p in glob.glob(os.path.join(d, pattern)) if not p.endswith(".so"))
        if hits:
            return hits[0]
    return None
def show(what, pattern, read):
    path = first(pattern)
    if path is None:
        print(f"{what}: none on LD_LIBRARY_PATH (the system's, if any)")
        return
    try:
        print(f"{what}: {read(ctypes.CDLL(path))} ({path})")
    except Exception as e:
        print(f"{what}: {path} (version not read: {e})")
def cudnn(lib):
    lib.cudnnGetVersion.restype = ctypes.c_size_t
    v = lib.cudnnGetVersion()
    if v >= 90000:
        return f"{v // 10000}.{v % 10000 // 100}.{v % 100}"
    return f"{v // 1000}.{v % 1000 // 100}.{v % 100}"
def cublaslt(lib):
    lib.cublasLtGetVersion.restype = ctypes.c_size_t
    v = lib.cublasLtGetVersion()
    return f"{v // 10000}.{v // 100 % 100}.{v % 100}"
def nvrtc(lib):
    a, b = ctypes.c_int(), ctypes.c_int()
    lib.nvrtcVersion(ctypes.byref(a), ctypes.byref(b))
    return f"{a.value}.{b.value}"
show("cuDNN", "libcudnn.so.*", cudnn)
show("cuBLASLt", "libcublasLt.so.*", cublaslt)
show("NVRTC", "libnvrtc.so.*", nvrtc)
try:
    from importlib import metadata
    names = ("nvidia-cudnn", "nvidia-cublas", "nvidia-cuda-nvrtc")
    wheels = sorted(f"{d.metadata['Name']} {d.version}" for d in metadata.distributions()
                    if (d.metadata["Name"] or "").lower().startswith(names))
    print("wheels: " + (", ".join(wheels) or "none"))
except Exception:
    pass
PY
# PY_GPU: "<device count> <what>" from the CUDA driver.
read -r -d '' PY_GPU <<'PY' || true
import ctypes, sys
def stop(why):
    print(0, why)
    sys.exit(0)
try:
    cu = ctypes.CDLL("libcuda.so.1")
except OSError as e:
    stop(f"no CUDA driver (libcuda.so.1: {e})")
r = cu.cuInit(0)
if r != 0:
    stop(f"cuInit failed: CUDA error {r}")
n, v = ctypes.c_int(), ctypes.c_int()
cu.cuDeviceGetCount(ctypes.byref(n))
cu.cuDriverGetVersion(ctypes.byref(v))
names = []
for i in range(n.value):
    dev, buf = ctypes.c_int(), ctypes.create_string_buffer(256)
    cu.cuDeviceGet(ctypes.byref(dev), i)
    cu.cuDeviceGetName(buf, 256, dev)
    names.append(buf.value.decode())
print(n.value, f"CUDA driver API {v.value // 1000}.{v.value % 1000 // 10}: " + ", ".join(names))
PY

# find_libraries: CUDNN_LIB_DIR and LD_LIBRARY_PATH from the environment or
# python3's nvidia-* wheels; prints what it uses.
find_libraries() {
    local py=${GPU_TEST_PYTHON:-python3} dirs=() d
    if [[ -n ${GPU_TEST_LIB_DIRS:-} ]]; then
        IFS=: read -ra dirs <<<"$GPU_TEST_LIB_DIRS"
    fi
    if command -v "$py" >/dev/null 2>&1; then
        while IFS= read -r d; do
            [[ -n $d ]] && dirs+=("$d")
        done < <(timeout 30 "$py" -c "$PY_WHEEL_DIRS" 2>/dev/null || true)
    fi
    if [[ -z ${CUDNN_LIB_DIR:-} ]]; then
        for d in "${dirs[@]+"${dirs[@]}"}"; do
            if compgen -G "$d/libcudnn.so.*" >/dev/null; then
                CUDNN_LIB_DIR=$d
                break
            fi
        done
    fi
    if [[ -n ${CUDNN_LIB_DIR:-} ]]; then
        [[ -d $CUDNN_LIB_DIR ]] || die "CUDNN_LIB_DIR=$CUDNN_LIB_DIR is not a folder"
        export CUDNN_LIB_DIR
        dirs=("$CUDNN_LIB_DIR" "${dirs[@]+"${dirs[@]}"}")
    fi
    local path=
    for d in "${dirs[@]+"${dirs[@]}"}"; do
        [[ :$path: == *:$d:* ]] || path=${path:+$path:}$d
    done
    export LD_LIBRARY_PATH=$path${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
    echo "CUDNN_LIB_DIR=${CUDNN_LIB_DIR:-(unset: the search of the crate)}"
    echo "LD_LIBRARY_PATH=$LD_LIBRARY_PATH"
    timeout 30 "$py" -c "$PY_VERSIONS" 2>&1 || echo "(no python3 to read the libraries' versions)"
}

# gpu_probe: prints "<device count> <what>"; 0 when there is no driver.
gpu_probe() {
    local out
    if out=$(timeout 30 "${GPU_TEST_PYTHON:-python3}" -c "$PY_GPU" 2>/dev/null); then
        echo "$out"
    elif command -v nvidia-smi >/dev/null 2>&1 && out=$(timeout 30 nvidia-smi -L 2>/dev/null); then
        echo "$(grep -c '^GPU ' <<<"$out") $(head -n1 <<<"$out")"
    else
        echo "0 no python3 to ask the driver, and no nvidia-smi"
    fi
}

# The results: the table's rows, its header lines, and the totals.
T_HEAD=() T_ROWS=() total_p=0 total_f=0 total_n=0 bad_rows=0 dry_tests=0 dry_programs=0
table_file='' log_file='' work='' dir='' mode='' out=''

write_table() {
    {
        printf '%s\n' "${T_HEAD[@]}"
        echo
        echo "| phase | binary | tests | listed | passed | failed | not run | s | exit | result |"
        echo "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |"
        printf '%s\n' "${T_ROWS[@]+"${T_ROWS[@]}"}"
        [[ $# -eq 0 ]] || printf '\n%s\n' "$@"
    } >"$table_file"
}

# add_row PHASE BIN TESTS LISTED PASSED FAILED NOTRUN SECONDS EXIT RESULT [COUNTS]
# COUNTS: what goes into the totals: all (default), none (a rerun, a dry
# run), passfail (a row that a next row continues).
add_row() {
    T_ROWS+=("| $1 | $2 | $3 | $4 | $5 | $6 | $7 | $8 | $9 | ${10} |")
    case ${11:-all} in
        all) total_p=$((total_p + $5)) total_f=$((total_f + $6)) total_n=$((total_n + $7)) ;;
        passfail) total_p=$((total_p + $5)) total_f=$((total_f + $6)) ;;
    esac
    printf '%-16s %-28s %-44.44s %3s listed %3s passed %3s failed %3s not run %4ss  %s\n' \
        "$1" "$2" "$3" "$4" "$5" "$6" "$7" "$8" "${10}"
    write_table
}

# append_log TITLE FILE: FILE's text into gpu-run.log, at most 2 MiB of it
# (its start and its end), and the log at most 15 MiB.
append_log() {
    local size total cap=$((2 << 20))
    size=$(stat -c %s "$2" 2>/dev/null || echo 0)
    total=$(stat -c %s "$log_file" 2>/dev/null || echo 0)
    {
        printf '\n===== %s =====\n' "$1"
        if ((total + size > 15 << 20)); then
            echo "[$size bytes left out: gpu-run.log has reached 15 MiB]"
        elif ((size > cap)); then
            head -c $((cap / 4)) "$2"
            printf '\n[... %d bytes left out ...]\n' $((size - cap))
            tail -c $((cap * 3 / 4)) "$2"
        else
            cat "$2"
        fi
    } >>"$log_file"
}

# execute TITLE LIMIT LOG VAR=VALUE... -- COMMAND...: runs COMMAND in the
# bundle folder under `timeout`, its output in LOG, then in gpu-run.log.
# Sets rc and secs.
rc=0 secs=0
execute() {
    local title=$1 limit=$2 log=$3 envs=()
    shift 3
    while [[ $1 != -- ]]; do envs+=("$1"); shift; done
    shift
    local t0=$SECONDS
    set +e
    # (The braces send the shell's own "Aborted" or "Segmentation fault"
    # into the log too.)
    { (cd "$dir" && timeout -k 5 "$limit" env "${envs[@]+"${envs[@]}"}" "$@") </dev/null >"$log" 2>&1; } 2>>"$log"
    rc=$?
    set -e
    secs=$((SECONDS - t0))
    append_log "$title (exit $rc, ${secs} s)" "$log"
}

# The cuDNN log for a rerun: its settings (cuDNN 8 and 9 read these).
cudnn_log_env() {
    echo CUDNN_LOGLEVEL_DBG=2 CUDNN_LOGERR_DBG=1 CUDNN_LOGWARN_DBG=1 "CUDNN_LOGDEST_DBG=$1"
}

# parse LOG: libtest's lines as "ok NAME", "failed NAME", "unclear NAME"
# (finished, its result not found), "started NAME" (begun, never finished)
# and "summary PASSED FAILED".
parse() {
    awk '
        /^test .* \.\.\. / {
            # A test begun while another one had not printed its result
            # (uncaptured output in between) means that one finished.
            if (pending != "") print "unclear", pending
            pending = ""
            name = $2; rest = substr($0, index($0, " ... ") + 5)
            if (rest ~ /^ok/) print "ok", name
            else if (rest ~ /^FAILED/) print "failed", name
            else if (rest !~ /^ignored/) pending = name
            next
        }
        pending != "" && /^ok$/ { print "ok", pending; pending = ""; next }
        pending != "" && /^FAILED$/ { print "failed", pending; pending = ""; next }
        /^---- .* stdout ----$/ { print "failed", $2 }
        /^test result: / {
            have = 1
            for (k = 1; k <= NF; k++) {
                w = $(k + 1); sub(/[;,]$/, "", w)
                if (w == "passed") p += $k
                if (w == "failed") f += $k
            }
        }
        END { if (pending != "") print "started", pending; if (have) print "summary", p + 0, f + 0 }
    ' "$1"
}

# result_of RC: the word for an exit status without libtest's summary.
result_of() {
    case $1 in
        124 | 137) echo "timed out" ;;
        *) if (($1 > 128)); then echo "crashed (signal $(($1 - 128)))"; else echo "ended early (exit $1)"; fi ;;
    esac
}

# failure_lines LOG: each failed test's panic message, for the console.
failure_lines() {
    grep -E -A1 "panicked at" "$1" | grep -v -- '^--$' | head -n 12 | sed 's/^/        | /' || true
}

# run_tests PHASE BIN LABEL NAMES...: the tests, then again after a crash
# from the next test, then each failure (at most GPU_TEST_RERUNS) alone
# with cuDNN's log.
run_tests() {
    local ph=$1 bin=$2 label=$3
    shift 3
    local names=("$@") failures=() resumes=0 n=0
    while [[ ${#names[@]} -gt 0 ]]; do
        local lim log
        lim=$(left)
        if ((lim < 3)); then
            add_row "$ph" "$bin" "$label" "${#names[@]}" 0 0 "${#names[@]}" 0 - "not run: no time left"
            bad_rows=$((bad_rows + 1))
            return
        fi
        n=$((n + 1)) log=$work/$ph.$n.log
        execute "[$ph] $bin $flag --exact ${names[*]}" "$lim" "$log" -- "bin/$bin" "$flag" --exact --test-threads=1 "${names[@]}"
        local kind name f2 p=0 f=0 summary=0 finished=() victim=
        while read -r kind name f2; do
            case $kind in
                ok) p=$((p + 1)) finished+=("$name") ;;
                failed) f=$((f + 1)) finished+=("$name") failures+=("$name") ;;
                unclear) finished+=("$name") ;;
                started) victim=$name ;;
                summary) summary=1 p=$name f=$f2 ;;
            esac
        done < <(parse "$log" | awk '!seen[$0]++')
        local result=ok
        if [[ $summary -eq 0 ]]; then
            result=$(result_of "$rc")
            [[ -n $victim ]] && { f=$((f + 1)) failures+=("$victim") result+=" in $victim"; }
        elif [[ $rc -ne 0 || $f -ne 0 ]]; then
            result=FAILED
        fi
        [[ $result == ok ]] || bad_rows=$((bad_rows + 1))
        # After a crash, the tests it kept from running go on in a process
        # of their own (three times at most).
        local rest=() x d skip
        if [[ $summary -eq 0 && -n $victim && $resumes -lt 3 ]]; then
            for x in "${names[@]}"; do
                skip=0
                for d in "${finished[@]+"${finished[@]}"}" "$victim"; do [[ $x == "$d" ]] && skip=1; done
                [[ $skip -eq 1 ]] || rest+=("$x")
            done
        fi
        add_row "$ph" "$bin" "$label" "${#names[@]}" "$p" "$f" $((${#names[@]} - p - f)) "$secs" "$rc" "$result" \
            "$([[ ${#rest[@]} -gt 0 ]] && echo passfail || echo all)"
        if [[ $result != ok ]]; then
            failure_lines "$log"
            [[ $summary -eq 1 ]] || tail -n 3 "$log" | sed 's/^/        | /'
        fi
        [[ ${#rest[@]} -gt 0 ]] || break
        names=("${rest[@]}") resumes=$((resumes + 1)) label="(after $victim)"
    done
    local i=0 t
    for t in "${failures[@]+"${failures[@]}"}"; do
        i=$((i + 1))
        ((i <= ${GPU_TEST_RERUNS:-4})) || break
        rerun_test "$ph" "$bin" "$t"
    done
}

# rerun_test PHASE BIN NAME: one test alone, with cuDNN's log.
rerun_test() {
    local lim log clog
    lim=$(left)
    ((lim > 60)) && lim=60
    ((lim >= 3)) || return 0
    log=$work/$1.rerun.log clog=$work/cudnn-$1.log
    rm -f "$clog"
    # shellcheck disable=SC2046
    execute "[$1] rerun alone with cuDNN's log: $2 $3" "$lim" "$log" $(cudnn_log_env "$clog") -- \
        "bin/$2" "$flag" --exact --test-threads=1 "$3"
    local p=0 f=1 result
    if grep -q '^test result: ok' "$log"; then p=1 f=0 result="ok alone"; else result="FAILED alone"; fi
    add_row "$1 (rerun)" "$2" "$3" 1 "$p" "$f" 0 "$secs" "$rc" "$result; $(cudnn_log "[$1] $3" "$clog")" none
}

# cudnn_log TITLE FILE: FILE (cuDNN's log) into gpu-run.log; says where.
cudnn_log() {
    if [[ -s $2 ]]; then
        append_log "$1: cuDNN's log" "$2"
        echo "cuDNN's log in gpu-run.log"
    else
        echo "cuDNN logged nothing"
    fi
}

# run_program PHASE KIND NAME SPEC: a program, an example or a bench
# ("VAR=VALUE ... -- ARG ..."); on a GPU it passes with exit 0 (a failed
# program or example runs again
# with cuDNN's log; a bench's results file says what failed), without one
# it must say so.
run_program() {
    local ph=$1 kind=$2 name=$3 spec=${4:--} envs=() args=() words=() w seen_dashes=0
    read -ra words <<<"$4"
    for w in "${words[@]+"${words[@]}"}"; do
        if [[ $w == -- ]]; then seen_dashes=1
        elif [[ $seen_dashes -eq 1 ]]; then args+=("$w")
        else envs+=("$w"); fi
    done
    local lim log=$work/$ph.$name.log result p=0 f=0
    lim=$(left)
    if ((lim < 3)); then
        add_row "$ph" "$name" "$spec" 1 0 0 1 0 - "not run: no time left"
        bad_rows=$((bad_rows + 1))
        return
    fi
    [[ $mode == gpu ]] || envs=("${envs[@]/#CUDNN_BENCH_REQUIRE=1/CUDNN_BENCH_REQUIRE=0}")
    envs+=("CONV_BENCH_JSON=$out/conv_algos.json" "SDPA_BENCH_JSON=$out/sdpa.json")
    execute "[$ph] $name ${args[*]}" "$lim" "$log" "${envs[@]}" -- "bin/$name" "${args[@]+"${args[@]}"}"
    if [[ $mode != gpu ]]; then
        if [[ $rc -ne 124 && $rc -ne 137 ]] && ! grep -q panicked "$log" && grep -Eq "$NO_GPU_SAID" "$log"; then
            result="no GPU" dry_programs=$((dry_programs + 1))
        else
            if [[ $rc -eq 124 || $rc -eq 137 ]]; then result="error: timed out"
            elif grep -q panicked "$log"; then result="error: panicked (exit $rc)"
            else result="error: exit $rc without saying that there is no GPU"; fi
            bad_rows=$((bad_rows + 1))
        fi
        add_row "$ph" "$name" "$spec" 1 0 0 1 "$secs" "$rc" "$result" none
        return
    fi
    if [[ $rc -eq 0 ]]; then
        p=1 result=ok
    else
        f=1 result=FAILED bad_rows=$((bad_rows + 1))
        [[ $rc -eq 124 || $rc -eq 137 || $rc -gt 128 ]] && result+=" ($(result_of "$rc"))"
    fi
    add_row "$ph" "$name" "$spec" 1 "$p" "$f" 0 "$secs" "$rc" "$result"
    [[ $rc -eq 0 ]] && return
    tail -n 6 "$log" | sed 's/^/        | /'
    [[ $kind == example || $kind == bin ]] || return 0
    lim=$(left)
    ((lim > 90)) && lim=90
    ((lim >= 3)) || return 0
    local clog=$work/cudnn-$ph.$name.log
    # shellcheck disable=SC2046
    execute "[$ph] rerun with cuDNN's log: $name ${args[*]}" "$lim" "$log" "${envs[@]}" $(cudnn_log_env "$clog") -- \
        "bin/$name" "${args[@]+"${args[@]}"}"
    add_row "$ph (rerun)" "$name" "$spec" 1 $((rc == 0)) $((rc != 0)) 0 "$secs" "$rc" \
        "$([[ $rc -eq 0 ]] && echo ok || echo FAILED) again; $(cudnn_log "[$ph] $name" "$clog")" none
}

# list_tests BIN: the names of BIN's tests that this run would run (cached
# in $work/list.BIN); fails when BIN cannot list them.
list_tests() {
    local cache=$work/list.$1
    if [[ ! -f $cache ]]; then
        local listed=(--ignored)
        [[ $flag == --ignored ]] || listed=()
        if ! (cd "$dir" && timeout 60 "bin/$1" "${listed[@]+"${listed[@]}"}" --list) >"$cache.out" 2>&1; then
            append_log "$1 --list failed" "$cache.out"
            return 1
        fi
        sed -n 's/: test$//p' "$cache.out" >"$cache"
    fi
    cat "$cache"
}

# select_tests BIN PATTERN...: the listed names matching a PATTERN and no
# !PATTERN.
select_tests() {
    local bin=$1 name pat keep
    shift
    while IFS= read -r name; do
        keep=0
        for pat in "$@"; do
            # shellcheck disable=SC2053
            if [[ $pat == !* ]]; then [[ $name == ${pat#!} ]] && { keep=0; break; }
            elif [[ $name == $pat ]]; then keep=1; fi
        done
        [[ $keep -eq 0 ]] || printf '%s\n' "$name"
    done < <(list_tests "$bin")
}

# run_row J: plan row J in the current mode.
run_row() {
    local j=$1 ph=${PH_NAME[${R_PHASE[$1]}]} bin=${R_BIN[$1]}
    if [[ ${R_KIND[$j]} != test ]]; then
        if [[ ! -x $dir/bin/$bin ]]; then
            add_row "$ph" "$bin" - 1 0 1 0 0 - "missing from the bundle"
            bad_rows=$((bad_rows + 1))
        else
            run_program "$ph" "${R_KIND[$j]}" "$bin" "${R_SPEC[$j]}"
        fi
        return
    fi
    local names=() pats
    read -ra pats <<<"${R_SPEC[$j]}"
    if [[ ! -x $dir/bin/$bin ]] || ! list_tests "$bin" >/dev/null; then
        add_row "$ph" "$bin" "${R_SPEC[$j]}" 0 0 1 0 0 - "$([[ -x $dir/bin/$bin ]] && echo "cannot list its tests (gpu-run.log)" || echo "missing from the bundle")"
        bad_rows=$((bad_rows + 1))
        return
    fi
    mapfile -t names < <(select_tests "$bin" "${pats[@]}")
    if [[ ${#names[@]} -eq 0 && ${R_SPEC[$j]} == '*' ]]; then
        add_row "$ph" "$bin" "${R_SPEC[$j]}" 0 0 0 0 0 - "no tests" none
    elif [[ ${#names[@]} -eq 0 ]]; then
        add_row "$ph" "$bin" "${R_SPEC[$j]}" 0 0 1 0 0 - "no test matches"
        bad_rows=$((bad_rows + 1))
    elif [[ $mode == gpu ]]; then
        run_tests "$ph" "$bin" "${R_SPEC[$j]}" "${names[@]}"
    else
        printf '%s\n' "${names[@]}" >"$work/selected"
        append_log "[$ph] $bin: no GPU, so these are not run" "$work/selected"
        add_row "$ph" "$bin" "${R_SPEC[$j]}" "${#names[@]}" 0 0 "${#names[@]}" 0 - "no GPU" none
        dry_tests=$((dry_tests + ${#names[@]}))
    fi
}

# plan_rest: a phase "rest" for the bundled tests no row names.
plan_rest() {
    local -A named=()
    local j name pats bin kind
    for j in "${!R_BIN[@]}"; do
        [[ ${R_KIND[$j]} == test && -x $dir/bin/${R_BIN[$j]} ]] || continue
        read -ra pats <<<"${R_SPEC[$j]}"
        while IFS= read -r name; do named["${R_BIN[$j]} $name"]=1; done \
            < <(select_tests "${R_BIN[$j]}" "${pats[@]}" 2>/dev/null || true)
    done
    local rows=()
    while IFS=$'\t' read -r kind bin; do
        [[ $kind == test ]] || continue
        local left_over=()
        while IFS= read -r name; do
            [[ -n ${named["$bin $name"]+set} ]] || left_over+=("$name")
        done < <(list_tests "$bin" 2>/dev/null || true)
        [[ ${#left_over[@]} -eq 0 ]] || rows+=("$bin ${left_over[*]}")
    done <"$dir/MANIFEST"
    [[ ${#rows[@]} -gt 0 ]] || return 0
    phase rest 120 "the bundled GPU tests no phase names"
    local r
    for r in "${rows[@]}"; do
        # shellcheck disable=SC2086
        row test $r
    done
}

# plan_all: every test binary with --include-ignored, then cudnn-doctor
# and the lenet_digits example.
plan_all() {
    local kind bin
    phase all 3600 "every test binary, ignored tests included"
    while IFS=$'\t' read -r kind bin; do
        [[ $kind == test ]] && row test "$bin" '*'
    done <"$dir/MANIFEST"
    row bin cudnn-doctor
    row example lenet_digits
}

# machine_lines: the bundle, the machine and the GPU.
machine_lines() {
    [[ -f $dir/BUILD-INFO ]] && sed 's/^/bundle /' "$dir/BUILD-INFO"
    echo "machine: $(uname -srm), $(ldd --version 2>/dev/null | head -n1)"
    if command -v nvidia-smi >/dev/null 2>&1; then
        echo "nvidia-smi: $(timeout 30 nvidia-smi --query-gpu=name,driver_version,memory.total,compute_cap \
            --format=csv,noheader 2>&1 | head -n 4 | paste -sd';' -)"
    else
        echo "nvidia-smi: not on PATH"
    fi
}

run() {
    local selected='' budget=${GPU_TEST_BUDGET_S:-480} force=0 all=0 show_plan=0
    while [[ $# -gt 0 ]]; do
        case $1 in
            --phases) selected=,${2:?--phases needs a list},; shift ;;
            --budget) budget=${2:?--budget needs seconds}; shift ;;
            --force) force=1 ;;
            --all) all=1 ;;
            --plan) show_plan=1 ;;
            -*) die "run: unknown option $1" ;;
            *) [[ -z $dir ]] || die "run: one bundle folder"; dir=$1 ;;
        esac
        shift
    done
    [[ $budget =~ ^[0-9]+$ ]] || die "--budget: $budget is not a number of seconds"
    dir=${dir:-$(dirname "$self")}
    [[ -d $dir/bin && -f $dir/MANIFEST ]] || die "$dir has no bin/ and MANIFEST; make it with '$0 bundle <dir>'"
    dir=$(cd "$dir" && pwd)
    unpack_compressed "$dir"
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    flag=--ignored
    [[ $all -eq 0 ]] || flag=--include-ignored
    if [[ $show_plan -eq 1 ]]; then
        log_file=/dev/null
        if [[ $all -eq 1 ]]; then plan_all; else plan; plan_rest; fi
        local j
        for j in "${!R_BIN[@]}"; do
            printf '%-16s %-8s %-28s %s\n' "${PH_NAME[${R_PHASE[$j]}]}" "${R_KIND[$j]}" "${R_BIN[$j]}" "${R_SPEC[$j]}"
        done
        return 0
    fi
    out=${OUT:-$dir/logs}
    mkdir -p "$out"
    out=$(cd "$out" && pwd)
    table_file=$out/gpu-table.md log_file=$out/gpu-run.log
    : >"$log_file"
    budget_end=$((SECONDS + budget))

    echo "== machine =="
    machine_lines | tee "$work/head.txt"
    local probe
    probe=$(gpu_probe)
    echo "GPU: ${probe#* }" | tee -a "$work/head.txt"
    mode=nogpu
    [[ ${probe%% *} -gt 0 || $force -eq 1 ]] && mode=gpu
    find_libraries >"$work/libs.txt" 2>&1
    tee -a "$work/head.txt" <"$work/libs.txt"
    if [[ $mode == gpu ]]; then
        export CUDNN_TEST_REQUIRE=1 CUDNN_TEST_GPU=1
    fi
    local started what
    started=$(date -u +%Y-%m-%dT%H:%M:%SZ)
    case $mode$force in
        gpu0) what="on the GPU" ;;
        gpu1) what="forced: the tests run without a GPU" ;;
        *) what="no GPU: a dry run (test rows list their tests, programs must say there is no GPU)" ;;
    esac
    T_HEAD=("# GPU test run, $started" "" "- mode: $what; budget ${budget} s; $flag")
    while IFS= read -r line; do T_HEAD+=("- $line"); done <"$work/head.txt"

    if [[ $all -eq 1 ]]; then plan_all; else plan; plan_rest; fi

    local i j
    for i in "${!PH_NAME[@]}"; do
        [[ -z $selected || $selected == *,${PH_NAME[$i]},* ]] || continue
        phase_end=$((SECONDS + PH_LIMIT[i]))
        printf '\n== phase %s: %s (limit %d s, %d s of the budget left) ==\n' \
            "${PH_NAME[$i]}" "${PH_WHAT[$i]}" "${PH_LIMIT[$i]}" $((budget_end - SECONDS))
        for j in "${!R_BIN[@]}"; do
            [[ ${R_PHASE[$j]} -eq $i ]] && run_row "$j"
        done
    done

    local end status=0
    end="- finished $(date -u +%Y-%m-%dT%H:%M:%SZ), ${SECONDS} s: $total_p passed, $total_f failed, $total_n not run"
    if [[ $mode == gpu ]]; then
        ((total_f == 0 && bad_rows == 0)) || status=1
    else
        end+="; no GPU: $dry_tests tests listed, $dry_programs programs said so, $bad_rows rows did not report it as they should"
        ((bad_rows == 0)) || status=1
    fi
    write_table "$end"
    echo
    cat "$table_file"
    echo
    echo "table: $table_file; every process's output: $log_file"
    if [[ $mode == gpu ]]; then
        echo "$total_p passed, $total_f failed, $total_n not run"
    else
        echo "no GPU: $dry_tests tests listed, $dry_programs programs said so, $bad_rows rows did not"
    fi
    return "$status"
}

case ${1:-} in
    bundle) shift; bundle "$@" ;;
    run) shift; run "$@" ;;
    -h | --help | help) usage ;;
    *) usage; exit 2 ;;
esac
