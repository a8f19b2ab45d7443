//! The `nn` layers' checks, which run before any cuDNN call and need no
//! GPU: shapes (zero sizes, heads that `kv_heads` does not divide,
//! element counts that overflow), data types, epsilon and the attention
//! options, through the check functions that each layer's `new`
//! runs first (sink tokens: their version gate, and decoding refused; the
//! FP8 attention's head dim, version and GPU gates).
//! No kernel runs and no cuDNN function is called; the
//! layers' own types are checked to take views as well as slices (a
//! function that is compiled, not run).

use super::layer_shape::check_epsilon;
use crate::cudarc::driver::{CudaSlice, CudaView, CudaViewMut};
use crate::graph::DiagonalAlignment;
use crate::half::{bf16, f16};
use crate::nn::{
    Attention, AttentionForward, AttentionInference, AttentionOptions, AttentionPass,
    AttentionShape, LayerNorm, LayerNormForward, LinearShape, NormShape, RmsNorm, SeqLens,
    ATTENTION_DATA_TYPES, NORM_DATA_TYPES,
};
use crate::DType as Dt;
use crate::{Error, Mismatch};

const FLOAT: Dt = Dt::FLOAT;

/// The function and message of a `BadValue` refusal.
#[track_caller]
fn refusal(r: crate::Result<()>) -> (&'static str, String) {
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
    LayerNorm::<f32>::check(&NORM, 1e-5).expect("layer norm");
    LayerNorm::<f16>::check(&NORM, 1e-5).expect("layer norm");
    RmsNorm::<bf16>::check(&NORM, 1e-6).expect("rms norm");
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
        let (f, what) = refusal(LayerNorm::<bf16>::check(&shape, 1e-5));
        assert_eq!(f, "LayerNorm::check");
        assert!(what.starts_with(&format!("{name} is 0")), "{what}");
        let (f, _) = refusal(RmsNorm::<bf16>::check(&shape, 1e-5));
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
fn norm_data_types_are_the_norm_elements() {
    fn of<T: crate::nn::NormElement>() -> Dt {
        T::CUDNN
    }
    assert_eq!(NORM_DATA_TYPES, [of::<f32>(), of::<f16>(), of::<bf16>()]);
    for dtype in [Dt::DOUBLE, Dt::INT8, Dt::INT32, Dt::INT64, Dt::FP8_E4M3] {
        assert!(!NORM_DATA_TYPES.contains(&dtype), "{}", dtype.0);
    }
}

#[test]
fn epsilons_not_finite_and_above_zero_are_refused() {
    for eps in [0.0, -0.0, -1e-5, f32::NAN, f32::INFINITY, f32::NEG_INFINITY] {
        let (_, what) = refusal(check_epsilon(eps));
        assert!(what.contains("finite and above 0"), "{eps}: {what}");
        refusal(LayerNorm::<bf16>::check(&NORM, eps));
        refusal(RmsNorm::<bf16>::check(&NORM, eps));
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
            ..AttentionOptions::default()
        },
        AttentionOptions {
            sliding_window: Some(1 << 24),
            ..AttentionOptions::default()
        },
    ];
    for o in &options {
        {
            Attention::<bf16>::check(&ATTN, o).expect("attention");
            AttentionInference::<f16>::check(&ATTN, o).expect("inference");
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
        let (f, _) = refusal(Attention::<bf16>::check(
            &shape,
            &AttentionOptions::default(),
        ));
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
fn attention_data_types_are_the_attention_elements() {
    fn of<T: crate::nn::AttentionElement>() -> Dt {
        T::CUDNN
    }
    assert_eq!(ATTENTION_DATA_TYPES, [of::<f16>(), of::<bf16>()]);
    for dtype in [FLOAT, Dt::DOUBLE, Dt::INT8, Dt::FP8_E4M3] {
        assert!(!ATTENTION_DATA_TYPES.contains(&dtype), "{}", dtype.0);
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
        let (f, _) = refusal(Attention::<bf16>::check(&ATTN, &o));
        assert_eq!(f, "Attention::check");
    }
}

/// The decode-time and ragged options that pass: a causal mask or a band
/// aligned bottom-right over 1 or 16 queries of 512 keys, and ragged
/// batches with and without a mask.
#[test]
fn decode_and_ragged_options_pass_their_checks() {
    let br = DiagonalAlignment::BOTTOM_RIGHT;
    let decode = |seq_q| AttentionShape {
        seq_q,
        seq_kv: 512,
        ..ATTN
    };
    let ok = [
        AttentionOptions {
            causal: true,
            alignment: br,
            ..AttentionOptions::default()
        },
        AttentionOptions {
            right_bound: Some(4),
            sliding_window: Some(64),
            alignment: br,
            ..AttentionOptions::default()
        },
        AttentionOptions {
            ragged: true,
            ..AttentionOptions::default()
        },
        AttentionOptions {
            causal: true,
            alignment: br,
            ragged: true,
            ..AttentionOptions::default()
        },
    ];
    for o in &ok {
        for shape in [decode(1), decode(16)] {
            o.check().expect("options");
            o.check_for(&shape).expect("options for the shape");
            Attention::<bf16>::check(&shape, o).expect("attention");
            AttentionInference::<f16>::check(&shape, o).expect("inference");
        }
    }
    assert_eq!(
        AttentionOptions::default().alignment,
        DiagonalAlignment::TOP_LEFT
    );
    assert_eq!(AttentionOptions::default().right_bound, None);
    assert!(!AttentionOptions::default().ragged);
}

/// Each refusal of the decode-time and ragged options, alone
/// (`AttentionOptions::check`) and through a layer's check.
#[test]
fn decode_and_ragged_options_out_of_range_are_refused() {
    let br = DiagonalAlignment::BOTTOM_RIGHT;
    let bad = [
        (
            AttentionOptions {
                causal: true,
                right_bound: Some(2),
                ..AttentionOptions::default()
            },
            "a causal mask and a right bound of 2; a causal mask is a right bound of 0, give \
             one of them",
        ),
        (
            AttentionOptions {
                right_bound: Some(1 << 31),
                ..AttentionOptions::default()
            },
            "right bound 2147483648; cuDNN takes it as an INT32",
        ),
        (
            AttentionOptions {
                alignment: br,
                ..AttentionOptions::default()
            },
            "bottom-right alignment without a mask; it aligns a causal mask, a right bound or \
             a sliding window",
        ),
        (
            AttentionOptions {
                alignment: br,
                padding: true,
                ragged: true,
                ..AttentionOptions::default()
            },
            "bottom-right alignment without a mask",
        ),
        (
            AttentionOptions {
                padding: true,
                ragged: true,
                ..AttentionOptions::default()
            },
            "padding and ragged are two forms of the sequence lengths; give one",
        ),
    ];
    for (o, expect) in bad {
        let (f, what) = refusal(o.check());
        assert_eq!(f, "AttentionOptions::check");
        assert!(what.starts_with(expect), "{what}");
        let (f, what) = refusal(o.check_for(&ATTN));
        assert_eq!(f, "AttentionOptions::check_for");
        assert!(what.starts_with(expect), "{what}");
        let (f, _) = refusal(Attention::<bf16>::check(&ATTN, &o));
        assert_eq!(f, "Attention::check");
        let (f, _) = refusal(AttentionInference::<f16>::check(&ATTN, &o));
        assert_eq!(f, "AttentionInference::check");
    }
}

/// The options' refusals against the shape: a bottom-right mask over more
/// queries than keys without sequence lengths, lengths over `INT32`
/// aligned bottom-right, and ragged offsets that could pass `INT32`.
#[test]
fn decode_and_ragged_options_that_do_not_fit_the_shape_are_refused() {
    let br = AttentionOptions {
        causal: true,
        alignment: DiagonalAlignment::BOTTOM_RIGHT,
        ..AttentionOptions::default()
    };
    let prefill = AttentionShape {
        seq_q: 512,
        seq_kv: 128,
        ..ATTN
    };
    let (f, what) = refusal(br.check_for(&prefill));
    assert_eq!(f, "AttentionOptions::check_for");
    assert_eq!(
        what,
        "aligned bottom-right, seq_q 512 above seq_kv 128; without sequence lengths a \
         bottom-right mask takes at most as many queries as keys"
    );
    let (f, _) = refusal(Attention::<bf16>::check(&prefill, &br));
    assert_eq!(f, "Attention::check");
    // With sequence lengths, the lengths are each item's and may differ.
    for lengths in [
        AttentionOptions {
            padding: true,
            ..br
        },
        AttentionOptions { ragged: true, ..br },
    ] {
        lengths.check_for(&prefill).expect("with lengths");
    }
    // Top-left, more queries than keys are taken.
    let top_left = AttentionOptions {
        causal: true,
        ..AttentionOptions::default()
    };
    top_left.check_for(&prefill).expect("top-left");
    // Aligned bottom-right, the lengths are INT32 scalars.
    let long = AttentionShape {
        batch: 1,
        heads: 1,
        kv_heads: 1,
        seq_q: 1,
        seq_kv: 1 << 31,
        head_dim: 64,
    };
    let (_, what) = refusal(br.check_for(&long));
    assert_eq!(
        what,
        "aligned bottom-right, seq_kv 2147483648; cuDNN takes it as an INT32"
    );
    top_left
        .check_for(&long)
        .expect("top-left takes no lengths");
    // Ragged, the INT32 offsets reach batch * seq.
    let many = AttentionShape {
        batch: 1 << 16,
        heads: 1,
        kv_heads: 1,
        seq_q: 1 << 15,
        seq_kv: 1 << 15,
        head_dim: 64,
    };
    let ragged = AttentionOptions {
        ragged: true,
        ..AttentionOptions::default()
    };
    let (_, what) = refusal(ragged.check_for(&many));
    assert_eq!(
        what,
        "ragged, batch * seq_q 2147483648; cuDNN takes it as an INT32"
    );
    let (f, _) = refusal(AttentionInference::<f16>::check(&many, &ragged));
    assert_eq!(f, "AttentionInference::check");
    AttentionOptions::default()
        .check_for(&many)
        .expect("padded offsets are not cumulative");
}

#[test]
fn the_first_refusal_is_the_shapes() {
    // A zero size, a wrong type and a bad epsilon at once: the shape is
    // named first.
    let (_, what) = refusal(LayerNorm::<f32>::check(
        &NormShape { rows: 0, ..NORM },
        f32::NAN,
    ));
    assert!(what.starts_with("rows is 0"), "{what}");
    let (_, what) = refusal(Attention::<bf16>::check(
        &AttentionShape { heads: 0, ..ATTN },
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
        sink: None,
    }
}

/// cuDNN's head-dim rules (cudnn-frontend's SDPA validation): a multiple
/// of 8, at most 256 on any GPU, and the backward's architecture limits.
#[test]
fn head_dims_follow_cudnns_rules() {
    let with = |head_dim| AttentionShape { head_dim, ..ATTN };
    let v = crate::Version::new(9, 28, 0);
    for d in [1000, 264, 60, 1] {
        let (f, what) = refusal(with(d).check());
        assert_eq!(f, "AttentionShape::check");
        assert!(what.starts_with(&format!("head_dim {d}")), "{what}");
        let (f, _) = refusal(Attention::<bf16>::check(
            &with(d),
            &AttentionOptions::default(),
        ));
        assert_eq!(f, "Attention::check");
    }
    // The boundary: 256 on any GPU, forward and backward on Hopper.
    with(256).check().expect("256");
    with(8).check().expect("8");
    for pass in [AttentionPass::Forward, AttentionPass::Backward] {
        with(256).check_head_dim(pass, v, (9, 0)).expect("sm_90");
    }
    // The backward above its limit on Ampere, Ada and Blackwell (before
    // 9.23); the forward takes it.
    for cc in [(8, 0), (8, 9), (12, 0)] {
        let (f, what) = refusal(with(192).check_head_dim(AttentionPass::Backward, v, cc));
        assert_eq!(f, "AttentionShape::check_head_dim");
        assert!(what.contains("up to 128"), "{what}");
        with(192)
            .check_head_dim(AttentionPass::Forward, v, cc)
            .expect("forward");
        with(128)
            .check_head_dim(AttentionPass::Backward, v, cc)
            .expect("128");
    }
    let before = crate::Version::new(9, 22, 0);
    let (_, what) = refusal(with(256).check_head_dim(AttentionPass::Backward, before, (10, 0)));
    assert!(what.contains("up to 128"), "{what}");
    let later = crate::Version::new(9, 23, 0);
    with(256)
        .check_head_dim(AttentionPass::Backward, later, (10, 0))
        .expect("9.23 on sm_100");
    // But nothing between 128 and 256 on sm_100 (cudnn-frontend 1.32's
    // rule, its message quoted), while Hopper takes them.
    for (d, words) in [
        (192, "d_v should be equal to 128 if d_qk is 192"),
        (
            200,
            "less than or equal to 128 and hidden_dim should be multiple of 8 when",
        ),
        (136, "less than or equal to 128"),
    ] {
        let (f, what) = refusal(with(d).check_head_dim(AttentionPass::Backward, later, (10, 0)));
        assert_eq!(f, "AttentionShape::check_head_dim");
        assert!(what.starts_with(&format!("head_dim {d}; ")), "{what}");
        assert!(what.contains(words), "{what}");
        with(d)
            .check_head_dim(AttentionPass::Backward, later, (9, 0))
            .expect("sm_90");
    }
    with(128)
        .check_head_dim(AttentionPass::Backward, later, (10, 0))
        .expect("128 on sm_100");
    // The forward's old rule on Ampere: 128 up to 9.9.
    let old = crate::Version::new(9, 9, 0);
    refusal(with(192).check_head_dim(AttentionPass::Forward, old, (8, 0)));
}

#[test]
fn linear_shapes_with_a_zero_size_or_too_many_elements_are_refused() {
    let ok = LinearShape {
        rows: 4,
        in_features: 8,
        out_features: 16,
    };
    assert_eq!(ok.check().ok(), Some(()));
    assert_eq!((ok.x_len(), ok.weight_len(), ok.y_len()), (32, 128, 64));
    for zero in [
        LinearShape { rows: 0, ..ok },
        LinearShape {
            in_features: 0,
            ..ok
        },
        LinearShape {
            out_features: 0,
            ..ok
        },
    ] {
        let (function, what) = refusal(zero.check());
        assert_eq!(function, "LinearShape::check");
        assert!(what.contains("is 0"), "{what}");
    }
    let huge = LinearShape {
        rows: usize::MAX / 2,
        ..ok
    };
    let (_, what) = refusal(huge.check());
    assert!(what.contains("x's element count"), "{what}");
    let wide = LinearShape {
        rows: 1,
        in_features: 1 << 32,
        out_features: 1 << 32,
    };
    let (_, what) = refusal(wide.check());
    assert!(what.contains("the weight's element count"), "{what}");
}

/// The function and message of an `Unsupported` refusal.
#[track_caller]
fn unsupported(r: crate::Result<()>) -> (&'static str, String) {
    match r {
        Err(Error::InvalidArgument {
            function,
            mismatch: Mismatch::Unsupported { what },
        }) => (function, what),
        other => panic!("expected an Unsupported refusal, got {other:?}"),
    }
}

const SINKS: AttentionOptions = AttentionOptions {
    causal: false,
    right_bound: None,
    sliding_window: None,
    alignment: DiagonalAlignment::TOP_LEFT,
    scale: None,
    padding: false,
    ragged: false,
    sinks: true,
};

/// Sink tokens pass with the masks, padding and ragged batches, one logit
/// per query head, from cuDNN 9.21 on.
#[test]
fn sink_tokens_pass_their_checks() {
    assert!(!AttentionOptions::default().sinks);
    assert_eq!(ATTN.sink_len(), ATTN.heads);
    for o in [
        SINKS,
        AttentionOptions {
            causal: true,
            padding: true,
            ..SINKS
        },
        AttentionOptions {
            causal: true,
            alignment: DiagonalAlignment::BOTTOM_RIGHT,
            ragged: true,
            ..SINKS
        },
    ] {
        Attention::<bf16>::check(&ATTN, &o).expect("training");
        AttentionInference::<f16>::check(&ATTN, &o).expect("inference");
        o.check_for(&ATTN).expect("check_for");
        o.check_version(crate::Version::new(9, 21, 0))
            .expect("9.21");
        o.check_version(crate::Version::new(9, 28, 0))
            .expect("9.28");
    }
    // Two queries are not decoding.
    let two = AttentionShape { seq_q: 2, ..ATTN };
    Attention::<bf16>::check(&two, &SINKS).expect("seq_q 2");
}

/// Before cuDNN 9.21 (the graph builder's gate on `SDPA_FWD_SOFTMAX_DESC`
/// and `SDPA_BWD_SINK_DESC`), sink tokens are the layer's refusal; the
/// other options have no version check of the layer's own.
#[test]
fn sink_tokens_before_cudnn_9_21_are_refused() {
    for v in [
        crate::Version::new(9, 20, 99),
        crate::Version::new(9, 13, 0),
        crate::Version::new(8, 9, 5),
    ] {
        let (f, what) = unsupported(SINKS.check_version(v));
        assert_eq!(f, "AttentionOptions::check_version");
        assert_eq!(
            what,
            format!(
                "sink tokens need cuDNN 9.21.0 or later (SDPA_FWD_SOFTMAX_DESC, \
                 SDPA_BWD_SINK_DESC and DSINK_DESC); the loaded one is {v}"
            )
        );
        AttentionOptions::default()
            .check_version(v)
            .expect("no sinks");
    }
}

/// cudnn-frontend 1.32 refuses a sink when decoding (`seq_q` 1): so do
/// the layers' checks, whatever the other options.
#[test]
fn sink_tokens_when_decoding_are_refused() {
    let decode = AttentionShape {
        seq_q: 1,
        seq_kv: 512,
        ..ATTN
    };
    let bottom_right = AttentionOptions {
        causal: true,
        alignment: DiagonalAlignment::BOTTOM_RIGHT,
        ..SINKS
    };
    for o in [SINKS, bottom_right] {
        let (f, what) = unsupported(o.check_for(&decode));
        assert_eq!(f, "AttentionOptions::check_for");
        assert!(what.starts_with("sink tokens with seq_q 1"), "{what}");
        let (f, _) = unsupported(Attention::<bf16>::check(&decode, &o));
        assert_eq!(f, "Attention::check");
        let (f, _) = unsupported(AttentionInference::<f16>::check(&decode, &o));
        assert_eq!(f, "AttentionInference::check");
        // Without the sink, the same decoding step passes.
        let plain = AttentionOptions { sinks: false, ..o };
        Attention::<bf16>::check(&decode, &plain).expect("no sinks");
    }
}

/// `LinearFp8` checks its shape as `Linear` does (`LinearShape`), before
/// any graph is built, naming itself; the FP8 types are its type
/// parameters.
#[test]
fn fp8_linear_shapes_are_checked_before_any_graph() {
    use crate::nn::LinearFp8;
    use crate::{F8E4M3, F8E5M2};
    let ok = LinearShape {
        rows: 64,
        in_features: 256,
        out_features: 192,
    };
    LinearFp8::<F8E4M3, bf16>::check(&ok).expect("e4m3 to bf16");
    LinearFp8::<F8E5M2, F8E4M3>::check(&ok).expect("e5m2 to e4m3");
    for (zero, name) in [
        (LinearShape { rows: 0, ..ok }, "rows"),
        (
            LinearShape {
                in_features: 0,
                ..ok
            },
            "in_features",
        ),
        (
            LinearShape {
                out_features: 0,
                ..ok
            },
            "out_features",
        ),
    ] {
        let (f, what) = refusal(LinearFp8::<F8E4M3, f32>::check(&zero));
        assert_eq!(f, "LinearFp8::check");
        assert_eq!(what, format!("{name} is 0; it is at least 1"));
    }
    let wide = LinearShape {
        rows: 1,
        in_features: 1 << 32,
        out_features: 1 << 32,
    };
    let (f, what) = refusal(LinearFp8::<F8E4M3, F8E4M3>::check(&wide));
    assert_eq!(f, "LinearFp8::check");
    assert!(what.contains("the weight's element count"), "{what}");
}

/// `AttentionFp8Inference` checks the shape and options as the attention
/// layers do, and a head dim that is a multiple of 16, before any graph is
/// built, naming itself; the FP8 types are its type parameters. Masks,
/// padding, ragged batches and sink tokens pass.
#[test]
fn fp8_attention_shapes_and_options_are_checked_before_any_graph() {
    use crate::nn::AttentionFp8Inference;
    use crate::{F8E4M3, F8E5M2};
    type E4 = AttentionFp8Inference<F8E4M3, F8E4M3>;
    let llama = AttentionShape {
        batch: 1,
        heads: 64,
        kv_heads: 8,
        seq_q: 8192,
        seq_kv: 8192,
        head_dim: 128,
    };
    let causal = AttentionOptions {
        causal: true,
        ..AttentionOptions::default()
    };
    E4::check(&llama, &causal).expect("llama causal");
    AttentionFp8Inference::<F8E5M2, bf16>::check(&ATTN, &AttentionOptions::default())
        .expect("e5m2 to bf16");
    for options in [
        AttentionOptions {
            padding: true,
            ..causal
        },
        AttentionOptions {
            ragged: true,
            ..causal
        },
        AttentionOptions {
            sliding_window: Some(64),
            ..causal
        },
        SINKS,
    ] {
        E4::check(&ATTN, &options).unwrap_or_else(|e| panic!("{options:?}: {e}"));
    }
    for d in [8, 72, 120] {
        let shape = AttentionShape {
            head_dim: d,
            ..ATTN
        };
        // The bf16/f16 layers take these head dims; the FP8 one does not.
        AttentionInference::<bf16>::check(&shape, &causal).expect("a multiple of 8");
        let (f, what) = refusal(E4::check(&shape, &causal));
        assert_eq!(f, "AttentionFp8Inference::check");
        assert_eq!(
            what,
            format!("head_dim {d}; cuDNN's FP8 attention takes a multiple of 16")
        );
    }
    // The shape's and options' own refusals come first, naming the layer.
    let (f, what) = refusal(E4::check(
        &AttentionShape {
            kv_heads: 3,
            ..ATTN
        },
        &causal,
    ));
    assert_eq!(f, "AttentionFp8Inference::check");
    assert!(what.contains("does not divide"), "{what}");
    let window = AttentionOptions {
        sliding_window: Some(0),
        ..causal
    };
    let (f, what) = refusal(E4::check(&ATTN, &window));
    assert_eq!(f, "AttentionFp8Inference::check");
    assert!(what.contains("sliding window 0"), "{what}");
    let both = AttentionOptions {
        padding: true,
        ragged: true,
        ..causal
    };
    let (f, _) = refusal(E4::check(&ATTN, &both));
    assert_eq!(f, "AttentionFp8Inference::check");
}

/// The FP8 forward's gate, as the graph builder's: cuDNN 9.25 (its FP8
/// attributes; there is no composite form below), and a Hopper or later
/// GPU (cuDNN's FP8 attention engines); each an `Unsupported` refusal
/// naming the version or the GPU.
#[test]
fn fp8_attention_before_cudnn_9_25_or_hopper_is_refused() {
    use crate::nn::AttentionFp8Inference;
    use crate::{Version, F8E4M3};
    type E4 = AttentionFp8Inference<F8E4M3, bf16>;
    E4::check_target(Version::new(9, 25, 0), (9, 0)).expect("9.25 on sm_90");
    E4::check_target(Version::new(9, 28, 0), (10, 0)).expect("9.28 on sm_100");
    for old in [
        Version::new(8, 9, 5),
        Version::new(9, 10, 2),
        Version::new(9, 24, 99),
    ] {
        let (f, what) = unsupported(E4::check_target(old, (9, 0)));
        assert_eq!(f, "AttentionFp8Inference::check_target");
        assert!(
            what.starts_with("FP8 attention needs cuDNN 9.25.0 or later"),
            "{what}"
        );
        assert!(
            what.ends_with(&format!("the loaded one is {old}")),
            "{what}"
        );
    }
    for sm in [(8, 0), (8, 9)] {
        let (f, what) = unsupported(E4::check_target(Version::new(9, 28, 0), sm));
        assert_eq!(f, "AttentionFp8Inference::check_target");
        assert!(
            what.starts_with(&format!("FP8 attention on sm_{}x", sm.0)),
            "{what}"
        );
    }
}
