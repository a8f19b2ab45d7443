//! cuDNN status codes, decoded by the major that returned them.
//!
//! cuDNN 8 numbers its statuses 0–14; cuDNN 9 numbers them by category
//! (1000 not initialized, 2000 bad parameter, 3000 not supported, 4000
//! internal error, 5000 execution failed) plus a specific sub-code. A
//! [`Status`] keeps the raw value and the major that produced it, and maps a
//! cuDNN 8 code onto cuDNN 9's numbering so that both read the same way.

use std::fmt;

use cudnn_sys as sys;

/// The category of a status, as cuDNN 9 numbers it (a multiple of 1000).
///
/// An integer newtype: a category this crate does not list is still a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Category(pub u32);

impl Category {
    /// Success.
    pub const SUCCESS: Category = Category(0);
    /// The library, a sub-library or the GPU could not be initialised.
    pub const NOT_INITIALIZED: Category = Category(1000);
    /// A parameter was wrong.
    pub const BAD_PARAM: Category = Category(2000);
    /// The combination asked for is not supported.
    pub const NOT_SUPPORTED: Category = Category(3000);
    /// cuDNN failed internally (including failed allocations).
    pub const INTERNAL_ERROR: Category = Category(4000);
    /// A GPU kernel or a library cuDNN calls failed.
    pub const EXECUTION_FAILED: Category = Category(5000);

    /// A short name, or `None` for a category this crate does not know.
    pub fn name(self) -> Option<&'static str> {
        Some(match self {
            Category::SUCCESS => "SUCCESS",
            Category::NOT_INITIALIZED => "NOT_INITIALIZED",
            Category::BAD_PARAM => "BAD_PARAM",
            Category::NOT_SUPPORTED => "NOT_SUPPORTED",
            Category::INTERNAL_ERROR => "INTERNAL_ERROR",
            Category::EXECUTION_FAILED => "EXECUTION_FAILED",
            _ => return None,
        })
    }
}

impl fmt::Display for Category {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.name() {
            Some(n) => f.write_str(n),
            None => write!(f, "category {}", self.0),
        }
    }
}

/// A status returned by a cuDNN function, with the major of the library
/// that returned it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Status {
    raw: u32,
    major: u32,
}

/// cuDNN 8's codes 1–14 in cuDNN 9's numbering (the header's deprecated
/// aliases say where each went).
const V8_TO_V9: [u32; 15] = [
    0,    // SUCCESS
    1001, // NOT_INITIALIZED
    4003, // ALLOC_FAILED -> INTERNAL_ERROR_HOST_ALLOCATION_FAILED
    2000, // BAD_PARAM
    4000, // INTERNAL_ERROR
    2001, // INVALID_VALUE (a bad parameter)
    3007, // ARCH_MISMATCH -> NOT_SUPPORTED_ARCH_MISMATCH
    4006, // MAPPING_ERROR -> INTERNAL_ERROR_TEXTURE_CREATION_FAILED
    5000, // EXECUTION_FAILED
    3000, // NOT_SUPPORTED
    1005, // LICENSE_ERROR
    3008, // RUNTIME_PREREQUISITE_MISSING -> NOT_SUPPORTED_...
    1006, // RUNTIME_IN_PROGRESS
    1007, // RUNTIME_FP_OVERFLOW
    1002, // VERSION_MISMATCH -> SUBLIBRARY_VERSION_MISMATCH
];

const V8_NAMES: [&str; 15] = [
    "CUDNN_STATUS_SUCCESS",
    "CUDNN_STATUS_NOT_INITIALIZED",
    "CUDNN_STATUS_ALLOC_FAILED",
    "CUDNN_STATUS_BAD_PARAM",
    "CUDNN_STATUS_INTERNAL_ERROR",
    "CUDNN_STATUS_INVALID_VALUE",
    "CUDNN_STATUS_ARCH_MISMATCH",
    "CUDNN_STATUS_MAPPING_ERROR",
    "CUDNN_STATUS_EXECUTION_FAILED",
    "CUDNN_STATUS_NOT_SUPPORTED",
    "CUDNN_STATUS_LICENSE_ERROR",
    "CUDNN_STATUS_RUNTIME_PREREQUISITE_MISSING",
    "CUDNN_STATUS_RUNTIME_IN_PROGRESS",
    "CUDNN_STATUS_RUNTIME_FP_OVERFLOW",
    "CUDNN_STATUS_VERSION_MISMATCH",
];

fn v9_name(code: u32) -> Option<&'static str> {
    Some(match code {
        0 => "CUDNN_STATUS_SUCCESS",
        1001 => "CUDNN_STATUS_NOT_INITIALIZED",
        1002 => "CUDNN_STATUS_SUBLIBRARY_VERSION_MISMATCH",
        1003 => "CUDNN_STATUS_SERIALIZATION_VERSION_MISMATCH",
        1004 => "CUDNN_STATUS_DEPRECATED",
        1005 => "CUDNN_STATUS_LICENSE_ERROR",
        1006 => "CUDNN_STATUS_RUNTIME_IN_PROGRESS",
        1007 => "CUDNN_STATUS_RUNTIME_FP_OVERFLOW",
        1008 => "CUDNN_STATUS_SUBLIBRARY_LOADING_FAILED",
        2000 => "CUDNN_STATUS_BAD_PARAM",
        2001 => "CUDNN_STATUS_INVALID_VALUE",
        2002 => "CUDNN_STATUS_BAD_PARAM_NULL_POINTER",
        2003 => "CUDNN_STATUS_BAD_PARAM_MISALIGNED_POINTER",
        2004 => "CUDNN_STATUS_BAD_PARAM_NOT_FINALIZED",
        2005 => "CUDNN_STATUS_BAD_PARAM_OUT_OF_BOUND",
        2006 => "CUDNN_STATUS_BAD_PARAM_SIZE_INSUFFICIENT",
        2007 => "CUDNN_STATUS_BAD_PARAM_STREAM_MISMATCH",
        2008 => "CUDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH",
        2009 => "CUDNN_STATUS_BAD_PARAM_DUPLICATED_ENTRIES",
        2010 => "CUDNN_STATUS_BAD_PARAM_ATTRIBUTE_TYPE",
        2011 => "CUDNN_STATUS_BAD_PARAM_CUDA_GRAPH_MISMATCH",
        2012 => "CUDNN_STATUS_BAD_PARAM_DESCRIPTOR_TYPE",
        3000 => "CUDNN_STATUS_NOT_SUPPORTED",
        3001 => "CUDNN_STATUS_NOT_SUPPORTED_GRAPH_PATTERN",
        3002 => "CUDNN_STATUS_NOT_SUPPORTED_SHAPE",
        3003 => "CUDNN_STATUS_NOT_SUPPORTED_DATA_TYPE",
        3004 => "CUDNN_STATUS_NOT_SUPPORTED_LAYOUT",
        3005 => "CUDNN_STATUS_NOT_SUPPORTED_INCOMPATIBLE_CUDA_DRIVER",
        3006 => "CUDNN_STATUS_NOT_SUPPORTED_INCOMPATIBLE_CUDART",
        3007 => "CUDNN_STATUS_NOT_SUPPORTED_ARCH_MISMATCH",
        3008 => "CUDNN_STATUS_NOT_SUPPORTED_RUNTIME_PREREQUISITE_MISSING",
        3009 => "CUDNN_STATUS_NOT_SUPPORTED_SUBLIBRARY_UNAVAILABLE",
        3010 => "CUDNN_STATUS_NOT_SUPPORTED_SHARED_MEMORY_INSUFFICIENT",
        3011 => "CUDNN_STATUS_NOT_SUPPORTED_PADDING",
        3012 => "CUDNN_STATUS_NOT_SUPPORTED_BAD_LAUNCH_PARAM",
        3013 => "CUDNN_STATUS_NOT_SUPPORTED_CUDA_GRAPH_NATIVE_API",
        3014 => "CUDNN_STATUS_NOT_SUPPORTED_INVALID_DYNAMIC_SHAPE",
        4000 => "CUDNN_STATUS_INTERNAL_ERROR",
        4001 => "CUDNN_STATUS_INTERNAL_ERROR_COMPILATION_FAILED",
        4002 => "CUDNN_STATUS_INTERNAL_ERROR_UNEXPECTED_VALUE",
        4003 => "CUDNN_STATUS_INTERNAL_ERROR_HOST_ALLOCATION_FAILED",
        4004 => "CUDNN_STATUS_INTERNAL_ERROR_DEVICE_ALLOCATION_FAILED",
        4005 => "CUDNN_STATUS_INTERNAL_ERROR_BAD_LAUNCH_PARAM",
        4006 => "CUDNN_STATUS_INTERNAL_ERROR_TEXTURE_CREATION_FAILED",
        5000 => "CUDNN_STATUS_EXECUTION_FAILED",
        5001 => "CUDNN_STATUS_EXECUTION_FAILED_CUDA_DRIVER",
        5002 => "CUDNN_STATUS_EXECUTION_FAILED_CUBLAS",
        5003 => "CUDNN_STATUS_EXECUTION_FAILED_CUDART",
        5004 => "CUDNN_STATUS_EXECUTION_FAILED_CURAND",
        _ => return None,
    })
}

impl Status {
    /// A status as returned by a library of cuDNN major `major`.
    pub const fn new(raw: sys::cudnnStatus_t, major: u32) -> Status {
        Status { raw: raw.0, major }
    }

    /// The value the library returned.
    pub const fn raw(self) -> u32 {
        self.raw
    }

    /// The major of the library that returned it.
    pub const fn major(self) -> u32 {
        self.major
    }

    /// Whether this is `CUDNN_STATUS_SUCCESS` (0 in every major).
    pub const fn is_success(self) -> bool {
        self.raw == 0
    }

    /// The status in cuDNN 9's numbering: the raw value for cuDNN 9 and
    /// later, the matching cuDNN 9 code for cuDNN 8's codes 0–14, `None` for
    /// a cuDNN 8 value outside them (or a major before 8).
    pub const fn code_v9(self) -> Option<u32> {
        if self.major >= 9 {
            Some(self.raw)
        } else if self.major == 8 && (self.raw as usize) < V8_TO_V9.len() {
            Some(V8_TO_V9[self.raw as usize])
        } else {
            None
        }
    }

    /// The category (cuDNN 9's numbering, `code / 1000 * 1000`), or `None`
    /// when the value cannot be placed.
    pub const fn category(self) -> Option<Category> {
        match self.code_v9() {
            Some(c) => Some(Category(c / 1000 * 1000)),
            None => None,
        }
    }

    /// cuDNN 9's specific sub-code (`code % 1000`): 0 for the category's
    /// plain status, for example 2 in `BAD_PARAM_NULL_POINTER` (2002).
    pub const fn specific(self) -> Option<u32> {
        match self.code_v9() {
            Some(c) => Some(c % 1000),
            None => None,
        }
    }

    /// The C name of the status in the numbering of its own major, or `None`
    /// for a value the headers of that major do not list.
    pub fn name(self) -> Option<&'static str> {
        match self.major {
            8 => V8_NAMES.get(self.raw as usize).copied(),
            m if m >= 9 => v9_name(self.raw),
            _ => None,
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.name() {
            Some(n) => write!(f, "{n} ({})", self.raw),
            None => write!(f, "unknown status {} of cuDNN {}", self.raw, self.major),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(raw: u32, major: u32) -> Status {
        Status::new(sys::cudnnStatus_t(raw), major)
    }

    #[test]
    fn tables_match_the_headers() {
        use sys::{v8, v9};
        assert_eq!(V8_NAMES.len(), V8_TO_V9.len());
        assert_eq!(
            s(v8::cudnnStatus_t::CUDNN_STATUS_VERSION_MISMATCH.0, 8).name(),
            Some("CUDNN_STATUS_VERSION_MISMATCH")
        );
        assert_eq!(
            s(v8::cudnnStatus_t::CUDNN_STATUS_INVALID_VALUE.0, 8).code_v9(),
            Some(v9::cudnnStatus_t::CUDNN_STATUS_INVALID_VALUE.0)
        );
        assert_eq!(
            s(v8::cudnnStatus_t::CUDNN_STATUS_ALLOC_FAILED.0, 8).code_v9(),
            Some(v9::cudnnStatus_t::CUDNN_STATUS_ALLOC_FAILED.0)
        );
        assert_eq!(
            s(v8::cudnnStatus_t::CUDNN_STATUS_MAPPING_ERROR.0, 8).code_v9(),
            Some(v9::cudnnStatus_t::CUDNN_STATUS_MAPPING_ERROR.0)
        );
        assert_eq!(
            s(v8::cudnnStatus_t::CUDNN_STATUS_ARCH_MISMATCH.0, 8).code_v9(),
            Some(v9::cudnnStatus_t::CUDNN_STATUS_ARCH_MISMATCH.0)
        );
        assert_eq!(
            s(
                v9::cudnnStatus_t::CUDNN_STATUS_SUBLIBRARY_LOADING_FAILED.0,
                9
            )
            .name(),
            Some("CUDNN_STATUS_SUBLIBRARY_LOADING_FAILED")
        );
    }

    #[test]
    fn both_numberings_decode_to_the_same_category() {
        for (v8, v9, cat) in [
            (1, 1001, Category::NOT_INITIALIZED),
            (3, 2000, Category::BAD_PARAM),
            (9, 3000, Category::NOT_SUPPORTED),
            (4, 4000, Category::INTERNAL_ERROR),
            (8, 5000, Category::EXECUTION_FAILED),
        ] {
            assert_eq!(s(v8, 8).category(), Some(cat));
            assert_eq!(s(v9, 9).category(), Some(cat));
            assert_eq!(s(v8, 8).code_v9(), s(v9, 9).code_v9());
        }
        assert_eq!(s(2002, 9).specific(), Some(2));
        assert_eq!(
            s(2002, 9).name(),
            Some("CUDNN_STATUS_BAD_PARAM_NULL_POINTER")
        );
        // The same number means different things in each major.
        assert_eq!(s(3, 8).name(), Some("CUDNN_STATUS_BAD_PARAM"));
        assert_eq!(s(3, 9).name(), None);
    }

    #[test]
    fn unknown_values_stay_values() {
        let odd = s(77, 8);
        assert_eq!(odd.name(), None);
        assert_eq!(odd.category(), None);
        assert_eq!(odd.to_string(), "unknown status 77 of cuDNN 8");
        let new9 = s(6123, 9);
        assert_eq!(new9.category(), Some(Category(6000)));
        assert_eq!(new9.category().and_then(Category::name), None);
        assert_eq!(s(2000, 9).to_string(), "CUDNN_STATUS_BAD_PARAM (2000)");
    }
}
