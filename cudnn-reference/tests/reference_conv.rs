//! Checks the CPU reference convolution (`cudnn_reference::conv`), the oracle
//! the GPU tests compare cuDNN with, against fixtures computed independently
//! by JAX (`jax.lax.conv_general_dilated` and `jax.vjp` on the CPU, in f64):
//! `tests/fixtures/conv.json`, written by `scripts/make-fixtures.sh`.
//!
//! Needs neither cuDNN nor a GPU.

use cudnn_reference::conv::{self, ConvGeometry};
use serde::Deserialize;

/// One case of `conv.json`: a geometry, random `x`, `w` and `dy`, and JAX's
/// results. Flat, row-major, channel-first arrays.
#[derive(Deserialize)]
struct Case {
    name: String,
    batch: usize,
    in_channels: usize,
    out_channels: usize,
    input: Vec<usize>,
    kernel: Vec<usize>,
    padding: Vec<usize>,
    stride: Vec<usize>,
    dilation: Vec<usize>,
    groups: usize,
    cross_correlation: bool,
    x: Vec<f64>,
    w: Vec<f64>,
    dy: Vec<f64>,
    y: Vec<f64>,
    dx: Vec<f64>,
    dw: Vec<f64>,
    db: Vec<f64>,
}

#[derive(Deserialize)]
struct Fixtures {
    generator: String,
    cases: Vec<Case>,
}

impl Case {
    fn geometry(&self) -> ConvGeometry {
        let g = ConvGeometry {
            batch: self.batch,
            in_channels: self.in_channels,
            out_channels: self.out_channels,
            input: self.input.clone(),
            kernel: self.kernel.clone(),
            padding: self.padding.clone(),
            stride: self.stride.clone(),
            dilation: self.dilation.clone(),
            groups: self.groups,
            cross_correlation: self.cross_correlation,
        };
        assert_eq!(g.validate(), Ok(()), "case {}", self.name);
        let lens = [
            ("x", self.x.len(), g.x_len()),
            ("w", self.w.len(), g.w_len()),
            ("dy", self.dy.len(), g.y_len()),
            ("y", self.y.len(), g.y_len()),
            ("dx", self.dx.len(), g.x_len()),
            ("dw", self.dw.len(), g.w_len()),
            ("db", self.db.len(), g.out_channels),
        ];
        for (what, len, expected) in lens {
            assert_eq!(len, expected, "case {}: {what} length", self.name);
        }
        g
    }
}

fn fixtures() -> Fixtures {
    let fixtures: Fixtures = serde_json::from_str(include_str!("fixtures/conv.json"))
        .expect("tests/fixtures/conv.json does not parse");
    assert!(
        fixtures.generator.contains("jax"),
        "unexpected generator {:?}",
        fixtures.generator
    );
    assert!(fixtures.cases.len() >= 16, "too few cases");
    fixtures
}

/// Runs `check` on every case and fails with the names and errors of all
/// the cases whose error exceeds `tolerance`.
fn check_all(what: &str, tolerance: f64, check: impl Fn(&Case, &ConvGeometry) -> f64) {
    let fixtures = fixtures();
    let failures: Vec<String> = fixtures
        .cases
        .iter()
        .filter_map(|case| {
            let error = check(case, &case.geometry());
            (error.is_nan() || error > tolerance)
                .then(|| format!("{}: max error {error:e}", case.name))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{what}: {} of {} cases exceed {tolerance:e} (fixtures from {}):\n  {}",
        failures.len(),
        fixtures.cases.len(),
        fixtures.generator,
        failures.join("\n  ")
    );
}

#[test]
fn forward_f64_matches_jax() {
    check_all("forward (f64)", 1e-9, |case, g| {
        conv::max_rel_error(&conv::forward(g, &case.x, &case.w), &case.y)
    });
}

#[test]
fn forward_f32_matches_jax() {
    check_all("forward (f32)", 1e-4, |case, g| {
        let x: Vec<f32> = case.x.iter().map(|&v| v as f32).collect();
        let w: Vec<f32> = case.w.iter().map(|&v| v as f32).collect();
        conv::max_rel_error(&conv::forward(g, &x, &w), &case.y)
    });
}

#[test]
fn backward_data_matches_jax() {
    check_all("backward_data", 1e-9, |case, g| {
        conv::max_rel_error(&conv::backward_data(g, &case.w, &case.dy), &case.dx)
    });
}

#[test]
fn backward_filter_matches_jax() {
    check_all("backward_filter", 1e-9, |case, g| {
        conv::max_rel_error(&conv::backward_filter(g, &case.x, &case.dy), &case.dw)
    });
}

#[test]
fn backward_bias_matches_jax() {
    check_all("backward_bias", 1e-9, |case, g| {
        let db = conv::backward_bias(&case.dy, g.batch, g.out_channels);
        conv::max_rel_error(&db, &case.db)
    });
}
