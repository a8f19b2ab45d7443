#!/usr/bin/env python3
"""The PyTorch side of the attention comparison (benches/sdpa.rs).

Runs the shapes of scripts/bench/sdpa_shapes.json through
torch.nn.functional.scaled_dot_product_attention restricted to its cuDNN
backend (torch.nn.attention.sdpa_kernel(SDPBackend.CUDNN_ATTENTION): no
fallback to another kernel), in bf16 and fp16, without and with a causal
mask, q dense [batch, heads, seq, head_dim], k and v [batch, kv_heads, seq,
head_dim] (grouped-query shapes pass enable_gqa=True, PyTorch 2.5 and
later), the default scale 1/sqrt(head_dim), no dropout. Without --shapes or
SDPA_BENCH_SHAPES the file's `default` shapes run (the Llama-3.1 shapes are
5 and 6). Three directions, as in the Rust bench:

  fwd       the forward, with q, k and v requiring gradients (so that it
            also writes the softmax statistics for the backward, as the
            Rust bench's forward does)
  bwd       the backward alone: torch.autograd.grad of a forward's output
            with retain_graph=True, repeated
  fwd_bwd   a forward, then torch.autograd.grad of its output

fp8 (--dtypes fp8 or SDPA_BENCH_DTYPES=...,fp8; never by default): q, k and
v as torch.float8_e4m3fn through the same call, forward only, the row of the
Rust bench's AttentionFp8Inference. PyTorch's scaled_dot_product_attention
may have no FP8 path: then the row holds the reason (printed too) instead of
a time, and the other rows still run.

Timing as in scripts/bench/torch_conv.py (bench_common.py's): buffers
rotated over as many sets as it takes to exceed twice the L2 cache (the
Rust bench's rule), back-to-back calls between two CUDA events, a warm-up
whose length is a time, then a fixed number of samples of equal call counts;
the statistic is the median over samples of (sample time / calls).

FLOPs as in FlashAttention's and PyTorch's attention benchmarks: forward
4 * B * H * S_q * S_kv * D, halved when causal; backward 2.5 times the
forward; forward and backward 3.5 times.

Usage (on the GPU machine; see scripts/bench/gpu-run.sh):

  python3 scripts/bench/torch_sdpa.py --match target/bench/sdpa.json
  python3 scripts/bench/torch_sdpa.py --shapes 1 --dtypes bf16 --quick
  python3 scripts/bench/torch_sdpa.py --print-cudnn-dir

--match takes the selection (shapes, precisions, masks, directions) and the
timing settings from the Rust bench's results, so both sides measure the same
things the same way. Without it the SDPA_BENCH_* variables of the Rust bench
apply (SDPA_BENCH_SHAPES, _DTYPES, _MASKS, _DIRS, _QUICK), then the options.

When the cuDNN backend refuses a case (an old PyTorch or cuDNN, a GPU it
does not support), the case's record holds the reason (the error and the
warnings PyTorch gave) instead of a time.

It writes JSON to --out (default $OUT/torch_sdpa.json, else
target/bench/torch_sdpa.json) with the cuDNN version PyTorch reports and the
path of the libcudnn it loaded, and the GPU kernels each case ran
(torch.profiler; --no-kernels skips that).

--cpu checks the pipeline without a GPU: PyTorch's math backend on the CPU
(use it with --shapes 1 and one precision; it is not a comparison).

Exit status: 0 when it wrote its results with at least one case measured, 1
when every case failed, 2 when it could not run (no PyTorch, no CUDA device,
cuDNN disabled).
"""

import argparse
import json
import os
import sys
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import bench_common as common  # noqa: E402  (the timing, the machine and the cuDNN path)

with open(os.path.join(HERE, "sdpa_shapes.json")) as _f:
    _DOC = json.load(_f)
SHAPES = _DOC["shapes"]
DEFAULT_SHAPES = _DOC["default"]
DTYPES = ["bf16", "fp16", "fp8"]
DEFAULT_DTYPES = ["bf16", "fp16"]
MASKS = ["none", "causal"]
DIRS = ["fwd", "bwd", "fwd_bwd"]
FLOP_FACTOR = {"fwd": 1.0, "bwd": 2.5, "fwd_bwd": 3.5}
FLOP_CONVENTION = (
    "forward 4*B*H*S_q*S_kv*D (two matmuls of 2*S_q*S_kv*D each per head), halved when causal; "
    "backward 2.5x the forward; forward+backward 3.5x"
)


log = common.log_to("torch_sdpa")


def selection(args):
    """The shapes, precisions, masks, directions and timing settings."""
    lists = {
        "dtypes": (args.dtypes, DTYPES, "dtypes"),
        "masks": (args.masks, MASKS, "masks"),
        "directions": (args.dirs, DIRS, "dirs"),
    }
    sel = common.selection("torch_sdpa", args, "SDPA_BENCH", (SHAPES, "sdpa_shapes.json"), lists, ("shape", "dtype", "mask"))
    if not args.match:
        # The Rust bench's defaults: the file's default shapes, the half types.
        if args.shapes is None and not os.environ.get("SDPA_BENCH_SHAPES"):
            sel["shapes"] = list(DEFAULT_SHAPES)
        if args.dtypes is None and not os.environ.get("SDPA_BENCH_DTYPES"):
            sel["dtypes"] = list(DEFAULT_DTYPES)
    return sel


def kv_heads(s):
    return s.get("kv_heads", s["heads"])


def label(s):
    heads = s["heads"] if kv_heads(s) == s["heads"] else f"{s['heads']}/{kv_heads(s)}"
    return f"{s['batch']}x{heads}x{s['seq']}x{s['head_dim']}"


def forward_flops(s, causal):
    full = 4.0 * s["batch"] * s["heads"] * s["seq"] * s["seq"] * s["head_dim"]
    return full / 2 if causal else full


def rotation_sets(s, elem, l2_bytes, fp8=False):
    """The Rust bench's rule: q, o, d_o, dq and k, v, dk, dv, plus the f32
    statistics, per set (FP8: q, o, k, v); sets exceeding 2 x L2 together,
    at most 4 GiB."""
    n = s["batch"] * s["heads"] * s["seq"]
    n_kv = s["batch"] * kv_heads(s) * s["seq"]
    if fp8:
        set_bytes = 2 * (n + n_kv) * s["head_dim"] * elem
    else:
        set_bytes = 4 * (n + n_kv) * s["head_dim"] * elem + 4 * n
    want = -(-2 * max(l2_bytes, 1 << 20) // set_bytes)
    return max(1, min(want, 1024, max(1, (4 << 30) // set_bytes))), set_bytes


def backend_context(torch, cpu):
    """The sdpa_kernel context of the cuDNN backend (the math backend with
    --cpu), and its name; or None and why it is not there."""
    try:
        from torch.nn.attention import SDPBackend, sdpa_kernel
    except ImportError as e:
        return None, f"PyTorch {torch.__version__} has no torch.nn.attention.sdpa_kernel ({e}); it needs 2.3 or later"
    name = "MATH" if cpu else "CUDNN_ATTENTION"
    which = getattr(SDPBackend, name, None)
    if which is None:
        return None, f"PyTorch {torch.__version__} has no SDPBackend.{name}"
    return (lambda: sdpa_kernel(which)), name


def reason(exc, caught):
    """The error, with the warnings PyTorch gave on the way (where its SDPA
    dispatcher says why a backend was not used)."""
    notes = []
    for w in caught:
        text = str(w.message).strip()
        if text and text not in notes:
            notes.append(text)
    msg = f"{type(exc).__name__}: {str(exc).strip()}"
    return msg + ("" if not notes else " | warnings: " + " | ".join(notes))


def bench_mask(torch, ctx, sel, base, sets, kernels):
    """Every selected direction of one shape, precision and mask: records."""
    sdpa = torch.nn.functional.scaled_dot_product_attention
    gqa = {"enable_gqa": True} if base["kv_heads"] != base["heads"] else {}
    causal = base["causal"]

    def F(q, k, v, is_causal):
        return sdpa(q, k, v, is_causal=is_causal, **gqa)

    cuda = ctx["cuda"]
    records = []

    def sync():
        if cuda:
            torch.cuda.synchronize()

    def fwd(i):
        q, k, v, _ = sets[i % len(sets)]
        return F(q, k, v, is_causal=causal)

    with ctx["backend"]():
        # A first forward: the backend's refusal, if any, shows here.
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                fwd(0)
                sync()
                refused = None
            except Exception as e:  # RuntimeError: no available kernel, out of memory
                refused = reason(e, caught)
        if refused:
            if base["dtype"] == "fp8":
                refused = f"PyTorch {torch.__version__} has no FP8 scaled_dot_product_attention on this path: {refused}"
            log(f"s{base['shape']} {base['label']} {base['dtype']} {base['mask']}: refused: {refused}")
            return [dict(base, direction=d, flops=base["fwd_flops"] * FLOP_FACTOR[d], error=refused) for d in sel["directions"]]

        outs = []

        def bwd(i):
            q, k, v, d_o = sets[i % len(sets)]
            return torch.autograd.grad(outs[i % len(sets)], (q, k, v), d_o, retain_graph=True)

        def fwd_bwd(i):
            q, k, v, d_o = sets[i % len(sets)]
            return torch.autograd.grad(F(q, k, v, is_causal=causal), (q, k, v), d_o)

        ops = {"fwd": fwd, "bwd": bwd, "fwd_bwd": fwd_bwd}
        for d in sel["directions"]:
            rec = dict(base, direction=d, flops=base["fwd_flops"] * FLOP_FACTOR[d])
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                try:
                    if d == "bwd" and not outs:
                        outs.extend(fwd(i) for i in range(len(sets)))
                    rec.update(common.first_and_measure(torch, ctx["timer"], ops[d], sel, cuda))
                    rec["tflops"] = rec["flops"] / (rec["median_ms"] * 1e-3) / 1e12
                except Exception as e:
                    rec["error"] = reason(e, caught)
                    log(f"s{base['shape']} {base['label']} {base['dtype']} {base['mask']} {d}: failed: {rec['error']}")
                    records.append(rec)
                    continue
            common.add_kernels(torch, rec, ops[d], kernels, log)
            log(
                f"s{base['shape']} {base['label']:<16} {base['dtype']} {base['mask']:<6} {d:<7} "
                f"{rec['median_ms']:.4f} ms  {rec['tflops']:.1f} TFLOP/s  (first call {rec['first_call_ms']:.1f} ms)"
            )
            records.append(rec)
        del outs
    return records


def run(torch, args, sel):
    cpu = args.cpu
    make_backend, backend_name = backend_context(torch, cpu)
    dev = torch.device("cpu" if cpu else "cuda")
    l2 = common.l2_bytes(torch, cpu)
    tdtype = {"fp16": torch.float16, "bf16": torch.bfloat16, "fp8": getattr(torch, "float8_e4m3fn", None)}
    ctx = {"cuda": not cpu, "timer": common.Timer(torch, not cpu), "backend": make_backend}
    kernels = [not cpu and not args.no_kernels]
    # Why nothing runs: no such backend in this PyTorch.
    missing = None if make_backend else backend_name
    shapes = {s["index"]: s for s in SHAPES}
    results = []
    for idx in sel["shapes"]:
        s = shapes[idx]
        for dt in sel["dtypes"]:
            masks = [m for m in sel["masks"] if "cases" not in sel or (idx, dt, m) in sel["cases"]]
            if not masks:
                continue
            fp8 = dt == "fp8"
            dt_sel = sel
            if fp8:
                # Forward only, as the Rust bench's FP8 layer.
                dt_sel = dict(sel, directions=[d for d in sel["directions"] if d == "fwd"])
                if dt_sel["directions"] != sel["directions"]:
                    log(f"s{idx} fp8: forward only; bwd and fwd_bwd not run")
            if not dt_sel["directions"]:
                continue
            why = missing
            if tdtype[dt] is None and not why:
                why = f"PyTorch {torch.__version__} has no torch.float8_e4m3fn"
            elem = 1 if tdtype[dt] is None else torch.tensor([], dtype=tdtype[dt]).element_size()
            nsets, set_bytes = rotation_sets(s, elem, l2, fp8)
            case = {
                "shape": idx, "label": label(s), "batch": s["batch"], "heads": s["heads"],
                "kv_heads": kv_heads(s), "seq": s["seq"], "head_dim": s["head_dim"], "dtype": dt,
                "backend": backend_name, "buffer_sets": nsets, "buffer_set_bytes": set_bytes,
            }
            sets = []
            try:
                gen = torch.Generator(device=dev).manual_seed(idx)
                q_dims = (s["batch"], s["heads"], s["seq"], s["head_dim"])
                kv_dims = (s["batch"], kv_heads(s), s["seq"], s["head_dim"])

                def rand(dims, grad):
                    t = (torch.rand(*dims, generator=gen, device=dev, dtype=torch.float32) - 0.5).to(tdtype[dt])
                    # FP8 tensors take no gradient.
                    return t.requires_grad_(grad and not fp8)

                if not why:
                    sets = [
                        (rand(q_dims, True), rand(kv_dims, True), rand(kv_dims, True), rand(q_dims, False))
                        for _ in range(nsets)
                    ]
            except Exception as e:  # out of memory
                why = f"buffers: {type(e).__name__}: {e}"
            for m in masks:
                base = dict(case, mask=m, causal=m == "causal", fwd_flops=forward_flops(s, m == "causal"))
                if why:
                    results += [dict(base, direction=d, flops=base["fwd_flops"] * FLOP_FACTOR[d], error=why) for d in dt_sel["directions"]]
                    log(f"s{idx} {label(s)} {dt} {m}: not run: {why}")
                    continue
                results += bench_mask(torch, ctx, dt_sel, base, sets, kernels)
            sets = None
            if not cpu:
                torch.cuda.empty_cache()
    return results


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--match", help="the Rust bench's sdpa.json: same selection and timing settings")
    ap.add_argument("--out", help="results file (default $OUT/torch_sdpa.json or target/bench/torch_sdpa.json)")
    ap.add_argument("--shapes", help="indices of sdpa_shapes.json, e.g. 1,3-4 (default: its `default`; 5-6 the Llama-3.1 shapes)")
    ap.add_argument("--dtypes", help="bf16,fp16,fp8 (default bf16,fp16)")
    ap.add_argument("--masks", help="none,causal")
    ap.add_argument("--dirs", help="fwd,bwd,fwd_bwd")
    common.add_timing_args(ap)
    ap.add_argument("--cpu", action="store_true", help="a pipeline check without a GPU: the math backend on the CPU (not a comparison)")
    args = ap.parse_args()
    sel = selection(args)

    torch = common.import_torch(log, args.cpu)
    if torch is None:
        return 2
    info = common.machine(torch, args.cpu)
    if args.print_cudnn_dir:
        return common.print_cudnn_dir(info["cudnn_path"], log)

    out = args.out or common.default_out("torch_sdpa.json")
    common.announce(log, info)
    log(
        f"{len(sel['shapes'])} shape(s) x {len(sel['dtypes'])} precision(s) x {len(sel['masks'])} mask(s) x "
        f"{len(sel['directions'])} direction(s); warm-up {sel['warm_up_s']} s, measurement {sel['measurement_s']} s, "
        f"{sel['sample_size']} samples"
    )
    results = run(torch, args, sel)
    settings = dict(sel, sampling="flat", flop_convention=FLOP_CONVENTION)
    settings["statistic"] = "median over samples of (event time of a sample / calls in it)"
    settings.pop("cases", None)
    doc = dict(info, tool="scripts/bench/torch_sdpa.py", settings=settings, results=results)
    errors = common.write_results(log, out, doc, results)
    return 1 if results and errors == len(results) else 0


if __name__ == "__main__":
    sys.exit(main())
