//! A stand-in for the CUDA driver, for host tests of cuDNN 9's backend
//! API on a machine without one.
//!
//! cuDNN 9's `libcudnn_engines_runtime_compiled.so.9` links
//! `libcuda.so.1`; without any libcuda, every `cudnnBackendFinalize`
//! returns `SUBLIBRARY_LOADING_FAILED` (1008). This module compiles (with
//! `cc`) a library named `libcuda.so.1` whose every function returns
//! `CUDA_ERROR_STUB_LIBRARY` (34), and loads it by absolute path, globally,
//! before cuDNN looks for the driver. cuDNN itself stays the real library;
//! nothing here runs a kernel. Used only where no real driver is present.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// The driver functions `libcudnn_engines_runtime_compiled.so.9` imports
/// (9.28: `nm -D --undefined-only`), and those cuDNN and the CUDA runtime
/// look up first.
const FUNCTIONS: &[&str] = &[
    "cuModuleGetFunction",
    "cuModuleLoadData",
    "cuModuleUnload",
    "cuTensorMapEncodeIm2col",
    "cuTensorMapEncodeTiled",
    "cuInit",
    "cuDriverGetVersion",
    "cuDeviceGet",
    "cuDeviceGetCount",
    "cuDeviceGetAttribute",
    "cuCtxGetCurrent",
    "cuCtxGetDevice",
    "cuGetProcAddress",
    "cuGetProcAddress_v2",
    "cuGetErrorName",
    "cuLaunchKernel",
    // Looked up by the runtime-compiled engines when they start (9.28);
    // absent, each is reported on stderr.
    "cuCtxGetLimit",
    "cuCtxPopCurrent",
    "cuCtxPushCurrent",
    "cuKernelGetAttribute",
    "cuKernelGetFunction",
    "cuKernelSetAttribute",
    "cuLaunchCooperativeKernel",
    "cuLaunchKernelEx",
    "cuLibraryGetKernel",
    "cuLibraryLoadData",
    "cuLibraryLoadFromFile",
    "cuLibraryUnload",
    "cuLinkAddData",
    "cuLinkComplete",
    "cuLinkCreate",
    "cuLinkDestroy",
    "cuOccupancyMaxPotentialClusterSize",
    "cuStreamGetCtx",
];

fn source() -> String {
    let mut c = String::from(
        "/* A stand-in for libcuda.so.1: every call fails with \
         CUDA_ERROR_STUB_LIBRARY. */\n\
         #define CUDA_ERROR_STUB_LIBRARY 34\n\
         int cuGetErrorString(int error, const char **text) {\n\
         \x20   (void)error;\n\
         \x20   if (text) *text = \"a stand-in libcuda: CUDA_ERROR_STUB_LIBRARY\";\n\
         \x20   return CUDA_ERROR_STUB_LIBRARY;\n\
         }\n",
    );
    for f in FUNCTIONS {
        c.push_str(&format!(
            "int {f}(void) {{ return CUDA_ERROR_STUB_LIBRARY; }}\n"
        ));
    }
    c
}

fn build(dir: &Path) -> Result<PathBuf, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let src = dir.join("cuda_stub.c");
    let out = dir.join("libcuda.so.1");
    std::fs::write(&src, source()).map_err(|e| format!("{}: {e}", src.display()))?;
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    let status = Command::new(&cc)
        .args(["-shared", "-fPIC", "-O1", "-Wl,-soname,libcuda.so.1", "-o"])
        .arg(&out)
        .arg(&src)
        .status()
        .map_err(|e| format!("running {cc}: {e}"))?;
    if !status.success() {
        return Err(format!("{cc} failed ({status}) on {}", src.display()));
    }
    Ok(out)
}

/// Whether a real CUDA driver can be loaded (then no stand-in is needed).
fn real_driver_present() -> bool {
    // SAFETY: loading the system's libcuda runs its initialisers, as any
    // CUDA program does; it is unloaded at once when present.
    unsafe { libloading::Library::new("libcuda.so.1") }.is_ok()
}

/// Loads the stand-in once per process, unless a real driver is present.
/// `Err` says why it could not be built or loaded.
pub fn load() -> Result<(), String> {
    static LOADED: OnceLock<Result<Option<libloading::os::unix::Library>, String>> =
        OnceLock::new();
    LOADED
        .get_or_init(|| {
            if real_driver_present() {
                return Ok(None);
            }
            let path = build(&Path::new(env!("CARGO_TARGET_TMPDIR")).join("cuda-stub"))?;
            let flags = libloading::os::unix::RTLD_NOW | libloading::os::unix::RTLD_GLOBAL;
            // SAFETY: the library was just compiled from `source()`: it has
            // no initialisers, and its functions only return a constant
            // (and store a pointer to a static string).
            unsafe { libloading::os::unix::Library::open(Some(&path), flags) }
                .map(Some)
                .map_err(|e| format!("loading {}: {e}", path.display()))
        })
        .as_ref()
        .map(|_| ())
        .map_err(Clone::clone)
}
