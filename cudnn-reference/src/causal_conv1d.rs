//! Causal depthwise 1D convolution (the short convolution of Mamba- and
//! Hyena-style models) and its gradients, as cuDNN 9's
//! `cudnnCausalConv1dForward` / `cudnnCausalConv1dBackward`
//! (`cudnn_subquadratic_ops.h`) compute them.
//!
//! # Layout
//!
//! - `x`, `y`, `dy`, `dx`: `[B, D, L]` packed (batch, channel, time),
//!   `x[(b * D + d) * L + t]`;
//! - `w`, `dw`: `[D, K]` packed, one filter of `K` taps per channel;
//! - `bias`, `dbias`: `[D]`.
//!
//! The channels-last variant (`cudnnCausalConv1dNwh*`: `x` as `[B, L, D]`,
//! `w` as `[K, D]`) is the same operation on transposed data:
//! [`transpose_last_two`] converts.
//!
//! # What is computed
//!
//! With `z` the pre-activation,
//!
//! ```text
//! z[b, d, t] = bias[d] + sum_{k=0}^{K-1} w[d, k] * x[b, d, t - (K - 1) + k]
//! y = act(z)
//! ```
//!
//! with `x` zero before `t = 0` (left padding of `K - 1`, none on the
//! right) and `act` the identity or SiLU (`z * sigmoid(z)`). The header
//! writes the same sum as `sum_j x[t - j] * weight[K - 1 - j]`: the last
//! tap multiplies the current step. It is PyTorch's
//! `F.conv1d(x, w.unsqueeze(1), bias, padding=K-1, groups=D)[..., :L]`
//! (then `F.silu`), which is also the `causal-conv1d` package's
//! `causal_conv1d_ref`; `tests/fixtures/causal_conv1d.json` records it.
//!
//! The backward, with `dz = dy * act'(z)` (`act'(z) = s * (1 + z * (1 - s))`,
//! `s = sigmoid(z)`, for SiLU):
//!
//! ```text
//! dx[b, d, t]  = sum_k w[d, k] * dz[b, d, t + (K - 1) - k]   (dz zero past L - 1)
//! dw[d, k]     = sum_{b, t} dz[b, d, t] * x[b, d, t - (K - 1) + k]
//! dbias[d]     = sum_{b, t} dz[b, d, t]
//! ```
//!
//! cuDNN *adds* `dw` and `dbias` into its buffers (`atomicAdd`); these
//! functions return the gradients alone.
//!
//! # The FFT variants
//!
//! `cudnnFFTCausalConv1d*` and `cudnnLongFFTCausalConv1d*` compute the same
//! convolution without bias or activation, with each channel's taps in the
//! *reverse* order, `y[t] = sum_j x[t - j] * w[j]`: [`fft_forward`] and
//! [`fft_backward`] ([`reverse_taps`] converts the weights).
//! `causal_conv1d.json`'s `fft` section records them as PyTorch's
//! `torch.fft` computes them (zero-padded to `2 L`, multiplied, inverted).
//!
//! # Refusals
//!
//! A zero dimension or a slice whose length does not match the shape is an
//! `Err` (the GPU test hands the same shapes to cuDNN).

/// The activation applied after the convolution and bias.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Activation {
    /// None: `y = z`.
    Identity,
    /// SiLU: `y = z * sigmoid(z)`.
    Silu,
}

/// The dimensions of a causal depthwise convolution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CausalConv1dShape {
    /// Batch size `B`.
    pub batch: usize,
    /// Channels `D`.
    pub dim: usize,
    /// Sequence length `L`.
    pub seq_len: usize,
    /// Filter taps `K`.
    pub kernel_size: usize,
}

impl CausalConv1dShape {
    /// Elements of `x` (and `y`, `dy`, `dx`): `B * D * L`.
    pub fn x_len(&self) -> usize {
        self.batch * self.dim * self.seq_len
    }

    /// Elements of `w` (and `dw`): `D * K`.
    pub fn w_len(&self) -> usize {
        self.dim * self.kernel_size
    }

    fn check(&self, slices: &[(&str, usize, usize)]) -> Result<(), String> {
        let s = self;
        if s.batch == 0 || s.dim == 0 || s.seq_len == 0 || s.kernel_size == 0 {
            return Err(format!("a dimension is 0: {s:?}"));
        }
        s.batch
            .checked_mul(s.dim)
            .and_then(|n| n.checked_mul(s.seq_len))
            .and(s.dim.checked_mul(s.kernel_size))
            .ok_or_else(|| format!("sizes overflow: {s:?}"))?;
        for &(name, len, want) in slices {
            if len != want {
                return Err(format!(
                    "`{name}` has {len} elements, the shape needs {want}"
                ));
            }
        }
        Ok(())
    }
}

/// The gradients of [`backward`].
#[derive(Debug, Clone, PartialEq)]
pub struct CausalConv1dGrads {
    /// `[B, D, L]`.
    pub dx: Vec<f64>,
    /// `[D, K]`.
    pub dw: Vec<f64>,
    /// `[D]`.
    pub dbias: Vec<f64>,
}

fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

impl Activation {
    fn apply(self, z: f64) -> f64 {
        match self {
            Activation::Identity => z,
            Activation::Silu => z * sigmoid(z),
        }
    }

    fn derivative(self, z: f64) -> f64 {
        match self {
            Activation::Identity => 1.0,
            Activation::Silu => {
                let s = sigmoid(z);
                s * (1.0 + z * (1.0 - s))
            }
        }
    }
}

/// The pre-activation `z` of every `[B, D, L]` element.
fn pre_activation(x: &[f64], w: &[f64], bias: &[f64], s: &CausalConv1dShape) -> Vec<f64> {
    let (l, k) = (s.seq_len, s.kernel_size);
    let mut z = vec![0.0; s.x_len()];
    for (row, (xr, zr)) in x.chunks(l).zip(z.chunks_mut(l)).enumerate() {
        let d = row % s.dim;
        let wr = &w[d * k..][..k];
        for (t, zt) in zr.iter_mut().enumerate() {
            let mut acc = bias[d];
            for (j, &wj) in wr.iter().enumerate() {
                // Input step t - (K - 1) + j, zero before 0.
                if let Some(at) = (t + j).checked_sub(k - 1) {
                    acc += wj * xr[at];
                }
            }
            *zt = acc;
        }
    }
    z
}

/// `y = act(bias + causal_conv(x, w))`, `[B, D, L]`.
///
/// # Errors
/// A zero dimension or a slice of the wrong length.
pub fn forward(
    x: &[f64],
    w: &[f64],
    bias: &[f64],
    shape: &CausalConv1dShape,
    act: Activation,
) -> Result<Vec<f64>, String> {
    shape.check(&[
        ("x", x.len(), shape.x_len()),
        ("w", w.len(), shape.w_len()),
        ("bias", bias.len(), shape.dim),
    ])?;
    let mut y = pre_activation(x, w, bias, shape);
    for v in &mut y {
        *v = act.apply(*v);
    }
    Ok(y)
}

/// The gradients of `sum(dy * forward(x, w, bias))` with respect to `x`,
/// `w` and `bias`.
///
/// # Errors
/// A zero dimension or a slice of the wrong length.
pub fn backward(
    x: &[f64],
    w: &[f64],
    bias: &[f64],
    dy: &[f64],
    shape: &CausalConv1dShape,
    act: Activation,
) -> Result<CausalConv1dGrads, String> {
    shape.check(&[
        ("x", x.len(), shape.x_len()),
        ("w", w.len(), shape.w_len()),
        ("bias", bias.len(), shape.dim),
        ("dy", dy.len(), shape.x_len()),
    ])?;
    let (l, k) = (shape.seq_len, shape.kernel_size);
    let z = pre_activation(x, w, bias, shape);
    let dz: Vec<f64> = z
        .iter()
        .zip(dy)
        .map(|(&z, &g)| g * act.derivative(z))
        .collect();
    let mut dx = vec![0.0; shape.x_len()];
    let mut dw = vec![0.0; shape.w_len()];
    let mut dbias = vec![0.0; shape.dim];
    for (row, (xr, dzr)) in x.chunks(l).zip(dz.chunks(l)).enumerate() {
        let d = row % shape.dim;
        let dxr = &mut dx[row * l..][..l];
        for (t, &g) in dzr.iter().enumerate() {
            dbias[d] += g;
            for j in 0..k {
                if let Some(at) = (t + j).checked_sub(k - 1) {
                    dxr[at] += w[d * k + j] * g;
                    dw[d * k + j] += xr[at] * g;
                }
            }
        }
    }
    Ok(CausalConv1dGrads { dx, dw, dbias })
}

/// `w` (`[D, K]`) with every channel's taps in reverse order: the FFT
/// variants' weight layout from the direct one's, and back.
///
/// # Panics
/// When `w.len()` is not a multiple of `kernel_size`.
pub fn reverse_taps(w: &[f64], kernel_size: usize) -> Vec<f64> {
    assert!(
        kernel_size > 0 && w.len().is_multiple_of(kernel_size),
        "reverse_taps"
    );
    w.chunks(kernel_size)
        .flat_map(|taps| taps.iter().rev().copied())
        .collect()
}

/// The FFT variants' convolution (`cudnnFFTCausalConv1dForward`,
/// `cudnnLongFFTCausalConv1dForward`): no bias, no activation, and the
/// weight in the reversed layout, `y[b, d, t] = sum_j x[b, d, t - j] * w[d, j]`
/// (the first tap multiplies the current step).
///
/// # Errors
/// A zero dimension or a slice of the wrong length.
pub fn fft_forward(x: &[f64], w: &[f64], shape: &CausalConv1dShape) -> Result<Vec<f64>, String> {
    shape.check(&[("x", x.len(), shape.x_len()), ("w", w.len(), shape.w_len())])?;
    let zero = vec![0.0; shape.dim];
    forward(
        x,
        &reverse_taps(w, shape.kernel_size),
        &zero,
        shape,
        Activation::Identity,
    )
}

/// The gradients of [`fft_forward`] from `dy`: `(dx, dw)`, `dw` in the
/// reversed layout.
///
/// # Errors
/// A zero dimension or a slice of the wrong length.
pub fn fft_backward(
    x: &[f64],
    w: &[f64],
    dy: &[f64],
    shape: &CausalConv1dShape,
) -> Result<(Vec<f64>, Vec<f64>), String> {
    shape.check(&[("x", x.len(), shape.x_len()), ("w", w.len(), shape.w_len())])?;
    let zero = vec![0.0; shape.dim];
    let k = shape.kernel_size;
    let g = backward(
        x,
        &reverse_taps(w, k),
        &zero,
        dy,
        shape,
        Activation::Identity,
    )?;
    Ok((g.dx, reverse_taps(&g.dw, k)))
}

/// `data`, `outer` matrices of `rows x cols` each, with every matrix
/// transposed: `[B, D, L]` to `[B, L, D]` (`outer = B`, `rows = D`,
/// `cols = L`), or `[D, K]` to `[K, D]` (`outer = 1`).
///
/// # Panics
/// When `data.len()` is not `outer * rows * cols`.
pub fn transpose_last_two(data: &[f64], outer: usize, rows: usize, cols: usize) -> Vec<f64> {
    assert_eq!(data.len(), outer * rows * cols, "transpose_last_two");
    let mut out = vec![0.0; data.len()];
    for o in 0..outer {
        let base = o * rows * cols;
        for r in 0..rows {
            for c in 0..cols {
                out[base + c * rows + r] = data[base + r * cols + c];
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(batch: usize, dim: usize, seq_len: usize, kernel_size: usize) -> CausalConv1dShape {
        CausalConv1dShape {
            batch,
            dim,
            seq_len,
            kernel_size,
        }
    }

    #[test]
    fn the_last_tap_multiplies_the_current_step() {
        // weight = [w0, w1, w2]: y[t] = x[t-2] w0 + x[t-1] w1 + x[t] w2 + b.
        let s = shape(1, 1, 4, 3);
        let x = [1.0, 2.0, 3.0, 4.0];
        let w = [100.0, 10.0, 1.0];
        let y = forward(&x, &w, &[0.5], &s, Activation::Identity).unwrap();
        assert_eq!(y, vec![1.5, 12.5, 123.5, 234.5]);
    }

    #[test]
    fn channels_have_their_own_filters_and_batches_do_not_mix() {
        let s = shape(2, 2, 2, 2);
        // [B=2, D=2, L=2]
        let x = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0];
        let w = [1.0, 0.0, 0.0, 1.0]; // channel 0: previous step; 1: current
        let y = forward(&x, &w, &[0.0, 10.0], &s, Activation::Identity).unwrap();
        assert_eq!(y, vec![0.0, 1.0, 13.0, 14.0, 0.0, 5.0, 17.0, 18.0]);
    }

    #[test]
    fn silu_is_applied_after_the_bias() {
        let s = shape(1, 1, 1, 2);
        let y = forward(&[2.0], &[5.0, 1.0], &[-1.0], &s, Activation::Silu).unwrap();
        // z = 1: silu(1) = 1 / (1 + e^-1).
        assert!((y[0] - 1.0 / (1.0 + (-1.0f64).exp())).abs() < 1e-15);
    }

    #[test]
    fn backward_by_hand() {
        // L = 3, K = 2, w = [a, c]: y[t] = a x[t-1] + c x[t] + b.
        let s = shape(1, 1, 3, 2);
        let x = [1.0, 2.0, 3.0];
        let w = [2.0, 3.0];
        let dy = [1.0, 10.0, 100.0];
        let g = backward(&x, &w, &[0.0], &dy, &s, Activation::Identity).unwrap();
        // dx[t] = c dy[t] + a dy[t+1]
        assert_eq!(g.dx, vec![3.0 + 20.0, 30.0 + 200.0, 300.0]);
        // dw[0] = sum x[t-1] dy[t] = 1*10 + 2*100; dw[1] = sum x[t] dy[t].
        assert_eq!(g.dw, vec![210.0, 1.0 + 20.0 + 300.0]);
        assert_eq!(g.dbias, vec![111.0]);
    }

    #[test]
    fn silu_backward_matches_finite_differences() {
        let s = shape(2, 3, 5, 3);
        let v = |n: usize, seed: f64| -> Vec<f64> {
            (0..n).map(|i| ((i as f64 + seed) * 0.7).sin()).collect()
        };
        let (x, w, b, dy) = (v(s.x_len(), 1.0), v(s.w_len(), 2.0), v(3, 3.0), v(30, 4.0));
        let g = backward(&x, &w, &b, &dy, &s, Activation::Silu).unwrap();
        let loss = |x: &[f64], w: &[f64], b: &[f64]| -> f64 {
            let y = forward(x, w, b, &s, Activation::Silu).unwrap();
            y.iter().zip(&dy).map(|(a, c)| a * c).sum()
        };
        let h = 1e-6;
        let fd = |f: &dyn Fn(f64) -> f64| (f(h) - f(-h)) / (2.0 * h);
        for i in [0, 7, 29] {
            let d = fd(&|e| {
                let mut x = x.clone();
                x[i] += e;
                loss(&x, &w, &b)
            });
            assert!((d - g.dx[i]).abs() < 1e-7, "dx[{i}]");
        }
        for i in 0..s.w_len() {
            let d = fd(&|e| {
                let mut w = w.clone();
                w[i] += e;
                loss(&x, &w, &b)
            });
            assert!((d - g.dw[i]).abs() < 1e-7, "dw[{i}]");
        }
        for i in 0..3 {
            let d = fd(&|e| {
                let mut b = b.clone();
                b[i] += e;
                loss(&x, &w, &b)
            });
            assert!((d - g.dbias[i]).abs() < 1e-7, "dbias[{i}]");
        }
    }

    #[test]
    fn bad_lengths_are_refused() {
        let s = shape(1, 2, 3, 2);
        assert!(forward(&[0.0; 5], &[0.0; 4], &[0.0; 2], &s, Activation::Identity).is_err());
        assert!(forward(&[0.0; 6], &[0.0; 3], &[0.0; 2], &s, Activation::Identity).is_err());
        assert!(forward(&[0.0; 6], &[0.0; 4], &[0.0; 1], &s, Activation::Identity).is_err());
        let g = backward(
            &[0.0; 6],
            &[0.0; 4],
            &[0.0; 2],
            &[0.0; 5],
            &s,
            Activation::Silu,
        );
        assert!(g.unwrap_err().contains("`dy`"));
        let z = shape(0, 2, 3, 2);
        assert!(forward(&[], &[0.0; 4], &[0.0; 2], &z, Activation::Identity).is_err());
    }

    #[test]
    fn the_fft_layout_puts_the_current_step_first() {
        // weight = [w0, w1, w2]: y[t] = x[t] w0 + x[t-1] w1 + x[t-2] w2.
        let s = shape(1, 1, 4, 3);
        let x = [1.0, 2.0, 3.0, 4.0];
        let y = fft_forward(&x, &[1.0, 10.0, 100.0], &s).unwrap();
        assert_eq!(y, vec![1.0, 12.0, 123.0, 234.0]);
        let (dx, dw) = fft_backward(&x, &[1.0, 10.0, 100.0], &[0.0, 0.0, 0.0, 1.0], &s).unwrap();
        // Only y[3] = x[3] w0 + x[2] w1 + x[1] w2 counts.
        assert_eq!(dx, vec![0.0, 100.0, 10.0, 1.0]);
        assert_eq!(dw, vec![4.0, 3.0, 2.0]);
    }

    #[test]
    fn transposes_round_trip() {
        let a: Vec<f64> = (0..24).map(f64::from).collect();
        let t = transpose_last_two(&a, 2, 3, 4);
        assert_eq!(t[1], 4.0); // [0][c=0][r=1] = a[0][1][0]
        assert_eq!(transpose_last_two(&t, 2, 4, 3), a);
    }
}
