//! The shape operations, the softmax and the random numbers of the graph
//! builder (`Graph::slice`, `transpose`, `reshape`, `concat`, `softmax`,
//! `rng`) against
//! the real cuDNN, on a machine without a GPU. No kernel runs.
//!
//! - Each node's checks (no cuDNN): the tensor it makes, and every
//!   refusal, naming the node and the tensor.
//! - Every node's operation graph finalizes on cuDNN 9 (with NVIDIA's
//!   libcuda, no GPU); an older cuDNN refuses each with a typed error
//!   naming the version it needs; an output of another type than its
//!   input is refused before cuDNN sees it.
//! - cuDNN 9.28's heuristics for a described sm_90 GPU: a slice feeding a
//!   matmul gets engines; alone, none of these nodes does, nor random
//!   numbers times a tensor (cuDNN's engines want a matmul, a convolution
//!   or a pointwise fusion: "mmaNodeCount == 0 && !is_pointwise_fusion"),
//!   nor a transpose, reshape or concatenation feeding a matmul, nor a softmax after one (cuDNN says
//!   `NOT_SUPPORTED_GRAPH_PATTERN`). Asserted as cuDNN says it.

// One range per dimension: a tensor of rank 1 takes an array of one.
#![allow(clippy::single_range_in_vec_init)]

mod common;

use std::sync::Arc;

use cudnn::graph::{
    DeviceProperties, EngineFilter, Graph, HeuristicMode, PointwiseMode, RngDistribution,
    SoftmaxOptions, Target, TensorId,
};
use cudnn::sys::cudnnDataType_t as Dt;
use cudnn::{Error, Library, Version};

use common::refusal::{check_refused, refused};

const F32: Dt = Dt::FLOAT;
const F16: Dt = Dt::HALF;

// ------------------------------------------------------------ refusals

#[test]
fn shape_nodes_make_their_views() {
    let mut g = Graph::new("views");
    let x = g.tensor("x", &[2, 8, 16], F32).unwrap();
    let s = g.slice(x, &[0..2, 1..8, 0..16], &[1, 3, 4]).unwrap();
    assert_eq!(g.tensor_name(s).unwrap(), "slice#0.y");
    assert_eq!(g.dims(s).unwrap(), [2, 3, 4]);
    assert_eq!(g.strides(s).unwrap(), [128, 48, 4]);
    let t = g.transpose(x, &[2, 0, 1]).unwrap();
    assert_eq!(g.dims(t).unwrap(), [16, 2, 8]);
    assert_eq!(g.strides(t).unwrap(), [1, 128, 16]);
    let r = g.reshape(x, &[16, 16]).unwrap();
    assert_eq!(g.dims(r).unwrap(), [16, 16]);
    assert_eq!(g.strides(r).unwrap(), [16, 1]);
    let b = g.tensor("b", &[2, 3, 16], F32).unwrap();
    let c = g.concat(&[x, b, x], 1).unwrap();
    assert_eq!(g.dims(c).unwrap(), [2, 19, 16]);
    assert_eq!(g.strides(c).unwrap(), [304, 16, 1]);
    let p = g.tensor("p", &[2, 4, 8, 8], F16).unwrap();
    let o = g.softmax(p, &SoftmaxOptions { stats: true }).unwrap();
    assert_eq!(g.dims(o.y).unwrap(), [2, 4, 8, 8]);
    let stats = o.stats.expect("stats");
    assert_eq!(g.tensor_name(stats).unwrap(), "softmax#4.stats");
    assert_eq!(g.dims(stats).unwrap(), [2, 4, 8, 1]);
    let o = g.softmax(p, &SoftmaxOptions::default()).unwrap();
    assert_eq!(o.stats, None);
}

#[test]
fn shape_nodes_refuse_what_does_not_fit() {
    let mut g = Graph::new("refusals");
    let x = g.tensor("x", &[2, 8, 16], F32).unwrap();
    let one = g.scalar("one", 1.0).unwrap();
    let (sl, n) = ("Graph::slice", "slice \"slice#0\"");
    check_refused(
        g.slice(one, &[0..1], &[]),
        sl,
        n,
        Some("one"),
        "by-value scalar",
    );
    check_refused(
        g.slice(x, &[0..2], &[]),
        sl,
        n,
        Some("x"),
        "1 ranges for a tensor of rank 3",
    );
    check_refused(
        g.slice(x, &[0..2, 0..8, 0..16], &[1]),
        sl,
        n,
        Some("x"),
        "1 steps",
    );
    check_refused(
        g.slice(x, &[0..2, 0..8, 0..16], &[1, 0, 1]),
        sl,
        n,
        Some("x"),
        "step 0 on axis 1",
    );
    check_refused(
        g.slice(x, &[0..2, 4..4, 0..16], &[]),
        sl,
        n,
        Some("x"),
        "range 4..4 on axis 1",
    );
    check_refused(
        g.slice(x, &[0..3, 0..8, 0..16], &[]),
        sl,
        n,
        Some("x"),
        "range 0..3 on axis 0 of extent 2",
    );
    check_refused(
        g.slice(x, &[0..2, 0..8, 0..16], &[1, i64::MAX, 1]),
        sl,
        n,
        Some("x"),
        "the stride of axis 1 times",
    );
    let (tr, n) = ("Graph::transpose", "transpose \"transpose#0\"");
    check_refused(
        g.transpose(x, &[0, 1]),
        tr,
        n,
        Some("x"),
        "a permutation of 2 axes",
    );
    check_refused(
        g.transpose(x, &[0, 1, 3]),
        tr,
        n,
        Some("x"),
        "axis 3 in the permutation",
    );
    check_refused(g.transpose(x, &[1, 1, 0]), tr, n, Some("x"), "axis 1 twice");
    let (re, n) = ("Graph::reshape", "reshape \"reshape#0\"");
    check_refused(
        g.reshape(x, &[16, 15]),
        re,
        n,
        Some("x"),
        "a reshape keeps the count",
    );
    check_refused(
        g.reshape(x, &[i64::MAX, 4]),
        re,
        n,
        Some("x"),
        "a reshape keeps the count",
    );
    check_refused(
        g.reshape(x, &[256, 0]),
        re,
        n,
        Some("x"),
        "a reshape keeps the count",
    );
    let (co, n) = ("Graph::concat", "concat \"concat#0\"");
    check_refused(g.concat(&[], 0), co, n, None, "no input");
    check_refused(
        g.concat(&[x, x], 3),
        co,
        n,
        Some("x"),
        "axis 3 of a tensor of rank 3",
    );
    let other = g.tensor("other", &[2, 8, 15], F32).unwrap();
    check_refused(g.concat(&[x, other], 1), co, n, Some("other"), "off axis 1");
    let rank2 = g.tensor("rank2", &[2, 8], F32).unwrap();
    check_refused(g.concat(&[x, rank2], 0), co, n, Some("rank2"), "off axis 0");
    let half = g.tensor("half", &[2, 8, 16], F16).unwrap();
    check_refused(
        g.concat(&[x, half], 1),
        co,
        n,
        Some("half"),
        "of type HALF; it takes FLOAT",
    );
    let (sm, n) = ("Graph::softmax", "softmax \"softmax#0\"");
    check_refused(
        g.softmax(x, &SoftmaxOptions::default()),
        sm,
        n,
        Some("x"),
        "rank 3; cuDNN's softmax takes 4",
    );
    let ints = g.tensor("ints", &[1, 1, 4, 4], Dt::INT32).unwrap();
    check_refused(
        g.softmax(ints, &SoftmaxOptions::default()),
        sm,
        n,
        Some("ints"),
        "of type INT32",
    );
    let mut other_graph = Graph::new("other");
    let foreign = other_graph.tensor("f", &[2, 8, 16], F32).unwrap();
    let r = refused(g.reshape(foreign, &[256]));
    assert_eq!(r.function, "Graph::reshape", "{r:?}");
    // Nothing was added by the refusals.
    let s = g.slice(x, &[0..2, 0..8, 0..16], &[]).unwrap();
    assert_eq!(g.tensor_name(s).unwrap(), "slice#0.y");
}

fn seeds(g: &mut Graph) -> (TensorId, TensorId) {
    let seed = g.tensor("seed", &[1, 1, 1, 1], Dt::INT64).unwrap();
    let offset = g.tensor("offset", &[1, 1, 1, 1], Dt::INT64).unwrap();
    (seed, offset)
}

const COIN: RngDistribution = RngDistribution::Bernoulli { probability: 0.5 };

#[test]
fn rng_nodes_refuse_what_does_not_fit() {
    let mut g = Graph::new("rng");
    let (seed, offset) = seeds(&mut g);
    let y = g.rng(&[2, 8, 4, 4], COIN, seed, offset).unwrap();
    assert_eq!(g.tensor_name(y).unwrap(), "rng#0.y");
    assert_eq!(g.strides(y).unwrap(), [128, 16, 4, 1]);
    let (f, n) = ("Graph::rng", "rng \"rng#1\"");
    let wide = g.tensor("wide", &[2, 1, 1, 1], Dt::INT64).unwrap();
    check_refused(
        g.rng(&[4], COIN, wide, offset),
        f,
        n,
        Some("wide"),
        "the seed of dims [2, 1, 1, 1]",
    );
    let int32 = g.tensor("int32", &[1, 1, 1, 1], Dt::INT32).unwrap();
    check_refused(
        g.rng(&[4], COIN, seed, int32),
        f,
        n,
        Some("int32"),
        "the offset of type INT32",
    );
    let one = g.scalar("one", 1.0).unwrap();
    check_refused(
        g.rng(&[4], COIN, one, offset),
        f,
        n,
        Some("one"),
        "by-value scalar",
    );
    let p = RngDistribution::Bernoulli { probability: 2.0 };
    check_refused(g.rng(&[4], p, seed, offset), f, n, None, "probability of 2");
    let u = RngDistribution::Uniform {
        minimum: 1.0,
        maximum: 0.0,
    };
    check_refused(
        g.rng(&[4], u, seed, offset),
        f,
        n,
        None,
        "uniform range of [1, 0)",
    );
    let nd = RngDistribution::Normal {
        mean: 0.0,
        standard_deviation: 0.0,
    };
    check_refused(
        g.rng(&[4], nd, seed, offset),
        f,
        n,
        None,
        "standard deviation 0",
    );
    check_refused(
        g.rng(&[4, 0], COIN, seed, offset),
        f,
        n,
        Some("rng#1.y"),
        "the tensor it makes",
    );
}

// ------------------------------------------------------------ library

struct Case {
    name: &'static str,
    graph: Graph,
    since: Version,
    /// Whether cuDNN 9.28's heuristics offer engines for it on sm_90.
    engines: bool,
}

fn case(
    name: &'static str,
    since: (u32, u32),
    engines: bool,
    build: impl FnOnce(&mut Graph) -> (TensorId, Dt),
) -> Case {
    let mut graph = Graph::new(name);
    let (y, dt) = build(&mut graph);
    graph.set_output(y, dt).expect("the output");
    Case {
        name,
        graph,
        since: Version::new(since.0, since.1, 0),
        engines,
    }
}

fn alone() -> Vec<Case> {
    vec![
        case("slice", (9, 22), false, |g| {
            let x = g.tensor("x", &[2, 8, 16], F32).unwrap();
            (g.slice(x, &[0..2, 2..6, 0..16], &[]).unwrap(), F32)
        }),
        case("slice_strided", (9, 22), false, |g| {
            let x = g.tensor("x", &[2, 8, 16], F16).unwrap();
            (g.slice(x, &[0..2, 0..8, 1..16], &[1, 2, 3]).unwrap(), F16)
        }),
        case("transpose", (9, 22), false, |g| {
            let x = g.tensor("x", &[2, 8, 16], F32).unwrap();
            (g.transpose(x, &[0, 2, 1]).unwrap(), F32)
        }),
        case("reshape", (9, 0), false, |g| {
            let x = g.tensor("x", &[2, 8, 16], F32).unwrap();
            (g.reshape(x, &[16, 16]).unwrap(), F32)
        }),
        case("concat", (9, 7), false, |g| {
            let a = g.tensor("a", &[2, 8, 16], F32).unwrap();
            let b = g.tensor("b", &[2, 4, 16], F32).unwrap();
            (g.concat(&[a, b], 1).unwrap(), F32)
        }),
        case("softmax", (9, 21), false, |g| {
            let x = g.tensor("x", &[2, 4, 64, 64], F32).unwrap();
            (g.softmax(x, &SoftmaxOptions::default()).unwrap().y, F32)
        }),
        case("softmax_stats", (9, 21), false, |g| {
            let x = g.tensor("x", &[2, 4, 64, 64], F16).unwrap();
            (
                g.softmax(x, &SoftmaxOptions { stats: true }).unwrap().y,
                F16,
            )
        }),
        case("rng_bernoulli", (9, 0), false, |g| {
            let (seed, offset) = seeds(g);
            (g.rng(&[2, 8, 16, 16], COIN, seed, offset).unwrap(), F32)
        }),
        case("rng_uniform", (9, 0), false, |g| {
            let (seed, offset) = seeds(g);
            let u = RngDistribution::Uniform {
                minimum: -1.0,
                maximum: 1.0,
            };
            (g.rng(&[2, 8, 16, 16], u, seed, offset).unwrap(), F32)
        }),
        case("rng_normal", (9, 0), false, |g| {
            let (seed, offset) = seeds(g);
            let n = RngDistribution::Normal {
                mean: 0.0,
                standard_deviation: 1.0,
            };
            (g.rng(&[2, 8, 16, 16], n, seed, offset).unwrap(), F32)
        }),
        case("rng_mask_mul", (9, 0), false, |g| {
            let (seed, offset) = seeds(g);
            let x = g.tensor("x", &[2, 8, 16, 16], F32).unwrap();
            let m = g.rng(&[2, 8, 16, 16], COIN, seed, offset).unwrap();
            (g.pointwise(PointwiseMode::MUL, &[x, m]).unwrap(), F32)
        }),
    ]
}

/// Each node feeding a matmul of `HALF` inputs (virtual tensors `HALF`
/// too), or after one.
fn fused() -> Vec<Case> {
    let half = |g: &mut Graph, n: &str, dims: &[i64]| {
        g.set_intermediate_type(F16).unwrap();
        g.tensor(n, dims, F16).unwrap()
    };
    vec![
        case("slice_matmul", (9, 22), true, |g| {
            let a = half(g, "a", &[1, 128, 64]);
            let b = half(g, "b", &[1, 64, 64]);
            let s = g.slice(a, &[0..1, 0..64, 0..64], &[]).unwrap();
            (g.matmul(s, b).unwrap(), F32)
        }),
        case("slice_matmul_f32", (9, 22), true, |g| {
            let a = g.tensor("a", &[1, 128, 64], F32).unwrap();
            let b = g.tensor("b", &[1, 64, 64], F32).unwrap();
            let s = g.slice(a, &[0..1, 64..128, 0..64], &[]).unwrap();
            (g.matmul(s, b).unwrap(), F32)
        }),
        case("transpose_matmul", (9, 22), false, |g| {
            let a = half(g, "a", &[1, 64, 64]);
            let b = half(g, "b", &[1, 64, 64]);
            let t = g.transpose(b, &[0, 2, 1]).unwrap();
            (g.matmul(a, t).unwrap(), F32)
        }),
        case("reshape_matmul", (9, 0), false, |g| {
            let a = half(g, "a", &[64, 64]);
            let b = half(g, "b", &[1, 64, 64]);
            let r = g.reshape(a, &[1, 64, 64]).unwrap();
            (g.matmul(r, b).unwrap(), F32)
        }),
        case("concat_matmul", (9, 7), false, |g| {
            let a = half(g, "a", &[1, 32, 64]);
            let a2 = half(g, "a2", &[1, 32, 64]);
            let b = half(g, "b", &[1, 64, 64]);
            let c = g.concat(&[a, a2], 1).unwrap();
            (g.matmul(c, b).unwrap(), F32)
        }),
        case("matmul_softmax", (9, 21), false, |g| {
            let a = half(g, "a", &[1, 64, 64]);
            let b = half(g, "b", &[1, 64, 64]);
            let c = g.matmul(a, b).unwrap();
            let c = g.reshape(c, &[1, 1, 64, 64]).unwrap();
            (g.softmax(c, &SoftmaxOptions::default()).unwrap().y, F16)
        }),
    ]
}

fn h100() -> DeviceProperties {
    DeviceProperties::preset("h100-sxm").expect("the sm_90 preset")
}

#[test]
fn every_node_builds_on_cudnn_9_and_is_refused_where_too_old() {
    let Some(lib) = common::backend::graph_library() else {
        return;
    };
    let have = lib.version();
    for c in alone().into_iter().chain(fused()) {
        let r = c.graph.build_with(&lib, None);
        if have >= c.since {
            let built = r.unwrap_or_else(|e| panic!("{}: {e}", c.name));
            assert!(built.engine_count().expect("count") > 0, "{}", c.name);
            continue;
        }
        let r = refused(r);
        assert_eq!(r.function, "Graph::build_with", "{r:?}");
        assert_eq!(r.tensor, None, "{r:?}");
        // The first node too old is named: the case's newest, or (for
        // matmul_softmax on cuDNN 8) its reshape, of 9.0.
        let needed = r
            .what
            .split("needs cuDNN ")
            .nth(1)
            .and_then(|w| w.split(' ').next())
            .unwrap_or_else(|| panic!("{r:?}"));
        let first = if c.name == "matmul_softmax" && have < Version::new(9, 0, 0) {
            Version::new(9, 0, 0)
        } else {
            c.since
        };
        assert_eq!(needed, first.to_string(), "{}: {r:?}", c.name);
        assert!(
            r.what.contains(&format!("the loaded one is {have}")),
            "{r:?}"
        );
    }
}

/// cuDNN wants a shape operation's output of its input's type (it says
/// `xPort.tensor.getDataType().api_type != yPort...` when finalizing):
/// the build refuses a real output of another type first, naming the node
/// and the output, and a virtual one takes the input's.
#[test]
fn outputs_of_another_type_are_refused_and_views_take_their_inputs_type() {
    let Some(lib) = common::backend::graph_library() else {
        return;
    };
    // Older ones refuse the slice for its version first.
    if lib.version() < Version::new(9, 22, 0) {
        return;
    }
    let mut g = Graph::new("types");
    let x = g.tensor("x", &[2, 8, 16], F16).unwrap();
    let s = g.slice(x, &[0..2, 0..4, 0..16], &[]).unwrap();
    g.set_output(s, F32).unwrap();
    check_refused(
        g.build_with(&lib, None),
        "Graph::build_with",
        "slice \"slice#0\"",
        Some("slice#0.y"),
        "of type FLOAT, but x is of type HALF",
    );
    // A virtual output is of its input's type (cudnn-frontend 1.32's
    // inference), whatever the graph's intermediate type: HALF here, where
    // the intermediate type is FLOAT, and the graph builds.
    let mut g = Graph::new("virtual");
    let x = g.tensor("x", &[1, 64, 64], F16).unwrap();
    let b = g.tensor("b", &[1, 64, 64], F16).unwrap();
    let r = g.reshape(x, &[1, 64, 64]).unwrap();
    let y = g.matmul(r, b).unwrap();
    g.set_output(y, F32).unwrap();
    let built = g.build_with(&lib, None).unwrap();
    let view = built
        .tensors()
        .iter()
        .find(|t| t.name() == "reshape#0.y")
        .unwrap();
    assert!(view.is_virtual());
    assert_eq!(view.data_type(), F16);
}

fn heuristics_library() -> Option<Arc<Library>> {
    let lib = common::backend::graph_library()?;
    let v = lib.version();
    if (v.major, v.minor) < (9, 8) || !common::backend::load_cublaslt(&lib) {
        return None;
    }
    Some(lib)
}

#[test]
fn heuristics_offer_engines_for_sm90_where_cudnn_has_them() {
    let Some(lib) = heuristics_library() else {
        return;
    };
    let device = h100();
    let target = Target::Device {
        library: &lib,
        device: &device,
    };
    let mut wrong = Vec::new();
    // Why cuDNN offers none: alone, no matmul or pointwise fusion; fused,
    // a pattern its engines do not take.
    let alone = alone().into_iter().map(|c| (c, "mmaNodeCount == 0"));
    let fused = fused()
        .into_iter()
        .map(|c| (c, "NOT_SUPPORTED_GRAPH_PATTERN"));
    for (c, why) in alone.chain(fused) {
        if lib.version() < c.since {
            continue;
        }
        let graph = c.graph.build_with(&lib, None).expect(c.name);
        assert_eq!(graph.key(), c.graph.key(), "{}", c.name);
        let r = graph.engine_configs(target, HeuristicMode::A, &EngineFilter::default());
        match (c.engines, r) {
            (true, Ok(configs)) => assert!(!configs.is_empty(), "{}", c.name),
            (false, Err(Error::NoEngine { graph, reason })) => {
                assert_eq!(graph, c.name);
                assert!(reason.contains("mode A"), "{reason}");
                assert!(reason.contains(why), "{}: {why:?} not in {reason}", c.name);
            }
            (want, r) => wrong.push(format!(
                "{}: engines expected: {want}; got {:?}",
                c.name,
                r.map(|c| c.len())
            )),
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

// With NVIDIA's driver library and no GPU, cuDNN 9.28 finalizes a plan for
// a slice feeding a matmul on a described H100; its JSON names the slice
// with its bounds, round-trips, and is this graph's plan.
#[test]
fn a_sliced_matmul_plan_finalizes_and_round_trips() {
    let Some(lib) = heuristics_library() else {
        return;
    };
    let device = h100();
    let target = Target::Device {
        library: &lib,
        device: &device,
    };
    let c = fused()
        .into_iter()
        .find(|c| c.name == "slice_matmul")
        .expect("the case");
    let graph = c.graph.build_with(&lib, None).expect("built");
    let plans = graph
        .plans(target, &cudnn::graph::Settings::default())
        .expect("plans");
    let json = plans[0].to_json().expect("json");
    assert!(
        json.contains(r#""operation":"CUDNN_BACKEND_OPERATION_SLICE_DESCRIPTOR","X":"1","Y":"3","startIndices":[0,0,0],"limitIndices":[1,64,64],"strides":[1,1,1]"#),
        "{}",
        &json[..json.len().min(2000)]
    );
    let back = graph
        .plan_from_json(&json, target)
        .expect("this graph's plan");
    assert_eq!(back.to_json().expect("json"), json);
    let other = fused()
        .into_iter()
        .find(|c| c.name == "slice_matmul_f32")
        .expect("the case")
        .graph
        .build_with(&lib, None)
        .expect("built");
    assert!(other.plan_from_json(&json, target).is_err());
}
