//! The diagnosis: pure functions of a [`Snapshot`].

use std::collections::HashSet;
use std::ffi::OsString;
use std::path::{Path, PathBuf};

use cudnn_sys::discovery::{
    self, library_file_names, major_of_file_name, Package, SearchEnv, Source,
};

use super::folders::{dir_key, join, parent, same_dir, Listings};
use super::sublibraries::{
    check_target, is_jit_layout, is_version_mismatch, ships_in, stray_sublibrary_findings,
    sublibraries, sublibrary_finding, sublibrary_names,
};
use super::{finding, CandidateCopy, CopyStatus, DriverProbe, Finding, Os, Severity, Snapshot};

/// The environment variables that change where cuDNN is found or whether
/// it works.
pub(crate) const RELEVANT_ENV: &[&str] = &[
    "CUDNN_LIB_DIR",
    "CUDNN_PATH",
    "CUDNN_INCLUDE_DIR",
    "CUDA_PATH",
    "CUDA_HOME",
    "CUDA_VISIBLE_DEVICES",
    "VIRTUAL_ENV",
    "CONDA_PREFIX",
    "LD_LIBRARY_PATH",
    "PATH",
    "ProgramFiles",
    "WSL_DISTRO_NAME",
    // Where the search finds the Python installations on disk.
    "HOME",
    "PYTHONUSERBASE",
    "PYENV_ROOT",
    "APPDATA",
    "LOCALAPPDATA",
    "USERPROFILE",
    "SystemRoot",
];

/// The snapshot seen as the discovery module's input.
struct SnapshotEnv<'a> {
    s: &'a Snapshot,
    listings: &'a Listings<'a>,
}

impl SearchEnv for SnapshotEnv<'_> {
    fn var(&self, name: &str) -> Option<OsString> {
        self.s.env.get(name).map(OsString::from)
    }
    fn var_names(&self) -> Vec<String> {
        self.s.env.keys().cloned().collect()
    }
    fn list_dir(&self, dir: &Path) -> Vec<OsString> {
        self.listings.get(dir).iter().map(OsString::from).collect()
    }
    fn contains(&self, dir: &Path, name: &str) -> bool {
        self.listings.get(dir).iter().any(|n| n == name)
    }
}

/// The folders searched, in order, each once, with what led there.
fn search_folders(s: &Snapshot, listings: &Listings<'_>) -> Vec<(PathBuf, String)> {
    let mut out: Vec<(PathBuf, String)> = Vec::new();
    let mut seen: HashSet<String> = HashSet::new();
    let mut push = |dir: PathBuf, why: String, out: &mut Vec<(PathBuf, String)>| {
        if seen.insert(dir_key(s.os, &dir)) {
            out.push((dir, why));
        }
    };
    let env = SnapshotEnv { s, listings };
    for c in discovery::candidates(s.os, None, &env) {
        if c.source != Source::SystemLoader {
            push(parent(s.os, &c.path), c.source.to_string(), &mut out);
        }
    }
    let loader = match s.os {
        Os::Windows => "PATH",
        _ => "the system loader",
    };
    for d in &s.loader_dirs {
        push(d.clone(), loader.to_string(), &mut out);
    }
    out
}

/// The one place searched when a place is named on purpose: while
/// `CUDNN_LIB_DIR` is set, or a path was given in code, the loader tries
/// nothing else (`Source` display text).
fn restricted_to(s: &Snapshot) -> Option<&'static str> {
    if s.env.get("CUDNN_LIB_DIR").is_some_and(|v| !v.is_empty()) {
        return Some("CUDNN_LIB_DIR");
    }
    let given = Source::Explicit.to_string();
    let by_code = s.loaded.as_ref().is_some_and(|l| l.found_by == given)
        || (!s.attempts.is_empty() && s.attempts.iter().all(|a| a.source == given));
    by_code.then_some("the path given in code")
}

/// Every copy of the cuDNN main library in the snapshot, in search order,
/// then the ones no search reaches.
pub fn candidate_copies(s: &Snapshot) -> Vec<CandidateCopy> {
    copies_in(s, &Listings::new(s))
}

fn copies_in(s: &Snapshot, listings: &Listings<'_>) -> Vec<CandidateCopy> {
    let names = library_file_names(s.os);
    let mut copies = Vec::new();
    let mut loaded_seen = false;
    let folders = search_folders(s, listings);
    let searched: HashSet<String> = folders.iter().map(|(d, _)| dir_key(s.os, d)).collect();
    let mut visit = |dir: &Path, why: &str, on_path: bool, copies: &mut Vec<CandidateCopy>| {
        for name in names {
            if !listings.get(dir).iter().any(|e| e == name) {
                continue;
            }
            let path = join(s.os, dir, name);
            let major = major_of_file_name(name);
            let is_loaded = s.loaded.as_ref().is_some_and(|l| {
                let by_file = same_dir(s.os, &parent(s.os, &l.path), dir)
                    && major_of_file_name(&l.path.to_string_lossy()) == major;
                by_file || same_dir(s.os, &l.requested, &path)
            });
            let status = match &s.loaded {
                _ if !on_path => CopyStatus::NotOnSearchPath,
                Some(_) if is_loaded => {
                    loaded_seen = true;
                    CopyStatus::Loaded
                }
                Some(l) if major != Some(l.major) => CopyStatus::OtherMajor,
                Some(_) if loaded_seen => CopyStatus::Shadowed,
                _ => CopyStatus::NotLoaded,
            };
            let version = s
                .file_versions
                .iter()
                .find(|(p, _)| same_dir(s.os, p, &path))
                .map(|(_, v)| v.clone());
            copies.push(CandidateCopy {
                path,
                major,
                version,
                status,
                found_by: why.to_string(),
            });
        }
    };
    let only = restricted_to(s);
    for (dir, why) in &folders {
        match only {
            Some(only) if why != only => visit(
                dir,
                &format!("{why}, not searched while {only} is set"),
                false,
                &mut copies,
            ),
            _ => visit(dir, why, true, &mut copies),
        }
    }
    for dir in &s.other_dirs {
        if !searched.contains(&dir_key(s.os, dir)) {
            visit(dir, "found on disk", false, &mut copies);
        }
    }
    copies
}

/// The major of a CUDA version string such as `12.9`.
pub(super) fn cuda_major(v: &str) -> Option<i32> {
    v.split('.').next()?.trim().parse().ok()
}

/// The CUDA toolkit version a path or variable names: `v12.4` in
/// `C:\...\CUDA\v12.4`, `cuda-12.4` in `/usr/local/cuda-12.4`.
fn toolkit_major(path: &str) -> Option<i32> {
    let lower = path.to_lowercase();
    for marker in ["\\v", "/v", "cuda-", "cuda_"] {
        if let Some(i) = lower.rfind(marker) {
            let rest = &lower[i + marker.len()..];
            let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
            if let Ok(m) = digits.parse::<i32>() {
                if m >= 7 {
                    return Some(m);
                }
            }
        }
    }
    None
}

/// The compute capabilities a cuDNN release supports: (lowest, highest it
/// knows). cuDNN 8.9 for CUDA 12 runs on Maxwell (5.0) to Hopper (9.0);
/// cuDNN 9 raised nothing below 5.0 and knows Blackwell (12.x).
fn arch_range(major: u32) -> ((i32, i32), (i32, i32)) {
    if major == 8 {
        ((5, 0), (9, 0))
    } else {
        ((5, 0), (12, 9))
    }
}

/// What the plain Windows load error numbers mean.
pub(crate) fn windows_load_error(text: &str) -> Option<(u32, &'static str)> {
    let code: u32 = text
        .rsplit("os error ")
        .next()
        .filter(|_| text.contains("os error "))?
        .trim_end_matches(')')
        .trim()
        .parse()
        .ok()?;
    let meaning = match code {
        126 => {
            "the DLL or one of the DLLs it needs was not found: for cuDNN 8 often zlibwapi.dll, for \
             any cuDNN the Visual C++ runtime, or a sub-DLL whose folder is not on PATH"
        }
        127 => {
            "a function the DLL needs was not found in a DLL it depends on: DLLs of two cuDNN \
             (or CUDA) versions are mixed"
        }
        193 => {
            "not a valid Windows DLL: a 32-bit file, a file for another CPU, or a corrupt or \
             truncated download"
        }
        _ => return None,
    };
    Some((code, meaning))
}

/// Every finding about the snapshot.
pub fn diagnose(s: &Snapshot) -> Vec<Finding> {
    let mut out = Vec::new();
    let listings = Listings::new(s);
    let copies = copies_in(s, &listings);
    let lib_name = library_file_names(s.os)[0];
    let Some(l) = &s.loaded else {
        nothing_loaded_findings(s, &listings, &copies, lib_name, &mut out);
        return out;
    };
    let dir = parent(s.os, &l.path);
    let main_file = l
        .path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| lib_name.to_string());
    let jit = is_jit_layout(s);
    if jit {
        out.push(jit_layout_finding(l, &dir));
    }
    stray_sublibrary_findings(s, &listings, &mut out);
    sublibrary_state_findings(s, l, &listings, &main_file, jit, &mut out);
    version_check_findings(s, l, &listings, &mut out);
    other_copy_findings(s, l, &copies, &mut out);
    multiple_loaded_finding(s, &mut out);
    header_finding(s, l, &mut out);
    load_errors(s, &listings, &mut out, Severity::Warning);
    dependency_findings(s, l.major, &mut out);
    environment_findings(s, &mut out);
    driver_findings(s, Some(l), &mut out);
    if s.os == Os::Windows {
        dll_dir_not_on_path(s, &dir, &main_file, &mut out);
    }
    out
}

/// The findings when nothing loaded: the sub-libraries that kept a main
/// library from loading, `not-found` with the likeliest fix, the copies no
/// search reaches, the load errors, the environment and the driver.
fn nothing_loaded_findings(
    s: &Snapshot,
    listings: &Listings<'_>,
    copies: &[CandidateCopy],
    lib_name: &str,
    out: &mut Vec<Finding>,
) {
    let hidden: Vec<&CandidateCopy> = copies
        .iter()
        .filter(|c| c.status == CopyStatus::NotOnSearchPath)
        .collect();
    let fix = match hidden.first() {
        Some(c) => format!(
            "a cuDNN exists at {}: set CUDNN_LIB_DIR={}{}",
            c.path.display(),
            parent(s.os, &c.path).display(),
            restricted_to(s)
                .map(|only| format!(" ({only} is set, so nothing else is searched)"))
                .unwrap_or_default()
        ),
        None => {
            // The wheel for the CUDA major the driver serves (12 when
            // there is no driver to ask).
            let cu = match &s.driver {
                DriverProbe::Present { version, .. } if *version >= 13000 => 13,
                _ => 12,
            };
            format!(
                "install cuDNN (for example {}, which it finds without any variable set), or set \
                 CUDNN_LIB_DIR to the folder holding {lib_name}",
                pip_install(Package::Cudnn, cu)
            )
        }
    };
    for x in s.sublibrary_states.iter().filter(|x| x.problem.is_some()) {
        let main = s
            .attempts
            .iter()
            .find(|a| {
                a.error
                    .as_deref()
                    .is_some_and(|e| e.starts_with(x.file.as_str()))
            })
            .and_then(|a| a.path.file_name())
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| lib_name.to_string());
        out.push(sublibrary_finding(s, x, &main, "the same version"));
    }
    out.push(finding(
        "not-found",
        Severity::Error,
        format!(
            "no cuDNN library could be loaded ({} places tried)",
            s.attempts.len()
        ),
        fix,
    ));
    for c in hidden {
        out.push(not_on_search_path(s, c));
    }
    load_errors(s, listings, out, Severity::Error);
    environment_findings(s, out);
    driver_findings(s, None, out);
}

/// `jit-layout`: the loaded cuDNN is the JIT-only install.
fn jit_layout_finding(l: &super::LoadedLibrary, dir: &Path) -> Finding {
    let cu = cuda_major(&l.cudart).unwrap_or(12);
    finding(
        "jit-layout",
        Severity::Info,
        format!(
            "cuDNN {} in {} is the JIT-only install: the graph API with runtime-compiled engines. The \
             legacy functions (tensors, pooling, convolution, RNN: the ops, cnn and adv sub-libraries) and \
             the precompiled engines are not part of it; calling them returns SublibraryUnavailable",
            l.version,
            dir.display()
        ),
        format!(
            "for the legacy API, install the full cuDNN instead ({})",
            pip_install(Package::Cudnn, cu)
        ),
    )
}

/// The sub-libraries the loader could not use (or, when it did not say,
/// the required ones absent beside the main library).
fn sublibrary_state_findings(
    s: &Snapshot,
    l: &super::LoadedLibrary,
    listings: &Listings<'_>,
    main_file: &str,
    jit: bool,
    out: &mut Vec<Finding>,
) {
    let dir = parent(s.os, &l.path);
    if !s.sublibrary_states.is_empty() {
        for x in &s.sublibrary_states {
            if x.problem.is_none()
                || (jit && !x.present)
                || (!x.present && !ships_in(l.major, &l.version, &x.name))
            {
                continue;
            }
            out.push(sublibrary_finding(s, x, main_file, &l.version));
        }
    } else {
        for sub in sublibraries(s, listings) {
            if sub.required && !sub.present {
                out.push(finding(
                    "sublibrary-missing",
                    Severity::Error,
                    format!(
                        "{} is not in {} beside the loaded {}: cuDNN {} loads it when an operation needs it, \
                         and that operation will fail",
                        sub.file,
                        dir.display(),
                        main_file,
                        l.version
                    ),
                    format!("reinstall cuDNN {} completely into {}", l.version, dir.display()),
                ));
            }
        }
    }
}

/// The sub-libraries whose `cudnn*VersionCheck` failed, unless the
/// loader's findings already cover them.
fn version_check_findings(
    s: &Snapshot,
    l: &super::LoadedLibrary,
    listings: &Listings<'_>,
    out: &mut Vec<Finding>,
) {
    let dir = parent(s.os, &l.path);
    for c in &s.sublibrary_checks {
        let Some(err) = &c.error else { continue };
        let name = check_target(&c.function).unwrap_or("?");
        if s.sublibrary_states
            .iter()
            .any(|x| x.name == name && x.problem.is_some())
        {
            continue;
        }
        if is_version_mismatch(c.status.as_deref()) {
            out.push(finding(
                "sublibrary-version-mixed",
                Severity::Error,
                format!(
                    "the {name} sub-library is another version than the loaded cuDNN {} ({}: {err})",
                    l.version, c.function
                ),
                format!(
                    "remove the stale cuDNN files from {} and reinstall one version of cuDNN there",
                    dir.display()
                ),
            ));
        } else {
            let present = sublibrary_names(s.os, l.major)
                .iter()
                .any(|(n, f, _)| *n == name && listings.get(&dir).iter().any(|e| e == f));
            if present {
                out.push(finding(
                    "sublibrary-load-failed",
                    Severity::Error,
                    format!(
                        "the {name} sub-library is there but does not load ({}: {err})",
                        c.function
                    ),
                    "see the missing-dependency findings; reinstall cuDNN if there are none".into(),
                ));
            }
        }
    }
}

/// The copies of cuDNN shadowed by the loaded one or out of every search.
fn other_copy_findings(
    s: &Snapshot,
    l: &super::LoadedLibrary,
    copies: &[CandidateCopy],
    out: &mut Vec<Finding>,
) {
    for c in copies {
        match c.status {
            CopyStatus::Shadowed => out.push(finding(
                "shadowed",
                Severity::Warning,
                format!(
                    "{} ({}) is hidden behind the loaded {} ({}), which comes first in the search",
                    c.path.display(),
                    c.version.as_deref().unwrap_or("version unknown"),
                    l.path.display(),
                    l.version
                ),
                format!(
                    "if you meant the other copy, set CUDNN_LIB_DIR={}; otherwise remove it",
                    parent(s.os, &c.path).display()
                ),
            )),
            CopyStatus::NotOnSearchPath => out.push(not_on_search_path(s, c)),
            _ => {}
        }
    }
}

/// `multiple-loaded`: more than one cuDNN in this process.
fn multiple_loaded_finding(s: &Snapshot, out: &mut Vec<Finding>) {
    let mut in_process: Vec<&PathBuf> = Vec::new();
    for p in &s.process_cudnn {
        if !in_process.iter().any(|q| same_dir(s.os, q, p)) {
            in_process.push(p);
        }
    }
    if in_process.len() > 1 {
        out.push(finding(
            "multiple-loaded",
            Severity::Error,
            format!(
                "{} copies of cuDNN are loaded in this process: {}",
                in_process.len(),
                in_process.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(", ")
            ),
            "load cuDNN once: another library (a framework, or a second copy found on PATH or \
             LD_LIBRARY_PATH) brought its own; point every component at the same folder with CUDNN_LIB_DIR"
                .into(),
        ));
    }
}

/// `header-library-mismatch`: built against the headers of another release.
fn header_finding(s: &Snapshot, l: &super::LoadedLibrary, out: &mut Vec<Finding>) {
    if let Some(h) = &s.header_version {
        let mm = |v: &str| v.split('.').take(2).collect::<Vec<_>>().join(".");
        if mm(h) != mm(&l.version) {
            out.push(finding(
                "header-library-mismatch",
                Severity::Warning,
                format!(
                    "this program was built against cuDNN {h} headers but loaded cuDNN {}",
                    l.version
                ),
                "rebuild against the headers of the cuDNN you load (CUDNN_INCLUDE_DIR), or load the \
                 cuDNN whose headers you built with (CUDNN_LIB_DIR)"
                    .into(),
            ));
        }
    }
}

/// `dll-dir-not-on-path`: the loaded DLL's folder is not on PATH.
fn dll_dir_not_on_path(s: &Snapshot, dir: &Path, main_file: &str, out: &mut Vec<Finding>) {
    let path_dirs: Vec<&str> = s
        .env
        .get("PATH")
        .map(|p| p.split(';').collect())
        .unwrap_or_default();
    if !path_dirs.iter().any(|d| same_dir(s.os, Path::new(d), dir)) {
        out.push(finding(
            "dll-dir-not-on-path",
            Severity::Info,
            format!(
                "the folder of the loaded {} ({}) is not on PATH: this crate loads cuDNN's sub-DLLs from it \
                 by full path, so cuDNN works here, but other programs that load {} by name, and the DLLs \
                 cuDNN opens at run time (cuBLASLt, NVRTC), are not found there",
                main_file,
                dir.display(),
                main_file
            ),
            format!("add {} to PATH if other programs need this cuDNN", dir.display()),
        ));
    }
}

fn not_on_search_path(s: &Snapshot, c: &CandidateCopy) -> Finding {
    finding(
        "not-on-search-path",
        if s.loaded.is_some() {
            Severity::Info
        } else {
            Severity::Warning
        },
        format!(
            "a cuDNN{} is at {}, but {}",
            c.version
                .as_ref()
                .map(|v| format!(" {v}"))
                .unwrap_or_default(),
            c.path.display(),
            match restricted_to(s) {
                Some(only) if c.found_by != "found on disk" => {
                    format!("only {only} is searched while it is set")
                }
                _ => "no search reaches that folder".to_string(),
            }
        ),
        format!(
            "to use it, set CUDNN_LIB_DIR={} (or activate its Python environment)",
            parent(s.os, &c.path).display()
        ),
    )
}

fn load_errors(s: &Snapshot, listings: &Listings<'_>, out: &mut Vec<Finding>, severity: Severity) {
    for a in &s.attempts {
        let Some(err) = &a.error else { continue };
        if let Some((code, meaning)) = windows_load_error(err) {
            // The search hands each major's name to the system loader; a
            // name that no folder on PATH holds is not a failure to report.
            let name = a.path.to_string_lossy();
            let bare = !name.contains(['\\', '/']);
            if code == 126
                && bare
                && !s.loader_dirs.iter().any(|d| {
                    listings
                        .get(d)
                        .iter()
                        .any(|f| f.eq_ignore_ascii_case(&name))
                })
            {
                continue;
            }
            out.push(finding(
                "windows-load-error",
                severity,
                format!("{} failed to load with Windows error {code}: {meaning}", a.path.display()),
                match code {
                    126 => "install the Visual C++ redistributable (x64); for cuDNN 8 put zlibwapi.dll beside \
                            cudnn64_8.dll; add the cuDNN folder to PATH"
                        .to_string(),
                    127 => "remove older cuDNN DLLs from the folders on PATH and reinstall one version".to_string(),
                    _ => "download the 64-bit cuDNN again and replace the file".to_string(),
                },
            ));
        } else if err.starts_with("the file is truncated") {
            out.push(finding(
                "truncated-file",
                severity,
                format!("{}: {err}", a.path.display()),
                "download or copy the file again".into(),
            ));
        }
    }
}

fn dependency_findings(s: &Snapshot, major: u32, out: &mut Vec<Finding>) {
    let cu = s
        .loaded
        .as_ref()
        .and_then(|l| cuda_major(&l.cudart))
        .unwrap_or(12);
    for (name, found) in &s.dependencies {
        if found.is_some() {
            continue;
        }
        let users = s
            .dependency_users
            .get(name)
            .filter(|u| !u.is_empty())
            .map(|u| format!(" (needed by {})", u.join(", ")))
            .unwrap_or_default();
        let lower = name.to_lowercase();
        let (severity, why, fix) = if lower.starts_with("libz") || lower.starts_with("zlib") {
            (
                Severity::Error,
                if major == 8 && s.os == Os::Windows {
                    "cuDNN 8's cnn_infer DLL needs zlibwapi.dll"
                } else {
                    "cuDNN's convolution sub-libraries need zlib"
                },
                if s.os == Os::Windows {
                    "put zlibwapi.dll (x64) beside cudnn64_8.dll or in a folder on PATH".to_string()
                } else {
                    "install zlib (Debian/Ubuntu: `apt install zlib1g`)".to_string()
                },
            )
        } else if lower.starts_with("libcuda.") || lower == "nvcuda.dll" {
            (
                Severity::Info,
                "it is the CUDA driver's library: a machine with an NVIDIA GPU has it, and cuDNN 9 needs it \
                 even to plan graphs for a described GPU (the library alone serves, no GPU needed)",
                "see the no-gpu finding".to_string(),
            )
        } else if lower.starts_with("vcruntime") || lower.starts_with("msvcp") {
            (
                Severity::Error,
                "cuDNN's DLLs are built with Visual C++ and need its runtime",
                "install the Microsoft Visual C++ Redistributable for Visual Studio 2015-2022 (x64)".to_string(),
            )
        } else if lower.contains("nvrtc") {
            (
                Severity::Warning,
                "cuDNN's runtime-compiled engines (and fused graphs) compile kernels with NVRTC",
                format!(
                    "install NVRTC for CUDA {cu} ({}) or add the folder of {name} to the loader's path",
                    pip_install(Package::Nvrtc, cu)
                ),
            )
        } else {
            (
                Severity::Warning,
                "cuDNN's matrix-multiply engines call cuBLASLt",
                format!(
                    "install cuBLAS for CUDA {cu} ({}) or add the folder of {name} to the loader's path",
                    pip_install(Package::Cublas, cu)
                ),
            )
        };
        out.push(finding(
            "missing-dependency",
            severity,
            format!("{name} was not found{users}: {why}"),
            fix,
        ));
    }
}

/// How to install `package` for CUDA `cuda` with pip, in words: the
/// command, or that PyPI has none for that major.
fn pip_install(package: Package, cuda: i32) -> String {
    match u32::try_from(cuda)
        .ok()
        .and_then(|c| discovery::pip_requirement(package, c))
    {
        Some(r) => format!("`pip install {r}`"),
        None => format!("PyPI has no package of it for CUDA {cuda}"),
    }
}

fn environment_findings(s: &Snapshot, out: &mut Vec<Finding>) {
    if s.os == Os::Windows {
        if let Some(path) = s.env.get("PATH") {
            if path.len() > 2047 {
                out.push(finding(
                    "path-too-long",
                    Severity::Warning,
                    format!(
                        "PATH is {} characters long: tools that rewrite it (setx, some installers) cut it at \
                         1024 or 2047, dropping folders at the end — often the CUDA and cuDNN ones",
                        path.len()
                    ),
                    "remove stale entries from PATH and put the CUDA and cuDNN folders near the front".into(),
                ));
            }
        }
    }
    if s.is_wsl {
        let wsl = Path::new("/usr/lib/wsl/lib");
        let reachable = s.loader_dirs.iter().any(|d| same_dir(s.os, d, wsl));
        if !reachable || matches!(s.driver, DriverProbe::Absent) {
            out.push(finding(
                "wsl-driver-libs",
                Severity::Warning,
                "this is WSL 2: the GPU driver's libraries (libcuda.so.1) live in /usr/lib/wsl/lib, which the \
                 loader does not search here"
                    .into(),
                "add /usr/lib/wsl/lib to LD_LIBRARY_PATH, and do not install a Linux NVIDIA driver inside WSL"
                    .into(),
            ));
        }
    }
}

/// Whether a driver error is CUDA_ERROR_STUB_LIBRARY (34): the toolkit's
/// link-time stub answered instead of the driver.
fn is_stub_driver(error: &str) -> bool {
    error.contains("STUB_LIBRARY") || error.to_lowercase().contains("stub library")
}

fn driver_findings(s: &Snapshot, l: Option<&super::LoadedLibrary>, out: &mut Vec<Finding>) {
    match &s.driver {
        DriverProbe::Absent => out.push(finding(
            "no-gpu",
            Severity::Error,
            "no NVIDIA driver library (libcuda.so.1 / nvcuda.dll) is installed: running kernels needs a GPU \
             and its driver, and cuDNN 9's graph API needs the driver's library even to plan for a described \
             GPU (no GPU is needed for that)"
                .into(),
            "run on a machine with an NVIDIA GPU and its driver installed (on WSL 2, the Windows driver); to \
             plan without a GPU, the driver's user-space library alone serves (Debian: the non-free `libcuda1` \
             package, unpacked with dpkg-deb -x; its folder on LD_LIBRARY_PATH)"
                .into(),
        )),
        DriverProbe::Failed { error } if is_stub_driver(error) => out.push(finding(
            "stub-driver",
            Severity::Error,
            format!(
                "the libcuda this process loaded is NVIDIA's stub, not the driver ({error}): a CUDA toolkit's \
                 `stubs` folder (lib64/stubs) is on the library path ahead of the real driver"
            ),
            "remove the toolkit's stubs folder from LD_LIBRARY_PATH (it is only for linking); in a container, \
             run it with the NVIDIA container runtime (--gpus) so the host driver is mounted"
                .into(),
        )),
        DriverProbe::Failed { error } => out.push(finding(
            "no-gpu",
            Severity::Error,
            format!("the CUDA driver is installed but unusable: {error}"),
            "check `nvidia-smi`, CUDA_VISIBLE_DEVICES and that the driver's kernel module matches its libraries"
                .into(),
        )),
        DriverProbe::Present { version, gpus } => {
            if gpus.is_empty() {
                out.push(finding(
                    "no-gpu",
                    Severity::Error,
                    "the CUDA driver reports no GPU".into(),
                    "check `nvidia-smi` and CUDA_VISIBLE_DEVICES".into(),
                ));
            }
            if let Some(l) = l {
                driver_fit_findings(*version, gpus, l, out);
            }
        }
    }
    if let Some(l) = l {
        toolkit_major_findings(s, l, out);
    }
}

/// Whether the driver is new enough for cuDNN's CUDA, and cuDNN knows
/// each GPU's architecture.
fn driver_fit_findings(
    version: i32,
    gpus: &[super::Gpu],
    l: &super::LoadedLibrary,
    out: &mut Vec<Finding>,
) {
    let driver_major = version / 1000;
    if let Some(cudart) = cuda_major(&l.cudart) {
        if driver_major < cudart {
            out.push(finding(
                "driver-too-old",
                Severity::Error,
                format!(
                    "the driver supports CUDA up to {}.{}, but cuDNN {} was built for CUDA {}: cuDNN will \
                     fail with NOT_INITIALIZED or EXECUTION_FAILED",
                    driver_major,
                    version % 1000 / 10,
                    l.version,
                    l.cudart
                ),
                format!(
                    "update the NVIDIA driver to one for CUDA {cudart}, or use a cuDNN built for CUDA {driver_major}"
                ),
            ));
        }
    }
    let (low, high) = arch_range(l.major);
    for g in gpus {
        let cc = g.compute_capability;
        if cc < low || (l.major == 8 && cc > high) {
            out.push(finding(
                "gpu-arch-unsupported",
                if cc < low {
                    Severity::Error
                } else {
                    Severity::Warning
                },
                format!(
                    "GPU {} ({}) has compute capability {}.{}; cuDNN {} supports {}.{} to {}.{}",
                    g.ordinal, g.name, cc.0, cc.1, l.version, low.0, low.1, high.0, high.1
                ),
                if cc < low {
                    "use an older cuDNN that supports this GPU, or a newer GPU".into()
                } else {
                    "use cuDNN 9, which supports this GPU".into()
                },
            ));
        }
    }
}

/// A CUDA toolkit of another major than cuDNN's.
fn toolkit_major_findings(s: &Snapshot, l: &super::LoadedLibrary, out: &mut Vec<Finding>) {
    if let Some(cudart) = cuda_major(&l.cudart) {
        for var in ["CUDA_PATH", "CUDA_HOME"] {
            let Some(path) = s.env.get(var) else { continue };
            if let Some(tk) = toolkit_major(path) {
                if tk != cudart {
                    out.push(finding(
                        "cuda-major-mismatch",
                        Severity::Warning,
                        format!(
                            "{var} points at a CUDA {tk} toolkit ({path}) but cuDNN {} was built for CUDA {}: the \
                             CUDA libraries found there (cuBLAS, NVRTC) are the wrong major for it",
                            l.version, l.cudart
                        ),
                        format!("use a cuDNN built for CUDA {tk}, or point {var} at a CUDA {cudart} toolkit"),
                    ));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_error_numbers_in_words() {
        let (code, text) =
            windows_load_error("The specified module could not be found. (os error 126)")
                .expect("126");
        assert_eq!(code, 126);
        assert!(text.contains("zlibwapi.dll"));
        assert_eq!(
            windows_load_error("bad image (os error 193)").map(|e| e.0),
            Some(193)
        );
        assert_eq!(windows_load_error("(os error 127)").map(|e| e.0), Some(127));
        assert_eq!(windows_load_error("(os error 5)"), None);
        assert_eq!(windows_load_error("no such file"), None);
    }

    #[test]
    fn toolkit_versions_from_paths() {
        assert_eq!(
            toolkit_major(r"C:\Program Files\NVIDIA GPU Computing Toolkit\CUDA\v11.8"),
            Some(11)
        );
        assert_eq!(toolkit_major("/usr/local/cuda-12.4"), Some(12));
        assert_eq!(toolkit_major("/usr/local/cuda"), None);
    }

    #[test]
    fn sublibrary_file_names() {
        let nine = sublibrary_names(Os::Linux, 9);
        assert!(nine
            .iter()
            .any(|(n, f, r)| *n == "cnn" && f == "libcudnn_cnn.so.9" && *r));
        let eight = sublibrary_names(Os::Windows, 8);
        assert!(eight.iter().any(|(_, f, _)| f == "cudnn_ops_infer64_8.dll"));
        assert_eq!(eight.len(), 6);
    }
}
