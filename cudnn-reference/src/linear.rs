//! A fully connected layer with its epilogue: `y = act(x W^T + b)`, the
//! function of `cudnn::nn::Linear`.
//!
//! `x` is row-major `[rows, in_features]`, the weight row-major
//! `[out_features, in_features]` (PyTorch's `nn.Linear.weight`), the bias
//! `[out_features]`, `y` row-major `[rows, out_features]`.

/// The activation after the bias.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinearActivation {
    /// None.
    None,
    /// `max(0, v)`.
    Relu,
    /// The exact GELU, `v * (1 + erf(v / sqrt 2)) / 2` (cuDNN's
    /// `GELU_FWD`).
    Gelu,
    /// `v * sigmoid(v)` (cuDNN's `SWISH_FWD` with its default beta of 1).
    Silu,
}

impl LinearActivation {
    /// The activation of `v`.
    pub fn apply(self, v: f64) -> f64 {
        match self {
            LinearActivation::None => v,
            LinearActivation::Relu => v.max(0.0),
            LinearActivation::Gelu => 0.5 * v * (1.0 + libm::erf(v / std::f64::consts::SQRT_2)),
            LinearActivation::Silu => v / (1.0 + (-v).exp()),
        }
    }
}

/// `y = act(x W^T + b)` for `rows` rows, in `f64`.
///
/// # Panics
/// When a slice's length is not the one its shape gives.
pub fn forward(
    rows: usize,
    in_features: usize,
    out_features: usize,
    x: &[f64],
    weight: &[f64],
    bias: Option<&[f64]>,
    activation: LinearActivation,
) -> Vec<f64> {
    assert_eq!(x.len(), rows * in_features, "x");
    assert_eq!(weight.len(), out_features * in_features, "weight");
    if let Some(b) = bias {
        assert_eq!(b.len(), out_features, "bias");
    }
    let mut y = Vec::with_capacity(rows * out_features);
    for r in 0..rows {
        let xr = &x[r * in_features..(r + 1) * in_features];
        for o in 0..out_features {
            let wo = &weight[o * in_features..(o + 1) * in_features];
            let dot: f64 = xr.iter().zip(wo).map(|(a, b)| a * b).sum();
            let v = dot + bias.map_or(0.0, |b| b[o]);
            y.push(activation.apply(v));
        }
    }
    y
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_case_worked_by_hand() {
        // x = [[1, 2]], W = [[3, 4], [-5, 6]], b = [1, -20]:
        // x W^T + b = [1*3 + 2*4 + 1, -5 + 12 - 20] = [12, -13].
        let x = [1.0, 2.0];
        let w = [3.0, 4.0, -5.0, 6.0];
        let b = [1.0, -20.0];
        let plain = forward(1, 2, 2, &x, &w, Some(&b), LinearActivation::None);
        assert_eq!(plain, [12.0, -13.0]);
        let relu = forward(1, 2, 2, &x, &w, Some(&b), LinearActivation::Relu);
        assert_eq!(relu, [12.0, 0.0]);
        let no_bias = forward(1, 2, 2, &x, &w, None, LinearActivation::None);
        assert_eq!(no_bias, [11.0, 7.0]);
    }

    #[test]
    fn gelu_and_silu_at_known_points() {
        let g = LinearActivation::Gelu;
        assert_eq!(g.apply(0.0), 0.0);
        // GELU(1) = Phi(1) = 0.841344746068543 (the normal CDF at 1).
        assert!((g.apply(1.0) - 0.841_344_746_068_543).abs() < 1e-14);
        assert!((g.apply(-1.0) + 1.0 - 0.841_344_746_068_543).abs() < 1e-14);
        let s = LinearActivation::Silu;
        assert!((s.apply(2.0) - 2.0 / (1.0 + (-2.0f64).exp())).abs() < 1e-15);
    }
}
