//! The doctor's diagnosis and rendering over generated machine snapshots:
//! any environment, folder listings, load attempts, driver state and
//! sub-library states, paths that are not UTF-8 included.

use std::collections::BTreeMap;
use std::path::PathBuf;

use cudnn_doctor::{
    candidate_copies, diagnose, sublibrary_names, AttemptInfo, DriverProbe, Gpu, LoadedLibrary, Os,
    Report, Severity, Snapshot, SublibraryCheck, SublibraryState,
};

use crate::gen::NAMES;
use crate::Case;

const ENV: [&str; 14] = [
    "CUDNN_LIB_DIR",
    "CUDNN_PATH",
    "VIRTUAL_ENV",
    "CONDA_PREFIX",
    "CUDA_PATH",
    "CUDA_HOME",
    "CUDA_PATH_V12_4",
    "LD_LIBRARY_PATH",
    "PATH",
    "ProgramFiles",
    "CUDA_VISIBLE_DEVICES",
    "CUDA_MODULE_LOADING",
    "CUDNN_LOGLEVEL_DBG",
    "WSL_DISTRO_NAME",
];

const VERSIONS: [&str; 8] = [
    "9.28.0", "8.9.5", "8.9.7", "9.0.0", "", "x.y", "99.99.99", "9",
];

const SUBS: [&str; 9] = [
    "graph",
    "ops",
    "cnn",
    "adv",
    "ops_infer",
    "cnn_train",
    "engines_precompiled",
    "engines_tensor_ir",
    "nothing",
];

fn path(c: &mut Case) -> PathBuf {
    if c.rng.coin() {
        let dir = c.rng.pick(&[
            "/usr/lib",
            "/venv/lib",
            "C:\\Program Files\\NVIDIA\\CUDNN\\v9.1\\bin",
            "",
        ]);
        PathBuf::from(format!("{dir}/{}", c.rng.pick(&NAMES)))
    } else {
        c.rng.path_of(0, 4)
    }
}

fn text(c: &mut Case) -> String {
    if c.rng.coin() {
        c.rng.pick(&VERSIONS).to_string()
    } else {
        c.rng.text(16)
    }
}

fn snapshot(c: &mut Case) -> Snapshot {
    let os = if c.rng.coin() { Os::Linux } else { Os::Windows };
    let mut env = BTreeMap::new();
    for name in ENV {
        if c.rng.coin() {
            let value = path(c).to_string_lossy().into_owned();
            env.insert(name.to_string(), value);
        }
    }
    let mut listings = BTreeMap::new();
    for _ in 0..c.rng.range(0, 4) {
        let entries = (0..c.rng.range(0, 6))
            .map(|_| {
                if c.rng.coin() {
                    c.rng.pick(&NAMES).to_string()
                } else {
                    c.rng.text(10)
                }
            })
            .collect();
        listings.insert(path(c), entries);
    }
    let major = c.rng.pick(&[8, 9, 0, 7, 10, u32::MAX]);
    let loaded = c.rng.coin().then(|| LoadedLibrary {
        path: path(c),
        found_by: c.rng.text(12),
        requested: path(c),
        version: text(c),
        major,
        cudart: text(c),
    });
    let attempts = (0..c.rng.range(0, 4))
        .map(|_| AttemptInfo {
            path: path(c),
            source: c.rng.text(10),
            error: c.rng.coin().then(|| c.rng.text(20)),
        })
        .collect();
    let sublibrary_checks = (0..c.rng.range(0, 4))
        .map(|_| SublibraryCheck {
            name: c.rng.pick(&SUBS).to_string(),
            function: c.rng.text(12),
            error: c.rng.coin().then(|| c.rng.text(20)),
            status: c.rng.coin().then(|| {
                c.rng
                    .pick(&[
                        "CUDNN_STATUS_SUBLIBRARY_VERSION_MISMATCH",
                        "CUDNN_STATUS_SUBLIBRARY_LOADING_FAILED",
                        "CUDNN_STATUS_NOT_INITIALIZED",
                        "",
                    ])
                    .to_string()
            }),
        })
        .collect();
    let driver = match c.rng.below(3) {
        0 => DriverProbe::Absent,
        1 => DriverProbe::Failed {
            error: c.rng.text(20),
        },
        _ => DriverProbe::Present {
            version: c.rng.next_u64() as i32,
            gpus: (0..c.rng.range(0, 3))
                .map(|i| Gpu {
                    ordinal: i,
                    name: c.rng.text(10),
                    compute_capability: (c.rng.next_u64() as i32, c.rng.next_u64() as i32),
                    memory: c.rng.size(),
                })
                .collect(),
        },
    };
    let sublibrary_states = (0..c.rng.range(0, 5))
        .map(|_| SublibraryState {
            name: c.rng.pick(&SUBS).to_string(),
            file: c.rng.pick(&NAMES).to_string(),
            dir: path(c),
            present: c.rng.coin(),
            required: c.rng.coin(),
            problem: c.rng.coin().then(|| {
                if c.rng.coin() {
                    "missing".to_string()
                } else {
                    c.rng.text(20)
                }
            }),
        })
        .collect();
    let mut users = BTreeMap::new();
    if c.rng.coin() {
        users.insert(c.rng.text(8), vec![c.rng.text(8)]);
    }
    Snapshot {
        os,
        env,
        listings,
        loader_dirs: (0..c.rng.range(0, 3)).map(|_| path(c)).collect(),
        other_dirs: (0..c.rng.range(0, 2)).map(|_| path(c)).collect(),
        file_versions: (0..c.rng.range(0, 2)).map(|_| (path(c), text(c))).collect(),
        is_wsl: c.rng.coin(),
        loaded,
        attempts,
        sublibrary_checks,
        process_cudnn: (0..c.rng.range(0, 3)).map(|_| path(c)).collect(),
        driver,
        header_version: c.rng.coin().then(|| text(c)),
        dependencies: (0..c.rng.range(0, 3))
            .map(|_| (c.rng.text(10), c.rng.coin().then(|| path(c))))
            .collect(),
        dependency_users: users,
        sublibrary_states,
    }
}

/// One case: a generated snapshot, diagnosed and rendered every way.
pub fn doctor(c: &mut Case) {
    let s = snapshot(c);
    say!(c, "{s:?}");
    let findings = diagnose(&s);
    for f in &findings {
        assert!(!f.code.is_empty());
    }
    let _ = candidate_copies(&s);
    let report = Report::from_snapshot(&s);
    assert!(report
        .findings
        .windows(2)
        .all(|w| w[0].severity >= w[1].severity));
    if report.is_healthy() {
        assert!(report.loaded.is_some());
        assert!(report
            .findings
            .iter()
            .all(|f| f.severity != Severity::Error));
    }
    let json = report.to_json();
    assert!(json.starts_with('{'));
    let _ = report.to_text(c.rng.coin());
    let _ = report.summary();
    let _ = report.to_string();
    let _ = sublibrary_names(s.os, c.rng.pick(&[8, 9, 0, u32::MAX]));
    c.ok += 1;
}
