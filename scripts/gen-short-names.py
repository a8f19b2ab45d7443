#!/usr/bin/env python3
"""Generate cudnn-sys/src/generated/short_names.rs: for every C enum newtype
of the merged bindings, short associated constants without the C prefix,
each an alias of the C-named constant (`cudnnTensorFormat_t::NCHW` is
`cudnnTensorFormat_t::CUDNN_TENSOR_NCHW`), in the manner of ash; and
cudnn-sys/src/generated/enum_traits.rs: `Display` and `Debug` for every C
enum newtype and `Default` for those cuDNN gives a default (see DEFAULTS);
and the list of constants in the doc comment of each alias of such a type
in cudnn/src (see below).

    scripts/gen-short-names.py           rewrite the files
    scripts/gen-short-names.py --check   fail (exit 1) when a file differs

Input: cudnn-sys/src/generated/merged.rs (it already holds both majors:
the shared constants in each type's `impl`, and those whose numbering differs
in the per-major modules `v8` and `v9`), and for the aliases the `.rs` files
of cudnn/src. Needs nothing but python3.

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

The aliases of these types in the `cudnn` crate (`pub type DType =
sys::cudnnDataType_t;`) get, as the last paragraph of their doc comment,
the list of the type's short constants (and its default, if any): rustdoc
does not list a foreign type's constants on an alias's page. The script
rewrites that paragraph in place (it starts with ALIAS_MARK) and leaves
the rest of the file as it is.

`Display` writes a value's C name, as cuDNN's documentation, its API log
and its plan JSON spell it (`CUDNN_KNOB_TYPE_SPLIT_K`): the name of the
type's `impl` (the first one, where two constants share a value); else
the per-major names, each followed by its major where the majors differ
(`CUDNN_KNOB_TYPE_CTA_COUNT (cuDNN 9) or CUDNN_KNOB_TYPE_COUNTS (cuDNN
8)`, `CUDNN_STATUS_BAD_PARAM (cuDNN 8)`); a value no header names prints
as the type and its number (`cudnnBackendKnobType_t(40)`). `Debug` (which
the bindings do not derive for these types) writes the constant as Rust
code names it, with the number: `cudnnBackendKnobType_t::SPLIT_K (0)` (the
short name, or the C name where there is none); a per-major or unnamed
value as the type, its number and what `Display` writes
(`cudnnStatus_t(3): CUDNN_STATUS_BAD_PARAM (cuDNN 8)`, `cudnnStatus_t(99)`).
"""
import os
import re
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SRC = os.path.join(REPO, "cudnn-sys", "src", "generated", "merged.rs")
OUT = os.path.join(REPO, "cudnn-sys", "src", "generated", "short_names.rs")
TRAITS = os.path.join(REPO, "cudnn-sys", "src", "generated", "enum_traits.rs")

# The C enums that get `Default`, with the constant and the reason.
DEFAULTS = {
    # cudnn-frontend asks for mode A for both its "instant" and its "mode A"
    # heuristics, and cudnn's Settings::default() does too; INSTANT is the
    # older name of the same fast model.
    "cudnnBackendHeurMode_t": (
        "CUDNN_HEUR_MODE_A",
        "mode A, cuDNN's fast model, which cudnn-frontend uses for its instant heuristics",
    ),
    "cudnnMathType_t": (
        "CUDNN_DEFAULT_MATH",
        "what a new convolution descriptor has until `cudnnSetConvolutionMathType`",
    ),
    "cudnnReorderType_t": (
        "CUDNN_DEFAULT_REORDER",
        "what a new convolution descriptor has until `cudnnSetConvolutionReorderType`",
    ),
}
VALUED = re.compile(r"pub const (\w+): (\w+) = \w+\(\s*(-?\d+),?\s*\);")
STRUCT = re.compile(r"^pub struct (\w+)\(pub ::core::ffi::c_u?int\);", re.M)

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
    return generate_with_pairs()[0]


def generate_with_pairs():
    text = open(SRC, encoding="utf-8").read()
    by_type = {}
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
        by_type[ty] = pairs
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
    ), by_type


CUDNN_SRC = os.path.join(REPO, "cudnn", "src")
ALIAS_MARK = "Its constants (generated):"
ALIAS = re.compile(
    r"^((?:///.*\n|#\[.*\]\n)*)pub type (\w+) = (sys|cudnn_sys)::(\w+);$", re.M
)


def wrap(words, indent="/// ", width=80):
    lines, line = [], indent.rstrip()
    for w in words:
        if len(line) + 1 + len(w) > width and line != indent.rstrip():
            lines.append(line)
            line = indent.rstrip()
        line += " " + w
    lines.append(line)
    return lines


def alias_paragraph(ty, pairs):
    names = [f"`{short}`" for short, _ in pairs]
    words = [ALIAS_MARK] + [n + "," for n in names[:-1]] + [names[-1] + "."]
    if len(names) > 1:
        words[-2] = words[-2][:-1]
        words.insert(-1, "and")
    c_name = pairs[0][1]
    words += f"Each is also there by its C name (`{c_name}`), which".split()
    words += "`Display` writes.".split()
    if ty in DEFAULTS:
        default = next(short for short, name in pairs if name == DEFAULTS[ty][0])
        words += f"The default is `{default}`.".split()
    return wrap(words)


def rewrite_aliases(text, by_type):
    def one(m):
        block, alias, krate, ty = m.group(1), m.group(2), m.group(3), m.group(4)
        if ty not in by_type:
            return m.group(0)
        lines = block.splitlines()
        docs = [i for i, l in enumerate(lines) if l.startswith("///")]
        end = docs[-1] + 1 if docs else 0
        doc, attrs = lines[:end], lines[end:]
        for i, l in enumerate(doc):
            if l.startswith("/// " + ALIAS_MARK):
                doc = doc[: i - 1 if i > 0 and doc[i - 1] == "///" else i]
                break
        if doc:
            doc.append("///")
        doc += alias_paragraph(ty, by_type[ty])
        return "\n".join(doc + attrs + [f"pub type {alias} = {krate}::{ty};"])
    return ALIAS.sub(one, text)


def alias_files(by_type):
    """(path, new text) of each file of the cudnn crate whose aliases change."""
    out = []
    for root, _, files in sorted(os.walk(CUDNN_SRC)):
        for name in sorted(files):
            if not name.endswith(".rs"):
                continue
            path = os.path.join(root, name)
            text = open(path, encoding="utf-8").read()
            new = rewrite_aliases(text, by_type)
            if new != text:
                out.append((path, new))
    return out


def valued(body, ty):
    """(name, value) of each of `ty`'s constants in `body`, in order."""
    return [(n, int(v)) for n, t, v in VALUED.findall(body) if t == ty]


def display_name(value, shared, majors):
    """The text `Display` writes for `value` (see the docstring), or None."""
    for name, v in shared:
        if v == value:
            return name
    named = []
    for major in sorted(majors, reverse=True):
        for name, v in majors[major]:
            if v == value:
                named.append((major, name))
                break
    if not named:
        return None
    if len(named) == len(majors) and len({n for _, n in named}) == 1:
        return named[0][1]
    return " or ".join(f"{n} (cuDNN {m[1:]})" for m, n in named)


def generate_traits(by_type):
    text = open(SRC, encoding="utf-8").read()
    per_major = {}
    for m in re.finditer(r"^pub mod (v\d+) \{\n(.*?)^\}", text, re.M | re.S):
        for ty, body in MOD.findall(m.group(2)):
            per_major.setdefault(ty, {})[m.group(1)] = valued(body, ty)
    impls = {ty: valued(body, ty) for ty, body in IMPL.findall(text)}
    blocks = []
    for ty in STRUCT.findall(text):
        shared = impls.get(ty, [])
        majors = per_major.get(ty, {})
        values = sorted({v for _, v in shared} | {v for m in majors.values() for _, v in m})
        if not values:
            continue
        lines = [
            f"impl ::core::fmt::Display for {ty} {{",
            "    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {",
            "        f.pad(match self.0 {",
        ]
        for v in values:
            lines.append(f'            {v} => "{display_name(v, shared, majors)}",')
        lines += [
            f'            n => return write!(f, "{ty}({{n}})"),',
            "        })",
            "    }",
            "}",
        ]
        short = {name: sh for sh, name in by_type.get(ty, [])}
        lines += [
            f"impl ::core::fmt::Debug for {ty} {{",
            "    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {",
            "        match self.0 {",
        ]
        for v in values:
            shared_name = next((n for n, x in shared if x == v), None)
            if shared_name is not None:
                text_ = f"{ty}::{short.get(shared_name, shared_name)} ({v})"
            else:
                text_ = f"{ty}({v}): {display_name(v, shared, majors)}"
            lines.append(f'            {v} => f.write_str("{text_}"),')
        lines += [
            f'            n => write!(f, "{ty}({{n}})"),',
            "        }",
            "    }",
            "}",
        ]
        if ty in DEFAULTS:
            name, why = DEFAULTS[ty]
            if name not in {n for n, _ in shared}:
                sys.exit(f"gen-short-names: {ty}: no constant {name} for Default")
            lines += [
                f"/// [`{name}`]({ty}::{name}): {why}.",
                f"impl ::core::default::Default for {ty} {{",
                "    fn default() -> Self {",
                f"        {ty}::{name}",
                "    }",
                "}",
            ]
        blocks.append("\n".join(lines))
    return (
        "// Display (the C name) and Debug (the constant and its number) for each C\n"
        "// enum newtype of merged.rs, and Default for those cuDNN gives a default.\n"
        "// Do not edit: scripts/gen-short-names.py rewrites this file (its docstring\n"
        f"// states the rule). {len(blocks)} types.\n"
        "\n" + "\n".join(blocks) + "\n"
    )


def main():
    check = "--check" in sys.argv[1:]
    stale = False
    short, by_type = generate_with_pairs()
    outputs = [(OUT, short), (TRAITS, generate_traits(by_type))]
    aliases = alias_files(by_type)
    if check:
        for path, _ in aliases:
            rel = os.path.relpath(path, REPO)
            print(f"{rel}: an alias's list of constants is out of date: run scripts/gen-short-names.py", file=sys.stderr)
            stale = True
    else:
        outputs += aliases
    for out, text in outputs:
        rel = os.path.relpath(out, REPO)
        if check:
            old = open(out, encoding="utf-8").read() if os.path.exists(out) else ""
            if old != text:
                print(f"{rel} is out of date: run scripts/gen-short-names.py", file=sys.stderr)
                stale = True
            else:
                print(f"{rel} is up to date")
            continue
        with open(out, "w", encoding="utf-8") as f:
            f.write(text)
        print(f"wrote {rel}")
    if stale:
        sys.exit(1)


if __name__ == "__main__":
    main()
