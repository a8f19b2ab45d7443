#!/usr/bin/env bash
# Regenerate the test fixtures that the CPU reference implementations
# (cudnn-reference) are checked against (cudnn-reference/tests/fixtures/conv.json,
# ops.json, norm_attention.json, linear.json and moe.json), using JAX on the CPU as an
# independent implementation.
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

# shellcheck source-path=SCRIPTDIR source=lib/pinned-venv.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/pinned-venv.sh"
no_arguments "$@"
pinned_venv fixtures-venv "" "${PINS[@]}"

export JAX_PLATFORMS=cpu
write_fixture conv.json make_conv_fixtures.py
write_fixture ops.json make_ops_fixtures.py
write_fixture norm_attention.json make_norm_attention_fixtures.py
write_fixture linear.json make_linear_fixtures.py
write_fixture moe.json make_moe_fixtures.py
log "done"
