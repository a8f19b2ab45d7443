//! `cudnn::norm` on a GPU against the CPU reference: every mode of batch
//! normalization forward (training and inference) and backward, and the
//! fused `Ex` variants, in f32 and f16.
//!
//! All `#[ignore = "needs a CUDA GPU"]`; `scripts/gpu-test.sh` runs them.

mod common;

use common::gpu::{
    assert_other_library, download, download_flat, gpu, not_supported, rounded, second_library,
    upload, upload_flat, values, Gpu,
};
use std::sync::Arc;

use cudnn::half::f16;
use cudnn::norm::{BatchNormMode, BatchNormOps, BatchNormProblem, BnParam};
use cudnn::norm::{
    BnBackwardArgs, BnBackwardExArgs, BnBackwardScaling, BnInferenceArgs, BnRunningStats,
    BnSavedStats, BnSavedStatsMut, BnTrainingArgs, BnTrainingExArgs,
};
use cudnn::{
    ActivationDescriptor, ActivationMode, DataType, DeviceBuffer, DeviceBufferMut, Library,
    Scaling, TensorDescriptor, TensorFormat, Workspace,
};
use cudnn_reference::batchnorm as bn_cpu;
use cudnn_reference::conv::{max_rel_error as err, Scalar};

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

/// Every batch-norm launch checks that its descriptors were made
/// by the handle's library.
#[test]
#[ignore = "needs a CUDA GPU"]
fn batch_norm_descriptors_of_another_loaded_library_are_refused() {
    let gpu = gpu();
    let s = &gpu.stream;
    let h = &gpu.handle;
    let other = second_library();
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
    assert_other_library(
        h.batch_norm_forward_inference(&problem, args, Scaling::default()),
        "x",
    );
    assert_other_library(
        h.batch_norm_training_ex_reserve_size(&problem).map(|_| ()),
        "x",
    );
}
