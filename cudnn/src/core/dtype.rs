//! Element types and the scaling factors that go with them.
//!
//! [`DataType`] is sealed: only the types cuDNN knows implement it. Which
//! element type may run with which compute type is also a sealed trait
//! ([`ComputesIn`]), so an unsupported combination does not compile.

use std::ffi::c_void;

use cudnn_sys as sys;
use half::{bf16, f16};

pub use super::fp4::F4E2M1x2;
pub use super::fp8::{F8E4M3, F8E5M2};

mod sealed {
    pub trait Sealed {}
}

/// An element type of cuDNN tensors: `f32`, `f64`, `half::f16`,
/// `half::bf16`, `i8`, `u8`, `i32` or `i64` (the graph API's `INT64`
/// tensors: dropout seeds and offsets, sequence lengths); [`F8E4M3`] and
/// [`F8E5M2`] (the graph API's `FP8_E4M3` and `FP8_E5M2` tensors);
/// [`E8M0`] (MXFP8's block factors, `FP8_E8M0`); and [`F4E2M1x2`], two
/// `FP4_E2M1` elements in one byte (NVFP4's values: a buffer element of it
/// holds two of the tensor's elements).
pub trait DataType:
    sealed::Sealed
    + cudarc::driver::DeviceRepr
    + cudarc::driver::ValidAsZeroBits
    + Copy
    + Send
    + Sync
    + std::fmt::Debug
    + 'static
{
    /// cuDNN's code for the type.
    const CUDNN: sys::cudnnDataType_t;
    /// The type's name, for messages.
    const NAME: &'static str;
    /// The type of `alpha` and `beta` in operations on this type: `f64` for
    /// `f64`, `f32` for everything else (cuDNN's rule).
    type Scale: Scale;
    /// The value in the scaling type: how cuDNN reads a host-side element
    /// value such as `cudnnSetTensor`'s (integers beyond ±2^24 round).
    fn to_scale(self) -> Self::Scale;
}

/// A scaling factor (`alpha`, `beta`): `f32` or `f64`.
pub trait Scale:
    sealed::Sealed + Copy + Send + Sync + std::fmt::Debug + PartialEq + 'static
{
    /// 1.
    const ONE: Self;
    /// 0.
    const ZERO: Self;
    /// The value as f64.
    fn to_f64(self) -> f64;
    /// A pointer to the value, as cuDNN takes scaling factors.
    fn as_ptr(&self) -> *const c_void {
        (self as *const Self).cast()
    }
}

impl sealed::Sealed for f32 {}
impl sealed::Sealed for f64 {}
impl sealed::Sealed for f16 {}
impl sealed::Sealed for bf16 {}
impl sealed::Sealed for i8 {}
impl sealed::Sealed for u8 {}
impl sealed::Sealed for i32 {}
impl sealed::Sealed for i64 {}

impl Scale for f32 {
    const ONE: f32 = 1.0;
    const ZERO: f32 = 0.0;
    fn to_f64(self) -> f64 {
        f64::from(self)
    }
}

impl Scale for f64 {
    const ONE: f64 = 1.0;
    const ZERO: f64 = 0.0;
    fn to_f64(self) -> f64 {
        self
    }
}

macro_rules! data_type {
    ($t:ty, $code:ident, $name:literal, $scale:ty, $to_scale:expr) => {
        impl DataType for $t {
            const CUDNN: sys::cudnnDataType_t = sys::cudnnDataType_t::$code;
            const NAME: &'static str = $name;
            type Scale = $scale;
            fn to_scale(self) -> $scale {
                let convert: fn($t) -> $scale = $to_scale;
                convert(self)
            }
        }
    };
}

data_type!(f32, FLOAT, "f32", f32, |v| v);
data_type!(f64, DOUBLE, "f64", f64, |v| v);
data_type!(f16, HALF, "f16", f32, f16::to_f32);
data_type!(bf16, BFLOAT16, "bf16", f32, bf16::to_f32);
data_type!(i8, INT8, "i8", f32, f32::from);
data_type!(u8, UINT8, "u8", f32, f32::from);
// An i32 beyond ±2^24 has no exact f32: the nearest one is taken.
#[allow(clippy::cast_precision_loss)]
fn i32_to_f32(v: i32) -> f32 {
    v as f32
}
data_type!(i32, INT32, "i32", f32, i32_to_f32);
// Likewise for i64.
#[allow(clippy::cast_precision_loss)]
fn i64_to_f32(v: i64) -> f32 {
    v as f32
}
data_type!(i64, INT64, "i64", f32, i64_to_f32);

// SAFETY: both are `repr(transparent)` over a `u8`: plain bits with no
// pointers, which the device reads as they are.
unsafe impl cudarc::driver::DeviceRepr for F8E4M3 {}
// SAFETY: as above.
unsafe impl cudarc::driver::DeviceRepr for F8E5M2 {}
// SAFETY: all-zero bits are a valid `F8E4M3` (+0).
unsafe impl cudarc::driver::ValidAsZeroBits for F8E4M3 {}
// SAFETY: all-zero bits are a valid `F8E5M2` (+0).
unsafe impl cudarc::driver::ValidAsZeroBits for F8E5M2 {}
impl sealed::Sealed for F8E4M3 {}
impl sealed::Sealed for F8E5M2 {}
data_type!(F8E4M3, FP8_E4M3, "f8e4m3", f32, F8E4M3::to_f32);
data_type!(F8E5M2, FP8_E5M2, "f8e5m2", f32, F8E5M2::to_f32);

/// An `FP8_E8M0` value, MXFP8's block factor: the power of two
/// `2^(bits - 127)`, its eight bits all exponent (255 is NaN). The graph
/// API's `FP8_E8M0` tensors take buffers of it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct E8M0(pub u8);

// SAFETY: `E8M0` is `repr(transparent)` over a `u8`: plain bits with no
// pointers, which the device reads as they are.
unsafe impl cudarc::driver::DeviceRepr for E8M0 {}
// SAFETY: all-zero bits are a valid `E8M0` (2^-127).
unsafe impl cudarc::driver::ValidAsZeroBits for E8M0 {}
impl sealed::Sealed for E8M0 {}

impl E8M0 {
    /// `2^exponent`, for an exponent in -127..=127; `None` beyond.
    pub fn from_exponent(exponent: i32) -> Option<E8M0> {
        let bits = exponent.checked_add(127)?;
        u8::try_from(bits).ok().filter(|&b| b != 255).map(E8M0)
    }

    /// The value: `2^(bits - 127)`, NaN for 255.
    pub fn to_f32(self) -> f32 {
        if self.0 == 255 {
            f32::NAN
        } else {
            2f32.powi(i32::from(self.0) - 127)
        }
    }
}

data_type!(E8M0, FP8_E8M0, "e8m0", f32, E8M0::to_f32);

// SAFETY: `F4E2M1x2` is `repr(transparent)` over a `u8`: plain bits with
// no pointers, which the device reads as they are.
unsafe impl cudarc::driver::DeviceRepr for F4E2M1x2 {}
// SAFETY: all-zero bits are a valid `F4E2M1x2` (two +0).
unsafe impl cudarc::driver::ValidAsZeroBits for F4E2M1x2 {}
impl sealed::Sealed for F4E2M1x2 {}
// A pair's value as a scale is its first (low) element's.
data_type!(F4E2M1x2, FP4_E2M1, "f4e2m1x2", f32, F4E2M1x2::low);

/// A compute type of a convolution: `f32`, `f64`, `f16` or `i32`.
pub trait ComputeType: DataType {}
impl ComputeType for f32 {}
impl ComputeType for f64 {}
impl ComputeType for f16 {}
impl ComputeType for i32 {}

/// `T: ComputesIn<C>`: cuDNN runs convolutions on `T` data with compute
/// type `C`. The pairs are cuDNN's supported configurations:
///
/// | data | compute | cuDNN's name |
/// | --- | --- | --- |
/// | f32 | f32 | FLOAT_CONFIG (TF32 tensor cores with the default math type on Ampere and later) |
/// | f64 | f64 | DOUBLE_CONFIG |
/// | f16 | f16 | TRUE_HALF_CONFIG |
/// | f16 | f32 | PSEUDO_HALF_CONFIG |
/// | bf16 | f32 | PSEUDO_BFLOAT16_CONFIG |
/// | i8 | i32 | INT8_CONFIG (NHWC, channels a multiple of 4) |
///
/// Any other pairing is a compile error:
///
/// ```compile_fail
/// use cudnn::half::bf16;
/// // bf16 data with f64 compute: cuDNN has no such configuration.
/// fn needs_a_problem(_: cudnn::ConvProblem<bf16, f64>) {}
/// ```
///
/// ```compile_fail
/// // f32 data cannot compute in f16.
/// fn needs_a_descriptor(_: cudnn::ConvProblem<f32, cudnn::half::f16>) {}
/// ```
///
/// ```
/// // f16 data computing in f32 (PSEUDO_HALF_CONFIG) is fine.
/// fn needs_a_problem(_: cudnn::ConvProblem<cudnn::half::f16, f32>) {}
/// ```
pub trait ComputesIn<C: ComputeType>: DataType {}
impl ComputesIn<f32> for f32 {}
impl ComputesIn<f64> for f64 {}
impl ComputesIn<f16> for f16 {}
impl ComputesIn<f32> for f16 {}
impl ComputesIn<f32> for bf16 {}
impl ComputesIn<i32> for i8 {}

/// cuDNN's data type code (`cudnnDataType_t`), as the graph builder, the
/// `nn` layers and plans take and report it, with short constant names:
/// `DType::FLOAT`, `DType::HALF`, `DType::BFLOAT16`, `DType::INT32`,
/// `DType::INT64`, `DType::INT8`, `DType::UINT8`, `DType::DOUBLE`,
/// `DType::BOOLEAN`, `DType::FP8_E4M3`, `DType::FP8_E5M2` and the rest of
/// cuDNN's list (the C names, `CUDNN_DATA_FLOAT` and so on, stay too).
///
/// It is an alias of the raw newtype, so every code cuDNN has is a value,
/// and a code newer than these bindings is still one:
/// `cudnn::sys::cudnnDataType_t(n)` (the alias cannot be called as a
/// constructor). For an element type known at compile time,
/// [`DataType::CUDNN`] gives its code (`f32::CUDNN` is `DType::FLOAT`).
///
/// ```
/// use cudnn::{DataType, DType};
/// assert_eq!(DType::FLOAT, <f32 as DataType>::CUDNN);
/// assert_eq!(DType::BFLOAT16, <half::bf16 as DataType>::CUDNN);
/// assert_eq!(DType::INT64, DType::INT64); // the C name stays
/// assert_eq!(DType::FP8_E4M3, cudnn::sys::cudnnDataType_t(12));
/// assert_eq!(DType::HALF.to_string(), "CUDNN_DATA_HALF");
/// assert_eq!(cudnn::sys::cudnnDataType_t(99).to_string(), "cudnnDataType_t(99)");
/// ```
///
/// Its constants (generated): `FLOAT`, `DOUBLE`, `HALF`, `INT8`, `INT32`,
/// `INT8x4`, `UINT8`, `UINT8x4`, `INT8x32`, `BFLOAT16`, `INT64`, `BOOLEAN`,
/// `FP8_E4M3`, `FP8_E5M2`, `FAST_FLOAT_FOR_FP8`, `FP8_E8M0`, `FP4_E2M1`,
/// `INT4`, `UINT4`, `UINT32`, `COMPLEX_FP32`, `COMPLEX_FP64`, `BYTE_BOOLEAN`
/// and `FP8_E5M3`. Each is also there by its C name (`CUDNN_DATA_FLOAT`), which
/// `Display` writes.
#[doc(alias = "cudnnDataType_t")]
pub type DType = sys::cudnnDataType_t;

/// The size in bytes of one element of cuDNN type `t`, or `None` for a type
/// this crate does not know or whose element is not a whole number of
/// bytes (`FP4_E2M1`, half a byte: see [`bits_of`]).
pub fn size_of(t: DType) -> Option<usize> {
    Some(match t {
        DType::FLOAT | DType::INT32 => 4,
        DType::DOUBLE | DType::INT64 => 8,
        DType::HALF | DType::BFLOAT16 => 2,
        DType::INT8 | DType::UINT8 => 1,
        DType::FP8_E4M3 | DType::FP8_E5M2 | DType::FP8_E8M0 => 1,
        _ => return None,
    })
}

/// The size in bits of one element of cuDNN type `t` (4 for `FP4_E2M1`),
/// or `None` for a type this crate does not know.
pub fn bits_of(t: DType) -> Option<usize> {
    if t == DType::FP4_E2M1 {
        return Some(4);
    }
    size_of(t).map(|bytes| bytes * 8)
}

/// The elements of a buffer bound to a tensor of type `t` that spans
/// `elements` of cuDNN's elements: `elements` itself, but half of it
/// rounded up for `FP4_E2M1`, whose buffers ([`F4E2M1x2`]) hold two per
/// element (the element at offset `o` is in byte `o / 2`).
pub(crate) fn buffer_len(t: DType, elements: usize) -> usize {
    if t == DType::FP4_E2M1 {
        elements.div_ceil(2)
    } else {
        elements
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fp4_is_half_a_byte() {
        assert_eq!(<F4E2M1x2 as DataType>::CUDNN, DType::FP4_E2M1);
        assert_eq!(size_of(DType::FP4_E2M1), None, "not a whole byte");
        assert_eq!(bits_of(DType::FP4_E2M1), Some(4));
        assert_eq!(std::mem::size_of::<F4E2M1x2>() * 8, 2 * 4);
        assert_eq!(bits_of(DType::BFLOAT16), Some(16));
        assert_eq!(bits_of(DType::FP8_E4M3), Some(8));
        assert_eq!(bits_of(DType::FP8_E8M0), Some(8));
        assert_eq!(bits_of(DType::BOOLEAN), None);
        for (n, want) in [(0, 0), (1, 1), (2, 1), (3, 2), (128, 64)] {
            assert_eq!(buffer_len(DType::FP4_E2M1, n), want, "{n}");
            assert_eq!(buffer_len(DType::FP8_E4M3, n), n);
        }
        assert_eq!(F4E2M1x2::from_f32(-1.5, 6.0).to_scale(), -1.5);
    }

    #[test]
    fn codes_and_sizes_agree() {
        fn check<T: DataType>() {
            assert_eq!(
                size_of(T::CUDNN),
                Some(std::mem::size_of::<T>()),
                "{}",
                T::NAME
            );
        }
        check::<f32>();
        check::<f64>();
        check::<f16>();
        check::<bf16>();
        check::<i8>();
        check::<u8>();
        check::<i32>();
        check::<i64>();
        check::<F8E4M3>();
        check::<F8E5M2>();
        check::<E8M0>();
        assert_eq!(F8E4M3::from_f32(0.5).to_scale(), 0.5);
        assert_eq!(F8E5M2(0x7B).to_scale(), 57344.0);
    }

    #[test]
    fn e8m0_is_a_power_of_two() {
        assert_eq!(<E8M0 as DataType>::CUDNN, sys::cudnnDataType_t::FP8_E8M0);
        assert_eq!(std::mem::size_of::<E8M0>(), 1);
        assert_eq!(E8M0::from_exponent(0), Some(E8M0(127)));
        assert_eq!(E8M0(127).to_f32(), 1.0);
        assert_eq!(E8M0(130).to_scale(), 8.0);
        assert_eq!(
            E8M0::from_exponent(-127).map(E8M0::to_f32),
            Some(2f32.powi(-127))
        );
        assert!(E8M0(255).to_f32().is_nan());
        assert_eq!(E8M0::from_exponent(128), None);
        assert_eq!(E8M0::from_exponent(-128), None);
    }

    #[test]
    fn scale_types_follow_cudnn() {
        fn scale_is<T: DataType<Scale = S>, S>() {}
        scale_is::<f64, f64>();
        scale_is::<f32, f32>();
        scale_is::<f16, f32>();
        scale_is::<bf16, f32>();
        assert_eq!(<f32 as Scale>::ONE.to_f64(), 1.0);
    }
}
