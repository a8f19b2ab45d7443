//! Every convolution algorithm cuDNN supports, on standard shapes, timed on
//! the GPU, through cuDNN's legacy API and its graph API.
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
//! Each direction runs on two APIs, one record each (`"path"` in the JSON):
//!
//! - `legacy`: `cudnnConvolutionForward` and the backward calls with the
//!   algorithms above (`conv_algos/legacy.rs`);
//! - `graph`: the backend API (`conv_algos/graph.rs`): the direction as a
//!   one-operation [`Graph`](cudnn::graph::Graph) built with the GPU's
//!   handle, up to `CONV_BENCH_GRAPH_LIMIT` plans from cuDNN's heuristics
//!   ([`Settings`](cudnn::graph::Settings) with `benchmark`, TF32 as
//!   above), the fastest chosen by
//!   [`Handle::autotune`](cudnn::Handle::autotune), and the plans launched
//!   with [`Handle::execute`](cudnn::Handle::execute), timed the same way.
//!   Its heuristic's pick is the first plan that finalizes, its Find pick
//!   the autotuned one; its search times are the plan search without
//!   `benchmark`, and with it plus the autotune.
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
//! The full matrix takes about an hour per API; the environment cuts it:
//!
//! | variable | values | default |
//! | --- | --- | --- |
//! | `CONV_BENCH_SHAPES` | indices of `shapes.json`, `1,3,5-7` | all 15 |
//! | `CONV_BENCH_DTYPES` | `fp32,tf32,fp16,bf16` | all |
//! | `CONV_BENCH_LAYOUTS` | `nchw,nhwc` | both |
//! | `CONV_BENCH_DIRS` | `fwd,bwd_data,bwd_filter` | all |
//! | `CONV_BENCH_APIS` | `legacy,graph` | both |
//! | `CONV_BENCH_ALGOS` | `all`, or `picks` (the heuristic's and Find's picks only) | `all` |
//! | `CONV_BENCH_GRAPH_LIMIT` | plans the graph path builds and autotunes | 10 |
//! | `CONV_BENCH_QUICK=1` | warm-up 0.1 s, measurement 0.2 s (default 0.5 s, 1 s), 10 samples | off |
//! | `CONV_BENCH_BUDGET_S` | start no configuration after this many seconds | none |
//!
//! Criterion's own options (`--warm-up-time`, `--measurement-time`,
//! `--sample-size`, a name filter) still apply, but the searches and buffer
//! set-up happen for every selected configuration: cut with the variables.

#[path = "conv_algos/gpu.rs"]
mod gpu;
#[path = "conv_algos/graph.rs"]
mod graph;
#[path = "conv_algos/legacy.rs"]
mod legacy;
#[path = "conv_algos/setup.rs"]
mod setup;
// The settings, the start of `main` and the results file, shared with the
// attention bench.
#[path = "common/harness.rs"]
mod harness;

use std::process::ExitCode;

use criterion::Criterion;
use cudnn::half::{bf16, f16};
use cudnn::{
    ComputeType, ComputesIn, ConvProblem, ConvolutionDescriptor, FilterDescriptor,
    TensorDescriptor, Workspace,
};
use serde_json::{json, Value};

use gpu::{make_sets, Config, Elem, Gpu};
use harness::{begin, Report, Start};
use legacy::{BwdData, BwdFilter, Fwd};
use setup::{Api, Dir, Layout, Precision, Settings, Shape};

/// All directions of one shape, precision and layout, on each API.
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
        for &api in &st.apis {
            let (c, sets, ws) = (crit.as_deref_mut(), &mut sets, &mut ws);
            out.push(match (api, d) {
                (Api::Legacy, Dir::Fwd) => {
                    legacy::bench_direction::<Fwd, T, C>(gpu, c, st, &cfg, &p, sets, ws)
                }
                (Api::Legacy, Dir::BwdData) => {
                    legacy::bench_direction::<BwdData, T, C>(gpu, c, st, &cfg, &p, sets, ws)
                }
                (Api::Legacy, Dir::BwdFilter) => {
                    legacy::bench_direction::<BwdFilter, T, C>(gpu, c, st, &cfg, &p, sets, ws)
                }
                (Api::Graph, d) => graph::bench_direction::<T>(gpu, c, st, &cfg, d, sets, ws),
            });
        }
    }
    out
}

fn main() -> ExitCode {
    let (start, st, lib, gpu) = match begin(
        "conv_algos",
        "benchmarks are named at run time from the algorithms cuDNN supports on the GPU; nothing to list",
        Settings::from_env,
    ) {
        Ok(begun) => begun,
        Err(code) => return code,
    };
    let bench_mode = start.bench_mode;
    println!(
        "conv_algos: {}; {} shape(s) x {} precision(s) x {} layout(s) x {} direction(s) x {} API(s) ({}), {} algorithms{}",
        Start::gpu_line(&gpu),
        st.shapes.len(),
        st.precisions.len(),
        st.layouts.len(),
        st.dirs.len(),
        st.apis.len(),
        st.apis.iter().map(|a| a.name()).collect::<Vec<_>>().join(", "),
        if st.all_algos { "all" } else { "the picked" },
        if bench_mode { "" } else { " (test mode: one launch each, nothing timed)" }
    );

    let mut crit = bench_mode.then(|| st.run.criterion());
    let shapes = st.shapes.iter().map(Shape::to_json).collect();
    let header = start.header(&lib, &gpu, st.to_json(), shapes);
    let mut report = Report::new(&start, header, &st.run);
    'all: for shape in &st.shapes {
        for &precision in &st.precisions {
            for &layout in &st.layouts {
                if report.over_budget() {
                    break 'all;
                }
                let c = crit.as_mut();
                report.push(match precision {
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
            }
        }
    }
    if let Some(c) = &crit {
        c.final_summary();
    }

    println!("\nconv_algos: summary (heuristic's pick against the fastest measured)");
    let mut failures = 0;
    for r in &report.results {
        if r.get("error").is_some() {
            failures += 1;
            println!(
                "  {} {} {} {} {}: not run",
                r["label"],
                r["dtype"],
                r["layout"],
                r["direction"].as_str().unwrap_or("(all directions)"),
                r["path"].as_str().unwrap_or("")
            );
            continue;
        }
        let failed_algos = r["algos"]
            .as_array()
            .map_or(0, |a| a.iter().filter(|a| a.get("error").is_some()).count());
        failures += failed_algos;
        println!(
            "  s{:02} {:<28} {} {} {:<10} {:<6} heuristic {:>9} ms  fastest {:>9} ms ({})  x{}  search: heuristic {} ms, Find {} ms",
            r["shape"].as_u64().unwrap_or(0),
            r["label"].as_str().unwrap_or("?"),
            r["dtype"].as_str().unwrap_or("?"),
            r["layout"].as_str().unwrap_or("?"),
            r["direction"].as_str().unwrap_or("?"),
            r["path"].as_str().unwrap_or("?"),
            r["heuristic_pick_ms"].as_f64().map_or("-".into(), |v| format!("{v:.4}")),
            r["fastest_ms"].as_f64().map_or("-".into(), |v| format!("{v:.4}")),
            r["fastest"].as_str().unwrap_or("-"),
            r["heuristic_slowdown"].as_f64().map_or("-".into(), |v| format!("{v:.2}")),
            r["search"]["heuristic_ms"].as_f64().map_or("-".into(), |v| format!("{v:.2}")),
            r["search"]["find_ms"].as_f64().map_or("-".into(), |v| format!("{v:.1}")),
        );
    }
    if report.truncated {
        println!("conv_algos: stopped early: CONV_BENCH_BUDGET_S ran out");
    }
    if failures > 0 {
        println!("conv_algos: {failures} configuration(s) or algorithm(s) failed (see above)");
    }
    if bench_mode {
        println!("conv_algos: results in {}", st.run.json_path.display());
    }
    ExitCode::SUCCESS
}
