//! The buffers of each batch-normalization launch, as structs with named
//! fields (so that swapping `x` and `dy`, or a mean and a variance, shows at
//! the call site), and the two scalings of the backward pass.

#![warn(clippy::arithmetic_side_effects)]

use crate::core::dtype::Scale;
use crate::core::launch::{DeviceBuffer, DeviceBufferMut};
use crate::core::modes::Scaling;

use super::norm_problem::{BnBackwardLengths, BnInferenceLengths, BnTrainingLengths};
use super::param::BnParam;

/// The running statistics a training step updates in place:
/// `running = (1 - factor) * running + factor * batch`.
pub struct BnRunningStats<'a, P> {
    /// The running mean.
    pub mean: &'a mut dyn DeviceBufferMut<P>,
    /// The running variance (unbiased).
    pub var: &'a mut dyn DeviceBufferMut<P>,
}

/// The batch's statistics a training step saves for the backward pass.
pub struct BnSavedStatsMut<'a, P> {
    /// The batch mean.
    pub mean: &'a mut dyn DeviceBufferMut<P>,
    /// The batch's inverse standard deviation, `1 / sqrt(var + epsilon)`.
    pub inv_var: &'a mut dyn DeviceBufferMut<P>,
}

/// The statistics a training step saved, read by the backward pass.
pub struct BnSavedStats<'a, P> {
    /// The batch mean.
    pub mean: &'a dyn DeviceBuffer<P>,
    /// The batch's inverse standard deviation.
    pub inv_var: &'a dyn DeviceBuffer<P>,
}

/// The buffers of
/// [`Handle::batch_norm_forward_inference`](crate::Handle::batch_norm_forward_inference).
pub struct BnInferenceArgs<'a, T: BnParam> {
    /// The input (the problem's `x` descriptor).
    pub x: &'a dyn DeviceBuffer<T>,
    /// The output (the problem's `y` descriptor).
    pub y: &'a mut dyn DeviceBufferMut<T>,
    /// The scale (gamma; the parameter descriptor, as the four below).
    pub scale: &'a dyn DeviceBuffer<T::Param>,
    /// The bias (beta).
    pub bias: &'a dyn DeviceBuffer<T::Param>,
    /// The estimated (running) mean.
    pub estimated_mean: &'a dyn DeviceBuffer<T::Param>,
    /// The estimated (running) variance.
    pub estimated_var: &'a dyn DeviceBuffer<T::Param>,
}

impl<T: BnParam> BnInferenceArgs<'_, T> {
    /// The buffers' lengths, for
    /// `BatchNormProblem::check_forward_inference`.
    pub fn lengths(&self) -> BnInferenceLengths {
        BnInferenceLengths {
            x: self.x.len(),
            y: self.y.len(),
            scale: self.scale.len(),
            bias: self.bias.len(),
            estimated_mean: self.estimated_mean.len(),
            estimated_var: self.estimated_var.len(),
        }
    }
}

/// The buffers and factor of
/// [`Handle::batch_norm_forward_training`](crate::Handle::batch_norm_forward_training).
pub struct BnTrainingArgs<'a, T: BnParam> {
    /// The input.
    pub x: &'a dyn DeviceBuffer<T>,
    /// The output.
    pub y: &'a mut dyn DeviceBufferMut<T>,
    /// The scale (gamma).
    pub scale: &'a dyn DeviceBuffer<T::Param>,
    /// The bias (beta).
    pub bias: &'a dyn DeviceBuffer<T::Param>,
    /// The weight of the batch's statistics in the running ones, in
    /// `[0, 1]`.
    pub exponential_average_factor: f64,
    /// The running statistics to update, if any.
    pub running: Option<BnRunningStats<'a, T::Param>>,
    /// Where to save the batch's statistics for the backward pass, if
    /// anywhere.
    pub saved: Option<BnSavedStatsMut<'a, T::Param>>,
}

impl<T: BnParam> BnTrainingArgs<'_, T> {
    /// The buffers' lengths, for
    /// `BatchNormProblem::check_forward_training`.
    pub fn lengths(&self) -> BnTrainingLengths {
        BnTrainingLengths {
            x: self.x.len(),
            z: None,
            y: self.y.len(),
            scale: self.scale.len(),
            bias: self.bias.len(),
            running: self.running.as_ref().map(|r| (r.mean.len(), r.var.len())),
            saved: self.saved.as_ref().map(|s| (s.mean.len(), s.inv_var.len())),
        }
    }
}

/// The buffers and factor of
/// [`Handle::batch_norm_forward_training_ex`](crate::Handle::batch_norm_forward_training_ex):
/// those of [`BnTrainingArgs`], the residual `z` and the reserve space.
pub struct BnTrainingExArgs<'a, T: BnParam> {
    /// The input.
    pub x: &'a dyn DeviceBuffer<T>,
    /// The residual added before the activation (the problem's `y`
    /// descriptor), given exactly when the problem's ops add one.
    pub z: Option<&'a dyn DeviceBuffer<T>>,
    /// The output.
    pub y: &'a mut dyn DeviceBufferMut<T>,
    /// The scale (gamma).
    pub scale: &'a dyn DeviceBuffer<T::Param>,
    /// The bias (beta).
    pub bias: &'a dyn DeviceBuffer<T::Param>,
    /// The weight of the batch's statistics in the running ones.
    pub exponential_average_factor: f64,
    /// The running statistics to update, if any.
    pub running: Option<BnRunningStats<'a, T::Param>>,
    /// Where to save the batch's statistics, if anywhere.
    pub saved: Option<BnSavedStatsMut<'a, T::Param>>,
    /// The reserve space
    /// ([`Handle::batch_norm_training_ex_reserve_size`](crate::Handle::batch_norm_training_ex_reserve_size)
    /// bytes; `None` when that is 0), passed unchanged to the backward pass.
    pub reserve: Option<&'a mut dyn DeviceBufferMut<u8>>,
}

impl<T: BnParam> BnTrainingExArgs<'_, T> {
    /// The buffers' lengths, for
    /// `BatchNormProblem::check_forward_training_ex`.
    pub fn lengths(&self) -> BnTrainingLengths {
        BnTrainingLengths {
            x: self.x.len(),
            z: self.z.map(|z| z.len()),
            y: self.y.len(),
            scale: self.scale.len(),
            bias: self.bias.len(),
            running: self.running.as_ref().map(|r| (r.mean.len(), r.var.len())),
            saved: self.saved.as_ref().map(|s| (s.mean.len(), s.inv_var.len())),
        }
    }
}

/// The buffers of
/// [`Handle::batch_norm_backward`](crate::Handle::batch_norm_backward).
pub struct BnBackwardArgs<'a, T: BnParam> {
    /// The forward's input (the problem's `x` descriptor).
    pub x: &'a dyn DeviceBuffer<T>,
    /// The gradient of the forward's output (the problem's `y` descriptor).
    pub dy: &'a dyn DeviceBuffer<T>,
    /// The gradient of `x`, written (the problem's `x` descriptor).
    pub dx: &'a mut dyn DeviceBufferMut<T>,
    /// The scale (gamma).
    pub scale: &'a dyn DeviceBuffer<T::Param>,
    /// The gradient of the scale, written.
    pub d_scale: &'a mut dyn DeviceBufferMut<T::Param>,
    /// The gradient of the bias, written.
    pub d_bias: &'a mut dyn DeviceBufferMut<T::Param>,
    /// The statistics the forward step saved, or `None` to recompute them.
    pub saved: Option<BnSavedStats<'a, T::Param>>,
}

impl<T: BnParam> BnBackwardArgs<'_, T> {
    /// The buffers' lengths, for
    /// `BatchNormProblem::check_backward`.
    pub fn lengths(&self) -> BnBackwardLengths {
        BnBackwardLengths {
            x: self.x.len(),
            y: None,
            dy: self.dy.len(),
            dz: None,
            dx: self.dx.len(),
            scale: self.scale.len(),
            bias: None,
            d_scale: self.d_scale.len(),
            d_bias: self.d_bias.len(),
            saved: self.saved.as_ref().map(|s| (s.mean.len(), s.inv_var.len())),
        }
    }
}

/// The buffers of
/// [`Handle::batch_norm_backward_ex`](crate::Handle::batch_norm_backward_ex):
/// those of [`BnBackwardArgs`], the forward's output `y` and `bias` (which
/// the fused activation reads), the residual's gradient `dz` and the
/// reserve space.
pub struct BnBackwardExArgs<'a, T: BnParam> {
    /// The forward's input.
    pub x: &'a dyn DeviceBuffer<T>,
    /// The forward's output.
    pub y: &'a dyn DeviceBuffer<T>,
    /// The gradient of `y`.
    pub dy: &'a dyn DeviceBuffer<T>,
    /// The gradient of the residual `z`, written; given exactly when the
    /// problem's ops add a residual.
    pub dz: Option<&'a mut dyn DeviceBufferMut<T>>,
    /// The gradient of `x`, written.
    pub dx: &'a mut dyn DeviceBufferMut<T>,
    /// The scale (gamma).
    pub scale: &'a dyn DeviceBuffer<T::Param>,
    /// The bias (beta).
    pub bias: &'a dyn DeviceBuffer<T::Param>,
    /// The gradient of the scale, written.
    pub d_scale: &'a mut dyn DeviceBufferMut<T::Param>,
    /// The gradient of the bias, written.
    pub d_bias: &'a mut dyn DeviceBufferMut<T::Param>,
    /// The statistics the forward step saved, or `None` to recompute them.
    pub saved: Option<BnSavedStats<'a, T::Param>>,
    /// The reserve space the forward step filled (`None` when it needed
    /// none).
    pub reserve: Option<&'a dyn DeviceBuffer<u8>>,
}

impl<T: BnParam> BnBackwardExArgs<'_, T> {
    /// The buffers' lengths, for
    /// `BatchNormProblem::check_backward_ex`.
    pub fn lengths(&self) -> BnBackwardLengths {
        BnBackwardLengths {
            x: self.x.len(),
            y: Some(self.y.len()),
            dy: self.dy.len(),
            dz: self.dz.as_ref().map(|d| d.len()),
            dx: self.dx.len(),
            scale: self.scale.len(),
            bias: Some(self.bias.len()),
            d_scale: self.d_scale.len(),
            d_bias: self.d_bias.len(),
            saved: self.saved.as_ref().map(|s| (s.mean.len(), s.inv_var.len())),
        }
    }
}

/// The two scalings of a backward pass: `dx = data.alpha * result +
/// data.beta * dx`, and the parameters' gradients likewise with `params`.
/// The default overwrites both.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BnBackwardScaling<S: Scale> {
    /// The scaling of `dx` (and `dz`).
    pub data: Scaling<S>,
    /// The scaling of `d_scale` and `d_bias`.
    pub params: Scaling<S>,
}

impl<S: Scale> Default for BnBackwardScaling<S> {
    fn default() -> Self {
        BnBackwardScaling {
            data: Scaling::default(),
            params: Scaling::default(),
        }
    }
}
