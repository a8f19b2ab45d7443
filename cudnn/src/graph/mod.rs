//! cuDNN's backend ("graph") API: the base layer.
//!
//! NVIDIA develops new work (fused convolution and matmul epilogues,
//! normalizations, attention) only in the backend API, where every object
//! is a descriptor of some [descriptor
//! type](cudnn_sys::cudnnBackendDescriptorType_t) whose attributes are set
//! by name, with an attribute type and an element count, and which is then
//! finalized.
//!
//! What this module has:
//!
//! - [`BackendDescriptor`]: an owned backend descriptor (created with
//!   `cudnnBackendCreateDescriptor`, destroyed on drop) with typed
//!   attribute setters and getters and `finalize`. Before any call, the
//!   attribute is checked against a generated table: it must belong to the
//!   descriptor's type, take the Rust type's [`AttributeValue::TYPE`], take
//!   that many elements, and exist in the loaded major; otherwise the call
//!   is not made and the error is [`Error::InvalidArgument`](crate::Error),
//!   naming the C function and the attribute.
//! - The table itself ([`attribute_info`], [`attributes`]): for every
//!   `CUDNN_ATTR_*` of cuDNN 8.9.5 and 9.28, its descriptor type, attribute
//!   types, element count and majors, and the source of its type (cuDNN 9's
//!   header comments, NVIDIA's cudnn-frontend, or the name). It is written
//!   by `scripts/gen-backend-attrs.py`, and CI checks it is up to date.
//!
//! What it does not have yet: a graph builder (tensors, operations and
//! their shape checks), engine heuristics, execution plans and their
//! workspace, execution with a variant pack, device properties, and a plan
//! cache. Handles and device pointers, which the later parts set, have no
//! setter here.
//!
//! ```no_run
//! use cudnn::graph::BackendDescriptor;
//! use cudnn::sys::{cudnnBackendAttributeName_t as A, cudnnBackendDescriptorType_t as D};
//!
//! # fn main() -> cudnn::Result<()> {
//! let mut t = BackendDescriptor::new(D::CUDNN_BACKEND_TENSOR_DESCRIPTOR)?;
//! t.set(A::CUDNN_ATTR_TENSOR_DATA_TYPE, &[cudnn::sys::cudnnDataType_t::CUDNN_DATA_FLOAT])?;
//! t.set(A::CUDNN_ATTR_TENSOR_DIMENSIONS, &[1i64, 8, 32, 32])?;
//! t.set(A::CUDNN_ATTR_TENSOR_STRIDES, &[8192i64, 1024, 32, 1])?;
//! t.set(A::CUDNN_ATTR_TENSOR_UNIQUE_ID, &[1i64])?;
//! t.set(A::CUDNN_ATTR_TENSOR_BYTE_ALIGNMENT, &[16i64])?;
//! // A wrong type is refused before cuDNN is called.
//! assert!(t.set(A::CUDNN_ATTR_TENSOR_UNIQUE_ID, &[1.0f32]).is_err());
//! t.finalize()?;
//! assert_eq!(t.get::<i64>(A::CUDNN_ATTR_TENSOR_DIMENSIONS)?, [1, 8, 32, 32]);
//! # Ok(()) }
//! ```

mod attrs;
mod descriptor;
pub(crate) mod info;
mod value;

pub use descriptor::BackendDescriptor;
pub use info::{
    attribute_info, attribute_type_name, attributes, descriptor_type_in_major,
    descriptor_type_name, AttributeInfo,
};
pub use value::AttributeValue;
