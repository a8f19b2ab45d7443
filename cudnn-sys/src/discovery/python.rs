//! NVIDIA's Python wheels: where pip and conda put cuDNN, cuBLAS and NVRTC.
//!
//! A wheel unpacks into `site-packages/nvidia/<package>/lib` (Windows:
//! `...\bin`); NVIDIA's CUDA 13 wheels share `nvidia/cu13/lib` (Windows:
//! `nvidia\cu13\bin\x86_64`). Two steps of the search look there:
//!
//! - step 4, the active environment: the `site-packages` of `VIRTUAL_ENV`
//!   and then `CONDA_PREFIX` (Linux: `lib/python3.*/site-packages`, newest
//!   Python first; Windows: `Lib\site-packages`), every layout, whether or
//!   not it is there, so that a failure names the place;
//! - step 8, the Python installations found on disk with no variable set,
//!   in this order, and only the layouts their `site-packages/nvidia`
//!   folder holds:
//!
//!   | Linux | Windows | root |
//!   | --- | --- | --- |
//!   | `$PYTHONUSERBASE`, else `~/.local` (`pip install --user`) | `%APPDATA%\Python\PythonXY` (`pip install --user`) | `user` |
//!   | `${PYENV_ROOT:-~/.pyenv}/versions/*` | `%LOCALAPPDATA%\Programs\Python\PythonXY` (python.org, for one user) | `pyenv`, `per-user install` |
//!   | `~/miniforge3`, `~/miniconda3`, `~/anaconda3`, `~/mambaforge`, `/opt/conda`, each base then its `envs/*` | `%USERPROFILE%\miniforge3` and the rest, each base then its `envs\*` | `conda` |
//!   | `/usr/local`, `/usr` (the system's pip and packages) | `%ProgramFiles%\PythonXY` (python.org, for all users) | `system`, `per-machine install` |
//!
//!   On Linux each prefix's `lib/python3.*` folders are searched newest
//!   Python first, `site-packages` then `dist-packages` (Debian's pip and
//!   packages use the latter, and `/usr/lib/python3/dist-packages`).
//!
//! Why this order: the user's own installs come before the system's, as
//! Python itself puts the user site ahead of the system `site-packages`,
//! so a `pip install --user` wins over a copy a distribution or an
//! administrator installed. The newest Python comes first, as in step 4.
//! The search does not ask which `python` is first on `PATH`: a pyenv shim
//! or conda's shell hook does not say it without running Python, and which
//! library a program loads should not depend on the shell it was started
//! from. The active environment (step 4) and `CUDNN_LIB_DIR` still come
//! before all of these. Any cuDNN of a major this crate serves (8 or 9, by
//! file name) is a candidate; the CUDA 13 layout holds CUDA 13 libraries
//! only, so [`dependency_candidates`](super::dependency_candidates) looks
//! there only for CUDA 13's cuBLASLt and NVRTC.

use std::collections::HashSet;
use std::ffi::OsString;
use std::path::Path;

use super::{
    clean, get, join, join_os, parse_version, program_files, strip_prefix_ignore_case,
    versioned_entries, Os, SearchEnv, Source,
};

/// A wheel folder, relative to `site-packages`, on each operating system.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layout {
    /// The folder on Linux, one name per component.
    pub linux: &'static [&'static str],
    /// The folder on Windows.
    pub windows: &'static [&'static str],
}

impl Layout {
    /// The components for `os`.
    pub fn parts(&self, os: Os) -> &'static [&'static str] {
        match os {
            Os::Linux => self.linux,
            Os::Windows => self.windows,
        }
    }
}

/// The cuDNN wheel (`nvidia-cudnn-cu12`, `nvidia-cudnn-cu13`).
pub const CUDNN_WHEEL: Layout = Layout {
    linux: &["nvidia", "cudnn", "lib"],
    windows: &["nvidia", "cudnn", "bin"],
};

/// The folder NVIDIA's CUDA 13 wheels share (`nvidia-cublas`,
/// `nvidia-cuda-nvrtc` 13.x). No cuDNN wheel up to 9.28.1 uses it; it is
/// searched for cuDNN too, should one move there.
pub const CU13: Layout = Layout {
    linux: &["nvidia", "cu13", "lib"],
    windows: &["nvidia", "cu13", "bin", "x86_64"],
};

/// The graph-only cuDNN wheel (`nvidia-cudnn-jit-cu12`; PyPI has no
/// Windows build of it).
pub const CUDNN_JIT: Layout = Layout {
    linux: &["nvidia", "cudnn_jit", "lib"],
    windows: &["nvidia", "cudnn_jit", "bin"],
};

/// cuBLAS for CUDA 11 and 12 (`nvidia-cublas-cu12`).
pub const CUBLAS: Layout = Layout {
    linux: &["nvidia", "cublas", "lib"],
    windows: &["nvidia", "cublas", "bin"],
};

/// NVRTC for CUDA 11 and 12 (`nvidia-cuda-nvrtc-cu12`).
pub const NVRTC: Layout = Layout {
    linux: &["nvidia", "cuda_nvrtc", "lib"],
    windows: &["nvidia", "cuda_nvrtc", "bin"],
};

/// cuDNN's layouts, in the order searched in each `site-packages`: the
/// full install, the CUDA 13 folder, the graph-only install.
pub const CUDNN: &[Layout] = &[CUDNN_WHEEL, CU13, CUDNN_JIT];

/// The `site-packages` folders of the active environment (step 4), each
/// with the variable that named it.
fn env_site_packages(os: Os, env: &dyn SearchEnv) -> Vec<(OsString, &'static str)> {
    let mut out = Vec::new();
    for var in ["VIRTUAL_ENV", "CONDA_PREFIX"] {
        let Some(prefix) = get(env, var) else {
            continue;
        };
        let prefix = clean(os, &prefix);
        match os {
            Os::Linux => {
                let lib = join(os, &prefix, &["lib"]);
                for python in versioned_entries(env, &lib, "python", Some(3)) {
                    let dir = join_os(os, &lib, &python);
                    out.push((join(os, &dir, &["site-packages"]), var));
                }
            }
            Os::Windows => out.push((join(os, &prefix, &["Lib", "site-packages"]), var)),
        }
    }
    out
}

/// Step 4: every one of `layouts` in each `site-packages` of the active
/// environment.
pub fn env_wheel_folders(
    os: Os,
    env: &dyn SearchEnv,
    layouts: &[Layout],
) -> Vec<(OsString, Source)> {
    let mut out = Vec::new();
    for (site, var) in env_site_packages(os, env) {
        for layout in layouts {
            out.push((join(os, &site, layout.parts(os)), Source::PythonEnv { var }));
        }
    }
    out
}

/// Step 8: the ones of `layouts` that the `site-packages/nvidia` folder of
/// each Python installation on disk holds, in the order of the [module
/// documentation](self).
pub fn site_packages_wheel_folders(
    os: Os,
    env: &dyn SearchEnv,
    layouts: &[Layout],
) -> Vec<(OsString, Source)> {
    let mut out = Vec::new();
    for (site, root) in site_packages(os, env) {
        let nvidia = join(os, &site, &["nvidia"]);
        let entries = env.list_dir(Path::new(&nvidia));
        if entries.is_empty() {
            continue;
        }
        for layout in layouts {
            let parts = layout.parts(os);
            let holds = |name: &str| match os {
                Os::Linux => entries.iter().any(|e| e == name),
                Os::Windows => entries
                    .iter()
                    .any(|e| e.to_string_lossy().eq_ignore_ascii_case(name)),
            };
            if parts.get(1).is_some_and(|p| holds(p)) {
                out.push((join(os, &site, parts), Source::SitePackages { root }));
            }
        }
    }
    out
}

/// The `site-packages` folders of the Python installations on disk, in
/// search order, each with its root's name (`user`, `pyenv`, ...). Only
/// the Python folders that exist are listed; a `site-packages` folder may
/// not.
pub fn site_packages(os: Os, env: &dyn SearchEnv) -> Vec<(OsString, &'static str)> {
    let mut seen = HashSet::new();
    let found = match os {
        Os::Linux => linux_site_packages(env),
        Os::Windows => windows_site_packages(env),
    };
    found
        .into_iter()
        .filter(|(dir, _)| seen.insert(super::dedup_key(os, dir)))
        .collect()
}

fn linux_site_packages(env: &dyn SearchEnv) -> Vec<(OsString, &'static str)> {
    let os = Os::Linux;
    let home = get(env, "HOME").map(|h| clean(os, &h));
    let mut prefixes: Vec<(OsString, &'static str)> = Vec::new();
    let user = get(env, "PYTHONUSERBASE")
        .map(|b| clean(os, &b))
        .or_else(|| home.as_ref().map(|h| join(os, h, &[".local"])));
    prefixes.extend(user.map(|u| (u, "user")));
    let pyenv = get(env, "PYENV_ROOT")
        .map(|r| clean(os, &r))
        .or_else(|| home.as_ref().map(|h| join(os, h, &[".pyenv"])));
    if let Some(root) = pyenv {
        let versions = join(os, &root, &["versions"]);
        for v in sorted_entries(env, &versions) {
            prefixes.push((join_os(os, &versions, &v), "pyenv"));
        }
    }
    let mut bases: Vec<OsString> = Vec::new();
    if let Some(h) = &home {
        for conda in CONDA_NAMES {
            bases.push(join(os, h, &[conda]));
        }
    }
    bases.push(OsString::from("/opt/conda"));
    prefixes.extend(conda_prefixes(os, env, &bases));
    prefixes.push((OsString::from("/usr/local"), "system"));
    prefixes.push((OsString::from("/usr"), "system"));

    let mut out = Vec::new();
    for (prefix, root) in prefixes {
        let lib = join(os, &prefix, &["lib"]);
        for python in versioned_entries(env, &lib, "python", Some(3)) {
            let dir = join_os(os, &lib, &python);
            for packages in ["site-packages", "dist-packages"] {
                out.push((join(os, &dir, &[packages]), root));
            }
        }
    }
    out
}

fn windows_site_packages(env: &dyn SearchEnv) -> Vec<(OsString, &'static str)> {
    let os = Os::Windows;
    let mut out = Vec::new();
    if let Some(appdata) = get(env, "APPDATA") {
        let base = join(os, &clean(os, &appdata), &["Python"]);
        for v in windows_pythons(env, &base) {
            out.push((
                join(os, &join_os(os, &base, &v), &["site-packages"]),
                "user",
            ));
        }
    }
    if let Some(local) = get(env, "LOCALAPPDATA") {
        let base = join(os, &clean(os, &local), &["Programs", "Python"]);
        for v in windows_pythons(env, &base) {
            let dir = join_os(os, &base, &v);
            out.push((
                join(os, &dir, &["Lib", "site-packages"]),
                "per-user install",
            ));
        }
    }
    if let Some(home) = get(env, "USERPROFILE") {
        let home = clean(os, &home);
        let bases: Vec<OsString> = CONDA_NAMES.iter().map(|c| join(os, &home, &[c])).collect();
        for (prefix, root) in conda_prefixes(os, env, &bases) {
            out.push((join(os, &prefix, &["Lib", "site-packages"]), root));
        }
    }
    let machine = program_files(env);
    for v in windows_pythons(env, &machine) {
        let dir = join_os(os, &machine, &v);
        out.push((
            join(os, &dir, &["Lib", "site-packages"]),
            "per-machine install",
        ));
    }
    out
}

/// The folder names of conda's installers in a home folder.
const CONDA_NAMES: [&str; 4] = ["miniforge3", "miniconda3", "anaconda3", "mambaforge"];

/// Each conda base of `bases` that has entries, then its environments
/// (`envs/*`, by name).
fn conda_prefixes(
    os: Os,
    env: &dyn SearchEnv,
    bases: &[OsString],
) -> Vec<(OsString, &'static str)> {
    let mut out = Vec::new();
    for base in bases {
        if env.list_dir(Path::new(base)).is_empty() {
            continue;
        }
        out.push((base.clone(), "conda"));
        let envs = join(os, base, &["envs"]);
        let mut names = env.list_dir(Path::new(&envs));
        names.sort();
        for name in names {
            out.push((join_os(os, &envs, &name), "conda"));
        }
    }
    out
}

/// The entries of `dir`: those that start with a version newest first,
/// then the others by name.
fn sorted_entries(env: &dyn SearchEnv, dir: &OsString) -> Vec<OsString> {
    let mut versioned: Vec<(Vec<u32>, OsString)> = Vec::new();
    let mut other: Vec<OsString> = Vec::new();
    for entry in env.list_dir(Path::new(dir)) {
        match parse_version(&entry.to_string_lossy()) {
            Some(v) => versioned.push((v, entry)),
            None => other.push(entry),
        }
    }
    versioned.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    other.sort();
    versioned.into_iter().map(|(_, e)| e).chain(other).collect()
}

/// The `PythonXY` folders of `dir` (`Python312`, `Python39`,
/// `Python313-32`, `Python313t`) for Python 3, newest first.
fn windows_pythons(env: &dyn SearchEnv, dir: &OsString) -> Vec<OsString> {
    let mut found: Vec<((u32, u32), String, OsString)> = env
        .list_dir(Path::new(dir))
        .into_iter()
        .filter_map(|entry| {
            let text = entry.to_string_lossy().into_owned();
            let digits: String = strip_prefix_ignore_case(&text, "Python")?
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            let (major, minor) = digits.split_at_checked(1)?;
            let version = (major.parse().ok()?, minor.parse().ok()?);
            (version.0 == 3).then_some((version, text, entry))
        })
        .collect();
    found.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    found.into_iter().map(|(_, _, e)| e).collect()
}

#[cfg(test)]
#[path = "python_tests.rs"]
mod tests;
