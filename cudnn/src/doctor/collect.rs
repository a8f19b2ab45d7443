//! Reading the machine into a [`Snapshot`]. Every probe that fails is
//! recorded as what it found; nothing here panics or writes anything.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};

use cudnn_sys::discovery::{self, library_file_names, ProcessEnv, SearchEnv, Source};

use super::diagnose::RELEVANT_ENV;
use super::{
    AttemptInfo, DriverProbe, Gpu, LoadedLibrary, Os, SmokeTest, Snapshot, SublibraryCheck,
};
use crate::error::Error;

/// The process environment, recording every folder listing it is asked for.
struct Recorder {
    listings: RefCell<BTreeMap<PathBuf, Vec<String>>>,
}

impl SearchEnv for Recorder {
    fn var(&self, name: &str) -> Option<OsString> {
        ProcessEnv.var(name)
    }
    fn var_names(&self) -> Vec<String> {
        ProcessEnv.var_names()
    }
    fn list_dir(&self, dir: &Path) -> Vec<OsString> {
        let names = ProcessEnv.list_dir(dir);
        self.listings.borrow_mut().insert(
            dir.to_path_buf(),
            names
                .iter()
                .map(|n| n.to_string_lossy().into_owned())
                .collect(),
        );
        names
    }
}

fn list(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .map(|rd| {
            rd.flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default()
}

/// `ldconfig -p`: library name -> path, in the cache's order.
fn ld_cache() -> Vec<(String, PathBuf)> {
    let out = ["/sbin/ldconfig", "/usr/sbin/ldconfig", "ldconfig"]
        .iter()
        .find_map(|cmd| std::process::Command::new(cmd).arg("-p").output().ok())
        .filter(|o| o.status.success());
    let Some(out) = out else { return Vec::new() };
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| {
            let (lhs, path) = l.split_once(" => ")?;
            let name = lhs.split_whitespace().next()?;
            Some((name.to_string(), PathBuf::from(path.trim())))
        })
        .collect()
}

fn push_unique(v: &mut Vec<PathBuf>, p: PathBuf) {
    if !p.as_os_str().is_empty() && !v.contains(&p) {
        v.push(p);
    }
}

/// The folders the system loader searches, in its order.
fn loader_dirs(os: Os, cache: &[(String, PathBuf)]) -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    match os {
        Os::Windows => {
            if let Some(path) = std::env::var_os("PATH") {
                for d in std::env::split_paths(&path) {
                    push_unique(&mut dirs, d);
                }
            }
        }
        _ => {
            if let Some(path) = std::env::var_os("LD_LIBRARY_PATH") {
                for d in std::env::split_paths(&path) {
                    push_unique(&mut dirs, d);
                }
            }
            for (_, p) in cache {
                if let Some(d) = p.parent() {
                    push_unique(&mut dirs, d.to_path_buf());
                }
            }
            for d in [
                "/lib",
                "/usr/lib",
                "/lib64",
                "/usr/lib64",
                "/lib/x86_64-linux-gnu",
                "/usr/lib/x86_64-linux-gnu",
            ] {
                push_unique(&mut dirs, PathBuf::from(d));
            }
        }
    }
    dirs
}

/// Folders holding a cuDNN that a user may have meant: Python wheels of
/// other environments, CUDA toolkits.
fn other_dirs(os: Os) -> Vec<PathBuf> {
    let mut roots: Vec<PathBuf> = Vec::new();
    let home = std::env::var_os(if os == Os::Windows {
        "USERPROFILE"
    } else {
        "HOME"
    })
    .map(PathBuf::from);
    let mut found = Vec::new();
    match os {
        Os::Windows => {
            if let Some(local) = std::env::var_os("LOCALAPPDATA") {
                let programs = PathBuf::from(local).join("Programs").join("Python");
                for v in list(&programs) {
                    roots.push(programs.join(v).join("Lib").join("site-packages"));
                }
            }
            for r in roots {
                let d = r.join("nvidia").join("cudnn").join("bin");
                if d.is_dir() {
                    push_unique(&mut found, d);
                }
            }
        }
        _ => {
            let mut libs: Vec<PathBuf> = ["/usr/local/lib", "/usr/lib", "/opt/conda/lib"]
                .iter()
                .map(PathBuf::from)
                .collect();
            if let Some(h) = &home {
                libs.push(h.join(".local/lib"));
                for conda in ["miniconda3", "anaconda3", "miniforge3"] {
                    libs.push(h.join(conda).join("lib"));
                    for env in list(&h.join(conda).join("envs")) {
                        libs.push(h.join(conda).join("envs").join(env).join("lib"));
                    }
                }
                for v in list(&h.join(".pyenv/versions")) {
                    libs.push(h.join(".pyenv/versions").join(v).join("lib"));
                }
            }
            for lib in libs {
                for py in list(&lib).into_iter().filter(|n| n.starts_with("python3")) {
                    for pkgs in ["site-packages", "dist-packages"] {
                        let d = lib.join(&py).join(pkgs).join("nvidia/cudnn/lib");
                        if d.is_dir() {
                            push_unique(&mut found, d);
                        }
                    }
                }
            }
            for e in list(Path::new("/usr/local"))
                .into_iter()
                .filter(|n| n.starts_with("cuda"))
            {
                let d = Path::new("/usr/local").join(e).join("lib64");
                if d.is_dir() {
                    push_unique(&mut found, d);
                }
            }
        }
    }
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
        if let Ok(text) = std::fs::read_to_string(inc.join("cudnn_version.h")) {
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
            push_unique(
                &mut out,
                std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf()),
            );
        }
    }
    out
}

fn driver_probe() -> DriverProbe {
    if !crate::handle::cuda_driver_present() {
        return DriverProbe::Absent;
    }
    use cudarc::driver::result;
    use cudarc::driver::sys::CUdevice_attribute as A;
    let failed = |e: cudarc::driver::DriverError| DriverProbe::Failed {
        error: Error::from(e).to_string(),
    };
    if let Err(e) = result::init() {
        return failed(e);
    }
    let mut version = 0i32;
    // SAFETY: the driver library is present and initialised; `version` is
    // a valid out-pointer.
    if let Err(e) = unsafe { cudarc::driver::sys::cuDriverGetVersion(&mut version).result() } {
        return failed(e);
    }
    let count = match result::device::get_count() {
        Ok(c) => c,
        Err(e) => return failed(e),
    };
    let mut gpus = Vec::new();
    for ordinal in 0..count.max(0) {
        let gpu = (|| -> Result<Gpu, cudarc::driver::DriverError> {
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
/// name (cuBLASLt, NVRTC), each with where the operating system's loader
/// would find it (`None`: nowhere) and which cuDNN files need it.
#[allow(clippy::type_complexity)]
fn dependencies(
    os: Os,
    loaded: Option<&LoadedLibrary>,
    states: &[super::SublibraryState],
    loader: &[PathBuf],
    cache: &[(String, PathBuf)],
) -> (
    Vec<(String, Option<PathBuf>)>,
    BTreeMap<String, Vec<String>>,
) {
    let cuda = loaded
        .and_then(|l| l.cudart.split('.').next()?.parse::<u32>().ok())
        .unwrap_or(12);
    let dir = loaded.and_then(|l| l.path.parent().map(Path::to_path_buf));
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
    let (blas, rtc) = match os {
        Os::Windows => (
            format!("cublasLt64_{cuda}.dll"),
            format!("nvrtc64_{cuda}0_0.dll"),
        ),
        _ => (
            format!("libcublasLt.so.{cuda}"),
            format!("libnvrtc.so.{cuda}"),
        ),
    };
    for (dep, subs) in [(blas, blas_users), (rtc, rtc_users)] {
        for s in states
            .iter()
            .filter(|s| s.present && subs.contains(&s.name.as_str()))
        {
            add(dep.clone(), s.file.clone());
        }
        if states.is_empty() && loaded.is_some() {
            add(dep.clone(), "cuDNN".into());
        }
    }
    let mut dirs: Vec<PathBuf> = Vec::new();
    if let Some(d) = &dir {
        dirs.push(d.clone());
        // NVIDIA's wheels find their siblings through RUNPATH.
        dirs.push(d.join("../../cublas/lib"));
        dirs.push(d.join("../../cuda_nvrtc/lib"));
        dirs.push(d.join("../../cublas/bin"));
        dirs.push(d.join("../../cuda_nvrtc/bin"));
    }
    dirs.extend(loader.iter().cloned());
    if os == Os::Windows {
        if let Some(root) = std::env::var_os("SystemRoot") {
            dirs.push(PathBuf::from(root).join("System32"));
        }
    }
    let found = users
        .keys()
        .map(|name| {
            let at = dirs
                .iter()
                .map(|d| d.join(name))
                .find(|p| p.is_file())
                .or_else(|| {
                    cache
                        .iter()
                        .find(|(n, _)| n == name)
                        .map(|(_, p)| p.clone())
                });
            (name.clone(), at)
        })
        .collect();
    (found, users)
}

fn sublibrary_checks(lib: &crate::Library) -> Vec<SublibraryCheck> {
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
                    e.status().and_then(crate::Status::name).map(str::to_string),
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

impl Snapshot {
    /// Reads this machine and process. Loads the process-wide cuDNN (as
    /// [`crate::library`] does) if it is not loaded yet.
    pub fn collect() -> Snapshot {
        let os = Os::current();
        let recorder = Recorder {
            listings: RefCell::new(BTreeMap::new()),
        };
        let search = discovery::candidates(os, None, &recorder);
        let mut listings = recorder.listings.into_inner();
        let cache = if os == Os::Linux {
            ld_cache()
        } else {
            Vec::new()
        };
        let loader = loader_dirs(os, &cache);
        let others = other_dirs(os);

        let mut states: Vec<super::SublibraryState> = Vec::new();
        let (loaded, attempts, checks) = match crate::library() {
            Ok(lib) => {
                states = lib.sublibraries().iter().map(Into::into).collect();
                let v = lib.version();
                let loaded = LoadedLibrary {
                    path: lib.path().to_path_buf(),
                    found_by: lib.found_by().to_string(),
                    requested: lib.candidate().path.clone(),
                    version: v.to_string(),
                    major: v.major,
                    cudart: lib.cudart_version().to_string(),
                };
                let attempts = lib
                    .attempts()
                    .iter()
                    .map(|a| AttemptInfo {
                        path: a.candidate.path.clone(),
                        source: a.candidate.source.to_string(),
                        error: a.outcome.clone().err(),
                    })
                    .collect();
                (Some(loaded), attempts, sublibrary_checks(&lib))
            }
            Err(Error::LibraryNotFound(e)) => (
                {
                    states.extend(e.required_sublibrary.as_ref().map(Into::into));
                    None
                },
                e.attempts
                    .iter()
                    .map(|a| AttemptInfo {
                        path: a.candidate.path.clone(),
                        source: a.candidate.source.to_string(),
                        error: a.outcome.clone().err(),
                    })
                    .collect(),
                Vec::new(),
            ),
            Err(e) => (
                None,
                vec![AttemptInfo {
                    path: PathBuf::new(),
                    source: "loading".into(),
                    error: Some(e.to_string()),
                }],
                Vec::new(),
            ),
        };

        let mut folders: Vec<PathBuf> = search
            .iter()
            .filter(|c| c.source != Source::SystemLoader)
            .filter_map(|c| c.path.parent().map(Path::to_path_buf))
            .collect();
        folders.extend(loader.iter().cloned());
        folders.extend(others.iter().cloned());
        if let Some(l) = &loaded {
            if let Some(d) = l.path.parent() {
                folders.push(d.to_path_buf());
            }
        }
        folders.push(PathBuf::from("/usr/lib/wsl/lib"));
        let mut file_versions = BTreeMap::new();
        for dir in folders {
            if listings.contains_key(&dir) {
                continue;
            }
            let names = list(&dir);
            for main in library_file_names(os) {
                if names.iter().any(|n| n == main) {
                    if let Some(v) = version_beside(&dir, &names) {
                        file_versions.insert(dir.join(main), v);
                    }
                }
            }
            listings.insert(dir, names);
        }
        if let Some(l) = &loaded {
            file_versions.insert(l.path.clone(), l.version.clone());
        }

        let env: BTreeMap<String, String> = std::env::vars_os()
            .filter_map(|(k, v)| Some((k.into_string().ok()?, v.to_string_lossy().into_owned())))
            .filter(|(k, _)| RELEVANT_ENV.contains(&k.as_str()) || k.starts_with("CUDA_PATH_V"))
            .collect();
        let is_wsl = env.contains_key("WSL_DISTRO_NAME")
            || std::fs::read_to_string("/proc/version")
                .is_ok_and(|v| v.to_lowercase().contains("microsoft"));
        let (dependencies, dependency_users) =
            dependencies(os, loaded.as_ref(), &states, &loader, &cache);
        Snapshot {
            os,
            env,
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

/// A 3x3 convolution of a small image on GPU 0, compared with the CPU
/// reference.
pub(crate) fn smoke_test() -> SmokeTest {
    match run_smoke_test() {
        Ok(detail) => SmokeTest {
            passed: true,
            detail,
        },
        Err(detail) => SmokeTest {
            passed: false,
            detail,
        },
    }
}

fn run_smoke_test() -> Result<String, String> {
    use crate::{
        AlgoCache, ConvProblem, ConvolutionDescriptor, FilterDescriptor, Handle, SearchOptions,
        TensorDescriptor, TensorFormat, Workspace,
    };
    let s = |e: Error| e.to_string();
    let x: [f32; SMOKE_X_LEN] = std::array::from_fn(|i| ((i * 7 % 13) as f32 - 6.0) / 6.0);
    let w: [f32; SMOKE_W_LEN] = std::array::from_fn(|i| ((i * 5 % 11) as f32 - 5.0) / 5.0);
    let ctx = crate::cuda_context(0).map_err(s)?;
    let stream = ctx.default_stream();
    let handle = Handle::new(stream.clone()).map_err(s)?;
    let nchw = TensorFormat::CUDNN_TENSOR_NCHW;
    let p = ConvProblem::new(
        TensorDescriptor::<f32>::new(nchw, &[1, 2, 6, 6]).map_err(s)?,
        FilterDescriptor::<f32>::new(nchw, &[3, 2, 3, 3]).map_err(s)?,
        ConvolutionDescriptor::<f32>::new(&[1, 1], &[1, 1], &[1, 1]).map_err(s)?,
    )
    .map_err(s)?;
    let xd = stream.clone_htod(&x).map_err(|e| s(e.into()))?;
    let wd = stream.clone_htod(&w).map_err(|e| s(e.into()))?;
    let mut yd = stream
        .alloc_zeros::<f32>(SMOKE_Y_LEN)
        .map_err(|e| s(e.into()))?;
    let mut ws = Workspace::new();
    let options = SearchOptions {
        allow_tf32: false,
        ..SearchOptions::default()
    };
    let algo = handle
        .find_forward(
            &p,
            &options,
            &AlgoCache::new(),
            &mut ws,
            crate::conv::ConvForwardArgs {
                x: &xd,
                w: &wd,
                y: &mut yd,
            },
        )
        .map_err(s)?;
    handle
        .convolution_forward(
            &p,
            &algo,
            &mut ws,
            crate::conv::ConvForwardArgs {
                x: &xd,
                w: &wd,
                y: &mut yd,
            },
            crate::Scaling::default(),
        )
        .map_err(s)?;
    let got = stream.clone_dtoh(&yd).map_err(|e| s(e.into()))?;
    let err = smoke_max_rel_error(&got, &smoke_conv_cpu(&x, &w));
    if err < 1e-4 {
        Ok(format!(
            "a 3x3 convolution ({:?}) matched the CPU reference (max relative error {err:.1e})",
            algo.algo()
        ))
    } else {
        Err(format!(
            "a 3x3 convolution ({:?}) differs from the CPU reference: max relative error {err:.1e}",
            algo.algo()
        ))
    }
}

// The smoke test's convolution: a 1x2x6x6 image (NCHW) and a 3x2x3x3 filter,
// padding 1, stride 1, giving 1x3x6x6.
const SMOKE_C: usize = 2;
const SMOKE_K: usize = 3;
const SMOKE_HW: usize = 6;
const SMOKE_R: usize = 3;
const SMOKE_X_LEN: usize = SMOKE_C * SMOKE_HW * SMOKE_HW;
const SMOKE_W_LEN: usize = SMOKE_K * SMOKE_C * SMOKE_R * SMOKE_R;
const SMOKE_Y_LEN: usize = SMOKE_K * SMOKE_HW * SMOKE_HW;

/// The smoke test's convolution on the CPU, accumulated in `f64`: the
/// direct 2-d cross-correlation (what cuDNN's `CUDNN_CROSS_CORRELATION`
/// computes) with zero padding of 1.
fn smoke_conv_cpu(x: &[f32; SMOKE_X_LEN], w: &[f32; SMOKE_W_LEN]) -> [f64; SMOKE_Y_LEN] {
    let mut y = [0.0; SMOKE_Y_LEN];
    for k in 0..SMOKE_K {
        for oh in 0..SMOKE_HW {
            for ow in 0..SMOKE_HW {
                let mut acc = 0.0f64;
                for c in 0..SMOKE_C {
                    for r in 0..SMOKE_R {
                        for t in 0..SMOKE_R {
                            // Input row oh + r - 1 and column ow + t - 1;
                            // outside the image is the zero padding.
                            let (Some(ih), Some(iw)) =
                                ((oh + r).checked_sub(1), (ow + t).checked_sub(1))
                            else {
                                continue;
                            };
                            if ih >= SMOKE_HW || iw >= SMOKE_HW {
                                continue;
                            }
                            let xv = x[(c * SMOKE_HW + ih) * SMOKE_HW + iw];
                            let wv = w[((k * SMOKE_C + c) * SMOKE_R + r) * SMOKE_R + t];
                            acc += f64::from(xv) * f64::from(wv);
                        }
                    }
                }
                y[(k * SMOKE_HW + oh) * SMOKE_HW + ow] = acc;
            }
        }
    }
    y
}

/// The largest `|got - want| / max(1, |want|)`: relative where `|want| > 1`,
/// absolute below. A NaN, or lengths that differ, give infinity.
fn smoke_max_rel_error(got: &[f32], want: &[f64]) -> f64 {
    if got.len() != want.len() {
        return f64::INFINITY;
    }
    got.iter().zip(want).fold(0.0, |worst: f64, (&a, &b)| {
        let a = f64::from(a);
        let err = if a == b {
            0.0
        } else {
            (a - b).abs() / b.abs().max(1.0)
        };
        worst.max(if err.is_nan() { f64::INFINITY } else { err })
    })
}
