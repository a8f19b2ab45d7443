//! The graph API's host costs beside NVIDIA's cudnn-frontend C++ API and a
//! plain sequence of cuDNN backend calls, in one process against one
//! cuDNN, without a GPU: the conv + bias + ReLU graph of
//! `benches/graph_plans.rs` (f32, NCHW, planned for the `h100-sxm` preset).
//!
//! Each side runs the same pipeline on a fresh graph, stage by stage:
//!
//! | stage | cudnn-rs | cudnn-frontend | raw backend calls |
//! | --- | --- | --- | --- |
//! | describe | [`Graph`](cudnn::graph::Graph) builder | `fe::graph::Graph` tensors and nodes | (none) |
//! | build | `build_with` | `validate` + `build_operation_graph` | tensors, ops, operation graph |
//! | heuristics | `engine_configs` (mode A) | `create_execution_plans({A})` | `ENGINEHEUR`, its results |
//! | plan | `ExecutionPlan::new` of the first config that finalizes | `check_support` + `build_plans` | `EXECUTION_PLAN` with the `DEVICEPROP` |
//! | serialize | `to_json` | `serialize` | `EXECUTION_PLAN_JSON_REPRESENTATION` |
//! | deserialize | `from_json` | `deserialize` | a plan from that JSON |
//!
//! The C++ side is `benches/frontend/graph_frontend.cpp`, compiled by the
//! package's `build.rs` when `CUDNN_RS_FRONTEND_INCLUDE` names
//! cudnn-frontend's headers (`scripts/fetch-frontend.sh` fetches the pinned
//! wheels and prints the line to eval); it reaches cuDNN through a `dlopen`
//! handle of the very file cudnn-rs loaded.
//!
//! A round runs the three pipelines `PIPELINES` times each, interleaved;
//! each stage's time on a side is the median of the round, and the round's
//! ratios are cudnn-rs over each of the others. The rounds run in
//! `PROCESSES` processes, `ROUNDS` in each, one process after the other:
//! this one, then the bench again for its rounds alone. Each process lays
//! out its code and heap anew, and a small stage's ratio moves with that
//! layout between processes more than between rounds of one. It prints,
//! per stage, the median over all the rounds of those ratios, the range of
//! the processes' own medians, the medians in µs, and what cudnn-rs
//! takes over the raw calls in µs (the median over the rounds of the
//! difference of their medians: on a stage of 2 µs, such as plan, a ratio
//! of 1.10 is 0.2 µs), and
//! writes them to `target/bench/graph_frontend.json` (`$OUT/...` when `OUT`
//! is set). The targets: cudnn-rs/raw at most 1.10 and cudnn-rs/FE at most
//! 1.00; a stage over its target is named, and nothing is asserted (a
//! benchmark is not a test). Criterion times one whole pipeline per side
//! before that.
//!
//! A pipeline runs each stage once, on caches the stages before it left
//! cold. The hot loop times each stage from build on again and again
//! instead: in each round, `HOT_REPS` runs of one stage back to back on
//! cudnn-rs, then on raw calls (`gf_raw_hot`; the other order every other
//! round), each on inputs made before the clock starts, what a run makes
//! kept until the clock stops (a deserialized plan dropped in its stage, on
//! both sides). Its rounds run in the same processes, and its table gives
//! each stage's median ratio and µs over raw calls, judged by the graph
//! stages' rule: cudnn-rs at most 1.10 times raw calls or at most 0.5 µs
//! over them, whichever is looser (`within` or `over`).
//!
//! ```sh
//! eval "$(bash scripts/fetch-cudnn.sh 9 cublas)"; eval "$(bash scripts/fetch-libcuda.sh)"
//! eval "$(bash scripts/fetch-frontend.sh)"
//! CUDNN_TEST_LIBCUDA=$LIBCUDA_DIR/libcuda.so.1 CUDNN_LIB_DIR=$CUDNN_9_LIB \
//!     cargo bench --bench graph_frontend
//! ```
//!
//! Without the C++ side, cuDNN 9.8 or later, the driver library or
//! cuBLASLt it says why and exits 0 (1 with `CUDNN_BENCH_REQUIRE=1`).

// Built without the C++ side, the bench only says why it does not run, and
// these modules serve the comparison alone.
#[cfg(target_os = "linux")]
#[cfg_attr(not(cudnn_frontend_bench), allow(dead_code))]
#[path = "../cudnn/tests/common/driver.rs"]
mod driver;

#[cfg_attr(not(cudnn_frontend_bench), allow(dead_code))]
#[path = "common/conv_graph.rs"]
mod conv_graph;

use std::process::ExitCode;

#[cfg(not(cudnn_frontend_bench))]
fn main() -> ExitCode {
    let require = std::env::var_os("CUDNN_BENCH_REQUIRE").is_some_and(|v| v == "1");
    conv_graph::not_run(
        "graph_frontend",
        "built without cudnn-frontend's headers (eval \"$(bash scripts/fetch-frontend.sh)\" sets \
         CUDNN_RS_FRONTEND_INCLUDE, then build again)",
        require,
    )
}

#[cfg(cudnn_frontend_bench)]
fn main() -> ExitCode {
    compare::main()
}

#[cfg(cudnn_frontend_bench)]
mod compare {
    use std::ffi::{c_char, c_int, c_void, CStr};
    use std::hint::black_box;
    use std::process::ExitCode;
    use std::time::{Duration, Instant};

    use criterion::Criterion;
    use cudnn::graph::{ExecutionPlan, Target};

    use crate::conv_graph::{self, describe, heuristics, Host, DEVICE};

    extern "C" {
        fn gf_error() -> *const c_char;
        fn gf_init(
            dlhandle: *mut c_void,
            device_json: *const c_char,
            len: usize,
            sm_version: i32,
            fe_configs: *mut i64,
            raw_configs: *mut i64,
            raw_first: *mut i64,
        ) -> c_int;
        fn gf_frontend(ns: *mut i64) -> c_int;
        fn gf_raw(ns: *mut i64) -> c_int;
        fn gf_raw_hot(stage: c_int, reps: c_int, ns: *mut i64) -> c_int;
    }

    const STAGES: [&str; 6] = [
        "describe",
        "build",
        "heuristics",
        "plan",
        "serialize",
        "deserialize",
    ];
    /// Pipelines per side in a round.
    const PIPELINES: usize = 9;
    /// Rounds per process.
    const ROUNDS: usize = 5;
    /// Processes whose rounds are pooled: this one and `PROCESSES - 1`
    /// more, each with its own layout of code and heap in memory. A
    /// process's layout moves the small stages' ratios more than its
    /// rounds do, so the rounds are spread over many processes.
    const PROCESSES: usize = 15;
    /// Set, to the process's number, in a process that runs the rounds
    /// alone and writes them to its output.
    const CHILD: &str = "GRAPH_FRONTEND_ROUNDS_PROCESS";
    /// How a child's line of a round starts.
    const ROUND_LINE: &str = "graph_frontend round: ";
    /// The targets of cudnn-rs over raw calls and over the frontend.
    const RAW_TARGET: f64 = 1.10;
    const FE_TARGET: f64 = 1.00;
    /// In the hot loop a stage is within the rule at `RAW_TARGET` or at
    /// most this many µs over raw calls, whichever is looser.
    const RAW_SLACK_US: f64 = 0.5;
    /// How a child's line of a hot-loop round starts.
    const HOT_LINE: &str = "graph_frontend hot round: ";
    /// Runs of each stage in one hot-loop block, by stage (describe has no
    /// raw side): about a millisecond or more of work per block.
    const HOT_REPS: [usize; 6] = [0, 20, 2, 200, 20, 10];

    type Stages = [i64; 6];
    /// One side's pipeline, run again and again.
    type Pipeline<'a> = &'a dyn Fn() -> Result<Stages, String>;

    /// The C++ side's last error.
    fn cpp_error() -> String {
        // SAFETY: gf_error returns a pointer to a NUL-terminated string
        // the C++ side owns and keeps until its next error.
        unsafe { CStr::from_ptr(gf_error()) }
            .to_string_lossy()
            .into_owned()
    }

    fn ns_since(t: Instant) -> i64 {
        i64::try_from(t.elapsed().as_nanos()).unwrap_or(i64::MAX)
    }

    /// One cudnn-rs pipeline, configuration `index` planned.
    fn rust_pipeline(host: &Host, index: usize) -> cudnn::Result<Stages> {
        let mut ns = [0; 6];
        let target = Target::Device {
            library: &host.lib,
            device: &host.device,
        };
        let t = Instant::now();
        let g = describe()?;
        ns[0] = ns_since(t);
        let t = Instant::now();
        let graph = g.build_with(&host.lib, None)?;
        ns[1] = ns_since(t);
        let t = Instant::now();
        let configs = heuristics(&graph, &host.device)?;
        ns[2] = ns_since(t);
        let t = Instant::now();
        let plan = ExecutionPlan::new(&configs[index], target)?;
        ns[3] = ns_since(t);
        let t = Instant::now();
        let json = plan.to_json()?;
        ns[4] = ns_since(t);
        let t = Instant::now();
        black_box(ExecutionPlan::from_json(&json, target)?);
        ns[5] = ns_since(t);
        Ok(ns)
    }

    /// `reps` runs of `f` back to back, what each makes kept until the
    /// clock stops: the total in ns.
    fn timed<T>(reps: usize, mut f: impl FnMut() -> cudnn::Result<T>) -> cudnn::Result<i64> {
        let mut kept = Vec::with_capacity(reps);
        let t = Instant::now();
        for _ in 0..reps {
            kept.push(f()?);
        }
        let ns = ns_since(t);
        drop(kept);
        Ok(ns)
    }

    /// `reps` runs of cudnn-rs's stage `stage` (an index of [`STAGES`],
    /// from build on) back to back, on inputs made before the clock
    /// starts, as the C++ side's `gf_raw_hot` runs the raw calls: the
    /// total in ns. A deserialized plan is dropped inside its stage, as
    /// the raw side destroys its own.
    fn rust_hot(host: &Host, index: usize, stage: usize, reps: usize) -> Result<i64, String> {
        let hot = |e: cudnn::Error| format!("cudnn-rs, hot loop: {e}");
        rust_hot_stage(host, index, stage, reps)
            .map_err(hot)?
            .ok_or_else(|| format!("cudnn-rs, hot loop: configuration {index} is gone"))
    }

    fn rust_hot_stage(
        host: &Host,
        index: usize,
        stage: usize,
        reps: usize,
    ) -> cudnn::Result<Option<i64>> {
        let target = Target::Device {
            library: &host.lib,
            device: &host.device,
        };
        let g = describe()?;
        if stage == 1 {
            return timed(reps, || g.build_with(&host.lib, None)).map(Some);
        }
        let graph = g.build_with(&host.lib, None)?;
        if stage == 2 {
            return timed(reps, || heuristics(&graph, &host.device)).map(Some);
        }
        let configs = heuristics(&graph, &host.device)?;
        let Some(config) = configs.get(index) else {
            return Ok(None);
        };
        if stage == 3 {
            return timed(reps, || ExecutionPlan::new(config, target)).map(Some);
        }
        let plan = ExecutionPlan::new(config, target)?;
        if stage == 4 {
            return timed(reps, || plan.to_json()).map(Some);
        }
        let json = plan.to_json()?;
        timed(reps, || ExecutionPlan::from_json(&json, target).map(drop)).map(Some)
    }

    /// The raw side of [`rust_hot`].
    fn cpp_hot(stage: usize, reps: usize) -> Result<i64, String> {
        let mut ns = 0i64;
        let (stage, reps) = (stage as c_int, reps as c_int);
        // SAFETY: `ns` is a valid i64 the C++ side writes.
        if unsafe { gf_raw_hot(stage, reps, &mut ns) } != 0 {
            return Err(format!("raw, hot loop: {}", cpp_error()));
        }
        Ok(ns)
    }

    fn cpp_pipeline(
        f: unsafe extern "C" fn(*mut i64) -> c_int,
        side: &str,
    ) -> Result<Stages, String> {
        let mut ns = [0i64; 6];
        // SAFETY: `ns` holds the six stages the C++ side writes.
        if unsafe { f(ns.as_mut_ptr()) } != 0 {
            return Err(format!("{side}: {}", cpp_error()));
        }
        Ok(ns)
    }

    fn median(v: &mut [f64]) -> f64 {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    }

    /// Each stage's median over `runs`.
    fn stage_medians(runs: &[Stages]) -> [f64; 6] {
        std::array::from_fn(|s| {
            let mut v: Vec<f64> = runs.iter().map(|r| r[s] as f64).collect();
            median(&mut v)
        })
    }

    /// A dlopen handle of the library cudnn-rs loaded (the same file, so the
    /// same loaded object), kept open for the process.
    fn dlhandle(host: &Host) -> Result<*mut c_void, String> {
        // SAFETY: the cuDNN the process has loaded already; opening it
        // again runs no initializer and only counts a reference.
        let lib = unsafe {
            libloading::os::unix::Library::open(
                Some(host.lib.path()),
                libloading::os::unix::RTLD_NOW,
            )
        };
        let lib = lib.map_err(|e| format!("{}: {e}", host.lib.path().display()))?;
        Ok(lib.into_raw())
    }

    pub(super) fn main() -> ExitCode {
        let require = std::env::var_os("CUDNN_BENCH_REQUIRE").is_some_and(|v| v == "1");
        let not_run = |why: &str| conv_graph::not_run("graph_frontend", why, require);
        let host = match conv_graph::host("graph_frontend") {
            Ok(host) => host,
            Err(why) => return not_run(&why),
        };
        let handle = match dlhandle(&host) {
            Ok(h) => h,
            Err(why) => return not_run(&why),
        };
        let json = host.device.json();
        let (major, minor) = host.device.compute_capability();
        let sm_version = i32::try_from(major * 10 + minor).unwrap_or(0);
        let (mut fe_configs, mut raw_configs, mut raw_first) = (0i64, 0i64, 0i64);
        // SAFETY: `handle` is a dlopen handle of cuDNN; `json` is valid for
        // `json.len()` bytes; the three outputs are valid i64s.
        let status = unsafe {
            gf_init(
                handle,
                json.as_ptr().cast(),
                json.len(),
                sm_version,
                &mut fe_configs,
                &mut raw_configs,
                &mut raw_first,
            )
        };
        if status != 0 {
            return not_run(&format!("the C++ side did not start: {}", cpp_error()));
        }
        let rust_configs = conv_graph::build(&host.lib)
            .and_then(|g| heuristics(&g, &host.device))
            .map(|c| c.len());
        let rust_configs = match rust_configs {
            Ok(n) => n,
            Err(e) => return not_run(&format!("cudnn-rs's heuristics failed: {e}")),
        };
        let index = usize::try_from(raw_first).unwrap_or(0);
        println!(
            "graph_frontend: engine configurations (mode A): cudnn-rs {rust_configs}, \
             cudnn-frontend {fe_configs}, raw {raw_configs}; the first that finalizes: {index}"
        );
        let rust = || rust_pipeline(&host, index).map_err(|e| format!("cudnn-rs: {e}"));
        let fe = || cpp_pipeline(gf_frontend, "cudnn-frontend");
        let raw = || cpp_pipeline(gf_raw, "raw");
        // The three sides, in the order of the ratios: cudnn-rs first.
        let sides: [(&str, Pipeline<'_>); 3] =
            [("cudnn-rs", &rust), ("cudnn-frontend", &fe), ("raw", &raw)];
        for (_, f) in &sides {
            if let Err(e) = f() {
                return not_run(&e);
            }
        }
        if !conv_graph::bench_mode() {
            println!("graph_frontend: test mode (no --bench argument): ran each pipeline once");
            return ExitCode::SUCCESS;
        }
        if std::env::var_os(CHILD).is_some() {
            let both = run_rounds(&sides).and_then(|r| Ok((r, run_hot_rounds(&host, index)?)));
            return match both {
                Ok((rounds, hot)) => {
                    for r in &rounds {
                        println!("{}", round_line(r));
                    }
                    for r in &hot {
                        println!("{}", hot_line(r));
                    }
                    ExitCode::SUCCESS
                }
                Err(e) => not_run(&e),
            };
        }

        let mut c = Criterion::default()
            .warm_up_time(Duration::from_millis(300))
            .measurement_time(Duration::from_secs(2))
            .sample_size(20)
            .without_plots()
            .configure_from_args();
        {
            let mut g = c.benchmark_group("graph_frontend pipeline");
            for (name, f) in &sides {
                g.bench_function(*name, |b| b.iter(|| black_box(f())));
            }
            g.finish();
        }
        c.final_summary();

        let both = run_rounds(&sides).and_then(|r| Ok((r, run_hot_rounds(&host, index)?)));
        let (mut rounds, mut hot) = match both {
            Ok(r) => r,
            Err(e) => return not_run(&e),
        };
        for process in 1..PROCESSES {
            match child_rounds(process) {
                Ok((r, h)) => {
                    rounds.extend(r);
                    hot.extend(h);
                }
                Err(e) => return not_run(&e),
            }
        }
        let hot_loop = report_hot(&hot);
        report(
            &host,
            &rounds,
            [rust_configs as i64, fe_configs, raw_configs],
            hot_loop,
        );
        ExitCode::SUCCESS
    }

    /// One round's ratios of cudnn-rs over the frontend and over raw calls,
    /// each side's median stage times, and the process it ran in.
    struct Round {
        fe: [f64; 6],
        raw: [f64; 6],
        medians: [[f64; 6]; 3],
        process: usize,
    }

    /// This process's number among those whose rounds are pooled (0: the
    /// first, which runs the others).
    fn this_process() -> usize {
        std::env::var(CHILD)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(0)
    }

    /// `ROUNDS` rounds of the three pipelines, interleaved, in this process.
    fn run_rounds(sides: &[(&str, Pipeline<'_>); 3]) -> Result<Vec<Round>, String> {
        let process = this_process();
        let mut rounds = Vec::with_capacity(ROUNDS);
        for _ in 0..ROUNDS {
            let mut runs: [Vec<Stages>; 3] = Default::default();
            for _ in 0..PIPELINES {
                for (side, (_, f)) in sides.iter().enumerate() {
                    runs[side].push(f()?);
                }
            }
            let m = runs.each_ref().map(|r| stage_medians(r));
            rounds.push(Round {
                fe: std::array::from_fn(|s| m[0][s] / m[1][s]),
                raw: std::array::from_fn(|s| m[0][s] / m[2][s]),
                medians: m,
                process,
            });
        }
        Ok(rounds)
    }

    /// Runs this bench again as process `process`, for its rounds alone
    /// (one after the other: the machine's two cores are not shared).
    fn child_rounds(process: usize) -> Result<(Vec<Round>, Vec<HotRound>), String> {
        let exe = std::env::current_exe().map_err(|e| format!("this bench's path: {e}"))?;
        let out = std::process::Command::new(&exe)
            .arg("--bench")
            .env(CHILD, process.to_string())
            .stderr(std::process::Stdio::inherit())
            .output()
            .map_err(|e| format!("{}: {e}", exe.display()))?;
        let text = String::from_utf8_lossy(&out.stdout);
        if !out.status.success() {
            return Err(format!(
                "process {process} of the rounds: {}: {text}",
                out.status
            ));
        }
        // The numbers of each line of `text` that starts with `prefix`.
        let lines = |prefix: &'static str| {
            text.lines()
                .filter_map(move |l| l.strip_prefix(prefix))
                .filter_map(|l| {
                    l.split(' ')
                        .map(str::parse)
                        .collect::<Result<Vec<f64>, _>>()
                        .ok()
                })
        };
        let rounds: Vec<Round> = lines(ROUND_LINE)
            .filter_map(|v| round_from(&v, process))
            .collect();
        let hot: Vec<HotRound> = lines(HOT_LINE)
            .filter_map(|v| hot_from(&v, process))
            .collect();
        if rounds.len() != ROUNDS || hot.len() != ROUNDS {
            return Err(format!(
                "process {process} of the rounds wrote {} rounds and {} hot-loop rounds, not \
                 {ROUNDS} of each: {text}",
                rounds.len(),
                hot.len()
            ));
        }
        Ok((rounds, hot))
    }

    /// One hot-loop round: each stage's time per run, in ns, on cudnn-rs
    /// (`ns[0]`) and through raw calls (`ns[1]`; describe has none, NaN),
    /// and the process it ran in.
    struct HotRound {
        ns: [[f64; 6]; 2],
        process: usize,
    }

    /// `ROUNDS` hot-loop rounds in this process: each stage from build on
    /// run `HOT_REPS` times back to back on cudnn-rs, then on raw calls
    /// (the other way round every other round).
    fn run_hot_rounds(host: &Host, index: usize) -> Result<Vec<HotRound>, String> {
        let process = this_process();
        let mut rounds = Vec::with_capacity(ROUNDS);
        for round in 0..ROUNDS {
            let mut ns = [[f64::NAN; 6]; 2];
            for (stage, &reps) in HOT_REPS.iter().enumerate().skip(1) {
                let (rust, raw) = if round % 2 == 0 {
                    let rust = rust_hot(host, index, stage, reps)?;
                    (rust, cpp_hot(stage, reps)?)
                } else {
                    let raw = cpp_hot(stage, reps)?;
                    (rust_hot(host, index, stage, reps)?, raw)
                };
                ns[0][stage] = rust as f64 / reps as f64;
                ns[1][stage] = raw as f64 / reps as f64;
            }
            rounds.push(HotRound { ns, process });
        }
        Ok(rounds)
    }

    /// A hot-loop round as a child writes it: 12 numbers.
    fn hot_line(r: &HotRound) -> String {
        let v: Vec<String> = r.ns.iter().flatten().map(f64::to_string).collect();
        format!("{HOT_LINE}{}", v.join(" "))
    }

    fn hot_from(v: &[f64], process: usize) -> Option<HotRound> {
        let six = |i: usize| -> Option<[f64; 6]> { v.get(i * 6..i * 6 + 6)?.try_into().ok() };
        (v.len() == 12).then_some(())?;
        Some(HotRound {
            ns: [six(0)?, six(1)?],
            process,
        })
    }

    /// Prints the hot loop's table, each stage judged by the rule (at most
    /// `RAW_TARGET` times raw calls or `RAW_SLACK_US` µs over them), and
    /// returns it for the results file.
    fn report_hot(rounds: &[HotRound]) -> serde_json::Value {
        let med = |v: &mut dyn Iterator<Item = f64>| -> f64 {
            let mut v: Vec<f64> = v.collect();
            median(&mut v)
        };
        println!();
        println!(
            "graph_frontend: hot loop, cudnn-rs against raw calls: each stage run back to back \
             (runs per block {:?}), median over {} rounds ({ROUNDS} in each of {PROCESSES} \
             processes) of each round's ratio, and the range of the processes' medians; the rule: \
             at most {RAW_TARGET:.2}x raw or +{RAW_SLACK_US} µs",
            &HOT_REPS[1..],
            rounds.len()
        );
        println!(
            "graph_frontend: | stage (hot loop) | cudnn-rs/raw | (by process) | cudnn-rs µs | \
             raw µs | cudnn-rs − raw µs | rule |"
        );
        let mut stages = serde_json::Map::new();
        let mut over = Vec::new();
        for (s, name) in STAGES.iter().enumerate().skip(1) {
            let ratio = |r: &HotRound| r.ns[0][s] / r.ns[1][s];
            let all = med(&mut rounds.iter().map(ratio));
            let by_process: Vec<f64> = (0..PROCESSES)
                .map(|p| med(&mut rounds.iter().filter(|r| r.process == p).map(ratio)))
                .collect();
            let lo = by_process.iter().copied().fold(f64::INFINITY, f64::min);
            let hi = by_process.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let us = |side: usize| med(&mut rounds.iter().map(|r| r.ns[side][s])) / 1000.0;
            let extra = med(&mut rounds.iter().map(|r| r.ns[0][s] - r.ns[1][s])) / 1000.0;
            let within = all <= RAW_TARGET || extra <= RAW_SLACK_US;
            println!(
                "graph_frontend: | {name} | {all:.3} | {lo:.3}–{hi:.3} | {:.2} | {:.2} | {extra:+.2} \
                 | {} |",
                us(0),
                us(1),
                if within { "within" } else { "over" }
            );
            if !within {
                over.push(format!("{name} {all:.3}x raw, {extra:+.2} µs"));
            }
            stages.insert(
                (*name).to_string(),
                serde_json::json!({
                    "cudnn_rs_over_raw": all,
                    "by_process": by_process,
                    "median_us": {"cudnn_rs": us(0), "raw": us(1)},
                    "cudnn_rs_minus_raw_us": extra,
                    "within_rule": within,
                }),
            );
        }
        if over.is_empty() {
            println!("graph_frontend: hot loop: every stage within the rule");
        } else {
            println!(
                "graph_frontend: hot loop: over the rule: {}",
                over.join("; ")
            );
        }
        serde_json::json!({
            "runs_per_block": &HOT_REPS[1..],
            "rule": {"cudnn_rs_over_raw": RAW_TARGET, "or_cudnn_rs_minus_raw_us": RAW_SLACK_US},
            "stages": stages,
            "over_rule": over,
        })
    }

    /// A round as a child writes it: `fe`, `raw` and the three sides'
    /// medians, 30 numbers (Rust's shortest text of each, which reads back
    /// to the same number, `inf` included: describe has no raw time).
    fn round_line(r: &Round) -> String {
        let v: Vec<String> = [r.fe, r.raw]
            .iter()
            .chain(r.medians.iter())
            .flatten()
            .map(f64::to_string)
            .collect();
        format!("{ROUND_LINE}{}", v.join(" "))
    }

    fn round_from(v: &[f64], process: usize) -> Option<Round> {
        let six = |i: usize| -> Option<[f64; 6]> { v.get(i * 6..i * 6 + 6)?.try_into().ok() };
        (v.len() == 30).then_some(())?;
        Some(Round {
            fe: six(0)?,
            raw: six(1)?,
            medians: [six(2)?, six(3)?, six(4)?],
            process,
        })
    }

    /// Prints each stage's median ratios and times, and writes them.
    fn report(host: &Host, rounds: &[Round], configs: [i64; 3], hot_loop: serde_json::Value) {
        let med = |v: &mut dyn Iterator<Item = f64>| -> f64 {
            let mut v: Vec<f64> = v.collect();
            median(&mut v)
        };
        // The median over every round, and each process's median.
        let col = |pick: fn(&Round) -> &[f64; 6], s: usize| -> (f64, Vec<f64>) {
            let all = med(&mut rounds.iter().map(|r| pick(r)[s]));
            let by_process = (0..PROCESSES)
                .map(|p| med(&mut rounds.iter().filter(|r| r.process == p).map(|r| pick(r)[s])))
                .collect();
            (all, by_process)
        };
        let us = |side: usize, s: usize| -> f64 {
            med(&mut rounds.iter().map(|r| r.medians[side][s])) / 1000.0
        };
        // cudnn-rs's time over raw calls, in µs: the median over the rounds
        // of the difference of their medians.
        let over_raw = |s: usize| -> f64 {
            med(&mut rounds.iter().map(|r| r.medians[0][s] - r.medians[2][s])) / 1000.0
        };
        let range = |v: &[f64]| -> String {
            let lo = v.iter().copied().fold(f64::INFINITY, f64::min);
            let hi = v.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            format!("{lo:.3}–{hi:.3}")
        };
        let v = host.lib.version();
        println!();
        println!(
            "graph_frontend: cuDNN {v}, {DEVICE}, conv+bias+ReLU f32 NCHW; median over {} \
             rounds ({ROUNDS} in each of {PROCESSES} processes, {PIPELINES} pipelines per side \
             per round) of each round's ratio, and the range of the processes' medians",
            rounds.len()
        );
        println!(
            "graph_frontend: | stage | cudnn-rs/FE | (by process) | cudnn-rs/raw | (by process) \
             | cudnn-rs µs | FE µs | raw µs | cudnn-rs − raw µs |"
        );
        let mut stages = serde_json::Map::new();
        let mut over = Vec::new();
        for (s, name) in STAGES.iter().enumerate() {
            let ((fe, fe_p), (raw, raw_p)) = (col(|r| &r.fe, s), col(|r| &r.raw, s));
            let (raw_text, raw_range, extra) = if *name == "describe" {
                ("-".to_string(), "-".to_string(), "-".to_string())
            } else {
                (
                    format!("{raw:.3}"),
                    range(&raw_p),
                    format!("{:+.2}", over_raw(s)),
                )
            };
            println!(
                "graph_frontend: | {name} | {fe:.3} | {} | {raw_text} | {raw_range} | {:.2} | {:.2} \
                 | {:.2} | {extra} |",
                range(&fe_p),
                us(0, s),
                us(1, s),
                us(2, s)
            );
            if fe > FE_TARGET {
                over.push(format!("{name} cudnn-rs/FE {fe:.3} > {FE_TARGET:.2}"));
            }
            if *name != "describe" && raw > RAW_TARGET {
                over.push(format!("{name} cudnn-rs/raw {raw:.3} > {RAW_TARGET:.2}"));
            }
            stages.insert(
                (*name).to_string(),
                serde_json::json!({
                    "cudnn_rs_over_frontend": fe,
                    "cudnn_rs_over_raw": if *name == "describe" { serde_json::Value::Null } else { raw.into() },
                    "by_process": {"cudnn_rs_over_frontend": fe_p, "cudnn_rs_over_raw": raw_p},
                    "median_us": {"cudnn_rs": us(0, s), "frontend": us(1, s), "raw": us(2, s)},
                    "cudnn_rs_minus_raw_us": if *name == "describe" { serde_json::Value::Null } else { over_raw(s).into() },
                }),
            );
        }
        if over.is_empty() {
            println!("graph_frontend: every stage within its targets (raw {RAW_TARGET:.2}, FE {FE_TARGET:.2})");
        } else {
            println!("graph_frontend: over target: {}", over.join("; "));
        }
        let out = serde_json::json!({
            "tool": "cudnn-rs benches/graph_frontend.rs",
            "cudnn_version": v.to_string(),
            "device": DEVICE,
            "engine_configs": {"cudnn_rs": configs[0], "frontend": configs[1], "raw": configs[2]},
            "rounds": rounds.len(),
            "processes": PROCESSES,
            "pipelines_per_round": PIPELINES,
            "targets": {"cudnn_rs_over_raw": RAW_TARGET, "cudnn_rs_over_frontend": FE_TARGET},
            "stages": stages,
            "over_target": over,
            "hot_loop": hot_loop,
        });
        let path = conv_graph::results_path("graph_frontend.json");
        let written = path
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| std::fs::write(&path, format!("{out:#}\n")));
        match written {
            Ok(()) => println!("graph_frontend: results in {}", path.display()),
            Err(e) => println!(
                "graph_frontend: results not written to {}: {e}",
                path.display()
            ),
        }
    }
}
