//! Safe NVIDIA cuDNN for Rust.
//!
//! One build serves cuDNN 8.9.x and 9.x: the library is loaded at run time
//! (or linked, with the `link` feature), its version read after loading,
//! and every status decoded by the numbering of the major that returned it.
//! Nothing panics on the environment: a missing cuDNN, a missing function, a
//! missing GPU or an unknown status all come back as an [`Error`].
//!
//! ```no_run
//! # fn main() -> Result<(), cudnn::Error> {
//! let lib = cudnn::library()?;
//! println!("cuDNN {} (CUDA {}) from {}", lib.version(), lib.cudart_version(), lib.path().display());
//! let ctx = cudnn::cuda_context(0)?; // a typed error without a driver
//! let handle = cudnn::Handle::new(ctx.default_stream())?; // needs a GPU
//! # Ok(()) }
//! ```
//!
//! Where cuDNN is looked for, in order, is documented in
//! [`cudnn_sys::discovery`]; setting `CUDNN_LIB_DIR` (or passing a path to
//! [`init`]) restricts the search to that place.

#![warn(missing_docs)]

mod activation;
mod algo_cache;
mod conv;
mod descriptor;
mod dtype;
mod error;
mod handle;
mod library;
pub mod reference;
mod status;
mod tensor;
mod version;
mod workspace;

pub use activation::{ActivationDescriptor, ActivationMode, NanPropagation};
pub use algo_cache::{
    AlgoCache, AlgoKey, CachedAlgo, DeviceKey, Direction, SearchMode, SearchOptions,
};
pub use conv::{
    check_bias_shape, output_dims, AlgoChoice, BwdDataAlgo, BwdFilterAlgo, ConvProblem,
    ConvolutionDescriptor, ConvolutionMode, FwdAlgo, MathType,
};
pub use cudarc;
pub use cudnn_sys as sys;
pub use cudnn_sys::discovery::{Attempt, Candidate, Source};
pub use cudnn_sys::loader::LoadError;
pub use dtype::{size_of as data_type_size, ComputeType, ComputesIn, DataType, Scale};
pub use error::{CudaError, Error, Mismatch, Result, StatusError};
pub use half;
pub use handle::{cuda_context, cuda_driver_present, Handle};
pub use library::{init, library, version, Library};
pub use status::{Category, Status};
pub use tensor::{extent, packed_strides, FilterDescriptor, TensorDescriptor, TensorFormat};
pub use version::{CudaVersion, Version};
pub use workspace::Workspace;
