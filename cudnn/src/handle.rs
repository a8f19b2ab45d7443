//! The cuDNN handle.

use std::ptr::NonNull;
use std::sync::Arc;

use cudnn_sys as sys;

use crate::error::Result;
use crate::library::{ffi, library, Library};

/// A cuDNN context (`cudnnHandle_t`), created on the current CUDA device.
///
/// Destroyed on drop. Not `Clone`.
///
/// `Send` but not `Sync`: NVIDIA's documentation says a handle may be moved
/// between threads but must not be used by two threads at the same time;
/// every operation takes `&self`, so `Sync` would allow exactly that.
pub struct Handle {
    raw: NonNull<sys::cudnnContext>,
    lib: Arc<Library>,
}

// SAFETY: a cuDNN handle may be used from any one thread at a time (see the
// type's docs); `Library` is Send + Sync.
unsafe impl Send for Handle {}

static_assertions::assert_impl_all!(Handle: Send);
static_assertions::assert_not_impl_any!(Handle: Sync, Clone);

impl std::fmt::Debug for Handle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Handle")
            .field("raw", &self.raw)
            .field("version", &self.lib.version())
            .finish()
    }
}

impl Handle {
    /// Creates a handle with the process-wide library ([`library`]).
    ///
    /// # Errors
    /// [`Error::LibraryNotFound`](crate::Error::LibraryNotFound) when cuDNN
    /// cannot be loaded; [`Error::NotInitialized`](crate::Error::NotInitialized)
    /// when there is no usable GPU or driver (cuDNN 9 then says why, for
    /// example `cudaGetDeviceCount(&count) != cudaSuccess`).
    #[doc(alias = "cudnnCreate")]
    pub fn new() -> Result<Handle> {
        Handle::with_library(library()?)
    }

    /// Creates a handle with `lib`.
    ///
    /// # Errors
    /// As [`new`](Self::new).
    #[doc(alias = "cudnnCreate")]
    pub fn with_library(lib: Arc<Library>) -> Result<Handle> {
        let create = ffi!(lib, cudnnCreate);
        let mut raw: sys::cudnnHandle_t = std::ptr::null_mut();
        // SAFETY: `raw` is a valid out-pointer for the new handle.
        let status = unsafe { (create.f)(&mut raw) };
        create.check(status)?;
        let raw = NonNull::new(raw).ok_or_else(|| {
            crate::Error::from_status(crate::StatusError {
                function: "cudnnCreate",
                status: crate::Status::new(sys::cudnnStatus_t(u32::MAX), lib.version().major),
                version: lib.version(),
                description: Some("returned success with a null handle".into()),
                message: None,
            })
        })?;
        Ok(Handle { raw, lib })
    }

    /// The raw handle, for calls through [`Library::sys`]. It stays owned
    /// by `self`.
    pub fn as_raw(&self) -> sys::cudnnHandle_t {
        self.raw.as_ptr()
    }

    /// The library this handle belongs to.
    pub fn library(&self) -> &Arc<Library> {
        &self.lib
    }
}

impl Drop for Handle {
    fn drop(&mut self) {
        if let Some(destroy) = self.lib.sys().cudnnDestroy {
            // SAFETY: `raw` was created by cudnnCreate of this library and is
            // destroyed once, here. A failure cannot be reported from drop.
            let _ = unsafe { destroy(self.raw.as_ptr()) };
        }
    }
}
