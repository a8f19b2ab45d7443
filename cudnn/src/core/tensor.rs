//! Tensor and filter descriptors.
//!
//! Each descriptor is typed by its element type and remembers its shape
//! and strides, so that launches can check the buffers they are given.

#![warn(clippy::arithmetic_side_effects)]

use std::marker::PhantomData;
use std::sync::Arc;

use cudnn_sys as sys;

use crate::core::descriptor::{raw_descriptor, to_c_dims, Dims, MAX_DIMS};
use crate::core::dtype::DataType;
use crate::core::error::{ensure, Mismatch, Result};
use crate::core::library::{ffi, LibRef, Library};
use crate::core::size;

/// A memory layout (`cudnnTensorFormat_t`): `TensorFormat::NCHW`, `NHWC`,
/// `NCHW_VECT_C` (the C names, `CUDNN_TENSOR_NCHW` and so on, too).
///
/// Its constants (generated): `NCHW`, `NHWC` and `NCHW_VECT_C`. Each is also
/// there by its C name (`CUDNN_TENSOR_NCHW`), which `Display` writes.
pub type TensorFormat = sys::cudnnTensorFormat_t;

raw_descriptor!(
    /// An owned `cudnnTensorDescriptor_t`.
    RawTensor,
    sys::cudnnTensorDescriptor_t,
    cudnnCreateTensorDescriptor,
    cudnnDestroyTensorDescriptor
);

raw_descriptor!(
    /// An owned `cudnnFilterDescriptor_t`.
    RawFilter,
    sys::cudnnFilterDescriptor_t,
    cudnnCreateFilterDescriptor,
    cudnnDestroyFilterDescriptor
);

/// The strides of a packed tensor with `dims` given in (N, C, spatial...)
/// order, laid out as `format` (NCHW: row-major in that order; NHWC: the
/// channel innermost), for the descriptors of this module; the graph
/// API's are [`packed_strides_i64`].
pub fn packed_strides(format: TensorFormat, dims: &[usize]) -> Vec<usize> {
    let mut out = vec![0usize; dims.len()];
    fill_packed_strides(format, dims, &mut out);
    out
}

/// [`packed_strides`] in the graph API's integers: the strides of a packed
/// tensor with `dims` given in (N, C, spatial...) order, laid out as
/// `format`, for [`Graph::tensor_with_strides`](crate::graph::Graph::tensor_with_strides)
/// and [`Graph::set_output_with_strides`](crate::graph::Graph::set_output_with_strides).
/// `TensorFormat::NHWC` gives channels-last strides (the channel
/// innermost), as PyTorch's `channels_last` and cuDNN's fastest
/// convolutions lay tensors out; any other format gives row-major
/// strides. A stride past `i64::MAX` saturates there, which the graph
/// refuses as an overflowing extent.
///
/// ```
/// use cudnn::graph::{DType, Graph};
/// use cudnn::tensor::{packed_strides_i64, TensorFormat};
///
/// # fn main() -> cudnn::Result<()> {
/// let dims = [8, 64, 56, 56]; // N, C, H, W
/// let nhwc = packed_strides_i64(TensorFormat::NHWC, &dims);
/// assert_eq!(nhwc, [64 * 56 * 56, 1, 56 * 64, 64]);
/// let mut g = Graph::new("channels_last");
/// let x = g.tensor_with_strides("x", &dims, &nhwc, DType::HALF)?;
/// assert_eq!(g.strides(x)?, nhwc);
/// assert_eq!(packed_strides_i64(TensorFormat::NCHW, &[2, 3, 4]), [12, 4, 1]);
/// # Ok(()) }
/// ```
pub fn packed_strides_i64(format: TensorFormat, dims: &[i64]) -> Vec<i64> {
    let rank = dims.len();
    let mut order: Vec<usize> = (0..rank).collect();
    if format == TensorFormat::NHWC && rank >= 3 {
        // From outermost: N, the spatial dims, then C.
        order = std::iter::once(0).chain(2..rank).chain([1]).collect();
    }
    let mut strides = vec![1i64; rank];
    let mut acc = 1i64;
    for &d in order.iter().rev() {
        strides[d] = acc;
        acc = acc.saturating_mul(dims[d]);
    }
    strides
}

/// [`packed_strides`] into `strides` (as long as `dims`).
#[inline]
fn fill_packed_strides(format: TensorFormat, dims: &[usize], strides: &mut [usize]) {
    let rank = dims.len();
    if format == TensorFormat::NHWC && rank >= 3 {
        // Order from innermost: C, then the last spatial dim ... first, then N.
        let mut acc = 1usize;
        strides[1] = acc;
        acc = acc.saturating_mul(dims[1]);
        for d in (2..rank).rev() {
            strides[d] = acc;
            acc = acc.saturating_mul(dims[d]);
        }
        strides[0] = acc;
    } else {
        let mut acc = 1usize;
        for d in (0..rank).rev() {
            strides[d] = acc;
            acc = acc.saturating_mul(dims[d]);
        }
    }
}

/// Packed strides without allocating (`None` beyond 8 dims).
#[inline]
fn packed_strides_inline(format: TensorFormat, dims: &[usize]) -> Option<Dims> {
    let mut strides = Dims::new(dims)?;
    fill_packed_strides(format, dims, strides.as_mut_slice());
    Some(strides)
}

/// The number of elements a strided tensor spans: one past its last
/// element's offset, `1 + sum((dim - 1) * stride)`; `None` on overflow.
#[inline]
pub fn extent(dims: &[usize], strides: &[usize]) -> Option<usize> {
    // A dim of 0 has no last element (and no descriptor has one).
    if dims.contains(&0) {
        return None;
    }
    size::span(dims, strides)
}

/// The product of `dims`, or `None` when it overflows `usize`.
fn element_count(dims: &[usize]) -> Option<usize> {
    size::product(dims.iter().copied())
}

/// The refusal of a descriptor of `FP4_E2M1` elements ([`F4E2M1x2`]'s
/// type): half a byte each, which these descriptors and their buffer checks
/// (whole elements) do not describe; the graph API takes them.
///
/// [`F4E2M1x2`]: crate::F4E2M1x2
#[inline(always)]
fn refuse_half_byte<T: DataType>(function: &'static str) -> Result<()> {
    ensure(
        T::CUDNN != crate::core::dtype::DType::FP4_E2M1,
        function,
        || Mismatch::Unsupported {
            what: "FP4_E2M1 elements (half a byte each) in a tensor or filter descriptor: \
                   describe them in a graph (cudnn::graph::Graph)"
                .into(),
        },
    )
}

/// A tensor descriptor (`cudnnTensorDescriptor_t`) of element type `T`.
///
/// Dimensions are always given in (N, C, spatial...) order, whatever the
/// memory layout; the strides say the layout. Not `Clone`; `Send`, not
/// `Sync`.
pub struct TensorDescriptor<T: DataType> {
    raw: RawTensor,
    dims: Dims,
    strides: Dims,
    _t: PhantomData<fn() -> T>,
}

impl<T: DataType> std::fmt::Debug for TensorDescriptor<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TensorDescriptor")
            .field("type", &T::NAME)
            .field("dims", &self.dims)
            .field("strides", &self.strides)
            .finish()
    }
}

impl<T: DataType> TensorDescriptor<T> {
    /// A packed tensor of `dims` (N, C, spatial...; 3 to 8 of them) laid out
    /// as `format` (NCHW or NHWC), with the process-wide library.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) for a
    /// dimension of 0 or a rank outside 3..=8; cuDNN's error for a shape it
    /// rejects; [`Error::LibraryNotFound`](crate::Error::LibraryNotFound).
    #[doc(alias = "cudnnSetTensorNdDescriptor")]
    #[doc(alias = "cudnnSetTensor4dDescriptor")]
    #[inline(always)]
    pub fn new(format: TensorFormat, dims: &[usize]) -> Result<Self> {
        Self::packed(LibRef::global()?, format, dims)
    }

    /// [`new`](Self::new) with the library `lib`.
    ///
    /// # Errors
    /// As [`new`](Self::new).
    pub fn new_in(lib: Arc<Library>, format: TensorFormat, dims: &[usize]) -> Result<Self> {
        Self::packed(lib.into(), format, dims)
    }

    #[inline(always)]
    fn packed(lib: LibRef, format: TensorFormat, dims: &[usize]) -> Result<Self> {
        ensure(
            format == TensorFormat::NCHW || format == TensorFormat::NHWC,
            "cudnnSetTensorNdDescriptor",
            || Mismatch::Unsupported {
                what: format!(
                    "format {}: packed tensors are NCHW or NHWC (give strides for others)",
                    format.0
                ),
            },
        )?;
        let rank = dims.len();
        if rank > crate::core::descriptor::MAX_DIMS {
            return Err(crate::core::error::Error::bad_value(
                "cudnnSetTensorNdDescriptor",
                format!("a tensor of rank {rank}: cuDNN tensors have 3 to 8 dims"),
            ));
        }
        let mut strides = [0usize; crate::core::descriptor::MAX_DIMS];
        fill_packed_strides(format, dims, &mut strides[..rank]);
        Self::strided(lib, dims, &strides[..rank])
    }

    /// A 4-d tensor `(n, c, h, w)` laid out as `format`.
    ///
    /// # Errors
    /// As [`new`](Self::new).
    #[doc(alias = "cudnnSetTensor4dDescriptor")]
    pub fn new_4d(format: TensorFormat, n: usize, c: usize, h: usize, w: usize) -> Result<Self> {
        Self::new(format, &[n, c, h, w])
    }

    /// A 1-d signal `(n, c, length)`, described to cuDNN as the 4-d tensor
    /// `(n, c, 1, length)` (cuDNN convolves 2-d and 3-d data; a 1-d
    /// convolution is a 2-d one of height 1).
    ///
    /// # Errors
    /// As [`new`](Self::new).
    pub fn new_1d(format: TensorFormat, n: usize, c: usize, length: usize) -> Result<Self> {
        Self::new(format, &[n, c, 1, length])
    }

    /// A tensor of `dims` with explicit `strides` (in elements), with the
    /// process-wide library.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) for
    /// lengths that differ, a rank outside 3..=8, a dimension or stride of
    /// 0, or values beyond `i32::MAX`; cuDNN's error for a layout it rejects.
    #[doc(alias = "cudnnSetTensorNdDescriptor")]
    pub fn with_strides(dims: &[usize], strides: &[usize]) -> Result<Self> {
        Self::strided(LibRef::global()?, dims, strides)
    }

    /// [`with_strides`](Self::with_strides) with the library `lib`.
    ///
    /// # Errors
    /// As [`with_strides`](Self::with_strides).
    pub fn with_strides_in(lib: Arc<Library>, dims: &[usize], strides: &[usize]) -> Result<Self> {
        Self::strided(lib.into(), dims, strides)
    }

    /// [`with_strides`](Self::with_strides) with the library as it is held.
    #[inline(always)]
    pub(crate) fn strided(lib: LibRef, dims: &[usize], strides: &[usize]) -> Result<Self> {
        refuse_half_byte::<T>("cudnnSetTensorNdDescriptor")?;
        // One pass checks what the slow path below checks one rule at a
        // time: equal lengths, a rank of 3..=8, every value in 1..=i32::MAX,
        // an extent and an element count (overlapping strides can make it
        // the larger) that fit usize. Only a failure takes the slow path,
        // which says what is wrong.
        let rank = dims.len();
        let (mut c_dims, mut c_strides) = ([0i32; MAX_DIMS], [0i32; MAX_DIMS]);
        let mut ok = rank == strides.len() && (3..=MAX_DIMS).contains(&rank);
        if ok {
            let (mut extent, mut count) = (1usize, 1usize);
            for (i, (&d, &s)) in dims.iter().zip(strides).enumerate() {
                let fits = |v: usize| (1..=i32::MAX as usize).contains(&v);
                match (d.wrapping_sub(1))
                    .checked_mul(s)
                    .and_then(|o| extent.checked_add(o))
                    .zip(count.checked_mul(d))
                {
                    Some((e, n)) if fits(d) && fits(s) => (extent, count) = (e, n),
                    _ => {
                        ok = false;
                        break;
                    }
                }
                c_dims[i] = d as i32;
                c_strides[i] = s as i32;
            }
        }
        if !ok {
            return Err(Self::refused(dims, strides));
        }
        let raw = RawTensor::create(lib)?;
        let set = ffi!(raw.lib(), cudnnSetTensorNdDescriptor);
        // SAFETY: the descriptor is live; both arrays hold at least `rank`
        // ints (3..=8, checked above).
        let status = unsafe {
            (set.f)(
                raw.ptr(),
                T::CUDNN,
                rank as i32,
                c_dims.as_ptr(),
                c_strides.as_ptr(),
            )
        };
        set.check(status)?;
        Ok(TensorDescriptor {
            raw,
            dims: Dims::truncated(dims),
            strides: Dims::truncated(strides),
            _t: PhantomData,
        })
    }

    /// The error for dims and strides that [`strided`](Self::strided)
    /// refuses, checked one rule at a time.
    #[cold]
    #[inline(never)]
    fn refused(dims: &[usize], strides: &[usize]) -> crate::core::error::Error {
        const F: &str = "cudnnSetTensorNdDescriptor";
        let found = (|| {
            ensure(dims.len() == strides.len(), F, || Mismatch::Shape {
                what: format!("{} dims but {} strides", dims.len(), strides.len()),
            })?;
            ensure((3..=8).contains(&dims.len()), F, || Mismatch::BadValue {
                what: format!(
                    "a tensor of rank {}: cuDNN tensors have 3 to 8 dims (1-d data: new_1d)",
                    dims.len()
                ),
            })?;
            to_c_dims(dims, 1, "dims", F)?;
            to_c_dims(strides, 1, "strides", F)?;
            ensure(extent(dims, strides).is_some(), F, || Mismatch::BadValue {
                what: format!("dims {dims:?} with strides {strides:?} overflow usize"),
            })?;
            ensure(element_count(dims).is_some(), F, || Mismatch::BadValue {
                what: format!("dims {dims:?} have more elements than usize holds"),
            })
        })();
        found.err().unwrap_or_else(|| {
            crate::core::error::Error::bad_value(
                F,
                format!("dims {dims:?} with strides {strides:?}"),
            )
        })
    }

    /// The dimensions, in (N, C, spatial...) order.
    pub fn dims(&self) -> &[usize] {
        &self.dims
    }

    /// The strides, in elements, in the same order as [`dims`](Self::dims).
    pub fn strides(&self) -> &[usize] {
        &self.strides
    }

    /// The number of elements, the product of the dimensions (a
    /// descriptor whose product would overflow `usize` is refused when it
    /// is made).
    pub fn element_count(&self) -> usize {
        // Checked at construction.
        element_count(&self.dims).unwrap_or(usize::MAX)
    }

    /// The number of elements a buffer must hold: one past the last
    /// element's offset, strides included.
    pub fn required_len(&self) -> usize {
        // Checked at construction.
        extent(&self.dims, &self.strides).unwrap_or(usize::MAX)
    }

    /// The packed layout these strides describe, if any: NCHW or NHWC.
    pub fn packed_format(&self) -> Option<TensorFormat> {
        [TensorFormat::NCHW, TensorFormat::NHWC]
            .into_iter()
            .find(|f| packed_strides_inline(*f, &self.dims) == Some(self.strides))
    }

    /// The raw descriptor, for calls through [`Library::sys`]. It stays
    /// owned by `self`.
    pub fn as_raw(&self) -> sys::cudnnTensorDescriptor_t {
        self.raw.ptr()
    }

    /// The library it was created with.
    pub fn library(&self) -> &Arc<Library> {
        self.raw.lib()
    }

    /// The library it was created with, as it is held.
    pub(crate) fn lib_ref(&self) -> &LibRef {
        &self.raw.lib
    }

    /// A new cuDNN descriptor with the same dimensions and strides, of the
    /// same library.
    ///
    /// # Errors
    /// cuDNN's error when the descriptor cannot be created.
    pub fn try_clone(&self) -> Result<Self> {
        TensorDescriptor::strided(self.raw.lib.clone(), self.dims(), self.strides())
    }
}

/// A filter descriptor (`cudnnFilterDescriptor_t`) of element type `T`:
/// (K output channels, C input channels per group, kernel spatial...),
/// packed in `format`.
pub struct FilterDescriptor<T: DataType> {
    raw: RawFilter,
    dims: Dims,
    format: TensorFormat,
    _t: PhantomData<fn() -> T>,
}

impl<T: DataType> std::fmt::Debug for FilterDescriptor<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FilterDescriptor")
            .field("type", &T::NAME)
            .field("dims", &self.dims)
            .field("format", &self.format.0)
            .finish()
    }
}

impl<T: DataType> FilterDescriptor<T> {
    /// A filter of `dims` = (K, C, kernel spatial...; 3 to 8 of them)
    /// packed as `format`, with the process-wide library.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) for a
    /// dimension of 0 or a rank outside 3..=8; cuDNN's error otherwise.
    #[doc(alias = "cudnnSetFilterNdDescriptor")]
    #[doc(alias = "cudnnSetFilter4dDescriptor")]
    #[inline(always)]
    pub fn new(format: TensorFormat, dims: &[usize]) -> Result<Self> {
        Self::build(LibRef::global()?, format, dims)
    }

    /// A 4-d filter `(k, c, r, s)`.
    ///
    /// # Errors
    /// As [`new`](Self::new).
    pub fn new_4d(format: TensorFormat, k: usize, c: usize, r: usize, s: usize) -> Result<Self> {
        Self::new(format, &[k, c, r, s])
    }

    /// A 1-d filter `(k, c, width)`, described as the 4-d `(k, c, 1, width)`
    /// to match [`TensorDescriptor::new_1d`].
    ///
    /// # Errors
    /// As [`new`](Self::new).
    pub fn new_1d(format: TensorFormat, k: usize, c: usize, width: usize) -> Result<Self> {
        Self::new(format, &[k, c, 1, width])
    }

    /// [`new`](Self::new) with the library `lib`.
    ///
    /// # Errors
    /// As [`new`](Self::new).
    pub fn new_in(lib: Arc<Library>, format: TensorFormat, dims: &[usize]) -> Result<Self> {
        Self::build(lib.into(), format, dims)
    }

    #[inline(always)]
    fn build(lib: LibRef, format: TensorFormat, dims: &[usize]) -> Result<Self> {
        const F: &str = "cudnnSetFilterNdDescriptor";
        refuse_half_byte::<T>(F)?;
        ensure((3..=8).contains(&dims.len()), F, || Mismatch::BadValue {
            what: format!(
                "a filter of rank {}: cuDNN filters have 3 to 8 dims",
                dims.len()
            ),
        })?;
        let c_dims = to_c_dims(dims, 1, "dims", F)?;
        ensure(element_count(dims).is_some(), F, || Mismatch::BadValue {
            what: format!("filter dims {dims:?} overflow usize"),
        })?;
        let raw = RawFilter::create(lib)?;
        let set = ffi!(raw.lib(), cudnnSetFilterNdDescriptor);
        // SAFETY: the descriptor is live; the array holds `len` ints.
        let status = unsafe {
            (set.f)(
                raw.ptr(),
                T::CUDNN,
                format,
                c_dims.len() as i32,
                c_dims.as_ptr(),
            )
        };
        set.check(status)?;
        Ok(FilterDescriptor {
            raw,
            // The length was checked to be 3..=8 above.
            dims: Dims::truncated(dims),
            format,
            _t: PhantomData,
        })
    }

    /// (K, C, kernel spatial...).
    pub fn dims(&self) -> &[usize] {
        &self.dims
    }

    /// The layout.
    pub fn format(&self) -> TensorFormat {
        self.format
    }

    /// The number of elements (filters are packed).
    pub fn required_len(&self) -> usize {
        // Checked at construction.
        element_count(&self.dims).unwrap_or(usize::MAX)
    }

    /// The raw descriptor; it stays owned by `self`.
    pub fn as_raw(&self) -> sys::cudnnFilterDescriptor_t {
        self.raw.ptr()
    }

    /// The library it was created with.
    pub fn library(&self) -> &Arc<Library> {
        self.raw.lib()
    }

    /// A new cuDNN descriptor with the same dimensions and format, of the
    /// same library.
    ///
    /// # Errors
    /// cuDNN's error when the descriptor cannot be created.
    pub fn try_clone(&self) -> Result<Self> {
        FilterDescriptor::build(self.raw.lib.clone(), self.format(), self.dims())
    }
}

static_assertions::assert_impl_all!(TensorDescriptor<f32>: Send);
static_assertions::assert_not_impl_any!(TensorDescriptor<f32>: Sync, Clone);
static_assertions::assert_impl_all!(FilterDescriptor<f32>: Send);
static_assertions::assert_not_impl_any!(FilterDescriptor<f32>: Sync, Clone);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_graph_strides_are_the_descriptor_strides() {
        let shapes: [&[usize]; 5] = [&[7], &[3, 5], &[2, 3, 4], &[2, 3, 4, 5], &[2, 3, 4, 5, 6]];
        for format in [TensorFormat::NCHW, TensorFormat::NHWC] {
            for dims in shapes {
                let wide: Vec<i64> = dims.iter().map(|&d| d as i64).collect();
                let expected: Vec<i64> = packed_strides(format, dims)
                    .into_iter()
                    .map(|s| s as i64)
                    .collect();
                assert_eq!(packed_strides_i64(format, &wide), expected, "{dims:?}");
            }
        }
        let huge = packed_strides_i64(TensorFormat::NCHW, &[2, i64::MAX, 4]);
        assert_eq!(huge, [i64::MAX, 4, 1]);
    }

    #[test]
    fn packed_strides_of_both_layouts() {
        let nchw = TensorFormat::NCHW;
        let nhwc = TensorFormat::NHWC;
        assert_eq!(packed_strides(nchw, &[2, 3, 4, 5]), [60, 20, 5, 1]);
        assert_eq!(packed_strides(nhwc, &[2, 3, 4, 5]), [60, 1, 15, 3]);
        assert_eq!(packed_strides(nhwc, &[2, 3, 4, 5, 6]), [360, 1, 90, 18, 3]);
        assert_eq!(extent(&[2, 3, 4, 5], &[60, 1, 15, 3]), Some(120));
        // Padding between rows: the extent counts the gaps.
        assert_eq!(extent(&[1, 1, 2, 3], &[8, 8, 4, 1]), Some(7));
        assert_eq!(extent(&[usize::MAX, 2], &[2, 1]), None);
        assert_eq!(extent(&[2, 0, 3], &[3, 3, 1]), None);
        assert_eq!(element_count(&[usize::MAX / 2, 2]), Some(usize::MAX - 1));
        assert_eq!(element_count(&[usize::MAX / 2 + 1, 2]), None);
    }
}
