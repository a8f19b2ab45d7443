//! Checks the CPU reference of a fully connected layer with its epilogue
//! (`cudnn_reference::linear`, the oracle of `cudnn::nn::Linear`'s GPU
//! tests) against fixtures computed independently by JAX (`jnp.matmul`,
//! `jax.nn.relu`, `jax.nn.gelu(approximate=False)`, `jax.nn.silu` on the
//! CPU, in f64): `tests/fixtures/linear.json`, written by
//! `scripts/make-fixtures.sh`.
//!
//! Needs neither cuDNN nor a GPU.

use cudnn_reference::conv::max_rel_error;
use cudnn_reference::linear::{self, LinearActivation};
use serde::Deserialize;

/// The error tolerated between two f64 computations of the same value.
const TOLERANCE: f64 = 1e-12;

/// A case: the sizes, the activation's name, random inputs and JAX's `y`.
#[derive(Deserialize)]
struct LinearCase {
    name: String,
    rows: usize,
    in_features: usize,
    out_features: usize,
    activation: String,
    x: Vec<f64>,
    weight: Vec<f64>,
    bias: Option<Vec<f64>>,
    y: Vec<f64>,
}

#[derive(Deserialize)]
struct Fixtures {
    generator: String,
    linear: Vec<LinearCase>,
}

#[path = "support/fixture_checks.rs"]
#[macro_use]
mod fixture_checks;

use fixture_checks::check_all;

named!(LinearCase);

fn activation(name: &str) -> LinearActivation {
    match name {
        "none" => LinearActivation::None,
        "relu" => LinearActivation::Relu,
        "gelu" => LinearActivation::Gelu,
        "silu" => LinearActivation::Silu,
        other => panic!("unknown activation {other:?}"),
    }
}

#[test]
fn linear_matches_jax() {
    let f: Fixtures = serde_json::from_str(include_str!("fixtures/linear.json"))
        .expect("tests/fixtures/linear.json does not parse");
    assert!(f.generator.contains("jax"), "{}", f.generator);
    assert!(f.linear.len() >= 7, "too few cases: {}", f.linear.len());
    // Every activation, with and without a bias, is among the cases.
    for a in ["none", "relu", "gelu", "silu"] {
        assert!(f.linear.iter().any(|c| c.activation == a), "no {a} case");
    }
    assert!(f.linear.iter().any(|c| c.bias.is_none()));
    check_all("linear", &f.linear, &f.generator, TOLERANCE, |c| {
        let y = linear::forward(
            c.rows,
            c.in_features,
            c.out_features,
            &c.x,
            &c.weight,
            c.bias.as_deref(),
            activation(&c.activation),
        );
        max_rel_error(&y, &c.y)
    });
}
