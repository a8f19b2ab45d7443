//! cuBLASLt and NVRTC, which cuDNN opens by name at run time, and the pip
//! packages that bring each library.

use std::collections::HashSet;
use std::ffi::OsString;
use std::path::{Path, PathBuf};

use super::python::{self, Layout, CU13, CUBLAS, CUDNN, NVRTC};
use super::system::LoaderSearch;
use super::{conda_lib, dedup_key, join, toolkit_folders, Candidate, Os, SearchEnv, Source};

/// A library cuDNN opens by name at run time.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Dependency {
    /// cuBLASLt, opened by cuDNN 9's precompiled engines (and cuDNN 8's
    /// convolution libraries).
    CublasLt,
    /// NVRTC, with which the runtime-compiled engines compile kernels.
    Nvrtc,
}

impl Dependency {
    /// Its file name for CUDA `cuda_major`: `libcublasLt.so.12`,
    /// `cublasLt64_12.dll`, `libnvrtc.so.13`, `nvrtc64_130_0.dll`.
    pub fn file_name(self, os: Os, cuda_major: u32) -> String {
        match (self, os) {
            (Dependency::CublasLt, Os::Linux) => format!("libcublasLt.so.{cuda_major}"),
            (Dependency::CublasLt, Os::Windows) => format!("cublasLt64_{cuda_major}.dll"),
            (Dependency::Nvrtc, Os::Linux) => format!("libnvrtc.so.{cuda_major}"),
            (Dependency::Nvrtc, Os::Windows) => format!("nvrtc64_{cuda_major}0_0.dll"),
        }
    }

    /// The wheel folders that hold it for CUDA `cuda_major`: its own
    /// package's, and for CUDA 13 the shared `nvidia/cu13/lib` (the only
    /// one NVIDIA's CUDA 13 wheels use).
    pub fn layouts(self, cuda_major: u32) -> Vec<Layout> {
        let own = match self {
            Dependency::CublasLt => CUBLAS,
            Dependency::Nvrtc => NVRTC,
        };
        if cuda_major >= 13 {
            vec![own, CU13]
        } else {
            vec![own]
        }
    }

    /// The pip package that brings it.
    pub fn package(self) -> Package {
        match self {
            Dependency::CublasLt => Package::Cublas,
            Dependency::Nvrtc => Package::Nvrtc,
        }
    }
}

/// A pip package of NVIDIA's.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Package {
    /// cuDNN.
    Cudnn,
    /// cuDNN's graph-only (JIT) install.
    CudnnJit,
    /// cuBLAS, with cuBLASLt.
    Cublas,
    /// NVRTC.
    Nvrtc,
}

/// The pip package that brings `package` for CUDA `cuda_major`, as PyPI
/// names it; `None` for a CUDA major PyPI has no such package for.
///
/// CUDA 11 and 12 packages carry the major as a suffix
/// (`nvidia-cublas-cu12`). For CUDA 13, cuBLAS and NVRTC are `nvidia-cublas`
/// and `nvidia-cuda-nvrtc` at version 13.x (their `-cu13` names are empty
/// 0.0.1 stubs); cuDNN keeps the suffix (`nvidia-cudnn-cu13`). Checked
/// against PyPI in `cudnn/tests/pip_packages.rs`.
pub fn pip_package(package: Package, cuda_major: u32) -> Option<&'static str> {
    Some(match (package, cuda_major) {
        (Package::Cudnn, 11) => "nvidia-cudnn-cu11",
        (Package::Cudnn, 12) => "nvidia-cudnn-cu12",
        (Package::Cudnn, 13) => "nvidia-cudnn-cu13",
        (Package::CudnnJit, 12) => "nvidia-cudnn-jit-cu12",
        (Package::CudnnJit, 13) => "nvidia-cudnn-jit-cu13",
        (Package::Cublas, 11) => "nvidia-cublas-cu11",
        (Package::Cublas, 12) => "nvidia-cublas-cu12",
        (Package::Cublas, 13) => "nvidia-cublas",
        (Package::Nvrtc, 11) => "nvidia-cuda-nvrtc-cu11",
        (Package::Nvrtc, 12) => "nvidia-cuda-nvrtc-cu12",
        (Package::Nvrtc, 13) => "nvidia-cuda-nvrtc",
        _ => return None,
    })
}

/// What to pass to `pip install` for `package` and CUDA `cuda_major`: the
/// package, pinned to the major where the name does not carry it
/// (`nvidia-cublas==13.*`).
pub fn pip_requirement(package: Package, cuda_major: u32) -> Option<String> {
    let name = pip_package(package, cuda_major)?;
    Some(if name.ends_with(&format!("-cu{cuda_major}")) {
        name.to_string()
    } else {
        format!("{name}=={cuda_major}.*")
    })
}

/// Where to find `dep` for CUDA `cuda_major`, in order, each an existing
/// entry (the loader refuses what is not a regular file), each path once:
///
/// 1. a library this process loaded already under its file name;
/// 2. Linux: `LD_LIBRARY_PATH` and the program's `RUNPATH`;
/// 3. beside cuDNN (`cudnn_dir`, the loaded cuDNN's folder, when given):
///    the folder itself and its wheel's neighbours, as cuDNN's `RUNPATH`
///    names them (`../../cublas/lib`, `../../cuda_nvrtc/lib`, for CUDA 13
///    `../../cu13/lib`);
/// 4. the rest of the system loader's search path ([`super::system`]);
/// 5. the places the cuDNN search names by variable: the active Python
///    environment's wheels, `CONDA_PREFIX`'s library folder, the CUDA
///    toolkits;
/// 6. the wheels of the Python installations on disk ([`python`]).
///
/// Steps 1 to 4 are where cuDNN's own lookup by name would look (on
/// Windows, where it searches only the system's folders, the folder beside
/// cuDNN comes first); the rest is where a user who installed the
/// library with pip or conda has it.
pub fn dependency_candidates(
    os: Os,
    dep: Dependency,
    cuda_major: u32,
    cudnn_dir: Option<&Path>,
    env: &dyn SearchEnv,
) -> Vec<Candidate> {
    let name = dep.file_name(os, cuda_major);
    let layouts = dep.layouts(cuda_major);
    let (before, after) = LoaderSearch::new(os, env).resolve_parts(&name, env);
    let mut out = Found::default();
    out.files(os, before, Source::SystemLoader);
    if let Some(dir) = cudnn_dir {
        for folder in beside_cudnn(os, dir, &layouts) {
            out.folder(os, env, &folder, &name, Source::BesideCudnn);
        }
    }
    out.files(os, after, Source::SystemLoader);
    for (folder, source) in python::env_wheel_folders(os, env, &layouts) {
        out.folder(os, env, &folder, &name, source);
    }
    if let Some(folder) = conda_lib(os, env) {
        out.folder(os, env, &folder, &name, Source::CondaLib);
    }
    for (folder, source) in toolkit_folders(os, env) {
        out.folder(os, env, &folder, &name, source);
    }
    for (folder, source) in python::site_packages_wheel_folders(os, env, &layouts) {
        out.folder(os, env, &folder, &name, source);
    }
    out.list
}

/// The folder of cuDNN and the folders of `layouts` in the same
/// `site-packages/nvidia`: on Linux two folders up, as cuDNN's `RUNPATH`
/// says (`$ORIGIN/../../cublas/lib`); on Windows above whichever cuDNN
/// layout the folder is.
fn beside_cudnn(os: Os, dir: &Path, layouts: &[Layout]) -> Vec<OsString> {
    let dir = super::clean(os, dir.as_os_str());
    let mut out = vec![dir.clone()];
    let text = dir.to_string_lossy().into_owned();
    let sep = match os {
        Os::Linux => "/",
        Os::Windows => "\\",
    };
    let site = match os {
        Os::Linux => {
            let mut parts: Vec<&str> = text.split('/').collect();
            (parts.len() > 3).then(|| {
                parts.truncate(parts.len() - 3);
                parts.join(sep)
            })
        }
        Os::Windows => CUDNN.iter().find_map(|l| {
            let suffix = format!("{sep}{}", l.windows.join(sep));
            let lower = text.to_ascii_lowercase();
            lower
                .ends_with(&suffix.to_ascii_lowercase())
                .then(|| text[..text.len() - suffix.len()].to_string())
        }),
    };
    if let Some(site) = site {
        for layout in layouts {
            out.push(join(os, &OsString::from(&site), layout.parts(os)));
        }
    }
    out
}

/// The candidates found so far, each path once.
#[derive(Default)]
struct Found {
    list: Vec<Candidate>,
    seen: HashSet<OsString>,
}

impl Found {
    fn files(&mut self, os: Os, paths: Vec<PathBuf>, source: Source) {
        for path in paths {
            if self.seen.insert(dedup_key(os, path.as_os_str())) {
                self.list.push(Candidate {
                    path,
                    source: source.clone(),
                });
            }
        }
    }

    fn folder(&mut self, os: Os, env: &dyn SearchEnv, dir: &OsString, name: &str, source: Source) {
        if env.contains(Path::new(dir), name) {
            let path = PathBuf::from(join(os, dir, &[name]));
            self.files(os, vec![path], source);
        }
    }
}

#[cfg(test)]
#[path = "deps_tests.rs"]
mod tests;
