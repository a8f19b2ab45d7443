//! The actual sequence lengths of an attention node, per batch item
//! (`SEQ_LEN_QDESC`, `SEQ_LEN_KVDESC`: `[B, 1, 1, 1]`, cuDNN 9.15 forward,
//! 9.17 backward) or cumulative (`CU_SEQ_LEN_QDESC`, `CU_SEQ_LEN_KVDESC`:
//! `[B + 1, 1, 1, 1]`, cuDNN 9.24 forward, 9.28 backward), `INT32` or
//! `INT64` either way. Each side takes one form; with both sides, cuDNN
//! applies a padding mask.

use cudnn_sys as sys;

use sys::cudnnBackendAttributeName_t as A;

use super::super::node::BackendOp;
use super::{Dims, LENGTHS};
use crate::core::error::Result;
use crate::core::version::Version;
use crate::graph::builder::{node_error, Graph, NodeLabel, TensorId};

/// One side's checked lengths, by tensor index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Lengths {
    /// `[B, 1, 1, 1]`: each batch item's length.
    PerItem(usize),
    /// `[B + 1, 1, 1, 1]`: the cumulative offsets.
    Cumulative(usize),
}

impl Lengths {
    pub(super) fn index(self) -> usize {
        match self {
            Lengths::PerItem(i) | Lengths::Cumulative(i) => i,
        }
    }

    pub(super) fn is_cumulative(self) -> bool {
        matches!(self, Lengths::Cumulative(_))
    }
}

/// The attributes of one direction's lengths and the cuDNN that has them.
pub(super) struct LengthAttrs {
    q: A,
    kv: A,
    cu_q: A,
    cu_kv: A,
    /// The per-item attributes' gate, when above the operation's own.
    per_item: Option<(Version, &'static str)>,
    cumulative: (Version, &'static str),
}

pub(super) const FORWARD: LengthAttrs = LengthAttrs {
    q: A::OPERATION_SDPA_FWD_SEQ_LEN_QDESC,
    kv: A::OPERATION_SDPA_FWD_SEQ_LEN_KVDESC,
    cu_q: A::OPERATION_SDPA_FWD_CU_SEQ_LEN_QDESC,
    cu_kv: A::OPERATION_SDPA_FWD_CU_SEQ_LEN_KVDESC,
    per_item: Some((
        Version::new(9, 15, 0),
        "SDPA_FWD_SEQ_LEN_QDESC and SEQ_LEN_KVDESC, @since 9.15.0",
    )),
    cumulative: (
        Version::new(9, 24, 0),
        "SDPA_FWD_CU_SEQ_LEN_QDESC and CU_SEQ_LEN_KVDESC, @since 9.24.0",
    ),
};

pub(super) const BACKWARD: LengthAttrs = LengthAttrs {
    q: A::OPERATION_SDPA_BWD_SEQ_LEN_QDESC,
    kv: A::OPERATION_SDPA_BWD_SEQ_LEN_KVDESC,
    cu_q: A::OPERATION_SDPA_BWD_CU_SEQ_LEN_QDESC,
    cu_kv: A::OPERATION_SDPA_BWD_CU_SEQ_LEN_KVDESC,
    per_item: None,
    cumulative: (
        Version::new(9, 28, 0),
        "SDPA_BWD_CU_SEQ_LEN_QDESC and CU_SEQ_LEN_KVDESC, @since 9.28.0",
    ),
};

/// Sets the lengths `(q, kv)` into `op` as device-side indices, raising
/// its gate to what the attributes need.
pub(super) fn set_lengths(op: &mut BackendOp, (q, kv): (Lengths, Lengths), attrs: &LengthAttrs) {
    for (l, per_item, cumulative) in [(q, attrs.q, attrs.cu_q), (kv, attrs.kv, attrs.cu_kv)] {
        match l {
            Lengths::PerItem(i) => op.index_input(per_item, i),
            Lengths::Cumulative(i) => op.index_input(cumulative, i),
        }
    }
    if let Some((v, needs)) = attrs.per_item {
        if !q.is_cumulative() || !kv.is_cumulative() {
            op.require(v, needs);
        }
    }
    if q.is_cumulative() || kv.is_cumulative() {
        op.require(attrs.cumulative.0, attrs.cumulative.1);
    }
}

/// One side's lengths (`side` is `q` or `kv`): the per-item or the
/// cumulative tensor, checked, or neither; both is refused.
pub(super) fn sdpa_side(
    g: &Graph,
    function: &'static str,
    nd: &NodeLabel<'_>,
    per_item: Option<TensorId>,
    cumulative: Option<TensorId>,
    dims: &Dims,
    side: &str,
) -> Result<Option<Lengths>> {
    let (role, cu_role) = (format!("seq_len_{side}"), format!("cu_seq_len_{side}"));
    match (per_item, cumulative) {
        (None, None) => Ok(None),
        (Some(_), Some(_)) => Err(node_error(
            function,
            nd,
            None,
            format!("{role} and {cu_role} are two forms of one length; give one"),
        )),
        (Some(t), None) => {
            let i = g.inputs(function, nd, &[t], false)?[0];
            let rule = format!("{role} is [B, 1, 1, 1]:");
            g.check_dims_are(function, nd, i, &[dims.b, 1, 1, 1], &rule)?;
            g.check_type_in(function, nd, i, LENGTHS, &role)?;
            Ok(Some(Lengths::PerItem(i)))
        }
        (None, Some(t)) => {
            let i = g.inputs(function, nd, &[t], false)?[0];
            let rule = format!("{cu_role} is [B + 1, 1, 1, 1]:");
            let b1 = dims.b.saturating_add(1);
            g.check_dims_are(function, nd, i, &[b1, 1, 1, 1], &rule)?;
            g.check_type_in(function, nd, i, LENGTHS, &cu_role)?;
            Ok(Some(Lengths::Cumulative(i)))
        }
    }
}
