//! The Rust types that carry a backend attribute's elements.

use cudnn_sys as sys;

use sys::cudnnBackendAttributeType_t as T;

mod sealed {
    pub trait Sealed {}
}

/// A Rust type that holds one element of a backend attribute, and the
/// `cudnnBackendAttributeType_t` cuDNN is told it is.
///
/// Implemented for `i64` (`INT64`), `i32` (`INT32`), `f32` (`FLOAT`), `f64`
/// (`DOUBLE`), `bool` (`BOOLEAN`), `u8` (`CHAR`, the bytes of a string),
/// [`sys::cudnnFraction_t`] (`FRACTION`) and the C enums the backend takes
/// (`cudnnDataType_t` as `DATA_TYPE`, `cudnnConvolutionMode_t`,
/// `cudnnPointwiseMode_t`, ...). Backend descriptors go through
/// [`BackendDescriptor::set_descriptors`](super::backend::BackendDescriptor::set_descriptors);
/// handles and device pointers have no safe setter here. Sealed.
pub trait AttributeValue: sealed::Sealed + Copy {
    /// The attribute type of an element.
    const TYPE: T;
    /// What cuDNN reads and writes: every bit pattern of it is valid.
    #[doc(hidden)]
    type Raw: Copy;
    /// A value of `Raw` to fill buffers with.
    #[doc(hidden)]
    const ZERO: Self::Raw;
    #[doc(hidden)]
    fn to_raw(self) -> Self::Raw;
    #[doc(hidden)]
    fn from_raw(raw: Self::Raw) -> Self;
    /// `values` as cuDNN reads them, when they are that already (`Raw` is
    /// `Self`): set without a copy.
    #[doc(hidden)]
    #[inline]
    fn raw_slice(values: &[Self]) -> Option<&[Self::Raw]> {
        let _ = values;
        None
    }
    /// `values` as bytes, when they are text (`CHAR`: `u8`).
    #[doc(hidden)]
    #[inline]
    fn as_text(values: &[Self]) -> Option<&[u8]> {
        let _ = values;
        None
    }
}

/// Types whose every bit pattern is a valid value: cuDNN's writes are
/// read back as they are.
macro_rules! plain {
    ($($t:ty => $ty:ident, $zero:expr;)*) => {$(
        impl sealed::Sealed for $t {}
        impl AttributeValue for $t {
            const TYPE: T = T::$ty;
            type Raw = $t;
            const ZERO: $t = $zero;
            #[inline]
            fn to_raw(self) -> $t {
                self
            }
            #[inline]
            fn from_raw(raw: $t) -> $t {
                raw
            }
            #[inline]
            fn raw_slice(values: &[$t]) -> Option<&[$t]> {
                Some(values)
            }
        }
    )*};
}

impl sealed::Sealed for u8 {}
impl AttributeValue for u8 {
    const TYPE: T = T::CHAR;
    type Raw = u8;
    const ZERO: u8 = 0;
    #[inline]
    fn to_raw(self) -> u8 {
        self
    }
    #[inline]
    fn from_raw(raw: u8) -> u8 {
        raw
    }
    #[inline]
    fn raw_slice(values: &[u8]) -> Option<&[u8]> {
        Some(values)
    }
    #[inline]
    fn as_text(values: &[u8]) -> Option<&[u8]> {
        Some(values)
    }
}

plain! {
    i64 => CUDNN_TYPE_INT64, 0;
    i32 => CUDNN_TYPE_INT32, 0;
    f32 => CUDNN_TYPE_FLOAT, 0.0;
    f64 => CUDNN_TYPE_DOUBLE, 0.0;
    sys::cudnnFraction_t => FRACTION, sys::cudnnFraction_t { numerator: 0, denominator: 0 };
    sys::cudnnDataType_t => DATA_TYPE, sys::cudnnDataType_t(0);
    sys::cudnnConvolutionMode_t => CONVOLUTION_MODE, sys::cudnnConvolutionMode_t(0);
    sys::cudnnBackendHeurMode_t => HEUR_MODE, sys::cudnnBackendHeurMode_t(0);
    sys::cudnnBackendKnobType_t => KNOB_TYPE, sys::cudnnBackendKnobType_t(0);
    sys::cudnnNanPropagation_t => NAN_PROPOGATION, sys::cudnnNanPropagation_t(0);
    sys::cudnnBackendNumericalNote_t => NUMERICAL_NOTE, sys::cudnnBackendNumericalNote_t(0);
    sys::cudnnBackendLayoutType_t => LAYOUT_TYPE, sys::cudnnBackendLayoutType_t(0);
    sys::cudnnBackendAttributeName_t => ATTRIB_NAME, sys::cudnnBackendAttributeName_t(0);
    sys::cudnnPointwiseMode_t => POINTWISE_MODE, sys::cudnnPointwiseMode_t(0);
    sys::cudnnGenStatsMode_t => GENSTATS_MODE, sys::cudnnGenStatsMode_t(0);
    sys::cudnnBnFinalizeStatsMode_t => BN_FINALIZE_STATS_MODE, sys::cudnnBnFinalizeStatsMode_t(0);
    sys::cudnnReduceTensorOp_t => REDUCTION_OPERATOR_TYPE, sys::cudnnReduceTensorOp_t(0);
    sys::cudnnBackendBehaviorNote_t => BEHAVIOR_NOTE, sys::cudnnBackendBehaviorNote_t(0);
    sys::cudnnBackendTensorReordering_t => TENSOR_REORDERING_MODE, sys::cudnnBackendTensorReordering_t(0);
    sys::cudnnResampleMode_t => RESAMPLE_MODE, sys::cudnnResampleMode_t(0);
    sys::cudnnPaddingMode_t => PADDING_MODE, sys::cudnnPaddingMode_t(0);
    sys::cudnnSignalMode_t => SIGNAL_MODE, sys::cudnnSignalMode_t(0);
    sys::cudnnBackendNormMode_t => NORM_MODE, sys::cudnnBackendNormMode_t(0);
    sys::cudnnBackendNormFwdPhase_t => NORM_FWD_PHASE, sys::cudnnBackendNormFwdPhase_t(0);
    sys::cudnnRngDistribution_t => RNG_DISTRIBUTION, sys::cudnnRngDistribution_t(0);
    sys::cudnnMoeGroupedMatmulMode_t => MOE_GROUPED_MATMUL_MODE, sys::cudnnMoeGroupedMatmulMode_t(0);
    sys::cudnnBackendReshapeMode_t => RESHAPE_MODE, sys::cudnnBackendReshapeMode_t(0);
    sys::cudnnBackendOperationGraphMode_t => OPERATIONGRAPH_MODE, sys::cudnnBackendOperationGraphMode_t(0);
    sys::cudnnCudaGraphRetention_t => CUDA_GRAPH_RETENTION, sys::cudnnCudaGraphRetention_t(0);
}

// C's `bool` is one byte; cuDNN's writes are read as a byte, so a value
// other than 0 or 1 never becomes a Rust `bool` directly.
impl sealed::Sealed for bool {}
impl AttributeValue for bool {
    const TYPE: T = T::CUDNN_TYPE_BOOLEAN;
    type Raw = u8;
    const ZERO: u8 = 0;
    #[inline]
    fn to_raw(self) -> u8 {
        self as u8
    }
    #[inline]
    fn from_raw(raw: u8) -> bool {
        raw != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // The element sizes cuDNN assumes for each attribute type.
    #[test]
    fn raw_sizes_match_the_c_types() {
        fn size<V: AttributeValue>() -> usize {
            std::mem::size_of::<V::Raw>()
        }
        assert_eq!(size::<bool>(), 1);
        assert_eq!(size::<u8>(), 1);
        assert_eq!(size::<i32>(), 4);
        assert_eq!(size::<i64>(), 8);
        assert_eq!(size::<sys::cudnnDataType_t>(), 4);
        assert_eq!(size::<sys::cudnnBackendOperationGraphMode_t>(), 4);
        assert_eq!(size::<sys::cudnnFraction_t>(), 16);
        assert!(!bool::from_raw(0) && bool::from_raw(1) && bool::from_raw(7));
    }
}
