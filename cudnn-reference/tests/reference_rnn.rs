//! Checks the CPU reference RNN (`cudnn_reference::rnn`), the oracle the
//! GPU tests compare cuDNN with, against fixtures computed independently by
//! PyTorch (`nn.LSTM`, `nn.GRU`, `nn.RNN` on the CPU in float64, batches of
//! different lengths as packed sequences): `tests/fixtures/rnn.json`,
//! written by `scripts/make-torch-fixtures.sh`. How PyTorch's weights map onto
//! cuDNN's weight space is checked with the same fixtures by
//! `cudnn/tests/rnn_pytorch_weights.rs`.
//!
//! Needs neither cuDNN nor a GPU.

#[path = "support/rnn_fixtures.rs"]
mod rnn_fixtures;

use cudnn_reference::conv::max_rel_error;
use cudnn_reference::rnn::{self, RnnGeometry};
use rnn_fixtures::{fixtures, Case};

/// Runs `check` on every case and fails with the names and errors of all
/// the cases whose error exceeds `tolerance`.
fn check_all(what: &str, tolerance: f64, check: impl Fn(&Case, &RnnGeometry) -> f64) {
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
fn the_fixtures_cover_what_the_issue_asks() {
    let f = fixtures();
    let has = |p: &dyn Fn(&Case) -> bool| f.cases.iter().any(p);
    for mode in ["lstm", "gru", "rnn_tanh", "rnn_relu"] {
        assert!(has(&|c| c.mode == mode), "no {mode} case");
        assert!(
            has(&|c| c.mode == mode && c.bidirectional && c.num_layers > 1),
            "no bidirectional multi-layer {mode} case"
        );
    }
    assert!(has(&|c| c.proj_size > 0
        && c.num_layers > 1
        && c.bidirectional));
    assert!(has(&|c| !c.bias));
    assert!(has(&|c| c.h0.is_none()));
    assert!(has(&|c| c.batch_first));
    assert!(has(&|c| c.num_layers >= 3));
    // Variable lengths, with padding in the batch.
    assert!(has(
        &|c| c.lengths.iter().any(|&l| l < c.max_seq_len) && c.batch > 2
    ));
}

#[test]
fn forward_f64_matches_pytorch() {
    check_all("forward (f64)", 1e-10, |case, g| {
        let w = case.weights(g);
        let o = rnn::forward(g, &w, &case.x, case.h0.as_deref(), case.c0.as_deref());
        let mut e = max_rel_error(&o.y, &case.y).max(max_rel_error(&o.hy, &case.hy));
        if let Some(cy) = &case.cy {
            e = e.max(max_rel_error(&o.cy, cy));
        } else {
            assert!(o.cy.is_empty());
        }
        e
    });
}

#[test]
fn forward_f32_matches_pytorch() {
    check_all("forward (f32)", 1e-5, |case, g| {
        let w = case.weights(g).map(|&v| v as f32);
        let x: Vec<f32> = case.x.iter().map(|&v| v as f32).collect();
        let f32s = |v: &Option<Vec<f64>>| {
            v.as_ref()
                .map(|v| v.iter().map(|&v| v as f32).collect::<Vec<f32>>())
        };
        let (h0, c0) = (f32s(&case.h0), f32s(&case.c0));
        let o = rnn::forward(g, &w, &x, h0.as_deref(), c0.as_deref());
        max_rel_error(&o.y, &case.y).max(max_rel_error(&o.hy, &case.hy))
    });
}

#[test]
fn backward_matches_pytorch() {
    check_all("backward (f64)", 1e-10, |case, g| {
        let w = case.weights(g);
        let grads = rnn::backward(
            g,
            &w,
            &case.x,
            case.h0.as_deref(),
            case.c0.as_deref(),
            &case.dy,
            Some(&case.dhy),
            case.dcy.as_deref(),
        );
        let mut e = max_rel_error(&grads.dx, &case.dx);
        if let Some(dh0) = &case.dh0 {
            e = e.max(max_rel_error(&grads.dhx, dh0));
        }
        if let Some(dc0) = &case.dc0 {
            e = e.max(max_rel_error(&grads.dcx, dc0));
        }
        for t in &case.grads {
            let ours = grads
                .dw
                .get(&t.name)
                .expect("every parameter has a gradient");
            e = e.max(max_rel_error(ours, &t.data));
        }
        e
    });
}
