//! cuBLASLt and NVRTC: where they are looked for, and the pip packages.

use super::super::fake::FakeEnv;
use super::*;

fn found(c: &[Candidate]) -> Vec<(String, Source)> {
    c.iter()
        .map(|c| (c.path.display().to_string(), c.source.clone()))
        .collect()
}

#[test]
fn file_names() {
    let f = |d: Dependency, os, cu| d.file_name(os, cu);
    assert_eq!(f(Dependency::CublasLt, Os::Linux, 12), "libcublasLt.so.12");
    assert_eq!(
        f(Dependency::CublasLt, Os::Windows, 13),
        "cublasLt64_13.dll"
    );
    assert_eq!(f(Dependency::Nvrtc, Os::Linux, 13), "libnvrtc.so.13");
    assert_eq!(f(Dependency::Nvrtc, Os::Windows, 12), "nvrtc64_120_0.dll");
    assert_eq!(f(Dependency::Nvrtc, Os::Windows, 13), "nvrtc64_130_0.dll");
}

#[test]
fn linux_order_for_cuda_12() {
    let lt = "libcublasLt.so.12";
    let sp = "/h/.local/lib/python3.11/site-packages";
    let env = FakeEnv::default()
        .var("HOME", "/h")
        .var("LD_LIBRARY_PATH", "/ld")
        .var("CUDA_PATH", "/cuda")
        .var("VIRTUAL_ENV", "/venv")
        .file("/ld", lt)
        .file(&format!("{sp}/nvidia/cudnn/lib"), lt)
        .file(&format!("{sp}/nvidia/cublas/lib"), lt)
        // CUDA 13's folder holds no CUDA 12 library, and is not looked in.
        .file(&format!("{sp}/nvidia/cu13/lib"), lt)
        .file("/usr/lib", lt)
        .dir("/venv/lib", &["python3.12"])
        .file("/venv/lib/python3.12/site-packages/nvidia/cublas/lib", lt)
        .file("/cuda/lib64", lt)
        .dir("/other/lib", &["python3.10"])
        .dir("/h/.local/lib", &["python3.11", "python3.9"])
        .dir(
            "/h/.local/lib/python3.9/site-packages/nvidia",
            &["cublas", "cu13"],
        )
        .file(
            "/h/.local/lib/python3.9/site-packages/nvidia/cublas/lib",
            lt,
        )
        .file("/h/.local/lib/python3.9/site-packages/nvidia/cu13/lib", lt);
    let cudnn = format!("{sp}/nvidia/cudnn/lib");
    let got = dependency_candidates(
        Os::Linux,
        Dependency::CublasLt,
        12,
        Some(Path::new(&cudnn)),
        &env,
    );
    assert_eq!(
        found(&got),
        [
            ("/ld/libcublasLt.so.12".to_string(), Source::SystemLoader),
            (format!("{cudnn}/{lt}"), Source::BesideCudnn),
            (format!("{sp}/nvidia/cublas/lib/{lt}"), Source::BesideCudnn),
            (format!("/usr/lib/{lt}"), Source::SystemLoader),
            (
                format!("/venv/lib/python3.12/site-packages/nvidia/cublas/lib/{lt}"),
                Source::PythonEnv { var: "VIRTUAL_ENV" }
            ),
            (
                format!("/cuda/lib64/{lt}"),
                Source::CudaToolkit {
                    var: "CUDA_PATH".into()
                }
            ),
            (
                format!("/h/.local/lib/python3.9/site-packages/nvidia/cublas/lib/{lt}"),
                Source::SitePackages { root: "user" }
            ),
        ]
    );
}

#[test]
fn cuda_13_looks_in_the_shared_folder() {
    let rtc = "libnvrtc.so.13";
    let sp = "/h/.local/lib/python3.12/site-packages";
    let env = FakeEnv::default()
        .var("HOME", "/h")
        .dir("/h/.local/lib", &["python3.12"])
        .dir(&format!("{sp}/nvidia"), &["cu13", "cuda_nvrtc"])
        .file(&format!("{sp}/nvidia/cu13/lib"), rtc)
        .file(&format!("{sp}/nvidia/cuda_nvrtc/lib"), "libnvrtc.so.12");
    // cuDNN elsewhere: only the site-packages step finds it.
    let got = dependency_candidates(
        Os::Linux,
        Dependency::Nvrtc,
        13,
        Some(Path::new("/opt/cudnn/lib")),
        &env,
    );
    assert_eq!(
        found(&got),
        [(
            format!("{sp}/nvidia/cu13/lib/{rtc}"),
            Source::SitePackages { root: "user" }
        )]
    );
    // cuDNN in the same site-packages: its RUNPATH's ../../cu13/lib.
    let cudnn = format!("{sp}/nvidia/cudnn/lib");
    let got = dependency_candidates(
        Os::Linux,
        Dependency::Nvrtc,
        13,
        Some(Path::new(&cudnn)),
        &env,
    );
    assert_eq!(
        found(&got),
        [(format!("{sp}/nvidia/cu13/lib/{rtc}"), Source::BesideCudnn)]
    );
    // CUDA 12's NVRTC is not CUDA 13's.
    let got = dependency_candidates(Os::Linux, Dependency::Nvrtc, 12, None, &env);
    assert_eq!(
        found(&got),
        [(
            format!("{sp}/nvidia/cuda_nvrtc/lib/libnvrtc.so.12"),
            Source::SitePackages { root: "user" }
        )]
    );
}

#[test]
fn windows_beside_cudnn_then_the_system() {
    let lt = "cublasLt64_13.dll";
    let sp = r"C:\Users\u\AppData\Roaming\Python\Python312\site-packages";
    let env = FakeEnv::default()
        .var("PATH", r"C:\tools")
        .file(r"C:\tools", lt)
        .file(&format!(r"{sp}\nvidia\cu13\bin\x86_64"), lt);
    let cudnn = format!(r"{sp}\nvidia\cudnn\bin");
    let got = dependency_candidates(
        Os::Windows,
        Dependency::CublasLt,
        13,
        Some(Path::new(&cudnn)),
        &env,
    );
    assert_eq!(
        found(&got),
        [
            (
                format!(r"{sp}\nvidia\cu13\bin\x86_64\{lt}"),
                Source::BesideCudnn
            ),
            (format!(r"C:\tools\{lt}"), Source::SystemLoader),
        ]
    );
}

#[test]
fn pip_names_carry_the_cuda_major_except_cuda_13s_cublas_and_nvrtc() {
    use Package::*;
    assert_eq!(pip_package(Cudnn, 12), Some("nvidia-cudnn-cu12"));
    assert_eq!(pip_package(Cudnn, 13), Some("nvidia-cudnn-cu13"));
    assert_eq!(pip_package(Cublas, 12), Some("nvidia-cublas-cu12"));
    assert_eq!(pip_package(Cublas, 13), Some("nvidia-cublas"));
    assert_eq!(pip_package(Nvrtc, 13), Some("nvidia-cuda-nvrtc"));
    assert_eq!(pip_package(Cublas, 10), None);
    assert_eq!(
        pip_requirement(Cublas, 13).as_deref(),
        Some("nvidia-cublas==13.*")
    );
    assert_eq!(
        pip_requirement(Nvrtc, 12).as_deref(),
        Some("nvidia-cuda-nvrtc-cu12")
    );
    assert_eq!(Dependency::CublasLt.package(), Cublas);
    assert_eq!(Dependency::Nvrtc.package(), Nvrtc);
}
