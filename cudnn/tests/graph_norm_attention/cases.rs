//! The graphs of one kind of node each (`cases`), which the library tests
//! build, run heuristics on and compare with the recorded plan JSON, and
//! the tensors they start from.

use cudnn::graph::{
    BatchNormOptions, DiagonalAlignment, Graph, NormOptions, RopeOptions, RunningStats,
    SdpaBackwardInputs, SdpaDropout, SdpaFp8, SdpaOptions, SdpaPagedKv, TensorId,
};
use cudnn::DType as Dt;
use cudnn::Version;

pub const F32: Dt = Dt::FLOAT;
pub const F16: Dt = Dt::HALF;
pub const BF16: Dt = Dt::BFLOAT16;
pub const I32: Dt = Dt::INT32;
pub const I64: Dt = Dt::INT64;
pub const E4M3: Dt = Dt::FP8_E4M3;

/// x `[8, 64, 4, 4]` bf16, scale and bias `[1, 64, 4, 4]` f32.
pub fn norm_inputs(g: &mut Graph) -> (TensorId, TensorId, TensorId) {
    let x = g.tensor("x", &[8, 64, 4, 4], BF16).unwrap();
    let s = g.tensor("scale", &[1, 64, 4, 4], F32).unwrap();
    let b = g.tensor("bias", &[1, 64, 4, 4], F32).unwrap();
    (x, s, b)
}

/// q, k, v `[2, 4, 128, 64]` of `dt`, q in BSHD layout.
pub fn qkv(g: &mut Graph, dt: Dt) -> [TensorId; 3] {
    let dims = [2, 4, 128, 64];
    let bshd = [128 * 4 * 64, 64, 4 * 64, 1];
    let q = g.tensor_with_strides("q", &dims, &bshd, dt).unwrap();
    let k = g.tensor("k", &dims, dt).unwrap();
    let v = g.tensor("v", &dims, dt).unwrap();
    [q, k, v]
}

/// A paged attention's tensors: q `[2, 4, 64, 64]` (BSHD), the key and
/// value containers `[8, 2, 32, 64]` (8 pages of 32 keys, 2 heads), their
/// page tables `[2, 1, 4, 1]` `INT32` (`S_kv` = 4 * 32 = 128) and the
/// sequence lengths `[2, 1, 1, 1]` `INT32`, in the options.
pub fn paged_inputs(g: &mut Graph) -> ([TensorId; 3], SdpaOptions) {
    let bshd = [64 * 4 * 64, 64, 4 * 64, 1];
    let q = g
        .tensor_with_strides("q", &[2, 4, 64, 64], &bshd, BF16)
        .unwrap();
    let [k, v] = ["k_pages", "v_pages"].map(|n| g.tensor(n, &[8, 2, 32, 64], BF16).unwrap());
    let [page_table_k, page_table_v] =
        ["page_table_k", "page_table_v"].map(|n| g.tensor(n, &[2, 1, 4, 1], I32).unwrap());
    let [sq, skv] = ["seq_len_q", "seq_len_kv"].map(|n| g.tensor(n, &[2, 1, 1, 1], I32).unwrap());
    let options = SdpaOptions {
        seq_len_q: Some(sq),
        seq_len_kv: Some(skv),
        paged: Some(SdpaPagedKv {
            page_table_k,
            page_table_v,
        }),
        ..SdpaOptions::default()
    };
    ([q, k, v], options)
}

/// A graph of one kind of node, as the library tests and the recorded plan
/// JSON know it.
pub struct Case {
    pub name: &'static str,
    pub graph: Graph,
    /// The tensors it writes to memory: those made outputs, statistics.
    pub outputs: Vec<TensorId>,
    /// The oldest cuDNN that builds it (the first node the library tests
    /// see refused).
    pub since: Version,
    /// Whether cuDNN 9.28's heuristics offer engines for it on sm_90.
    pub engines: bool,
}

pub fn case(
    name: &'static str,
    since: (u32, u32),
    engines: bool,
    graph: Graph,
    outputs: Vec<TensorId>,
) -> Case {
    Case {
        name,
        graph,
        outputs,
        since: Version::new(since.0, since.1, 0),
        engines,
    }
}

fn norm_case(name: &'static str, options: NormOptions) -> Case {
    let mut g = Graph::new(name);
    let (x, s, b) = norm_inputs(&mut g);
    let out = match name {
        "rms_norm" => g.rms_norm(x, s, Some(b), &options),
        _ => g.layer_norm(x, s, b, &options),
    }
    .unwrap();
    g.set_output(out.y, BF16).unwrap();
    let outputs = [Some(out.y), out.mean, out.inv_variance]
        .into_iter()
        .flatten()
        .collect();
    case(name, (9, 0), true, g, outputs)
}

fn channel_norm_case(name: &'static str) -> Case {
    let mut g = Graph::new(name);
    let x = g.tensor("x", &[8, 64, 4, 4], BF16).unwrap();
    let c = [1, 64, 1, 1];
    let [s, b] = ["scale", "bias"].map(|n| g.tensor(n, &c, F32).unwrap());
    let (y, stats, engines) = match name {
        "instance_norm" => {
            let o = g.instance_norm(x, s, b, &NormOptions::default()).unwrap();
            (o.y, vec![o.mean.unwrap(), o.inv_variance.unwrap()], true)
        }
        "batch_norm" => {
            let [mean, var] =
                ["running_mean", "running_var"].map(|n| g.tensor(n, &c, F32).unwrap());
            let r = Some(RunningStats { mean, var });
            let o = g
                .batch_norm(x, s, b, r, &BatchNormOptions::default())
                .unwrap();
            let running = [o.running_mean.unwrap(), o.running_var.unwrap()];
            (o.y, [[o.mean, o.inv_variance], running].concat(), true)
        }
        // cuDNN 9.28: "batch norm only supports forward training".
        _ => {
            let [m, v] = ["mean", "inv_variance"].map(|n| g.tensor(n, &c, F32).unwrap());
            (
                g.batch_norm_inference(x, m, v, s, b).unwrap(),
                vec![],
                false,
            )
        }
    };
    g.set_output(y, BF16).unwrap();
    case(name, (9, 0), engines, g, [vec![y], stats].concat())
}

fn norm_backward_case(name: &'static str) -> Case {
    let mut g = Graph::new(name);
    let x = g.tensor("x", &[8, 64, 4, 4], BF16).unwrap();
    let dy = g.tensor("dy", &[8, 64, 4, 4], BF16).unwrap();
    let (p, st): (&[i64], &[i64]) = match name {
        "instance_norm_backward" => (&[1, 64, 1, 1], &[8, 64, 1, 1]),
        "batch_norm_backward" => (&[1, 64, 1, 1], &[1, 64, 1, 1]),
        _ => (&[1, 64, 4, 4], &[8, 1, 1, 1]),
    };
    let s = g.tensor("scale", p, F32).unwrap();
    let v = g.tensor("inv_variance", st, F32).unwrap();
    // An RMS norm has no mean.
    let m = (name != "rms_norm_backward").then(|| g.tensor("mean", st, F32).unwrap());
    let grads = match (name, m) {
        ("layer_norm_backward", Some(m)) => g.layer_norm_backward(dy, x, s, m, v),
        ("instance_norm_backward", Some(m)) => g.instance_norm_backward(dy, x, s, m, v),
        ("batch_norm_backward", Some(m)) => g.batch_norm_backward(dy, x, s, m, v),
        _ => g.rms_norm_backward(dy, x, s, v, true),
    }
    .unwrap();
    let dbias = grads.dbias.unwrap();
    g.set_output(grads.dx, BF16).unwrap();
    g.set_output(grads.dscale, F32).unwrap();
    g.set_output(dbias, F32).unwrap();
    case(name, (9, 0), true, g, vec![grads.dx, grads.dscale, dbias])
}

fn sdpa_case(name: &'static str) -> Case {
    let mut g = Graph::new(name);
    let [q, k, v] = qkv(&mut g, BF16);
    let mut options = SdpaOptions {
        stats: true,
        ..SdpaOptions::default()
    };
    let mut since = (9, 13);
    match name {
        "sdpa_forward_masked" => {
            let bias = g.tensor("bias", &[1, 4, 128, 128], BF16).unwrap();
            options.bias = Some(bias);
            options.causal = true;
            options.sliding_window = Some(32);
            since = (9, 21);
        }
        "sdpa_forward_padded_dropout" => {
            options.seq_len_q = Some(g.tensor("seq_len_q", &[2, 1, 1, 1], I32).unwrap());
            options.seq_len_kv = Some(g.tensor("seq_len_kv", &[2, 1, 1, 1], I32).unwrap());
            options.dropout = Some(SdpaDropout {
                probability: 0.1,
                seed: g.tensor("seed", &[1, 1, 1, 1], I64).unwrap(),
                offset: g.tensor("offset", &[1, 1, 1, 1], I64).unwrap(),
            });
            since = (9, 21);
        }
        _ => {}
    }
    let out = g.sdpa_forward(q, k, v, &options).unwrap();
    g.set_output(out.o, BF16).unwrap();
    case(name, since, true, g, vec![out.o, out.stats.unwrap()])
}

/// The backward, with sequence lengths; with rotary embeddings' backward
/// of dq and dk after it.
fn sdpa_backward_case(name: &'static str) -> Case {
    let mut g = Graph::new(name);
    g.set_intermediate_type(BF16).unwrap();
    let [q, k, v] = qkv(&mut g, BF16);
    let [o, d_o] = ["o", "do"].map(|n| g.tensor(n, &[2, 4, 128, 64], BF16).unwrap());
    let stats = g.tensor("stats", &[2, 4, 128, 1], F32).unwrap();
    let options = SdpaOptions {
        seq_len_q: Some(g.tensor("seq_len_q", &[2, 1, 1, 1], I32).unwrap()),
        seq_len_kv: Some(g.tensor("seq_len_kv", &[2, 1, 1, 1], I32).unwrap()),
        ..SdpaOptions::default()
    };
    let inputs = SdpaBackwardInputs {
        q,
        k,
        v,
        o,
        d_o,
        stats,
    };
    let grads = g.sdpa_backward(&inputs, &options).unwrap();
    let (mut dq, mut dk) = (grads.dq, grads.dk);
    if name == "sdpa_backward_rope" {
        let freqs = g.tensor("freqs", &[128, 1, 1, 64], F32).unwrap();
        let none = RopeOptions::default();
        dq = g.rope_backward(dq, freqs, &none).unwrap();
        dk = g.rope_backward(dk, freqs, &none).unwrap();
    }
    for t in [dq, dk, grads.dv] {
        g.set_output(t, BF16).unwrap();
    }
    case(name, (9, 17), true, g, vec![dq, dk, grads.dv])
}

/// Rotary embeddings alone (no engine in cuDNN 9.28), or of q and k
/// before attention (fused with it).
fn rope_case(name: &'static str) -> Case {
    let mut g = Graph::new(name);
    g.set_intermediate_type(BF16).unwrap();
    let [q, k, v] = qkv(&mut g, BF16);
    let freqs = g.tensor("freqs", &[128, 1, 1, 64], F32).unwrap();
    let none = RopeOptions::default();
    match name {
        "rope_sdpa" => {
            let q = g.rope_forward(q, freqs, &none).unwrap();
            let k = g.rope_forward(k, freqs, &none).unwrap();
            let out = g.sdpa_forward(q, k, v, &SdpaOptions::default()).unwrap();
            g.set_output(out.o, BF16).unwrap();
            case(name, (9, 24), true, g, vec![out.o])
        }
        _ => {
            let forward = name == "rope_forward";
            let mut outputs = Vec::new();
            for x in [q, k, v] {
                let y = if forward {
                    g.rope_forward(x, freqs, &none)
                } else {
                    g.rope_backward(x, freqs, &none)
                }
                .unwrap();
                g.set_output(y, BF16).unwrap();
                outputs.push(y);
            }
            let since = if forward { (9, 24) } else { (9, 25) };
            case(name, since, false, g, outputs)
        }
    }
}

pub fn cases() -> Vec<Case> {
    vec![
        norm_case("layer_norm", NormOptions::default()),
        norm_case("layer_norm_inference", NormOptions::inference(1e-5)),
        norm_case("rms_norm", NormOptions::default()),
        channel_norm_case("instance_norm"),
        channel_norm_case("batch_norm"),
        channel_norm_case("batch_norm_inference"),
        norm_backward_case("layer_norm_backward"),
        norm_backward_case("rms_norm_backward"),
        norm_backward_case("instance_norm_backward"),
        norm_backward_case("batch_norm_backward"),
        sdpa_case("sdpa_forward"),
        sdpa_case("sdpa_forward_masked"),
        sdpa_case("sdpa_forward_padded_dropout"),
        sdpa_backward_case("sdpa_backward"),
        sdpa_backward_case("sdpa_backward_rope"),
        rope_case("rope_sdpa"),
        rope_case("rope_forward"),
        rope_case("rope_backward"),
    ]
}

/// Whether cuDNN 9.28's heuristics offer engines for the paged forward on
/// sm_90.
const PAGED_ENGINES: bool = true;

/// The forward over paged K/V caches, the backward's score modifiers (the
/// forward's subgraph), its dropout and the bias's gradient, and rotary
/// embeddings of part of the head dim, scaled: built and refused as
/// `cases`, without recorded plans.
pub fn option_cases() -> Vec<Case> {
    let backward = |name: &'static str, since: (u32, u32)| {
        let mut g = Graph::new(name);
        g.set_intermediate_type(BF16).unwrap();
        let [q, k, v] = qkv(&mut g, BF16);
        let [o, d_o] = ["o", "do"].map(|n| g.tensor(n, &[2, 4, 128, 64], BF16).unwrap());
        let stats = g.tensor("stats", &[2, 4, 128, 1], F32).unwrap();
        let bias = g.tensor("bias", &[1, 4, 128, 128], BF16).unwrap();
        let mut options = SdpaOptions {
            bias: Some(bias),
            ..SdpaOptions::default()
        };
        if since == (9, 21) {
            options.causal = true;
            options.sliding_window = Some(32);
        } else {
            options.bias_gradient = true;
            options.dropout = Some(SdpaDropout {
                probability: 0.1,
                seed: g.tensor("seed", &[1, 1, 1, 1], I64).unwrap(),
                offset: g.tensor("offset", &[1, 1, 1, 1], I64).unwrap(),
            });
        }
        let inputs = SdpaBackwardInputs {
            q,
            k,
            v,
            o,
            d_o,
            stats,
        };
        let grads = g.sdpa_backward(&inputs, &options).unwrap();
        let mut outputs = vec![grads.dq, grads.dk, grads.dv];
        outputs.extend(grads.dbias);
        for &t in &outputs {
            g.set_output(t, BF16).unwrap();
        }
        case(name, since, true, g, outputs)
    };
    let rope = |name: &'static str, since: (u32, u32)| {
        let mut g = Graph::new(name);
        g.set_intermediate_type(BF16).unwrap();
        let x = g.tensor("x", &[2, 4, 128, 64], BF16).unwrap();
        let freqs = g.tensor("freqs", &[128, 1, 1, 64], F32).unwrap();
        let options = RopeOptions {
            rope_dim: Some(32),
            output_scale: Some(0.5),
        };
        let y = if since == (9, 24) {
            g.rope_forward(x, freqs, &options)
        } else {
            g.rope_backward(x, freqs, &options)
        }
        .unwrap();
        g.set_output(y, BF16).unwrap();
        case(name, since, false, g, vec![y])
    };
    let paged = {
        let name = "sdpa_forward_paged";
        let mut g = Graph::new(name);
        let ([q, k, v], options) = paged_inputs(&mut g);
        let options = SdpaOptions {
            stats: true,
            ..options
        };
        let out = g.sdpa_forward(q, k, v, &options).unwrap();
        g.set_output(out.o, BF16).unwrap();
        case(
            name,
            (9, 15),
            PAGED_ENGINES,
            g,
            vec![out.o, out.stats.unwrap()],
        )
    };
    let mut cases = vec![
        paged,
        backward("sdpa_backward_masked", (9, 21)),
        backward("sdpa_backward_dropout_dbias", (9, 28)),
        rope("rope_forward_options", (9, 24)),
        rope("rope_backward_options", (9, 25)),
    ];
    cases.extend(alignment_cases());
    cases.push(fp8_case("sdpa_forward_fp8", E4M3));
    cases.push(fp8_case("sdpa_forward_fp8_e5m2", Dt::FP8_E5M2));
    cases
}

/// The FP8 forward's factors, `[1, 1, 1, 1]` `FLOAT`, writing `S`'s
/// maximum too.
pub fn fp8_factors(g: &mut Graph) -> SdpaFp8 {
    let [descale_q, descale_k, descale_v, descale_s, scale_s, scale_o] = [
        "descale_q",
        "descale_k",
        "descale_v",
        "descale_s",
        "scale_s",
        "scale_o",
    ]
    .map(|n| g.tensor(n, &[1, 1, 1, 1], F32).unwrap());
    SdpaFp8 {
        descale_q,
        descale_k,
        descale_v,
        descale_s,
        scale_s,
        scale_o,
        amax_s: true,
    }
}

/// Whether cuDNN 9.28's heuristics offer engines on sm_90 for the FP8
/// forward.
const FP8_ENGINES: bool = true;

/// An FP8 forward (q, k, v and the output of `dt`) with a causal mask,
/// its statistics and both maxima written.
fn fp8_case(name: &'static str, dt: Dt) -> Case {
    let mut g = Graph::new(name);
    let [q, k, v] = qkv(&mut g, dt);
    let options = SdpaOptions {
        causal: true,
        stats: true,
        fp8: Some(fp8_factors(&mut g)),
        ..SdpaOptions::default()
    };
    let out = g.sdpa_forward(q, k, v, &options).unwrap();
    g.set_output(out.o, dt).unwrap();
    let outputs = vec![
        out.o,
        out.stats.unwrap(),
        out.amax_o.unwrap(),
        out.amax_s.unwrap(),
    ];
    case(name, (9, 25), FP8_ENGINES, g, outputs)
}

/// Whether cuDNN 9.28's heuristics offer engines on sm_90 for each of
/// `alignment_cases`, by name.
const ALIGNMENT_ENGINES: &[(&str, bool)] = &[
    ("sdpa_forward_decode_bottom_right", true),
    ("sdpa_forward_prefill_bottom_right", true),
    ("sdpa_forward_band_bottom_right", true),
    ("sdpa_forward_ragged", true),
    ("sdpa_forward_ragged_causal", true),
    ("sdpa_backward_bottom_right", true),
    ("sdpa_backward_ragged", true),
];

/// Masks aligned bottom-right over 16 queries of 128 keys (chunked
/// prefill; one query for decoding), a right bound with a window, and
/// cumulative (ragged) sequence lengths, forward and backward.
fn alignment_cases() -> Vec<Case> {
    let engines = |name| ALIGNMENT_ENGINES.iter().any(|&(n, e)| n == name && e);
    let cu = |g: &mut Graph, name| g.tensor(name, &[3, 1, 1, 1], I32).unwrap();
    let forward = |name: &'static str, since, options: &dyn Fn(&mut Graph) -> SdpaOptions| {
        let mut g = Graph::new(name);
        let s_q = if name.contains("decode") { 1 } else { 16 };
        let q = g.tensor("q", &[2, 4, s_q, 64], BF16).unwrap();
        let [k, v] = ["k", "v"].map(|n| g.tensor(n, &[2, 4, 128, 64], BF16).unwrap());
        let options = SdpaOptions {
            stats: true,
            ..options(&mut g)
        };
        let out = g.sdpa_forward(q, k, v, &options).unwrap();
        g.set_output(out.o, BF16).unwrap();
        let outputs = vec![out.o, out.stats.unwrap()];
        case(name, since, engines(name), g, outputs)
    };
    let backward = |name: &'static str, since, options: &dyn Fn(&mut Graph) -> SdpaOptions| {
        let mut g = Graph::new(name);
        g.set_intermediate_type(BF16).unwrap();
        let [q, o, d_o] = ["q", "o", "do"].map(|n| g.tensor(n, &[2, 4, 16, 64], BF16).unwrap());
        let [k, v] = ["k", "v"].map(|n| g.tensor(n, &[2, 4, 128, 64], BF16).unwrap());
        let stats = g.tensor("stats", &[2, 4, 16, 1], F32).unwrap();
        let inputs = SdpaBackwardInputs {
            q,
            k,
            v,
            o,
            d_o,
            stats,
        };
        let options = options(&mut g);
        let grads = g.sdpa_backward(&inputs, &options).unwrap();
        let outputs = vec![grads.dq, grads.dk, grads.dv];
        for &t in &outputs {
            g.set_output(t, BF16).unwrap();
        }
        case(name, since, engines(name), g, outputs)
    };
    let br = DiagonalAlignment::BOTTOM_RIGHT;
    vec![
        forward("sdpa_forward_decode_bottom_right", (9, 21), &|_| {
            SdpaOptions {
                causal: true,
                alignment: br,
                ..SdpaOptions::default()
            }
        }),
        forward("sdpa_forward_prefill_bottom_right", (9, 21), &|_| {
            SdpaOptions {
                causal: true,
                alignment: br,
                ..SdpaOptions::default()
            }
        }),
        forward("sdpa_forward_band_bottom_right", (9, 21), &|g| {
            SdpaOptions {
                right_bound: Some(4),
                sliding_window: Some(32),
                alignment: br,
                seq_len_q: Some(g.tensor("seq_len_q", &[2, 1, 1, 1], I32).unwrap()),
                seq_len_kv: Some(g.tensor("seq_len_kv", &[2, 1, 1, 1], I32).unwrap()),
                ..SdpaOptions::default()
            }
        }),
        forward("sdpa_forward_ragged", (9, 24), &|g| SdpaOptions {
            cu_seq_len_q: Some(cu(g, "cu_seq_len_q")),
            cu_seq_len_kv: Some(cu(g, "cu_seq_len_kv")),
            ..SdpaOptions::default()
        }),
        forward("sdpa_forward_ragged_causal", (9, 24), &|g| SdpaOptions {
            causal: true,
            alignment: br,
            cu_seq_len_q: Some(cu(g, "cu_seq_len_q")),
            cu_seq_len_kv: Some(cu(g, "cu_seq_len_kv")),
            ..SdpaOptions::default()
        }),
        backward("sdpa_backward_bottom_right", (9, 21), &|_| SdpaOptions {
            right_bound: Some(0),
            sliding_window: Some(32),
            alignment: br,
            ..SdpaOptions::default()
        }),
        backward("sdpa_backward_ragged", (9, 28), &|g| SdpaOptions {
            causal: true,
            alignment: br,
            cu_seq_len_q: Some(cu(g, "cu_seq_len_q")),
            cu_seq_len_kv: Some(cu(g, "cu_seq_len_kv")),
            ..SdpaOptions::default()
        }),
    ]
}
