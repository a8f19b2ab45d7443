//! Checks the CPU reference CTC loss (`cudnn_reference::ctc`), the oracle
//! the GPU tests compare cuDNN's `cudnnCTCLoss` with, against fixtures
//! computed independently by PyTorch (`nn.functional.ctc_loss` of
//! `log_softmax(x)` on the CPU in float64, `reduction='none'`, gradients
//! with respect to `x` by autograd): `tests/fixtures/ctc.json`, written by
//! `scripts/make-torch-fixtures.sh` (`scripts/fixtures/make_ctc_fixtures.py`).
//!
//! Tolerances: both sides compute in float64 with log-space recursions;
//! the costs agree to a relative `1e-12` and the gradients (entries of
//! magnitude at most 1) to an absolute `1e-12`.
//!
//! Needs neither cuDNN nor a GPU.

use cudnn_reference::ctc::{ctc_loss, repeats, CtcShape};
use serde::Deserialize;

/// One case of `ctc.json`: `x` is flat `[T, N, A]`.
#[derive(Deserialize)]
struct Case {
    name: String,
    t: usize,
    n: usize,
    a: usize,
    labels: Vec<i32>,
    label_lengths: Vec<i32>,
    input_lengths: Vec<i32>,
    x: Vec<f64>,
    costs: Vec<f64>,
    grads: Vec<f64>,
}

#[derive(Deserialize)]
struct Fixtures {
    generator: String,
    cases: Vec<Case>,
}

fn fixtures() -> Fixtures {
    let text = include_str!("fixtures/ctc.json");
    serde_json::from_str(text).expect("ctc.json parses")
}

impl Case {
    fn shape(&self) -> CtcShape<'_> {
        CtcShape {
            t: self.t,
            n: self.n,
            a: self.a,
            labels: &self.labels,
            label_lengths: &self.label_lengths,
            input_lengths: &self.input_lengths,
        }
    }
}

const COST_REL: f64 = 1e-12;
const GRAD_ABS: f64 = 1e-12;

#[test]
fn the_fixtures_cover_batches_padding_empty_labels_and_tight_repeats() {
    let f = fixtures();
    let has = |p: &dyn Fn(&Case) -> bool| f.cases.iter().any(p);
    assert!(has(&|c| c.n >= 3), "no batch of 3 or more");
    assert!(has(&|c| c.input_lengths.iter().any(|&l| l as usize != c.t)));
    assert!(has(&|c| c.label_lengths.contains(&0)), "no empty label");
    assert!(has(&|c| repeats(&c.labels) > 0), "no repeated labels");
    // An input exactly as long as labels plus repeats: one path fewer
    // than free.
    assert!(has(&|c| {
        let mut at = 0usize;
        c.label_lengths
            .iter()
            .zip(&c.input_lengths)
            .any(|(&ll, &il)| {
                let item = &c.labels[at..at + ll as usize];
                at += ll as usize;
                ll > 0 && il as usize == ll as usize + repeats(item)
            })
    }));
}

#[test]
fn costs_and_gradients_match_pytorch() {
    let f = fixtures();
    let mut failures = Vec::new();
    for c in &f.cases {
        let out = match ctc_loss(&c.x, &c.shape()) {
            Ok(out) => out,
            Err(e) => {
                failures.push(format!("{}: refused: {e}", c.name));
                continue;
            }
        };
        assert_eq!(out.costs.len(), c.costs.len(), "{}", c.name);
        assert_eq!(out.grads.len(), c.grads.len(), "{}", c.name);
        let cost_err = out
            .costs
            .iter()
            .zip(&c.costs)
            .map(|(g, w)| (g - w).abs() / w.abs().max(1.0))
            .fold(0.0, f64::max);
        let grad_err = out
            .grads
            .iter()
            .zip(&c.grads)
            .map(|(g, w)| (g - w).abs())
            .fold(0.0, f64::max);
        if cost_err.is_nan() || cost_err > COST_REL {
            failures.push(format!("{}: cost error {cost_err:e}", c.name));
        }
        if grad_err.is_nan() || grad_err > GRAD_ABS {
            failures.push(format!("{}: gradient error {grad_err:e}", c.name));
        }
    }
    assert!(
        failures.is_empty(),
        "fixtures from {}:\n  {}",
        f.generator,
        failures.join("\n  ")
    );
}

#[test]
fn padding_steps_have_zero_gradient_in_the_fixtures_too() {
    for c in fixtures().cases {
        for (b, &il) in c.input_lengths.iter().enumerate() {
            for t in il as usize..c.t {
                let row = &c.grads[(t * c.n + b) * c.a..][..c.a];
                assert!(row.iter().all(|&g| g == 0.0), "{} t={t} b={b}", c.name);
            }
        }
    }
}
