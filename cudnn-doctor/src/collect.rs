//! Reading the machine into a [`Snapshot`]. Every probe that fails is
//! recorded as what it found; nothing here panics or writes anything.
//!
//! Everything read about folders and variables goes through a
//! [`SearchEnv`] (the process's own in [`Snapshot::collect`]), so the work
//! done is linear in the length of the path lists and countable in tests:
//! each folder is read once.

use std::cell::RefCell;
use std::collections::{BTreeMap, HashSet};
use std::ffi::OsString;
use std::path::{Path, PathBuf};

use cudnn_sys::discovery::{
    self, dependency_candidates, library_file_names, system, Dependency, ProcessEnv, SearchEnv,
    Source,
};

use super::diagnose::RELEVANT_ENV;
use super::{AttemptInfo, DriverProbe, Gpu, LoadedLibrary, Os, Snapshot, SublibraryCheck};
use cudnn::Error;

/// An environment, recording every folder listing it is asked for.
struct Recorder<'a> {
    env: &'a dyn SearchEnv,
    listings: RefCell<BTreeMap<PathBuf, Vec<String>>>,
}

impl SearchEnv for Recorder<'_> {
    fn var(&self, name: &str) -> Option<OsString> {
        self.env.var(name)
    }
    fn var_names(&self) -> Vec<String> {
        self.env.var_names()
    }
    fn list_dir(&self, dir: &Path) -> Vec<OsString> {
        let names = self.env.list_dir(dir);
        self.listings.borrow_mut().insert(
            dir.to_path_buf(),
            names
                .iter()
                .map(|n| n.to_string_lossy().into_owned())
                .collect(),
        );
        names
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

fn list(env: &dyn SearchEnv, dir: &Path) -> Vec<String> {
    env.list_dir(dir)
        .iter()
        .map(|n| n.to_string_lossy().into_owned())
        .collect()
}

/// Folders holding a cuDNN that no search reaches: the CUDA toolkits in
/// `/usr/local` that no variable names. (The Python installations on disk
/// are part of the search.)
fn other_dirs(os: Os, env: &dyn SearchEnv) -> Vec<PathBuf> {
    if os == Os::Windows {
        return Vec::new();
    }
    let mut found = Vec::new();
    for e in list(env, Path::new("/usr/local"))
        .into_iter()
        .filter(|n| n.starts_with("cuda"))
    {
        let d = Path::new("/usr/local").join(e).join("lib64");
        if !env.list_dir(&d).is_empty() {
            found.push(d);
        }
    }
    found.sort();
    found
}

/// The version of a cuDNN copy in `dir` without loading it: from
/// `../include/cudnn_version.h` (wheels, toolkits) or a versioned file name.
fn version_beside(dir: &Path, names: &[String]) -> Option<String> {
    // A folder of links: also look beside the files they point to.
    let real = library_file_names(Os::current())
        .iter()
        .find_map(|n| std::fs::canonicalize(dir.join(n)).ok())
        .and_then(|p| p.parent().map(Path::to_path_buf));
    let mut includes = vec![dir.join("../include"), dir.join("../../include")];
    if let Some(r) = real {
        includes.push(r.join("../include"));
        includes.push(r.join("../../include"));
    }
    for inc in includes {
        if let Some(text) = read_regular_file(&inc.join("cudnn_version.h")) {
            let find = |name: &str| {
                text.lines().find_map(|l| {
                    let mut p = l.trim().strip_prefix("#define ")?.split_whitespace();
                    (p.next()? == name).then(|| p.next()?.parse::<u32>().ok())?
                })
            };
            if let (Some(a), Some(b), Some(c)) = (
                find("CUDNN_MAJOR"),
                find("CUDNN_MINOR"),
                find("CUDNN_PATCHLEVEL"),
            ) {
                return Some(format!("{a}.{b}.{c}"));
            }
        }
    }
    names.iter().find_map(|n| {
        let v = n.strip_prefix("libcudnn.so.")?;
        (v.matches('.').count() >= 2).then(|| v.to_string())
    })
}

/// The text of `path` when it is a regular file (a FIFO of that name is not
/// opened: reading it would block).
fn read_regular_file(path: &Path) -> Option<String> {
    std::fs::metadata(path)
        .ok()
        .filter(std::fs::Metadata::is_file)?;
    std::fs::read_to_string(path).ok()
}

/// Every cuDNN main library mapped into this process.
fn process_cudnn() -> Vec<PathBuf> {
    let mut out = Vec::new();
    let Ok(maps) = std::fs::read_to_string("/proc/self/maps") else {
        return out;
    };
    for line in maps.lines() {
        let Some(path) = line.split_whitespace().nth(5) else {
            continue;
        };
        let p = Path::new(path);
        let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name.starts_with("libcudnn.so") {
            let real = std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
            if !out.contains(&real) {
                out.push(real);
            }
        }
    }
    out
}

fn driver_probe() -> DriverProbe {
    if !cudnn::handle::cuda_driver_present() {
        return DriverProbe::Absent;
    }
    use cudnn::cudarc::driver::result;
    use cudnn::cudarc::driver::sys::CUdevice_attribute as A;
    let failed = |e: cudnn::cudarc::driver::DriverError| DriverProbe::Failed {
        error: Error::from(e).to_string(),
    };
    if let Err(e) = result::init() {
        return failed(e);
    }
    let mut version = 0i32;
    // SAFETY: the driver library is present and initialised; `version` is
    // a valid out-pointer.
    if let Err(e) = unsafe { cudnn::cudarc::driver::sys::cuDriverGetVersion(&mut version).result() }
    {
        return failed(e);
    }
    let count = match result::device::get_count() {
        Ok(c) => c,
        Err(e) => return failed(e),
    };
    let mut gpus = Vec::new();
    for ordinal in 0..count.max(0) {
        let gpu = (|| -> Result<Gpu, cudnn::cudarc::driver::DriverError> {
            let dev = result::device::get(ordinal)?;
            // SAFETY: `dev` was returned by cuDeviceGet.
            let (major, minor, memory) = unsafe {
                (
                    result::device::get_attribute(
                        dev,
                        A::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR,
                    )?,
                    result::device::get_attribute(
                        dev,
                        A::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR,
                    )?,
                    result::device::total_mem(dev)?,
                )
            };
            Ok(Gpu {
                ordinal: ordinal as usize,
                name: result::device::get_name(dev)?,
                compute_capability: (major, minor),
                memory,
            })
        })();
        match gpu {
            Ok(g) => gpus.push(g),
            Err(e) => return failed(e),
        }
    }
    DriverProbe::Present { version, gpus }
}

/// Libraries no check needs: the C and C++ runtimes and the loader itself
/// on Linux, the operating system's own DLLs on Windows.
fn is_system_library(os: Os, name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    match os {
        Os::Windows => {
            lower.starts_with("api-ms-win-")
                || lower.starts_with("ext-ms-")
                || [
                    "kernel32.dll",
                    "advapi32.dll",
                    "user32.dll",
                    "ws2_32.dll",
                    "shell32.dll",
                    "ole32.dll",
                    "ntdll.dll",
                    "bcrypt.dll",
                    "setupapi.dll",
                    "version.dll",
                    "dbghelp.dll",
                ]
                .contains(&lower.as_str())
        }
        _ => [
            "libc.so",
            "libm.so",
            "libdl.so",
            "libpthread.so",
            "librt.so",
            "ld-linux",
            "libgcc_s.so",
            "libstdc++.so",
        ]
        .iter()
        .any(|p| lower.starts_with(p)),
    }
}

/// The libraries the cuDNN files need, read from the files themselves
/// (`DT_NEEDED`, the import table) plus the ones cuDNN opens at run time by
/// name (cuBLASLt, NVRTC), each with where it was found (`None`: nowhere)
/// and which cuDNN files need it. A needed library is looked for beside
/// the loaded cuDNN and along the system loader's path; cuBLASLt and NVRTC
/// where the crate loads them from ([`dependency_candidates`]). Only a
/// regular file counts as found.
#[allow(clippy::type_complexity)]
fn dependencies(
    os: Os,
    env: &dyn SearchEnv,
    loaded: Option<&LoadedLibrary>,
    states: &[super::SublibraryState],
) -> (
    Vec<(String, Option<PathBuf>)>,
    BTreeMap<String, Vec<String>>,
) {
    let cuda = loaded
        .and_then(|l| l.cudart.split('.').next()?.parse::<u32>().ok())
        .unwrap_or(12);
    let dir = loaded.and_then(|l| l.path.parent().map(Path::to_path_buf));
    let users = dependency_users(os, loaded, states);
    let search = system::LoaderSearch::new(os, env);
    let runtime: Vec<(String, Dependency)> = [Dependency::CublasLt, Dependency::Nvrtc]
        .into_iter()
        .map(|d| (d.file_name(os, cuda), d))
        .collect();
    let is_file = |p: &Path| std::fs::metadata(p).is_ok_and(|m| m.is_file());
    let found = users
        .keys()
        .map(|name| {
            let at = match runtime.iter().find(|(n, _)| n == name) {
                Some((_, dep)) => dependency_candidates(os, *dep, cuda, dir.as_deref(), env)
                    .into_iter()
                    .map(|c| c.path)
                    .find(|p| is_file(p)),
                None => dir
                    .iter()
                    .map(|d| d.join(name))
                    .chain(search.resolve(name, env))
                    .chain(system_folder(os, env).map(|d| d.join(name)))
                    .find(|p| is_file(p)),
            };
            (name.clone(), at)
        })
        .collect();
    (found, users)
}

/// `%SystemRoot%\System32` on Windows (in the loader's search too; named
/// here for the DLLs that are not cuDNN's).
fn system_folder(os: Os, env: &dyn SearchEnv) -> Option<PathBuf> {
    (os == Os::Windows)
        .then(|| env.var("SystemRoot"))
        .flatten()
        .map(|r| PathBuf::from(r).join("System32"))
}

/// Which cuDNN files need each library: read from their `DT_NEEDED`
/// entries or import tables, or known to open it at run time.
fn dependency_users(
    os: Os,
    loaded: Option<&LoadedLibrary>,
    states: &[super::SublibraryState],
) -> BTreeMap<String, Vec<String>> {
    let cuda = loaded
        .and_then(|l| l.cudart.split('.').next()?.parse::<u32>().ok())
        .unwrap_or(12);
    let mut users: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut add = |name: String, user: String| {
        let entry = users.entry(name).or_default();
        if !entry.contains(&user) {
            entry.push(user);
        }
    };
    let cudnn_files: Vec<String> = states
        .iter()
        .filter(|s| s.present)
        .map(|s| s.file.clone())
        .collect();
    let mut files: Vec<PathBuf> = Vec::new();
    if let Some(l) = loaded {
        files.push(l.path.clone());
    }
    files.extend(
        states
            .iter()
            .filter(|s| s.present)
            .map(|s| s.dir.join(&s.file)),
    );
    for file in &files {
        let user = file
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let needed: Vec<String> = match os {
            Os::Windows => cudnn_sys::pe::inspect(file)
                .map(|i| i.imports)
                .unwrap_or_default(),
            _ => cudnn_sys::elf::inspect(file)
                .ok()
                .flatten()
                .map(|i| i.needed)
                .unwrap_or_default(),
        };
        for n in needed {
            let is_cudnn = cudnn_files.iter().any(|c| c.eq_ignore_ascii_case(&n))
                || n.to_ascii_lowercase().contains("cudnn");
            if !is_cudnn && !is_system_library(os, &n) {
                add(n, user.clone());
            }
        }
    }
    // Opened at run time by name, so in no table: cuBLASLt by the
    // precompiled engines (cuDNN 9) and the convolution libraries (cuDNN 8),
    // NVRTC by the runtime-compiled engines.
    let major = loaded.map(|l| l.major).unwrap_or(9);
    let (blas_users, rtc_users): (&[&str], &[&str]) = if major == 8 {
        (&["cnn_infer"], &["cnn_infer"])
    } else {
        (&["engines_precompiled"], &["engines_runtime_compiled"])
    };
    for (dep, subs) in [
        (Dependency::CublasLt, blas_users),
        (Dependency::Nvrtc, rtc_users),
    ] {
        let name = dep.file_name(os, cuda);
        for s in states
            .iter()
            .filter(|s| s.present && subs.contains(&s.name.as_str()))
        {
            add(name.clone(), s.file.clone());
        }
        if states.is_empty() && loaded.is_some() {
            add(name.clone(), "cuDNN".into());
        }
    }
    users
}

fn sublibrary_checks(lib: &cudnn::Library) -> Vec<SublibraryCheck> {
    let f = lib.sys();
    let checks: [(&str, Option<cudnn_sys::PFN_cudnnOpsVersionCheck>); 10] = [
        ("cudnnGraphVersionCheck", f.cudnnGraphVersionCheck),
        ("cudnnOpsVersionCheck", f.cudnnOpsVersionCheck),
        ("cudnnCnnVersionCheck", f.cudnnCnnVersionCheck),
        ("cudnnAdvVersionCheck", f.cudnnAdvVersionCheck),
        ("cudnnOpsInferVersionCheck", f.cudnnOpsInferVersionCheck),
        ("cudnnOpsTrainVersionCheck", f.cudnnOpsTrainVersionCheck),
        ("cudnnCnnInferVersionCheck", f.cudnnCnnInferVersionCheck),
        ("cudnnCnnTrainVersionCheck", f.cudnnCnnTrainVersionCheck),
        ("cudnnAdvInferVersionCheck", f.cudnnAdvInferVersionCheck),
        ("cudnnAdvTrainVersionCheck", f.cudnnAdvTrainVersionCheck),
    ];
    checks
        .into_iter()
        .filter_map(|(name, f)| {
            let f = f?;
            // SAFETY: the version checks take nothing and return a status;
            // they load the sub-library they check.
            let status = unsafe { f() };
            let (error, status) = match lib.check("cudnnVersionCheck", status) {
                Ok(()) => (None, None),
                Err(e) => (
                    Some(e.to_string().replacen("cudnnVersionCheck", name, 1)),
                    e.status()
                        .and_then(cudnn::error::Status::name)
                        .map(str::to_string),
                ),
            };
            Some(SublibraryCheck {
                name: super::sublibraries::check_target(name)
                    .unwrap_or("?")
                    .to_string(),
                function: name.to_string(),
                error,
                status,
            })
        })
        .collect()
}

/// What loading found: the library, every attempt, cuDNN's own version
/// checks, and the sub-library states.
type LoadState = (
    Option<LoadedLibrary>,
    Vec<AttemptInfo>,
    Vec<SublibraryCheck>,
    Vec<super::SublibraryState>,
);

fn attempt_infos(attempts: &[discovery::Attempt]) -> Vec<AttemptInfo> {
    attempts
        .iter()
        .map(|a| AttemptInfo {
            path: a.candidate.path.clone(),
            source: a.candidate.source.to_string(),
            error: a.outcome.clone().err(),
        })
        .collect()
}

/// Loads the process-wide library (if it is not loaded yet) and says what
/// that found.
fn load_state() -> LoadState {
    match cudnn::library() {
        Ok(lib) => {
            let v = lib.version();
            let loaded = LoadedLibrary {
                path: lib.path().to_path_buf(),
                found_by: lib.found_by().to_string(),
                requested: lib.candidate().path.clone(),
                version: v.to_string(),
                major: v.major,
                cudart: lib.cudart_version().to_string(),
            };
            (
                Some(loaded),
                attempt_infos(lib.attempts()),
                sublibrary_checks(&lib),
                lib.sublibraries().iter().map(Into::into).collect(),
            )
        }
        Err(Error::LibraryNotFound(e)) => (
            None,
            attempt_infos(&e.attempts),
            Vec::new(),
            e.required_sublibrary.iter().map(Into::into).collect(),
        ),
        Err(e) => (
            None,
            vec![AttemptInfo {
                path: PathBuf::new(),
                source: "loading".into(),
                error: Some(e.to_string()),
            }],
            Vec::new(),
            Vec::new(),
        ),
    }
}

/// Lists each of `folders` not listed yet, once, into `listings`, and
/// returns the versions of the cuDNN copies found in them.
fn list_folders(
    os: Os,
    env: &dyn SearchEnv,
    folders: Vec<PathBuf>,
    listings: &mut BTreeMap<PathBuf, Vec<String>>,
) -> BTreeMap<PathBuf, String> {
    let mut file_versions = BTreeMap::new();
    let mut seen: HashSet<PathBuf> = listings.keys().cloned().collect();
    for dir in folders {
        if !seen.insert(dir.clone()) {
            continue;
        }
        let names = list(env, &dir);
        for main in library_file_names(os) {
            if names.iter().any(|n| n == main) {
                if let Some(v) = version_beside(&dir, &names) {
                    file_versions.insert(dir.join(main), v);
                }
            }
        }
        listings.insert(dir, names);
    }
    file_versions
}

impl Snapshot {
    /// Reads this machine and process. Loads the process-wide cuDNN (as
    /// [`cudnn::library`] does) if it is not loaded yet.
    pub fn collect() -> Snapshot {
        Self::collect_with(&ProcessEnv)
    }

    /// [`collect`](Self::collect), reading variables and folders through
    /// `env`. Everything else (the loaded library, the driver, the files'
    /// own headers) is the process's.
    pub(crate) fn collect_with(env: &dyn SearchEnv) -> Snapshot {
        let os = Os::current();
        let recorder = Recorder {
            env,
            listings: RefCell::new(BTreeMap::new()),
        };
        let search = discovery::candidates(os, None, &recorder);
        let mut listings = recorder.listings.into_inner();
        let loader = system::loader_dirs(os, env);
        let others = other_dirs(os, env);
        let (loaded, attempts, checks, states) = load_state();

        let mut folders: Vec<PathBuf> = search
            .iter()
            .filter(|c| c.source != Source::SystemLoader)
            .filter_map(|c| c.path.parent().map(Path::to_path_buf))
            .collect();
        folders.extend(loader.iter().cloned());
        folders.extend(others.iter().cloned());
        folders.extend(
            loaded
                .as_ref()
                .and_then(|l| l.path.parent())
                .map(Path::to_path_buf),
        );
        folders.push(PathBuf::from("/usr/lib/wsl/lib"));
        let mut file_versions = list_folders(os, env, folders, &mut listings);
        if let Some(l) = &loaded {
            file_versions.insert(l.path.clone(), l.version.clone());
        }

        let vars: BTreeMap<String, String> = env
            .var_names()
            .into_iter()
            .filter(|k| RELEVANT_ENV.contains(&k.as_str()) || k.starts_with("CUDA_PATH_V"))
            .filter_map(|k| {
                let v = env.var(&k)?.to_string_lossy().into_owned();
                Some((k, v))
            })
            .collect();
        let is_wsl = vars.contains_key("WSL_DISTRO_NAME")
            || read_regular_file(Path::new("/proc/version"))
                .is_some_and(|v| v.to_lowercase().contains("microsoft"));
        let (dependencies, dependency_users) = dependencies(os, env, loaded.as_ref(), &states);
        Snapshot {
            os,
            env: vars,
            listings,
            loader_dirs: loader,
            other_dirs: others,
            file_versions,
            is_wsl,
            loaded,
            attempts,
            sublibrary_checks: checks,
            process_cudnn: process_cudnn(),
            driver: driver_probe(),
            header_version: cudnn_sys::BUILD_HEADER_VERSION.map(str::to_string),
            dependencies,
            dependency_users,
            sublibrary_states: states,
        }
    }
}
