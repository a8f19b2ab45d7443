//! Raw backend-descriptor access, underneath [`Graph`](super::Graph) and
//! [`ExecutionPlan`](super::ExecutionPlan): [`BackendDescriptor`], an owned
//! backend descriptor with typed attribute setters and getters
//! ([`AttributeValue`] are the element types they take), checked against a
//! table generated from both majors' headers and cudnn-frontend's calls
//! ([`attribute_info`] reads an attribute's row, [`AttributeInfo`];
//! [`attributes`] lists them all). A wrong descriptor type, attribute
//! type, element count or major is refused before cuDNN is called.
//!
//! ```no_run
//! use cudnn::graph::backend::{attribute_info, BackendDescriptor};
//! use cudnn::sys::{
//!     cudnnBackendAttributeName_t as A, cudnnBackendDescriptorType_t as D,
//! };
//!
//! # fn main() -> cudnn::Result<()> {
//! let info = attribute_info(A::ENGINEHEUR_MODE).expect("in the table");
//! println!("{} takes {:?}", info.name(), info.types());
//! let heur = BackendDescriptor::new(D::ENGINEHEUR_DESCRIPTOR)?;
//! # drop(heur);
//! # Ok(()) }
//! ```

pub use super::attr_rows::AttributeInfo;
pub use super::descriptor::BackendDescriptor;
pub use super::info::{
    attribute_info, attribute_type_name, attributes, descriptor_type_in_major, descriptor_type_name,
};
pub use super::value::AttributeValue;
