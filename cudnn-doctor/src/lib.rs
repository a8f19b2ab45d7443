//! Which cuDNN a program loads, from where, and what is wrong: the
//! diagnosis behind the `cudnn-doctor` program.
//!
//! ```text
//! cargo install --git https://github.com/cudnn-rs/cudnn-rs cudnn-doctor
//! cargo install --path cudnn-doctor # the same, in a clone of the repository
//! cudnn-doctor                      # the report, as text
//! cudnn-doctor --json               # the report, as JSON
//! cudnn-doctor --python [PYTHON]    # the copies of one Python environment
//! ```
//!
//! [`python`] says what `--python` reads and the rule it encodes for which
//! copy PyTorch loads.
//!
//! The program's exit codes are stable: [`cli::EXIT_HEALTHY`] (0) when
//! cuDNN loads and no finding is an error, [`cli::EXIT_PROBLEMS`] (1) when
//! cuDNN does not load or a finding is an error, [`cli::EXIT_USAGE`] (2)
//! when an argument is not understood. `cudnn-doctor --help` lists them.
//!
//! [`report`] answers the question people otherwise answer by hand with
//! `ldd`, `where cudnn64_9.dll` and `cudnn_version.h`: the loaded library
//! (absolute path, how it was found, version, the CUDA runtime it was built
//! for), its sub-libraries, every copy of cuDNN on the machine in search
//! order, the driver and GPUs, the environment variables that matter, and
//! a list of [`Finding`]s, each with a stable code, a severity and one
//! concrete fix. A program using the `cudnn` crate can print it too, to
//! see what its own process loaded.
//!
//! The work is split so that the diagnosis can be tested anywhere:
//! [`Snapshot::collect`] reads the machine (environment, folder listings,
//! what the process has loaded, probes) and never fails — a probe that
//! fails is recorded; [`diagnose`] is a pure function of a snapshot, so the
//! Windows and WSL scenarios are tested on Linux with constructed
//! snapshots. Everything is read-only and offline.

#![warn(missing_docs)]

pub mod cli;
mod collect;
mod diagnose;
mod folders;
pub mod python;
mod smoke;
mod sublibraries;

#[cfg(test)]
mod scale_tests;

use std::collections::BTreeMap;
use std::fmt;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde::Serialize;

pub use diagnose::{candidate_copies, diagnose};
pub use sublibraries::sublibrary_names;

/// Which operating system's rules a snapshot follows.
pub use cudnn_sys::discovery::Os;

/// How serious a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Worth knowing; nothing is wrong.
    Info,
    /// Something may go wrong, or a better setup exists.
    Warning,
    /// cuDNN cannot work (or cannot work as intended) until it is fixed.
    Error,
}

/// One thing the doctor found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Finding {
    /// A stable code, for example `sublibrary-missing`.
    pub code: &'static str,
    /// How serious it is.
    pub severity: Severity,
    /// What is wrong, in words.
    pub message: String,
    /// One concrete fix.
    pub fix: String,
}

/// A [`Finding`] of its four parts.
pub(crate) fn finding(
    code: &'static str,
    severity: Severity,
    message: String,
    fix: String,
) -> Finding {
    Finding {
        code,
        severity,
        message,
        fix,
    }
}

/// The loaded library, as the snapshot saw it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LoadedLibrary {
    /// The absolute path of the file the operating system loaded.
    pub path: PathBuf,
    /// How the search found it.
    pub found_by: String,
    /// The candidate the search loaded, as the search named it (a relative
    /// folder in `CUDNN_LIB_DIR` stays relative here; a bare file name for
    /// the system loader).
    pub requested: PathBuf,
    /// Its version, `9.28.0`.
    pub version: String,
    /// Its major.
    pub major: u32,
    /// The CUDA runtime version it was built for, `12.9`.
    pub cudart: String,
}

/// One place the loader tried.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AttemptInfo {
    /// The file, or the bare name handed to the system loader.
    pub path: PathBuf,
    /// Where the search found the place.
    pub source: String,
    /// Why it failed; `None` for the one that loaded.
    pub error: Option<String>,
}

/// A GPU the driver reports.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Gpu {
    /// Its ordinal.
    pub ordinal: usize,
    /// Its name.
    pub name: String,
    /// Compute capability (major, minor).
    pub compute_capability: (i32, i32),
    /// Memory in bytes.
    pub memory: usize,
}

/// What the CUDA driver probe found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "state", rename_all = "kebab-case")]
pub enum DriverProbe {
    /// No driver library (`libcuda.so.1`, `nvcuda.dll`) could be loaded.
    Absent,
    /// It loaded, but initialising it or a query failed.
    Failed {
        /// What failed.
        error: String,
    },
    /// It works.
    Present {
        /// `cuDriverGetVersion`: the newest CUDA version the driver
        /// supports, `major * 1000 + minor * 10`.
        version: i32,
        /// Every GPU.
        gpus: Vec<Gpu>,
    },
}

/// A sub-library check: cuDNN's own `cudnn*VersionCheck` of one
/// sub-library, which loads it and compares its version with the main
/// library's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SublibraryCheck {
    /// The sub-library, `ops` or `cnn_infer`.
    pub name: String,
    /// The check function, `cudnnOpsVersionCheck`.
    pub function: String,
    /// `None` when it passed, else the error (with cuDNN's status name).
    pub error: Option<String>,
    /// The status name when it failed, for example
    /// `CUDNN_STATUS_SUBLIBRARY_VERSION_MISMATCH`.
    pub status: Option<String>,
}

/// Everything the diagnosis reads: a plain value, so that any machine can
/// be described in a test.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snapshot {
    /// The operating system's rules.
    pub os: Os,
    /// Environment variables (those that matter, or all).
    pub env: BTreeMap<String, String>,
    /// Listings of the folders the search visits (entry names).
    pub listings: BTreeMap<PathBuf, Vec<String>>,
    /// Folders searched by the system loader, in its order
    /// (`LD_LIBRARY_PATH`, the ld.so cache's folders, the default folders;
    /// on Windows `PATH`).
    pub loader_dirs: Vec<PathBuf>,
    /// Folders holding a cuDNN that no search path reaches (the CUDA
    /// toolkits in `/usr/local` that no variable names, for example).
    pub other_dirs: Vec<PathBuf>,
    /// The version of a cuDNN copy, when it can be read without loading it
    /// (from a `cudnn_version.h` beside it or a versioned file name).
    pub file_versions: BTreeMap<PathBuf, String>,
    /// Whether this is WSL 2.
    pub is_wsl: bool,
    /// The library the crate loaded, if one did.
    pub loaded: Option<LoadedLibrary>,
    /// Every place the loader tried.
    pub attempts: Vec<AttemptInfo>,
    /// cuDNN's own sub-library version checks.
    pub sublibrary_checks: Vec<SublibraryCheck>,
    /// Every cuDNN main library file mapped into this process.
    pub process_cudnn: Vec<PathBuf>,
    /// The CUDA driver.
    pub driver: DriverProbe,
    /// The cuDNN header version seen when the crate was built.
    pub header_version: Option<String>,
    /// Libraries cuDNN depends on, and where each was found (`None`: not
    /// found), for example `libz.so.1`.
    pub dependencies: Vec<(String, Option<PathBuf>)>,
    /// Which cuDNN files need each dependency (read from their `DT_NEEDED`
    /// entries or import tables, or known to open it at run time).
    pub dependency_users: BTreeMap<String, Vec<String>>,
    /// What the loader found for each sub-library of the loaded major, or
    /// for the sub-library that made it refuse a candidate; empty when it
    /// says nothing (a linked library).
    pub sublibrary_states: Vec<SublibraryState>,
}

/// What the loader found for one sub-library before the first call.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SublibraryState {
    /// Its short name, `cnn_infer`.
    pub name: String,
    /// Its file name, `libcudnn_cnn_infer.so.8`.
    pub file: String,
    /// The folder it was looked for in: the main library's.
    pub dir: PathBuf,
    /// Whether the file exists.
    pub present: bool,
    /// Whether the shim cannot work without it.
    pub required: bool,
    /// `None` when it loaded and passed cuDNN's version check; else why
    /// it cannot be used.
    pub problem: Option<String>,
}

impl From<&cudnn_sys::sublibs::SubLibraryState> for SublibraryState {
    fn from(s: &cudnn_sys::sublibs::SubLibraryState) -> Self {
        SublibraryState {
            name: s.name.to_string(),
            file: s.file_name(),
            dir: s.path.parent().map(Path::to_path_buf).unwrap_or_default(),
            present: s.present,
            required: s.required,
            problem: s.problem.clone(),
        }
    }
}

/// How a copy of cuDNN on the machine relates to the loaded one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CopyStatus {
    /// The file this process loaded.
    Loaded,
    /// The same major, later in the search order than the loaded one.
    Shadowed,
    /// Another major than the loaded one.
    OtherMajor,
    /// In a folder no search reaches.
    NotOnSearchPath,
    /// On a search path, but nothing loaded (or it failed to load).
    NotLoaded,
}

/// A copy of the cuDNN main library found on the machine.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CandidateCopy {
    /// The file.
    pub path: PathBuf,
    /// Its major, from the file name.
    pub major: Option<u32>,
    /// Its version, when known without loading it.
    pub version: Option<String>,
    /// How it relates to the loaded one.
    pub status: CopyStatus,
    /// What led the search there (`CUDNN_LIB_DIR`, `LD_LIBRARY_PATH`, ...).
    pub found_by: String,
}

/// A sub-library of the loaded major.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Sublibrary {
    /// Its short name, `ops`.
    pub name: String,
    /// Its file name, `libcudnn_ops.so.9`.
    pub file: String,
    /// Whether it is in the loaded library's folder.
    pub present: bool,
    /// Whether cuDNN needs it for the common operations (some, like
    /// `engines_tensor_ir`, are optional).
    pub required: bool,
    /// For a sub-library the loaded release predates: the first release
    /// known to ship it (`"9.23"`). Its absence is then no fault.
    pub first_release: Option<String>,
    /// Its version: the main library's when cuDNN's version check passed.
    pub version: Option<String>,
    /// Why it cannot be used, when the loader found it unusable.
    pub problem: Option<String>,
}

/// The result of running a real convolution.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SmokeTest {
    /// Whether the GPU result matched the CPU reference.
    pub passed: bool,
    /// What happened.
    pub detail: String,
}

/// The doctor's report.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report {
    /// `linux` or `windows`.
    pub os: String,
    /// The loaded library.
    pub loaded: Option<LoadedLibrary>,
    /// Every place the loader tried.
    pub attempts: Vec<AttemptInfo>,
    /// The loaded major's sub-libraries.
    pub sublibraries: Vec<Sublibrary>,
    /// Every copy of cuDNN found, in search order.
    pub candidates: Vec<CandidateCopy>,
    /// The CUDA driver and GPUs.
    pub driver: DriverProbe,
    /// The cuDNN header version seen at build time.
    pub header_version: Option<String>,
    /// The environment variables that matter (unset ones omitted).
    pub environment: BTreeMap<String, String>,
    /// Dependencies and where they were found.
    pub dependencies: Vec<(String, Option<PathBuf>)>,
    /// The convolution smoke test, when a GPU was there to run it.
    pub smoke_test: Option<SmokeTest>,
    /// What is wrong, most serious first.
    pub findings: Vec<Finding>,
}

impl Report {
    /// Builds the report of a snapshot (no smoke test).
    pub fn from_snapshot(s: &Snapshot) -> Report {
        let mut findings = diagnose(s);
        findings.sort_by_key(|f| std::cmp::Reverse(f.severity));
        Report {
            os: match s.os {
                Os::Windows => "windows".into(),
                _ => "linux".into(),
            },
            loaded: s.loaded.clone(),
            attempts: s.attempts.clone(),
            sublibraries: sublibraries::sublibraries(s, &folders::Listings::new(s)),
            candidates: candidate_copies(s),
            driver: s.driver.clone(),
            header_version: s.header_version.clone(),
            environment: s
                .env
                .iter()
                .filter(|(k, _)| {
                    diagnose::RELEVANT_ENV.iter().any(|r| r == k) || k.starts_with("CUDA_PATH_V")
                })
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect(),
            dependencies: s.dependencies.clone(),
            smoke_test: None,
            findings,
        }
    }

    /// Whether the library loaded and no finding is an error: the doctor
    /// example's exit status.
    pub fn is_healthy(&self) -> bool {
        self.loaded.is_some()
            && self.findings.iter().all(|f| f.severity < Severity::Error)
            && self.smoke_test.as_ref().is_none_or(|t| t.passed)
    }

    /// The report as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
    }

    /// The report as text, with ANSI colours when `colour` is set.
    pub fn to_text(&self, colour: bool) -> String {
        let mut o = String::new();
        let _ = writeln!(o, "{}", paint(colour, "1", "cuDNN doctor"));
        self.write_library(&mut o, colour);
        self.write_driver(&mut o);
        self.write_sublibraries(&mut o, colour);
        self.write_copies(&mut o);
        self.write_attempts(&mut o);
        self.write_environment(&mut o);
        self.write_verdicts(&mut o, colour);
        o
    }

    /// The loaded library and the headers seen at build time.
    fn write_library(&self, o: &mut String, colour: bool) {
        match &self.loaded {
            Some(l) => {
                let _ = writeln!(o, "  loaded:    {} ({})", l.path.display(), l.found_by);
                let _ = writeln!(o, "  version:   cuDNN {} for CUDA {}", l.version, l.cudart);
            }
            None => {
                let _ = writeln!(o, "  loaded:    {}", paint(colour, "31", "nothing"));
            }
        }
        if let Some(h) = &self.header_version {
            let _ = writeln!(o, "  headers:   {h} (seen at build time)");
        }
    }

    /// The driver and its GPUs.
    fn write_driver(&self, o: &mut String) {
        match &self.driver {
            DriverProbe::Absent => {
                let lib = if self.os == "windows" {
                    "nvcuda.dll"
                } else {
                    "libcuda"
                };
                let _ = writeln!(o, "  driver:    none (no {lib})");
            }
            DriverProbe::Failed { error } => {
                let _ = writeln!(o, "  driver:    failed: {error}");
            }
            DriverProbe::Present { version, gpus } => {
                let _ = writeln!(
                    o,
                    "  driver:    supports CUDA {}.{}",
                    version / 1000,
                    version % 1000 / 10
                );
                for g in gpus {
                    let _ = writeln!(
                        o,
                        "  gpu {}:     {} (sm_{}{}, {:.1} GiB)",
                        g.ordinal,
                        g.name,
                        g.compute_capability.0,
                        g.compute_capability.1,
                        g.memory as f64 / (1u64 << 30) as f64
                    );
                }
            }
        }
    }

    /// Each sub-library and its state.
    fn write_sublibraries(&self, o: &mut String, colour: bool) {
        if !self.sublibraries.is_empty() {
            let _ = writeln!(o, "  sub-libraries:");
            for s in &self.sublibraries {
                let state = match (s.present, &s.version, &s.problem) {
                    (false, _, _) if s.first_release.is_some() => format!(
                        "absent (not part of this release; first in {})",
                        s.first_release.as_deref().unwrap_or_default()
                    ),
                    (false, _, _) if s.required => paint(colour, "31", "MISSING"),
                    (false, _, _) => "absent (optional)".into(),
                    (true, _, Some(p)) => format!("{}: {p}", paint(colour, "31", "UNUSABLE")),
                    (true, Some(v), None) => format!("present, {v}"),
                    (true, None, None) => "present".into(),
                };
                let _ = writeln!(o, "    {:<40} {state}", s.file);
            }
        }
    }

    /// The copies of cuDNN, in search order.
    fn write_copies(&self, o: &mut String) {
        if !self.candidates.is_empty() {
            let _ = writeln!(o, "  copies of cuDNN, in search order:");
            for c in &self.candidates {
                let status = format!("{:?}", c.status);
                let _ = writeln!(
                    o,
                    "    [{status:<15}] {} ({}{})",
                    c.path.display(),
                    c.found_by,
                    c.version
                        .as_ref()
                        .map(|v| format!(", {v}"))
                        .unwrap_or_default()
                );
            }
        }
    }

    /// The places tried, when nothing loaded.
    fn write_attempts(&self, o: &mut String) {
        if self.loaded.is_none() && !self.attempts.is_empty() {
            let _ = writeln!(o, "  tried:");
            for a in &self.attempts {
                let _ = writeln!(
                    o,
                    "    {} ({}): {}",
                    a.path.display(),
                    a.source,
                    a.error.as_deref().unwrap_or("loaded")
                );
            }
        }
    }

    /// The environment variables that matter, long ones cut.
    fn write_environment(&self, o: &mut String) {
        if !self.environment.is_empty() {
            let _ = writeln!(o, "  environment:");
            for (k, v) in &self.environment {
                let shown = if v.len() > 200 {
                    // Cut at a character boundary at or before byte 200.
                    let cut = (0..=200)
                        .rev()
                        .find(|&i| v.is_char_boundary(i))
                        .unwrap_or(0);
                    format!("{}... ({} bytes)", &v[..cut], v.len())
                } else {
                    v.clone()
                };
                let _ = writeln!(o, "    {k}={shown}");
            }
        }
    }

    /// The smoke test and the findings.
    fn write_verdicts(&self, o: &mut String, colour: bool) {
        if let Some(t) = &self.smoke_test {
            let verdict = if t.passed {
                paint(colour, "32", "passed")
            } else {
                paint(colour, "31", "FAILED")
            };
            let _ = writeln!(o, "  smoke test: {verdict}: {}", t.detail);
        }
        let _ = writeln!(o);
        if self.findings.is_empty() {
            let _ = writeln!(o, "{}", paint(colour, "32", "No problems found."));
        }
        for f in &self.findings {
            let (label, code) = match f.severity {
                Severity::Error => ("error", "31"),
                Severity::Warning => ("warning", "33"),
                Severity::Info => ("info", "36"),
            };
            let _ = writeln!(
                o,
                "{} [{}] {}",
                paint(colour, code, label),
                f.code,
                f.message
            );
            let _ = writeln!(o, "    fix: {}", f.fix);
        }
    }

    /// A few lines: what loaded (or that nothing did) and the error
    /// findings, for programs that stop because cuDNN cannot run.
    pub fn summary(&self) -> String {
        let mut lines = Vec::new();
        match &self.loaded {
            Some(l) => lines.push(format!(
                "cuDNN {} loaded from {}",
                l.version,
                l.path.display()
            )),
            None => lines.push("cuDNN could not be loaded".to_string()),
        }
        for f in self
            .findings
            .iter()
            .filter(|f| f.severity == Severity::Error)
        {
            lines.push(format!("[{}] {} Fix: {}", f.code, f.message, f.fix));
        }
        lines.join("\n")
    }
}

/// `s` in the ANSI colour `code` when `colour` is set.
fn paint(colour: bool, code: &str, s: &str) -> String {
    if colour {
        format!("\x1b[{code}m{s}\x1b[0m")
    } else {
        s.to_string()
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text(false))
    }
}

/// Collects a snapshot of this machine and process, diagnoses it, and, when
/// a GPU is present, runs a small convolution and compares it with the CPU
/// reference (a version number is not proof that the sub-libraries load;
/// a real convolution is). Never panics; read-only and offline.
pub fn report() -> Report {
    let snapshot = Snapshot::collect();
    let mut report = Report::from_snapshot(&snapshot);
    if matches!(&snapshot.driver, DriverProbe::Present { gpus, .. } if !gpus.is_empty())
        && snapshot.loaded.is_some()
    {
        let test = smoke::smoke_test();
        if !test.passed {
            report.findings.insert(
                0,
                Finding {
                    code: "smoke-test-failed",
                    severity: Severity::Error,
                    message: format!("a small convolution on GPU 0 failed: {}", test.detail),
                    fix: "check the findings above; a NOT_INITIALIZED or EXECUTION_FAILED status usually means \
                          the driver is older than the CUDA version cuDNN was built for"
                        .into(),
                },
            );
        }
        report.smoke_test = Some(test);
    }
    report
}
