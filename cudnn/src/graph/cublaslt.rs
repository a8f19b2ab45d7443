//! cuBLASLt, which cuDNN 9's precompiled engines open at run time.
//!
//! `libcudnn_engines_precompiled` opens cuBLASLt by name
//! (`libcublasLt.so.<CUDA major>`, `cublasLt64_<CUDA major>.dll`) when the
//! engine machinery starts, and ends the process when it cannot: on cuDNN
//! 9.28, creating an engine-heuristics descriptor once any operation
//! exists does that. [`ensure`] looks for the library where cuDNN's own
//! loader would (the loader's path, then the precompiled engines' folder
//! and the wheel layout's `../../cublas/lib` beside it, as their `RUNPATH`
//! says) and keeps it loaded, so cuDNN finds it by name; when it is
//! nowhere, the call that would end the process is refused with a typed
//! error instead.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use crate::error::{Error, Result};
use crate::library::Library;

/// The cuBLASLt copies loaded here, kept for the life of the process (cuDNN
/// holds on to the functions it looked up in them).
static LOADED: Mutex<Vec<(String, libloading::Library)>> = Mutex::new(Vec::new());

/// The file name cuDNN opens for CUDA `major`.
pub(crate) fn file_name(cuda_major: u32) -> String {
    if cfg!(windows) {
        format!("cublasLt64_{cuda_major}.dll")
    } else {
        format!("libcublasLt.so.{cuda_major}")
    }
}

/// The precompiled-engines sub-library of `lib`, when it is present: the
/// one that needs cuBLASLt.
fn precompiled_engines(lib: &Library) -> Option<&Path> {
    lib.sublibraries()
        .iter()
        .find(|s| s.name == "engines_precompiled" && s.present)
        .map(|s| s.path.as_path())
}

/// Where to look, in order, after the loader's own search by name.
fn candidates(engines: &Path, name: &str) -> Vec<PathBuf> {
    let Some(dir) = engines.parent() else {
        return Vec::new();
    };
    let sibling = if cfg!(windows) {
        "../../cublas/bin"
    } else {
        "../../cublas/lib"
    };
    vec![dir.join(name), dir.join(sibling).join(name)]
}

/// Makes sure cuDNN's precompiled engines will find cuBLASLt before
/// `function` is called: nothing to do for cuDNN 8 or an install without
/// precompiled engines (the JIT layout); otherwise cuBLASLt is loaded (once
/// per process) or the call is refused.
///
/// # Errors
/// [`Error::DependencyUnavailable`] naming cuBLASLt's file and where it
/// was looked for.
pub(crate) fn ensure(lib: &Library, function: &'static str) -> Result<()> {
    if lib.version().major < 9 {
        return Ok(());
    }
    let Some(engines) = precompiled_engines(lib) else {
        return Ok(());
    };
    let name = file_name(lib.cudart_version().major());
    let mut loaded = match LOADED.lock() {
        Ok(g) => g,
        Err(poisoned) => poisoned.into_inner(),
    };
    if loaded.iter().any(|(n, _)| *n == name) {
        return Ok(());
    }
    // SAFETY: loading cuBLASLt runs its initialisers, exactly as cuDNN's
    // own dlopen of the same file would; it is kept loaded from then on.
    let by_name = unsafe { libloading::Library::new(&name) };
    let found = by_name.ok().or_else(|| {
        candidates(engines, &name).into_iter().find_map(|path| {
            // SAFETY: as above, for the copy cuDNN's RUNPATH would find.
            unsafe { libloading::Library::new(&path) }.ok()
        })
    });
    match found {
        Some(l) => {
            loaded.push((name, l));
            Ok(())
        }
        None => {
            let places: Vec<String> = candidates(engines, &name)
                .iter()
                .map(|p| p.display().to_string())
                .collect();
            Err(Error::DependencyUnavailable {
                function,
                file: name.clone(),
                reason: format!(
                    "cannot be loaded: cuDNN's precompiled engines ({}) open it at run time \
                     and end the process without it. It was looked for by name (the loader's \
                     path) and at {}. Install cuBLAS for CUDA {} (pip: nvidia-cublas-cu{}) or \
                     put its folder on the loader's path",
                    engines.display(),
                    places.join(" and "),
                    lib.cudart_version().major(),
                    lib.cudart_version().major(),
                ),
            })
        }
    }
}
