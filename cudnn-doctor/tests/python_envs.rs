//! `cudnn-doctor --python` on Python environments laid out as pip, conda
//! and PyTorch lay them out, made of the real cuDNN files (symbolic links
//! to the releases `scripts/fetch-cudnn.sh` unpacks: `CUDNN_8_LIB`,
//! `CUDNN_9_LIB`, `CUDNN_CU13_LIB`, which `scripts/test.sh` sets). Python
//! and PyTorch are not installed: only their folder layout is made.

#![cfg(target_os = "linux")]

mod common;

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

use cudnn_doctor::python::{inspect_with, CopyKind, PythonReport};
use cudnn_doctor::Os;
use cudnn_sys::discovery::SearchEnv;

/// The variables given, and the real file system.
struct Env(BTreeMap<&'static str, OsString>);

impl SearchEnv for Env {
    fn var(&self, name: &str) -> Option<OsString> {
        self.0.get(name).cloned()
    }
    fn var_names(&self) -> Vec<String> {
        self.0.keys().map(|k| k.to_string()).collect()
    }
    fn list_dir(&self, dir: &Path) -> Vec<OsString> {
        std::fs::read_dir(dir)
            .map(|rd| rd.flatten().map(|e| e.file_name()).collect())
            .unwrap_or_default()
    }
}

fn no_vars() -> Env {
    Env(BTreeMap::new())
}

/// The folder of cuDNN release `var` (`CUDNN_9_LIB`), or `None` after
/// saying why the test does not run.
fn release(var: &str) -> Option<PathBuf> {
    match std::env::var_os(var).map(PathBuf::from) {
        Some(d) if d.is_dir() => Some(d),
        _ if common::required() => panic!("{var} must name a cuDNN folder (scripts/test.sh)"),
        _ => {
            eprintln!("not run: {var} is not set (scripts/test.sh sets it)");
            None
        }
    }
}

/// Links every file of `from` into `to` but `skip`.
fn link_files(from: &Path, to: &Path, skip: &[&str]) {
    std::fs::create_dir_all(to).expect("mkdir");
    for e in std::fs::read_dir(from).expect("read release").flatten() {
        if skip.iter().any(|s| e.file_name() == *s) {
            continue;
        }
        std::os::unix::fs::symlink(e.path(), to.join(e.file_name())).expect("symlink");
    }
}

fn touch(path: &Path) {
    std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
    std::fs::write(path, b"").expect("write");
}

fn mkdir(path: &Path) {
    std::fs::create_dir_all(path).expect("mkdir");
}

/// A venv: `bin/python3` and `lib/python3.12/site-packages`.
fn venv(root: &Path) -> PathBuf {
    touch(&root.join("bin/python3"));
    let sp = root.join("lib/python3.12/site-packages");
    mkdir(&sp);
    sp
}

/// NVIDIA's cuDNN wheel `dist` at `version` from the release folder `lib`.
fn wheel(sp: &Path, lib: &Path, dist: &str, version: &str) {
    link_files(lib, &sp.join("nvidia/cudnn/lib"), &[]);
    std::os::unix::fs::symlink(lib.join("../include"), sp.join("nvidia/cudnn/include"))
        .expect("symlink");
    mkdir(&sp.join(format!("{}-{version}.dist-info", dist.replace('-', "_"))));
}

/// PyTorch's folders, `torch/lib` holding the files of `bundled` when given.
fn torch(sp: &Path, version: &str, bundled: Option<&Path>) {
    mkdir(&sp.join("torch/lib"));
    touch(&sp.join("torch/__init__.py"));
    mkdir(&sp.join(format!("torch-{version}.dist-info")));
    if let Some(lib) = bundled {
        link_files(lib, &sp.join("torch/lib"), &[]);
    }
}

fn codes(r: &PythonReport) -> Vec<&'static str> {
    r.findings.iter().map(|f| f.code).collect()
}

fn loads<'a>(r: &'a PythonReport, framework: &str) -> Option<&'a Path> {
    r.frameworks
        .iter()
        .find(|f| f.framework == framework)
        .unwrap_or_else(|| panic!("no {framework} in {:?}", r.frameworks))
        .loads
        .as_deref()
}

/// The binary's exit code and JSON report for `target`.
fn run_binary(target: &Path, env: &[(&str, &Path)]) -> (i32, serde_json::Value) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_cudnn-doctor"));
    cmd.arg("--python").arg(target).arg("--json").env_clear();
    if let Some(path) = std::env::var_os("PATH") {
        cmd.env("PATH", path);
    }
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("run cudnn-doctor");
    let json = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&out.stdout)));
    (out.status.code().unwrap_or(-1), json)
}

#[test]
fn a_pip_venv_with_the_cudnn_wheel() {
    let Some(lib9) = release("CUDNN_9_LIB") else {
        return;
    };
    let dir = common::scratch_dir("python-venv");
    let root = dir.path().join("venv");
    let sp = venv(&root);
    wheel(&sp, &lib9, "nvidia-cudnn-cu12", "9.28.0.42");
    let r = inspect_with(Os::Linux, &root.join("bin/python3"), &no_vars());
    assert_eq!(r.root.as_deref(), Some(root.as_path()));
    assert_eq!(r.copies.len(), 1, "{r:#?}");
    let c = &r.copies[0];
    assert_eq!(c.kind, CopyKind::NvidiaWheel);
    assert_eq!(c.version.as_deref(), Some("9.28.0"));
    assert_eq!((c.major, c.cuda_major), (Some(9), Some(12)));
    assert_eq!(c.package.as_deref(), Some("nvidia-cudnn-cu12 9.28.0.42"));
    assert_eq!(
        loads(&r, "cudnn-rs"),
        Some(sp.join("nvidia/cudnn/lib").as_path())
    );
    assert!(r.findings.is_empty(), "{:?}", r.findings);
    assert!(r.is_healthy());
    // The program: exit 0 and the same copy.
    let (rc, json) = run_binary(&root, &[]);
    assert_eq!(rc, 0, "{json}");
    assert_eq!(json["copies"][0]["version"], "9.28.0");
}

#[test]
fn a_conda_env_with_condas_cudnn() {
    let Some(lib9) = release("CUDNN_9_LIB") else {
        return;
    };
    let dir = common::scratch_dir("python-conda");
    let root = dir.path().join("env");
    venv(&root);
    link_files(&lib9, &root.join("lib"), &[]);
    std::os::unix::fs::symlink(lib9.join("../include"), root.join("include")).expect("symlink");
    touch(&root.join("conda-meta/cudnn-9.28.0.42-h6f9ffe8_0.json"));
    touch(&root.join("conda-meta/cuda-version-12.9-h4f385c5_3.json"));
    let r = inspect_with(Os::Linux, &root, &no_vars());
    assert_eq!(r.copies.len(), 1, "{r:#?}");
    let c = &r.copies[0];
    assert_eq!(c.kind, CopyKind::Conda);
    assert_eq!(c.version.as_deref(), Some("9.28.0"));
    assert_eq!(c.cuda_major, Some(12));
    assert_eq!(c.package.as_deref(), Some("conda cudnn 9.28.0.42"));
    // The crate's search with CONDA_PREFIX finds conda's lib.
    assert_eq!(loads(&r, "cudnn-rs"), Some(root.join("lib").as_path()));
    assert!(r.findings.is_empty(), "{:?}", r.findings);
}

#[test]
fn torch_with_its_own_cudnn() {
    let Some(lib8) = release("CUDNN_8_LIB") else {
        return;
    };
    let dir = common::scratch_dir("python-torch");
    let root = dir.path().join("venv");
    let sp = venv(&root);
    torch(&sp, "2.0.1+cu118", Some(&lib8));
    let r = inspect_with(Os::Linux, &root, &no_vars());
    assert_eq!(r.copies.len(), 1, "{r:#?}");
    let c = &r.copies[0];
    assert_eq!(c.kind, CopyKind::TorchBundled);
    assert_eq!((c.major, c.cuda_major), (Some(8), Some(11)));
    assert_eq!(loads(&r, "PyTorch"), Some(sp.join("torch/lib").as_path()));
    assert!(r.findings.is_empty(), "{:?}", r.findings);
}

#[test]
fn two_majors_in_one_environment() {
    let (Some(lib8), Some(lib9)) = (release("CUDNN_8_LIB"), release("CUDNN_9_LIB")) else {
        return;
    };
    let dir = common::scratch_dir("python-majors");
    let root = dir.path().join("venv");
    let sp = venv(&root);
    torch(&sp, "2.0.1+cu118", Some(&lib8));
    wheel(&sp, &lib9, "nvidia-cudnn-cu11", "9.28.0.42");
    let r = inspect_with(Os::Linux, &root, &no_vars());
    assert_eq!(r.copies.len(), 2, "{r:#?}");
    // PyTorch keeps its own; the crate's search takes the wheel.
    assert_eq!(loads(&r, "PyTorch"), Some(sp.join("torch/lib").as_path()));
    assert_eq!(
        loads(&r, "cudnn-rs"),
        Some(sp.join("nvidia/cudnn/lib").as_path())
    );
    assert_eq!(codes(&r), ["python-cudnn-majors"], "{:?}", r.findings);
    assert!(
        r.findings[0].message.contains("8 and 9"),
        "{:?}",
        r.findings
    );
    assert!(r.is_healthy());
}

#[test]
fn mixed_sublibraries_in_one_folder() {
    let (Some(lib8), Some(lib9)) = (release("CUDNN_8_LIB"), release("CUDNN_9_LIB")) else {
        return;
    };
    let dir = common::scratch_dir("python-mixed");
    let root = dir.path().join("venv");
    let sp = venv(&root);
    wheel(&sp, &lib9, "nvidia-cudnn-cu12", "9.28.0.42");
    // A leftover of a cuDNN 8 wheel in the same folder.
    std::os::unix::fs::symlink(
        lib8.join("libcudnn_ops_infer.so.8"),
        sp.join("nvidia/cudnn/lib/libcudnn_ops_infer.so.8"),
    )
    .expect("symlink");
    let r = inspect_with(Os::Linux, &root, &no_vars());
    assert_eq!(codes(&r), ["python-mixed-sublibraries"], "{:?}", r.findings);
    let f = &r.findings[0];
    assert!(f.message.contains("libcudnn_ops_infer.so.8"), "{f:?}");
    assert_eq!(
        f.fix,
        "pip install --force-reinstall nvidia-cudnn-cu12==9.28.0.42 (a sub-library of another \
         release fails cuDNN's own version check)"
    );
    assert!(!r.is_healthy());
    let (rc, json) = run_binary(&root, &[]);
    assert_eq!(rc, 1, "{json}");
    assert_eq!(json["findings"][0]["code"], "python-mixed-sublibraries");
}

#[test]
fn two_cuda_majors_and_the_systems_copy() {
    let (Some(lib8), Some(lib9), Some(cu13)) = (
        release("CUDNN_8_LIB"),
        release("CUDNN_9_LIB"),
        release("CUDNN_CU13_LIB"),
    ) else {
        return;
    };
    let dir = common::scratch_dir("python-cuda");
    let root = dir.path().join("venv");
    let sp = venv(&root);
    // PyTorch built for CUDA 12.8 with its own 9.28, beside the CUDA 13 wheel.
    torch(&sp, "2.9.0+cu128", Some(&lib9));
    wheel(&sp, &cu13, "nvidia-cudnn-cu13", "9.28.1.4");
    // The rest of the machine loads cuDNN 8 (CUDNN_LIB_DIR).
    let env = Env([("CUDNN_LIB_DIR", lib8.clone().into_os_string())]
        .into_iter()
        .collect());
    let r = inspect_with(Os::Linux, &root, &env);
    let system = r.system.as_ref().expect("the system's copy");
    assert_eq!(system.major, Some(8));
    assert_eq!(
        std::fs::canonicalize(&system.folder).ok(),
        std::fs::canonicalize(&lib8).ok()
    );
    let mut got = codes(&r);
    got.sort_unstable();
    assert_eq!(
        got,
        ["python-cuda-majors", "python-system-differs"],
        "{:?}",
        r.findings
    );
    let differs = r
        .findings
        .iter()
        .find(|f| f.code == "python-system-differs")
        .expect("finding");
    // The environment's copy is the one PyTorch loads.
    assert!(
        differs
            .fix
            .contains(&format!("CUDNN_LIB_DIR={}", sp.join("torch/lib").display())),
        "{differs:?}"
    );
    let (rc, json) = run_binary(&root, &[("CUDNN_LIB_DIR", &lib8)]);
    assert_eq!(rc, 0, "{json}");
    assert_eq!(json["system"]["major"], 8);
}

#[test]
fn a_path_outside_ascii_and_a_missing_environment() {
    let Some(lib9) = release("CUDNN_9_LIB") else {
        return;
    };
    let dir = common::scratch_dir("python-path");
    let root = dir.path().join("环境");
    let sp = venv(&root);
    wheel(&sp, &lib9, "nvidia-cudnn-cu12", "9.28.0.42");
    let r = inspect_with(Os::Linux, &root.join("bin/python3"), &no_vars());
    assert_eq!(codes(&r), ["python-path-not-ascii"], "{:?}", r.findings);
    assert!(r.is_healthy());

    let missing = dir.path().join("nothing/bin/python3");
    let r = inspect_with(Os::Linux, &missing, &no_vars());
    assert_eq!(codes(&r), ["python-not-found"]);
    let (rc, _) = run_binary(&missing, &[]);
    assert_eq!(rc, 1);
}

/// PyPI's Linux layout: `torch/lib/libtorch_cuda.so` needs `libcudnn.so.9`
/// through its `RUNPATH` `$ORIGIN/../../nvidia/cudnn/lib:$ORIGIN`; a cuDNN 8
/// left in `torch/lib` is not the one it loads. The library is made with
/// the C compiler (`cc`); without one the test says so and returns.
#[test]
fn torch_loads_what_the_runpath_of_libtorch_cuda_finds() {
    let (Some(lib8), Some(lib9)) = (release("CUDNN_8_LIB"), release("CUDNN_9_LIB")) else {
        return;
    };
    let dir = common::scratch_dir("python-runpath");
    let root = dir.path().join("venv");
    let sp = venv(&root);
    torch(&sp, "2.9.0+cu128", Some(&lib8));
    wheel(&sp, &lib9, "nvidia-cudnn-cu12", "9.28.0.42");
    let src = dir.path().join("torch_cuda.c");
    std::fs::write(&src, "int torch_cuda(void) { return 0; }\n").expect("write");
    let built = Command::new("cc")
        .args(["-shared", "-fPIC", "-o"])
        .arg(sp.join("torch/lib/libtorch_cuda.so"))
        .arg(&src)
        .arg("-Wl,--enable-new-dtags,-rpath,$ORIGIN/../../nvidia/cudnn/lib:$ORIGIN")
        .arg("-Wl,--no-as-needed")
        .arg(format!("-L{}", lib9.display()))
        .arg("-l:libcudnn.so.9")
        .status();
    if !built.is_ok_and(|s| s.success()) {
        eprintln!("not run: no C compiler (cc) made libtorch_cuda.so");
        return;
    }
    let r = inspect_with(Os::Linux, &root, &no_vars());
    assert_eq!(
        loads(&r, "PyTorch"),
        Some(sp.join("nvidia/cudnn/lib").as_path()),
        "{:?}",
        r.frameworks
    );
    assert_eq!(codes(&r), ["python-cudnn-majors"], "{:?}", r.findings);
    // The fix names the copy PyTorch loads.
    assert!(
        r.findings[0]
            .fix
            .contains(&sp.join("nvidia/cudnn/lib").display().to_string()),
        "{:?}",
        r.findings
    );
}
