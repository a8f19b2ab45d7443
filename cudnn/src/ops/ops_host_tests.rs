//! `crate::ops` without a GPU, against the real library: pooling,
//! activation, softmax, LRN, dropout and the tensor operations. Their
//! descriptors, the crate's pooling shape rule against cuDNN's, and every
//! launch check that needs no device: the problems' shape checks, buffer
//! lengths, in-place layouts, each with its exact typed mismatch;
//! `try_clone` of each descriptor.

#![allow(clippy::macro_metavars_in_unsafe)]

use crate::test_support as common;

use common::{is_bad_value, is_shape, refusal, short};

use common::raw;

use std::sync::Arc;

use crate::core::dropout_descriptor::{check_dropout_probability, check_dropout_states};
use crate::half::f16;
use crate::ops::{
    check_add_tensor, check_broadcast, check_lrn_parameters, check_op_tensor, check_pooling,
    check_reduce_tensor, check_transform_tensor,
};
use crate::ops::{
    ActivationProblem, DropoutDescriptor, DropoutProblem, LrnDescriptor, LrnProblem,
    OpTensorDescriptor, OpTensorOp, OpTensorProblem, OpTensorScaling, PoolingDescriptor,
    PoolingMode, PoolingProblem, ReduceTensorDescriptor, ReduceTensorIndices, ReduceTensorOp,
    ReduceTensorProblem, SoftmaxAlgorithm, SoftmaxMode, SoftmaxProblem,
};
use crate::sys;
use crate::{
    ActivationDescriptor, ActivationMode, DataType, Error, Library, Mismatch, NanPropagation,
    Scaling, TensorDescriptor, TensorFormat,
};
use proptest::prelude::*;

const NCHW: TensorFormat = TensorFormat::NCHW;
const NHWC: TensorFormat = TensorFormat::NHWC;

/// The mismatch of an `InvalidArgument`.
#[track_caller]
fn invalid(e: &Error) -> &Mismatch {
    refusal(e).1
}

fn desc<T: DataType>(format: TensorFormat, dims: &[usize]) -> TensorDescriptor<T> {
    TensorDescriptor::new(format, dims).expect("descriptor")
}

#[test]
fn pooling_descriptors_and_shapes() {
    let Some(_lib) = common::lib() else { return };
    for mode in [
        PoolingMode::MAX,
        PoolingMode::AVERAGE_COUNT_INCLUDE_PADDING,
        PoolingMode::AVERAGE_COUNT_EXCLUDE_PADDING,
        PoolingMode::MAX_DETERMINISTIC,
    ] {
        let p = PoolingDescriptor::new(mode, &[3, 3], &[1, 1], &[2, 2]).expect("2-d pooling");
        assert_eq!(p.mode(), mode);
    }
    let p =
        PoolingDescriptor::new(PoolingMode::MAX, &[2, 2, 2], &[0, 0, 0], &[2, 2, 2]).expect("3-d");
    let x = TensorDescriptor::<f32>::new(NCHW, &[2, 3, 8, 6, 4]).expect("x");
    assert_eq!(p.output_dims(&x).expect("dims"), [2, 3, 4, 3, 2]);
    assert_eq!(
        p.cudnn_output_dims(&x).expect("cudnn dims"),
        [2, 3, 4, 3, 2]
    );
}

#[test]
fn bad_pooling_is_rejected_before_cudnn() {
    let Some(_lib) = common::lib() else { return };
    let max = PoolingMode::MAX;
    let e = PoolingDescriptor::new(max, &[2, 2], &[0], &[2, 2]).expect_err("lengths");
    assert!(matches!(invalid(&e), Mismatch::Shape { .. }), "{e}");
    let e = PoolingDescriptor::new(max, &[0, 2], &[0, 0], &[2, 2]).expect_err("window 0");
    assert!(
        matches!(invalid(&e), Mismatch::BadValue { what } if what.contains("window[0] = 0")),
        "{e}"
    );
    let e = PoolingDescriptor::new(max, &[2, 2], &[0, 0], &[2, 0]).expect_err("stride 0");
    assert!(matches!(invalid(&e), Mismatch::BadValue { .. }), "{e}");
    let e = PoolingDescriptor::new(max, &[2, 2], &[2, 0], &[1, 1]).expect_err("padding >= window");
    assert!(
        matches!(invalid(&e), Mismatch::BadValue { what } if what.contains("padding[0]")),
        "{e}"
    );
    let e = PoolingDescriptor::new(max, &[2], &[0], &[1]).expect_err("1 spatial dim");
    assert!(matches!(invalid(&e), Mismatch::BadValue { .. }), "{e}");

    // A window larger than the input.
    let p = PoolingDescriptor::new(max, &[5, 5], &[1, 1], &[1, 1]).expect("pool");
    let x = TensorDescriptor::<f32>::new(NCHW, &[1, 1, 2, 2]).expect("x");
    let e = p.output_dims(&x).expect_err("window too large");
    assert!(
        matches!(invalid(&e), Mismatch::Shape { what } if what.contains("larger than")),
        "{e}"
    );

    // The launch checks: output shape and buffer lengths.
    let p = PoolingDescriptor::new(max, &[2, 2], &[0, 0], &[2, 2]).expect("pool");
    let x = TensorDescriptor::<f32>::new(NHWC, &[2, 3, 8, 8]).expect("x");
    let y = TensorDescriptor::<f32>::new(NHWC, &[2, 3, 4, 4]).expect("y");
    check_pooling(
        "cudnnPoolingForward",
        &p,
        &x,
        &y,
        &[("x", 384, &x), ("y", 96, &y)],
    )
    .expect("fits");
    let e = check_pooling(
        "cudnnPoolingForward",
        &p,
        &x,
        &y,
        &[("x", 383, &x), ("y", 96, &y)],
    )
    .expect_err("short x");
    assert_eq!(
        invalid(&e),
        &Mismatch::BufferTooShort {
            buffer: "x".into(),
            len: 383,
            required: 384
        }
    );
    let e =
        check_pooling("cudnnPoolingBackward", &p, &x, &y, &[("dx", 10, &x)]).expect_err("short dx");
    assert!(matches!(
        invalid(&e),
        Mismatch::BufferTooShort { buffer, .. } if buffer == "dx"
    ));
    let wrong = TensorDescriptor::<f32>::new(NHWC, &[2, 3, 5, 4]).expect("y");
    let e = check_pooling("cudnnPoolingForward", &p, &x, &wrong, &[]).expect_err("wrong y");
    assert!(matches!(invalid(&e), Mismatch::Shape { .. }), "{e}");
}

#[test]
fn activation_descriptors_for_every_mode() {
    let Some(_lib) = common::lib() else { return };
    for (mode, coef) in [
        (ActivationMode::RELU, 0.0),
        (ActivationMode::SIGMOID, 0.0),
        (ActivationMode::TANH, 0.0),
        (ActivationMode::CLIPPED_RELU, 6.0),
        (ActivationMode::ELU, 1.0),
        (ActivationMode::SWISH, 1.0),
        (ActivationMode::IDENTITY, 0.0),
    ] {
        let a = ActivationDescriptor::new(mode, coef).expect("activation");
        assert_eq!((a.mode(), a.coef()), (mode, coef));
    }
    // A mode number cuDNN does not know comes back as a typed error.
    match ActivationDescriptor::new(crate::sys::cudnnActivationMode_t(77), 0.0) {
        Err(Error::BadParam(e)) => assert_eq!(e.function, "cudnnSetActivationDescriptor"),
        Err(e) => panic!("unexpected {e:?}"),
        Ok(_) => panic!("cuDNN accepted activation mode 77"),
    }
}

#[test]
fn lrn_limits() {
    let Some(_lib) = common::lib() else { return };
    let lrn = LrnDescriptor::new(5, 1e-4, 0.75, 2.0).expect("lrn");
    assert_eq!(lrn.parameters(), (5, 1e-4, 0.75, 2.0));
    for (n, alpha, beta, k, what) in [
        (0, 1e-4, 0.75, 2.0, "n = 0"),
        (17, 1e-4, 0.75, 2.0, "n = 17"),
        (5, 1e-4, 0.001, 2.0, "beta"),
        (5, 1e-4, 0.75, 0.0, "k"),
        (5, f64::NAN, 0.75, 2.0, "alpha"),
    ] {
        let e = check_lrn_parameters(n, alpha, beta, k).expect_err(what);
        assert!(
            matches!(invalid(&e), Mismatch::BadValue { what: w } if w.contains(what)),
            "{e}"
        );
        let e = LrnDescriptor::new(n, alpha, beta, k).expect_err(what);
        assert!(
            matches!(
                &e,
                Error::InvalidArgument {
                    function: "LrnDescriptor::new",
                    ..
                }
            ),
            "{e}"
        );
        let e = check_lrn_parameters(n, alpha, beta, k).expect_err(what);
        assert!(
            matches!(
                &e,
                Error::InvalidArgument {
                    function: "check_lrn_parameters",
                    ..
                }
            ),
            "{e}"
        );
    }
}

#[test]
fn pooling_problems_check_the_output_once() {
    let Some(_lib) = common::lib() else { return };
    let max = PoolingMode::MAX;
    let pool = || PoolingDescriptor::new(max, &[2, 2], &[0, 0], &[2, 2]).expect("pool");
    // The output is made in the input's packed layout.
    let p = PoolingProblem::new(
        pool(),
        TensorDescriptor::<f32>::new(NHWC, &[2, 3, 8, 8]).expect("x"),
    )
    .expect("problem");
    assert_eq!(p.y().dims(), [2, 3, 4, 4]);
    assert_eq!(p.y().packed_format(), Some(NHWC));
    assert_eq!(p.pooling().window(), [2, 2]);
    let p = PoolingProblem::new(
        pool(),
        TensorDescriptor::<f32>::new(NCHW, &[2, 3, 8, 8]).expect("x"),
    )
    .expect("problem");
    assert_eq!(p.y().packed_format(), Some(NCHW));
    // A given output must be the pooled shape.
    let p = PoolingProblem::with_output(
        pool(),
        TensorDescriptor::<f32>::new(NHWC, &[2, 3, 8, 8]).expect("x"),
        TensorDescriptor::<f32>::new(NCHW, &[2, 3, 4, 4]).expect("y"),
    )
    .expect("layouts may differ");
    p.check_forward_lengths(384, 96).expect("fits");
    assert_eq!(
        invalid(&p.check_forward_lengths(384, 95).expect_err("short y")),
        &Mismatch::BufferTooShort {
            buffer: "y".into(),
            len: 95,
            required: 96
        }
    );
    p.check_backward_lengths(96, 96, 384, 384).expect("fits");
    let e = p
        .check_backward_lengths(96, 96, 384, 10)
        .expect_err("short dx");
    assert!(matches!(
        invalid(&e),
        Mismatch::BufferTooShort { buffer, .. } if buffer == "dx"
    ));
    let e = p
        .check_backward_lengths(96, 95, 384, 384)
        .expect_err("short dy");
    assert!(matches!(
        invalid(&e),
        Mismatch::BufferTooShort { buffer, .. } if buffer == "dy"
    ));
    let e = PoolingProblem::with_output(
        pool(),
        TensorDescriptor::<f32>::new(NHWC, &[2, 3, 8, 8]).expect("x"),
        TensorDescriptor::<f32>::new(NHWC, &[2, 3, 5, 4]).expect("y"),
    )
    .expect_err("wrong y");
    assert!(matches!(invalid(&e), Mismatch::Shape { .. }), "{e}");
    // A window that does not fit the input.
    let big = PoolingDescriptor::new(max, &[5, 5], &[1, 1], &[1, 1]).expect("pool");
    let e = PoolingProblem::new(
        big,
        TensorDescriptor::<f32>::new(NCHW, &[1, 1, 2, 2]).expect("x"),
    )
    .expect_err("window too large");
    assert!(
        matches!(invalid(&e), Mismatch::Shape { what } if what.contains("larger than")),
        "{e}"
    );
}

#[test]
fn elementwise_problems_check_shapes_lengths_and_in_place_layouts() {
    let Some(_lib) = common::lib() else { return };
    let desc = |format, dims: &[usize]| TensorDescriptor::<f32>::new(format, dims).expect("desc");
    let relu = || ActivationDescriptor::new(ActivationMode::RELU, 0.0).expect("relu");
    let lrn = || LrnDescriptor::new(5, 1e-4, 0.75, 2.0).expect("lrn");
    let (fast, instance) = (SoftmaxAlgorithm::FAST, SoftmaxMode::INSTANCE);
    let (a, c) = ([2, 3, 4, 5], [2, 3, 5, 4]);

    // One shape, layouts that differ: accepted; another shape: refused.
    let p = ActivationProblem::new(relu(), desc(NCHW, &a), desc(NHWC, &a)).expect("activation");
    assert_eq!(p.activation().mode(), ActivationMode::RELU);
    assert_eq!(p.y().packed_format(), Some(NHWC));
    let e = ActivationProblem::new(relu(), desc(NCHW, &a), desc(NCHW, &c)).expect_err("shape");
    assert!(
        matches!(invalid(&e), Mismatch::Shape { what } if what.contains("`y`")),
        "{e}"
    );
    let e = SoftmaxProblem::new(fast, instance, desc(NCHW, &a), desc(NCHW, &c)).expect_err("shape");
    assert!(matches!(invalid(&e), Mismatch::Shape { .. }), "{e}");
    let e = LrnProblem::new(lrn(), desc(NCHW, &a), desc(NCHW, &c)).expect_err("shape");
    assert!(matches!(invalid(&e), Mismatch::Shape { .. }), "{e}");

    // In place needs one layout.
    let e = p.check_in_place().expect_err("layouts differ");
    assert!(
        matches!(invalid(&e), Mismatch::Shape { what } if what.contains("in place")),
        "{e}"
    );
    ActivationProblem::new(relu(), desc(NHWC, &a), desc(NHWC, &a))
        .expect("activation")
        .check_in_place()
        .expect("one layout");
    let one = ActivationProblem::same_descriptor(relu(), desc(NCHW, &a));
    one.check_in_place().expect("one descriptor");
    assert_eq!(one.x().dims(), one.y().dims());

    // Buffer lengths, by name.
    one.check_forward_lengths(120, 120).expect("fits");
    one.check_backward_lengths(120, 120, 120, 120)
        .expect("fits");
    let e = one
        .check_backward_lengths(120, 119, 120, 120)
        .expect_err("short dy");
    assert_eq!(
        invalid(&e),
        &Mismatch::BufferTooShort {
            buffer: "dy".into(),
            len: 119,
            required: 120
        }
    );
    let s = SoftmaxProblem::same_descriptor(fast, instance, desc(NCHW, &a));
    assert_eq!((s.algorithm(), s.mode()), (fast, instance));
    s.check_forward_lengths(120, 120).expect("fits");
    let e = s.check_forward_lengths(119, 120).expect_err("short x");
    assert!(matches!(
        invalid(&e),
        Mismatch::BufferTooShort { buffer, .. } if buffer == "x"
    ));
    let e = s.check_backward_lengths(120, 120, 7).expect_err("short dx");
    assert!(matches!(
        invalid(&e),
        Mismatch::BufferTooShort { buffer, .. } if buffer == "dx"
    ));
    let l = LrnProblem::new(lrn(), desc(NCHW, &a), desc(NHWC, &a)).expect("lrn");
    assert_eq!(l.lrn().parameters(), (5, 1e-4, 0.75, 2.0));
    l.check_backward_lengths(120, 120, 120, 120).expect("fits");
    let e = l
        .check_backward_lengths(120, 120, 120, 0)
        .expect_err("short dx");
    assert!(matches!(
        invalid(&e),
        Mismatch::BufferTooShort { buffer, .. } if buffer == "dx"
    ));
    let e = LrnProblem::same_descriptor(lrn(), desc(NCHW, &a))
        .check_forward_lengths(120, 1)
        .expect_err("short y");
    assert!(matches!(
        invalid(&e),
        Mismatch::BufferTooShort { buffer, .. } if buffer == "y"
    ));
}

/// A second loaded copy of the library (same file, its own handle), or
/// `None` when cuDNN is not required and does not load.
fn other_library() -> Option<Arc<Library>> {
    let lib = common::lib()?;
    let other = Arc::new(Library::open(Some(lib.path())).expect("a second copy"));
    assert!(!Arc::ptr_eq(&lib, &other));
    Some(other)
}

#[test]
fn activation_descriptors_clone_with_their_settings_and_library() {
    let Some(other) = other_library() else { return };
    let (mode, nan) = (ActivationMode::CLIPPED_RELU, NanPropagation::PROPAGATE_NAN);
    let a = ActivationDescriptor::new_in(Arc::clone(&other), mode, nan, 6.0).expect("act");
    let b = a.try_clone().expect("clone");
    assert_ne!(a.as_raw(), b.as_raw(), "a descriptor of its own");
    assert!(Arc::ptr_eq(b.library(), &other), "the same library");
    assert_eq!((b.mode(), b.nan_propagation(), b.coef()), (mode, nan, 6.0));
    let (mut m, mut n, mut coef) = (
        ActivationMode::RELU,
        NanPropagation::NOT_PROPAGATE_NAN,
        0.0f64,
    );
    raw!(
        other,
        cudnnGetActivationDescriptor(b.as_raw(), &mut m, &mut n, &mut coef)
    )
    .expect("get");
    assert_eq!((m, n, coef), (mode, nan, 6.0));
    drop(a);
    // Swish's beta is a setting of its own, and is cloned too.
    let swish = ActivationDescriptor::new(ActivationMode::SWISH, 0.9)
        .expect("swish")
        .try_clone()
        .expect("clone");
    let mut beta = 0.0f64;
    raw!(
        swish.library(),
        cudnnGetActivationDescriptorSwishBeta(swish.as_raw(), &mut beta)
    )
    .expect("get beta");
    assert_eq!(beta, 0.9);
}

#[test]
fn pooling_descriptors_clone_with_their_settings_and_library() {
    let Some(other) = other_library() else { return };
    let (mode, nan) = (
        PoolingMode::AVERAGE_COUNT_EXCLUDE_PADDING,
        NanPropagation::PROPAGATE_NAN,
    );
    let a = PoolingDescriptor::new_in(
        Arc::clone(&other),
        mode,
        nan,
        &[3, 2, 4],
        &[1, 0, 2],
        &[2, 1, 3],
    )
    .expect("pool");
    let b = a.try_clone().expect("clone");
    drop(a);
    assert!(Arc::ptr_eq(b.library(), &other), "the same library");
    assert_eq!((b.mode(), b.nan_propagation()), (mode, nan));
    assert_eq!(
        (b.window(), b.padding(), b.stride()),
        (&[3, 2, 4][..], &[1, 0, 2][..], &[2, 1, 3][..])
    );
    let (mut m, mut n, mut dims) = (PoolingMode::MAX, NanPropagation::NOT_PROPAGATE_NAN, 0i32);
    let (mut w, mut p, mut s) = ([0i32; 3], [0i32; 3], [0i32; 3]);
    raw!(
        other,
        cudnnGetPoolingNdDescriptor(
            b.as_raw(),
            3,
            &mut m,
            &mut n,
            &mut dims,
            w.as_mut_ptr(),
            p.as_mut_ptr(),
            s.as_mut_ptr()
        )
    )
    .expect("get");
    assert_eq!((m, n, dims), (mode, nan, 3));
    assert_eq!((w, p, s), ([3, 2, 4], [1, 0, 2], [2, 1, 3]));
}

#[test]
fn lrn_descriptors_clone_with_their_settings_and_library() {
    let Some(other) = other_library() else { return };
    let a = LrnDescriptor::new_in(Arc::clone(&other), 7, 2e-4, 0.5, 1.5).expect("lrn");
    let b = a.try_clone().expect("clone");
    assert_ne!(a.as_raw(), b.as_raw(), "a descriptor of its own");
    drop(a);
    assert!(Arc::ptr_eq(b.library(), &other), "the same library");
    assert_eq!(b.parameters(), (7, 2e-4, 0.5, 1.5));
    let (mut n, mut alpha, mut beta, mut k) = (0u32, 0.0f64, 0.0f64, 0.0f64);
    raw!(
        other,
        cudnnGetLRNDescriptor(b.as_raw(), &mut n, &mut alpha, &mut beta, &mut k)
    )
    .expect("get");
    assert_eq!((n, alpha, beta, k), (7, 2e-4, 0.5, 1.5));
}

#[test]
fn dropout_checks() {
    let Some(_lib) = common::lib() else { return };
    for p in [0.0f32, 0.5, 0.999_999] {
        check_dropout_probability("cudnnSetDropoutDescriptor", p).expect("in [0, 1)");
    }
    for p in [1.0f32, -0.01, f32::NAN, f32::INFINITY] {
        let e = check_dropout_probability("cudnnSetDropoutDescriptor", p).expect_err("outside");
        assert_eq!(refusal(&e).0, "cudnnSetDropoutDescriptor");
        assert!(is_bad_value(&e), "{e}");
    }
    assert_eq!(
        refusal(&check_dropout_states("cudnnSetDropoutDescriptor", 10, 11).expect_err("states")),
        ("cudnnSetDropoutDescriptor", &short("states", 10, 11))
    );
    check_dropout_states("cudnnRestoreDropoutDescriptor", 11, 11).expect("exact");

    // The reserve space is a bit mask: the same size for every type.
    let x = desc::<f32>(NCHW, &[2, 3, 4, 5]);
    let need = DropoutDescriptor::reserve_space_size(&x).expect("reserve size");
    assert!(need >= 120usize.div_ceil(8), "{need}");
    let x16 = desc::<f16>(NHWC, &[2, 3, 4, 5]);
    assert_eq!(
        DropoutDescriptor::reserve_space_size(&x16).expect("f16"),
        need
    );
    let big = desc::<f32>(NCHW, &[2, 3, 4, 5, 6]);
    assert!(DropoutDescriptor::reserve_space_size(&big).expect("5-d") >= 720 / 8);

    const F: &str = "cudnnDropoutForward";
    // x NCHW, y NHWC (dx has x's descriptor, dy y's).
    let p = DropoutProblem::new(x, desc::<f32>(NHWC, &[2, 3, 4, 5])).expect("problem");
    assert_eq!(p.reserve_size(), need);
    assert_eq!(p.x().packed_format(), Some(NCHW));
    assert_eq!(p.y().packed_format(), Some(NHWC));
    let same = DropoutProblem::same_descriptor(desc::<f32>(NCHW, &[2, 3, 4, 5])).expect("one");
    assert_eq!(same.x().strides(), same.y().strides());
    assert_eq!(same.reserve_size(), need);
    let other = desc::<f32>(NCHW, &[2, 3, 5, 4]);
    let e = DropoutProblem::new(desc::<f32>(NCHW, &[2, 3, 4, 5]), other).expect_err("dims");
    assert_eq!(refusal(&e).0, F);
    assert!(is_shape(&e), "{e}");
    // dy has y's descriptor: the mismatch names it too.
    assert!(e.to_string().contains("`dy`"), "{e}");
}

#[test]
fn tensor_op_descriptors() {
    let Some(lib) = common::lib() else { return };
    for op in [
        OpTensorOp::ADD,
        OpTensorOp::MUL,
        OpTensorOp::MIN,
        OpTensorOp::MAX,
        OpTensorOp::SQRT,
        OpTensorOp::NOT,
    ] {
        let d = OpTensorDescriptor::<f32>::new(op).expect("f32 op");
        assert_eq!(d.op(), op);
        assert_eq!(d.nan_propagation(), NanPropagation::NOT_PROPAGATE_NAN);
        OpTensorDescriptor::<f64>::new_in(lib.clone(), op, NanPropagation::PROPAGATE_NAN)
            .expect("f64 op");
    }
    // An operation cuDNN does not know: its own typed error.
    let e = OpTensorDescriptor::<f32>::new(sys::cudnnOpTensorOp_t(6)).expect_err("op 6");
    assert!(matches!(e, Error::BadParam(_)), "{e:?}");

    let all = [
        ReduceTensorOp::ADD,
        ReduceTensorOp::MUL,
        ReduceTensorOp::MIN,
        ReduceTensorOp::MAX,
        ReduceTensorOp::AMAX,
        ReduceTensorOp::AVG,
        ReduceTensorOp::NORM1,
        ReduceTensorOp::NORM2,
        ReduceTensorOp::MUL_NO_ZEROS,
    ];
    let none = ReduceTensorIndices::NO_INDICES;
    let flat = ReduceTensorIndices::FLATTENED_INDICES;
    for op in all {
        let d = ReduceTensorDescriptor::<f32>::new(op, none).expect("no indices");
        assert!(!d.computes_indices());
        let has = matches!(
            op,
            ReduceTensorOp::MIN | ReduceTensorOp::MAX | ReduceTensorOp::AMAX
        );
        match ReduceTensorDescriptor::<f64>::new(op, flat) {
            Ok(d) => {
                assert!(has, "{}", op.0);
                assert!(d.computes_indices());
                assert_eq!(d.indices(), flat);
            }
            Err(e) => {
                // cuDNN itself accepts this descriptor and ignores the
                // indices; the crate refuses it.
                assert!(!has, "{}: {e}", op.0);
                assert_eq!(refusal(&e).0, "cudnnSetReduceTensorDescriptor");
                assert!(matches!(invalid(&e), Mismatch::Unsupported { .. }), "{e}");
            }
        }
    }
}

#[test]
fn tensor_op_checks() {
    let Some(_lib) = common::lib() else { return };
    const F: &str = "cudnnOpTensor";
    let a = desc::<f32>(NCHW, &[2, 3, 4, 5]);
    let bias = desc::<f32>(NCHW, &[1, 3, 1, 1]);
    let row = desc::<f32>(NCHW, &[1, 1, 1, 5]);
    let c16 = desc::<f16>(NHWC, &[2, 3, 4, 5]);
    check_op_tensor(&a, 120, &bias, 3, &c16, 120).expect("bias broadcast, f16 out");
    check_op_tensor(&a, 120, &row, 5, &a, 120).expect("row broadcast");
    check_op_tensor(&a, 120, &a, 120, &a, 120).expect("same shape");
    let bad = desc::<f32>(NCHW, &[1, 2, 1, 1]);
    let e = check_op_tensor(&a, 120, &bad, 2, &a, 120).expect_err("2 is neither 3 nor 1");
    assert_eq!(refusal(&e).0, F);
    assert!(
        is_shape(&e) && e.to_string().contains("does not broadcast"),
        "{e}"
    );
    let e = check_op_tensor(&bias, 3, &a, 120, &bias, 3).expect_err("b larger than a");
    assert!(is_shape(&e), "{e}");
    let c_wrong = desc::<f32>(NCHW, &[1, 3, 1, 1]);
    let e = check_op_tensor(&a, 120, &bias, 3, &c_wrong, 3).expect_err("c has a's shape");
    assert!(is_shape(&e) && e.to_string().contains("`c`"), "{e}");
    let five = desc::<f32>(NCHW, &[2, 3, 4, 5, 1]);
    let e = check_op_tensor(&a, 120, &five, 120, &a, 120).expect_err("rank");
    assert!(is_shape(&e), "{e}");
    for (result, want) in [
        (
            check_op_tensor(&a, 119, &bias, 3, &a, 120),
            short("a", 119, 120),
        ),
        (
            check_op_tensor(&a, 120, &bias, 2, &a, 120),
            short("b", 2, 3),
        ),
        (
            check_op_tensor(&a, 120, &bias, 3, &c16, 100),
            short("c", 100, 120),
        ),
    ] {
        assert_eq!(refusal(&result.expect_err("short")), (F, &want));
    }

    const A: &str = "cudnnAddTensor";
    check_add_tensor(&bias, 3, &a, 120).expect("bias over c");
    let e = check_add_tensor(&a, 120, &bias, 3).expect_err("a larger than c");
    assert_eq!(refusal(&e).0, A);
    assert!(is_shape(&e), "{e}");
    assert_eq!(
        refusal(&check_add_tensor(&bias, 3, &a, 60).expect_err("short c")),
        (A, &short("c", 60, 120))
    );

    const T: &str = "cudnnTransformTensor";
    check_transform_tensor(&a, 120, &c16, 120).expect("NCHW f32 to NHWC f16");
    let padded = TensorDescriptor::<f32>::with_strides(&[2, 3, 4, 5], &[128, 32, 8, 1]).expect("y");
    assert_eq!(padded.required_len(), 128 + 64 + 24 + 4 + 1);
    assert_eq!(
        refusal(&check_transform_tensor(&a, 120, &padded, 120).expect_err("padded y")),
        (T, &short("y", 120, 221))
    );
    let e = check_transform_tensor(&a, 120, &bias, 3).expect_err("dims");
    assert!(is_shape(&e), "{e}");
}

#[test]
fn reduction_checks() {
    let Some(_lib) = common::lib() else { return };
    const F: &str = "cudnnReduceTensor";
    let flat = ReduceTensorIndices::FLATTENED_INDICES;
    let none = ReduceTensorIndices::NO_INDICES;
    let max =
        ReduceTensorDescriptor::<f32>::new(ReduceTensorOp::MAX, flat).expect("max with indices");
    let max_plain = ReduceTensorDescriptor::<f32>::new(ReduceTensorOp::MAX, none).expect("max");
    let add = ReduceTensorDescriptor::<f32>::new(ReduceTensorOp::ADD, none).expect("add");
    let a = desc::<f32>(NCHW, &[2, 3, 4, 5]);
    let per_channel = desc::<f32>(NCHW, &[1, 3, 1, 1]);
    let c16 = desc::<f16>(NCHW, &[2, 3, 1, 5]);
    check_reduce_tensor(&add, &a, 120, &per_channel, 3, None).expect("sum per channel");
    check_reduce_tensor(&add, &a, 120, &c16, 30, None).expect("f16 output");
    check_reduce_tensor(&max, &a, 120, &per_channel, 3, Some(3)).expect("indices");
    // A reduction of nothing: cuDNN 9.19 answers BAD_PARAM ("!dims_differ")
    // on a GPU, so it is refused before the call.
    let e = check_reduce_tensor(&max, &a, 120, &a, 120, Some(120)).expect_err("nothing reduced");
    assert_eq!(refusal(&e).0, F);
    assert!(matches!(invalid(&e), Mismatch::Unsupported { .. }), "{e}");
    assert!(e.to_string().contains("reduces no dimension"), "{e}");
    let e = check_reduce_tensor(&add, &a, 120, &per_channel, 3, Some(3)).expect_err("add");
    assert_eq!(refusal(&e).0, F);
    assert!(matches!(invalid(&e), Mismatch::Unsupported { .. }), "{e}");
    let e = check_reduce_tensor(&max_plain, &a, 120, &per_channel, 3, Some(3))
        .expect_err("max without indices setting");
    assert!(matches!(invalid(&e), Mismatch::Unsupported { .. }), "{e}");
    for (result, want) in [
        (
            check_reduce_tensor(&max, &a, 120, &per_channel, 3, None),
            short("indices", 0, 3),
        ),
        (
            check_reduce_tensor(&max, &a, 120, &per_channel, 3, Some(2)),
            short("indices", 2, 3),
        ),
        (
            check_reduce_tensor(&add, &a, 100, &per_channel, 3, None),
            short("a", 100, 120),
        ),
        (
            check_reduce_tensor(&add, &a, 120, &per_channel, 2, None),
            short("c", 2, 3),
        ),
    ] {
        assert_eq!(refusal(&result.expect_err("short")), (F, &want));
    }
    let wrong = desc::<f32>(NCHW, &[1, 2, 1, 1]);
    let e = check_reduce_tensor(&add, &a, 120, &wrong, 2, None).expect_err("2 of 3");
    assert!(is_shape(&e) && e.to_string().contains("`c`"), "{e}");
    let rank = desc::<f32>(NCHW, &[1, 3, 1]);
    assert!(is_shape(
        &check_reduce_tensor(&add, &a, 120, &rank, 3, None).expect_err("rank")
    ));
    let e = check_broadcast("f", ("b", &[3]), ("a", &[2, 3])).expect_err("rank");
    assert_eq!(refusal(&e).0, "f");
}

#[test]
fn op_and_reduce_descriptors_clone_with_their_settings_and_library() {
    let Some(other) = other_library() else { return };
    let (op, nan) = (OpTensorOp::MAX, NanPropagation::PROPAGATE_NAN);
    let a = OpTensorDescriptor::<f64>::new_in(Arc::clone(&other), op, nan).expect("op");
    let b = a.try_clone().expect("clone");
    assert_ne!(a.as_raw(), b.as_raw(), "a descriptor of its own");
    assert!(Arc::ptr_eq(b.library(), &other), "the same library");
    assert_eq!((b.op(), b.nan_propagation()), (op, nan));
    let (mut o, mut t, mut n) = (
        OpTensorOp::ADD,
        sys::cudnnDataType_t::FLOAT,
        NanPropagation::NOT_PROPAGATE_NAN,
    );
    raw!(
        other,
        cudnnGetOpTensorDescriptor(b.as_raw(), &mut o, &mut t, &mut n)
    )
    .expect("get");
    assert_eq!((o, t, n), (op, sys::cudnnDataType_t::DOUBLE, nan));
    drop(a);

    let flat = ReduceTensorIndices::FLATTENED_INDICES;
    let r =
        ReduceTensorDescriptor::<f32>::new_in(Arc::clone(&other), ReduceTensorOp::AMAX, nan, flat)
            .expect("reduce");
    let s = r.try_clone().expect("clone");
    assert_ne!(r.as_raw(), s.as_raw());
    assert!(Arc::ptr_eq(s.library(), &other));
    assert_eq!(
        (
            s.op(),
            s.nan_propagation(),
            s.indices(),
            s.computes_indices()
        ),
        (ReduceTensorOp::AMAX, nan, flat, true)
    );
    let (mut op, mut ty, mut nn, mut ind, mut it) = (
        ReduceTensorOp::ADD,
        sys::cudnnDataType_t::DOUBLE,
        NanPropagation::NOT_PROPAGATE_NAN,
        ReduceTensorIndices::NO_INDICES,
        sys::cudnnIndicesType_t::CUDNN_64BIT_INDICES,
    );
    raw!(
        other,
        cudnnGetReduceTensorDescriptor(s.as_raw(), &mut op, &mut ty, &mut nn, &mut ind, &mut it)
    )
    .expect("get");
    assert_eq!(
        (op, ty, nn, ind, it),
        (
            ReduceTensorOp::AMAX,
            sys::cudnnDataType_t::FLOAT,
            nan,
            flat,
            sys::cudnnIndicesType_t::CUDNN_32BIT_INDICES
        )
    );
}

fn add_op() -> OpTensorDescriptor<f32> {
    OpTensorDescriptor::new(OpTensorOp::ADD).expect("add")
}

#[test]
fn op_tensor_problems() {
    let Some(_lib) = common::lib() else { return };
    const F: &str = "cudnnOpTensor";
    let dims = [2usize, 3, 4, 5];
    let p = OpTensorProblem::new(
        add_op(),
        desc::<f32>(NCHW, &dims),
        desc::<f32>(NCHW, &[1, 3, 1, 1]),
        desc::<f16>(NHWC, &dims),
    )
    .expect("bias broadcast, f16 out");
    assert_eq!(p.op().op(), OpTensorOp::ADD);
    assert_eq!((p.a().dims(), p.b().dims()), (&dims[..], &[1, 3, 1, 1][..]));
    assert_eq!(p.c().packed_format(), Some(NHWC));
    p.check_lengths(120, 3, 120).expect("valid");
    assert_eq!(
        refusal(&p.check_lengths(120, 2, 120).expect_err("short b")),
        (F, &short("b", 2, 3))
    );
    assert_eq!(
        refusal(&p.check_lengths(120, 3, 100).expect_err("short c")),
        (F, &short("c", 100, 120))
    );
    let e = OpTensorProblem::new(
        add_op(),
        desc::<f32>(NCHW, &dims),
        desc::<f32>(NCHW, &[1, 2, 1, 1]),
        desc::<f32>(NCHW, &dims),
    )
    .expect_err("2 is neither 3 nor 1");
    assert_eq!(refusal(&e).0, F);
    assert!(
        is_shape(&e) && e.to_string().contains("does not broadcast"),
        "{e}"
    );
    let e = OpTensorProblem::new(
        add_op(),
        desc::<f32>(NCHW, &dims),
        desc::<f32>(NCHW, &[1, 3, 1, 1]),
        desc::<f32>(NCHW, &[1, 3, 1, 1]),
    )
    .expect_err("c has a's shape");
    assert!(is_shape(&e) && e.to_string().contains("`c`"), "{e}");

    // In place (C is A): one layout for both.
    let same = OpTensorProblem::new(
        add_op(),
        desc::<f32>(NHWC, &dims),
        desc::<f32>(NCHW, &[1, 3, 1, 1]),
        desc::<f32>(NHWC, &dims),
    )
    .expect("same layout");
    same.check_in_place().expect("in place");
    same.check_in_place_lengths(3, 120).expect("valid");
    assert_eq!(
        refusal(&same.check_in_place_lengths(3, 119).expect_err("short ac")),
        (F, &short("ac", 119, 120))
    );
    assert_eq!(
        refusal(&same.check_in_place_lengths(1, 120).expect_err("short b")),
        (F, &short("b", 1, 3))
    );
    let mixed = OpTensorProblem::new(
        add_op(),
        desc::<f32>(NCHW, &dims),
        desc::<f32>(NCHW, &[1, 3, 1, 1]),
        desc::<f32>(NHWC, &dims),
    )
    .expect("NCHW into NHWC");
    let e = mixed.check_in_place().expect_err("two layouts");
    assert_eq!(refusal(&e).0, F);
    assert!(is_shape(&e) && e.to_string().contains("in place"), "{e}");
    assert!(mixed.check_in_place_lengths(3, 120).is_err());

    // A plain Scaling scales both inputs; the default overwrites.
    let s: OpTensorScaling<f32> = Scaling::new(2.0, 0.5).into();
    assert_eq!((s.alpha_a, s.alpha_b, s.beta), (2.0, 2.0, 0.5));
    let d = OpTensorScaling::<f64>::default();
    assert_eq!((d.alpha_a, d.alpha_b, d.beta), (1.0, 1.0, 0.0));
}

#[test]
fn reduce_tensor_problems() {
    let Some(_lib) = common::lib() else { return };
    const F: &str = "cudnnReduceTensor";
    let flat = ReduceTensorIndices::FLATTENED_INDICES;
    let max =
        || ReduceTensorDescriptor::<f32>::new(ReduceTensorOp::MAX, flat).expect("max with indices");
    let a = || desc::<f32>(NCHW, &[2, 3, 4, 5]);
    let p = ReduceTensorProblem::new(max(), a(), desc::<f16>(NCHW, &[1, 3, 1, 1])).expect("ok");
    assert!(p.reduce().computes_indices());
    assert_eq!(p.c().dims(), [1, 3, 1, 1]);
    p.check_lengths(120, 3, Some(3)).expect("valid");
    assert_eq!(
        refusal(&p.check_lengths(120, 3, None).expect_err("indices missing")),
        (F, &short("indices", 0, 3))
    );
    assert_eq!(
        refusal(&p.check_lengths(119, 3, Some(3)).expect_err("short a")),
        (F, &short("a", 119, 120))
    );
    // A reduction of nothing is refused when the problem is built.
    let e = ReduceTensorProblem::new(max(), a(), a()).expect_err("nothing reduced");
    assert_eq!(refusal(&e).0, F);
    assert!(matches!(invalid(&e), Mismatch::Unsupported { .. }), "{e}");
    assert!(e.to_string().contains("reduces no dimension"), "{e}");
    let e =
        ReduceTensorProblem::new(max(), a(), desc::<f32>(NCHW, &[1, 2, 1, 1])).expect_err("2 of 3");
    assert!(is_shape(&e) && e.to_string().contains("`c`"), "{e}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, .. ProptestConfig::default() })]

    /// The crate's pooling shape rule agrees with cuDNN's wherever it
    /// accepts a shape.
    #[test]
    fn pooling_dims_agree_with_cudnn(
        spatial in 2usize..=3,
        n in 1usize..3,
        c in 1usize..5,
        dims in proptest::collection::vec((1usize..14, 1usize..5, 0usize..3, 1usize..4), 3),
    ) {
        let Some(_lib) = common::lib() else { return Ok(()) };
        let dims = &dims[..spatial];
        let window: Vec<usize> = dims.iter().map(|d| d.1).collect();
        let padding: Vec<usize> = dims.iter().map(|d| d.2.min(d.1 - 1)).collect();
        let stride: Vec<usize> = dims.iter().map(|d| d.3).collect();
        let x_dims = [vec![n, c], dims.iter().map(|d| d.0).collect()].concat();
        let x = TensorDescriptor::<f32>::new(NCHW, &x_dims).expect("x");
        let pool = PoolingDescriptor::new(PoolingMode::MAX, &window, &padding, &stride).expect("pool");
        match (pool.output_dims(&x), pool.cudnn_output_dims(&x)) {
            (Ok(o), Ok(t)) => {
                let o: Vec<i64> = o.iter().map(|&v| v as i64).collect();
                prop_assert_eq!(o, t);
            }
            (Ok(o), Err(e)) => prop_assert!(false, "we accept {o:?}, cuDNN rejects: {e}"),
            (Err(_), Ok(t)) => prop_assert!(t.iter().any(|&d| d <= 0), "cuDNN accepts {t:?}"),
            (Err(_), Err(e)) => prop_assert!(e.status().is_some(), "{e:?}"),
        }
    }

    /// The broadcast rule as the checks apply it, against a plain
    /// statement of it; never a panic.
    #[test]
    fn broadcast_checks_follow_the_rule(
        large in proptest::collection::vec(1usize..5, 3..=5),
        picks in proptest::collection::vec(0u8..3, 5),
        rank_off in any::<bool>(),
    ) {
        let Some(_lib) = common::lib() else { return Ok(()) };
        // Each dimension of `small`: equal, 1, or one more than large's.
        let mut small: Vec<usize> = large
            .iter()
            .zip(&picks)
            .map(|(&l, &p)| match p { 0 => l, 1 => 1, _ => l + 1 })
            .collect();
        if rank_off && small.len() > 3 {
            small.pop();
        }
        let fits = small.len() == large.len()
            && small.iter().zip(&large).all(|(&s, &l)| s == l || s == 1);
        let a = desc::<f32>(NCHW, &large);
        let b = desc::<f32>(NCHW, &small);
        let (na, nb) = (a.required_len(), b.required_len());
        prop_assert_eq!(check_op_tensor(&a, na, &b, nb, &a, na).is_ok(), fits);
        prop_assert_eq!(check_add_tensor(&b, nb, &a, na).is_ok(), fits);
        let add = ReduceTensorDescriptor::<f32>::new(
            ReduceTensorOp::ADD,
            ReduceTensorIndices::NO_INDICES,
        )
        .expect("add");
        // A reduction must reduce something: c of a's dimensions is refused.
        prop_assert_eq!(
            check_reduce_tensor(&add, &a, na, &b, nb, None).is_ok(),
            fits && small != large
        );
        if !fits {
            let e = check_op_tensor(&a, na, &b, nb, &a, na).expect_err("no fit");
            prop_assert!(is_shape(&e));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, .. ProptestConfig::default() })]

    /// Each problem's length checks pass exactly when every buffer holds
    /// what its descriptor spans; never a panic.
    #[test]
    fn length_checks_pass_exactly_when_every_buffer_is_long_enough(
        dims in proptest::collection::vec(1usize..6, 4),
        lens in proptest::collection::vec(0usize..2048, 4),
    ) {
        let Some(_lib) = common::lib() else { return Ok(()) };
        let x = || desc::<f32>(NCHW, &dims);
        let n = x().required_len();
        let (a, b, c, d) = (lens[0], lens[1], lens[2], lens[3]);
        let relu = ActivationDescriptor::new(ActivationMode::RELU, 0.0).expect("relu");
        let p = ActivationProblem::new(relu, x(), x()).expect("activation");
        prop_assert_eq!(p.check_forward_lengths(a, b).is_ok(), a >= n && b >= n);
        prop_assert_eq!(
            p.check_backward_lengths(a, b, c, d).is_ok(),
            a >= n && b >= n && c >= n && d >= n
        );
        let s = SoftmaxProblem::new(SoftmaxAlgorithm::FAST, SoftmaxMode::INSTANCE, x(), x())
            .expect("softmax");
        prop_assert_eq!(s.check_forward_lengths(a, b).is_ok(), a >= n && b >= n);
        prop_assert_eq!(s.check_backward_lengths(a, b, c).is_ok(), a >= n && b >= n && c >= n);
    }

    /// The scalar rules of dropout and LRN on any value; never a panic.
    #[test]
    fn scalar_rules_hold_for_any_value(
        p in any::<f32>(),
        (len, need) in (any::<usize>(), any::<usize>()),
        (n, alpha, beta, k) in (any::<u32>(), any::<f64>(), any::<f64>(), any::<f64>()),
    ) {
        prop_assert_eq!(check_dropout_probability("f", p).is_ok(), (0.0..1.0).contains(&p));
        prop_assert_eq!(check_dropout_states("f", len, need).is_ok(), len >= need);
        let _ = check_lrn_parameters(n, alpha, beta, k);
    }
}
