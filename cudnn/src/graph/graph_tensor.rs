//! The tensors of a plan's graph, as an execution checks its buffers
//! against them: from a built graph or from a plan's JSON. Below the engine
//! configurations, the plans, the JSON model and the signatures, which all
//! carry them.

use crate::core::dtype::DType;

use super::extents::Extents;
use super::scalar::ScalarValue;

/// The alignment, in bytes, every tensor of a graph is described with
/// (`CUDNN_ATTR_TENSOR_BYTE_ALIGNMENT`), and that of a plan's tensor whose
/// JSON does not say.
pub(crate) const BYTE_ALIGNMENT: u64 = 16;

/// A tensor of a plan's graph, as an execution checks its buffer against
/// it: uid, shape, strides, data type, the alignment its address must
/// have; whether it is virtual (no buffer), passed by value (a host
/// scalar), written by the graph, and read as device-side indices.
#[derive(Debug, Clone, PartialEq)]
pub struct PlanTensor {
    pub(crate) uid: i64,
    pub(crate) dims: Extents,
    pub(crate) strides: Extents,
    pub(crate) data_type: DType,
    pub(crate) is_virtual: bool,
    pub(crate) by_value: Option<ScalarValue>,
    pub(crate) is_by_value: bool,
    pub(crate) written: bool,
    pub(crate) is_index: bool,
    pub(crate) alignment: u64,
}

impl PlanTensor {
    /// Its unique id in the graph.
    pub fn uid(&self) -> i64 {
        self.uid
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
    /// Whether it only lives inside the fused kernels (no buffer).
    pub fn is_virtual(&self) -> bool {
        self.is_virtual
    }
    /// Whether it is a scalar passed by value from the host.
    pub fn is_by_value(&self) -> bool {
        self.is_by_value
    }
    /// A by-value scalar's value, when the plan knows it (from its graph;
    /// a plan read from JSON alone does not).
    pub fn value(&self) -> Option<ScalarValue> {
        self.by_value
    }
    /// Whether the graph writes it (an output).
    pub fn is_written(&self) -> bool {
        self.written
    }
    /// Whether its values are indices the device follows (sequence
    /// lengths, page tables): its buffer is bound with
    /// [`VariantPack::index_input`](super::VariantPack::index_input).
    pub fn is_index(&self) -> bool {
        self.is_index
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
    /// [`buffer_len`](Self::buffer_len)). `None` when that does not fit
    /// `usize`.
    pub fn span(&self) -> Option<usize> {
        let mut last: usize = 0;
        for (&d, &s) in self.dims.iter().zip(&self.strides) {
            let d = usize::try_from(d).ok()?;
            let s = usize::try_from(s).ok()?;
            if d == 0 {
                return Some(0);
            }
            last = last.checked_add((d - 1).checked_mul(s)?)?;
        }
        last.checked_add(1)
    }
}

/// cuDNN's name of a data type, as its plan JSON writes it.
pub(crate) fn data_type_from_name(name: &str) -> Option<DType> {
    use DType as T;
    Some(match name {
        "CUDNN_DATA_FLOAT" => T::CUDNN_DATA_FLOAT,
        "CUDNN_DATA_DOUBLE" => T::CUDNN_DATA_DOUBLE,
        "CUDNN_DATA_HALF" => T::CUDNN_DATA_HALF,
        "CUDNN_DATA_BFLOAT16" => T::CUDNN_DATA_BFLOAT16,
        "CUDNN_DATA_INT8" => T::CUDNN_DATA_INT8,
        "CUDNN_DATA_UINT8" => T::CUDNN_DATA_UINT8,
        "CUDNN_DATA_INT32" => T::CUDNN_DATA_INT32,
        "CUDNN_DATA_INT64" => T::CUDNN_DATA_INT64,
        "CUDNN_DATA_BOOLEAN" => T::CUDNN_DATA_BOOLEAN,
        "CUDNN_DATA_FP8_E4M3" => T::CUDNN_DATA_FP8_E4M3,
        "CUDNN_DATA_FP8_E5M2" => T::CUDNN_DATA_FP8_E5M2,
        "CUDNN_DATA_FP8_E8M0" => T::CUDNN_DATA_FP8_E8M0,
        "CUDNN_DATA_FP4_E2M1" => T::CUDNN_DATA_FP4_E2M1,
        _ => return None,
    })
}
