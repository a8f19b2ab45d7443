//! cuDNN, cuBLASLt and NVRTC found where pip and conda put them, with no
//! variable set, and the system loader's path searched without blocking:
//! real wheel files (symbolic links on Linux, hard links under Wine) in
//! scratch home folders, each layout run through `cudnn-consumer` in a
//! child process with a time limit.
//!
//! The installs come from `scripts/fetch-cudnn.sh` through the environment
//! (`scripts/test.sh` exports them): `CUDNN_9_LIB`, `CUDNN_8_LIB`,
//! `CUDNN_JIT_LIB`, `CUDNN_CU13_LIB`, `CUBLAS_12_LIB`, `NVRTC_13_LIB` on
//! Linux; `CUDNN_WIN_9_BIN`, `CUDNN_WIN_8_BIN` under Wine
//! (`scripts/test-windows.sh`). With `CUDNN_TEST_REQUIRE=1` a missing
//! install is a failure; without it the test says why it did not run.
//!
//! On Linux each child gets only `PATH`, its own `HOME` and the variables
//! named here: no `CUDNN_LIB_DIR`, no `LD_LIBRARY_PATH` unless the layout
//! sets it. Under Wine it keeps the Windows environment minus the
//! variables that steer the search, with `APPDATA`, `LOCALAPPDATA`,
//! `USERPROFILE` and `ProgramFiles` pointed at scratch folders.

#![cfg(any(target_os = "linux", windows))]

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde_json::Value;

mod harness;
use harness::*;

/// The folder of an install named by `var` (`CUDNN_9_LIB`), `None` (after
/// saying so) when it is not there and not required.
fn install(var: &str) -> Option<PathBuf> {
    match std::env::var_os(var).map(|d| native_path(&d)) {
        Some(d) if d.is_dir() => Some(d),
        _ if required() => panic!("CUDNN_TEST_REQUIRE=1 but {var} names no folder"),
        _ => {
            eprintln!("not run: {var} is not set (scripts/test.sh sets it)");
            None
        }
    }
}

/// A fresh scratch folder for one case, removed when the guard returned
/// drops (the case ended, passed or failed).
#[cfg(unix)]
fn case_dir(name: &str) -> tempfile::TempDir {
    scratch_dir(&format!("python-installs-{name}"))
}

/// A fresh scratch folder for one case, in this process's scratch folder
/// (a later run clears it: `remove_stale_scratch`).
#[cfg(windows)]
fn case_dir(name: &str) -> PathBuf {
    let dir = scratch_root().join("python-installs").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// Links every file of `from` into `to` (made with its parents).
fn place(from: &Path, to: &Path) {
    #[cfg(unix)]
    link_all(from, to, &[]).expect("link the install's files");
    #[cfg(windows)]
    link_all(from, to, &[], &scratch_root().join("pool")).expect("link the install's files");
}

/// Runs the consumer with `env`, within `limit`.
fn consume(home: &Path, env: &[(&'static str, OsString)], limit: Duration) -> Value {
    let started = Instant::now();
    let r = run_child(std::process::Command::new(consumer_exe()), env, home, limit)
        .unwrap_or_else(|e| panic!("the consumer {e}"));
    eprintln!("  ran in {:.1?}: {r}", started.elapsed());
    r
}

/// The file a link farm's `path` stands for, as `/proc/self/maps` names
/// a mapped file (links resolved).
#[cfg(target_os = "linux")]
fn real(path: &Path) -> String {
    std::fs::canonicalize(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .display()
        .to_string()
}

fn assert_loaded(r: &Value, file: &Path, found_by: &str, version_major: &str) {
    assert_eq!(text(r, "load"), "ok", "{r}");
    assert!(
        text(r, "version").starts_with(version_major),
        "version {}",
        text(r, "version")
    );
    let path = Path::new(text(r, "path"));
    let same = if cfg!(windows) {
        path.to_string_lossy().to_lowercase() == file.to_string_lossy().to_lowercase()
    } else {
        path == file
    };
    assert!(
        same,
        "loaded {}, expected {}",
        path.display(),
        file.display()
    );
    assert_eq!(text(r, "found_by"), found_by, "{r}");
    assert!(!codes(r).iter().any(|c| c == "not-found"), "{:?}", codes(r));
}

// ---------------------------------------------------------------------------
// Linux.

#[cfg(target_os = "linux")]
mod linux {
    use super::*;

    const SITE: &str = "lib/python3.11/site-packages";

    fn home_env(home: &Path) -> Vec<(&'static str, OsString)> {
        vec![("HOME", home.as_os_str().to_owned())]
    }

    /// `pip install --user nvidia-cudnn-cu12` (the real wheel's files in
    /// `~/.local/lib/python3.11/site-packages/nvidia/cudnn/lib`), nothing
    /// set: the program loads it, every family works.
    #[test]
    fn a_user_site_wheel_loads_with_no_variable_set() {
        for (var, major) in [("CUDNN_9_LIB", "9."), ("CUDNN_8_LIB", "8.")] {
            let Some(src) = install(var) else { continue };
            let case = case_dir(&format!("user-site-{major}"));
            let home = case.path().join("home");
            let wheel = home.join(".local").join(SITE).join("nvidia/cudnn/lib");
            place(&src, &wheel);
            let r = consume(&home, &home_env(&home), CHILD_TIMEOUT);
            let main = if major == "9." {
                "libcudnn.so.9"
            } else {
                "libcudnn.so.8"
            };
            assert_loaded(&r, &wheel.join(main), "Python site-packages (user)", major);
            for family in ["tensor", "activation", "conv", "rnn"] {
                assert_eq!(text(&r, family), "ok", "{family}: {r}");
            }
        }
    }

    /// pyenv, a conda environment, the JIT wheel's layout and CUDA 13's
    /// shared folder, each the only cuDNN there is.
    #[test]
    fn pyenv_conda_jit_and_cu13_layouts() {
        let cases: [(&str, &str, &str, &str, &str); 4] = [
            (
                "CUDNN_9_LIB",
                "pyenv",
                ".pyenv/versions/3.12.4/lib/python3.12/site-packages",
                "nvidia/cudnn/lib",
                "pyenv",
            ),
            (
                "CUDNN_9_LIB",
                "conda",
                "miniconda3/envs/dl/lib/python3.11/site-packages",
                "nvidia/cudnn/lib",
                "conda",
            ),
            (
                "CUDNN_JIT_LIB",
                "jit",
                ".local/lib/python3.12/site-packages",
                "nvidia/cudnn_jit/lib",
                "user",
            ),
            (
                "CUDNN_CU13_LIB",
                "cu13",
                ".local/lib/python3.13/site-packages",
                "nvidia/cu13/lib",
                "user",
            ),
        ];
        for (var, name, site, layout, root) in cases {
            let Some(src) = install(var) else { continue };
            let case = case_dir(name);
            let home = case.path().join("home");
            let dir = home.join(site).join(layout);
            place(&src, &dir);
            let r = consume(&home, &home_env(&home), CHILD_TIMEOUT);
            assert_loaded(
                &r,
                &dir.join("libcudnn.so.9"),
                &format!("Python site-packages ({root})"),
                "9.",
            );
        }
    }

    /// The user site comes before pyenv; the doctor lists the other copy
    /// as shadowed.
    #[test]
    fn the_user_site_comes_first() {
        let Some(src) = install("CUDNN_9_LIB") else {
            return;
        };
        let case = case_dir("order");
        let home = case.path().join("home");
        let user = home.join(".local").join(SITE).join("nvidia/cudnn/lib");
        let pyenv = home
            .join(".pyenv/versions/3.13.0/lib/python3.13/site-packages")
            .join("nvidia/cudnn/lib");
        place(&src, &user);
        place(&src, &pyenv);
        let r = consume(&home, &home_env(&home), CHILD_TIMEOUT);
        assert_loaded(
            &r,
            &user.join("libcudnn.so.9"),
            "Python site-packages (user)",
            "9.",
        );
        let copies = r["doctor_copies"].as_array().cloned().unwrap_or_default();
        let status = |p: &Path| {
            copies
                .iter()
                .find(|c| c["path"] == p.display().to_string())
                .map(|c| c["status"].clone())
        };
        assert_eq!(status(&user.join("libcudnn.so.9")), Some("loaded".into()));
        assert_eq!(
            status(&pyenv.join("libcudnn.so.9")),
            Some("shadowed".into())
        );
    }

    fn mkfifo(path: &Path) {
        let status = std::process::Command::new("mkfifo")
            .arg(path)
            .status()
            .expect("mkfifo");
        assert!(status.success(), "mkfifo {}", path.display());
    }

    /// A FIFO named `libcudnn.so.9` in a folder on `LD_LIBRARY_PATH`,
    /// `CUDNN_LIB_DIR` unset: loading and the doctor return at once, with
    /// the next copy or a typed error naming the FIFO. (A bare-name
    /// `dlopen` would wait on the FIFO for ever.)
    #[test]
    fn a_fifo_on_the_library_path_does_not_block() {
        let Some(src) = install("CUDNN_9_LIB") else {
            return;
        };
        let case = case_dir("fifo");
        let dir = case.path();
        let home = dir.join("home");
        std::fs::create_dir_all(&home).expect("home");
        let trap = dir.join("trap");
        std::fs::create_dir_all(&trap).expect("trap");
        mkfifo(&trap.join("libcudnn.so.9"));
        let real = dir.join("real");
        place(&src, &real);
        let limit = Duration::from_secs(30);

        // The FIFO first, a real copy after it: the copy loads.
        let list = std::env::join_paths([&trap, &real]).expect("join");
        let mut env = home_env(&home);
        env.push(("LD_LIBRARY_PATH", list));
        let r = consume(&home, &env, limit);
        assert_loaded(
            &r,
            &real.join("libcudnn.so.9"),
            "the system loader's search path",
            "9.",
        );

        // Only the FIFO: a typed error that names it.
        let mut env = home_env(&home);
        env.push(("LD_LIBRARY_PATH", trap.as_os_str().to_owned()));
        let r = consume(&home, &env, limit);
        assert_eq!(text(&r, "load_kind"), "LibraryNotFound", "{r}");
        let load = text(&r, "load");
        let fifo = trap.join("libcudnn.so.9").display().to_string();
        assert!(
            load.lines()
                .any(|l| l.contains(&fifo) && l.contains("not a file: a FIFO")),
            "{load}"
        );
        // The program's error carries the fix, without the doctor.
        assert!(
            load.contains("To fix: install cuDNN with `pip install nvidia-cudnn-cu12`"),
            "{load}"
        );
        assert!(codes(&r).iter().any(|c| c == "not-found"), "{r}");
    }

    /// cuBLASLt in the user site beside cuDNN (its `RUNPATH`'s
    /// `../../cublas/lib`), then cuBLASLt only in another Python's
    /// site-packages while cuDNN comes from `CUDNN_LIB_DIR`: loaded before
    /// the engine heuristics either way. Without it: the typed refusal,
    /// naming the package.
    #[test]
    fn cublaslt_from_the_site_packages() {
        let (Some(cudnn), Some(cublas)) = (install("CUDNN_9_LIB"), install("CUBLAS_12_LIB")) else {
            return;
        };
        let env_of = |home: &Path| {
            let mut env = home_env(home);
            env.push(("CUDNN_CONSUMER_RUNTIME_DEPS", "1".into()));
            env
        };
        let case = case_dir("cublaslt-beside");
        let dir = case.path();
        let home = dir.join("home");
        let site = home.join(".local").join(SITE);
        place(&cudnn, &site.join("nvidia/cudnn/lib"));
        place(&cublas, &site.join("nvidia/cublas/lib"));
        let r = consume(&home, &env_of(&home), CHILD_TIMEOUT);
        assert_eq!(text(&r, "runtime_deps"), "ok", "{r}");
        // Mapped under its real name; no other route leads to it here.
        assert_eq!(
            text(&r, "cublaslt_path"),
            real(&site.join("nvidia/cublas/lib/libcublasLt.so.12")),
            "{r}"
        );

        let case = case_dir("cublaslt-elsewhere");
        let dir = case.path();
        let home = dir.join("home");
        let site = home.join(".pyenv/versions/3.12.4/lib/python3.12/site-packages");
        place(&cublas, &site.join("nvidia/cublas/lib"));
        let mut env = env_of(&home);
        env.push(("CUDNN_LIB_DIR", cudnn.as_os_str().to_owned()));
        let r = consume(&home, &env, CHILD_TIMEOUT);
        assert_eq!(text(&r, "runtime_deps"), "ok", "{r}");
        // Mapped under its real name; no other route leads to it here.
        assert_eq!(
            text(&r, "cublaslt_path"),
            real(&site.join("nvidia/cublas/lib/libcublasLt.so.12")),
            "{r}"
        );

        let case = case_dir("cublaslt-none");
        let home = case.path().join("home");
        std::fs::create_dir_all(&home).expect("home");
        let mut env = env_of(&home);
        env.push(("CUDNN_LIB_DIR", cudnn.as_os_str().to_owned()));
        let r = consume(&home, &env, CHILD_TIMEOUT);
        assert_eq!(
            text(&r, "runtime_deps_kind"),
            "DependencyUnavailable",
            "{r}"
        );
        assert!(
            text(&r, "runtime_deps").contains("`pip install nvidia-cublas-cu12`"),
            "{r}"
        );
    }

    /// CUDA 13: NVRTC from `nvidia/cu13/lib` of another Python's
    /// site-packages is loaded for the runtime-compiled engines; cuBLASLt
    /// 13 is nowhere, and the refusal names `nvidia-cublas` 13.x (not its
    /// empty `-cu13` stub).
    #[test]
    fn cuda_13_nvrtc_from_the_shared_folder() {
        let (Some(cudnn), Some(nvrtc)) = (install("CUDNN_CU13_LIB"), install("NVRTC_13_LIB"))
        else {
            return;
        };
        let case = case_dir("cu13-nvrtc");
        let dir = case.path();
        let home = dir.join("home");
        let user = home.join(".local").join(SITE);
        place(&cudnn, &user.join("nvidia/cudnn/lib"));
        let conda = home.join("miniconda3/lib/python3.12/site-packages");
        place(&nvrtc, &conda.join("nvidia/cu13/lib"));
        let mut env = home_env(&home);
        env.push(("CUDNN_CONSUMER_RUNTIME_DEPS", "1".into()));
        let r = consume(&home, &env, CHILD_TIMEOUT);
        assert_eq!(text(&r, "load"), "ok", "{r}");
        assert_eq!(
            text(&r, "nvrtc_path"),
            real(&conda.join("nvidia/cu13/lib/libnvrtc.so.13")),
            "{r}"
        );
        assert_eq!(
            text(&r, "runtime_deps_kind"),
            "DependencyUnavailable",
            "{r}"
        );
        let why = text(&r, "runtime_deps");
        assert!(why.contains("libcublasLt.so.13"), "{why}");
        assert!(why.contains("`pip install nvidia-cublas==13.*`"), "{why}");
        // The CUDA 13 wheel has no suffix (`nvidia-cublas-cu13` is an
        // empty stub); the message's paths may hold "cu13" (the case's
        // folder), so the package name is what is checked.
        assert!(!why.contains("nvidia-cublas-cu13"), "{why}");
    }
}

// ---------------------------------------------------------------------------
// Windows (under Wine).

#[cfg(windows)]
mod windows {
    use super::*;

    /// Whether this run is for cuDNN `major` (`scripts/test-windows.sh`
    /// runs the tests once per release).
    fn in_this_pass(major: u32) -> bool {
        match std::env::var("CUDNN_TEST_EXPECT_VERSION") {
            Ok(v) if !v.starts_with(&format!("{major}.")) => {
                eprintln!("not run: cuDNN {major}'s layouts run in its own pass");
                false
            }
            _ => true,
        }
    }

    /// The per-user and per-machine Python folders, nothing set: the
    /// user site (`pip install --user`), a python.org install for one
    /// user, a conda environment, a python.org install for all users.
    #[test]
    fn the_python_folders_of_windows() {
        for (var, major) in [("CUDNN_WIN_9_BIN", 9u32), ("CUDNN_WIN_8_BIN", 8)] {
            if !in_this_pass(major) {
                continue;
            }
            let Some(src) = install(var) else { continue };
            let main = format!("cudnn64_{major}.dll");
            let cases: [(&str, &str, &str); 4] = [
                ("APPDATA", r"Python\Python311\site-packages", "user"),
                (
                    "LOCALAPPDATA",
                    r"Programs\Python\Python312\Lib\site-packages",
                    "per-user install",
                ),
                (
                    "USERPROFILE",
                    r"miniconda3\envs\dl\Lib\site-packages",
                    "conda",
                ),
                (
                    "ProgramFiles",
                    r"Python313\Lib\site-packages",
                    "per-machine install",
                ),
            ];
            for (base_var, site, root) in cases {
                let dir = case_dir(&format!("win-{major}-{}", base_var.to_lowercase()));
                let home = dir.join("cwd");
                std::fs::create_dir_all(&home).expect("cwd");
                let mut env: Vec<(&'static str, OsString)> = Vec::new();
                for v in ["APPDATA", "LOCALAPPDATA", "USERPROFILE", "ProgramFiles"] {
                    let folder = dir.join(v.to_lowercase());
                    std::fs::create_dir_all(&folder).expect("folder");
                    env.push((v, folder.into_os_string()));
                }
                // Wine sets a 64-bit program's ProgramFiles from ProgramW6432.
                let program_files = dir.join("programfiles").into_os_string();
                env.push(("ProgramW6432", program_files));
                let wheel = dir
                    .join(base_var.to_lowercase())
                    .join(site)
                    .join(r"nvidia\cudnn\bin");
                place(&src, &wheel);
                let r = consume(&home, &env, CHILD_TIMEOUT);
                assert_loaded(
                    &r,
                    &wheel.join(&main),
                    &format!("Python site-packages ({root})"),
                    &format!("{major}."),
                );
            }
        }
    }
}
