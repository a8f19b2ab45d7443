//! The cuDNN handle, bound to a CUDA stream.

use std::ptr::NonNull;
use std::sync::{Arc, OnceLock};

use cudarc::driver::{CudaContext, CudaStream};
use cudnn_sys as sys;

use crate::core::context::same_context;
use crate::core::error::{Error, Mismatch, Result, StatusError};
use crate::core::library::{ffi, library, Library};
use crate::core::status::Status;

/// The cuDNN handle itself, shared by its [`Handle`] and by the backend
/// descriptors it was set into (an operation graph, an execution plan, a
/// device description), which keep it alive: cuDNN may use the handle
/// through them. Destroyed when the last owner lets go, in the CUDA
/// context of its streams.
struct RawHandle {
    ptr: NonNull<sys::cudnnContext>,
    lib: Arc<Library>,
    /// The CUDA context of the streams it was bound to (one: a handle's
    /// streams share a context), kept alive for the destroy.
    ctx: OnceLock<Arc<CudaContext>>,
}

// SAFETY: cuDNN is called through the handle only by its `Handle` (not
// `Sync`: one thread at a time); the descriptors that share it only keep
// it alive. A handle may be moved between threads, so the last owner may
// destroy it on any thread.
unsafe impl Send for RawHandle {}
// SAFETY: as above: shared references never call cuDNN.
unsafe impl Sync for RawHandle {}

impl Drop for RawHandle {
    fn drop(&mut self) {
        if let Some(ctx) = self.ctx.get() {
            // cudnnDestroy synchronises with the device; make sure it runs
            // in the handle's context.
            let _ = ctx.bind_to_thread();
        }
        if let Some(destroy) = self.lib.sys().cudnnDestroy {
            // SAFETY: `ptr` was created by cudnnCreate of this library and is
            // destroyed once, here, when the last owner lets go. A failure
            // cannot be reported from drop.
            let _ = unsafe { destroy(self.ptr.as_ptr()) };
            crate::core::counts::destroyed("Handle");
        }
    }
}

/// A share of a [`Handle`]'s cuDNN handle, held by a backend descriptor the
/// handle was set into: the cuDNN handle lives as long as it does.
#[derive(Clone)]
pub(crate) struct HandleKeepAlive(Arc<RawHandle>);

impl std::fmt::Debug for HandleKeepAlive {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("HandleKeepAlive").field(&self.0.ptr).finish()
    }
}

/// A cuDNN context (`cudnnHandle_t`) whose work runs on one CUDA stream.
///
/// Not `Clone`. The cuDNN handle is destroyed when the `Handle` drops, or,
/// when it was given to an operation graph or an execution plan
/// ([`Graph::build_with`](crate::graph::Graph::build_with),
/// [`Target::Handle`](crate::graph::Target::Handle)), when the last of
/// those drops: they keep it alive (pointed at its context's default
/// stream once the `Handle` is gone), and never run work on it.
///
/// `Send` but not `Sync`: NVIDIA's documentation says a handle may be moved
/// between threads but must not be used by two threads at the same time;
/// every operation takes `&self`, so `Sync` would allow exactly that.
pub struct Handle {
    raw: Arc<RawHandle>,
    stream: Option<Arc<CudaStream>>,
    /// The CUDA context that was current when the handle was made, when
    /// there was one: a stream bound later must be of that context.
    created_in: Option<(ContextKey, usize)>,
    /// Unique in the process: what a graph or plan bound to this handle
    /// records (a raw pointer can be reused after a drop).
    id: u64,
    /// Not `Sync` (see the type's docs); `Send` as its parts are (the
    /// shared cuDNN handle is used by this value only).
    not_sync: std::marker::PhantomData<std::cell::Cell<()>>,
}

static_assertions::assert_impl_all!(Handle: Send);
static_assertions::assert_not_impl_any!(Handle: Sync, Clone);

impl std::fmt::Debug for Handle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Handle")
            .field("raw", &self.raw.ptr)
            .field("version", &self.raw.lib.version())
            .field(
                "device",
                &self.stream.as_ref().map(|s| s.context().ordinal()),
            )
            .finish()
    }
}

impl Handle {
    /// Creates a handle on `stream`'s device whose work runs on `stream`,
    /// with the process-wide library.
    ///
    /// # Errors
    /// [`Error::LibraryNotFound`] when cuDNN cannot be loaded; a CUDA error
    /// when the stream's context cannot be made current;
    /// [`Error::NotInitialized`] when cuDNN cannot use the GPU.
    #[doc(alias = "cudnnCreate")]
    #[doc(alias = "cudnnSetStream")]
    pub fn new(stream: Arc<CudaStream>) -> Result<Handle> {
        Handle::new_in(library()?, stream)
    }

    /// [`new`](Self::new) with the library `lib`.
    ///
    /// # Errors
    /// As [`new`](Self::new).
    pub fn new_in(lib: Arc<Library>, stream: Arc<CudaStream>) -> Result<Handle> {
        stream.context().bind_to_thread()?;
        let mut handle = Handle::create(lib)?;
        handle.bind(stream)?;
        Ok(handle)
    }

    /// Creates a handle on the CUDA context current on this thread (or the
    /// primary context of device 0), without a stream. Enough to ask whether
    /// cuDNN can use the GPU; launches need [`new`](Self::new).
    ///
    /// # Errors
    /// [`Error::NotInitialized`] when there is no usable GPU or driver
    /// (cuDNN 9 then says why, for example
    /// `cudaGetDeviceCount(&count) != cudaSuccess`).
    #[doc(alias = "cudnnCreate")]
    pub fn on_current_context(lib: Arc<Library>) -> Result<Handle> {
        Handle::create(lib)
    }

    fn create(lib: Arc<Library>) -> Result<Handle> {
        let create = ffi!(lib, cudnnCreate);
        let mut raw: sys::cudnnHandle_t = std::ptr::null_mut();
        // SAFETY: `raw` is a valid out-pointer for the new handle.
        let status = unsafe { (create.f)(&mut raw) };
        create.check(status)?;
        let raw = NonNull::new(raw).ok_or_else(|| {
            Error::from_status(StatusError {
                function: "cudnnCreate",
                status: Status::new(sys::cudnnStatus_t(u32::MAX), lib.version().major),
                version: lib.version(),
                description: Some("returned success with a null handle".into()),
                message: None,
            })
        })?;
        crate::core::counts::created("Handle");
        Ok(Handle {
            raw: Arc::new(RawHandle {
                ptr: raw,
                lib,
                ctx: OnceLock::new(),
            }),
            stream: None,
            created_in: current_context(),
            not_sync: std::marker::PhantomData,
            id: {
                static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
                NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
            },
        })
    }

    fn bind(&mut self, stream: Arc<CudaStream>) -> Result<()> {
        let set = ffi!(self.raw.lib, cudnnSetStream);
        // SAFETY: the handle is live; cudarc's CUstream and cuDNN's
        // cudaStream_t are the same driver object.
        let status = unsafe { (set.f)(self.as_raw(), stream.cu_stream().cast()) };
        set.check(status)?;
        // The first stream's context is every later stream's (set_stream
        // refuses another).
        let _ = self.raw.ctx.set(Arc::clone(stream.context()));
        self.stream = Some(stream);
        Ok(())
    }

    /// Runs later work on `stream`. Calls `cudnnSetStream` only when the
    /// stream differs from the current one (it costs microseconds).
    ///
    /// # Errors
    /// [`Mismatch::WrongDevice`] when `stream` is on another device than the
    /// handle; cuDNN's error otherwise.
    #[doc(alias = "cudnnSetStream")]
    pub fn set_stream(&mut self, stream: Arc<CudaStream>) -> Result<()> {
        // A handle made on the current context (no stream yet) belongs to
        // that context: a stream of another one is refused as well.
        if let (None, Some((home, ordinal))) = (&self.stream, self.created_in) {
            if home != ContextKey::of(stream.context()) {
                return Err(Error::InvalidArgument {
                    function: "cudnnSetStream",
                    mismatch: Mismatch::WrongDevice {
                        buffer: "stream".into(),
                        buffer_device: stream.context().ordinal(),
                        handle_device: ordinal,
                    },
                });
            }
        }
        if let Some(current) = &self.stream {
            if Arc::ptr_eq(current, &stream) {
                return Ok(());
            }
            let (have, want) = (current.context(), stream.context());
            if !same_context(have, want) {
                return Err(Error::InvalidArgument {
                    function: "cudnnSetStream",
                    mismatch: Mismatch::WrongDevice {
                        buffer: "stream".into(),
                        buffer_device: want.ordinal(),
                        handle_device: have.ordinal(),
                    },
                });
            }
        }
        self.bind(stream)
    }

    /// Points the handle back at its context's default stream and lets go
    /// of the bound one (for handles kept between calls).
    fn unbind_stream(&mut self) -> Result<()> {
        let Some(stream) = self.stream.take() else {
            return Ok(());
        };
        self.created_in = Some((ContextKey::of(stream.context()), stream.context().ordinal()));
        let set = ffi!(self.raw.lib, cudnnSetStream);
        // SAFETY: the handle is live; a null stream is the default stream
        // of the current context (the handle's, bound by the caller).
        let status = unsafe { (set.f)(self.as_raw(), std::ptr::null_mut()) };
        set.check(status)
    }

    /// Makes the bound stream's CUDA context current on this thread, so
    /// that a query cuDNN answers for the current device answers for this
    /// handle's (a handle without a stream uses whatever is current).
    pub(crate) fn bind_context(&self) -> Result<()> {
        if let Some(s) = &self.stream {
            s.context().bind_to_thread()?;
        }
        Ok(())
    }

    /// The identity of the CUDA context of the bound stream.
    pub(crate) fn context_key(&self) -> Option<ContextKey> {
        self.stream.as_ref().map(|s| ContextKey::of(s.context()))
    }

    /// The stream work runs on, if bound.
    pub fn stream(&self) -> Option<&Arc<CudaStream>> {
        self.stream.as_ref()
    }

    /// The raw handle, for calls through [`Library::sys`]. It stays owned
    /// by `self`.
    pub fn as_raw(&self) -> sys::cudnnHandle_t {
        self.raw.ptr.as_ptr()
    }

    /// A share of the cuDNN handle, for a descriptor the handle is set
    /// into (which must keep it alive).
    pub(crate) fn keep_alive(&self) -> HandleKeepAlive {
        HandleKeepAlive(Arc::clone(&self.raw))
    }

    /// A number no other handle of this process has.
    pub(crate) fn id(&self) -> u64 {
        self.id
    }

    /// The library this handle belongs to.
    pub fn library(&self) -> &Arc<Library> {
        &self.raw.lib
    }

    /// The stream, with this thread's current context set to its context:
    /// what every launch needs first.
    /// Starts a launch of `function`: binds the handle's context and
    /// stream (see [`Launch`](crate::launch::Launch)).
    pub(crate) fn launch(&self, function: &'static str) -> Result<crate::core::launch::Launch<'_>> {
        let stream = self.launch_stream(function)?;
        Ok(crate::core::launch::Launch {
            function,
            stream,
            lib: self.library(),
            raw: self.as_raw(),
        })
    }

    pub(crate) fn launch_stream(&self, function: &'static str) -> Result<&Arc<CudaStream>> {
        let stream = self
            .stream
            .as_ref()
            .ok_or(Error::invalid(function, Mismatch::NoStream))?;
        stream.context().bind_to_thread()?;
        Ok(stream)
    }
}

impl Drop for Handle {
    fn drop(&mut self) {
        // Shared with descriptors, the cuDNN handle outlives this value,
        // and its stream may not: point it at the context's default
        // stream (which lives as long as the context, kept by the shared
        // handle). A failure cannot be reported from drop.
        if Arc::strong_count(&self.raw) > 1 && self.stream.is_some() {
            let _ = self.bind_context();
            if let Some(set) = self.raw.lib.sys().cudnnSetStream {
                // SAFETY: the handle is live (this value shares it); a null
                // stream is the default stream of the current context, the
                // handle's (bound above).
                let _ = unsafe { set(self.as_raw(), std::ptr::null_mut()) };
            }
        }
        // The last share destroys the handle (`RawHandle`'s drop).
    }
}

/// One thread's handle for one CUDA context, kept between calls of
/// [`with_thread_handle`]. It holds the context (not the caller's stream):
/// the handle is destroyed in a live context, with it current.
struct ThreadHandle {
    key: ContextKey,
    handle: Handle,
    ctx: Arc<CudaContext>,
}

impl Drop for ThreadHandle {
    fn drop(&mut self) {
        // cudnnDestroy runs when `handle` drops, after this: bind its
        // context first (a failure cannot be reported from drop).
        let _ = self.ctx.bind_to_thread();
    }
}

thread_local! {
    static THREAD_HANDLES: std::cell::RefCell<Vec<ThreadHandle>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// The CUDA context current on this thread and its device's ordinal, if
/// the driver is there and a context is current.
fn current_context() -> Option<(ContextKey, usize)> {
    use cudarc::driver::sys::{cuCtxGetCurrent, cuCtxGetDevice, CUresult};
    if !cuda_driver_present() {
        return None;
    }
    let mut ctx: cudarc::driver::sys::CUcontext = std::ptr::null_mut();
    let mut device: cudarc::driver::sys::CUdevice = 0;
    // SAFETY: the driver library is present (checked above, so cudarc
    // does not panic loading it); both are valid out-pointers.
    let ok = unsafe {
        cuCtxGetCurrent(&mut ctx) == CUresult::CUDA_SUCCESS
            && !ctx.is_null()
            && cuCtxGetDevice(&mut device) == CUresult::CUDA_SUCCESS
    };
    ok.then(|| {
        (
            ContextKey(ctx as usize),
            usize::try_from(device).unwrap_or(0),
        )
    })
}

/// A CUDA context's identity, for tables keyed by context.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct ContextKey(usize);

impl ContextKey {
    pub(crate) fn of(ctx: &CudaContext) -> ContextKey {
        ContextKey(ctx.cu_ctx() as usize)
    }
}

/// Runs `f` with this thread's handle for `stream`'s context, creating it on
/// first use and pointing it at `stream` for the call. One handle per (CUDA
/// context, thread), as NVIDIA recommends.
///
/// What is kept between calls: the handle and its CUDA context, until the
/// thread ends or [`release_thread_handles`] is called. The caller's stream
/// is not kept: after `f` the handle is pointed back at the context's
/// default stream. A call from inside `f` is refused (the handle is lent to
/// `f` meanwhile), so no second handle is ever made for one context.
///
/// # Errors
/// As [`Handle::new`]; [`Mismatch::Unsupported`] for a call from inside
/// `f`; `f`'s own result is returned inside `Ok`.
pub fn with_thread_handle<R>(stream: &Arc<CudaStream>, f: impl FnOnce(&Handle) -> R) -> Result<R> {
    let key = ContextKey::of(stream.context());
    let nested = || {
        Error::unsupported(
            "cudnnCreate",
            "with_thread_handle called from inside its own closure",
        )
    };
    THREAD_HANDLES
        .try_with(|cell| {
            // The table stays borrowed while `f` runs: a nested call finds
            // it borrowed and is refused instead of making a second handle.
            let mut handles = cell.try_borrow_mut().map_err(|_| nested())?;
            let index = match handles.iter().position(|t| t.key == key) {
                Some(i) => i,
                None => {
                    let handle = Handle::new(Arc::clone(stream))?;
                    handles.push(ThreadHandle {
                        key,
                        handle,
                        ctx: Arc::clone(stream.context()),
                    });
                    handles.len() - 1
                }
            };
            let entry = &mut handles[index];
            entry.handle.set_stream(Arc::clone(stream))?;
            let out = f(&entry.handle);
            // Let go of the caller's stream; the handle goes back to the
            // context's default stream (in its own context: `f` may have
            // made another one current).
            let reset = entry
                .ctx
                .bind_to_thread()
                .map_err(Error::from)
                .and_then(|()| entry.handle.unbind_stream());
            if reset.is_err() {
                // A handle whose stream cannot be reset is not kept.
                drop(handles.swap_remove(index));
            }
            Ok(out)
        })
        .unwrap_or_else(|_| Err(nested()))
}

/// Destroys this thread's handles kept by [`with_thread_handle`] and lets
/// go of their CUDA contexts; returns how many there were. The next call
/// of `with_thread_handle` makes a new one.
///
/// # Errors
/// [`Mismatch::Unsupported`] when called from inside `with_thread_handle`'s
/// closure.
pub fn release_thread_handles() -> Result<usize> {
    let busy = || {
        Error::unsupported(
            "cudnnDestroy",
            "release_thread_handles called from inside with_thread_handle",
        )
    };
    THREAD_HANDLES
        .try_with(|cell| {
            let taken = std::mem::take(&mut *cell.try_borrow_mut().map_err(|_| busy())?);
            Ok(taken.len())
        })
        .unwrap_or(Ok(0))
}

/// The CUDA context of device `ordinal`, or a typed error when there is no
/// driver. (cudarc panics when `libcuda` is missing; this checks first.)
///
/// # Errors
/// [`Error::InvalidArgument`] for an ordinal beyond `i32::MAX` (the
/// driver's ordinals are `int`s: a larger one would wrap onto another
/// device); [`Error::Cuda`] when no CUDA driver library can be loaded or
/// the device cannot be opened.
pub fn cuda_context(ordinal: usize) -> Result<Arc<CudaContext>> {
    if ordinal > i32::MAX as usize {
        return Err(Error::bad_value(
            "cuDeviceGet",
            format!("device ordinal {ordinal}: the driver numbers devices with an int"),
        ));
    }
    if !cuda_driver_present() {
        return Err(Error::Cuda(crate::core::error::CudaError {
            function: "loading libcuda",
            code: None,
            message: "no CUDA driver library (libcuda.so.1 / nvcuda.dll) could be loaded: \
                      this machine has no NVIDIA driver"
                .into(),
        }));
    }
    Ok(CudaContext::new(ordinal)?)
}

/// The driver library's names tried by [`cuda_driver_present`]: the first
/// names cudarc tries when it loads the driver at run time, whatever CUDA
/// version its bindings are for, so that a driver found here is one cudarc
/// finds.
#[cfg(not(windows))]
const DRIVER_NAMES: &[&str] = &["libcuda.so", "libcuda.so.1"];
#[cfg(windows)]
const DRIVER_NAMES: &[&str] = &["nvcuda.dll"];

/// Whether a CUDA driver library can be loaded.
///
/// It holds in every loading mode of cudarc: where cudarc loads `libcuda`
/// at run time (`dynamic-loading`, `fallback-dynamic-loading`, this crate's
/// default) it is checked before each first driver call, because cudarc
/// panics when the library is missing; where the program is linked to
/// `libcuda` (`dynamic-linking`, as candle builds cudarc) it is always
/// `true`, since such a program does not start without one.
pub fn cuda_driver_present() -> bool {
    DRIVER_NAMES.iter().any(|name| {
        // SAFETY: loading the driver library runs its initialisers, as
        // every CUDA program does; the handle is closed again at once.
        unsafe { libloading::Library::new(*name) }.is_ok()
    })
}
