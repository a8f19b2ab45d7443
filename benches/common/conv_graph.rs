//! What the graph benches without a GPU share: the conv + bias + ReLU graph
//! they plan, and the start of `main` (NVIDIA's driver library, cuDNN 9.8
//! or later, cuBLASLt, the described GPU).

use std::process::ExitCode;
use std::sync::Arc;

use cudnn::graph::{
    ConvOptions, DType, DeviceProperties, EngineConfig, EngineFilter, Graph, HeuristicMode,
    OperationGraph, Target,
};
use cudnn::Library;

pub(crate) const FLOAT: DType = DType::FLOAT;
/// The GPU the plans are made for.
pub(crate) const DEVICE: &str = "h100-sxm";
/// ResNet-50's 3x3 convolution of conv2_x, f32, NCHW, with a bias and ReLU.
pub(crate) const X: [i64; 4] = [16, 64, 56, 56];
pub(crate) const W: [i64; 4] = [64, 64, 3, 3];
pub(crate) const BIAS: [i64; 4] = [1, 64, 1, 1];

/// The description of conv + bias + ReLU.
pub(crate) fn describe() -> cudnn::Result<Graph> {
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
pub(crate) fn build(lib: &Arc<Library>) -> cudnn::Result<OperationGraph> {
    describe()?.build_with(lib, None)
}

/// Mode A's engine configurations for `device`.
pub(crate) fn heuristics(
    graph: &OperationGraph,
    device: &DeviceProperties,
) -> cudnn::Result<Vec<EngineConfig>> {
    graph.engine_configs(
        Target::Device {
            library: graph.library(),
            device,
        },
        HeuristicMode::A,
        &EngineFilter::default(),
    )
}

/// Why bench `bench` cannot run, and the exit status that goes with it.
pub(crate) fn not_run(bench: &str, why: &str, require: bool) -> ExitCode {
    println!("{bench}: not run: {why}");
    if require {
        println!("{bench}: CUDNN_BENCH_REQUIRE=1, so this is a failure");
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// What planning for a described GPU needs, loaded: cuDNN, cuBLASLt (kept
/// loaded while this lives) and the described GPU.
pub(crate) struct Host {
    pub(crate) lib: Arc<Library>,
    pub(crate) device: DeviceProperties,
    _cublaslt: libloading::Library,
}

/// Loads NVIDIA's driver library (the file `CUDNN_TEST_LIBCUDA` names, else
/// the system's), cuDNN 9.8 or later and cuBLASLt, and describes
/// [`DEVICE`]; `Err` says why the bench cannot run.
pub(crate) fn host(bench: &str) -> Result<Host, String> {
    #[cfg(target_os = "linux")]
    {
        let d = crate::driver::load()?;
        println!("{bench}: driver library: {d}");
    }
    if !cfg!(target_os = "linux") {
        return Err(
            "this bench loads NVIDIA's driver library on Linux only (cuDNN 9 finalizes \
                    nothing without it)"
                .into(),
        );
    }
    let lib =
        cudnn::library().map_err(|e| format!("cuDNN did not load (set CUDNN_LIB_DIR): {e}"))?;
    let v = lib.version();
    if (v.major, v.minor) < (9, 8) {
        return Err(format!(
            "cuDNN {v} describes no GPU without a handle (device properties need 9.8 or later)"
        ));
    }
    let cublaslt = load_cublaslt(&lib)?;
    println!(
        "{bench}: cuDNN {v} from {} ({}); target {DEVICE}",
        lib.path().display(),
        lib.found_by()
    );
    let device = DeviceProperties::preset(DEVICE).map_err(|e| e.to_string())?;
    Ok(Host {
        lib,
        device,
        _cublaslt: cublaslt,
    })
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

/// Where a bench writes its results file: `$OUT/<file>` when `OUT` is set,
/// else `target/bench/<file>`.
pub(crate) fn results_path(file: &str) -> std::path::PathBuf {
    match std::env::var_os("OUT") {
        Some(out) if !out.is_empty() => std::path::PathBuf::from(out).join(file),
        _ => std::path::PathBuf::from("target/bench").join(file),
    }
}

/// Whether `cargo bench` runs this program (it passes `--bench`; `cargo
/// test --benches` does not).
pub(crate) fn bench_mode() -> bool {
    let args: Vec<String> = std::env::args().collect();
    args.iter().any(|a| a == "--bench") && !args.iter().any(|a| a == "--test" || a == "--list")
}
