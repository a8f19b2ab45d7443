//! 2-D convolution: forward, and backward data and filter, over NCHW
//! tensors (cross-correlation, as candle's and PyTorch's `conv2d`).

use candle_core::{DType, Result, Tensor};

use crate::backend;
use crate::error::{bad_shape, bad_value};

/// A 2-D convolution's geometry: padding, stride and dilation of height
/// and width, and the group count (`groups == in_channels` is depthwise).
///
/// `Default`: no padding, stride 1, dilation 1, one group.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Conv2dParams {
    /// Zeros added on each side of the height and of the width.
    pub padding: [usize; 2],
    /// The step between windows, along the height and the width.
    pub stride: [usize; 2],
    /// The spacing of the kernel's taps, along the height and the width.
    pub dilation: [usize; 2],
    /// Input and output channels are split into this many groups.
    pub groups: usize,
}

impl Default for Conv2dParams {
    fn default() -> Self {
        Conv2dParams {
            padding: [0, 0],
            stride: [1, 1],
            dilation: [1, 1],
            groups: 1,
        }
    }
}

impl Conv2dParams {
    /// Padding `p` on both sides of both dimensions, stride 1, dilation 1,
    /// one group.
    pub fn padded(p: usize) -> Self {
        Conv2dParams {
            padding: [p, p],
            ..Self::default()
        }
    }

    /// The output's dims `[N, K, P, Q]` for an input `x` `[N, C, H, W]` and
    /// a filter `w` `[K, C / groups, R, S]`: cudnn-rs's shape rule
    /// ([`cudnn::conv::output_dims`]), which needs no GPU.
    ///
    /// # Errors
    /// A candle error carrying cudnn-rs's refusal: ranks other than 4,
    /// channels that do not match the filter and groups, a kernel larger
    /// than the padded input, a stride or dilation of 0, sizes beyond
    /// cuDNN's `int`.
    pub fn output_dims(&self, x: &[usize], w: &[usize]) -> Result<[usize; 4]> {
        output_dims_in("Conv2dParams::output_dims", self, x, w)
    }
}

fn output_dims_in(
    function: &'static str,
    p: &Conv2dParams,
    x: &[usize],
    w: &[usize],
) -> Result<[usize; 4]> {
    if p.dilation.contains(&0) {
        return Err(bad_value(
            function,
            format!("dilation {:?}; it is at least 1", p.dilation),
        ));
    }
    let dims = cudnn::conv::output_dims(x, w, &p.padding, &p.stride, &p.dilation, p.groups)
        .map_err(|what| bad_shape(function, what))?;
    <[usize; 4]>::try_from(dims.as_slice())
        .map_err(|_| bad_shape(function, format!("output dims {dims:?} are not 4")))
}

/// The element types the convolutions take.
pub(crate) fn check_float(function: &'static str, name: &str, t: &Tensor) -> Result<()> {
    match t.dtype() {
        DType::F32 | DType::F16 | DType::BF16 => Ok(()),
        other => Err(bad_value(
            function,
            format!("{name} is {other:?}; cuDNN's convolutions here take f32, f16 or bf16"),
        )),
    }
}

/// Both tensors of one element type.
pub(crate) fn check_same_dtype(
    function: &'static str,
    a: (&str, &Tensor),
    b: (&str, &Tensor),
) -> Result<()> {
    if a.1.dtype() != b.1.dtype() {
        return Err(bad_value(
            function,
            format!(
                "{} is {:?} but {} is {:?}; they have one element type",
                a.0,
                a.1.dtype(),
                b.0,
                b.1.dtype()
            ),
        ));
    }
    check_float(function, a.0, a.1)
}

/// Checks a forward's arguments and returns the output dims.
pub(crate) fn check_forward(x: &Tensor, w: &Tensor, p: &Conv2dParams) -> Result<[usize; 4]> {
    const F: &str = "cudnn_candle::conv2d";
    check_same_dtype(F, ("x", x), ("w", w))?;
    output_dims_in(F, p, x.dims(), w.dims())
}

/// Checks that `dy` is the output of a convolution of an `x_dims` input with
/// the filter `w_dims`.
pub(crate) fn check_backward(
    function: &'static str,
    x_dims: &[usize],
    w_dims: &[usize],
    dy: &Tensor,
    p: &Conv2dParams,
) -> Result<()> {
    let y = output_dims_in(function, p, x_dims, w_dims)?;
    if dy.dims() != y {
        return Err(bad_shape(
            function,
            format!(
                "dy is {:?} but the convolution of {x_dims:?} with {w_dims:?} gives {y:?}",
                dy.dims()
            ),
        ));
    }
    Ok(())
}

/// `conv2d(x, w)`: `x` `[N, C, H, W]`, `w` `[K, C / groups, R, S]`, both
/// f32, f16 or bf16, on one CUDA device; the result is `[N, K, P, Q]`
/// (cross-correlation, as candle's `Tensor::conv2d`). Differentiable in
/// `x` and `w`: candle's backward runs cuDNN's backward data and filter.
///
/// The descriptors, the algorithm (chosen once per shape: cuDNN's
/// heuristic, or a benchmark with [`set_conv_search_options`]) and the
/// workspace are kept per device; f32 may use TF32 tensor cores unless
/// the search options forbid it. Inputs that are not contiguous are copied
/// first.
///
/// # Errors
/// Candle errors carrying cudnn-rs's message: the checks of
/// [`Conv2dParams::output_dims`], element types, tensors that are not on
/// one CUDA device (or a build without the `cuda` feature), cuDNN's and
/// CUDA's failures.
///
/// [`set_conv_search_options`]: crate::set_conv_search_options
pub fn conv2d(x: &Tensor, w: &Tensor, params: &Conv2dParams) -> Result<Tensor> {
    let y = check_forward(x, w, params)?;
    backend::conv2d(x, w, *params, y)
}

/// The gradient of `conv2d` with respect to its input: from `dy` (the
/// output's gradient) and the filter `w`, an `x_dims` tensor; also the
/// transposed convolution. Not itself differentiable.
///
/// # Errors
/// As [`conv2d`]; `dy` must be the output shape of `x_dims` and `w`.
pub fn conv2d_backward_data(
    dy: &Tensor,
    w: &Tensor,
    x_dims: [usize; 4],
    params: &Conv2dParams,
) -> Result<Tensor> {
    const F: &str = "cudnn_candle::conv2d_backward_data";
    check_same_dtype(F, ("dy", dy), ("w", w))?;
    check_backward(F, &x_dims, w.dims(), dy, params)?;
    backend::conv2d_backward_data(dy, w, *params, x_dims)
}

/// The gradient of `conv2d` with respect to its filter: from the input `x`
/// and `dy`, a `w_dims` tensor. Not itself differentiable.
///
/// # Errors
/// As [`conv2d`]; `dy` must be the output shape of `x` and `w_dims`.
pub fn conv2d_backward_filter(
    x: &Tensor,
    dy: &Tensor,
    w_dims: [usize; 4],
    params: &Conv2dParams,
) -> Result<Tensor> {
    const F: &str = "cudnn_candle::conv2d_backward_filter";
    check_same_dtype(F, ("x", x), ("dy", dy))?;
    check_backward(F, x.dims(), &w_dims, dy, params)?;
    backend::conv2d_backward_filter(x, dy, *params, w_dims)
}
