//! Batch normalization, dropout and tensor operations on a GPU against the
//! CPU references: every mode of batch normalization forward (training and
//! inference) and backward, the fused `Ex` variants, dropout's masks and
//! their reproducibility, and every element-wise operation and reduction,
//! in f32 and f16.
//!
//! All `#[ignore = "needs a CUDA GPU"]`; `scripts/gpu-test.sh` runs them.

mod common;

use common::gpu::{
    download, download_flat, gpu, not_supported, rounded, upload, upload_flat, values, Gpu,
};
use std::sync::Arc;

use cudnn::cudarc::driver::CudaSlice;
use cudnn::half::f16;
use cudnn::norm::{
    BnBackwardArgs, BnBackwardExArgs, BnBackwardScaling, BnInferenceArgs, BnRunningStats,
    BnSavedStats, BnSavedStatsMut, BnTrainingArgs, BnTrainingExArgs,
};
use cudnn::{
    ActivationDescriptor, ActivationMode, BatchNormMode, BatchNormOps, BatchNormProblem, BnParam,
    DataType, DeviceBuffer, DeviceBufferMut, DropoutDescriptor, DropoutProblem, Error, Handle,
    Library, Mismatch, OpTensorDescriptor, OpTensorOp, OpTensorProblem, OpTensorScaling,
    ReduceTensorDescriptor, ReduceTensorIndices, ReduceTensorOp, ReduceTensorProblem, Scaling,
    TensorDescriptor, TensorFormat, Workspace,
};
use cudnn_reference::batchnorm as bn_cpu;
use cudnn_reference::conv::{max_rel_error as err, Scalar};
use cudnn_reference::tensor_ops as ops_cpu;

const NCHW: TensorFormat = TensorFormat::NCHW;
const NHWC: TensorFormat = TensorFormat::NHWC;

fn tolerance<T: DataType>() -> f64 {
    common::gpu::tolerance::<T>(1e-4, 2e-2, 2e-2)
}

fn cpu_mode(mode: BatchNormMode) -> bn_cpu::BatchNormMode {
    if mode == BatchNormMode::PER_ACTIVATION {
        bn_cpu::BatchNormMode::PerActivation
    } else {
        bn_cpu::BatchNormMode::Spatial
    }
}

/// Training forward, inference and backward (with and without the saved
/// statistics) of one batch norm, against the reference.
fn batch_norm_case<T>(gpu: &Gpu, mode: BatchNormMode, format: TensorFormat, dims: &[usize])
where
    T: BnParam + Scalar,
    T::Param: Scalar,
{
    let s = &gpu.stream;
    let h = &gpu.handle;
    let label = format!("{} mode {} layout {} {dims:?}", T::NAME, mode.0, format.0);
    let (n, c) = (dims[0], dims[1]);
    let spatial: usize = dims[2..].iter().product();
    let len = n * c * spatial;
    let xd = TensorDescriptor::<T>::new(format, dims).expect("x desc");
    let yd = TensorDescriptor::<T>::new(format, dims).expect("y desc");
    let (eps, factor) = (1e-4, 0.3);
    // The parameter descriptor is the one cuDNN derives.
    let problem = BatchNormProblem::new(mode, xd, yd, eps).expect("problem");
    let plen = problem.param_len();

    // Inputs away from zero mean, so that the normalization does work.
    let x: Vec<f64> = rounded::<T>(
        &values(len, 11)
            .iter()
            .map(|v| 2.0 * v + 0.5)
            .collect::<Vec<_>>(),
    );
    let scale = values(plen, 12);
    let bias = values(plen, 13);
    let rm0 = values(plen, 14);
    let rv0: Vec<f64> = values(plen, 15).iter().map(|v| v.abs() + 0.5).collect();
    let dy = rounded::<T>(&values(len, 16));
    let scale = rounded::<T::Param>(&scale);
    let bias = rounded::<T::Param>(&bias);
    let rm0 = rounded::<T::Param>(&rm0);
    let rv0 = rounded::<T::Param>(&rv0);

    let want = bn_cpu::training_forward(
        cpu_mode(mode),
        n,
        c,
        spatial,
        eps,
        factor,
        &x,
        &scale,
        &bias,
        &rm0,
        &rv0,
    );

    let xg = upload::<T>(s, &x, dims, format);
    let mut yg = s.alloc_zeros::<T>(len).expect("y");
    let sg = upload_flat::<T::Param>(s, &scale);
    let bg = upload_flat::<T::Param>(s, &bias);
    let mut rmg = upload_flat::<T::Param>(s, &rm0);
    let mut rvg = upload_flat::<T::Param>(s, &rv0);
    let mut smg = s.alloc_zeros::<T::Param>(plen).expect("saved mean");
    let mut svg = s.alloc_zeros::<T::Param>(plen).expect("saved inv var");
    // alpha 1, beta 0.
    h.batch_norm_forward_training(
        &problem,
        BnTrainingArgs {
            x: &xg,
            y: &mut yg,
            scale: &sg,
            bias: &bg,
            exponential_average_factor: factor,
            running: Some(BnRunningStats {
                mean: &mut rmg,
                var: &mut rvg,
            }),
            saved: Some(BnSavedStatsMut {
                mean: &mut smg,
                inv_var: &mut svg,
            }),
        },
        Scaling::default(),
    )
    .unwrap_or_else(|e| panic!("{label}: training: {e}"));
    let tol = tolerance::<T>();
    let pt = 1e-3; // parameters are f32 or f64 whatever the data
    let e = err(&download(s, &yg, dims, format), &want.y);
    assert!(e < tol, "{label}: y error {e}");
    let e = err(&download_flat(s, &rmg), &want.running_mean);
    assert!(e < pt, "{label}: running mean error {e}");
    let e = err(&download_flat(s, &rvg), &want.running_var);
    assert!(e < pt, "{label}: running var error {e}");
    let e = err(&download_flat(s, &smg), &want.saved_mean);
    assert!(e < pt, "{label}: saved mean error {e}");
    let e = err(&download_flat(s, &svg), &want.saved_inv_std);
    assert!(e < pt * 10.0, "{label}: saved inv std error {e}");

    // Inference with the updated running statistics.
    let inf = bn_cpu::inference_forward(
        cpu_mode(mode),
        n,
        c,
        spatial,
        eps,
        &x,
        &scale,
        &bias,
        &download_flat(s, &rmg),
        &download_flat(s, &rvg),
    );
    if mode != BatchNormMode::SPATIAL_PERSISTENT {
        h.batch_norm_forward_inference(
            &problem,
            BnInferenceArgs {
                x: &xg,
                y: &mut yg,
                scale: &sg,
                bias: &bg,
                estimated_mean: &rmg,
                estimated_var: &rvg,
            },
            Scaling::default(),
        )
        .unwrap_or_else(|e| panic!("{label}: inference: {e}"));
        let e = err(&download(s, &yg, dims, format), &inf);
        assert!(e < tol, "{label}: inference error {e}");
    }

    // Backward, with the saved statistics and recomputing them (not in
    // SPATIAL_PERSISTENT mode, whose backward pass cuDNN documents as
    // needing the saved statistics: savedMean and savedInvVariance "should
    // not be NULL").
    let dyg = upload::<T>(s, &dy, dims, format);
    let persistent = mode == BatchNormMode::SPATIAL_PERSISTENT;
    for use_saved in [true, false] {
        if persistent && !use_saved {
            continue;
        }
        let saved_host = (download_flat(s, &smg), download_flat(s, &svg));
        let want = bn_cpu::backward(
            cpu_mode(mode),
            n,
            c,
            spatial,
            eps,
            &x,
            &dy,
            &scale,
            use_saved.then_some((&saved_host.0[..], &saved_host.1[..])),
        );
        let mut dxg = s.alloc_zeros::<T>(len).expect("dx");
        let mut dsg = s.alloc_zeros::<T::Param>(plen).expect("dscale");
        let mut dbg = s.alloc_zeros::<T::Param>(plen).expect("dbias");
        // alpha 1, beta 0 for the data and the parameters.
        h.batch_norm_backward(
            &problem,
            BnBackwardArgs {
                x: &xg,
                dy: &dyg,
                dx: &mut dxg,
                scale: &sg,
                d_scale: &mut dsg,
                d_bias: &mut dbg,
                saved: use_saved.then_some(BnSavedStats {
                    mean: &smg,
                    inv_var: &svg,
                }),
            },
            BnBackwardScaling::default(),
        )
        .unwrap_or_else(|e| panic!("{label}: backward: {e}"));
        let e = err(&download(s, &dxg, dims, format), &want.dx);
        assert!(e < tol * 10.0, "{label} saved {use_saved}: dx error {e}");
        let e = err(&download_flat(s, &dsg), &want.dscale);
        assert!(
            e < tol * 10.0,
            "{label} saved {use_saved}: dscale error {e}"
        );
        let e = err(&download_flat(s, &dbg), &want.dbias);
        assert!(e < tol * 10.0, "{label} saved {use_saved}: dbias error {e}");
    }
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn batch_norm_f32_every_mode_and_layout() {
    let gpu = gpu();
    for mode in [
        BatchNormMode::SPATIAL,
        BatchNormMode::PER_ACTIVATION,
        BatchNormMode::SPATIAL_PERSISTENT,
    ] {
        for format in [NCHW, NHWC] {
            batch_norm_case::<f32>(&gpu, mode, format, &[4, 6, 5, 7]);
            batch_norm_case::<f32>(&gpu, mode, format, &[2, 4, 3, 4, 5]);
        }
    }
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn batch_norm_f16() {
    let gpu = gpu();
    for mode in [
        BatchNormMode::SPATIAL,
        BatchNormMode::PER_ACTIVATION,
        BatchNormMode::SPATIAL_PERSISTENT,
    ] {
        for format in [NCHW, NHWC] {
            batch_norm_case::<f16>(&gpu, mode, format, &[4, 8, 5, 7]);
        }
    }
}

/// The `Ex` launches: plain batch norm in f32, then ReLU and residual-add
/// fusion where cuDNN supports them (NHWC f16, spatial persistent).
#[test]
#[ignore = "needs a CUDA GPU"]
fn batch_norm_ex_plain_and_fused() {
    let gpu = gpu();
    let s = &gpu.stream;
    let h = &gpu.handle;
    for (ops, fused) in [
        (BatchNormOps::BN, false),
        (BatchNormOps::BN_ACTIVATION, true),
        (BatchNormOps::BN_ADD_ACTIVATION, true),
    ] {
        let add = ops == BatchNormOps::BN_ADD_ACTIVATION;
        let (format, mode) = if fused {
            (NHWC, BatchNormMode::SPATIAL_PERSISTENT)
        } else {
            (NCHW, BatchNormMode::SPATIAL)
        };
        let dims = [4usize, 8, 6, 6];
        let (n, c, spatial) = (4, 8, 36);
        let len = n * c * spatial;
        let xd = TensorDescriptor::<f16>::new(format, &dims).expect("x");
        // y, dy, z and dz share y's descriptor, x's layout here.
        let yd = TensorDescriptor::<f16>::new(format, &dims).expect("y");
        let relu = ActivationDescriptor::new(ActivationMode::RELU, 0.0).expect("relu");
        let act = fused.then_some(relu);
        let eps = 1e-4;
        let mut problem = BatchNormProblem::new(mode, xd, yd, eps).expect("problem");
        problem.set_ops(ops, act).expect("ops");
        let x = rounded::<f16>(&values(len, 21));
        let z = rounded::<f16>(&values(len, 22));
        let dy = rounded::<f16>(&values(len, 23));
        let scale = values(c, 24);
        let bias = values(c, 25);
        let xg = upload::<f16>(s, &x, &dims, format);
        let zg = upload::<f16>(s, &z, &dims, format);
        let dyg = upload::<f16>(s, &dy, &dims, format);
        let sg = upload_flat::<f32>(s, &scale);
        let bg = upload_flat::<f32>(s, &bias);
        let mut yg = s.alloc_zeros::<f16>(len).expect("y");
        let mut rm = s.alloc_zeros::<f32>(c).expect("rm");
        let mut rv = s.alloc_zeros::<f32>(c).expect("rv");
        let mut sm = s.alloc_zeros::<f32>(c).expect("sm");
        let mut sv = s.alloc_zeros::<f32>(c).expect("sv");
        let mut ws = Workspace::new();
        let reserve_size = h
            .batch_norm_training_ex_reserve_size(&problem)
            .expect("reserve size");
        let mut reserve = (reserve_size > 0).then(|| s.alloc_zeros::<u8>(reserve_size).expect("r"));
        let label = format!("ops {} (reserve {reserve_size} bytes)", ops.0);
        let r = h.batch_norm_forward_training_ex(
            &problem,
            BnTrainingExArgs {
                x: &xg,
                z: add.then_some(&zg as &dyn DeviceBuffer<f16>),
                y: &mut yg,
                scale: &sg,
                bias: &bg,
                exponential_average_factor: 1.0,
                running: Some(BnRunningStats {
                    mean: &mut rm,
                    var: &mut rv,
                }),
                saved: Some(BnSavedStatsMut {
                    mean: &mut sm,
                    inv_var: &mut sv,
                }),
                reserve: reserve.as_mut().map(|r| r as &mut dyn DeviceBufferMut<u8>),
            },
            &mut ws,
            Scaling::new(1.0, 0.0),
        );
        match r {
            Ok(()) => {}
            Err(e) if fused && not_supported(&e) => {
                eprintln!("{label}: cuDNN does not fuse this configuration here: {e}");
                continue;
            }
            Err(e) => panic!("{label}: forward: {e}"),
        }
        let plain = bn_cpu::training_forward(
            bn_cpu::BatchNormMode::Spatial,
            n,
            c,
            spatial,
            eps,
            1.0,
            &x,
            &scale,
            &bias,
            &vec![0.0; c],
            &vec![0.0; c],
        );
        let pre: Vec<f64> = plain
            .y
            .iter()
            .zip(&z)
            .map(|(&y, &z)| if add { y + z } else { y })
            .collect();
        let want_y: Vec<f64> = pre
            .iter()
            .map(|&v| if fused { v.max(0.0) } else { v })
            .collect();
        let got_y = download(s, &yg, &dims, format);
        let e = err(&got_y, &want_y);
        assert!(e < 2e-2, "{label}: y error {e}");

        // Backward through the activation: the gradient flows where the
        // output is positive (the GPU's own output decides, so that values
        // rounded to 0 in f16 do not disagree with the reference).
        let gate: Vec<f64> = dy
            .iter()
            .zip(&got_y)
            .map(|(&d, &y)| if !fused || y > 0.0 { d } else { 0.0 })
            .collect();
        let want = bn_cpu::backward(
            bn_cpu::BatchNormMode::Spatial,
            n,
            c,
            spatial,
            eps,
            &x,
            &gate,
            &scale,
            Some((&plain.saved_mean, &plain.saved_inv_std)),
        );
        let mut dxg = s.alloc_zeros::<f16>(len).expect("dx");
        let mut dzg = s.alloc_zeros::<f16>(len).expect("dz");
        let mut dsg = s.alloc_zeros::<f32>(c).expect("ds");
        let mut dbg = s.alloc_zeros::<f32>(c).expect("db");
        h.batch_norm_backward_ex(
            &problem,
            BnBackwardExArgs {
                x: &xg,
                y: &yg,
                dy: &dyg,
                dz: add.then_some(&mut dzg as &mut dyn DeviceBufferMut<f16>),
                dx: &mut dxg,
                scale: &sg,
                bias: &bg,
                d_scale: &mut dsg,
                d_bias: &mut dbg,
                saved: Some(BnSavedStats {
                    mean: &sm,
                    inv_var: &sv,
                }),
                reserve: reserve.as_ref().map(|r| r as &dyn DeviceBuffer<u8>),
            },
            &mut ws,
            BnBackwardScaling {
                data: Scaling::new(1.0, 0.0),
                params: Scaling::new(1.0, 0.0),
            },
        )
        .unwrap_or_else(|e| panic!("{label}: backward: {e}"));
        let e = err(&download(s, &dxg, &dims, format), &want.dx);
        assert!(e < 5e-2, "{label}: dx error {e}");
        let e = err(&download_flat(s, &dsg), &want.dscale);
        assert!(e < 5e-2, "{label}: dscale error {e}");
        let e = err(&download_flat(s, &dbg), &want.dbias);
        assert!(e < 5e-2, "{label}: dbias error {e}");
        if add {
            let e = err(&download(s, &dzg, &dims, format), &gate);
            assert!(e < 1e-3, "{label}: dz error {e}");
        }
    }
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
    let e = err(&got, &want);
    assert!(
        e < tolerance::<T>() / 10.0,
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
    let e = err(&got, &want);
    assert!(e < tolerance::<T>() / 10.0, "{}: dx error {e}", T::NAME);

    // Probability 0 keeps everything unchanged.
    let st = s.alloc_zeros::<u8>(states).expect("states");
    let mut none = DropoutDescriptor::new(h, 0.0, 7, st).expect("p = 0");
    let (y0, _) = forward(&mut none);
    assert_eq!(err(&y0, &x), 0.0, "{}: p = 0", T::NAME);
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
            let e = err(&download_flat(s, &cg), &want);
            assert!(
                e < tolerance::<T>() / 5.0,
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
    assert!(err(&download_flat(s, &cg), &want) < 1e-5, "add_tensor");

    h.scale_tensor(&cd, &mut cg, -3.0).expect("scale");
    let want = ops_cpu::scale(-3.0, &want);
    assert!(err(&download_flat(s, &cg), &want) < 1e-5, "scale_tensor");

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
    assert!(err(&download_flat(s, &yg), &want) < 1e-5, "transform");
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
        err(&download_flat(s, &hg), &want) < 1e-3,
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
            let e = err(&download_flat(s, &cg), &want);
            assert!(e < tolerance::<T>(), "{label}: error {e}");
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
        let e = err(&download(s, &acg, &dims, NHWC), &want);
        assert!(e < 1e-5, "op {} in place: error {e}", op.0);
    }
}

/// Every launch of these families checks that its descriptors were made
/// by the handle's library.
#[test]
#[ignore = "needs a CUDA GPU"]
fn descriptors_of_another_loaded_library_are_refused() {
    let gpu = gpu();
    let s = &gpu.stream;
    let h = &gpu.handle;
    let other = Arc::new(Library::open(None).expect("a second copy of the library"));
    let refused = |r: Result<(), Error>, name: &str| match r {
        Err(Error::InvalidArgument {
            mismatch: Mismatch::OtherLibrary { descriptor, .. },
            ..
        }) if descriptor == name => {}
        other => panic!("{name}: expected OtherLibrary, got {other:?}"),
    };
    let dims = [2usize, 3, 4, 5];
    let new_in = |lib: &Arc<Library>| {
        TensorDescriptor::<f32>::new_in(Arc::clone(lib), NCHW, &dims).expect("desc")
    };
    let main = cudnn::library().expect("library");

    // Batch norm: x of the other library.
    let problem =
        BatchNormProblem::new(BatchNormMode::SPATIAL, new_in(&other), new_in(&main), 1e-5)
            .expect("problem");
    let xg = s.alloc_zeros::<f32>(120).expect("x");
    let mut yg = s.alloc_zeros::<f32>(120).expect("y");
    let pg = s.alloc_zeros::<f32>(3).expect("p");
    let args = BnInferenceArgs {
        x: &xg,
        y: &mut yg,
        scale: &pg,
        bias: &pg,
        estimated_mean: &pg,
        estimated_var: &pg,
    };
    refused(
        h.batch_norm_forward_inference(&problem, args, Scaling::default()),
        "x",
    );
    refused(
        h.batch_norm_training_ex_reserve_size(&problem).map(|_| ()),
        "x",
    );

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
    refused(
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
    refused(
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
    refused(h.reduction_workspace_size(&problem).map(|_| ()), "reduce");

    // Dropout: a descriptor made through a handle of the other library.
    let other_handle = Handle::new_in(Arc::clone(&other), Arc::clone(s)).expect("handle");
    let states = s
        .alloc_zeros::<u8>(other_handle.dropout_states_size().expect("size"))
        .expect("states");
    let mut dropout = DropoutDescriptor::new(&other_handle, 0.5, 1, states).expect("dropout");
    let problem = DropoutProblem::same_descriptor(new_in(&main)).expect("problem");
    let mut r = s.alloc_zeros::<u8>(problem.reserve_size()).expect("r");
    refused(
        h.dropout_forward(&mut dropout, &problem, &xg, &mut yg, &mut r),
        "dropout",
    );
    refused(dropout.try_clone(h).map(|_| ()), "dropout");
}
