//! Pooling: max, average including or excluding padding, deterministic
//! max; 2-d and N-d; forward and backward.

#![warn(clippy::arithmetic_side_effects)]

use std::sync::Arc;

use cudnn_sys as sys;

use crate::core::descriptor::{raw_descriptor, to_c_ints};
use crate::core::dtype::{DataType, Scale};
use crate::core::error::{ensure, Error, Mismatch, Result};
use crate::core::handle::Handle;
use crate::core::launch::{DeviceBuffer, DeviceBufferMut};
use crate::core::library::{ffi, library, Library};
use crate::core::modes::{NanPropagation, Scaling};
use crate::core::tensor::{TensorDescriptor, TensorFormat};

use super::activation::BackwardBuffers;

/// A pooling function (`cudnnPoolingMode_t`): `PoolingMode::MAX`,
/// `AVERAGE_COUNT_INCLUDE_PADDING`, `AVERAGE_COUNT_EXCLUDE_PADDING`,
/// `MAX_DETERMINISTIC` (the C names, `CUDNN_POOLING_MAX` and so on, too).
///
/// Its constants (generated): `MAX`, `AVERAGE_COUNT_INCLUDE_PADDING`,
/// `AVERAGE_COUNT_EXCLUDE_PADDING` and `MAX_DETERMINISTIC`. Each is also there
/// by its C name (`CUDNN_POOLING_MAX`), which `Display` writes.
pub type PoolingMode = sys::cudnnPoolingMode_t;

raw_descriptor!(
    /// An owned `cudnnPoolingDescriptor_t`.
    RawPooling,
    sys::cudnnPoolingDescriptor_t,
    cudnnCreatePoolingDescriptor,
    cudnnDestroyPoolingDescriptor
);

/// A pooling descriptor: mode, window, padding and stride per spatial
/// dimension. Not `Clone` ([`try_clone`](Self::try_clone) makes a second
/// one); `Send`, not `Sync`.
#[derive(Debug)]
pub struct PoolingDescriptor {
    raw: RawPooling,
    mode: PoolingMode,
    nan: NanPropagation,
    window: Vec<usize>,
    padding: Vec<usize>,
    stride: Vec<usize>,
}

impl PoolingDescriptor {
    /// A pooling of `mode` with one window size, padding and stride per
    /// spatial dimension (2 or 3 of them), NaNs not propagated, with the
    /// process-wide library.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for lists of different lengths, a window
    /// or stride of 0, a padding as large as the window (cuDNN's rule), or
    /// values beyond `i32::MAX`; cuDNN's error otherwise.
    #[doc(alias = "cudnnSetPoolingNdDescriptor")]
    #[doc(alias = "cudnnSetPooling2dDescriptor")]
    pub fn new(
        mode: PoolingMode,
        window: &[usize],
        padding: &[usize],
        stride: &[usize],
    ) -> Result<Self> {
        Self::new_in(
            library()?,
            mode,
            NanPropagation::NOT_PROPAGATE_NAN,
            window,
            padding,
            stride,
        )
    }

    /// [`new`](Self::new) with every setting given and the library `lib`.
    ///
    /// # Errors
    /// As [`new`](Self::new).
    pub fn new_in(
        lib: Arc<Library>,
        mode: PoolingMode,
        nan: NanPropagation,
        window: &[usize],
        padding: &[usize],
        stride: &[usize],
    ) -> Result<Self> {
        const F: &str = "cudnnSetPoolingNdDescriptor";
        let n = window.len();
        ensure(padding.len() == n && stride.len() == n, F, || {
            Mismatch::Shape {
                what: format!(
                "{n} window sizes, {} paddings and {} strides: one of each per spatial dimension",
                padding.len(),
                stride.len()
            ),
            }
        })?;
        ensure((2..=3).contains(&n), F, || Mismatch::BadValue {
            what: format!("{n} spatial dimensions: cuDNN pools 2-d and 3-d data (1-d as 2-d)"),
        })?;
        let c_window = to_c_ints(window, 1, "window", F)?;
        let c_padding = to_c_ints(padding, 0, "padding", F)?;
        let c_stride = to_c_ints(stride, 1, "stride", F)?;
        for d in 0..n {
            ensure(padding[d] < window[d], F, || {
                Mismatch::BadValue {
                what: format!(
                    "padding[{d}] = {} is not smaller than window[{d}] = {}: a window would see only padding",
                    padding[d], window[d]
                ),
            }
            })?;
        }
        let raw = RawPooling::create(lib)?;
        let set = ffi!(raw.lib(), cudnnSetPoolingNdDescriptor);
        // SAFETY: the descriptor is live; the three arrays hold `n` ints.
        let status = unsafe {
            (set.f)(
                raw.ptr(),
                mode,
                nan,
                n as i32,
                c_window.as_ptr(),
                c_padding.as_ptr(),
                c_stride.as_ptr(),
            )
        };
        set.check(status)?;
        Ok(PoolingDescriptor {
            raw,
            mode,
            nan,
            window: window.to_vec(),
            padding: padding.to_vec(),
            stride: stride.to_vec(),
        })
    }

    /// A second descriptor with the same settings, made by the same
    /// library.
    ///
    /// # Errors
    /// cuDNN's error creating or setting the new descriptor.
    pub fn try_clone(&self) -> Result<Self> {
        Self::new_in(
            Arc::clone(self.raw.lib()),
            self.mode,
            self.nan,
            &self.window,
            &self.padding,
            &self.stride,
        )
    }

    /// The mode.
    pub fn mode(&self) -> PoolingMode {
        self.mode
    }
    /// NaN handling.
    pub fn nan_propagation(&self) -> NanPropagation {
        self.nan
    }
    /// Window sizes.
    pub fn window(&self) -> &[usize] {
        &self.window
    }
    /// Paddings.
    pub fn padding(&self) -> &[usize] {
        &self.padding
    }
    /// Strides.
    pub fn stride(&self) -> &[usize] {
        &self.stride
    }

    /// The output dims (N, C, spatial...) of pooling `x`, by this crate's
    /// rule (`(in + 2 * pad - window) / stride + 1`, the same as cuDNN's
    /// `cudnnGetPoolingNdForwardOutputDim`).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] when `x` has the wrong rank or a window
    /// does not fit the padded input.
    pub fn output_dims<T: DataType>(&self, x: &TensorDescriptor<T>) -> Result<Vec<usize>> {
        pooling_output_dims(x.dims(), &self.window, &self.padding, &self.stride).map_err(|what| {
            Error::invalid(
                "cudnnGetPoolingNdForwardOutputDim",
                Mismatch::Shape { what },
            )
        })
    }

    /// cuDNN's own answer for [`output_dims`](Self::output_dims).
    ///
    /// # Errors
    /// cuDNN's error for shapes it rejects.
    #[doc(alias = "cudnnGetPoolingNdForwardOutputDim")]
    pub fn cudnn_output_dims<T: DataType>(&self, x: &TensorDescriptor<T>) -> Result<Vec<i64>> {
        let get = ffi!(self.raw.lib(), cudnnGetPoolingNdForwardOutputDim);
        let rank = x.dims().len();
        let mut out = vec![0i32; rank];
        // SAFETY: both descriptors are live; `out` has room for `rank` ints.
        let status = unsafe { (get.f)(self.raw.ptr(), x.as_raw(), rank as i32, out.as_mut_ptr()) };
        get.check(status)?;
        Ok(out.into_iter().map(i64::from).collect())
    }

    /// The library that made it.
    pub fn library(&self) -> &Arc<Library> {
        self.raw.lib()
    }

    /// The raw descriptor; it stays owned by `self`.
    pub fn as_raw(&self) -> sys::cudnnPoolingDescriptor_t {
        self.raw.ptr()
    }
}

/// The pooling output rule as a plain function; `Err` says what does not
/// fit.
pub fn pooling_output_dims(
    x: &[usize],
    window: &[usize],
    padding: &[usize],
    stride: &[usize],
) -> std::result::Result<Vec<usize>, String> {
    let n = window.len();
    if x.len().checked_sub(2) != Some(n) {
        return Err(format!(
            "input {x:?} must have {} dims for {n} spatial dimensions",
            n.saturating_add(2)
        ));
    }
    let spatial = &x[2..];
    if padding.len() != n || stride.len() != n {
        return Err(format!(
            "a window of {n} dims needs {n} paddings and {n} strides, not {} and {}",
            padding.len(),
            stride.len()
        ));
    }
    let mut out = vec![x[0], x[1]];
    for d in 0..n {
        let padded = padding[d]
            .checked_mul(2)
            .and_then(|p| p.checked_add(spatial[d]))
            .ok_or_else(|| format!("spatial dim {d}: the padded input overflows"))?;
        if window[d] > padded || stride[d] == 0 {
            return Err(format!(
                "spatial dim {d}: a window of {} is larger than the padded input of {padded}",
                window[d]
            ));
        }
        let len = padded
            .checked_sub(window[d])
            .and_then(|r| r.checked_div(stride[d]))
            .and_then(|q| q.checked_add(1))
            .ok_or_else(|| format!("spatial dim {d}: the output length overflows"))?;
        out.push(len);
    }
    Ok(out)
}

/// Checks a pooling's shapes: `y` is the pooled `x`, every buffer long
/// enough. `lens` are (name, buffer length, descriptor) triples. The check
/// [`PoolingProblem::with_output`] runs once (with no buffers), as a plain
/// function.
///
/// # Errors
/// [`Mismatch::Shape`] or [`Mismatch::BufferTooShort`].
pub(crate) fn check_pooling<T: DataType>(
    function: &'static str,
    pool: &PoolingDescriptor,
    x: &TensorDescriptor<T>,
    y: &TensorDescriptor<T>,
    lens: &[(&'static str, usize, &TensorDescriptor<T>)],
) -> Result<()> {
    let want = pool.output_dims(x)?;
    ensure(y.dims() == want.as_slice(), function, || Mismatch::Shape {
        what: format!(
            "output descriptor {:?} but the pooling produces {want:?}",
            y.dims()
        ),
    })?;
    for &(buffer, len, desc) in lens {
        ensure(len >= desc.required_len(), function, || {
            Mismatch::BufferTooShort {
                buffer: buffer.into(),
                len,
                required: desc.required_len(),
            }
        })?;
    }
    Ok(())
}

/// A pooling problem: the pooling and the descriptors of `x` (also that of
/// `dx`) and `y` (also that of `dy`), `y` checked once to be the pooled
/// shape of `x`.
#[derive(Debug)]
pub struct PoolingProblem<T: DataType> {
    pool: PoolingDescriptor,
    x: TensorDescriptor<T>,
    y: TensorDescriptor<T>,
}

impl<T: DataType> PoolingProblem<T> {
    /// A problem whose output is packed in the input's layout (NHWC when
    /// the input is packed NHWC, NCHW otherwise), of the dims
    /// [`PoolingDescriptor::output_dims`] gives.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] when `x` has the wrong rank or a window
    /// does not fit; cuDNN's error for an output descriptor it rejects.
    pub fn new(pool: PoolingDescriptor, x: TensorDescriptor<T>) -> Result<Self> {
        let dims = pool.output_dims(&x)?;
        let format = match x.packed_format() {
            Some(TensorFormat::NHWC) => TensorFormat::NHWC,
            _ => TensorFormat::NCHW,
        };
        let y = TensorDescriptor::new_in(Arc::clone(x.library()), format, &dims)?;
        Ok(PoolingProblem { pool, x, y })
    }

    /// A problem with the output descriptor given.
    ///
    /// # Errors
    /// As [`new`](Self::new), and [`Mismatch::Shape`] when `y`'s dims are
    /// not the pooled dims of `x`.
    pub fn with_output(
        pool: PoolingDescriptor,
        x: TensorDescriptor<T>,
        y: TensorDescriptor<T>,
    ) -> Result<Self> {
        check_pooling("cudnnPoolingForward", &pool, &x, &y, &[])?;
        Ok(PoolingProblem { pool, x, y })
    }

    /// The pooling.
    pub fn pooling(&self) -> &PoolingDescriptor {
        &self.pool
    }
    /// The descriptor of `x` and `dx`.
    pub fn x(&self) -> &TensorDescriptor<T> {
        &self.x
    }
    /// The descriptor of `y` and `dy`.
    pub fn y(&self) -> &TensorDescriptor<T> {
        &self.y
    }

    /// Checks buffer lengths for a forward launch (the part of a launch's
    /// checks that needs no GPU).
    ///
    /// # Errors
    /// [`Mismatch::BufferTooShort`] naming the first short buffer.
    #[cfg(test)]
    pub(crate) fn check_forward_lengths(&self, x: usize, y: usize) -> Result<()> {
        crate::core::launch::check_xy_lengths("cudnnPoolingForward", (&self.x, &self.y), x, y)
    }

    /// Checks buffer lengths for a backward launch.
    ///
    /// # Errors
    /// As [`check_forward_lengths`](Self::check_forward_lengths).
    #[cfg(test)]
    pub(crate) fn check_backward_lengths(
        &self,
        y: usize,
        dy: usize,
        x: usize,
        dx: usize,
    ) -> Result<()> {
        crate::core::launch::check_xy_backward_lengths(
            "cudnnPoolingBackward",
            (&self.x, &self.y),
            (y, dy),
            (x, dx),
        )
    }
}

impl Handle {
    /// `y = alpha * pool(x) + beta * y`.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] before any GPU work for a short buffer, a
    /// buffer of another CUDA context or a descriptor of another loaded
    /// cuDNN; cuDNN's and CUDA's errors.
    #[doc(alias = "cudnnPoolingForward")]
    pub fn pooling_forward<T: DataType>(
        &self,
        problem: &PoolingProblem<T>,
        x: &impl DeviceBuffer<T>,
        y: &mut impl DeviceBufferMut<T>,
        scaling: Scaling<T::Scale>,
    ) -> Result<()> {
        let l = self.launch("cudnnPoolingForward")?;
        let pool = problem.pooling();
        l.descriptor("pooling", pool.library())?;
        let (x_desc, y_desc) = (problem.x(), problem.y());
        let x = l.input("x", x, x_desc)?;
        let y = l.output("y", y, y_desc)?;
        let run = ffi!(l.library(), cudnnPoolingForward);
        // SAFETY: buffers checked against their descriptors, library and
        // context; `y` is the pooled shape of `x` (checked by the problem);
        // alpha and beta have T's scaling type.
        let status = unsafe {
            (run.f)(
                l.raw(),
                pool.as_raw(),
                scaling.alpha.as_ptr(),
                x_desc.as_raw(),
                x.ptr(),
                scaling.beta.as_ptr(),
                y_desc.as_raw(),
                y.ptr(),
            )
        };
        run.check(status)
    }

    /// `dx = alpha * pool_backward(y, dy, x) + beta * dx`: the gradient of
    /// `x` given the forward's input `x`, output `y` and the gradient `dy`
    /// (`dx` has `x`'s descriptor, `dy` has `y`'s).
    ///
    /// # Errors
    /// As [`pooling_forward`](Self::pooling_forward).
    #[doc(alias = "cudnnPoolingBackward")]
    pub fn pooling_backward<T: DataType>(
        &self,
        problem: &PoolingProblem<T>,
        buffers: BackwardBuffers<'_, T>,
        scaling: Scaling<T::Scale>,
    ) -> Result<()> {
        let BackwardBuffers { y, dy, x, dx } = buffers;
        let l = self.launch("cudnnPoolingBackward")?;
        let pool = problem.pooling();
        l.descriptor("pooling", pool.library())?;
        let (x_desc, y_desc) = (problem.x(), problem.y());
        let y = l.input("y", y, y_desc)?;
        let dy = l.input("dy", dy, y_desc)?;
        let x = l.input("x", x, x_desc)?;
        let dx = l.output("dx", dx, x_desc)?;
        let run = ffi!(l.library(), cudnnPoolingBackward);
        // SAFETY: as in pooling_forward; dy and y share y's descriptor, dx
        // and x share x's.
        let status = unsafe {
            (run.f)(
                l.raw(),
                pool.as_raw(),
                scaling.alpha.as_ptr(),
                y_desc.as_raw(),
                y.ptr(),
                y_desc.as_raw(),
                dy.ptr(),
                x_desc.as_raw(),
                x.ptr(),
                scaling.beta.as_ptr(),
                x_desc.as_raw(),
                dx.ptr(),
            )
        };
        run.check(status)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_rule() {
        assert_eq!(
            pooling_output_dims(&[1, 4, 8, 8], &[2, 2], &[0, 0], &[2, 2]),
            Ok(vec![1, 4, 4, 4])
        );
        assert_eq!(
            pooling_output_dims(&[1, 4, 7, 7], &[3, 3], &[1, 1], &[2, 2]),
            Ok(vec![1, 4, 4, 4])
        );
        assert!(pooling_output_dims(&[1, 4, 2, 2], &[5, 5], &[1, 1], &[1, 1]).is_err());
        assert!(pooling_output_dims(&[1, 4, 8], &[2, 2], &[0, 0], &[2, 2]).is_err());
        // At the overflow boundary: an input of usize::MAX with an empty
        // window would have usize::MAX + 1 outputs; one padding more
        // overflows the padded input.
        let e = pooling_output_dims(&[1, 1, usize::MAX], &[0], &[0], &[1]).unwrap_err();
        assert!(e.contains("output length overflows"), "{e}");
        assert_eq!(
            pooling_output_dims(&[1, 1, usize::MAX], &[1], &[0], &[1]),
            Ok(vec![1, 1, usize::MAX])
        );
        let e = pooling_output_dims(&[1, 1, usize::MAX], &[1], &[1], &[1]).unwrap_err();
        assert!(e.contains("padded input overflows"), "{e}");
    }
}
