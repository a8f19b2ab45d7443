//! Element-wise tensor operations and reductions: `cudnnOpTensor`,
//! `cudnnAddTensor`, `cudnnScaleTensor`, `cudnnSetTensor`,
//! `cudnnTransformTensor` and `cudnnReduceTensor`.
//!
//! Descriptors of operations carry their compute type `C`, which is the
//! scaling type of the data they run on (`f32` for `f32`, `f16`, `bf16` and
//! `i8` data, `f64` for `f64`), so a mismatch does not compile. Broadcasting
//! follows cuDNN's rule: a dimension of the smaller tensor equals the
//! larger's or is 1. Every launch checks its arguments first with a
//! `check_*` function of this module, which needs no GPU.

use std::marker::PhantomData;
use std::sync::Arc;

use cudarc::driver::CudaSlice;
use cudnn_sys as sys;

use crate::descriptor::raw_descriptor;
use crate::dtype::{DataType, Scale};
use crate::error::{ensure, Mismatch, Result};
use crate::handle::Handle;
use crate::launch::{check_lengths, opt_ptr_mut};
use crate::launch::{DeviceBuffer, DeviceBufferMut};
use crate::library::{ffi, library, Library};
use crate::modes::NanPropagation;
use crate::tensor::TensorDescriptor;
use crate::workspace::Workspace;

/// An element-wise operation (`cudnnOpTensorOp_t`): `CUDNN_OP_TENSOR_ADD`,
/// `MUL`, `MIN`, `MAX`, and the unary `SQRT` and `NOT` (which read only
/// `A`).
pub type OpTensorOp = sys::cudnnOpTensorOp_t;

/// A reduction (`cudnnReduceTensorOp_t`): `CUDNN_REDUCE_TENSOR_ADD`, `MUL`,
/// `MIN`, `MAX`, `AMAX` (largest absolute value), `AVG`, `NORM1`, `NORM2`,
/// `MUL_NO_ZEROS`.
pub type ReduceTensorOp = sys::cudnnReduceTensorOp_t;

/// Whether a reduction also returns the flattened index of the element it
/// chose (`cudnnReduceTensorIndices_t`): `CUDNN_REDUCE_TENSOR_NO_INDICES`
/// or `CUDNN_REDUCE_TENSOR_FLATTENED_INDICES` (for `MIN`, `MAX` and `AMAX`
/// only).
pub type ReduceTensorIndices = sys::cudnnReduceTensorIndices_t;

raw_descriptor!(
    /// An owned `cudnnOpTensorDescriptor_t`.
    RawOpTensor,
    sys::cudnnOpTensorDescriptor_t,
    cudnnCreateOpTensorDescriptor,
    cudnnDestroyOpTensorDescriptor
);

raw_descriptor!(
    /// An owned `cudnnReduceTensorDescriptor_t`.
    RawReduceTensor,
    sys::cudnnReduceTensorDescriptor_t,
    cudnnCreateReduceTensorDescriptor,
    cudnnDestroyReduceTensorDescriptor
);

/// An element-wise operation descriptor (`cudnnOpTensorDescriptor_t`)
/// computing in `C` (`f32`, or `f64` for `f64` data).
///
/// Not `Clone`; `Send`, not `Sync`.
#[derive(Debug)]
pub struct OpTensorDescriptor<C: DataType + Scale> {
    raw: RawOpTensor,
    op: OpTensorOp,
    nan: NanPropagation,
    _c: PhantomData<fn() -> C>,
}

static_assertions::assert_impl_all!(OpTensorDescriptor<f32>: Send);
static_assertions::assert_not_impl_any!(OpTensorDescriptor<f32>: Sync, Clone);

impl<C: DataType + Scale> OpTensorDescriptor<C> {
    /// The operation `op`, NaNs not propagated, with the process-wide
    /// library.
    ///
    /// # Errors
    /// cuDNN's error for an operation it does not know;
    /// [`Error::LibraryNotFound`](crate::Error::LibraryNotFound).
    #[doc(alias = "cudnnSetOpTensorDescriptor")]
    pub fn new(op: OpTensorOp) -> Result<Self> {
        Self::new_in(library()?, op, NanPropagation::CUDNN_NOT_PROPAGATE_NAN)
    }

    /// The operation `op` with NaN handling `nan`, with the library `lib`.
    ///
    /// # Errors
    /// As [`new`](Self::new).
    pub fn new_in(lib: Arc<Library>, op: OpTensorOp, nan: NanPropagation) -> Result<Self> {
        let raw = RawOpTensor::create(lib)?;
        let set = ffi!(raw.lib(), cudnnSetOpTensorDescriptor);
        // SAFETY: the descriptor is live; the rest are plain values.
        let status = unsafe { (set.f)(raw.ptr(), op, C::CUDNN, nan) };
        set.check(status)?;
        Ok(OpTensorDescriptor {
            raw,
            op,
            nan,
            _c: PhantomData,
        })
    }

    /// The operation.
    pub fn op(&self) -> OpTensorOp {
        self.op
    }

    /// NaN handling.
    pub fn nan_propagation(&self) -> NanPropagation {
        self.nan
    }

    /// The raw descriptor; it stays owned by `self`.
    pub fn as_raw(&self) -> sys::cudnnOpTensorDescriptor_t {
        self.raw.ptr()
    }
}

/// A reduction descriptor (`cudnnReduceTensorDescriptor_t`) computing in
/// `C` (`f32`, or `f64` for `f64` data), with 32-bit indices when it
/// computes any.
///
/// Not `Clone`; `Send`, not `Sync`.
#[derive(Debug)]
pub struct ReduceTensorDescriptor<C: DataType + Scale> {
    raw: RawReduceTensor,
    op: ReduceTensorOp,
    nan: NanPropagation,
    indices: ReduceTensorIndices,
    _c: PhantomData<fn() -> C>,
}

static_assertions::assert_impl_all!(ReduceTensorDescriptor<f32>: Send);
static_assertions::assert_not_impl_any!(ReduceTensorDescriptor<f32>: Sync, Clone);

impl<C: DataType + Scale> ReduceTensorDescriptor<C> {
    /// The reduction `op`, NaNs not propagated, with indices as `indices`
    /// says, with the process-wide library.
    ///
    /// # Errors
    /// [`Mismatch::Unsupported`] for flattened indices with an operation
    /// other than `MIN`, `MAX` or `AMAX` (cuDNN accepts the descriptor but
    /// computes no indices); cuDNN's error for values it does not know;
    /// [`Error::LibraryNotFound`](crate::Error::LibraryNotFound).
    #[doc(alias = "cudnnSetReduceTensorDescriptor")]
    pub fn new(op: ReduceTensorOp, indices: ReduceTensorIndices) -> Result<Self> {
        Self::new_in(
            library()?,
            op,
            NanPropagation::CUDNN_NOT_PROPAGATE_NAN,
            indices,
        )
    }

    /// Every setting given, with the library `lib`.
    ///
    /// # Errors
    /// As [`new`](Self::new).
    pub fn new_in(
        lib: Arc<Library>,
        op: ReduceTensorOp,
        nan: NanPropagation,
        indices: ReduceTensorIndices,
    ) -> Result<Self> {
        const F: &str = "cudnnSetReduceTensorDescriptor";
        ensure(
            indices != ReduceTensorIndices::CUDNN_REDUCE_TENSOR_FLATTENED_INDICES
                || op_has_indices(op),
            F,
            || Mismatch::Unsupported {
                what: format!(
                    "flattened indices with reduction {}: cuDNN computes indices only for MIN, \
                     MAX and AMAX",
                    op.0
                ),
            },
        )?;
        let raw = RawReduceTensor::create(lib)?;
        let set = ffi!(raw.lib(), cudnnSetReduceTensorDescriptor);
        // SAFETY: the descriptor is live; the rest are plain values.
        let status = unsafe {
            (set.f)(
                raw.ptr(),
                op,
                C::CUDNN,
                nan,
                indices,
                sys::cudnnIndicesType_t::CUDNN_32BIT_INDICES,
            )
        };
        set.check(status)?;
        Ok(ReduceTensorDescriptor {
            raw,
            op,
            nan,
            indices,
            _c: PhantomData,
        })
    }

    /// The reduction.
    pub fn op(&self) -> ReduceTensorOp {
        self.op
    }

    /// NaN handling.
    pub fn nan_propagation(&self) -> NanPropagation {
        self.nan
    }

    /// The indices setting.
    pub fn indices(&self) -> ReduceTensorIndices {
        self.indices
    }

    /// Whether a launch writes indices (and so needs an indices buffer).
    pub fn computes_indices(&self) -> bool {
        self.indices == ReduceTensorIndices::CUDNN_REDUCE_TENSOR_FLATTENED_INDICES
            && op_has_indices(self.op)
    }

    /// The raw descriptor; it stays owned by `self`.
    pub fn as_raw(&self) -> sys::cudnnReduceTensorDescriptor_t {
        self.raw.ptr()
    }
}

fn op_has_indices(op: ReduceTensorOp) -> bool {
    matches!(
        op,
        ReduceTensorOp::CUDNN_REDUCE_TENSOR_MIN
            | ReduceTensorOp::CUDNN_REDUCE_TENSOR_MAX
            | ReduceTensorOp::CUDNN_REDUCE_TENSOR_AMAX
    )
}

/// `small` broadcasts to `large`: the same rank, and each dimension of
/// `small` equals `large`'s or is 1.
///
/// # Errors
/// [`Mismatch::Shape`] naming both.
pub fn check_broadcast(
    function: &'static str,
    (small_name, small): (&'static str, &[usize]),
    (large_name, large): (&'static str, &[usize]),
) -> Result<()> {
    let ok = small.len() == large.len() && small.iter().zip(large).all(|(&s, &l)| s == l || s == 1);
    ensure(ok, function, || Mismatch::Shape {
        what: format!(
            "`{small_name}` {small:?} does not broadcast to `{large_name}` {large:?}: each \
             dimension must equal the other's or be 1"
        ),
    })
}

fn check_same_dims(
    function: &'static str,
    (a_name, a): (&'static str, &[usize]),
    (b_name, b): (&'static str, &[usize]),
) -> Result<()> {
    ensure(a == b, function, || Mismatch::Shape {
        what: format!(
            "`{b_name}` is {b:?} but `{a_name}` is {a:?}: they must have the same dimensions"
        ),
    })
}

/// Every check of [`Handle::op_tensor`] that needs no GPU: `b` broadcasts
/// to `a`, `c` has `a`'s dimensions, and each buffer (lengths in elements)
/// is as long as its descriptor spans.
///
/// # Errors
/// [`Error::InvalidArgument`](crate::Error::InvalidArgument) with
/// [`Mismatch::Shape`] or [`Mismatch::BufferTooShort`].
pub fn check_op_tensor<T: DataType, U: DataType>(
    a_desc: &TensorDescriptor<T>,
    a_len: usize,
    b_desc: &TensorDescriptor<T>,
    b_len: usize,
    c_desc: &TensorDescriptor<U>,
    c_len: usize,
) -> Result<()> {
    const F: &str = "cudnnOpTensor";
    check_broadcast(F, ("b", b_desc.dims()), ("a", a_desc.dims()))?;
    check_same_dims(F, ("a", a_desc.dims()), ("c", c_desc.dims()))?;
    check_lengths(
        F,
        &[
            ("a", a_len, a_desc.required_len()),
            ("b", b_len, b_desc.required_len()),
            ("c", c_len, c_desc.required_len()),
        ],
    )
}

/// Every check of [`Handle::add_tensor`] that needs no GPU: `a` (the bias)
/// broadcasts to `c`, and the lengths.
///
/// # Errors
/// As [`check_op_tensor`].
pub fn check_add_tensor<T: DataType>(
    a_desc: &TensorDescriptor<T>,
    a_len: usize,
    c_desc: &TensorDescriptor<T>,
    c_len: usize,
) -> Result<()> {
    const F: &str = "cudnnAddTensor";
    check_broadcast(F, ("a", a_desc.dims()), ("c", c_desc.dims()))?;
    check_lengths(
        F,
        &[
            ("a", a_len, a_desc.required_len()),
            ("c", c_len, c_desc.required_len()),
        ],
    )
}

/// Every check of [`Handle::transform_tensor`] that needs no GPU: `x` and
/// `y` have the same dimensions (their layouts and types may differ), and
/// the lengths.
///
/// # Errors
/// As [`check_op_tensor`].
pub fn check_transform_tensor<X: DataType, Y: DataType>(
    x_desc: &TensorDescriptor<X>,
    x_len: usize,
    y_desc: &TensorDescriptor<Y>,
    y_len: usize,
) -> Result<()> {
    const F: &str = "cudnnTransformTensor";
    check_same_dims(F, ("x", x_desc.dims()), ("y", y_desc.dims()))?;
    check_lengths(
        F,
        &[
            ("x", x_len, x_desc.required_len()),
            ("y", y_len, y_desc.required_len()),
        ],
    )
}

/// Every check of [`Handle::reduce_tensor`] that needs no GPU: each
/// dimension of `c` equals `a`'s or is 1 (the reduced ones), and at least
/// one differs (cuDNN refuses a reduction of nothing); the lengths; and the
/// indices buffer (`indices_len`, in `u32` elements) is given exactly when
/// `desc` computes indices, with one per element of `c`.
///
/// # Errors
/// As [`check_op_tensor`], and [`Mismatch::Unsupported`] for indices given
/// to a reduction that computes none or for `c` of `a`'s dimensions.
pub fn check_reduce_tensor<T: DataType, U: DataType, C: DataType + Scale>(
    desc: &ReduceTensorDescriptor<C>,
    a_desc: &TensorDescriptor<T>,
    a_len: usize,
    c_desc: &TensorDescriptor<U>,
    c_len: usize,
    indices_len: Option<usize>,
) -> Result<()> {
    const F: &str = "cudnnReduceTensor";
    check_broadcast(F, ("c", c_desc.dims()), ("a", a_desc.dims()))?;
    ensure(c_desc.dims() != a_desc.dims(), F, || {
        Mismatch::Unsupported {
            what: format!(
                "a reduction of {:?} that reduces no dimension (c has a's dimensions): cuDNN \
             refuses it with BAD_PARAM (\"!dims_differ\"); transform_tensor copies a tensor",
                a_desc.dims()
            ),
        }
    })?;
    check_lengths(
        F,
        &[
            ("a", a_len, a_desc.required_len()),
            ("c", c_len, c_desc.required_len()),
        ],
    )?;
    if desc.computes_indices() {
        check_lengths(
            F,
            &[("indices", indices_len.unwrap_or(0), c_desc.element_count())],
        )
    } else {
        ensure(indices_len.is_none(), F, || Mismatch::Unsupported {
            what: format!(
                "an indices buffer for reduction {} with indices setting {}: cuDNN writes \
                 indices only for MIN, MAX and AMAX with FLATTENED_INDICES",
                desc.op().0,
                desc.indices().0
            ),
        })
    }
}

impl Handle {
    /// `c = op(alpha1 * a, alpha2 * b) + beta * c`, element-wise, `b`
    /// broadcast over `a` (each dimension of `b` equals `a`'s or is 1), `c`
    /// of `a`'s dimensions, possibly of another type (cuDNN's table of
    /// supported types decides). The unary operations read only `a`.
    ///
    /// Checks first with [`check_op_tensor`], then the stream and devices.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) before any
    /// GPU work for a mismatch; cuDNN's and CUDA's errors.
    #[allow(clippy::too_many_arguments)]
    #[doc(alias = "cudnnOpTensor")]
    pub fn op_tensor<T: DataType, U: DataType<Scale = T::Scale>>(
        &self,
        op_desc: &OpTensorDescriptor<T::Scale>,
        alpha1: T::Scale,
        a_desc: &TensorDescriptor<T>,
        a: &impl DeviceBuffer<T>,
        alpha2: T::Scale,
        b_desc: &TensorDescriptor<T>,
        b: &impl DeviceBuffer<T>,
        beta: T::Scale,
        c_desc: &TensorDescriptor<U>,
        c: &mut impl DeviceBufferMut<U>,
    ) -> Result<()>
    where
        T::Scale: DataType,
    {
        const F: &str = "cudnnOpTensor";
        check_op_tensor(a_desc, a.len(), b_desc, b.len(), c_desc, c.len())?;
        let stream = self.launch_stream(F)?;
        crate::launch::check_input(self.library(), stream, F, "a", a, a_desc)?;
        crate::launch::check_input(self.library(), stream, F, "b", b, b_desc)?;
        crate::launch::check_output(self.library(), stream, F, "c", c, c_desc)?;
        let run = ffi!(self.library(), cudnnOpTensor);
        let (ap, _ga) = a.device_ptr(stream);
        let (bp, _gb) = b.device_ptr(stream);
        let (cp, _gc) = c.device_ptr_mut(stream);
        // SAFETY: every buffer was checked against its descriptor and the
        // handle's device; the scaling factors have the descriptor's
        // compute type, which is the data's scaling type.
        let status = unsafe {
            (run.f)(
                self.as_raw(),
                op_desc.as_raw(),
                alpha1.as_ptr(),
                a_desc.as_raw(),
                ap as _,
                alpha2.as_ptr(),
                b_desc.as_raw(),
                bp as _,
                beta.as_ptr(),
                c_desc.as_raw(),
                cp as _,
            )
        };
        run.check(status)
    }

    /// `c = alpha * a + beta * c`, with `a` (a bias, say) broadcast over
    /// `c` (each dimension of `a` equals `c`'s or is 1).
    ///
    /// Checks first with [`check_add_tensor`].
    ///
    /// # Errors
    /// As [`op_tensor`](Self::op_tensor).
    #[allow(clippy::too_many_arguments)]
    #[doc(alias = "cudnnAddTensor")]
    pub fn add_tensor<T: DataType>(
        &self,
        alpha: T::Scale,
        a_desc: &TensorDescriptor<T>,
        a: &impl DeviceBuffer<T>,
        beta: T::Scale,
        c_desc: &TensorDescriptor<T>,
        c: &mut impl DeviceBufferMut<T>,
    ) -> Result<()> {
        const F: &str = "cudnnAddTensor";
        check_add_tensor(a_desc, a.len(), c_desc, c.len())?;
        let stream = self.launch_stream(F)?;
        crate::launch::check_input(self.library(), stream, F, "a", a, a_desc)?;
        crate::launch::check_output(self.library(), stream, F, "c", c, c_desc)?;
        let run = ffi!(self.library(), cudnnAddTensor);
        let (ap, _ga) = a.device_ptr(stream);
        let (cp, _gc) = c.device_ptr_mut(stream);
        // SAFETY: buffers checked against their descriptors and device;
        // alpha and beta have T's scaling type.
        let status = unsafe {
            (run.f)(
                self.as_raw(),
                alpha.as_ptr(),
                a_desc.as_raw(),
                ap as _,
                beta.as_ptr(),
                c_desc.as_raw(),
                cp as _,
            )
        };
        run.check(status)
    }

    /// `y = alpha * y`, in place.
    ///
    /// # Errors
    /// [`Mismatch::BufferTooShort`] or [`Mismatch::WrongDevice`] for `y`;
    /// cuDNN's and CUDA's errors.
    #[doc(alias = "cudnnScaleTensor")]
    pub fn scale_tensor<T: DataType>(
        &self,
        y_desc: &TensorDescriptor<T>,
        y: &mut impl DeviceBufferMut<T>,
        alpha: T::Scale,
    ) -> Result<()> {
        const F: &str = "cudnnScaleTensor";
        let stream = self.launch_stream(F)?;
        crate::launch::check_output(self.library(), stream, F, "y", y, y_desc)?;
        let run = ffi!(self.library(), cudnnScaleTensor);
        let (yp, _gy) = y.device_ptr_mut(stream);
        // SAFETY: `y` checked against its descriptor and device; alpha has
        // T's scaling type.
        let status = unsafe { (run.f)(self.as_raw(), y_desc.as_raw(), yp as _, alpha.as_ptr()) };
        run.check(status)
    }

    /// Sets every element `y_desc` describes to `value` (elements between
    /// strided ones are left alone).
    ///
    /// cuDNN reads the value in the tensor's *scaling* type (`f64` for
    /// `f64`, `f32` for every other type; seen on an H200 with cuDNN 9.19,
    /// where an `f16` value passed as is filled the tensor with `-inf`), so
    /// `value` is converted with [`DataType::to_scale`] first. Checked on an
    /// H200 with cuDNN 9.14 and 9.19 for `f32`, `f64`, `f16`, `bf16` and
    /// `i8`; both answer `NOT_SUPPORTED` for `u8` and `i32` tensors.
    ///
    /// # Errors
    /// As [`scale_tensor`](Self::scale_tensor).
    #[doc(alias = "cudnnSetTensor")]
    pub fn set_tensor<T: DataType>(
        &self,
        y_desc: &TensorDescriptor<T>,
        y: &mut impl DeviceBufferMut<T>,
        value: T,
    ) -> Result<()> {
        const F: &str = "cudnnSetTensor";
        let stream = self.launch_stream(F)?;
        crate::launch::check_output(self.library(), stream, F, "y", y, y_desc)?;
        let run = ffi!(self.library(), cudnnSetTensor);
        let (yp, _gy) = y.device_ptr_mut(stream);
        let value = value.to_scale();
        // SAFETY: `y` checked against its descriptor and device; `value`
        // has the tensor's scaling type, which cuDNN reads during the call.
        let status = unsafe { (run.f)(self.as_raw(), y_desc.as_raw(), yp as _, value.as_ptr()) };
        run.check(status)
    }

    /// `y = alpha * x + beta * y` where `x` and `y` have the same
    /// dimensions but possibly different layouts (NCHW to NHWC, padded
    /// strides) and element types of the same scaling type.
    ///
    /// Checks first with [`check_transform_tensor`].
    ///
    /// # Errors
    /// As [`op_tensor`](Self::op_tensor).
    #[allow(clippy::too_many_arguments)]
    #[doc(alias = "cudnnTransformTensor")]
    pub fn transform_tensor<X: DataType, Y: DataType<Scale = X::Scale>>(
        &self,
        alpha: X::Scale,
        x_desc: &TensorDescriptor<X>,
        x: &impl DeviceBuffer<X>,
        beta: X::Scale,
        y_desc: &TensorDescriptor<Y>,
        y: &mut impl DeviceBufferMut<Y>,
    ) -> Result<()> {
        const F: &str = "cudnnTransformTensor";
        check_transform_tensor(x_desc, x.len(), y_desc, y.len())?;
        let stream = self.launch_stream(F)?;
        crate::launch::check_input(self.library(), stream, F, "x", x, x_desc)?;
        crate::launch::check_output(self.library(), stream, F, "y", y, y_desc)?;
        let run = ffi!(self.library(), cudnnTransformTensor);
        let (xp, _gx) = x.device_ptr(stream);
        let (yp, _gy) = y.device_ptr_mut(stream);
        // SAFETY: buffers checked against their descriptors and device;
        // alpha and beta have the scaling type both element types share.
        let status = unsafe {
            (run.f)(
                self.as_raw(),
                alpha.as_ptr(),
                x_desc.as_raw(),
                xp as _,
                beta.as_ptr(),
                y_desc.as_raw(),
                yp as _,
            )
        };
        run.check(status)
    }

    /// The workspace, in bytes, [`reduce_tensor`](Self::reduce_tensor)
    /// needs to reduce `a_desc` into `c_desc`.
    ///
    /// # Errors
    /// cuDNN's error for shapes it does not support.
    #[doc(alias = "cudnnGetReductionWorkspaceSize")]
    pub fn reduction_workspace_size<T: DataType, U: DataType<Scale = T::Scale>>(
        &self,
        desc: &ReduceTensorDescriptor<T::Scale>,
        a_desc: &TensorDescriptor<T>,
        c_desc: &TensorDescriptor<U>,
    ) -> Result<usize>
    where
        T::Scale: DataType,
    {
        self.bind_context()?;
        let get = ffi!(self.library(), cudnnGetReductionWorkspaceSize);
        let mut size = 0usize;
        // SAFETY: the handle and descriptors are live; `size` is a valid
        // out-pointer.
        let status = unsafe {
            (get.f)(
                self.as_raw(),
                desc.as_raw(),
                a_desc.as_raw(),
                c_desc.as_raw(),
                &mut size,
            )
        };
        get.check(status)?;
        Ok(size)
    }

    /// The indices space, in bytes, a reduction that computes indices
    /// writes (one 32-bit index per element of `c_desc`).
    ///
    /// # Errors
    /// As [`reduction_workspace_size`](Self::reduction_workspace_size).
    #[doc(alias = "cudnnGetReductionIndicesSize")]
    pub fn reduction_indices_size<T: DataType, U: DataType<Scale = T::Scale>>(
        &self,
        desc: &ReduceTensorDescriptor<T::Scale>,
        a_desc: &TensorDescriptor<T>,
        c_desc: &TensorDescriptor<U>,
    ) -> Result<usize>
    where
        T::Scale: DataType,
    {
        self.bind_context()?;
        let get = ffi!(self.library(), cudnnGetReductionIndicesSize);
        let mut size = 0usize;
        // SAFETY: as in reduction_workspace_size.
        let status = unsafe {
            (get.f)(
                self.as_raw(),
                desc.as_raw(),
                a_desc.as_raw(),
                c_desc.as_raw(),
                &mut size,
            )
        };
        get.check(status)?;
        Ok(size)
    }

    /// `c = alpha * reduce(a) + beta * c`, reducing every dimension where
    /// `c` has 1 and `a` more. With a descriptor that computes indices
    /// (`MIN`, `MAX`, `AMAX` with flattened indices), `indices` receives,
    /// for each element of `c`, the flattened index within the reduced
    /// dimensions of the element chosen; otherwise it must be `None`. The
    /// workspace grows to what cuDNN asks.
    ///
    /// Checks first with [`check_reduce_tensor`], then the indices against
    /// cuDNN's size, the stream and devices.
    ///
    /// # Errors
    /// As [`op_tensor`](Self::op_tensor).
    #[allow(clippy::too_many_arguments)]
    #[doc(alias = "cudnnReduceTensor")]
    pub fn reduce_tensor<T: DataType, U: DataType<Scale = T::Scale>>(
        &self,
        desc: &ReduceTensorDescriptor<T::Scale>,
        indices: Option<&mut CudaSlice<u32>>,
        ws: &mut Workspace,
        alpha: T::Scale,
        a_desc: &TensorDescriptor<T>,
        a: &impl DeviceBuffer<T>,
        beta: T::Scale,
        c_desc: &TensorDescriptor<U>,
        c: &mut impl DeviceBufferMut<U>,
    ) -> Result<()>
    where
        T::Scale: DataType,
    {
        const F: &str = "cudnnReduceTensor";
        check_reduce_tensor(
            desc,
            a_desc,
            a.len(),
            c_desc,
            c.len(),
            indices.as_ref().map(|i| i.len()),
        )?;
        let stream = self.launch_stream(F)?;
        let need_ws = self.reduction_workspace_size(desc, a_desc, c_desc)?;
        let indices_bytes = match &indices {
            Some(i) => {
                let need = self.reduction_indices_size(desc, a_desc, c_desc)?;
                let elements = need.div_ceil(std::mem::size_of::<u32>());
                crate::launch::check_buffer(stream, F, "indices", &**i, elements)?;
                i.len() * std::mem::size_of::<u32>()
            }
            None => 0,
        };
        crate::launch::check_input(self.library(), stream, F, "a", a, a_desc)?;
        crate::launch::check_output(self.library(), stream, F, "c", c, c_desc)?;
        ws.reserve(stream, need_ws)?;
        let run = ffi!(self.library(), cudnnReduceTensor);
        let (ip, _gi) = opt_ptr_mut(indices, stream);
        let (ap, _ga) = a.device_ptr(stream);
        let (cp, _gc) = c.device_ptr_mut(stream);
        let (wsp, wslen, _gws) = ws.device_ptr(stream);
        ensure(wslen >= need_ws, F, || Mismatch::WorkspaceTooSmall {
            len: wslen,
            required: need_ws,
        })?;
        // SAFETY: buffers checked against their descriptors and device; the
        // indices buffer is present exactly when the descriptor computes
        // indices and holds what cuDNN asked for; the workspace holds at
        // least what cuDNN asked for; alpha and beta have the compute type.
        let status = unsafe {
            (run.f)(
                self.as_raw(),
                desc.as_raw(),
                ip as _,
                indices_bytes,
                wsp as _,
                wslen,
                alpha.as_ptr(),
                a_desc.as_raw(),
                ap as _,
                beta.as_ptr(),
                c_desc.as_raw(),
                cp as _,
            )
        };
        run.check(status)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn broadcast_rule() {
        assert!(check_broadcast("f", ("b", &[1, 3, 1, 1]), ("a", &[2, 3, 4, 5])).is_ok());
        assert!(check_broadcast("f", ("b", &[2, 3, 4, 5]), ("a", &[2, 3, 4, 5])).is_ok());
        assert!(check_broadcast("f", ("b", &[1, 1, 1, 1]), ("a", &[2, 3, 4, 5])).is_ok());
        assert!(check_broadcast("f", ("b", &[1, 2, 1, 1]), ("a", &[2, 3, 4, 5])).is_err());
        assert!(check_broadcast("f", ("b", &[1, 3, 1]), ("a", &[2, 3, 4, 5])).is_err());
        assert!(check_broadcast("f", ("b", &[2, 3, 4, 5]), ("a", &[1, 3, 4, 5])).is_err());
    }
}
