//! The doctor's work grows linearly with the length of the path lists:
//! counted in folder reads, lookups and folder keys, not timed. At 20,000
//! `LD_LIBRARY_PATH` entries a quadratic step would make hundreds of
//! millions of them (and run for minutes before failing here).

use std::cell::Cell;
use std::collections::{BTreeMap, HashMap};
use std::ffi::OsString;
use std::path::{Path, PathBuf};

use cudnn_sys::discovery::SearchEnv;

use super::folders::tests::keys_made;
use super::{Report, Snapshot};

/// Variables and folders as described, counting the reads and lookups.
struct Counting {
    vars: BTreeMap<String, OsString>,
    dirs: HashMap<PathBuf, Vec<OsString>>,
    reads: Cell<usize>,
    lookups: Cell<usize>,
}

impl SearchEnv for Counting {
    fn var(&self, name: &str) -> Option<OsString> {
        self.vars.get(name).cloned()
    }
    fn var_names(&self) -> Vec<String> {
        self.vars.keys().cloned().collect()
    }
    fn list_dir(&self, dir: &Path) -> Vec<OsString> {
        self.reads.set(self.reads.get() + 1);
        self.dirs.get(dir).cloned().unwrap_or_default()
    }
    fn contains(&self, dir: &Path, name: &str) -> bool {
        self.lookups.set(self.lookups.get() + 1);
        self.dirs
            .get(dir)
            .is_some_and(|e| e.iter().any(|n| n == name))
    }
}

#[test]
#[cfg_attr(miri, ignore = "loads cuDNN and probes the driver: foreign calls")]
fn collecting_and_diagnosing_are_linear_in_the_library_path() {
    let n = 20_000;
    // Distinct folders, a few of them twice, one holding a cuDNN.
    // This system's rules: the folders on LD_LIBRARY_PATH, or on PATH.
    let (root, sep) = if cfg!(windows) {
        (r"C:\l", "\\")
    } else {
        ("/l", "/")
    };
    let name = cudnn_sys::discovery::library_file_names(super::Os::current())[0];
    let dirs: Vec<String> = (0..n)
        .map(|i| format!("{root}{sep}{}", i % (n - 500)))
        .collect();
    let mut vars = BTreeMap::new();
    vars.insert(
        "LD_LIBRARY_PATH".to_string(),
        OsString::from(dirs.join(":")),
    );
    vars.insert("PATH".to_string(), OsString::from(dirs.join(";")));
    vars.insert("HOME".to_string(), OsString::from("/home/u"));
    let mut listed = HashMap::new();
    let holder = format!("{root}{sep}17");
    listed.insert(PathBuf::from(&holder), vec![OsString::from(name)]);
    let env = Counting {
        vars,
        dirs: listed,
        reads: Cell::new(0),
        lookups: Cell::new(0),
    };
    let snapshot = Snapshot::collect_with(&env);
    let distinct = n - 500;
    assert!(
        snapshot.loader_dirs.len() >= distinct,
        "{}",
        snapshot.loader_dirs.len()
    );
    // Each folder is read once; the search adds a few dozen of its own.
    assert!(
        env.reads.get() <= distinct + 100,
        "{} folder reads for {distinct} folders",
        env.reads.get()
    );
    assert!(
        env.lookups.get() <= 8 * distinct,
        "{} lookups for {distinct} folders",
        env.lookups.get()
    );

    let before = keys_made();
    let report = Report::from_snapshot(&snapshot);
    let keys = keys_made() - before;
    assert!(
        keys <= 40 * n,
        "{keys} folder keys for {n} entries: the diagnosis is not linear"
    );
    assert!(
        report
            .candidates
            .iter()
            .any(|c| c.path == Path::new(&format!("{holder}{sep}{name}"))),
        "{:?}",
        report.candidates
    );
}

/// The same on Windows' rules, with `PATH`.
#[test]
#[cfg_attr(miri, ignore = "counts work over 20,000 folders: minutes under Miri")]
fn diagnosing_a_windows_snapshot_is_linear_in_path() {
    let n = 20_000;
    let dirs: Vec<String> = (0..n).map(|i| format!(r"C:\p\{i}")).collect();
    let mut listings = BTreeMap::new();
    for d in &dirs {
        listings.insert(PathBuf::from(d), Vec::new());
    }
    listings.insert(PathBuf::from(r"C:\p\5"), vec!["cudnn64_9.dll".to_string()]);
    let mut env = BTreeMap::new();
    env.insert("PATH".to_string(), dirs.join(";"));
    let snapshot = Snapshot {
        os: super::Os::Windows,
        env,
        listings,
        loader_dirs: dirs.iter().map(PathBuf::from).collect(),
        other_dirs: Vec::new(),
        file_versions: BTreeMap::new(),
        is_wsl: false,
        loaded: None,
        attempts: Vec::new(),
        sublibrary_checks: Vec::new(),
        process_cudnn: Vec::new(),
        driver: super::DriverProbe::Absent,
        header_version: None,
        dependencies: Vec::new(),
        dependency_users: BTreeMap::new(),
        sublibrary_states: Vec::new(),
    };
    let before = keys_made();
    let report = Report::from_snapshot(&snapshot);
    let keys = keys_made() - before;
    assert!(keys <= 40 * n, "{keys} folder keys for {n} entries");
    assert_eq!(report.candidates.len(), 1, "{:?}", report.candidates);
}
