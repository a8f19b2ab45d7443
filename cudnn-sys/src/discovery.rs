//! Where to look for the cuDNN shared library.
//!
//! cuDNN is loaded at run time. This module only decides, as a pure function
//! of its inputs, the ordered list of files to try: [`candidates`]. What the
//! search reads from the outside world (environment variables and directory
//! listings) comes through the [`SearchEnv`] trait, and the rules of both
//! operating systems are selected by an explicit [`Os`], so the Windows rules
//! are testable on Linux and vice versa.
//!
//! The order, each step giving one candidate per file name of
//! [`library_file_names`] (newest major first) for each of its folders:
//!
//! 1. the folder or file given in code;
//! 2. `CUDNN_LIB_DIR`;
//! 3. `CUDNN_PATH` (Linux: `lib`, `lib64`, the folder itself; Windows: `bin`,
//!    its versioned subfolders such as `bin\12.9`, the folder itself);
//! 4. the NVIDIA Python wheel folder of `VIRTUAL_ENV`, then of
//!    `CONDA_PREFIX` (`site-packages/nvidia/cudnn/lib`, on Windows
//!    `site-packages\nvidia\cudnn\bin`);
//! 5. `CONDA_PREFIX/lib` (Windows: `%CONDA_PREFIX%\Library\bin`);
//! 6. the CUDA toolkits of `CUDA_PATH`, `CUDA_HOME` and every
//!    `CUDA_PATH_V<major>_<minor>`, newest first (Linux: `lib64`, `lib`;
//!    Windows: `bin`);
//! 7. Windows only: the folders of NVIDIA's cuDNN installer,
//!    `%ProgramFiles%\NVIDIA\CUDNN\v<version>\bin\<cuda version>` and
//!    `...\bin`, newest first;
//! 8. the bare file names, handed to the system loader.
//!
//! A path is never produced twice; the first occurrence wins. Empty
//! environment variables count as unset.

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
    /// The NVIDIA cuDNN Python wheel folder of a Python environment
    /// (`site-packages/nvidia/cudnn/lib`, on Windows `...\bin`).
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
    /// A bare file name handed to the operating system's loader, which
    /// searches `LD_LIBRARY_PATH` and the ld.so cache on Linux, or `PATH` on
    /// Windows.
    SystemLoader,
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
            Source::SystemLoader => f.write_str("the system loader's search path"),
            Source::Linked => f.write_str("linked at build time"),
        }
    }
}

/// One place to try.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    /// The file to load: an absolute file path for every source except
    /// [`Source::SystemLoader`], where it is the bare file name.
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
pub trait SearchEnv {
    /// The value of an environment variable, `None` if unset.
    fn var(&self, name: &str) -> Option<OsString>;
    /// All environment variable names (needed to find `CUDA_PATH_V*_*`
    /// variables).
    fn var_names(&self) -> Vec<String>;
    /// Names of the entries of a directory (files and folders); empty if it
    /// does not exist or cannot be read.
    fn list_dir(&self, dir: &Path) -> Vec<OsString>;
}

/// The real process environment and filesystem.
#[derive(Debug, Clone, Copy, Default)]
pub struct ProcessEnv;

impl SearchEnv for ProcessEnv {
    fn var(&self, name: &str) -> Option<OsString> {
        std::env::var_os(name)
    }

    fn var_names(&self) -> Vec<String> {
        std::env::vars_os()
            .filter_map(|(name, _)| name.into_string().ok())
            .collect()
    }

    fn list_dir(&self, dir: &Path) -> Vec<OsString> {
        match std::fs::read_dir(dir) {
            Ok(entries) => entries
                .filter_map(|e| e.ok().map(|e| e.file_name()))
                .collect(),
            Err(_) => Vec::new(),
        }
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

    // 1. Given in code.
    if let Some(path) = explicit.filter(|p| !p.as_os_str().is_empty()) {
        if is_library_file(os, path, env) {
            out.push(path.to_path_buf(), Source::Explicit);
        } else {
            out.folder(path.as_os_str(), Source::Explicit);
        }
    }

    // 2. CUDNN_LIB_DIR.
    if let Some(dir) = get(env, "CUDNN_LIB_DIR") {
        out.folder(&dir, Source::EnvLibDir);
    }

    // 3. CUDNN_PATH.
    if let Some(root) = get(env, "CUDNN_PATH") {
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

    // 4. Python environments.
    for var in ["VIRTUAL_ENV", "CONDA_PREFIX"] {
        let Some(prefix) = get(env, var) else {
            continue;
        };
        let prefix = clean(os, &prefix);
        let source = Source::PythonEnv { var };
        match os {
            Os::Linux => {
                let lib = join(os, &prefix, &["lib"]);
                for python in versioned_entries(env, &lib, "python", Some(3)) {
                    let mut dir = join_os(os, &lib, &python);
                    dir = join(os, &dir, &["site-packages", "nvidia", "cudnn", "lib"]);
                    out.folder(&dir, source.clone());
                }
            }
            Os::Windows => {
                let dir = join(
                    os,
                    &prefix,
                    &["Lib", "site-packages", "nvidia", "cudnn", "bin"],
                );
                out.folder(&dir, source);
            }
        }
    }

    // 5. The conda environment's own library folder.
    if let Some(prefix) = get(env, "CONDA_PREFIX") {
        let prefix = clean(os, &prefix);
        let dir = match os {
            Os::Linux => join(os, &prefix, &["lib"]),
            Os::Windows => join(os, &prefix, &["Library", "bin"]),
        };
        out.folder(&dir, Source::CondaLib);
    }

    // 6. CUDA toolkits.
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
            out.folder(
                &join(os, &root, &[sub]),
                Source::CudaToolkit { var: var.clone() },
            );
        }
    }

    // 7. NVIDIA's cuDNN installer for Windows.
    if os == Os::Windows {
        let program_files = get(env, "ProgramFiles")
            .map(|p| clean(os, &p))
            .unwrap_or_else(|| OsString::from("C:\\Program Files"));
        let cudnn = join(os, &program_files, &["NVIDIA", "CUDNN"]);
        for version in versioned_entries(env, &cudnn, "v", None) {
            let bin = join(os, &join_os(os, &cudnn, &version), &["bin"]);
            for sub in versioned_entries(env, &bin, "", None) {
                out.folder(&join_os(os, &bin, &sub), Source::WindowsInstall);
            }
            out.folder(&bin, Source::WindowsInstall);
        }
    }

    // 8. The system loader.
    for name in library_file_names(os) {
        out.push(PathBuf::from(name), Source::SystemLoader);
    }

    out.list
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
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[derive(Default)]
    struct FakeEnv {
        vars: HashMap<String, OsString>,
        dirs: HashMap<PathBuf, Vec<OsString>>,
    }

    impl FakeEnv {
        fn var(mut self, name: &str, value: &str) -> Self {
            self.vars.insert(name.into(), value.into());
            self
        }

        fn dir(mut self, dir: &str, entries: &[&str]) -> Self {
            self.dirs
                .insert(dir.into(), entries.iter().map(OsString::from).collect());
            self
        }
    }

    impl SearchEnv for FakeEnv {
        fn var(&self, name: &str) -> Option<OsString> {
            self.vars.get(name).cloned()
        }

        fn var_names(&self) -> Vec<String> {
            let mut names: Vec<String> = self.vars.keys().cloned().collect();
            // Any order must do; make it the awkward one.
            names.sort();
            names
        }

        fn list_dir(&self, dir: &Path) -> Vec<OsString> {
            self.dirs.get(dir).cloned().unwrap_or_default()
        }
    }

    /// The candidates of one folder, 9 then 8.
    fn folder(os: Os, dir: &str, source: Source) -> Vec<Candidate> {
        let sep = if os == Os::Windows { "\\" } else { "/" };
        library_file_names(os)
            .iter()
            .map(|name| Candidate {
                path: PathBuf::from(format!("{dir}{sep}{name}")),
                source: source.clone(),
            })
            .collect()
    }

    fn loader(os: Os) -> Vec<Candidate> {
        library_file_names(os)
            .iter()
            .map(|name| Candidate {
                path: PathBuf::from(name),
                source: Source::SystemLoader,
            })
            .collect()
    }

    fn toolkit(var: &str) -> Source {
        Source::CudaToolkit { var: var.into() }
    }

    fn assert_same(actual: &[Candidate], expected: &[Candidate]) {
        for (i, (a, e)) in actual.iter().zip(expected).enumerate() {
            assert_eq!(a, e, "candidate {i} differs");
        }
        assert_eq!(actual.len(), expected.len(), "{actual:#?}");
    }

    #[test]
    fn full_linux_order() {
        let env = FakeEnv::default()
            .var("CUDNN_LIB_DIR", "/opt/cudnn-libdir")
            .var("CUDNN_PATH", "/opt/cudnn/")
            .var("VIRTUAL_ENV", "/home/u/venv")
            .var("CONDA_PREFIX", "/opt/conda")
            .var("CUDA_PATH", "/usr/local/cuda")
            .var("CUDA_HOME", "/usr/local/cuda-12.4")
            .var("CUDA_PATH_V11_8", "/usr/local/cuda-11.8")
            .var("CUDA_PATH_V12_4", "/usr/local/cuda-12.4")
            .var("PATH", "/usr/bin")
            .dir(
                "/home/u/venv/lib",
                &["python3.9", "python3.12", "pkgconfig"],
            )
            .dir("/opt/conda/lib", &["libz.so.1", "python3.11"]);
        let got = candidates(Os::Linux, Some(Path::new("/srv/explicit")), &env);

        let l = Os::Linux;
        let mut want = Vec::new();
        want.extend(folder(l, "/srv/explicit", Source::Explicit));
        want.extend(folder(l, "/opt/cudnn-libdir", Source::EnvLibDir));
        want.extend(folder(l, "/opt/cudnn/lib", Source::CudnnPath));
        want.extend(folder(l, "/opt/cudnn/lib64", Source::CudnnPath));
        want.extend(folder(l, "/opt/cudnn", Source::CudnnPath));
        let venv = Source::PythonEnv { var: "VIRTUAL_ENV" };
        want.extend(folder(
            l,
            "/home/u/venv/lib/python3.12/site-packages/nvidia/cudnn/lib",
            venv.clone(),
        ));
        want.extend(folder(
            l,
            "/home/u/venv/lib/python3.9/site-packages/nvidia/cudnn/lib",
            venv,
        ));
        want.extend(folder(
            l,
            "/opt/conda/lib/python3.11/site-packages/nvidia/cudnn/lib",
            Source::PythonEnv {
                var: "CONDA_PREFIX",
            },
        ));
        want.extend(folder(l, "/opt/conda/lib", Source::CondaLib));
        want.extend(folder(l, "/usr/local/cuda/lib64", toolkit("CUDA_PATH")));
        want.extend(folder(l, "/usr/local/cuda/lib", toolkit("CUDA_PATH")));
        want.extend(folder(
            l,
            "/usr/local/cuda-12.4/lib64",
            toolkit("CUDA_HOME"),
        ));
        want.extend(folder(l, "/usr/local/cuda-12.4/lib", toolkit("CUDA_HOME")));
        // CUDA_PATH_V12_4 equals CUDA_HOME: skipped.
        want.extend(folder(
            l,
            "/usr/local/cuda-11.8/lib64",
            toolkit("CUDA_PATH_V11_8"),
        ));
        want.extend(folder(
            l,
            "/usr/local/cuda-11.8/lib",
            toolkit("CUDA_PATH_V11_8"),
        ));
        want.extend(loader(l));
        assert_same(&got, &want);
        assert_eq!(got[0].path, PathBuf::from("/srv/explicit/libcudnn.so.9"));
        assert_eq!(got[1].path, PathBuf::from("/srv/explicit/libcudnn.so.8"));
    }

    #[test]
    fn full_windows_order() {
        let toolkit_124 = r"C:\Program Files\NVIDIA GPU Computing Toolkit\CUDA\v12.4";
        let toolkit_118 = r"C:\Program Files\NVIDIA GPU Computing Toolkit\CUDA\v11.8";
        let env = FakeEnv::default()
            .var("CUDNN_LIB_DIR", r"D:\cudnn\lib")
            .var("CUDNN_PATH", r"D:\cudnn-9")
            .var("VIRTUAL_ENV", r"C:\Users\u\venv")
            .var("CONDA_PREFIX", r"C:\Users\u\miniconda3")
            .var("CUDA_PATH", toolkit_124)
            .var("CUDA_PATH_V11_8", toolkit_118)
            .var("CUDA_PATH_V12_4", toolkit_124)
            .var("CUDA_PATH_VX", r"C:\nothing")
            .var("CUDA_PATH_V12", r"C:\nothing")
            .dir(
                r"D:\cudnn-9\bin",
                &["12.9", "cudnn64_9.dll", "13.0", "notes"],
            )
            .dir(
                r"C:\Program Files\NVIDIA\CUDNN",
                &["v8.9", "v9.1", "readme.txt"],
            )
            .dir(r"C:\Program Files\NVIDIA\CUDNN\v9.1\bin", &["11.8", "12.6"])
            .dir(
                r"C:\Program Files\NVIDIA\CUDNN\v8.9\bin",
                &["cudnn64_8.dll"],
            );
        let got = candidates(Os::Windows, None, &env);

        let w = Os::Windows;
        let mut want = Vec::new();
        want.extend(folder(w, r"D:\cudnn\lib", Source::EnvLibDir));
        want.extend(folder(w, r"D:\cudnn-9\bin", Source::CudnnPath));
        want.extend(folder(w, r"D:\cudnn-9\bin\13.0", Source::CudnnPath));
        want.extend(folder(w, r"D:\cudnn-9\bin\12.9", Source::CudnnPath));
        want.extend(folder(w, r"D:\cudnn-9", Source::CudnnPath));
        want.extend(folder(
            w,
            r"C:\Users\u\venv\Lib\site-packages\nvidia\cudnn\bin",
            Source::PythonEnv { var: "VIRTUAL_ENV" },
        ));
        want.extend(folder(
            w,
            r"C:\Users\u\miniconda3\Lib\site-packages\nvidia\cudnn\bin",
            Source::PythonEnv {
                var: "CONDA_PREFIX",
            },
        ));
        want.extend(folder(
            w,
            r"C:\Users\u\miniconda3\Library\bin",
            Source::CondaLib,
        ));
        want.extend(folder(
            w,
            &format!(r"{toolkit_124}\bin"),
            toolkit("CUDA_PATH"),
        ));
        // CUDA_PATH_V12_4 is the same folder as CUDA_PATH: skipped.
        want.extend(folder(
            w,
            &format!(r"{toolkit_118}\bin"),
            toolkit("CUDA_PATH_V11_8"),
        ));
        let pf = r"C:\Program Files\NVIDIA\CUDNN";
        want.extend(folder(
            w,
            &format!(r"{pf}\v9.1\bin\12.6"),
            Source::WindowsInstall,
        ));
        want.extend(folder(
            w,
            &format!(r"{pf}\v9.1\bin\11.8"),
            Source::WindowsInstall,
        ));
        want.extend(folder(
            w,
            &format!(r"{pf}\v9.1\bin"),
            Source::WindowsInstall,
        ));
        want.extend(folder(
            w,
            &format!(r"{pf}\v8.9\bin"),
            Source::WindowsInstall,
        ));
        want.extend(loader(w));
        assert_same(&got, &want);
        assert_eq!(
            got[0].path,
            PathBuf::from(r"D:\cudnn\lib\cudnn64_9.dll"),
            "Windows paths use backslashes on every host"
        );
    }

    #[test]
    fn windows_program_files_variable_and_toolkit_order() {
        let env = FakeEnv::default()
            .var("ProgramFiles", r"E:\Apps\")
            .var("CUDA_PATH_V12_4", r"C:\cuda\v12.4")
            .var("CUDA_PATH_V12_10", r"C:\cuda\v12.10")
            .var("CUDA_PATH_V13_0", r"C:\cuda\v13.0")
            .dir(r"E:\Apps\NVIDIA\CUDNN", &["v9.10", "v9.2"])
            .dir(r"E:\Apps\NVIDIA\CUDNN\v9.10\bin", &["13.0"]);
        let got = candidates(Os::Windows, None, &env);
        let w = Os::Windows;
        let mut want = Vec::new();
        want.extend(folder(w, r"C:\cuda\v13.0\bin", toolkit("CUDA_PATH_V13_0")));
        want.extend(folder(
            w,
            r"C:\cuda\v12.10\bin",
            toolkit("CUDA_PATH_V12_10"),
        ));
        want.extend(folder(w, r"C:\cuda\v12.4\bin", toolkit("CUDA_PATH_V12_4")));
        want.extend(folder(
            w,
            r"E:\Apps\NVIDIA\CUDNN\v9.10\bin\13.0",
            Source::WindowsInstall,
        ));
        want.extend(folder(
            w,
            r"E:\Apps\NVIDIA\CUDNN\v9.10\bin",
            Source::WindowsInstall,
        ));
        want.extend(folder(
            w,
            r"E:\Apps\NVIDIA\CUDNN\v9.2\bin",
            Source::WindowsInstall,
        ));
        want.extend(loader(w));
        assert_same(&got, &want);
    }

    #[test]
    fn windows_dedup_ignores_case_trailing_separator_and_quotes() {
        let env = FakeEnv::default()
            .var("CUDA_PATH", r#""C:\CUDA\v12.4\""#)
            .var("CUDA_PATH_V12_4", r"c:\cuda\V12.4");
        let got = candidates(Os::Windows, None, &env);
        let mut want = folder(Os::Windows, r"C:\CUDA\v12.4\bin", toolkit("CUDA_PATH"));
        want.extend(loader(Os::Windows));
        assert_same(&got, &want);
    }

    #[test]
    fn explicit_file_is_tried_as_is() {
        let env = FakeEnv::default();
        let got = candidates(Os::Linux, Some(Path::new("/opt/x/libcudnn.so.9.1.0")), &env);
        let mut want = vec![Candidate {
            path: PathBuf::from("/opt/x/libcudnn.so.9.1.0"),
            source: Source::Explicit,
        }];
        want.extend(loader(Os::Linux));
        assert_same(&got, &want);

        let got = candidates(Os::Windows, Some(Path::new(r"D:\x\CUDNN64_9.DLL")), &env);
        let mut want = vec![Candidate {
            path: PathBuf::from(r"D:\x\CUDNN64_9.DLL"),
            source: Source::Explicit,
        }];
        want.extend(loader(Os::Windows));
        assert_same(&got, &want);
    }

    #[test]
    fn explicit_folder_is_joined_with_each_name() {
        let env = FakeEnv::default().dir("/opt/libs.so.d", &["libcudnn.so.9"]);
        let got = candidates(Os::Linux, Some(Path::new("/opt/x/")), &env);
        let mut want = folder(Os::Linux, "/opt/x", Source::Explicit);
        want.extend(loader(Os::Linux));
        assert_same(&got, &want);

        // A folder that exists and has entries is a folder, whatever its name.
        let got = candidates(Os::Linux, Some(Path::new("/opt/libs.so.d")), &env);
        let mut want = folder(Os::Linux, "/opt/libs.so.d", Source::Explicit);
        want.extend(loader(Os::Linux));
        assert_same(&got, &want);

        let got = candidates(Os::Windows, Some(Path::new(r"D:\cudnn\bin")), &env);
        let mut want = folder(Os::Windows, r"D:\cudnn\bin", Source::Explicit);
        want.extend(loader(Os::Windows));
        assert_same(&got, &want);
    }

    #[test]
    fn empty_variables_are_ignored() {
        let mut env = FakeEnv::default();
        for name in [
            "CUDNN_LIB_DIR",
            "CUDNN_PATH",
            "VIRTUAL_ENV",
            "CONDA_PREFIX",
            "CUDA_PATH",
            "CUDA_HOME",
            "CUDA_PATH_V12_4",
            "ProgramFiles",
        ] {
            env = env.var(name, "");
        }
        // An empty listing at the root must not be consulted either.
        env = env.dir("/lib", &["python3.12"]);
        assert_same(
            &candidates(Os::Linux, Some(Path::new("")), &env),
            &loader(Os::Linux),
        );

        // Windows: an empty ProgramFiles falls back to C:\Program Files.
        env = env
            .dir(r"C:\Program Files\NVIDIA\CUDNN", &["v9.0"])
            .dir(r"C:\Program Files\NVIDIA\CUDNN\v9.0\bin", &["12.3"]);
        let mut want = folder(
            Os::Windows,
            r"C:\Program Files\NVIDIA\CUDNN\v9.0\bin\12.3",
            Source::WindowsInstall,
        );
        want.extend(folder(
            Os::Windows,
            r"C:\Program Files\NVIDIA\CUDNN\v9.0\bin",
            Source::WindowsInstall,
        ));
        want.extend(loader(Os::Windows));
        assert_same(&candidates(Os::Windows, None, &env), &want);
    }

    #[test]
    fn python_versions_sort_numerically() {
        let env = FakeEnv::default().var("VIRTUAL_ENV", "/v").dir(
            "/v/lib",
            &[
                "python3.9",
                "python3.10",
                "python2.7",
                "python3.12",
                "python3.12t",
            ],
        );
        let got: Vec<PathBuf> = candidates(Os::Linux, None, &env)
            .into_iter()
            .filter(|c| c.source == Source::PythonEnv { var: "VIRTUAL_ENV" })
            .map(|c| c.path)
            .collect();
        let want: Vec<PathBuf> = ["python3.12", "python3.12t", "python3.10", "python3.9"]
            .iter()
            .flat_map(|p| {
                library_file_names(Os::Linux).iter().map(move |n| {
                    PathBuf::from(format!("/v/lib/{p}/site-packages/nvidia/cudnn/lib/{n}"))
                })
            })
            .collect();
        assert_eq!(got, want);
    }

    #[test]
    fn major_of_file_name_cases() {
        assert_eq!(major_of_file_name("libcudnn.so.9"), Some(9));
        assert_eq!(major_of_file_name("libcudnn.so.8"), Some(8));
        assert_eq!(major_of_file_name("libcudnn.so.9.1.0"), Some(9));
        assert_eq!(major_of_file_name("/usr/lib/libcudnn.so.10"), Some(10));
        assert_eq!(major_of_file_name("cudnn64_8.dll"), Some(8));
        assert_eq!(major_of_file_name("cudnn64_9.dll"), Some(9));
        assert_eq!(major_of_file_name(r"C:\x\CUDNN64_9.DLL"), Some(9));
        assert_eq!(major_of_file_name("libcudnn.so"), None);
        assert_eq!(major_of_file_name("cudnn64.dll"), None);
        assert_eq!(major_of_file_name("cudnn64_.dll"), None);
        assert_eq!(major_of_file_name("libcudnn.so.x"), None);
        assert_eq!(major_of_file_name(""), None);
        for os in [Os::Linux, Os::Windows] {
            let majors: Vec<_> = library_file_names(os)
                .iter()
                .map(|n| major_of_file_name(n))
                .collect();
            assert_eq!(majors, [Some(9), Some(8)]);
        }
    }

    #[test]
    fn nothing_set_gives_only_the_system_loader() {
        let env = FakeEnv::default();
        assert_same(&candidates(Os::Linux, None, &env), &loader(Os::Linux));
        let got = candidates(Os::Linux, None, &env);
        assert_eq!(got[0].path, PathBuf::from("libcudnn.so.9"));
        assert_eq!(got[1].path, PathBuf::from("libcudnn.so.8"));
        // Windows still looks in the default installer folder, which is empty.
        assert_same(&candidates(Os::Windows, None, &env), &loader(Os::Windows));
    }

    #[test]
    fn display_texts() {
        assert_eq!(Source::EnvLibDir.to_string(), "CUDNN_LIB_DIR");
        assert_eq!(
            Source::PythonEnv { var: "VIRTUAL_ENV" }.to_string(),
            "VIRTUAL_ENV Python wheel folder"
        );
        assert_eq!(
            toolkit("CUDA_PATH_V12_4").to_string(),
            "CUDA_PATH_V12_4 CUDA toolkit folder"
        );
        assert_eq!(
            Source::SystemLoader.to_string(),
            "the system loader's search path"
        );
    }

    #[test]
    fn current_os_matches_the_target() {
        assert_eq!(Os::current() == Os::Windows, cfg!(windows));
    }

    #[cfg(unix)]
    #[test]
    fn non_unicode_values_do_not_panic() {
        use std::os::unix::ffi::OsStringExt;
        let odd = OsString::from_vec(b"/opt/\xffcudnn".to_vec());
        let mut env = FakeEnv::default();
        env.vars.insert("CUDNN_LIB_DIR".into(), odd.clone());
        env.vars.insert("CUDA_PATH".into(), odd.clone());
        env.vars.insert("VIRTUAL_ENV".into(), odd.clone());
        let mut lib = odd.clone();
        lib.push("/lib");
        env.dirs.insert(
            PathBuf::from(lib),
            vec![OsString::from_vec(b"python3.11\xfe".to_vec())],
        );
        for os in [Os::Linux, Os::Windows] {
            let got = candidates(os, Some(Path::new(&odd)), &env);
            assert!(got.len() > 2);
        }
        let got = candidates(Os::Linux, None, &env);
        let mut first = odd.clone();
        first.push("/libcudnn.so.9");
        assert_eq!(got[0].path, PathBuf::from(first));
        assert_eq!(got[0].source, Source::EnvLibDir);
        assert!(got
            .iter()
            .any(|c| c.path.to_string_lossy().contains("python3.11")));
    }
}
