//! Checks the CPU references of the graph API's normalisations, attention
//! and rotary embedding (`cudnn_reference::{norm, attention, rope}`), the
//! oracles the GPU tests compare cuDNN with, two ways:
//!
//! * against two sets of fixtures, computed independently on the CPU in f64
//!   and run through the same checks (each failure names its file):
//!   - by JAX (`jax.numpy` and `jax.vjp`; the attention outputs also checked
//!     there against `jax.nn.dot_product_attention`):
//!     `tests/fixtures/norm_attention.json`, written by
//!     `scripts/make-fixtures.sh`;
//!   - by PyTorch (`torch.nn.functional.layer_norm`, `rms_norm`,
//!     `instance_norm` and `scaled_dot_product_attention`, RoPE in torch
//!     ops, gradients by `torch.autograd.grad`):
//!     `tests/fixtures/norm_attention_torch.json`, written by
//!     `scripts/make-torch-fixtures.sh`.
//!
//!   Both files have the same schema and the same cases, with different
//!   random inputs. Both sides compute in f64, so they must agree to
//!   [`TOLERANCE`], relative above 1 and absolute below;
//! * every backward against central differences of its forward, for a loss
//!   `L = sum(forward(x) * dy)`, to 1e-5.
//!
//! Needs neither cuDNN nor a GPU.

use cudnn_reference::attention::{
    self, Attention, AttentionBias, AttentionGeometry, AttentionMask, BiasShape, DiagonalAlignment,
};
use cudnn_reference::conv::max_rel_error;
use cudnn_reference::norm;
use cudnn_reference::rope::{self, RopeLayout};
use serde::Deserialize;

/// The error tolerated between two f64 computations of the same value.
const TOLERANCE: f64 = 1e-9;

/// A layer norm case: `x` normalised over rows of `normalized_len`.
#[derive(Deserialize)]
struct LayerNormCase {
    name: String,
    normalized_len: usize,
    eps: f64,
    x: Vec<f64>,
    scale: Vec<f64>,
    bias: Vec<f64>,
    dy: Vec<f64>,
    y: Vec<f64>,
    mean: Vec<f64>,
    inv_std: Vec<f64>,
    dx: Vec<f64>,
    dscale: Vec<f64>,
    dbias: Vec<f64>,
}

/// An RMS norm case, with or without a bias.
#[derive(Deserialize)]
struct RmsNormCase {
    name: String,
    normalized_len: usize,
    eps: f64,
    x: Vec<f64>,
    scale: Vec<f64>,
    bias: Option<Vec<f64>>,
    dy: Vec<f64>,
    y: Vec<f64>,
    inv_rms: Vec<f64>,
    dx: Vec<f64>,
    dscale: Vec<f64>,
    dbias: Option<Vec<f64>>,
}

/// An instance norm case over an `(n, channels, spatial_len)` tensor.
#[derive(Deserialize)]
struct InstanceNormCase {
    name: String,
    channels: usize,
    spatial_len: usize,
    eps: f64,
    x: Vec<f64>,
    scale: Vec<f64>,
    bias: Vec<f64>,
    dy: Vec<f64>,
    y: Vec<f64>,
    mean: Vec<f64>,
    inv_std: Vec<f64>,
    dx: Vec<f64>,
    dscale: Vec<f64>,
    dbias: Vec<f64>,
}

#[derive(Deserialize)]
struct BiasShapeJson {
    per_batch: bool,
    per_head: bool,
}

/// An attention case: sizes, masks, random inputs and the generator's
/// outputs and gradients. `stats` has `null` for minus infinity (a fully masked row).
#[derive(Deserialize)]
struct AttentionCase {
    name: String,
    batch: usize,
    heads: usize,
    kv_heads: usize,
    seq_q: usize,
    seq_kv: usize,
    head_dim: usize,
    head_dim_v: usize,
    scale: f64,
    alignment: String,
    right_bound: Option<usize>,
    left_bound: Option<usize>,
    seq_len_q: Option<Vec<usize>>,
    seq_len_kv: Option<Vec<usize>>,
    bias_shape: Option<BiasShapeJson>,
    q: Vec<f64>,
    k: Vec<f64>,
    v: Vec<f64>,
    bias: Option<Vec<f64>>,
    d_o: Vec<f64>,
    o: Vec<f64>,
    stats: Vec<Option<f64>>,
    dq: Vec<f64>,
    dk: Vec<f64>,
    dv: Vec<f64>,
    dbias: Option<Vec<f64>>,
}

/// A rotary embedding case: `x` of `[B, H, seq_len, head_dim]`, tables of
/// `[seq_len, head_dim / 2]` or `[seq_len, head_dim]`.
#[derive(Deserialize)]
struct RopeCase {
    name: String,
    layout: String,
    seq_len: usize,
    head_dim: usize,
    x: Vec<f64>,
    cos: Vec<f64>,
    sin: Vec<f64>,
    dy: Vec<f64>,
    y: Vec<f64>,
    dx: Vec<f64>,
}

#[derive(Deserialize)]
struct Fixtures {
    generator: String,
    layer_norm: Vec<LayerNormCase>,
    rms_norm: Vec<RmsNormCase>,
    instance_norm: Vec<InstanceNormCase>,
    attention: Vec<AttentionCase>,
    rope: Vec<RopeCase>,
}

/// A fixture case, known by its name.
#[path = "support/fixture_checks.rs"]
#[macro_use]
mod fixture_checks;

use fixture_checks::{failures, worst};

named!(
    LayerNormCase,
    RmsNormCase,
    InstanceNormCase,
    AttentionCase,
    RopeCase
);

/// The fixture files: their paths, a word their generator must name, and
/// their text.
const FIXTURE_FILES: [(&str, &str, &str); 2] = [
    (
        "tests/fixtures/norm_attention.json",
        "jax",
        include_str!("fixtures/norm_attention.json"),
    ),
    (
        "tests/fixtures/norm_attention_torch.json",
        "torch",
        include_str!("fixtures/norm_attention_torch.json"),
    ),
];

/// A parsed fixture file and its path.
struct FixtureFile {
    path: &'static str,
    fixtures: Fixtures,
}

fn fixture_files() -> Vec<FixtureFile> {
    FIXTURE_FILES
        .iter()
        .map(|&(path, generator, text)| {
            let fixtures: Fixtures =
                serde_json::from_str(text).unwrap_or_else(|e| panic!("{path} does not parse: {e}"));
            assert!(
                fixtures.generator.contains(generator),
                "{path}: unexpected generator {:?}",
                fixtures.generator
            );
            let counts = [
                ("layer_norm", fixtures.layer_norm.len(), 3),
                ("rms_norm", fixtures.rms_norm.len(), 3),
                ("instance_norm", fixtures.instance_norm.len(), 2),
                ("attention", fixtures.attention.len(), 12),
                ("rope", fixtures.rope.len(), 4),
            ];
            for (section, len, least) in counts {
                assert!(
                    len >= least,
                    "{path}: too few {section} cases: {len} < {least}"
                );
            }
            FixtureFile { path, fixtures }
        })
        .collect()
}

/// Runs `check` over the cases of `section` in every fixture file, and
/// fails with the cases beyond [`TOLERANCE`] of all files, each report
/// naming its file.
fn check_files<C: fixture_checks::Named>(
    what: &str,
    section: fn(&Fixtures) -> &[C],
    check: impl Fn(&C) -> f64,
) {
    let reports: Vec<String> = fixture_files()
        .iter()
        .filter_map(|file| {
            let f = &file.fixtures;
            let what = format!("{}: {what}", file.path);
            failures(&what, section(f), &f.generator, TOLERANCE, &check)
        })
        .collect();
    assert!(reports.is_empty(), "{}", reports.join("\n"));
}

/// The error of an optional result against an optional expectation: both
/// or neither must be present.
fn optional_error(got: Option<&[f64]>, expected: Option<&[f64]>) -> f64 {
    match (got, expected) {
        (Some(got), Some(expected)) => max_rel_error(got, expected),
        (None, None) => 0.0,
        _ => f64::INFINITY,
    }
}

impl AttentionCase {
    fn op(&self) -> Attention<'_, f64> {
        let geometry = AttentionGeometry {
            batch: self.batch,
            heads: self.heads,
            kv_heads: self.kv_heads,
            seq_q: self.seq_q,
            seq_kv: self.seq_kv,
            head_dim: self.head_dim,
            head_dim_v: self.head_dim_v,
        };
        assert_eq!(geometry.validate(), Ok(()), "case {}", self.name);
        let lens = [
            ("q", self.q.len(), geometry.q_len()),
            ("k", self.k.len(), geometry.k_len()),
            ("v", self.v.len(), geometry.v_len()),
            ("o", self.o.len(), geometry.o_len()),
            ("d_o", self.d_o.len(), geometry.o_len()),
            ("stats", self.stats.len(), geometry.stats_len()),
        ];
        for (what, len, expected) in lens {
            assert_eq!(len, expected, "case {}: {what} length", self.name);
        }
        let alignment = match self.alignment.as_str() {
            "top_left" => DiagonalAlignment::TopLeft,
            "bottom_right" => DiagonalAlignment::BottomRight,
            other => panic!("case {}: unknown alignment {other:?}", self.name),
        };
        let bias = match (&self.bias, &self.bias_shape) {
            (Some(data), Some(shape)) => Some(AttentionBias {
                data: &data[..],
                shape: BiasShape {
                    per_batch: shape.per_batch,
                    per_head: shape.per_head,
                },
            }),
            (None, None) => None,
            _ => panic!("case {}: a bias without a shape or the reverse", self.name),
        };
        Attention {
            geometry,
            scale: self.scale,
            bias,
            mask: AttentionMask {
                alignment,
                right_bound: self.right_bound,
                left_bound: self.left_bound,
                seq_len_q: self.seq_len_q.clone(),
                seq_len_kv: self.seq_len_kv.clone(),
            },
            sink: None,
        }
    }

    /// The fixture's statistics, `null` read as minus infinity.
    fn stats(&self) -> Vec<f64> {
        self.stats
            .iter()
            .map(|s| s.unwrap_or(f64::NEG_INFINITY))
            .collect()
    }
}

impl RopeCase {
    fn layout(&self) -> RopeLayout {
        match self.layout.as_str() {
            "interleaved" => RopeLayout::Interleaved,
            "half" => RopeLayout::Half,
            other => panic!("case {}: unknown layout {other:?}", self.name),
        }
    }
}

/// The names of the cases of every section, in order.
fn case_names(f: &Fixtures) -> Vec<Vec<&str>> {
    fn names<C: fixture_checks::Named>(cases: &[C]) -> Vec<&str> {
        cases.iter().map(|c| c.name()).collect()
    }
    vec![
        names(&f.layer_norm),
        names(&f.rms_norm),
        names(&f.instance_norm),
        names(&f.attention),
        names(&f.rope),
    ]
}

#[test]
fn fixture_files_hold_the_same_cases() {
    let files = fixture_files();
    let first = &files[0];
    for file in &files[1..] {
        assert_eq!(
            case_names(&file.fixtures),
            case_names(&first.fixtures),
            "{} and {} hold different cases",
            file.path,
            first.path
        );
    }
}

#[test]
fn layer_norm_matches_fixtures() {
    check_files(
        "norm::layer_norm_*",
        |f| &f.layer_norm,
        |c| {
            let fwd = norm::layer_norm_forward(c.normalized_len, c.eps, &c.x, &c.scale, &c.bias);
            let back = norm::layer_norm_backward(
                c.normalized_len,
                &c.dy,
                &c.x,
                &c.scale,
                &c.mean,
                &c.inv_std,
            );
            worst([
                max_rel_error(&fwd.y, &c.y),
                max_rel_error(&fwd.mean, &c.mean),
                max_rel_error(&fwd.inv_std, &c.inv_std),
                max_rel_error(&back.dx, &c.dx),
                max_rel_error(&back.dscale, &c.dscale),
                max_rel_error(&back.dbias, &c.dbias),
            ])
        },
    );
}

#[test]
fn rms_norm_matches_fixtures() {
    for file in fixture_files() {
        let f = &file.fixtures;
        assert!(f.rms_norm.iter().any(|c| c.bias.is_some()), "{}", file.path);
        assert!(f.rms_norm.iter().any(|c| c.bias.is_none()), "{}", file.path);
    }
    check_files(
        "norm::rms_norm_*",
        |f| &f.rms_norm,
        |c| {
            let fwd =
                norm::rms_norm_forward(c.normalized_len, c.eps, &c.x, &c.scale, c.bias.as_deref());
            let back = norm::rms_norm_backward(c.normalized_len, &c.dy, &c.x, &c.scale, &c.inv_rms);
            let dbias = c.bias.as_ref().map(|_| &back.dbias[..]);
            worst([
                max_rel_error(&fwd.y, &c.y),
                max_rel_error(&fwd.inv_rms, &c.inv_rms),
                max_rel_error(&back.dx, &c.dx),
                max_rel_error(&back.dscale, &c.dscale),
                optional_error(dbias, c.dbias.as_deref()),
            ])
        },
    );
}

#[test]
fn instance_norm_matches_fixtures() {
    check_files(
        "norm::instance_norm_*",
        |f| &f.instance_norm,
        |c| {
            let (ch, s) = (c.channels, c.spatial_len);
            let fwd = norm::instance_norm_forward(ch, s, c.eps, &c.x, &c.scale, &c.bias);
            let back =
                norm::instance_norm_backward(ch, s, &c.dy, &c.x, &c.scale, &c.mean, &c.inv_std);
            worst([
                max_rel_error(&fwd.y, &c.y),
                max_rel_error(&fwd.mean, &c.mean),
                max_rel_error(&fwd.inv_std, &c.inv_std),
                max_rel_error(&back.dx, &c.dx),
                max_rel_error(&back.dscale, &c.dscale),
                max_rel_error(&back.dbias, &c.dbias),
            ])
        },
    );
}

#[test]
fn attention_fixtures_cover_the_masks() {
    for file in fixture_files() {
        let path = file.path;
        let any = |p: &dyn Fn(&AttentionCase) -> bool| file.fixtures.attention.iter().any(p);
        let covered = [
            (
                "causal top-left",
                any(&|c| c.right_bound == Some(0) && c.alignment == "top_left"),
            ),
            (
                "causal bottom-right",
                any(&|c| c.right_bound == Some(0) && c.alignment == "bottom_right"),
            ),
            ("left bound", any(&|c| c.left_bound.is_some())),
            (
                "padding",
                any(&|c| c.seq_len_q.is_some() && c.seq_len_kv.is_some()),
            ),
            ("grouped queries", any(&|c| c.kv_heads < c.heads)),
            ("D_v != D", any(&|c| c.head_dim_v != c.head_dim)),
            (
                "fully masked rows",
                any(&|c| c.stats.iter().any(Option::is_none)),
            ),
        ];
        for (what, covered) in covered {
            assert!(covered, "{path}: no case with {what}");
        }
        for (per_batch, per_head) in [(false, false), (false, true), (true, false), (true, true)] {
            assert!(
                any(&|c| c
                    .bias_shape
                    .as_ref()
                    .is_some_and(|s| (s.per_batch, s.per_head) == (per_batch, per_head))),
                "{path}: no bias of shape per_batch {per_batch}, per_head {per_head}"
            );
        }
    }
}

#[test]
fn attention_forward_matches_fixtures() {
    check_files(
        "attention::forward",
        |f| &f.attention,
        |c| {
            let out = attention::forward(&c.op(), &c.q, &c.k, &c.v);
            // Equal infinities (fully masked rows) count as 0.
            worst([
                max_rel_error(&out.o, &c.o),
                max_rel_error(&out.stats, &c.stats()),
            ])
        },
    );
}

#[test]
fn attention_backward_matches_fixtures() {
    check_files(
        "attention::backward",
        |f| &f.attention,
        |c| {
            // From the fixture's o and statistics, not the forward's.
            let back = attention::backward(&c.op(), &c.q, &c.k, &c.v, &c.o, &c.d_o, &c.stats());
            worst([
                max_rel_error(&back.dq, &c.dq),
                max_rel_error(&back.dk, &c.dk),
                max_rel_error(&back.dv, &c.dv),
                optional_error(back.dbias.as_deref(), c.dbias.as_deref()),
            ])
        },
    );
}

#[test]
fn rope_matches_fixtures() {
    check_files(
        "rope::*",
        |f| &f.rope,
        |c| {
            let y = rope::forward(c.layout(), c.seq_len, c.head_dim, &c.x, &c.cos, &c.sin);
            let dx = rope::backward(c.layout(), c.seq_len, c.head_dim, &c.dy, &c.cos, &c.sin);
            worst([max_rel_error(&y, &c.y), max_rel_error(&dx, &c.dx)])
        },
    );
}

// Finite differences ----------------------------------------------------------

#[path = "support/gradcheck.rs"]
mod gradcheck;

use gradcheck::{assert_close, numeric_grad, values};

#[test]
fn layer_norm_gradients() {
    let (rows, len) = (3, 5);
    let x = values(rows * len, 1);
    let dy = values(rows * len, 2);
    let scale = values(len, 3);
    let bias = values(len, 4);
    let eps = 1e-3;
    let fwd = |x: &[f64], scale: &[f64], bias: &[f64]| {
        norm::layer_norm_forward::<f64, f64>(len, eps, x, scale, bias).y
    };
    let saved = norm::layer_norm_forward::<f64, f64>(len, eps, &x, &scale, &bias);
    let b = norm::layer_norm_backward(len, &dy, &x, &scale, &saved.mean, &saved.inv_std);
    assert_close(
        "layer norm dx",
        &b.dx,
        &numeric_grad(&x, &dy, |x| fwd(x, &scale, &bias)),
    );
    assert_close(
        "layer norm dscale",
        &b.dscale,
        &numeric_grad(&scale, &dy, |s| fwd(&x, s, &bias)),
    );
    assert_close(
        "layer norm dbias",
        &b.dbias,
        &numeric_grad(&bias, &dy, |bi| fwd(&x, &scale, bi)),
    );
}

#[test]
fn rms_norm_gradients() {
    let (rows, len) = (4, 3);
    let x = values(rows * len, 5);
    let dy = values(rows * len, 6);
    let scale = values(len, 7);
    let bias = values(len, 8);
    let eps = 1e-2;
    let fwd = |x: &[f64], scale: &[f64], bias: &[f64]| {
        norm::rms_norm_forward::<f64, f64>(len, eps, x, scale, Some(bias)).y
    };
    let saved = norm::rms_norm_forward::<f64, f64>(len, eps, &x, &scale, Some(&bias));
    let b = norm::rms_norm_backward(len, &dy, &x, &scale, &saved.inv_rms);
    assert_close(
        "RMS norm dx",
        &b.dx,
        &numeric_grad(&x, &dy, |x| fwd(x, &scale, &bias)),
    );
    assert_close(
        "RMS norm dscale",
        &b.dscale,
        &numeric_grad(&scale, &dy, |s| fwd(&x, s, &bias)),
    );
    assert_close(
        "RMS norm dbias",
        &b.dbias,
        &numeric_grad(&bias, &dy, |bi| fwd(&x, &scale, bi)),
    );
}

#[test]
fn instance_norm_gradients() {
    let (n, c, s) = (2, 3, 4);
    let x = values(n * c * s, 9);
    let dy = values(n * c * s, 10);
    let scale = values(c, 11);
    let bias = values(c, 12);
    let eps = 1e-3;
    let fwd = |x: &[f64], scale: &[f64], bias: &[f64]| {
        norm::instance_norm_forward::<f64, f64>(c, s, eps, x, scale, bias).y
    };
    let saved = norm::instance_norm_forward::<f64, f64>(c, s, eps, &x, &scale, &bias);
    let b = norm::instance_norm_backward(c, s, &dy, &x, &scale, &saved.mean, &saved.inv_std);
    assert_close(
        "instance norm dx",
        &b.dx,
        &numeric_grad(&x, &dy, |x| fwd(x, &scale, &bias)),
    );
    assert_close(
        "instance norm dscale",
        &b.dscale,
        &numeric_grad(&scale, &dy, |sc| fwd(&x, sc, &bias)),
    );
    assert_close(
        "instance norm dbias",
        &b.dbias,
        &numeric_grad(&bias, &dy, |bi| fwd(&x, &scale, bi)),
    );
}

/// An attention operation with scale 0.7 and the given mask and bias.
fn with_bias<'a>(
    g: &AttentionGeometry,
    mask: &AttentionMask,
    shape: BiasShape,
    bias: &'a [f64],
) -> Attention<'a, f64> {
    Attention {
        geometry: g.clone(),
        scale: 0.7,
        bias: Some(AttentionBias { data: bias, shape }),
        mask: mask.clone(),
        sink: None,
    }
}

#[test]
fn attention_gradients() {
    let geometry = AttentionGeometry {
        batch: 2,
        heads: 4,
        kv_heads: 2,
        seq_q: 5,
        seq_kv: 6,
        head_dim: 4,
        head_dim_v: 3,
    };
    let masks = [
        // Causal, sliding window and padding, a query row of batch 1 fully
        // masked by its length.
        AttentionMask {
            right_bound: Some(0),
            left_bound: Some(3),
            seq_len_q: Some(vec![5, 4]),
            seq_len_kv: Some(vec![6, 3]),
            ..AttentionMask::default()
        },
        // Bottom-right with s_q > len_kv: the first rows see no key.
        AttentionMask {
            alignment: DiagonalAlignment::BottomRight,
            right_bound: Some(0),
            seq_len_kv: Some(vec![3, 6]),
            ..AttentionMask::default()
        },
        AttentionMask::default(),
    ];
    let shapes = [
        BiasShape {
            per_batch: false,
            per_head: true,
        },
        BiasShape {
            per_batch: true,
            per_head: false,
        },
        BiasShape::default(),
    ];
    let g = &geometry;
    let q = values(g.q_len(), 13);
    let k = values(g.k_len(), 14);
    let v = values(g.v_len(), 15);
    let d_o = values(g.o_len(), 16);
    for (m, (mask, shape)) in masks.into_iter().zip(shapes).enumerate() {
        let bias = values(shape.len(g), 17 + m as u64);
        let op = with_bias(g, &mask, shape, &bias);
        let out = attention::forward(&op, &q, &k, &v);
        let b = attention::backward(&op, &q, &k, &v, &out.o, &d_o, &out.stats);
        let o = |q: &[f64], k: &[f64], v: &[f64], bias: &[f64]| {
            attention::forward(&with_bias(g, &mask, shape, bias), q, k, v).o
        };
        assert_close(
            &format!("attention {m} dq"),
            &b.dq,
            &numeric_grad(&q, &d_o, |q| o(q, &k, &v, &bias)),
        );
        assert_close(
            &format!("attention {m} dk"),
            &b.dk,
            &numeric_grad(&k, &d_o, |k| o(&q, k, &v, &bias)),
        );
        assert_close(
            &format!("attention {m} dv"),
            &b.dv,
            &numeric_grad(&v, &d_o, |v| o(&q, &k, v, &bias)),
        );
        assert_close(
            &format!("attention {m} dbias"),
            b.dbias.as_deref().expect("a bias has a gradient"),
            &numeric_grad(&bias, &d_o, |bi| o(&q, &k, &v, bi)),
        );
    }
}

#[test]
fn rope_gradients() {
    let (bh, s, d) = (3, 4, 6);
    let x = values(bh * s * d, 21);
    let dy = values(bh * s * d, 22);
    let theta = rope::angles(s, d, 50.0);
    let (cos, sin): (Vec<f64>, Vec<f64>) = theta.iter().map(|t| (t.cos(), t.sin())).unzip();
    // Tables of full width that are no rotations.
    let (cos_full, sin_full) = (values(s * d, 23), values(s * d, 24));
    for layout in [RopeLayout::Interleaved, RopeLayout::Half] {
        for (width, cos, sin) in [("D/2", &cos, &sin), ("D", &cos_full, &sin_full)] {
            let dx = rope::backward(layout, s, d, &dy, cos, sin);
            assert_close(
                &format!("{layout:?} RoPE, [S, {width}] tables"),
                &dx,
                &numeric_grad(&x, &dy, |x| rope::forward(layout, s, d, x, cos, sin)),
            );
        }
    }
}
