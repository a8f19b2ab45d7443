//! [`RmsNorm`]: RMS normalization over the graph API, forward (training:
//! the inverse RMS is written) and backward.

use crate::core::dtype::DType;
use DType as Dt;

use std::marker::PhantomData;

use super::element::NormElement;
use super::layer_shape::{check_norm_in, NormShape};
use super::plans::{required, LayerTarget, Plans};
use crate::core::error::Result;
use crate::core::handle::Handle;
use crate::core::launch::{DeviceBuffer, DeviceBufferMut};
use crate::core::workspace::Workspace;
use crate::graph::{Graph, NormOptions, PlanCache, Settings, VariantPack};

const F32: Dt = Dt::CUDNN_DATA_FLOAT;

/// The buffers of [`RmsNorm::forward`]: `x` and `y` of the layer's type
/// (`rows * features` elements), the scale `f32` (`features`), the inverse
/// RMS `f32` (`rows`).
pub struct RmsNormForward<'a, T> {
    /// The input.
    pub x: &'a dyn DeviceBuffer<T>,
    /// The scale (gamma).
    pub scale: &'a dyn DeviceBuffer<f32>,
    /// The output.
    pub y: &'a mut dyn DeviceBufferMut<T>,
    /// Each row's `1 / sqrt(mean(x^2) + epsilon)`, written for the
    /// backward.
    pub inv_rms: &'a mut dyn DeviceBufferMut<f32>,
}

/// The buffers of [`RmsNorm::backward`]: the forward's `x`, scale and
/// inverse RMS, the output's gradient `dy`, and the gradients written
/// (`dx` of the layer's type, `dscale` `f32`).
pub struct RmsNormBackward<'a, T> {
    /// The forward's input.
    pub x: &'a dyn DeviceBuffer<T>,
    /// The gradient of the forward's output.
    pub dy: &'a dyn DeviceBuffer<T>,
    /// The forward's scale.
    pub scale: &'a dyn DeviceBuffer<f32>,
    /// The forward's inverse RMS.
    pub inv_rms: &'a dyn DeviceBuffer<f32>,
    /// The gradient of `x`.
    pub dx: &'a mut dyn DeviceBufferMut<T>,
    /// The gradient of the scale.
    pub dscale: &'a mut dyn DeviceBufferMut<f32>,
}

/// RMS normalization of `rows` rows of `features` values, without a bias
/// (as in Llama): `y = x / sqrt(mean(x^2) + epsilon) * scale`, per row,
/// with its backward. It owns its two graphs' plans and a workspace,
/// built once for its shape and type by [`new`](Self::new); the calls
/// check every buffer (type, length, device) before cuDNN runs.
///
/// `Send`, not `Sync` (it owns plans and a workspace; calls take `&mut
/// self`); not `Clone`.
#[derive(Debug)]
pub struct RmsNorm<T: NormElement> {
    shape: NormShape,
    epsilon: f32,
    forward: Plans,
    backward: Plans,
    /// Forward uids: x, scale, y, inv_rms.
    fwd: [i64; 4],
    /// Backward uids: x, dy, scale, inv_rms, dx, dscale.
    bwd: [i64; 6],
    workspace: Workspace,
    element: PhantomData<fn() -> T>,
}

static_assertions::assert_impl_all!(RmsNorm<f32>: Send);
static_assertions::assert_not_impl_any!(RmsNorm<f32>: Sync, Clone);

impl<T: NormElement> RmsNorm<T> {
    /// Checks what [`new`](Self::new) checks before any cuDNN call: the
    /// shape ([`NormShape::check`]) and epsilon (finite, above 0); the
    /// element type is `T`.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming
    /// `RmsNorm::check` and what is wrong (from `new`, naming `RmsNorm::new`).
    pub fn check(shape: &NormShape, epsilon: f32) -> Result<()> {
        check_norm_in("RmsNorm::check", shape, epsilon)
    }

    /// Builds the forward (training) and backward graphs for `shape` and
    /// `T` (of `x`, `y`, `dy`, `dx`; the scale, its gradient and the
    /// inverse RMS are `f32`) for `target` (a handle, or a described GPU: [`LayerTarget`]), and their plans, as
    /// [`LayerNorm::new`](super::LayerNorm::new) does.
    ///
    /// # Errors
    /// As [`check`](Self::check); the graph builder's refusals (on cuDNN 8
    /// the normalization nodes are refused: they need cuDNN 9);
    /// [`Error::NoEngine`](crate::Error::NoEngine) when no plan finalizes;
    /// cuDNN's status.
    pub fn new<'t>(
        target: impl Into<LayerTarget<'t>>,
        shape: NormShape,
        epsilon: f32,
        settings: &Settings,
        mut cache: Option<&mut PlanCache>,
    ) -> Result<Self> {
        const F: &str = "RmsNorm::new";
        check_norm_in(F, &shape, epsilon)?;
        let (target, dtype) = (target.into(), T::CUDNN);
        let (xd, pd, sd) = (shape.x_dims(), shape.param_dims(), shape.stat_dims());

        let mut g = Graph::new("rms_norm");
        let x = g.tensor("x", &xd, dtype)?;
        let s = g.tensor("scale", &pd, F32)?;
        let out = g.rms_norm(x, s, None, &NormOptions::training(epsilon))?;
        g.set_output(out.y, dtype)?;
        let inv = required(F, "inverse RMS", out.inv_variance)?;
        let fwd = [x, s, out.y, inv].map(|t| t.uid());
        let forward = Plans::new(target, &g, settings, cache.as_deref_mut())?;

        let mut g = Graph::new("rms_norm_backward");
        let x = g.tensor("x", &xd, dtype)?;
        let dy = g.tensor("dy", &xd, dtype)?;
        let s = g.tensor("scale", &pd, F32)?;
        let v = g.tensor("inv_rms", &sd, F32)?;
        let grads = g.rms_norm_backward(dy, x, s, v, false)?;
        g.set_output(grads.dx, dtype)?;
        g.set_output(grads.dscale, F32)?;
        let bwd = [x, dy, s, v, grads.dx, grads.dscale].map(|t| t.uid());
        let backward = Plans::new(target, &g, settings, cache)?;

        Ok(RmsNorm {
            shape,
            epsilon,
            forward,
            backward,
            fwd,
            bwd,
            workspace: Workspace::new(),
            element: PhantomData,
        })
    }

    /// The shape it was built for.
    pub fn shape(&self) -> NormShape {
        self.shape
    }

    /// The data type of `x`, `y`, `dy` and `dx`.
    pub fn data_type(&self) -> DType {
        T::CUDNN
    }

    /// Epsilon.
    pub fn epsilon(&self) -> f32 {
        self.epsilon
    }

    /// The workspace its plans need, in bytes (the largest of the
    /// forward's and the backward's).
    pub fn workspace_size(&self) -> usize {
        self.forward
            .workspace_size()
            .max(self.backward.workspace_size())
    }

    /// The forward in training: writes `y` and each row's inverse RMS, on
    /// `handle`'s stream.
    ///
    /// # Errors
    /// As [`LayerNorm::forward`](super::LayerNorm::forward).
    pub fn forward(&mut self, handle: &Handle, args: RmsNormForward<'_, T>) -> Result<()> {
        let [x, s, y, v] = self.fwd;
        let mut pack = VariantPack::new()
            .input(x, args.x)
            .input(s, args.scale)
            .output(y, args.y)
            .output(v, args.inv_rms);
        self.forward.run(handle, &mut pack, &mut self.workspace)
    }

    /// The backward: writes `dx` and `dscale` from `dy` and the forward's
    /// `x`, scale and inverse RMS.
    ///
    /// # Errors
    /// As [`LayerNorm::forward`](super::LayerNorm::forward).
    pub fn backward(&mut self, handle: &Handle, args: RmsNormBackward<'_, T>) -> Result<()> {
        let [x, dy, s, v, dx, ds] = self.bwd;
        let mut pack = VariantPack::new()
            .input(x, args.x)
            .input(dy, args.dy)
            .input(s, args.scale)
            .input(v, args.inv_rms)
            .output(dx, args.dx)
            .output(ds, args.dscale);
        self.backward.run(handle, &mut pack, &mut self.workspace)
    }
}
