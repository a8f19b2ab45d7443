//! What the GPU benches share around their timing loops: the settings read
//! from the environment and the arguments, the start of `main` (bench or
//! test mode, the GPU and cuDNN), criterion's configuration, and the
//! results file rewritten after every configuration.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::Criterion;
use cudnn::Library;
use serde_json::{json, Value};

use crate::gpu::Gpu;

/// The value of environment variable `name`, unless unset or blank.
pub(crate) fn env(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}

/// The value of `--name N` or `--name=N` among the arguments.
pub(crate) fn arg_value(args: &[String], name: &str) -> Option<String> {
    let prefix = format!("{name}=");
    args.iter().enumerate().find_map(|(i, a)| {
        if a == name {
            args.get(i + 1).cloned()
        } else {
            a.strip_prefix(&prefix).map(str::to_owned)
        }
    })
}

/// A comma-separated selection among `all` by name (or `all`).
pub(crate) fn select<T: Copy>(
    var: &str,
    all: &[T],
    name: fn(T) -> &'static str,
) -> Result<Vec<T>, String> {
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

/// `1,3-4` (the value of `var`) into the shapes of those indices, in that
/// order; `file` names the list of `all` in the errors.
pub(crate) fn pick_shapes<S: Clone>(
    var: &str,
    file: &str,
    text: &str,
    all: &[S],
    index: fn(&S) -> usize,
) -> Result<Vec<S>, String> {
    let mut out = Vec::new();
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (lo, hi) = part.split_once('-').unwrap_or((part, part));
        let bounds = (lo.trim().parse::<usize>(), hi.trim().parse::<usize>());
        let (Ok(lo), Ok(hi)) = bounds else {
            return Err(format!(
                "{var}: {part:?} is not an index or a range like 1-3"
            ));
        };
        for i in lo..=hi {
            let Some(s) = all.iter().find(|s| index(s) == i) else {
                let (first, last) = (all.first().map_or(0, index), all.last().map_or(0, index));
                return Err(format!(
                    "{var}: no shape {i} ({file} has {first} to {last})"
                ));
            };
            out.push(s.clone());
        }
    }
    Ok(out)
}

/// How long to time and where the results go, from `{prefix}_QUICK`,
/// `{prefix}_BUDGET_S`, `{prefix}_JSON`, `OUT` and criterion's
/// `--warm-up-time`, `--measurement-time` and `--sample-size`.
pub(crate) struct RunSettings {
    pub(crate) quick: bool,
    pub(crate) warm_up: Duration,
    pub(crate) measurement: Duration,
    pub(crate) sample_size: usize,
    pub(crate) budget: Option<Duration>,
    pub(crate) json_path: PathBuf,
}

impl RunSettings {
    /// The settings of the bench whose variables start with `prefix` and
    /// whose results file is `file` (under `$OUT`, else `target/bench`).
    pub(crate) fn from_env(
        args: &[String],
        prefix: &str,
        file: &str,
    ) -> Result<RunSettings, String> {
        let quick = env(&format!("{prefix}_QUICK")).is_some_and(|v| v != "0");
        let secs = |name: &str, default: f64| -> Result<Duration, String> {
            let Some(v) = arg_value(args, name) else {
                return Ok(Duration::from_secs_f64(default));
            };
            match v.parse::<f64>() {
                Ok(s) if s > 0.0 && s.is_finite() => Ok(Duration::from_secs_f64(s)),
                _ => Err(format!("{name}: {v:?} is not a positive number of seconds")),
            }
        };
        let warm_up = secs("--warm-up-time", if quick { 0.1 } else { 0.5 })?;
        let measurement = secs("--measurement-time", if quick { 0.2 } else { 1.0 })?;
        let sample_size = match arg_value(args, "--sample-size") {
            None => 10,
            Some(v) => match v.parse::<usize>() {
                Ok(n) if n >= 10 => n,
                _ => {
                    return Err(format!(
                        "--sample-size: {v:?} (criterion needs at least 10)"
                    ))
                }
            },
        };
        let budget_var = format!("{prefix}_BUDGET_S");
        let budget = match env(&budget_var) {
            None => None,
            Some(v) => match v.parse::<f64>() {
                Ok(s) if s >= 0.0 && s.is_finite() => Some(Duration::from_secs_f64(s)),
                _ => return Err(format!("{budget_var}: {v:?} is not a number")),
            },
        };
        let json_path = match (env(&format!("{prefix}_JSON")), env("OUT")) {
            (Some(p), _) => PathBuf::from(p),
            (None, Some(out)) => PathBuf::from(out).join(file),
            (None, None) => PathBuf::from("target/bench").join(file),
        };
        Ok(RunSettings {
            quick,
            warm_up,
            measurement,
            sample_size,
            budget,
            json_path,
        })
    }

    /// Adds the timing settings to `settings` (a JSON object).
    pub(crate) fn add_json(&self, settings: &mut Value) {
        let fields = [
            ("quick", json!(self.quick)),
            ("warm_up_s", json!(self.warm_up.as_secs_f64())),
            ("measurement_s", json!(self.measurement.as_secs_f64())),
            ("sample_size", json!(self.sample_size)),
            ("sampling", json!("flat")),
            (
                "statistic",
                json!("median over samples of (event time of a sample / launches in it)"),
            ),
            (
                "rotation",
                json!("buffer sets rotated until they exceed twice the L2 cache"),
            ),
        ];
        for (k, v) in fields {
            settings[k] = v;
        }
    }

    /// Criterion with these timings, without plots, its own options
    /// applied.
    pub(crate) fn criterion(&self) -> Criterion {
        Criterion::default()
            .warm_up_time(self.warm_up)
            .measurement_time(self.measurement)
            .sample_size(self.sample_size)
            .nresamples(10_000)
            .without_plots()
            .configure_from_args()
    }
}

/// How the bench was started: its arguments, whether it times (`cargo
/// bench` passes `--bench`; `cargo test --benches` does not), and whether
/// not running is a failure (`CUDNN_BENCH_REQUIRE=1`).
pub(crate) struct Start {
    /// The bench's name, which starts its lines.
    pub(crate) bench: &'static str,
    pub(crate) args: Vec<String>,
    pub(crate) require: bool,
    pub(crate) bench_mode: bool,
}

impl Start {
    /// From the process's arguments; `Err` (after printing `list`) when
    /// asked to list the benchmarks.
    fn new(bench: &'static str, list: &str) -> Result<Start, ExitCode> {
        let args: Vec<String> = std::env::args().collect();
        if args.iter().any(|a| a == "--list") {
            println!("{bench}: {list}");
            return Err(ExitCode::SUCCESS);
        }
        let bench_mode = args.iter().any(|a| a == "--bench") && !args.iter().any(|a| a == "--test");
        Ok(Start {
            bench,
            require: env("CUDNN_BENCH_REQUIRE").is_some_and(|v| v == "1"),
            args,
            bench_mode,
        })
    }

    /// The exit status of settings that cannot be used.
    fn bad_settings(&self, why: &str) -> ExitCode {
        eprintln!("{}: {why}", self.bench);
        ExitCode::from(2)
    }

    /// The exit status after something failed: 1 under
    /// `CUDNN_BENCH_REQUIRE=1`, else 0.
    pub(crate) fn failed(&self) -> ExitCode {
        if !self.require {
            return ExitCode::SUCCESS;
        }
        println!(
            "{}: CUDNN_BENCH_REQUIRE=1, so this is a failure",
            self.bench
        );
        ExitCode::FAILURE
    }

    fn not_run(&self, why: String) -> ExitCode {
        println!("{}: not run: {why}", self.bench);
        self.failed()
    }

    /// The GPU and cuDNN, announced; or the exit status when either is
    /// missing.
    fn open(&self) -> Result<(Arc<Library>, Gpu), ExitCode> {
        let ctx = cudnn::cuda_context(0).map_err(|e| self.not_run(format!("no CUDA GPU: {e}")))?;
        let lib = cudnn::library().map_err(|e| self.not_run(format!("cuDNN did not load: {e}")))?;
        let gpu =
            Gpu::open(ctx).map_err(|e| self.not_run(format!("the GPU cannot be used: {e}")))?;
        println!(
            "{}: cuDNN {} (built for CUDA {}) from {} ({})",
            self.bench,
            lib.version(),
            lib.cudart_version(),
            lib.path().display(),
            lib.found_by()
        );
        Ok((lib, gpu))
    }

    /// The GPU's line: its name, compute capability, memory and L2 cache.
    pub(crate) fn gpu_line(gpu: &Gpu) -> String {
        format!(
            "{} (sm_{}{}), {:.1} GiB, L2 {:.1} MiB",
            gpu.name,
            gpu.compute_capability.0,
            gpu.compute_capability.1,
            gpu.memory_bytes as f64 / (1u64 << 30) as f64,
            gpu.l2_bytes as f64 / (1 << 20) as f64
        )
    }

    /// What the results file says of the run: the tool, cuDNN, the GPU,
    /// the settings and the shapes.
    pub(crate) fn header(
        &self,
        lib: &Library,
        gpu: &Gpu,
        settings: Value,
        shapes: Vec<Value>,
    ) -> Value {
        json!({
            "tool": format!("cudnn-rs benches/{}.rs", self.bench),
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
            "settings": settings,
            "shapes": shapes,
        })
    }
}

/// The start of a bench's `main`: how it was started, its settings (from
/// `settings`, given the arguments and whether it times), the GPU and
/// cuDNN; or the exit status when it lists, its settings cannot be used, or
/// the GPU or cuDNN is missing.
pub(crate) fn begin<S>(
    bench: &'static str,
    list: &str,
    settings: fn(&[String], bool) -> Result<S, String>,
) -> Result<(Start, S, Arc<Library>, Gpu), ExitCode> {
    let start = Start::new(bench, list)?;
    let st = settings(&start.args, start.bench_mode).map_err(|e| start.bad_settings(&e))?;
    let (lib, gpu) = start.open()?;
    Ok((start, st, lib, gpu))
}

/// The results so far, written to the JSON file after every configuration
/// (in bench mode), and the time budget.
pub(crate) struct Report {
    bench: &'static str,
    header: Value,
    pub(crate) results: Vec<Value>,
    started: Instant,
    pub(crate) truncated: bool,
    write: bool,
    budget: Option<Duration>,
    json_path: PathBuf,
}

impl Report {
    pub(crate) fn new(start: &Start, header: Value, run: &RunSettings) -> Report {
        Report {
            bench: start.bench,
            header,
            results: Vec::new(),
            started: Instant::now(),
            truncated: false,
            write: start.bench_mode,
            budget: run.budget,
            json_path: run.json_path.clone(),
        }
    }

    /// Adds `records`, and rewrites the results file.
    pub(crate) fn push(&mut self, records: Vec<Value>) {
        self.results.extend(records);
        if !self.write {
            return;
        }
        let mut doc = self.header.clone();
        doc["results"] = Value::Array(self.results.clone());
        doc["truncated"] = json!(self.truncated);
        doc["elapsed_s"] = json!(self.started.elapsed().as_secs_f64());
        let path = &self.json_path;
        let written = path
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| std::fs::write(path, format!("{doc:#}\n")));
        if let Err(e) = written {
            println!("{}: could not write {}: {e}", self.bench, path.display());
        }
    }

    /// Whether the budget is spent (then the run stops, marked truncated).
    pub(crate) fn over_budget(&mut self) -> bool {
        self.truncated |= self.budget.is_some_and(|b| self.started.elapsed() > b);
        self.truncated
    }
}
