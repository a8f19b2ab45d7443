//! What the safe layer costs on the host, against the real cuDNN, without a
//! GPU:
//!
//! - building a convolution problem (input, filter and convolution
//!   descriptors, the output shape, the output descriptor) through
//!   [`ConvProblem::new`], against the same sequence of raw FFI calls made
//!   through [`Library::sys`] (so both sides call the same loaded library);
//! - a hit in the [`AlgoCache`]: building the key, and the lookup; and
//!   [`ConvProblem::cached_choice`], the lookup that builds no key.
//!
//! The aim is a safe layer that costs at most 10% more than raw calls. The
//! ratio is printed at the end from this program's own interleaved timing
//! loop (`std::time::Instant`), besides criterion's report, and written to
//! `target/bench/host_overhead.json` (`$OUT/host_overhead.json` when `OUT`
//! is set). It is a paired reading: 41 rounds of about 10 ms, each timing
//! every routine back to back, and the median over the rounds of each
//! round's safe/raw, so that the machine's slow spells (a shared VM has
//! them) scale both sides of a ratio alike; the ratio of the two median
//! times is printed too. Nothing is asserted: a benchmark is not a test.
//!
//! ```sh
//! eval "$(bash scripts/fetch-cudnn.sh 9)"
//! CUDNN_LIB_DIR=$CUDNN_9_LIB cargo bench --bench host_overhead
//! ```
//!
//! Without cuDNN it says why and exits 0 (1 with `CUDNN_BENCH_REQUIRE=1`).
//! Run by `cargo test --benches` (no `--bench` argument) it runs each
//! routine a few times, times nothing and exits.

use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::Criterion;
use cudnn::conv::{AlgoKey, CachedAlgo, DeviceKey, Direction};
use cudnn::sys;
use cudnn::{
    AlgoCache, ConvProblem, ConvolutionDescriptor, FilterDescriptor, Library, SearchOptions,
    TensorDescriptor, TensorFormat,
};

/// The system allocator (Rust's default), counting the allocations made
/// while [`COUNTING`] is on: that explains much of the safe layer's cost.
/// Off, it costs one relaxed load per allocation.
struct CountingAlloc;

static COUNTING: AtomicBool = AtomicBool::new(false);
static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

// SAFETY: every call is passed on unchanged to the system allocator, which
// upholds GlobalAlloc's contract; the counter has no effect on the memory.
unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if COUNTING.load(Ordering::Relaxed) {
            ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        }
        // SAFETY: the caller's layout, passed on.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from System.alloc with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if COUNTING.load(Ordering::Relaxed) {
            ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        }
        // SAFETY: as in dealloc; the caller's new size, passed on.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: CountingAlloc = CountingAlloc;

/// Heap allocations (Rust's, not cuDNN's own) of one call of `f`.
fn allocations(f: &mut dyn FnMut()) -> u64 {
    f();
    ALLOCATIONS.store(0, Ordering::Relaxed);
    COUNTING.store(true, Ordering::Relaxed);
    f();
    COUNTING.store(false, Ordering::Relaxed);
    ALLOCATIONS.load(Ordering::Relaxed)
}

/// The problem built on both sides: ResNet-50's 3x3 convolution of
/// conv2_x, f32, NCHW.
const X: [usize; 4] = [16, 64, 56, 56];
const W: [usize; 4] = [64, 64, 3, 3];
const PAD: [usize; 2] = [1, 1];
const STRIDE: [usize; 2] = [1, 1];
const DILATION: [usize; 2] = [1, 1];

/// The safe side: what a user of the `cudnn` crate writes.
fn safe_problem() -> cudnn::Result<ConvProblem<f32, f32>> {
    let nchw = TensorFormat::NCHW;
    ConvProblem::new(
        TensorDescriptor::new(nchw, &X)?,
        FilterDescriptor::new(nchw, &W)?,
        ConvolutionDescriptor::new(&PAD, &STRIDE, &DILATION)?,
    )
}

/// The safe side plus cuDNN's own output-shape query, which the raw
/// sequence makes and [`ConvProblem::new`] does not (it computes the shape
/// itself): the same calls into cuDNN on both sides.
fn safe_problem_with_cudnn_dims() -> cudnn::Result<ConvProblem<f32, f32>> {
    let p = safe_problem()?;
    black_box(p.conv().cudnn_output_dims(p.x(), p.w())?);
    Ok(p)
}

/// Packed NCHW strides of `dims`.
fn nchw_strides(dims: &[i32; 4]) -> [i32; 4] {
    [dims[1] * dims[2] * dims[3], dims[2] * dims[3], dims[3], 1]
}

/// The raw side: the same problem by hand through the function table,
/// every status checked (a failure panics: these are fixed, valid calls).
/// The function pointers are looked up once, outside the timed loop.
fn raw_problem(lib: &Library) -> impl Fn() + '_ {
    let f = lib.sys();
    let missing = "the loaded cuDNN exports the descriptor functions";
    let create_t = f.cudnnCreateTensorDescriptor.expect(missing);
    let set_t = f.cudnnSetTensorNdDescriptor.expect(missing);
    let destroy_t = f.cudnnDestroyTensorDescriptor.expect(missing);
    let create_f = f.cudnnCreateFilterDescriptor.expect(missing);
    let set_f = f.cudnnSetFilterNdDescriptor.expect(missing);
    let destroy_f = f.cudnnDestroyFilterDescriptor.expect(missing);
    let create_c = f.cudnnCreateConvolutionDescriptor.expect(missing);
    let set_c = f.cudnnSetConvolutionNdDescriptor.expect(missing);
    let destroy_c = f.cudnnDestroyConvolutionDescriptor.expect(missing);
    let out_dim = f.cudnnGetConvolutionNdForwardOutputDim.expect(missing);
    let float = sys::cudnnDataType_t::FLOAT;
    let check = |name: &'static str, s: sys::cudnnStatus_t| {
        if s.0 != 0 {
            panic!("{name} failed: {:?}", lib.check(name, s));
        }
    };
    move || {
        let x_dims = X.map(|d| d as i32);
        let x_strides = nchw_strides(&x_dims);
        let w_dims = W.map(|d| d as i32);
        let pads = PAD.map(|d| d as i32);
        let strides = STRIDE.map(|d| d as i32);
        let dilations = DILATION.map(|d| d as i32);
        let mut x: sys::cudnnTensorDescriptor_t = std::ptr::null_mut();
        let mut w: sys::cudnnFilterDescriptor_t = std::ptr::null_mut();
        let mut conv: sys::cudnnConvolutionDescriptor_t = std::ptr::null_mut();
        let mut y: sys::cudnnTensorDescriptor_t = std::ptr::null_mut();
        let mut y_dims = [0i32; 4];
        // SAFETY: every out-pointer is a valid local; every array holds the
        // number of ints passed with it; each descriptor is created before
        // it is used and destroyed once, at the end.
        unsafe {
            check("cudnnCreateTensorDescriptor", create_t(&mut x));
            check(
                "cudnnSetTensorNdDescriptor",
                set_t(x, float, 4, x_dims.as_ptr(), x_strides.as_ptr()),
            );
            check("cudnnCreateFilterDescriptor", create_f(&mut w));
            check(
                "cudnnSetFilterNdDescriptor",
                set_f(w, float, sys::cudnnTensorFormat_t::NCHW, 4, w_dims.as_ptr()),
            );
            check("cudnnCreateConvolutionDescriptor", create_c(&mut conv));
            check(
                "cudnnSetConvolutionNdDescriptor",
                set_c(
                    conv,
                    2,
                    pads.as_ptr(),
                    strides.as_ptr(),
                    dilations.as_ptr(),
                    sys::cudnnConvolutionMode_t::CROSS_CORRELATION,
                    float,
                ),
            );
            check(
                "cudnnGetConvolutionNdForwardOutputDim",
                out_dim(conv, x, w, 4, y_dims.as_mut_ptr()),
            );
            let y_strides = nchw_strides(&y_dims);
            check("cudnnCreateTensorDescriptor", create_t(&mut y));
            check(
                "cudnnSetTensorNdDescriptor",
                set_t(y, float, 4, y_dims.as_ptr(), y_strides.as_ptr()),
            );
            black_box((x, w, conv, y));
            check("cudnnDestroyTensorDescriptor", destroy_t(y));
            check("cudnnDestroyConvolutionDescriptor", destroy_c(conv));
            check("cudnnDestroyFilterDescriptor", destroy_f(w));
            check("cudnnDestroyTensorDescriptor", destroy_t(x));
        }
    }
}

fn device() -> DeviceKey {
    DeviceKey {
        ordinal: 0,
        name: "NVIDIA H200".into(),
        compute_capability: (9, 0),
    }
}

/// A cache holding, besides the choices for the benchmarked problem, those
/// of 48 other problems (16 shapes x 3 directions): a realistic table.
fn populated_cache(p: &ConvProblem<f32, f32>, options: &SearchOptions) -> cudnn::Result<AlgoCache> {
    let cache = AlgoCache::new();
    let nchw = TensorFormat::NCHW;
    let dev = device();
    let hit = |algo| CachedAlgo {
        algo,
        math_type: 0,
        workspace: 1 << 20,
        time_ms: Some(0.1),
        deterministic: true,
    };
    let directions = [
        Direction::Forward,
        Direction::BackwardData,
        Direction::BackwardFilter,
    ];
    for i in 0..16 {
        let other = ConvProblem::<f32, f32>::new(
            TensorDescriptor::new(nchw, &[8 + i, 32, 28, 28])?,
            FilterDescriptor::new(nchw, &[64, 32, 3, 3])?,
            ConvolutionDescriptor::new(&[1, 1], &[1, 1], &[1, 1])?,
        )?;
        for d in directions {
            cache.insert(other.key(&dev, d, options), hit(1));
        }
    }
    for d in directions {
        cache.insert(p.key(&dev, d, options), hit(1));
    }
    Ok(cache)
}

/// Nanoseconds per call of each routine in each of `rounds` interleaved
/// rounds of `iters` calls each: `[routine][round]`. Interleaving spreads
/// drift, frequency changes and noisy neighbours over all of them alike;
/// each round starts with the next routine, so that none always runs
/// first.
fn interleaved(rounds: usize, iters: u32, routines: &mut [&mut dyn FnMut()]) -> Vec<Vec<f64>> {
    let n = routines.len();
    let mut per_call: Vec<Vec<f64>> = vec![Vec::with_capacity(rounds); n];
    for round in 0..rounds {
        for k in 0..n {
            let i = (round + k) % n;
            let start = Instant::now();
            for _ in 0..iters {
                routines[i]();
            }
            per_call[i].push(start.elapsed().as_nanos() as f64 / f64::from(iters));
        }
    }
    per_call
}

/// The median of `a[i] / b[i]` over the rounds: each round's two readings
/// were taken a few milliseconds apart, so a slow spell of the machine
/// scales both and cancels out of their ratio.
fn paired_ratio(a: &[f64], b: &[f64]) -> f64 {
    median(a.iter().zip(b).map(|(x, y)| x / y).collect())
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n == 0 {
        f64::NAN
    } else if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// Interleaved rounds per reading.
const ROUNDS: usize = 41;

/// Calls per round so that the slowest routine's round takes about
/// `target`.
fn calibrate(target: Duration, f: &mut dyn FnMut()) -> u32 {
    for _ in 0..200 {
        f();
    }
    let n = 2000u32;
    let start = Instant::now();
    for _ in 0..n {
        f();
    }
    let per = start.elapsed().as_secs_f64() / f64::from(n);
    ((target.as_secs_f64() / per.max(1e-9)) as u32).clamp(1000, 5_000_000)
}

fn results_path(file: &str) -> std::path::PathBuf {
    match std::env::var_os("OUT") {
        Some(out) if !out.is_empty() => std::path::PathBuf::from(out).join(file),
        _ => std::path::PathBuf::from("target/bench").join(file),
    }
}

fn main() -> ExitCode {
    let require = std::env::var_os("CUDNN_BENCH_REQUIRE").is_some_and(|v| v == "1");
    let lib: Arc<Library> = match cudnn::library() {
        Ok(lib) => lib,
        Err(e) => {
            println!("host_overhead: not run: cuDNN did not load (set CUDNN_LIB_DIR): {e}");
            return if require {
                ExitCode::FAILURE
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    println!(
        "host_overhead: cuDNN {} from {} ({})",
        lib.version(),
        lib.path().display(),
        lib.found_by()
    );

    let raw = raw_problem(&lib);
    let safe = || drop(black_box(safe_problem().expect("the safe problem builds")));
    let safe_dims = || {
        drop(black_box(
            safe_problem_with_cudnn_dims().expect("the safe problem builds"),
        ))
    };
    let options = SearchOptions::default();
    let problem = safe_problem().expect("the safe problem builds");
    let cache = populated_cache(&problem, &options).expect("the cache fills");
    let dev = device();
    let key: AlgoKey = problem.key(&dev, Direction::Forward, &options);
    let make_key = || black_box(problem.key(&dev, Direction::Forward, &options));
    let get = || black_box(cache.get(black_box(&key)));
    let key_and_get = || {
        let k = problem.key(&dev, Direction::Forward, &options);
        black_box(cache.get(&k))
    };
    let cached_choice =
        || black_box(problem.cached_choice(&cache, &dev, Direction::Forward, &options));
    assert!(get().is_some(), "the benchmarked key is in the cache");
    assert_eq!(cached_choice(), get(), "both lookups find the same choice");

    // `cargo bench` passes --bench; `cargo test --benches` does not.
    let args: Vec<String> = std::env::args().collect();
    let bench_mode =
        args.iter().any(|a| a == "--bench") && !args.iter().any(|a| a == "--test" || a == "--list");
    if !bench_mode {
        for _ in 0..3 {
            raw();
            safe();
            safe_dims();
            make_key();
            get();
            key_and_get();
            cached_choice();
        }
        println!("host_overhead: test mode (no --bench argument): ran each routine; timed nothing");
        return ExitCode::SUCCESS;
    }

    let mut c = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_millis(1500))
        .sample_size(30)
        .nresamples(20_000)
        .without_plots()
        .configure_from_args();
    {
        let mut g = c.benchmark_group("build_problem");
        g.bench_function("raw_ffi", |b| b.iter(&raw));
        g.bench_function("safe", |b| b.iter(safe));
        g.bench_function("safe_plus_cudnn_output_dim", |b| b.iter(safe_dims));
        g.finish();
        let mut g = c.benchmark_group("algo_cache_hit");
        g.bench_function("key", |b| b.iter(make_key));
        g.bench_function("get", |b| b.iter(get));
        g.bench_function("key_and_get", |b| b.iter(key_and_get));
        g.bench_function("cached_choice", |b| b.iter(cached_choice));
        g.finish();
    }
    c.final_summary();

    // Our own reading of the same routines, for the ratio.
    let (mut raw_m, mut safe_m, mut safe_dims_m) = (raw, safe, safe_dims);
    let iters = calibrate(Duration::from_millis(10), &mut safe_dims_m);
    let build_rounds = interleaved(
        ROUNDS,
        iters,
        &mut [&mut raw_m, &mut safe_m, &mut safe_dims_m],
    );
    let build: Vec<f64> = build_rounds.iter().cloned().map(median).collect();
    let (mut key_m, mut get_m, mut kg_m, mut cc_m) = (
        || {
            make_key();
        },
        || {
            get();
        },
        || {
            key_and_get();
        },
        || {
            cached_choice();
        },
    );
    let cache_iters = calibrate(Duration::from_millis(10), &mut kg_m);
    let hit: Vec<f64> = interleaved(
        ROUNDS,
        cache_iters,
        &mut [&mut key_m, &mut get_m, &mut kg_m, &mut cc_m],
    )
    .into_iter()
    .map(median)
    .collect();
    let allocs = [
        allocations(&mut raw_m),
        allocations(&mut safe_m),
        allocations(&mut safe_dims_m),
    ];
    let hit_allocs = [
        allocations(&mut key_m),
        allocations(&mut get_m),
        allocations(&mut kg_m),
        allocations(&mut cc_m),
    ];

    let ratio = paired_ratio(&build_rounds[1], &build_rounds[0]);
    let ratio_dims = paired_ratio(&build_rounds[2], &build_rounds[0]);
    let ratio_of_medians = build[1] / build[0];
    println!();
    println!(
        "host overhead, cuDNN {} ({ROUNDS} rounds of {iters} calls; median ns per call; ratios: median over the rounds of each round's safe/raw):",
        lib.version(),
    );
    println!(
        "  build problem, raw FFI:                      {:>9.0} ns  {:>3} Rust heap allocations",
        build[0], allocs[0]
    );
    println!(
        "  build problem, safe (ConvProblem::new):      {:>9.0} ns  {:>3} Rust heap allocations  ratio safe/raw = {ratio:.3}",
        build[1], allocs[1]
    );
    println!(
        "  build problem, safe + cuDNN's output dims:   {:>9.0} ns  {:>3} Rust heap allocations  ratio = {ratio_dims:.3}",
        build[2], allocs[2]
    );
    println!("  (ratio of the medians instead: {ratio_of_medians:.3})");
    println!(
        "  {}",
        if ratio <= 1.10 {
            format!("safe/raw = {ratio:.3}: within the 10% target")
        } else {
            format!("safe/raw = {ratio:.3}: ABOVE the 10% target")
        }
    );
    println!(
        "  algorithm cache hit ({} entries): key {:.0} ns ({} allocations), get {:.0} ns ({}), key + get {:.0} ns ({}); cached_choice (no key built) {:.0} ns ({})",
        cache.len(),
        hit[0],
        hit_allocs[0],
        hit[1],
        hit_allocs[1],
        hit[2],
        hit_allocs[2],
        hit[3],
        hit_allocs[3]
    );

    let json = serde_json::json!({
        "tool": "cudnn-rs benches/host_overhead.rs",
        "cudnn_version": lib.version().to_string(),
        "cudnn_path": lib.path().display().to_string(),
        "problem": {"x": X, "w": W, "pad": PAD, "stride": STRIDE, "dilation": DILATION, "dtype": "f32", "layout": "nchw"},
        "rounds": ROUNDS,
        "iters_per_round": iters,
        "build_problem_ns": {"raw_ffi": build[0], "safe": build[1], "safe_plus_cudnn_output_dim": build[2]},
        "build_problem_allocations": {"raw_ffi": allocs[0], "safe": allocs[1], "safe_plus_cudnn_output_dim": allocs[2]},
        "ratio_safe_over_raw": ratio,
        "ratio_of_median_times": ratio_of_medians,
        "ratio_safe_plus_output_dim_over_raw": ratio_dims,
        "cache_hit_ns": {"key": hit[0], "get": hit[1], "key_and_get": hit[2], "cached_choice": hit[3], "entries": cache.len()},
        "cache_hit_allocations": {"key": hit_allocs[0], "get": hit_allocs[1], "key_and_get": hit_allocs[2], "cached_choice": hit_allocs[3]},
    });
    let path = results_path("host_overhead.json");
    let written = path
        .parent()
        .map_or(Ok(()), std::fs::create_dir_all)
        .and_then(|()| std::fs::write(&path, format!("{json:#}\n")));
    match written {
        Ok(()) => println!("  results: {}", path.display()),
        Err(e) => println!("  results not written to {}: {e}", path.display()),
    }
    ExitCode::SUCCESS
}
