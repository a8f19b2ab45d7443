//! candle's element types by cuDNN's names.

use candle_core::{DType, Result};
use cudnn::sys::cudnnDataType_t as Dt;

use crate::error::bad_value;

/// cuDNN's name for a candle element type, so that cudnn-rs's own checks
/// judge it (and word the refusal); an error for the types cuDNN has no
/// name for.
pub(crate) fn cudnn_dtype(function: &'static str, dtype: DType) -> Result<Dt> {
    Ok(match dtype {
        DType::F32 => Dt::CUDNN_DATA_FLOAT,
        DType::F16 => Dt::CUDNN_DATA_HALF,
        DType::BF16 => Dt::CUDNN_DATA_BFLOAT16,
        DType::F64 => Dt::CUDNN_DATA_DOUBLE,
        DType::U8 => Dt::CUDNN_DATA_UINT8,
        DType::U32 => Dt::CUDNN_DATA_UINT32,
        DType::I32 => Dt::CUDNN_DATA_INT32,
        DType::I64 => Dt::CUDNN_DATA_INT64,
        DType::F8E4M3 => Dt::CUDNN_DATA_FP8_E4M3,
        other => {
            return Err(bad_value(
                function,
                format!("element type {other:?} has no cuDNN equivalent"),
            ))
        }
    })
}

/// cuDNN's name for `dtype` when a layer takes only some types: `dtype`
/// must be one of `allowed`, the layer's element types as cuDNN names them
/// (`cudnn::nn::NORM_DATA_TYPES`, `cudnn::nn::ATTENTION_DATA_TYPES`),
/// checked here because candle's element type is known only at run time.
pub(crate) fn layer_dtype(function: &'static str, dtype: DType, allowed: &[Dt]) -> Result<Dt> {
    let cudnn = cudnn_dtype(function, dtype)?;
    if allowed.contains(&cudnn) {
        return Ok(cudnn);
    }
    let names: Vec<&str> = allowed.iter().map(|&t| candle_name(t)).collect();
    Err(bad_value(
        function,
        format!(
            "element type {dtype:?}; the layer takes {}",
            names.join(", ")
        ),
    ))
}

/// candle's name of a float type cuDNN names `dtype`, for messages.
fn candle_name(dtype: Dt) -> &'static str {
    match dtype {
        Dt::CUDNN_DATA_FLOAT => "F32",
        Dt::CUDNN_DATA_HALF => "F16",
        Dt::CUDNN_DATA_BFLOAT16 => "BF16",
        _ => "another type",
    }
}
