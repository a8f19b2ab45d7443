//! Activations: ReLU, sigmoid, tanh, clipped ReLU, ELU, swish, identity;
//! forward and backward, in place where cuDNN allows it.

use crate::core::dtype::{DataType, Scale};
use crate::core::error::{ensure, Mismatch, Result};
use crate::core::handle::Handle;
use crate::core::launch::check_same_shape;
use crate::core::launch::{DeviceBuffer, DeviceBufferMut};
use crate::core::library::ffi;
use crate::core::modes::Scaling;
use crate::core::tensor::TensorDescriptor;

/// Re-exported from the core, where the families that fuse an activation
/// (convolution, batch normalization) find it too.
pub use crate::core::activation_descriptor::{ActivationDescriptor, ActivationMode};

/// The buffers of a backward launch of activation, pooling or LRN: the
/// forward's input `x` and output `y`, the gradient `dy` of `y` (with
/// `y`'s descriptor) and the gradient `dx` it computes (with `x`'s
/// descriptor). Named fields, so that a swap shows at the call site.
pub struct BackwardBuffers<'a, T> {
    /// The forward's output.
    pub y: &'a dyn DeviceBuffer<T>,
    /// The gradient of `y`.
    pub dy: &'a dyn DeviceBuffer<T>,
    /// The forward's input.
    pub x: &'a dyn DeviceBuffer<T>,
    /// The gradient of `x`, written.
    pub dx: &'a mut dyn DeviceBufferMut<T>,
}

/// The buffers of [`Handle::activation_backward_in_place`]: the forward's
/// output `y` and input `x`, and `dy_dx`, which holds `dy` and receives
/// `dx`.
pub struct InPlaceBackwardBuffers<'a, T> {
    /// The forward's output.
    pub y: &'a dyn DeviceBuffer<T>,
    /// The forward's input.
    pub x: &'a dyn DeviceBuffer<T>,
    /// The gradient of `y`, overwritten with the gradient of `x`.
    pub dy_dx: &'a mut dyn DeviceBufferMut<T>,
}

/// An activation problem: the function and the descriptors of `x` (also
/// that of `dx`) and `y` (also that of `dy`), checked once to have one
/// shape (their layouts may differ).
#[derive(Debug)]
pub struct ActivationProblem<T: DataType> {
    act: ActivationDescriptor,
    x: TensorDescriptor<T>,
    /// `None`: `y` has `x`'s descriptor.
    y: Option<TensorDescriptor<T>>,
}

impl<T: DataType> ActivationProblem<T> {
    /// A problem with `x` and `y` described separately.
    ///
    /// # Errors
    /// [`Mismatch::Shape`] when `x` and `y` have different dimensions.
    pub fn new(
        act: ActivationDescriptor,
        x: TensorDescriptor<T>,
        y: TensorDescriptor<T>,
    ) -> Result<Self> {
        check_same_shape(
            "cudnnActivationForward",
            &[("x", x.required_len(), &x), ("y", y.required_len(), &y)],
        )?;
        Ok(ActivationProblem { act, x, y: Some(y) })
    }

    /// A problem whose `x`, `y`, `dx` and `dy` all have the descriptor
    /// `desc`, as the in-place launches need.
    pub fn same_descriptor(act: ActivationDescriptor, desc: TensorDescriptor<T>) -> Self {
        ActivationProblem {
            act,
            x: desc,
            y: None,
        }
    }

    /// The activation.
    pub fn activation(&self) -> &ActivationDescriptor {
        &self.act
    }
    /// The descriptor of `x` and `dx`.
    pub fn x(&self) -> &TensorDescriptor<T> {
        &self.x
    }
    /// The descriptor of `y` and `dy`.
    pub fn y(&self) -> &TensorDescriptor<T> {
        self.y.as_ref().unwrap_or(&self.x)
    }

    /// Checks buffer lengths for a forward launch (the part of a launch's
    /// checks that needs no GPU).
    ///
    /// # Errors
    /// [`Mismatch::BufferTooShort`] naming the first short buffer.
    #[cfg(test)]
    pub(crate) fn check_forward_lengths(&self, x: usize, y: usize) -> Result<()> {
        crate::core::launch::check_xy_lengths("cudnnActivationForward", (self.x(), self.y()), x, y)
    }

    /// Checks buffer lengths for a backward launch.
    ///
    /// # Errors
    /// As [`check_forward_lengths`](Self::check_forward_lengths).
    #[cfg(test)]
    pub(crate) fn check_backward_lengths(
        &self,
        y: usize,
        dy: usize,
        x: usize,
        dx: usize,
    ) -> Result<()> {
        crate::core::launch::check_xy_backward_lengths(
            "cudnnActivationBackward",
            (self.x(), self.y()),
            (y, dy),
            (x, dx),
        )
    }

    /// Checks that the in-place launches may run: cuDNN computes in place
    /// only when input and output have one layout, so `x` and `y` must have
    /// the same strides (always true of
    /// [`same_descriptor`](Self::same_descriptor)).
    ///
    /// # Errors
    /// [`Mismatch::Shape`] when their strides differ.
    pub(crate) fn check_in_place(&self) -> Result<()> {
        self.check_in_place_for("cudnnActivationForward")
    }

    fn check_in_place_for(&self, function: &'static str) -> Result<()> {
        let (x, y) = (self.x(), self.y());
        ensure(x.strides() == y.strides(), function, || Mismatch::Shape {
            what: format!(
                "in place, `x` and `y` need one layout but their strides are {:?} and {:?}",
                x.strides(),
                y.strides()
            ),
        })
    }
}

impl Handle {
    /// `y = alpha * act(x) + beta * y`.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) before any
    /// GPU work for a short buffer, a buffer of another CUDA context or a
    /// descriptor of another loaded cuDNN; cuDNN's and CUDA's errors.
    #[doc(alias = "cudnnActivationForward")]
    pub fn activation_forward<T: DataType>(
        &self,
        problem: &ActivationProblem<T>,
        x: &impl DeviceBuffer<T>,
        y: &mut impl DeviceBufferMut<T>,
        scaling: Scaling<T::Scale>,
    ) -> Result<()> {
        let l = self.launch("cudnnActivationForward")?;
        let act = problem.activation();
        l.descriptor("activation", act.library())?;
        let (x_desc, y_desc) = (problem.x(), problem.y());
        let x = l.input("x", x, x_desc)?;
        let y = l.output("y", y, y_desc)?;
        let run = ffi!(l.library(), cudnnActivationForward);
        // SAFETY: buffers checked against their descriptors, library and
        // context; the shapes were checked by the problem; alpha and beta
        // have T's scaling type.
        let status = unsafe {
            (run.f)(
                l.raw(),
                act.as_raw(),
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

    /// `xy = alpha * act(xy) + beta * xy`, in place (cuDNN allows `x` and
    /// `y` to be the same buffer with the same descriptor).
    ///
    /// # Errors
    /// As [`activation_forward`](Self::activation_forward), and
    /// `ActivationProblem::check_in_place`'s.
    #[doc(alias = "cudnnActivationForward")]
    pub fn activation_forward_in_place<T: DataType>(
        &self,
        problem: &ActivationProblem<T>,
        xy: &mut impl DeviceBufferMut<T>,
        scaling: Scaling<T::Scale>,
    ) -> Result<()> {
        problem.check_in_place()?;
        let l = self.launch("cudnnActivationForward")?;
        let act = problem.activation();
        l.descriptor("activation", act.library())?;
        let desc = problem.x();
        let xy = l.output("xy", xy, desc)?;
        let run = ffi!(l.library(), cudnnActivationForward);
        // SAFETY: as in activation_forward; cuDNN documents in-place
        // operation (x == y with one descriptor) for this function.
        let status = unsafe {
            (run.f)(
                l.raw(),
                act.as_raw(),
                scaling.alpha.as_ptr(),
                desc.as_raw(),
                xy.ptr(),
                scaling.beta.as_ptr(),
                desc.as_raw(),
                xy.ptr(),
            )
        };
        run.check(status)
    }

    /// `dx = alpha * act'(x, y) * dy + beta * dx`, given the forward's
    /// input `x` and output `y`.
    ///
    /// # Errors
    /// As [`activation_forward`](Self::activation_forward).
    #[doc(alias = "cudnnActivationBackward")]
    pub fn activation_backward<T: DataType>(
        &self,
        problem: &ActivationProblem<T>,
        buffers: BackwardBuffers<'_, T>,
        scaling: Scaling<T::Scale>,
    ) -> Result<()> {
        let BackwardBuffers { y, dy, x, dx } = buffers;
        let l = self.launch("cudnnActivationBackward")?;
        let act = problem.activation();
        l.descriptor("activation", act.library())?;
        let (x_desc, y_desc) = (problem.x(), problem.y());
        let y = l.input("y", y, y_desc)?;
        let dy = l.input("dy", dy, y_desc)?;
        let x = l.input("x", x, x_desc)?;
        let dx = l.output("dx", dx, x_desc)?;
        let run = ffi!(l.library(), cudnnActivationBackward);
        // SAFETY: as in activation_forward; dy and y share y's descriptor,
        // dx and x share x's.
        let status = unsafe {
            (run.f)(
                l.raw(),
                act.as_raw(),
                scaling.alpha.as_ptr(),
                y_desc.as_raw(),
                y.ptr(),
                y_desc.as_raw(),
                dy.ptr(),
                x_desc.as_raw(),
                x.ptr(),
                scaling.beta.as_ptr(),
                x_desc.as_raw(),
                dx.ptr(),
            )
        };
        run.check(status)
    }

    /// The backward pass in place: `dy` becomes `dx` (cuDNN allows `dx` and
    /// `dy` to be the same buffer with the same descriptor).
    ///
    /// # Errors
    /// As [`activation_forward_in_place`](Self::activation_forward_in_place).
    #[doc(alias = "cudnnActivationBackward")]
    pub fn activation_backward_in_place<T: DataType>(
        &self,
        problem: &ActivationProblem<T>,
        buffers: InPlaceBackwardBuffers<'_, T>,
        scaling: Scaling<T::Scale>,
    ) -> Result<()> {
        problem.check_in_place_for("cudnnActivationBackward")?;
        let InPlaceBackwardBuffers { y, x, dy_dx } = buffers;
        let l = self.launch("cudnnActivationBackward")?;
        let act = problem.activation();
        l.descriptor("activation", act.library())?;
        let d = problem.x();
        let y = l.input("y", y, d)?;
        let x = l.input("x", x, d)?;
        let dy_dx = l.output("dy_dx", dy_dx, d)?;
        let run = ffi!(l.library(), cudnnActivationBackward);
        let d = d.as_raw();
        // SAFETY: as in activation_forward; x and y have one layout
        // (check_in_place), so one descriptor describes every buffer; cuDNN
        // documents in-place operation (dy == dx with one descriptor) for
        // this function.
        let status = unsafe {
            (run.f)(
                l.raw(),
                act.as_raw(),
                scaling.alpha.as_ptr(),
                d,
                y.ptr(),
                d,
                dy_dx.ptr(),
                d,
                x.ptr(),
                scaling.beta.as_ptr(),
                d,
                dy_dx.ptr(),
            )
        };
        run.check(status)
    }
}
