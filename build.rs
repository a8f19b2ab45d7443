//! Build script of the examples-and-benches package.
//!
//! cudnn-sys declares `links = "cudnn"` and reports what its build found:
//! the version and folder of the cuDNN headers (`DEP_CUDNN_HEADER_VERSION`,
//! `DEP_CUDNN_INCLUDE`) and, with the `link` feature, the folder of the
//! library linked against (`DEP_CUDNN_LIB_DIR`). This script hands them to
//! the examples as compile-time constants (see `src/lib.rs`), so a program
//! can compare the headers it was built against with the library it loads:
//! the check people otherwise do by opening `cudnn_version.h`.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo::rustc-check-cfg=cfg(cudnn_headers_found)");
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
