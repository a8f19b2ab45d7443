//! The system loader's search path, resolved by this crate.
//!
//! Handing a bare file name to `dlopen` or `LoadLibrary` lets the loader
//! open whatever it finds first under that name, and on Linux opening a
//! FIFO blocks until something writes to it: a `libcudnn.so.9` FIFO in a
//! folder of `LD_LIBRARY_PATH` would hang the program for good. So the
//! crate looks each name up itself, in the loader's own order, and loads
//! the file it found by absolute path (the loader refuses what is not a
//! regular file first; see `loader`).
//!
//! Linux (glibc's order for a program without `DT_RPATH`):
//!
//! 1. a library loaded already under that file name;
//! 2. `LD_LIBRARY_PATH` (`:` or `;` separated; empty entries, which glibc
//!    takes as the current folder, are skipped);
//! 3. the program's own `RUNPATH` (`$ORIGIN` is the program's folder;
//!    entries with other tokens are skipped);
//! 4. the ld.so cache (`/etc/ld.so.cache`, read without running
//!    `ldconfig`): its entries of that name for this architecture, in the
//!    cache's order;
//! 5. the default folders: `/lib/<triple>`, `/usr/lib/<triple>` (Debian's
//!    multiarch folders), `/lib64`, `/usr/lib64`, `/lib`, `/usr/lib`.
//!
//! glibc's hardware-capability subfolders (`glibc-hwcaps/x86-64-v3`) are
//! not searched: no cuDNN is installed there.
//!
//! Windows (the standard search order of `LoadLibrary`, safe mode):
//!
//! 1. a module loaded already under that file name;
//! 2. the program's folder;
//! 3. `%SystemRoot%\System32`, then `%SystemRoot%` (`C:\Windows` when
//!    unset);
//! 4. the folders of `PATH`.
//!
//! The current folder, which Windows searches after the system folders, is
//! not: a DLL planted in whatever folder a program is started from is no
//! place to load cuDNN from.

use std::collections::HashSet;
use std::ffi::OsString;
use std::path::{Path, PathBuf};

use super::{clean, dedup_key, get, join, Os, SearchEnv};

/// The folders the system loader searches, in its order, read once from an
/// environment.
#[derive(Debug, Clone)]
pub struct LoaderSearch {
    os: Os,
    /// Searched before the cache: `LD_LIBRARY_PATH` and the program's
    /// `RUNPATH` (Linux); every folder (Windows).
    first: Vec<OsString>,
    /// The ld.so cache: (file name, path), this architecture's entries.
    cache: Vec<(String, PathBuf)>,
    /// The default folders (Linux).
    defaults: Vec<OsString>,
}

impl LoaderSearch {
    /// Reads the search path of `os` from `env`: the variables, the
    /// program's folder and `RUNPATH`, and the loader cache.
    pub fn new(os: Os, env: &dyn SearchEnv) -> LoaderSearch {
        let mut seen = HashSet::new();
        let mut first = Vec::new();
        let mut add = |dir: OsString, to: &mut Vec<OsString>| {
            let dir = clean(os, &dir);
            if !dir.is_empty() && seen.insert(dedup_key(os, &dir)) {
                to.push(dir);
            }
        };
        match os {
            Os::Linux => {
                if let Some(path) = get(env, "LD_LIBRARY_PATH") {
                    for dir in split_list(os, &path) {
                        add(dir, &mut first);
                    }
                }
                for dir in runpath_dirs(env) {
                    add(dir, &mut first);
                }
                let mut defaults = Vec::new();
                for dir in default_dirs() {
                    add(OsString::from(dir), &mut defaults);
                }
                LoaderSearch {
                    os,
                    first,
                    cache: ld_so_cache_entries(&env.loader_cache()),
                    defaults,
                }
            }
            Os::Windows => {
                if let Some(dir) = env.program_dir() {
                    add(dir.into_os_string(), &mut first);
                }
                let root = get(env, "SystemRoot")
                    .or_else(|| get(env, "windir"))
                    .map(|r| clean(os, &r))
                    .unwrap_or_else(|| OsString::from("C:\\Windows"));
                add(join(os, &root, &["System32"]), &mut first);
                add(root, &mut first);
                if let Some(path) = get(env, "PATH") {
                    for dir in split_list(os, &path) {
                        add(dir, &mut first);
                    }
                }
                LoaderSearch {
                    os,
                    first,
                    cache: Vec::new(),
                    defaults: Vec::new(),
                }
            }
        }
    }

    /// Every folder searched, in order, each once (the cache's folders in
    /// the order of their first entry), for reports.
    pub fn folders(&self) -> Vec<PathBuf> {
        let mut seen: HashSet<OsString> = HashSet::new();
        let cache_dirs = self
            .cache
            .iter()
            .filter_map(|(_, p)| p.parent().map(|d| d.as_os_str().to_os_string()));
        self.first
            .iter()
            .cloned()
            .chain(cache_dirs)
            .chain(self.defaults.iter().cloned())
            .filter(|d| seen.insert(dedup_key(self.os, d)))
            .map(PathBuf::from)
            .collect()
    }

    /// Where the loader would find `name`, in its order: the library
    /// loaded already under that name, then every folder of the search
    /// path that holds an entry of that name (of any kind: the loader
    /// refuses what is not a file), each path once.
    pub fn resolve(&self, name: &str, env: &dyn SearchEnv) -> Vec<PathBuf> {
        let (mut found, after) = self.resolve_parts(name, env);
        found.extend(after);
        let mut seen: HashSet<OsString> = HashSet::new();
        found.retain(|p| seen.insert(dedup_key(self.os, p.as_os_str())));
        found
    }

    /// [`resolve`](Self::resolve) in two parts: what comes before the
    /// folders a library's own `RUNPATH` adds (the library loaded already;
    /// on Linux `LD_LIBRARY_PATH` and the program's `RUNPATH`), and the
    /// rest.
    pub(super) fn resolve_parts(
        &self,
        name: &str,
        env: &dyn SearchEnv,
    ) -> (Vec<PathBuf>, Vec<PathBuf>) {
        let os = self.os;
        let in_folders = |dirs: &[OsString]| -> Vec<PathBuf> {
            dirs.iter()
                .filter(|d| env.contains(Path::new(d), name))
                .map(|d| PathBuf::from(join(os, d, &[name])))
                .collect()
        };
        let mut before: Vec<PathBuf> = env.loaded_library(name).into_iter().collect();
        let mut after = Vec::new();
        match os {
            Os::Linux => before.extend(in_folders(&self.first)),
            Os::Windows => after.extend(in_folders(&self.first)),
        }
        for (entry, path) in self.cache.iter().filter(|(e, _)| e == name) {
            let dir = path.parent().unwrap_or(Path::new("/"));
            let file = path.file_name().and_then(|f| f.to_str()).unwrap_or(entry);
            if env.contains(dir, file) {
                after.push(path.clone());
            }
        }
        after.extend(in_folders(&self.defaults));
        (before, after)
    }
}

/// The folders of the system loader's search path for `os`, in its order,
/// each once (see the [module documentation](self)).
pub fn loader_dirs(os: Os, env: &dyn SearchEnv) -> Vec<PathBuf> {
    LoaderSearch::new(os, env).folders()
}

/// Where the system loader would find the file `name` for `os`, in its
/// order (see [`LoaderSearch::resolve`]).
pub fn resolve(os: Os, name: &str, env: &dyn SearchEnv) -> Vec<PathBuf> {
    LoaderSearch::new(os, env).resolve(name, env)
}

/// A list variable's folders: `:` or `;` separated on Linux (as glibc
/// reads `LD_LIBRARY_PATH`), `;` on Windows; empty entries dropped.
fn split_list(os: Os, value: &std::ffi::OsStr) -> Vec<OsString> {
    let seps: &[char] = match os {
        Os::Linux => &[':', ';'],
        Os::Windows => &[';'],
    };
    #[cfg(unix)]
    if os == Os::Linux {
        use std::os::unix::ffi::{OsStrExt, OsStringExt};
        return value
            .as_bytes()
            .split(|b| *b == b':' || *b == b';')
            .filter(|p| !p.is_empty())
            .map(|p| OsString::from_vec(p.to_vec()))
            .collect();
    }
    value
        .to_string_lossy()
        .split(seps)
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(OsString::from)
        .collect()
}

/// The program's `RUNPATH` folders, with `$ORIGIN` expanded; entries with
/// any other `$` token are dropped.
fn runpath_dirs(env: &dyn SearchEnv) -> Vec<OsString> {
    let Some(runpath) = env.program_runpath() else {
        return Vec::new();
    };
    let origin = env.program_dir();
    runpath
        .split(':')
        .filter(|p| !p.is_empty())
        .filter_map(|p| {
            if !p.contains('$') {
                return Some(OsString::from(p));
            }
            let origin = origin.as_deref()?.to_str()?;
            let expanded = p.replace("${ORIGIN}", origin).replace("$ORIGIN", origin);
            (!expanded.contains('$')).then(|| OsString::from(expanded))
        })
        .collect()
}

/// glibc's default folders for this architecture, Debian's multiarch ones
/// first.
fn default_dirs() -> Vec<&'static str> {
    let multiarch: &[&str] = if cfg!(target_arch = "x86_64") {
        &["/lib/x86_64-linux-gnu", "/usr/lib/x86_64-linux-gnu"]
    } else if cfg!(target_arch = "aarch64") {
        &["/lib/aarch64-linux-gnu", "/usr/lib/aarch64-linux-gnu"]
    } else {
        &[]
    };
    let mut dirs = multiarch.to_vec();
    dirs.extend(["/lib64", "/usr/lib64", "/lib", "/usr/lib"]);
    dirs
}

const NEW_MAGIC: &[u8] = b"glibc-ld.so.cache1.1";
const OLD_MAGIC: &[u8] = b"ld.so-1.7.0";
/// `struct cache_file_new` without its entries.
const NEW_HEADER: usize = 48;
/// `struct file_entry_new`: flags, key, value, osversion, hwcap.
const NEW_ENTRY: usize = 24;
/// `struct file_entry` of the old format: flags, key, value.
const OLD_ENTRY: usize = 12;
/// `FLAG_ELF_LIBC6`, the type of every entry glibc itself uses.
const FLAG_ELF_LIBC6: u32 = 0x0003;
const FLAG_TYPE_MASK: u32 = 0x00ff;

/// The entry flags of this architecture's libraries (`FLAG_X8664_LIB64`,
/// `FLAG_AARCH64_LIB64` with `FLAG_ELF_LIBC6`), `None` where any libc6
/// entry will do.
fn native_flags() -> Option<u32> {
    if cfg!(target_arch = "x86_64") {
        Some(0x0303)
    } else if cfg!(target_arch = "aarch64") {
        Some(0x0a03)
    } else {
        None
    }
}

/// The (file name, path) entries of glibc's loader cache for this
/// architecture, in the cache's order, from its bytes: the format glibc
/// 2.32 and later write (`glibc-ld.so.cache1.1`), alone or after the old
/// format's table. Anything malformed ends the list where it starts; an
/// unknown format gives none. Never panics.
pub fn ld_so_cache_entries(bytes: &[u8]) -> Vec<(String, PathBuf)> {
    parse_cache(bytes, native_flags())
}

fn parse_cache(bytes: &[u8], want: Option<u32>) -> Vec<(String, PathBuf)> {
    let start = if bytes.starts_with(NEW_MAGIC) {
        0
    } else if bytes.starts_with(OLD_MAGIC) {
        // The old table: magic (11 bytes, padded to 12), nlibs, entries;
        // the new format follows at the next multiple of 8.
        let Some(nlibs) = read_u32(bytes, 12) else {
            return Vec::new();
        };
        let end = (nlibs as usize)
            .checked_mul(OLD_ENTRY)
            .and_then(|n| n.checked_add(16));
        match end.map(|e| e.next_multiple_of(8)) {
            Some(s) if bytes.get(s..).is_some_and(|b| b.starts_with(NEW_MAGIC)) => s,
            _ => return Vec::new(),
        }
    } else {
        return Vec::new();
    };
    let base = &bytes[start..];
    let Some(nlibs) = read_u32(base, 20) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for i in 0..nlibs as usize {
        let Some(at) = i.checked_mul(NEW_ENTRY).map(|n| n + NEW_HEADER) else {
            break;
        };
        let (Some(flags), Some(key), Some(value)) = (
            read_u32(base, at),
            read_u32(base, at + 4),
            read_u32(base, at + 8),
        ) else {
            break;
        };
        let fits = match want {
            Some(w) => flags == w,
            None => flags & FLAG_TYPE_MASK == FLAG_ELF_LIBC6,
        };
        if !fits {
            continue;
        }
        if let (Some(name), Some(path)) = (c_string(base, key), c_string(base, value)) {
            if path.starts_with('/') {
                out.push((name, PathBuf::from(path)));
            }
        }
    }
    out
}

/// The native-endian `u32` at `at`, if it lies inside `bytes`.
fn read_u32(bytes: &[u8], at: usize) -> Option<u32> {
    let b = bytes.get(at..at.checked_add(4)?)?;
    Some(u32::from_ne_bytes([b[0], b[1], b[2], b[3]]))
}

/// The NUL-terminated UTF-8 string at `at`.
fn c_string(bytes: &[u8], at: u32) -> Option<String> {
    let rest = bytes.get(at as usize..)?;
    let len = rest.iter().position(|b| *b == 0)?;
    std::str::from_utf8(&rest[..len]).ok().map(str::to_owned)
}

#[cfg(test)]
#[path = "system_tests.rs"]
mod tests;
