//! A reusable device workspace that grows when an algorithm needs more.

use std::sync::Arc;

use cudarc::driver::{CudaSlice, CudaStream, DevicePtrMut, SyncOnDrop};

use crate::error::Result;

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
        let fits = self.buf.as_ref().is_some_and(|b| {
            b.len() >= bytes && b.context().ordinal() == stream.context().ordinal()
        });
        if fits {
            return Ok(());
        }
        // Not kept when on another device, even for 0 bytes: launches pass
        // whatever is here (pointer and length) to cuDNN on `stream`'s device.
        self.buf = None;
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
