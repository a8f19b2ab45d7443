//! The bridge's checks, without a GPU: shapes, element types and options
//! are refused before any GPU work, with candle errors that carry
//! cudnn-rs's own message; arguments that pass the checks are then refused
//! for not being CUDA tensors (or, without the `cuda` feature, for the
//! missing feature). Built with and without `cuda`.

use candle_core::{DType, Device, Tensor};
use cudnn::nn::{Attention, AttentionOptions, AttentionShape, LayerNorm, NormShape, RmsNorm};
use cudnn_candle::{
    conv2d, conv2d_backward_data, conv2d_backward_filter, layer_norm, rms_norm, sdpa, Conv2dParams,
    SdpaParams, SeqLens,
};

fn zeros(dims: &[usize], dtype: DType) -> Tensor {
    Tensor::zeros(dims, dtype, &Device::Cpu).expect("a CPU tensor")
}

/// The message of a refusal.
fn refused(r: candle_core::Result<Tensor>) -> String {
    match r {
        Ok(t) => panic!("expected a refusal, got a tensor of {:?}", t.dims()),
        Err(e) => e.to_string(),
    }
}

/// Arguments that pass every check are refused for where they are.
fn refused_for_the_device(r: candle_core::Result<Tensor>) {
    let e = refused(r);
    if cfg!(feature = "cuda") {
        assert!(e.contains("cuDNN runs on CUDA tensors"), "{e}");
    } else {
        assert!(e.contains("without its `cuda` feature"), "{e}");
    }
}

#[test]
fn conv2d_output_dims_follow_cudnn_rs_rule() {
    let p = Conv2dParams::padded(1);
    assert_eq!(
        p.output_dims(&[2, 3, 32, 32], &[16, 3, 3, 3]).unwrap(),
        [2, 16, 32, 32]
    );
    let strided = Conv2dParams {
        stride: [2, 2],
        ..p
    };
    assert_eq!(
        strided
            .output_dims(&[2, 3, 32, 32], &[16, 3, 3, 3])
            .unwrap(),
        [2, 16, 16, 16]
    );
    let dilated = Conv2dParams {
        dilation: [2, 3],
        ..Conv2dParams::default()
    };
    assert_eq!(
        dilated.output_dims(&[1, 4, 9, 9], &[8, 4, 3, 3]).unwrap(),
        [1, 8, 5, 3]
    );
    let grouped = Conv2dParams { groups: 3, ..p };
    assert_eq!(
        grouped.output_dims(&[1, 6, 8, 8], &[9, 2, 3, 3]).unwrap(),
        [1, 9, 8, 8]
    );
}

#[test]
fn conv2d_refusals_carry_cudnn_rs_message() {
    let p = Conv2dParams::default();
    // Channels that do not match the filter: cudnn-rs's rule says so.
    let (x, w) = ([1, 3, 8, 8], [4, 2, 3, 3]);
    let want = cudnn::conv::output_dims(&x, &w, &[0, 0], &[1, 1], &[1, 1], 1).unwrap_err();
    let e = refused(conv2d(&zeros(&x, DType::F32), &zeros(&w, DType::F32), &p));
    assert!(
        e.contains(&want) && e.contains("cudnn_candle::conv2d"),
        "{e}"
    );
    // A kernel larger than the input.
    let e = refused(conv2d(
        &zeros(&[1, 1, 2, 2], DType::F32),
        &zeros(&[1, 1, 3, 3], DType::F32),
        &p,
    ));
    assert!(e.contains("does not fit the padded input"), "{e}");
    // A rank other than 4.
    let e = refused(conv2d(
        &zeros(&[3, 8, 8], DType::F32),
        &zeros(&[4, 3, 3, 3], DType::F32),
        &p,
    ));
    assert!(e.contains("must have 4 dims"), "{e}");
    // Stride and dilation 0.
    let x = zeros(&[1, 3, 8, 8], DType::F32);
    let w = zeros(&[4, 3, 3, 3], DType::F32);
    let e = refused(conv2d(
        &x,
        &w,
        &Conv2dParams {
            stride: [0, 1],
            ..p
        },
    ));
    assert!(e.contains("spatial dim 0"), "{e}");
    let e = refused(conv2d(
        &x,
        &w,
        &Conv2dParams {
            dilation: [1, 0],
            ..p
        },
    ));
    assert!(e.contains("dilation [1, 0]"), "{e}");
    // Groups that do not divide the channels.
    let e = refused(conv2d(&x, &w, &Conv2dParams { groups: 2, ..p }));
    assert!(e.contains("groups"), "{e}");
}

#[test]
fn conv2d_element_types_are_checked() {
    let p = Conv2dParams::default();
    let e = refused(conv2d(
        &zeros(&[1, 3, 8, 8], DType::F32),
        &zeros(&[4, 3, 3, 3], DType::F16),
        &p,
    ));
    assert!(e.contains("x is F32 but w is F16"), "{e}");
    let e = refused(conv2d(
        &zeros(&[1, 3, 8, 8], DType::F64),
        &zeros(&[4, 3, 3, 3], DType::F64),
        &p,
    ));
    assert!(e.contains("take f32, f16 or bf16"), "{e}");
    for dtype in [DType::F32, DType::F16, DType::BF16] {
        refused_for_the_device(conv2d(
            &zeros(&[1, 3, 8, 8], dtype),
            &zeros(&[4, 3, 3, 3], dtype),
            &p,
        ));
    }
}

#[test]
fn conv2d_backward_shapes_are_checked() {
    let p = Conv2dParams::padded(1);
    let w = zeros(&[4, 3, 3, 3], DType::F32);
    // dy of the wrong spatial size for an 8x8 input.
    let e = refused(conv2d_backward_data(
        &zeros(&[1, 4, 7, 8], DType::F32),
        &w,
        [1, 3, 8, 8],
        &p,
    ));
    assert!(
        e.contains("dy is [1, 4, 7, 8]") && e.contains("[1, 4, 8, 8]"),
        "{e}"
    );
    let x = zeros(&[1, 3, 8, 8], DType::F32);
    let e = refused(conv2d_backward_filter(
        &x,
        &zeros(&[1, 5, 8, 8], DType::F32),
        [4, 3, 3, 3],
        &p,
    ));
    assert!(e.contains("dy is [1, 5, 8, 8]"), "{e}");
    let dy = zeros(&[1, 4, 8, 8], DType::F32);
    refused_for_the_device(conv2d_backward_data(&dy, &w, [1, 3, 8, 8], &p));
    refused_for_the_device(conv2d_backward_filter(&x, &dy, [4, 3, 3, 3], &p));
}

fn bhsd(b: usize, h: usize, s: usize, d: usize, dtype: DType) -> Tensor {
    zeros(&[b, h, s, d], dtype)
}

#[test]
fn sdpa_refusals_carry_cudnn_rs_message() {
    let p = SdpaParams::default();
    let bf = DType::BF16;
    // kv heads that do not divide the heads: AttentionShape's rule.
    let shape = AttentionShape {
        batch: 1,
        heads: 6,
        kv_heads: 4,
        seq_q: 16,
        seq_kv: 16,
        head_dim: 64,
    };
    let want = Attention::<cudnn::half::bf16>::check(&shape, &AttentionOptions::default())
        .unwrap_err()
        .to_string();
    let e = refused(sdpa(
        &bhsd(1, 6, 16, 64, bf),
        &bhsd(1, 4, 16, 64, bf),
        &bhsd(1, 4, 16, 64, bf),
        &p,
        None,
    ));
    assert!(e.contains(&want), "{e}\nwant: {want}");
    // f32: the layer's type rule.
    let q = bhsd(1, 4, 16, 64, DType::F32);
    let want = "element type F32; the layer takes F16, BF16";
    let e = refused(sdpa(&q, &q, &q, &p, None));
    assert!(e.contains(want), "{e}\nwant: {want}");
    // A window of 0 and a scale that is not finite: the options' rules.
    let q = bhsd(1, 4, 16, 64, bf);
    let e = refused(sdpa(
        &q,
        &q,
        &q,
        &SdpaParams {
            causal: true,
            sliding_window: Some(0),
            ..p
        },
        None,
    ));
    assert!(e.contains("sliding window 0"), "{e}");
    let e = refused(sdpa(
        &q,
        &q,
        &q,
        &SdpaParams {
            scale: Some(f32::NAN),
            ..p
        },
        None,
    ));
    assert!(e.contains("scale NaN"), "{e}");
}

#[test]
fn sdpa_shapes_and_types_must_agree() {
    let p = SdpaParams::default();
    let bf = DType::BF16;
    let q = bhsd(2, 4, 16, 64, bf);
    let e = refused(sdpa(&zeros(&[4, 16, 64], bf), &q, &q, &p, None));
    assert!(e.contains("q is [4, 16, 64]"), "{e}");
    let e = refused(sdpa(
        &q,
        &bhsd(2, 4, 16, 64, bf),
        &bhsd(2, 4, 8, 64, bf),
        &p,
        None,
    ));
    assert!(
        e.contains("k is [2, 4, 16, 64] but v is [2, 4, 8, 64]"),
        "{e}"
    );
    let e = refused(sdpa(
        &q,
        &bhsd(1, 4, 16, 64, bf),
        &bhsd(1, 4, 16, 64, bf),
        &p,
        None,
    ));
    assert!(e.contains("batch and head_dim differ"), "{e}");
    let e = refused(sdpa(
        &q,
        &bhsd(2, 4, 16, 32, bf),
        &bhsd(2, 4, 16, 32, bf),
        &p,
        None,
    ));
    assert!(e.contains("batch and head_dim differ"), "{e}");
    let h = bhsd(2, 4, 16, 64, DType::F16);
    let e = refused(sdpa(&q, &h, &h, &p, None));
    assert!(e.contains("q is BF16 but k is F16"), "{e}");
    // Sequence lengths: i32, one per batch item.
    // SAFETY: every call below is refused on the host, before a launch.
    let lens = |q: Tensor, kv: Tensor| unsafe { SeqLens::new(q, kv) };
    let ok = zeros(&[2], DType::I32);
    let e = refused(sdpa(
        &q,
        &q,
        &q,
        &p,
        Some(&lens(zeros(&[2], DType::U32), ok.clone())),
    ));
    assert!(e.contains("seq_lens.q is U32; it is i32"), "{e}");
    let e = refused(sdpa(
        &q,
        &q,
        &q,
        &p,
        Some(&lens(ok.clone(), zeros(&[3], DType::I32))),
    ));
    assert!(e.contains("seq_lens.kv is [3]; it is [batch] = [2]"), "{e}");
    // Grouped-query, causal, padded: every check passes.
    let kv = bhsd(2, 2, 24, 64, bf);
    let causal = SdpaParams { causal: true, ..p };
    refused_for_the_device(sdpa(&q, &kv, &kv, &causal, Some(&lens(ok.clone(), ok))));
    let h = bhsd(2, 4, 16, 64, DType::F16);
    refused_for_the_device(sdpa(&h, &h, &h, &p, None));
}

#[test]
fn norm_refusals_carry_cudnn_rs_message() {
    let x = zeros(&[4, 8, 32], DType::F32);
    let w = zeros(&[32], DType::F32);
    let shape = NormShape {
        rows: 32,
        features: 32,
    };
    // Epsilon: the layers' rule.
    let want = LayerNorm::<f32>::check(&shape, 0.0)
        .unwrap_err()
        .to_string();
    let e = refused(layer_norm(&x, &w, &w, 0.0));
    assert!(e.contains(&want), "{e}\nwant: {want}");
    let want = RmsNorm::<f32>::check(&shape, -1.0).unwrap_err().to_string();
    let e = refused(rms_norm(&x, &w, -1.0));
    assert!(e.contains(&want), "{e}\nwant: {want}");
    // f64 data: the layers' type rule.
    let x64 = zeros(&[4, 8, 32], DType::F64);
    let want = "element type F64; the layer takes F32, F16, BF16";
    let e = refused(layer_norm(&x64, &w, &w, 1e-5));
    assert!(e.contains(want), "{e}\nwant: {want}");
    // Parameters of another length, or not floats.
    let e = refused(layer_norm(&x, &w, &zeros(&[31], DType::F32), 1e-5));
    assert!(
        e.contains("bias is [31]") && e.contains("[features] = [32]"),
        "{e}"
    );
    let e = refused(rms_norm(&x, &zeros(&[32], DType::U8), 1e-5));
    assert!(e.contains("weight is U8; it is a float type"), "{e}");
    let e = refused(rms_norm(&zeros(&[], DType::F32), &w, 1e-5));
    assert!(e.contains("x is a scalar"), "{e}");
    // An empty row count: the shape rule.
    let e = refused(rms_norm(&zeros(&[0, 32], DType::F32), &w, 1e-5));
    assert!(e.contains("rows is 0"), "{e}");
}

#[test]
fn norms_that_pass_the_checks_need_cuda_tensors() {
    for dtype in [DType::F32, DType::F16, DType::BF16] {
        let x = zeros(&[2, 5, 48], dtype);
        // Parameters of another float type are converted to f32.
        let w = zeros(&[48], DType::BF16);
        refused_for_the_device(layer_norm(&x, &w, &w, 1e-5));
        refused_for_the_device(rms_norm(&x, &w, 1e-6));
    }
}

#[test]
fn the_caches_are_per_cuda_device() {
    let e = cudnn_candle::cache_info(&Device::Cpu)
        .unwrap_err()
        .to_string();
    if cfg!(feature = "cuda") {
        assert!(e.contains("is not a CUDA device"), "{e}");
    } else {
        assert!(e.contains("without its `cuda` feature"), "{e}");
    }
    assert!(cudnn_candle::clear_cache(&Device::Cpu).is_err());
    assert!(cudnn_candle::set_conv_search_options(&Device::Cpu, Default::default()).is_err());
}

#[test]
fn the_candle_docs_show_the_readme_example() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(root.join("../docs/candle.md")).expect("docs/candle.md");
    let example =
        std::fs::read_to_string(root.join("examples/readme.rs")).expect("examples/readme.rs");
    let block = format!("```rust,ignore\n{example}```");
    assert!(
        doc.contains(&block),
        "docs/candle.md's \"With candle\" example is not cudnn-candle/examples/readme.rs"
    );
}
