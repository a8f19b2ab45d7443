//! NVIDIA's driver library, which cuDNN 9's backend needs even where there
//! is no GPU.
//!
//! `libcudnn_engines_runtime_compiled.so.9` links `libcuda.so.1`. Without
//! any libcuda on the loader's path cuDNN cannot load that sub-library, and
//! every `cudnnBackendFinalize` fails with `SUBLIBRARY_LOADING_FAILED`
//! (1008), reported as `NOT_INITIALIZED` with "ptrDesc->finalize()", which
//! names neither the file nor the cause. A GPU is not needed: with the
//! driver's user-space library alone (measured: Debian's `libcuda1`
//! 535.261.03 and cuDNN 9.28, no GPU) graphs build and plans finalize for a
//! GPU described by JSON. So before the first finalize this module looks
//! the library up as the system loader would (loaded already, the loader's
//! search path, the ld.so cache, the default folders; `nvcuda.dll` on
//! Windows) and refuses with a typed error saying what is missing.

use std::sync::atomic::{AtomicBool, Ordering};

use cudnn_sys::discovery::{system, Os, ProcessEnv};

use crate::core::error::{Error, Result};
use crate::core::library::Library;

/// Set once the driver library was found (it stays loadable: a library
/// found once is not looked up again; a miss is looked up anew each time,
/// so that installing the driver mid-process is seen).
static FOUND: AtomicBool = AtomicBool::new(false);

/// The driver library's file name cuDNN's engines load.
pub(crate) fn file_name(os: Os) -> &'static str {
    match os {
        Os::Linux => "libcuda.so.1",
        Os::Windows => "nvcuda.dll",
    }
}

/// Makes sure cuDNN 9's engines will find the driver library before
/// `function` is called: nothing to do for cuDNN 8 or an install without
/// the runtime-compiled engines.
///
/// # Errors
/// [`Error::DependencyUnavailable`] naming the driver's file, saying that
/// no GPU is needed, and how to get it.
#[inline]
pub(crate) fn ensure(lib: &Library, function: &'static str) -> Result<()> {
    if lib.version().major < 9 || FOUND.load(Ordering::Relaxed) {
        return Ok(());
    }
    look(lib, function)
}

/// [`ensure`] until the driver library has been found.
#[cold]
#[inline(never)]
fn look(lib: &Library, function: &'static str) -> Result<()> {
    let Some(engines) = lib
        .sublibraries()
        .iter()
        .find(|s| s.name == "engines_runtime_compiled" && s.present)
    else {
        return Ok(());
    };
    let os = Os::current();
    let name = file_name(os);
    if !system::resolve(os, name, &ProcessEnv).is_empty() {
        FOUND.store(true, Ordering::Relaxed);
        return Ok(());
    }
    Err(Error::DependencyUnavailable {
        function,
        file: name.to_string(),
        reason: missing_reason(os, &engines.path.display().to_string()),
    })
}

/// Why the driver library is needed and how to get it.
fn missing_reason(os: Os, engines: &str) -> String {
    let how = match os {
        Os::Linux => {
            "install NVIDIA's driver, or on a machine without a GPU only its user-space \
             library (Debian: the non-free `libcuda1` package; other distributions: the \
             driver's compute-library package; or libcuda.so.1 copied from any NVIDIA driver), \
             and put its folder on LD_LIBRARY_PATH if it is not in the system's"
        }
        Os::Windows => {
            "install NVIDIA's display driver (it puts nvcuda.dll in System32), or put a \
             folder holding nvcuda.dll on PATH"
        }
    };
    format!(
        "is not on the system loader's path: cuDNN's runtime-compiled engines ({engines}) \
         link it, and cuDNN finalizes no backend descriptor without it. No GPU is needed, \
         only NVIDIA's driver library: {how}"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reason_says_what_is_missing_and_that_no_gpu_is_needed() {
        for os in [Os::Linux, Os::Windows] {
            let r = missing_reason(os, "/x/libcudnn_engines_runtime_compiled.so.9");
            assert!(r.contains("No GPU is needed"), "{r}");
            assert!(r.contains("engines_runtime_compiled"), "{r}");
        }
        assert!(missing_reason(Os::Linux, "e").contains("libcuda1"));
        assert!(missing_reason(Os::Windows, "e").contains("nvcuda.dll"));
    }
}
