//! [`AttentionFp8Inference`]: the FP8 attention forward over the graph
//! API's [`SdpaFp8`] (cuDNN 9.25's `SDPA_FWD_DESCALE_QDESC` ..
//! `AMAX_ODESC`): `q`, `k`, `v` quantized per tensor, dequantized by their
//! descale factors; the softmax's output quantized and dequantized by its
//! own pair; the output quantized by its scale; the absolute maxima of the
//! output and of the softmax's output written for the next step's factors.

use std::marker::PhantomData;

use crate::core::dtype::DType;
use crate::core::error::{Error, Result};
use crate::core::fp8::F8E4M3;
use crate::core::handle::Handle;
use crate::core::launch::{DeviceBuffer, DeviceBufferMut};
use crate::core::version::Version;
use crate::core::workspace::Workspace;
use crate::graph::{Graph, PlanCache, SdpaFp8, SdpaOptions, Settings, VariantPack};

use super::attention::{
    bind_lens, bind_sink, check_layer_in, qkv_tensors, sdpa_options, seq_tensors, sink_tensor,
    SeqLens,
};
use super::element::{AttentionFp8Output, Fp8Element};
use super::layer_shape::{AttentionOptions, AttentionPass, AttentionShape};
use super::plans::{required, LayerTarget, Plans};

const F32: DType = DType::FLOAT;

/// The first cuDNN whose SDPA forward takes FP8 factors
/// (`SDPA_FWD_DESCALE_QDESC` .. `AMAX_ODESC`), as the graph builder gates
/// them; the builder has no composite form of the FP8 forward below it.
const FP8_SINCE: Version = Version::new(9, 25, 0);

/// The first architecture (compute capability major) with cuDNN's FP8
/// attention engines: Hopper.
const FP8_SM_SINCE: u32 = 9;

/// The buffers of [`AttentionFp8Inference::forward`], dense BHSD as
/// [`AttentionShape`] says (`q` and `o` `[B, H, S_q, D]`, `k` and `v`
/// `[B, H_kv, S_kv, D]`): `q`, `k`, `v` of the layer's FP8 type `T`, `o` of
/// its output type `Y`; the six factors one `f32` each, read on the
/// device; the two maxima one `f32` each, written.
pub struct AttentionFp8Forward<'a, T, Y> {
    /// The quantized queries: the real queries times their scale.
    pub q: &'a dyn DeviceBuffer<T>,
    /// The quantized keys.
    pub k: &'a dyn DeviceBuffer<T>,
    /// The quantized values.
    pub v: &'a dyn DeviceBuffer<T>,
    /// The output: the real output times `scale_o`, rounded to `Y` (and
    /// saturated for an FP8 `Y`).
    pub o: &'a mut dyn DeviceBufferMut<Y>,
    /// The inverse of `q`'s scale (one element).
    pub descale_q: &'a dyn DeviceBuffer<f32>,
    /// The inverse of `k`'s scale (one element).
    pub descale_k: &'a dyn DeviceBuffer<f32>,
    /// The inverse of `v`'s scale (one element).
    pub descale_v: &'a dyn DeviceBuffer<f32>,
    /// The inverse of `scale_s` (one element).
    pub descale_s: &'a dyn DeviceBuffer<f32>,
    /// The factor the softmax's output `S` (in `[0, 1]`) is multiplied by
    /// before it is rounded to FP8 for `S V` (one element).
    pub scale_s: &'a dyn DeviceBuffer<f32>,
    /// The factor of the output before it is written in `Y` (one element;
    /// 1 for a `bf16` or `f16` output that is not to be scaled).
    pub scale_o: &'a dyn DeviceBuffer<f32>,
    /// Written: the absolute maximum of the real output (before
    /// `scale_o`), one element.
    pub amax_o: &'a mut dyn DeviceBufferMut<f32>,
    /// Written: the absolute maximum of the softmax's output (before
    /// `scale_s`), one element.
    pub amax_s: &'a mut dyn DeviceBufferMut<f32>,
    /// The sequence lengths: given exactly when the layer pads (per item)
    /// or is ragged (cumulative).
    pub seq_lens: Option<SeqLens<'a>>,
    /// The sink logits, one per query head
    /// ([`AttentionShape::sink_len`]): given exactly when the layer has
    /// [`AttentionOptions::sinks`].
    pub sink: Option<&'a dyn DeviceBuffer<f32>>,
}

/// FP8 scaled dot-product attention for inference, one cuDNN graph:
///
/// ```text
/// P    = softmax(scale * descale_q * descale_k * (q k^T), masked)
/// S    = fp8(P * scale_s)                       (rounded to FP8)
/// O    = descale_s * descale_v * (S v)
/// o    = O * scale_o                            (written as Y)
/// amax_o = max |O|,  amax_s = max |P|
/// ```
///
/// as cuDNN's FP8 SDPA forward computes it (matmuls of FP8 operands,
/// accumulated in `f32`). `T` is the FP8 type of `q`, `k` and `v`
/// ([`Fp8Element`]: [`F8E4M3`] or [`F8E5M2`](crate::F8E5M2)), `Y` the
/// output's ([`AttentionFp8Output`]: FP8, or `bf16` / `f16`); the factors
/// and maxima are `f32` device scalars, so that they can follow a
/// delayed-scaling recipe without a copy to the host.
///
/// Inference only: cuDNN 9.28's SDPA backward has no FP8 attributes, so
/// there is no `backward` (the training layer is
/// [`Attention`](super::Attention), in `bf16` or `f16`). It takes the
/// options of [`AttentionInference`](super::AttentionInference) (masks,
/// padding, ragged batches, sink tokens), a head dim that is a multiple
/// of 16 ([`check`](Self::check)), and needs cuDNN 9.25 and a Hopper or
/// later GPU (`check_target`). What cuDNN 9.28
/// plans for a described GPU (`tests/nn_device.rs`): on an H200, an FP8
/// output with every option but sink tokens; on a B200, also a `bf16` or
/// `f16` output and sink tokens; an H200 gets no engine for a `bf16` or
/// `f16` output or a sink ([`Error::NoEngine`] from `new`).
///
/// It owns its plans and a workspace, built once for its shape by
/// [`new`](Self::new); `forward` checks every buffer (length, device)
/// before cuDNN runs, and buffers of another type do not compile. `Send`,
/// not `Sync`; not `Clone`.
#[derive(Debug)]
pub struct AttentionFp8Inference<T: Fp8Element, Y: AttentionFp8Output> {
    shape: AttentionShape,
    options: AttentionOptions,
    plans: Plans,
    /// q, k, v, o, descale_q, descale_k, descale_v, descale_s, scale_s,
    /// scale_o, amax_o, amax_s.
    uids: [i64; 12],
    /// The sequence lengths' uids (q, kv), when padding or ragged.
    seq: Option<[i64; 2]>,
    /// The sink's uid, with sink tokens.
    sink: Option<i64>,
    workspace: Workspace,
    element: PhantomData<fn() -> (T, Y)>,
}

static_assertions::assert_impl_all!(AttentionFp8Inference<F8E4M3, half::bf16>: Send);
static_assertions::assert_not_impl_any!(AttentionFp8Inference<F8E4M3, F8E4M3>: Sync, Clone);

/// The head dims of cuDNN's FP8 attention: multiples of 16 (cuDNN 9.28
/// offers no FP8 engine for a head dim of 72, on sm_90 nor on sm_100).
const FP8_HEAD_DIM_MULTIPLE: usize = 16;

/// The shape and options, and the FP8 forward's head dim, the refusal
/// naming `function`.
fn check_fp8_in(
    function: &'static str,
    shape: &AttentionShape,
    options: &AttentionOptions,
) -> Result<()> {
    check_layer_in(function, shape, options)?;
    let d = shape.head_dim;
    if d.is_multiple_of(FP8_HEAD_DIM_MULTIPLE) {
        return Ok(());
    }
    Err(Error::bad_value(
        function,
        format!("head_dim {d}; cuDNN's FP8 attention takes a multiple of {FP8_HEAD_DIM_MULTIPLE}"),
    ))
}

/// The version and GPU gate, the refusal naming `function`; with the GPU
/// unknown (`sm_major` `None`), the version alone.
fn check_target_in(function: &'static str, version: Version, sm_major: Option<u32>) -> Result<()> {
    if version < FP8_SINCE {
        return Err(Error::unsupported(
            function,
            format!(
                "FP8 attention needs cuDNN {FP8_SINCE} or later (SDPA_FWD_DESCALE_QDESC .. \
                 AMAX_ODESC); the loaded one is {version}"
            ),
        ));
    }
    match sm_major {
        Some(m) if m < FP8_SM_SINCE => Err(Error::unsupported(
            function,
            format!(
                "FP8 attention on sm_{m}x; cuDNN's FP8 attention engines need sm_90 \
                 (Hopper) or later"
            ),
        )),
        _ => Ok(()),
    }
}

/// The uids of a graph's optional inputs: the sequence lengths (q, kv)
/// and the sink.
type Extra = (Option<[i64; 2]>, Option<i64>);

impl<T: Fp8Element, Y: AttentionFp8Output> AttentionFp8Inference<T, Y> {
    /// Checks what [`new`](Self::new) checks of the shape and options
    /// before any graph is built: the shape ([`AttentionShape::check`]),
    /// the options ([`AttentionOptions::check`] and
    /// `AttentionOptions::check_for`), and a head dim that is a multiple
    /// of 16 (FP8 attention's).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] with
    /// [`Mismatch::BadValue`](crate::Mismatch::BadValue) naming
    /// `AttentionFp8Inference::check` and what is wrong.
    pub fn check(shape: &AttentionShape, options: &AttentionOptions) -> Result<()> {
        check_fp8_in("AttentionFp8Inference::check", shape, options)
    }

    /// Checks the cuDNN `version` and the GPU's `compute_capability` as
    /// [`new`](Self::new) does before any graph is built: cuDNN 9.25 or
    /// later (the graph builder's gate of the FP8 factors, which have no
    /// composite form below it) and sm_90 or later (cuDNN's FP8 attention
    /// engines are Hopper's and later).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] with
    /// [`Mismatch::Unsupported`](crate::Mismatch::Unsupported) naming
    /// `AttentionFp8Inference::check_target` and the version or GPU.
    #[cfg(test)]
    pub(crate) fn check_target(version: Version, compute_capability: (u32, u32)) -> Result<()> {
        let f = "AttentionFp8Inference::check_target";
        check_target_in(f, version, Some(compute_capability.0))
    }

    /// Builds the FP8 forward graph for `shape` and `options` for `target`
    /// (a handle, or a described GPU with a library: [`LayerTarget`]),
    /// and its plans: from `cache` when given, otherwise as `settings`
    /// say. The head dim is checked against the forward's rules
    /// ([`AttentionPass`]).
    ///
    /// # Errors
    /// As [`check`](Self::check) and `check_target`
    /// (naming `AttentionFp8Inference::new`; the GPU of a handle whose
    /// driver does not answer is not checked), a head dim the target's GPU
    /// does not take; the graph builder's refusals;
    /// [`Error::NoEngine`] when no plan finalizes; cuDNN's status.
    pub fn new<'t>(
        target: impl Into<LayerTarget<'t>>,
        shape: AttentionShape,
        options: AttentionOptions,
        settings: &Settings,
        cache: Option<&mut PlanCache>,
    ) -> Result<Self> {
        const F: &str = "AttentionFp8Inference::new";
        let target = target.into();
        check_fp8_in(F, &shape, &options)?;
        let version = target.library().version();
        let sm = target.compute_capability().map(|c| c.0);
        check_target_in(F, version, sm)?;
        shape.check_head_dim_in(F, AttentionPass::Forward, Some(version), sm)?;
        let (graph, uids, (seq, sink)) = Self::graph(F, &shape, &options)?;
        let plans = Plans::new(target, &graph, settings, cache)?;
        Ok(AttentionFp8Inference {
            shape,
            options,
            plans,
            uids,
            seq,
            sink,
            workspace: Workspace::new(),
            element: PhantomData,
        })
    }

    /// The layer's graph: `q`, `k`, `v` of `T`, the six factors `[1, 1, 1,
    /// 1]` `FLOAT`, the output of `Y`, both maxima written.
    fn graph(
        function: &'static str,
        shape: &AttentionShape,
        options: &AttentionOptions,
    ) -> Result<(Graph, [i64; 12], Extra)> {
        let mut g = Graph::new("attention_fp8_inference");
        let [q, k, v] = qkv_tensors(&mut g, shape, T::CUDNN, options.ragged)?;
        let names = [
            "descale_q",
            "descale_k",
            "descale_v",
            "descale_s",
            "scale_s",
            "scale_o",
        ];
        let [dq, dk, dv, ds, ss, so] = names.map(|n| g.tensor(n, &[1, 1, 1, 1], F32));
        let f = [dq?, dk?, dv?, ds?, ss?, so?];
        let fp8 = SdpaFp8 {
            descale_q: f[0],
            descale_k: f[1],
            descale_v: f[2],
            descale_s: f[3],
            scale_s: f[4],
            scale_o: f[5],
            amax_s: true,
        };
        let seq = seq_tensors(&mut g, shape, options)?;
        let sink = sink_tensor(&mut g, shape, options)?;
        let sdpa = SdpaOptions {
            fp8: Some(fp8),
            ..sdpa_options(options, seq, sink)
        };
        let out = g.sdpa_forward(q, k, v, &sdpa)?;
        g.set_output(out.o, Y::CUDNN)?;
        let amax_o = required(function, "output's maximum", out.amax_o)?;
        let amax_s = required(function, "softmax's maximum", out.amax_s)?;
        let uids = [
            q, k, v, out.o, f[0], f[1], f[2], f[3], f[4], f[5], amax_o, amax_s,
        ]
        .map(|t| t.uid());
        let seq = seq.map(|s| s.map(|t| t.uid()));
        Ok((g, uids, (seq, sink.map(|t| t.uid()))))
    }

    /// The shape it was built for.
    pub fn shape(&self) -> AttentionShape {
        self.shape
    }

    /// The options it was built with.
    pub fn options(&self) -> AttentionOptions {
        self.options
    }

    /// The data type of `q`, `k` and `v`: `T`'s.
    pub fn data_type(&self) -> DType {
        T::CUDNN
    }

    /// The data type of `o`: `Y`'s.
    pub fn output_type(&self) -> DType {
        Y::CUDNN
    }

    /// The workspace its plan needs, in bytes.
    pub fn workspace_size(&self) -> usize {
        self.plans.workspace_size()
    }

    /// The forward: writes `o`, `amax_o` and `amax_s`, on `handle`'s
    /// stream.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for sequence lengths missing on a padded
    /// layer or given to another, and as [`Handle::execute`] for a buffer
    /// that does not fit its tensor (too short, in another CUDA context)
    /// or a plan of another GPU; a CUDA error when the workspace cannot
    /// grow; cuDNN's status.
    pub fn forward(&mut self, handle: &Handle, args: AttentionFp8Forward<'_, T, Y>) -> Result<()> {
        const F: &str = "AttentionFp8Inference::forward";
        let [q, k, v, o, dq, dk, dv, ds, ss, so, amax_o, amax_s] = self.uids;
        let pack = VariantPack::new()
            .input(q, args.q)
            .input(k, args.k)
            .input(v, args.v)
            .output(o, args.o)
            .input(dq, args.descale_q)
            .input(dk, args.descale_k)
            .input(dv, args.descale_v)
            .input(ds, args.descale_s)
            .input(ss, args.scale_s)
            .input(so, args.scale_o)
            .output(amax_o, args.amax_o)
            .output(amax_s, args.amax_s);
        let pack = bind_lens(F, pack, (self.seq, self.options.ragged), args.seq_lens)?;
        let mut pack = bind_sink(F, (pack, "sink"), self.sink, args.sink, |p, u, b| {
            p.input(u, b)
        })?;
        self.plans.run(handle, &mut pack, &mut self.workspace)
    }
}
