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
//! let handle = cudnn::Handle::new()?; // needs a GPU
//! # Ok(()) }
//! ```
//!
//! Where cuDNN is looked for, in order, is documented in
//! [`cudnn_sys::discovery`]; setting `CUDNN_LIB_DIR` (or passing a path to
//! [`init`]) restricts the search to that place.

#![warn(missing_docs)]

mod error;
mod handle;
mod library;
mod status;
mod version;

pub use cudnn_sys as sys;
pub use cudnn_sys::discovery::{Attempt, Candidate, Source};
pub use cudnn_sys::loader::LoadError;
pub use error::{CudaError, Error, Result, StatusError};
pub use handle::Handle;
pub use library::{init, library, version, Library};
pub use status::{Category, Status};
pub use version::{CudaVersion, Version};
