//! What the finite-difference checks of the backward references share:
//! deterministic inputs, the numeric gradient, and its comparison.
//!
//! Included with `#[path]` by `tests/reference_gradcheck.rs` and
//! `tests/reference_norm_attention.rs`.

#![allow(dead_code)]

/// Deterministic values in [-1, 1), all distinct enough for max pooling.
pub fn values(n: usize, seed: u64) -> Vec<f64> {
    let mut s = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(7);
    (0..n)
        .map(|_| {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((s >> 11) as f64 / (1u64 << 53) as f64) * 2.0 - 1.0
        })
        .collect()
}

pub fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// `d/dx sum(f(x) * dy)` by central differences.
pub fn numeric_grad(x: &[f64], dy: &[f64], f: impl Fn(&[f64]) -> Vec<f64>) -> Vec<f64> {
    let h = 1e-6;
    (0..x.len())
        .map(|i| {
            let mut plus = x.to_vec();
            let mut minus = x.to_vec();
            plus[i] += h;
            minus[i] -= h;
            (dot(&f(&plus), dy) - dot(&f(&minus), dy)) / (2.0 * h)
        })
        .collect()
}

pub fn assert_close(what: &str, analytic: &[f64], numeric: &[f64]) {
    assert_eq!(analytic.len(), numeric.len(), "{what}");
    for (i, (a, n)) in analytic.iter().zip(numeric).enumerate() {
        let err = (a - n).abs() / n.abs().max(1.0);
        assert!(
            err < 1e-5,
            "{what}[{i}]: backward {a} vs finite differences {n}"
        );
    }
}
