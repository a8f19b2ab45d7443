//! The normalizations of cuDNN 9's backend (`OPERATION_NORM_FORWARD` and
//! `OPERATION_NORM_BACKWARD`): layer, RMS, batch and instance norm,
//! forward (training and inference) and backward, as cudnn-frontend sets
//! them.
//!
//! Shapes, for `x` of dims `[N, C, ..]` (at least 2 dimensions):
//!
//! | norm | scale, bias | mean, inverse variance |
//! | --- | --- | --- |
//! | layer, RMS | `[1, C, ..]` (all but `N`) | `[N, 1, ..]` |
//! | instance | `[1, C, 1, ..]` | `[N, C, 1, ..]` |
//! | batch | `[1, C, 1, ..]` | `[1, C, 1, ..]` |
//!
//! Epsilon and momentum are `float` scalars passed by value, made by the
//! node (`<node>.epsilon`, `<node>.momentum`). The statistics a training
//! forward writes (mean, inverse variance, running mean and variance) are
//! real `FLOAT` tensors from the start; `y`, `dx`, `dscale` and `dbias` are
//! virtual until [`Graph::set_output`]. `y` takes `x`'s strides; the
//! statistics take cudnn-frontend 1.32's: packed in `x`'s layout for the
//! layer, RMS and adaptive layer norms, NHWC (channels innermost) for the
//! batch and instance norms.
//!
//! cuDNN 8 has normalization operations too, but this builder sets them
//! as cuDNN 9 documents them and refuses them on cuDNN 8 when the graph is
//! built (a typed error naming the node and the version it needs).

use crate::core::dtype::DType;
use cudnn_sys as sys;

use sys::cudnnBackendAttributeName_t as A;
use sys::cudnnBackendDescriptorType_t as D;
use sys::cudnnBackendNormFwdPhase_t as Phase;
use sys::cudnnBackendNormMode_t as Mode;
use DType as Dt;

use super::node::{BackendOp, Setting};
use super::TensorDef;
use super::{checks, node, node_error, Graph, NodeLabel, TensorId};
use crate::core::error::Result;
use crate::core::version::Version;
use crate::graph::extents::Extents;

/// The oldest cuDNN whose header documents the normalization operations
/// as they are set here (`@since cuDNN 9.0.0` in 9.28's `cudnn_graph.h`).
const NORM_SINCE: Version = Version::new(9, 0, 0);
const NORM_NEEDS: &str = "OPERATION_NORM_FORWARD and NORM_BACKWARD, @since 9.0.0";

/// The header says `CUDNN_ADA_LAYER_NORM` is `@since 9.7.0`;
/// cudnn-frontend 1.32 builds an adaptive layer norm on 9.9.0 or later.
const ADA_SINCE: Version = Version::new(9, 9, 0);
const ADA_NEEDS: &str = "CUDNN_ADA_LAYER_NORM as cudnn-frontend 1.32 builds it, 9.9.0";

/// The types normalized tensors and their scale and bias take.
const FLOATS: &[Dt] = &[Dt::FLOAT, Dt::HALF, Dt::BFLOAT16];
/// The type of statistics.
const STATS: &[Dt] = &[Dt::FLOAT];

/// The options of [`Graph::layer_norm`], [`Graph::rms_norm`] and
/// [`Graph::instance_norm`]: epsilon (added to the variance; finite and
/// above 0) and the phase (`NormPhase::TRAINING`, which also writes the
/// statistics, or `NormPhase::INFERENCE`).
///
/// `Default` is epsilon 1e-5, training.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NormOptions {
    /// Added to the variance before its inverse square root.
    pub epsilon: f32,
    /// Training (statistics written) or inference.
    pub phase: super::NormPhase,
}

impl NormOptions {
    /// Training with `epsilon`.
    pub fn training(epsilon: f32) -> Self {
        NormOptions {
            epsilon,
            phase: Phase::CUDNN_NORM_FWD_TRAINING,
        }
    }

    /// Inference with `epsilon`.
    pub fn inference(epsilon: f32) -> Self {
        NormOptions {
            epsilon,
            phase: Phase::CUDNN_NORM_FWD_INFERENCE,
        }
    }
}

impl Default for NormOptions {
    fn default() -> Self {
        NormOptions::training(1e-5)
    }
}

/// The options of a training [`Graph::batch_norm`]: epsilon (finite, above
/// 0) and the momentum of the running statistics (in `[0, 1]`: `running =
/// (1 - momentum) * running + momentum * batch`, as PyTorch).
///
/// `Default` is epsilon 1e-5, momentum 0.1.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BatchNormOptions {
    /// Added to the variance before its inverse square root.
    pub epsilon: f32,
    /// The weight of the batch's statistics in the running ones.
    pub momentum: f32,
}

impl Default for BatchNormOptions {
    fn default() -> Self {
        BatchNormOptions {
            epsilon: 1e-5,
            momentum: 0.1,
        }
    }
}

/// The running mean and variance a training batch norm reads (and writes
/// updated into new tensors): `FLOAT`, of dims `[1, C, 1, ..]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunningStats {
    /// The running mean.
    pub mean: TensorId,
    /// The running variance.
    pub var: TensorId,
}

/// The outputs of a layer, RMS or instance norm forward.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NormOutputs {
    /// The normalized output (`<node>.y`), of `x`'s dims and layout.
    pub y: TensorId,
    /// The mean (`<node>.mean`), in training; `None` in inference and for
    /// RMS norm.
    pub mean: Option<TensorId>,
    /// The inverse standard deviation (`<node>.inv_variance`), in
    /// training; `None` in inference.
    pub inv_variance: Option<TensorId>,
}

/// The outputs of a training batch norm.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BatchNormOutputs {
    /// The normalized output (`<node>.y`).
    pub y: TensorId,
    /// The batch mean (`<node>.mean`).
    pub mean: TensorId,
    /// The batch's inverse standard deviation (`<node>.inv_variance`).
    pub inv_variance: TensorId,
    /// The updated running mean (`<node>.running_mean`), with running
    /// statistics.
    pub running_mean: Option<TensorId>,
    /// The updated running variance (`<node>.running_var`), with running
    /// statistics.
    pub running_var: Option<TensorId>,
}

/// The outputs of a normalization backward.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NormGradients {
    /// The gradient of `x` (`<node>.dx`), of `x`'s dims and layout.
    pub dx: TensorId,
    /// The gradient of the scale (`<node>.dscale`), of the scale's dims.
    pub dscale: TensorId,
    /// The gradient of the bias (`<node>.dbias`); `None` for an RMS norm
    /// without one.
    pub dbias: Option<TensorId>,
}

static_assertions::assert_impl_all!(
    NormOptions: Send, Sync, Copy);
static_assertions::assert_impl_all!(BatchNormOptions: Send, Sync, Copy);
static_assertions::assert_impl_all!(RunningStats: Send, Sync, Copy);
static_assertions::assert_impl_all!(NormOutputs: Send, Sync, Copy);
static_assertions::assert_impl_all!(BatchNormOutputs: Send, Sync, Copy);
static_assertions::assert_impl_all!(NormGradients: Send, Sync, Copy);

/// What a forward node reads besides `x` and the scale.
struct Forward {
    mode: Mode,
    kind: &'static str,
    function: &'static str,
    phase: Phase,
    epsilon: Option<f32>,
    bias: Option<TensorId>,
    /// The momentum (training batch norm).
    momentum: Option<f32>,
    /// Running statistics (training batch norm).
    running: Option<RunningStats>,
    /// Saved statistics read (inference batch norm): mean, inverse variance.
    saved: Option<(TensorId, TensorId)>,
}

/// What a backward node reads.
struct Backward {
    mode: Mode,
    kind: &'static str,
    function: &'static str,
    mean: Option<TensorId>,
    dbias: bool,
}

/// The forward node's settings, checked: epsilon finite and above 0,
/// momentum in [0, 1], a training or inference phase. Whether it trains.
fn check_forward_settings(f: &Forward, nd: &NodeLabel<'_>) -> Result<bool> {
    let function = f.function;
    let fail = |what: String| node_error(function, nd, None, what);
    if let Some(eps) = f.epsilon {
        if !(eps.is_finite() && eps > 0.0) {
            return Err(fail(format!("epsilon {eps}; it is finite and above 0")));
        }
    }
    if let Some(m) = f.momentum {
        if !(0.0..=1.0).contains(&m) {
            return Err(fail(format!("momentum {m}; it is in [0, 1]")));
        }
    }
    let training = f.phase == Phase::CUDNN_NORM_FWD_TRAINING;
    if !training && f.phase != Phase::CUDNN_NORM_FWD_INFERENCE {
        return Err(fail(format!(
            "phase {}; it is CUDNN_NORM_FWD_TRAINING or CUDNN_NORM_FWD_INFERENCE",
            f.phase.0
        )));
    }
    Ok(training)
}

/// The tensors a forward node makes, in order (y; the training statistics;
/// the updated running statistics; the scalars), and how many of them are
/// outputs (the rest are the scalars).
fn forward_new_tensors(
    f: &Forward,
    training: bool,
    x_dims: Vec<i64>,
    y_strides: Vec<i64>,
) -> (Vec<TensorDef>, usize) {
    let rank = x_dims.len();
    let stats = stat_dims(f.mode, &x_dims);
    let stat_strides = stat_strides(f.mode, &stats, &y_strides);
    let mut new = vec![TensorDef::output("y", x_dims, y_strides)];
    let float = Dt::FLOAT;
    if training {
        if f.mode != Mode::RMS_NORM {
            new.push(TensorDef::real_output(
                "mean",
                stats.clone(),
                stat_strides.clone(),
                float,
            ));
        }
        new.push(TensorDef::real_output(
            "inv_variance",
            stats.clone(),
            stat_strides.clone(),
            float,
        ));
    }
    if f.running.is_some() {
        new.push(TensorDef::real_output(
            "running_mean",
            stats.clone(),
            stat_strides.clone(),
            float,
        ));
        new.push(TensorDef::real_output(
            "running_var",
            stats,
            stat_strides,
            float,
        ));
    }
    let n_outputs = new.len();
    if let Some(eps) = f.epsilon {
        new.push(TensorDef::scalar("epsilon", rank, eps));
    }
    if let (Some(_), Some(m)) = (f.running, f.momentum) {
        new.push(TensorDef::scalar("momentum", rank, m));
    }
    (new, n_outputs)
}

/// The forward node's backend operation: `ins` its inputs, `n` its new
/// tensors (the first `n_outputs` of them outputs, then the scalars).
fn forward_op(
    f: &Forward,
    training: bool,
    ins: &[usize],
    n: &[usize],
    n_outputs: usize,
) -> BackendOp {
    let (has_bias, saved, running, has_eps) = (
        f.bias.is_some(),
        f.saved.is_some(),
        f.running.is_some(),
        f.epsilon.is_some(),
    );
    let mut op = BackendOp::new(
        f.kind,
        D::OPERATION_NORM_FORWARD_DESCRIPTOR,
        NORM_SINCE,
        NORM_NEEDS,
    );
    if f.mode == Mode::ADA_LAYER_NORM {
        op.require(ADA_SINCE, ADA_NEEDS);
    }
    op.settings = vec![
        Setting::NormMode(A::OPERATION_NORM_FWD_MODE, f.mode),
        Setting::NormPhase(A::OPERATION_NORM_FWD_PHASE, f.phase),
    ];
    op.input(A::OPERATION_NORM_FWD_XDESC, ins[0]);
    op.input(A::OPERATION_NORM_FWD_SCALE_DESC, ins[1]);
    if has_bias {
        op.input(A::OPERATION_NORM_FWD_BIAS_DESC, ins[2]);
    }
    let rest = &ins[2 + usize::from(has_bias)..];
    let mut k = 0;
    op.output(A::OPERATION_NORM_FWD_YDESC, n[k]);
    k += 1;
    if training {
        if f.mode != Mode::RMS_NORM {
            op.output(A::OPERATION_NORM_FWD_MEAN_DESC, n[k]);
            k += 1;
        }
        op.output(A::OPERATION_NORM_FWD_INV_VARIANCE_DESC, n[k]);
        k += 1;
    }
    if saved {
        op.input(A::OPERATION_NORM_FWD_MEAN_DESC, rest[0]);
        op.input(A::OPERATION_NORM_FWD_INV_VARIANCE_DESC, rest[1]);
    }
    if running {
        op.input(A::OPERATION_NORM_FWD_INPUT_RUNNING_MEAN_DESC, rest[0]);
        op.input(A::OPERATION_NORM_FWD_INPUT_RUNNING_VAR_DESC, rest[1]);
        op.output(A::OPERATION_NORM_FWD_OUTPUT_RUNNING_MEAN_DESC, n[k]);
        op.output(A::OPERATION_NORM_FWD_OUTPUT_RUNNING_VAR_DESC, n[k + 1]);
    }
    let mut s = n_outputs;
    if has_eps {
        op.input(A::OPERATION_NORM_FWD_EPSILON_DESC, n[s]);
        s += 1;
    }
    if running {
        op.input(A::OPERATION_NORM_FWD_EXP_AVG_FACTOR_DESC, n[s]);
    }
    op
}

/// The scale and bias dims of `mode` for `x`'s dims.
fn param_dims(mode: Mode, x: &[i64]) -> Vec<i64> {
    let mut d = x.to_vec();
    if mode == Mode::ADA_LAYER_NORM {
        // One scale and bias per item: [N, 1, D..].
        d[1] = 1;
        return d;
    }
    d[0] = 1;
    if mode == Mode::INSTANCE_NORM || mode == Mode::BATCH_NORM {
        for v in d.iter_mut().skip(2) {
            *v = 1;
        }
    }
    d
}

/// The statistics' dims of `mode` for `x`'s dims.
fn stat_dims(mode: Mode, x: &[i64]) -> Vec<i64> {
    let mut d = vec![1; x.len()];
    match mode {
        Mode::INSTANCE_NORM | Mode::ADA_LAYER_NORM => {
            d[0] = x[0];
            d[1] = x[1];
        }
        Mode::BATCH_NORM => d[1] = x[1],
        _ => d[0] = x[0],
    }
    d
}

/// The strides of the statistics (dims `stats`) of `mode` for x of
/// strides `x`, as cudnn-frontend 1.32 infers them: those of a layer
/// norm, an RMS norm and an adaptive layer norm keep x's layout
/// (`node/layernorm.h`, `rmsnorm.h`, `adaptive_layernorm.h`:
/// `generate_stride_order_preserving_format` of x's strides); those of a
/// batch norm (its running statistics included) and an instance norm are
/// NHWC (`batchnorm.h`, `instancenorm.h`: `generate_NHWC_stride_order`).
fn stat_strides(mode: Mode, stats: &[i64], x: &[i64]) -> Extents {
    match mode {
        Mode::BATCH_NORM | Mode::INSTANCE_NORM => checks::nhwc_strides(stats),
        _ => checks::strides_preserving_format(stats, x),
    }
}

/// The name of `mode`'s parameter rule, for errors.
fn rule(mode: Mode, what: &str) -> String {
    let name = match mode {
        Mode::LAYER_NORM => "a layer norm",
        Mode::RMS_NORM => "an RMS norm",
        Mode::INSTANCE_NORM => "an instance norm",
        Mode::ADA_LAYER_NORM => "an adaptive layer norm",
        _ => "a batch norm",
    };
    format!("{name} of this x takes {what}")
}

impl Graph {
    /// Layer normalization of `x` (`[N, C, ..]`) over all but its first
    /// dimension, with `scale` and `bias` of dims `[1, C, ..]`
    /// (`CUDNN_LAYER_NORM`). Training also writes the mean and inverse
    /// standard deviation, `[N, 1, ..]`.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error) with
    /// [`Mismatch::GraphNode`](crate::Mismatch::GraphNode) naming the node
    /// and the tensor: a tensor of another graph or a scalar, `x` of fewer
    /// than 2 dimensions, a scale or bias of other dims, a type other than
    /// `FLOAT`, `HALF` or `BFLOAT16`, an epsilon that is not finite and
    /// above 0, a phase that is neither training nor inference.
    /// [`Graph::build`] refuses the node on cuDNN 8.
    pub fn layer_norm(
        &mut self,
        x: TensorId,
        scale: TensorId,
        bias: TensorId,
        options: &NormOptions,
    ) -> Result<NormOutputs> {
        let f = Forward {
            mode: Mode::LAYER_NORM,
            kind: "layer_norm",
            function: "Graph::layer_norm",
            phase: options.phase,
            epsilon: Some(options.epsilon),
            bias: Some(bias),
            momentum: None,
            running: None,
            saved: None,
        };
        let ids = self.norm_forward(f, x, scale)?;
        Ok(stats_outputs(&ids, true))
    }

    /// Adaptive layer normalization (adaLN, as in diffusion transformers)
    /// of `x` (`[N, S, D..]`, at least 3 dimensions) over its dimensions
    /// after the second, with a scale and bias per item: `scale` and
    /// `bias` of dims `[N, 1, D..]` (`CUDNN_ADA_LAYER_NORM`). Training also
    /// writes the mean and inverse standard deviation, `[N, S, 1..]`.
    ///
    /// Needs cuDNN 9.9 (as cudnn-frontend 1.32 builds it).
    ///
    /// # Errors
    /// As [`layer_norm`](Self::layer_norm); also `x` of fewer than 3
    /// dimensions.
    pub fn ada_layer_norm(
        &mut self,
        x: TensorId,
        scale: TensorId,
        bias: TensorId,
        options: &NormOptions,
    ) -> Result<NormOutputs> {
        const F: &str = "Graph::ada_layer_norm";
        const KIND: &str = "ada_layer_norm";
        self.check_ada_rank(F, KIND, x)?;
        let f = Forward {
            mode: Mode::ADA_LAYER_NORM,
            kind: KIND,
            function: F,
            phase: options.phase,
            epsilon: Some(options.epsilon),
            bias: Some(bias),
            momentum: None,
            running: None,
            saved: None,
        };
        let ids = self.norm_forward(f, x, scale)?;
        Ok(stats_outputs(&ids, true))
    }

    /// RMS normalization of `x` (`[N, C, ..]`) over all but its first
    /// dimension: `x / sqrt(mean(x^2) + epsilon) * scale (+ bias)`, with
    /// `scale` (and the optional `bias`) of dims `[1, C, ..]`
    /// (`CUDNN_RMS_NORM`). Training also writes the inverse RMS as
    /// `inv_variance`, `[N, 1, ..]`; there is no mean.
    ///
    /// # Errors
    /// As [`layer_norm`](Self::layer_norm).
    pub fn rms_norm(
        &mut self,
        x: TensorId,
        scale: TensorId,
        bias: Option<TensorId>,
        options: &NormOptions,
    ) -> Result<NormOutputs> {
        let f = Forward {
            mode: Mode::RMS_NORM,
            kind: "rms_norm",
            function: "Graph::rms_norm",
            phase: options.phase,
            epsilon: Some(options.epsilon),
            bias,
            momentum: None,
            running: None,
            saved: None,
        };
        let ids = self.norm_forward(f, x, scale)?;
        Ok(stats_outputs(&ids, false))
    }

    /// Instance normalization of `x` (`[N, C, spatial..]`) over each
    /// sample's and channel's spatial dimensions, with `scale` and `bias`
    /// of dims `[1, C, 1, ..]` (`CUDNN_INSTANCE_NORM`). Training also
    /// writes the mean and inverse standard deviation, `[N, C, 1, ..]`.
    ///
    /// # Errors
    /// As [`layer_norm`](Self::layer_norm).
    pub fn instance_norm(
        &mut self,
        x: TensorId,
        scale: TensorId,
        bias: TensorId,
        options: &NormOptions,
    ) -> Result<NormOutputs> {
        let f = Forward {
            mode: Mode::INSTANCE_NORM,
            kind: "instance_norm",
            function: "Graph::instance_norm",
            phase: options.phase,
            epsilon: Some(options.epsilon),
            bias: Some(bias),
            momentum: None,
            running: None,
            saved: None,
        };
        let ids = self.norm_forward(f, x, scale)?;
        Ok(stats_outputs(&ids, true))
    }

    /// Training batch normalization of `x` (`[N, C, spatial..]`) over all
    /// but its channel dimension, with `scale` and `bias` of dims `[1, C,
    /// 1, ..]` (`CUDNN_BATCH_NORM`, training phase). Writes the batch mean
    /// and inverse standard deviation (`[1, C, 1, ..]`); with `running`,
    /// reads the running statistics and writes them updated with the
    /// momentum into new tensors.
    ///
    /// # Errors
    /// As [`layer_norm`](Self::layer_norm); also running statistics of
    /// other dims or a type other than `FLOAT`, a momentum outside `[0,
    /// 1]`.
    pub fn batch_norm(
        &mut self,
        x: TensorId,
        scale: TensorId,
        bias: TensorId,
        running: Option<RunningStats>,
        options: &BatchNormOptions,
    ) -> Result<BatchNormOutputs> {
        let f = Forward {
            mode: Mode::BATCH_NORM,
            kind: "batch_norm",
            function: "Graph::batch_norm",
            phase: Phase::CUDNN_NORM_FWD_TRAINING,
            epsilon: Some(options.epsilon),
            bias: Some(bias),
            momentum: Some(options.momentum),
            running,
            saved: None,
        };
        let ids = self.norm_forward(f, x, scale)?;
        Ok(BatchNormOutputs {
            y: ids[0],
            mean: ids[1],
            inv_variance: ids[2],
            running_mean: ids.get(3).copied(),
            running_var: ids.get(4).copied(),
        })
    }

    /// Inference batch normalization: `(x - mean) * inv_variance * scale +
    /// bias` per channel, every one of `mean`, `inv_variance` (`FLOAT`),
    /// `scale` and `bias` of dims `[1, C, 1, ..]` (`CUDNN_BATCH_NORM`,
    /// inference phase, as cudnn-frontend's batchnorm_inference: the
    /// caller folds epsilon into `inv_variance = 1 / sqrt(var + eps)`).
    /// Returns `y`.
    ///
    /// # Errors
    /// As [`batch_norm`](Self::batch_norm).
    pub fn batch_norm_inference(
        &mut self,
        x: TensorId,
        mean: TensorId,
        inv_variance: TensorId,
        scale: TensorId,
        bias: TensorId,
    ) -> Result<TensorId> {
        let f = Forward {
            mode: Mode::BATCH_NORM,
            kind: "batch_norm_inference",
            function: "Graph::batch_norm_inference",
            phase: Phase::CUDNN_NORM_FWD_INFERENCE,
            epsilon: None,
            bias: Some(bias),
            momentum: None,
            running: None,
            saved: Some((mean, inv_variance)),
        };
        Ok(self.norm_forward(f, x, scale)?[0])
    }

    /// Checks that `x` has at least 3 dimensions, as an adaptive layer
    /// norm (`kind`, of `function`) takes it.
    fn check_ada_rank(&self, function: &'static str, kind: &str, x: TensorId) -> Result<()> {
        let name = self.next_op_name(kind);
        let nd = node(kind, &name);
        let xi = self.index(function, &nd, x)?;
        let t = &self.tensors[xi];
        if t.dims.len() >= 3 {
            return Ok(());
        }
        Err(node_error(
            function,
            nd,
            Some(t.name.to_string()),
            format!(
                "{} dimensions; an adaptive layer norm takes at least 3 ([N, S, D..])",
                t.dims.len()
            ),
        ))
    }

    /// The backward of [`ada_layer_norm`](Self::ada_layer_norm): `dx`,
    /// `dscale` and `dbias` (of the scale's dims `[N, 1, D..]`) from `dy`,
    /// the forward's `x`, `scale` and saved `mean` and `inv_variance`
    /// (`[N, S, 1..]`).
    ///
    /// Needs cuDNN 9.9 (as cudnn-frontend 1.32 builds it).
    ///
    /// # Errors
    /// As [`layer_norm_backward`](Self::layer_norm_backward); also `x` of
    /// fewer than 3 dimensions.
    pub fn ada_layer_norm_backward(
        &mut self,
        dy: TensorId,
        x: TensorId,
        scale: TensorId,
        mean: TensorId,
        inv_variance: TensorId,
    ) -> Result<NormGradients> {
        const F: &str = "Graph::ada_layer_norm_backward";
        const KIND: &str = "ada_layer_norm_backward";
        self.check_ada_rank(F, KIND, x)?;
        let b = Backward {
            mode: Mode::ADA_LAYER_NORM,
            kind: KIND,
            function: F,
            mean: Some(mean),
            dbias: true,
        };
        self.norm_backward(b, [dy, x, scale, inv_variance])
    }

    /// The backward of [`layer_norm`](Self::layer_norm): `dx`, `dscale` and
    /// `dbias` from `dy`, the forward's `x`, `scale` and saved `mean` and
    /// `inv_variance`.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error) naming the node and the
    /// tensor: a tensor of another graph or a scalar, `dy` of other dims
    /// than `x`, a scale or statistics of other dims than the forward's, a
    /// type outside `FLOAT`, `HALF`, `BFLOAT16` (statistics: `FLOAT`).
    pub fn layer_norm_backward(
        &mut self,
        dy: TensorId,
        x: TensorId,
        scale: TensorId,
        mean: TensorId,
        inv_variance: TensorId,
    ) -> Result<NormGradients> {
        let b = Backward {
            mode: Mode::LAYER_NORM,
            kind: "layer_norm_backward",
            function: "Graph::layer_norm_backward",
            mean: Some(mean),
            dbias: true,
        };
        self.norm_backward(b, [dy, x, scale, inv_variance])
    }

    /// The backward of [`rms_norm`](Self::rms_norm): `dx`, `dscale` and,
    /// with `dbias`, the bias's gradient, from `dy`, the forward's `x`,
    /// `scale` and saved `inv_variance`.
    ///
    /// # Errors
    /// As [`layer_norm_backward`](Self::layer_norm_backward).
    pub fn rms_norm_backward(
        &mut self,
        dy: TensorId,
        x: TensorId,
        scale: TensorId,
        inv_variance: TensorId,
        dbias: bool,
    ) -> Result<NormGradients> {
        let b = Backward {
            mode: Mode::RMS_NORM,
            kind: "rms_norm_backward",
            function: "Graph::rms_norm_backward",
            mean: None,
            dbias,
        };
        self.norm_backward(b, [dy, x, scale, inv_variance])
    }

    /// The backward of [`instance_norm`](Self::instance_norm).
    ///
    /// # Errors
    /// As [`layer_norm_backward`](Self::layer_norm_backward).
    pub fn instance_norm_backward(
        &mut self,
        dy: TensorId,
        x: TensorId,
        scale: TensorId,
        mean: TensorId,
        inv_variance: TensorId,
    ) -> Result<NormGradients> {
        let b = Backward {
            mode: Mode::INSTANCE_NORM,
            kind: "instance_norm_backward",
            function: "Graph::instance_norm_backward",
            mean: Some(mean),
            dbias: true,
        };
        self.norm_backward(b, [dy, x, scale, inv_variance])
    }

    /// The backward of a training [`batch_norm`](Self::batch_norm), from
    /// its saved batch `mean` and `inv_variance`.
    ///
    /// # Errors
    /// As [`layer_norm_backward`](Self::layer_norm_backward).
    pub fn batch_norm_backward(
        &mut self,
        dy: TensorId,
        x: TensorId,
        scale: TensorId,
        mean: TensorId,
        inv_variance: TensorId,
    ) -> Result<NormGradients> {
        let b = Backward {
            mode: Mode::BATCH_NORM,
            kind: "batch_norm_backward",
            function: "Graph::batch_norm_backward",
            mean: Some(mean),
            dbias: true,
        };
        self.norm_backward(b, [dy, x, scale, inv_variance])
    }

    /// A forward node; its new tensors in order: y, then (training) mean
    /// (not for RMS) and inverse variance, then the running mean and
    /// variance, then the scalars.
    fn norm_forward(&mut self, f: Forward, x: TensorId, scale: TensorId) -> Result<Vec<TensorId>> {
        let function = f.function;
        let name = self.next_op_name(f.kind);
        let nd = node(f.kind, &name);
        let training = check_forward_settings(&f, &nd)?;
        let ins = self.check_forward_inputs(&f, &nd, x, scale)?;
        let xi = ins[0];
        let (x_dims, y_strides) = (
            self.tensors[xi].dims.to_vec(),
            self.tensors[xi].strides.to_vec(),
        );
        let (new, n_outputs) = forward_new_tensors(&f, training, x_dims, y_strides);
        let ids = self.add_node(function, (f.kind, name), new, |n| {
            forward_op(&f, training, &ins, n, n_outputs)
        })?;
        Ok(ids[..n_outputs].to_vec())
    }

    /// The forward node's inputs, checked: `x` (at least 2 dimensions, a
    /// float type), the scale and bias (the parameter dims), then the
    /// running or saved statistics (the statistics dims, `FLOAT`).
    fn check_forward_inputs(
        &self,
        f: &Forward,
        nd: &NodeLabel<'_>,
        x: TensorId,
        scale: TensorId,
    ) -> Result<Vec<usize>> {
        let function = f.function;
        let mut ids = vec![x, scale];
        ids.extend(f.bias);
        if let Some(r) = f.running {
            ids.extend([r.mean, r.var]);
        }
        if let Some((m, v)) = f.saved {
            ids.extend([m, v]);
        }
        let ins = self.inputs(function, nd, &ids, false)?;
        let xi = ins[0];
        let x_dims = self.tensors[xi].dims.clone();
        if x_dims.len() < 2 {
            return Err(node_error(
                function,
                nd,
                Some(self.tensors[xi].name.to_string()),
                format!(
                    "{} dimensions; a normalization takes at least 2 ([N, C, ..])",
                    x_dims.len()
                ),
            ));
        }
        self.check_type_in(function, nd, xi, FLOATS, "x")?;
        let params = param_dims(f.mode, &x_dims);
        let stats = stat_dims(f.mode, &x_dims);
        for (i, role) in ins[1..].iter().zip(["scale", "bias"]) {
            if f.bias.is_none() && role == "bias" {
                break;
            }
            self.check_dims_are(function, nd, *i, &params, &rule(f.mode, role))?;
            self.check_type_in(function, nd, *i, FLOATS, role)?;
        }
        let rest = &ins[2 + usize::from(f.bias.is_some())..];
        let roles = if f.saved.is_some() {
            ["the mean", "the inverse variance"]
        } else {
            ["the running mean", "the running variance"]
        };
        for (i, role) in rest.iter().zip(roles) {
            self.check_dims_are(function, nd, *i, &stats, &rule(f.mode, role))?;
            self.check_type_in(function, nd, *i, STATS, role)?;
        }
        Ok(ins)
    }

    /// A backward node: dx, dscale and (optionally) dbias.
    fn norm_backward(
        &mut self,
        b: Backward,
        [dy, x, scale, inv]: [TensorId; 4],
    ) -> Result<NormGradients> {
        let function = b.function;
        let name = self.next_op_name(b.kind);
        let nd = node(b.kind, &name);
        let mut ids = vec![dy, x, scale, inv];
        ids.extend(b.mean);
        let ins = self.inputs(function, &nd, &ids, false)?;
        let (dyi, xi, si, vi) = (ins[0], ins[1], ins[2], ins[3]);
        let x_dims = self.tensors[xi].dims.clone();
        if x_dims.len() < 2 {
            return Err(node_error(
                function,
                nd,
                Some(self.tensors[xi].name.to_string()),
                format!(
                    "{} dimensions; a normalization takes at least 2 ([N, C, ..])",
                    x_dims.len()
                ),
            ));
        }
        self.check_type_in(function, &nd, xi, FLOATS, "x")?;
        let x_name = self.tensors[xi].name.clone();
        self.check_dims_are(function, &nd, dyi, &x_dims, &format!("\"{x_name}\" has"))?;
        self.check_type_in(function, &nd, dyi, FLOATS, "dy")?;
        let params = param_dims(b.mode, &x_dims);
        let stats = stat_dims(b.mode, &x_dims);
        self.check_dims_are(function, &nd, si, &params, &rule(b.mode, "scale"))?;
        self.check_type_in(function, &nd, si, FLOATS, "scale")?;
        for (i, role) in [(vi, "inv_variance")]
            .into_iter()
            .chain(ins.get(4).map(|&m| (m, "mean")))
        {
            self.check_dims_are(function, &nd, i, &stats, &rule(b.mode, role))?;
            self.check_type_in(function, &nd, i, STATS, role)?;
        }
        let dx_strides = self.tensors[xi].strides.clone();
        let p_strides = checks::strides_like(&params, &self.tensors[si].strides);
        let mut new = vec![
            TensorDef::output("dx", x_dims, dx_strides),
            TensorDef::output("dscale", params.clone(), p_strides.clone()),
        ];
        if b.dbias {
            new.push(TensorDef::output("dbias", params, p_strides));
        }
        let (mode, mean, dbias) = (b.mode, ins.get(4).copied(), b.dbias);
        let out = self.add_node(function, (b.kind, name), new, |n| {
            backward_op(b.kind, mode, [xi, dyi, si, vi], mean, dbias, n)
        })?;
        Ok(NormGradients {
            dx: out[0],
            dscale: out[1],
            dbias: out.get(2).copied(),
        })
    }
}

/// The backend operation of a backward node of `kind`: inputs `x`, `dy`,
/// `scale`, `inv_variance` (and the mean when given), outputs `n` (dx,
/// dscale, and dbias when `dbias`).
fn backward_op(
    kind: &'static str,
    mode: Mode,
    [xi, dyi, si, vi]: [usize; 4],
    mean: Option<usize>,
    dbias: bool,
    n: &[usize],
) -> BackendOp {
    let mut op = BackendOp::new(
        kind,
        D::OPERATION_NORM_BACKWARD_DESCRIPTOR,
        NORM_SINCE,
        NORM_NEEDS,
    );
    if mode == Mode::ADA_LAYER_NORM {
        op.require(ADA_SINCE, ADA_NEEDS);
    }
    op.settings = vec![Setting::NormMode(A::OPERATION_NORM_BWD_MODE, mode)];
    op.input(A::OPERATION_NORM_BWD_XDESC, xi);
    op.input(A::OPERATION_NORM_BWD_DYDESC, dyi);
    op.input(A::OPERATION_NORM_BWD_SCALE_DESC, si);
    if let Some(m) = mean {
        op.input(A::OPERATION_NORM_BWD_MEAN_DESC, m);
    }
    op.input(A::OPERATION_NORM_BWD_INV_VARIANCE_DESC, vi);
    op.output(A::OPERATION_NORM_BWD_DXDESC, n[0]);
    op.output(A::OPERATION_NORM_BWD_DSCALE_DESC, n[1]);
    if dbias {
        op.output(A::OPERATION_NORM_BWD_DBIAS_DESC, n[2]);
    }
    op
}

/// A forward's outputs from its new tensors: y, then (training) the mean
/// when the norm has one, then the inverse variance.
fn stats_outputs(ids: &[TensorId], has_mean: bool) -> NormOutputs {
    match (ids, has_mean) {
        ([y, mean, inv, ..], true) => NormOutputs {
            y: *y,
            mean: Some(*mean),
            inv_variance: Some(*inv),
        },
        ([y, inv, ..], false) => NormOutputs {
            y: *y,
            mean: None,
            inv_variance: Some(*inv),
        },
        _ => NormOutputs {
            y: ids[0],
            mean: None,
            inv_variance: None,
        },
    }
}
