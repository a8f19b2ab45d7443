//! NVIDIA's driver library for the host tests of cuDNN 9's backend API on a
//! machine without a GPU.
//!
//! cuDNN 9's `libcudnn_engines_runtime_compiled.so.9` links
//! `libcuda.so.1`, and cuDNN finalizes no backend descriptor without it
//! (the crate refuses first, with `Error::DependencyUnavailable`). No GPU
//! is needed: with NVIDIA's real user-space driver library, unpacked from
//! Debian non-free's `libcuda1` by `scripts/fetch-libcuda.sh` (never
//! installed), graphs build and plans finalize for a described GPU.
//! `scripts/test.sh` names that file in `CUDNN_TEST_LIBCUDA`; [`load`]
//! opens it by absolute path, globally, before cuDNN loads its engines, so
//! that their `libcuda.so.1` is that one. Without the variable, a driver
//! the system's loader finds is used. There is no stand-in on Linux.

use std::sync::OnceLock;

/// Which driver library the tests run with.
#[derive(Debug, Clone)]
pub enum Driver {
    /// The file `CUDNN_TEST_LIBCUDA` names, loaded by this module.
    Fetched(String),
    /// The one the system's loader finds (an installed driver).
    System,
}

impl std::fmt::Display for Driver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Driver::Fetched(path) => write!(f, "NVIDIA's libcuda at {path} (no GPU needed)"),
            Driver::System => f.write_str("the system's libcuda.so.1"),
        }
    }
}

/// Loads the driver library once per process. `Err` says why there is
/// none.
pub fn load() -> Result<Driver, String> {
    static LOADED: OnceLock<Result<(Driver, Option<libloading::os::unix::Library>), String>> =
        OnceLock::new();
    LOADED
        .get_or_init(|| {
            if let Some(path) = std::env::var_os("CUDNN_TEST_LIBCUDA").filter(|p| !p.is_empty()) {
                let flags = libloading::os::unix::RTLD_NOW | libloading::os::unix::RTLD_GLOBAL;
                // SAFETY: NVIDIA's driver library, loaded as any CUDA
                // program loads it; it stays loaded for the process.
                let lib = unsafe { libloading::os::unix::Library::open(Some(&path), flags) }
                    .map_err(|e| {
                        format!("loading CUDNN_TEST_LIBCUDA={}: {e}", path.to_string_lossy())
                    })?;
                let driver = Driver::Fetched(path.to_string_lossy().into_owned());
                eprintln!("driver library: {driver}");
                return Ok((driver, Some(lib)));
            }
            // SAFETY: loading the system's libcuda runs its initialisers,
            // as any CUDA program does; it is closed again at once.
            if unsafe { libloading::Library::new("libcuda.so.1") }.is_ok() {
                eprintln!("driver library: {}", Driver::System);
                return Ok((Driver::System, None));
            }
            Err(
                "no NVIDIA driver library: CUDNN_TEST_LIBCUDA is unset and the system's loader \
                 finds no libcuda.so.1 (scripts/test.sh fetches one: scripts/fetch-libcuda.sh)"
                    .to_string(),
            )
        })
        .as_ref()
        .map(|(d, _)| d.clone())
        .map_err(Clone::clone)
}
