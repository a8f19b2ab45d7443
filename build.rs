//! Build script of the examples-and-benches package.
//!
//! cudnn-sys declares `links = "cudnn"` and reports what its build found:
//! the version and folder of the cuDNN headers (`DEP_CUDNN_HEADER_VERSION`,
//! `DEP_CUDNN_INCLUDE`) and, with the `link` feature, the folder of the
//! library linked against (`DEP_CUDNN_LIB_DIR`). This script hands them to
//! the examples as compile-time constants (see `src/lib.rs`), so a program
//! can compare the headers it was built against with the library it loads:
//! the check people otherwise do by opening `cudnn_version.h`.
//!
//! With `CUDNN_RS_FRONTEND_INCLUDE` set (a `:`-separated list of header
//! folders: NVIDIA's cudnn-frontend, cuDNN's, and the CUDA runtime's, nvcc's,
//! NVRTC's and CCCL's; `scripts/fetch-frontend.sh` prints it), it also
//! compiles `benches/frontend/graph_frontend.cpp`, the C++ side of
//! `benches/graph_frontend.rs`, and links it into the benches only
//! (`cfg(cudnn_frontend_bench)`). Without it nothing C++ is built.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo::rustc-check-cfg=cfg(cudnn_headers_found)");
    println!("cargo::rustc-check-cfg=cfg(cudnn_frontend_bench)");
    frontend_bench();
    for (dep, env) in [
        ("DEP_CUDNN_HEADER_VERSION", "CUDNN_RS_HEADER_VERSION"),
        ("DEP_CUDNN_INCLUDE", "CUDNN_RS_HEADER_DIR"),
        ("DEP_CUDNN_LIB_DIR", "CUDNN_RS_LINKED_LIB_DIR"),
    ] {
        println!("cargo:rerun-if-env-changed={dep}");
        if let Ok(value) = std::env::var(dep) {
            println!("cargo:rustc-env={env}={value}");
            if dep == "DEP_CUDNN_HEADER_VERSION" {
                println!("cargo:rustc-cfg=cudnn_headers_found");
            }
        }
    }
}

/// Compiles the C++ side of `benches/graph_frontend.rs` when
/// `CUDNN_RS_FRONTEND_INCLUDE` names its headers, and links it into the
/// benches alone.
fn frontend_bench() {
    const SOURCE: &str = "benches/frontend/graph_frontend.cpp";
    println!("cargo:rerun-if-env-changed=CUDNN_RS_FRONTEND_INCLUDE");
    println!("cargo:rerun-if-changed={SOURCE}");
    let Some(includes) = std::env::var_os("CUDNN_RS_FRONTEND_INCLUDE").filter(|v| !v.is_empty())
    else {
        return;
    };
    let mut build = cc::Build::new();
    build
        .cpp(true)
        .std("c++17")
        .opt_level(2)
        .warnings(false)
        .cargo_metadata(false)
        .file(SOURCE);
    for dir in std::env::split_paths(&includes) {
        build.include(dir);
    }
    build.compile("graph_frontend");
    let out = std::env::var("OUT_DIR").unwrap_or_default();
    println!("cargo:rustc-link-arg-benches={out}/libgraph_frontend.a");
    println!("cargo:rustc-link-arg-benches=-lstdc++");
    println!("cargo:rustc-link-arg-benches=-ldl");
    println!("cargo:rustc-cfg=cudnn_frontend_bench");
}
