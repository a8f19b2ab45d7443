//! The crate's error type.

use std::fmt;
use std::path::PathBuf;

use crate::core::status::{Category, Status};
use crate::core::version::Version;

/// A result whose error is [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// A cuDNN function returned a status other than success.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatusError {
    /// The C function that failed, for example `"cudnnCreate"`.
    pub function: &'static str,
    /// The status, with the major that returned it.
    pub status: Status,
    /// The version of the library that returned it.
    pub version: Version,
    /// `cudnnGetErrorString`'s text for the status.
    pub description: Option<String>,
    /// cuDNN's own reason, read right after the failure: the text of
    /// `cudnnGetLastErrorString` on cuDNN 9, the error callback's message
    /// on cuDNN 8 (when cuDNN reported one).
    pub message: Option<String>,
}

impl fmt::Display for StatusError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} failed with {}", self.function, self.status)?;
        if let Some(c) = self.status.category() {
            if self.status.major() < 9 || c.0 != self.status.raw() {
                write!(f, " [{c}]")?;
            }
        }
        write!(f, " in cuDNN {}", self.version)?;
        if let Some(d) = self.description.as_deref() {
            if Some(d) != self.status.name() {
                write!(f, ": {d}")?;
            }
        }
        if let Some(m) = &self.message {
            write!(f, "; cuDNN says: {m}")?;
        }
        Ok(())
    }
}

/// A CUDA driver or runtime call failed, or the driver is missing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CudaError {
    /// The function that failed, for example `"cuInit"`.
    pub function: &'static str,
    /// The raw `CUresult` / `cudaError_t`, when there is one.
    pub code: Option<i32>,
    /// What went wrong, in words.
    pub message: String,
}

impl fmt::Display for CudaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} failed", self.function)?;
        if let Some(c) = self.code {
            write!(f, " with code {c}")?;
        }
        write!(f, ": {}", self.message)
    }
}

/// Why a safe function refused its arguments, before any call into cuDNN.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Mismatch {
    /// A value is out of range (a dimension of 0, a negative padding, a
    /// size that does not fit cuDNN's `int`, ...).
    BadValue {
        /// What, and why it is wrong.
        what: String,
    },
    /// Two shapes that must agree do not.
    Shape {
        /// What disagrees, with both shapes.
        what: String,
    },
    /// A device buffer is shorter than its descriptor's extent.
    BufferTooShort {
        /// Which argument (for a variant pack: the tensor's uid, as
        /// `uid 7`).
        buffer: String,
        /// Its length in elements.
        len: usize,
        /// The elements its descriptor spans (strides included).
        required: usize,
    },
    /// The workspace is smaller than the algorithm needs.
    WorkspaceTooSmall {
        /// Its size in bytes.
        len: usize,
        /// The bytes the algorithm needs.
        required: usize,
    },
    /// A buffer lives on another device than the handle's stream.
    WrongDevice {
        /// Which argument.
        buffer: String,
        /// The buffer's device.
        buffer_device: usize,
        /// The handle's device.
        handle_device: usize,
    },
    /// A descriptor was made by another loaded cuDNN than the handle's.
    OtherLibrary {
        /// Which descriptor.
        descriptor: &'static str,
        /// The file of the library that made it.
        descriptor_library: std::path::PathBuf,
        /// The file of the library it is used with: the handle's, or that
        /// of the descriptors it is combined with.
        handle_library: std::path::PathBuf,
    },
    /// An output tensor's strides make two of its elements share an
    /// address, so cuDNN's writes to them would race.
    OverlappingOutput {
        /// Which argument.
        buffer: String,
    },
    /// The handle has no CUDA stream (it was created with
    /// [`Handle::on_current_context`](crate::Handle::on_current_context)).
    NoStream,
    /// A combination cuDNN does not support.
    Unsupported {
        /// What, and why.
        what: String,
    },
    /// A buffer's address is not a multiple of the alignment its tensor
    /// was described with (a view that starts inside an element block).
    Misaligned {
        /// Which buffer (for a variant pack: the tensor's uid).
        buffer: String,
        /// Its device address.
        address: u64,
        /// The alignment in bytes its tensor promises cuDNN.
        alignment: u64,
    },
    /// A plan built for one GPU is run on another: the architecture or a
    /// limit the plan's kernels were chosen for differs.
    OtherDevice {
        /// The GPU the plan was built for.
        planned_for: String,
        /// The GPU of the handle it was run on.
        running_on: String,
        /// What differs.
        what: String,
    },
    /// The plan's engine lacks a behaviour cuDNN notes on the engines
    /// that have it (`CUDNN_BEHAVIOR_NOTE_*`).
    EngineLacksNote {
        /// The engine's global index, when known.
        engine: Option<i64>,
        /// The note, for example `SUPPORTS_CUDA_GRAPH_NATIVE_API`.
        note: &'static str,
        /// What needs it.
        needed_by: &'static str,
    },
    /// A graph node's tensor does not fit the node (found while the
    /// graph is built, before cuDNN sees it).
    GraphNode {
        /// The node: its kind and name, e.g. `conv_fprop "conv1"`.
        node: String,
        /// The tensor's name, when one tensor is at fault.
        tensor: Option<String>,
        /// What is wrong.
        what: String,
    },
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Mismatch::BadValue { what }
            | Mismatch::Shape { what }
            | Mismatch::Unsupported { what } => f.write_str(what),
            Mismatch::BufferTooShort {
                buffer,
                len,
                required,
            } => write!(
                f,
                "buffer `{buffer}` holds {len} elements but its descriptor spans {required}"
            ),
            Mismatch::WorkspaceTooSmall { len, required } => write!(
                f,
                "the workspace has {len} bytes but the algorithm needs {required}"
            ),
            Mismatch::WrongDevice {
                buffer,
                buffer_device,
                handle_device,
            } => write!(
                f,
                "buffer `{buffer}` is on device {buffer_device} but the handle's stream is on \
                 device {handle_device}"
            ),
            Mismatch::NoStream => f.write_str("the handle is not bound to a CUDA stream"),
            Mismatch::GraphNode { node, tensor, what } => match tensor {
                Some(t) => write!(f, "node {node}, tensor \"{t}\": {what}"),
                None => write!(f, "node {node}: {what}"),
            },
            Mismatch::OtherLibrary {
                descriptor,
                descriptor_library,
                handle_library,
            } => write!(
                f,
                "descriptor `{descriptor}` was made by the cuDNN at {} but is used with the one at {} \
                 (the handle's, or that of the descriptors it is combined with)",
                descriptor_library.display(),
                handle_library.display()
            ),
            Mismatch::Misaligned {
                buffer,
                address,
                alignment,
            } => write!(
                f,
                "buffer `{buffer}` starts at {address:#x}, which is not a multiple of the \
                 {alignment}-byte alignment its tensor promises cuDNN"
            ),
            Mismatch::OtherDevice {
                planned_for,
                running_on,
                what,
            } => write!(
                f,
                "the plan was built for {planned_for} but runs on {running_on}: {what}"
            ),
            Mismatch::EngineLacksNote {
                engine,
                note,
                needed_by,
            } => {
                match engine {
                    Some(e) => write!(f, "engine {e}")?,
                    None => f.write_str("the plan's engine")?,
                }
                write!(f, " is not noted {note}, which {needed_by} needs")
            }
            Mismatch::OverlappingOutput { buffer } => write!(
                f,
                "output `{buffer}` has overlapping strides: two of its elements share an address"
            ),
        }
    }
}

/// Everything that can go wrong.
///
/// Status failures are sorted by category, decoded by the major of the
/// library that returned them (cuDNN 8's codes 1–14 map onto cuDNN 9's
/// categories); each keeps the raw code, cuDNN 9's specific sub-code and
/// cuDNN's message through [`StatusError`].
///
/// `Debug` prints the same readable message as `Display`, so that what
/// `fn main() -> Result<(), cudnn::Error>` prints for an error is the
/// message; `{:#?}` puts the variant's name in front
/// (`InvalidArgument: ConvProblem::new: ...`). The fields are public for
/// matching.
#[derive(Clone, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// `NOT_INITIALIZED` (cuDNN 9: 1xxx, including sub-library version or
    /// loading failures; cuDNN 8: 1, 10, 12, 13, 14). Without a GPU or
    /// driver, `cudnnCreate` fails this way.
    #[error("{0}")]
    NotInitialized(StatusError),
    /// `BAD_PARAM` (cuDNN 9: 2xxx; cuDNN 8: 3, 5).
    #[error("{0}")]
    BadParam(StatusError),
    /// `NOT_SUPPORTED` (cuDNN 9: 3xxx; cuDNN 8: 6, 9, 11).
    #[error("{0}")]
    NotSupported(StatusError),
    /// `INTERNAL_ERROR`, including allocation failures (cuDNN 9: 4xxx;
    /// cuDNN 8: 2, 4, 7).
    #[error("{0}")]
    InternalError(StatusError),
    /// `EXECUTION_FAILED` (cuDNN 9: 5xxx; cuDNN 8: 8).
    #[error("{0}")]
    ExecutionFailed(StatusError),
    /// A status this crate cannot place in a category.
    #[error("{0}")]
    Unknown(StatusError),
    /// No cuDNN library could be loaded; lists every place tried.
    #[error(
        "{0}\nFor a diagnosis, run `cudnn-doctor` (install it with `cargo install --git \
         https://github.com/cudnn-rs/cudnn-rs cudnn-doctor`), or print `cudnn_doctor::report()` \
         from your program."
    )]
    LibraryNotFound(#[from] cudnn_sys::loader::LoadError),
    /// The loaded library does not export a function this call needs.
    #[error("{function} is not available in the loaded cuDNN {version} ({})", path.display())]
    NotAvailable {
        /// The missing C function.
        function: &'static str,
        /// The loaded library's version.
        version: Version,
        /// The loaded library's file.
        path: PathBuf,
    },
    /// The loaded library exports this function, but the sub-library that
    /// implements it is missing, damaged or from another release, so the
    /// call was not made (cuDNN's shim would have ended the process).
    #[error("{function} cannot be called: {file} ({}), which implements it, {reason}", path.display())]
    SublibraryUnavailable {
        /// The C function that was not called.
        function: &'static str,
        /// The sub-library's file name, e.g. `libcudnn_cnn_infer.so.8`.
        file: String,
        /// Where it was looked for: beside the main library.
        path: PathBuf,
        /// What is wrong with it, in plain words.
        reason: String,
    },
    /// A library cuDNN opens at run time for this call (cuBLASLt for
    /// cuDNN 9's precompiled engines) cannot be loaded, so the call was not
    /// made: cuDNN would have ended the process.
    #[error("{function} was not called: {file}, which cuDNN opens for it at run time, {reason}")]
    DependencyUnavailable {
        /// The C function that was not called.
        function: &'static str,
        /// The file cuDNN opens, e.g. `libcublasLt.so.12`.
        file: String,
        /// Why it cannot be loaded, and where it was looked for.
        reason: String,
    },
    /// The loaded library reports a version this crate cannot serve.
    #[error("the cuDNN at {} reports version {version}; this crate serves cuDNN 8 and 9", path.display())]
    UnsupportedVersion {
        /// What the library reported.
        version: Version,
        /// The loaded library's file.
        path: PathBuf,
    },
    /// A CUDA driver or runtime failure, or no driver at all.
    #[error("CUDA: {0}")]
    Cuda(CudaError),
    /// A safe function refused its arguments before calling cuDNN.
    #[error("{function}: {mismatch}")]
    InvalidArgument {
        /// The function that refused them: the one the caller called
        /// (`"ConvProblem::new"`, `"Attention::check"`), or for a launch the
        /// cuDNN function it would have called (`"cudnnConvolutionForward"`).
        /// Where a crate function follows a cuDNN function's rule, the
        /// mismatch's text names that function.
        function: &'static str,
        /// What is wrong.
        mismatch: Mismatch,
    },
    /// No engine can run a graph: cuDNN's heuristics offered none, or
    /// every one offered was filtered out. Never an empty success.
    #[error("no engine for the graph {graph}: {reason}")]
    NoEngine {
        /// The graph's name.
        graph: String,
        /// Why: cuDNN's own message where it gave one, and what the
        /// filters removed.
        reason: String,
    },
    /// Reading or writing a file (the algorithm cache).
    #[error("{path}: {message}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        message: String,
    },
}

impl From<cudarc::driver::DriverError> for Error {
    fn from(e: cudarc::driver::DriverError) -> Error {
        let name = e.error_name().map(|n| n.to_string_lossy().into_owned());
        let text = e.error_string().map(|s| s.to_string_lossy().into_owned());
        Error::Cuda(CudaError {
            function: "the CUDA driver",
            code: Some(e.0 as i32),
            message: match (name, text) {
                (Ok(n), Ok(t)) => format!("{n}: {t}"),
                (Ok(n), Err(_)) => n,
                _ => format!("CUresult {}", e.0 as i32),
            },
        })
    }
}

/// `Err(InvalidArgument)` for `function` unless `ok`.
pub(crate) fn ensure(
    ok: bool,
    function: &'static str,
    mismatch: impl FnOnce() -> Mismatch,
) -> Result<()> {
    if ok {
        Ok(())
    } else {
        Err(Error::invalid(function, mismatch()))
    }
}

/// The refusals of the checks that run before a call: one family, so that
/// every check builds its error the same way.
impl Error {
    /// [`Error::InvalidArgument`]: a check before `function` found
    /// `mismatch`.
    #[cold]
    pub(crate) fn invalid(function: &'static str, mismatch: Mismatch) -> Error {
        Error::InvalidArgument { function, mismatch }
    }

    /// [`Error::InvalidArgument`] with [`Mismatch::BadValue`]: a value
    /// `function` would be given is wrong, as `what` says.
    #[cold]
    pub(crate) fn bad_value(function: &'static str, what: impl Into<String>) -> Error {
        Error::invalid(function, Mismatch::BadValue { what: what.into() })
    }

    /// [`Error::InvalidArgument`] with [`Mismatch::Unsupported`]: a
    /// combination `function` does not support, as `what` says.
    #[cold]
    pub(crate) fn unsupported(function: &'static str, what: impl Into<String>) -> Error {
        Error::invalid(function, Mismatch::Unsupported { what: what.into() })
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            write!(f, "{}: ", self.variant_name())?;
        }
        fmt::Display::fmt(self, f)
    }
}

impl Error {
    /// The variant's name, for `{:#?}`.
    fn variant_name(&self) -> &'static str {
        match self {
            Error::NotInitialized(_) => "NotInitialized",
            Error::BadParam(_) => "BadParam",
            Error::NotSupported(_) => "NotSupported",
            Error::InternalError(_) => "InternalError",
            Error::ExecutionFailed(_) => "ExecutionFailed",
            Error::Unknown(_) => "Unknown",
            Error::LibraryNotFound(_) => "LibraryNotFound",
            Error::NotAvailable { .. } => "NotAvailable",
            Error::SublibraryUnavailable { .. } => "SublibraryUnavailable",
            Error::DependencyUnavailable { .. } => "DependencyUnavailable",
            Error::UnsupportedVersion { .. } => "UnsupportedVersion",
            Error::Cuda(_) => "Cuda",
            Error::InvalidArgument { .. } => "InvalidArgument",
            Error::NoEngine { .. } => "NoEngine",
            Error::Io { .. } => "Io",
        }
    }

    /// Sorts a failed status into its variant.
    pub fn from_status(e: StatusError) -> Error {
        match e.status.category() {
            Some(Category::NOT_INITIALIZED) => Error::NotInitialized(e),
            Some(Category::BAD_PARAM) => Error::BadParam(e),
            Some(Category::NOT_SUPPORTED) => Error::NotSupported(e),
            Some(Category::INTERNAL_ERROR) => Error::InternalError(e),
            Some(Category::EXECUTION_FAILED) => Error::ExecutionFailed(e),
            _ => Error::Unknown(e),
        }
    }

    /// The status failure behind this error, if it is one.
    pub fn status_error(&self) -> Option<&StatusError> {
        match self {
            Error::NotInitialized(e)
            | Error::BadParam(e)
            | Error::NotSupported(e)
            | Error::InternalError(e)
            | Error::ExecutionFailed(e)
            | Error::Unknown(e) => Some(e),
            _ => None,
        }
    }

    /// The status behind this error, if it is one.
    pub fn status(&self) -> Option<Status> {
        self.status_error().map(|e| e.status)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cudnn_sys::cudnnStatus_t;

    fn err(raw: u32, major: u32) -> Error {
        Error::from_status(StatusError {
            function: "cudnnTest",
            status: Status::new(cudnnStatus_t(raw), major),
            version: Version::new(major, 0, 0),
            description: None,
            message: Some("reason".into()),
        })
    }

    #[test]
    fn variants_by_category() {
        assert!(matches!(err(1, 8), Error::NotInitialized(_)));
        assert!(matches!(err(1001, 9), Error::NotInitialized(_)));
        assert!(matches!(err(3, 8), Error::BadParam(_)));
        assert!(matches!(err(5, 8), Error::BadParam(_)));
        assert!(matches!(err(2002, 9), Error::BadParam(_)));
        assert!(matches!(err(9, 8), Error::NotSupported(_)));
        assert!(matches!(err(3007, 9), Error::NotSupported(_)));
        assert!(matches!(err(2, 8), Error::InternalError(_)));
        assert!(matches!(err(8, 8), Error::ExecutionFailed(_)));
        assert!(matches!(err(5002, 9), Error::ExecutionFailed(_)));
        assert!(matches!(err(99, 8), Error::Unknown(_)));
        assert!(matches!(err(9999, 9), Error::Unknown(_)));
        assert_eq!(err(2002, 9).status().map(|s| s.raw()), Some(2002));
    }

    #[test]
    fn display_names_function_status_and_reason() {
        let text = err(3, 8).to_string();
        assert_eq!(
            text,
            "cudnnTest failed with CUDNN_STATUS_BAD_PARAM (3) [BAD_PARAM] in cuDNN 8.0.0; \
             cuDNN says: reason"
        );
        let text = err(2002, 9).to_string();
        assert!(
            text.starts_with(
                "cudnnTest failed with CUDNN_STATUS_BAD_PARAM_NULL_POINTER (2002) [BAD_PARAM]"
            ),
            "{text}"
        );
        assert!(err(9999, 9).to_string().contains("unknown status 9999"));
    }

    #[test]
    fn debug_prints_the_readable_message() {
        let e = err(3, 8);
        assert_eq!(format!("{e:?}"), e.to_string());
        assert_eq!(format!("{e:#?}"), format!("BadParam: {e}"));
        let e = Error::InvalidArgument {
            function: "ConvProblem::new",
            mismatch: Mismatch::Shape {
                what: "x has 3 channels but w expects 4".into(),
            },
        };
        let debug = format!("{e:?}");
        assert!(debug.contains(&e.to_string()), "{debug}");
        assert!(debug.starts_with("ConvProblem::new: "), "{debug}");
        // No struct syntax: what `main` prints is the message alone.
        assert!(
            !debug.contains("InvalidArgument {") && !debug.contains("mismatch:"),
            "{debug}"
        );
        assert_eq!(format!("{e:#?}"), format!("InvalidArgument: {e}"));
        // What `main` prints for a returned error (std's `Termination`
        // writes `Error: {err:?}`).
        assert_eq!(format!("Error: {e:?}"), format!("Error: {e}"));
    }
}
