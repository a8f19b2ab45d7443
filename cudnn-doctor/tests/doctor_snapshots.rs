//! The diagnosis of constructed snapshots: the Windows and WSL scenarios,
//! and those that need hardware or a second build, written down as the
//! machine would show them. Needs neither cuDNN nor a GPU.

use std::collections::BTreeMap;
use std::path::PathBuf;

use cudnn_doctor::{
    candidate_copies, diagnose, AttemptInfo, CopyStatus, DriverProbe, Finding, Gpu, LoadedLibrary,
    Os, Report, Severity, Snapshot, SublibraryCheck, SublibraryState,
};

fn codes(findings: &[Finding]) -> Vec<&'static str> {
    findings.iter().map(|f| f.code).collect()
}

fn find<'a>(findings: &'a [Finding], code: &str) -> &'a Finding {
    findings
        .iter()
        .find(|f| f.code == code)
        .unwrap_or_else(|| panic!("no `{code}` finding in {:?}", codes(findings)))
}

fn h200() -> DriverProbe {
    DriverProbe::Present {
        version: 12080,
        gpus: vec![Gpu {
            ordinal: 0,
            name: "NVIDIA H200".into(),
            compute_capability: (9, 0),
            memory: 141 << 30,
        }],
    }
}

/// A healthy Linux machine: cuDNN 9.28 from a pip wheel in a virtualenv.
fn linux() -> Snapshot {
    const LIB: &str = "/venv/lib/python3.11/site-packages/nvidia/cudnn/lib";
    let lib = PathBuf::from(LIB);
    // Joined as text: `Path::join` would put a `\` into this Linux path when
    // the test runs on Windows.
    let main = PathBuf::from(format!("{LIB}/libcudnn.so.9"));
    let files = [
        "libcudnn.so.9",
        "libcudnn_graph.so.9",
        "libcudnn_ops.so.9",
        "libcudnn_cnn.so.9",
        "libcudnn_adv.so.9",
        "libcudnn_engines_precompiled.so.9",
        "libcudnn_engines_runtime_compiled.so.9",
        "libcudnn_heuristic.so.9",
    ];
    let mut listings = BTreeMap::new();
    listings.insert(PathBuf::from("/venv/lib"), vec!["python3.11".to_string()]);
    listings.insert(lib.clone(), files.iter().map(|s| s.to_string()).collect());
    Snapshot {
        os: Os::Linux,
        env: [("VIRTUAL_ENV".to_string(), "/venv".to_string())]
            .into_iter()
            .collect(),
        listings,
        loader_dirs: vec![PathBuf::from("/usr/lib/x86_64-linux-gnu")],
        other_dirs: vec![],
        file_versions: BTreeMap::new(),
        is_wsl: false,
        loaded: Some(LoadedLibrary {
            path: main.clone(),
            found_by: "VIRTUAL_ENV Python wheel folder".into(),
            requested: main.clone(),
            version: "9.28.0".into(),
            major: 9,
            cudart: "12.9".into(),
        }),
        attempts: vec![AttemptInfo {
            path: main.clone(),
            source: "VIRTUAL_ENV Python wheel folder".into(),
            error: None,
        }],
        sublibrary_checks: [
            "cudnnGraphVersionCheck",
            "cudnnOpsVersionCheck",
            "cudnnCnnVersionCheck",
            "cudnnAdvVersionCheck",
        ]
        .iter()
        .map(|f| SublibraryCheck {
            name: String::new(),
            function: f.to_string(),
            error: None,
            status: None,
        })
        .collect(),
        process_cudnn: vec![main],
        driver: h200(),
        header_version: Some("9.28.0".into()),
        dependencies: vec![
            (
                "libz.so.1".into(),
                Some("/usr/lib/x86_64-linux-gnu/libz.so.1".into()),
            ),
            (
                "libcublasLt.so.12".into(),
                Some(
                    "/venv/lib/python3.11/site-packages/nvidia/cublas/lib/libcublasLt.so.12".into(),
                ),
            ),
            (
                "libnvrtc.so.12".into(),
                Some(
                    "/venv/lib/python3.11/site-packages/nvidia/cuda_nvrtc/lib/libnvrtc.so.12"
                        .into(),
                ),
            ),
        ],
        dependency_users: BTreeMap::new(),
        sublibrary_states: vec![],
    }
}

/// cuDNN 8.9.5 on Windows from NVIDIA's installer folder, with the CUDA 12
/// toolkit.
fn windows() -> Snapshot {
    let dir = r"C:\Program Files\NVIDIA\CUDNN\v8.9\bin";
    let mut listings = BTreeMap::new();
    listings.insert(
        PathBuf::from(r"C:\Program Files\NVIDIA\CUDNN"),
        vec!["v8.9".to_string()],
    );
    listings.insert(
        PathBuf::from(dir),
        [
            "cudnn64_8.dll",
            "cudnn_ops_infer64_8.dll",
            "cudnn_ops_train64_8.dll",
            "cudnn_cnn_infer64_8.dll",
            "cudnn_cnn_train64_8.dll",
            "cudnn_adv_infer64_8.dll",
            "cudnn_adv_train64_8.dll",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect(),
    );
    let path = format!(
        r"C:\Windows\system32;{dir};C:\Program Files\NVIDIA GPU Computing Toolkit\CUDA\v12.2\bin"
    );
    Snapshot {
        os: Os::Windows,
        env: [
            ("PATH".to_string(), path),
            (
                "CUDA_PATH".to_string(),
                r"C:\Program Files\NVIDIA GPU Computing Toolkit\CUDA\v12.2".to_string(),
            ),
        ]
        .into_iter()
        .collect(),
        listings,
        loader_dirs: vec![PathBuf::from(r"C:\Windows\system32"), PathBuf::from(dir)],
        other_dirs: vec![],
        file_versions: BTreeMap::new(),
        is_wsl: false,
        loaded: Some(LoadedLibrary {
            path: PathBuf::from(format!(r"{dir}\cudnn64_8.dll")),
            found_by: "the NVIDIA cuDNN installer folder".into(),
            requested: PathBuf::from(format!(r"{dir}\cudnn64_8.dll")),
            version: "8.9.5".into(),
            major: 8,
            cudart: "12.2".into(),
        }),
        attempts: vec![],
        sublibrary_checks: vec![],
        process_cudnn: vec![],
        driver: h200(),
        header_version: None,
        dependencies: vec![
            (
                "vcruntime140.dll".into(),
                Some(r"C:\Windows\System32\vcruntime140.dll".into()),
            ),
            (
                "zlibwapi.dll".into(),
                Some(format!(r"{dir}\zlibwapi.dll").into()),
            ),
        ],
        dependency_users: BTreeMap::new(),
        sublibrary_states: vec![],
    }
}

#[test]
fn a_healthy_machine_has_no_findings() {
    let s = linux();
    assert_eq!(codes(&diagnose(&s)), Vec::<&str>::new());
    let report = Report::from_snapshot(&s);
    assert!(report.is_healthy());
    assert!(report.sublibraries.iter().all(|s| s.present || !s.required));
    let copies = candidate_copies(&s);
    assert_eq!(copies.len(), 1);
    assert_eq!(copies[0].status, CopyStatus::Loaded);
    let json = report.to_json();
    assert!(json.contains("\"status\": \"loaded\""), "{json}");
    assert_eq!(codes(&diagnose(&windows())), Vec::<&str>::new());
}

#[test]
fn windows_dll_folder_not_on_path() {
    let mut s = windows();
    s.env.insert("PATH".into(), r"C:\Windows\system32".into());
    let f = diagnose(&s);
    let d = find(&f, "dll-dir-not-on-path");
    // The loader loads the sub-DLLs by full path, so this is no error.
    assert_eq!(d.severity, Severity::Info);
    assert!(
        d.fix.contains(r"C:\Program Files\NVIDIA\CUDNN\v8.9\bin"),
        "{}",
        d.fix
    );
}

#[test]
fn windows_path_too_long() {
    let mut s = windows();
    let long = format!("{};{}", s.env["PATH"], r"C:\some\tool".repeat(200));
    s.env.insert("PATH".into(), long);
    assert_eq!(
        find(&diagnose(&s), "path-too-long").severity,
        Severity::Warning
    );
}

#[test]
fn windows_load_errors_in_plain_words() {
    let mut s = windows();
    s.loaded = None;
    s.attempts = vec![
        AttemptInfo {
            path: r"C:\cuda11\bin\cudnn64_8.dll".into(),
            source: "PATH".into(),
            error: Some("The specified module could not be found. (os error 126)".into()),
        },
        AttemptInfo {
            path: r"C:\old\cudnn64_8.dll".into(),
            source: "PATH".into(),
            error: Some("The specified procedure could not be found. (os error 127)".into()),
        },
        AttemptInfo {
            path: r"C:\x86\cudnn64_8.dll".into(),
            source: "PATH".into(),
            error: Some("%1 is not a valid Win32 application. (os error 193)".into()),
        },
    ];
    let f = diagnose(&s);
    assert_eq!(find(&f, "not-found").severity, Severity::Error);
    let load: Vec<&Finding> = f
        .iter()
        .filter(|f| f.code == "windows-load-error")
        .collect();
    assert_eq!(load.len(), 3);
    assert!(load[0].message.contains("error 126") && load[0].message.contains("zlibwapi.dll"));
    assert!(load[1].message.contains("error 127") && load[1].message.contains("mixed"));
    assert!(load[2].message.contains("error 193") && load[2].message.contains("32-bit"));

    // The search also hands the other major's bare name to the system
    // loader: when no folder on PATH holds it, that is no load error.
    s.attempts.push(AttemptInfo {
        path: "cudnn64_9.dll".into(),
        source: "the system loader's search path".into(),
        error: Some("Module not found. (os error 126)".into()),
    });
    let f = diagnose(&s);
    assert_eq!(
        f.iter().filter(|f| f.code == "windows-load-error").count(),
        3
    );
}

#[test]
fn windows_8x_without_zlibwapi_or_vc_runtime() {
    let mut s = windows();
    s.dependencies = vec![
        ("vcruntime140.dll".into(), None),
        ("zlibwapi.dll".into(), None),
    ];
    let f = diagnose(&s);
    let deps: Vec<&Finding> = f
        .iter()
        .filter(|f| f.code == "missing-dependency")
        .collect();
    assert_eq!(deps.len(), 2);
    assert!(deps.iter().all(|d| d.severity == Severity::Error));
    assert!(deps
        .iter()
        .any(|d| d.fix.contains("Visual C++ Redistributable")));
    assert!(deps.iter().any(|d| d.fix.contains("zlibwapi.dll")));
}

#[test]
fn an_old_copy_earlier_on_path_is_what_loads() {
    // The CUDA 11 toolkit's bin folder comes first on PATH and holds an old
    // cudnn64_8.dll; the new one in the installer folder is shadowed.
    let mut s = windows();
    let old = r"C:\Program Files\NVIDIA GPU Computing Toolkit\CUDA\v11.8\bin";
    s.listings
        .insert(PathBuf::from(old), vec!["cudnn64_8.dll".into()]);
    s.loader_dirs.insert(0, PathBuf::from(old));
    s.env
        .insert("PATH".into(), format!("{old};{}", s.env["PATH"]));
    s.loaded.as_mut().expect("loaded").path = PathBuf::from(format!(r"{old}\cudnn64_8.dll"));
    s.loaded.as_mut().expect("loaded").requested = PathBuf::from("cudnn64_8.dll");
    s.loaded.as_mut().expect("loaded").version = "8.6.0".into();
    s.loaded.as_mut().expect("loaded").cudart = "11.8".into();
    // The installer folder is searched before PATH (step 7 of the search);
    // pretend it is empty here, so the order is the PATH order.
    s.listings
        .insert(PathBuf::from(r"C:\Program Files\NVIDIA\CUDNN"), vec![]);
    let copies = candidate_copies(&s);
    let statuses: Vec<CopyStatus> = copies.iter().map(|c| c.status).collect();
    assert_eq!(statuses, [CopyStatus::Loaded, CopyStatus::Shadowed]);
    let f = diagnose(&s);
    assert!(find(&f, "shadowed").message.contains(r"CUDNN\v8.9\bin"));
    // CUDA_PATH is 12.2, cuDNN 8.6 was built for 11.8.
    assert!(find(&f, "cuda-major-mismatch")
        .message
        .contains("CUDA 12 toolkit"));
}

#[test]
fn a_relative_cudnn_lib_dir_still_names_the_loaded_copy() {
    // CUDNN_LIB_DIR=lib (relative); the loader reports the absolute file.
    let mut s = linux();
    s.env.insert("CUDNN_LIB_DIR".into(), "wheel/lib".into());
    s.listings
        .insert(PathBuf::from("wheel/lib"), vec!["libcudnn.so.9".into()]);
    let l = s.loaded.as_mut().expect("loaded");
    l.path = PathBuf::from("/home/me/wheel/lib/libcudnn.so.9");
    l.requested = PathBuf::from("wheel/lib/libcudnn.so.9");
    let copies = candidate_copies(&s);
    assert_eq!(copies[0].path, PathBuf::from("wheel/lib/libcudnn.so.9"));
    assert_eq!(copies[0].status, CopyStatus::Loaded);
}

#[test]
fn a_driver_older_than_cudnns_cuda() {
    let mut s = linux();
    s.driver = DriverProbe::Present {
        version: 11040,
        gpus: vec![Gpu {
            ordinal: 0,
            name: "Tesla T4".into(),
            compute_capability: (7, 5),
            memory: 16 << 30,
        }],
    };
    let f = diagnose(&s);
    let d = find(&f, "driver-too-old");
    assert_eq!(d.severity, Severity::Error);
    assert!(d.message.contains("CUDA up to 11.4"), "{}", d.message);
}

#[test]
fn no_gpu_in_three_ways() {
    for driver in [
        DriverProbe::Absent,
        DriverProbe::Failed {
            error: "CUDA_ERROR_NO_DEVICE".into(),
        },
        DriverProbe::Present {
            version: 12080,
            gpus: vec![],
        },
    ] {
        let mut s = linux();
        s.driver = driver;
        let f = diagnose(&s);
        assert_eq!(find(&f, "no-gpu").severity, Severity::Error);
        assert!(!Report::from_snapshot(&s).is_healthy());
    }
}

#[test]
fn gpus_outside_cudnns_range() {
    let mut s = linux();
    s.driver = DriverProbe::Present {
        version: 12080,
        gpus: vec![Gpu {
            ordinal: 0,
            name: "Tesla K80".into(),
            compute_capability: (3, 7),
            memory: 12 << 30,
        }],
    };
    assert_eq!(
        find(&diagnose(&s), "gpu-arch-unsupported").severity,
        Severity::Error
    );
    // cuDNN 8.9 does not know Blackwell.
    let mut s = windows();
    s.driver = DriverProbe::Present {
        version: 12080,
        gpus: vec![Gpu {
            ordinal: 0,
            name: "NVIDIA RTX 5090".into(),
            compute_capability: (12, 0),
            memory: 32 << 30,
        }],
    };
    assert_eq!(
        find(&diagnose(&s), "gpu-arch-unsupported").severity,
        Severity::Warning
    );
}

#[test]
fn headers_of_another_version() {
    let mut s = linux();
    s.header_version = Some("8.9.5".into());
    let f = diagnose(&s);
    let d = find(&f, "header-library-mismatch");
    assert!(d.message.contains("8.9.5") && d.message.contains("9.28.0"));
}

#[test]
fn a_sublibrary_of_another_version() {
    let mut s = linux();
    s.sublibrary_checks[2].error = Some("cudnnCnnVersionCheck failed".into());
    s.sublibrary_checks[2].status = Some("CUDNN_STATUS_SUBLIBRARY_VERSION_MISMATCH".into());
    let f = diagnose(&s);
    assert!(find(&f, "sublibrary-version-mixed").message.contains("cnn"));
    let report = Report::from_snapshot(&s);
    let cnn = report
        .sublibraries
        .iter()
        .find(|s| s.name == "cnn")
        .expect("cnn");
    assert!(cnn
        .version
        .as_deref()
        .is_some_and(|v| v.starts_with("differs")));
}

#[test]
fn two_copies_in_one_process() {
    let mut s = linux();
    s.process_cudnn
        .push("/usr/lib/x86_64-linux-gnu/libcudnn.so.8.9.5".into());
    assert_eq!(
        find(&diagnose(&s), "multiple-loaded").severity,
        Severity::Error
    );
}

#[test]
fn wsl_without_its_driver_folder() {
    let mut s = linux();
    s.is_wsl = true;
    s.driver = DriverProbe::Absent;
    let f = diagnose(&s);
    assert!(find(&f, "wsl-driver-libs").fix.contains("/usr/lib/wsl/lib"));
    s.loader_dirs.push("/usr/lib/wsl/lib".into());
    s.driver = h200();
    assert!(!codes(&diagnose(&s)).contains(&"wsl-driver-libs"));
}

#[test]
fn a_wheel_that_no_search_reaches() {
    let mut s = linux();
    s.env.clear();
    s.loaded = None;
    let other = PathBuf::from("/home/me/.local/lib/python3.12/site-packages/nvidia/cudnn/lib");
    s.listings
        .insert(other.clone(), vec!["libcudnn.so.9".into()]);
    s.other_dirs.push(other.clone());
    let f = diagnose(&s);
    assert!(find(&f, "not-found")
        .fix
        .contains("CUDNN_LIB_DIR=/home/me/.local/lib/python3.12"));
    assert_eq!(find(&f, "not-on-search-path").severity, Severity::Warning);
    assert_eq!(candidate_copies(&s)[0].status, CopyStatus::NotOnSearchPath);
}

#[test]
fn missing_linux_dependencies() {
    let mut s = linux();
    s.dependencies = vec![("libz.so.1".into(), None), ("libnvrtc.so.12".into(), None)];
    let f = diagnose(&s);
    let deps: Vec<&Finding> = f
        .iter()
        .filter(|f| f.code == "missing-dependency")
        .collect();
    assert_eq!(deps.len(), 2);
    assert_eq!(deps[0].severity, Severity::Error, "zlib is required");
    assert_eq!(
        deps[1].severity,
        Severity::Warning,
        "NVRTC only for some engines"
    );
}

#[test]
fn the_summary_names_the_errors() {
    let mut s = linux();
    s.driver = DriverProbe::Absent;
    let summary = Report::from_snapshot(&s).summary();
    assert!(
        summary.starts_with("cuDNN 9.28.0 loaded from /venv/lib/python3.11"),
        "{summary}"
    );
    assert!(summary.contains("[no-gpu]"), "{summary}");
}

/// The loader's findings for every sub-library of cuDNN 9 in the wheel
/// folder of `linux()`: all present and usable, except as `change` says.
fn states_9(change: &[(&str, bool, Option<&str>)]) -> Vec<SublibraryState> {
    let dir = PathBuf::from("/venv/lib/python3.11/site-packages/nvidia/cudnn/lib");
    cudnn_sys::sublibs::specs(9)
        .iter()
        .map(|spec| {
            let (present, problem) = change
                .iter()
                .find(|c| c.0 == spec.name)
                .map(|c| (c.1, c.2.map(str::to_string)))
                .unwrap_or((true, None));
            SublibraryState {
                name: spec.name.to_string(),
                file: format!("libcudnn_{}.so.9", spec.name),
                dir: dir.clone(),
                present,
                required: spec.required,
                problem,
            }
        })
        .collect()
}

#[test]
fn the_loaders_findings_on_sublibraries() {
    let mut s = linux();
    s.sublibrary_states = states_9(&[("cnn", false, Some("missing"))]);
    let f = diagnose(&s);
    let m = find(&f, "sublibrary-missing");
    assert!(m.message.contains("libcudnn_cnn.so.9"), "{}", m.message);
    assert!(m.message.contains("beside libcudnn.so.9"), "{}", m.message);
    assert!(m.message.contains("SublibraryUnavailable"), "{}", m.message);

    s.sublibrary_states = states_9(&[(
        "adv",
        true,
        Some("the file is truncated: 1048576 bytes, but its ELF headers describe at least 2000000"),
    )]);
    let f = diagnose(&s);
    assert!(find(&f, "truncated-file")
        .message
        .contains("libcudnn_adv.so.9"));
    let report = Report::from_snapshot(&s);
    let adv = report
        .sublibraries
        .iter()
        .find(|x| x.name == "adv")
        .expect("adv");
    assert!(adv
        .problem
        .as_deref()
        .is_some_and(|p| p.contains("truncated")));
    assert!(report.to_text(false).contains("UNUSABLE"));

    s.sublibrary_states = states_9(&[(
        "ops",
        true,
        Some(
            "version mismatch reported by cudnnOpsVersionCheck: component cudnn_ops version 9.28.1",
        ),
    )]);
    assert!(find(&diagnose(&s), "sublibrary-version-mixed")
        .message
        .contains("libcudnn_ops.so.9"));
}

#[test]
fn a_refused_library_names_the_sublibrary_it_lacks() {
    let mut s = linux();
    s.loaded = None;
    s.attempts = vec![AttemptInfo {
        path: "/opt/cudnn/libcudnn.so.9".into(),
        source: "CUDNN_LIB_DIR".into(),
        error: Some(
            "libcudnn_graph.so.9 beside it: missing; cuDNN 9 cannot work without it".into(),
        ),
    }];
    s.sublibrary_states = states_9(&[("graph", false, Some("missing"))])
        .into_iter()
        .filter(|x| x.required)
        .collect();
    let f = diagnose(&s);
    let m = find(&f, "sublibrary-missing");
    assert_eq!(m.severity, Severity::Error);
    assert!(m.message.contains("libcudnn_graph.so.9"), "{}", m.message);
    assert!(
        m.message.contains("cannot work without it"),
        "{}",
        m.message
    );
    assert!(codes(&f).contains(&"not-found"));
}

#[test]
fn the_jit_install_is_recognised_not_broken() {
    let mut s = linux();
    s.loaded.as_mut().expect("loaded").version = "9.27.0".into();
    let jit = ["graph", "engines_runtime_compiled"];
    let change: Vec<(&str, bool, Option<&str>)> = cudnn_sys::sublibs::specs(9)
        .iter()
        .filter(|x| !jit.contains(&x.name))
        .map(|x| (x.name, false, Some("missing")))
        .collect();
    s.sublibrary_states = states_9(&change);
    let f = diagnose(&s);
    let j = find(&f, "jit-layout");
    assert_eq!(j.severity, Severity::Info);
    assert!(j.message.contains("JIT-only"), "{}", j.message);
    assert!(j.fix.contains("nvidia-cudnn-cu12"), "{}", j.fix);
    assert!(
        !codes(&f).contains(&"sublibrary-missing"),
        "{:?}",
        codes(&f)
    );
    assert!(Report::from_snapshot(&s).is_healthy(), "{:?}", codes(&f));
    // The same folder without the runtime-compiled engines is a broken
    // install, not the JIT one.
    let mut broken = change.clone();
    broken.push(("engines_runtime_compiled", false, Some("missing")));
    s.sublibrary_states = states_9(&broken);
    let f = diagnose(&s);
    assert!(!codes(&f).contains(&"jit-layout"));
    assert!(codes(&f).contains(&"sublibrary-missing"));
}

/// cuDNN 9.19 (the H200 test machine's wheel) has neither the tensor-IR
/// engines nor the sub-quadratic ops: their absence there is no fault, in a
/// release that ships them it is.
#[test]
fn an_older_release_lacks_the_later_sublibraries_by_design() {
    let mut s = linux();
    s.loaded.as_mut().expect("loaded").version = "9.19.0".into();
    let later = [
        ("engines_tensor_ir", false, Some("missing")),
        ("ext", false, Some("missing")),
    ];
    s.sublibrary_states = states_9(&later);
    let f = diagnose(&s);
    assert!(
        !codes(&f).contains(&"sublibrary-missing"),
        "{:?}",
        codes(&f)
    );
    let report = Report::from_snapshot(&s);
    assert!(report.is_healthy(), "{:?}", codes(&f));
    let ir = report
        .sublibraries
        .iter()
        .find(|x| x.name == "engines_tensor_ir")
        .expect("tensor_ir");
    assert_eq!(ir.first_release.as_deref(), Some("9.23"));
    let text = report.to_text(false);
    assert!(
        text.contains("absent (not part of this release; first in 9.24)"),
        "{text}"
    );

    // A release that ships them: missing is an error again.
    s.loaded.as_mut().expect("loaded").version = "9.28.0".into();
    let f = diagnose(&s);
    let missing: Vec<&str> = f
        .iter()
        .filter(|x| x.code == "sublibrary-missing")
        .map(|x| x.message.as_str())
        .collect();
    assert_eq!(missing.len(), 2, "{missing:?}");
    assert!(Report::from_snapshot(&s)
        .sublibraries
        .iter()
        .all(|x| x.first_release.is_none()));
}

/// A wheel without the tensor-IR engines, and a system cuDNN that has
/// them on the loader's path: the shim may load the system's copy by name.
#[test]
fn a_stray_sublibrary_on_the_loader_path_is_named() {
    let mut s = linux();
    s.loaded.as_mut().expect("loaded").version = "9.20.0".into();
    s.sublibrary_states = states_9(&[
        ("engines_tensor_ir", false, Some("missing")),
        ("ext", false, Some("missing")),
    ]);
    let system = PathBuf::from("/usr/lib/x86_64-linux-gnu");
    s.listings.insert(
        system.clone(),
        vec![
            "libcudnn.so.9".to_string(),
            "libcudnn_engines_tensor_ir.so.9".to_string(),
        ],
    );
    let f = diagnose(&s);
    let stray: Vec<&Finding> = f.iter().filter(|x| x.code == "stray-sublibrary").collect();
    assert_eq!(stray.len(), 1, "{:?}", codes(&f));
    let m = &stray[0].message;
    assert_eq!(stray[0].severity, Severity::Warning);
    assert!(
        m.contains("/usr/lib/x86_64-linux-gnu/libcudnn_engines_tensor_ir.so.9"),
        "{m}"
    );
    assert!(m.contains("cuDNN 9.20.0 does not ship it"), "{m}");
    assert!(m.contains("9.23 and later"), "{m}");
    assert!(m.contains("SUBLIBRARY_VERSION_MISMATCH"), "{m}");
    assert!(
        stray[0].fix.contains("/usr/lib/x86_64-linux-gnu"),
        "{}",
        stray[0].fix
    );

    // Beside the loaded library, the same file is no stray.
    let mut beside = linux();
    beside
        .listings
        .insert(system, vec!["libcudnn_engines_tensor_ir.so.9".to_string()]);
    let lib = PathBuf::from("/venv/lib/python3.11/site-packages/nvidia/cudnn/lib");
    beside
        .listings
        .get_mut(&lib)
        .expect("wheel folder")
        .extend([
            "libcudnn_engines_tensor_ir.so.9".into(),
            "libcudnn_ext.so.9".into(),
        ]);
    assert!(!codes(&diagnose(&beside)).contains(&"stray-sublibrary"));
}

#[test]
fn nvidias_stub_driver_is_named() {
    let mut s = linux();
    s.driver = DriverProbe::Failed {
        error: "CUDA driver error CUDA_ERROR_STUB_LIBRARY: CUDA driver is a stub library".into(),
    };
    let f = diagnose(&s);
    let d = find(&f, "stub-driver");
    assert_eq!(d.severity, Severity::Error);
    assert!(d.fix.contains("stubs"), "{}", d.fix);
    assert!(!codes(&f).contains(&"no-gpu"));
}

#[test]
fn fixes_name_the_packages_of_the_loaded_cuda_major() {
    let mut s = linux();
    s.loaded.as_mut().expect("loaded").cudart = "13.0".into();
    s.dependencies = vec![
        ("libcublasLt.so.13".into(), None),
        ("libnvrtc.so.13".into(), None),
    ];
    s.dependency_users = [(
        "libcublasLt.so.13".to_string(),
        vec!["libcudnn_engines_precompiled.so.9".to_string()],
    )]
    .into_iter()
    .collect();
    let f = diagnose(&s);
    let deps: Vec<&Finding> = f
        .iter()
        .filter(|f| f.code == "missing-dependency")
        .collect();
    assert_eq!(deps.len(), 2);
    // CUDA 13's cuBLAS and NVRTC are `nvidia-cublas` and
    // `nvidia-cuda-nvrtc` 13.x on PyPI; their -cu13 names are empty stubs.
    assert!(
        deps[0].fix.contains("`pip install nvidia-cublas==13.*`"),
        "{}",
        deps[0].fix
    );
    assert!(
        deps[0]
            .message
            .contains("needed by libcudnn_engines_precompiled.so.9"),
        "{}",
        deps[0].message
    );
    assert!(
        deps[1]
            .fix
            .contains("`pip install nvidia-cuda-nvrtc==13.*`"),
        "{}",
        deps[1].fix
    );
    assert!(f.iter().all(|x| !x.fix.contains("-cu13")), "{f:?}");
    assert!(f.iter().all(|x| !x.fix.contains("cu12")), "{f:?}");

    // Nothing loaded: the wheel for the CUDA major the driver serves.
    s.loaded = None;
    s.listings.clear();
    s.env.clear();
    s.driver = DriverProbe::Present {
        version: 13000,
        gpus: vec![],
    };
    assert!(find(&diagnose(&s), "not-found")
        .fix
        .contains("nvidia-cudnn-cu13"));
}

#[test]
fn a_long_value_is_cut_at_a_character_boundary() {
    let mut s = linux();
    // 199 ASCII bytes, then two-byte characters: byte 200 falls inside one.
    let long = format!("{}{}", "a".repeat(199), "é".repeat(50));
    s.env.insert("PATH".into(), long.clone());
    let text = Report::from_snapshot(&s).to_text(false);
    assert!(
        text.contains(&format!(
            "PATH={}... ({} bytes)",
            "a".repeat(199),
            long.len()
        )),
        "{text}"
    );
}
