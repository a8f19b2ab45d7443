//! A reusable device workspace that grows when an algorithm needs more.

#![warn(clippy::arithmetic_side_effects)]

use std::sync::Arc;

use cudarc::driver::{CudaSlice, CudaStream, DevicePtrMut, SyncOnDrop};

use crate::core::context::same_context;
use crate::core::error::Result;

/// Scratch device memory for cuDNN algorithms, reused across launches and
/// grown (never shrunk) when a launch needs more. Not `Clone`.
#[derive(Debug, Default)]
pub struct Workspace {
    buf: Option<CudaSlice<u8>>,
}

impl Workspace {
    /// An empty workspace; the first launch that needs memory allocates it.
    pub fn new() -> Workspace {
        Workspace { buf: None }
    }

    /// Its size in bytes.
    pub fn len(&self) -> usize {
        self.buf.as_ref().map_or(0, CudaSlice::len)
    }

    /// Whether nothing is allocated.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Makes it at least `bytes` long on `stream`'s device (reallocating
    /// when it is smaller or on another device).
    ///
    /// # Errors
    /// A CUDA error when the memory cannot be allocated.
    pub fn reserve(&mut self, stream: &Arc<CudaStream>, bytes: usize) -> Result<()> {
        let same = self
            .buf
            .as_ref()
            .is_some_and(|b| same_context(b.context(), stream.context()));
        if same && self.buf.as_ref().is_some_and(|b| b.len() >= bytes) {
            return Ok(());
        }
        // Not kept when in another context, even for 0 bytes: launches pass
        // whatever is here (pointer and length) to cuDNN on `stream`.
        if let Some(old) = self.buf.take() {
            if !same {
                // Freed in its own context, ordered after the work still
                // queued on its own stream (cudarc frees on that stream),
                // and before `stream`'s context is made current again.
                let _ = old.context().bind_to_thread();
                drop(old);
                stream.context().bind_to_thread()?;
            }
        }
        if bytes == 0 {
            return Ok(());
        }
        // SAFETY: cuDNN uses a workspace as scratch space and never reads
        // what it did not write, so its initial contents do not matter.
        self.buf = Some(unsafe { stream.alloc::<u8>(bytes) }?);
        Ok(())
    }

    /// The allocated memory, if any.
    pub(crate) fn slice(&self) -> Option<&CudaSlice<u8>> {
        self.buf.as_ref()
    }

    /// The device pointer and size for a launch on `stream` (null and 0 when
    /// empty); keep the guard alive until the launch is queued.
    pub(crate) fn device_ptr<'a>(
        &'a mut self,
        stream: &'a CudaStream,
    ) -> (u64, usize, Option<SyncOnDrop<'a>>) {
        match self.buf.as_mut() {
            Some(b) => {
                let len = b.len();
                let (ptr, guard) = b.device_ptr_mut(stream);
                (ptr, len, Some(guard))
            }
            None => (0, 0, None),
        }
    }
}
