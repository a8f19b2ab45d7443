//! A built graph's [`Signature`]: what a plan for it must hold, compared
//! with a plan read from a file.

use super::lower::GraphTensor;
use super::node::{BackendOp, Setting};
use super::{Graph, OpKind};
use crate::graph::info::descriptor_type_name;
use crate::graph::signature::{self as sig, NodeSig, Signature, TensorSig};

/// `key=NAME`, or `key=?<raw>` for a value without a name here (which no
/// plan's JSON matches).
fn mode(key: &str, name: Option<&str>, raw: u32) -> String {
    match name {
        Some(n) => format!("{key}={n}"),
        None => format!("{key}=?{raw}"),
    }
}

fn node(operation: &str, modes: Vec<String>, reads: &[usize], writes: &[usize]) -> NodeSig {
    let uid = |i: &usize| *i as i64 + 1;
    let mut n = NodeSig::new(operation);
    n.modes = modes;
    n.reads = reads.iter().map(uid).collect();
    n.writes = writes.iter().map(uid).collect();
    n.finish();
    n
}

/// The nodes of `op` (one, and a backend operation's subgraph's).
fn nodes_of(op: &OpKind, out: &mut Vec<NodeSig>) {
    const CONV: &str = "CUDNN_BACKEND_OPERATION_CONVOLUTION_";
    let conv_mode = |c: &super::ConvOptions| vec![mode("mode", sig::conv_mode(c.mode), c.mode.0)];
    let n = match op {
        OpKind::ConvFprop { x, w, y, conv } => node(
            &format!("{CONV}FORWARD_DESCRIPTOR"),
            conv_mode(conv),
            &[*x, *w],
            &[*y],
        ),
        OpKind::ConvDgrad { dy, w, dx, conv } => node(
            &format!("{CONV}BACKWARD_DATA_DESCRIPTOR"),
            conv_mode(conv),
            &[*dy, *w],
            &[*dx],
        ),
        OpKind::ConvWgrad { x, dy, dw, conv } => node(
            &format!("{CONV}BACKWARD_FILTER_DESCRIPTOR"),
            conv_mode(conv),
            &[*x, *dy],
            &[*dw],
        ),
        OpKind::Pointwise { mode: m, inputs, y } => node(
            "CUDNN_BACKEND_OPERATION_POINTWISE_DESCRIPTOR",
            vec![mode("pointwiseMode", sig::pointwise_mode(*m), m.0)],
            inputs,
            &[*y],
        ),
        OpKind::Matmul { a, b, c } => node(
            "CUDNN_BACKEND_OPERATION_MATMUL_DESCRIPTOR",
            Vec::new(),
            &[*a, *b],
            &[*c],
        ),
        OpKind::Reduction { op, x, y } => node(
            "CUDNN_BACKEND_OPERATION_REDUCTION_DESCRIPTOR",
            vec![mode("reductionOp", sig::reduce_op(*op), op.0)],
            &[*x],
            &[*y],
        ),
        OpKind::Backend(b) => backend_node(b, out),
        OpKind::Composite(c) => {
            let (d, m) = c.descriptor();
            let modes = m
                .map(|m| vec![mode("pointwiseMode", sig::pointwise_mode(m), m.0)])
                .unwrap_or_default();
            let name = descriptor_type_name(d).unwrap_or("?");
            node(name, modes, &c.inputs(), &[c.output()])
        }
    };
    out.push(n);
}

fn backend_node(b: &BackendOp, out: &mut Vec<NodeSig>) -> NodeSig {
    let modes = b
        .settings
        .iter()
        .filter_map(|s| match s {
            Setting::NormMode(_, v) => Some(mode("mode", sig::norm_mode(*v), v.0)),
            Setting::NormPhase(_, v) => Some(mode("fmode", sig::norm_phase(*v), v.0)),
            Setting::Pointwise(_, v) => Some(mode("comparisonMode", sig::pointwise_mode(*v), v.0)),
            Setting::Float(..) | Setting::Int64(..) | Setting::Int64s(..) | Setting::Rng(..) => {
                None
            }
        })
        .collect();
    let slots = |input: bool| -> Vec<usize> {
        b.slots
            .iter()
            .filter(|s| s.input == input)
            .map(|s| s.tensor)
            .collect()
    };
    if let Some(sub) = &b.subgraph {
        for o in &sub.ops {
            nodes_of(o, out);
        }
    }
    let name = descriptor_type_name(b.descriptor).unwrap_or("?");
    node(name, modes, &slots(true), &slots(false))
}

impl Graph {
    /// The signature of the graph whose tensors are `tensors`.
    pub(super) fn signature(&self, tensors: &[GraphTensor]) -> Signature {
        let mut nodes = Vec::new();
        for o in &self.ops {
            nodes_of(&o.kind, &mut nodes);
        }
        let tensors = tensors
            .iter()
            .map(|t| {
                TensorSig::new(
                    t.uid(),
                    t.dims(),
                    t.strides(),
                    t.data_type(),
                    t.is_virtual(),
                    t.by_value().is_some(),
                )
            })
            .collect();
        Signature::new(tensors, nodes)
    }
}
