//! [`Attention`]: fused scaled dot-product attention over the graph API,
//! forward (with the softmax statistics) and backward.

use crate::DType;
use DType as Dt;

use super::plans::{check_element, required, Plans};
use super::shape::{bad, check_attention_type_in, AttentionOptions, AttentionShape};
use crate::error::Result;
use crate::graph::{
    Graph, PlanCache, SdpaBackwardInputs, SdpaOptions, Settings, TensorId, VariantPack,
};
use crate::launch::{DeviceBuffer, DeviceBufferMut};
use crate::workspace::Workspace;
use crate::{DataType, Handle};

const F32: Dt = Dt::CUDNN_DATA_FLOAT;
const I32: Dt = Dt::CUDNN_DATA_INT32;

/// The actual sequence lengths of a call with
/// [`AttentionOptions::padding`]: one `i32` per batch item each, from 0
/// to `seq_q` (queries) and to `seq_kv` (keys and values).
///
/// cuDNN reads its inputs only up to these lengths, without checking
/// them, and they live on the device, where this crate cannot read them
/// before the launch: so they are given through the `unsafe`
/// [`new`](Self::new), whose caller promises that they are in range.
pub struct SeqLens<'a> {
    q: &'a dyn DeviceBuffer<i32>,
    kv: &'a dyn DeviceBuffer<i32>,
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
        SeqLens { q, kv }
    }
}

/// The buffers of [`Attention::forward`], dense BHSD (see
/// [`AttentionShape`]): `q`, `k`, `v` and `o` of the layer's type, the
/// statistics `f32`.
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
    /// The sequence lengths: given exactly when the layer pads.
    pub seq_lens: Option<SeqLens<'a>>,
}

/// The buffers of [`Attention::backward`]: the forward's `q`, `k`, `v`,
/// output and statistics, the output's gradient `d_o`, and the gradients
/// written (each of its input's shape).
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
    /// The sequence lengths: given exactly when the layer pads.
    pub seq_lens: Option<SeqLens<'a>>,
}

/// Fused scaled dot-product attention, `O = softmax(scale * Q K^T,
/// masked) V`, in `bfloat16` or `half` (computed in `float`), with its
/// backward: cuDNN's `SDPA_FWD` and `SDPA_BWD` operations (cuDNN 9.13
/// and 9.17; 9.21 with a causal mask or a window; 9.15 with padding).
/// It owns its two graphs' plans and a workspace, built once for its
/// shape, type and options by [`new`](Self::new); the calls check every
/// buffer (type, length, device) before cuDNN runs.
///
/// `Send`, not `Sync` (it owns plans and a workspace; calls take `&mut
/// self`); not `Clone`.
#[derive(Debug)]
pub struct Attention {
    shape: AttentionShape,
    dtype: Dt,
    options: AttentionOptions,
    forward: Plans,
    backward: Plans,
    /// Forward uids: q, k, v, o, stats.
    fwd: [i64; 5],
    /// Backward uids: q, k, v, o, d_o, stats, dq, dk, dv.
    bwd: [i64; 9],
    /// The sequence lengths' uids (q, kv) in each graph, when padding.
    seq: Option<([i64; 2], [i64; 2])>,
    workspace: Workspace,
}

static_assertions::assert_impl_all!(Attention: Send);
static_assertions::assert_not_impl_any!(Attention: Sync, Clone);

/// The graph's options for the layer's, with the sequence lengths' tensors.
fn sdpa_options(o: &AttentionOptions, seq: Option<[TensorId; 2]>) -> SdpaOptions {
    SdpaOptions {
        scale: o.scale,
        causal: o.causal,
        // At most 2^24 (checked).
        sliding_window: o.sliding_window.map(|w| w as i64),
        seq_len_q: seq.map(|s| s[0]),
        seq_len_kv: seq.map(|s| s[1]),
        ..SdpaOptions::default()
    }
}

/// The sequence-length tensors of a padded graph, `[B, 1, 1, 1]` `INT32`.
fn seq_tensors(
    g: &mut Graph,
    shape: &AttentionShape,
    padding: bool,
) -> Result<Option<[TensorId; 2]>> {
    if !padding {
        return Ok(None);
    }
    let d = [shape.batch as i64, 1, 1, 1];
    Ok(Some([
        g.tensor("seq_len_q", &d, I32)?,
        g.tensor("seq_len_kv", &d, I32)?,
    ]))
}

impl Attention {
    /// Checks what [`new`](Self::new) checks before any cuDNN call: the
    /// shape ([`AttentionShape::check`]), the data type (`HALF` or
    /// `BFLOAT16`), the options ([`AttentionOptions::check`]).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming
    /// `Attention::check` and what is wrong (from `new`, naming
    /// `Attention::new`).
    pub fn check(shape: &AttentionShape, dtype: DType, options: &AttentionOptions) -> Result<()> {
        Self::check_in("Attention::check", shape, dtype, options)
    }

    /// [`check`](Self::check), its refusals naming `function`.
    fn check_in(
        function: &'static str,
        shape: &AttentionShape,
        dtype: DType,
        options: &AttentionOptions,
    ) -> Result<()> {
        shape.check_in(function)?;
        check_attention_type_in(function, dtype)?;
        options.check_in(function)
    }

    /// Builds the forward (with statistics) and backward graphs for
    /// `shape`, `dtype` and `options` with `handle`, and their plans:
    /// from `cache` when given (on cuDNN 9.8 and later, keyed by the graph
    /// and the handle's device), otherwise as `settings` say. With
    /// [`Settings::benchmark`] and no cache, the candidate plans are timed
    /// on the first call and the fastest kept.
    ///
    /// # Errors
    /// As [`check`](Self::check); the graph builder's refusals, among them
    /// a cuDNN too old for the operations or options (the error names the
    /// version needed); [`Error::NoEngine`](crate::Error::NoEngine) when no
    /// plan finalizes (a head dim or type the GPU's engines do not take);
    /// cuDNN's status.
    pub fn new(
        handle: &Handle,
        shape: AttentionShape,
        dtype: DType,
        options: AttentionOptions,
        settings: &Settings,
        mut cache: Option<&mut PlanCache>,
    ) -> Result<Self> {
        const F: &str = "Attention::new";
        Self::check_in(F, &shape, dtype, &options)?;
        let (qd, kd, sd) = (shape.q_dims(), shape.kv_dims(), shape.stat_dims());

        let mut g = Graph::new("attention");
        let q = g.tensor("q", &qd, dtype)?;
        let k = g.tensor("k", &kd, dtype)?;
        let v = g.tensor("v", &kd, dtype)?;
        let seq_f = seq_tensors(&mut g, &shape, options.padding)?;
        let sdpa = SdpaOptions {
            stats: true,
            ..sdpa_options(&options, seq_f)
        };
        let out = g.sdpa_forward(q, k, v, &sdpa)?;
        g.set_output(out.o, dtype)?;
        let stats = required(F, "statistics", out.stats)?;
        let fwd = [q, k, v, out.o, stats].map(|t| t.uid());
        let forward = Plans::new(handle, &g, settings, cache.as_deref_mut())?;

        let mut g = Graph::new("attention_backward");
        let q = g.tensor("q", &qd, dtype)?;
        let k = g.tensor("k", &kd, dtype)?;
        let v = g.tensor("v", &kd, dtype)?;
        let o = g.tensor("o", &qd, dtype)?;
        let d_o = g.tensor("d_o", &qd, dtype)?;
        let st = g.tensor("stats", &sd, F32)?;
        let seq_b = seq_tensors(&mut g, &shape, options.padding)?;
        let inputs = SdpaBackwardInputs {
            q,
            k,
            v,
            o,
            d_o,
            stats: st,
        };
        let grads = g.sdpa_backward(&inputs, &sdpa_options(&options, seq_b))?;
        for t in [grads.dq, grads.dk, grads.dv] {
            g.set_output(t, dtype)?;
        }
        let bwd = [q, k, v, o, d_o, st, grads.dq, grads.dk, grads.dv].map(|t| t.uid());
        let backward = Plans::new(handle, &g, settings, cache)?;

        let seq = match (seq_f, seq_b) {
            (Some(f), Some(b)) => Some((f.map(|t| t.uid()), b.map(|t| t.uid()))),
            _ => None,
        };
        Ok(Attention {
            shape,
            dtype,
            options,
            forward,
            backward,
            fwd,
            bwd,
            seq,
            workspace: Workspace::new(),
        })
    }

    /// The shape it was built for.
    pub fn shape(&self) -> AttentionShape {
        self.shape
    }

    /// The data type of `q`, `k`, `v`, `o` and their gradients.
    pub fn data_type(&self) -> DType {
        self.dtype
    }

    /// The options it was built with.
    pub fn options(&self) -> AttentionOptions {
        self.options
    }

    /// The workspace its plans need, in bytes (the largest of the
    /// forward's and the backward's).
    pub fn workspace_size(&self) -> usize {
        self.forward
            .workspace_size()
            .max(self.backward.workspace_size())
    }

    /// The sequence lengths' uids in the forward (`true`) or backward
    /// graph, checked against what the call gives.
    fn seq_uids(
        &self,
        function: &'static str,
        forward: bool,
        given: bool,
    ) -> Result<Option<[i64; 2]>> {
        match (self.seq, given) {
            (Some((f, b)), true) => Ok(Some(if forward { f } else { b })),
            (None, false) => Ok(None),
            (Some(_), false) => Err(bad(
                function,
                "the layer pads (AttentionOptions::padding): seq_lens are required".into(),
            )),
            (None, true) => Err(bad(
                function,
                "seq_lens given to a layer built without padding".into(),
            )),
        }
    }

    /// The forward: writes `o` and the statistics, on `handle`'s stream.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) for
    /// buffers of another element type than the layer's, sequence lengths
    /// missing on a padded layer or given to another, and as
    /// [`Handle::execute`] for a buffer that does not fit its tensor (too
    /// short, in another CUDA context) or a plan built with another handle
    /// (cuDNN before 9.8); a CUDA error when the workspace cannot grow;
    /// cuDNN's status.
    pub fn forward<T: DataType>(
        &mut self,
        handle: &Handle,
        args: AttentionForward<'_, T>,
    ) -> Result<()> {
        const F: &str = "Attention::forward";
        check_element::<T>(F, self.dtype)?;
        let seq = self.seq_uids(F, true, args.seq_lens.is_some())?;
        let [q, k, v, o, st] = self.fwd;
        let mut pack = VariantPack::new()
            .input(q, args.q)
            .input(k, args.k)
            .input(v, args.v)
            .output(o, args.o)
            .output(st, args.stats);
        if let (Some([sq, skv]), Some(lens)) = (seq, args.seq_lens) {
            // SAFETY: the values are in range: the contract of
            // `SeqLens::new`, which made `lens`, for this layer's lengths.
            pack = unsafe { pack.index_input(sq, lens.q).index_input(skv, lens.kv) };
        }
        self.forward.run(handle, &mut pack, &mut self.workspace)
    }

    /// The backward: writes `dq`, `dk` and `dv` from `d_o` and the
    /// forward's `q`, `k`, `v`, output and statistics, with the forward's
    /// mask and scale.
    ///
    /// # Errors
    /// As [`forward`](Self::forward).
    pub fn backward<T: DataType>(
        &mut self,
        handle: &Handle,
        args: AttentionBackward<'_, T>,
    ) -> Result<()> {
        const F: &str = "Attention::backward";
        check_element::<T>(F, self.dtype)?;
        let seq = self.seq_uids(F, false, args.seq_lens.is_some())?;
        let [q, k, v, o, d_o, st, dq, dk, dv] = self.bwd;
        let mut pack = VariantPack::new()
            .input(q, args.q)
            .input(k, args.k)
            .input(v, args.v)
            .input(o, args.o)
            .input(d_o, args.d_o)
            .input(st, args.stats)
            .output(dq, args.dq)
            .output(dk, args.dk)
            .output(dv, args.dv);
        if let (Some([sq, skv]), Some(lens)) = (seq, args.seq_lens) {
            // SAFETY: as in `forward`.
            pack = unsafe { pack.index_input(sq, lens.q).index_input(skv, lens.kv) };
        }
        self.backward.run(handle, &mut pack, &mut self.workspace)
    }
}
