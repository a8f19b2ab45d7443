//! cuDNN installs as users have them, complete and broken: real cuDNN files
//! arranged in temporary folders, each layout run through the
//! `cudnn-consumer` binary in a child process with a controlled environment.
//! Every child must exit 0 (not die of a signal, not be ended by cuDNN) and
//! report the outcome its row expects.
//!
//! The expectations are data: the tables `SUBS_8`, `SUBS_9` and `SUBS_JIT`
//! say, by sub-library, what losing it costs (the library does not load, or
//! these op families fail with `SublibraryUnavailable` naming the file), and
//! `rows` turns each into the layouts "removed" and "truncated" beside the
//! healthy ones; the file names are the operating system's
//! (`libcudnn_ops.so.9`, `cudnn_ops64_9.dll`). Each test prints its table of
//! layout -> observed outcome and the doctor's finding codes
//! (`--nocapture`).
//!
//! # Linux
//!
//! The layouts are folders of symbolic links to the unpacked wheels (a
//! truncated file is a copy of its first MiB, or of its first half when it
//! is smaller than 2 MiB), reached through `CUDNN_LIB_DIR` or
//! `LD_LIBRARY_PATH`; the child gets only `PATH`, a scratch `HOME` and the
//! layout's variables. The installs come from `scripts/fetch-cudnn.sh`
//! through the environment (`scripts/test.sh` exports them all):
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
//! # Windows
//!
//! The same tables with the DLLs of NVIDIA's Windows wheels
//! (`scripts/fetch-cudnn.sh windows`; `scripts/test-windows.sh` runs these
//! tests under Wine), from `CUDNN_WIN_8_BIN` (8.9.5.29) and
//! `CUDNN_WIN_9_BIN` (9.28.0.42): Windows paths, or Linux paths, which are
//! drive `Z:` under Wine. The version each must report is
//! `CUDNN_WIN_<N>_VERSION` when set, else the version resource of its
//! `cudnn64_<N>.dll`; `CUDNN_TEST_REQUIRE=1` makes a missing folder a
//! failure.
//!
//! The layouts are folders of hard links (where the volume refuses them,
//! each file is copied once and linked from that copy), reached the ways a
//! Windows user reaches cuDNN: `CUDNN_LIB_DIR` on a folder off `PATH`; a
//! pip venv (`VIRTUAL_ENV`, `Lib\site-packages\nvidia\cudnn\bin`); conda
//! (`CONDA_PREFIX`, `Library\bin`); a CUDA toolkit (`CUDA_PATH`, `bin`);
//! `PATH` with a second copy of the same major after the first; `PATH`
//! with the folders of both majors, in either order (`cudnn64_9.dll`
//! loads, and the doctor lists the other as `other-major`); and a text file
//! in place of `cudnn64_<N>.dll` (Windows error 193). Besides, each
//! sub-DLL removed and truncated, as on Linux.
//!
//! The child keeps the Windows environment it needs to start, without any
//! variable that steers the cuDNN search (`CUDNN_*`, `CUDA_PATH*`,
//! `CUDA_HOME`, `VIRTUAL_ENV`, `CONDA_PREFIX`), runs in a scratch folder,
//! and its `PATH` is the system's folders (those holding no cuDNN) plus the
//! layout's. cuDNN's shim ends the process with exit status 9 when it
//! cannot load a sub-DLL; the harness names that status, and exceptions by
//! their code.
//!
//! `scripts/test-windows.sh` runs the workspace's tests once per release
//! with `CUDNN_TEST_EXPECT_VERSION` set: each major's layouts run in its
//! own pass (the two-majors layouts in the cuDNN 9 pass), and say that
//! they are not run in the other.
//!
//! # Both
//!
//! `in_process_library_fits_the_layout` checks the process's own library
//! (`CUDNN_LIB_DIR`) instead: every family works, or, with
//! `CUDNN_TEST_LAYOUT=jit`, the families of the graph-only install fail
//! with typed errors. `scripts/test.sh` runs it in every row, and in the
//! JIT row runs only it and the `jit_` tests:
//! `cargo test --test install_layouts -- jit_ in_process`.

#![cfg(any(target_os = "linux", windows))]

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use cudnn::sys::discovery::Os;
use serde_json::Value;

mod harness;
use harness::*;

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

/// One sub-library of an install, by its short name (`ops_infer`).
struct Sub {
    name: &'static str,
    loss: Loss,
}

const fn sub(name: &'static str, loss: Loss) -> Sub {
    Sub { name, loss }
}

/// The file name of sub-library `name` of cuDNN `major` on this operating
/// system (`libcudnn_ops.so.9`, `cudnn_ops64_9.dll`).
fn file_of(major: u32, name: &str) -> &'static str {
    Box::leak(cudnn::sys::sublibs::file_name(Os::current(), major, name).into_boxed_str())
}

/// cuDNN 8: tensor and activation descriptors live in ops_infer, the
/// convolution descriptor in cnn_infer, the RNN descriptor in adv_infer;
/// the *_train libraries only add backward passes (cnn_train needs
/// cnn_infer and ops_train, adv_train needs adv_infer and ops_train,
/// ops_train needs ops_infer).
const SUBS_8: &[Sub] = &[
    sub("ops_infer", Loss::Load),
    sub("ops_train", Loss::Families(&[])),
    sub("cnn_infer", Loss::Families(&["conv"])),
    sub("cnn_train", Loss::Families(&[])),
    sub("adv_infer", Loss::Families(&["rnn"])),
    sub("adv_train", Loss::Families(&[])),
];

/// cuDNN 9: graph is needed to load at all; tensor and activation live in
/// ops, the convolution descriptor in cnn, the RNN descriptor in adv (cnn
/// and adv need ops and graph); the engine, heuristic and ext libraries
/// serve no host-side family.
const SUBS_9: &[Sub] = &[
    sub("graph", Loss::Load),
    sub(
        "ops",
        Loss::Families(&["tensor", "activation", "conv", "rnn"]),
    ),
    sub("cnn", Loss::Families(&["conv"])),
    sub("adv", Loss::Families(&["rnn"])),
    sub("engines_precompiled", Loss::Families(&[])),
    sub("engines_runtime_compiled", Loss::Families(&[])),
    sub("engines_tensor_ir", Loss::Families(&[])),
    sub("heuristic", Loss::Families(&[])),
    sub("ext", Loss::Families(&[])),
];

/// The graph-only (JIT) install: libcudnn, graph and the runtime-compiled
/// engines.
#[cfg(target_os = "linux")]
const SUBS_JIT: &[Sub] = &[
    sub("graph", Loss::Load),
    sub("engines_runtime_compiled", Loss::Families(&[])),
];

/// What the JIT install lacks by design: every family of the legacy API
/// fails, naming the first missing sub-library its call needs (the
/// convolution problem starts with a tensor descriptor).
#[cfg(target_os = "linux")]
const JIT_BASE: &[(&str, &str)] = &[
    ("tensor", "ops"),
    ("activation", "ops"),
    ("conv", "ops"),
    ("rnn", "adv"),
];

/// `JIT_BASE` with file names.
#[cfg(target_os = "linux")]
fn jit_base() -> BTreeMap<&'static str, &'static str> {
    JIT_BASE.iter().map(|&(f, s)| (f, file_of(9, s))).collect()
}

/// One of the installs `scripts/fetch-cudnn.sh` provides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Install {
    Pin8,
    Pin9,
    #[cfg(target_os = "linux")]
    Cudnn897,
    #[cfg(target_os = "linux")]
    Cu13,
    #[cfg(target_os = "linux")]
    Jit,
}

/// The suffix of the variable naming an install's folder.
#[cfg(target_os = "linux")]
const FOLDER_VAR: &str = "LIB";
#[cfg(windows)]
const FOLDER_VAR: &str = "BIN";

impl Install {
    /// The fetch script's variable prefix.
    fn var(self) -> &'static str {
        match self {
            #[cfg(target_os = "linux")]
            Install::Pin8 => "CUDNN_8",
            #[cfg(target_os = "linux")]
            Install::Pin9 => "CUDNN_9",
            #[cfg(target_os = "linux")]
            Install::Cudnn897 => "CUDNN_8_9_7",
            #[cfg(target_os = "linux")]
            Install::Cu13 => "CUDNN_CU13",
            #[cfg(target_os = "linux")]
            Install::Jit => "CUDNN_JIT",
            #[cfg(windows)]
            Install::Pin8 => "CUDNN_WIN_8",
            #[cfg(windows)]
            Install::Pin9 => "CUDNN_WIN_9",
        }
    }

    fn major(self) -> u32 {
        match self {
            Install::Pin8 => 8,
            #[cfg(target_os = "linux")]
            Install::Cudnn897 => 8,
            _ => 9,
        }
    }

    /// The main library's file name (`libcudnn.so.9`, `cudnn64_9.dll`).
    fn main_file(self) -> &'static str {
        match (Os::current(), self.major()) {
            (Os::Windows, 8) => "cudnn64_8.dll",
            (Os::Windows, _) => "cudnn64_9.dll",
            (_, 8) => "libcudnn.so.8",
            _ => "libcudnn.so.9",
        }
    }

    /// Its folder, `Ok(None)` when it is not there and not required.
    fn dir(self) -> Result<Option<PathBuf>, String> {
        let var = format!("{}_{FOLDER_VAR}", self.var());
        match std::env::var_os(&var).map(|d| native_path(&d)) {
            Some(d) if d.join(self.main_file()).is_file() => Ok(Some(d)),
            Some(d) if required() => Err(format!(
                "{var}={} holds no {} (run scripts/fetch-cudnn.sh{})",
                d.display(),
                self.main_file(),
                if cfg!(windows) { " windows" } else { "" }
            )),
            None if required() => Err(format!(
                "CUDNN_TEST_REQUIRE=1 but {var} is not set ({} sets it)",
                if cfg!(windows) {
                    "scripts/test-windows.sh"
                } else {
                    "scripts/test.sh"
                }
            )),
            _ => Ok(None),
        }
    }

    /// The version its library reports (`9.28.0`), from `<var>_VERSION`
    /// (`9.28.0.42`); on Windows, without it, from the version resource of
    /// its main DLL. `None` when neither says.
    fn expected_version(self) -> Option<String> {
        if let Ok(v) = std::env::var(format!("{}_VERSION", self.var())) {
            return Some(v.split('.').take(3).collect::<Vec<_>>().join("."));
        }
        if cfg!(windows) {
            let dll = self.dir().ok()??.join(self.main_file());
            let v = cudnn::sys::pe::inspect(&dll).ok()?.file_version?;
            return Some(format!("{}.{}.{}", v[0], v[1], v[2]));
        }
        None
    }
}

/// How a layout is arranged.
#[derive(Clone, Debug)]
enum Arrange {
    /// The unpacked folder itself, through `CUDNN_LIB_DIR`.
    Unpacked,
    /// A folder of links to every file, reached only through
    /// `CUDNN_LIB_DIR` (`LD_LIBRARY_PATH` empty; not on `PATH`).
    OffSearchPath,
    /// A folder of links without this file, through `CUDNN_LIB_DIR`.
    Removed(&'static str),
    /// A folder of links with the first MiB of this file (its first half,
    /// for one under 2 MiB) instead of it.
    Truncated(&'static str),
    /// A folder of links with this file taken from another install.
    #[cfg(target_os = "linux")]
    Mixed(&'static str, Install),
    /// Two complete folders of links on `LD_LIBRARY_PATH` (Windows:
    /// `PATH`), `CUDNN_LIB_DIR` unset: the first loads, the second is
    /// shadowed.
    Shadowed,
    /// A pip venv: `<venv>\Lib\site-packages\nvidia\cudnn\bin`, through
    /// `VIRTUAL_ENV`.
    #[cfg(windows)]
    Venv,
    /// A conda environment: `%CONDA_PREFIX%\Library\bin`, through
    /// `CONDA_PREFIX`.
    #[cfg(windows)]
    Conda,
    /// A CUDA toolkit: `%CUDA_PATH%\bin`, through `CUDA_PATH`.
    #[cfg(windows)]
    CudaToolkit,
    /// A folder of links whose main library is a text file, through
    /// `CUDNN_LIB_DIR`.
    #[cfg(windows)]
    MainNotADll,
    /// The folders of both installs on `PATH`, this one first,
    /// `CUDNN_LIB_DIR` unset.
    #[cfg(windows)]
    TwoMajorsOnPath(Install, Install),
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
    /// Copies of cuDNN the doctor must list: the file name and its status
    /// (`loaded`, `other-major`, ...).
    copies: Vec<(&'static str, &'static str)>,
}

const MISSING_WORDS: &[&str] = &["missing", "no such file", "not found", "cannot open"];
const TRUNCATED_WORDS: &[&str] = &["truncated"];
/// The findings of a damaged install. (`sublibrary-load-failed` is not one
/// of them: without a GPU, cuDNN 9's runtime-compiled engines cannot load
/// on Linux, for want of `libcuda.so.1`, and the doctor says so as a
/// warning; on Windows the version check of `cudnn_ext64_9.dll`, which
/// the Windows wheel ships as a small stub, answers NOT_SUPPORTED.)
const DAMAGE_CODES: &[&str] = &[
    "sublibrary-missing",
    "sublibrary-version-mixed",
    "truncated-file",
];

fn base_families(install: Install) -> BTreeMap<&'static str, &'static str> {
    #[cfg(target_os = "linux")]
    if install == Install::Jit {
        return jit_base();
    }
    let _ = install;
    BTreeMap::new()
}

/// What losing `s` costs on top of `install`'s own gaps.
fn after_loss(install: Install, s: &Sub, words: &'static [&'static str]) -> LoadExpect {
    let file = file_of(install.major(), s.name);
    match s.loss {
        Loss::Load => LoadExpect::Fails(file, words),
        Loss::Families(families) => {
            let mut m = base_families(install);
            for f in families {
                m.entry(f).or_insert(file);
            }
            LoadExpect::Ok(m)
        }
    }
}

fn is_jit(install: Install) -> bool {
    #[cfg(target_os = "linux")]
    if install == Install::Jit {
        return true;
    }
    let _ = install;
    false
}

/// Every layout of `install` whose sub-libraries are in `subs`.
fn rows(install: Install, subs: &[Sub]) -> Vec<Row> {
    let tag = if is_jit(install) {
        "jit"
    } else if install.major() == 8 {
        "8.x"
    } else {
        "9.x"
    };
    let healthy = |name: &str, arrange: Arrange, mut doctor: Vec<_>| {
        if is_jit(install) {
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
            copies: Vec::new(),
        }
    };
    let mut out = vec![healthy(
        "the unpacked folder via CUDNN_LIB_DIR",
        Arrange::Unpacked,
        vec![],
    )];
    #[cfg(target_os = "linux")]
    {
        out.push(healthy(
            "a folder off every search path, via CUDNN_LIB_DIR",
            Arrange::OffSearchPath,
            vec![],
        ));
        if !is_jit(install) {
            out.push(healthy(
                "a second copy on LD_LIBRARY_PATH",
                Arrange::Shadowed,
                vec![("shadowed", None)],
            ));
        }
    }
    #[cfg(windows)]
    {
        // The doctor notes a loaded folder that is not on PATH (other
        // programs, and the DLLs cuDNN opens at run time, are not found
        // there).
        let off_path = || vec![("dll-dir-not-on-path", None)];
        out.push(healthy(
            "a folder off PATH, via CUDNN_LIB_DIR",
            Arrange::OffSearchPath,
            off_path(),
        ));
        out.push(healthy(
            r"a pip venv (Lib\site-packages\nvidia\cudnn\bin), via VIRTUAL_ENV",
            Arrange::Venv,
            off_path(),
        ));
        out.push(healthy(
            r"conda (Library\bin), via CONDA_PREFIX",
            Arrange::Conda,
            off_path(),
        ));
        out.push(healthy(
            r"a CUDA toolkit (bin), via CUDA_PATH",
            Arrange::CudaToolkit,
            off_path(),
        ));
        let mut shadowed = healthy(
            "a second copy on PATH",
            Arrange::Shadowed,
            vec![("shadowed", None)],
        );
        shadowed.doctor_not.push("dll-dir-not-on-path");
        out.push(shadowed);
        out.push(Row {
            name: format!("{tag}: {} is a text file", install.main_file()),
            install,
            arrange: Arrange::MainNotADll,
            load: LoadExpect::Fails(install.main_file(), &["os error 193"]),
            doctor: vec![("windows-load-error", Some(install.main_file()))],
            doctor_not: vec!["truncated-file"],
            copies: Vec::new(),
        });
    }
    for s in subs {
        let file = file_of(install.major(), s.name);
        out.push(Row {
            name: format!("{tag}: {file} removed"),
            install,
            arrange: Arrange::Removed(file),
            load: after_loss(install, s, MISSING_WORDS),
            doctor: vec![("sublibrary-missing", Some(file))],
            doctor_not: vec!["truncated-file"],
            copies: Vec::new(),
        });
        out.push(Row {
            name: format!("{tag}: {file} truncated"),
            install,
            arrange: Arrange::Truncated(file),
            load: after_loss(install, s, TRUNCATED_WORDS),
            doctor: vec![("truncated-file", Some(file))],
            doctor_not: vec![],
            copies: Vec::new(),
        });
    }
    out
}

/// A file of another version mixed into a complete folder.
#[cfg(target_os = "linux")]
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
        copies: Vec::new(),
    }
}

#[cfg(target_os = "linux")]
fn families(list: &[(&'static str, &'static str)]) -> BTreeMap<&'static str, &'static str> {
    list.iter().copied().collect()
}

// ---------------------------------------------------------------------------
// Arranging and running.

/// The environment of a layout's child, beyond what every child gets.
struct Arranged {
    env: Vec<(&'static str, OsString)>,
    /// The folder whose library must be the one loaded.
    loads_from: PathBuf,
    /// How the library must say it was found.
    found_by: String,
}

/// The start of `src/file` as `dir/file`: its first MiB, or its first half
/// when it is smaller than 2 MiB.
fn write_head(src: &Path, dir: &Path, file: &str) -> std::io::Result<()> {
    let f = std::fs::File::open(src.join(file))?;
    let keep = (1u64 << 20).min(f.metadata()?.len() / 2);
    let mut head = Vec::with_capacity(keep as usize);
    f.take(keep).read_to_end(&mut head)?;
    std::fs::write(dir.join(file), &head)
}

/// Arranges `row`'s layout of the install in `src` in `dir` (`_pool` is
/// for the copies Windows makes where hard links are refused).
#[cfg(unix)]
fn arrange(row: &Row, src: &Path, dir: &Path, _pool: &Path) -> Result<Arranged, String> {
    let io = |e: std::io::Error| format!("arranging {}: {e}", dir.display());
    let via_lib_dir = |d: &Path| Arranged {
        env: vec![
            ("CUDNN_LIB_DIR", d.as_os_str().to_owned()),
            ("LD_LIBRARY_PATH", OsString::new()),
        ],
        loads_from: d.to_owned(),
        found_by: "CUDNN_LIB_DIR".into(),
    };
    Ok(match &row.arrange {
        Arrange::Unpacked => Arranged {
            env: vec![("CUDNN_LIB_DIR", src.as_os_str().to_owned())],
            loads_from: src.to_owned(),
            found_by: "CUDNN_LIB_DIR".into(),
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
            write_head(src, dir, file).map_err(io)?;
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
                found_by: "the system loader's search path".into(),
            }
        }
    })
}

/// `PATH` for a child: `dirs`, then the system's folders.
#[cfg(windows)]
fn path_with(dirs: &[&Path]) -> Result<OsString, String> {
    let system = system_path();
    let all = dirs
        .iter()
        .map(|d| d.to_path_buf())
        .chain(std::env::split_paths(&system));
    std::env::join_paths(all).map_err(|e| format!("PATH: {e}"))
}

/// Arranges `row`'s layout of the install in `src` in `dir`, with `pool`
/// for the copies made where hard links are refused.
#[cfg(windows)]
fn arrange(row: &Row, src: &Path, dir: &Path, pool: &Path) -> Result<Arranged, String> {
    use cudnn::sys::discovery::Source;
    let io = |e: std::io::Error| format!("arranging {}: {e}", dir.display());
    let link = |to: &Path, skip: &[&str]| link_all(src, to, skip, pool).map_err(io);
    let via = |var: &'static str, value: &Path, folder: PathBuf, source: Source| Arranged {
        env: vec![(var, value.as_os_str().to_owned())],
        loads_from: folder,
        found_by: source.to_string(),
    };
    let via_lib_dir = |d: &Path| via("CUDNN_LIB_DIR", d, d.to_owned(), Source::EnvLibDir);
    let via_path = |dirs: &[&Path], loads_from: &Path| -> Result<Arranged, String> {
        Ok(Arranged {
            env: vec![("PATH", path_with(dirs)?)],
            loads_from: loads_from.to_owned(),
            found_by: Source::SystemLoader.to_string(),
        })
    };
    Ok(match &row.arrange {
        Arrange::Unpacked => via_lib_dir(src),
        Arrange::OffSearchPath => {
            link(dir, &[])?;
            via_lib_dir(dir)
        }
        Arrange::Removed(file) => {
            link(dir, &[file])?;
            via_lib_dir(dir)
        }
        Arrange::Truncated(file) => {
            link(dir, &[file])?;
            write_head(src, dir, file).map_err(io)?;
            via_lib_dir(dir)
        }
        Arrange::MainNotADll => {
            let main = row.install.main_file();
            link(dir, &[main])?;
            std::fs::write(dir.join(main), "not a DLL: a text file in its place\r\n")
                .map_err(io)?;
            via_lib_dir(dir)
        }
        Arrange::Shadowed => {
            let (a, b) = (dir.join("first"), dir.join("second"));
            link(&a, &[])?;
            link(&b, &[])?;
            via_path(&[&a, &b], &a)?
        }
        Arrange::Venv => {
            let venv = dir.join("venv");
            let bin = venv.join(r"Lib\site-packages\nvidia\cudnn\bin");
            link(&bin, &[])?;
            via(
                "VIRTUAL_ENV",
                &venv,
                bin,
                Source::PythonEnv { var: "VIRTUAL_ENV" },
            )
        }
        Arrange::Conda => {
            let prefix = dir.join("conda");
            let bin = prefix.join(r"Library\bin");
            link(&bin, &[])?;
            via("CONDA_PREFIX", &prefix, bin, Source::CondaLib)
        }
        Arrange::CudaToolkit => {
            let root = dir.join("cuda");
            let bin = root.join("bin");
            link(&bin, &[])?;
            let source = Source::CudaToolkit {
                var: "CUDA_PATH".into(),
            };
            via("CUDA_PATH", &root, bin, source)
        }
        Arrange::TwoMajorsOnPath(first, second) => {
            let mut dirs = Vec::new();
            for install in [first, second] {
                let from = install
                    .dir()?
                    .ok_or_else(|| format!("{}_BIN is not set", install.var()))?;
                let to = dir.join(format!("cudnn-{}", install.major()));
                link_all(&from, &to, &[], pool).map_err(io)?;
                dirs.push(to);
            }
            let loads_from = dir.join(format!("cudnn-{}", row.install.major()));
            via_path(&[&dirs[0], &dirs[1]], &loads_from)?
        }
    })
}

/// Whether a word of a message is the name of a cuDNN file of this
/// operating system (`libcudnn_ops.so.9`, `cudnn_ops64_9.dll`).
fn is_cudnn_file(word: &str) -> bool {
    if cfg!(windows) {
        let w = word.to_ascii_lowercase();
        w.starts_with("cudnn") && w.ends_with(".dll")
    } else {
        word.starts_with("libcudnn") && word.contains(".so")
    }
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
            // The file the message names on its own (the sub-library at
            // fault), else the first place tried that is there.
            fn words(t: &str) -> impl Iterator<Item = &str> {
                t.split(|c: char| c.is_whitespace() || c == '(' || c == ')' || c == ',' || c == ':')
            }
            let file = words(v)
                .find(|w| is_cudnn_file(w))
                .or_else(|| {
                    v.lines()
                        .filter(|l| !l.trim_end().ends_with("no such file"))
                        .flat_map(words)
                        .filter_map(|w| w.rsplit(['/', '\\']).next())
                        .find(|w| is_cudnn_file(w))
                })
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

/// Two paths name the same file: exactly on Linux; on Windows ignoring
/// case and the kind of slash.
fn same_path(a: &Path, b: &Path) -> bool {
    if cfg!(windows) {
        let norm = |p: &Path| p.to_string_lossy().replace('/', "\\").to_lowercase();
        norm(a) == norm(b)
    } else {
        a == b
    }
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
            let want = arranged.loads_from.join(row.install.main_file());
            if !same_path(path, &want) {
                bad.push(format!(
                    "expected {} to be loaded, got {}",
                    want.display(),
                    path.display()
                ));
            }
            if text(r, "found_by") != arranged.found_by {
                bad.push(format!(
                    "expected it found by {}, got {}",
                    arranged.found_by,
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
    let copies = r["doctor_copies"].as_array().cloned().unwrap_or_default();
    for (file, status) in &row.copies {
        let hit = copies.iter().any(|c| {
            let path = c["path"].as_str().unwrap_or("");
            let name = path.rsplit(['/', '\\']).next().unwrap_or(path);
            name.eq_ignore_ascii_case(file) && c["status"] == *status
        });
        if !hit {
            bad.push(format!(
                "doctor: expected the copy {file} listed as `{status}` in {}",
                serde_json::Value::Array(copies.clone())
            ));
        }
    }
    bad
}

/// A row's index, name, the consumer's report (or why there is none) and
/// how it differs from the row's expectation.
type RowResult = (usize, String, Result<Value, String>, Vec<String>);

/// The installs a row arranges: its own, and any it takes files from.
fn installs_of(row: &Row) -> Vec<Install> {
    let mut needs = vec![row.install];
    match row.arrange {
        #[cfg(target_os = "linux")]
        Arrange::Mixed(_, from) => needs.push(from),
        #[cfg(windows)]
        Arrange::TwoMajorsOnPath(first, second) => needs.extend([first, second]),
        _ => {}
    }
    needs
}

/// Arranges and runs every row (a few children at a time), prints the
/// table of layout → observed outcome, and fails listing every row that
/// did not give what it expects.
fn run_rows(test: &str, rows: Vec<Row>) {
    // Removed when this function returns or unwinds.
    #[cfg(unix)]
    let scratch = scratch_dir(test);
    #[cfg(unix)]
    let root = scratch.path().to_path_buf();
    #[cfg(windows)]
    remove_stale_scratch();
    #[cfg(windows)]
    let root = scratch_root().join(test);
    #[cfg(windows)]
    let _ = std::fs::remove_dir_all(&root);
    let home = root.join("home");
    std::fs::create_dir_all(&home).expect("scratch home");

    let mut problems: Vec<String> = Vec::new();
    let mut runnable = Vec::new();
    'rows: for (i, row) in rows.into_iter().enumerate() {
        for install in installs_of(&row) {
            match install.dir() {
                Ok(Some(_)) => {}
                Ok(None) => {
                    eprintln!(
                        "not run: {} ({}_{FOLDER_VAR} is not set; {} sets it)",
                        row.name,
                        install.var(),
                        if cfg!(windows) {
                            "scripts/test-windows.sh"
                        } else {
                            "scripts/test.sh"
                        }
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
    // Where copies go when a volume refuses hard links (Windows).
    let pool = root.join("pool");
    let started = Instant::now();
    let width = std::thread::available_parallelism().map_or(2, |n| n.get().clamp(2, 4));
    let mut results: Vec<RowResult> = Vec::new();
    for chunk in runnable.chunks(width) {
        std::thread::scope(|s| {
            let handles: Vec<_> = chunk
                .iter()
                .map(|(i, row, src)| {
                    let dir = root.join(format!("row-{i}"));
                    let (home, pool) = (&home, &pool);
                    s.spawn(move || {
                        let arranged = match arrange(row, src, &dir, pool) {
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
    // The copies made where hard links were refused are not kept.
    let _ = std::fs::remove_dir_all(&pool);

    let name_width = results.iter().map(|r| r.1.len()).max().unwrap_or(0);
    println!(
        "layout -> observed ({test}, {} layouts in {:.0?}):",
        results.len(),
        started.elapsed()
    );
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
    // Windows: after a failure the folder stays, for a look (a run an hour
    // later removes it); after a pass, what can be deleted goes now and the
    // rest is marked for the next run.
    #[cfg(windows)]
    if problems.is_empty() {
        remove_what_can_be(&root);
        if root.exists() {
            let _ = std::fs::write(root.join(FINISHED), "");
            println!(
                "  (some links in {} stay: they name DLLs this process has loaded; the next run \
                 removes them)",
                root.display()
            );
        }
    }
    let left = if cfg!(windows) {
        format!(" (files left in {})", root.display())
    } else {
        String::new()
    };
    assert!(
        problems.is_empty(),
        "{} of {} layouts did not give the expected outcome{left}:\n{}",
        problems.len(),
        results.len(),
        problems.join("\n")
    );
}

/// Every sub-library file in the install's folder is a row of its table
/// (so that a release with another sub-library gets rows for it), and
/// every row's file is there.
fn table_matches_folder(install: Install, subs: &[Sub]) {
    let Ok(Some(dir)) = install.dir() else { return };
    let main = install.main_file();
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .expect("read the install's folder")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| is_cudnn_file(n) && !n.eq_ignore_ascii_case(main))
        .collect();
    files.sort();
    let mut table: Vec<String> = subs
        .iter()
        .map(|s| file_of(install.major(), s.name).to_string())
        .collect();
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

#[cfg(target_os = "linux")]
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

#[cfg(target_os = "linux")]
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

#[cfg(target_os = "linux")]
#[test]
fn jit_layouts() {
    table_matches_folder(Install::Jit, SUBS_JIT);
    run_rows("jit", rows(Install::Jit, SUBS_JIT));
}

/// Whether this run is for `install`'s major: `scripts/test-windows.sh`
/// runs the tests once per release with `CUDNN_TEST_EXPECT_VERSION` set,
/// and each major's layouts run in its own pass.
#[cfg(windows)]
fn in_this_pass(install: Install, layouts: &str) -> bool {
    match std::env::var("CUDNN_TEST_EXPECT_VERSION") {
        Ok(v) if !v.starts_with(&format!("{}.", install.major())) => {
            eprintln!(
                "not run: {layouts} (CUDNN_TEST_EXPECT_VERSION={v}: they run in the cuDNN {} pass)",
                install.major()
            );
            false
        }
        _ => true,
    }
}

#[cfg(windows)]
#[test]
fn windows_8_layouts() {
    if in_this_pass(Install::Pin8, "the cuDNN 8 layouts") {
        table_matches_folder(Install::Pin8, SUBS_8);
        run_rows("windows-8", rows(Install::Pin8, SUBS_8));
    }
}

#[cfg(windows)]
#[test]
fn windows_9_layouts() {
    if in_this_pass(Install::Pin9, "the cuDNN 9 layouts") {
        table_matches_folder(Install::Pin9, SUBS_9);
        run_rows("windows-9", rows(Install::Pin9, SUBS_9));
    }
}

/// The folders of both majors on `PATH`, in either order, `CUDNN_LIB_DIR`
/// unset. The search hands the file names to the system loader newest
/// major first, and the loader looks for each name in every folder of
/// `PATH` before the next name is tried: `cudnn64_9.dll` loads wherever
/// its folder is, and the doctor lists the other copy as `other-major`.
#[cfg(windows)]
#[test]
fn windows_two_majors_on_path() {
    if !in_this_pass(Install::Pin9, "the layouts with both majors on PATH") {
        return;
    }
    let row = |first: Install, second: Install| {
        let mut doctor_not = DAMAGE_CODES.to_vec();
        doctor_not.push("dll-dir-not-on-path");
        Row {
            name: format!(
                "the {}.x folder first on PATH, the {}.x folder after it",
                first.major(),
                second.major()
            ),
            install: Install::Pin9,
            arrange: Arrange::TwoMajorsOnPath(first, second),
            load: LoadExpect::Ok(BTreeMap::new()),
            doctor: vec![],
            doctor_not,
            copies: vec![
                ("cudnn64_9.dll", "loaded"),
                ("cudnn64_8.dll", "other-major"),
            ],
        }
    };
    run_rows(
        "windows-two-majors",
        vec![
            row(Install::Pin8, Install::Pin9),
            row(Install::Pin9, Install::Pin8),
        ],
    );
}

/// The process's own library (`CUDNN_LIB_DIR`, as the test run set it):
/// every family works, or, with `CUDNN_TEST_LAYOUT=jit`, the legacy
/// families fail with `SublibraryUnavailable` naming the missing file.
#[test]
fn in_process_library_fits_the_layout() {
    let layout = std::env::var("CUDNN_TEST_LAYOUT").unwrap_or_else(|_| "full".into());
    let expected: BTreeMap<&str, &str> = match layout.as_str() {
        "full" => BTreeMap::new(),
        #[cfg(target_os = "linux")]
        "jit" => jit_base(),
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
#[cfg(unix)]
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

/// The harness itself on Windows: exit status 9 (cuDNN's shim giving up)
/// and exceptions are named, a child that hangs is killed, and the child
/// inherits no variable that steers the cuDNN search.
#[cfg(windows)]
#[test]
fn harness_reports_exit_codes_and_timeouts() {
    use std::os::windows::process::CommandExt as _;
    let home = scratch_root().join("harness");
    std::fs::create_dir_all(&home).expect("scratch folder");
    // cmd.exe's own command line, as written (its quoting is not C's).
    let cmd = |line: &str| {
        let mut c = Command::new("cmd.exe");
        c.raw_arg("/d /c").raw_arg(line);
        c
    };
    let err = run_child(cmd("echo started 1>&2 & exit 9"), &[], &home, CHILD_TIMEOUT)
        .expect_err("exit 9");
    assert!(
        err.starts_with("exited with exit code: 9 (how cuDNN's shim"),
        "{err}"
    );
    assert!(
        err.contains("started"),
        "the child's stderr is shown: {err}"
    );
    let err = run_child(cmd("exit -1073741819"), &[], &home, CHILD_TIMEOUT).expect_err("crashed");
    assert!(
        err.starts_with("crashed with exception 0xc0000005 (access violation)"),
        "{err}"
    );
    let err = run_child(cmd("exit 3"), &[], &home, CHILD_TIMEOUT).expect_err("fails");
    assert!(err.starts_with("exited with exit code: 3"), "{err}");
    let hang = home.join("hang.cmd");
    std::fs::write(&hang, "@echo off\r\n:again\r\ngoto again\r\n").expect("write");
    let start = Instant::now();
    let err = run_child(
        cmd(&format!("\"{}\"", hang.display())),
        &[],
        &home,
        Duration::from_millis(300),
    )
    .expect_err("hangs");
    assert!(err.starts_with("timed out after 300ms"), "{err}");
    assert!(
        start.elapsed() < Duration::from_secs(20),
        "{:?}",
        start.elapsed()
    );
    let err = run_child(cmd("echo not json"), &[], &home, CHILD_TIMEOUT).expect_err("not JSON");
    assert!(
        err.starts_with("its stdout is not one JSON object"),
        "{err}"
    );
    // An unset variable stays `%NAME%` in cmd.exe's echo.
    let env = [("CUDNN_PROBE", OsString::from("x"))];
    let ok = run_child(
        cmd(r#"echo {"probe":"%CUDNN_PROBE%","lib_dir":"%CUDNN_LIB_DIR%"}"#),
        &env,
        &home,
        CHILD_TIMEOUT,
    )
    .expect("a JSON object");
    assert_eq!(ok["probe"], "x");
    assert_eq!(ok["lib_dir"], "%CUDNN_LIB_DIR%");
    // It runs in `home` (the loader looks for DLLs in the current folder).
    let err = run_child(cmd("cd"), &[], &home, CHILD_TIMEOUT).expect_err("not JSON");
    let home_text = home.display().to_string().to_lowercase();
    assert!(err.to_lowercase().contains(&home_text), "{err}");
    let _ = std::fs::remove_dir_all(&home);
}
