//! The launch layer: what every safe launch checks before it calls cuDNN.
//!
//! - **Buffers** are only cudarc's own device memory (`CudaSlice`,
//!   `CudaView`, `CudaViewMut`) and other frameworks' memory through the
//!   views of [`RawDeviceView`]'s `unsafe` constructor, through the sealed
//!   [`DeviceBuffer`] and [`DeviceBufferMut`] traits: cudarc's `DevicePtr`
//!   is a safe trait any type can implement with any length, which would
//!   defeat every length check.
//! - **Device identity is the CUDA context**, not the ordinal: two contexts
//!   on one GPU (cudarc's `CudaContext::new_non_primary`) do not share
//!   pointers.
//! - **Library identity:** a descriptor made by one loaded cuDNN is never
//!   handed to a handle of another.
//! - **Outputs** never have overlapping strides (two elements at one
//!   address), which would make cuDNN's writes race.
//!
//! Every legacy launch has one shape: a **problem** built once (the
//! descriptors and their validated geometry, checked when it is made, so
//! without a GPU), **named buffers** (an args struct where there are many,
//! so that swapping `x` and `dy` shows at the call site) and a
//! [`Scaling`](crate::core::modes::Scaling). The body enters this layer once:
//!
//! ```rust,ignore
//! let l = self.launch("cudnnActivationForward")?;   // context and stream bound
//! l.descriptor("activation", act.library())?;        // one library
//! let x = l.input("x", x, problem.x())?;             // library, context, length
//! let y = l.output("y", y, problem.y())?;            // ... and no overlapping strides
//! let run = ffi!(l.library(), cudnnActivationForward);
//! // SAFETY: ...
//! let status = unsafe { (run.f)(l.raw(), .., x.ptr(), .., y.ptr()) };
//! run.check(status)
//! ```
//!
//! A buffer's length is checked here, against its descriptor, and nowhere
//! else; a launch that needs scratch memory sizes it here too
//! (`Launch::workspace`, `Launch::workspace_sized`).

#![warn(clippy::arithmetic_side_effects)]

use std::sync::Arc;

use cudarc::driver::{CudaSlice, CudaStream, CudaView, CudaViewMut};
use cudarc::driver::{DevicePtr, DevicePtrMut, SyncOnDrop};

use crate::core::dtype::DataType;
use crate::core::error::{ensure, Mismatch, Result};
use crate::core::library::Library;
use crate::core::raw::{RawDeviceView, RawDeviceViewMut};
use crate::core::stack::on_stack;
use crate::core::tensor::TensorDescriptor;
use crate::core::workspace::Workspace;

use crate::core::context::same_context;
use crate::core::handle::{ContextKey, Handle};

mod sealed {
    pub trait Sealed {}
}

/// Device memory a launch reads: cudarc's [`CudaSlice`], [`CudaView`] or
/// [`CudaViewMut`], or another framework's memory as a [`RawDeviceView`] or
/// [`RawDeviceViewMut`].
///
/// Sealed: the length of cudarc's types is cudarc's own record of the
/// allocation, and a raw view's is what the caller of its `unsafe`
/// constructor vouches for; the launches check it against the descriptors.
/// A type of the caller's could report any length.
///
/// A type of the caller's that implements cudarc's safe traits, claiming
/// any length it likes, is refused at compile time:
///
/// ```compile_fail
/// use std::sync::Arc;
/// use cudnn::cudarc::driver::{sys, CudaStream, DevicePtr, DeviceSlice, SyncOnDrop};
///
/// struct Spoof(Arc<CudaStream>);
/// impl DeviceSlice<f32> for Spoof {
///     fn len(&self) -> usize { usize::MAX }
///     fn stream(&self) -> &Arc<CudaStream> { &self.0 }
/// }
/// impl DevicePtr<f32> for Spoof {
///     fn device_ptr<'a>(&'a self, _: &'a CudaStream) -> (sys::CUdeviceptr, SyncOnDrop<'a>) {
///         (0, SyncOnDrop::Sync(None))
///     }
/// }
/// fn launch(_: &impl cudnn::DeviceBuffer<f32>) {}
/// fn spoof(s: &Spoof) { launch(s) } // error: `Spoof` is not a DeviceBuffer
/// ```
///
/// while cudarc's own memory is accepted:
///
/// ```
/// use cudnn::cudarc::driver::{CudaSlice, CudaView};
/// fn launch(_: &impl cudnn::DeviceBuffer<f32>) {}
/// fn ours(s: &CudaSlice<f32>, v: &CudaView<'_, f32>) {
///     launch(s);
///     launch(v);
/// }
/// ```
pub trait DeviceBuffer<T>: DevicePtr<T> + sealed::Sealed {}

/// Device memory a launch writes: cudarc's [`CudaSlice`] or
/// [`CudaViewMut`], or a [`RawDeviceViewMut`]. Sealed, as [`DeviceBuffer`].
pub trait DeviceBufferMut<T>: DeviceBuffer<T> + DevicePtrMut<T> {}

impl<T> sealed::Sealed for CudaSlice<T> {}
impl<T> sealed::Sealed for CudaView<'_, T> {}
impl<T> sealed::Sealed for CudaViewMut<'_, T> {}
impl<T> DeviceBuffer<T> for CudaSlice<T> {}
impl<T> DeviceBuffer<T> for CudaView<'_, T> {}
impl<T> DeviceBuffer<T> for CudaViewMut<'_, T> {}
impl<T> DeviceBufferMut<T> for CudaSlice<T> {}
impl<T> DeviceBufferMut<T> for CudaViewMut<'_, T> {}
impl<T> sealed::Sealed for RawDeviceView<T> {}
impl<T> sealed::Sealed for RawDeviceViewMut<T> {}
impl<T> DeviceBuffer<T> for RawDeviceView<T> {}
impl<T> DeviceBuffer<T> for RawDeviceViewMut<T> {}
impl<T> DeviceBufferMut<T> for RawDeviceViewMut<T> {}

/// Checks that `buf` lives in the CUDA context of the handle's `stream` and
/// holds at least `required` elements.
#[inline]
pub(crate) fn check_buffer<T, B: DeviceBuffer<T> + ?Sized>(
    stream: &CudaStream,
    function: &'static str,
    name: &'static str,
    buf: &B,
    required: usize,
) -> Result<()> {
    let (have, want) = (buf.stream().context(), stream.context());
    let placement = Placement {
        same_context: same_context(have, want),
        buffer_device: have.ordinal(),
        handle_device: want.ordinal(),
    };
    check_placed(function, &name, placement, buf.len(), required)
}

/// Where a buffer lives, against the handle it is used with.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Placement {
    /// The buffer is in the handle's CUDA context.
    pub(crate) same_context: bool,
    /// The buffer's device.
    pub(crate) buffer_device: usize,
    /// The handle's device.
    pub(crate) handle_device: usize,
}

/// The checks of one buffer from its facts, for every launch and for a
/// graph's variant pack: it lives in the handle's CUDA context
/// ([`Mismatch::WrongDevice`](crate::Mismatch::WrongDevice)) and holds at
/// least `required` elements
/// ([`Mismatch::BufferTooShort`](crate::Mismatch::BufferTooShort)). `name`
/// is formatted only for an error.
#[inline]
pub(crate) fn check_placed(
    function: &'static str,
    name: &dyn std::fmt::Display,
    placement: Placement,
    len: usize,
    required: usize,
) -> Result<()> {
    ensure(placement.same_context, function, || Mismatch::WrongDevice {
        buffer: name.to_string(),
        buffer_device: placement.buffer_device,
        handle_device: placement.handle_device,
    })?;
    ensure(len >= required, function, || Mismatch::BufferTooShort {
        buffer: name.to_string(),
        len,
        required,
    })
}

/// Checks that no two elements of an output laid out as `dims`/`strides`
/// share an address
/// ([`Mismatch::OverlappingOutput`](crate::Mismatch::OverlappingOutput)).
#[inline]
pub(crate) fn check_no_overlap(
    function: &'static str,
    name: &dyn std::fmt::Display,
    dims: &[usize],
    strides: &[usize],
) -> Result<()> {
    ensure(strides_are_injective(dims, strides), function, || {
        Mismatch::OverlappingOutput {
            buffer: name.to_string(),
        }
    })
}

/// Checks that a descriptor was made by the handle's library.
#[inline]
pub(crate) fn check_library(
    handle: &Arc<Library>,
    function: &'static str,
    what: &'static str,
    descriptor: &Arc<Library>,
) -> Result<()> {
    ensure(Arc::ptr_eq(handle, descriptor), function, || {
        Mismatch::OtherLibrary {
            descriptor: what,
            descriptor_library: descriptor.path().to_path_buf(),
            handle_library: handle.path().to_path_buf(),
        }
    })
}

/// A descriptor a buffer is checked against: the elements it spans, the
/// library that made it, and its strided layout when it has one.
pub(crate) trait Described {
    /// One past the last element's offset.
    fn span(&self) -> usize;
    /// The library that made it.
    fn made_by(&self) -> &Arc<Library>;
    /// Its dimensions and strides, for a strided descriptor.
    fn layout(&self) -> Option<(&[usize], &[usize])>;
}

impl<T: crate::core::dtype::DataType> Described for crate::core::tensor::TensorDescriptor<T> {
    #[inline]
    fn span(&self) -> usize {
        self.required_len()
    }
    #[inline]
    fn made_by(&self) -> &Arc<Library> {
        self.library()
    }
    #[inline]
    fn layout(&self) -> Option<(&[usize], &[usize])> {
        Some((self.dims(), self.strides()))
    }
}

impl<T: crate::core::dtype::DataType> Described for crate::core::tensor::FilterDescriptor<T> {
    #[inline]
    fn span(&self) -> usize {
        self.required_len()
    }
    #[inline]
    fn made_by(&self) -> &Arc<Library> {
        self.library()
    }
    #[inline]
    fn layout(&self) -> Option<(&[usize], &[usize])> {
        None
    }
}

/// Checks an input buffer against its descriptor: the descriptor is the
/// handle library's, the buffer is in the stream's context and spans the
/// descriptor.
#[inline]
pub(crate) fn check_input<T, B: DeviceBuffer<T> + ?Sized, D: Described>(
    lib: &Arc<Library>,
    stream: &CudaStream,
    function: &'static str,
    name: &'static str,
    buf: &B,
    desc: &D,
) -> Result<()> {
    check_library(lib, function, name, desc.made_by())?;
    check_buffer(stream, function, name, buf, desc.span())
}

/// Checks an output buffer as [`check_input`] does, and that no two of its
/// elements share an address.
#[inline]
pub(crate) fn check_output<T, B: DeviceBuffer<T> + ?Sized, D: Described>(
    lib: &Arc<Library>,
    stream: &CudaStream,
    function: &'static str,
    name: &'static str,
    buf: &B,
    desc: &D,
) -> Result<()> {
    check_input(lib, stream, function, name, buf, desc)?;
    if let Some((dims, strides)) = desc.layout() {
        check_no_overlap(function, &name, dims, strides)?;
    }
    Ok(())
}

/// One launch in progress: the handle's context is bound to this thread,
/// its stream and library are at hand, and every buffer goes through
/// [`input`](Self::input) / [`output`](Self::output) (checked against its
/// descriptor, then its device pointer taken with cudarc's guard, which
/// orders the work on the stream). Made by [`Handle::launch`](crate::Handle).
///
/// ```ignore
/// let l = self.launch("cudnnActivationForward")?;
/// let x = l.input("x", x, x_desc)?;
/// let y = l.output("y", y, y_desc)?;
/// let run = ffi!(l.library(), cudnnActivationForward);
/// // SAFETY: ...
/// let status = unsafe { (run.f)(l.raw(), .., x.ptr(), .., y.ptr()) };
/// run.check(status)
/// ```
pub(crate) struct Launch<'a> {
    pub(crate) function: &'static str,
    pub(crate) stream: &'a Arc<CudaStream>,
    pub(crate) lib: &'a Arc<Library>,
    pub(crate) raw: cudnn_sys::cudnnHandle_t,
}

/// A device pointer taken for a launch, with the guard that records the
/// launch on the buffer's events when dropped.
pub(crate) struct Ptr<'a> {
    addr: u64,
    _guard: Option<SyncOnDrop<'a>>,
}

impl Ptr<'_> {
    /// The null pointer of an absent optional buffer.
    pub(crate) fn null() -> Self {
        Ptr {
            addr: 0,
            _guard: None,
        }
    }

    /// The address, as cuDNN takes it.
    #[inline]
    pub(crate) fn ptr(&self) -> *mut std::ffi::c_void {
        self.addr as *mut std::ffi::c_void
    }
}

impl<'a> Launch<'a> {
    /// The library of the handle.
    #[inline]
    pub(crate) fn library(&self) -> &'a Arc<Library> {
        self.lib
    }

    /// The handle's raw pointer.
    #[inline]
    pub(crate) fn raw(&self) -> cudnn_sys::cudnnHandle_t {
        self.raw
    }

    /// Checks that a descriptor without a buffer (an activation, a
    /// convolution) was made by the handle's library.
    #[inline]
    pub(crate) fn descriptor(&self, what: &'static str, made_by: &Arc<Library>) -> Result<()> {
        check_library(self.lib, self.function, what, made_by)
    }

    /// Checks an input buffer against its descriptor ([`check_input`]) and
    /// takes its pointer.
    #[inline]
    pub(crate) fn input<T, B: DeviceBuffer<T> + ?Sized, D: Described>(
        &self,
        name: &'static str,
        buf: &'a B,
        desc: &D,
    ) -> Result<Ptr<'a>> {
        check_input(self.lib, self.stream, self.function, name, buf, desc)?;
        let (addr, guard) = buf.device_ptr(self.stream);
        Ok(Ptr {
            addr,
            _guard: Some(guard),
        })
    }

    /// Checks an output buffer against its descriptor ([`check_output`]:
    /// no overlapping strides either) and takes its pointer.
    #[inline]
    pub(crate) fn output<T, B: DeviceBufferMut<T> + ?Sized, D: Described>(
        &self,
        name: &'static str,
        buf: &'a mut B,
        desc: &D,
    ) -> Result<Ptr<'a>> {
        check_output(self.lib, self.stream, self.function, name, buf, desc)?;
        let (addr, guard) = buf.device_ptr_mut(self.stream);
        Ok(Ptr {
            addr,
            _guard: Some(guard),
        })
    }

    /// An optional input: [`input`](Self::input), or the null pointer.
    #[inline]
    pub(crate) fn opt_input<T, B: DeviceBuffer<T> + ?Sized, D: Described>(
        &self,
        name: &'static str,
        buf: Option<&'a B>,
        desc: &D,
    ) -> Result<Ptr<'a>> {
        buf.map_or_else(|| Ok(Ptr::null()), |b| self.input(name, b, desc))
    }

    /// An optional output: [`output`](Self::output), or the null pointer.
    #[inline]
    pub(crate) fn opt_output<T, B: DeviceBufferMut<T> + ?Sized, D: Described>(
        &self,
        name: &'static str,
        buf: Option<&'a mut B>,
        desc: &D,
    ) -> Result<Ptr<'a>> {
        buf.map_or_else(|| Ok(Ptr::null()), |b| self.output(name, b, desc))
    }

    /// Scratch memory of `required` bytes or more: in the stream's context,
    /// long enough; its pointer.
    #[inline]
    pub(crate) fn scratch<B: DeviceBufferMut<u8> + ?Sized>(
        &self,
        name: &'static str,
        buf: &'a mut B,
        required: usize,
    ) -> Result<Ptr<'a>> {
        check_buffer(self.stream, self.function, name, buf, required)?;
        let (addr, guard) = buf.device_ptr_mut(self.stream);
        Ok(Ptr {
            addr,
            _guard: Some(guard),
        })
    }
}

/// A launch's workspace: its address and size in bytes, with cudarc's
/// guard (the launch is recorded on it when this drops).
pub(crate) struct WorkspacePtr<'a> {
    ptr: Ptr<'a>,
    len: usize,
}

impl WorkspacePtr<'_> {
    /// The address, as cuDNN takes it (null for an empty workspace).
    #[inline]
    pub(crate) fn ptr(&self) -> *mut std::ffi::c_void {
        self.ptr.ptr()
    }

    /// The address.
    #[inline]
    pub(crate) fn addr(&self) -> u64 {
        self.ptr.addr
    }

    /// Its size in bytes: at least what was required.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.len
    }
}

impl<'a> Launch<'a> {
    /// The workspace of this launch: `ws` grown to `required` bytes on the
    /// launch's stream when smaller, checked to hold them, and its pointer
    /// taken.
    ///
    /// # Errors
    /// A CUDA error when it cannot grow; [`Mismatch::WorkspaceTooSmall`]
    /// (never expected after the growth).
    pub(crate) fn workspace<'w>(
        &self,
        ws: &'w mut Workspace,
        required: usize,
    ) -> Result<WorkspacePtr<'w>>
    where
        'a: 'w,
    {
        ws.reserve(self.stream, required)?;
        let (addr, len, guard) = ws.device_ptr(self.stream);
        ensure(len >= required, self.function, || {
            Mismatch::WorkspaceTooSmall { len, required }
        })?;
        Ok(WorkspacePtr {
            ptr: Ptr {
                addr,
                _guard: guard,
            },
            len,
        })
    }

    /// The workspace of this launch when its size depends on the problem
    /// and on where it is asked: `known`'s bytes when `known` was asked for
    /// `problem` in this launch's CUDA context with this launch's library,
    /// else the size `query` asks of cuDNN (with the launch's library and
    /// handle; the context is bound, and the caller has checked every
    /// descriptor it passes); then as [`workspace`](Self::workspace).
    ///
    /// # Errors
    /// `query`'s error; as [`workspace`](Self::workspace).
    pub(crate) fn workspace_sized<'w>(
        &self,
        ws: &'w mut Workspace,
        problem: u64,
        known: &WorkspaceSize,
        query: impl FnOnce(&Library, cudnn_sys::cudnnHandle_t) -> Result<usize>,
    ) -> Result<WorkspacePtr<'w>>
    where
        'a: 'w,
    {
        let here = known.problem == problem
            && known.context == Some(ContextKey::of(self.stream.context()))
            && known.library == Arc::as_ptr(self.lib) as usize;
        let required = if here {
            known.bytes
        } else {
            query(self.lib, self.raw)?
        };
        self.workspace(ws, required)
    }
}

/// A workspace size and where cuDNN was asked for it: for which problem (a
/// number the caller gives each problem), in which CUDA context, with which
/// loaded library. [`Launch::workspace_sized`] uses it only where all three
/// are its own, and asks again elsewhere.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct WorkspaceSize {
    bytes: usize,
    problem: u64,
    context: Option<ContextKey>,
    library: usize,
}

impl WorkspaceSize {
    /// `bytes`, as asked of cuDNN through `handle` for `problem`.
    pub(crate) fn asked(bytes: usize, problem: u64, handle: &Handle) -> Self {
        WorkspaceSize {
            bytes,
            problem,
            context: handle.context_key(),
            library: Arc::as_ptr(handle.library()) as usize,
        }
    }

    /// The size in bytes.
    pub(crate) fn bytes(&self) -> usize {
        self.bytes
    }
}

/// Whether the strided layout `dims`/`strides` gives every element its own
/// address (no two index tuples meet). Dimensions of extent 1 are ignored;
/// an empty tensor is trivially fine.
pub fn strides_are_injective(dims: &[usize], strides: &[usize]) -> bool {
    if dims.contains(&0) {
        return true;
    }
    axes_are_injective(dims.iter().copied().zip(strides.iter().copied()))
}

/// [`strides_are_injective`] of the axes `(dim, stride)`, every dim at
/// least 1.
pub(crate) fn axes_are_injective(axes: impl Iterator<Item = (usize, usize)>) -> bool {
    let moving = axes.filter(|&(d, _)| d > 1).map(|(d, s)| (s, d));
    // Up to 8 axes (cuDNN's most) on the stack, more on the heap.
    on_stack::<_, 8, _>((0, 0), moving, |axes| {
        axes.sort_unstable();
        let mut reach: usize = 0;
        for &mut (stride, dim) in axes {
            // Every earlier axis spans at most `reach` elements; this
            // axis's step must jump past all of them.
            if stride <= reach {
                return false;
            }
            // dim > 1 (the axes of 1 are filtered out above).
            #[allow(clippy::arithmetic_side_effects)]
            let steps = dim - 1;
            let span = match stride.checked_mul(steps) {
                Some(s) => s,
                None => return false,
            };
            reach = match reach.checked_add(span) {
                Some(r) => r,
                None => return false,
            };
        }
        true
    })
}

/// Checks that every tensor of an elementwise operation has the shape of
/// the first, and every buffer is long enough for its descriptor.
///
/// # Errors
/// [`Mismatch::Shape`](crate::Mismatch::Shape) or
/// [`Mismatch::BufferTooShort`](crate::Mismatch::BufferTooShort).
pub(crate) fn check_same_shape<T: DataType>(
    function: &'static str,
    tensors: &[(&'static str, usize, &TensorDescriptor<T>)],
) -> Result<()> {
    let Some(&(first, _, first_desc)) = tensors.first() else {
        return Ok(());
    };
    for &(name, len, desc) in tensors {
        ensure(desc.dims() == first_desc.dims(), function, || {
            Mismatch::Shape {
                what: format!(
                    "`{name}` is {:?} but `{first}` is {:?}",
                    desc.dims(),
                    first_desc.dims()
                ),
            }
        })?;
        ensure(len >= desc.required_len(), function, || {
            Mismatch::BufferTooShort {
                buffer: name.into(),
                len,
                required: desc.required_len(),
            }
        })?;
    }
    Ok(())
}

/// `Err(BufferTooShort)` for the first `(name, len, required)` whose
/// length falls short.
pub(crate) fn check_lengths(
    function: &'static str,
    buffers: &[(&'static str, usize, usize)],
) -> Result<()> {
    for &(buffer, len, required) in buffers {
        ensure(len >= required, function, || Mismatch::BufferTooShort {
            buffer: buffer.into(),
            len,
            required,
        })?;
    }
    Ok(())
}

/// The lengths of a launch from `x` to `y` against their descriptors.
#[cfg(test)]
pub(crate) fn check_xy_lengths<T: DataType>(
    function: &'static str,
    (x_desc, y_desc): (&TensorDescriptor<T>, &TensorDescriptor<T>),
    x: usize,
    y: usize,
) -> Result<()> {
    check_lengths(
        function,
        &[
            ("x", x, x_desc.required_len()),
            ("y", y, y_desc.required_len()),
        ],
    )
}

/// The lengths of the backward of a launch from `x` to `y`: `y` and `dy`
/// against `y`'s descriptor, `x` and `dx` against `x`'s.
#[cfg(test)]
pub(crate) fn check_xy_backward_lengths<T: DataType>(
    function: &'static str,
    (x_desc, y_desc): (&TensorDescriptor<T>, &TensorDescriptor<T>),
    (y, dy): (usize, usize),
    (x, dx): (usize, usize),
) -> Result<()> {
    let (x_len, y_len) = (x_desc.required_len(), y_desc.required_len());
    check_lengths(
        function,
        &[
            ("y", y, y_len),
            ("dy", dy, y_len),
            ("x", x, x_len),
            ("dx", dx, x_len),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::error::Error;

    #[test]
    #[cfg_attr(miri, ignore = "dlopen is a foreign call Miri cannot make")]
    fn a_descriptor_of_another_loaded_library_is_refused() {
        let (a, b) = match (Library::open(None), Library::open(None)) {
            (Ok(a), Ok(b)) => (Arc::new(a), Arc::new(b)),
            (Err(e), _) | (_, Err(e)) => {
                assert!(
                    std::env::var_os("CUDNN_TEST_REQUIRE").is_none(),
                    "cuDNN is required: {e}"
                );
                eprintln!("not run: {e}");
                return;
            }
        };
        let desc = crate::core::tensor::TensorDescriptor::<f32>::new_in(
            Arc::clone(&b),
            crate::core::tensor::TensorFormat::NCHW,
            &[1, 2, 3, 4],
        )
        .expect("descriptor");
        assert!(check_library(&b, "cudnnTest", "x", desc.library()).is_ok());
        let err = check_library(&a, "cudnnTest", "x", desc.library()).expect_err("refused");
        assert!(
            matches!(
                &err,
                Error::InvalidArgument {
                    mismatch: Mismatch::OtherLibrary {
                        descriptor: "x",
                        ..
                    },
                    ..
                }
            ),
            "{err}"
        );
        assert!(
            err.to_string().contains("was made by the cuDNN at"),
            "{err}"
        );
    }

    #[test]
    #[cfg_attr(miri, ignore = "dlopen is a foreign call Miri cannot make")]
    fn elementwise_shapes_are_checked() {
        let lib = match Library::open(None) {
            Ok(lib) => Arc::new(lib),
            Err(e) => {
                assert!(
                    std::env::var_os("CUDNN_TEST_REQUIRE").is_none(),
                    "cuDNN is required: {e}"
                );
                eprintln!("not run: {e}");
                return;
            }
        };
        use crate::core::tensor::TensorFormat;
        let desc = |format, dims: &[usize]| {
            TensorDescriptor::<f32>::new_in(Arc::clone(&lib), format, dims).expect("descriptor")
        };
        let a = desc(TensorFormat::NCHW, &[2, 3, 4, 5]);
        // The same shape in another layout.
        let b = desc(TensorFormat::NHWC, &[2, 3, 4, 5]);
        let c = desc(TensorFormat::NCHW, &[2, 3, 5, 4]);
        check_same_shape("cudnnSoftmaxForward", &[("x", 120, &a), ("y", 120, &b)])
            .expect("layouts may differ");
        assert!(check_same_shape::<f32>("cudnnSoftmaxForward", &[]).is_ok());
        let e = check_same_shape("cudnnSoftmaxForward", &[("x", 120, &a), ("y", 120, &c)])
            .expect_err("shape");
        assert!(
            matches!(
                &e,
                Error::InvalidArgument {
                    mismatch: Mismatch::Shape { what },
                    ..
                } if what.contains("`y`")
            ),
            "{e}"
        );
        let e = check_same_shape(
            "cudnnActivationBackward",
            &[("y", 120, &a), ("dy", 119, &a)],
        )
        .expect_err("short");
        assert!(
            matches!(
                &e,
                Error::InvalidArgument {
                    function: "cudnnActivationBackward",
                    mismatch: Mismatch::BufferTooShort {
                        buffer,
                        len: 119,
                        required: 120,
                    },
                } if buffer == "dy"
            ),
            "{e}"
        );
    }

    #[test]
    fn a_buffer_is_placed_then_long_enough() {
        let here = Placement {
            same_context: true,
            buffer_device: 0,
            handle_device: 0,
        };
        assert!(check_placed("cudnnTest", &"x", here, 12, 12).is_ok());
        assert!(check_placed("cudnnTest", &"x", here, 13, 12).is_ok());
        let err = check_placed("cudnnTest", &"dy", here, 11, 12).expect_err("short");
        assert!(
            matches!(
                &err,
                Error::InvalidArgument {
                    function: "cudnnTest",
                    mismatch: Mismatch::BufferTooShort {
                        buffer,
                        len: 11,
                        required: 12,
                    },
                } if buffer == "dy"
            ),
            "{err}"
        );
        // Another context is refused before the length is looked at.
        let elsewhere = Placement {
            same_context: false,
            buffer_device: 1,
            handle_device: 0,
        };
        let err = check_placed("cudnnTest", &"w", elsewhere, 0, 12).expect_err("elsewhere");
        assert!(
            matches!(
                &err,
                Error::InvalidArgument {
                    mismatch: Mismatch::WrongDevice {
                        buffer,
                        buffer_device: 1,
                        handle_device: 0,
                    },
                    ..
                } if buffer == "w"
            ),
            "{err}"
        );
    }

    #[test]
    fn packed_and_padded_layouts_are_injective() {
        assert!(strides_are_injective(&[2, 3, 4, 5], &[60, 20, 5, 1]));
        // NHWC as strides of an NCHW shape.
        assert!(strides_are_injective(&[2, 3, 4, 5], &[60, 1, 15, 3]));
        // Padded rows.
        assert!(strides_are_injective(&[2, 3, 4, 5], &[100, 30, 7, 1]));
        // Extent-1 axes may have any stride.
        assert!(strides_are_injective(&[1, 3, 1, 5], &[0, 5, 0, 1]));
        assert!(strides_are_injective(&[0, 3], &[0, 0]));
    }

    #[test]
    fn overlapping_layouts_are_not() {
        // Broadcast (stride 0).
        assert!(!strides_are_injective(&[2, 3], &[0, 1]));
        // Rows that overlap by one element.
        assert!(!strides_are_injective(&[4, 5], &[4, 1]));
        // Two axes with the same stride.
        assert!(!strides_are_injective(&[2, 2], &[1, 1]));
        // Interleaved axes that collide: (1,0) and (0,2) both land on 2.
        assert!(!strides_are_injective(&[2, 3], &[2, 1]));
        // Overflow is not injective.
        assert!(!strides_are_injective(&[3, 3], &[usize::MAX / 2, 1]));
    }
}
