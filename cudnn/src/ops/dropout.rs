//! Dropout: a descriptor that owns its random-number states, and checked
//! forward and backward launches.
//!
//! The forward pass zeroes each element with probability `p` and scales the
//! others by `1 / (1 - p)`; the elements it dropped are recorded in a
//! reserve space (a bit mask, [`DropoutDescriptor::reserve_space_size`]
//! bytes) that the backward pass reads to route the gradient through the
//! same elements. A [`DropoutProblem`] holds the descriptors of `x` and `y`
//! and the reserve size; every launch checks its arguments first with one
//! of its methods, which need no GPU.

use std::sync::Arc;

use cudarc::driver::CudaSlice;
use cudnn_sys as sys;

use crate::core::descriptor::raw_descriptor;
use crate::core::dtype::DataType;
use crate::core::error::{ensure, Mismatch, Result};
use crate::core::handle::Handle;
use crate::core::launch::check_lengths;
use crate::core::launch::{DeviceBuffer, DeviceBufferMut};
use crate::core::library::{ffi, Library};
use crate::core::tensor::TensorDescriptor;

raw_descriptor!(
    /// An owned `cudnnDropoutDescriptor_t`.
    RawDropout,
    sys::cudnnDropoutDescriptor_t,
    cudnnCreateDropoutDescriptor,
    cudnnDestroyDropoutDescriptor
);

/// A dropout descriptor (`cudnnDropoutDescriptor_t`): the probability, the
/// seed, and the device buffer of random-number-generator states it owns.
///
/// Creating one ([`new`](Self::new)) launches a kernel that initializes
/// the states from the seed, so it needs a [`Handle`];
/// [`restore`](Self::restore) adopts states initialized before (a copy of
/// [`states`](Self::states), say) without that kernel. Forward launches
/// advance the states, so they take the descriptor mutably.
///
/// Not `Clone` ([`try_clone`](Self::try_clone) makes a second descriptor
/// with a copy of the states); `Send`, not `Sync`.
pub struct DropoutDescriptor {
    raw: RawDropout,
    states: CudaSlice<u8>,
    probability: f32,
    seed: u64,
}

static_assertions::assert_impl_all!(DropoutDescriptor: Send);
static_assertions::assert_not_impl_any!(DropoutDescriptor: Sync, Clone);

impl std::fmt::Debug for DropoutDescriptor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DropoutDescriptor")
            .field("raw", &self.raw)
            .field("probability", &self.probability)
            .field("seed", &self.seed)
            .field("states_bytes", &self.states.len())
            .finish()
    }
}

/// The dropout probability is in `[0, 1)` (1 would scale the kept
/// elements, of which there are none, by infinity).
///
/// # Errors
/// [`Mismatch::BadValue`].
pub fn check_dropout_probability(function: &'static str, probability: f32) -> Result<()> {
    ensure((0.0..1.0).contains(&probability), function, || {
        Mismatch::BadValue {
            what: format!("dropout probability {probability}: must be in [0, 1)"),
        }
    })
}

/// The states buffer holds at least the `required` bytes
/// ([`Handle::dropout_states_size`]).
///
/// # Errors
/// [`Mismatch::BufferTooShort`] for `states`.
pub fn check_dropout_states(function: &'static str, len: usize, required: usize) -> Result<()> {
    check_lengths(function, &[("states", len, required)])
}

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

    /// Every check of [`Handle::dropout_forward`] that needs no GPU: each
    /// buffer (lengths in elements, the reserve's in bytes) is as long as
    /// its descriptor spans, the reserve space as
    /// [`reserve_size`](Self::reserve_size).
    ///
    /// # Errors
    /// [`Mismatch::BufferTooShort`].
    pub fn check_forward_lengths(&self, x: usize, y: usize, reserve: usize) -> Result<()> {
        check_lengths(
            FORWARD,
            &[
                ("x", x, self.x().required_len()),
                ("y", y, self.y().required_len()),
                ("reserve", reserve, self.reserve),
            ],
        )
    }

    /// Every check of [`Handle::dropout_backward`] that needs no GPU, as
    /// [`check_forward_lengths`](Self::check_forward_lengths) for `dy` and
    /// `dx`.
    ///
    /// # Errors
    /// [`Mismatch::BufferTooShort`].
    pub fn check_backward_lengths(&self, dy: usize, dx: usize, reserve: usize) -> Result<()> {
        check_lengths(
            BACKWARD,
            &[
                ("dy", dy, self.y().required_len()),
                ("dx", dx, self.x().required_len()),
                ("reserve", reserve, self.reserve),
            ],
        )
    }
}

const FORWARD: &str = "cudnnDropoutForward";
const BACKWARD: &str = "cudnnDropoutBackward";

impl Handle {
    /// The bytes of random-number-generator states a
    /// [`DropoutDescriptor`] needs on this handle's device.
    ///
    /// # Errors
    /// cuDNN's error.
    #[doc(alias = "cudnnDropoutGetStatesSize")]
    pub fn dropout_states_size(&self) -> Result<usize> {
        self.bind_context()?;
        let get = ffi!(self.library(), cudnnDropoutGetStatesSize);
        let mut size = 0usize;
        // SAFETY: the handle is live; `size` is a valid out-pointer.
        let status = unsafe { (get.f)(self.as_raw(), &mut size) };
        get.check(status)?;
        Ok(size)
    }
}

/// A dropout descriptor that could not be set up, with the states buffer
/// the caller gave, so that it is not lost.
pub struct DropoutStatesError {
    /// Why (boxed: the error is large, the states are what matter here).
    pub error: Box<crate::core::error::Error>,
    /// The caller's states buffer, unchanged in ownership.
    pub states: CudaSlice<u8>,
}

impl std::fmt::Debug for DropoutStatesError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DropoutStatesError")
            .field("error", &self.error)
            .field("states_len", &self.states.len())
            .finish()
    }
}

impl std::fmt::Display for DropoutStatesError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(&self.error, f)
    }
}

impl std::error::Error for DropoutStatesError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&*self.error)
    }
}

impl From<DropoutStatesError> for crate::core::error::Error {
    fn from(e: DropoutStatesError) -> Self {
        *e.error
    }
}

/// Which of cuDNN's two ways of setting a descriptor.
#[derive(Clone, Copy)]
enum Setup {
    Initialize,
    Restore,
}

impl DropoutDescriptor {
    /// A dropout of `probability` whose states, in `states` (at least
    /// [`Handle::dropout_states_size`] bytes, on the handle's device), are
    /// initialized from `seed` by a kernel on `handle`'s stream. The same
    /// seed gives the same masks.
    ///
    /// # Errors
    /// [`Mismatch::BadValue`] for a probability outside `[0, 1)`;
    /// [`Mismatch::BufferTooShort`] or [`Mismatch::WrongDevice`] for
    /// `states`; [`Mismatch::NoStream`]; cuDNN's and CUDA's errors. The
    /// error hands `states` back ([`DropoutStatesError`]); `?` turns it into
    /// an [`Error`](crate::Error).
    #[doc(alias = "cudnnSetDropoutDescriptor")]
    pub fn new(
        handle: &Handle,
        probability: f32,
        seed: u64,
        states: CudaSlice<u8>,
    ) -> std::result::Result<Self, DropoutStatesError> {
        Self::setup(Setup::Initialize, handle, probability, seed, states)
    }

    /// A dropout of `probability` that adopts `states` as they are:
    /// random-number states initialized earlier by [`new`](Self::new) (for
    /// example a copy of [`states`](Self::states) saved then), so that the
    /// next masks continue from that point. No kernel runs; `seed` is only
    /// recorded.
    ///
    /// # Errors
    /// As [`new`](Self::new).
    #[doc(alias = "cudnnRestoreDropoutDescriptor")]
    pub fn restore(
        handle: &Handle,
        probability: f32,
        seed: u64,
        states: CudaSlice<u8>,
    ) -> std::result::Result<Self, DropoutStatesError> {
        Self::setup(Setup::Restore, handle, probability, seed, states)
    }

    fn setup(
        how: Setup,
        handle: &Handle,
        probability: f32,
        seed: u64,
        mut states: CudaSlice<u8>,
    ) -> std::result::Result<Self, DropoutStatesError> {
        match Self::configure(how, handle, probability, seed, &mut states) {
            Ok(raw) => Ok(DropoutDescriptor {
                raw,
                states,
                probability,
                seed,
            }),
            Err(error) => Err(DropoutStatesError {
                error: Box::new(error),
                states,
            }),
        }
    }

    /// Creates the descriptor and sets it up on `states`, which the caller
    /// keeps whatever happens.
    fn configure(
        how: Setup,
        handle: &Handle,
        probability: f32,
        seed: u64,
        states: &mut CudaSlice<u8>,
    ) -> Result<RawDropout> {
        let function = match how {
            Setup::Initialize => "cudnnSetDropoutDescriptor",
            Setup::Restore => "cudnnRestoreDropoutDescriptor",
        };
        check_dropout_probability(function, probability)?;
        let l = handle.launch(function)?;
        let need = handle.dropout_states_size()?;
        check_dropout_states(function, states.len(), need)?;
        let raw = RawDropout::create(l.library())?;
        let len = states.len();
        {
            let sp = l.scratch("states", states, need)?;
            let lib = raw.lib();
            let status = match how {
                Setup::Initialize => {
                    let set = ffi!(lib, cudnnSetDropoutDescriptor);
                    // SAFETY: the descriptor and handle are live; `states`
                    // holds `len` >= the required bytes in the handle's
                    // CUDA context and is owned by the descriptor from here
                    // on.
                    let status =
                        unsafe { (set.f)(raw.ptr(), l.raw(), probability, sp.ptr(), len, seed) };
                    set.check(status)
                }
                Setup::Restore => {
                    let set = ffi!(lib, cudnnRestoreDropoutDescriptor);
                    // SAFETY: as above; restoring only records the pointer.
                    let status =
                        unsafe { (set.f)(raw.ptr(), l.raw(), probability, sp.ptr(), len, seed) };
                    set.check(status)
                }
            };
            status?;
        }
        Ok(raw)
    }

    /// A second descriptor with the same probability and seed, and a copy
    /// of the states as they are now (copied on `handle`'s stream, after
    /// the work queued on them): the two give the same masks from here on,
    /// each advancing its own states. The copy is adopted as
    /// [`restore`](Self::restore) does, without reinitializing.
    ///
    /// A clone that shared one states buffer (cuDNN allows restoring a
    /// descriptor onto the same memory) is not offered: two owners would
    /// advance the same states from two places, racing on another stream,
    /// and the memory would be freed by whichever dropped first.
    ///
    /// # Errors
    /// [`Mismatch::OtherLibrary`] for a handle of another loaded cuDNN; as
    /// [`restore`](Self::restore); CUDA's error when the copy cannot be
    /// allocated.
    #[doc(alias = "cudnnRestoreDropoutDescriptor")]
    pub fn try_clone(&self, handle: &Handle) -> Result<Self> {
        const F: &str = "cudnnRestoreDropoutDescriptor";
        let l = handle.launch(F)?;
        l.descriptor("dropout", self.library())?;
        crate::core::launch::check_buffer(l.stream, F, "states", &self.states, 0)?;
        let copy = l.stream.clone_dtod(&self.states)?;
        Ok(Self::restore(handle, self.probability, self.seed, copy)?)
    }

    /// The reserve space, in bytes, that [`Handle::dropout_forward`] fills
    /// for input `x_desc` and [`Handle::dropout_backward`] reads (a bit
    /// mask, rounded up). Needs no GPU.
    ///
    /// # Errors
    /// cuDNN's error.
    #[doc(alias = "cudnnDropoutGetReserveSpaceSize")]
    pub fn reserve_space_size<T: DataType>(x_desc: &TensorDescriptor<T>) -> Result<usize> {
        let get = ffi!(x_desc.library(), cudnnDropoutGetReserveSpaceSize);
        let mut size = 0usize;
        // SAFETY: the descriptor is live; `size` is a valid out-pointer.
        let status = unsafe { (get.f)(x_desc.as_raw(), &mut size) };
        get.check(status)?;
        Ok(size)
    }

    /// The probability of dropping an element.
    pub fn probability(&self) -> f32 {
        self.probability
    }

    /// The seed the states were (or are said to have been) initialized from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The random-number states (copy them to restore this point later).
    pub fn states(&self) -> &CudaSlice<u8> {
        &self.states
    }

    /// Gives the states buffer back, destroying the descriptor.
    pub fn into_states(self) -> CudaSlice<u8> {
        self.states
    }

    /// The raw descriptor; it stays owned by `self`.
    pub fn as_raw(&self) -> sys::cudnnDropoutDescriptor_t {
        self.raw.ptr()
    }

    /// The library it was created with.
    pub fn library(&self) -> &Arc<Library> {
        self.raw.lib()
    }

    /// The states, for a launch that advances them (the RNN training
    /// forward) to hold exclusively.
    pub(crate) fn states_mut(&mut self) -> &mut CudaSlice<u8> {
        &mut self.states
    }
}

impl Handle {
    /// `y = dropout(x)`: each element zeroed with probability
    /// `dropout.probability()`, the others scaled by `1 / (1 - p)`; the
    /// mask is written to `reserve` (at least
    /// [`DropoutProblem::reserve_size`] bytes) for
    /// [`dropout_backward`](Self::dropout_backward). Advances the
    /// descriptor's random states.
    ///
    /// Checks first with [`DropoutProblem::check_forward_lengths`], then
    /// every descriptor's library and every buffer's CUDA context (the
    /// states' included).
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
        problem.check_forward_lengths(x.len(), y.len(), reserve.len())?;
        let l = self.launch(FORWARD)?;
        l.descriptor("dropout", dropout.library())?;
        let (x_desc, y_desc) = (problem.x(), problem.y());
        let x = l.input("x", x, x_desc)?;
        let y = l.output("y", y, y_desc)?;
        let reserve_len = reserve.len();
        let r = l.scratch("reserve", reserve, problem.reserve_size())?;
        // The kernel reads and advances the states the descriptor points at.
        let _states = l.scratch("states", &mut dropout.states, 0)?;
        let run = ffi!(l.library(), cudnnDropoutForward);
        // SAFETY: x, y and the reserve space were checked against their
        // descriptors, cuDNN's reserve size, the handle's library and CUDA
        // context; the descriptor's states live in `dropout`, borrowed
        // mutably for the call.
        let status = unsafe {
            (run.f)(
                l.raw(),
                dropout.raw.ptr(),
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
    /// Checks first with [`DropoutProblem::check_backward_lengths`].
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
        problem.check_backward_lengths(dy.len(), dx.len(), reserve.len())?;
        let l = self.launch(BACKWARD)?;
        l.descriptor("dropout", dropout.library())?;
        let (dy_desc, dx_desc) = (problem.y(), problem.x());
        let dy = l.input("dy", dy, dy_desc)?;
        let dx = l.output("dx", dx, dx_desc)?;
        crate::core::launch::check_buffer(
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
                dropout.raw.ptr(),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn probabilities() {
        assert!(check_dropout_probability("f", 0.0).is_ok());
        assert!(check_dropout_probability("f", 0.5).is_ok());
        assert!(check_dropout_probability("f", 0.999).is_ok());
        assert!(check_dropout_probability("f", 1.0).is_err());
        assert!(check_dropout_probability("f", -0.1).is_err());
        assert!(check_dropout_probability("f", f32::NAN).is_err());
    }
}
