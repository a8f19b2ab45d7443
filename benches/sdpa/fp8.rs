//! The FP8 rows of the SDPA bench (`SDPA_BENCH_DTYPES=fp8`):
//! [`AttentionFp8Inference`] with E4M3 `q`, `k`, `v` and output (the
//! output type cuDNN 9.28's Hopper engines write), forward only (cuDNN's
//! SDPA backward has no FP8 attributes). The factors are device scalars
//! shared by every buffer set: the descales of `q`, `k`, `v` 1 (the values
//! are in `[-0.5, 0.5)`, within E4M3), `S` scaled by 256 (and descaled by
//! 1/256), the output scale 1; both maxima written at every launch. FLOPs
//! as the half types' forward.

use std::sync::Arc;
use std::time::Instant;

use criterion::{Criterion, SamplingMode, Throughput};
use cudnn::cudarc::driver::{CudaSlice, CudaStream};
use cudnn::graph::Settings as PlanSettings;
use cudnn::nn::{AttentionFp8Forward, AttentionFp8Inference, AttentionOptions, AttentionShape};
use cudnn::{Handle, F8E4M3};
use serde_json::{json, Value};

use crate::config::{Pass, SdpaShape, SdpaType, Settings};
use crate::gpu::{fmt_ms, ms_since, values, Gpu, Timer};
use crate::harness::Report;
use crate::{sets_for, Case};

type Layer = AttentionFp8Inference<F8E4M3, F8E4M3>;

/// One set of buffers: the inputs `q`, `k`, `v` and the output `o`.
struct Set {
    q: CudaSlice<F8E4M3>,
    k: CudaSlice<F8E4M3>,
    v: CudaSlice<F8E4M3>,
    o: CudaSlice<F8E4M3>,
}

/// The factors every set shares, and the maxima each launch writes.
struct Factors {
    one: CudaSlice<f32>,
    descale_s: CudaSlice<f32>,
    scale_s: CudaSlice<f32>,
    amax_o: CudaSlice<f32>,
    amax_s: CudaSlice<f32>,
}

impl Factors {
    fn new(stream: &Arc<CudaStream>) -> cudnn::Result<Factors> {
        let f = |v: f32| stream.clone_htod(&[v]);
        Ok(Factors {
            one: f(1.0)?,
            descale_s: f(1.0 / 256.0)?,
            scale_s: f(256.0)?,
            amax_o: f(0.0)?,
            amax_s: f(0.0)?,
        })
    }
}

/// `count` sets whose inputs are copies of the first's.
fn make_sets(
    stream: &Arc<CudaStream>,
    sh: &AttentionShape,
    count: usize,
) -> cudnn::Result<Vec<Set>> {
    let mut sets: Vec<Set> = Vec::with_capacity(count);
    for _ in 0..count {
        let input = |len: usize, seed: u64, copy: Option<&CudaSlice<F8E4M3>>| match copy {
            Some(c) => stream.clone_dtod(c),
            None => stream.clone_htod(&values::<F8E4M3>(len, seed)),
        };
        let first = sets.first();
        let set = Set {
            q: input(sh.q_len(), 1, first.map(|f| &f.q))?,
            k: input(sh.kv_len(), 2, first.map(|f| &f.k))?,
            v: input(sh.kv_len(), 3, first.map(|f| &f.v))?,
            o: stream.alloc_zeros(sh.q_len())?,
        };
        sets.push(set);
    }
    stream.synchronize()?;
    Ok(sets)
}

fn forward(l: &mut Layer, h: &Handle, b: &mut Set, f: &mut Factors) -> cudnn::Result<()> {
    l.forward(
        h,
        AttentionFp8Forward {
            q: &b.q,
            k: &b.k,
            v: &b.v,
            o: &mut b.o,
            descale_q: &f.one,
            descale_k: &f.one,
            descale_v: &f.one,
            descale_s: &f.descale_s,
            scale_s: &f.scale_s,
            scale_o: &f.one,
            amax_o: &mut f.amax_o,
            amax_s: &mut f.amax_s,
            seq_lens: None,
            sink: None,
        },
    )
}

/// Every selected mask of one shape, forward only; each record goes into
/// `report` as soon as it is done.
pub(crate) fn bench_shape(
    gpu: &Gpu,
    mut crit: Option<&mut Criterion>,
    st: &Settings,
    shape: &SdpaShape,
    report: &mut Report,
) {
    if st.passes.iter().any(|&p| p != Pass::Fwd) {
        println!(
            "\n== s{} fp8: forward only (cuDNN's SDPA backward has no FP8 attributes): \
             bwd and fwd_bwd not run",
            shape.index
        );
    }
    if !st.passes.contains(&Pass::Fwd) {
        return;
    }
    let sh = shape.attention();
    let set_bytes = 2 * (sh.q_len() + sh.kv_len());
    let count = sets_for(gpu, set_bytes);
    let made =
        make_sets(&gpu.stream, &sh, count).and_then(|sets| Ok((sets, Factors::new(&gpu.stream)?)));
    let mut made = made.map_err(|e| e.to_string());
    for &mask in &st.masks {
        if report.over_budget() {
            return;
        }
        let case = Case {
            shape,
            precision: SdpaType::Fp8,
            mask,
            sets: count,
            set_bytes,
        };
        let mut r = case.record(st);
        r["direction"] = json!(Pass::Fwd.name());
        r["flops"] = json!(shape.forward_flops(mask.causal()));
        match &mut made {
            Ok((sets, f)) => bench_case(gpu, crit.as_deref_mut(), st, &case, (sets, f), &mut r),
            Err(e) => {
                println!("\n== {}: buffers failed: {e}", case.name());
                r["error"] = json!(format!("buffers: {e}"));
            }
        }
        report.push(vec![r]);
    }
}

/// One mask: the layer built, a first forward on every set, then (in
/// bench mode) the timing, written into `r`.
fn bench_case(
    gpu: &Gpu,
    crit: Option<&mut Criterion>,
    st: &Settings,
    case: &Case<'_>,
    (sets, f): (&mut [Set], &mut Factors),
    r: &mut Value,
) {
    let h = &gpu.handle;
    let name = case.name();
    let flops = case.shape.forward_flops(case.mask.causal());
    println!(
        "\n== {name}: forward {:.2} GFLOP, {} buffer set(s) of {:.1} MiB",
        flops / 1e9,
        case.sets,
        case.set_bytes as f64 / (1 << 20) as f64
    );
    let options = AttentionOptions {
        causal: case.mask.causal(),
        ..AttentionOptions::default()
    };
    let plan_settings = PlanSettings {
        benchmark: st.autotune,
        ..PlanSettings::default()
    };
    let t = Instant::now();
    let built = Layer::new(h, case.shape.attention(), options, &plan_settings, None);
    r["build_ms"] = json!(ms_since(t));
    let mut layer = match built {
        Ok(l) => l,
        Err(e) => {
            println!("   AttentionFp8Inference::new failed: {e}");
            r["error"] = json!(format!("AttentionFp8Inference::new: {e}"));
            return;
        }
    };
    r["workspace_bytes"] = json!(layer.workspace_size());
    // The first launch timed alone, then a forward on every other set.
    let t = Instant::now();
    let first = forward(&mut layer, h, &mut sets[0], f)
        .and_then(|()| gpu.stream.synchronize().map_err(Into::into));
    let first_ms = ms_since(t);
    let first = first.and_then(|()| {
        sets[1..]
            .iter_mut()
            .try_for_each(|b| forward(&mut layer, h, b, f))
            .and_then(|()| gpu.stream.synchronize().map_err(Into::into))
    });
    if let Err(e) = first {
        println!("   fwd: first launch failed: {e}");
        r["error"] = json!(e.to_string());
        return;
    }
    r["first_call_ms"] = json!(first_ms);
    r["launched"] = json!(true);
    let Some(c) = crit else {
        return;
    };
    let mut g = c.benchmark_group(&name);
    g.sampling_mode(SamplingMode::Flat);
    g.throughput(Throughput::Elements(flops as u64));
    let mut timer = Timer {
        gpu,
        sample_size: st.run.sample_size,
        flops,
        sets: sets.len(),
        next: 0,
    };
    let mut launch = |k: usize| forward(&mut layer, h, &mut sets[k], f);
    timer.time(&mut g, Pass::Fwd.name().to_owned(), &mut launch, r);
    println!(
        "   {:<8} {:>12}  {:>7} TFLOP/s",
        Pass::Fwd.name(),
        fmt_ms(r["median_ms"].as_f64()),
        r["tflops"]
            .as_f64()
            .map_or_else(|| "-".to_owned(), |t| format!("{t:.1}"))
    );
    g.finish();
}
