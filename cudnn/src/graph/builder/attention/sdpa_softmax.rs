//! The softmax options of the SDPA nodes: sink tokens (a learned logit per
//! query head that joins each row's denominator, as in gpt-oss) and the
//! forward's row-wise maximum and sum of exponentials.
//!
//! The forward describes its softmax as its own descriptor, as
//! cudnn-frontend 1.32's unified SDPA node does: an `OPERATION_SOFTMAX`
//! (cuDNN 9.20) of virtual scores `[B, H_q, S_q, S_kv]` with the sink
//! (`SOFTMAX_SINK_DESC`), the statistics (`SOFTMAX_STATS_DESC`) and the
//! maximum and sum-exp (`SOFTMAX_MAX_DESC`, `SOFTMAX_SUM_EXP_DESC`), set to
//! the forward's `SDPA_FWD_SOFTMAX_DESC` (cuDNN 9.21). A sink or the
//! maximum and sum-exp need it; the statistics alone take it from 9.21 on,
//! as the frontend sets them, and are the forward's `SDPA_FWD_STATSDESC`
//! below (the operation's form for an older cuDNN). The backward takes
//! the sink as `SDPA_BWD_SINK_DESC` and writes its gradient to
//! `SDPA_BWD_DSINK_DESC` (cuDNN 9.21).

use cudnn_sys as sys;

use sys::cudnnBackendAttributeName_t as A;
use sys::cudnnBackendDescriptorType_t as D;

use super::super::node::{BackendOp, Setting};
use super::super::TensorDef;
use super::super::{checks, node_error, Graph, NodeLabel};
use super::{Dims, SdpaOptions};
use crate::core::dtype::DType as Dt;
use crate::core::error::Result;
use crate::core::version::Version;

/// The checked softmax options of an SDPA node: the sink by index, and
/// whether the forward writes the maximum and sum-exp and the statistics.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Softmax {
    pub(super) sink: Option<usize>,
    pub(super) max_sum_exp: bool,
    pub(super) stats: bool,
}

/// The cuDNN from which the forward sets its softmax as its own descriptor
/// (`SDPA_FWD_SOFTMAX_DESC`, @since 9.21.0), as cudnn-frontend 1.32 does
/// from there on whenever the softmax writes anything; below it, the
/// statistics are the forward's `SDPA_FWD_STATSDESC`.
pub(super) const NESTED_SINCE: Version = Version::new(9, 21, 0);

impl Softmax {
    /// Whether the forward needs its softmax as its own descriptor (a sink,
    /// the maximum and sum-exp), and so cuDNN 9.21.
    pub(super) fn nested(&self) -> bool {
        self.sink.is_some() || self.max_sum_exp
    }

    /// Whether the forward describes its softmax as its own descriptor on
    /// a cuDNN from [`NESTED_SINCE`]: it is [`nested`](Self::nested) or
    /// writes the statistics (which, alone, an older cuDNN takes as
    /// `SDPA_FWD_STATSDESC`).
    pub(super) fn described(&self) -> bool {
        self.nested() || self.stats
    }

    /// The forward's tensors of its softmax descriptor, when it has one:
    /// the scores and probabilities (virtual, `[B, H_q, S_q, S_kv]`,
    /// packed) and, when asked for, the maximum and sum-exp (`FLOAT`,
    /// `[B, H_q, S_q, 1]`, packed).
    pub(super) fn tensors(&self, dims: &Dims) -> Vec<TensorDef> {
        if !self.described() {
            return Vec::new();
        }
        let scores = vec![dims.b, dims.hq, dims.sq, dims.skv];
        let s = checks::packed_strides(&scores);
        let mut new = vec![
            TensorDef::output("softmax_p", scores.clone(), s.clone()),
            TensorDef::output("softmax_s", scores, s),
        ];
        if self.max_sum_exp {
            let rows = vec![dims.b, dims.hq, dims.sq, 1];
            let r = checks::packed_strides(&rows);
            let f = Dt::FLOAT;
            new.push(TensorDef::real_output("max", rows.clone(), r.clone(), f));
            new.push(TensorDef::real_output("sum_exp", rows, r, f));
        }
        new
    }

    /// Sets the forward's softmax descriptor into `op`: its tensors `n`
    /// (those of [`tensors`](Self::tensors)), the sink and the statistics.
    pub(super) fn set_forward(&self, op: &mut BackendOp, stats: Option<usize>, n: &[usize]) {
        const W: A = A::OPERATION_SDPA_FWD_SOFTMAX_DESC;
        let d = D::OPERATION_SOFTMAX_DESCRIPTOR;
        op.settings.push(Setting::nested(W, d, Vec::new()));
        op.nested(W, A::OPERATION_SOFTMAX_XDESC, n[0], true);
        op.nested(W, A::OPERATION_SOFTMAX_YDESC, n[1], false);
        if let Some(sink) = self.sink {
            op.nested(W, A::OPERATION_SOFTMAX_SINK_DESC, sink, true);
        }
        if let Some(s) = stats {
            op.nested(W, A::OPERATION_SOFTMAX_STATS_DESC, s, false);
        }
        if self.max_sum_exp {
            op.nested(W, A::OPERATION_SOFTMAX_MAX_DESC, n[2], false);
            op.nested(W, A::OPERATION_SOFTMAX_SUM_EXP_DESC, n[3], false);
        }
        if self.nested() {
            op.require(
                NESTED_SINCE,
                "SDPA_FWD_SOFTMAX_DESC (a sink, or the softmax's max and sum-exp), @since 9.21.0",
            );
        }
    }

    /// Sets the backward's sink and, at `dsink`, its gradient into `op`.
    pub(super) fn set_backward(&self, op: &mut BackendOp, dsink: Option<usize>) {
        if let Some(sink) = self.sink {
            op.input(A::OPERATION_SDPA_BWD_SINK_DESC, sink);
        }
        if let Some(d) = dsink {
            op.output(A::OPERATION_SDPA_BWD_DSINK_DESC, d);
        }
        if self.sink.is_some() {
            op.require(
                Version::new(9, 21, 0),
                "SDPA_BWD_SINK_DESC and DSINK_DESC, @since 9.21.0",
            );
        }
    }
}

/// The sink's gradient, `[1, H_q, 1, 1]` `FLOAT`, packed.
pub(super) fn dsink_tensor(dims: &Dims) -> TensorDef {
    let d = vec![1, dims.hq, 1, 1];
    let s = checks::packed_strides(&d);
    TensorDef::real_output("dsink", d, s, Dt::FLOAT)
}

/// The softmax options of `options`, checked: the sink is a tensor of
/// this graph, `[1, H_q, 1, 1]`, `FLOAT`.
pub(super) fn sdpa_softmax(
    g: &Graph,
    function: &'static str,
    nd: &NodeLabel<'_>,
    options: &SdpaOptions,
    dims: &Dims,
) -> Result<Softmax> {
    let sink = match options.sink {
        None => None,
        Some(s) => {
            let i = g.inputs(function, nd, &[s], false)?[0];
            let want = [1, dims.hq, 1, 1];
            g.check_dims_are(function, nd, i, &want, "the sink of these heads is")?;
            g.check_type_in(function, nd, i, &[Dt::FLOAT], "the sink")?;
            Some(i)
        }
    };
    Ok(Softmax {
        sink,
        max_sum_exp: options.max_sum_exp,
        stats: options.stats,
    })
}

/// The refusal of an option of the other direction, as
/// [`node_error`] wants it.
pub(super) fn check_direction(
    function: &'static str,
    nd: &NodeLabel<'_>,
    options: &SdpaOptions,
    forward: bool,
) -> Result<()> {
    let what = if forward && options.sink_gradient {
        "sink_gradient is an option of the backward"
    } else if !forward && options.max_sum_exp {
        "max_sum_exp is an option of the forward"
    } else if !forward && options.sink_gradient && options.sink.is_none() {
        "sink_gradient without a sink"
    } else {
        return Ok(());
    };
    Err(node_error(function, nd, None, what.into()))
}

#[cfg(test)]
mod tests {
    use crate::core::error::{Error, Mismatch};
    use crate::core::version::Version;
    use crate::graph::{Graph, SdpaBackwardInputs, SdpaOptions, TensorId};
    use cudnn_sys::cudnnDataType_t as Dt;

    const BF16: Dt = Dt::BFLOAT16;
    const F32: Dt = Dt::FLOAT;

    /// `g` builds on 9.21.0 and is refused on 9.20.99, naming `words`.
    fn needs_9_21(g: &Graph, words: &str) {
        assert!(g.check_versions_at("t", Version::new(9, 21, 0)).is_ok());
        match g.check_versions_at("t", Version::new(9, 20, 99)) {
            Err(Error::InvalidArgument {
                mismatch: Mismatch::GraphNode { what, .. },
                ..
            }) => {
                assert!(what.contains("needs cuDNN 9.21.0 or later"), "{what}");
                assert!(what.contains(words), "{what}");
            }
            other => panic!("expected a refusal, got {other:?}"),
        }
    }

    fn qkv_sink(g: &mut Graph) -> ([TensorId; 3], TensorId) {
        let qkv = ["q", "k", "v"].map(|n| g.tensor(n, &[1, 2, 64, 32], BF16).unwrap());
        (qkv, g.tensor("sink", &[1, 2, 1, 1], F32).unwrap())
    }

    #[test]
    fn the_forwards_softmax_options_need_9_21() {
        for (name, sink, rows) in [("sink", true, false), ("rows", false, true)] {
            let mut g = Graph::new(name);
            let ([q, k, v], s) = qkv_sink(&mut g);
            let o = SdpaOptions {
                sink: sink.then_some(s),
                max_sum_exp: rows,
                stats: true,
                ..SdpaOptions::default()
            };
            g.sdpa_forward(q, k, v, &o).unwrap();
            needs_9_21(&g, "SDPA_FWD_SOFTMAX_DESC");
        }
    }

    // The statistics alone: the softmax is the forward's own descriptor
    // from cuDNN 9.21 (as cudnn-frontend 1.32 sets it), which the
    // forward does not need; below, the older form with the statistics
    // as SDPA_FWD_STATSDESC is built, the softmax's tensors unused.
    #[test]
    fn the_statistics_alone_nest_from_9_21_and_are_the_forwards_below() {
        use cudnn_sys::cudnnBackendAttributeName_t as A;
        let mut g = Graph::new("stats");
        let ([q, k, v], _) = qkv_sink(&mut g);
        let o = SdpaOptions {
            stats: true,
            ..SdpaOptions::default()
        };
        g.sdpa_forward(q, k, v, &o).unwrap();
        assert!(g.check_versions_at("t", Version::new(9, 13, 0)).is_ok());
        let sets = |g: &Graph, attr: A| g.ops[0].op.slots.iter().any(|s| s.attr == attr);
        let (stats, nested) = (
            A::OPERATION_SDPA_FWD_STATSDESC,
            A::OPERATION_SOFTMAX_STATS_DESC,
        );
        assert!(!sets(&g, stats) && sets(&g, nested));
        let at_9_21 = g.expand_composites("t", Version::new(9, 21, 0), false);
        assert!(at_9_21.unwrap().is_none());
        let e = g
            .expand_composites("t", Version::new(9, 20, 0), false)
            .unwrap()
            .expect("the older form");
        assert!(sets(&e.graph, stats) && !sets(&e.graph, nested));
        assert!(e.graph.ops[0].op.older.is_none());
        // The softmax's scores and probabilities (and the sink made but
        // not given).
        assert_eq!(e.unused.iter().filter(|u| **u).count(), 3);
        // Without the statistics the forward has no softmax descriptor.
        let mut g = Graph::new("plain");
        let ([q, k, v], _) = qkv_sink(&mut g);
        g.sdpa_forward(q, k, v, &SdpaOptions::default()).unwrap();
        assert!(g.ops[0].op.older.is_none());
        assert!(!sets(&g, nested));
    }

    #[test]
    fn the_backwards_sink_and_its_gradient_need_9_21() {
        for (name, dsink, words) in [
            ("sink", false, "SDPA_BWD_SINK_DESC"),
            ("dsink", true, "SDPA_BWD_SINK_DESC and DSINK_DESC"),
        ] {
            let mut g = Graph::new(name);
            let ([q, k, v], sink) = qkv_sink(&mut g);
            let [o, d_o] = ["o", "do"].map(|n| g.tensor(n, &[1, 2, 64, 32], BF16).unwrap());
            let stats = g.tensor("stats", &[1, 2, 64, 1], F32).unwrap();
            let i = SdpaBackwardInputs {
                q,
                k,
                v,
                o,
                d_o,
                stats,
            };
            let options = SdpaOptions {
                sink: Some(sink),
                sink_gradient: dsink,
                ..SdpaOptions::default()
            };
            g.sdpa_backward(&i, &options).unwrap();
            needs_9_21(&g, words);
        }
    }
}
