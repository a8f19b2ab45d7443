//! Pooling, activation, softmax and LRN on a GPU against the CPU
//! reference, forward and backward, f32 and f16/bf16 where cuDNN supports
//! them. All `#[ignore = "needs a CUDA GPU"]`; `scripts/gpu-test.sh` runs
//! them.

#![allow(clippy::macro_metavars_in_unsafe)]

mod common;

use common::raw;

use common::gpu::{download_flat, gpu, rounded, upload_flat, wide_values, Gpu};
use cudnn::half::{bf16, f16};
use cudnn::{
    ActivationDescriptor, ActivationMode, ActivationProblem, BackwardBuffers, DataType,
    InPlaceBackwardBuffers, LrnDescriptor, LrnProblem, PoolingDescriptor, PoolingMode,
    PoolingProblem, Scaling, SoftmaxAlgorithm, SoftmaxBackwardBuffers, SoftmaxMode, SoftmaxProblem,
    TensorDescriptor, TensorFormat,
};
use cudnn_reference::activation::{self as ref_act, ActivationKind};
use cudnn_reference::conv::{max_rel_error, Scalar};
use cudnn_reference::lrn as ref_lrn;
use cudnn_reference::pool::{self as ref_pool, PoolGeometry, PoolMode};
use cudnn_reference::softmax::{self as ref_softmax, SoftmaxAlgo};

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
