#!/usr/bin/env python3
"""Joins the Rust bench's results (benches/conv_algos.rs) with PyTorch's
(scripts/bench/torch_conv.py) into a markdown table and a PNG chart.

  python3 scripts/bench/join.py target/bench/conv_algos.json target/bench/torch_conv.json \\
      [--md target/bench/comparison.md] [--png target/bench/comparison.png]

For every case both sides measured (shape, precision, layout, direction) the
table gives our time against PyTorch's twice:

  heuristic   our heuristic's pick (SearchMode::Heuristic) against
              torch.backends.cudnn.benchmark = False
  benchmark   Find's pick (SearchMode::Benchmark) against
              torch.backends.cudnn.benchmark = True

with the ratio ours / PyTorch (below 1: we are faster), the algorithm our
side ran and the kernels PyTorch's ran. Our side has one row per API it ran
(the "path" of its records: "legacy", the cudnnConvolution* calls, or
"graph", the backend API's plans, whose Find pick is the autotuned plan);
both are compared with the same PyTorch case. A second table gives, per
shape and path, the geometric mean of the ratios over the precisions,
layouts and directions measured; the chart draws it. The header says which cuDNN each side loaded
and whether it is the same file, and the GPU of each side.

matplotlib draws the chart; without it the tables are still written and the
chart is skipped, with a message. Exit status 0, or 2 for unreadable input.
"""

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from bench_common import fmt_ms, fmt_ratio, geomean, header_end, load, machine_lines, warn_mixed, write_json  # noqa: E402


def short_kernels(names, limit=2):
    if not names:
        return "-"
    # The longest kernel names are cutlass/xmma templates; keep their heads.
    shown = [n if len(n) <= 48 else n[:45] + "..." for n in names[:limit]]
    more = f" (+{len(names) - limit})" if len(names) > limit else ""
    return "<br>".join(f"`{n}`" for n in shown) + more


def rows(ours, torch):
    theirs = {}
    for r in torch.get("results", []):
        key = (r.get("shape"), r.get("dtype"), r.get("layout"), r.get("direction"), r.get("mode"))
        theirs[key] = r
    out = []
    for r in ours.get("results", []):
        if "direction" not in r:
            continue
        key = (r.get("shape"), r.get("dtype"), r.get("layout"), r.get("direction"))
        th = theirs.get(key + ("heuristic",), {})
        tb = theirs.get(key + ("benchmark",), {})
        search = r.get("search", {})

        def pick(flag):
            for a in r.get("algos", []):
                if a.get(flag):
                    return f"{a.get('algo')} ({a.get('math')})"
            return "-"

        oh, ob = r.get("heuristic_pick_ms"), r.get("find_pick_ms")
        t_h, t_b = th.get("median_ms"), tb.get("median_ms")
        out.append(
            {
                "shape": r.get("shape"),
                "label": r.get("label"),
                "dtype": r.get("dtype"),
                "layout": r.get("layout"),
                "direction": r.get("direction"),
                "path": r.get("path", "legacy"),
                "ours_heuristic_ms": oh,
                "ours_heuristic_algo": pick("heuristic_pick"),
                "torch_heuristic_ms": t_h,
                "ratio_heuristic": oh / t_h if oh and t_h else None,
                "ours_find_ms": ob,
                "ours_find_algo": pick("find_pick"),
                "torch_benchmark_ms": t_b,
                "ratio_benchmark": ob / t_b if ob and t_b else None,
                "torch_kernels_heuristic": th.get("kernels"),
                "torch_kernels_benchmark": tb.get("kernels"),
                "ours_fastest": r.get("fastest"),
                "ours_fastest_ms": r.get("fastest_ms"),
                "heuristic_slowdown": r.get("heuristic_slowdown"),
                "ours_search_heuristic_ms": search.get("heuristic_ms"),
                "ours_search_find_ms": search.get("find_ms"),
                "torch_first_call_benchmark_ms": tb.get("first_call_ms"),
                "torch_error": th.get("error") or tb.get("error"),
            }
        )
    return out


def paths(table):
    """The paths of the table, legacy first."""
    order = {"legacy": 0, "graph": 1}
    return sorted({r["path"] for r in table}, key=lambda p: (order.get(p, 2), p))


def per_shape(table):
    shapes = {}
    for r in table:
        key = (r["shape"], r["path"])
        s = shapes.setdefault(key, {"label": r["label"], "h": [], "b": [], "n": 0})
        s["n"] += 1
        s["h"].append(r["ratio_heuristic"])
        s["b"].append(r["ratio_benchmark"])
    rank = {p: i for i, p in enumerate(paths(table))}
    return [
        {
            "shape": k[0],
            "path": k[1],
            "label": v["label"],
            "cases": v["n"],
            "heuristic": geomean(v["h"]),
            "benchmark": geomean(v["b"]),
        }
        for k, v in sorted(shapes.items(), key=lambda kv: (kv[0][0] or 0, rank[kv[0][1]]))
    ]


def header(ours, torch):
    lines, same = machine_lines(ours, torch)
    s = ours.get("settings", {})
    lines += [
        f"- timing: warm-up {s.get('warm_up_s', '?')} s, measurement {s.get('measurement_s', '?')} s, "
        f"{s.get('sample_size', '?')} samples (flat), median per launch; buffers rotated past 2x L2; "
        f"PyTorch: warm-up {torch.get('settings', {}).get('warm_up_s', '?')} s, "
        f"{torch.get('settings', {}).get('sample_size', '?')} samples, same method",
        "- ratio = our time / PyTorch's (below 1: ours is faster). heuristic: our heuristic's pick vs "
        "`cudnn.benchmark = False`; benchmark: Find's pick vs `cudnn.benchmark = True`",
    ]
    return lines + header_end(ours, torch, "CONV_BENCH_BUDGET_S"), same


def markdown(ours, torch, table, shapes):
    lines, _ = header(ours, torch)
    md = ["## Convolutions: cudnn-rs against PyTorch", ""] + lines + [""]
    md += [
        "Per shape and path (geometric mean of the ratios over the precisions, layouts and directions measured):",
        "",
        "| # | shape (NxCxHxW-kK-RxS-pad-stride) | path | cases | heuristic ratio | benchmark ratio |",
        "| ---: | --- | --- | ---: | ---: | ---: |",
    ]
    for s in shapes:
        md.append(
            f"| {s['shape']} | {s['label']} | {s['path']} | {s['cases']} | {fmt_ratio(s['heuristic'])} "
            f"| {fmt_ratio(s['benchmark'])} |"
        )
    for path in paths(table):
        rows_p = [r for r in table if r["path"] == path]
        all_h = geomean([r["ratio_heuristic"] for r in rows_p])
        all_b = geomean([r["ratio_benchmark"] for r in rows_p])
        md.append(f"| | **all** | {path} | {len(rows_p)} | **{fmt_ratio(all_h)}** | **{fmt_ratio(all_b)}** |")
    md += [
        "",
        "Every case (times in ms per launch):",
        "",
        "| # | dtype | layout | dir | path | ours, heuristic | algorithm | PyTorch, benchmark=False | ratio "
        "| ours, Find | algorithm | PyTorch, benchmark=True | ratio | PyTorch's kernels (benchmark=True) |",
        "| ---: | --- | --- | --- | --- | ---: | --- | ---: | ---: | ---: | --- | ---: | ---: | --- |",
    ]
    for r in table:
        kernels = short_kernels(r["torch_kernels_benchmark"])
        if r["torch_error"]:
            kernels = f"error: {r['torch_error'][:60]}"
        md.append(
            f"| {r['shape']} | {r['dtype']} | {r['layout']} | {r['direction']} | {r['path']} "
            f"| {fmt_ms(r['ours_heuristic_ms'])} "
            f"| {r['ours_heuristic_algo']} | {fmt_ms(r['torch_heuristic_ms'])} | {fmt_ratio(r['ratio_heuristic'])} "
            f"| {fmt_ms(r['ours_find_ms'])} | {r['ours_find_algo']} | {fmt_ms(r['torch_benchmark_ms'])} "
            f"| {fmt_ratio(r['ratio_benchmark'])} | {kernels} |"
        )
    return "\n".join(md) + "\n"


def chart(path, ours, torch, shapes):
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as e:
        return f"chart skipped: matplotlib is not installed for {sys.executable} ({e})"
    keys = []
    for s in shapes:
        if (s["shape"], s["label"]) not in keys:
            keys.append((s["shape"], s["label"]))
    labels = [f"{k[0]}: {k[1]}" for k in keys]
    names = []
    for s in shapes:
        if s["path"] not in names:
            names.append(s["path"])
    series = [(p, kind) for p in names for kind in ("heuristic", "benchmark")]
    fig, ax = plt.subplots(figsize=(max(8, 0.35 * len(series) * len(keys) + 3), 5.5))
    xs = range(len(keys))
    width = 0.8 / max(1, len(series))
    what = {"heuristic": "heuristic (benchmark=False)", "benchmark": "Find (benchmark=True)"}
    for j, (p, kind) in enumerate(series):
        by_shape = {s["shape"]: s[kind] for s in shapes if s["path"] == p}
        ys = [by_shape.get(k[0]) or 0 for k in keys]
        offset = (j - (len(series) - 1) / 2) * width
        ax.bar([x + offset for x in xs], ys, width=width, label=f"{p}: {what[kind]}")
    ax.axhline(1.0, color="black", linewidth=0.8)
    ax.set_xticks(list(xs))
    ax.set_xticklabels(labels, rotation=60, ha="right", fontsize=8)
    ax.set_ylabel("our time / PyTorch's time (geometric mean)")
    gpu = ours.get("gpu", {}).get("name", "?")
    ax.set_title(
        f"cudnn-rs vs PyTorch {torch.get('torch_version', '?')}: {gpu}, cuDNN {ours.get('cudnn_version', '?')}",
        fontsize=10,
    )
    ax.legend()
    fig.tight_layout()
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    fig.savefig(path, dpi=120)
    return f"chart: {path}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("ours", help="conv_algos.json of benches/conv_algos.rs")
    ap.add_argument("torch", help="torch_conv.json of scripts/bench/torch_conv.py")
    ap.add_argument("--md", help="markdown output (default: comparison.md next to ours)")
    ap.add_argument("--png", help="chart output (default: comparison.png next to ours)")
    ap.add_argument("--json", help="the joined rows as JSON (default: comparison.json next to ours)")
    args = ap.parse_args()
    ours, torch = load(args.ours, "Rust"), load(args.torch, "PyTorch")
    folder = os.path.dirname(os.path.abspath(args.ours))
    md_path = args.md or os.path.join(folder, "comparison.md")
    png_path = args.png or os.path.join(folder, "comparison.png")
    json_path = args.json or os.path.join(folder, "comparison.json")

    table = rows(ours, torch)
    shapes = per_shape(table)
    text = markdown(ours, torch, table, shapes)
    with open(md_path, "w") as f:
        f.write(text)
    write_json(json_path, {"per_shape": shapes, "rows": table})
    _, same = header(ours, torch)
    print(f"join: cuDNN: {same}")
    print(f"join: {len(table)} case(s); table: {md_path}; rows: {json_path}")
    print(f"join: {chart(png_path, ours, torch, shapes)}")
    warn_mixed("join", same)
    return 0


if __name__ == "__main__":
    sys.exit(main())
