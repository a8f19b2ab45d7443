//! The shape operations of cuDNN's graph API on the CPU (slice,
//! transpose, concatenation) and the row-wise log-sum-exp its softmax
//! writes as statistics.
//!
//! Tensors are dense and row-major: `dims[0]` outermost. Elements are
//! moved, never rounded, so these work on any `Copy` type.
//!
//! ```
//! use cudnn_reference::shape;
//!
//! // [[0, 1, 2], [3, 4, 5]]: the second column and its transpose.
//! let x = [0, 1, 2, 3, 4, 5];
//! assert_eq!(shape::slice(&[2, 3], &x, &[(0, 2), (1, 2)], &[1, 1]), [1, 4]);
//! assert_eq!(shape::transpose(&[2, 3], &x, &[1, 0]), [0, 3, 1, 4, 2, 5]);
//! ```

use super::conv::Scalar;

/// Row-major strides of `dims`.
fn strides(dims: &[usize]) -> Vec<usize> {
    let mut s = vec![1; dims.len()];
    for i in (0..dims.len().saturating_sub(1)).rev() {
        s[i] = s[i + 1] * dims[i + 1];
    }
    s
}

/// The multi-index of the `flat`-th element of `dims`.
fn unflatten(mut flat: usize, dims: &[usize]) -> Vec<usize> {
    let mut idx = vec![0; dims.len()];
    for i in (0..dims.len()).rev() {
        idx[i] = flat % dims[i];
        flat /= dims[i];
    }
    idx
}

/// The elements of `x` (of dims `dims`) whose index on axis `i` lies in
/// `ranges[i]` (`start..end`), every `steps[i]`-th from the start; the
/// result's extent on axis `i` is `ceil((end - start) / step)`.
///
/// # Panics
/// On a length or count that does not fit, an empty range or one outside
/// `x`, a step of 0.
pub fn slice<T: Copy>(
    dims: &[usize],
    x: &[T],
    ranges: &[(usize, usize)],
    steps: &[usize],
) -> Vec<T> {
    assert_eq!(x.len(), dims.iter().product::<usize>(), "x's length");
    assert_eq!(ranges.len(), dims.len(), "one range per dimension");
    assert_eq!(steps.len(), dims.len(), "one step per dimension");
    let out: Vec<usize> = ranges
        .iter()
        .zip(steps)
        .zip(dims)
        .map(|((&(s, e), &st), &d)| {
            assert!(s < e && e <= d && st > 0, "range {s}..{e} step {st} of {d}");
            (e - s).div_ceil(st)
        })
        .collect();
    let xs = strides(dims);
    (0..out.iter().product::<usize>())
        .map(|f| {
            let idx = unflatten(f, &out);
            let at: usize = (0..dims.len())
                .map(|i| (ranges[i].0 + idx[i] * steps[i]) * xs[i])
                .sum();
            x[at]
        })
        .collect()
}

/// `x` (of dims `dims`) with its axes reordered: the result's axis `i` is
/// `x`'s axis `permutation[i]`.
///
/// # Panics
/// On a length that does not fit or a permutation that is not one.
pub fn transpose<T: Copy>(dims: &[usize], x: &[T], permutation: &[usize]) -> Vec<T> {
    assert_eq!(x.len(), dims.iter().product::<usize>(), "x's length");
    let mut sorted = permutation.to_vec();
    sorted.sort_unstable();
    assert!(sorted.iter().copied().eq(0..dims.len()), "a permutation");
    let out: Vec<usize> = permutation.iter().map(|&p| dims[p]).collect();
    let xs = strides(dims);
    (0..x.len())
        .map(|f| {
            let idx = unflatten(f, &out);
            let at: usize = (0..dims.len()).map(|i| idx[i] * xs[permutation[i]]).sum();
            x[at]
        })
        .collect()
}

/// The tensors `inputs` (each `(dims, elements)`, of one rank and the same
/// dims off `axis`) one after another along `axis`.
///
/// # Panics
/// On no input, lengths or dims that do not fit, an axis out of range.
pub fn concat<T: Copy>(inputs: &[(&[usize], &[T])], axis: usize) -> Vec<T> {
    let (first, _) = inputs.first().expect("at least one input");
    assert!(axis < first.len(), "axis in range");
    for (d, x) in inputs {
        assert_eq!(x.len(), d.iter().product::<usize>(), "an input's length");
        assert_eq!(d.len(), first.len(), "one rank");
        for i in (0..d.len()).filter(|&i| i != axis) {
            assert_eq!(d[i], first[i], "dims off the axis");
        }
    }
    // Outer blocks (axes before `axis`), each the inputs' rows in turn.
    let outer: usize = first[..axis].iter().product();
    let mut out = Vec::new();
    for o in 0..outer {
        for (d, x) in inputs {
            let block: usize = d[axis..].iter().product();
            out.extend_from_slice(&x[o * block..(o + 1) * block]);
        }
    }
    out
}

/// The natural log-sum-exp of each row of `x` (`rows` rows of `cols`
/// elements): `max + ln(sum(exp(x - max)))`, what cuDNN's softmax writes
/// as its statistics.
///
/// # Panics
/// On a length other than `rows * cols`, or `cols` 0.
pub fn log_sum_exp<T: Scalar>(rows: usize, cols: usize, x: &[T]) -> Vec<T> {
    assert_eq!(x.len(), rows * cols, "x's length");
    assert!(cols > 0, "a row has elements");
    x.chunks(cols)
        .map(|row| {
            let v: Vec<f64> = row.iter().map(|e| e.to_f64()).collect();
            let max = v.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let sum: f64 = v.iter().map(|e| (e - max).exp()).sum();
            T::from_f64(max + sum.ln())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slices_take_ranges_and_steps() {
        let x: Vec<i32> = (0..24).collect();
        // dims [2, 3, 4]: the first item, rows 0 and 2, columns 1 and 3.
        let y = slice(&[2, 3, 4], &x, &[(0, 1), (0, 3), (1, 4)], &[1, 2, 2]);
        assert_eq!(y, [1, 3, 9, 11]);
        let all = slice(&[2, 3, 4], &x, &[(0, 2), (0, 3), (0, 4)], &[1, 1, 1]);
        assert_eq!(all, x);
    }

    #[test]
    fn transposes_reorder_the_axes() {
        let x: Vec<i32> = (0..6).collect();
        let t = transpose(&[1, 2, 3], &x, &[0, 2, 1]);
        assert_eq!(t, [0, 3, 1, 4, 2, 5]);
        // Twice is the identity; a 3-cycle three times too.
        assert_eq!(transpose(&[1, 3, 2], &t, &[0, 2, 1]), x);
        let c = transpose(&[1, 2, 3], &x, &[1, 2, 0]);
        let c = transpose(&[2, 3, 1], &c, &[1, 2, 0]);
        assert_eq!(transpose(&[3, 1, 2], &c, &[1, 2, 0]), x);
    }

    #[test]
    fn concatenations_join_along_the_axis() {
        let a = [1, 2, 3, 4]; // [2, 2]
        let b = [5, 6]; // [2, 1]
        assert_eq!(
            concat(&[(&[2, 2], &a), (&[2, 1], &b)], 1),
            [1, 2, 5, 3, 4, 6]
        );
        assert_eq!(
            concat(&[(&[2, 2], &a), (&[1, 2], &b)], 0),
            [1, 2, 3, 4, 5, 6]
        );
    }

    #[test]
    fn log_sum_exp_is_ln_of_the_sum() {
        let x = [0.0f64, 0.0, 1000.0, 1000.0];
        let l = log_sum_exp(2, 2, &x);
        assert!((l[0] - 2f64.ln()).abs() < 1e-12);
        assert!((l[1] - (1000.0 + 2f64.ln())).abs() < 1e-9);
    }
}
