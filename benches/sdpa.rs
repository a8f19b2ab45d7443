//! Fused scaled dot-product attention (SDPA), forward and backward, timed
//! on the GPU through the graph API's [`Attention`] layer.
//!
//! For each shape of `scripts/bench/sdpa_shapes.json` (`[batch, heads,
//! seq, head_dim]`, dense BHSD, self-attention; `k` and `v` with
//! `kv_heads` heads where the file gives them: grouped-query attention),
//! each precision (bf16, fp16; computed in f32), each mask (none, causal)
//! and each direction:
//!
//! - `fwd`: [`Attention::forward`], writing the output and the softmax
//!   statistics (what a training forward keeps for the backward);
//! - `bwd`: [`Attention::backward`] alone, from a forward's output and
//!   statistics;
//! - `fwd_bwd`: one forward then one backward.
//!
//! The layer is built once per shape, precision and mask (its graphs and
//! plans: the heuristic's first plan that finalizes, or with
//! `SDPA_BENCH_AUTOTUNE=1` the fastest of the candidates, timed on the
//! first call). Each direction is timed with criterion's `iter_custom`:
//! back-to-back launches between two CUDA events, one synchronisation per
//! measurement, the buffers rotated over as many sets as it takes to
//! exceed twice the GPU's L2 cache (one set for every shipped shape on a
//! GPU with less than 64 MiB of L2), and reported in ms and TFLOP/s at
//! the median.
//!
//! FLOPs follow FlashAttention's and PyTorch's attention benchmarks: the
//! forward counts its two matmuls, `4 * B * H * S_q * S_kv * D`, halved
//! with a causal mask (about half the scores are computed); the backward
//! counts 2.5 times the forward (its five matmuls against the forward's
//! two), forward and backward together 3.5 times. The softmax, the
//! masking and the statistics are not counted.
//!
//! Results go to `target/bench/sdpa.json` (`$OUT/sdpa.json` when `OUT`
//! is set; `SDPA_BENCH_JSON` names the file), rewritten after every
//! configuration so that a run cut short keeps what it measured;
//! `scripts/bench/join_sdpa.py` compares them with PyTorch's cuDNN
//! attention (`scripts/bench/torch_sdpa.py`).
//!
//! Without a GPU (or without cuDNN) it prints why and exits 0, so that
//! `cargo bench` works everywhere; `CUDNN_BENCH_REQUIRE=1` makes that exit
//! 1, and with it a configuration that fails (a cuDNN too old for the
//! operation: 9.17 for the backward, 9.21 with a causal mask) also makes
//! the exit status 1. Run by `cargo test --benches` (no `--bench`
//! argument) it launches every configuration once on the first shape and
//! times nothing.
//!
//! With `SDPA_BENCH_DTYPES` naming `fp8`, the FP8 forward runs too
//! (`sdpa/fp8.rs`: [`AttentionFp8Inference`](cudnn::nn::AttentionFp8Inference),
//! E4M3 in and out, forward only).
//!
//! The default matrix (the file's `default` shapes, 1-4; 4 shapes x 2
//! precisions x 2 masks x 3 directions)
//! takes about 3 minutes on an H100-class GPU, about 1 minute with
//! `SDPA_BENCH_QUICK=1`. The environment cuts it:
//!
//! | variable | values | default |
//! | --- | --- | --- |
//! | `SDPA_BENCH_SHAPES` | indices of `sdpa_shapes.json`, `1,3-4`; `5-6` the Llama-3.1 shapes | its `default`, 1-4 |
//! | `SDPA_BENCH_DTYPES` | `bf16,fp16,fp8` | `bf16,fp16` |
//! | `SDPA_BENCH_MASKS` | `none,causal` | both |
//! | `SDPA_BENCH_DIRS` | `fwd,bwd,fwd_bwd` | all |
//! | `SDPA_BENCH_AUTOTUNE=1` | plans chosen by timing the candidates | the heuristic's |
//! | `SDPA_BENCH_QUICK=1` | warm-up 0.1 s, measurement 0.2 s (default 0.5 s, 1 s), 10 samples | off |
//! | `SDPA_BENCH_BUDGET_S` | start no configuration after this many seconds | none |
//!
//! Criterion's own options (`--warm-up-time`, `--measurement-time`,
//! `--sample-size`, a name filter) still apply.

#[path = "sdpa/config.rs"]
mod config;
#[path = "sdpa/fp8.rs"]
mod fp8;
// The GPU, its timing events and criterion's timing loop, shared with the
// convolution bench (which also needs its `setup` module).
#[path = "conv_algos/gpu.rs"]
#[allow(dead_code)]
mod gpu;
#[path = "conv_algos/setup.rs"]
#[allow(dead_code)]
mod setup;
// The settings, the start of `main` and the results file, shared with the
// convolution bench.
#[path = "common/harness.rs"]
mod harness;

use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use criterion::{Criterion, SamplingMode, Throughput};
use cudnn::cudarc::driver::{CudaSlice, CudaStream};
use cudnn::graph::Settings as PlanSettings;
use cudnn::half::{bf16, f16};
use cudnn::nn::{
    Attention, AttentionBackward, AttentionElement, AttentionForward, AttentionOptions,
    AttentionShape,
};
use cudnn::Handle;
use serde_json::{json, Value};

use config::{Mask, Pass, SdpaShape, SdpaType, Settings, FLOP_CONVENTION};
use gpu::{fmt_ms, ms_since, values, Elem, Gpu, Timer};
use harness::{begin, Report, Start};

/// One set of buffers: the inputs `q`, `k`, `v` and `d_o`, the forward's
/// output `o` and statistics (which the backward reads), the gradients.
struct Buffers<T> {
    q: CudaSlice<T>,
    k: CudaSlice<T>,
    v: CudaSlice<T>,
    o: CudaSlice<T>,
    stats: CudaSlice<f32>,
    d_o: CudaSlice<T>,
    dq: CudaSlice<T>,
    dk: CudaSlice<T>,
    dv: CudaSlice<T>,
}

impl<T: Elem + AttentionElement> Buffers<T> {
    /// A set whose inputs are copies of `first`'s, or (without one) new
    /// values; outputs zero.
    fn new(
        stream: &Arc<CudaStream>,
        sh: &AttentionShape,
        first: Option<&Buffers<T>>,
    ) -> cudnn::Result<Buffers<T>> {
        let (ql, kl) = (sh.q_len(), sh.kv_len());
        let input = |len: usize, seed: u64, copy: Option<&CudaSlice<T>>| match copy {
            Some(c) => stream.clone_dtod(c),
            None => stream.clone_htod(&values::<T>(len, seed)),
        };
        Ok(Buffers {
            q: input(ql, 1, first.map(|f| &f.q))?,
            k: input(kl, 2, first.map(|f| &f.k))?,
            v: input(kl, 3, first.map(|f| &f.v))?,
            d_o: input(ql, 4, first.map(|f| &f.d_o))?,
            o: stream.alloc_zeros(ql)?,
            stats: stream.alloc_zeros(sh.stats_len())?,
            dq: stream.alloc_zeros(ql)?,
            dk: stream.alloc_zeros(kl)?,
            dv: stream.alloc_zeros(kl)?,
        })
    }
}

/// How many buffer sets to rotate over, and the bytes of one.
fn rotation(gpu: &Gpu, sh: &AttentionShape, elem: usize) -> (usize, usize) {
    let set_bytes = (4 * sh.q_len() + 4 * sh.kv_len()) * elem + 4 * sh.stats_len();
    (sets_for(gpu, set_bytes), set_bytes)
}

/// How many sets of `set_bytes` to rotate over: sets whose buffers exceed
/// twice the L2 cache together, at most 4 GiB of them.
fn sets_for(gpu: &Gpu, set_bytes: usize) -> usize {
    let want = (2 * gpu.l2_bytes.max(1 << 20)).div_ceil(set_bytes.max(1));
    want.clamp(1, 1024)
        .min(((4usize << 30) / set_bytes.max(1)).max(1))
}

fn forward<T: Elem + AttentionElement>(
    a: &mut Attention<T>,
    h: &Handle,
    b: &mut Buffers<T>,
) -> cudnn::Result<()> {
    a.forward(
        h,
        AttentionForward {
            q: &b.q,
            k: &b.k,
            v: &b.v,
            o: &mut b.o,
            stats: &mut b.stats,
            seq_lens: None,
            sink: None,
        },
    )
}

fn backward<T: Elem + AttentionElement>(
    a: &mut Attention<T>,
    h: &Handle,
    b: &mut Buffers<T>,
) -> cudnn::Result<()> {
    a.backward(
        h,
        AttentionBackward {
            q: &b.q,
            k: &b.k,
            v: &b.v,
            o: &b.o,
            d_o: &b.d_o,
            stats: &b.stats,
            dq: &mut b.dq,
            dk: &mut b.dk,
            dv: &mut b.dv,
            seq_lens: None,
            sink: None,
            dsink: None,
        },
    )
}

/// One launch of `pass` on buffer set `b`.
fn launch<T: Elem + AttentionElement>(
    pass: Pass,
    a: &mut Attention<T>,
    h: &Handle,
    b: &mut Buffers<T>,
) -> cudnn::Result<()> {
    if pass != Pass::Bwd {
        forward(a, h, b)?;
    }
    if pass != Pass::Fwd {
        backward(a, h, b)?;
    }
    Ok(())
}

/// One shape, precision and mask.
struct Case<'a> {
    shape: &'a SdpaShape,
    precision: SdpaType,
    mask: Mask,
    sets: usize,
    set_bytes: usize,
}

impl Case<'_> {
    fn record(&self, st: &Settings) -> Value {
        let sh = self.shape;
        json!({
            "shape": sh.index,
            "label": sh.label(),
            "batch": sh.batch,
            "heads": sh.heads,
            "kv_heads": sh.kv_heads,
            "seq": sh.seq,
            "head_dim": sh.head_dim,
            "dtype": self.precision.name(),
            "mask": self.mask.name(),
            "causal": self.mask.causal(),
            "path": "graph",
            "plan_search": if st.autotune { "autotune" } else { "heuristic" },
            "buffer_sets": self.sets,
            "buffer_set_bytes": self.set_bytes,
        })
    }

    fn name(&self) -> String {
        format!(
            "s{}.{}.{}.{}",
            self.shape.index,
            self.shape.label(),
            self.precision.name(),
            self.mask.name()
        )
    }
}

/// Every selected direction of one case: the layer built, a first launch
/// of each direction, then (in bench mode) the timings. One record per
/// direction.
fn bench_case<T: Elem + AttentionElement>(
    gpu: &Gpu,
    crit: Option<&mut Criterion>,
    st: &Settings,
    case: &Case<'_>,
    sets: &mut [Buffers<T>],
) -> Vec<Value> {
    let h = &gpu.handle;
    let name = case.name();
    let causal = case.mask.causal();
    println!(
        "\n== {name}: forward {:.2} GFLOP, {} buffer set(s) of {:.1} MiB",
        case.shape.forward_flops(causal) / 1e9,
        case.sets,
        case.set_bytes as f64 / (1 << 20) as f64
    );
    let base = case.record(st);
    let per_pass = |f: &dyn Fn(Pass, &mut Value)| -> Vec<Value> {
        st.passes
            .iter()
            .map(|&p| {
                let mut r = base.clone();
                r["direction"] = json!(p.name());
                r["flops"] = json!(case.shape.forward_flops(causal) * p.flop_factor());
                f(p, &mut r);
                r
            })
            .collect()
    };
    let fail_all = |what: &str, e: &cudnn::Error| {
        println!("   {what} failed: {e}");
        per_pass(&|_, r| r["error"] = json!(format!("{what}: {e}")))
    };

    let options = AttentionOptions {
        causal,
        ..AttentionOptions::default()
    };
    let plan_settings = PlanSettings {
        benchmark: st.autotune,
        ..PlanSettings::default()
    };
    let t = Instant::now();
    let built = Attention::<T>::new(h, case.shape.attention(), options, &plan_settings, None);
    let build_ms = ms_since(t);
    let mut attn = match built {
        Ok(a) => a,
        Err(e) => return fail_all("Attention::new", &e),
    };
    let workspace = attn.workspace_size();

    // A first launch of each direction (every set gets a forward first:
    // the backward reads its output and statistics). With autotuning, the
    // first forward and backward also time the candidate plans.
    let mut first: Vec<(Pass, Result<f64, String>)> = Vec::new();
    let mut order = vec![Pass::Fwd];
    order.extend(st.passes.iter().copied().filter(|&p| p != Pass::Fwd));
    for pass in order {
        let t = Instant::now();
        let ran = launch(pass, &mut attn, h, &mut sets[0])
            .and_then(|()| gpu.stream.synchronize().map_err(Into::into));
        let ms = ms_since(t);
        let ran = ran.and_then(|()| {
            if pass != Pass::Fwd {
                return Ok(());
            }
            sets[1..]
                .iter_mut()
                .try_for_each(|b| forward(&mut attn, h, b))
                .and_then(|()| gpu.stream.synchronize().map_err(Into::into))
        });
        if let Err(e) = &ran {
            println!("   {}: first launch failed: {e}", pass.name());
        }
        first.push((pass, ran.map(|()| ms).map_err(|e| e.to_string())));
    }
    let first_of = |p: Pass| first.iter().find(|(q, _)| *q == p).map(|(_, r)| r.clone());
    let mut records = per_pass(&|p, r| {
        r["build_ms"] = json!(build_ms);
        r["workspace_bytes"] = json!(workspace);
        // Every direction needs the forwards that filled the sets.
        let failed = [Pass::Fwd, p]
            .into_iter()
            .find_map(|q| first_of(q).and_then(Result::err));
        match (failed, first_of(p)) {
            (Some(e), _) => r["error"] = json!(e),
            (None, Some(Ok(ms))) => {
                r["first_call_ms"] = json!(ms);
                r["launched"] = json!(true);
            }
            (None, _) => {}
        }
    });

    let Some(c) = crit else {
        return records;
    };
    let mut g = c.benchmark_group(&name);
    g.sampling_mode(SamplingMode::Flat);
    for r in &mut records {
        if r.get("error").is_some() {
            continue;
        }
        let Some(pass) = Pass::ALL
            .into_iter()
            .find(|p| Some(p.name()) == r["direction"].as_str())
        else {
            continue;
        };
        let flops = r["flops"].as_f64().unwrap_or(0.0);
        g.throughput(Throughput::Elements(flops as u64));
        let mut timer = Timer {
            gpu,
            sample_size: st.run.sample_size,
            flops,
            sets: sets.len(),
            next: 0,
        };
        timer.time(
            &mut g,
            pass.name().to_owned(),
            &mut |k| launch(pass, &mut attn, h, &mut sets[k]),
            r,
        );
        println!(
            "   {:<8} {:>12}  {:>7} TFLOP/s",
            pass.name(),
            fmt_ms(r["median_ms"].as_f64()),
            r["tflops"]
                .as_f64()
                .map_or_else(|| "-".to_owned(), |t| format!("{t:.1}"))
        );
    }
    g.finish();
    records
}

/// Every mask of one shape and precision, on one allocation of buffer
/// sets; each case's records go into `report` as soon as it is done.
fn bench_shape<T: Elem + AttentionElement>(
    gpu: &Gpu,
    mut crit: Option<&mut Criterion>,
    st: &Settings,
    shape: &SdpaShape,
    precision: SdpaType,
    report: &mut Report,
) {
    let sh = shape.attention();
    let (count, set_bytes) = rotation(gpu, &sh, std::mem::size_of::<T>());
    let mut sets: Vec<Buffers<T>> = Vec::with_capacity(count);
    let made = (0..count).try_for_each(|_| {
        let b = Buffers::new(&gpu.stream, &sh, sets.first())?;
        sets.push(b);
        Ok::<(), cudnn::Error>(())
    });
    let made = made.and_then(|()| gpu.stream.synchronize().map_err(Into::into));
    for &mask in &st.masks {
        if report.over_budget() {
            return;
        }
        let case = Case {
            shape,
            precision,
            mask,
            sets: count,
            set_bytes,
        };
        let records = match &made {
            Ok(()) => bench_case::<T>(gpu, crit.as_deref_mut(), st, &case, &mut sets),
            Err(e) => {
                println!("\n== {}: buffers failed: {e}", case.name());
                st.passes
                    .iter()
                    .map(|p| {
                        let mut r = case.record(st);
                        r["direction"] = json!(p.name());
                        r["error"] = json!(format!("buffers: {e}"));
                        r
                    })
                    .collect()
            }
        };
        report.push(records);
    }
}

/// The closing table: one line per record.
fn summary(results: &[Value]) -> usize {
    println!("\nsdpa: summary ({FLOP_CONVENTION})");
    let mut failures = 0;
    for r in results {
        let s = |k: &str| r[k].as_str().unwrap_or("?").to_owned();
        let head = format!(
            "  s{} {:<16} {} {:<6} {:<7}",
            r["shape"].as_u64().unwrap_or(0),
            s("label"),
            s("dtype"),
            s("mask"),
            s("direction")
        );
        if let Some(e) = r["error"].as_str() {
            failures += 1;
            println!("{head} failed: {}", e.lines().next().unwrap_or(e));
        } else if r["median_ms"].is_f64() {
            println!(
                "{head} {:>12} {:>7.1} TFLOP/s",
                fmt_ms(r["median_ms"].as_f64()),
                r["tflops"].as_f64().unwrap_or(0.0)
            );
        } else {
            println!("{head} launched once");
        }
    }
    failures
}

fn main() -> ExitCode {
    let (start, st, lib, gpu) = match begin(
        "sdpa",
        "benchmarks are named at run time; nothing to list",
        Settings::from_env,
    ) {
        Ok(begun) => begun,
        Err(code) => return code,
    };
    let bench_mode = start.bench_mode;
    println!(
        "sdpa: {}; {} shape(s) x {} precision(s) x {} mask(s) x {} direction(s), plans: {}{}",
        Start::gpu_line(&gpu),
        st.shapes.len(),
        st.precisions.len(),
        st.masks.len(),
        st.passes.len(),
        if st.autotune {
            "autotuned"
        } else {
            "the heuristic's"
        },
        if bench_mode {
            ""
        } else {
            " (test mode: one launch each, nothing timed)"
        }
    );

    let mut crit = bench_mode.then(|| st.run.criterion());
    let shapes = st.shapes.iter().map(SdpaShape::to_json).collect();
    let header = start.header(&lib, &gpu, st.to_json(), shapes);
    let mut report = Report::new(&start, header, &st.run);
    for shape in &st.shapes {
        for &precision in &st.precisions {
            if report.over_budget() {
                break;
            }
            let (c, r) = (crit.as_mut(), &mut report);
            match precision {
                SdpaType::Fp16 => bench_shape::<f16>(&gpu, c, &st, shape, precision, r),
                SdpaType::Bf16 => bench_shape::<bf16>(&gpu, c, &st, shape, precision, r),
                SdpaType::Fp8 => fp8::bench_shape(&gpu, c, &st, shape, r),
            }
        }
    }
    if let Some(c) = &crit {
        c.final_summary();
    }
    let failures = summary(&report.results);
    if report.truncated {
        println!("sdpa: stopped early: SDPA_BENCH_BUDGET_S ran out");
    }
    if bench_mode {
        println!("sdpa: results in {}", st.run.json_path.display());
    }
    if failures == 0 {
        return ExitCode::SUCCESS;
    }
    println!("sdpa: {failures} configuration(s) failed (see above)");
    start.failed()
}
