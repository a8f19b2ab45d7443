//! The shapes, data types and options of the layers, and their checks:
//! pure functions, run before any cuDNN call (so they run without a GPU).

#![warn(clippy::arithmetic_side_effects)]

use crate::core::dtype::DType;
use DType as Dt;

#[cfg(doc)]
use crate::core::error::Mismatch;
use crate::core::error::{Error, Result};
use crate::core::version::Version;
use crate::graph::head_dim::{HeadDims, Pass};
use crate::graph::DiagonalAlignment;

/// The shape a normalization layer ([`LayerNorm`](super::LayerNorm),
/// [`RmsNorm`](super::RmsNorm)) works on: `rows` rows of `features`
/// values each, every row normalized on its own (a `[batch * sequence,
/// hidden]` activation of a transformer, for example).
///
/// `x` and `y` hold `rows * features` elements, row-major; the scale and
/// bias `features`; the statistics (mean, inverse standard deviation)
/// `rows`. The graph's tensors are `[rows, features, 1, 1]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct NormShape {
    /// How many rows are normalized.
    pub rows: usize,
    /// How many values each row has.
    pub features: usize,
}

static_assertions::assert_impl_all!(NormShape: Send, Sync, Copy);

/// `v` as an `i64` graph dimension, or the refusal naming `what`.
fn dim(function: &'static str, what: &str, v: usize) -> Result<i64> {
    i64::try_from(v).map_err(|_| Error::bad_value(function, format!("{what} {v} does not fit i64")))
}

/// The product of `sizes`, refused when it overflows `i64` (the graph's
/// element counts) and so `usize` on any target where it matters.
pub(super) fn product(function: &'static str, what: &str, sizes: &[usize]) -> Result<usize> {
    let mut n: i64 = 1;
    for &s in sizes {
        n = n.checked_mul(dim(function, what, s)?).ok_or_else(|| {
            Error::bad_value(function, format!("{what} of {sizes:?} overflows i64"))
        })?;
    }
    usize::try_from(n)
        .map_err(|_| Error::bad_value(function, format!("{what} of {sizes:?} overflows usize")))
}

impl NormShape {
    /// Checks the shape: both sizes at least 1, and `rows * features`
    /// within `i64` (and `usize`).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] with [`Mismatch::BadValue`] naming the
    /// size at fault.
    pub fn check(&self) -> Result<()> {
        self.check_in("NormShape::check")
    }

    pub(crate) fn check_in(&self, function: &'static str) -> Result<()> {
        for (name, v) in [("rows", self.rows), ("features", self.features)] {
            if v == 0 {
                return Err(Error::bad_value(
                    function,
                    format!("{name} is 0; it is at least 1"),
                ));
            }
        }
        product(function, "the element count", &[self.rows, self.features])?;
        Ok(())
    }

    /// The elements of `x`, `y`, `dy` and `dx`: `rows * features`
    /// (saturating, for a shape [`check`](Self::check) refuses).
    pub fn x_len(&self) -> usize {
        self.rows.saturating_mul(self.features)
    }

    /// The elements of the scale, bias and their gradients: `features`.
    pub fn param_len(&self) -> usize {
        self.features
    }

    /// The elements of each statistic (mean, inverse standard deviation):
    /// `rows`.
    pub fn stats_len(&self) -> usize {
        self.rows
    }

    /// `x`'s graph dims, `[rows, features, 1, 1]`, of a checked shape.
    pub(crate) fn x_dims(&self) -> [i64; 4] {
        [self.rows as i64, self.features as i64, 1, 1]
    }

    /// The scale's graph dims, `[1, features, 1, 1]`.
    pub(crate) fn param_dims(&self) -> [i64; 4] {
        [1, self.features as i64, 1, 1]
    }

    /// The statistics' graph dims, `[rows, 1, 1, 1]`.
    pub(crate) fn stat_dims(&self) -> [i64; 4] {
        [self.rows as i64, 1, 1, 1]
    }
}

/// The sizes of a [`Linear`](super::Linear): `rows` inputs of
/// `in_features` values each (a batch times a sequence, flattened),
/// `out_features` outputs each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LinearShape {
    /// The number of input rows.
    pub rows: usize,
    /// The values of one input row.
    pub in_features: usize,
    /// The values of one output row.
    pub out_features: usize,
}

static_assertions::assert_impl_all!(LinearShape: Send, Sync, Copy);

impl LinearShape {
    /// Checks that every size is at least 1 and that every buffer's
    /// element count fits `i64` (cuDNN's dims).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] naming `LinearShape::check` and the size.
    pub fn check(&self) -> Result<()> {
        self.check_in("LinearShape::check")
    }

    pub(crate) fn check_in(&self, function: &'static str) -> Result<()> {
        let sizes = [
            ("rows", self.rows),
            ("in_features", self.in_features),
            ("out_features", self.out_features),
        ];
        for (name, v) in sizes {
            if v == 0 {
                return Err(Error::bad_value(
                    function,
                    format!("{name} is 0; it is at least 1"),
                ));
            }
        }
        let (rows, ins, outs) = (self.rows, self.in_features, self.out_features);
        product(function, "x's element count", &[rows, ins])?;
        product(function, "the weight's element count", &[outs, ins])?;
        product(function, "y's element count", &[rows, outs])?;
        Ok(())
    }

    /// The elements of `x`: `rows * in_features` (saturating, for a shape
    /// [`check`](Self::check) refuses).
    pub fn x_len(&self) -> usize {
        self.rows.saturating_mul(self.in_features)
    }

    /// The elements of the weight: `out_features * in_features`
    /// (saturating).
    pub fn weight_len(&self) -> usize {
        self.out_features.saturating_mul(self.in_features)
    }

    /// The elements of `y`: `rows * out_features` (saturating).
    pub fn y_len(&self) -> usize {
        self.rows.saturating_mul(self.out_features)
    }

    /// `(rows, in_features, out_features)` as graph dims, of a checked
    /// shape.
    pub(crate) fn graph_dims(&self) -> (i64, i64, i64) {
        (
            self.rows as i64,
            self.in_features as i64,
            self.out_features as i64,
        )
    }
}

/// Checks a normalization's epsilon: finite and above 0.
///
/// # Errors
/// [`Error::InvalidArgument`] with [`Mismatch::BadValue`] for 0, a
/// negative value, an infinity or NaN.
#[cfg(test)]
pub(crate) fn check_epsilon(epsilon: f32) -> Result<()> {
    check_epsilon_in("check_epsilon", epsilon)
}

pub(crate) fn check_epsilon_in(function: &'static str, epsilon: f32) -> Result<()> {
    if epsilon.is_finite() && epsilon > 0.0 {
        return Ok(());
    }
    Err(Error::bad_value(
        function,
        format!("epsilon {epsilon}; it is finite and above 0"),
    ))
}

/// The data types of a normalization layer's `x`, `y`, `dy` and `dx` (the
/// [`NormElement`](super::NormElement) types, for a caller that knows the
/// type only at run time): `FLOAT`, `HALF` and `BFLOAT16`. The scale, bias,
/// statistics and their gradients are `FLOAT` whatever it is.
pub const NORM_DATA_TYPES: &[Dt] = &[Dt::FLOAT, Dt::HALF, Dt::BFLOAT16];

/// The data types of an attention layer's `q`, `k`, `v`, `o` and their
/// gradients (the [`AttentionElement`](super::AttentionElement) types, for
/// a caller that knows the type only at run time): `HALF` and `BFLOAT16`.
/// The statistics are `FLOAT`.
pub const ATTENTION_DATA_TYPES: &[Dt] = &[Dt::HALF, Dt::BFLOAT16];

/// The shape of an [`Attention`](super::Attention) layer: `q` and `o`
/// `[batch, heads, seq_q, head_dim]`, `k` and `v` `[batch, kv_heads,
/// seq_kv, head_dim]` (grouped-query attention when `kv_heads < heads`),
/// all dense and row-major (BHSD); the statistics `[batch, heads, seq_q,
/// 1]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct AttentionShape {
    /// `B`, the batch size.
    pub batch: usize,
    /// `H`, the query (and output) heads.
    pub heads: usize,
    /// `H_kv`, the key and value heads; divides `heads`.
    pub kv_heads: usize,
    /// `S_q`, the (longest) query sequence.
    pub seq_q: usize,
    /// `S_kv`, the (longest) key and value sequence.
    pub seq_kv: usize,
    /// `D`, the head dimension of queries, keys, values and the output.
    pub head_dim: usize,
}

static_assertions::assert_impl_all!(AttentionShape: Send, Sync, Copy);

impl AttentionShape {
    /// Checks the shape: every size at least 1, `kv_heads` dividing
    /// `heads`, and the element counts of `q`, `k`, `v`, `o`, the
    /// statistics and the scores (`[B, H, S_q, S_kv]`) within `i64` (and
    /// `usize`).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] with [`Mismatch::BadValue`] naming the
    /// size or the count at fault.
    pub fn check(&self) -> Result<()> {
        self.check_in("AttentionShape::check")
    }

    pub(crate) fn check_in(&self, function: &'static str) -> Result<()> {
        let sizes = [
            ("batch", self.batch),
            ("heads", self.heads),
            ("kv_heads", self.kv_heads),
            ("seq_q", self.seq_q),
            ("seq_kv", self.seq_kv),
            ("head_dim", self.head_dim),
        ];
        for (name, v) in sizes {
            if v == 0 {
                return Err(Error::bad_value(
                    function,
                    format!("{name} is 0; it is at least 1"),
                ));
            }
            dim(function, name, v)?;
        }
        if !self.heads.is_multiple_of(self.kv_heads) {
            return Err(Error::bad_value(
                function,
                format!(
                    "kv_heads {} does not divide heads {}",
                    self.kv_heads, self.heads
                ),
            ));
        }
        let (b, h, hk) = (self.batch, self.heads, self.kv_heads);
        let (sq, skv, d) = (self.seq_q, self.seq_kv, self.head_dim);
        product(function, "q's element count", &[b, h, sq, d])?;
        product(function, "k's element count", &[b, hk, skv, d])?;
        product(function, "the scores' element count", &[b, h, sq, skv])?;
        for pass in [AttentionPass::Forward, AttentionPass::Backward] {
            self.check_head_dim_in(function, pass, None, None)?;
        }
        Ok(())
    }

    /// Checks the head dim against cuDNN's rules for `pass` on a GPU of
    /// compute capability `compute_capability` with cuDNN `version` (see
    /// [`AttentionPass`] for the table and its source). [`check`](Self::check)
    /// applies the rules of any GPU and version (a multiple of 8, at most
    /// 256); a layer's `new` applies its target's.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] with [`Mismatch::BadValue`] naming the
    /// head dim and the limit.
    #[cfg(test)]
    pub(crate) fn check_head_dim(
        &self,
        pass: AttentionPass,
        version: Version,
        compute_capability: (u32, u32),
    ) -> Result<()> {
        let f = "AttentionShape::check_head_dim";
        self.check_head_dim_in(f, pass, Some(version), Some(compute_capability.0))
    }

    pub(crate) fn check_head_dim_in(
        &self,
        function: &'static str,
        pass: AttentionPass,
        version: Option<Version>,
        sm_major: Option<u32>,
    ) -> Result<()> {
        let d = self.head_dim;
        let max = head_dim_limit(pass, version, sm_major);
        if d.is_multiple_of(8) && d <= max {
            // On sm_10x the backward takes 256 but nothing between it and
            // 128: the builder's rule of the target (cudnn-frontend's).
            if let (AttentionPass::Backward, Some(v), Some(m)) = (pass, version, sm_major) {
                let d = d as i64;
                let rule = HeadDims {
                    node: String::new(),
                    pass: Pass::Backward,
                    d_qk: d,
                    d_v: d,
                    wide_output: false,
                    block_mask: false,
                };
                if let Err(what) = rule.check_on(m, v) {
                    return Err(Error::bad_value(function, format!("head_dim {d}; {what}")));
                }
            }
            return Ok(());
        }
        let on = match sm_major {
            Some(m) => format!(" on sm_{m}x"),
            None => String::new(),
        };
        Err(Error::bad_value(
            function,
            format!(
                "head_dim {d}; cuDNN's fused attention ({pass:?}{on}) takes a multiple \
                 of 8 up to {max}"
            ),
        ))
    }

    /// The elements of `q`, `dq`, `o` and `d_o` (saturating, for a shape
    /// [`check`](Self::check) refuses).
    pub fn q_len(&self) -> usize {
        sat(&[self.batch, self.heads, self.seq_q, self.head_dim])
    }

    /// The elements of `k`, `v`, `dk` and `dv`.
    pub fn kv_len(&self) -> usize {
        sat(&[self.batch, self.kv_heads, self.seq_kv, self.head_dim])
    }

    /// The elements of the statistics: one per query row.
    pub fn stats_len(&self) -> usize {
        sat(&[self.batch, self.heads, self.seq_q])
    }

    /// The elements of the sink logits and their gradient
    /// ([`AttentionOptions::sinks`]): one per query head.
    pub fn sink_len(&self) -> usize {
        self.heads
    }

    /// The sink's graph dims, `[1, heads, 1, 1]`.
    pub(crate) fn sink_dims(&self) -> [i64; 4] {
        as_dims([1, self.heads, 1, 1])
    }

    pub(crate) fn q_dims(&self) -> [i64; 4] {
        as_dims([self.batch, self.heads, self.seq_q, self.head_dim])
    }

    pub(crate) fn kv_dims(&self) -> [i64; 4] {
        as_dims([self.batch, self.kv_heads, self.seq_kv, self.head_dim])
    }

    pub(crate) fn stat_dims(&self) -> [i64; 4] {
        as_dims([self.batch, self.heads, self.seq_q, 1])
    }

    /// The strides of `q` and `o`: packed BHSD, or BSHD for a ragged
    /// (THD) layer.
    pub(crate) fn q_strides(&self, ragged: bool) -> [i64; 4] {
        strides([self.heads, self.seq_q, self.head_dim], ragged)
    }

    /// The strides of `k` and `v`.
    pub(crate) fn kv_strides(&self, ragged: bool) -> [i64; 4] {
        strides([self.kv_heads, self.seq_kv, self.head_dim], ragged)
    }
}

/// The strides of `[B, h, s, d]` (a checked shape's), packed BHSD or, for
/// `ragged`, BSHD (token after token, each token's heads together).
// A checked shape's B·h·s·d fits i64 and every size is at least 1, so
// each partial product here fits too.
#[allow(clippy::arithmetic_side_effects)]
fn strides([h, s, d]: [usize; 3], ragged: bool) -> [i64; 4] {
    let [h, s, d] = [h, s, d].map(|v| v as i64);
    if ragged {
        [s * h * d, d, h * d, 1]
    } else {
        [h * s * d, s * d, d, 1]
    }
}

fn sat(sizes: &[usize]) -> usize {
    sizes.iter().fold(1usize, |n, &s| n.saturating_mul(s))
}

/// The dims of a checked shape (each fits `i64`).
fn as_dims(d: [usize; 4]) -> [i64; 4] {
    d.map(|v| v as i64)
}

/// A norm layer's checks (`LayerNorm`, `RmsNorm`): its shape and epsilon
/// (its element type is its type parameter), the refusals naming
/// `function`.
pub(crate) fn check_norm_in(function: &'static str, shape: &NormShape, epsilon: f32) -> Result<()> {
    shape.check_in(function)?;
    check_epsilon_in(function, epsilon)
}

/// A pass of fused attention, for its head-dim rules.
///
/// cuDNN's rules for `half` and `bfloat16` attention, as cudnn-frontend
/// applies them before it builds a graph (`include/cudnn_frontend/node/`
/// `sdpa_support_surface.h`, `validate_sdpa_support_surface`, for the
/// forward; `scaled_dot_product_flash_attention.h`, the backward node's
/// `pre_validate_node`, for the backward), for one head dim of `q`, `k` and
/// `v`: a multiple of 8 in both passes, and at most
///
/// | pass | GPU | cuDNN | head dim |
/// |------|-----|-------|----------|
/// | forward | sm_8x | up to 9.9 | 128 |
/// | forward | sm_10x | before 9.9 | 128 |
/// | forward | any | any | 256 |
/// | backward | sm_9x | any | 256 |
/// | backward | sm_10x | 9.23 and later | 256 (but none of 136 to 248) |
/// | backward | any other | any | 128 |
///
/// (the first row that matches applies; on sm_10x the backward takes no
/// head dim between 128 and 256: cudnn-frontend's 192 needs a `v` head
/// dim of 128, and 256 is its `d_qk == d_v == 256` case). cudnn-frontend
/// 1.32 names no forward ceiling past 9.9 (cuDNN 9.28 plans a forward of
/// head dim 512 or 1000), and takes an sm_10x backward in `(256, 512]`
/// that cuDNN itself has no engine for; 256 is this crate's ceiling for
/// the layers. The layers need cuDNN 9.13, so the forward's older rows
/// only apply to `AttentionShape::check_head_dim`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AttentionPass {
    /// The forward (`SDPA_FWD`).
    Forward,
    /// The backward (`SDPA_BWD`), built by a training layer.
    Backward,
}

/// One row of the head-dim table of [`AttentionPass`].
struct HeadDimRule {
    pass: AttentionPass,
    /// The architecture (compute capability major); `None` is any.
    sm_major: Option<u32>,
    /// The cuDNN releases it covers, `[from, before)`.
    from: Version,
    before: Version,
    max: usize,
}

const V0: Version = Version::new(0, 0, 0);
const VMAX: Version = Version::new(u32::MAX, u32::MAX, u32::MAX);

/// The head-dim table of [`AttentionPass`] (cudnn-frontend's SDPA
/// validation, forward and backward), in order.
const HEAD_DIM_RULES: &[HeadDimRule] = &[
    rule(
        AttentionPass::Forward,
        Some(8),
        V0,
        Version::new(9, 10, 0),
        128,
    ),
    rule(
        AttentionPass::Forward,
        Some(10),
        V0,
        Version::new(9, 9, 0),
        128,
    ),
    rule(AttentionPass::Forward, None, V0, VMAX, 256),
    rule(AttentionPass::Backward, Some(9), V0, VMAX, 256),
    rule(
        AttentionPass::Backward,
        Some(10),
        Version::new(9, 23, 0),
        VMAX,
        256,
    ),
    rule(AttentionPass::Backward, None, V0, VMAX, 128),
];

const fn rule(
    pass: AttentionPass,
    sm_major: Option<u32>,
    from: Version,
    before: Version,
    max: usize,
) -> HeadDimRule {
    HeadDimRule {
        pass,
        sm_major,
        from,
        before,
        max,
    }
}

/// The largest head dim of `pass` on `sm_major` with `version`: the first
/// matching row of [`HEAD_DIM_RULES`]; with the GPU or the version unknown,
/// the largest any row for them admits.
fn head_dim_limit(pass: AttentionPass, version: Option<Version>, sm_major: Option<u32>) -> usize {
    let rows = HEAD_DIM_RULES
        .iter()
        .filter(|r| r.pass == pass && version.is_none_or(|v| r.from <= v && v < r.before));
    match sm_major {
        None => rows.map(|r| r.max).max().unwrap_or(0),
        Some(m) => rows
            .filter(|r| r.sm_major.is_none_or(|s| s == m))
            .map(|r| r.max)
            .next()
            .unwrap_or(0),
    }
}

/// The options of an [`Attention`](super::Attention) layer.
///
/// `Default`: no mask, no padding, dense BHSD, scale `1 / sqrt(head_dim)`,
/// masks aligned top-left, no sink tokens.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct AttentionOptions {
    /// A causal mask: query `i` sees keys `j <= i` (aligned top-left; see
    /// [`alignment`](Self::alignment)). The same as a
    /// [`right_bound`](Self::right_bound) of 0, which is then not given.
    pub causal: bool,
    /// The right bound of a band: query `i` sees keys `j <= i + bound`
    /// (aligned top-left); at most `i32::MAX` (cuDNN takes it as an
    /// `INT32`). Not with [`causal`](Self::causal).
    pub right_bound: Option<usize>,
    /// A sliding window: query `i` sees keys `j > i - window` (with
    /// `causal`, its `window` most recent keys, itself included); at
    /// least 1, at most 2^24.
    pub sliding_window: Option<usize>,
    /// Where the diagonal of the causal mask, the right bound and the
    /// window lies: [`TOP_LEFT`](DiagonalAlignment::TOP_LEFT) (the
    /// default), or [`BOTTOM_RIGHT`](DiagonalAlignment::BOTTOM_RIGHT),
    /// where the last query sits at the last key (query `i` at key `i +
    /// len_kv - len_q`, with each batch item's actual lengths when the
    /// layer pads or is ragged, `seq_q` and `seq_kv` otherwise): decoding
    /// (`seq_q` 1) and chunked prefill, whose queries are the last of the
    /// keys' positions. Bottom-right needs a mask (`causal`, a right bound
    /// or a window) and, without sequence lengths, `seq_q <= seq_kv`.
    pub alignment: DiagonalAlignment,
    /// The factor of `Q K^T`; `None` is `1 / sqrt(head_dim)`. Finite.
    pub scale: Option<f32>,
    /// A padding mask: each call passes the actual query and key lengths
    /// of every batch item ([`SeqLens::new`](super::SeqLens::new),
    /// `INT32`, each at most `seq_q` or `seq_kv`); positions past them
    /// are masked. Not with [`ragged`](Self::ragged).
    pub padding: bool,
    /// Ragged (THD) batches (cuDNN 9.24 forward, 9.28 backward): `q`, `o`
    /// and their gradients hold the queries of all batch items packed
    /// token after token, `[tokens, heads, head_dim]`, and `k`, `v` and
    /// their gradients the keys and values likewise, `[tokens, kv_heads,
    /// head_dim]`; each call passes the cumulative offsets of the
    /// sequences ([`SeqLens::cumulative`](super::SeqLens::cumulative),
    /// `batch + 1` `INT32` each, 0 first, each step at most `seq_q` or
    /// `seq_kv`), and positions past a sequence's length are masked. The
    /// buffers are as long as a dense batch's (`q_len`, `kv_len`: the most
    /// tokens the offsets can reach); the statistics stay `[batch, heads,
    /// seq_q, 1]`. The graph's tensors are `[B, H, S, D]` with the strides
    /// of BSHD. `batch * seq_q` and `batch * seq_kv` fit `INT32` (the
    /// offsets' type). Not with [`padding`](Self::padding).
    pub ragged: bool,
    /// Sink tokens (gpt-oss's attention; cuDNN 9.21): a learned logit per
    /// query head joins the softmax's denominator of each of the head's
    /// rows, `p_j = exp(s_j) / (exp(sink_h) + sum_k exp(s_k))`, so that a
    /// row may give less than all of its weight to the keys. Each call
    /// passes the logits, one `f32` per query head
    /// ([`AttentionShape::sink_len`]; the graph's `[1, heads, 1, 1]`
    /// `FLOAT` tensor); the statistics count the sink, and
    /// [`Attention::backward`](super::Attention::backward) writes the
    /// logits' gradient. Not with `seq_q` 1 (cudnn-frontend 1.32 refuses a
    /// sink when decoding).
    pub sinks: bool,
}

/// The first cuDNN whose SDPA nodes take a sink
/// (`SDPA_FWD_SOFTMAX_DESC` with `SOFTMAX_SINK_DESC`, `SDPA_BWD_SINK_DESC`
/// and `SDPA_BWD_DSINK_DESC`), as the graph builder gates them.
const SINKS_SINCE: Version = Version::new(9, 21, 0);

static_assertions::assert_impl_all!(AttentionOptions: Send, Sync, Copy);

impl AttentionOptions {
    /// Checks the options alone: a window from 1 to 2^24 (cuDNN takes it
    /// as a `float`, exact up to 2^24), a right bound up to `i32::MAX` and
    /// not with a causal mask, a finite scale, bottom-right alignment only
    /// with a mask, and not both padding and ragged batches. A layer's
    /// `check` and `new` also apply `check_for`.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] with [`Mismatch::BadValue`] naming the
    /// option at fault.
    pub fn check(&self) -> Result<()> {
        self.check_in("AttentionOptions::check")
    }

    /// Checks the options against `shape` (after [`check`](Self::check)):
    /// aligned bottom-right, `seq_q` and `seq_kv` up to `i32::MAX` (cuDNN
    /// takes them as `INT32`) and, without sequence lengths, `seq_q` at
    /// most `seq_kv` (cuDNN's frontend refuses more queries than keys for
    /// a bottom-right band); ragged, `batch * seq_q` and `batch * seq_kv`
    /// up to `i32::MAX` (the cumulative offsets are `INT32`); sink tokens,
    /// `seq_q` above 1.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] with [`Mismatch::BadValue`] naming what
    /// does not fit, or [`Mismatch::Unsupported`] for sink tokens with
    /// `seq_q` 1.
    #[cfg(test)]
    pub(crate) fn check_for(&self, shape: &AttentionShape) -> Result<()> {
        let f = "AttentionOptions::check_for";
        self.check_in(f)?;
        self.check_for_in(f, shape)
    }

    pub(crate) fn check_in(&self, function: &'static str) -> Result<()> {
        if let Some(w) = self.sliding_window {
            if w == 0 || w > 1 << 24 {
                return Err(Error::bad_value(
                    function,
                    format!("sliding window {w}; it is from 1 to 2^24"),
                ));
            }
        }
        if let Some(s) = self.scale {
            if !s.is_finite() {
                return Err(Error::bad_value(
                    function,
                    format!("scale {s}; it is finite"),
                ));
            }
        }
        self.check_mask_in(function)?;
        if self.padding && self.ragged {
            return Err(Error::bad_value(
                function,
                "padding and ragged are two forms of the sequence lengths; give one",
            ));
        }
        Ok(())
    }

    /// The right bound and the alignment.
    fn check_mask_in(&self, function: &'static str) -> Result<()> {
        if let Some(r) = self.right_bound {
            if self.causal {
                return Err(Error::bad_value(
                    function,
                    format!(
                        "a causal mask and a right bound of {r}; a causal mask is a right \
                         bound of 0, give one of them"
                    ),
                ));
            }
            if i32::try_from(r).is_err() {
                return Err(Error::bad_value(
                    function,
                    format!("right bound {r}; cuDNN takes it as an INT32"),
                ));
            }
        }
        if self.alignment.is_bottom_right() && !self.has_mask() {
            return Err(Error::bad_value(
                function,
                "bottom-right alignment without a mask; it aligns a causal mask, a right bound \
                 or a sliding window",
            ));
        }
        Ok(())
    }

    /// Checks the options against the cuDNN `version` the layer is built
    /// with, for the options whose gate the layer applies before any graph
    /// is built: sink tokens need 9.21 (the forward's
    /// `SDPA_FWD_SOFTMAX_DESC`, the backward's `SDPA_BWD_SINK_DESC` and
    /// `DSINK_DESC`). The other options' versions are the graph builder's
    /// (see [`Graph::sdpa_forward`](crate::graph::Graph::sdpa_forward)).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] with [`Mismatch::Unsupported`] naming the
    /// option and the version it needs.
    #[cfg(test)]
    pub(crate) fn check_version(&self, version: Version) -> Result<()> {
        self.check_version_in("AttentionOptions::check_version", version)
    }

    pub(crate) fn check_version_in(&self, function: &'static str, version: Version) -> Result<()> {
        if self.sinks && version < SINKS_SINCE {
            return Err(Error::unsupported(
                function,
                format!(
                    "sink tokens need cuDNN {SINKS_SINCE} or later (SDPA_FWD_SOFTMAX_DESC, \
                     SDPA_BWD_SINK_DESC and DSINK_DESC); the loaded one is {version}"
                ),
            ));
        }
        Ok(())
    }

    /// Whether a causal mask, a right bound or a window is set.
    fn has_mask(&self) -> bool {
        self.causal || self.right_bound.is_some() || self.sliding_window.is_some()
    }

    pub(crate) fn check_for_in(
        &self,
        function: &'static str,
        shape: &AttentionShape,
    ) -> Result<()> {
        let int = |what: &str, v: usize| {
            if i32::try_from(v).is_ok() {
                return Ok(());
            }
            Err(Error::bad_value(
                function,
                format!("{what} {v}; cuDNN takes it as an INT32"),
            ))
        };
        if self.alignment.is_bottom_right() && self.has_mask() {
            int("aligned bottom-right, seq_q", shape.seq_q)?;
            int("aligned bottom-right, seq_kv", shape.seq_kv)?;
            if !self.padding && !self.ragged && shape.seq_q > shape.seq_kv {
                return Err(Error::bad_value(
                    function,
                    format!(
                        "aligned bottom-right, seq_q {} above seq_kv {}; without sequence \
                         lengths a bottom-right mask takes at most as many queries as keys",
                        shape.seq_q, shape.seq_kv
                    ),
                ));
            }
        }
        if self.sinks && shape.seq_q == 1 {
            return Err(Error::unsupported(
                function,
                "sink tokens with seq_q 1; cudnn-frontend 1.32 refuses a sink when decoding \
                 (validate_sdpa_support_surface)",
            ));
        }
        if self.ragged {
            let tokens = |s: usize| shape.batch.saturating_mul(s);
            int("ragged, batch * seq_q", tokens(shape.seq_q))?;
            int("ragged, batch * seq_kv", tokens(shape.seq_kv))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::error::Mismatch;

    fn what(e: Error) -> String {
        match e {
            Error::InvalidArgument {
                mismatch: Mismatch::BadValue { what },
                ..
            } => what,
            other => panic!("not a BadValue: {other:?}"),
        }
    }

    #[test]
    fn norm_shapes_need_sizes_and_a_count_that_fits() {
        assert!(NormShape {
            rows: 4,
            features: 768
        }
        .check()
        .is_ok());
        let e = NormShape {
            rows: 0,
            features: 1,
        }
        .check()
        .unwrap_err();
        assert!(what(e).starts_with("rows is 0"));
        let e = NormShape {
            rows: 1,
            features: 0,
        }
        .check()
        .unwrap_err();
        assert!(what(e).starts_with("features is 0"));
        let big = NormShape {
            rows: 1 << 32,
            features: 1 << 32,
        };
        assert!(what(big.check().unwrap_err()).contains("overflows i64"));
        assert_eq!(big.x_len(), (1usize << 32).saturating_mul(1 << 32));
    }

    #[test]
    fn attention_shapes_check_heads_and_counts() {
        let ok = AttentionShape {
            batch: 2,
            heads: 8,
            kv_heads: 2,
            seq_q: 128,
            seq_kv: 256,
            head_dim: 64,
        };
        assert!(ok.check().is_ok());
        assert_eq!(ok.q_len(), 2 * 8 * 128 * 64);
        assert_eq!(ok.kv_len(), 2 * 2 * 256 * 64);
        assert_eq!(ok.stats_len(), 2 * 8 * 128);
        let e = AttentionShape { kv_heads: 3, ..ok }.check().unwrap_err();
        assert!(what(e).contains("does not divide"));
        let e = AttentionShape { seq_kv: 0, ..ok }.check().unwrap_err();
        assert!(what(e).starts_with("seq_kv is 0"));
        let e = AttentionShape {
            seq_q: 1 << 31,
            seq_kv: 1 << 31,
            ..ok
        }
        .check()
        .unwrap_err();
        assert!(what(e).contains("scores"));
    }

    #[test]
    fn types_epsilon_and_options() {
        assert!(NORM_DATA_TYPES.contains(&Dt::FLOAT));
        assert!(!NORM_DATA_TYPES.contains(&Dt::DOUBLE));
        assert!(ATTENTION_DATA_TYPES.contains(&Dt::BFLOAT16));
        assert!(!ATTENTION_DATA_TYPES.contains(&Dt::FLOAT));
        for eps in [0.0, -1e-5, f32::NAN, f32::INFINITY] {
            assert!(check_epsilon(eps).is_err(), "{eps}");
        }
        assert!(check_epsilon(1e-6).is_ok());
        let o = AttentionOptions {
            sliding_window: Some(0),
            ..AttentionOptions::default()
        };
        assert!(what(o.check().unwrap_err()).contains("sliding window 0"));
        let o = AttentionOptions {
            scale: Some(f32::NAN),
            ..AttentionOptions::default()
        };
        assert!(o.check().is_err());
        assert!(AttentionOptions::default().check().is_ok());
    }
}
