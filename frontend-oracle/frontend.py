"""The frontend side of the oracle: every graph of cases.json built with NVIDIA's
cudnn-frontend (its Python API, ``cudnn``), planned for each described GPU
with and without an SM-count target, written as one JSON record a line.

    python frontend.py CASES DEVICES_DIR > frontend.jsonl

A record: case, device, sm_count, status ("planned"; "refused" by a rule,
with the stage and message; "no_engine": cuDNN's heuristics offer none),
engines (cuDNN's heuristics, mode A:
"eng<id>_k<knob>=<value>..." with the knobs in knob-type order, the
frontend's own naming; the C++ frontend's list, which is cuDNN's), workspaces (each configuration's, null where its
plan did not build), plan (cuDNN's plan JSON of a built plan: its operation
graph is what is compared) and scalars (uid: [type, value] of each
by-value tensor). The frontend's own workspace (``fe_workspace_size``: the
memory its composite nodes carve out for themselves) is outside cuDNN's
plan and left out; so are its Python-only engines (names not "eng...").
"""

import json
import os
import sys

import cudnn
import numpy

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ubjson  # noqa: E402

DT = {
    "float": cudnn.data_type.FLOAT,
    "half": cudnn.data_type.HALF,
    "bfloat16": cudnn.data_type.BFLOAT16,
    "int32": cudnn.data_type.INT32,
    "int64": cudnn.data_type.INT64,
    "int8": cudnn.data_type.INT8,
    "fp8_e4m3": cudnn.data_type.FP8_E4M3,
    "fp8_e5m2": cudnn.data_type.FP8_E5M2,
}


def packed(dims):
    """Row-major strides of dims."""
    strides, acc = [], 1
    for d in reversed(dims):
        strides.append(acc)
        acc *= d
    return list(reversed(strides))


def strides_of(dims, layout):
    """Strides of dims in a layout: "packed" (row-major), "channels_last"
    (dim 1 innermost), "bshd" ([B, H, S, D] stored as [B, S, H, D]) or
    "col_major" (the last two dims swapped in storage)."""
    if layout in (None, "packed"):
        return packed(dims)
    n = len(dims)
    if layout == "channels_last":
        order = [0] + list(range(2, n)) + [1]
    elif layout == "bshd":
        order = [0, 2, 1, 3]
    elif layout == "col_major":
        order = list(range(n - 2)) + [n - 1, n - 2]
    else:
        raise ValueError("unknown layout " + layout)
    storage = [dims[i] for i in order]
    st = packed(storage)
    out = [0] * n
    for pos, axis in enumerate(order):
        out[axis] = st[pos]
    return out


class Side:
    def __init__(self, g, case):
        self.g = g
        self.case = case
        self.io = DT[case.get("dtype", "float")]

    def tensor(self, name, dims, layout=None, dtype=None):
        dt = self.io if dtype is None else DT[dtype]
        return self.g.tensor(name=name, dim=list(dims), stride=strides_of(dims, layout), data_type=dt)

    def output(self, t, dtype=None):
        t.set_output(True)
        t.set_data_type(self.io if dtype is None else DT[dtype])


def epilogue(s, y, steps, out_dims, layout):
    """The pointwise chain after a conv (per-channel factors along dim 1)
    or a matmul (along the last dim)."""
    g = s.g
    axis = 1 if s.case["kind"] == "conv" else len(out_dims) - 1
    per_channel = [1] * len(out_dims)
    per_channel[axis] = out_dims[axis]
    for i, step in enumerate(steps):
        if step == "bias":
            bias = s.tensor("bias%d" % i, per_channel, layout, s.case.get("bias_dtype"))
            y = g.bias(input=y, bias=bias)
        elif step == "scale":
            y = g.scale(input=y, scale=s.tensor("scale%d" % i, per_channel, layout))
        elif step == "add":
            y = g.add(a=y, b=s.tensor("residual%d" % i, out_dims, layout))
        elif step == "relu":
            y = g.relu(input=y)
        elif step == "gelu":
            y = g.gelu(input=y)
        elif step == "silu":
            y = g.swish(input=y)
        elif step == "sigmoid":
            y = g.sigmoid(input=y)
        elif step == "tanh":
            y = g.tanh(input=y)
        else:
            raise ValueError("unknown epilogue step " + step)
    return y


def conv_out(x, w, pad, stride, dil):
    out = [x[0], w[0]]
    for i in range(len(x) - 2):
        out.append((x[i + 2] + 2 * pad[i] - dil[i] * (w[i + 2] - 1) - 1) // stride[i] + 1)
    return out


def build_conv(s):
    c, g = s.case, s.g
    lay = c.get("layout", "channels_last")
    x_dims, w_dims = c["x"], c["w"]
    pad, stride, dil = c["pad"], c["stride"], c["dilation"]
    y_dims = conv_out(x_dims, w_dims, pad, stride, dil)
    wdt = c.get("w_dtype")
    xdt = c.get("x_dtype")
    if c["pass"] == "fprop":
        x = s.tensor("x", x_dims, lay, xdt)
        w = s.tensor("w", w_dims, lay, wdt)
        y = g.conv_fprop(image=x, weight=w, padding=pad, stride=stride, dilation=dil)
        y = epilogue(s, y, c.get("epilogue", []), y_dims, lay)
        s.output(y)
    elif c["pass"] == "dgrad":
        dy = s.tensor("dy", y_dims, lay)
        w = s.tensor("w", w_dims, lay, wdt)
        dx = g.conv_dgrad(loss=dy, filter=w, padding=pad, stride=stride, dilation=dil)
        dx.set_dim(x_dims).set_stride(strides_of(x_dims, lay))
        s.output(dx)
    else:
        x = s.tensor("x", x_dims, lay, xdt)
        dy = s.tensor("dy", y_dims, lay)
        dw = g.conv_wgrad(image=x, loss=dy, padding=pad, stride=stride, dilation=dil)
        dw.set_dim(w_dims).set_stride(strides_of(w_dims, lay))
        s.output(dw)


def build_matmul(s):
    c, g = s.case, s.g
    a = s.tensor("a", c["a"], c.get("a_layout"))
    b = s.tensor("b", c["b"], c.get("b_layout"))
    y = g.matmul(A=a, B=b)
    out = c["a"][:-1] + [c["b"][-1]]
    y = epilogue(s, y, c.get("epilogue", []), out, None)
    s.output(y)


def build_norm(s):
    c, g = s.case, s.g
    x_dims = c["x"]
    lay = c.get("layout", "channels_last")
    feat = [1] + x_dims[1:] if c["norm"] in ("layer", "rms") else [1, x_dims[1]] + [1] * (len(x_dims) - 2)
    stat = [x_dims[0]] + [1] * (len(x_dims) - 1) if c["norm"] in ("layer", "rms") else x_dims[:2] + [1] * (len(x_dims) - 2)
    f = "float"
    x = s.tensor("x", x_dims, lay)
    scale = s.tensor("scale", feat, lay, f)
    forward = c["phase"] != "backward"
    bias = s.tensor("bias", feat, lay, f) if c["norm"] != "rms" and forward else None
    phase = c["phase"]
    # A float32 value makes a FLOAT scalar (a Python float, a DOUBLE one).
    epsilon = g.tensor_scalar(numpy.float32(c.get("epsilon", 1e-5)), cudnn.scalar_type.RUNTIME_PARAM, name="epsilon")
    if phase in ("training", "inference"):
        fp = cudnn.norm_forward_phase.TRAINING if phase == "training" else cudnn.norm_forward_phase.INFERENCE
        if c["norm"] == "layer":
            outs = g.layernorm(norm_forward_phase=fp, input=x, scale=scale, bias=bias, epsilon=epsilon)
        elif c["norm"] == "rms":
            outs = g.rmsnorm(norm_forward_phase=fp, input=x, scale=scale, bias=bias, epsilon=epsilon)
        elif c["norm"] == "instance":
            outs = g.instancenorm(norm_forward_phase=fp, input=x, scale=scale, bias=bias, epsilon=epsilon)
        else:
            raise ValueError("norm " + c["norm"])
        s.output(outs[0])
        for t in outs[1:]:
            if t is not None:
                s.output(t, f)
    else:
        dy = s.tensor("dy", x_dims, lay)
        inv = s.tensor("inv_variance", stat, lay, f)
        if c["norm"] == "layer":
            mean = s.tensor("mean", stat, lay, f)
            dx, dscale, dbias = g.layernorm_backward(grad=dy, input=x, scale=scale, mean=mean, inv_variance=inv)
            outs = [(dx, None), (dscale, f), (dbias, f)]
        elif c["norm"] == "rms":
            dx, dscale, dbias = g.rmsnorm_backward(grad=dy, input=x, scale=scale, inv_variance=inv, has_dbias=False)
            outs = [(dx, None), (dscale, f)]
        else:
            raise ValueError("norm " + c["norm"])
        for t, dt in outs:
            s.output(t, dt)


def build_sdpa(s):
    c, g = s.case, s.g
    b, hq, hk, sq, skv, d = c["b"], c["h_q"], c.get("h_k", c["h_q"]), c["s_q"], c["s_kv"], c["d"]
    dv = c.get("d_v", d)
    lay = c.get("layout", "bshd")
    q = s.tensor("q", [b, hq, sq, d], lay)
    kw = {}
    paged = c.get("paged")
    if paged:
        # K and V are containers of pages [blocks, H_kv, block, D], read
        # through per-sequence page tables [B, 1, blocks per sequence, 1].
        k = s.tensor("k", [paged["blocks"], hk, paged["block"], d], lay)
        v = s.tensor("v", [paged["blocks"], hk, paged["block"], dv], lay)
        kw["paged_attention_k_table"] = s.tensor("page_table_k", [b, 1, paged["per_seq"], 1], None, "int32")
        kw["paged_attention_v_table"] = s.tensor("page_table_v", [b, 1, paged["per_seq"], 1], None, "int32")
        kw["paged_attention_max_seq_len_kv"] = paged["per_seq"] * paged["block"]
    else:
        k = s.tensor("k", [b, hk, skv, d], lay)
        v = s.tensor("v", [b, hk, skv, dv], lay)
    # The crate's default scale is 1 / sqrt(d); the frontend's, none (1).
    kw["attn_scale"] = c["scale"] if c.get("scale") is not None else float(numpy.float32(1.0 / numpy.sqrt(numpy.float32(d))))
    # The pybind pins the alignment of use_causal_mask to top-left (it
    # overrides diagonal_alignment): a bottom-right causal mask is
    # use_causal_mask_bottom_right.
    bottom_right = c.get("alignment") == "bottom_right"
    if c.get("causal"):
        kw["use_causal_mask_bottom_right" if bottom_right else "use_causal_mask"] = True
    if bottom_right:
        kw["diagonal_alignment"] = cudnn.diagonal_alignment.BOTTOM_RIGHT
    if c.get("window") is not None:
        kw["diagonal_band_left_bound"] = c["window"]
    if c.get("right_bound") is not None:
        kw["diagonal_band_right_bound"] = c["right_bound"]
    if c.get("bias"):
        kw["bias"] = s.tensor("bias", [1, hq, sq, skv], None)
    if c.get("padding"):
        kw["use_padding_mask"] = True
        kw["seq_len_q"] = s.tensor("seq_len_q", [b, 1, 1, 1], None, "int32")
        kw["seq_len_kv"] = s.tensor("seq_len_kv", [b, 1, 1, 1], None, "int32")
    if c.get("dropout") is not None:
        seed = s.tensor("seed", [1, 1, 1, 1], None, "int64")
        offset = s.tensor("offset", [1, 1, 1, 1], None, "int64")
        kw["dropout"] = (c["dropout"], seed, offset)
    if c.get("ragged"):
        # Ragged (THD) batches: cumulative sequence offsets [B + 1, 1, 1, 1],
        # a padding mask in the frontend's terms.
        kw["use_padding_mask"] = True
        kw["cu_seq_len_q"] = s.tensor("cu_seq_len_q", [b + 1, 1, 1, 1], None, "int32")
        kw["cu_seq_len_kv"] = s.tensor("cu_seq_len_kv", [b + 1, 1, 1, 1], None, "int32")
    if c.get("sink"):
        kw["sink_token"] = s.tensor("sink", [1, hq, 1, 1], None, "float")
    if c.get("block_mask"):
        # One bit per 128 x 128 tile of scores, eight key tiles to a byte.
        tiles_q, tiles_kv = -(-sq // 128), -(-skv // 128)
        kw["block_mask"] = s.tensor("block_mask", [b, hq, tiles_q, -(-tiles_kv // 8)], None, "int8")
    if c["pass"] == "fwd" and c.get("fp8"):
        # Per-tensor FP8: six factors [1, 1, 1, 1] FLOAT; O of the case's
        # output type; the absolute maxima of S and O written.
        names = ("descale_q", "descale_k", "descale_v", "descale_s", "scale_s", "scale_o")
        factors = [s.tensor(n, [1, 1, 1, 1], None, "float") for n in names]
        o, stats, amax_s, amax_o = g.sdpa_fp8(q, k, v, *factors, generate_stats=bool(c.get("stats")), **kw)
        o.set_dim([b, hq, sq, dv]).set_stride(strides_of([b, hq, sq, dv], lay))
        s.output(o, c["fp8"]["out"])
        if stats is not None:
            s.output(stats, "float")
        for t in (amax_s, amax_o):
            s.output(t, "float")
    elif c["pass"] == "fwd":
        if c.get("max_sum_exp"):
            mx = g.tensor(name="max", dim=[b, hq, sq, 1], stride=packed([b, hq, sq, 1]), data_type=DT["float"])
            se = g.tensor(name="sum_exp", dim=[b, hq, sq, 1], stride=packed([b, hq, sq, 1]), data_type=DT["float"])
            kw["score_max"] = mx
            kw["score_sum_exp"] = se
        o, stats = g.sdpa(q=q, k=k, v=v, generate_stats=bool(c.get("stats")), **kw)[:2]
        o.set_dim([b, hq, sq, dv]).set_stride(strides_of([b, hq, sq, dv], lay))
        s.output(o)
        if stats is not None:
            s.output(stats, "float")
        if c.get("max_sum_exp"):
            s.output(kw["score_max"], "float")
            s.output(kw["score_sum_exp"], "float")
    else:
        o = s.tensor("o", [b, hq, sq, dv], lay)
        do = s.tensor("do", [b, hq, sq, dv], lay)
        stats = s.tensor("stats", [b, hq, sq, 1], None, "float")
        dq, dk, dv_ = g.sdpa_backward(q=q, k=k, v=v, o=o, dO=do, stats=stats, **kw)[:3]
        dq.set_dim([b, hq, sq, d]).set_stride(strides_of([b, hq, sq, d], lay))
        dk.set_dim([b, hk, skv, d]).set_stride(strides_of([b, hk, skv, d], lay))
        dv_.set_dim([b, hk, skv, dv]).set_stride(strides_of([b, hk, skv, dv], lay))
        for t in (dq, dk, dv_):
            s.output(t)


def build_batch_norm(s):
    c, g = s.case, s.g
    x_dims = c["x"]
    lay = c.get("layout", "channels_last")
    per_channel = [1, x_dims[1]] + [1] * (len(x_dims) - 2)
    f = "float"
    x = s.tensor("x", x_dims, lay)
    scale = s.tensor("scale", per_channel, lay, f)
    bias = s.tensor("bias", per_channel, lay, f)
    if c["phase"] == "inference":
        mean = s.tensor("mean", per_channel, lay, f)
        inv = s.tensor("inv_variance", per_channel, lay, f)
        y = g.batchnorm_inference(input=x, mean=mean, inv_variance=inv, scale=scale, bias=bias)
        s.output(y)
        return
    epsilon = g.tensor_scalar(numpy.float32(c.get("epsilon", 1e-5)), cudnn.scalar_type.RUNTIME_PARAM, name="epsilon")
    momentum = g.tensor_scalar(numpy.float32(c.get("momentum", 0.1)), cudnn.scalar_type.RUNTIME_PARAM, name="momentum")
    running_mean = s.tensor("running_mean", per_channel, lay, f)
    running_var = s.tensor("running_var", per_channel, lay, f)
    y, mean, inv, next_mean, next_var = g.batchnorm(
        input=x, scale=scale, bias=bias, in_running_mean=running_mean, in_running_var=running_var,
        epsilon=epsilon, momentum=momentum,
    )
    s.output(y)
    for t in (mean, inv, next_mean, next_var):
        s.output(t, f)


def build_ada_layer_norm(s):
    c, g = s.case, s.g
    x_dims = c["x"]
    feat = [x_dims[0], 1] + x_dims[2:]
    x = s.tensor("x", x_dims)
    scale = s.tensor("scale", feat)
    bias = s.tensor("bias", feat)
    epsilon = g.tensor_scalar(numpy.float32(c.get("epsilon", 1e-5)), cudnn.scalar_type.RUNTIME_PARAM, name="epsilon")
    fp = cudnn.norm_forward_phase.TRAINING if c["phase"] == "training" else cudnn.norm_forward_phase.INFERENCE
    outs = g.adalayernorm(norm_forward_phase=fp, input=x, scale=scale, bias=bias, epsilon=epsilon)
    s.output(outs[0])
    for t in outs[1:]:
        if t is not None:
            s.output(t, "float")


def build_rope(s):
    c, g = s.case, s.g
    b, h, sq, d = c["x"]
    x = s.tensor("x", c["x"], c.get("layout", "bshd"))
    freqs = s.tensor("freqs", [sq, 1, 1, d], None, "float")
    kw = {}
    if c.get("rope_dim") is not None:
        kw["rope_dim"] = c["rope_dim"]
    if c.get("output_scale") is not None:
        kw["output_scale"] = c["output_scale"]
    y = g.rope(input=x, freqs=freqs, **kw)
    y.set_dim(c["x"]).set_stride(strides_of(c["x"], c.get("layout", "bshd")))
    s.output(y)


def build_shape_matmul(s):
    """A shape operation (slice, transpose) feeding a matmul."""
    c, g = s.case, s.g
    a = s.tensor("a", c["a"])
    if c["op"] == "slice":
        a = g.slice(input=a, slices=[slice(lo, hi) for lo, hi in c["ranges"]])
    elif c["op"] == "reshape":
        a = g.reshape(input=a)
        a.set_dim(c["shape"]).set_stride(packed(c["shape"]))
    elif c["op"] == "transpose":
        a = g.transpose(input=a, permutation=c["permutation"])
        a.set_data_type(s.io)  # a transpose keeps its input's type
    else:
        raise ValueError("shape op " + c["op"])
    b = s.tensor("b", c["b"])
    y = g.matmul(A=a, B=b)
    s.output(y)


def build_matmul_fp8(s):
    """cudnn-frontend's FP8 matmul sample: the matmul, its two descales,
    the epilogue, the output's scale, and the absolute maximum of the
    unscaled result."""
    c, g = s.case, s.g
    a = s.tensor("a", c["a"])
    b = s.tensor("b", c["b"])
    ones = [1] * len(c["a"])
    descale_a = s.tensor("descale_a", ones, None, "float")
    descale_b = s.tensor("descale_b", ones, None, "float")
    scale_c = s.tensor("scale_c", ones, None, "float")
    y = g.matmul(A=a, B=b)
    y = g.mul(a=y, b=descale_a)
    y = g.mul(a=y, b=descale_b)
    out = c["a"][:-1] + [c["b"][-1]]
    unscaled = epilogue(s, y, c.get("epilogue", []), out, None)
    y = g.mul(a=unscaled, b=scale_c)
    amax = g.reduction(input=unscaled, mode=cudnn.reduction_mode.AMAX)
    amax.set_dim(ones).set_stride(ones)
    s.output(y, c["out"])
    s.output(amax, "float")


def build_moe(s):
    c, g = s.case, s.g
    if c["mode"] == "backward":
        dy = s.tensor("d_output", c["d_output"])
        token = s.tensor("token", c["token"])
        offsets = s.tensor("first_token_offset", [c["offsets"], 1, 1], None, "int32")
        dw = g.moe_grouped_matmul_bwd(dy, token, offsets, compute_data_type=cudnn.data_type.FLOAT, name="moe_bwd")
        s.output(dw)
        return
    token = s.tensor("token", c["token"])
    weight = s.tensor("weight", c["weight"], c.get("weight_layout"))
    offsets = s.tensor("first_token_offset", [c["offsets"], 1, 1], None, "int32")
    mode = c["mode"]
    rows = c.get("index_rows")
    index = s.tensor("token_index", [1, rows, 1], None, "int32") if mode != "none" else None
    ks = s.tensor("token_ks", [1, rows, 1], None, "int32") if mode == "scatter" else None
    y = g.moe_grouped_matmul(
        token=token,
        weight=weight,
        first_token_offset=offsets,
        token_index=index,
        token_ks=ks,
        mode=getattr(cudnn.moe_grouped_matmul_mode, mode.upper()),
        compute_data_type=cudnn.data_type.FLOAT,
        top_k=c.get("top_k", 1),
        name="moe",
    )
    s.output(y)


BUILDERS = {
    "moe": build_moe,
    "conv": build_conv,
    "matmul": build_matmul,
    "matmul_fp8": build_matmul_fp8,
    "norm": build_norm,
    "batch_norm": build_batch_norm,
    "ada_layer_norm": build_ada_layer_norm,
    "sdpa": build_sdpa,
    "rope": build_rope,
    "shape_matmul": build_shape_matmul,
}


def plan_case(case, device_json, sm_version, sm_count):
    rec = {"status": None, "reason": None, "engines": [], "workspaces": [], "plan": None, "scalars": {}}
    props = cudnn.create_device_properties(device_json)
    kw = {"device_property": props, "sm_version": sm_version}
    if sm_count is not None:
        kw["sm_count"] = sm_count
    if case.get("dynamic"):
        kw["is_dynamic_shape_enabled"] = True
    inter = DT[case.get("intermediate", "float")]
    g = cudnn.pygraph(
        io_data_type=DT[case.get("dtype", "float")],
        intermediate_data_type=inter,
        compute_data_type=DT[case.get("compute", "float")],
        **kw,
    )
    stage = "build"
    try:
        BUILDERS[case["kind"]](Side(g, case))
        stage = "validate"
        g.validate()
        stage = "build_operation_graph"
        g.build_operation_graph()
        stage = "create_execution_plans"
        g.create_execution_plans([cudnn.heur_mode.A])
    except Exception as e:  # noqa: BLE001 -- the frontend's refusal is the answer
        text = str(e)
        # At planning, cuDNN's own "no engine" (its heuristics offered
        # none) is told apart from the frontend's rules, checked as it
        # lowers the graph.
        declined = "No valid engine configs" in text
        rec["status"] = "no_engine" if stage == "create_execution_plans" and declined else "refused"
        rec["reason"] = "%s: %s" % (stage, text.splitlines()[0] if text else type(e).__name__)
        return rec
    # cuDNN's list as the C++ frontend holds it: the Python layer above it
    # adds its own engines and keeps one entry per (engine, knobs) as its knob
    # dictionary reads them, which merges configurations that differ only in
    # a knob type its enumeration lacks (LDGA, type 6).
    lg = getattr(g, "_lowered_graph", None)
    if lg is None or lg.get_execution_plan_count() == 0:
        rec["status"] = "no_engine"
        rec["reason"] = "create_execution_plans: the backend offered no configuration"
        return rec
    count = lg.get_execution_plan_count()
    rec["engines"] = [lg.get_plan_name_at_index(i) for i in range(count)]
    for i in range(count):
        try:
            lg.build_plan_at_index(i)
            rec["workspaces"].append(int(lg.get_workspace_size_plan_at_index(i)))
        except Exception:  # noqa: BLE001 -- a plan that did not build
            rec["workspaces"].append(None)
    rec["status"] = "planned"
    try:
        blob = ubjson.loads(bytes(lg.serialize()))
        rec["plan"] = blob["cudnn_backend_data"]
        # The frontend's own part of each workspace (its composite nodes'
        # tensors) is outside cuDNN's plan.
        own = int(blob.get("fe_workspace_size") or 0)
        rec["workspaces"] = [None if w is None else w - own for w in rec["workspaces"]]
        for t in blob.get("tensors", []):
            if t.get("is_pass_by_value"):
                rec["scalars"][str(t["uid"])] = [t["data_type"], t["pass_by_value"]]
    except Exception as e:  # noqa: BLE001
        rec["reason"] = "serialize: " + str(e).splitlines()[0]
    return rec


def main():
    cases = json.load(open(sys.argv[1]))
    only = os.environ.get("FRONTEND_ORACLE_CASES")
    if only:
        cases["cases"] = [c for c in cases["cases"] if only in c["name"]]
    devices = sys.argv[2]
    for target in cases["targets"]:
        device_json = open(os.path.join(devices, target["device"] + ".json")).read()
        for sm_count in [None] + [target["sm_count"]]:
            for case in cases["cases"]:
                if target["device"] in case.get("skip_devices", []):
                    continue
                rec = plan_case(case, device_json, target["sm_version"], sm_count)
                rec.update(case=case["name"], device=target["device"], sm_count=sm_count)
                print(json.dumps(rec, sort_keys=True), flush=True)


if __name__ == "__main__":
    main()
