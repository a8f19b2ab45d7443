//! Generated inputs over the crate's whole host surface, against the real
//! cuDNN: every descriptor constructor and setter, every shape rule, every
//! problem and its checks, the RNN weight layout, status decoding, the
//! library search over generated environments and folder trees, the ELF and
//! PE readers over damaged real files, the algorithm-cache reader over
//! damaged files, plan JSON and plan cache files made from real plans of
//! every operation kind and damaged (with NVIDIA's libcuda, no GPU, on
//! Linux), device descriptions at and past their bounds (what
//! `from_json` takes finalized and planned for in child processes). Each
//! case must
//! return `Ok` or a typed `Err`: a panic fails the run (an abort or a crash
//! ends the process, which fails it too).
//!
//! A test binary of its own (`harness = false`): it prints the cases run per
//! area and a summary, then libtest's `test result:` line, which
//! `scripts/test.sh` counts as one test.
//!
//! - `CUDNN_GEN_SEED`: the seed (decimal or `0x` hex; `random` for one
//!   from the clock); printed, so that any run replays.
//! - `CUDNN_GEN_CASES`: the number of cases, shared out among the areas by
//!   weight (default 100,000).
//! - `CUDNN_GEN_AREAS=conv,pooling`: runs only those areas (each with its
//!   share of `CUDNN_GEN_CASES`).
//! - `CUDNN_GEN_CASE=area:index`: replays one case and prints what it did.
//! - `CUDNN_GEN_VERBOSE=1`: prints each step before it runs (to find the
//!   input of a crash).
//!
//! Without cuDNN the areas that need it are skipped, saying so, unless
//! `CUDNN_TEST_REQUIRE=1`, which makes that a failure.

use std::cell::RefCell;
use std::fmt::Write as _;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use cudnn::Library;

/// Appends to the case's description (and prints it at once with
/// `CUDNN_GEN_VERBOSE=1`).
macro_rules! say {
    ($c:expr, $($arg:tt)*) => {
        $c.say(format_args!($($arg)*))
    };
}

/// Runs `$body` with `$T` one of the seven element types.
macro_rules! any_dtype {
    ($c:expr, $T:ident => $body:expr) => {
        match $c.rng.below(7) {
            0 => {
                type $T = f32;
                $body
            }
            1 => {
                type $T = f64;
                $body
            }
            2 => {
                type $T = cudnn::half::f16;
                $body
            }
            3 => {
                type $T = cudnn::half::bf16;
                $body
            }
            4 => {
                type $T = i8;
                $body
            }
            5 => {
                type $T = u8;
                $body
            }
            _ => {
                type $T = i32;
                $body
            }
        }
    };
}

/// Runs `$body` with `($T, $C)` one of the element and compute type pairs
/// of a convolution.
macro_rules! any_compute {
    ($c:expr, $T:ident, $C:ident => $body:expr) => {
        match $c.rng.below(6) {
            0 => {
                type $T = f32;
                type $C = f32;
                $body
            }
            1 => {
                type $T = f64;
                type $C = f64;
                $body
            }
            2 => {
                type $T = cudnn::half::f16;
                type $C = cudnn::half::f16;
                $body
            }
            3 => {
                type $T = cudnn::half::f16;
                type $C = f32;
                $body
            }
            4 => {
                type $T = cudnn::half::bf16;
                type $C = f32;
                $body
            }
            _ => {
                type $T = i8;
                type $C = i32;
                $body
            }
        }
    };
}

#[path = "generated_inputs/base.rs"]
mod base;
#[path = "common/mod.rs"]
mod common;
#[path = "generated_inputs/conv.rs"]
mod conv;
#[path = "generated_inputs/device.rs"]
mod device;
#[path = "generated_inputs/gen.rs"]
mod gen;
#[path = "generated_inputs/norm.rs"]
mod norm;
#[path = "generated_inputs/ops.rs"]
mod ops;
#[path = "generated_inputs/plans.rs"]
mod plans;
#[path = "generated_inputs/rnn.rs"]
mod rnn;
#[path = "generated_inputs/sys.rs"]
mod sys;
#[path = "generated_inputs/tensor_ops.rs"]
mod tensor_ops;

use gen::Rng;

/// One family of cases.
pub struct Area {
    /// Its name, as printed and as `CUDNN_GEN_CASE` takes it.
    pub name: &'static str,
    /// Its share of the cases.
    pub weight: u32,
    /// Whether it calls cuDNN.
    pub needs_lib: bool,
    /// Whether each case writes files: such an area gets a quarter of its
    /// share on Windows, where a file operation costs ten times more (under
    /// Wine) and would dominate the run.
    pub writes_files: bool,
    /// One case.
    pub run: fn(&mut Case),
}

/// Files by name: (name, bytes).
pub type Files = Vec<(String, Vec<u8>)>;

/// What every case may read.
pub struct Ctx {
    /// The library under test.
    pub lib: Option<Arc<Library>>,
    /// ELF files to damage: (name, bytes).
    pub elf: Files,
    /// PE files to damage.
    pub pe: Files,
    /// A folder of this run's own.
    pub scratch: PathBuf,
    /// Print every step.
    pub verbose: bool,
    /// One case is replayed (`CUDNN_GEN_CASE`).
    pub replay: bool,
}

/// One case: its generator, what it did so far, and its results.
pub struct Case<'a> {
    pub rng: Rng,
    pub ctx: &'a Ctx,
    /// The run's seed and the case's index in its area (for an area that
    /// regenerates cases elsewhere: a child process).
    pub seed: u64,
    pub index: u64,
    pub desc: String,
    pub ok: u64,
    pub err: u64,
}

impl Case<'_> {
    pub fn say(&mut self, args: std::fmt::Arguments<'_>) {
        let start = self.desc.len();
        let _ = self.desc.write_fmt(args);
        if self.ctx.verbose {
            eprintln!("    {}", &self.desc[start..]);
        }
    }

    /// The library under test (the areas that need it run only with one).
    pub fn lib(&self) -> Arc<Library> {
        Arc::clone(
            self.ctx
                .lib
                .as_ref()
                .expect("an area that needs cuDNN ran without it"),
        )
    }

    /// A file in the scratch folder.
    pub fn scratch_file(&self, name: &str) -> PathBuf {
        self.ctx.scratch.join(name)
    }

    /// Counts a result; an error is rendered every way it can be.
    pub fn note<T>(&mut self, r: cudnn::Result<T>) -> Option<T> {
        match r {
            Ok(v) => {
                self.ok += 1;
                Some(v)
            }
            Err(e) => {
                self.err += 1;
                let text = e.to_string();
                assert!(!text.is_empty(), "an error without words: {e:?}");
                let _ = format!("{e:?}");
                let _ = std::error::Error::source(&e);
                if let cudnn::Error::InvalidArgument { function, .. } = &e {
                    assert!(!function.is_empty());
                }
                if let Some(s) = e.status() {
                    assert!(!s.is_success(), "an error with status success: {e}");
                }
                None
            }
        }
    }
}

/// Every area, in the order they run.
fn areas() -> Vec<&'static Area> {
    [
        base::AREAS,
        conv::AREAS,
        ops::AREAS,
        tensor_ops::AREAS,
        norm::AREAS,
        rnn::AREAS,
        sys::AREAS,
        plans::AREAS,
        device::AREAS,
    ]
    .into_iter()
    .flatten()
    .collect()
}

thread_local! {
    /// The message of the last panic on this thread.
    static PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

struct Totals {
    cases: u64,
    ok: u64,
    err: u64,
    failures: Vec<String>,
    failed: u64,
}

/// Runs case `index` of `area`; `Err` with what happened when it panicked.
fn run_case(
    ctx: &Ctx,
    seed: u64,
    area: &Area,
    index: u64,
    desc: &mut String,
) -> Result<(u64, u64), String> {
    desc.clear();
    let mut case = Case {
        rng: Rng::for_case(seed, area.name, index),
        ctx,
        seed,
        index,
        desc: std::mem::take(desc),
        ok: 0,
        err: 0,
    };
    if ctx.verbose {
        eprintln!("  {}:{index}", area.name);
    }
    let outcome = catch_unwind(AssertUnwindSafe(|| (area.run)(&mut case)));
    *desc = std::mem::take(&mut case.desc);
    match outcome {
        Ok(()) => Ok((case.ok, case.err)),
        Err(_) => {
            let message = PANIC
                .with(|p| p.borrow_mut().take())
                .unwrap_or_else(|| "a panic without a message".into());
            Err(message)
        }
    }
}

fn parse_seed(text: &str) -> Option<u64> {
    let t = text.trim();
    if t.eq_ignore_ascii_case("random") {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default();
        return Some(gen::mix(
            now.as_nanos() as u64 ^ u64::from(std::process::id()),
        ));
    }
    match t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        Some(hex) => u64::from_str_radix(&hex.replace('_', ""), 16).ok(),
        None => t.replace('_', "").parse().ok(),
    }
}

/// The files the readers' areas damage: the loaded library's main file and
/// the Windows DLLs when they are on this machine, and small synthetic ones.
fn samples(lib: Option<&Arc<Library>>) -> (Files, Files) {
    let mut elf = vec![("synthetic.so".to_string(), sys::synthetic_elf())];
    let mut pe = vec![(
        "synthetic.dll".to_string(),
        sys::synthetic_pe(
            cudnn::sys::pe::EXPECTED_MACHINE.unwrap_or(cudnn::sys::pe::MACHINE_AMD64),
        ),
    )];
    let mut files: Vec<PathBuf> = Vec::new();
    if let Some(lib) = lib {
        files.push(lib.path().to_path_buf());
    }
    for var in ["CUDNN_8_LIB", "CUDNN_9_LIB"] {
        if let Some(dir) = std::env::var_os(var) {
            for name in cudnn::sys::discovery::library_file_names(cudnn::sys::discovery::Os::Linux)
            {
                files.push(PathBuf::from(&dir).join(name));
            }
        }
    }
    for (var, name) in [
        ("CUDNN_WIN_8_BIN", "cudnn64_8.dll"),
        ("CUDNN_WIN_9_BIN", "cudnn64_9.dll"),
    ] {
        if let Some(dir) = std::env::var_os(var) {
            files.push(PathBuf::from(dir).join(name));
        }
    }
    files.sort();
    files.dedup();
    for f in files {
        // Only the small main libraries (the shims, 100 to 300 KB).
        let Ok(bytes) = std::fs::read(&f) else {
            continue;
        };
        if bytes.len() > 4 << 20 {
            continue;
        }
        let name = f
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if bytes.starts_with(b"\x7fELF") {
            elf.push((name, bytes));
        } else if bytes.starts_with(b"MZ") {
            pe.push((name, bytes));
        }
    }
    (elf, pe)
}

/// libtest's arguments, as far as one test needs them: a name filter
/// (substring, or exact with `--exact`), `--skip`, `--list`, `--ignored`.
struct Args {
    selected: bool,
    list: bool,
}

fn args() -> Args {
    const NAME: &str = "generated_inputs";
    let mut filters = Vec::new();
    let mut skips = Vec::new();
    let (mut exact, mut list, mut ignored_only) = (false, false, false);
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        match a.as_str() {
            "--list" => list = true,
            "--exact" => exact = true,
            "--ignored" => ignored_only = true,
            "--skip" => skips.extend(it.next()),
            // Flags that take a value as the next argument.
            "--test-threads" | "--color" | "--format" | "--logfile" | "-Z" => {
                let _ = it.next();
            }
            _ if a.starts_with('-') => {}
            _ => filters.push(a),
        }
    }
    let matches = |f: &String| {
        if exact {
            f == NAME
        } else {
            NAME.contains(f.as_str())
        }
    };
    let selected = (filters.is_empty() || filters.iter().any(matches))
        && !skips.iter().any(|s| NAME.contains(s.as_str()))
        && !ignored_only;
    Args { selected, list }
}

fn result_line(passed: u32, failed: u32, filtered: u32, time: Duration) {
    println!(
        "\ntest result: {}. {passed} passed; {failed} failed; 0 ignored; 0 measured; {filtered} \
         filtered out; finished in {:.2}s\n",
        if failed == 0 { "ok" } else { "FAILED" },
        time.as_secs_f64()
    );
}

fn main() {
    let start = Instant::now();
    let args = args();
    if args.list {
        println!("generated_inputs: test\n\n1 test, 0 benchmarks");
        return;
    }
    println!("\nrunning 1 test");
    if !args.selected {
        result_line(0, 0, 1, start.elapsed());
        return;
    }
    if cfg!(miri) {
        println!(
            "test generated_inputs ... ignored, calls cuDNN and the file system (not under Miri)"
        );
        result_line(0, 0, 0, start.elapsed());
        return;
    }
    let required = std::env::var_os("CUDNN_TEST_REQUIRE").is_some_and(|v| v == "1");
    let seed = match std::env::var("CUDNN_GEN_SEED") {
        Ok(s) => match parse_seed(&s) {
            Some(seed) => seed,
            None => {
                println!("CUDNN_GEN_SEED={s:?} is not a number, 0x-hex or `random`");
                println!("test generated_inputs ... FAILED");
                result_line(0, 1, 0, start.elapsed());
                std::process::exit(101);
            }
        },
        Err(_) => 0x5EED_2024_C0DE_D00D,
    };
    let total: u64 = std::env::var("CUDNN_GEN_CASES")
        .ok()
        .and_then(|s| s.trim().replace('_', "").parse().ok())
        .unwrap_or(100_000);
    let verbose = std::env::var_os("CUDNN_GEN_VERBOSE").is_some_and(|v| v == "1");
    let only = std::env::var("CUDNN_GEN_CASE").ok();
    let wanted: Option<Vec<String>> = std::env::var("CUDNN_GEN_AREAS")
        .ok()
        .map(|s| s.split(',').map(|a| a.trim().to_string()).collect());

    let mut setup_failure = None;
    // The plan areas finalize plans, which cuDNN 9 does only with NVIDIA's
    // driver library: it goes first (before cuDNN looks for one).
    #[cfg(target_os = "linux")]
    if let Err(e) = common::driver::load() {
        if required {
            setup_failure = Some(format!("CUDNN_TEST_REQUIRE=1 but {e}"));
        }
    }
    let lib = match cudnn::library() {
        Ok(lib) => {
            // cuDNN 9's precompiled engines need cuBLASLt for heuristics.
            common::backend::load_cublaslt(&lib);
            if let Ok(want) = std::env::var("CUDNN_TEST_EXPECT_VERSION") {
                if lib.version().to_string() != want {
                    setup_failure = Some(format!(
                        "loaded cuDNN {} from {} but the run expects {want}",
                        lib.version(),
                        lib.path().display()
                    ));
                }
            }
            Some(lib)
        }
        Err(e) if required => {
            setup_failure = Some(format!("CUDNN_TEST_REQUIRE=1 but cuDNN did not load: {e}"));
            None
        }
        Err(e) => {
            println!("cuDNN did not load; the areas that need it are skipped: {e}");
            None
        }
    };
    if let Some(why) = setup_failure {
        println!("{why}\ntest generated_inputs ... FAILED");
        result_line(0, 1, 0, start.elapsed());
        std::process::exit(101);
    }
    // A child of the device area: its batch of cases, then nothing else.
    if let (Ok(spec), Some(lib)) = (std::env::var(device::CHILD), lib.as_ref()) {
        device::child(&spec, lib);
        return;
    }
    let label = lib.as_ref().map_or_else(
        || "no cuDNN".to_string(),
        |l| format!("cuDNN {}", l.version()),
    );
    let (elf, pe) = samples(lib.as_ref());
    // Removed when dropped: below before the result, or as a panic unwinds
    // out of `main` (`process::exit` runs no destructor).
    let scratch = match tempfile::Builder::new()
        .prefix("cudnn-rs-generated-")
        .tempdir()
    {
        Ok(dir) => dir,
        Err(e) => {
            println!(
                "cannot make a scratch folder in {}: {e}\ntest generated_inputs ... FAILED",
                std::env::temp_dir().display()
            );
            result_line(0, 1, 0, start.elapsed());
            std::process::exit(101);
        }
    };
    let ctx = Ctx {
        lib,
        elf,
        pe,
        scratch: scratch.path().to_path_buf(),
        verbose: verbose || only.is_some(),
        replay: only.is_some(),
    };
    std::panic::set_hook(Box::new(|info| {
        let text = info.to_string();
        PANIC.with(|p| *p.borrow_mut() = Some(text));
    }));

    let areas = areas();
    // Shares in quarters of a weight.
    let share = |a: &Area| {
        u64::from(a.weight)
            * if cfg!(windows) && a.writes_files {
                1
            } else {
                4
            }
    };
    let weights: u64 = areas.iter().map(|a| share(a)).sum();
    println!("generated inputs against {label}: seed {seed:#018x}, {total} cases");
    println!(
        "  samples: ELF {:?}, PE {:?}",
        ctx.elf.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>(),
        ctx.pe.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>()
    );
    let mut t = Totals {
        cases: 0,
        ok: 0,
        err: 0,
        failures: Vec::new(),
        failed: 0,
    };
    let mut desc = String::new();
    let mut skipped = Vec::new();
    for area in &areas {
        let count = match &only {
            Some(_) => 0,
            None => (total * share(area)).div_ceil(weights),
        };
        if wanted
            .as_ref()
            .is_some_and(|w| !w.iter().any(|a| a == area.name))
        {
            continue;
        }
        if area.needs_lib && ctx.lib.is_none() {
            skipped.push(area.name);
            continue;
        }
        let started = Instant::now();
        let (mut ok, mut err, mut failed) = (0, 0, 0);
        let indices: Vec<u64> = match &only {
            Some(spec) => match spec.split_once(':') {
                Some((name, i)) if name == area.name => i.trim().parse().into_iter().collect(),
                _ => Vec::new(),
            },
            None => (0..count).collect(),
        };
        for &i in &indices {
            match run_case(&ctx, seed, area, i, &mut desc) {
                Ok((o, e)) => {
                    ok += o;
                    err += e;
                }
                Err(message) => {
                    failed += 1;
                    if t.failures.len() < 20 {
                        t.failures.push(format!(
                            "{}:{i} (CUDNN_GEN_SEED={seed:#x} CUDNN_GEN_CASE={}:{i}): {message}\n      \
                             input: {desc}",
                            area.name, area.name
                        ));
                    }
                }
            }
        }
        if indices.is_empty() {
            continue;
        }
        println!(
            "  {:<13} {:>7} cases {:>8} ok {:>8} typed errors {:>4} failures {:>7.2} s",
            area.name,
            indices.len(),
            ok,
            err,
            failed,
            started.elapsed().as_secs_f64()
        );
        t.cases += indices.len() as u64;
        t.ok += ok;
        t.err += err;
        t.failed += failed;
    }
    let _ = std::panic::take_hook();
    drop(scratch);
    if !skipped.is_empty() {
        println!("  skipped without cuDNN: {}", skipped.join(", "));
    }
    for f in &t.failures {
        println!("FAILURE {f}");
    }
    let elapsed = start.elapsed();
    println!(
        "generated inputs, {label}: {} cases in {:.1} s, {} results ok, {} typed errors, {} failures (seed {seed:#x})",
        t.cases,
        elapsed.as_secs_f64(),
        t.ok,
        t.err,
        t.failed
    );
    let passed = t.failed == 0;
    println!(
        "test generated_inputs ... {}",
        if passed { "ok" } else { "FAILED" }
    );
    result_line(u32::from(passed), u32::from(!passed), 0, elapsed);
    if !passed {
        std::process::exit(101);
    }
}
