//! Layer, RMS and instance normalisation on the CPU: forward (training, with
//! the statistics it saves) and backward, as cuDNN's graph operations
//! `CUDNN_BACKEND_OPERATION_NORM_FORWARD_DESCRIPTOR` and
//! `CUDNN_BACKEND_OPERATION_NORM_BACKWARD_DESCRIPTOR` define them in the modes
//! `CUDNN_LAYER_NORM`, `CUDNN_RMS_NORM` and `CUDNN_INSTANCE_NORM`. Batch
//! normalisation is in [`batchnorm`](crate::batchnorm).
//!
//! All three normalise *rows*: runs of contiguous elements of a dense,
//! row-major tensor, each with its own statistics.
//!
//! * Layer norm and RMS norm: `x` is `[N, D...]`, normalised over the
//!   trailing dimensions, whose product is `normalized_len` (cuDNN's `x` of
//!   `[N, C, H, W]` normalised over `C, H, W` has `normalized_len = C * H *
//!   W`); there are `rows = x.len() / normalized_len` rows. `scale` and
//!   `bias` have `normalized_len` elements, one per position within a row
//!   (cuDNN's `[1, C, H, W]`), and the statistics one per row (`[N, 1, 1,
//!   1]`).
//! * Instance norm: `x` is `[N, C, spatial...]` with the spatial dimensions
//!   flattened into `spatial_len`; each `(n, c)` pair is a row of
//!   `spatial_len` elements. `scale` and `bias` have one element per channel
//!   (`[1, C, 1, 1]`), the statistics one per `(n, c)` (`[N, C, 1, 1]`).
//!
//! With `m` elements in a row, `mean` their mean and `var` their biased
//! variance (`sum((x - mean)^2) / m`):
//!
//! ```text
//! layer, instance:  inv_std = 1 / sqrt(var + eps)          y = scale * (x - mean) * inv_std + bias
//! RMS:              inv_rms = 1 / sqrt(sum(x^2) / m + eps)  y = scale * x * inv_rms (+ bias)
//! ```
//!
//! `inv_std` and `inv_rms` are what cuDNN calls the inverse variance
//! (`CUDNN_ATTR_OPERATION_NORM_FWD_INV_VARIANCE_DESC`), which despite the
//! name holds the inverse *standard deviation*, `eps` included. RMS norm has
//! no mean. The backward passes take the statistics saved by the forward
//! pass, as cuDNN's do, so `eps` is not one of their arguments.
//!
//! The parameters and statistics may have another element type `P` than
//! the data's `T`, as in cuDNN, where they are often `f32` for `f16` data.
//! Everything is computed in `f64` and rounded once.
//!
//! ```
//! use cudnn_reference::norm;
//!
//! // Two rows of two: [1, 3] (mean 2, variance 1) and [0, 4] (mean 2, variance 4).
//! let out = norm::layer_norm_forward(2, 0.0, &[1.0f64, 3.0, 0.0, 4.0], &[1.0f64, 2.0], &[0.0f64, 1.0]);
//! assert_eq!(out.y, [-1.0, 3.0, -1.0, 3.0]);
//! assert_eq!(out.mean, [2.0, 2.0]);
//! assert_eq!(out.inv_std, [1.0, 0.5]);
//! ```

use super::conv::Scalar;

/// What [`layer_norm_forward`] and [`instance_norm_forward`] compute.
#[derive(Debug, Clone, PartialEq)]
pub struct NormForward<T, P> {
    /// The normalised, scaled and shifted output, shaped like `x`.
    pub y: Vec<T>,
    /// The mean of each row (cuDNN's `MEAN` output in the training phase).
    pub mean: Vec<P>,
    /// `1 / sqrt(var + eps)` of each row (cuDNN's `INV_VARIANCE` output).
    pub inv_std: Vec<P>,
}

/// What [`rms_norm_forward`] computes.
#[derive(Debug, Clone, PartialEq)]
pub struct RmsNormForward<T, P> {
    /// The normalised and scaled (and shifted, with a bias) output, shaped
    /// like `x`.
    pub y: Vec<T>,
    /// `1 / sqrt(sum(x^2) / m + eps)` of each row (cuDNN's `INV_VARIANCE`
    /// output).
    pub inv_rms: Vec<P>,
}

/// The gradients that the backward passes compute: those of `sum(y * dy)`
/// with respect to `x`, `scale` and `bias`.
#[derive(Debug, Clone, PartialEq)]
pub struct NormBackward<T, P> {
    /// The gradient with respect to `x`, shaped like `x`.
    pub dx: Vec<T>,
    /// The gradient with respect to `scale`, shaped like `scale`.
    pub dscale: Vec<P>,
    /// The gradient with respect to `bias`, shaped like `scale`: the sum of
    /// `dy` over the elements that each bias element is added to. For RMS
    /// norm this is the bias gradient when the forward pass had a bias
    /// (cuDNN's optional `DBIAS` output).
    pub dbias: Vec<P>,
}

fn to_f64_vec<T: Scalar>(data: &[T]) -> Vec<f64> {
    data.iter().map(|v| v.to_f64()).collect()
}

fn from_f64_vec<T: Scalar>(data: Vec<f64>) -> Vec<T> {
    data.into_iter().map(T::from_f64).collect()
}

/// The number of rows of `row_len` elements in `x`, checking that it is a
/// whole, positive number.
fn row_count<T>(what: &str, x: &[T], row_len: usize) -> usize {
    assert!(row_len > 0, "{what}: rows of 0 elements");
    assert!(
        !x.is_empty() && x.len().is_multiple_of(row_len),
        "{what}: x has {} elements, not a positive multiple of the row length {row_len}",
        x.len()
    );
    x.len() / row_len
}

fn check_len<T>(what: &str, name: &str, data: &[T], expected: usize) {
    assert_eq!(
        data.len(),
        expected,
        "{what}: {name} has {} elements but needs {expected}",
        data.len()
    );
}

/// The mean and biased variance of a row.
fn mean_and_var(row: &[f64]) -> (f64, f64) {
    let m = row.len() as f64;
    let mean = row.iter().sum::<f64>() / m;
    let var = row.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / m;
    (mean, var)
}

/// The backward pass of one row normalised as `xhat = (x - mean) * inv_std`
/// (`centered`) or `xhat = x * inv_std`, then scaled per element by
/// `gamma(i)`: adds `dy * xhat` and `dy` into `dscale` and `dbias` at
/// `param(i)`, and writes `dx`.
///
/// With `g = dy * gamma` and `m` elements, `dx = inv_std * (g - mean(g) -
/// xhat * mean(g * xhat))`, without the `mean(g)` term when not centred.
struct RowBackward<'a> {
    x: &'a [f64],
    dy: &'a [f64],
    mean: f64,
    inv_std: f64,
    centered: bool,
}

impl RowBackward<'_> {
    fn run(
        &self,
        gamma: impl Fn(usize) -> f64,
        param: impl Fn(usize) -> usize,
        dx: &mut [f64],
        dscale: &mut [f64],
        dbias: &mut [f64],
    ) {
        let m = self.x.len() as f64;
        let xhat = |i: usize| (self.x[i] - self.mean) * self.inv_std;
        let g = |i: usize| self.dy[i] * gamma(i);
        let n = self.x.len();
        let mean_g = if self.centered {
            (0..n).map(g).sum::<f64>() / m
        } else {
            0.0
        };
        let mean_gx = (0..n).map(|i| g(i) * xhat(i)).sum::<f64>() / m;
        for i in 0..n {
            dx[i] = self.inv_std * (g(i) - mean_g - xhat(i) * mean_gx);
            dscale[param(i)] += self.dy[i] * xhat(i);
            dbias[param(i)] += self.dy[i];
        }
    }
}

/// Layer normalisation, training forward (`CUDNN_LAYER_NORM`): every row of
/// `normalized_len` elements of `x` normalised with its own mean and
/// variance, then `y = scale * xhat + bias` with `scale` and `bias` indexed
/// by the position within the row.
///
/// # Panics
///
/// If `normalized_len` is 0, `x` is empty or not a whole number of rows,
/// or `scale` or `bias` does not have `normalized_len` elements.
pub fn layer_norm_forward<T: Scalar, P: Scalar>(
    normalized_len: usize,
    eps: f64,
    x: &[T],
    scale: &[P],
    bias: &[P],
) -> NormForward<T, P> {
    const WHAT: &str = "layer_norm_forward";
    let rows = row_count(WHAT, x, normalized_len);
    check_len(WHAT, "scale", scale, normalized_len);
    check_len(WHAT, "bias", bias, normalized_len);
    let x = to_f64_vec(x);
    let mut y = vec![0.0; x.len()];
    let (mut means, mut inv_stds) = (vec![0.0; rows], vec![0.0; rows]);
    for (r, (row, out)) in x
        .chunks(normalized_len)
        .zip(y.chunks_mut(normalized_len))
        .enumerate()
    {
        let (mean, var) = mean_and_var(row);
        let inv_std = 1.0 / (var + eps).sqrt();
        for (i, (&v, o)) in row.iter().zip(out).enumerate() {
            *o = scale[i].to_f64() * (v - mean) * inv_std + bias[i].to_f64();
        }
        means[r] = mean;
        inv_stds[r] = inv_std;
    }
    NormForward {
        y: from_f64_vec(y),
        mean: from_f64_vec(means),
        inv_std: from_f64_vec(inv_stds),
    }
}

/// Layer normalisation, backward: the gradients of `sum(y * dy)` for `y`
/// from [`layer_norm_forward`], given the `mean` and `inv_std` it saved.
/// Per row, with `xhat = (x - mean) * inv_std` and `g = dy * scale`,
///
/// ```text
/// dx     = inv_std * (g - mean(g) - xhat * mean(g * xhat))
/// dscale = sum over rows of dy * xhat
/// dbias  = sum over rows of dy
/// ```
///
/// # Panics
///
/// If `normalized_len` is 0, `x` is empty or not a whole number of rows,
/// `dy` is not shaped like `x`, `scale` does not have `normalized_len`
/// elements or the statistics one per row.
pub fn layer_norm_backward<T: Scalar, P: Scalar>(
    normalized_len: usize,
    dy: &[T],
    x: &[T],
    scale: &[P],
    mean: &[P],
    inv_std: &[P],
) -> NormBackward<T, P> {
    const WHAT: &str = "layer_norm_backward";
    let rows = row_count(WHAT, x, normalized_len);
    check_len(WHAT, "dy", dy, x.len());
    check_len(WHAT, "scale", scale, normalized_len);
    check_len(WHAT, "mean", mean, rows);
    check_len(WHAT, "inv_std", inv_std, rows);
    rows_backward(normalized_len, dy, x, scale, Some(mean), inv_std)
}

/// The backward pass of layer norm (with `mean`) or RMS norm (without),
/// for checked arguments.
fn rows_backward<T: Scalar, P: Scalar>(
    normalized_len: usize,
    dy: &[T],
    x: &[T],
    scale: &[P],
    mean: Option<&[P]>,
    inv_std: &[P],
) -> NormBackward<T, P> {
    let (x, dy) = (to_f64_vec(x), to_f64_vec(dy));
    let mut dx = vec![0.0; x.len()];
    let mut dscale = vec![0.0; normalized_len];
    let mut dbias = vec![0.0; normalized_len];
    for (r, inv) in inv_std.iter().enumerate() {
        let span = r * normalized_len..(r + 1) * normalized_len;
        RowBackward {
            x: &x[span.clone()],
            dy: &dy[span.clone()],
            mean: mean.map_or(0.0, |m| m[r].to_f64()),
            inv_std: inv.to_f64(),
            centered: mean.is_some(),
        }
        .run(
            |i| scale[i].to_f64(),
            |i| i,
            &mut dx[span],
            &mut dscale,
            &mut dbias,
        );
    }
    NormBackward {
        dx: from_f64_vec(dx),
        dscale: from_f64_vec(dscale),
        dbias: from_f64_vec(dbias),
    }
}

/// RMS normalisation, training forward (`CUDNN_RMS_NORM`): every row of
/// `normalized_len` elements of `x` divided by its root mean square (with
/// `eps` under the root), then `y = scale * x * inv_rms`, plus `bias` when
/// given (cuDNN's bias is optional in this mode).
///
/// # Panics
///
/// If `normalized_len` is 0, `x` is empty or not a whole number of rows,
/// or `scale` or the bias does not have `normalized_len` elements.
pub fn rms_norm_forward<T: Scalar, P: Scalar>(
    normalized_len: usize,
    eps: f64,
    x: &[T],
    scale: &[P],
    bias: Option<&[P]>,
) -> RmsNormForward<T, P> {
    const WHAT: &str = "rms_norm_forward";
    let rows = row_count(WHAT, x, normalized_len);
    check_len(WHAT, "scale", scale, normalized_len);
    if let Some(bias) = bias {
        check_len(WHAT, "bias", bias, normalized_len);
    }
    let x = to_f64_vec(x);
    let mut y = vec![0.0; x.len()];
    let mut inv_rms = vec![0.0; rows];
    for (r, (row, out)) in x
        .chunks(normalized_len)
        .zip(y.chunks_mut(normalized_len))
        .enumerate()
    {
        let mean_square = row.iter().map(|v| v * v).sum::<f64>() / normalized_len as f64;
        let inv = 1.0 / (mean_square + eps).sqrt();
        for (i, (&v, o)) in row.iter().zip(out).enumerate() {
            let b = bias.map_or(0.0, |b| b[i].to_f64());
            *o = scale[i].to_f64() * v * inv + b;
        }
        inv_rms[r] = inv;
    }
    RmsNormForward {
        y: from_f64_vec(y),
        inv_rms: from_f64_vec(inv_rms),
    }
}

/// RMS normalisation, backward: the gradients of `sum(y * dy)` for `y` from
/// [`rms_norm_forward`], given the `inv_rms` it saved. Per row, with
/// `xhat = x * inv_rms` and `g = dy * scale`,
///
/// ```text
/// dx     = inv_rms * (g - xhat * mean(g * xhat))
/// dscale = sum over rows of dy * xhat
/// dbias  = sum over rows of dy
/// ```
///
/// `dx` and `dscale` do not depend on whether the forward pass had a bias.
///
/// # Panics
///
/// If `normalized_len` is 0, `x` is empty or not a whole number of rows,
/// `dy` is not shaped like `x`, `scale` does not have `normalized_len`
/// elements or `inv_rms` one per row.
pub fn rms_norm_backward<T: Scalar, P: Scalar>(
    normalized_len: usize,
    dy: &[T],
    x: &[T],
    scale: &[P],
    inv_rms: &[P],
) -> NormBackward<T, P> {
    const WHAT: &str = "rms_norm_backward";
    let rows = row_count(WHAT, x, normalized_len);
    check_len(WHAT, "dy", dy, x.len());
    check_len(WHAT, "scale", scale, normalized_len);
    check_len(WHAT, "inv_rms", inv_rms, rows);
    rows_backward(normalized_len, dy, x, scale, None, inv_rms)
}

/// The number of images of `channels * spatial_len` elements in `x`.
fn image_count<T>(what: &str, x: &[T], channels: usize, spatial_len: usize) -> usize {
    assert!(
        channels > 0 && spatial_len > 0,
        "{what}: channels and spatial_len must be at least 1 (got {channels} and {spatial_len})"
    );
    row_count(what, x, channels * spatial_len)
}

/// Instance normalisation, training forward (`CUDNN_INSTANCE_NORM`): each
/// `(n, c)` row of `spatial_len` elements of the `[N, C, spatial...]`
/// tensor `x` normalised with its own mean and variance, then `y =
/// scale[c] * xhat + bias[c]`. The statistics are `[N, C]`, row-major.
///
/// This is batch normalisation in [`Spatial`](crate::batchnorm::BatchNormMode::Spatial)
/// mode applied to each image on its own.
///
/// # Panics
///
/// If `channels` or `spatial_len` is 0, `x` is empty or not a whole number
/// of images, or `scale` or `bias` does not have `channels` elements.
pub fn instance_norm_forward<T: Scalar, P: Scalar>(
    channels: usize,
    spatial_len: usize,
    eps: f64,
    x: &[T],
    scale: &[P],
    bias: &[P],
) -> NormForward<T, P> {
    const WHAT: &str = "instance_norm_forward";
    image_count(WHAT, x, channels, spatial_len);
    check_len(WHAT, "scale", scale, channels);
    check_len(WHAT, "bias", bias, channels);
    let x = to_f64_vec(x);
    let rows = x.len() / spatial_len;
    let mut y = vec![0.0; x.len()];
    let (mut means, mut inv_stds) = (vec![0.0; rows], vec![0.0; rows]);
    for (r, (row, out)) in x
        .chunks(spatial_len)
        .zip(y.chunks_mut(spatial_len))
        .enumerate()
    {
        let c = r % channels;
        let (mean, var) = mean_and_var(row);
        let inv_std = 1.0 / (var + eps).sqrt();
        let (gamma, beta) = (scale[c].to_f64(), bias[c].to_f64());
        for (&v, o) in row.iter().zip(out) {
            *o = gamma * (v - mean) * inv_std + beta;
        }
        means[r] = mean;
        inv_stds[r] = inv_std;
    }
    NormForward {
        y: from_f64_vec(y),
        mean: from_f64_vec(means),
        inv_std: from_f64_vec(inv_stds),
    }
}

/// Instance normalisation, backward: the gradients of `sum(y * dy)` for `y`
/// from [`instance_norm_forward`], given the `[N, C]` `mean` and `inv_std`
/// it saved. Per `(n, c)` row, with `xhat = (x - mean) * inv_std` and
/// `g = dy * scale[c]`,
///
/// ```text
/// dx        = inv_std * (g - mean(g) - xhat * mean(g * xhat))
/// dscale[c] = sum over n and the row of dy * xhat
/// dbias[c]  = sum over n and the row of dy
/// ```
///
/// # Panics
///
/// If `channels` or `spatial_len` is 0, `x` is empty or not a whole number
/// of images, `dy` is not shaped like `x`, `scale` does not have
/// `channels` elements or the statistics one per `(n, c)`.
pub fn instance_norm_backward<T: Scalar, P: Scalar>(
    channels: usize,
    spatial_len: usize,
    dy: &[T],
    x: &[T],
    scale: &[P],
    mean: &[P],
    inv_std: &[P],
) -> NormBackward<T, P> {
    const WHAT: &str = "instance_norm_backward";
    image_count(WHAT, x, channels, spatial_len);
    let rows = x.len() / spatial_len;
    check_len(WHAT, "dy", dy, x.len());
    check_len(WHAT, "scale", scale, channels);
    check_len(WHAT, "mean", mean, rows);
    check_len(WHAT, "inv_std", inv_std, rows);
    let (x, dy) = (to_f64_vec(x), to_f64_vec(dy));
    let mut dx = vec![0.0; x.len()];
    let mut dscale = vec![0.0; channels];
    let mut dbias = vec![0.0; channels];
    for r in 0..rows {
        let c = r % channels;
        let span = r * spatial_len..(r + 1) * spatial_len;
        let gamma = scale[c].to_f64();
        RowBackward {
            x: &x[span.clone()],
            dy: &dy[span.clone()],
            mean: mean[r].to_f64(),
            inv_std: inv_std[r].to_f64(),
            centered: true,
        }
        .run(|_| gamma, |_| c, &mut dx[span], &mut dscale, &mut dbias);
    }
    NormBackward {
        dx: from_f64_vec(dx),
        dscale: from_f64_vec(dscale),
        dbias: from_f64_vec(dbias),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::batchnorm::{self, BatchNormMode};

    #[test]
    fn layer_norm_by_hand() {
        // Rows [1, 3] and [2, 2]: the second has variance 0, so eps decides.
        let out = layer_norm_forward(2, 0.25, &[1.0f64, 3.0, 2.0, 2.0], &[1.0, 1.0], &[0.0, 0.0]);
        assert_eq!(out.mean, [2.0, 2.0]);
        assert_eq!(out.inv_std, [1.0 / 1.25f64.sqrt(), 2.0]);
        assert_eq!(out.y[2..], [0.0, 0.0]);
    }

    #[test]
    fn rms_norm_by_hand() {
        // Row [3, 4]: mean square 12.5, plus eps 3.5 is 16.
        let out = rms_norm_forward(2, 3.5, &[3.0f64, 4.0], &[2.0, 1.0], Some(&[0.5, 0.0][..]));
        assert_eq!(out.inv_rms, [0.25]);
        assert_eq!(out.y, [2.0, 1.0]);
        let without = rms_norm_forward(2, 3.5, &[3.0f64, 4.0], &[2.0, 1.0], None);
        assert_eq!(without.y, [1.5, 1.0]);
    }

    #[test]
    fn backward_of_a_constant_row_is_scaled_dy_minus_its_mean() {
        // xhat is 0 everywhere, so dx = inv_std * (g - mean(g)), dscale = 0.
        let x = [5.0f64; 3];
        let fwd = layer_norm_forward(3, 1.0, &x, &[2.0; 3], &[0.0; 3]);
        let b = layer_norm_backward(3, &[1.0, 2.0, 6.0], &x, &[2.0; 3], &fwd.mean, &fwd.inv_std);
        assert_eq!(b.dx, [-4.0, -2.0, 6.0]);
        assert_eq!(b.dscale, [0.0; 3]);
        assert_eq!(b.dbias, [1.0, 2.0, 6.0]);
    }

    #[test]
    fn instance_norm_is_spatial_batch_norm_of_each_image() {
        let (c, s) = (2, 3);
        let x: Vec<f64> = (0..12).map(|i| ((i * 5) % 7) as f64 - 2.0).collect();
        let dy: Vec<f64> = (0..12).map(|i| ((i * 3) % 5) as f64 - 1.5).collect();
        let (scale, bias) = ([1.5, -0.5], [0.25, 1.0]);
        let eps = 1e-3;
        let fwd = instance_norm_forward(c, s, eps, &x, &scale, &bias);
        let back = instance_norm_backward(c, s, &dy, &x, &scale, &fwd.mean, &fwd.inv_std);
        let mut dscale = [0.0; 2];
        for n in 0..2 {
            let image = n * c * s..(n + 1) * c * s;
            let bn = batchnorm::training_forward(
                BatchNormMode::Spatial,
                1,
                c,
                s,
                eps,
                0.0,
                &x[image.clone()],
                &scale,
                &bias,
                &[0.0; 2],
                &[1.0; 2],
            );
            let close = |a: &[f64], b: &[f64]| a.iter().zip(b).all(|(a, b)| (a - b).abs() < 1e-12);
            assert!(close(&bn.y, &fwd.y[image.clone()]), "y of image {n}");
            assert!(close(&bn.saved_mean, &fwd.mean[n * c..(n + 1) * c]));
            assert!(close(&bn.saved_inv_std, &fwd.inv_std[n * c..(n + 1) * c]));
            let saved = (&bn.saved_mean[..], &bn.saved_inv_std[..]);
            let bb = batchnorm::backward(
                BatchNormMode::Spatial,
                1,
                c,
                s,
                eps,
                &x[image.clone()],
                &dy[image.clone()],
                &scale,
                Some(saved),
            );
            assert!(close(&bb.dx, &back.dx[image]), "dx of image {n}");
            for (acc, d) in dscale.iter_mut().zip(&bb.dscale) {
                *acc += d;
            }
        }
        assert!(back
            .dscale
            .iter()
            .zip(dscale)
            .all(|(a, b)| (a - b).abs() < 1e-12));
    }

    #[test]
    fn statistics_may_have_another_type() {
        use half::f16;
        let x: Vec<f16> = [1.0, 3.0].map(f16::from_f32).to_vec();
        let out = layer_norm_forward(2, 0.0, &x, &[1.0f32; 2], &[0.0f32; 2]);
        assert_eq!(out.y, [f16::from_f32(-1.0), f16::from_f32(1.0)]);
        assert_eq!(out.mean, [2.0f32]);
    }

    #[test]
    #[should_panic(expected = "layer_norm_forward: x has 5 elements, not a positive multiple")]
    fn partial_rows_panic() {
        layer_norm_forward(2, 0.0, &[0.0f64; 5], &[1.0f64; 2], &[0.0; 2]);
    }

    #[test]
    #[should_panic(expected = "instance_norm_backward: mean has 2 elements but needs 4")]
    fn wrong_statistics_length_panics() {
        instance_norm_backward(
            2,
            2,
            &[0.0f64; 8],
            &[0.0; 8],
            &[1.0f64; 2],
            &[0.0; 2],
            &[1.0; 4],
        );
    }
}
