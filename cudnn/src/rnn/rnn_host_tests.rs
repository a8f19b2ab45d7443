//! Recurrent networks without a GPU, against the real library: RNN and RNN
//! data descriptors of every kind (read back from cuDNN), the crate's own
//! checks with typed errors for bad configurations, buffers, sequence
//! lengths and reserve spaces, and the crate's weight-layout prediction
//! against the CPU reference's PyTorch-named weights.
//!
//! cuDNN's weight-space and temporary-space sizes and dropout states need a
//! handle, hence a GPU: those are in `rnn_gpu.rs`.

use crate::test_support as common;

use super::config::{check_rnn_clip, check_rnn_config};
use super::data::check_rnn_data;
use super::rnn_problem::check_rnn_problem;
use crate::half::{bf16, f16};
use crate::rnn::{
    rnn_data_len, RnnAlgo, RnnBiasMode, RnnClip, RnnClipMode, RnnComputesIn, RnnInputMode,
    RnnParamKind, RnnTensor,
};
use crate::rnn::{
    RnnConfig, RnnDataDescriptor, RnnDataLayout, RnnDescriptor, RnnMode, RnnProblem,
    RnnReserveSpace,
};
use crate::sys::{self, cudnnDataType_t};
use crate::{ComputeType, Error, MathType, Mismatch, NanPropagation};
use cudnn_reference::rnn::{RnnGeometry, RnnWeights};
use proptest::prelude::*;

const SEQ_MAJOR: RnnDataLayout = RnnDataLayout::SEQ_MAJOR_UNPACKED;
const BATCH_MAJOR: RnnDataLayout = RnnDataLayout::BATCH_MAJOR_UNPACKED;
const PACKED: RnnDataLayout = RnnDataLayout::SEQ_MAJOR_PACKED;

const MODES: [RnnMode; 4] = [
    RnnMode::RNN_RELU,
    RnnMode::RNN_TANH,
    RnnMode::LSTM,
    RnnMode::GRU,
];

fn invalid(e: &Error) -> (&'static str, &Mismatch) {
    match e {
        Error::InvalidArgument { function, mismatch } => (function, mismatch),
        other => panic!("expected InvalidArgument, got {other:?}"),
    }
}

/// Sets `config` with `T` data and `C` math in cuDNN, reads it back and
/// compares.
fn round_trip<T: RnnComputesIn<C>, C: ComputeType>(config: &RnnConfig) {
    let rnn = RnnDescriptor::<T, C>::new(config, None)
        .unwrap_or_else(|e| panic!("{config:?} with {}/{}: {e}", T::NAME, C::NAME));
    let (back, data, math) = rnn.query().expect("cudnnGetRNNDescriptor_v8");
    assert_eq!(&back, config, "{} / {}", T::NAME, C::NAME);
    assert_eq!(data, T::CUDNN);
    assert_eq!(math, C::CUDNN);
    assert_eq!(rnn.config(), config);
    assert!(rnn.dropout().is_none());
    assert!(!rnn.as_raw().is_null());
}

#[test]
fn descriptors_of_every_kind_are_set_and_read_back() {
    let Some(_lib) = common::lib() else { return };
    for mode in MODES {
        for layers in [1, 3] {
            for bidirectional in [false, true] {
                for bias in [
                    RnnBiasMode::NO_BIAS,
                    RnnBiasMode::SINGLE_INP_BIAS,
                    RnnBiasMode::DOUBLE_BIAS,
                    RnnBiasMode::SINGLE_REC_BIAS,
                ] {
                    let mut c = RnnConfig::new(mode, 5, 8, layers).with_bias_mode(bias);
                    if bidirectional {
                        c = c.bidirectional();
                    }
                    round_trip::<f32, f32>(&c);
                }
            }
        }
        // Skip input, f64, f16 computing in f16 and in f32, math types.
        let skip = RnnConfig::new(mode, 8, 8, 2).with_input_mode(RnnInputMode::SKIP_INPUT);
        round_trip::<f32, f32>(&skip);
        round_trip::<f64, f64>(&RnnConfig::new(mode, 3, 4, 2).bidirectional());
        let tensor_ops = RnnConfig::new(mode, 16, 32, 1).with_math_type(MathType::TENSOR_OP_MATH);
        round_trip::<f16, f16>(&tensor_ops);
        round_trip::<f16, f32>(&tensor_ops);
        round_trip::<f32, f32>(&RnnConfig::new(mode, 16, 32, 1).with_math_type(MathType::FMA_MATH));
    }
    // An LSTM projection, read back as such.
    round_trip::<f32, f32>(
        &RnnConfig::new(RnnMode::LSTM, 6, 8, 2)
            .bidirectional()
            .with_projection(5),
    );
    round_trip::<f64, f64>(&RnnConfig::new(RnnMode::LSTM, 6, 8, 1).with_projection(1));
    // The persistent algorithms are accepted at this stage (whether a GPU
    // runs them is decided at launch).
    round_trip::<f16, f32>(
        &RnnConfig::new(RnnMode::LSTM, 32, 32, 1).with_algo(RnnAlgo::PERSIST_STATIC),
    );
}

#[test]
fn bf16_is_accepted_or_refused_by_cudnn_with_a_typed_error() {
    let Some(lib) = common::lib() else { return };
    let c = RnnConfig::new(RnnMode::GRU, 16, 32, 1);
    match RnnDescriptor::<bf16, f32>::new(&c, None) {
        Ok(rnn) => {
            let (_, data, math) = rnn.query().expect("query");
            assert_eq!(data, cudnnDataType_t::BFLOAT16);
            assert_eq!(math, cudnnDataType_t::FLOAT);
            eprintln!("cuDNN {} accepts bf16 RNNs", lib.version());
        }
        Err(e @ (Error::BadParam(_) | Error::NotSupported(_))) => {
            eprintln!("cuDNN {} refuses bf16 RNNs: {e}", lib.version());
        }
        Err(e) => panic!("unexpected {e:?}"),
    }
}

#[test]
fn bad_configurations_are_refused_before_cudnn() {
    let Some(_lib) = common::lib() else { return };
    let lstm = RnnConfig::new(RnnMode::LSTM, 4, 8, 2);
    let cases: Vec<(RnnConfig, &str)> = vec![
        (
            RnnConfig {
                hidden_size: 0,
                ..lstm.clone()
            },
            "hidden",
        ),
        (
            RnnConfig {
                num_layers: 0,
                ..lstm.clone()
            },
            "layers",
        ),
        (
            RnnConfig {
                input_size: 0,
                ..lstm.clone()
            },
            "input",
        ),
        (
            RnnConfig {
                hidden_size: i32::MAX as usize + 1,
                ..lstm.clone()
            },
            "too big",
        ),
        (
            RnnConfig {
                mode: sys::cudnnRNNMode_t(9),
                ..lstm.clone()
            },
            "mode",
        ),
        (
            RnnConfig {
                bias_mode: sys::cudnnRNNBiasMode_t(4),
                ..lstm.clone()
            },
            "bias mode",
        ),
        (
            RnnConfig {
                direction: sys::cudnnDirectionMode_t(2),
                ..lstm.clone()
            },
            "direction",
        ),
        (
            RnnConfig {
                input_mode: sys::cudnnRNNInputMode_t(2),
                ..lstm.clone()
            },
            "input mode",
        ),
        (lstm.clone().with_algo(RnnAlgo::COUNT), "algo"),
        (lstm.clone().with_math_type(sys::cudnnMathType_t(7)), "math"),
        (lstm.clone().with_projection(8), "projection = hidden"),
        (lstm.clone().with_projection(9), "projection > hidden"),
    ];
    for (c, what) in cases {
        let e = RnnDescriptor::<f32, f32>::new(&c, None).expect_err(what);
        let (function, m) = invalid(&e);
        assert_eq!(function, "RnnDescriptor::new", "{what}");
        assert!(matches!(m, Mismatch::BadValue { .. }), "{what}: {e}");
        let checked = check_rnn_config(&c).expect_err(what);
        assert_eq!(invalid(&checked).0, "check_rnn_config", "{what}");
        assert_eq!(format!("{:?}", invalid(&checked).1), format!("{m:?}"));
        let layout = c.predicted_weight_layout().expect_err(what);
        assert_eq!(invalid(&layout).0, "RnnConfig::predicted_weight_layout");
    }
    // A projection on a GRU: unsupported.
    let e = RnnDescriptor::<f32, f32>::new(
        &RnnConfig::new(RnnMode::GRU, 4, 8, 1).with_projection(4),
        None,
    )
    .expect_err("gru projection");
    assert!(matches!(invalid(&e).1, Mismatch::Unsupported { .. }), "{e}");
    // Skip input with an input size that is not the hidden size.
    let e = RnnDescriptor::<f32, f32>::new(
        &RnnConfig::new(RnnMode::RNN_TANH, 4, 8, 1).with_input_mode(RnnInputMode::SKIP_INPUT),
        None,
    )
    .expect_err("skip input");
    assert!(
        matches!(invalid(&e).1, Mismatch::Shape { what } if what.contains("skip input")),
        "{e}"
    );
}

#[test]
fn what_cudnn_rejects_comes_back_typed() {
    let Some(lib) = common::lib() else { return };
    // Combinations this crate leaves to cuDNN: whatever it says is either
    // success or a typed status error, never a crash.
    let tries = [
        RnnConfig::new(RnnMode::LSTM, 4, 8, 1).with_algo(RnnAlgo::PERSIST_STATIC_SMALL_H),
        RnnConfig::new(RnnMode::GRU, 4, 8, 2)
            .with_algo(RnnAlgo::PERSIST_DYNAMIC)
            .bidirectional(),
        RnnConfig::new(RnnMode::LSTM, 4, 8, 1)
            .with_math_type(MathType::TENSOR_OP_MATH_ALLOW_CONVERSION),
    ];
    for c in tries {
        for result in [
            RnnDescriptor::<f64, f64>::new(&c, None).map(|_| ()),
            RnnDescriptor::<f16, f16>::new(&c, None).map(|_| ()),
        ] {
            match result {
                Ok(()) => {}
                Err(e) if e.status().is_some() => eprintln!("cuDNN {}: {e}", lib.version()),
                Err(e) => panic!("{c:?}: unexpected {e:?}"),
            }
        }
    }
}

#[test]
fn clipping() {
    let Some(_lib) = common::lib() else { return };
    let lstm = RnnConfig::new(RnnMode::LSTM, 4, 8, 1);
    let mut rnn = RnnDescriptor::<f32, f32>::new(&lstm, None).expect("rnn");
    rnn.set_clip(RnnClip::min_max(-3.0, 2.5)).expect("clip");
    assert_eq!(rnn.clip(), Some(&RnnClip::min_max(-3.0, 2.5)));
    // A clip that fails keeps the one set before.
    let e = rnn
        .set_clip(RnnClip::min_max(1.0, -1.0))
        .expect_err("bad bounds");
    assert!(matches!(invalid(&e).1, Mismatch::BadValue { .. }), "{e}");
    assert_eq!(rnn.clip(), Some(&RnnClip::min_max(-3.0, 2.5)));
    let mut off = RnnDescriptor::<f32, f32>::new(&lstm, None).expect("rnn");
    off.set_clip(RnnClip {
        mode: RnnClipMode::NONE,
        nan_propagation: NanPropagation::PROPAGATE_NAN,
        min: 0.0,
        max: 0.0,
    })
    .expect("clip off");
    assert_eq!(off.clip(), None);

    let gru = RnnConfig::new(RnnMode::GRU, 4, 8, 1);
    let e = RnnDescriptor::<f32, f32>::new(&gru, None)
        .and_then(|mut r| r.set_clip(RnnClip::min_max(-1.0, 1.0)))
        .expect_err("gru clip");
    assert!(matches!(
        e,
        Error::InvalidArgument {
            function: "RnnDescriptor::set_clip",
            mismatch: Mismatch::Unsupported { .. }
        }
    ));
    for (lo, hi) in [(1.0, -1.0), (f64::NAN, 1.0), (0.0, f64::INFINITY)] {
        let e = check_rnn_clip(&lstm, &RnnClip::min_max(lo, hi)).expect_err("bounds");
        assert!(
            matches!(invalid(&e), ("check_rnn_clip", Mismatch::BadValue { .. })),
            "{e}"
        );
    }
    let bad_mode = RnnClip {
        mode: sys::cudnnRNNClipMode_t(5),
        ..RnnClip::min_max(0.0, 1.0)
    };
    assert!(check_rnn_clip(&lstm, &bad_mode).is_err());
}

#[test]
fn data_descriptors_keep_the_lengths_cudnn_holds() {
    let Some(_lib) = common::lib() else { return };
    for layout in [SEQ_MAJOR, BATCH_MAJOR, PACKED] {
        let lengths = [7, 5, 5, 2];
        let x = RnnDataDescriptor::<f32>::new(layout, 7, 3, &lengths).expect("descriptor");
        assert_eq!(x.batch(), 4);
        assert_eq!(x.seq_lengths(), lengths);
        assert_eq!(x.query().expect("query"), (layout, 7, 3, lengths.to_vec()));
        let expected = if layout == PACKED { 19 * 3 } else { 7 * 4 * 3 };
        assert_eq!(x.required_len(), expected);
        assert_eq!(rnn_data_len(layout, 7, &lengths, 3), Some(expected));
    }
    // A padded batch needs no order; its padding fill can be changed.
    let mut x =
        RnnDataDescriptor::<f64>::new(BATCH_MAJOR, 9, 2, &[1, 9, 4]).expect("unsorted padded");
    x.set_padding_fill(-1.0).expect("padding fill");
    assert_eq!(x.padding_fill(), -1.0);
    assert_eq!(x.query().expect("query").3, [1, 9, 4]);
    RnnDataDescriptor::<f16>::new(SEQ_MAJOR, 3, 8, &[3]).expect("f16");
}

#[test]
fn bad_sequence_lengths_are_refused_before_cudnn() {
    let Some(_lib) = common::lib() else { return };
    let cases: [(RnnDataLayout, usize, usize, &[usize], &str); 8] = [
        (PACKED, 5, 2, &[3, 5, 1], "longer than sequence 0"),
        (SEQ_MAJOR, 5, 2, &[3, 6], "outside 1..=5"),
        (SEQ_MAJOR, 5, 2, &[3, 0], "outside 1..=5"),
        (BATCH_MAJOR, 5, 2, &[], "batch"),
        (SEQ_MAJOR, 0, 2, &[1], "max_seq_len"),
        (SEQ_MAJOR, 5, 0, &[1], "vector_size"),
        (sys::cudnnRNNDataLayout_t(3), 5, 2, &[1], "layout 3"),
        (SEQ_MAJOR, i32::MAX as usize + 1, 2, &[1], "max_seq_len"),
    ];
    for (layout, max, vector, lengths, says) in cases {
        let e = RnnDataDescriptor::<f32>::new(layout, max, vector, lengths).expect_err(says);
        let (function, m) = invalid(&e);
        assert_eq!(function, "RnnDataDescriptor::new");
        assert!(
            matches!(m, Mismatch::BadValue { what } if what.contains(says)),
            "{says}: {e}"
        );
        let checked = check_rnn_data(layout, max, vector, lengths).expect_err(says);
        assert_eq!(invalid(&checked).0, "check_rnn_data");
    }
}

fn lstm_problem(layout: RnnDataLayout, lengths: &[usize]) -> crate::Result<RnnProblem<f32, f32>> {
    let c = RnnConfig::new(RnnMode::LSTM, 3, 6, 2)
        .bidirectional()
        .with_projection(4);
    let rnn = RnnDescriptor::new(&c, None)?;
    let x = RnnDataDescriptor::new(layout, 5, 3, lengths)?;
    RnnProblem::new(rnn, x)
}

#[test]
fn problems_check_shapes() {
    let Some(_lib) = common::lib() else { return };
    let p = lstm_problem(SEQ_MAJOR, &[5, 2, 4]).expect("problem");
    assert_eq!(p.y().vector_size(), 8);
    assert_eq!(p.y().seq_lengths(), [5, 2, 4]);
    assert_eq!(p.y().layout(), SEQ_MAJOR);
    assert_eq!(p.h().dims(), [4, 3, 4]);
    assert_eq!(p.c().dims(), [4, 3, 6]);
    let (rnn, x, y) = p.into_parts();
    assert_eq!(rnn.config().proj_size, 4);
    assert_eq!(x.vector_size(), 3);
    assert_eq!(y.vector_size(), 8);

    // x's vectors must be input_size long.
    let rnn =
        RnnDescriptor::<f32, f32>::new(&RnnConfig::new(RnnMode::GRU, 3, 6, 1), None).expect("rnn");
    let x = RnnDataDescriptor::new(SEQ_MAJOR, 5, 4, &[5]).expect("x");
    let e = RnnProblem::new(rnn, x).expect_err("input size");
    assert!(
        matches!(invalid(&e), ("RnnProblem::new", Mismatch::Shape { what })
            if what.contains("input size is 3") && what.contains("cudnnRNNForward")),
        "{e}"
    );

    // y must have the output size, the layout and the lengths of x.
    let gru = RnnConfig::new(RnnMode::GRU, 3, 6, 1).bidirectional();
    let make = |y_layout, y_vector, y_lengths: &[usize]| {
        let rnn = RnnDescriptor::<f32, f32>::new(&gru, None).expect("rnn");
        let x = RnnDataDescriptor::new(SEQ_MAJOR, 5, 3, &[5, 3]).expect("x");
        let y = RnnDataDescriptor::new(y_layout, 5, y_vector, y_lengths).expect("y");
        RnnProblem::with_output(rnn, x, y)
    };
    make(SEQ_MAJOR, 12, &[5, 3]).expect("matching y");
    for (layout, vector, lengths, says) in [
        (SEQ_MAJOR, 6, &[5, 3][..], "outputs 12"),
        (BATCH_MAJOR, 12, &[5, 3][..], "differ"),
        (SEQ_MAJOR, 12, &[5, 2][..], "sequence lengths"),
    ] {
        let e = make(layout, vector, lengths).expect_err(says);
        assert!(
            matches!(invalid(&e), ("RnnProblem::with_output", Mismatch::Shape { what }) if what.contains(says)),
            "{says}: {e}"
        );
    }
    // The same rule without descriptors.
    let c = RnnConfig::new(RnnMode::RNN_TANH, 2, 3, 1);
    check_rnn_problem(&c, (PACKED, 4, 2, &[4, 1]), (PACKED, 4, 3, &[4, 1])).expect("fits");
    let e = check_rnn_problem(&c, (PACKED, 4, 2, &[4, 1]), (PACKED, 3, 3, &[4, 1]))
        .expect_err("3 steps against 4");
    assert!(
        matches!(invalid(&e), ("check_rnn_problem", Mismatch::Shape { what }) if what.contains("differ")),
        "{e}"
    );
}

#[test]
fn every_buffer_is_checked_against_its_descriptor() {
    let Some(_lib) = common::lib() else { return };
    for layout in [SEQ_MAJOR, BATCH_MAJOR, PACKED] {
        let p = lstm_problem(layout, &[5, 4, 2]).expect("problem");
        let (x, y) = if layout == PACKED {
            (11 * 3, 11 * 8)
        } else {
            (5 * 3 * 3, 5 * 3 * 8)
        };
        let (h, c) = (4 * 3 * 4, 4 * 3 * 6);
        let wbytes = 4000;
        let w = 1000;
        assert_eq!(p.required_len(RnnTensor::X, wbytes), Some(x));
        assert_eq!(p.required_len(RnnTensor::Y, wbytes), Some(y));
        assert_eq!(p.required_len(RnnTensor::Hidden, wbytes), Some(h));
        assert_eq!(p.required_len(RnnTensor::Cell, wbytes), Some(c));
        assert_eq!(p.required_len(RnnTensor::Weights, 4001), Some(1001));
        let full = [
            ("x", RnnTensor::X, x),
            ("y", RnnTensor::Y, y),
            ("w", RnnTensor::Weights, w),
            ("hx", RnnTensor::Hidden, h),
            ("cx", RnnTensor::Cell, c),
            ("hy", RnnTensor::Hidden, h + 7),
        ];
        p.check_buffers("cudnnRNNForward", wbytes, &full)
            .expect("exact lengths");
        for i in 0..full.len() {
            let mut short = full;
            short[i].2 -= if i == 5 { 8 } else { 1 };
            let e = p
                .check_buffers("cudnnRNNForward", wbytes, &short)
                .expect_err("short");
            assert_eq!(
                invalid(&e),
                (
                    "cudnnRNNForward",
                    &Mismatch::BufferTooShort {
                        buffer: short[i].0.into(),
                        len: short[i].2,
                        required: if i == 5 { h } else { full[i].2 },
                    }
                )
            );
        }
    }
    // A cell state for a network without cells.
    let rnn =
        RnnDescriptor::<f64, f64>::new(&RnnConfig::new(RnnMode::GRU, 3, 6, 1), None).expect("rnn");
    let x = RnnDataDescriptor::new(SEQ_MAJOR, 5, 3, &[5]).expect("x");
    let p = RnnProblem::new(rnn, x).expect("problem");
    assert_eq!(p.required_len(RnnTensor::Cell, 0), None);
    let e = p
        .check_buffers(
            "cudnnRNNBackwardData_v8",
            0,
            &[("dcx", RnnTensor::Cell, 1 << 20)],
        )
        .expect_err("no cells");
    assert!(
        matches!(invalid(&e), ("cudnnRNNBackwardData_v8", Mismatch::Unsupported { what }) if what.contains("dcx")),
        "{e}"
    );
}

#[test]
fn backward_needs_a_reserve_space_from_training() {
    let Some(_lib) = common::lib() else { return };
    let p = lstm_problem(SEQ_MAJOR, &[5]).expect("problem");
    let reserve = RnnReserveSpace::new();
    assert!(reserve.is_empty() && !reserve.is_filled());
    for f in ["cudnnRNNBackwardData_v8", "cudnnRNNBackwardWeights_v8"] {
        let e = p.check_reserve(f, &reserve).expect_err("empty reserve");
        assert!(
            matches!(invalid(&e), (function, Mismatch::Unsupported { what }) if function == f && what.contains("rnn_forward_training")),
            "{e}"
        );
    }
}

#[test]
fn dropout_between_layers_takes_a_probability_below_one() {
    // The dropout descriptor itself needs a handle (its states are
    // initialized by a kernel): see rnn_gpu.rs. Its checks need nothing.
    for p in [0.0, 0.5, 0.99] {
        crate::core::dropout_descriptor::check_dropout_probability("cudnnSetDropoutDescriptor", p)
            .expect("valid");
    }
    for p in [1.0, -0.1, f32::NAN] {
        let e = crate::core::dropout_descriptor::check_dropout_probability(
            "cudnnSetDropoutDescriptor",
            p,
        )
        .expect_err("invalid");
        assert!(matches!(invalid(&e).1, Mismatch::BadValue { .. }), "{e}");
    }
}

/// The network and its problem move between threads (the network owns its
/// dropout descriptor; neither borrows anything).
#[test]
fn descriptors_and_problems_are_send() {
    fn assert_send<T: Send>() {}
    assert_send::<RnnDescriptor<f32, f32>>();
    assert_send::<RnnDescriptor<f16, f32>>();
    assert_send::<RnnDataDescriptor<f64>>();
    assert_send::<RnnProblem<f32, f32>>();
    assert_send::<RnnProblem<f64, f64>>();
}

#[test]
fn try_clone_makes_new_descriptors_with_the_same_settings() {
    let Some(_lib) = common::lib() else { return };
    let c = RnnConfig::new(RnnMode::LSTM, 3, 6, 2)
        .bidirectional()
        .with_projection(4);
    let mut rnn = RnnDescriptor::<f32, f32>::new(&c, None).expect("rnn");
    rnn.set_clip(RnnClip::min_max(-2.0, 3.0)).expect("clip");
    let copy = rnn.try_clone().expect("clone");
    assert_ne!(copy.as_raw(), rnn.as_raw());
    assert!(std::sync::Arc::ptr_eq(copy.library(), rnn.library()));
    assert_eq!(copy.config(), rnn.config());
    assert_eq!(copy.clip(), rnn.clip());
    assert_eq!(copy.query().expect("query"), rnn.query().expect("query"));
    assert!(copy.dropout().is_none());
    let copy = copy.try_clone_with_dropout(None).expect("clone again");
    assert_eq!(copy.clip(), Some(&RnnClip::min_max(-2.0, 3.0)));

    for layout in [SEQ_MAJOR, BATCH_MAJOR, PACKED] {
        let mut x = RnnDataDescriptor::<f64>::new(layout, 6, 3, &[6, 4, 1]).expect("x");
        x.set_padding_fill(2.5).expect("fill");
        let copy = x.try_clone().expect("clone");
        assert_ne!(copy.as_raw(), x.as_raw());
        assert!(std::sync::Arc::ptr_eq(copy.library(), x.library()));
        assert_eq!(copy.query().expect("query"), x.query().expect("query"));
        assert_eq!(copy.padding_fill(), 2.5);
        assert_eq!(copy.required_len(), x.required_len());
    }

    let p = lstm_problem(PACKED, &[5, 4, 2]).expect("problem");
    let q = p.try_clone().expect("clone");
    assert_ne!(q.rnn().as_raw(), p.rnn().as_raw());
    assert_eq!(q.rnn().config(), p.rnn().config());
    assert_eq!(q.x().query().expect("x"), p.x().query().expect("x"));
    assert_eq!(q.y().query().expect("y"), p.y().query().expect("y"));
    assert_eq!(q.h().dims(), p.h().dims());
    assert_eq!(q.c().dims(), p.c().dims());
    // Each is its own problem, with its own reserve spaces.
    let reserve = RnnReserveSpace::new();
    assert!(q
        .check_reserve("cudnnRNNBackwardData_v8", &reserve)
        .is_err());
}

#[test]
fn descriptors_of_another_loaded_library_are_refused() {
    let Some(_lib) = common::lib() else { return };
    let other = match crate::Library::open(None) {
        Ok(l) => std::sync::Arc::new(l),
        Err(e) if common::required() => panic!("a second copy of the library: {e}"),
        Err(e) => return eprintln!("not run: {e}"),
    };
    let c = RnnConfig::new(RnnMode::GRU, 3, 6, 1);
    let ours = || RnnDescriptor::<f32, f32>::new(&c, None).expect("rnn");
    let x_here = || RnnDataDescriptor::<f32>::new(SEQ_MAJOR, 4, 3, &[4, 2]).expect("x");
    let x_there = || {
        RnnDataDescriptor::<f32>::new_in(std::sync::Arc::clone(&other), SEQ_MAJOR, 4, 3, &[4, 2])
            .expect("x of the other library")
    };
    let y_there = || {
        RnnDataDescriptor::<f32>::new_in(std::sync::Arc::clone(&other), SEQ_MAJOR, 4, 6, &[4, 2])
            .expect("y of the other library")
    };
    for (e, function, which) in [
        (
            RnnProblem::new(ours(), x_there()).expect_err("x"),
            "RnnProblem::new",
            "x",
        ),
        (
            RnnProblem::with_output(ours(), x_there(), y_there()).expect_err("x and y"),
            "RnnProblem::with_output",
            "x",
        ),
        (
            RnnProblem::with_output(ours(), x_here(), y_there()).expect_err("y"),
            "RnnProblem::with_output",
            "y",
        ),
    ] {
        assert!(
            matches!(
                invalid(&e),
                (f, Mismatch::OtherLibrary { descriptor, .. }) if f == function && *descriptor == which
            ),
            "{which}: {e}"
        );
    }
    // A network of the other library with that library's data is fine.
    let theirs = RnnDescriptor::<f32, f32>::new_in(std::sync::Arc::clone(&other), &c, None)
        .expect("rnn of the other library");
    let p = RnnProblem::new(theirs, x_there()).expect("one library");
    assert!(std::sync::Arc::ptr_eq(p.h().library(), &other));
}

fn geometry_of(c: &RnnConfig) -> RnnGeometry {
    RnnGeometry {
        cell: common::convert::rnn_cell(c.mode),
        input_size: c.input_size,
        hidden_size: c.hidden_size,
        proj_size: c.proj_size,
        num_layers: c.num_layers,
        bidirectional: c.dirs() == 2,
        skip_input: c.input_mode == RnnInputMode::SKIP_INPUT,
        clip: None,
        max_seq_len: 1,
        batch: 1,
        seq_lengths: vec![1],
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, .. ProptestConfig::default() })]

    /// The crate's weight-layout computation agrees with the CPU reference's
    /// PyTorch-named weights: the same tensors, of the same sizes, tiling
    /// the weight space exactly once; and cuDNN accepts every configuration
    /// it is computed for.
    #[test]
    fn predicted_layouts_tile_the_weight_space_like_pytorch(
        mode in 0u32..4,
        layers in 1usize..4,
        bidirectional in any::<bool>(),
        bias in 0u32..4,
        skip in any::<bool>(),
        input in 1usize..7,
        hidden in 2usize..7,
        proj in 0usize..3,
    ) {
        let mode = sys::cudnnRNNMode_t(mode);
        let mut c = RnnConfig::new(mode, if skip { hidden } else { input }, hidden, layers)
            .with_bias_mode(sys::cudnnRNNBiasMode_t(bias));
        if skip {
            c = c.with_input_mode(RnnInputMode::SKIP_INPUT);
        }
        if bidirectional {
            c = c.bidirectional();
        }
        if mode == RnnMode::LSTM {
            c = c.with_projection(proj.min(hidden - 1));
        }
        let layout = c.predicted_weight_layout().expect("layout");
        // Regions tile [0, len) in order.
        let mut at = 0;
        for p in layout.params() {
            prop_assert_eq!(p.offset, at);
            prop_assert_eq!(p.pseudo_layer, p.layer * c.dirs() + usize::from(p.reverse));
            at += p.len();
        }
        prop_assert_eq!(at, layout.len());
        // The same tensors as the reference's weights, by PyTorch's names.
        let g = geometry_of(&c);
        let reference = RnnWeights::<f32>::zeros(&g, c.has_input_bias(), c.has_recurrent_bias());
        prop_assert_eq!(layout.pytorch_names(), reference.names());
        let mut total = 0;
        for name in reference.names() {
            let len = reference.get(&name).map_or(0, <[f32]>::len);
            let shape = layout.pytorch_shape(&name).expect("shape");
            prop_assert_eq!(shape.iter().product::<usize>(), len, "{}", name);
            total += len;
        }
        prop_assert_eq!(total, layout.len());
        // Matrices per pseudo-layer: 2 * gates, less the skipped inputs,
        // plus the projection.
        let matrices = layout.params().iter().filter(|p| p.kind == RnnParamKind::Matrix).count();
        let per = 2 * c.gates() + usize::from(c.proj_size > 0);
        let skipped = if skip { c.dirs() * c.gates() } else { 0 };
        prop_assert_eq!(matrices, c.pseudo_layers() * per - skipped);

        if common::lib().is_some() {
            let rnn = RnnDescriptor::<f32, f32>::new(&c, None);
            prop_assert!(rnn.is_ok(), "cuDNN refuses {:?}: {:?}", c, rnn.err());
        }
    }
}

proptest! {
    /// The clip and sequence-data rules on any value: what they accept is
    /// a range and a length that fit; never a panic.
    #[test]
    fn clip_and_data_rules_hold_for_any_value(
        (clip_mode, nan, min, max) in (0u32..3, 0u32..3, any::<f64>(), any::<f64>()),
        (layout, max_len, vector) in (0u32..4, any::<usize>(), any::<usize>()),
        lengths in proptest::collection::vec(any::<usize>(), 0..4),
    ) {
        let lstm = RnnConfig::new(RnnMode::LSTM, 3, 6, 1);
        let clip = RnnClip {
            mode: sys::cudnnRNNClipMode_t(clip_mode),
            nan_propagation: sys::cudnnNanPropagation_t(nan),
            min,
            max,
        };
        if check_rnn_clip(&lstm, &clip).is_ok() {
            prop_assert!(clip.min <= clip.max);
        }
        let layout = sys::cudnnRNNDataLayout_t(layout);
        if check_rnn_data(layout, max_len, vector, &lengths).is_ok() {
            prop_assert!(rnn_data_len(layout, max_len, &lengths, vector).is_some());
        }
    }
}
