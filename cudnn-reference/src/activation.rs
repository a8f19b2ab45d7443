//! Elementwise activations on the CPU: forward and backward.
//!
//! The functions are those of cuDNN's `cudnnActivationMode_t`, with the
//! coefficient cuDNN keeps in the activation descriptor (`coef`) carried by
//! the [`ActivationKind`] variant that uses it:
//!
//! | kind            | `y = f(x)`                                         |
//! |-----------------|----------------------------------------------------|
//! | `Relu`          | `max(x, 0)`                                        |
//! | `Sigmoid`       | `1 / (1 + exp(-x))`                                |
//! | `Tanh`          | `tanh(x)`                                          |
//! | `ClippedRelu`   | `min(max(x, 0), ceiling)`                          |
//! | `Elu`           | `x` for `x > 0`, else `alpha * (exp(x) - 1)`       |
//! | `Swish`         | `x * sigmoid(beta * x)`                            |
//! | `Identity`      | `x`                                                |
//!
//! Every value is computed in `f64` and rounded to the element type once.
//! Where a derivative is not defined (the kinks of ReLU and clipped ReLU,
//! ELU at 0 when `alpha != 1`), the reference takes the one-sided
//! derivative from the left at 0 (0 for the ReLUs, `alpha` for ELU) and from
//! the right at the ceiling (0); cuDNN documents no rule there, so GPU
//! tests should keep inputs off these points.
//!
//! ```
//! use cudnn_reference::activation::{self, ActivationKind};
//!
//! let x = [-1.0f32, 0.5, 3.0];
//! let y = activation::forward(ActivationKind::ClippedRelu { ceiling: 2.0 }, &x);
//! assert_eq!(y, [0.0, 0.5, 2.0]);
//! // The same function for conv::bias_activation_forward:
//! let act = |v| ActivationKind::Relu.apply(v);
//! assert_eq!(act(-2.0), 0.0);
//! ```

use super::conv::Scalar;

/// An activation function and its coefficient (cuDNN's
/// `cudnnActivationMode_t` with the descriptor's `coef`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ActivationKind {
    /// `max(x, 0)` (`CUDNN_ACTIVATION_RELU`).
    Relu,
    /// `1 / (1 + exp(-x))` (`CUDNN_ACTIVATION_SIGMOID`).
    Sigmoid,
    /// `tanh(x)` (`CUDNN_ACTIVATION_TANH`).
    Tanh,
    /// `min(max(x, 0), ceiling)` (`CUDNN_ACTIVATION_CLIPPED_RELU`, `coef`
    /// being the ceiling).
    ClippedRelu {
        /// The largest output.
        ceiling: f64,
    },
    /// `x` for `x > 0`, `alpha * (exp(x) - 1)` otherwise
    /// (`CUDNN_ACTIVATION_ELU`, `coef` being alpha).
    Elu {
        /// The scale of the negative part.
        alpha: f64,
    },
    /// `x * sigmoid(beta * x)` (`CUDNN_ACTIVATION_SWISH`, `coef` being beta).
    Swish {
        /// The slope inside the sigmoid.
        beta: f64,
    },
    /// `x` (`CUDNN_ACTIVATION_IDENTITY`; cuDNN accepts it only in
    /// `cudnnConvolutionBiasActivationForward`).
    Identity,
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

impl ActivationKind {
    /// `f(x)`, in `f64`.
    pub fn apply(self, x: f64) -> f64 {
        match self {
            ActivationKind::Relu => x.max(0.0),
            ActivationKind::Sigmoid => sigmoid(x),
            ActivationKind::Tanh => x.tanh(),
            ActivationKind::ClippedRelu { ceiling } => x.max(0.0).min(ceiling),
            ActivationKind::Elu { alpha } => {
                if x > 0.0 {
                    x
                } else {
                    alpha * x.exp_m1()
                }
            }
            ActivationKind::Swish { beta } => x * sigmoid(beta * x),
            ActivationKind::Identity => x,
        }
    }

    /// `f'(x)`, in `f64` (one-sided at the kinks, as the module
    /// documentation describes).
    pub fn derivative(self, x: f64) -> f64 {
        match self {
            ActivationKind::Relu => {
                if x > 0.0 {
                    1.0
                } else {
                    0.0
                }
            }
            ActivationKind::Sigmoid => {
                let s = sigmoid(x);
                s * (1.0 - s)
            }
            ActivationKind::Tanh => {
                let t = x.tanh();
                1.0 - t * t
            }
            ActivationKind::ClippedRelu { ceiling } => {
                if x > 0.0 && x < ceiling {
                    1.0
                } else {
                    0.0
                }
            }
            ActivationKind::Elu { alpha } => {
                if x > 0.0 {
                    1.0
                } else {
                    alpha * x.exp()
                }
            }
            ActivationKind::Swish { beta } => {
                let s = sigmoid(beta * x);
                s + beta * x * s * (1.0 - s)
            }
            ActivationKind::Identity => 1.0,
        }
    }
}

/// `y = f(x)` elementwise (cuDNN's `cudnnActivationForward` with
/// `alpha = 1`, `beta = 0`).
pub fn forward<T: Scalar>(kind: ActivationKind, x: &[T]) -> Vec<T> {
    x.iter()
        .map(|v| T::from_f64(kind.apply(v.to_f64())))
        .collect()
}

/// `dx = f'(x) * dy` elementwise (cuDNN's `cudnnActivationBackward` with
/// `alpha = 1`, `beta = 0`).
///
/// The derivative is computed from `x` in `f64`, which is exact, rather than
/// from the rounded `y` as cuDNN may do for sigmoid, tanh and ELU; `y` is
/// taken, as cuDNN takes it, but only its length is checked. The two agree
/// to within the rounding of `y`.
///
/// # Panics
///
/// If `x`, `y` and `dy` do not all have the same length.
pub fn backward<T: Scalar>(kind: ActivationKind, x: &[T], y: &[T], dy: &[T]) -> Vec<T> {
    assert!(
        x.len() == y.len() && x.len() == dy.len(),
        "x, y and dy have different lengths ({}, {} and {})",
        x.len(),
        y.len(),
        dy.len()
    );
    x.iter()
        .zip(dy)
        .map(|(x, dy)| T::from_f64(kind.derivative(x.to_f64()) * dy.to_f64()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const KINDS: [ActivationKind; 7] = [
        ActivationKind::Relu,
        ActivationKind::Sigmoid,
        ActivationKind::Tanh,
        ActivationKind::ClippedRelu { ceiling: 1.5 },
        ActivationKind::Elu { alpha: 0.7 },
        ActivationKind::Swish { beta: 1.3 },
        ActivationKind::Identity,
    ];

    #[test]
    fn values_by_hand() {
        let x = [-2.0, -0.5, 0.0, 0.5, 2.0];
        let f = |kind| forward(kind, &x);
        assert_eq!(f(ActivationKind::Relu), [0.0, 0.0, 0.0, 0.5, 2.0]);
        assert_eq!(
            f(ActivationKind::ClippedRelu { ceiling: 1.0 }),
            [0.0, 0.0, 0.0, 0.5, 1.0]
        );
        assert_eq!(f(ActivationKind::Identity), x);
        assert_eq!(f(ActivationKind::Sigmoid)[2], 0.5);
        assert_eq!(f(ActivationKind::Tanh)[2], 0.0);
        let elu = f(ActivationKind::Elu { alpha: 2.0 });
        assert!((elu[0] - 2.0 * ((-2.0f64).exp() - 1.0)).abs() < 1e-15);
        assert_eq!(elu[3..], [0.5, 2.0]);
        // swish(x) = x * sigmoid(beta * x); with beta = 0 it is x / 2.
        assert_eq!(f(ActivationKind::Swish { beta: 0.0 }), x.map(|v| v / 2.0));
        let swish = f(ActivationKind::Swish { beta: 1.0 });
        assert!((swish[4] - 2.0 / (1.0 + (-2.0f64).exp())).abs() < 1e-15);
    }

    #[test]
    fn derivatives_at_the_kinks_are_one_sided() {
        let d = |kind: ActivationKind, x| kind.derivative(x);
        assert_eq!(d(ActivationKind::Relu, 0.0), 0.0);
        assert_eq!(d(ActivationKind::Relu, 1e-300), 1.0);
        let clipped = ActivationKind::ClippedRelu { ceiling: 2.0 };
        assert_eq!(
            [0.0, 1.0, 2.0, 3.0].map(|x| d(clipped, x)),
            [0.0, 1.0, 0.0, 0.0]
        );
        let elu = ActivationKind::Elu { alpha: 0.5 };
        assert_eq!([0.0, 1.0].map(|x| d(elu, x)), [0.5, 1.0]);
        assert_eq!(d(ActivationKind::Sigmoid, 0.0), 0.25);
        assert_eq!(d(ActivationKind::Tanh, 0.0), 1.0);
        assert_eq!(d(ActivationKind::Swish { beta: 1.0 }, 0.0), 0.5);
    }

    #[test]
    fn derivatives_match_central_differences() {
        let h = 1e-6;
        for kind in KINDS {
            for i in -20..=20 {
                // Off the kinks at 0 and at the ceiling.
                let x = f64::from(i) * 0.173 + 0.01;
                let numeric = (kind.apply(x + h) - kind.apply(x - h)) / (2.0 * h);
                let exact = kind.derivative(x);
                assert!(
                    (numeric - exact).abs() < 1e-8,
                    "{kind:?} at {x}: {numeric} vs {exact}"
                );
            }
        }
    }

    #[test]
    fn backward_multiplies_by_dy() {
        let x = [-1.0f32, 0.25, 3.0];
        let y = forward(ActivationKind::Relu, &x);
        assert_eq!(
            backward(ActivationKind::Relu, &x, &y, &[5.0, 6.0, 7.0]),
            [0.0, 6.0, 7.0]
        );
        let dx = backward(ActivationKind::Sigmoid, &[0.0f64], &[0.5], &[4.0]);
        assert_eq!(dx, [1.0]);
    }

    #[test]
    #[should_panic(expected = "different lengths")]
    fn wrong_length_panics() {
        backward(ActivationKind::Tanh, &[0.0; 3], &[0.0; 3], &[0.0; 2]);
    }
}
