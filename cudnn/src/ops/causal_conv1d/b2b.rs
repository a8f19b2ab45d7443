//! The fused back-to-back (B2B) causal convolution of the Hyena-SE block
//! (`cudnnB2BCausalConv1dForward` / `Backward`, cuDNN 9.24): a
//! projection convolution of three interleaved channels per output
//! channel, a gate, a mixer convolution and a skip term, sharing the
//! parent module's platform and alignment checks.

use super::*;
use crate::core::version::Version;

/// The widest projection filter of [`CausalConv1dB2bProblem`]
/// (cudnn-frontend's limit for `kernelSizeProj`; the narrowest is 2).
pub const CAUSAL_CONV1D_B2B_MAX_KERNEL_SIZE_PROJ: usize = 32;

/// The widest mixer filter of [`CausalConv1dB2bProblem`]
/// (cudnn-frontend's limit for `kernelSizeMixer`; the narrowest is 2).
pub const CAUSAL_CONV1D_B2B_MAX_KERNEL_SIZE_MIXER: usize = 256;

/// The first cuDNN with the B2B functions, as cudnn-frontend documents
/// them; an older library is refused even where it exports them.
const B2B_SINCE: Version = Version::new(9, 24, 0);

pub(super) const B2B_NEW: &str = "CausalConv1dB2bProblem::new";

/// The dimensions of a B2B causal convolution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CausalConv1dB2bShape {
    /// Batch size `B`.
    pub batch: usize,
    /// Channels `D` of the output; the input has three per channel.
    pub dim: usize,
    /// Sequence length `L`.
    pub seq_len: usize,
    /// Projection filter width `Kp`, in `2..=32`.
    pub kernel_size_proj: usize,
    /// Mixer filter width `Km`, in `2..=256`.
    pub kernel_size_mixer: usize,
}

/// The element counts of a B2B problem's buffers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct B2bLens {
    /// `x`, `dx`: `B * D * 3 * L`.
    pub(super) x: usize,
    /// `y`, `y_gated`, `dy`: `B * D * L`.
    pub(super) y: usize,
    /// The projection filters and their gradient: `D * 3 * Kp`.
    pub(super) w_proj: usize,
    /// The mixer filters and their gradient: `D * Km`.
    pub(super) w_mixer: usize,
}

/// A B2B causal convolution problem (`cudnnB2BCausalConv1dForward` /
/// `Backward`, cuDNN 9.24): with `x` as `[B, D, 3, L]` and `p_c` the causal
/// depthwise convolution of channel `c` of `x` with `w_proj[d, c]` (the
/// last tap multiplying the current step, as [`CausalConv1dProblem`]'s),
///
/// ```text
/// g       = p_1 * p_2
/// y       = causal_conv(g, w_mixer) + skip_bias[d] * g
/// y_gated = y * p_0
/// ```
///
/// no bias, no activation. Channels first, packed: `x` and `dx`
/// `[B, D, 3, L]`, the projection filters `[D, 3, Kp]`, the mixer filters
/// `[D, Km]`, the skip bias `[D]`, `y`, `y_gated` and `dy` `[B, D, L]`.
///
/// The requirements, checked: `kernel_size_proj` in `2..=32` and
/// `kernel_size_mixer` in `2..=256` (cudnn-frontend's limits); every size
/// a positive `int`; cuDNN 9.24 or later; not Windows.
#[derive(Debug, Clone)]
pub struct CausalConv1dB2bProblem {
    lib: Arc<Library>,
    shape: CausalConv1dB2bShape,
    /// `[batch, dim, seq_len, kernel_size_proj, kernel_size_mixer]` as
    /// cuDNN's `int`.
    ints: [i32; 5],
    lens: B2bLens,
}

/// The pure checks of a B2B problem: each size a positive `int`, both
/// kernel widths, the element counts without overflow.
pub(super) fn check_b2b_shape(s: &CausalConv1dB2bShape) -> Result<([i32; 5], B2bLens)> {
    let ints = [
        positive_int(B2B_NEW, "batch", s.batch)?,
        positive_int(B2B_NEW, "dim", s.dim)?,
        positive_int(B2B_NEW, "seq_len", s.seq_len)?,
        positive_int(B2B_NEW, "kernel_size_proj", s.kernel_size_proj)?,
        positive_int(B2B_NEW, "kernel_size_mixer", s.kernel_size_mixer)?,
    ];
    for (name, k, max) in [
        (
            "kernel_size_proj",
            s.kernel_size_proj,
            CAUSAL_CONV1D_B2B_MAX_KERNEL_SIZE_PROJ,
        ),
        (
            "kernel_size_mixer",
            s.kernel_size_mixer,
            CAUSAL_CONV1D_B2B_MAX_KERNEL_SIZE_MIXER,
        ),
    ] {
        ensure((2..=max).contains(&k), B2B_NEW, || Mismatch::BadValue {
            what: format!("{name} = {k}: cuDNN supports 2..={max}"),
        })?;
    }
    let overflows = |what: &str| Error::bad_value(B2B_NEW, format!("{s:?}: {what} overflows"));
    let lens = B2bLens {
        x: size::product([s.batch, s.dim, 3, s.seq_len])
            .ok_or_else(|| overflows("B * D * 3 * L"))?,
        y: size::product([s.batch, s.dim, s.seq_len]).ok_or_else(|| overflows("B * D * L"))?,
        w_proj: size::product([s.dim, 3, s.kernel_size_proj])
            .ok_or_else(|| overflows("D * 3 * Kp"))?,
        w_mixer: size::product([s.dim, s.kernel_size_mixer]).ok_or_else(|| overflows("D * Km"))?,
    };
    Ok((ints, lens))
}

/// Whether `lib` has both B2B functions and is at least [`B2B_SINCE`]
/// ([`Error::NotAvailable`] naming the forward otherwise).
fn check_b2b_available(lib: &Library) -> Result<()> {
    ffi!(lib, cudnnB2BCausalConv1dForward);
    ffi!(lib, cudnnB2BCausalConv1dBackward);
    if lib.version() < B2B_SINCE {
        return Err(lib.not_available("cudnnB2BCausalConv1dForward"));
    }
    Ok(())
}

impl CausalConv1dB2bProblem {
    /// A problem with the process-wide library.
    ///
    /// # Errors
    /// As [`new_in`](Self::new_in).
    pub fn new(shape: CausalConv1dB2bShape) -> Result<Self> {
        Self::new_in(library()?, shape)
    }

    /// A problem with the library `lib`.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming
    /// `CausalConv1dB2bProblem::new`: [`Mismatch::BadValue`] for a size of
    /// 0 or past `i32::MAX`, a projection width outside `2..=32`
    /// ([`CAUSAL_CONV1D_B2B_MAX_KERNEL_SIZE_PROJ`]), a mixer width outside
    /// `2..=256` ([`CAUSAL_CONV1D_B2B_MAX_KERNEL_SIZE_MIXER`]), or element
    /// counts that overflow; [`Mismatch::Unsupported`] on Windows. Then
    /// [`Error::NotAvailable`](crate::Error::NotAvailable) where the loaded
    /// cuDNN lacks the functions or is older than 9.24 (cuDNN 8; 9 before
    /// 9.24), or
    /// [`Error::SublibraryUnavailable`](crate::Error::SublibraryUnavailable)
    /// where `libcudnn_ext` is missing or unusable.
    #[doc(alias = "cudnnB2BCausalConv1dForward")]
    pub fn new_in(lib: Arc<Library>, shape: CausalConv1dB2bShape) -> Result<Self> {
        let (ints, lens) = check_b2b_shape(&shape)?;
        check_platform(B2B_NEW)?;
        check_b2b_available(&lib)?;
        Ok(CausalConv1dB2bProblem {
            lib,
            shape,
            ints,
            lens,
        })
    }

    /// The shape.
    pub fn shape(&self) -> CausalConv1dB2bShape {
        self.shape
    }

    /// Elements of `x` and `dx`: `B * D * 3 * L`.
    pub fn x_len(&self) -> usize {
        self.lens.x
    }

    /// Elements of `y`, `y_gated` and `dy`: `B * D * L`.
    pub fn y_len(&self) -> usize {
        self.lens.y
    }

    /// Elements of the projection filters and their gradient:
    /// `D * 3 * Kp`.
    pub fn weight_proj_len(&self) -> usize {
        self.lens.w_proj
    }

    /// Elements of the mixer filters and their gradient: `D * Km`.
    pub fn weight_mixer_len(&self) -> usize {
        self.lens.w_mixer
    }

    /// Elements of the skip bias and its gradient: `D`.
    pub fn skip_bias_len(&self) -> usize {
        self.shape.dim
    }

    /// The library it was checked against.
    pub fn library(&self) -> &Arc<Library> {
        &self.lib
    }
}

/// The device buffers of [`Handle::causal_conv1d_b2b_forward`], packed
/// channels first.
pub struct CausalConv1dB2bForwardBuffers<'a, T> {
    /// The input, `[B, D, 3, L]`.
    pub x: &'a dyn DeviceBuffer<T>,
    /// The projection filters, `[D, 3, Kp]`.
    pub weight_proj: &'a dyn DeviceBuffer<T>,
    /// The mixer filters, `[D, Km]`.
    pub weight_mixer: &'a dyn DeviceBuffer<T>,
    /// The skip bias, `[D]`.
    pub skip_bias: &'a dyn DeviceBuffer<T>,
    /// The mixer and skip output before the gate, written: `[B, D, L]`,
    /// kept for [`Handle::causal_conv1d_b2b_backward`].
    pub y: &'a mut dyn DeviceBufferMut<T>,
    /// The block's output `y * p_0`, written: `[B, D, L]`.
    pub y_gated: &'a mut dyn DeviceBufferMut<T>,
}

/// The device buffers of [`Handle::causal_conv1d_b2b_backward`].
pub struct CausalConv1dB2bBackwardBuffers<'a, T: CausalConv1dElement> {
    /// The forward's input.
    pub x: &'a dyn DeviceBuffer<T>,
    /// The forward's projection filters.
    pub weight_proj: &'a dyn DeviceBuffer<T>,
    /// The forward's mixer filters.
    pub weight_mixer: &'a dyn DeviceBuffer<T>,
    /// The forward's skip bias.
    pub skip_bias: &'a dyn DeviceBuffer<T>,
    /// The forward's `y` (read, not recomputed).
    pub y: &'a dyn DeviceBuffer<T>,
    /// The gradient of `y_gated`.
    pub dy: &'a dyn DeviceBuffer<T>,
    /// The gradient of `x`, written.
    pub dx: &'a mut dyn DeviceBufferMut<T>,
    /// The gradient of the projection filters, *added* to what it holds.
    pub dweight_proj: &'a mut dyn DeviceBufferMut<T::Grad>,
    /// The gradient of the mixer filters, *added* to what it holds.
    pub dweight_mixer: &'a mut dyn DeviceBufferMut<T::Grad>,
    /// The gradient of the skip bias, *added* to what it holds.
    pub dskip_bias: &'a mut dyn DeviceBufferMut<T::Grad>,
}

impl Handle {
    /// The B2B block's forward on the handle's stream: `y` and
    /// `y_gated = y * p_0` ([`CausalConv1dB2bProblem`]).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) before any
    /// GPU work for a problem of another loaded cuDNN, a short buffer, a
    /// buffer of another CUDA context, or one not aligned to its element;
    /// cuDNN's and CUDA's errors (`NOT_SUPPORTED` for a combination its
    /// kernels lack).
    #[doc(alias = "cudnnB2BCausalConv1dForward")]
    pub fn causal_conv1d_b2b_forward<T: CausalConv1dElement>(
        &self,
        problem: &CausalConv1dB2bProblem,
        buffers: CausalConv1dB2bForwardBuffers<'_, T>,
    ) -> Result<()> {
        let CausalConv1dB2bForwardBuffers {
            x,
            weight_proj,
            weight_mixer,
            skip_bias,
            y,
            y_gated,
        } = buffers;
        let l = self.launch("cudnnB2BCausalConv1dForward")?;
        l.descriptor("causal_conv1d B2B problem", problem.library())?;
        let lib = problem.library();
        let packed = |len| Packed { len, lib };
        let lens = problem.lens;
        let (xs, ys, wps, wms, bs) = (
            packed(lens.x),
            packed(lens.y),
            packed(lens.w_proj),
            packed(lens.w_mixer),
            packed(problem.shape.dim),
        );
        let x = l.input("x", x, &xs)?;
        let weight_proj = l.input("weight_proj", weight_proj, &wps)?;
        let weight_mixer = l.input("weight_mixer", weight_mixer, &wms)?;
        let skip_bias = l.input("skip_bias", skip_bias, &bs)?;
        let y = l.output("y", y, &ys)?;
        let y_gated = l.output("y_gated", y_gated, &ys)?;
        check_aligned(
            &l,
            &[
                ("x", &x),
                ("weight_proj", &weight_proj),
                ("weight_mixer", &weight_mixer),
                ("skip_bias", &skip_bias),
                ("y", &y),
                ("y_gated", &y_gated),
            ],
            std::mem::align_of::<T>(),
        )?;
        let stream: sys::cudaStream_t = l.stream.cu_stream().cast();
        let [b, d, s, kp, km] = problem.ints;
        let run = ffi!(l.library(), cudnnB2BCausalConv1dForward);
        // SAFETY: the context is bound and `stream` is the handle's live
        // stream in it; x, weight_proj, weight_mixer, skip_bias, y and
        // y_gated were checked (this library, this context, at least
        // B*D*3*L, D*3*Kp, D*Km, D, B*D*L, B*D*L elements of `T`, aligned
        // to `T`), and `T::CUDNN` is their type; the sizes are the
        // problem's checked positive ints; the guards keep the buffers
        // ordered on the stream until the call is recorded.
        let status = unsafe {
            (run.f)(
                stream,
                x.ptr(),
                weight_proj.ptr(),
                weight_mixer.ptr(),
                skip_bias.ptr(),
                y.ptr(),
                y_gated.ptr(),
                b,
                d,
                s,
                kp,
                km,
                T::CUDNN,
            )
        };
        run.check(status)
    }

    /// The gradients of
    /// [`causal_conv1d_b2b_forward`](Self::causal_conv1d_b2b_forward)'s
    /// `y_gated` from `dy`, reading the forward's `y`: `dx` written, the
    /// projection, mixer and skip-bias gradients *added* into
    /// `dweight_proj`, `dweight_mixer` and `dskip_bias` (cuDNN accumulates
    /// them with `atomicAdd`; zero them first for one call's gradient).
    ///
    /// # Errors
    /// As [`causal_conv1d_b2b_forward`](Self::causal_conv1d_b2b_forward).
    #[doc(alias = "cudnnB2BCausalConv1dBackward")]
    pub fn causal_conv1d_b2b_backward<T: CausalConv1dElement>(
        &self,
        problem: &CausalConv1dB2bProblem,
        buffers: CausalConv1dB2bBackwardBuffers<'_, T>,
    ) -> Result<()> {
        let CausalConv1dB2bBackwardBuffers {
            x,
            weight_proj,
            weight_mixer,
            skip_bias,
            y,
            dy,
            dx,
            dweight_proj,
            dweight_mixer,
            dskip_bias,
        } = buffers;
        let l = self.launch("cudnnB2BCausalConv1dBackward")?;
        l.descriptor("causal_conv1d B2B problem", problem.library())?;
        let lib = problem.library();
        let packed = |len| Packed { len, lib };
        let lens = problem.lens;
        let (xs, ys, wps, wms, bs) = (
            packed(lens.x),
            packed(lens.y),
            packed(lens.w_proj),
            packed(lens.w_mixer),
            packed(problem.shape.dim),
        );
        let x = l.input("x", x, &xs)?;
        let weight_proj = l.input("weight_proj", weight_proj, &wps)?;
        let weight_mixer = l.input("weight_mixer", weight_mixer, &wms)?;
        let skip_bias = l.input("skip_bias", skip_bias, &bs)?;
        let y = l.input("y", y, &ys)?;
        let dy = l.input("dy", dy, &ys)?;
        let dx = l.output("dx", dx, &xs)?;
        let dweight_proj = l.output("dweight_proj", dweight_proj, &wps)?;
        let dweight_mixer = l.output("dweight_mixer", dweight_mixer, &wms)?;
        let dskip_bias = l.output("dskip_bias", dskip_bias, &bs)?;
        check_aligned(
            &l,
            &[
                ("x", &x),
                ("weight_proj", &weight_proj),
                ("weight_mixer", &weight_mixer),
                ("skip_bias", &skip_bias),
                ("y", &y),
                ("dy", &dy),
                ("dx", &dx),
            ],
            std::mem::align_of::<T>(),
        )?;
        check_aligned(
            &l,
            &[
                ("dweight_proj", &dweight_proj),
                ("dweight_mixer", &dweight_mixer),
                ("dskip_bias", &dskip_bias),
            ],
            std::mem::align_of::<T::Grad>(),
        )?;
        let stream: sys::cudaStream_t = l.stream.cu_stream().cast();
        let [b, d, s, kp, km] = problem.ints;
        let (dtype, grad) = (T::CUDNN, T::Grad::CUDNN);
        let run = ffi!(l.library(), cudnnB2BCausalConv1dBackward);
        // SAFETY: as for the forward: the stream is the handle's, in the
        // bound context; every buffer was checked (library, context,
        // length, alignment) against the problem, x, the weights, the skip
        // bias, y, dy and dx as `T` (`dtype`), the three gradients as
        // `T::Grad` (`grad`, the header's dwDataType rule); the sizes are
        // checked positive ints.
        let status = unsafe {
            (run.f)(
                stream,
                x.ptr(),
                weight_proj.ptr(),
                weight_mixer.ptr(),
                skip_bias.ptr(),
                y.ptr(),
                dy.ptr(),
                dx.ptr(),
                dweight_proj.ptr(),
                dweight_mixer.ptr(),
                dskip_bias.ptr(),
                b,
                d,
                s,
                kp,
                km,
                dtype,
                grad,
            )
        };
        run.check(status)
    }
}
