//! Layer norm and RMS norm over the last dimension, through cuDNN's graph
//! API ([`cudnn::nn::LayerNorm`], [`cudnn::nn::RmsNorm`]).

use candle_core::{DType, Result, Tensor};
use cudnn::nn::{LayerNorm, NormShape, RmsNorm, NORM_DATA_TYPES};

use crate::backend;
use crate::error::{bad_shape, bad_value, OrCandle};
use crate::types::layer_dtype;

/// What cuDNN is asked for: the rows and features, element type, epsilon.
#[derive(Debug, Clone, Copy)]
#[cfg_attr(not(feature = "cuda"), allow(dead_code))]
pub(crate) struct NormProblem {
    pub(crate) shape: NormShape,
    pub(crate) dtype: cudnn::sys::cudnnDataType_t,
    pub(crate) epsilon: f32,
}

/// The rows and features of `x` (`[..., features]`), with `params` each
/// `[features]` and of a float type.
fn shape_of(function: &'static str, x: &Tensor, params: &[(&str, &Tensor)]) -> Result<NormShape> {
    let Some(&features) = x.dims().last() else {
        return Err(bad_shape(
            function,
            "x is a scalar; it is [..., features]".into(),
        ));
    };
    for (name, p) in params {
        if p.dims() != [features] {
            return Err(bad_shape(
                function,
                format!(
                    "{name} is {:?} but x is {:?}: it is [features] = [{features}]",
                    p.dims(),
                    x.dims()
                ),
            ));
        }
        if !matches!(
            p.dtype(),
            DType::F32 | DType::F16 | DType::BF16 | DType::F64
        ) {
            return Err(bad_value(
                function,
                format!("{name} is {:?}; it is a float type", p.dtype()),
            ));
        }
    }
    let rows = x.elem_count().checked_div(features).unwrap_or(0);
    Ok(NormShape { rows, features })
}

pub(crate) fn check_layer_norm(
    x: &Tensor,
    weight: &Tensor,
    bias: &Tensor,
    epsilon: f32,
) -> Result<NormProblem> {
    const F: &str = "cudnn_candle::layer_norm";
    let shape = shape_of(F, x, &[("weight", weight), ("bias", bias)])?;
    let dtype = layer_dtype(F, x.dtype(), NORM_DATA_TYPES)?;
    // The element type only picks the layer; the checks are the same.
    LayerNorm::<f32>::check(&shape, epsilon).or_candle()?;
    Ok(NormProblem {
        shape,
        dtype,
        epsilon,
    })
}

pub(crate) fn check_rms_norm(x: &Tensor, weight: &Tensor, epsilon: f32) -> Result<NormProblem> {
    const F: &str = "cudnn_candle::rms_norm";
    let shape = shape_of(F, x, &[("weight", weight)])?;
    let dtype = layer_dtype(F, x.dtype(), NORM_DATA_TYPES)?;
    // The element type only picks the layer; the checks are the same.
    RmsNorm::<f32>::check(&shape, epsilon).or_candle()?;
    Ok(NormProblem {
        shape,
        dtype,
        epsilon,
    })
}

/// Layer norm over the last dimension, per row:
/// `(x - mean) / sqrt(var + epsilon) * weight + bias`, the variance
/// biased. `x` `[..., features]`
/// f32, f16 or bf16; `weight` and `bias` `[features]`, computed in f32
/// (converted when they are another float type). Differentiable in all
/// three: candle's backward runs cuDNN's layer-norm backward with the mean
/// and inverse deviation the forward kept.
///
/// One [`LayerNorm`] layer is built per shape, type and epsilon on each
/// device, and kept (cuDNN 9).
///
/// # Errors
/// Candle errors carrying cudnn-rs's message: [`LayerNorm::check`]'s
/// refusals (an epsilon not above 0, another element type, an empty
/// shape), `weight` or `bias` not `[features]`, tensors that are not on
/// one CUDA device (or a build without the `cuda` feature), cuDNN's and
/// CUDA's failures.
pub fn layer_norm(x: &Tensor, weight: &Tensor, bias: &Tensor, epsilon: f32) -> Result<Tensor> {
    let problem = check_layer_norm(x, weight, bias, epsilon)?;
    backend::layer_norm(x, weight, bias, problem)
}

/// RMS norm over the last dimension, per row:
/// `x / sqrt(mean(x^2) + epsilon) * weight`. As [`layer_norm`] otherwise
/// ([`RmsNorm`]).
///
/// # Errors
/// As [`layer_norm`], with [`RmsNorm::check`]'s refusals.
pub fn rms_norm(x: &Tensor, weight: &Tensor, epsilon: f32) -> Result<Tensor> {
    let problem = check_rms_norm(x, weight, epsilon)?;
    backend::rms_norm(x, weight, problem)
}
