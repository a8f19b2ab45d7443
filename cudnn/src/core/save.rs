//! Crash-safe file replacement, for the caches' `save`: a file at the path
//! is always the previous one or the new one, whole; and the bounded read
//! of a cache file, for their `load`.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Temporary files made by this process, for unique names.
static SERIAL: AtomicU64 = AtomicU64::new(0);

/// The most bytes a cache file may have for [`AlgoCache::load`] and
/// [`PlanCache::load`] (64 MiB): a plan cache of its default capacity is
/// well under 1 MiB. [`AlgoCache::load_with_limit`] and
/// [`PlanCache::load_with_limit`] take another limit.
///
/// [`AlgoCache::load`]: crate::conv::AlgoCache::load
/// [`PlanCache::load`]: crate::graph::PlanCache::load
/// [`AlgoCache::load_with_limit`]: crate::conv::AlgoCache::load_with_limit
/// [`PlanCache::load_with_limit`]: crate::graph::PlanCache::load_with_limit
pub const CACHE_FILE_MAX_BYTES: u64 = 64 << 20;

/// The text of the file at `path` (links followed) when it is a regular
/// file of at most `limit` bytes of UTF-8.
///
/// The path's type is checked before it is opened, and the opened file's
/// after (the open does not wait: `O_NONBLOCK` on Unix, so a FIFO put in
/// between does not block it), so a FIFO, a device, a socket or a folder
/// is refused with the loader's words before anything is read from it; a larger file, or one that grows past the
/// limit while it is read, is refused too. A missing file is
/// [`io::ErrorKind::NotFound`].
pub(crate) fn read_bounded(path: &Path, limit: u64) -> io::Result<String> {
    let regular = |meta: &fs::Metadata| {
        if meta.is_file() {
            Ok(())
        } else {
            let kind = cudnn_sys::loader::kind_of(&meta.file_type());
            Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("not a file: {kind}"),
            ))
        }
    };
    // The path's type first (stat opens nothing), then the opened file's,
    // in case the path changed in between.
    regular(&fs::metadata(path)?)?;
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path)?;
    let meta = file.metadata()?;
    regular(&meta)?;
    let too_large = |len: u64| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!("{len} bytes or more, over the limit of {limit} bytes for a cache file"),
        )
    };
    if meta.len() > limit {
        return Err(too_large(meta.len()));
    }
    let mut text = String::new();
    file.take(limit.saturating_add(1))
        .read_to_string(&mut text)?;
    if text.len() as u64 > limit {
        return Err(too_large(text.len() as u64));
    }
    Ok(text)
}

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

    /// A cache read takes a regular file within the limit, and refuses a
    /// folder, a larger file, a FIFO (without waiting on it) and a device
    /// (without reading it to its end), with the loader's words.
    #[test]
    #[cfg_attr(miri, ignore = "file system")]
    fn a_cache_read_takes_only_a_regular_file_within_the_limit() {
        let dir = crate::core::scratch_dir("read-bounded");
        let d = dir.path();
        let f = d.join("cache.json");
        fs::write(&f, b"0123456789").expect("write");
        assert_eq!(read_bounded(&f, 10).expect("at the limit"), "0123456789");
        let e = read_bounded(&f, 9).expect_err("over the limit");
        assert!(e.to_string().contains("over the limit of 9 bytes"), "{e}");
        let e = read_bounded(d, 10).expect_err("a folder");
        assert!(e.to_string().contains("not a file: a folder"), "{e}");
        let e = read_bounded(&d.join("missing"), 10).expect_err("missing");
        assert_eq!(e.kind(), io::ErrorKind::NotFound);
        #[cfg(unix)]
        {
            let fifo = d.join("fifo");
            let made = std::process::Command::new("mkfifo").arg(&fifo).status();
            assert!(made.is_ok_and(|s| s.success()), "mkfifo {}", fifo.display());
            let e = read_bounded(&fifo, CACHE_FILE_MAX_BYTES).expect_err("a FIFO");
            assert!(e.to_string().contains("not a file: a FIFO"), "{e}");
            let e =
                read_bounded(Path::new("/dev/zero"), CACHE_FILE_MAX_BYTES).expect_err("a device");
            assert!(
                e.to_string().contains("not a file: a character device"),
                "{e}"
            );
        }
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
