//! The ops without the `cuda` feature: the checks have run; each op then
//! says that it needs the feature.

use candle_core::{Device, Result, Tensor};

use crate::attention::{SdpaProblem, SeqLens};
use crate::conv::Conv2dParams;
use crate::error::bad_value;
use crate::norm::NormProblem;
use crate::{CacheInfo, SearchOptions};

fn not_built(function: &'static str) -> candle_core::Error {
    bad_value(
        function,
        "cudnn-rs-candle was built without its `cuda` feature (candle's CUDA backend); \
         enable it to run cuDNN"
            .into(),
    )
}

pub(crate) fn conv2d(_: &Tensor, _: &Tensor, _: Conv2dParams, _: [usize; 4]) -> Result<Tensor> {
    Err(not_built("cudnn_candle::conv2d"))
}

pub(crate) fn conv2d_backward_data(
    _: &Tensor,
    _: &Tensor,
    _: Conv2dParams,
    _: [usize; 4],
) -> Result<Tensor> {
    Err(not_built("cudnn_candle::conv2d_backward_data"))
}

pub(crate) fn conv2d_backward_filter(
    _: &Tensor,
    _: &Tensor,
    _: Conv2dParams,
    _: [usize; 4],
) -> Result<Tensor> {
    Err(not_built("cudnn_candle::conv2d_backward_filter"))
}

pub(crate) fn sdpa(
    _: &Tensor,
    _: &Tensor,
    _: &Tensor,
    _: SdpaProblem,
    _: Option<&SeqLens>,
) -> Result<Tensor> {
    Err(not_built("cudnn_candle::sdpa"))
}

pub(crate) fn layer_norm(_: &Tensor, _: &Tensor, _: &Tensor, _: NormProblem) -> Result<Tensor> {
    Err(not_built("cudnn_candle::layer_norm"))
}

pub(crate) fn rms_norm(_: &Tensor, _: &Tensor, _: NormProblem) -> Result<Tensor> {
    Err(not_built("cudnn_candle::rms_norm"))
}

pub(crate) fn cache_info(_: &Device) -> Result<CacheInfo> {
    Err(not_built("cudnn_candle::cache_info"))
}

pub(crate) fn clear_cache(_: &Device) -> Result<()> {
    Err(not_built("cudnn_candle::clear_cache"))
}

pub(crate) fn set_conv_search_options(_: &Device, _: SearchOptions) -> Result<()> {
    Err(not_built("cudnn_candle::set_conv_search_options"))
}
