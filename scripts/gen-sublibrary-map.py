#!/usr/bin/env python3
"""Generate cudnn-sys/src/generated/sublibraries.rs: which cuDNN sub-library
implements each function of cudnn-sys's table, in cuDNN 8 and in cuDNN 9.

    scripts/gen-sublibrary-map.py           rewrite the file
    scripts/gen-sublibrary-map.py --check   fail (exit 1) when the file differs

cuDNN's main library (libcudnn.so.N, cudnn64_N.dll) is a shim: each function
it exports forwards to the sub-library that implements it, loaded by name on
first use. The map is read from the real export tables (the dynamic symbol
tables, through `nm -D --defined-only`) of the pinned releases that
scripts/fetch-cudnn.sh unpacks. A function exported by several sub-libraries
(cuDNN 8's ops_train re-exports nothing, but future releases may) maps to the
first in dependency order. Functions only the shim exports are left out.
"""
import os
import re
import subprocess
import sys

from cudnn_installs import installs

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(REPO, "cudnn-sys", "src", "generated", "sublibraries.rs")
MERGED = os.path.join(REPO, "cudnn-sys", "src", "generated", "merged.rs")

# In dependency order, as cudnn-sys/src/sublibs.rs lists them.
SUBLIBS = {
    8: ["ops_infer", "ops_train", "cnn_infer", "cnn_train", "adv_infer", "adv_train"],
    9: [
        "graph",
        "ops",
        "cnn",
        "adv",
        "engines_precompiled",
        "engines_runtime_compiled",
        "engines_tensor_ir",
        "heuristic",
        "ext",
    ],
}


def exports(path):
    out = subprocess.run(
        ["nm", "-D", "--defined-only", path], check=True, stdout=subprocess.PIPE, text=True
    ).stdout
    names = set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) >= 3 and parts[1] in ("T", "W", "i"):
            names.add(parts[2].split("@")[0])
    return names


def table_functions():
    text = open(MERGED, encoding="utf-8").read()
    return sorted(set(re.findall(r'crate::FunctionInfo \{\s*name: "(\w+)"', text)))


def generate():
    env = installs()
    functions = table_functions()
    maps = {}
    versions = {}
    for major in (8, 9):
        lib = env[f"CUDNN_{major}_LIB"]
        versions[major] = env[f"CUDNN_{major}_VERSION"]
        m = {}
        for sub in SUBLIBS[major]:
            for name in exports(os.path.join(lib, f"libcudnn_{sub}.so.{major}")):
                m.setdefault(name, sub)
        maps[major] = m
    rows = []
    for f in functions:
        a, b = maps[8].get(f), maps[9].get(f)
        if a is None and b is None:
            continue
        lit = lambda s: "None" if s is None else f'Some("{s}")'
        rows.append(f'    ("{f}", {lit(a)}, {lit(b)}),')
    return (
        "// The sub-library that implements each function of the table, read from\n"
        f"// the export tables of cuDNN {versions[8]} and {versions[9]}.\n"
        "// Do not edit: scripts/gen-sublibrary-map.py rewrites this file.\n"
        "\n"
        "/// `(function, sub-library in cuDNN 8, sub-library in cuDNN 9)`, sorted by\n"
        "/// function name; sub-libraries by their short name (`\"ops_infer\"`,\n"
        "/// `\"graph\"`). Functions that only the main library exports are absent.\n"
        "pub(crate) static IMPLEMENTED_IN: &[(&str, Option<&str>, Option<&str>)] = &[\n"
        + "\n".join(rows)
        + "\n];\n"
    )


def main():
    check = "--check" in sys.argv[1:]
    text = generate()
    if check:
        old = open(OUT, encoding="utf-8").read() if os.path.exists(OUT) else ""
        if old != text:
            print(f"{os.path.relpath(OUT, REPO)} is out of date: run scripts/gen-sublibrary-map.py", file=sys.stderr)
            sys.exit(1)
        print(f"{os.path.relpath(OUT, REPO)} is up to date")
        return
    with open(OUT, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"wrote {os.path.relpath(OUT, REPO)}")


if __name__ == "__main__":
    main()
