//! The matmul options of the graph builder (`Graph::matmul_with`: `M`,
//! `N` and `K` overridden per batch item by device tensors, and the
//! padding value) against the real cuDNN, on a machine without a GPU:
//! their refusals, their tensors' roles, and what cuDNN 9.28's heuristics
//! answer for them on a described sm_90 GPU; and the grouped matmul of a
//! mixture-of-experts layer (`Graph::moe_grouped_matmul`) in each routing
//! mode, refused before cuDNN 9.15 and planned for a described H100 and
//! B200 by cuDNN 9.28. No kernel runs.

mod common;

use common::refusal::check_refused;
use cudnn::graph::{
    DeviceProperties, EngineFilter, Graph, HeuristicMode, MatmulOptions, MoeRouting, Target,
    TensorId,
};
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

/// A MoE grouped matmul's operands: 256 token rows of 512, 8 experts of
/// `[512, 1024]` (column-major inner dims, as the frontend lays them),
/// and their 9 group bounds.
fn moe_operands(g: &mut Graph) -> [TensorId; 3] {
    let token = g.tensor("token", &[1, 256, 512], BF16).unwrap();
    let weight = g
        .tensor_with_strides("weight", &[8, 512, 1024], &[512 * 1024, 1, 512], BF16)
        .unwrap();
    let fto = g.tensor("first_token_offset", &[9, 1, 1], I32).unwrap();
    [token, weight, fto]
}

#[test]
fn moe_grouped_matmul_refuses_what_does_not_fit_and_adds_nothing() {
    let mut g = Graph::new("moe refusals");
    let [token, weight, fto] = moe_operands(&mut g);
    let index = g.tensor("token_index", &[1, 256, 1], I32).unwrap();
    let ks = g.tensor("token_ks", &[1, 256, 1], I32).unwrap();
    let rank2 = g.tensor("rank2", &[256, 512], BF16).unwrap();
    let batched = g.tensor("batched", &[2, 256, 512], BF16).unwrap();
    let narrow = g.tensor("narrow", &[8, 256, 1024], BF16).unwrap();
    let half = g.tensor("half", &[8, 512, 1024], Dt::HALF).unwrap();
    let offsets_f = g.tensor("offsets_f", &[9, 1, 1], Dt::FLOAT).unwrap();
    let offsets_wide = g.tensor("offsets_wide", &[9, 2, 1], I32).unwrap();
    let index_col = g.tensor("index_col", &[256, 1, 1], I32).unwrap();
    let ks_short = g.tensor("ks_short", &[1, 128, 1], I32).unwrap();
    let scalar = g.scalar("scalar", 2.0).unwrap();
    let key = g.key();
    let f = "Graph::moe_grouped_matmul";
    let nd = "moe_grouped_matmul \"moe_grouped_matmul#0\"";
    let none = MoeRouting::None;
    let r = g.moe_grouped_matmul(rank2, weight, fto, none);
    check_refused(r, f, nd, Some("rank2"), "it has rank 3");
    let r = g.moe_grouped_matmul(batched, weight, fto, none);
    check_refused(r, f, nd, None, "[1, M, K] and [E, K, N]");
    let r = g.moe_grouped_matmul(token, narrow, fto, none);
    check_refused(r, f, nd, None, "[1, M, K] and [E, K, N]");
    let r = g.moe_grouped_matmul(token, half, fto, none);
    check_refused(r, f, nd, Some("half"), "of type HALF");
    let r = g.moe_grouped_matmul(token, weight, offsets_f, none);
    check_refused(r, f, nd, Some("offsets_f"), "of type FLOAT");
    let r = g.moe_grouped_matmul(token, weight, offsets_wide, none);
    check_refused(r, f, nd, Some("offsets_wide"), "it is [n, 1, 1]");
    let r = g.moe_grouped_matmul(token, weight, scalar, none);
    check_refused(r, f, nd, Some("scalar"), "by-value scalar");
    let gather = MoeRouting::Gather {
        token_index: index_col,
    };
    let r = g.moe_grouped_matmul(token, weight, fto, gather);
    check_refused(r, f, nd, Some("index_col"), "it is [1, n, 1]");
    let scatter = |token_ks, top_k| MoeRouting::Scatter {
        token_index: index,
        token_ks,
        top_k,
    };
    let r = g.moe_grouped_matmul(token, weight, fto, scatter(ks_short, 2));
    check_refused(r, f, nd, None, "token_index and token_ks of different dims");
    let r = g.moe_grouped_matmul(token, weight, fto, scatter(ks, 0));
    check_refused(r, f, nd, None, "a top_k of 0");
    let past = u32::try_from(i32::MAX).unwrap() + 1;
    let r = g.moe_grouped_matmul(token, weight, fto, scatter(ks, past));
    check_refused(r, f, nd, None, "1 to i32::MAX");
    assert_eq!(g.key(), key, "nothing was added");
}

/// Each routing mode: the output's dims, the offsets and indices as device
/// indices of the built graph, a typed refusal on a cuDNN before 9.15, and
/// on cuDNN 9.28 engine configurations for a described H100 and B200 and a
/// plan that round-trips through its JSON (checked against the graph).
#[test]
fn moe_grouped_matmul_plans_in_each_mode_on_h100_and_b200() {
    let Some(lib) = common::backend::graph_library() else {
        return;
    };
    let v = lib.version();
    let plans = (v.major, v.minor) >= (9, 15) && common::backend::load_cublaslt(&lib);
    for mode in ["none", "gather", "scatter"] {
        let mut g = Graph::new(mode);
        let [token, weight, fto] = moe_operands(&mut g);
        let index =
            |g: &mut Graph, name: &str, rows: i64| g.tensor(name, &[1, rows, 1], I32).unwrap();
        let routing = match mode {
            "none" => MoeRouting::None,
            "gather" => MoeRouting::Gather {
                token_index: index(&mut g, "gathered", 512),
            },
            _ => MoeRouting::Scatter {
                token_index: index(&mut g, "token_index", 256),
                token_ks: index(&mut g, "token_ks", 256),
                top_k: 2,
            },
        };
        let y = g.moe_grouped_matmul(token, weight, fto, routing).unwrap();
        let rows = if mode == "gather" { 512 } else { 256 };
        assert_eq!(g.dims(y).unwrap(), [1, rows, 1024], "{mode}");
        g.set_output(y, BF16).unwrap();
        let built = match g.build_with(&lib, None) {
            Ok(b) => b,
            Err(e) if v < cudnn::Version::new(9, 15, 0) => {
                let text = e.to_string();
                assert!(
                    text.contains("needs cuDNN 9.15.0 or later"),
                    "{mode}: {text}"
                );
                continue;
            }
            Err(e) => panic!("{mode}: {e}"),
        };
        assert!(v >= cudnn::Version::new(9, 15, 0), "built on {v}");
        let index_names: Vec<&str> = built
            .tensors()
            .iter()
            .filter(|t| t.is_index())
            .map(|t| t.name())
            .collect();
        let want: &[&str] = match mode {
            "none" => &["first_token_offset"],
            "gather" => &["first_token_offset", "gathered"],
            _ => &["first_token_offset", "token_index", "token_ks"],
        };
        assert_eq!(index_names, want, "{mode}");
        if !plans {
            continue;
        }
        for preset in ["h100-sxm", "b200"] {
            let device = DeviceProperties::preset(preset).expect("preset");
            let target = Target::Device {
                library: &lib,
                device: &device,
            };
            let configs = built
                .engine_configs(target, HeuristicMode::A, &EngineFilter::default())
                .unwrap_or_else(|e| panic!("{mode} on {preset}: {e}"));
            assert!(!configs.is_empty());
            let plan = built
                .plans(target, &cudnn::graph::Settings::default())
                .unwrap_or_else(|e| panic!("{mode} on {preset}: {e}"))
                .remove(0);
            let json = plan.to_json().expect("json");
            assert!(json.contains("CUDNN_BACKEND_OPERATION_MOE_GROUPED_MATMUL_DESCRIPTOR"));
            let back = built
                .plan_from_json(&json, target)
                .unwrap_or_else(|e| panic!("{mode} on {preset}: {e}"));
            assert_eq!(back.to_json().expect("json"), json, "{mode} on {preset}");
            let read = cudnn::graph::ExecutionPlan::from_json(&json, target).expect("read");
            let read_index: Vec<i64> = read
                .tensors()
                .iter()
                .filter(|t| t.is_index())
                .map(|t| t.uid())
                .collect();
            let built_index: Vec<i64> = built
                .tensors()
                .iter()
                .filter(|t| t.is_index())
                .map(|t| t.uid())
                .collect();
            assert_eq!(read_index, built_index, "{mode} on {preset}");
        }
    }
}

/// The MoE weight gradient: its refusals, its dims and strides, a typed
/// refusal before cuDNN 9.22, and on cuDNN 9.28 an operation graph that
/// builds, for which the heuristics offer no engine on a described H100
/// or B200 (as they offer cudnn-frontend none): `NoEngine`, not a crash.
#[test]
fn moe_grouped_matmul_backward_builds_and_is_refused_by_type() {
    let mut g = Graph::new("moe backward");
    let dy = g.tensor("d_output", &[1, 256, 1024], BF16).unwrap();
    let token = g.tensor("token", &[1, 256, 512], BF16).unwrap();
    let fto = g.tensor("first_token_offset", &[8, 1, 1], I32).unwrap();
    let short = g.tensor("short", &[1, 128, 512], BF16).unwrap();
    let half = g.tensor("half", &[1, 256, 512], Dt::HALF).unwrap();
    let key = g.key();
    let f = "Graph::moe_grouped_matmul_backward";
    let nd = "moe_grouped_matmul_backward \"moe_grouped_matmul_backward#0\"";
    let r = g.moe_grouped_matmul_backward(dy, short, fto);
    check_refused(r, f, nd, None, "[1, M, N] and [1, M, K]");
    let r = g.moe_grouped_matmul_backward(dy, half, fto);
    check_refused(r, f, nd, Some("half"), "of type HALF");
    let r = g.moe_grouped_matmul_backward(dy, token, token);
    check_refused(r, f, nd, Some("token"), "of type BFLOAT16");
    assert_eq!(g.key(), key, "nothing was added");

    let mut g = Graph::new("moe backward");
    let dy = g.tensor("d_output", &[1, 256, 1024], BF16).unwrap();
    let token = g.tensor("token", &[1, 256, 512], BF16).unwrap();
    let fto = g.tensor("first_token_offset", &[8, 1, 1], I32).unwrap();
    let dw = g.moe_grouped_matmul_backward(dy, token, fto).unwrap();
    assert_eq!(g.dims(dw).unwrap(), [8, 512, 1024]);
    g.set_output(dw, BF16).unwrap();
    let Some(lib) = common::backend::graph_library() else {
        return;
    };
    let v = lib.version();
    let built = match g.build_with(&lib, None) {
        Ok(b) => b,
        Err(e) => {
            assert!(v < cudnn::Version::new(9, 22, 0), "on {v}: {e}");
            assert!(e.to_string().contains("needs cuDNN 9.22.0 or later"), "{e}");
            return;
        }
    };
    assert!(v >= cudnn::Version::new(9, 22, 0), "built on {v}");
    let t = built.tensor(dw).expect("the gradient");
    assert_eq!(t.strides(), [512 * 1024, 1, 512]);
    let fto = built.tensor(fto).expect("the offsets");
    assert!(fto.is_index());
    if !common::backend::load_cublaslt(&lib) {
        return;
    }
    for preset in ["h100-sxm", "b200"] {
        let device = DeviceProperties::preset(preset).expect("preset");
        let target = Target::Device {
            library: &lib,
            device: &device,
        };
        match built.engine_configs(target, HeuristicMode::A, &EngineFilter::default()) {
            Err(cudnn::Error::NoEngine { .. }) => {}
            other => panic!("{preset}: {:?}", other.map(|c| c.len())),
        }
    }
}
