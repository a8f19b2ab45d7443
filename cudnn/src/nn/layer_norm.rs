//! [`LayerNorm`]: layer normalization over the graph API, forward
//! (training: the statistics are written) and backward.

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

/// The buffers of [`LayerNorm::forward`]: `x` and `y` of the layer's type
/// (`rows * features` elements), the scale and bias `f32` (`features`),
/// the statistics `f32` (`rows`).
pub struct LayerNormForward<'a, T> {
    /// The input.
    pub x: &'a dyn DeviceBuffer<T>,
    /// The scale (gamma).
    pub scale: &'a dyn DeviceBuffer<f32>,
    /// The bias (beta).
    pub bias: &'a dyn DeviceBuffer<f32>,
    /// The output.
    pub y: &'a mut dyn DeviceBufferMut<T>,
    /// Each row's mean, written for the backward.
    pub mean: &'a mut dyn DeviceBufferMut<f32>,
    /// Each row's inverse standard deviation, written for the backward.
    pub inv_variance: &'a mut dyn DeviceBufferMut<f32>,
}

/// The buffers of [`LayerNorm::backward`]: the forward's `x`, scale and
/// statistics, the output's gradient `dy`, and the gradients written
/// (`dx` of the layer's type, `dscale` and `dbias` `f32`).
pub struct LayerNormBackward<'a, T> {
    /// The forward's input.
    pub x: &'a dyn DeviceBuffer<T>,
    /// The gradient of the forward's output.
    pub dy: &'a dyn DeviceBuffer<T>,
    /// The forward's scale.
    pub scale: &'a dyn DeviceBuffer<f32>,
    /// The forward's mean.
    pub mean: &'a dyn DeviceBuffer<f32>,
    /// The forward's inverse standard deviation.
    pub inv_variance: &'a dyn DeviceBuffer<f32>,
    /// The gradient of `x`.
    pub dx: &'a mut dyn DeviceBufferMut<T>,
    /// The gradient of the scale.
    pub dscale: &'a mut dyn DeviceBufferMut<f32>,
    /// The gradient of the bias.
    pub dbias: &'a mut dyn DeviceBufferMut<f32>,
}

/// Layer normalization of `rows` rows of `features` values:
/// `y = (x - mean) / sqrt(var + epsilon) * scale + bias`, per row, with
/// its backward. It owns its two graphs' plans and a workspace, built
/// once for its shape and type by [`new`](Self::new); the calls check
/// every buffer (type, length, device) before cuDNN runs.
///
/// `Send`, not `Sync` (it owns plans and a workspace; calls take `&mut
/// self`); not `Clone`.
#[derive(Debug)]
pub struct LayerNorm<T: NormElement> {
    shape: NormShape,
    epsilon: f32,
    forward: Plans,
    backward: Plans,
    /// Forward uids: x, scale, bias, y, mean, inv_variance.
    fwd: [i64; 6],
    /// Backward uids: x, dy, scale, mean, inv_variance, dx, dscale, dbias.
    bwd: [i64; 8],
    workspace: Workspace,
    element: PhantomData<fn() -> T>,
}

static_assertions::assert_impl_all!(LayerNorm<f32>: Send);
static_assertions::assert_not_impl_any!(LayerNorm<f32>: Sync, Clone);

impl<T: NormElement> LayerNorm<T> {
    /// Checks what [`new`](Self::new) checks before any cuDNN call: the
    /// shape ([`NormShape::check`]) and epsilon (finite, above 0); the
    /// element type is `T`.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming
    /// `LayerNorm::check` and what is wrong (from `new`, naming `LayerNorm::new`).
    pub fn check(shape: &NormShape, epsilon: f32) -> Result<()> {
        check_norm_in("LayerNorm::check", shape, epsilon)
    }

    /// Builds the forward (training) and backward graphs for `shape` and
    /// `T` (of `x`, `y`, `dy`, `dx`; parameters and statistics are
    /// `f32`) for `target` (a handle, or a described GPU: [`LayerTarget`]), and their plans: from `cache` when given
    /// (on cuDNN 9.8 and later, keyed by the graph and the handle's
    /// device; earlier releases plan without it), otherwise as `settings`
    /// say. With [`Settings::benchmark`] and no cache, the candidate
    /// plans are timed on the first call and the fastest kept.
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
        const F: &str = "LayerNorm::new";
        check_norm_in(F, &shape, epsilon)?;
        let (target, dtype) = (target.into(), T::CUDNN);
        let (xd, pd, sd) = (shape.x_dims(), shape.param_dims(), shape.stat_dims());

        let mut g = Graph::new("layer_norm");
        let x = g.tensor("x", &xd, dtype)?;
        let s = g.tensor("scale", &pd, F32)?;
        let b = g.tensor("bias", &pd, F32)?;
        let out = g.layer_norm(x, s, b, &NormOptions::training(epsilon))?;
        g.set_output(out.y, dtype)?;
        let mean = required(F, "mean", out.mean)?;
        let inv = required(F, "inverse variance", out.inv_variance)?;
        let fwd = [x, s, b, out.y, mean, inv].map(|t| t.uid());
        let forward = Plans::new(target, &g, settings, cache.as_deref_mut())?;

        let mut g = Graph::new("layer_norm_backward");
        let x = g.tensor("x", &xd, dtype)?;
        let dy = g.tensor("dy", &xd, dtype)?;
        let s = g.tensor("scale", &pd, F32)?;
        let m = g.tensor("mean", &sd, F32)?;
        let v = g.tensor("inv_variance", &sd, F32)?;
        let grads = g.layer_norm_backward(dy, x, s, m, v)?;
        let dbias = required(F, "bias gradient", grads.dbias)?;
        g.set_output(grads.dx, dtype)?;
        g.set_output(grads.dscale, F32)?;
        g.set_output(dbias, F32)?;
        let bwd = [x, dy, s, m, v, grads.dx, grads.dscale, dbias].map(|t| t.uid());
        let backward = Plans::new(target, &g, settings, cache)?;

        Ok(LayerNorm {
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

    /// The forward in training: writes `y` and each row's mean and
    /// inverse standard deviation, on `handle`'s stream.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) for
    /// buffers of another element type than the layer's, and as
    /// [`Handle::execute`] for a buffer that does not fit its tensor (too
    /// short, in another CUDA context) or a plan built with another handle
    /// (cuDNN before 9.8); a CUDA error when the workspace cannot grow;
    /// cuDNN's status.
    pub fn forward(&mut self, handle: &Handle, args: LayerNormForward<'_, T>) -> Result<()> {
        let [x, s, b, y, m, v] = self.fwd;
        let mut pack = VariantPack::new()
            .input(x, args.x)
            .input(s, args.scale)
            .input(b, args.bias)
            .output(y, args.y)
            .output(m, args.mean)
            .output(v, args.inv_variance);
        self.forward.run(handle, &mut pack, &mut self.workspace)
    }

    /// The backward: writes `dx`, `dscale` and `dbias` from `dy` and the
    /// forward's `x`, scale and statistics.
    ///
    /// # Errors
    /// As [`forward`](Self::forward).
    pub fn backward(&mut self, handle: &Handle, args: LayerNormBackward<'_, T>) -> Result<()> {
        let [x, dy, s, m, v, dx, ds, db] = self.bwd;
        let mut pack = VariantPack::new()
            .input(x, args.x)
            .input(dy, args.dy)
            .input(s, args.scale)
            .input(m, args.mean)
            .input(v, args.inv_variance)
            .output(dx, args.dx)
            .output(ds, args.dscale)
            .output(db, args.dbias);
        self.backward.run(handle, &mut pack, &mut self.workspace)
    }
}
