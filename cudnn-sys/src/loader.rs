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
use crate::sublibs::{self, SubLibraryState};
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
    major: Option<u32>,
    sublibraries: Vec<SubLibraryState>,
    // Dropped after everything that refers to its code. `None` when the
    // library is linked (the `link` feature).
    _lib: Option<libloading::Library>,
    // Last: the sub-libraries the shim forwards to outlive the shim.
    _sublibs: Vec<libloading::Library>,
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
    /// The first candidate that was refused because a sub-library it
    /// cannot work without is missing, damaged or of another release: that
    /// sub-library, with what is wrong with it.
    pub required_sublibrary: Option<SubLibraryState>,
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
        write!(f, "\nTo fix: {}.", self.fix(Os::current()))
    }
}

impl std::error::Error for LoadError {}

impl LoadError {
    /// The one fix for this failure on `os`, in a sentence without its
    /// final period, computed from the error alone (the doctor, which
    /// also looks at the disk and the driver, can be more precise):
    ///
    /// - a required sub-library kept a copy from loading: reinstall cuDNN
    ///   into that copy's folder;
    /// - only `CUDNN_LIB_DIR` was searched: point it at the folder holding
    ///   `libcudnn.so.9` (`cudnn64_9.dll` on Windows), or unset it;
    /// - only a path given in code was searched: pass that folder instead;
    /// - otherwise: `pip install nvidia-cudnn-cu12`, or set
    ///   `CUDNN_LIB_DIR` to that folder.
    ///
    /// ```
    /// use cudnn_sys::discovery::Os;
    /// use cudnn_sys::loader::LoadError;
    ///
    /// let e = LoadError { attempts: vec![], required_sublibrary: None, restricted_to: None };
    /// assert_eq!(
    ///     e.fix(Os::Linux),
    ///     "install cuDNN with `pip install nvidia-cudnn-cu12` or set CUDNN_LIB_DIR to the \
    ///      folder holding libcudnn.so.9"
    /// );
    /// assert!(e.to_string().ends_with(&format!("To fix: {}.", e.fix(Os::current()))));
    /// ```
    pub fn fix(&self, os: Os) -> String {
        let lib = discovery::library_file_names(os)[0];
        if let Some(x) = &self.required_sublibrary {
            let dir = x.path.parent().unwrap_or(Path::new(""));
            return format!(
                "reinstall one cuDNN release completely into {} ({} there is {})",
                dir.display(),
                x.file_name(),
                x.problem.as_deref().unwrap_or("unusable"),
            );
        }
        match self.restricted_to {
            Some("CUDNN_LIB_DIR") => format!(
                "set CUDNN_LIB_DIR to the folder holding {lib}, or unset it to search where pip, \
                 conda and NVIDIA's installers put cuDNN"
            ),
            Some(_) => format!("pass the folder holding {lib}, or `None` to search everywhere"),
            None => format!(
                "install cuDNN with `pip install {}` or set CUDNN_LIB_DIR to the folder holding \
                 {lib}",
                discovery::pip_requirement(discovery::Package::Cudnn, 12)
                    .unwrap_or_else(|| "nvidia-cudnn-cu12".into()),
            ),
        }
    }
}

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
            major: None,
            sublibraries: Vec::new(),
            _lib: None,
            _sublibs: Vec::new(),
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
    /// Every file is loaded by its absolute path, never by a bare name: a
    /// [`Source::SystemLoader`] candidate that is a bare file name is first
    /// looked up along the system loader's search path
    /// ([`discovery::system`]) and stands for every file found there, in
    /// the loader's order. What is not a regular file (a FIFO, a device, a
    /// socket, a folder) is refused without being opened.
    ///
    /// # Errors
    /// [`LoadError`] with every candidate and the reason it failed.
    pub fn load_from(candidates: Vec<Candidate>) -> Result<Self, LoadError> {
        let candidates = resolve_bare_names(candidates);
        let mut attempts = Vec::with_capacity(candidates.len());
        let mut required_sublibrary = None;
        for candidate in candidates {
            match open(&candidate) {
                Ok(o) => {
                    attempts.push(Attempt {
                        candidate: candidate.clone(),
                        outcome: Ok(()),
                    });
                    return Ok(Library {
                        functions: o.functions,
                        path: o.path,
                        candidate,
                        attempts,
                        major: o.major,
                        sublibraries: o.sublibraries,
                        _lib: Some(o.lib),
                        _sublibs: o.sublib_handles,
                    });
                }
                Err(failure) => {
                    if required_sublibrary.is_none() {
                        required_sublibrary = failure.required;
                    }
                    attempts.push(Attempt {
                        candidate,
                        outcome: Err(failure.why),
                    })
                }
            }
        }
        Err(LoadError {
            attempts,
            restricted_to: None,
            required_sublibrary,
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

    /// The cuDNN major, judged by the file name of the main library (or
    /// the sub-library files beside it) before anything was called; `None`
    /// for a linked library.
    pub fn major(&self) -> Option<u32> {
        self.major
    }

    /// Every sub-library of the major, in dependency order, with what
    /// loading found: loaded, or why it cannot be used. Empty for a linked
    /// library.
    pub fn sublibraries(&self) -> &[SubLibraryState] {
        &self.sublibraries
    }

    /// The sub-library that implements `function`, when it cannot be used:
    /// the reason that function's entry in [`functions`](Self::functions)
    /// is `None` although the main library exports it.
    pub fn unavailable_because(&self, function: &str) -> Option<&SubLibraryState> {
        let sub = sublibs::implemented_in(self.major?, function)?;
        self.sublibraries
            .iter()
            .find(|s| s.name == sub && s.problem.is_some())
    }
}

/// Why a library that loads is not taken.
const NOT_CUDNN: &str = "it does not export cudnnGetVersion: not a cuDNN library";

struct Opened {
    lib: libloading::Library,
    functions: Functions,
    path: PathBuf,
    major: Option<u32>,
    sublibraries: Vec<SubLibraryState>,
    sublib_handles: Vec<libloading::Library>,
}

struct Failure {
    why: String,
    required: Option<SubLibraryState>,
}

impl From<String> for Failure {
    fn from(why: String) -> Self {
        Failure {
            why,
            required: None,
        }
    }
}

/// Opens one candidate: the file must exist and be a regular file (a
/// FIFO, a device, a socket or a folder is refused before anything opens
/// it: opening a FIFO blocks), pass the binary checks, load by absolute
/// path, and export `cudnnGetVersion`. A bare name (a system-loader name
/// found in no folder the loader searches) is not handed to the loader.
/// Before any of its functions is called, the sub-libraries beside it are
/// checked and loaded ([`prepare`]); a function whose sub-library cannot be
/// used is taken out of the table.
fn open(c: &Candidate) -> Result<Opened, Failure> {
    if is_bare(&c.path) && c.source == Source::SystemLoader {
        return Err(String::from(NOT_ON_LOADER_PATH).into());
    }
    check_regular_file(&c.path)?;
    // A path without a folder is the current folder's file, which the
    // loader would instead look for along its search path.
    let file = std::path::absolute(&c.path).unwrap_or_else(|_| c.path.clone());
    check_binary(&file)?;
    let os = Os::current();
    let mut major = discovery::major_of_file_name(&c.path.to_string_lossy());
    // On Windows the sub-libraries are loaded before the main library: the
    // order that works whatever PATH says. Elsewhere the main library comes
    // first, so that a file that is not cuDNN is reported as such; its
    // initialisers call nothing.
    let mut prepared = None;
    if cfg!(windows) && is_binary(&file) {
        // Read before anything beside it is loaded: a DLL that is not cuDNN
        // is reported as such.
        if let Ok(info) = crate::pe::inspect(&file) {
            if !info.exports.iter().any(|e| e == "cudnnGetVersion") {
                return Err(String::from(NOT_CUDNN).into());
            }
        }
        if let Some(dir) = file.parent() {
            major = major.or_else(|| sublibs::major_from_folder(os, dir));
            if let Some(m) = major {
                prepared = Some(prepare(os, dir, m)?);
            }
        }
    }
    // SAFETY: loading a shared library runs its initialisers. The candidates
    // are cuDNN's file names in the places the user or NVIDIA's installers
    // put cuDNN; running its initialisers is what loading cuDNN means. The
    // shim's initialisers load nothing; its sub-libraries are loaded on the
    // first call, which comes after the checks. The path is absolute, so
    // the loader opens that file and searches nothing.
    let lib = unsafe { libloading::Library::new(&file) }
        .map_err(|e| loader_text(&e).replace("%1", &c.path.display().to_string()))?;
    // SAFETY: the table's types are cuDNN's prototypes; a symbol whose name
    // matches belongs to cuDNN (checked next through cudnnGetVersion), and
    // the table is stored beside `lib`, which outlives it.
    let mut functions = unsafe { Functions::load(&lib) };
    let Some(get_version) = functions.cudnnGetVersion else {
        return Err(String::from(NOT_CUDNN).into());
    };
    let path = module_path(get_version as *const ()).unwrap_or_else(|| c.path.clone());
    if prepared.is_none() {
        // The folder of the file that loaded. Nothing has been called yet.
        if let Some(dir) = path.parent() {
            major = major.or_else(|| sublibs::major_from_folder(os, dir));
            if let Some(m) = major {
                prepared = Some(prepare(os, dir, m)?);
            }
        }
    }
    let (sublib_handles, sublibraries) = prepared.unwrap_or_default();
    if let Some(m) = major {
        for s in sublibraries.iter().filter(|s| s.problem.is_some()) {
            for f in sublibs::functions_of(m, s.name) {
                functions.disable(f);
            }
        }
    }
    Ok(Opened {
        lib,
        functions,
        path,
        major,
        sublibraries,
        sublib_handles,
    })
}

/// `candidates` with each bare system-loader name replaced by the files
/// of that name along the loader's search path (kept as it is when there
/// are none, to be reported as not found).
fn resolve_bare_names(candidates: Vec<Candidate>) -> Vec<Candidate> {
    let mut search = None;
    let mut out = Vec::with_capacity(candidates.len());
    for c in candidates {
        let name = c.path.to_str().filter(|_| is_bare(&c.path));
        let (Some(name), Source::SystemLoader) = (name, &c.source) else {
            out.push(c);
            continue;
        };
        let search = search.get_or_insert_with(|| {
            discovery::system::LoaderSearch::new(Os::current(), &ProcessEnv)
        });
        let found = search.resolve(name, &ProcessEnv);
        if found.is_empty() {
            out.push(c);
        }
        out.extend(found.into_iter().map(|path| Candidate {
            path,
            source: Source::SystemLoader,
        }));
    }
    out
}

/// Why a system-loader name found in no folder is not loaded.
const NOT_ON_LOADER_PATH: &str = "not found in any folder the system loader searches \
     (this crate looks the name up itself and loads the file by absolute path)";

/// Whether `path` is a bare file name, without a folder.
fn is_bare(path: &Path) -> bool {
    path.parent().is_none_or(|p| p.as_os_str().is_empty())
}

/// `Ok` when `path` is a regular file (links followed); otherwise what it
/// is instead, without opening it.
fn check_regular_file(path: &Path) -> Result<(), String> {
    match std::fs::metadata(path) {
        Ok(m) if m.is_file() => Ok(()),
        Ok(m) => Err(format!("not a file: {}", kind_of(&m.file_type()))),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err("no such file".into()),
        Err(e) => Err(e.to_string()),
    }
}

/// What a file type that is not a regular file is, in words (the loader's
/// reason, and the cudnn crate's for a cache path that is no file).
pub fn kind_of(t: &std::fs::FileType) -> &'static str {
    if t.is_dir() {
        return "a folder";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO (named pipe), which the loader would wait on for ever";
        }
        if t.is_socket() {
            return "a socket";
        }
        if t.is_char_device() {
            return "a character device";
        }
        if t.is_block_device() {
            return "a block device";
        }
    }
    "something other than a regular file"
}

/// Whether the file starts like a shared library of either format.
fn is_binary(path: &Path) -> bool {
    use std::io::Read;
    let mut magic = [0u8; 4];
    std::fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut magic))
        .is_ok()
        && (magic == *b"\x7fELF" || magic[..2] == *b"MZ")
}

/// The checks made on a file before it is handed to the system loader:
/// an ELF or PE file for this architecture, not cut short.
fn check_binary(path: &Path) -> Result<(), String> {
    crate::elf::check(path)?;
    crate::pe::check(path)
}

/// Checks the sub-libraries of cuDNN `major` in `dir` and loads the usable
/// ones by absolute path, in dependency order. Each is checked for
/// presence, its binary layout, the sub-libraries it needs, the system
/// loader's verdict (all symbols bound at once), and cuDNN's own version
/// check. Fails when the sub-library the shim cannot work without is
/// unusable, or is from another release than the ones beside it.
fn prepare(
    os: Os,
    dir: &Path,
    major: u32,
) -> Result<(Vec<libloading::Library>, Vec<SubLibraryState>), Failure> {
    let specs = sublibs::specs(major);
    // Where the files say their version (a PE version resource), each
    // sub-library must say the main library's.
    let main_version = file_version(&dir.join(main_file_name(os, major)));
    let mut handles: Vec<(&'static str, libloading::Library)> = Vec::new();
    let mut states: Vec<SubLibraryState> = Vec::with_capacity(specs.len());
    for spec in specs {
        let path = dir.join(sublibs::file_name(os, major, spec.name));
        let present = path.is_file();
        let mut state = SubLibraryState {
            name: spec.name,
            path: path.clone(),
            required: spec.required,
            problem: None,
            present,
        };
        state.problem = sublibrary_problem(
            Sublibrary {
                os,
                major,
                spec,
                path: &path,
                present,
            },
            main_version,
            &states,
            &mut handles,
        );
        states.push(state);
    }
    check_required(specs, &states, major)?;
    Ok((handles.into_iter().map(|(_, h)| h).collect(), states))
}

/// One sub-library file being checked: of cuDNN `major` on `os`, at
/// `path`, which is a file when `present`.
struct Sublibrary<'a> {
    os: Os,
    major: u32,
    spec: &'a sublibs::SubLibrarySpec,
    path: &'a Path,
    present: bool,
}

/// What keeps a sub-library from being used, checked in order: presence,
/// its binary layout, its version against the main library's, the
/// sub-libraries it needs (of `states`, checked before it), the system
/// loader, cuDNN's version check. `None` when it is usable; it is then
/// loaded and added to `handles`.
fn sublibrary_problem(
    sub: Sublibrary<'_>,
    main_version: Option<[u16; 4]>,
    states: &[SubLibraryState],
    handles: &mut Vec<(&'static str, libloading::Library)>,
) -> Option<String> {
    let Sublibrary {
        os,
        major,
        spec,
        path,
        present,
    } = sub;
    if !present {
        Some(match std::fs::metadata(path) {
            Ok(m) => format!("not a file: {}", kind_of(&m.file_type())),
            Err(_) => "missing".to_string(),
        })
    } else if let Err(e) = check_binary(path) {
        Some(e)
    } else if let Some(why) = version_differs(main_version, file_version(path), major) {
        Some(why)
    } else if let Some(bad) = needs(os, major, spec, path)
        .into_iter()
        .find_map(|n| states.iter().find(|s| s.name == n && s.problem.is_some()))
    {
        Some(format!(
            "needs {}, which {}",
            bad.file_name(),
            if bad.present {
                "cannot be used"
            } else {
                "is missing"
            }
        ))
    } else {
        match open_sublibrary(path) {
            Err(e) => Some(e),
            Ok(h) => match version_check(spec, &h, handles, major) {
                Some(problem) => Some(problem),
                None => {
                    handles.push((spec.name, h));
                    None
                }
            },
        }
    }
}

/// Fails when the sub-library the shim cannot work without is unusable,
/// or is the odd one out: from another release than two or more of the
/// ones that need only it.
fn check_required(
    specs: &[sublibs::SubLibrarySpec],
    states: &[SubLibraryState],
    major: u32,
) -> Result<(), Failure> {
    if let Some(required) = states.iter().find(|s| s.required) {
        if let Some(problem) = &required.problem {
            return Err(Failure {
                why: format!(
                    "{} beside it: {problem}; cuDNN {major} cannot work without it",
                    required.file_name()
                ),
                required: Some(required.clone()),
            });
        }
        // The required sub-library is the odd one out when two or more of
        // the ones that need only it disagree with it.
        let file = required.file_name();
        let disagree: Vec<&SubLibraryState> = specs
            .iter()
            .filter(|s| s.needs == [required.name])
            .filter_map(|s| states.iter().find(|x| x.name == s.name))
            .filter(|x| {
                x.problem.as_deref().is_some_and(|p| {
                    p.contains("version mismatch") || (p.contains(&*file) && p.contains("symbol"))
                })
            })
            .collect();
        if disagree.len() >= 2 {
            let mut state = required.clone();
            let why = format!(
                "{file} is from another cuDNN release than the sub-libraries beside it ({}: {})",
                disagree
                    .iter()
                    .map(|d| d.file_name())
                    .collect::<Vec<_>>()
                    .join(", "),
                disagree[0].problem.as_deref().unwrap_or_default()
            );
            state.problem = Some(why.clone());
            return Err(Failure {
                why,
                required: Some(state),
            });
        }
    }
    Ok(())
}

/// The main library's file name of `major`.
fn main_file_name(os: Os, major: u32) -> String {
    match os {
        Os::Windows => format!("cudnn64_{major}.dll"),
        Os::Linux => format!("libcudnn.so.{major}"),
    }
}

/// The version a file says it is: the PE version resource on Windows
/// (`9.28.0.42`); on Linux the numbers after `.so.` in the name of the file
/// a link points to (`libcudnn_ops.so.9.28.0`), when it has them.
fn file_version(path: &Path) -> Option<[u16; 4]> {
    if let Ok(info) = crate::pe::inspect(path) {
        return info.file_version;
    }
    let real = std::fs::canonicalize(path).ok()?;
    let name = real.file_name()?.to_str()?;
    let (_, tail) = name.split_once(".so.")?;
    let parts: Vec<u16> = tail
        .split('.')
        .map(|p| p.parse().ok())
        .collect::<Option<_>>()?;
    (parts.len() >= 3).then(|| {
        [
            parts[0],
            parts[1],
            parts[2],
            parts.get(3).copied().unwrap_or(0),
        ]
    })
}

/// `Some(why)` when both versions are known and differ in release
/// (major.minor.patch).
fn version_differs(main: Option<[u16; 4]>, sub: Option<[u16; 4]>, major: u32) -> Option<String> {
    let (m, s) = (main?, sub?);
    if m[..3] == s[..3] {
        return None;
    }
    let v = |x: [u16; 4]| format!("{}.{}.{}", x[0], x[1], x[2]);
    Some(format!(
        "version mismatch: the file says it is cuDNN {}, the main library (cuDNN {major}) says {}",
        v(s),
        v(m)
    ))
}

/// The sub-libraries `spec` needs: its declared ones and the cuDNN files
/// among the file's own needed libraries (`DT_NEEDED`).
fn needs(os: Os, major: u32, spec: &sublibs::SubLibrarySpec, path: &Path) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = spec.needs.to_vec();
    if os == Os::Linux {
        if let Ok(Some(info)) = crate::elf::inspect(path) {
            for n in &info.needed {
                if let Some(s) = sublibs::specs(major)
                    .iter()
                    .find(|s| sublibs::file_name(os, major, s.name) == *n)
                {
                    if !out.contains(&s.name) {
                        out.push(s.name);
                    }
                }
            }
        }
    }
    out
}

/// Loads one sub-library by absolute path. On Linux every symbol is bound
/// at once (`RTLD_NOW`): a file from another release fails here with the
/// loader's words instead of ending the process at its first call. On
/// Windows the file's own folder is searched for its imports.
fn open_sublibrary(path: &Path) -> Result<libloading::Library, String> {
    #[cfg(unix)]
    {
        use libloading::os::unix;
        // SAFETY: as for the main library: loading cuDNN's own file runs
        // its initialisers, which is what loading cuDNN means.
        unsafe { unix::Library::open(Some(path), unix::RTLD_NOW | unix::RTLD_LOCAL) }
            .map(libloading::Library::from)
            .map_err(|e| loader_text(&e))
    }
    #[cfg(windows)]
    {
        use libloading::os::windows;
        // SAFETY: as for the main library.
        unsafe { windows::Library::load_with_flags(path, windows::LOAD_WITH_ALTERED_SEARCH_PATH) }
            .map(libloading::Library::from)
            .map_err(|e| loader_text(&e))
    }
    #[cfg(not(any(unix, windows)))]
    {
        // SAFETY: as for the main library.
        unsafe { libloading::Library::new(path) }.map_err(|e| loader_text(&e))
    }
}

/// Calls the sub-library's own version check, which compares its release
/// with the ones it was loaded beside; `Some(why)` when it disagrees.
fn version_check(
    spec: &sublibs::SubLibrarySpec,
    lib: &libloading::Library,
    loaded: &[(&'static str, libloading::Library)],
    major: u32,
) -> Option<String> {
    let name = spec.version_check?;
    let symbol = format!("{name}\0");
    // SAFETY: every cudnn*VersionCheck takes nothing and returns a status
    // (cudnn_*_infer.h, cudnn_ops.h, ...); the pointer is used while `lib`
    // is loaded.
    let check: crate::PFN_cudnnOpsVersionCheck = unsafe { crate::symbol(lib, symbol.as_bytes()) }?;
    // SAFETY: as above; it reads only its own and its dependencies'
    // versions, which are loaded.
    let status = unsafe { check() };
    if status.0 == 0 {
        return None;
    }
    // cuDNN 9.28's Windows ext DLL is a stub whose every export, its version
    // check included, returns NOT_SUPPORTED: the file is usable, its
    // functions answer with that status themselves.
    let not_supported = match major {
        8 => status == crate::v8::cudnnStatus_t::CUDNN_STATUS_NOT_SUPPORTED,
        _ => status == crate::v9::cudnnStatus_t::CUDNN_STATUS_NOT_SUPPORTED,
    };
    if not_supported {
        return None;
    }
    let mismatch = match major {
        8 => status == crate::v8::cudnnStatus_t::CUDNN_STATUS_VERSION_MISMATCH,
        _ => status == crate::v9::cudnnStatus_t::CUDNN_STATUS_VERSION_MISMATCH,
    };
    // cuDNN 9 says which components differ through its last-error text.
    let text = loaded
        .iter()
        .find(|(n, _)| *n == "graph")
        .and_then(|(_, g)| last_error_text(g))
        .or_else(|| last_error_text(lib));
    Some(match (mismatch, text) {
        (true, Some(t)) => format!("version mismatch reported by {name}: {t}"),
        (true, None) => format!(
            "version mismatch reported by {name} (status {}): the file is from another cuDNN \
             release than the ones it was loaded beside",
            status.0
        ),
        (false, Some(t)) => format!("{name} failed with status {}: {t}", status.0),
        (false, None) => format!("{name} failed with status {}", status.0),
    })
}

/// cuDNN 9's last-error text of this thread, read through `lib`'s own
/// `cudnnGetLastErrorString` (cleared when read).
fn last_error_text(lib: &libloading::Library) -> Option<String> {
    // SAFETY: the prototype of cudnnGetLastErrorString (cudnn_graph.h).
    let get: crate::PFN_cudnnGetLastErrorString =
        unsafe { crate::symbol(lib, b"cudnnGetLastErrorString\0") }?;
    let mut buf = [0 as std::ffi::c_char; 1024];
    // SAFETY: `buf` has room for `buf.len()` bytes; cuDNN writes a
    // NUL-terminated string of at most that size.
    unsafe { get(buf.as_mut_ptr(), buf.len()) };
    buf[buf.len() - 1] = 0;
    // SAFETY: NUL-terminated by the line above at the latest.
    let text = unsafe { std::ffi::CStr::from_ptr(buf.as_ptr()) }.to_string_lossy();
    let text = text.trim();
    (!text.is_empty()).then(|| text.to_owned())
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

    fn load_error(restricted_to: Option<&'static str>) -> LoadError {
        LoadError {
            attempts: Vec::new(),
            required_sublibrary: None,
            restricted_to,
        }
    }

    #[test]
    fn the_fix_names_the_pip_package_and_the_variable() {
        let e = load_error(None);
        let linux = e.fix(Os::Linux);
        assert!(linux.contains("`pip install nvidia-cudnn-cu12`"), "{linux}");
        assert!(linux.ends_with("set CUDNN_LIB_DIR to the folder holding libcudnn.so.9"));
        let windows = e.fix(Os::Windows);
        assert!(
            windows.ends_with("the folder holding cudnn64_9.dll"),
            "{windows}"
        );
        let text = e.to_string();
        assert!(text.starts_with("no cuDNN library could be loaded; tried: nothing\nTo fix: "));
        assert!(
            text.ends_with(&format!("{}.", e.fix(Os::current()))),
            "{text}"
        );
    }

    #[test]
    fn the_fix_follows_what_was_searched() {
        let dir = load_error(Some("CUDNN_LIB_DIR")).fix(Os::Linux);
        assert!(
            dir.starts_with("set CUDNN_LIB_DIR to the folder holding libcudnn.so.9, or unset it"),
            "{dir}"
        );
        let code = load_error(Some("the path given in code")).fix(Os::Windows);
        assert!(
            code.starts_with("pass the folder holding cudnn64_9.dll"),
            "{code}"
        );
        let mut e = load_error(None);
        e.required_sublibrary = Some(SubLibraryState {
            name: "ops",
            path: PathBuf::from("/opt/cudnn/lib/libcudnn_ops.so.9"),
            required: true,
            problem: Some("missing".into()),
            present: false,
        });
        assert_eq!(
            e.fix(Os::Linux),
            "reinstall one cuDNN release completely into /opt/cudnn/lib \
             (libcudnn_ops.so.9 there is missing)"
        );
    }

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
    #[cfg_attr(miri, ignore = "dlopen is a foreign call Miri cannot make")]
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
        assert!(
            text.contains("not found in any folder the system loader searches"),
            "a bare name is looked up here, not handed to the loader: {text}"
        );
    }

    /// A FIFO where a library is expected is refused without being opened
    /// (opening it would block), naming what it is; the next candidate is
    /// tried.
    #[cfg(unix)]
    #[test]
    #[cfg_attr(miri, ignore = "mkfifo is a foreign call Miri cannot make")]
    fn a_fifo_is_refused_without_opening_it() {
        let scratch = tempfile::Builder::new()
            .prefix("cudnn-rs-sys-fifo-")
            .tempdir()
            .expect("dir");
        let dir = scratch.path();
        let fifo = dir.join("libcudnn.so.9");
        let c = std::ffi::CString::new(fifo.to_str().expect("utf-8")).expect("no NUL");
        // SAFETY: `c` is a NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0, "mkfifo");
        let err = Library::load_from(vec![
            Candidate {
                path: fifo.clone(),
                source: Source::SystemLoader,
            },
            Candidate {
                path: dir.join("libcudnn.so.8"),
                source: Source::SystemLoader,
            },
        ])
        .expect_err("nothing to load");
        assert_eq!(err.attempts.len(), 2, "{err}");
        let why = err.attempts[0].outcome.clone().expect_err("refused");
        assert!(why.starts_with("not a file: a FIFO"), "{why}");
        assert_eq!(err.attempts[1].outcome, Err("no such file".to_string()));
    }

    #[test]
    fn versions_in_file_names_and_resources_are_compared() {
        assert_eq!(
            version_differs(Some([9, 28, 0, 42]), Some([9, 28, 0, 7]), 9),
            None
        );
        assert_eq!(version_differs(None, Some([9, 27, 0, 0]), 9), None);
        let why = version_differs(Some([9, 28, 0, 42]), Some([9, 27, 0, 42]), 9).expect("differs");
        assert!(
            why.contains("cuDNN 9.27.0") && why.contains("says 9.28.0"),
            "{why}"
        );
        #[cfg(unix)]
        {
            let scratch = tempfile::Builder::new()
                .prefix("cudnn-rs-sys-fv-")
                .tempdir()
                .expect("dir");
            let dir = scratch.path();
            let real = dir.join("libcudnn_ops.so.9.28.0");
            std::fs::write(&real, b"x").expect("write");
            let link = dir.join("libcudnn_ops.so.9");
            std::os::unix::fs::symlink(&real, &link).expect("link");
            assert_eq!(file_version(&link), Some([9, 28, 0, 0]));
            assert_eq!(file_version(&dir.join("missing.so.9")), None);
        }
    }
}
