#!/usr/bin/env python3
"""Joins the Rust attention bench's results (benches/sdpa.rs) with PyTorch's
cuDNN attention (scripts/bench/torch_sdpa.py) into a markdown table.

  python3 scripts/bench/join_sdpa.py target/bench/sdpa.json target/bench/torch_sdpa.json \\
      [--md target/bench/sdpa_comparison.md] [--json target/bench/sdpa_comparison.json]

One row per case both sides ran (shape, precision, mask, direction: fwd, bwd,
fwd_bwd): our time and TFLOP/s, PyTorch's, and the ratio of our TFLOP/s to
PyTorch's (above 1: ours is faster). Both sides count FLOPs alike (forward
4*B*H*S_q*S_kv*D, halved when causal; backward 2.5x; both 3.5x), so the
ratio is also PyTorch's time over ours. A case a side could not run shows its
reason. A second table gives, per direction and mask, the geometric mean of
the ratios. The header says which cuDNN each side loaded and whether it is
the same file, and the GPU of each side.

Exit status 0, or 1 for unreadable input.
"""

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from bench_common import fmt_ms, fmt_ratio, geomean, header_end, load, machine_lines, warn_mixed, write_json  # noqa: E402

DIRECTIONS = {"fwd": 0, "bwd": 1, "fwd_bwd": 2}
MASKS = {"none": 0, "causal": 1}


def key(r):
    return (r.get("shape"), r.get("dtype"), r.get("mask"), r.get("direction"))


def rows(ours, torch):
    theirs = {key(r): r for r in torch.get("results", []) if "direction" in r}
    out = []
    for r in ours.get("results", []):
        if "direction" not in r:
            continue
        t = theirs.get(key(r), {})
        o_tf, t_tf = r.get("tflops"), t.get("tflops")
        out.append(
            {
                "shape": r.get("shape"),
                "label": r.get("label"),
                "dtype": r.get("dtype"),
                "mask": r.get("mask"),
                "direction": r.get("direction"),
                "flops": r.get("flops"),
                "ours_ms": r.get("median_ms"),
                "ours_tflops": o_tf,
                "torch_ms": t.get("median_ms"),
                "torch_tflops": t_tf,
                "ratio": o_tf / t_tf if o_tf and t_tf else None,
                "ours_error": r.get("error"),
                "torch_error": t.get("error") if t else "not run",
                "torch_kernels": t.get("kernels"),
            }
        )
    out.sort(key=lambda x: (x["shape"] or 0, x["dtype"] or "", MASKS.get(x["mask"], 9), DIRECTIONS.get(x["direction"], 9)))
    return out


def summary(table):
    groups = {}
    for r in table:
        groups.setdefault((r["direction"], r["mask"]), []).append(r["ratio"])
    ordered = sorted(groups.items(), key=lambda kv: (DIRECTIONS.get(kv[0][0], 9), MASKS.get(kv[0][1], 9)))
    return [
        {"direction": d, "mask": m, "cases": len(v), "measured": sum(1 for x in v if x), "ratio": geomean(v)}
        for (d, m), v in ordered
    ]


def fmt_tflops(v):
    return "-" if v is None else f"{v:.1f}"


def short(text, limit=70):
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def header(ours, torch):
    lines, same = machine_lines(ours, torch)
    s, ts = ours.get("settings", {}), torch.get("settings", {})
    lines += [
        f"- ours: `cudnn::nn::Attention` (the graph API's SDPA operations), plans: {s.get('plan_search', '?')}; "
        "PyTorch: `scaled_dot_product_attention` under `sdpa_kernel(SDPBackend.CUDNN_ATTENTION)`",
        f"- timing: warm-up {s.get('warm_up_s', '?')} s, measurement {s.get('measurement_s', '?')} s, "
        f"{s.get('sample_size', '?')} samples (flat), median per launch, between CUDA events; "
        f"PyTorch: warm-up {ts.get('warm_up_s', '?')} s, {ts.get('sample_size', '?')} samples, same method",
        f"- FLOPs: {s.get('flop_convention', 'forward 4*B*H*S_q*S_kv*D, halved when causal; backward 2.5x; both 3.5x')}",
        "- directions: fwd (with the softmax statistics), bwd (the backward alone), fwd_bwd (one of each)",
        "- ratio = our TFLOP/s / PyTorch's (above 1: ours is faster)",
    ]
    return lines + header_end(ours, torch, "SDPA_BENCH_BUDGET_S"), same


def markdown(ours, torch, table, groups):
    lines, _ = header(ours, torch)
    md = ["## Scaled dot-product attention: cudnn-rs against PyTorch's cuDNN attention", ""] + lines + [""]
    md += [
        "Per direction and mask (geometric mean of the ratios over the shapes and precisions both sides measured):",
        "",
        "| direction | mask | cases | measured by both | ratio |",
        "| --- | --- | ---: | ---: | ---: |",
    ]
    for g in groups:
        md.append(f"| {g['direction']} | {g['mask']} | {g['cases']} | {g['measured']} | {fmt_ratio(g['ratio'])} |")
    md.append(f"| **all** | | {len(table)} | {sum(1 for r in table if r['ratio'])} | **{fmt_ratio(geomean([r['ratio'] for r in table]))}** |")
    md += [
        "",
        "Every case (times in ms per launch):",
        "",
        "| # | shape (BxH[/H_kv]xSxD) | dtype | mask | dir | ours, ms | ours, TFLOP/s | PyTorch, ms | PyTorch, TFLOP/s "
        "| ratio | notes |",
        "| ---: | --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: | --- |",
    ]
    for r in table:
        notes = []
        if r["ours_error"]:
            notes.append(f"ours: {short(r['ours_error'])}")
        if r["torch_error"]:
            notes.append(f"PyTorch: {short(r['torch_error'])}")
        md.append(
            f"| {r['shape']} | {r['label']} | {r['dtype']} | {r['mask']} | {r['direction']} "
            f"| {fmt_ms(r['ours_ms'])} | {fmt_tflops(r['ours_tflops'])} "
            f"| {fmt_ms(r['torch_ms'])} | {fmt_tflops(r['torch_tflops'])} | {fmt_ratio(r['ratio'])} "
            f"| {'; '.join(notes).replace('|', '/')} |"
        )
    return "\n".join(md) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("ours", help="sdpa.json of benches/sdpa.rs")
    ap.add_argument("torch", help="torch_sdpa.json of scripts/bench/torch_sdpa.py")
    ap.add_argument("--md", help="markdown output (default: sdpa_comparison.md next to ours)")
    ap.add_argument("--json", help="the joined rows as JSON (default: sdpa_comparison.json next to ours)")
    args = ap.parse_args()
    ours, torch = load(args.ours, "Rust"), load(args.torch, "PyTorch")
    folder = os.path.dirname(os.path.abspath(args.ours))
    md_path = args.md or os.path.join(folder, "sdpa_comparison.md")
    json_path = args.json or os.path.join(folder, "sdpa_comparison.json")

    table = rows(ours, torch)
    groups = summary(table)
    with open(md_path, "w") as f:
        f.write(markdown(ours, torch, table, groups))
    write_json(json_path, {"per_direction": groups, "rows": table})
    _, same = header(ours, torch)
    print(f"join_sdpa: cuDNN: {same}")
    print(f"join_sdpa: {len(table)} case(s); table: {md_path}; rows: {json_path}")
    warn_mixed("join_sdpa", same)
    return 0


if __name__ == "__main__":
    sys.exit(main())
