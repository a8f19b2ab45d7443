//! `crate::ops::ctc_loss` without a GPU, against the real library: the CTC
//! loss descriptor set the way the loaded major takes it
//! (`cudnnSetCTCLossDescriptor_v9` on 9, `_v8` on 8) and read back,
//! `try_clone`, the problem's descriptors and the label checks of a
//! launch, each with its exact refusal.

use std::sync::Arc;

use crate::test_support as common;

use common::{is_bad_value, is_shape, raw, refusal};

use crate::ops::{
    CtcGradMode, CtcLabels, CtcLossDescriptor, CtcLossProblem, LossNormalizationMode,
};
use crate::{sys, DType, Mismatch, NanPropagation};

/// The settings cuDNN holds for `d`: (compute type, normalization, gradient
/// mode as cuDNN 9 or 8 spells it, max label length).
fn read_back(d: &CtcLossDescriptor) -> (DType, LossNormalizationMode, u32, i32) {
    let lib = d.library();
    let mut dtype = DType::DOUBLE;
    let mut norm = LossNormalizationMode::NONE;
    let mut max = 0i32;
    if lib.version().major >= 9 {
        let mut grad = CtcGradMode::SKIP_OOB_GRADIENTS;
        raw!(
            lib,
            cudnnGetCTCLossDescriptor_v9(d.as_raw(), &mut dtype, &mut norm, &mut grad, &mut max)
        )
        .expect("get v9");
        (dtype, norm, grad.0, max)
    } else {
        let mut nan = NanPropagation::NOT_PROPAGATE_NAN;
        raw!(
            lib,
            cudnnGetCTCLossDescriptor_v8(d.as_raw(), &mut dtype, &mut norm, &mut nan, &mut max)
        )
        .expect("get v8");
        (dtype, norm, nan.0, max)
    }
}

#[test]
fn descriptors_are_set_for_the_loaded_major() {
    let Some(lib) = common::lib() else { return };
    let nine = lib.version().major >= 9;
    for norm in [LossNormalizationMode::SOFTMAX, LossNormalizationMode::NONE] {
        let d = CtcLossDescriptor::new(norm, CtcGradMode::ZERO_OOB_GRADIENTS, 200).expect("ctc");
        assert_eq!(d.normalization(), norm);
        assert_eq!(d.grad_mode(), CtcGradMode::ZERO_OOB_GRADIENTS);
        assert_eq!(d.max_label_length(), 200);
        let (dtype, got_norm, grad, max) = read_back(&d);
        assert_eq!(dtype, DType::FLOAT);
        assert_eq!(got_norm, norm);
        assert_eq!(max, 200);
        let want = if nine {
            CtcGradMode::ZERO_OOB_GRADIENTS.0
        } else {
            NanPropagation::PROPAGATE_NAN.0
        };
        assert_eq!(grad, want);
    }
    let skip = CtcLossDescriptor::new(
        LossNormalizationMode::SOFTMAX,
        CtcGradMode::SKIP_OOB_GRADIENTS,
        256,
    );
    if nine {
        let d = skip.expect("cuDNN 9 has SKIP_OOB_GRADIENTS");
        assert_eq!(read_back(&d).2, CtcGradMode::SKIP_OOB_GRADIENTS.0);
        assert_eq!(read_back(&d).3, 256);
    } else {
        let e = skip.expect_err("cuDNN 8 has no gradient mode");
        let (function, mismatch) = refusal(&e);
        assert_eq!(function, "CtcLossDescriptor::new");
        assert!(matches!(mismatch, Mismatch::Unsupported { .. }), "{e}");
    }
}

#[test]
fn max_label_length_out_of_range_is_refused_before_cudnn() {
    let Some(_lib) = common::lib() else { return };
    for bad in [0, 257, usize::MAX] {
        let e = CtcLossDescriptor::new(
            LossNormalizationMode::SOFTMAX,
            CtcGradMode::ZERO_OOB_GRADIENTS,
            bad,
        )
        .expect_err("out of range");
        assert!(is_bad_value(&e), "{e}");
        assert_eq!(refusal(&e).0, "CtcLossDescriptor::new");
    }
}

#[test]
fn try_clone_keeps_settings_and_library() {
    let Some(lib) = common::lib() else { return };
    let a = CtcLossDescriptor::new_in(
        Arc::clone(&lib),
        LossNormalizationMode::SOFTMAX,
        CtcGradMode::ZERO_OOB_GRADIENTS,
        17,
    )
    .expect("ctc");
    let b = a.try_clone().expect("clone");
    assert_ne!(a.as_raw(), b.as_raw());
    assert!(Arc::ptr_eq(a.library(), b.library()));
    assert_eq!(read_back(&a), read_back(&b));
    assert_eq!(b.max_label_length(), 17);
}

fn problem(t: usize, n: usize, a: usize, max: usize) -> CtcLossProblem {
    let d = CtcLossDescriptor::new(
        LossNormalizationMode::SOFTMAX,
        CtcGradMode::ZERO_OOB_GRADIENTS,
        max,
    )
    .expect("ctc");
    CtcLossProblem::new(d, t, n, a).expect("problem")
}

#[test]
fn problem_descriptors_are_packed_tna_and_n() {
    let Some(_lib) = common::lib() else { return };
    let p = problem(7, 3, 5, 256);
    assert_eq!(p.dims(), (7, 3, 5));
    assert_eq!(p.probs().dims(), &[7, 3, 5]);
    assert_eq!(p.probs().strides(), &[15, 5, 1]);
    assert_eq!(p.probs().required_len(), 105);
    assert_eq!(p.costs().required_len(), 3);
    assert_eq!(p.ctc().max_label_length(), 256);
    for (t, n, a) in [(0, 1, 3), (2, 0, 3), (2, 1, 1), (2, 1, 0)] {
        let d = CtcLossDescriptor::new(
            LossNormalizationMode::SOFTMAX,
            CtcGradMode::ZERO_OOB_GRADIENTS,
            4,
        )
        .expect("ctc");
        CtcLossProblem::new(d, t, n, a).expect_err("a zero dimension or no label");
    }
}

#[test]
fn a_launch_checks_every_label_and_length_on_the_host() {
    let Some(_lib) = common::lib() else { return };
    let p = problem(4, 2, 3, 3);
    let labels = |l: &'static [i32], ll: &'static [i32], il: &'static [i32]| CtcLabels {
        labels: l,
        label_lengths: ll,
        input_lengths: il,
    };
    p.check_labels(&labels(&[1, 2, 2], &[2, 1], &[4, 1]))
        .expect("fine");
    p.check_labels(&labels(&[1, 2, 1], &[3, 0], &[4, 4]))
        .expect("empty second item");
    let bad_value = [
        labels(&[1, 2, 1, 2], &[4, 0], &[4, 4]), // over the descriptor's max of 3
        labels(&[1, 1, 1], &[3, 0], &[4, 4]),    // 3 labels + 2 repeats > 4 steps
        labels(&[1, 3], &[1, 1], &[4, 4]),       // 3 is not below A = 3
        labels(&[1, 0], &[1, 1], &[4, 4]),       // 0 is the blank
        labels(&[1], &[1, 0], &[5, 4]),          // input longer than T
        labels(&[1], &[1, 0], &[4, -1]),
    ];
    for l in bad_value {
        let e = p.check_labels(&l).expect_err("bad value");
        assert!(is_bad_value(&e), "{e}");
        assert_eq!(refusal(&e).0, "cudnnCTCLoss");
    }
    let bad_shape = [
        labels(&[1], &[1], &[4, 4]),
        labels(&[1, 2], &[1, 0], &[4, 4]),
        labels(&[1], &[1, 1], &[4, 4]),
    ];
    for l in bad_shape {
        let e = p.check_labels(&l).expect_err("bad shape");
        assert!(is_shape(&e), "{e}");
    }
}

#[test]
fn the_enums_are_cudnns_values() {
    assert_eq!(LossNormalizationMode::NONE.0, 0);
    assert_eq!(LossNormalizationMode::SOFTMAX.0, 1);
    assert_eq!(CtcGradMode::ZERO_OOB_GRADIENTS.0, 0);
    assert_eq!(crate::ops::CtcLossAlgo::DETERMINISTIC.0, 0);
    assert_eq!(
        sys::cudnnCTCLossAlgo_t::CUDNN_CTC_LOSS_ALGO_NON_DETERMINISTIC.0,
        1
    );
}
