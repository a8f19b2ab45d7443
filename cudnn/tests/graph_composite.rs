//! The composite SDPA forward and backward (`Graph::sdpa_forward` on a
//! cuDNN without the unified `OPERATION_SDPA_FWD` of 9.13, or without an
//! attribute its options set; `Graph::sdpa_backward` below 9.17) against
//! the real cuDNN, on a machine without a GPU. No kernel runs.
//!
//! - cuDNN 8.9: the composite's operations are built (cuDNN checks each),
//!   and the graph is refused without a handle, as every graph there.
//! - cuDNN 9.8 to 9.12 (the 9.10.2 row of the test matrix, the release
//!   PyTorch pins): the composite graph finalizes, cuDNN's heuristics offer
//!   engines for a described H100 (sm_90) and a plan finalizes for it (with
//!   NVIDIA's libcuda, no GPU, loaded by `common::driver`, and NVRTC for
//!   CUDA 12: the fused attention engines are runtime-compiled); the plan
//!   round-trips through cuDNN's JSON, which names the tensors the
//!   composite's operations use (`plan_from_json`).
//! - From 9.13: the unified operation, with no tensor of the composite's;
//!   `Graph::build_composite_with` builds the composite all the same, and
//!   cuDNN 9.28 plans each for the described H100.
//! - The options the composite does not express (paged K/V, FP8,
//!   cumulative lengths, a right bound, a window, a bottom-right mask with
//!   a bias) are
//!   refused below the unified operation's version, naming it and what
//!   the composite lacks.
//! - The composite backward (below the unified `OPERATION_SDPA_BWD` of
//!   9.17) the same way: built with its softmax sum and dQ accumulator as
//!   real `FLOAT` tensors, planned for the H100 on 9.10.2 (cuDNN finalizes
//!   it as `SDPA_BWD`) and, through `build_composite_with`, on 9.28;
//!   sequence lengths and the bias's gradient refused below their unified
//!   versions, and `S_kv` not a multiple of 128 below 9.16.

mod common;

use std::sync::Arc;

use cudnn::graph::{
    DeviceProperties, DiagonalAlignment, EngineFilter, Graph, HeuristicMode, OperationGraph,
    SdpaBackwardInputs, SdpaDropout, SdpaFp8, SdpaOptions, SdpaPagedKv, Settings, Target, TensorId,
};
use cudnn::{DType as Dt, Error, Library, Mismatch, Version};

const BF16: Dt = Dt::BFLOAT16;
const I32: Dt = Dt::INT32;
const I64: Dt = Dt::INT64;
const F32: Dt = Dt::FLOAT;

/// The first release with the unified SDPA forward.
const UNIFIED: Version = Version::new(9, 13, 0);

/// A forward of `q` `[2, 4, 128, 64]`, `k` and `v` `[2, H_k, 128, 64]`,
/// BFLOAT16, with the options `options` makes.
struct Forward {
    name: &'static str,
    graph: Graph,
    k: TensorId,
    kv_heads: i64,
    /// The tensors of the description.
    described: usize,
}

fn forward(name: &'static str, options: &dyn Fn(&mut Graph) -> SdpaOptions) -> Forward {
    forward_with(name, 4, options)
}

fn forward_with(
    name: &'static str,
    kv_heads: i64,
    options: &dyn Fn(&mut Graph) -> SdpaOptions,
) -> Forward {
    let mut g = Graph::new(name);
    let q = g.tensor("q", &[2, 4, 128, 64], BF16).unwrap();
    let [k, v] = ["k", "v"].map(|n| g.tensor(n, &[2, kv_heads, 128, 64], BF16).unwrap());
    let o = options(&mut g);
    let out = g.sdpa_forward(q, k, v, &o).unwrap();
    g.set_output(out.o, BF16).unwrap();
    let described = g.key().matches("|t").count();
    Forward {
        name,
        graph: g,
        k,
        kv_heads,
        described,
    }
}

fn lengths(g: &mut Graph) -> (TensorId, TensorId) {
    let q = g.tensor("seq_len_q", &[2, 1, 1, 1], I32).unwrap();
    let kv = g.tensor("seq_len_kv", &[2, 1, 1, 1], I32).unwrap();
    (q, kv)
}

/// The forwards the composite expresses, each with the unified
/// operation's version.
fn composites() -> Vec<(Forward, Version)> {
    let v = |minor| Version::new(9, minor, 0);
    vec![
        (forward("plain", &|_| SdpaOptions::default()), v(13)),
        (
            forward("stats_scale", &|_| SdpaOptions {
                stats: true,
                scale: Some(0.1),
                ..SdpaOptions::default()
            }),
            v(13),
        ),
        (
            forward("causal", &|_| SdpaOptions {
                causal: true,
                stats: true,
                ..SdpaOptions::default()
            }),
            v(21),
        ),
        (
            forward("bias_causal", &|g| SdpaOptions {
                bias: Some(g.tensor("bias", &[1, 4, 128, 128], BF16).unwrap()),
                causal: true,
                ..SdpaOptions::default()
            }),
            v(21),
        ),
        (
            forward("padded", &|g| {
                let (q, kv) = lengths(g);
                SdpaOptions {
                    seq_len_q: Some(q),
                    seq_len_kv: Some(kv),
                    stats: true,
                    ..SdpaOptions::default()
                }
            }),
            v(15),
        ),
        (
            forward("padded_causal_dropout", &|g| {
                let (q, kv) = lengths(g);
                SdpaOptions {
                    seq_len_q: Some(q),
                    seq_len_kv: Some(kv),
                    causal: true,
                    stats: true,
                    dropout: Some(SdpaDropout {
                        probability: 0.1,
                        seed: g.tensor("seed", &[1, 1, 1, 1], I64).unwrap(),
                        offset: g.tensor("offset", &[1, 1, 1, 1], I64).unwrap(),
                    }),
                    ..SdpaOptions::default()
                }
            }),
            v(21),
        ),
        (
            forward("causal_bottom_right", &|_| SdpaOptions {
                causal: true,
                alignment: DiagonalAlignment::BOTTOM_RIGHT,
                stats: true,
                ..SdpaOptions::default()
            }),
            v(21),
        ),
        // Grouped-query: refused on cuDNN 8 (8.9.5's matmul refuses K's 2
        // heads against Q's 4 with BAD_PARAM); 9.10 plans it.
        (
            forward_with("gqa_causal", 2, &|_| SdpaOptions {
                causal: true,
                ..SdpaOptions::default()
            }),
            v(21),
        ),
    ]
}

fn h100() -> DeviceProperties {
    DeviceProperties::preset("h100-sxm").expect("the sm_90 preset")
}

/// Checks a built composite: more tensors than described (the
/// composite's come after them), `K` described transposed (`[B, H_k, D,
/// S_kv]`, strides swapped), the scores `[B, H_q, S_q, S_kv]` virtual.
#[track_caller]
fn check_composite(f: &Forward, g: &OperationGraph) {
    assert!(g.tensors().len() > f.described, "{}", f.name);
    let k = g.tensor(f.k).expect("k");
    assert_eq!(k.dims(), [2, f.kv_heads, 64, 128], "{}", f.name);
    let h = f.kv_heads * 8192;
    assert_eq!(k.strides(), [h, 8192, 1, 64], "{}", f.name);
    let s = g
        .tensors()
        .iter()
        .find(|t| t.name().ends_with(".bmm1"))
        .expect("the scores");
    assert!(s.is_virtual());
    assert_eq!(s.dims(), [2, 4, 128, 128]);
}

#[test]
fn composite_forwards_build_below_the_unified_operation() {
    let Some(lib) = common::backend::graph_library() else {
        return;
    };
    let have = lib.version();
    for (f, unified) in composites() {
        let r = f.graph.build_with(&lib, None);
        if have >= unified {
            let g = r.unwrap_or_else(|e| panic!("{}: {e}", f.name));
            assert_eq!(
                g.tensors().len(),
                f.described,
                "{}: the unified node",
                f.name
            );
            assert_eq!(g.tensor(f.k).expect("k").dims(), [2, f.kv_heads, 128, 64]);
            continue;
        }
        if have.major == 8 {
            // The operations are built (cuDNN checks each); the graph is
            // refused before its finalize, as every graph without a handle.
            match r {
                Err(Error::InvalidArgument {
                    mismatch: Mismatch::Unsupported { what },
                    ..
                }) => assert!(what.contains("only with a handle"), "{}: {what}", f.name),
                Err(Error::InvalidArgument {
                    mismatch: Mismatch::GraphNode { what, .. },
                    ..
                }) if f.kv_heads < 4 => assert!(what.contains("grouped-query"), "{what}"),
                other => panic!("{}: {:?}", f.name, other.map(|g| g.tensors().len())),
            }
            continue;
        }
        let g = r.unwrap_or_else(|e| panic!("{}: {e}", f.name));
        check_composite(&f, &g);
        assert!(g.engine_count().expect("count") > 0, "{}", f.name);
    }
}

/// The library with cuBLASLt and NVRTC loaded, from cuDNN 9.8 (which
/// plans for a described GPU) and below the unified operation.
fn composite_heuristics_library() -> Option<Arc<Library>> {
    let lib = common::backend::graph_library()?;
    let v = lib.version();
    if v < Version::new(9, 8, 0) || v >= UNIFIED || !common::backend::load_cublaslt(&lib) {
        return None;
    }
    common::backend::load_nvrtc(&lib).then_some(lib)
}

#[test]
fn composite_forwards_get_engines_and_plans_for_a_described_h100() {
    let Some(lib) = composite_heuristics_library() else {
        return;
    };
    let device = h100();
    let target = Target::Device {
        library: &lib,
        device: &device,
    };
    let mut wrong = Vec::new();
    for (f, _) in composites() {
        let g = f.graph.build_with(&lib, None).expect(f.name);
        let configs = g.engine_configs(target, HeuristicMode::A, &EngineFilter::default());
        match configs {
            Ok(c) if !c.is_empty() => {}
            other => {
                wrong.push(format!("{}: configs {:?}", f.name, other.map(|c| c.len())));
                continue;
            }
        }
        let plans = match g.plans(target, &Settings::default()) {
            Ok(p) if !p.is_empty() => p,
            other => {
                wrong.push(format!("{}: plans {:?}", f.name, other.map(|p| p.len())));
                continue;
            }
        };
        let json = plans[0].to_json().expect("json");
        match g.plan_from_json(&json, target) {
            Ok(back) => assert_eq!(back.workspace_size(), plans[0].workspace_size()),
            Err(e) => wrong.push(format!("{}: plan_from_json: {e}", f.name)),
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// From the unified operation on, `build_composite_with` builds the
/// composite all the same; where cuDNN (9.28) still plans it for a
/// described H100, each composite gets engines and a plan.
#[test]
fn the_composite_is_built_on_request_where_the_unified_operation_exists() {
    let Some(lib) = common::backend::graph_library() else {
        return;
    };
    if lib.version() < UNIFIED {
        return;
    }
    let planning = lib.version() >= Version::new(9, 8, 0)
        && common::backend::load_cublaslt(&lib)
        && common::backend::load_nvrtc(&lib);
    let device = h100();
    let target = Target::Device {
        library: &lib,
        device: &device,
    };
    let mut planned = Vec::new();
    for (f, _) in composites() {
        let g = f.graph.build_composite_with(&lib, None).expect(f.name);
        check_composite(&f, &g);
        if !planning {
            continue;
        }
        let configs = g.engine_configs(target, HeuristicMode::A, &EngineFilter::default());
        if configs.is_ok_and(|c| !c.is_empty()) {
            let plans = g.plans(target, &Settings::default()).expect(f.name);
            assert!(!plans.is_empty(), "{}", f.name);
            planned.push(f.name);
        }
    }
    eprintln!("composites planned on cuDNN {}: {planned:?}", lib.version());
    // cuDNN 9.28 plans every one (with cuBLASLt and NVRTC for CUDA 12).
    if planning {
        assert_eq!(planned.len(), composites().len(), "{planned:?}");
    }
}

/// A refusal naming the unified operation's version and what the
/// composite lacks.
#[track_caller]
fn check_refused(r: cudnn::Result<OperationGraph>, since: Version, lacks: &str) {
    match r {
        Err(Error::InvalidArgument {
            function: "Graph::build_with",
            mismatch: Mismatch::GraphNode {
                tensor: None, what, ..
            },
        }) => {
            assert!(
                what.contains(&format!("needs cuDNN {since} or later")),
                "{what}"
            );
            assert!(what.contains(&format!("does not take {lacks}")), "{what}");
        }
        other => panic!(
            "expected a refusal, got {:?}",
            other.map(|g| g.tensors().len())
        ),
    }
}

#[test]
fn options_the_composite_does_not_express_are_refused_below_the_unified_operation() {
    let Some(lib) = common::backend::graph_library() else {
        return;
    };
    let have = lib.version();
    let v = |minor| Version::new(9, minor, 0);
    let br = DiagonalAlignment::BOTTOM_RIGHT;
    let cases: Vec<(Forward, Version, &str)> = vec![
        (
            forward("bottom_right_bias", &|g| SdpaOptions {
                causal: true,
                alignment: br,
                bias: Some(g.tensor("bias", &[1, 4, 128, 128], BF16).unwrap()),
                ..SdpaOptions::default()
            }),
            v(21),
            "a causal mask aligned bottom-right with a bias or dropout",
        ),
        (
            forward("window", &|_| SdpaOptions {
                causal: true,
                sliding_window: Some(32),
                ..SdpaOptions::default()
            }),
            v(21),
            "a right bound or a sliding window",
        ),
        (
            forward("right_bound", &|_| SdpaOptions {
                right_bound: Some(4),
                ..SdpaOptions::default()
            }),
            v(21),
            "a right bound or a sliding window",
        ),
        (
            forward("ragged", &|g| SdpaOptions {
                cu_seq_len_q: Some(g.tensor("cu_q", &[3, 1, 1, 1], I32).unwrap()),
                cu_seq_len_kv: Some(g.tensor("cu_kv", &[3, 1, 1, 1], I32).unwrap()),
                ..SdpaOptions::default()
            }),
            v(24),
            "cumulative sequence lengths",
        ),
    ];
    for (f, since, lacks) in cases {
        if have < since {
            check_refused(f.graph.build_with(&lib, None), since, lacks);
        }
    }
    if have < v(25) {
        check_refused(fp8_forward().build_with(&lib, None), v(25), "FP8");
    }
    if have < v(15) {
        check_refused(paged_forward().build_with(&lib, None), v(15), "paged K/V");
    }
}

fn fp8_forward() -> Graph {
    let mut g = Graph::new("fp8");
    let e4m3 = Dt::FP8_E4M3;
    let q = g.tensor("q", &[1, 2, 64, 64], e4m3).unwrap();
    let [k, v] = ["k", "v"].map(|n| g.tensor(n, &[1, 2, 64, 64], e4m3).unwrap());
    let [a, b, c, d, e, s] =
        ["dq", "dk", "dv", "ds", "ss", "so"].map(|n| g.tensor(n, &[1, 1, 1, 1], F32).unwrap());
    let fp8 = SdpaFp8 {
        descale_q: a,
        descale_k: b,
        descale_v: c,
        descale_s: d,
        scale_s: e,
        scale_o: s,
        amax_s: false,
    };
    let o = SdpaOptions {
        fp8: Some(fp8),
        ..SdpaOptions::default()
    };
    let out = g.sdpa_forward(q, k, v, &o).unwrap();
    g.set_output(out.o, e4m3).unwrap();
    g
}

fn paged_forward() -> Graph {
    let mut g = Graph::new("paged");
    let q = g.tensor("q", &[2, 2, 1, 64], BF16).unwrap();
    let [k, v] = ["k", "v"].map(|n| g.tensor(n, &[8, 2, 32, 64], BF16).unwrap());
    let [page_table_k, page_table_v] =
        ["table_k", "table_v"].map(|n| g.tensor(n, &[2, 1, 4, 1], I32).unwrap());
    let (sq, skv) = lengths(&mut g);
    let o = SdpaOptions {
        seq_len_q: Some(sq),
        seq_len_kv: Some(skv),
        paged: Some(SdpaPagedKv {
            page_table_k,
            page_table_v,
        }),
        ..SdpaOptions::default()
    };
    let out = g.sdpa_forward(q, k, v, &o).unwrap();
    g.set_output(out.o, BF16).unwrap();
    g
}

/// A backward of `q` `[2, 4, 128, 64]`, `k` and `v` `[2, H_k, S_kv, 64]`,
/// `o` and `d_o` of `q`'s dims, BFLOAT16, the statistics `FLOAT`, with
/// the options `options` makes.
struct Backward {
    name: &'static str,
    graph: Graph,
    k: TensorId,
    v: TensorId,
    kv_heads: i64,
}

fn backward(
    name: &'static str,
    (kv_heads, skv): (i64, i64),
    options: &dyn Fn(&mut Graph) -> SdpaOptions,
) -> Backward {
    let mut g = Graph::new(name);
    let [q, o, d_o] = ["q", "o", "do"].map(|n| g.tensor(n, &[2, 4, 128, 64], BF16).unwrap());
    let [k, v] = ["k", "v"].map(|n| g.tensor(n, &[2, kv_heads, skv, 64], BF16).unwrap());
    let stats = g.tensor("stats", &[2, 4, 128, 1], F32).unwrap();
    let i = SdpaBackwardInputs {
        q,
        k,
        v,
        o,
        d_o,
        stats,
    };
    let opts = options(&mut g);
    let grads = g.sdpa_backward(&i, &opts).unwrap();
    for t in [grads.dq, grads.dk, grads.dv]
        .into_iter()
        .chain(grads.dbias)
    {
        g.set_output(t, BF16).unwrap();
    }
    Backward {
        name,
        graph: g,
        k,
        v,
        kv_heads,
    }
}

/// The backwards the composite expresses, each with the unified
/// operation's version.
fn composite_backwards() -> Vec<(Backward, Version)> {
    let v = |minor| Version::new(9, minor, 0);
    let mha = (4, 128);
    vec![
        (
            backward("bwd_plain", mha, &|_| SdpaOptions::default()),
            v(17),
        ),
        (
            backward("bwd_scale_causal", mha, &|_| SdpaOptions {
                scale: Some(0.1),
                causal: true,
                ..SdpaOptions::default()
            }),
            v(21),
        ),
        (
            backward("bwd_bias_causal", mha, &|g| SdpaOptions {
                bias: Some(g.tensor("bias", &[1, 4, 128, 128], BF16).unwrap()),
                causal: true,
                ..SdpaOptions::default()
            }),
            v(21),
        ),
        (
            backward("bwd_dropout", mha, &|g| SdpaOptions {
                dropout: Some(SdpaDropout {
                    probability: 0.1,
                    seed: g.tensor("seed", &[1, 1, 1, 1], I64).unwrap(),
                    offset: g.tensor("offset", &[1, 1, 1, 1], I64).unwrap(),
                }),
                ..SdpaOptions::default()
            }),
            v(28),
        ),
        (
            backward("bwd_causal_bottom_right", (4, 256), &|_| SdpaOptions {
                causal: true,
                alignment: DiagonalAlignment::BOTTOM_RIGHT,
                ..SdpaOptions::default()
            }),
            v(21),
        ),
        (
            backward("bwd_gqa_causal", (2, 128), &|_| SdpaOptions {
                causal: true,
                ..SdpaOptions::default()
            }),
            v(21),
        ),
    ]
}

/// Checks a built composite backward: `K` and `V` described transposed,
/// the softmax sum `[B, H_q, S_q, 1]` and the dQ accumulator `[B, H_q,
/// S_q, D]` real `FLOAT` tensors, packed.
#[track_caller]
fn check_composite_backward(f: &Backward, g: &OperationGraph) {
    let skv = g.tensor(f.k).expect("k").dims()[3];
    for t in [f.k, f.v] {
        let t = g.tensor(t).expect("k and v");
        assert_eq!(t.dims(), [2, f.kv_heads, 64, skv], "{}", f.name);
        assert_eq!(t.strides(), [f.kv_heads * skv * 64, skv * 64, 1, 64]);
    }
    for (suffix, dims, strides) in [
        (".softmax_sum", [2, 4, 128, 1], [512, 128, 1, 1]),
        (".dq_accum", [2, 4, 128, 64], [32768, 8192, 64, 1]),
    ] {
        let t = g
            .tensors()
            .iter()
            .find(|t| t.name().ends_with(suffix))
            .unwrap_or_else(|| panic!("{}: {suffix}", f.name));
        assert!(!t.is_virtual(), "{}: {suffix}", f.name);
        assert_eq!(t.data_type(), F32, "{}: {suffix}", f.name);
        assert_eq!((t.dims(), t.strides()), (&dims[..], &strides[..]));
    }
}

#[test]
fn composite_backwards_build_below_the_unified_operation() {
    let Some(lib) = common::backend::graph_library() else {
        return;
    };
    let have = lib.version();
    for (f, unified) in composite_backwards() {
        let r = f.graph.build_with(&lib, None);
        if have >= unified {
            let g = r.unwrap_or_else(|e| panic!("{}: {e}", f.name));
            assert_eq!(
                g.tensor(f.k).expect("k").dims()[3],
                64,
                "{}: k as described",
                f.name
            );
            assert!(g.tensors().iter().all(|t| !t.name().ends_with(".dq_accum")));
            continue;
        }
        if have.major == 8 {
            match r {
                Err(Error::InvalidArgument {
                    mismatch: Mismatch::Unsupported { what },
                    ..
                }) => assert!(what.contains("only with a handle"), "{}: {what}", f.name),
                Err(Error::InvalidArgument {
                    mismatch: Mismatch::GraphNode { what, .. },
                    ..
                }) if f.kv_heads < 4 => assert!(what.contains("grouped-query"), "{what}"),
                other => panic!("{}: {:?}", f.name, other.map(|g| g.tensors().len())),
            }
            continue;
        }
        let g = r.unwrap_or_else(|e| panic!("{}: {e}", f.name));
        check_composite_backward(&f, &g);
        assert!(g.engine_count().expect("count") > 0, "{}", f.name);
    }
}

#[test]
fn composite_backwards_get_engines_and_plans_for_a_described_h100() {
    let Some(lib) = composite_heuristics_library() else {
        return;
    };
    let device = h100();
    let target = Target::Device {
        library: &lib,
        device: &device,
    };
    let mut wrong = Vec::new();
    for (f, _) in composite_backwards() {
        let g = f.graph.build_with(&lib, None).expect(f.name);
        let configs = g.engine_configs(target, HeuristicMode::A, &EngineFilter::default());
        match configs {
            Ok(c) if !c.is_empty() => {}
            other => {
                wrong.push(format!("{}: configs {:?}", f.name, other.map(|c| c.len())));
                continue;
            }
        }
        let plans = match g.plans(target, &Settings::default()) {
            Ok(p) if !p.is_empty() => p,
            other => {
                wrong.push(format!("{}: plans {:?}", f.name, other.map(|p| p.len())));
                continue;
            }
        };
        let json = plans[0].to_json().expect("json");
        // cuDNN matched the composite as its fused attention backward.
        if !json.contains(r#""finalizeMode":"SDPA_BWD""#) {
            wrong.push(format!("{}: not finalized as SDPA_BWD", f.name));
        }
        match g.plan_from_json(&json, target) {
            Ok(back) => assert_eq!(back.workspace_size(), plans[0].workspace_size()),
            Err(e) => wrong.push(format!("{}: plan_from_json: {e}", f.name)),
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// From the unified backward on, `build_composite_with` builds the
/// composite backward all the same, and cuDNN 9.28 plans each for the
/// described H100.
#[test]
fn the_composite_backward_is_built_on_request_where_the_unified_operation_exists() {
    let Some(lib) = common::backend::graph_library() else {
        return;
    };
    if lib.version() < Version::new(9, 17, 0) {
        return;
    }
    let planning = common::backend::load_cublaslt(&lib) && common::backend::load_nvrtc(&lib);
    let device = h100();
    let target = Target::Device {
        library: &lib,
        device: &device,
    };
    let mut planned = Vec::new();
    for (f, _) in composite_backwards() {
        let g = f.graph.build_composite_with(&lib, None).expect(f.name);
        check_composite_backward(&f, &g);
        // The causal mask is one DIAGONAL_BAND_MASK from 9.21, as the
        // frontend masks.
        let band = lib.version() >= Version::new(9, 21, 0) && f.name.contains("causal");
        assert_eq!(g.key().contains("diagonal_band_mask"), band, "{}", f.name);
        if !planning {
            continue;
        }
        let configs = g.engine_configs(target, HeuristicMode::A, &EngineFilter::default());
        if configs.is_ok_and(|c| !c.is_empty()) {
            let plans = g.plans(target, &Settings::default()).expect(f.name);
            assert!(!plans.is_empty(), "{}", f.name);
            planned.push(f.name);
        }
    }
    eprintln!(
        "composite backwards planned on cuDNN {}: {planned:?}",
        lib.version()
    );
    if planning {
        assert_eq!(planned.len(), composite_backwards().len(), "{planned:?}");
    }
}

/// What the composite backward does not take (sequence lengths, the bias's
/// gradient) keeps the unified operation's version; below 9.16, `S_kv`
/// not a multiple of 128 is refused (the frontend's workaround is not
/// built).
#[test]
fn backward_options_the_composite_does_not_express_are_refused() {
    let Some(lib) = common::backend::graph_library() else {
        return;
    };
    let have = lib.version();
    let v = |minor| Version::new(9, minor, 0);
    let padded = backward("bwd_padded", (4, 128), &|g| {
        let (q, kv) = lengths(g);
        SdpaOptions {
            seq_len_q: Some(q),
            seq_len_kv: Some(kv),
            ..SdpaOptions::default()
        }
    });
    let dbias = backward("bwd_dbias", (4, 128), &|g| SdpaOptions {
        bias: Some(g.tensor("bias", &[1, 4, 128, 128], BF16).unwrap()),
        bias_gradient: true,
        ..SdpaOptions::default()
    });
    if have < v(17) {
        let lacks = "sequence lengths in the backward";
        check_refused(padded.graph.build_with(&lib, None), v(17), lacks);
    }
    if have < v(28) {
        check_refused(
            dbias.graph.build_with(&lib, None),
            v(28),
            "the bias's gradient",
        );
    }
    let short = backward("bwd_short_kv", (4, 100), &|_| SdpaOptions::default());
    let r = short.graph.build_composite_with(&lib, None);
    if have < v(16) {
        match r {
            Err(Error::InvalidArgument {
                mismatch: Mismatch::GraphNode { what, .. },
                ..
            }) => assert!(what.contains("S_kv a multiple of 128 (here 100)"), "{what}"),
            other => panic!("{:?}", other.map(|g| g.tensors().len())),
        }
    } else {
        check_composite_backward(&short, &r.expect("S_kv 100 from 9.16"));
    }
}
