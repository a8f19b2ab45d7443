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
//! # The back-to-back (B2B) variant
//!
//! `cudnnB2BCausalConv1dForward` / `Backward` (cuDNN 9.24, the fused
//! Hyena-SE block): a projection convolution over `x` (`[B, D, 3, L]`, three
//! interleaved channels per `d`, so `[B, 3 D, L]` for the convolution) with
//! `w_proj` (`[D, 3, Kp]`, so `[3 D, Kp]`), a gate, a mixer convolution with
//! `w_mixer` (`[D, Km]`) and a skip term, no bias and no activation:
//!
//! ```text
//! p_c[b, d] = causal_conv(x[b, d, c], w_proj[d, c])        c = 0, 1, 2
//! g         = p_1 * p_2
//! y         = causal_conv(g, w_mixer) + skip_bias[d] * g   [B, D, L]
//! y_gated   = y * p_0                                      [B, D, L]
//! ```
//!
//! [`b2b_forward`] returns both `y` (which cuDNN keeps for the backward)
//! and `y_gated`; [`b2b_backward`] takes the stored `y` and the gradient of
//! `y_gated`, as cuDNN's backward does. `causal_conv1d.json`'s `b2b`
//! section records NVIDIA's PyTorch reference (cudnn-frontend's B2B sample)
//! with its gradients by autograd.
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

/// The dimensions of the back-to-back convolution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct B2bShape {
    /// Batch size `B`.
    pub batch: usize,
    /// Channels `D` of the output (`3 D` of the input).
    pub dim: usize,
    /// Sequence length `L`.
    pub seq_len: usize,
    /// Taps of the projection filters, `Kp`.
    pub kernel_size_proj: usize,
    /// Taps of the mixer filters, `Km`.
    pub kernel_size_mixer: usize,
}

impl B2bShape {
    /// The projection as a causal convolution over `3 D` channels.
    fn proj(&self) -> CausalConv1dShape {
        CausalConv1dShape {
            batch: self.batch,
            dim: 3 * self.dim,
            seq_len: self.seq_len,
            kernel_size: self.kernel_size_proj,
        }
    }

    /// The mixer as a causal convolution over `D` channels.
    fn mixer(&self) -> CausalConv1dShape {
        CausalConv1dShape {
            batch: self.batch,
            dim: self.dim,
            seq_len: self.seq_len,
            kernel_size: self.kernel_size_mixer,
        }
    }

    /// Elements of `x` and `dx`: `B * D * 3 * L`.
    pub fn x_len(&self) -> usize {
        3 * self.y_len()
    }

    /// Elements of `y`, `y_gated` and `dy`: `B * D * L`.
    pub fn y_len(&self) -> usize {
        self.batch * self.dim * self.seq_len
    }

    /// Elements of `w_proj` and its gradient: `D * 3 * Kp`.
    pub fn w_proj_len(&self) -> usize {
        3 * self.dim * self.kernel_size_proj
    }

    /// Elements of `w_mixer` and its gradient: `D * Km`.
    pub fn w_mixer_len(&self) -> usize {
        self.dim * self.kernel_size_mixer
    }

    /// The projection's checks (a zero dimension, overflow, the slices'
    /// lengths) and the mixer's width.
    fn check(&self, slices: &[(&str, usize, usize)]) -> Result<(), String> {
        let s = self;
        if s.kernel_size_mixer == 0 {
            return Err(format!("a dimension is 0: {s:?}"));
        }
        s.dim
            .checked_mul(3)
            .and(s.dim.checked_mul(s.kernel_size_mixer))
            .ok_or_else(|| format!("sizes overflow: {s:?}"))?;
        s.proj().check(slices)
    }
}

/// The outputs of [`b2b_forward`].
#[derive(Debug, Clone, PartialEq)]
pub struct B2bOutputs {
    /// The mixer and skip output, `[B, D, L]`, kept for the backward.
    pub y: Vec<f64>,
    /// The final output `y * p_0`, `[B, D, L]`.
    pub y_gated: Vec<f64>,
}

/// The gradients of [`b2b_backward`].
#[derive(Debug, Clone, PartialEq)]
pub struct B2bGrads {
    /// `[B, D, 3, L]`.
    pub dx: Vec<f64>,
    /// `[D, 3, Kp]`.
    pub dw_proj: Vec<f64>,
    /// `[D, Km]`.
    pub dw_mixer: Vec<f64>,
    /// `[D]`.
    pub dskip_bias: Vec<f64>,
}

/// The three projections `p_0`, `p_1`, `p_2` (each `[B, D, L]`) of
/// `x` (`[B, D, 3, L]`).
fn b2b_projections(x: &[f64], w_proj: &[f64], s: &B2bShape) -> [Vec<f64>; 3] {
    let ps = s.proj();
    let zero = vec![0.0; ps.dim];
    let proj = pre_activation(x, w_proj, &zero, &ps);
    let l = s.seq_len;
    let mut out = [
        vec![0.0; s.y_len()],
        vec![0.0; s.y_len()],
        vec![0.0; s.y_len()],
    ];
    // Row (b, d, c) of `proj` is row 3 (b D + d) + c.
    for (row, r) in proj.chunks(l).enumerate() {
        out[row % 3][row / 3 * l..][..l].copy_from_slice(r);
    }
    out
}

/// `y = causal_conv(g, w_mixer) + skip_bias * g`.
fn b2b_mix(g: &[f64], w_mixer: &[f64], skip_bias: &[f64], s: &B2bShape) -> Vec<f64> {
    let ms = s.mixer();
    let zero = vec![0.0; s.dim];
    let mut y = pre_activation(g, w_mixer, &zero, &ms);
    for (row, (yr, gr)) in y.chunks_mut(s.seq_len).zip(g.chunks(s.seq_len)).enumerate() {
        let skip = skip_bias[row % s.dim];
        for (yt, gt) in yr.iter_mut().zip(gr) {
            *yt += skip * gt;
        }
    }
    y
}

/// The back-to-back convolution: `y` and `y_gated`, each `[B, D, L]`.
///
/// # Errors
/// A zero dimension or a slice of the wrong length.
pub fn b2b_forward(
    x: &[f64],
    w_proj: &[f64],
    w_mixer: &[f64],
    skip_bias: &[f64],
    shape: &B2bShape,
) -> Result<B2bOutputs, String> {
    shape.check(&[
        ("x", x.len(), shape.x_len()),
        ("w_proj", w_proj.len(), shape.w_proj_len()),
        ("w_mixer", w_mixer.len(), shape.w_mixer_len()),
        ("skip_bias", skip_bias.len(), shape.dim),
    ])?;
    let [p0, p1, p2] = b2b_projections(x, w_proj, shape);
    let g: Vec<f64> = p1.iter().zip(&p2).map(|(a, b)| a * b).collect();
    let y = b2b_mix(&g, w_mixer, skip_bias, shape);
    let y_gated = y.iter().zip(&p0).map(|(a, b)| a * b).collect();
    Ok(B2bOutputs { y, y_gated })
}

/// The gradients of `sum(dy * y_gated)` with respect to `x`, `w_proj`,
/// `w_mixer` and `skip_bias`, reading the stored `y` (as cuDNN's backward
/// does, not recomputing it) for the gradient of `p_0`.
///
/// # Errors
/// A zero dimension or a slice of the wrong length.
pub fn b2b_backward(
    x: &[f64],
    w_proj: &[f64],
    w_mixer: &[f64],
    skip_bias: &[f64],
    y: &[f64],
    dy: &[f64],
    shape: &B2bShape,
) -> Result<B2bGrads, String> {
    shape.check(&[
        ("x", x.len(), shape.x_len()),
        ("w_proj", w_proj.len(), shape.w_proj_len()),
        ("w_mixer", w_mixer.len(), shape.w_mixer_len()),
        ("skip_bias", skip_bias.len(), shape.dim),
        ("y", y.len(), shape.y_len()),
        ("dy", dy.len(), shape.y_len()),
    ])?;
    let (l, dim) = (shape.seq_len, shape.dim);
    let [p0, p1, p2] = b2b_projections(x, w_proj, shape);
    let g: Vec<f64> = p1.iter().zip(&p2).map(|(a, b)| a * b).collect();
    // y_gated = y * p0.
    let dp0: Vec<f64> = dy.iter().zip(y).map(|(a, b)| a * b).collect();
    let d_y: Vec<f64> = dy.iter().zip(&p0).map(|(a, b)| a * b).collect();
    // y = causal_conv(g, w_mixer) + skip * g.
    let zero = vec![0.0; dim];
    let mix = backward(
        &g,
        w_mixer,
        &zero,
        &d_y,
        &shape.mixer(),
        Activation::Identity,
    )?;
    let mut dg = mix.dx;
    let mut dskip_bias = vec![0.0; dim];
    for (row, ((dgr, dyr), gr)) in dg
        .chunks_mut(l)
        .zip(d_y.chunks(l))
        .zip(g.chunks(l))
        .enumerate()
    {
        let d = row % dim;
        for ((dgt, &dyt), &gt) in dgr.iter_mut().zip(dyr).zip(gr) {
            *dgt += skip_bias[d] * dyt;
            dskip_bias[d] += dyt * gt;
        }
    }
    // g = p1 * p2, the three projections interleaved again.
    let mut dproj = vec![0.0; shape.x_len()];
    for row in 0..shape.batch * dim {
        for t in 0..l {
            let i = row * l + t;
            let base = 3 * row * l + t;
            dproj[base] = dp0[i];
            dproj[base + l] = dg[i] * p2[i];
            dproj[base + 2 * l] = dg[i] * p1[i];
        }
    }
    let ps = shape.proj();
    let zero3 = vec![0.0; ps.dim];
    let proj = backward(x, w_proj, &zero3, &dproj, &ps, Activation::Identity)?;
    Ok(B2bGrads {
        dx: proj.dx,
        dw_proj: proj.dw,
        dw_mixer: mix.dw,
        dskip_bias,
    })
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
    fn b2b_by_hand() {
        // One channel, K = 2 both: p_c[t] = a_c x_c[t-1] + c_c x_c[t].
        let s = B2bShape {
            batch: 1,
            dim: 1,
            seq_len: 2,
            kernel_size_proj: 2,
            kernel_size_mixer: 2,
        };
        // x[c] = [1, 2] for every c; w_proj[c] = [0, 1] (identity), [1, 1], [0, 2].
        let x = [1.0, 2.0, 1.0, 2.0, 1.0, 2.0];
        let wp = [0.0, 1.0, 1.0, 1.0, 0.0, 2.0];
        // p0 = [1, 2], p1 = [1, 3], p2 = [2, 4]: g = [2, 12].
        // y = [0.5 * g[t-1] + 1 * g[t]] + 3 g = [8, 49]; y_gated = [8, 98].
        let out = b2b_forward(&x, &wp, &[0.5, 1.0], &[3.0], &s).unwrap();
        assert_eq!(out.y, vec![8.0, 49.0]);
        assert_eq!(out.y_gated, vec![8.0, 98.0]);
    }

    #[test]
    fn b2b_backward_matches_finite_differences() {
        let s = B2bShape {
            batch: 2,
            dim: 2,
            seq_len: 5,
            kernel_size_proj: 3,
            kernel_size_mixer: 7,
        };
        let v = |n: usize, seed: f64| -> Vec<f64> {
            (0..n).map(|i| ((i as f64 + seed) * 0.7).sin()).collect()
        };
        let x = v(s.x_len(), 1.0);
        let wp = v(s.w_proj_len(), 2.0);
        let wm = v(s.w_mixer_len(), 3.0);
        let sb = v(s.dim, 4.0);
        let dy = v(s.y_len(), 5.0);
        let y = b2b_forward(&x, &wp, &wm, &sb, &s).unwrap().y;
        let g = b2b_backward(&x, &wp, &wm, &sb, &y, &dy, &s).unwrap();
        let loss = |x: &[f64], wp: &[f64], wm: &[f64], sb: &[f64]| -> f64 {
            let out = b2b_forward(x, wp, wm, sb, &s).unwrap();
            out.y_gated.iter().zip(&dy).map(|(a, c)| a * c).sum()
        };
        let h = 1e-6;
        let fd = |f: &dyn Fn(f64) -> f64| (f(h) - f(-h)) / (2.0 * h);
        let bumped = |v: &[f64], i: usize, e: f64| {
            let mut v = v.to_vec();
            v[i] += e;
            v
        };
        for i in 0..s.x_len() {
            let d = fd(&|e| loss(&bumped(&x, i, e), &wp, &wm, &sb));
            assert!((d - g.dx[i]).abs() < 1e-6, "dx[{i}]: {d} vs {}", g.dx[i]);
        }
        for i in 0..s.w_proj_len() {
            let d = fd(&|e| loss(&x, &bumped(&wp, i, e), &wm, &sb));
            assert!((d - g.dw_proj[i]).abs() < 1e-6, "dw_proj[{i}]");
        }
        for i in 0..s.w_mixer_len() {
            let d = fd(&|e| loss(&x, &wp, &bumped(&wm, i, e), &sb));
            assert!((d - g.dw_mixer[i]).abs() < 1e-6, "dw_mixer[{i}]");
        }
        for i in 0..s.dim {
            let d = fd(&|e| loss(&x, &wp, &wm, &bumped(&sb, i, e)));
            assert!((d - g.dskip_bias[i]).abs() < 1e-6, "dskip_bias[{i}]");
        }
        let short = b2b_backward(&x, &wp, &wm, &sb, &y[1..], &dy, &s);
        assert!(short.unwrap_err().contains("`y`"));
    }

    #[test]
    fn transposes_round_trip() {
        let a: Vec<f64> = (0..24).map(f64::from).collect();
        let t = transpose_last_two(&a, 2, 3, 4);
        assert_eq!(t[1], 4.0); // [0][c=0][r=1] = a[0][1][0]
        assert_eq!(transpose_last_two(&t, 2, 4, 3), a);
    }
}
