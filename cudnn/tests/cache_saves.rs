//! The caches' saves are crash-safe: a process killed while it saves, a
//! full disk (a file size limit, on Linux) and two processes saving the
//! same file at once all leave the previous cache or the new one, whole.
//! Each writer is a child process (this test binary again, running one of
//! the `child_*` tests); on Windows the children run under Wine like the
//! parent, and `kill` is `TerminateProcess`. A load refuses a file over
//! the size limit its caller sets, and takes it within the default one.

mod common;

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use cudnn::conv::{AlgoCache, AlgoKey, CachedAlgo, DeviceKey, Direction, SearchOptions};
use cudnn::graph::{DeviceProperties, PlanCache};
use cudnn::{Error, Library};

/// What a child does: `algo` or `plans`, then `loop` (save A and B in
/// turn until killed) or `once` (save B once).
const ROLE: &str = "CUDNN_TEST_SAVE_ROLE";
/// The file the child saves to.
const TARGET: &str = "CUDNN_TEST_SAVE_TARGET";
/// How many times a `loop` child saves (0: until killed).
const TIMES: &str = "CUDNN_TEST_SAVE_TIMES";

/// Cache sizes: the Windows rows run under Wine, where each file
/// operation costs more.
const ALGO_A: usize = if cfg!(windows) { 600 } else { 1_500 };
const ALGO_B: usize = if cfg!(windows) { 900 } else { 2_250 };
const PLANS_A: usize = if cfg!(windows) { 60 } else { 300 };
const PLANS_B: usize = if cfg!(windows) { 90 } else { 450 };
const KILLS: usize = if cfg!(windows) { 6 } else { 20 };

fn key(n: usize, tag: u32) -> AlgoKey {
    AlgoKey {
        device: DeviceKey {
            ordinal: 0,
            name: "NVIDIA H200".into(),
            compute_capability: (9, 0),
        },
        cudnn_version: "9.28.0".into(),
        direction: Direction::Forward,
        data_type: tag,
        compute_type: 0,
        x_dims: vec![n, 3, 8, 8],
        x_strides: vec![192, 64, 8, 1],
        w_dims: vec![4, 3, 3, 3],
        w_format: 0,
        y_dims: vec![n, 4, 8, 8],
        y_strides: vec![256, 64, 8, 1],
        pads: vec![1, 1],
        strides: vec![1, 1],
        dilations: vec![1, 1],
        groups: 1,
        mode: 1,
        options: SearchOptions::default(),
    }
}

/// Cache A (`tag` 1) or B (`tag` 2): a size of its own, and a marker
/// entry whose algorithm is the tag.
fn algo_cache(tag: u32) -> AlgoCache {
    let cache = AlgoCache::new();
    let n = if tag == 1 { ALGO_A } else { ALGO_B };
    for i in 0..n {
        cache.insert(
            key(i, tag),
            CachedAlgo {
                algo: tag as i32,
                math_type: 0,
                workspace: i,
                time_ms: Some(0.5),
                deterministic: true,
            },
        );
    }
    cache
}

/// Which cache the file holds, whole: `Some(1)` or `Some(2)`; `None` when
/// it is neither (a panic says what it is instead).
fn algo_file_holds(path: &Path) -> u32 {
    let back = AlgoCache::new();
    let n = back
        .load(path)
        .unwrap_or_else(|e| panic!("the file is no whole cache: {e}"));
    let tag = match n {
        ALGO_A => 1,
        ALGO_B => 2,
        _ => panic!("{n} entries: neither cache"),
    };
    let marker = back.get(&key(n - 1, tag)).expect("the last entry");
    assert_eq!(marker.algo, tag as i32);
    tag
}

/// The recorded sm_90 plan, as many cache entries as cache `tag` has,
/// for the library under test.
fn plan_cache_text(lib: &Library, tag: u32) -> String {
    let plan = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/conv-plan-sm90.json"
    ))
    .expect("the recorded plan");
    let device = DeviceProperties::preset("h100-sxm").expect("preset");
    let n = if tag == 1 { PLANS_A } else { PLANS_B };
    let entries: Vec<serde_json::Value> = (0..n)
        .map(|i| {
            serde_json::json!({
                "graph": format!("cache {tag} graph {i}"),
                "device": device.fingerprint(),
                "cudnn": lib.version().to_string(),
                "settings": format!("cache {tag} settings"),
                "plan": plan,
            })
        })
        .collect();
    serde_json::json!({"format": "cudnn-rs plan cache", "version": 2, "entries": entries})
        .to_string()
}

/// Writes the sources of plan caches A and B into `dir` (a child saving
/// under a file size limit could not).
fn write_sources(lib: &Library, dir: &Path) {
    for tag in [1, 2] {
        let src = dir.join(format!("source-{tag}.json"));
        std::fs::write(&src, plan_cache_text(lib, tag)).expect("write");
    }
}

/// Plan cache A or B, read from its source in `dir`.
fn plan_cache(lib: &Arc<Library>, tag: u32, dir: &Path) -> PlanCache {
    let src = dir.join(format!("source-{tag}.json"));
    let (cache, report) = PlanCache::load(&src, lib, 100_000).expect("load");
    assert!(report.dropped.is_empty(), "{:?}", report.dropped);
    cache
}

fn plan_file_holds(path: &Path, lib: &Arc<Library>) -> u32 {
    let (back, report) = PlanCache::load(path, lib, 100_000)
        .unwrap_or_else(|e| panic!("the file is no whole cache: {e}"));
    assert!(report.dropped.is_empty(), "{:?}", report.dropped);
    match back.len() {
        PLANS_A => 1,
        PLANS_B => 2,
        n => panic!("{n} entries: neither cache"),
    }
}

/// A folder of the test's own, removed with what it holds when dropped
/// (with what a killed child left there).
fn scratch(name: &str) -> tempfile::TempDir {
    common::scratch_dir(&format!("saves-{name}"))
}

/// The temporary files in `dir` (what a killed save leaves).
fn temporaries(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .expect("read_dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "tmp"))
        .collect()
}

/// A generator for the kill times; its seed is printed.
struct Lcg(u64);

impl Lcg {
    fn new() -> Lcg {
        let t = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default()
            .as_nanos() as u64;
        let seed = t ^ u64::from(std::process::id());
        eprintln!("kill times from seed {seed:#x}");
        Lcg(seed)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % n.max(1)
    }
}

fn child(test: &str, role: &str, target: &Path, times: usize) -> Command {
    let mut cmd = Command::new(std::env::current_exe().expect("test binary"));
    cmd.args(["--exact", test, "--nocapture", "--test-threads", "1"])
        .env(ROLE, role)
        .env(TARGET, target)
        .env(TIMES, times.to_string())
        .stdin(Stdio::null());
    cmd
}

fn finish(c: Child, what: &str) -> String {
    let out = c.wait_with_output().expect("wait");
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "{what} failed ({}): {text}",
        out.status
    );
    text
}

// ------------------------------------------------------------ children

/// A saver: `algo-loop`, `plans-loop` (A and B in turn, `TIMES` times or
/// until killed; "ready" on stdout before the first save), `algo-once`,
/// `plans-once` (B once, printing the result).
#[test]
fn child_saver() {
    let (Ok(role), Some(target)) = (std::env::var(ROLE), std::env::var_os(TARGET)) else {
        return;
    };
    let target = PathBuf::from(target);
    let times: usize = std::env::var(TIMES)
        .ok()
        .and_then(|t| t.parse().ok())
        .unwrap_or(0);
    let dir = target.parent().expect("a folder").to_path_buf();
    let save: Box<dyn Fn(u32) -> cudnn::Result<()>> = if role.starts_with("algo") {
        let caches = [algo_cache(1), algo_cache(2)];
        let t = target.clone();
        Box::new(move |tag| caches[tag as usize - 1].save(&t))
    } else {
        let lib = common::lib().expect("cuDNN");
        let caches = [plan_cache(&lib, 1, &dir), plan_cache(&lib, 2, &dir)];
        let t = target.clone();
        Box::new(move |tag| caches[tag as usize - 1].save(&t))
    };
    if role.ends_with("once") {
        match save(2) {
            Ok(()) => println!("saved"),
            Err(e) => println!("refused: {e}"),
        }
        return;
    }
    println!("ready");
    let start = Instant::now();
    let mut n = 0;
    loop {
        save(1 + (n % 2) as u32).expect("save");
        n += 1;
        if times > 0 && n >= times {
            break;
        }
    }
    println!("us-per-save {}", start.elapsed().as_micros() / n as u128);
}

// ------------------------------------------------------------ tests

/// Kills a child at random points of its saves: the file is always A or
/// B, whole.
fn kill_during_saves(dir: &Path, kind: &str, holds: &dyn Fn(&Path) -> u32, first: &dyn Fn(&Path)) {
    let target = dir.join("cache.json");
    first(&target);
    // How long one save takes here, to spread the kills over it.
    let timed = child("child_saver", &format!("{kind}-loop"), &target, 4)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("child");
    let text = finish(timed, "the timing child");
    let per_save: u64 = text
        .lines()
        .find_map(|l| l.strip_prefix("us-per-save "))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("no timing: {text}"));
    let mut rng = Lcg::new();
    let mut seen = [0usize; 3];
    for i in 0..KILLS {
        let mut c = child("child_saver", &format!("{kind}-loop"), &target, 0)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("child");
        // Its caches are made: the saves begin.
        let mut out = BufReader::new(c.stdout.take().expect("stdout"));
        let mut line = String::new();
        while !line.contains("ready") {
            line.clear();
            let n = out.read_line(&mut line).expect("read");
            assert!(n > 0, "the child ended before its saves");
        }
        let wait = rng.below(per_save * 2 + 1);
        std::thread::sleep(Duration::from_micros(wait));
        c.kill().expect("kill");
        c.wait().expect("wait");
        drop(out);
        let tag = holds(&target);
        seen[tag as usize] += 1;
        eprintln!("kill {i} after {wait} us: cache {tag}");
    }
    let per_save = Duration::from_micros(per_save);
    eprintln!("{kind}: {KILLS} kills, old/new {seen:?} ({per_save:?} a save)");
    for t in temporaries(dir) {
        let name = t.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        assert!(name.starts_with(".cache.json."), "{name}");
    }
}

#[test]
fn a_killed_algo_cache_save_leaves_the_old_or_the_new_file_whole() {
    let dir = scratch("kill-algo");
    kill_during_saves(dir.path(), "algo", &algo_file_holds, &|p| {
        algo_cache(1).save(p).expect("the first file")
    });
}

#[test]
fn a_killed_plan_cache_save_leaves_the_old_or_the_new_file_whole() {
    let Some(lib) = common::lib() else {
        return;
    };
    let dir = scratch("kill-plans");
    write_sources(&lib, dir.path());
    let first = plan_cache(&lib, 1, dir.path());
    let l = Arc::clone(&lib);
    kill_during_saves(
        dir.path(),
        "plans",
        &move |p| plan_file_holds(p, &l),
        &|p| first.save(p).expect("the first file"),
    );
}

/// Two writers at once, and a reader meanwhile: every read and the last
/// file are one whole cache; no temporary file is left.
fn concurrent_writers(dir: &Path, kind: &str, holds: &dyn Fn(&Path) -> u32) {
    let target = dir.join("cache.json");
    let times = if cfg!(windows) { 6 } else { 12 };
    let writers: Vec<Child> = (0..2)
        .map(|_| {
            child("child_saver", &format!("{kind}-loop"), &target, times)
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("child")
        })
        .collect();
    let mut reads = 0;
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(120) {
        if target.exists() {
            holds(&target);
            reads += 1;
        }
        if reads > 200 {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    for w in writers {
        finish(w, "a writer");
    }
    holds(&target);
    assert!(temporaries(dir).is_empty(), "{:?}", temporaries(dir));
    eprintln!("{kind}: {reads} whole reads during two writers' saves");
}

#[test]
fn two_writers_give_one_whole_algo_cache() {
    let dir = scratch("two-algo");
    concurrent_writers(dir.path(), "algo", &algo_file_holds);
}

#[test]
fn two_writers_give_one_whole_plan_cache() {
    let Some(lib) = common::lib() else {
        return;
    };
    let dir = scratch("two-plans");
    write_sources(&lib, dir.path());
    let l = Arc::clone(&lib);
    concurrent_writers(dir.path(), "plans", &move |p| plan_file_holds(p, &l));
}

/// A save that runs out of space (a file size limit below the new file's
/// size, `SIGXFSZ` ignored so that the write fails instead): a typed
/// error, the old file whole, no temporary file.
#[cfg(unix)]
fn full_disk(dir: &Path, kind: &str, holds: &dyn Fn(&Path) -> u32, first: &dyn Fn(&Path)) {
    let target = dir.join("cache.json");
    first(&target);
    let before = std::fs::read(&target).expect("read");
    let inner = child("child_saver", &format!("{kind}-once"), &target, 1);
    let mut cmd = Command::new("sh");
    // 16 blocks (8 or 16 KiB, as the shell counts them): less than either
    // cache.
    cmd.arg("-c")
        .arg("trap '' XFSZ; ulimit -f 16 && exec \"$0\" \"$@\"")
        .arg(inner.get_program())
        .args(inner.get_args());
    for (k, v) in inner.get_envs() {
        if let Some(v) = v {
            cmd.env(k, v);
        }
    }
    let text = finish(
        cmd.stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("child"),
        "the saver",
    );
    assert!(text.contains("refused: "), "{text}");
    assert!(
        text.contains("File too large") || text.contains("too large"),
        "{text}"
    );
    assert_eq!(std::fs::read(&target).expect("read"), before);
    assert_eq!(holds(&target), 1);
    assert!(temporaries(dir).is_empty(), "{:?}", temporaries(dir));
}

#[cfg(unix)]
#[test]
fn a_full_disk_keeps_the_old_algo_cache() {
    let dir = scratch("full-algo");
    full_disk(dir.path(), "algo", &algo_file_holds, &|p| {
        algo_cache(1).save(p).expect("the first file")
    });
}

#[cfg(unix)]
#[test]
fn a_full_disk_keeps_the_old_plan_cache() {
    let Some(lib) = common::lib() else {
        return;
    };
    let dir = scratch("full-plans");
    write_sources(&lib, dir.path());
    let first = plan_cache(&lib, 1, dir.path());
    let l = Arc::clone(&lib);
    full_disk(
        dir.path(),
        "plans",
        &move |p| plan_file_holds(p, &l),
        &|p| first.save(p).expect("the first file"),
    );
}

#[test]
fn a_save_into_a_missing_folder_is_an_io_error() {
    let dir = scratch("missing");
    let path = dir.path().join("no").join("cache.json");
    match algo_cache(1).save(&path) {
        Err(Error::Io { path: p, .. }) => assert_eq!(p, path),
        other => panic!("expected Error::Io, got {other:?}"),
    }
}

/// The size of the file at `path`, less one: a limit the file is just over.
fn one_byte_short(path: &Path) -> u64 {
    std::fs::metadata(path).expect("metadata").len() - 1
}

/// `r` is the error of a file at `path` over the size limit `limit`.
fn assert_over_limit<T: std::fmt::Debug>(r: Result<T, Error>, path: &Path, limit: u64) {
    match r {
        Err(Error::Io { path: p, message }) => {
            assert_eq!(p, path);
            let words = format!("over the limit of {limit} bytes");
            assert!(message.contains(&words), "{message}");
        }
        other => panic!("expected Error::Io, got {other:?}"),
    }
}

#[test]
fn an_algo_cache_load_refuses_a_file_over_the_callers_limit() {
    let dir = scratch("limit-algo");
    let path = dir.path().join("cache.json");
    algo_cache(1).save(&path).expect("save");
    let limit = one_byte_short(&path);
    let back = AlgoCache::new();
    assert_over_limit(back.load_with_limit(&path, limit), &path, limit);
    assert!(back.is_empty());
    assert_eq!(
        back.load_with_limit(&path, limit + 1)
            .expect("at the limit"),
        ALGO_A
    );
    assert_eq!(algo_file_holds(&path), 1);
}

#[test]
fn a_plan_cache_load_refuses_a_file_over_the_callers_limit() {
    let Some(lib) = common::lib() else {
        return;
    };
    let dir = scratch("limit-plans");
    write_sources(&lib, dir.path());
    let path = dir.path().join("source-1.json");
    let limit = one_byte_short(&path);
    assert_over_limit(
        PlanCache::load_with_limit(&path, &lib, 100_000, limit),
        &path,
        limit,
    );
    let (back, report) =
        PlanCache::load_with_limit(&path, &lib, 100_000, limit + 1).expect("at the limit");
    assert!(report.dropped.is_empty(), "{:?}", report.dropped);
    assert_eq!(back.len(), PLANS_A);
    assert_eq!(plan_file_holds(&path, &lib), 1);
}
