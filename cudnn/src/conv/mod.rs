//! Convolution: descriptors, problems, algorithm selection and launches.
//!
//! A [`ConvProblem`] bundles the descriptors of one convolution (input,
//! filter, convolution, output), checked against each other once when it is
//! built. Launches ([`Handle::convolution_forward`] and friends) take the
//! problem, an [`AlgoChoice`], a [`Workspace`](crate::Workspace), a
//! [`Scaling`](crate::Scaling) and a struct of named buffers
//! ([`ConvForwardArgs`], ...); they are safe: before calling cuDNN they
//! check every descriptor's library, every buffer against its descriptor
//! and the handle's CUDA context, and the workspace against what the
//! algorithm needs. [`Handle::forward_candidates`] and friends list cuDNN's
//! heuristic choices from the problem alone (no buffers, no cache);
//! [`Handle::find_forward`] and friends choose one (the heuristic's best
//! whose workspace fits, or a benchmark) on the launch's own argument
//! struct, remembered in an optional [`AlgoCache`].
//!
//! - `descriptor`: [`ConvolutionDescriptor`] and the output shape rule;
//! - `problem`: [`ConvProblem`] and the checks that need no GPU;
//! - `algo`: [`AlgoChoice`], the heuristic's candidates and the searches;
//! - `args`: the argument structs of the launches and searches;
//! - `launch`: the launches;
//! - `algo_cache`: [`AlgoCache`] and its keys.

mod algo;
pub(crate) mod algo_cache;
mod conv_args;
mod conv_descriptor;
mod conv_launch;
mod conv_problem;

use cudnn_sys as sys;

pub use algo::AlgoChoice;
pub use algo_cache::{
    AlgoCache, AlgoKey, CachedAlgo, DeviceKey, Direction, SearchMode, SearchOptions,
};
pub use conv_args::{
    ConvBackwardDataArgs, ConvBackwardFilterArgs, ConvBiasActivationArgs, ConvBiasScaling,
    ConvForwardArgs, ConvZ,
};
pub use conv_descriptor::{output_dims, ConvolutionDescriptor};
pub use conv_problem::ConvProblem;

#[cfg(doc)]
use crate::core::handle::Handle;

/// Convolution or cross-correlation (`cudnnConvolutionMode_t`):
/// `ConvolutionMode::CONVOLUTION` or `CROSS_CORRELATION`.
///
/// Its constants (generated): `CONVOLUTION` and `CROSS_CORRELATION`. Each is
/// also there by its C name (`CUDNN_CONVOLUTION`), which `Display` writes.
pub type ConvolutionMode = sys::cudnnConvolutionMode_t;
/// A forward algorithm (`cudnnConvolutionFwdAlgo_t`): `FwdAlgo::IMPLICIT_GEMM`,
/// `IMPLICIT_PRECOMP_GEMM`, `GEMM`, `DIRECT`, `FFT`, `FFT_TILING`,
/// `WINOGRAD`, `WINOGRAD_NONFUSED`.
///
/// Its constants (generated): `IMPLICIT_GEMM`, `IMPLICIT_PRECOMP_GEMM`, `GEMM`,
/// `DIRECT`, `FFT`, `FFT_TILING`, `WINOGRAD`, `WINOGRAD_NONFUSED` and `COUNT`.
/// Each is also there by its C name
/// (`CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_GEMM`), which `Display` writes.
pub type FwdAlgo = sys::cudnnConvolutionFwdAlgo_t;
/// A backward-data algorithm (`cudnnConvolutionBwdDataAlgo_t`):
/// `BwdDataAlgo::ALGO_0`, `ALGO_1`, `FFT`, `FFT_TILING`, `WINOGRAD`,
/// `WINOGRAD_NONFUSED`.
///
/// Its constants (generated): `ALGO_0`, `ALGO_1`, `FFT`, `FFT_TILING`,
/// `WINOGRAD`, `WINOGRAD_NONFUSED` and `COUNT`. Each is also there by its C
/// name (`CUDNN_CONVOLUTION_BWD_DATA_ALGO_0`), which `Display` writes.
pub type BwdDataAlgo = sys::cudnnConvolutionBwdDataAlgo_t;
/// A backward-filter algorithm (`cudnnConvolutionBwdFilterAlgo_t`):
/// `BwdFilterAlgo::ALGO_0`, `ALGO_1`, `FFT`, `ALGO_3`, `WINOGRAD`,
/// `WINOGRAD_NONFUSED`, `FFT_TILING`.
///
/// Its constants (generated): `ALGO_0`, `ALGO_1`, `FFT`, `ALGO_3`, `WINOGRAD`,
/// `WINOGRAD_NONFUSED`, `FFT_TILING` and `COUNT`. Each is also there by its C
/// name (`CUDNN_CONVOLUTION_BWD_FILTER_ALGO_0`), which `Display` writes.
pub type BwdFilterAlgo = sys::cudnnConvolutionBwdFilterAlgo_t;
