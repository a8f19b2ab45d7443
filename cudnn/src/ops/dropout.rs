//! Dropout: checked forward and backward launches with a
//! [`DropoutDescriptor`], which owns its random-number states.
//!
//! The forward pass zeroes each element with probability `p` and scales the
//! others by `1 / (1 - p)`; the elements it dropped are recorded in a
//! reserve space (a bit mask, [`DropoutDescriptor::reserve_space_size`]
//! bytes) that the backward pass reads to route the gradient through the
//! same elements. A [`DropoutProblem`] holds the descriptors of `x` and `y`
//! and the reserve size; every launch checks each buffer against them
//! through the launch layer before it calls cuDNN.

use crate::core::dtype::DataType;
use crate::core::error::{ensure, Mismatch, Result};
use crate::core::handle::Handle;
use crate::core::launch::check_buffer;
use crate::core::launch::{DeviceBuffer, DeviceBufferMut};
use crate::core::library::ffi;
use crate::core::tensor::TensorDescriptor;

/// Re-exported from the core, where the recurrent networks find them too.
pub use crate::core::dropout_descriptor::{DropoutDescriptor, DropoutStatesError};

/// A dropout: the descriptors of `x` (also that of `dx`) and `y` (also
/// that of `dy`), checked once to have one shape (their layouts may
/// differ), and the size of the reserve space the forward pass fills.
#[derive(Debug)]
pub struct DropoutProblem<T: DataType> {
    x: TensorDescriptor<T>,
    /// `None`: `y` has `x`'s descriptor.
    y: Option<TensorDescriptor<T>>,
    reserve: usize,
}

impl<T: DataType> DropoutProblem<T> {
    /// A dropout of `x` into `y`. Needs no GPU.
    ///
    /// # Errors
    /// [`Mismatch::Shape`] when `x` and `y` have different dimensions
    /// (naming `cudnnDropoutForward`); cuDNN's error for the reserve size.
    pub fn new(x: TensorDescriptor<T>, y: TensorDescriptor<T>) -> Result<Self> {
        ensure(x.dims() == y.dims(), FORWARD, || Mismatch::Shape {
            what: format!(
                "`y` is {:?} but `x` is {:?}: they must have the same dimensions (`dy` has \
                 `y`'s descriptor, `dx` has `x`'s)",
                y.dims(),
                x.dims()
            ),
        })?;
        let reserve = DropoutDescriptor::reserve_space_size(&x)?;
        Ok(DropoutProblem {
            x,
            y: Some(y),
            reserve,
        })
    }

    /// A dropout whose `x`, `y`, `dx` and `dy` all have the descriptor
    /// `desc`.
    ///
    /// # Errors
    /// cuDNN's error for the reserve size.
    pub fn same_descriptor(desc: TensorDescriptor<T>) -> Result<Self> {
        let reserve = DropoutDescriptor::reserve_space_size(&desc)?;
        Ok(DropoutProblem {
            x: desc,
            y: None,
            reserve,
        })
    }

    /// The descriptor of `x` and `dx`.
    pub fn x(&self) -> &TensorDescriptor<T> {
        &self.x
    }

    /// The descriptor of `y` and `dy`.
    pub fn y(&self) -> &TensorDescriptor<T> {
        self.y.as_ref().unwrap_or(&self.x)
    }

    /// The bytes of reserve space [`Handle::dropout_forward`] fills and
    /// [`Handle::dropout_backward`] reads
    /// ([`DropoutDescriptor::reserve_space_size`] of `x`).
    pub fn reserve_size(&self) -> usize {
        self.reserve
    }
}

const FORWARD: &str = "cudnnDropoutForward";
const BACKWARD: &str = "cudnnDropoutBackward";

impl Handle {
    /// `y = dropout(x)`: each element zeroed with probability
    /// `dropout.probability()`, the others scaled by `1 / (1 - p)`; the
    /// mask is written to `reserve` (at least
    /// [`DropoutProblem::reserve_size`] bytes) for
    /// [`dropout_backward`](Self::dropout_backward). Advances the
    /// descriptor's random states.
    ///
    /// Checks first every descriptor's library, every buffer's CUDA
    /// context (the states' included) and length: each as long as its
    /// descriptor spans, the reserve space as
    /// [`DropoutProblem::reserve_size`].
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) before any
    /// GPU work for a mismatch; cuDNN's and CUDA's errors.
    #[doc(alias = "cudnnDropoutForward")]
    pub fn dropout_forward<T: DataType>(
        &self,
        dropout: &mut DropoutDescriptor,
        problem: &DropoutProblem<T>,
        x: &impl DeviceBuffer<T>,
        y: &mut impl DeviceBufferMut<T>,
        reserve: &mut impl DeviceBufferMut<u8>,
    ) -> Result<()> {
        let l = self.launch(FORWARD)?;
        l.descriptor("dropout", dropout.library())?;
        let (x_desc, y_desc) = (problem.x(), problem.y());
        let x = l.input("x", x, x_desc)?;
        let y = l.output("y", y, y_desc)?;
        let reserve_len = reserve.len();
        let r = l.scratch("reserve", reserve, problem.reserve_size())?;
        let raw = dropout.as_raw();
        // The kernel reads and advances the states the descriptor points at.
        let _states = l.scratch("states", dropout.states_mut(), 0)?;
        let run = ffi!(l.library(), cudnnDropoutForward);
        // SAFETY: x, y and the reserve space were checked against their
        // descriptors, cuDNN's reserve size, the handle's library and CUDA
        // context; the descriptor's states live in `dropout`, borrowed
        // mutably for the call.
        let status = unsafe {
            (run.f)(
                l.raw(),
                raw,
                x_desc.as_raw(),
                x.ptr(),
                y_desc.as_raw(),
                y.ptr(),
                r.ptr(),
                reserve_len,
            )
        };
        run.check(status)
    }

    /// `dx = dropout_backward(dy)`: the gradient through the elements the
    /// forward pass kept (scaled by `1 / (1 - p)`), zero elsewhere;
    /// `reserve` is the one [`dropout_forward`](Self::dropout_forward)
    /// filled, and `dropout` the descriptor it ran with.
    ///
    /// Checks first as [`dropout_forward`](Self::dropout_forward) does.
    ///
    /// # Errors
    /// As [`dropout_forward`](Self::dropout_forward).
    #[doc(alias = "cudnnDropoutBackward")]
    pub fn dropout_backward<T: DataType>(
        &self,
        dropout: &DropoutDescriptor,
        problem: &DropoutProblem<T>,
        dy: &impl DeviceBuffer<T>,
        dx: &mut impl DeviceBufferMut<T>,
        reserve: &impl DeviceBuffer<u8>,
    ) -> Result<()> {
        let l = self.launch(BACKWARD)?;
        l.descriptor("dropout", dropout.library())?;
        let (dy_desc, dx_desc) = (problem.y(), problem.x());
        let dy = l.input("dy", dy, dy_desc)?;
        let dx = l.output("dx", dx, dx_desc)?;
        check_buffer(
            l.stream,
            BACKWARD,
            "reserve",
            reserve,
            problem.reserve_size(),
        )?;
        let (rp, _gr) = reserve.device_ptr(l.stream);
        let run = ffi!(l.library(), cudnnDropoutBackward);
        // SAFETY: buffers checked against their descriptors, the reserve
        // size, the handle's library and CUDA context; cuDNN only reads the
        // reserve space here, although its prototype takes it mutable.
        let status = unsafe {
            (run.f)(
                l.raw(),
                dropout.as_raw(),
                dy_desc.as_raw(),
                dy.ptr(),
                dx_desc.as_raw(),
                dx.ptr(),
                rp as _,
                reserve.len(),
            )
        };
        run.check(status)
    }
}
