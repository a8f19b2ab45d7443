//! The causal depthwise 1D convolution of Mamba- and Hyena-style models:
//! cuDNN 9's `cudnnCausalConv1dForward` / `cudnnCausalConv1dBackward` and
//! their channels-last twins `cudnnCausalConv1dNwhForward` / `Backward`
//! (`cudnn_subquadratic_ops.h`, since cuDNN 9.22, exported by the `ext`
//! sub-library, `libcudnn_ext.so.9`), with the FFT and back-to-back (B2B)
//! variants below.
//!
//! With `x` zero before the first step (`K - 1` zeros of left padding),
//!
//! ```text
//! y[b, d, t] = act(bias[d] + sum_{k=0}^{K-1} w[d, k] * x[b, d, t - (K - 1) + k])
//! ```
//!
//! where `act` is the identity or SiLU ([`CausalConv1dActivation`]): the
//! last tap multiplies the current step, as PyTorch's
//! `F.conv1d(x, w.unsqueeze(1), bias, padding=K-1, groups=D)[..., :L]`
//! computes. `cudnn_reference::causal_conv1d` is the CPU oracle.
//!
//! # Layouts
//!
//! All packed, in device memory ([`CausalConv1dLayout`]):
//!
//! | | `ChannelsFirst` | `ChannelsLast` (`Nwh`) |
//! |---|---|---|
//! | `x`, `y`, `dy`, `dx` | `[B, D, L]` | `[B, L, D]` |
//! | `weight`, `dweight` | `[D, K]` | `[K, D]` |
//! | `bias`, `dbias` | `[D]` | `[D]` |
//!
//! # Element types
//!
//! `x`, `weight`, `bias`, `y`, `dy` and `dx` are one of `f64`, `f32`,
//! `half::f16`, `half::bf16` ([`CausalConv1dElement`]); the weight and bias
//! gradients are `f64` for `f64` and `f32` otherwise (the header's
//! `dwDataType` rule), [`CausalConv1dElement::Grad`].
//!
//! # What cuDNN asks, checked here
//!
//! - `kernelSize` in 2..=8, 16, 32, 64, 128 or 256
//!   ([`CAUSAL_CONV1D_KERNEL_SIZES`]), at most
//!   [`CAUSAL_CONV1D_NWH_MAX_KERNEL_SIZE`] (128) channels last, as
//!   cudnn-frontend 1.32 refuses wider before calling
//!   `cudnnCausalConv1dNwh*`; every size a positive `int`;
//! - the bias is never null (the header: "Must be non-NULL");
//! - the functions exist in the loaded library: cuDNN 8 and cuDNN 9 before
//!   9.22 lack them, and a missing or unusable `libcudnn_ext` leaves them
//!   out; either is a typed error ([`Error::NotAvailable`] or
//!   [`Error::SublibraryUnavailable`]) when the problem is made;
//! - not on Windows (the header: "Not supported on Windows"), refused as
//!   [`Mismatch::Unsupported`].
//!
//! The functions take a CUDA stream, not a cuDNN handle: the launch runs on
//! the [`Handle`]'s stream, in its context.
//!
//! # The backward accumulates
//!
//! `cudnnCausalConv1dBackward` *adds* the weight and bias gradients into
//! `dweight` and `dbias` (`atomicAdd`); zero them first for the gradient of
//! one call. `dx` is written.
//!
//! # The medium-FFT variant
//!
//! [`CausalConv1dFftProblem`] with [`Handle::causal_conv1d_fft_forward`]
//! and [`Handle::causal_conv1d_fft_backward`] (`cudnnFFTCausalConv1d*`,
//! cuDNN 9.26): channels first, no bias, no activation, the taps in the
//! reverse order (`y[t] = sum_j x[t - j] * w[j]`), every buffer 16-byte
//! aligned, the weight gradient written (not added) in the element type.
//!
//! # The long-FFT variant
//!
//! [`CausalConv1dLongFftProblem`] with
//! [`Handle::causal_conv1d_long_fft_forward`] and
//! [`Handle::causal_conv1d_long_fft_backward`]
//! (`cudnnLongFFTCausalConv1d*`, cuDNN 9.26): as the medium FFT, for
//! `kernel_size == seq_len` a power of two from 4096, with a workspace and
//! a reserve space (sizes asked of cuDNN on the host,
//! [`CausalConv1dLongFftProblem::buffer_sizes`]) that the forward fills
//! for the matching backward.
//!
//! # The back-to-back (B2B) variant
//!
//! [`CausalConv1dB2bProblem`] with [`Handle::causal_conv1d_b2b_forward`]
//! and [`Handle::causal_conv1d_b2b_backward`]
//! (`cudnnB2BCausalConv1d*`, cuDNN 9.24): the fused Hyena-SE block, a
//! projection convolution of three interleaved channels per output
//! channel, a gate, a mixer convolution and a skip term, writing `y` (kept
//! for the backward) and `y_gated`; widths `2..=32` and `2..=256`. Its
//! backward adds its three weight gradients as the direct variant's does.
//! Not yet run on a GPU.

use std::sync::Arc;

use cudnn_sys as sys;
use half::{bf16, f16};

use crate::core::dtype::DataType;
use crate::core::error::{ensure, Error, Mismatch, Result};
use crate::core::handle::Handle;
use crate::core::launch::{Described, DeviceBuffer, DeviceBufferMut, Launch, Ptr};
use crate::core::library::{ffi, library, Library};
use crate::core::size;
use crate::core::workspace::Workspace;

/// The activation applied after the convolution and bias
/// (`cudnnCausalConv1dActivation_t`): `CausalConv1dActivation::IDENTITY`
/// or `SILU`.
///
/// Its constants (generated): `IDENTITY` and `SILU`. Each is also there by its
/// C name (`CUDNN_CAUSAL_CONV1D_ACTIVATION_IDENTITY`), which `Display` writes.
pub type CausalConv1dActivation = sys::cudnnCausalConv1dActivation_t;

/// The filter widths `cudnnCausalConv1dForward` supports.
pub const CAUSAL_CONV1D_KERNEL_SIZES: [usize; 12] = [2, 3, 4, 5, 6, 7, 8, 16, 32, 64, 128, 256];

/// The widest filter of the channels-last functions
/// (`cudnnCausalConv1dNwh*`): cudnn-frontend 1.32's Python binding
/// refuses a wider one before calling them.
pub const CAUSAL_CONV1D_NWH_MAX_KERNEL_SIZE: usize = 128;

mod b2b;
mod fft;

pub use b2b::{
    CausalConv1dB2bBackwardBuffers, CausalConv1dB2bForwardBuffers, CausalConv1dB2bProblem,
    CausalConv1dB2bShape, CAUSAL_CONV1D_B2B_MAX_KERNEL_SIZE_MIXER,
    CAUSAL_CONV1D_B2B_MAX_KERNEL_SIZE_PROJ,
};
pub use fft::{
    CausalConv1dFftBackwardBuffers, CausalConv1dFftForwardBuffers, CausalConv1dFftProblem,
    CausalConv1dLongFftBackwardBuffers, CausalConv1dLongFftForwardBuffers,
    CausalConv1dLongFftProblem, CAUSAL_CONV1D_FFT_ALIGNMENT,
};

mod sealed {
    pub trait Sealed {}
}

/// An element type of the causal convolution: `f64`, `f32`, `half::f16`
/// or `half::bf16`. Sealed.
pub trait CausalConv1dElement: DataType + sealed::Sealed {
    /// The type of the weight and bias gradients: `f64` for `f64`, `f32`
    /// for the others.
    type Grad: DataType;
}

impl sealed::Sealed for f64 {}
impl sealed::Sealed for f32 {}
impl sealed::Sealed for f16 {}
impl sealed::Sealed for bf16 {}
impl CausalConv1dElement for f64 {
    type Grad = f64;
}
impl CausalConv1dElement for f32 {
    type Grad = f32;
}
impl CausalConv1dElement for f16 {
    type Grad = f32;
}
impl CausalConv1dElement for bf16 {
    type Grad = f32;
}

/// Where the channels are: which pair of C functions runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CausalConv1dLayout {
    /// `x` as `[B, D, L]`, the weight as `[D, K]`:
    /// `cudnnCausalConv1dForward` / `Backward`.
    ChannelsFirst,
    /// `x` as `[B, L, D]`, the weight as `[K, D]`:
    /// `cudnnCausalConv1dNwhForward` / `Backward`.
    ChannelsLast,
}

/// The dimensions of a causal depthwise convolution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CausalConv1dShape {
    /// Batch size `B`.
    pub batch: usize,
    /// Channels `D`.
    pub dim: usize,
    /// Sequence length `L`.
    pub seq_len: usize,
    /// Filter width `K`.
    pub kernel_size: usize,
}

/// A causal convolution problem: shape, layout and activation, checked
/// against what cuDNN takes and against the library (which has the
/// functions) when made.
#[derive(Debug, Clone)]
pub struct CausalConv1dProblem {
    lib: Arc<Library>,
    shape: CausalConv1dShape,
    layout: CausalConv1dLayout,
    activation: CausalConv1dActivation,
    /// `[batch, dim, seq_len, kernel_size]` as cuDNN's `int`.
    ints: [i32; 4],
    x_len: usize,
    w_len: usize,
}

const NEW: &str = "CausalConv1dProblem::new";

/// `value` as a positive `int`, or an error of `function`.
fn positive_int(function: &'static str, name: &str, value: usize) -> Result<i32> {
    i32::try_from(value).ok().filter(|&v| v > 0).ok_or_else(|| {
        Error::bad_value(
            function,
            format!("{name} = {value}: must be in 1..={}", i32::MAX),
        )
    })
}

/// The checks every variant shares, as errors of `function`: each size a
/// positive `int`, the element counts of `x` (`B * D * L`) and of the
/// weight (`D * K`) without overflow.
fn check_sizes(function: &'static str, s: &CausalConv1dShape) -> Result<([i32; 4], usize, usize)> {
    let ints = [
        positive_int(function, "batch", s.batch)?,
        positive_int(function, "dim", s.dim)?,
        positive_int(function, "seq_len", s.seq_len)?,
        positive_int(function, "kernel_size", s.kernel_size)?,
    ];
    let x_len = size::product([s.batch, s.dim, s.seq_len])
        .ok_or_else(|| Error::bad_value(function, format!("{s:?}: B * D * L overflows")))?;
    let w_len = size::product([s.dim, s.kernel_size])
        .ok_or_else(|| Error::bad_value(function, format!("{s:?}: D * K overflows")))?;
    Ok((ints, x_len, w_len))
}

/// Refuses Windows, as errors of `function` (the header: "Not supported
/// on Windows"; cuDNN 9.28's DLL answers `NOT_SUPPORTED` to the
/// sub-library's version check). After the shape's checks, which are the
/// same everywhere, and before the library's.
fn check_platform(function: &'static str) -> Result<()> {
    ensure(!cfg!(windows), function, || Mismatch::Unsupported {
        what: "cuDNN's causal conv1d is not supported on Windows".into(),
    })
}

/// The pure checks of a problem: [`check_sizes`], the kernel width (of
/// the layout), the activation.
fn check_shape(
    s: &CausalConv1dShape,
    layout: CausalConv1dLayout,
    activation: CausalConv1dActivation,
) -> Result<([i32; 4], usize, usize)> {
    let sizes = check_sizes(NEW, s)?;
    ensure(
        CAUSAL_CONV1D_KERNEL_SIZES.contains(&s.kernel_size),
        NEW,
        || Mismatch::BadValue {
            what: format!(
                "kernel_size = {}: cuDNN supports 2 to 8, 16, 32, 64, 128 and 256",
                s.kernel_size
            ),
        },
    )?;
    ensure(
        layout == CausalConv1dLayout::ChannelsFirst
            || s.kernel_size <= CAUSAL_CONV1D_NWH_MAX_KERNEL_SIZE,
        NEW,
        || {
            Mismatch::BadValue {
            what: format!(
                "kernel_size = {}: channels last supports at most {CAUSAL_CONV1D_NWH_MAX_KERNEL_SIZE}",
                s.kernel_size
            ),
        }
        },
    )?;
    ensure(
        activation == CausalConv1dActivation::IDENTITY
            || activation == CausalConv1dActivation::SILU,
        NEW,
        || Mismatch::BadValue {
            what: format!("activation {activation}: must be IDENTITY or SILU"),
        },
    )?;
    Ok(sizes)
}

/// Whether the loaded `lib` has both functions of `layout`.
fn check_available(lib: &Library, layout: CausalConv1dLayout) -> Result<()> {
    match layout {
        CausalConv1dLayout::ChannelsFirst => {
            ffi!(lib, cudnnCausalConv1dForward);
            ffi!(lib, cudnnCausalConv1dBackward);
        }
        CausalConv1dLayout::ChannelsLast => {
            ffi!(lib, cudnnCausalConv1dNwhForward);
            ffi!(lib, cudnnCausalConv1dNwhBackward);
        }
    }
    Ok(())
}

impl CausalConv1dProblem {
    /// A problem with the process-wide library.
    ///
    /// # Errors
    /// As [`new_in`](Self::new_in).
    pub fn new(
        shape: CausalConv1dShape,
        layout: CausalConv1dLayout,
        activation: CausalConv1dActivation,
    ) -> Result<Self> {
        Self::new_in(library()?, shape, layout, activation)
    }

    /// A problem with the library `lib`.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming
    /// `CausalConv1dProblem::new`: [`Mismatch::BadValue`] for a size of 0
    /// or past `i32::MAX`, a kernel width cuDNN does not support
    /// ([`CAUSAL_CONV1D_KERNEL_SIZES`]; channels last, at most
    /// [`CAUSAL_CONV1D_NWH_MAX_KERNEL_SIZE`]), an activation other than
    /// `IDENTITY` and `SILU`, or element counts that overflow;
    /// [`Mismatch::Unsupported`] on Windows. Then
    /// [`Error::NotAvailable`](crate::Error::NotAvailable) where the loaded
    /// cuDNN lacks the functions (cuDNN 8; 9 before 9.22), or
    /// [`Error::SublibraryUnavailable`](crate::Error::SublibraryUnavailable)
    /// where `libcudnn_ext` is missing or unusable.
    #[doc(alias = "cudnnCausalConv1dForward")]
    #[doc(alias = "cudnnCausalConv1dNwhForward")]
    pub fn new_in(
        lib: Arc<Library>,
        shape: CausalConv1dShape,
        layout: CausalConv1dLayout,
        activation: CausalConv1dActivation,
    ) -> Result<Self> {
        let (ints, x_len, w_len) = check_shape(&shape, layout, activation)?;
        check_platform(NEW)?;
        check_available(&lib, layout)?;
        Ok(CausalConv1dProblem {
            lib,
            shape,
            layout,
            activation,
            ints,
            x_len,
            w_len,
        })
    }

    /// The shape.
    pub fn shape(&self) -> CausalConv1dShape {
        self.shape
    }

    /// The layout.
    pub fn layout(&self) -> CausalConv1dLayout {
        self.layout
    }

    /// The activation.
    pub fn activation(&self) -> CausalConv1dActivation {
        self.activation
    }

    /// Elements of `x`, `y`, `dy` and `dx`: `B * D * L`.
    pub fn x_len(&self) -> usize {
        self.x_len
    }

    /// Elements of the weight and its gradient: `D * K`.
    pub fn weight_len(&self) -> usize {
        self.w_len
    }

    /// Elements of the bias and its gradient: `D`.
    pub fn bias_len(&self) -> usize {
        self.shape.dim
    }

    /// The library it was checked against.
    pub fn library(&self) -> &Arc<Library> {
        &self.lib
    }
}

/// A packed buffer of `len` elements, as the launch layer checks it
/// (the problem's library, no strides).
struct Packed<'l> {
    len: usize,
    lib: &'l Arc<Library>,
}

impl Described for Packed<'_> {
    fn span(&self) -> usize {
        self.len
    }
    fn made_by(&self) -> &Arc<Library> {
        self.lib
    }
    fn layout(&self) -> Option<(&[usize], &[usize])> {
        None
    }
}

/// Checks that each named buffer is aligned to `alignment` bytes
/// ([`Mismatch::Misaligned`] naming the first that is not): a view may
/// start anywhere.
fn check_aligned(l: &Launch<'_>, named: &[(&str, &Ptr<'_>)], alignment: usize) -> Result<()> {
    for &(name, p) in named {
        check_address(l, name, p.ptr() as usize, alignment)?;
    }
    Ok(())
}

/// Checks that `address` (of the buffer `name`) is a multiple of
/// `alignment` ([`Mismatch::Misaligned`]).
fn check_address(l: &Launch<'_>, name: &str, address: usize, alignment: usize) -> Result<()> {
    ensure(address.is_multiple_of(alignment), l.function, || {
        Mismatch::Misaligned {
            buffer: name.into(),
            address: address as u64,
            alignment: alignment as u64,
        }
    })
}

/// The device buffers of [`Handle::causal_conv1d_forward`], in the
/// problem's layout. Named fields, so that a swap shows at the call site.
pub struct CausalConv1dForwardBuffers<'a, T> {
    /// The input, `B * D * L` elements.
    pub x: &'a dyn DeviceBuffer<T>,
    /// The filters, `D * K` elements.
    pub weight: &'a dyn DeviceBuffer<T>,
    /// The bias, `D` elements.
    pub bias: &'a dyn DeviceBuffer<T>,
    /// The output, written: `B * D * L` elements.
    pub y: &'a mut dyn DeviceBufferMut<T>,
}

/// The device buffers of [`Handle::causal_conv1d_backward`], in the
/// problem's layout.
pub struct CausalConv1dBackwardBuffers<'a, T: CausalConv1dElement> {
    /// The forward's input.
    pub x: &'a dyn DeviceBuffer<T>,
    /// The forward's filters.
    pub weight: &'a dyn DeviceBuffer<T>,
    /// The forward's bias (read for the activation's recompute).
    pub bias: &'a dyn DeviceBuffer<T>,
    /// The gradient of `y`.
    pub dy: &'a dyn DeviceBuffer<T>,
    /// The gradient of `x`, written.
    pub dx: &'a mut dyn DeviceBufferMut<T>,
    /// The gradient of the filters, *added* to what it holds.
    pub dweight: &'a mut dyn DeviceBufferMut<T::Grad>,
    /// The gradient of the bias, *added* to what it holds.
    pub dbias: &'a mut dyn DeviceBufferMut<T::Grad>,
}

impl Handle {
    /// `y = act(bias + causal_conv(x, weight))` on the handle's stream.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) before any
    /// GPU work for a problem of another loaded cuDNN, a short buffer, a
    /// buffer of another CUDA context, or one not aligned to its element;
    /// cuDNN's and CUDA's errors (`NOT_SUPPORTED` for a combination its
    /// kernels lack).
    #[doc(alias = "cudnnCausalConv1dForward")]
    #[doc(alias = "cudnnCausalConv1dNwhForward")]
    pub fn causal_conv1d_forward<T: CausalConv1dElement>(
        &self,
        problem: &CausalConv1dProblem,
        buffers: CausalConv1dForwardBuffers<'_, T>,
    ) -> Result<()> {
        let CausalConv1dForwardBuffers { x, weight, bias, y } = buffers;
        let name = match problem.layout {
            CausalConv1dLayout::ChannelsFirst => "cudnnCausalConv1dForward",
            CausalConv1dLayout::ChannelsLast => "cudnnCausalConv1dNwhForward",
        };
        let l = self.launch(name)?;
        l.descriptor("causal_conv1d problem", problem.library())?;
        let lib = problem.library();
        let xs = Packed {
            len: problem.x_len,
            lib,
        };
        let ws = Packed {
            len: problem.w_len,
            lib,
        };
        let bs = Packed {
            len: problem.shape.dim,
            lib,
        };
        let x = l.input("x", x, &xs)?;
        let weight = l.input("weight", weight, &ws)?;
        let bias = l.input("bias", bias, &bs)?;
        let y = l.output("y", y, &xs)?;
        check_aligned(
            &l,
            &[("x", &x), ("weight", &weight), ("bias", &bias), ("y", &y)],
            std::mem::align_of::<T>(),
        )?;
        let stream: sys::cudaStream_t = l.stream.cu_stream().cast();
        let [b, d, s, k] = problem.ints;
        let (dtype, act) = (T::CUDNN, problem.activation);
        let run = match problem.layout {
            CausalConv1dLayout::ChannelsFirst => ffi!(l.library(), cudnnCausalConv1dForward),
            CausalConv1dLayout::ChannelsLast => ffi!(l.library(), cudnnCausalConv1dNwhForward),
        };
        // SAFETY: the context is bound and `stream` is the handle's live
        // stream in it; x, weight, bias and y were checked (this library,
        // this context, at least B*D*L, D*K, D, B*D*L elements of `T`,
        // aligned to `T`), and `dtype` is `T`'s code; the sizes are the
        // problem's checked positive ints; the guards keep the buffers
        // ordered on the stream until the call is recorded.
        let status = unsafe {
            (run.f)(
                stream,
                x.ptr(),
                weight.ptr(),
                bias.ptr(),
                y.ptr(),
                b,
                d,
                s,
                k,
                dtype,
                act,
            )
        };
        run.check(status)
    }

    /// The gradients of [`causal_conv1d_forward`](Self::causal_conv1d_forward)
    /// from `dy`: `dx` written, the weight and bias gradients *added* into
    /// `dweight` and `dbias` (cuDNN accumulates them with `atomicAdd`; zero
    /// them first for one call's gradient).
    ///
    /// # Errors
    /// As [`causal_conv1d_forward`](Self::causal_conv1d_forward).
    #[doc(alias = "cudnnCausalConv1dBackward")]
    #[doc(alias = "cudnnCausalConv1dNwhBackward")]
    pub fn causal_conv1d_backward<T: CausalConv1dElement>(
        &self,
        problem: &CausalConv1dProblem,
        buffers: CausalConv1dBackwardBuffers<'_, T>,
    ) -> Result<()> {
        let CausalConv1dBackwardBuffers {
            x,
            weight,
            bias,
            dy,
            dx,
            dweight,
            dbias,
        } = buffers;
        let name = match problem.layout {
            CausalConv1dLayout::ChannelsFirst => "cudnnCausalConv1dBackward",
            CausalConv1dLayout::ChannelsLast => "cudnnCausalConv1dNwhBackward",
        };
        let l = self.launch(name)?;
        l.descriptor("causal_conv1d problem", problem.library())?;
        let lib = problem.library();
        let packed = |len| Packed { len, lib };
        let (xs, ws, bs) = (
            packed(problem.x_len),
            packed(problem.w_len),
            packed(problem.shape.dim),
        );
        let x = l.input("x", x, &xs)?;
        let weight = l.input("weight", weight, &ws)?;
        let bias = l.input("bias", bias, &bs)?;
        let dy = l.input("dy", dy, &xs)?;
        let dx = l.output("dx", dx, &xs)?;
        let dweight = l.output("dweight", dweight, &ws)?;
        let dbias = l.output("dbias", dbias, &bs)?;
        check_aligned(
            &l,
            &[
                ("x", &x),
                ("weight", &weight),
                ("bias", &bias),
                ("dy", &dy),
                ("dx", &dx),
            ],
            std::mem::align_of::<T>(),
        )?;
        let grad_alignment = std::mem::align_of::<T::Grad>();
        check_aligned(
            &l,
            &[("dweight", &dweight), ("dbias", &dbias)],
            grad_alignment,
        )?;
        let stream: sys::cudaStream_t = l.stream.cu_stream().cast();
        let [b, d, s, k] = problem.ints;
        let (dtype, grad, act) = (T::CUDNN, T::Grad::CUDNN, problem.activation);
        let run = match problem.layout {
            CausalConv1dLayout::ChannelsFirst => ffi!(l.library(), cudnnCausalConv1dBackward),
            CausalConv1dLayout::ChannelsLast => ffi!(l.library(), cudnnCausalConv1dNwhBackward),
        };
        // SAFETY: as for the forward: the stream is the handle's, in the
        // bound context; every buffer was checked (library, context,
        // length, alignment) against the problem, x, weight, bias, dy and
        // dx as `T` (`dtype`), dweight and dbias as `T::Grad` (`grad`, the
        // header's dwDataType rule); the sizes are checked positive ints.
        let status = unsafe {
            (run.f)(
                stream,
                x.ptr(),
                weight.ptr(),
                bias.ptr(),
                dy.ptr(),
                dx.ptr(),
                dweight.ptr(),
                dbias.ptr(),
                b,
                d,
                s,
                k,
                dtype,
                grad,
                act,
            )
        };
        run.check(status)
    }
}

#[cfg(test)]
mod tests {
    use super::b2b::{check_b2b_shape, B2B_NEW};
    use super::fft::{check_fft_shape, FFT_NEW};
    use super::*;

    fn shape(batch: usize, dim: usize, seq_len: usize, kernel_size: usize) -> CausalConv1dShape {
        CausalConv1dShape {
            batch,
            dim,
            seq_len,
            kernel_size,
        }
    }

    fn bad_value(r: Result<([i32; 4], usize, usize)>) -> String {
        match r {
            Err(Error::InvalidArgument {
                function: NEW,
                mismatch: Mismatch::BadValue { what },
            }) => what,
            other => panic!("expected BadValue, got {other:?}"),
        }
    }

    #[test]
    fn good_shapes_give_ints_and_lengths() {
        let id = CausalConv1dActivation::IDENTITY;
        let (first, last) = (
            CausalConv1dLayout::ChannelsFirst,
            CausalConv1dLayout::ChannelsLast,
        );
        let (ints, x, w) = check_shape(&shape(2, 3, 5, 4), first, id).expect("fine");
        assert_eq!(ints, [2, 3, 5, 4]);
        assert_eq!((x, w), (30, 12));
        for k in CAUSAL_CONV1D_KERNEL_SIZES {
            check_shape(&shape(1, 1, 1, k), first, CausalConv1dActivation::SILU)
                .expect("supported");
            if k <= CAUSAL_CONV1D_NWH_MAX_KERNEL_SIZE {
                check_shape(&shape(1, 1, 1, k), last, id).expect("supported channels last");
            }
        }
    }

    #[test]
    fn every_refusal_names_its_cause() {
        let id = CausalConv1dActivation::IDENTITY;
        let big = i32::MAX as usize;
        for (s, text) in [
            (shape(0, 1, 1, 2), "batch = 0"),
            (shape(1, 0, 1, 2), "dim = 0"),
            (shape(1, 1, 0, 2), "seq_len = 0"),
            (shape(1, 1, 1, 0), "kernel_size = 0"),
            (shape(1, 1, big + 1, 2), "seq_len = 2147483648"),
            (shape(1, 1, 1, 1), "kernel_size = 1: cuDNN supports"),
            (shape(1, 1, 1, 9), "kernel_size = 9"),
            (shape(1, 1, 1, 512), "kernel_size = 512"),
        ] {
            let what = bad_value(check_shape(&s, CausalConv1dLayout::ChannelsFirst, id));
            assert!(what.contains(text), "{what} lacks {text}");
        }
        let what = bad_value(check_shape(
            &shape(1, 1, 1, 256),
            CausalConv1dLayout::ChannelsLast,
            id,
        ));
        assert!(
            what.contains("channels last supports at most 128"),
            "{what}"
        );
        let what = bad_value(check_shape(
            &shape(1, 1, 1, 2),
            CausalConv1dLayout::ChannelsFirst,
            sys::cudnnCausalConv1dActivation_t(2),
        ));
        assert!(what.contains("must be IDENTITY or SILU"), "{what}");
        for (s, text) in [
            (
                shape(1, 1, 256, 64),
                "kernel_size = 64: must be a power of two",
            ),
            (shape(1, 1, 32768, 32768), "kernel_size = 32768"),
            (shape(1, 1, 384, 192), "kernel_size = 192"),
            (
                shape(1, 1, 384, 256),
                "seq_len = 384: must be a positive multiple",
            ),
            (shape(1, 1, 128, 256), "seq_len = 128"),
            (shape(0, 1, 256, 128), "batch = 0"),
        ] {
            match check_fft_shape(&s) {
                Err(Error::InvalidArgument {
                    function: FFT_NEW,
                    mismatch: Mismatch::BadValue { what },
                }) => assert!(what.contains(text), "{what} lacks {text}"),
                other => panic!("{s:?}: expected BadValue, got {other:?}"),
            }
        }
        let (ints, x, w) = check_fft_shape(&shape(2, 3, 512, 256)).expect("fine");
        assert_eq!((ints, x, w), ([2, 3, 512, 256], 3072, 768));
        check_fft_shape(&shape(1, 1, 16384, 16384)).expect("the widest");
        check_fft_shape(&shape(1, 1, 128, 128)).expect("the narrowest");
        if usize::BITS == 64 {
            let first = CausalConv1dLayout::ChannelsFirst;
            let what = bad_value(check_shape(&shape(big, big, big, 2), first, id));
            assert!(what.contains("B * D * L overflows"), "{what}");
        }
    }

    fn b2b(batch: usize, dim: usize, seq_len: usize, kp: usize, km: usize) -> CausalConv1dB2bShape {
        CausalConv1dB2bShape {
            batch,
            dim,
            seq_len,
            kernel_size_proj: kp,
            kernel_size_mixer: km,
        }
    }

    #[test]
    fn b2b_shapes_are_checked() {
        let (ints, lens) = check_b2b_shape(&b2b(2, 3, 9, 3, 4)).expect("fine");
        assert_eq!(ints, [2, 3, 9, 3, 4]);
        assert_eq!(
            (lens.x, lens.y, lens.w_proj, lens.w_mixer),
            (162, 54, 27, 12)
        );
        check_b2b_shape(&b2b(1, 1, 1, 2, 2)).expect("the narrowest");
        check_b2b_shape(&b2b(1, 1, 1, 32, 256)).expect("the widest");
        let big = i32::MAX as usize;
        check_b2b_shape(&b2b(1, big, 1, 2, 2)).expect("D at i32::MAX");
        for (s, text) in [
            (b2b(0, 1, 1, 2, 2), "batch = 0"),
            (b2b(1, 0, 1, 2, 2), "dim = 0"),
            (b2b(1, 1, 0, 2, 2), "seq_len = 0"),
            (b2b(1, 1, 1, 0, 2), "kernel_size_proj = 0"),
            (b2b(1, 1, 1, 2, 0), "kernel_size_mixer = 0"),
            (
                b2b(1, 1, 1, 1, 2),
                "kernel_size_proj = 1: cuDNN supports 2..=32",
            ),
            (b2b(1, 1, 1, 33, 2), "kernel_size_proj = 33"),
            (
                b2b(1, 1, 1, 2, 1),
                "kernel_size_mixer = 1: cuDNN supports 2..=256",
            ),
            (b2b(1, 1, 1, 2, 257), "kernel_size_mixer = 257"),
            (b2b(big + 1, 1, 1, 2, 2), "batch = 2147483648"),
            (b2b(1, big + 1, 1, 2, 2), "dim = 2147483648"),
            (b2b(1, 1, big + 1, 2, 2), "seq_len = 2147483648"),
        ] {
            match check_b2b_shape(&s) {
                Err(Error::InvalidArgument {
                    function: B2B_NEW,
                    mismatch: Mismatch::BadValue { what },
                }) => assert!(what.contains(text), "{what} lacks {text}"),
                other => panic!("{s:?}: expected BadValue, got {other:?}"),
            }
        }
        if usize::BITS == 64 {
            // B * D * L fits; times 3 it does not.
            let third = usize::MAX / 3 + 1;
            assert!(third / big / big > 0);
            let s = b2b(big, big, third / big / big + 1, 2, 2);
            match check_b2b_shape(&s) {
                Err(Error::InvalidArgument {
                    mismatch: Mismatch::BadValue { what },
                    ..
                }) => assert!(what.contains("overflows"), "{what}"),
                other => panic!("expected an overflow, got {other:?}"),
            }
        }
    }
}
