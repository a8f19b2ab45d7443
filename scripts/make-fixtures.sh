#!/usr/bin/env bash
# Regenerate the test fixtures that the CPU reference implementations
# (cudnn-reference) are checked against (cudnn-reference/tests/fixtures/conv.json,
# ops.json and norm_attention.json), using JAX on the CPU as an independent
# implementation.
#
#   scripts/make-fixtures.sh
#
# A virtual environment with pinned JAX and NumPy is created once at
# ${CUDNN_RS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/cudnn-rs}/fixtures-venv (and rebuilt when
# the pins below change); pip honours its usual settings, e.g.
# PIP_FIND_LINKS=/dir/with/wheels PIP_NO_INDEX=1. Needs python3 (3.11 or newer,
# for jax 0.10) with its venv module. The output is deterministic: a second
# run rewrites the same bytes.
set -euo pipefail

# Exact versions, so that regenerating changes nothing unless these change.
PINS=(jax==0.10.2 jaxlib==0.10.2 numpy==2.4.6)

log() { printf 'make-fixtures: %s\n' "$*" >&2; }
die() { printf 'make-fixtures: error: %s\n' "$*" >&2; exit 1; }

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(git -C "$script_dir" rev-parse --show-toplevel 2>/dev/null || (cd "$script_dir/.." && pwd))

case "${1:-}" in
    "") ;;
    -h|--help)
        sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//' >&2
        exit 0 ;;
    *) die "unexpected argument '$1' (usage: $0)" ;;
esac

cache=${CUDNN_RS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/cudnn-rs}
mkdir -p "$cache"
cache=$(cd "$cache" && pwd)
venv=$cache/fixtures-venv
stamp=$venv/.pins

if [[ ! -x $venv/bin/python || ! -f $stamp || $(cat "$stamp") != "${PINS[*]}" ]]; then
    command -v python3 >/dev/null 2>&1 || die "python3 is needed (apt-get install -y python3 python3-venv)"
    log "creating $venv with ${PINS[*]} ..."
    rm -rf "$venv"
    python3 -m venv "$venv" || die "python3 -m venv failed (apt-get install -y python3-venv)"
    "$venv/bin/python" -m pip install --disable-pip-version-check --quiet "${PINS[@]}" >&2 \
        || { rm -rf "$venv"; die "pip install ${PINS[*]} failed"; }
    printf '%s' "${PINS[*]}" >"$stamp"
else
    log "reusing $venv"
fi

out=$repo/cudnn-reference/tests/fixtures/conv.json
mkdir -p "$(dirname "$out")"
log "writing $out ..."
JAX_PLATFORMS=cpu "$venv/bin/python" "$script_dir/fixtures/make_conv_fixtures.py" "$out"
out=$repo/cudnn-reference/tests/fixtures/ops.json
log "writing $out ..."
JAX_PLATFORMS=cpu "$venv/bin/python" "$script_dir/fixtures/make_ops_fixtures.py" "$out"
out=$repo/cudnn-reference/tests/fixtures/norm_attention.json
log "writing $out ..."
JAX_PLATFORMS=cpu "$venv/bin/python" "$script_dir/fixtures/make_norm_attention_fixtures.py" "$out"
log "done"
