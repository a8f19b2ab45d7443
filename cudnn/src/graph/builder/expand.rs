//! The composite SDPA forward of the cuDNN releases before the unified
//! operation: where the loaded cuDNN lacks `OPERATION_SDPA_FWD` (9.13) or
//! an attribute a forward's options set, [`Graph::build_with`] lowers the
//! forward to the graph of matmuls, pointwise operations and reductions
//! that cuDNN's fused attention engines recognise (cuDNN 8.9 on), as
//! cuDNN's frontend 1.32 builds it (`CompositeSDPANode::expand_node`,
//! `CompositeSoftmaxNode`, `attn::score_modifiers`):
//!
//! 1. `bmm1`: `S = Q K^T`, `K` described transposed (`[B, H_k, D, S_kv]`,
//!    its strides swapped: the same memory), `S` `[B, H_q, S_q, S_kv]`
//!    packed; with sequence lengths, their tensors as the matmul's `M` and
//!    `N` overrides;
//! 2. `attn_scale`: a pointwise `MUL` by the node's scale (by value);
//! 3. `bias_add`: a pointwise `ADD` of the bias;
//! 4. the padding mask (sequence lengths): `GEN_INDEX` of rows and columns
//!    (`INT32`), `CMP_LT` against the lengths and `LOGICAL_AND`
//!    (`BOOLEAN`), `BINARY_SELECT` of the score or the fill; below cuDNN
//!    9.0 without lengths and with `S_kv` not a multiple of 64, a
//!    `CMP_LT` of the columns against `S_kv` (a workaround of the
//!    frontend's);
//! 5. the causal mask: `GEN_INDEX` of rows and columns (`INT32`), aligned
//!    bottom-right the rows shifted by `S_kv - S_q` (an `ADD` and a `SUB`
//!    in `INT32` of the lengths, or of the dims as `INT32` scalars),
//!    `CMP_GE` (row `>=` column, `BOOLEAN`), `BINARY_SELECT`; from cuDNN
//!    9.21 one `DIAGONAL_BAND_MASK` instead (`CMP_GE`, the fill, aligned
//!    bottom-right the lengths or dims), as the frontend's
//!    `INode::diagonal_band_mask` picks its unified node; aligned
//!    bottom-right below cuDNN 9.6, `S_q` and `S_kv` are multiples of 64
//!    (the frontend's rule; refused otherwise);
//! 6. the softmax: from cuDNN 9.21 one `OPERATION_SOFTMAX` (its
//!    statistics, `FLOAT`, where asked for); below, a `MAX` reduction,
//!    `SUB`, `EXP`, an `ADD` reduction, `LOG` and `ADD` into the
//!    statistics (virtual when not asked for), `DIV`;
//! 7. dropout: an `RNG` operation (Bernoulli, `1 - p`, the node's seed and
//!    offset), a `MUL` by its mask and a `MUL` by `1 / (1 - p)`;
//! 8. `bmm2`: `O = P V`, `P` in `q`'s type, with the lengths as `M` and
//!    `K` overrides.
//!
//! The fill of a masked score is `f32::MIN` below cuDNN 9.10 and negative
//! infinity from 9.10 (`get_negative_inf_value`). cuDNN 9.10.0 and 9.10.1
//! are refused (the frontend's: known bugs of their half forward), and on
//! cuDNN 8 grouped-query attention (its matmul does not broadcast heads). A
//! right bound, a sliding window, cumulative lengths, paged K/V and FP8
//! are not expressed, nor a bottom-right causal mask with a bias or
//! dropout or with more queries than keys and no lengths: such a forward
//! keeps the unified operation's gate.
//!
//! `K` is described transposed in place, so a forward whose keys another
//! operation writes or reads keeps the unified node. The unified node's
//! own new tensors (its score subgraph's) stay in the
//! built graph, unused; the composite's tensors come after every tensor
//! of the description, so each [`TensorId`](super::TensorId)'s uid is
//! unchanged.
//!
//! The backward's composite (below `OPERATION_SDPA_BWD`, 9.17) is built
//! by `expand/backward.rs`, under the same refusals.

use crate::core::dtype::DType;
use std::sync::Arc;

use cudnn_sys as sys;

use sys::cudnnBackendAttributeName_t as A;
use sys::cudnnBackendDescriptorType_t as D;
use sys::cudnnPointwiseMode_t as Pw;
use sys::cudnnReduceTensorOp_t as Red;
use sys::cudnnRngDistribution_t as R;
use DType as Dt;

use super::node::{BackendOp, Composite, CompositeSdpa, CompositeSdpaBackward, Setting};
use super::shape::SOFTMAX_SINCE;
use super::{checks, node_error, Graph, OpDef, TensorDef};
use crate::core::error::Result;
use crate::core::version::Version;
use crate::graph::extents::Extents;
use crate::graph::ScalarValue;

/// The oldest cuDNN whose fused attention engines take the composite.
pub(super) const COMPOSITE_SINCE: Version = Version::new(8, 9, 0);

/// The first cuDNN the frontend masks with one `DIAGONAL_BAND_MASK`
/// operation (`INode::diagonal_band_mask`: the unified node from 9.21.0).
const BAND_MASK_SINCE: Version = Version::new(9, 21, 0);

/// An SDPA node with a composite form, as the expansion reads it.
enum Which<'a> {
    Forward(&'a CompositeSdpa),
    Backward(&'a CompositeSdpaBackward),
}

/// A graph with its composites expanded, the tensors of it that are
/// virtual though typed (indices, masks, the half-typed probabilities),
/// and those no operation of it reads or writes (the unified nodes' own,
/// which cuDNN leaves out of a plan's JSON).
pub(super) struct Expanded {
    pub(super) graph: Graph,
    pub(super) typed_virtual: Vec<usize>,
    pub(super) unused: Vec<bool>,
}

/// Which of `n` tensors no operation of `ops` reads or writes.
fn unused(ops: &[OpDef], n: usize) -> Vec<bool> {
    let mut unused = vec![true; n];
    for o in ops {
        for i in o.op.inputs().into_iter().chain(o.op.outputs()) {
            if let Some(u) = unused.get_mut(i) {
                *u = false;
            }
        }
    }
    unused
}

impl Graph {
    /// The graph with each SDPA forward that `have` lacks an attribute of
    /// and that has a composite form replaced by its composite; `None`
    /// when there is none; with `force`, each that has a composite form.
    /// An operation with an older form (`BackendOp::older`) that `have` is
    /// below the version of is replaced by it.
    /// A composite `have` refuses (below 8.9, cuDNN 9.10.0 and 9.10.1) is
    /// refused here, naming the node.
    pub(super) fn expand_composites(
        &self,
        function: &'static str,
        have: Version,
        force: bool,
    ) -> Result<Option<Expanded>> {
        let older = |o: &OpDef| -> Option<BackendOp> {
            let (since, form) = o.op.older.as_ref()?;
            (have < *since).then(|| (**form).clone())
        };
        if !self
            .ops
            .iter()
            .any(|o| self.composite_of(o, have, force).is_some() || older(o).is_some())
        {
            return Ok(None);
        }
        let mut e = Expander {
            tensors: self.tensors.clone(),
            ops: Vec::new(),
            typed_virtual: Vec::new(),
            have,
            transposed: std::collections::HashSet::new(),
        };
        for o in &self.ops {
            let Some(which) = self.composite_of(o, have, force) else {
                // The older form, if `have` is below its version: the
                // tensors only the newer form names stay unused.
                let op = older(o).map_or_else(|| Arc::clone(&o.op), Arc::new);
                e.ops.push(OpDef {
                    name: o.name.clone(),
                    op,
                });
                continue;
            };
            // The node as errors name it (`sdpa_forward "f#0"`).
            let nd = format!("{} \"{}\"", o.op.kind, o.name);
            check_release(function, nd.clone(), have)?;
            let unified = o.op.min_version();
            match which {
                Which::Forward(c) => {
                    let (q, k) = (c.q, c.k);
                    self.check_heads(function, nd.clone(), [q, k, c.v], have)?;
                    let mask = (c.bottom_right, [q, k]);
                    self.check_bottom_right(function, nd, mask, (have, unified))?;
                    e.sdpa(&o.name, c);
                }
                Which::Backward(c) => {
                    backward::check_backward(self, function, nd, c, (have, unified))?;
                    e.sdpa_backward(&o.name, c);
                }
            }
        }
        let unused = unused(&e.ops, e.tensors.len());
        let graph = Graph {
            id: self.id,
            name: self.name.clone(),
            intermediate: self.intermediate,
            compute: self.compute,
            dynamic_shapes: self.dynamic_shapes,
            tensors: e.tensors,
            ops: e.ops,
        };
        Ok(Some(Expanded {
            graph,
            typed_virtual: e.typed_virtual,
            unused,
        }))
    }

    /// The composite form of `o` to build: where `have` lacks what it
    /// needs (or with `force`) and its keys and values may be described
    /// transposed in place.
    fn composite_of<'a>(&self, o: &'a OpDef, have: Version, force: bool) -> Option<Which<'a>> {
        match &o.op.composite {
            _ if !force && o.op.min_version().0 <= have => None,
            Some(Composite::Sdpa(c)) if self.k_is_its_own(c.k) => Some(Which::Forward(c)),
            Some(Composite::SdpaBackward(c)) if backward::kv_are_its_own(self, c) => {
                Some(Which::Backward(c))
            }
            _ => None,
        }
    }

    /// Whether `k` may be described transposed in place (as the frontend
    /// does): an input of the graph that only SDPA forwards read. A `k`
    /// another operation writes or reads keeps the unified node (and its
    /// version's refusal).
    fn k_is_its_own(&self, k: usize) -> bool {
        let sdpa_forward = |o: &OpDef| o.op.kind == "sdpa_forward";
        self.tensors[k].producer.is_none()
            && self
                .ops
                .iter()
                .all(|o| sdpa_forward(o) || !o.op.inputs().contains(&k))
    }

    /// On cuDNN 8, grouped-query attention is refused: its matmul does not
    /// broadcast K's or V's heads over Q's (8.9.5 refuses them with
    /// `BAD_PARAM`).
    fn check_heads(
        &self,
        function: &'static str,
        nd: String,
        [q, k, v]: [usize; 3],
        have: Version,
    ) -> Result<()> {
        let heads = |i: usize| self.tensors[i].dims[1];
        let (hq, hk, hv) = (heads(q), heads(k), heads(v));
        if have.major >= 9 || (hk == hq && hv == hq) {
            return Ok(());
        }
        Err(node_error(
            function,
            nd,
            None,
            format!(
                "needs cuDNN 9.0.0 or later for grouped-query attention in the composite graph \
                 ({hk} key and {hv} value heads for {hq} query heads: cuDNN 8's matmul does not \
                 broadcast them); the loaded one is {have}"
            ),
        ))
    }

    /// Below cuDNN 9.6, a bottom-right causal mask needs `S_q` and `S_kv`
    /// multiples of 64 (the frontend's rule): otherwise the refusal of the
    /// unified node (`want`, because of `needs`), saying why.
    fn check_bottom_right(
        &self,
        function: &'static str,
        nd: String,
        (bottom_right, [q, k]): (bool, [usize; 2]),
        (have, (want, needs)): (Version, (Version, &str)),
    ) -> Result<()> {
        let (sq, skv) = (self.tensors[q].dims[2], self.tensors[k].dims[2]);
        if !bottom_right || have >= Version::new(9, 6, 0) || (sq % 64 == 0 && skv % 64 == 0) {
            return Ok(());
        }
        Err(node_error(
            function,
            nd,
            None,
            format!(
                "needs cuDNN {want} or later ({needs}); the loaded one is {have}; the composite \
                 attention graph of older releases takes a causal mask aligned bottom-right \
                 before cuDNN 9.6.0 only with S_q and S_kv multiples of 64 (here {sq} and {skv})"
            ),
        ))
    }
}

/// The releases the composite is refused on: before 8.9, and 9.10.0 and
/// 9.10.1 (the frontend's refusal).
fn check_release(function: &'static str, nd: String, have: Version) -> Result<()> {
    let what = if have < COMPOSITE_SINCE {
        "cuDNN 8.9.0 or later for the composite attention graph"
    } else if have == Version::new(9, 10, 0) || have == Version::new(9, 10, 1) {
        "another release than 9.10.0 and 9.10.1, whose composite attention (forward and \
         backward) has known bugs (cuDNN's frontend refuses them; 9.10.2 is fixed)"
    } else {
        return Ok(());
    };
    Err(node_error(
        function,
        nd,
        None,
        format!("needs {what}; the loaded one is {have}"),
    ))
}

/// The expansion under way: the tensors (the description's, then the
/// composite's), the operations, the typed virtual tensors.
struct Expander {
    tensors: Vec<TensorDef>,
    ops: Vec<OpDef>,
    typed_virtual: Vec<usize>,
    have: Version,
    /// The keys described transposed.
    transposed: std::collections::HashSet<usize>,
}

impl Expander {
    /// A new virtual tensor `<node>.<suffix>` of `dims` (packed), of the
    /// intermediate type or of `dtype`.
    fn virt(&mut self, nd: &str, suffix: &str, dims: &[i64], dtype: Option<Dt>) -> usize {
        let layout = (dims.into(), checks::packed_strides(dims));
        let name = Graph::output_name(nd, suffix);
        let i = self.take(TensorDef::new(name, layout, dtype, Some(self.ops.len())));
        if dtype.is_some() {
            self.typed_virtual.push(i);
        }
        i
    }

    /// A new by-value scalar `<node>.<suffix>`, `[1, 1, 1, 1]`, of the
    /// value's type.
    fn scalar(&mut self, nd: &str, suffix: &str, value: ScalarValue) -> usize {
        let name = Graph::output_name(nd, suffix);
        self.take(TensorDef::by_value(name, Extents::filled(1, 4), value))
    }

    /// Takes tensor `t` as the next one (its uid set); returns its index.
    fn take(&mut self, mut t: TensorDef) -> usize {
        let i = self.tensors.len();
        t.uid = i as i64 + 1;
        self.tensors.push(t);
        i
    }

    fn push(&mut self, nd: &str, suffix: &str, op: BackendOp) {
        self.ops.push(OpDef {
            name: Graph::output_name(nd, suffix),
            op: Arc::new(op),
        });
    }

    /// A pointwise operation of `mode` writing `y`, in the graph's
    /// compute type.
    fn pw(&mut self, nd: &str, suffix: &str, mode: Pw, inputs: &[usize], y: usize) {
        self.push(nd, suffix, BackendOp::pointwise(mode, inputs, y));
    }

    /// A pointwise operation of `mode` into a new virtual tensor of `x`'s
    /// dims, returned.
    fn pw_new(&mut self, nd: &str, suffix: &str, mode: Pw, inputs: &[usize]) -> usize {
        let dims = self.tensors[inputs[0]].dims.clone();
        let y = self.virt(nd, suffix, &dims, None);
        self.pw(nd, suffix, mode, inputs, y);
        y
    }

    /// A pointwise operation with its own compute type (and axis) into a
    /// new virtual tensor of `dims` and `dtype`.
    fn typed(&mut self, nd: &str, suffix: &str, mode: Pw, inputs: &[usize], types: Types) -> usize {
        let dims = self.tensors[inputs[0]].dims.clone();
        let y = self.virt(nd, suffix, &dims, Some(types.out));
        let op = BackendOp::pointwise_in(mode, inputs, y, types.compute, types.axis);
        self.push(nd, suffix, op);
        y
    }

    fn reduction(&mut self, nd: &str, suffix: &str, op: Red, x: usize, y: usize) {
        self.push(nd, suffix, BackendOp::reduction(op, x, y));
    }

    /// The fill of a masked score.
    fn fill(&mut self, nd: &str) -> usize {
        let v = if self.have < Version::new(9, 10, 0) {
            f32::MIN
        } else {
            f32::NEG_INFINITY
        };
        self.scalar(nd, "fill", ScalarValue::Float(v))
    }

    /// The composite of SDPA forward `nd`.
    fn sdpa(&mut self, nd: &str, c: &CompositeSdpa) {
        let q = &self.tensors[c.q].dims;
        let (b, hq, sq) = (q[0], q[1], q[2]);
        let skv = self.tensors[c.k].dims[2];
        let qtype = self.tensors[c.q].dtype().unwrap_or(Dt::HALF);
        // Once, when two forwards read the same keys.
        if self.transposed.insert(c.k) {
            let kt = &mut self.tensors[c.k];
            kt.dims.swap(2, 3);
            kt.strides.swap(2, 3);
        }
        // The scale, of one dimension for the unified forward (as
        // cudnn-frontend 1.32 makes it), is of the scores' rank here: a
        // pointwise operation's operands are of one rank, and cuDNN 8.9.7
        // and 9.10.2 refuse a tensor of one dimension.
        let scale = &mut self.tensors[c.scale];
        scale.dims = vec![1; 4].into();
        scale.strides = vec![1; 4].into();
        let s_dims = [b, hq, sq, skv];
        let mut s = self.virt(nd, "bmm1", &s_dims, None);
        let (m, n) = match c.seq {
            Some((lq, lkv)) => (Some(lq), Some(lkv)),
            None => (None, None),
        };
        let bmm1 = BackendOp::matmul([c.q, c.k, s], [m, n, None], 0.0);
        self.push(nd, "bmm1", bmm1);
        s = self.pw_new(nd, "attn_scale", Pw::CUDNN_POINTWISE_MUL, &[s, c.scale]);
        if let Some(bias) = c.bias {
            s = self.pw_new(nd, "bias_add", Pw::CUDNN_POINTWISE_ADD, &[s, bias]);
        }
        if let Some((lq, lkv)) = c.seq {
            s = self.padding_mask(nd, s, lq, lkv);
        } else if skv % 64 != 0 && self.have < Version::new(9, 0, 0) {
            s = self.short_keys_mask(nd, s, skv);
        }
        if c.causal {
            let shift = c.bottom_right.then(|| match c.seq {
                Some(lengths) => lengths,
                None => (self.int(nd, "s_q", sq), self.int(nd, "s_kv", skv)),
            });
            s = self.causal_mask(nd, s, shift);
        }
        let last_type = Some(qtype);
        let p = self.softmax(nd, s, c.stats, c.dropout.is_none().then_some(qtype));
        let p = match c.dropout {
            Some(d) => self.dropout(nd, p, d, &s_dims, last_type),
            None => p,
        };
        let bmm2 = BackendOp::matmul([p, c.v, c.o], [m, None, n], 0.0);
        self.push(nd, "bmm2", bmm2);
    }

    /// The padding mask of lengths `lq`, `lkv` over scores `s`.
    fn padding_mask(&mut self, nd: &str, s: usize, lq: usize, lkv: usize) -> usize {
        let int = Types::new(Dt::INT32, Some(Dt::INT32));
        let boolean = Types::new(Dt::BOOLEAN, Some(Dt::BOOLEAN));
        let gen = Pw::GEN_INDEX;
        let row = self.typed(nd, "gen_row_idx_padding", gen, &[s], int.axis(2));
        let col = self.typed(nd, "gen_col_idx_padding", gen, &[s], int.axis(3));
        let lt = Pw::CMP_LT;
        let row_ok = self.typed(nd, "lt_row_sq_padding", lt, &[row, lq], boolean);
        let col_ok = self.typed(nd, "lt_col_skv_padding", lt, &[col, lkv], boolean);
        let and = Pw::LOGICAL_AND;
        let keep = self.typed(nd, "and_row_col_padding", and, &[row_ok, col_ok], boolean);
        let fill = self.fill(nd);
        let select = Pw::BINARY_SELECT;
        self.pw_new(nd, "select_padding", select, &[s, fill, keep])
    }

    /// Below cuDNN 9.0, without lengths and with `S_kv` not a multiple of
    /// 64: the keys past `S_kv` masked (the frontend's workaround).
    fn short_keys_mask(&mut self, nd: &str, s: usize, skv: i64) -> usize {
        let col = self.gen_index(nd, "gen_col_index", s, 3, None);
        let limit = i32::try_from(skv).unwrap_or(i32::MAX);
        let limit = self.scalar(nd, "max_seq_kv", ScalarValue::Int32(limit));
        let keep = self.pw_new(nd, "col_less_seq_kv", Pw::CMP_LT, &[col, limit]);
        let fill = self.fill(nd);
        let select = Pw::BINARY_SELECT;
        self.pw_new(nd, "binary_select", select, &[s, fill, keep])
    }

    /// An `INT32` scalar of a dim (`i32::MAX` beyond it, which the
    /// unified node's checks refuse first).
    fn int(&mut self, nd: &str, suffix: &str, v: i64) -> usize {
        let v = i32::try_from(v).unwrap_or(i32::MAX);
        self.scalar(nd, suffix, ScalarValue::Int32(v))
    }

    /// The causal mask (the frontend's diagonal band mask with a right
    /// bound of 0): kept where row `>=` column; with `shift` (the queries'
    /// and keys' lengths, aligned bottom-right) the row is first shifted by
    /// `len_kv - len_q`. From cuDNN 9.21 one `DIAGONAL_BAND_MASK` operation
    /// (the frontend's `UnifiedDiagonalBandMaskNode`), before it pointwise
    /// operations (its `CompositeDiagonalBandMaskNode`).
    fn causal_mask(&mut self, nd: &str, s: usize, shift: Option<(usize, usize)>) -> usize {
        if self.have >= BAND_MASK_SINCE {
            return self.band_mask(nd, s, shift);
        }
        let int = Some(Dt::INT32);
        let mut row = self.gen_index(nd, "gen_row_index", s, 2, int);
        let col = self.gen_index(nd, "gen_col_index", s, 3, int);
        if let Some((lq, lkv)) = shift {
            let i32s = Types::new(Dt::INT32, int).axis(3);
            row = self.typed(nd, "row+skv", Pw::CUDNN_POINTWISE_ADD, &[row, lkv], i32s);
            row = self.typed(nd, "row+skv-sq", Pw::SUB, &[row, lq], i32s);
        }
        let boolean = Types::new(Dt::BOOLEAN, Some(Dt::BOOLEAN));
        let ge = Pw::CMP_GE;
        let keep = self.typed(nd, "row>=col", ge, &[row, col], boolean);
        let fill = self.fill(nd);
        let select = Pw::BINARY_SELECT;
        self.pw_new(nd, "causal_select", select, &[s, fill, keep])
    }

    /// The causal mask as one `DIAGONAL_BAND_MASK` (`CMP_GE`, no shift of
    /// the right bound), with the lengths `shift` aligned bottom-right.
    fn band_mask(&mut self, nd: &str, s: usize, shift: Option<(usize, usize)>) -> usize {
        let fill = self.fill(nd);
        let dims = self.tensors[s].dims.clone();
        let y = self.virt(nd, "right_bound_diagonal_mask", &dims, None);
        let mut op = BackendOp::new(
            "diagonal_band_mask",
            D::OPERATION_DIAGONAL_BAND_MASK_DESCRIPTOR,
            BAND_MASK_SINCE,
            "OPERATION_DIAGONAL_BAND_MASK in the composite attention graph (cuDNN's frontend \
             uses it from 9.21.0)",
        );
        op.settings.push(Setting::Pointwise(
            A::OPERATION_DIAGONAL_BAND_MASK_COMPARISON_MODE,
            Pw::CMP_GE,
        ));
        op.input(A::OPERATION_DIAGONAL_BAND_MASK_XDESC, s);
        op.input(A::OPERATION_DIAGONAL_BAND_MASK_BDESC, fill);
        if let Some((lq, lkv)) = shift {
            op.input(A::OPERATION_DIAGONAL_BAND_MASK_SEQ_LEN_QDESC, lq);
            op.input(A::OPERATION_DIAGONAL_BAND_MASK_SEQ_LEN_KVDESC, lkv);
        }
        op.output(A::OPERATION_DIAGONAL_BAND_MASK_YDESC, y);
        self.push(nd, "right_bound_diagonal_mask", op);
        y
    }

    /// `GEN_INDEX` of `s` along `axis`, in the graph's compute type, into
    /// a virtual tensor of `dtype` (the intermediate type for `None`).
    fn gen_index(
        &mut self,
        nd: &str,
        suffix: &str,
        s: usize,
        axis: i64,
        dtype: Option<Dt>,
    ) -> usize {
        let dims = self.tensors[s].dims.clone();
        let y = self.virt(nd, suffix, &dims, dtype);
        let gen = Pw::GEN_INDEX;
        self.push(
            nd,
            suffix,
            BackendOp::pointwise_in(gen, &[s], y, None, Some(axis)),
        );
        y
    }

    /// The softmax of `s` along its last dim: writes the statistics (into
    /// `stats`, or a virtual tensor), returns the probabilities (virtual,
    /// of `out` or the intermediate type). From cuDNN 9.21 it is one
    /// `OPERATION_SOFTMAX` (the statistics only where asked for), as
    /// cudnn-frontend 1.32's `INode::softmax` makes it there.
    fn softmax(&mut self, nd: &str, s: usize, stats: Option<usize>, out: Option<Dt>) -> usize {
        if self.have >= SOFTMAX_SINCE {
            let dims = self.tensors[s].dims.clone();
            let p = self.virt(nd, "softmax", &dims, out);
            self.push(nd, "softmax", BackendOp::softmax(s, p, stats));
            return p;
        }
        let mut row = self.tensors[s].dims.clone();
        row[3] = 1;
        let max = self.virt(nd, "max", &row, None);
        self.reduction(nd, "max", Red::MAX, s, max);
        let sub = self.pw_new(nd, "sub_m", Pw::SUB, &[s, max]);
        let exp = self.pw_new(nd, "exp_sub_m", Pw::EXP, &[sub]);
        let sum = self.virt(nd, "sum_exp", &row, None);
        self.reduction(nd, "sum", Red::CUDNN_REDUCE_TENSOR_ADD, exp, sum);
        let log = self.pw_new(nd, "log", Pw::CUDNN_POINTWISE_LOG, &[sum]);
        let stats = match stats {
            Some(t) => t,
            None => self.virt(nd, "softmax_stats", &row, None),
        };
        self.pw(nd, "add", Pw::CUDNN_POINTWISE_ADD, &[max, log], stats);
        let dims = self.tensors[s].dims.clone();
        let p = self.virt(nd, "softmax", &dims, out);
        self.pw(nd, "div", Pw::DIV, &[exp, sum], p);
        p
    }

    /// Dropout of `p` (probability, seed, offset), into a virtual tensor
    /// of `out`.
    fn dropout(
        &mut self,
        nd: &str,
        p: usize,
        (prob, seed, offset): (f32, usize, usize),
        dims: &[i64],
        out: Option<Dt>,
    ) -> usize {
        let mask = self.virt(nd, "rng", dims, None);
        let bernoulli = (R::BERNOULLI, [1.0 - f64::from(prob), 0.0]);
        self.push(nd, "rng", BackendOp::rng(bernoulli, [seed, offset, mask]));
        let kept = self.pw_new(nd, "dropout_mask_mul", Pw::CUDNN_POINTWISE_MUL, &[p, mask]);
        let scale = self.scalar(nd, "dropout_scale", ScalarValue::Float(1.0 / (1.0 - prob)));
        let y = self.virt(nd, "dropout_scale", dims, out);
        self.pw(
            nd,
            "dropout_scale",
            Pw::CUDNN_POINTWISE_MUL,
            &[kept, scale],
            y,
        );
        y
    }
}

/// The output and compute types (and axis) of a typed pointwise
/// operation.
#[derive(Clone, Copy)]
struct Types {
    out: Dt,
    compute: Option<Dt>,
    axis: Option<i64>,
}

impl Types {
    fn new(out: Dt, compute: Option<Dt>) -> Types {
        Types {
            out,
            compute,
            axis: None,
        }
    }

    fn axis(self, axis: i64) -> Types {
        Types {
            axis: Some(axis),
            ..self
        }
    }
}

mod backward;

#[cfg(test)]
mod expand_tests;
