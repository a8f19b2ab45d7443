//! The convolution launches: forward, backward data, backward filter,
//! backward bias and the fused conv-bias-activation. Each takes the
//! problem, the algorithm choice, the workspace, its scaling and a struct
//! of named buffers.

#![warn(clippy::arithmetic_side_effects)]

use super::algo::{AlgoChoice, BwdData, BwdFilter, Dir, Fwd};
use super::conv_args::{
    ConvBackwardDataArgs, ConvBackwardFilterArgs, ConvBiasActivationArgs, ConvBiasScaling,
    ConvForwardArgs, ConvZ,
};
use super::conv_problem::{check_bias_shape, ConvProblem, BIAS_ACTIVATION};
use super::{BwdDataAlgo, BwdFilterAlgo, FwdAlgo};
use crate::core::dtype::{ComputeType, ComputesIn, Scale};
use crate::core::error::Result;
use crate::core::handle::Handle;
use crate::core::launch::{DeviceBuffer, DeviceBufferMut};
use crate::core::library::ffi;
use crate::core::modes::Scaling;
use crate::core::tensor::TensorDescriptor;
use crate::core::workspace::Workspace;

#[cfg(doc)]
use crate::core::error::{Error, Mismatch};

impl Handle {
    /// `y = alpha * conv(x, w) + beta * y` on the handle's stream.
    ///
    /// Checks first: the handle has a stream; the convolution descriptor
    /// and every buffer's descriptor are of the handle's library; every
    /// buffer is in the handle's CUDA context and at least as long as its
    /// descriptor's extent; `y`'s strides do not overlap. Then it writes
    /// `choice`'s math type into the convolution descriptor
    /// ([`ConvolutionDescriptor::math_type`](super::ConvolutionDescriptor::math_type)
    /// reads it back) and grows the workspace to what `choice` needs for
    /// this problem (asked of cuDNN when the choice was made for another
    /// problem, CUDA context or loaded cuDNN).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] before any GPU work for a mismatch;
    /// cuDNN's and CUDA's errors.
    #[doc(alias = "cudnnConvolutionForward")]
    pub fn convolution_forward<T: ComputesIn<C>, C: ComputeType>(
        &self,
        p: &ConvProblem<T, C>,
        choice: &AlgoChoice<FwdAlgo>,
        ws: &mut Workspace,
        args: ConvForwardArgs<'_, T>,
        scaling: Scaling<T::Scale>,
    ) -> Result<()> {
        let l = self.launch("cudnnConvolutionForward")?;
        l.descriptor("convolution", p.conv.library())?;
        let x = l.input("x", args.x, &p.x)?;
        let w = l.input("w", args.w, &p.w)?;
        let y = l.output("y", args.y, &p.y)?;
        p.conv.write_math_type(choice.math_type)?;
        let ws = l.workspace_sized(ws, p.id, &choice.workspace, |lib, h| {
            Fwd::workspace_size(lib, h, p, choice.algo)
        })?;
        let run = ffi!(l.library(), cudnnConvolutionForward);
        // SAFETY: every descriptor is of the handle's library; every buffer
        // was checked against its descriptor and context; the workspace
        // holds at least what the algorithm needs; alpha and beta have the
        // scaling type cuDNN expects for T.
        let status = unsafe {
            (run.f)(
                l.raw(),
                scaling.alpha.as_ptr(),
                p.x.as_raw(),
                x.ptr(),
                p.w.as_raw(),
                w.ptr(),
                p.conv.as_raw(),
                choice.algo,
                ws.ptr(),
                ws.len(),
                scaling.beta.as_ptr(),
                p.y.as_raw(),
                y.ptr(),
            )
        };
        run.check(status)
    }

    /// `dx = alpha * conv_backward_data(w, dy) + beta * dx`: the gradient of
    /// the input, and the transposed convolution (`dy` has `p.y()`'s
    /// descriptor, `dx` has `p.x()`'s).
    ///
    /// # Errors
    /// As [`convolution_forward`](Self::convolution_forward).
    #[doc(alias = "cudnnConvolutionBackwardData")]
    pub fn convolution_backward_data<T: ComputesIn<C>, C: ComputeType>(
        &self,
        p: &ConvProblem<T, C>,
        choice: &AlgoChoice<BwdDataAlgo>,
        ws: &mut Workspace,
        args: ConvBackwardDataArgs<'_, T>,
        scaling: Scaling<T::Scale>,
    ) -> Result<()> {
        let l = self.launch("cudnnConvolutionBackwardData")?;
        l.descriptor("convolution", p.conv.library())?;
        let w = l.input("w", args.w, &p.w)?;
        let dy = l.input("dy", args.dy, &p.y)?;
        let dx = l.output("dx", args.dx, &p.x)?;
        p.conv.write_math_type(choice.math_type)?;
        let ws = l.workspace_sized(ws, p.id, &choice.workspace, |lib, h| {
            BwdData::workspace_size(lib, h, p, choice.algo)
        })?;
        let run = ffi!(l.library(), cudnnConvolutionBackwardData);
        // SAFETY: as in convolution_forward.
        let status = unsafe {
            (run.f)(
                l.raw(),
                scaling.alpha.as_ptr(),
                p.w.as_raw(),
                w.ptr(),
                p.y.as_raw(),
                dy.ptr(),
                p.conv.as_raw(),
                choice.algo,
                ws.ptr(),
                ws.len(),
                scaling.beta.as_ptr(),
                p.x.as_raw(),
                dx.ptr(),
            )
        };
        run.check(status)
    }

    /// `dw = alpha * conv_backward_filter(x, dy) + beta * dw`: the gradient
    /// of the filter.
    ///
    /// # Errors
    /// As [`convolution_forward`](Self::convolution_forward).
    #[doc(alias = "cudnnConvolutionBackwardFilter")]
    pub fn convolution_backward_filter<T: ComputesIn<C>, C: ComputeType>(
        &self,
        p: &ConvProblem<T, C>,
        choice: &AlgoChoice<BwdFilterAlgo>,
        ws: &mut Workspace,
        args: ConvBackwardFilterArgs<'_, T>,
        scaling: Scaling<T::Scale>,
    ) -> Result<()> {
        let l = self.launch("cudnnConvolutionBackwardFilter")?;
        l.descriptor("convolution", p.conv.library())?;
        let x = l.input("x", args.x, &p.x)?;
        let dy = l.input("dy", args.dy, &p.y)?;
        let dw = l.output("dw", args.dw, &p.w)?;
        p.conv.write_math_type(choice.math_type)?;
        let ws = l.workspace_sized(ws, p.id, &choice.workspace, |lib, h| {
            BwdFilter::workspace_size(lib, h, p, choice.algo)
        })?;
        let run = ffi!(l.library(), cudnnConvolutionBackwardFilter);
        // SAFETY: as in convolution_forward.
        let status = unsafe {
            (run.f)(
                l.raw(),
                scaling.alpha.as_ptr(),
                p.x.as_raw(),
                x.ptr(),
                p.y.as_raw(),
                dy.ptr(),
                p.conv.as_raw(),
                choice.algo,
                ws.ptr(),
                ws.len(),
                scaling.beta.as_ptr(),
                p.w.as_raw(),
                dw.ptr(),
            )
        };
        run.check(status)
    }

    /// `db = alpha * sum(dy over N and spatial) + beta * db`: the gradient
    /// of a per-channel bias of `p`'s output (`dy` has `p.y()`'s
    /// descriptor; `db_desc` is `(1, K, 1, ...)`).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] when `db_desc` is not `(1, K, 1, ...)` for
    /// `p.y()`'s K, for a descriptor of another loaded cuDNN, or a short
    /// buffer; cuDNN's errors.
    #[doc(alias = "cudnnConvolutionBackwardBias")]
    pub fn convolution_backward_bias<T: ComputesIn<C>, C: ComputeType>(
        &self,
        p: &ConvProblem<T, C>,
        db_desc: &TensorDescriptor<T>,
        dy: &impl DeviceBuffer<T>,
        db: &mut impl DeviceBufferMut<T>,
        scaling: Scaling<T::Scale>,
    ) -> Result<()> {
        const F: &str = "cudnnConvolutionBackwardBias";
        check_bias_shape(F, p.y.dims(), db_desc.dims())?;
        let l = self.launch(F)?;
        let dy = l.input("dy", dy, &p.y)?;
        let db = l.output("db", db, db_desc)?;
        let run = ffi!(l.library(), cudnnConvolutionBackwardBias);
        // SAFETY: buffers checked against their descriptors (of the
        // handle's library) and context; alpha and beta have T's scaling
        // type.
        let status = unsafe {
            (run.f)(
                l.raw(),
                scaling.alpha.as_ptr(),
                p.y.as_raw(),
                dy.ptr(),
                scaling.beta.as_ptr(),
                db_desc.as_raw(),
                db.ptr(),
            )
        };
        run.check(status)
    }

    /// The fused `y = act(alpha1 * conv(x, w) + alpha2 * z + bias)`; `z`
    /// has `p.y()`'s shape and is its own buffer or `y` itself
    /// ([`ConvZ`](super::ConvZ)); `bias` is `(1, K, 1, ...)`. cuDNN fuses ReLU, and
    /// identity only with `IMPLICIT_PRECOMP_GEMM` (checked here); it
    /// answers `NOT_SUPPORTED` for modes it cannot fuse.
    ///
    /// Checks first the bias's shape and that cuDNN fuses the activation
    /// with `choice`'s algorithm; then as
    /// [`convolution_forward`](Self::convolution_forward), for `z` and
    /// `bias` too, and the activation descriptor's library.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for a bias of the wrong shape, an
    /// activation cuDNN does not fuse, a descriptor of another loaded
    /// cuDNN, or a short buffer; cuDNN's errors.
    #[doc(alias = "cudnnConvolutionBiasActivationForward")]
    pub fn convolution_bias_activation_forward<T: ComputesIn<C>, C: ComputeType>(
        &self,
        p: &ConvProblem<T, C>,
        choice: &AlgoChoice<FwdAlgo>,
        ws: &mut Workspace,
        args: ConvBiasActivationArgs<'_, T>,
        scaling: ConvBiasScaling<T::Scale>,
    ) -> Result<()> {
        p.check_bias_activation(args.bias_desc, args.activation, choice.algo)?;
        let l = self.launch(BIAS_ACTIVATION)?;
        l.descriptor("convolution", p.conv.library())?;
        l.descriptor("activation", args.activation.library())?;
        let x = l.input("x", args.x, &p.x)?;
        let w = l.input("w", args.w, &p.w)?;
        let z = match args.z {
            ConvZ::Buffer(z) => Some(l.input("z", z, &p.y)?),
            ConvZ::Y => None,
        };
        let bias = l.input("bias", args.bias, args.bias_desc)?;
        let y = l.output("y", args.y, &p.y)?;
        let zp = z.as_ref().map_or_else(|| y.ptr(), |z| z.ptr());
        p.conv.write_math_type(choice.math_type)?;
        let ws = l.workspace_sized(ws, p.id, &choice.workspace, |lib, h| {
            Fwd::workspace_size(lib, h, p, choice.algo)
        })?;
        let run = ffi!(l.library(), cudnnConvolutionBiasActivationForward);
        // SAFETY: as in convolution_forward; z has y's descriptor and was
        // checked against it (or is y's own buffer, which cuDNN allows with
        // the same descriptor); bias was checked against its own.
        let status = unsafe {
            (run.f)(
                l.raw(),
                scaling.alpha1.as_ptr(),
                p.x.as_raw(),
                x.ptr(),
                p.w.as_raw(),
                w.ptr(),
                p.conv.as_raw(),
                choice.algo,
                ws.ptr(),
                ws.len(),
                scaling.alpha2.as_ptr(),
                p.y.as_raw(),
                zp,
                args.bias_desc.as_raw(),
                bias.ptr(),
                args.activation.as_raw(),
                p.y.as_raw(),
                y.ptr(),
            )
        };
        run.check(status)
    }
}
