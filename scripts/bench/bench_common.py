"""What the PyTorch benchmarks (torch_conv.py, torch_sdpa.py) and the joins
(join.py, join_sdpa.py) share: the selection from the options, the Rust
bench's variables and its results; the timing (CUDA events around a batch of
calls, criterion's warm-up and flat sampling); the machine and the libcudnn
PyTorch loaded; reading and writing the JSON files; the lines of a join's
header that say which GPU and cuDNN each side used."""

import hashlib
import json
import math
import os
import statistics
import sys
import time


def log_to(tool):
    """A function printing `tool: msg` (on stderr with err=True)."""

    def log(msg, err=False):
        print(f"{tool}: {msg}", file=sys.stderr if err else sys.stdout, flush=True)

    return log


def parse_names(tool, text, allowed, what):
    """A comma-separated selection among `allowed` (everything when empty or 'all')."""
    parts = [p.strip().lower() for p in (text or "").split(",") if p.strip()]
    if not parts or parts == ["all"]:
        return list(allowed)
    unknown = [p for p in parts if p not in allowed]
    if unknown:
        raise SystemExit(f"{tool}: {what}: unknown value {unknown[0]!r} (one of {', '.join(allowed)})")
    return parts


def parse_indices(tool, text, shapes, file):
    """'1,3-4' into indices of the shapes of `file` (all when empty or 'all')."""
    known = [s["index"] for s in shapes]
    parts = [p.strip() for p in str(text or "").split(",") if p.strip()]
    if not parts or parts == ["all"]:
        return known
    out = []
    for part in parts:
        lo, _, hi = part.partition("-")
        if not (lo.strip().isdigit() and (hi or lo).strip().isdigit()):
            raise SystemExit(f"{tool}: shapes: {part!r} is not an index or a range like 1-3")
        for i in range(int(lo), int(hi or lo) + 1):
            if i not in known:
                raise SystemExit(f"{tool}: shapes: no shape {i} ({file} has {min(known)} to {max(known)})")
            out.append(i)
    return out


def selection(tool, args, prefix, shapes, lists, case_keys):
    """The selection and the timing settings. The shapes (`shapes`: the
    list and its file's name) come from --shapes, else `prefix_SHAPES`;
    `lists` maps each other key to (the option's value, the names allowed,
    the option's name `what`), the variable `prefix_WHAT` standing in for a
    missing option. With --match, the Rust bench's results (`case_keys` name
    the fields of a case it reached) override them; then the timing options
    apply."""
    env = os.environ.get
    pick = lambda arg, var: arg if arg is not None else env(f"{prefix}_{var}")
    quick = args.quick or (env(f"{prefix}_QUICK", "0") not in ("", "0"))
    sel = {"shapes": parse_indices(tool, pick(args.shapes, "SHAPES"), *shapes)}
    for key, (arg, allowed, what) in lists.items():
        sel[key] = parse_names(tool, pick(arg, what.upper()), allowed, what)
    sel.update(
        {
            "warm_up_s": 0.1 if quick else 0.5,
            "measurement_s": 0.2 if quick else 1.0,
            "sample_size": 10,
            "quick": quick,
            "matched": None,
        }
    )
    if args.match:
        with open(args.match) as f:
            ours = json.load(f)
        s = ours.get("settings", {})
        for key in ("shapes", *lists):
            sel[key] = list(s.get(key, sel[key]))
        sel["warm_up_s"] = float(s.get("warm_up_s", sel["warm_up_s"]))
        sel["measurement_s"] = float(s.get("measurement_s", sel["measurement_s"]))
        sel["sample_size"] = int(s.get("sample_size", sel["sample_size"]))
        sel["quick"] = bool(s.get("quick", sel["quick"]))
        sel["matched"] = os.path.abspath(args.match)
        # Only the cases the Rust run reached (its budget may have cut it
        # short).
        sel["cases"] = sorted(
            {tuple(r[k] for k in case_keys) for r in ours.get("results", []) if case_keys[-1] in r}
        )
    if args.warm_up is not None:
        sel["warm_up_s"] = args.warm_up
    if args.measurement is not None:
        sel["measurement_s"] = args.measurement
    if args.samples is not None:
        sel["sample_size"] = args.samples
    return sel


def add_timing_args(ap):
    """The options of the timing, shared by both PyTorch benchmarks."""
    ap.add_argument("--quick", action="store_true", help="warm-up 0.1 s, measurement 0.2 s")
    ap.add_argument("--warm-up", type=float, help="warm-up seconds")
    ap.add_argument("--measurement", type=float, help="measurement seconds")
    ap.add_argument("--samples", type=int, help="samples (default 10)")
    ap.add_argument("--no-kernels", action="store_true", help="do not record kernel names (torch.profiler)")
    ap.add_argument("--print-cudnn-dir", action="store_true", help="print the folder of the libcudnn PyTorch loads, and exit")


def import_torch(log, cpu):
    """PyTorch, or None after saying why it cannot run (no PyTorch; without
    `cpu`, no CUDA device or no cuDNN)."""
    try:
        import torch
    except ImportError as e:
        log(f"not run: PyTorch is not installed for {sys.executable} ({e}); install it on the GPU machine (pip install torch)", err=True)
        return None
    if not cpu:
        if not torch.cuda.is_available():
            log(
                f"not run: PyTorch {torch.__version__} (CUDA {torch.version.cuda}) sees no usable CUDA device "
                "(torch.cuda.is_available() is False); --cpu checks the pipeline without one",
                err=True,
            )
            return None
        if not torch.backends.cudnn.is_available() or not torch.backends.cudnn.enabled:
            log(f"not run: PyTorch {torch.__version__} has no usable cuDNN", err=True)
            return None
    return torch


def default_out(name):
    out = os.environ.get("OUT")
    if out:
        return os.path.join(out, name)
    return os.path.join("target", "bench", name)


def write_json(path, doc):
    """`doc` into `path` (its folder made), indented, ending in a newline."""
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "w") as f:
        json.dump(doc, f, indent=2)
        f.write("\n")


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


def l2_bytes(torch, cpu):
    """The GPU's L2 cache (32 MiB with `cpu`; 50 MiB when PyTorch does not say)."""
    if cpu:
        return 32 << 20
    props = torch.cuda.get_device_properties(0)
    return int(getattr(props, "L2_cache_size", 0) or (50 << 20))


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


def first_and_measure(torch, timer, op, sel, cuda):
    """The first call's ms (in PyTorch's benchmark mode, cuDNN's search),
    then the timing of `op`: one record's fields."""
    t = time.perf_counter()
    op(0)
    if cuda:
        torch.cuda.synchronize()
    rec = {"first_call_ms": (time.perf_counter() - t) * 1e3}
    rec.update(measure(timer, op, sel["warm_up_s"], sel["measurement_s"], sel["sample_size"]))
    return rec


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


def add_kernels(torch, rec, op, kernels, log):
    """The GPU kernels `op` runs into `rec`, while `kernels[0]` holds; the
    first failure (no CUPTI, say) clears it."""
    if not kernels[0]:
        return
    try:
        rec["kernels"] = kernel_names(torch, op)
    except Exception as e:  # no CUPTI, say
        rec["kernels_error"] = f"{type(e).__name__}: {e}"
        kernels[0] = False
        log(f"kernel names not recorded: {rec['kernels_error']}")


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


def print_cudnn_dir(path, log):
    """Prints the folder of `path` (the libcudnn PyTorch loaded): exit status 0, or 2 without one."""
    if not path:
        log("no libcudnn.so* is mapped into this process", err=True)
        return 2
    print(os.path.dirname(path))
    return 0


def announce(log, info):
    log(
        f"PyTorch {info['torch_version']} (CUDA {info['torch_cuda']}), cuDNN {info['cudnn_version']} from "
        f"{info['cudnn_path']}; {info.get('gpu', {}).get('name', 'CPU')}"
    )


def write_results(log, out, doc, results):
    """The results file, and a line counting the cases measured and failed."""
    write_json(out, doc)
    errors = sum(1 for r in results if "error" in r)
    log(f"{len(results) - errors} case(s) measured, {errors} failed; results in {out}")
    return errors


def load(path, what):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, json.JSONDecodeError) as e:
        sys.exit(f"join: cannot read {what} results {path}: {e}")


def same_file(a, b):
    """'same file', 'identical copies', 'DIFFERENT files' or 'unknown'."""
    if not a or not b:
        return "unknown (a side did not record its path)"
    if os.path.realpath(a) == os.path.realpath(b):
        return "same file"
    if os.path.exists(a) and os.path.exists(b):
        digest = lambda p: hashlib.sha256(open(p, "rb").read()).hexdigest()
        if digest(a) == digest(b):
            return "identical copies (different paths, same bytes)"
    return "DIFFERENT files"


def geomean(values):
    v = [x for x in values if x and x > 0 and math.isfinite(x)]
    return math.exp(sum(math.log(x) for x in v) / len(v)) if v else None


def fmt_ms(v):
    if v is None:
        return "-"
    return f"{v:.4f}" if v < 1 else f"{v:.3f}"


def fmt_ratio(v):
    return "-" if v is None else f"{v:.2f}"


def machine_lines(ours, torch):
    """A join header's lines on the GPU and the cuDNN of each side, and
    whether both loaded the same libcudnn (same_file's answer)."""
    og, tg = ours.get("gpu", {}), torch.get("gpu", {})
    same = same_file(ours.get("cudnn_path"), torch.get("cudnn_path"))
    lines = [
        f"- GPU: {og.get('name', '?')} (sm_{''.join(map(str, og.get('compute_capability', ['?'])))})"
        + ("" if og.get("name") == tg.get("name") else f"; PyTorch ran on **{tg.get('name', torch.get('device', '?'))}**"),
        f"- cuDNN: ours {ours.get('cudnn_version', '?')} from `{ours.get('cudnn_path', '?')}`; "
        f"PyTorch {torch.get('torch_version', '?')} reports {torch.get('cudnn_version', '?')} from "
        f"`{torch.get('cudnn_path', '?')}`: **{same}**",
    ]
    return lines, same


def header_end(ours, torch, var):
    """A join header's closing lines: a CPU run of PyTorch, a Rust run its
    budget (`var`) cut short."""
    lines = []
    if torch.get("device") == "cpu":
        lines.append("- **PyTorch ran on the CPU (--cpu): a pipeline check, not a comparison**")
    if ours.get("truncated"):
        lines.append(f"- the Rust run stopped early ({var}): cases it did not reach are missing")
    return lines


def warn_mixed(tool, same):
    """A join's warning when the two sides did not load the same libcudnn."""
    if not same.startswith(("same", "identical")):
        print(f"{tool}: warning: the two sides did not load the same cuDNN file; the comparison mixes libraries")
