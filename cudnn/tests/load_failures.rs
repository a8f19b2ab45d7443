//! Loading failures give a typed error that lists every place tried and the
//! loader's reason, and never panic. These need no cuDNN: the broken files
//! are made here.

use std::path::{Path, PathBuf};

use cudnn::load::Source;
use cudnn::{Error, Library};

/// cuDNN's file names on this system, newest major first.
#[cfg(windows)]
const NAMES: [&str; 2] = ["cudnn64_9.dll", "cudnn64_8.dll"];
#[cfg(not(windows))]
const NAMES: [&str; 2] = ["libcudnn.so.9", "libcudnn.so.8"];
const NINE: &str = NAMES[0];
const EIGHT: &str = NAMES[1];

/// A folder of the test's own, removed with what it holds when dropped. A
/// removal that fails (Windows keeps a DLL that was loaded) is ignored.
fn scratch(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("cudnn-rs-load-{name}-"))
        .tempdir()
        .expect("scratch folder")
}

/// Opens `dir` and returns the load error's attempts as (path, reason).
fn fail(dir: &Path) -> (String, Vec<(PathBuf, String)>) {
    let err = Library::open(Some(dir)).expect_err("nothing loadable there");
    let text = err.to_string();
    let Error::LibraryNotFound(e) = err else {
        panic!("expected LibraryNotFound, got {err:?}")
    };
    assert_eq!(e.restricted_to, Some("the path given in code"));
    for a in &e.attempts {
        assert_eq!(a.candidate.source, Source::Explicit);
        assert!(
            a.candidate.path.starts_with(dir),
            "{}",
            a.candidate.path.display()
        );
        assert!(
            text.contains(&a.candidate.path.display().to_string()),
            "the message names {}: {text}",
            a.candidate.path.display()
        );
    }
    let attempts = e
        .attempts
        .into_iter()
        .map(|a| (a.candidate.path, a.outcome.expect_err("failed")))
        .collect();
    (text, attempts)
}

#[test]
fn an_empty_folder_lists_both_majors() {
    let tmp = scratch("empty");
    let dir = tmp.path();
    let (text, attempts) = fail(dir);
    let names: Vec<_> = attempts
        .iter()
        .map(|(p, _)| {
            p.file_name()
                .and_then(|n| n.to_str())
                .unwrap_or("")
                .to_owned()
        })
        .collect();
    assert_eq!(names, NAMES);
    assert!(attempts.iter().all(|(_, why)| why == "no such file"));
    assert!(
        text.starts_with(
            "no cuDNN library could be loaded (only the path given in code was searched"
        ),
        "{text}"
    );
    // The fix comes with the error, without running the doctor.
    assert!(
        text.contains(&format!(
            "\nTo fix: pass the folder holding {NINE}, or `None` to search everywhere."
        )),
        "{text}"
    );
}

#[test]
fn a_file_that_is_not_a_library() {
    let tmp = scratch("text");
    let dir = tmp.path();
    std::fs::write(dir.join(NINE), "not a shared object\n").expect("write");
    let (_, attempts) = fail(dir);
    let (path, why) = &attempts[0];
    assert!(path.ends_with(NINE));
    // The system loader's own words: dlerror's, or the text of Windows'
    // ERROR_BAD_EXE_FORMAT (193).
    if cfg!(windows) {
        assert!(why.contains("os error 193"), "{why}");
    } else {
        assert!(why.contains(NINE), "{why}");
        assert!(
            why.contains("invalid ELF header") || why.contains("too short"),
            "{why}"
        );
    }
    assert_eq!(attempts[1].1, "no such file");
}

#[test]
fn a_truncated_library() {
    let tmp = scratch("truncated");
    let dir = tmp.path();
    // The head of a real library (or of this test program, an ELF or PE
    // file too): valid headers whose sections run past the end of the file.
    let source = std::env::var_os("CUDNN_LIB_DIR")
        .and_then(|d| {
            NAMES
                .iter()
                .map(|n| PathBuf::from(&d).join(n))
                .find(|p| p.is_file())
        })
        .unwrap_or_else(|| std::env::current_exe().expect("the test program's path"));
    let bytes = std::fs::read(&source).expect("read a library");
    std::fs::write(dir.join(EIGHT), &bytes[..bytes.len().min(4096)]).expect("write");
    let (_, attempts) = fail(dir);
    assert_eq!(attempts[0].1, "no such file");
    let (path, why) = &attempts[1];
    assert!(path.ends_with(EIGHT));
    // Refused before the system loader sees it: dlopen would map past the
    // end of the file and die of SIGBUS.
    assert!(
        why.starts_with("the file is truncated: 4096 bytes"),
        "{why}"
    );
}

#[test]
fn a_library_that_is_not_cudnn() {
    let tmp = scratch("notcudnn");
    let dir = tmp.path();
    // Any real shared library without cudnnGetVersion: the C math library,
    // or Windows' version.dll.
    let other: Vec<PathBuf> = if cfg!(windows) {
        std::env::var_os("SystemRoot")
            .map(|root| Path::new(&root).join("System32").join("version.dll"))
            .into_iter()
            .collect()
    } else {
        [
            "/lib/x86_64-linux-gnu/libm.so.6",
            "/usr/lib/x86_64-linux-gnu/libm.so.6",
            "/lib64/libm.so.6",
        ]
        .into_iter()
        .map(PathBuf::from)
        .collect()
    };
    let Some(other) = other.iter().find(|p| p.is_file()) else {
        eprintln!("not run: none of {other:?} exists");
        return;
    };
    std::fs::copy(other, dir.join(NINE)).expect("copy");
    let (_, attempts) = fail(dir);
    assert_eq!(
        attempts[0].1,
        "it does not export cudnnGetVersion: not a cuDNN library"
    );
}

#[test]
fn a_folder_where_a_file_is_expected() {
    let tmp = scratch("folder");
    let dir = tmp.path();
    std::fs::create_dir_all(dir.join(NINE)).expect("mkdir");
    let (_, attempts) = fail(dir);
    assert_eq!(attempts[0].1, "not a file: a folder");
}
