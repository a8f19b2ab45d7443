//! cudnn-rs's errors as candle's: every refusal and failure of the bridge
//! is a [`candle_core::Error`] whose message is the cuDNN crate's.

use cudnn::{Error, Mismatch};

/// A cudnn-rs error as a candle error carrying its message.
pub(crate) fn from_cudnn(e: Error) -> candle_core::Error {
    candle_core::Error::wrap(e)
}

/// A refusal of a value, worded and typed as cudnn-rs's own refusals.
pub(crate) fn bad_value(function: &'static str, what: String) -> candle_core::Error {
    from_cudnn(Error::InvalidArgument {
        function,
        mismatch: Mismatch::BadValue { what },
    })
}

/// A refusal of shapes that do not fit together.
pub(crate) fn bad_shape(function: &'static str, what: String) -> candle_core::Error {
    from_cudnn(Error::InvalidArgument {
        function,
        mismatch: Mismatch::Shape { what },
    })
}

/// `Result<T, cudnn::Error>` as candle's result.
pub(crate) trait OrCandle<T> {
    fn or_candle(self) -> candle_core::Result<T>;
}

impl<T> OrCandle<T> for cudnn::Result<T> {
    fn or_candle(self) -> candle_core::Result<T> {
        self.map_err(from_cudnn)
    }
}
