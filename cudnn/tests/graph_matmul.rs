//! The matmul options of the graph builder (`Graph::matmul_with`: `M`,
//! `N` and `K` overridden per batch item by device tensors, and the
//! padding value) against the real cuDNN, on a machine without a GPU:
//! their refusals, their tensors' roles, and what cuDNN 9.28's heuristics
//! answer for them on a described sm_90 GPU. No kernel runs.

mod common;

use common::refusal::check_refused;
use cudnn::graph::{DeviceProperties, EngineFilter, Graph, HeuristicMode, MatmulOptions, Target};
use cudnn::sys::cudnnDataType_t as Dt;

const BF16: Dt = Dt::BFLOAT16;
const I32: Dt = Dt::INT32;

/// `a` `[4, 128, 64]`, `b` `[4, 64, 128]`, bf16, and M and N overrides
/// `[4, 1, 1]` of `INT32`.
fn batched(g: &mut Graph) -> [cudnn::graph::TensorId; 4] {
    let a = g.tensor("a", &[4, 128, 64], BF16).unwrap();
    let b = g.tensor("b", &[4, 64, 128], BF16).unwrap();
    let m = g.tensor("m", &[4, 1, 1], I32).unwrap();
    let n = g.tensor("n", &[4, 1, 1], I32).unwrap();
    [a, b, m, n]
}

#[test]
fn matmul_options_refuse_what_does_not_fit_and_add_nothing() {
    let mut g = Graph::new("refusals");
    let [a, b, m, _] = batched(&mut g);
    let float = g.tensor("float", &[4, 1, 1], Dt::FLOAT).unwrap();
    let rank2 = g.tensor("rank2", &[4, 1], I32).unwrap();
    let wide = g.tensor("wide", &[4, 1, 2], I32).unwrap();
    let batch = g.tensor("batch", &[3, 1, 1], I32).unwrap();
    let scalar = g.scalar("scalar", 2.0).unwrap();
    let key = g.key();
    let f = "Graph::matmul_with";
    let nd = "matmul \"matmul#0\"";
    let with = |m_override, padding| MatmulOptions {
        m_override: Some(m_override),
        padding,
        ..MatmulOptions::default()
    };
    let r = g.matmul_with(a, b, &with(float, 0.0));
    check_refused(r, f, nd, Some("float"), "the M override of type FLOAT");
    let r = g.matmul_with(a, b, &with(rank2, 0.0));
    check_refused(r, f, nd, Some("rank2"), "it has rank 3");
    let r = g.matmul_with(a, b, &with(wide, 0.0));
    check_refused(r, f, nd, Some("wide"), "its last two dims 1");
    let r = g.matmul_with(a, b, &with(batch, 0.0));
    check_refused(r, f, nd, Some("batch"), "each batch dim the product's or 1");
    let r = g.matmul_with(a, b, &with(scalar, 0.0));
    check_refused(r, f, nd, Some("scalar"), "by-value scalar");
    let r = g.matmul_with(a, b, &with(m, f64::NAN));
    check_refused(r, f, nd, None, "a padding of NaN");
    let k = MatmulOptions {
        k_override: Some(float),
        ..MatmulOptions::default()
    };
    let r = g.matmul_with(a, b, &k);
    check_refused(r, f, nd, Some("float"), "the K override of type FLOAT");
    assert_eq!(g.key(), key, "nothing was added");
}

/// The overrides are index inputs of the built graph, the padding is part
/// of the key, and a head-broadcast override (a batch dim of 1) is taken.
#[test]
fn overrides_are_device_indices_and_padding_is_in_the_key() {
    let Some(lib) = common::backend::graph_library() else {
        return;
    };
    let describe = |padding: f64| {
        let mut g = Graph::new("mm");
        let a = g.tensor("a", &[2, 4, 128, 64], BF16).unwrap();
        let b = g.tensor("b", &[2, 4, 64, 128], BF16).unwrap();
        let m = g.tensor("m", &[2, 1, 1, 1], I32).unwrap();
        let o = MatmulOptions {
            m_override: Some(m),
            padding,
            ..MatmulOptions::default()
        };
        let c = g.matmul_with(a, b, &o).unwrap();
        g.set_output(c, BF16).unwrap();
        (g, m)
    };
    let (g, m) = describe(0.0);
    assert_ne!(g.key(), describe(-1.0).0.key());
    assert_eq!(g.key(), describe(0.0).0.key());
    if lib.version().major < 9 {
        return;
    }
    let built = g
        .build_with(&lib, None)
        .expect("a matmul with an M override");
    let t = built.tensor(m).expect("the override");
    assert!(t.is_index() && !t.is_virtual(), "{t:?}");
    let a = built.tensors().iter().find(|t| t.name() == "a").unwrap();
    assert!(!a.is_index());
}

/// cuDNN 9.28's heuristics for a batched bf16 matmul with M and N
/// overrides and a padding of -1 on a described sm_90 GPU: engine configurations, and a plan
/// that finalizes and round-trips through its JSON.
#[test]
fn a_matmul_with_overrides_gets_sm90_engines_and_a_plan() {
    let Some(lib) = common::backend::graph_library() else {
        return;
    };
    let v = lib.version();
    if (v.major, v.minor) < (9, 8) || !common::backend::load_cublaslt(&lib) {
        return;
    }
    let mut g = Graph::new("overridden");
    let [a, b, m, n] = batched(&mut g);
    let o = MatmulOptions {
        m_override: Some(m),
        n_override: Some(n),
        padding: -1.0,
        ..MatmulOptions::default()
    };
    let c = g.matmul_with(a, b, &o).unwrap();
    g.set_output(c, BF16).unwrap();
    let built = g.build_with(&lib, None).expect("the graph");
    let device = DeviceProperties::preset("h100-sxm").expect("the sm_90 preset");
    let target = Target::Device {
        library: &lib,
        device: &device,
    };
    let configs = built
        .engine_configs(target, HeuristicMode::A, &EngineFilter::default())
        .expect("engines for a matmul with overrides on sm_90");
    assert!(!configs.is_empty());
    let plans = built
        .plans(target, &cudnn::graph::Settings::default())
        .expect("a plan");
    let json = plans[0].to_json().expect("json");
    let back = built
        .plan_from_json(&json, target)
        .expect("this graph's plan");
    assert_eq!(back.to_json().expect("json"), json);
}
