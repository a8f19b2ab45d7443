//! Matmuls of a [`Graph`] (`OPERATION_MATMUL` with its `MATMUL`
//! descriptor): [`Graph::matmul`], and [`Graph::matmul_with`] with
//! cudnn-frontend 1.32's matmul options: `M`, `N` and `K` overridden per
//! batch item by device tensors, and the padding value of the blocks past
//! them.

#![warn(clippy::arithmetic_side_effects)]

use crate::core::dtype::DType;
use cudnn_sys as sys;

use sys::cudnnBackendAttributeName_t as A;
use sys::cudnnBackendDescriptorType_t as D;
use DType as Dt;

use super::node::{BackendOp, Setting};
use super::{node, node_error, Graph, NodeLabel, TensorId};
use crate::core::error::Result;

/// The types an override tensor takes.
const OVERRIDE_TYPES: &[Dt] = &[Dt::INT32, Dt::INT64];

/// The options of [`Graph::matmul_with`].
///
/// `Default`: no override, padding 0.
///
/// An override tensor holds, per batch item, the size the matmul uses in
/// place of its dimension (rows `M` of `a` and `c`, columns `N` of `b`
/// and `c`, the inner `K`): the same rank as `c`, its last two dims 1 and
/// each batch dim `c`'s or 1, of type `INT32` or `INT64`. cuDNN reads it
/// on the device, so a plan's buffer for it is bound with the `unsafe`
/// [`VariantPack::index_input`](crate::graph::VariantPack::index_input):
/// every value at most its dimension. cuDNN documents the overrides for
/// its fused attention patterns; what engines take them elsewhere is
/// cuDNN's to say (heuristics answer for the graph).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct MatmulOptions {
    /// The rows of `a` and `c` per batch item.
    pub m_override: Option<TensorId>,
    /// The columns of `b` and `c` per batch item.
    pub n_override: Option<TensorId>,
    /// The inner dimension per batch item.
    pub k_override: Option<TensorId>,
    /// The value of the elements past an override
    /// (`MATMUL_PADDING_VALUE`); finite.
    pub padding: f64,
}

impl Graph {
    /// The matrix product `a` x `b`: `[.., M, K]` x `[.., K, N]` gives
    /// `[.., M, N]`, packed row-major; `a` and `b` have one rank (at least
    /// 2) and their batch dimensions are equal or 1 on one side.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the
    /// node and the tensor: a tensor of another graph or a scalar, a rank
    /// below 2, ranks that differ, inner dimensions that differ, batch
    /// dimensions that do not broadcast.
    pub fn matmul(&mut self, a: TensorId, b: TensorId) -> Result<TensorId> {
        self.matmul_in("Graph::matmul", a, b, &MatmulOptions::default())
    }

    /// [`matmul`](Self::matmul) with `options`' overrides and padding.
    ///
    /// # Errors
    /// As [`matmul`](Self::matmul); also an override tensor of another
    /// graph, a scalar, of another type, rank or dims (see
    /// [`MatmulOptions`]), and a padding that is not finite.
    pub fn matmul_with(
        &mut self,
        a: TensorId,
        b: TensorId,
        options: &MatmulOptions,
    ) -> Result<TensorId> {
        self.matmul_in("Graph::matmul_with", a, b, options)
    }

    fn matmul_in(
        &mut self,
        function: &'static str,
        a: TensorId,
        b: TensorId,
        options: &MatmulOptions,
    ) -> Result<TensorId> {
        const KIND: &str = "matmul";
        let name = self.next_op_name(KIND);
        let nd = node(KIND, &name);
        let ins = self.inputs(function, &nd, &[a, b], false)?;
        let (ai, bi) = (ins[0], ins[1]);
        let dims = super::checks::matmul_dims(self.named(ai), self.named(bi))
            .map_err(|f| Self::fault(function, &nd, f))?;
        if !options.padding.is_finite() {
            let what = format!("a padding of {}; it is finite", options.padding);
            return Err(node_error(function, nd, None, what));
        }
        let mut overrides = [None; 3];
        let given = [
            (options.m_override, "the M override"),
            (options.n_override, "the N override"),
            (options.k_override, "the K override"),
        ];
        for ((t, role), slot) in given.into_iter().zip(&mut overrides) {
            if let Some(t) = t {
                *slot = Some(self.check_override(function, &nd, t, role, &dims)?);
            }
        }
        let strides = super::checks::packed_strides(&dims);
        let padding = options.padding;
        self.add_op(function, (KIND, name), ("c", dims, strides), |c| {
            BackendOp::matmul([ai, bi, c], overrides, padding)
        })
    }

    /// Checks override tensor `t` (of `role`) against the product's dims
    /// `c`: returns its index.
    fn check_override(
        &self,
        function: &'static str,
        nd: &NodeLabel<'_>,
        t: TensorId,
        role: &str,
        c: &[i64],
    ) -> Result<usize> {
        let i = self.inputs(function, nd, &[t], false)?[0];
        self.check_type_in(function, nd, i, OVERRIDE_TYPES, role)?;
        let dims = &self.tensors[i].dims;
        let rank = c.len();
        let fits = dims.len() == rank
            && match (dims.split_last_chunk::<2>(), c.split_last_chunk::<2>()) {
                (Some((batch, last)), Some((c_batch, _))) => {
                    *last == [1, 1] && batch.iter().zip(c_batch).all(|(&d, &n)| d == n || d == 1)
                }
                _ => false,
            };
        if fits {
            return Ok(i);
        }
        let what = format!(
            "{role} of dims {dims:?}; for a product of dims {c:?} it has rank {rank}, its last \
             two dims 1 and each batch dim the product's or 1"
        );
        Err(node_error(
            function,
            nd,
            Some(self.tensors[i].name.to_string()),
            what,
        ))
    }
}

impl BackendOp {
    /// A matmul `a x b = c` in the graph's compute type, its `M`, `N` and
    /// `K` taken from the override tensors given (read on the device), the
    /// elements past them `padding` (set when not 0, as the frontend does).
    pub(super) fn matmul(
        [a, b, c]: [usize; 3],
        overrides: [Option<usize>; 3],
        padding: f64,
    ) -> BackendOp {
        let mut op = BackendOp::core("matmul", D::OPERATION_MATMUL_DESCRIPTOR);
        let mut mm = vec![Setting::Compute(A::MATMUL_COMP_TYPE, None)];
        if padding != 0.0 {
            mm.push(Setting::Double(A::MATMUL_PADDING_VALUE, padding));
        }
        op.set(Setting::nested(
            A::OPERATION_MATMUL_DESC,
            D::MATMUL_DESCRIPTOR,
            mm,
        ));
        op.input(A::OPERATION_MATMUL_ADESC, a);
        op.input(A::OPERATION_MATMUL_BDESC, b);
        op.output(A::OPERATION_MATMUL_CDESC, c);
        let attrs = [
            A::OPERATION_MATMUL_GEMM_M_OVERRIDE_DESC,
            A::OPERATION_MATMUL_GEMM_N_OVERRIDE_DESC,
            A::OPERATION_MATMUL_GEMM_K_OVERRIDE_DESC,
        ];
        for (attr, o) in attrs.into_iter().zip(overrides) {
            if let Some(i) = o {
                op.index_input(attr, i);
            }
        }
        op.tf32 = true;
        op
    }
}
