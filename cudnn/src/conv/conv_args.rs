//! The argument structs of the convolution launches and searches: the
//! named buffers of each direction, the fused conv-bias-activation's
//! descriptors and buffers, and its two factors.

#![warn(clippy::arithmetic_side_effects)]

use crate::core::activation_descriptor::ActivationDescriptor;
use crate::core::dtype::{DataType, Scale};
use crate::core::launch::DeviceBuffer;
#[cfg(doc)]
use crate::core::launch::DeviceBufferMut;
use crate::core::tensor::TensorDescriptor;

#[cfg(doc)]
use super::conv_problem::ConvProblem;
#[cfg(doc)]
use crate::core::handle::Handle;

/// The buffers of [`Handle::convolution_forward`] and
/// [`Handle::find_forward`]: `y = conv(x, w)`. Each is any
/// [`DeviceBuffer`] (`y` a [`DeviceBufferMut`]), as the other launches
/// take them.
pub struct ConvForwardArgs<'a, X, W, Y> {
    /// The input ([`ConvProblem::x`]).
    pub x: &'a X,
    /// The filter ([`ConvProblem::w`]).
    pub w: &'a W,
    /// The output ([`ConvProblem::y`]), written.
    pub y: &'a mut Y,
}

/// The buffers of [`Handle::convolution_backward_data`] and
/// [`Handle::find_backward_data`]: the gradient `dx` of the input from the
/// filter `w` and the gradient `dy` of the output.
pub struct ConvBackwardDataArgs<'a, W, DY, DX> {
    /// The filter ([`ConvProblem::w`]).
    pub w: &'a W,
    /// The gradient of the output (with [`ConvProblem::y`]'s descriptor).
    pub dy: &'a DY,
    /// The gradient of the input (with [`ConvProblem::x`]'s descriptor),
    /// written.
    pub dx: &'a mut DX,
}

/// The buffers of [`Handle::convolution_backward_filter`] and
/// [`Handle::find_backward_filter`]: the gradient `dw` of the filter from
/// the input `x` and the gradient `dy` of the output.
pub struct ConvBackwardFilterArgs<'a, X, DY, DW> {
    /// The input ([`ConvProblem::x`]).
    pub x: &'a X,
    /// The gradient of the output (with [`ConvProblem::y`]'s descriptor).
    pub dy: &'a DY,
    /// The gradient of the filter (with [`ConvProblem::w`]'s descriptor),
    /// written.
    pub dw: &'a mut DW,
}

/// `z` is the output buffer itself: cuDNN reads `z` from `y` before
/// writing it (`y = act(alpha1 * conv(x, w) + alpha2 * y + bias)`; cuDNN
/// allows `z` and `y` to be one buffer with one descriptor). The other
/// [`ConvZSource`] is a buffer of its own, `&z`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConvZ {
    /// `z` is `y`.
    Y,
}

/// Where the fused conv-bias-activation reads `z`, the tensor it adds
/// (scaled by `alpha2`), which has [`ConvProblem::y`]'s descriptor: a
/// buffer of its own (`&z`, any [`DeviceBuffer`]) or the output buffer
/// ([`ConvZ::Y`]). Sealed.
pub trait ConvZSource<T>: sealed::ZSource<T> {}

pub(super) mod sealed {
    use crate::core::launch::DeviceBuffer;

    /// What a [`ConvZSource`](super::ConvZSource) gives the launch.
    pub trait ZSource<T> {
        /// The buffer's type (a placeholder for [`ConvZ::Y`](super::ConvZ::Y),
        /// which has no buffer of its own).
        type Buffer: DeviceBuffer<T>;
        /// The buffer of its own, if any.
        fn buffer(&self) -> Option<&Self::Buffer>;
    }
}

impl<T, B: DeviceBuffer<T>> sealed::ZSource<T> for &B {
    type Buffer = B;
    fn buffer(&self) -> Option<&B> {
        Some(*self)
    }
}
impl<T, B: DeviceBuffer<T>> ConvZSource<T> for &B {}

impl<T> sealed::ZSource<T> for ConvZ {
    type Buffer = cudarc::driver::CudaSlice<T>;
    fn buffer(&self) -> Option<&Self::Buffer> {
        None
    }
}
impl<T> ConvZSource<T> for ConvZ {}

/// The descriptors and buffers of
/// [`Handle::convolution_bias_activation_forward`]:
/// `y = act(alpha1 * conv(x, w) + alpha2 * z + bias)`.
pub struct ConvBiasActivationArgs<'a, T: DataType, X, W, Z, B, Y> {
    /// The input ([`ConvProblem::x`]).
    pub x: &'a X,
    /// The filter ([`ConvProblem::w`]).
    pub w: &'a W,
    /// The tensor added, with `y`'s descriptor: its own buffer (`&z`) or
    /// `y`'s ([`ConvZ::Y`]). cuDNN reads it even when `alpha2` is 0.
    pub z: Z,
    /// The bias's descriptor, `(1, K, 1, ...)`.
    pub bias_desc: &'a TensorDescriptor<T>,
    /// The bias.
    pub bias: &'a B,
    /// The activation (cuDNN fuses ReLU; identity only with
    /// `IMPLICIT_PRECOMP_GEMM`).
    pub activation: &'a ActivationDescriptor,
    /// The output ([`ConvProblem::y`]), written.
    pub y: &'a mut Y,
}

/// The two factors of the fused conv-bias-activation:
/// `y = act(alpha1 * conv(x, w) + alpha2 * z + bias)`. The default is
/// `alpha1` 1 and `alpha2` 0 (no `z`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ConvBiasScaling<S: Scale> {
    /// The factor of the convolution.
    pub alpha1: S,
    /// The factor of `z`.
    pub alpha2: S,
}

impl<S: Scale> ConvBiasScaling<S> {
    /// `act(alpha1 * conv(x, w) + alpha2 * z + bias)`.
    pub fn new(alpha1: S, alpha2: S) -> Self {
        ConvBiasScaling { alpha1, alpha2 }
    }
}

impl<S: Scale> Default for ConvBiasScaling<S> {
    fn default() -> Self {
        ConvBiasScaling {
            alpha1: S::ONE,
            alpha2: S::ZERO,
        }
    }
}
