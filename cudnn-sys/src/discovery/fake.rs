//! A described environment for the search's tests.

use std::cell::Cell;
use std::collections::HashMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};

use super::SearchEnv;

/// Variables, folder listings and the rest, as a test describes them; it
/// counts the folder reads and lookups the search makes.
#[derive(Default)]
pub(crate) struct FakeEnv {
    pub(crate) vars: HashMap<String, OsString>,
    pub(crate) dirs: HashMap<PathBuf, Vec<OsString>>,
    pub(crate) cache: Vec<u8>,
    pub(crate) loaded: HashMap<String, PathBuf>,
    pub(crate) program: Option<PathBuf>,
    pub(crate) runpath: Option<String>,
    pub(crate) reads: Cell<usize>,
    pub(crate) lookups: Cell<usize>,
}

impl FakeEnv {
    pub(crate) fn var(mut self, name: &str, value: &str) -> Self {
        self.vars.insert(name.into(), value.into());
        self
    }

    pub(crate) fn dir(mut self, dir: &str, entries: &[&str]) -> Self {
        self.dirs
            .insert(dir.into(), entries.iter().map(OsString::from).collect());
        self
    }

    /// `dir` holds `name` as well as what it held.
    pub(crate) fn file(mut self, dir: &str, name: &str) -> Self {
        self.dirs
            .entry(dir.into())
            .or_default()
            .push(OsString::from(name));
        self
    }
}

impl SearchEnv for FakeEnv {
    fn var(&self, name: &str) -> Option<OsString> {
        self.vars.get(name).cloned()
    }

    fn var_names(&self) -> Vec<String> {
        let mut names: Vec<String> = self.vars.keys().cloned().collect();
        // Any order must do; make it the awkward one.
        names.sort();
        names
    }

    fn list_dir(&self, dir: &Path) -> Vec<OsString> {
        self.reads.set(self.reads.get() + 1);
        self.dirs.get(dir).cloned().unwrap_or_default()
    }

    fn contains(&self, dir: &Path, name: &str) -> bool {
        self.lookups.set(self.lookups.get() + 1);
        self.dirs
            .get(dir)
            .is_some_and(|entries| entries.iter().any(|e| e == name))
    }

    fn loader_cache(&self) -> Vec<u8> {
        self.cache.clone()
    }

    fn loaded_library(&self, name: &str) -> Option<PathBuf> {
        self.loaded.get(name).cloned()
    }

    fn program_dir(&self) -> Option<PathBuf> {
        self.program.clone()
    }

    fn program_runpath(&self) -> Option<String> {
        self.runpath.clone()
    }
}
