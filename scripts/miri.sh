#!/usr/bin/env bash
# Miri over the code that needs no foreign library, a CI step (.ci/run):
# discovery, the ELF/PE readers, the sub-library map and status tables
# (cudnn-sys's unit tests), the pre-call checks, shape rules, status
# decoding and the algorithm cache (cudnn's unit tests and
# tests/shape_rules.rs), and the CPU references' unit tests but five (Miri
# interprets every floating-point operation: the finite-difference gradient
# checks of batch normalization, LRN and RNNs and the two convolution
# identities over 20 random geometries each take minutes there).
#
#   bash scripts/miri.sh
#
# Installs the nightly toolchain with its miri and rust-src components
# through rustup when missing. Tests that open a library (dlopen is a
# foreign call Miri cannot make) are `#[cfg_attr(miri, ignore)]`; the
# binary readers' damage tests run fewer rounds under cfg(miri). File reads
# are allowed (-Zmiri-disable-isolation): the ELF/PE readers read real
# files. Floats are deterministic (-Zmiri-deterministic-floats): Miri
# otherwise adds a random error of a few ulps to operations such as sqrt,
# which the references' exact checks by hand do not allow. RUST_BACKTRACE
# is set to 0: with isolation off the program sees it, and a backtrace per
# expected panic costs seconds under Miri. The build goes to target/miri.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

if ! cargo +nightly miri --version >/dev/null 2>&1; then
    echo "== installing the nightly toolchain with miri =="
    rustup toolchain install nightly --profile minimal --component miri,rust-src
fi
export MIRIFLAGS="${MIRIFLAGS:--Zmiri-disable-isolation -Zmiri-deterministic-floats}"
export RUST_BACKTRACE=0
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$PWD/target/miri}
cargo +nightly miri setup >/dev/null
# CUDNN_LIB_DIR must not lead a test to a real library under Miri.
unset CUDNN_LIB_DIR CUDNN_TEST_REQUIRE

echo "== miri: cudnn-rs-sys (discovery, ELF/PE readers, sub-library map, status tables) =="
cargo +nightly miri test -p cudnn-rs-sys --lib -- --test-threads=1
echo "== miri: cudnn-rs (checks, shape rules, status decoding, algorithm cache, errors) =="
cargo +nightly miri test -p cudnn-rs --lib --test shape_rules -- --test-threads=1
echo "== miri: cudnn-reference (its unit tests but the five slowest) =="
cargo +nightly miri test -p cudnn-reference --lib -- --test-threads=1 \
    --skip batchnorm::tests::backward_matches_central_differences \
    --skip lrn::tests::backward_matches_central_differences \
    --skip rnn::tests::gradients_match_finite_differences \
    --skip conv::tests::adjoint_identity_over_random_geometries \
    --skip conv::tests::true_convolution_flips_the_kernel
echo "miri: passed"
