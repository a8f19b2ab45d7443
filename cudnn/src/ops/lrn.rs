//! Local response normalization across channels: forward and backward.

use std::sync::Arc;

use cudnn_sys as sys;

use crate::descriptor::raw_descriptor;
use crate::dtype::{DataType, Scale};
use crate::error::{ensure, Mismatch, Result};
use crate::handle::Handle;
use crate::launch::check_same_shape;
use crate::launch::{DeviceBuffer, DeviceBufferMut};
use crate::library::{ffi, library, Library};
use crate::tensor::TensorDescriptor;

raw_descriptor!(
    /// An owned `cudnnLRNDescriptor_t`.
    RawLrn,
    sys::cudnnLRNDescriptor_t,
    cudnnCreateLRNDescriptor,
    cudnnDestroyLRNDescriptor
);

/// An LRN descriptor: `y = x / (k + alpha / n * sum(x^2 over n channels))^beta`.
/// Not `Clone`; `Send`, not `Sync`.
#[derive(Debug)]
pub struct LrnDescriptor {
    raw: RawLrn,
    n: u32,
    alpha: f64,
    beta: f64,
    k: f64,
}

impl LrnDescriptor {
    /// A cross-channel LRN over windows of `n` channels, with the
    /// process-wide library.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) for `n`
    /// outside `CUDNN_LRN_MIN_N..=CUDNN_LRN_MAX_N` (1..=16), `k` below
    /// `CUDNN_LRN_MIN_K` or `beta` below `CUDNN_LRN_MIN_BETA`; cuDNN's error
    /// otherwise.
    #[doc(alias = "cudnnSetLRNDescriptor")]
    pub fn new(n: u32, alpha: f64, beta: f64, k: f64) -> Result<Self> {
        Self::new_in(library()?, n, alpha, beta, k)
    }

    /// [`new`](Self::new) with the library `lib`.
    ///
    /// # Errors
    /// As [`new`](Self::new).
    pub fn new_in(lib: Arc<Library>, n: u32, alpha: f64, beta: f64, k: f64) -> Result<Self> {
        check_lrn_parameters(n, alpha, beta, k)?;
        let raw = RawLrn::create(lib)?;
        let set = ffi!(raw.lib(), cudnnSetLRNDescriptor);
        // SAFETY: the descriptor is live; the rest are plain values.
        let status = unsafe { (set.f)(raw.ptr(), n, alpha, beta, k) };
        set.check(status)?;
        Ok(LrnDescriptor {
            raw,
            n,
            alpha,
            beta,
            k,
        })
    }

    /// (n, alpha, beta, k).
    pub fn parameters(&self) -> (u32, f64, f64, f64) {
        (self.n, self.alpha, self.beta, self.k)
    }

    /// The raw descriptor; it stays owned by `self`.
    pub fn as_raw(&self) -> sys::cudnnLRNDescriptor_t {
        self.raw.ptr()
    }
}

/// cuDNN's limits on LRN parameters, checked without calling cuDNN.
///
/// # Errors
/// [`Mismatch::BadValue`] naming the parameter.
pub fn check_lrn_parameters(n: u32, alpha: f64, beta: f64, k: f64) -> Result<()> {
    const F: &str = "cudnnSetLRNDescriptor";
    ensure(
        (sys::CUDNN_LRN_MIN_N..=sys::CUDNN_LRN_MAX_N).contains(&n),
        F,
        || Mismatch::BadValue {
            what: format!(
                "n = {n}: must be between {} and {}",
                sys::CUDNN_LRN_MIN_N,
                sys::CUDNN_LRN_MAX_N
            ),
        },
    )?;
    ensure(k >= sys::CUDNN_LRN_MIN_K, F, || Mismatch::BadValue {
        what: format!("k = {k}: must be at least {}", sys::CUDNN_LRN_MIN_K),
    })?;
    ensure(beta >= sys::CUDNN_LRN_MIN_BETA, F, || Mismatch::BadValue {
        what: format!(
            "beta = {beta}: must be at least {}",
            sys::CUDNN_LRN_MIN_BETA
        ),
    })?;
    ensure(alpha.is_finite(), F, || Mismatch::BadValue {
        what: format!("alpha = {alpha}: must be finite"),
    })
}

const CROSS_CHANNEL: sys::cudnnLRNMode_t = sys::cudnnLRNMode_t::CUDNN_LRN_CROSS_CHANNEL_DIM1;

impl Handle {
    /// `y = alpha * lrn(x) + beta * y`, across channels.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) before any
    /// GPU work for a shape mismatch or a short buffer; cuDNN's and CUDA's
    /// errors.
    #[allow(clippy::too_many_arguments)]
    #[doc(alias = "cudnnLRNCrossChannelForward")]
    pub fn lrn_cross_channel_forward<T: DataType>(
        &self,
        lrn: &LrnDescriptor,
        alpha: T::Scale,
        x_desc: &TensorDescriptor<T>,
        x: &impl DeviceBuffer<T>,
        beta: T::Scale,
        y_desc: &TensorDescriptor<T>,
        y: &mut impl DeviceBufferMut<T>,
    ) -> Result<()> {
        const F: &str = "cudnnLRNCrossChannelForward";
        check_same_shape(F, &[("x", x.len(), x_desc), ("y", y.len(), y_desc)])?;
        let stream = self.launch_stream(F)?;
        crate::launch::check_input(self.library(), stream, F, "x", x, x_desc)?;
        crate::launch::check_output(self.library(), stream, F, "y", y, y_desc)?;
        let run = ffi!(self.library(), cudnnLRNCrossChannelForward);
        let (xp, _gx) = x.device_ptr(stream);
        let (yp, _gy) = y.device_ptr_mut(stream);
        // SAFETY: buffers checked against their descriptors and device;
        // alpha and beta have T's scaling type.
        let status = unsafe {
            (run.f)(
                self.as_raw(),
                lrn.as_raw(),
                CROSS_CHANNEL,
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

    /// `dx = alpha * lrn_backward(y, dy, x) + beta * dx`.
    ///
    /// # Errors
    /// As [`lrn_cross_channel_forward`](Self::lrn_cross_channel_forward).
    #[allow(clippy::too_many_arguments)]
    #[doc(alias = "cudnnLRNCrossChannelBackward")]
    pub fn lrn_cross_channel_backward<T: DataType>(
        &self,
        lrn: &LrnDescriptor,
        alpha: T::Scale,
        y_desc: &TensorDescriptor<T>,
        y: &impl DeviceBuffer<T>,
        dy_desc: &TensorDescriptor<T>,
        dy: &impl DeviceBuffer<T>,
        x_desc: &TensorDescriptor<T>,
        x: &impl DeviceBuffer<T>,
        beta: T::Scale,
        dx_desc: &TensorDescriptor<T>,
        dx: &mut impl DeviceBufferMut<T>,
    ) -> Result<()> {
        const F: &str = "cudnnLRNCrossChannelBackward";
        check_same_shape(
            F,
            &[
                ("y", y.len(), y_desc),
                ("dy", dy.len(), dy_desc),
                ("x", x.len(), x_desc),
                ("dx", dx.len(), dx_desc),
            ],
        )?;
        let stream = self.launch_stream(F)?;
        crate::launch::check_input(self.library(), stream, F, "y", y, y_desc)?;
        crate::launch::check_input(self.library(), stream, F, "dy", dy, dy_desc)?;
        crate::launch::check_input(self.library(), stream, F, "x", x, x_desc)?;
        crate::launch::check_output(self.library(), stream, F, "dx", dx, dx_desc)?;
        let run = ffi!(self.library(), cudnnLRNCrossChannelBackward);
        let (yp, _gy) = y.device_ptr(stream);
        let (dyp, _gdy) = dy.device_ptr(stream);
        let (xp, _gx) = x.device_ptr(stream);
        let (dxp, _gdx) = dx.device_ptr_mut(stream);
        // SAFETY: as in lrn_cross_channel_forward.
        let status = unsafe {
            (run.f)(
                self.as_raw(),
                lrn.as_raw(),
                CROSS_CHANNEL,
                alpha.as_ptr(),
                y_desc.as_raw(),
                yp as _,
                dy_desc.as_raw(),
                dyp as _,
                x_desc.as_raw(),
                xp as _,
                beta.as_ptr(),
                dx_desc.as_raw(),
                dxp as _,
            )
        };
        run.check(status)
    }
}
