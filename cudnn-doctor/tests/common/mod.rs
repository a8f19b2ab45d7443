//! Shared by the doctor's integration tests: scratch folders and the
//! variables of the test scripts.
//!
//! `CUDNN_TEST_REQUIRE=1` (set by `scripts/test.sh`) turns a missing
//! install into a failure; `CUDNN_TEST_GPU=1` says a GPU is present (set by
//! `scripts/gpu-test.sh`).

#![allow(dead_code)]

/// A fresh folder of the test's own in the temporary folder, its name
/// starting `cudnn-rs-{what}-`: removed with all it holds when the guard
/// returned drops.
pub fn scratch_dir(what: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("cudnn-rs-{what}-"))
        .tempdir()
        .expect("a scratch folder")
}

pub fn required() -> bool {
    std::env::var_os("CUDNN_TEST_REQUIRE").is_some_and(|v| v == "1")
}

pub fn gpu_present() -> bool {
    std::env::var_os("CUDNN_TEST_GPU").is_some_and(|v| v == "1")
}
