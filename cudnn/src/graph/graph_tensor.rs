//! The one record of a graph's tensor: what cuDNN was told of it and
//! what an execution checks its buffer against. The builder keeps one
//! for each tensor it is given (`builder::TensorDef`: the record and the
//! operation that writes it); a built graph makes its records from those
//! once and shares them (`Arc`) with its engine configurations and plans;
//! a plan read from JSON makes its own. A record writes its part of a
//! graph's key and gives what a plan's signature compares. Below the
//! built graph, the engine configurations, the plans, the JSON model and
//! the signatures, which all carry them; beside it, cuDNN's names of data
//! types (in keys and messages, and in a plan's JSON).

#![warn(clippy::arithmetic_side_effects)]

use cudnn_sys::cudnnBackendTensorReordering_t as TensorReordering;

use crate::core::dtype::DType;

use super::extents::Extents;
use super::name::Name;
use super::scalar::ScalarValue;

/// The alignment, in bytes, every tensor of a graph is described with
/// (`CUDNN_ATTR_TENSOR_BYTE_ALIGNMENT`), and that of a plan's tensor whose
/// JSON does not say.
pub(crate) const BYTE_ALIGNMENT: u64 = 16;

/// A tensor of a built graph, as cuDNN was told it and as an execution
/// checks its buffer against it: uid, name, shape, strides, data type, the
/// alignment its address must have; whether it is virtual (no buffer),
/// passed by value (a host scalar), an output the graph writes, and read
/// as device-side indices.
///
/// [`OperationGraph::tensors`](super::OperationGraph::tensors) and
/// [`ExecutionPlan::tensors`](super::ExecutionPlan::tensors) hand out
/// the same records (shared, not copied); a plan read from JSON has
/// its own, from the JSON.
#[derive(Debug, Clone, PartialEq)]
pub struct GraphTensor {
    pub(crate) uid: i64,
    pub(crate) name: Name,
    pub(crate) dims: Extents,
    pub(crate) strides: Extents,
    pub(crate) data_type: DType,
    pub(crate) is_virtual: bool,
    pub(crate) is_by_value: bool,
    pub(crate) is_output: bool,
    pub(crate) is_index: bool,
    pub(crate) by_value: Option<ScalarValue>,
    pub(crate) reordering: Option<TensorReordering>,
    pub(crate) alignment: u64,
}

static_assertions::assert_impl_all!(GraphTensor: Send, Sync);

impl GraphTensor {
    /// Its unique id (`CUDNN_ATTR_TENSOR_UNIQUE_ID`), which execution
    /// pairs with its memory.
    pub fn uid(&self) -> i64 {
        self.uid
    }
    /// Its name in the graph (for a plan read from JSON, the name the
    /// JSON gives it: cuDNN writes the uid).
    pub fn name(&self) -> &str {
        &self.name
    }
    /// Its dimensions.
    pub fn dims(&self) -> &[i64] {
        &self.dims
    }
    /// Its strides, in elements.
    pub fn strides(&self) -> &[i64] {
        &self.strides
    }
    /// Its element type.
    pub fn data_type(&self) -> DType {
        self.data_type
    }
    /// Whether it is virtual: an intermediate result that lives only
    /// inside the fused kernels (no buffer).
    pub fn is_virtual(&self) -> bool {
        self.is_virtual
    }
    /// Whether it is a scalar passed by value from the host.
    pub fn is_by_value(&self) -> bool {
        self.is_by_value
    }
    /// A by-value scalar's value, when known (from its graph; a plan read
    /// from JSON alone does not know it); `None` for other tensors.
    pub fn by_value(&self) -> Option<ScalarValue> {
        self.by_value
    }
    /// Whether the graph writes it: an operation's result made real by
    /// [`Graph::set_output`](super::Graph::set_output), or for a plan read
    /// from JSON a tensor its nodes write.
    pub fn is_output(&self) -> bool {
        self.is_output
    }
    /// Whether its values are indices the device follows: an
    /// attention's sequence lengths (each at most the node's sequence
    /// length) or page tables (each entry below its container's page
    /// count). Their buffers are bound with the `unsafe`
    /// [`VariantPack::index_input`](super::VariantPack::index_input),
    /// since an out-of-range value makes cuDNN read out of bounds.
    pub fn is_index(&self) -> bool {
        self.is_index
    }
    /// The reordering of its layout, when set
    /// ([`Graph::set_reordering`](super::Graph::set_reordering), or the
    /// JSON's `reordering` other than `NONE`, which cuDNN writes for
    /// every tensor).
    pub fn reordering(&self) -> Option<TensorReordering> {
        self.reordering
    }
    /// The alignment, in bytes, its buffer's address must have (16 for
    /// every tensor of a [`Graph`](super::Graph)).
    pub fn alignment(&self) -> u64 {
        self.alignment
    }
    /// The buffer elements its buffer must hold: [`span`](Self::span), or
    /// for `FP4_E2M1` half of it rounded up (its buffers are of
    /// [`F4E2M1x2`](crate::F4E2M1x2), two elements to one; the element at
    /// offset `o` is in byte `o / 2`). `None` when the span does not fit
    /// `usize`.
    pub fn buffer_len(&self) -> Option<usize> {
        self.span()
            .map(|n| crate::core::dtype::buffer_len(self.data_type, n))
    }

    /// The tensor's elements its buffer must reach: one past the largest
    /// offset (for a buffer's length in its own elements, see
    /// [`buffer_len`](Self::buffer_len)). `None` for a negative dim or
    /// stride, or when that does not fit `i64` (as a graph's checks
    /// require) and `usize`.
    pub fn span(&self) -> Option<usize> {
        if self.dims.iter().chain(self.strides.iter()).any(|&v| v < 0) {
            return None;
        }
        crate::core::size::span(&self.dims, &self.strides).and_then(|n| usize::try_from(n).ok())
    }

    /// What a plan's JSON must hold of it, as a signature compares it:
    /// uid, dims, strides, data type, virtual, by value.
    pub(crate) fn signature(&self) -> (i64, &[i64], &[i64], u32, bool, bool) {
        (
            self.uid,
            &self.dims,
            &self.strides,
            self.data_type.0,
            self.is_virtual,
            self.is_by_value,
        )
    }

    /// Its part of a graph's key ([`Graph::key`](super::Graph::key)):
    /// `|t<uid>:<dims>:<strides>:<type>:<role>`, the role `virtual`,
    /// `by_value` or `real`, then `:reordered<mode>` when reordered.
    pub(crate) fn write_key(&self, k: &mut String) {
        use std::fmt::Write as _;
        let role = if self.is_virtual {
            "virtual"
        } else if self.is_by_value {
            "by_value"
        } else {
            "real"
        };
        let _ = write!(
            k,
            "|t{}:{:?}:{:?}:{}:{role}",
            self.uid,
            self.dims(),
            self.strides(),
            data_type_name(self.data_type)
        );
        if let Some(r) = self.reordering {
            let _ = write!(k, ":reordered{}", r.0);
        }
    }
}

/// The data types a graph's tensors take, with their C names.
pub(crate) const DATA_TYPES: &[(DType, &str)] = &[
    (DType::FLOAT, "FLOAT"),
    (DType::HALF, "HALF"),
    (DType::BFLOAT16, "BFLOAT16"),
    (DType::DOUBLE, "DOUBLE"),
    (DType::INT8, "INT8"),
    (DType::UINT8, "UINT8"),
    (DType::INT32, "INT32"),
    (DType::INT64, "INT64"),
    (DType::BOOLEAN, "BOOLEAN"),
    (DType::FP8_E4M3, "FP8_E4M3"),
    (DType::FP8_E5M2, "FP8_E5M2"),
    (DType::FP8_E8M0, "FP8_E8M0"),
    (DType::FP4_E2M1, "FP4_E2M1"),
];

/// The name of data type `t` in keys and messages (`FLOAT`, `HALF`, ...),
/// or its number.
pub(crate) fn data_type_name(t: DType) -> String {
    match DATA_TYPES.iter().find(|(d, _)| *d == t) {
        Some((_, n)) => (*n).to_string(),
        None if t == DType::FAST_FLOAT_FOR_FP8 => "FAST_FLOAT_FOR_FP8".into(),
        None => format!("data type {}", t.0),
    }
}

/// cuDNN's name of a data type, as its plan JSON writes it.
pub(crate) fn data_type_from_name(name: &str) -> Option<DType> {
    use DType as T;
    Some(match name {
        "CUDNN_DATA_FLOAT" => T::FLOAT,
        "CUDNN_DATA_DOUBLE" => T::DOUBLE,
        "CUDNN_DATA_HALF" => T::HALF,
        "CUDNN_DATA_BFLOAT16" => T::BFLOAT16,
        "CUDNN_DATA_INT8" => T::INT8,
        "CUDNN_DATA_UINT8" => T::UINT8,
        "CUDNN_DATA_INT32" => T::INT32,
        "CUDNN_DATA_INT64" => T::INT64,
        "CUDNN_DATA_BOOLEAN" => T::BOOLEAN,
        "CUDNN_DATA_FP8_E4M3" => T::FP8_E4M3,
        "CUDNN_DATA_FP8_E5M2" => T::FP8_E5M2,
        "CUDNN_DATA_FP8_E8M0" => T::FP8_E8M0,
        "CUDNN_DATA_FP4_E2M1" => T::FP4_E2M1,
        _ => return None,
    })
}
