//! Shared code of the workspace's examples and benchmarks.

pub mod lenet;

use cudnn::{Library, Version};

/// What the build found, as cudnn-sys reported it to the build script.
pub mod build_info {
    /// Version of the cuDNN headers found at build time, if any.
    pub const HEADER_VERSION: Option<&str> = option_env!("CUDNN_RS_HEADER_VERSION");
    /// Folder of those headers.
    pub const HEADER_DIR: Option<&str> = option_env!("CUDNN_RS_HEADER_DIR");
    /// Folder of the library linked against (the `link` feature).
    pub const LINKED_LIB_DIR: Option<&str> = option_env!("CUDNN_RS_LINKED_LIB_DIR");
}

/// How the headers seen at build time compare with the loaded library.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HeaderCheck {
    /// No headers were found at build time: nothing to compare.
    NoHeaders,
    /// Same major and minor.
    Matches(Version),
    /// Another version was loaded than the headers describe.
    Differs {
        /// From `cudnn_version.h` at build time.
        headers: Version,
        /// From the loaded library.
        loaded: Version,
    },
}

/// Compares [`build_info::HEADER_VERSION`] with `lib`'s version.
pub fn header_check(lib: &Library) -> HeaderCheck {
    let Some(headers) = build_info::HEADER_VERSION.and_then(Version::parse) else {
        return HeaderCheck::NoHeaders;
    };
    let loaded = lib.version();
    if (headers.major, headers.minor) == (loaded.major, loaded.minor) {
        HeaderCheck::Matches(headers)
    } else {
        HeaderCheck::Differs { headers, loaded }
    }
}

/// The README's Rust examples, compiled as doctests (they need a GPU to
/// run, so they are `no_run`): the README cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeExamples;

/// The Rust examples of `docs/graph.md`, compiled as the README's are.
#[cfg(doctest)]
#[doc = include_str!("../docs/graph.md")]
pub struct GraphDocExamples;

/// The Rust examples of `docs/candle.md` (`ignore`d: they need candle's
/// CUDA backend; cudnn-candle's host tests check the block is its
/// `readme` example).
#[cfg(doctest)]
#[doc = include_str!("../docs/candle.md")]
pub struct CandleDocExamples;
