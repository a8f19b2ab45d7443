//! Loading cuDNN at run time.
//!
//! [`Library::load`] walks the candidates of [`discovery::candidates`] in
//! order and keeps the first file that loads and exports `cudnnGetVersion`.
//! Every attempt is recorded with the loader's own words (`dlerror` on Linux,
//! the `GetLastError` text on Windows), so a failure says what was tried and
//! why each place failed. Nothing here panics on the environment.
//!
//! A location named on purpose is a promise: when code passes a path, or
//! `CUDNN_LIB_DIR` is set, only that location is tried. Falling back to
//! another copy of cuDNN would load a library the user did not ask for.

use std::fmt;
use std::path::{Path, PathBuf};

use crate::discovery::{self, Attempt, Candidate, Os, ProcessEnv, SearchEnv, Source};
use crate::Functions;

/// A loaded cuDNN library and its function table.
///
/// Dropping it unloads the library; the table lives inside it so that no
/// function pointer can outlive the code it points to. Not `Clone`.
pub struct Library {
    functions: Functions,
    path: PathBuf,
    candidate: Candidate,
    attempts: Vec<Attempt>,
    // Last: dropped after everything that refers to its code. `None` when
    // the library is linked (the `link` feature).
    _lib: Option<libloading::Library>,
}

impl fmt::Debug for Library {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Library")
            .field("path", &self.path)
            .field("source", &self.candidate.source)
            .finish_non_exhaustive()
    }
}

/// No cuDNN library could be loaded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadError {
    /// Every candidate tried, in order, with the reason it failed.
    pub attempts: Vec<Attempt>,
    /// `Some(what)` when only a location named on purpose was searched
    /// (`"CUDNN_LIB_DIR"` or `"the path given in code"`).
    pub restricted_to: Option<&'static str>,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "no cuDNN library could be loaded")?;
        if let Some(what) = self.restricted_to {
            write!(f, " (only {what} was searched, because it is set)")?;
        }
        write!(f, "; tried:")?;
        for a in &self.attempts {
            let why = match &a.outcome {
                Ok(()) => "loaded",
                Err(e) => e.as_str(),
            };
            write!(
                f,
                "\n  - {} ({}): {why}",
                a.candidate.path.display(),
                a.candidate.source
            )?;
        }
        if self.attempts.is_empty() {
            write!(f, " nothing")?;
        }
        Ok(())
    }
}

impl std::error::Error for LoadError {}

/// The candidates [`Library::load_with`] tries, in order.
///
/// This is [`discovery::candidates`], narrowed to the explicit location when
/// one is given in code or in `CUDNN_LIB_DIR`. Returns the list and, when it
/// was narrowed, what narrowed it.
pub fn search_plan(
    os: Os,
    explicit: Option<&Path>,
    env: &dyn SearchEnv,
) -> (Vec<Candidate>, Option<&'static str>) {
    let all = discovery::candidates(os, explicit, env);
    for (source, what) in [
        (Source::Explicit, "the path given in code"),
        (Source::EnvLibDir, "CUDNN_LIB_DIR"),
    ] {
        if all.iter().any(|c| c.source == source) {
            let only = all.into_iter().filter(|c| c.source == source).collect();
            return (only, Some(what));
        }
    }
    (all, None)
}

impl Library {
    /// The cuDNN this program was linked against (the `link` feature).
    #[cfg(feature = "link")]
    pub fn linked() -> Self {
        let functions = Functions::linked();
        let name = PathBuf::from(if cfg!(windows) {
            "cudnn.dll"
        } else {
            "libcudnn.so"
        });
        let path = functions
            .cudnnGetVersion
            .and_then(|f| module_path(f as *const ()))
            .unwrap_or_else(|| name.clone());
        let candidate = Candidate {
            path: name,
            source: Source::Linked,
        };
        Library {
            functions,
            path,
            attempts: vec![Attempt {
                candidate: candidate.clone(),
                outcome: Ok(()),
            }],
            candidate,
            _lib: None,
        }
    }

    /// Loads cuDNN from the first place of the default search that works.
    ///
    /// # Errors
    /// [`LoadError`] with every place tried when none loads.
    pub fn load() -> Result<Self, LoadError> {
        Self::load_with(None)
    }

    /// Like [`load`](Self::load), searching only `explicit` (a folder or a
    /// file) when it is `Some`.
    ///
    /// # Errors
    /// [`LoadError`] with every place tried when none loads.
    pub fn load_with(explicit: Option<&Path>) -> Result<Self, LoadError> {
        let (plan, restricted_to) = search_plan(Os::current(), explicit, &ProcessEnv);
        Self::load_from(plan).map_err(|mut e| {
            e.restricted_to = restricted_to;
            e
        })
    }

    /// Tries `candidates` in order and keeps the first that loads.
    ///
    /// # Errors
    /// [`LoadError`] with every candidate and the reason it failed.
    pub fn load_from(candidates: Vec<Candidate>) -> Result<Self, LoadError> {
        let mut attempts = Vec::with_capacity(candidates.len());
        for candidate in candidates {
            match open(&candidate) {
                Ok((lib, functions, path)) => {
                    attempts.push(Attempt {
                        candidate: candidate.clone(),
                        outcome: Ok(()),
                    });
                    return Ok(Library {
                        functions,
                        path,
                        candidate,
                        attempts,
                        _lib: Some(lib),
                    });
                }
                Err(why) => attempts.push(Attempt {
                    candidate,
                    outcome: Err(why),
                }),
            }
        }
        Err(LoadError {
            attempts,
            restricted_to: None,
        })
    }

    /// The function table of this library.
    #[inline]
    pub fn functions(&self) -> &Functions {
        &self.functions
    }

    /// The absolute path of the file the operating system loaded, as its
    /// loader reports it (`dladdr` on Linux, `GetModuleFileNameW` on
    /// Windows); the candidate's own path when the loader cannot say.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The candidate that loaded: the path or name asked for and where the
    /// search found it.
    pub fn candidate(&self) -> &Candidate {
        &self.candidate
    }

    /// Every candidate tried, in order, ending with the one that loaded.
    pub fn attempts(&self) -> &[Attempt] {
        &self.attempts
    }
}

/// Opens one candidate: the file must exist (except for bare names handed to
/// the system loader), load, and export `cudnnGetVersion`.
fn open(c: &Candidate) -> Result<(libloading::Library, Functions, PathBuf), String> {
    if c.source != Source::SystemLoader {
        match std::fs::metadata(&c.path) {
            Ok(m) if m.is_file() => {}
            Ok(_) => return Err("not a file".into()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err("no such file".into()),
            Err(e) => return Err(e.to_string()),
        }
    }
    #[cfg(target_os = "linux")]
    {
        let file = if c.source == Source::SystemLoader {
            on_library_path(&c.path)
        } else {
            Some(c.path.clone())
        };
        if let Some(file) = file {
            crate::elf::check(&file)?;
        }
    }
    // SAFETY: loading a shared library runs its initialisers. The candidates
    // are cuDNN's file names in the places the user or NVIDIA's installers
    // put cuDNN; running its initialisers is what loading cuDNN means.
    let lib = unsafe { libloading::Library::new(&c.path) }.map_err(|e| loader_text(&e))?;
    // SAFETY: the table's types are cuDNN's prototypes; a symbol whose name
    // matches belongs to cuDNN (checked next through cudnnGetVersion), and
    // the table is stored beside `lib`, which outlives it.
    let functions = unsafe { Functions::load(&lib) };
    let Some(get_version) = functions.cudnnGetVersion else {
        return Err("loaded, but it does not export cudnnGetVersion: not a cuDNN library".into());
    };
    let path = module_path(get_version as *const ()).unwrap_or_else(|| c.path.clone());
    Ok((lib, functions, path))
}

/// The first file named `name` in the folders of `LD_LIBRARY_PATH`: where
/// the system loader looks first.
#[cfg(target_os = "linux")]
fn on_library_path(name: &Path) -> Option<PathBuf> {
    let dirs = std::env::var_os("LD_LIBRARY_PATH")?;
    std::env::split_paths(&dirs)
        .filter(|d| !d.as_os_str().is_empty())
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}

/// The loader's own message: libloading keeps the `dlerror` text (or the
/// Windows error) as the error's source.
fn loader_text(e: &libloading::Error) -> String {
    use std::error::Error as _;
    match e.source() {
        Some(source) => source.to_string(),
        None => e.to_string(),
    }
}

/// The file that holds the code at `addr`.
#[cfg(unix)]
fn module_path(addr: *const ()) -> Option<PathBuf> {
    use std::os::unix::ffi::OsStrExt;
    let mut info = std::mem::MaybeUninit::<libc::Dl_info>::zeroed();
    // SAFETY: dladdr only reads the address and fills `info`; the pointer is
    // a function of a library that is loaded for the whole call.
    let found = unsafe { libc::dladdr(addr.cast(), info.as_mut_ptr()) };
    if found == 0 {
        return None;
    }
    // SAFETY: dladdr succeeded, so `info` is initialised.
    let info = unsafe { info.assume_init() };
    if info.dli_fname.is_null() {
        return None;
    }
    // SAFETY: dli_fname is a NUL-terminated string owned by the loader, valid
    // while the library stays loaded; it is copied at once.
    let name = unsafe { std::ffi::CStr::from_ptr(info.dli_fname) };
    let path = PathBuf::from(std::ffi::OsStr::from_bytes(name.to_bytes()));
    Some(std::path::absolute(&path).unwrap_or(path))
}

/// The file that holds the code at `addr`.
#[cfg(windows)]
fn module_path(addr: *const ()) -> Option<PathBuf> {
    use std::os::windows::ffi::OsStringExt;
    type Hmodule = *mut core::ffi::c_void;
    const FROM_ADDRESS: u32 = 0x4;
    const UNCHANGED_REFCOUNT: u32 = 0x2;
    #[link(name = "kernel32")]
    extern "system" {
        fn GetModuleHandleExW(flags: u32, name: *const u16, module: *mut Hmodule) -> i32;
        fn GetModuleFileNameW(module: Hmodule, name: *mut u16, size: u32) -> u32;
    }
    let mut module: Hmodule = std::ptr::null_mut();
    // SAFETY: with FROM_ADDRESS the "name" is an address inside a loaded
    // module; UNCHANGED_REFCOUNT leaves its reference count alone.
    let ok =
        unsafe { GetModuleHandleExW(FROM_ADDRESS | UNCHANGED_REFCOUNT, addr.cast(), &mut module) };
    if ok == 0 || module.is_null() {
        return None;
    }
    let mut buf = vec![0u16; 32_768];
    // SAFETY: `buf` has room for `buf.len()` UTF-16 units.
    let n = unsafe { GetModuleFileNameW(module, buf.as_mut_ptr(), buf.len() as u32) } as usize;
    if n == 0 || n >= buf.len() {
        return None;
    }
    Some(PathBuf::from(std::ffi::OsString::from_wide(&buf[..n])))
}

#[cfg(not(any(unix, windows)))]
fn module_path(_addr: *const ()) -> Option<PathBuf> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;
    use std::ffi::OsString;

    #[derive(Default)]
    struct Env(HashMap<&'static str, &'static str>);

    impl SearchEnv for Env {
        fn var(&self, name: &str) -> Option<OsString> {
            self.0.get(name).map(OsString::from)
        }
        fn var_names(&self) -> Vec<String> {
            self.0.keys().map(|k| k.to_string()).collect()
        }
        fn list_dir(&self, _dir: &Path) -> Vec<OsString> {
            Vec::new()
        }
    }

    fn env(vars: &[(&'static str, &'static str)]) -> Env {
        Env(vars.iter().copied().collect())
    }

    #[test]
    fn a_named_location_is_the_only_one_searched() {
        let e = env(&[
            ("CUDNN_LIB_DIR", "/opt/cudnn/lib"),
            ("CUDA_PATH", "/usr/local/cuda"),
        ]);
        let (plan, why) = search_plan(Os::Linux, None, &e);
        assert_eq!(why, Some("CUDNN_LIB_DIR"));
        let paths: Vec<_> = plan
            .iter()
            .map(|c| c.path.to_string_lossy().into_owned())
            .collect();
        assert_eq!(
            paths,
            [
                "/opt/cudnn/lib/libcudnn.so.9",
                "/opt/cudnn/lib/libcudnn.so.8"
            ]
        );

        let (plan, why) = search_plan(Os::Linux, Some(Path::new("/x/libcudnn.so.9")), &e);
        assert_eq!(why, Some("the path given in code"));
        assert_eq!(plan.len(), 1);
        assert_eq!(plan[0].source, Source::Explicit);
    }

    #[test]
    fn otherwise_everything_is_searched() {
        let e = env(&[("CUDA_PATH", "/usr/local/cuda")]);
        let (plan, why) = search_plan(Os::Linux, None, &e);
        assert_eq!(why, None);
        assert_eq!(
            plan.first().map(|c| c.path.clone()),
            Some("/usr/local/cuda/lib64/libcudnn.so.9".into())
        );
        assert_eq!(plan.last().map(|c| &c.source), Some(&Source::SystemLoader));
    }

    #[test]
    fn the_error_lists_every_attempt() {
        let err = Library::load_from(vec![
            Candidate {
                path: "/no/such/dir/libcudnn.so.9".into(),
                source: Source::EnvLibDir,
            },
            Candidate {
                path: "libcudnn-does-not-exist.so.1".into(),
                source: Source::SystemLoader,
            },
        ])
        .expect_err("nothing to load");
        assert_eq!(err.attempts.len(), 2);
        assert_eq!(err.attempts[0].outcome, Err("no such file".to_string()));
        let text = err.to_string();
        assert!(
            text.contains("/no/such/dir/libcudnn.so.9 (CUDNN_LIB_DIR): no such file"),
            "{text}"
        );
        assert!(
            text.contains("libcudnn-does-not-exist.so.1 (the system loader's search path): "),
            "{text}"
        );
        assert!(text.contains("cannot open shared object file"), "{text}");
    }
}
