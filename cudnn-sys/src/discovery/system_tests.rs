//! The system loader's search path, the ld.so cache reader.

use super::super::fake::FakeEnv;
use super::super::{candidates, library_file_names, Candidate, Source};
use super::*;

/// The flags of this architecture's cache entries.
fn native() -> u32 {
    native_flags().unwrap_or(0x0303)
}

/// A loader cache in glibc's format, `(flags, name, path)` per entry, after
/// the old format's table when `compat`.
fn cache_bytes(entries: &[(u32, &str, &str)], compat: bool) -> Vec<u8> {
    let mut strings: Vec<u8> = Vec::new();
    let table = NEW_HEADER + entries.len() * NEW_ENTRY;
    let mut offsets = Vec::new();
    for (_, name, path) in entries {
        let key = table + strings.len();
        strings.extend_from_slice(name.as_bytes());
        strings.push(0);
        let value = table + strings.len();
        strings.extend_from_slice(path.as_bytes());
        strings.push(0);
        offsets.push((key as u32, value as u32));
    }
    let mut new = Vec::new();
    new.extend_from_slice(NEW_MAGIC);
    new.extend_from_slice(&(entries.len() as u32).to_ne_bytes());
    new.extend_from_slice(&(strings.len() as u32).to_ne_bytes());
    new.extend_from_slice(&[2, 0, 0, 0]);
    new.extend_from_slice(&[0; 16]);
    assert_eq!(new.len(), NEW_HEADER);
    for ((flags, _, _), (key, value)) in entries.iter().zip(&offsets) {
        new.extend_from_slice(&flags.to_ne_bytes());
        new.extend_from_slice(&key.to_ne_bytes());
        new.extend_from_slice(&value.to_ne_bytes());
        new.extend_from_slice(&0u32.to_ne_bytes());
        new.extend_from_slice(&0u64.to_ne_bytes());
    }
    new.extend_from_slice(&strings);
    if !compat {
        return new;
    }
    let mut old = Vec::new();
    old.extend_from_slice(OLD_MAGIC);
    old.push(0);
    old.extend_from_slice(&3u32.to_ne_bytes());
    old.extend_from_slice(&[0xAB; 3 * OLD_ENTRY]);
    while old.len() % 8 != 0 {
        old.push(0);
    }
    old.extend_from_slice(&new);
    old
}

fn paths(v: &[PathBuf]) -> Vec<String> {
    v.iter().map(|p| p.display().to_string()).collect()
}

#[test]
fn linux_order_library_path_runpath_cache_defaults() {
    let name = "libcudnn.so.9";
    let mut env = FakeEnv::default()
        .var("LD_LIBRARY_PATH", "/a::/b;/a/")
        .file("/a", name)
        .file("/b", name)
        .file("/prog/bin/../lib", name)
        .file("/opt/rp", name)
        .file("/c", name)
        .file("/usr/lib", name)
        .file("/unlisted", "libother.so.1");
    env.program = Some(PathBuf::from("/prog/bin"));
    env.runpath = Some("$ORIGIN/../lib:/opt/rp:$LIB/y:${ORIGIN}/none".into());
    env.cache = cache_bytes(
        &[
            (native(), "libz.so.1", "/c/libz.so.1"),
            (native(), name, "/c/libcudnn.so.9"),
            // Another architecture's entry (32-bit x86 or x86-64).
            (native() ^ 0x0f00, name, "/other-arch/libcudnn.so.9"),
            // An entry whose file is gone.
            (native(), name, "/stale/libcudnn.so.9"),
        ],
        false,
    );
    let search = LoaderSearch::new(Os::Linux, &env);
    assert_eq!(
        paths(&search.resolve(name, &env)),
        [
            "/a/libcudnn.so.9",
            "/b/libcudnn.so.9",
            "/prog/bin/../lib/libcudnn.so.9",
            "/opt/rp/libcudnn.so.9",
            "/c/libcudnn.so.9",
            "/usr/lib/libcudnn.so.9",
        ]
    );
    let folders = paths(&search.folders());
    assert_eq!(
        folders[..6],
        [
            "/a",
            "/b",
            "/prog/bin/../lib",
            "/opt/rp",
            "/prog/bin/none",
            "/c"
        ]
    );
    assert!(!folders.iter().any(|f| f.contains("other-arch")));
    assert!(folders.ends_with(&["/lib".into(), "/usr/lib".into()]));
    assert_eq!(
        folders.len(),
        folders
            .iter()
            .collect::<std::collections::HashSet<_>>()
            .len(),
        "each folder once: {folders:?}"
    );
}

#[test]
fn a_library_loaded_already_comes_first() {
    let name = "libcudnn.so.9";
    let mut env = FakeEnv::default()
        .var("LD_LIBRARY_PATH", "/a")
        .file("/a", name);
    env.loaded
        .insert(name.into(), PathBuf::from("/framework/libcudnn.so.9"));
    assert_eq!(
        paths(&resolve(Os::Linux, name, &env)),
        ["/framework/libcudnn.so.9", "/a/libcudnn.so.9"]
    );
}

#[test]
fn windows_order_program_system_path_without_current_folder() {
    let name = "cudnn64_9.dll";
    let mut env = FakeEnv::default()
        .var("SystemRoot", r"D:\Win\")
        .var("PATH", r#"C:\p1;;"C:\p2";D:\WIN\system32;C:\P1\"#)
        .file(r"C:\app", name)
        .file(r"D:\Win\System32", name)
        .file(r"D:\Win", name)
        .file(r"C:\p2", name)
        .file(r"C:\cwd", name);
    env.program = Some(PathBuf::from(r"C:\app"));
    let search = LoaderSearch::new(Os::Windows, &env);
    assert_eq!(
        paths(&search.folders()),
        [r"C:\app", r"D:\Win\System32", r"D:\Win", r"C:\p1", r"C:\p2"]
    );
    assert_eq!(
        paths(&search.resolve(name, &env)),
        [
            r"C:\app\cudnn64_9.dll",
            r"D:\Win\System32\cudnn64_9.dll",
            r"D:\Win\cudnn64_9.dll",
            r"C:\p2\cudnn64_9.dll",
        ]
    );
    // windir, then C:\Windows, when SystemRoot is unset.
    let env = FakeEnv::default().var("windir", r"E:\W");
    assert_eq!(
        paths(&loader_dirs(Os::Windows, &env)),
        [r"E:\W\System32", r"E:\W"]
    );
    assert_eq!(
        paths(&loader_dirs(Os::Windows, &FakeEnv::default())),
        [r"C:\Windows\System32", r"C:\Windows"]
    );
}

#[test]
fn the_last_step_gives_every_file_found_newest_major_first() {
    let env = FakeEnv::default()
        .var("LD_LIBRARY_PATH", "/eight:/nine:/both")
        .file("/eight", "libcudnn.so.8")
        .file("/nine", "libcudnn.so.9")
        .file("/both", "libcudnn.so.9")
        .file("/both", "libcudnn.so.8");
    let got: Vec<Candidate> = candidates(Os::Linux, None, &env)
        .into_iter()
        .filter(|c| c.source == Source::SystemLoader)
        .collect();
    let got: Vec<String> = got.iter().map(|c| c.path.display().to_string()).collect();
    assert_eq!(
        got,
        [
            "/nine/libcudnn.so.9",
            "/both/libcudnn.so.9",
            "/eight/libcudnn.so.8",
            "/both/libcudnn.so.8",
        ]
    );
    // Found nowhere: the bare names stay, for the loader to report.
    let got = candidates(Os::Linux, None, &FakeEnv::default());
    let bare: Vec<&Path> = got.iter().map(|c| c.path.as_path()).collect();
    let names: Vec<&Path> = library_file_names(Os::Linux)
        .iter()
        .map(Path::new)
        .collect();
    assert_eq!(bare, names);
}

/// 20,000 folders on `LD_LIBRARY_PATH`, some repeated: each is looked in
/// once per name, and listed never.
#[test]
fn the_search_is_linear_in_the_length_of_the_path() {
    let n = if cfg!(miri) { 300 } else { 20_000 };
    let distinct = n - n / 20;
    let list: Vec<String> = (0..n).map(|i| format!("/l/{}", i % distinct)).collect();
    let env = FakeEnv::default()
        .var("LD_LIBRARY_PATH", &list.join(":"))
        .file("/l/7", "libcudnn.so.9");
    let got = candidates(Os::Linux, None, &env);
    assert_eq!(got[0].path, PathBuf::from("/l/7/libcudnn.so.9"));
    let names = library_file_names(Os::Linux).len();
    let lookups = env.lookups.get();
    assert!(
        lookups <= names * (distinct + 16),
        "{lookups} lookups for {distinct} distinct folders"
    );
    assert!(env.reads.get() < 64, "{} folder reads", env.reads.get());
}

#[test]
fn old_and_new_formats_and_architectures() {
    let entries = [
        (native(), "libcudnn.so.9", "/x/libcudnn.so.9"),
        (0x0003, "libcudnn.so.9", "/i386/libcudnn.so.9"),
        (native(), "libz.so.1", "/x/libz.so.1"),
        (native(), "relative", "not/absolute"),
    ];
    let want = vec![
        (
            "libcudnn.so.9".to_string(),
            PathBuf::from("/x/libcudnn.so.9"),
        ),
        ("libz.so.1".to_string(), PathBuf::from("/x/libz.so.1")),
    ];
    assert_eq!(
        parse_cache(&cache_bytes(&entries, false), Some(native())),
        want
    );
    assert_eq!(
        parse_cache(&cache_bytes(&entries, true), Some(native())),
        want
    );
    // Without a known architecture, every libc6 entry.
    assert_eq!(parse_cache(&cache_bytes(&entries, false), None).len(), 3);
    assert!(ld_so_cache_entries(b"").is_empty());
    assert!(ld_so_cache_entries(b"not a cache at all").is_empty());
    assert!(ld_so_cache_entries(OLD_MAGIC).is_empty());
}

/// Every prefix of a cache and every single-bit flip of it is read without
/// a panic; a prefix gives a prefix of the entries.
#[test]
fn damaged_caches_never_panic() {
    let entries: Vec<(u32, String, String)> = (0..6)
        .map(|i| (native(), format!("lib{i}.so.1"), format!("/d/lib{i}.so.1")))
        .collect();
    let refs: Vec<(u32, &str, &str)> = entries
        .iter()
        .map(|(f, n, p)| (*f, n.as_str(), p.as_str()))
        .collect();
    let step = if cfg!(miri) { 61 } else { 1 };
    for compat in [false, true] {
        let bytes = cache_bytes(&refs, compat);
        let full = parse_cache(&bytes, Some(native()));
        assert_eq!(full.len(), 6);
        for cut in (0..bytes.len()).step_by(step) {
            let got = parse_cache(&bytes[..cut], Some(native()));
            assert!(full.starts_with(&got), "cut {cut}: {got:?}");
        }
        for bit in (0..bytes.len() * 8).step_by(step) {
            let mut b = bytes.clone();
            b[bit / 8] ^= 1 << (bit % 8);
            let _ = parse_cache(&b, Some(native()));
        }
    }
}

/// The machine's own cache reads as `ldconfig -p` lists it (when both are
/// there).
#[cfg(target_os = "linux")]
#[test]
#[cfg_attr(miri, ignore = "runs ldconfig")]
fn the_real_cache_matches_ldconfig() {
    let Ok(bytes) = std::fs::read("/etc/ld.so.cache") else {
        eprintln!("not run: no /etc/ld.so.cache");
        return;
    };
    let out = ["/sbin/ldconfig", "/usr/sbin/ldconfig"]
        .iter()
        .find_map(|c| std::process::Command::new(c).arg("-p").output().ok());
    let Some(out) = out.filter(|o| o.status.success()) else {
        eprintln!("not run: no ldconfig");
        return;
    };
    let arch = if cfg!(target_arch = "x86_64") {
        "(libc6,x86-64"
    } else if cfg!(target_arch = "aarch64") {
        "(libc6,AArch64"
    } else {
        eprintln!("not run: no architecture flag known here");
        return;
    };
    let listed: Vec<(String, PathBuf)> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| l.contains(arch))
        .filter_map(|l| {
            let (lhs, path) = l.split_once(" => ")?;
            Some((
                lhs.split_whitespace().next()?.to_string(),
                PathBuf::from(path.trim()),
            ))
        })
        .collect();
    let parsed = ld_so_cache_entries(&bytes);
    assert!(!listed.is_empty());
    assert_eq!(parsed, listed);
}
