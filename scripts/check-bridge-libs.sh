#!/usr/bin/env bash
# Checks what the candle bridge's programs, built in the environment of
# scripts/lib/candle-env.sh (the GPU bundle's lenet_candle and `gpu` test
# binary among them), load at run time: CUDA 13's libraries, the driver
# library and the C and C++ runtime, and nothing else (no CUDA 12 library).
#
#   scripts/check-bridge-libs.sh FILE...
#
# For each FILE (readelf -d and nm -D, binutils):
#
#   - every NEEDED entry is one of: the CUDA 13 libraries of the toolkit
#     (the files lib*.so.<major> of <CUDA_CANDLE_ROOT>/lib, unpacked from
#     NVIDIA's CUDA 13 wheels: libcublas.so.13, libcublasLt.so.13,
#     libcurand.so.10, libnvrtc.so.13, libcudart.so.13, ...); libcuda.so.1;
#     libc, libm, libgcc_s, libstdc++, ld-linux (and libdl, libpthread,
#     librt, glibc's own);
#   - libcuda.so.1 is among them, and at least one CUDA 13 library;
#   - no RPATH or RUNPATH (the stub's folder, lib/stubs, is the linker's
#     alone: nothing loads the stub);
#   - lazy binding: no BIND_NOW, and every driver function (cu*) is called
#     through the PLT (a JUMP_SLOT relocation, readelf -r; not a GLOB_DAT,
#     which the loader binds at start), so that the program starts beside a
#     libcuda older than its bindings, without a GPU, and says so.
#
# Prints each file's NEEDED list, and how many driver functions it calls
# (and which of those Debian's libcuda 535, which runs it here, lacks).
# Exits non-zero when a check fails. CUDA_CANDLE_ROOT comes from the
# environment (scripts/lib/candle-env.sh), else from
# scripts/fetch-cuda-toolkit.sh.
set -euo pipefail

die() { printf 'check-bridge-libs: error: %s\n' "$*" >&2; exit 1; }

[[ $# -gt 0 ]] || die "usage: $0 FILE..."
command -v readelf >/dev/null 2>&1 || die "readelf is needed (apt-get install binutils)"
if [[ -z ${CUDA_CANDLE_ROOT:-} || -z ${CUDA_CANDLE_LIB:-} ]]; then
    eval "$(bash "$(dirname "${BASH_SOURCE[0]}")/fetch-cuda-toolkit.sh")"
fi
[[ -d $CUDA_CANDLE_ROOT/lib ]] || die "$CUDA_CANDLE_ROOT/lib is not a folder"

declare -A cuda13=()
for f in "$CUDA_CANDLE_ROOT"/lib/lib*.so.*; do
    cuda13[$(basename "$f")]=1
done
[[ ${#cuda13[@]} -gt 0 ]] || die "no libraries in $CUDA_CANDLE_ROOT/lib"
system_re='^(libc|libm|libgcc_s|libstdc\+\+|libdl|libpthread|librt)\.so\.[0-9]+$|^ld-linux-x86-64\.so\.2$|^ld-linux-aarch64\.so\.1$'

# The driver functions Debian's libcuda (what runs the programs here) has.
declare -A have535=()
if [[ -e $CUDA_CANDLE_LIB/libcuda.so.1 ]] && command -v nm >/dev/null 2>&1; then
    while read -r name; do have535[$name]=1; done \
        < <(nm -D --defined-only "$CUDA_CANDLE_LIB/libcuda.so.1" | awk '$3 ~ /^cu/ { print $3 }')
fi

failed=0
for file in "$@"; do
    [[ -f $file ]] || die "$file is not a file"
    dyn=$(readelf -d "$file") || die "readelf -d $file failed"
    mapfile -t needed < <(sed -n 's/.*(NEEDED).*\[\(.*\)\]$/\1/p' <<<"$dyn")
    problems=() n_cuda=0 n_cuda13=0
    for lib in "${needed[@]}"; do
        if [[ -n ${cuda13[$lib]+set} ]]; then
            n_cuda13=$((n_cuda13 + 1))
        elif [[ $lib == libcuda.so.1 ]]; then
            n_cuda=1
        elif ! [[ $lib =~ $system_re ]]; then
            problems+=("needs $lib, which is neither a CUDA 13 library of $CUDA_CANDLE_ROOT/lib, libcuda.so.1 nor the C/C++ runtime")
        fi
    done
    ((n_cuda == 1)) || problems+=("does not need libcuda.so.1")
    ((n_cuda13 > 0)) || problems+=("needs no CUDA 13 library")
    grep -Eq '\((RPATH|RUNPATH)\)' <<<"$dyn" && problems+=("has an RPATH or RUNPATH: $(grep -E '\((RPATH|RUNPATH)\)' <<<"$dyn" | sed 's/.*\[//; s/\]$//')")
    grep -Eq '\(FLAGS\).*BIND_NOW|\(FLAGS_1\).*NOW' <<<"$dyn" && problems+=("is linked with BIND_NOW: it cannot start beside a libcuda older than its bindings")
    eager=$(readelf -rW "$file" | awk '$5 ~ /^cu[A-Z]/ && $3 !~ /_JUMP_SLOT$/ { sub(/@.*/, "", $5); print $5 }' | sort -u)
    [[ -z $eager ]] || problems+=("binds these driver functions at start (not through the PLT): $(paste -sd' ' <<<"$eager" | cut -c1-200)")
    driver=$(nm -D --undefined-only "$file" 2>/dev/null | awk '$2 ~ /^cu[A-Z]/ { print $2 }' | sed 's/@.*//' | sort -u)
    n_driver=$(grep -c . <<<"$driver" || true)
    missing=()
    if [[ ${#have535[@]} -gt 0 && -n $driver ]]; then
        while read -r name; do [[ -n ${have535[$name]+set} ]] || missing+=("$name"); done <<<"$driver"
    fi
    printf '%s: NEEDED %s\n' "$file" "${needed[*]}"
    printf '%s: calls %d driver functions, %d of them not in libcuda %s%s\n' \
        "$file" "$n_driver" "${#missing[@]}" "${LIBCUDA_VERSION:-535}" \
        "$([[ ${#missing[@]} -eq 0 ]] || echo ": ${missing[*]:0:6}$([[ ${#missing[@]} -le 6 ]] || echo ' ...')")"
    if [[ ${#problems[@]} -gt 0 ]]; then
        failed=$((failed + 1))
        printf '%s: FAILED: %s\n' "$file" "${problems[@]}" >&2
    else
        printf '%s: ok (CUDA 13 libraries, libcuda.so.1 and the C/C++ runtime only; driver functions bound when first called)\n' "$file"
    fi
done
((failed == 0)) || die "$failed of $# files failed"
echo "check-bridge-libs: $# files ok"
