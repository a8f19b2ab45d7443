//! Device memory that another framework owns: views made from a raw device
//! pointer, a length and the stream (with its CUDA context) the memory
//! belongs to. The launches check them as they check cudarc's own buffers
//! (the CUDA context, the length against the descriptor, outputs not
//! overlapping); what the host cannot check is the `unsafe` constructor's
//! contract.

#![warn(clippy::arithmetic_side_effects)]

use std::marker::PhantomData;
use std::sync::Arc;

use cudarc::driver::sys::CUdeviceptr;
use cudarc::driver::{CudaStream, DevicePtr, DevicePtrMut, DeviceSlice, SyncOnDrop};

#[cfg(doc)]
use crate::core::error::Mismatch;
use crate::core::error::{Error, Result};

/// Checks the host-checkable half of a raw view's parts: `ptr` is not null
/// and is aligned for `T`, and `len` elements of `T` from `ptr` neither
/// overflow the byte count nor run past the end of the address space.
/// [`RawDeviceView::from_raw_parts`] and
/// [`RawDeviceViewMut::from_raw_parts`] run it; it needs no GPU.
///
/// # Errors
/// [`Error::InvalidArgument`] with [`Mismatch::BadValue`] saying which
/// rule the parts break.
#[cfg(test)]
pub(crate) fn check_raw_parts<T>(ptr: CUdeviceptr, len: usize) -> Result<()> {
    check_parts::<T>("RawDeviceView::from_raw_parts", ptr, len)
}

fn check_parts<T>(function: &'static str, ptr: CUdeviceptr, len: usize) -> Result<()> {
    let (size, align) = (std::mem::size_of::<T>(), std::mem::align_of::<T>());
    if ptr == 0 {
        return Err(Error::bad_value(function, "the device pointer is null"));
    }
    if !ptr.is_multiple_of(align as u64) {
        return Err(Error::bad_value(
            function,
            format!(
                "the device pointer {ptr:#x} is not aligned to {align} bytes, the alignment of {}",
                std::any::type_name::<T>()
            ),
        ));
    }
    let bytes = len.checked_mul(size).ok_or_else(|| {
        Error::bad_value(
            function,
            format!("{len} elements of {size} bytes overflow usize"),
        )
    })?;
    if ptr.checked_add(bytes as u64).is_none() {
        return Err(Error::bad_value(
            function,
            format!("{bytes} bytes from {ptr:#x} run past the end of the address space"),
        ));
    }
    Ok(())
}

/// A read-only view of `len` elements of `T` of device memory that another
/// framework owns (a memory pool's `CUdeviceptr`, a tensor's `data_ptr`),
/// accepted wherever a launch reads a [`DeviceBuffer`](crate::DeviceBuffer).
///
/// The launches check it as they check cudarc's buffers: it must belong to
/// the CUDA context of the handle's stream (as `stream.context()` says) and
/// hold at least the elements its descriptor spans. It records no events:
/// ordering the owner's work with the launches is part of the constructor's
/// contract; the simplest way is to launch on the owner's stream
/// (`Handle::new(stream.clone())`).
///
/// A framework that has a raw `CUstream` of a device's primary context
/// wraps it without owning it:
///
/// ```no_run
/// # fn main() -> cudnn::Result<()> {
/// # let (raw_stream, ptr, len): (cudnn::cudarc::driver::sys::CUstream, u64, usize) = todo!();
/// let ctx = cudnn::cuda_context(0)?; // the primary context of GPU 0
/// // SAFETY: `raw_stream` is a live stream of that context, kept alive by
/// // its owner for as long as `stream` is used.
/// let stream = unsafe { ctx.wrap_borrowed_stream(raw_stream) };
/// let handle = cudnn::Handle::new(stream.clone())?;
/// // SAFETY: as `from_raw_parts` lists (the memory is the framework's,
/// // allocated in that context, alive and ordered on `stream`).
/// let x = unsafe { cudnn::handle::RawDeviceView::<f32>::from_raw_parts(ptr, len, &stream)? };
/// # let _ = (handle, x); Ok(()) }
/// ```
///
/// `Send` and `Sync` (it holds an address, a length and a stream); not
/// `Clone`.
#[derive(Debug)]
pub struct RawDeviceView<T> {
    ptr: CUdeviceptr,
    len: usize,
    stream: Arc<CudaStream>,
    _elements: PhantomData<fn() -> T>,
}

/// A view of device memory that another framework owns, as
/// [`RawDeviceView`], that launches may also write: accepted wherever a
/// launch writes a [`DeviceBufferMut`](crate::DeviceBufferMut) (and reads a
/// [`DeviceBuffer`](crate::DeviceBuffer)).
///
/// `Send` and `Sync`; not `Clone` (two views would write the same memory).
#[derive(Debug)]
pub struct RawDeviceViewMut<T> {
    ptr: CUdeviceptr,
    len: usize,
    stream: Arc<CudaStream>,
    _elements: PhantomData<fn() -> T>,
}

static_assertions::assert_impl_all!(RawDeviceView<f32>: Send, Sync);
static_assertions::assert_impl_all!(RawDeviceViewMut<f32>: Send, Sync);
static_assertions::assert_not_impl_any!(RawDeviceView<f32>: Clone);
static_assertions::assert_not_impl_any!(RawDeviceViewMut<f32>: Clone);

impl<T> RawDeviceView<T> {
    /// A view of `len` elements of `T` from `ptr`, belonging to `stream`
    /// and its CUDA context.
    ///
    /// Checked here (`check_raw_parts`): `ptr` is not null and is aligned
    /// for `T`; `len` elements fit the address space. Checked by every
    /// launch: the view's context is the handle's; `len` covers what the
    /// descriptor spans.
    ///
    /// # Safety
    /// For as long as the view lives, and until the GPU work of every
    /// launch it was given to has finished, the caller guarantees that:
    ///
    /// 1. `ptr` is the start of at least `len * size_of::<T>()` bytes of
    ///    device memory (or managed memory) allocated in the CUDA context
    ///    of `stream` (`stream.context()`), and readable there;
    /// 2. that memory stays allocated and is not handed to anything else
    ///    (freed, returned to a pool, reused) before that work finishes;
    /// 3. every write to it that a launch must see is ordered before the
    ///    launch on the launch's stream (done on that stream, or on one it
    ///    waits for), and no write to it runs unordered with the launch;
    /// 4. it holds values of `T` laid out as cuDNN reads them (the element
    ///    type of the descriptor the view is checked against).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] when `check_raw_parts` refuses the
    /// pointer or length.
    pub unsafe fn from_raw_parts(
        ptr: CUdeviceptr,
        len: usize,
        stream: &Arc<CudaStream>,
    ) -> Result<Self> {
        check_parts::<T>("RawDeviceView::from_raw_parts", ptr, len)?;
        Ok(RawDeviceView {
            ptr,
            len,
            stream: stream.clone(),
            _elements: PhantomData,
        })
    }

    /// The device address of the first element.
    pub fn device_address(&self) -> CUdeviceptr {
        self.ptr
    }
}

impl<T> RawDeviceViewMut<T> {
    /// A view that launches may write, of `len` elements of `T` from `ptr`,
    /// belonging to `stream` and its CUDA context. Checked as
    /// [`RawDeviceView::from_raw_parts`] is.
    ///
    /// # Safety
    /// Everything [`RawDeviceView::from_raw_parts`] requires, and also:
    /// writable memory; until the GPU work of every launch that writes it
    /// has finished, nothing else reads or writes it unordered with that
    /// launch (no other view, and no work of the owner on another stream
    /// that does not wait for it); a launch's output never overlaps another
    /// buffer of the same launch unless the launch documents that it may
    /// (in-place operations).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] when `check_raw_parts` refuses the
    /// pointer or length.
    pub unsafe fn from_raw_parts(
        ptr: CUdeviceptr,
        len: usize,
        stream: &Arc<CudaStream>,
    ) -> Result<Self> {
        check_parts::<T>("RawDeviceViewMut::from_raw_parts", ptr, len)?;
        Ok(RawDeviceViewMut {
            ptr,
            len,
            stream: stream.clone(),
            _elements: PhantomData,
        })
    }

    /// The device address of the first element.
    pub fn device_address(&self) -> CUdeviceptr {
        self.ptr
    }
}

impl<T> DeviceSlice<T> for RawDeviceView<T> {
    fn len(&self) -> usize {
        self.len
    }
    fn stream(&self) -> &Arc<CudaStream> {
        &self.stream
    }
}

impl<T> DeviceSlice<T> for RawDeviceViewMut<T> {
    fn len(&self) -> usize {
        self.len
    }
    fn stream(&self) -> &Arc<CudaStream> {
        &self.stream
    }
}

// No events to wait on or record: the owner's ordering is the constructor's
// contract.
impl<T> DevicePtr<T> for RawDeviceView<T> {
    fn device_ptr<'a>(&'a self, _stream: &'a CudaStream) -> (CUdeviceptr, SyncOnDrop<'a>) {
        (self.ptr, SyncOnDrop::Sync(None))
    }
}

impl<T> DevicePtr<T> for RawDeviceViewMut<T> {
    fn device_ptr<'a>(&'a self, _stream: &'a CudaStream) -> (CUdeviceptr, SyncOnDrop<'a>) {
        (self.ptr, SyncOnDrop::Sync(None))
    }
}

impl<T> DevicePtrMut<T> for RawDeviceViewMut<T> {
    fn device_ptr_mut<'a>(&'a mut self, _stream: &'a CudaStream) -> (CUdeviceptr, SyncOnDrop<'a>) {
        (self.ptr, SyncOnDrop::Sync(None))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::error::Mismatch;

    fn refusal(r: Result<()>) -> String {
        match r {
            Err(Error::InvalidArgument {
                function: "RawDeviceView::from_raw_parts",
                mismatch: Mismatch::BadValue { what },
            }) => what,
            other => panic!("expected a BadValue refusal, got {other:?}"),
        }
    }

    #[test]
    fn raw_parts_are_checked_on_the_host() {
        assert!(check_raw_parts::<f32>(0x7f00_0000_0000, 1 << 20).is_ok());
        assert!(check_raw_parts::<u8>(0x7f00_0000_0001, 3).is_ok());
        assert!(refusal(check_raw_parts::<f32>(0, 4)).contains("null"));
        assert!(refusal(check_raw_parts::<f32>(0x1002, 4)).contains("aligned to 4 bytes"));
        assert!(refusal(check_raw_parts::<f64>(0x1004, 4)).contains("aligned to 8 bytes"));
        assert!(refusal(check_raw_parts::<f32>(0x1000, usize::MAX / 2)).contains("overflow"));
        assert!(
            refusal(check_raw_parts::<u8>(u64::MAX - 1, 4)).contains("end of the address space")
        );
        // Up to the last byte of the address space is fine; one more is not.
        assert!(check_raw_parts::<u8>(u64::MAX - 3, 3).is_ok());
        assert!(check_raw_parts::<u8>(u64::MAX - 3, 4).is_err());
        // The message names the rule and the value.
        let e = check_raw_parts::<half::f16>(0x1001, 1)
            .unwrap_err()
            .to_string();
        assert!(e.contains("0x1001") && e.contains("f16"), "{e}");
    }
}
