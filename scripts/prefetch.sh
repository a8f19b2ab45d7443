#!/usr/bin/env bash
# Everything the CI steps download, fetched ahead of them: .ci/run starts
# this in the background at its first step, so that the downloads and
# unpacking (network and one core) overlap the builds (the other core and
# more), and the steps find their libraries and tools in place.
#
#   bash scripts/prefetch.sh
#
# In the order the steps need them:
#
#   1. cuDNN 9 and 8, cuBLAS, NVIDIA's libcuda, the frontend's headers and
#      the CUDA toolkit of the candle bridge (scripts/fetch-*.sh);
#   2. the test matrix's other installs, the Windows wheels and NVRTC;
#   3. the tools of the later steps, installed by their own scripts'
#      --tools-only: the nightly toolchain with Miri (scripts/miri.sh),
#      valgrind (scripts/leak-check.sh), MinGW-w64, Wine and the Windows
#      targets (scripts/test-windows.sh).
#
# Each part is the script a step runs itself, so nothing is fetched twice:
# a step that needs a wheel this script is fetching waits for that wheel
# only (flock on <cache>/.lock-wheels), and .ci/run waits for this script
# to end before the steps that use the tools (apt-get and rustup do not
# share their work between runs). A part that fails is reported here and
# tried again by its step, which then fails with the reason.
#
# Output: one line per part with its time, then "prefetch: N parts, M
# failed, in S s".
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

SECONDS=0
parts=0
failed=0
part() { # part NAME COMMAND...: run one part, its output indented.
    local name=$1 start=$SECONDS rc=0
    shift
    "$@" </dev/null 2>&1 >/dev/null | sed 's/^/  | /' >&2
    rc=${PIPESTATUS[0]}
    parts=$((parts + 1))
    if [[ $rc -eq 0 ]]; then
        printf 'prefetch: %s: done in %d s\n' "$name" $((SECONDS - start)) >&2
    else
        failed=$((failed + 1))
        printf 'prefetch: %s: FAILED (exit %d) after %d s; its step will try again\n' \
            "$name" "$rc" $((SECONDS - start)) >&2
    fi
}

part "cuDNN 9 and 8, cuBLAS" bash scripts/fetch-cudnn.sh 9 8 cublas
part "libcuda" bash scripts/fetch-libcuda.sh
part "cudnn-frontend headers" bash scripts/fetch-frontend.sh
part "CUDA toolkit of the candle bridge" bash scripts/fetch-cuda-toolkit.sh
part "the test matrix, the Windows wheels, NVRTC" bash scripts/fetch-cudnn.sh matrix windows nvrtc12 nvrtc13
part "nightly toolchain with Miri" bash scripts/miri.sh --tools-only
part "valgrind" bash scripts/leak-check.sh --tools-only
part "MinGW-w64, Wine, Windows targets" bash scripts/test-windows.sh --tools-only
printf 'prefetch: %d parts, %d failed, in %d s\n' "$parts" "$failed" "$SECONDS" >&2
