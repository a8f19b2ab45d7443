//! The FFT variants of the causal depthwise convolution (cuDNN 9.26):
//! the medium FFT ([`CausalConv1dFftProblem`]) and the long FFT
//! ([`CausalConv1dLongFftProblem`]), which share the parent module's
//! shape, platform and alignment checks.

use super::*;

/// The alignment in bytes the FFT variants require of every buffer.
pub const CAUSAL_CONV1D_FFT_ALIGNMENT: usize = 16;

pub(super) const FFT_NEW: &str = "CausalConv1dFftProblem::new";

/// A medium-FFT causal convolution problem
/// (`cudnnFFTCausalConv1dForward` / `Backward`, cuDNN 9.26): channels
/// first, no bias, no activation, and each channel's taps in the *reverse*
/// order of [`CausalConv1dProblem`]'s, `y[t] = sum_j x[t - j] * w[j]`.
///
/// The header's requirements, checked: `kernel_size` a power of two in
/// `128..=16384`, `seq_len` a multiple of it (so at least it); with `f64`,
/// `kernel_size` at most 4096 (checked at the launch); every buffer
/// 16-byte aligned. Also required, and left to cuDNN (`NOT_SUPPORTED`):
/// NVRTC 12.4 or newer; compute capability 9.0 for `kernel_size` 16384.
#[derive(Debug, Clone)]
pub struct CausalConv1dFftProblem {
    lib: Arc<Library>,
    shape: CausalConv1dShape,
    ints: [i32; 4],
    x_len: usize,
    w_len: usize,
}

/// The pure checks of an FFT problem: [`check_sizes`], the kernel width,
/// the sequence length.
pub(super) fn check_fft_shape(s: &CausalConv1dShape) -> Result<([i32; 4], usize, usize)> {
    let sizes = check_sizes(FFT_NEW, s)?;
    let k = s.kernel_size;
    ensure(
        k.is_power_of_two() && (128..=16384).contains(&k),
        FFT_NEW,
        || Mismatch::BadValue {
            what: format!("kernel_size = {k}: must be a power of two in 128..=16384"),
        },
    )?;
    ensure(s.seq_len.is_multiple_of(k), FFT_NEW, || {
        Mismatch::BadValue {
            what: format!(
                "seq_len = {}: must be a positive multiple of kernel_size = {k}",
                s.seq_len
            ),
        }
    })?;
    Ok(sizes)
}

impl CausalConv1dFftProblem {
    /// A problem with the process-wide library.
    ///
    /// # Errors
    /// As [`new_in`](Self::new_in).
    pub fn new(shape: CausalConv1dShape) -> Result<Self> {
        Self::new_in(library()?, shape)
    }

    /// A problem with the library `lib`.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming
    /// `CausalConv1dFftProblem::new` ([`Mismatch::BadValue`]) for a size
    /// of 0 or past `i32::MAX`, a kernel width that is not a power of two
    /// in `128..=16384`, a sequence length that is not a multiple of it;
    /// [`Mismatch::Unsupported`] on Windows. Then
    /// [`Error::NotAvailable`](crate::Error::NotAvailable) where the loaded
    /// cuDNN lacks the functions (before 9.26), or
    /// [`Error::SublibraryUnavailable`](crate::Error::SublibraryUnavailable)
    /// where `libcudnn_ext` is missing or unusable.
    #[doc(alias = "cudnnFFTCausalConv1dForward")]
    pub fn new_in(lib: Arc<Library>, shape: CausalConv1dShape) -> Result<Self> {
        let (ints, x_len, w_len) = check_fft_shape(&shape)?;
        check_platform(FFT_NEW)?;
        ffi!(lib, cudnnFFTCausalConv1dForward);
        ffi!(lib, cudnnFFTCausalConv1dBackward);
        Ok(CausalConv1dFftProblem {
            lib,
            shape,
            ints,
            x_len,
            w_len,
        })
    }

    /// The shape.
    pub fn shape(&self) -> CausalConv1dShape {
        self.shape
    }

    /// Elements of `x`, `y`, `dy` and `dx`: `B * D * L`.
    pub fn x_len(&self) -> usize {
        self.x_len
    }

    /// Elements of the weight and its gradient: `D * K`.
    pub fn weight_len(&self) -> usize {
        self.w_len
    }

    /// The library it was checked against.
    pub fn library(&self) -> &Arc<Library> {
        &self.lib
    }

    /// Refuses `f64` with a kernel wider than 4096 (the header's limit).
    fn check_dtype<T: CausalConv1dElement>(&self, function: &'static str) -> Result<()> {
        let k = self.shape.kernel_size;
        ensure(T::CUDNN != f64::CUDNN || k <= 4096, function, || {
            Mismatch::BadValue {
                what: format!("kernel_size = {k}: f64 supports at most 4096"),
            }
        })
    }
}

/// The device buffers of [`Handle::causal_conv1d_fft_forward`]: `[B, D, L]`
/// data, `[D, K]` weights in the FFT layout, each 16-byte aligned.
pub struct CausalConv1dFftForwardBuffers<'a, T> {
    /// The input.
    pub x: &'a dyn DeviceBuffer<T>,
    /// The filters, taps reversed (the current step's first).
    pub weight: &'a dyn DeviceBuffer<T>,
    /// The output, written.
    pub y: &'a mut dyn DeviceBufferMut<T>,
}

/// The device buffers of [`Handle::causal_conv1d_fft_backward`], each
/// 16-byte aligned; every one in the element type (the weight gradient
/// too, unlike the direct variant's).
pub struct CausalConv1dFftBackwardBuffers<'a, T> {
    /// The forward's input.
    pub x: &'a dyn DeviceBuffer<T>,
    /// The forward's filters.
    pub weight: &'a dyn DeviceBuffer<T>,
    /// The gradient of `y`.
    pub dy: &'a dyn DeviceBuffer<T>,
    /// The gradient of `x`, written.
    pub dx: &'a mut dyn DeviceBufferMut<T>,
    /// The gradient of the filters, written (FFT layout).
    pub dweight: &'a mut dyn DeviceBufferMut<T>,
}

impl Handle {
    /// `y[t] = sum_j x[t - j] * weight[j]` per channel, by cuDNN's medium
    /// FFT path, on the handle's stream.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) before any
    /// GPU work for a problem of another loaded cuDNN, `f64` with a kernel
    /// wider than 4096, a short buffer, a buffer of another CUDA context
    /// or one not 16-byte aligned; cuDNN's and CUDA's errors
    /// (`NOT_SUPPORTED` without NVRTC 12.4, or for a kernel of 16384
    /// before compute capability 9.0).
    #[doc(alias = "cudnnFFTCausalConv1dForward")]
    pub fn causal_conv1d_fft_forward<T: CausalConv1dElement>(
        &self,
        problem: &CausalConv1dFftProblem,
        buffers: CausalConv1dFftForwardBuffers<'_, T>,
    ) -> Result<()> {
        let CausalConv1dFftForwardBuffers { x, weight, y } = buffers;
        let l = self.launch("cudnnFFTCausalConv1dForward")?;
        l.descriptor("causal_conv1d FFT problem", problem.library())?;
        problem.check_dtype::<T>(l.function)?;
        let lib = problem.library();
        let (xs, ws) = (
            Packed {
                len: problem.x_len,
                lib,
            },
            Packed {
                len: problem.w_len,
                lib,
            },
        );
        let x = l.input("x", x, &xs)?;
        let weight = l.input("weight", weight, &ws)?;
        let y = l.output("y", y, &xs)?;
        check_aligned(
            &l,
            &[("x", &x), ("weight", &weight), ("y", &y)],
            CAUSAL_CONV1D_FFT_ALIGNMENT,
        )?;
        let stream: sys::cudaStream_t = l.stream.cu_stream().cast();
        let [b, d, s, k] = problem.ints;
        let run = ffi!(l.library(), cudnnFFTCausalConv1dForward);
        // SAFETY: the context is bound and `stream` is the handle's live
        // stream in it; x, weight and y were checked (this library, this
        // context, at least B*D*L, D*K, B*D*L elements of `T`, 16-byte
        // aligned as the header requires); `T::CUDNN` is their type; the
        // sizes are the problem's checked positive ints.
        let status =
            unsafe { (run.f)(stream, x.ptr(), weight.ptr(), y.ptr(), b, d, s, k, T::CUDNN) };
        run.check(status)
    }

    /// The gradients of
    /// [`causal_conv1d_fft_forward`](Self::causal_conv1d_fft_forward) from
    /// `dy`: `dx` and `dweight` (FFT layout), both written.
    ///
    /// # Errors
    /// As [`causal_conv1d_fft_forward`](Self::causal_conv1d_fft_forward).
    #[doc(alias = "cudnnFFTCausalConv1dBackward")]
    pub fn causal_conv1d_fft_backward<T: CausalConv1dElement>(
        &self,
        problem: &CausalConv1dFftProblem,
        buffers: CausalConv1dFftBackwardBuffers<'_, T>,
    ) -> Result<()> {
        let CausalConv1dFftBackwardBuffers {
            x,
            weight,
            dy,
            dx,
            dweight,
        } = buffers;
        let l = self.launch("cudnnFFTCausalConv1dBackward")?;
        l.descriptor("causal_conv1d FFT problem", problem.library())?;
        problem.check_dtype::<T>(l.function)?;
        let lib = problem.library();
        let packed = |len| Packed { len, lib };
        let (xs, ws) = (packed(problem.x_len), packed(problem.w_len));
        let x = l.input("x", x, &xs)?;
        let weight = l.input("weight", weight, &ws)?;
        let dy = l.input("dy", dy, &xs)?;
        let dx = l.output("dx", dx, &xs)?;
        let dweight = l.output("dweight", dweight, &ws)?;
        check_aligned(
            &l,
            &[
                ("x", &x),
                ("weight", &weight),
                ("dy", &dy),
                ("dx", &dx),
                ("dweight", &dweight),
            ],
            CAUSAL_CONV1D_FFT_ALIGNMENT,
        )?;
        let stream: sys::cudaStream_t = l.stream.cu_stream().cast();
        let [b, d, s, k] = problem.ints;
        let run = ffi!(l.library(), cudnnFFTCausalConv1dBackward);
        // SAFETY: as for the forward: the handle's stream in the bound
        // context; every buffer checked (library, context, length, 16-byte
        // alignment) as `T`, whose code is `T::CUDNN`; checked sizes.
        let status = unsafe {
            (run.f)(
                stream,
                x.ptr(),
                weight.ptr(),
                dy.ptr(),
                dx.ptr(),
                dweight.ptr(),
                b,
                d,
                s,
                k,
                T::CUDNN,
            )
        };
        run.check(status)
    }
}

const LONG_NEW: &str = "CausalConv1dLongFftProblem::new";

/// The largest grid `y` and `z` dimension of every CUDA GPU: the long FFT
/// path's bounds on `dim` and `batch`.
const GRID_YZ_MAX: usize = 65535;

/// A long-FFT causal convolution problem
/// (`cudnnLongFFTCausalConv1dForward` / `Backward`, cuDNN 9.26): as
/// [`CausalConv1dFftProblem`] (channels first, no bias, no activation, the
/// taps reversed, 16-byte aligned buffers), over the whole sequence at
/// once, with a workspace and a *reserve space* the forward fills and the
/// matching backward reads.
///
/// The header's requirements, checked: `kernel_size == seq_len`, a power
/// of two in `4096..=16777216` (with `f64`, at most 8388608: checked at
/// [`buffer_sizes`](Self::buffer_sizes) and the launches); `batch` and
/// `dim` within the GPU's grid (at most 65535). Left to cuDNN
/// (`NOT_SUPPORTED`): NVRTC 12.4 or newer; compute capability 9.0 for
/// 16777216.
#[derive(Debug, Clone)]
pub struct CausalConv1dLongFftProblem {
    lib: Arc<Library>,
    shape: CausalConv1dShape,
    ints: [i32; 4],
    x_len: usize,
}

/// The pure checks of a long-FFT problem.
fn check_long_fft_shape(s: &CausalConv1dShape) -> Result<([i32; 4], usize, usize)> {
    let sizes = check_sizes(LONG_NEW, s)?;
    let k = s.kernel_size;
    ensure(
        k.is_power_of_two() && (4096..=16_777_216).contains(&k) && s.seq_len == k,
        LONG_NEW,
        || Mismatch::BadValue {
            what: format!(
                "kernel_size = {k}, seq_len = {}: must be equal, a power of two in 4096..=16777216",
                s.seq_len
            ),
        },
    )?;
    ensure(
        s.batch <= GRID_YZ_MAX && s.dim <= GRID_YZ_MAX,
        LONG_NEW,
        || Mismatch::BadValue {
            what: format!(
                "batch = {}, dim = {}: each must fit a CUDA grid (at most {GRID_YZ_MAX})",
                s.batch, s.dim
            ),
        },
    )?;
    Ok(sizes)
}

impl CausalConv1dLongFftProblem {
    /// A problem with the process-wide library.
    ///
    /// # Errors
    /// As [`new_in`](Self::new_in).
    pub fn new(shape: CausalConv1dShape) -> Result<Self> {
        Self::new_in(library()?, shape)
    }

    /// A problem with the library `lib`.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming
    /// `CausalConv1dLongFftProblem::new` ([`Mismatch::BadValue`]) for a
    /// size of 0 or past `i32::MAX`, `kernel_size != seq_len` or not a
    /// power of two in `4096..=16777216`, `batch` or `dim` past 65535;
    /// [`Mismatch::Unsupported`] on Windows. Then
    /// [`Error::NotAvailable`](crate::Error::NotAvailable) or
    /// [`Error::SublibraryUnavailable`](crate::Error::SublibraryUnavailable)
    /// where the loaded cuDNN lacks the functions.
    #[doc(alias = "cudnnLongFFTCausalConv1dForward")]
    pub fn new_in(lib: Arc<Library>, shape: CausalConv1dShape) -> Result<Self> {
        let (ints, x_len, _) = check_long_fft_shape(&shape)?;
        check_platform(LONG_NEW)?;
        ffi!(lib, cudnnLongFFTCausalConv1dGetBufferSizes);
        ffi!(lib, cudnnLongFFTCausalConv1dForward);
        ffi!(lib, cudnnLongFFTCausalConv1dBackward);
        Ok(CausalConv1dLongFftProblem {
            lib,
            shape,
            ints,
            x_len,
        })
    }

    /// The shape.
    pub fn shape(&self) -> CausalConv1dShape {
        self.shape
    }

    /// Elements of `x`, `y`, `dy`, `dx`, and of the weight and its
    /// gradient (`kernel_size == seq_len`): `B * D * L` and `D * L`.
    pub fn lens(&self) -> (usize, usize) {
        (self.x_len, self.x_len / self.shape.batch.max(1))
    }

    /// The library it was checked against.
    pub fn library(&self) -> &Arc<Library> {
        &self.lib
    }

    /// `(workspace, reserve space)` in bytes for element type `T`, as
    /// cuDNN answers on the host (no GPU needed).
    ///
    /// # Errors
    /// [`Mismatch::BadValue`] for `f64` past 8388608; cuDNN's error.
    #[doc(alias = "cudnnLongFFTCausalConv1dGetBufferSizes")]
    pub fn buffer_sizes<T: CausalConv1dElement>(&self) -> Result<(usize, usize)> {
        const F: &str = "cudnnLongFFTCausalConv1dGetBufferSizes";
        self.check_dtype::<T>(F)?;
        let [b, d, s, k] = self.ints;
        let (mut ws, mut reserve) = (0usize, 0usize);
        let get = ffi!(self.lib, cudnnLongFFTCausalConv1dGetBufferSizes);
        // SAFETY: a host-only query (the header: it enforces nothing on
        // the device); the sizes are checked positive ints, `T::CUDNN` a
        // supported type, and both out-pointers are valid `size_t`s.
        let status = unsafe { (get.f)(b, d, s, k, T::CUDNN, &mut ws, &mut reserve) };
        get.check(status)?;
        Ok((ws, reserve))
    }

    /// Refuses `f64` with a kernel wider than 8388608 (the header's limit).
    fn check_dtype<T: CausalConv1dElement>(&self, function: &'static str) -> Result<()> {
        let k = self.shape.kernel_size;
        ensure(T::CUDNN != f64::CUDNN || k <= 8_388_608, function, || {
            Mismatch::BadValue {
                what: format!("kernel_size = {k}: f64 supports at most 8388608"),
            }
        })
    }
}

/// The device buffers of [`Handle::causal_conv1d_long_fft_forward`], each
/// 16-byte aligned.
pub struct CausalConv1dLongFftForwardBuffers<'a, T> {
    /// The input, `[B, D, L]`.
    pub x: &'a dyn DeviceBuffer<T>,
    /// The filters, `[D, L]`, taps reversed (the current step's first).
    pub weight: &'a dyn DeviceBuffer<T>,
    /// The output, written.
    pub y: &'a mut dyn DeviceBufferMut<T>,
    /// The reserve space, written for the matching backward: at least
    /// [`buffer_sizes`](CausalConv1dLongFftProblem::buffer_sizes)`.1` bytes.
    pub reserve: &'a mut dyn DeviceBufferMut<u8>,
}

/// The device buffers of [`Handle::causal_conv1d_long_fft_backward`], each
/// 16-byte aligned.
pub struct CausalConv1dLongFftBackwardBuffers<'a, T> {
    /// The gradient of `y`.
    pub dy: &'a dyn DeviceBuffer<T>,
    /// The gradient of `x`, written.
    pub dx: &'a mut dyn DeviceBufferMut<T>,
    /// The gradient of the filters, written (FFT layout).
    pub dweight: &'a mut dyn DeviceBufferMut<T>,
    /// The reserve space the matching forward filled (cuDNN reads it; the
    /// gradients are meaningless for another).
    pub reserve: &'a mut dyn DeviceBufferMut<u8>,
}

impl Handle {
    /// The causal convolution of [`CausalConv1dLongFftProblem`] by cuDNN's
    /// long FFT path; the workspace grows to what cuDNN asks, the reserve
    /// space is written for
    /// [`causal_conv1d_long_fft_backward`](Self::causal_conv1d_long_fft_backward).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) before any
    /// GPU work for a problem of another loaded cuDNN, `f64` past 8388608,
    /// a short buffer or reserve space, a buffer of another CUDA context
    /// or one not 16-byte aligned; cuDNN's and CUDA's errors.
    #[doc(alias = "cudnnLongFFTCausalConv1dForward")]
    pub fn causal_conv1d_long_fft_forward<T: CausalConv1dElement>(
        &self,
        problem: &CausalConv1dLongFftProblem,
        buffers: CausalConv1dLongFftForwardBuffers<'_, T>,
        ws: &mut Workspace,
    ) -> Result<()> {
        let CausalConv1dLongFftForwardBuffers {
            x,
            weight,
            y,
            reserve,
        } = buffers;
        let (ws_bytes, reserve_bytes) = problem.buffer_sizes::<T>()?;
        let l = self.launch("cudnnLongFFTCausalConv1dForward")?;
        l.descriptor("causal_conv1d long FFT problem", problem.library())?;
        let lib = problem.library();
        let (x_len, w_len) = problem.lens();
        let (xs, wd) = (Packed { len: x_len, lib }, Packed { len: w_len, lib });
        let x = l.input("x", x, &xs)?;
        let weight = l.input("weight", weight, &wd)?;
        let y = l.output("y", y, &xs)?;
        let reserve = l.scratch("reserve", reserve, reserve_bytes)?;
        let ws = l.workspace(ws, ws_bytes)?;
        check_aligned(
            &l,
            &[
                ("x", &x),
                ("weight", &weight),
                ("y", &y),
                ("reserve", &reserve),
            ],
            CAUSAL_CONV1D_FFT_ALIGNMENT,
        )?;
        check_address(
            &l,
            "workspace",
            ws.ptr() as usize,
            CAUSAL_CONV1D_FFT_ALIGNMENT,
        )?;
        let stream: sys::cudaStream_t = l.stream.cu_stream().cast();
        let [b, d, s, k] = problem.ints;
        let run = ffi!(l.library(), cudnnLongFFTCausalConv1dForward);
        // SAFETY: the handle's stream in the bound context; x, weight, y
        // checked (library, context, B*D*L, D*L, B*D*L elements of `T`,
        // 16-byte aligned); the workspace and reserve space hold at least
        // the bytes cuDNN asked for these sizes and `T`, and are 16-byte
        // aligned; the sizes are checked positive ints.
        let status = unsafe {
            (run.f)(
                stream,
                x.ptr(),
                weight.ptr(),
                y.ptr(),
                b,
                d,
                s,
                k,
                T::CUDNN,
                ws.ptr(),
                ws.len(),
                reserve.ptr(),
                reserve_bytes,
            )
        };
        run.check(status)
    }

    /// The gradients of
    /// [`causal_conv1d_long_fft_forward`](Self::causal_conv1d_long_fft_forward)
    /// from `dy` and its reserve space: `dx` and `dweight`, both written.
    ///
    /// # Errors
    /// As [`causal_conv1d_long_fft_forward`](Self::causal_conv1d_long_fft_forward).
    #[doc(alias = "cudnnLongFFTCausalConv1dBackward")]
    pub fn causal_conv1d_long_fft_backward<T: CausalConv1dElement>(
        &self,
        problem: &CausalConv1dLongFftProblem,
        buffers: CausalConv1dLongFftBackwardBuffers<'_, T>,
        ws: &mut Workspace,
    ) -> Result<()> {
        let CausalConv1dLongFftBackwardBuffers {
            dy,
            dx,
            dweight,
            reserve,
        } = buffers;
        let (ws_bytes, reserve_bytes) = problem.buffer_sizes::<T>()?;
        let l = self.launch("cudnnLongFFTCausalConv1dBackward")?;
        l.descriptor("causal_conv1d long FFT problem", problem.library())?;
        let lib = problem.library();
        let (x_len, w_len) = problem.lens();
        let (xs, wd) = (Packed { len: x_len, lib }, Packed { len: w_len, lib });
        let dy = l.input("dy", dy, &xs)?;
        let dx = l.output("dx", dx, &xs)?;
        let dweight = l.output("dweight", dweight, &wd)?;
        let reserve = l.scratch("reserve", reserve, reserve_bytes)?;
        let ws = l.workspace(ws, ws_bytes)?;
        check_aligned(
            &l,
            &[
                ("dy", &dy),
                ("dx", &dx),
                ("dweight", &dweight),
                ("reserve", &reserve),
            ],
            CAUSAL_CONV1D_FFT_ALIGNMENT,
        )?;
        check_address(
            &l,
            "workspace",
            ws.ptr() as usize,
            CAUSAL_CONV1D_FFT_ALIGNMENT,
        )?;
        let stream: sys::cudaStream_t = l.stream.cu_stream().cast();
        let [b, d, s, k] = problem.ints;
        let run = ffi!(l.library(), cudnnLongFFTCausalConv1dBackward);
        // SAFETY: as for the forward: the handle's stream in the bound
        // context; dy, dx, dweight checked as `T` (lengths, context,
        // 16-byte alignment); workspace and reserve space at least the
        // bytes cuDNN asked for, 16-byte aligned; checked sizes.
        let status = unsafe {
            (run.f)(
                stream,
                dy.ptr(),
                dx.ptr(),
                dweight.ptr(),
                b,
                d,
                s,
                k,
                T::CUDNN,
                ws.ptr(),
                ws.len(),
                reserve.ptr(),
                reserve_bytes,
            )
        };
        run.check(status)
    }
}
