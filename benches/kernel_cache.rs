//! A plan for a new shape of a graph marked for dynamic shapes, with and
//! without a [`KernelCache`], against the real cuDNN 9, without a GPU (the
//! `h100-sxm` preset of [`DeviceProperties`]): conv (3x3, pad 1) + bias +
//! ReLU, FP16 NHWC, 64 channels, planned first for x `[8, 64, 56, 56]`,
//! then for the new shape `[16, 64, 28, 28]`.
//!
//! cuDNN's engines for dynamic shapes are runtime-compiled (NVRTC), and
//! within one process cuDNN 9.28 keeps the kernels it compiled: a second
//! shape plans in well under a millisecond there, with or without a
//! kernel cache. The cache's gain is in a *fresh* process, which is what
//! this bench times: the parent plans the first shape through a cache and
//! saves it ([`KernelCache::save`]); then, in pairs of fresh child
//! processes (this program again, `--child fresh` and `--child loaded`,
//! taken in turns), each plans the new shape, one without a cache
//! (compiling), one with the saved cache loaded ([`KernelCache::load`]).
//! Each child times its own calls; the parent prints the medians of
//! five pairs and their ratio, and writes them to
//! `target/bench/kernel_cache.json` (`$OUT/kernel_cache.json` when `OUT`
//! is set). Nothing is asserted: a benchmark is not a test.
//!
//! ```sh
//! eval "$(bash scripts/fetch-cudnn.sh 9 cublas nvrtc12)"; eval "$(bash scripts/fetch-libcuda.sh)"
//! CUDNN_TEST_LIBCUDA=$LIBCUDA_DIR/libcuda.so.1 CUDNN_LIB_DIR=$CUDNN_9_LIB \
//!     CUBLAS_12_LIB=$CUBLAS_12_LIB NVRTC_12_LIB=$NVRTC_12_LIB cargo bench --bench kernel_cache
//! ```
//!
//! NVRTC is loaded from `NVRTC_<CUDA major>_LIB` by absolute path (else by
//! name), as cuDNN opens it by name. Without cuDNN 9.10 or later, the
//! driver library, cuBLASLt or NVRTC it says why and exits 0 (1 with
//! `CUDNN_BENCH_REQUIRE=1`). Run by `cargo test --benches` (no `--bench`
//! argument) it does nothing.

#[cfg(target_os = "linux")]
#[path = "../cudnn/tests/common/driver.rs"]
mod driver;

#[path = "common/conv_graph.rs"]
#[allow(dead_code)]
mod conv_graph;

use std::path::Path;
use std::process::{Command, ExitCode};
use std::time::Instant;

use conv_graph::{bench_mode, host, not_run, results_path, Host};
use cudnn::graph::{ConvOptions, Graph, KernelCache, OperationGraph, Settings, Target};
use cudnn::DType;

const BENCH: &str = "kernel_cache";
/// Pairs of fresh processes.
const PAIRS: usize = 5;

/// conv + bias + ReLU of x `[n, 64, h, h]`, FP16 NHWC, marked for dynamic
/// shapes, built.
fn graph(host: &Host, n: i64, h: i64) -> cudnn::Result<OperationGraph> {
    let mut g = Graph::new("conv_bias_relu_dynamic");
    g.set_dynamic_shapes(true);
    let c = 64;
    let nhwc = |d: [i64; 4]| [d[1] * d[2] * d[3], 1, d[3] * d[1], d[1]];
    let x = g.tensor_with_strides("x", &[n, c, h, h], &nhwc([n, c, h, h]), DType::HALF)?;
    let w = g.tensor_with_strides("w", &[c, c, 3, 3], &nhwc([c, c, 3, 3]), DType::HALF)?;
    let b = g.tensor_with_strides("b", &[1, c, 1, 1], &[c, 1, c, c], DType::HALF)?;
    let y = g.conv_fprop(x, w, &ConvOptions::new(2).padding(&[1, 1]))?;
    let y = g.bias(y, b)?;
    let y = g.relu(y)?;
    g.set_output(y, DType::HALF)?;
    g.build_with(&host.lib, None)
}

/// Loads NVRTC for the library's CUDA major, kept loaded for the process.
fn load_nvrtc(host: &Host) -> Result<libloading::Library, String> {
    let major = host.lib.cudart_version().major();
    let (var, file) = (format!("NVRTC_{major}_LIB"), format!("libnvrtc.so.{major}"));
    if let Some(dir) = std::env::var_os(&var).filter(|d| !d.is_empty()) {
        let path = Path::new(&dir).join(&file);
        // SAFETY: NVIDIA's NVRTC, loaded as cuDNN would load it; it stays
        // loaded until the process ends.
        return unsafe { libloading::Library::new(&path) }
            .map_err(|e| format!("{var} is set but {} does not load: {e}", path.display()));
    }
    // SAFETY: as above, found by the loader's search.
    unsafe { libloading::Library::new(&file) }
        .map_err(|_| format!("runtime-compiled engines need {file}: set {var} to its folder"))
}

/// What a child prints: ms to load the cache (0 without one) and to plan.
fn child(host: &Host, mode: &str, cache_file: &Path) -> Result<(), String> {
    let target = Target::Device {
        library: &host.lib,
        device: &host.device,
    };
    let g = graph(host, 16, 28).map_err(|e| e.to_string())?;
    let settings = Settings::default();
    let (load_ms, plan_ms) = if mode == "loaded" {
        let t = Instant::now();
        // SAFETY: the file was written by the parent's `save`, in this
        // run, in the build folder.
        let cache =
            unsafe { KernelCache::load(cache_file, &host.lib) }.map_err(|e| e.to_string())?;
        let load = t.elapsed();
        let t = Instant::now();
        g.plans_with_kernel_cache(target, &settings, &cache)
            .map_err(|e| e.to_string())?;
        (load.as_secs_f64() * 1e3, t.elapsed().as_secs_f64() * 1e3)
    } else {
        let t = Instant::now();
        g.plans(target, &settings).map_err(|e| e.to_string())?;
        (0.0, t.elapsed().as_secs_f64() * 1e3)
    };
    println!("{load_ms} {plan_ms}");
    Ok(())
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// One child run: its load and plan ms.
fn run_child(mode: &str, cache_file: &Path) -> Result<(f64, f64), String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let out = Command::new(exe)
        .args(["--child", mode])
        .arg(cache_file)
        .output()
        .map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&out.stdout);
    let last = text.lines().last().unwrap_or("");
    let mut parts = last.split(' ').map(str::parse::<f64>);
    match (parts.next(), parts.next(), out.status.success()) {
        (Some(Ok(l)), Some(Ok(p)), true) => Ok((l, p)),
        _ => Err(format!(
            "child {mode} failed: {}{}",
            text,
            String::from_utf8_lossy(&out.stderr)
        )),
    }
}

fn parent(host: &Host) -> Result<(), String> {
    let target = Target::Device {
        library: &host.lib,
        device: &host.device,
    };
    let cache = KernelCache::new(&host.lib).map_err(|e| e.to_string())?;
    let first = graph(host, 8, 56).map_err(|e| e.to_string())?;
    let t = Instant::now();
    first
        .plans_with_kernel_cache(target, &Settings::default(), &cache)
        .map_err(|e| e.to_string())?;
    let first_ms = t.elapsed().as_secs_f64() * 1e3;
    let cache_file = results_path("kernel_cache.cache");
    if let Some(dir) = cache_file.parent() {
        std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    }
    cache.save(&cache_file).map_err(|e| e.to_string())?;
    println!("{BENCH}: first shape planned through the cache in {first_ms:.1} ms (compiles)");
    let (mut fresh, mut loaded, mut loads) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..PAIRS {
        fresh.push(run_child("fresh", &cache_file)?.1);
        let (l, p) = run_child("loaded", &cache_file)?;
        loads.push(l);
        loaded.push(p);
    }
    let (f, l, load) = (median(fresh.clone()), median(loaded.clone()), median(loads));
    println!("{BENCH}: new shape in a fresh process, median of {PAIRS} pairs:");
    println!("{BENCH}:   without a kernel cache   {f:9.2} ms  {fresh:.1?}");
    println!("{BENCH}:   with the saved cache     {l:9.2} ms  {loaded:.2?} (+ load {load:.2} ms)");
    println!(
        "{BENCH}: kernel cache: new shape {l:.2} ms against {f:.1} ms without (ratio {:.4})",
        l / f
    );
    let json = serde_json::json!({
        "first_shape_ms": first_ms,
        "fresh_ms": fresh,
        "loaded_ms": loaded,
        "load_ms": load,
        "median_fresh_ms": f,
        "median_loaded_ms": l,
        "ratio": l / f,
    });
    std::fs::write(results_path("kernel_cache.json"), json.to_string()).map_err(|e| e.to_string())
}

fn main() -> ExitCode {
    let require = std::env::var_os("CUDNN_BENCH_REQUIRE").is_some_and(|v| v == "1");
    let args: Vec<String> = std::env::args().collect();
    let is_child = args.get(1).is_some_and(|a| a == "--child");
    if !is_child && !bench_mode() {
        return ExitCode::SUCCESS;
    }
    let host = match host(BENCH) {
        Ok(h) => h,
        Err(why) => return not_run(BENCH, &why, require),
    };
    if host.lib.version() < cudnn::Version::new(9, 10, 0) {
        return not_run(BENCH, "a kernel cache's file needs cuDNN 9.10", require);
    }
    let _nvrtc = match load_nvrtc(&host) {
        Ok(l) => l,
        Err(why) => return not_run(BENCH, &why, require),
    };
    let result = match (is_child, args.get(2), args.get(3)) {
        (true, Some(mode), Some(file)) => child(&host, mode, Path::new(file)),
        (true, ..) => Err("--child needs a mode and the cache file".into()),
        (false, ..) => parent(&host),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            println!("{BENCH}: {e}");
            ExitCode::FAILURE
        }
    }
}
