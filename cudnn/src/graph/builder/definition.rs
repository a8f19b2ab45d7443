//! A tensor of the description ([`TensorDef`]: the record the built graph
//! holds of it, [`GraphTensor`], and the operation that writes it), its
//! part of a graph's key ([`key_text`]) and its `TENSOR` descriptor
//! ([`tensor_descriptor`]).

use std::fmt::Write as _;
use std::ops::{Deref, DerefMut};
use std::sync::Arc;

use cudnn_sys as sys;
use sys::cudnnBackendAttributeName_t as A;
use sys::cudnnBackendDescriptorType_t as D;

use super::{checks, node};
use crate::core::error::Result;
use crate::core::library::Library;
use crate::graph::BackendDescriptor;

use crate::core::dtype::DType;
use crate::graph::extents::Extents;
use crate::graph::graph_tensor::{GraphTensor, BYTE_ALIGNMENT};
use crate::graph::name::Name;
use crate::graph::ScalarValue;

/// A tensor of the description: the record the built graph holds of it
/// ([`GraphTensor`]) and the operation that writes it, which only the
/// builder keeps. Its uid is set when the graph takes it; an operation's
/// output not yet made an output is virtual, its data type found when
/// the graph is built ([`Graph::data_type_of`]), and whether a tensor is
/// read as indices is found then too.
///
/// A node's new tensors are made as these as well ([`output`](Self::output)
/// and the rest), named by their suffix and unchecked until
/// [`Graph::add_node`] names, checks and takes them.
#[derive(Debug, Clone)]
pub(in crate::graph) struct TensorDef {
    pub(super) tensor: GraphTensor,
    /// The operation that writes it (for a node's new tensor, `Some` of
    /// any value when the node writes it: `add_node` sets which).
    pub(super) producer: Option<usize>,
    /// Whether its operation makes it a real output itself
    /// ([`real_output`](Self::real_output)), so that
    /// [`Graph::set_output`] has nothing to do for it.
    pub(super) real_from_start: bool,
}

impl Deref for TensorDef {
    type Target = GraphTensor;
    fn deref(&self) -> &GraphTensor {
        &self.tensor
    }
}

impl DerefMut for TensorDef {
    fn deref_mut(&mut self) -> &mut GraphTensor {
        &mut self.tensor
    }
}

impl TensorDef {
    /// Tensor `name` of `dims` and `strides`, written by operation
    /// `producer`: of `dtype`, or for `None` virtual (an operation's
    /// output of the graph's intermediate type).
    pub(super) fn new(
        name: Name,
        (dims, strides): (Extents, Extents),
        dtype: Option<DType>,
        producer: Option<usize>,
    ) -> TensorDef {
        TensorDef {
            tensor: GraphTensor {
                uid: 0,
                name,
                dims,
                strides,
                data_type: dtype.unwrap_or(DType::FLOAT),
                is_virtual: dtype.is_none(),
                is_by_value: false,
                is_output: producer.is_some() && dtype.is_some(),
                is_index: false,
                by_value: None,
                reordering: None,
                alignment: BYTE_ALIGNMENT,
            },
            producer,
            real_from_start: false,
        }
    }

    /// A scalar `name` of `dims` passed by value, of the value's type.
    pub(super) fn by_value(name: Name, dims: Extents, value: ScalarValue) -> TensorDef {
        let mut t = TensorDef::new(name, (dims.clone(), dims), Some(value.data_type()), None);
        t.is_by_value = true;
        t.by_value = Some(value);
        t
    }

    /// A node's output, virtual until [`Graph::set_output`].
    pub(super) fn output(
        suffix: &'static str,
        dims: impl Into<Vec<i64>>,
        strides: impl Into<Vec<i64>>,
    ) -> TensorDef {
        let layout = (dims.into().into(), strides.into().into());
        TensorDef::new(Name::from(suffix), layout, None, Some(0))
    }

    /// A node's output, a real tensor of `dtype` from the start
    /// (statistics, which cuDNN keeps in memory).
    pub(super) fn real_output(
        suffix: &'static str,
        dims: impl Into<Vec<i64>>,
        strides: impl Into<Vec<i64>>,
        dtype: DType,
    ) -> TensorDef {
        let layout = (dims.into().into(), strides.into().into());
        let mut t = TensorDef::new(Name::from(suffix), layout, Some(dtype), Some(0));
        t.real_from_start = true;
        t
    }

    /// A node's `float` scalar input passed by value, of `rank`
    /// dimensions of 1.
    pub(super) fn scalar(suffix: &'static str, rank: usize, value: f32) -> TensorDef {
        let dims = Extents::filled(1, rank);
        TensorDef::by_value(Name::from(suffix), dims, ScalarValue::Float(value))
    }

    /// A node's `int32_t` scalar input passed by value, of `rank`
    /// dimensions of 1.
    pub(super) fn int_scalar(suffix: &'static str, rank: usize, value: i32) -> TensorDef {
        let dims = Extents::filled(1, rank);
        TensorDef::by_value(Name::from(suffix), dims, ScalarValue::Int32(value))
    }

    /// Its data type when given: `None` for a virtual tensor.
    pub(super) fn dtype(&self) -> Option<DType> {
        (!self.is_virtual).then_some(self.data_type)
    }
}

/// The text of [`Graph::key`]: the intermediate and compute types (and
/// `;dynamic_shapes` for a graph marked so), then `tensors` (in uid
/// order) and `ops`, in order.
pub(crate) fn key_text<'a>(
    intermediate: DType,
    compute: DType,
    dynamic_shapes: bool,
    tensors: &[GraphTensor],
    ops: impl Iterator<Item = &'a node::BackendOp>,
) -> String {
    let mut k = String::new();
    let dt = checks::data_type_name;
    let _ = write!(
        k,
        "intermediate={};compute={}",
        dt(intermediate),
        dt(compute)
    );
    if dynamic_shapes {
        k.push_str(";dynamic_shapes");
    }
    for t in tensors {
        t.write_key(&mut k);
    }
    for op in ops {
        op.key(&mut k);
    }
    k
}

/// The finalized `TENSOR` descriptor of `t`.
pub(super) fn tensor_descriptor(lib: &Arc<Library>, t: &GraphTensor) -> Result<BackendDescriptor> {
    let mut d = BackendDescriptor::with_library(lib, D::TENSOR_DESCRIPTOR)?;
    d.set(A::TENSOR_UNIQUE_ID, &[t.uid])?;
    d.set(A::TENSOR_DIMENSIONS, &t.dims)?;
    d.set(A::TENSOR_STRIDES, &t.strides)?;
    d.set(A::TENSOR_DATA_TYPE, &[t.data_type])?;
    // Every buffer bound to it is checked for this alignment before an
    // execution (`VariantPack`).
    let alignment = BYTE_ALIGNMENT as i64;
    d.set(A::TENSOR_BYTE_ALIGNMENT, &[alignment])?;
    d.set(A::TENSOR_IS_VIRTUAL, &[t.is_virtual])?;
    if t.by_value.is_some() {
        d.set(A::TENSOR_IS_BY_VALUE, &[true])?;
    }
    if let Some(r) = t.reordering {
        d.set(A::CUDNN_ATTR_TENSOR_REORDERING_MODE, &[r])?;
    }
    d.finalize()?;
    Ok(d)
}
