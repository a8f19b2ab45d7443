//! Pooling, activation, softmax and LRN without a GPU, against the real
//! library: descriptors, the crate's pooling shape rule against cuDNN's,
//! and every launch check that needs no device.

mod common;

use cudnn::ops::{check_lrn_parameters, check_pooling, check_same_shape};
use cudnn::{
    ActivationDescriptor, ActivationMode, Error, LrnDescriptor, Mismatch, PoolingDescriptor,
    PoolingMode, TensorDescriptor, TensorFormat,
};
use proptest::prelude::*;

const NCHW: TensorFormat = TensorFormat::CUDNN_TENSOR_NCHW;
const NHWC: TensorFormat = TensorFormat::CUDNN_TENSOR_NHWC;

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
        PoolingMode::CUDNN_POOLING_MAX,
        PoolingMode::CUDNN_POOLING_AVERAGE_COUNT_INCLUDE_PADDING,
        PoolingMode::CUDNN_POOLING_AVERAGE_COUNT_EXCLUDE_PADDING,
        PoolingMode::CUDNN_POOLING_MAX_DETERMINISTIC,
    ] {
        let p = PoolingDescriptor::new(mode, &[3, 3], &[1, 1], &[2, 2]).expect("2-d pooling");
        assert_eq!(p.mode(), mode);
    }
    let p = PoolingDescriptor::new(
        PoolingMode::CUDNN_POOLING_MAX,
        &[2, 2, 2],
        &[0, 0, 0],
        &[2, 2, 2],
    )
    .expect("3-d");
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
    let max = PoolingMode::CUDNN_POOLING_MAX;
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
            buffer: "x",
            len: 383,
            required: 384
        }
    );
    let e =
        check_pooling("cudnnPoolingBackward", &p, &x, &y, &[("dx", 10, &x)]).expect_err("short dx");
    assert!(matches!(
        invalid(&e),
        Mismatch::BufferTooShort { buffer: "dx", .. }
    ));
    let wrong = TensorDescriptor::<f32>::new(NHWC, &[2, 3, 5, 4]).expect("y");
    let e = check_pooling("cudnnPoolingForward", &p, &x, &wrong, &[]).expect_err("wrong y");
    assert!(matches!(invalid(&e), Mismatch::Shape { .. }), "{e}");
}

#[test]
fn activation_descriptors_for_every_mode() {
    let Some(_lib) = common::lib() else { return };
    for (mode, coef) in [
        (ActivationMode::CUDNN_ACTIVATION_RELU, 0.0),
        (ActivationMode::CUDNN_ACTIVATION_SIGMOID, 0.0),
        (ActivationMode::CUDNN_ACTIVATION_TANH, 0.0),
        (ActivationMode::CUDNN_ACTIVATION_CLIPPED_RELU, 6.0),
        (ActivationMode::CUDNN_ACTIVATION_ELU, 1.0),
        (ActivationMode::CUDNN_ACTIVATION_SWISH, 1.0),
        (ActivationMode::CUDNN_ACTIVATION_IDENTITY, 0.0),
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
            buffer: "dy",
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
        assert!(LrnDescriptor::new(n, alpha, beta, k).is_err());
    }
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
        let pool = PoolingDescriptor::new(PoolingMode::CUDNN_POOLING_MAX, &window, &padding, &stride).expect("pool");
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
