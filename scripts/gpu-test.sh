#!/usr/bin/env bash
# Run the test suite on a machine with an NVIDIA GPU but no Rust toolchain.
#
# On a machine with cargo (this checkout):
#
#   scripts/gpu-test.sh bundle <outdir>
#
#   builds the workspace's test binaries and examples in release mode and puts
#   them in <outdir>/bin/, with a MANIFEST and a copy of this script as
#   <outdir>/gpu-test.sh. Copy <outdir> to the GPU machine (its glibc must be
#   at least as new as this one's).
#
# On the GPU machine:
#
#   <outdir>/gpu-test.sh run [<bundle dir>]     (default: the script's folder)
#
#   finds cuDNN ($CUDNN_LIB_DIR, else the lib folder of the `nvidia-cudnn-cu12`
#   Python package: pip install nvidia-cudnn-cu12==9.28.0.42), runs every test
#   binary with --include-ignored --test-threads=1 and CUDNN_TEST_REQUIRE=1
#   CUDNN_TEST_GPU=1, then the `doctor` and `lenet_digits` examples; logs go to
#   ${OUT:-<bundle dir>/logs}/<name>.log. The last line printed is
#   "N passed, M failed"; the exit status is 1 when anything failed.
#   GPU_TEST_TIMEOUT (seconds, default 600) bounds each binary's run.
set -euo pipefail

die() { printf 'gpu-test: error: %s\n' "$*" >&2; exit 1; }
usage() { sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//' >&2; }

self=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/$(basename "${BASH_SOURCE[0]}")

bundle() {
    local outdir=${1:-}
    [[ -n $outdir ]] || die "usage: $0 bundle <outdir>"
    command -v cargo >/dev/null 2>&1 || die "bundle needs cargo (run it where the Rust toolchain is)"
    command -v python3 >/dev/null 2>&1 || die "bundle needs python3 (to read cargo's JSON messages)"
    local script_dir repo
    script_dir=$(dirname "$self")
    repo=$(git -C "$script_dir" rev-parse --show-toplevel 2>/dev/null || (cd "$script_dir/.." && pwd))
    mkdir -p "$outdir"
    outdir=$(cd "$outdir" && pwd)
    cd "$repo"

    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT

    echo "== building the test binaries (release) =="
    cargo metadata --format-version 1 --no-deps >"$tmp/metadata.json"
    cargo test --workspace --exclude xtask --release --no-run --message-format=json >"$tmp/tests.json"
    echo "== building the examples (release) =="
    cargo build --workspace --exclude xtask --release --examples --message-format=json >"$tmp/examples.json"

    rm -rf "${outdir:?}/bin" "${outdir:?}/logs"
    mkdir -p "$outdir/bin"
    # Writes MANIFEST lines "<kind>\t<name>" and copies each binary to bin/<name>:
    # test binaries as <package>-<kind>[-<target>] (lib tests: <package>-lib),
    # examples under their own name.
    python3 - "$tmp" "$outdir" <<'PY'
import json, os, shutil, sys

tmp, outdir = sys.argv[1], sys.argv[2]
with open(os.path.join(tmp, "metadata.json")) as f:
    names = {p["id"]: p["name"] for p in json.load(f)["packages"]}

def artifacts(path):
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line.startswith("{"):
                continue
            msg = json.loads(line)
            if msg.get("reason") == "compiler-artifact" and msg.get("executable"):
                yield msg

entries = []
seen = set()
def add(kind, name, exe):
    if name in seen:
        sys.exit(f"two binaries would be named {name}")
    seen.add(name)
    shutil.copy2(exe, os.path.join(outdir, "bin", name))
    entries.append(f"{kind}\t{name}")
    print(f"  {kind:7} bin/{name}  <- {os.path.relpath(exe)}")

for msg in artifacts(os.path.join(tmp, "tests.json")):
    if not msg["profile"]["test"]:
        continue
    pkg = names.get(msg["package_id"], msg["target"]["name"])
    kind = msg["target"]["kind"][0]
    target = msg["target"]["name"]
    name = f"{pkg}-lib" if kind in ("lib", "rlib", "cdylib", "dylib", "staticlib", "proc-macro") else f"{pkg}-{kind}-{target}"
    add("test", name, msg["executable"])
for msg in artifacts(os.path.join(tmp, "examples.json")):
    if msg["profile"]["test"] or msg["target"]["kind"] != ["example"]:
        continue
    add("example", msg["target"]["name"], msg["executable"])
if not any(e.startswith("test\t") for e in entries):
    sys.exit("cargo built no test binary")
with open(os.path.join(outdir, "MANIFEST"), "w") as f:
    f.write("\n".join(entries) + "\n")
PY
    cp "$self" "$outdir/gpu-test.sh"
    chmod +x "$outdir/gpu-test.sh"
    {
        echo "commit: $(git rev-parse -q --verify HEAD 2>/dev/null || echo none)$([[ -z $(git status --porcelain 2>/dev/null) ]] || echo ' (+ uncommitted changes)')"
        echo "rustc: $(rustc -V)"
        echo "glibc: $(ldd --version 2>/dev/null | head -n1)"
        echo "built: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    } >"$outdir/BUILD-INFO"
    echo "bundle: $outdir ($(grep -c '^test' "$outdir/MANIFEST") test binaries, $(grep -c '^example' "$outdir/MANIFEST" || true) examples, $(du -sh "$outdir" | cut -f1))"
    echo "run it on the GPU machine with: bash $outdir/gpu-test.sh run"
}

run() {
    local dir=${1:-$(dirname "$self")}
    [[ -d $dir/bin ]] || die "$dir/bin not found; is $dir a bundle made by '$0 bundle <outdir>'?"
    dir=$(cd "$dir" && pwd)
    local logs=${OUT:-$dir/logs}
    mkdir -p "$logs"

    # The binaries: from MANIFEST, else every file of bin/ (examples: doctor).
    local tests=() examples=() kind name
    if [[ -f $dir/MANIFEST ]]; then
        while IFS=$'\t' read -r kind name; do
            [[ -n $name ]] || continue
            case $kind in
                test) tests+=("$name") ;;
                example) examples+=("$name") ;;
            esac
        done <"$dir/MANIFEST"
    else
        for name in "$dir"/bin/*; do
            name=$(basename "$name")
            if [[ $name == doctor || $name == lenet_digits ]]; then examples+=("$name"); else tests+=("$name"); fi
        done
    fi
    [[ ${#tests[@]} -gt 0 ]] || die "no test binary in $dir/bin"

    if [[ -z ${CUDNN_LIB_DIR:-} ]]; then
        local pkg
        pkg=$(python3 -c "import nvidia.cudnn as m; print(m.__path__[0])" 2>/dev/null) \
            || die "set CUDNN_LIB_DIR, or install cuDNN's wheel: python3 -m pip install nvidia-cudnn-cu12==9.28.0.42"
        CUDNN_LIB_DIR=$pkg/lib
    fi
    [[ -d $CUDNN_LIB_DIR ]] || die "CUDNN_LIB_DIR=$CUDNN_LIB_DIR is not a folder"
    export CUDNN_LIB_DIR CUDNN_TEST_REQUIRE=1 CUDNN_TEST_GPU=1

    echo "== machine =="
    [[ -f $dir/BUILD-INFO ]] && sed 's/^/bundle /' "$dir/BUILD-INFO"
    if command -v nvidia-smi >/dev/null 2>&1; then
        nvidia-smi -L || echo "(nvidia-smi -L failed)"
    else
        echo "(no nvidia-smi on PATH)"
    fi
    echo "CUDNN_LIB_DIR=$CUDNN_LIB_DIR"
    local libs=("$CUDNN_LIB_DIR"/libcudnn*)
    [[ -e ${libs[0]} ]] || echo "warning: no libcudnn* in $CUDNN_LIB_DIR" >&2
    echo "libraries: ${libs[*]##*/}"
    echo "logs: $logs"

    local limit=${GPU_TEST_TIMEOUT:-600}
    local timeout_cmd=()
    command -v timeout >/dev/null 2>&1 && timeout_cmd=(timeout -k 10 "$limit")

    local total_p=0 total_f=0 total_i=0 any_failed=0 rc p f i log summary
    echo
    echo "== test binaries (--include-ignored --test-threads=1) =="
    for name in "${tests[@]}"; do
        log=$logs/$name.log
        set +e
        (cd "$dir" && "${timeout_cmd[@]+"${timeout_cmd[@]}"}" "$dir/bin/$name" --include-ignored --test-threads=1) >"$log" 2>&1
        rc=$?
        set -e
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
        summary="$p passed, $f failed, $i ignored"
        if [[ $rc -ne 0 ]]; then
            any_failed=1
            if [[ $f -eq 0 ]]; then
                f=1
                case $rc in
                    124|137) summary+=" (timed out after ${limit}s; counted as 1 failure)" ;;
                    *) summary+=" (exited with status $rc without a failing test, e.g. a crash; counted as 1 failure)" ;;
                esac
            fi
            printf 'FAIL  %-40s %s\n' "$name" "$summary"
            grep -E '^test .* FAILED$' "$log" | sed 's/^/        /' || true
            echo "      --- last lines of $log ---"
            tail -n 25 "$log" | sed 's/^/      | /'
        else
            printf 'ok    %-40s %s\n' "$name" "$summary"
        fi
        total_p=$((total_p + p)) total_f=$((total_f + f)) total_i=$((total_i + i))
    done

    if [[ ${#examples[@]} -gt 0 ]]; then
        echo
        echo "== examples =="
    fi
    for name in "${examples[@]+"${examples[@]}"}"; do
        case $name in
            doctor | lenet_digits) ;;
            *) echo "skip  $name (only doctor and lenet_digits run unattended)"; continue ;;
        esac
        log=$logs/$name.log
        set +e
        (cd "$dir" && "${timeout_cmd[@]+"${timeout_cmd[@]}"}" "$dir/bin/$name") >"$log" 2>&1
        rc=$?
        set -e
        sed 's/^/      | /' "$log"
        if [[ $rc -eq 0 ]]; then
            printf 'ok    %-40s exit 0\n' "example $name"
            total_p=$((total_p + 1))
        else
            printf 'FAIL  %-40s exit %s\n' "example $name" "$rc"
            total_f=$((total_f + 1))
            any_failed=1
        fi
    done

    echo
    echo "$total_i ignored"
    echo "$total_p passed, $total_f failed"
    return "$any_failed"
}

case ${1:-} in
    bundle) shift; bundle "$@" ;;
    run) shift; run "$@" ;;
    -h|--help|help) usage ;;
    *) usage; exit 2 ;;
esac
