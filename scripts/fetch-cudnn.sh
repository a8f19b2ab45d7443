#!/usr/bin/env bash
# Fetch NVIDIA's cuDNN wheels from PyPI and unpack their libraries and headers
# into a cache, for the tests and for regenerating cudnn-sys's bindings.
#
#   scripts/fetch-cudnn.sh [8|9|all]        (default: all)
#
# Cache root: ${CUDNN_RS_CACHE:-<repo>/target/cudnn-cache}. After a run:
#
#   <cache>/<version>/lib/        the shared libraries of nvidia/cudnn/lib
#   <cache>/<version>/include/    the headers of nvidia/cudnn/include
#   <cache>/<version>/.complete   written last; a folder without it is redone
#
# The wheels (~700 MB each) are downloaded with `python3 -m pip download` only
# when a version's folder is missing or incomplete, and deleted once unpacked
# (set CUDNN_RS_KEEP_WHEELS=1 to keep them in <cache>/wheels). pip honours its
# usual settings, e.g. PIP_FIND_LINKS=/dir/with/wheels PIP_NO_INDEX=1.
#
# Progress goes to stderr; stdout carries only lines another script can eval:
#
#   CUDNN_8_VERSION=8.9.5.30
#   CUDNN_8_LIB=<cache>/8.9.5.30/lib
#   CUDNN_8_INCLUDE=<cache>/8.9.5.30/include
#   (and the same for 9)
set -euo pipefail

# The pinned cuDNN release of each supported major version.
declare -A PIN=([8]=8.9.5.30 [9]=9.28.0.42)
PYPI_PACKAGE=nvidia-cudnn-cu12

log() { printf 'fetch-cudnn: %s\n' "$*" >&2; }
die() { printf 'fetch-cudnn: error: %s\n' "$*" >&2; exit 1; }

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(git -C "$script_dir" rev-parse --show-toplevel 2>/dev/null || (cd "$script_dir/.." && pwd))

case "${1:-all}" in
    8) majors=(8) ;;
    9) majors=(9) ;;
    all) majors=(8 9) ;;
    -h|--help)
        sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//' >&2
        exit 0 ;;
    *) die "unknown argument '$1' (usage: $0 [8|9|all])" ;;
esac
[[ $# -le 1 ]] || die "too many arguments (usage: $0 [8|9|all])"

cache=${CUDNN_RS_CACHE:-$repo/target/cudnn-cache}
mkdir -p "$cache"
cache=$(cd "$cache" && pwd)

# Two runs at once (say test.sh and regen-bindings.sh) must not unpack into the
# same folder together; serialise them when flock is available.
if command -v flock >/dev/null 2>&1; then
    exec 9>"$cache/.lock"
    if ! flock -n 9; then
        log "waiting for another fetch-cudnn.sh to finish with $cache ..."
        flock 9
    fi
fi

# Unpack nvidia/cudnn/{lib,include} of wheel $1 into folder $2 (plus the
# licence, if the wheel has one).
unpack_wheel() {
    python3 - "$1" "$2" <<'PY'
import os, shutil, sys, zipfile

wheel, dest = sys.argv[1], sys.argv[2]
wanted = {"nvidia/cudnn/lib/": "lib", "nvidia/cudnn/include/": "include"}
counts = {"lib": 0, "include": 0}
with zipfile.ZipFile(wheel) as z:
    for info in z.infolist():
        name = info.filename
        if info.is_dir():
            continue
        base = os.path.basename(name)
        target = None
        for prefix, sub in wanted.items():
            if name.startswith(prefix) and "/" not in name[len(prefix):]:
                if base == "__init__.py":
                    break
                target = os.path.join(dest, sub, base)
                counts[sub] += 1
                break
        if target is None and ".dist-info/" in name and base.lower().startswith("license"):
            target = os.path.join(dest, "LICENSE.txt")
        if target is None:
            continue
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with z.open(info) as src, open(target + ".part", "wb") as out:
            shutil.copyfileobj(src, out, 1 << 20)
        os.replace(target + ".part", target)
        mode = (info.external_attr >> 16) & 0o777
        os.chmod(target, mode or 0o644)
if counts["lib"] == 0 or counts["include"] == 0:
    sys.exit(f"{wheel} has no nvidia/cudnn/lib or nvidia/cudnn/include files "
             f"(found {counts['lib']} libraries, {counts['include']} headers)")
print(f"fetch-cudnn:   unpacked {counts['lib']} libraries and {counts['include']} headers", file=sys.stderr)
PY
}

fetch_one() {
    local version=$1
    local dest=$cache/$version
    if [[ -f $dest/.complete && -d $dest/lib && -d $dest/include ]]; then
        log "cuDNN $version: already unpacked in $dest"
        return 0
    fi

    command -v python3 >/dev/null 2>&1 || die "python3 is needed to fetch cuDNN (apt-get install -y python3 python3-pip)"
    local wheels=$cache/wheels
    mkdir -p "$wheels"
    local wheel
    wheel=$(find "$wheels" -maxdepth 1 -name "nvidia_cudnn_cu12-$version-*.whl" -print -quit)
    if [[ -z $wheel ]]; then
        python3 -m pip --version >/dev/null 2>&1 \
            || die "pip is needed to download cuDNN (apt-get install -y python3-pip, or python3 -m ensurepip)"
        log "cuDNN $version: downloading $PYPI_PACKAGE==$version from PyPI (~700 MB) into $wheels ..."
        python3 -m pip download --disable-pip-version-check --no-deps \
            -d "$wheels" "$PYPI_PACKAGE==$version" >&2 \
            || die "pip download of $PYPI_PACKAGE==$version failed"
        wheel=$(find "$wheels" -maxdepth 1 -name "nvidia_cudnn_cu12-$version-*.whl" -print -quit)
        [[ -n $wheel ]] || die "pip reported success but no nvidia_cudnn_cu12-$version-*.whl is in $wheels"
    else
        log "cuDNN $version: reusing $wheel"
    fi

    log "cuDNN $version: unpacking $(basename "$wheel") into $dest ..."
    rm -rf "$dest"
    mkdir -p "$dest"
    if ! unpack_wheel "$wheel" "$dest"; then
        rm -rf "$dest"
        # A truncated download fails here; drop it so the next run fetches it anew.
        rm -f "$wheel"
        die "could not unpack $wheel (deleted it; run again to download it anew)"
    fi
    printf '%s %s\n' "$PYPI_PACKAGE" "$version" >"$dest/.complete"
    if [[ ${CUDNN_RS_KEEP_WHEELS:-0} != 1 ]]; then
        rm -f "$wheel"
    fi
    log "cuDNN $version: done"
}

for major in "${majors[@]}"; do
    fetch_one "${PIN[$major]}"
done

for major in "${majors[@]}"; do
    version=${PIN[$major]}
    printf 'CUDNN_%s_VERSION=%s\n' "$major" "$version"
    printf 'CUDNN_%s_LIB=%q\n' "$major" "$cache/$version/lib"
    printf 'CUDNN_%s_INCLUDE=%q\n' "$major" "$cache/$version/include"
done
