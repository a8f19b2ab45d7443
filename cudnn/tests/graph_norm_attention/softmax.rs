//! The SDPA nodes' softmax options against the real cuDNN 9.28: sink
//! tokens (forward and backward, with the sink's gradient), the forward's
//! row-wise maximum and sum-exp (with and without the statistics), and
//! what `Settings::deterministic` leaves of the unified backward.

use super::*;

/// A forward of q, k, v `[2, 4, 128, 64]` BF16 with a sink `[1, 4, 1, 1]`
/// FLOAT when `sink`, the statistics when `stats`, the maximum and
/// sum-exp when `max_sum_exp`; `o` made real.
pub fn softmax_forward(
    name: &'static str,
    sink: bool,
    stats: bool,
    max_sum_exp: bool,
) -> (Graph, SdpaOutputs) {
    let mut g = Graph::new(name);
    let [q, k, v] = qkv(&mut g, BF16);
    let options = SdpaOptions {
        stats,
        max_sum_exp,
        sink: sink.then(|| g.tensor("sink", &[1, 4, 1, 1], F32).unwrap()),
        ..SdpaOptions::default()
    };
    let out = g.sdpa_forward(q, k, v, &options).unwrap();
    g.set_output(out.o, BF16).unwrap();
    (g, out)
}

/// The backward of the same dims with a sink when `sink` and its
/// gradient when `dsink`; the gradients made real.
pub fn sink_backward(name: &'static str, sink: bool, dsink: bool) -> (Graph, SdpaGradients) {
    let mut g = Graph::new(name);
    g.set_intermediate_type(BF16).unwrap();
    let [q, k, v] = qkv(&mut g, BF16);
    let [o, d_o] = ["o", "do"].map(|n| g.tensor(n, &[2, 4, 128, 64], BF16).unwrap());
    let stats = g.tensor("stats", &[2, 4, 128, 1], F32).unwrap();
    let options = SdpaOptions {
        sink: sink.then(|| g.tensor("sink", &[1, 4, 1, 1], F32).unwrap()),
        sink_gradient: dsink,
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
    for t in [grads.dq, grads.dk, grads.dv] {
        g.set_output(t, BF16).unwrap();
    }
    (g, grads)
}

#[test]
fn softmax_options_make_their_tensors() {
    let (g, out) = softmax_forward("f", true, true, true);
    let (max, sum) = (out.max.expect("max"), out.sum_exp.expect("sum_exp"));
    for (id, name) in [(max, "sdpa_forward#0.max"), (sum, "sdpa_forward#0.sum_exp")] {
        assert_eq!(g.tensor_name(id).unwrap(), name);
        assert_eq!(g.dims(id).unwrap(), [2, 4, 128, 1]);
    }
    assert!(out.stats.is_some());
    let (_, out) = softmax_forward("plain", false, true, false);
    assert_eq!((out.max, out.sum_exp), (None, None));
    let (g, grads) = sink_backward("b", true, true);
    let dsink = grads.dsink.expect("dsink");
    assert_eq!(g.tensor_name(dsink).unwrap(), "sdpa_backward#0.dsink");
    assert_eq!(g.dims(dsink).unwrap(), [1, 4, 1, 1]);
    assert_eq!(sink_backward("b", true, false).1.dsink, None);
}

#[test]
fn softmax_options_refuse_what_does_not_fit() {
    let mut g = Graph::new("bad");
    let [q, k, v] = qkv(&mut g, BF16);
    let f = "Graph::sdpa_forward";
    let n = "sdpa_forward \"sdpa_forward#0\"";
    let wide = g.tensor("wide", &[1, 8, 1, 1], F32).unwrap();
    let half = g.tensor("half", &[1, 4, 1, 1], BF16).unwrap();
    let with = |sink| SdpaOptions {
        sink: Some(sink),
        ..SdpaOptions::default()
    };
    check_refused(
        g.sdpa_forward(q, k, v, &with(wide)),
        f,
        n,
        Some("wide"),
        "dims [1, 8, 1, 1], but the sink of these heads is [1, 4, 1, 1]",
    );
    check_refused(
        g.sdpa_forward(q, k, v, &with(half)),
        f,
        n,
        Some("half"),
        "the sink of type BFLOAT16; it takes FLOAT",
    );
    let mut other = Graph::new("other");
    let foreign = other.tensor("sink", &[1, 4, 1, 1], F32).unwrap();
    let r = refused(g.sdpa_forward(q, k, v, &with(foreign)));
    assert_eq!(r.function, f);
    let gradient = SdpaOptions {
        sink: Some(wide),
        sink_gradient: true,
        ..SdpaOptions::default()
    };
    check_refused(
        g.sdpa_forward(q, k, v, &gradient),
        f,
        n,
        None,
        "sink_gradient is an option of the backward",
    );
    let [o, d_o] = ["o", "do"].map(|n| g.tensor(n, &[2, 4, 128, 64], BF16).unwrap());
    let stats = g.tensor("stats", &[2, 4, 128, 1], F32).unwrap();
    let inputs = SdpaBackwardInputs {
        q,
        k,
        v,
        o,
        d_o,
        stats,
    };
    let b = "Graph::sdpa_backward";
    let bn = "sdpa_backward \"sdpa_backward#0\"";
    let rows = SdpaOptions {
        max_sum_exp: true,
        ..SdpaOptions::default()
    };
    check_refused(
        g.sdpa_backward(&inputs, &rows),
        b,
        bn,
        None,
        "max_sum_exp is an option of the forward",
    );
    let alone = SdpaOptions {
        sink_gradient: true,
        ..SdpaOptions::default()
    };
    check_refused(
        g.sdpa_backward(&inputs, &alone),
        b,
        bn,
        None,
        "sink_gradient without a sink",
    );
    check_refused(
        g.sdpa_backward(&inputs, &with(wide)),
        b,
        bn,
        Some("wide"),
        "dims [1, 8, 1, 1], but the sink of these heads is [1, 4, 1, 1]",
    );
}

/// The keys of the one node of `json`'s graph, and of its nested softmax.
fn node_keys(json: &str) -> (BTreeSet<String>, BTreeSet<String>) {
    let v: serde_json::Value = serde_json::from_str(json).expect("plan JSON");
    let node = &v["operationGraph"]["nodes"][0];
    let keys = |o: &serde_json::Value| -> BTreeSet<String> {
        o.as_object()
            .map(|m| m.keys().cloned().collect())
            .unwrap_or_default()
    };
    (keys(node), keys(&node["softmax"]))
}

/// Finalizes the first plan of `g` for the described H100, checks its
/// JSON against the graph and reads it back to the same JSON; returns it.
fn round_trip(lib: &Arc<Library>, g: &Graph) -> String {
    let device = h100();
    let target = Target::Device {
        library: lib,
        device: &device,
    };
    let graph = g.build_with(lib, None).expect("builds");
    let configs = graph
        .engine_configs(target, HeuristicMode::A, &EngineFilter::default())
        .expect("engine configs for sm_90");
    assert!(!configs.is_empty());
    let plans = graph.plans(target, &Settings::default()).expect("a plan");
    let json = plans[0].to_json().expect("json");
    let back = graph
        .plan_from_json(&json, target)
        .expect("the plan of this graph");
    assert_eq!(back.to_json().expect("json"), json);
    json
}

// cuDNN 9.28 plans the forward with a sink, with the softmax's maximum and
// sum-exp, and both with the statistics, for a described H100 (the
// softmax nested in the node's JSON under "softmax"), and the backward
// with the sink and its gradient; every plan round-trips through JSON.
#[test]
fn softmax_option_plans_finalize_for_sm90_and_round_trip() {
    let Some(lib) = heuristics_library() else {
        return;
    };
    if lib.version() < cudnn::Version::new(9, 21, 0) {
        return;
    }
    let forwards = [
        // The statistics alone, nested as cudnn-frontend 1.32 sets them.
        ("stats", false, true, false, &["X", "Y", "statsDesc"][..]),
        ("sink", true, false, false, &["X", "Y", "sinkDesc"][..]),
        ("sink_stats", true, true, false, &["statsDesc"][..]),
        (
            "max_sum_exp",
            false,
            false,
            true,
            &["maxDesc", "sumExpDesc"][..],
        ),
        (
            "all",
            true,
            true,
            true,
            &["sinkDesc", "statsDesc", "maxDesc"][..],
        ),
    ];
    for (name, sink, stats, rows, keys) in forwards {
        let (g, _) = softmax_forward(name, sink, stats, rows);
        let (node, softmax) = node_keys(&round_trip(&lib, &g));
        for k in keys {
            assert!(softmax.contains(*k), "{name}: {k} not in {softmax:?}");
        }
        // The statistics are the softmax's, not the node's.
        assert!(!node.contains("stats"), "{name}: {node:?}");
        // The scale is a scalar of one dimension, as the frontend's.
        let v: serde_json::Value = serde_json::from_str(&round_trip(&lib, &g)).expect("JSON");
        let graph = &v["operationGraph"];
        let scale = &graph["nodes"][0]["scale"];
        let tensors = graph["tensors"].as_array().expect("tensors");
        let t = tensors
            .iter()
            .find(|t| t["name"] == *scale)
            .expect("the scale");
        assert_eq!(t["dim"], serde_json::json!([1]), "{name}");
        assert_eq!(t["isByValue"], true, "{name}");
    }
    let (g, _) = sink_backward("sink_backward", true, true);
    let (node, softmax) = node_keys(&round_trip(&lib, &g));
    assert!(
        node.contains("sinkDesc") && node.contains("dSinkDesc"),
        "{node:?}"
    );
    assert!(softmax.is_empty());
    let (g, _) = sink_backward("sink_backward", true, false);
    let (node, _) = node_keys(&round_trip(&lib, &g));
    assert!(
        node.contains("sinkDesc") && !node.contains("dSinkDesc"),
        "{node:?}"
    );
}

// The unified SDPA backward has no attribute that makes it deterministic
// (cudnn-frontend 1.32's `set_deterministic_algorithm` is its composite
// backward's); cuDNN 9.28 notes none of its engines for sm_90
// NONDETERMINISTIC, so `Settings::deterministic` keeps every one and
// plans it.
#[test]
fn settings_deterministic_keeps_every_engine_of_the_unified_backward_on_sm90() {
    let Some(lib) = heuristics_library() else {
        return;
    };
    if lib.version() < cudnn::Version::new(9, 21, 0) || jit_9_27(&lib) {
        return;
    }
    let device = h100();
    let target = Target::Device {
        library: &lib,
        device: &device,
    };
    for (name, sink) in [("backward", false), ("sink_backward", true)] {
        let (g, _) = sink_backward(name, sink, sink);
        let graph = g.build_with(&lib, None).expect("builds");
        let all = graph
            .engine_configs(target, HeuristicMode::A, &EngineFilter::default())
            .expect("engine configs");
        assert!(!all.is_empty());
        assert!(all.iter().all(|c| c.is_deterministic()), "{name}");
        let only = EngineFilter {
            deterministic: true,
            ..EngineFilter::default()
        };
        let kept = graph
            .engine_configs(target, HeuristicMode::A, &only)
            .expect("deterministic engine configs");
        assert_eq!(kept.len(), all.len(), "{name}");
        let settings = Settings {
            deterministic: true,
            ..Settings::default()
        };
        let plans = graph
            .plans(target, &settings)
            .expect("a deterministic plan");
        assert!(!plans.is_empty());
    }
}
