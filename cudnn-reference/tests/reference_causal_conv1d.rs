//! Checks the CPU reference causal depthwise convolution
//! (`cudnn_reference::causal_conv1d`), the oracle the GPU tests compare
//! cuDNN's `cudnnCausalConv1dForward` / `Backward` with, against fixtures
//! computed independently by PyTorch (`F.conv1d` with `groups = D`,
//! `padding = K - 1`, the first `L` outputs, then `F.silu`, on the CPU in
//! float64, gradients by autograd): `tests/fixtures/causal_conv1d.json`,
//! written by `scripts/make-torch-fixtures.sh`
//! (`scripts/fixtures/make_causal_conv1d_fixtures.py`).
//!
//! The `fft` section holds the FFT variants (no bias, no activation, the
//! taps reversed) as `torch.fft` computes them, an independent method.
//! The `b2b` section holds the fused back-to-back variant as NVIDIA's
//! decomposed PyTorch reference (cudnn-frontend's B2B sample) computes it,
//! gradients by autograd.
//!
//! Tolerance: both sides compute in float64 over at most a few hundred
//! terms; every value agrees to `1e-12` relative to `max(1, |want|)`
//! (`1e-11` for the FFT's round-off).
//!
//! Needs neither cuDNN nor a GPU.

use cudnn_reference::causal_conv1d::{
    b2b_backward, b2b_forward, backward, fft_backward, fft_forward, forward, Activation, B2bShape,
    CausalConv1dShape,
};
use serde::Deserialize;

/// One case of `causal_conv1d.json`, every array flat and row-major.
#[derive(Deserialize)]
struct Case {
    name: String,
    batch: usize,
    dim: usize,
    seq_len: usize,
    kernel_size: usize,
    activation: String,
    x: Vec<f64>,
    w: Vec<f64>,
    bias: Vec<f64>,
    dy: Vec<f64>,
    y: Vec<f64>,
    dx: Vec<f64>,
    dw: Vec<f64>,
    dbias: Vec<f64>,
}

/// One case of the `fft` section: no bias, no activation, the weight's
/// taps reversed.
#[derive(Deserialize)]
struct FftCase {
    name: String,
    batch: usize,
    dim: usize,
    seq_len: usize,
    kernel_size: usize,
    x: Vec<f64>,
    w: Vec<f64>,
    dy: Vec<f64>,
    y: Vec<f64>,
    dx: Vec<f64>,
    dw: Vec<f64>,
}

/// One case of the `b2b` section: `x` `[B, D, 3, L]`, `w_proj`
/// `[D, 3, Kp]`, `w_mixer` `[D, Km]`, `y`, `y_gated` and `dy` `[B, D, L]`.
#[derive(Deserialize)]
struct B2bCase {
    name: String,
    batch: usize,
    dim: usize,
    seq_len: usize,
    kernel_size_proj: usize,
    kernel_size_mixer: usize,
    x: Vec<f64>,
    w_proj: Vec<f64>,
    w_mixer: Vec<f64>,
    skip_bias: Vec<f64>,
    dy: Vec<f64>,
    y: Vec<f64>,
    y_gated: Vec<f64>,
    dx: Vec<f64>,
    dw_proj: Vec<f64>,
    dw_mixer: Vec<f64>,
    dskip_bias: Vec<f64>,
}

#[derive(Deserialize)]
struct Fixtures {
    generator: String,
    cases: Vec<Case>,
    fft: Vec<FftCase>,
    b2b: Vec<B2bCase>,
}

fn fixtures() -> Fixtures {
    let text = include_str!("fixtures/causal_conv1d.json");
    serde_json::from_str(text).expect("causal_conv1d.json parses")
}

impl Case {
    fn shape(&self) -> CausalConv1dShape {
        CausalConv1dShape {
            batch: self.batch,
            dim: self.dim,
            seq_len: self.seq_len,
            kernel_size: self.kernel_size,
        }
    }

    fn act(&self) -> Activation {
        match self.activation.as_str() {
            "identity" => Activation::Identity,
            "silu" => Activation::Silu,
            other => panic!("{}: unknown activation {other}", self.name),
        }
    }
}

const REL: f64 = 1e-12;
/// The FFT path of PyTorch rounds more than a direct sum.
const FFT_REL: f64 = 1e-11;

fn worst(got: &[f64], want: &[f64]) -> f64 {
    assert_eq!(got.len(), want.len());
    got.iter()
        .zip(want)
        .map(|(g, w)| (g - w).abs() / w.abs().max(1.0))
        .fold(0.0, f64::max)
}

#[test]
fn the_fixtures_cover_both_activations_batches_and_long_kernels() {
    let f = fixtures();
    let has = |p: &dyn Fn(&Case) -> bool| f.cases.iter().any(p);
    assert!(has(&|c| c.activation == "identity"));
    assert!(has(&|c| c.activation == "silu"));
    assert!(has(&|c| c.batch >= 3));
    assert!(
        has(&|c| c.kernel_size > c.seq_len),
        "no kernel past the start"
    );
    assert!(has(&|c| c.kernel_size >= 16));
}

#[test]
fn forward_and_gradients_match_pytorch() {
    let f = fixtures();
    let mut failures = Vec::new();
    for c in &f.cases {
        let (s, act) = (c.shape(), c.act());
        let y = forward(&c.x, &c.w, &c.bias, &s, act).expect("forward");
        let g = backward(&c.x, &c.w, &c.bias, &c.dy, &s, act).expect("backward");
        for (what, got, want) in [
            ("y", &y, &c.y),
            ("dx", &g.dx, &c.dx),
            ("dw", &g.dw, &c.dw),
            ("dbias", &g.dbias, &c.dbias),
        ] {
            let e = worst(got, want);
            if e.is_nan() || e > REL {
                failures.push(format!("{}: {what} error {e:e}", c.name));
            }
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
fn the_fft_variants_match_pytorchs_fft() {
    let f = fixtures();
    assert!(
        f.fft.iter().any(|c| c.kernel_size >= 128),
        "no cuDNN-sized FFT case"
    );
    let mut failures = Vec::new();
    for c in &f.fft {
        let s = CausalConv1dShape {
            batch: c.batch,
            dim: c.dim,
            seq_len: c.seq_len,
            kernel_size: c.kernel_size,
        };
        let y = fft_forward(&c.x, &c.w, &s).expect("forward");
        let (dx, dw) = fft_backward(&c.x, &c.w, &c.dy, &s).expect("backward");
        for (what, got, want) in [("y", &y, &c.y), ("dx", &dx, &c.dx), ("dw", &dw, &c.dw)] {
            let e = worst(got, want);
            // The FFT's round-off, not the oracle's, sets this bound.
            if e.is_nan() || e > FFT_REL {
                failures.push(format!("{}: {what} error {e:e}", c.name));
            }
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
fn the_b2b_variant_matches_nvidias_pytorch_reference() {
    let f = fixtures();
    assert!(
        f.b2b.iter().any(|c| c.kernel_size_mixer > c.seq_len),
        "no mixer past the start"
    );
    assert!(f.b2b.iter().any(|c| c.batch >= 2 && c.dim >= 2));
    let mut failures = Vec::new();
    for c in &f.b2b {
        let s = B2bShape {
            batch: c.batch,
            dim: c.dim,
            seq_len: c.seq_len,
            kernel_size_proj: c.kernel_size_proj,
            kernel_size_mixer: c.kernel_size_mixer,
        };
        let out = b2b_forward(&c.x, &c.w_proj, &c.w_mixer, &c.skip_bias, &s).expect("forward");
        // The stored y, as cuDNN's backward reads it.
        let g = b2b_backward(&c.x, &c.w_proj, &c.w_mixer, &c.skip_bias, &c.y, &c.dy, &s)
            .expect("backward");
        for (what, got, want) in [
            ("y", &out.y, &c.y),
            ("y_gated", &out.y_gated, &c.y_gated),
            ("dx", &g.dx, &c.dx),
            ("dw_proj", &g.dw_proj, &c.dw_proj),
            ("dw_mixer", &g.dw_mixer, &c.dw_mixer),
            ("dskip_bias", &g.dskip_bias, &c.dskip_bias),
        ] {
            let e = worst(got, want);
            if e.is_nan() || e > REL {
                failures.push(format!("{}: {what} error {e:e}", c.name));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "fixtures from {}:\n  {}",
        f.generator,
        failures.join("\n  ")
    );
}
