#!/usr/bin/env bash
# Regenerate the fixtures that the CPU reference implementations
# (cudnn-reference) are checked against with PyTorch, an independent
# implementation, on the CPU in float64, in cudnn-reference/tests/fixtures/:
#
#   rnn.json                   nn.LSTM, nn.GRU and nn.RNN
#                              (scripts/fixtures/make_rnn_fixtures.py), read by
#                              the reference RNN's tests and by
#                              cudnn/tests/rnn_pytorch_weights.rs;
#   norm_attention_torch.json  layer, RMS and instance norm, scaled dot-product
#                              attention and RoPE
#                              (scripts/fixtures/make_norm_attention_torch_fixtures.py),
#                              the same cases as norm_attention.json, which
#                              scripts/make-fixtures.sh writes with JAX.
#
#   scripts/make-torch-fixtures.sh
#
# A virtual environment with a pinned PyTorch is created once at
# ${CUDNN_RS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/cudnn-rs}/torch-venv (and rebuilt when
# the pins below change); pip honours its usual settings, e.g.
# PIP_FIND_LINKS=/dir/with/wheels PIP_NO_INDEX=1. PyPI's torch wheel for Linux
# pulls NVIDIA's CUDA wheels as dependencies (several GB); only the CPU is
# used. CI never runs this script: the fixtures are committed. Needs python3
# (3.10 or newer) with its venv module. The output is deterministic: a second
# run rewrites the same bytes.
set -euo pipefail

# Exact versions, so that regenerating changes nothing unless these change.
PINS=(torch==2.15.0)

log() { printf 'make-torch-fixtures: %s\n' "$*" >&2; }
die() { printf 'make-torch-fixtures: error: %s\n' "$*" >&2; exit 1; }

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
venv=$cache/torch-venv
stamp=$venv/.pins

if [[ ! -x $venv/bin/python || ! -f $stamp || $(cat "$stamp") != "${PINS[*]}" ]]; then
    command -v python3 >/dev/null 2>&1 || die "python3 is needed (apt-get install -y python3 python3-venv)"
    log "creating $venv with ${PINS[*]} (several GB of wheels) ..."
    rm -rf "$venv"
    python3 -m venv "$venv" || die "python3 -m venv failed (apt-get install -y python3-venv)"
    "$venv/bin/python" -m pip install --disable-pip-version-check --quiet "${PINS[@]}" >&2 \
        || { rm -rf "$venv"; die "pip install ${PINS[*]} failed"; }
    printf '%s' "${PINS[*]}" >"$stamp"
else
    log "reusing $venv"
fi

out=$repo/cudnn-reference/tests/fixtures/rnn.json
mkdir -p "$(dirname "$out")"
log "writing $out ..."
CUDA_VISIBLE_DEVICES="" "$venv/bin/python" "$script_dir/fixtures/make_rnn_fixtures.py" "$out"
out=$repo/cudnn-reference/tests/fixtures/norm_attention_torch.json
log "writing $out ..."
CUDA_VISIBLE_DEVICES="" "$venv/bin/python" "$script_dir/fixtures/make_norm_attention_torch_fixtures.py" "$out"
log "done"
