//! The graph API on a GPU: fused graphs executed through a checked variant
//! pack and compared with the CPU references (`cudnn-reference`): conv +
//! bias + ReLU (also through a prepared pack, rebound), dgrad, wgrad,
//! matmul + bias + GELU, and the MoE grouped matmul in each routing; the
//! variant pack's
//! refusals (a misaligned view among them); a plan built for the device's
//! description and one read back from JSON, executed, and one built for
//! another description refused; autotuning; CUDA graphs recorded from a
//! plan, ordered with other streams on every launch; graphs and plans that
//! outlive their handle.
//!
//! All `#[ignore = "needs a CUDA GPU"]`; `scripts/gpu-test.sh` runs them.

mod common;

use std::sync::Arc;

use cudnn::cudarc::driver::CudaSlice;
use cudnn::graph::{
    ConvOptions, DeviceProperties, ExecutionPlan, Graph, OperationGraph, PlanCache, ScalarValue,
    Settings, Target, TensorId, VariantPack,
};
use cudnn::sys;
use cudnn::{Error, Handle, Mismatch, Workspace};
use cudnn_reference::conv::{self as cpu, ConvGeometry};

use common::gpu::{download_flat, gpu, upload_flat, values, Gpu};

const FLOAT: sys::cudnnDataType_t = sys::cudnnDataType_t::FLOAT;

/// Plans in full `float` precision (no TF32), so that the references'
/// tolerances stay those of `f32`.
fn settings() -> Settings {
    Settings {
        allow_tf32: false,
        ..Settings::default()
    }
}

fn geometry() -> ConvGeometry {
    ConvGeometry {
        batch: 2,
        in_channels: 8,
        out_channels: 16,
        input: vec![12, 12],
        kernel: vec![3, 3],
        padding: vec![1, 1],
        stride: vec![1, 1],
        dilation: vec![1, 1],
        groups: 1,
        cross_correlation: true,
    }
}

fn dims(n: usize, c: usize, spatial: &[usize]) -> Vec<i64> {
    let mut d = vec![n as i64, c as i64];
    d.extend(spatial.iter().map(|&s| s as i64));
    d
}

fn plan_for(g: &Graph, gpu: &Gpu) -> (OperationGraph, ExecutionPlan) {
    plan_with(g, &gpu.handle, &settings())
}

fn plan_with(g: &Graph, handle: &Handle, settings: &Settings) -> (OperationGraph, ExecutionPlan) {
    let graph = g.build_with(handle.library(), Some(handle)).expect("build");
    let plan = graph
        .plans(Target::Handle(handle), settings)
        .expect("plan")
        .remove(0);
    (graph, plan)
}

/// The error bound of a TF32 result whose exact value sums products
/// whose magnitudes sum to `abs_sum`: each operand rounded to TF32's 10
/// explicit mantissa bits (at most 2^-10 relative, truncated), so each
/// product to 2^-9; plus `float` accumulation.
fn tf32_bound(abs_sum: f64) -> f64 {
    abs_sum * 2f64.powi(-9) + 1e-5
}

/// Conv plans that a CUDA graph can be recorded from: on sm_90 the only
/// engine with `SUPPORTS_CUDA_GRAPH_NATIVE_API` for these float convs is
/// a FALLBACK one noted `TENSOR_CORE` (TF32) and `RUNTIME_COMPILATION`.
fn cuda_graph_settings() -> Settings {
    Settings {
        require_cuda_graph: true,
        ..Settings::default()
    }
}

fn max_abs_diff(a: &[f64], b: &[f64]) -> f64 {
    assert_eq!(a.len(), b.len());
    a.iter()
        .zip(b)
        .map(|(x, y)| (x - y).abs())
        .fold(0.0, f64::max)
}

/// conv(x, w) + bias, then ReLU, of `geo` (16 output channels): the graph
/// and `x`, `w`, the bias and `y`.
fn conv_bias_relu(geo: &ConvGeometry) -> (Graph, [TensorId; 4]) {
    let mut g = Graph::new("conv_bias_relu");
    let x = g.tensor("x", &dims(2, 8, &geo.input), FLOAT).expect("x");
    let w = g.tensor("w", &dims(16, 8, &geo.kernel), FLOAT).expect("w");
    let b = g.tensor("bias", &[1, 16, 1, 1], FLOAT).expect("bias");
    let c = g
        .conv_fprop(x, w, &ConvOptions::new(2).padding(&[1, 1]))
        .expect("conv");
    let biased = g.bias(c, b).expect("bias");
    let y = g.relu(biased).expect("relu");
    g.set_output(y, FLOAT).expect("output");
    (g, [x, w, b, y])
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn conv_bias_relu_matches_the_reference() {
    let gpu = gpu();
    let geo = geometry();
    let (g, [x, w, b, y]) = conv_bias_relu(&geo);
    let (_graph, plan) = plan_for(&g, &gpu);

    let xs = values(geo.x_len(), 1);
    let ws = values(geo.w_len(), 2);
    let bs = values(16, 3);
    let dx: CudaSlice<f32> = upload_flat(&gpu.stream, &xs);
    let dw: CudaSlice<f32> = upload_flat(&gpu.stream, &ws);
    let db: CudaSlice<f32> = upload_flat(&gpu.stream, &bs);
    let mut dy: CudaSlice<f32> = gpu.stream.alloc_zeros(geo.y_len()).expect("y");
    let mut scratch = Workspace::new();
    gpu.handle
        .execute(
            &plan,
            &mut VariantPack::new()
                .input(x.uid(), &dx)
                .input(w.uid(), &dw)
                .input(b.uid(), &db)
                .output(y.uid(), &mut dy),
            &mut scratch,
        )
        .expect("execute");
    let got = download_flat(&gpu.stream, &dy);
    let zeros = vec![0.0f64; geo.y_len()];
    let want = cpu::bias_activation_forward(&geo, &xs, &ws, 1.0, &zeros, 0.0, &bs, |v| v.max(0.0));
    let err = max_abs_diff(&got, &want);
    assert!(err < 1e-3, "max |diff| {err}");
}

/// The same graph through a prepared pack: executed, its input and output
/// rebound to other buffers and executed again; each result against the
/// reference, and a rebind to a short buffer refused with the old one
/// kept.
#[test]
#[ignore = "needs a CUDA GPU"]
fn a_prepared_pack_runs_rebinds_and_matches_the_reference() {
    let gpu = gpu();
    let geo = geometry();
    let (g, [x, w, b, y]) = conv_bias_relu(&geo);
    let (_graph, plan) = plan_for(&g, &gpu);

    let (xs1, xs2) = (values(geo.x_len(), 7), values(geo.x_len(), 8));
    let ws = values(geo.w_len(), 9);
    let bs = values(16, 10);
    let dx1: CudaSlice<f32> = upload_flat(&gpu.stream, &xs1);
    let dx2: CudaSlice<f32> = upload_flat(&gpu.stream, &xs2);
    let short: CudaSlice<f32> = gpu.stream.alloc_zeros(geo.x_len() - 1).expect("short");
    let dw: CudaSlice<f32> = upload_flat(&gpu.stream, &ws);
    let db: CudaSlice<f32> = upload_flat(&gpu.stream, &bs);
    let mut dy1: CudaSlice<f32> = gpu.stream.alloc_zeros(geo.y_len()).expect("y1");
    let mut dy2: CudaSlice<f32> = gpu.stream.alloc_zeros(geo.y_len()).expect("y2");
    let mut scratch = Workspace::new();
    {
        let mut pack = VariantPack::new()
            .input(x.uid(), &dx1)
            .input(w.uid(), &dw)
            .input(b.uid(), &db)
            .output(y.uid(), &mut dy1)
            .prepare(&plan)
            .expect("prepared");
        gpu.handle
            .execute_prepared(&mut pack, &mut scratch)
            .expect("first execute");
        match pack.rebind_input(x.uid(), &short) {
            Err(Error::InvalidArgument { .. }) => {}
            other => panic!("a short buffer is refused: {other:?}"),
        }
        pack.rebind_input(x.uid(), &dx2).expect("rebind x");
        pack.rebind_output(y.uid(), &mut dy2).expect("rebind y");
        gpu.handle
            .execute_prepared(&mut pack, &mut scratch)
            .expect("second execute");
    }
    let zeros = vec![0.0f64; geo.y_len()];
    for (xs, dy) in [(&xs1, &dy1), (&xs2, &dy2)] {
        let got = download_flat(&gpu.stream, dy);
        let want =
            cpu::bias_activation_forward(&geo, xs, &ws, 1.0, &zeros, 0.0, &bs, |v| v.max(0.0));
        let err = max_abs_diff(&got, &want);
        assert!(err < 1e-3, "max |diff| {err}");
    }
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn dgrad_and_wgrad_match_the_reference() {
    let gpu = gpu();
    let geo = geometry();
    let (xd, wd, yd) = (
        dims(2, 8, &geo.input),
        dims(16, 8, &geo.kernel),
        dims(2, 16, &geo.output()),
    );
    let opts = ConvOptions::new(2).padding(&[1, 1]);
    let xs = values(geo.x_len(), 4);
    let ws = values(geo.w_len(), 5);
    let dys = values(geo.y_len(), 6);
    let mut scratch = Workspace::new();

    let mut g = Graph::new("dgrad");
    let dy = g.tensor("dy", &yd, FLOAT).expect("dy");
    let w = g.tensor("w", &wd, FLOAT).expect("w");
    let dx = g.conv_dgrad(dy, w, &opts, &xd).expect("dgrad");
    g.set_output(dx, FLOAT).expect("output");
    let (_graph, plan) = plan_for(&g, &gpu);
    let d_dy: CudaSlice<f32> = upload_flat(&gpu.stream, &dys);
    let d_w: CudaSlice<f32> = upload_flat(&gpu.stream, &ws);
    let mut d_dx: CudaSlice<f32> = gpu.stream.alloc_zeros(geo.x_len()).expect("dx");
    gpu.handle
        .execute(
            &plan,
            &mut VariantPack::new()
                .input(dy.uid(), &d_dy)
                .input(w.uid(), &d_w)
                .output(dx.uid(), &mut d_dx),
            &mut scratch,
        )
        .expect("dgrad");
    let err = max_abs_diff(
        &download_flat(&gpu.stream, &d_dx),
        &cpu::backward_data(&geo, &ws, &dys),
    );
    assert!(err < 1e-3, "dgrad max |diff| {err}");

    let mut g = Graph::new("wgrad");
    let x = g.tensor("x", &xd, FLOAT).expect("x");
    let dy = g.tensor("dy", &yd, FLOAT).expect("dy");
    let dw = g.conv_wgrad(x, dy, &opts, &wd).expect("wgrad");
    g.set_output(dw, FLOAT).expect("output");
    let (_graph, plan) = plan_for(&g, &gpu);
    let d_x: CudaSlice<f32> = upload_flat(&gpu.stream, &xs);
    let mut d_dw: CudaSlice<f32> = gpu.stream.alloc_zeros(geo.w_len()).expect("dw");
    gpu.handle
        .execute(
            &plan,
            &mut VariantPack::new()
                .input(x.uid(), &d_x)
                .input(dy.uid(), &d_dy)
                .output(dw.uid(), &mut d_dw),
            &mut scratch,
        )
        .expect("wgrad");
    let err = max_abs_diff(
        &download_flat(&gpu.stream, &d_dw),
        &cpu::backward_filter(&geo, &xs, &dys),
    );
    assert!(err < 1e-2, "wgrad max |diff| {err}");
}

/// erf, to 1.5e-7 (Abramowitz and Stegun 7.1.26).
fn erf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let y = 1.0
        - (((((1.061_405_429 * t - 1.453_152_027) * t) + 1.421_413_741) * t - 0.284_496_736) * t
            + 0.254_829_592)
            * t
            * (-x * x).exp();
    y.copysign(x)
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn matmul_bias_gelu_matches_a_direct_computation() {
    let gpu = gpu();
    let (m, k, n) = (64usize, 32usize, 16usize);
    let mut g = Graph::new("matmul_bias_gelu");
    let a = g.tensor("a", &[1, m as i64, k as i64], FLOAT).expect("a");
    let b = g.tensor("b", &[1, k as i64, n as i64], FLOAT).expect("b");
    let bias = g.tensor("bias", &[1, 1, n as i64], FLOAT).expect("bias");
    let c = g.matmul(a, b).expect("matmul");
    let biased = g.bias(c, bias).expect("bias");
    let y = g.gelu(biased).expect("gelu");
    g.set_output(y, FLOAT).expect("output");
    // No sm_90 engine for this float matmul computes without tensor cores
    // (every one is noted TENSOR_CORE, so `allow_tf32: false` leaves
    // none): TF32, with its error bound.
    let (_graph, plan) = plan_with(&g, &gpu.handle, &Settings::default());

    let av = values(m * k, 7);
    let bv = values(k * n, 8);
    let biasv = values(n, 9);
    let da: CudaSlice<f32> = upload_flat(&gpu.stream, &av);
    let db: CudaSlice<f32> = upload_flat(&gpu.stream, &bv);
    let dbias: CudaSlice<f32> = upload_flat(&gpu.stream, &biasv);
    let mut dy: CudaSlice<f32> = gpu.stream.alloc_zeros(m * n).expect("y");
    let mut scratch = Workspace::new();
    gpu.handle
        .execute(
            &plan,
            &mut VariantPack::new()
                .input(a.uid(), &da)
                .input(b.uid(), &db)
                .input(bias.uid(), &dbias)
                .output(y.uid(), &mut dy),
            &mut scratch,
        )
        .expect("execute");
    let got = download_flat(&gpu.stream, &dy);
    for i in 0..m {
        for j in 0..n {
            let terms = (0..k).map(|l| av[i * k + l] * bv[l * n + j]);
            let v: f64 = terms.clone().sum::<f64>() + biasv[j];
            let want = 0.5 * v * (1.0 + erf(v / std::f64::consts::SQRT_2));
            // GELU's slope is below 1.13.
            let bound = 1.13 * tf32_bound(terms.map(f64::abs).sum::<f64>() + biasv[j].abs());
            let err = (got[i * n + j] - want).abs();
            assert!(err <= bound, "y[{i}][{j}]: |diff| {err} > {bound}");
        }
    }
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn the_variant_pack_is_checked_before_cudnn_runs() {
    let gpu = gpu();
    let mut g = Graph::new("conv");
    let x = g.tensor("x", &[1, 3, 8, 8], FLOAT).expect("x");
    let w = g.tensor("w", &[4, 3, 3, 3], FLOAT).expect("w");
    let y = g
        .conv_fprop(x, w, &ConvOptions::new(2).padding(&[1, 1]))
        .expect("conv");
    g.set_output(y, FLOAT).expect("output");
    let (_graph, plan) = plan_for(&g, &gpu);
    let s = &gpu.stream;
    let dx: CudaSlice<f32> = s.alloc_zeros(192).expect("x");
    let short: CudaSlice<f32> = s.alloc_zeros(100).expect("short");
    let dw: CudaSlice<f32> = s.alloc_zeros(108).expect("w");
    let dw16: CudaSlice<half::f16> = s.alloc_zeros(108).expect("w16");
    let mut dy: CudaSlice<f32> = s.alloc_zeros(256).expect("y");
    let mut scratch = Workspace::new();
    let refused = |r: cudnn::Result<()>, what: &str| match r {
        Err(Error::InvalidArgument { function, mismatch }) => {
            assert_eq!(function, "cudnnBackendExecute");
            assert!(mismatch.to_string().contains(what), "{mismatch}");
        }
        other => panic!("expected a refusal ({what}), got {other:?}"),
    };
    let h = &gpu.handle;
    refused(
        h.execute(
            &plan,
            &mut VariantPack::new()
                .input(x.uid(), &short)
                .input(w.uid(), &dw)
                .output(y.uid(), &mut dy),
            &mut scratch,
        ),
        "spans 192",
    );
    refused(
        h.execute(
            &plan,
            &mut VariantPack::new()
                .input(x.uid(), &dx)
                .input(w.uid(), &dw16)
                .output(y.uid(), &mut dy),
            &mut scratch,
        ),
        "data type",
    );
    refused(
        h.execute(
            &plan,
            &mut VariantPack::new()
                .input(x.uid(), &dx)
                .input(w.uid(), &dw)
                .input(y.uid(), &dx),
            &mut scratch,
        ),
        "bind it with `output`",
    );
    refused(
        h.execute(
            &plan,
            &mut VariantPack::new()
                .input(x.uid(), &dx)
                .output(y.uid(), &mut dy),
            &mut scratch,
        ),
        "no buffer",
    );
    refused(
        h.execute(
            &plan,
            &mut VariantPack::new()
                .input(x.uid(), &dx)
                .input(w.uid(), &dw)
                .input(99, &dw)
                .output(y.uid(), &mut dy),
            &mut scratch,
        ),
        "no tensor with this uid",
    );
    // A view one element in: 4 bytes past the 16-byte alignment the
    // tensors are described with.
    let longer: CudaSlice<f32> = s.alloc_zeros(193).expect("x + 1");
    let odd = longer.slice(1..);
    match h.execute(
        &plan,
        &mut VariantPack::new()
            .input(x.uid(), &odd)
            .input(w.uid(), &dw)
            .output(y.uid(), &mut dy),
        &mut scratch,
    ) {
        Err(Error::InvalidArgument {
            mismatch: Mismatch::Misaligned {
                buffer, alignment, ..
            },
            ..
        }) => assert_eq!((buffer, alignment), (format!("uid {}", x.uid()), 16)),
        other => panic!("expected the misaligned view refused: {other:?}"),
    }
    h.execute(
        &plan,
        &mut VariantPack::new()
            .input(x.uid(), &dx)
            .input(w.uid(), &dw)
            .output(y.uid(), &mut dy),
        &mut scratch,
    )
    .expect("the right buffers run");
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn a_plan_for_the_described_device_and_its_json_run_and_autotune_picks_one() {
    let gpu = gpu();
    let lib = gpu.handle.library().clone();
    if (lib.version().major, lib.version().minor) < (9, 8) {
        eprintln!("cuDNN {} has no device properties", lib.version());
        return;
    }
    let device = DeviceProperties::from_handle(&gpu.handle).expect("this GPU's properties");
    let mut g = Graph::new("conv");
    let x = g.tensor("x", &[1, 3, 8, 8], FLOAT).expect("x");
    let w = g.tensor("w", &[4, 3, 3, 3], FLOAT).expect("w");
    let y = g
        .conv_fprop(x, w, &ConvOptions::new(2).padding(&[1, 1]))
        .expect("conv");
    g.set_output(y, FLOAT).expect("output");
    let graph = g.build_with(&lib, None).expect("build");
    let target = Target::Device {
        library: &lib,
        device: &device,
    };
    let bench = Settings {
        benchmark: true,
        benchmark_limit: 3,
        ..settings()
    };
    let plans = graph.plans(target, &bench).expect("plans");
    assert!(!plans.is_empty() && plans.len() <= 3);
    let json = plans[0].to_json().expect("json");
    let back = ExecutionPlan::from_json(&json, target).expect("read back");

    let s = &gpu.stream;
    let xs = values(192, 10);
    let ws = values(108, 11);
    let dx: CudaSlice<f32> = upload_flat(s, &xs);
    let dw: CudaSlice<f32> = upload_flat(s, &ws);
    let mut dy: CudaSlice<f32> = s.alloc_zeros(256).expect("y");
    let mut scratch = Workspace::new();
    gpu.handle
        .execute(
            &back,
            &mut VariantPack::new()
                .input(x.uid(), &dx)
                .input(w.uid(), &dw)
                .output(y.uid(), &mut dy),
            &mut scratch,
        )
        .expect("the plan read back runs");
    let geo = ConvGeometry {
        batch: 1,
        in_channels: 3,
        out_channels: 4,
        input: vec![8, 8],
        kernel: vec![3, 3],
        padding: vec![1, 1],
        stride: vec![1, 1],
        dilation: vec![1, 1],
        groups: 1,
        cross_correlation: true,
    };
    let err = max_abs_diff(&download_flat(s, &dy), &cpu::forward(&geo, &xs, &ws));
    assert!(err < 1e-3, "max |diff| {err}");

    let mut out: CudaSlice<f32> = s.alloc_zeros(256).expect("y");
    let mut pack = VariantPack::new()
        .input(x.uid(), &dx)
        .input(w.uid(), &dw)
        .output(y.uid(), &mut out);
    let (best, ms) = gpu
        .handle
        .autotune(&plans, 3, &mut scratch, &mut pack)
        .expect("autotune");
    assert!(best < plans.len() && ms > 0.0, "{best} {ms}");
}

/// conv(x [1, 3, 8, 8], w [4, 3, 3, 3]), padding 1: its graph, the uids
/// of x, w and y, and its geometry for the reference.
fn small_conv() -> (Graph, [i64; 3], ConvGeometry) {
    let mut g = Graph::new("conv");
    let x = g.tensor("x", &[1, 3, 8, 8], FLOAT).expect("x");
    let w = g.tensor("w", &[4, 3, 3, 3], FLOAT).expect("w");
    let y = g
        .conv_fprop(x, w, &ConvOptions::new(2).padding(&[1, 1]))
        .expect("conv");
    g.set_output(y, FLOAT).expect("output");
    let geo = ConvGeometry {
        batch: 1,
        in_channels: 3,
        out_channels: 4,
        input: vec![8, 8],
        kernel: vec![3, 3],
        padding: vec![1, 1],
        stride: vec![1, 1],
        dilation: vec![1, 1],
        groups: 1,
        cross_correlation: true,
    };
    (g, [x.uid(), w.uid(), y.uid()], geo)
}

/// `got` within the TF32 bound of the conv of `xs` and `ws`.
#[track_caller]
fn assert_tf32_conv(geo: &ConvGeometry, xs: &[f64], ws: &[f64], got: &[f64]) {
    let want = cpu::forward(geo, xs, ws);
    let abs = |v: &[f64]| v.iter().map(|x| x.abs()).collect::<Vec<_>>();
    let sums = cpu::forward(geo, &abs(xs), &abs(ws));
    for (i, ((g, w), s)) in got.iter().zip(&want).zip(&sums).enumerate() {
        let bound = tf32_bound(*s);
        assert!((g - w).abs() <= bound, "y[{i}]: {g} vs {w} (bound {bound})");
    }
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn a_cuda_graph_recorded_from_a_plan_runs_and_is_repointed() {
    let gpu = gpu();
    let v = gpu.handle.library().version();
    if (v.major, v.minor) < (9, 5) {
        eprintln!("cuDNN {v} cannot record CUDA graphs");
        return;
    }
    let (g, [x, w, y], geo) = small_conv();
    let s = &gpu.stream;
    let xs = values(192, 12);
    let ws = values(108, 13);
    let dx: CudaSlice<f32> = upload_flat(s, &xs);
    let dw: CudaSlice<f32> = upload_flat(s, &ws);
    let mut first: CudaSlice<f32> = s.alloc_zeros(256).expect("y");
    let mut second: CudaSlice<f32> = s.alloc_zeros(256).expect("y2");
    let mut scratch = Workspace::new();

    // A plan whose engine cannot be recorded is refused before cuDNN is.
    let (_graph, plain) = plan_for(&g, &gpu);
    let note = sys::cudnnBackendBehaviorNote_t::SUPPORTS_CUDA_GRAPH_NATIVE_API;
    if !plain.behavior_notes().expect("notes").contains(&note) {
        let mut pack = VariantPack::new()
            .input(x, &dx)
            .input(w, &dw)
            .output(y, &mut first);
        let r = gpu
            .handle
            .populate_cuda_graph(&plain, &mut pack, &mut scratch)
            .map(drop);
        match r {
            Err(Error::InvalidArgument {
                mismatch: Mismatch::EngineLacksNote { note, .. },
                ..
            }) => assert_eq!(note, "SUPPORTS_CUDA_GRAPH_NATIVE_API"),
            other => panic!(
                "expected the refusal of engine {:?}: {other:?}",
                plain.engine_index()
            ),
        }
    }

    let (_graph, plan) = plan_with(&g, &gpu.handle, &cuda_graph_settings());
    assert!(plan.behavior_notes().expect("notes").contains(&note));
    let mut pack = VariantPack::new()
        .input(x, &dx)
        .input(w, &dw)
        .output(y, &mut first);
    let mut recorded = gpu
        .handle
        .populate_cuda_graph(&plan, &mut pack, &mut scratch)
        .expect("populate");
    recorded.launch().expect("launch");
    drop(recorded);
    drop(pack);
    assert_tf32_conv(&geo, &xs, &ws, &download_flat(s, &first));

    let mut pack = VariantPack::new()
        .input(x, &dx)
        .input(w, &dw)
        .output(y, &mut first);
    let mut scratch2 = Workspace::new();
    let recorded = gpu
        .handle
        .populate_cuda_graph(&plan, &mut pack, &mut scratch)
        .expect("populate");
    let mut pack2 = VariantPack::new()
        .input(x, &dx)
        .input(w, &dw)
        .output(y, &mut second);
    let mut moved = gpu
        .handle
        .update_cuda_graph(&plan, &mut pack2, &mut scratch2, recorded)
        .expect("update");
    moved.launch().expect("launch");
    drop(moved);
    drop(pack2);
    assert_tf32_conv(&geo, &xs, &ws, &download_flat(s, &second));
}

/// A graph launched after other work on its stream, its output then read
/// on another stream: the read waits for the launch only if the launch
/// recorded its write (cudarc's events), which a record made when the
/// graph was populated would not do: the read would see the zeros.
#[test]
#[ignore = "needs a CUDA GPU"]
fn a_cuda_graph_launch_is_ordered_with_other_streams() {
    let gpu = gpu();
    let v = gpu.handle.library().version();
    if (v.major, v.minor) < (9, 5) {
        eprintln!("cuDNN {v} cannot record CUDA graphs");
        return;
    }
    let ctx = Arc::clone(gpu.stream.context());
    let (a, b) = (ctx.new_stream().expect("a"), ctx.new_stream().expect("b"));
    let handle = Handle::new(Arc::clone(&a)).expect("handle");
    let (g, [x, w, y], geo) = small_conv();
    let (_graph, plan) = plan_with(&g, &handle, &cuda_graph_settings());
    let xs = values(192, 14);
    let ws = values(108, 15);
    // Written on `b`: the launch on `a` waits for these copies.
    let dx: CudaSlice<f32> = upload_flat(&b, &xs);
    let dw: CudaSlice<f32> = upload_flat(&b, &ws);
    let mut dy: CudaSlice<f32> = a.alloc_zeros(256).expect("y");
    let mut busy: CudaSlice<u8> = a.alloc_zeros(1 << 28).expect("busy");
    let mut scratch = Workspace::new();
    let mut pack = VariantPack::new()
        .input(x, &dx)
        .input(w, &dw)
        .output(y, &mut dy);
    let mut recorded = handle
        .populate_cuda_graph(&plan, &mut pack, &mut scratch)
        .expect("populate");
    // Tens of milliseconds of work on `a` before the launch.
    for _ in 0..100 {
        a.memset_zeros(&mut busy).expect("memset");
    }
    recorded.launch().expect("launch");
    drop(recorded);
    drop(pack);
    let got: Vec<f64> = b
        .clone_dtoh(&dy)
        .expect("read on b")
        .iter()
        .map(|&v| f64::from(v))
        .collect();
    assert_tf32_conv(&geo, &xs, &ws, &got);
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn a_cached_plan_carries_the_scalars_of_the_graph_it_is_asked_for() {
    let gpu = gpu();
    let lib = gpu.handle.library().clone();
    if (lib.version().major, lib.version().minor) < (9, 8) {
        eprintln!("cuDNN {} has no device properties", lib.version());
        return;
    }
    // conv(x, w) * s, channels-last (cuDNN's fused epilogues want it):
    // graphs that differ only in the scalar's value share a key (a plan
    // does not depend on it).
    let scaled = |value: f32| {
        let mut g = Graph::new("conv_scale");
        let x = g
            .tensor_with_strides("x", &[1, 8, 8, 8], &[512, 1, 64, 8], FLOAT)
            .expect("x");
        let w = g
            .tensor_with_strides("w", &[8, 8, 3, 3], &[72, 1, 24, 8], FLOAT)
            .expect("w");
        let s = g.scalar("s", value).expect("s");
        let c = g
            .conv_fprop(x, w, &ConvOptions::new(2).padding(&[1, 1]))
            .expect("conv");
        let y = g.scale(c, s).expect("scale");
        g.set_output(y, FLOAT).expect("output");
        (g.build_with(&lib, None).expect("build"), s.uid())
    };
    let ((two, uid), (three, _)) = (scaled(2.0), scaled(3.0));
    assert_eq!(two.key(), three.key());
    let device = DeviceProperties::from_handle(&gpu.handle).expect("this GPU");
    let mut cache = PlanCache::new(4).expect("cache");
    let value = |p: &ExecutionPlan| p.tensor(uid).and_then(|t| t.by_value());
    let first = cache
        .get_or_build(&two, &device, &Settings::default())
        .expect("plan");
    assert_eq!(value(&first), Some(ScalarValue::Float(2.0)));
    let hit = cache
        .get_or_build(&three, &device, &Settings::default())
        .expect("hit");
    assert_eq!(value(&hit), Some(ScalarValue::Float(3.0)));
    // The plan handed out first is shared, and keeps its graph's scalar.
    assert_eq!(value(&first), Some(ScalarValue::Float(2.0)));
    assert_eq!((cache.hits(), cache.misses()), (1, 1));
}

/// A graph and a plan built with a handle keep the cuDNN handle alive
/// after the `Handle` drops: the graph still answers cuDNN's queries and
/// gives plans for another handle; the plan is refused on another handle.
#[test]
#[ignore = "needs a CUDA GPU"]
fn graphs_and_plans_outlive_their_handle() {
    let gpu = gpu();
    let lib = gpu.handle.library().clone();
    let (g, [x, w, y], geo) = small_conv();
    let own = Handle::new(Arc::clone(&gpu.stream)).expect("handle");
    let graph = g.build_with(&lib, Some(&own)).expect("build");
    let plan = graph
        .plans(Target::Handle(&own), &settings())
        .expect("plan")
        .remove(0);
    drop(own);
    assert!(graph.engine_count().expect("engine count") > 0);
    if lib.version().major >= 9 {
        assert!(plan.to_json().expect("json").contains("operationGraph"));
    }
    let s = &gpu.stream;
    let xs = values(192, 16);
    let ws = values(108, 17);
    let dx: CudaSlice<f32> = upload_flat(s, &xs);
    let dw: CudaSlice<f32> = upload_flat(s, &ws);
    let mut dy: CudaSlice<f32> = s.alloc_zeros(256).expect("y");
    let mut scratch = Workspace::new();
    let mut pack = VariantPack::new()
        .input(x, &dx)
        .input(w, &dw)
        .output(y, &mut dy);
    match gpu.handle.execute(&plan, &mut pack, &mut scratch) {
        Err(Error::InvalidArgument { mismatch, .. }) => {
            assert!(
                mismatch.to_string().contains("another handle"),
                "{mismatch}"
            )
        }
        other => panic!("expected the plan of another handle refused: {other:?}"),
    }
    let v = lib.version();
    if (v.major, v.minor) >= (9, 8) {
        let mine = graph
            .plans(Target::Handle(&gpu.handle), &settings())
            .expect("a plan for this handle")
            .remove(0);
        gpu.handle
            .execute(&mine, &mut pack, &mut scratch)
            .expect("execute");
        drop(pack);
        let err = max_abs_diff(&download_flat(s, &dy), &cpu::forward(&geo, &xs, &ws));
        assert!(err < 1e-3, "max |diff| {err}");
    }
    drop(graph);
    drop(plan);
}

/// A plan built for a description of this GPU with another SM count is
/// refused on it, before cuDNN runs; built for its own description, it
/// runs.
#[test]
#[ignore = "needs a CUDA GPU"]
fn a_plan_for_another_device_is_refused() {
    let gpu = gpu();
    let lib = gpu.handle.library().clone();
    if (lib.version().major, lib.version().minor) < (9, 8) {
        eprintln!("cuDNN {} has no device properties", lib.version());
        return;
    }
    let device = DeviceProperties::from_handle(&gpu.handle).expect("this GPU");
    let mut fields: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(device.json()).expect("JSON");
    let fewer = device.multiprocessor_count().saturating_sub(2).max(1);
    fields.insert("multiProcessorCount".into(), fewer.into());
    let other = DeviceProperties::from_json(&serde_json::Value::Object(fields).to_string())
        .expect("another description");
    let (g, [x, w, y], _) = small_conv();
    let graph = g.build_with(&lib, None).expect("build");
    let s = &gpu.stream;
    let dx: CudaSlice<f32> = s.alloc_zeros(192).expect("x");
    let dw: CudaSlice<f32> = s.alloc_zeros(108).expect("w");
    let mut dy: CudaSlice<f32> = s.alloc_zeros(256).expect("y");
    let mut scratch = Workspace::new();
    let mut pack = VariantPack::new()
        .input(x, &dx)
        .input(w, &dw)
        .output(y, &mut dy);
    let theirs = graph
        .plans(
            Target::Device {
                library: &lib,
                device: &other,
            },
            &settings(),
        )
        .expect("plan")
        .remove(0);
    assert_eq!(
        theirs.target().and_then(|t| t.limit("multiProcessorCount")),
        Some(i64::from(fewer))
    );
    match gpu.handle.execute(&theirs, &mut pack, &mut scratch) {
        Err(Error::InvalidArgument {
            mismatch: Mismatch::OtherDevice { what, .. },
            ..
        }) => assert!(what.contains("`multiProcessorCount` differs"), "{what}"),
        other => panic!("expected the plan of another GPU refused: {other:?}"),
    }
    let mine = graph
        .plans(
            Target::Device {
                library: &lib,
                device: &device,
            },
            &settings(),
        )
        .expect("plan")
        .remove(0);
    gpu.handle
        .execute(&mine, &mut pack, &mut scratch)
        .expect("its own description's plan runs");
}

/// `n` 4-bit codes from the deterministic values of `seed`.
fn fp4_codes(n: usize, seed: u64) -> Vec<u8> {
    values(n, seed)
        .iter()
        .map(|v| ((v + 1.0) * 8.0) as u8 & 0xF)
        .collect()
}

/// cudnn-frontend's NVFP4 matmul sample, `m` x `k` by `k` x `n`: `a`
/// row-major and `b` column-major `FP4_E2M1`, their `E4M3` factors
/// (`k / 16` blocks) in 128 x 4 tiles, bf16 `c`; returns the graph and
/// `a`, `b`, their factors and `c`.
fn nvfp4_graph(mi: i64, ni: i64, ki: i64) -> (Graph, [cudnn::graph::TensorId; 5]) {
    use cudnn::graph::TensorReordering;
    let kbi = ki / 16;
    let (fp4, e4m3) = (
        sys::cudnnDataType_t::FP4_E2M1,
        sys::cudnnDataType_t::FP8_E4M3,
    );
    let mut g = Graph::new("nvfp4_matmul");
    let a = g.tensor("a", &[1, mi, ki], fp4).expect("a");
    let b = g
        .tensor_with_strides("b", &[1, ki, ni], &[ki * ni, 1, ki], fp4)
        .expect("b");
    let sa = g.tensor("sa", &[1, mi, kbi], e4m3).expect("sa");
    let sb = g
        .tensor_with_strides("sb", &[1, kbi, ni], &[kbi * ni, 1, kbi], e4m3)
        .expect("sb");
    for s in [sa, sb] {
        g.set_reordering(s, TensorReordering::CUDNN_TENSOR_REORDERING_F8_128x4)
            .expect("tiles");
    }
    let da = g.block_scale_dequantize(a, sa, &[1, 16]).expect("da");
    let db = g.block_scale_dequantize(b, sb, &[16, 1]).expect("db");
    let c = g.matmul(da, db).expect("matmul");
    g.set_output(c, sys::cudnnDataType_t::BFLOAT16).expect("c");
    (g, [a, b, sa, sb, c])
}

/// An NVFP4 matmul (cudnn-frontend's Blackwell sample: `FP4_E2M1` `a` and
/// column-major `b`, `E4M3` factors over blocks of 16 along K in 128 x 4
/// tiles, bf16 out) against `cudnn_reference::block_scale`. The factors
/// are powers of two, so every product and the float sum of 64 are exact,
/// and the result is the reference's rounded to bf16. On a GPU other than
/// Blackwell (sm_100 to sm_103) cuDNN offers no engine, which is asserted
/// instead.
#[test]
#[ignore = "needs a CUDA GPU"]
fn an_nvfp4_matmul_matches_the_reference_on_blackwell() {
    use cudnn::{F4E2M1x2, F8E4M3};
    use cudnn_reference::block_scale as nvfp4;
    let gpu = gpu();
    let (m, n, k) = (128usize, 128usize, 64usize);
    let kb = k / nvfp4::BLOCK;
    let (mi, ni, ki) = (m as i64, n as i64, k as i64);
    let (g, [a, b, sa, sb, c]) = nvfp4_graph(mi, ni, ki);
    let graph = g
        .build_with(gpu.handle.library(), Some(&gpu.handle))
        .expect("build");
    let plans = graph.plans(Target::Handle(&gpu.handle), &Settings::default());
    let device = DeviceProperties::from_handle(&gpu.handle).expect("the device");
    let (major, minor) = device.compute_capability();
    if major != 10 {
        assert!(
            matches!(plans, Err(Error::NoEngine { .. })),
            "sm_{major}{minor}: {plans:?}"
        );
        return;
    }
    let plan = plans.expect("an NVFP4 plan").remove(0);

    // A row-major, B column by column: element l of row (column) r is at
    // r * k + l, so both pack along K, two codes to a byte.
    let (ac, bc) = (fp4_codes(m * k, 41), fp4_codes(n * k, 42));
    let pack = |codes: &[u8]| -> Vec<F4E2M1x2> {
        codes
            .chunks(2)
            .map(|p| F4E2M1x2::from_codes(p[0], p[1]))
            .collect()
    };
    let powers = [0x30u8, 0x38, 0x40, 0x48]; // 0.5, 1, 2, 4
    let factors = |count: usize, seed: u64| -> Vec<u8> {
        values(count, seed)
            .iter()
            .map(|v| powers[((v + 1.0) * 2.0) as usize % 4])
            .collect()
    };
    let (fa, fb) = (factors(m * kb, 43), factors(n * kb, 44));
    let tiled = |rows: usize, logical: &[u8]| -> Vec<F8E4M3> {
        nvfp4::tile_128x4(rows, kb, logical)
            .into_iter()
            .map(F8E4M3)
            .collect()
    };
    let s = &gpu.stream;
    let (a_buf, b_buf) = (
        s.clone_htod(&pack(&ac)).unwrap(),
        s.clone_htod(&pack(&bc)).unwrap(),
    );
    let (sa_buf, sb_buf) = (
        s.clone_htod(&tiled(m, &fa)).unwrap(),
        s.clone_htod(&tiled(n, &fb)).unwrap(),
    );
    let mut c_buf: CudaSlice<half::bf16> = s.alloc_zeros(m * n).expect("c");
    let mut scratch = Workspace::new();
    gpu.handle
        .execute(
            &plan,
            &mut VariantPack::new()
                .input(a.uid(), &a_buf)
                .input(b.uid(), &b_buf)
                .input(sa.uid(), &sa_buf)
                .input(sb.uid(), &sb_buf)
                .output(c.uid(), &mut c_buf),
            &mut scratch,
        )
        .expect("execute");
    let got = s.clone_dtoh(&c_buf).expect("download");
    let want = nvfp4::nvfp4_matmul((m, n, k), (&ac, &fa), (&bc, &fb));
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        // bf16's rounding: half a unit of its 8-bit significand.
        let bound = w.abs() * 2f64.powi(-8);
        let err = (g.to_f64() - w).abs();
        assert!(
            err <= bound,
            "c[{}][{}]: {} against {w}",
            i / n,
            i % n,
            g.to_f64()
        );
    }
}

/// The MoE grouped matmul (bf16, computed in `FLOAT`) in each routing
/// against the CPU reference (`cudnn_reference::moe`): 4 experts over
/// 128 routed rows in groups of 40, 0, 60 and 28 (an empty one), the
/// weight laid out as cudnn-frontend lays it (`[E, K, N]`, strides
/// `[K * N, 1, K]`); a gather of 64 tokens each routed twice, and a scatter
/// that writes every output row once.
#[test]
#[ignore = "needs a CUDA GPU"]
fn moe_grouped_matmul_matches_the_reference_in_each_routing() {
    use cudnn::graph::MoeRouting;
    use cudnn::half::bf16;
    use cudnn_reference::moe::{self as moe_cpu, MoeShape};

    const BF16: sys::cudnnDataType_t = sys::cudnnDataType_t::BFLOAT16;
    const I32: sys::cudnnDataType_t = sys::cudnnDataType_t::INT32;
    const S: usize = 64;
    const TOP_K: usize = 2;
    const R: usize = S * TOP_K;
    const K: usize = 64;
    const N: usize = 128;
    const E: usize = 4;
    let gpu = gpu();
    let v = gpu.handle.library().version();
    assert!(
        v >= cudnn::Version::new(9, 15, 0),
        "the GPU bundle runs a cuDNN with the MoE grouped matmul (9.15 or later), not {v}"
    );
    let offsets: [i32; E + 1] = [0, 40, 40, 100, 128];
    let weight = common::gpu::rounded::<bf16>(&values(E * K * N, 12));
    // cudnn-frontend's layout: element (e, k, n) at e*K*N + n*K + k.
    let mut weight_gpu = vec![0.0; E * K * N];
    for e in 0..E {
        for k in 0..K {
            for n in 0..N {
                weight_gpu[e * K * N + n * K + k] = weight[e * K * N + k * N + n];
            }
        }
    }
    // Gather: routed row r reads token (r * 7 + 3) % S. Scatter: routed row
    // r is token t's choice c, every (t, c) once, in a shuffled order.
    let gather_index: Vec<i32> = (0..R).map(|r| ((r * 7 + 3) % S) as i32).collect();
    let shuffled: Vec<usize> = (0..R).map(|r| (r * 37 + 5) % R).collect();
    let scatter_index: Vec<i32> = shuffled.iter().map(|&p| (p / TOP_K) as i32).collect();
    let scatter_ks: Vec<i32> = shuffled.iter().map(|&p| (p % TOP_K) as i32).collect();
    for mode in ["none", "gather", "scatter"] {
        let token_rows = if mode == "gather" { S } else { R };
        let token = common::gpu::rounded::<bf16>(&values(token_rows * K, 11));
        let mut g = Graph::new(mode);
        let t = g
            .tensor("token", &[1, token_rows as i64, K as i64], BF16)
            .expect("token");
        let kn = (K * N) as i64;
        let w = g
            .tensor_with_strides(
                "weight",
                &[E as i64, K as i64, N as i64],
                &[kn, 1, K as i64],
                BF16,
            )
            .expect("weight");
        let fto = g
            .tensor("first_token_offset", &[E as i64 + 1, 1, 1], I32)
            .expect("offsets");
        let rows = [1, R as i64, 1];
        let (routing, indices) = match mode {
            "none" => (MoeRouting::None, vec![]),
            "gather" => {
                let i = g.tensor("token_index", &rows, I32).expect("index");
                (
                    MoeRouting::Gather { token_index: i },
                    vec![(i, &gather_index)],
                )
            }
            _ => {
                let i = g.tensor("token_index", &rows, I32).expect("index");
                let ks = g.tensor("token_ks", &rows, I32).expect("ks");
                let routing = MoeRouting::Scatter {
                    token_index: i,
                    token_ks: ks,
                    top_k: TOP_K as u32,
                };
                (routing, vec![(i, &scatter_index), (ks, &scatter_ks)])
            }
        };
        let y = g.moe_grouped_matmul(t, w, fto, routing).expect("moe");
        g.set_output(y, BF16).expect("output");
        let (_graph, plan) = plan_with(&g, &gpu.handle, &Settings::default());

        let s = &gpu.stream;
        let d_token: CudaSlice<bf16> = upload_flat(s, &token);
        let d_weight: CudaSlice<bf16> = upload_flat(s, &weight_gpu);
        let d_offsets: CudaSlice<i32> = s.clone_htod(&offsets).expect("offsets");
        let d_indices: Vec<CudaSlice<i32>> = indices
            .iter()
            .map(|(_, v)| s.clone_htod(v.as_slice()).expect("indices"))
            .collect();
        let mut d_y: CudaSlice<bf16> = s.alloc_zeros(R * N).expect("y");
        // SAFETY: the offsets are non-decreasing bounds within 0..=R, each
        // token index within the token rows (gather) or 0..S (scatter), each
        // choice within 0..TOP_K (the reference checks the same values
        // below, and refuses any outside); the buffers outlive the
        // execution (the download below synchronizes).
        let mut pack = unsafe { VariantPack::new().index_input(fto.uid(), &d_offsets) };
        for ((id, _), d) in indices.iter().zip(&d_indices) {
            // SAFETY: as above.
            pack = unsafe { pack.index_input(id.uid(), d) };
        }
        pack = pack
            .input(t.uid(), &d_token)
            .input(w.uid(), &d_weight)
            .output(y.uid(), &mut d_y);
        gpu.handle
            .execute(&plan, &mut pack, &mut Workspace::new())
            .unwrap_or_else(|e| panic!("{mode}: {e}"));
        drop(pack);
        let got = download_flat(s, &d_y);

        let shape = MoeShape {
            token_rows,
            k: K,
            n: N,
            experts: E,
        };
        let cpu_routing = match mode {
            "none" => moe_cpu::MoeRouting::None,
            "gather" => moe_cpu::MoeRouting::Gather {
                token_index: &gather_index,
            },
            _ => moe_cpu::MoeRouting::Scatter {
                token_index: &scatter_index,
                token_ks: &scatter_ks,
                top_k: TOP_K as i32,
            },
        };
        let mut want = vec![0.0f64; R * N];
        moe_cpu::forward(&shape, &token, &weight, &offsets, cpu_routing, &mut want)
            .unwrap_or_else(|e| panic!("{mode}: the reference: {e}"));
        let err = got
            .iter()
            .zip(&want)
            .map(|(a, b)| (a - b).abs() / b.abs().max(1.0))
            .fold(0.0, f64::max);
        assert!(err < 2e-2, "{mode}: max relative |diff| {err}");
    }
}
