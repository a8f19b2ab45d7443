//! Shared by the integration tests: loading the library under test; the GPU
//! tests' helpers ([`gpu`]); the safe crate's RNN enums as the reference
//! crate's ([`convert`]).
//!
//! `CUDNN_TEST_REQUIRE=1` (set by `scripts/test.sh`) turns "cuDNN could not
//! be loaded" into a test failure; without it such tests say why they did
//! not run and return. `CUDNN_TEST_EXPECT_VERSION=9.28.0` checks that the
//! library loaded is the one the script meant. `CUDNN_TEST_GPU=1` says a
//! GPU is present (set by `scripts/gpu-test.sh`).

#![allow(dead_code)]

pub mod backend;
pub mod convert;
#[cfg(target_os = "linux")]
pub mod driver;
pub mod gpu;
pub mod refusal;

use std::sync::Arc;

use cudnn::Library;

/// A fresh folder of the test's own in the temporary folder, its name
/// starting `cudnn-rs-{what}-`: removed with all it holds when the guard
/// returned drops (the test ended, passed or failed), so keep it alive while
/// the path is in use. A removal that fails (on Windows, a DLL this process
/// has loaded cannot be deleted) is ignored.
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

/// The process-wide library, or `None` (after saying why) when it cannot be
/// loaded and the test run does not require it.
pub fn lib() -> Option<Arc<Library>> {
    match cudnn::library() {
        Ok(lib) => {
            if let Ok(expect) = std::env::var("CUDNN_TEST_EXPECT_VERSION") {
                assert_eq!(
                    lib.version().to_string(),
                    expect,
                    "loaded {} but the test run expects {expect}",
                    lib.path().display()
                );
            }
            Some(lib)
        }
        Err(e) if required() => panic!("CUDNN_TEST_REQUIRE=1 but cuDNN did not load: {e}"),
        Err(e) => {
            eprintln!(
                "not run: cuDNN did not load (set CUDNN_LIB_DIR, or run scripts/test.sh): {e}"
            );
            None
        }
    }
}

/// Runs a raw call and checks its status through the library. Test code
/// only: the arguments are the tests' own descriptors and out-pointers.
/// (Test crates using it allow `clippy::macro_metavars_in_unsafe`.)
/// Not exported: `use common::raw;` brings it in, so that a crate holding
/// several copies of this module (`tests/gpu/main.rs`) defines no name twice.
#[allow(unused_macros)] // only some test crates use it
macro_rules! raw {
    ($lib:expr, $name:ident ( $($arg:expr),* $(,)? )) => {{
        let f = $lib.sys().$name.expect(concat!(stringify!($name), " is exported"));
        // SAFETY: the tests pass valid descriptors and out-pointers.
        let status = unsafe { f($($arg),*) };
        $lib.check(stringify!($name), status)
    }};
}
#[allow(unused_imports)] // only some test crates use it
pub(crate) use raw;
