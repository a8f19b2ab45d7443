//! The argument structs of the convolution launches and searches: the
//! named buffers of each direction, the fused conv-bias-activation's
//! descriptors and buffers, and its two factors.

#![warn(clippy::arithmetic_side_effects)]

use crate::core::activation_descriptor::ActivationDescriptor;
use crate::core::dtype::{DataType, Scale};
use crate::core::launch::{DeviceBuffer, DeviceBufferMut};
use crate::core::tensor::TensorDescriptor;

#[cfg(doc)]
use super::conv_problem::ConvProblem;
#[cfg(doc)]
use crate::core::handle::Handle;

/// The buffers of [`Handle::convolution_forward`] and
/// [`Handle::find_forward`]: `y = conv(x, w)`. Named fields, so that a
/// swap shows at the call site; each any [`DeviceBuffer`] (`y` a
/// [`DeviceBufferMut`]), as every launch's buffers struct takes them.
pub struct ConvForwardArgs<'a, T> {
    /// The input ([`ConvProblem::x`]).
    pub x: &'a dyn DeviceBuffer<T>,
    /// The filter ([`ConvProblem::w`]).
    pub w: &'a dyn DeviceBuffer<T>,
    /// The output ([`ConvProblem::y`]), written.
    pub y: &'a mut dyn DeviceBufferMut<T>,
}

/// The buffers of [`Handle::convolution_backward_data`] and
/// [`Handle::find_backward_data`]: the gradient `dx` of the input from the
/// filter `w` and the gradient `dy` of the output.
pub struct ConvBackwardDataArgs<'a, T> {
    /// The filter ([`ConvProblem::w`]).
    pub w: &'a dyn DeviceBuffer<T>,
    /// The gradient of the output (with [`ConvProblem::y`]'s descriptor).
    pub dy: &'a dyn DeviceBuffer<T>,
    /// The gradient of the input (with [`ConvProblem::x`]'s descriptor),
    /// written.
    pub dx: &'a mut dyn DeviceBufferMut<T>,
}

/// The buffers of [`Handle::convolution_backward_filter`] and
/// [`Handle::find_backward_filter`]: the gradient `dw` of the filter from
/// the input `x` and the gradient `dy` of the output.
pub struct ConvBackwardFilterArgs<'a, T> {
    /// The input ([`ConvProblem::x`]).
    pub x: &'a dyn DeviceBuffer<T>,
    /// The gradient of the output (with [`ConvProblem::y`]'s descriptor).
    pub dy: &'a dyn DeviceBuffer<T>,
    /// The gradient of the filter (with [`ConvProblem::w`]'s descriptor),
    /// written.
    pub dw: &'a mut dyn DeviceBufferMut<T>,
}

/// Where the fused conv-bias-activation reads `z`, the tensor it adds
/// (scaled by `alpha2`), which has [`ConvProblem::y`]'s descriptor.
pub enum ConvZ<'a, T> {
    /// `z` is the output buffer itself: cuDNN reads `z` from `y` before
    /// writing it (`y = act(alpha1 * conv(x, w) + alpha2 * y + bias)`;
    /// cuDNN allows `z` and `y` to be one buffer with one descriptor).
    Y,
    /// A buffer of its own.
    Buffer(&'a dyn DeviceBuffer<T>),
}

/// The descriptors and buffers of
/// [`Handle::convolution_bias_activation_forward`]:
/// `y = act(alpha1 * conv(x, w) + alpha2 * z + bias)`.
pub struct ConvBiasActivationArgs<'a, T: DataType> {
    /// The input ([`ConvProblem::x`]).
    pub x: &'a dyn DeviceBuffer<T>,
    /// The filter ([`ConvProblem::w`]).
    pub w: &'a dyn DeviceBuffer<T>,
    /// The tensor added, with `y`'s descriptor: its own buffer
    /// ([`ConvZ::Buffer`]) or `y`'s ([`ConvZ::Y`]). cuDNN reads it even
    /// when `alpha2` is 0.
    pub z: ConvZ<'a, T>,
    /// The bias's descriptor, `(1, K, 1, ...)`.
    pub bias_desc: &'a TensorDescriptor<T>,
    /// The bias.
    pub bias: &'a dyn DeviceBuffer<T>,
    /// The activation (cuDNN fuses ReLU; identity only with
    /// `IMPLICIT_PRECOMP_GEMM`).
    pub activation: &'a ActivationDescriptor,
    /// The output ([`ConvProblem::y`]), written.
    pub y: &'a mut dyn DeviceBufferMut<T>,
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
