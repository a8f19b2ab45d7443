//! cuBLASLt and NVRTC, which cuDNN 9's engines open at run time.
//!
//! `libcudnn_engines_precompiled` opens cuBLASLt by name
//! (`libcublasLt.so.<CUDA major>`, `cublasLt64_<CUDA major>.dll`) when the
//! engine machinery starts, and ends the process when it cannot: on cuDNN
//! 9.28, creating an engine-heuristics descriptor once any operation
//! exists does that. The runtime-compiled engines open NVRTC the same way
//! to compile their kernels, and fail without it.
//!
//! [`ensure`] looks for both where cuDNN's own lookup would and then where
//! pip and conda put them (`cudnn_sys::discovery::dependency_candidates`:
//! the loader's path, beside cuDNN as its `RUNPATH` says, the active
//! Python environment, the CUDA toolkits, the `site-packages` of the
//! Python installations on disk, `nvidia/cu13/lib` for CUDA 13), loads the
//! first usable copy by absolute path and keeps it loaded, so that cuDNN's
//! lookup by name finds it loaded already. Nothing is handed to the loader
//! by bare name, and what is not a regular file is skipped unopened. When
//! cuBLASLt is nowhere, the call that would end the process is refused
//! with a typed error instead; a missing NVRTC is left to cuDNN, which
//! reports it per engine.

use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use cudnn_sys::discovery::{
    self, dependency_candidates, pip_requirement, Dependency, Os, ProcessEnv,
};

use crate::core::error::{Error, Result};
use crate::core::library::Library;

/// One library looked for: its file name and what the search gave, the
/// handle kept for the life of the process (cuDNN holds on to the
/// functions it looked up in it), or why none loaded.
type Outcome = (String, std::result::Result<libloading::Library, String>);

/// Every library looked for so far, each once per process.
static LOOKED_FOR: Mutex<Vec<Outcome>> = Mutex::new(Vec::new());

/// The CUDA majors (bit `major`) for which both were looked for (NVRTC
/// whatever came of it) and cuBLASLt is loaded: nothing is left to do for
/// them, for any library.
static READY: AtomicU64 = AtomicU64::new(0);

/// The file name cuDNN opens for CUDA `major`.
pub(crate) fn file_name(cuda_major: u32) -> String {
    Dependency::CublasLt.file_name(Os::current(), cuda_major)
}

/// The sub-library `name` of `lib`, when it is present.
fn sublibrary<'a>(lib: &'a Library, name: &str) -> Option<&'a Path> {
    lib.sublibraries()
        .iter()
        .find(|s| s.name == name && s.present)
        .map(|s| s.path.as_path())
}

/// Makes sure cuDNN's engines will find cuBLASLt and NVRTC before
/// `function` is called: nothing to do for cuDNN 8; NVRTC is loaded when
/// it can be (once per process) if the runtime-compiled engines are
/// there; cuBLASLt is loaded (once per process) if the precompiled
/// engines are there (not in the JIT layout), or the call is refused.
///
/// # Errors
/// [`Error::DependencyUnavailable`] naming cuBLASLt's file and where it
/// was looked for.
#[inline]
pub(crate) fn ensure(lib: &Library, function: &'static str) -> Result<()> {
    if lib.version().major < 9 {
        return Ok(());
    }
    let cuda = lib.cudart_version().major();
    let bit = 1u64.checked_shl(cuda).unwrap_or(0);
    if READY.load(Ordering::Acquire) & bit != 0 {
        return Ok(());
    }
    load_both(lib, function, cuda, bit)
}

/// [`ensure`] until both are loaded for CUDA `cuda` (`bit` in [`READY`]).
#[cold]
#[inline(never)]
fn load_both(lib: &Library, function: &'static str, cuda: u32, bit: u64) -> Result<()> {
    let runtime_compiled = sublibrary(lib, "engines_runtime_compiled");
    if let Some(engines) = runtime_compiled {
        // Best effort: without NVRTC those engines fail on their own.
        let _ = load(Dependency::Nvrtc, cuda, engines);
    }
    let Some(engines) = sublibrary(lib, "engines_precompiled") else {
        return Ok(());
    };
    let loaded = load(Dependency::CublasLt, cuda, engines);
    if loaded.is_ok() && runtime_compiled.is_some() {
        READY.fetch_or(bit, Ordering::Release);
    }
    loaded.map_err(|why| Error::DependencyUnavailable {
        function,
        file: file_name(cuda),
        reason: format!(
            "cannot be loaded: cuDNN's precompiled engines ({}) open it at run time and end the \
             process without it. {why}. Install cuBLAS for CUDA {cuda}{} or put its folder on \
             the loader's path",
            engines.display(),
            pip_requirement(discovery::Package::Cublas, cuda)
                .map(|r| format!(" (`pip install {r}`)"))
                .unwrap_or_default(),
        ),
    })
}

/// Loads `dep` for CUDA `cuda` (once per process): `Err` says where it was
/// looked for and why nothing there loaded.
fn load(dep: Dependency, cuda: u32, engines: &Path) -> std::result::Result<(), String> {
    let os = Os::current();
    let name = dep.file_name(os, cuda);
    let mut looked = match LOOKED_FOR.lock() {
        Ok(g) => g,
        Err(poisoned) => poisoned.into_inner(),
    };
    if let Some((_, outcome)) = looked.iter().find(|(n, _)| *n == name) {
        return outcome.as_ref().map(|_| ()).map_err(Clone::clone);
    }
    let outcome = search(dep, cuda, engines.parent());
    let result = outcome.as_ref().map(|_| ()).map_err(Clone::clone);
    looked.push((name, outcome));
    result
}

/// The first of `dep`'s candidates that is a regular, well-formed file and
/// loads.
fn search(
    dep: Dependency,
    cuda: u32,
    cudnn_dir: Option<&Path>,
) -> std::result::Result<libloading::Library, String> {
    let os = Os::current();
    let mut refused = Vec::new();
    for c in dependency_candidates(os, dep, cuda, cudnn_dir, &ProcessEnv) {
        let checked = match std::fs::metadata(&c.path) {
            Ok(m) if m.is_file() => {
                cudnn_sys::elf::check(&c.path).and_then(|()| cudnn_sys::pe::check(&c.path))
            }
            Ok(_) => Err("not a regular file".to_string()),
            Err(e) => Err(e.to_string()),
        };
        // SAFETY: loading cuBLASLt or NVRTC runs its initialisers, exactly
        // as cuDNN's own dlopen of the same file would; it is kept loaded
        // from then on.
        match checked
            .and_then(|()| unsafe { libloading::Library::new(&c.path) }.map_err(|e| e.to_string()))
        {
            Ok(l) => return Ok(l),
            Err(why) => refused.push(format!("{} ({}): {why}", c.path.display(), c.source)),
        }
    }
    let places = match cudnn_dir {
        Some(d) => format!(
            "beside cuDNN ({} and its wheel's neighbours), on the system loader's path, in the \
             Python environment, conda prefix and CUDA toolkits the variables name, and in the \
             site-packages of the Python installations on disk",
            d.display()
        ),
        None => "on the system loader's path and where pip and conda put it".to_string(),
    };
    Err(if refused.is_empty() {
        format!("It was looked for {places}, and is in none of them")
    } else {
        format!(
            "It was looked for {places}; what was found there does not load: {}",
            refused.join("; ")
        )
    })
}
