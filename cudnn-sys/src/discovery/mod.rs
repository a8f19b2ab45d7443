//! Where to look for the cuDNN shared library.
//!
//! cuDNN is loaded at run time. This module only decides, as a pure function
//! of its inputs, the ordered list of files to try: [`candidates`]. What the
//! search reads from the outside world (environment variables, folder
//! listings, whether a file exists, the system loader's cache) comes through
//! the [`SearchEnv`] trait, and the rules of both operating systems are
//! selected by an explicit [`Os`], so the Windows rules are testable on
//! Linux and vice versa.
//!
//! The order, each step giving one candidate per file name of
//! [`library_file_names`] (newest major first) for each of its folders:
//!
//! 1. the folder or file given in code;
//! 2. `CUDNN_LIB_DIR`;
//! 3. `CUDNN_PATH` (Linux: `lib`, `lib64`, the folder itself; Windows: `bin`,
//!    its versioned subfolders such as `bin\12.9`, the folder itself);
//! 4. the NVIDIA wheel folders of the active Python environment,
//!    `VIRTUAL_ENV`, then `CONDA_PREFIX`: in each `site-packages`, the
//!    layouts of [`python::CUDNN`] (`nvidia/cudnn/lib`, `nvidia/cu13/lib`,
//!    `nvidia/cudnn_jit/lib`; on Windows `nvidia\cudnn\bin`,
//!    `nvidia\cu13\bin\x86_64`, `nvidia\cudnn_jit\bin`);
//! 5. `CONDA_PREFIX/lib` (Windows: `%CONDA_PREFIX%\Library\bin`);
//! 6. the CUDA toolkits of `CUDA_PATH`, `CUDA_HOME` and every
//!    `CUDA_PATH_V<major>_<minor>`, newest first (Linux: `lib64`, `lib`;
//!    Windows: `bin`);
//! 7. Windows only: the folders of NVIDIA's cuDNN installer,
//!    `%ProgramFiles%\NVIDIA\CUDNN\v<version>\bin\<cuda version>` and
//!    `...\bin`, newest first;
//! 8. the NVIDIA wheel folders of the Python installations on disk, where
//!    `pip install --user`, pyenv, conda and the system's pip put them,
//!    without any variable set: see [`python`] for the installations and
//!    their order (the user's own before the system's, the newest Python
//!    first). Only the layouts a `site-packages/nvidia` folder holds are
//!    candidates;
//! 9. the system loader's search path, resolved here rather than by the
//!    loader ([`system`]): each file name, newest major first, in every
//!    folder the loader would search, in its order (Linux:
//!    `LD_LIBRARY_PATH`, the program's `RUNPATH`, the ld.so cache, the
//!    default folders; Windows: the program's folder, `System32`, the
//!    Windows folder, `PATH`), each file found giving an absolute
//!    candidate. A name found nowhere stays a bare-name candidate, which the
//!    loader reports as not found and never hands to `dlopen`: so no bare
//!    name reaches the system loader, which would open (and block on) a
//!    FIFO or device of that name.
//!
//! A path is never produced twice; the first occurrence wins. Empty
//! environment variables count as unset. [`dependency_candidates`] searches
//! the same places for cuBLASLt and NVRTC.

pub mod python;
pub mod system;

mod deps;
mod process;

#[cfg(test)]
mod fake;

pub use deps::{dependency_candidates, pip_package, pip_requirement, Dependency, Package};
pub use process::ProcessEnv;

use std::collections::HashSet;
use std::ffi::{OsStr, OsString};
use std::fmt;
use std::path::{Path, PathBuf};

/// Which operating system's rules to apply (passed explicitly so Windows
/// rules are testable on Linux).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Os {
    /// Linux (and other Unix-like systems): `libcudnn.so.N`, `/` separators.
    Linux,
    /// Windows: `cudnn64_N.dll`, `\` separators.
    Windows,
}

impl Os {
    /// The operating system this program was compiled for: [`Os::Windows`]
    /// on Windows, [`Os::Linux`] everywhere else.
    pub const fn current() -> Os {
        if cfg!(windows) {
            Os::Windows
        } else {
            Os::Linux
        }
    }

    const fn separator(self) -> char {
        match self {
            Os::Linux => '/',
            Os::Windows => '\\',
        }
    }
}

/// Where a [`Candidate`] came from.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// A folder or file given in code.
    Explicit,
    /// The `CUDNN_LIB_DIR` environment variable.
    EnvLibDir,
    /// The `CUDNN_PATH` environment variable (its `lib`, `lib64` or `bin`
    /// subfolders, or the folder itself).
    CudnnPath,
    /// An NVIDIA wheel folder of the active Python environment
    /// (`site-packages/nvidia/cudnn/lib`, on Windows `...\bin`, and the
    /// other layouts of [`python::CUDNN`]).
    PythonEnv {
        /// The variable naming the environment: `VIRTUAL_ENV` or
        /// `CONDA_PREFIX`.
        var: &'static str,
    },
    /// The library folder of a conda environment: `$CONDA_PREFIX/lib`, on
    /// Windows `%CONDA_PREFIX%\Library\bin`.
    CondaLib,
    /// A CUDA toolkit folder named by an environment variable.
    CudaToolkit {
        /// The variable: `CUDA_PATH`, `CUDA_HOME` or one like
        /// `CUDA_PATH_V12_4`.
        var: String,
    },
    /// A folder of NVIDIA's cuDNN installer for Windows, such as
    /// `C:\Program Files\NVIDIA\CUDNN\v9.1\bin\12.6` (Windows only).
    WindowsInstall,
    /// An NVIDIA wheel folder in the `site-packages` of a Python
    /// installation found on disk ([`python`]).
    SitePackages {
        /// Which installation: `user` (`pip install --user`), `pyenv`,
        /// `conda`, `system` (`/usr/local`, `/usr`), `per-user install`
        /// or `per-machine install` (Windows).
        root: &'static str,
    },
    /// A folder the system loader searches (`LD_LIBRARY_PATH`, the ld.so
    /// cache, the default folders; on Windows the program's folder, the
    /// system folders and `PATH`), or a library the process had loaded
    /// already. The path is absolute, except for a name found in none of
    /// them, which stays bare and is never handed to the loader.
    SystemLoader,
    /// The folder of the loaded cuDNN, or a folder its `RUNPATH` names
    /// (the wheels' `../../cublas/lib`): where cuDNN's own lookup of
    /// cuBLASLt and NVRTC looks ([`dependency_candidates`]).
    BesideCudnn,
    /// Not searched: linked at build time (the `link` feature); the
    /// operating system's loader resolved it when the program started.
    Linked,
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Explicit => f.write_str("the path given in code"),
            Source::EnvLibDir => f.write_str("CUDNN_LIB_DIR"),
            Source::CudnnPath => f.write_str("CUDNN_PATH"),
            Source::PythonEnv { var } => write!(f, "{var} Python wheel folder"),
            Source::CondaLib => f.write_str("CONDA_PREFIX library folder"),
            Source::CudaToolkit { var } => write!(f, "{var} CUDA toolkit folder"),
            Source::WindowsInstall => f.write_str("the NVIDIA cuDNN installer folder"),
            Source::SitePackages { root } => write!(f, "Python site-packages ({root})"),
            Source::SystemLoader => f.write_str("the system loader's search path"),
            Source::BesideCudnn => f.write_str("beside cuDNN"),
            Source::Linked => f.write_str("linked at build time"),
        }
    }
}

/// One place to try.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    /// The file to load: an absolute file path, except for a
    /// [`Source::SystemLoader`] name found in no folder the loader
    /// searches, which is the bare file name.
    pub path: PathBuf,
    /// Where this candidate came from.
    pub source: Source,
}

/// What happened when one [`Candidate`] was tried, for reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attempt {
    /// The candidate that was tried.
    pub candidate: Candidate,
    /// `Ok(())` if it loaded, otherwise the loader's error text (from
    /// `dlerror` or `GetLastError`).
    pub outcome: Result<(), String>,
}

/// What the search reads from the outside world, injected for tests.
///
/// Only the first three are required; the others have defaults that suit
/// an environment described by variables and folder listings alone.
pub trait SearchEnv {
    /// The value of an environment variable, `None` if unset.
    fn var(&self, name: &str) -> Option<OsString>;
    /// All environment variable names (needed to find `CUDA_PATH_V*_*`
    /// variables).
    fn var_names(&self) -> Vec<String>;
    /// Names of the entries of a directory (files and folders); empty if it
    /// does not exist or cannot be read.
    fn list_dir(&self, dir: &Path) -> Vec<OsString>;
    /// Whether folder `dir` holds an entry named `name`, of any kind (a
    /// file, a folder, a FIFO, a device), following symbolic links. It must
    /// not open the entry. The default looks `name` up in
    /// [`list_dir`](Self::list_dir).
    fn contains(&self, dir: &Path, name: &str) -> bool {
        self.list_dir(dir).iter().any(|n| n == name)
    }
    /// The bytes of the system loader's cache (`/etc/ld.so.cache`), empty
    /// where there is none (Windows, musl). The default is empty.
    fn loader_cache(&self) -> Vec<u8> {
        Vec::new()
    }
    /// The path of a library this process has loaded already under the
    /// file name `name` (the system loader hands that one out again for
    /// the bare name). The default is `None`.
    fn loaded_library(&self, name: &str) -> Option<PathBuf> {
        let _ = name;
        None
    }
    /// The folder of the running program: the first folder Windows
    /// searches for a DLL, and `$ORIGIN` in the program's `RUNPATH`. The
    /// default is `None`.
    fn program_dir(&self) -> Option<PathBuf> {
        None
    }
    /// The running program's own library search path as its ELF file
    /// states it (`DT_RUNPATH`, else `DT_RPATH`; `:`-separated, `$ORIGIN`
    /// unexpanded). The default is `None`.
    fn program_runpath(&self) -> Option<String> {
        None
    }
}

/// File names of the cuDNN main library for `os`, newest major first:
/// Linux `["libcudnn.so.9", "libcudnn.so.8"]`, Windows
/// `["cudnn64_9.dll", "cudnn64_8.dll"]`.
pub fn library_file_names(os: Os) -> &'static [&'static str] {
    match os {
        Os::Linux => &["libcudnn.so.9", "libcudnn.so.8"],
        Os::Windows => &["cudnn64_9.dll", "cudnn64_8.dll"],
    }
}

/// The major a library file name belongs to: `"libcudnn.so.9"` gives
/// `Some(9)`, `"libcudnn.so.9.1.0"` gives `Some(9)`, `"cudnn64_8.dll"` gives
/// `Some(8)`, `"libcudnn.so"` gives `None`. A leading folder path is ignored.
pub fn major_of_file_name(name: &str) -> Option<u32> {
    let name = name.rsplit(['/', '\\']).next().unwrap_or(name);
    if let Some(pos) = name.find(".so.") {
        return leading_number(&name[pos + 4..]);
    }
    let lower = name.to_ascii_lowercase();
    let stem = lower.strip_suffix(".dll")?;
    let (_, digits) = stem.rsplit_once('_')?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

/// The ordered candidates for `os`.
///
/// `explicit` is a folder or a file given in code: a file is tried as is, a
/// folder is joined with each of [`library_file_names`]. It counts as a file
/// when it is not a folder with entries (per [`SearchEnv::list_dir`]) and
/// its name looks like a shared library (contains `.so` on Linux, ends with
/// `.dll` on Windows); otherwise it is a folder.
///
/// See the [module documentation](self) for the order.
pub fn candidates(os: Os, explicit: Option<&Path>, env: &dyn SearchEnv) -> Vec<Candidate> {
    let mut out = Out::new(os);
    if let Some(path) = explicit.filter(|p| !p.as_os_str().is_empty()) {
        if is_library_file(os, path, env) {
            out.push(path.to_path_buf(), Source::Explicit);
        } else {
            out.folder(path.as_os_str(), Source::Explicit);
        }
    }
    if let Some(dir) = get(env, "CUDNN_LIB_DIR") {
        out.folder(&dir, Source::EnvLibDir);
    }
    cudnn_path_step(&mut out, env);
    for (dir, source) in python::env_wheel_folders(os, env, python::CUDNN) {
        out.folder(&dir, source);
    }
    if let Some(dir) = conda_lib(os, env) {
        out.folder(&dir, Source::CondaLib);
    }
    for (dir, source) in toolkit_folders(os, env) {
        out.folder(&dir, source);
    }
    if os == Os::Windows {
        windows_installer_step(&mut out, env);
    }
    for (dir, source) in python::site_packages_wheel_folders(os, env, python::CUDNN) {
        out.folder(&dir, source);
    }
    let loader = system::LoaderSearch::new(os, env);
    for name in library_file_names(os) {
        let found = loader.resolve(name, env);
        if found.is_empty() {
            out.push(PathBuf::from(name), Source::SystemLoader);
        }
        for path in found {
            out.push(path, Source::SystemLoader);
        }
    }
    out.list
}

/// Step 3: `CUDNN_PATH`.
fn cudnn_path_step(out: &mut Out, env: &dyn SearchEnv) {
    let os = out.os;
    let Some(root) = get(env, "CUDNN_PATH") else {
        return;
    };
    let root = clean(os, &root);
    match os {
        Os::Linux => {
            out.folder(&join(os, &root, &["lib"]), Source::CudnnPath);
            out.folder(&join(os, &root, &["lib64"]), Source::CudnnPath);
        }
        Os::Windows => {
            let bin = join(os, &root, &["bin"]);
            out.folder(&bin, Source::CudnnPath);
            for sub in versioned_entries(env, &bin, "", None) {
                out.folder(&join_os(os, &bin, &sub), Source::CudnnPath);
            }
        }
    }
    out.folder(&root, Source::CudnnPath);
}

/// Step 5: the conda environment's own library folder.
fn conda_lib(os: Os, env: &dyn SearchEnv) -> Option<OsString> {
    let prefix = clean(os, &get(env, "CONDA_PREFIX")?);
    Some(match os {
        Os::Linux => join(os, &prefix, &["lib"]),
        Os::Windows => join(os, &prefix, &["Library", "bin"]),
    })
}

/// Step 6: the library folders of the CUDA toolkits named by `CUDA_PATH`,
/// `CUDA_HOME` and every `CUDA_PATH_V<major>_<minor>` (newest first), each
/// toolkit once.
fn toolkit_folders(os: Os, env: &dyn SearchEnv) -> Vec<(OsString, Source)> {
    let mut toolkit_vars: Vec<String> = vec!["CUDA_PATH".into(), "CUDA_HOME".into()];
    let mut versioned: Vec<(Vec<u32>, String)> = env
        .var_names()
        .into_iter()
        .filter_map(|name| cuda_path_version(os, &name).map(|v| (v, name)))
        .collect();
    versioned.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    versioned.dedup_by(|a, b| a.1 == b.1);
    toolkit_vars.extend(versioned.into_iter().map(|(_, name)| name));
    let mut seen_toolkits: HashSet<OsString> = HashSet::new();
    let mut out = Vec::new();
    for var in toolkit_vars {
        let Some(root) = get(env, &var) else {
            continue;
        };
        let root = clean(os, &root);
        if !seen_toolkits.insert(dedup_key(os, &root)) {
            continue;
        }
        let subs: &[&str] = match os {
            Os::Linux => &["lib64", "lib"],
            Os::Windows => &["bin"],
        };
        for sub in subs {
            out.push((
                join(os, &root, &[sub]),
                Source::CudaToolkit { var: var.clone() },
            ));
        }
    }
    out
}

/// Step 7: NVIDIA's cuDNN installer for Windows.
fn windows_installer_step(out: &mut Out, env: &dyn SearchEnv) {
    let os = out.os;
    let cudnn = join(os, &program_files(env), &["NVIDIA", "CUDNN"]);
    for version in versioned_entries(env, &cudnn, "v", None) {
        let bin = join(os, &join_os(os, &cudnn, &version), &["bin"]);
        for sub in versioned_entries(env, &bin, "", None) {
            out.folder(&join_os(os, &bin, &sub), Source::WindowsInstall);
        }
        out.folder(&bin, Source::WindowsInstall);
    }
}

/// `%ProgramFiles%`, `C:\Program Files` when unset.
fn program_files(env: &dyn SearchEnv) -> OsString {
    get(env, "ProgramFiles")
        .map(|p| clean(Os::Windows, &p))
        .unwrap_or_else(|| OsString::from("C:\\Program Files"))
}

/// The candidate list under construction, with its deduplication set.
struct Out {
    os: Os,
    list: Vec<Candidate>,
    seen: HashSet<OsString>,
}

impl Out {
    fn new(os: Os) -> Self {
        Out {
            os,
            list: Vec::new(),
            seen: HashSet::new(),
        }
    }

    fn push(&mut self, path: PathBuf, source: Source) {
        if self.seen.insert(dedup_key(self.os, path.as_os_str())) {
            self.list.push(Candidate { path, source });
        }
    }

    /// One candidate per library file name inside `dir`.
    fn folder(&mut self, dir: &OsStr, source: Source) {
        let dir = clean(self.os, dir);
        for name in library_file_names(self.os) {
            let path = PathBuf::from(join(self.os, &dir, &[name]));
            self.push(path, source.clone());
        }
    }
}

/// An environment variable, with empty values treated as unset.
fn get(env: &dyn SearchEnv, name: &str) -> Option<OsString> {
    env.var(name).filter(|v| !v.is_empty())
}

/// `value` without trailing separators (and, on Windows, without the
/// surrounding double quotes users sometimes put into variables). Values
/// that are not valid Unicode are returned unchanged.
fn clean(os: Os, value: &OsStr) -> OsString {
    let Some(s) = value.to_str() else {
        return value.to_os_string();
    };
    let s = match os {
        Os::Linux => s.trim_end_matches('/'),
        Os::Windows => {
            let s = s.trim();
            let s = s
                .strip_prefix('"')
                .and_then(|s| s.strip_suffix('"'))
                .unwrap_or(s);
            s.trim_end_matches(['\\', '/'])
        }
    };
    if s.is_empty() && !value.is_empty() {
        // The root folder ("/"); joining puts the separator back.
        return OsString::new();
    }
    OsString::from(s)
}

/// `base` followed by `parts`, separated by the separator of `os`.
fn join(os: Os, base: &OsStr, parts: &[&str]) -> OsString {
    let mut out = base.to_os_string();
    for part in parts {
        out.push(os.separator().encode_utf8(&mut [0; 4]));
        out.push(part);
    }
    out
}

/// `base` followed by one `part` that may not be valid Unicode.
fn join_os(os: Os, base: &OsStr, part: &OsStr) -> OsString {
    let mut out = base.to_os_string();
    out.push(os.separator().encode_utf8(&mut [0; 4]));
    out.push(part);
    out
}

/// The key two paths are compared by: exact on Linux; on Windows case
/// insensitive and with `/` and `\` taken as the same.
fn dedup_key(os: Os, path: &OsStr) -> OsString {
    match os {
        Os::Linux => path.to_os_string(),
        Os::Windows => OsString::from(path.to_string_lossy().to_lowercase().replace('/', "\\")),
    }
}

/// Whether `explicit` names a library file rather than a folder.
fn is_library_file(os: Os, path: &Path, env: &dyn SearchEnv) -> bool {
    if !env.list_dir(path).is_empty() {
        return false;
    }
    let text = path.as_os_str().to_string_lossy();
    let name = text.rsplit(['/', '\\']).next().unwrap_or(&text);
    match os {
        Os::Linux => name.contains(".so"),
        Os::Windows => name.to_ascii_lowercase().ends_with(".dll"),
    }
}

/// The entries of `dir` whose names are `prefix` (ASCII case insensitive)
/// followed by a version (`python3.12`, `v9.1`, `12.6`), newest version
/// first; with `major`, only those of that major version.
fn versioned_entries(
    env: &dyn SearchEnv,
    dir: &OsStr,
    prefix: &str,
    major: Option<u32>,
) -> Vec<OsString> {
    let mut found: Vec<(Vec<u32>, String, OsString)> = env
        .list_dir(Path::new(dir))
        .into_iter()
        .filter_map(|entry| {
            let text = entry.to_string_lossy().into_owned();
            let rest = strip_prefix_ignore_case(&text, prefix)?;
            let version = parse_version(rest)?;
            if major.is_some_and(|m| version.first() != Some(&m)) {
                return None;
            }
            Some((version, text, entry))
        })
        .collect();
    found.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    found.into_iter().map(|(_, _, entry)| entry).collect()
}

fn strip_prefix_ignore_case<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    let head = text.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &text[prefix.len()..])
}

/// The numbers of a version like `3.12`, `12.6` or `9.1.0`: the leading
/// digits of each dot-separated part, up to the first part without any.
/// `None` unless the text starts with a digit.
fn parse_version(text: &str) -> Option<Vec<u32>> {
    let mut version = Vec::new();
    for part in text.split('.') {
        match leading_number(part) {
            Some(n) => version.push(n),
            None => break,
        }
    }
    (!version.is_empty()).then_some(version)
}

/// The number formed by the leading ASCII digits of `text`, if any
/// (saturating at `u32::MAX`).
fn leading_number(text: &str) -> Option<u32> {
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return None;
    }
    Some(text[..digits].parse().unwrap_or(u32::MAX))
}

/// The version of a variable named like `CUDA_PATH_V12_4`: `[12, 4]`.
/// The name is matched case-insensitively on Windows, where variable names
/// are.
fn cuda_path_version(os: Os, name: &str) -> Option<Vec<u32>> {
    const PREFIX: &str = "CUDA_PATH_V";
    let rest = match os {
        Os::Linux => name.strip_prefix(PREFIX)?,
        Os::Windows => strip_prefix_ignore_case(name, PREFIX)?,
    };
    let mut version = Vec::new();
    for part in rest.split('_') {
        if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        version.push(part.parse().unwrap_or(u32::MAX));
    }
    (version.len() == 2).then_some(version)
}

#[cfg(test)]
mod tests;
