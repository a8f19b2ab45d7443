//! [`ProcessEnv`]: the search's view of this process and its machine.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use super::SearchEnv;

/// The real process environment and filesystem.
#[derive(Debug, Clone, Copy, Default)]
pub struct ProcessEnv;

/// The largest loader cache read (glibc's is tens of KiB).
const MAX_CACHE_BYTES: u64 = 64 << 20;

impl SearchEnv for ProcessEnv {
    fn var(&self, name: &str) -> Option<OsString> {
        std::env::var_os(name)
    }

    fn var_names(&self) -> Vec<String> {
        std::env::vars_os()
            .filter_map(|(name, _)| name.into_string().ok())
            .collect()
    }

    fn list_dir(&self, dir: &Path) -> Vec<OsString> {
        match std::fs::read_dir(dir) {
            Ok(entries) => entries
                .filter_map(|e| e.ok().map(|e| e.file_name()))
                .collect(),
            Err(_) => Vec::new(),
        }
    }

    /// `stat`, which follows links and opens nothing (a FIFO is not waited
    /// on).
    fn contains(&self, dir: &Path, name: &str) -> bool {
        std::fs::metadata(dir.join(name)).is_ok()
    }

    /// `/etc/ld.so.cache` when it is a regular file of a sane size.
    fn loader_cache(&self) -> Vec<u8> {
        if cfg!(windows) {
            return Vec::new();
        }
        let path = Path::new("/etc/ld.so.cache");
        match std::fs::metadata(path) {
            Ok(m) if m.is_file() && m.len() <= MAX_CACHE_BYTES => {
                std::fs::read(path).unwrap_or_default()
            }
            _ => Vec::new(),
        }
    }

    fn loaded_library(&self, name: &str) -> Option<PathBuf> {
        loaded_library(name)
    }

    fn program_dir(&self) -> Option<PathBuf> {
        let exe = std::env::current_exe().ok()?;
        exe.parent().map(Path::to_path_buf)
    }

    fn program_runpath(&self) -> Option<String> {
        if !cfg!(target_os = "linux") {
            return None;
        }
        let exe = std::env::current_exe().ok()?;
        crate::elf::inspect(&exe).ok()??.runpath
    }
}

/// The loaded object whose path ends in the file name `name`, as the
/// dynamic loader lists it (`dl_iterate_phdr`).
#[cfg(target_os = "linux")]
fn loaded_library(name: &str) -> Option<PathBuf> {
    use std::ffi::CStr;
    use std::os::unix::ffi::OsStrExt;

    struct Search<'a> {
        name: &'a [u8],
        found: Option<PathBuf>,
    }

    unsafe extern "C" fn visit(
        info: *mut libc::dl_phdr_info,
        _size: libc::size_t,
        data: *mut libc::c_void,
    ) -> libc::c_int {
        // SAFETY: `data` is the `Search` passed to dl_iterate_phdr below,
        // alive and not otherwise borrowed for the whole iteration.
        let search = unsafe { &mut *data.cast::<Search<'_>>() };
        // SAFETY: the loader passes a valid `dl_phdr_info` for the call.
        let info = unsafe { &*info };
        if info.dlpi_name.is_null() {
            return 0;
        }
        // SAFETY: `dlpi_name` is a NUL-terminated string owned by the
        // loader, valid during the callback; it is copied before returning.
        let path = unsafe { CStr::from_ptr(info.dlpi_name) }.to_bytes();
        let file = path.rsplit(|b| *b == b'/').next().unwrap_or(path);
        if file == search.name && path.contains(&b'/') {
            search.found = Some(PathBuf::from(std::ffi::OsStr::from_bytes(path)));
            return 1;
        }
        0
    }

    let mut search = Search {
        name: name.as_bytes(),
        found: None,
    };
    // SAFETY: `visit` matches the callback type, only reads what the loader
    // hands it and writes only into `search`, which outlives the call.
    unsafe { libc::dl_iterate_phdr(Some(visit), (&mut search as *mut Search<'_>).cast()) };
    search.found
}

/// The module loaded under the file name `name` (`GetModuleHandleW`, which
/// loads nothing).
#[cfg(windows)]
fn loaded_library(name: &str) -> Option<PathBuf> {
    use std::os::windows::ffi::OsStringExt;
    type Hmodule = *mut core::ffi::c_void;
    #[link(name = "kernel32")]
    extern "system" {
        fn GetModuleHandleW(name: *const u16) -> Hmodule;
        fn GetModuleFileNameW(module: Hmodule, name: *mut u16, size: u32) -> u32;
    }
    let wide: Vec<u16> = name.encode_utf16().chain(std::iter::once(0)).collect();
    // SAFETY: `wide` is a NUL-terminated UTF-16 string; GetModuleHandleW
    // only looks the name up among the loaded modules.
    let module = unsafe { GetModuleHandleW(wide.as_ptr()) };
    if module.is_null() {
        return None;
    }
    let mut buf = vec![0u16; 32_768];
    // SAFETY: `buf` has room for `buf.len()` UTF-16 units.
    let n = unsafe { GetModuleFileNameW(module, buf.as_mut_ptr(), buf.len() as u32) } as usize;
    if n == 0 || n >= buf.len() {
        return None;
    }
    Some(PathBuf::from(OsString::from_wide(&buf[..n])))
}

#[cfg(not(any(target_os = "linux", windows)))]
fn loaded_library(_name: &str) -> Option<PathBuf> {
    None
}
