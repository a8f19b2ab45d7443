//! Softmax and log-softmax on the CPU: forward and backward.
//!
//! `x`, `y`, `dy` and `dx` are dense, row-major, channel-first tensors of
//! `n * c * spatial_len` elements: `(n, c, spatial...)` with the spatial
//! dimensions flattened into `spatial_len` (1 for an `(n, c)` tensor). The
//! softmax runs over groups of elements chosen by [`SoftmaxMode`] — every
//! `c * spatial_len` elements of one image, or the `c` channels of one
//! spatial position — and each group is normalised on its own:
//!
//! * softmax: `y_i = exp(x_i) / sum_j exp(x_j)`;
//! * log-softmax: `y_i = x_i - log(sum_j exp(x_j))`.
//!
//! Everything is computed in `f64` and rounded to the element type once.
//!
//! ```
//! use cudnn_reference::softmax::{self, SoftmaxAlgo, SoftmaxMode};
//!
//! // One image, two channels, two positions: softmax over the channels.
//! let x = [0.0f64, 1.0, 0.0, 1.0];
//! let y = softmax::forward(SoftmaxAlgo::Accurate, SoftmaxMode::Channel, 1, 2, 2, &x);
//! assert_eq!(y, [0.5, 0.5, 0.5, 0.5]);
//! ```

use super::conv::Scalar;

/// How the softmax is computed (cuDNN's `cudnnSoftmaxAlgorithm_t`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SoftmaxAlgo {
    /// Softmax exactly as written, `exp(x_i) / sum_j exp(x_j)`, without
    /// subtracting the maximum first (`CUDNN_SOFTMAX_FAST`): it overflows
    /// where `exp(x)` does (for `x` above about 709 in `f64`, 88 in `f32`).
    Fast,
    /// Softmax with the group's maximum subtracted from every element
    /// before `exp`, which changes nothing mathematically and avoids
    /// overflow (`CUDNN_SOFTMAX_ACCURATE`).
    Accurate,
    /// Log-softmax, `x_i - max - log(sum_j exp(x_j - max))`
    /// (`CUDNN_SOFTMAX_LOG`).
    Log,
}

/// Which elements are normalised together (cuDNN's `cudnnSoftmaxMode_t`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SoftmaxMode {
    /// All `c * spatial_len` elements of each image
    /// (`CUDNN_SOFTMAX_MODE_INSTANCE`).
    Instance,
    /// The `c` channels of each image's spatial position
    /// (`CUDNN_SOFTMAX_MODE_CHANNEL`).
    Channel,
}

/// The groups of indices normalised together, each in ascending order.
fn groups(mode: SoftmaxMode, n: usize, c: usize, spatial_len: usize) -> Vec<Vec<usize>> {
    let mut groups = Vec::new();
    for ni in 0..n {
        match mode {
            SoftmaxMode::Instance => {
                let start = ni * c * spatial_len;
                groups.push((start..start + c * spatial_len).collect());
            }
            SoftmaxMode::Channel => {
                for si in 0..spatial_len {
                    groups.push((0..c).map(|ci| (ni * c + ci) * spatial_len + si).collect());
                }
            }
        }
    }
    groups
}

fn check_shape<T>(name: &str, data: &[T], n: usize, c: usize, spatial_len: usize) {
    assert!(
        n > 0 && c > 0 && spatial_len > 0,
        "softmax needs n, c and spatial_len of at least 1 (got {n}, {c} and {spatial_len})"
    );
    assert_eq!(
        data.len(),
        n * c * spatial_len,
        "{name} has {} elements but n {n} * c {c} * spatial_len {spatial_len} is {}",
        data.len(),
        n * c * spatial_len
    );
}

/// The forward softmax or log-softmax (cuDNN's `cudnnSoftmaxForward` with
/// `alpha = 1`, `beta = 0`).
///
/// # Panics
///
/// If `n`, `c` or `spatial_len` is 0, or `x` does not have
/// `n * c * spatial_len` elements.
pub fn forward<T: Scalar>(
    algo: SoftmaxAlgo,
    mode: SoftmaxMode,
    n: usize,
    c: usize,
    spatial_len: usize,
    x: &[T],
) -> Vec<T> {
    check_shape("x", x, n, c, spatial_len);
    let x: Vec<f64> = x.iter().map(|v| v.to_f64()).collect();
    let mut y = vec![0.0; x.len()];
    for group in groups(mode, n, c, spatial_len) {
        let max = group
            .iter()
            .map(|&i| x[i])
            .fold(f64::NEG_INFINITY, f64::max);
        match algo {
            SoftmaxAlgo::Fast => {
                let sum: f64 = group.iter().map(|&i| x[i].exp()).sum();
                for &i in &group {
                    y[i] = x[i].exp() / sum;
                }
            }
            SoftmaxAlgo::Accurate => {
                let sum: f64 = group.iter().map(|&i| (x[i] - max).exp()).sum();
                for &i in &group {
                    y[i] = (x[i] - max).exp() / sum;
                }
            }
            SoftmaxAlgo::Log => {
                let log_sum = group.iter().map(|&i| (x[i] - max).exp()).sum::<f64>().ln();
                for &i in &group {
                    y[i] = x[i] - max - log_sum;
                }
            }
        }
    }
    y.into_iter().map(T::from_f64).collect()
}

/// The gradient of `sum(y * dy)` with respect to `x`, computed from the
/// forward output `y` (cuDNN's `cudnnSoftmaxBackward` with `alpha = 1`,
/// `beta = 0`), in each group:
///
/// * softmax ([`Fast`](SoftmaxAlgo::Fast), [`Accurate`](SoftmaxAlgo::Accurate)):
///   `dx_i = y_i * (dy_i - sum_j dy_j * y_j)`;
/// * log-softmax ([`Log`](SoftmaxAlgo::Log)): `dx_i = dy_i - exp(y_i) * sum_j dy_j`.
///
/// # Panics
///
/// If `n`, `c` or `spatial_len` is 0, or `y` or `dy` does not have
/// `n * c * spatial_len` elements.
pub fn backward<T: Scalar>(
    algo: SoftmaxAlgo,
    mode: SoftmaxMode,
    n: usize,
    c: usize,
    spatial_len: usize,
    y: &[T],
    dy: &[T],
) -> Vec<T> {
    check_shape("y", y, n, c, spatial_len);
    check_shape("dy", dy, n, c, spatial_len);
    let y: Vec<f64> = y.iter().map(|v| v.to_f64()).collect();
    let dy: Vec<f64> = dy.iter().map(|v| v.to_f64()).collect();
    let mut dx = vec![0.0; y.len()];
    for group in groups(mode, n, c, spatial_len) {
        match algo {
            SoftmaxAlgo::Fast | SoftmaxAlgo::Accurate => {
                let dot: f64 = group.iter().map(|&i| dy[i] * y[i]).sum();
                for &i in &group {
                    dx[i] = y[i] * (dy[i] - dot);
                }
            }
            SoftmaxAlgo::Log => {
                let sum: f64 = group.iter().map(|&i| dy[i]).sum();
                for &i in &group {
                    dx[i] = dy[i] - y[i].exp() * sum;
                }
            }
        }
    }
    dx.into_iter().map(T::from_f64).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: &[f64], b: &[f64]) -> bool {
        a.len() == b.len() && a.iter().zip(b).all(|(a, b)| (a - b).abs() < 1e-12)
    }

    #[test]
    fn groups_by_mode() {
        // n 2, c 2, spatial 3.
        let instance = groups(SoftmaxMode::Instance, 2, 2, 3);
        assert_eq!(instance, [vec![0, 1, 2, 3, 4, 5], vec![6, 7, 8, 9, 10, 11]]);
        let channel = groups(SoftmaxMode::Channel, 2, 2, 3);
        assert_eq!(channel.len(), 6);
        assert_eq!(channel[0], [0, 3]);
        assert_eq!(channel[2], [2, 5]);
        assert_eq!(channel[4], [7, 10]);
    }

    #[test]
    fn values_by_hand() {
        let ln2 = 2f64.ln();
        // Two equal elements: 1/2 each; with one more e-fold: 1/(1+e) and e/(1+e).
        let x = [ln2, ln2, 0.0, 1.0];
        let e = 1f64.exp();
        let expected = [0.5, 0.5, 1.0 / (1.0 + e), e / (1.0 + e)];
        for algo in [SoftmaxAlgo::Fast, SoftmaxAlgo::Accurate] {
            let y = forward(algo, SoftmaxMode::Instance, 2, 2, 1, &x);
            assert!(close(&y, &expected), "{algo:?}: {y:?}");
        }
        let y = forward(SoftmaxAlgo::Log, SoftmaxMode::Instance, 2, 2, 1, &x);
        assert!(close(&y, &expected.map(f64::ln)), "{y:?}");
        // Instance over everything: four elements [ln 2, ln 2, 0, 1]
        // sum to 4 + 1 + e.
        let y = forward(SoftmaxAlgo::Accurate, SoftmaxMode::Instance, 1, 4, 1, &x);
        let total = 5.0 + e;
        assert!(close(
            &y,
            &[2.0 / total, 2.0 / total, 1.0 / total, e / total]
        ));
    }

    #[test]
    fn accurate_survives_what_fast_overflows() {
        let x = [1000.0f64, 1000.0];
        let y = forward(SoftmaxAlgo::Accurate, SoftmaxMode::Channel, 1, 2, 1, &x);
        assert_eq!(y, [0.5, 0.5]);
        let y = forward(SoftmaxAlgo::Fast, SoftmaxMode::Channel, 1, 2, 1, &x);
        assert!(y.iter().all(|v| v.is_nan()));
        let y = forward(SoftmaxAlgo::Log, SoftmaxMode::Channel, 1, 2, 1, &x);
        assert_eq!(y, [-(2f64.ln()); 2]);
    }

    #[test]
    fn backward_matches_central_differences() {
        // n 1, c 3, spatial 2, channel mode; loss = sum(y * dy).
        let x = [0.3, -1.2, 0.8, 0.1, 2.0, -0.4];
        let dy = [1.0, -2.0, 0.5, 0.25, 3.0, -1.0];
        let h = 1e-6;
        for algo in [SoftmaxAlgo::Accurate, SoftmaxAlgo::Log] {
            for mode in [SoftmaxMode::Instance, SoftmaxMode::Channel] {
                let loss = |x: &[f64]| -> f64 {
                    let y = forward(algo, mode, 1, 3, 2, x);
                    y.iter().zip(&dy).map(|(a, b)| a * b).sum()
                };
                let y = forward(algo, mode, 1, 3, 2, &x);
                let dx = backward(algo, mode, 1, 3, 2, &y, &dy);
                for i in 0..x.len() {
                    let (mut plus, mut minus) = (x, x);
                    plus[i] += h;
                    minus[i] -= h;
                    let numeric = (loss(&plus) - loss(&minus)) / (2.0 * h);
                    assert!(
                        (numeric - dx[i]).abs() < 1e-8,
                        "{algo:?} {mode:?} x[{i}]: {numeric} vs {}",
                        dx[i]
                    );
                }
            }
        }
    }

    #[test]
    fn element_types_round_once() {
        let y = forward(
            SoftmaxAlgo::Accurate,
            SoftmaxMode::Instance,
            1,
            3,
            1,
            &[0.0f32; 3],
        );
        assert_eq!(y, [(1.0f64 / 3.0) as f32; 3]);
    }

    #[test]
    #[should_panic(expected = "dy has 5 elements but n 1 * c 3 * spatial_len 2 is 6")]
    fn wrong_length_panics() {
        backward(
            SoftmaxAlgo::Log,
            SoftmaxMode::Channel,
            1,
            3,
            2,
            &[0.0; 6],
            &[0.0; 5],
        );
    }
}
