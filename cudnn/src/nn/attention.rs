//! [`Attention`]: fused scaled dot-product attention over the graph API,
//! forward (with the softmax statistics) and backward; and
//! [`AttentionInference`], the forward alone, without statistics.

#![warn(clippy::arithmetic_side_effects)]

use std::marker::PhantomData;

use crate::core::dtype::DType;
use DType as Dt;

use super::element::AttentionElement;
use super::layer_shape::{AttentionOptions, AttentionPass, AttentionShape};
use super::plans::{required, LayerTarget, Plans};
use crate::core::error::{Error, Result};
use crate::core::handle::Handle;
use crate::core::launch::{DeviceBuffer, DeviceBufferMut};
use crate::core::workspace::Workspace;
use crate::graph::{
    Graph, PlanCache, SdpaBackwardInputs, SdpaOptions, Settings, TensorId, VariantPack,
};

const F32: Dt = Dt::CUDNN_DATA_FLOAT;
const I32: Dt = Dt::CUDNN_DATA_INT32;

/// The actual sequence lengths of a call: with
/// [`AttentionOptions::padding`], one `i32` per batch item each, from 0
/// to `seq_q` (queries) and to `seq_kv` (keys and values)
/// ([`new`](Self::new)); with [`AttentionOptions::ragged`], the
/// cumulative offsets of the packed sequences, `batch + 1` `i32` each
/// ([`cumulative`](Self::cumulative)).
///
/// cuDNN reads its inputs only up to these lengths, without checking
/// them, and they live on the device, where this crate cannot read them
/// before the launch: so they are given through the `unsafe`
/// constructors, whose caller promises that they are in range.
pub struct SeqLens<'a> {
    q: &'a dyn DeviceBuffer<i32>,
    kv: &'a dyn DeviceBuffer<i32>,
    cumulative: bool,
}

impl<'a> SeqLens<'a> {
    /// The query lengths `q` and key/value lengths `kv` of each batch item
    /// (their buffers' lengths are checked when they are used).
    ///
    /// # Safety
    /// From the call that takes them until its work completes on the
    /// device, every value of `q` is from 0 to the layer's `seq_q`, and
    /// every value of `kv` from 0 to its `seq_kv`: cuDNN reads the
    /// attention's inputs up to these lengths, so a larger one reads out of
    /// bounds.
    pub unsafe fn new(q: &'a dyn DeviceBuffer<i32>, kv: &'a dyn DeviceBuffer<i32>) -> Self {
        SeqLens {
            q,
            kv,
            cumulative: false,
        }
    }

    /// The cumulative offsets of a ragged (THD) batch: entry `b` of `q`
    /// is the number of queries of the sequences before batch item `b` (0
    /// first, the total last), and `kv` likewise for the keys and values;
    /// `batch + 1` entries each (checked when they are used).
    ///
    /// # Safety
    /// From the call that takes them until its work completes on the
    /// device, `q` and `kv` start at 0 and do not decrease, each step of
    /// `q` (a sequence's length) is at most the layer's `seq_q` and each
    /// step of `kv` at most its `seq_kv`: cuDNN reads and writes the
    /// packed tokens up to these offsets, so a larger one reaches past
    /// the buffers.
    pub unsafe fn cumulative(q: &'a dyn DeviceBuffer<i32>, kv: &'a dyn DeviceBuffer<i32>) -> Self {
        SeqLens {
            q,
            kv,
            cumulative: true,
        }
    }
}

/// The buffers of [`Attention::forward`], dense BHSD (see
/// [`AttentionShape`]; packed tokens for a ragged layer, see
/// [`AttentionOptions::ragged`]): `q`, `k`, `v` and `o` of the layer's
/// type, the statistics `f32`.
pub struct AttentionForward<'a, T> {
    /// The queries, `[B, H, S_q, D]`.
    pub q: &'a dyn DeviceBuffer<T>,
    /// The keys, `[B, H_kv, S_kv, D]`.
    pub k: &'a dyn DeviceBuffer<T>,
    /// The values, `[B, H_kv, S_kv, D]`.
    pub v: &'a dyn DeviceBuffer<T>,
    /// The output, `[B, H, S_q, D]`.
    pub o: &'a mut dyn DeviceBufferMut<T>,
    /// The softmax statistics (each row's log-sum-exp of the scaled,
    /// masked scores), `[B, H, S_q, 1]`, written for the backward.
    pub stats: &'a mut dyn DeviceBufferMut<f32>,
    /// The sequence lengths: given exactly when the layer pads (per item)
    /// or is ragged (cumulative).
    pub seq_lens: Option<SeqLens<'a>>,
    /// The sink logits, one per query head
    /// ([`AttentionShape::sink_len`]): given exactly when the layer has
    /// [`AttentionOptions::sinks`].
    pub sink: Option<&'a dyn DeviceBuffer<f32>>,
}

/// The buffers of [`Attention::backward`]: the forward's `q`, `k`, `v`,
/// output and statistics, the output's gradient `d_o`, and the gradients
/// written (each of its input's shape); with sink tokens, the forward's
/// sink logits and their gradient.
pub struct AttentionBackward<'a, T> {
    /// The forward's queries.
    pub q: &'a dyn DeviceBuffer<T>,
    /// The forward's keys.
    pub k: &'a dyn DeviceBuffer<T>,
    /// The forward's values.
    pub v: &'a dyn DeviceBuffer<T>,
    /// The forward's output.
    pub o: &'a dyn DeviceBuffer<T>,
    /// The gradient of the output.
    pub d_o: &'a dyn DeviceBuffer<T>,
    /// The forward's statistics.
    pub stats: &'a dyn DeviceBuffer<f32>,
    /// The gradient of the queries.
    pub dq: &'a mut dyn DeviceBufferMut<T>,
    /// The gradient of the keys.
    pub dk: &'a mut dyn DeviceBufferMut<T>,
    /// The gradient of the values.
    pub dv: &'a mut dyn DeviceBufferMut<T>,
    /// The sequence lengths: given exactly when the layer pads (per item)
    /// or is ragged (cumulative).
    pub seq_lens: Option<SeqLens<'a>>,
    /// The forward's sink logits: given exactly when the layer has
    /// [`AttentionOptions::sinks`].
    pub sink: Option<&'a dyn DeviceBuffer<f32>>,
    /// The gradient of the sink logits, one per query head, written (not
    /// added to): given exactly when the layer has
    /// [`AttentionOptions::sinks`].
    pub dsink: Option<&'a mut dyn DeviceBufferMut<f32>>,
}

/// Fused scaled dot-product attention, `O = softmax(scale * Q K^T,
/// masked) V`, in `T` (`bf16` or `f16`, computed in `float`), for
/// training: the forward writes the softmax statistics and the backward
/// uses them. cuDNN's `SDPA_FWD` and `SDPA_BWD` operations (cuDNN 9.13
/// and 9.17; 9.21 with a causal mask, a right bound or a window, either
/// alignment, or sink tokens; 9.15 with padding; ragged batches 9.24
/// forward and 9.28 backward).
/// It owns its two graphs' plans and a workspace, built once for its
/// shape and options by [`new`](Self::new); buffers of another element
/// type do not compile, and the calls check every buffer (length,
/// device) before cuDNN runs. For inference, [`AttentionInference`]
/// builds the forward alone.
///
/// `Send`, not `Sync` (it owns plans and a workspace; calls take `&mut
/// self`); not `Clone`.
#[derive(Debug)]
pub struct Attention<T: AttentionElement> {
    fwd: ForwardGraph,
    bwd: BackwardGraph,
    workspace: Workspace,
    element: PhantomData<fn() -> T>,
}

static_assertions::assert_impl_all!(Attention<half::bf16>: Send);
static_assertions::assert_not_impl_any!(Attention<half::bf16>: Sync, Clone);

/// Fused scaled dot-product attention for inference: the forward of
/// [`Attention`] alone, without the softmax statistics (cuDNN 9.13; 9.21
/// with a causal mask, a right bound or a window, either alignment, or
/// sink tokens; 9.15 with padding; 9.24 ragged; below those, without a
/// right bound, a window, sink tokens or ragged batches, the composite
/// graph of older releases). It has no backward graph and no
/// `backward`: a layer built for inference cannot be asked for
/// gradients, which the type says rather than a runtime refusal.
///
/// `Send`, not `Sync`; not `Clone`.
#[derive(Debug)]
pub struct AttentionInference<T: AttentionElement> {
    fwd: ForwardGraph,
    workspace: Workspace,
    element: PhantomData<fn() -> T>,
}

static_assertions::assert_impl_all!(AttentionInference<half::f16>: Send);
static_assertions::assert_not_impl_any!(AttentionInference<half::f16>: Sync, Clone);

/// The forward of either layer: its plans and uids (q, k, v, o, and the
/// statistics when trained).
#[derive(Debug)]
struct ForwardGraph {
    shape: AttentionShape,
    options: AttentionOptions,
    plans: Plans,
    /// q, k, v, o.
    uids: [i64; 4],
    stats: Option<i64>,
    /// The sequence lengths' uids (q, kv), when padding.
    seq: Option<[i64; 2]>,
    /// The sink's uid, with sink tokens.
    sink: Option<i64>,
}

/// The backward of [`Attention`]: its plans and uids.
#[derive(Debug)]
struct BackwardGraph {
    plans: Plans,
    /// q, k, v, o, d_o, stats, dq, dk, dv.
    uids: [i64; 9],
    /// The sequence lengths' uids (q, kv), when padding.
    seq: Option<[i64; 2]>,
    /// The sink's and its gradient's uids, with sink tokens.
    sink: Option<[i64; 2]>,
}

/// The graph's options for the layer's, with the sequence lengths' tensors
/// (per item, or cumulative for a ragged layer) and the sink's.
pub(super) fn sdpa_options(
    o: &AttentionOptions,
    seq: Option<[TensorId; 2]>,
    sink: Option<TensorId>,
) -> SdpaOptions {
    let (per_item, cumulative) = if o.ragged { (None, seq) } else { (seq, None) };
    SdpaOptions {
        scale: o.scale,
        causal: o.causal,
        // At most i32::MAX (checked).
        right_bound: o.right_bound.map(|r| r as i64),
        // At most 2^24 (checked).
        sliding_window: o.sliding_window.map(|w| w as i64),
        alignment: o.alignment,
        seq_len_q: per_item.map(|s| s[0]),
        seq_len_kv: per_item.map(|s| s[1]),
        cu_seq_len_q: cumulative.map(|s| s[0]),
        cu_seq_len_kv: cumulative.map(|s| s[1]),
        sink,
        ..SdpaOptions::default()
    }
}

/// The sink's tensor of a layer with sink tokens, `[1, H, 1, 1]` `FLOAT`.
pub(super) fn sink_tensor(
    g: &mut Graph,
    shape: &AttentionShape,
    options: &AttentionOptions,
) -> Result<Option<TensorId>> {
    match options.sinks {
        true => Ok(Some(g.tensor("sink", &shape.sink_dims(), F32)?)),
        false => Ok(None),
    }
}

/// The sequence-length tensors of a padded graph, `[B, 1, 1, 1]` `INT32`,
/// or of a ragged one, `[B + 1, 1, 1, 1]` `INT32`.
pub(super) fn seq_tensors(
    g: &mut Graph,
    shape: &AttentionShape,
    options: &AttentionOptions,
) -> Result<Option<[TensorId; 2]>> {
    let b = shape.batch as i64;
    let (d, names) = match (options.padding, options.ragged) {
        (false, false) => return Ok(None),
        (true, _) => ([b, 1, 1, 1], ["seq_len_q", "seq_len_kv"]),
        (false, true) => {
            let b1 = b.checked_add(1).ok_or_else(|| {
                Error::bad_value("seq_tensors", format!("a batch of {b} + 1 overflows i64"))
            })?;
            ([b1, 1, 1, 1], ["cu_seq_len_q", "cu_seq_len_kv"])
        }
    };
    Ok(Some([
        g.tensor(names[0], &d, I32)?,
        g.tensor(names[1], &d, I32)?,
    ]))
}

/// `q`, `k` and `v` of a layer's graph: dense BHSD, or BSHD strides for a
/// ragged layer (its packed tokens).
pub(super) fn qkv_tensors(
    g: &mut Graph,
    shape: &AttentionShape,
    dtype: Dt,
    ragged: bool,
) -> Result<[TensorId; 3]> {
    let (qd, kd) = (shape.q_dims(), shape.kv_dims());
    let (qs, ks) = (shape.q_strides(ragged), shape.kv_strides(ragged));
    Ok([
        g.tensor_with_strides("q", &qd, &qs, dtype)?,
        g.tensor_with_strides("k", &kd, &ks, dtype)?,
        g.tensor_with_strides("v", &kd, &ks, dtype)?,
    ])
}

/// The buffers of [`AttentionInference::forward`]: `q`, `k`, `v` and `o`
/// as in [`AttentionForward`], no statistics.
pub struct AttentionInferenceForward<'a, T> {
    /// The queries, `[B, H, S_q, D]`.
    pub q: &'a dyn DeviceBuffer<T>,
    /// The keys, `[B, H_kv, S_kv, D]`.
    pub k: &'a dyn DeviceBuffer<T>,
    /// The values, `[B, H_kv, S_kv, D]`.
    pub v: &'a dyn DeviceBuffer<T>,
    /// The output, `[B, H, S_q, D]`.
    pub o: &'a mut dyn DeviceBufferMut<T>,
    /// The sequence lengths: given exactly when the layer pads (per item)
    /// or is ragged (cumulative).
    pub seq_lens: Option<SeqLens<'a>>,
    /// The sink logits, one per query head
    /// ([`AttentionShape::sink_len`]): given exactly when the layer has
    /// [`AttentionOptions::sinks`].
    pub sink: Option<&'a dyn DeviceBuffer<f32>>,
}

/// The checks of both layers' `new` before any cuDNN call, the refusals
/// naming `function`: the shape and options, then the head dim against
/// the target's rules for each pass built.
fn check_for(
    function: &'static str,
    shape: &AttentionShape,
    options: &AttentionOptions,
    target: &LayerTarget<'_>,
    passes: &[AttentionPass],
) -> Result<()> {
    check_layer_in(function, shape, options)?;
    options.check_version_in(function, target.library().version())?;
    let version = Some(target.library().version());
    let sm = target.compute_capability().map(|c| c.0);
    for &pass in passes {
        shape.check_head_dim_in(function, pass, version, sm)?;
    }
    Ok(())
}

/// The shape, the options, and the options against the shape.
pub(super) fn check_layer_in(
    function: &'static str,
    shape: &AttentionShape,
    options: &AttentionOptions,
) -> Result<()> {
    shape.check_in(function)?;
    options.check_in(function)?;
    options.check_for_in(function, shape)
}

/// Binds the sequence lengths `lens` to the graph's (`seq`, the uids of
/// a graph built padded or, with `ragged`, ragged), checked against what
/// the graph takes: given exactly when it has them, in its form.
pub(super) fn bind_lens<'a>(
    function: &'static str,
    pack: VariantPack<'a>,
    (seq, ragged): (Option<[i64; 2]>, bool),
    lens: Option<SeqLens<'a>>,
) -> Result<VariantPack<'a>> {
    let how = match ragged {
        true => "is ragged (AttentionOptions::ragged)",
        false => "pads (AttentionOptions::padding)",
    };
    match (seq, lens) {
        (None, None) => Ok(pack),
        (Some(_), None) => Err(Error::bad_value(
            function,
            format!("the layer {how}: seq_lens are required"),
        )),
        (None, Some(_)) => Err(Error::bad_value(
            function,
            "seq_lens given to a layer built without padding or ragged batches",
        )),
        (Some(_), Some(l)) if l.cumulative != ragged => {
            let want = match ragged {
                true => "cumulative (SeqLens::cumulative)",
                false => "per item (SeqLens::new)",
            };
            Err(Error::bad_value(
                function,
                format!("the layer {how}: its seq_lens are {want}"),
            ))
        }
        // SAFETY: the values are in range: the contract of `SeqLens::new`
        // or `SeqLens::cumulative` (the form checked above), which made
        // `l` for this layer's lengths.
        (Some([sq, skv]), Some(l)) => {
            Ok(unsafe { pack.index_input(sq, l.q).index_input(skv, l.kv) })
        }
    }
}

/// Binds `what` (the sink or its gradient, at `uid` when the layer has
/// sink tokens) through `bind`, checked: given exactly when the layer has
/// them.
pub(super) fn bind_sink<'a, B>(
    function: &'static str,
    (pack, what): (VariantPack<'a>, &str),
    uid: Option<i64>,
    buffer: Option<B>,
    bind: impl FnOnce(VariantPack<'a>, i64, B) -> VariantPack<'a>,
) -> Result<VariantPack<'a>> {
    match (uid, buffer) {
        (None, None) => Ok(pack),
        (Some(u), Some(b)) => Ok(bind(pack, u, b)),
        (Some(_), None) => Err(Error::bad_value(
            function,
            format!("the layer has sink tokens (AttentionOptions::sinks): {what} is required"),
        )),
        (None, Some(_)) => Err(Error::bad_value(
            function,
            format!("{what} given to a layer built without sink tokens"),
        )),
    }
}

impl ForwardGraph {
    /// Builds the forward graph (with statistics when `stats`) for
    /// `target`, and its plans.
    fn new(
        function: &'static str,
        target: LayerTarget<'_>,
        (shape, dtype, options): (AttentionShape, Dt, AttentionOptions),
        stats: bool,
        settings: &Settings,
        cache: Option<&mut PlanCache>,
    ) -> Result<Self> {
        let mut g = Graph::new(if stats {
            "attention"
        } else {
            "attention_inference"
        });
        let [q, k, v] = qkv_tensors(&mut g, &shape, dtype, options.ragged)?;
        let seq = seq_tensors(&mut g, &shape, &options)?;
        let sink = sink_tensor(&mut g, &shape, &options)?;
        let sdpa = SdpaOptions {
            stats,
            ..sdpa_options(&options, seq, sink)
        };
        let out = g.sdpa_forward(q, k, v, &sdpa)?;
        g.set_output(out.o, dtype)?;
        let stats = match stats {
            true => Some(required(function, "statistics", out.stats)?.uid()),
            false => None,
        };
        let plans = Plans::new(target, &g, settings, cache)?;
        Ok(ForwardGraph {
            shape,
            options,
            plans,
            uids: [q, k, v, out.o].map(|t| t.uid()),
            stats,
            seq: seq.map(|s| s.map(|t| t.uid())),
            sink: sink.map(TensorId::uid),
        })
    }

    /// Runs the forward with `pack` (q, k, v, o and any statistics set),
    /// the sequence lengths and the sink.
    fn run<'a>(
        &mut self,
        function: &'static str,
        handle: &Handle,
        pack: VariantPack<'a>,
        (seq_lens, sink): (Option<SeqLens<'a>>, Option<&'a dyn DeviceBuffer<f32>>),
        workspace: &mut Workspace,
    ) -> Result<()> {
        let form = (self.seq, self.options.ragged);
        let pack = bind_lens(function, pack, form, seq_lens)?;
        let mut pack = bind_sink(function, (pack, "sink"), self.sink, sink, |p, u, b| {
            p.input(u, b)
        })?;
        self.plans.run(handle, &mut pack, workspace)
    }
}

impl<T: AttentionElement> Attention<T> {
    /// Checks what [`new`](Self::new) checks before any cuDNN call: the
    /// shape ([`AttentionShape::check`], with the head-dim rules of any
    /// GPU), the options ([`AttentionOptions::check`] and
    /// `AttentionOptions::check_for`); `T` is the
    /// element type.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming
    /// `Attention::check` and what is wrong (from `new`, naming
    /// `Attention::new`).
    pub fn check(shape: &AttentionShape, options: &AttentionOptions) -> Result<()> {
        check_layer_in("Attention::check", shape, options)
    }

    /// Builds the forward (with statistics) and backward graphs for
    /// `shape`, `T` and `options` for `target` (a handle, or a described
    /// GPU with a library: [`LayerTarget`]), and their plans: from
    /// `cache` when given (on cuDNN 9.8 and later, keyed by the graph and
    /// the device), otherwise as `settings` say. With
    /// [`Settings::benchmark`] and no cache, the candidate plans are timed
    /// on the first call and the fastest kept. The head dim is checked
    /// against the target's rules for both passes ([`AttentionPass`]).
    ///
    /// # Errors
    /// As [`check`](Self::check), a head dim the target's GPU does not
    /// take, and sink tokens below cuDNN 9.21
    /// (`AttentionOptions::check_version`); the graph builder's
    /// refusals, among them a cuDNN too old for the operations or other
    /// options (the error names the version needed);
    /// [`Error::NoEngine`](crate::Error::NoEngine) when no plan finalizes;
    /// cuDNN's status.
    pub fn new<'t>(
        target: impl Into<LayerTarget<'t>>,
        shape: AttentionShape,
        options: AttentionOptions,
        settings: &Settings,
        mut cache: Option<&mut PlanCache>,
    ) -> Result<Self> {
        const F: &str = "Attention::new";
        let target = target.into();
        let both = [AttentionPass::Forward, AttentionPass::Backward];
        check_for(F, &shape, &options, &target, &both)?;
        let layer = (shape, T::CUDNN, options);
        let fwd = ForwardGraph::new(F, target, layer, true, settings, cache.as_deref_mut())?;
        let bwd = BackwardGraph::new(target, layer, settings, cache)?;
        Ok(Attention {
            fwd,
            bwd,
            workspace: Workspace::new(),
            element: PhantomData,
        })
    }

    /// The shape it was built for.
    pub fn shape(&self) -> AttentionShape {
        self.fwd.shape
    }

    /// The data type of `q`, `k`, `v`, `o` and their gradients: `T`'s.
    pub fn data_type(&self) -> DType {
        T::CUDNN
    }

    /// The options it was built with.
    pub fn options(&self) -> AttentionOptions {
        self.fwd.options
    }

    /// The workspace its plans need, in bytes (the largest of the
    /// forward's and the backward's).
    pub fn workspace_size(&self) -> usize {
        self.fwd
            .plans
            .workspace_size()
            .max(self.bwd.plans.workspace_size())
    }

    /// The forward: writes `o` and the statistics, on `handle`'s stream.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) for
    /// sequence lengths missing on a padded layer or given to another, a
    /// sink missing on a layer with sink tokens or given to another, and
    /// as [`Handle::execute`] for a buffer that does not fit its
    /// tensor (too short, in another CUDA context), a plan built with
    /// another handle (cuDNN before 9.8) or for another GPU than the
    /// handle's; a CUDA error when the workspace cannot grow; cuDNN's
    /// status.
    pub fn forward(&mut self, handle: &Handle, args: AttentionForward<'_, T>) -> Result<()> {
        let [q, k, v, o] = self.fwd.uids;
        let st = required("Attention::forward", "statistics", self.fwd.stats)?;
        let pack = VariantPack::new()
            .input(q, args.q)
            .input(k, args.k)
            .input(v, args.v)
            .output(o, args.o)
            .output(st, args.stats);
        let ws = &mut self.workspace;
        let extra = (args.seq_lens, args.sink);
        self.fwd.run("Attention::forward", handle, pack, extra, ws)
    }

    /// The backward: writes `dq`, `dk` and `dv` (and, with sink tokens,
    /// the sink's gradient) from `d_o` and the forward's `q`, `k`, `v`,
    /// output and statistics (and sink), with the forward's mask and
    /// scale.
    ///
    /// # Errors
    /// As [`forward`](Self::forward), and for a sink's gradient missing or
    /// given as the sink is.
    pub fn backward(&mut self, handle: &Handle, args: AttentionBackward<'_, T>) -> Result<()> {
        const F: &str = "Attention::backward";
        let [q, k, v, o, d_o, st, dq, dk, dv] = self.bwd.uids;
        let pack = VariantPack::new()
            .input(q, args.q)
            .input(k, args.k)
            .input(v, args.v)
            .input(o, args.o)
            .input(d_o, args.d_o)
            .input(st, args.stats)
            .output(dq, args.dq)
            .output(dk, args.dk)
            .output(dv, args.dv);
        let form = (self.bwd.seq, self.fwd.options.ragged);
        let pack = bind_lens(F, pack, form, args.seq_lens)?;
        let (sink, dsink) = (self.bwd.sink.map(|s| s[0]), self.bwd.sink.map(|s| s[1]));
        let pack = bind_sink(F, (pack, "sink"), sink, args.sink, |p, u, b| p.input(u, b))?;
        let mut pack = bind_sink(F, (pack, "dsink"), dsink, args.dsink, |p, u, b| {
            p.output(u, b)
        })?;
        self.bwd.plans.run(handle, &mut pack, &mut self.workspace)
    }
}

impl BackwardGraph {
    /// Builds the backward graph of a training layer for `target`, and its
    /// plans.
    fn new(
        target: LayerTarget<'_>,
        (shape, dtype, options): (AttentionShape, Dt, AttentionOptions),
        settings: &Settings,
        cache: Option<&mut PlanCache>,
    ) -> Result<Self> {
        const F: &str = "Attention::new";
        let (qd, sd) = (shape.q_dims(), shape.stat_dims());
        let qs = shape.q_strides(options.ragged);
        let mut g = Graph::new("attention_backward");
        let [q, k, v] = qkv_tensors(&mut g, &shape, dtype, options.ragged)?;
        let o = g.tensor_with_strides("o", &qd, &qs, dtype)?;
        let d_o = g.tensor_with_strides("d_o", &qd, &qs, dtype)?;
        let stats = g.tensor("stats", &sd, F32)?;
        let seq = seq_tensors(&mut g, &shape, &options)?;
        let sink = sink_tensor(&mut g, &shape, &options)?;
        let inputs = SdpaBackwardInputs {
            q,
            k,
            v,
            o,
            d_o,
            stats,
        };
        let sdpa = SdpaOptions {
            sink_gradient: sink.is_some(),
            ..sdpa_options(&options, seq, sink)
        };
        let grads = g.sdpa_backward(&inputs, &sdpa)?;
        for t in [grads.dq, grads.dk, grads.dv] {
            g.set_output(t, dtype)?;
        }
        let sink = match sink {
            Some(s) => Some([s.uid(), required(F, "sink gradient", grads.dsink)?.uid()]),
            None => None,
        };
        let uids = [q, k, v, o, d_o, stats, grads.dq, grads.dk, grads.dv].map(|t| t.uid());
        let plans = Plans::new(target, &g, settings, cache)?;
        Ok(BackwardGraph {
            plans,
            uids,
            seq: seq.map(|s| s.map(|t| t.uid())),
            sink,
        })
    }
}

impl<T: AttentionElement> AttentionInference<T> {
    /// Checks what [`new`](Self::new) checks before any cuDNN call: the
    /// shape ([`AttentionShape::check`]) and the options
    /// ([`AttentionOptions::check`], `AttentionOptions::check_for`).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming
    /// `AttentionInference::check` and what is wrong.
    pub fn check(shape: &AttentionShape, options: &AttentionOptions) -> Result<()> {
        check_layer_in("AttentionInference::check", shape, options)
    }

    /// Builds the forward graph alone, without statistics, for `target`,
    /// and its plans, as [`Attention::new`] does; the head dim is checked
    /// against the forward's rules only.
    ///
    /// # Errors
    /// As [`Attention::new`].
    pub fn new<'t>(
        target: impl Into<LayerTarget<'t>>,
        shape: AttentionShape,
        options: AttentionOptions,
        settings: &Settings,
        cache: Option<&mut PlanCache>,
    ) -> Result<Self> {
        const F: &str = "AttentionInference::new";
        let target = target.into();
        check_for(F, &shape, &options, &target, &[AttentionPass::Forward])?;
        let layer = (shape, T::CUDNN, options);
        let fwd = ForwardGraph::new(F, target, layer, false, settings, cache)?;
        Ok(AttentionInference {
            fwd,
            workspace: Workspace::new(),
            element: PhantomData,
        })
    }

    /// The shape it was built for.
    pub fn shape(&self) -> AttentionShape {
        self.fwd.shape
    }

    /// The data type of `q`, `k`, `v` and `o`: `T`'s.
    pub fn data_type(&self) -> DType {
        T::CUDNN
    }

    /// The options it was built with.
    pub fn options(&self) -> AttentionOptions {
        self.fwd.options
    }

    /// The workspace its plan needs, in bytes.
    pub fn workspace_size(&self) -> usize {
        self.fwd.plans.workspace_size()
    }

    /// The forward: writes `o`, on `handle`'s stream.
    ///
    /// # Errors
    /// As [`Attention::forward`].
    pub fn forward(
        &mut self,
        handle: &Handle,
        args: AttentionInferenceForward<'_, T>,
    ) -> Result<()> {
        let [q, k, v, o] = self.fwd.uids;
        let pack = VariantPack::new()
            .input(q, args.q)
            .input(k, args.k)
            .input(v, args.v)
            .output(o, args.o);
        let ws = &mut self.workspace;
        let extra = (args.seq_lens, args.sink);
        self.fwd
            .run("AttentionInference::forward", handle, pack, extra, ws)
    }
}
