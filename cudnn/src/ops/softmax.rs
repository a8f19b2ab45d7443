//! Softmax: accurate, fast and log; per instance and per channel; forward
//! and backward.

use cudnn_sys as sys;

use crate::core::dtype::{DataType, Scale};
use crate::core::error::Result;
use crate::core::handle::Handle;
use crate::core::launch::check_same_shape;
use crate::core::launch::{DeviceBuffer, DeviceBufferMut};
use crate::core::library::ffi;
use crate::core::modes::Scaling;
use crate::core::tensor::TensorDescriptor;

/// How softmax is computed (`cudnnSoftmaxAlgorithm_t`):
/// `SoftmaxAlgorithm::FAST` (no max subtraction), `ACCURATE` (subtracts
/// the max), `LOG` (log-softmax).
///
/// Its constants (generated): `FAST`, `ACCURATE` and `LOG`. Each is also there
/// by its C name (`CUDNN_SOFTMAX_FAST`), which `Display` writes.
pub type SoftmaxAlgorithm = sys::cudnnSoftmaxAlgorithm_t;

/// Over what softmax normalizes (`cudnnSoftmaxMode_t`):
/// `SoftmaxMode::INSTANCE` (over C, H, W for each N) or `CHANNEL` (over C
/// for each N, H, W).
///
/// Its constants (generated): `INSTANCE` and `CHANNEL`. Each is also there by
/// its C name (`CUDNN_SOFTMAX_MODE_INSTANCE`), which `Display` writes.
pub type SoftmaxMode = sys::cudnnSoftmaxMode_t;

/// The buffers of [`Handle::softmax_backward`]: the forward's output `y`,
/// its gradient `dy` (both with `y`'s descriptor) and the gradient `dx` it
/// computes (with `x`'s). Named fields, so that a swap shows at the call
/// site.
pub struct SoftmaxBackwardBuffers<'a, T> {
    /// The forward's output (for `SoftmaxAlgorithm::LOG`, the log-softmax).
    pub y: &'a dyn DeviceBuffer<T>,
    /// The gradient of `y`.
    pub dy: &'a dyn DeviceBuffer<T>,
    /// The gradient of `x`, written.
    pub dx: &'a mut dyn DeviceBufferMut<T>,
}

/// A softmax problem: the algorithm, the mode and the descriptors of `x`
/// (also that of `dx`) and `y` (also that of `dy`), checked once to have
/// one shape (their layouts may differ).
#[derive(Debug)]
pub struct SoftmaxProblem<T: DataType> {
    algo: SoftmaxAlgorithm,
    mode: SoftmaxMode,
    x: TensorDescriptor<T>,
    /// `None`: `y` has `x`'s descriptor.
    y: Option<TensorDescriptor<T>>,
}

impl<T: DataType> SoftmaxProblem<T> {
    /// A problem with `x` and `y` described separately.
    ///
    /// # Errors
    /// [`Mismatch::Shape`](crate::Mismatch::Shape) when `x` and `y` have
    /// different dimensions.
    pub fn new(
        algo: SoftmaxAlgorithm,
        mode: SoftmaxMode,
        x: TensorDescriptor<T>,
        y: TensorDescriptor<T>,
    ) -> Result<Self> {
        check_same_shape(
            "cudnnSoftmaxForward",
            &[("x", x.required_len(), &x), ("y", y.required_len(), &y)],
        )?;
        Ok(SoftmaxProblem {
            algo,
            mode,
            x,
            y: Some(y),
        })
    }

    /// A problem whose `x`, `y`, `dx` and `dy` all have the descriptor
    /// `desc`.
    pub fn same_descriptor(
        algo: SoftmaxAlgorithm,
        mode: SoftmaxMode,
        desc: TensorDescriptor<T>,
    ) -> Self {
        SoftmaxProblem {
            algo,
            mode,
            x: desc,
            y: None,
        }
    }

    /// The algorithm.
    pub fn algorithm(&self) -> SoftmaxAlgorithm {
        self.algo
    }
    /// The mode.
    pub fn mode(&self) -> SoftmaxMode {
        self.mode
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
    /// [`Mismatch::BufferTooShort`](crate::Mismatch::BufferTooShort) naming
    /// the first short buffer.
    #[cfg(test)]
    pub(crate) fn check_forward_lengths(&self, x: usize, y: usize) -> Result<()> {
        crate::core::launch::check_xy_lengths("cudnnSoftmaxForward", (self.x(), self.y()), x, y)
    }

    /// Checks buffer lengths for a backward launch.
    ///
    /// # Errors
    /// As [`check_forward_lengths`](Self::check_forward_lengths).
    #[cfg(test)]
    pub(crate) fn check_backward_lengths(&self, y: usize, dy: usize, dx: usize) -> Result<()> {
        crate::core::launch::check_lengths(
            "cudnnSoftmaxBackward",
            &[
                ("y", y, self.y().required_len()),
                ("dy", dy, self.y().required_len()),
                ("dx", dx, self.x().required_len()),
            ],
        )
    }
}

impl Handle {
    /// `y = alpha * softmax(x) + beta * y`.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) before any
    /// GPU work for a short buffer, a buffer of another CUDA context or a
    /// descriptor of another loaded cuDNN; cuDNN's and CUDA's errors.
    #[doc(alias = "cudnnSoftmaxForward")]
    pub fn softmax_forward<T: DataType>(
        &self,
        problem: &SoftmaxProblem<T>,
        x: &impl DeviceBuffer<T>,
        y: &mut impl DeviceBufferMut<T>,
        scaling: Scaling<T::Scale>,
    ) -> Result<()> {
        let l = self.launch("cudnnSoftmaxForward")?;
        let (x_desc, y_desc) = (problem.x(), problem.y());
        let x = l.input("x", x, x_desc)?;
        let y = l.output("y", y, y_desc)?;
        let run = ffi!(l.library(), cudnnSoftmaxForward);
        // SAFETY: buffers checked against their descriptors, library and
        // context; the shapes were checked by the problem; alpha and beta
        // have T's scaling type.
        let status = unsafe {
            (run.f)(
                l.raw(),
                problem.algo,
                problem.mode,
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

    /// `dx = alpha * softmax_backward(y, dy) + beta * dx`, given the
    /// forward's output `y` (for `SoftmaxAlgorithm::LOG`, the log-softmax).
    ///
    /// # Errors
    /// As [`softmax_forward`](Self::softmax_forward).
    #[doc(alias = "cudnnSoftmaxBackward")]
    pub fn softmax_backward<T: DataType>(
        &self,
        problem: &SoftmaxProblem<T>,
        buffers: SoftmaxBackwardBuffers<'_, T>,
        scaling: Scaling<T::Scale>,
    ) -> Result<()> {
        let SoftmaxBackwardBuffers { y, dy, dx } = buffers;
        let l = self.launch("cudnnSoftmaxBackward")?;
        let (x_desc, y_desc) = (problem.x(), problem.y());
        let y = l.input("y", y, y_desc)?;
        let dy = l.input("dy", dy, y_desc)?;
        let dx = l.output("dx", dx, x_desc)?;
        let run = ffi!(l.library(), cudnnSoftmaxBackward);
        // SAFETY: as in softmax_forward; dy and y share y's descriptor, dx
        // has x's.
        let status = unsafe {
            (run.f)(
                l.raw(),
                problem.algo,
                problem.mode,
                scaling.alpha.as_ptr(),
                y_desc.as_raw(),
                y.ptr(),
                y_desc.as_raw(),
                dy.ptr(),
                scaling.beta.as_ptr(),
                x_desc.as_raw(),
                dx.ptr(),
            )
        };
        run.check(status)
    }
}
