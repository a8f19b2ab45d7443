//! Every convolution algorithm cuDNN supports, on standard shapes, timed on
//! the GPU.
//!
//! For each shape of `scripts/bench/shapes.json` (ResNet-50 and DeepBench
//! training shapes, and two overhead probes), each precision (fp32 with
//! TF32 off, fp32 with TF32 allowed, fp16 and bf16, both computing in f32),
//! each layout (NCHW, NHWC) and each direction (forward, backward data,
//! backward filter):
//!
//! - the cost of choosing an algorithm: cuDNN's heuristic and Find
//!   (benchmarking every candidate), in ms, and of a hit in the
//!   [`AlgoCache`];
//! - every algorithm the heuristic lists as supported (with the math type
//!   it gives), timed with criterion's `iter_custom`: back-to-back launches
//!   between two CUDA events, one synchronisation per measurement, the
//!   buffers rotated over as many sets as it takes to exceed twice the GPU's
//!   L2 cache; reported in ms and TFLOP/s (`2*N*K*C*R*S*P*Q / time`;
//!   Winograd and FFT do less arithmetic, so theirs are
//!   direct-convolution-equivalent rates), with the workspace each needs;
//! - how much slower the heuristic's pick is than the fastest.
//!
//! Results go to `target/bench/conv_algos.json` (`$OUT/conv_algos.json`
//! when `OUT` is set; `CONV_BENCH_JSON` names the file), rewritten after
//! every configuration so that a run cut short keeps what it measured;
//! `scripts/bench/join.py` compares them with PyTorch's
//! (`scripts/bench/torch_conv.py`).
//!
//! Without a GPU (or without cuDNN) it prints why and exits 0, so that
//! `cargo bench` works everywhere; `CUDNN_BENCH_REQUIRE=1` makes that exit 1.
//! Run by `cargo test --benches` (no `--bench` argument) it launches every
//! algorithm once on the first overhead probe and times nothing.
//!
//! The full matrix takes about an hour; the environment cuts it:
//!
//! | variable | values | default |
//! | --- | --- | --- |
//! | `CONV_BENCH_SHAPES` | indices of `shapes.json`, `1,3,5-7` | all 15 |
//! | `CONV_BENCH_DTYPES` | `fp32,tf32,fp16,bf16` | all |
//! | `CONV_BENCH_LAYOUTS` | `nchw,nhwc` | both |
//! | `CONV_BENCH_DIRS` | `fwd,bwd_data,bwd_filter` | all |
//! | `CONV_BENCH_ALGOS` | `all`, or `picks` (the heuristic's and Find's picks only) | `all` |
//! | `CONV_BENCH_QUICK=1` | warm-up 0.1 s, measurement 0.2 s (default 0.5 s, 1 s), 10 samples | off |
//! | `CONV_BENCH_BUDGET_S` | start no configuration after this many seconds | none |
//!
//! Criterion's own options (`--warm-up-time`, `--measurement-time`,
//! `--sample-size`, a name filter) still apply, but the searches and buffer
//! set-up happen for every selected configuration: cut with the variables.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion, SamplingMode, Throughput};
use cudnn::conv::{ConvBackwardDataArgs, ConvBackwardFilterArgs, ConvForwardArgs};
use cudnn::cudarc::driver::sys::{CUdevice_attribute, CUevent_flags};
use cudnn::cudarc::driver::{CudaContext, CudaEvent, CudaSlice, CudaStream};
use cudnn::half::{bf16, f16};
use cudnn::{
    AlgoCache, AlgoChoice, BwdDataAlgo, BwdFilterAlgo, ComputeType, ComputesIn, ConvProblem,
    ConvolutionDescriptor, DataType, FilterDescriptor, FwdAlgo, Handle, Library, MathType, Scaling,
    SearchMode, SearchOptions, TensorDescriptor, TensorFormat, Workspace,
};
use serde_json::{json, Value};

/// The shapes, shared with `scripts/bench/torch_conv.py`.
const SHAPES_JSON: &str = include_str!("../scripts/bench/shapes.json");

#[derive(Debug, Clone)]
struct Shape {
    index: usize,
    n: usize,
    c: usize,
    h: usize,
    w: usize,
    k: usize,
    r: usize,
    s: usize,
    pad: usize,
    stride: usize,
    source: String,
}

impl Shape {
    fn label(&self) -> String {
        format!(
            "{}x{}x{}x{}-k{}-{}x{}-p{}-s{}",
            self.n, self.c, self.h, self.w, self.k, self.r, self.s, self.pad, self.stride
        )
    }

    fn to_json(&self) -> Value {
        json!({
            "index": self.index, "n": self.n, "c": self.c, "h": self.h, "w": self.w,
            "k": self.k, "r": self.r, "s": self.s, "pad": self.pad, "stride": self.stride,
            "source": self.source, "label": self.label(),
        })
    }
}

fn all_shapes() -> Vec<Shape> {
    let doc: Value = serde_json::from_str(SHAPES_JSON).expect("shapes.json is JSON");
    let field = |v: &Value, k: &str| -> usize {
        v[k].as_u64()
            .unwrap_or_else(|| panic!("shapes.json: {k} of {v} is not a number")) as usize
    };
    doc["shapes"]
        .as_array()
        .expect("shapes.json has a list `shapes`")
        .iter()
        .map(|v| Shape {
            index: field(v, "index"),
            n: field(v, "n"),
            c: field(v, "c"),
            h: field(v, "h"),
            w: field(v, "w"),
            k: field(v, "k"),
            r: field(v, "r"),
            s: field(v, "s"),
            pad: field(v, "pad"),
            stride: field(v, "stride"),
            source: v["source"].as_str().unwrap_or("").to_owned(),
        })
        .collect()
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Precision {
    Fp32,
    Tf32,
    Fp16,
    Bf16,
}

impl Precision {
    const ALL: [Precision; 4] = [
        Precision::Fp32,
        Precision::Tf32,
        Precision::Fp16,
        Precision::Bf16,
    ];
    fn name(self) -> &'static str {
        match self {
            Precision::Fp32 => "fp32",
            Precision::Tf32 => "tf32",
            Precision::Fp16 => "fp16",
            Precision::Bf16 => "bf16",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Layout {
    Nchw,
    Nhwc,
}

impl Layout {
    const ALL: [Layout; 2] = [Layout::Nchw, Layout::Nhwc];
    fn name(self) -> &'static str {
        match self {
            Layout::Nchw => "nchw",
            Layout::Nhwc => "nhwc",
        }
    }
    fn format(self) -> TensorFormat {
        match self {
            Layout::Nchw => TensorFormat::CUDNN_TENSOR_NCHW,
            Layout::Nhwc => TensorFormat::CUDNN_TENSOR_NHWC,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Dir {
    Fwd,
    BwdData,
    BwdFilter,
}

impl Dir {
    const ALL: [Dir; 3] = [Dir::Fwd, Dir::BwdData, Dir::BwdFilter];
    fn name(self) -> &'static str {
        match self {
            Dir::Fwd => "fwd",
            Dir::BwdData => "bwd_data",
            Dir::BwdFilter => "bwd_filter",
        }
    }
    /// cuDNN's name of algorithm `id` (`cudnnConvolution*Algo_t`).
    fn algo_name(self, id: u32) -> String {
        let names: &[&str] = match self {
            Dir::Fwd => &[
                "IMPLICIT_GEMM",
                "IMPLICIT_PRECOMP_GEMM",
                "GEMM",
                "DIRECT",
                "FFT",
                "FFT_TILING",
                "WINOGRAD",
                "WINOGRAD_NONFUSED",
            ],
            Dir::BwdData => &[
                "ALGO_0",
                "ALGO_1",
                "FFT",
                "FFT_TILING",
                "WINOGRAD",
                "WINOGRAD_NONFUSED",
            ],
            Dir::BwdFilter => &[
                "ALGO_0",
                "ALGO_1",
                "FFT",
                "ALGO_3",
                "WINOGRAD",
                "WINOGRAD_NONFUSED",
                "FFT_TILING",
            ],
        };
        names
            .get(id as usize)
            .map_or_else(|| format!("ALGO_{id}"), |s| (*s).to_owned())
    }
}

/// Winograd and FFT compute the convolution with fewer multiplications than
/// the direct method, so their FLOP rate is an equivalent, not a count.
fn reduced_arithmetic(algo_name: &str) -> bool {
    algo_name.contains("FFT") || algo_name.contains("WINOGRAD")
}

fn math_name(m: MathType) -> &'static str {
    match m {
        MathType::CUDNN_DEFAULT_MATH => "DEFAULT",
        MathType::CUDNN_TENSOR_OP_MATH => "TENSOR_OP",
        MathType::CUDNN_TENSOR_OP_MATH_ALLOW_CONVERSION => "TENSOR_OP_ALLOW_CONVERSION",
        MathType::CUDNN_FMA_MATH => "FMA",
        _ => "OTHER",
    }
}

/// What to run and how long, from the environment and the arguments.
struct Settings {
    shapes: Vec<Shape>,
    precisions: Vec<Precision>,
    layouts: Vec<Layout>,
    dirs: Vec<Dir>,
    all_algos: bool,
    quick: bool,
    warm_up: Duration,
    measurement: Duration,
    sample_size: usize,
    budget: Option<Duration>,
    json_path: PathBuf,
}

fn env(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}

/// A comma-separated selection among `all` by name (or `all`).
fn select<T: Copy>(var: &str, all: &[T], name: fn(T) -> &'static str) -> Result<Vec<T>, String> {
    let Some(text) = env(var) else {
        return Ok(all.to_vec());
    };
    if text.trim().eq_ignore_ascii_case("all") {
        return Ok(all.to_vec());
    }
    let mut out = Vec::new();
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let item = all
            .iter()
            .copied()
            .find(|t| name(*t).eq_ignore_ascii_case(part))
            .ok_or_else(|| {
                let names: Vec<_> = all.iter().map(|t| name(*t)).collect();
                format!(
                    "{var}: unknown value {part:?} (one of {})",
                    names.join(", ")
                )
            })?;
        out.push(item);
    }
    Ok(out)
}

/// `1,3,5-7` into shape indices.
fn select_shapes(text: &str, all: &[Shape]) -> Result<Vec<Shape>, String> {
    let mut wanted = Vec::new();
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let bad = || format!("CONV_BENCH_SHAPES: {part:?} is not an index or a range like 3-5");
        let (a, b) = match part.split_once('-') {
            Some((a, b)) => (a.trim(), b.trim()),
            None => (part, part),
        };
        let a: usize = a.parse().map_err(|_| bad())?;
        let b: usize = b.parse().map_err(|_| bad())?;
        for i in a..=b {
            let shape = all.iter().find(|s| s.index == i).ok_or_else(|| {
                format!(
                    "CONV_BENCH_SHAPES: no shape {i} (shapes.json has 1 to {})",
                    all.len()
                )
            })?;
            wanted.push(shape.clone());
        }
    }
    Ok(wanted)
}

/// The value of `--name N` or `--name=N` among the arguments.
fn arg_value(args: &[String], name: &str) -> Option<String> {
    let prefix = format!("{name}=");
    args.iter().enumerate().find_map(|(i, a)| {
        if a == name {
            args.get(i + 1).cloned()
        } else {
            a.strip_prefix(&prefix).map(str::to_owned)
        }
    })
}

impl Settings {
    fn from_env(args: &[String], bench_mode: bool) -> Result<Settings, String> {
        let all = all_shapes();
        let shapes = match env("CONV_BENCH_SHAPES") {
            Some(text) => select_shapes(&text, &all)?,
            // A test run launches on the smallest shape only.
            None if !bench_mode => all.iter().filter(|s| s.index == 14).cloned().collect(),
            None => all,
        };
        let algos = env("CONV_BENCH_ALGOS").unwrap_or_else(|| "all".into());
        let all_algos = match algos.trim().to_ascii_lowercase().as_str() {
            "all" => true,
            "picks" => false,
            other => {
                return Err(format!(
                    "CONV_BENCH_ALGOS: unknown value {other:?} (all or picks)"
                ))
            }
        };
        let quick = env("CONV_BENCH_QUICK").is_some_and(|v| v != "0");
        let secs = |name: &str, default: f64| -> Result<Duration, String> {
            match arg_value(args, name) {
                Some(v) => v
                    .parse::<f64>()
                    .ok()
                    .filter(|s| *s > 0.0)
                    .map(Duration::from_secs_f64)
                    .ok_or_else(|| format!("{name}: {v:?} is not a positive number of seconds")),
                None => Ok(Duration::from_secs_f64(default)),
            }
        };
        let warm_up = secs("--warm-up-time", if quick { 0.1 } else { 0.5 })?;
        let measurement = secs("--measurement-time", if quick { 0.2 } else { 1.0 })?;
        let sample_size = match arg_value(args, "--sample-size") {
            Some(v) => v
                .parse::<usize>()
                .ok()
                .filter(|n| *n >= 10)
                .ok_or_else(|| format!("--sample-size: {v:?} (criterion needs at least 10)"))?,
            None => 10,
        };
        let budget = match env("CONV_BENCH_BUDGET_S") {
            Some(v) => {
                Some(Duration::from_secs_f64(v.parse::<f64>().map_err(|_| {
                    format!("CONV_BENCH_BUDGET_S: {v:?} is not a number")
                })?))
            }
            None => None,
        };
        let json_path = match (env("CONV_BENCH_JSON"), env("OUT")) {
            (Some(p), _) => PathBuf::from(p),
            (None, Some(out)) => PathBuf::from(out).join("conv_algos.json"),
            (None, None) => PathBuf::from("target/bench/conv_algos.json"),
        };
        Ok(Settings {
            shapes,
            precisions: select("CONV_BENCH_DTYPES", &Precision::ALL, Precision::name)?,
            layouts: select("CONV_BENCH_LAYOUTS", &Layout::ALL, Layout::name)?,
            dirs: select("CONV_BENCH_DIRS", &Dir::ALL, Dir::name)?,
            all_algos,
            quick,
            warm_up,
            measurement,
            sample_size,
            budget,
            json_path,
        })
    }

    fn to_json(&self) -> Value {
        json!({
            "shapes": self.shapes.iter().map(|s| s.index).collect::<Vec<_>>(),
            "dtypes": self.precisions.iter().map(|p| p.name()).collect::<Vec<_>>(),
            "layouts": self.layouts.iter().map(|l| l.name()).collect::<Vec<_>>(),
            "directions": self.dirs.iter().map(|d| d.name()).collect::<Vec<_>>(),
            "algos": if self.all_algos { "all" } else { "picks" },
            "quick": self.quick,
            "warm_up_s": self.warm_up.as_secs_f64(),
            "measurement_s": self.measurement.as_secs_f64(),
            "sample_size": self.sample_size,
            "sampling": "flat",
            "statistic": "median over samples of (event time of a sample / launches in it)",
            "rotation": "buffer sets rotated until they exceed twice the L2 cache",
        })
    }
}

/// The GPU, its stream, a handle and the two timing events.
struct Gpu {
    stream: Arc<CudaStream>,
    handle: Handle,
    start: CudaEvent,
    end: CudaEvent,
    name: String,
    compute_capability: (i32, i32),
    l2_bytes: usize,
    memory_bytes: usize,
}

impl Gpu {
    fn open(ctx: Arc<CudaContext>) -> cudnn::Result<Gpu> {
        let stream = ctx.default_stream();
        let handle = Handle::new(Arc::clone(&stream))?;
        let timing = Some(CUevent_flags::CU_EVENT_DEFAULT);
        Ok(Gpu {
            start: ctx.new_event(timing)?,
            end: ctx.new_event(timing)?,
            name: ctx.name()?,
            compute_capability: ctx.compute_capability()?,
            l2_bytes: ctx
                .attribute(CUdevice_attribute::CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE)?
                .max(0) as usize,
            memory_bytes: ctx.total_mem()?,
            stream,
            handle,
        })
    }
}

/// Element types the benchmark fills with values.
trait Elem: DataType {
    fn from_f32(v: f32) -> Self;
}
impl Elem for f32 {
    fn from_f32(v: f32) -> f32 {
        v
    }
}
impl Elem for f16 {
    fn from_f32(v: f32) -> f16 {
        f16::from_f32(v)
    }
}
impl Elem for bf16 {
    fn from_f32(v: f32) -> bf16 {
        bf16::from_f32(v)
    }
}

/// Deterministic values in [-0.5, 0.5).
fn values<T: Elem>(n: usize, seed: u64) -> Vec<T> {
    let mut s = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    (0..n)
        .map(|_| {
            s = s
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            T::from_f32((s >> 40) as f32 / (1u64 << 24) as f32 - 0.5)
        })
        .collect()
}

/// One set of buffers: the inputs `x`, `w` and `y` (also `dy`), which
/// forward writes `y` into, and the gradients `dx`, `dw` the backward
/// directions write.
struct Set<T> {
    x: CudaSlice<T>,
    w: CudaSlice<T>,
    y: CudaSlice<T>,
    dx: CudaSlice<T>,
    dw: CudaSlice<T>,
}

fn make_sets<T: Elem>(
    stream: &Arc<CudaStream>,
    lens: [usize; 3],
    count: usize,
) -> cudnn::Result<Vec<Set<T>>> {
    let [xl, wl, yl] = lens;
    let x0 = stream.clone_htod(&values::<T>(xl, 1))?;
    let w0 = stream.clone_htod(&values::<T>(wl, 2))?;
    let y0 = stream.clone_htod(&values::<T>(yl, 3))?;
    let mut sets = Vec::with_capacity(count);
    for _ in 1..count {
        sets.push(Set {
            x: stream.clone_dtod(&x0)?,
            w: stream.clone_dtod(&w0)?,
            y: stream.clone_dtod(&y0)?,
            dx: stream.alloc_zeros(xl)?,
            dw: stream.alloc_zeros(wl)?,
        });
    }
    sets.push(Set {
        x: x0,
        w: w0,
        y: y0,
        dx: stream.alloc_zeros(xl)?,
        dw: stream.alloc_zeros(wl)?,
    });
    stream.synchronize()?;
    Ok(sets)
}

/// One direction's search, candidates and launch.
trait Direction {
    type Algo: Copy + PartialEq + std::fmt::Debug;
    const DIR: Dir;
    fn id(a: Self::Algo) -> u32;
    fn candidates<T: Elem + ComputesIn<C>, C: ComputeType>(
        h: &Handle,
        p: &ConvProblem<T, C>,
        o: &SearchOptions,
    ) -> cudnn::Result<Vec<AlgoChoice<Self::Algo>>>;
    fn find<T: Elem + ComputesIn<C>, C: ComputeType>(
        h: &Handle,
        p: &ConvProblem<T, C>,
        o: &SearchOptions,
        cache: &AlgoCache,
        ws: &mut Workspace,
        s: &mut Set<T>,
    ) -> cudnn::Result<AlgoChoice<Self::Algo>>;
    fn launch<T: Elem + ComputesIn<C>, C: ComputeType>(
        h: &Handle,
        p: &ConvProblem<T, C>,
        a: &AlgoChoice<Self::Algo>,
        ws: &mut Workspace,
        s: &mut Set<T>,
    ) -> cudnn::Result<()>;
}

struct Fwd;
impl Direction for Fwd {
    type Algo = FwdAlgo;
    const DIR: Dir = Dir::Fwd;
    fn id(a: FwdAlgo) -> u32 {
        a.0
    }
    fn candidates<T: Elem + ComputesIn<C>, C: ComputeType>(
        h: &Handle,
        p: &ConvProblem<T, C>,
        o: &SearchOptions,
    ) -> cudnn::Result<Vec<AlgoChoice<FwdAlgo>>> {
        h.forward_candidates(p, o)
    }
    fn find<T: Elem + ComputesIn<C>, C: ComputeType>(
        h: &Handle,
        p: &ConvProblem<T, C>,
        o: &SearchOptions,
        cache: &AlgoCache,
        ws: &mut Workspace,
        s: &mut Set<T>,
    ) -> cudnn::Result<AlgoChoice<FwdAlgo>> {
        h.find_forward(
            p,
            o,
            cache,
            ws,
            ConvForwardArgs {
                x: &s.x,
                w: &s.w,
                y: &mut s.y,
            },
        )
    }
    fn launch<T: Elem + ComputesIn<C>, C: ComputeType>(
        h: &Handle,
        p: &ConvProblem<T, C>,
        a: &AlgoChoice<FwdAlgo>,
        ws: &mut Workspace,
        s: &mut Set<T>,
    ) -> cudnn::Result<()> {
        h.convolution_forward(
            p,
            a,
            ws,
            ConvForwardArgs {
                x: &s.x,
                w: &s.w,
                y: &mut s.y,
            },
            Scaling::default(),
        )
    }
}

struct BwdData;
impl Direction for BwdData {
    type Algo = BwdDataAlgo;
    const DIR: Dir = Dir::BwdData;
    fn id(a: BwdDataAlgo) -> u32 {
        a.0
    }
    fn candidates<T: Elem + ComputesIn<C>, C: ComputeType>(
        h: &Handle,
        p: &ConvProblem<T, C>,
        o: &SearchOptions,
    ) -> cudnn::Result<Vec<AlgoChoice<BwdDataAlgo>>> {
        h.backward_data_candidates(p, o)
    }
    fn find<T: Elem + ComputesIn<C>, C: ComputeType>(
        h: &Handle,
        p: &ConvProblem<T, C>,
        o: &SearchOptions,
        cache: &AlgoCache,
        ws: &mut Workspace,
        s: &mut Set<T>,
    ) -> cudnn::Result<AlgoChoice<BwdDataAlgo>> {
        h.find_backward_data(
            p,
            o,
            cache,
            ws,
            ConvBackwardDataArgs {
                w: &s.w,
                dy: &s.y,
                dx: &mut s.dx,
            },
        )
    }
    fn launch<T: Elem + ComputesIn<C>, C: ComputeType>(
        h: &Handle,
        p: &ConvProblem<T, C>,
        a: &AlgoChoice<BwdDataAlgo>,
        ws: &mut Workspace,
        s: &mut Set<T>,
    ) -> cudnn::Result<()> {
        h.convolution_backward_data(
            p,
            a,
            ws,
            ConvBackwardDataArgs {
                w: &s.w,
                dy: &s.y,
                dx: &mut s.dx,
            },
            Scaling::default(),
        )
    }
}

struct BwdFilter;
impl Direction for BwdFilter {
    type Algo = BwdFilterAlgo;
    const DIR: Dir = Dir::BwdFilter;
    fn id(a: BwdFilterAlgo) -> u32 {
        a.0
    }
    fn candidates<T: Elem + ComputesIn<C>, C: ComputeType>(
        h: &Handle,
        p: &ConvProblem<T, C>,
        o: &SearchOptions,
    ) -> cudnn::Result<Vec<AlgoChoice<BwdFilterAlgo>>> {
        h.backward_filter_candidates(p, o)
    }
    fn find<T: Elem + ComputesIn<C>, C: ComputeType>(
        h: &Handle,
        p: &ConvProblem<T, C>,
        o: &SearchOptions,
        cache: &AlgoCache,
        ws: &mut Workspace,
        s: &mut Set<T>,
    ) -> cudnn::Result<AlgoChoice<BwdFilterAlgo>> {
        h.find_backward_filter(
            p,
            o,
            cache,
            ws,
            ConvBackwardFilterArgs {
                x: &s.x,
                dy: &s.y,
                dw: &mut s.dw,
            },
        )
    }
    fn launch<T: Elem + ComputesIn<C>, C: ComputeType>(
        h: &Handle,
        p: &ConvProblem<T, C>,
        a: &AlgoChoice<BwdFilterAlgo>,
        ws: &mut Workspace,
        s: &mut Set<T>,
    ) -> cudnn::Result<()> {
        h.convolution_backward_filter(
            p,
            a,
            ws,
            ConvBackwardFilterArgs {
                x: &s.x,
                dy: &s.y,
                dw: &mut s.dw,
            },
            Scaling::default(),
        )
    }
}

fn median(mut v: Vec<f64>) -> Option<f64> {
    v.retain(|x| x.is_finite());
    v.sort_by(f64::total_cmp);
    let n = v.len();
    match n {
        0 => None,
        _ if n % 2 == 1 => Some(v[n / 2]),
        _ => Some((v[n / 2 - 1] + v[n / 2]) / 2.0),
    }
}

fn ms_since(t: Instant) -> f64 {
    t.elapsed().as_secs_f64() * 1e3
}

/// One configuration: a shape, a precision and a layout.
struct Config<'a> {
    shape: &'a Shape,
    precision: Precision,
    layout: Layout,
    flops: f64,
    sets: usize,
    set_bytes: usize,
}

/// An algorithm to time, and why.
struct Entry<A> {
    choice: AlgoChoice<A>,
    heuristic_rank: Option<usize>,
    heuristic_pick: bool,
    find_pick: bool,
}

/// Searches, then times every algorithm of one direction; the result is
/// this direction's JSON record. TF32 is allowed for every precision but
/// plain fp32.
fn bench_direction<D: Direction, T: Elem + ComputesIn<C>, C: ComputeType>(
    gpu: &Gpu,
    crit: Option<&mut Criterion>,
    st: &Settings,
    cfg: &Config<'_>,
    p: &ConvProblem<T, C>,
    sets: &mut [Set<T>],
    ws: &mut Workspace,
) -> Value {
    let tf32 = cfg.precision != Precision::Fp32;
    let dir = D::DIR;
    let h = &gpu.handle;
    let mut record = json!({
        "shape": cfg.shape.index,
        "label": cfg.shape.label(),
        "dtype": cfg.precision.name(),
        "layout": cfg.layout.name(),
        "direction": dir.name(),
        "flops": cfg.flops,
        "buffer_sets": cfg.sets,
        "buffer_set_bytes": cfg.set_bytes,
    });
    let heuristic = SearchOptions {
        mode: SearchMode::Heuristic,
        allow_tf32: tf32,
        ..SearchOptions::default()
    };
    let benchmark = SearchOptions {
        mode: SearchMode::Benchmark,
        ..heuristic.clone()
    };
    let group_name = format!(
        "s{:02}.{}.{}.{}.{}",
        cfg.shape.index,
        cfg.shape.label(),
        cfg.precision.name(),
        cfg.layout.name(),
        dir.name()
    );
    println!(
        "\n== {group_name}: {:.2} GFLOP, {} buffer set(s) of {:.1} MiB",
        cfg.flops / 1e9,
        cfg.sets,
        cfg.set_bytes as f64 / (1 << 20) as f64
    );

    // The heuristic: no GPU work, a fresh cache each time.
    let mut heuristic_times = Vec::new();
    let mut heuristic_pick = None;
    let hit_cache = AlgoCache::new();
    for i in 0..3 {
        let cache = if i == 2 {
            &hit_cache
        } else {
            &AlgoCache::new()
        };
        let t = Instant::now();
        match D::find(h, p, &heuristic, cache, ws, &mut sets[0]) {
            Ok(c) => {
                heuristic_times.push(ms_since(t));
                heuristic_pick = Some(c);
            }
            Err(e) => {
                println!("   heuristic search failed: {e}");
                record["error"] = json!(format!("heuristic search: {e}"));
                return record;
            }
        }
    }
    let heuristic_pick = heuristic_pick.expect("three searches succeeded");
    // A hit in the cache (which still asks cuDNN for the workspace size).
    let mut hit_times = Vec::new();
    for _ in 0..20 {
        let t = Instant::now();
        if D::find(h, p, &heuristic, &hit_cache, ws, &mut sets[0]).is_ok() {
            hit_times.push(ms_since(t) * 1e3);
        }
    }
    // Find: cuDNN runs every candidate. The first call also loads kernels.
    let mut find_times = Vec::new();
    let mut find_pick = None;
    let mut find_error = None;
    for _ in 0..if st.quick { 1 } else { 2 } {
        let t = Instant::now();
        let r = D::find(h, p, &benchmark, &AlgoCache::new(), ws, &mut sets[0]);
        let sync = gpu.stream.synchronize();
        match (r, sync) {
            (Ok(c), Ok(())) => {
                find_times.push(ms_since(t));
                find_pick = Some(c);
            }
            (Err(e), _) => {
                find_error = Some(format!("{e}"));
                break;
            }
            (_, Err(e)) => {
                find_error = Some(format!("{e}"));
                break;
            }
        }
    }
    let heuristic_ms = median(heuristic_times);
    let find_ms = find_times.last().copied();
    record["search"] = json!({
        "heuristic_ms": heuristic_ms,
        "find_ms": find_ms,
        "find_first_ms": find_times.first(),
        "cache_hit_us": median(hit_times),
        "heuristic_pick": dir.algo_name(D::id(heuristic_pick.algo())),
        "heuristic_pick_math": math_name(heuristic_pick.math_type()),
        "find_pick": find_pick.map(|c| dir.algo_name(D::id(c.algo()))),
        "find_pick_math": find_pick.map(|c| math_name(c.math_type())),
        "find_pick_cudnn_ms": find_pick.and_then(|c| c.time_ms()),
        "find_error": find_error,
    });

    // What to time: every candidate, or only the two picks.
    let candidates = match D::candidates(h, p, &heuristic) {
        Ok(c) => c,
        Err(e) => {
            record["candidates_error"] = json!(format!("{e}"));
            Vec::new()
        }
    };
    let same = |a: &AlgoChoice<D::Algo>, b: &AlgoChoice<D::Algo>| {
        a.algo() == b.algo() && a.math_type() == b.math_type()
    };
    let mut entries: Vec<Entry<D::Algo>> = Vec::new();
    let mut add = |choice: AlgoChoice<D::Algo>, rank: Option<usize>| {
        if !entries.iter().any(|e| same(&e.choice, &choice)) {
            entries.push(Entry {
                choice,
                heuristic_rank: rank,
                heuristic_pick: same(&choice, &heuristic_pick),
                find_pick: find_pick.is_some_and(|f| same(&choice, &f)),
            });
        }
    };
    if st.all_algos {
        for (i, c) in candidates.iter().enumerate() {
            add(*c, Some(i));
        }
    }
    let rank_of = |c: &AlgoChoice<D::Algo>| candidates.iter().position(|x| same(x, c));
    add(heuristic_pick, rank_of(&heuristic_pick));
    if let Some(f) = find_pick {
        add(f, rank_of(&f));
    }

    let mut group = crit.map(|c| {
        let mut g = c.benchmark_group(&group_name);
        g.throughput(Throughput::Elements(cfg.flops as u64))
            .sampling_mode(SamplingMode::Flat)
            .warm_up_time(st.warm_up)
            .measurement_time(st.measurement)
            .sample_size(st.sample_size);
        g
    });
    let mut algos = Vec::new();
    let nsets = sets.len();
    let mut next = 0usize;
    for e in &entries {
        let name = dir.algo_name(D::id(e.choice.algo()));
        let math = math_name(e.choice.math_type());
        let mut a = json!({
            "algo": name,
            "algo_id": D::id(e.choice.algo()),
            "math": math,
            "workspace_bytes": e.choice.workspace(),
            "heuristic_rank": e.heuristic_rank,
            "heuristic_pick": e.heuristic_pick,
            "find_pick": e.find_pick,
            "reduced_arithmetic": reduced_arithmetic(&name),
            "deterministic": e.choice.is_deterministic(),
        });
        // One launch first: an algorithm that fails is reported, not timed.
        let trial = D::launch(h, p, &e.choice, ws, &mut sets[0])
            .and_then(|()| gpu.stream.synchronize().map_err(Into::into));
        if let Err(err) = trial {
            println!("   {name} ({math}): launch failed: {err}");
            a["error"] = json!(format!("{err}"));
            algos.push(a);
            continue;
        }
        let Some(g) = group.as_mut() else {
            a["launched"] = json!(true);
            algos.push(a);
            continue;
        };
        let mut samples: Vec<(u64, f64)> = Vec::new();
        g.bench_function(BenchmarkId::from_parameter(format!("{name}+{math}")), |b| {
            b.iter_custom(|iters| {
                gpu.start
                    .record(&gpu.stream)
                    .expect("record the start event");
                for _ in 0..iters {
                    let s = &mut sets[next % nsets];
                    next = next.wrapping_add(1);
                    D::launch(h, p, &e.choice, ws, s).expect("a launch that ran once runs again");
                }
                gpu.end.record(&gpu.stream).expect("record the end event");
                let ms = gpu.start.elapsed_ms(&gpu.end).expect("the events complete");
                samples.push((iters, f64::from(ms)));
                Duration::from_secs_f64(f64::from(ms) / 1e3)
            })
        });
        // Criterion calls the routine for its warm-up first, then once per
        // sample: the last `sample_size` calls are the measurement.
        let take = st.sample_size.min(samples.len());
        let measured = &samples[samples.len() - take..];
        let per_launch: Vec<f64> = measured.iter().map(|(n, ms)| ms / *n as f64).collect();
        let median_ms = median(per_launch.clone());
        let launches: u64 = measured.iter().map(|(n, _)| n).sum();
        let total_ms: f64 = measured.iter().map(|(_, ms)| ms).sum();
        a["median_ms"] = json!(median_ms);
        a["mean_ms"] = json!((launches > 0).then(|| total_ms / launches as f64));
        a["min_ms"] = json!(per_launch.iter().copied().reduce(f64::min));
        a["samples"] = json!(take);
        a["launches"] = json!(launches);
        a["tflops"] = json!(median_ms.map(|ms| cfg.flops / (ms * 1e-3) / 1e12));
        algos.push(a);
    }
    if let Some(g) = group {
        g.finish();
    }

    // The summary: how the picks compare with the fastest.
    let time = |a: &Value| a["median_ms"].as_f64();
    let fastest = algos.iter().filter(|a| time(a).is_some()).min_by(|a, b| {
        time(a)
            .unwrap_or(f64::MAX)
            .total_cmp(&time(b).unwrap_or(f64::MAX))
    });
    let fastest_ms = fastest.and_then(time);
    let pick_ms = |key: &str| {
        algos
            .iter()
            .find(|a| a[key].as_bool() == Some(true))
            .and_then(time)
    };
    let heuristic_pick_ms = pick_ms("heuristic_pick");
    let find_pick_ms = pick_ms("find_pick");
    let ratio = |t: Option<f64>| match (t, fastest_ms) {
        (Some(t), Some(f)) if f > 0.0 => Some(t / f),
        _ => None,
    };
    record["fastest"] = json!(fastest.map(|a| format!(
        "{}+{}",
        a["algo"].as_str().unwrap_or("?"),
        a["math"].as_str().unwrap_or("?")
    )));
    record["fastest_ms"] = json!(fastest_ms);
    record["heuristic_pick_ms"] = json!(heuristic_pick_ms);
    record["find_pick_ms"] = json!(find_pick_ms);
    record["heuristic_slowdown"] = json!(ratio(heuristic_pick_ms));
    record["find_slowdown"] = json!(ratio(find_pick_ms));

    let fmt_ms = |v: Option<f64>| v.map_or_else(|| "-".to_owned(), |v| format!("{v:.3} ms"));
    println!(
        "   search: heuristic {}, Find {} (first call {}), cache hit {}",
        fmt_ms(heuristic_ms),
        fmt_ms(find_ms),
        fmt_ms(find_times.first().copied()),
        record["search"]["cache_hit_us"]
            .as_f64()
            .map_or_else(|| "-".to_owned(), |v| format!("{v:.1} us"))
    );
    println!(
        "     {:<24} {:<10} {:>12} {:>12} {:>9}",
        "algorithm", "math", "workspace", "median", "TFLOP/s"
    );
    for a in &algos {
        let tag = match (a["heuristic_pick"].as_bool(), a["find_pick"].as_bool()) {
            (Some(true), Some(true)) => "HF",
            (Some(true), _) => "H ",
            (_, Some(true)) => " F",
            _ => "  ",
        };
        let star = if a["reduced_arithmetic"].as_bool() == Some(true) {
            "*"
        } else {
            ""
        };
        println!(
            "  {tag} {:<24} {:<10} {:>10.1}Mi {:>12} {:>9}",
            a["algo"].as_str().unwrap_or("?"),
            a["math"].as_str().unwrap_or("?"),
            a["workspace_bytes"].as_f64().unwrap_or(0.0) / (1 << 20) as f64,
            a["error"]
                .as_str()
                .map_or_else(|| fmt_ms(time(a)), |_| "failed".to_owned()),
            a["tflops"]
                .as_f64()
                .map_or_else(String::new, |t| format!("{t:.1}{star}"))
        );
    }
    if let (Some(r), Some(f)) = (ratio(heuristic_pick_ms), &record["fastest"].as_str()) {
        println!("   heuristic's pick takes {r:.2}x the fastest ({f})");
    }
    record["algos"] = Value::Array(algos);
    record
}

/// All directions of one shape, precision and layout.
fn bench_config<T: Elem + ComputesIn<C>, C: ComputeType>(
    gpu: &Gpu,
    mut crit: Option<&mut Criterion>,
    st: &Settings,
    shape: &Shape,
    precision: Precision,
    layout: Layout,
) -> Vec<Value> {
    let fail = |e: cudnn::Error| {
        println!(
            "\n== s{:02} {} {} {}: not run: {e}",
            shape.index,
            shape.label(),
            precision.name(),
            layout.name()
        );
        vec![json!({
            "shape": shape.index, "label": shape.label(), "dtype": precision.name(),
            "layout": layout.name(), "error": format!("{e}"),
        })]
    };
    let fmt = layout.format();
    let problem = (|| {
        ConvProblem::<T, C>::new(
            TensorDescriptor::new(fmt, &[shape.n, shape.c, shape.h, shape.w])?,
            FilterDescriptor::new(fmt, &[shape.k, shape.c, shape.r, shape.s])?,
            ConvolutionDescriptor::new(
                &[shape.pad, shape.pad],
                &[shape.stride, shape.stride],
                &[1, 1],
            )?,
        )
    })();
    let p = match problem {
        Ok(p) => p,
        Err(e) => return fail(e),
    };
    let lens = [
        p.x().required_len(),
        p.w().required_len(),
        p.y().required_len(),
    ];
    let elem = std::mem::size_of::<T>();
    let touched = (lens[0] + lens[1] + lens[2]) * elem;
    let set_bytes = touched + (lens[0] + lens[1]) * elem;
    let want = (2 * gpu.l2_bytes.max(1 << 20)).div_ceil(touched.max(1));
    // At most 4 GiB of rotated buffers.
    let count = want
        .clamp(1, 1024)
        .min(((4usize << 30) / set_bytes.max(1)).max(1));
    let mut sets = match make_sets::<T>(&gpu.stream, lens, count) {
        Ok(s) => s,
        Err(e) => return fail(e),
    };
    let cfg = Config {
        shape,
        precision,
        layout,
        flops: p.flops(),
        sets: count,
        set_bytes,
    };
    let mut ws = Workspace::new();
    let mut out = Vec::new();
    for &d in &st.dirs {
        let c = crit.as_deref_mut();
        out.push(match d {
            Dir::Fwd => bench_direction::<Fwd, T, C>(gpu, c, st, &cfg, &p, &mut sets, &mut ws),
            Dir::BwdData => {
                bench_direction::<BwdData, T, C>(gpu, c, st, &cfg, &p, &mut sets, &mut ws)
            }
            Dir::BwdFilter => {
                bench_direction::<BwdFilter, T, C>(gpu, c, st, &cfg, &p, &mut sets, &mut ws)
            }
        });
    }
    out
}

fn write_json(path: &PathBuf, doc: &Value) {
    let written = path
        .parent()
        .map_or(Ok(()), std::fs::create_dir_all)
        .and_then(|()| std::fs::write(path, format!("{doc:#}\n")));
    if let Err(e) = written {
        println!("conv_algos: could not write {}: {e}", path.display());
    }
}

fn not_run(why: String, require: bool) -> ExitCode {
    println!("conv_algos: not run: {why}");
    if require {
        println!("conv_algos: CUDNN_BENCH_REQUIRE=1, so this is a failure");
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let require = env("CUDNN_BENCH_REQUIRE").is_some_and(|v| v == "1");
    // `cargo bench` passes --bench; `cargo test --benches` does not.
    let bench_mode =
        args.iter().any(|a| a == "--bench") && !args.iter().any(|a| a == "--test" || a == "--list");
    if args.iter().any(|a| a == "--list") {
        println!("conv_algos: benchmarks are named at run time from the algorithms cuDNN supports on the GPU; nothing to list");
        return ExitCode::SUCCESS;
    }
    let st = match Settings::from_env(&args, bench_mode) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("conv_algos: {e}");
            return ExitCode::from(2);
        }
    };
    let ctx = match cudnn::cuda_context(0) {
        Ok(ctx) => ctx,
        Err(e) => return not_run(format!("no CUDA GPU: {e}"), require),
    };
    let lib: Arc<Library> = match cudnn::library() {
        Ok(lib) => lib,
        Err(e) => return not_run(format!("cuDNN did not load: {e}"), require),
    };
    let gpu = match Gpu::open(ctx) {
        Ok(g) => g,
        Err(e) => return not_run(format!("the GPU cannot be used: {e}"), require),
    };
    println!(
        "conv_algos: cuDNN {} (built for CUDA {}) from {} ({})",
        lib.version(),
        lib.cudart_version(),
        lib.path().display(),
        lib.found_by()
    );
    println!(
        "conv_algos: {} (sm_{}{}), {:.1} GiB, L2 {:.1} MiB; {} shape(s) x {} precision(s) x {} layout(s) x {} direction(s), {} algorithms{}",
        gpu.name,
        gpu.compute_capability.0,
        gpu.compute_capability.1,
        gpu.memory_bytes as f64 / (1u64 << 30) as f64,
        gpu.l2_bytes as f64 / (1 << 20) as f64,
        st.shapes.len(),
        st.precisions.len(),
        st.layouts.len(),
        st.dirs.len(),
        if st.all_algos { "all" } else { "the picked" },
        if bench_mode { "" } else { " (test mode: one launch each, nothing timed)" }
    );

    let mut crit = bench_mode.then(|| {
        Criterion::default()
            .warm_up_time(st.warm_up)
            .measurement_time(st.measurement)
            .sample_size(st.sample_size)
            .nresamples(10_000)
            .without_plots()
            .configure_from_args()
    });
    let header = json!({
        "tool": "cudnn-rs benches/conv_algos.rs",
        "cudnn_version": lib.version().to_string(),
        "cudnn_path": lib.path().display().to_string(),
        "cudnn_found_by": lib.found_by().to_string(),
        "cudnn_cudart": lib.cudart_version().to_string(),
        "gpu": {
            "name": gpu.name,
            "compute_capability": [gpu.compute_capability.0, gpu.compute_capability.1],
            "l2_bytes": gpu.l2_bytes,
            "memory_bytes": gpu.memory_bytes,
        },
        "settings": st.to_json(),
        "shapes": st.shapes.iter().map(Shape::to_json).collect::<Vec<_>>(),
    });
    let started = Instant::now();
    let mut results: Vec<Value> = Vec::new();
    let mut truncated = false;
    'all: for shape in &st.shapes {
        for &precision in &st.precisions {
            for &layout in &st.layouts {
                if st.budget.is_some_and(|b| started.elapsed() > b) {
                    truncated = true;
                    break 'all;
                }
                let c = crit.as_mut();
                results.extend(match precision {
                    Precision::Fp32 | Precision::Tf32 => {
                        bench_config::<f32, f32>(&gpu, c, &st, shape, precision, layout)
                    }
                    Precision::Fp16 => {
                        bench_config::<f16, f32>(&gpu, c, &st, shape, precision, layout)
                    }
                    Precision::Bf16 => {
                        bench_config::<bf16, f32>(&gpu, c, &st, shape, precision, layout)
                    }
                });
                if bench_mode {
                    let mut doc = header.clone();
                    doc["results"] = Value::Array(results.clone());
                    doc["truncated"] = json!(truncated);
                    doc["elapsed_s"] = json!(started.elapsed().as_secs_f64());
                    write_json(&st.json_path, &doc);
                }
            }
        }
    }
    if let Some(c) = &crit {
        c.final_summary();
    }

    println!("\nconv_algos: summary (heuristic's pick against the fastest measured)");
    let mut failures = 0;
    for r in &results {
        if r.get("error").is_some() {
            failures += 1;
            println!("  {} {} {}: not run", r["label"], r["dtype"], r["layout"]);
            continue;
        }
        let failed_algos = r["algos"]
            .as_array()
            .map_or(0, |a| a.iter().filter(|a| a.get("error").is_some()).count());
        failures += failed_algos;
        println!(
            "  s{:02} {:<28} {} {} {:<10} heuristic {:>9} ms  fastest {:>9} ms ({})  x{}  search: heuristic {} ms, Find {} ms",
            r["shape"].as_u64().unwrap_or(0),
            r["label"].as_str().unwrap_or("?"),
            r["dtype"].as_str().unwrap_or("?"),
            r["layout"].as_str().unwrap_or("?"),
            r["direction"].as_str().unwrap_or("?"),
            r["heuristic_pick_ms"].as_f64().map_or("-".into(), |v| format!("{v:.4}")),
            r["fastest_ms"].as_f64().map_or("-".into(), |v| format!("{v:.4}")),
            r["fastest"].as_str().unwrap_or("-"),
            r["heuristic_slowdown"].as_f64().map_or("-".into(), |v| format!("{v:.2}")),
            r["search"]["heuristic_ms"].as_f64().map_or("-".into(), |v| format!("{v:.2}")),
            r["search"]["find_ms"].as_f64().map_or("-".into(), |v| format!("{v:.1}")),
        );
    }
    if truncated {
        println!("conv_algos: stopped early: CONV_BENCH_BUDGET_S ran out");
    }
    if failures > 0 {
        println!("conv_algos: {failures} configuration(s) or algorithm(s) failed (see above)");
    }
    if bench_mode {
        println!("conv_algos: results in {}", st.json_path.display());
    }
    ExitCode::SUCCESS
}
