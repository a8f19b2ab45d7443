//! Folder paths as the snapshot's operating system spells them: joined,
//! split and compared with its separator and case rules, and the
//! snapshot's folder listings looked up that way. Shared by the diagnosis
//! and the sub-library findings.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use super::{Os, Snapshot};

fn separator(os: Os) -> &'static str {
    match os {
        Os::Windows => "\\",
        _ => "/",
    }
}

/// `dir` + separator + `name`, with the separator of `os` (so that Windows
/// snapshots read the same on Linux).
pub(super) fn join(os: Os, dir: &Path, name: &str) -> PathBuf {
    let d = dir.to_string_lossy();
    let sep = separator(os);
    PathBuf::from(format!("{}{sep}{name}", d.trim_end_matches(['/', '\\'])))
}

/// The folder part of `file`, split at the separator of `os`.
pub(super) fn parent(os: Os, file: &Path) -> PathBuf {
    let s = file.to_string_lossy();
    let cut = match os {
        Os::Windows => s.rfind(['\\', '/']),
        _ => s.rfind('/'),
    };
    PathBuf::from(cut.map_or("", |i| &s[..i]))
}

/// Two folder paths name the same folder (case-insensitive on Windows).
pub(super) fn same_dir(os: Os, a: &Path, b: &Path) -> bool {
    dir_key(os, a) == dir_key(os, b)
}

/// What two paths of one folder have in common: the path without trailing
/// separators; on Windows also lower case, with `\` for `/`.
pub(super) fn dir_key(os: Os, p: &Path) -> String {
    #[cfg(test)]
    tests::count_key();
    let s = p.to_string_lossy();
    let s = s.trim_end_matches(['/', '\\']);
    match os {
        Os::Windows => s.replace('/', "\\").to_lowercase(),
        _ => s.to_string(),
    }
}

/// The snapshot's folder listings, looked up by [`dir_key`]: built once per
/// diagnosis, so that every lookup costs the same however many folders the
/// path lists hold.
pub(super) struct Listings<'a> {
    os: Os,
    by_key: HashMap<String, &'a [String]>,
}

impl<'a> Listings<'a> {
    pub(super) fn new(s: &'a Snapshot) -> Self {
        let mut by_key = HashMap::with_capacity(s.listings.len());
        for (dir, names) in &s.listings {
            by_key.entry(dir_key(s.os, dir)).or_insert(names.as_slice());
        }
        Listings { os: s.os, by_key }
    }

    /// The entries of `dir`; empty when it was not listed.
    pub(super) fn get(&self, dir: &Path) -> &'a [String] {
        self.by_key
            .get(&dir_key(self.os, dir))
            .copied()
            .unwrap_or(&[])
    }
}

#[cfg(test)]
pub(super) mod tests {
    use std::cell::Cell;

    thread_local! {
        /// How many folder keys this thread has made: the diagnosis's unit
        /// of work.
        static KEYS: Cell<usize> = const { Cell::new(0) };
    }

    pub(super) fn count_key() {
        KEYS.with(|k| k.set(k.get() + 1));
    }

    pub(crate) fn keys_made() -> usize {
        KEYS.with(Cell::get)
    }
}
