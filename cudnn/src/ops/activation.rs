//! Activations: ReLU, sigmoid, tanh, clipped ReLU, ELU, swish, identity;
//! forward and backward, in place where cuDNN allows it.

use std::sync::Arc;

use cudnn_sys as sys;

use crate::descriptor::raw_descriptor;
use crate::dtype::{DataType, Scale};
use crate::error::Result;
use crate::handle::Handle;
use crate::launch::check_same_shape;
use crate::launch::{DeviceBuffer, DeviceBufferMut};
use crate::library::{ffi, library, Library};
use crate::modes::NanPropagation;
use crate::tensor::TensorDescriptor;

/// An activation function (`cudnnActivationMode_t`): `CUDNN_ACTIVATION_RELU`,
/// `SIGMOID`, `TANH`, `CLIPPED_RELU`, `ELU`, `IDENTITY`, `SWISH`.
pub type ActivationMode = sys::cudnnActivationMode_t;

raw_descriptor!(
    /// An owned `cudnnActivationDescriptor_t`.
    RawActivation,
    sys::cudnnActivationDescriptor_t,
    cudnnCreateActivationDescriptor,
    cudnnDestroyActivationDescriptor
);

/// An activation descriptor: the function, NaN handling and its
/// coefficient (the clipping value of clipped ReLU, alpha of ELU, beta of
/// swish). Not `Clone`; `Send`, not `Sync`.
#[derive(Debug)]
pub struct ActivationDescriptor {
    raw: RawActivation,
    mode: ActivationMode,
    nan: NanPropagation,
    coef: f64,
}

impl ActivationDescriptor {
    /// An activation of `mode` with coefficient `coef`, NaNs not propagated,
    /// with the process-wide library.
    ///
    /// # Errors
    /// cuDNN's error for a mode or coefficient it rejects;
    /// [`Error::LibraryNotFound`](crate::Error::LibraryNotFound).
    #[doc(alias = "cudnnSetActivationDescriptor")]
    #[doc(alias = "cudnnSetActivationDescriptorSwishBeta")]
    pub fn new(mode: ActivationMode, coef: f64) -> Result<Self> {
        Self::new_in(
            library()?,
            mode,
            NanPropagation::CUDNN_NOT_PROPAGATE_NAN,
            coef,
        )
    }

    /// An activation with every setting given, with the library `lib`.
    ///
    /// # Errors
    /// As [`new`](Self::new).
    pub fn new_in(
        lib: Arc<Library>,
        mode: ActivationMode,
        nan: NanPropagation,
        coef: f64,
    ) -> Result<Self> {
        let raw = RawActivation::create(lib)?;
        let set = ffi!(raw.lib(), cudnnSetActivationDescriptor);
        // SAFETY: the descriptor is live; the rest are plain values.
        let status = unsafe { (set.f)(raw.ptr(), mode, nan, coef) };
        set.check(status)?;
        if mode == ActivationMode::CUDNN_ACTIVATION_SWISH {
            // cudnnSetActivationDescriptor ignores `coef` for swish: its beta
            // is a separate setting (1 unless set here).
            let set_beta = ffi!(raw.lib(), cudnnSetActivationDescriptorSwishBeta);
            // SAFETY: the descriptor is live; beta is a plain value.
            let status = unsafe { (set_beta.f)(raw.ptr(), coef) };
            set_beta.check(status)?;
        }
        Ok(ActivationDescriptor {
            raw,
            mode,
            nan,
            coef,
        })
    }

    /// The function.
    pub fn mode(&self) -> ActivationMode {
        self.mode
    }

    /// NaN handling.
    pub fn nan_propagation(&self) -> NanPropagation {
        self.nan
    }

    /// The coefficient.
    pub fn coef(&self) -> f64 {
        self.coef
    }

    /// The raw descriptor; it stays owned by `self`.
    pub fn as_raw(&self) -> sys::cudnnActivationDescriptor_t {
        self.raw.ptr()
    }
}

impl Handle {
    /// `y = alpha * act(x) + beta * y`; `x` and `y` have the same shape
    /// (their layouts may differ).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) before any
    /// GPU work for a shape mismatch or a short buffer; cuDNN's and CUDA's
    /// errors.
    #[allow(clippy::too_many_arguments)]
    #[doc(alias = "cudnnActivationForward")]
    pub fn activation_forward<T: DataType>(
        &self,
        act: &ActivationDescriptor,
        alpha: T::Scale,
        x_desc: &TensorDescriptor<T>,
        x: &impl DeviceBuffer<T>,
        beta: T::Scale,
        y_desc: &TensorDescriptor<T>,
        y: &mut impl DeviceBufferMut<T>,
    ) -> Result<()> {
        const F: &str = "cudnnActivationForward";
        check_same_shape(F, &[("x", x.len(), x_desc), ("y", y.len(), y_desc)])?;
        let l = self.launch(F)?;
        l.descriptor("activation", act.raw.lib())?;
        let x = l.input("x", x, x_desc)?;
        let y = l.output("y", y, y_desc)?;
        let run = ffi!(l.library(), cudnnActivationForward);
        // SAFETY: buffers checked against their descriptors, library and
        // context; alpha and beta have T's scaling type.
        let status = unsafe {
            (run.f)(
                l.raw(),
                act.as_raw(),
                alpha.as_ptr(),
                x_desc.as_raw(),
                x.ptr(),
                beta.as_ptr(),
                y_desc.as_raw(),
                y.ptr(),
            )
        };
        run.check(status)
    }

    /// `xy = alpha * act(xy) + beta * xy`, in place (cuDNN allows `x` and
    /// `y` to be the same buffer with the same descriptor).
    ///
    /// # Errors
    /// As [`activation_forward`](Self::activation_forward).
    #[doc(alias = "cudnnActivationForward")]
    pub fn activation_forward_in_place<T: DataType>(
        &self,
        act: &ActivationDescriptor,
        alpha: T::Scale,
        desc: &TensorDescriptor<T>,
        beta: T::Scale,
        xy: &mut impl DeviceBufferMut<T>,
    ) -> Result<()> {
        const F: &str = "cudnnActivationForward";
        check_same_shape(F, &[("xy", xy.len(), desc)])?;
        let stream = self.launch_stream(F)?;
        crate::launch::check_output(self.library(), stream, F, "xy", xy, desc)?;
        let run = ffi!(self.library(), cudnnActivationForward);
        let (p, _g) = xy.device_ptr_mut(stream);
        // SAFETY: as in activation_forward; cuDNN documents in-place
        // operation (x == y with one descriptor) for this function.
        let status = unsafe {
            (run.f)(
                self.as_raw(),
                act.as_raw(),
                alpha.as_ptr(),
                desc.as_raw(),
                p as _,
                beta.as_ptr(),
                desc.as_raw(),
                p as _,
            )
        };
        run.check(status)
    }

    /// `dx = alpha * act'(x, y) * dy + beta * dx`, given the forward's
    /// input `x` and output `y`.
    ///
    /// # Errors
    /// As [`activation_forward`](Self::activation_forward).
    #[allow(clippy::too_many_arguments)]
    #[doc(alias = "cudnnActivationBackward")]
    pub fn activation_backward<T: DataType>(
        &self,
        act: &ActivationDescriptor,
        alpha: T::Scale,
        y_desc: &TensorDescriptor<T>,
        y: &impl DeviceBuffer<T>,
        dy_desc: &TensorDescriptor<T>,
        dy: &impl DeviceBuffer<T>,
        x_desc: &TensorDescriptor<T>,
        x: &impl DeviceBuffer<T>,
        beta: T::Scale,
        dx_desc: &TensorDescriptor<T>,
        dx: &mut impl DeviceBufferMut<T>,
    ) -> Result<()> {
        const F: &str = "cudnnActivationBackward";
        check_same_shape(
            F,
            &[
                ("y", y.len(), y_desc),
                ("dy", dy.len(), dy_desc),
                ("x", x.len(), x_desc),
                ("dx", dx.len(), dx_desc),
            ],
        )?;
        let stream = self.launch_stream(F)?;
        crate::launch::check_input(self.library(), stream, F, "y", y, y_desc)?;
        crate::launch::check_input(self.library(), stream, F, "dy", dy, dy_desc)?;
        crate::launch::check_input(self.library(), stream, F, "x", x, x_desc)?;
        crate::launch::check_output(self.library(), stream, F, "dx", dx, dx_desc)?;
        let run = ffi!(self.library(), cudnnActivationBackward);
        let (yp, _gy) = y.device_ptr(stream);
        let (dyp, _gdy) = dy.device_ptr(stream);
        let (xp, _gx) = x.device_ptr(stream);
        let (dxp, _gdx) = dx.device_ptr_mut(stream);
        // SAFETY: as in activation_forward.
        let status = unsafe {
            (run.f)(
                self.as_raw(),
                act.as_raw(),
                alpha.as_ptr(),
                y_desc.as_raw(),
                yp as _,
                dy_desc.as_raw(),
                dyp as _,
                x_desc.as_raw(),
                xp as _,
                beta.as_ptr(),
                dx_desc.as_raw(),
                dxp as _,
            )
        };
        run.check(status)
    }

    /// The backward pass in place: `dy` becomes `dx` (cuDNN allows `dx` and
    /// `dy` to be the same buffer with the same descriptor).
    ///
    /// # Errors
    /// As [`activation_forward`](Self::activation_forward).
    #[allow(clippy::too_many_arguments)]
    #[doc(alias = "cudnnActivationBackward")]
    pub fn activation_backward_in_place<T: DataType>(
        &self,
        act: &ActivationDescriptor,
        alpha: T::Scale,
        desc: &TensorDescriptor<T>,
        y: &impl DeviceBuffer<T>,
        x: &impl DeviceBuffer<T>,
        beta: T::Scale,
        dy_dx: &mut impl DeviceBufferMut<T>,
    ) -> Result<()> {
        const F: &str = "cudnnActivationBackward";
        check_same_shape(
            F,
            &[
                ("y", y.len(), desc),
                ("x", x.len(), desc),
                ("dy_dx", dy_dx.len(), desc),
            ],
        )?;
        let stream = self.launch_stream(F)?;
        crate::launch::check_input(self.library(), stream, F, "y", y, desc)?;
        crate::launch::check_input(self.library(), stream, F, "x", x, desc)?;
        crate::launch::check_output(self.library(), stream, F, "dy_dx", dy_dx, desc)?;
        let run = ffi!(self.library(), cudnnActivationBackward);
        let (yp, _gy) = y.device_ptr(stream);
        let (xp, _gx) = x.device_ptr(stream);
        let (p, _g) = dy_dx.device_ptr_mut(stream);
        let d = desc.as_raw();
        // SAFETY: as in activation_forward; cuDNN documents in-place
        // operation (dy == dx with one descriptor) for this function.
        let status = unsafe {
            (run.f)(
                self.as_raw(),
                act.as_raw(),
                alpha.as_ptr(),
                d,
                yp as _,
                d,
                p as _,
                d,
                xp as _,
                beta.as_ptr(),
                d,
                p as _,
            )
        };
        run.check(status)
    }
}
