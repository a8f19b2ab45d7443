//! Pooling, activation, softmax and LRN without a GPU, against the real
//! library: descriptors, the crate's pooling shape rule against cuDNN's,
//! and every launch check that needs no device: the problems' shape
//! checks, buffer lengths, in-place layouts; `try_clone` of each descriptor.

#![allow(clippy::macro_metavars_in_unsafe)]

mod common;

use common::raw;

use std::sync::Arc;

use cudnn::ops::{check_lrn_parameters, check_pooling, check_same_shape};
use cudnn::{
    ActivationDescriptor, ActivationMode, ActivationProblem, Error, Library, LrnDescriptor,
    LrnProblem, Mismatch, NanPropagation, PoolingDescriptor, PoolingMode, PoolingProblem,
    SoftmaxAlgorithm, SoftmaxMode, SoftmaxProblem, TensorDescriptor, TensorFormat,
};
use proptest::prelude::*;

const NCHW: TensorFormat = TensorFormat::NCHW;
const NHWC: TensorFormat = TensorFormat::NHWC;

fn invalid(e: &Error) -> &Mismatch {
    match e {
        Error::InvalidArgument { mismatch, .. } => mismatch,
        other => panic!("expected InvalidArgument, got {other:?}"),
    }
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
    match ActivationDescriptor::new(cudnn::sys::cudnnActivationMode_t(77), 0.0) {
        Err(Error::BadParam(e)) => assert_eq!(e.function, "cudnnSetActivationDescriptor"),
        Err(e) => panic!("unexpected {e:?}"),
        Ok(_) => panic!("cuDNN accepted activation mode 77"),
    }
}

#[test]
fn elementwise_shapes_are_checked() {
    let Some(_lib) = common::lib() else { return };
    let a = TensorDescriptor::<f32>::new(NCHW, &[2, 3, 4, 5]).expect("a");
    let b = TensorDescriptor::<f32>::new(NHWC, &[2, 3, 4, 5]).expect("b: same shape, other layout");
    let c = TensorDescriptor::<f32>::new(NCHW, &[2, 3, 5, 4]).expect("c");
    check_same_shape("cudnnSoftmaxForward", &[("x", 120, &a), ("y", 120, &b)])
        .expect("layouts may differ");
    let e = check_same_shape("cudnnSoftmaxForward", &[("x", 120, &a), ("y", 120, &c)])
        .expect_err("shape");
    assert!(
        matches!(invalid(&e), Mismatch::Shape { what } if what.contains("`y`")),
        "{e}"
    );
    let e = check_same_shape(
        "cudnnActivationBackward",
        &[("y", 120, &a), ("dy", 119, &a)],
    )
    .expect_err("short");
    assert_eq!(
        invalid(&e),
        &Mismatch::BufferTooShort {
            buffer: "dy".into(),
            len: 119,
            required: 120
        }
    );
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
}
