#!/usr/bin/env python3
"""The PyTorch side of the convolution comparison (benches/conv_algos.rs).

Runs the shapes of scripts/bench/shapes.json through PyTorch's cuDNN
convolutions on the GPU, forward, backward data and backward filter, with
the same method as the Rust bench: buffers rotated over as many sets as it
takes to exceed twice the L2 cache, back-to-back launches between two CUDA
events, a warm-up whose length is a time, then a fixed number of samples of
equal launch counts (criterion's "flat" sampling); the statistic is the
median over samples of (sample time / launches).

Precisions and layouts as in the Rust bench: fp32 with
torch.backends.cudnn.allow_tf32 = False, "tf32" with it True, fp16 and bf16;
NCHW, or NHWC as torch.channels_last. Each algorithm-choice mode runs in a
process of its own, because PyTorch caches the plan it chose per shape
whatever torch.backends.cudnn.benchmark says:

  heuristic   torch.backends.cudnn.benchmark = False
  benchmark   torch.backends.cudnn.benchmark = True (cuDNN times candidates)

Usage (on the GPU machine; see scripts/bench/gpu-run.sh):

  python3 scripts/bench/torch_conv.py --match target/bench/conv_algos.json
  python3 scripts/bench/torch_conv.py --shapes 2,14 --dtypes fp16 --quick

--match takes the selection (shapes, precisions, layouts, directions) and the
timing settings from the Rust bench's results, so both sides measure the same
things the same way. Without it the CONV_BENCH_* variables of the Rust bench
apply (CONV_BENCH_SHAPES, _DTYPES, _LAYOUTS, _DIRS, _QUICK), then the options.

It writes JSON to --out (default $OUT/torch_conv.json, else
target/bench/torch_conv.json) with the cuDNN version PyTorch reports and the
path of the libcudnn it loaded (read from /proc/self/maps), so that join.py
can check that both sides loaded the same file. It also records the names of
the GPU kernels each case ran (torch.profiler; --no-kernels skips that).

Exit status: 0 when it measured, 2 when it could not run (no PyTorch, no CUDA
device, cuDNN disabled), 1 when a mode's worker failed.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import bench_common as common  # noqa: E402
with open(os.path.join(HERE, "shapes.json")) as _f:
    SHAPES = json.load(_f)["shapes"]
DTYPES = ["fp32", "tf32", "fp16", "bf16"]
LAYOUTS = ["nchw", "nhwc"]
DIRS = ["fwd", "bwd_data", "bwd_filter"]
MODES = ["heuristic", "benchmark"]
log = common.log_to("torch_conv")


def selection(args):
    """The shapes, precisions, layouts, directions and timing settings."""
    lists = {
        "dtypes": (args.dtypes, DTYPES, "dtypes"),
        "layouts": (args.layouts, LAYOUTS, "layouts"),
        "directions": (args.dirs, DIRS, "dirs"),
    }
    return common.selection("torch_conv", args, "CONV_BENCH", (SHAPES, "shapes.json"), lists, ("shape", "dtype", "layout"))


def output_hw(s):
    p = (s["h"] + 2 * s["pad"] - s["r"]) // s["stride"] + 1
    q = (s["w"] + 2 * s["pad"] - s["s"]) // s["stride"] + 1
    return p, q


def shape_label(s):
    return f"{s['n']}x{s['c']}x{s['h']}x{s['w']}-k{s['k']}-{s['r']}x{s['s']}-p{s['pad']}-s{s['stride']}"


def rotation_sets(s, elem, l2_bytes):
    """The Rust bench's rule: sets whose inputs and outputs exceed 2 x L2, at most 4 GiB."""
    p, q = output_hw(s)
    x = s["n"] * s["c"] * s["h"] * s["w"]
    w = s["k"] * s["c"] * s["r"] * s["s"]
    y = s["n"] * s["k"] * p * q
    touched = (x + w + y) * elem
    set_bytes = touched + (x + w) * elem
    want = -(-2 * max(l2_bytes, 1 << 20) // max(touched, 1))
    return max(1, min(max(1, min(want, 1024)), max(1, (4 << 30) // max(set_bytes, 1)))), set_bytes


def worker(args, sel, mode):
    import torch

    cuda = not args.cpu
    dev = torch.device("cuda" if cuda else "cpu")
    torch.backends.cudnn.benchmark = mode == "benchmark"
    torch.backends.cudnn.deterministic = False
    timer = common.Timer(torch, cuda)
    l2 = common.l2_bytes(torch, not cuda)
    tdtype = {"fp32": torch.float32, "tf32": torch.float32, "fp16": torch.float16, "bf16": torch.bfloat16}
    shapes = {s["index"]: s for s in SHAPES}
    results = []
    kernels = [cuda and not args.no_kernels]
    for idx in sel["shapes"]:
        s = shapes[idx]
        p, q = output_hw(s)
        stride, pad = [s["stride"]] * 2, [s["pad"]] * 2
        flops = 2.0 * s["n"] * s["k"] * s["c"] * s["r"] * s["s"] * p * q
        for dt in sel["dtypes"]:
            torch.backends.cudnn.allow_tf32 = dt == "tf32"
            elem = torch.tensor([], dtype=tdtype[dt]).element_size()
            for layout in sel["layouts"]:
                if "cases" in sel and (idx, dt, layout) not in sel["cases"]:
                    continue
                mf = torch.channels_last if layout == "nhwc" else torch.contiguous_format
                base = {"shape": idx, "label": shape_label(s), "dtype": dt, "layout": layout, "mode": mode, "flops": flops}
                nsets, set_bytes = rotation_sets(s, elem, l2)
                try:
                    gen = torch.Generator(device=dev).manual_seed(idx)

                    def rand(*dims):
                        t = torch.rand(*dims, generator=gen, device=dev, dtype=torch.float32) - 0.5
                        return t.to(tdtype[dt]).contiguous(memory_format=mf)

                    sets = [
                        (
                            rand(s["n"], s["c"], s["h"], s["w"]),
                            rand(s["k"], s["c"], s["r"], s["s"]),
                            rand(s["n"], s["k"], p, q),
                        )
                        for _ in range(nsets)
                    ]
                except Exception as e:  # out of memory, an unsupported dtype
                    for d in sel["directions"]:
                        results.append(dict(base, direction=d, error=f"buffers: {e}"))
                    log(f"s{idx:02} {dt} {layout}: buffers failed: {e}")
                    continue
                conv_bwd = torch.ops.aten.convolution_backward
                for d in sel["directions"]:
                    if d == "fwd":
                        def op(i, sets=sets):
                            x, w, _ = sets[i % len(sets)]
                            return torch.nn.functional.conv2d(x, w, None, stride, pad)
                    else:
                        mask = [True, False, False] if d == "bwd_data" else [False, True, False]

                        def op(i, sets=sets, mask=mask):
                            x, w, dy = sets[i % len(sets)]
                            return conv_bwd(dy, x, w, None, stride, pad, [1, 1], False, [0, 0], 1, mask)

                    rec = dict(base, direction=d, buffer_sets=nsets, buffer_set_bytes=set_bytes)
                    try:
                        rec.update(common.first_and_measure(torch, timer, op, sel, cuda))
                        rec["tflops"] = flops / (rec["median_ms"] * 1e-3) / 1e12
                    except Exception as e:
                        rec["error"] = f"{type(e).__name__}: {e}"
                        log(f"s{idx:02} {dt} {layout} {d} {mode}: failed: {rec['error']}")
                        results.append(rec)
                        continue
                    common.add_kernels(torch, rec, op, kernels, log)
                    log(
                        f"s{idx:02} {shape_label(s):<28} {dt} {layout} {d:<10} {mode:<9} "
                        f"{rec['median_ms']:.4f} ms  {rec['tflops']:.1f} TFLOP/s  (first call {rec['first_call_ms']:.1f} ms)"
                    )
                    results.append(rec)
                del sets
                if cuda:
                    torch.cuda.empty_cache()
    return results


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--match", help="the Rust bench's conv_algos.json: same selection and timing settings")
    ap.add_argument("--out", help="results file (default $OUT/torch_conv.json or target/bench/torch_conv.json)")
    ap.add_argument("--shapes", help="indices of shapes.json, e.g. 1,3,5-7")
    ap.add_argument("--dtypes", help="fp32,tf32,fp16,bf16")
    ap.add_argument("--layouts", help="nchw,nhwc")
    ap.add_argument("--dirs", help="fwd,bwd_data,bwd_filter")
    ap.add_argument("--modes", default="heuristic,benchmark", help="heuristic,benchmark (cudnn.benchmark off, on)")
    common.add_timing_args(ap)
    ap.add_argument("--cpu", action="store_true", help="a pipeline check without a GPU: time PyTorch's CPU convolutions (not a comparison)")
    ap.add_argument("--worker", choices=MODES, help=argparse.SUPPRESS)
    ap.add_argument("--worker-out", help=argparse.SUPPRESS)
    args = ap.parse_args()

    torch = common.import_torch(log, args.cpu)
    if torch is None:
        return 2
    if args.print_cudnn_dir:
        return common.print_cudnn_dir(common.machine(torch, args.cpu)["cudnn_path"], log)

    sel = selection(args)
    if args.worker:
        res = worker(args, sel, args.worker)
        with open(args.worker_out, "w") as f:
            json.dump({"machine": common.machine(torch, args.cpu), "results": res}, f)
        return 0

    modes = common.parse_names("torch_conv", args.modes, MODES, "modes")
    out = args.out or common.default_out("torch_conv.json")
    info = common.machine(torch, args.cpu)
    common.announce(log, info)
    log(
        f"{len(sel['shapes'])} shape(s) x {len(sel['dtypes'])} precision(s) x {len(sel['layouts'])} layout(s) x "
        f"{len(sel['directions'])} direction(s) x {len(modes)} mode(s); warm-up {sel['warm_up_s']} s, "
        f"measurement {sel['measurement_s']} s, {sel['sample_size']} samples"
    )
    results, failed = [], 0
    for mode in modes:
        with tempfile.TemporaryDirectory() as tmp:
            part = os.path.join(tmp, "part.json")
            # The worker sees the same arguments, so makes the same selection.
            cmd = [sys.executable, os.path.abspath(__file__), *sys.argv[1:], "--worker", mode, "--worker-out", part]
            rc = subprocess.call(cmd)
            if rc != 0 or not os.path.exists(part):
                log(f"the {mode} worker failed (exit status {rc})")
                failed += 1
                continue
            with open(part) as f:
                doc = json.load(f)
            results += doc["results"]
            if doc["machine"].get("cudnn_path") and doc["machine"]["cudnn_path"] != info["cudnn_path"]:
                log(f"warning: the {mode} worker loaded {doc['machine']['cudnn_path']}")
    settings = {k: v for k, v in sel.items()}
    settings["modes"] = modes
    settings["sampling"] = "flat"
    settings["statistic"] = "median over samples of (event time of a sample / launches in it)"
    doc = dict(info, tool="scripts/bench/torch_conv.py", settings=settings, results=results)
    common.write_results(log, out, doc, results)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
