//! MXFP8 attention forward (`SdpaOptions::mxfp8`: `E8M0` block factors of
//! `q`, `k`, `v` in cuDNN's 128 x 4 tiles) against the real cuDNN, on a
//! machine without a GPU: each refusal, and what cuDNN 9.28 offers for it
//! on a described Blackwell (`b200`) and Hopper (`h100-sxm`). No kernel
//! runs.

mod common;

use common::refusal::check_refused;
use cudnn::graph::{
    DeviceProperties, EngineFilter, Graph, HeuristicMode, SdpaBackwardInputs, SdpaFp8, SdpaMxfp8,
    SdpaOptions, SdpaOutputs, SdpaPagedKv, Settings, Target, TensorId, TensorReordering,
};
use cudnn::sys::cudnnDataType_t as Dt;
use cudnn::Error;

const E4M3: Dt = Dt::FP8_E4M3;
const E8M0: Dt = Dt::FP8_E8M0;
const BF16: Dt = Dt::BFLOAT16;
const F32: Dt = Dt::FLOAT;
const TILED: TensorReordering = TensorReordering::CUDNN_TENSOR_REORDERING_F8_128x4;

/// `B`, `H`, `S` (queries and keys), `D` (both head dims).
const B: i64 = 1;
const H: i64 = 2;
const S: i64 = 128;
const D: i64 = 128;

/// An `E8M0` factor of `dims`, packed, in 128 x 4 tiles.
fn factor(g: &mut Graph, name: &str, dims: &[i64]) -> TensorId {
    let t = g.tensor(name, dims, E8M0).unwrap();
    g.set_reordering(t, TILED).unwrap();
    t
}

/// `q`, `k`, `v` `[B, H, S, D]` `E4M3` and their factors: `q`'s and `k`'s
/// `[B, H, S, D / 32]`, `v`'s `[B, H, S / 32, D]`.
fn mxfp8_inputs(g: &mut Graph) -> ([TensorId; 3], SdpaMxfp8) {
    let qkv = ["q", "k", "v"].map(|n| g.tensor(n, &[B, H, S, D], E4M3).unwrap());
    let mx = SdpaMxfp8 {
        descale_q: factor(g, "sf_q", &[B, H, S, D / 32]),
        descale_k: factor(g, "sf_k", &[B, H, S, D / 32]),
        descale_v: factor(g, "sf_v", &[B, H, S / 32, D]),
    };
    (qkv, mx)
}

fn options(mx: SdpaMxfp8) -> SdpaOptions {
    SdpaOptions {
        mxfp8: Some(mx),
        ..SdpaOptions::default()
    }
}

/// The MXFP8 forward with a `BF16` output.
fn mxfp8_graph() -> (Graph, SdpaOutputs) {
    let mut g = Graph::new("sdpa_mxfp8");
    let ([q, k, v], mx) = mxfp8_inputs(&mut g);
    let out = g.sdpa_forward(q, k, v, &options(mx)).unwrap();
    g.set_output(out.o, BF16).unwrap();
    (g, out)
}

#[test]
fn mxfp8_attention_writes_the_outputs_maximum_only() {
    let (g, out) = mxfp8_graph();
    let amax_o = out.amax_o.expect("the output's maximum");
    assert_eq!(out.amax_s, None);
    assert_eq!(g.tensor_name(amax_o).unwrap(), "sdpa_forward#0.amax_o");
    assert_eq!(g.dims(amax_o).unwrap(), [1, 1, 1, 1]);
    assert_eq!(g.dims(out.o).unwrap(), [B, H, S, D]);
    assert!(g.key().contains(":reordered3"), "{}", g.key());
}

/// Each rule of the factors, and the options MXFP8 is not offered with,
/// refused naming the node (and the factor); nothing is added.
#[test]
fn mxfp8_attention_refuses_what_does_not_fit_and_adds_nothing() {
    let mut g = Graph::new("refusals");
    let ([q, k, v], mx) = mxfp8_inputs(&mut g);
    let f = "Graph::sdpa_forward";
    let n = "sdpa_forward \"sdpa_forward#0\"";
    let with = |g: &mut Graph, mx: SdpaMxfp8| g.sdpa_forward(q, k, v, &options(mx));

    let f32_q = g.tensor("f32_q", &[B, H, S, D / 32], F32).unwrap();
    let r = with(
        &mut g,
        SdpaMxfp8 {
            descale_q: f32_q,
            ..mx
        },
    );
    check_refused(
        r,
        f,
        n,
        Some("f32_q"),
        "descale_q of type FLOAT; it takes FP8_E8M0",
    );
    let rank3 = factor(&mut g, "rank3", &[H, S, D / 32]);
    let r = with(
        &mut g,
        SdpaMxfp8 {
            descale_k: rank3,
            ..mx
        },
    );
    check_refused(r, f, n, Some("rank3"), "descale_k of rank 3; it is rank 4");
    let heads = factor(&mut g, "heads", &[B, 1, S / 32, D]);
    let r = with(
        &mut g,
        SdpaMxfp8 {
            descale_v: heads,
            ..mx
        },
    );
    check_refused(r, f, n, Some("heads"), "its batch and heads are not [1, 2]");
    let few = factor(&mut g, "few", &[B, H, S, D / 32 - 1]);
    let r = with(
        &mut g,
        SdpaMxfp8 {
            descale_q: few,
            ..mx
        },
    );
    check_refused(
        r,
        f,
        n,
        Some("few"),
        "its last two are not at least [128, 4]",
    );
    let short_v = factor(&mut g, "short_v", &[B, H, S / 32, D - 1]);
    let r = with(
        &mut g,
        SdpaMxfp8 {
            descale_v: short_v,
            ..mx
        },
    );
    check_refused(r, f, n, Some("short_v"), "not at least [4, 128]");
    let dims = [B, H, S, D / 32];
    let col = g
        .tensor_with_strides("col", &dims, &[H * S * 4, S * 4, 1, S], E8M0)
        .unwrap();
    g.set_reordering(col, TILED).unwrap();
    let r = with(
        &mut g,
        SdpaMxfp8 {
            descale_k: col,
            ..mx
        },
    );
    check_refused(r, f, n, Some("col"), "its last stride is not 1");
    let flat = g.tensor("flat", &dims, E8M0).unwrap();
    let r = with(
        &mut g,
        SdpaMxfp8 {
            descale_q: flat,
            ..mx
        },
    );
    check_refused(r, f, n, Some("flat"), "descale_q not reordered F8_128x4");

    let [a, b, c, d, e, h] =
        ["a", "b", "c", "d", "e", "h"].map(|n| g.tensor(n, &[1, 1, 1, 1], F32).unwrap());
    let per_tensor = SdpaFp8 {
        descale_q: a,
        descale_k: b,
        descale_v: c,
        descale_s: d,
        scale_s: e,
        scale_o: h,
        amax_s: false,
    };
    let both = SdpaOptions {
        fp8: Some(per_tensor),
        ..options(mx)
    };
    let r = g.sdpa_forward(q, k, v, &both);
    check_refused(r, f, n, None, "both fp8 and mxfp8");
    let [tk, tv] = ["tk", "tv"].map(|n| g.tensor(n, &[B, 1, 1, 1], Dt::INT32).unwrap());
    let [lq, lkv] = ["lq", "lkv"].map(|n| g.tensor(n, &[B, 1, 1, 1], Dt::INT32).unwrap());
    let paged = SdpaOptions {
        paged: Some(SdpaPagedKv {
            page_table_k: tk,
            page_table_v: tv,
        }),
        seq_len_q: Some(lq),
        seq_len_kv: Some(lkv),
        ..options(mx)
    };
    let r = g.sdpa_forward(q, k, v, &paged);
    check_refused(r, f, n, None, "mxfp8 with paged K/V");
    let [qb, kb, vb, o, d_o] =
        ["qb", "kb", "vb", "o", "do"].map(|n| g.tensor(n, &[B, H, S, D], BF16).unwrap());
    let r = g.sdpa_forward(qb, kb, vb, &options(mx));
    check_refused(r, f, n, Some("qb"), "it takes FP8_E4M3 or FP8_E5M2");
    let stats = g.tensor("stats", &[B, H, S, 1], F32).unwrap();
    let inputs = SdpaBackwardInputs {
        q: qb,
        k: kb,
        v: vb,
        o,
        d_o,
        stats,
    };
    check_refused(
        g.sdpa_backward(&inputs, &options(mx)),
        "Graph::sdpa_backward",
        "sdpa_backward \"sdpa_backward#0\"",
        None,
        "fp8 is an option of the forward (mxfp8 too)",
    );
    // No node was added: the first forward that fits is still #0.
    let out = with(&mut g, mx).unwrap();
    let amax_o = out.amax_o.unwrap();
    assert_eq!(g.tensor_name(amax_o).unwrap(), "sdpa_forward#0.amax_o");
}

/// What cuDNN 9.28 offers for the MXFP8 forward: on a described B200
/// (sm_100) one engine configuration (engine 10), whose plan finalizes and
/// round-trips through JSON, reading back as this graph's; on an H100
/// (sm_90) one too (engine 9), which does not finalize (its runtime
/// compilation fails), so no plan.
#[test]
fn mxfp8_attention_plans_on_blackwell_only() {
    let Some(lib) = common::backend::graph_library() else {
        return;
    };
    let v = lib.version();
    if (v.major, v.minor) < (9, 25) || !common::backend::load_cublaslt(&lib) {
        return;
    }
    let (g, _) = mxfp8_graph();
    let built = g.build_with(&lib, None).expect("the MXFP8 forward");
    let engines = |device: &DeviceProperties| {
        built
            .engine_configs(
                Target::Device {
                    library: &lib,
                    device,
                },
                HeuristicMode::A,
                &EngineFilter::default(),
            )
            .map(|c| c.iter().map(|c| c.global_index()).collect::<Vec<_>>())
    };
    let b200 = DeviceProperties::preset("b200").expect("the sm_100 preset");
    let h100 = DeviceProperties::preset("h100-sxm").expect("the sm_90 preset");
    assert_eq!(engines(&b200).expect("b200"), [10]);
    assert_eq!(engines(&h100).expect("h100"), [9]);
    match built.plans(
        Target::Device {
            library: &lib,
            device: &h100,
        },
        &Settings::default(),
    ) {
        Err(Error::NoEngine { reason, .. }) => {
            assert!(reason.contains("none finalized"), "{reason}");
            assert!(reason.contains("COMPILATION_FAILED"), "{reason}");
        }
        other => panic!(
            "expected no plan for sm_90, got {:?}",
            other.map(|p| p.len())
        ),
    }
    let target = Target::Device {
        library: &lib,
        device: &b200,
    };
    let plans = built
        .plans(target, &Settings::default())
        .expect("an MXFP8 attention plan for sm_100");
    assert_eq!(plans.len(), 1);
    let json = plans[0].to_json().expect("json");
    let back = built
        .plan_from_json(&json, target)
        .expect("this graph's plan");
    assert_eq!(back.to_json().expect("json"), json);
}
