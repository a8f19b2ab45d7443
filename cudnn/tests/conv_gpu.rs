//! Convolution on a GPU against the CPU reference: every direction, f32,
//! f16 and bf16, NCHW and NHWC, shapes with groups, dilation, stride and
//! padding; every heuristic candidate; Find; the fused op; cache hits.
//!
//! All `#[ignore = "needs a CUDA GPU"]`; `scripts/gpu-test.sh` runs them.

mod common;

use std::sync::Arc;

use common::gpu::{download, download_flat, gpu, not_supported, rounded, upload, values, Gpu};
use cudnn::conv::{
    ConvBackwardDataArgs, ConvBackwardFilterArgs, ConvBiasActivationArgs, ConvBiasScaling,
    ConvForwardArgs, ConvZ,
};
use cudnn::conv::{ConvolutionMode, SearchMode};
use cudnn::half::{bf16, f16};
use cudnn::{
    ActivationDescriptor, ActivationMode, AlgoCache, ComputesIn, ConvProblem,
    ConvolutionDescriptor, FilterDescriptor, Library, Scaling, SearchOptions, TensorDescriptor,
    TensorFormat, Workspace,
};
use cudnn_reference::conv::{self as cpu, ConvGeometry, Scalar};

fn geometries() -> Vec<(&'static str, ConvGeometry)> {
    let g = |batch,
             cin,
             cout,
             input: &[usize],
             kernel: &[usize],
             pad: &[usize],
             stride: &[usize],
             dil: &[usize],
             groups,
             xc| ConvGeometry {
        batch,
        in_channels: cin,
        out_channels: cout,
        input: input.to_vec(),
        kernel: kernel.to_vec(),
        padding: pad.to_vec(),
        stride: stride.to_vec(),
        dilation: dil.to_vec(),
        groups,
        cross_correlation: xc,
    };
    vec![
        (
            "2d basic",
            g(
                2,
                8,
                16,
                &[12, 12],
                &[3, 3],
                &[1, 1],
                &[1, 1],
                &[1, 1],
                1,
                true,
            ),
        ),
        (
            "2d stride 2 pad 2",
            g(
                2,
                8,
                8,
                &[15, 11],
                &[5, 3],
                &[2, 1],
                &[2, 2],
                &[1, 1],
                1,
                true,
            ),
        ),
        (
            "2d dilation 2",
            g(
                1,
                8,
                8,
                &[16, 16],
                &[3, 3],
                &[2, 2],
                &[1, 1],
                &[2, 2],
                1,
                true,
            ),
        ),
        (
            "2d groups 2",
            g(
                2,
                8,
                16,
                &[10, 10],
                &[3, 3],
                &[1, 1],
                &[1, 1],
                &[1, 1],
                2,
                true,
            ),
        ),
        (
            "2d depthwise",
            g(
                2,
                8,
                8,
                &[10, 10],
                &[3, 3],
                &[1, 1],
                &[1, 1],
                &[1, 1],
                8,
                true,
            ),
        ),
        (
            "2d true convolution",
            g(
                1,
                8,
                8,
                &[9, 9],
                &[3, 3],
                &[0, 0],
                &[1, 1],
                &[1, 1],
                1,
                false,
            ),
        ),
        (
            "2d 1x1",
            g(
                4,
                16,
                8,
                &[7, 7],
                &[1, 1],
                &[0, 0],
                &[1, 1],
                &[1, 1],
                1,
                true,
            ),
        ),
        (
            "3d",
            g(
                1,
                8,
                8,
                &[6, 7, 8],
                &[3, 3, 3],
                &[1, 1, 1],
                &[1, 2, 1],
                &[1, 1, 1],
                1,
                true,
            ),
        ),
    ]
}

/// (N, C, spatial...) of a geometry's x, w and y.
fn shapes(g: &ConvGeometry) -> (Vec<usize>, Vec<usize>, Vec<usize>) {
    let x = [vec![g.batch, g.in_channels], g.input.clone()].concat();
    let w = [
        vec![g.out_channels, g.in_channels / g.groups],
        g.kernel.clone(),
    ]
    .concat();
    let y = [vec![g.batch, g.out_channels], g.output()].concat();
    (x, w, y)
}

fn problem<T: ComputesIn<f32>>(g: &ConvGeometry, format: TensorFormat) -> ConvProblem<T, f32> {
    let (x, w, _) = shapes(g);
    let xd = TensorDescriptor::<T>::new(format, &x).expect("x desc");
    let wd = FilterDescriptor::<T>::new(format, &w).expect("w desc");
    let mode = if g.cross_correlation {
        ConvolutionMode::CROSS_CORRELATION
    } else {
        ConvolutionMode::CONVOLUTION
    };
    let mut conv =
        ConvolutionDescriptor::<f32>::new(&g.padding, &g.stride, &g.dilation).expect("conv desc");
    conv.set_groups(g.groups).expect("groups");
    conv.set_mode(mode).expect("mode");
    ConvProblem::new(xd, wd, conv).expect("problem")
}

/// The buffers of a forward launch.
fn fwd_args<'a, T>(
    x: &'a cudnn::cudarc::driver::CudaSlice<T>,
    w: &'a cudnn::cudarc::driver::CudaSlice<T>,
    y: &'a mut cudnn::cudarc::driver::CudaSlice<T>,
) -> ConvForwardArgs<'a, T> {
    ConvForwardArgs { x, w, y }
}

fn tolerance<T: cudnn::DataType>() -> f64 {
    common::gpu::tolerance::<T>(1e-4, 2e-2, 6e-2)
}

fn options() -> SearchOptions {
    SearchOptions {
        allow_tf32: false,
        ..SearchOptions::default()
    }
}

/// Every direction of every geometry in one dtype and layout, through the
/// heuristic's best choice; returns the number of checks made.
fn all_directions<T: ComputesIn<f32> + Scalar>(gpu: &Gpu, format: TensorFormat) -> usize {
    let cache = AlgoCache::new();
    let mut ws = Workspace::new();
    let mut checks = 0;
    for (name, g) in geometries() {
        let (xs, wsh, ys) = shapes(&g);
        let p = problem::<T>(&g, format);
        let x = rounded::<T>(&values(g.x_len(), 1));
        let w = rounded::<T>(&values(g.w_len(), 2));
        let dy = rounded::<T>(&values(g.y_len(), 3));
        let xd = upload::<T>(&gpu.stream, &x, &xs, format);
        let wd = upload::<T>(&gpu.stream, &w, &wsh, format);
        let dyd = upload::<T>(&gpu.stream, &dy, &ys, format);
        let mut yd = gpu
            .stream
            .alloc_zeros::<T>(p.y().required_len())
            .expect("y");
        let mut dxd = gpu
            .stream
            .alloc_zeros::<T>(p.x().required_len())
            .expect("dx");
        let mut dwd = gpu
            .stream
            .alloc_zeros::<T>(p.w().required_len())
            .expect("dw");
        let one = <T::Scale as cudnn::dtype::Scale>::ONE;
        let zero = <T::Scale as cudnn::dtype::Scale>::ZERO;
        let tol = tolerance::<T>();
        let label = format!(
            "{name} {} {}",
            T::NAME,
            if format == TensorFormat::NHWC {
                "NHWC"
            } else {
                "NCHW"
            }
        );

        let fwd = match gpu.handle.find_forward(
            &p,
            &options(),
            Some(&cache),
            &mut ws,
            &mut fwd_args(&xd, &wd, &mut yd),
        ) {
            Ok(c) => c,
            Err(e) if not_supported(&e) => {
                eprintln!("{label}: not supported by cuDNN: {e}");
                continue;
            }
            Err(e) => panic!("{label}: forward search: {e}"),
        };
        gpu.handle
            .convolution_forward(
                &p,
                &fwd,
                &mut ws,
                fwd_args(&xd, &wd, &mut yd),
                Scaling::new(one, zero),
            )
            .expect("forward");
        let err = cpu::max_rel_error(
            &download(&gpu.stream, &yd, &ys, format),
            &cpu::forward(&g, &x, &w),
        );
        assert!(err < tol, "{label} forward ({:?}): error {err}", fwd.algo());

        let bwd = gpu
            .handle
            .find_backward_data(
                &p,
                &options(),
                Some(&cache),
                &mut ws,
                &mut ConvBackwardDataArgs {
                    w: &wd,
                    dy: &dyd,
                    dx: &mut dxd,
                },
            )
            .expect("bwd data search");
        gpu.handle
            .convolution_backward_data(
                &p,
                &bwd,
                &mut ws,
                ConvBackwardDataArgs {
                    w: &wd,
                    dy: &dyd,
                    dx: &mut dxd,
                },
                Scaling::new(one, zero),
            )
            .expect("backward data");
        let err = cpu::max_rel_error(
            &download(&gpu.stream, &dxd, &xs, format),
            &cpu::backward_data(&g, &w, &dy),
        );
        assert!(
            err < tol,
            "{label} backward data ({:?}): error {err}",
            bwd.algo()
        );

        let bwf = gpu
            .handle
            .find_backward_filter(
                &p,
                &options(),
                Some(&cache),
                &mut ws,
                &mut ConvBackwardFilterArgs {
                    x: &xd,
                    dy: &dyd,
                    dw: &mut dwd,
                },
            )
            .expect("bwd filter search");
        gpu.handle
            .convolution_backward_filter(
                &p,
                &bwf,
                &mut ws,
                ConvBackwardFilterArgs {
                    x: &xd,
                    dy: &dyd,
                    dw: &mut dwd,
                },
                Scaling::new(one, zero),
            )
            .expect("backward filter");
        // Filter gradients sum over many products: scale the tolerance.
        let err = cpu::max_rel_error(
            &download(&gpu.stream, &dwd, &wsh, format),
            &cpu::backward_filter(&g, &x, &dy),
        );
        assert!(
            err < tol * 4.0,
            "{label} backward filter ({:?}): error {err}",
            bwf.algo()
        );
        checks += 3;
    }
    checks
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn every_direction_f32() {
    let gpu = gpu();
    let n = all_directions::<f32>(&gpu, TensorFormat::NCHW)
        + all_directions::<f32>(&gpu, TensorFormat::NHWC);
    assert!(n >= 40, "{n} checks");
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn every_direction_f16() {
    let gpu = gpu();
    let n = all_directions::<f16>(&gpu, TensorFormat::NCHW)
        + all_directions::<f16>(&gpu, TensorFormat::NHWC);
    assert!(n >= 30, "{n} checks");
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn every_direction_bf16() {
    let gpu = gpu();
    let n = all_directions::<bf16>(&gpu, TensorFormat::NCHW)
        + all_directions::<bf16>(&gpu, TensorFormat::NHWC);
    assert!(n >= 30, "{n} checks");
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn every_candidate_and_find_agree_with_the_reference() {
    let gpu = gpu();
    let (_, g) = geometries().remove(1);
    let (xs, wsh, ys) = shapes(&g);
    let fmt = TensorFormat::NCHW;
    let p = problem::<f32>(&g, fmt);
    let x = values(g.x_len(), 4);
    let w = values(g.w_len(), 5);
    let want = cpu::forward(&g, &x, &w);
    let xd = upload::<f32>(&gpu.stream, &x, &xs, fmt);
    let wd = upload::<f32>(&gpu.stream, &w, &wsh, fmt);
    let mut yd = gpu
        .stream
        .alloc_zeros::<f32>(p.y().required_len())
        .expect("y");
    let mut ws = Workspace::new();
    let candidates = gpu
        .handle
        .forward_candidates(&p, &options())
        .expect("candidates");
    assert!(!candidates.is_empty());
    for c in &candidates {
        gpu.handle
            .convolution_forward(
                &p,
                c,
                &mut ws,
                fwd_args(&xd, &wd, &mut yd),
                Scaling::default(),
            )
            .expect("launch");
        let err = cpu::max_rel_error(&download(&gpu.stream, &yd, &ys, fmt), &want);
        assert!(err < 1e-4, "{:?}: error {err}", c.algo());
    }
    let bench = SearchOptions {
        mode: SearchMode::Benchmark,
        ..options()
    };
    let cache = AlgoCache::new();
    // Without a cache the benchmark runs and nothing is remembered.
    let uncached = gpu
        .handle
        .find_forward(&p, &bench, None, &mut ws, &mut fwd_args(&xd, &wd, &mut yd))
        .expect("find without a cache");
    assert!(uncached.time_ms().is_some());
    assert_eq!(cache.len(), 0);
    // One argument struct serves the search and the launch.
    let mut args = fwd_args(&xd, &wd, &mut yd);
    let found = gpu
        .handle
        .find_forward(&p, &bench, Some(&cache), &mut ws, &mut args)
        .expect("find");
    gpu.handle
        .convolution_forward(&p, &found, &mut ws, args, Scaling::default())
        .expect("launch with the search's arguments");
    assert!(found.time_ms().is_some());
    eprintln!(
        "find chose {:?} ({:?} ms, {} bytes)",
        found.algo(),
        found.time_ms(),
        found.workspace()
    );
    gpu.handle
        .convolution_forward(
            &p,
            &found,
            &mut ws,
            fwd_args(&xd, &wd, &mut yd),
            Scaling::default(),
        )
        .expect("launch");
    assert!(cpu::max_rel_error(&download(&gpu.stream, &yd, &ys, fmt), &want) < 1e-4);

    // A cache hit gives the same algorithm and the same result, with no
    // search.
    let again = gpu
        .handle
        .find_forward(
            &p,
            &bench,
            Some(&cache),
            &mut ws,
            &mut fwd_args(&xd, &wd, &mut yd),
        )
        .expect("hit");
    assert_eq!(again.algo(), found.algo());
    assert_eq!(again.math_type(), found.math_type());
    assert_eq!(cache.len(), 1);
    // A hit for a different problem of the same shape also works.
    let twin = problem::<f32>(&g, fmt);
    let hit = gpu
        .handle
        .find_forward(
            &twin,
            &bench,
            Some(&cache),
            &mut ws,
            &mut fwd_args(&xd, &wd, &mut yd),
        )
        .expect("twin hit");
    assert_eq!(hit.algo(), found.algo());
    gpu.handle
        .convolution_forward(
            &twin,
            &hit,
            &mut ws,
            fwd_args(&xd, &wd, &mut yd),
            Scaling::default(),
        )
        .expect("launch");
    assert!(cpu::max_rel_error(&download(&gpu.stream, &yd, &ys, fmt), &want) < 1e-4);
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn fused_conv_bias_relu_equals_the_three_steps() {
    let gpu = gpu();
    let (_, g) = geometries().remove(0);
    let (xs, wsh, ys) = shapes(&g);
    let fmt = TensorFormat::NCHW;
    let p = problem::<f32>(&g, fmt);
    let x = values(g.x_len(), 6);
    let w = values(g.w_len(), 7);
    let z = values(g.y_len(), 8);
    let bias = values(g.out_channels, 9);
    let want = cpu::bias_activation_forward(&g, &x, &w, 1.0, &z, 0.5, &bias, |v| v.max(0.0));
    let xd = upload::<f32>(&gpu.stream, &x, &xs, fmt);
    let wd = upload::<f32>(&gpu.stream, &w, &wsh, fmt);
    let zd = upload::<f32>(&gpu.stream, &z, &ys, fmt);
    let bias_desc =
        TensorDescriptor::<f32>::new(fmt, &[1, g.out_channels, 1, 1]).expect("bias desc");
    let bd = upload::<f32>(&gpu.stream, &bias, &[1, g.out_channels, 1, 1], fmt);
    let mut yd = gpu
        .stream
        .alloc_zeros::<f32>(p.y().required_len())
        .expect("y");
    let relu = ActivationDescriptor::new(ActivationMode::RELU, 0.0).expect("relu");
    let choice = gpu
        .handle
        .forward_algo(
            &p,
            cudnn::conv::FwdAlgo::IMPLICIT_PRECOMP_GEMM,
            cudnn::MathType::FMA_MATH,
        )
        .expect("algo");
    let mut ws = Workspace::new();
    gpu.handle
        .convolution_bias_activation_forward(
            &p,
            &choice,
            &mut ws,
            ConvBiasActivationArgs {
                x: &xd,
                w: &wd,
                z: ConvZ::Buffer(&zd),
                bias_desc: &bias_desc,
                bias: &bd,
                activation: &relu,
                y: &mut yd,
            },
            ConvBiasScaling::new(1.0, 0.5),
        )
        .expect("fused");
    let err = cpu::max_rel_error(&download(&gpu.stream, &yd, &ys, fmt), &want);
    assert!(err < 1e-4, "fused: error {err}");

    // In place: z is y's own buffer, which holds z's values.
    let mut zy = upload::<f32>(&gpu.stream, &z, &ys, fmt);
    gpu.handle
        .convolution_bias_activation_forward(
            &p,
            &choice,
            &mut ws,
            ConvBiasActivationArgs {
                x: &xd,
                w: &wd,
                z: ConvZ::Y,
                bias_desc: &bias_desc,
                bias: &bd,
                activation: &relu,
                y: &mut zy,
            },
            ConvBiasScaling::new(1.0, 0.5),
        )
        .expect("fused in place");
    let err = cpu::max_rel_error(&download(&gpu.stream, &zy, &ys, fmt), &want);
    assert!(err < 1e-4, "fused in place: error {err}");

    // Backward bias.
    let dy = values(g.y_len(), 10);
    let dyd = upload::<f32>(&gpu.stream, &dy, &ys, fmt);
    let mut db = gpu.stream.alloc_zeros::<f32>(g.out_channels).expect("db");
    gpu.handle
        .convolution_backward_bias(&p, &bias_desc, &dyd, &mut db, Scaling::default())
        .expect("bias grad");
    let got = download_flat(&gpu.stream, &db);
    let err = cpu::max_rel_error(&got, &cpu::backward_bias(&dy, g.batch, g.out_channels));
    assert!(err < 1e-4, "backward bias: error {err}");
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn launch_checks_stop_short_buffers_before_the_gpu() {
    let gpu = gpu();
    let (_, g) = geometries().remove(0);
    let p = problem::<f32>(&g, TensorFormat::NCHW);
    let x = gpu
        .stream
        .alloc_zeros::<f32>(p.x().required_len() - 1)
        .expect("short x");
    let w = gpu
        .stream
        .alloc_zeros::<f32>(p.w().required_len())
        .expect("w");
    let mut y = gpu
        .stream
        .alloc_zeros::<f32>(p.y().required_len())
        .expect("y");
    // A choice made for a copy of the problem: the launch asks cuDNN for
    // the workspace again.
    let copy = p.try_clone().expect("copy");
    let choice = gpu
        .handle
        .forward_algo(&copy, cudnn::conv::FwdAlgo::GEMM, cudnn::MathType::FMA_MATH)
        .expect("choice");
    let e = gpu
        .handle
        .convolution_forward(
            &p,
            &choice,
            &mut Workspace::new(),
            fwd_args(&x, &w, &mut y),
            Scaling::default(),
        )
        .expect_err("short x");
    assert!(
        matches!(
            &e,
            cudnn::Error::InvalidArgument {
                mismatch: cudnn::Mismatch::BufferTooShort { buffer, .. },
                ..
            } if buffer == "x"
        ),
        "{e}"
    );
    // The backward launches check `dy` against `y`'s descriptor, `dx`
    // against `x`'s and `dw` against `w`'s.
    let short_as = |e: cudnn::Error, name: &str| {
        assert!(
            matches!(
                &e,
                cudnn::Error::InvalidArgument {
                    mismatch: cudnn::Mismatch::BufferTooShort { buffer, .. },
                    ..
                } if buffer == name
            ),
            "{e}"
        );
    };
    let math = cudnn::MathType::FMA_MATH;
    let data = gpu
        .handle
        .backward_data_algo(&p, cudnn::conv::BwdDataAlgo::ALGO_0, math)
        .expect("backward-data choice");
    let filter = gpu
        .handle
        .backward_filter_algo(&p, cudnn::conv::BwdFilterAlgo::ALGO_0, math)
        .expect("backward-filter choice");
    let short_dy = gpu
        .stream
        .alloc_zeros::<f32>(p.y().required_len() - 1)
        .expect("short dy");
    let e = gpu
        .handle
        .convolution_backward_data(
            &p,
            &data,
            &mut Workspace::new(),
            ConvBackwardDataArgs {
                w: &w,
                dy: &short_dy,
                dx: &mut gpu
                    .stream
                    .alloc_zeros::<f32>(p.x().required_len())
                    .expect("dx"),
            },
            Scaling::default(),
        )
        .expect_err("short dy");
    short_as(e, "dy");
    let e = gpu
        .handle
        .convolution_backward_filter(
            &p,
            &filter,
            &mut Workspace::new(),
            ConvBackwardFilterArgs {
                x: &gpu
                    .stream
                    .alloc_zeros::<f32>(p.x().required_len())
                    .expect("x"),
                dy: &y,
                dw: &mut gpu
                    .stream
                    .alloc_zeros::<f32>(p.w().required_len() - 1)
                    .expect("short dw"),
            },
            Scaling::default(),
        )
        .expect_err("short dw");
    short_as(e, "dw");

    // The choice for the copy asks cuDNN for its workspace and grows it.
    let x = gpu
        .stream
        .alloc_zeros::<f32>(p.x().required_len())
        .expect("x");
    let mut ws = Workspace::new();
    gpu.handle
        .convolution_forward(
            &p,
            &choice,
            &mut ws,
            fwd_args(&x, &w, &mut y),
            Scaling::default(),
        )
        .expect("launch");
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn one_handle_per_thread_and_device() {
    let gpu = gpu();
    let stream = Arc::clone(&gpu.stream);
    let first =
        cudnn::handle::with_thread_handle(&stream, |h| h.as_raw() as usize).expect("handle");
    let again =
        cudnn::handle::with_thread_handle(&stream, |h| h.as_raw() as usize).expect("handle");
    assert_eq!(first, again, "the same thread gets the same handle");
    let other = std::thread::spawn(move || {
        cudnn::handle::with_thread_handle(&stream, |h| h.as_raw() as usize).expect("handle")
    })
    .join()
    .expect("thread");
    assert_ne!(first, other, "another thread gets its own handle");
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn descriptors_of_another_loaded_library_are_refused_at_launch() {
    let gpu = gpu();
    let other = Arc::new(Library::open(None).expect("a second copy of the library"));
    let fmt = TensorFormat::NCHW;
    let x = TensorDescriptor::<f32>::new(fmt, &[1, 2, 6, 6]).expect("x");
    let w = FilterDescriptor::<f32>::new(fmt, &[3, 2, 3, 3]).expect("w");
    let conv = ConvolutionDescriptor::<f32>::new_in(Arc::clone(&other), &[1, 1], &[1, 1], &[1, 1])
        .expect("conv of the other library");
    let p = ConvProblem::new(x, w, conv).expect("problem");
    let xd = gpu
        .stream
        .alloc_zeros::<f32>(p.x().required_len())
        .expect("x");
    let wd = gpu
        .stream
        .alloc_zeros::<f32>(p.w().required_len())
        .expect("w");
    let mut yd = gpu
        .stream
        .alloc_zeros::<f32>(p.y().required_len())
        .expect("y");
    let refused_as = |e: cudnn::Error, what: &str| {
        assert!(
            matches!(
                &e,
                cudnn::Error::InvalidArgument {
                    mismatch: cudnn::Mismatch::OtherLibrary { descriptor, .. },
                    ..
                } if *descriptor == what
            ),
            "{e}"
        );
    };
    let gemm = cudnn::conv::FwdAlgo::IMPLICIT_GEMM;
    // A choice made for a problem of the handle's library, used with `p`.
    let own = problem::<f32>(&geometries().remove(0).1, fmt);
    let choice = gpu
        .handle
        .forward_algo(&own, gemm, cudnn::MathType::FMA_MATH)
        .expect("choice");
    let e = gpu
        .handle
        .convolution_forward(
            &p,
            &choice,
            &mut Workspace::new(),
            fwd_args(&xd, &wd, &mut yd),
            Scaling::default(),
        )
        .expect_err("the convolution is the other library's");
    refused_as(e, "convolution");
    let e = gpu
        .handle
        .forward_algo(&p, gemm, cudnn::MathType::FMA_MATH)
        .expect_err("no workspace query with mixed libraries");
    refused_as(e, "convolution");
    let e = gpu
        .handle
        .forward_candidates(&p, &options())
        .expect_err("no heuristic with mixed libraries");
    refused_as(e, "convolution");

    // An activation of the other library in the fused launch.
    let p = problem::<f32>(&geometries().remove(0).1, fmt);
    let xd = gpu
        .stream
        .alloc_zeros::<f32>(p.x().required_len())
        .expect("x");
    let wd = gpu
        .stream
        .alloc_zeros::<f32>(p.w().required_len())
        .expect("w");
    let mut yd = gpu
        .stream
        .alloc_zeros::<f32>(p.y().required_len())
        .expect("y");
    let k = p.y().dims()[1];
    let bias_desc = TensorDescriptor::<f32>::new(fmt, &[1, k, 1, 1]).expect("bias desc");
    let bd = gpu.stream.alloc_zeros::<f32>(k).expect("bias");
    let relu = ActivationDescriptor::new_in(
        other,
        ActivationMode::RELU,
        cudnn::NanPropagation::NOT_PROPAGATE_NAN,
        0.0,
    )
    .expect("relu of the other library");
    let choice = gpu
        .handle
        .forward_algo(
            &p,
            cudnn::conv::FwdAlgo::IMPLICIT_PRECOMP_GEMM,
            cudnn::MathType::FMA_MATH,
        )
        .expect("choice");
    let e = gpu
        .handle
        .convolution_bias_activation_forward(
            &p,
            &choice,
            &mut Workspace::new(),
            ConvBiasActivationArgs {
                x: &xd,
                w: &wd,
                z: ConvZ::Y,
                bias_desc: &bias_desc,
                bias: &bd,
                activation: &relu,
                y: &mut yd,
            },
            ConvBiasScaling::default(),
        )
        .expect_err("the activation is the other library's");
    refused_as(e, "activation");
}
