//! `cudnn::ops::ctc_loss` (cuDNN's legacy `cudnnCTCLoss`, labels and lengths
//! on the host) on a GPU against the CPU reference `cudnn_reference::ctc`,
//! itself checked against PyTorch's `ctc_loss`: costs and the gradient with
//! respect to the activations, with `LossNormalizationMode::SOFTMAX`, both
//! algorithms, fed the raw activations and their log-softmax (as PyTorch
//! feeds it); inputs shorter than `T` (their padding's gradient zeroed);
//! an empty label sequence; bad labels refused before the GPU.
//!
//! Tolerances: cuDNN computes in `f32`; the costs (a few units to tens)
//! agree to a relative `1e-4`, the gradients (entries in [-1, 1]) to an
//! absolute `1e-4`.
//!
//! All `#[ignore = "needs a CUDA GPU"]`; `scripts/gpu-test.sh` runs them.

mod common;

use common::gpu::{download_flat, gpu, rounded, upload_flat, values_scaled, Gpu};

use cudnn::ops::{
    CtcGradMode, CtcLabels, CtcLossAlgo, CtcLossBuffers, CtcLossDescriptor, CtcLossProblem,
    LossNormalizationMode,
};
use cudnn::{Error, Mismatch, Workspace};
use cudnn_reference::ctc::{ctc_loss as reference, CtcShape};

const COST_REL: f64 = 1e-4;
const GRAD_ABS: f64 = 1e-4;

/// One problem: shape, labels per item, input lengths, the activations'
/// scale.
struct Case {
    t: usize,
    a: usize,
    labels: Vec<Vec<i32>>,
    input_lengths: Vec<i32>,
    scale: f64,
}

/// Log-softmax over the alphabet of every `(t, n)` row of `x`.
fn log_softmax(x: &[f64], a: usize) -> Vec<f64> {
    x.chunks(a)
        .flat_map(|row| {
            let m = row.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let lse = m + row.iter().map(|v| (v - m).exp()).sum::<f64>().ln();
            row.iter().map(move |v| v - lse)
        })
        .collect()
}

/// Runs `case` on the GPU with `algo`, fed `x` or its log-softmax, and
/// compares with the reference; the gradient buffer starts at 7.0
/// everywhere, so padding steps must be written as zeros.
fn run(g: &Gpu, case: &Case, algo: CtcLossAlgo, feed_log_softmax: bool, seed: u64) {
    let Gpu {
        stream: s,
        handle: h,
    } = g;
    let n = case.labels.len();
    let (t, a) = (case.t, case.a);
    let x = rounded::<f32>(&values_scaled(t * n * a, seed, case.scale));
    let fed = if feed_log_softmax {
        rounded::<f32>(&log_softmax(&x, a))
    } else {
        x.clone()
    };
    let labels: Vec<i32> = case.labels.concat();
    let label_lengths: Vec<i32> = case.labels.iter().map(|l| l.len() as i32).collect();
    let want = reference(
        &fed,
        &CtcShape {
            t,
            n,
            a,
            labels: &labels,
            label_lengths: &label_lengths,
            input_lengths: &case.input_lengths,
        },
    )
    .expect("reference");

    let ctc = CtcLossDescriptor::new(
        LossNormalizationMode::SOFTMAX,
        CtcGradMode::ZERO_OOB_GRADIENTS,
        256,
    )
    .expect("ctc descriptor");
    let problem = CtcLossProblem::new(ctc, t, n, a).expect("problem");
    let probs = upload_flat::<f32>(s, &fed);
    let mut costs = s.alloc_zeros::<f32>(n).expect("costs");
    let mut grads = upload_flat::<f32>(s, &vec![7.0; t * n * a]);
    let mut ws = Workspace::new();
    h.ctc_loss(
        &problem,
        algo,
        &CtcLabels {
            labels: &labels,
            label_lengths: &label_lengths,
            input_lengths: &case.input_lengths,
        },
        CtcLossBuffers {
            probs: &probs,
            costs: &mut costs,
            gradients: &mut grads,
        },
        &mut ws,
    )
    .expect("cudnnCTCLoss");
    let got_costs = download_flat(s, &costs);
    let got_grads = download_flat(s, &grads);
    let what = format!("{algo} t={t} n={n} a={a} log_softmax={feed_log_softmax}");
    for (b, (g, w)) in got_costs.iter().zip(&want.costs).enumerate() {
        assert!(
            (g - w).abs() <= COST_REL * w.abs().max(1.0),
            "{what}: cost {b}: {g} vs {w}"
        );
    }
    let worst = got_grads
        .iter()
        .zip(&want.grads)
        .map(|(g, w)| (g - w).abs())
        .fold(0.0, f64::max);
    assert!(worst <= GRAD_ABS, "{what}: gradient error {worst:e}");
}

fn full_length_cases() -> Vec<Case> {
    vec![
        Case {
            t: 6,
            a: 5,
            labels: vec![vec![1, 2, 3]],
            input_lengths: vec![6],
            scale: 1.0,
        },
        Case {
            t: 12,
            a: 7,
            labels: vec![vec![1, 2], vec![3, 3, 4], vec![5], vec![6, 1, 6, 1, 6]],
            input_lengths: vec![12; 4],
            scale: 2.0,
        },
        // As tight as repeats allow: 4 labels + 2 repeats in 6 steps.
        Case {
            t: 6,
            a: 3,
            labels: vec![vec![1, 1, 2, 2]],
            input_lengths: vec![6],
            scale: 1.0,
        },
        Case {
            t: 40,
            a: 29,
            labels: vec![(1..=20).collect(), vec![3; 10], vec![28, 27, 1]],
            input_lengths: vec![40; 3],
            scale: 3.0,
        },
    ]
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn ctc_loss_matches_the_reference() {
    let g = gpu();
    for (i, case) in full_length_cases().iter().enumerate() {
        for algo in [CtcLossAlgo::DETERMINISTIC, CtcLossAlgo::NON_DETERMINISTIC] {
            for log_softmax in [false, true] {
                run(&g, case, algo, log_softmax, 100 + i as u64);
            }
        }
    }
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn ctc_loss_with_shorter_inputs_zeroes_their_padding() {
    let g = gpu();
    let case = Case {
        t: 9,
        a: 6,
        labels: vec![vec![2, 1], vec![3], vec![1, 2, 3, 1]],
        input_lengths: vec![5, 2, 9],
        scale: 1.5,
    };
    for algo in [CtcLossAlgo::DETERMINISTIC, CtcLossAlgo::NON_DETERMINISTIC] {
        run(&g, &case, algo, true, 7);
    }
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn ctc_loss_of_an_empty_label_sequence() {
    let g = gpu();
    let case = Case {
        t: 4,
        a: 3,
        labels: vec![vec![], vec![2, 2]],
        input_lengths: vec![4, 4],
        scale: 1.0,
    };
    run(&g, &case, CtcLossAlgo::DETERMINISTIC, true, 11);
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn bad_labels_are_refused_before_the_gpu() {
    let Gpu {
        stream: s,
        handle: h,
    } = gpu();
    let ctc = CtcLossDescriptor::new(
        LossNormalizationMode::SOFTMAX,
        CtcGradMode::ZERO_OOB_GRADIENTS,
        256,
    )
    .expect("ctc descriptor");
    let problem = CtcLossProblem::new(ctc, 3, 1, 3).expect("problem");
    let probs = s.alloc_zeros::<f32>(9).expect("probs");
    let mut costs = s.alloc_zeros::<f32>(1).expect("costs");
    let mut grads = s.alloc_zeros::<f32>(9).expect("grads");
    let mut ws = Workspace::new();
    // 0 is the blank, not a label.
    let e = h
        .ctc_loss(
            &problem,
            CtcLossAlgo::DETERMINISTIC,
            &CtcLabels {
                labels: &[0],
                label_lengths: &[1],
                input_lengths: &[3],
            },
            CtcLossBuffers {
                probs: &probs,
                costs: &mut costs,
                gradients: &mut grads,
            },
            &mut ws,
        )
        .expect_err("label 0");
    assert!(
        matches!(
            e,
            Error::InvalidArgument {
                function: "cudnnCTCLoss",
                mismatch: Mismatch::BadValue { .. }
            }
        ),
        "{e}"
    );
    // A short gradient buffer.
    let mut short = s.alloc_zeros::<f32>(8).expect("short");
    let e = h
        .ctc_loss(
            &problem,
            CtcLossAlgo::DETERMINISTIC,
            &CtcLabels {
                labels: &[1],
                label_lengths: &[1],
                input_lengths: &[3],
            },
            CtcLossBuffers {
                probs: &probs,
                costs: &mut costs,
                gradients: &mut short,
            },
            &mut ws,
        )
        .expect_err("short gradients");
    assert!(
        matches!(
            e,
            Error::InvalidArgument {
                mismatch: Mismatch::BufferTooShort { .. },
                ..
            }
        ),
        "{e}"
    );
}
