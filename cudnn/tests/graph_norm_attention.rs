//! The normalization, attention and rotary-embedding nodes of the graph
//! builder (`Graph::layer_norm` .. `Graph::rope_backward`) against the
//! real cuDNN, on a machine without a GPU. No kernel runs.
//!
//! - Every node's checks (no cuDNN): the tensors each makes, and every
//!   refusal, naming the node and the tensor.
//! - Every node's operation graph finalizes on cuDNN 9 (with NVIDIA's
//!   libcuda, no GPU, loaded by `common::driver` on Linux), the attention backward's
//!   score modifiers, dropout and bias gradient and the rotary embeddings'
//!   `rope_dim` and output scale included (`cases::option_cases`); an
//!   older cuDNN refuses each node with a typed error naming the version
//!   it needs.
//! - cuDNN's heuristics for an sm_90 GPU described by JSON: which nodes
//!   get engine configurations (cuBLASLt loaded from `CUBLAS_12_LIB`, as in
//!   `graph_plans.rs`), and that plans need the CUDA driver (every engine
//!   of these nodes loads its kernels when its plan is finalized; with a
//!   GPU, the plan round-trips through cuDNN's JSON).
//! - The plan JSON cuDNN 9.28 wrote for these graphs
//!   (`tests/data/norm-attention-plans-sm90.json`, its operation graphs,
//!   recorded by the ignored `record_plan_json`): the keys under which each
//!   node names the tensors it writes.

mod common;

use std::collections::BTreeSet;
use std::sync::Arc;

use cudnn::graph::{
    BatchNormOptions, DeviceProperties, DiagonalAlignment, EngineFilter, ExecutionPlan, Graph,
    HeuristicMode, NormOptions, RopeOptions, RunningStats, SdpaBackwardInputs, SdpaDropout,
    SdpaFp8, SdpaGradients, SdpaOptions, SdpaOutputs, SdpaPagedKv, Settings, Target, TensorId,
};
use cudnn::{Error, Library, Mismatch};

use common::refusal::{assert_refusal, check_refused, refused};

#[path = "graph_norm_attention/cases.rs"]
mod cases;

use cases::*;

#[path = "graph_norm_attention/softmax.rs"]
mod softmax;

#[path = "graph_norm_attention/block_mask.rs"]
mod block_mask;

const FIXTURE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/norm-attention-plans-sm90.json"
);

// ------------------------------------------------------------ refusals

/// The statistics' strides are cudnn-frontend 1.32's: a layer norm's, an
/// RMS norm's (and an adaptive layer norm's) keep x's layout, the earlier
/// of two axes of one stride the inner (`node/layernorm.h`); a batch
/// norm's (running statistics included) and an instance norm's are NHWC
/// (`batchnorm.h`, `instancenorm.h`).
#[test]
fn norm_statistics_take_the_frontends_strides() {
    let mut g = Graph::new("stats");
    // Channels innermost: x [4096, 1024, 1, 1], strides [1024, 1, 1024, 1024].
    let nhwc = [1024, 1, 1024, 1024];
    let x = g
        .tensor_with_strides("x", &[4096, 1024, 1, 1], &nhwc, F32)
        .unwrap();
    let [s, b] = ["s", "b"].map(|n| {
        g.tensor_with_strides(n, &[1, 1024, 1, 1], &nhwc, F32)
            .unwrap()
    });
    let ln = g.layer_norm(x, s, b, &NormOptions::default()).unwrap();
    for t in [ln.mean.unwrap(), ln.inv_variance.unwrap()] {
        assert_eq!(g.strides(t).unwrap(), [1, 1, 4096, 4096]);
    }
    let rms = g.rms_norm(x, s, None, &NormOptions::default()).unwrap();
    assert_eq!(
        g.strides(rms.inv_variance.unwrap()).unwrap(),
        [1, 1, 4096, 4096]
    );

    // NCHW x [8, 64, 4, 4]: per-channel statistics NHWC all the same.
    let x = g.tensor("x2", &[8, 64, 4, 4], F32).unwrap();
    let [s, b, rm, rv] =
        ["s2", "b2", "rm", "rv"].map(|n| g.tensor(n, &[1, 64, 1, 1], F32).unwrap());
    let running = RunningStats { mean: rm, var: rv };
    let bn = g
        .batch_norm(x, s, b, Some(running), &BatchNormOptions::default())
        .unwrap();
    let per_channel = [
        bn.mean,
        bn.inv_variance,
        bn.running_mean.unwrap(),
        bn.running_var.unwrap(),
    ];
    for t in per_channel {
        assert_eq!(g.strides(t).unwrap(), [64, 1, 64, 64]);
    }
    let inst = g.instance_norm(x, s, b, &NormOptions::default()).unwrap();
    for t in [inst.mean.unwrap(), inst.inv_variance.unwrap()] {
        assert_eq!(g.dims(t).unwrap(), [8, 64, 1, 1]);
        assert_eq!(g.strides(t).unwrap(), [64, 1, 64, 64]);
    }
}

#[test]
fn norm_nodes_make_their_outputs_and_statistics() {
    let mut g = Graph::new("norms");
    let (x, s, b) = norm_inputs(&mut g);
    let ln = g.layer_norm(x, s, b, &NormOptions::default()).unwrap();
    assert_eq!(g.tensor_name(ln.y).unwrap(), "layer_norm#0.y");
    assert_eq!(g.dims(ln.y).unwrap(), [8, 64, 4, 4]);
    let (mean, inv) = (ln.mean.unwrap(), ln.inv_variance.unwrap());
    assert_eq!(g.tensor_name(mean).unwrap(), "layer_norm#0.mean");
    assert_eq!(g.dims(mean).unwrap(), [8, 1, 1, 1]);
    assert_eq!(g.dims(inv).unwrap(), [8, 1, 1, 1]);
    // y, mean, inverse variance, then the epsilon scalar.
    assert_eq!((ln.y.uid(), mean.uid(), inv.uid()), (4, 5, 6));
    // Statistics are real FLOAT tensors already.
    let r = refused(g.set_output(mean, F32));
    assert!(r.what.contains("already"), "{r:?}");

    // Inference writes no statistics; RMS norm has no mean.
    let inf = g
        .layer_norm(x, s, b, &NormOptions::inference(1e-6))
        .unwrap();
    assert_eq!((inf.mean, inf.inv_variance), (None, None));
    let rms = g.rms_norm(x, s, None, &NormOptions::default()).unwrap();
    assert_eq!(rms.mean, None);
    assert_eq!(g.dims(rms.inv_variance.unwrap()).unwrap(), [8, 1, 1, 1]);

    // Instance and batch norms: per-channel parameters.
    let c = g.tensor("c", &[1, 64, 1, 1], F32).unwrap();
    let ins = g.instance_norm(x, c, c, &NormOptions::default()).unwrap();
    assert_eq!(g.dims(ins.mean.unwrap()).unwrap(), [8, 64, 1, 1]);
    let rm = g.tensor("running_mean", &[1, 64, 1, 1], F32).unwrap();
    let rv = g.tensor("running_var", &[1, 64, 1, 1], F32).unwrap();
    let running = RunningStats { mean: rm, var: rv };
    let bn = g
        .batch_norm(x, c, c, Some(running), &BatchNormOptions::default())
        .unwrap();
    assert_eq!(g.dims(bn.mean).unwrap(), [1, 64, 1, 1]);
    assert_eq!(
        g.tensor_name(bn.running_var.unwrap()).unwrap(),
        "batch_norm#4.running_var"
    );
    let plain = g
        .batch_norm(x, c, c, None, &BatchNormOptions::default())
        .unwrap();
    assert_eq!((plain.running_mean, plain.running_var), (None, None));

    // Backward: dx like x, dscale and dbias like the scale.
    let grads = g.layer_norm_backward(x, x, s, mean, inv).unwrap();
    assert_eq!(g.dims(grads.dx).unwrap(), [8, 64, 4, 4]);
    assert_eq!(g.dims(grads.dscale).unwrap(), [1, 64, 4, 4]);
    assert_eq!(
        g.tensor_name(grads.dbias.unwrap()).unwrap(),
        "layer_norm_backward#6.dbias"
    );
    let rms_grads = g
        .rms_norm_backward(x, x, s, rms.inv_variance.unwrap(), false)
        .unwrap();
    assert_eq!(rms_grads.dbias, None);

    // The same calls give the same key; the epsilon's value is not in it.
    let key = |eps: f32| {
        let mut g = Graph::new("k");
        let (x, s, b) = norm_inputs(&mut g);
        let y = g.layer_norm(x, s, b, &NormOptions::training(eps)).unwrap();
        g.set_output(y.y, BF16).unwrap();
        g.key()
    };
    assert_eq!(key(1e-5), key(1e-3));
    assert!(key(1e-5).contains("layer_norm"), "{}", key(1e-5));
}

#[test]
fn norm_nodes_refuse_what_does_not_fit() {
    let mut g = Graph::new("bad");
    let (x, s, b) = norm_inputs(&mut g);
    let f = "Graph::layer_norm";
    let n = "layer_norm \"layer_norm#0\"";
    check_refused(
        g.layer_norm(x, s, b, &NormOptions::training(0.0)),
        f,
        n,
        None,
        "epsilon 0",
    );
    check_refused(
        g.layer_norm(x, s, b, &NormOptions::training(f32::NAN)),
        f,
        n,
        None,
        "finite",
    );
    let phase = NormOptions {
        phase: cudnn::sys::cudnnBackendNormFwdPhase_t(7),
        ..NormOptions::default()
    };
    check_refused(g.layer_norm(x, s, b, &phase), f, n, None, "phase 7");
    let c = g.tensor("c", &[1, 64, 1, 1], F32).unwrap();
    check_refused(
        g.layer_norm(x, c, b, &NormOptions::default()),
        f,
        n,
        Some("c"),
        "a layer norm of this x takes scale [1, 64, 4, 4]",
    );
    check_refused(
        g.layer_norm(x, s, c, &NormOptions::default()),
        f,
        n,
        Some("c"),
        "takes bias",
    );
    let i = g.tensor("i", &[8, 64, 4, 4], I32).unwrap();
    check_refused(
        g.layer_norm(i, s, b, &NormOptions::default()),
        f,
        n,
        Some("i"),
        "x of type INT32; it takes FLOAT or HALF or BFLOAT16",
    );
    let v = g.tensor("v", &[8], F32).unwrap();
    check_refused(
        g.layer_norm(v, s, b, &NormOptions::default()),
        f,
        n,
        Some("v"),
        "1 dimensions",
    );
    let eps = g.scalar("eps", 1.0).unwrap();
    check_refused(
        g.layer_norm(x, eps, b, &NormOptions::default()),
        f,
        n,
        Some("eps"),
        "by-value scalar",
    );
    let mut other = Graph::new("other");
    let foreign = other.tensor("x", &[8, 64, 4, 4], BF16).unwrap();
    let r = refused(g.layer_norm(foreign, s, b, &NormOptions::default()));
    assert_eq!((r.function, r.node.as_str()), (f, n), "{r:?}");
    let named = r.tensor.clone().unwrap_or_default();
    assert!(named.starts_with("tensor uid 1 of graph #"), "{r:?}");
    assert!(r.what.contains("another graph"), "{r:?}");
    check_refused(
        g.instance_norm(x, s, b, &NormOptions::default()),
        "Graph::instance_norm",
        "instance_norm \"instance_norm#0\"",
        Some("scale"),
        "an instance norm of this x takes scale [1, 64, 1, 1]",
    );
    let rm = g.tensor("rm", &[1, 64, 1, 1], F16).unwrap();
    let running = Some(RunningStats { mean: rm, var: c });
    check_refused(
        g.batch_norm(x, c, c, running, &BatchNormOptions::default()),
        "Graph::batch_norm",
        "batch_norm \"batch_norm#0\"",
        Some("rm"),
        "the running mean of type HALF; it takes FLOAT",
    );
    let momentum = BatchNormOptions {
        momentum: 1.5,
        ..BatchNormOptions::default()
    };
    check_refused(
        g.batch_norm(x, c, c, None, &momentum),
        "Graph::batch_norm",
        "batch_norm \"batch_norm#0\"",
        None,
        "momentum 1.5",
    );
    check_refused(
        g.batch_norm_inference(x, s, c, c, c),
        "Graph::batch_norm_inference",
        "batch_norm_inference \"batch_norm_inference#0\"",
        Some("scale"),
        "takes the mean [1, 64, 1, 1]",
    );
    // Backward.
    let stats = g.tensor("stats", &[8, 1, 1, 1], F32).unwrap();
    let dy = g.tensor("dy", &[8, 64, 4, 2], BF16).unwrap();
    let fb = "Graph::layer_norm_backward";
    let nb = "layer_norm_backward \"layer_norm_backward#0\"";
    check_refused(
        g.layer_norm_backward(dy, x, s, stats, stats),
        fb,
        nb,
        Some("dy"),
        "dims [8, 64, 4, 2], but \"x\" has [8, 64, 4, 4]",
    );
    check_refused(
        g.layer_norm_backward(x, x, s, c, stats),
        fb,
        nb,
        Some("c"),
        "takes mean [8, 1, 1, 1]",
    );
    check_refused(
        g.rms_norm_backward(x, x, s, c, true),
        "Graph::rms_norm_backward",
        "rms_norm_backward \"rms_norm_backward#0\"",
        Some("c"),
        "an RMS norm of this x takes inv_variance [8, 1, 1, 1]",
    );
    // Nothing was added by the refusals.
    assert_eq!(g.tensor("next", &[1], F32).unwrap().uid(), 11);
}

#[test]
fn attention_nodes_make_their_outputs_and_score_subgraph() {
    let mut g = Graph::new("attention");
    let [q, k, v] = qkv(&mut g, BF16);
    let bias = g.tensor("bias", &[1, 4, 128, 128], BF16).unwrap();
    let options = SdpaOptions {
        causal: true,
        sliding_window: Some(32),
        bias: Some(bias),
        stats: true,
        ..SdpaOptions::default()
    };
    let out = g.sdpa_forward(q, k, v, &options).unwrap();
    assert_eq!(g.tensor_name(out.o).unwrap(), "sdpa_forward#0.o");
    // The output follows q's BSHD layout.
    assert_eq!(g.strides(out.o).unwrap(), g.strides(q).unwrap());
    let stats = out.stats.unwrap();
    assert_eq!(g.dims(stats).unwrap(), [2, 4, 128, 1]);
    // o, stats, the scale, the softmax's scores and probabilities (its
    // own descriptor, which holds the statistics from cuDNN 9.21), then
    // the subgraph: scores, biased, the causal fill and output, the
    // window's fill, bound and output.
    let next = g.tensor("next", &[1], F32).unwrap();
    assert_eq!(next.uid(), out.o.uid() + 12);

    assert!(g.key().contains("diagonal_band_mask"), "{}", g.key());
    assert!(g.key().contains("sub:in=t"), "{}", g.key());

    // Grouped-query attention: 2 key/value heads for 4 query heads.
    let mut gqa = Graph::new("gqa");
    let q = gqa.tensor("q", &[1, 4, 64, 32], F16).unwrap();
    let k = gqa.tensor("k", &[1, 2, 96, 32], F16).unwrap();
    let v = gqa.tensor("v", &[1, 2, 96, 16], F16).unwrap();
    let out = gqa.sdpa_forward(q, k, v, &SdpaOptions::default()).unwrap();
    assert_eq!(gqa.dims(out.o).unwrap(), [1, 4, 64, 16]);
    assert_eq!(out.stats, None);

    // The backward's gradients take their inputs' dims and layouts.
    let mut g = Graph::new("backward");
    let [q, k, v] = qkv(&mut g, BF16);
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
    let grads = g.sdpa_backward(&inputs, &SdpaOptions::default()).unwrap();
    assert_eq!(g.strides(grads.dq).unwrap(), g.strides(q).unwrap());
    assert_eq!(g.tensor_name(grads.dv).unwrap(), "sdpa_backward#0.dv");
    assert_eq!(grads.dbias, None);
    assert!(!g.key().contains("sub:in=t"), "{}", g.key());

    // With the forward's score modifiers, the forward's subgraph; with
    // bias_gradient, the bias's gradient too, packed.
    let bias = g.tensor("bias", &[1, 4, 128, 128], BF16).unwrap();
    let options = SdpaOptions {
        causal: true,
        bias: Some(bias),
        bias_gradient: true,
        ..SdpaOptions::default()
    };
    let grads = g.sdpa_backward(&inputs, &options).unwrap();
    let dbias = grads.dbias.unwrap();
    assert_eq!(g.tensor_name(dbias).unwrap(), "sdpa_backward#1.dbias");
    assert_eq!(g.dims(dbias).unwrap(), [1, 4, 128, 128]);
    assert_eq!(g.strides(dbias).unwrap(), [65536, 16384, 128, 1]);
    // dq, dk, dv, the scale, dbias, then the subgraph: scores, biased,
    // the causal fill and output.
    let next = g.tensor("next", &[1], F32).unwrap();
    assert_eq!(next.uid(), grads.dq.uid() + 9);
    assert!(g.key().contains("sub:in=t"), "{}", g.key());
    assert!(g.key().contains("diagonal_band_mask"), "{}", g.key());
}

#[test]
fn attention_nodes_refuse_what_does_not_fit() {
    let mut g = Graph::new("bad");
    let [q, k, v] = qkv(&mut g, BF16);
    let f = "Graph::sdpa_forward";
    let n = "sdpa_forward \"sdpa_forward#0\"";
    let none = SdpaOptions::default();
    let x3 = g.tensor("x3", &[2, 4, 128], BF16).unwrap();
    check_refused(
        g.sdpa_forward(x3, k, v, &none),
        f,
        n,
        Some("x3"),
        "3 dimensions",
    );
    let q32 = g.tensor("q32", &[2, 4, 128, 64], F32).unwrap();
    check_refused(
        g.sdpa_forward(q32, k, v, &none),
        f,
        n,
        Some("q32"),
        "q of type FLOAT; it takes HALF or BFLOAT16",
    );
    let k16 = g.tensor("k16", &[2, 4, 128, 64], F16).unwrap();
    check_refused(
        g.sdpa_forward(q, k16, v, &none),
        f,
        n,
        Some("k16"),
        "another type than \"q\"",
    );
    let kb = g.tensor("kb", &[3, 4, 128, 64], BF16).unwrap();
    check_refused(
        g.sdpa_forward(q, kb, v, &none),
        f,
        n,
        Some("kb"),
        "a batch of 3",
    );
    let kh = g.tensor("kh", &[2, 3, 128, 64], BF16).unwrap();
    check_refused(
        g.sdpa_forward(q, kh, v, &none),
        f,
        n,
        Some("kh"),
        "3 heads, which do not divide the 4 query heads",
    );
    let kd = g.tensor("kd", &[2, 4, 128, 32], BF16).unwrap();
    check_refused(
        g.sdpa_forward(q, kd, v, &none),
        f,
        n,
        Some("kd"),
        "a head dim of 32",
    );
    let vs = g.tensor("vs", &[2, 4, 64, 64], BF16).unwrap();
    check_refused(
        g.sdpa_forward(q, k, vs, &none),
        f,
        n,
        Some("vs"),
        "a sequence of 64",
    );
    let bad_bias = g.tensor("bad_bias", &[2, 4, 128, 64], BF16).unwrap();
    let o = SdpaOptions {
        bias: Some(bad_bias),
        ..SdpaOptions::default()
    };
    check_refused(
        g.sdpa_forward(q, k, v, &o),
        f,
        n,
        Some("bad_bias"),
        "[B or 1, H_q or 1, S_q, S_kv] = [2 or 1, 4 or 1, 128, 128]",
    );
    let sq = g.tensor("sq", &[2, 1, 1, 1], I32).unwrap();
    let o = SdpaOptions {
        seq_len_q: Some(sq),
        ..SdpaOptions::default()
    };
    check_refused(g.sdpa_forward(q, k, v, &o), f, n, None, "come together");
    let skv = g.tensor("skv", &[2, 1, 1, 1], F32).unwrap();
    let o = SdpaOptions {
        seq_len_q: Some(sq),
        seq_len_kv: Some(skv),
        ..SdpaOptions::default()
    };
    check_refused(
        g.sdpa_forward(q, k, v, &o),
        f,
        n,
        Some("skv"),
        "seq_len_kv of type FLOAT; it takes INT32 or INT64",
    );
    let o = SdpaOptions {
        sliding_window: Some(0),
        ..SdpaOptions::default()
    };
    check_refused(g.sdpa_forward(q, k, v, &o), f, n, None, "sliding window 0");
    let o = SdpaOptions {
        scale: Some(f32::INFINITY),
        ..SdpaOptions::default()
    };
    check_refused(g.sdpa_forward(q, k, v, &o), f, n, None, "scale inf");
    let seed = g.tensor("seed", &[1, 1, 1, 1], I32).unwrap();
    let dropout = |p| SdpaOptions {
        dropout: Some(SdpaDropout {
            probability: p,
            seed,
            offset: seed,
        }),
        ..SdpaOptions::default()
    };
    check_refused(
        g.sdpa_forward(q, k, v, &dropout(1.0)),
        f,
        n,
        None,
        "dropout probability 1",
    );
    check_refused(
        g.sdpa_forward(q, k, v, &dropout(0.5)),
        f,
        n,
        Some("seed"),
        "the dropout seed of type INT32; it takes INT64",
    );

    // Backward: its own checks and the options it does not take.
    let fb = "Graph::sdpa_backward";
    let nb = "sdpa_backward \"sdpa_backward#0\"";
    let stats = g.tensor("stats", &[2, 4, 128, 1], F32).unwrap();
    let inputs = SdpaBackwardInputs {
        q,
        k,
        v,
        o: q,
        d_o: vs,
        stats,
    };
    check_refused(
        g.sdpa_backward(&inputs, &none),
        fb,
        nb,
        Some("vs"),
        "the forward's output has [2, 4, 128, 64]",
    );
    let inputs = SdpaBackwardInputs {
        d_o: q,
        stats: sq,
        ..inputs
    };
    check_refused(
        g.sdpa_backward(&inputs, &none),
        fb,
        nb,
        Some("sq"),
        "the forward's statistics have [2, 4, 128, 1]",
    );
    let inputs = SdpaBackwardInputs { stats, ..inputs };
    // The forward's options are checked as the forward checks them.
    let backward_only = SdpaOptions {
        bias_gradient: true,
        ..SdpaOptions::default()
    };
    check_refused(
        g.sdpa_forward(q, k, v, &backward_only),
        f,
        n,
        None,
        "bias_gradient is an option of the backward",
    );
    let window = SdpaOptions {
        sliding_window: Some(0),
        ..SdpaOptions::default()
    };
    let bias = SdpaOptions {
        bias: Some(bad_bias),
        ..SdpaOptions::default()
    };
    let stats_too = SdpaOptions {
        stats: true,
        ..SdpaOptions::default()
    };
    for (o, tensor, words) in [
        (&stats_too, None, "stats is an option of the forward"),
        (&backward_only, None, "bias_gradient without a bias"),
        (&window, None, "sliding window 0"),
        (&dropout(1.0), None, "dropout probability 1"),
        (
            &dropout(0.5),
            Some("seed"),
            "the dropout seed of type INT32",
        ),
        (&bias, Some("bad_bias"), "[B or 1, H_q or 1, S_q, S_kv]"),
    ] {
        check_refused(g.sdpa_backward(&inputs, o), fb, nb, tensor, words);
    }
    g.sdpa_backward(&inputs, &none)
        .expect("the backward itself");

    // Rotary embeddings.
    let fr = "Graph::rope_forward";
    let nr = "rope_forward \"rope_forward#1\"";
    let freqs = g.tensor("freqs", &[128, 1, 1, 64], F32).unwrap();
    let none = RopeOptions::default();
    check_refused(
        g.rope_forward(x3, freqs, &none),
        fr,
        nr,
        Some("x3"),
        "3 dimensions",
    );
    let odd = g.tensor("odd", &[2, 4, 128, 63], BF16).unwrap();
    check_refused(
        g.rope_forward(odd, freqs, &none),
        fr,
        nr,
        Some("odd"),
        "a head dim of 63",
    );
    check_refused(
        g.rope_forward(q, sq, &none),
        fr,
        nr,
        Some("sq"),
        "the angles of this x are [128, 1, 1, 64]",
    );
    let f16 = g.tensor("f16", &[128, 1, 1, 64], F16).unwrap();
    check_refused(
        g.rope_backward(q, f16, &none),
        "Graph::rope_backward",
        "rope_backward \"rope_backward#1\"",
        Some("f16"),
        "freqs of type HALF; it takes FLOAT",
    );
    for (rope_dim, output_scale, tensor, words) in [
        (
            Some(0),
            None,
            Some("q"),
            "rope_dim 0; it is even and from 2 to the head dim 64",
        ),
        (Some(31), None, Some("q"), "rope_dim 31"),
        (Some(66), None, Some("q"), "rope_dim 66"),
        (None, Some(f32::NAN), None, "output scale NaN; it is finite"),
    ] {
        let o = RopeOptions {
            rope_dim,
            output_scale,
        };
        check_refused(g.rope_forward(q, freqs, &o), fr, nr, tensor, words);
    }
    let o = RopeOptions {
        rope_dim: Some(32),
        output_scale: Some(0.5),
    };
    g.rope_backward(q, freqs, &o)
        .expect("rotary embeddings of half the head dim, scaled");
}

/// The bottom-right alignment, the right bound and cumulative (ragged)
/// sequence lengths: each refusal names the node (and the tensor where
/// one is wrong), and adds nothing.
/// An SDPA graph of head dims `d_qk` (q, k) and `d_v` (v), `HALF`: the
/// forward with statistics, or the backward; the node's result.
fn sdpa_of_head_dims(backward: bool, d_qk: i64, d_v: i64) -> (Graph, cudnn::Result<()>) {
    let mut g = Graph::new("head_dims");
    g.set_intermediate_type(F16).unwrap();
    let q = g.tensor("q", &[2, 4, 256, d_qk], F16).unwrap();
    let k = g.tensor("k", &[2, 4, 256, d_qk], F16).unwrap();
    let v = g.tensor("v", &[2, 4, 256, d_v], F16).unwrap();
    let options = SdpaOptions {
        causal: true,
        stats: !backward,
        ..SdpaOptions::default()
    };
    let r = if backward {
        let [o, d_o] = ["o", "do"].map(|n| g.tensor(n, &[2, 4, 256, d_v], F16).unwrap());
        let stats = g.tensor("stats", &[2, 4, 256, 1], F32).unwrap();
        let inputs = SdpaBackwardInputs {
            q,
            k,
            v,
            o,
            d_o,
            stats,
        };
        g.sdpa_backward(&inputs, &options).map(|grads| {
            for t in [grads.dq, grads.dk, grads.dv] {
                g.set_output(t, F16).unwrap();
            }
        })
    } else {
        g.sdpa_forward(q, k, v, &options)
            .map(|out| g.set_output(out.o, F16).unwrap())
    };
    (g, r)
}

// cudnn-frontend 1.32 refuses, when it validates a graph, head dims that
// are not multiples of 8 ("hidden_dim should be multiple of 8", both
// passes, sdpa_support_surface.h and scaled_dot_product_flash_attention.h)
// and backward head dims no GPU takes (at most 256 on sm_9x, both in
// (256, 512] on sm_10x); the node refuses them. The forward has no
// ceiling there on cuDNN 9.28: d 1000 is a node.
#[test]
fn sdpa_head_dims_no_gpu_takes_are_refused_by_the_node() {
    for (backward, d_qk, d_v, rule) in [
        (false, 100, 100, "\"hidden_dim should be multiple of 8\""),
        (false, 128, 100, "\"hidden_dim should be multiple of 8\""),
        (true, 100, 100, "\"hidden_dim should be multiple of 8\""),
        (
            true,
            1000,
            1000,
            "on every GPU: \"Num hidden_dim should be less than or equal to 256",
        ),
        (true, 520, 520, "(256, 512]"),
        (
            true,
            512,
            128,
            "Num hidden_dim should be less than or equal to 128",
        ),
    ] {
        let (f, n) = if backward {
            ("Graph::sdpa_backward", "sdpa_backward \"sdpa_backward#0\"")
        } else {
            ("Graph::sdpa_forward", "sdpa_forward \"sdpa_forward#0\"")
        };
        let r = refused(sdpa_of_head_dims(backward, d_qk, d_v).1);
        let what = format!("head dims d_qk {d_qk} and d_v {d_v}: cudnn-frontend 1.32 refuses");
        assert_refusal(&r, f, n, None, &what);
        assert_refusal(&r, f, n, None, rule);
    }
    // The nearest that some GPU takes.
    for (backward, d_qk, d_v) in [
        (false, 104, 104),
        (false, 1000, 1000),
        (false, 128, 512),
        (true, 256, 256),
        (true, 192, 128),
        (true, 512, 512),
        (true, 264, 512),
    ] {
        let (_, r) = sdpa_of_head_dims(backward, d_qk, d_v);
        r.unwrap_or_else(|e| panic!("{backward} {d_qk} {d_v}: {e}"));
    }
}

// cudnn-frontend 1.32 refuses a backward of one query and one key when it
// validates the graph ("s_q = s_kv = 1 is not supported.",
// scaled_dot_product_flash_attention.h); one query of 128 keys is a node.
#[test]
fn an_sdpa_backward_of_one_query_and_one_key_is_refused() {
    for (s_q, s_kv) in [(1, 1), (1, 128)] {
        let mut g = Graph::new("one");
        let q = g.tensor("q", &[2, 4, s_q, 64], BF16).unwrap();
        let [k, v] = ["k", "v"].map(|n| g.tensor(n, &[2, 4, s_kv, 64], BF16).unwrap());
        let [o, d_o] = ["o", "do"].map(|n| g.tensor(n, &[2, 4, s_q, 64], BF16).unwrap());
        let stats = g.tensor("stats", &[2, 4, s_q, 1], F32).unwrap();
        let inputs = SdpaBackwardInputs {
            q,
            k,
            v,
            o,
            d_o,
            stats,
        };
        let r = g.sdpa_backward(&inputs, &SdpaOptions::default());
        if s_kv == 1 {
            check_refused(
                r,
                "Graph::sdpa_backward",
                "sdpa_backward \"sdpa_backward#0\"",
                None,
                "S_q and S_kv both 1: cudnn-frontend 1.32 refuses the SDPA backward: \
                 \"s_q = s_kv = 1 is not supported.\"",
            );
        } else {
            r.expect("one query");
        }
    }
}

// The backward's rules per GPU, applied where the target is known (as
// cudnn-frontend 1.32 does): an H100 takes head dims up to 256, a B200
// up to 128, 192 with 128, 256 with 256 and both in (256, 512]. The
// forward of d 512 plans on an H100, as with the frontend.
#[test]
fn sdpa_backward_head_dims_follow_the_target() {
    let Some(lib) = heuristics_library() else {
        return;
    };
    let h100 = h100();
    let b200 = DeviceProperties::preset("b200").expect("the sm_100 preset");
    let configs = |backward, d_qk, d_v, device: &DeviceProperties| {
        let (g, r) = sdpa_of_head_dims(backward, d_qk, d_v);
        r.unwrap();
        let graph = g.build_with(&lib, None).expect("built");
        graph.engine_configs(
            Target::Device {
                library: &lib,
                device,
            },
            HeuristicMode::A,
            &EngineFilter::default(),
        )
    };
    let f = "OperationGraph::engine_configs";
    let n = "sdpa_backward \"sdpa_backward#0\"";
    for (d_qk, d_v, device, rule) in [
        (512, 512, &h100, "on sm_9x with cuDNN 9."),
        (
            512,
            512,
            &h100,
            "\"Num hidden_dim should be less than or equal to 256 and hidden_dim should be \
             multiple of 8\"",
        ),
        (264, 264, &h100, "less than or equal to 256"),
        (
            200,
            200,
            &b200,
            "\"Num hidden_dim should be less than or equal to 128 and hidden_dim should be \
             multiple of 8 when d_qk != d_v",
        ),
        (192, 192, &b200, "d_v should be equal to 128 if d_qk is 192"),
    ] {
        // The rules of sm_10x are those of cuDNN 9.11 on.
        if lib.version() < cudnn::Version::new(9, 11, 0) {
            break;
        }
        let r = refused(configs(true, d_qk, d_v, device).map(|c| c.len()));
        let what = format!("head dims d_qk {d_qk} and d_v {d_v}");
        assert_refusal(&r, f, n, None, &what);
        assert_refusal(&r, f, n, None, rule);
    }
    if jit_9_27(&lib) {
        return;
    }
    for (backward, d_qk, d_v, device) in [
        (true, 256, 256, &h100),
        (true, 128, 128, &b200),
        (true, 192, 128, &b200),
        (false, 512, 512, &h100),
    ] {
        let r = configs(backward, d_qk, d_v, device);
        let c = r.unwrap_or_else(|e| panic!("{backward} {d_qk} {d_v}: {e}"));
        assert!(!c.is_empty());
    }
}

#[test]
fn aligned_masks_and_ragged_lengths_refuse_what_does_not_fit() {
    let mut g = Graph::new("bad");
    let [q, k, v] = qkv(&mut g, BF16);
    let f = "Graph::sdpa_forward";
    let n = "sdpa_forward \"sdpa_forward#0\"";
    let br = DiagonalAlignment::BOTTOM_RIGHT;
    let big = i64::from(i32::MAX) + 1;
    for (options, words) in [
        (
            SdpaOptions {
                causal: true,
                right_bound: Some(2),
                ..SdpaOptions::default()
            },
            "a causal mask and a right bound of 2; a causal mask is a right bound of 0",
        ),
        (
            SdpaOptions {
                right_bound: Some(-1),
                alignment: br,
                ..SdpaOptions::default()
            },
            "right bound -1; it is at least 0",
        ),
        (
            SdpaOptions {
                right_bound: Some(big),
                ..SdpaOptions::default()
            },
            "right bound 2147483648; cuDNN takes it as an INT32",
        ),
        (
            SdpaOptions {
                sliding_window: Some(big),
                alignment: br,
                ..SdpaOptions::default()
            },
            "sliding window 2147483648; cuDNN takes it as an INT32",
        ),
        (
            SdpaOptions {
                sliding_window: Some(0),
                alignment: br,
                ..SdpaOptions::default()
            },
            "sliding window 0; it is at least 1",
        ),
    ] {
        check_refused(g.sdpa_forward(q, k, v, &options), f, n, None, words);
    }
    let cu_bad_dims = g.tensor("cu_bad_dims", &[2, 1, 1, 1], I32).unwrap();
    let cu_f32 = g.tensor("cu_f32", &[3, 1, 1, 1], F32).unwrap();
    let [cu_q, cu_kv] = ["cu_q", "cu_kv"].map(|n| g.tensor(n, &[3, 1, 1, 1], I64).unwrap());
    let sq = g.tensor("sq", &[2, 1, 1, 1], I32).unwrap();
    let ragged = |q: Option<TensorId>, kv: Option<TensorId>| SdpaOptions {
        cu_seq_len_q: q,
        cu_seq_len_kv: kv,
        ..SdpaOptions::default()
    };
    check_refused(
        g.sdpa_forward(q, k, v, &ragged(Some(cu_bad_dims), Some(cu_kv))),
        f,
        n,
        Some("cu_bad_dims"),
        "dims [2, 1, 1, 1], but cu_seq_len_q is [B + 1, 1, 1, 1]: [3, 1, 1, 1]",
    );
    check_refused(
        g.sdpa_forward(q, k, v, &ragged(Some(cu_q), Some(cu_f32))),
        f,
        n,
        Some("cu_f32"),
        "cu_seq_len_kv of type FLOAT; it takes INT32 or INT64",
    );
    check_refused(
        g.sdpa_forward(q, k, v, &ragged(Some(cu_q), None)),
        f,
        n,
        None,
        "come together (a padding mask)",
    );
    let both = SdpaOptions {
        seq_len_q: Some(sq),
        ..ragged(Some(cu_q), Some(cu_kv))
    };
    check_refused(
        g.sdpa_forward(q, k, v, &both),
        f,
        n,
        None,
        "seq_len_q and cu_seq_len_q are two forms of one length; give one",
    );
    // The backward checks the same.
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
    check_refused(
        g.sdpa_backward(&inputs, &ragged(Some(cu_q), Some(cu_bad_dims))),
        "Graph::sdpa_backward",
        "sdpa_backward \"sdpa_backward#0\"",
        Some("cu_bad_dims"),
        "cu_seq_len_kv is [B + 1, 1, 1, 1]",
    );
    let causal_right = SdpaOptions {
        causal: true,
        right_bound: Some(0),
        ..SdpaOptions::default()
    };
    check_refused(
        g.sdpa_backward(&inputs, &causal_right),
        "Graph::sdpa_backward",
        "sdpa_backward \"sdpa_backward#0\"",
        None,
        "a causal mask is a right bound of 0",
    );
    // Nothing was added by the refusals.
    let next = g.tensor("next", &[1], F32).unwrap();
    assert_eq!(next.uid(), stats.uid() + 1);
    // The two sides may use different forms.
    let skv = g.tensor("skv", &[2, 1, 1, 1], I32).unwrap();
    let mixed = SdpaOptions {
        seq_len_kv: Some(skv),
        causal: true,
        alignment: br,
        ..ragged(Some(cu_q), None)
    };
    g.sdpa_forward(q, k, v, &mixed)
        .expect("cumulative query lengths with per-item key lengths");

    // Paged K/V takes no right bound, and its per-item lengths.
    let mut g = Graph::new("paged");
    let ([q, k, v], options) = paged_inputs(&mut g);
    let fp = "sdpa_forward \"sdpa_forward#0\"";
    let right = SdpaOptions {
        right_bound: Some(0),
        ..options
    };
    check_refused(
        g.sdpa_forward(q, k, v, &right),
        f,
        fp,
        None,
        "paged K/V with a right bound; paged attention is offered without",
    );
    let cu = g.tensor("cu", &[3, 1, 1, 1], I32).unwrap();
    let cumulative = SdpaOptions {
        seq_len_q: None,
        cu_seq_len_q: Some(cu),
        ..options
    };
    check_refused(
        g.sdpa_forward(q, k, v, &cumulative),
        f,
        fp,
        None,
        "paged K/V without seq_len_q and seq_len_kv",
    );
}

/// FP8 forward: FP8 q, k, v with the factors, and the maxima it writes;
/// each refusal names the node and the tensor.
#[test]
fn fp8_attention_takes_its_factors_and_writes_the_maxima() {
    let mut g = Graph::new("fp8");
    let [q, k, v] = qkv(&mut g, E4M3);
    let f = "Graph::sdpa_forward";
    let n = "sdpa_forward \"sdpa_forward#0\"";
    let factors = fp8_factors(&mut g);
    let fp8 = |factors| SdpaOptions {
        fp8: Some(factors),
        ..SdpaOptions::default()
    };
    check_refused(
        g.sdpa_forward(q, k, v, &SdpaOptions::default()),
        f,
        n,
        Some("q"),
        "q of type FP8_E4M3; it takes HALF or BFLOAT16",
    );
    let [qb, kb, vb] = ["qb", "kb", "vb"].map(|n| g.tensor(n, &[2, 4, 128, 64], BF16).unwrap());
    check_refused(
        g.sdpa_forward(qb, kb, vb, &fp8(factors)),
        f,
        n,
        Some("qb"),
        "q of type BFLOAT16; it takes FP8_E4M3 or FP8_E5M2",
    );
    let k5 = g
        .tensor("k5", &[2, 4, 128, 64], cudnn::DType::FP8_E5M2)
        .unwrap();
    check_refused(
        g.sdpa_forward(q, k5, v, &fp8(factors)),
        f,
        n,
        Some("k5"),
        "another type than \"q\"",
    );
    let wide = g.tensor("wide", &[1, 1, 1, 2], F32).unwrap();
    let half = g.tensor("half", &[1, 1, 1, 1], F16).unwrap();
    let wide_k = SdpaFp8 {
        descale_k: wide,
        ..factors
    };
    check_refused(
        g.sdpa_forward(q, k, v, &fp8(wide_k)),
        f,
        n,
        Some("wide"),
        "dims [1, 1, 1, 2], but descale_k is a factor, [1, 1, 1, 1]",
    );
    let half_o = SdpaFp8 {
        scale_o: half,
        ..factors
    };
    check_refused(
        g.sdpa_forward(q, k, v, &fp8(half_o)),
        f,
        n,
        Some("half"),
        "scale_o of type HALF; it takes FLOAT",
    );
    let [o, d_o] = ["o", "do"].map(|n| g.tensor(n, &[2, 4, 128, 64], BF16).unwrap());
    let stats = g.tensor("stats", &[2, 4, 128, 1], F32).unwrap();
    let inputs = SdpaBackwardInputs {
        q: qb,
        k: kb,
        v: vb,
        o,
        d_o,
        stats,
    };
    check_refused(
        g.sdpa_backward(&inputs, &fp8(factors)),
        "Graph::sdpa_backward",
        "sdpa_backward \"sdpa_backward#0\"",
        None,
        "fp8 is an option of the forward",
    );
    // Without amax_s, the output's maximum alone, a real FLOAT tensor.
    let only_o = SdpaFp8 {
        amax_s: false,
        ..factors
    };
    let out = g.sdpa_forward(q, k, v, &fp8(only_o)).unwrap();
    let amax_o = out.amax_o.expect("the output's maximum");
    assert_eq!(out.amax_s, None);
    assert_eq!(g.tensor_name(amax_o).unwrap(), "sdpa_forward#0.amax_o");
    assert_eq!(g.dims(amax_o).unwrap(), [1, 1, 1, 1]);
    assert_eq!(amax_o.uid(), out.o.uid() + 2);
    let out = g.sdpa_forward(q, k, v, &fp8(factors)).unwrap();
    assert_eq!(out.amax_s.unwrap().uid(), out.amax_o.unwrap().uid() + 1);
    // Half-type attention writes no maxima.
    let plain = g.sdpa_forward(qb, kb, vb, &SdpaOptions::default()).unwrap();
    assert_eq!((plain.amax_o, plain.amax_s), (None, None));
}

#[test]
fn paged_attention_reads_containers_through_page_tables() {
    let mut g = Graph::new("paged");
    let ([q, k, v], options) = paged_inputs(&mut g);
    let out = g.sdpa_forward(q, k, v, &options).unwrap();
    // The output is [B, H_q, S_q, D_v] in q's layout; the containers' 8
    // pages are not a batch.
    assert_eq!(g.dims(out.o).unwrap(), [2, 4, 64, 64]);
    assert_eq!(g.strides(out.o).unwrap(), g.strides(q).unwrap());
    assert_eq!(out.stats, None);
    // o and the scale; no score subgraph.
    assert_eq!(g.tensor("next", &[1], F32).unwrap().uid(), out.o.uid() + 2);
    assert!(!g.key().contains("sub:in=t"), "{}", g.key());
    let paged = options.paged.unwrap();
    let [tk, tv] = [paged.page_table_k, paged.page_table_v].map(|t| t.uid());
    // The tables set to PAGE_TABLE_KDESC (2807) and PAGE_TABLE_VDESC
    // (2808).
    let key = g.key();
    assert!(
        key.contains(&format!("a2807=t{tk}")) && key.contains(&format!("a2808=t{tv}")),
        "{key}"
    );

    // Containers of other block sizes: 3 pages of 16 keys and 2 of 32
    // span S_kv = 48 each.
    let mut g = Graph::new("blocks");
    let q = g.tensor("q", &[1, 2, 8, 16], F16).unwrap();
    let k = g.tensor("k", &[5, 1, 16, 16], F16).unwrap();
    let v = g.tensor("v", &[3, 2, 32, 8], F16).unwrap();
    let tk = g.tensor("tk", &[1, 1, 3, 1], I32).unwrap();
    let tv = g.tensor("tv", &[1, 1, 2, 1], I32).unwrap();
    let lens = g.tensor("lens", &[1, 1, 1, 1], I64).unwrap();
    let options = SdpaOptions {
        seq_len_q: Some(lens),
        seq_len_kv: Some(lens),
        paged: Some(SdpaPagedKv {
            page_table_k: tk,
            page_table_v: tv,
        }),
        ..SdpaOptions::default()
    };
    let out = g.sdpa_forward(q, k, v, &options).unwrap();
    assert_eq!(g.dims(out.o).unwrap(), [1, 2, 8, 8]);
}

#[test]
fn paged_attention_refuses_what_does_not_fit() {
    let mut g = Graph::new("bad_paged");
    let ([q, k, v], good) = paged_inputs(&mut g);
    let f = "Graph::sdpa_forward";
    let n = "sdpa_forward \"sdpa_forward#0\"";
    let paged = good.paged.unwrap();
    let with_tables = |tk, tv| SdpaOptions {
        paged: Some(SdpaPagedKv {
            page_table_k: tk,
            page_table_v: tv,
        }),
        ..good.clone()
    };
    let (tk, tv) = (paged.page_table_k, paged.page_table_v);
    // The tables: INT32, [B, 1, blocks_per_seq, 1], spanning the same keys.
    let t64 = g.tensor("t64", &[2, 1, 4, 1], I64).unwrap();
    check_refused(
        g.sdpa_forward(q, k, v, &with_tables(t64, tv)),
        f,
        n,
        Some("t64"),
        "page_table_k of type INT64; it takes INT32",
    );
    for (name, dims) in [
        ("wide", [2, 1, 4, 2]),
        ("batch3", [3, 1, 4, 1]),
        ("heads", [2, 2, 4, 1]),
    ] {
        let t = g.tensor(name, &dims, I32).unwrap();
        check_refused(
            g.sdpa_forward(q, k, v, &with_tables(tk, t)),
            f,
            n,
            Some(name),
            "a page table is [B, 1, blocks_per_seq, 1] with B = 2",
        );
    }
    let short = g.tensor("short", &[2, 1, 3, 1], I32).unwrap();
    check_refused(
        g.sdpa_forward(q, k, v, &with_tables(tk, short)),
        f,
        n,
        Some("page_table_k"),
        "4 blocks per sequence of 32; the tables span S_kv = 96, which takes ceil(96 / 32) = 3",
    );
    let scalar = g.scalar("one", 1.0).unwrap();
    check_refused(
        g.sdpa_forward(q, k, v, &with_tables(scalar, tv)),
        f,
        n,
        Some("one"),
        "by-value scalar",
    );
    // The containers: q's type and head dim, heads that divide H_q.
    for (name, dims, dt, words) in [
        (
            "k_heads",
            [8, 3, 32, 64],
            BF16,
            "3 heads, which do not divide the 4 query heads",
        ),
        ("k_dim", [8, 2, 32, 32], BF16, "a head dim of 32"),
        ("k_half", [8, 2, 32, 64], F16, "another type than \"q\""),
        ("k_rank", [8, 2, 32, 64], BF16, ""),
    ] {
        let t = if name == "k_rank" {
            g.tensor(name, &[8, 2, 2048], dt).unwrap()
        } else {
            g.tensor(name, &dims, dt).unwrap()
        };
        let words = if words.is_empty() {
            "3 dimensions"
        } else {
            words
        };
        check_refused(g.sdpa_forward(q, t, v, &good), f, n, Some(name), words);
    }
    // The padding mask is required.
    let no_lengths = SdpaOptions {
        seq_len_kv: None,
        ..good.clone()
    };
    check_refused(
        g.sdpa_forward(q, k, v, &no_lengths),
        f,
        n,
        None,
        "paged K/V without seq_len_q and seq_len_kv",
    );
    // Not offered with a score modifier or dropout.
    let bias = g.tensor("bias", &[1, 4, 64, 128], BF16).unwrap();
    let seed = g.tensor("seed", &[1, 1, 1, 1], I64).unwrap();
    let cases = [
        (
            SdpaOptions {
                bias: Some(bias),
                ..good.clone()
            },
            "a bias",
        ),
        (
            SdpaOptions {
                causal: true,
                ..good.clone()
            },
            "a causal mask",
        ),
        (
            SdpaOptions {
                sliding_window: Some(8),
                ..good.clone()
            },
            "a sliding window",
        ),
        (
            SdpaOptions {
                dropout: Some(SdpaDropout {
                    probability: 0.1,
                    seed,
                    offset: seed,
                }),
                ..good.clone()
            },
            "dropout",
        ),
    ];
    for (o, what) in &cases {
        check_refused(
            g.sdpa_forward(q, k, v, o),
            f,
            n,
            None,
            &format!("paged K/V with {what}"),
        );
    }
    // The backward takes dense K/V.
    let stats = g.tensor("stats", &[2, 4, 64, 1], F32).unwrap();
    let inputs = SdpaBackwardInputs {
        q,
        k,
        v,
        o: q,
        d_o: q,
        stats,
    };
    check_refused(
        g.sdpa_backward(&inputs, &good),
        "Graph::sdpa_backward",
        "sdpa_backward \"sdpa_backward#0\"",
        None,
        "paged K/V is an option of the forward",
    );
    g.sdpa_forward(q, k, v, &good)
        .expect("the paged forward itself");
}

// ------------------------------------------------------------ library

fn h100() -> DeviceProperties {
    DeviceProperties::preset("h100-sxm").expect("the sm_90 preset")
}

#[test]
fn every_node_builds_on_cudnn_9_and_is_refused_where_too_old() {
    let Some(lib) = common::backend::graph_library() else {
        return;
    };
    let have = lib.version();
    for c in cases().into_iter().chain(option_cases()) {
        let r = c.graph.build_with(&lib, None);
        if have < c.since && COMPOSITE.contains(&c.name) {
            // Built as the composite graph (`graph_composite.rs`): cuDNN 8
            // finalizes it only with a handle.
            match r {
                Ok(g) if have.major >= 9 => assert!(g.engine_count().expect("count") > 0),
                Err(Error::InvalidArgument {
                    mismatch: Mismatch::Unsupported { what },
                    ..
                }) if have.major == 8 => assert!(what.contains("only with a handle"), "{what}"),
                other => panic!("{}: {:?}", c.name, other.map(|g| g.tensors().len())),
            }
            continue;
        }
        if have >= c.since {
            let built = r.unwrap_or_else(|e| panic!("{}: {e}", c.name));
            assert!(
                built.engine_count().expect("engine count") > 0,
                "{}",
                c.name
            );
            continue;
        }
        let r = refused(r);
        assert_eq!(r.function, "Graph::build_with", "{r:?}");
        assert_eq!(r.tensor, None, "{r:?}");
        let want = format!("needs cuDNN {} or later", c.since);
        assert!(r.what.contains(&want), "{}: {want:?} not in {r:?}", c.name);
        assert!(
            r.what.contains(&format!("the loaded one is {have}")),
            "{r:?}"
        );
        if c.name == "sdpa_forward_paged" {
            assert!(r.what.contains("SDPA_FWD_PAGE_TABLE_KDESC"), "{r:?}");
        }
    }
}

/// The forwards that a cuDNN without the unified SDPA operation (or
/// without an attribute they set) builds as the composite graph of
/// matmuls and a softmax.
const COMPOSITE: [&str; 2] = ["sdpa_forward", "sdpa_forward_padded_dropout"];

/// The library with cuBLASLt loaded, for heuristics; `None` (after the
/// checks of what it does instead) on cuDNN 8, a cuDNN 9 before 9.8 or one
/// without cuBLASLt.
fn heuristics_library() -> Option<Arc<Library>> {
    let lib = common::backend::graph_library()?;
    let v = lib.version();
    if (v.major, v.minor) < (9, 8) || !common::backend::load_cublaslt(&lib) {
        return None;
    }
    Some(lib)
}

/// A cuDNN 9.27 without precompiled engines (the JIT-only wheel of the
/// test matrix), whose heuristics offer no engine for the attention
/// backward.
fn jit_9_27(lib: &Library) -> bool {
    let v = lib.version();
    let precompiled = lib
        .sublibraries()
        .iter()
        .any(|s| s.name == "engines_precompiled" && s.present);
    (v.major, v.minor) == (9, 27) && !precompiled
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
    let built = |c: &Case| lib.version() >= c.since;
    for c in cases().into_iter().chain(option_cases()).filter(built) {
        let graph = c.graph.build_with(&lib, None).expect(c.name);
        // The built graph's key, made on demand, is the description's.
        assert_eq!(graph.key(), c.graph.key(), "{}", c.name);
        let r = graph.engine_configs(target, HeuristicMode::A, &EngineFilter::default());
        let want = c.engines && !(jit_9_27(&lib) && c.name.starts_with("sdpa_backward"));
        match (want, r) {
            (true, Ok(configs)) => assert!(!configs.is_empty(), "{}", c.name),
            (false, Err(Error::NoEngine { graph, reason })) => {
                assert_eq!(graph, c.name);
                assert!(reason.contains("mode A"), "{reason}");
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

// With NVIDIA's driver library and no GPU (as with a GPU), cuDNN 9.28
// finalizes these plans for a described H100; they round-trip through JSON.
#[test]
fn plans_finalize_with_the_driver_library_and_round_trip() {
    let Some(lib) = heuristics_library() else {
        return;
    };
    let device = h100();
    let target = Target::Device {
        library: &lib,
        device: &device,
    };
    for c in cases()
        .into_iter()
        .filter(|c| ["layer_norm", "sdpa_forward"].contains(&c.name))
    {
        let graph = c.graph.build_with(&lib, None).expect(c.name);
        let plans = graph
            .plans(target, &Settings::default())
            .unwrap_or_else(|e| panic!("{}: {e}", c.name));
        assert!(!plans.is_empty(), "{}", c.name);
        let json = plans[0].to_json().expect("json");
        let back = ExecutionPlan::from_json(&json, target).expect("from json");
        assert_eq!(back.to_json().expect("json"), json);
        assert_eq!(back.workspace_size(), plans[0].workspace_size());
        // Without runtime compilation nothing is left: every engine of
        // these nodes compiles its kernels.
        let aot = Settings {
            allow_runtime_compilation: false,
            ..Settings::default()
        };
        match graph.plans(target, &aot) {
            Err(Error::NoEngine { reason, .. }) => {
                assert!(reason.contains("runtime compilation"), "{reason}")
            }
            other => panic!("{}: {:?}", c.name, other.map(|p| p.len())),
        }
    }
}

// cuDNN 9.28 finalizes plans for a described H100 for the masks aligned
// bottom-right (with the node's dims as INT32 scalars, or its lengths)
// and for cumulative lengths; they round-trip through JSON, which names
// the same device-side indices as the graph (not the scalars).
#[test]
fn aligned_and_ragged_plans_finalize_and_round_trip() {
    let Some(lib) = heuristics_library() else {
        return;
    };
    let device = h100();
    let target = Target::Device {
        library: &lib,
        device: &device,
    };
    let names = [
        "sdpa_forward_decode_bottom_right",
        "sdpa_forward_prefill_bottom_right",
        "sdpa_forward_band_bottom_right",
        "sdpa_forward_ragged_causal",
        "sdpa_forward_fp8",
        "sdpa_forward_fp8_e5m2",
    ];
    let chosen = |c: &Case| names.contains(&c.name) && lib.version() >= c.since;
    let mut seen = 0;
    for c in option_cases().into_iter().filter(chosen) {
        let graph = c.graph.build_with(&lib, None).expect(c.name);
        let plans = graph
            .plans(target, &Settings::default())
            .unwrap_or_else(|e| panic!("{}: {e}", c.name));
        let json = plans[0].to_json().expect("json");
        let back = graph
            .plan_from_json(&json, target)
            .unwrap_or_else(|e| panic!("{}: {e}", c.name));
        assert_eq!(back.to_json().expect("json"), json);
        let index = |uids: Vec<(i64, bool)>| -> BTreeSet<i64> {
            uids.into_iter().filter(|t| t.1).map(|t| t.0).collect()
        };
        let read = index(
            back.tensors()
                .iter()
                .map(|t| (t.uid(), t.is_index()))
                .collect(),
        );
        let made = index(
            graph
                .tensors()
                .iter()
                .map(|t| (t.uid(), t.is_index()))
                .collect(),
        );
        assert_eq!(read, made, "{}", c.name);
        let lengths = c.name.contains("ragged") || c.name.contains("band");
        assert_eq!(made.len(), if lengths { 2 } else { 0 }, "{}", c.name);
        seen += 1;
    }
    assert_eq!(seen, names.len());
}

// cuDNN 9.28 finalizes plans of the backward with masks aligned
// bottom-right and with cumulative lengths, but the JSON it writes of
// them leaves out the backward's score subgraph (the masks): its
// operation graph is that of the backward without them (the engine's
// kernel parameters are not). `plan_from_json`'s check (which `PlanCache` runs on
// every plan it reads) compares it with its graph less the score
// subgraph, so it takes it for the graph it was made for, and for the
// maskless one alike (its docs). `ExecutionPlan::from_json` reads it.
/// The backward of `alignment_cases` (q, o, dO `[2, 4, 16, 64]`, k, v
/// `[2, 4, 128, 64]`) without score modifiers; with cumulative lengths
/// when `ragged`.
fn maskless_backward(lib: &Arc<Library>, ragged: bool) -> cudnn::graph::OperationGraph {
    let mut g = Graph::new("sdpa_backward_maskless");
    g.set_intermediate_type(BF16).unwrap();
    let [q, o, d_o] = ["q", "o", "do"].map(|n| g.tensor(n, &[2, 4, 16, 64], BF16).unwrap());
    let [k, v] = ["k", "v"].map(|n| g.tensor(n, &[2, 4, 128, 64], BF16).unwrap());
    let stats = g.tensor("stats", &[2, 4, 16, 1], F32).unwrap();
    let mut options = SdpaOptions::default();
    if ragged {
        options.cu_seq_len_q = Some(g.tensor("cu_seq_len_q", &[3, 1, 1, 1], I32).unwrap());
        options.cu_seq_len_kv = Some(g.tensor("cu_seq_len_kv", &[3, 1, 1, 1], I32).unwrap());
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
    for t in [grads.dq, grads.dk, grads.dv] {
        g.set_output(t, BF16).unwrap();
    }
    g.build_with(lib, None).expect("the maskless backward")
}

#[test]
fn backward_plans_with_masks_leave_the_subgraph_out_of_their_json() {
    let Some(lib) = heuristics_library() else {
        return;
    };
    let device = h100();
    let target = Target::Device {
        library: &lib,
        device: &device,
    };
    let names = ["sdpa_backward_bottom_right", "sdpa_backward_ragged"];
    let chosen = |c: &Case| names.contains(&c.name) && lib.version() >= c.since;
    let mut seen = 0;
    for c in option_cases().into_iter().filter(chosen) {
        let graph = c.graph.build_with(&lib, None).expect(c.name);
        let plans = graph
            .plans(target, &Settings::default())
            .unwrap_or_else(|e| panic!("{}: {e}", c.name));
        let json = plans[0].to_json().expect("json");
        let doc: serde_json::Value = serde_json::from_str(&json).expect("JSON");
        let node = &doc["operationGraph"]["nodes"][0];
        assert_eq!(
            node["operation"], "CUDNN_BACKEND_OPERATION_SDPA_BWD_DESCRIPTOR",
            "{}",
            c.name
        );
        assert!(node.get("subgraph").is_none(), "{}: {node}", c.name);
        graph
            .plan_from_json(&json, target)
            .unwrap_or_else(|e| panic!("{}: its own graph's plan: {e}", c.name));
        // Nothing of the masks is left in the operation graph of the
        // JSON: it is that of the same backward without them, so
        // `from_json` reads it (as cuDNN does) and the check takes it for
        // either graph.
        let maskless = maskless_backward(&lib, c.name.contains("ragged"));
        let plain = maskless.plans(target, &Settings::default()).expect("plans")[0]
            .to_json()
            .expect("json");
        let plain: serde_json::Value = serde_json::from_str(&plain).expect("JSON");
        assert_eq!(plain["operationGraph"], doc["operationGraph"], "{}", c.name);
        maskless
            .plan_from_json(&json, target)
            .expect("the maskless graph's plan");
        // The backward's cumulative lengths are device-side indices in
        // the plan read back, as in the graph.
        let back = ExecutionPlan::from_json(&json, target).expect("from json");
        let read: BTreeSet<i64> = back
            .tensors()
            .iter()
            .filter(|t| t.is_index())
            .map(|t| t.uid())
            .collect();
        let named = ["cuSeqLenQDesc", "cuSeqLenKVDesc"].map(|k| node.get(k).map(uid_of));
        let want: BTreeSet<i64> = named.into_iter().flatten().collect();
        assert_eq!(read, want, "{}", c.name);
        assert_eq!(want.len(), if c.name.contains("ragged") { 2 } else { 0 });
        seen += 1;
    }
    assert_eq!(seen, names.len());
}

// ------------------------------------------------------------ plan JSON

/// The keys under which cuDNN 9.28's plan JSON names the tensors each node
/// writes; for a forward normalization `Mean` and `InvVariance` are
/// written in training (`fmode` `CUDNN_NORM_FWD_TRAINING`) and read in
/// inference.
const OUTPUT_KEYS: &[(&str, &[&str])] = &[
    (
        "CUDNN_BACKEND_OPERATION_NORM_FORWARD_DESCRIPTOR",
        &[
            "Y",
            "Mean",
            "InvVariance",
            "OutRunningMean",
            "OutRunningVar",
        ],
    ),
    (
        "CUDNN_BACKEND_OPERATION_NORM_BACKWARD_DESCRIPTOR",
        &["DX", "DScale", "DBias"],
    ),
    (
        "CUDNN_BACKEND_OPERATION_SDPA_FWD_DESCRIPTOR",
        &["O", "stats"],
    ),
    (
        "CUDNN_BACKEND_OPERATION_SDPA_BWD_DESCRIPTOR",
        &["dQDesc", "dKDesc", "dVDesc"],
    ),
    ("CUDNN_BACKEND_OPERATION_ROPE_FWD_DESCRIPTOR", &["Y"]),
    ("CUDNN_BACKEND_OPERATION_ROPE_BWD_DESCRIPTOR", &["DX"]),
    ("CUDNN_BACKEND_OPERATION_POINTWISE_DESCRIPTOR", &["Y", "DX"]),
    // An SDPA forward's softmax, nested under its "softmax" (its `Y` is
    // virtual).
    (
        "CUDNN_BACKEND_OPERATION_SOFTMAX_DESCRIPTOR",
        &["Y", "statsDesc", "maxDesc", "sumExpDesc"],
    ),
];

fn uid_of(v: &serde_json::Value) -> i64 {
    v.as_str()
        .and_then(|s| s.parse().ok())
        .or_else(|| v.as_i64())
        .unwrap_or_else(|| panic!("{v} is not a uid"))
}

/// The uids a plan's nodes write, by [`OUTPUT_KEYS`]; an SDPA forward's
/// nested softmax's included.
fn written(graph: &serde_json::Value) -> BTreeSet<i64> {
    let mut out = BTreeSet::new();
    let nodes = graph["nodes"].as_array().expect("nodes");
    let nested = nodes.iter().filter_map(|n| n.get("softmax"));
    let all: Vec<&serde_json::Value> = nodes.iter().chain(nested).collect();
    for node in all {
        let op = node["operation"].as_str().expect("operation");
        let keys = OUTPUT_KEYS
            .iter()
            .find(|(o, _)| *o == op)
            .unwrap_or_else(|| panic!("{op} has no row"))
            .1;
        let inference = node["fmode"] == "CUDNN_NORM_FWD_INFERENCE";
        for key in keys {
            if inference && ["Mean", "InvVariance"].contains(key) {
                continue;
            }
            if let Some(v) = node.get(*key) {
                out.insert(uid_of(v));
            }
        }
    }
    out
}

#[test]
fn the_recorded_plan_json_names_each_nodes_outputs() {
    let text = std::fs::read_to_string(FIXTURE).expect("the recorded plans");
    let recorded: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let recorded = recorded.as_object().expect("an object of plans");
    let mut seen = 0;
    for c in cases() {
        let Some(plan) = recorded.get(c.name) else {
            assert!(!c.engines, "{} has engines but no recorded plan", c.name);
            continue;
        };
        seen += 1;
        assert_eq!(plan["cudnnVersion"], 92800, "{}", c.name);
        let graph = &plan["operationGraph"];
        let top: BTreeSet<i64> = graph["tensors"]
            .as_array()
            .expect("tensors")
            .iter()
            .filter(|t| t["isVirtual"] == false)
            .map(|t| uid_of(&t["name"]))
            .collect();
        let virtual_uids: BTreeSet<i64> = graph["tensors"]
            .as_array()
            .expect("tensors")
            .iter()
            .filter(|t| t["isVirtual"] == true)
            .map(|t| uid_of(&t["name"]))
            .collect();
        let written: BTreeSet<i64> = written(graph).difference(&virtual_uids).copied().collect();
        let outputs: BTreeSet<i64> = c.outputs.iter().map(|t| t.uid()).collect();
        assert_eq!(written, outputs, "{}", c.name);
        assert!(written.is_subset(&top), "{}", c.name);
        // A score subgraph's tensors (the bias, the masks' scalars) are
        // listed in the node's "subgraph", not with the graph's tensors.
        if c.name == "sdpa_forward_masked" {
            let node = &graph["nodes"][0];
            let sub: BTreeSet<i64> = node["subgraph"]["tensors"]
                .as_array()
                .expect("subgraph tensors")
                .iter()
                .filter(|t| t["isVirtual"] == false)
                .map(|t| uid_of(&t["name"]))
                .collect();
            assert_eq!(sub.len(), 4, "the bias and 3 scalars: {sub:?}");
            assert!(sub.is_disjoint(&top), "{sub:?} {top:?}");
            assert!(node.get("subgraphInputUid").is_some(), "{node}");
        }
    }
    assert_eq!(seen, cases().iter().filter(|c| c.engines).count());
}

/// Records `tests/data/norm-attention-plans-sm90.json`: the first plan of
/// each case with engines, for the sm_90 preset, as cuDNN's JSON without
/// the engine's payload (its cuDNN version and operation graph). Needs a
/// CUDA driver (plans load their kernels).
#[test]
#[ignore = "records the plan JSON fixture; needs a CUDA driver"]
fn record_plan_json() {
    let lib = heuristics_library().expect("cuDNN 9 with cuBLASLt");
    let device = h100();
    let mut out = serde_json::Map::new();
    for c in cases().into_iter().filter(|c| c.engines) {
        let graph = c.graph.build_with(&lib, None).expect(c.name);
        let plans = graph
            .plans(
                Target::Device {
                    library: &lib,
                    device: &device,
                },
                &Settings::default(),
            )
            .unwrap_or_else(|e| panic!("{}: {e}", c.name));
        let json = plans[0].to_json().expect("json");
        let plan: serde_json::Value = serde_json::from_str(&json).expect("plan JSON");
        // The engine's payload (its kernels) is left out.
        let kept: serde_json::Map<String, serde_json::Value> =
            ["cudnnVersion", "schemaVersion", "operationGraph"]
                .iter()
                .map(|k| (k.to_string(), plan[*k].clone()))
                .collect();
        out.insert(c.name.to_string(), serde_json::Value::Object(kept));
    }
    let text = serde_json::to_string_pretty(&serde_json::Value::Object(out)).expect("text");
    std::fs::write(FIXTURE, text + "\n").expect("write");
}
