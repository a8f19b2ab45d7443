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
//!     AlgoCache, ConvProblem, ConvolutionDescriptor, FilterDescriptor, Handle, SearchOptions,
//!     TensorDescriptor, TensorFormat, Workspace,
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
//! let nchw = TensorFormat::CUDNN_TENSOR_NCHW;
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
//! let algo = handle.find_forward(&problem, &SearchOptions::default(), &cache, &mut workspace, &x, &w, &mut y)?;
//! // Every buffer is checked against its descriptor before cuDNN runs.
//! handle.convolution_forward(&problem, &algo, &mut workspace, 1.0, &x, &w, 0.0, &mut y)?;
//! let out = stream.clone_dtoh(&y)?;
//! assert_eq!(out.len(), 8 * 32 * 32);
//! # Ok(()) }
//! ```
//!
//! Where cuDNN is looked for, in order, is documented in
//! [`cudnn_sys::discovery`]; setting `CUDNN_LIB_DIR` (or passing a path to
//! [`init`]) restricts the search to that place. When something is wrong,
//! [`doctor::report`] says which cuDNN loaded, from where, what else is on
//! the machine, and what to fix.
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
//!   The checks that need no GPU are public functions (`check_*`,
//!   [`ConvProblem::check_forward_lengths`], ...), tested without one.
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

mod activation;
mod algo_cache;
mod batchnorm;
mod conv;
mod descriptor;
pub mod doctor;
mod dropout;
mod dtype;
mod error;
mod handle;
mod launch;
mod library;
mod lrn;
mod pooling;
mod rnn;
mod softmax;
mod status;
mod tensor;
mod tensor_ops;
mod version;
mod workspace;

pub use activation::{check_same_shape, ActivationDescriptor, ActivationMode, NanPropagation};
pub use algo_cache::{
    AlgoCache, AlgoKey, CachedAlgo, DeviceKey, Direction, SearchMode, SearchOptions,
};
pub use batchnorm::{
    batch_norm_param_dims, check_batch_norm_backward, check_batch_norm_backward_ex,
    check_batch_norm_epsilon, check_batch_norm_forward_inference,
    check_batch_norm_forward_training, check_batch_norm_forward_training_ex, check_batch_norm_ops,
    check_batch_norm_reserve, check_exponential_average_factor, derive_bn_descriptor,
    BatchNormMode, BatchNormOps, BnPair, BnPairMut, BnParam,
};
pub use conv::{
    check_bias_shape, check_fused_activation, output_dims, AlgoChoice, BwdDataAlgo, BwdFilterAlgo,
    ConvProblem, ConvolutionDescriptor, ConvolutionMode, FwdAlgo, MathType,
};
pub use cudarc;
pub use cudnn_sys as sys;
pub use cudnn_sys::discovery::{Attempt, Candidate, Source};
pub use cudnn_sys::loader::LoadError;
pub use dropout::{
    check_dropout_backward, check_dropout_forward, check_dropout_probability, check_dropout_states,
    DropoutDescriptor,
};
pub use dtype::{size_of as data_type_size, ComputeType, ComputesIn, DataType, Scale};
pub use error::{CudaError, Error, Mismatch, Result, StatusError};
pub use half;
pub use handle::{cuda_context, cuda_driver_present, with_thread_handle, Handle};
pub use launch::{strides_are_injective, DeviceBuffer, DeviceBufferMut};
pub use library::{init, library, version, Library};
pub use lrn::{check_lrn_parameters, LrnDescriptor};
pub use pooling::{check_pooling, pooling_output_dims, PoolingDescriptor, PoolingMode};
pub use rnn::{
    check_rnn_clip, check_rnn_config, check_rnn_data, check_rnn_problem, rnn_data_len, RnnAlgo,
    RnnBiasMode, RnnClip, RnnClipMode, RnnComputesIn, RnnConfig, RnnDataDescriptor, RnnDataLayout,
    RnnDescriptor, RnnDirectionMode, RnnForwardMode, RnnInputMode, RnnMode, RnnParam, RnnParamKind,
    RnnParamSide, RnnProblem, RnnReserveSpace, RnnStates, RnnStatesMut, RnnTensor, RnnWeightLayout,
};
pub use softmax::{SoftmaxAlgorithm, SoftmaxMode};
pub use status::{Category, Status};
pub use tensor::{extent, packed_strides, FilterDescriptor, TensorDescriptor, TensorFormat};
pub use tensor_ops::{
    check_add_tensor, check_broadcast, check_op_tensor, check_reduce_tensor,
    check_transform_tensor, OpTensorDescriptor, OpTensorOp, ReduceTensorDescriptor,
    ReduceTensorIndices, ReduceTensorOp,
};
pub use version::{CudaVersion, Version};
pub use workspace::Workspace;
