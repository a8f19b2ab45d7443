//! The doctor on real files: the real cuDNN 8.9.5 and 9.28 libraries
//! arranged in temporary folders (as symbolic links), each scenario run in
//! a child process with its own environment (the system loader reads
//! `LD_LIBRARY_PATH` when a process starts).
//!
//! Needs both majors: `CUDNN_8_LIB` and `CUDNN_9_LIB` name their folders
//! (`scripts/test.sh` sets them).

#![cfg(target_os = "linux")]

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

/// Run by the child process: prints the doctor's report as JSON.
#[test]
fn doctor_child() {
    if std::env::var_os("CUDNN_DOCTOR_CHILD").is_none() {
        return;
    }
    if let Some(dir) = std::env::var_os("CUDNN_DOCTOR_PRELOAD") {
        // Another copy loaded first, as a framework would.
        let lib = cudnn::sys::loader::Library::load_with(Some(Path::new(&dir))).expect("preload");
        std::mem::forget(lib);
    }
    let report = cudnn_doctor::report();
    println!("<<<REPORT\n{}\nREPORT>>>", report.to_json());
}

fn lib_dir(major: u32) -> Option<PathBuf> {
    let dir = std::env::var_os(format!("CUDNN_{major}_LIB")).map(PathBuf::from);
    match dir {
        Some(d) if d.is_dir() => Some(d),
        // scripts/test.sh sets both; a GPU machine has one cuDNN of its own.
        _ if common::required() && !common::gpu_present() => {
            panic!("CUDNN_{major}_LIB must name cuDNN {major}'s folder (scripts/test.sh sets it)")
        }
        _ => {
            eprintln!("not run: CUDNN_{major}_LIB is not set (scripts/test.sh sets it)");
            None
        }
    }
}

/// A folder of the test's own, removed with what it holds when dropped.
fn scratch(name: &str) -> tempfile::TempDir {
    common::scratch_dir(&format!("doctor-{name}"))
}

/// Links every file of `from` into `to`, except `skip`.
fn link_all(from: &Path, to: &Path, skip: &[&str]) {
    std::fs::create_dir_all(to).expect("mkdir");
    for e in std::fs::read_dir(from).expect("read lib dir").flatten() {
        let name = e.file_name();
        if skip.iter().any(|s| name == *s) {
            continue;
        }
        std::os::unix::fs::symlink(e.path(), to.join(&name)).expect("symlink");
    }
}

/// Runs the doctor in a child with exactly `env` (plus PATH), returning the
/// report.
fn run(env: &[(&str, &Path)]) -> Value {
    let home = scratch("home");
    let mut cmd = Command::new(std::env::current_exe().expect("test binary"));
    cmd.args(["--exact", "doctor_child", "--nocapture", "--test-threads=1"])
        .env_clear()
        .env("CUDNN_DOCTOR_CHILD", "1")
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", home.path());
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = output_within(cmd, Duration::from_secs(120));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let json = stdout
        .split("<<<REPORT\n")
        .nth(1)
        .and_then(|s| s.split("\nREPORT>>>").next())
        .unwrap_or_else(|| {
            panic!(
                "no report from the child: {stdout}\n{}",
                String::from_utf8_lossy(&out.stderr)
            )
        });
    serde_json::from_str(json).expect("report JSON")
}

/// The child's output, or a panic naming the time limit when it has not
/// ended within it (it is killed): a doctor that blocks fails the test
/// instead of hanging it.
fn output_within(mut cmd: Command, limit: Duration) -> std::process::Output {
    use std::io::Read;
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .stdin(Stdio::null())
        .spawn()
        .expect("run child");
    let drain = |mut r: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut buf = Vec::new();
            let _ = r.read_to_end(&mut buf);
            buf
        })
    };
    let out = drain(Box::new(child.stdout.take().expect("stdout")));
    let err = drain(Box::new(child.stderr.take().expect("stderr")));
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the doctor did not return within {limit:?} (killed)");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    std::process::Output {
        status,
        stdout: out.join().unwrap_or_default(),
        stderr: err.join().unwrap_or_default(),
    }
}

fn codes(r: &Value) -> Vec<String> {
    r["findings"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|f| f["code"].as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

fn finding<'a>(r: &'a Value, code: &str) -> &'a Value {
    r["findings"]
        .as_array()
        .and_then(|a| a.iter().find(|f| f["code"] == code))
        .unwrap_or_else(|| panic!("no `{code}` finding in {:?}", codes(r)))
}

fn statuses(r: &Value) -> Vec<(String, String)> {
    r["candidates"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|c| {
                    (
                        c["path"].as_str().unwrap_or("").to_string(),
                        c["status"].as_str().unwrap_or("").to_string(),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn nothing_at_all() {
    let empty = scratch("nothing");
    let r = run(&[("CUDNN_LIB_DIR", empty.path())]);
    assert!(r["loaded"].is_null());
    assert_eq!(finding(&r, "not-found")["severity"], "error");
    let tried = r["attempts"].as_array().expect("attempts");
    assert_eq!(tried.len(), 2, "libcudnn.so.9 and .8 in the empty folder");
    assert_eq!(tried[0]["error"], "no such file");
}

#[test]
fn two_versions_on_ld_library_path() {
    let (Some(eight), Some(nine)) = (lib_dir(8), lib_dir(9)) else {
        return;
    };
    let tmp = scratch("two");
    let root = tmp.path();
    let (a, b, c) = (root.join("a"), root.join("b"), root.join("c"));
    link_all(&nine, &a, &[]);
    link_all(&nine, &b, &[]);
    link_all(&eight, &c, &[]);
    let path = std::env::join_paths([&a, &b, &c]).expect("join");
    let r = run(&[("LD_LIBRARY_PATH", Path::new(&path))]);
    assert_eq!(r["loaded"]["version"], "9.28.0", "{r}");
    assert_eq!(r["loaded"]["found_by"], "the system loader's search path");
    let st = statuses(&r);
    let of = |dir: &Path, name: &str| {
        st.iter()
            .find(|(p, _)| Path::new(p) == dir.join(name))
            .map(|(_, s)| s.clone())
            .unwrap_or_else(|| panic!("{} not listed in {st:?}", dir.join(name).display()))
    };
    assert_eq!(of(&a, "libcudnn.so.9"), "loaded");
    assert_eq!(of(&b, "libcudnn.so.9"), "shadowed");
    assert_eq!(of(&c, "libcudnn.so.8"), "other-major");
    assert!(finding(&r, "shadowed")["message"]
        .as_str()
        .unwrap_or("")
        .contains(&b.display().to_string()));
}

#[test]
fn a_sublibrary_removed() {
    let Some(nine) = lib_dir(9) else { return };
    let tmp = scratch("sublib");
    let dir = tmp.path().join("lib");
    link_all(&nine, &dir, &["libcudnn_cnn.so.9"]);
    let r = run(&[("CUDNN_LIB_DIR", &dir)]);
    assert_eq!(r["loaded"]["version"], "9.28.0");
    let f = finding(&r, "sublibrary-missing");
    assert!(
        f["message"]
            .as_str()
            .unwrap_or("")
            .contains("libcudnn_cnn.so.9"),
        "{f}"
    );
    let cnn = r["sublibraries"]
        .as_array()
        .and_then(|a| a.iter().find(|s| s["name"] == "cnn"))
        .expect("cnn");
    assert_eq!(cnn["present"], false);
    // The other sub-libraries passed cuDNN's own version check.
    let ops = r["sublibraries"]
        .as_array()
        .and_then(|a| a.iter().find(|s| s["name"] == "ops"))
        .expect("ops");
    assert_eq!(ops["version"], "9.28.0");
}

#[test]
fn a_truncated_file() {
    let Some(nine) = lib_dir(9) else { return };
    let tmp = scratch("truncated");
    let dir = tmp.path();
    let bytes = std::fs::read(nine.join("libcudnn.so.9")).expect("read");
    std::fs::write(dir.join("libcudnn.so.9"), &bytes[..8192]).expect("write");
    let r = run(&[("CUDNN_LIB_DIR", dir)]);
    assert!(r["loaded"].is_null());
    assert_eq!(finding(&r, "not-found")["severity"], "error");
    assert!(finding(&r, "truncated-file")["message"]
        .as_str()
        .unwrap_or("")
        .contains("8192 bytes"));
}

#[test]
fn a_pip_wheel_under_a_virtualenv() {
    let Some(nine) = lib_dir(9) else { return };
    let tmp = scratch("venv");
    let venv = tmp.path();
    let wheel = venv.join("lib/python3.11/site-packages/nvidia/cudnn");
    link_all(&nine, &wheel.join("lib"), &[]);
    if let Some(include) = nine
        .parent()
        .map(|p| p.join("include"))
        .filter(|p| p.is_dir())
    {
        link_all(&include, &wheel.join("include"), &[]);
    }
    let r = run(&[("VIRTUAL_ENV", venv)]);
    assert_eq!(r["loaded"]["version"], "9.28.0");
    assert_eq!(r["loaded"]["found_by"], "VIRTUAL_ENV Python wheel folder");
    assert_eq!(r["environment"]["VIRTUAL_ENV"], venv.display().to_string());
    assert!(
        !codes(&r).contains(&"sublibrary-missing".to_string()),
        "{:?}",
        codes(&r)
    );
}

#[test]
fn a_wheel_elsewhere_while_cudnn_lib_dir_is_set() {
    let Some(nine) = lib_dir(9) else { return };
    // A wheel in ~/.local, while CUDNN_LIB_DIR confines the search to an
    // empty folder.
    let tmp = scratch("home-wheel");
    let home = tmp.path();
    let wheel = home.join(".local/lib/python3.12/site-packages/nvidia/cudnn/lib");
    link_all(&nine, &wheel, &[]);
    let empty = scratch("elsewhere");
    let r = run(&[("CUDNN_LIB_DIR", empty.path()), ("HOME", home)]);
    assert!(r["loaded"].is_null());
    let fix = finding(&r, "not-found")["fix"]
        .as_str()
        .unwrap_or("")
        .to_string();
    assert!(fix.contains(&wheel.display().to_string()), "{fix}");
    assert!(fix.contains("CUDNN_LIB_DIR is set"), "{fix}");
    let f = finding(&r, "not-on-search-path");
    assert_eq!(f["severity"], "warning");
    assert!(
        f["message"]
            .as_str()
            .unwrap_or("")
            .contains("only CUDNN_LIB_DIR is searched"),
        "{f}"
    );
}

/// `pip install --user nvidia-cudnn-cu12`, nothing set: found in the user
/// site, and the doctor says so.
#[test]
fn a_user_site_wheel_is_found_without_any_variable() {
    let Some(nine) = lib_dir(9) else { return };
    let tmp = scratch("user-site");
    let home = tmp.path();
    let wheel = home.join(".local/lib/python3.11/site-packages/nvidia/cudnn/lib");
    link_all(&nine, &wheel, &[]);
    let r = run(&[("HOME", home)]);
    assert_eq!(r["loaded"]["version"], "9.28.0", "{}", r["attempts"]);
    assert_eq!(r["loaded"]["found_by"], "Python site-packages (user)");
    assert_eq!(
        r["loaded"]["path"],
        wheel.join("libcudnn.so.9").display().to_string()
    );
    assert!(
        !codes(&r).contains(&"not-found".to_string()),
        "{:?}",
        codes(&r)
    );
    assert!(
        statuses(&r).contains(&(
            wheel.join("libcudnn.so.9").display().to_string(),
            "loaded".to_string()
        )),
        "{:?}",
        statuses(&r)
    );
}

/// A FIFO named libcudnn.so.9 first on LD_LIBRARY_PATH: refused without
/// being opened (the doctor returns), the real copy after it loads.
#[test]
fn a_fifo_on_the_library_path_is_refused() {
    let Some(nine) = lib_dir(9) else { return };
    let trap_tmp = scratch("fifo");
    let trap = trap_tmp.path();
    let path = trap.join("libcudnn.so.9");
    let status = Command::new("mkfifo").arg(&path).status().expect("mkfifo");
    assert!(status.success());
    let real_tmp = scratch("after-fifo");
    let real = real_tmp.path();
    link_all(&nine, real, &[]);
    let list = std::env::join_paths([trap, real]).expect("join");
    let r = run(&[("LD_LIBRARY_PATH", Path::new(&list))]);
    assert_eq!(r["loaded"]["version"], "9.28.0", "{}", r["attempts"]);
    assert_eq!(
        r["loaded"]["path"],
        real.join("libcudnn.so.9").display().to_string()
    );
    let tried = r["attempts"].as_array().expect("attempts");
    assert_eq!(tried[0]["path"], path.display().to_string(), "{tried:?}");
    assert!(
        tried[0]["error"]
            .as_str()
            .unwrap_or("")
            .starts_with("not a file: a FIFO"),
        "{tried:?}"
    );
}

#[test]
fn two_copies_loaded_in_one_process() {
    let (Some(eight), Some(nine)) = (lib_dir(8), lib_dir(9)) else {
        return;
    };
    let r = run(&[("CUDNN_LIB_DIR", &nine), ("CUDNN_DOCTOR_PRELOAD", &eight)]);
    assert_eq!(r["loaded"]["version"], "9.28.0");
    let f = finding(&r, "multiple-loaded");
    assert_eq!(f["severity"], "error");
    assert!(
        f["message"].as_str().unwrap_or("").starts_with("2 copies"),
        "{f}"
    );
}

#[test]
fn no_gpu_and_missing_dependencies_on_this_machine() {
    let Some(nine) = lib_dir(9) else { return };
    if common::gpu_present() {
        eprintln!("not run: a GPU is present");
        return;
    }
    let r = run(&[("CUDNN_LIB_DIR", &nine)]);
    assert_eq!(finding(&r, "no-gpu")["severity"], "error");
    assert_eq!(r["driver"]["state"], "absent");
    // The wheels do not bring cuBLAS or NVRTC; the report says so.
    let deps = r["dependencies"].as_array().expect("dependencies");
    assert!(
        deps.iter().any(|d| d[0] == "libz.so.1" && !d[1].is_null()),
        "{deps:?}"
    );
    if deps
        .iter()
        .any(|d| d[0] == "libnvrtc.so.12" && d[1].is_null())
    {
        assert!(codes(&r).contains(&"missing-dependency".to_string()));
    }
}
