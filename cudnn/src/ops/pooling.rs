//! Pooling: max, average including or excluding padding, deterministic
//! max; 2-d and N-d; forward and backward.

use std::sync::Arc;

use cudnn_sys as sys;

use crate::descriptor::{raw_descriptor, to_c_ints};
use crate::dtype::{DataType, Scale};
use crate::error::{ensure, Error, Mismatch, Result};
use crate::handle::Handle;
use crate::launch::{DeviceBuffer, DeviceBufferMut};
use crate::library::{ffi, library, Library};
use crate::modes::NanPropagation;
use crate::tensor::TensorDescriptor;

/// A pooling function (`cudnnPoolingMode_t`): `CUDNN_POOLING_MAX`,
/// `CUDNN_POOLING_AVERAGE_COUNT_INCLUDE_PADDING`,
/// `CUDNN_POOLING_AVERAGE_COUNT_EXCLUDE_PADDING`,
/// `CUDNN_POOLING_MAX_DETERMINISTIC`.
pub type PoolingMode = sys::cudnnPoolingMode_t;

raw_descriptor!(
    /// An owned `cudnnPoolingDescriptor_t`.
    RawPooling,
    sys::cudnnPoolingDescriptor_t,
    cudnnCreatePoolingDescriptor,
    cudnnDestroyPoolingDescriptor
);

/// A pooling descriptor: mode, window, padding and stride per spatial
/// dimension. Not `Clone`; `Send`, not `Sync`.
#[derive(Debug)]
pub struct PoolingDescriptor {
    raw: RawPooling,
    mode: PoolingMode,
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
            NanPropagation::CUDNN_NOT_PROPAGATE_NAN,
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
            window: window.to_vec(),
            padding: padding.to_vec(),
            stride: stride.to_vec(),
        })
    }

    /// The mode.
    pub fn mode(&self) -> PoolingMode {
        self.mode
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
            Error::InvalidArgument {
                function: "cudnnGetPoolingNdForwardOutputDim",
                mismatch: Mismatch::Shape { what },
            }
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
    if x.len() != n + 2 {
        return Err(format!(
            "input {x:?} must have {} dims for {n} spatial dimensions",
            n + 2
        ));
    }
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
            .and_then(|p| p.checked_add(x[d + 2]))
            .ok_or_else(|| format!("spatial dim {d}: the padded input overflows"))?;
        if window[d] > padded || stride[d] == 0 {
            return Err(format!(
                "spatial dim {d}: a window of {} is larger than the padded input of {padded}",
                window[d]
            ));
        }
        out.push((padded - window[d]) / stride[d] + 1);
    }
    Ok(out)
}

/// Checks a pooling's shapes: `y` is the pooled `x`, every buffer long
/// enough. `lens` are (name, buffer length, descriptor) triples.
///
/// # Errors
/// [`Mismatch::Shape`] or [`Mismatch::BufferTooShort`].
pub fn check_pooling<T: DataType>(
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
                buffer,
                len,
                required: desc.required_len(),
            }
        })?;
    }
    Ok(())
}

impl Handle {
    /// `y = alpha * pool(x) + beta * y`.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] before any GPU work when `y` is not the
    /// pooled shape of `x` or a buffer is short or on another device;
    /// cuDNN's and CUDA's errors.
    #[allow(clippy::too_many_arguments)]
    #[doc(alias = "cudnnPoolingForward")]
    pub fn pooling_forward<T: DataType>(
        &self,
        pool: &PoolingDescriptor,
        alpha: T::Scale,
        x_desc: &TensorDescriptor<T>,
        x: &impl DeviceBuffer<T>,
        beta: T::Scale,
        y_desc: &TensorDescriptor<T>,
        y: &mut impl DeviceBufferMut<T>,
    ) -> Result<()> {
        const F: &str = "cudnnPoolingForward";
        check_pooling(
            F,
            pool,
            x_desc,
            y_desc,
            &[("x", x.len(), x_desc), ("y", y.len(), y_desc)],
        )?;
        let stream = self.launch_stream(F)?;
        crate::launch::check_input(self.library(), stream, F, "x", x, x_desc)?;
        crate::launch::check_output(self.library(), stream, F, "y", y, y_desc)?;
        let run = ffi!(self.library(), cudnnPoolingForward);
        let (xp, _gx) = x.device_ptr(stream);
        let (yp, _gy) = y.device_ptr_mut(stream);
        // SAFETY: buffers checked against their descriptors and device;
        // alpha and beta have T's scaling type.
        let status = unsafe {
            (run.f)(
                self.as_raw(),
                pool.as_raw(),
                alpha.as_ptr(),
                x_desc.as_raw(),
                xp as _,
                beta.as_ptr(),
                y_desc.as_raw(),
                yp as _,
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
    #[allow(clippy::too_many_arguments)]
    #[doc(alias = "cudnnPoolingBackward")]
    pub fn pooling_backward<T: DataType>(
        &self,
        pool: &PoolingDescriptor,
        alpha: T::Scale,
        y_desc: &TensorDescriptor<T>,
        y: &impl DeviceBuffer<T>,
        dy: &impl DeviceBuffer<T>,
        x_desc: &TensorDescriptor<T>,
        x: &impl DeviceBuffer<T>,
        beta: T::Scale,
        dx: &mut impl DeviceBufferMut<T>,
    ) -> Result<()> {
        const F: &str = "cudnnPoolingBackward";
        check_pooling(
            F,
            pool,
            x_desc,
            y_desc,
            &[
                ("y", y.len(), y_desc),
                ("dy", dy.len(), y_desc),
                ("x", x.len(), x_desc),
                ("dx", dx.len(), x_desc),
            ],
        )?;
        let stream = self.launch_stream(F)?;
        crate::launch::check_input(self.library(), stream, F, "y", y, y_desc)?;
        crate::launch::check_input(self.library(), stream, F, "dy", dy, y_desc)?;
        crate::launch::check_input(self.library(), stream, F, "x", x, x_desc)?;
        crate::launch::check_output(self.library(), stream, F, "dx", dx, x_desc)?;
        let run = ffi!(self.library(), cudnnPoolingBackward);
        let (yp, _gy) = y.device_ptr(stream);
        let (dyp, _gdy) = dy.device_ptr(stream);
        let (xp, _gx) = x.device_ptr(stream);
        let (dxp, _gdx) = dx.device_ptr_mut(stream);
        // SAFETY: as in pooling_forward; dy and y share y's descriptor, dx
        // and x share x's.
        let status = unsafe {
            (run.f)(
                self.as_raw(),
                pool.as_raw(),
                alpha.as_ptr(),
                y_desc.as_raw(),
                yp as _,
                y_desc.as_raw(),
                dyp as _,
                x_desc.as_raw(),
                xp as _,
                beta.as_ptr(),
                x_desc.as_raw(),
                dxp as _,
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
    }
}
