//! Element-wise tensor operations and reductions: `cudnnOpTensor`,
//! `cudnnAddTensor`, `cudnnScaleTensor`, `cudnnSetTensor`,
//! `cudnnTransformTensor` and `cudnnReduceTensor`.
//!
//! Descriptors of operations carry their compute type `C`, which is the
//! scaling type of the data they run on (`f32` for `f32`, `f16`, `bf16` and
//! `i8` data, `f64` for `f64`), so a mismatch does not compile. Broadcasting
//! follows cuDNN's rule: a dimension of the smaller tensor equals the
//! larger's or is 1. Every launch checks its arguments first with a
//! `check_*` function of this module, which needs no GPU; an
//! [`OpTensorProblem`] or [`ReduceTensorProblem`] checks the shapes once,
//! when it is built.

use std::marker::PhantomData;
use std::sync::Arc;

use cudnn_sys as sys;

use crate::core::descriptor::raw_descriptor;
use crate::core::dtype::{DataType, Scale};
use crate::core::error::{ensure, Mismatch, Result};
use crate::core::launch::check_lengths;
use crate::core::library::{ffi, library, Library};
use crate::core::modes::{NanPropagation, Scaling};
use crate::core::tensor::TensorDescriptor;

mod tensor_ops_launch;

/// An element-wise operation (`cudnnOpTensorOp_t`): `OpTensorOp::ADD`,
/// `MUL`, `MIN`, `MAX`, and the unary `SQRT` and `NOT` (which read only
/// `A`).
///
/// Its constants (generated): `ADD`, `MUL`, `MIN`, `MAX`, `SQRT` and `NOT`.
/// Each is also there by its C name (`CUDNN_OP_TENSOR_ADD`), which `Display`
/// writes.
pub type OpTensorOp = sys::cudnnOpTensorOp_t;

/// A reduction (`cudnnReduceTensorOp_t`): `ReduceTensorOp::ADD`, `MUL`,
/// `MIN`, `MAX`, `AMAX` (largest absolute value), `AVG`, `NORM1`, `NORM2`,
/// `MUL_NO_ZEROS`.
///
/// Its constants (generated): `ADD`, `MUL`, `MIN`, `MAX`, `AMAX`, `AVG`,
/// `NORM1`, `NORM2` and `MUL_NO_ZEROS`. Each is also there by its C name
/// (`CUDNN_REDUCE_TENSOR_ADD`), which `Display` writes.
pub type ReduceTensorOp = sys::cudnnReduceTensorOp_t;

/// Whether a reduction also returns the flattened index of the element it
/// chose (`cudnnReduceTensorIndices_t`): `ReduceTensorIndices::NO_INDICES`
/// or `FLATTENED_INDICES` (for `MIN`, `MAX` and `AMAX` only).
///
/// Its constants (generated): `NO_INDICES` and `FLATTENED_INDICES`. Each is
/// also there by its C name (`CUDNN_REDUCE_TENSOR_NO_INDICES`), which `Display`
/// writes.
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
/// Not `Clone` ([`try_clone`](Self::try_clone) makes a second one); `Send`,
/// not `Sync`.
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
        Self::new_in(library()?, op, NanPropagation::NOT_PROPAGATE_NAN)
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

    /// A second descriptor with the same settings, made by the same
    /// library.
    ///
    /// # Errors
    /// cuDNN's error creating or setting the new descriptor.
    pub fn try_clone(&self) -> Result<Self> {
        Self::new_in(Arc::clone(self.library()), self.op, self.nan)
    }

    /// The operation.
    pub fn op(&self) -> OpTensorOp {
        self.op
    }

    /// The library that made it.
    pub fn library(&self) -> &Arc<Library> {
        self.raw.lib()
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
/// Not `Clone` ([`try_clone`](Self::try_clone) makes a second one); `Send`,
/// not `Sync`.
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
        Self::new_in(library()?, op, NanPropagation::NOT_PROPAGATE_NAN, indices)
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
            indices != ReduceTensorIndices::FLATTENED_INDICES || op_has_indices(op),
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

    /// A second descriptor with the same settings, made by the same
    /// library.
    ///
    /// # Errors
    /// cuDNN's error creating or setting the new descriptor.
    pub fn try_clone(&self) -> Result<Self> {
        Self::new_in(Arc::clone(self.library()), self.op, self.nan, self.indices)
    }

    /// The reduction.
    pub fn op(&self) -> ReduceTensorOp {
        self.op
    }

    /// The library that made it.
    pub fn library(&self) -> &Arc<Library> {
        self.raw.lib()
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
        self.indices == ReduceTensorIndices::FLATTENED_INDICES && op_has_indices(self.op)
    }

    /// The raw descriptor; it stays owned by `self`.
    pub fn as_raw(&self) -> sys::cudnnReduceTensorDescriptor_t {
        self.raw.ptr()
    }
}

fn op_has_indices(op: ReduceTensorOp) -> bool {
    matches!(
        op,
        ReduceTensorOp::MIN | ReduceTensorOp::MAX | ReduceTensorOp::AMAX
    )
}

/// `small` broadcasts to `large`: the same rank, and each dimension of
/// `small` equals `large`'s or is 1.
///
/// # Errors
/// [`Mismatch::Shape`] naming both.
pub(crate) fn check_broadcast(
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

const OP_TENSOR: &str = "cudnnOpTensor";
const ADD: &str = "cudnnAddTensor";
const TRANSFORM: &str = "cudnnTransformTensor";
const REDUCE: &str = "cudnnReduceTensor";

/// The shapes of an op-tensor: `b` broadcasts to `a`, `c` has `a`'s
/// dimensions.
fn op_tensor_shapes<T: DataType, U: DataType>(
    a: &TensorDescriptor<T>,
    b: &TensorDescriptor<T>,
    c: &TensorDescriptor<U>,
) -> Result<()> {
    check_broadcast(OP_TENSOR, ("b", b.dims()), ("a", a.dims()))?;
    check_same_dims(OP_TENSOR, ("a", a.dims()), ("c", c.dims()))
}

/// The shapes of a reduction: `c` broadcasts to `a` and differs from it.
fn reduce_shapes<T: DataType, U: DataType>(
    a: &TensorDescriptor<T>,
    c: &TensorDescriptor<U>,
) -> Result<()> {
    check_broadcast(REDUCE, ("c", c.dims()), ("a", a.dims()))?;
    ensure(c.dims() != a.dims(), REDUCE, || Mismatch::Unsupported {
        what: format!(
            "a reduction of {:?} that reduces no dimension (c has a's dimensions): cuDNN \
             refuses it with BAD_PARAM (\"!dims_differ\"); transform_tensor copies a tensor",
            a.dims()
        ),
    })
}

/// Every check of [`Handle::op_tensor`](crate::Handle::op_tensor) that needs no GPU: `b` broadcasts
/// to `a`, `c` has `a`'s dimensions, and each buffer (lengths in elements)
/// is as long as its descriptor spans.
///
/// # Errors
/// [`Error::InvalidArgument`](crate::Error::InvalidArgument) with
/// [`Mismatch::Shape`] or [`Mismatch::BufferTooShort`].
pub(crate) fn check_op_tensor<T: DataType, U: DataType>(
    a_desc: &TensorDescriptor<T>,
    a_len: usize,
    b_desc: &TensorDescriptor<T>,
    b_len: usize,
    c_desc: &TensorDescriptor<U>,
    c_len: usize,
) -> Result<()> {
    op_tensor_shapes(a_desc, b_desc, c_desc)?;
    check_lengths(
        OP_TENSOR,
        &[
            ("a", a_len, a_desc.required_len()),
            ("b", b_len, b_desc.required_len()),
            ("c", c_len, c_desc.required_len()),
        ],
    )
}

/// Every check of [`Handle::add_tensor`](crate::Handle::add_tensor) that needs no GPU: `a` (the
/// bias) broadcasts to `c`, and the lengths.
///
/// # Errors
/// As [`check_op_tensor`].
pub(crate) fn check_add_tensor<T: DataType>(
    a_desc: &TensorDescriptor<T>,
    a_len: usize,
    c_desc: &TensorDescriptor<T>,
    c_len: usize,
) -> Result<()> {
    check_broadcast(ADD, ("a", a_desc.dims()), ("c", c_desc.dims()))?;
    check_lengths(
        ADD,
        &[
            ("a", a_len, a_desc.required_len()),
            ("c", c_len, c_desc.required_len()),
        ],
    )
}

/// Every check of [`Handle::transform_tensor`](crate::Handle::transform_tensor) that needs no GPU:
/// `x` and `y` have the same dimensions (their layouts and types may differ), and the lengths.
///
/// # Errors
/// As [`check_op_tensor`].
pub(crate) fn check_transform_tensor<X: DataType, Y: DataType>(
    x_desc: &TensorDescriptor<X>,
    x_len: usize,
    y_desc: &TensorDescriptor<Y>,
    y_len: usize,
) -> Result<()> {
    check_same_dims(TRANSFORM, ("x", x_desc.dims()), ("y", y_desc.dims()))?;
    check_lengths(
        TRANSFORM,
        &[
            ("x", x_len, x_desc.required_len()),
            ("y", y_len, y_desc.required_len()),
        ],
    )
}

/// Every check of [`Handle::reduce_tensor`](crate::Handle::reduce_tensor) that needs no GPU: each
/// dimension of `c` equals `a`'s or is 1 (the reduced ones), and at least
/// one differs (cuDNN refuses a reduction of nothing); the lengths; and the
/// indices buffer (`indices_len`, in `u32` elements) is given exactly when
/// `desc` computes indices, with one per element of `c`.
///
/// # Errors
/// As [`check_op_tensor`], and [`Mismatch::Unsupported`] for indices given
/// to a reduction that computes none or for `c` of `a`'s dimensions.
pub(crate) fn check_reduce_tensor<T: DataType, U: DataType, C: DataType + Scale>(
    desc: &ReduceTensorDescriptor<C>,
    a_desc: &TensorDescriptor<T>,
    a_len: usize,
    c_desc: &TensorDescriptor<U>,
    c_len: usize,
    indices_len: Option<usize>,
) -> Result<()> {
    reduce_shapes(a_desc, c_desc)?;
    check_lengths(
        REDUCE,
        &[
            ("a", a_len, a_desc.required_len()),
            ("c", c_len, c_desc.required_len()),
        ],
    )?;
    if desc.computes_indices() {
        check_lengths(
            REDUCE,
            &[("indices", indices_len.unwrap_or(0), c_desc.element_count())],
        )
    } else {
        ensure(indices_len.is_none(), REDUCE, || Mismatch::Unsupported {
            what: format!(
                "an indices buffer for reduction {} with indices setting {}: cuDNN writes \
                 indices only for MIN, MAX and AMAX with FLATTENED_INDICES",
                desc.op().0,
                desc.indices().0
            ),
        })
    }
}

/// An element-wise operation `c = op(alpha_a * a, alpha_b * b) + beta * c`:
/// the operation and the descriptors of `a`, `b` (broadcast over `a`) and
/// `c` (of `a`'s dimensions, possibly of another type), checked once.
#[derive(Debug)]
pub struct OpTensorProblem<T: DataType, U: DataType>
where
    T::Scale: DataType,
{
    op: OpTensorDescriptor<T::Scale>,
    a: TensorDescriptor<T>,
    b: TensorDescriptor<T>,
    c: TensorDescriptor<U>,
}

impl<T: DataType, U: DataType> OpTensorProblem<T, U>
where
    T::Scale: DataType,
{
    /// The operation `op` of `a` and `b` into `c`.
    ///
    /// # Errors
    /// [`Mismatch::Shape`] when `b` does not broadcast to `a` or `c` has
    /// other dimensions than `a` (naming `cudnnOpTensor`).
    pub fn new(
        op: OpTensorDescriptor<T::Scale>,
        a: TensorDescriptor<T>,
        b: TensorDescriptor<T>,
        c: TensorDescriptor<U>,
    ) -> Result<Self> {
        op_tensor_shapes(&a, &b, &c)?;
        Ok(OpTensorProblem { op, a, b, c })
    }

    /// The operation.
    pub fn op(&self) -> &OpTensorDescriptor<T::Scale> {
        &self.op
    }

    /// The descriptor of `a`.
    pub fn a(&self) -> &TensorDescriptor<T> {
        &self.a
    }

    /// The descriptor of `b`.
    pub fn b(&self) -> &TensorDescriptor<T> {
        &self.b
    }

    /// The descriptor of `c`.
    pub fn c(&self) -> &TensorDescriptor<U> {
        &self.c
    }

    /// Every check of [`Handle::op_tensor`](crate::Handle::op_tensor) that needs no GPU: each
    /// buffer (lengths in elements) is as long as its descriptor spans.
    ///
    /// # Errors
    /// [`Mismatch::BufferTooShort`].
    pub(crate) fn check_lengths(&self, a: usize, b: usize, c: usize) -> Result<()> {
        check_op_tensor(&self.a, a, &self.b, b, &self.c, c)
    }
}

impl<T: DataType> OpTensorProblem<T, T>
where
    T::Scale: DataType,
{
    /// Whether [`Handle::op_tensor_in_place`](crate::Handle::op_tensor_in_place) may run: cuDNN
    /// computes in place (`C` is `A`) only with one descriptor for both, so `c` must have `a`'s
    /// layout (its dimensions and type are checked already).
    ///
    /// # Errors
    /// [`Mismatch::Shape`] when their strides differ.
    pub(crate) fn check_in_place(&self) -> Result<()> {
        let (a, c) = (self.a.strides(), self.c.strides());
        ensure(a == c, OP_TENSOR, || Mismatch::Shape {
            what: format!(
                "in place, `c` is `a` and needs its layout, but their strides are {a:?} and {c:?}"
            ),
        })
    }

    /// Every check of [`Handle::op_tensor_in_place`](crate::Handle::op_tensor_in_place) that needs
    /// no GPU: [`check_in_place`](Self::check_in_place), then the lengths of `b` and of `ac`, the
    /// buffer that is both `a` and `c`.
    ///
    /// # Errors
    /// [`Mismatch::Shape`] or [`Mismatch::BufferTooShort`].
    pub(crate) fn check_in_place_lengths(&self, b: usize, ac: usize) -> Result<()> {
        self.check_in_place()?;
        check_lengths(
            OP_TENSOR,
            &[
                ("b", b, self.b.required_len()),
                ("ac", ac, self.a.required_len()),
            ],
        )
    }
}

/// The scaling of an op-tensor: `c = op(alpha_a * a, alpha_b * b) + beta *
/// c`. From a [`Scaling`], both inputs take its `alpha` (so that an `ADD`
/// is `alpha * (a + b) + beta * c`); the default overwrites `c` with
/// `op(a, b)`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OpTensorScaling<S: Scale> {
    /// The factor of `a` (cuDNN's `alpha1`).
    pub alpha_a: S,
    /// The factor of `b` (cuDNN's `alpha2`).
    pub alpha_b: S,
    /// The factor of what `c` held.
    pub beta: S,
}

impl<S: Scale> From<Scaling<S>> for OpTensorScaling<S> {
    fn from(s: Scaling<S>) -> Self {
        OpTensorScaling {
            alpha_a: s.alpha,
            alpha_b: s.alpha,
            beta: s.beta,
        }
    }
}

impl<S: Scale> Default for OpTensorScaling<S> {
    fn default() -> Self {
        Scaling::default().into()
    }
}

/// A reduction `c = alpha * reduce(a) + beta * c` over every dimension
/// where `c` has 1 and `a` more: the reduction and the descriptors of `a`
/// and `c` (possibly of another type), checked once.
#[derive(Debug)]
pub struct ReduceTensorProblem<T: DataType, U: DataType>
where
    T::Scale: DataType,
{
    reduce: ReduceTensorDescriptor<T::Scale>,
    a: TensorDescriptor<T>,
    c: TensorDescriptor<U>,
}

impl<T: DataType, U: DataType> ReduceTensorProblem<T, U>
where
    T::Scale: DataType,
{
    /// The reduction `reduce` of `a` into `c`.
    ///
    /// # Errors
    /// [`Mismatch::Shape`] when a dimension of `c` is neither `a`'s nor 1;
    /// [`Mismatch::Unsupported`] when `c` has `a`'s dimensions (a reduction
    /// of nothing, which cuDNN refuses); both name `cudnnReduceTensor`.
    pub fn new(
        reduce: ReduceTensorDescriptor<T::Scale>,
        a: TensorDescriptor<T>,
        c: TensorDescriptor<U>,
    ) -> Result<Self> {
        reduce_shapes(&a, &c)?;
        Ok(ReduceTensorProblem { reduce, a, c })
    }

    /// The reduction.
    pub fn reduce(&self) -> &ReduceTensorDescriptor<T::Scale> {
        &self.reduce
    }

    /// The descriptor of `a`.
    pub fn a(&self) -> &TensorDescriptor<T> {
        &self.a
    }

    /// The descriptor of `c`.
    pub fn c(&self) -> &TensorDescriptor<U> {
        &self.c
    }

    /// Every check of [`Handle::reduce_tensor`](crate::Handle::reduce_tensor) that needs no GPU
    /// (see [`check_reduce_tensor`]): the lengths, and the indices buffer (`indices`, in `u32`
    /// elements) given exactly when the reduction computes indices.
    ///
    /// # Errors
    /// [`Mismatch::BufferTooShort`] or [`Mismatch::Unsupported`].
    pub(crate) fn check_lengths(&self, a: usize, c: usize, indices: Option<usize>) -> Result<()> {
        check_reduce_tensor(&self.reduce, &self.a, a, &self.c, c, indices)
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
