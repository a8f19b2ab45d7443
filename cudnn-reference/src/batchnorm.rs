//! Batch normalisation on the CPU: training forward, inference forward and
//! backward, as cuDNN's `cudnnBatchNormalizationForwardTraining`,
//! `cudnnBatchNormalizationForwardInference` and
//! `cudnnBatchNormalizationBackward` define them.
//!
//! `x`, `y`, `dy` and `dx` are dense, row-major, channel-first tensors of
//! `n * c * spatial_len` elements: `(n, c, spatial...)` with the spatial
//! dimensions flattened into `spatial_len`. The parameters and statistics
//! (`scale`, `bias`, means, variances and their gradients) have one value
//! per normalised group, [`param_len`] of them, as chosen by
//! [`BatchNormMode`]:
//!
//! * [`Spatial`](BatchNormMode::Spatial): one per channel, over the `n *
//!   spatial_len` elements of that channel (`c` values, shape `1xCx1x1`);
//! * [`PerActivation`](BatchNormMode::PerActivation): one per channel and
//!   spatial position, over the `n` images (`c * spatial_len` values, shape
//!   `1xCxHxW`).
//!
//! With `m` elements in a group, `mean` their mean and `var` their biased
//! variance (`sum((x - mean)^2) / m`), training computes
//!
//! ```text
//! y             = scale * (x - mean) * inv_std + bias,   inv_std = 1 / sqrt(var + eps)
//! running_mean' = (1 - f) * running_mean + f * mean
//! running_var'  = (1 - f) * running_var  + f * var * m / (m - 1)
//! saved_mean    = mean,   saved_inv_std = inv_std
//! ```
//!
//! where `f` is cuDNN's `exponentialAverageFactor`. The running variance is
//! fed the *unbiased* variance (divided by `m - 1`) while the normalisation
//! uses the biased one. cuDNN's header says only that the running variance is
//! "the moving average of variance\[x\]"; that this variance is the unbiased
//! one is what cuDNN is observed to do (a thread on NVIDIA's developer forum,
//! "cuDNN batch normalization oddness", reports a saved batch variance of
//! `sum / m` next to a running one of `sum / (m - 1)`), and what frameworks
//! that hand their running statistics straight to cuDNN rely on (PyTorch's
//! `running_var` is unbiased). `saved_inv_std` is cuDNN's
//! `resultSaveInvVariance`, which despite its name holds
//! `1 / sqrt(var + eps)`.
//!
//! The parameters and statistics may have a different element type `P` from
//! the data's `T`, as in cuDNN, where they are `f32` for `f16` and `bf16`
//! data. Everything is computed in `f64` and rounded once.
//!
//! ```
//! use cudnn_reference::batchnorm::{self, BatchNormMode};
//!
//! // One channel, values [1, 3]: mean 2, biased variance 1, unbiased 2.
//! let out = batchnorm::training_forward(
//!     BatchNormMode::Spatial, 1, 1, 2, 0.0, 0.5,
//!     &[1.0f32, 3.0], &[1.0f32], &[0.0f32], &[0.0f32], &[1.0f32],
//! );
//! assert_eq!(out.y, [-1.0, 1.0]);
//! assert_eq!(out.saved_mean, [2.0]);
//! assert_eq!(out.saved_inv_std, [1.0]);
//! assert_eq!(out.running_mean, [1.0]); // 0.5 * 0 + 0.5 * 2
//! assert_eq!(out.running_var, [1.5]); // 0.5 * 1 + 0.5 * 2
//! ```

use super::conv::Scalar;

/// Which elements share statistics and parameters (cuDNN's
/// `cudnnBatchNormMode_t`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BatchNormMode {
    /// One group per channel and spatial position, over the batch
    /// (`CUDNN_BATCHNORM_PER_ACTIVATION`).
    PerActivation,
    /// One group per channel, over the batch and all spatial positions
    /// (`CUDNN_BATCHNORM_SPATIAL`; `CUDNN_BATCHNORM_SPATIAL_PERSISTENT`
    /// computes the same).
    Spatial,
}

/// What [`training_forward`] computes.
#[derive(Debug, Clone, PartialEq)]
pub struct TrainingForward<T, P> {
    /// The normalised, scaled and shifted output, shaped like `x`.
    pub y: Vec<T>,
    /// The updated running mean (`resultRunningMean` after the call).
    pub running_mean: Vec<P>,
    /// The updated running variance (`resultRunningVariance` after the call).
    pub running_var: Vec<P>,
    /// The batch mean (`resultSaveMean`).
    pub saved_mean: Vec<P>,
    /// `1 / sqrt(var + eps)` of the biased batch variance
    /// (`resultSaveInvVariance`).
    pub saved_inv_std: Vec<P>,
}

/// What [`backward`] computes.
#[derive(Debug, Clone, PartialEq)]
pub struct Backward<T, P> {
    /// The gradient with respect to `x`, shaped like `x`.
    pub dx: Vec<T>,
    /// The gradient with respect to `scale` (`resultBnScaleDiff`).
    pub dscale: Vec<P>,
    /// The gradient with respect to `bias` (`resultBnBiasDiff`).
    pub dbias: Vec<P>,
}

/// The number of parameters and statistics: `c` for
/// [`Spatial`](BatchNormMode::Spatial), `c * spatial_len` for
/// [`PerActivation`](BatchNormMode::PerActivation).
pub fn param_len(mode: BatchNormMode, c: usize, spatial_len: usize) -> usize {
    match mode {
        BatchNormMode::PerActivation => c * spatial_len,
        BatchNormMode::Spatial => c,
    }
}

/// The indices of `x` in the group of parameter `p`, in ascending order.
fn members(
    mode: BatchNormMode,
    (n, c, spatial_len): (usize, usize, usize),
    p: usize,
) -> Vec<usize> {
    let mut members = Vec::new();
    for ni in 0..n {
        match mode {
            BatchNormMode::PerActivation => members.push(ni * c * spatial_len + p),
            BatchNormMode::Spatial => {
                let start = (ni * c + p) * spatial_len;
                members.extend(start..start + spatial_len);
            }
        }
    }
    members
}

fn check_shape<T>(name: &str, data: &[T], (n, c, spatial_len): (usize, usize, usize)) {
    assert!(
        n > 0 && c > 0 && spatial_len > 0,
        "batch norm needs n, c and spatial_len of at least 1 (got {n}, {c} and {spatial_len})"
    );
    assert_eq!(
        data.len(),
        n * c * spatial_len,
        "{name} has {} elements but n {n} * c {c} * spatial_len {spatial_len} is {}",
        data.len(),
        n * c * spatial_len
    );
}

fn check_params<P>(name: &str, data: &[P], mode: BatchNormMode, shape: (usize, usize, usize)) {
    let expected = param_len(mode, shape.1, shape.2);
    assert_eq!(
        data.len(),
        expected,
        "{name} has {} elements but {mode:?} with c {} and spatial_len {} needs {expected}",
        data.len(),
        shape.1,
        shape.2
    );
}

fn to_f64_vec<T: Scalar>(data: &[T]) -> Vec<f64> {
    data.iter().map(|v| v.to_f64()).collect()
}

fn from_f64_vec<T: Scalar>(data: Vec<f64>) -> Vec<T> {
    data.into_iter().map(T::from_f64).collect()
}

/// The mean and biased variance of `x` over `members`.
fn mean_and_var(x: &[f64], members: &[usize]) -> (f64, f64) {
    let m = members.len() as f64;
    let mean = members.iter().map(|&i| x[i]).sum::<f64>() / m;
    let var = members.iter().map(|&i| (x[i] - mean).powi(2)).sum::<f64>() / m;
    (mean, var)
}

/// The training forward pass (cuDNN's
/// `cudnnBatchNormalizationForwardTraining` with `alpha = 1`, `beta = 0`):
/// normalises `x` with its own batch statistics and updates the running
/// ones with `exponential_average_factor` (`f` in the module
/// documentation; 1 replaces them with the batch statistics).
///
/// # Panics
///
/// If `n`, `c` or `spatial_len` is 0; if `x` does not have
/// `n * c * spatial_len` elements or the parameters do not have
/// [`param_len`] elements; or if a group has a single element (`n == 1` in
/// [`PerActivation`](BatchNormMode::PerActivation) mode, `n * spatial_len
/// == 1` in [`Spatial`](BatchNormMode::Spatial) mode), whose unbiased
/// variance is undefined.
// The argument list is cuDNN's own; bundling it would only obscure it.
#[allow(clippy::too_many_arguments)]
pub fn training_forward<T: Scalar, P: Scalar>(
    mode: BatchNormMode,
    n: usize,
    c: usize,
    spatial_len: usize,
    eps: f64,
    exponential_average_factor: f64,
    x: &[T],
    scale: &[P],
    bias: &[P],
    running_mean: &[P],
    running_var: &[P],
) -> TrainingForward<T, P> {
    let shape = (n, c, spatial_len);
    check_shape("x", x, shape);
    for (name, data) in [
        ("scale", scale),
        ("bias", bias),
        ("running_mean", running_mean),
        ("running_var", running_var),
    ] {
        check_params(name, data, mode, shape);
    }
    let x = to_f64_vec(x);
    let f = exponential_average_factor;
    let params = param_len(mode, c, spatial_len);
    let mut y = vec![0.0; x.len()];
    let mut new_mean = vec![0.0; params];
    let mut new_var = vec![0.0; params];
    let mut saved_mean = vec![0.0; params];
    let mut saved_inv_std = vec![0.0; params];
    for p in 0..params {
        let group = members(mode, shape, p);
        let m = group.len();
        assert!(
            m >= 2,
            "batch norm training needs at least 2 elements per group ({mode:?}, n {n}, \
             spatial_len {spatial_len}): the unbiased variance of 1 is undefined"
        );
        let (mean, var) = mean_and_var(&x, &group);
        let inv_std = 1.0 / (var + eps).sqrt();
        let (gamma, beta) = (scale[p].to_f64(), bias[p].to_f64());
        for &i in &group {
            y[i] = gamma * (x[i] - mean) * inv_std + beta;
        }
        let unbiased = var * m as f64 / (m - 1) as f64;
        new_mean[p] = (1.0 - f) * running_mean[p].to_f64() + f * mean;
        new_var[p] = (1.0 - f) * running_var[p].to_f64() + f * unbiased;
        saved_mean[p] = mean;
        saved_inv_std[p] = inv_std;
    }
    TrainingForward {
        y: from_f64_vec(y),
        running_mean: from_f64_vec(new_mean),
        running_var: from_f64_vec(new_var),
        saved_mean: from_f64_vec(saved_mean),
        saved_inv_std: from_f64_vec(saved_inv_std),
    }
}

/// The inference forward pass with given statistics (cuDNN's
/// `cudnnBatchNormalizationForwardInference` with `alpha = 1`, `beta = 0`):
/// `y = scale * (x - mean) / sqrt(var + eps) + bias`.
///
/// # Panics
///
/// If `n`, `c` or `spatial_len` is 0, or `x` does not have
/// `n * c * spatial_len` elements or the parameters [`param_len`].
// The argument list is cuDNN's own; bundling it would only obscure it.
#[allow(clippy::too_many_arguments)]
pub fn inference_forward<T: Scalar, P: Scalar>(
    mode: BatchNormMode,
    n: usize,
    c: usize,
    spatial_len: usize,
    eps: f64,
    x: &[T],
    scale: &[P],
    bias: &[P],
    mean: &[P],
    var: &[P],
) -> Vec<T> {
    let shape = (n, c, spatial_len);
    check_shape("x", x, shape);
    for (name, data) in [
        ("scale", scale),
        ("bias", bias),
        ("mean", mean),
        ("var", var),
    ] {
        check_params(name, data, mode, shape);
    }
    let x = to_f64_vec(x);
    let mut y = vec![0.0; x.len()];
    for p in 0..param_len(mode, c, spatial_len) {
        let (gamma, beta) = (scale[p].to_f64(), bias[p].to_f64());
        let (mu, inv_std) = (mean[p].to_f64(), 1.0 / (var[p].to_f64() + eps).sqrt());
        for i in members(mode, shape, p) {
            y[i] = gamma * (x[i] - mu) * inv_std + beta;
        }
    }
    from_f64_vec(y)
}

/// The backward pass of training (cuDNN's `cudnnBatchNormalizationBackward`
/// with all four blend factors `1` and `0`): the gradients of `sum(y * dy)`
/// with respect to `x`, `scale` and `bias`, for `y` computed by
/// [`training_forward`]. With `xhat = (x - mean) * inv_std` and `m` elements
/// per group,
///
/// ```text
/// dbias  = sum(dy)
/// dscale = sum(dy * xhat)
/// dx     = scale * inv_std / m * (m * dy - dbias - xhat * dscale)
/// ```
///
/// `saved` is `Some((saved_mean, saved_inv_std))` from the forward pass, as
/// cuDNN's `savedMean` and `savedInvVariance`, in which case `eps` is not
/// used; or `None` (cuDNN's null pointers), to compute them again from `x`
/// with `eps`.
///
/// # Panics
///
/// If `n`, `c` or `spatial_len` is 0, or `x` or `dy` does not have
/// `n * c * spatial_len` elements, or `scale` or the saved statistics
/// [`param_len`].
// The argument list is cuDNN's own; bundling it would only obscure it.
#[allow(clippy::too_many_arguments)]
pub fn backward<T: Scalar, P: Scalar>(
    mode: BatchNormMode,
    n: usize,
    c: usize,
    spatial_len: usize,
    eps: f64,
    x: &[T],
    dy: &[T],
    scale: &[P],
    saved: Option<(&[P], &[P])>,
) -> Backward<T, P> {
    let shape = (n, c, spatial_len);
    check_shape("x", x, shape);
    check_shape("dy", dy, shape);
    check_params("scale", scale, mode, shape);
    if let Some((saved_mean, saved_inv_std)) = saved {
        check_params("saved_mean", saved_mean, mode, shape);
        check_params("saved_inv_std", saved_inv_std, mode, shape);
    }
    let (x, dy) = (to_f64_vec(x), to_f64_vec(dy));
    let params = param_len(mode, c, spatial_len);
    let mut dx = vec![0.0; x.len()];
    let mut dscale = vec![0.0; params];
    let mut dbias = vec![0.0; params];
    for p in 0..params {
        let group = members(mode, shape, p);
        let (mean, inv_std) = match saved {
            Some((mean, inv_std)) => (mean[p].to_f64(), inv_std[p].to_f64()),
            None => {
                let (mean, var) = mean_and_var(&x, &group);
                (mean, 1.0 / (var + eps).sqrt())
            }
        };
        let xhat = |i: usize| (x[i] - mean) * inv_std;
        let db: f64 = group.iter().map(|&i| dy[i]).sum();
        let ds: f64 = group.iter().map(|&i| dy[i] * xhat(i)).sum();
        let m = group.len() as f64;
        let gamma = scale[p].to_f64();
        for &i in &group {
            dx[i] = gamma * inv_std / m * (m * dy[i] - db - xhat(i) * ds);
        }
        dscale[p] = ds;
        dbias[p] = db;
    }
    Backward {
        dx: from_f64_vec(dx),
        dscale: from_f64_vec(dscale),
        dbias: from_f64_vec(dbias),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_by_mode() {
        // n 2, c 2, spatial 3.
        let shape = (2, 2, 3);
        assert_eq!(param_len(BatchNormMode::Spatial, 2, 3), 2);
        assert_eq!(param_len(BatchNormMode::PerActivation, 2, 3), 6);
        assert_eq!(
            members(BatchNormMode::Spatial, shape, 1),
            [3, 4, 5, 9, 10, 11]
        );
        assert_eq!(members(BatchNormMode::PerActivation, shape, 4), [4, 10]);
    }

    #[test]
    fn training_forward_by_hand() {
        // PerActivation, n 2, c 1, spatial 2: groups {x0, x2} and {x1, x3}.
        let x = [1.0, 10.0, 3.0, 14.0];
        let out = training_forward(
            BatchNormMode::PerActivation,
            2,
            1,
            2,
            0.0,
            1.0,
            &x,
            &[2.0, 1.0],
            &[0.5, -1.0],
            &[100.0, 100.0],
            &[100.0, 100.0],
        );
        // Means 2 and 12, biased variances 1 and 4, unbiased 2 and 8.
        assert_eq!(out.saved_mean, [2.0, 12.0]);
        assert_eq!(out.saved_inv_std, [1.0, 0.5]);
        assert_eq!(out.y, [-1.5, -2.0, 2.5, 0.0]);
        // Factor 1: the running statistics are replaced.
        assert_eq!(out.running_mean, [2.0, 12.0]);
        assert_eq!(out.running_var, [2.0, 8.0]);
        // Factor 0: they are kept; eps enters inv_std.
        let out = training_forward(
            BatchNormMode::PerActivation,
            2,
            1,
            2,
            3.0,
            0.0,
            &x,
            &[1.0, 1.0],
            &[0.0, 0.0],
            &[7.0, 8.0],
            &[9.0, 10.0],
        );
        assert_eq!(out.running_mean, [7.0, 8.0]);
        assert_eq!(out.running_var, [9.0, 10.0]);
        assert_eq!(out.saved_inv_std, [0.5, 1.0 / 7f64.sqrt()]);
    }

    #[test]
    fn inference_uses_the_given_statistics() {
        // Spatial, n 1, c 2, spatial 2.
        let y = inference_forward(
            BatchNormMode::Spatial,
            1,
            2,
            2,
            1.0,
            &[1.0f32, 3.0, 5.0, 7.0],
            &[2.0f32, 1.0],
            &[0.0f32, 10.0],
            &[1.0f32, 6.0],
            &[3.0f32, 0.0],
        );
        assert_eq!(y, [0.0, 2.0, 9.0, 11.0]);
    }

    #[test]
    fn inference_with_the_batch_statistics_matches_training() {
        let x: Vec<f64> = (0..24).map(|i| ((i * 7) % 11) as f64 - 4.0).collect();
        for mode in [BatchNormMode::Spatial, BatchNormMode::PerActivation] {
            let params = param_len(mode, 3, 4);
            let scale: Vec<f64> = (0..params).map(|p| 0.5 + p as f64).collect();
            let bias: Vec<f64> = (0..params).map(|p| 1.0 - p as f64).collect();
            let zeros = vec![0.0; params];
            let eps = 1e-3;
            let out = training_forward(mode, 2, 3, 4, eps, 1.0, &x, &scale, &bias, &zeros, &zeros);
            // Biased variance back from inv_std.
            let var: Vec<f64> = out
                .saved_inv_std
                .iter()
                .map(|r| 1.0 / (r * r) - eps)
                .collect();
            let y = inference_forward(mode, 2, 3, 4, eps, &x, &scale, &bias, &out.saved_mean, &var);
            assert!(
                y.iter().zip(&out.y).all(|(a, b)| (a - b).abs() < 1e-9),
                "{mode:?}"
            );
        }
    }

    #[test]
    fn backward_matches_central_differences() {
        let (n, c, spatial_len) = (3, 2, 2);
        let x: Vec<f64> = (0..12).map(|i| ((i * 5) % 7) as f64 / 2.0 - 1.0).collect();
        let dy: Vec<f64> = (0..12).map(|i| ((i * 3) % 5) as f64 - 1.5).collect();
        let h = 1e-6;
        let eps = 0.1;
        for mode in [BatchNormMode::Spatial, BatchNormMode::PerActivation] {
            let params = param_len(mode, c, spatial_len);
            let scale: Vec<f64> = (0..params).map(|p| 1.5 - 0.25 * p as f64).collect();
            let bias: Vec<f64> = (0..params).map(|p| 0.1 * p as f64).collect();
            let zeros = vec![0.0; params];
            let loss = |x: &[f64], scale: &[f64], bias: &[f64]| -> f64 {
                let out = training_forward(
                    mode,
                    n,
                    c,
                    spatial_len,
                    eps,
                    0.0,
                    x,
                    scale,
                    bias,
                    &zeros,
                    &zeros,
                );
                out.y.iter().zip(&dy).map(|(a, b)| a * b).sum()
            };
            let out = training_forward(
                mode,
                n,
                c,
                spatial_len,
                eps,
                0.0,
                &x,
                &scale,
                &bias,
                &zeros,
                &zeros,
            );
            let saved = (&out.saved_mean[..], &out.saved_inv_std[..]);
            let grads = backward(mode, n, c, spatial_len, eps, &x, &dy, &scale, Some(saved));
            let again = backward(mode, n, c, spatial_len, eps, &x, &dy, &scale, None);
            assert_eq!(grads, again, "{mode:?}");
            let numeric = |f: &dyn Fn(f64) -> f64| (f(h) - f(-h)) / (2.0 * h);
            for i in 0..x.len() {
                let d = numeric(&|h| {
                    let mut x = x.clone();
                    x[i] += h;
                    loss(&x, &scale, &bias)
                });
                assert!(
                    (d - grads.dx[i]).abs() < 1e-7,
                    "{mode:?} dx[{i}]: {d} vs {}",
                    grads.dx[i]
                );
            }
            for p in 0..params {
                let d = numeric(&|h| {
                    let mut scale = scale.clone();
                    scale[p] += h;
                    loss(&x, &scale, &bias)
                });
                assert!((d - grads.dscale[p]).abs() < 1e-7, "{mode:?} dscale[{p}]");
                let d = numeric(&|h| {
                    let mut bias = bias.clone();
                    bias[p] += h;
                    loss(&x, &scale, &bias)
                });
                assert!((d - grads.dbias[p]).abs() < 1e-7, "{mode:?} dbias[{p}]");
            }
        }
    }

    #[test]
    fn parameters_may_have_another_type() {
        use half::f16;
        let x: Vec<f16> = [1.0, 3.0].map(f16::from_f32).to_vec();
        let out = training_forward(
            BatchNormMode::Spatial,
            1,
            1,
            2,
            0.0,
            1.0,
            &x,
            &[1.0f32],
            &[0.0f32],
            &[0.0f32],
            &[0.0f32],
        );
        assert_eq!(out.y, [f16::from_f32(-1.0), f16::from_f32(1.0)]);
        assert_eq!(out.running_var, [2.0f32]);
    }

    #[test]
    #[should_panic(expected = "unbiased variance of 1 is undefined")]
    fn single_element_groups_panic_in_training() {
        training_forward(
            BatchNormMode::PerActivation,
            1,
            1,
            2,
            0.0,
            1.0,
            &[1.0f64, 2.0],
            &[1.0f64; 2],
            &[0.0; 2],
            &[0.0; 2],
            &[0.0; 2],
        );
    }

    #[test]
    #[should_panic(
        expected = "scale has 2 elements but Spatial with c 3 and spatial_len 2 needs 3"
    )]
    fn wrong_parameter_length_panics() {
        inference_forward(
            BatchNormMode::Spatial,
            1,
            3,
            2,
            0.0,
            &[0.0f64; 6],
            &[1.0f64; 2],
            &[0.0; 3],
            &[0.0; 3],
            &[1.0; 3],
        );
    }
}
