#!/usr/bin/env python3
"""Generate cudnn-sys/src/generated/short_names.rs: for every C enum newtype
of the merged bindings, short associated constants without the C prefix,
each an alias of the C-named constant (`cudnnTensorFormat_t::NCHW` is
`cudnnTensorFormat_t::CUDNN_TENSOR_NCHW`), in the manner of ash.

    scripts/gen-short-names.py           rewrite the file
    scripts/gen-short-names.py --check   fail (exit 1) when the file differs

Input: cudnn-sys/src/generated/merged.rs only (it already holds both majors:
the shared constants in each type's `impl`, and those whose numbering differs
in the per-major modules `v8` and `v9`). Needs nothing but python3.

The rule, per type:

1. The prefix is the longest common prefix of all the type's constant names
   (those of its `impl` and of its per-major modules together), cut back to
   just after an underscore, and short enough that every name keeps at
   least one character after it. `CUDNN_TENSOR_NCHW`, `CUDNN_TENSOR_NHWC`
   and `CUDNN_TENSOR_NCHW_VECT_C` give `CUDNN_TENSOR_`.
   - A count sentinel (a name ending in `_COUNT`) that alone shortens the
     prefix is left out of it, and loses only the part of the prefix it
     shares: `CUDNN_HEUR_MODE_INSTANT`, ... give the prefix
     `CUDNN_HEUR_MODE_`, and `CUDNN_HEUR_MODES_COUNT` becomes `MODES_COUNT`.
   - A type with one constant loses `CUDNN_` and the word after it
     (`CUDNN_LRN_CROSS_CHANNEL_DIM1` gives `CROSS_CHANNEL_DIM1`).
2. The short name is the C name without the prefix. When that starts with a
   digit (not a Rust identifier), the last word of the prefix stays in front,
   as ash writes `ImageType::TYPE_2D`: `CUDNN_RESAMPLE_2D` with the prefix
   `CUDNN_RESAMPLE_` would give `RESAMPLE_2D`.
3. A short name equal to a C name of the same type is not emitted (the type
   has no prefix to strip, e.g. `libraryPropertyType_t::MAJOR_VERSION`).
   A type whose names do not start with `CUDNN_` gets no short names.
4. Two constants of one type whose short names are equal, or a short name
   equal to another constant's C name, stop the script with an error; a
   header that causes it needs a rule of its own here.

Only the constants of each type's `impl` get short names; those of the
per-major modules (`v8::cudnnStatus_t::CUDNN_STATUS_BAD_PARAM`) keep only
their C names, since a module cannot be extended from a second file.
"""
import os
import re
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SRC = os.path.join(REPO, "cudnn-sys", "src", "generated", "merged.rs")
OUT = os.path.join(REPO, "cudnn-sys", "src", "generated", "short_names.rs")

IMPL = re.compile(r"^impl (\w+) \{\n(.*?)^\}", re.M | re.S)
MOD = re.compile(r"^    pub mod (\w+) \{\n(.*?)^    \}", re.M | re.S)
CONST = re.compile(r"pub const (\w+): (\w+) =")


def consts(body, ty):
    return [n for n, t in CONST.findall(body) if t == ty]


def common_prefix(names):
    """The longest underscore-terminated prefix of all `names` that leaves
    every name at least one character."""
    common = os.path.commonprefix(names)
    common = common[: min(len(n) for n in names) - 1]
    cut = common.rfind("_")
    return common[: cut + 1] if cut >= 0 else ""


def prefix_of(names):
    """(prefix, sentinels): the prefix of rule 1 and the count sentinels
    left out of it."""
    if len(names) == 1:
        parts = names[0].split("_", 2)
        return ("_".join(parts[:2]) + "_" if len(parts) == 3 else ""), []
    prefix = common_prefix(names)
    sentinels = [n for n in names if n.endswith("_COUNT")]
    rest = [n for n in names if not n.endswith("_COUNT")]
    if sentinels and len(rest) >= 2:
        longer = common_prefix(rest)
        if len(longer) > len(prefix):
            return longer, sentinels
    return prefix, []


def short_names(ty, shared, all_names):
    if not all(n.startswith("CUDNN_") for n in all_names):
        return []
    prefix, sentinels = prefix_of(sorted(set(all_names)))
    last_word = prefix.rstrip("_").rsplit("_", 1)[-1]
    out = []
    seen = {}
    for name in shared:
        if name in sentinels:
            short = name[len(common_prefix([name, prefix + "_"])) :]
        else:
            short = name[len(prefix) :]
        if short[0].isdigit():
            short = f"{last_word}_{short}"
        if short == name:
            continue
        if short in all_names:
            sys.exit(f"gen-short-names: {ty}: short name {short} of {name} is the C name of another constant")
        if short in seen:
            sys.exit(f"gen-short-names: {ty}: {name} and {seen[short]} both shorten to {short}")
        seen[short] = name
        out.append((short, name))
    return out


def generate():
    text = open(SRC, encoding="utf-8").read()
    per_major = {}
    for m in re.finditer(r"^pub mod (v\d+) \{\n(.*?)^\}", text, re.M | re.S):
        for ty, body in MOD.findall(m.group(2)):
            per_major.setdefault(ty, []).extend(consts(body, ty))
    blocks = []
    count = 0
    for ty, body in IMPL.findall(text):
        shared = consts(body, ty)
        if not shared:
            continue
        pairs = short_names(ty, shared, shared + per_major.get(ty, []))
        if not pairs:
            continue
        lines = [f"impl {ty} {{"]
        for short, name in pairs:
            lines.append(f"    /// [`{name}`](Self::{name}).")
            lines.append(f'    #[doc(alias = "{name}")]')
            lines.append(f"    pub const {short}: {ty} = {ty}::{name};")
        lines.append("}")
        blocks.append("\n".join(lines))
        count += len(pairs)
    return (
        "// Short names of the constants of merged.rs: each C enum newtype's constants\n"
        "// without their common prefix, as aliases of the C-named ones.\n"
        "// Do not edit: scripts/gen-short-names.py rewrites this file (its docstring\n"
        f"// states the rule). {count} constants.\n"
        "\n" + "\n".join(blocks) + "\n"
    )


def main():
    check = "--check" in sys.argv[1:]
    text = generate()
    rel = os.path.relpath(OUT, REPO)
    if check:
        old = open(OUT, encoding="utf-8").read() if os.path.exists(OUT) else ""
        if old != text:
            print(f"{rel} is out of date: run scripts/gen-short-names.py", file=sys.stderr)
            sys.exit(1)
        print(f"{rel} is up to date")
        return
    with open(OUT, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"wrote {rel}")


if __name__ == "__main__":
    main()
