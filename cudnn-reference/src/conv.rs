//! N-dimensional convolution on the CPU: forward, backward data, backward
//! filter, backward bias, and the fused bias-and-activation forward.
//!
//! All tensors are dense, row-major and channel-first:
//!
//! | tensor    | shape                                |
//! |-----------|--------------------------------------|
//! | `x`, `dx` | `(batch, in_channels, input...)`     |
//! | `w`, `dw` | `(out_channels, in_channels / groups, kernel...)` |
//! | `y`, `dy` | `(batch, out_channels, output...)`   |
//!
//! with one, two or three spatial dimensions (`...`). Output channel `k`
//! belongs to group `k / (out_channels / groups)` and sees only that group's
//! `in_channels / groups` input channels. Every element is read into `f64`,
//! every sum is accumulated in `f64`, and results are converted back to the
//! element type once, at the end. [`to_channels_last`] and
//! [`to_channels_first`] convert to and from NHWC-style layouts.
//!
//! ```
//! use cudnn_reference::conv::{self, ConvGeometry};
//!
//! // A 3x3 image, one channel, summed over 2x2 windows.
//! let g = ConvGeometry {
//!     batch: 1, in_channels: 1, out_channels: 1,
//!     input: vec![3, 3], kernel: vec![2, 2],
//!     padding: vec![0, 0], stride: vec![1, 1], dilation: vec![1, 1],
//!     groups: 1, cross_correlation: true,
//! };
//! let x: Vec<f32> = (1..=9).map(|v| v as f32).collect();
//! let y = conv::forward(&g, &x, &[1.0f32; 4]);
//! assert_eq!(y, [12.0, 16.0, 24.0, 28.0]);
//! ```

use half::{bf16, f16};

/// Element types the reference reads and writes (it computes in `f64`).
pub trait Scalar: Copy + 'static {
    /// The value as an `f64` (exact for every implementing type).
    fn to_f64(self) -> f64;
    /// The nearest value of this type: IEEE round-to-nearest-even for the
    /// floating-point types; for the integer types, rounded to the nearest
    /// integer (ties to even) and saturated to the type's range, NaN giving 0.
    fn from_f64(v: f64) -> Self;
}

impl Scalar for f64 {
    fn to_f64(self) -> f64 {
        self
    }
    fn from_f64(v: f64) -> Self {
        v
    }
}

impl Scalar for f32 {
    fn to_f64(self) -> f64 {
        f64::from(self)
    }
    fn from_f64(v: f64) -> Self {
        v as f32
    }
}

impl Scalar for f16 {
    fn to_f64(self) -> f64 {
        f16::to_f64(self)
    }
    fn from_f64(v: f64) -> Self {
        f16::from_f64(v)
    }
}

impl Scalar for bf16 {
    fn to_f64(self) -> f64 {
        bf16::to_f64(self)
    }
    fn from_f64(v: f64) -> Self {
        bf16::from_f64(v)
    }
}

impl Scalar for i8 {
    fn to_f64(self) -> f64 {
        f64::from(self)
    }
    fn from_f64(v: f64) -> Self {
        // `as` saturates and maps NaN to 0.
        v.round_ties_even() as i8
    }
}

impl Scalar for i32 {
    fn to_f64(self) -> f64 {
        f64::from(self)
    }
    fn from_f64(v: f64) -> Self {
        // `as` saturates and maps NaN to 0.
        v.round_ties_even() as i32
    }
}

/// The geometry of one convolution.
///
/// `input`, `kernel`, `padding`, `stride` and `dilation` have one entry per
/// spatial dimension (1 to 3 of them), outermost first (`[H, W]`,
/// `[D, H, W]`). Padding is symmetric: `padding[i]` zeros before and after
/// dimension `i`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConvGeometry {
    /// Images in the batch (`N`).
    pub batch: usize,
    /// Channels of `x` (`C`).
    pub in_channels: usize,
    /// Channels of `y`, and filters in `w` (`K`).
    pub out_channels: usize,
    /// Spatial sizes of `x`, e.g. `[H, W]`.
    pub input: Vec<usize>,
    /// Spatial sizes of `w`, e.g. `[R, S]`.
    pub kernel: Vec<usize>,
    /// Zeros added on both sides of each spatial dimension of `x`.
    pub padding: Vec<usize>,
    /// Step between consecutive output positions, in input elements.
    pub stride: Vec<usize>,
    /// Step between consecutive kernel taps, in input elements (1: dense).
    pub dilation: Vec<usize>,
    /// Channel groups: `in_channels` and `out_channels` are split into this
    /// many equal parts, and each output group sees only its input group
    /// (`groups == in_channels` is a depthwise convolution).
    pub groups: usize,
    /// `true`: cross-correlation (what deep-learning frameworks call
    /// convolution; cuDNN's `CUDNN_CROSS_CORRELATION`); `false`: true
    /// convolution, the kernel flipped in every spatial dimension (cuDNN's
    /// `CUDNN_CONVOLUTION`).
    pub cross_correlation: bool,
}

impl ConvGeometry {
    /// Checks consistency: `input`, `kernel`, `padding`, `stride` and
    /// `dilation` all have the same length, 1 to 3; batch, channels, groups,
    /// sizes, strides and dilations are all at least 1; both channel counts
    /// are divisible by `groups`; and the output has at least one element in
    /// every dimension (the dilated kernel fits in the padded input).
    ///
    /// # Errors
    ///
    /// A message describing the first problem found.
    pub fn validate(&self) -> Result<(), String> {
        let dims = self.input.len();
        if !(1..=3).contains(&dims) {
            return Err(format!(
                "{dims} spatial dimensions (input {:?}); 1, 2 or 3 are supported",
                self.input
            ));
        }
        for (name, v) in [
            ("kernel", &self.kernel),
            ("padding", &self.padding),
            ("stride", &self.stride),
            ("dilation", &self.dilation),
        ] {
            if v.len() != dims {
                return Err(format!(
                    "{name} {v:?} has {} entries but input {:?} has {dims}",
                    v.len(),
                    self.input
                ));
            }
        }
        for (name, v) in [
            ("batch", self.batch),
            ("in_channels", self.in_channels),
            ("out_channels", self.out_channels),
            ("groups", self.groups),
        ] {
            if v == 0 {
                return Err(format!("{name} is 0"));
            }
        }
        for (name, v) in [
            ("input", &self.input),
            ("kernel", &self.kernel),
            ("stride", &self.stride),
            ("dilation", &self.dilation),
        ] {
            if v.contains(&0) {
                return Err(format!("{name} {v:?} has a 0"));
            }
        }
        for (name, channels) in [
            ("in_channels", self.in_channels),
            ("out_channels", self.out_channels),
        ] {
            if channels % self.groups != 0 {
                return Err(format!(
                    "{name} {channels} is not divisible by groups {}",
                    self.groups
                ));
            }
        }
        if let Some(i) = self.output().iter().position(|&o| o == 0) {
            return Err(format!(
                "empty output in spatial dimension {i}: kernel {} dilated by {} spans {}, \
                 more than input {} padded by {} on each side",
                self.kernel[i],
                self.dilation[i],
                (self.kernel[i] - 1) * self.dilation[i] + 1,
                self.input[i],
                self.padding[i]
            ));
        }
        Ok(())
    }

    /// Output spatial sizes: `(in + 2*pad - ((k-1)*dil + 1)) / stride + 1` in
    /// every dimension.
    ///
    /// Meaningful for a geometry that passes [`validate`](Self::validate);
    /// otherwise a dimension where the dilated kernel does not fit in the
    /// padded input, or whose stride is 0, comes out as 0.
    pub fn output(&self) -> Vec<usize> {
        self.input
            .iter()
            .zip(&self.kernel)
            .zip(&self.padding)
            .zip(&self.stride)
            .zip(&self.dilation)
            .map(|((((&i, &k), &p), &s), &d)| {
                let span = k.saturating_sub(1) * d + 1;
                (i + 2 * p)
                    .checked_sub(span)
                    .and_then(|room| room.checked_div(s))
                    .map_or(0, |steps| steps + 1)
            })
            .collect()
    }

    /// Elements of `x` (and `dx`): `batch * in_channels * product(input)`.
    pub fn x_len(&self) -> usize {
        self.batch * self.in_channels * self.input.iter().product::<usize>()
    }

    /// Elements of `w` (and `dw`):
    /// `out_channels * (in_channels / groups) * product(kernel)`.
    pub fn w_len(&self) -> usize {
        let per_group = self.in_channels.checked_div(self.groups).unwrap_or(0);
        self.out_channels * per_group * self.kernel.iter().product::<usize>()
    }

    /// Elements of `y` (and `dy`, `z`): `batch * out_channels * product(output())`.
    pub fn y_len(&self) -> usize {
        self.batch * self.out_channels * self.output().iter().product::<usize>()
    }
}

/// Spatial sizes padded to three dimensions at the front with size-1,
/// unpadded, unit-stride dimensions, which change no result.
struct Dims3 {
    input: [usize; 3],
    kernel: [usize; 3],
    output: [usize; 3],
    padding: [usize; 3],
    stride: [usize; 3],
    dilation: [usize; 3],
}

impl Dims3 {
    fn new(g: &ConvGeometry) -> Self {
        fn pad3(v: &[usize], fill: usize) -> [usize; 3] {
            let mut out = [fill; 3];
            out[3 - v.len()..].copy_from_slice(v);
            out
        }
        Dims3 {
            input: pad3(&g.input, 1),
            kernel: pad3(&g.kernel, 1),
            output: pad3(&g.output(), 1),
            padding: pad3(&g.padding, 0),
            stride: pad3(&g.stride, 1),
            dilation: pad3(&g.dilation, 1),
        }
    }

    /// The input position that kernel tap `r` reads for output position `o`,
    /// or `None` where that falls in the zero padding.
    fn input_position(&self, o: [usize; 3], r: [usize; 3]) -> Option<[usize; 3]> {
        let mut i = [0; 3];
        for d in 0..3 {
            let padded = o[d] * self.stride[d] + r[d] * self.dilation[d];
            i[d] = padded.checked_sub(self.padding[d])?;
            if i[d] >= self.input[d] {
                return None;
            }
        }
        Some(i)
    }
}

/// Every index of a three-dimensional box of the given sizes, in row-major
/// order.
fn positions(sizes: [usize; 3]) -> impl Iterator<Item = [usize; 3]> {
    (0..sizes[0])
        .flat_map(move |a| (0..sizes[1]).flat_map(move |b| (0..sizes[2]).map(move |c| [a, b, c])))
}

/// The row-major offset of spatial position `at` (in a box of `sizes`) in
/// the image or filter numbered `outer` (for instance `n * channels + c`).
fn offset(outer: usize, at: [usize; 3], sizes: [usize; 3]) -> usize {
    ((outer * sizes[0] + at[0]) * sizes[1] + at[1]) * sizes[2] + at[2]
}

/// Calls `mac(x_index, w_index, y_index)` once for every multiply-accumulate
/// of the forward convolution, `y[y_index] += x[x_index] * w[w_index]`:
/// for every output element, every input channel of its group and every
/// kernel tap that lands inside `x` (taps on the zero padding add nothing and
/// are skipped).
///
/// All four convolution functions are written with this one walk, so they
/// agree on the geometry by construction.
fn for_each_mac(g: &ConvGeometry, mut mac: impl FnMut(usize, usize, usize)) {
    check_geometry(g);
    let dims = Dims3::new(g);
    let c_per_group = g.in_channels / g.groups;
    let k_per_group = g.out_channels / g.groups;
    for n in 0..g.batch {
        for k in 0..g.out_channels {
            let group = k / k_per_group;
            for o in positions(dims.output) {
                let y_index = offset(n * g.out_channels + k, o, dims.output);
                for cg in 0..c_per_group {
                    let c = group * c_per_group + cg;
                    for r in positions(dims.kernel) {
                        let Some(i) = dims.input_position(o, r) else {
                            continue;
                        };
                        // A true convolution meets the kernel back to front.
                        let tap = if g.cross_correlation {
                            r
                        } else {
                            [0, 1, 2].map(|d| dims.kernel[d] - 1 - r[d])
                        };
                        let x_index = offset(n * g.in_channels + c, i, dims.input);
                        let w_index = offset(k * c_per_group + cg, tap, dims.kernel);
                        mac(x_index, w_index, y_index);
                    }
                }
            }
        }
    }
}

fn check_geometry(g: &ConvGeometry) {
    if let Err(problem) = g.validate() {
        panic!("invalid convolution geometry: {problem} ({g:?})");
    }
}

fn check_len<T>(name: &str, data: &[T], expected: usize, g: &ConvGeometry) {
    assert_eq!(
        data.len(),
        expected,
        "{name} has {} elements but the geometry needs {expected} ({g:?})",
        data.len()
    );
}

fn to_f64_vec<T: Scalar>(data: &[T]) -> Vec<f64> {
    data.iter().map(|v| v.to_f64()).collect()
}

fn from_f64_vec<T: Scalar>(data: Vec<f64>) -> Vec<T> {
    data.into_iter().map(T::from_f64).collect()
}

/// The forward convolution `y = conv(x, w)`, accumulated in `f64` and
/// rounded to `T` at the end (cuDNN's `cudnnConvolutionForward` with
/// `alpha = 1`, `beta = 0`).
///
/// # Panics
///
/// If `g` fails [`ConvGeometry::validate`], or `x` or `w` does not have
/// [`x_len`](ConvGeometry::x_len) or [`w_len`](ConvGeometry::w_len) elements.
pub fn forward<T: Scalar>(g: &ConvGeometry, x: &[T], w: &[T]) -> Vec<T> {
    from_f64_vec(forward_f64(g, x, w))
}

fn forward_f64<T: Scalar>(g: &ConvGeometry, x: &[T], w: &[T]) -> Vec<f64> {
    check_geometry(g);
    check_len("x", x, g.x_len(), g);
    check_len("w", w, g.w_len(), g);
    let (x, w) = (to_f64_vec(x), to_f64_vec(w));
    let mut y = vec![0.0; g.y_len()];
    for_each_mac(g, |xi, wi, yi| y[yi] += x[xi] * w[wi]);
    y
}

/// The gradient of `sum(y * dy)` with respect to `x`, for `y = conv(x, w)`:
/// `dx` (cuDNN's `cudnnConvolutionBackwardData`). Input elements no output
/// reads (skipped by a stride) get 0.
///
/// # Panics
///
/// If `g` fails [`ConvGeometry::validate`], or `w` or `dy` does not have
/// [`w_len`](ConvGeometry::w_len) or [`y_len`](ConvGeometry::y_len) elements.
pub fn backward_data<T: Scalar>(g: &ConvGeometry, w: &[T], dy: &[T]) -> Vec<T> {
    check_geometry(g);
    check_len("w", w, g.w_len(), g);
    check_len("dy", dy, g.y_len(), g);
    let (w, dy) = (to_f64_vec(w), to_f64_vec(dy));
    let mut dx = vec![0.0; g.x_len()];
    for_each_mac(g, |xi, wi, yi| dx[xi] += w[wi] * dy[yi]);
    from_f64_vec(dx)
}

/// The gradient of `sum(y * dy)` with respect to `w`, for `y = conv(x, w)`:
/// `dw` (cuDNN's `cudnnConvolutionBackwardFilter`).
///
/// # Panics
///
/// If `g` fails [`ConvGeometry::validate`], or `x` or `dy` does not have
/// [`x_len`](ConvGeometry::x_len) or [`y_len`](ConvGeometry::y_len) elements.
pub fn backward_filter<T: Scalar>(g: &ConvGeometry, x: &[T], dy: &[T]) -> Vec<T> {
    check_geometry(g);
    check_len("x", x, g.x_len(), g);
    check_len("dy", dy, g.y_len(), g);
    let (x, dy) = (to_f64_vec(x), to_f64_vec(dy));
    let mut dw = vec![0.0; g.w_len()];
    for_each_mac(g, |xi, wi, yi| dw[wi] += x[xi] * dy[yi]);
    from_f64_vec(dw)
}

/// The bias gradient: `db[k]` is the sum of `dy` over the batch and every
/// spatial position of channel `k`, for `dy` shaped
/// `(batch, channels, spatial...)` (cuDNN's `cudnnConvolutionBackwardBias`).
///
/// # Panics
///
/// If `batch` or `channels` is 0, or `dy.len()` is not a multiple of
/// `batch * channels`.
pub fn backward_bias<T: Scalar>(dy: &[T], batch: usize, channels: usize) -> Vec<T> {
    assert!(
        batch > 0 && channels > 0,
        "backward_bias needs batch >= 1 and channels >= 1 (got {batch} and {channels})"
    );
    assert_eq!(
        dy.len() % (batch * channels),
        0,
        "dy has {} elements, not a multiple of batch {batch} * channels {channels}",
        dy.len()
    );
    let spatial = dy.len() / (batch * channels);
    let mut db = vec![0.0; channels];
    for n in 0..batch {
        for (k, sum) in db.iter_mut().enumerate() {
            let start = (n * channels + k) * spatial;
            *sum += dy[start..start + spatial]
                .iter()
                .map(|v| v.to_f64())
                .sum::<f64>();
        }
    }
    from_f64_vec(db)
}

/// `y = act(alpha1 * conv(x, w) + alpha2 * z + bias)`, with `bias` (one
/// value per output channel) broadcast over the batch and spatial positions:
/// the semantics of `cudnnConvolutionBiasActivationForward`. Everything up to
/// and including `act` is computed in `f64`; the result is rounded to `T` at
/// the end. `z` is shaped like `y`; pass `alpha2 = 0` (with any `z` of the
/// right length, e.g. zeros) for no residual input, and `|v| v` for the
/// identity activation (`|v| v.max(0.0)` is ReLU).
///
/// # Panics
///
/// If `g` fails [`ConvGeometry::validate`]; if `x`, `w` or `z` does not have
/// [`x_len`](ConvGeometry::x_len), [`w_len`](ConvGeometry::w_len) or
/// [`y_len`](ConvGeometry::y_len) elements; or if `bias` does not have
/// `out_channels` elements.
// The argument list is cuDNN's own; bundling it would only obscure it.
#[allow(clippy::too_many_arguments)]
pub fn bias_activation_forward<T: Scalar>(
    g: &ConvGeometry,
    x: &[T],
    w: &[T],
    alpha1: f64,
    z: &[T],
    alpha2: f64,
    bias: &[T],
    act: impl Fn(f64) -> f64,
) -> Vec<T> {
    check_geometry(g);
    check_len("z", z, g.y_len(), g);
    check_len("bias", bias, g.out_channels, g);
    let conv = forward_f64(g, x, w);
    let spatial = g.output().iter().product::<usize>();
    conv.iter()
        .zip(z)
        .enumerate()
        .map(|(yi, (&c, &zv))| {
            let k = (yi / spatial) % g.out_channels;
            T::from_f64(act(alpha1 * c + alpha2 * zv.to_f64() + bias[k].to_f64()))
        })
        .collect()
}

fn check_layout_len<T>(data: &[T], n: usize, c: usize, spatial: &[usize]) -> usize {
    let s: usize = spatial.iter().product();
    assert_eq!(
        data.len(),
        n * c * s,
        "data has {} elements but n {n} * c {c} * spatial {spatial:?} is {}",
        data.len(),
        n * c * s
    );
    s
}

/// Reorders `data` from channel-first `(n, c, spatial...)` (NCHW) to
/// channel-last `(n, spatial..., c)` (NHWC).
///
/// # Panics
///
/// If `data.len()` is not `n * c * product(spatial)`.
pub fn to_channels_last<T: Copy>(data: &[T], n: usize, c: usize, spatial: &[usize]) -> Vec<T> {
    let s = check_layout_len(data, n, c, spatial);
    let mut out = Vec::with_capacity(data.len());
    for ni in 0..n {
        for si in 0..s {
            for ci in 0..c {
                out.push(data[(ni * c + ci) * s + si]);
            }
        }
    }
    out
}

/// Reorders `data` from channel-last `(n, spatial..., c)` (NHWC) to
/// channel-first `(n, c, spatial...)` (NCHW); the inverse of
/// [`to_channels_last`].
///
/// # Panics
///
/// If `data.len()` is not `n * c * product(spatial)`.
pub fn to_channels_first<T: Copy>(data: &[T], n: usize, c: usize, spatial: &[usize]) -> Vec<T> {
    let s = check_layout_len(data, n, c, spatial);
    let mut out = Vec::with_capacity(data.len());
    for ni in 0..n {
        for ci in 0..c {
            for si in 0..s {
                out.push(data[(ni * s + si) * c + ci]);
            }
        }
    }
    out
}

/// The largest `|a - b| / max(1, |b|)` over corresponding elements: a
/// relative error where `|b| > 1` and an absolute one below, for tolerance
/// checks of `a` (say, a GPU result) against `b` (the reference). Equal
/// values (infinities included) count as 0; a NaN on either side, or an
/// infinity on one side only, makes the result infinite. Empty slices give 0.
///
/// # Panics
///
/// If `a` and `b` have different lengths.
pub fn max_rel_error<T: Scalar, U: Scalar>(a: &[T], b: &[U]) -> f64 {
    assert_eq!(
        a.len(),
        b.len(),
        "max_rel_error of slices of different lengths ({} and {})",
        a.len(),
        b.len()
    );
    a.iter().zip(b).fold(0.0, |worst: f64, (&a, &b)| {
        let (a, b) = (a.to_f64(), b.to_f64());
        let err = if a == b {
            0.0
        } else {
            let err = (a - b).abs() / b.abs().max(1.0);
            if err.is_nan() {
                f64::INFINITY
            } else {
                err
            }
        };
        worst.max(err)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A geometry with the same padding, stride and dilation in every dim.
    fn geometry(
        (batch, in_channels, out_channels): (usize, usize, usize),
        input: &[usize],
        kernel: &[usize],
        (padding, stride, dilation): (usize, usize, usize),
        groups: usize,
    ) -> ConvGeometry {
        let dims = input.len();
        ConvGeometry {
            batch,
            in_channels,
            out_channels,
            input: input.to_vec(),
            kernel: kernel.to_vec(),
            padding: vec![padding; dims],
            stride: vec![stride; dims],
            dilation: vec![dilation; dims],
            groups,
            cross_correlation: true,
        }
    }

    /// A tiny deterministic generator (Knuth's MMIX LCG), for test data only.
    struct Lcg(u64);

    impl Lcg {
        fn next(&mut self) -> u64 {
            self.0 = self
                .0
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            self.0 >> 11
        }
        /// Uniform in `0..n`.
        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
        /// Uniform in `[-1, 1)`.
        fn uniform(&mut self) -> f64 {
            (self.next() as f64 / (1u64 << 53) as f64) * 2.0 - 1.0
        }
        fn vec(&mut self, len: usize) -> Vec<f64> {
            (0..len).map(|_| self.uniform()).collect()
        }
    }

    fn random_geometry(rng: &mut Lcg) -> ConvGeometry {
        let dims = 1 + rng.below(3);
        let groups = 1 + rng.below(3);
        let mut g = ConvGeometry {
            batch: 1 + rng.below(2),
            in_channels: groups * (1 + rng.below(2)),
            out_channels: groups * (1 + rng.below(3)),
            input: vec![],
            kernel: vec![],
            padding: vec![],
            stride: vec![],
            dilation: vec![],
            groups,
            cross_correlation: rng.below(2) == 0,
        };
        for _ in 0..dims {
            let (k, d, p) = (1 + rng.below(3), 1 + rng.below(2), rng.below(3));
            let smallest = ((k - 1) * d + 1).saturating_sub(2 * p).max(1);
            g.kernel.push(k);
            g.dilation.push(d);
            g.padding.push(p);
            g.stride.push(1 + rng.below(3));
            g.input.push(smallest + rng.below(5));
        }
        assert_eq!(g.validate(), Ok(()), "{g:?}");
        g
    }

    fn dot(a: &[f64], b: &[f64]) -> f64 {
        a.iter().zip(b).map(|(a, b)| a * b).sum()
    }

    #[test]
    fn identity_kernel_1d_copies_the_input() {
        let g = geometry((2, 1, 1), &[5], &[3], (1, 1, 1), 1);
        let x = [1.0, -2.0, 3.5, 4.0, 0.25, 6.0, 7.0, -8.0, 9.0, 10.0];
        assert_eq!(forward(&g, &x, &[0.0, 1.0, 0.0]), x);
        // Shifted: the tap left of centre picks the previous element, 0 at the edge.
        let y = forward(&g, &x, &[1.0, 0.0, 0.0]);
        assert_eq!(y, [0.0, 1.0, -2.0, 3.5, 4.0, 0.0, 6.0, 7.0, -8.0, 9.0]);
    }

    #[test]
    fn sum_kernel_2x2() {
        let g = geometry((1, 1, 1), &[3, 3], &[2, 2], (0, 1, 1), 1);
        let x: Vec<f64> = (1..=9).map(f64::from).collect();
        assert_eq!(g.output(), [2, 2]);
        assert_eq!(forward(&g, &x, &[1.0; 4]), [12.0, 16.0, 24.0, 28.0]);
        // Two input channels add up; two filters give two output channels.
        let g = geometry((1, 2, 2), &[3, 3], &[2, 2], (0, 1, 1), 1);
        let x2: Vec<f64> = x.iter().chain(&x).copied().collect();
        let w = [[1.0; 4], [1.0; 4], [0.5; 4], [0.0; 4]].concat();
        assert_eq!(
            forward(&g, &x2, &w),
            [24.0, 32.0, 48.0, 56.0, 6.0, 8.0, 12.0, 14.0]
        );
    }

    #[test]
    fn output_sizes_with_stride_padding_dilation() {
        let size = |i, k, p, s, d| geometry((1, 1, 1), &[i], &[k], (p, s, d), 1).output()[0];
        assert_eq!(size(7, 3, 0, 1, 1), 5);
        assert_eq!(size(7, 3, 1, 1, 1), 7);
        assert_eq!(size(7, 3, 1, 2, 1), 4);
        assert_eq!(size(8, 3, 1, 2, 1), 4);
        assert_eq!(size(7, 3, 0, 3, 1), 2);
        assert_eq!(size(7, 3, 1, 2, 2), 3);
        assert_eq!(size(7, 3, 0, 1, 3), 1);
        assert_eq!(size(3, 2, 2, 1, 1), 6);
        assert_eq!(size(2, 3, 0, 1, 1), 0); // invalid: the kernel does not fit
        let g = ConvGeometry {
            input: vec![10, 9, 8],
            kernel: vec![3, 2, 1],
            padding: vec![0, 1, 2],
            stride: vec![1, 2, 3],
            dilation: vec![2, 1, 1],
            ..geometry((2, 3, 4), &[1], &[1], (0, 1, 1), 1)
        };
        assert_eq!(g.output(), [6, 5, 4]);
        assert_eq!(
            (g.x_len(), g.w_len(), g.y_len()),
            (2 * 3 * 720, 4 * 3 * 6, 2 * 4 * 120)
        );
        // Strided output picks every other window.
        let g = geometry((1, 1, 1), &[5], &[1], (0, 2, 1), 1);
        assert_eq!(
            forward(&g, &[1.0, 2.0, 3.0, 4.0, 5.0], &[2.0]),
            [2.0, 6.0, 10.0]
        );
    }

    #[test]
    fn depthwise_groups_use_their_own_channel() {
        // groups == channels: each channel convolved with its own filter.
        let g = geometry((1, 3, 3), &[4], &[2], (0, 1, 1), 3);
        assert_eq!(g.w_len(), 6);
        let x = [
            1.0, 2.0, 3.0, 4.0, 10.0, 20.0, 30.0, 40.0, -1.0, 0.0, 1.0, 2.0,
        ];
        let w = [1.0, 0.0, 0.0, 1.0, 1.0, -1.0];
        assert_eq!(
            forward(&g, &x, &w),
            [1.0, 2.0, 3.0, 20.0, 30.0, 40.0, -1.0, -1.0, -1.0]
        );
        // Two groups of two channels, two filters each: filter 2 sees only
        // channels 2 and 3.
        let g = geometry((1, 4, 4), &[1], &[1], (0, 1, 1), 2);
        let x = [1.0, 10.0, 100.0, 1000.0];
        let w = [1.0, 0.0, 0.0, 1.0, 1.0, 0.0, 1.0, 1.0];
        assert_eq!(forward(&g, &x, &w), [1.0, 10.0, 100.0, 1100.0]);
    }

    #[test]
    fn true_convolution_flips_the_kernel() {
        let mut g = geometry((1, 1, 1), &[3], &[2], (0, 1, 1), 1);
        assert_eq!(forward(&g, &[1.0, 2.0, 3.0], &[1.0, 2.0]), [5.0, 8.0]);
        g.cross_correlation = false;
        assert_eq!(forward(&g, &[1.0, 2.0, 3.0], &[1.0, 2.0]), [4.0, 7.0]);

        // In general: a true convolution is the cross-correlation with the
        // kernel reversed in every spatial dimension.
        let mut rng = Lcg(7);
        for _ in 0..20 {
            let mut g = random_geometry(&mut rng);
            g.cross_correlation = false;
            let (x, w) = (rng.vec(g.x_len()), rng.vec(g.w_len()));
            let dims = Dims3::new(&g);
            let mut flipped = vec![0.0; w.len()];
            for f in 0..g.out_channels * g.in_channels / g.groups {
                for r in positions(dims.kernel) {
                    let back = [0, 1, 2].map(|d| dims.kernel[d] - 1 - r[d]);
                    flipped[offset(f, r, dims.kernel)] = w[offset(f, back, dims.kernel)];
                }
            }
            let y = forward(&g, &x, &w);
            g.cross_correlation = true;
            assert!(
                max_rel_error(&y, &forward(&g, &x, &flipped)) < 1e-12,
                "{g:?}"
            );
        }
    }

    #[test]
    fn adjoint_identity_over_random_geometries() {
        // <forward(x, w), dy> == <x, backward_data(w, dy)> == <w, backward_filter(x, dy)>
        let mut rng = Lcg(2024);
        for _ in 0..60 {
            let g = random_geometry(&mut rng);
            let (x, w, dy) = (rng.vec(g.x_len()), rng.vec(g.w_len()), rng.vec(g.y_len()));
            let via_y = dot(&forward(&g, &x, &w), &dy);
            let via_x = dot(&x, &backward_data(&g, &w, &dy));
            let via_w = dot(&w, &backward_filter(&g, &x, &dy));
            let scale = via_y.abs().max(1.0);
            assert!(
                (via_x - via_y).abs() / scale < 1e-9,
                "{via_x} != {via_y}: {g:?}"
            );
            assert!(
                (via_w - via_y).abs() / scale < 1e-9,
                "{via_w} != {via_y}: {g:?}"
            );
        }
    }

    #[test]
    fn backward_data_and_filter_by_hand() {
        // 1-d, stride 2: x[1] and x[3] are never read, so their gradient is 0.
        let g = geometry((1, 1, 1), &[5], &[1], (0, 2, 1), 1);
        assert_eq!(
            backward_data(&g, &[3.0], &[1.0, 2.0, 4.0]),
            [3.0, 0.0, 6.0, 0.0, 12.0]
        );
        assert_eq!(
            backward_filter(&g, &[1.0, 9.0, 2.0, 9.0, 3.0], &[1.0, 2.0, 4.0]),
            [17.0]
        );
        // The 2x2 sum kernel on 3x3: dw[tap] = sum of the window under dy.
        let g = geometry((1, 1, 1), &[3, 3], &[2, 2], (0, 1, 1), 1);
        let x: Vec<f64> = (1..=9).map(f64::from).collect();
        assert_eq!(backward_filter(&g, &x, &[1.0; 4]), [12.0, 16.0, 24.0, 28.0]);
        assert_eq!(
            backward_data(&g, &[1.0; 4], &[1.0; 4]),
            [1.0, 2.0, 1.0, 2.0, 4.0, 2.0, 1.0, 2.0, 1.0]
        );
    }

    #[test]
    fn backward_bias_sums_per_channel() {
        // batch 2, channels 2, 3 positions.
        let dy = [
            1.0, 2.0, 3.0, 10.0, 20.0, 30.0, 4.0, 5.0, 6.0, -1.0, -2.0, -3.0,
        ];
        assert_eq!(backward_bias(&dy, 2, 2), [21.0, 54.0]);
        assert_eq!(backward_bias(&[1i32, 2, 3, 4], 1, 4), [1, 2, 3, 4]);
    }

    #[test]
    fn bias_activation_forward_semantics() {
        let g = geometry((1, 1, 2), &[3], &[1], (0, 1, 1), 1);
        let x = [1.0f32, -2.0, 3.0];
        let w = [1.0f32, 2.0];
        let z = [10.0f32, 20.0, 30.0, 40.0, 50.0, 60.0];
        let bias = [0.5f32, -100.0];
        let relu = |v: f64| v.max(0.0);
        // conv = [1, -2, 3, 2, -4, 6]
        let y = bias_activation_forward(&g, &x, &w, 2.0, &z, 0.5, &bias, relu);
        assert_eq!(y, [7.5, 6.5, 21.5, 0.0, 0.0, 0.0]);
        let y = bias_activation_forward(&g, &x, &w, 1.0, &z, 0.0, &[0.0; 2], |v| v);
        assert_eq!(y, forward(&g, &x, &w));
    }

    #[test]
    fn channel_layouts_round_trip() {
        // n 2, c 3, spatial 2x2: element value = n*100 + c*10 + position.
        let spatial = [2, 2];
        let nchw: Vec<i32> = (0..2)
            .flat_map(|n| (0..3).flat_map(move |c| (0..4).map(move |s| n * 100 + c * 10 + s)))
            .collect();
        let nhwc = to_channels_last(&nchw, 2, 3, &spatial);
        assert_eq!(&nhwc[..6], [0, 10, 20, 1, 11, 21]);
        assert_eq!(&nhwc[12..15], [100, 110, 120]);
        assert_eq!(to_channels_first(&nhwc, 2, 3, &spatial), nchw);
    }

    #[test]
    fn validate_reports_the_first_problem() {
        let ok = geometry((1, 4, 6), &[5, 5], &[3, 3], (0, 1, 1), 2);
        assert_eq!(ok.validate(), Ok(()));
        let bad = |f: &dyn Fn(&mut ConvGeometry)| {
            let mut g = ok.clone();
            f(&mut g);
            g.validate().unwrap_err()
        };
        assert!(bad(&|g| g.input = vec![]).contains("0 spatial"));
        assert!(bad(&|g| g.input = vec![5; 4]).contains("4 spatial"));
        assert!(bad(&|g| g.stride = vec![1]).starts_with("stride"));
        assert!(bad(&|g| g.batch = 0).contains("batch is 0"));
        assert!(bad(&|g| g.groups = 0).contains("groups is 0"));
        assert!(bad(&|g| g.dilation = vec![1, 0]).starts_with("dilation"));
        assert!(bad(&|g| g.kernel = vec![0, 1]).starts_with("kernel"));
        assert!(bad(&|g| g.input = vec![0, 1]).starts_with("input"));
        assert!(bad(&|g| g.in_channels = 3).contains("in_channels 3 is not divisible"));
        assert!(bad(&|g| g.out_channels = 5).contains("out_channels 5 is not divisible"));
        assert!(bad(&|g| g.kernel = vec![3, 6]).contains("dimension 1"));
        let mut g = ok.clone();
        g.kernel = vec![3, 6];
        g.padding = vec![0, 1];
        assert_eq!(g.validate(), Ok(()));
    }

    #[test]
    #[should_panic(expected = "w has 5 elements but the geometry needs 4")]
    fn wrong_length_panics() {
        let g = geometry((1, 1, 1), &[3, 3], &[2, 2], (0, 1, 1), 1);
        forward(&g, &[0.0; 9], &[0.0; 5]);
    }

    #[test]
    #[should_panic(expected = "invalid convolution geometry")]
    fn invalid_geometry_panics() {
        let g = geometry((1, 1, 1), &[3], &[4], (0, 1, 1), 1);
        forward(&g, &[0.0; 3], &[0.0; 4]);
    }

    #[test]
    fn scalar_conversions() {
        assert_eq!(i8::from_f64(1000.0), 127);
        assert_eq!(i8::from_f64(-1000.0), -128);
        assert_eq!(i8::from_f64(2.5), 2);
        assert_eq!(i8::from_f64(-3.6), -4);
        assert_eq!(i8::from_f64(f64::NAN), 0);
        assert_eq!(i32::from_f64(1e12), i32::MAX);
        assert_eq!(
            f16::from_f64(1.0 / 3.0).to_f64(),
            f16::from_f32(1.0 / 3.0).to_f64()
        );
        assert_eq!(bf16::from_f64(1.5).to_f64(), 1.5);
        assert_eq!(<f32 as Scalar>::from_f64(0.1), 0.1f32);
        // The element type only affects the final rounding.
        let g = geometry((1, 2, 1), &[3], &[2], (1, 1, 1), 1);
        let x = [1i8, 2, 3, 4, 5, 6];
        let w = [100i8, 100, 100, 100];
        assert_eq!(forward(&g, &x, &w), [127; 4]);
        let xh: Vec<f16> = x.iter().map(|&v| f16::from(v)).collect();
        let wh = [f16::from_f32(0.5); 4];
        let y: Vec<f32> = forward(&g, &xh, &wh).iter().map(|v| v.to_f32()).collect();
        assert_eq!(y, [2.5, 6.0, 8.0, 4.5]);
    }

    #[test]
    fn max_rel_error_is_relative_or_absolute() {
        assert_eq!(max_rel_error::<f64, f64>(&[], &[]), 0.0);
        assert_eq!(max_rel_error(&[1.5f64, 100.0], &[1.0f64, 110.0]), 0.5);
        assert!((max_rel_error(&[0.0f32, 90.0], &[0.5f64, 100.0]) - 0.5).abs() < 1e-12);
        assert!((max_rel_error(&[0.0f32, 50.0], &[0.5f64, 100.0]) - 0.5).abs() < 1e-12);
        assert_eq!(max_rel_error(&[f64::INFINITY], &[f64::INFINITY]), 0.0);
        assert_eq!(max_rel_error(&[f64::NAN], &[1.0f64]), f64::INFINITY);
        assert_eq!(max_rel_error(&[1.0f64], &[f64::NAN]), f64::INFINITY);
        assert_eq!(max_rel_error(&[1.0f64], &[f64::INFINITY]), f64::INFINITY);
    }
}
