//! The composite SDPA backward of the cuDNN releases before the unified
//! `OPERATION_SDPA_BWD` (9.17), as cuDNN's frontend 1.32 builds it
//! (`CompositeSDPABackwardNode::expand_node`), with `K` and `V` described
//! transposed in place (`[B, H, D, S_kv]`, their strides swapped):
//!
//! 1. the softmax sum: `dO * O` (`mul_dO_O`, of the strides the frontend
//!    sets whatever `O`'s layout: `[H S D, S D, H D, 1]`), an `ADD`
//!    reduction over the head dim (`reduce_dO_o`), a `MUL` by `1 - p` with
//!    dropout, by 1 without (`scale_dropout_inv`), into
//!    `<node>.softmax_sum`, `[B, H_q, S_q, 1]` `FLOAT`, a real tensor;
//! 2. the probabilities recomputed: `Q K^T` (`matmul_Q_KT`), the scale,
//!    the bias, `SUB` of the statistics, the causal mask (one
//!    `DIAGONAL_BAND_MASK` from cuDNN 9.21, pointwise operations before)
//!    and `EXP`;
//! 3. `dV`: with dropout a `MUL` by the mask of an `RNG` (Bernoulli, `1 -
//!    p` computed in `float`, the node's seed and offset) and by `1 / (1 -
//!    p)`; a `RESHAPE` to `P^T` (`[B, H_q, S_kv, S_q]`, in `q`'s type) and
//!    `P^T dO`; with fewer value heads, into a virtual full-head gradient
//!    and an `ADD` reduction over the heads;
//! 4. `dS`: `dO V^T` (`matmul_dO_VT`), the dropout mask, `SUB` of the
//!    softmax sum, `MUL` by the recomputed exponentials, the dropout scale
//!    and the attention scale;
//! 5. `dK`: a `RESHAPE` to `dS^T` (in `q`'s type) and `dS^T Q` (with fewer
//!    key heads, reduced as `dV`);
//! 6. `dQ`: `K` reshaped back to `[B, H_k, S_kv, D]` (in the intermediate
//!    type: the frontend gives the reshape no type), `dS K` into
//!    `<node>.dq_accum` (`[B, H_q, S_q, D]` `FLOAT`, a real tensor, packed)
//!    and an `IDENTITY` into `dQ`.
//!
//! `<node>.softmax_sum` and `<node>.dq_accum` are real memory that cuDNN's
//! fused backward writes and reads (the frontend places them in the
//! workspace it asks for, and zeroes the accumulator before cuDNN 9.6). The
//! frontend's dP-workspace form (`dS K` straight into `dQ`, which it picks
//! for cuDNN 8.9.5 to 9.0 on Hopper under a size limit, and for a bias
//! gradient or a deterministic backward) is not built; nor are sequence
//! lengths (padding masks) or the bias's gradient. Below cuDNN 9.16 the
//! frontend masks `S_kv` not a multiple of 128 with lengths it writes into
//! its workspace: that form is refused here.

use crate::core::dtype::DType;
use crate::core::error::Result;
use crate::core::version::Version;
use crate::graph::ScalarValue;

use cudnn_sys as sys;

use sys::cudnnBackendAttributeName_t as A;
use sys::cudnnBackendDescriptorType_t as D;
use sys::cudnnPointwiseMode_t as Pw;
use sys::cudnnReduceTensorOp_t as Red;
use sys::cudnnRngDistribution_t as R;
use DType as Dt;

use super::super::node::{BackendOp, CompositeSdpaBackward};
use super::super::{node_error, Graph, OpDef, TensorDef};
use super::{Expander, COMPOSITE_SINCE};

/// The first release whose composite backward needs no padding-mask
/// workaround for `S_kv` not a multiple of 128 (the frontend applies it up
/// to 9.15).
const NO_KV_WORKAROUND: Version = Version::new(9, 16, 0);

/// Whether `k` and `v` of backward `c` may be described transposed in
/// place: inputs of the graph that only this backward reads.
pub(super) fn kv_are_its_own(g: &Graph, c: &CompositeSdpaBackward) -> bool {
    let [_, k, v, ..] = c.ins;
    let ours =
        |o: &OpDef| matches!(&o.op.composite, Some(super::Composite::SdpaBackward(b)) if **b == *c);
    [k, v].iter().all(|&t| {
        g.tensors[t].producer.is_none()
            && g.ops.iter().all(|o| ours(o) || !o.op.inputs().contains(&t))
    })
}

/// The composite backward's refusals: grouped-query attention on
/// cuDNN 8, a bottom-right mask below 9.6 with `S_q` or `S_kv` not a
/// multiple of 64, and below 9.16 `S_kv` not a multiple of 128 (the
/// frontend's workaround, lengths it writes into its workspace, is not
/// built).
pub(super) fn check_backward(
    g: &Graph,
    function: &'static str,
    nd: String,
    c: &CompositeSdpaBackward,
    (have, unified): (Version, (Version, &str)),
) -> Result<()> {
    let [q, k, v, ..] = c.ins;
    g.check_heads(function, nd.clone(), [q, k, v], have)?;
    g.check_bottom_right(
        function,
        nd.clone(),
        (c.bottom_right, [q, k]),
        (have, unified),
    )?;
    let skv = g.tensors[k].dims[2];
    if have >= NO_KV_WORKAROUND || skv % 128 == 0 {
        return Ok(());
    }
    let (want, needs) = unified;
    Err(node_error(
        function,
        nd,
        None,
        format!(
            "needs cuDNN {want} or later ({needs}); the loaded one is {have}; the composite \
             attention backward before cuDNN 9.16.0 takes S_kv a multiple of 128 (here \
             {skv}): cuDNN's frontend masks other lengths with sequence lengths it writes \
             into its workspace, which this crate does not build"
        ),
    ))
}

/// The dims the backward reads: batch, query heads, `S_q`, `S_kv`, the
/// head dim of `q`, and `q`'s type.
struct Shape {
    b: i64,
    hq: i64,
    sq: i64,
    skv: i64,
    d: i64,
    qtype: Dt,
}

impl Expander {
    /// The composite of SDPA backward `nd`.
    pub(super) fn sdpa_backward(&mut self, nd: &str, c: &CompositeSdpaBackward) {
        let [q, k, v, ..] = c.ins;
        let qd = &self.tensors[q].dims;
        let sh = Shape {
            b: qd[0],
            hq: qd[1],
            sq: qd[2],
            d: qd[3],
            skv: self.tensors[k].dims[2],
            qtype: self.tensors[q].dtype().unwrap_or(Dt::HALF),
        };
        let k_view = (
            self.tensors[k].dims.clone(),
            self.tensors[k].strides.clone(),
        );
        for t in [k, v] {
            if self.transposed.insert(t) {
                let kt = &mut self.tensors[t];
                kt.dims.swap(2, 3);
                kt.strides.swap(2, 3);
            }
        }
        let s_dims = [sh.b, sh.hq, sh.sq, sh.skv];
        let dropout = c.dropout.map(|(p, seed, offset)| {
            let mask = self.virt(nd, "rng", &s_dims, None);
            // `1 - p` in `float`, as the frontend's backward computes it
            // (its forward, in `double`).
            let bernoulli = (R::BERNOULLI, [f64::from(1.0 - p), 0.0]);
            self.push(nd, "rng", BackendOp::rng(bernoulli, [seed, offset, mask]));
            let scale = self.scalar(nd, "dropout_scale", ScalarValue::Float(1.0 / (1.0 - p)));
            (p, mask, scale)
        });
        let softmax_sum = self.softmax_sum(nd, c, &sh, dropout.map(|d| d.0));
        let exp_s = self.recomputed_exp(nd, c, &sh);
        let mut p = exp_s;
        if let Some((_, mask, scale)) = dropout {
            p = self.pw_new(
                nd,
                "mul_p_dropout_mask",
                Pw::CUDNN_POINTWISE_MUL,
                &[p, mask],
            );
            p = self.pw_new(
                nd,
                "mul_p_dropout_scale",
                Pw::CUDNN_POINTWISE_MUL,
                &[p, scale],
            );
        }
        let p_t = self.transposed_scores(nd, "reshape_p", p, &sh);
        self.head_gradient(nd, "matmul_pT_dO", [p_t, c.ins[4]], c.grads[2], &sh);
        let dropout = dropout.map(|(_, mask, scale)| (mask, scale));
        let ds = self.score_gradient(nd, c, [exp_s, softmax_sum], dropout, &sh);
        let ds_t = self.transposed_scores(nd, "reshape_dS", ds, &sh);
        self.head_gradient(nd, "matmul_dST_Q", [ds_t, q], c.grads[1], &sh);
        self.query_gradient(nd, c, ds, k_view, &sh);
    }

    /// `dS`: `dO V^T`, with the dropout mask, less the softmax sum, times
    /// the recomputed exponentials, the dropout scale and the attention
    /// scale; `dropout` is the mask and the scale.
    fn score_gradient(
        &mut self,
        nd: &str,
        c: &CompositeSdpaBackward,
        [exp_s, softmax_sum]: [usize; 2],
        dropout: Option<(usize, usize)>,
        sh: &Shape,
    ) -> usize {
        let [_, _, v, _, d_o, _] = c.ins;
        let mut ds = self.virt(nd, "matmul_dO_VT", &[sh.b, sh.hq, sh.sq, sh.skv], None);
        self.push(
            nd,
            "matmul_dO_VT",
            BackendOp::matmul([d_o, v, ds], [None; 3], 0.0),
        );
        let mul = Pw::CUDNN_POINTWISE_MUL;
        if let Some((mask, _)) = dropout {
            ds = self.pw_new(nd, "dP_dropout_mask", mul, &[ds, mask]);
        }
        ds = self.pw_new(nd, "sub_dP_softmax_sum", Pw::SUB, &[ds, softmax_sum]);
        ds = self.pw_new(nd, "mul_dP_exp_s", mul, &[ds, exp_s]);
        if let Some((_, scale)) = dropout {
            ds = self.pw_new(nd, "mul_dS_dropout_scale", mul, &[ds, scale]);
        }
        self.pw_new(nd, "mul_dS_attn_scale", mul, &[ds, c.scale])
    }

    /// `<node>.softmax_sum`: `dO * O` summed over the head dim, times `1 -
    /// p` with dropout (by 1 without).
    fn softmax_sum(
        &mut self,
        nd: &str,
        c: &CompositeSdpaBackward,
        sh: &Shape,
        dropout: Option<f32>,
    ) -> usize {
        let [_, _, _, o, d_o, _] = c.ins;
        let prod = self.pw_new(nd, "mul_dO_O", Pw::CUDNN_POINTWISE_MUL, &[d_o, o]);
        // The frontend's strides for the product, whatever `O`'s layout:
        // the heads' of `[B, H, S, D]`, the rows' of `[B, S, H, D]`.
        let dv = self.tensors[d_o].dims[3];
        self.tensors[prod].strides = vec![sh.hq * sh.sq * dv, sh.sq * dv, sh.hq * dv, 1].into();
        let rows = [sh.b, sh.hq, sh.sq, 1];
        let sum = self.virt(nd, "reduce_dO_o", &rows, None);
        self.reduction(nd, "reduce_dO_o", Red::CUDNN_REDUCE_TENSOR_ADD, prod, sum);
        let keep = dropout.map_or(1.0, |p| 1.0 - p);
        let keep = self.scalar(nd, "scale_dropout_inv", ScalarValue::Float(keep));
        let y = self.real(nd, "softmax_sum", &rows);
        let mul = Pw::CUDNN_POINTWISE_MUL;
        self.pw(nd, "scale_dropout_inv", mul, &[sum, keep], y);
        y
    }

    /// The forward's exponentials recomputed: `exp(scale Q K^T (+ bias)
    /// - stats)`, masked before the `EXP`.
    fn recomputed_exp(&mut self, nd: &str, c: &CompositeSdpaBackward, sh: &Shape) -> usize {
        let [q, k, _, _, _, stats] = c.ins;
        let s_dims = [sh.b, sh.hq, sh.sq, sh.skv];
        let mut s = self.virt(nd, "matmul_Q_KT", &s_dims, None);
        self.push(
            nd,
            "matmul_Q_KT",
            BackendOp::matmul([q, k, s], [None; 3], 0.0),
        );
        let mul = Pw::CUDNN_POINTWISE_MUL;
        s = self.pw_new(nd, "mul_s_attn_scale", mul, &[s, c.scale]);
        if let Some(bias) = c.bias {
            s = self.pw_new(nd, "bias_add", Pw::CUDNN_POINTWISE_ADD, &[s, bias]);
        }
        // The frontend masks after the statistics are subtracted.
        s = self.pw_new(nd, "sub_s_m", Pw::SUB, &[s, stats]);
        if c.causal {
            let shift = c
                .bottom_right
                .then(|| (self.int(nd, "s_q", sh.sq), self.int(nd, "s_kv", sh.skv)));
            s = self.causal_mask(nd, s, shift);
        }
        self.pw_new(nd, "exp_s", Pw::EXP, &[s])
    }

    /// Scores `x` `[B, H_q, S_q, S_kv]` reshaped to their transpose `[B,
    /// H_q, S_kv, S_q]` (the same memory), in `q`'s type.
    fn transposed_scores(&mut self, nd: &str, suffix: &str, x: usize, sh: &Shape) -> usize {
        let dims = [sh.b, sh.hq, sh.skv, sh.sq];
        let strides = [sh.hq * sh.sq * sh.skv, sh.sq * sh.skv, 1, sh.skv];
        self.reshape(nd, suffix, x, (&dims, &strides), Some(sh.qtype))
    }

    /// `a x b` into gradient `grad` (`dK` or `dV`); with fewer heads than
    /// `q`, into a virtual full-head gradient (in `q`'s type) summed over
    /// each group of heads.
    fn head_gradient(
        &mut self,
        nd: &str,
        suffix: &str,
        [a, b]: [usize; 2],
        grad: usize,
        sh: &Shape,
    ) {
        let g = &self.tensors[grad].dims;
        if g[1] == sh.hq {
            self.push(nd, suffix, BackendOp::matmul([a, b, grad], [None; 3], 0.0));
            return;
        }
        let full = [g[0], sh.hq, g[2], g[3]];
        let y = self.virt(nd, suffix, &full, Some(sh.qtype));
        self.push(nd, suffix, BackendOp::matmul([a, b, y], [None; 3], 0.0));
        let red = if suffix == "matmul_pT_dO" {
            "red_dV_head"
        } else {
            "red_dK_head"
        };
        self.reduction(nd, red, Red::CUDNN_REDUCE_TENSOR_ADD, y, grad);
    }

    /// `dQ`: `dS K` into `<node>.dq_accum` (`FLOAT`), then `IDENTITY` into
    /// `dQ`; `k_view` is `K`'s own dims and strides, the reshape of its
    /// transposed description back.
    fn query_gradient(
        &mut self,
        nd: &str,
        c: &CompositeSdpaBackward,
        ds: usize,
        (dims, strides): (super::Extents, super::Extents),
        sh: &Shape,
    ) {
        // In the intermediate type, not `K`'s: the frontend's reshape
        // takes the graph's intermediate type for an output of none.
        let k_view = self.reshape(nd, "reshape_k", c.ins[1], (&dims, &strides), None);
        let accum = self.real(nd, "dq_accum", &[sh.b, sh.hq, sh.sq, sh.d]);
        let mm = BackendOp::matmul([ds, k_view, accum], [None; 3], 0.0);
        self.push(nd, "matmul_dS_K", mm);
        let dq = c.grads[0];
        self.pw(nd, "identity_dQ", Pw::IDENTITY, &[accum], dq);
    }

    /// A virtual tensor `<node>.<suffix>` of `dims`, `strides` and `dtype`
    /// (the intermediate type for `None`), the output of a `RESHAPE` of `x`
    /// (the same memory, viewed).
    fn reshape(
        &mut self,
        nd: &str,
        suffix: &str,
        x: usize,
        (dims, strides): (&[i64], &[i64]),
        dtype: Option<Dt>,
    ) -> usize {
        let y = self.virt(nd, suffix, dims, dtype);
        self.tensors[y].strides = strides.into();
        let mut op = BackendOp::new(
            "reshape",
            D::OPERATION_RESHAPE_DESCRIPTOR,
            COMPOSITE_SINCE,
            "OPERATION_RESHAPE_DESCRIPTOR (cuDNN 8.9's header has it)",
        );
        op.input(A::OPERATION_RESHAPE_XDESC, x);
        op.output(A::OPERATION_RESHAPE_YDESC, y);
        self.push(nd, suffix, op);
        y
    }

    /// A real `FLOAT` tensor `<node>.<suffix>` of `dims` (packed) that the
    /// next operation writes: memory of the composite's own.
    fn real(&mut self, nd: &str, suffix: &str, dims: &[i64]) -> usize {
        let layout = (dims.into(), super::super::checks::packed_strides(dims));
        let name = Graph::output_name(nd, suffix);
        let float = Some(Dt::FLOAT);
        self.take(TensorDef::new(name, layout, float, Some(self.ops.len())))
    }
}
