//! A built graph's [`Signature`]: what a plan for it must hold, compared
//! with a plan read from a file.

use super::node::{BackendOp, Setting};
use crate::graph::graph_tensor::GraphTensor;
use crate::graph::info::descriptor_type_name;
use crate::graph::signature::{self as sig, NodeSig, Signature};
use cudnn_sys::cudnnBackendAttributeName_t as A;
use cudnn_sys::cudnnBackendDescriptorType_t as D;

/// `key=NAME`, or `key=?<raw>` for a value without a name here (which no
/// plan's JSON matches).
fn mode(key: &str, name: Option<String>, raw: u32) -> String {
    match name {
        Some(n) => format!("{key}={n}"),
        None => format!("{key}=?{raw}"),
    }
}

fn node(operation: &'static str, modes: Vec<String>, reads: &[usize], writes: &[usize]) -> NodeSig {
    let uid = |i: &usize| *i as i64 + 1;
    let mut n = NodeSig::new(operation);
    n.modes = modes;
    n.reads = reads.iter().map(uid).collect();
    n.writes = writes.iter().map(uid).collect();
    n.finish();
    n
}

/// The plan JSON's key and value of an enumerated setting of an
/// operation or of a descriptor nested in it, pushed to `out`.
fn modes_of(settings: &[Setting], out: &mut Vec<String>) {
    for s in settings {
        match s {
            Setting::NormMode(_, v) => out.push(mode("mode", sig::norm_mode(*v), v.0)),
            Setting::NormPhase(_, v) => out.push(mode("fmode", sig::norm_phase(*v), v.0)),
            Setting::ConvMode(_, v) => out.push(mode("mode", sig::conv_mode(*v), v.0)),
            Setting::Reduce(_, v) => out.push(mode("reductionOp", sig::reduce_op(*v), v.0)),
            Setting::MoeMode(_, v) => out.push(mode("mode", sig::moe_mode(*v), v.0)),
            Setting::Pointwise(a, v) => {
                let key = if *a == A::CUDNN_ATTR_POINTWISE_MODE {
                    "pointwiseMode"
                } else {
                    "comparisonMode"
                };
                out.push(mode(key, sig::pointwise_mode(*v), v.0));
            }
            Setting::Nested(_, n) => modes_of(&n.settings, out),
            Setting::RngDistribution(..)
            | Setting::Nan(..)
            | Setting::UpperClip(..)
            | Setting::Compute(..)
            | Setting::Scaling { .. }
            | Setting::Float(..)
            | Setting::Double(..)
            | Setting::Int32(..)
            | Setting::Int32s(..)
            | Setting::Int64(..)
            | Setting::Int64s(..) => {}
        }
    }
}

/// The nodes of `b`: its subgraph's, then its own.
fn nodes_of(b: &BackendOp, out: &mut Vec<NodeSig>) {
    if let Some(sub) = &b.subgraph {
        for o in &sub.ops {
            nodes_of(o, out);
        }
    }
    out.push(own_node(b));
}

/// The node of `b` itself, without its subgraph's.
fn own_node(b: &BackendOp) -> NodeSig {
    let mut modes = Vec::new();
    modes_of(&b.settings, &mut modes);
    let slots = |input: bool| -> Vec<usize> {
        b.slots
            .iter()
            .filter(|s| s.input == input)
            .map(|s| s.tensor)
            .collect()
    };
    let name = descriptor_type_name(b.descriptor).unwrap_or("?");
    node(name, modes, &slots(true), &slots(false))
}

/// The signature of a graph of the operations `ops` over `tensors` (in
/// uid order): made when a plan's JSON is first checked against it.
pub(crate) fn signature_of<'a>(
    ops: impl Iterator<Item = &'a BackendOp>,
    tensors: Vec<GraphTensor>,
) -> Signature {
    let mut nodes = Vec::new();
    for op in ops {
        nodes_of(op, &mut nodes);
    }
    Signature::new(tensors, nodes)
}

/// The signature of a plan of the graph of `ops` over `tensors` (those
/// of its [`signature_of`]) as cuDNN 9.28 writes the plan's JSON, where
/// that differs: cuDNN leaves an SDPA backward's score subgraph (a causal
/// mask, a right bound or a window, a bias) out, its nodes and the tensors
/// only they use (measured: a causal backward's JSON lists 10 of its 13
/// tensors and one node; with a bias, the bias is not listed either).
/// `None` for a graph without such a subgraph.
pub(crate) fn written_signature_of<'a>(
    ops: impl Iterator<Item = &'a BackendOp>,
    mut tensors: Vec<GraphTensor>,
) -> Option<Signature> {
    let mut nodes = Vec::new();
    let mut left_out = Vec::new();
    for op in ops {
        match &op.subgraph {
            Some(sub) if op.descriptor == D::OPERATION_SDPA_BWD_DESCRIPTOR => {
                for o in &sub.ops {
                    nodes_of(o, &mut left_out);
                }
                nodes.push(own_node(op));
            }
            _ => nodes_of(op, &mut nodes),
        }
    }
    if left_out.is_empty() {
        return None;
    }
    let uids = |n: &NodeSig| n.reads.iter().chain(&n.writes).copied().collect::<Vec<_>>();
    let kept: std::collections::HashSet<i64> = nodes.iter().flat_map(uids).collect();
    let only_left_out: std::collections::HashSet<i64> = (left_out.iter().flat_map(uids))
        .filter(|u| !kept.contains(u))
        .collect();
    tensors.retain(|t| !only_left_out.contains(&t.uid()));
    Some(Signature::new(tensors, nodes))
}
