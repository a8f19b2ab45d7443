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
