//! An SM count target (`Settings::sm_count_target`,
//! `EngineFilter::sm_count_target`: cuDNN's
//! `CUDNN_ATTR_ENGINEHEUR_SM_COUNT_TARGET`) against the real cuDNN, for a
//! described sm_90 GPU (an H100 of 132 SMs) on a machine without one. No
//! kernel runs.
//!
//! cuDNN 9.28 takes the target (its log names `targetSMcount`), but for
//! the described H100 none of the engines its heuristics offer for a
//! matmul or a layer norm supports a carveout: below the GPU's 132 SMs it
//! offers nothing ("SM carveout not supported for this engine"); at 132,
//! what it offers without a target. Asserted as cuDNN says it.

mod common;

use std::sync::Arc;

use cudnn::graph::{
    DeviceProperties, EngineFilter, ExecutionPlan, Graph, HeuristicMode, NormOptions,
    OperationGraph, Settings, Target,
};
use cudnn::sys::cudnnDataType_t as Dt;
use cudnn::{Error, Library, Mismatch};

fn heuristics_library() -> Option<Arc<Library>> {
    let lib = common::backend::graph_library()?;
    let v = lib.version();
    if (v.major, v.minor) < (9, 8) || !common::backend::load_cublaslt(&lib) {
        return None;
    }
    Some(lib)
}

/// A `HALF` matmul, `[1, 256, 128] x [1, 128, 256]`.
fn matmul(lib: &Arc<Library>) -> OperationGraph {
    let mut g = Graph::new("matmul");
    let a = g.tensor("a", &[1, 256, 128], Dt::HALF).unwrap();
    let b = g.tensor("b", &[1, 128, 256], Dt::HALF).unwrap();
    let c = g.matmul(a, b).unwrap();
    g.set_output(c, Dt::FLOAT).unwrap();
    g.build_with(lib, None).expect("the matmul")
}

/// An inference layer norm of `HALF` rows of 1024.
fn layer_norm(lib: &Arc<Library>) -> OperationGraph {
    let mut g = Graph::new("layer_norm");
    let x = g.tensor("x", &[64, 1024, 1, 1], Dt::HALF).unwrap();
    let s = g.tensor("s", &[1, 1024, 1, 1], Dt::FLOAT).unwrap();
    let b = g.tensor("b", &[1, 1024, 1, 1], Dt::FLOAT).unwrap();
    let o = g
        .layer_norm(x, s, b, &NormOptions::inference(1e-5))
        .unwrap();
    g.set_output(o.y, Dt::HALF).unwrap();
    g.build_with(lib, None).expect("the layer norm")
}

fn targeting(n: u32) -> EngineFilter {
    EngineFilter {
        sm_count_target: Some(n),
        ..EngineFilter::default()
    }
}

#[test]
fn heuristics_take_an_sm_count_target() {
    let Some(lib) = heuristics_library() else {
        return;
    };
    let device = DeviceProperties::preset("h100-sxm").expect("the sm_90 preset");
    let target = Target::Device {
        library: &lib,
        device: &device,
    };
    for graph in [matmul(&lib), layer_norm(&lib)] {
        let name = graph.name().to_owned();
        let whole: Vec<i64> = graph
            .engine_configs(target, HeuristicMode::A, &EngineFilter::default())
            .expect("the whole GPU")
            .iter()
            .map(|c| c.global_index())
            .collect();
        assert!(!whole.is_empty(), "{name}");
        let all: Vec<i64> = graph
            .engine_configs(target, HeuristicMode::A, &targeting(132))
            .unwrap_or_else(|e| panic!("{name}, 132 SMs: {e}"))
            .iter()
            .map(|c| c.global_index())
            .collect();
        assert_eq!(all, whole, "{name}");
        for n in [1, 66, 131] {
            for mode in [HeuristicMode::A, HeuristicMode::FALLBACK] {
                match graph.engine_configs(target, mode, &targeting(n)) {
                    Err(Error::NoEngine { reason, .. }) => {
                        assert!(
                            reason.contains(&format!("\"targetSMcount\":{n}")),
                            "{reason}"
                        );
                        // FALLBACK's log ends with another engine's reason.
                        let carveout = reason.contains("SM carveout not supported for this engine");
                        assert!(carveout || mode == HeuristicMode::FALLBACK, "{reason}");
                    }
                    other => panic!("{name}, {n} SMs: {:?}", other.map(|c| c.len())),
                }
            }
        }
    }
}

#[test]
fn settings_pass_the_sm_count_target_on() {
    let Some(lib) = heuristics_library() else {
        return;
    };
    let device = DeviceProperties::preset("h100-sxm").expect("the sm_90 preset");
    let target = Target::Device {
        library: &lib,
        device: &device,
    };
    let graph = matmul(&lib);
    let settings = |n| Settings {
        sm_count_target: Some(n),
        ..Settings::default()
    };
    let plans = graph
        .plans(target, &settings(132))
        .expect("plans for 132 SMs");
    assert!(!plans.is_empty());
    let json = plans[0].to_json().expect("json");
    let back = ExecutionPlan::from_json(&json, target).expect("from json");
    assert_eq!(back.workspace_size(), plans[0].workspace_size());
    match graph.plans(target, &settings(66)) {
        Err(Error::NoEngine { reason, .. }) => {
            assert!(reason.contains("SM carveout not supported"), "{reason}")
        }
        other => panic!("{:?}", other.map(|p| p.len())),
    }
    match graph.plans(target, &settings(0)) {
        Err(Error::InvalidArgument {
            function: "OperationGraph::engine_configs",
            mismatch: Mismatch::BadValue { what },
        }) => assert!(what.contains("an SM count target of 0"), "{what}"),
        other => panic!("{:?}", other.map(|p| p.len())),
    }
}
