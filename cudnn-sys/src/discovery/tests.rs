//! The search order, with an injected environment.

use super::*;

use super::fake::FakeEnv;

/// The candidates of one folder, 9 then 8.
fn folder(os: Os, dir: &str, source: Source) -> Vec<Candidate> {
    let sep = if os == Os::Windows { "\\" } else { "/" };
    library_file_names(os)
        .iter()
        .map(|name| Candidate {
            path: PathBuf::from(format!("{dir}{sep}{name}")),
            source: source.clone(),
        })
        .collect()
}

/// The candidates of every cuDNN wheel layout in one `site-packages`.
fn wheels(os: Os, site: &str, source: Source) -> Vec<Candidate> {
    let sep = if os == Os::Windows { "\\" } else { "/" };
    python::CUDNN
        .iter()
        .flat_map(|l| {
            folder(
                os,
                &format!("{site}{sep}{}", l.parts(os).join(sep)),
                source.clone(),
            )
        })
        .collect()
}

fn loader(os: Os) -> Vec<Candidate> {
    library_file_names(os)
        .iter()
        .map(|name| Candidate {
            path: PathBuf::from(name),
            source: Source::SystemLoader,
        })
        .collect()
}

fn toolkit(var: &str) -> Source {
    Source::CudaToolkit { var: var.into() }
}

fn assert_same(actual: &[Candidate], expected: &[Candidate]) {
    for (i, (a, e)) in actual.iter().zip(expected).enumerate() {
        assert_eq!(a, e, "candidate {i} differs");
    }
    assert_eq!(actual.len(), expected.len(), "{actual:#?}");
}

#[test]
fn full_linux_order() {
    let env = FakeEnv::default()
        .var("CUDNN_LIB_DIR", "/opt/cudnn-libdir")
        .var("CUDNN_PATH", "/opt/cudnn/")
        .var("VIRTUAL_ENV", "/home/u/venv")
        .var("CONDA_PREFIX", "/opt/conda")
        .var("CUDA_PATH", "/usr/local/cuda")
        .var("CUDA_HOME", "/usr/local/cuda-12.4")
        .var("CUDA_PATH_V11_8", "/usr/local/cuda-11.8")
        .var("CUDA_PATH_V12_4", "/usr/local/cuda-12.4")
        .var("PATH", "/usr/bin")
        .dir(
            "/home/u/venv/lib",
            &["python3.9", "python3.12", "pkgconfig"],
        )
        .dir("/opt/conda/lib", &["libz.so.1", "python3.11"]);
    let got = candidates(Os::Linux, Some(Path::new("/srv/explicit")), &env);

    let l = Os::Linux;
    let mut want = Vec::new();
    want.extend(folder(l, "/srv/explicit", Source::Explicit));
    want.extend(folder(l, "/opt/cudnn-libdir", Source::EnvLibDir));
    want.extend(folder(l, "/opt/cudnn/lib", Source::CudnnPath));
    want.extend(folder(l, "/opt/cudnn/lib64", Source::CudnnPath));
    want.extend(folder(l, "/opt/cudnn", Source::CudnnPath));
    let venv = Source::PythonEnv { var: "VIRTUAL_ENV" };
    want.extend(wheels(
        l,
        "/home/u/venv/lib/python3.12/site-packages",
        venv.clone(),
    ));
    want.extend(wheels(l, "/home/u/venv/lib/python3.9/site-packages", venv));
    want.extend(wheels(
        l,
        "/opt/conda/lib/python3.11/site-packages",
        Source::PythonEnv {
            var: "CONDA_PREFIX",
        },
    ));
    want.extend(folder(l, "/opt/conda/lib", Source::CondaLib));
    want.extend(folder(l, "/usr/local/cuda/lib64", toolkit("CUDA_PATH")));
    want.extend(folder(l, "/usr/local/cuda/lib", toolkit("CUDA_PATH")));
    want.extend(folder(
        l,
        "/usr/local/cuda-12.4/lib64",
        toolkit("CUDA_HOME"),
    ));
    want.extend(folder(l, "/usr/local/cuda-12.4/lib", toolkit("CUDA_HOME")));
    // CUDA_PATH_V12_4 equals CUDA_HOME: skipped.
    want.extend(folder(
        l,
        "/usr/local/cuda-11.8/lib64",
        toolkit("CUDA_PATH_V11_8"),
    ));
    want.extend(folder(
        l,
        "/usr/local/cuda-11.8/lib",
        toolkit("CUDA_PATH_V11_8"),
    ));
    want.extend(loader(l));
    assert_same(&got, &want);
    assert_eq!(got[0].path, PathBuf::from("/srv/explicit/libcudnn.so.9"));
    assert_eq!(got[1].path, PathBuf::from("/srv/explicit/libcudnn.so.8"));
}

const TOOLKIT_124: &str = r"C:\Program Files\NVIDIA GPU Computing Toolkit\CUDA\v12.4";
const TOOLKIT_118: &str = r"C:\Program Files\NVIDIA GPU Computing Toolkit\CUDA\v11.8";

/// A Windows machine with a cuDNN at every place the search looks.
fn full_windows_machine() -> FakeEnv {
    FakeEnv::default()
        .var("CUDNN_LIB_DIR", r"D:\cudnn\lib")
        .var("CUDNN_PATH", r"D:\cudnn-9")
        .var("VIRTUAL_ENV", r"C:\Users\u\venv")
        .var("CONDA_PREFIX", r"C:\Users\u\miniconda3")
        .var("CUDA_PATH", TOOLKIT_124)
        .var("CUDA_PATH_V11_8", TOOLKIT_118)
        .var("CUDA_PATH_V12_4", TOOLKIT_124)
        .var("CUDA_PATH_VX", r"C:\nothing")
        .var("CUDA_PATH_V12", r"C:\nothing")
        .dir(
            r"D:\cudnn-9\bin",
            &["12.9", "cudnn64_9.dll", "13.0", "notes"],
        )
        .dir(
            r"C:\Program Files\NVIDIA\CUDNN",
            &["v8.9", "v9.1", "readme.txt"],
        )
        .dir(r"C:\Program Files\NVIDIA\CUDNN\v9.1\bin", &["11.8", "12.6"])
        .dir(
            r"C:\Program Files\NVIDIA\CUDNN\v8.9\bin",
            &["cudnn64_8.dll"],
        )
}

#[test]
fn full_windows_order() {
    let (toolkit_124, toolkit_118) = (TOOLKIT_124, TOOLKIT_118);
    let env = full_windows_machine();
    let got = candidates(Os::Windows, None, &env);

    let w = Os::Windows;
    let mut want = Vec::new();
    want.extend(folder(w, r"D:\cudnn\lib", Source::EnvLibDir));
    want.extend(folder(w, r"D:\cudnn-9\bin", Source::CudnnPath));
    want.extend(folder(w, r"D:\cudnn-9\bin\13.0", Source::CudnnPath));
    want.extend(folder(w, r"D:\cudnn-9\bin\12.9", Source::CudnnPath));
    want.extend(folder(w, r"D:\cudnn-9", Source::CudnnPath));
    want.extend(wheels(
        w,
        r"C:\Users\u\venv\Lib\site-packages",
        Source::PythonEnv { var: "VIRTUAL_ENV" },
    ));
    want.extend(wheels(
        w,
        r"C:\Users\u\miniconda3\Lib\site-packages",
        Source::PythonEnv {
            var: "CONDA_PREFIX",
        },
    ));
    want.extend(folder(
        w,
        r"C:\Users\u\miniconda3\Library\bin",
        Source::CondaLib,
    ));
    want.extend(folder(
        w,
        &format!(r"{toolkit_124}\bin"),
        toolkit("CUDA_PATH"),
    ));
    // CUDA_PATH_V12_4 is the same folder as CUDA_PATH: skipped.
    want.extend(folder(
        w,
        &format!(r"{toolkit_118}\bin"),
        toolkit("CUDA_PATH_V11_8"),
    ));
    let pf = r"C:\Program Files\NVIDIA\CUDNN";
    want.extend(folder(
        w,
        &format!(r"{pf}\v9.1\bin\12.6"),
        Source::WindowsInstall,
    ));
    want.extend(folder(
        w,
        &format!(r"{pf}\v9.1\bin\11.8"),
        Source::WindowsInstall,
    ));
    want.extend(folder(
        w,
        &format!(r"{pf}\v9.1\bin"),
        Source::WindowsInstall,
    ));
    want.extend(folder(
        w,
        &format!(r"{pf}\v8.9\bin"),
        Source::WindowsInstall,
    ));
    want.extend(loader(w));
    assert_same(&got, &want);
    assert_eq!(
        got[0].path,
        PathBuf::from(r"D:\cudnn\lib\cudnn64_9.dll"),
        "Windows paths use backslashes on every host"
    );
}

#[test]
fn windows_program_files_variable_and_toolkit_order() {
    let env = FakeEnv::default()
        .var("ProgramFiles", r"E:\Apps\")
        .var("CUDA_PATH_V12_4", r"C:\cuda\v12.4")
        .var("CUDA_PATH_V12_10", r"C:\cuda\v12.10")
        .var("CUDA_PATH_V13_0", r"C:\cuda\v13.0")
        .dir(r"E:\Apps\NVIDIA\CUDNN", &["v9.10", "v9.2"])
        .dir(r"E:\Apps\NVIDIA\CUDNN\v9.10\bin", &["13.0"]);
    let got = candidates(Os::Windows, None, &env);
    let w = Os::Windows;
    let mut want = Vec::new();
    want.extend(folder(w, r"C:\cuda\v13.0\bin", toolkit("CUDA_PATH_V13_0")));
    want.extend(folder(
        w,
        r"C:\cuda\v12.10\bin",
        toolkit("CUDA_PATH_V12_10"),
    ));
    want.extend(folder(w, r"C:\cuda\v12.4\bin", toolkit("CUDA_PATH_V12_4")));
    want.extend(folder(
        w,
        r"E:\Apps\NVIDIA\CUDNN\v9.10\bin\13.0",
        Source::WindowsInstall,
    ));
    want.extend(folder(
        w,
        r"E:\Apps\NVIDIA\CUDNN\v9.10\bin",
        Source::WindowsInstall,
    ));
    want.extend(folder(
        w,
        r"E:\Apps\NVIDIA\CUDNN\v9.2\bin",
        Source::WindowsInstall,
    ));
    want.extend(loader(w));
    assert_same(&got, &want);
}

#[test]
fn windows_dedup_ignores_case_trailing_separator_and_quotes() {
    let env = FakeEnv::default()
        .var("CUDA_PATH", r#""C:\CUDA\v12.4\""#)
        .var("CUDA_PATH_V12_4", r"c:\cuda\V12.4");
    let got = candidates(Os::Windows, None, &env);
    let mut want = folder(Os::Windows, r"C:\CUDA\v12.4\bin", toolkit("CUDA_PATH"));
    want.extend(loader(Os::Windows));
    assert_same(&got, &want);
}

#[test]
fn explicit_file_is_tried_as_is() {
    let env = FakeEnv::default();
    let got = candidates(Os::Linux, Some(Path::new("/opt/x/libcudnn.so.9.1.0")), &env);
    let mut want = vec![Candidate {
        path: PathBuf::from("/opt/x/libcudnn.so.9.1.0"),
        source: Source::Explicit,
    }];
    want.extend(loader(Os::Linux));
    assert_same(&got, &want);

    let got = candidates(Os::Windows, Some(Path::new(r"D:\x\CUDNN64_9.DLL")), &env);
    let mut want = vec![Candidate {
        path: PathBuf::from(r"D:\x\CUDNN64_9.DLL"),
        source: Source::Explicit,
    }];
    want.extend(loader(Os::Windows));
    assert_same(&got, &want);
}

#[test]
fn explicit_folder_is_joined_with_each_name() {
    let env = FakeEnv::default().dir("/opt/libs.so.d", &["libcudnn.so.9"]);
    let got = candidates(Os::Linux, Some(Path::new("/opt/x/")), &env);
    let mut want = folder(Os::Linux, "/opt/x", Source::Explicit);
    want.extend(loader(Os::Linux));
    assert_same(&got, &want);

    // A folder that exists and has entries is a folder, whatever its name.
    let got = candidates(Os::Linux, Some(Path::new("/opt/libs.so.d")), &env);
    let mut want = folder(Os::Linux, "/opt/libs.so.d", Source::Explicit);
    want.extend(loader(Os::Linux));
    assert_same(&got, &want);

    let got = candidates(Os::Windows, Some(Path::new(r"D:\cudnn\bin")), &env);
    let mut want = folder(Os::Windows, r"D:\cudnn\bin", Source::Explicit);
    want.extend(loader(Os::Windows));
    assert_same(&got, &want);
}

#[test]
fn empty_variables_are_ignored() {
    let mut env = FakeEnv::default();
    for name in [
        "CUDNN_LIB_DIR",
        "CUDNN_PATH",
        "VIRTUAL_ENV",
        "CONDA_PREFIX",
        "CUDA_PATH",
        "CUDA_HOME",
        "CUDA_PATH_V12_4",
        "ProgramFiles",
    ] {
        env = env.var(name, "");
    }
    // An empty listing at the root must not be consulted either.
    env = env.dir("/lib", &["python3.12"]);
    assert_same(
        &candidates(Os::Linux, Some(Path::new("")), &env),
        &loader(Os::Linux),
    );

    // Windows: an empty ProgramFiles falls back to C:\Program Files.
    env = env
        .dir(r"C:\Program Files\NVIDIA\CUDNN", &["v9.0"])
        .dir(r"C:\Program Files\NVIDIA\CUDNN\v9.0\bin", &["12.3"]);
    let mut want = folder(
        Os::Windows,
        r"C:\Program Files\NVIDIA\CUDNN\v9.0\bin\12.3",
        Source::WindowsInstall,
    );
    want.extend(folder(
        Os::Windows,
        r"C:\Program Files\NVIDIA\CUDNN\v9.0\bin",
        Source::WindowsInstall,
    ));
    want.extend(loader(Os::Windows));
    assert_same(&candidates(Os::Windows, None, &env), &want);
}

#[test]
fn python_versions_sort_numerically() {
    let env = FakeEnv::default().var("VIRTUAL_ENV", "/v").dir(
        "/v/lib",
        &[
            "python3.9",
            "python3.10",
            "python2.7",
            "python3.12",
            "python3.12t",
        ],
    );
    let got: Vec<PathBuf> = candidates(Os::Linux, None, &env)
        .into_iter()
        .filter(|c| c.source == Source::PythonEnv { var: "VIRTUAL_ENV" })
        .map(|c| c.path)
        .collect();
    let want: Vec<PathBuf> = ["python3.12", "python3.12t", "python3.10", "python3.9"]
        .iter()
        .flat_map(|p| {
            wheels(
                Os::Linux,
                &format!("/v/lib/{p}/site-packages"),
                Source::PythonEnv { var: "VIRTUAL_ENV" },
            )
        })
        .map(|c| c.path)
        .collect();
    assert_eq!(got, want);
}

#[test]
fn major_of_file_name_cases() {
    assert_eq!(major_of_file_name("libcudnn.so.9"), Some(9));
    assert_eq!(major_of_file_name("libcudnn.so.8"), Some(8));
    assert_eq!(major_of_file_name("libcudnn.so.9.1.0"), Some(9));
    assert_eq!(major_of_file_name("/usr/lib/libcudnn.so.10"), Some(10));
    assert_eq!(major_of_file_name("cudnn64_8.dll"), Some(8));
    assert_eq!(major_of_file_name("cudnn64_9.dll"), Some(9));
    assert_eq!(major_of_file_name(r"C:\x\CUDNN64_9.DLL"), Some(9));
    assert_eq!(major_of_file_name("libcudnn.so"), None);
    assert_eq!(major_of_file_name("cudnn64.dll"), None);
    assert_eq!(major_of_file_name("cudnn64_.dll"), None);
    assert_eq!(major_of_file_name("libcudnn.so.x"), None);
    assert_eq!(major_of_file_name(""), None);
    for os in [Os::Linux, Os::Windows] {
        let majors: Vec<_> = library_file_names(os)
            .iter()
            .map(|n| major_of_file_name(n))
            .collect();
        assert_eq!(majors, [Some(9), Some(8)]);
    }
}

#[test]
fn nothing_set_gives_only_the_system_loader() {
    let env = FakeEnv::default();
    assert_same(&candidates(Os::Linux, None, &env), &loader(Os::Linux));
    let got = candidates(Os::Linux, None, &env);
    assert_eq!(got[0].path, PathBuf::from("libcudnn.so.9"));
    assert_eq!(got[1].path, PathBuf::from("libcudnn.so.8"));
    // Windows still looks in the default installer folder, which is empty.
    assert_same(&candidates(Os::Windows, None, &env), &loader(Os::Windows));
}

#[test]
fn display_texts() {
    assert_eq!(Source::EnvLibDir.to_string(), "CUDNN_LIB_DIR");
    assert_eq!(
        Source::PythonEnv { var: "VIRTUAL_ENV" }.to_string(),
        "VIRTUAL_ENV Python wheel folder"
    );
    assert_eq!(
        toolkit("CUDA_PATH_V12_4").to_string(),
        "CUDA_PATH_V12_4 CUDA toolkit folder"
    );
    assert_eq!(
        Source::SystemLoader.to_string(),
        "the system loader's search path"
    );
}

#[test]
fn current_os_matches_the_target() {
    assert_eq!(Os::current() == Os::Windows, cfg!(windows));
}

#[cfg(unix)]
#[test]
fn non_unicode_values_do_not_panic() {
    use std::os::unix::ffi::OsStringExt;
    let odd = OsString::from_vec(b"/opt/\xffcudnn".to_vec());
    let mut env = FakeEnv::default();
    env.vars.insert("CUDNN_LIB_DIR".into(), odd.clone());
    env.vars.insert("CUDA_PATH".into(), odd.clone());
    env.vars.insert("VIRTUAL_ENV".into(), odd.clone());
    let mut lib = odd.clone();
    lib.push("/lib");
    env.dirs.insert(
        PathBuf::from(lib),
        vec![OsString::from_vec(b"python3.11\xfe".to_vec())],
    );
    for os in [Os::Linux, Os::Windows] {
        let got = candidates(os, Some(Path::new(&odd)), &env);
        assert!(got.len() > 2);
    }
    let got = candidates(Os::Linux, None, &env);
    let mut first = odd.clone();
    first.push("/libcudnn.so.9");
    assert_eq!(got[0].path, PathBuf::from(first));
    assert_eq!(got[0].source, Source::EnvLibDir);
    assert!(got
        .iter()
        .any(|c| c.path.to_string_lossy().contains("python3.11")));
}
