#!/usr/bin/env bash
# Miri over the code that holds `unsafe` and needs no foreign library, a CI
# step (.ci/run): discovery, the ELF/PE readers, the sub-library map and
# status tables (cudnn-sys's unit tests), the pre-call checks, shape rules,
# status decoding, names and the algorithm cache (cudnn's unit tests and
# tests/shape_rules.rs). Tests that touch no `unsafe` code and take seconds
# under Miri (JSON parsing, the device presets) are
# `#[cfg_attr(miri, ignore = "...")]`, and the CPU references
# (cudnn-reference) are not run: the crate holds no `unsafe` code and no
# raw pointers, which this script checks (their tests run in every row).
#
#   bash scripts/miri.sh
#   bash scripts/miri.sh --tools-only   (installs the toolchain and exits)
#
# Installs the nightly toolchain with its miri and rust-src components
# through rustup when missing. Tests that open a library (dlopen is a
# foreign call Miri cannot make) are `#[cfg_attr(miri, ignore)]`; the
# binary readers' damage tests run fewer rounds under cfg(miri). File reads
# are allowed (-Zmiri-disable-isolation): the ELF/PE readers read real
# files. Floats are deterministic (-Zmiri-deterministic-floats): Miri
# otherwise adds a random error of a few ulps to operations such as sqrt,
# which exact checks by hand do not allow. RUST_BACKTRACE
# is set to 0: with isolation off the program sees it, and a backtrace per
# expected panic costs seconds under Miri. The builds go to target/miri and
# target/miri-sys.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

if ! cargo +nightly miri --version >/dev/null 2>&1; then
    echo "== installing the nightly toolchain with miri =="
    rustup toolchain install nightly --profile minimal --component miri,rust-src
fi
[[ ${1:-} != --tools-only ]] || exit 0
export MIRIFLAGS="${MIRIFLAGS:--Zmiri-disable-isolation -Zmiri-deterministic-floats}"
export RUST_BACKTRACE=0
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$PWD/target/miri}
cargo +nightly miri setup >/dev/null
# CUDNN_LIB_DIR must not lead a test to a real library under Miri.
unset CUDNN_LIB_DIR CUDNN_TEST_REQUIRE

# The two crates at once, each in a target folder of its own (Miri runs a
# program on one core; cargo would run the two one after the other), each
# one's output printed whole when both have ended.
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
(CARGO_TARGET_DIR=$CARGO_TARGET_DIR-sys cargo +nightly miri test -p cudnn-rs-sys --lib -- --test-threads=1 \
    >"$logs/sys" 2>&1) &
sys_pid=$!
rc=0
cargo +nightly miri test -p cudnn-rs --lib --test shape_rules -- --test-threads=1 >"$logs/cudnn" 2>&1 || rc=$?
sys_rc=0
wait "$sys_pid" || sys_rc=$?
echo "== miri: cudnn-rs-sys (discovery, ELF/PE readers, sub-library map, status tables): exit $sys_rc =="
cat "$logs/sys"
echo "== miri: cudnn-rs (checks, shape rules, status decoding, names, algorithm cache, errors): exit $rc =="
cat "$logs/cudnn"
if [[ $rc -ne 0 || $sys_rc -ne 0 ]]; then
    echo "miri: FAILED" >&2
    exit 1
fi
if grep -rnwE 'unsafe|\*const|\*mut' cudnn-reference/src; then
    echo "miri: cudnn-reference now holds unsafe code or raw pointers (above): run its tests here" >&2
    exit 1
fi
echo "miri: passed"
