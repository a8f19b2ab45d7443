//! What the graph API costs on the host, against the real cuDNN, without a
//! GPU: each step from a fused convolution graph to a plan for a described
//! GPU (the `h100-sxm` preset of [`DeviceProperties`]).
//!
//! - `describe`: the [`Graph`] builder's description of conv + bias + ReLU
//!   (pure Rust, its checks);
//! - `build`: that, then [`Graph::build_with`]: the backend descriptors of
//!   the tensors and operations, and the operation graph, finalized;
//! - `heuristics`: [`OperationGraph::engine_configs`] in mode A;
//! - `plan`: [`ExecutionPlan::new`] of the first configuration that
//!   finalizes, again (its first finalize is printed and saved apart);
//! - `to_json`: [`ExecutionPlan::to_json`] of that plan (cuDNN's JSON read
//!   back as a string);
//! - `from_json`: [`ExecutionPlan::from_json`] of that plan's saved JSON;
//! - `cache_hit`: a [`PlanCache::get_or_build`] that finds the plan.
//!
//! No kernel runs, and no GPU is needed. cuDNN 9 finalizes nothing without
//! NVIDIA's driver library: the file `CUDNN_TEST_LIBCUDA` names (Debian's
//! `libcuda1`, unpacked by `scripts/fetch-libcuda.sh`) is loaded first, as
//! the graph host tests do (`cudnn/tests/common/driver.rs`), else the one
//! the system's loader finds.
//! cuDNN 9's precompiled engines open cuBLASLt at run time: it is loaded
//! from `CUBLAS_<CUDA major>_LIB` by absolute path (`scripts/fetch-cudnn.sh
//! cublas` sets `CUBLAS_12_LIB`), or by name when the loader finds it.
//!
//! Criterion reports each step; the last line prints the mean per step in
//! µs from this program's own loop, also written to
//! `target/bench/graph_plans.json` (`$OUT/graph_plans.json` when `OUT` is
//! set). Nothing is asserted: a benchmark is not a test.
//!
//! ```sh
//! eval "$(bash scripts/fetch-cudnn.sh 9 cublas)"; eval "$(bash scripts/fetch-libcuda.sh)"
//! CUDNN_TEST_LIBCUDA=$LIBCUDA_DIR/libcuda.so.1 CUDNN_LIB_DIR=$CUDNN_9_LIB \
//!     cargo bench --bench graph_plans
//! ```
//!
//! Without cuDNN 9.8 or later, the driver library or cuBLASLt it says why
//! and exits 0 (1 with `CUDNN_BENCH_REQUIRE=1`). Run by `cargo test
//! --benches` (no `--bench` argument) it runs each step once and times
//! nothing.

#[cfg(target_os = "linux")]
#[path = "../cudnn/tests/common/driver.rs"]
mod driver;

#[path = "common/conv_graph.rs"]
mod conv_graph;

use std::hint::black_box;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use conv_graph::{build, describe, heuristics, results_path, BIAS, DEVICE, W, X};
use criterion::Criterion;
use cudnn::graph::{ExecutionPlan, PlanCache, Settings, Target};

/// One timed step: a routine run again and again.
type Step<'a> = Box<dyn FnMut() + 'a>;

/// Mean µs per call of `f`: calls are repeated until `target` has passed
/// (at least `min` of them).
fn mean_us(target: Duration, min: u32, f: &mut dyn FnMut()) -> (f64, u32) {
    f();
    let start = Instant::now();
    let mut n = 0u32;
    while n < min || start.elapsed() < target {
        f();
        n += 1;
    }
    (start.elapsed().as_secs_f64() * 1e6 / f64::from(n), n)
}

fn main() -> ExitCode {
    let require = std::env::var_os("CUDNN_BENCH_REQUIRE").is_some_and(|v| v == "1");
    let not_run = |why: &str| conv_graph::not_run("graph_plans", why, require);
    let host = match conv_graph::host("graph_plans") {
        Ok(host) => host,
        Err(why) => return not_run(&why),
    };
    let (lib, device) = (&host.lib, &host.device);
    let v = lib.version();

    // Each step once, its result kept for the next.
    let prepared = (|| -> cudnn::Result<_> {
        let graph = build(lib)?;
        let configs = heuristics(&graph, device)?;
        let target = Target::Device {
            library: lib,
            device,
        };
        let mut failed = Vec::new();
        let mut found = None;
        for (i, c) in configs.iter().enumerate() {
            let t = Instant::now();
            match ExecutionPlan::new(c, target) {
                Ok(p) => {
                    found = Some((i, p, t.elapsed().as_secs_f64() * 1e6));
                    break;
                }
                Err(e) => failed.push(format!("engine {}: {e}", c.global_index())),
            }
        }
        let Some((index, plan, first_us)) = found else {
            return Err(cudnn::Error::NoEngine {
                graph: graph.name().to_owned(),
                reason: format!(
                    "none of {} configurations finalized: {}",
                    configs.len(),
                    failed.join("; ")
                ),
            });
        };
        let json = plan.to_json()?;
        let settings = Settings::default();
        let mut cache = PlanCache::new(4)?;
        cache.get_or_build(&graph, device, &settings)?;
        Ok((
            graph,
            configs,
            (index, first_us),
            plan,
            json,
            cache,
            settings,
        ))
    })();
    let (graph, configs, (index, first_plan_us), plan, json, mut cache, settings) = match prepared {
        Ok(p) => p,
        Err(e) => return not_run(&format!("a step failed: {e}")),
    };
    println!(
        "graph_plans: {} engine configurations (mode A); configuration {index} (engine {}) \
         finalizes first ({first_plan_us:.0} µs the first time), workspace {} bytes, plan JSON \
         {} bytes",
        configs.len(),
        configs[index].global_index(),
        plan.workspace_size(),
        json.len()
    );

    let mut steps: Vec<(&str, Step<'_>)> = vec![
        (
            "describe",
            Box::new(|| drop(black_box(describe().expect("the graph describes")))),
        ),
        (
            "build",
            Box::new(|| drop(black_box(build(lib).expect("the graph builds")))),
        ),
        (
            "heuristics",
            Box::new(|| drop(black_box(heuristics(&graph, device).expect("heuristics")))),
        ),
        (
            "plan",
            Box::new(|| {
                drop(black_box(
                    ExecutionPlan::new(
                        &configs[index],
                        Target::Device {
                            library: lib,
                            device,
                        },
                    )
                    .expect("the configuration finalizes again"),
                ))
            }),
        ),
        (
            "to_json",
            Box::new(|| {
                drop(black_box(plan.to_json().expect("the plan serializes")));
            }),
        ),
        (
            "from_json",
            Box::new(|| {
                drop(black_box(
                    ExecutionPlan::from_json(
                        &json,
                        Target::Device {
                            library: lib,
                            device,
                        },
                    )
                    .expect("the saved plan reads back"),
                ))
            }),
        ),
        (
            "cache_hit",
            Box::new(|| {
                black_box(
                    cache
                        .get_or_build(&graph, device, &settings)
                        .expect("a hit")
                        .workspace_size(),
                );
            }),
        ),
    ];

    if !conv_graph::bench_mode() {
        for (_, f) in &mut steps {
            f();
        }
        println!("graph_plans: test mode (no --bench argument): ran each step once; timed nothing");
        return ExitCode::SUCCESS;
    }

    let mut c = Criterion::default()
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2))
        .sample_size(20)
        .nresamples(10_000)
        .without_plots()
        .configure_from_args();
    {
        let mut g = c.benchmark_group("graph_plans");
        for (name, f) in &mut steps {
            g.bench_function(*name, |b| b.iter(&mut *f));
        }
        g.finish();
    }
    c.final_summary();

    // Our own reading, for the summary line and the results file.
    let mut means = Vec::new();
    for (name, f) in &mut steps {
        let (us, calls) = mean_us(Duration::from_millis(500), 5, f.as_mut());
        means.push((*name, us, calls));
    }
    let line: Vec<String> = means
        .iter()
        .map(|(name, us, _)| format!("{name} {us:.1}"))
        .collect();
    println!();
    println!(
        "graph_plans: mean µs per step (cuDNN {v}, {DEVICE}): {}",
        line.join(", ")
    );

    let json_out = serde_json::json!({
        "tool": "cudnn-rs benches/graph_plans.rs",
        "cudnn_version": v.to_string(),
        "cudnn_path": lib.path().display().to_string(),
        "device": DEVICE,
        "graph": {"ops": "conv_fprop + bias + relu", "x": X, "w": W, "bias": BIAS, "pad": [1, 1], "dtype": "f32", "layout": "nchw"},
        "engine_configs": configs.len(),
        "first_finalized": {"index": index, "engine": configs[index].global_index(), "workspace_bytes": plan.workspace_size(), "first_finalize_us": first_plan_us},
        "mean_us": means.iter().map(|(n, us, _)| (n.to_string(), serde_json::json!(us))).collect::<serde_json::Map<_, _>>(),
        "calls": means.iter().map(|(n, _, k)| (n.to_string(), serde_json::json!(k))).collect::<serde_json::Map<_, _>>(),
    });
    let path = results_path("graph_plans.json");
    let written = path
        .parent()
        .map_or(Ok(()), std::fs::create_dir_all)
        .and_then(|()| std::fs::write(&path, format!("{json_out:#}\n")));
    match written {
        Ok(()) => println!("graph_plans: results in {}", path.display()),
        Err(e) => println!(
            "graph_plans: results not written to {}: {e}",
            path.display()
        ),
    }
    ExitCode::SUCCESS
}
