//! The adaptive layer norm of the graph builder (`Graph::ada_layer_norm`
//! and `ada_layer_norm_backward`, `CUDNN_ADA_LAYER_NORM`) against the real cuDNN, on a machine without a
//! GPU: its tensors and refusals, its build on cuDNN 9.28 (refused, naming
//! 9.9, on older ones) and cuDNN's engines for a described sm_90 GPU. No
//! kernel runs.

mod common;

use cudnn::graph::{DeviceProperties, EngineFilter, Graph, HeuristicMode, NormOptions, Target};
use cudnn::sys::cudnnDataType_t as Dt;
use cudnn::{Error, Mismatch, Version};

use common::refusal::check_refused;

const F32: Dt = Dt::FLOAT;
const BF16: Dt = Dt::BFLOAT16;

#[track_caller]
fn check(r: cudnn::Result<impl std::fmt::Debug>, tensor: Option<&str>, words: &str) {
    let node = "ada_layer_norm \"ada_layer_norm#0\"";
    check_refused(r, "Graph::ada_layer_norm", node, tensor, words);
}

/// `x` `[2, 16, 64, 1]`, scale and bias `[2, 1, 64, 1]`, all of `dt`.
fn ada(dt: Dt, options: &NormOptions) -> (Graph, cudnn::graph::NormOutputs) {
    let mut g = Graph::new("ada_layer_norm");
    let x = g.tensor("x", &[2, 16, 64, 1], dt).unwrap();
    let s = g.tensor("scale", &[2, 1, 64, 1], dt).unwrap();
    let b = g.tensor("bias", &[2, 1, 64, 1], dt).unwrap();
    let o = g.ada_layer_norm(x, s, b, options).unwrap();
    g.set_output(o.y, dt).unwrap();
    (g, o)
}

#[test]
fn the_adaptive_layer_norm_makes_per_item_statistics() {
    let (g, o) = ada(BF16, &NormOptions::default());
    assert_eq!(g.tensor_name(o.y).unwrap(), "ada_layer_norm#0.y");
    let mean = o.mean.expect("the mean");
    let inv = o.inv_variance.expect("the inverse deviation");
    assert_eq!(g.dims(mean).unwrap(), [2, 16, 1, 1]);
    assert_eq!(g.dims(inv).unwrap(), [2, 16, 1, 1]);
    let (_, o) = ada(BF16, &NormOptions::inference(1e-5));
    assert_eq!((o.mean, o.inv_variance), (None, None));
}

#[test]
fn the_adaptive_layer_norm_refuses_what_does_not_fit() {
    let mut g = Graph::new("refusals");
    let x = g.tensor("x", &[2, 16, 64, 1], F32).unwrap();
    let s = g.tensor("s", &[2, 1, 64, 1], F32).unwrap();
    let shared = g.tensor("shared", &[1, 16, 64, 1], F32).unwrap();
    let flat = g.tensor("flat", &[2, 16], F32).unwrap();
    let o = NormOptions::default();
    check(
        g.ada_layer_norm(flat, s, s, &o),
        Some("flat"),
        "takes at least 3",
    );
    check(
        g.ada_layer_norm(x, shared, s, &o),
        Some("shared"),
        "[2, 1, 64, 1]",
    );
    check(
        g.ada_layer_norm(x, s, shared, &o),
        Some("shared"),
        "[2, 1, 64, 1]",
    );
    let ints = g.tensor("ints", &[2, 16, 64, 1], Dt::INT32).unwrap();
    check(g.ada_layer_norm(ints, s, s, &o), Some("ints"), "INT32");
    check(
        g.ada_layer_norm(x, s, s, &NormOptions::training(0.0)),
        None,
        "epsilon 0",
    );
    let one = g.scalar("one", 1.0).unwrap();
    check(
        g.ada_layer_norm(x, one, s, &o),
        Some("one"),
        "by-value scalar",
    );
}

#[test]
fn the_adaptive_layer_norm_builds_on_9_9_and_gets_sm90_engines() {
    let Some(lib) = common::backend::graph_library() else {
        return;
    };
    let have = lib.version();
    for (phase, options, dt) in [
        ("training", NormOptions::default(), BF16),
        ("inference", NormOptions::inference(1e-5), BF16),
        ("training f32", NormOptions::default(), F32),
        ("inference f32", NormOptions::inference(1e-5), F32),
    ] {
        let (g, _) = ada(dt, &options);
        let r = g.build_with(&lib, None);
        if have < Version::new(9, 9, 0) {
            match r {
                Err(Error::InvalidArgument {
                    mismatch: Mismatch::GraphNode { what, .. },
                    ..
                }) => assert!(what.contains("needs cuDNN 9.9.0 or later"), "{what}"),
                other => panic!("{phase}: {:?}", other.map(|_| ())),
            }
            continue;
        }
        let built = r.unwrap_or_else(|e| panic!("{phase}: {e}"));
        assert!(built.engine_count().expect("count") > 0, "{phase}");
        if !common::backend::load_cublaslt(&lib) {
            continue;
        }
        let device = DeviceProperties::preset("h100-sxm").expect("the sm_90 preset");
        let r = built.engine_configs(
            Target::Device {
                library: &lib,
                device: &device,
            },
            HeuristicMode::A,
            &EngineFilter::default(),
        );
        let configs = r.unwrap_or_else(|e| panic!("{phase}: {e}"));
        assert!(!configs.is_empty(), "{phase}");
    }
}

/// A `FLOAT` scale and bias for a `BFLOAT16` `x` builds, but cuDNN 9.28's
/// engines take no scale wider than `x` (its words: "sizeofCudnnType(
/// other_params.inputDataType) < sizeofCudnnType(other_params.weightDataType)").
#[test]
fn cudnn_offers_no_engine_for_a_scale_wider_than_x() {
    let Some(lib) = common::backend::graph_library() else {
        return;
    };
    if lib.version() < Version::new(9, 9, 0) || !common::backend::load_cublaslt(&lib) {
        return;
    }
    let mut g = Graph::new("wide_scale");
    let x = g.tensor("x", &[2, 16, 64, 1], BF16).unwrap();
    let s = g.tensor("scale", &[2, 1, 64, 1], F32).unwrap();
    let b = g.tensor("bias", &[2, 1, 64, 1], F32).unwrap();
    let o = g.ada_layer_norm(x, s, b, &NormOptions::default()).unwrap();
    g.set_output(o.y, BF16).unwrap();
    let built = g.build_with(&lib, None).expect("it builds");
    let device = DeviceProperties::preset("h100-sxm").expect("the sm_90 preset");
    match built.engine_configs(Target::Device { library: &lib, device: &device }, HeuristicMode::A, &EngineFilter::default()) {
        Err(Error::NoEngine { reason, .. }) => assert!(
            reason.contains("sizeofCudnnType(other_params.inputDataType) < sizeofCudnnType(other_params.weightDataType)"),
            "{reason}"
        ),
        other => panic!("{:?}", other.map(|c| c.len())),
    }
}

/// An adaptive layer norm's backward: `x`, `dy` `[2, 16, 1024, 1]`, scale
/// `[2, 1, 1024, 1]`, saved statistics `[2, 16, 1, 1]` `FLOAT`.
fn ada_backward(dt: Dt) -> (Graph, cudnn::graph::NormGradients) {
    let mut g = Graph::new("ada_layer_norm_backward");
    let [x, dy] = ["x", "dy"].map(|n| g.tensor(n, &[2, 16, 1024, 1], dt).unwrap());
    let s = g.tensor("scale", &[2, 1, 1024, 1], dt).unwrap();
    let [m, v] = ["mean", "inv_variance"].map(|n| g.tensor(n, &[2, 16, 1, 1], F32).unwrap());
    let grads = g.ada_layer_norm_backward(dy, x, s, m, v).unwrap();
    g.set_output(grads.dx, dt).unwrap();
    g.set_output(grads.dscale, dt).unwrap();
    g.set_output(grads.dbias.expect("dbias"), dt).unwrap();
    (g, grads)
}

#[test]
fn the_adaptive_layer_norm_backward_makes_per_item_gradients() {
    let (g, grads) = ada_backward(BF16);
    assert_eq!(g.dims(grads.dx).unwrap(), [2, 16, 1024, 1]);
    assert_eq!(g.dims(grads.dscale).unwrap(), [2, 1, 1024, 1]);
    assert_eq!(g.dims(grads.dbias.unwrap()).unwrap(), [2, 1, 1024, 1]);
    let mut g = Graph::new("refusals");
    let flat = g.tensor("flat", &[2, 16], F32).unwrap();
    let s = g.tensor("s", &[2, 1], F32).unwrap();
    let r = g.ada_layer_norm_backward(flat, flat, s, s, s);
    match r {
        Err(Error::InvalidArgument {
            function: "Graph::ada_layer_norm_backward",
            mismatch: Mismatch::GraphNode { tensor, what, .. },
        }) => {
            assert_eq!(tensor.as_deref(), Some("flat"));
            assert!(what.contains("takes at least 3"), "{what}");
        }
        other => panic!("{other:?}"),
    }
    let x = g.tensor("x", &[2, 16, 64, 1], F32).unwrap();
    let shared = g.tensor("shared", &[1, 16, 64, 1], F32).unwrap();
    let [m, v] = ["m", "v"].map(|n| g.tensor(n, &[2, 16, 1, 1], F32).unwrap());
    let r = g.ada_layer_norm_backward(x, x, shared, m, v);
    assert!(matches!(r, Err(Error::InvalidArgument { .. })), "{r:?}");
}

#[test]
fn the_adaptive_layer_norm_backward_builds_on_9_9_and_gets_sm90_engines() {
    let Some(lib) = common::backend::graph_library() else {
        return;
    };
    for dt in [BF16, F32] {
        let (g, _) = ada_backward(dt);
        let r = g.build_with(&lib, None);
        if lib.version() < Version::new(9, 9, 0) {
            assert!(r.is_err());
            continue;
        }
        let built = r.unwrap_or_else(|e| panic!("{dt:?}: {e}"));
        if !common::backend::load_cublaslt(&lib) {
            continue;
        }
        let device = DeviceProperties::preset("h100-sxm").expect("the sm_90 preset");
        let r = built.engine_configs(
            Target::Device {
                library: &lib,
                device: &device,
            },
            HeuristicMode::A,
            &EngineFilter::default(),
        );
        let configs = r.unwrap_or_else(|e| panic!("{dt:?}: {e}"));
        assert!(!configs.is_empty(), "{dt:?}");
    }
}
