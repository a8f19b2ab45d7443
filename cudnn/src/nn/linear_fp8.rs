//! [`LinearFp8`]: a fully connected layer of FP8 input and weight over the
//! graph API's FP8 matmul ([`Graph::matmul_fp8_with`], cudnn-frontend's
//! `matmul_fp8`): the descaled product, an optional bias and activation
//! fused after it, the output quantized by its scale factor, and the
//! absolute maximum of the unscaled output for the next step's factor.

#![warn(clippy::arithmetic_side_effects)]

use std::marker::PhantomData;

use crate::core::dtype::DType;
use crate::core::error::{Error, Result};
use crate::core::fp8::F8E4M3;
use crate::core::handle::Handle;
use crate::core::launch::{DeviceBuffer, DeviceBufferMut};
use crate::core::workspace::Workspace;
use crate::graph::{Graph, MatmulFp8Scales, PlanCache, Settings, TensorId, VariantPack};

use super::element::{Fp8Element, LinearFp8Output};
use super::layer_shape::LinearShape;
use super::linear::{apply, LinearActivation};
use super::plans::{LayerTarget, Plans};

const F32: DType = DType::FLOAT;

/// The buffers of [`LinearFp8::forward`]: `x` row-major `[rows,
/// in_features]` and the weight row-major `[out_features, in_features]`
/// (PyTorch's `nn.Linear.weight`), both of the layer's FP8 type `T`; the
/// bias `[out_features]` `f32` when the layer has one; the three factors
/// one `f32` each, read on the device; `y` row-major `[rows,
/// out_features]` of the output type `Y`; and `amax`, one `f32`.
pub struct LinearFp8Forward<'a, T, Y> {
    /// The quantized input: the real input times its scale.
    pub x: &'a dyn DeviceBuffer<T>,
    /// The quantized weight: the real weight times its scale.
    pub weight: &'a dyn DeviceBuffer<T>,
    /// The bias, unscaled: given exactly when the layer was built with
    /// one.
    pub bias: Option<&'a dyn DeviceBuffer<f32>>,
    /// The inverse of `x`'s scale (one element).
    pub descale_x: &'a dyn DeviceBuffer<f32>,
    /// The inverse of the weight's scale (one element).
    pub descale_w: &'a dyn DeviceBuffer<f32>,
    /// The factor the unscaled output is multiplied by before it is
    /// written in `Y` (one element; 1 for an output in `bf16`, `f16` or
    /// `f32` that is not to be scaled).
    pub scale_y: &'a dyn DeviceBuffer<f32>,
    /// The output.
    pub y: &'a mut dyn DeviceBufferMut<Y>,
    /// Written: the absolute maximum of the unscaled output (after the
    /// bias and activation, before `scale_y`), one element.
    pub amax: &'a mut dyn DeviceBufferMut<f32>,
}

/// A fully connected layer of FP8 input and weight,
///
/// ```text
/// u    = act(descale_x * descale_w * (x W^T) + b)
/// y    = u * scale_y           (written as Y: rounded, and saturated for an FP8 Y)
/// amax = max |u|
/// ```
///
/// as cudnn-frontend's `matmul_fp8` composes it (a matmul of FP8 operands,
/// computed in `f32`; pointwise multiplications by the factors; an `AMAX`
/// reduction), with the bias add and the activation of
/// [`Linear`](super::Linear) between the descales and the scale, one cuDNN
/// graph.
/// `T` is the FP8 type of `x` and the weight ([`Fp8Element`]), `Y` the
/// output's ([`LinearFp8Output`]: FP8 for the next FP8 layer, or `bf16`,
/// `f16`, `f32`); the factors, bias and `amax` are `f32`. Forward only.
///
/// It owns its plans and a workspace, built once for its shape by
/// [`new`](Self::new); `forward` checks every buffer (type, length,
/// device) before cuDNN runs. `Send`, not `Sync`; not `Clone`.
#[derive(Debug)]
pub struct LinearFp8<T: Fp8Element, Y: LinearFp8Output> {
    shape: LinearShape,
    activation: LinearActivation,
    plans: Plans,
    /// uids: x, weight, descale_x, descale_w, scale_y, y, amax.
    uids: [i64; 7],
    bias: Option<i64>,
    workspace: Workspace,
    element: PhantomData<fn() -> (T, Y)>,
}

static_assertions::assert_impl_all!(LinearFp8<F8E4M3, half::bf16>: Send);
static_assertions::assert_not_impl_any!(LinearFp8<F8E4M3, half::bf16>: Sync, Clone);

impl<T: Fp8Element, Y: LinearFp8Output> LinearFp8<T, Y> {
    /// Checks what [`new`](Self::new) checks before any graph is built:
    /// the shape ([`LinearShape::check`]: every size at least 1, every
    /// buffer's element count within `i64`).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] naming `LinearFp8::check` and what is
    /// wrong (from `new`, naming `LinearFp8::new`).
    pub fn check(shape: &LinearShape) -> Result<()> {
        shape.check_in("LinearFp8::check")
    }

    /// Builds the graph for `shape`, with a bias when `bias` is true, then
    /// `activation`, for `target` (a handle, or a described GPU:
    /// [`LayerTarget`]), and its plans: from `cache` when given (cuDNN 9.8
    /// and later), otherwise as `settings` say.
    ///
    /// # Errors
    /// As [`check`](Self::check) (naming `LinearFp8::new`); an activation
    /// other than the constants of [`LinearActivation`]; the graph
    /// builder's refusals; [`Error::NoEngine`] when no plan finalizes;
    /// cuDNN's status.
    pub fn new<'t>(
        target: impl Into<LayerTarget<'t>>,
        shape: LinearShape,
        bias: bool,
        activation: LinearActivation,
        settings: &Settings,
        cache: Option<&mut PlanCache>,
    ) -> Result<Self> {
        const F: &str = "LinearFp8::new";
        shape.check_in(F)?;
        let (graph, uids, bias_uid) = Self::graph(F, &shape, bias, activation)?;
        let plans = Plans::new(target.into(), &graph, settings, cache)?;
        Ok(LinearFp8 {
            shape,
            activation,
            plans,
            uids,
            bias: bias_uid,
            workspace: Workspace::new(),
            element: PhantomData,
        })
    }

    /// The layer's graph: `x [1, rows, in]` times the weight read as `[1,
    /// in, out]` (the strides of its row-major `[out, in]`: the
    /// column-major operand Hopper's FP8 matmuls take), the factors `[1,
    /// 1, 1]`, the bias broadcast as `[1, 1, out]`.
    fn graph(
        function: &'static str,
        shape: &LinearShape,
        bias: bool,
        activation: LinearActivation,
    ) -> Result<(Graph, [i64; 7], Option<i64>)> {
        let (m, k, n) = shape.graph_dims();
        let mut g = Graph::new("linear_fp8");
        g.set_intermediate_type(F32)?;
        let x = g.tensor("x", &[1, m, k], T::CUDNN)?;
        // A checked shape's out_features * in_features fits i64.
        #[allow(clippy::arithmetic_side_effects)]
        let nk = n * k;
        let w = g.tensor_with_strides("weight", &[1, k, n], &[nk, 1, k], T::CUDNN)?;
        let [descale_a, descale_b, scale_c] =
            ["descale_x", "descale_w", "scale_y"].map(|name| g.tensor(name, &[1, 1, 1], F32));
        let scales = MatmulFp8Scales {
            descale_a: descale_a?,
            descale_b: descale_b?,
            scale_c: scale_c?,
        };
        let b = match bias {
            true => Some(g.tensor("bias", &[1, 1, n], F32)?),
            false => None,
        };
        let out = g.matmul_fp8_with(x, w, &scales, |g, mut u| {
            if let Some(b) = b {
                u = g.bias(u, b)?;
            }
            apply(function, g, u, activation)
        })?;
        g.set_output(out.c, Y::CUDNN)?;
        let s = scales;
        let uids = [x, w, s.descale_a, s.descale_b, s.scale_c, out.c, out.amax].map(|t| t.uid());
        Ok((g, uids, b.map(TensorId::uid)))
    }

    /// The shape it was built for.
    pub fn shape(&self) -> LinearShape {
        self.shape
    }

    /// Whether it adds a bias.
    pub fn has_bias(&self) -> bool {
        self.bias.is_some()
    }

    /// Its activation.
    pub fn activation(&self) -> LinearActivation {
        self.activation
    }

    /// The data type of `x` and the weight: `T`'s.
    pub fn data_type(&self) -> DType {
        T::CUDNN
    }

    /// The data type of `y`: `Y`'s.
    pub fn output_type(&self) -> DType {
        Y::CUDNN
    }

    /// The workspace its plan needs, in bytes.
    pub fn workspace_size(&self) -> usize {
        self.plans.workspace_size()
    }

    /// Writes `y` and `amax` on `handle`'s stream.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for a bias given to a layer without one
    /// or missing from a layer with one, and as [`Handle::execute`] for a
    /// buffer that does not fit its tensor (too short, in another CUDA
    /// context) or a plan of another GPU; a CUDA error when the workspace
    /// cannot grow; cuDNN's status.
    pub fn forward(&mut self, handle: &Handle, args: LinearFp8Forward<'_, T, Y>) -> Result<()> {
        const F: &str = "LinearFp8::forward";
        let [x, w, dx, dw, sy, y, amax] = self.uids;
        let mut pack = VariantPack::new()
            .input(x, args.x)
            .input(w, args.weight)
            .input(dx, args.descale_x)
            .input(dw, args.descale_w)
            .input(sy, args.scale_y)
            .output(y, args.y)
            .output(amax, args.amax);
        match (self.bias, args.bias) {
            (Some(uid), Some(b)) => pack = pack.input(uid, b),
            (None, None) => {}
            (Some(_), None) => {
                return Err(Error::bad_value(F, "the layer adds a bias: give `bias`"));
            }
            (None, Some(_)) => {
                return Err(Error::bad_value(
                    F,
                    "the layer was built without a bias: `bias` is None",
                ));
            }
        }
        self.plans.run(handle, &mut pack, &mut self.workspace)
    }
}
