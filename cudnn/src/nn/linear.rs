//! [`Linear`]: a fully connected layer with its epilogue fused, over the
//! graph API: `y = act(x W^T + b)`, one cuDNN graph (a matmul, the bias
//! add and the activation as pointwise nodes after it), forward only.

#![warn(clippy::arithmetic_side_effects)]

use std::marker::PhantomData;

use crate::core::dtype::DType;
use crate::core::error::{Error, Result};
use crate::core::handle::Handle;
use crate::core::launch::{DeviceBuffer, DeviceBufferMut};
use crate::core::workspace::Workspace;
use crate::graph::{Graph, PlanCache, Settings, TensorId, VariantPack};

use super::element::LinearElement;
use super::layer_shape::LinearShape;
use super::plans::{LayerTarget, Plans};

/// The activation a [`Linear`] applies after its bias. `Default`: none.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct LinearActivation(u8);

impl LinearActivation {
    /// No activation: `y = x W^T + b`.
    pub const NONE: Self = Self(0);
    /// `max(0, v)` (pointwise `RELU_FWD`).
    pub const RELU: Self = Self(1);
    /// GELU, the exact form `v * Phi(v)` with the normal distribution's
    /// CDF (pointwise `GELU_FWD`; PyTorch's `gelu(approximate="none")`).
    pub const GELU: Self = Self(2);
    /// SiLU (swish), `v * sigmoid(v)` (pointwise `SWISH_FWD`).
    pub const SILU: Self = Self(3);
}

/// The buffers of [`Linear::forward`], all of the layer's type: `x`
/// row-major `[rows, in_features]`, the weight row-major `[out_features,
/// in_features]` (PyTorch's `nn.Linear.weight`), the bias
/// `[out_features]` when the layer has one, and `y` row-major `[rows,
/// out_features]`.
pub struct LinearForward<'a, T> {
    /// The input.
    pub x: &'a dyn DeviceBuffer<T>,
    /// The weight.
    pub weight: &'a dyn DeviceBuffer<T>,
    /// The bias: given exactly when the layer was built with one.
    pub bias: Option<&'a dyn DeviceBuffer<T>>,
    /// The output.
    pub y: &'a mut dyn DeviceBufferMut<T>,
}

/// A fully connected layer, `y = act(x W^T + b)`, with the bias add and
/// the activation fused into the matmul's kernel: one cuDNN graph of a
/// matmul and pointwise nodes, computed in `f32`, its intermediates in
/// `f32`. It owns its plans and a workspace, built once for its shape by
/// [`new`](Self::new); `forward` checks every buffer (type, length,
/// device) before cuDNN runs.
///
/// `Send`, not `Sync`; not `Clone`.
#[derive(Debug)]
pub struct Linear<T: LinearElement> {
    shape: LinearShape,
    activation: LinearActivation,
    plans: Plans,
    /// uids: x, weight, y, and the bias when there is one.
    uids: [i64; 3],
    bias: Option<i64>,
    workspace: Workspace,
    element: PhantomData<fn() -> T>,
}

static_assertions::assert_impl_all!(Linear<half::bf16>: Send);
static_assertions::assert_not_impl_any!(Linear<half::bf16>: Sync, Clone);
static_assertions::assert_impl_all!(LinearActivation: Send, Sync, Copy);

impl<T: LinearElement> Linear<T> {
    /// Builds the graph for `shape`, with a bias when `bias` is true, then
    /// `activation`, for `target` (a handle, or a described GPU:
    /// [`LayerTarget`]), and its plans: from `cache` when given (cuDNN 9.8
    /// and later), otherwise as `settings` say.
    ///
    /// # Errors
    /// As [`LinearShape::check`] (naming `Linear::new`); an activation
    /// other than the constants of [`LinearActivation`]; the graph
    /// builder's refusals; [`Error::NoEngine`] when no plan finalizes
    /// (cuDNN 8.9 fuses a matmul's epilogue only on some GPUs and types);
    /// cuDNN's status.
    pub fn new<'t>(
        target: impl Into<LayerTarget<'t>>,
        shape: LinearShape,
        bias: bool,
        activation: LinearActivation,
        settings: &Settings,
        cache: Option<&mut PlanCache>,
    ) -> Result<Self> {
        const F: &str = "Linear::new";
        shape.check_in(F)?;
        let (graph, uids, bias_uid) = Self::graph(F, &shape, bias, activation)?;
        let plans = Plans::new(target.into(), &graph, settings, cache)?;
        Ok(Linear {
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
    /// in, out]` (the strides of its row-major `[out, in]`), plus the
    /// bias broadcast as `[1, 1, out]`, then the activation.
    fn graph(
        function: &'static str,
        shape: &LinearShape,
        bias: bool,
        activation: LinearActivation,
    ) -> Result<(Graph, [i64; 3], Option<i64>)> {
        let dtype = T::CUDNN;
        let (m, k, n) = shape.graph_dims();
        let mut g = Graph::new("linear");
        g.set_intermediate_type(DType::FLOAT)?;
        let x = g.tensor("x", &[1, m, k], dtype)?;
        // A checked shape's out_features * in_features fits i64.
        #[allow(clippy::arithmetic_side_effects)]
        let nk = n * k;
        let w = g.tensor_with_strides("weight", &[1, k, n], &[nk, 1, k], dtype)?;
        let mut y = g.matmul(x, w)?;
        let b = if bias {
            let b = g.tensor("bias", &[1, 1, n], dtype)?;
            y = g.bias(y, b)?;
            Some(b)
        } else {
            None
        };
        y = apply(function, &mut g, y, activation)?;
        g.set_output(y, dtype)?;
        Ok((g, [x.uid(), w.uid(), y.uid()], b.map(TensorId::uid)))
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

    /// The data type of its buffers.
    pub fn data_type(&self) -> DType {
        T::CUDNN
    }

    /// The workspace its plan needs, in bytes.
    pub fn workspace_size(&self) -> usize {
        self.plans.workspace_size()
    }

    /// Writes `y = act(x W^T + b)` on `handle`'s stream.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for a bias given to a layer without one
    /// or missing from a layer with one, and as [`Handle::execute`] for a
    /// buffer that does not fit its tensor (too short, in another CUDA
    /// context) or a plan of another GPU; a CUDA error when the workspace
    /// cannot grow; cuDNN's status.
    pub fn forward(&mut self, handle: &Handle, args: LinearForward<'_, T>) -> Result<()> {
        const F: &str = "Linear::forward";
        let [x, w, y] = self.uids;
        let mut pack = VariantPack::new()
            .input(x, args.x)
            .input(w, args.weight)
            .output(y, args.y);
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

/// `activation` of `y` in `g`.
pub(super) fn apply(
    function: &'static str,
    g: &mut Graph,
    y: TensorId,
    activation: LinearActivation,
) -> Result<TensorId> {
    match activation {
        LinearActivation::NONE => Ok(y),
        LinearActivation::RELU => g.relu(y),
        LinearActivation::GELU => g.gelu(y),
        LinearActivation::SILU => g.silu(y),
        LinearActivation(other) => Err(Error::bad_value(
            function,
            format!("activation {other} is none of LinearActivation's constants"),
        )),
    }
}
