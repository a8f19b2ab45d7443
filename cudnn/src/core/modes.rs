//! Enums every family shares, and the scaling of a launch's result.

use cudnn_sys as sys;

use crate::core::dtype::Scale;

/// Whether NaN inputs propagate (`cudnnNanPropagation_t`):
/// `NanPropagation::PROPAGATE_NAN` or `NOT_PROPAGATE_NAN`.
///
/// Its constants (generated): `NOT_PROPAGATE_NAN` and `PROPAGATE_NAN`. Each is
/// also there by its C name (`CUDNN_NOT_PROPAGATE_NAN`), which `Display`
/// writes.
pub type NanPropagation = sys::cudnnNanPropagation_t;

/// Tensor-core use (`cudnnMathType_t`): `MathType::DEFAULT_MATH`,
/// `TENSOR_OP_MATH`, `TENSOR_OP_MATH_ALLOW_CONVERSION`, `FMA_MATH`.
///
/// Its constants (generated): `DEFAULT_MATH`, `TENSOR_OP_MATH`,
/// `TENSOR_OP_MATH_ALLOW_CONVERSION` and `FMA_MATH`. Each is also there by its
/// C name (`CUDNN_DEFAULT_MATH`), which `Display` writes. The default is
/// `DEFAULT_MATH`.
pub type MathType = sys::cudnnMathType_t;

/// How a launch blends its result into the output: `y = alpha * result +
/// beta * y`. The default overwrites (`alpha` 1, `beta` 0); give both with
/// [`Scaling::new`], or add to what is there with [`Scaling::accumulate`].
/// `S` is the data type's scaling type ([`DataType::Scale`](crate::DataType::Scale):
/// `f64` for `f64` data, `f32` otherwise).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Scaling<S: Scale> {
    /// The factor of the result.
    pub alpha: S,
    /// The factor of what the output held.
    pub beta: S,
}

impl<S: Scale> Scaling<S> {
    /// `y = alpha * result + beta * y`.
    pub fn new(alpha: S, beta: S) -> Self {
        Scaling { alpha, beta }
    }

    /// `y = result + y`.
    pub fn accumulate() -> Self {
        Scaling {
            alpha: S::ONE,
            beta: S::ONE,
        }
    }
}

impl<S: Scale> Default for Scaling<S> {
    fn default() -> Self {
        Scaling {
            alpha: S::ONE,
            beta: S::ZERO,
        }
    }
}
