//! The grouped matmul of a mixture-of-experts layer
//! (`OPERATION_MOE_GROUPED_MATMUL`, cuDNN 9.15): [`Graph::moe_grouped_matmul`],
//! with cudnn-frontend 1.32's routing modes and layout (its
//! `moe_grouped_matmul` node).

#![warn(clippy::arithmetic_side_effects)]

use crate::core::dtype::DType;
use crate::core::version::Version;
use cudnn_sys as sys;

use sys::cudnnBackendAttributeName_t as A;
use sys::cudnnBackendDescriptorType_t as D;
use sys::cudnnMoeGroupedMatmulMode_t as Mode;

use super::node::{BackendOp, Setting};
use super::{node, node_error, Graph, NodeLabel, TensorId};
use crate::core::error::Result;

/// The release that has the operation.
const SINCE: Version = Version::new(9, 15, 0);
/// The release that has its backward.
const BACKWARD_SINCE: Version = Version::new(9, 22, 0);

/// How a [`Graph::moe_grouped_matmul`] routes tokens to experts (after
/// cuDNN's documentation of the operation, with `S` tokens each routed to
/// `top_k` experts).
///
/// The index tensors are read on the device (bound with the `unsafe`
/// [`VariantPack::index_input`](crate::graph::VariantPack::index_input)),
/// each `[1, rows, 1]` of `INT32`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoeRouting {
    /// The token rows are grouped by expert already (`S * top_k` of
    /// them): output row `r` is token row `r` times its group's expert.
    None,
    /// The token tensor holds the `S` tokens: output row `r` is token row
    /// `token_index[r]` times row `r`'s group's expert, and the output has
    /// `token_index`'s rows (`S * top_k`; cuDNN 9.28 refuses fewer than the
    /// token tensor's, `BAD_PARAM` when the graph is built).
    Gather {
        /// The token row of each output row.
        token_index: TensorId,
    },
    /// The token rows are grouped by expert (`S * top_k` of them): the
    /// product of row `r` is written to output row
    /// `token_index[r] * top_k + token_ks[r]`, back in token order; the
    /// output has the token tensor's rows.
    Scatter {
        /// The token (0 to `S - 1`) of each row.
        token_index: TensorId,
        /// The choice (0 to `top_k - 1`) of each row.
        token_ks: TensorId,
        /// The experts each token is routed to, 1 to `i32::MAX`.
        top_k: u32,
    },
}

impl Graph {
    /// The grouped matmul of a mixture-of-experts layer: the rows
    /// `first_token_offset[g]` to `first_token_offset[g + 1]` (exclusive)
    /// form group `g`, multiplied by expert `g % E`'s weight (`G` groups:
    /// `E` times the batch), routed as [`MoeRouting`] says; after
    /// cudnn-frontend 1.32's `moe_grouped_matmul`:
    ///
    /// - `token`: `[1, M, K]`;
    /// - `weight`: `[E, K, N]`, of the token's type;
    /// - `first_token_offset`: `[G + 1, 1, 1]` of `INT32`, the groups'
    ///   bounds (the frontend names the `G` starts that older releases
    ///   took deprecated, and cuDNN 9.28 still plans them), read on the
    ///   device;
    /// - the output: `[1, M, N]` (`[1, rows of token_index, N]` for
    ///   [`MoeRouting::Gather`]), packed, computed in `FLOAT` (cuDNN's
    ///   engines take `HALF` and `BFLOAT16` operands).
    ///
    /// cuDNN reads the offsets and indices on the device: their values
    /// are the caller's contract ([`MoeRouting`]).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming
    /// the node and the tensor: a tensor of another graph or a scalar, a
    /// rank other than 3, a token tensor whose first dim is not 1, a weight
    /// of another type or inner dim, offsets or indices not of `INT32` or
    /// not of the dims above, scatter indices of different dims, a `top_k`
    /// of 0 or past `i32::MAX`. [`Graph::build`] refuses it on a cuDNN
    /// before 9.15.0 (the operation's release; NVIDIA's support matrix
    /// lists engines for it from 9.18.0; 9.28 is the release tested).
    pub fn moe_grouped_matmul(
        &mut self,
        token: TensorId,
        weight: TensorId,
        first_token_offset: TensorId,
        routing: MoeRouting,
    ) -> Result<TensorId> {
        const F: &str = "Graph::moe_grouped_matmul";
        const KIND: &str = "moe_grouped_matmul";
        let name = self.next_op_name(KIND);
        let nd = node(KIND, &name);
        let ins = self.inputs(F, &nd, &[token, weight, first_token_offset], false)?;
        let (t, w, fto) = (ins[0], ins[1], ins[2]);
        let [_, m, k] = self.rank3(F, &nd, t, "the token tensor")?;
        let [_, kw, n] = self.rank3(F, &nd, w, "the weight")?;
        let token_dims = &self.tensors[t].dims;
        if token_dims[0] != 1 || kw != k {
            let what = format!(
                "a token tensor of dims {token_dims:?} and a weight of dims {:?}; they are \
                 [1, M, K] and [E, K, N]",
                self.tensors[w].dims
            );
            return Err(node_error(F, nd, None, what));
        }
        if self.data_type_of(t) != self.data_type_of(w) {
            let tt = self.data_type_of(t);
            self.check_type_in(F, &nd, w, &[tt], "the weight (the token tensor's type)")?;
        }
        self.check_index(F, &nd, fto, None, "first_token_offset")?;
        let (mode, indices, top_k) = match routing {
            MoeRouting::None => (Mode::NONE, [None, None], None),
            MoeRouting::Gather { token_index } => {
                let i = self.inputs(F, &nd, &[token_index], false)?[0];
                self.check_index(F, &nd, i, Some(1), "token_index")?;
                (Mode::GATHER, [Some(i), None], None)
            }
            MoeRouting::Scatter {
                token_index,
                token_ks,
                top_k,
            } => {
                let ix = self.inputs(F, &nd, &[token_index, token_ks], false)?;
                self.check_index(F, &nd, ix[0], Some(1), "token_index")?;
                self.check_index(F, &nd, ix[1], Some(1), "token_ks")?;
                if self.tensors[ix[0]].dims != self.tensors[ix[1]].dims {
                    let what = "token_index and token_ks of different dims".to_owned();
                    return Err(node_error(F, nd, None, what));
                }
                let top_k = i32::try_from(top_k)
                    .ok()
                    .filter(|&k| k >= 1)
                    .ok_or_else(|| {
                        node_error(F, nd, None, format!("a top_k of {top_k}; 1 to i32::MAX"))
                    })?;
                (Mode::SCATTER, [Some(ix[0]), Some(ix[1])], Some(top_k))
            }
        };
        let rows = match indices[0] {
            Some(i) if mode == Mode::GATHER => self.tensors[i].dims[1],
            _ => m,
        };
        let dims = [1, rows, n];
        let strides = super::checks::packed_strides(&dims);
        self.add_op(F, (KIND, name), ("y", &dims[..], strides), |y| {
            BackendOp::moe_grouped_matmul([t, w, fto, y], mode, indices, top_k)
        })
    }

    /// The weight gradient of a [`moe_grouped_matmul`](Self::moe_grouped_matmul)
    /// without routing (`OPERATION_MOE_GROUPED_MATMUL_BWD`, cuDNN 9.22):
    /// each group's token rows, transposed, times its rows of `d_output`,
    /// after cudnn-frontend 1.32's `moe_grouped_matmul_bwd`:
    ///
    /// - `d_output`: `[1, M, N]`;
    /// - `token`: `[1, M, K]`, of `d_output`'s type;
    /// - `first_token_offset`: `[G, 1, 1]` of `INT32`, read on the device;
    /// - the gradient: `[G, K, N]` as the frontend makes it (one matrix
    ///   per row of `first_token_offset`), its inner dims column-major
    ///   (strides `[K * N, 1, K]`), computed in `FLOAT`.
    ///
    /// cuDNN 9.28 builds its operation graph but offers no engine for it
    /// on a described H100 or B200 (nor does it to cudnn-frontend):
    /// planning it there is [`Error::NoEngine`](crate::Error::NoEngine).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming
    /// the node and the tensor: a tensor of another graph or a scalar, a
    /// rank other than 3, a first dim other than 1, rows that differ, a
    /// token tensor of another type, offsets not `[G, 1, 1]` of `INT32`.
    /// [`Graph::build`] refuses it on a cuDNN before 9.22.0.
    pub fn moe_grouped_matmul_backward(
        &mut self,
        d_output: TensorId,
        token: TensorId,
        first_token_offset: TensorId,
    ) -> Result<TensorId> {
        const F: &str = "Graph::moe_grouped_matmul_backward";
        const KIND: &str = "moe_grouped_matmul_backward";
        let name = self.next_op_name(KIND);
        let nd = node(KIND, &name);
        let ins = self.inputs(F, &nd, &[d_output, token, first_token_offset], false)?;
        let (dy, t, fto) = (ins[0], ins[1], ins[2]);
        let [b_dy, m_dy, n] = self.rank3(F, &nd, dy, "the output gradient")?;
        let [b_t, m, k] = self.rank3(F, &nd, t, "the token tensor")?;
        if b_dy != 1 || b_t != 1 || m_dy != m {
            let what = format!(
                "an output gradient of dims {:?} and a token tensor of dims {:?}; they are \
                 [1, M, N] and [1, M, K]",
                self.tensors[dy].dims, self.tensors[t].dims
            );
            return Err(node_error(F, nd, None, what));
        }
        let dt = self.data_type_of(dy);
        self.check_type_in(F, &nd, t, &[dt], "the token tensor (the gradient's type)")?;
        self.check_index(F, &nd, fto, None, "first_token_offset")?;
        let groups = self.tensors[fto].dims[0];
        let dims = [groups, k, n];
        let strides = k
            .checked_mul(n)
            .map(|kn| [kn, 1, k])
            .ok_or_else(|| node_error(F, nd, None, format!("a gradient of dims {dims:?}")))?;
        self.add_op(
            F,
            (KIND, name),
            ("dweight", &dims[..], &strides[..]),
            |dw| BackendOp::moe_grouped_matmul_backward([dy, t, fto, dw]),
        )
    }

    /// The dims of tensor `i` (`role`), of rank 3.
    fn rank3(
        &self,
        function: &'static str,
        nd: &NodeLabel<'_>,
        i: usize,
        role: &str,
    ) -> Result<[i64; 3]> {
        let dims = &self.tensors[i].dims;
        <[i64; 3]>::try_from(&dims[..]).map_err(|_| {
            let what = format!("{role} of dims {dims:?}; it has rank 3");
            node_error(function, *nd, Some(self.tensors[i].name.to_string()), what)
        })
    }

    /// Checks index tensor `i` (`role`): `INT32` and `[n, 1, 1]`, or
    /// `[1, n, 1]` when `rows` is `Some(1)` (its rows in dim 1).
    fn check_index(
        &self,
        function: &'static str,
        nd: &NodeLabel<'_>,
        i: usize,
        rows: Option<usize>,
        role: &str,
    ) -> Result<()> {
        self.check_type_in(function, nd, i, &[DType::INT32], role)?;
        let dims = self.rank3(function, nd, i, role)?;
        let along = rows.unwrap_or(0);
        let fits = dims.iter().enumerate().all(|(d, &v)| d == along || v == 1);
        if fits {
            return Ok(());
        }
        let shape = if along == 0 { "[n, 1, 1]" } else { "[1, n, 1]" };
        let what = format!("{role} of dims {dims:?}; it is {shape}");
        Err(node_error(
            function,
            *nd,
            Some(self.tensors[i].name.to_string()),
            what,
        ))
    }
}

impl BackendOp {
    /// A MoE grouped matmul `token x weight = y` grouped by
    /// `first_token_offset`, computed in `FLOAT`, routed by `mode` through
    /// the index tensors given (`token_index`, `token_ks`), a scatter's
    /// `top_k`; every tensor cuDNN reads on the device an index input.
    pub(super) fn moe_grouped_matmul(
        [token, weight, fto, y]: [usize; 4],
        mode: Mode,
        [token_index, token_ks]: [Option<usize>; 2],
        top_k: Option<i32>,
    ) -> BackendOp {
        let mut op = BackendOp::new(
            "moe_grouped_matmul",
            D::OPERATION_MOE_GROUPED_MATMUL_DESCRIPTOR,
            SINCE,
            "OPERATION_MOE_GROUPED_MATMUL, @since 9.15.0",
        );
        op.set(Setting::MoeMode(A::OPERATION_MOE_GROUPED_MATMUL_MODE, mode));
        op.set(Setting::Compute(
            A::OPERATION_MOE_GROUPED_MATMUL_MATH_PREC,
            Some(DType::FLOAT),
        ));
        op.input(A::OPERATION_MOE_GROUPED_MATMUL_TOKEN_DESC, token);
        op.input(A::OPERATION_MOE_GROUPED_MATMUL_WEIGHT_DESC, weight);
        op.index_input(A::OPERATION_MOE_GROUPED_MATMUL_FIRST_TOKEN_OFFSET_DESC, fto);
        op.output(A::OPERATION_MOE_GROUPED_MATMUL_OUTPUT_DESC, y);
        if let Some(i) = token_index {
            op.index_input(A::OPERATION_MOE_GROUPED_MATMUL_TOKEN_INDEX_DESC, i);
        }
        if let Some(i) = token_ks {
            op.index_input(A::OPERATION_MOE_GROUPED_MATMUL_TOKEN_KS_DESC, i);
        }
        if let Some(k) = top_k {
            op.set(Setting::Int32(A::OPERATION_MOE_GROUPED_MATMUL_TOP_K, k));
        }
        op
    }

    /// A MoE grouped matmul's weight gradient `dweight` from `d_output`
    /// and `token`, grouped by `first_token_offset` (an index input),
    /// computed in `FLOAT`.
    pub(super) fn moe_grouped_matmul_backward([dy, token, fto, dw]: [usize; 4]) -> BackendOp {
        let mut op = BackendOp::new(
            "moe_grouped_matmul_backward",
            D::OPERATION_MOE_GROUPED_MATMUL_BWD_DESCRIPTOR,
            BACKWARD_SINCE,
            "OPERATION_MOE_GROUPED_MATMUL_BWD, @since 9.22.0",
        );
        op.set(Setting::Compute(
            A::OPERATION_MOE_GROUPED_MATMUL_BWD_MATH_PREC,
            Some(DType::FLOAT),
        ));
        op.input(A::OPERATION_MOE_GROUPED_MATMUL_BWD_DOUTPUT_DESC, dy);
        op.input(A::OPERATION_MOE_GROUPED_MATMUL_BWD_TOKEN_DESC, token);
        op.index_input(
            A::OPERATION_MOE_GROUPED_MATMUL_BWD_FIRST_TOKEN_OFFSET_DESC,
            fto,
        );
        op.output(A::OPERATION_MOE_GROUPED_MATMUL_BWD_DWEIGHT_DESC, dw);
        op
    }
}
