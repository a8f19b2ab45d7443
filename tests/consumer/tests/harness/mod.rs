//! What the consumer's tests share: the installs' folders, scratch
//! folders, links to real files, and running the consumer in a child
//! process with a controlled environment and a time limit.

#![allow(dead_code)]

use std::ffi::OsString;
use std::io::Read;
#[cfg(unix)]
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

/// A folder named in the environment, as this program opens it: on
/// Windows a Linux path (`/root/x`, as `scripts/fetch-cudnn.sh` prints
/// them) is drive `Z:` under Wine.
pub fn native_path(value: &std::ffi::OsStr) -> PathBuf {
    if cfg!(windows) {
        if let Some(s) = value.to_str().filter(|s| s.starts_with('/')) {
            return PathBuf::from(format!("Z:{}", s.replace('/', "\\")));
        }
    }
    PathBuf::from(value)
}

pub fn required() -> bool {
    std::env::var_os("CUDNN_TEST_REQUIRE").is_some_and(|v| v == "1")
        && std::env::var_os("CUDNN_TEST_GPU").is_none_or(|v| v != "1")
}

/// A fresh scratch folder for `name` (a test, or one case of it) in the
/// temporary folder, removed with all it holds when the guard returned
/// drops: the test ended, passed or failed. Keep the guard alive while the
/// folder is in use. Not on Windows, which refuses to delete a file that a
/// process has mapped: there a test's folder is in `scratch_root()`, which
/// a later run clears (`remove_stale_scratch`).
#[cfg(unix)]
pub fn scratch_dir(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("cudnn-rs-layouts-{name}-"))
        .tempdir()
        .expect("a scratch folder")
}

/// This process's scratch folder in the temporary folder (Windows). Its
/// name has the process id and the time of first use: Wine hands out the
/// same small process ids run after run.
#[cfg(windows)]
pub fn scratch_root() -> PathBuf {
    static STARTED: std::sync::OnceLock<u128> = std::sync::OnceLock::new();
    let started = STARTED.get_or_init(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_millis())
    });
    std::env::temp_dir().join(format!("cudnn-rs-layouts-{}-{started}", std::process::id()))
}

/// Removes, once per process, what earlier runs left in the temporary
/// folder: each test's folder that its run marked `finished`, and any
/// more than an hour old (a run that did not end). Windows refuses to
/// delete a file while it is mapped, under any of its names: a layout's
/// links to the DLLs that this process has loaded itself (the in-process
/// test loads `CUDNN_LIB_DIR`'s) outlive the test that made them.
#[cfg(windows)]
pub fn remove_stale_scratch() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let old = |p: &Path| {
            let modified = std::fs::metadata(p).and_then(|m| m.modified()).ok();
            modified
                .and_then(|t| t.elapsed().ok())
                .is_some_and(|age| age > Duration::from_secs(3600))
        };
        let ours = scratch_root();
        let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) else {
            return;
        };
        for e in entries.flatten() {
            let name = e.file_name();
            if e.path() == ours || !name.to_string_lossy().starts_with("cudnn-rs-layouts-") {
                continue;
            }
            for test in std::fs::read_dir(e.path()).into_iter().flatten().flatten() {
                let dir = test.path();
                if dir.join(FINISHED).exists() || old(&dir) {
                    remove_what_can_be(&dir);
                }
            }
            let _ = std::fs::remove_dir(e.path());
        }
    });
}

/// The file that marks a test's scratch folder as left behind by a run
/// that ended (Windows).
#[cfg(windows)]
pub const FINISHED: &str = "finished";

/// Deletes what can be deleted of `dir` now, going on past the files that
/// cannot; its `FINISHED` mark goes last, with the folder, when nothing
/// else is left.
#[cfg(windows)]
pub fn remove_what_can_be(dir: &Path) {
    fn walk(dir: &Path, top: bool) {
        for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = e.path();
            if e.file_type().is_ok_and(|t| t.is_dir()) {
                walk(&path, false);
                let _ = std::fs::remove_dir(&path);
            } else if !(top && e.file_name() == FINISHED) {
                let _ = std::fs::remove_file(&path);
            }
        }
    }
    walk(dir, true);
    let only_the_mark = std::fs::read_dir(dir)
        .map(|mut entries| entries.all(|e| e.is_ok_and(|e| e.file_name() == FINISHED)))
        .unwrap_or(false);
    if only_the_mark {
        let _ = std::fs::remove_dir_all(dir);
    }
}

#[cfg(unix)]
pub fn link_all(from: &Path, to: &Path, skip: &[&str]) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for e in std::fs::read_dir(from)? {
        let e = e?;
        let name = e.file_name();
        if skip.iter().any(|s| name == *s) {
            continue;
        }
        std::os::unix::fs::symlink(e.path(), to.join(&name))?;
    }
    Ok(())
}

/// Hard links in `to` to every file of `from` but `skip` (a DLL is 0.1 to
/// 0.6 GB; a link costs nothing). Where `from` and `to` are on different
/// volumes, each file is copied once into `pool` and linked from there.
#[cfg(windows)]
pub fn link_all(from: &Path, to: &Path, skip: &[&str], pool: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for e in std::fs::read_dir(from)? {
        let e = e?;
        let name = e.file_name();
        if skip.iter().any(|s| name.eq_ignore_ascii_case(s)) || !e.file_type()?.is_file() {
            continue;
        }
        if std::fs::hard_link(e.path(), to.join(&name)).is_ok() {
            continue;
        }
        let pooled = pool_copy(&e.path(), pool)?;
        std::fs::hard_link(&pooled, to.join(&name))
            .or_else(|_| std::fs::copy(&pooled, to.join(&name)).map(|_| ()))?;
    }
    Ok(())
}

/// The copy of `file` in `pool`, made on first use (one at a time).
#[cfg(windows)]
pub fn pool_copy(file: &Path, pool: &Path) -> std::io::Result<PathBuf> {
    use std::hash::{Hash, Hasher};
    static COPYING: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let mut h = std::collections::hash_map::DefaultHasher::new();
    file.parent().hash(&mut h);
    let dir = pool.join(format!("{:016x}", h.finish()));
    let pooled = dir.join(file.file_name().unwrap_or_default());
    let _one_at_a_time = COPYING.lock().unwrap_or_else(|e| e.into_inner());
    if !pooled.is_file() {
        std::fs::create_dir_all(&dir)?;
        let part = dir.join("copying.part");
        std::fs::copy(file, &part)?;
        std::fs::rename(&part, &pooled)?;
    }
    Ok(pooled)
}

/// The path of the consumer binary. Cross-built, cargo names it by its
/// path on the build machine (`/work/target/...`), which is drive `Z:`
/// under Wine; otherwise it sits beside the `deps` folder of this test.
pub fn consumer_exe() -> PathBuf {
    let built = PathBuf::from(env!("CARGO_BIN_EXE_cudnn-consumer"));
    if built.is_file() {
        return built;
    }
    let mapped = native_path(built.as_os_str());
    if mapped.is_file() {
        return mapped;
    }
    let beside = std::env::current_exe().ok().and_then(|t| {
        let name = built.file_name()?;
        Some(t.parent()?.parent()?.join(name))
    });
    beside.filter(|p| p.is_file()).unwrap_or(built)
}

#[cfg(unix)]
pub fn signal_name(sig: i32) -> String {
    let name = match sig {
        libc_sig::SIGABRT => "SIGABRT",
        libc_sig::SIGBUS => "SIGBUS",
        libc_sig::SIGSEGV => "SIGSEGV",
        libc_sig::SIGILL => "SIGILL",
        libc_sig::SIGFPE => "SIGFPE",
        libc_sig::SIGKILL => "SIGKILL",
        libc_sig::SIGTERM => "SIGTERM",
        _ => return format!("signal {sig}"),
    };
    format!("{name} (signal {sig})")
}

/// Linux's signal numbers (x86_64 and aarch64 agree on these).
#[cfg(unix)]
pub mod libc_sig {
    pub const SIGILL: i32 = 4;
    pub const SIGABRT: i32 = 6;
    pub const SIGBUS: i32 = 7;
    pub const SIGFPE: i32 = 8;
    pub const SIGKILL: i32 = 9;
    pub const SIGSEGV: i32 = 11;
    pub const SIGTERM: i32 = 15;
}

/// What a Windows exit code says: cuDNN's shim ends the process with 9
/// when it cannot load a sub-DLL; codes from 0xC0000000 are exceptions
/// (NTSTATUS) that ended it.
#[cfg(windows)]
pub fn windows_exit(code: i32) -> String {
    let status = code as u32;
    if code == 9 {
        return "exited with exit code: 9 (how cuDNN's shim ends the process when it cannot \
                load a sub-DLL)"
            .into();
    }
    if status < 0xC000_0000 {
        return format!("exited with exit code: {code}");
    }
    let name = match status {
        0xC000_0005 => " (access violation)",
        0xC000_001D => " (illegal instruction)",
        0xC000_00FD => " (stack overflow)",
        0xC000_0135 => " (a DLL it needs was not found)",
        0xC000_0139 => " (an entry point was not found)",
        0xC000_0142 => " (a DLL failed to initialise)",
        0xC000_0409 => " (fail-fast: an abort or stack buffer overrun)",
        _ => "",
    };
    format!("crashed with exception {status:#010x}{name}")
}

/// Whether an environment variable steers the cuDNN search (or names the
/// test's installs): the child does not inherit it.
#[cfg(windows)]
pub fn steers_the_search(name: &std::ffi::OsStr) -> bool {
    let name = name.to_string_lossy().to_ascii_uppercase();
    [
        "CUDNN_",
        "CUDA_PATH",
        "CUDA_HOME",
        "VIRTUAL_ENV",
        "CONDA_PREFIX",
    ]
    .iter()
    .any(|p| name.starts_with(p))
}

/// The folders of this process's `PATH` that hold no cuDNN main library
/// (the system's: `C:\windows\system32` and the like), as a `PATH` value.
#[cfg(windows)]
pub fn system_path() -> OsString {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let keep: Vec<PathBuf> = std::env::split_paths(&path)
        .filter(|d| {
            !d.as_os_str().is_empty()
                && !["cudnn64_8.dll", "cudnn64_9.dll"]
                    .iter()
                    .any(|f| d.join(f).exists())
        })
        .collect();
    std::env::join_paths(keep).unwrap_or_default()
}

/// Windows' `ERROR_INTERNAL_ERROR`, which Wine's `CreateProcess` returns
/// now and then when many processes start at once (seen once in a CI run,
/// in one of 19 layouts; the same layout passed on the next run).
const INTERNAL_ERROR: i32 = 1359;

/// Starts `cmd`, a second and a third time after a pause when the start
/// fails with [`INTERNAL_ERROR`] on Windows; any other failure at once.
/// Only the start is tried again: what the child reports is checked as
/// it is.
fn spawn(cmd: &mut Command) -> std::io::Result<std::process::Child> {
    let mut tries = 1;
    loop {
        match cmd.spawn() {
            Err(e) if cfg!(windows) && e.raw_os_error() == Some(INTERNAL_ERROR) && tries < 3 => {
                tries += 1;
                std::thread::sleep(Duration::from_millis(500));
            }
            started => return started,
        }
    }
}

/// How long one child may take.
pub const CHILD_TIMEOUT: Duration = Duration::from_secs(120);

/// Runs the consumer with `env` (plus what every child gets) and returns
/// its report, or why there is none.
pub fn run_consumer(env: &[(&'static str, OsString)], home: &Path) -> Result<Value, String> {
    run_child(Command::new(consumer_exe()), env, home, CHILD_TIMEOUT)
}

/// Runs `cmd` with `env` and returns the JSON object it printed, or why
/// there is none: a signal (by name) or an exception, a non-zero exit, a
/// timeout or output that is not one JSON object.
///
/// On Linux the child gets only `PATH`, `home` as `HOME`, and `env`. On
/// Windows it keeps this process's environment but the variables that
/// steer the cuDNN search, with `PATH` cut to the system's folders, runs
/// in `home`, and gets `env` (which may set `PATH`).
pub fn run_child(
    mut cmd: Command,
    env: &[(&'static str, OsString)],
    home: &Path,
    timeout: Duration,
) -> Result<Value, String> {
    #[cfg(unix)]
    cmd.env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", home);
    #[cfg(windows)]
    {
        for (k, _) in std::env::vars_os() {
            if steers_the_search(&k) {
                cmd.env_remove(&k);
            }
        }
        cmd.env("PATH", system_path()).current_dir(home);
    }
    cmd.stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in env {
        cmd.env(k, v);
    }
    // A group of its own, so that a timeout kills whatever it started too
    // (a process left holding the pipes would keep the readers waiting).
    #[cfg(unix)]
    cmd.process_group(0);
    let mut child = spawn(&mut cmd).map_err(|e| format!("cannot start the consumer: {e}"))?;
    let drain = |mut r: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut buf = Vec::new();
            let _ = r.read_to_end(&mut buf);
            String::from_utf8_lossy(&buf).into_owned()
        })
    };
    let out = drain(Box::new(child.stdout.take().expect("piped stdout")));
    let err = drain(Box::new(child.stderr.take().expect("piped stderr")));
    let start = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if start.elapsed() > timeout => {
                #[cfg(unix)]
                let _ = Command::new("kill")
                    .args(["-KILL", "--", &format!("-{}", child.id())])
                    .status();
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(10)),
            Err(e) => return Err(format!("waiting for the consumer: {e}")),
        }
    };
    let stdout = out.join().unwrap_or_default();
    let stderr = err.join().unwrap_or_default();
    let tail = |s: &str| {
        let lines: Vec<&str> = s.lines().collect();
        lines[lines.len().saturating_sub(8)..].join("\n    ")
    };
    let Some(status) = status else {
        return Err(format!(
            "timed out after {:?} and was killed; stderr:\n    {}",
            timeout,
            tail(&stderr)
        ));
    };
    #[cfg(unix)]
    if let Some(sig) = status.signal() {
        return Err(format!(
            "killed by {}{}; stderr:\n    {}",
            signal_name(sig),
            if status.core_dumped() {
                ", core dumped"
            } else {
                ""
            },
            tail(&stderr)
        ));
    }
    if status.code() != Some(0) {
        #[cfg(windows)]
        let how = windows_exit(status.code().unwrap_or(-1));
        #[cfg(unix)]
        let how = format!("exited with {status}");
        return Err(format!("{how}; stderr:\n    {}", tail(&stderr)));
    }
    serde_json::from_str(stdout.trim()).map_err(|e| {
        format!(
            "its stdout is not one JSON object ({e}): {stdout}\nstderr:\n    {}",
            tail(&stderr)
        )
    })
}

pub fn text<'a>(r: &'a Value, key: &str) -> &'a str {
    r[key].as_str().unwrap_or("")
}

pub fn codes(r: &Value) -> Vec<String> {
    r["doctor"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|c| c.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}
