//! The graph builder (`cudnn::graph::Graph`): its checks, which need no
//! cuDNN (every refusal names the node and the tensor at fault), and its
//! builds against the real library: a convolution forward, conv + bias +
//! ReLU, the data and filter gradients, matmul + bias + GELU and a
//! reduction become backend descriptors and a finalized operation graph on
//! cuDNN 9 (with NVIDIA's libcuda, no GPU, loaded by `common::driver` on Linux);
//! on cuDNN 8 the operations are built and finalized and the graph is
//! refused, with a typed error, for want of a handle. No kernel runs: no
//! GPU, no handle, no execution plan.

mod common;

use std::sync::Arc;

use cudnn::graph::{
    ConvOptions, DType as Dt, Graph, OperationGraph, PointwiseMode as Pw, ScalarValue, TensorId,
};
use cudnn::ops::ReduceTensorOp as Red;
use cudnn::{Error, Library, Mismatch};

use common::refusal::{assert_refusal, refused};

const F32: Dt = Dt::FLOAT;
const F16: Dt = Dt::HALF;

/// x `[1, 3, 8, 8]`, w `[4, 3, 3, 3]`, y = conv(x, w) padded 1: uids 1, 2, 3.
fn conv_graph(name: &str) -> (Graph, TensorId) {
    let mut g = Graph::new(name);
    let x = g.tensor("x", &[1, 3, 8, 8], F32).unwrap();
    let w = g.tensor("w", &[4, 3, 3, 3], F32).unwrap();
    let y = g
        .conv_fprop(x, w, &ConvOptions::new(2).padding(&[1, 1]))
        .unwrap();
    g.set_output(y, F32).unwrap();
    (g, y)
}

/// conv → add bias `[1, 4, 1, 1]` → ReLU, the ReLU's output set.
fn conv_bias_relu(name: &str) -> Graph {
    let mut g = Graph::new(name);
    let x = g.tensor("x", &[1, 3, 8, 8], F32).unwrap();
    let w = g.tensor("w", &[4, 3, 3, 3], F32).unwrap();
    let b = g.tensor("b", &[1, 4, 1, 1], F32).unwrap();
    let y = g
        .conv_fprop(x, w, &ConvOptions::new(2).padding(&[1, 1]))
        .unwrap();
    let y = g.bias(y, b).unwrap();
    let y = g.relu(y).unwrap();
    g.set_output(y, F32).unwrap();
    g
}

// ---------------------------------------------------------------- tensors

#[test]
fn tensors_get_uids_in_creation_order_and_packed_strides() {
    let mut g = Graph::new("t");
    let a = g.tensor("a", &[2, 3, 4], F32).unwrap();
    let b = g
        .tensor_with_strides("b", &[2, 3, 4], &[1, 2, 6], F16)
        .unwrap();
    let s = g.scalar("s", 0.5).unwrap();
    assert_eq!((a.uid(), b.uid(), s.uid()), (1, 2, 3));
    assert_eq!(g.strides(a).unwrap(), [12, 4, 1]);
    assert_eq!(g.strides(b).unwrap(), [1, 2, 6]);
    assert_eq!(g.tensor_name(b).unwrap(), "b");
    // A scalar has no dims until a pointwise operation gives it its rank.
    assert!(g.dims(s).unwrap().is_empty());
    let y = g.scale(a, s).unwrap();
    assert_eq!(y.uid(), 4);
    assert_eq!(g.dims(s).unwrap(), [1, 1, 1]);
    assert_eq!(g.tensor_name(y).unwrap(), "mul#0.y");
    // The output follows its first input's layout.
    let z = g.add(b, a).unwrap();
    assert_eq!(g.strides(z).unwrap(), [1, 2, 6]);
    assert_eq!(
        (g.intermediate_type(), g.compute_type(), g.name()),
        (F32, F32, "t")
    );
}

#[test]
fn a_tensor_with_a_bad_layout_or_type_is_refused_by_name() {
    let mut g = Graph::new("t");
    g.tensor("a", &[2, 2], F32).unwrap();
    let cases: [(cudnn::Result<TensorId>, &str, &str); 9] = [
        (
            g.tensor("a", &[1], F32),
            "Graph::tensor",
            "has a tensor named \"a\"",
        ),
        (
            g.tensor("z", &[2, 0, 3], F32),
            "Graph::tensor",
            "dimension 1 is 0",
        ),
        (g.tensor("z", &[], F32), "Graph::tensor", "0 dimensions"),
        (g.tensor("z", &[1; 9], F32), "Graph::tensor", "9 dimensions"),
        (
            g.tensor("z", &[1 << 32, 1 << 32], F32),
            "Graph::tensor",
            "overflows",
        ),
        (
            g.tensor_with_strides("z", &[2, 3], &[3], F32),
            "Graph::tensor_with_strides",
            "1 strides for 2",
        ),
        (
            g.tensor_with_strides("z", &[2, 3], &[3, 0], F32),
            "Graph::tensor_with_strides",
            "stride 1 is 0",
        ),
        (
            g.tensor_with_strides("z", &[2, 3], &[2, 1], F32),
            "Graph::tensor_with_strides",
            "one address",
        ),
        (
            g.tensor("z", &[2], Dt::INT8x4),
            "Graph::tensor",
            "not a data type",
        ),
    ];
    for (r, function, words) in cases {
        let r = refused(r);
        let name = r.tensor.clone().unwrap();
        assert_refusal(
            &r,
            function,
            &format!("tensor \"{name}\""),
            Some(&name),
            words,
        );
    }
    let r = refused(g.scalar("a", 1.0));
    assert_refusal(&r, "Graph::scalar", "tensor \"a\"", Some("a"), "already");
    // Nothing was added by the refusals.
    let next = g.tensor("b", &[1], F32).unwrap();
    assert_eq!(next.uid(), 2);
}

#[test]
fn the_graph_types_are_checked() {
    let mut g = Graph::new("types");
    g.set_intermediate_type(F16).unwrap();
    g.set_compute_type(Dt::DOUBLE).unwrap();
    assert_eq!((g.intermediate_type(), g.compute_type()), (F16, Dt::DOUBLE));
    let r = refused(g.set_intermediate_type(Dt::UINT8x4));
    assert_refusal(
        &r,
        "Graph::set_intermediate_type",
        "graph \"types\"",
        None,
        "not a data type",
    );
    let r = refused(g.set_compute_type(Dt::INT8));
    assert_refusal(
        &r,
        "Graph::set_compute_type",
        "graph \"types\"",
        None,
        "not a compute type",
    );
    assert_eq!(g.intermediate_type(), F16);
}

// ---------------------------------------------------------- convolutions

#[test]
fn conv_dims_follow_the_forward_rule_with_groups_strides_and_dilation() {
    let mut g = Graph::new("conv");
    let x = g.tensor("x", &[2, 6, 9, 9], F32).unwrap();
    let w = g.tensor("w", &[4, 3, 3, 3], F32).unwrap();
    let o = ConvOptions::new(2).stride(&[2, 2]).dilation(&[2, 1]);
    let y = g.conv_fprop(x, w, &o).unwrap();
    // groups 2; (9 - 2*2 - 1)/2 + 1 = 3 and (9 - 2 - 1)/2 + 1 = 4.
    assert_eq!(g.dims(y).unwrap(), [2, 4, 3, 4]);
    assert_eq!(g.tensor_name(y).unwrap(), "conv_fprop#0.y");
    // An NHWC input gives an NHWC output.
    let xn = g
        .tensor_with_strides("xn", &[1, 3, 4, 4], &[48, 1, 12, 3], F32)
        .unwrap();
    let wn = g.tensor("wn", &[8, 3, 1, 1], F32).unwrap();
    let yn = g.conv_fprop(xn, wn, &ConvOptions::default()).unwrap();
    assert_eq!(g.strides(yn).unwrap(), [128, 1, 32, 8]);
    // 1-d and 3-d.
    let x1 = g.tensor("x1", &[1, 2, 10], F32).unwrap();
    let w1 = g.tensor("w1", &[3, 2, 3], F32).unwrap();
    let y1 = g.conv_fprop(x1, w1, &ConvOptions::new(1)).unwrap();
    assert_eq!(g.dims(y1).unwrap(), [1, 3, 8]);
    let x3 = g.tensor("x3", &[1, 1, 4, 4, 4], F32).unwrap();
    let w3 = g.tensor("w3", &[1, 1, 2, 2, 2], F32).unwrap();
    let y3 = g.conv_fprop(x3, w3, &ConvOptions::new(3)).unwrap();
    assert_eq!(g.dims(y3).unwrap(), [1, 1, 3, 3, 3]);
}

#[test]
fn conv_refusals_name_the_node_and_the_tensor() {
    let mut g = Graph::new("conv");
    let x = g.tensor("x", &[1, 6, 8, 8], F32).unwrap();
    let x2 = g.tensor("x2", &[1, 6], F32).unwrap();
    let w = g.tensor("w", &[4, 3, 3, 3], F32).unwrap();
    let w4 = g.tensor("w4", &[4, 4, 3, 3], F32).unwrap();
    let w5 = g.tensor("w5", &[5, 3, 3, 3], F32).unwrap();
    let w1d = g.tensor("w1d", &[4, 3, 3], F32).unwrap();
    let big = g.tensor("big", &[4, 3, 11, 11], F32).unwrap();
    let s = g.scalar("s", 2.0).unwrap();
    let node = "conv_fprop \"conv_fprop#0\"";
    let f = "Graph::conv_fprop";
    let o = ConvOptions::default();

    let r = refused(g.conv_fprop(x2, w, &o));
    assert_refusal(
        &r,
        f,
        node,
        Some("x2"),
        "2 dimensions; a convolution takes 3 to 5",
    );
    let r = refused(g.conv_fprop(x, w1d, &o));
    assert_refusal(&r, f, node, Some("w1d"), "the filter has 3 dimensions");
    let r = refused(g.conv_fprop(x, w4, &o));
    assert_refusal(&r, f, node, Some("w4"), "do not divide the 6 channels");
    let r = refused(g.conv_fprop(x, w5, &o));
    assert_refusal(
        &r,
        f,
        node,
        Some("w5"),
        "5 output channels do not split into 2 groups",
    );
    let r = refused(g.conv_fprop(x, big, &o));
    assert_refusal(&r, f, node, Some("big"), "the output would be empty");
    let r = refused(g.conv_fprop(x, w, &ConvOptions::new(3)));
    assert_refusal(&r, f, node, None, "3 values for 2 spatial dimensions");
    let r = refused(g.conv_fprop(x, w, &ConvOptions::new(2).stride(&[1, 0])));
    assert_refusal(&r, f, node, None, "each is at least 1");
    let r = refused(g.conv_fprop(x, w, &ConvOptions::new(2).padding(&[-1, 0])));
    assert_refusal(&r, f, node, None, "each is at least 0");
    let r = refused(g.conv_fprop(s, w, &o));
    assert_refusal(&r, f, node, Some("s"), "pointwise operations only");
    // The refusals added nothing: the next operation is still #0.
    let y = g.conv_fprop(x, w, &o).unwrap();
    assert_eq!(g.tensor_name(y).unwrap(), "conv_fprop#0.y");
}

#[test]
fn gradient_dims_must_agree_with_the_forward_rule() {
    let mut g = Graph::new("grads");
    let dy = g.tensor("dy", &[2, 4, 8, 8], F32).unwrap();
    let w = g.tensor("w", &[4, 3, 3, 3], F32).unwrap();
    let x = g.tensor("x", &[2, 3, 8, 8], F32).unwrap();
    let o = ConvOptions::new(2).padding(&[1, 1]);

    let r = refused(g.conv_dgrad(dy, w, &o, &[2, 3, 9, 9]));
    assert_refusal(
        &r,
        "Graph::conv_dgrad",
        "conv_dgrad \"conv_dgrad#0\"",
        Some("dy"),
        "but the forward rule for dx and w gives [2, 4, 9, 9]",
    );
    let r = refused(g.conv_dgrad(dy, w, &o, &[2, 5, 8, 8]));
    assert_refusal(
        &r,
        "Graph::conv_dgrad",
        "conv_dgrad \"conv_dgrad#0\"",
        Some("w"),
        "do not divide",
    );
    let r = refused(g.conv_dgrad(dy, w, &o, &[2, 3, 0, 8]));
    assert_refusal(
        &r,
        "Graph::conv_dgrad",
        "conv_dgrad \"conv_dgrad#0\"",
        Some("conv_dgrad#0.dx"),
        "dimension 2 is 0",
    );
    let r = refused(g.conv_wgrad(x, dy, &o, &[4, 3, 5, 5]));
    assert_refusal(
        &r,
        "Graph::conv_wgrad",
        "conv_wgrad \"conv_wgrad#0\"",
        Some("dy"),
        "but the forward rule for x and dw gives [2, 4, 6, 6]",
    );
    let r = refused(g.conv_wgrad(x, dy, &o, &[4, 3, 3]));
    assert_refusal(
        &r,
        "Graph::conv_wgrad",
        "conv_wgrad \"conv_wgrad#0\"",
        Some("conv_wgrad#0.dw"),
        "the filter has 3 dimensions",
    );

    let dx = g.conv_dgrad(dy, w, &o, &[2, 3, 8, 8]).unwrap();
    assert_eq!(g.tensor_name(dx).unwrap(), "conv_dgrad#0.dx");
    let dw = g.conv_wgrad(x, dy, &o, &[4, 3, 3, 3]).unwrap();
    assert_eq!(g.dims(dw).unwrap(), [4, 3, 3, 3]);
    assert_eq!(g.tensor_name(dw).unwrap(), "conv_wgrad#1.dw");
}

// ------------------------------------------------------------- pointwise

#[test]
fn pointwise_arity_and_broadcast_are_checked() {
    let mut g = Graph::new("pw");
    let a = g.tensor("a", &[2, 3, 4], F32).unwrap();
    let b = g.tensor("b", &[1, 3, 1], F32).unwrap();
    let c = g.tensor("c", &[2, 2, 4], F32).unwrap();
    let d = g.tensor("d", &[3, 4], F32).unwrap();

    let r = refused(g.pointwise(Pw::ADD, &[a]));
    assert_refusal(
        &r,
        "Graph::pointwise",
        "pointwise \"add#0\"",
        None,
        "add is binary: 2 inputs, not 1",
    );
    let r = refused(g.pointwise(Pw::RELU_FWD, &[a, b]));
    assert_refusal(
        &r,
        "Graph::pointwise",
        "pointwise \"relu#0\"",
        None,
        "unary: 1 inputs, not 2",
    );
    let r = refused(g.pointwise(Pw::BINARY_SELECT, &[a, b]));
    assert_refusal(
        &r,
        "Graph::pointwise",
        "pointwise \"binary_select#0\"",
        None,
        "ternary",
    );
    let r = refused(g.pointwise(Pw::RELU_BWD, &[a]));
    assert_refusal(
        &r,
        "Graph::pointwise",
        "pointwise \"relu_bwd#0\"",
        None,
        "(dy, x)",
    );
    let r = refused(g.pointwise(Pw::GEN_INDEX, &[a]));
    assert_refusal(
        &r,
        "Graph::pointwise",
        "pointwise \"pointwise#0\"",
        None,
        "needs an axis",
    );
    let r = refused(g.add(a, c));
    assert_refusal(
        &r,
        "Graph::add",
        "pointwise \"add#0\"",
        Some("c"),
        "do not broadcast to [2, 3, 4]",
    );
    let r = refused(g.mul(a, d));
    assert_refusal(
        &r,
        "Graph::mul",
        "pointwise \"mul#0\"",
        Some("d"),
        "one rank",
    );

    let y = g.bias(a, b).unwrap();
    assert_eq!(g.dims(y).unwrap(), [2, 3, 4]);
    let y2 = g.add(b, a).unwrap();
    assert_eq!(g.dims(y2).unwrap(), [2, 3, 4]);
    let sel = g.pointwise(Pw::BINARY_SELECT, &[y, y2, a]).unwrap();
    let dx = g.pointwise(Pw::RELU_BWD, &[sel, a]).unwrap();
    assert_eq!(g.tensor_name(dx).unwrap(), "relu_bwd#3.dx");
    for (i, t) in [
        g.gelu(dx).unwrap(),
        g.silu(dx).unwrap(),
        g.sigmoid(dx).unwrap(),
        g.tanh(dx).unwrap(),
        g.relu(dx).unwrap(),
    ]
    .into_iter()
    .enumerate()
    {
        let name = [
            "gelu#4.y",
            "swish#5.y",
            "sigmoid#6.y",
            "tanh#7.y",
            "relu#8.y",
        ][i];
        assert_eq!(g.tensor_name(t).unwrap(), name);
    }
}

#[test]
fn a_scalar_takes_its_first_operations_rank_and_keeps_it() {
    let mut g = Graph::new("scalars");
    let a = g.tensor("a", &[2, 3], F32).unwrap();
    let b = g.tensor("b", &[2, 3, 4], F32).unwrap();
    let s = g.scalar("s", 3.0).unwrap();
    let t = g.scalar("t", 1.0).unwrap();
    let r = refused(g.mul(s, t));
    assert_refusal(
        &r,
        "Graph::mul",
        "pointwise \"mul#0\"",
        Some("s"),
        "no shape",
    );
    let y = g.scale(a, s).unwrap();
    assert_eq!(g.dims(y).unwrap(), [2, 3]);
    let r = refused(g.scale(b, s));
    assert_refusal(
        &r,
        "Graph::scale",
        "pointwise \"mul#1\"",
        Some("s"),
        "one rank",
    );
    let r = refused(g.matmul(s, a));
    assert_refusal(
        &r,
        "Graph::matmul",
        "matmul \"matmul#1\"",
        Some("s"),
        "pointwise operations only",
    );
}

// ------------------------------------------------------ matmul, reduction

#[test]
fn matmul_dims_and_refusals() {
    let mut g = Graph::new("mm");
    let a = g.tensor("a", &[4, 2, 3], F32).unwrap();
    let b = g.tensor("b", &[1, 3, 5], F32).unwrap();
    let b_bad = g.tensor("b_bad", &[4, 4, 5], F32).unwrap();
    let b_batch = g.tensor("b_batch", &[3, 3, 5], F32).unwrap();
    let b2 = g.tensor("b2", &[3, 5], F32).unwrap();
    let v = g.tensor("v", &[3], F32).unwrap();
    let f = "Graph::matmul";
    let node = "matmul \"matmul#0\"";
    let r = refused(g.matmul(a, b_bad));
    assert_refusal(
        &r,
        f,
        node,
        Some("b_bad"),
        "4 rows, but \"a\" has 3 columns",
    );
    let r = refused(g.matmul(a, b_batch));
    assert_refusal(&r, f, node, Some("b_batch"), "batch dimension 0 is 3");
    let r = refused(g.matmul(a, b2));
    assert_refusal(&r, f, node, Some("b2"), "one rank");
    let r = refused(g.matmul(v, b2));
    assert_refusal(&r, f, node, Some("v"), "at least 2");
    let c = g.matmul(a, b).unwrap();
    assert_eq!(g.dims(c).unwrap(), [4, 2, 5]);
    assert_eq!(g.strides(c).unwrap(), [10, 5, 1]);
    assert_eq!(g.tensor_name(c).unwrap(), "matmul#0.c");
}

#[test]
fn reduction_dims_and_refusals() {
    let mut g = Graph::new("red");
    let x = g.tensor("x", &[2, 3, 4], F32).unwrap();
    let f = "Graph::reduction";
    let node = "reduction \"reduction#0\"";
    let r = refused(g.reduction(Red::ADD, x, &[2, 2, 1]));
    assert_refusal(&r, f, node, Some("x"), "output dimension 1 is 2");
    let r = refused(g.reduction(Red::ADD, x, &[2, 1]));
    assert_refusal(&r, f, node, Some("x"), "keeps the rank");
    let r = refused(g.reduction(cudnn::sys::cudnnReduceTensorOp_t(99), x, &[2, 1, 1]));
    assert_refusal(&r, f, node, None, "not one cuDNN has");
    let y = g.reduction(Red::MAX, x, &[2, 1, 1]).unwrap();
    assert_eq!(g.dims(y).unwrap(), [2, 1, 1]);
}

// ------------------------------------------- ids, outputs, whole graph

#[test]
fn a_tensor_of_another_graph_is_refused() {
    let mut g = Graph::new("one");
    let mut other = Graph::new("two");
    let x = g.tensor("x", &[2, 2], F32).unwrap();
    let foreign = other.tensor("x", &[2, 2], F32).unwrap();
    assert_ne!(x, foreign);
    assert_eq!(x.uid(), foreign.uid());
    let r = refused(g.add(x, foreign));
    assert_eq!(r.node, "pointwise \"add#0\"");
    assert!(
        r.tensor.as_deref().unwrap().contains("uid 1 of graph #"),
        "{r:?}"
    );
    assert!(r.what.contains("made by another graph"), "{r:?}");
    let r = refused(g.set_output(foreign, F32));
    assert_refusal(
        &r,
        "Graph::set_output",
        "graph \"one\"",
        r.tensor.as_deref(),
        "another graph",
    );
    let r = refused(g.dims(foreign));
    assert_eq!(r.function, "Graph::dims");
}

#[test]
fn set_output_takes_an_operation_output_once() {
    let mut g = Graph::new("out");
    let x = g.tensor("x", &[2, 2], F32).unwrap();
    let y = g.relu(x).unwrap();
    let f = "Graph::set_output";
    let r = refused(g.set_output(x, F32));
    assert_refusal(
        &r,
        f,
        "tensor \"x\"",
        Some("x"),
        "not an operation's output",
    );
    let r = refused(g.set_output(y, Dt::INT8x32));
    assert_refusal(
        &r,
        f,
        "pointwise \"relu#0\"",
        Some("relu#0.y"),
        "not a data type",
    );
    g.set_output(y, F16).unwrap();
    let r = refused(g.set_output(y, F16));
    assert_refusal(
        &r,
        f,
        "pointwise \"relu#0\"",
        Some("relu#0.y"),
        "made an output already",
    );
    g.rename(y, "out").unwrap();
    assert_eq!(g.tensor_name(y).unwrap(), "out");
    let r = refused(g.rename(y, "x"));
    assert_refusal(&r, "Graph::rename", "tensor \"x\"", Some("x"), "already");
}

#[test]
fn whole_graph_checks_come_before_cudnn() {
    let g = Graph::new("empty");
    let r = refused(g.build());
    assert_refusal(&r, "Graph::build", "graph \"empty\"", None, "no operation");

    let mut g = Graph::new("dangling");
    let x = g.tensor("x", &[2, 2], F32).unwrap();
    let y = g.relu(x).unwrap();
    g.sigmoid(y).unwrap();
    let r = refused(g.build());
    assert_refusal(
        &r,
        "Graph::build",
        "pointwise \"sigmoid#1\"",
        Some("sigmoid#1.y"),
        "no operation consumes",
    );

    let mut g = Graph::new("unused");
    let x = g.tensor("x", &[2, 2], F32).unwrap();
    g.tensor("spare", &[2, 2], F32).unwrap();
    let y = g.relu(x).unwrap();
    g.set_output(y, F32).unwrap();
    let r = refused(g.build());
    assert_refusal(
        &r,
        "Graph::build",
        "tensor \"spare\"",
        Some("spare"),
        "no operation uses",
    );
}

#[test]
fn keys_are_equal_for_equal_graphs_and_differ_otherwise() {
    let (a, _) = conv_graph("a");
    let (b, _) = conv_graph("b");
    assert_eq!(a.key(), b.key(), "names are not part of the key");
    assert!(
        a.key().contains("|conv_fprop[") && a.key().contains("=t1,") && a.key().contains("=[1, 1]"),
        "{}",
        a.key()
    );

    let mut c = Graph::new("c");
    let x = c.tensor("x", &[1, 3, 8, 8], F32).unwrap();
    let w = c.tensor("w", &[4, 3, 3, 3], F32).unwrap();
    let y = c.conv_fprop(x, w, &ConvOptions::new(2)).unwrap();
    c.set_output(y, F32).unwrap();
    assert_ne!(a.key(), c.key(), "padding differs");

    let (mut d, y) = conv_graph("d");
    d.rename(y, "renamed").unwrap();
    assert_eq!(a.key(), d.key());
    d.set_compute_type(Dt::HALF).unwrap();
    assert_ne!(a.key(), d.key(), "compute type differs");

    let mut e = Graph::new("e");
    let x = e.tensor("x", &[1, 3, 8, 8], F16).unwrap();
    let w = e.tensor("w", &[4, 3, 3, 3], F16).unwrap();
    let y = e
        .conv_fprop(x, w, &ConvOptions::new(2).padding(&[1, 1]))
        .unwrap();
    e.set_output(y, F32).unwrap();
    assert_ne!(a.key(), e.key(), "a data type differs");
    assert_ne!(conv_bias_relu("f").key(), a.key());
    assert_eq!(conv_bias_relu("f").key(), conv_bias_relu("g").key());
}

// ----------------------------------------------- against the real library

/// Builds `g` with `lib`: on cuDNN 9 the finalized graph; on cuDNN 8
/// (no handle without a GPU) the typed refusal is checked, after the
/// operations were built, and `None` comes back.
fn build(g: &Graph, lib: &Arc<Library>) -> Option<OperationGraph> {
    let r = g.build_with(lib, None);
    if lib.version().major >= 9 {
        let op = r.unwrap_or_else(|e| panic!("graph {}: {e}", g.name()));
        // The key, made on demand from the built graph, is the description's.
        assert_eq!(op.key(), g.key(), "graph {}", g.name());
        return Some(op);
    }
    match r {
        Err(Error::InvalidArgument {
            function,
            mismatch: Mismatch::Unsupported { what },
        }) => {
            assert_eq!(
                function,
                "cudnnBackendFinalize(CUDNN_BACKEND_OPERATIONGRAPH_DESCRIPTOR)"
            );
            assert!(what.contains("only with a handle"), "{what}");
            None
        }
        other => panic!(
            "graph {}: expected cuDNN 8's refusal, got {other:?}",
            g.name()
        ),
    }
}

/// The graph offers engines (each graph here has some on 9.28).
fn assert_engines(op: &OperationGraph) {
    let n = op.engine_count().expect("engine count");
    assert!(n > 0, "{}: {n} engines", op.name());
}

#[test]
fn conv_fprop_builds_an_operation_graph() {
    let Some(lib) = common::backend::graph_library() else {
        return;
    };
    let (g, y) = conv_graph("fprop");
    let Some(op) = build(&g, &lib) else { return };
    assert_engines(&op);
    assert_eq!(op.name(), "fprop");
    assert_eq!(op.key(), g.key());
    assert!(Arc::ptr_eq(op.library(), &lib));
    let uids: Vec<i64> = op.tensors().iter().map(|t| t.uid()).collect();
    assert_eq!(uids, [1, 2, 3]);
    let t = op.tensor(y).expect("y");
    assert_eq!(
        (t.name(), t.dims(), t.strides()),
        ("conv_fprop#0.y", &[1, 4, 8, 8][..], &[256, 64, 8, 1][..])
    );
    assert!(!t.is_virtual() && t.by_value().is_none() && t.data_type() == F32);
    // A TensorId of another graph is not found here.
    let (_, other_y) = conv_graph("other");
    assert!(op.tensor(other_y).is_none());
}

#[test]
fn conv_bias_relu_builds_with_virtual_intermediates() {
    let Some(lib) = common::backend::graph_library() else {
        return;
    };
    let g = conv_bias_relu("cbr");
    let Some(op) = build(&g, &lib) else { return };
    assert_engines(&op);
    let v: Vec<(i64, &str, bool)> = op
        .tensors()
        .iter()
        .map(|t| (t.uid(), t.name(), t.is_virtual()))
        .collect();
    assert_eq!(
        v,
        [
            (1, "x", false),
            (2, "w", false),
            (3, "b", false),
            (4, "conv_fprop#0.y", true),
            (5, "add#1.y", true),
            (6, "relu#2.y", false),
        ]
    );
}

#[test]
fn conv_dgrad_and_wgrad_build() {
    let Some(lib) = common::backend::graph_library() else {
        return;
    };
    let o = ConvOptions::new(2).padding(&[1, 1]);
    let mut g = Graph::new("dgrad");
    let dy = g.tensor("dy", &[2, 4, 8, 8], F32).unwrap();
    let w = g.tensor("w", &[4, 3, 3, 3], F32).unwrap();
    let dx = g.conv_dgrad(dy, w, &o, &[2, 3, 8, 8]).unwrap();
    g.set_output(dx, F32).unwrap();
    if let Some(op) = build(&g, &lib) {
        assert_engines(&op);
        assert_eq!(op.tensor(dx).unwrap().dims(), [2, 3, 8, 8]);
    }

    let mut g = Graph::new("wgrad");
    let x = g.tensor("x", &[2, 3, 8, 8], F32).unwrap();
    let dy = g.tensor("dy", &[2, 4, 8, 8], F32).unwrap();
    let dw = g.conv_wgrad(x, dy, &o, &[4, 3, 3, 3]).unwrap();
    g.set_output(dw, F32).unwrap();
    if let Some(op) = build(&g, &lib) {
        assert_engines(&op);
        assert_eq!(op.tensor(dw).unwrap().uid(), 3);
    }
}

#[test]
fn matmul_scale_bias_gelu_builds() {
    let Some(lib) = common::backend::graph_library() else {
        return;
    };
    let mut g = Graph::new("mm_bias_gelu");
    let a = g.tensor("a", &[1, 16, 32], F32).unwrap();
    let b = g.tensor("b", &[1, 32, 8], F32).unwrap();
    let bias = g.tensor("bias", &[1, 1, 8], F32).unwrap();
    let alpha = g.scalar("alpha", 0.5).unwrap();
    let c = g.matmul(a, b).unwrap();
    let c = g.scale(c, alpha).unwrap();
    let c = g.bias(c, bias).unwrap();
    let c = g.gelu(c).unwrap();
    g.set_output(c, F32).unwrap();
    let Some(op) = build(&g, &lib) else { return };
    assert_engines(&op);
    assert_eq!(op.tensors().len(), 8);
    assert_eq!(op.tensor(c).unwrap().dims(), [1, 16, 8]);
    assert!(op.tensor(c).unwrap().is_output());
    let s = op.tensor(alpha).unwrap();
    assert_eq!(
        (s.by_value(), s.dims(), s.is_virtual()),
        (Some(ScalarValue::Float(0.5)), &[1i64, 1, 1][..], false)
    );
    assert!(!s.is_output());
}

#[test]
fn a_reduction_builds() {
    let Some(lib) = common::backend::graph_library() else {
        return;
    };
    let mut g = Graph::new("reduce");
    let x = g.tensor("x", &[4, 32, 16], F32).unwrap();
    let y = g.reduction(Red::ADD, x, &[4, 1, 1]).unwrap();
    g.set_output(y, F32).unwrap();
    let Some(op) = build(&g, &lib) else { return };
    assert_engines(&op);
    assert_eq!(op.tensor(y).unwrap().strides(), [1, 1, 1]);
}

#[test]
fn build_uses_the_process_wide_library() {
    let Some(lib) = common::backend::graph_library() else {
        return;
    };
    let (g, _) = conv_graph("global");
    let r = g.build();
    if lib.version().major >= 9 {
        let op = r.expect("build");
        assert!(Arc::ptr_eq(op.library(), &lib));
    } else {
        match r {
            Err(Error::InvalidArgument {
                mismatch: Mismatch::Unsupported { what },
                ..
            }) => assert!(what.contains("cuDNN 8"), "{what}"),
            other => panic!("expected cuDNN 8's refusal, got {other:?}"),
        }
    }
}

// ------------------------------------------------- outputs and scalars

const BF16: Dt = Dt::BFLOAT16;

/// The attention example's backward (`examples/attention.rs`, batch 2,
/// sequence 128, 8 heads of 64): q, k and v are views of one interleaved
/// `[B, S, 3, H, D]` projection, strides `[S·3E, D, 3E, 1]`; o and d_o
/// BSHD. Returns the graph and dq, dk, dv.
fn example_backward() -> (Graph, [TensorId; 3]) {
    let (b, s, h, d) = (2i64, 128i64, 8i64, 64i64);
    let e = h * d;
    let dims = [b, h, s, d];
    let mut g = Graph::new("attention_backward");
    let views = [s * 3 * e, d, 3 * e, 1];
    let [q, k, v] = ["q", "k", "v"].map(|n| g.tensor_with_strides(n, &dims, &views, BF16).unwrap());
    let bshd = [s * e, d, e, 1];
    let o = g.tensor_with_strides("o", &dims, &bshd, BF16).unwrap();
    let d_o = g.tensor_with_strides("d_o", &dims, &bshd, BF16).unwrap();
    let stats = g.tensor("stats", &[b, h, s, 1], F32).unwrap();
    let inputs = cudnn::graph::SdpaBackwardInputs {
        q,
        k,
        v,
        o,
        d_o,
        stats,
    };
    let options = cudnn::graph::SdpaOptions {
        causal: true,
        ..Default::default()
    };
    let grads = g.sdpa_backward(&inputs, &options).unwrap();
    (g, [grads.dq, grads.dk, grads.dv])
}

/// One past the largest offset of a layout.
fn span(dims: &[i64], strides: &[i64]) -> i64 {
    1 + dims
        .iter()
        .zip(strides)
        .map(|(d, s)| (d - 1) * s)
        .sum::<i64>()
}

#[test]
fn the_attention_examples_gradients_are_packed_not_strided_like_their_views() {
    let (mut g, grads) = example_backward();
    let e = 8 * 64;
    for t in grads {
        g.set_output(t, BF16).unwrap();
        let (dims, strides) = (g.dims(t).unwrap(), g.strides(t).unwrap());
        assert_eq!(strides, [128 * e, 64, e, 1], "BSHD, packed");
        // 131,072 elements, what the example allocates: not the 392,192
        // that q's strides span.
        assert_eq!(span(&dims, &strides), 2 * 128 * e);
    }
    let Some(lib) = common::backend::graph_library() else {
        return;
    };
    if lib.version() < cudnn::Version::new(9, 21, 0) {
        return;
    }
    let op = g
        .build_with(&lib, None)
        .expect("the example's backward builds");
    assert_engines(&op);
    for t in grads {
        let t = op.tensor(t).expect("gradient");
        assert!(t.is_output() && !t.is_virtual());
    }
}

#[test]
fn an_output_takes_strides_that_fit_its_dims() {
    let (mut g, [dq, dk, dv]) = example_backward();
    let e = 8 * 64;
    // Into one interleaved [B, S, 3, H, D] buffer, like the projection.
    let views = [128 * 3 * e, 64, 3 * e, 1];
    g.set_output_with_strides(dq, BF16, &views)
        .expect("interleaved");
    assert_eq!(g.strides(dq).unwrap(), views);
    let r = refused(g.set_output_with_strides(dk, BF16, &[64, 64, 1, 1]));
    assert_refusal(
        &r,
        "Graph::set_output_with_strides",
        "sdpa_backward \"sdpa_backward#0\"",
        Some("sdpa_backward#0.dk"),
        "one address",
    );
    let r = refused(g.set_output_with_strides(dk, BF16, &[1, 1, 1]));
    assert!(r.what.contains("3 strides for 4"), "{r:?}");
    // Refused, dk keeps its packed strides and is still virtual.
    assert_eq!(g.strides(dk).unwrap(), [128 * e, 64, e, 1]);
    g.set_output(dk, BF16).expect("dk");
    let r = refused(g.set_output_with_strides(dk, BF16, &views));
    assert!(r.what.contains("made an output already"), "{r:?}");
    g.set_output(dv, BF16).expect("dv");
}

#[test]
fn a_typed_scalar_has_its_values_type() {
    let mut g = Graph::new("typed");
    let cases: [(&str, ScalarValue, Dt); 5] = [
        ("f", ScalarValue::from(0.5f32), F32),
        ("d", ScalarValue::from(0.25f64), Dt::DOUBLE),
        ("h", ScalarValue::from(cudnn::half::f16::ONE), F16),
        ("i", ScalarValue::from(7i32), Dt::INT32),
        ("l", ScalarValue::from(1i64 << 40), Dt::INT64),
    ];
    let x = g.tensor("x", &[1, 4, 4], Dt::DOUBLE).unwrap();
    let mut y = x;
    let mut ids = Vec::new();
    for (name, v, dtype) in cases {
        let s = g.typed_scalar(name, v).unwrap();
        assert_eq!(v.data_type(), dtype);
        ids.push((s, v));
        y = g.add(y, s).unwrap();
    }
    g.set_output(y, Dt::DOUBLE).unwrap();
    let r = refused(g.typed_scalar("f", 1i64));
    assert!(r.what.contains("named \"f\" already"), "{r:?}");
    let Some(lib) = common::backend::graph_library() else {
        return;
    };
    // The builder's tensors as cuDNN is told them: by value, of the value's
    // type, with the value kept for execution.
    let Some(op) = build(&g, &lib) else { return };
    for (s, v) in ids {
        let t = op.tensor(s).unwrap();
        assert_eq!((t.by_value(), t.data_type()), (Some(v), v.data_type()));
    }
}

#[test]
fn the_attention_statistics_are_an_output_from_the_start() {
    let dims = [2, 8, 128, 64];
    let mut g = Graph::new("attention");
    let [q, k, v] = ["q", "k", "v"].map(|n| g.tensor(n, &dims, BF16).unwrap());
    let options = cudnn::graph::SdpaOptions {
        stats: true,
        ..Default::default()
    };
    let out = g.sdpa_forward(q, k, v, &options).unwrap();
    let stats = out.stats.expect("asked for");
    let r = refused(g.set_output(stats, F32));
    assert!(r.what.contains("made an output already"), "{r:?}");
    assert!(r.what.contains("without calling set_output"), "{r:?}");
    g.set_output(out.o, BF16).expect("o");
    let r = refused(g.set_output(out.o, BF16));
    assert!(r.what.contains("once per tensor"), "{r:?}");
}
