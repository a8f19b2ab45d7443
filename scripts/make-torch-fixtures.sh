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
#                              scripts/make-fixtures.sh writes with JAX;
#   ctc.json                   nn.functional.ctc_loss and its gradient by
#                              autograd (scripts/fixtures/make_ctc_fixtures.py),
#                              read by the reference CTC loss's tests;
#   causal_conv1d.json         F.conv1d (depthwise, causal), F.silu, the FFT
#                              path and the fused back-to-back (B2B) block, with
#                              their gradients by autograd
#                              (scripts/fixtures/make_causal_conv1d_fixtures.py),
#                              read by the reference causal conv1d's tests.
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

# shellcheck source-path=SCRIPTDIR source=lib/pinned-venv.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/pinned-venv.sh"
no_arguments "$@"
pinned_venv torch-venv " (several GB of wheels)" "${PINS[@]}"

export CUDA_VISIBLE_DEVICES=""
write_fixture rnn.json make_rnn_fixtures.py
write_fixture norm_attention_torch.json make_norm_attention_torch_fixtures.py
write_fixture ctc.json make_ctc_fixtures.py
write_fixture causal_conv1d.json make_causal_conv1d_fixtures.py
log "done"
