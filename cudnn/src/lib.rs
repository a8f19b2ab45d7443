//! Safe NVIDIA cuDNN for Rust.
//!
//! One build serves cuDNN 8.9.x and 9.x: the library is loaded at run time
//! (or linked, with the `link` feature), its version read after loading,
//! and every status decoded by the numbering of the major that returned it.
//! Nothing panics on the environment: a missing cuDNN, a missing function, a
//! missing GPU or an unknown status all come back as an [`Error`].
//!
//! ```no_run
//! use cudnn::{
//!     AlgoCache, ConvForwardArgs, ConvProblem, ConvolutionDescriptor, FilterDescriptor, Handle,
//!     Scaling, SearchOptions, TensorDescriptor, TensorFormat, Workspace,
//! };
//!
//! # fn main() -> Result<(), cudnn::Error> {
//! let lib = cudnn::library()?; // loaded on first use; a typed error if missing
//! println!("cuDNN {} from {}", lib.version(), lib.path().display());
//!
//! let ctx = cudnn::cuda_context(0)?; // a typed error without a driver
//! let stream = ctx.default_stream();
//! let handle = Handle::new(stream.clone())?;
//!
//! // A 3x3 convolution of a 1x3x32x32 image into 8 channels, padding 1.
//! let nchw = TensorFormat::NCHW;
//! let problem = ConvProblem::new(
//!     TensorDescriptor::<f32>::new(nchw, &[1, 3, 32, 32])?,
//!     FilterDescriptor::<f32>::new(nchw, &[8, 3, 3, 3])?,
//!     ConvolutionDescriptor::<f32>::new(&[1, 1], &[1, 1], &[1, 1])?,
//! )?;
//! let x = stream.clone_htod(&vec![1.0f32; problem.x().required_len()])?;
//! let w = stream.clone_htod(&vec![0.1f32; problem.w().required_len()])?;
//! let mut y = stream.alloc_zeros::<f32>(problem.y().required_len())?;
//!
//! // Choose an algorithm once per shape (the cache can be saved to a file).
//! let cache = AlgoCache::new();
//! let mut workspace = Workspace::new();
//! let options = SearchOptions::default();
//! let mut args = ConvForwardArgs { x: &x, w: &w, y: &mut y };
//! let algo = handle.find_forward(&problem, &options, Some(&cache), &mut workspace, &mut args)?;
//! // Every buffer is checked against its descriptor before cuDNN runs.
//! handle.convolution_forward(&problem, &algo, &mut workspace, args, Scaling::default())?;
//! let out = stream.clone_dtoh(&y)?;
//! assert_eq!(out.len(), 8 * 32 * 32);
//! # Ok(()) }
//! ```
//!
//! Where cuDNN is looked for, in order, is documented in
//! [`cudnn_sys::discovery`]; setting `CUDNN_LIB_DIR` (or passing a path to
//! [`init`]) restricts the search to that place. When something is wrong,
//! the `cudnn-doctor` program (the workspace crate of that name; `cargo
//! install --git https://github.com/cudnn-rs/cudnn-rs cudnn-doctor`) says
//! which cuDNN loaded, from where, what else is on the machine, and what to
//! fix.
//!
//! # Where things are
//!
//! The crate root holds what the example above and the most common code
//! use; every item is in one of these modules:
//!
//! - [`load`]: loading cuDNN ([`library`], [`init`]), the [`Library`] and
//!   its [`Version`], what the search tried and why a load failed.
//! - [`handle`]: the [`Handle`], its CUDA context ([`cuda_context`]), the
//!   [`Workspace`], the launch modes ([`Scaling`], [`MathType`],
//!   [`NanPropagation`]) and the device buffers a launch takes, other
//!   frameworks' memory included ([`handle::RawDeviceView`]).
//! - [`tensor`]: tensor and filter descriptors and their layouts.
//! - [`dtype`]: element types, compute types and their sizes.
//! - [`error`]: [`Error`], [`Mismatch`] and cuDNN's statuses.
//! - The op families: [`conv`], [`ops`] (pooling, activation, softmax,
//!   LRN, dropout, tensor operations and reductions), [`norm`] (batch
//!   normalization), [`rnn`].
//! - [`graph`]: the backend API (graphs, plans, their cache, execution);
//!   [`graph::backend`] is the raw backend-descriptor access underneath.
//! - [`nn`]: layers built on the graph API (linear, normalization,
//!   attention).
//! - [`sys`]: the raw bindings; [`cudarc`] and [`half`], re-exported.
//!
//! # The safety model
//!
//! - Descriptors ([`TensorDescriptor`], [`FilterDescriptor`],
//!   [`ConvolutionDescriptor`], ...) are typed by element type, own their
//!   cuDNN object, remember their shape, and are `Send` but neither `Sync`
//!   nor `Clone`. A [`Handle`] is bound to a cudarc stream; it is `Send`,
//!   not `Sync` (one thread at a time, as NVIDIA requires).
//! - Launches are safe methods on [`Handle`]. Before any call into cuDNN
//!   they check each device buffer against the extent of its descriptor
//!   (strides included) and the handle's device, shapes against each other,
//!   and the workspace against what the algorithm needs; a mismatch is
//!   [`Error::InvalidArgument`] with a [`Mismatch`] that names the buffer.
//!   Each rule is stated once, in the module that checks it, and
//!   unit-tested there without a GPU.
//! - Unsupported type combinations do not compile ([`ComputesIn`]); `alpha`
//!   and `beta` have the scaling type cuDNN expects ([`DataType::Scale`]).
//! - The raw function table stays reachable through [`Library::sys`], with
//!   [`Library::check`] to turn a status into an [`Error`].
//!
//! # The op families
//!
//! One module each, all as methods on [`Handle`]: convolution (forward,
//! backward data and filter, bias, fused conv-bias-activation, algorithm
//! search and [`AlgoCache`]), pooling, activation, softmax, LRN, batch
//! normalization, dropout, tensor operations and reductions, and recurrent
//! networks (v8 API). The CPU implementations of each, the oracles of the
//! GPU tests, are the workspace crate `cudnn-reference`. `WRAPPED.md`
//! beside this crate lists every cuDNN function and the safe item that
//! calls it.

#![warn(missing_docs)]

pub mod conv;
mod core;
pub mod graph;
pub mod nn;
pub mod norm;
pub mod ops;
pub mod rnn;
#[cfg(test)]
mod test_support;

pub mod dtype {
    //! Element types: the Rust types a descriptor is typed by
    //! ([`DataType`]), cuDNN's names for them ([`DType`]), the compute
    //! types ([`ComputeType`], [`ComputesIn`]) and the scaling type
    //! ([`Scale`]); the FP8, FP4 and E8M0 storage types; sizes in bits and
    //! bytes.
    pub use crate::core::dtype::{
        bits_of as data_type_bits, size_of as data_type_size, ComputeType, ComputesIn, DType,
        DataType, F4E2M1x2, Scale, E8M0, F8E4M3, F8E5M2,
    };
}

pub mod error {
    //! What goes wrong: [`Error`] and its [`Result`], the [`Mismatch`] of a
    //! refused argument, cuDNN's statuses ([`Status`], [`StatusError`],
    //! [`Category`]) and CUDA's ([`CudaError`]).
    pub use crate::core::error::{CudaError, Error, Mismatch, Result, StatusError};
    pub use crate::core::status::{Category, Status};
}

pub mod load {
    //! Loading cuDNN: [`library`] (loaded on first use), [`init`] (from a
    //! given place), the loaded [`Library`] and its [`Version`], the CUDA
    //! version it was built for ([`CudaVersion`]); what the search tried
    //! ([`Attempt`], [`Candidate`], [`Source`]) and why a load failed
    //! ([`LoadError`]); the largest cache file read
    //! ([`CACHE_FILE_MAX_BYTES`]).
    pub use crate::core::library::{init, library, version, Library};
    pub use crate::core::save::CACHE_FILE_MAX_BYTES;
    pub use crate::core::version::{CudaVersion, Version};
    pub use cudnn_sys::discovery::{Attempt, Candidate, Source};
    pub use cudnn_sys::loader::LoadError;
}

pub mod handle {
    //! The [`Handle`] the launches are methods of, its CUDA context
    //! ([`cuda_context`], [`cuda_driver_present`]), handles kept per thread
    //! ([`with_thread_handle`], [`release_thread_handles`]), the
    //! [`Workspace`], the launch modes ([`MathType`], [`NanPropagation`],
    //! [`Scaling`]) and the device buffers a launch takes
    //! ([`DeviceBuffer`], [`DeviceBufferMut`], and other frameworks' memory
    //! as [`RawDeviceView`], [`RawDeviceViewMut`]).
    #[cfg(feature = "count-objects")]
    pub use crate::core::counts::object_counts;
    pub use crate::core::handle::{
        cuda_context, cuda_driver_present, release_thread_handles, with_thread_handle, Handle,
    };
    pub use crate::core::launch::{DeviceBuffer, DeviceBufferMut};
    pub use crate::core::modes::{MathType, NanPropagation, Scaling};
    pub use crate::core::raw::{RawDeviceView, RawDeviceViewMut};
    pub use crate::core::workspace::Workspace;
}

pub mod tensor {
    //! Tensor and filter descriptors ([`TensorDescriptor`],
    //! [`FilterDescriptor`], [`TensorFormat`]) and the rules of their
    //! layouts ([`extent`], [`packed_strides`] and, for the graph API,
    //! [`packed_strides_i64`], [`strides_are_injective`]).
    pub use crate::core::launch::strides_are_injective;
    pub use crate::core::tensor::{
        extent, packed_strides, packed_strides_i64, FilterDescriptor, TensorDescriptor,
        TensorFormat,
    };
}

// The names of the examples and the most common types; everything else
// is in its module.
pub use self::core::activation_descriptor::{ActivationDescriptor, ActivationMode};
pub use conv::{
    AlgoCache, AlgoChoice, ConvForwardArgs, ConvProblem, ConvolutionDescriptor, SearchOptions,
};
pub use cudarc;
pub use cudnn_sys as sys;
pub use dtype::{
    data_type_size, ComputeType, ComputesIn, DType, DataType, F4E2M1x2, E8M0, F8E4M3, F8E5M2,
};
pub use error::{Error, Mismatch, Result};
pub use half;
pub use handle::{
    cuda_context, DeviceBuffer, DeviceBufferMut, Handle, MathType, NanPropagation, Scaling,
    Workspace,
};
pub use load::{init, library, version, Library, Version};
pub use tensor::{FilterDescriptor, TensorDescriptor, TensorFormat};
