//! Batch normalization: the parameter descriptor, training, inference and
//! backward launches, and the fused `Ex` variants (activation, residual add,
//! workspace and reserve space).
//!
//! The scale, bias, mean and variance of a batch normalization live in a
//! tensor whose shape cuDNN derives from the input's
//! ([`derive_bn_descriptor`]): `(1, C, 1, 1[, 1])` for the spatial modes,
//! `(1, C, H, W[, D])` per activation, always packed NCHW, of type
//! [`BnParam::Param`] (`f32` for `f16`, `bf16` and `f32` data, `f64` for
//! `f64`). Every launch checks its arguments first with a `check_*`
//! function of this module, which needs no GPU.

use std::ffi::c_void;
use std::sync::Arc;

use cudarc::driver::CudaSlice;
use cudnn_sys as sys;
use half::{bf16, f16};

use crate::activation::ActivationDescriptor;
use crate::dtype::{DataType, Scale};
use crate::error::{ensure, Error, Mismatch, Result};
use crate::handle::Handle;
use crate::launch::{check_lengths, opt_ptr, opt_ptr_mut, DeviceBuffer, DeviceBufferMut};
use crate::library::ffi;
use crate::tensor::{packed_strides, RawTensor, TensorDescriptor, TensorFormat};
use crate::workspace::Workspace;

/// How statistics are taken (`cudnnBatchNormMode_t`):
/// `CUDNN_BATCHNORM_PER_ACTIVATION` (one mean per element of C x H x W,
/// over N), `CUDNN_BATCHNORM_SPATIAL` (one per channel, over N x H x W), and
/// `CUDNN_BATCHNORM_SPATIAL_PERSISTENT` (spatial, with faster kernels that
/// may overflow on data far from zero).
pub type BatchNormMode = sys::cudnnBatchNormMode_t;

/// What the `Ex` launches fuse after the normalization
/// (`cudnnBatchNormOps_t`): `CUDNN_BATCHNORM_OPS_BN` (nothing),
/// `CUDNN_BATCHNORM_OPS_BN_ACTIVATION` (an activation) and
/// `CUDNN_BATCHNORM_OPS_BN_ADD_ACTIVATION` (a residual `z` added, then an
/// activation).
pub type BatchNormOps = sys::cudnnBatchNormOps_t;

/// Two parameter buffers a launch writes: the running (mean, variance)
/// or the saved (mean, inverse standard deviation) of a training step.
pub type BnPairMut<'a, P> = (&'a mut CudaSlice<P>, &'a mut CudaSlice<P>);

/// Two parameter buffers a launch reads: the saved (mean, inverse standard
/// deviation) of a training step.
pub type BnPair<'a, P> = (&'a CudaSlice<P>, &'a CudaSlice<P>);

mod sealed {
    pub trait Sealed {}
    impl Sealed for f32 {}
    impl Sealed for f64 {}
    impl Sealed for half::f16 {}
    impl Sealed for half::bf16 {}
}

/// An element type batch normalization runs on (`f32`, `f64`, `f16`,
/// `bf16`), with the type of its parameters. Sealed.
pub trait BnParam: DataType + sealed::Sealed {
    /// The type of scale, bias, mean and variance: `f64` for `f64` data,
    /// `f32` otherwise (cuDNN's rule for derived descriptors).
    type Param: DataType + Scale;
}

impl BnParam for f32 {
    type Param = f32;
}
impl BnParam for f64 {
    type Param = f64;
}
impl BnParam for f16 {
    type Param = f32;
}
impl BnParam for bf16 {
    type Param = f32;
}

const DERIVE: &str = "cudnnDeriveBNTensorDescriptor";

/// The dimensions of the parameter tensor for input dimensions `x` in
/// `mode`: `(1, C, 1, ...)` for the spatial modes, `(1, C, H, W, ...)` per
/// activation (the same rule as `cudnnDeriveBNTensorDescriptor`, checked
/// against it by [`derive_bn_descriptor`]).
///
/// # Errors
/// [`Mismatch::BadValue`] for fewer than 3 dimensions or a mode that is
/// none of the three.
pub fn batch_norm_param_dims(x: &[usize], mode: BatchNormMode) -> Result<Vec<usize>> {
    param_dims(DERIVE, x, mode)
}

fn param_dims(function: &'static str, x: &[usize], mode: BatchNormMode) -> Result<Vec<usize>> {
    ensure(x.len() >= 3, function, || Mismatch::BadValue {
        what: format!(
            "an input of rank {}: batch normalization needs (N, C, spatial...)",
            x.len()
        ),
    })?;
    let mut dims = x.to_vec();
    dims[0] = 1;
    match mode {
        BatchNormMode::CUDNN_BATCHNORM_PER_ACTIVATION => {}
        BatchNormMode::CUDNN_BATCHNORM_SPATIAL
        | BatchNormMode::CUDNN_BATCHNORM_SPATIAL_PERSISTENT => {
            dims[2..].iter_mut().for_each(|d| *d = 1);
        }
        other => {
            return Err(Error::InvalidArgument {
                function,
                mismatch: Mismatch::BadValue {
                    what: format!(
                        "batch-normalization mode {}: not a cudnnBatchNormMode_t",
                        other.0
                    ),
                },
            })
        }
    }
    Ok(dims)
}

/// The descriptor of the scale, bias, mean and variance tensors for input
/// `x` in `mode`, as cuDNN derives it: dimensions from
/// [`batch_norm_param_dims`], packed NCHW whatever `x`'s layout, element
/// type [`BnParam::Param`].
///
/// # Errors
/// [`Mismatch::BadValue`] as [`batch_norm_param_dims`]; cuDNN's error
/// when it refuses to derive; [`Mismatch::Unsupported`] should cuDNN ever
/// derive another shape, layout or type than this crate computes.
#[doc(alias = "cudnnDeriveBNTensorDescriptor")]
pub fn derive_bn_descriptor<T: BnParam>(
    x: &TensorDescriptor<T>,
    mode: BatchNormMode,
) -> Result<TensorDescriptor<T::Param>> {
    let dims = batch_norm_param_dims(x.dims(), mode)?;
    let strides = packed_strides(TensorFormat::CUDNN_TENSOR_NCHW, &dims);
    let raw = RawTensor::create(Arc::clone(x.library()))?;
    let derive = ffi!(raw.lib(), cudnnDeriveBNTensorDescriptor);
    // SAFETY: both descriptors are live; cuDNN writes only the first.
    let status = unsafe { (derive.f)(raw.ptr(), x.as_raw(), mode) };
    derive.check(status)?;
    from_derived(&raw, DERIVE, &dims, &strides)
}

/// A typed descriptor for one that cuDNN filled (`raw`): a new
/// [`TensorDescriptor::with_strides_in`] with the `dims` and `strides` this
/// crate computed, after checking with `cudnnGetTensorNdDescriptor` that
/// cuDNN's has exactly those, and element type `P`.
pub(crate) fn from_derived<P: DataType>(
    raw: &RawTensor,
    function: &'static str,
    dims: &[usize],
    strides: &[usize],
) -> Result<TensorDescriptor<P>> {
    const MAX_RANK: usize = 8;
    let get = ffi!(raw.lib(), cudnnGetTensorNdDescriptor);
    let mut data_type = sys::cudnnDataType_t(u32::MAX);
    let mut rank = 0i32;
    let mut got_dims = [0i32; MAX_RANK];
    let mut got_strides = [0i32; MAX_RANK];
    // SAFETY: the descriptor is live; both arrays have room for the
    // MAX_RANK values requested; the scalars are valid out-pointers.
    let status = unsafe {
        (get.f)(
            raw.ptr(),
            MAX_RANK as i32,
            &mut data_type,
            &mut rank,
            got_dims.as_mut_ptr(),
            got_strides.as_mut_ptr(),
        )
    };
    get.check(status)?;
    let n = usize::try_from(rank).unwrap_or(0).min(MAX_RANK);
    let to_usize =
        |v: &[i32]| -> Vec<usize> { v.iter().map(|&d| usize::try_from(d).unwrap_or(0)).collect() };
    let (theirs_dims, theirs_strides) = (to_usize(&got_dims[..n]), to_usize(&got_strides[..n]));
    ensure(
        data_type == P::CUDNN && theirs_dims == dims && theirs_strides == strides,
        function,
        || Mismatch::Unsupported {
            what: format!(
                "cuDNN derived type {} dims {theirs_dims:?} strides {theirs_strides:?}, but this \
                 crate computed {} dims {dims:?} strides {strides:?}",
                data_type.0,
                P::NAME
            ),
        },
    )?;
    TensorDescriptor::with_strides_in(Arc::clone(raw.lib()), dims, strides)
}

/// The shapes of one launch: `x` is 4-d or 5-d; every tensor in `same`
/// has `x`'s dimensions (strides may differ); `param` has the dimensions
/// [`batch_norm_param_dims`] gives for `x` and `mode`.
fn check_tensors<T: BnParam>(
    function: &'static str,
    mode: BatchNormMode,
    x: &TensorDescriptor<T>,
    same: &[(&'static str, &TensorDescriptor<T>)],
    param: &TensorDescriptor<T::Param>,
) -> Result<()> {
    ensure((4..=5).contains(&x.dims().len()), function, || {
        Mismatch::BadValue {
            what: format!(
                "x {:?} has rank {}: cuDNN normalizes 4-d and 5-d tensors",
                x.dims(),
                x.dims().len()
            ),
        }
    })?;
    for (name, d) in same {
        ensure(d.dims() == x.dims(), function, || Mismatch::Shape {
            what: format!(
                "`{name}` is {:?} but `x` is {:?}: they must have the same dimensions",
                d.dims(),
                x.dims()
            ),
        })?;
    }
    let want = param_dims(function, x.dims(), mode)?;
    ensure(param.dims() == want.as_slice(), function, || {
        Mismatch::Shape {
            what: format!(
                "the parameter descriptor is {:?} but mode {} needs {want:?} for x {:?} \
             (see derive_bn_descriptor)",
                param.dims(),
                mode.0,
                x.dims()
            ),
        }
    })
}

/// `epsilon` is finite and at least `CUDNN_BN_MIN_EPSILON`.
///
/// # Errors
/// [`Mismatch::BadValue`].
pub fn check_batch_norm_epsilon(function: &'static str, epsilon: f64) -> Result<()> {
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
pub fn check_exponential_average_factor(function: &'static str, factor: f64) -> Result<()> {
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
pub fn check_batch_norm_ops(
    function: &'static str,
    ops: BatchNormOps,
    has_activation: bool,
    has_residual: bool,
) -> Result<()> {
    let (needs_activation, needs_residual) = match ops {
        BatchNormOps::CUDNN_BATCHNORM_OPS_BN => (false, false),
        BatchNormOps::CUDNN_BATCHNORM_OPS_BN_ACTIVATION => (true, false),
        BatchNormOps::CUDNN_BATCHNORM_OPS_BN_ADD_ACTIVATION => (true, true),
        other => {
            return Err(Error::InvalidArgument {
                function,
                mismatch: Mismatch::BadValue {
                    what: format!(
                        "batch-normalization ops {}: not a cudnnBatchNormOps_t",
                        other.0
                    ),
                },
            })
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
pub fn check_batch_norm_reserve(
    function: &'static str,
    len: Option<usize>,
    required: usize,
) -> Result<()> {
    check_lengths(function, &[("reserve", len.unwrap_or(0), required)])
}

/// Every check of [`Handle::batch_norm_forward_training`] that needs no
/// GPU, over the descriptors and the buffers' lengths (in elements):
/// shapes, epsilon, the factor, then lengths. `running` and `saved` are the
/// lengths of the (mean, variance) pairs when given.
///
/// # Errors
/// [`Error::InvalidArgument`] with [`Mismatch::BadValue`],
/// [`Mismatch::Shape`] or [`Mismatch::BufferTooShort`].
#[allow(clippy::too_many_arguments)]
pub fn check_batch_norm_forward_training<T: BnParam>(
    mode: BatchNormMode,
    x_desc: &TensorDescriptor<T>,
    x_len: usize,
    y_desc: &TensorDescriptor<T>,
    y_len: usize,
    param_desc: &TensorDescriptor<T::Param>,
    scale_len: usize,
    bias_len: usize,
    exponential_average_factor: f64,
    running: Option<(usize, usize)>,
    epsilon: f64,
    saved: Option<(usize, usize)>,
) -> Result<()> {
    const F: &str = "cudnnBatchNormalizationForwardTraining";
    training_checks(
        F,
        mode,
        (x_desc, x_len),
        (y_desc, y_len),
        param_desc,
        (scale_len, bias_len),
        exponential_average_factor,
        running,
        epsilon,
        saved,
    )
}

#[allow(clippy::too_many_arguments)]
fn training_checks<T: BnParam>(
    function: &'static str,
    mode: BatchNormMode,
    x: (&TensorDescriptor<T>, usize),
    y: (&TensorDescriptor<T>, usize),
    param_desc: &TensorDescriptor<T::Param>,
    (scale_len, bias_len): (usize, usize),
    exponential_average_factor: f64,
    running: Option<(usize, usize)>,
    epsilon: f64,
    saved: Option<(usize, usize)>,
) -> Result<()> {
    check_tensors(function, mode, x.0, &[("y", y.0)], param_desc)?;
    check_batch_norm_epsilon(function, epsilon)?;
    check_exponential_average_factor(function, exponential_average_factor)?;
    let p = param_desc.required_len();
    let mut lens = vec![
        ("x", x.1, x.0.required_len()),
        ("y", y.1, y.0.required_len()),
        ("scale", scale_len, p),
        ("bias", bias_len, p),
    ];
    if let Some((m, v)) = running {
        lens.extend([("running_mean", m, p), ("running_var", v, p)]);
    }
    if let Some((m, v)) = saved {
        lens.extend([("saved_mean", m, p), ("saved_inv_var", v, p)]);
    }
    check_lengths(function, &lens)
}

/// Every check of [`Handle::batch_norm_forward_inference`] that needs no
/// GPU: shapes, epsilon, then lengths (in elements).
///
/// # Errors
/// As [`check_batch_norm_forward_training`].
#[allow(clippy::too_many_arguments)]
pub fn check_batch_norm_forward_inference<T: BnParam>(
    mode: BatchNormMode,
    x_desc: &TensorDescriptor<T>,
    x_len: usize,
    y_desc: &TensorDescriptor<T>,
    y_len: usize,
    param_desc: &TensorDescriptor<T::Param>,
    scale_len: usize,
    bias_len: usize,
    mean_len: usize,
    var_len: usize,
    epsilon: f64,
) -> Result<()> {
    const F: &str = "cudnnBatchNormalizationForwardInference";
    check_tensors(F, mode, x_desc, &[("y", y_desc)], param_desc)?;
    check_batch_norm_epsilon(F, epsilon)?;
    let p = param_desc.required_len();
    check_lengths(
        F,
        &[
            ("x", x_len, x_desc.required_len()),
            ("y", y_len, y_desc.required_len()),
            ("scale", scale_len, p),
            ("bias", bias_len, p),
            ("estimated_mean", mean_len, p),
            ("estimated_var", var_len, p),
        ],
    )
}

/// Every check of [`Handle::batch_norm_backward`] that needs no GPU:
/// shapes, epsilon, then lengths (in elements). `saved` is the lengths of
/// the saved (mean, inverse variance) pair when given.
///
/// # Errors
/// As [`check_batch_norm_forward_training`].
#[allow(clippy::too_many_arguments)]
pub fn check_batch_norm_backward<T: BnParam>(
    mode: BatchNormMode,
    x_desc: &TensorDescriptor<T>,
    x_len: usize,
    dy_desc: &TensorDescriptor<T>,
    dy_len: usize,
    dx_desc: &TensorDescriptor<T>,
    dx_len: usize,
    param_desc: &TensorDescriptor<T::Param>,
    scale_len: usize,
    d_scale_len: usize,
    d_bias_len: usize,
    epsilon: f64,
    saved: Option<(usize, usize)>,
) -> Result<()> {
    const F: &str = "cudnnBatchNormalizationBackward";
    backward_checks(
        F,
        mode,
        (x_desc, x_len),
        None,
        (dy_desc, dy_len),
        (dx_desc, dx_len),
        param_desc,
        &[
            ("scale", scale_len),
            ("d_scale", d_scale_len),
            ("d_bias", d_bias_len),
        ],
        epsilon,
        saved,
    )
}

type Tensor<'a, T> = (&'a TensorDescriptor<T>, usize);

#[allow(clippy::too_many_arguments)]
fn backward_checks<T: BnParam>(
    function: &'static str,
    mode: BatchNormMode,
    x: Tensor<'_, T>,
    y: Option<Tensor<'_, T>>,
    dy: Tensor<'_, T>,
    dx: Tensor<'_, T>,
    param_desc: &TensorDescriptor<T::Param>,
    params: &[(&'static str, usize)],
    epsilon: f64,
    saved: Option<(usize, usize)>,
) -> Result<()> {
    let mut same = vec![("dy", dy.0), ("dx", dx.0)];
    if let Some(y) = y {
        same.insert(0, ("y", y.0));
    }
    check_tensors(function, mode, x.0, &same, param_desc)?;
    check_batch_norm_epsilon(function, epsilon)?;
    let p = param_desc.required_len();
    let mut lens = vec![("x", x.1, x.0.required_len())];
    if let Some(y) = y {
        lens.push(("y", y.1, y.0.required_len()));
    }
    lens.extend([
        ("dy", dy.1, dy.0.required_len()),
        ("dx", dx.1, dx.0.required_len()),
    ]);
    lens.extend(params.iter().map(|&(name, len)| (name, len, p)));
    if let Some((m, v)) = saved {
        lens.extend([("saved_mean", m, p), ("saved_inv_var", v, p)]);
    }
    check_lengths(function, &lens)
}

/// Every check of [`Handle::batch_norm_forward_training_ex`] that needs no
/// GPU: those of [`check_batch_norm_forward_training`], `ops` against the
/// activation and residual `z` given ([`check_batch_norm_ops`]), and `z`'s
/// shape and length. The workspace and reserve space are checked at launch
/// (their sizes need a handle).
///
/// # Errors
/// As [`check_batch_norm_forward_training`].
#[allow(clippy::too_many_arguments)]
pub fn check_batch_norm_forward_training_ex<T: BnParam>(
    mode: BatchNormMode,
    ops: BatchNormOps,
    x_desc: &TensorDescriptor<T>,
    x_len: usize,
    z: Option<(&TensorDescriptor<T>, usize)>,
    y_desc: &TensorDescriptor<T>,
    y_len: usize,
    param_desc: &TensorDescriptor<T::Param>,
    scale_len: usize,
    bias_len: usize,
    exponential_average_factor: f64,
    running: Option<(usize, usize)>,
    epsilon: f64,
    saved: Option<(usize, usize)>,
    activation: Option<&ActivationDescriptor>,
) -> Result<()> {
    const F: &str = "cudnnBatchNormalizationForwardTrainingEx";
    check_batch_norm_ops(F, ops, activation.is_some(), z.is_some())?;
    training_checks(
        F,
        mode,
        (x_desc, x_len),
        (y_desc, y_len),
        param_desc,
        (scale_len, bias_len),
        exponential_average_factor,
        running,
        epsilon,
        saved,
    )?;
    if let Some((z_desc, z_len)) = z {
        check_tensors(F, mode, x_desc, &[("z", z_desc)], param_desc)?;
        check_lengths(F, &[("z", z_len, z_desc.required_len())])?;
    }
    Ok(())
}

/// Every check of [`Handle::batch_norm_backward_ex`] that needs no GPU:
/// `ops` against the activation and residual gradient `dz` given, shapes
/// (`x`, `y`, `dy`, `dz`, `dx` alike; the parameters derived), epsilon,
/// then lengths (in elements).
///
/// # Errors
/// As [`check_batch_norm_forward_training`].
#[allow(clippy::too_many_arguments)]
pub fn check_batch_norm_backward_ex<T: BnParam>(
    mode: BatchNormMode,
    ops: BatchNormOps,
    x_desc: &TensorDescriptor<T>,
    x_len: usize,
    y_desc: &TensorDescriptor<T>,
    y_len: usize,
    dy_desc: &TensorDescriptor<T>,
    dy_len: usize,
    dz: Option<(&TensorDescriptor<T>, usize)>,
    dx_desc: &TensorDescriptor<T>,
    dx_len: usize,
    param_desc: &TensorDescriptor<T::Param>,
    scale_len: usize,
    bias_len: usize,
    d_scale_len: usize,
    d_bias_len: usize,
    epsilon: f64,
    saved: Option<(usize, usize)>,
    activation: Option<&ActivationDescriptor>,
) -> Result<()> {
    const F: &str = "cudnnBatchNormalizationBackwardEx";
    check_batch_norm_ops(F, ops, activation.is_some(), dz.is_some())?;
    backward_checks(
        F,
        mode,
        (x_desc, x_len),
        Some((y_desc, y_len)),
        (dy_desc, dy_len),
        (dx_desc, dx_len),
        param_desc,
        &[
            ("scale", scale_len),
            ("bias", bias_len),
            ("d_scale", d_scale_len),
            ("d_bias", d_bias_len),
        ],
        epsilon,
        saved,
    )?;
    if let Some((dz_desc, dz_len)) = dz {
        check_tensors(F, mode, x_desc, &[("dz", dz_desc)], param_desc)?;
        check_lengths(F, &[("dz", dz_len, dz_desc.required_len())])?;
    }
    Ok(())
}

fn activation_ptr(a: Option<&ActivationDescriptor>) -> sys::cudnnActivationDescriptor_t {
    a.map_or(std::ptr::null_mut(), ActivationDescriptor::as_raw)
}

impl Handle {
    /// One training step: `y = alpha * bn(x) + beta * y`, normalizing `x`
    /// by the batch's own mean and variance, then scaling by `scale` and
    /// shifting by `bias`.
    ///
    /// `running` = (mean, variance), when given, are updated in place:
    /// `running = (1 - factor) * running + factor * batch` (the variance
    /// unbiased). `saved` = (mean, inverse standard deviation), when given,
    /// receive the batch's statistics, which speed up
    /// [`batch_norm_backward`](Self::batch_norm_backward). All parameter
    /// buffers have `param_desc` (from [`derive_bn_descriptor`]).
    ///
    /// Checks first with [`check_batch_norm_forward_training`], then the
    /// stream and every buffer's device.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] before any GPU work for a mismatch;
    /// cuDNN's and CUDA's errors.
    #[allow(clippy::too_many_arguments)]
    #[doc(alias = "cudnnBatchNormalizationForwardTraining")]
    pub fn batch_norm_forward_training<T: BnParam>(
        &self,
        mode: BatchNormMode,
        alpha: T::Scale,
        beta: T::Scale,
        x_desc: &TensorDescriptor<T>,
        x: &impl DeviceBuffer<T>,
        y_desc: &TensorDescriptor<T>,
        y: &mut impl DeviceBufferMut<T>,
        param_desc: &TensorDescriptor<T::Param>,
        scale: &impl DeviceBuffer<T::Param>,
        bias: &impl DeviceBuffer<T::Param>,
        exponential_average_factor: f64,
        running: Option<BnPairMut<'_, T::Param>>,
        epsilon: f64,
        saved: Option<BnPairMut<'_, T::Param>>,
    ) -> Result<()> {
        const F: &str = "cudnnBatchNormalizationForwardTraining";
        check_batch_norm_forward_training(
            mode,
            x_desc,
            x.len(),
            y_desc,
            y.len(),
            param_desc,
            scale.len(),
            bias.len(),
            exponential_average_factor,
            running.as_ref().map(|(m, v)| (m.len(), v.len())),
            epsilon,
            saved.as_ref().map(|(m, v)| (m.len(), v.len())),
        )?;
        let stream = self.launch_stream(F)?;
        let p = param_desc.required_len();
        crate::launch::check_input(self.library(), stream, F, "x", x, x_desc)?;
        crate::launch::check_output(self.library(), stream, F, "y", y, y_desc)?;
        crate::launch::check_buffer(stream, F, "scale", scale, p)?;
        crate::launch::check_buffer(stream, F, "bias", bias, p)?;
        let (running_mean, running_var) = running.unzip();
        let (saved_mean, saved_inv_var) = saved.unzip();
        for (name, b) in [
            ("running_mean", &running_mean),
            ("running_var", &running_var),
            ("saved_mean", &saved_mean),
            ("saved_inv_var", &saved_inv_var),
        ] {
            if let Some(b) = b {
                crate::launch::check_buffer(stream, F, name, &**b, p)?;
            }
        }
        let run = ffi!(self.library(), cudnnBatchNormalizationForwardTraining);
        let (xp, _gx) = x.device_ptr(stream);
        let (yp, _gy) = y.device_ptr_mut(stream);
        let (sp, _gs) = scale.device_ptr(stream);
        let (bp, _gb) = bias.device_ptr(stream);
        let (rmp, _grm) = opt_ptr_mut(running_mean, stream);
        let (rvp, _grv) = opt_ptr_mut(running_var, stream);
        let (smp, _gsm) = opt_ptr_mut(saved_mean, stream);
        let (svp, _gsv) = opt_ptr_mut(saved_inv_var, stream);
        // SAFETY: every buffer was checked against its descriptor (the
        // parameters against the derived one) and the handle's device; the
        // optional pairs are both null or both valid, as cuDNN requires;
        // alpha and beta have the scaling type cuDNN expects for T.
        let status = unsafe {
            (run.f)(
                self.as_raw(),
                mode,
                alpha.as_ptr(),
                beta.as_ptr(),
                x_desc.as_raw(),
                xp as _,
                y_desc.as_raw(),
                yp as _,
                param_desc.as_raw(),
                sp as _,
                bp as _,
                exponential_average_factor,
                rmp as _,
                rvp as _,
                epsilon,
                smp as _,
                svp as _,
            )
        };
        run.check(status)
    }

    /// Inference: `y = alpha * (scale * (x - mean) / sqrt(var + epsilon) +
    /// bias) + beta * y`, with estimated (running) statistics.
    ///
    /// Checks first with [`check_batch_norm_forward_inference`].
    ///
    /// # Errors
    /// As [`batch_norm_forward_training`](Self::batch_norm_forward_training).
    #[allow(clippy::too_many_arguments)]
    #[doc(alias = "cudnnBatchNormalizationForwardInference")]
    pub fn batch_norm_forward_inference<T: BnParam>(
        &self,
        mode: BatchNormMode,
        alpha: T::Scale,
        beta: T::Scale,
        x_desc: &TensorDescriptor<T>,
        x: &impl DeviceBuffer<T>,
        y_desc: &TensorDescriptor<T>,
        y: &mut impl DeviceBufferMut<T>,
        param_desc: &TensorDescriptor<T::Param>,
        scale: &impl DeviceBuffer<T::Param>,
        bias: &impl DeviceBuffer<T::Param>,
        estimated_mean: &impl DeviceBuffer<T::Param>,
        estimated_var: &impl DeviceBuffer<T::Param>,
        epsilon: f64,
    ) -> Result<()> {
        const F: &str = "cudnnBatchNormalizationForwardInference";
        check_batch_norm_forward_inference(
            mode,
            x_desc,
            x.len(),
            y_desc,
            y.len(),
            param_desc,
            scale.len(),
            bias.len(),
            estimated_mean.len(),
            estimated_var.len(),
            epsilon,
        )?;
        let stream = self.launch_stream(F)?;
        let p = param_desc.required_len();
        crate::launch::check_input(self.library(), stream, F, "x", x, x_desc)?;
        crate::launch::check_output(self.library(), stream, F, "y", y, y_desc)?;
        crate::launch::check_buffer(stream, F, "scale", scale, p)?;
        crate::launch::check_buffer(stream, F, "bias", bias, p)?;
        crate::launch::check_buffer(stream, F, "estimated_mean", estimated_mean, p)?;
        crate::launch::check_buffer(stream, F, "estimated_var", estimated_var, p)?;
        let run = ffi!(self.library(), cudnnBatchNormalizationForwardInference);
        let (xp, _gx) = x.device_ptr(stream);
        let (yp, _gy) = y.device_ptr_mut(stream);
        let (sp, _gs) = scale.device_ptr(stream);
        let (bp, _gb) = bias.device_ptr(stream);
        let (mp, _gm) = estimated_mean.device_ptr(stream);
        let (vp, _gv) = estimated_var.device_ptr(stream);
        // SAFETY: as in batch_norm_forward_training.
        let status = unsafe {
            (run.f)(
                self.as_raw(),
                mode,
                alpha.as_ptr(),
                beta.as_ptr(),
                x_desc.as_raw(),
                xp as _,
                y_desc.as_raw(),
                yp as _,
                param_desc.as_raw(),
                sp as _,
                bp as _,
                mp as _,
                vp as _,
                epsilon,
            )
        };
        run.check(status)
    }

    /// The gradients of a training step: `dx = alpha_data * dx_bn +
    /// beta_data * dx`, and `d_scale`, `d_bias` likewise with
    /// `alpha_param`, `beta_param`. `saved` = (mean, inverse standard
    /// deviation) from the forward step, or `None` to recompute them; use
    /// the forward step's `epsilon`.
    ///
    /// Checks first with [`check_batch_norm_backward`].
    ///
    /// # Errors
    /// As [`batch_norm_forward_training`](Self::batch_norm_forward_training).
    #[allow(clippy::too_many_arguments)]
    #[doc(alias = "cudnnBatchNormalizationBackward")]
    pub fn batch_norm_backward<T: BnParam>(
        &self,
        mode: BatchNormMode,
        alpha_data: T::Scale,
        beta_data: T::Scale,
        alpha_param: T::Scale,
        beta_param: T::Scale,
        x_desc: &TensorDescriptor<T>,
        x: &impl DeviceBuffer<T>,
        dy_desc: &TensorDescriptor<T>,
        dy: &impl DeviceBuffer<T>,
        dx_desc: &TensorDescriptor<T>,
        dx: &mut impl DeviceBufferMut<T>,
        param_desc: &TensorDescriptor<T::Param>,
        scale: &impl DeviceBuffer<T::Param>,
        d_scale: &mut impl DeviceBufferMut<T::Param>,
        d_bias: &mut impl DeviceBufferMut<T::Param>,
        epsilon: f64,
        saved: Option<BnPair<'_, T::Param>>,
    ) -> Result<()> {
        const F: &str = "cudnnBatchNormalizationBackward";
        check_batch_norm_backward(
            mode,
            x_desc,
            x.len(),
            dy_desc,
            dy.len(),
            dx_desc,
            dx.len(),
            param_desc,
            scale.len(),
            d_scale.len(),
            d_bias.len(),
            epsilon,
            saved.map(|(m, v)| (m.len(), v.len())),
        )?;
        let stream = self.launch_stream(F)?;
        let p = param_desc.required_len();
        crate::launch::check_input(self.library(), stream, F, "x", x, x_desc)?;
        crate::launch::check_input(self.library(), stream, F, "dy", dy, dy_desc)?;
        crate::launch::check_output(self.library(), stream, F, "dx", dx, dx_desc)?;
        crate::launch::check_buffer(stream, F, "scale", scale, p)?;
        crate::launch::check_buffer(stream, F, "d_scale", d_scale, p)?;
        crate::launch::check_buffer(stream, F, "d_bias", d_bias, p)?;
        let (saved_mean, saved_inv_var) = saved.unzip();
        if let (Some(m), Some(v)) = (saved_mean, saved_inv_var) {
            crate::launch::check_buffer(stream, F, "saved_mean", m, p)?;
            crate::launch::check_buffer(stream, F, "saved_inv_var", v, p)?;
        }
        let run = ffi!(self.library(), cudnnBatchNormalizationBackward);
        let (xp, _gx) = x.device_ptr(stream);
        let (dyp, _gdy) = dy.device_ptr(stream);
        let (dxp, _gdx) = dx.device_ptr_mut(stream);
        let (sp, _gs) = scale.device_ptr(stream);
        let (dsp, _gds) = d_scale.device_ptr_mut(stream);
        let (dbp, _gdb) = d_bias.device_ptr_mut(stream);
        let (smp, _gsm) = opt_ptr(saved_mean, stream);
        let (svp, _gsv) = opt_ptr(saved_inv_var, stream);
        // SAFETY: as in batch_norm_forward_training; the saved pair is both
        // null or both valid.
        let status = unsafe {
            (run.f)(
                self.as_raw(),
                mode,
                alpha_data.as_ptr(),
                beta_data.as_ptr(),
                alpha_param.as_ptr(),
                beta_param.as_ptr(),
                x_desc.as_raw(),
                xp as _,
                dy_desc.as_raw(),
                dyp as _,
                dx_desc.as_raw(),
                dxp as _,
                param_desc.as_raw(),
                sp as _,
                dsp as _,
                dbp as _,
                epsilon,
                smp as _,
                svp as _,
            )
        };
        run.check(status)
    }

    /// The workspace [`batch_norm_forward_training_ex`] needs, in bytes
    /// (`z_desc` only with `CUDNN_BATCHNORM_OPS_BN_ADD_ACTIVATION`).
    ///
    /// # Errors
    /// [`Error::NotAvailable`] when the loaded cuDNN lacks the function;
    /// cuDNN's error for a combination it does not support.
    ///
    /// [`batch_norm_forward_training_ex`]: Self::batch_norm_forward_training_ex
    #[allow(clippy::too_many_arguments)]
    #[doc(alias = "cudnnGetBatchNormalizationForwardTrainingExWorkspaceSize")]
    pub fn batch_norm_forward_training_ex_workspace_size<T: BnParam>(
        &self,
        mode: BatchNormMode,
        ops: BatchNormOps,
        x_desc: &TensorDescriptor<T>,
        z_desc: Option<&TensorDescriptor<T>>,
        y_desc: &TensorDescriptor<T>,
        param_desc: &TensorDescriptor<T::Param>,
        activation: Option<&ActivationDescriptor>,
    ) -> Result<usize> {
        self.bind_context()?;
        let get = ffi!(
            self.library(),
            cudnnGetBatchNormalizationForwardTrainingExWorkspaceSize
        );
        let mut size = 0usize;
        // SAFETY: the handle and descriptors are live (the optional ones
        // null when absent, which cuDNN accepts for unused ones); `size` is
        // a valid out-pointer.
        let status = unsafe {
            (get.f)(
                self.as_raw(),
                mode,
                ops,
                x_desc.as_raw(),
                z_desc.map_or(std::ptr::null_mut(), TensorDescriptor::as_raw),
                y_desc.as_raw(),
                param_desc.as_raw(),
                activation_ptr(activation),
                &mut size,
            )
        };
        get.check(status)?;
        Ok(size)
    }

    /// The workspace [`batch_norm_backward_ex`] needs, in bytes (`dz_desc`
    /// only with `CUDNN_BATCHNORM_OPS_BN_ADD_ACTIVATION`).
    ///
    /// # Errors
    /// As [`batch_norm_forward_training_ex_workspace_size`].
    ///
    /// [`batch_norm_backward_ex`]: Self::batch_norm_backward_ex
    /// [`batch_norm_forward_training_ex_workspace_size`]: Self::batch_norm_forward_training_ex_workspace_size
    #[allow(clippy::too_many_arguments)]
    #[doc(alias = "cudnnGetBatchNormalizationBackwardExWorkspaceSize")]
    pub fn batch_norm_backward_ex_workspace_size<T: BnParam>(
        &self,
        mode: BatchNormMode,
        ops: BatchNormOps,
        x_desc: &TensorDescriptor<T>,
        y_desc: &TensorDescriptor<T>,
        dy_desc: &TensorDescriptor<T>,
        dz_desc: Option<&TensorDescriptor<T>>,
        dx_desc: &TensorDescriptor<T>,
        param_desc: &TensorDescriptor<T::Param>,
        activation: Option<&ActivationDescriptor>,
    ) -> Result<usize> {
        self.bind_context()?;
        let get = ffi!(
            self.library(),
            cudnnGetBatchNormalizationBackwardExWorkspaceSize
        );
        let mut size = 0usize;
        // SAFETY: as in batch_norm_forward_training_ex_workspace_size.
        let status = unsafe {
            (get.f)(
                self.as_raw(),
                mode,
                ops,
                x_desc.as_raw(),
                y_desc.as_raw(),
                dy_desc.as_raw(),
                dz_desc.map_or(std::ptr::null_mut(), TensorDescriptor::as_raw),
                dx_desc.as_raw(),
                param_desc.as_raw(),
                activation_ptr(activation),
                &mut size,
            )
        };
        get.check(status)?;
        Ok(size)
    }

    /// The reserve space, in bytes, that
    /// [`batch_norm_forward_training_ex`] fills and
    /// [`batch_norm_backward_ex`] reads; allocate it once per input shape
    /// and keep it between the two.
    ///
    /// # Errors
    /// As [`batch_norm_forward_training_ex_workspace_size`].
    ///
    /// [`batch_norm_forward_training_ex`]: Self::batch_norm_forward_training_ex
    /// [`batch_norm_backward_ex`]: Self::batch_norm_backward_ex
    /// [`batch_norm_forward_training_ex_workspace_size`]: Self::batch_norm_forward_training_ex_workspace_size
    #[doc(alias = "cudnnGetBatchNormalizationTrainingExReserveSpaceSize")]
    pub fn batch_norm_training_ex_reserve_size<T: BnParam>(
        &self,
        mode: BatchNormMode,
        ops: BatchNormOps,
        activation: Option<&ActivationDescriptor>,
        x_desc: &TensorDescriptor<T>,
    ) -> Result<usize> {
        self.bind_context()?;
        let get = ffi!(
            self.library(),
            cudnnGetBatchNormalizationTrainingExReserveSpaceSize
        );
        let mut size = 0usize;
        // SAFETY: as in batch_norm_forward_training_ex_workspace_size.
        let status = unsafe {
            (get.f)(
                self.as_raw(),
                mode,
                ops,
                activation_ptr(activation),
                x_desc.as_raw(),
                &mut size,
            )
        };
        get.check(status)?;
        Ok(size)
    }

    /// A training step with an optional fused activation and residual:
    /// `y = act(bn(x) + z)` per `ops` (see [`BatchNormOps`]), otherwise as
    /// [`batch_norm_forward_training`](Self::batch_norm_forward_training).
    /// `z` is given exactly with `CUDNN_BATCHNORM_OPS_BN_ADD_ACTIVATION`,
    /// `activation` exactly when `ops` fuses one. The workspace grows to
    /// what cuDNN asks; `reserve` must hold
    /// [`batch_norm_training_ex_reserve_size`] bytes (`None` when that is
    /// 0) and be passed unchanged to [`batch_norm_backward_ex`]. cuDNN
    /// fuses only some configurations (typically NHWC, `f16`,
    /// `SPATIAL_PERSISTENT`) and answers `NOT_SUPPORTED` otherwise.
    ///
    /// Checks first with [`check_batch_norm_forward_training_ex`], then
    /// that the loaded cuDNN has the function, the reserve's size and every
    /// buffer's device.
    ///
    /// # Errors
    /// [`Error::NotAvailable`] when the loaded cuDNN lacks the `Ex`
    /// functions; otherwise as
    /// [`batch_norm_forward_training`](Self::batch_norm_forward_training).
    ///
    /// [`batch_norm_training_ex_reserve_size`]: Self::batch_norm_training_ex_reserve_size
    /// [`batch_norm_backward_ex`]: Self::batch_norm_backward_ex
    #[allow(clippy::too_many_arguments)]
    #[doc(alias = "cudnnBatchNormalizationForwardTrainingEx")]
    pub fn batch_norm_forward_training_ex<T: BnParam>(
        &self,
        mode: BatchNormMode,
        ops: BatchNormOps,
        alpha: T::Scale,
        beta: T::Scale,
        x_desc: &TensorDescriptor<T>,
        x: &impl DeviceBuffer<T>,
        z: Option<(&TensorDescriptor<T>, &CudaSlice<T>)>,
        y_desc: &TensorDescriptor<T>,
        y: &mut impl DeviceBufferMut<T>,
        param_desc: &TensorDescriptor<T::Param>,
        scale: &impl DeviceBuffer<T::Param>,
        bias: &impl DeviceBuffer<T::Param>,
        exponential_average_factor: f64,
        running: Option<BnPairMut<'_, T::Param>>,
        epsilon: f64,
        saved: Option<BnPairMut<'_, T::Param>>,
        activation: Option<&ActivationDescriptor>,
        ws: &mut Workspace,
        reserve: Option<&mut CudaSlice<u8>>,
    ) -> Result<()> {
        const F: &str = "cudnnBatchNormalizationForwardTrainingEx";
        check_batch_norm_forward_training_ex(
            mode,
            ops,
            x_desc,
            x.len(),
            z.map(|(d, b)| (d, b.len())),
            y_desc,
            y.len(),
            param_desc,
            scale.len(),
            bias.len(),
            exponential_average_factor,
            running.as_ref().map(|(m, v)| (m.len(), v.len())),
            epsilon,
            saved.as_ref().map(|(m, v)| (m.len(), v.len())),
            activation,
        )?;
        self.library()
            .require("cudnnBatchNormalizationForwardTrainingEx")?;
        let stream = self.launch_stream(F)?;
        let z_desc = z.map(|(d, _)| d);
        let need_ws = self.batch_norm_forward_training_ex_workspace_size(
            mode, ops, x_desc, z_desc, y_desc, param_desc, activation,
        )?;
        let need_reserve =
            self.batch_norm_training_ex_reserve_size(mode, ops, activation, x_desc)?;
        check_batch_norm_reserve(F, reserve.as_ref().map(|r| r.len()), need_reserve)?;
        let p = param_desc.required_len();
        crate::launch::check_input(self.library(), stream, F, "x", x, x_desc)?;
        if let Some((d, b)) = z {
            crate::launch::check_input(self.library(), stream, F, "z", b, d)?;
        }
        crate::launch::check_output(self.library(), stream, F, "y", y, y_desc)?;
        crate::launch::check_buffer(stream, F, "scale", scale, p)?;
        crate::launch::check_buffer(stream, F, "bias", bias, p)?;
        let (running_mean, running_var) = running.unzip();
        let (saved_mean, saved_inv_var) = saved.unzip();
        for (name, b) in [
            ("running_mean", &running_mean),
            ("running_var", &running_var),
            ("saved_mean", &saved_mean),
            ("saved_inv_var", &saved_inv_var),
        ] {
            if let Some(b) = b {
                crate::launch::check_buffer(stream, F, name, &**b, p)?;
            }
        }
        if let Some(r) = &reserve {
            crate::launch::check_buffer(stream, F, "reserve", &**r, need_reserve)?;
        }
        ws.reserve(stream, need_ws)?;
        let run = ffi!(self.library(), cudnnBatchNormalizationForwardTrainingEx);
        let (xp, _gx) = x.device_ptr(stream);
        let (zp, _gz) = opt_ptr(z.map(|(_, b)| b), stream);
        let (yp, _gy) = y.device_ptr_mut(stream);
        let (sp, _gs) = scale.device_ptr(stream);
        let (bp, _gb) = bias.device_ptr(stream);
        let (rmp, _grm) = opt_ptr_mut(running_mean, stream);
        let (rvp, _grv) = opt_ptr_mut(running_var, stream);
        let (smp, _gsm) = opt_ptr_mut(saved_mean, stream);
        let (svp, _gsv) = opt_ptr_mut(saved_inv_var, stream);
        let reserve_len = reserve.as_ref().map_or(0, |r| r.len());
        let (rp, _gr) = opt_ptr_mut(reserve, stream);
        let (wsp, wslen, _gws) = ws.device_ptr(stream);
        ensure(wslen >= need_ws, F, || Mismatch::WorkspaceTooSmall {
            len: wslen,
            required: need_ws,
        })?;
        // SAFETY: as in batch_norm_forward_training; `z` and the activation
        // are present exactly when `ops` uses them (checked); the workspace
        // and reserve space hold at least what cuDNN asked for.
        let status = unsafe {
            (run.f)(
                self.as_raw(),
                mode,
                ops,
                alpha.as_ptr(),
                beta.as_ptr(),
                x_desc.as_raw(),
                xp as _,
                z_desc.map_or(std::ptr::null_mut(), TensorDescriptor::as_raw),
                zp as *const c_void,
                y_desc.as_raw(),
                yp as _,
                param_desc.as_raw(),
                sp as _,
                bp as _,
                exponential_average_factor,
                rmp as _,
                rvp as _,
                epsilon,
                smp as _,
                svp as _,
                activation_ptr(activation),
                wsp as _,
                wslen,
                rp as _,
                reserve_len,
            )
        };
        run.check(status)
    }

    /// The gradients of [`batch_norm_forward_training_ex`]: as
    /// [`batch_norm_backward`](Self::batch_norm_backward), through the
    /// fused activation (which reads the forward output `y` and `bias`),
    /// with the residual's gradient written to `dz` (given exactly with
    /// `CUDNN_BATCHNORM_OPS_BN_ADD_ACTIVATION`). `reserve` is the one the
    /// forward step filled.
    ///
    /// Checks first with [`check_batch_norm_backward_ex`], then that the
    /// loaded cuDNN has the function, the reserve's size and every buffer's
    /// device.
    ///
    /// # Errors
    /// As [`batch_norm_forward_training_ex`].
    ///
    /// [`batch_norm_forward_training_ex`]: Self::batch_norm_forward_training_ex
    #[allow(clippy::too_many_arguments)]
    #[doc(alias = "cudnnBatchNormalizationBackwardEx")]
    pub fn batch_norm_backward_ex<T: BnParam>(
        &self,
        mode: BatchNormMode,
        ops: BatchNormOps,
        alpha_data: T::Scale,
        beta_data: T::Scale,
        alpha_param: T::Scale,
        beta_param: T::Scale,
        x_desc: &TensorDescriptor<T>,
        x: &impl DeviceBuffer<T>,
        y_desc: &TensorDescriptor<T>,
        y: &impl DeviceBuffer<T>,
        dy_desc: &TensorDescriptor<T>,
        dy: &impl DeviceBuffer<T>,
        dz: Option<(&TensorDescriptor<T>, &mut CudaSlice<T>)>,
        dx_desc: &TensorDescriptor<T>,
        dx: &mut impl DeviceBufferMut<T>,
        param_desc: &TensorDescriptor<T::Param>,
        scale: &impl DeviceBuffer<T::Param>,
        bias: &impl DeviceBuffer<T::Param>,
        d_scale: &mut impl DeviceBufferMut<T::Param>,
        d_bias: &mut impl DeviceBufferMut<T::Param>,
        epsilon: f64,
        saved: Option<BnPair<'_, T::Param>>,
        activation: Option<&ActivationDescriptor>,
        ws: &mut Workspace,
        reserve: Option<&CudaSlice<u8>>,
    ) -> Result<()> {
        const F: &str = "cudnnBatchNormalizationBackwardEx";
        check_batch_norm_backward_ex(
            mode,
            ops,
            x_desc,
            x.len(),
            y_desc,
            y.len(),
            dy_desc,
            dy.len(),
            dz.as_ref().map(|(d, b)| (*d, b.len())),
            dx_desc,
            dx.len(),
            param_desc,
            scale.len(),
            bias.len(),
            d_scale.len(),
            d_bias.len(),
            epsilon,
            saved.map(|(m, v)| (m.len(), v.len())),
            activation,
        )?;
        self.library()
            .require("cudnnBatchNormalizationBackwardEx")?;
        let stream = self.launch_stream(F)?;
        let (dz_desc, dz) = dz.unzip();
        let need_ws = self.batch_norm_backward_ex_workspace_size(
            mode, ops, x_desc, y_desc, dy_desc, dz_desc, dx_desc, param_desc, activation,
        )?;
        let need_reserve =
            self.batch_norm_training_ex_reserve_size(mode, ops, activation, x_desc)?;
        check_batch_norm_reserve(F, reserve.map(|r| r.len()), need_reserve)?;
        let p = param_desc.required_len();
        crate::launch::check_input(self.library(), stream, F, "x", x, x_desc)?;
        crate::launch::check_input(self.library(), stream, F, "y", y, y_desc)?;
        crate::launch::check_input(self.library(), stream, F, "dy", dy, dy_desc)?;
        if let (Some(d), Some(b)) = (dz_desc, &dz) {
            crate::launch::check_buffer(stream, F, "dz", &**b, d.required_len())?;
        }
        crate::launch::check_output(self.library(), stream, F, "dx", dx, dx_desc)?;
        crate::launch::check_buffer(stream, F, "scale", scale, p)?;
        crate::launch::check_buffer(stream, F, "bias", bias, p)?;
        crate::launch::check_buffer(stream, F, "d_scale", d_scale, p)?;
        crate::launch::check_buffer(stream, F, "d_bias", d_bias, p)?;
        let (saved_mean, saved_inv_var) = saved.unzip();
        if let (Some(m), Some(v)) = (saved_mean, saved_inv_var) {
            crate::launch::check_buffer(stream, F, "saved_mean", m, p)?;
            crate::launch::check_buffer(stream, F, "saved_inv_var", v, p)?;
        }
        if let Some(r) = reserve {
            crate::launch::check_buffer(stream, F, "reserve", r, need_reserve)?;
        }
        ws.reserve(stream, need_ws)?;
        let run = ffi!(self.library(), cudnnBatchNormalizationBackwardEx);
        let (xp, _gx) = x.device_ptr(stream);
        let (yp, _gy) = y.device_ptr(stream);
        let (dyp, _gdy) = dy.device_ptr(stream);
        let (dzp, _gdz) = opt_ptr_mut(dz, stream);
        let (dxp, _gdx) = dx.device_ptr_mut(stream);
        let (sp, _gs) = scale.device_ptr(stream);
        let (bp, _gb) = bias.device_ptr(stream);
        let (dsp, _gds) = d_scale.device_ptr_mut(stream);
        let (dbp, _gdb) = d_bias.device_ptr_mut(stream);
        let (smp, _gsm) = opt_ptr(saved_mean, stream);
        let (svp, _gsv) = opt_ptr(saved_inv_var, stream);
        let reserve_len = reserve.map_or(0, |r| r.len());
        let (rp, _gr) = opt_ptr(reserve, stream);
        let (wsp, wslen, _gws) = ws.device_ptr(stream);
        ensure(wslen >= need_ws, F, || Mismatch::WorkspaceTooSmall {
            len: wslen,
            required: need_ws,
        })?;
        // SAFETY: as in batch_norm_forward_training_ex; cuDNN only reads
        // the reserve space here, although its prototype takes it mutable.
        let status = unsafe {
            (run.f)(
                self.as_raw(),
                mode,
                ops,
                alpha_data.as_ptr(),
                beta_data.as_ptr(),
                alpha_param.as_ptr(),
                beta_param.as_ptr(),
                x_desc.as_raw(),
                xp as _,
                y_desc.as_raw(),
                yp as _,
                dy_desc.as_raw(),
                dyp as _,
                dz_desc.map_or(std::ptr::null_mut(), TensorDescriptor::as_raw),
                dzp as _,
                dx_desc.as_raw(),
                dxp as _,
                param_desc.as_raw(),
                sp as _,
                bp as _,
                dsp as _,
                dbp as _,
                epsilon,
                smp as _,
                svp as _,
                activation_ptr(activation),
                wsp as _,
                wslen,
                rp as _,
                reserve_len,
            )
        };
        run.check(status)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn param_dims_per_mode() {
        let spatial = BatchNormMode::CUDNN_BATCHNORM_SPATIAL;
        let per_act = BatchNormMode::CUDNN_BATCHNORM_PER_ACTIVATION;
        let persistent = BatchNormMode::CUDNN_BATCHNORM_SPATIAL_PERSISTENT;
        assert_eq!(
            batch_norm_param_dims(&[8, 3, 4, 5], spatial).ok(),
            Some(vec![1, 3, 1, 1])
        );
        assert_eq!(
            batch_norm_param_dims(&[8, 3, 4, 5, 6], persistent).ok(),
            Some(vec![1, 3, 1, 1, 1])
        );
        assert_eq!(
            batch_norm_param_dims(&[8, 3, 4, 5], per_act).ok(),
            Some(vec![1, 3, 4, 5])
        );
        assert!(batch_norm_param_dims(&[8, 3], spatial).is_err());
        assert!(batch_norm_param_dims(&[8, 3, 4, 5], sys::cudnnBatchNormMode_t(9)).is_err());
    }

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
