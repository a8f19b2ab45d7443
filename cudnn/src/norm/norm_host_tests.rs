//! `crate::norm` (batch normalization) without a GPU, against the real
//! library: derived batch-norm descriptors against cuDNN's, and every
//! launch check that needs no device, each rejecting bad input with its
//! exact typed mismatch.

#![allow(clippy::macro_metavars_in_unsafe)]

use crate::test_support as common;

use common::{is_bad_value, is_shape, refusal, short};

use super::norm_problem::{
    check_batch_norm_epsilon, check_batch_norm_ops, check_batch_norm_reserve,
    check_exponential_average_factor,
};
use crate::half::{bf16, f16};
use crate::norm::{
    batch_norm_param_dims, derive_bn_descriptor, BnBackwardLengths, BnInferenceLengths,
    BnTrainingLengths,
};
use crate::norm::{BatchNormMode, BatchNormOps, BatchNormProblem, BnParam};
use crate::sys;
use crate::{
    ActivationDescriptor, ActivationMode, DataType, Error, Mismatch, TensorDescriptor, TensorFormat,
};
use proptest::prelude::*;

const NCHW: TensorFormat = TensorFormat::NCHW;
const NHWC: TensorFormat = TensorFormat::NHWC;
const SPATIAL: BatchNormMode = BatchNormMode::SPATIAL;
const PER_ACT: BatchNormMode = BatchNormMode::PER_ACTIVATION;
const PERSISTENT: BatchNormMode = BatchNormMode::SPATIAL_PERSISTENT;
const OPS_BN: BatchNormOps = BatchNormOps::BN;
const OPS_ACT: BatchNormOps = BatchNormOps::BN_ACTIVATION;
const OPS_ADD_ACT: BatchNormOps = BatchNormOps::BN_ADD_ACTIVATION;

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
    assert_eq!(refusal(&e).0, "cudnnDeriveBNTensorDescriptor");
    assert!(is_bad_value(&e), "{e}");
    let e = batch_norm_param_dims(&[4, 3], SPATIAL).expect_err("rank 2");
    assert!(is_bad_value(&e), "{e}");
}

/// A 4-d f32 batch norm: x (2, 3, 4, 5) NCHW, y NHWC, epsilon 1e-5.
fn x_desc() -> TensorDescriptor<f32> {
    desc::<f32>(NCHW, &[2, 3, 4, 5])
}

fn y_desc() -> TensorDescriptor<f32> {
    desc::<f32>(NHWC, &[2, 3, 4, 5])
}

fn bn(mode: BatchNormMode) -> BatchNormProblem<f32> {
    BatchNormProblem::new(mode, x_desc(), y_desc(), 1e-5).expect("problem")
}

const DERIVE: &str = "cudnnDeriveBNTensorDescriptor";

fn training(
    x: usize,
    y: usize,
    scale: usize,
    bias: usize,
    running: Option<(usize, usize)>,
    saved: Option<(usize, usize)>,
) -> BnTrainingLengths {
    BnTrainingLengths {
        x,
        z: None,
        y,
        scale,
        bias,
        running,
        saved,
    }
}

#[test]
fn batch_norm_training_checks() {
    let Some(_lib) = common::lib() else { return };
    const F: &str = "cudnnBatchNormalizationForwardTraining";
    for mode in [SPATIAL, PER_ACT, PERSISTENT] {
        let b = bn(mode);
        let (n, c) = (120, b.param_len());
        assert_eq!(c, b.param().required_len());
        assert_eq!(b.x().dims(), b.y().dims());
        assert_eq!((b.mode(), b.epsilon(), b.ops()), (mode, 1e-5, OPS_BN));
        let run = |x, y, s, bias, f, running, saved| {
            b.check_forward_training(f, &training(x, y, s, bias, running, saved))
        };
        run(n, n, c, c, 0.1, Some((c, c)), Some((c, c))).expect("valid");
        let eps0 = BatchNormProblem::new(mode, x_desc(), y_desc(), 0.0).expect("epsilon 0");
        eps0.check_forward_training(1.0, &training(n, n, c, c, None, None))
            .expect("no optional buffers, epsilon 0");
        run(n + 1, n + 9, c + 1, c, 0.0, None, None).expect("longer buffers");
        let cases: [(_, Mismatch); 8] = [
            (run(n - 1, n, c, c, 0.1, None, None), short("x", n - 1, n)),
            (run(n, n - 1, c, c, 0.1, None, None), short("y", n - 1, n)),
            (
                run(n, n, c - 1, c, 0.1, None, None),
                short("scale", c - 1, c),
            ),
            (run(n, n, c, 0, 0.1, None, None), short("bias", 0, c)),
            (
                run(n, n, c, c, 0.1, Some((c - 1, c)), None),
                short("running_mean", c - 1, c),
            ),
            (
                run(n, n, c, c, 0.1, Some((c, 1)), None),
                short("running_var", 1, c),
            ),
            (
                run(n, n, c, c, 0.1, None, Some((0, c))),
                short("saved_mean", 0, c),
            ),
            (
                run(n, n, c, c, 0.1, None, Some((c, c - 1))),
                short("saved_inv_var", c - 1, c),
            ),
        ];
        for (result, want) in cases {
            let e = result.expect_err("short buffer");
            assert_eq!(refusal(&e), (F, &want));
        }
        // Epsilon is the problem's: refused when the problem is built (or
        // set), so that forward and backward use the same one.
        for eps in [-1e-5, f64::NAN, f64::INFINITY] {
            let e = BatchNormProblem::new(mode, x_desc(), y_desc(), eps).expect_err("epsilon");
            assert_eq!(refusal(&e).0, DERIVE);
            assert!(is_bad_value(&e), "{e}");
            assert!(e.to_string().contains("CUDNN_BN_MIN_EPSILON"), "{e}");
        }
        for f in [-0.1, 1.01, f64::NAN] {
            let e = run(n, n, c, c, f, None, None).expect_err("factor");
            assert_eq!(refusal(&e).0, F);
            assert!(is_bad_value(&e), "{e}");
            assert!(e.to_string().contains("exponential average factor"), "{e}");
        }
    }

    // A setter that fails keeps the value.
    let mut b = bn(SPATIAL);
    b.set_epsilon(1e-3).expect("epsilon");
    assert_eq!(b.epsilon(), 1e-3);
    let e = b.set_epsilon(-1.0).expect_err("negative");
    assert!(is_bad_value(&e), "{e}");
    assert_eq!(b.epsilon(), 1e-3, "kept");

    // Shapes: y of other dims, parameters of the other mode, a 3-d input.
    let y = desc::<f32>(NCHW, &[2, 3, 5, 4]);
    let e = BatchNormProblem::new(SPATIAL, x_desc(), y, 1e-5).expect_err("y dims");
    assert_eq!(refusal(&e).0, DERIVE);
    assert!(is_shape(&e), "{e}");
    assert!(e.to_string().contains("`y` is [2, 3, 5, 4]"), "{e}");
    let spatial_param = derive_bn_descriptor(&x_desc(), SPATIAL).expect("derived");
    let e = BatchNormProblem::with_param(PER_ACT, x_desc(), y_desc(), spatial_param, 1e-5)
        .expect_err("spatial parameters for per-activation");
    assert!(is_shape(&e), "{e}");
    assert!(e.to_string().contains("[1, 3, 4, 5]"), "{e}");
    let x3 = desc::<f32>(NCHW, &[2, 3, 4]);
    derive_bn_descriptor(&x3, SPATIAL).expect("cuDNN derives for 3-d");
    let e =
        BatchNormProblem::new(SPATIAL, x3, desc::<f32>(NCHW, &[2, 3, 4]), 1e-5).expect_err("3-d");
    assert!(is_bad_value(&e), "{e}");
    let e = BatchNormProblem::new(sys::cudnnBatchNormMode_t(5), x_desc(), y_desc(), 1e-5)
        .expect_err("mode 5");
    assert!(is_bad_value(&e), "{e}");
}

/// A parameter descriptor of the caller's is checked against cuDNN's
/// derivation: dimensions, and packed NCHW strides.
#[test]
fn batch_norm_parameter_descriptors_are_checked_against_cudnn() {
    let Some(_lib) = common::lib() else { return };
    for mode in [SPATIAL, PER_ACT, PERSISTENT] {
        let derived = derive_bn_descriptor(&x_desc(), mode).expect("derived");
        let (dims, strides) = (derived.dims().to_vec(), derived.strides().to_vec());
        let b = BatchNormProblem::with_param(mode, x_desc(), y_desc(), derived, 1e-5)
            .expect("the derived descriptor");
        assert_eq!(
            (b.param().dims(), b.param().strides()),
            (&dims[..], &strides[..])
        );
        // The same dimensions, packed by hand: accepted.
        let own = desc::<f32>(NCHW, &dims);
        BatchNormProblem::with_param(mode, x_desc(), y_desc(), own, 1e-5).expect("packed NCHW");
    }
    // Per activation, (1, 3, 4, 5) laid out NHWC: the dims agree, the
    // layout does not.
    let nhwc = desc::<f32>(NHWC, &[1, 3, 4, 5]);
    let e = BatchNormProblem::with_param(PER_ACT, x_desc(), y_desc(), nhwc, 1e-5)
        .expect_err("NHWC parameters");
    assert_eq!(refusal(&e).0, DERIVE);
    assert!(is_shape(&e), "{e}");
    assert!(e.to_string().contains("packed NCHW"), "{e}");
    // Spatial parameters with padding between channels.
    let padded = TensorDescriptor::<f32>::with_strides(&[1, 3, 1, 1], &[6, 2, 1, 1]).expect("p");
    let e = BatchNormProblem::with_param(SPATIAL, x_desc(), y_desc(), padded, 1e-5)
        .expect_err("padded parameters");
    assert!(
        is_shape(&e) && e.to_string().contains("[6, 2, 1, 1]"),
        "{e}"
    );
    // f16 data takes f32 parameters (the type is the compiler's to check).
    let x16 = desc::<f16>(NHWC, &[2, 8, 3, 3]);
    let y16 = desc::<f16>(NHWC, &[2, 8, 3, 3]);
    let p32 = desc::<f32>(NCHW, &[1, 8, 1, 1]);
    let b = BatchNormProblem::<f16>::with_param(PERSISTENT, x16, y16, p32, 1e-4).expect("f16");
    assert_eq!(b.param_len(), 8);
}

#[test]
fn batch_norm_inference_and_backward_checks() {
    let Some(_lib) = common::lib() else { return };
    let b = bn(PER_ACT);
    let (n, c) = (120, b.param_len());
    assert_eq!(c, 60);
    const I: &str = "cudnnBatchNormalizationForwardInference";
    let inf = |x, y, scale, bias, estimated_mean, estimated_var| {
        b.check_forward_inference(&BnInferenceLengths {
            x,
            y,
            scale,
            bias,
            estimated_mean,
            estimated_var,
        })
    };
    inf(n, n, c, c, c, c).expect("valid");
    for (result, want) in [
        (inf(n, n, c, c, c - 1, c), short("estimated_mean", c - 1, c)),
        (inf(n, n, c, c, c, 3), short("estimated_var", 3, c)),
        (inf(n, 0, c, c, c, c), short("y", 0, n)),
    ] {
        assert_eq!(refusal(&result.expect_err("short")), (I, &want));
    }
    let e = BatchNormProblem::new(PER_ACT, x_desc(), y_desc(), -1.0).expect_err("eps");
    assert!(is_bad_value(&e), "{e}");

    const B: &str = "cudnnBatchNormalizationBackward";
    let bwd = |x, dy, dx, scale, d_scale, d_bias, saved| {
        b.check_backward(&BnBackwardLengths {
            x,
            y: None,
            dy,
            dz: None,
            dx,
            scale,
            bias: None,
            d_scale,
            d_bias,
            saved,
        })
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
        assert_eq!(refusal(&result.expect_err("short")), (B, &want));
    }
    // dx has x's descriptor and dy y's: dimensions that differ are refused
    // when the problem is built, naming both.
    let wrong = desc::<f32>(NCHW, &[2, 3, 4, 6]);
    let e = BatchNormProblem::new(PER_ACT, x_desc(), wrong, 1e-5).expect_err("dy dims");
    assert!(is_shape(&e), "{e}");
    assert!(e.to_string().contains("`dx`"), "{e}");
    assert!(e.to_string().contains("`dy`"), "{e}");
}

fn relu() -> ActivationDescriptor {
    ActivationDescriptor::new(ActivationMode::RELU, 0.0).expect("relu")
}

/// The spatial problem with `ops` and `act`, or the error of `set_ops`.
fn fused(
    ops: BatchNormOps,
    act: Option<ActivationDescriptor>,
) -> Result<BatchNormProblem<f32>, Error> {
    let mut p = bn(SPATIAL);
    p.set_ops(ops, act)?;
    Ok(p)
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
    let n = 120;
    let c = bn(SPATIAL).param_len();
    let fwd = |ops, z: Option<usize>, act| {
        fused(ops, act)?.check_forward_training_ex(
            0.1,
            &BnTrainingLengths {
                x: n,
                z,
                y: n,
                scale: c,
                bias: c,
                running: Some((c, c)),
                saved: Some((c, c)),
            },
        )
    };
    fwd(OPS_BN, None, None).expect("plain");
    fwd(OPS_ACT, None, Some(relu())).expect("activation");
    fwd(OPS_ADD_ACT, Some(n), Some(relu())).expect("add + activation");
    for (ops, zz, act, what) in [
        (OPS_BN, None, Some(relu()), "takes no activation"),
        (OPS_ACT, None, None, "needs activation"),
        (OPS_ACT, Some(n), Some(relu()), "takes no residual"),
        (OPS_ADD_ACT, None, Some(relu()), "needs residual"),
        (
            sys::cudnnBatchNormOps_t(9),
            None,
            None,
            "not a cudnnBatchNormOps_t",
        ),
    ] {
        let e = fwd(ops, zz, act).expect_err(what);
        assert_eq!(refusal(&e).0, F);
        assert!(is_bad_value(&e), "{e}");
        assert!(e.to_string().contains(what), "{what}: {e}");
    }
    let e = fwd(OPS_ADD_ACT, Some(n - 1), Some(relu())).expect_err("short z");
    assert_eq!(refusal(&e), (F, &short("z", n - 1, n)));
    // z has y's descriptor (its dimensions are y's by construction).
    let p = fused(OPS_ADD_ACT, Some(relu())).expect("add + activation");
    assert!(p.has_residual());
    assert_eq!(p.activation().map(|a| a.mode()), Some(relu().mode()));

    // A failed set_ops keeps what the problem had.
    let mut p = fused(OPS_ACT, Some(relu())).expect("activation");
    let e = p.set_ops(OPS_ADD_ACT, None).expect_err("no activation");
    assert!(is_bad_value(&e), "{e}");
    assert_eq!(p.ops(), OPS_ACT);
    assert!(p.activation().is_some());
    // The launches without Ex refuse a problem that fuses anything.
    let e = p
        .check_forward_training(0.1, &training(n, n, c, c, None, None))
        .expect_err("fused ops, plain launch");
    assert_eq!(refusal(&e).0, "cudnnBatchNormalizationForwardTraining");
    assert!(
        is_bad_value(&e) && e.to_string().contains("only the Ex launches"),
        "{e}"
    );
    // And a plain training step takes no residual.
    let mut with_z = training(n, n, c, c, None, None);
    with_z.z = Some(n);
    let e = bn(SPATIAL)
        .check_forward_training(0.1, &with_z)
        .expect_err("z without Ex");
    assert!(e.to_string().contains("takes no residual"), "{e}");

    const BX: &str = "cudnnBatchNormalizationBackwardEx";
    let bwd = |ops, y_len, dz: Option<usize>, bias, act| {
        fused(ops, act)?.check_backward_ex(&BnBackwardLengths {
            x: n,
            y: Some(y_len),
            dy: n,
            dz,
            dx: n,
            scale: c,
            bias: Some(bias),
            d_scale: c,
            d_bias: c,
            saved: Some((c, c)),
        })
    };
    bwd(OPS_BN, n, None, c, None).expect("plain");
    bwd(OPS_ADD_ACT, n, Some(n), c, Some(relu())).expect("add + activation");
    assert_eq!(
        refusal(&bwd(OPS_BN, n - 1, None, c, None).expect_err("short y")),
        (BX, &short("y", n - 1, n))
    );
    assert_eq!(
        refusal(&bwd(OPS_ACT, n, None, 1, Some(relu())).expect_err("short bias")),
        (BX, &short("bias", 1, c))
    );
    assert_eq!(
        refusal(&bwd(OPS_ADD_ACT, n, Some(7), c, Some(relu())).expect_err("short dz")),
        (BX, &short("dz", 7, n))
    );
    let e = bwd(OPS_ADD_ACT, n, None, c, Some(relu())).expect_err("dz missing");
    assert!(
        is_bad_value(&e) && e.to_string().contains("needs residual"),
        "{e}"
    );

    // The reserve space.
    check_batch_norm_reserve(F, None, 0).expect("none needed, none given");
    check_batch_norm_reserve(F, Some(64), 64).expect("exact");
    assert_eq!(
        refusal(&check_batch_norm_reserve(F, None, 16).expect_err("missing")),
        (F, &short("reserve", 0, 16))
    );
    assert_eq!(
        refusal(&check_batch_norm_reserve(F, Some(15), 16).expect_err("short")),
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
    assert_eq!(refusal(&e).0, "f");
    check_exponential_average_factor("f", 0.0).expect("0");
    check_exponential_average_factor("f", 1.0).expect("1");
    assert!(is_bad_value(
        &check_exponential_average_factor("f", f64::INFINITY).expect_err("inf")
    ));
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
}

proptest! {
    /// The scalar rules of batch normalization on any value; never a panic.
    #[test]
    fn scalar_rules_hold_for_any_value(
        eps in any::<f64>(),
        factor in any::<f64>(),
        (ops, act, res) in (0u32..5, any::<bool>(), any::<bool>()),
        (len, need) in (proptest::option::of(any::<usize>()), any::<usize>()),
    ) {
        prop_assert_eq!(
            check_batch_norm_epsilon("f", eps).is_ok(),
            eps.is_finite() && eps >= sys::CUDNN_BN_MIN_EPSILON
        );
        prop_assert_eq!(
            check_exponential_average_factor("f", factor).is_ok(),
            (0.0..=1.0).contains(&factor)
        );
        let want = match ops {
            0 => (false, false),
            1 => (true, false),
            2 => (true, true),
            _ => (!act, !res),
        };
        let r = check_batch_norm_ops("f", sys::cudnnBatchNormOps_t(ops), act, res);
        prop_assert_eq!(r.is_ok(), (act, res) == want);
        prop_assert_eq!(
            check_batch_norm_reserve("f", len, need).is_ok(),
            len.unwrap_or(0) >= need
        );
    }
}
