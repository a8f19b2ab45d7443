#!/usr/bin/env bash
# Regenerate cudnn-sys's committed bindings (the raw ones per major in
# cudnn-sys/bindings/, the merged module in cudnn-sys/src/generated/) from the
# headers of the pinned cuDNN releases (see scripts/fetch-cudnn.sh), and the
# short constant names, Display, Debug and Default derived from them
# (scripts/gen-short-names.py).
#
#   scripts/regen-bindings.sh           regenerate in place
#   scripts/regen-bindings.sh --check   regenerate, then fail (exit 1) if the
#                                       result differs from what git has
#                                       committed (untracked files count too)
#
# Needs libclang (installed by scripts/install-libclang.sh when missing), git,
# python3 with pip, and the network on the first run (~1.4 GB of wheels).
set -euo pipefail

GENERATED=(cudnn-sys/src/generated cudnn-sys/bindings)

log() { printf 'regen-bindings: %s\n' "$*" >&2; }
die() { printf 'regen-bindings: error: %s\n' "$*" >&2; exit 1; }

check=0
for arg in "$@"; do
    case $arg in
        --check) check=1 ;;
        -h|--help) sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//' >&2; exit 0 ;;
        *) die "unknown argument '$arg' (usage: $0 [--check])" ;;
    esac
done

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(git -C "$script_dir" rev-parse --show-toplevel 2>/dev/null || (cd "$script_dir/.." && pwd))
cd "$repo"

log "checking for libclang ..."
bash "$script_dir/install-libclang.sh" >&2

log "fetching the cuDNN headers ..."
fetched=$(bash "$script_dir/fetch-cudnn.sh" all)
eval "$fetched"
: "${CUDNN_8_INCLUDE:?fetch-cudnn.sh printed no CUDNN_8_INCLUDE}" "${CUDNN_9_INCLUDE:?fetch-cudnn.sh printed no CUDNN_9_INCLUDE}"

log "generating bindings from cuDNN $CUDNN_8_VERSION and $CUDNN_9_VERSION ..."
cargo run -q -p xtask -- bindings --include "$CUDNN_8_INCLUDE" --include "$CUDNN_9_INCLUDE"

if [[ $check -eq 0 ]]; then
    log "generating the short constant names and enum traits from the merged bindings ..."
    python3 "$script_dir/gen-short-names.py" >&2
else
    # Checked, not written: it also rewrites the constant lists of the
    # cudnn crate's aliases, outside the generated folders compared below.
    log "checking the short constant names and enum traits against the merged bindings ..."
    python3 "$script_dir/gen-short-names.py" --check >&2 \
        || die "short constant names out of date: run bash scripts/regen-bindings.sh and commit"
fi

if [[ $check -eq 0 ]]; then
    if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        changes=$(git status --porcelain -- "${GENERATED[@]}")
        if [[ -n $changes ]]; then
            log "changed against git (commit them if intended):"
            printf '%s\n' "$changes" >&2
            git --no-pager diff --stat -- "${GENERATED[@]}" >&2
        else
            log "no change against git"
        fi
    fi
    echo "bindings: regenerated ${GENERATED[*]} (cuDNN $CUDNN_8_VERSION, $CUDNN_9_VERSION)"
    exit 0
fi

git rev-parse --is-inside-work-tree >/dev/null 2>&1 \
    || die "--check needs a git checkout to compare against"
# Modified, deleted and untracked ('??') files all count as drift.
changes=$(git status --porcelain --untracked-files=all -- "${GENERATED[@]}")
if [[ -n $changes ]]; then
    echo "bindings drift: regenerated bindings differ from the committed ones"
    printf '%s\n' "$changes"
    git --no-pager diff --stat -- "${GENERATED[@]}"
    echo "(run 'bash scripts/regen-bindings.sh' and commit ${GENERATED[*]})"
    exit 1
fi
echo "bindings: up to date (cuDNN $CUDNN_8_VERSION, $CUDNN_9_VERSION)"
