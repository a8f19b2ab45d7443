//! The `nn` layers planned for a described GPU (the "h200" preset) with
//! the real cuDNN and no handle ([`Target::Device`]): attention for
//! training and for inference, layer and RMS normalization. No kernel
//! runs. Before cuDNN 9.8 (no device descriptions), before 9.13 (no fused
//! attention) and on cuDNN 8 (no normalization nodes), `new` is a typed
//! refusal. A linear layer with its epilogue fused is planned too, its FP8
//! form (`LinearFp8`), attention with sink tokens (cuDNN 9.21), and the
//! FP8 attention forward (`AttentionFp8Inference`, cuDNN 9.25).

mod common;

use std::sync::Arc;

use cudnn::graph::{DeviceProperties, DiagonalAlignment, Settings, Target};
use cudnn::half::{bf16, f16};
use cudnn::nn::{
    Attention, AttentionInference, AttentionOptions, AttentionShape, LayerNorm, Linear,
    LinearActivation, LinearShape, NormShape, RmsNorm,
};
use cudnn::{Error, Library, Version};

const ATTN: AttentionShape = AttentionShape {
    batch: 1,
    heads: 4,
    kv_heads: 2,
    seq_q: 128,
    seq_kv: 128,
    head_dim: 64,
};
const NORM: NormShape = NormShape {
    rows: 16,
    features: 256,
};

/// The library, when it has precompiled engines and cuBLASLt (what
/// planning for a described GPU needs here).
fn library() -> Option<Arc<Library>> {
    let lib = common::backend::graph_library()?;
    let precompiled = lib
        .sublibraries()
        .iter()
        .any(|s| s.name == "engines_precompiled" && s.present);
    if lib.version() >= Version::new(9, 8, 0) && !precompiled {
        return None;
    }
    if lib.version() >= Version::new(9, 0, 0) && !common::backend::load_cublaslt(&lib) {
        return None;
    }
    Some(lib)
}

/// A typed refusal (not a cuDNN crash or a plan).
#[track_caller]
fn refused<T: std::fmt::Debug>(r: cudnn::Result<T>) {
    match r {
        Err(Error::InvalidArgument { .. } | Error::UnsupportedVersion { .. }) => {}
        Err(e @ Error::NoEngine { .. }) => panic!("a refusal, not {e}"),
        other => panic!("expected a typed refusal, got {other:?}"),
    }
}

#[test]
fn layers_are_planned_for_a_described_h200_without_a_handle() {
    let Some(lib) = library() else {
        return;
    };
    let h200 = DeviceProperties::preset("h200").expect("preset");
    let target = Target::Device {
        library: &lib,
        device: &h200,
    };
    assert_eq!(target.compute_capability(), Some((9, 0)));
    let s = Settings::default();
    let o = AttentionOptions {
        causal: true,
        ..AttentionOptions::default()
    };
    let v = lib.version();
    let norm = LayerNorm::<bf16>::new(target, NORM, 1e-5, &s, None);
    let rms = RmsNorm::<f32>::new(target, NORM, 1e-6, &s, None);
    let inference = AttentionInference::<f16>::new(target, ATTN, o, &s, None);
    let training = Attention::<bf16>::new(target, ATTN, o, &s, None);
    if v < Version::new(9, 8, 0) {
        // cuDNN 8 and 9 before 9.8 describe no GPU without a handle.
        refused(norm);
        refused(rms);
        refused(inference);
        refused(training);
        return;
    }
    let norm = norm.expect("layer norm");
    assert_eq!(norm.data_type(), cudnn::DType::BFLOAT16);
    rms.expect("rms norm");
    if v < Version::new(9, 21, 0) {
        // Fused attention with a causal mask needs 9.21.
        refused(inference);
        refused(training);
        return;
    }
    let inference = inference.expect("inference");
    assert_eq!(inference.data_type(), cudnn::DType::HALF);
    let training = training.expect("training");
    assert_eq!(training.shape(), ATTN);
    // A head dim above cuDNN's limits is refused before cuDNN is called.
    let wide = AttentionShape {
        head_dim: 264,
        ..ATTN
    };
    refused(Attention::<bf16>::new(target, wide, o, &s, None));
}

// A linear layer with its bias and activation fused: cuDNN 9.28 plans the
// matmul graph for a described H200, for each activation, with and
// without a bias, in bf16 and f16.
#[test]
fn linear_layers_with_fused_epilogues_are_planned_for_a_described_h200() {
    let Some(lib) = library() else {
        return;
    };
    let h200 = DeviceProperties::preset("h200").expect("preset");
    let target = Target::Device {
        library: &lib,
        device: &h200,
    };
    let s = Settings::default();
    let shape = LinearShape {
        rows: 256,
        in_features: 512,
        out_features: 1024,
    };
    if lib.version() < Version::new(9, 8, 0) {
        refused(Linear::<bf16>::new(
            target,
            shape,
            true,
            LinearActivation::GELU,
            &s,
            None,
        ));
        return;
    }
    for activation in [
        LinearActivation::NONE,
        LinearActivation::RELU,
        LinearActivation::GELU,
        LinearActivation::SILU,
    ] {
        for bias in [true, false] {
            let l = Linear::<bf16>::new(target, shape, bias, activation, &s, None)
                .unwrap_or_else(|e| panic!("{activation:?}, bias {bias}: {e}"));
            assert_eq!(
                (l.shape(), l.has_bias(), l.activation()),
                (shape, bias, activation)
            );
            assert_eq!(l.data_type(), cudnn::DType::BFLOAT16);
        }
    }
    let half = Linear::<f16>::new(target, shape, true, LinearActivation::SILU, &s, None)
        .expect("f16 linear");
    assert_eq!(half.data_type(), cudnn::DType::HALF);
    // A size of 0 is refused before cuDNN is called.
    let empty = LinearShape { rows: 0, ..shape };
    refused(Linear::<bf16>::new(
        target,
        empty,
        true,
        LinearActivation::NONE,
        &s,
        None,
    ));
}

/// Decoding and chunked prefill: a causal mask aligned bottom-right over
/// 1 or 16 queries of 512 keys, for inference and for training, and a
/// band (a right bound with a window) aligned bottom-right; then ragged
/// (THD) layers with cumulative lengths, causal and bottom-right. cuDNN
/// 9.28 plans each for a described H200; before the versions they need
/// (9.21 for the masks, 9.24 for the ragged forward, 9.28 for its
/// backward) `new` is a typed refusal.
#[test]
fn decode_and_ragged_attention_is_planned_for_a_described_h200() {
    let Some(lib) = library() else {
        return;
    };
    let h200 = DeviceProperties::preset("h200").expect("preset");
    let target = Target::Device {
        library: &lib,
        device: &h200,
    };
    let s = Settings::default();
    let v = lib.version();
    let br = DiagonalAlignment::BOTTOM_RIGHT;
    let causal_br = AttentionOptions {
        causal: true,
        alignment: br,
        ..AttentionOptions::default()
    };
    let band_br = AttentionOptions {
        right_bound: Some(2),
        sliding_window: Some(128),
        alignment: br,
        ..AttentionOptions::default()
    };
    let ragged = AttentionOptions {
        ragged: true,
        ..causal_br
    };
    for seq_q in [1, 16] {
        let shape = AttentionShape {
            batch: 2,
            seq_q,
            seq_kv: 512,
            ..ATTN
        };
        for (o, since) in [(causal_br, (9, 21)), (band_br, (9, 21)), (ragged, (9, 24))] {
            let what = format!("seq_q {seq_q}, {o:?}");
            let inference = AttentionInference::<bf16>::new(target, shape, o, &s, None);
            if v < Version::new(since.0, since.1, 0) {
                refused(inference);
            } else {
                let l = inference.unwrap_or_else(|e| panic!("inference, {what}: {e}"));
                assert_eq!(l.options(), o);
            }
            let training = Attention::<f16>::new(target, shape, o, &s, None);
            let since = if o.ragged { (9, 28) } else { since };
            if v < Version::new(since.0, since.1, 0) {
                refused(training);
            } else {
                let l = training.unwrap_or_else(|e| panic!("training, {what}: {e}"));
                assert_eq!((l.shape(), l.options()), (shape, o));
            }
        }
    }
}

/// Sink tokens: cuDNN 9.28 plans attention with a sink per query head for
/// a described H200, for training (the backward writes the sink's
/// gradient) and for inference, causal, padded and ragged; before 9.21
/// `new` is the layer's own refusal, before any graph is built.
#[test]
fn attention_with_sink_tokens_is_planned_for_a_described_h200() {
    let Some(lib) = library() else {
        return;
    };
    let h200 = DeviceProperties::preset("h200").expect("preset");
    let target = Target::Device {
        library: &lib,
        device: &h200,
    };
    let s = Settings::default();
    let v = lib.version();
    let sinks = AttentionOptions {
        causal: true,
        sinks: true,
        ..AttentionOptions::default()
    };
    let padded = AttentionOptions {
        padding: true,
        ..sinks
    };
    let ragged = AttentionOptions {
        ragged: true,
        ..sinks
    };
    let plain = AttentionOptions::default();
    for (o, since) in [
        (sinks, (9, 21)),
        (padded, (9, 21)),
        (ragged, (9, 28)),
        (
            AttentionOptions {
                sinks: true,
                ..plain
            },
            (9, 21),
        ),
    ] {
        let training = Attention::<bf16>::new(target, ATTN, o, &s, None);
        let inference = AttentionInference::<f16>::new(target, ATTN, o, &s, None);
        if v < Version::new(9, 21, 0) {
            for r in [training.map(|_| ()), inference.map(|_| ())] {
                match r {
                    Err(Error::InvalidArgument { function, mismatch }) => {
                        assert!(function.ends_with("::new"), "{function}");
                        let what = mismatch.to_string();
                        assert!(what.starts_with("sink tokens need cuDNN 9.21.0"), "{what}");
                    }
                    other => panic!("expected the layer's refusal, got {other:?}"),
                }
            }
            continue;
        }
        if v < Version::new(since.0, since.1, 0) {
            refused(training);
        } else {
            let l = training.unwrap_or_else(|e| panic!("training, {o:?}: {e}"));
            assert!(l.options().sinks);
        }
        let since = if o.ragged { (9, 24) } else { since };
        if v < Version::new(since.0, since.1, 0) {
            refused(inference);
        } else {
            inference.unwrap_or_else(|e| panic!("inference, {o:?}: {e}"));
        }
    }
    // Decoding with a sink is refused before cuDNN is called.
    let decode = AttentionShape { seq_q: 1, ..ATTN };
    refused(AttentionInference::<bf16>::new(
        target, decode, sinks, &s, None,
    ));
}

/// The FP8 linear layer: cuDNN 9.28 plans its graph (cudnn-frontend's
/// `matmul_fp8`, with the bias and activation between the descales and
/// the output's scale) for a described H200, E4M3 and E5M2 inputs, every
/// output type, each activation, with and without a bias; before 9.8 (no
/// device descriptions) `new` is a typed refusal, and a size of 0 is
/// refused before cuDNN is called.
#[test]
fn fp8_linear_layers_are_planned_for_a_described_h200() {
    use cudnn::nn::{LinearFp8, LinearFp8Output};
    use cudnn::{F8E4M3, F8E5M2};
    let Some(lib) = library() else {
        return;
    };
    let h200 = DeviceProperties::preset("h200").expect("preset");
    let target = Target::Device {
        library: &lib,
        device: &h200,
    };
    let s = Settings::default();
    let shape = LinearShape {
        rows: 256,
        in_features: 512,
        out_features: 1024,
    };
    let gelu = LinearActivation::GELU;
    if lib.version() < Version::new(9, 8, 0) {
        refused(LinearFp8::<F8E4M3, bf16>::new(
            target, shape, true, gelu, &s, None,
        ));
        return;
    }
    fn plan<Y: LinearFp8Output>(
        target: Target<'_>,
        shape: LinearShape,
        (bias, activation): (bool, LinearActivation),
        want: cudnn::DType,
    ) {
        let s = Settings::default();
        let l = LinearFp8::<F8E4M3, Y>::new(target, shape, bias, activation, &s, None)
            .unwrap_or_else(|e| panic!("{want:?}, {activation:?}, bias {bias}: {e}"));
        assert_eq!(
            (l.shape(), l.has_bias(), l.activation()),
            (shape, bias, activation)
        );
        assert_eq!(
            (l.data_type(), l.output_type()),
            (cudnn::DType::FP8_E4M3, want)
        );
    }
    for activation in [
        LinearActivation::NONE,
        LinearActivation::RELU,
        LinearActivation::GELU,
        LinearActivation::SILU,
    ] {
        for bias in [true, false] {
            plan::<F8E4M3>(target, shape, (bias, activation), cudnn::DType::FP8_E4M3);
            plan::<bf16>(target, shape, (bias, activation), cudnn::DType::BFLOAT16);
        }
    }
    let none = (false, LinearActivation::NONE);
    plan::<f16>(target, shape, none, cudnn::DType::HALF);
    plan::<f32>(target, shape, none, cudnn::DType::FLOAT);
    plan::<F8E5M2>(target, shape, none, cudnn::DType::FP8_E5M2);
    let e5 =
        LinearFp8::<F8E5M2, F8E4M3>::new(target, shape, true, gelu, &s, None).expect("e5m2 inputs");
    assert_eq!(e5.data_type(), cudnn::DType::FP8_E5M2);
    // No size rule of FP8's own: cuDNN 9.28 plans sizes that are not
    // multiples of 16.
    let odd = LinearShape {
        rows: 3,
        in_features: 24,
        out_features: 40,
    };
    plan::<bf16>(target, odd, (true, gelu), cudnn::DType::BFLOAT16);
    let empty = LinearShape { rows: 0, ..shape };
    refused(LinearFp8::<F8E4M3, bf16>::new(
        target, empty, false, gelu, &s, None,
    ));
}

/// The FP8 attention forward (`AttentionFp8Inference`, the builder's
/// `SdpaFp8`): cuDNN 9.28 plans it for a described H200, causal and not,
/// padded and ragged, E4M3 and E5M2, to an FP8 output, Llama-3.1's
/// grouped-query shape at 8k among them; for an H200 it offers no engine
/// to a `bf16` output nor with sink tokens (a B200 takes both: asserted
/// on 9.28.0). Before cuDNN 9.25 (cuDNN 8 included) and on an L40 (sm_89)
/// `new` is a typed refusal before any graph is built, and so is a head
/// dim that is not a multiple of 16.
#[test]
fn fp8_attention_is_planned_for_a_described_h200() {
    use cudnn::nn::{AttentionFp8Inference, AttentionFp8Output};
    use cudnn::{F8E4M3, F8E5M2};
    let Some(lib) = library() else {
        return;
    };
    let preset = |name| DeviceProperties::preset(name).expect("preset");
    let (h200, b200, l40) = (preset("h200"), preset("b200"), preset("l40"));
    let on = |device| Target::Device {
        library: &lib,
        device,
    };
    let s = Settings::default();
    let causal = AttentionOptions {
        causal: true,
        ..AttentionOptions::default()
    };
    type E4 = AttentionFp8Inference<F8E4M3, F8E4M3>;
    if lib.version() < Version::new(9, 25, 0) {
        match E4::new(on(&h200), ATTN, causal, &s, None) {
            Err(Error::InvalidArgument { function, .. }) => {
                assert_eq!(function, "AttentionFp8Inference::new")
            }
            other => panic!("expected the version's refusal, got {other:?}"),
        }
        return;
    }
    fn plan<T: cudnn::nn::Fp8Element, Y: AttentionFp8Output>(
        target: Target<'_>,
        shape: AttentionShape,
        options: AttentionOptions,
    ) -> cudnn::Result<AttentionFp8Inference<T, Y>> {
        AttentionFp8Inference::<T, Y>::new(target, shape, options, &Settings::default(), None)
    }
    let padded = AttentionOptions {
        padding: true,
        ..causal
    };
    let ragged = AttentionOptions {
        ragged: true,
        ..causal
    };
    for options in [AttentionOptions::default(), causal, padded, ragged] {
        let l = plan::<F8E4M3, F8E4M3>(on(&h200), ATTN, options)
            .unwrap_or_else(|e| panic!("{options:?}: {e}"));
        assert_eq!((l.shape(), l.options()), (ATTN, options));
        assert_eq!(
            (l.data_type(), l.output_type()),
            (cudnn::DType::FP8_E4M3, cudnn::DType::FP8_E4M3)
        );
    }
    let e5 = plan::<F8E5M2, F8E5M2>(on(&h200), ATTN, causal).expect("e5m2");
    assert_eq!(e5.data_type(), cudnn::DType::FP8_E5M2);
    let llama = AttentionShape {
        batch: 1,
        heads: 64,
        kv_heads: 8,
        seq_q: 8192,
        seq_kv: 8192,
        head_dim: 128,
    };
    plan::<F8E4M3, F8E4M3>(on(&h200), llama, causal).expect("llama-3.1 at 8k");
    let sinks = AttentionOptions {
        sinks: true,
        ..causal
    };
    if lib.version() == Version::new(9, 28, 0) {
        // A bf16 or f16 output wants Blackwell: refused by the frontend's
        // rule before cuDNN, which offers no engine either.
        for r in [
            plan::<F8E4M3, bf16>(on(&h200), ATTN, causal).map(|_| ()),
            plan::<F8E4M3, f16>(on(&h200), ATTN, causal).map(|_| ()),
        ] {
            let e = r.expect_err("a wide output on an H200");
            assert!(matches!(e, Error::InvalidArgument { .. }), "{e}");
            assert!(e.to_string().contains("only supported on Blackwell"), "{e}");
        }
        let r = plan::<F8E4M3, F8E4M3>(on(&h200), ATTN, sinks).map(|_| ());
        assert!(matches!(r, Err(Error::NoEngine { .. })), "{r:?}");
        plan::<F8E4M3, bf16>(on(&b200), ATTN, causal).expect("bf16 output on a B200");
        plan::<F8E4M3, F8E4M3>(on(&b200), ATTN, sinks).expect("sink tokens on a B200");
    }
    refused(plan::<F8E4M3, F8E4M3>(on(&l40), ATTN, causal));
    let odd = AttentionShape {
        head_dim: 72,
        ..ATTN
    };
    refused(plan::<F8E4M3, F8E4M3>(on(&h200), odd, causal));
}
