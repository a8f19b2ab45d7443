//! The `nn` layers' checks, which run before any cuDNN call and need no
//! GPU: shapes (zero sizes, heads that `kv_heads` does not divide,
//! element counts that overflow), data types, epsilon and the attention
//! options, through the public check functions that each layer's `new`
//! runs first. No kernel runs and no cuDNN function is called; the
//! layers' own types are checked to take views as well as slices (a
//! function that is compiled, not run).

use cudnn::cudarc::driver::{CudaSlice, CudaView, CudaViewMut};
use cudnn::half::bf16;
use cudnn::nn::{
    check_attention_data_type, check_epsilon, check_norm_data_type, Attention, AttentionForward,
    AttentionOptions, AttentionShape, LayerNorm, LayerNormForward, NormShape, RmsNorm, SeqLens,
};
use cudnn::DType as Dt;
use cudnn::{Error, Mismatch};

const BF16: Dt = Dt::BFLOAT16;
const HALF: Dt = Dt::HALF;
const FLOAT: Dt = Dt::FLOAT;

/// The function and message of a `BadValue` refusal.
#[track_caller]
fn refusal(r: cudnn::Result<()>) -> (&'static str, String) {
    match r {
        Err(Error::InvalidArgument {
            function,
            mismatch: Mismatch::BadValue { what },
        }) => (function, what),
        other => panic!("expected a BadValue refusal, got {other:?}"),
    }
}

const NORM: NormShape = NormShape {
    rows: 8,
    features: 1024,
};

const ATTN: AttentionShape = AttentionShape {
    batch: 2,
    heads: 8,
    kv_heads: 2,
    seq_q: 128,
    seq_kv: 256,
    head_dim: 64,
};

#[test]
fn valid_norm_layers_pass_their_checks() {
    for dtype in [FLOAT, HALF, BF16] {
        LayerNorm::check(&NORM, dtype, 1e-5).expect("layer norm");
        RmsNorm::check(&NORM, dtype, 1e-6).expect("rms norm");
    }
    assert_eq!(NORM.x_len(), 8 * 1024);
    assert_eq!(NORM.param_len(), 1024);
    assert_eq!(NORM.stats_len(), 8);
    let one = NormShape {
        rows: 1,
        features: 1,
    };
    one.check().expect("1 x 1");
}

#[test]
fn norm_shapes_with_a_zero_size_are_refused() {
    for (shape, name) in [
        (NormShape { rows: 0, ..NORM }, "rows"),
        (
            NormShape {
                features: 0,
                ..NORM
            },
            "features",
        ),
    ] {
        let (f, what) = refusal(shape.check());
        assert_eq!(f, "NormShape::check");
        assert!(what.starts_with(&format!("{name} is 0")), "{what}");
        let (f, what) = refusal(LayerNorm::check(&shape, BF16, 1e-5));
        assert_eq!(f, "LayerNorm::check");
        assert!(what.starts_with(&format!("{name} is 0")), "{what}");
        let (f, _) = refusal(RmsNorm::check(&shape, BF16, 1e-5));
        assert_eq!(f, "RmsNorm::check");
    }
}

#[test]
fn norm_shapes_whose_element_count_overflows_are_refused() {
    let big = NormShape {
        rows: 1 << 33,
        features: 1 << 31,
    };
    let (_, what) = refusal(big.check());
    assert!(what.contains("overflows i64"), "{what}");
    // One size alone beyond i64.
    let huge = NormShape {
        rows: usize::MAX,
        features: 1,
    };
    let (_, what) = refusal(huge.check());
    assert!(what.contains("does not fit i64"), "{what}");
    // The length helpers saturate rather than wrap.
    assert_eq!(huge.x_len(), usize::MAX);
    // Just inside: 2^62 elements.
    NormShape {
        rows: 1 << 31,
        features: 1 << 31,
    }
    .check()
    .expect("2^62 elements fit i64");
}

#[test]
fn norm_data_types_other_than_float_half_bfloat16_are_refused() {
    for dtype in [Dt::DOUBLE, Dt::INT8, Dt::INT32, Dt::INT64, Dt::FP8_E4M3] {
        let (f, what) = refusal(check_norm_data_type(dtype));
        assert_eq!(f, "check_norm_data_type");
        assert!(what.contains("FLOAT, HALF, BFLOAT16"), "{what}");
        let (f, _) = refusal(LayerNorm::check(&NORM, dtype, 1e-5));
        assert_eq!(f, "LayerNorm::check");
        refusal(RmsNorm::check(&NORM, dtype, 1e-5));
    }
}

#[test]
fn epsilons_not_finite_and_above_zero_are_refused() {
    for eps in [0.0, -0.0, -1e-5, f32::NAN, f32::INFINITY, f32::NEG_INFINITY] {
        let (_, what) = refusal(check_epsilon(eps));
        assert!(what.contains("finite and above 0"), "{eps}: {what}");
        refusal(LayerNorm::check(&NORM, BF16, eps));
        refusal(RmsNorm::check(&NORM, BF16, eps));
    }
    check_epsilon(f32::MIN_POSITIVE).expect("the smallest normal float");
    check_epsilon(1e-12).expect("a tiny epsilon");
}

#[test]
fn valid_attention_layers_pass_their_checks() {
    let options = [
        AttentionOptions::default(),
        AttentionOptions {
            causal: true,
            ..AttentionOptions::default()
        },
        AttentionOptions {
            causal: true,
            sliding_window: Some(64),
            scale: Some(0.125),
            padding: true,
        },
        AttentionOptions {
            sliding_window: Some(1 << 24),
            ..AttentionOptions::default()
        },
    ];
    for dtype in [BF16, HALF] {
        for o in &options {
            Attention::check(&ATTN, dtype, o).expect("attention");
        }
    }
    assert_eq!(ATTN.q_len(), 2 * 8 * 128 * 64);
    assert_eq!(ATTN.kv_len(), 2 * 2 * 256 * 64);
    assert_eq!(ATTN.stats_len(), 2 * 8 * 128);
    // Multi-query attention: one key/value head.
    AttentionShape {
        kv_heads: 1,
        ..ATTN
    }
    .check()
    .expect("multi-query");
}

#[test]
fn attention_shapes_with_a_zero_size_are_refused() {
    let zeroed = [
        ("batch", AttentionShape { batch: 0, ..ATTN }),
        ("heads", AttentionShape { heads: 0, ..ATTN }),
        (
            "kv_heads",
            AttentionShape {
                kv_heads: 0,
                ..ATTN
            },
        ),
        ("seq_q", AttentionShape { seq_q: 0, ..ATTN }),
        ("seq_kv", AttentionShape { seq_kv: 0, ..ATTN }),
        (
            "head_dim",
            AttentionShape {
                head_dim: 0,
                ..ATTN
            },
        ),
    ];
    for (name, shape) in zeroed {
        let (f, what) = refusal(shape.check());
        assert_eq!(f, "AttentionShape::check");
        assert!(what.starts_with(&format!("{name} is 0")), "{name}: {what}");
        let (f, _) = refusal(Attention::check(&shape, BF16, &AttentionOptions::default()));
        assert_eq!(f, "Attention::check");
    }
}

#[test]
fn attention_heads_not_divisible_by_kv_heads_are_refused() {
    for (heads, kv_heads) in [(8, 3), (8, 16), (6, 4)] {
        let shape = AttentionShape {
            heads,
            kv_heads,
            ..ATTN
        };
        let (_, what) = refusal(shape.check());
        assert!(
            what.contains(&format!(
                "kv_heads {kv_heads} does not divide heads {heads}"
            )),
            "{what}"
        );
    }
}

#[test]
fn attention_element_counts_that_overflow_are_refused() {
    // q: 2^62 * 2 elements.
    let q = AttentionShape {
        batch: 1 << 31,
        seq_q: 1 << 31,
        heads: 2,
        kv_heads: 2,
        seq_kv: 1,
        head_dim: 1,
    };
    let (_, what) = refusal(q.check());
    assert!(what.contains("q's element count"), "{what}");
    // k alone overflows.
    let k = AttentionShape {
        batch: 1 << 31,
        heads: 2,
        kv_heads: 2,
        seq_q: 1,
        seq_kv: 1 << 31,
        head_dim: 2,
    };
    let (_, what) = refusal(k.check());
    assert!(what.contains("k's element count"), "{what}");
    // q and k fit; the scores [B, H, S_q, S_kv] do not.
    let scores = AttentionShape {
        batch: 1,
        heads: 1,
        kv_heads: 1,
        seq_q: 1 << 32,
        seq_kv: 1 << 32,
        head_dim: 1,
    };
    let (_, what) = refusal(scores.check());
    assert!(what.contains("scores"), "{what}");
    let huge = AttentionShape {
        head_dim: usize::MAX,
        ..ATTN
    };
    let (_, what) = refusal(huge.check());
    assert!(what.contains("head_dim") && what.contains("i64"), "{what}");
    assert_eq!(huge.q_len(), usize::MAX);
}

#[test]
fn attention_data_types_other_than_half_and_bfloat16_are_refused() {
    for dtype in [FLOAT, Dt::DOUBLE, Dt::INT8, Dt::FP8_E4M3] {
        let (f, what) = refusal(check_attention_data_type(dtype));
        assert_eq!(f, "check_attention_data_type");
        assert!(what.contains("HALF, BFLOAT16"), "{what}");
        let (f, _) = refusal(Attention::check(&ATTN, dtype, &AttentionOptions::default()));
        assert_eq!(f, "Attention::check");
    }
}

#[test]
fn attention_options_out_of_range_are_refused() {
    let bad = [
        (
            AttentionOptions {
                sliding_window: Some(0),
                ..AttentionOptions::default()
            },
            "sliding window 0",
        ),
        (
            AttentionOptions {
                sliding_window: Some((1 << 24) + 1),
                ..AttentionOptions::default()
            },
            "from 1 to 2^24",
        ),
        (
            AttentionOptions {
                scale: Some(f32::NAN),
                ..AttentionOptions::default()
            },
            "scale NaN",
        ),
        (
            AttentionOptions {
                scale: Some(f32::INFINITY),
                ..AttentionOptions::default()
            },
            "scale inf",
        ),
    ];
    for (o, expect) in bad {
        let (f, what) = refusal(o.check());
        assert_eq!(f, "AttentionOptions::check");
        assert!(what.contains(expect), "{what}");
        let (f, _) = refusal(Attention::check(&ATTN, BF16, &o));
        assert_eq!(f, "Attention::check");
    }
}

#[test]
fn the_first_refusal_is_the_shapes() {
    // A zero size, a wrong type and a bad epsilon at once: the shape is
    // named first.
    let (_, what) = refusal(LayerNorm::check(
        &NormShape { rows: 0, ..NORM },
        Dt::DOUBLE,
        f32::NAN,
    ));
    assert!(what.starts_with("rows is 0"), "{what}");
    let (_, what) = refusal(Attention::check(
        &AttentionShape { heads: 0, ..ATTN },
        FLOAT,
        &AttentionOptions {
            sliding_window: Some(0),
            ..AttentionOptions::default()
        },
    ));
    assert!(what.starts_with("heads is 0"), "{what}");
}

/// The args structs take cudarc's slices and views alike (compiled, not
/// run: it needs device memory).
#[allow(dead_code)]
fn args_take_slices_and_views<'a>(
    x: &'a CudaView<'a, bf16>,
    p: &'a CudaSlice<f32>,
    y: &'a mut CudaViewMut<'a, bf16>,
    stats: (&'a mut CudaSlice<f32>, &'a mut CudaSlice<f32>),
    lens: &'a CudaSlice<i32>,
) -> (LayerNormForward<'a, bf16>, SeqLens<'a>) {
    let args = LayerNormForward {
        x,
        scale: p,
        bias: p,
        y,
        mean: stats.0,
        inv_variance: stats.1,
    };
    // SAFETY: never run (a compile check); a caller would promise the
    // lengths are in range.
    (args, unsafe { SeqLens::new(lens, lens) })
}

/// The attention args struct with no sequence lengths (compiled, not run).
#[allow(dead_code)]
fn attention_args<'a>(
    q: &'a CudaSlice<bf16>,
    o: &'a mut CudaSlice<bf16>,
    stats: &'a mut CudaSlice<f32>,
) -> AttentionForward<'a, bf16> {
    AttentionForward {
        q,
        k: q,
        v: q,
        o,
        stats,
        seq_lens: None,
    }
}
