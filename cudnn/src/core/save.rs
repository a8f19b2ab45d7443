//! Crash-safe file replacement, for the caches' `save`: a file at the path
//! is always the previous one or the new one, whole.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Temporary files made by this process, for unique names.
static SERIAL: AtomicU64 = AtomicU64::new(0);

/// Replaces the file at `path` with `bytes`.
///
/// The bytes go to a new file in the same folder (so that the rename
/// stays on one file system), which is flushed to the disk, then renamed
/// over `path` (atomic: a reader, a concurrent writer or a crash sees the
/// old file or the new one, never a mix), and the folder is flushed so
/// that the rename itself is on the disk. On Windows the rename is
/// `MoveFileExW` with `MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH`,
/// which returns once the rename is on the disk.
///
/// When `path` is a symbolic link, the file it points to is replaced. The
/// new file takes the permissions of the one it replaces. On any error the
/// temporary file is removed and the file at `path` is untouched (a full
/// disk fails the write of the temporary file).
pub(crate) fn replace_file(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let target = resolve_link(path)?;
    let name = target
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "the path names no file"))?;
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let (tmp, mut file) = create_temporary(&dir, &name.to_string_lossy())?;
    let written = write_and_sync(&mut file, bytes, &target, &tmp);
    drop(file);
    let renamed = written.and_then(|()| rename_over(&tmp, &target));
    if let Err(e) = renamed {
        let _ = fs::remove_file(&tmp);
        return Err(e);
    }
    sync_folder(&dir)
}

/// The file a symbolic link at `path` points to; `path` itself otherwise.
fn resolve_link(path: &Path) -> io::Result<PathBuf> {
    match fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => fs::canonicalize(path),
        _ => Ok(path.to_path_buf()),
    }
}

/// A new file `.<name>.<pid>.<n>.tmp` in `dir`, never an existing one.
fn create_temporary(dir: &Path, name: &str) -> io::Result<(PathBuf, File)> {
    let pid = std::process::id();
    let mut last = None;
    for _ in 0..64 {
        let n = SERIAL.fetch_add(1, Ordering::Relaxed);
        let tmp = dir.join(format!(".{name}.{pid}.{n}.tmp"));
        match OpenOptions::new().write(true).create_new(true).open(&tmp) {
            Ok(f) => return Ok((tmp, f)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| io::Error::other("no free temporary file name")))
}

/// Writes `bytes`, gives the file the permissions of the one at `target`
/// (when there is one) and flushes it to the disk.
fn write_and_sync(file: &mut File, bytes: &[u8], target: &Path, tmp: &Path) -> io::Result<()> {
    file.write_all(bytes)?;
    if let Ok(old) = fs::metadata(target) {
        fs::set_permissions(tmp, old.permissions())?;
    }
    file.sync_all()
}

#[cfg(not(windows))]
fn rename_over(from: &Path, to: &Path) -> io::Result<()> {
    fs::rename(from, to)
}

/// Flushes the folder's entries (the rename) to the disk.
#[cfg(not(windows))]
fn sync_folder(dir: &Path) -> io::Result<()> {
    File::open(dir)?.sync_all()
}

#[cfg(windows)]
fn rename_over(from: &Path, to: &Path) -> io::Result<()> {
    use std::os::windows::ffi::OsStrExt;

    const MOVEFILE_REPLACE_EXISTING: u32 = 0x1;
    const MOVEFILE_WRITE_THROUGH: u32 = 0x8;
    #[link(name = "kernel32")]
    extern "system" {
        fn MoveFileExW(existing: *const u16, new: *const u16, flags: u32) -> i32;
    }
    let wide = |p: &Path| -> Vec<u16> { p.as_os_str().encode_wide().chain([0]).collect() };
    let (from, to) = (wide(from), wide(to));
    // Another process replacing the same file at the same moment can make
    // the rename fail with a sharing violation for a moment: a few tries.
    let mut tries = 0;
    loop {
        // SAFETY: both are NUL-terminated UTF-16 strings that live across
        // the call; the function only reads them.
        let ok = unsafe {
            MoveFileExW(
                from.as_ptr(),
                to.as_ptr(),
                MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH,
            )
        };
        if ok != 0 {
            return Ok(());
        }
        let e = io::Error::last_os_error();
        tries += 1;
        if e.kind() != io::ErrorKind::PermissionDenied || tries == 50 {
            return Err(e);
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

/// `MOVEFILE_WRITE_THROUGH` already waited for the rename.
#[cfg(windows)]
fn sync_folder(_dir: &Path) -> io::Result<()> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn leftovers(dir: &Path) -> Vec<String> {
        fs::read_dir(dir)
            .expect("read_dir")
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".tmp"))
            .collect()
    }

    #[test]
    #[cfg_attr(miri, ignore = "file system")]
    fn replaces_whole_and_leaves_no_temporary_file() {
        let dir = crate::core::scratch_dir("save-whole");
        let d = dir.path();
        let f = d.join("cache.json");
        replace_file(&f, b"first").expect("create");
        assert_eq!(fs::read(&f).expect("read"), b"first");
        replace_file(&f, b"second, longer").expect("replace");
        assert_eq!(fs::read(&f).expect("read"), b"second, longer");
        replace_file(&f, b"3").expect("shorter");
        assert_eq!(fs::read(&f).expect("read"), b"3");
        assert!(leftovers(d).is_empty(), "{:?}", leftovers(d));
    }

    #[test]
    #[cfg_attr(miri, ignore = "file system")]
    fn a_failed_save_keeps_the_old_file() {
        let dir = crate::core::scratch_dir("save-fail");
        let d = dir.path();
        // The target is a folder: the rename fails after the write.
        let f = d.join("taken");
        fs::create_dir_all(f.join("inside")).expect("folder");
        assert!(replace_file(&f, b"data").is_err());
        assert!(f.join("inside").is_dir());
        assert!(leftovers(d).is_empty(), "{:?}", leftovers(d));
        // No folder to write in.
        assert!(replace_file(&d.join("missing").join("f"), b"x").is_err());
        assert!(replace_file(Path::new(""), b"x").is_err());
    }

    #[cfg(unix)]
    #[test]
    #[cfg_attr(miri, ignore = "file system")]
    fn keeps_permissions_and_follows_links() {
        use std::os::unix::fs::PermissionsExt;
        let dir = crate::core::scratch_dir("save-perm");
        let d = dir.path();
        let f = d.join("real.json");
        fs::write(&f, b"old").expect("write");
        fs::set_permissions(&f, fs::Permissions::from_mode(0o600)).expect("chmod");
        let link = d.join("link.json");
        std::os::unix::fs::symlink(&f, &link).expect("symlink");
        replace_file(&link, b"new").expect("through the link");
        assert!(fs::symlink_metadata(&link)
            .expect("link")
            .file_type()
            .is_symlink());
        assert_eq!(fs::read(&f).expect("read"), b"new");
        let mode = fs::metadata(&f).expect("meta").permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
    }
}
