//! Rotary position embedding (RoPE) on the CPU: forward and backward.
//!
//! `x`, `y`, `dy` and `dx` are dense, row-major `[B, H, S, D]` tensors (any
//! number of leading dimensions, in fact: only the last two, the sequence
//! position `s` and the head dimension `D`, matter; `D` is even). The
//! rotation angles come as tables of their cosines and sines, dense and
//! row-major, indexed by the sequence position, in one of two widths:
//!
//! * `[S, D/2]`: one angle per rotated pair, `theta[s, p]`;
//! * `[S, D]`: one per element (the `cos`/`sin` tables of Hugging Face's
//!   LLaMA, which repeat the `D/2` angles), used as given.
//!
//! Each `D`-vector `x` at position `s` becomes
//!
//! ```text
//! y = x * cos + rotate(x) * sin
//! ```
//!
//! with `cos` and `sin` the table rows for `s` expanded to `D` elements, and
//! the pairing of elements chosen by [`RopeLayout`]:
//!
//! | layout | pairs | `rotate(x)` | `[S, D/2]` table expanded to `D` |
//! |---|---|---|---|
//! | [`Interleaved`](RopeLayout::Interleaved) | `(x0, x1), (x2, x3), ...` | `[-x1, x0, -x3, x2, ...]` | each entry twice in a row: `c0 c0 c1 c1 ...` |
//! | [`Half`](RopeLayout::Half) | `(x0, x[D/2]), (x1, x[D/2+1]), ...` | `[-x[D/2..], x[..D/2]]` | the row twice: `c0 c1 ... c0 c1 ...` |
//!
//! so that, with a `[S, D/2]` table, each pair `(a, b)` is rotated by its
//! angle: `(a cos - b sin, b cos + a sin)`.
//!
//! `Interleaved` is the layout of the RoFormer paper, GPT-J and Meta's
//! LLaMA reference code (pairs as complex numbers); `Half` is GPT-NeoX's and
//! Hugging Face's `rotate_half`, and the "non-interleaved (halved)"
//! rotation of cuDNN's `CUDNN_BACKEND_OPERATION_ROPE_FWD_DESCRIPTOR`, which
//! takes the angles themselves (`freqs`, one per element) instead of
//! tables: with `rope_dim = D` and `output_scale = 1` it should compute
//! `Half` with `[S, D]` tables `cos(freqs)` and `sin(freqs)`.
//!
//! The backward pass is the transpose, `dx = dy * cos - rotate(dy * sin)`,
//! which for a `[S, D/2]` table is the rotation by minus the angle. Everything is computed in `f64` and rounded once.
//!
//! ```
//! use cudnn_reference::rope::{self, RopeLayout};
//!
//! // One position, D = 4, angles 90 and 0 degrees: the first pair turns.
//! let (cos, sin) = ([0.0f64, 1.0], [1.0f64, 0.0]);
//! let x = [1.0f64, 2.0, 3.0, 4.0];
//! assert_eq!(rope::forward(RopeLayout::Interleaved, 1, 4, &x, &cos, &sin), [-2.0, 1.0, 3.0, 4.0]);
//! // Half pairs (x0, x2) and (x1, x3).
//! assert_eq!(rope::forward(RopeLayout::Half, 1, 4, &x, &cos, &sin), [-3.0, 2.0, 1.0, 4.0]);
//! ```

use super::conv::Scalar;

/// Which elements of a head vector are rotated together (see the [module
/// documentation](self)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RopeLayout {
    /// Adjacent elements: `(x0, x1), (x2, x3), ...` (GPT-J, RoFormer).
    Interleaved,
    /// Elements half a head apart: `(x0, x[D/2]), (x1, x[D/2+1]), ...`
    /// (GPT-NeoX, Hugging Face's LLaMA, cuDNN's ROPE operation).
    Half,
}

/// The rotation angles of the common frequency schedule as a `[S, D/2]`
/// table: `theta[s, p] = s * base^(-2p / D)` (`base` is 10000 in the RoPE
/// paper and LLaMA). Their cosines and sines are the tables [`forward`]
/// takes; cuDNN's ROPE operation takes the angles, repeated to `[S, D]`.
///
/// # Panics
///
/// If `head_dim` is 0 or odd.
pub fn angles(seq_len: usize, head_dim: usize, base: f64) -> Vec<f64> {
    check_head_dim(head_dim);
    let half = head_dim / 2;
    (0..seq_len)
        .flat_map(|s| {
            (0..half).map(move |p| s as f64 * base.powf(-2.0 * p as f64 / head_dim as f64))
        })
        .collect()
}

fn check_head_dim(head_dim: usize) {
    assert!(
        head_dim > 0 && head_dim.is_multiple_of(2),
        "rope: head_dim {head_dim} must be even and positive"
    );
}

/// The checked shape of one call: where each element's table entry and
/// partner are.
struct Shape {
    layout: RopeLayout,
    seq_len: usize,
    head_dim: usize,
    /// The table width, `D/2` or `D`.
    width: usize,
}

impl Shape {
    fn new<T, P>(
        what: &str,
        layout: RopeLayout,
        seq_len: usize,
        head_dim: usize,
        x: &[T],
        cos: &[P],
        sin: &[P],
    ) -> Self {
        check_head_dim(head_dim);
        assert!(seq_len > 0, "rope: seq_len is 0");
        let row = seq_len * head_dim;
        assert!(
            !x.is_empty() && x.len().is_multiple_of(row),
            "rope: {what} has {} elements, not a positive multiple of seq_len {seq_len} * \
             head_dim {head_dim}",
            x.len()
        );
        let width = if cos.len() == seq_len * head_dim / 2 {
            head_dim / 2
        } else if cos.len() == seq_len * head_dim {
            head_dim
        } else {
            panic!(
                "rope: the cos table has {} elements, neither [seq_len {seq_len}, head_dim/2] nor \
                 [seq_len, head_dim {head_dim}]",
                cos.len()
            )
        };
        assert_eq!(
            sin.len(),
            cos.len(),
            "rope: the sin table has {} elements but the cos table {}",
            sin.len(),
            cos.len()
        );
        Self {
            layout,
            seq_len,
            head_dim,
            width,
        }
    }

    /// The table index of element `i` at position `s`.
    fn table(&self, s: usize, i: usize) -> usize {
        let col = if self.width == self.head_dim {
            i
        } else {
            match self.layout {
                RopeLayout::Interleaved => i / 2,
                RopeLayout::Half => i % self.width,
            }
        };
        s * self.width + col
    }

    /// The element that `i` is rotated with, and the sign it enters
    /// `rotate(x)[i]` with.
    fn partner(&self, i: usize) -> (usize, f64) {
        let half = self.head_dim / 2;
        match self.layout {
            RopeLayout::Interleaved if i.is_multiple_of(2) => (i + 1, -1.0),
            RopeLayout::Interleaved => (i - 1, 1.0),
            RopeLayout::Half if i < half => (i + half, -1.0),
            RopeLayout::Half => (i - half, 1.0),
        }
    }

    /// Applies `f(out, x, s)` to every head vector: `x` is the vector at
    /// position `s` (in `f64`), `out` its output slot.
    fn each_vector<T: Scalar>(
        &self,
        x: &[T],
        mut f: impl FnMut(&mut [f64], &[f64], usize),
    ) -> Vec<T> {
        let d = self.head_dim;
        let mut out = vec![0.0; x.len()];
        for (v, (xs, os)) in x.chunks(d).zip(out.chunks_mut(d)).enumerate() {
            let xs: Vec<f64> = xs.iter().map(|v| v.to_f64()).collect();
            f(os, &xs, v % self.seq_len);
        }
        out.into_iter().map(T::from_f64).collect()
    }
}

/// The forward pass, `y = x * cos + rotate(x) * sin` (see the [module
/// documentation](self)).
///
/// # Panics
///
/// If `head_dim` is 0 or odd, `seq_len` is 0, `x` is empty or not a whole
/// number of `[seq_len, head_dim]` blocks, or `cos` does not have
/// `seq_len * head_dim / 2` or `seq_len * head_dim` elements, or `sin` as
/// many as `cos`.
pub fn forward<T: Scalar, P: Scalar>(
    layout: RopeLayout,
    seq_len: usize,
    head_dim: usize,
    x: &[T],
    cos: &[P],
    sin: &[P],
) -> Vec<T> {
    let shape = Shape::new("x", layout, seq_len, head_dim, x, cos, sin);
    shape.each_vector(x, |y, x, s| {
        for (i, y) in y.iter_mut().enumerate() {
            let t = shape.table(s, i);
            let (p, sign) = shape.partner(i);
            *y = x[i] * cos[t].to_f64() + sign * x[p] * sin[t].to_f64();
        }
    })
}

/// The backward pass: the gradient of `sum(y * dy)` with respect to `x`
/// for `y` from [`forward`] with the same tables: `dx = dy * cos -
/// rotate(dy * sin)`, that is `dx[i] = dy[i] * cos[i] + sign * dy[j] *
/// sin[j]` where `j` is the element `i` is rotated with and `sign` is `+1`
/// when `i` comes first in its pair, `-1` otherwise (the rotation by minus
/// the angle, for a `[S, D/2]` table).
///
/// # Panics
///
/// As [`forward`], for `dy` in place of `x`.
pub fn backward<T: Scalar, P: Scalar>(
    layout: RopeLayout,
    seq_len: usize,
    head_dim: usize,
    dy: &[T],
    cos: &[P],
    sin: &[P],
) -> Vec<T> {
    let shape = Shape::new("dy", layout, seq_len, head_dim, dy, cos, sin);
    shape.each_vector(dy, |dx, dy, s| {
        for (i, dx) in dx.iter_mut().enumerate() {
            // x[i] enters y[j], j its partner, as sign_j * x[i] * sin[j].
            let (j, _) = shape.partner(i);
            let (_, sign_j) = shape.partner(j);
            *dx = dy[i] * cos[shape.table(s, i)].to_f64()
                + sign_j * dy[j] * sin[shape.table(s, j)].to_f64();
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_table_widths_agree() {
        let (s, d) = (3, 6);
        let theta = angles(s, d, 100.0);
        let (cos, sin): (Vec<f64>, Vec<f64>) = theta.iter().map(|t| (t.cos(), t.sin())).unzip();
        let x: Vec<f64> = (0..2 * s * d).map(|i| (i as f64 * 0.37).sin()).collect();
        for layout in [RopeLayout::Interleaved, RopeLayout::Half] {
            // Expand the [S, D/2] tables to [S, D] as the layout pairs them.
            let expand = |t: &[f64]| -> Vec<f64> {
                (0..s)
                    .flat_map(|p| {
                        (0..d).map(move |i| match layout {
                            RopeLayout::Interleaved => t[p * d / 2 + i / 2],
                            RopeLayout::Half => t[p * d / 2 + i % (d / 2)],
                        })
                    })
                    .collect()
            };
            let (cos_full, sin_full) = (expand(&cos), expand(&sin));
            assert_eq!(
                forward(layout, s, d, &x, &cos, &sin),
                forward(layout, s, d, &x, &cos_full, &sin_full),
                "{layout:?}"
            );
            assert_eq!(
                backward(layout, s, d, &x, &cos, &sin),
                backward(layout, s, d, &x, &cos_full, &sin_full),
                "{layout:?}"
            );
        }
    }

    #[test]
    fn rotations_keep_norms_and_backward_undoes_them() {
        let (s, d) = (4, 4);
        let theta = angles(s, d, 10.0);
        let (cos, sin): (Vec<f64>, Vec<f64>) = theta.iter().map(|t| (t.cos(), t.sin())).unzip();
        let x: Vec<f64> = (0..s * d).map(|i| i as f64 - 7.5).collect();
        for layout in [RopeLayout::Interleaved, RopeLayout::Half] {
            let y = forward(layout, s, d, &x, &cos, &sin);
            let norm = |v: &[f64]| v.iter().map(|a| a * a).sum::<f64>();
            for p in 0..s {
                let span = p * d..(p + 1) * d;
                assert!((norm(&y[span.clone()]) - norm(&x[span])).abs() < 1e-9);
            }
            // Position 0 has angle 0: unchanged.
            assert_eq!(y[..d], x[..d]);
            let back = backward(layout, s, d, &y, &cos, &sin);
            assert!(back.iter().zip(&x).all(|(a, b)| (a - b).abs() < 1e-12));
        }
    }

    #[test]
    #[should_panic(expected = "rope: head_dim 3 must be even and positive")]
    fn odd_head_dims_panic() {
        forward(RopeLayout::Half, 1, 3, &[0.0f64; 3], &[1.0f64], &[0.0f64]);
    }

    #[test]
    #[should_panic(expected = "the cos table has 3 elements")]
    fn tables_of_another_width_panic() {
        forward(
            RopeLayout::Half,
            2,
            2,
            &[0.0f64; 4],
            &[1.0f64; 3],
            &[0.0f64; 3],
        );
    }
}
