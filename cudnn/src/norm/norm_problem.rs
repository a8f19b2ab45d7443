//! The batch-normalization problem: the descriptors, mode, epsilon and
//! fused operations of a layer, checked once; and every check of a launch
//! that needs no GPU.

#![warn(clippy::arithmetic_side_effects)]

use std::sync::Arc;

use cudnn_sys as sys;

use crate::core::activation_descriptor::ActivationDescriptor;
use crate::core::error::{ensure, Error, Mismatch, Result};
use crate::core::launch::check_lengths;
use crate::core::tensor::TensorDescriptor;

use super::param::{
    check_param_descriptor, derive_bn_descriptor, BatchNormMode, BatchNormOps, BnParam,
};

pub(crate) const DERIVE: &str = "cudnnDeriveBNTensorDescriptor";
pub(crate) const INFERENCE: &str = "cudnnBatchNormalizationForwardInference";
pub(crate) const TRAINING: &str = "cudnnBatchNormalizationForwardTraining";
pub(crate) const BACKWARD: &str = "cudnnBatchNormalizationBackward";
pub(crate) const TRAINING_EX: &str = "cudnnBatchNormalizationForwardTrainingEx";
pub(crate) const BACKWARD_EX: &str = "cudnnBatchNormalizationBackwardEx";

/// A batch normalization: the descriptors of `x` (also that of `dx`) and
/// `y` (also that of `dy`, and of the residual `z` and its gradient `dz` of
/// the fused forms), the mode, the descriptor of the parameters (scale,
/// bias, means and variances), `epsilon`, and the operations the `Ex`
/// launches fuse after the normalization (with their activation).
///
/// Built once, it checks what the launches share: `x` is 4-d or 5-d, `y`
/// has its dimensions (the layouts may differ), the mode is one of cuDNN's,
/// the parameter descriptor is the one cuDNN derives
/// ([`derive_bn_descriptor`]), epsilon is at least
/// `CUDNN_BN_MIN_EPSILON`. The forward and backward launches of one layer
/// take the same problem, so they use the same epsilon, as cuDNN requires.
///
/// Errors found while building it name `cudnnDeriveBNTensorDescriptor`, the
/// function that derives the parameters.
#[derive(Debug)]
pub struct BatchNormProblem<T: BnParam> {
    mode: BatchNormMode,
    x: TensorDescriptor<T>,
    y: TensorDescriptor<T>,
    param: TensorDescriptor<T::Param>,
    epsilon: f64,
    ops: BatchNormOps,
    activation: Option<ActivationDescriptor>,
}

impl<T: BnParam> BatchNormProblem<T> {
    /// A batch normalization of `x` into `y` in `mode`, with the parameter
    /// descriptor cuDNN derives from `x` and no fused operation
    /// (`CUDNN_BATCHNORM_OPS_BN`).
    ///
    /// # Errors
    /// [`Mismatch::BadValue`] for an `x` that is not 4-d or 5-d, a mode
    /// cuDNN does not have, or an epsilon below `CUDNN_BN_MIN_EPSILON` (or
    /// not finite); [`Mismatch::Shape`] when `y` has other dimensions than
    /// `x`; cuDNN's error when it refuses to derive the parameters.
    pub fn new(
        mode: BatchNormMode,
        x: TensorDescriptor<T>,
        y: TensorDescriptor<T>,
        epsilon: f64,
    ) -> Result<Self> {
        check_shapes(mode, &x, &y, epsilon)?;
        let param = derive_bn_descriptor(&x, mode)?;
        Ok(Self::assemble(mode, x, y, param, epsilon))
    }

    /// [`new`](Self::new) with a parameter descriptor of the caller's,
    /// checked against what cuDNN derives: the dimensions of
    /// [`batch_norm_param_dims`](super::batch_norm_param_dims) and packed
    /// NCHW strides (its element type, [`BnParam::Param`], is checked by the
    /// compiler).
    ///
    /// # Errors
    /// As [`new`](Self::new), and [`Mismatch::Shape`] for a parameter
    /// descriptor of other dimensions or strides.
    pub fn with_param(
        mode: BatchNormMode,
        x: TensorDescriptor<T>,
        y: TensorDescriptor<T>,
        param: TensorDescriptor<T::Param>,
        epsilon: f64,
    ) -> Result<Self> {
        check_shapes(mode, &x, &y, epsilon)?;
        check_param_descriptor(DERIVE, x.dims(), mode, &param)?;
        Ok(Self::assemble(mode, x, y, param, epsilon))
    }

    fn assemble(
        mode: BatchNormMode,
        x: TensorDescriptor<T>,
        y: TensorDescriptor<T>,
        param: TensorDescriptor<T::Param>,
        epsilon: f64,
    ) -> Self {
        BatchNormProblem {
            mode,
            x,
            y,
            param,
            epsilon,
            ops: BatchNormOps::BN,
            activation: None,
        }
    }

    /// Sets epsilon, the value added to the variance before its square
    /// root; on error the problem keeps the one it had.
    ///
    /// # Errors
    /// As `check_batch_norm_epsilon`.
    pub fn set_epsilon(&mut self, epsilon: f64) -> Result<()> {
        check_batch_norm_epsilon(DERIVE, epsilon)?;
        self.epsilon = epsilon;
        Ok(())
    }

    /// Sets what the `Ex` launches fuse after the normalization: `ops`
    /// (see [`BatchNormOps`]) with `activation` exactly when `ops` fuses
    /// one. With `CUDNN_BATCHNORM_OPS_BN_ADD_ACTIVATION` the `Ex` launches
    /// take a residual `z` (its gradient `dz`) with `y`'s descriptor. On
    /// error the problem keeps the ops it had. The launches without `Ex`
    /// refuse a problem that fuses anything.
    ///
    /// # Errors
    /// [`Mismatch::BadValue`] for an `ops` cuDNN does not have or an
    /// activation given to ops that take none (or missing); the error names
    /// `cudnnBatchNormalizationForwardTrainingEx`.
    pub fn set_ops(
        &mut self,
        ops: BatchNormOps,
        activation: Option<ActivationDescriptor>,
    ) -> Result<()> {
        let residual = ops == BatchNormOps::BN_ADD_ACTIVATION;
        check_batch_norm_ops(TRAINING_EX, ops, activation.is_some(), residual)?;
        self.ops = ops;
        self.activation = activation;
        Ok(())
    }

    /// How statistics are taken.
    pub fn mode(&self) -> BatchNormMode {
        self.mode
    }

    /// The descriptor of `x` and `dx`.
    pub fn x(&self) -> &TensorDescriptor<T> {
        &self.x
    }

    /// The descriptor of `y` and `dy` (and of `z` and `dz` when the `Ex`
    /// launches add a residual).
    pub fn y(&self) -> &TensorDescriptor<T> {
        &self.y
    }

    /// The descriptor of scale, bias, means and variances (and of their
    /// gradients).
    pub fn param(&self) -> &TensorDescriptor<T::Param> {
        &self.param
    }

    /// The elements of each parameter buffer.
    pub fn param_len(&self) -> usize {
        self.param.required_len()
    }

    /// Epsilon.
    pub fn epsilon(&self) -> f64 {
        self.epsilon
    }

    /// What the `Ex` launches fuse.
    pub fn ops(&self) -> BatchNormOps {
        self.ops
    }

    /// The fused activation, when [`ops`](Self::ops) has one.
    pub fn activation(&self) -> Option<&ActivationDescriptor> {
        self.activation.as_ref()
    }

    /// Whether the `Ex` launches take a residual `z` / `dz`.
    pub fn has_residual(&self) -> bool {
        self.ops == BatchNormOps::BN_ADD_ACTIVATION
    }

    /// The raw activation descriptor (null without one).
    pub(crate) fn activation_ptr(&self) -> sys::cudnnActivationDescriptor_t {
        self.activation
            .as_ref()
            .map_or(std::ptr::null_mut(), ActivationDescriptor::as_raw)
    }

    /// The library of the fused activation, if any.
    pub(crate) fn activation_library(&self) -> Option<&Arc<crate::core::library::Library>> {
        self.activation.as_ref().map(ActivationDescriptor::library)
    }

    /// The launches without `Ex` fuse nothing: refuses a problem that does.
    fn check_unfused(&self, function: &'static str) -> Result<()> {
        ensure(self.ops == BatchNormOps::BN, function, || {
            Mismatch::BadValue {
                what: format!(
                    "the problem fuses ops {}, which only the Ex launches apply",
                    self.ops.0
                ),
            }
        })
    }

    /// Every check of
    /// [`Handle::batch_norm_forward_inference`](crate::Handle::batch_norm_forward_inference)
    /// that needs no GPU: the problem fuses nothing, and each buffer (lengths
    /// in elements) is as long as its descriptor spans.
    ///
    /// # Errors
    /// [`Mismatch::BadValue`] or [`Mismatch::BufferTooShort`].
    pub(crate) fn check_forward_inference(&self, lens: &BnInferenceLengths) -> Result<()> {
        self.check_unfused(INFERENCE)?;
        let p = self.param_len();
        check_lengths(
            INFERENCE,
            &[
                ("x", lens.x, self.x.required_len()),
                ("y", lens.y, self.y.required_len()),
                ("scale", lens.scale, p),
                ("bias", lens.bias, p),
                ("estimated_mean", lens.estimated_mean, p),
                ("estimated_var", lens.estimated_var, p),
            ],
        )
    }

    /// Every check of
    /// [`Handle::batch_norm_forward_training`](crate::Handle::batch_norm_forward_training)
    /// that needs no GPU: the problem fuses nothing and no residual is
    /// given, the exponential average factor is in `[0, 1]`, then the
    /// lengths.
    ///
    /// # Errors
    /// [`Mismatch::BadValue`] or [`Mismatch::BufferTooShort`].
    pub(crate) fn check_forward_training(
        &self,
        factor: f64,
        lens: &BnTrainingLengths,
    ) -> Result<()> {
        self.check_unfused(TRAINING)?;
        check_batch_norm_ops(TRAINING, BatchNormOps::BN, false, lens.z.is_some())?;
        self.training_checks(TRAINING, factor, lens)
    }

    /// Every check of
    /// [`Handle::batch_norm_forward_training_ex`](crate::Handle::batch_norm_forward_training_ex)
    /// that needs no GPU: a residual `z` is given exactly when the problem's
    /// ops add one, then as
    /// [`check_forward_training`](Self::check_forward_training) (`z`'s
    /// length last). The workspace and reserve space are checked at launch
    /// (their sizes need a handle).
    ///
    /// # Errors
    /// As [`check_forward_training`](Self::check_forward_training).
    pub(crate) fn check_forward_training_ex(
        &self,
        factor: f64,
        lens: &BnTrainingLengths,
    ) -> Result<()> {
        check_batch_norm_ops(
            TRAINING_EX,
            self.ops,
            self.activation.is_some(),
            lens.z.is_some(),
        )?;
        self.training_checks(TRAINING_EX, factor, lens)?;
        if let Some(z) = lens.z {
            check_lengths(TRAINING_EX, &[("z", z, self.y.required_len())])?;
        }
        Ok(())
    }

    fn training_checks(
        &self,
        function: &'static str,
        factor: f64,
        lens: &BnTrainingLengths,
    ) -> Result<()> {
        check_exponential_average_factor(function, factor)?;
        let p = self.param_len();
        let mut all = vec![
            ("x", lens.x, self.x.required_len()),
            ("y", lens.y, self.y.required_len()),
            ("scale", lens.scale, p),
            ("bias", lens.bias, p),
        ];
        if let Some((m, v)) = lens.running {
            all.extend([("running_mean", m, p), ("running_var", v, p)]);
        }
        if let Some((m, v)) = lens.saved {
            all.extend([("saved_mean", m, p), ("saved_inv_var", v, p)]);
        }
        check_lengths(function, &all)
    }

    /// Every check of
    /// [`Handle::batch_norm_backward`](crate::Handle::batch_norm_backward)
    /// that needs no GPU: the problem fuses nothing and no `dz` is given,
    /// then the lengths (`y` and `bias`, which this launch does not read,
    /// only when given).
    ///
    /// # Errors
    /// [`Mismatch::BadValue`] or [`Mismatch::BufferTooShort`].
    pub(crate) fn check_backward(&self, lens: &BnBackwardLengths) -> Result<()> {
        self.check_unfused(BACKWARD)?;
        check_batch_norm_ops(BACKWARD, BatchNormOps::BN, false, lens.dz.is_some())?;
        self.backward_checks(BACKWARD, lens)
    }

    /// Every check of
    /// [`Handle::batch_norm_backward_ex`](crate::Handle::batch_norm_backward_ex)
    /// that needs no GPU: `dz` is given exactly when the problem's ops add a
    /// residual, then the lengths (`y` and `bias` are read: absent counts as
    /// 0 elements), `dz`'s last.
    ///
    /// # Errors
    /// As [`check_backward`](Self::check_backward).
    pub(crate) fn check_backward_ex(&self, lens: &BnBackwardLengths) -> Result<()> {
        check_batch_norm_ops(
            BACKWARD_EX,
            self.ops,
            self.activation.is_some(),
            lens.dz.is_some(),
        )?;
        let lens_ex = BnBackwardLengths {
            y: Some(lens.y.unwrap_or(0)),
            bias: Some(lens.bias.unwrap_or(0)),
            ..*lens
        };
        self.backward_checks(BACKWARD_EX, &lens_ex)?;
        if let Some(dz) = lens.dz {
            check_lengths(BACKWARD_EX, &[("dz", dz, self.y.required_len())])?;
        }
        Ok(())
    }

    fn backward_checks(&self, function: &'static str, lens: &BnBackwardLengths) -> Result<()> {
        let (n_x, n_y, p) = (
            self.x.required_len(),
            self.y.required_len(),
            self.param_len(),
        );
        let mut all = vec![("x", lens.x, n_x)];
        if let Some(y) = lens.y {
            all.push(("y", y, n_y));
        }
        all.extend([("dy", lens.dy, n_y), ("dx", lens.dx, n_x)]);
        all.push(("scale", lens.scale, p));
        if let Some(b) = lens.bias {
            all.push(("bias", b, p));
        }
        all.extend([("d_scale", lens.d_scale, p), ("d_bias", lens.d_bias, p)]);
        if let Some((m, v)) = lens.saved {
            all.extend([("saved_mean", m, p), ("saved_inv_var", v, p)]);
        }
        check_lengths(function, &all)
    }
}

/// What every problem checks of its descriptors and epsilon.
fn check_shapes<T: BnParam>(
    mode: BatchNormMode,
    x: &TensorDescriptor<T>,
    y: &TensorDescriptor<T>,
    epsilon: f64,
) -> Result<()> {
    ensure((4..=5).contains(&x.dims().len()), DERIVE, || {
        Mismatch::BadValue {
            what: format!(
                "x {:?} has rank {}: cuDNN normalizes 4-d and 5-d tensors",
                x.dims(),
                x.dims().len()
            ),
        }
    })?;
    ensure(y.dims() == x.dims(), DERIVE, || Mismatch::Shape {
        what: format!(
            "`y` is {:?} but `x` is {:?}: they must have the same dimensions (`dy` has \
             `y`'s descriptor, `dx` has `x`'s)",
            y.dims(),
            x.dims()
        ),
    })?;
    // The mode (param_dims refuses one cuDNN does not have).
    super::param::param_dims(DERIVE, x.dims(), mode)?;
    check_batch_norm_epsilon(DERIVE, epsilon)
}

/// The lengths, in elements, of the buffers of an inference launch (see
/// `BatchNormProblem::check_forward_inference`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BnInferenceLengths {
    /// `x`.
    pub x: usize,
    /// `y`.
    pub y: usize,
    /// `scale`.
    pub scale: usize,
    /// `bias`.
    pub bias: usize,
    /// `estimated_mean`.
    pub estimated_mean: usize,
    /// `estimated_var`.
    pub estimated_var: usize,
}

/// The lengths, in elements, of the buffers of a training launch (see
/// `BatchNormProblem::check_forward_training`); `None` for a buffer not
/// given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BnTrainingLengths {
    /// `x`.
    pub x: usize,
    /// The residual `z` of the `Ex` launch.
    pub z: Option<usize>,
    /// `y`.
    pub y: usize,
    /// `scale`.
    pub scale: usize,
    /// `bias`.
    pub bias: usize,
    /// The running (mean, variance).
    pub running: Option<(usize, usize)>,
    /// The saved (mean, inverse standard deviation).
    pub saved: Option<(usize, usize)>,
}

/// The lengths, in elements, of the buffers of a backward launch (see
/// `BatchNormProblem::check_backward`); `None` for a buffer not given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BnBackwardLengths {
    /// `x`.
    pub x: usize,
    /// The forward's output `y` (read by the `Ex` launch).
    pub y: Option<usize>,
    /// `dy`.
    pub dy: usize,
    /// The residual's gradient `dz` of the `Ex` launch.
    pub dz: Option<usize>,
    /// `dx`.
    pub dx: usize,
    /// `scale`.
    pub scale: usize,
    /// `bias` (read by the `Ex` launch).
    pub bias: Option<usize>,
    /// `d_scale`.
    pub d_scale: usize,
    /// `d_bias`.
    pub d_bias: usize,
    /// The saved (mean, inverse standard deviation).
    pub saved: Option<(usize, usize)>,
}

/// `epsilon` is finite and at least `CUDNN_BN_MIN_EPSILON`.
///
/// # Errors
/// [`Mismatch::BadValue`].
pub(crate) fn check_batch_norm_epsilon(function: &'static str, epsilon: f64) -> Result<()> {
    ensure(
        epsilon.is_finite() && epsilon >= sys::CUDNN_BN_MIN_EPSILON,
        function,
        || Mismatch::BadValue {
            what: format!(
                "epsilon {epsilon}: must be finite and at least CUDNN_BN_MIN_EPSILON ({})",
                sys::CUDNN_BN_MIN_EPSILON
            ),
        },
    )
}

/// The exponential average factor is in `[0, 1]` (1 replaces the running
/// statistics with the batch's, 0 leaves them unchanged).
///
/// # Errors
/// [`Mismatch::BadValue`].
pub(crate) fn check_exponential_average_factor(function: &'static str, factor: f64) -> Result<()> {
    ensure((0.0..=1.0).contains(&factor), function, || {
        Mismatch::BadValue {
            what: format!("exponential average factor {factor}: must be in [0, 1]"),
        }
    })
}

/// `ops` agrees with what is given: an activation exactly when `ops` fuses
/// one, a residual `z` (or its gradient `dz`) exactly for
/// `CUDNN_BATCHNORM_OPS_BN_ADD_ACTIVATION`.
///
/// # Errors
/// [`Mismatch::BadValue`] for an unknown `ops` or a missing or superfluous
/// activation or residual.
pub(crate) fn check_batch_norm_ops(
    function: &'static str,
    ops: BatchNormOps,
    has_activation: bool,
    has_residual: bool,
) -> Result<()> {
    let (needs_activation, needs_residual) = match ops {
        BatchNormOps::BN => (false, false),
        BatchNormOps::BN_ACTIVATION => (true, false),
        BatchNormOps::BN_ADD_ACTIVATION => (true, true),
        other => {
            return Err(Error::bad_value(
                function,
                format!(
                    "batch-normalization ops {}: not a cudnnBatchNormOps_t",
                    other.0
                ),
            ))
        }
    };
    let word = |b: bool| if b { "needs" } else { "takes no" };
    ensure(has_activation == needs_activation, function, || {
        Mismatch::BadValue {
            what: format!(
                "ops {} {} activation descriptor, but one was {}",
                ops.0,
                word(needs_activation),
                if has_activation { "given" } else { "not given" }
            ),
        }
    })?;
    ensure(has_residual == needs_residual, function, || {
        Mismatch::BadValue {
            what: format!(
                "ops {} {} residual tensor (z / dz), but one was {}",
                ops.0,
                word(needs_residual),
                if has_residual { "given" } else { "not given" }
            ),
        }
    })
}

/// The reserve space of an `Ex` launch holds at least `required` bytes
/// (`None`: no reserve space given, fine only when none is needed).
///
/// # Errors
/// [`Mismatch::BufferTooShort`] for `reserve`.
pub(crate) fn check_batch_norm_reserve(
    function: &'static str,
    len: Option<usize>,
    required: usize,
) -> Result<()> {
    check_lengths(function, &[("reserve", len.unwrap_or(0), required)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scalar_checks() {
        assert!(check_batch_norm_epsilon("f", 1e-5).is_ok());
        assert!(check_batch_norm_epsilon("f", sys::CUDNN_BN_MIN_EPSILON).is_ok());
        assert!(check_batch_norm_epsilon("f", -1e-3).is_err());
        assert!(check_batch_norm_epsilon("f", f64::NAN).is_err());
        assert!(check_batch_norm_epsilon("f", f64::INFINITY).is_err());
        assert!(check_exponential_average_factor("f", 0.0).is_ok());
        assert!(check_exponential_average_factor("f", 1.0).is_ok());
        assert!(check_exponential_average_factor("f", 1.5).is_err());
        assert!(check_exponential_average_factor("f", f64::NAN).is_err());
    }
}
