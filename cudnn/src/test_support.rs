//! Shared by the unit tests that load the real library: the library under
//! test and what a test reads of a refusal.
//!
//! `CUDNN_TEST_REQUIRE=1` (set by `scripts/test.sh`) turns "cuDNN could not
//! be loaded" into a test failure; without it such tests say why they did
//! not run and return. `CUDNN_TEST_EXPECT_VERSION=9.28.0` checks that the
//! library loaded is the one the script meant.

#![allow(dead_code)]

use std::sync::Arc;

use crate::{Error, Library, Mismatch};

pub fn required() -> bool {
    std::env::var_os("CUDNN_TEST_REQUIRE").is_some_and(|v| v == "1")
}

/// The process-wide library, or `None` (after saying why) when it cannot be
/// loaded and the test run does not require it.
pub fn lib() -> Option<Arc<Library>> {
    match crate::library() {
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

/// The function and mismatch of an `InvalidArgument`; a panic for any
/// other error.
#[track_caller]
pub fn refusal(e: &Error) -> (&'static str, &Mismatch) {
    match e {
        Error::InvalidArgument { function, mismatch } => (function, mismatch),
        other => panic!("expected InvalidArgument, got {other:?}"),
    }
}

/// `BufferTooShort` for `buffer`.
pub fn short(buffer: &str, len: usize, required: usize) -> Mismatch {
    Mismatch::BufferTooShort {
        buffer: buffer.into(),
        len,
        required,
    }
}

/// Whether `e` refuses a value (`BadValue`).
pub fn is_bad_value(e: &Error) -> bool {
    matches!(refusal(e).1, Mismatch::BadValue { .. })
}

/// Whether `e` refuses a shape (`Shape`).
pub fn is_shape(e: &Error) -> bool {
    matches!(refusal(e).1, Mismatch::Shape { .. })
}

/// Runs a raw call and checks its status through the library. Test code
/// only: the arguments are the tests' own descriptors and out-pointers.
macro_rules! raw {
    ($lib:expr, $name:ident ( $($arg:expr),* $(,)? )) => {{
        let f = $lib.sys().$name.expect(concat!(stringify!($name), " is exported"));
        // SAFETY: the tests pass valid descriptors and out-pointers.
        let status = unsafe { f($($arg),*) };
        $lib.check(stringify!($name), status)
    }};
}
#[allow(unused_imports)] // only some test modules use it
pub(crate) use raw;

/// The safe crate's RNN enums as the reference crate's own types:
/// `cudnn-reference` shares no code with the crate it checks.
pub mod convert {
    use crate::rnn::RnnMode;
    use cudnn_reference::rnn::RnnCell;

    /// cuDNN's cell as the reference's.
    ///
    /// # Panics
    ///
    /// On a value cuDNN does not define.
    pub fn rnn_cell(mode: RnnMode) -> RnnCell {
        match mode {
            RnnMode::RNN_RELU => RnnCell::Relu,
            RnnMode::RNN_TANH => RnnCell::Tanh,
            RnnMode::LSTM => RnnCell::Lstm,
            RnnMode::GRU => RnnCell::Gru,
            other => panic!("no reference cell for RNN mode {}", other.0),
        }
    }
}
