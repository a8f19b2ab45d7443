# shellcheck shell=bash
# Shared by scripts/make-fixtures.sh and scripts/make-torch-fixtures.sh, which
# source it first. Sourcing sets prog (the sourcing script's name without .sh),
# script_dir (its folder, scripts/) and repo (the repository's root), and
# defines:
#
#   log MESSAGE       prints "$prog: MESSAGE" on stderr.
#   die MESSAGE       prints "$prog: error: MESSAGE" on stderr and exits 1.
#   no_arguments [ARG]
#                     returns when ARG is absent or empty; prints the sourcing
#                     script's header comment (from line 2 up to `set -euo ...`)
#                     and exits 0 for -h or --help; dies otherwise.
#   pinned_venv NAME NOTE PIN...
#                     sets venv to the virtual environment
#                     ${CUDNN_RS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/cudnn-rs}/NAME
#                     with exactly the PINs installed by pip: created the first
#                     time, rebuilt when the pins differ from those recorded in
#                     NAME/.pins, reused otherwise. NOTE is added to the message
#                     that says it is being created (empty for none).
#   write_fixture FILE GENERATOR
#                     runs $venv/bin/python scripts/fixtures/GENERATOR to write
#                     cudnn-reference/tests/fixtures/FILE.

script_path=${BASH_SOURCE[1]}
prog=$(basename "$script_path" .sh)
script_dir=$(cd "$(dirname "$script_path")" && pwd)
repo=$(git -C "$script_dir" rev-parse --show-toplevel 2>/dev/null || (cd "$script_dir/.." && pwd))

log() { printf '%s: %s\n' "$prog" "$*" >&2; }
die() { printf '%s: error: %s\n' "$prog" "$*" >&2; exit 1; }

no_arguments() {
    case "${1:-}" in
        "") ;;
        -h|--help)
            sed -n '2,/^set -euo/p' "$script_path" | sed '$d; s/^# \{0,1\}//' >&2
            exit 0 ;;
        *) die "unexpected argument '$1' (usage: $0)" ;;
    esac
}

pinned_venv() {
    local name=$1 note=$2
    shift 2
    local pins=("$@")
    local cache=${CUDNN_RS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/cudnn-rs}
    mkdir -p "$cache"
    cache=$(cd "$cache" && pwd)
    venv=$cache/$name
    local stamp=$venv/.pins

    if [[ ! -x $venv/bin/python || ! -f $stamp || $(cat "$stamp") != "${pins[*]}" ]]; then
        command -v python3 >/dev/null 2>&1 || die "python3 is needed (apt-get install -y python3 python3-venv)"
        log "creating $venv with ${pins[*]}$note ..."
        rm -rf "$venv"
        python3 -m venv "$venv" || die "python3 -m venv failed (apt-get install -y python3-venv)"
        "$venv/bin/python" -m pip install --disable-pip-version-check --quiet "${pins[@]}" >&2 \
            || { rm -rf "$venv"; die "pip install ${pins[*]} failed"; }
        printf '%s' "${pins[*]}" >"$stamp"
    else
        log "reusing $venv"
    fi
}

write_fixture() {
    local out=$repo/cudnn-reference/tests/fixtures/$1
    mkdir -p "$(dirname "$out")"
    log "writing $out ..."
    "$venv/bin/python" "$script_dir/fixtures/$2" "$out"
}
