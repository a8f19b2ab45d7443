//! cuDNN installs as users have them, complete and broken: real cuDNN files
//! arranged in temporary folders (symbolic links to the unpacked wheels; a
//! truncated file is a copy of the first MiB), each layout run through the
//! `cudnn-consumer` binary in a child process with a controlled environment
//! (`PATH` and a scratch `HOME`, plus `CUDNN_LIB_DIR` or `LD_LIBRARY_PATH`
//! as the layout says). Every child must exit 0, not die of a signal, and
//! report the outcome its row expects.
//!
//! The expectations are data: the tables `SUBS_8`, `SUBS_9` and `SUBS_JIT`
//! say what losing each sub-library costs (the library does not load, or
//! these op families fail with `SublibraryUnavailable` naming the file),
//! and `rows` turns each into the layouts "removed" and "truncated" beside
//! the healthy ones; the mixed-version rows are in the tests themselves.
//! Each test prints its table of layout -> observed outcome (`--nocapture`).
//!
//! The installs come from `scripts/fetch-cudnn.sh` through the environment
//! (`scripts/test.sh` exports them all):
//!
//! | variable          | install                     | used for                                    |
//! | ----------------- | --------------------------- | ------------------------------------------- |
//! | `CUDNN_8_LIB`     | 8.9.5.30                    | the cuDNN 8 layouts                         |
//! | `CUDNN_9_LIB`     | 9.28.0.42                   | the cuDNN 9 layouts                         |
//! | `CUDNN_8_9_7_LIB` | 8.9.7.29                    | a cnn_infer of another release, mixed in    |
//! | `CUDNN_CU13_LIB`  | 9.28.1.4 for CUDA 13        | an ops of another release, mixed in         |
//! | `CUDNN_JIT_LIB`   | 9.27.0.42, graph-only (JIT) | the JIT layouts; a graph of another release |
//!
//! (`CUDNN_<X>_VERSION`, when set, is the version each must report.) With
//! `CUDNN_TEST_REQUIRE=1` a missing install is a failure; without it the
//! rows that need it say why they did not run. `CUDNN_TEST_GPU=1` (a GPU
//! machine, which has its own cuDNN and not the fetched ones) skips them.
//!
//! `in_process_library_fits_the_layout` checks the process's own library
//! (`CUDNN_LIB_DIR`) instead: every family works, or, with
//! `CUDNN_TEST_LAYOUT=jit`, the families of the graph-only install fail
//! with typed errors. `scripts/test.sh` runs it in every row, and in the
//! JIT row runs only it and the `jit_` tests:
//! `cargo test --test install_layouts -- jit_ in_process`.

#![cfg(target_os = "linux")]

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::io::Read;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

/// The consumer's report keys of the op families, in the order it runs them.
const FAMILIES: [&str; 4] = ["tensor", "activation", "conv", "rnn"];

/// What losing one file of an install costs.
#[derive(Clone, Copy, Debug)]
enum Loss {
    /// The library does not load; the error names the file.
    Load,
    /// These families fail with `SublibraryUnavailable` naming the file
    /// (the families whose functions live in it or in a file that needs it);
    /// the others work.
    Families(&'static [&'static str]),
}

/// One sub-library of an install.
struct Sub {
    file: &'static str,
    loss: Loss,
}

const fn sub(file: &'static str, loss: Loss) -> Sub {
    Sub { file, loss }
}

/// cuDNN 8: tensor and activation descriptors live in ops_infer, the
/// convolution descriptor in cnn_infer, the RNN descriptor in adv_infer;
/// the *_train libraries only add backward passes (cnn_train needs
/// cnn_infer and ops_train, adv_train needs adv_infer and ops_train,
/// ops_train needs ops_infer).
const SUBS_8: &[Sub] = &[
    sub("libcudnn_ops_infer.so.8", Loss::Load),
    sub("libcudnn_ops_train.so.8", Loss::Families(&[])),
    sub("libcudnn_cnn_infer.so.8", Loss::Families(&["conv"])),
    sub("libcudnn_cnn_train.so.8", Loss::Families(&[])),
    sub("libcudnn_adv_infer.so.8", Loss::Families(&["rnn"])),
    sub("libcudnn_adv_train.so.8", Loss::Families(&[])),
];

/// cuDNN 9: graph is needed to load at all; tensor and activation live in
/// ops, the convolution descriptor in cnn, the RNN descriptor in adv (cnn
/// and adv need ops and graph); the engine, heuristic and ext libraries
/// serve no host-side family.
const SUBS_9: &[Sub] = &[
    sub("libcudnn_graph.so.9", Loss::Load),
    sub(
        "libcudnn_ops.so.9",
        Loss::Families(&["tensor", "activation", "conv", "rnn"]),
    ),
    sub("libcudnn_cnn.so.9", Loss::Families(&["conv"])),
    sub("libcudnn_adv.so.9", Loss::Families(&["rnn"])),
    sub("libcudnn_engines_precompiled.so.9", Loss::Families(&[])),
    sub(
        "libcudnn_engines_runtime_compiled.so.9",
        Loss::Families(&[]),
    ),
    sub("libcudnn_engines_tensor_ir.so.9", Loss::Families(&[])),
    sub("libcudnn_heuristic.so.9", Loss::Families(&[])),
    sub("libcudnn_ext.so.9", Loss::Families(&[])),
];

/// The graph-only (JIT) install: libcudnn, graph and the runtime-compiled
/// engines.
const SUBS_JIT: &[Sub] = &[
    sub("libcudnn_graph.so.9", Loss::Load),
    sub(
        "libcudnn_engines_runtime_compiled.so.9",
        Loss::Families(&[]),
    ),
];

/// What the JIT install lacks by design: every family of the legacy API
/// fails, naming the first missing file its call needs (the convolution
/// problem starts with a tensor descriptor).
const JIT_BASE: &[(&str, &str)] = &[
    ("tensor", "libcudnn_ops.so.9"),
    ("activation", "libcudnn_ops.so.9"),
    ("conv", "libcudnn_ops.so.9"),
    ("rnn", "libcudnn_adv.so.9"),
];

/// One of the installs `scripts/fetch-cudnn.sh` provides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Install {
    Pin8,
    Pin9,
    Cudnn897,
    Cu13,
    Jit,
}

impl Install {
    /// The fetch script's variable prefix.
    fn var(self) -> &'static str {
        match self {
            Install::Pin8 => "CUDNN_8",
            Install::Pin9 => "CUDNN_9",
            Install::Cudnn897 => "CUDNN_8_9_7",
            Install::Cu13 => "CUDNN_CU13",
            Install::Jit => "CUDNN_JIT",
        }
    }

    fn major(self) -> u32 {
        match self {
            Install::Pin8 | Install::Cudnn897 => 8,
            _ => 9,
        }
    }

    fn main_file(self) -> &'static str {
        if self.major() == 8 {
            "libcudnn.so.8"
        } else {
            "libcudnn.so.9"
        }
    }

    /// Its folder, `Ok(None)` when it is not there and not required.
    fn dir(self) -> Result<Option<PathBuf>, String> {
        let var = format!("{}_LIB", self.var());
        match std::env::var_os(&var).map(PathBuf::from) {
            Some(d) if d.join(self.main_file()).is_file() => Ok(Some(d)),
            Some(d) if required() => Err(format!(
                "{var}={} holds no {} (run scripts/fetch-cudnn.sh)",
                d.display(),
                self.main_file()
            )),
            None if required() => Err(format!(
                "CUDNN_TEST_REQUIRE=1 but {var} is not set (scripts/test.sh sets it)"
            )),
            _ => Ok(None),
        }
    }

    /// The version its library reports (`9.28.0`), from `<var>_VERSION`
    /// (`9.28.0.42`); `None` when that is not set.
    fn expected_version(self) -> Option<String> {
        let v = std::env::var(format!("{}_VERSION", self.var())).ok()?;
        Some(v.split('.').take(3).collect::<Vec<_>>().join("."))
    }
}

fn required() -> bool {
    std::env::var_os("CUDNN_TEST_REQUIRE").is_some_and(|v| v == "1")
        && std::env::var_os("CUDNN_TEST_GPU").is_none_or(|v| v != "1")
}

/// How a layout is arranged.
#[derive(Clone, Debug)]
enum Arrange {
    /// The unpacked folder itself, through `CUDNN_LIB_DIR`.
    Unpacked,
    /// A folder of links to every file, reached only through
    /// `CUDNN_LIB_DIR` (`LD_LIBRARY_PATH` empty).
    OffSearchPath,
    /// A folder of links without this file, through `CUDNN_LIB_DIR`.
    Removed(&'static str),
    /// A folder of links with the first MiB of this file instead of it.
    Truncated(&'static str),
    /// A folder of links with this file taken from another install.
    Mixed(&'static str, Install),
    /// Two complete folders of links on `LD_LIBRARY_PATH`, `CUDNN_LIB_DIR`
    /// unset: the first loads, the second is shadowed.
    Shadowed,
}

/// What a layout must give.
#[derive(Clone, Debug)]
enum LoadExpect {
    /// It loads; families not listed work, the listed ones fail with
    /// `SublibraryUnavailable` naming the file.
    Ok(BTreeMap<&'static str, &'static str>),
    /// Loading fails with an error naming the file and saying one of the
    /// words (any, when empty); every family then fails too.
    Fails(&'static str, &'static [&'static str]),
}

#[derive(Clone, Debug)]
struct Row {
    name: String,
    install: Install,
    arrange: Arrange,
    load: LoadExpect,
    /// Finding codes the doctor must report (with the file named in the
    /// message when there is one).
    doctor: Vec<(&'static str, Option<&'static str>)>,
    /// Finding codes the doctor must not report.
    doctor_not: Vec<&'static str>,
}

const MISSING_WORDS: &[&str] = &["missing", "no such file", "not found", "cannot open"];
const TRUNCATED_WORDS: &[&str] = &["truncated"];
/// The findings of a damaged install. (`sublibrary-load-failed` is not one
/// of them: without a GPU, cuDNN 9's runtime-compiled engines cannot load,
/// for want of `libcuda.so.1`, and the doctor says so as a warning.)
const DAMAGE_CODES: &[&str] = &[
    "sublibrary-missing",
    "sublibrary-version-mixed",
    "truncated-file",
];

fn base_families(install: Install) -> BTreeMap<&'static str, &'static str> {
    if install == Install::Jit {
        JIT_BASE.iter().copied().collect()
    } else {
        BTreeMap::new()
    }
}

/// What losing `s` costs on top of `install`'s own gaps.
fn after_loss(install: Install, s: &Sub, words: &'static [&'static str]) -> LoadExpect {
    match s.loss {
        Loss::Load => LoadExpect::Fails(s.file, words),
        Loss::Families(families) => {
            let mut m = base_families(install);
            for f in families {
                m.entry(f).or_insert(s.file);
            }
            LoadExpect::Ok(m)
        }
    }
}

/// Every layout of `install` whose files are in `subs`.
fn rows(install: Install, subs: &[Sub]) -> Vec<Row> {
    let tag = if install == Install::Jit {
        "jit"
    } else if install.major() == 8 {
        "8.x"
    } else {
        "9.x"
    };
    let healthy = |name: &str, arrange: Arrange, mut doctor: Vec<_>| {
        if install == Install::Jit {
            // The doctor recognises the graph-only install, and does not
            // count its absent legacy libraries as missing.
            doctor.push(("jit-layout", None));
        }
        Row {
            name: format!("{tag}: {name}"),
            install,
            arrange,
            load: LoadExpect::Ok(base_families(install)),
            doctor,
            doctor_not: DAMAGE_CODES.to_vec(),
        }
    };
    let mut out = vec![
        healthy(
            "the unpacked folder via CUDNN_LIB_DIR",
            Arrange::Unpacked,
            vec![],
        ),
        healthy(
            "a folder off every search path, via CUDNN_LIB_DIR",
            Arrange::OffSearchPath,
            vec![],
        ),
    ];
    if install != Install::Jit {
        out.push(healthy(
            "a second copy on LD_LIBRARY_PATH",
            Arrange::Shadowed,
            vec![("shadowed", None)],
        ));
    }
    for s in subs {
        out.push(Row {
            name: format!("{tag}: {} removed", s.file),
            install,
            arrange: Arrange::Removed(s.file),
            load: after_loss(install, s, MISSING_WORDS),
            doctor: vec![("sublibrary-missing", Some(s.file))],
            doctor_not: vec!["truncated-file"],
        });
        out.push(Row {
            name: format!("{tag}: {} truncated", s.file),
            install,
            arrange: Arrange::Truncated(s.file),
            load: after_loss(install, s, TRUNCATED_WORDS),
            doctor: vec![("truncated-file", Some(s.file))],
            doctor_not: vec![],
        });
    }
    out
}

/// A file of another version mixed into a complete folder.
fn mixed(install: Install, file: &'static str, from: Install, load: LoadExpect) -> Row {
    Row {
        name: format!(
            "{}.x: {file} of {} mixed in",
            install.major(),
            from.expected_version()
                .unwrap_or_else(|| from.var().to_string())
        ),
        install,
        arrange: Arrange::Mixed(file, from),
        load,
        doctor: vec![("sublibrary-version-mixed", Some(file))],
        doctor_not: vec!["truncated-file"],
    }
}

fn families(list: &[(&'static str, &'static str)]) -> BTreeMap<&'static str, &'static str> {
    list.iter().copied().collect()
}

// ---------------------------------------------------------------------------
// Arranging and running.

fn scratch_root() -> PathBuf {
    std::env::temp_dir().join(format!("cudnn-rs-layouts-{}", std::process::id()))
}

fn link_all(from: &Path, to: &Path, skip: &[&str]) -> std::io::Result<()> {
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

/// The environment of a layout's child, beyond `PATH` and `HOME`.
struct Arranged {
    env: Vec<(&'static str, OsString)>,
    /// The folder whose library must be the one loaded.
    loads_from: PathBuf,
}

fn arrange(row: &Row, src: &Path, dir: &Path) -> Result<Arranged, String> {
    let io = |e: std::io::Error| format!("arranging {}: {e}", dir.display());
    let via_lib_dir = |d: &Path| Arranged {
        env: vec![
            ("CUDNN_LIB_DIR", d.as_os_str().to_owned()),
            ("LD_LIBRARY_PATH", OsString::new()),
        ],
        loads_from: d.to_owned(),
    };
    Ok(match &row.arrange {
        Arrange::Unpacked => Arranged {
            env: vec![("CUDNN_LIB_DIR", src.as_os_str().to_owned())],
            loads_from: src.to_owned(),
        },
        Arrange::OffSearchPath => {
            link_all(src, dir, &[]).map_err(io)?;
            via_lib_dir(dir)
        }
        Arrange::Removed(file) => {
            link_all(src, dir, &[file]).map_err(io)?;
            via_lib_dir(dir)
        }
        Arrange::Truncated(file) => {
            link_all(src, dir, &[file]).map_err(io)?;
            let mut head = Vec::with_capacity(1 << 20);
            std::fs::File::open(src.join(file))
                .and_then(|f| f.take(1 << 20).read_to_end(&mut head))
                .map_err(io)?;
            std::fs::write(dir.join(file), &head).map_err(io)?;
            via_lib_dir(dir)
        }
        Arrange::Mixed(file, from) => {
            let other = from
                .dir()?
                .ok_or_else(|| format!("{}_LIB is not set", from.var()))?;
            link_all(src, dir, &[file]).map_err(io)?;
            std::os::unix::fs::symlink(other.join(file), dir.join(file)).map_err(io)?;
            via_lib_dir(dir)
        }
        Arrange::Shadowed => {
            let (a, b) = (dir.join("first"), dir.join("second"));
            link_all(src, &a, &[]).map_err(io)?;
            link_all(src, &b, &[]).map_err(io)?;
            let path = std::env::join_paths([&a, &b]).map_err(|e| e.to_string())?;
            Arranged {
                env: vec![("LD_LIBRARY_PATH", path)],
                loads_from: a,
            }
        }
    })
}

fn signal_name(sig: i32) -> String {
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
mod libc_sig {
    pub const SIGILL: i32 = 4;
    pub const SIGABRT: i32 = 6;
    pub const SIGBUS: i32 = 7;
    pub const SIGFPE: i32 = 8;
    pub const SIGKILL: i32 = 9;
    pub const SIGSEGV: i32 = 11;
    pub const SIGTERM: i32 = 15;
}

/// How long one child may take.
const CHILD_TIMEOUT: Duration = Duration::from_secs(120);

/// Runs the consumer with `env` (plus `PATH` and `home`) and returns its
/// report, or why there is none.
fn run_consumer(env: &[(&'static str, OsString)], home: &Path) -> Result<Value, String> {
    run_child(
        Command::new(env!("CARGO_BIN_EXE_cudnn-consumer")),
        env,
        home,
        CHILD_TIMEOUT,
    )
}

/// Runs `cmd` with `env` (plus `PATH` and `home`) and returns the JSON
/// object it printed, or why there is none: a signal (by name), a non-zero
/// exit, a timeout or output that is not one JSON object.
fn run_child(
    mut cmd: Command,
    env: &[(&'static str, OsString)],
    home: &Path,
    timeout: Duration,
) -> Result<Value, String> {
    cmd.env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", home)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in env {
        cmd.env(k, v);
    }
    // A group of its own, so that a timeout kills whatever it started too
    // (a process left holding the pipes would keep the readers waiting).
    cmd.process_group(0);
    let mut child = cmd
        .spawn()
        .map_err(|e| format!("cannot start the consumer: {e}"))?;
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
        return Err(format!(
            "exited with {status}; stderr:\n    {}",
            tail(&stderr)
        ));
    }
    serde_json::from_str(stdout.trim()).map_err(|e| {
        format!(
            "its stdout is not one JSON object ({e}): {stdout}\nstderr:\n    {}",
            tail(&stderr)
        )
    })
}

fn text<'a>(r: &'a Value, key: &str) -> &'a str {
    r[key].as_str().unwrap_or("")
}

fn codes(r: &Value) -> Vec<String> {
    r["doctor"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|c| c.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

/// The observed outcome, one line: `load` then each family.
fn summary(r: &Value) -> String {
    let mut parts = Vec::new();
    let cell = |key: &str| -> String {
        let v = text(r, key);
        if v == "ok" {
            "ok".into()
        } else {
            let kind = text(r, &format!("{key}_kind"));
            let file = v
                .split(|c: char| c.is_whitespace() || c == '(' || c == ')' || c == ',' || c == ':')
                .find(|w| w.starts_with("libcudnn") && w.contains(".so"))
                .unwrap_or("");
            format!("{kind}[{file}]")
        }
    };
    parts.push(format!("load={}", cell("load")));
    if text(r, "load") == "ok" {
        parts.push(format!("v{}", text(r, "version")));
    }
    for f in FAMILIES {
        parts.push(format!("{f}={}", cell(f)));
    }
    let mut doctor = codes(r);
    doctor.dedup();
    parts.push(format!("doctor={}", doctor.join(",")));
    parts.join(" ")
}

/// The differences between a report and its row's expectation.
fn check(row: &Row, arranged: &Arranged, r: &Value) -> Vec<String> {
    let mut bad = Vec::new();
    let load = text(r, "load");
    match &row.load {
        LoadExpect::Ok(unavailable) => {
            if load != "ok" {
                bad.push(format!("expected it to load, got {load}"));
                return bad;
            }
            if let Some(v) = row.install.expected_version() {
                if text(r, "version") != v {
                    bad.push(format!("expected version {v}, got {}", text(r, "version")));
                }
            } else if !text(r, "version").starts_with(&format!("{}.", row.install.major())) {
                bad.push(format!(
                    "expected cuDNN {}, got {}",
                    row.install.major(),
                    text(r, "version")
                ));
            }
            let path = Path::new(text(r, "path"));
            if path != arranged.loads_from.join(row.install.main_file()) {
                bad.push(format!(
                    "expected {} to be loaded, got {}",
                    arranged.loads_from.join(row.install.main_file()).display(),
                    path.display()
                ));
            }
            let via_lib_dir = arranged.env.iter().any(|(k, _)| *k == "CUDNN_LIB_DIR");
            let want_found_by = if via_lib_dir {
                "CUDNN_LIB_DIR"
            } else {
                "the system loader's search path"
            };
            if text(r, "found_by") != want_found_by {
                bad.push(format!(
                    "expected it found by {want_found_by}, got {}",
                    text(r, "found_by")
                ));
            }
            for f in FAMILIES {
                let got = text(r, f);
                match unavailable.get(f) {
                    None if got != "ok" => bad.push(format!("{f}: expected ok, got {got}")),
                    None => {}
                    Some(file) => {
                        let kind = text(r, &format!("{f}_kind"));
                        if kind != "SublibraryUnavailable" || !got.contains(file) {
                            bad.push(format!(
                                "{f}: expected SublibraryUnavailable naming {file}, got {kind}: {got}"
                            ));
                        }
                    }
                }
            }
            if text(r, "conv") == "ok" && r["conv_dims"] != serde_json::json!([1, 8, 8, 8]) {
                bad.push(format!(
                    "conv: cuDNN's output dims {} are not [1,8,8,8]",
                    r["conv_dims"]
                ));
            }
        }
        LoadExpect::Fails(file, words) => {
            let lower = load.to_lowercase();
            if !load.starts_with("error: ")
                || !load.contains(file)
                || !(words.is_empty() || words.iter().any(|w| lower.contains(w)))
            {
                bad.push(format!(
                    "expected the load to fail naming {file} ({}), got {load}",
                    words.join(" / ")
                ));
            }
            for f in FAMILIES {
                if text(r, f) == "ok" {
                    bad.push(format!("{f}: ok although nothing loaded"));
                }
            }
        }
    }
    let findings = r["doctor_findings"].as_array().cloned().unwrap_or_default();
    for (code, file) in &row.doctor {
        let hit = findings.iter().any(|f| {
            f["code"] == *code
                && file.is_none_or(|n| f["message"].as_str().unwrap_or("").contains(n))
        });
        if !hit {
            bad.push(format!(
                "doctor: expected `{code}`{} in {:?}",
                file.map(|f| format!(" naming {f}")).unwrap_or_default(),
                codes(r)
            ));
        }
    }
    for code in &row.doctor_not {
        if codes(r).iter().any(|c| c == code) {
            bad.push(format!("doctor: unexpected `{code}` in {:?}", codes(r)));
        }
    }
    bad
}

/// A row's index, name, the consumer's report (or why there is none) and
/// how it differs from the row's expectation.
type RowResult = (usize, String, Result<Value, String>, Vec<String>);

/// Arranges and runs every row (a few children at a time), prints the
/// table of layout → observed outcome, and fails listing every row that
/// did not give what it expects.
fn run_rows(test: &str, rows: Vec<Row>) {
    let root = scratch_root().join(test);
    let _ = std::fs::remove_dir_all(&root);
    let home = root.join("home");
    std::fs::create_dir_all(&home).expect("scratch home");

    let mut problems: Vec<String> = Vec::new();
    let mut runnable = Vec::new();
    'rows: for (i, row) in rows.into_iter().enumerate() {
        // The install the row arranges, and the one it mixes in.
        let mut needs = vec![row.install];
        if let Arrange::Mixed(_, from) = row.arrange {
            needs.push(from);
        }
        for install in needs {
            match install.dir() {
                Ok(Some(_)) => {}
                Ok(None) => {
                    eprintln!(
                        "not run: {} ({}_LIB is not set; scripts/test.sh sets it)",
                        row.name,
                        install.var()
                    );
                    continue 'rows;
                }
                Err(e) => {
                    problems.push(format!("{}: {e}", row.name));
                    continue 'rows;
                }
            }
        }
        if let Ok(Some(src)) = row.install.dir() {
            runnable.push((i, row, src));
        }
    }
    let width = std::thread::available_parallelism().map_or(2, |n| n.get().clamp(2, 4));
    let mut results: Vec<RowResult> = Vec::new();
    for chunk in runnable.chunks(width) {
        std::thread::scope(|s| {
            let handles: Vec<_> = chunk
                .iter()
                .map(|(i, row, src)| {
                    let dir = root.join(format!("row-{i}"));
                    let home = &home;
                    s.spawn(move || {
                        let arranged = match arrange(row, src, &dir) {
                            Ok(a) => a,
                            Err(e) => return (*i, row.name.clone(), Err(e), Vec::new()),
                        };
                        let report = run_consumer(&arranged.env, home);
                        let bad = match &report {
                            Ok(r) => check(row, &arranged, r),
                            Err(_) => Vec::new(),
                        };
                        (*i, row.name.clone(), report, bad)
                    })
                })
                .collect();
            for h in handles {
                results.push(h.join().expect("a row's thread panicked"));
            }
        });
    }
    results.sort_by_key(|r| r.0);

    let name_width = results.iter().map(|r| r.1.len()).max().unwrap_or(0);
    println!("layout -> observed ({test}):");
    for (_, name, report, bad) in &results {
        let observed = match report {
            Ok(r) => summary(r),
            Err(e) => format!("CHILD FAILED: {}", e.lines().next().unwrap_or("")),
        };
        let mark = if report.is_ok() && bad.is_empty() {
            "ok  "
        } else {
            "FAIL"
        };
        println!("  {mark} {name:name_width$} -> {observed}");
        match report {
            Err(e) => problems.push(format!("{name}: the consumer {e}")),
            Ok(r) if !bad.is_empty() => problems.push(format!(
                "{name}:\n    {}\n    report: {r}",
                bad.join("\n    ")
            )),
            Ok(_) => {}
        }
    }
    if problems.is_empty() {
        let _ = std::fs::remove_dir_all(&root);
    }
    assert!(
        problems.is_empty(),
        "{} of {} layouts did not give the expected outcome (files left in {}):\n{}",
        problems.len(),
        results.len(),
        root.display(),
        problems.join("\n")
    );
}

/// Every file of the install's folder is a row of its table (so that a
/// release with another sub-library gets rows for it), and every row's file
/// is there.
fn table_matches_folder(install: Install, subs: &[Sub]) {
    let Ok(Some(dir)) = install.dir() else { return };
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .expect("read the install's folder")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("libcudnn") && n != install.main_file())
        .collect();
    files.sort();
    let mut table: Vec<String> = subs.iter().map(|s| s.file.to_string()).collect();
    table.sort();
    assert_eq!(
        files,
        table,
        "the sub-libraries in {} and the table of {install:?}",
        dir.display()
    );
}

// ---------------------------------------------------------------------------
// The tests.

#[test]
fn pinned_8_layouts() {
    table_matches_folder(Install::Pin8, SUBS_8);
    let mut rows = rows(Install::Pin8, SUBS_8);
    // cuDNN's own cudnnCnnInferVersionCheck reports the mismatch.
    rows.push(mixed(
        Install::Pin8,
        "libcudnn_cnn_infer.so.8",
        Install::Cudnn897,
        LoadExpect::Ok(families(&[("conv", "libcudnn_cnn_infer.so.8")])),
    ));
    run_rows("pinned-8", rows);
}

#[test]
fn pinned_9_layouts() {
    table_matches_folder(Install::Pin9, SUBS_9);
    let mut rows = rows(Install::Pin9, SUBS_9);
    rows.push(mixed(
        Install::Pin9,
        "libcudnn_graph.so.9",
        Install::Jit,
        LoadExpect::Fails("libcudnn_graph.so.9", &[]),
    ));
    rows.push(mixed(
        Install::Pin9,
        "libcudnn_ops.so.9",
        Install::Cu13,
        LoadExpect::Ok(families(&[
            ("tensor", "libcudnn_ops.so.9"),
            ("activation", "libcudnn_ops.so.9"),
            ("conv", "libcudnn_ops.so.9"),
            ("rnn", "libcudnn_ops.so.9"),
        ])),
    ));
    run_rows("pinned-9", rows);
}

#[test]
fn jit_layouts() {
    table_matches_folder(Install::Jit, SUBS_JIT);
    run_rows("jit", rows(Install::Jit, SUBS_JIT));
}

/// The process's own library (`CUDNN_LIB_DIR`, as the test run set it):
/// every family works, or, with `CUDNN_TEST_LAYOUT=jit`, the legacy
/// families fail with `SublibraryUnavailable` naming the missing file.
#[test]
fn in_process_library_fits_the_layout() {
    let layout = std::env::var("CUDNN_TEST_LAYOUT").unwrap_or_else(|_| "full".into());
    let expected: BTreeMap<&str, &str> = match layout.as_str() {
        "full" => BTreeMap::new(),
        "jit" => JIT_BASE.iter().copied().collect(),
        other => panic!("CUDNN_TEST_LAYOUT={other}: expected `full` or `jit`"),
    };
    let r = cudnn_consumer::probe();
    let load = r["load"].as_str().unwrap_or("");
    if load != "ok" {
        if std::env::var_os("CUDNN_TEST_REQUIRE").is_some_and(|v| v == "1") {
            panic!("CUDNN_TEST_REQUIRE=1 but cuDNN did not load: {load}");
        }
        eprintln!(
            "not run: cuDNN did not load (set CUDNN_LIB_DIR, or run scripts/test.sh): {load}"
        );
        return;
    }
    if let Ok(v) = std::env::var("CUDNN_TEST_EXPECT_VERSION") {
        assert_eq!(r["version"], v.as_str(), "{r:?}");
    }
    for f in FAMILIES {
        let got = r[f].as_str().unwrap_or("");
        match expected.get(f) {
            None => assert_eq!(got, "ok", "{f} in layout {layout}"),
            Some(file) => {
                assert_eq!(
                    r[&format!("{f}_kind")],
                    "SublibraryUnavailable",
                    "{f} in layout {layout}: {got}"
                );
                assert!(got.contains(file), "{f} names {file}: {got}");
            }
        }
    }
}

/// The harness itself: a child that dies of a signal is reported by the
/// signal's name, one that hangs is killed, and neither hangs the test.
#[test]
fn harness_reports_signals_and_timeouts() {
    let home = std::env::temp_dir();
    let sh = |script: &str| {
        let mut c = Command::new("sh");
        c.args(["-c", script]);
        c
    };
    let err = run_child(
        sh("echo started >&2; kill -ABRT $$"),
        &[],
        &home,
        CHILD_TIMEOUT,
    )
    .expect_err("killed");
    assert!(err.starts_with("killed by SIGABRT (signal 6)"), "{err}");
    assert!(
        err.contains("started"),
        "the child's stderr is shown: {err}"
    );
    let err = run_child(sh("kill -BUS $$"), &[], &home, CHILD_TIMEOUT).expect_err("killed");
    assert!(err.starts_with("killed by SIGBUS (signal 7)"), "{err}");
    let start = Instant::now();
    let err = run_child(sh("sleep 30"), &[], &home, Duration::from_millis(300)).expect_err("hangs");
    assert!(err.starts_with("timed out after 300ms"), "{err}");
    assert!(
        start.elapsed() < Duration::from_secs(20),
        "{:?}",
        start.elapsed()
    );
    let err = run_child(sh("exit 3"), &[], &home, CHILD_TIMEOUT).expect_err("fails");
    assert!(err.starts_with("exited with exit status: 3"), "{err}");
    let err = run_child(sh("echo not json"), &[], &home, CHILD_TIMEOUT).expect_err("not JSON");
    assert!(
        err.starts_with("its stdout is not one JSON object"),
        "{err}"
    );
    let env = [("CUDNN_PROBE", OsString::from("x"))];
    let ok = run_child(
        sh(r#"printf '{"probe":"%s","home":"%s"}' "$CUDNN_PROBE" "$HOME""#),
        &env,
        &home,
        CHILD_TIMEOUT,
    )
    .expect("a JSON object");
    assert_eq!(ok["probe"], "x");
    assert_eq!(ok["home"], home.display().to_string());
}
