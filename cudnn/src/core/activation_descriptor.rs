//! The activation descriptor (`cudnnActivationDescriptor_t`) that the
//! activation launches, the fused convolution and batch normalization
//! share: the function, NaN handling and a coefficient.

use std::sync::Arc;

use cudnn_sys as sys;

use crate::core::descriptor::raw_descriptor;
use crate::core::error::Result;
use crate::core::library::{ffi, library, Library};
use crate::core::modes::NanPropagation;

/// An activation function (`cudnnActivationMode_t`): `ActivationMode::RELU`,
/// `SIGMOID`, `TANH`, `CLIPPED_RELU`, `ELU`, `IDENTITY`, `SWISH`.
///
/// Its constants (generated): `SIGMOID`, `RELU`, `TANH`, `CLIPPED_RELU`, `ELU`,
/// `IDENTITY` and `SWISH`. Each is also there by its C name
/// (`CUDNN_ACTIVATION_SIGMOID`), which `Display` writes.
pub type ActivationMode = sys::cudnnActivationMode_t;

raw_descriptor!(
    /// An owned `cudnnActivationDescriptor_t`.
    RawActivation,
    sys::cudnnActivationDescriptor_t,
    cudnnCreateActivationDescriptor,
    cudnnDestroyActivationDescriptor
);

/// An activation descriptor: the function, NaN handling and its
/// coefficient (the clipping value of clipped ReLU, alpha of ELU, beta of
/// swish). Not `Clone` ([`try_clone`](Self::try_clone) makes a second
/// one); `Send`, not `Sync`.
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
    #[doc(alias = "cudnnSetActivationDescriptorSwishBeta")]
    pub fn new(mode: ActivationMode, coef: f64) -> Result<Self> {
        Self::new_in(library()?, mode, NanPropagation::NOT_PROPAGATE_NAN, coef)
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
        if mode == ActivationMode::SWISH {
            // cudnnSetActivationDescriptor ignores `coef` for swish: its beta
            // is a separate setting (1 unless set here).
            let set_beta = ffi!(raw.lib(), cudnnSetActivationDescriptorSwishBeta);
            // SAFETY: the descriptor is live; beta is a plain value.
            let status = unsafe { (set_beta.f)(raw.ptr(), coef) };
            set_beta.check(status)?;
        }
        Ok(ActivationDescriptor {
            raw,
            mode,
            nan,
            coef,
        })
    }

    /// A second descriptor with the same settings, made by the same
    /// library.
    ///
    /// # Errors
    /// cuDNN's error creating or setting the new descriptor.
    pub fn try_clone(&self) -> Result<Self> {
        Self::new_in(Arc::clone(self.raw.lib()), self.mode, self.nan, self.coef)
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

    /// The library that made it.
    pub fn library(&self) -> &Arc<Library> {
        self.raw.lib()
    }

    /// The raw descriptor; it stays owned by `self`.
    pub fn as_raw(&self) -> sys::cudnnActivationDescriptor_t {
        self.raw.ptr()
    }
}
