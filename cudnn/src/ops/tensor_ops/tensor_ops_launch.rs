//! The launches of the tensor operations and reductions.

#![warn(clippy::arithmetic_side_effects)]

use cudarc::driver::{CudaSlice, DevicePtrMut};

use crate::core::dtype::{DataType, Scale};
use crate::core::error::Result;
use crate::core::handle::Handle;
use crate::core::launch::{check_buffer, check_library};
use crate::core::launch::{DeviceBuffer, DeviceBufferMut};
use crate::core::library::ffi;
use crate::core::modes::Scaling;
use crate::core::tensor::TensorDescriptor;
use crate::core::workspace::Workspace;

use super::{
    check_add_tensor, check_transform_tensor, OpTensorProblem, OpTensorScaling,
    ReduceTensorProblem, ADD, OP_TENSOR, REDUCE, TRANSFORM,
};

impl Handle {
    /// `c = op(alpha_a * a, alpha_b * b) + beta * c`, element-wise, `b`
    /// broadcast over `a`, `c` of `a`'s dimensions, possibly of another
    /// type (cuDNN's table of supported types decides). The unary
    /// operations read only `a`. `scaling` is an [`OpTensorScaling`] or a
    /// [`Scaling`] (whose `alpha` scales both inputs).
    ///
    /// Checks first with `OpTensorProblem::check_lengths`, then every
    /// descriptor's library and every buffer's CUDA context.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) before any
    /// GPU work for a mismatch; cuDNN's and CUDA's errors.
    #[doc(alias = "cudnnOpTensor")]
    pub fn op_tensor<T: DataType, U: DataType<Scale = T::Scale>>(
        &self,
        problem: &OpTensorProblem<T, U>,
        a: &impl DeviceBuffer<T>,
        b: &impl DeviceBuffer<T>,
        c: &mut impl DeviceBufferMut<U>,
        scaling: impl Into<OpTensorScaling<T::Scale>>,
    ) -> Result<()>
    where
        T::Scale: DataType,
    {
        let scaling = scaling.into();
        problem.check_lengths(a.len(), b.len(), c.len())?;
        let l = self.launch(OP_TENSOR)?;
        l.descriptor("op", problem.op.library())?;
        let a = l.input("a", a, &problem.a)?;
        let b = l.input("b", b, &problem.b)?;
        let c = l.output("c", c, &problem.c)?;
        let run = ffi!(l.library(), cudnnOpTensor);
        // SAFETY: every buffer was checked against its descriptor, the
        // handle's library and CUDA context; the scaling factors have the
        // descriptor's compute type, which is the data's scaling type.
        let status = unsafe {
            (run.f)(
                l.raw(),
                problem.op.as_raw(),
                scaling.alpha_a.as_ptr(),
                problem.a.as_raw(),
                a.ptr(),
                scaling.alpha_b.as_ptr(),
                problem.b.as_raw(),
                b.ptr(),
                scaling.beta.as_ptr(),
                problem.c.as_raw(),
                c.ptr(),
            )
        };
        run.check(status)
    }

    /// [`op_tensor`](Self::op_tensor) in place: `ac = op(alpha_a * ac,
    /// alpha_b * b) + beta * ac`, where one buffer is both `A` and `C`
    /// (which cuDNN allows, with one descriptor: the problem's `a`, which
    /// `c` must equal in layout).
    ///
    /// # Errors
    /// As [`op_tensor`](Self::op_tensor), and
    /// `OpTensorProblem::check_in_place`'s.
    #[doc(alias = "cudnnOpTensor")]
    pub fn op_tensor_in_place<T: DataType>(
        &self,
        problem: &OpTensorProblem<T, T>,
        b: &impl DeviceBuffer<T>,
        ac: &mut impl DeviceBufferMut<T>,
        scaling: impl Into<OpTensorScaling<T::Scale>>,
    ) -> Result<()>
    where
        T::Scale: DataType,
    {
        let scaling = scaling.into();
        problem.check_in_place_lengths(b.len(), ac.len())?;
        let l = self.launch(OP_TENSOR)?;
        l.descriptor("op", problem.op.library())?;
        let b = l.input("b", b, &problem.b)?;
        let ac = l.output("ac", ac, &problem.a)?;
        let desc = problem.a.as_raw();
        let run = ffi!(l.library(), cudnnOpTensor);
        // SAFETY: as in op_tensor; `A` and `C` are one buffer with one
        // descriptor, the in-place form cuDNN supports.
        let status = unsafe {
            (run.f)(
                l.raw(),
                problem.op.as_raw(),
                scaling.alpha_a.as_ptr(),
                desc,
                ac.ptr(),
                scaling.alpha_b.as_ptr(),
                problem.b.as_raw(),
                b.ptr(),
                scaling.beta.as_ptr(),
                desc,
                ac.ptr(),
            )
        };
        run.check(status)
    }

    /// `c = alpha * a + beta * c`, with `a` (a bias, say) broadcast over
    /// `c` (each dimension of `a` equals `c`'s or is 1).
    ///
    /// Checks first with `check_add_tensor`.
    ///
    /// # Errors
    /// As [`op_tensor`](Self::op_tensor).
    #[doc(alias = "cudnnAddTensor")]
    pub fn add_tensor<T: DataType>(
        &self,
        a_desc: &TensorDescriptor<T>,
        a: &impl DeviceBuffer<T>,
        c_desc: &TensorDescriptor<T>,
        c: &mut impl DeviceBufferMut<T>,
        scaling: Scaling<T::Scale>,
    ) -> Result<()> {
        check_add_tensor(a_desc, a.len(), c_desc, c.len())?;
        let l = self.launch(ADD)?;
        let a = l.input("a", a, a_desc)?;
        let c = l.output("c", c, c_desc)?;
        let run = ffi!(l.library(), cudnnAddTensor);
        // SAFETY: buffers checked against their descriptors, the handle's
        // library and CUDA context; alpha and beta have T's scaling type.
        let status = unsafe {
            (run.f)(
                l.raw(),
                scaling.alpha.as_ptr(),
                a_desc.as_raw(),
                a.ptr(),
                scaling.beta.as_ptr(),
                c_desc.as_raw(),
                c.ptr(),
            )
        };
        run.check(status)
    }

    /// `y = alpha * y`, in place.
    ///
    /// # Errors
    /// [`Mismatch::BufferTooShort`](crate::Mismatch::BufferTooShort), [`Mismatch::WrongDevice`](crate::Mismatch::WrongDevice) or
    /// [`Mismatch::OtherLibrary`](crate::Mismatch::OtherLibrary) for `y`; cuDNN's and CUDA's errors.
    #[doc(alias = "cudnnScaleTensor")]
    pub fn scale_tensor<T: DataType>(
        &self,
        y_desc: &TensorDescriptor<T>,
        y: &mut impl DeviceBufferMut<T>,
        alpha: T::Scale,
    ) -> Result<()> {
        let l = self.launch("cudnnScaleTensor")?;
        let y = l.output("y", y, y_desc)?;
        let run = ffi!(l.library(), cudnnScaleTensor);
        // SAFETY: `y` checked against its descriptor, the handle's library
        // and CUDA context; alpha has T's scaling type.
        let status = unsafe { (run.f)(l.raw(), y_desc.as_raw(), y.ptr(), alpha.as_ptr()) };
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
        let l = self.launch("cudnnSetTensor")?;
        let y = l.output("y", y, y_desc)?;
        let run = ffi!(l.library(), cudnnSetTensor);
        let value = value.to_scale();
        // SAFETY: `y` checked against its descriptor, the handle's library
        // and CUDA context; `value` has the tensor's scaling type, which
        // cuDNN reads during the call.
        let status = unsafe { (run.f)(l.raw(), y_desc.as_raw(), y.ptr(), value.as_ptr()) };
        run.check(status)
    }

    /// `y = alpha * x + beta * y` where `x` and `y` have the same
    /// dimensions but possibly different layouts (NCHW to NHWC, padded
    /// strides) and element types of the same scaling type.
    ///
    /// Checks first with `check_transform_tensor`.
    ///
    /// # Errors
    /// As [`op_tensor`](Self::op_tensor).
    #[doc(alias = "cudnnTransformTensor")]
    pub fn transform_tensor<X: DataType, Y: DataType<Scale = X::Scale>>(
        &self,
        x_desc: &TensorDescriptor<X>,
        x: &impl DeviceBuffer<X>,
        y_desc: &TensorDescriptor<Y>,
        y: &mut impl DeviceBufferMut<Y>,
        scaling: Scaling<X::Scale>,
    ) -> Result<()> {
        check_transform_tensor(x_desc, x.len(), y_desc, y.len())?;
        let l = self.launch(TRANSFORM)?;
        let x = l.input("x", x, x_desc)?;
        let y = l.output("y", y, y_desc)?;
        let run = ffi!(l.library(), cudnnTransformTensor);
        // SAFETY: buffers checked against their descriptors, the handle's
        // library and CUDA context; alpha and beta have the scaling type
        // both element types share.
        let status = unsafe {
            (run.f)(
                l.raw(),
                scaling.alpha.as_ptr(),
                x_desc.as_raw(),
                x.ptr(),
                scaling.beta.as_ptr(),
                y_desc.as_raw(),
                y.ptr(),
            )
        };
        run.check(status)
    }

    /// Checks that the descriptors of a reduction were made by the
    /// handle's library (before they are handed to a size query).
    fn check_reduce_library<T: DataType, U: DataType>(
        &self,
        function: &'static str,
        p: &ReduceTensorProblem<T, U>,
    ) -> Result<()>
    where
        T::Scale: DataType,
    {
        let lib = self.library();
        check_library(lib, function, "reduce", p.reduce.library())?;
        check_library(lib, function, "a", p.a.library())?;
        check_library(lib, function, "c", p.c.library())
    }

    /// The workspace, in bytes, [`reduce_tensor`](Self::reduce_tensor)
    /// needs for `problem`.
    ///
    /// # Errors
    /// [`Mismatch::OtherLibrary`](crate::Mismatch::OtherLibrary) for a descriptor of another loaded cuDNN;
    /// cuDNN's error for shapes it does not support.
    #[doc(alias = "cudnnGetReductionWorkspaceSize")]
    pub fn reduction_workspace_size<T: DataType, U: DataType<Scale = T::Scale>>(
        &self,
        problem: &ReduceTensorProblem<T, U>,
    ) -> Result<usize>
    where
        T::Scale: DataType,
    {
        self.check_reduce_library("cudnnGetReductionWorkspaceSize", problem)?;
        self.bind_context()?;
        let get = ffi!(self.library(), cudnnGetReductionWorkspaceSize);
        let mut size = 0usize;
        // SAFETY: the handle and descriptors are live and of one library;
        // `size` is a valid out-pointer.
        let status = unsafe {
            (get.f)(
                self.as_raw(),
                problem.reduce.as_raw(),
                problem.a.as_raw(),
                problem.c.as_raw(),
                &mut size,
            )
        };
        get.check(status)?;
        Ok(size)
    }

    /// The indices space, in bytes, a reduction that computes indices
    /// writes (one 32-bit index per element of `c`).
    ///
    /// # Errors
    /// As [`reduction_workspace_size`](Self::reduction_workspace_size).
    #[doc(alias = "cudnnGetReductionIndicesSize")]
    pub fn reduction_indices_size<T: DataType, U: DataType<Scale = T::Scale>>(
        &self,
        problem: &ReduceTensorProblem<T, U>,
    ) -> Result<usize>
    where
        T::Scale: DataType,
    {
        self.check_reduce_library("cudnnGetReductionIndicesSize", problem)?;
        self.bind_context()?;
        let get = ffi!(self.library(), cudnnGetReductionIndicesSize);
        let mut size = 0usize;
        // SAFETY: as in reduction_workspace_size.
        let status = unsafe {
            (get.f)(
                self.as_raw(),
                problem.reduce.as_raw(),
                problem.a.as_raw(),
                problem.c.as_raw(),
                &mut size,
            )
        };
        get.check(status)?;
        Ok(size)
    }

    /// `c = alpha * reduce(a) + beta * c`, reducing every dimension where
    /// `c` has 1 and `a` more. With a reduction that computes indices
    /// (`MIN`, `MAX`, `AMAX` with flattened indices), `indices` receives,
    /// for each element of `c`, the flattened index within the reduced
    /// dimensions of the element chosen; otherwise it must be `None`. The
    /// workspace grows to what cuDNN asks.
    ///
    /// Checks first with `ReduceTensorProblem::check_lengths`, then the
    /// indices against cuDNN's size, every descriptor's library and every
    /// buffer's CUDA context.
    ///
    /// # Errors
    /// As [`op_tensor`](Self::op_tensor).
    #[doc(alias = "cudnnReduceTensor")]
    pub fn reduce_tensor<T: DataType, U: DataType<Scale = T::Scale>>(
        &self,
        problem: &ReduceTensorProblem<T, U>,
        a: &impl DeviceBuffer<T>,
        c: &mut impl DeviceBufferMut<U>,
        indices: Option<&mut CudaSlice<u32>>,
        workspace: &mut Workspace,
        scaling: Scaling<T::Scale>,
    ) -> Result<()>
    where
        T::Scale: DataType,
    {
        problem.check_lengths(a.len(), c.len(), indices.as_ref().map(|i| i.len()))?;
        let l = self.launch(REDUCE)?;
        l.descriptor("reduce", problem.reduce.library())?;
        let a = l.input("a", a, &problem.a)?;
        let c = l.output("c", c, &problem.c)?;
        let need_ws = self.reduction_workspace_size(problem)?;
        let (ip, indices_bytes, _gi) = match indices {
            Some(i) => {
                let need = self.reduction_indices_size(problem)?;
                let elements = need.div_ceil(std::mem::size_of::<u32>());
                check_buffer(l.stream, REDUCE, "indices", &*i, elements)?;
                let bytes = crate::core::size::product([i.len(), std::mem::size_of::<u32>()])
                    .ok_or_else(|| {
                        crate::core::error::Error::bad_value(
                            REDUCE,
                            format!("an indices buffer of {} u32 overflows usize", i.len()),
                        )
                    })?;
                let (p, g) = i.device_ptr_mut(l.stream);
                (p, bytes, Some(g))
            }
            None => (0, 0, None),
        };
        let ws = l.workspace(workspace, need_ws)?;
        let run = ffi!(l.library(), cudnnReduceTensor);
        // SAFETY: buffers checked against their descriptors, the handle's
        // library and CUDA context; the indices buffer is present exactly
        // when the reduction computes indices and holds what cuDNN asked
        // for; the workspace holds at least what cuDNN asked for; alpha and
        // beta have the compute type.
        let status = unsafe {
            (run.f)(
                l.raw(),
                problem.reduce.as_raw(),
                ip as _,
                indices_bytes,
                ws.ptr(),
                ws.len(),
                scaling.alpha.as_ptr(),
                problem.a.as_raw(),
                a.ptr(),
                scaling.beta.as_ptr(),
                problem.c.as_raw(),
                c.ptr(),
            )
        };
        run.check(status)
    }
}
