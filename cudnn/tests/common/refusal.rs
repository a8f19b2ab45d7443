//! What the host tests read of a refusal: the function and the mismatch
//! of an `Error::InvalidArgument`.

use cudnn::{Error, Mismatch};

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
