//! Tensor arithmetic on the CPU: cuDNN's `cudnnOpTensor`,
//! `cudnnReduceTensor`, `cudnnAddTensor`, `cudnnScaleTensor`,
//! `cudnnSetTensor` and `cudnnTransformTensor` (between channel-first and
//! channel-last layouts).
//!
//! Tensors are dense and row-major, their shapes given as `dims` (any
//! number of dimensions, each at least 1, outermost first). Where one tensor
//! is *broadcast* over another, as `b` in [`op_tensor`] and `a` in
//! [`add_tensor`], it has the same number of dimensions and each of its
//! dimensions either equals the other's or is 1, in which case its one
//! element in that dimension serves every index. [`reduce`] works the other
//! way round: the output has size 1 in the dimensions reduced over and the
//! input's size in the others.
//!
//! The blending that cuDNN applies to an output, `out = ... + beta * out`,
//! reads `out` only where `beta` is not 0: with `beta == 0` its prior
//! content is ignored, NaNs and infinities included, as cuDNN documents for
//! its scaling parameters.
//!
//! Everything is computed in `f64` and rounded to the element type once.
//!
//! ```
//! use cudnn_reference::tensor_ops::{self, OpTensorOp, ReduceOp};
//!
//! // A 2x3 matrix plus a row broadcast down its columns.
//! let a = [1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0];
//! let c = tensor_ops::op_tensor(
//!     OpTensorOp::Add, &[2, 3], 1.0, &a, 10.0, &[1, 3], &[1.0f32, 2.0, 3.0], 0.0, &[0.0; 6],
//! );
//! assert_eq!(c, [11.0, 22.0, 33.0, 14.0, 25.0, 36.0]);
//! // Its row maxima, and where they are.
//! assert_eq!(tensor_ops::reduce(ReduceOp::Max, &[2, 3], &a, &[2, 1]), [3.0, 6.0]);
//! assert_eq!(tensor_ops::reduce_indices(ReduceOp::Max, &[2, 3], &a, &[2, 1]), [2, 2]);
//! ```

use super::conv::{self, Scalar};

/// An elementwise operation (cuDNN's `cudnnOpTensorOp_t`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpTensorOp {
    /// `a + b` (`CUDNN_OP_TENSOR_ADD`).
    Add,
    /// `a * b` (`CUDNN_OP_TENSOR_MUL`).
    Mul,
    /// `min(a, b)` (`CUDNN_OP_TENSOR_MIN`).
    Min,
    /// `max(a, b)` (`CUDNN_OP_TENSOR_MAX`).
    Max,
    /// `sqrt(a)`, `b` unused (`CUDNN_OP_TENSOR_SQRT`); NaN for negative `a`.
    Sqrt,
    /// `1 - a`, `b` unused (`CUDNN_OP_TENSOR_NOT`: the logical not of
    /// 0 and 1).
    Not,
}

impl OpTensorOp {
    /// Whether the operation reads `b` (all but [`Sqrt`](Self::Sqrt) and
    /// [`Not`](Self::Not)).
    pub fn is_binary(self) -> bool {
        !matches!(self, OpTensorOp::Sqrt | OpTensorOp::Not)
    }
}

/// A reduction (cuDNN's `cudnnReduceTensorOp_t`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReduceOp {
    /// The sum (`CUDNN_REDUCE_TENSOR_ADD`).
    Add,
    /// The product (`CUDNN_REDUCE_TENSOR_MUL`).
    Mul,
    /// The smallest element (`CUDNN_REDUCE_TENSOR_MIN`).
    Min,
    /// The largest element (`CUDNN_REDUCE_TENSOR_MAX`).
    Max,
    /// The largest absolute value, `max |x|` (`CUDNN_REDUCE_TENSOR_AMAX`).
    Amax,
    /// The mean (`CUDNN_REDUCE_TENSOR_AVG`).
    Avg,
    /// The sum of absolute values (`CUDNN_REDUCE_TENSOR_NORM1`).
    Norm1,
    /// The square root of the sum of squares (`CUDNN_REDUCE_TENSOR_NORM2`).
    Norm2,
    /// The product of the non-zero elements (`CUDNN_REDUCE_TENSOR_MUL_NO_ZEROS`);
    /// 1, the empty product, where all are zero (cuDNN does not document that
    /// case).
    MulNoZeros,
}

/// The layout of an `(n, c, spatial...)` tensor (cuDNN's
/// `cudnnTensorFormat_t`, for any number of spatial dimensions).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    /// `(n, c, spatial...)`, as `CUDNN_TENSOR_NCHW`.
    ChannelsFirst,
    /// `(n, spatial..., c)`, as `CUDNN_TENSOR_NHWC`.
    ChannelsLast,
}

fn check_dims<T>(name: &str, dims: &[usize], data: &[T]) {
    assert!(
        !dims.is_empty() && !dims.contains(&0),
        "{name} dims {dims:?} must be at least one dimension, none of them 0"
    );
    let len: usize = dims.iter().product();
    assert_eq!(
        data.len(),
        len,
        "{name} has {} elements but dims {dims:?} hold {len}",
        data.len()
    );
}

/// Checks that `small` (named `name`) can be broadcast over `full`: the
/// same number of dimensions, each equal or 1.
fn check_broadcast(name: &str, full: &[usize], small: &[usize]) {
    let fits = small.len() == full.len() && small.iter().zip(full).all(|(&s, &f)| s == f || s == 1);
    assert!(
        fits,
        "{name} dims {small:?} do not match {full:?}: every dimension must be equal or 1"
    );
}

/// The flat index, in a tensor of dims `small` broadcast over `full`, of
/// the element that serves flat index `flat` of `full`.
fn broadcast_index(full: &[usize], small: &[usize], flat: usize) -> usize {
    let mut rest = flat;
    let mut index = 0;
    let mut stride = 1;
    for d in (0..full.len()).rev() {
        let i = rest % full[d];
        rest /= full[d];
        if small[d] != 1 {
            index += i * stride;
        }
        stride *= small[d];
    }
    index
}

/// `beta * prior`, or 0 without reading `prior` when `beta` is 0.
fn blend<T: Scalar>(beta: f64, prior: T) -> f64 {
    if beta == 0.0 {
        0.0
    } else {
        beta * prior.to_f64()
    }
}

/// `c' = op(alpha1 * a, alpha2 * b) + beta * c` elementwise, with `b`
/// broadcast over `a` (cuDNN's `cudnnOpTensor`). `a` and `c` have `dims`;
/// `b` has `b_dims`. For the unary operations ([`Sqrt`](OpTensorOp::Sqrt)
/// and [`Not`](OpTensorOp::Not)) `b` and `b_dims` are not read, as cuDNN
/// ignores `B` for them: pass `&[]` for both.
///
/// # Panics
///
/// If `dims` is empty or has a 0, if `a` or `c` does not have the elements
/// `dims` hold, or (binary operations only) if `b_dims` cannot be broadcast
/// over `dims` or `b` does not have the elements `b_dims` hold.
// The argument list is cuDNN's own; bundling it would only obscure it.
#[allow(clippy::too_many_arguments)]
pub fn op_tensor<T: Scalar>(
    op: OpTensorOp,
    dims: &[usize],
    alpha1: f64,
    a: &[T],
    alpha2: f64,
    b_dims: &[usize],
    b: &[T],
    beta: f64,
    c: &[T],
) -> Vec<T> {
    check_dims("a", dims, a);
    check_dims("c", dims, c);
    if op.is_binary() {
        check_broadcast("b", dims, b_dims);
        check_dims("b", b_dims, b);
    }
    (0..a.len())
        .map(|i| {
            let x = alpha1 * a[i].to_f64();
            let value = match op {
                OpTensorOp::Sqrt => x.sqrt(),
                OpTensorOp::Not => 1.0 - x,
                _ => {
                    let y = alpha2 * b[broadcast_index(dims, b_dims, i)].to_f64();
                    match op {
                        OpTensorOp::Add => x + y,
                        OpTensorOp::Mul => x * y,
                        OpTensorOp::Min => x.min(y),
                        _ => x.max(y),
                    }
                }
            };
            T::from_f64(value + blend(beta, c[i]))
        })
        .collect()
}

/// The elements of `a` grouped by the element of `c` they reduce into, each
/// group in row-major order of `a`: position `k` in a group is the
/// relative, flattened index cuDNN reports for it.
fn blocks<T: Scalar>(a_dims: &[usize], a: &[T], c_dims: &[usize]) -> Vec<Vec<f64>> {
    check_dims("a", a_dims, a);
    check_broadcast("c", a_dims, c_dims);
    let mut blocks = vec![Vec::new(); c_dims.iter().product()];
    for (i, v) in a.iter().enumerate() {
        blocks[broadcast_index(a_dims, c_dims, i)].push(v.to_f64());
    }
    blocks
}

/// The position of the first element of `block` whose `key` is largest.
fn first_largest(block: &[f64], key: impl Fn(f64) -> f64) -> usize {
    let mut best = 0;
    for (k, &v) in block.iter().enumerate() {
        if key(v) > key(block[best]) {
            best = k;
        }
    }
    best
}

/// `c = op(a)` over the dimensions where `c_dims` is 1 and `a_dims` is not
/// (cuDNN's `cudnnReduceTensor` with `alpha = 1`, `beta = 0`; cuDNN's
/// `alpha` scales `a` before the reduction, so passing `alpha * a` here
/// gives its result for any `alpha`).
///
/// # Panics
///
/// If `a_dims` is empty or has a 0, `a` does not have the elements `a_dims`
/// hold, or `c_dims` does not have the same number of dimensions as `a_dims`
/// with each either equal to `a_dims`' or 1.
pub fn reduce<T: Scalar>(op: ReduceOp, a_dims: &[usize], a: &[T], c_dims: &[usize]) -> Vec<T> {
    blocks(a_dims, a, c_dims)
        .iter()
        .map(|block| {
            let value = match op {
                ReduceOp::Add => block.iter().sum(),
                ReduceOp::Mul => block.iter().product(),
                ReduceOp::Min => block.iter().copied().fold(f64::INFINITY, f64::min),
                ReduceOp::Max => block.iter().copied().fold(f64::NEG_INFINITY, f64::max),
                ReduceOp::Amax => block.iter().map(|v| v.abs()).fold(0.0, f64::max),
                ReduceOp::Avg => block.iter().sum::<f64>() / block.len() as f64,
                ReduceOp::Norm1 => block.iter().map(|v| v.abs()).sum(),
                ReduceOp::Norm2 => block.iter().map(|v| v * v).sum::<f64>().sqrt(),
                ReduceOp::MulNoZeros => block.iter().filter(|&&v| v != 0.0).product(),
            };
            T::from_f64(value)
        })
        .collect()
}

/// The indices cuDNN's `cudnnReduceTensor` returns with
/// `CUDNN_REDUCE_TENSOR_FLATTENED_INDICES` for [`Min`](ReduceOp::Min),
/// [`Max`](ReduceOp::Max) and [`Amax`](ReduceOp::Amax): for each element of
/// `c`, the position of the chosen element of `a` within the block reduced
/// into it, the block's elements numbered `0, 1, ...` in row-major order
/// over the reduced dimensions ("relative and flattened"). Where several
/// elements tie, the first is chosen (cuDNN documents no rule for ties).
///
/// # Panics
///
/// As [`reduce`], and if `op` is not `Min`, `Max` or `Amax`.
pub fn reduce_indices<T: Scalar>(
    op: ReduceOp,
    a_dims: &[usize],
    a: &[T],
    c_dims: &[usize],
) -> Vec<u32> {
    let key: fn(f64) -> f64 = match op {
        ReduceOp::Min => |v| -v,
        ReduceOp::Max => |v| v,
        ReduceOp::Amax => f64::abs,
        _ => panic!("reduce_indices: {op:?} has no indices (only Min, Max and Amax do)"),
    };
    blocks(a_dims, a, c_dims)
        .iter()
        .map(|block| {
            let k = first_largest(block, key);
            u32::try_from(k).expect("a reduced block of more than u32::MAX elements")
        })
        .collect()
}

/// `c' = alpha * a + beta * c`, with `a` broadcast over `c` (cuDNN's
/// `cudnnAddTensor`, e.g. adding a `1xCx1x1` bias to an `NxCxHxW` tensor).
///
/// # Panics
///
/// If `c_dims` is empty or has a 0, `a_dims` cannot be broadcast over
/// `c_dims`, or `a` or `c` does not have the elements its dims hold.
pub fn add_tensor<T: Scalar>(
    alpha: f64,
    a_dims: &[usize],
    a: &[T],
    beta: f64,
    c_dims: &[usize],
    c: &[T],
) -> Vec<T> {
    check_dims("c", c_dims, c);
    check_broadcast("a", c_dims, a_dims);
    check_dims("a", a_dims, a);
    c.iter()
        .enumerate()
        .map(|(i, &prior)| {
            let v = alpha * a[broadcast_index(c_dims, a_dims, i)].to_f64();
            T::from_f64(v + blend(beta, prior))
        })
        .collect()
}

/// `y' = alpha * y` elementwise (cuDNN's `cudnnScaleTensor`).
pub fn scale<T: Scalar>(alpha: f64, y: &[T]) -> Vec<T> {
    y.iter().map(|v| T::from_f64(alpha * v.to_f64())).collect()
}

/// `len` elements, every one `value` rounded to `T` (cuDNN's
/// `cudnnSetTensor`).
pub fn set<T: Scalar>(len: usize, value: f64) -> Vec<T> {
    vec![T::from_f64(value); len]
}

/// `y' = alpha * x + beta * y`, where `x` is in `x_layout` and `y` in
/// `y_layout`, both holding an `(n, c, spatial...)` tensor (cuDNN's
/// `cudnnTransformTensor`; the same layout on both sides is a scaled copy).
///
/// # Panics
///
/// If `x` or `y` does not have `n * c * product(spatial)` elements.
// The argument list is cuDNN's own; bundling it would only obscure it.
#[allow(clippy::too_many_arguments)]
pub fn transform<T: Scalar>(
    x_layout: Layout,
    y_layout: Layout,
    n: usize,
    c: usize,
    spatial: &[usize],
    alpha: f64,
    x: &[T],
    beta: f64,
    y: &[T],
) -> Vec<T> {
    let len = n * c * spatial.iter().product::<usize>();
    for (name, data) in [("x", x), ("y", y)] {
        assert_eq!(
            data.len(),
            len,
            "{name} has {} elements but n {n} * c {c} * spatial {spatial:?} is {len}",
            data.len()
        );
    }
    let moved = match (x_layout, y_layout) {
        (Layout::ChannelsFirst, Layout::ChannelsLast) => conv::to_channels_last(x, n, c, spatial),
        (Layout::ChannelsLast, Layout::ChannelsFirst) => conv::to_channels_first(x, n, c, spatial),
        _ => x.to_vec(),
    };
    moved
        .iter()
        .zip(y)
        .map(|(&v, &prior)| T::from_f64(alpha * v.to_f64() + blend(beta, prior)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn broadcast_indices() {
        // A 2x3 tensor: a row [1, 3] serves every row; a column [2, 1] every column.
        let full = [2, 3];
        let row: Vec<usize> = (0..6).map(|i| broadcast_index(&full, &[1, 3], i)).collect();
        assert_eq!(row, [0, 1, 2, 0, 1, 2]);
        let column: Vec<usize> = (0..6).map(|i| broadcast_index(&full, &[2, 1], i)).collect();
        assert_eq!(column, [0, 0, 0, 1, 1, 1]);
        let scalar: Vec<usize> = (0..6).map(|i| broadcast_index(&full, &[1, 1], i)).collect();
        assert_eq!(scalar, [0; 6]);
        // 2x3x4 onto 1x3x1: the middle index ([1, 2, 3] is 12 + 8 + 3).
        assert_eq!(broadcast_index(&[2, 3, 4], &[1, 3, 1], 23), 2);
        assert_eq!(broadcast_index(&[2, 3, 4], &[2, 3, 4], 17), 17);
    }

    #[test]
    fn op_tensor_by_hand() {
        let dims = [2, 2];
        let a = [1.0f64, -2.0, 4.0, 9.0];
        let b = [3.0, 0.5];
        let c = [10.0, 20.0, 30.0, 40.0];
        let op = |op, alpha1, alpha2, beta| {
            op_tensor(op, &dims, alpha1, &a, alpha2, &[1, 2], &b, beta, &c)
        };
        assert_eq!(op(OpTensorOp::Add, 1.0, 1.0, 0.0), [4.0, -1.5, 7.0, 9.5]);
        assert_eq!(op(OpTensorOp::Mul, 2.0, 1.0, 0.0), [6.0, -2.0, 24.0, 9.0]);
        assert_eq!(op(OpTensorOp::Min, 1.0, 2.0, 1.0), [11.0, 18.0, 34.0, 41.0]);
        assert_eq!(op(OpTensorOp::Max, 1.0, -1.0, 0.5), [6.0, 9.5, 19.0, 29.0]);
        let sqrt = op_tensor(OpTensorOp::Sqrt, &dims, 4.0, &a, 0.0, &[], &[], 0.0, &c);
        assert_eq!(sqrt[0], 2.0);
        assert!(sqrt[1].is_nan());
        assert_eq!(sqrt[2..], [4.0, 6.0]);
        let not = op_tensor(
            OpTensorOp::Not,
            &[4],
            1.0,
            &[0.0, 1.0, 0.0, 1.0],
            0.0,
            &[],
            &[],
            0.0,
            &c,
        );
        assert_eq!(not, [1.0, 0.0, 1.0, 0.0]);
    }

    #[test]
    fn beta_zero_does_not_read_the_output() {
        let c = [f64::NAN, f64::INFINITY];
        let y = op_tensor(
            OpTensorOp::Add,
            &[2],
            1.0,
            &[1.0, 2.0],
            1.0,
            &[1],
            &[1.0],
            0.0,
            &c,
        );
        assert_eq!(y, [2.0, 3.0]);
        assert_eq!(add_tensor(2.0, &[1], &[1.0], 0.0, &[2], &c), [2.0, 2.0]);
        let t = transform(
            Layout::ChannelsFirst,
            Layout::ChannelsLast,
            1,
            2,
            &[1],
            1.0,
            &[1.0, 2.0],
            0.0,
            &c,
        );
        assert_eq!(t, [1.0, 2.0]);
    }

    #[test]
    fn reductions_by_hand() {
        // A 2x3 tensor.
        let a = [1.0, -4.0, 2.0, 0.0, 3.0, -1.0];
        let dims = [2, 3];
        let r = |op, c_dims: &[usize]| reduce(op, &dims, &a, c_dims);
        assert_eq!(r(ReduceOp::Add, &[2, 1]), [-1.0, 2.0]);
        assert_eq!(r(ReduceOp::Add, &[1, 3]), [1.0, -1.0, 1.0]);
        assert_eq!(r(ReduceOp::Add, &[1, 1]), [1.0]);
        assert_eq!(r(ReduceOp::Add, &[2, 3]), a);
        assert_eq!(r(ReduceOp::Mul, &[2, 1]), [-8.0, 0.0]);
        assert_eq!(r(ReduceOp::MulNoZeros, &[2, 1]), [-8.0, -3.0]);
        assert_eq!(r(ReduceOp::MulNoZeros, &[1, 3]), [1.0, -12.0, -2.0]);
        assert_eq!(r(ReduceOp::Min, &[2, 1]), [-4.0, -1.0]);
        assert_eq!(r(ReduceOp::Max, &[1, 3]), [1.0, 3.0, 2.0]);
        assert_eq!(r(ReduceOp::Amax, &[2, 1]), [4.0, 3.0]);
        assert_eq!(r(ReduceOp::Avg, &[1, 1]), [1.0 / 6.0]);
        assert_eq!(r(ReduceOp::Norm1, &[2, 1]), [7.0, 4.0]);
        assert_eq!(r(ReduceOp::Norm2, &[1, 3]), [1.0, 5.0, 5f64.sqrt()]);
        assert_eq!(reduce(ReduceOp::MulNoZeros, &[2], &[0.0, 0.0], &[1]), [1.0]);
    }

    #[test]
    fn indices_are_relative_and_flattened() {
        let a = [1.0, -4.0, 2.0, 0.0, 3.0, -1.0];
        let dims = [2, 3];
        let i = |op, c_dims: &[usize]| reduce_indices(op, &dims, &a, c_dims);
        assert_eq!(i(ReduceOp::Min, &[2, 1]), [1, 2]);
        assert_eq!(i(ReduceOp::Max, &[1, 3]), [0, 1, 0]);
        assert_eq!(i(ReduceOp::Amax, &[1, 1]), [1]);
        assert_eq!(i(ReduceOp::Max, &[1, 1]), [4]);
        // 2x2x2 reduced over the outer and inner dimensions: the index runs
        // over (outer, inner) pairs, row-major.
        let a: Vec<f64> = [0, 1, 2, 3, 9, 4, 5, 8].map(f64::from).to_vec();
        assert_eq!(
            reduce_indices(ReduceOp::Max, &[2, 2, 2], &a, &[1, 2, 1]),
            [2, 3]
        );
        // Ties go to the first.
        assert_eq!(
            reduce_indices(ReduceOp::Amax, &[3], &[2.0, -2.0, 1.0], &[1]),
            [0]
        );
        assert_eq!(
            reduce_indices(ReduceOp::Min, &[3], &[2.0, 1.0, 1.0], &[1]),
            [1]
        );
    }

    #[test]
    #[should_panic(expected = "Avg has no indices")]
    fn indices_of_other_reductions_panic() {
        reduce_indices(ReduceOp::Avg, &[2], &[1.0f64, 2.0], &[1]);
    }

    #[test]
    fn add_tensor_broadcasts_a_bias() {
        // n 2, c 2, spatial 2; bias 1x2x1.
        let c: Vec<f32> = (0..8).map(|v| v as f32).collect();
        let y = add_tensor(1.0, &[1, 2, 1], &[100.0f32, 200.0], 1.0, &[2, 2, 2], &c);
        assert_eq!(y, [100.0, 101.0, 202.0, 203.0, 104.0, 105.0, 206.0, 207.0]);
        let y = add_tensor(0.5, &[2, 2, 2], &c, 2.0, &[2, 2, 2], &c);
        assert_eq!(y, c.iter().map(|v| v * 2.5).collect::<Vec<_>>());
    }

    #[test]
    fn scale_set_transform() {
        assert_eq!(scale(-2.0, &[1i8, 100]), [-2, -128]);
        assert_eq!(set::<f32>(3, 0.1), [0.1f32; 3]);
        // n 1, c 2, spatial 3: NCHW [c0: 0 1 2, c1: 3 4 5] is NHWC [0 3 1 4 2 5].
        let nchw = [0.0, 1.0, 2.0, 3.0, 4.0, 5.0];
        let y = [1.0; 6];
        let nhwc = transform(
            Layout::ChannelsFirst,
            Layout::ChannelsLast,
            1,
            2,
            &[3],
            2.0,
            &nchw,
            1.0,
            &y,
        );
        assert_eq!(nhwc, [1.0, 7.0, 3.0, 9.0, 5.0, 11.0]);
        let back = transform(
            Layout::ChannelsLast,
            Layout::ChannelsFirst,
            1,
            2,
            &[3],
            1.0,
            &nhwc,
            0.0,
            &y,
        );
        assert_eq!(back, [1.0, 3.0, 5.0, 7.0, 9.0, 11.0]);
        let same = transform(
            Layout::ChannelsLast,
            Layout::ChannelsLast,
            1,
            2,
            &[3],
            1.0,
            &nhwc,
            0.0,
            &y,
        );
        assert_eq!(same, nhwc);
    }

    #[test]
    #[should_panic(expected = "b dims [2, 2] do not match [2, 3]")]
    fn bad_broadcast_panics() {
        op_tensor(
            OpTensorOp::Add,
            &[2, 3],
            1.0,
            &[0.0f64; 6],
            1.0,
            &[2, 2],
            &[0.0; 4],
            0.0,
            &[0.0; 6],
        );
    }

    #[test]
    #[should_panic(expected = "a has 5 elements but dims [2, 3] hold 6")]
    fn wrong_length_panics() {
        reduce(ReduceOp::Add, &[2, 3], &[0.0f64; 5], &[1, 1]);
    }
}
