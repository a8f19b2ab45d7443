//! What both APIs' paths share: the GPU and its timing events, the buffer
//! sets, the timing of launches with criterion, and the summary of one
//! direction's timings.

use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, BenchmarkId, Criterion, SamplingMode, Throughput};
use cudnn::cudarc::driver::sys::{CUdevice_attribute, CUevent_flags};
use cudnn::cudarc::driver::{CudaContext, CudaEvent, CudaSlice, CudaStream};
use cudnn::half::{bf16, f16};
use cudnn::{DataType, Handle};
use serde_json::{json, Value};

use crate::setup::{Api, Dir, Layout, Precision, Settings, Shape};

/// The GPU, its stream, a handle and the two timing events.
pub(crate) struct Gpu {
    pub(crate) stream: Arc<CudaStream>,
    pub(crate) handle: Handle,
    pub(crate) start: CudaEvent,
    pub(crate) end: CudaEvent,
    pub(crate) name: String,
    pub(crate) compute_capability: (i32, i32),
    pub(crate) l2_bytes: usize,
    pub(crate) memory_bytes: usize,
}

impl Gpu {
    pub(crate) fn open(ctx: Arc<CudaContext>) -> cudnn::Result<Gpu> {
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
pub(crate) trait Elem: DataType {
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
impl Elem for cudnn::F8E4M3 {
    fn from_f32(v: f32) -> cudnn::F8E4M3 {
        cudnn::F8E4M3::from_f32(v)
    }
}

/// Deterministic values in [-0.5, 0.5).
pub(crate) fn values<T: Elem>(n: usize, seed: u64) -> Vec<T> {
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
pub(crate) struct Set<T> {
    pub(crate) x: CudaSlice<T>,
    pub(crate) w: CudaSlice<T>,
    pub(crate) y: CudaSlice<T>,
    pub(crate) dx: CudaSlice<T>,
    pub(crate) dw: CudaSlice<T>,
}

pub(crate) fn make_sets<T: Elem>(
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

pub(crate) fn median(mut v: Vec<f64>) -> Option<f64> {
    v.retain(|x| x.is_finite());
    v.sort_by(f64::total_cmp);
    let n = v.len();
    match n {
        0 => None,
        _ if n % 2 == 1 => Some(v[n / 2]),
        _ => Some((v[n / 2 - 1] + v[n / 2]) / 2.0),
    }
}

pub(crate) fn ms_since(t: Instant) -> f64 {
    t.elapsed().as_secs_f64() * 1e3
}

/// One configuration: a shape, a precision and a layout.
pub(crate) struct Config<'a> {
    pub(crate) shape: &'a Shape,
    pub(crate) precision: Precision,
    pub(crate) layout: Layout,
    pub(crate) flops: f64,
    pub(crate) sets: usize,
    pub(crate) set_bytes: usize,
}

impl Config<'_> {
    /// The start of one direction's JSON record.
    pub(crate) fn record(&self, dir: Dir, api: Api) -> Value {
        json!({
            "shape": self.shape.index,
            "label": self.shape.label(),
            "dtype": self.precision.name(),
            "layout": self.layout.name(),
            "direction": dir.name(),
            "path": api.name(),
            "flops": self.flops,
            "buffer_sets": self.sets,
            "buffer_set_bytes": self.set_bytes,
        })
    }

    /// The criterion group of one direction (the legacy path keeps the
    /// names it had before the graph path existed), announced on stdout.
    pub(crate) fn group_name(&self, dir: Dir, api: Api) -> String {
        let mut name = format!(
            "s{:02}.{}.{}.{}.{}",
            self.shape.index,
            self.shape.label(),
            self.precision.name(),
            self.layout.name(),
            dir.name()
        );
        if api != Api::Legacy {
            name.push('.');
            name.push_str(api.name());
        }
        println!(
            "\n== {name}: {:.2} GFLOP, {} buffer set(s) of {:.1} MiB",
            self.flops / 1e9,
            self.sets,
            self.set_bytes as f64 / (1 << 20) as f64
        );
        name
    }
}

/// The criterion group of one direction's timings; `None` in test mode.
pub(crate) fn group<'c>(
    crit: Option<&'c mut Criterion>,
    name: &str,
    st: &Settings,
    flops: f64,
) -> Option<BenchmarkGroup<'c, WallTime>> {
    crit.map(|c| {
        let mut g = c.benchmark_group(name);
        g.throughput(Throughput::Elements(flops as u64))
            .sampling_mode(SamplingMode::Flat)
            .warm_up_time(st.run.warm_up)
            .measurement_time(st.run.measurement)
            .sample_size(st.run.sample_size);
        g
    })
}

/// Times launches with criterion's `iter_custom`: back-to-back launches
/// between the two CUDA events, one synchronisation per measurement, the
/// buffer sets taken in turn.
pub(crate) struct Timer<'a> {
    pub(crate) gpu: &'a Gpu,
    pub(crate) sample_size: usize,
    pub(crate) flops: f64,
    /// How many buffer sets the launches rotate over.
    pub(crate) sets: usize,
    /// The set the next launch uses.
    pub(crate) next: usize,
}

impl Timer<'_> {
    /// Times `launch` (a launch on buffer set `i`, which has run once
    /// already) as benchmark `id` of `g`, and writes the timing into `a`:
    /// median, mean and minimum ms per launch, the samples and launches
    /// measured, and TFLOP/s at the median.
    pub(crate) fn time(
        &mut self,
        g: &mut BenchmarkGroup<'_, WallTime>,
        id: String,
        launch: &mut dyn FnMut(usize) -> cudnn::Result<()>,
        a: &mut Value,
    ) {
        let gpu = self.gpu;
        let sets = self.sets.max(1);
        let next = &mut self.next;
        let mut samples: Vec<(u64, f64)> = Vec::new();
        g.bench_function(BenchmarkId::from_parameter(id), |b| {
            b.iter_custom(|iters| {
                gpu.start
                    .record(&gpu.stream)
                    .expect("record the start event");
                for _ in 0..iters {
                    let i = *next % sets;
                    *next = next.wrapping_add(1);
                    launch(i).expect("a launch that ran once runs again");
                }
                gpu.end.record(&gpu.stream).expect("record the end event");
                let ms = gpu.start.elapsed_ms(&gpu.end).expect("the events complete");
                samples.push((iters, f64::from(ms)));
                Duration::from_secs_f64(f64::from(ms) / 1e3)
            })
        });
        // Criterion calls the routine for its warm-up first, then once per
        // sample: the last `sample_size` calls are the measurement.
        let take = self.sample_size.min(samples.len());
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
        a["tflops"] = json!(median_ms.map(|ms| self.flops / (ms * 1e-3) / 1e12));
    }
}

/// `3.142 ms`, or `-`.
pub(crate) fn fmt_ms(v: Option<f64>) -> String {
    v.map_or_else(|| "-".to_owned(), |v| format!("{v:.3} ms"))
}

/// How the picks compare with the fastest of `algos` (each with `algo`,
/// `math`, `workspace_bytes`, the `heuristic_pick` and `find_pick` flags,
/// and `median_ms` when timed): written into `record` with the list, and
/// printed as a table.
pub(crate) fn summarize(record: &mut Value, algos: Vec<Value>) {
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

    println!(
        "     {:<24} {:<12} {:>12} {:>12} {:>9}",
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
            "  {tag} {:<24} {:<12} {:>10.1}Mi {:>12} {:>9}",
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
}
