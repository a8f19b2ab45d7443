//! `cudnn-doctor --python`: the copies of cuDNN one Python environment
//! brings, which one each framework loads, and how they conflict with each
//! other and with the copy the rest of the machine loads.
//!
//! Everything is read from the folder layout: folder listings, file names,
//! the packages' `*.dist-info` and conda's `conda-meta` records,
//! `cudnn_version.h` beside a copy, the version resources of Windows DLLs
//! and the ELF headers of `torch/lib/libtorch_cuda.so` (through cudnn-sys's
//! readers). Python is never run and nothing is imported or loaded.
//!
//! The copies looked for, in each `site-packages` of the environment
//! (`lib/python3.*/site-packages` or `dist-packages`; Windows:
//! `Lib\site-packages`), then in the environment itself:
//!
//! | copy | folder |
//! | --- | --- |
//! | PyTorch's own | `torch/lib` |
//! | NVIDIA's wheels | `nvidia/cudnn/lib` or `bin`, `nvidia/cu13/lib`, `nvidia/cudnn_jit/lib` |
//! | conda's `cudnn` package | `lib` (Linux), `Library\bin` (Windows) |
//!
//! Which copy PyTorch loads ([`TORCH_RULE`]): when `torch/lib/libtorch_cuda.so`
//! is there and names a `RUNPATH`, its folders in order, then `torch/lib`
//! itself (`$ORIGIN`), as the system loader resolves its `libcudnn.so.N`
//! (PyPI's Linux wheels list `$ORIGIN/../../nvidia/cudnn/lib` there);
//! otherwise `torch/lib` when it holds cuDNN (the Windows wheels, conda's
//! and source builds bundle it there and PyTorch adds that folder to the
//! DLL search first), then the `nvidia/cudnn` wheel of the same
//! `site-packages`, then the environment's conda copy, then the system's.
//! JAX and TensorFlow load the `nvidia/cudnn` wheel when it is installed,
//! else the system's copy. A program using the `cudnn` crate, run with the
//! environment active, loads what the crate's search finds with
//! `VIRTUAL_ENV` or `CONDA_PREFIX` naming the environment.

use std::collections::BTreeMap;
use std::ffi::{OsStr, OsString};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use cudnn_sys::discovery::{self, major_of_file_name, ProcessEnv, SearchEnv, Source};
use serde::Serialize;

use crate::{finding, Finding, Os, Severity};

/// The rule by which [`PythonReport::frameworks`] says which copy PyTorch
/// loads, as the report prints it.
pub const TORCH_RULE: &str = "the RUNPATH of torch/lib/libtorch_cuda.so, then torch/lib \
    (when that file is there); else torch/lib when it holds cuDNN, then the nvidia/cudnn \
    wheel, then conda's copy, then the system's";

/// Where a copy of cuDNN in an environment comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CopyKind {
    /// PyTorch's bundled copy, `torch/lib`.
    TorchBundled,
    /// One of NVIDIA's wheels, `nvidia/cudnn/...`.
    NvidiaWheel,
    /// conda's `cudnn` package: the environment's `lib` or `Library\bin`.
    Conda,
    /// The copy the rest of the machine loads (the `cudnn` crate's search
    /// without the environment).
    System,
}

/// One file of a copy.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CopyFile {
    /// Its name.
    pub name: String,
    /// The major its name carries.
    pub major: Option<u32>,
    /// Its version, where its name (`libcudnn_ops.so.9.28.0`) or its
    /// version resource (Windows) says it.
    pub version: Option<String>,
}

/// One folder holding cuDNN.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PythonCopy {
    /// The folder.
    pub folder: PathBuf,
    /// Where it comes from.
    pub kind: CopyKind,
    /// The package that installed it, `nvidia-cudnn-cu12 9.28.0.42`, when
    /// its record says.
    pub package: Option<String>,
    /// The major of its main library.
    pub major: Option<u32>,
    /// Its version, `9.28.0`.
    pub version: Option<String>,
    /// The CUDA major it was built for.
    pub cuda_major: Option<u32>,
    /// Its cuDNN files.
    pub files: Vec<CopyFile>,
}

/// Which copy one framework of the environment loads.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FrameworkChoice {
    /// `PyTorch`, `JAX`, `TensorFlow`, `cudnn-rs`.
    pub framework: String,
    /// The folder of the copy it loads; `None` when none is found.
    pub loads: Option<PathBuf>,
    /// Why that one.
    pub why: String,
}

/// What `cudnn-doctor --python` reports about one environment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PythonReport {
    /// What was asked for: an interpreter or a folder.
    pub target: PathBuf,
    /// The environment's folder.
    pub root: Option<PathBuf>,
    /// Its `site-packages` folders.
    pub site_packages: Vec<PathBuf>,
    /// Every copy of cuDNN it holds.
    pub copies: Vec<PythonCopy>,
    /// The copy the rest of the machine loads.
    pub system: Option<PythonCopy>,
    /// Which copy each framework loads.
    pub frameworks: Vec<FrameworkChoice>,
    /// What is wrong, with one fix each.
    pub findings: Vec<Finding>,
}

impl PythonReport {
    /// No finding is an error.
    pub fn is_healthy(&self) -> bool {
        self.root.is_some() && self.findings.iter().all(|f| f.severity != Severity::Error)
    }

    /// The report as JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
    }

    /// The report as text.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "Python environment: {}", self.target.display());
        match &self.root {
            Some(r) => {
                let _ = writeln!(out, "  folder: {}", r.display());
            }
            None => {
                let _ = writeln!(out, "  (not found)");
            }
        }
        for sp in &self.site_packages {
            let _ = writeln!(out, "  site-packages: {}", sp.display());
        }
        let _ = writeln!(out, "\nCopies of cuDNN:");
        if self.copies.is_empty() {
            let _ = writeln!(out, "  none");
        }
        for c in self.copies.iter().chain(self.system.iter()) {
            let _ = writeln!(out, "  {}", describe(c));
        }
        let _ = writeln!(
            out,
            "\nWhich copy each framework loads (PyTorch: {TORCH_RULE}):"
        );
        for f in &self.frameworks {
            let what = f
                .loads
                .as_ref()
                .map_or("no cuDNN".to_string(), |p| p.display().to_string());
            let _ = writeln!(out, "  {}: {what}\n    ({})", f.framework, f.why);
        }
        let _ = writeln!(out, "\nFindings:");
        if self.findings.is_empty() {
            let _ = writeln!(out, "  none");
        }
        for f in &self.findings {
            let sev = match f.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
                Severity::Info => "info",
            };
            let _ = writeln!(
                out,
                "  {sev} [{}] {}\n    Fix: {}",
                f.code, f.message, f.fix
            );
        }
        out
    }
}

fn describe(c: &PythonCopy) -> String {
    let kind = match c.kind {
        CopyKind::TorchBundled => "PyTorch's own",
        CopyKind::NvidiaWheel => "NVIDIA wheel",
        CopyKind::Conda => "conda",
        CopyKind::System => "the system's",
    };
    let version = c
        .version
        .clone()
        .or(c.major.map(|m| format!("{m}.x")))
        .unwrap_or_else(|| "?".into());
    let cuda = c
        .cuda_major
        .map_or(String::new(), |m| format!(", for CUDA {m}"));
    let package = c
        .package
        .as_ref()
        .map_or(String::new(), |p| format!(", from {p}"));
    format!(
        "cuDNN {version} ({kind}{cuda}{package}): {}",
        c.folder.display()
    )
}

/// Reports on the environment of `target`, an interpreter or an
/// environment folder; `None` looks for `python3`, then `python`, on
/// `PATH`.
pub fn inspect(target: Option<&OsStr>) -> PythonReport {
    let os = Os::current();
    let target = match target {
        Some(t) => PathBuf::from(t),
        None => find_on_path(os).unwrap_or_else(|| PathBuf::from("python3")),
    };
    inspect_with(os, &target, &ProcessEnv)
}

/// [`inspect`] of `target`, the system's copy found through `env`.
pub fn inspect_with(os: Os, target: &Path, env: &dyn SearchEnv) -> PythonReport {
    let Some(root) = env_root(target) else {
        return PythonReport {
            target: target.to_path_buf(),
            root: None,
            site_packages: vec![],
            copies: vec![],
            system: None,
            frameworks: vec![],
            findings: vec![finding(
                "python-not-found",
                Severity::Error,
                format!(
                    "no Python environment at {} (neither an interpreter nor a folder)",
                    target.display()
                ),
                "pass the interpreter (`cudnn-doctor --python /path/to/env/bin/python`) or the \
                 environment's folder"
                    .into(),
            )],
        };
    };
    let sps = site_packages(&root);
    let mut copies = Vec::new();
    for sp in &sps {
        let torch = sp.join("torch").join("lib");
        if let Some(c) = read_copy(&torch, CopyKind::TorchBundled, sp, &root) {
            copies.push(c);
        }
        for layout in discovery::python::CUDNN {
            for o in [Os::Linux, Os::Windows] {
                let mut dir = sp.clone();
                dir.extend(layout.parts(o));
                if copies.iter().any(|c: &PythonCopy| c.folder == dir) {
                    continue;
                }
                if let Some(c) = read_copy(&dir, CopyKind::NvidiaWheel, sp, &root) {
                    copies.push(c);
                }
            }
        }
    }
    for dir in [root.join("lib"), root.join("Library").join("bin")] {
        if let Some(c) = read_copy(&dir, CopyKind::Conda, &root, &root) {
            copies.push(c);
        }
    }
    let system = system_copy(os, &root, env);
    let frameworks = frameworks(os, &root, &sps, &copies, env);
    let findings = python_findings(&root, &copies, system.as_ref(), &frameworks);
    PythonReport {
        target: target.to_path_buf(),
        root: Some(root),
        site_packages: sps,
        copies,
        system,
        frameworks,
        findings,
    }
}

/// The first `python3` or `python` (Windows: `python.exe`) on `PATH`.
fn find_on_path(os: Os) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    let names: &[&str] = match os {
        Os::Windows => &["python.exe", "python3.exe"],
        Os::Linux => &["python3", "python"],
    };
    for name in names {
        for dir in std::env::split_paths(&path) {
            let p = dir.join(name);
            if p.is_file() {
                return Some(p);
            }
        }
    }
    None
}

/// The environment's folder: `target` itself when it is a folder; for an
/// interpreter, the folder above its `bin` or `Scripts` folder, else its
/// own folder (conda's `python.exe` on Windows). The interpreter's path is
/// not resolved: a venv's `bin/python3` links to the base interpreter.
fn env_root(target: &Path) -> Option<PathBuf> {
    let target = std::path::absolute(target).ok()?;
    let target = target.as_path();
    if target.is_dir() {
        return Some(target.to_path_buf());
    }
    if !target.exists() {
        return None;
    }
    let dir = target.parent()?;
    let name = dir.file_name()?.to_string_lossy().to_ascii_lowercase();
    if name == "bin" || name == "scripts" {
        dir.parent().map(Path::to_path_buf)
    } else {
        Some(dir.to_path_buf())
    }
}

fn list(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

/// The `site-packages` (and Debian's `dist-packages`) folders of `root`,
/// newest Python first.
fn site_packages(root: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let windows = root.join("Lib").join("site-packages");
    if windows.is_dir() {
        out.push(windows);
    }
    let lib = root.join("lib");
    let mut pythons: Vec<(Vec<u32>, String)> = list(&lib)
        .into_iter()
        .filter_map(|n| {
            let v = n.strip_prefix("python")?;
            let nums: Option<Vec<u32>> = v.split('.').map(|p| p.parse().ok()).collect();
            Some((nums?, n))
        })
        .collect();
    pythons.sort();
    for (_, name) in pythons.into_iter().rev() {
        for sp in ["site-packages", "dist-packages"] {
            let p = lib.join(&name).join(sp);
            if p.is_dir() && !out.contains(&p) {
                out.push(p);
            }
        }
    }
    out
}

/// Whether `name` is a cuDNN library file (main or sub-library).
fn is_cudnn_file(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    (lower.starts_with("libcudnn") && lower.contains(".so"))
        || (lower.starts_with("cudnn") && lower.ends_with(".dll"))
}

/// Whether `name` is cuDNN's main library of some major.
fn is_main(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    lower.starts_with("libcudnn.so.") || (lower.starts_with("cudnn64_") && lower.ends_with(".dll"))
}

/// The version a Linux file name carries past its major:
/// `libcudnn_ops.so.9.28.0` gives `9.28.0`.
fn version_of_name(name: &str) -> Option<String> {
    let v = &name[name.find(".so.")? + 4..];
    (v.matches('.').count() >= 2 && v.split('.').all(|p| p.parse::<u32>().is_ok()))
        .then(|| v.to_string())
}

/// The first three numbers of a version.
fn three(v: &str) -> String {
    v.split('.').take(3).collect::<Vec<_>>().join(".")
}

fn file_version(dir: &Path, name: &str) -> Option<String> {
    if name.to_ascii_lowercase().ends_with(".dll") {
        let info = cudnn_sys::pe::inspect(&dir.join(name)).ok()?;
        let [a, b, c, _] = info.file_version?;
        return Some(format!("{a}.{b}.{c}"));
    }
    version_of_name(name)
}

/// `CUDNN_MAJOR.CUDNN_MINOR.CUDNN_PATCHLEVEL` of a `cudnn_version.h`.
fn header_version(path: &Path) -> Option<String> {
    let meta = std::fs::metadata(path).ok()?;
    if !meta.is_file() || meta.len() > 1 << 20 {
        return None;
    }
    let text = std::fs::read_to_string(path).ok()?;
    let find = |name: &str| {
        text.lines().find_map(|l| {
            let mut p = l.trim().strip_prefix("#define ")?.split_whitespace();
            (p.next()? == name).then(|| p.next()?.parse::<u32>().ok())?
        })
    };
    Some(format!(
        "{}.{}.{}",
        find("CUDNN_MAJOR")?,
        find("CUDNN_MINOR")?,
        find("CUDNN_PATCHLEVEL")?
    ))
}

/// The `*.dist-info` records of `sp` whose name starts with `prefix`
/// (compared with `-` and `_` alike): (distribution, version).
fn dist_infos(sp: &Path, prefix: &str) -> Vec<(String, String)> {
    let prefix = prefix.replace('-', "_");
    list(sp)
        .into_iter()
        .filter_map(|n| {
            let stem = n.strip_suffix(".dist-info")?;
            let (dist, version) = stem.split_once('-')?;
            let dist = dist.to_ascii_lowercase().replace('-', "_");
            dist.starts_with(&prefix)
                .then(|| (dist.replace('_', "-"), version.to_string()))
        })
        .collect()
}

/// conda's records of `root` whose package is `name`: its versions.
fn conda_records(root: &Path, name: &str) -> Vec<String> {
    list(&root.join("conda-meta"))
        .into_iter()
        .filter_map(|n| {
            let stem = n.strip_suffix(".json")?;
            let rest = stem.strip_prefix(name)?.strip_prefix('-')?;
            let version = rest.split('-').next()?;
            version
                .starts_with(|c: char| c.is_ascii_digit())
                .then(|| version.to_string())
        })
        .collect()
}

/// The CUDA major of a `cuNNN` tag (`cu121` gives 12, `cu118` 11, `cu13`
/// 13).
fn cuda_of_tag(tag: &str) -> Option<u32> {
    let digits: String = tag
        .strip_prefix("cu")?
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    match digits.len() {
        2 => digits.parse().ok(),
        3 | 4 => digits[..2].parse().ok(),
        _ => None,
    }
}

fn read_copy(dir: &Path, kind: CopyKind, sp: &Path, root: &Path) -> Option<PythonCopy> {
    let names: Vec<String> = list(dir).into_iter().filter(|n| is_cudnn_file(n)).collect();
    if !names.iter().any(|n| is_main(n)) {
        return None;
    }
    let files: Vec<CopyFile> = names
        .iter()
        .map(|n| CopyFile {
            name: n.clone(),
            major: major_of_file_name(n),
            version: file_version(dir, n),
        })
        .collect();
    let mains: Vec<&CopyFile> = files.iter().filter(|f| is_main(&f.name)).collect();
    let major = mains.iter().filter_map(|f| f.major).max();
    let mut version = mains
        .iter()
        .filter(|f| f.major == major)
        .find_map(|f| f.version.clone());
    let (mut package, mut cuda_major) = (None, None);
    match kind {
        CopyKind::NvidiaWheel => {
            if let Some((dist, v)) = dist_infos(sp, "nvidia_cudnn").into_iter().next() {
                cuda_major = dist.rsplit('-').next().and_then(cuda_of_tag);
                version = version.or_else(|| Some(three(&v)));
                package = Some(format!("{dist} {v}"));
            }
        }
        CopyKind::TorchBundled => {
            if let Some((dist, v)) = dist_infos(sp, "torch")
                .into_iter()
                .find(|(d, _)| d == "torch")
            {
                cuda_major = v.split_once('+').and_then(|(_, tag)| cuda_of_tag(tag));
                package = Some(format!("{dist} {v}"));
            }
        }
        CopyKind::Conda => {
            if let Some(v) = conda_records(root, "cudnn").into_iter().next() {
                version = version.or_else(|| Some(three(&v)));
                package = Some(format!("conda cudnn {v}"));
            }
            cuda_major = conda_records(root, "cuda-version")
                .into_iter()
                .chain(conda_records(root, "cudatoolkit"))
                .find_map(|v| v.split('.').next()?.parse().ok());
        }
        CopyKind::System => {}
    }
    if version.is_none() {
        let includes = [
            dir.join("..").join("include"),
            dir.join("..").join("..").join("include"),
            root.join("include"),
            root.join("Library").join("include"),
        ];
        version = includes
            .iter()
            .find_map(|i| header_version(&i.join("cudnn_version.h")))
            .filter(|v| major.is_none_or(|m| v.starts_with(&format!("{m}."))));
    }
    Some(PythonCopy {
        folder: dir.to_path_buf(),
        kind,
        package,
        major,
        version,
        cuda_major,
        files,
    })
}

/// A search environment that is the process's, with the variables of
/// `vars` set (`Some`) or removed (`None`).
struct WithVars<'a> {
    env: &'a dyn SearchEnv,
    vars: BTreeMap<&'static str, Option<OsString>>,
}

impl SearchEnv for WithVars<'_> {
    fn var(&self, name: &str) -> Option<OsString> {
        match self.vars.get(name) {
            Some(v) => v.clone(),
            None => self.env.var(name),
        }
    }
    fn var_names(&self) -> Vec<String> {
        let mut names: Vec<String> = self
            .env
            .var_names()
            .into_iter()
            .filter(|n| !self.vars.contains_key(n.as_str()))
            .collect();
        names.extend(
            self.vars
                .iter()
                .filter(|(_, v)| v.is_some())
                .map(|(k, _)| k.to_string()),
        );
        names
    }
    fn list_dir(&self, dir: &Path) -> Vec<OsString> {
        self.env.list_dir(dir)
    }
    fn contains(&self, dir: &Path, name: &str) -> bool {
        self.env.contains(dir, name)
    }
    fn loader_cache(&self) -> Vec<u8> {
        self.env.loader_cache()
    }
    fn loaded_library(&self, name: &str) -> Option<PathBuf> {
        self.env.loaded_library(name)
    }
    fn program_dir(&self) -> Option<PathBuf> {
        self.env.program_dir()
    }
    fn program_runpath(&self) -> Option<String> {
        self.env.program_runpath()
    }
}

/// The first file the `cudnn` crate's search finds through `env`, outside
/// `root` when `outside` says so.
fn first_found(
    os: Os,
    env: &dyn SearchEnv,
    root: &Path,
    outside: bool,
) -> Option<(PathBuf, Source)> {
    for c in discovery::candidates(os, None, env) {
        let path = if c.source == Source::SystemLoader {
            let name = c.path.file_name()?.to_string_lossy().into_owned();
            match discovery::system::resolve(os, &name, env)
                .into_iter()
                .next()
            {
                Some(p) => p,
                None => continue,
            }
        } else {
            c.path.clone()
        };
        if !path.is_file() || (outside && path.starts_with(root)) {
            continue;
        }
        return Some((path, c.source));
    }
    None
}

/// The copy the rest of the machine loads: the crate's search with neither
/// `VIRTUAL_ENV` nor `CONDA_PREFIX`, outside the environment.
fn system_copy(os: Os, root: &Path, env: &dyn SearchEnv) -> Option<PythonCopy> {
    let env = WithVars {
        env,
        vars: [("VIRTUAL_ENV", None), ("CONDA_PREFIX", None)]
            .into_iter()
            .collect(),
    };
    let (path, _) = first_found(os, &env, root, true)?;
    let dir = path.parent()?;
    read_copy(dir, CopyKind::System, dir, dir)
}

fn holds(copies: &[PythonCopy], dir: &Path, major: Option<u32>) -> bool {
    copies
        .iter()
        .any(|c| c.folder == dir && (major.is_none() || c.major == major))
}

fn frameworks(
    os: Os,
    root: &Path,
    sps: &[PathBuf],
    copies: &[PythonCopy],
    env: &dyn SearchEnv,
) -> Vec<FrameworkChoice> {
    let mut out = Vec::new();
    let wheel = copies.iter().find(|c| c.kind == CopyKind::NvidiaWheel);
    let conda = copies.iter().find(|c| c.kind == CopyKind::Conda);
    let system = || "the system's copy (the loader's search)".to_string();
    for sp in sps {
        let torch = sp.join("torch");
        if !torch.is_dir() {
            continue;
        }
        let lib = torch.join("lib");
        let mut choice = None;
        // The RUNPATH of libtorch_cuda.so, then its own folder.
        if let Ok(Some(info)) = cudnn_sys::elf::inspect(&lib.join("libtorch_cuda.so")) {
            let major = info
                .needed
                .iter()
                .find(|n| n.starts_with("libcudnn.so."))
                .and_then(|n| major_of_file_name(n));
            let mut dirs: Vec<PathBuf> = info
                .runpath
                .iter()
                .flat_map(|r| r.split(':'))
                .filter(|d| !d.is_empty())
                .map(|d| {
                    let d = d.replace("${ORIGIN}", "$ORIGIN");
                    match d.strip_prefix("$ORIGIN") {
                        Some(rest) => PathBuf::from(format!("{}{rest}", lib.display())),
                        None => PathBuf::from(d),
                    }
                })
                .collect();
            dirs.push(lib.clone());
            let found = dirs.iter().find_map(|d| {
                let d = normalise(d);
                holds(copies, &d, major).then_some(d)
            });
            choice = Some(FrameworkChoice {
                framework: "PyTorch".into(),
                why: format!(
                    "the first folder of torch/lib/libtorch_cuda.so's RUNPATH, then torch/lib, \
                     holding its {}",
                    major.map_or("cuDNN".into(), |m| format!("libcudnn.so.{m}"))
                ),
                loads: found,
            });
        }
        let choice = choice.unwrap_or_else(|| {
            if holds(copies, &lib, None) {
                FrameworkChoice {
                    framework: "PyTorch".into(),
                    loads: Some(lib.clone()),
                    why: "torch/lib holds its own copy, which PyTorch loads first".into(),
                }
            } else if let Some(w) = wheel {
                FrameworkChoice {
                    framework: "PyTorch".into(),
                    loads: Some(w.folder.clone()),
                    why: "no copy in torch/lib: the nvidia/cudnn wheel, which PyTorch's wheels \
                          depend on and load"
                        .into(),
                }
            } else if let Some(c) = conda {
                FrameworkChoice {
                    framework: "PyTorch".into(),
                    loads: Some(c.folder.clone()),
                    why: "no copy in torch/lib and no nvidia/cudnn wheel: conda's copy".into(),
                }
            } else {
                FrameworkChoice {
                    framework: "PyTorch".into(),
                    loads: None,
                    why: format!("no copy in the environment: {}", system()),
                }
            }
        });
        out.push(choice);
        break;
    }
    let has = |name: &str| sps.iter().any(|sp| sp.join(name).is_dir());
    for (framework, present) in [
        ("JAX", has("jax_plugins") || has("jaxlib")),
        ("TensorFlow", has("tensorflow")),
    ] {
        if !present {
            continue;
        }
        out.push(match wheel {
            Some(w) => FrameworkChoice {
                framework: framework.into(),
                loads: Some(w.folder.clone()),
                why: "the nvidia/cudnn wheel, which it loads when installed".into(),
            },
            None => FrameworkChoice {
                framework: framework.into(),
                loads: None,
                why: format!("no nvidia/cudnn wheel: {}", system()),
            },
        });
    }
    // A program using the cudnn crate, run with the environment active.
    let var = if root.join("conda-meta").is_dir() {
        "CONDA_PREFIX"
    } else {
        "VIRTUAL_ENV"
    };
    let active = WithVars {
        env,
        vars: [(var, Some(root.as_os_str().to_os_string()))]
            .into_iter()
            .collect(),
    };
    let found = first_found(os, &active, root, false);
    out.push(FrameworkChoice {
        framework: "cudnn-rs".into(),
        loads: found
            .as_ref()
            .and_then(|(p, _)| p.parent().map(Path::to_path_buf)),
        why: match &found {
            Some((_, source)) => {
                format!("with {var} naming the environment, the search finds it through {source}")
            }
            None => "the search finds no cuDNN".into(),
        },
    });
    out
}

/// `a/b/../c` as `a/c`, without touching the file system.
fn normalise(p: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            std::path::Component::ParentDir => {
                out.pop();
            }
            std::path::Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

/// The command that puts a copy's files back in one piece.
fn reinstall(c: &PythonCopy) -> String {
    match (c.kind, &c.package) {
        (CopyKind::NvidiaWheel, Some(p)) => {
            let (dist, v) = p.split_once(' ').unwrap_or((p, ""));
            format!("pip install --force-reinstall {dist}=={v}")
        }
        (CopyKind::NvidiaWheel, None) => "pip install --force-reinstall nvidia-cudnn-cu12".into(),
        (CopyKind::TorchBundled, _) => "pip install --force-reinstall torch".into(),
        (CopyKind::Conda, _) => "conda install --force-reinstall cudnn".into(),
        (CopyKind::System, _) => format!(
            "reinstall cuDNN into {} from one release",
            c.folder.display()
        ),
    }
}

fn python_findings(
    root: &Path,
    copies: &[PythonCopy],
    system: Option<&PythonCopy>,
    frameworks: &[FrameworkChoice],
) -> Vec<Finding> {
    let mut out = Vec::new();
    if copies.is_empty() {
        out.push(finding(
            "python-no-cudnn",
            Severity::Info,
            format!("the environment {} holds no cuDNN", root.display()),
            "pip install nvidia-cudnn-cu12 (or -cu13 for CUDA 13) in the environment, if its \
             programs need cuDNN"
                .into(),
        ));
    }
    // Mixed files within one folder.
    for c in copies.iter().chain(system) {
        let odd: Vec<String> = c
            .files
            .iter()
            .filter(|f| {
                (f.major.is_some() && f.major != c.major)
                    || matches!((&f.version, &c.version), (Some(a), Some(b)) if three(a) != three(b))
            })
            .map(|f| {
                format!(
                    "{} ({})",
                    f.name,
                    f.version
                        .clone()
                        .or(f.major.map(|m| format!("{m}.x")))
                        .unwrap_or_default()
                )
            })
            .collect();
        if !odd.is_empty() {
            out.push(finding(
                "python-mixed-sublibraries",
                Severity::Error,
                format!(
                    "{} mixes releases: cuDNN {} beside {}",
                    c.folder.display(),
                    c.version
                        .clone()
                        .or(c.major.map(|m| format!("{m}.x")))
                        .unwrap_or_default(),
                    odd.join(", ")
                ),
                format!(
                    "{} (a sub-library of another release fails cuDNN's own version check)",
                    reinstall(c)
                ),
            ));
        }
    }
    // Windows: cuDNN 8's DLLs may import zlibwapi.dll.
    for c in copies.iter().chain(system) {
        for f in &c.files {
            if !f.name.to_ascii_lowercase().ends_with(".dll") {
                continue;
            }
            let Ok(info) = cudnn_sys::pe::inspect(&c.folder.join(&f.name)) else {
                continue;
            };
            if info
                .imports
                .iter()
                .any(|i| i.eq_ignore_ascii_case("zlibwapi.dll"))
                && !list(&c.folder)
                    .iter()
                    .any(|n| n.eq_ignore_ascii_case("zlibwapi.dll"))
            {
                out.push(finding(
                    "python-zlibwapi-missing",
                    Severity::Warning,
                    format!(
                        "{} imports zlibwapi.dll, which is not beside it in {}",
                        f.name,
                        c.folder.display()
                    ),
                    "put zlibwapi.dll (NVIDIA's cuDNN 8 install guide links it) into that folder \
                     or a folder on PATH"
                        .into(),
                ));
                break;
            }
        }
    }
    // Two majors, or two CUDA majors, among the environment's copies.
    let majors: Vec<u32> = {
        let mut m: Vec<u32> = copies.iter().filter_map(|c| c.major).collect();
        m.sort_unstable();
        m.dedup();
        m
    };
    let torch = frameworks
        .iter()
        .find(|f| f.framework == "PyTorch")
        .and_then(|f| f.loads.clone());
    if majors.len() > 1 {
        let list = copies
            .iter()
            .map(|c| {
                format!(
                    "{} {}",
                    c.folder.display(),
                    c.major.map_or("?".into(), |m| m.to_string())
                )
            })
            .collect::<Vec<_>>()
            .join(", ");
        let fix = match &torch {
            Some(t) => format!(
                "PyTorch loads {}; uninstall the copy nothing here needs (pip uninstall the \
                 other cuDNN wheel), or set CUDNN_LIB_DIR to the one other programs \
                 should load",
                t.display()
            ),
            None => "keep one major in the environment (pip uninstall the other \
                     cuDNN wheel), or set CUDNN_LIB_DIR to the one programs should load"
                .into(),
        };
        out.push(finding(
            "python-cudnn-majors",
            Severity::Warning,
            format!(
                "the environment holds cuDNN majors {}: {list}; a process that loads two of \
                 them has two cuDNNs",
                majors
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(" and ")
            ),
            fix,
        ));
    }
    let cudas: Vec<u32> = {
        let mut m: Vec<u32> = copies.iter().filter_map(|c| c.cuda_major).collect();
        m.sort_unstable();
        m.dedup();
        m
    };
    if cudas.len() > 1 {
        out.push(finding(
            "python-cuda-majors",
            Severity::Warning,
            format!(
                "the environment's copies are built for CUDA {}: {}",
                cudas
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(" and "),
                copies
                    .iter()
                    .map(|c| format!(
                        "{} (CUDA {})",
                        c.folder.display(),
                        c.cuda_major.map_or("?".into(), |m| m.to_string())
                    ))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            "install the cuDNN wheel of the CUDA major PyTorch was built for (nvidia-cudnn-cu12 \
             for +cu12x, nvidia-cudnn-cu13 for +cu13x) and uninstall the other"
                .into(),
        ));
    }
    // The environment's copy against the system's.
    if let Some(s) = system {
        let env_copy = torch
            .as_ref()
            .and_then(|t| copies.iter().find(|c| &c.folder == t))
            .or(copies.first());
        if let Some(e) = env_copy {
            let major_differs = e.major.is_some() && s.major.is_some() && e.major != s.major;
            let cuda_differs =
                e.cuda_major.is_some() && s.cuda_major.is_some() && e.cuda_major != s.cuda_major;
            if major_differs || cuda_differs {
                out.push(finding(
                    "python-system-differs",
                    Severity::Warning,
                    format!(
                        "the environment's cuDNN ({}) and the system's ({}) differ in {}: a \
                         program of the environment that also loads the system's copy has two",
                        describe(e),
                        describe(s),
                        if major_differs { "major" } else { "CUDA major" }
                    ),
                    format!(
                        "run programs of this environment with CUDNN_LIB_DIR={} so that they \
                         load the environment's copy",
                        e.folder.display()
                    ),
                ));
            }
        }
    }
    if root.to_str().is_none_or(|s| !s.is_ascii()) {
        out.push(finding(
            "python-path-not-ascii",
            Severity::Info,
            format!(
                "the environment's path {} has characters outside ASCII; cuDNN and this crate \
                 load from such paths (Windows' wide-character API), but some build tools and \
                 activation scripts do not",
                root.display()
            ),
            "if a tool fails only in this environment, recreate it under a path of ASCII \
             letters"
                .into(),
        ));
    }
    out.sort_by_key(|f| std::cmp::Reverse(f.severity));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_read() {
        assert_eq!(cuda_of_tag("cu121"), Some(12));
        assert_eq!(cuda_of_tag("cu118"), Some(11));
        assert_eq!(cuda_of_tag("cu13"), Some(13));
        assert_eq!(cuda_of_tag("cpu"), None);
        assert_eq!(
            version_of_name("libcudnn_ops.so.9.28.0"),
            Some("9.28.0".into())
        );
        assert_eq!(version_of_name("libcudnn.so.9"), None);
        assert!(is_main("cudnn64_8.dll") && is_main("libcudnn.so.9"));
        assert!(!is_main("cudnn_ops_infer64_8.dll"));
        assert_eq!(
            normalise(Path::new("/e/torch/lib/../../nvidia/cudnn/lib")),
            PathBuf::from("/e/nvidia/cudnn/lib")
        );
    }
}
