//! `cudnn::ops` on a GPU against the CPU references: pooling, activation,
//! softmax and LRN forward and backward, f32 and f16/bf16 where cuDNN
//! supports them; dropout's masks and their reproducibility; every
//! element-wise operation and reduction, in f32 and f16.
//!
//! All `#[ignore = "needs a CUDA GPU"]`; `scripts/gpu-test.sh` runs them.

#![allow(clippy::macro_metavars_in_unsafe)]

mod common;

use common::raw;

use common::gpu::{
    assert_other_library, download, download_flat, gpu, rounded, second_library, upload,
    upload_flat, values, wide_values, Gpu,
};
use std::sync::Arc;

use cudnn::cudarc::driver::CudaSlice;
use cudnn::half::{bf16, f16};
use cudnn::ops::{
    ActivationProblem, BackwardBuffers, DropoutDescriptor, DropoutProblem, InPlaceBackwardBuffers,
    LrnDescriptor, LrnProblem, OpTensorDescriptor, OpTensorOp, OpTensorProblem, OpTensorScaling,
    PoolingDescriptor, PoolingMode, PoolingProblem, ReduceTensorDescriptor, ReduceTensorIndices,
    ReduceTensorOp, ReduceTensorProblem, SoftmaxAlgorithm, SoftmaxBackwardBuffers, SoftmaxMode,
    SoftmaxProblem,
};
use cudnn::{
    ActivationDescriptor, ActivationMode, DataType, Error, Handle, Library, Mismatch, Scaling,
    TensorDescriptor, TensorFormat, Workspace,
};
use cudnn_reference::activation::{self as ref_act, ActivationKind};
use cudnn_reference::conv::{max_rel_error, Scalar};
use cudnn_reference::lrn as ref_lrn;
use cudnn_reference::pool::{self as ref_pool, PoolGeometry, PoolMode};
use cudnn_reference::softmax::{self as ref_softmax, SoftmaxAlgo};
use cudnn_reference::tensor_ops as ops_cpu;

const NCHW: TensorFormat = TensorFormat::NCHW;
const NHWC: TensorFormat = TensorFormat::NHWC;

fn tol<T: DataType>() -> f64 {
    common::gpu::tolerance::<T>(1e-5, 1e-2, 5e-2)
}

fn pooling<T: Scalar + DataType>() {
    let Gpu {
        stream: s,
        handle: h,
    } = gpu();
    let nchw = TensorFormat::NCHW;
    for (mode, rmode) in [
        (PoolingMode::MAX, PoolMode::Max),
        (PoolingMode::MAX_DETERMINISTIC, PoolMode::Max),
        (
            PoolingMode::AVERAGE_COUNT_INCLUDE_PADDING,
            PoolMode::AverageIncludePadding,
        ),
        (
            PoolingMode::AVERAGE_COUNT_EXCLUDE_PADDING,
            PoolMode::AverageExcludePadding,
        ),
    ] {
        for g in [
            PoolGeometry {
                batch: 2,
                channels: 3,
                input: vec![9, 8],
                window: vec![3, 3],
                padding: vec![1, 1],
                stride: vec![2, 2],
            },
            PoolGeometry {
                batch: 1,
                channels: 2,
                input: vec![6, 7, 5],
                window: vec![2, 3, 2],
                padding: vec![1, 1, 0],
                stride: vec![2, 2, 1],
            },
        ] {
            let pool =
                PoolingDescriptor::new(mode, &g.window, &g.padding, &g.stride).expect("pool");
            let xd = [vec![g.batch, g.channels], g.input.clone()].concat();
            let yd = [vec![g.batch, g.channels], g.output()].concat();
            let x_desc = TensorDescriptor::<T>::new(nchw, &xd).expect("x");
            let y_desc = TensorDescriptor::<T>::new(nchw, &yd).expect("y");
            let problem = PoolingProblem::with_output(pool, x_desc, y_desc).expect("problem");
            // Distinct values (a permutation) so that max pooling has no ties.
            let n = g.x_len();
            let x: Vec<f64> = (0..n).map(|i| ((i * 37) % n) as f64 / n as f64).collect();
            let x = rounded::<T>(&x);
            let dy = rounded::<T>(&wide_values(g.y_len(), 2));
            let xg = upload_flat::<T>(&s, &x);
            let mut yg = s.alloc_zeros::<T>(g.y_len()).expect("y");
            h.pooling_forward(&problem, &xg, &mut yg, Scaling::default())
                .expect("forward");
            let want = ref_pool::forward(&g, rmode, &x);
            let got = download_flat(&s, &yg);
            assert!(max_rel_error(&got, &want) < tol::<T>(), "{mode:?} forward");
            let dyg = upload_flat::<T>(&s, &dy);
            let mut dxg = s.alloc_zeros::<T>(n).expect("dx");
            h.pooling_backward(
                &problem,
                BackwardBuffers {
                    y: &yg,
                    dy: &dyg,
                    x: &xg,
                    dx: &mut dxg,
                },
                Scaling::default(),
            )
            .expect("backward");
            let want = ref_pool::backward(&g, rmode, &x, &got, &dy);
            assert!(
                max_rel_error(&download_flat(&s, &dxg), &want) < tol::<T>() * 4.0,
                "{mode:?} backward"
            );
        }
    }
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn pooling_f32() {
    pooling::<f32>();
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn pooling_f16() {
    pooling::<f16>();
}

fn activations<T: Scalar + DataType>() {
    let Gpu {
        stream: s,
        handle: h,
    } = gpu();
    let dims = [2, 3, 4, 5];
    let desc = || TensorDescriptor::<T>::new(TensorFormat::NCHW, &dims).expect("desc");
    let n: usize = dims.iter().product();
    // Away from the kinks at 0 and at the clipping ceiling.
    let x: Vec<f64> = wide_values(n, 3)
        .into_iter()
        .map(|v| if v.abs() < 0.05 { v + 0.2 } else { v })
        .collect();
    let x: Vec<f64> = rounded::<T>(
        &x.iter()
            .map(|&v| if (v - 1.5).abs() < 0.05 { v + 0.2 } else { v })
            .collect::<Vec<_>>(),
    );
    let dy = rounded::<T>(&wide_values(n, 4));
    for (mode, coef, kind) in [
        (ActivationMode::RELU, 0.0, ActivationKind::Relu),
        (ActivationMode::SIGMOID, 0.0, ActivationKind::Sigmoid),
        (ActivationMode::TANH, 0.0, ActivationKind::Tanh),
        (
            ActivationMode::CLIPPED_RELU,
            1.5,
            ActivationKind::ClippedRelu { ceiling: 1.5 },
        ),
        (ActivationMode::ELU, 1.2, ActivationKind::Elu { alpha: 1.2 }),
        (
            ActivationMode::SWISH,
            0.9,
            ActivationKind::Swish { beta: 0.9 },
        ),
    ] {
        let act = ActivationDescriptor::new(mode, coef).expect("activation");
        let problem = ActivationProblem::same_descriptor(act, desc());
        let xg = upload_flat::<T>(&s, &x);
        let mut yg = s.alloc_zeros::<T>(n).expect("y");
        h.activation_forward(&problem, &xg, &mut yg, Scaling::default())
            .expect("forward");
        let y = download_flat(&s, &yg);
        assert!(
            max_rel_error(&y, &ref_act::forward(kind, &x)) < tol::<T>() * 2.0,
            "{kind:?} forward"
        );
        let dyg = upload_flat::<T>(&s, &dy);
        let mut dxg = s.alloc_zeros::<T>(n).expect("dx");
        h.activation_backward(
            &problem,
            BackwardBuffers {
                y: &yg,
                dy: &dyg,
                x: &xg,
                dx: &mut dxg,
            },
            Scaling::default(),
        )
        .expect("backward");
        let want = ref_act::backward(kind, &x, &y, &dy);
        assert!(
            max_rel_error(&download_flat(&s, &dxg), &want) < tol::<T>() * 4.0,
            "{kind:?} backward"
        );

        // In place: forward into x's buffer, then backward into dy's.
        let mut xy = upload_flat::<T>(&s, &x);
        h.activation_forward_in_place(&problem, &mut xy, Scaling::default())
            .expect("in place");
        assert_eq!(download_flat(&s, &xy), y, "{kind:?} in place");
        let mut dy_dx = upload_flat::<T>(&s, &dy);
        h.activation_backward_in_place(
            &problem,
            InPlaceBackwardBuffers {
                y: &yg,
                x: &xg,
                dy_dx: &mut dy_dx,
            },
            Scaling::default(),
        )
        .expect("in place");
        assert!(
            max_rel_error(&download_flat(&s, &dy_dx), &want) < tol::<T>() * 4.0,
            "{kind:?} backward in place"
        );
    }
}

/// Needs no GPU (a descriptor only), so it runs with the host tests: swish's
/// beta is not `cudnnSetActivationDescriptor`'s `coef` (which cuDNN ignores
/// for swish) but a setting of its own, which `activations` relies on.
#[test]
fn swish_beta_reaches_cudnn() {
    let Some(lib) = common::lib() else { return };
    let act = ActivationDescriptor::new(ActivationMode::SWISH, 0.9).expect("swish");
    let mut beta = 0.0f64;
    raw!(
        lib,
        cudnnGetActivationDescriptorSwishBeta(act.as_raw(), &mut beta)
    )
    .expect("get beta");
    assert_eq!(beta, 0.9);
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn activations_f32() {
    activations::<f32>();
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn activations_f16() {
    activations::<f16>();
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn activations_bf16() {
    activations::<bf16>();
}

fn softmaxes<T: Scalar + DataType>() {
    let Gpu {
        stream: s,
        handle: h,
    } = gpu();
    let (n, c, hh, w) = (3, 6, 2, 4);
    let desc = || TensorDescriptor::<T>::new(TensorFormat::NCHW, &[n, c, hh, w]).expect("desc");
    let len = n * c * hh * w;
    let x = rounded::<T>(&wide_values(len, 5));
    let dy = rounded::<T>(&wide_values(len, 6));
    for (algo, ralgo) in [
        (SoftmaxAlgorithm::FAST, SoftmaxAlgo::Fast),
        (SoftmaxAlgorithm::ACCURATE, SoftmaxAlgo::Accurate),
        (SoftmaxAlgorithm::LOG, SoftmaxAlgo::Log),
    ] {
        for (mode, rmode) in [
            (SoftmaxMode::INSTANCE, ref_softmax::SoftmaxMode::Instance),
            (SoftmaxMode::CHANNEL, ref_softmax::SoftmaxMode::Channel),
        ] {
            let problem = SoftmaxProblem::same_descriptor(algo, mode, desc());
            let xg = upload_flat::<T>(&s, &x);
            let mut yg = s.alloc_zeros::<T>(len).expect("y");
            h.softmax_forward(&problem, &xg, &mut yg, Scaling::default())
                .expect("forward");
            let y = download_flat(&s, &yg);
            let want = ref_softmax::forward(ralgo, rmode, n, c, hh * w, &x);
            assert!(
                max_rel_error(&y, &want) < tol::<T>() * 2.0,
                "{ralgo:?} {rmode:?} forward"
            );
            let dyg = upload_flat::<T>(&s, &dy);
            let mut dxg = s.alloc_zeros::<T>(len).expect("dx");
            h.softmax_backward(
                &problem,
                SoftmaxBackwardBuffers {
                    y: &yg,
                    dy: &dyg,
                    dx: &mut dxg,
                },
                Scaling::default(),
            )
            .expect("backward");
            let want = ref_softmax::backward(ralgo, rmode, n, c, hh * w, &y, &dy);
            assert!(
                max_rel_error(&download_flat(&s, &dxg), &want) < tol::<T>() * 4.0,
                "{ralgo:?} {rmode:?} backward"
            );
        }
    }
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn softmax_f32() {
    softmaxes::<f32>();
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn softmax_f16() {
    softmaxes::<f16>();
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn lrn_f32() {
    let Gpu {
        stream: s,
        handle: h,
    } = gpu();
    let (n, c, hh, w) = (2, 7, 3, 3);
    let desc = || TensorDescriptor::<f32>::new(TensorFormat::NCHW, &[n, c, hh, w]).expect("desc");
    let len = n * c * hh * w;
    let x = rounded::<f32>(&wide_values(len, 7));
    let dy = rounded::<f32>(&wide_values(len, 8));
    for n_lrn in [3u32, 5] {
        let (alpha, beta, k) = (1e-2, 0.75, 2.0);
        let lrn = LrnDescriptor::new(n_lrn, alpha, beta, k).expect("lrn");
        let problem = LrnProblem::same_descriptor(lrn, desc());
        let xg = upload_flat::<f32>(&s, &x);
        let mut yg = s.alloc_zeros::<f32>(len).expect("y");
        h.lrn_cross_channel_forward(&problem, &xg, &mut yg, Scaling::new(1.0, 0.0))
            .expect("forward");
        let y = download_flat(&s, &yg);
        let want = ref_lrn::forward(n_lrn as usize, alpha, beta, k, n, c, hh * w, &x);
        assert!(max_rel_error(&y, &want) < 1e-5, "LRN {n_lrn} forward");
        let dyg = upload_flat::<f32>(&s, &dy);
        let mut dxg = s.alloc_zeros::<f32>(len).expect("dx");
        h.lrn_cross_channel_backward(
            &problem,
            BackwardBuffers {
                y: &yg,
                dy: &dyg,
                x: &xg,
                dx: &mut dxg,
            },
            Scaling::new(1.0, 0.0),
        )
        .expect("backward");
        let want = ref_lrn::backward(n_lrn as usize, alpha, beta, k, n, c, hh * w, &x, &y, &dy);
        assert!(
            max_rel_error(&download_flat(&s, &dxg), &want) < 1e-4,
            "LRN {n_lrn} backward"
        );
    }
}

fn tensor_op_tolerance<T: DataType>() -> f64 {
    common::gpu::tolerance::<T>(1e-4, 2e-2, 2e-2)
}

/// The mask a dropout output shows: which elements were kept.
fn mask(y: &[f64]) -> Vec<bool> {
    y.iter().map(|&v| v != 0.0).collect()
}

fn dropout_case<T: Scalar + DataType>(gpu: &Gpu) {
    let s = &gpu.stream;
    let h = &gpu.handle;
    let p = 0.25f32;
    let dims = [4usize, 8, 16, 16];
    let len: usize = dims.iter().product();
    let xd = TensorDescriptor::<T>::new(NCHW, &dims).expect("x");
    // Never zero, so that a zero in the output means dropped.
    let x = rounded::<T>(
        &values(len, 31)
            .iter()
            .map(|v| v.abs() + 0.5)
            .collect::<Vec<_>>(),
    );
    let xg = upload_flat::<T>(s, &x);
    let states = h.dropout_states_size().expect("states size");
    let reserve = DropoutDescriptor::reserve_space_size(&xd).expect("reserve size");
    // x, y, dx and dy all have x's descriptor.
    let problem = DropoutProblem::same_descriptor(xd).expect("problem");
    assert_eq!(problem.reserve_size(), reserve);
    let fresh = |seed: u64| {
        let st = s.alloc_zeros::<u8>(states).expect("states");
        DropoutDescriptor::new(h, p, seed, st).expect("dropout descriptor")
    };
    let forward = |desc: &mut DropoutDescriptor| -> (Vec<f64>, CudaSlice<u8>) {
        let mut yg = s.alloc_zeros::<T>(len).expect("y");
        let mut r = s.alloc_zeros::<u8>(reserve).expect("reserve");
        h.dropout_forward(desc, &problem, &xg, &mut yg, &mut r)
            .expect("dropout forward");
        (download_flat(s, &yg), r)
    };

    let mut first = fresh(42);
    assert_eq!(first.probability(), p);
    assert_eq!(first.seed(), 42);
    let saved_states = s.clone_dtod(first.states()).expect("copy states");
    let (y1, r1) = forward(&mut first);
    let m1 = mask(&y1);
    let kept = m1.iter().filter(|&&k| k).count() as f64 / len as f64;
    assert!(
        (kept - (1.0 - f64::from(p))).abs() < 0.03,
        "{}: kept fraction {kept}",
        T::NAME
    );
    let scale = 1.0 / (1.0 - f64::from(p));
    let kept_values: Vec<(f64, f64)> = y1
        .iter()
        .zip(&x)
        .filter(|(&y, _)| y != 0.0)
        .map(|(&y, &x)| (y, x * scale))
        .collect();
    let (got, want): (Vec<f64>, Vec<f64>) = kept_values.into_iter().unzip();
    let e = max_rel_error(&got, &want);
    assert!(
        e < tensor_op_tolerance::<T>() / 10.0,
        "{}: kept values error {e}",
        T::NAME
    );

    // The same seed gives the same mask; another seed another.
    let (y2, _) = forward(&mut fresh(42));
    assert_eq!(mask(&y2), m1, "{}: same seed, same mask", T::NAME);
    let (y3, _) = forward(&mut fresh(43));
    assert_ne!(mask(&y3), m1, "{}: another seed, another mask", T::NAME);
    // Restoring the states saved before the first forward replays it.
    let mut restored = DropoutDescriptor::restore(h, p, 42, saved_states).expect("restore");
    let (y4, _) = forward(&mut restored);
    assert_eq!(mask(&y4), m1, "{}: restored states, same mask", T::NAME);
    // Whether the states advance: a second forward with the first
    // descriptor.
    let (y5, _) = forward(&mut first);
    eprintln!(
        "{}: a second forward with the same descriptor gives {} mask",
        T::NAME,
        if mask(&y5) == m1 {
            "the same"
        } else {
            "another"
        }
    );

    // Backward routes the gradient through the first forward's mask.
    let dy = rounded::<T>(&values(len, 32));
    let dyg = upload_flat::<T>(s, &dy);
    let mut dxg = s.alloc_zeros::<T>(len).expect("dx");
    h.dropout_backward(&first, &problem, &dyg, &mut dxg, &r1)
        .expect("dropout backward");
    let want: Vec<f64> = dy
        .iter()
        .zip(&m1)
        .map(|(&d, &k)| if k { d * scale } else { 0.0 })
        .collect();
    let got = download_flat(s, &dxg);
    let e = max_rel_error(&got, &want);
    assert!(
        e < tensor_op_tolerance::<T>() / 10.0,
        "{}: dx error {e}",
        T::NAME
    );

    // Probability 0 keeps everything unchanged.
    let st = s.alloc_zeros::<u8>(states).expect("states");
    let mut none = DropoutDescriptor::new(h, 0.0, 7, st).expect("p = 0");
    let (y0, _) = forward(&mut none);
    assert_eq!(max_rel_error(&y0, &x), 0.0, "{}: p = 0", T::NAME);
    let _ = none.into_states();
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn dropout_masks_are_reproducible_f32() {
    dropout_case::<f32>(&gpu());
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn dropout_masks_are_reproducible_f16() {
    dropout_case::<f16>(&gpu());
}

fn cpu_op(op: OpTensorOp) -> ops_cpu::OpTensorOp {
    match op {
        OpTensorOp::ADD => ops_cpu::OpTensorOp::Add,
        OpTensorOp::MUL => ops_cpu::OpTensorOp::Mul,
        OpTensorOp::MIN => ops_cpu::OpTensorOp::Min,
        OpTensorOp::MAX => ops_cpu::OpTensorOp::Max,
        OpTensorOp::SQRT => ops_cpu::OpTensorOp::Sqrt,
        _ => ops_cpu::OpTensorOp::Not,
    }
}

/// Every element-wise operation with `b` broadcast, blending into a prior
/// `c`, data in T.
fn op_tensor_case<T: Scalar + DataType<Scale = f32>>(gpu: &Gpu) {
    let s = &gpu.stream;
    let h = &gpu.handle;
    let dims = [2usize, 3, 4, 5];
    let len = 120;
    for b_dims in [[1usize, 3, 1, 1], [2, 3, 4, 5], [1, 1, 4, 1]] {
        let b_len: usize = b_dims.iter().product();
        for op in [
            OpTensorOp::ADD,
            OpTensorOp::MUL,
            OpTensorOp::MIN,
            OpTensorOp::MAX,
            OpTensorOp::SQRT,
            OpTensorOp::NOT,
        ] {
            let unary = matches!(op, OpTensorOp::SQRT | OpTensorOp::NOT);
            let a: Vec<f64> = values(len, 41)
                .iter()
                .map(|&v| if unary { v.abs() } else { v })
                .collect();
            let a = rounded::<T>(&a);
            let b = rounded::<T>(&values(b_len, 42));
            let c0 = rounded::<T>(&values(len, 43));
            let (alpha1, alpha2, beta) = (0.5f32, 2.0f32, 0.25f32);
            let desc = OpTensorDescriptor::<f32>::new(op).expect("op");
            let ad = TensorDescriptor::<T>::new(NCHW, &dims).expect("a");
            let bd = TensorDescriptor::<T>::new(NCHW, &b_dims).expect("b");
            // c has a's descriptor.
            let cd = TensorDescriptor::<T>::new(NCHW, &dims).expect("c");
            let problem = OpTensorProblem::new(desc, ad, bd, cd).expect("problem");
            let ag = upload_flat::<T>(s, &a);
            let bg = upload_flat::<T>(s, &b);
            let mut cg = upload_flat::<T>(s, &c0);
            let scaling = OpTensorScaling {
                alpha_a: alpha1,
                alpha_b: alpha2,
                beta,
            };
            h.op_tensor(&problem, &ag, &bg, &mut cg, scaling)
                .unwrap_or_else(|e| panic!("op {}: {e}", op.0));
            let want = ops_cpu::op_tensor(
                cpu_op(op),
                &dims,
                f64::from(alpha1),
                &a,
                f64::from(alpha2),
                &b_dims,
                &b,
                f64::from(beta),
                &c0,
            );
            let e = max_rel_error(&download_flat(s, &cg), &want);
            assert!(
                e < tensor_op_tolerance::<T>() / 5.0,
                "{} op {} b {b_dims:?}: error {e}",
                T::NAME,
                op.0
            );
        }
    }
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn op_tensor_every_op_f32_f16() {
    let gpu = gpu();
    op_tensor_case::<f32>(&gpu);
    op_tensor_case::<f16>(&gpu);
}

/// `set_tensor` of `value` on a `T` tensor, read back: `Ok(elements)` or
/// cuDNN's error, as text.
fn set_one<T: DataType + cudnn::cudarc::driver::DeviceRepr + Default + Clone>(
    gpu: &Gpu,
    value: T,
) -> Result<Vec<T>, String> {
    let s = &gpu.stream;
    let d = TensorDescriptor::<T>::new(NCHW, &[2, 4, 3, 5]).map_err(|e| e.to_string())?;
    let mut y = s.alloc_zeros::<T>(120).map_err(|e| e.to_string())?;
    gpu.handle
        .set_tensor(&d, &mut y, value)
        .map_err(|e| e.to_string())?;
    s.clone_dtoh(&y).map_err(|e| e.to_string())
}

/// Every element type through `set_tensor`: cuDNN reads the value in the
/// scaling type, which the wrapper converts to.
#[test]
#[ignore = "needs a CUDA GPU"]
fn set_tensor_every_type() {
    use cudnn::half::bf16;
    let gpu = gpu();
    let mut report = Vec::new();
    // cuDNN 9.14 and 9.19 answer NOT_SUPPORTED for u8 and i32 tensors: that
    // status, or the value, is right for them; a wrong value never is.
    let mut check = |name: &str, got: Result<Vec<f64>, String>, want: f64| match got {
        Ok(v) if v.iter().all(|&x| x == want) => {}
        Ok(v) => report.push(format!("{name}: want {want}, got {:?}", &v[..4])),
        Err(e) if matches!(name, "u8" | "i32") && e.contains("CUDNN_STATUS_NOT_SUPPORTED") => {}
        Err(e) => report.push(format!("{name}: {e}")),
    };
    let widen = |r: Result<Vec<f32>, String>| r.map(|v| v.into_iter().map(f64::from).collect());
    check("f32", widen(set_one(&gpu, -1.25f32)), -1.25);
    check("f64", set_one(&gpu, 3.5f64), 3.5);
    check(
        "f16",
        set_one(&gpu, f16::from_f32(-2.5)).map(|v| v.iter().map(|x| x.to_f64()).collect()),
        -2.5,
    );
    check(
        "bf16",
        set_one(&gpu, bf16::from_f32(0.75)).map(|v| v.iter().map(|x| x.to_f64()).collect()),
        0.75,
    );
    check(
        "i8",
        set_one(&gpu, -3i8).map(|v| v.into_iter().map(f64::from).collect()),
        -3.0,
    );
    check(
        "u8",
        set_one(&gpu, 200u8).map(|v| v.into_iter().map(f64::from).collect()),
        200.0,
    );
    check(
        "i32",
        set_one(&gpu, 70_000i32).map(|v| v.into_iter().map(f64::from).collect()),
        70_000.0,
    );
    assert!(report.is_empty(), "set_tensor:\n{}", report.join("\n"));
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn add_scale_set_and_transform() {
    let gpu = gpu();
    let s = &gpu.stream;
    let h = &gpu.handle;
    let dims = [2usize, 3, 4, 5];
    let len = 120;
    let cd = TensorDescriptor::<f32>::new(NCHW, &dims).expect("c");
    let bias_dims = [1usize, 3, 1, 1];
    let bias_d = TensorDescriptor::<f32>::new(NCHW, &bias_dims).expect("bias");
    let bias = values(3, 51);
    let c0 = rounded::<f32>(&values(len, 52));
    let bg = upload_flat::<f32>(s, &bias);
    let mut cg = upload_flat::<f32>(s, &c0);
    h.add_tensor(&bias_d, &bg, &cd, &mut cg, Scaling::new(1.5, 0.5))
        .expect("add");
    let want = ops_cpu::add_tensor(1.5, &bias_dims, &bias, 0.5, &dims, &c0);
    assert!(
        max_rel_error(&download_flat(s, &cg), &want) < 1e-5,
        "add_tensor"
    );

    h.scale_tensor(&cd, &mut cg, -3.0).expect("scale");
    let want = ops_cpu::scale(-3.0, &want);
    assert!(
        max_rel_error(&download_flat(s, &cg), &want) < 1e-5,
        "scale_tensor"
    );

    h.set_tensor(&cd, &mut cg, 0.75f32).expect("set");
    assert_eq!(download_flat(s, &cg), ops_cpu::set::<f64>(len, 0.75));
    let hd = TensorDescriptor::<f16>::new(NHWC, &dims).expect("f16");
    let mut hg = s.alloc_zeros::<f16>(len).expect("f16 buffer");
    h.set_tensor(&hd, &mut hg, f16::from_f32(-2.5))
        .expect("set f16");
    assert_eq!(download_flat(s, &hg), vec![-2.5; len]);

    // NCHW f32 to NHWC f32, blending, and to NHWC f16.
    let x = rounded::<f32>(&values(len, 53));
    let y0 = rounded::<f32>(&values(len, 54));
    let xg = upload_flat::<f32>(s, &x);
    let yd = TensorDescriptor::<f32>::new(NHWC, &dims).expect("y");
    let mut yg = upload_flat::<f32>(s, &y0);
    h.transform_tensor(&cd, &xg, &yd, &mut yg, Scaling::new(2.0, 0.5))
        .expect("transform");
    let want = ops_cpu::transform(
        ops_cpu::Layout::ChannelsFirst,
        ops_cpu::Layout::ChannelsLast,
        2,
        3,
        &[4, 5],
        2.0,
        &x,
        0.5,
        &y0,
    );
    assert!(
        max_rel_error(&download_flat(s, &yg), &want) < 1e-5,
        "transform"
    );
    h.transform_tensor(&cd, &xg, &hd, &mut hg, Scaling::new(1.0, 0.0))
        .expect("transform to f16");
    let want = ops_cpu::transform(
        ops_cpu::Layout::ChannelsFirst,
        ops_cpu::Layout::ChannelsLast,
        2,
        3,
        &[4, 5],
        1.0,
        &x,
        0.0,
        &vec![0.0; len],
    );
    assert!(
        max_rel_error(&download_flat(s, &hg), &want) < 1e-3,
        "transform to f16"
    );
}

fn cpu_reduce(op: ReduceTensorOp) -> ops_cpu::ReduceOp {
    match op {
        ReduceTensorOp::ADD => ops_cpu::ReduceOp::Add,
        ReduceTensorOp::MUL => ops_cpu::ReduceOp::Mul,
        ReduceTensorOp::MIN => ops_cpu::ReduceOp::Min,
        ReduceTensorOp::MAX => ops_cpu::ReduceOp::Max,
        ReduceTensorOp::AMAX => ops_cpu::ReduceOp::Amax,
        ReduceTensorOp::AVG => ops_cpu::ReduceOp::Avg,
        ReduceTensorOp::NORM1 => ops_cpu::ReduceOp::Norm1,
        ReduceTensorOp::NORM2 => ops_cpu::ReduceOp::Norm2,
        _ => ops_cpu::ReduceOp::MulNoZeros,
    }
}

/// For each element of a reduction's output `c_dims`, the flat indices of
/// the elements of `a_dims` reduced into it, in row-major order: position
/// `k` is the relative, flattened index cuDNN reports.
fn blocks_of(a_dims: &[usize], c_dims: &[usize]) -> Vec<Vec<usize>> {
    let mut blocks = vec![Vec::new(); c_dims.iter().product()];
    let a_len: usize = a_dims.iter().product();
    for i in 0..a_len {
        let (mut rest, mut ci, mut stride) = (i, 0, 1);
        for d in (0..a_dims.len()).rev() {
            let k = rest % a_dims[d];
            rest /= a_dims[d];
            if c_dims[d] != 1 {
                ci += k * stride;
            }
            stride *= c_dims[d];
        }
        blocks[ci].push(i);
    }
    blocks
}

/// Every reduction over several sets of reduced dimensions, with indices
/// where cuDNN computes them, data in T.
fn reduce_case<T: Scalar + DataType<Scale = f32>>(gpu: &Gpu) {
    let s = &gpu.stream;
    let h = &gpu.handle;
    let a_dims = [2usize, 3, 4, 5];
    let a = rounded::<T>(&values(120, 61));
    let ad = || TensorDescriptor::<T>::new(NCHW, &a_dims).expect("a");
    let ag = upload_flat::<T>(s, &a);
    let mut ws = Workspace::new();
    // A reduction of nothing is refused before any GPU work (when its
    // problem is built).
    {
        let desc = ReduceTensorDescriptor::<f32>::new(
            ReduceTensorOp::ADD,
            ReduceTensorIndices::NO_INDICES,
        )
        .expect("reduce");
        let e = ReduceTensorProblem::new(desc, ad(), ad()).expect_err("a reduction of nothing");
        assert!(
            matches!(
                e,
                Error::InvalidArgument {
                    mismatch: Mismatch::Unsupported { .. },
                    ..
                }
            ),
            "{e}"
        );
    }
    for c_dims in [[1usize, 3, 1, 1], [2, 1, 4, 1], [1, 1, 1, 1], [2, 1, 1, 5]] {
        let c_len: usize = c_dims.iter().product();
        for op in [
            ReduceTensorOp::ADD,
            ReduceTensorOp::MUL,
            ReduceTensorOp::MIN,
            ReduceTensorOp::MAX,
            ReduceTensorOp::AMAX,
            ReduceTensorOp::AVG,
            ReduceTensorOp::NORM1,
            ReduceTensorOp::NORM2,
            ReduceTensorOp::MUL_NO_ZEROS,
        ] {
            let with_indices = matches!(
                op,
                ReduceTensorOp::MIN | ReduceTensorOp::MAX | ReduceTensorOp::AMAX
            );
            let indices_mode = if with_indices {
                ReduceTensorIndices::FLATTENED_INDICES
            } else {
                ReduceTensorIndices::NO_INDICES
            };
            let desc = ReduceTensorDescriptor::<f32>::new(op, indices_mode).expect("reduce");
            let cd = TensorDescriptor::<T>::new(NCHW, &c_dims).expect("c");
            let problem = ReduceTensorProblem::new(desc, ad(), cd).expect("problem");
            let mut cg = s.alloc_zeros::<T>(c_len).expect("c");
            let mut indices = with_indices.then(|| s.alloc_zeros::<u32>(c_len).expect("indices"));
            let label = format!("{} reduce {} into {c_dims:?}", T::NAME, op.0);
            h.reduce_tensor(
                &problem,
                &ag,
                &mut cg,
                indices.as_mut(),
                &mut ws,
                Scaling::new(1.0, 0.0),
            )
            .unwrap_or_else(|e| panic!("{label}: {e}"));
            let want = ops_cpu::reduce(cpu_reduce(op), &a_dims, &a, &c_dims);
            let e = max_rel_error(&download_flat(s, &cg), &want);
            assert!(e < tensor_op_tolerance::<T>(), "{label}: error {e}");
            if let Some(i) = &indices {
                let got = s.clone_dtoh(i).expect("indices");
                let want = ops_cpu::reduce_indices(cpu_reduce(op), &a_dims, &a, &c_dims);
                // Ties (more likely in f16) may pick another element of the
                // same value: compare the elements chosen, by the op's key.
                let key = |v: f64| match op {
                    ReduceTensorOp::AMAX => v.abs(),
                    _ => v,
                };
                for (ci, block) in blocks_of(&a_dims, &c_dims).iter().enumerate() {
                    let (g, w) = (got[ci] as usize, want[ci] as usize);
                    assert!(g < block.len(), "{label}: index {g} of {}", block.len());
                    assert_eq!(
                        key(a[block[g]]),
                        key(a[block[w]]),
                        "{label}: element {ci} chose index {g}, the reference {w}"
                    );
                }
            }
        }
    }
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn reductions_f32() {
    reduce_case::<f32>(&gpu());
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn reductions_f16() {
    reduce_case::<f16>(&gpu());
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn launch_checks_run_before_the_gpu() {
    let gpu = gpu();
    let s = &gpu.stream;
    let h = &gpu.handle;
    // A dropout probability of 1 is refused before cuDNN sees it.
    let states = s
        .alloc_zeros::<u8>(h.dropout_states_size().expect("size"))
        .expect("states");
    let states_len = states.len();
    let returned = DropoutDescriptor::new(h, 1.0, 1, states).expect_err("p = 1");
    // The error hands the caller's states back.
    assert_eq!(returned.states.len(), states_len);
    let e = *returned.error;
    assert!(
        matches!(
            e,
            Error::InvalidArgument {
                mismatch: cudnn::Mismatch::BadValue { .. },
                ..
            }
        ),
        "{e}"
    );
    // Too few states.
    let e = DropoutDescriptor::new(h, 0.5, 1, s.alloc_zeros::<u8>(1).expect("1 byte"))
        .expect_err("states")
        .error;
    let e = *e;
    assert!(
        matches!(
            &e,
            Error::InvalidArgument {
                mismatch: cudnn::Mismatch::BufferTooShort {
                    buffer,
                    ..
                },
                ..
            } if buffer == "states"
        ),
        "{e}"
    );
    // A reduction asked for indices it does not compute.
    let desc =
        ReduceTensorDescriptor::<f32>::new(ReduceTensorOp::ADD, ReduceTensorIndices::NO_INDICES)
            .expect("add");
    let ad = TensorDescriptor::<f32>::new(NCHW, &[2, 3, 4, 5]).expect("a");
    let cd = TensorDescriptor::<f32>::new(NCHW, &[1, 3, 1, 1]).expect("c");
    let problem = ReduceTensorProblem::new(desc, ad, cd).expect("problem");
    let ag = s.alloc_zeros::<f32>(120).expect("a");
    let mut cg = s.alloc_zeros::<f32>(3).expect("c");
    let mut idx = s.alloc_zeros::<u32>(3).expect("indices");
    let e = h
        .reduce_tensor(
            &problem,
            &ag,
            &mut cg,
            Some(&mut idx),
            &mut Workspace::new(),
            Scaling::new(1.0, 0.0),
        )
        .expect_err("indices for add");
    assert!(
        matches!(
            e,
            Error::InvalidArgument {
                mismatch: cudnn::Mismatch::Unsupported { .. },
                ..
            }
        ),
        "{e}"
    );
}

/// A clone of a dropout descriptor has a copy of the states: it gives the
/// masks the original gives, each advancing its own states.
#[test]
#[ignore = "needs a CUDA GPU"]
fn dropout_try_clone_copies_the_states() {
    let gpu = gpu();
    let s = &gpu.stream;
    let h = &gpu.handle;
    let dims = [2usize, 4, 8, 8];
    let len: usize = dims.iter().product();
    let problem =
        DropoutProblem::same_descriptor(TensorDescriptor::<f32>::new(NCHW, &dims).expect("x"))
            .expect("problem");
    let xg = upload_flat::<f32>(s, &vec![1.0; len]);
    let states = s
        .alloc_zeros::<u8>(h.dropout_states_size().expect("size"))
        .expect("states");
    let mut first = DropoutDescriptor::new(h, 0.5, 9, states).expect("dropout");
    let mut clone = first.try_clone(h).expect("clone");
    assert_ne!(first.as_raw(), clone.as_raw(), "a descriptor of its own");
    // States of its own, as long as the original's.
    assert_eq!(clone.states().len(), first.states().len());
    assert_eq!((clone.probability(), clone.seed()), (0.5, 9));
    let forward = |desc: &mut DropoutDescriptor| {
        let mut yg = s.alloc_zeros::<f32>(len).expect("y");
        let mut r = s.alloc_zeros::<u8>(problem.reserve_size()).expect("r");
        h.dropout_forward(desc, &problem, &xg, &mut yg, &mut r)
            .expect("forward");
        mask(&download_flat(s, &yg))
    };
    let (a1, b1) = (forward(&mut first), forward(&mut clone));
    assert_eq!(a1, b1, "the clone's first mask is the original's");
    let (a2, b2) = (forward(&mut first), forward(&mut clone));
    assert_eq!(a2, b2, "and so is the next");
}

/// `c = op(a, b)` with one buffer for `a` and `c`, against the reference.
#[test]
#[ignore = "needs a CUDA GPU"]
fn op_tensor_in_place() {
    let gpu = gpu();
    let s = &gpu.stream;
    let h = &gpu.handle;
    let dims = [2usize, 3, 4, 5];
    let b_dims = [1usize, 3, 1, 1];
    let a = rounded::<f32>(&values(120, 71));
    let b = rounded::<f32>(&values(3, 72));
    for op in [OpTensorOp::ADD, OpTensorOp::MUL] {
        let problem = OpTensorProblem::new(
            OpTensorDescriptor::<f32>::new(op).expect("op"),
            TensorDescriptor::<f32>::new(NHWC, &dims).expect("a"),
            TensorDescriptor::<f32>::new(NCHW, &b_dims).expect("b"),
            TensorDescriptor::<f32>::new(NHWC, &dims).expect("c"),
        )
        .expect("problem");
        let bg = upload_flat::<f32>(s, &b);
        // a (and c) laid out NHWC, b NCHW.
        let mut acg = upload::<f32>(s, &a, &dims, NHWC);
        let scaling = OpTensorScaling {
            alpha_a: 0.5,
            alpha_b: 2.0,
            beta: 0.25,
        };
        h.op_tensor_in_place(&problem, &bg, &mut acg, scaling)
            .unwrap_or_else(|e| panic!("op {}: {e}", op.0));
        let want = ops_cpu::op_tensor(cpu_op(op), &dims, 0.5, &a, 2.0, &b_dims, &b, 0.25, &a);
        let e = max_rel_error(&download(s, &acg, &dims, NHWC), &want);
        assert!(e < 1e-5, "op {} in place: error {e}", op.0);
    }
}

/// Every op-tensor, reduction and dropout launch checks that its descriptors were made
/// by the handle's library.
#[test]
#[ignore = "needs a CUDA GPU"]
fn op_descriptors_of_another_loaded_library_are_refused() {
    let gpu = gpu();
    let s = &gpu.stream;
    let h = &gpu.handle;
    let other = second_library();
    let dims = [2usize, 3, 4, 5];
    let new_in = |lib: &Arc<Library>| {
        TensorDescriptor::<f32>::new_in(Arc::clone(lib), NCHW, &dims).expect("desc")
    };
    let main = cudnn::library().expect("library");

    let xg = s.alloc_zeros::<f32>(120).expect("x");
    let mut yg = s.alloc_zeros::<f32>(120).expect("y");

    // Op-tensor: the operation of the other library.
    let op = OpTensorDescriptor::<f32>::new_in(
        Arc::clone(&other),
        OpTensorOp::ADD,
        cudnn::NanPropagation::NOT_PROPAGATE_NAN,
    )
    .expect("op");
    let problem =
        OpTensorProblem::new(op, new_in(&main), new_in(&main), new_in(&main)).expect("problem");
    let mut cg = s.alloc_zeros::<f32>(120).expect("c");
    assert_other_library(
        h.op_tensor(&problem, &xg, &xg, &mut cg, Scaling::default()),
        "op",
    );

    // Reduction: the reduction of the other library.
    let reduce = ReduceTensorDescriptor::<f32>::new_in(
        Arc::clone(&other),
        ReduceTensorOp::ADD,
        cudnn::NanPropagation::NOT_PROPAGATE_NAN,
        ReduceTensorIndices::NO_INDICES,
    )
    .expect("reduce");
    let cd = TensorDescriptor::<f32>::new(NCHW, &[1, 3, 1, 1]).expect("c");
    let problem = ReduceTensorProblem::new(reduce, new_in(&main), cd).expect("problem");
    let mut rg = s.alloc_zeros::<f32>(3).expect("c");
    assert_other_library(
        h.reduce_tensor(
            &problem,
            &xg,
            &mut rg,
            None,
            &mut Workspace::new(),
            Scaling::default(),
        ),
        "reduce",
    );
    assert_other_library(h.reduction_workspace_size(&problem).map(|_| ()), "reduce");

    // Dropout: a descriptor made through a handle of the other library.
    let other_handle = Handle::new_in(Arc::clone(&other), Arc::clone(s)).expect("handle");
    let states = s
        .alloc_zeros::<u8>(other_handle.dropout_states_size().expect("size"))
        .expect("states");
    let mut dropout = DropoutDescriptor::new(&other_handle, 0.5, 1, states).expect("dropout");
    let problem = DropoutProblem::same_descriptor(new_in(&main)).expect("problem");
    let mut r = s.alloc_zeros::<u8>(problem.reserve_size()).expect("r");
    assert_other_library(
        h.dropout_forward(&mut dropout, &problem, &xg, &mut yg, &mut r),
        "dropout",
    );
    assert_other_library(dropout.try_clone(h).map(|_| ()), "dropout");
}
