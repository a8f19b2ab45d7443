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
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, "shapes.json")) as _f:
    SHAPES = json.load(_f)["shapes"]
DTYPES = ["fp32", "tf32", "fp16", "bf16"]
LAYOUTS = ["nchw", "nhwc"]
DIRS = ["fwd", "bwd_data", "bwd_filter"]
MODES = ["heuristic", "benchmark"]


def log(msg, err=False):
    print(f"torch_conv: {msg}", file=sys.stderr if err else sys.stdout, flush=True)


def parse_list(text, allowed, what):
    if text is None or text.strip() == "" or text.strip().lower() == "all":
        return list(allowed)
    out = []
    for part in (p.strip().lower() for p in text.split(",")):
        if not part:
            continue
        if part not in allowed:
            raise SystemExit(f"torch_conv: {what}: unknown value {part!r} (one of {', '.join(allowed)})")
        out.append(part)
    return out


def parse_shapes(text):
    if text is None or text.strip() == "" or text.strip().lower() == "all":
        return [s["index"] for s in SHAPES]
    known = {s["index"] for s in SHAPES}
    out = []
    for part in (p.strip() for p in str(text).split(",")):
        if not part:
            continue
        a, _, b = part.partition("-")
        try:
            lo, hi = int(a), int(b or a)
        except ValueError:
            raise SystemExit(f"torch_conv: shapes: {part!r} is not an index or a range like 3-5")
        for i in range(lo, hi + 1):
            if i not in known:
                raise SystemExit(f"torch_conv: shapes: no shape {i} (shapes.json has 1 to {len(SHAPES)})")
            out.append(i)
    return out


def default_out(name):
    out = os.environ.get("OUT")
    if out:
        return os.path.join(out, name)
    return os.path.join("target", "bench", name)


def selection(args):
    """The shapes, precisions, layouts, directions and timing settings."""
    env = os.environ.get
    quick = args.quick or (env("CONV_BENCH_QUICK", "0") not in ("", "0"))
    sel = {
        "shapes": parse_shapes(args.shapes if args.shapes is not None else env("CONV_BENCH_SHAPES")),
        "dtypes": parse_list(args.dtypes if args.dtypes is not None else env("CONV_BENCH_DTYPES"), DTYPES, "dtypes"),
        "layouts": parse_list(args.layouts if args.layouts is not None else env("CONV_BENCH_LAYOUTS"), LAYOUTS, "layouts"),
        "directions": parse_list(args.dirs if args.dirs is not None else env("CONV_BENCH_DIRS"), DIRS, "dirs"),
        "warm_up_s": 0.1 if quick else 0.5,
        "measurement_s": 0.2 if quick else 1.0,
        "sample_size": 10,
        "quick": quick,
        "matched": None,
    }
    if args.match:
        with open(args.match) as f:
            ours = json.load(f)
        s = ours.get("settings", {})
        sel["shapes"] = list(s.get("shapes", sel["shapes"]))
        sel["dtypes"] = list(s.get("dtypes", sel["dtypes"]))
        sel["layouts"] = list(s.get("layouts", sel["layouts"]))
        sel["directions"] = list(s.get("directions", sel["directions"]))
        sel["warm_up_s"] = float(s.get("warm_up_s", sel["warm_up_s"]))
        sel["measurement_s"] = float(s.get("measurement_s", sel["measurement_s"]))
        sel["sample_size"] = int(s.get("sample_size", sel["sample_size"]))
        sel["quick"] = bool(s.get("quick", sel["quick"]))
        sel["matched"] = os.path.abspath(args.match)
        # Only the configurations the Rust run reached (it may have been cut
        # short by CONV_BENCH_BUDGET_S).
        sel["cases"] = sorted(
            {(r["shape"], r["dtype"], r["layout"]) for r in ours.get("results", []) if "shape" in r}
        )
    if args.warm_up is not None:
        sel["warm_up_s"] = args.warm_up
    if args.measurement is not None:
        sel["measurement_s"] = args.measurement
    if args.samples is not None:
        sel["sample_size"] = args.samples
    return sel


def cudnn_version_string(v):
    if v is None:
        return None
    if v >= 90000:  # 9.x: major * 10000 + minor * 100 + patch
        return f"{v // 10000}.{(v % 10000) // 100}.{v % 100}"
    return f"{v // 1000}.{(v % 1000) // 100}.{v % 100}"  # 8.x: major * 1000 + minor * 100 + patch


def loaded_cudnn():
    """The real path of the libcudnn.so* this process mapped, or None."""
    try:
        with open("/proc/self/maps") as f:
            paths = {line.split(None, 5)[5].strip() for line in f if len(line.split(None, 5)) == 6}
    except OSError:
        return None
    main = sorted(p for p in paths if os.path.basename(p).startswith("libcudnn.so"))
    return os.path.realpath(main[0]) if main else None


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


class Timer:
    """CUDA events around a batch of launches; perf_counter on the CPU."""

    def __init__(self, torch, cuda):
        self.torch, self.cuda = torch, cuda
        if cuda:
            self.start = torch.cuda.Event(enable_timing=True)
            self.end = torch.cuda.Event(enable_timing=True)

    def run(self, op, iters, state):
        if self.cuda:
            self.start.record()
            for _ in range(iters):
                op(state[0])
                state[0] += 1
            self.end.record()
            self.end.synchronize()
            return self.start.elapsed_time(self.end)
        t = time.perf_counter()
        for _ in range(iters):
            op(state[0])
            state[0] += 1
        return (time.perf_counter() - t) * 1e3


def measure(timer, op, warm_up_s, measurement_s, samples):
    """Criterion's warm-up and flat sampling, by the same arithmetic."""
    state = [0]
    total_ms, total_it, it = 0.0, 0, 1
    while True:
        total_ms += timer.run(op, it, state)
        total_it += it
        if total_ms > warm_up_s * 1e3:
            break
        it *= 2
    met = total_ms / total_it
    per_sample = max(1, math.ceil(measurement_s * 1e3 / samples / max(met, 1e-9)))
    per_launch = [timer.run(op, per_sample, state) / per_sample for _ in range(samples)]
    return {
        "median_ms": statistics.median(per_launch),
        "mean_ms": sum(per_launch) / len(per_launch),
        "min_ms": min(per_launch),
        "samples": samples,
        "launches": per_sample * samples,
    }


def kernel_names(torch, op):
    from torch.profiler import ProfilerActivity, profile

    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        for i in range(2):
            op(i)
        torch.cuda.synchronize()
    names = set()
    for e in prof.events():
        if getattr(e, "device_type", None) == torch.autograd.DeviceType.CUDA:
            n = e.name
            if not any(t in n.lower() for t in ("memcpy", "memset")):
                names.add(n)
    return sorted(names)


def worker(args, sel, mode):
    import torch

    cuda = not args.cpu
    dev = torch.device("cuda" if cuda else "cpu")
    torch.backends.cudnn.benchmark = mode == "benchmark"
    torch.backends.cudnn.deterministic = False
    timer = Timer(torch, cuda)
    if cuda:
        props = torch.cuda.get_device_properties(0)
        l2 = int(getattr(props, "L2_cache_size", 0) or (50 << 20))
    else:
        l2 = 32 << 20
    tdtype = {"fp32": torch.float32, "tf32": torch.float32, "fp16": torch.float16, "bf16": torch.bfloat16}
    shapes = {s["index"]: s for s in SHAPES}
    results = []
    kernels_ok = cuda and not args.no_kernels
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
                        # The first call: in benchmark mode, cuDNN's search.
                        t = time.perf_counter()
                        op(0)
                        if cuda:
                            torch.cuda.synchronize()
                        rec["first_call_ms"] = (time.perf_counter() - t) * 1e3
                        rec.update(measure(timer, op, sel["warm_up_s"], sel["measurement_s"], sel["sample_size"]))
                        rec["tflops"] = flops / (rec["median_ms"] * 1e-3) / 1e12
                    except Exception as e:
                        rec["error"] = f"{type(e).__name__}: {e}"
                        log(f"s{idx:02} {dt} {layout} {d} {mode}: failed: {rec['error']}")
                        results.append(rec)
                        continue
                    if kernels_ok:
                        try:
                            rec["kernels"] = kernel_names(torch, op)
                        except Exception as e:  # no CUPTI, say
                            rec["kernels_error"] = f"{type(e).__name__}: {e}"
                            kernels_ok = False
                            log(f"kernel names not recorded: {rec['kernels_error']}")
                    log(
                        f"s{idx:02} {shape_label(s):<28} {dt} {layout} {d:<10} {mode:<9} "
                        f"{rec['median_ms']:.4f} ms  {rec['tflops']:.1f} TFLOP/s  (first call {rec['first_call_ms']:.1f} ms)"
                    )
                    results.append(rec)
                del sets
                if cuda:
                    torch.cuda.empty_cache()
    return results


def machine(torch, cpu):
    info = {
        "torch_version": torch.__version__,
        "torch_cuda": torch.version.cuda,
        "python": sys.version.split()[0],
        "device": "cpu" if cpu else "cuda",
    }
    v = torch.backends.cudnn.version() if torch.backends.cudnn.is_available() else None
    info["cudnn_version_int"] = v
    info["cudnn_version"] = cudnn_version_string(v)
    if not cpu:
        props = torch.cuda.get_device_properties(0)
        info["gpu"] = {
            "name": props.name,
            "compute_capability": [props.major, props.minor],
            "l2_bytes": int(getattr(props, "L2_cache_size", 0) or 0),
            "memory_bytes": int(props.total_memory),
        }
        # Make sure cuDNN is loaded before reading the maps.
        x = torch.zeros(1, 1, 4, 4, device="cuda")
        torch.nn.functional.conv2d(x, torch.zeros(1, 1, 3, 3, device="cuda"))
        torch.cuda.synchronize()
    info["cudnn_path"] = loaded_cudnn()
    return info


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--match", help="the Rust bench's conv_algos.json: same selection and timing settings")
    ap.add_argument("--out", help="results file (default $OUT/torch_conv.json or target/bench/torch_conv.json)")
    ap.add_argument("--shapes", help="indices of shapes.json, e.g. 1,3,5-7")
    ap.add_argument("--dtypes", help="fp32,tf32,fp16,bf16")
    ap.add_argument("--layouts", help="nchw,nhwc")
    ap.add_argument("--dirs", help="fwd,bwd_data,bwd_filter")
    ap.add_argument("--modes", default="heuristic,benchmark", help="heuristic,benchmark (cudnn.benchmark off, on)")
    ap.add_argument("--quick", action="store_true", help="warm-up 0.1 s, measurement 0.2 s")
    ap.add_argument("--warm-up", type=float, help="warm-up seconds")
    ap.add_argument("--measurement", type=float, help="measurement seconds")
    ap.add_argument("--samples", type=int, help="samples (default 10)")
    ap.add_argument("--no-kernels", action="store_true", help="do not record kernel names (torch.profiler)")
    ap.add_argument("--print-cudnn-dir", action="store_true", help="print the folder of the libcudnn PyTorch loads, and exit")
    ap.add_argument("--cpu", action="store_true", help="a pipeline check without a GPU: time PyTorch's CPU convolutions (not a comparison)")
    ap.add_argument("--worker", choices=MODES, help=argparse.SUPPRESS)
    ap.add_argument("--worker-out", help=argparse.SUPPRESS)
    args = ap.parse_args()

    try:
        import torch
    except ImportError as e:
        log(f"not run: PyTorch is not installed for {sys.executable} ({e}); install it on the GPU machine (pip install torch)", err=True)
        return 2
    if not args.cpu:
        if not torch.cuda.is_available():
            log(
                f"not run: PyTorch {torch.__version__} (CUDA {torch.version.cuda}) sees no usable CUDA device "
                "(torch.cuda.is_available() is False); --cpu checks the pipeline without one",
                err=True,
            )
            return 2
        if not torch.backends.cudnn.is_available() or not torch.backends.cudnn.enabled:
            log(f"not run: PyTorch {torch.__version__} has no usable cuDNN", err=True)
            return 2
    if args.print_cudnn_dir:
        path = machine(torch, args.cpu)["cudnn_path"]
        if not path:
            log("no libcudnn.so* is mapped into this process", err=True)
            return 2
        print(os.path.dirname(path))
        return 0

    sel = selection(args)
    if args.worker:
        res = worker(args, sel, args.worker)
        with open(args.worker_out, "w") as f:
            json.dump({"machine": machine(torch, args.cpu), "results": res}, f)
        return 0

    modes = parse_list(args.modes, MODES, "modes")
    out = args.out or default_out("torch_conv.json")
    info = machine(torch, args.cpu)
    log(
        f"PyTorch {info['torch_version']} (CUDA {info['torch_cuda']}), cuDNN {info['cudnn_version']} from "
        f"{info['cudnn_path']}; {info.get('gpu', {}).get('name', 'CPU')}"
    )
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
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out, "w") as f:
        json.dump(doc, f, indent=2)
        f.write("\n")
    errors = sum(1 for r in results if "error" in r)
    log(f"{len(results) - errors} case(s) measured, {errors} failed; results in {out}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
