//! Fused attention and rotary embeddings of cuDNN 9's backend:
//! `OPERATION_SDPA_FWD` (cuDNN 9.13), `OPERATION_SDPA_BWD` (9.17),
//! `OPERATION_ROPE_FWD` (9.24) and `OPERATION_ROPE_BWD` (9.25).
//!
//! Each node checks its shapes and types as it is added; [`Graph::build`]
//! checks that the loaded cuDNN has the operation and every attribute the
//! node sets (the `@since` lines of cuDNN 9.28's `cudnn_graph.h`) and
//! refuses otherwise, naming the node and the version it needs; below
//! it, a forward without paged K/V, FP8, cumulative lengths, a right
//! bound or a window is built as the composite graph of matmuls and a
//! softmax (`attention/composite.rs`, `expand.rs`).
//!
//! Score modifiers (an additive bias, a causal mask or a right bound, a
//! sliding window) are a subgraph of the attention operation
//! (`SDPA_FWD_SUBGRAPH` and `SDPA_BWD_SUBGRAPH`, cuDNN 9.21): a pointwise
//! `ADD` and `DIAGONAL_BAND_MASK` operations over the scores `[B, H_q,
//! S_q, S_kv]`, with their fill value (negative infinity), bounds and
//! lengths as scalars passed by value, made by the node (`mask.rs`); the
//! backward builds the same subgraph as its forward. Masks are aligned
//! top-left (row `i` sees keys `j <= i` when causal, and `j > i - window`
//! with a window) or bottom-right ([`DiagonalAlignment`]). The backward's
//! dropout, the gradient of the bias and cumulative sequence lengths need
//! cuDNN 9.28.
//!
//! Paged K/V caches of the forward (`paged.rs`): page containers and
//! their page tables, cuDNN 9.15.

use crate::core::dtype::DType;
use cudnn_sys as sys;

use sys::cudnnBackendAttributeName_t as A;
use sys::cudnnBackendDescriptorType_t as D;
use DType as Dt;

use super::node::{BackendOp, Setting};
use super::TensorDef;
use super::{checks, node, node_error, Graph, NodeLabel, TensorId};
use crate::core::error::Result;
use crate::core::version::Version;

mod block_mask;
mod composite;
pub(crate) mod head_dim;
mod lengths;
mod mask;
mod paged;
mod rope;
mod sdpa_fp8;
mod sdpa_softmax;

use composite::Legacy;
use head_dim::{HeadDims, Pass};
use lengths::Lengths;
pub use mask::DiagonalAlignment;
use mask::{Bounds, ScorePlan};
pub use paged::SdpaPagedKv;
pub use rope::RopeOptions;
use sdpa_fp8::{forward_types, is_fp8, Fp8Node};
pub use sdpa_fp8::{SdpaFp8, SdpaMxfp8};
use sdpa_softmax::Softmax;

/// The types of attention inputs without [`SdpaOptions::fp8`].
const HALVES: &[Dt] = &[Dt::HALF, Dt::BFLOAT16];
const FLOATS: &[Dt] = &[Dt::FLOAT, Dt::HALF, Dt::BFLOAT16];
const LENGTHS: &[Dt] = &[Dt::INT32, Dt::INT64];

/// The options of [`Graph::sdpa_forward`] and [`Graph::sdpa_backward`].
///
/// `Default`: scale `1 / sqrt(D)`, no mask, no bias, no dropout, no
/// statistics, dense K/V.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SdpaOptions {
    /// The factor of `Q K^T`; `None` is `1 / sqrt(D)` (`D` the head dim of
    /// `q`). Passed by value (`<node>.scale`).
    pub scale: Option<f32>,
    /// A causal mask: query `i` sees keys `j <= i` (aligned top-left; see
    /// [`alignment`](Self::alignment)). The same as a
    /// [`right_bound`](Self::right_bound) of 0, which is then not given.
    pub causal: bool,
    /// The right bound of a band: query `i` sees keys `j <= i + bound`
    /// (aligned top-left); at least 0, at most `i32::MAX` (cuDNN takes it
    /// as an `INT32`). Not with [`causal`](Self::causal).
    pub right_bound: Option<i64>,
    /// A sliding window (the left bound): query `i` sees keys `j > i -
    /// window` (aligned top-left); at least 1.
    pub sliding_window: Option<i64>,
    /// Where the diagonal of the causal mask, the right bound and the
    /// window lies: top-left (the default) or bottom-right, where query
    /// `i` sits at key `i + len_kv - len_q`.
    pub alignment: DiagonalAlignment,
    /// An additive bias of the scores, `[B or 1, H_q or 1, S_q, S_kv]`.
    pub bias: Option<TensorId>,
    /// The actual length of each sequence of queries, `[B, 1, 1, 1]`,
    /// `INT32` or `INT64`; with `seq_len_kv`, a padding mask.
    pub seq_len_q: Option<TensorId>,
    /// The actual length of each sequence of keys and values.
    pub seq_len_kv: Option<TensorId>,
    /// The queries' lengths as cumulative offsets instead of
    /// [`seq_len_q`](Self::seq_len_q) (cuDNN 9.24 forward, 9.28 backward):
    /// `[B + 1, 1, 1, 1]`, `INT32` or `INT64`, entry `b` the number of
    /// queries of the sequences before `b` (0 first, the total last), the
    /// offsets of ragged (THD) batches. A side gives one form of its
    /// lengths, and the two sides may use different forms; with the keys'
    /// lengths, a padding mask.
    pub cu_seq_len_q: Option<TensorId>,
    /// The keys' and values' lengths as cumulative offsets instead of
    /// [`seq_len_kv`](Self::seq_len_kv), as
    /// [`cu_seq_len_q`](Self::cu_seq_len_q).
    pub cu_seq_len_kv: Option<TensorId>,
    /// Dropout of the attention probabilities; the backward takes the
    /// forward's probability, seed and offset.
    pub dropout: Option<SdpaDropout>,
    /// Write the softmax statistics (the row-wise log-sum-exp of the
    /// scaled scores, `[B, H_q, S_q, 1]`, `FLOAT`) for a backward (forward
    /// only).
    pub stats: bool,
    /// With `bias`, also write the bias's gradient (`<node>.dbias`, of the
    /// bias's dims, packed; virtual until [`Graph::set_output`]): the
    /// scores' gradient summed over the dims the bias broadcasts (backward
    /// only).
    pub bias_gradient: bool,
    /// Paged K/V caches (forward only, cuDNN 9.15): `k` and `v` are
    /// containers of pages and these their page tables; needs `seq_len_q`
    /// and `seq_len_kv`, and is not offered with a bias, a mask or
    /// dropout.
    pub paged: Option<SdpaPagedKv>,
    /// FP8 attention (forward only, cuDNN 9.25): `q`, `k`, `v` of
    /// `FP8_E4M3` or `FP8_E5M2`, with these descale and scale factors;
    /// the node writes the output's absolute maximum (see [`SdpaFp8`]).
    pub fp8: Option<SdpaFp8>,
    /// Sink tokens (cuDNN 9.21): a learned logit per query head, `[1,
    /// H_q, 1, 1]` `FLOAT`, that joins each row's softmax denominator
    /// (`softmax_j = exp(s_j) / (exp(sink) + sum_k exp(s_k))`, gpt-oss's
    /// attention). The forward's statistics then count it; the backward
    /// takes the same sink (and the forward's statistics of it).
    pub sink: Option<TensorId>,
    /// Write the softmax's row-wise maximum of the scaled scores and sum
    /// of their exponentials after it (`<node>.max`, `<node>.sum_exp`,
    /// `[B, H_q, S_q, 1]` `FLOAT`; forward only, cuDNN 9.21), with or
    /// without the statistics.
    pub max_sum_exp: bool,
    /// With `sink`, also write the sink's gradient (`<node>.dsink`, `[1,
    /// H_q, 1, 1]` `FLOAT`; backward only, cuDNN 9.21).
    pub sink_gradient: bool,
    /// MXFP8 attention (forward only, 9.25): see [`SdpaMxfp8`].
    pub mxfp8: Option<SdpaMxfp8>,
    /// A block-sparse mask (forward only, cuDNN 9.14): one bit per 128 x
    /// 128 tile of the scores, `INT8` or `UINT8` of dims `[B, H_q,
    /// ceil(S_q / 128), ceil(ceil(S_kv / 128) / 8)]`, the key tiles of a
    /// row eight to a byte: the dims cuDNN 9.28 plans (its header says
    /// one byte per tile; `block_mask.rs` has the measurement). A tile
    /// whose bit is clear is masked out. Not yet verified on a GPU: the
    /// bit order within a byte and which value masks (no GPU has run
    /// it). cuDNN 9.28 offers engines for it on Blackwell (sm_10x, 9.26
    /// or later there, as cudnn-frontend 1.32 requires) and none on an
    /// H100.
    pub block_mask: Option<TensorId>,
}

/// Dropout of the attention probabilities: the probability (in `(0, 1)`)
/// and Philox's seed and offset, `INT64` tensors of dims `[1, 1, 1, 1]`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SdpaDropout {
    /// The probability that an attention probability is dropped.
    pub probability: f32,
    /// The seed tensor.
    pub seed: TensorId,
    /// The offset tensor.
    pub offset: TensorId,
}

/// The outputs of [`Graph::sdpa_forward`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SdpaOutputs {
    /// The attention output `O` (`<node>.o`), `[B, H_q, S_q, D_v]`, in
    /// `q`'s layout; virtual until [`Graph::set_output`].
    pub o: TensorId,
    /// The statistics (`<node>.stats`), with [`SdpaOptions::stats`]: a
    /// real `FLOAT` output from the start, which the backward reads, so
    /// it takes memory in the variant pack without
    /// [`Graph::set_output`] (which refuses it as made an output
    /// already).
    pub stats: Option<TensorId>,
    /// With [`SdpaOptions::fp8`] or [`SdpaOptions::mxfp8`], the output's
    /// absolute maximum (`<node>.amax_o`, `[1, 1, 1, 1]` `FLOAT`).
    pub amax_o: Option<TensorId>,
    /// With [`SdpaFp8::amax_s`], the absolute maximum of the softmax's
    /// output (`<node>.amax_s`, `[1, 1, 1, 1]` `FLOAT`).
    pub amax_s: Option<TensorId>,
    /// With [`SdpaOptions::max_sum_exp`], the row-wise maximum
    /// (`<node>.max`).
    pub max: Option<TensorId>,
    /// With [`SdpaOptions::max_sum_exp`], the row-wise sum of
    /// exponentials (`<node>.sum_exp`).
    pub sum_exp: Option<TensorId>,
}

/// The forward tensors [`Graph::sdpa_backward`] reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SdpaBackwardInputs {
    /// The forward's queries.
    pub q: TensorId,
    /// The forward's keys.
    pub k: TensorId,
    /// The forward's values.
    pub v: TensorId,
    /// The forward's output.
    pub o: TensorId,
    /// The gradient of the output.
    pub d_o: TensorId,
    /// The forward's statistics.
    pub stats: TensorId,
}

/// The outputs of [`Graph::sdpa_backward`], each of its input's dims,
/// packed in the order of its input's strides (BSHD for a BSHD input, and
/// for a view of an interleaved `[B, S, 3, H, D]` projection), virtual
/// until [`Graph::set_output`] or [`Graph::set_output_with_strides`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SdpaGradients {
    /// `<node>.dq`.
    pub dq: TensorId,
    /// `<node>.dk`.
    pub dk: TensorId,
    /// `<node>.dv`.
    pub dv: TensorId,
    /// `<node>.dbias`, with [`SdpaOptions::bias_gradient`].
    pub dbias: Option<TensorId>,
    /// `<node>.dsink`, with [`SdpaOptions::sink_gradient`].
    pub dsink: Option<TensorId>,
}

static_assertions::assert_impl_all!(SdpaOptions: Send, Sync, Clone);
static_assertions::assert_impl_all!(SdpaDropout: Send, Sync, Copy);
static_assertions::assert_impl_all!(SdpaOutputs: Send, Sync, Copy);
static_assertions::assert_impl_all!(SdpaBackwardInputs: Send, Sync, Copy);
static_assertions::assert_impl_all!(SdpaGradients: Send, Sync, Copy);

/// The attention dims: batch, query heads, query length, key/value
/// length, head dim of q and k, head dim of v.
#[derive(Debug, Clone, Copy)]
struct Dims {
    b: i64,
    hq: i64,
    sq: i64,
    skv: i64,
    dv: i64,
    d: i64,
}

impl Graph {
    /// Fused scaled dot-product attention, `O = softmax(scale * Q K^T
    /// (+ bias, masked)) V`, of `q` `[B, H_q, S_q, D]`, `k` `[B, H_k, S_kv,
    /// D]` and `v` `[B, H_v, S_kv, D_v]` (any strides, for example BSHD;
    /// `H_k` and `H_v` divide `H_q`: grouped-query attention), all `HALF`
    /// or all `BFLOAT16` (with [`SdpaOptions::fp8`], all `FP8_E4M3` or all
    /// `FP8_E5M2`); computed in `float`.
    ///
    /// With [`SdpaOptions::paged`], `k` is a container of pages
    /// `[num_blocks, H_k, block_size, D]`, `v` one of `[num_blocks, H_v,
    /// block_size, D_v]`, and `S_kv` is what the page tables span (see
    /// [`SdpaPagedKv`]).
    ///
    /// cuDNN versions (checked by [`Graph::build`]): 9.13 for the
    /// operation, 9.14 with a block mask, 9.15 with sequence lengths or
    /// paged K/V, 9.21 with a
    /// bias or a mask (causal, a right bound, a window, either alignment),
    /// 9.22 with dropout (as cudnn-frontend 1.32 sets it on the unified
    /// operation; the header says 9.21), 9.24 with cumulative sequence
    /// lengths, 9.25 with FP8. Below
    /// them, a forward without paged K/V, a block mask, FP8, cumulative
    /// lengths, a right bound or a window is built as the composite graph
    /// of matmuls and a softmax (8.9 on, not 9.10.0/9.10.1; `expand.rs`
    /// has its rules).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error) with
    /// [`Mismatch::GraphNode`](crate::Mismatch::GraphNode) naming the node
    /// and the tensor: a tensor of another graph or a scalar, a rank other
    /// than 4, dims that do not agree (batch, head dim, heads that do not
    /// divide, lengths), types outside those above, a bias of other dims,
    /// the queries' lengths without the keys' or the other way round, both
    /// forms of one side's lengths, lengths of other dims (`[B, 1, 1, 1]`,
    /// cumulative `[B + 1, 1, 1, 1]`) or type, a causal mask with a right
    /// bound, a right bound below 0, a window below 1, a bound, window or
    /// (aligned bottom-right) `S_q` or `S_kv` over `i32::MAX` where cuDNN
    /// takes it as an `INT32`, a scale that is not finite, a dropout probability
    /// outside `(0, 1)` or its seed and offset of other dims or type,
    /// [`SdpaOptions::bias_gradient`] (an option of the backward), FP8
    /// factors of other dims than `[1, 1, 1, 1]` or not `FLOAT`, a block
    /// mask of other dims or type (see [`SdpaOptions::block_mask`]); with
    /// paged K/V, a page table not `[B, 1, blocks_per_seq, 1]` or not
    /// `INT32`, tables that do not span the same keys (`ceil(S_kv /
    /// block_size)` entries each), no per-item sequence lengths
    /// (`seq_len_q` and `seq_len_kv`), and a bias, a mask or dropout.
    /// Head dims cudnn-frontend 1.32 refuses on every GPU when it
    /// validates a graph, its message quoted: `D` or `D_v` not a multiple
    /// of 8 (16 with FP8; "hidden_dim should be multiple of 8"); with FP8,
    /// also `D` and `D_v` neither both at most 256 nor both in `(256,
    /// 512]`. Its rules for a GPU and a cuDNN release (with FP8, at most
    /// 256 before sm_10x; up to 9.9, 128 on sm_8x, 256 on sm_9x) are
    /// applied when the built graph's engines are asked for a target
    /// ([`OperationGraph::engine_configs`](crate::graph::OperationGraph::engine_configs)).
    /// cuDNN 9.28's forward has no other ceiling: `D` 512 or 1000 plans,
    /// on an H100 as with the frontend.
    pub fn sdpa_forward(
        &mut self,
        q: TensorId,
        k: TensorId,
        v: TensorId,
        options: &SdpaOptions,
    ) -> Result<SdpaOutputs> {
        const F: &str = "Graph::sdpa_forward";
        const KIND: &str = "sdpa_forward";
        let name = self.next_op_name(KIND);
        let nd = node(KIND, &name);
        if options.bias_gradient {
            return Err(node_error(
                F,
                nd,
                None,
                "bias_gradient is an option of the backward".into(),
            ));
        }
        sdpa_softmax::check_direction(F, &nd, options, true)?;
        let ins = self.inputs(F, &nd, &[q, k, v], false)?;
        let (dims, tables) = match &options.paged {
            None => (
                self.attention_dims(
                    F,
                    &nd,
                    [ins[0], ins[1], ins[2]],
                    false,
                    forward_types(options),
                )?,
                None,
            ),
            Some(p) => {
                let (dims, tables) =
                    paged::paged_dims(self, F, &nd, [ins[0], ins[1], ins[2]], p, options)?;
                (dims, Some(tables))
            }
        };
        let pass = if is_fp8(options) {
            Pass::ForwardFp8
        } else {
            Pass::Forward
        };
        head_dim::check_any(pass, dims.d, dims.dv).map_err(|what| node_error(F, nd, None, what))?;
        let shared = self.sdpa_shared(F, &nd, options, &dims)?;
        let soft = sdpa_softmax::sdpa_softmax(self, F, &nd, options, &dims)?;
        let mut new = self.forward_outputs(ins[0], &dims, options.stats);
        new.push(TensorDef::scalar("scale", 1, shared.scale));
        let fp8 = sdpa_fp8::sdpa_fp8_node(self, F, &nd, options, &ins, &dims)?;
        let block_mask = self.sdpa_block_mask(F, &nd, options, &dims)?;
        let amax_at = new.len();
        new.extend(fp8.iter().flat_map(Fp8Node::tensors));
        let softmax_at = new.len();
        new.extend(soft.tensors(&dims));
        let plan = ScorePlan::new(&shared.bounds, &dims, shared.extra.bias, shared.extra.seq);
        let first_sub = new.len();
        new.extend(plan.tensors.iter().cloned());
        let has_stats = options.stats;
        let node = SdpaNode {
            ins,
            seq: shared.extra.seq,
            dropout: shared.dropout,
            fp8,
            block_mask,
            softmax: (soft, softmax_at),
            plan,
            first_sub,
            legacy: Legacy::of(options, shared.extra.bias, [dims.sq, dims.skv]),
        };
        let ids = self.add_node(F, (KIND, name), new, |n| {
            sdpa_forward_op(&node, has_stats, tables, n)
        })?;
        let amax = |i: usize| (amax_at + i < softmax_at).then(|| ids[amax_at + i]);
        let row = |i: usize| soft.max_sum_exp.then(|| ids[softmax_at + 2 + i]);
        Ok(SdpaOutputs {
            o: ids[0],
            stats: has_stats.then(|| ids[1]),
            amax_o: amax(0),
            amax_s: amax(1),
            max: row(0),
            sum_exp: row(1),
        })
    }

    /// The backward of [`sdpa_forward`](Self::sdpa_forward): `dq`, `dk`,
    /// `dv` from the forward's `q`, `k`, `v`, output `o` and statistics,
    /// and the gradient `d_o` of the output (of `o`'s dims and type), with
    /// the forward's options: its scale, sequence lengths, score modifiers
    /// (the same subgraph) and dropout (the same probability, seed and
    /// offset); with [`SdpaOptions::bias_gradient`], also the bias's
    /// gradient.
    ///
    /// cuDNN versions (checked by [`Graph::build`]): 9.17 for the
    /// operation, 9.21 with a bias or a mask (causal, a right bound, a
    /// sliding window, either alignment), 9.28 with dropout, the bias's
    /// gradient or cumulative sequence lengths. cuDNN 9.28 leaves the score
    /// subgraph and the tensors only it uses out of a backward plan's JSON
    /// (its engine's kernel parameters still name the mask's fill value
    /// and the bias):
    /// [`plan_from_json`](crate::graph::OperationGraph::plan_from_json),
    /// which [`PlanCache`](crate::graph::PlanCache) runs, compares such a
    /// plan with the graph less those, and the cache hands it out with
    /// the graph's tensors.
    /// Below 9.17, [`Graph::build_with`] lowers it to the composite
    /// attention backward of older releases (cuDNN 8.9 on, not 9.10.0 or
    /// 9.10.1; a scale, a bias without its gradient, a causal mask,
    /// dropout; no sequence lengths), whose softmax sum and `FLOAT` dQ
    /// accumulator are real tensors of the built graph
    /// (`<node>.softmax_sum`, `<node>.dq_accum`) that an execution binds.
    ///
    /// # Errors
    /// As [`sdpa_forward`](Self::sdpa_forward); also `o` or `d_o` of other
    /// dims than the forward's output, statistics of other dims or not
    /// `FLOAT`, `bias_gradient` without a bias, and `stats`, `paged` and
    /// `fp8` (options of the forward: the backward reads the statistics,
    /// and cuDNN's backward takes no page tables and, in this crate, no
    /// FP8); `S_q` and `S_kv` both 1 (cudnn-frontend 1.32 refuses it:
    /// "s_q = s_kv = 1 is not supported."). Head dims cudnn-frontend 1.32
    /// refuses on every GPU when it
    /// validates a graph: not multiples of 8, or `D` and `D_v` neither both
    /// at most 256 (sm_9x) nor both in `(256, 512]` (sm_10x), its messages
    /// quoted ("Num hidden_dim should be less than or equal to 256 and
    /// hidden_dim should be multiple of 8", ...). The rest of its rules
    /// depend on the GPU and are applied when the built graph's engines are
    /// asked for a target
    /// ([`OperationGraph::engine_configs`](crate::graph::OperationGraph::engine_configs)):
    /// at most 256 on sm_9x; on sm_10x (cuDNN 9.11 on) at most 128, `D`
    /// 192 with `D_v` 128, 256 with 256 (cuDNN 9.23 on) or both in `(256,
    /// 512]` (which cuDNN itself has no engine for); at most 128 on other
    /// GPUs.
    pub fn sdpa_backward(
        &mut self,
        inputs: &SdpaBackwardInputs,
        options: &SdpaOptions,
    ) -> Result<SdpaGradients> {
        const F: &str = "Graph::sdpa_backward";
        const KIND: &str = "sdpa_backward";
        let name = self.next_op_name(KIND);
        let nd = node(KIND, &name);
        check_backward_options(options).map_err(|what| node_error(F, nd, None, what.into()))?;
        sdpa_softmax::check_direction(F, &nd, options, false)?;
        let p = inputs;
        let ins = self.inputs(F, &nd, &[p.q, p.k, p.v, p.o, p.d_o, p.stats], false)?;
        let dims = self.attention_dims(F, &nd, [ins[0], ins[1], ins[2]], false, HALVES)?;
        head_dim::check_any(Pass::Backward, dims.d, dims.dv)
            .map_err(|what| node_error(F, nd, None, what))?;
        if dims.sq == 1 && dims.skv == 1 {
            return Err(node_error(
                F,
                nd,
                None,
                "S_q and S_kv both 1: cudnn-frontend 1.32 refuses the SDPA backward: \
                 \"s_q = s_kv = 1 is not supported.\""
                    .into(),
            ));
        }
        let shared = self.sdpa_shared(F, &nd, options, &dims)?;
        self.check_forward_results(F, &nd, &ins, &dims)?;
        let soft = sdpa_softmax::sdpa_softmax(self, F, &nd, options, &dims)?;
        let (mut new, dbias_at) =
            self.sdpa_gradient_tensors(&ins, shared.scale, options, shared.extra.bias);
        let dsink_at = options.sink_gradient.then_some(new.len());
        new.extend(dsink_at.map(|_| sdpa_softmax::dsink_tensor(&dims)));
        let plan = ScorePlan::new(&shared.bounds, &dims, shared.extra.bias, shared.extra.seq);
        let first_sub = new.len();
        new.extend(plan.tensors.iter().cloned());
        let node = SdpaNode {
            ins,
            seq: shared.extra.seq,
            dropout: shared.dropout,
            fp8: None,
            block_mask: None,
            softmax: (soft, 0),
            plan,
            first_sub,
            legacy: Legacy::backward(options, shared.extra.bias, [dims.sq, dims.skv]),
        };
        let ids = self.add_node(F, (KIND, name), new, |n| {
            let mut op = sdpa_backward_op(&node, dbias_at, n);
            soft.set_backward(&mut op, dsink_at.map(|i| n[i]));
            op
        })?;
        Ok(SdpaGradients {
            dq: ids[0],
            dk: ids[1],
            dv: ids[2],
            dbias: dbias_at.map(|i| ids[i]),
            dsink: dsink_at.map(|i| ids[i]),
        })
    }

    /// What both SDPA nodes read besides `q`, `k`, `v`, checked in this
    /// order: the sequence lengths and score modifiers, the scale, the
    /// dropout.
    fn sdpa_shared(
        &self,
        function: &'static str,
        nd: &NodeLabel<'_>,
        options: &SdpaOptions,
        dims: &Dims,
    ) -> Result<SdpaShared> {
        let extra = self.sdpa_extras(function, nd, options, dims)?;
        let bounds = mask::check_bounds(options, dims)
            .map_err(|what| node_error(function, nd, None, what))?;
        let scale = self.sdpa_scale(function, nd, options, dims)?;
        let dropout = self.sdpa_dropout(function, nd, options)?;
        Ok(SdpaShared {
            extra,
            bounds,
            scale,
            dropout,
        })
    }

    /// The forward's first new tensors: `o` (virtual, in `q`'s layout),
    /// and the statistics when asked for.
    fn forward_outputs(&self, q: usize, dims: &Dims, stats: bool) -> Vec<TensorDef> {
        let o_dims = vec![dims.b, dims.hq, dims.sq, dims.dv];
        let o_strides = checks::strides_like(&o_dims, &self.tensors[q].strides);
        let mut new = vec![TensorDef::output("o", o_dims, o_strides)];
        if stats {
            let stat_dims = vec![dims.b, dims.hq, dims.sq, 1];
            let s = checks::packed_strides(&stat_dims);
            let f = Dt::FLOAT;
            new.push(TensorDef::real_output("stats", stat_dims, s, f));
        }
        new
    }

    /// The backward's `o` and `d_o` (the forward's output dims, a half
    /// type) and `stats` (the forward's statistics dims, `FLOAT`); `ins`
    /// is `q, k, v, o, d_o, stats`.
    fn check_forward_results(
        &self,
        function: &'static str,
        nd: &NodeLabel<'_>,
        ins: &[usize],
        dims: &Dims,
    ) -> Result<()> {
        let o_dims = [dims.b, dims.hq, dims.sq, dims.dv];
        for (i, role) in [(ins[3], "o"), (ins[4], "d_o")] {
            self.check_dims_are(function, nd, i, &o_dims, "the forward's output has")?;
            self.check_type_in(function, nd, i, HALVES, role)?;
        }
        let stat_dims = [dims.b, dims.hq, dims.sq, 1];
        self.check_dims_are(
            function,
            nd,
            ins[5],
            &stat_dims,
            "the forward's statistics have",
        )?;
        self.check_type_in(function, nd, ins[5], &[Dt::FLOAT], "stats")?;
        Ok(())
    }

    /// The backward's new tensors: `dq`, `dk`, `dv`, the scale, and the
    /// bias's gradient when asked for (with where it is among them).
    fn sdpa_gradient_tensors(
        &self,
        ins: &[usize],
        scale: f32,
        options: &SdpaOptions,
        bias: Option<usize>,
    ) -> (Vec<TensorDef>, Option<usize>) {
        // Each gradient is packed in the order of its input's strides: an
        // input that is a view into a larger buffer (q, k and v of one
        // interleaved projection) does not make its gradient span that
        // buffer. `set_output_with_strides` gives other strides.
        let mut new = Vec::new();
        for (i, suffix) in [(ins[0], "dq"), (ins[1], "dk"), (ins[2], "dv")] {
            let t = &self.tensors[i];
            let strides = checks::strides_like(&t.dims, &t.strides);
            new.push(TensorDef::output(suffix, t.dims.clone(), strides));
        }
        new.push(TensorDef::scalar("scale", 4, scale));
        let dbias_at = match bias {
            Some(b) if options.bias_gradient => {
                let d = self.tensors[b].dims.clone();
                let s = checks::packed_strides(&d);
                new.push(TensorDef::output("dbias", d, s));
                Some(new.len() - 1)
            }
            _ => None,
        };
        (new, dbias_at)
    }

    /// The head dims of the graph's SDPA nodes, for the rules that
    /// depend on the target ([`HeadDims::check_on`]).
    pub(crate) fn sdpa_head_dims(&self) -> Vec<HeadDims> {
        let mut out = Vec::new();
        for o in &self.ops {
            let (pass, q_attr, v_attr) = match o.op.descriptor {
                D::OPERATION_SDPA_FWD_DESCRIPTOR => (
                    Pass::Forward,
                    A::OPERATION_SDPA_FWD_QDESC,
                    A::OPERATION_SDPA_FWD_VDESC,
                ),
                D::OPERATION_SDPA_BWD_DESCRIPTOR => (
                    Pass::Backward,
                    A::OPERATION_SDPA_BWD_QDESC,
                    A::OPERATION_SDPA_BWD_VDESC,
                ),
                _ => continue,
            };
            let slot = |attr| o.op.slots.iter().find(|s| s.attr == attr).map(|s| s.tensor);
            let (Some(q), Some(v)) = (slot(q_attr), slot(v_attr)) else {
                continue;
            };
            let (qt, vt) = (&self.tensors[q], &self.tensors[v]);
            let (Some(&d_qk), Some(&d_v)) = (qt.dims.get(3), vt.dims.get(3)) else {
                continue;
            };
            let fp8 = sdpa_fp8::FP8S.contains(&self.data_type_of(q));
            let o_attr = A::OPERATION_SDPA_FWD_ODESC;
            // Per-tensor FP8 (MXFP8's block factors are E8M0: its engines,
            // and the frontend's rules for them, are others).
            let block_scaled = slot(A::OPERATION_SDPA_FWD_DESCALE_QDESC)
                .is_some_and(|d| self.data_type_of(d) == Dt::FP8_E8M0);
            let wide_output = fp8
                && !block_scaled
                && slot(o_attr)
                    .is_some_and(|o| matches!(self.data_type_of(o), Dt::HALF | Dt::BFLOAT16));
            out.push(HeadDims {
                node: node(o.op.kind, &o.name).to_string(),
                pass: if fp8 { Pass::ForwardFp8 } else { pass },
                d_qk,
                d_v,
                wide_output,
                block_mask: slot(A::OPERATION_SDPA_FWD_BLOCK_MASK_DESC).is_some(),
            });
        }
        out
    }

    /// The dims of an attention over `q`, `k`, `v`, checked, each of one
    /// of `types`; with `paged`, `k` and `v` are page containers, whose
    /// first dim (pages) and third (block size) are not the batch and the
    /// sequence (`skv` is then `k`'s block size, for the caller to set).
    fn attention_dims(
        &self,
        function: &'static str,
        nd: &NodeLabel<'_>,
        [q, k, v]: [usize; 3],
        paged: bool,
        types: &[Dt],
    ) -> Result<Dims> {
        for (i, role) in [(q, "q"), (k, "k"), (v, "v")] {
            let t = &self.tensors[i];
            if t.dims.len() != 4 {
                return Err(node_error(
                    function,
                    nd,
                    Some(t.name.to_string()),
                    format!(
                        "{} dimensions; attention's {role} is [B, H, S, D]",
                        t.dims.len()
                    ),
                ));
            }
            self.check_type_in(function, nd, i, types, role)?;
        }
        let (qt, kt, vt) = (&self.tensors[q], &self.tensors[k], &self.tensors[v]);
        let (qd, kd, vd) = (&qt.dims, &kt.dims, &vt.dims);
        let wrong = |t: &super::TensorDef, what: String| {
            node_error(function, nd, Some(t.name.to_string()), what)
        };
        if self.data_type_of(k) != self.data_type_of(q)
            || self.data_type_of(v) != self.data_type_of(q)
        {
            let odd = if self.data_type_of(k) != self.data_type_of(q) {
                kt
            } else {
                vt
            };
            return Err(wrong(odd, format!("another type than \"{}\"", qt.name)));
        }
        for (t, d) in [(kt, kd), (vt, vd)] {
            if d[0] != qd[0] && !paged {
                return Err(wrong(
                    t,
                    format!("a batch of {}; \"{}\" has {}", d[0], qt.name, qd[0]),
                ));
            }
            if qd[1] % d[1] != 0 {
                return Err(wrong(
                    t,
                    format!(
                        "{} heads, which do not divide the {} query heads",
                        d[1], qd[1]
                    ),
                ));
            }
        }
        if kd[3] != qd[3] {
            return Err(wrong(
                kt,
                format!("a head dim of {}; \"{}\" has {}", kd[3], qt.name, qd[3]),
            ));
        }
        if vd[2] != kd[2] && !paged {
            return Err(wrong(
                vt,
                format!("a sequence of {}; \"{}\" has {}", vd[2], kt.name, kd[2]),
            ));
        }
        Ok(Dims {
            b: qd[0],
            hq: qd[1],
            sq: qd[2],
            skv: kd[2],
            d: qd[3],
            dv: vd[3],
        })
    }

    /// The scale: the option or `1 / sqrt(D)`, finite.
    fn sdpa_scale(
        &self,
        function: &'static str,
        nd: &NodeLabel<'_>,
        options: &SdpaOptions,
        dims: &Dims,
    ) -> Result<f32> {
        let scale = options
            .scale
            .unwrap_or_else(|| 1.0 / (dims.d as f32).sqrt());
        if scale.is_finite() {
            return Ok(scale);
        }
        Err(node_error(
            function,
            nd,
            None,
            format!("scale {scale}; it is finite"),
        ))
    }

    /// The dropout of `options`, checked: probability, seed and offset.
    fn sdpa_dropout(
        &self,
        function: &'static str,
        nd: &NodeLabel<'_>,
        options: &SdpaOptions,
    ) -> Result<Option<(f32, usize, usize)>> {
        let Some(dr) = &options.dropout else {
            return Ok(None);
        };
        let p = dr.probability;
        if !(p > 0.0 && p < 1.0) {
            return Err(node_error(
                function,
                nd,
                None,
                format!("dropout probability {p}; it is in (0, 1)"),
            ));
        }
        let ids = self.inputs(function, nd, &[dr.seed, dr.offset], false)?;
        for (i, role) in ids.iter().zip(["the dropout seed", "the dropout offset"]) {
            self.check_dims_are(function, nd, *i, &[1, 1, 1, 1], &format!("{role} has"))?;
            self.check_type_in(function, nd, *i, &[Dt::INT64], role)?;
        }
        Ok(Some((p, ids[0], ids[1])))
    }

    /// The sequence lengths and bias of `options`, checked.
    fn sdpa_extras(
        &self,
        function: &'static str,
        nd: &NodeLabel<'_>,
        options: &SdpaOptions,
        dims: &Dims,
    ) -> Result<Extras> {
        let fail = |what: String| node_error(function, nd, None, what);
        let q = lengths::sdpa_side(
            self,
            function,
            nd,
            options.seq_len_q,
            options.cu_seq_len_q,
            dims,
            "q",
        )?;
        let kv = lengths::sdpa_side(
            self,
            function,
            nd,
            options.seq_len_kv,
            options.cu_seq_len_kv,
            dims,
            "kv",
        )?;
        let seq = match (q, kv) {
            (None, None) => None,
            (Some(q), Some(kv)) => Some((q, kv)),
            _ => {
                return Err(fail(
                    "the lengths of the queries (seq_len_q or cu_seq_len_q) and of the keys \
                     (seq_len_kv or cu_seq_len_kv) come together (a padding mask)"
                        .into(),
                ))
            }
        };
        let bias = match options.bias {
            None => None,
            Some(b) => {
                let i = self.inputs(function, nd, &[b], false)?[0];
                let t = &self.tensors[i];
                let ok = t.dims.len() == 4
                    && (t.dims[0] == dims.b || t.dims[0] == 1)
                    && (t.dims[1] == dims.hq || t.dims[1] == 1)
                    && t.dims[2] == dims.sq
                    && t.dims[3] == dims.skv;
                if !ok {
                    return Err(node_error(
                        function,
                        nd,
                        Some(t.name.to_string()),
                        format!(
                            "dims {:?}; the bias is [B or 1, H_q or 1, S_q, S_kv] = [{} or 1, {} or 1, {}, {}]",
                            t.dims, dims.b, dims.hq, dims.sq, dims.skv
                        ),
                    ));
                }
                self.check_type_in(function, nd, i, FLOATS, "the bias")?;
                Some(i)
            }
        };
        Ok(Extras { seq, bias })
    }
}

/// The checked sequence lengths (q, kv) and bias, by index.
struct Extras {
    seq: Option<(Lengths, Lengths)>,
    bias: Option<usize>,
}

/// What both SDPA nodes read besides `q`, `k`, `v`.
struct SdpaShared {
    extra: Extras,
    /// The masks.
    bounds: Bounds,
    scale: f32,
    /// The dropout probability, seed and offset.
    dropout: Option<(f32, usize, usize)>,
}

/// An SDPA node as its backend operation sees it: its inputs, sequence
/// lengths, dropout, and the score subgraph's plan with where its tensors
/// start among the node's new ones.
struct SdpaNode {
    ins: Vec<usize>,
    seq: Option<(Lengths, Lengths)>,
    dropout: Option<(f32, usize, usize)>,
    /// The forward's FP8 factors.
    fp8: Option<Fp8Node>,
    /// The forward's block mask.
    block_mask: Option<usize>,
    /// The softmax options, and where the forward's softmax tensors
    /// start among its new ones.
    softmax: (Softmax, usize),
    plan: ScorePlan,
    first_sub: usize,
    /// The forward's composite form (`composite.rs`).
    legacy: Legacy,
}

/// The forward's backend operation; `n` its new tensors (`o`, the
/// statistics when `has_stats`, the scale, the score subgraph's). Its
/// softmax is its own descriptor where the softmax writes anything (as
/// cudnn-frontend 1.32 sets it from cuDNN 9.21 on); where only the
/// statistics need that, the form with them as `SDPA_FWD_STATSDESC` is
/// the one for a cuDNN below 9.21.
fn sdpa_forward_op(
    node: &SdpaNode,
    has_stats: bool,
    tables: Option<[usize; 2]>,
    n: &[usize],
) -> BackendOp {
    let soft = node.softmax.0;
    let mut op = sdpa_forward_form(node, has_stats, tables, n, soft.described());
    if soft.described() && !soft.nested() {
        let older = sdpa_forward_form(node, has_stats, tables, n, false);
        op.older = Some((sdpa_softmax::NESTED_SINCE, Box::new(older)));
    }
    op
}

/// [`sdpa_forward_op`]'s form with its softmax as its own descriptor
/// where `nest`.
fn sdpa_forward_form(
    node: &SdpaNode,
    has_stats: bool,
    tables: Option<[usize; 2]>,
    n: &[usize],
    nest: bool,
) -> BackendOp {
    let mut op = BackendOp::new(
        "sdpa_forward",
        D::OPERATION_SDPA_FWD_DESCRIPTOR,
        Version::new(9, 13, 0),
        "OPERATION_SDPA_FWD, @since 9.13.0",
    );
    op.input(A::OPERATION_SDPA_FWD_QDESC, node.ins[0]);
    op.input(A::OPERATION_SDPA_FWD_KDESC, node.ins[1]);
    op.input(A::OPERATION_SDPA_FWD_VDESC, node.ins[2]);
    op.output(A::OPERATION_SDPA_FWD_ODESC, n[0]);
    op.composite = Some(node.legacy.composite(node, has_stats, n));
    let k = 1 + usize::from(has_stats);
    let (soft, softmax_at) = node.softmax;
    if nest {
        // The statistics are the softmax descriptor's, as cudnn-frontend
        // 1.32 sets them when it describes the softmax.
        let stats = has_stats.then(|| n[1]);
        soft.set_forward(&mut op, stats, &n[softmax_at..node.first_sub]);
    } else if has_stats {
        op.output(A::OPERATION_SDPA_FWD_STATSDESC, n[1]);
    }
    op.input(A::OPERATION_SDPA_FWD_SCALEDESC, n[k]);
    if let Some(f) = &node.fp8 {
        f.set(&mut op, &n[k + 1..softmax_at]);
    }
    // Before the sequence lengths, so that a refusal names the
    // page tables.
    if let Some([tk, tv]) = tables {
        op.index_input(A::OPERATION_SDPA_FWD_PAGE_TABLE_KDESC, tk);
        op.index_input(A::OPERATION_SDPA_FWD_PAGE_TABLE_VDESC, tv);
        op.require(
            Version::new(9, 15, 0),
            "SDPA_FWD_PAGE_TABLE_KDESC and PAGE_TABLE_VDESC, @since 9.15.0",
        );
    }
    if let Some(seq) = node.seq {
        lengths::set_lengths(&mut op, seq, &lengths::FORWARD);
    }
    if let Some(m) = node.block_mask {
        op.input(A::OPERATION_SDPA_FWD_BLOCK_MASK_DESC, m);
        op.require(
            Version::new(9, 14, 0),
            "SDPA_FWD_BLOCK_MASK_DESC (a block mask), @since 9.14.0",
        );
    }
    if let Some((p, seed, offset)) = node.dropout {
        op.settings
            .push(Setting::Float(A::OPERATION_SDPA_FWD_DROPOUT_PROBABILITY, p));
        op.input(A::OPERATION_SDPA_FWD_DROPOUT_SEED_DESC, seed);
        op.input(A::OPERATION_SDPA_FWD_DROPOUT_OFFSET_DESC, offset);
        // The header says 9.21.0; cudnn-frontend 1.32 sets dropout on the
        // unified forward from 9.22.0 (its composite below).
        op.require(
            Version::new(9, 22, 0),
            "SDPA_FWD_DROPOUT_PROBABILITY, SEED_DESC and OFFSET_DESC as cudnn-frontend 1.32 \
             sets them, 9.22.0",
        );
    }
    if let Some(sub) = node.plan.subgraph(&n[node.first_sub..], true) {
        op.subgraph = Some(sub);
        op.require(
            Version::new(9, 21, 0),
            "SDPA_FWD_SUBGRAPH (a bias, a causal mask, a right bound or a sliding \
             window), @since 9.21.0",
        );
    }
    op
}

/// The backward's backend operation; `n` its new tensors (`dq`, `dk`,
/// `dv`, the scale, the bias's gradient at `dbias_at`, the score
/// subgraph's).
fn sdpa_backward_op(node: &SdpaNode, dbias_at: Option<usize>, n: &[usize]) -> BackendOp {
    let mut op = BackendOp::new(
        "sdpa_backward",
        D::OPERATION_SDPA_BWD_DESCRIPTOR,
        Version::new(9, 17, 0),
        "OPERATION_SDPA_BWD, @since 9.17.0",
    );
    op.input(A::OPERATION_SDPA_BWD_QDESC, node.ins[0]);
    op.input(A::OPERATION_SDPA_BWD_KDESC, node.ins[1]);
    op.input(A::OPERATION_SDPA_BWD_VDESC, node.ins[2]);
    op.input(A::OPERATION_SDPA_BWD_ODESC, node.ins[3]);
    op.input(A::OPERATION_SDPA_BWD_DODDESC, node.ins[4]);
    op.input(A::OPERATION_SDPA_BWD_STATSDESC, node.ins[5]);
    op.output(A::OPERATION_SDPA_BWD_DQDESC, n[0]);
    op.output(A::OPERATION_SDPA_BWD_DKDESC, n[1]);
    op.output(A::OPERATION_SDPA_BWD_DVDESC, n[2]);
    op.input(A::OPERATION_SDPA_BWD_SCALEDESC, n[3]);
    op.composite = Some(node.legacy.composite_backward(node, n));
    if let Some(seq) = node.seq {
        lengths::set_lengths(&mut op, seq, &lengths::BACKWARD);
    }
    if let Some(sub) = node.plan.subgraph(&n[node.first_sub..], false) {
        op.subgraph = Some(sub);
        op.require(
            Version::new(9, 21, 0),
            "SDPA_BWD_SUBGRAPH (a bias, a causal mask, a right bound or a sliding \
             window), @since 9.21.0",
        );
    }
    if let Some((p, seed, offset)) = node.dropout {
        op.settings
            .push(Setting::Float(A::OPERATION_SDPA_BWD_DROPOUT_PROBABILITY, p));
        op.input(A::OPERATION_SDPA_BWD_DROPOUT_SEED_DESC, seed);
        op.input(A::OPERATION_SDPA_BWD_DROPOUT_OFFSET_DESC, offset);
        op.require(
            Version::new(9, 28, 0),
            "SDPA_BWD_DROPOUT_PROBABILITY, SEED_DESC and OFFSET_DESC, @since 9.28.0",
        );
    }
    if let Some(i) = dbias_at {
        op.output(A::OPERATION_SDPA_BWD_DBIAS_DESC, n[i]);
        op.require(Version::new(9, 28, 0), "SDPA_BWD_DBIAS_DESC, @since 9.28.0");
    }
    op
}

/// The options the backward refuses: the forward's `stats`, `paged` and
/// `fp8`, and `bias_gradient` without a bias.
fn check_backward_options(options: &SdpaOptions) -> std::result::Result<(), &'static str> {
    if options.stats {
        return Err("stats is an option of the forward; the backward reads them");
    }
    if options.paged.is_some() {
        return Err("paged K/V is an option of the forward; the backward takes dense K/V");
    }
    if options.block_mask.is_some() {
        return Err("block_mask is an option of the forward");
    }
    if is_fp8(options) {
        return Err("fp8 is an option of the forward (mxfp8 too); the backward takes FP16/BF16");
    }
    if options.bias_gradient && options.bias.is_none() {
        return Err("bias_gradient without a bias");
    }
    Ok(())
}
