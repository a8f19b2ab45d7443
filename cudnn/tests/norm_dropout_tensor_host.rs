//! Batch normalization, dropout and tensor operations without a GPU,
//! against the real library: descriptors, derived batch-norm descriptors
//! against cuDNN's, and every launch check that needs no device, each
//! rejecting bad input with its exact typed mismatch.

mod common;

use cudnn::half::{bf16, f16};
use cudnn::norm::{
    batch_norm_param_dims, check_batch_norm_backward, check_batch_norm_backward_ex,
    check_batch_norm_epsilon, check_batch_norm_forward_inference,
    check_batch_norm_forward_training, check_batch_norm_forward_training_ex, check_batch_norm_ops,
    check_batch_norm_reserve, check_exponential_average_factor, derive_bn_descriptor,
};
use cudnn::ops::{
    check_add_tensor, check_broadcast, check_dropout_backward, check_dropout_forward,
    check_dropout_probability, check_dropout_states, check_op_tensor, check_reduce_tensor,
    check_transform_tensor,
};
use cudnn::sys;
use cudnn::{
    ActivationDescriptor, ActivationMode, BatchNormMode, BatchNormOps, BnParam, DataType,
    DropoutDescriptor, Error, Mismatch, NanPropagation, OpTensorDescriptor, OpTensorOp,
    ReduceTensorDescriptor, ReduceTensorIndices, ReduceTensorOp, TensorDescriptor, TensorFormat,
};
use proptest::prelude::*;

const NCHW: TensorFormat = TensorFormat::CUDNN_TENSOR_NCHW;
const NHWC: TensorFormat = TensorFormat::CUDNN_TENSOR_NHWC;
const SPATIAL: BatchNormMode = BatchNormMode::CUDNN_BATCHNORM_SPATIAL;
const PER_ACT: BatchNormMode = BatchNormMode::CUDNN_BATCHNORM_PER_ACTIVATION;
const PERSISTENT: BatchNormMode = BatchNormMode::CUDNN_BATCHNORM_SPATIAL_PERSISTENT;
const OPS_BN: BatchNormOps = BatchNormOps::CUDNN_BATCHNORM_OPS_BN;
const OPS_ACT: BatchNormOps = BatchNormOps::CUDNN_BATCHNORM_OPS_BN_ACTIVATION;
const OPS_ADD_ACT: BatchNormOps = BatchNormOps::CUDNN_BATCHNORM_OPS_BN_ADD_ACTIVATION;

/// The function and mismatch of an `InvalidArgument`.
fn invalid(e: &Error) -> (&'static str, &Mismatch) {
    match e {
        Error::InvalidArgument { function, mismatch } => (function, mismatch),
        other => panic!("expected InvalidArgument, got {other:?}"),
    }
}

fn short(buffer: &'static str, len: usize, required: usize) -> Mismatch {
    Mismatch::BufferTooShort {
        buffer,
        len,
        required,
    }
}

fn is_bad_value(e: &Error) -> bool {
    matches!(invalid(e).1, Mismatch::BadValue { .. })
}

fn is_shape(e: &Error) -> bool {
    matches!(invalid(e).1, Mismatch::Shape { .. })
}

fn desc<T: DataType>(format: TensorFormat, dims: &[usize]) -> TensorDescriptor<T> {
    TensorDescriptor::new(format, dims).expect("descriptor")
}

fn check_derived<T: BnParam>(format: TensorFormat, dims: &[usize], mode: BatchNormMode) {
    let x = desc::<T>(format, dims);
    let p = derive_bn_descriptor(&x, mode).unwrap_or_else(|e| {
        panic!(
            "{} {dims:?} layout {} mode {}: {e}",
            T::NAME,
            format.0,
            mode.0
        )
    });
    let mut want = dims.to_vec();
    want[0] = 1;
    if mode != PER_ACT {
        want[2..].iter_mut().for_each(|d| *d = 1);
    }
    assert_eq!(p.dims(), want.as_slice());
    // Packed NCHW whatever x's layout (cuDNN's choice, checked by
    // derive_bn_descriptor against cudnnGetTensorNdDescriptor).
    assert_eq!(p.packed_format(), Some(NCHW), "{:?}", p.strides());
    assert_eq!(p.required_len(), want.iter().product::<usize>());
    assert_eq!(batch_norm_param_dims(dims, mode).expect("dims"), want);
}

#[test]
fn derived_batch_norm_descriptors_match_cudnn() {
    let Some(_lib) = common::lib() else { return };
    for format in [NCHW, NHWC] {
        for mode in [SPATIAL, PER_ACT, PERSISTENT] {
            for dims in [&[2usize, 3, 4, 5][..], &[2, 3, 4, 5, 6]] {
                check_derived::<f32>(format, dims, mode);
                check_derived::<f16>(format, dims, mode);
                check_derived::<bf16>(format, dims, mode);
                check_derived::<f64>(format, dims, mode);
            }
        }
    }
    // The parameter type follows the data: f32 for half types.
    let x = desc::<f16>(NCHW, &[8, 16, 7, 7]);
    let p: TensorDescriptor<f32> = derive_bn_descriptor(&x, SPATIAL).expect("f16 -> f32");
    assert_eq!(p.dims(), [1, 16, 1, 1]);
    assert_eq!(p.strides(), [16, 1, 1, 1]);
    let x = desc::<f64>(NCHW, &[8, 16, 7, 7]);
    let p: TensorDescriptor<f64> = derive_bn_descriptor(&x, PER_ACT).expect("f64 -> f64");
    assert_eq!(p.dims(), [1, 16, 7, 7]);
    assert_eq!(p.strides(), [784, 49, 7, 1]);
    // A strided input still derives packed parameters.
    let x = TensorDescriptor::<f32>::with_strides(&[2, 3, 4, 5], &[200, 50, 10, 2]).expect("x");
    let p = derive_bn_descriptor(&x, PER_ACT).expect("strided x");
    assert_eq!(p.strides(), [60, 20, 5, 1]);

    // A mode cuDNN does not have is refused before cuDNN is asked.
    let e = derive_bn_descriptor(
        &desc::<f32>(NCHW, &[2, 3, 4, 5]),
        sys::cudnnBatchNormMode_t(7),
    )
    .expect_err("mode 7");
    assert_eq!(invalid(&e).0, "cudnnDeriveBNTensorDescriptor");
    assert!(is_bad_value(&e), "{e}");
    let e = batch_norm_param_dims(&[4, 3], SPATIAL).expect_err("rank 2");
    assert!(is_bad_value(&e), "{e}");
}

/// A 4-d f32 batch norm: x (2, 3, 4, 5), its derived parameters.
struct Bn {
    x: TensorDescriptor<f32>,
    y: TensorDescriptor<f32>,
    p: TensorDescriptor<f32>,
    n: usize,
    c: usize,
}

fn bn(mode: BatchNormMode) -> Bn {
    let x = desc::<f32>(NCHW, &[2, 3, 4, 5]);
    let y = desc::<f32>(NHWC, &[2, 3, 4, 5]);
    let p = derive_bn_descriptor(&x, mode).expect("derived");
    let c = p.required_len();
    Bn { x, y, p, n: 120, c }
}

#[test]
fn batch_norm_training_checks() {
    let Some(_lib) = common::lib() else { return };
    const F: &str = "cudnnBatchNormalizationForwardTraining";
    for mode in [SPATIAL, PER_ACT, PERSISTENT] {
        let b = bn(mode);
        let (n, c) = (b.n, b.c);
        let run = |x, y, s, bias, f, running, eps, saved| {
            check_batch_norm_forward_training(
                mode, &b.x, x, &b.y, y, &b.p, s, bias, f, running, eps, saved,
            )
        };
        run(n, n, c, c, 0.1, Some((c, c)), 1e-5, Some((c, c))).expect("valid");
        run(n, n, c, c, 1.0, None, 0.0, None).expect("no optional buffers, epsilon 0");
        run(n + 1, n + 9, c + 1, c, 0.0, None, 1e-3, None).expect("longer buffers");
        let cases: [(_, Mismatch); 8] = [
            (
                run(n - 1, n, c, c, 0.1, None, 1e-5, None),
                short("x", n - 1, n),
            ),
            (
                run(n, n - 1, c, c, 0.1, None, 1e-5, None),
                short("y", n - 1, n),
            ),
            (
                run(n, n, c - 1, c, 0.1, None, 1e-5, None),
                short("scale", c - 1, c),
            ),
            (run(n, n, c, 0, 0.1, None, 1e-5, None), short("bias", 0, c)),
            (
                run(n, n, c, c, 0.1, Some((c - 1, c)), 1e-5, None),
                short("running_mean", c - 1, c),
            ),
            (
                run(n, n, c, c, 0.1, Some((c, 1)), 1e-5, None),
                short("running_var", 1, c),
            ),
            (
                run(n, n, c, c, 0.1, None, 1e-5, Some((0, c))),
                short("saved_mean", 0, c),
            ),
            (
                run(n, n, c, c, 0.1, None, 1e-5, Some((c, c - 1))),
                short("saved_inv_var", c - 1, c),
            ),
        ];
        for (result, want) in cases {
            let e = result.expect_err("short buffer");
            assert_eq!(invalid(&e), (F, &want));
        }
        for eps in [-1e-5, f64::NAN, f64::INFINITY] {
            let e = run(n, n, c, c, 0.1, None, eps, None).expect_err("epsilon");
            assert_eq!(invalid(&e).0, F);
            assert!(is_bad_value(&e), "{e}");
            assert!(e.to_string().contains("CUDNN_BN_MIN_EPSILON"), "{e}");
        }
        for f in [-0.1, 1.01, f64::NAN] {
            let e = run(n, n, c, c, f, None, 1e-5, None).expect_err("factor");
            assert!(is_bad_value(&e), "{e}");
            assert!(e.to_string().contains("exponential average factor"), "{e}");
        }
    }

    // Shapes: y of other dims, parameters of the other mode, a 3-d input.
    let b = bn(SPATIAL);
    let y = desc::<f32>(NCHW, &[2, 3, 5, 4]);
    let e = check_batch_norm_forward_training(
        SPATIAL, &b.x, 120, &y, 120, &b.p, 3, 3, 0.1, None, 1e-5, None,
    )
    .expect_err("y dims");
    assert!(is_shape(&e), "{e}");
    assert!(e.to_string().contains("`y` is [2, 3, 5, 4]"), "{e}");
    let e = check_batch_norm_forward_training(
        PER_ACT, &b.x, 120, &b.y, 120, &b.p, 60, 60, 0.1, None, 1e-5, None,
    )
    .expect_err("spatial parameters for per-activation");
    assert!(is_shape(&e), "{e}");
    assert!(e.to_string().contains("[1, 3, 4, 5]"), "{e}");
    let x3 = desc::<f32>(NCHW, &[2, 3, 4]);
    let p3 = derive_bn_descriptor(&x3, SPATIAL).expect("cuDNN derives for 3-d");
    let e = check_batch_norm_forward_training(
        SPATIAL, &x3, 24, &x3, 24, &p3, 3, 3, 0.1, None, 1e-5, None,
    )
    .expect_err("3-d");
    assert!(is_bad_value(&e), "{e}");
    let e = check_batch_norm_forward_training(
        sys::cudnnBatchNormMode_t(5),
        &b.x,
        120,
        &b.y,
        120,
        &b.p,
        3,
        3,
        0.1,
        None,
        1e-5,
        None,
    )
    .expect_err("mode 5");
    assert!(is_bad_value(&e), "{e}");
}

#[test]
fn batch_norm_inference_and_backward_checks() {
    let Some(_lib) = common::lib() else { return };
    let b = bn(PER_ACT);
    let (n, c) = (b.n, b.c);
    assert_eq!(c, 60);
    const I: &str = "cudnnBatchNormalizationForwardInference";
    let inf = |x, y, s, bias, m, v, eps| {
        check_batch_norm_forward_inference(PER_ACT, &b.x, x, &b.y, y, &b.p, s, bias, m, v, eps)
    };
    inf(n, n, c, c, c, c, 1e-5).expect("valid");
    for (result, want) in [
        (
            inf(n, n, c, c, c - 1, c, 1e-5),
            short("estimated_mean", c - 1, c),
        ),
        (inf(n, n, c, c, c, 3, 1e-5), short("estimated_var", 3, c)),
        (inf(n, 0, c, c, c, c, 1e-5), short("y", 0, n)),
    ] {
        assert_eq!(invalid(&result.expect_err("short")), (I, &want));
    }
    assert!(is_bad_value(&inf(n, n, c, c, c, c, -1.0).expect_err("eps")));

    const B: &str = "cudnnBatchNormalizationBackward";
    let dx = desc::<f32>(NCHW, &[2, 3, 4, 5]);
    let bwd = |x, dy, dxl, s, ds, db, saved| {
        check_batch_norm_backward(
            PER_ACT, &b.x, x, &b.y, dy, &dx, dxl, &b.p, s, ds, db, 1e-5, saved,
        )
    };
    bwd(n, n, n, c, c, c, Some((c, c))).expect("valid");
    bwd(n, n, n, c, c, c, None).expect("recomputed statistics");
    for (result, want) in [
        (bwd(n, n - 1, n, c, c, c, None), short("dy", n - 1, n)),
        (bwd(n, n, n - 1, c, c, c, None), short("dx", n - 1, n)),
        (bwd(n, n, n, c, c - 1, c, None), short("d_scale", c - 1, c)),
        (bwd(n, n, n, c, c, c - 1, None), short("d_bias", c - 1, c)),
        (
            bwd(n, n, n, c, c, c, Some((c, 0))),
            short("saved_inv_var", 0, c),
        ),
    ] {
        assert_eq!(invalid(&result.expect_err("short")), (B, &want));
    }
    let wrong = desc::<f32>(NCHW, &[2, 3, 4, 6]);
    let e = check_batch_norm_backward(
        PER_ACT, &b.x, n, &b.y, n, &wrong, 144, &b.p, c, c, c, 1e-5, None,
    )
    .expect_err("dx dims");
    assert!(is_shape(&e), "{e}");
    assert!(e.to_string().contains("`dx`"), "{e}");
    let e = check_batch_norm_backward(
        PER_ACT, &b.x, n, &wrong, 144, &dx, n, &b.p, c, c, c, 1e-5, None,
    )
    .expect_err("dy dims");
    assert!(e.to_string().contains("`dy`"), "{e}");
}

#[test]
fn batch_norm_ex_checks() {
    let Some(lib) = common::lib() else { return };
    // Deprecated in 9.x but still exported by both majors.
    lib.require("cudnnBatchNormalizationForwardTrainingEx")
        .expect("forward Ex");
    lib.require("cudnnBatchNormalizationBackwardEx")
        .expect("backward Ex");
    assert!(matches!(
        lib.require("cudnnBatchNormalizationForwardTrainingExNotAFunction"),
        Err(Error::NotAvailable { .. })
    ));

    const F: &str = "cudnnBatchNormalizationForwardTrainingEx";
    let b = bn(SPATIAL);
    let (n, c) = (b.n, b.c);
    let relu = ActivationDescriptor::new(ActivationMode::CUDNN_ACTIVATION_RELU, 0.0).expect("relu");
    let z = desc::<f32>(NHWC, &[2, 3, 4, 5]);
    let fwd = |ops, z: Option<(&TensorDescriptor<f32>, usize)>, act| {
        check_batch_norm_forward_training_ex(
            SPATIAL,
            ops,
            &b.x,
            n,
            z,
            &b.y,
            n,
            &b.p,
            c,
            c,
            0.1,
            Some((c, c)),
            1e-5,
            Some((c, c)),
            act,
        )
    };
    fwd(OPS_BN, None, None).expect("plain");
    fwd(OPS_ACT, None, Some(&relu)).expect("activation");
    fwd(OPS_ADD_ACT, Some((&z, n)), Some(&relu)).expect("add + activation");
    for (ops, zz, act, what) in [
        (OPS_BN, None, Some(&relu), "takes no activation"),
        (OPS_ACT, None, None, "needs activation"),
        (OPS_ACT, Some((&z, n)), Some(&relu), "takes no residual"),
        (OPS_ADD_ACT, None, Some(&relu), "needs residual"),
        (
            sys::cudnnBatchNormOps_t(9),
            None,
            None,
            "not a cudnnBatchNormOps_t",
        ),
    ] {
        let e = fwd(ops, zz, act).expect_err(what);
        assert_eq!(invalid(&e).0, F);
        assert!(is_bad_value(&e), "{e}");
        assert!(e.to_string().contains(what), "{what}: {e}");
    }
    let e = fwd(OPS_ADD_ACT, Some((&z, n - 1)), Some(&relu)).expect_err("short z");
    assert_eq!(invalid(&e), (F, &short("z", n - 1, n)));
    let z_wrong = desc::<f32>(NCHW, &[2, 3, 4, 4]);
    let e = fwd(OPS_ADD_ACT, Some((&z_wrong, 96)), Some(&relu)).expect_err("z dims");
    assert!(is_shape(&e) && e.to_string().contains("`z`"), "{e}");

    const BX: &str = "cudnnBatchNormalizationBackwardEx";
    let bwd = |ops, y_len, dz: Option<(&TensorDescriptor<f32>, usize)>, bias, act| {
        check_batch_norm_backward_ex(
            SPATIAL,
            ops,
            &b.x,
            n,
            &b.y,
            y_len,
            &b.y,
            n,
            dz,
            &b.x,
            n,
            &b.p,
            c,
            bias,
            c,
            c,
            1e-5,
            Some((c, c)),
            act,
        )
    };
    bwd(OPS_BN, n, None, c, None).expect("plain");
    bwd(OPS_ADD_ACT, n, Some((&z, n)), c, Some(&relu)).expect("add + activation");
    assert_eq!(
        invalid(&bwd(OPS_BN, n - 1, None, c, None).expect_err("short y")),
        (BX, &short("y", n - 1, n))
    );
    assert_eq!(
        invalid(&bwd(OPS_ACT, n, None, 1, Some(&relu)).expect_err("short bias")),
        (BX, &short("bias", 1, c))
    );
    assert_eq!(
        invalid(&bwd(OPS_ADD_ACT, n, Some((&z, 7)), c, Some(&relu)).expect_err("short dz")),
        (BX, &short("dz", 7, n))
    );
    let e = bwd(OPS_ADD_ACT, n, None, c, Some(&relu)).expect_err("dz missing");
    assert!(
        is_bad_value(&e) && e.to_string().contains("needs residual"),
        "{e}"
    );

    // The reserve space.
    check_batch_norm_reserve(F, None, 0).expect("none needed, none given");
    check_batch_norm_reserve(F, Some(64), 64).expect("exact");
    assert_eq!(
        invalid(&check_batch_norm_reserve(F, None, 16).expect_err("missing")),
        (F, &short("reserve", 0, 16))
    );
    assert_eq!(
        invalid(&check_batch_norm_reserve(F, Some(15), 16).expect_err("short")),
        (F, &short("reserve", 15, 16))
    );
    check_batch_norm_ops(F, OPS_BN, false, false).expect("plain ops");
}

#[test]
fn batch_norm_scalars() {
    assert_eq!(sys::CUDNN_BN_MIN_EPSILON, 0.0, "both majors' headers say 0");
    check_batch_norm_epsilon("f", 0.0).expect("the minimum");
    check_batch_norm_epsilon("f", 1e-5).expect("usual");
    let e = check_batch_norm_epsilon("f", -f64::MIN_POSITIVE).expect_err("below");
    assert_eq!(invalid(&e).0, "f");
    check_exponential_average_factor("f", 0.0).expect("0");
    check_exponential_average_factor("f", 1.0).expect("1");
    assert!(is_bad_value(
        &check_exponential_average_factor("f", f64::INFINITY).expect_err("inf")
    ));
}

#[test]
fn dropout_checks() {
    let Some(_lib) = common::lib() else { return };
    for p in [0.0f32, 0.5, 0.999_999] {
        check_dropout_probability("cudnnSetDropoutDescriptor", p).expect("in [0, 1)");
    }
    for p in [1.0f32, -0.01, f32::NAN, f32::INFINITY] {
        let e = check_dropout_probability("cudnnSetDropoutDescriptor", p).expect_err("outside");
        assert_eq!(invalid(&e).0, "cudnnSetDropoutDescriptor");
        assert!(is_bad_value(&e), "{e}");
    }
    assert_eq!(
        invalid(&check_dropout_states("cudnnSetDropoutDescriptor", 10, 11).expect_err("states")),
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
    const B: &str = "cudnnDropoutBackward";
    let y = desc::<f32>(NHWC, &[2, 3, 4, 5]);
    check_dropout_forward(&x, 120, &y, 120, need, need).expect("valid");
    check_dropout_backward(&y, 120, &x, 120, need, need).expect("valid");
    for (result, f, want) in [
        (
            check_dropout_forward(&x, 119, &y, 120, need, need),
            F,
            short("x", 119, 120),
        ),
        (
            check_dropout_forward(&x, 120, &y, 0, need, need),
            F,
            short("y", 0, 120),
        ),
        (
            check_dropout_forward(&x, 120, &y, 120, need - 1, need),
            F,
            short("reserve", need - 1, need),
        ),
        (
            check_dropout_backward(&y, 1, &x, 120, need, need),
            B,
            short("dy", 1, 120),
        ),
        (
            check_dropout_backward(&y, 120, &x, 2, need, need),
            B,
            short("dx", 2, 120),
        ),
        (
            check_dropout_backward(&y, 120, &x, 120, 0, need),
            B,
            short("reserve", 0, need),
        ),
    ] {
        assert_eq!(invalid(&result.expect_err("short")), (f, &want));
    }
    let other = desc::<f32>(NCHW, &[2, 3, 5, 4]);
    let e = check_dropout_forward(&x, 120, &other, 120, need, need).expect_err("dims");
    assert_eq!(invalid(&e).0, F);
    assert!(is_shape(&e), "{e}");
    let e = check_dropout_backward(&other, 120, &x, 120, need, need).expect_err("dims");
    assert!(is_shape(&e) && e.to_string().contains("`dy`"), "{e}");
}

#[test]
fn tensor_op_descriptors() {
    let Some(lib) = common::lib() else { return };
    for op in [
        OpTensorOp::CUDNN_OP_TENSOR_ADD,
        OpTensorOp::CUDNN_OP_TENSOR_MUL,
        OpTensorOp::CUDNN_OP_TENSOR_MIN,
        OpTensorOp::CUDNN_OP_TENSOR_MAX,
        OpTensorOp::CUDNN_OP_TENSOR_SQRT,
        OpTensorOp::CUDNN_OP_TENSOR_NOT,
    ] {
        let d = OpTensorDescriptor::<f32>::new(op).expect("f32 op");
        assert_eq!(d.op(), op);
        assert_eq!(d.nan_propagation(), NanPropagation::CUDNN_NOT_PROPAGATE_NAN);
        OpTensorDescriptor::<f64>::new_in(lib.clone(), op, NanPropagation::CUDNN_PROPAGATE_NAN)
            .expect("f64 op");
    }
    // An operation cuDNN does not know: its own typed error.
    let e = OpTensorDescriptor::<f32>::new(sys::cudnnOpTensorOp_t(6)).expect_err("op 6");
    assert!(matches!(e, Error::BadParam(_)), "{e:?}");

    let all = [
        ReduceTensorOp::CUDNN_REDUCE_TENSOR_ADD,
        ReduceTensorOp::CUDNN_REDUCE_TENSOR_MUL,
        ReduceTensorOp::CUDNN_REDUCE_TENSOR_MIN,
        ReduceTensorOp::CUDNN_REDUCE_TENSOR_MAX,
        ReduceTensorOp::CUDNN_REDUCE_TENSOR_AMAX,
        ReduceTensorOp::CUDNN_REDUCE_TENSOR_AVG,
        ReduceTensorOp::CUDNN_REDUCE_TENSOR_NORM1,
        ReduceTensorOp::CUDNN_REDUCE_TENSOR_NORM2,
        ReduceTensorOp::CUDNN_REDUCE_TENSOR_MUL_NO_ZEROS,
    ];
    let none = ReduceTensorIndices::CUDNN_REDUCE_TENSOR_NO_INDICES;
    let flat = ReduceTensorIndices::CUDNN_REDUCE_TENSOR_FLATTENED_INDICES;
    for op in all {
        let d = ReduceTensorDescriptor::<f32>::new(op, none).expect("no indices");
        assert!(!d.computes_indices());
        let has = matches!(
            op,
            ReduceTensorOp::CUDNN_REDUCE_TENSOR_MIN
                | ReduceTensorOp::CUDNN_REDUCE_TENSOR_MAX
                | ReduceTensorOp::CUDNN_REDUCE_TENSOR_AMAX
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
                assert_eq!(invalid(&e).0, "cudnnSetReduceTensorDescriptor");
                assert!(matches!(invalid(&e).1, Mismatch::Unsupported { .. }), "{e}");
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
    assert_eq!(invalid(&e).0, F);
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
        assert_eq!(invalid(&result.expect_err("short")), (F, &want));
    }

    const A: &str = "cudnnAddTensor";
    check_add_tensor(&bias, 3, &a, 120).expect("bias over c");
    let e = check_add_tensor(&a, 120, &bias, 3).expect_err("a larger than c");
    assert_eq!(invalid(&e).0, A);
    assert!(is_shape(&e), "{e}");
    assert_eq!(
        invalid(&check_add_tensor(&bias, 3, &a, 60).expect_err("short c")),
        (A, &short("c", 60, 120))
    );

    const T: &str = "cudnnTransformTensor";
    check_transform_tensor(&a, 120, &c16, 120).expect("NCHW f32 to NHWC f16");
    let padded = TensorDescriptor::<f32>::with_strides(&[2, 3, 4, 5], &[128, 32, 8, 1]).expect("y");
    assert_eq!(padded.required_len(), 128 + 64 + 24 + 4 + 1);
    assert_eq!(
        invalid(&check_transform_tensor(&a, 120, &padded, 120).expect_err("padded y")),
        (T, &short("y", 120, 221))
    );
    let e = check_transform_tensor(&a, 120, &bias, 3).expect_err("dims");
    assert!(is_shape(&e), "{e}");
}

#[test]
fn reduction_checks() {
    let Some(_lib) = common::lib() else { return };
    const F: &str = "cudnnReduceTensor";
    let flat = ReduceTensorIndices::CUDNN_REDUCE_TENSOR_FLATTENED_INDICES;
    let none = ReduceTensorIndices::CUDNN_REDUCE_TENSOR_NO_INDICES;
    let max = ReduceTensorDescriptor::<f32>::new(ReduceTensorOp::CUDNN_REDUCE_TENSOR_MAX, flat)
        .expect("max with indices");
    let max_plain =
        ReduceTensorDescriptor::<f32>::new(ReduceTensorOp::CUDNN_REDUCE_TENSOR_MAX, none)
            .expect("max");
    let add = ReduceTensorDescriptor::<f32>::new(ReduceTensorOp::CUDNN_REDUCE_TENSOR_ADD, none)
        .expect("add");
    let a = desc::<f32>(NCHW, &[2, 3, 4, 5]);
    let per_channel = desc::<f32>(NCHW, &[1, 3, 1, 1]);
    let c16 = desc::<f16>(NCHW, &[2, 3, 1, 5]);
    check_reduce_tensor(&add, &a, 120, &per_channel, 3, None).expect("sum per channel");
    check_reduce_tensor(&add, &a, 120, &c16, 30, None).expect("f16 output");
    check_reduce_tensor(&max, &a, 120, &per_channel, 3, Some(3)).expect("indices");
    // A reduction of nothing: cuDNN 9.19 answers BAD_PARAM ("!dims_differ")
    // on a GPU, so it is refused before the call.
    let e = check_reduce_tensor(&max, &a, 120, &a, 120, Some(120)).expect_err("nothing reduced");
    assert_eq!(invalid(&e).0, F);
    assert!(matches!(invalid(&e).1, Mismatch::Unsupported { .. }), "{e}");
    assert!(e.to_string().contains("reduces no dimension"), "{e}");
    let e = check_reduce_tensor(&add, &a, 120, &per_channel, 3, Some(3)).expect_err("add");
    assert_eq!(invalid(&e).0, F);
    assert!(matches!(invalid(&e).1, Mismatch::Unsupported { .. }), "{e}");
    let e = check_reduce_tensor(&max_plain, &a, 120, &per_channel, 3, Some(3))
        .expect_err("max without indices setting");
    assert!(matches!(invalid(&e).1, Mismatch::Unsupported { .. }), "{e}");
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
        assert_eq!(invalid(&result.expect_err("short")), (F, &want));
    }
    let wrong = desc::<f32>(NCHW, &[1, 2, 1, 1]);
    let e = check_reduce_tensor(&add, &a, 120, &wrong, 2, None).expect_err("2 of 3");
    assert!(is_shape(&e) && e.to_string().contains("`c`"), "{e}");
    let rank = desc::<f32>(NCHW, &[1, 3, 1]);
    assert!(is_shape(
        &check_reduce_tensor(&add, &a, 120, &rank, 3, None).expect_err("rank")
    ));
    let e = check_broadcast("f", ("b", &[3]), ("a", &[2, 3])).expect_err("rank");
    assert_eq!(invalid(&e).0, "f");
}

/// The shape of a random 4-d or 5-d input.
fn shape() -> impl Strategy<Value = Vec<usize>> {
    proptest::collection::vec(1usize..7, 4..=5)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, .. ProptestConfig::default() })]

    /// cuDNN derives exactly the descriptor the crate computes, for any
    /// shape, layout, mode and type (derive_bn_descriptor checks it and
    /// fails otherwise).
    #[test]
    fn derived_descriptors_agree_with_cudnn(
        dims in shape(),
        nhwc in any::<bool>(),
        mode in 0u32..3,
        ty in 0u8..4,
    ) {
        let Some(_lib) = common::lib() else { return Ok(()) };
        let format = if nhwc { NHWC } else { NCHW };
        let mode = sys::cudnnBatchNormMode_t(mode);
        match ty {
            0 => check_derived::<f32>(format, &dims, mode),
            1 => check_derived::<f16>(format, &dims, mode),
            2 => check_derived::<bf16>(format, &dims, mode),
            _ => check_derived::<f64>(format, &dims, mode),
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
            ReduceTensorOp::CUDNN_REDUCE_TENSOR_ADD,
            ReduceTensorIndices::CUDNN_REDUCE_TENSOR_NO_INDICES,
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
