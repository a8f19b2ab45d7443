//! N-dimensional pooling on the CPU: forward and backward, max and average.
//!
//! All tensors are dense, row-major and channel-first:
//!
//! | tensor    | shape                         |
//! |-----------|-------------------------------|
//! | `x`, `dx` | `(batch, channels, input...)` |
//! | `y`, `dy` | `(batch, channels, output...)`|
//!
//! with one, two or three spatial dimensions (`...`). Each channel of each
//! image is pooled on its own. The window of output position `o` covers the
//! padded input positions `o * stride .. o * stride + window` in every
//! dimension, that is the input positions from `o * stride - padding`; the
//! positions that fall in the padding hold no value:
//!
//! * [`PoolMode::Max`] (`CUDNN_POOLING_MAX`) takes the largest input
//!   element in the window; padding never wins (it acts as `-inf`).
//! * [`PoolMode::AverageIncludePadding`]
//!   (`CUDNN_POOLING_AVERAGE_COUNT_INCLUDE_PADDING`) divides the sum of the
//!   input elements in the window by the full window size, as if the
//!   padding held zeros.
//! * [`PoolMode::AverageExcludePadding`]
//!   (`CUDNN_POOLING_AVERAGE_COUNT_EXCLUDE_PADDING`) divides it by the number
//!   of input elements in the window only.
//!
//! Sums are accumulated in `f64` and results rounded to the element type once,
//! at the end.
//!
//! ```
//! use cudnn_reference::pool::{self, PoolGeometry, PoolMode};
//!
//! // A 3x3 image, one channel, 2x2 windows, stride 1.
//! let g = PoolGeometry {
//!     batch: 1, channels: 1,
//!     input: vec![3, 3], window: vec![2, 2],
//!     padding: vec![0, 0], stride: vec![1, 1],
//! };
//! let x: Vec<f32> = (1..=9).map(|v| v as f32).collect();
//! assert_eq!(pool::forward(&g, PoolMode::Max, &x), [5.0, 6.0, 8.0, 9.0]);
//! assert_eq!(
//!     pool::forward(&g, PoolMode::AverageIncludePadding, &x),
//!     [3.0, 4.0, 6.0, 7.0]
//! );
//! ```

use super::conv::Scalar;

/// How a window is reduced to one value (cuDNN's `cudnnPoolingMode_t`).
///
/// `CUDNN_POOLING_MAX_DETERMINISTIC` computes what [`Max`](Self::Max)
/// computes (only its backward kernel differs, in being reproducible).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PoolMode {
    /// The largest input element in the window (`CUDNN_POOLING_MAX`).
    Max,
    /// The sum of the input elements in the window divided by the window
    /// size, padded positions counted
    /// (`CUDNN_POOLING_AVERAGE_COUNT_INCLUDE_PADDING`).
    AverageIncludePadding,
    /// The mean of the input elements in the window, padded positions not
    /// counted (`CUDNN_POOLING_AVERAGE_COUNT_EXCLUDE_PADDING`).
    AverageExcludePadding,
}

/// The geometry of one pooling.
///
/// `input`, `window`, `padding` and `stride` have one entry per spatial
/// dimension (1 to 3 of them), outermost first (`[H, W]`, `[D, H, W]`).
/// Padding is symmetric: `padding[i]` positions before and after dimension
/// `i`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PoolGeometry {
    /// Images in the batch (`N`).
    pub batch: usize,
    /// Channels of `x` and `y` (`C`).
    pub channels: usize,
    /// Spatial sizes of `x`, e.g. `[H, W]`.
    pub input: Vec<usize>,
    /// Spatial sizes of the pooling window.
    pub window: Vec<usize>,
    /// Positions added on both sides of each spatial dimension of `x`.
    pub padding: Vec<usize>,
    /// Step between consecutive windows, in input elements.
    pub stride: Vec<usize>,
}

impl PoolGeometry {
    /// Checks consistency: `input`, `window`, `padding` and `stride` all have
    /// the same length, 1 to 3; batch, channels, sizes, windows and strides
    /// are all at least 1; the padding is smaller than the window in every
    /// dimension (so that every window holds at least one input element,
    /// which the maximum and the padding-excluding average need); and the
    /// output has at least one element in every dimension.
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
            ("window", &self.window),
            ("padding", &self.padding),
            ("stride", &self.stride),
        ] {
            if v.len() != dims {
                return Err(format!(
                    "{name} {v:?} has {} entries but input {:?} has {dims}",
                    v.len(),
                    self.input
                ));
            }
        }
        for (name, v) in [("batch", self.batch), ("channels", self.channels)] {
            if v == 0 {
                return Err(format!("{name} is 0"));
            }
        }
        for (name, v) in [
            ("input", &self.input),
            ("window", &self.window),
            ("stride", &self.stride),
        ] {
            if v.contains(&0) {
                return Err(format!("{name} {v:?} has a 0"));
            }
        }
        for i in 0..dims {
            if self.padding[i] >= self.window[i] {
                return Err(format!(
                    "padding {} is not smaller than window {} in spatial dimension {i}",
                    self.padding[i], self.window[i]
                ));
            }
        }
        if let Some(i) = self.output().iter().position(|&o| o == 0) {
            return Err(format!(
                "empty output in spatial dimension {i}: window {} is larger than input {} \
                 padded by {} on each side",
                self.window[i], self.input[i], self.padding[i]
            ));
        }
        Ok(())
    }

    /// Output spatial sizes: `(in + 2*pad - window) / stride + 1` in every
    /// dimension (cuDNN's `cudnnGetPoolingNdForwardOutputDim`).
    ///
    /// Meaningful for a geometry that passes [`validate`](Self::validate);
    /// otherwise a dimension where the window does not fit in the padded
    /// input, or whose stride is 0, comes out as 0.
    pub fn output(&self) -> Vec<usize> {
        self.input
            .iter()
            .zip(&self.window)
            .zip(&self.padding)
            .zip(&self.stride)
            .map(|(((&i, &w), &p), &s)| {
                (i + 2 * p)
                    .checked_sub(w)
                    .and_then(|room| room.checked_div(s))
                    .map_or(0, |steps| steps + 1)
            })
            .collect()
    }

    /// Elements of `x` (and `dx`): `batch * channels * product(input)`.
    pub fn x_len(&self) -> usize {
        self.batch * self.channels * self.input.iter().product::<usize>()
    }

    /// Elements of `y` (and `dy`): `batch * channels * product(output())`.
    pub fn y_len(&self) -> usize {
        self.batch * self.channels * self.output().iter().product::<usize>()
    }
}

/// Spatial sizes padded to three dimensions at the front with size-1,
/// unpadded, unit-stride dimensions, which change no result.
struct Dims3 {
    input: [usize; 3],
    window: [usize; 3],
    output: [usize; 3],
    padding: [usize; 3],
    stride: [usize; 3],
}

impl Dims3 {
    fn new(g: &PoolGeometry) -> Self {
        fn pad3(v: &[usize], fill: usize) -> [usize; 3] {
            let mut out = [fill; 3];
            out[3 - v.len()..].copy_from_slice(v);
            out
        }
        Dims3 {
            input: pad3(&g.input, 1),
            window: pad3(&g.window, 1),
            output: pad3(&g.output(), 1),
            padding: pad3(&g.padding, 0),
            stride: pad3(&g.stride, 1),
        }
    }

    /// The input position that window tap `r` covers for output position
    /// `o`, or `None` where that falls in the padding.
    fn input_position(&self, o: [usize; 3], r: [usize; 3]) -> Option<[usize; 3]> {
        let mut i = [0; 3];
        for d in 0..3 {
            let padded = o[d] * self.stride[d] + r[d];
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
/// the plane numbered `plane` (`n * channels + c`).
fn offset(plane: usize, at: [usize; 3], sizes: [usize; 3]) -> usize {
    ((plane * sizes[0] + at[0]) * sizes[1] + at[1]) * sizes[2] + at[2]
}

/// Calls `visit(y_index, x_indices, window_size)` once for every output
/// element: `x_indices` are the input elements its window covers, in
/// row-major window order (padded positions left out), and `window_size` is
/// the full window size, padding included.
///
/// Forward and backward are both written with this one walk, so they agree
/// on the geometry by construction.
fn for_each_window(g: &PoolGeometry, mut visit: impl FnMut(usize, &[usize], usize)) {
    check_geometry(g);
    let dims = Dims3::new(g);
    let window_size = dims.window.iter().product();
    let mut x_indices = Vec::with_capacity(window_size);
    for plane in 0..g.batch * g.channels {
        for o in positions(dims.output) {
            x_indices.clear();
            for r in positions(dims.window) {
                if let Some(i) = dims.input_position(o, r) {
                    x_indices.push(offset(plane, i, dims.input));
                }
            }
            visit(offset(plane, o, dims.output), &x_indices, window_size);
        }
    }
}

fn check_geometry(g: &PoolGeometry) {
    if let Err(problem) = g.validate() {
        panic!("invalid pooling geometry: {problem} ({g:?})");
    }
}

fn check_len<T>(name: &str, data: &[T], expected: usize, g: &PoolGeometry) {
    assert_eq!(
        data.len(),
        expected,
        "{name} has {} elements but the geometry needs {expected} ({g:?})",
        data.len()
    );
}

/// The first of the largest elements of `x` among `indices`, in their order.
fn first_max(x: &[f64], indices: &[usize]) -> usize {
    let mut best = indices[0];
    for &i in &indices[1..] {
        if x[i] > x[best] {
            best = i;
        }
    }
    best
}

/// The number an average divides the window's sum by.
fn divisor(mode: PoolMode, x_indices: &[usize], window_size: usize) -> f64 {
    match mode {
        PoolMode::AverageExcludePadding => x_indices.len() as f64,
        _ => window_size as f64,
    }
}

/// The forward pooling `y = pool(x)` (cuDNN's `cudnnPoolingForward` with
/// `alpha = 1`, `beta = 0`).
///
/// # Panics
///
/// If `g` fails [`PoolGeometry::validate`], or `x` does not have
/// [`x_len`](PoolGeometry::x_len) elements.
pub fn forward<T: Scalar>(g: &PoolGeometry, mode: PoolMode, x: &[T]) -> Vec<T> {
    check_geometry(g);
    check_len("x", x, g.x_len(), g);
    let x: Vec<f64> = x.iter().map(|v| v.to_f64()).collect();
    let mut y = vec![0.0; g.y_len()];
    for_each_window(g, |yi, xis, window_size| {
        y[yi] = match mode {
            PoolMode::Max => x[first_max(&x, xis)],
            _ => xis.iter().map(|&i| x[i]).sum::<f64>() / divisor(mode, xis, window_size),
        };
    });
    y.into_iter().map(T::from_f64).collect()
}

/// The gradient of `sum(y * dy)` with respect to `x`, for `y = pool(x)`:
/// `dx` (cuDNN's `cudnnPoolingBackward`).
///
/// * Max: each `dy` goes whole to the input element that was the window's
///   maximum. Where several elements of a window tie for the maximum, it
///   goes to the first of them in the window's row-major scan order (cuDNN
///   documents no rule for ties; its result may differ there). The maximum
///   is found again from `x`; `y` is taken, as cuDNN takes it, but only
///   its length is checked.
/// * Averages: each `dy` is divided by the same count as in the forward pass
///   and added to every input element of the window (padding takes its
///   share in [`PoolMode::AverageIncludePadding`], which is lost).
///
/// Input elements no window covers (skipped by a stride) get 0.
///
/// # Panics
///
/// If `g` fails [`PoolGeometry::validate`], or `x`, `y` or `dy` does not have
/// [`x_len`](PoolGeometry::x_len), [`y_len`](PoolGeometry::y_len) and
/// [`y_len`](PoolGeometry::y_len) elements.
pub fn backward<T: Scalar>(g: &PoolGeometry, mode: PoolMode, x: &[T], y: &[T], dy: &[T]) -> Vec<T> {
    check_geometry(g);
    check_len("x", x, g.x_len(), g);
    check_len("y", y, g.y_len(), g);
    check_len("dy", dy, g.y_len(), g);
    let x: Vec<f64> = x.iter().map(|v| v.to_f64()).collect();
    let mut dx = vec![0.0; g.x_len()];
    for_each_window(g, |yi, xis, window_size| {
        let d = dy[yi].to_f64();
        match mode {
            PoolMode::Max => dx[first_max(&x, xis)] += d,
            _ => {
                let share = d / divisor(mode, xis, window_size);
                for &i in xis {
                    dx[i] += share;
                }
            }
        }
    });
    dx.into_iter().map(T::from_f64).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A geometry with the same padding and stride in every dimension.
    fn geometry(
        (batch, channels): (usize, usize),
        input: &[usize],
        window: &[usize],
        (padding, stride): (usize, usize),
    ) -> PoolGeometry {
        let dims = input.len();
        PoolGeometry {
            batch,
            channels,
            input: input.to_vec(),
            window: window.to_vec(),
            padding: vec![padding; dims],
            stride: vec![stride; dims],
        }
    }

    const ALL_MODES: [PoolMode; 3] = [
        PoolMode::Max,
        PoolMode::AverageIncludePadding,
        PoolMode::AverageExcludePadding,
    ];

    #[test]
    fn output_sizes() {
        let size = |i, w, p, s| geometry((1, 1), &[i], &[w], (p, s)).output()[0];
        assert_eq!(size(4, 2, 0, 2), 2);
        assert_eq!(size(5, 2, 0, 2), 2);
        assert_eq!(size(5, 3, 1, 2), 3);
        assert_eq!(size(5, 3, 1, 1), 5);
        assert_eq!(size(7, 3, 0, 3), 2);
        assert_eq!(size(2, 3, 0, 1), 0); // invalid: the window does not fit
        let g = geometry((2, 3), &[6, 5, 4], &[3, 2, 2], (1, 2));
        assert_eq!(g.output(), [3, 3, 3]);
        assert_eq!((g.x_len(), g.y_len()), (6 * 120, 6 * 27));
    }

    #[test]
    fn one_dimensional_by_hand() {
        // Windows of 3 with padding 1 and stride 2 over [1, 5, 2, 4, 3]:
        // [pad, 1, 5], [5, 2, 4], [4, 3, pad].
        let g = geometry((1, 1), &[5], &[3], (1, 2));
        let x = [1.0f64, 5.0, 2.0, 4.0, 3.0];
        assert_eq!(forward(&g, PoolMode::Max, &x), [5.0, 5.0, 4.0]);
        assert_eq!(
            forward(&g, PoolMode::AverageIncludePadding, &x),
            [2.0, 11.0 / 3.0, 7.0 / 3.0]
        );
        assert_eq!(
            forward(&g, PoolMode::AverageExcludePadding, &x),
            [3.0, 11.0 / 3.0, 3.5]
        );
        let y = forward(&g, PoolMode::Max, &x);
        let dy = [1.0, 10.0, 100.0];
        // x[1] is the maximum of the first two windows.
        assert_eq!(
            backward(&g, PoolMode::Max, &x, &y, &dy),
            [0.0, 11.0, 0.0, 100.0, 0.0]
        );
        let dx = backward(&g, PoolMode::AverageExcludePadding, &x, &y, &dy);
        assert_eq!(
            dx,
            [0.5, 0.5 + 10.0 / 3.0, 10.0 / 3.0, 10.0 / 3.0 + 50.0, 50.0]
        );
        let dx = backward(&g, PoolMode::AverageIncludePadding, &x, &y, &dy);
        let third = 1.0 / 3.0;
        let expected = [
            third,
            third + 10.0 * third,
            10.0 * third,
            10.0 * third + 100.0 * third,
            100.0 * third,
        ];
        assert!(dx.iter().zip(&expected).all(|(a, b)| (a - b).abs() < 1e-12));
    }

    #[test]
    fn max_ignores_padding_even_for_negative_inputs() {
        let g = geometry((1, 1), &[2, 2], &[2, 2], (1, 1));
        let x = [-4.0, -3.0, -2.0, -1.0];
        assert_eq!(g.output(), [3, 3]);
        assert_eq!(
            forward(&g, PoolMode::Max, &x),
            [-4.0, -3.0, -3.0, -2.0, -1.0, -1.0, -2.0, -1.0, -1.0]
        );
        // The corner windows see one input element each.
        let avg = forward(&g, PoolMode::AverageExcludePadding, &x);
        assert_eq!([avg[0], avg[2], avg[6], avg[8]], [-4.0, -3.0, -2.0, -1.0]);
        let avg = forward(&g, PoolMode::AverageIncludePadding, &x);
        assert_eq!([avg[0], avg[4]], [-1.0, -2.5]);
    }

    #[test]
    fn ties_go_to_the_first_maximum_in_scan_order() {
        let g = geometry((1, 1), &[2, 2], &[2, 2], (0, 1));
        let x = [1.0, 7.0, 7.0, 7.0];
        let dx = backward(&g, PoolMode::Max, &x, &[7.0], &[1.0]);
        assert_eq!(dx, [0.0, 1.0, 0.0, 0.0]);
    }

    #[test]
    fn planes_are_independent_and_3d_works() {
        // batch 2, channels 2, 2x2x2 images, one window covering each.
        let g = geometry((2, 2), &[2, 2, 2], &[2, 2, 2], (0, 1));
        let x: Vec<f64> = (0..32).map(f64::from).collect();
        assert_eq!(forward(&g, PoolMode::Max, &x), [7.0, 15.0, 23.0, 31.0]);
        assert_eq!(
            forward(&g, PoolMode::AverageExcludePadding, &x),
            [3.5, 11.5, 19.5, 27.5]
        );
        let dx = backward(&g, PoolMode::Max, &x, &[0.0; 4], &[1.0, 2.0, 3.0, 4.0]);
        let nonzero: Vec<(usize, f64)> = dx
            .iter()
            .enumerate()
            .filter(|(_, &v)| v != 0.0)
            .map(|(i, &v)| (i, v))
            .collect();
        assert_eq!(nonzero, [(7, 1.0), (15, 2.0), (23, 3.0), (31, 4.0)]);
    }

    #[test]
    fn adjoint_identity_for_averages() {
        // Average pooling is linear: <pool(x), dy> == <x, backward(dy)>.
        let g = PoolGeometry {
            batch: 2,
            channels: 3,
            input: vec![5, 7],
            window: vec![3, 2],
            padding: vec![1, 1],
            stride: vec![2, 3],
        };
        let x: Vec<f64> = (0..g.x_len())
            .map(|i| ((i * 37) % 11) as f64 - 5.0)
            .collect();
        let dy: Vec<f64> = (0..g.y_len())
            .map(|i| ((i * 13) % 7) as f64 - 3.0)
            .collect();
        for mode in [
            PoolMode::AverageIncludePadding,
            PoolMode::AverageExcludePadding,
        ] {
            let y = forward(&g, mode, &x);
            let via_y: f64 = y.iter().zip(&dy).map(|(a, b)| a * b).sum();
            let dx = backward(&g, mode, &x, &y, &dy);
            let via_x: f64 = x.iter().zip(&dx).map(|(a, b)| a * b).sum();
            assert!((via_x - via_y).abs() < 1e-9, "{mode:?}: {via_x} != {via_y}");
        }
    }

    #[test]
    fn element_types_round_once() {
        let g = geometry((1, 1), &[3], &[3], (0, 1));
        for mode in ALL_MODES {
            let y = forward(&g, mode, &[1i8, 2, 4]);
            assert_eq!(y, [if mode == PoolMode::Max { 4 } else { 2 }]);
        }
        assert_eq!(
            forward(&g, PoolMode::AverageExcludePadding, &[1.0f32, 1.0, 2.0]),
            [(4.0f64 / 3.0) as f32]
        );
    }

    #[test]
    fn validate_reports_the_first_problem() {
        let ok = geometry((1, 2), &[5, 5], &[3, 3], (1, 2));
        assert_eq!(ok.validate(), Ok(()));
        let bad = |f: &dyn Fn(&mut PoolGeometry)| {
            let mut g = ok.clone();
            f(&mut g);
            g.validate().unwrap_err()
        };
        assert!(bad(&|g| g.input = vec![]).contains("0 spatial"));
        assert!(bad(&|g| g.input = vec![5; 4]).contains("4 spatial"));
        assert!(bad(&|g| g.stride = vec![1]).starts_with("stride"));
        assert!(bad(&|g| g.channels = 0).contains("channels is 0"));
        assert!(bad(&|g| g.window = vec![0, 1]).starts_with("window"));
        assert!(bad(&|g| g.stride = vec![1, 0]).starts_with("stride"));
        assert!(bad(&|g| g.padding = vec![1, 3]).contains("dimension 1"));
        assert!(bad(&|g| g.window = vec![3, 8]).contains("empty output"));
    }

    #[test]
    #[should_panic(expected = "dy has 3 elements but the geometry needs 4")]
    fn wrong_length_panics() {
        let g = geometry((1, 1), &[3, 3], &[2, 2], (0, 1));
        backward(&g, PoolMode::Max, &[0.0; 9], &[0.0; 4], &[0.0; 3]);
    }

    #[test]
    #[should_panic(expected = "invalid pooling geometry")]
    fn invalid_geometry_panics() {
        let g = geometry((1, 1), &[3], &[4], (0, 1));
        forward(&g, PoolMode::Max, &[0.0; 3]);
    }
}
