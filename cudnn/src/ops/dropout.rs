//! Dropout: a descriptor that owns its random-number states, and checked
//! forward and backward launches.
//!
//! The forward pass zeroes each element with probability `p` and scales the
//! others by `1 / (1 - p)`; the elements it dropped are recorded in a
//! reserve space (a bit mask, [`DropoutDescriptor::reserve_space_size`]
//! bytes) that the backward pass reads to route the gradient through the
//! same elements. Every launch checks its arguments first with a `check_*`
//! function of this module, which needs no GPU.

use std::sync::Arc;

use cudarc::driver::{CudaSlice, DevicePtr, DevicePtrMut};
use cudnn_sys as sys;

use crate::descriptor::raw_descriptor;
use crate::dtype::DataType;
use crate::error::{ensure, Mismatch, Result};
use crate::handle::Handle;
use crate::launch::check_lengths;
use crate::launch::{DeviceBuffer, DeviceBufferMut};
use crate::library::ffi;
use crate::tensor::TensorDescriptor;

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
/// Not `Clone`; `Send`, not `Sync`.
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

/// Every check of [`Handle::dropout_forward`] that needs no GPU: `x` and
/// `y` have the same dimensions, each buffer is as long as its descriptor
/// spans, and the reserve space holds `reserve_required` bytes
/// ([`DropoutDescriptor::reserve_space_size`] of `x_desc`).
///
/// # Errors
/// [`Error::InvalidArgument`](crate::Error::InvalidArgument) with
/// [`Mismatch::Shape`] or [`Mismatch::BufferTooShort`].
pub fn check_dropout_forward<T: DataType>(
    x_desc: &TensorDescriptor<T>,
    x_len: usize,
    y_desc: &TensorDescriptor<T>,
    y_len: usize,
    reserve_len: usize,
    reserve_required: usize,
) -> Result<()> {
    check_pair(
        "cudnnDropoutForward",
        ("x", x_desc, x_len),
        ("y", y_desc, y_len),
        reserve_len,
        reserve_required,
    )
}

/// Every check of [`Handle::dropout_backward`] that needs no GPU, as
/// [`check_dropout_forward`] for `dy` and `dx`.
///
/// # Errors
/// As [`check_dropout_forward`].
pub fn check_dropout_backward<T: DataType>(
    dy_desc: &TensorDescriptor<T>,
    dy_len: usize,
    dx_desc: &TensorDescriptor<T>,
    dx_len: usize,
    reserve_len: usize,
    reserve_required: usize,
) -> Result<()> {
    check_pair(
        "cudnnDropoutBackward",
        ("dy", dy_desc, dy_len),
        ("dx", dx_desc, dx_len),
        reserve_len,
        reserve_required,
    )
}

fn check_pair<T: DataType>(
    function: &'static str,
    (a_name, a_desc, a_len): (&'static str, &TensorDescriptor<T>, usize),
    (b_name, b_desc, b_len): (&'static str, &TensorDescriptor<T>, usize),
    reserve_len: usize,
    reserve_required: usize,
) -> Result<()> {
    ensure(a_desc.dims() == b_desc.dims(), function, || {
        Mismatch::Shape {
            what: format!(
                "`{a_name}` is {:?} but `{b_name}` is {:?}: they must have the same dimensions",
                a_desc.dims(),
                b_desc.dims()
            ),
        }
    })?;
    check_lengths(
        function,
        &[
            (a_name, a_len, a_desc.required_len()),
            (b_name, b_len, b_desc.required_len()),
            ("reserve", reserve_len, reserve_required),
        ],
    )
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
    /// `states`; [`Mismatch::NoStream`]; cuDNN's and CUDA's errors.
    #[doc(alias = "cudnnSetDropoutDescriptor")]
    pub fn new(
        handle: &Handle,
        probability: f32,
        seed: u64,
        states: CudaSlice<u8>,
    ) -> Result<Self> {
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
    ) -> Result<Self> {
        Self::setup(Setup::Restore, handle, probability, seed, states)
    }

    fn setup(
        how: Setup,
        handle: &Handle,
        probability: f32,
        seed: u64,
        mut states: CudaSlice<u8>,
    ) -> Result<Self> {
        let function = match how {
            Setup::Initialize => "cudnnSetDropoutDescriptor",
            Setup::Restore => "cudnnRestoreDropoutDescriptor",
        };
        check_dropout_probability(function, probability)?;
        let stream = handle.launch_stream(function)?;
        let need = handle.dropout_states_size()?;
        check_dropout_states(function, states.len(), need)?;
        crate::launch::check_buffer(stream, function, "states", &states, need)?;
        let raw = RawDropout::create(Arc::clone(handle.library()))?;
        let lib = raw.lib();
        let len = states.len();
        {
            let (sp, _gs) = states.device_ptr_mut(stream);
            let status = match how {
                Setup::Initialize => {
                    let set = ffi!(lib, cudnnSetDropoutDescriptor);
                    // SAFETY: the descriptor and handle are live; `states`
                    // holds `len` >= the required bytes on the handle's
                    // device and is owned by the descriptor from here on.
                    let status = unsafe {
                        (set.f)(raw.ptr(), handle.as_raw(), probability, sp as _, len, seed)
                    };
                    set.check(status)
                }
                Setup::Restore => {
                    let set = ffi!(lib, cudnnRestoreDropoutDescriptor);
                    // SAFETY: as above; restoring only records the pointer.
                    let status = unsafe {
                        (set.f)(raw.ptr(), handle.as_raw(), probability, sp as _, len, seed)
                    };
                    set.check(status)
                }
            };
            status?;
        }
        Ok(DropoutDescriptor {
            raw,
            states,
            probability,
            seed,
        })
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
}

impl Handle {
    /// `y = dropout(x)`: each element zeroed with probability
    /// `desc.probability()`, the others scaled by `1 / (1 - p)`; the mask
    /// is written to `reserve` (at least
    /// [`DropoutDescriptor::reserve_space_size`] bytes) for
    /// [`dropout_backward`](Self::dropout_backward). Advances the
    /// descriptor's random states.
    ///
    /// Checks first with [`check_dropout_forward`], then the stream and
    /// every buffer's device (the states' included).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) before any
    /// GPU work for a mismatch; cuDNN's and CUDA's errors.
    #[allow(clippy::too_many_arguments)]
    #[doc(alias = "cudnnDropoutForward")]
    pub fn dropout_forward<T: DataType>(
        &self,
        desc: &mut DropoutDescriptor,
        x_desc: &TensorDescriptor<T>,
        x: &impl DeviceBuffer<T>,
        y_desc: &TensorDescriptor<T>,
        y: &mut impl DeviceBufferMut<T>,
        reserve: &mut CudaSlice<u8>,
    ) -> Result<()> {
        const F: &str = "cudnnDropoutForward";
        let need = DropoutDescriptor::reserve_space_size(x_desc)?;
        check_dropout_forward(x_desc, x.len(), y_desc, y.len(), reserve.len(), need)?;
        let stream = self.launch_stream(F)?;
        crate::launch::check_input(self.library(), stream, F, "x", x, x_desc)?;
        crate::launch::check_output(self.library(), stream, F, "y", y, y_desc)?;
        crate::launch::check_buffer(stream, F, "reserve", &*reserve, need)?;
        crate::launch::check_buffer(stream, F, "states", &desc.states, 0)?;
        let run = ffi!(self.library(), cudnnDropoutForward);
        let reserve_len = reserve.len();
        let (xp, _gx) = x.device_ptr(stream);
        let (yp, _gy) = y.device_ptr_mut(stream);
        let (rp, _gr) = reserve.device_ptr_mut(stream);
        // The kernel reads and advances the states the descriptor points at.
        let (_sp, _gs) = desc.states.device_ptr_mut(stream);
        // SAFETY: x, y and the reserve space were checked against their
        // descriptors, cuDNN's reserve size and the handle's device; the
        // descriptor's states live in `desc`, borrowed for the call.
        let status = unsafe {
            (run.f)(
                self.as_raw(),
                desc.raw.ptr(),
                x_desc.as_raw(),
                xp as _,
                y_desc.as_raw(),
                yp as _,
                rp as _,
                reserve_len,
            )
        };
        run.check(status)
    }

    /// `dx = dropout_backward(dy)`: the gradient through the elements the
    /// forward pass kept (scaled by `1 / (1 - p)`), zero elsewhere;
    /// `reserve` is the one [`dropout_forward`](Self::dropout_forward)
    /// filled, and `desc` the descriptor it ran with.
    ///
    /// Checks first with [`check_dropout_backward`].
    ///
    /// # Errors
    /// As [`dropout_forward`](Self::dropout_forward).
    #[allow(clippy::too_many_arguments)]
    #[doc(alias = "cudnnDropoutBackward")]
    pub fn dropout_backward<T: DataType>(
        &self,
        desc: &DropoutDescriptor,
        dy_desc: &TensorDescriptor<T>,
        dy: &impl DeviceBuffer<T>,
        dx_desc: &TensorDescriptor<T>,
        dx: &mut impl DeviceBufferMut<T>,
        reserve: &CudaSlice<u8>,
    ) -> Result<()> {
        const F: &str = "cudnnDropoutBackward";
        let need = DropoutDescriptor::reserve_space_size(dx_desc)?;
        check_dropout_backward(dy_desc, dy.len(), dx_desc, dx.len(), reserve.len(), need)?;
        let stream = self.launch_stream(F)?;
        crate::launch::check_input(self.library(), stream, F, "dy", dy, dy_desc)?;
        crate::launch::check_output(self.library(), stream, F, "dx", dx, dx_desc)?;
        crate::launch::check_buffer(stream, F, "reserve", reserve, need)?;
        let run = ffi!(self.library(), cudnnDropoutBackward);
        let (dyp, _gdy) = dy.device_ptr(stream);
        let (dxp, _gdx) = dx.device_ptr_mut(stream);
        let (rp, _gr) = reserve.device_ptr(stream);
        // SAFETY: buffers checked against their descriptors, the reserve
        // size and the handle's device; cuDNN only reads the reserve space
        // here, although its prototype takes it mutable.
        let status = unsafe {
            (run.f)(
                self.as_raw(),
                desc.raw.ptr(),
                dy_desc.as_raw(),
                dyp as _,
                dx_desc.as_raw(),
                dxp as _,
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
