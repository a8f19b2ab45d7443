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

use std::hint::black_box;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::Criterion;
use cudnn::graph::{
    ConvOptions, DType, DeviceProperties, EngineConfig, EngineFilter, ExecutionPlan, Graph,
    HeuristicMode, OperationGraph, PlanCache, Settings, Target,
};
use cudnn::Library;

const FLOAT: DType = DType::FLOAT;
const DEVICE: &str = "h100-sxm";
/// ResNet-50's 3x3 convolution of conv2_x, f32, NCHW, with a bias and ReLU.
const X: [i64; 4] = [16, 64, 56, 56];
const W: [i64; 4] = [64, 64, 3, 3];
const BIAS: [i64; 4] = [1, 64, 1, 1];

/// The description of conv + bias + ReLU.
fn describe() -> cudnn::Result<Graph> {
    let mut g = Graph::new("conv_bias_relu");
    let x = g.tensor("x", &X, FLOAT)?;
    let w = g.tensor("w", &W, FLOAT)?;
    let b = g.tensor("bias", &BIAS, FLOAT)?;
    let conv = g.conv_fprop(x, w, &ConvOptions::new(2).padding(&[1, 1]))?;
    let biased = g.bias(conv, b)?;
    let y = g.relu(biased)?;
    g.set_output(y, FLOAT)?;
    Ok(g)
}

/// The description, built into cuDNN's finalized operation graph.
fn build(lib: &Arc<Library>) -> cudnn::Result<OperationGraph> {
    describe()?.build_with(lib, None)
}

fn heuristics(
    graph: &OperationGraph,
    device: &DeviceProperties,
) -> cudnn::Result<Vec<EngineConfig>> {
    graph.engine_configs(
        Target::Device(device),
        HeuristicMode::A,
        &EngineFilter::default(),
    )
}

/// One timed step: a routine run again and again.
type Step<'a> = Box<dyn FnMut() + 'a>;

/// Why the bench cannot run, and the exit status that goes with it.
fn not_run(why: &str, require: bool) -> ExitCode {
    println!("graph_plans: not run: {why}");
    if require {
        println!("graph_plans: CUDNN_BENCH_REQUIRE=1, so this is a failure");
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// Loads cuBLASLt for `lib`'s CUDA major, kept loaded for the process:
/// from `CUBLAS_<major>_LIB` by absolute path, else by name. `Err` says
/// why it is not loaded.
fn load_cublaslt(lib: &Library) -> Result<libloading::Library, String> {
    let major = lib.cudart_version().major();
    let (var, file) = if cfg!(windows) {
        (
            format!("CUBLAS_{major}_BIN"),
            format!("cublasLt64_{major}.dll"),
        )
    } else {
        (
            format!("CUBLAS_{major}_LIB"),
            format!("libcublasLt.so.{major}"),
        )
    };
    if let Some(dir) = std::env::var_os(&var).filter(|d| !d.is_empty()) {
        let path = std::path::Path::new(&dir).join(&file);
        // SAFETY: NVIDIA's cuBLASLt, loaded as cuDNN's precompiled engines
        // would load it; it stays loaded until the process ends.
        return unsafe { libloading::Library::new(&path) }
            .map_err(|e| format!("{var} is set but {} does not load: {e}", path.display()));
    }
    // SAFETY: as above, found by the loader's search.
    unsafe { libloading::Library::new(&file) }.map_err(|_| {
        let fetch = if major == 12 {
            " (eval \"$(bash scripts/fetch-cudnn.sh cublas)\")"
        } else {
            ""
        };
        format!(
            "cuDNN {}'s precompiled engines need {file}: set {var} to its folder{fetch}",
            lib.version()
        )
    })
}

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

fn results_path(file: &str) -> std::path::PathBuf {
    match std::env::var_os("OUT") {
        Some(out) if !out.is_empty() => std::path::PathBuf::from(out).join(file),
        _ => std::path::PathBuf::from("target/bench").join(file),
    }
}

fn main() -> ExitCode {
    let require = std::env::var_os("CUDNN_BENCH_REQUIRE").is_some_and(|v| v == "1");
    #[cfg(target_os = "linux")]
    match driver::load() {
        Ok(d) => println!("graph_plans: driver library: {d}"),
        Err(e) => return not_run(&e, require),
    }
    if !cfg!(target_os = "linux") {
        return not_run(
            "this bench loads NVIDIA's driver library on Linux only (cuDNN 9 finalizes nothing \
             without it)",
            require,
        );
    }
    let lib = match cudnn::library() {
        Ok(lib) => lib,
        Err(e) => {
            return not_run(
                &format!("cuDNN did not load (set CUDNN_LIB_DIR): {e}"),
                require,
            )
        }
    };
    let v = lib.version();
    if (v.major, v.minor) < (9, 8) {
        return not_run(
            &format!(
                "cuDNN {v} describes no GPU without a handle (device properties need 9.8 or later)"
            ),
            require,
        );
    }
    let _cublaslt = match load_cublaslt(&lib) {
        Ok(l) => l,
        Err(why) => return not_run(&why, require),
    };
    println!(
        "graph_plans: cuDNN {v} from {} ({}); target {DEVICE}",
        lib.path().display(),
        lib.found_by()
    );
    let device = match DeviceProperties::preset(DEVICE) {
        Ok(device) => device,
        Err(e) => return not_run(&e.to_string(), require),
    };

    // Each step once, its result kept for the next.
    let prepared = (|| -> cudnn::Result<_> {
        let graph = build(&lib)?;
        let configs = heuristics(&graph, &device)?;
        let target = Target::Device(&device);
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
        cache.get_or_build(&graph, &device, &settings)?;
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
        Err(e) => return not_run(&format!("a step failed: {e}"), require),
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
            Box::new(|| drop(black_box(build(&lib).expect("the graph builds")))),
        ),
        (
            "heuristics",
            Box::new(|| drop(black_box(heuristics(&graph, &device).expect("heuristics")))),
        ),
        (
            "plan",
            Box::new(|| {
                drop(black_box(
                    ExecutionPlan::new(&configs[index], Target::Device(&device))
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
                    ExecutionPlan::from_json(&lib, &json, Target::Device(&device))
                        .expect("the saved plan reads back"),
                ))
            }),
        ),
        (
            "cache_hit",
            Box::new(|| {
                black_box(
                    cache
                        .get_or_build(&graph, &device, &settings)
                        .expect("a hit")
                        .workspace_size(),
                );
            }),
        ),
    ];

    // `cargo bench` passes --bench; `cargo test --benches` does not.
    let args: Vec<String> = std::env::args().collect();
    let bench_mode =
        args.iter().any(|a| a == "--bench") && !args.iter().any(|a| a == "--test" || a == "--list");
    if !bench_mode {
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
