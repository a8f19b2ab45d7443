//! Softmax: accurate, fast and log; per instance and per channel; forward
//! and backward.

use cudnn_sys as sys;

use crate::dtype::{DataType, Scale};
use crate::error::Result;
use crate::handle::Handle;
use crate::launch::check_same_shape;
use crate::launch::{DeviceBuffer, DeviceBufferMut};
use crate::library::ffi;
use crate::tensor::TensorDescriptor;

/// How softmax is computed (`cudnnSoftmaxAlgorithm_t`):
/// `CUDNN_SOFTMAX_FAST` (no max subtraction), `CUDNN_SOFTMAX_ACCURATE`
/// (subtracts the max), `CUDNN_SOFTMAX_LOG` (log-softmax).
pub type SoftmaxAlgorithm = sys::cudnnSoftmaxAlgorithm_t;

/// Over what softmax normalizes (`cudnnSoftmaxMode_t`):
/// `CUDNN_SOFTMAX_MODE_INSTANCE` (over C, H, W for each N) or
/// `CUDNN_SOFTMAX_MODE_CHANNEL` (over C for each N, H, W).
pub type SoftmaxMode = sys::cudnnSoftmaxMode_t;

impl Handle {
    /// `y = alpha * softmax(x) + beta * y`.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) before any
    /// GPU work for a shape mismatch or a short buffer; cuDNN's and CUDA's
    /// errors.
    #[allow(clippy::too_many_arguments)]
    #[doc(alias = "cudnnSoftmaxForward")]
    pub fn softmax_forward<T: DataType>(
        &self,
        algo: SoftmaxAlgorithm,
        mode: SoftmaxMode,
        alpha: T::Scale,
        x_desc: &TensorDescriptor<T>,
        x: &impl DeviceBuffer<T>,
        beta: T::Scale,
        y_desc: &TensorDescriptor<T>,
        y: &mut impl DeviceBufferMut<T>,
    ) -> Result<()> {
        const F: &str = "cudnnSoftmaxForward";
        check_same_shape(F, &[("x", x.len(), x_desc), ("y", y.len(), y_desc)])?;
        let stream = self.launch_stream(F)?;
        crate::launch::check_input(self.library(), stream, F, "x", x, x_desc)?;
        crate::launch::check_output(self.library(), stream, F, "y", y, y_desc)?;
        let run = ffi!(self.library(), cudnnSoftmaxForward);
        let (xp, _gx) = x.device_ptr(stream);
        let (yp, _gy) = y.device_ptr_mut(stream);
        // SAFETY: buffers checked against their descriptors and device;
        // alpha and beta have T's scaling type.
        let status = unsafe {
            (run.f)(
                self.as_raw(),
                algo,
                mode,
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

    /// `dx = alpha * softmax_backward(y, dy) + beta * dx`, given the
    /// forward's output `y` (for `CUDNN_SOFTMAX_LOG`, the log-softmax).
    ///
    /// # Errors
    /// As [`softmax_forward`](Self::softmax_forward).
    #[allow(clippy::too_many_arguments)]
    #[doc(alias = "cudnnSoftmaxBackward")]
    pub fn softmax_backward<T: DataType>(
        &self,
        algo: SoftmaxAlgorithm,
        mode: SoftmaxMode,
        alpha: T::Scale,
        y_desc: &TensorDescriptor<T>,
        y: &impl DeviceBuffer<T>,
        dy_desc: &TensorDescriptor<T>,
        dy: &impl DeviceBuffer<T>,
        beta: T::Scale,
        dx_desc: &TensorDescriptor<T>,
        dx: &mut impl DeviceBufferMut<T>,
    ) -> Result<()> {
        const F: &str = "cudnnSoftmaxBackward";
        check_same_shape(
            F,
            &[
                ("y", y.len(), y_desc),
                ("dy", dy.len(), dy_desc),
                ("dx", dx.len(), dx_desc),
            ],
        )?;
        let stream = self.launch_stream(F)?;
        crate::launch::check_input(self.library(), stream, F, "y", y, y_desc)?;
        crate::launch::check_input(self.library(), stream, F, "dy", dy, dy_desc)?;
        crate::launch::check_output(self.library(), stream, F, "dx", dx, dx_desc)?;
        let run = ffi!(self.library(), cudnnSoftmaxBackward);
        let (yp, _gy) = y.device_ptr(stream);
        let (dyp, _gdy) = dy.device_ptr(stream);
        let (dxp, _gdx) = dx.device_ptr_mut(stream);
        // SAFETY: as in softmax_forward.
        let status = unsafe {
            (run.f)(
                self.as_raw(),
                algo,
                mode,
                alpha.as_ptr(),
                y_desc.as_raw(),
                yp as _,
                dy_desc.as_raw(),
                dyp as _,
                beta.as_ptr(),
                dx_desc.as_raw(),
                dxp as _,
            )
        };
        run.check(status)
    }
}
