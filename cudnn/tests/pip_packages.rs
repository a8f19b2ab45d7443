//! Every pip package the crate names exists on PyPI as a real package (not
//! an empty stub): checked against `tests/data/pypi-packages.txt`, which
//! was verified on PyPI, in three ways: every name `pip_package` gives,
//! and every `nvidia-` name written in the crates' sources, the doctor's
//! included (so no name is put together from pieces). The names in the
//! doctor's findings are checked in `cudnn-doctor/tests/pip_packages.rs`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use cudnn::sys::discovery::{pip_package, pip_requirement, Package};

/// The committed list: name -> the newest version PyPI had.
fn known() -> BTreeMap<String, String> {
    let text = include_str!("data/pypi-packages.txt");
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (name, version) = l.split_once(' ').expect("name and version");
            (name.to_string(), version.trim().to_string())
        })
        .collect()
}

/// The `nvidia-...` names in `text`, with whether each is followed by a
/// format brace (a name put together at run time).
fn names_in(text: &str) -> Vec<(String, bool)> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("nvidia-") {
        let tail = &rest[i..];
        let len = tail
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
            .unwrap_or(tail.len());
        let name = tail[..len].trim_end_matches('-');
        let built = tail[len..].starts_with('{') || tail[..len].ends_with('-');
        out.push((name.to_string(), built));
        rest = &tail[len..];
    }
    out
}

/// Not packages: commands and words that happen to start the same way.
const NOT_PACKAGES: &[&str] = &["nvidia-smi"];

#[test]
fn names_are_read_whole_and_built_ones_are_caught() {
    assert_eq!(
        names_in("(pip: nvidia-cublas-cu{cu}) or `pip install nvidia-cuda-nvrtc==13.*`"),
        [
            ("nvidia-cublas-cu".to_string(), true),
            ("nvidia-cuda-nvrtc".to_string(), false)
        ]
    );
    assert_eq!(
        names_in("see nvidia-cudnn-"),
        [("nvidia-cudnn".to_string(), true)]
    );
    assert!(!known().contains_key("nvidia-cublas-cu13"));
}

#[test]
fn the_list_names_real_packages() {
    let known = known();
    assert!(known.len() >= 11, "{known:?}");
    for (name, version) in &known {
        assert_ne!(version, "0.0.1", "{name} is a stub");
        assert!(!name.ends_with("-cu13") || name.contains("cudnn"), "{name}");
    }
}

#[test]
fn every_name_pip_package_gives_is_on_pypi() {
    let known = known();
    let mut given = 0;
    for package in [
        Package::Cudnn,
        Package::CudnnJit,
        Package::Cublas,
        Package::Nvrtc,
    ] {
        for cuda in 0..=40 {
            if let Some(name) = pip_package(package, cuda) {
                given += 1;
                assert!(
                    known.contains_key(name),
                    "{name} (CUDA {cuda}) is not on the list"
                );
                let req = pip_requirement(package, cuda).expect("a requirement");
                assert!(req.starts_with(name), "{req}");
                if !name.ends_with(&format!("-cu{cuda}")) {
                    // Unsuffixed: pinned to the CUDA major, which its
                    // versions carry.
                    assert_eq!(req, format!("{name}=={cuda}.*"));
                    assert!(known[name].starts_with(&format!("{cuda}.")), "{name}");
                }
            }
        }
    }
    assert_eq!(given, known.len(), "the list and pip_package disagree");
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir)
        .expect("read source folder")
        .flatten()
    {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn every_name_in_the_sources_is_on_pypi() {
    let known = known();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    rust_files(&root.join("../cudnn-sys/src"), &mut files);
    rust_files(&root.join("../cudnn-doctor/src"), &mut files);
    assert!(files.len() > 50, "{} files", files.len());
    let mut seen = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).expect("read");
        for (name, built) in names_in(&text) {
            if NOT_PACKAGES.contains(&name.as_str()) {
                continue;
            }
            seen += 1;
            assert!(
                !built,
                "{}: {name} is put together at run time",
                file.display()
            );
            assert!(
                known.contains_key(&name),
                "{}: {name} is not on the list of PyPI packages",
                file.display()
            );
        }
    }
    assert!(seen >= 11, "{seen} names seen");
}

/// Asks PyPI whether each listed package still exists and is not a stub.
#[test]
#[ignore = "asks PyPI (network)"]
fn the_list_still_matches_pypi() {
    for (name, _) in known() {
        let out = std::process::Command::new("python3")
            .args(["-m", "pip", "index", "versions", &name])
            .output()
            .expect("run pip");
        let text = String::from_utf8_lossy(&out.stdout);
        let newest = text
            .lines()
            .next()
            .and_then(|l| {
                l.split_once('(')?
                    .1
                    .split_once(')')
                    .map(|v| v.0.to_string())
            })
            .unwrap_or_default();
        assert!(
            out.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_ne!(newest, "0.0.1", "{name} is a stub now");
        assert!(!newest.is_empty(), "{name}: {text}");
    }
}
