//! Activation descriptors.

use std::sync::Arc;

use cudnn_sys as sys;

use crate::descriptor::raw_descriptor;
use crate::error::Result;
use crate::library::{ffi, library, Library};

/// An activation function (`cudnnActivationMode_t`): `CUDNN_ACTIVATION_RELU`,
/// `SIGMOID`, `TANH`, `CLIPPED_RELU`, `ELU`, `IDENTITY`, `SWISH`.
pub type ActivationMode = sys::cudnnActivationMode_t;

/// Whether NaN inputs propagate (`cudnnNanPropagation_t`).
pub type NanPropagation = sys::cudnnNanPropagation_t;

raw_descriptor!(
    /// An owned `cudnnActivationDescriptor_t`.
    RawActivation,
    sys::cudnnActivationDescriptor_t,
    cudnnCreateActivationDescriptor,
    cudnnDestroyActivationDescriptor
);

/// An activation descriptor: the function, NaN handling and its
/// coefficient (the clipping value of clipped ReLU, alpha of ELU, beta of
/// swish). Not `Clone`; `Send`, not `Sync`.
#[derive(Debug)]
pub struct ActivationDescriptor {
    raw: RawActivation,
    mode: ActivationMode,
    nan: NanPropagation,
    coef: f64,
}

impl ActivationDescriptor {
    /// An activation of `mode` with coefficient `coef`, NaNs not propagated,
    /// with the process-wide library.
    ///
    /// # Errors
    /// cuDNN's error for a mode or coefficient it rejects;
    /// [`Error::LibraryNotFound`](crate::Error::LibraryNotFound).
    #[doc(alias = "cudnnSetActivationDescriptor")]
    pub fn new(mode: ActivationMode, coef: f64) -> Result<Self> {
        Self::new_in(
            library()?,
            mode,
            NanPropagation::CUDNN_NOT_PROPAGATE_NAN,
            coef,
        )
    }

    /// An activation with every setting given, with the library `lib`.
    ///
    /// # Errors
    /// As [`new`](Self::new).
    pub fn new_in(
        lib: Arc<Library>,
        mode: ActivationMode,
        nan: NanPropagation,
        coef: f64,
    ) -> Result<Self> {
        let raw = RawActivation::create(lib)?;
        let set = ffi!(raw.lib(), cudnnSetActivationDescriptor);
        // SAFETY: the descriptor is live; the rest are plain values.
        let status = unsafe { (set.f)(raw.ptr(), mode, nan, coef) };
        set.check(status)?;
        Ok(ActivationDescriptor {
            raw,
            mode,
            nan,
            coef,
        })
    }

    /// The function.
    pub fn mode(&self) -> ActivationMode {
        self.mode
    }

    /// NaN handling.
    pub fn nan_propagation(&self) -> NanPropagation {
        self.nan
    }

    /// The coefficient.
    pub fn coef(&self) -> f64 {
        self.coef
    }

    /// The raw descriptor; it stays owned by `self`.
    pub fn as_raw(&self) -> sys::cudnnActivationDescriptor_t {
        self.raw.ptr()
    }
}
