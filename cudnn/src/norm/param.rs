//! The parameters of a batch normalization: the element types it runs on,
//! its modes, and the descriptor of its scale, bias, mean and variance.

use std::sync::Arc;

use cudnn_sys as sys;
use half::{bf16, f16};

use crate::core::dtype::{DataType, Scale};
use crate::core::error::{ensure, Error, Mismatch, Result};
use crate::core::library::ffi;
use crate::core::tensor::{packed_strides, RawTensor, TensorDescriptor, TensorFormat};

/// How statistics are taken (`cudnnBatchNormMode_t`):
/// `BatchNormMode::PER_ACTIVATION` (one mean per element of C x H x W,
/// over N), `SPATIAL` (one per channel, over N x H x W), and
/// `SPATIAL_PERSISTENT` (spatial, with faster kernels that may overflow on
/// data far from zero).
///
/// Its constants (generated): `PER_ACTIVATION`, `SPATIAL` and
/// `SPATIAL_PERSISTENT`. Each is also there by its C name
/// (`CUDNN_BATCHNORM_PER_ACTIVATION`), which `Display` writes.
pub type BatchNormMode = sys::cudnnBatchNormMode_t;

/// What the `Ex` launches fuse after the normalization
/// (`cudnnBatchNormOps_t`): `BatchNormOps::BN` (nothing), `BN_ACTIVATION`
/// (an activation) and `BN_ADD_ACTIVATION` (a residual `z` added, then an
/// activation).
///
/// Its constants (generated): `BN`, `BN_ACTIVATION` and `BN_ADD_ACTIVATION`.
/// Each is also there by its C name (`CUDNN_BATCHNORM_OPS_BN`), which `Display`
/// writes.
pub type BatchNormOps = sys::cudnnBatchNormOps_t;

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

pub(crate) fn param_dims(
    function: &'static str,
    x: &[usize],
    mode: BatchNormMode,
) -> Result<Vec<usize>> {
    ensure(x.len() >= 3, function, || Mismatch::BadValue {
        what: format!(
            "an input of rank {}: batch normalization needs (N, C, spatial...)",
            x.len()
        ),
    })?;
    let mut dims = x.to_vec();
    dims[0] = 1;
    match mode {
        BatchNormMode::PER_ACTIVATION => {}
        BatchNormMode::SPATIAL | BatchNormMode::SPATIAL_PERSISTENT => {
            dims[2..].iter_mut().for_each(|d| *d = 1);
        }
        other => {
            return Err(Error::bad_value(
                function,
                format!(
                    "batch-normalization mode {}: not a cudnnBatchNormMode_t",
                    other.0
                ),
            ))
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
    let strides = packed_strides(TensorFormat::NCHW, &dims);
    let raw = RawTensor::create(x.library())?;
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

/// Checks a parameter descriptor given for input dimensions `x` in `mode`
/// against what cuDNN derives ([`derive_bn_descriptor`]): the dimensions of
/// [`batch_norm_param_dims`], and packed NCHW strides. Its element type,
/// [`BnParam::Param`] of the data type, is the type system's to check.
pub(crate) fn check_param_descriptor<P: DataType>(
    function: &'static str,
    x: &[usize],
    mode: BatchNormMode,
    param: &TensorDescriptor<P>,
) -> Result<()> {
    let want = param_dims(function, x, mode)?;
    ensure(param.dims() == want.as_slice(), function, || {
        Mismatch::Shape {
            what: format!(
                "the parameter descriptor is {:?} but mode {} needs {want:?} for x {x:?} (see \
                 derive_bn_descriptor)",
                param.dims(),
                mode.0,
            ),
        }
    })?;
    let strides = packed_strides(TensorFormat::NCHW, &want);
    ensure(param.strides() == strides.as_slice(), function, || {
        Mismatch::Shape {
            what: format!(
                "the parameter descriptor {:?} has strides {:?}, but cuDNN derives it packed \
                 NCHW, strides {strides:?} (see derive_bn_descriptor)",
                param.dims(),
                param.strides(),
            ),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn param_dims_per_mode() {
        let spatial = BatchNormMode::SPATIAL;
        let per_act = BatchNormMode::PER_ACTIVATION;
        let persistent = BatchNormMode::SPATIAL_PERSISTENT;
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
}
