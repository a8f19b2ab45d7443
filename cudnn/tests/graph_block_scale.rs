//! Block-scale quantization in the graph builder (MXFP8:
//! `Graph::block_scale_quantize`, `Graph::block_scale_dequantize`, factors
//! reordered with `Graph::set_reordering`) against the real cuDNN, on a
//! machine without a GPU: the refusals, the version gate on cuDNN 8, and
//! what cuDNN 9.28 offers for them on a described Blackwell (`b200`) and
//! Hopper (`h100-sxm`). No kernel runs.

mod common;

use common::refusal::check_refused;
use cudnn::graph::{
    BlockScaleQuantize, DeviceProperties, EngineFilter, Graph, HeuristicMode, Target, TensorId,
    TensorReordering,
};
use cudnn::sys::cudnnDataType_t as Dt;
use cudnn::Error;

const E4M3: Dt = Dt::FP8_E4M3;
const E8M0: Dt = Dt::FP8_E8M0;
const BF16: Dt = Dt::BFLOAT16;
const FP4: Dt = Dt::FP4_E2M1;

/// An MXFP8 matmul as cudnn-frontend's Blackwell sample describes it:
/// `a` `[1, 128, 128]` row-major and `b` column-major, both `E4M3`, their
/// factors `E8M0` in 128 x 4 tiles, dequantized in blocks of 32 along K,
/// multiplied into a real `c` of `out`.
fn mxfp8_matmul(g: &mut Graph, out: Dt) -> TensorId {
    let (m, n, k) = (128, 128, 128);
    let a = g.tensor("a", &[1, m, k], E4M3).unwrap();
    let b = g
        .tensor_with_strides("b", &[1, k, n], &[k * n, 1, k], E4M3)
        .unwrap();
    let sa = g.tensor("sa", &[1, m, k / 32], E8M0).unwrap();
    let sb = g
        .tensor_with_strides("sb", &[1, k / 32, n], &[k / 32 * n, 1, k / 32], E8M0)
        .unwrap();
    for s in [sa, sb] {
        g.set_reordering(s, TensorReordering::CUDNN_TENSOR_REORDERING_F8_128x4)
            .unwrap();
    }
    let da = g.block_scale_dequantize(a, sa, &[1, 32]).unwrap();
    let db = g.block_scale_dequantize(b, sb, &[32, 1]).unwrap();
    let c = g.matmul(da, db).unwrap();
    g.set_output(c, out).unwrap();
    c
}

/// An NVFP4 matmul as cudnn-frontend's Blackwell sample describes it:
/// `a` `[1, 128, 64]` row-major and `b` `[1, 64, 128]` column-major, both
/// `FP4_E2M1`, their factors `E4M3` in 128 x 4 tiles (`[1, 128, 4]`: 64
/// over blocks of 16 is 4), dequantized in blocks of 16 along K,
/// multiplied into a real `c` of `out`.
fn nvfp4_matmul(g: &mut Graph, out: Dt) -> TensorId {
    let (m, n, k) = (128, 128, 64);
    let a = g.tensor("a", &[1, m, k], FP4).unwrap();
    let b = g
        .tensor_with_strides("b", &[1, k, n], &[k * n, 1, k], FP4)
        .unwrap();
    let sa = g.tensor("sa", &[1, m, k / 16], E4M3).unwrap();
    let sb = g
        .tensor_with_strides("sb", &[1, k / 16, n], &[k / 16 * n, 1, k / 16], E4M3)
        .unwrap();
    for s in [sa, sb] {
        g.set_reordering(s, TensorReordering::CUDNN_TENSOR_REORDERING_F8_128x4)
            .unwrap();
    }
    let da = g.block_scale_dequantize(a, sa, &[1, 16]).unwrap();
    let db = g.block_scale_dequantize(b, sb, &[16, 1]).unwrap();
    let c = g.matmul(da, db).unwrap();
    g.set_output(c, out).unwrap();
    c
}

/// An `FP4_E2M1` tensor's elements pair in bytes: an odd innermost dim, an
/// odd outer stride or no unit-stride dim is refused when described, as an
/// input and as an output.
#[test]
fn fp4_tensors_are_laid_out_in_whole_bytes() {
    let mut g = Graph::new("fp4");
    let (ft, fs) = ("Graph::tensor", "Graph::tensor_with_strides");
    check_refused(
        g.tensor("t", &[4, 3], FP4),
        ft,
        "tensor \"t\"",
        Some("t"),
        "odd innermost dim (1, of 3)",
    );
    check_refused(
        g.tensor_with_strides("u", &[4, 4], &[5, 1], FP4),
        fs,
        "tensor \"u\"",
        Some("u"),
        "odd stride (5, dim 0)",
    );
    check_refused(
        g.tensor_with_strides("v", &[4], &[2], FP4),
        fs,
        "tensor \"v\"",
        Some("v"),
        "no dim of stride 1",
    );
    check_refused(
        g.tensor("w", &[1, 1], FP4),
        ft,
        "tensor \"w\"",
        Some("w"),
        "no dim of stride 1",
    );
    // Column-major, padded rows, a dim of one: whole bytes.
    g.tensor_with_strides("cm", &[1, 64, 3], &[192, 1, 64], FP4)
        .unwrap();
    g.tensor_with_strides("pad", &[3, 6], &[8, 1], FP4).unwrap();
    g.tensor_with_strides("one", &[4, 1], &[1, 1], FP4).unwrap();
    // A matmul's [1, 8, 3] result as FP4 would split bytes.
    let a = g.tensor("a", &[1, 8, 16], BF16).unwrap();
    let b = g.tensor("b", &[1, 16, 3], BF16).unwrap();
    let c = g.matmul(a, b).unwrap();
    let r = g.set_output(c, FP4);
    check_refused(
        r,
        "Graph::set_output",
        "matmul \"matmul#0\"",
        Some("matmul#0.c"),
        "odd innermost dim",
    );
    g.set_output(c, BF16).unwrap();
}

/// NVFP4 quantization: `FP4_E2M1` values and `E4M3` factors over blocks
/// of 16; the matmul's dequantized operands stay virtual.
#[test]
fn nvfp4_quantizes_with_e4m3_factors() {
    let mut g = Graph::new("nvfp4");
    let x = g.tensor("x", &[1, 128, 64], BF16).unwrap();
    let [y, s] = g
        .block_scale_quantize(x, &BlockScaleQuantize::nvfp4())
        .unwrap();
    assert_eq!(g.dims(y).unwrap(), [1, 128, 64]);
    assert_eq!(g.dims(s).unwrap(), [1, 128, 4]);
    // The factors are E4M3: the only E4M3 tensor of the graph.
    assert!(g.key().contains("FP8_E4M3"), "{}", g.key());
    assert!(!g.key().contains("FP8_E8M0"), "{}", g.key());
    let mut m = Graph::new("m");
    let c = nvfp4_matmul(&mut m, BF16);
    assert_eq!(m.dims(c).unwrap(), [1, 128, 128]);
    assert!(m.key().contains("FP4_E2M1"), "{}", m.key());
}

#[test]
fn block_scale_nodes_refuse_what_does_not_fit_and_add_nothing() {
    let mut g = Graph::new("refusals");
    let x = g.tensor("x", &[4, 64], BF16).unwrap();
    let q8 = g.tensor("q8", &[4, 64], E4M3).unwrap();
    let s = g.tensor("s", &[4, 2], E8M0).unwrap();
    let s2 = g.tensor("s2", &[2, 2], E8M0).unwrap();
    let sc = g.scalar("sc", 1.0).unwrap();
    let odd = g.tensor("odd", &[32, 3], BF16).unwrap();
    let q4 = g.tensor("q4", &[4, 64], FP4).unwrap();
    let s4 = g.tensor("s4", &[4, 4], E4M3).unwrap();
    let key = g.key();
    let (fq, nq) = (
        "Graph::block_scale_quantize",
        "block_scale_quantize \"block_scale_quantize#0\"",
    );
    let q = |g: &mut Graph, x, block_size, axis, dtype| {
        let o = BlockScaleQuantize {
            block_size,
            axis,
            dtype,
        };
        g.block_scale_quantize(x, &o)
    };
    check_refused(
        q(&mut g, q8, 32, None, E4M3),
        fq,
        nq,
        Some("q8"),
        "x of type FP8_E4M3",
    );
    check_refused(
        q(&mut g, x, 24, None, E4M3),
        fq,
        nq,
        Some("x"),
        "does not divide",
    );
    check_refused(
        q(&mut g, x, 0, None, E4M3),
        fq,
        nq,
        Some("x"),
        "a block size of 0",
    );
    check_refused(
        q(&mut g, x, 32, Some(2), E4M3),
        fq,
        nq,
        Some("x"),
        "an axis of 2",
    );
    check_refused(
        q(&mut g, x, 32, None, BF16),
        fq,
        nq,
        None,
        "values of type BFLOAT16",
    );
    // NVFP4 values of a layout not in whole bytes: x's innermost dim is
    // odd (blocks run along dim 0).
    let r = q(&mut g, odd, 16, Some(0), FP4);
    check_refused(r, fq, nq, Some("odd"), "odd innermost dim (1, of 3)");
    let (fd, nd) = (
        "Graph::block_scale_dequantize",
        "block_scale_dequantize \"block_scale_dequantize#0\"",
    );
    let r = g.block_scale_dequantize(x, s, &[1, 32]);
    check_refused(r, fd, nd, Some("x"), "x of type BFLOAT16");
    let r = g.block_scale_dequantize(q8, x, &[1, 32]);
    check_refused(r, fd, nd, Some("x"), "the scale of type BFLOAT16");
    let r = g.block_scale_dequantize(q8, s2, &[32]);
    check_refused(r, fd, nd, Some("s2"), "dim 0 is 2, not equal to 4");
    let r = g.block_scale_dequantize(q8, s, &[1, 16]);
    check_refused(r, fd, nd, Some("s"), "dim 1 is 2, not at least 4");
    let r = g.block_scale_dequantize(q8, s, &[1, 1, 32]);
    check_refused(r, fd, nd, Some("q8"), "3 block sizes");
    // The factors pair with the values' type: E4M3 for FP4, E8M0 for FP8.
    let r = g.block_scale_dequantize(q4, s, &[1, 16]);
    check_refused(
        r,
        fd,
        nd,
        Some("s"),
        "the scale of type FP8_E8M0; it takes FP8_E4M3",
    );
    let r = g.block_scale_dequantize(q8, s4, &[1, 16]);
    check_refused(
        r,
        fd,
        nd,
        Some("s4"),
        "the scale of type FP8_E4M3; it takes FP8_E8M0",
    );
    let r = g.set_reordering(sc, TensorReordering::CUDNN_TENSOR_REORDERING_F8_128x4);
    check_refused(
        r,
        "Graph::set_reordering",
        "tensor \"sc\"",
        Some("sc"),
        "by-value scalar",
    );
    assert_eq!(g.key(), key, "nothing was added");
}

/// The quantization's outputs are real and typed from the start; a
/// dequantization's result stays virtual; the reordering is in the key.
#[test]
fn quantized_outputs_are_real_and_dequantized_results_stay_virtual() {
    let mut g = Graph::new("q");
    let x = g.tensor("x", &[1, 128, 64], BF16).unwrap();
    let [y, s] = g
        .block_scale_quantize(x, &BlockScaleQuantize::default())
        .unwrap();
    assert_eq!(g.dims(y).unwrap(), [1, 128, 64]);
    assert_eq!(g.dims(s).unwrap(), [1, 128, 2]);
    assert_eq!(g.strides(s).unwrap(), [256, 2, 1]);
    // Along dim 1: the factors follow x's order.
    let along = BlockScaleQuantize {
        axis: Some(1),
        ..BlockScaleQuantize::default()
    };
    let [_, s1] = g.block_scale_quantize(x, &along).unwrap();
    assert_eq!(g.dims(s1).unwrap(), [1, 4, 64]);
    assert!(g.set_output(y, E4M3).is_err(), "an output already");

    let mut m = Graph::new("m");
    let c = mxfp8_matmul(&mut m, BF16);
    assert_eq!(m.dims(c).unwrap(), [1, 128, 128]);
    assert!(m.key().contains(":reordered3"), "{}", m.key());
    let mut v = Graph::new("v");
    let a = v.tensor("a", &[1, 128, 128], E4M3).unwrap();
    let sa = v.tensor("sa", &[1, 128, 4], E8M0).unwrap();
    let da = v.block_scale_dequantize(a, sa, &[1, 32]).unwrap();
    let r = v.set_output(da, Dt::FLOAT);
    let nd = "block_scale_dequantize \"block_scale_dequantize#0\"";
    check_refused(
        r,
        "Graph::set_output",
        nd,
        Some("block_scale_dequantize#0.y"),
        "stays virtual",
    );
}

/// cuDNN 8 has neither operation: the graph is refused when built,
/// naming the version.
#[test]
fn block_scale_graphs_need_9_7() {
    let Some(lib) = common::backend::graph_library() else {
        return;
    };
    if lib.version().major >= 9 {
        return;
    }
    let mut g = Graph::new("mxfp8");
    mxfp8_matmul(&mut g, BF16);
    match g.build_with(&lib, None) {
        Err(Error::InvalidArgument { mismatch, .. }) => {
            let text = format!("{mismatch:?}");
            assert!(text.contains("needs cuDNN 9.7.0 or later"), "{text}");
        }
        other => panic!("expected the version's refusal, got {other:?}"),
    }
}

/// What cuDNN 9.28 offers for the MXFP8 matmul: engines on a described
/// B200 (sm_100), and on an H100 (sm_90) none; the B200's plan
/// round-trips through JSON.
#[test]
fn an_mxfp8_matmul_gets_engines_on_blackwell_only() {
    let Some(lib) = common::backend::graph_library() else {
        return;
    };
    let v = lib.version();
    if (v.major, v.minor) < (9, 8) || !common::backend::load_cublaslt(&lib) {
        return;
    }
    let mut g = Graph::new("mxfp8");
    mxfp8_matmul(&mut g, BF16);
    let built = g.build_with(&lib, None).expect("the MXFP8 matmul");
    let engines = |preset: &str| {
        let device = DeviceProperties::preset(preset).expect("a preset");
        built
            .engine_configs(
                Target::Device {
                    library: &lib,
                    device: &device,
                },
                HeuristicMode::A,
                &EngineFilter::default(),
            )
            .map(|c| c.len())
    };
    let b200 = engines("b200");
    let h100 = engines("h100-sxm");
    eprintln!("b200: {b200:?}; h100: {h100:?}");
    assert!(b200.as_ref().is_ok_and(|&n| n > 0), "{b200:?}");
    assert!(!h100.as_ref().is_ok_and(|&n| n > 0), "{h100:?}");
    // A plan finalizes for the B200 and round-trips through cuDNN's JSON,
    // which reads back as this graph's.
    let device = DeviceProperties::preset("b200").expect("the sm_100 preset");
    let target = Target::Device {
        library: &lib,
        device: &device,
    };
    let plans = built
        .plans(target, &cudnn::graph::Settings::default())
        .expect("an MXFP8 plan for sm_100");
    let json = plans[0].to_json().expect("json");
    let back = built
        .plan_from_json(&json, target)
        .expect("this graph's plan");
    assert_eq!(back.to_json().expect("json"), json);
}

/// A quantization for a described B200, as cuDNN 9.28 answers: a 3-D
/// input's factors must be in 128 x 4 tiles (refused when the graph is
/// finalized otherwise); on its own a quantization gets no engine (cuDNN
/// fuses it only after a matmul), and as a bf16 matmul's epilogue it
/// gets engines.
#[test]
fn a_quantization_gets_engines_as_a_matmuls_epilogue_on_blackwell() {
    let Some(lib) = common::backend::graph_library() else {
        return;
    };
    let v = lib.version();
    if (v.major, v.minor) < (9, 8) || !common::backend::load_cublaslt(&lib) {
        return;
    }
    let device = DeviceProperties::preset("b200").expect("the sm_100 preset");
    let quantize = |reorder: bool, after_matmul: bool| {
        let mut g = Graph::new("quantize");
        let mut x = g.tensor("x", &[1, 128, 128], BF16).unwrap();
        if after_matmul {
            let w = g.tensor("w", &[1, 128, 128], BF16).unwrap();
            x = g.matmul(x, w).unwrap();
        }
        let [_, s] = g
            .block_scale_quantize(x, &BlockScaleQuantize::default())
            .unwrap();
        if reorder {
            g.set_reordering(s, TensorReordering::CUDNN_TENSOR_REORDERING_F8_128x4)
                .unwrap();
        }
        let built = g.build_with(&lib, None)?;
        built
            .engine_configs(
                Target::Device {
                    library: &lib,
                    device: &device,
                },
                HeuristicMode::A,
                &EngineFilter::default(),
            )
            .map(|c| c.len())
    };
    let plain = quantize(false, false);
    let alone = quantize(true, false);
    let epilogue = quantize(true, true);
    eprintln!("plain {plain:?}; alone {alone:?}; epilogue {epilogue:?}");
    let text = format!("{:?}", plain.unwrap_err());
    assert!(text.contains("F8_128x4"), "{text}");
    assert!(matches!(alone, Err(Error::NoEngine { .. })), "{alone:?}");
    assert!(epilogue.is_ok_and(|n| n > 0));
    // The epilogue's plan round-trips through cuDNN's JSON.
    let mut g = Graph::new("epilogue");
    let x = g.tensor("x", &[1, 128, 128], BF16).unwrap();
    let w = g.tensor("w", &[1, 128, 128], BF16).unwrap();
    let y = g.matmul(x, w).unwrap();
    let [_, s] = g
        .block_scale_quantize(y, &BlockScaleQuantize::default())
        .unwrap();
    g.set_reordering(s, TensorReordering::CUDNN_TENSOR_REORDERING_F8_128x4)
        .unwrap();
    let built = g.build_with(&lib, None).expect("the epilogue");
    let target = Target::Device {
        library: &lib,
        device: &device,
    };
    let plans = built
        .plans(target, &cudnn::graph::Settings::default())
        .expect("a plan of the epilogue for sm_100");
    let json = plans[0].to_json().expect("json");
    let back = built
        .plan_from_json(&json, target)
        .expect("this graph's plan");
    assert_eq!(back.to_json().expect("json"), json);
}

/// A legacy tensor or filter descriptor of `FP4_E2M1` elements is refused
/// before cuDNN is called: its buffer checks count whole elements.
#[test]
fn legacy_descriptors_refuse_half_byte_elements() {
    let Some(lib) = common::backend::graph_library() else {
        return;
    };
    use cudnn::{F4E2M1x2, FilterDescriptor, Mismatch, TensorDescriptor, TensorFormat};
    let nchw = TensorFormat::CUDNN_TENSOR_NCHW;
    let t = TensorDescriptor::<F4E2M1x2>::new_in(lib.clone(), nchw, &[1, 1, 2, 2]);
    let f = FilterDescriptor::<F4E2M1x2>::new_in(lib.clone(), nchw, &[1, 1, 2, 2]);
    for (r, function) in [
        (t.map(drop), "cudnnSetTensorNdDescriptor"),
        (f.map(drop), "cudnnSetFilterNdDescriptor"),
    ] {
        match r {
            Err(Error::InvalidArgument {
                function: f,
                mismatch: Mismatch::Unsupported { what },
            }) => {
                assert_eq!(f, function);
                assert!(what.contains("FP4_E2M1"), "{what}");
            }
            other => panic!("expected the refusal, got {other:?}"),
        }
    }
    // An FP8 descriptor is not refused by this rule.
    let e = TensorDescriptor::<cudnn::F8E4M3>::new_in(lib, nchw, &[1, 1, 2, 2]);
    assert!(
        !matches!(e, Err(Error::InvalidArgument { mismatch: Mismatch::Unsupported { ref what }, .. }) if what.contains("FP4")),
        "{e:?}"
    );
}

/// cuDNN 8 has no block-scale operation (and no `FP4_E2M1`, `@since
/// 9.7.0`): the NVFP4 matmul is refused when built, naming the version.
#[test]
fn nvfp4_graphs_need_9_7() {
    let Some(lib) = common::backend::graph_library() else {
        return;
    };
    if lib.version().major >= 9 {
        return;
    }
    let mut g = Graph::new("nvfp4");
    nvfp4_matmul(&mut g, BF16);
    match g.build_with(&lib, None) {
        Err(Error::InvalidArgument { mismatch, .. }) => {
            let text = format!("{mismatch:?}");
            assert!(text.contains("needs cuDNN 9.7.0 or later"), "{text}");
        }
        other => panic!("expected the version's refusal, got {other:?}"),
    }
}

/// What cuDNN 9.28 offers for the NVFP4 matmul on a described B200
/// (sm_100) and H100 (sm_90).
#[test]
fn an_nvfp4_matmul_on_blackwell_and_hopper() {
    let Some(lib) = common::backend::graph_library() else {
        return;
    };
    let v = lib.version();
    if (v.major, v.minor) < (9, 8) || !common::backend::load_cublaslt(&lib) {
        return;
    }
    let mut g = Graph::new("nvfp4");
    nvfp4_matmul(&mut g, BF16);
    let built = g.build_with(&lib, None).expect("the NVFP4 matmul");
    let engines = |preset: &str| {
        let device = DeviceProperties::preset(preset).expect("a preset");
        built
            .engine_configs(
                Target::Device {
                    library: &lib,
                    device: &device,
                },
                HeuristicMode::A,
                &EngineFilter::default(),
            )
            .map(|c| c.len())
    };
    let b200 = engines("b200");
    let h100 = engines("h100-sxm");
    eprintln!("b200: {b200:?}; h100: {h100:?}");
    assert!(b200.as_ref().is_ok_and(|&n| n > 0), "{b200:?}");
    // Hopper has no FP4 tensor cores: cuDNN's heuristics offer nothing.
    match &h100 {
        Err(Error::NoEngine { reason, .. }) => {
            assert!(
                reason.contains("offered 0 engine configurations"),
                "{reason}"
            );
        }
        other => panic!("expected no engine on sm_90, got {other:?}"),
    }
    // A plan finalizes for the B200 and round-trips through cuDNN's JSON,
    // which reads back as this graph's (its FP4_E2M1 tensors included).
    let device = DeviceProperties::preset("b200").expect("the sm_100 preset");
    let target = Target::Device {
        library: &lib,
        device: &device,
    };
    let plans = built
        .plans(target, &cudnn::graph::Settings::default())
        .expect("an NVFP4 plan for sm_100");
    let json = plans[0].to_json().expect("json");
    assert!(json.contains("CUDNN_DATA_FP4_E2M1"), "{json}");
    let back = built
        .plan_from_json(&json, target)
        .expect("this graph's plan");
    assert_eq!(back.to_json().expect("json"), json);
    // The plan's FP4 tensors take half as many buffer elements as they
    // have elements: a [1, 128, 64] operand binds 4096 F4E2M1x2.
    let a = back
        .tensors()
        .iter()
        .find(|t| t.data_type() == FP4 && t.strides()[2] == 1)
        .expect("a's tensor in the plan");
    assert_eq!(a.span(), Some(128 * 64));
    assert_eq!(a.buffer_len(), Some(128 * 64 / 2));
}

/// The crate's `E2M1` and `E4M3` conversions agree with
/// `cudnn_reference::block_scale`'s, written from the formats'
/// definitions (the NVFP4 GPU test compares cuDNN with that reference),
/// and its 128 x 4 tiles hold the `[1, 128, 4]` factors of the NVFP4
/// matmul in one tile of 512.
#[test]
fn fp4_and_e4m3_agree_with_the_reference() {
    use cudnn::{F4E2M1x2, F8E4M3};
    use cudnn_reference::block_scale as nvfp4;
    for code in 0..16u8 {
        let want = nvfp4::E2M1[usize::from(code)];
        let got = F4E2M1x2::code_to_f32(code);
        assert_eq!(f64::from(got).to_bits(), want.to_bits(), "{code:#x}");
    }
    for bits in 0..=255u8 {
        let (got, want) = (f64::from(F8E4M3(bits).to_f32()), nvfp4::e4m3(bits));
        assert!(got == want || (got.is_nan() && want.is_nan()), "{bits:#x}");
    }
    assert_eq!(nvfp4::tile_128x4(128, 4, &[1; 512]).len(), 512);
}

/// An NVFP4 quantization as a bf16 matmul's epilogue (cudnn-frontend's
/// "Block Scale Matmul Quantize": `FP4_E2M1` values, `E4M3` factors in
/// 128 x 4 tiles, blocks of 16 along the last dim), as cuDNN 9.28 answers
/// for a described B200 and H100.
#[test]
fn an_nvfp4_quantization_as_a_matmuls_epilogue() {
    let Some(lib) = common::backend::graph_library() else {
        return;
    };
    let v = lib.version();
    if (v.major, v.minor) < (9, 8) || !common::backend::load_cublaslt(&lib) {
        return;
    }
    let mut g = Graph::new("nvfp4_epilogue");
    let x = g.tensor("x", &[1, 128, 128], BF16).unwrap();
    let w = g.tensor("w", &[1, 128, 128], BF16).unwrap();
    let y = g.matmul(x, w).unwrap();
    let [q, s] = g
        .block_scale_quantize(y, &BlockScaleQuantize::nvfp4())
        .unwrap();
    assert_eq!(g.dims(q).unwrap(), [1, 128, 128]);
    assert_eq!(g.dims(s).unwrap(), [1, 128, 8]);
    g.set_reordering(s, TensorReordering::CUDNN_TENSOR_REORDERING_F8_128x4)
        .unwrap();
    let built = g.build_with(&lib, None).expect("the epilogue");
    let engines = |preset: &str| {
        let device = DeviceProperties::preset(preset).expect("a preset");
        built
            .engine_configs(
                Target::Device {
                    library: &lib,
                    device: &device,
                },
                HeuristicMode::A,
                &EngineFilter::default(),
            )
            .map(|c| c.len())
    };
    let (b200, h100) = (engines("b200"), engines("h100-sxm"));
    eprintln!("b200: {b200:?}; h100: {h100:?}");
    assert!(b200.as_ref().is_ok_and(|&n| n > 0), "{b200:?}");
    assert!(matches!(h100, Err(Error::NoEngine { .. })), "{h100:?}");
    // Its plan round-trips through JSON; the FP4 output binds half its
    // elements' count of F4E2M1x2.
    let device = DeviceProperties::preset("b200").expect("the sm_100 preset");
    let target = Target::Device {
        library: &lib,
        device: &device,
    };
    let plans = built
        .plans(target, &cudnn::graph::Settings::default())
        .expect("a plan of the NVFP4 epilogue for sm_100");
    let json = plans[0].to_json().expect("json");
    let back = built
        .plan_from_json(&json, target)
        .expect("this graph's plan");
    assert_eq!(back.to_json().expect("json"), json);
    let out = back
        .tensors()
        .iter()
        .find(|t| t.data_type() == FP4)
        .expect("the FP4 output in the plan");
    assert!(out.is_output());
    assert_eq!(out.buffer_len(), Some(128 * 128 / 2));
}
