//! Cross-channel local response normalisation (LRN) on the CPU: forward and
//! backward, as cuDNN's `cudnnLRNCrossChannelForward` and
//! `cudnnLRNCrossChannelBackward` (`CUDNN_LRN_CROSS_CHANNEL_DIM1`) define it.
//!
//! `x`, `y`, `dy` and `dx` are dense, row-major, channel-first tensors of
//! `n * c * spatial_len` elements: `(n, c, spatial...)` with the spatial
//! dimensions flattened into `spatial_len`. For channel `i` of each image
//! and spatial position,
//!
//! ```text
//! y_i = x_i / s_i^beta,   s_i = k + (alpha / n_lrn) * sum_{j in W(i)} x_j^2
//! W(i) = [i - floor((n_lrn - 1) / 2), i + n_lrn - 1 - floor((n_lrn - 1) / 2)]
//!        clipped to the channels 0 .. c
//! ```
//!
//! These are cuDNN's conventions, from its headers and its documentation of
//! `cudnnSetLRNDescriptor`: the window is `[center - lookBehind, center +
//! lookAhead]` with `lookBehind = floor((lrnN - 1) / 2)` and `lookAhead =
//! lrnN - lookBehind - 1` (so an even `lrnN` looks one channel further ahead
//! than behind), and `lrnAlpha` "is divided by the window width" inside the
//! library — the divisor is `lrnN` itself, also where the window is clipped
//! at the first or last channels (the same convention as Caffe's). cuDNN
//! accepts `1 <= lrnN <= 16`, `lrnK >= 1e-5` and `lrnBeta >= 0.01`.
//!
//! Everything is computed in `f64` and rounded to the element type once.
//!
//! ```
//! use cudnn_reference::lrn;
//!
//! // n_lrn 1: each element is normalised by itself alone,
//! // y = x / (k + alpha * x^2)^beta; with k 1, alpha 3, beta 1/2: x / 2 at x = 1.
//! let y = lrn::forward(1, 3.0, 0.5, 1.0, 1, 1, 1, &[1.0f64]);
//! assert_eq!(y, [0.5]);
//! ```

use std::ops::Range;

use super::conv::Scalar;

/// The channels in the window of channel `center` among `channels`:
/// `center - floor((n_lrn - 1) / 2) ..= center + n_lrn - 1 - floor((n_lrn - 1) / 2)`,
/// clipped to `0 .. channels`.
///
/// # Panics
///
/// If `n_lrn` is 0.
pub fn window(n_lrn: usize, center: usize, channels: usize) -> Range<usize> {
    assert!(n_lrn > 0, "the LRN window n_lrn must be at least 1");
    let behind = (n_lrn - 1) / 2;
    let ahead = n_lrn - 1 - behind;
    center.saturating_sub(behind)..(center + ahead + 1).min(channels)
}

fn check_shape<T>(name: &str, data: &[T], n: usize, c: usize, spatial_len: usize) {
    assert!(
        n > 0 && c > 0 && spatial_len > 0,
        "LRN needs n, c and spatial_len of at least 1 (got {n}, {c} and {spatial_len})"
    );
    assert_eq!(
        data.len(),
        n * c * spatial_len,
        "{name} has {} elements but n {n} * c {c} * spatial_len {spatial_len} is {}",
        data.len(),
        n * c * spatial_len
    );
}

/// `s_i = k + alpha / n_lrn * sum_{j in W(i)} x_j^2` for every element.
fn scales(
    n_lrn: usize,
    alpha: f64,
    k: f64,
    (n, c, spatial_len): (usize, usize, usize),
    x: &[f64],
) -> Vec<f64> {
    let mut s = vec![0.0; x.len()];
    for ni in 0..n {
        for si in 0..spatial_len {
            let at = |ci: usize| (ni * c + ci) * spatial_len + si;
            for ci in 0..c {
                let sum: f64 = window(n_lrn, ci, c).map(|j| x[at(j)] * x[at(j)]).sum();
                s[at(ci)] = k + alpha / n_lrn as f64 * sum;
            }
        }
    }
    s
}

/// The forward LRN, `y_i = x_i / s_i^beta` (cuDNN's
/// `cudnnLRNCrossChannelForward` with `alpha = 1`, `beta = 0`; the
/// parameters `n_lrn`, `alpha`, `beta` and `k` are the descriptor's `lrnN`,
/// `lrnAlpha`, `lrnBeta` and `lrnK`).
///
/// # Panics
///
/// If `n_lrn`, `n`, `c` or `spatial_len` is 0, or `x` does not have
/// `n * c * spatial_len` elements.
// The argument list is cuDNN's own; bundling it would only obscure it.
#[allow(clippy::too_many_arguments)]
pub fn forward<T: Scalar>(
    n_lrn: usize,
    alpha: f64,
    beta: f64,
    k: f64,
    n: usize,
    c: usize,
    spatial_len: usize,
    x: &[T],
) -> Vec<T> {
    check_shape("x", x, n, c, spatial_len);
    let x: Vec<f64> = x.iter().map(|v| v.to_f64()).collect();
    let s = scales(n_lrn, alpha, k, (n, c, spatial_len), &x);
    x.iter()
        .zip(&s)
        .map(|(&x, &s)| T::from_f64(x / s.powf(beta)))
        .collect()
}

/// The gradient of `sum(y * dy)` with respect to `x`, for `y = lrn(x)`
/// (cuDNN's `cudnnLRNCrossChannelBackward` with `alpha = 1`, `beta = 0`):
/// the exact derivative,
///
/// ```text
/// dx_j = dy_j * s_j^-beta
///        - 2 * beta * (alpha / n_lrn) * x_j * sum_{i : j in W(i)} dy_i * x_i * s_i^(-beta-1)
/// ```
///
/// computed from `x` in `f64`; `y` is taken, as cuDNN takes it, but only its
/// length is checked.
///
/// # Panics
///
/// If `n_lrn`, `n`, `c` or `spatial_len` is 0, or `x`, `y` or `dy` does not
/// have `n * c * spatial_len` elements.
// The argument list is cuDNN's own; bundling it would only obscure it.
#[allow(clippy::too_many_arguments)]
pub fn backward<T: Scalar>(
    n_lrn: usize,
    alpha: f64,
    beta: f64,
    k: f64,
    n: usize,
    c: usize,
    spatial_len: usize,
    x: &[T],
    y: &[T],
    dy: &[T],
) -> Vec<T> {
    check_shape("x", x, n, c, spatial_len);
    check_shape("y", y, n, c, spatial_len);
    check_shape("dy", dy, n, c, spatial_len);
    let x: Vec<f64> = x.iter().map(|v| v.to_f64()).collect();
    let dy: Vec<f64> = dy.iter().map(|v| v.to_f64()).collect();
    let s = scales(n_lrn, alpha, k, (n, c, spatial_len), &x);
    let mut dx = vec![0.0; x.len()];
    for ni in 0..n {
        for si in 0..spatial_len {
            let at = |ci: usize| (ni * c + ci) * spatial_len + si;
            // y_i depends on x_j for every j in W(i): spread each i's share
            // to its window.
            for i in 0..c {
                let (x_i, s_i, dy_i) = (x[at(i)], s[at(i)], dy[at(i)]);
                dx[at(i)] += dy_i / s_i.powf(beta);
                let share = -2.0 * beta * alpha / n_lrn as f64 * dy_i * x_i / s_i.powf(beta + 1.0);
                for j in window(n_lrn, i, c) {
                    dx[at(j)] += share * x[at(j)];
                }
            }
        }
    }
    dx.into_iter().map(T::from_f64).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_follow_look_behind_and_look_ahead() {
        // n_lrn 5: two behind, two ahead.
        assert_eq!(window(5, 0, 8), 0..3);
        assert_eq!(window(5, 4, 8), 2..7);
        assert_eq!(window(5, 7, 8), 5..8);
        // n_lrn 4: one behind, two ahead (lrnN 10 spans [k-4, k+5]).
        assert_eq!(window(4, 3, 8), 2..6);
        assert_eq!(window(10, 5, 20), 1..11);
        assert_eq!(window(1, 3, 8), 3..4);
        assert_eq!(window(3, 0, 1), 0..1);
    }

    #[test]
    fn forward_by_hand() {
        // One position, three channels [1, 2, 3], n_lrn 3, alpha 3 (so
        // alpha / n_lrn = 1), k 1, beta 1: s = 1 + [1+4, 1+4+9, 4+9].
        let y = forward(3, 3.0, 1.0, 1.0, 1, 3, 1, &[1.0f64, 2.0, 3.0]);
        assert_eq!(y, [1.0 / 6.0, 2.0 / 15.0, 3.0 / 14.0]);
        // Channel-first with two positions: the positions do not mix.
        let x = [1.0f64, 10.0, 2.0, 20.0, 3.0, 30.0];
        let y = forward(3, 3.0, 1.0, 1.0, 1, 3, 2, &x);
        assert_eq!([y[0], y[2], y[4]], [1.0 / 6.0, 2.0 / 15.0, 3.0 / 14.0]);
        assert_eq!(y[1], 10.0 / 501.0);
        // beta 0 is the identity; alpha 0 divides by k^beta.
        assert_eq!(
            forward(5, 1.0, 0.0, 2.0, 1, 3, 1, &[1.0, 2.0, 3.0]),
            [1.0, 2.0, 3.0]
        );
        assert_eq!(forward(5, 0.0, 2.0, 2.0, 1, 2, 1, &[1.0, 2.0]), [0.25, 0.5]);
    }

    #[test]
    fn backward_matches_central_differences() {
        let (n, c, spatial_len) = (2, 5, 3);
        let x: Vec<f64> = (0..n * c * spatial_len)
            .map(|i| ((i * 7) % 13) as f64 / 4.0 - 1.5)
            .collect();
        let dy: Vec<f64> = (0..x.len())
            .map(|i| ((i * 5) % 11) as f64 / 3.0 - 1.7)
            .collect();
        let h = 1e-6;
        for (n_lrn, alpha, beta, k) in [(3, 0.5, 0.75, 2.0), (4, 1.2, 0.6, 1.0), (5, 2.0, 1.3, 0.5)]
        {
            let loss = |x: &[f64]| -> f64 {
                let y = forward(n_lrn, alpha, beta, k, n, c, spatial_len, x);
                y.iter().zip(&dy).map(|(a, b)| a * b).sum()
            };
            let y = forward(n_lrn, alpha, beta, k, n, c, spatial_len, &x);
            let dx = backward(n_lrn, alpha, beta, k, n, c, spatial_len, &x, &y, &dy);
            for i in 0..x.len() {
                let (mut plus, mut minus) = (x.clone(), x.clone());
                plus[i] += h;
                minus[i] -= h;
                let numeric = (loss(&plus) - loss(&minus)) / (2.0 * h);
                assert!(
                    (numeric - dx[i]).abs() < 1e-7,
                    "n_lrn {n_lrn} x[{i}]: {numeric} vs {}",
                    dx[i]
                );
            }
        }
    }

    #[test]
    #[should_panic(expected = "n_lrn must be at least 1")]
    fn zero_window_panics() {
        forward(0, 1.0, 1.0, 1.0, 1, 1, 1, &[1.0f64]);
    }

    #[test]
    #[should_panic(expected = "x has 5 elements but n 1 * c 3 * spatial_len 2 is 6")]
    fn wrong_length_panics() {
        forward(3, 1.0, 1.0, 1.0, 1, 3, 2, &[1.0f64; 5]);
    }
}
