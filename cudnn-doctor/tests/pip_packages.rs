//! Every pip package the doctor's findings name exists on PyPI: the names
//! in its fixes for CUDA 11, 12 and 13 installs missing cuDNN, cuBLAS and
//! NVRTC, checked against the list the `cudnn` crate's tests keep
//! (`cudnn/tests/data/pypi-packages.txt`, verified on PyPI).

use std::collections::BTreeMap;
use std::path::PathBuf;

use cudnn_doctor::{diagnose, DriverProbe, LoadedLibrary, Os, Snapshot};

/// The committed list: name -> the newest version PyPI had.
fn known() -> BTreeMap<String, String> {
    let text = include_str!("../../cudnn/tests/data/pypi-packages.txt");
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

/// A snapshot of an install of cuDNN for CUDA `cuda` missing cuBLASLt and
/// NVRTC, or (`loaded == false`) of a machine with no cuDNN and a driver for
/// CUDA `cuda`.
fn snapshot(cuda: u32, loaded: bool) -> Snapshot {
    let (blas, rtc) = (
        format!("libcublasLt.so.{cuda}"),
        format!("libnvrtc.so.{cuda}"),
    );
    let dir = PathBuf::from("/opt/cudnn/lib");
    Snapshot {
        os: Os::Linux,
        env: BTreeMap::new(),
        listings: [(dir.clone(), vec!["libcudnn.so.9".to_string()])]
            .into_iter()
            .collect(),
        loader_dirs: vec![],
        other_dirs: vec![],
        file_versions: BTreeMap::new(),
        is_wsl: false,
        loaded: loaded.then(|| LoadedLibrary {
            path: dir.join("libcudnn.so.9"),
            found_by: "CUDNN_LIB_DIR".into(),
            requested: dir.join("libcudnn.so.9"),
            version: "9.28.0".into(),
            major: 9,
            cudart: format!("{cuda}.0"),
        }),
        attempts: vec![],
        sublibrary_checks: vec![],
        process_cudnn: vec![],
        driver: DriverProbe::Present {
            version: cuda as i32 * 1000,
            gpus: vec![],
        },
        header_version: None,
        dependencies: vec![(blas, None), (rtc, None)],
        dependency_users: BTreeMap::new(),
        sublibrary_states: vec![],
    }
}

#[test]
fn the_doctors_fixes_name_packages_on_pypi() {
    let known = known();
    for cuda in [11, 12, 13] {
        for loaded in [true, false] {
            let findings = diagnose(&snapshot(cuda, loaded));
            let names: Vec<String> = findings
                .iter()
                .flat_map(|f| names_in(&format!("{} {}", f.message, f.fix)))
                .map(|(n, _)| n)
                .filter(|n| !NOT_PACKAGES.contains(&n.as_str()))
                .collect();
            assert!(!names.is_empty(), "CUDA {cuda}: {findings:?}");
            for name in names {
                assert!(
                    known.contains_key(&name),
                    "CUDA {cuda}: {name} is not on PyPI's list"
                );
            }
        }
    }
    // CUDA 13 installs are told the unsuffixed names.
    let text = format!("{:?}", diagnose(&snapshot(13, true)));
    assert!(text.contains("pip install nvidia-cublas==13.*"), "{text}");
    assert!(
        text.contains("pip install nvidia-cuda-nvrtc==13.*"),
        "{text}"
    );
    assert!(!text.contains("-cu13"), "{text}");
    let text = format!("{:?}", diagnose(&snapshot(13, false)));
    assert!(text.contains("nvidia-cudnn-cu13"), "{text}");
}
