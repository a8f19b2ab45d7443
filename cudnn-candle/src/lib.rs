//! cuDNN ops for [candle](https://github.com/huggingface/candle), through
//! the safe `cudnn-rs` crate: what candle's CUDA backend lacks.
//!
//! - [`conv2d`], differentiable: cuDNN's forward, and its backward data and
//!   filter in candle's backward ([`conv2d_backward_data`] and
//!   [`conv2d_backward_filter`] on their own);
//! - [`sdpa`], fused attention through cuDNN's graph API, forward and
//!   backward: causal and sliding-window masks, padding masks
//!   ([`SeqLens`]), grouped-query attention, bf16 and f16;
//! - [`layer_norm`] and [`rms_norm`], forward and backward.
//!
//! Each op is a candle `CustomOp` (as `candle-flash-attn`'s kernels are)
//! whose backward is wired into candle's autograd. The cuDNN objects an op
//! needs (descriptors, algorithm choices, plans, workspaces) are built once
//! per shape on each device and kept ([`cache_info`], [`clear_cache`]),
//! not rebuilt on every call. Every refusal and failure is a candle error
//! whose message is cudnn-rs's; the shape, type and option checks run
//! before any GPU work (and need none).
//!
//! With the `cuda` feature the ops run on candle's CUDA tensors; without it
//! the crate builds without a CUDA toolkit, the checks work, and every op
//! then says that it needs the feature.
//!
//! ```no_run
//! use candle_core::{DType, Device, Tensor, Var};
//! use cudnn_candle::{conv2d, Conv2dParams};
//!
//! # fn main() -> candle_core::Result<()> {
//! let dev = Device::new_cuda(0)?;
//! let x = Tensor::randn(0f32, 1.0, (8, 3, 32, 32), &dev)?;
//! let w = Var::randn(0f32, 0.1, (16, 3, 3, 3), &dev)?;
//! let y = conv2d(&x, &w, &Conv2dParams::padded(1))?; // [8, 16, 32, 32]
//! let grads = y.sqr()?.sum_all()?.backward()?; // cuDNN's backward filter
//! let dw = grads.get(&w).expect("w's gradient");
//! assert_eq!(dw.dims(), w.dims());
//! # Ok(()) }
//! ```

mod attention;
mod conv;
mod error;
mod norm;
mod types;

#[cfg(feature = "cuda")]
mod cuda;
#[cfg(feature = "cuda")]
use cuda as backend;
#[cfg(not(feature = "cuda"))]
mod no_cuda;
#[cfg(not(feature = "cuda"))]
use no_cuda as backend;

pub use attention::{sdpa, SdpaParams, SeqLens};
pub use conv::{conv2d, conv2d_backward_data, conv2d_backward_filter, Conv2dParams};
pub use cudnn;
pub use cudnn::SearchOptions;
pub use norm::{layer_norm, rms_norm};

/// What the bridge keeps for one device ([`cache_info`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CacheInfo {
    /// Convolution problems (cuDNN descriptors), one per shape and type.
    pub conv_problems: usize,
    /// Convolution algorithm choices, one per problem and direction.
    pub conv_algorithms: usize,
    /// The convolutions' workspace, in bytes.
    pub conv_workspace_bytes: usize,
    /// Attention layers (their plans and workspaces).
    pub attention_layers: usize,
    /// Layer-norm layers.
    pub layer_norms: usize,
    /// RMS-norm layers.
    pub rms_norms: usize,
}

/// What the bridge keeps for `device`: all zeros before its first op there.
///
/// # Errors
/// A candle error for a device that is not CUDA (or without the `cuda`
/// feature).
pub fn cache_info(device: &candle_core::Device) -> candle_core::Result<CacheInfo> {
    backend::cache_info(device)
}

/// Drops what the bridge keeps for `device` (its cuDNN handle, descriptors,
/// algorithm choices, layers and workspaces). Tensors already made stay
/// valid, and so do their backward passes.
///
/// # Errors
/// As [`cache_info`].
pub fn clear_cache(device: &candle_core::Device) -> candle_core::Result<()> {
    backend::clear_cache(device)
}

/// How the convolutions on `device` choose their algorithms from now on:
/// cuDNN's heuristic (the default) or a benchmark of every candidate on the
/// first call of each shape (as `torch.backends.cudnn.benchmark`), a
/// workspace limit, determinism, and whether f32 may use TF32. Choices are
/// kept per options, so switching back finds the earlier ones.
///
/// # Errors
/// As [`cache_info`]; cuDNN's error when the handle cannot be made.
pub fn set_conv_search_options(
    device: &candle_core::Device,
    options: SearchOptions,
) -> candle_core::Result<()> {
    backend::set_conv_search_options(device, options)
}
