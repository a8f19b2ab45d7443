//! Local response normalization across channels: forward and backward.

use std::sync::Arc;

use cudnn_sys as sys;

use crate::core::descriptor::raw_descriptor;
use crate::core::dtype::{DataType, Scale};
use crate::core::error::{ensure, Mismatch, Result};
use crate::core::handle::Handle;
use crate::core::launch::check_same_shape;
use crate::core::launch::{DeviceBuffer, DeviceBufferMut};
use crate::core::library::{ffi, library, Library};
use crate::core::modes::Scaling;
use crate::core::tensor::TensorDescriptor;

use super::activation::BackwardBuffers;

raw_descriptor!(
    /// An owned `cudnnLRNDescriptor_t`.
    RawLrn,
    sys::cudnnLRNDescriptor_t,
    cudnnCreateLRNDescriptor,
    cudnnDestroyLRNDescriptor
);

/// An LRN descriptor: `y = x / (k + alpha / n * sum(x^2 over n channels))^beta`.
/// Not `Clone` ([`try_clone`](Self::try_clone) makes a second one); `Send`,
/// not `Sync`.
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
        check_lrn_parameters_in("LrnDescriptor::new", n, alpha, beta, k)?;
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

    /// A second descriptor with the same settings, made by the same
    /// library.
    ///
    /// # Errors
    /// cuDNN's error creating or setting the new descriptor.
    pub fn try_clone(&self) -> Result<Self> {
        Self::new_in(
            Arc::clone(self.raw.lib()),
            self.n,
            self.alpha,
            self.beta,
            self.k,
        )
    }

    /// (n, alpha, beta, k).
    pub fn parameters(&self) -> (u32, f64, f64, f64) {
        (self.n, self.alpha, self.beta, self.k)
    }

    /// The library that made it.
    pub fn library(&self) -> &Arc<Library> {
        self.raw.lib()
    }

    /// The raw descriptor; it stays owned by `self`.
    pub fn as_raw(&self) -> sys::cudnnLRNDescriptor_t {
        self.raw.ptr()
    }
}

/// cuDNN's limits on LRN parameters, checked without calling cuDNN.
///
/// # Errors
/// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming
/// `check_lrn_parameters`: [`Mismatch::BadValue`] naming the parameter and
/// the limit of `cudnnSetLRNDescriptor`.
#[cfg(test)]
pub(crate) fn check_lrn_parameters(n: u32, alpha: f64, beta: f64, k: f64) -> Result<()> {
    check_lrn_parameters_in("check_lrn_parameters", n, alpha, beta, k)
}

/// [`check_lrn_parameters`] for the public function `function`.
pub(crate) fn check_lrn_parameters_in(
    function: &'static str,
    n: u32,
    alpha: f64,
    beta: f64,
    k: f64,
) -> Result<()> {
    ensure(
        (sys::CUDNN_LRN_MIN_N..=sys::CUDNN_LRN_MAX_N).contains(&n),
        function,
        || Mismatch::BadValue {
            what: format!(
                "n = {n}: must be between {} and {}",
                sys::CUDNN_LRN_MIN_N,
                sys::CUDNN_LRN_MAX_N
            ),
        },
    )?;
    ensure(k >= sys::CUDNN_LRN_MIN_K, function, || Mismatch::BadValue {
        what: format!("k = {k}: must be at least {}", sys::CUDNN_LRN_MIN_K),
    })?;
    ensure(beta >= sys::CUDNN_LRN_MIN_BETA, function, || {
        Mismatch::BadValue {
            what: format!(
                "beta = {beta}: must be at least {}",
                sys::CUDNN_LRN_MIN_BETA
            ),
        }
    })?;
    ensure(alpha.is_finite(), function, || Mismatch::BadValue {
        what: format!("alpha = {alpha}: must be finite"),
    })
}

const CROSS_CHANNEL: sys::cudnnLRNMode_t = sys::cudnnLRNMode_t::CROSS_CHANNEL_DIM1;

/// A cross-channel LRN problem: the LRN and the descriptors of `x` (also
/// that of `dx`) and `y` (also that of `dy`), checked once to have one
/// shape (their layouts may differ).
#[derive(Debug)]
pub struct LrnProblem<T: DataType> {
    lrn: LrnDescriptor,
    x: TensorDescriptor<T>,
    /// `None`: `y` has `x`'s descriptor.
    y: Option<TensorDescriptor<T>>,
}

impl<T: DataType> LrnProblem<T> {
    /// A problem with `x` and `y` described separately.
    ///
    /// # Errors
    /// [`Mismatch::Shape`] when `x` and `y` have different dimensions.
    pub fn new(lrn: LrnDescriptor, x: TensorDescriptor<T>, y: TensorDescriptor<T>) -> Result<Self> {
        check_same_shape(
            "cudnnLRNCrossChannelForward",
            &[("x", x.required_len(), &x), ("y", y.required_len(), &y)],
        )?;
        Ok(LrnProblem { lrn, x, y: Some(y) })
    }

    /// A problem whose `x`, `y`, `dx` and `dy` all have the descriptor
    /// `desc`.
    pub fn same_descriptor(lrn: LrnDescriptor, desc: TensorDescriptor<T>) -> Self {
        LrnProblem {
            lrn,
            x: desc,
            y: None,
        }
    }

    /// The LRN.
    pub fn lrn(&self) -> &LrnDescriptor {
        &self.lrn
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
        crate::core::launch::check_xy_lengths(
            "cudnnLRNCrossChannelForward",
            (self.x(), self.y()),
            x,
            y,
        )
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
            "cudnnLRNCrossChannelBackward",
            (self.x(), self.y()),
            (y, dy),
            (x, dx),
        )
    }
}

impl Handle {
    /// `y = alpha * lrn(x) + beta * y`, across channels.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) before any
    /// GPU work for a short buffer, a buffer of another CUDA context or a
    /// descriptor of another loaded cuDNN; cuDNN's and CUDA's errors.
    #[doc(alias = "cudnnLRNCrossChannelForward")]
    pub fn lrn_cross_channel_forward<T: DataType>(
        &self,
        problem: &LrnProblem<T>,
        x: &impl DeviceBuffer<T>,
        y: &mut impl DeviceBufferMut<T>,
        scaling: Scaling<T::Scale>,
    ) -> Result<()> {
        let l = self.launch("cudnnLRNCrossChannelForward")?;
        let lrn = problem.lrn();
        l.descriptor("lrn", lrn.library())?;
        let (x_desc, y_desc) = (problem.x(), problem.y());
        let x = l.input("x", x, x_desc)?;
        let y = l.output("y", y, y_desc)?;
        let run = ffi!(l.library(), cudnnLRNCrossChannelForward);
        // SAFETY: buffers checked against their descriptors, library and
        // context; the shapes were checked by the problem; alpha and beta
        // have T's scaling type.
        let status = unsafe {
            (run.f)(
                l.raw(),
                lrn.as_raw(),
                CROSS_CHANNEL,
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

    /// `dx = alpha * lrn_backward(y, dy, x) + beta * dx`.
    ///
    /// # Errors
    /// As [`lrn_cross_channel_forward`](Self::lrn_cross_channel_forward).
    #[doc(alias = "cudnnLRNCrossChannelBackward")]
    pub fn lrn_cross_channel_backward<T: DataType>(
        &self,
        problem: &LrnProblem<T>,
        buffers: BackwardBuffers<'_, T>,
        scaling: Scaling<T::Scale>,
    ) -> Result<()> {
        let BackwardBuffers { y, dy, x, dx } = buffers;
        let l = self.launch("cudnnLRNCrossChannelBackward")?;
        let lrn = problem.lrn();
        l.descriptor("lrn", lrn.library())?;
        let (x_desc, y_desc) = (problem.x(), problem.y());
        let y = l.input("y", y, y_desc)?;
        let dy = l.input("dy", dy, y_desc)?;
        let x = l.input("x", x, x_desc)?;
        let dx = l.output("dx", dx, x_desc)?;
        let run = ffi!(l.library(), cudnnLRNCrossChannelBackward);
        // SAFETY: as in lrn_cross_channel_forward; dy and y share y's
        // descriptor, dx and x share x's.
        let status = unsafe {
            (run.f)(
                l.raw(),
                lrn.as_raw(),
                CROSS_CHANNEL,
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
}
