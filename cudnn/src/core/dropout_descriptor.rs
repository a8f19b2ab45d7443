//! The dropout descriptor (`cudnnDropoutDescriptor_t`) that the dropout
//! launches and the recurrent networks share: the probability, the seed and
//! the random-number states it owns, with the checks of its setup.

use std::sync::Arc;

use cudarc::driver::CudaSlice;
use cudnn_sys as sys;

use crate::core::descriptor::raw_descriptor;
use crate::core::dtype::DataType;
use crate::core::error::{ensure, Error, Mismatch, Result};
use crate::core::handle::Handle;
use crate::core::launch::{check_buffer, check_lengths};
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
pub(crate) fn check_dropout_probability(function: &'static str, probability: f32) -> Result<()> {
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
pub(crate) fn check_dropout_states(
    function: &'static str,
    len: usize,
    required: usize,
) -> Result<()> {
    check_lengths(function, &[("states", len, required)])
}

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
    pub error: Box<Error>,
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

impl From<DropoutStatesError> for Error {
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
        check_buffer(l.stream, F, "states", &self.states, 0)?;
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
