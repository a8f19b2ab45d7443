//! The CPU twin's operations, in `f32` like the GPU: a convolution through
//! im2col and a plain matrix product, 2×2 max pooling, ReLU's backward, the
//! log-softmax, the cross-entropy gradient and the Adam step (the last two
//! as `examples/kernels/lenet.cu` computes them).
//!
//! The `cudnn-reference` crate's operations compute the same in `f64` with
//! loops written for reading, too slow to train the twin for many seeds in
//! CI; the tests below compare each operation here with its reference.

/// A stride-1 2-D convolution (cross-correlation) with the same zero padding
/// on every side, on NCHW tensors with `(K, C, R, S)` filters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ConvShape {
    /// Input channels.
    pub c: usize,
    /// Input height and width.
    pub h: usize,
    pub w: usize,
    /// Output channels (filters).
    pub k: usize,
    /// Filter height and width.
    pub r: usize,
    pub s: usize,
    /// Zeros on each side.
    pub pad: usize,
}

impl ConvShape {
    /// The same convolution for a batch of `n`, as `cudnn-reference`
    /// describes it (the tests compare with it).
    #[cfg(test)]
    pub(crate) fn reference_geometry(&self, n: usize) -> cudnn_reference::conv::ConvGeometry {
        cudnn_reference::conv::ConvGeometry {
            batch: n,
            in_channels: self.c,
            out_channels: self.k,
            input: vec![self.h, self.w],
            kernel: vec![self.r, self.s],
            padding: vec![self.pad; 2],
            stride: vec![1, 1],
            dilation: vec![1, 1],
            groups: 1,
            cross_correlation: true,
        }
    }

    pub fn out_h(&self) -> usize {
        self.h + 2 * self.pad + 1 - self.r
    }
    pub fn out_w(&self) -> usize {
        self.w + 2 * self.pad + 1 - self.s
    }
    /// Output positions of one image and channel.
    fn positions(&self) -> usize {
        self.out_h() * self.out_w()
    }
    /// Rows of the im2col matrix: one per filter tap `(c, r, s)`.
    fn taps(&self) -> usize {
        self.c * self.r * self.s
    }
    pub fn x_len(&self, n: usize) -> usize {
        n * self.c * self.h * self.w
    }
    pub fn w_len(&self) -> usize {
        self.k * self.taps()
    }
    pub fn y_len(&self, n: usize) -> usize {
        n * self.k * self.positions()
    }
}

/// The im2col matrix of a batch: row `(c, r, s)`, column `(image, oy, ox)`,
/// holding the input element that tap meets at that output position (0 in
/// the padding).
fn im2col(g: &ConvShape, n: usize, x: &[f32]) -> Vec<f32> {
    let (oh, ow, p) = (g.out_h(), g.out_w(), g.positions());
    let row_len = n * p;
    let mut cols = vec![0.0f32; g.taps() * row_len];
    for c in 0..g.c {
        for r in 0..g.r {
            for s in 0..g.s {
                let row = (c * g.r + r) * g.s + s;
                let out = &mut cols[row * row_len..(row + 1) * row_len];
                for img in 0..n {
                    let plane = &x[(img * g.c + c) * g.h * g.w..][..g.h * g.w];
                    for oy in 0..oh {
                        let Some(iy) = (oy + r).checked_sub(g.pad).filter(|&iy| iy < g.h) else {
                            continue;
                        };
                        for ox in 0..ow {
                            if let Some(ix) = (ox + s).checked_sub(g.pad).filter(|&ix| ix < g.w) {
                                out[img * p + oy * ow + ox] = plane[iy * g.w + ix];
                            }
                        }
                    }
                }
            }
        }
    }
    cols
}

/// The adjoint of [`im2col`]: adds each column entry back to the input
/// element it was read from.
fn col2im(g: &ConvShape, n: usize, cols: &[f32]) -> Vec<f32> {
    let (oh, ow, p) = (g.out_h(), g.out_w(), g.positions());
    let row_len = n * p;
    let mut x = vec![0.0f32; g.x_len(n)];
    for c in 0..g.c {
        for r in 0..g.r {
            for s in 0..g.s {
                let row = (c * g.r + r) * g.s + s;
                let src = &cols[row * row_len..(row + 1) * row_len];
                for img in 0..n {
                    let plane = &mut x[(img * g.c + c) * g.h * g.w..][..g.h * g.w];
                    for oy in 0..oh {
                        let Some(iy) = (oy + r).checked_sub(g.pad).filter(|&iy| iy < g.h) else {
                            continue;
                        };
                        for ox in 0..ow {
                            if let Some(ix) = (ox + s).checked_sub(g.pad).filter(|&ix| ix < g.w) {
                                plane[iy * g.w + ix] += src[img * p + oy * ow + ox];
                            }
                        }
                    }
                }
            }
        }
    }
    x
}

/// `out += a * x`, element by element (vectorised by the compiler).
fn axpy(a: f32, x: &[f32], out: &mut [f32]) {
    for (o, &v) in out.iter_mut().zip(x) {
        *o += a * v;
    }
}

/// `sum(a * b)` with eight partial sums, so that the compiler can vectorise
/// it (a single running sum fixes the order of the additions).
fn dot(a: &[f32], b: &[f32]) -> f32 {
    let mut acc = [0.0f32; 8];
    let (ac, bc) = (a.chunks_exact(8), b.chunks_exact(8));
    let (ar, br) = (ac.remainder(), bc.remainder());
    for (x, y) in ac.zip(bc) {
        for i in 0..8 {
            acc[i] += x[i] * y[i];
        }
    }
    let mut sum = acc.iter().sum::<f32>();
    for (x, y) in ar.iter().zip(br) {
        sum += x * y;
    }
    sum
}

/// From NCHW `(n, k, p)` to `(k, n·p)`, the layout of the matrix products.
fn to_channel_major(y: &[f32], n: usize, k: usize, p: usize) -> Vec<f32> {
    let mut out = vec![0.0f32; y.len()];
    for img in 0..n {
        for ch in 0..k {
            out[ch * n * p + img * p..][..p].copy_from_slice(&y[(img * k + ch) * p..][..p]);
        }
    }
    out
}

/// `y = act(conv(x, w) + bias)` for a batch of `n`, NCHW (what cuDNN's
/// fused convolution-bias-activation computes with `alpha1 = 1`,
/// `alpha2 = 0`); `relu` selects ReLU, else the identity.
pub(crate) fn conv_forward(
    g: &ConvShape,
    n: usize,
    x: &[f32],
    w: &[f32],
    bias: &[f32],
    relu: bool,
) -> Vec<f32> {
    debug_assert_eq!(x.len(), g.x_len(n));
    debug_assert_eq!(w.len(), g.w_len());
    debug_assert_eq!(bias.len(), g.k);
    let (p, taps) = (g.positions(), g.taps());
    let cols = im2col(g, n, x);
    let row_len = n * p;
    let mut y = vec![0.0f32; g.y_len(n)];
    let mut acc = vec![0.0f32; row_len];
    for k in 0..g.k {
        acc.iter_mut().for_each(|v| *v = 0.0);
        for (t, &wv) in w[k * taps..(k + 1) * taps].iter().enumerate() {
            axpy(wv, &cols[t * row_len..(t + 1) * row_len], &mut acc);
        }
        for img in 0..n {
            let out = &mut y[(img * g.k + k) * p..][..p];
            for (o, &v) in out.iter_mut().zip(&acc[img * p..(img + 1) * p]) {
                let z = v + bias[k];
                *o = if relu { z.max(0.0) } else { z };
            }
        }
    }
    y
}

/// The gradients of a convolution from `dy`, the gradient of its output
/// before the activation: `(dw, dbias, dx)`, `dx` only when `need_dx`.
pub(crate) fn conv_backward(
    g: &ConvShape,
    n: usize,
    x: &[f32],
    w: &[f32],
    dy: &[f32],
    need_dx: bool,
) -> (Vec<f32>, Vec<f32>, Option<Vec<f32>>) {
    debug_assert_eq!(x.len(), g.x_len(n));
    debug_assert_eq!(dy.len(), g.y_len(n));
    let (p, taps) = (g.positions(), g.taps());
    let row_len = n * p;
    let cols = im2col(g, n, x);
    let dyc = to_channel_major(dy, n, g.k, p);
    let db: Vec<f32> = dyc
        .chunks_exact(row_len)
        .map(|row| row.iter().sum())
        .collect();
    let mut dw = vec![0.0f32; g.w_len()];
    for k in 0..g.k {
        let dyk = &dyc[k * row_len..(k + 1) * row_len];
        for t in 0..taps {
            dw[k * taps + t] = dot(dyk, &cols[t * row_len..(t + 1) * row_len]);
        }
    }
    let dx = need_dx.then(|| {
        let mut dcols = vec![0.0f32; taps * row_len];
        for t in 0..taps {
            let out = &mut dcols[t * row_len..(t + 1) * row_len];
            for k in 0..g.k {
                axpy(w[k * taps + t], &dyc[k * row_len..(k + 1) * row_len], out);
            }
        }
        col2im(g, n, &dcols)
    });
    (dw, db, dx)
}

/// 2×2 max pooling with stride 2 of `planes` planes of `h`×`w` (both
/// even). A tie goes to the first of the window in row-major order, as in
/// the reference.
pub(crate) fn max_pool_forward(planes: usize, h: usize, w: usize, x: &[f32]) -> Vec<f32> {
    let (oh, ow) = (h / 2, w / 2);
    let mut y = vec![0.0f32; planes * oh * ow];
    for (plane, out) in x.chunks_exact(h * w).zip(y.chunks_exact_mut(oh * ow)) {
        for oy in 0..oh {
            for ox in 0..ow {
                out[oy * ow + ox] = plane[window_max(plane, w, oy, ox)];
            }
        }
    }
    y
}

/// The index in `plane` (of width `w`) of the first maximum of window
/// `(oy, ox)`.
fn window_max(plane: &[f32], w: usize, oy: usize, ox: usize) -> usize {
    let mut best = 2 * oy * w + 2 * ox;
    for (dy, dx) in [(0, 1), (1, 0), (1, 1)] {
        let i = (2 * oy + dy) * w + 2 * ox + dx;
        if plane[i] > plane[best] {
            best = i;
        }
    }
    best
}

/// The gradient of [`max_pool_forward`]: each `dy` goes to its window's
/// maximum in `x`.
pub(crate) fn max_pool_backward(
    planes: usize,
    h: usize,
    w: usize,
    x: &[f32],
    dy: &[f32],
) -> Vec<f32> {
    let (oh, ow) = (h / 2, w / 2);
    let mut dx = vec![0.0f32; planes * h * w];
    for ((plane, d), out) in x
        .chunks_exact(h * w)
        .zip(dy.chunks_exact(oh * ow))
        .zip(dx.chunks_exact_mut(h * w))
    {
        for oy in 0..oh {
            for ox in 0..ow {
                out[window_max(plane, w, oy, ox)] += d[oy * ow + ox];
            }
        }
    }
    dx
}

/// ReLU's backward from its output `y`: `dy` where `y > 0`, else 0.
pub(crate) fn relu_backward(y: &[f32], dy: &[f32]) -> Vec<f32> {
    y.iter()
        .zip(dy)
        .map(|(&y, &d)| if y > 0.0 { d } else { 0.0 })
        .collect()
}

/// The log-softmax of each row of `classes` values.
pub(crate) fn log_softmax(x: &[f32], classes: usize) -> Vec<f32> {
    let mut y = vec![0.0f32; x.len()];
    for (row, out) in x.chunks_exact(classes).zip(y.chunks_exact_mut(classes)) {
        let max = row.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        let log_sum = row.iter().map(|&v| (v - max).exp()).sum::<f32>().ln();
        for (o, &v) in out.iter_mut().zip(row) {
            *o = v - max - log_sum;
        }
    }
    y
}

/// The gradient of the mean cross-entropy with respect to the logits, from
/// the log-probabilities: `(softmax - one_hot(label)) / batch`
/// (`xent_grad` in `lenet.cu`).
pub(crate) fn xent_grad(logp: &[f32], labels: &[u8], classes: usize) -> Vec<f32> {
    let scale = 1.0f32 / labels.len() as f32;
    let mut grad = vec![0.0f32; logp.len()];
    for ((row, out), &label) in logp
        .chunks_exact(classes)
        .zip(grad.chunks_exact_mut(classes))
        .zip(labels)
    {
        for (c, (o, &v)) in out.iter_mut().zip(row).enumerate() {
            let target = if c == usize::from(label) { 1.0 } else { 0.0 };
            *o = (v.exp() - target) * scale;
        }
    }
    grad
}

/// Adam's hyper-parameters, as the GPU uses them.
pub(crate) const ADAM: (f32, f32, f32) = (0.9, 0.999, 1e-8);

/// One Adam step (`adam` in `lenet.cu`); `bc1 = 1 - beta1^t`,
/// `bc2 = 1 - beta2^t`.
pub(crate) fn adam_step(
    w: &mut [f32],
    g: &[f32],
    (m, v): (&mut [f32], &mut [f32]),
    lr: f32,
    (bc1, bc2): (f32, f32),
) {
    let (beta1, beta2, eps) = ADAM;
    for i in 0..w.len() {
        let gi = g[i];
        let mi = beta1 * m[i] + (1.0 - beta1) * gi;
        let vi = beta2 * v[i] + (1.0 - beta2) * gi * gi;
        m[i] = mi;
        v[i] = vi;
        let mhat = mi / bc1;
        let vhat = vi / bc2;
        w[i] -= lr * mhat / (vhat.sqrt() + eps);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lenet::Rng;
    use cudnn_reference::conv::{self as cpu_conv, ConvGeometry};
    use cudnn_reference::pool::{self as cpu_pool, PoolGeometry, PoolMode};
    use cudnn_reference::softmax::{self as cpu_softmax, SoftmaxAlgo, SoftmaxMode};

    fn random(rng: &mut Rng, len: usize) -> Vec<f32> {
        (0..len)
            .map(|_| (rng.uniform() * 2.0 - 1.0) as f32)
            .collect()
    }

    fn widen(v: &[f32]) -> Vec<f64> {
        v.iter().map(|&v| f64::from(v)).collect()
    }

    /// The largest difference relative to the larger of 1 and the value.
    fn worst(fast: &[f32], reference: &[f64]) -> f64 {
        assert_eq!(fast.len(), reference.len());
        fast.iter()
            .zip(reference)
            .map(|(&f, &r)| (f64::from(f) - r).abs() / r.abs().max(1.0))
            .fold(0.0, f64::max)
    }

    fn geometry(g: &ConvShape, n: usize) -> ConvGeometry {
        g.reference_geometry(n)
    }

    /// The four layers of the network, with a smaller channel count where
    /// it changes nothing but the run time.
    const SHAPES: [ConvShape; 4] = [
        ConvShape {
            c: 1,
            h: 8,
            w: 8,
            k: 4,
            r: 3,
            s: 3,
            pad: 1,
        },
        ConvShape {
            c: 3,
            h: 4,
            w: 4,
            k: 5,
            r: 3,
            s: 3,
            pad: 1,
        },
        ConvShape {
            c: 6,
            h: 2,
            w: 2,
            k: 7,
            r: 2,
            s: 2,
            pad: 0,
        },
        ConvShape {
            c: 9,
            h: 1,
            w: 1,
            k: 10,
            r: 1,
            s: 1,
            pad: 0,
        },
    ];

    #[test]
    fn the_convolution_matches_the_reference() {
        let mut rng = Rng::new(1);
        let n = 3;
        for g in &SHAPES {
            let (x, w, bias) = (
                random(&mut rng, g.x_len(n)),
                random(&mut rng, g.w_len()),
                random(&mut rng, g.k),
            );
            let geo = geometry(g, n);
            for relu in [false, true] {
                let act = |v: f64| if relu { v.max(0.0) } else { v };
                let zeros = vec![0.0; geo.y_len()];
                let want = cpu_conv::bias_activation_forward(
                    &geo,
                    &widen(&x),
                    &widen(&w),
                    1.0,
                    &zeros,
                    0.0,
                    &widen(&bias),
                    act,
                );
                let got = conv_forward(g, n, &x, &w, &bias, relu);
                assert!(worst(&got, &want) < 1e-5, "{g:?} relu {relu}");
            }
            let dy = random(&mut rng, g.y_len(n));
            let (dw, db, dx) = conv_backward(g, n, &x, &w, &dy, true);
            let want_dw = cpu_conv::backward_filter(&geo, &widen(&x), &widen(&dy));
            let want_db = cpu_conv::backward_bias(&widen(&dy), n, g.k);
            let want_dx = cpu_conv::backward_data(&geo, &widen(&w), &widen(&dy));
            assert!(worst(&dw, &want_dw) < 1e-5, "dw {g:?}");
            assert!(worst(&db, &want_db) < 1e-5, "db {g:?}");
            assert!(worst(&dx.expect("dx"), &want_dx) < 1e-5, "dx {g:?}");
            assert!(conv_backward(g, n, &x, &w, &dy, false).2.is_none());
        }
    }

    #[test]
    fn max_pooling_matches_the_reference() {
        let mut rng = Rng::new(2);
        let (n, c, h, w) = (2, 3, 4, 4);
        let mut x = random(&mut rng, n * c * h * w);
        // Ties, as ReLU makes them: the gradient goes to the first.
        x[0..2].copy_from_slice(&[0.0, 0.0]);
        x[4..6].copy_from_slice(&[0.0, 0.0]);
        x[2..4].copy_from_slice(&[0.5, 0.5]);
        let g = PoolGeometry {
            batch: n,
            channels: c,
            input: vec![h, w],
            window: vec![2, 2],
            padding: vec![0, 0],
            stride: vec![2, 2],
        };
        let y = max_pool_forward(n * c, h, w, &x);
        let want_y = cpu_pool::forward(&g, PoolMode::Max, &widen(&x));
        assert_eq!(widen(&y), want_y);
        let dy = random(&mut rng, y.len());
        let dx = max_pool_backward(n * c, h, w, &x, &dy);
        let want_dx = cpu_pool::backward(&g, PoolMode::Max, &widen(&x), &want_y, &widen(&dy));
        assert_eq!(widen(&dx), want_dx);
    }

    #[test]
    fn relu_softmax_and_the_loss_gradient_match_the_reference() {
        let mut rng = Rng::new(3);
        let (n, classes) = (4, 10);
        let x: Vec<f32> = random(&mut rng, n * classes)
            .iter()
            .map(|v| 8.0 * v)
            .collect();
        let logp = log_softmax(&x, classes);
        let want = cpu_softmax::forward(
            SoftmaxAlgo::Log,
            SoftmaxMode::Instance,
            n,
            classes,
            1,
            &widen(&x),
        );
        assert!(worst(&logp, &want) < 1e-5);

        // The gradient of the mean cross-entropy through the reference's
        // log-softmax backward: dy = -one_hot / n on the log-probabilities.
        let labels = [3u8, 0, 9, 3];
        let mut dy = vec![0.0f64; n * classes];
        for (i, &l) in labels.iter().enumerate() {
            dy[i * classes + usize::from(l)] = -1.0 / n as f64;
        }
        let want = cpu_softmax::backward(
            SoftmaxAlgo::Log,
            SoftmaxMode::Instance,
            n,
            classes,
            1,
            &want,
            &dy,
        );
        assert!(worst(&xent_grad(&logp, &labels, classes), &want) < 1e-6);

        let y = [0.0f32, 1.5, -2.0, 3.0];
        let dy = [1.0f32, 2.0, 3.0, 4.0];
        let want = cudnn_reference::activation::backward(
            cudnn_reference::activation::ActivationKind::Relu,
            &widen(&y),
            &widen(&y),
            &widen(&dy),
        );
        assert_eq!(widen(&relu_backward(&y, &dy)), want);
    }

    #[test]
    fn an_adam_step_by_hand() {
        let (mut w, g) = (vec![1.0f32, -1.0], vec![0.5f32, -2.0]);
        let (mut m, mut v) = (vec![0.0f32; 2], vec![0.0f32; 2]);
        let (beta1, beta2, _) = ADAM;
        adam_step(
            &mut w,
            &g,
            (&mut m, &mut v),
            0.1,
            (1.0 - beta1, 1.0 - beta2),
        );
        // The first step moves each weight by lr against its gradient's sign.
        assert!(
            (w[0] - 0.9).abs() < 1e-6 && (w[1] + 0.9).abs() < 1e-6,
            "{w:?}"
        );
        assert!((m[0] - 0.05).abs() < 1e-7 && (v[1] - 0.004).abs() < 1e-7);
    }
}
