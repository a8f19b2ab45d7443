//! Fused scaled dot-product attention through cuDNN's graph API
//! ([`cudnn::nn::Attention`]): causal and sliding-window masks, padding
//! masks from sequence lengths, grouped-query attention, bf16 and f16.

use candle_core::{DType, Result, Tensor};
use cudnn::nn::{Attention, AttentionOptions, AttentionShape, ATTENTION_DATA_TYPES};

use crate::backend;
use crate::error::{bad_shape, bad_value, OrCandle};
use crate::types::layer_dtype;

/// The options of [`sdpa`].
///
/// `Default`: no mask, scale `1 / sqrt(head_dim)`.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct SdpaParams {
    /// Multiplies `Q K^T` before the softmax; `None`: `1 / sqrt(head_dim)`.
    pub scale: Option<f32>,
    /// Query `i` attends to keys `j <= i` only (the masks are aligned at the
    /// top left, as PyTorch's `is_causal`).
    pub causal: bool,
    /// A sliding window of `w` keys: query `i` attends to keys `j > i - w`
    /// (with `causal`, its `w` most recent keys, itself included); from 1
    /// to 2^24.
    pub sliding_window: Option<usize>,
}

/// The actual lengths of the sequences of a padded batch: `q` and `kv`,
/// one `i32` per batch item each (`[B]`), on the device of the queries.
/// Query rows past `q[b]` and keys past `kv[b]` take no part; the output's
/// rows past `q[b]` are left as cuDNN writes them. The lengths live on the
/// device, where they cannot be read before the launch, and cuDNN reads its
/// inputs up to them unchecked: so they are given through the `unsafe`
/// [`new`](Self::new), as [`cudnn::nn::SeqLens`] are. (Their shapes and
/// type are checked.)
#[derive(Debug, Clone)]
pub struct SeqLens {
    pub(crate) q: Tensor,
    pub(crate) kv: Tensor,
}

impl SeqLens {
    /// The query lengths `q` and key/value lengths `kv` of each batch item,
    /// `[B]` `i32` each.
    ///
    /// # Safety
    /// In every [`sdpa`] call that is given them, and in the backward pass
    /// of its result, until that work completes on the device: every value
    /// of `q` is from 0 to the call's `S_q`, and every value of `kv` from 0
    /// to its `S_kv`. cuDNN reads the attention's inputs up to these
    /// lengths, so a larger one reads out of bounds.
    pub unsafe fn new(q: Tensor, kv: Tensor) -> SeqLens {
        SeqLens { q, kv }
    }
    /// The query lengths.
    pub fn q(&self) -> &Tensor {
        &self.q
    }
    /// The key and value lengths.
    pub fn kv(&self) -> &Tensor {
        &self.kv
    }
}

/// What cuDNN is asked for: the shape, element type and options.
#[derive(Debug, Clone, Copy)]
#[cfg_attr(not(feature = "cuda"), allow(dead_code))]
pub(crate) struct SdpaProblem {
    pub(crate) shape: AttentionShape,
    pub(crate) dtype: cudnn::sys::cudnnDataType_t,
    pub(crate) options: AttentionOptions,
}

const F: &str = "cudnn_candle::sdpa";

fn dims4(name: &str, t: &Tensor) -> Result<[usize; 4]> {
    <[usize; 4]>::try_from(t.dims()).map_err(|_| {
        bad_shape(
            F,
            format!(
                "{name} is {:?}; it is [batch, heads, seq, head_dim]",
                t.dims()
            ),
        )
    })
}

fn check_seq_lens(batch: usize, lens: &SeqLens) -> Result<()> {
    for (name, t) in [("seq_lens.q", &lens.q), ("seq_lens.kv", &lens.kv)] {
        if t.dtype() != DType::I32 {
            return Err(bad_value(
                F,
                format!("{name} is {:?}; it is i32", t.dtype()),
            ));
        }
        if t.dims() != [batch] {
            return Err(bad_shape(
                F,
                format!("{name} is {:?}; it is [batch] = [{batch}]", t.dims()),
            ));
        }
    }
    Ok(())
}

/// Checks the arguments of [`sdpa`] with cudnn-rs's own rules
/// ([`Attention::check`]: shape, type, options), without a GPU.
pub(crate) fn check(
    q: &Tensor,
    k: &Tensor,
    v: &Tensor,
    params: &SdpaParams,
    seq_lens: Option<&SeqLens>,
) -> Result<SdpaProblem> {
    let [b, h, sq, d] = dims4("q", q)?;
    let [bk, hk, skv, dk] = dims4("k", k)?;
    if k.dims() != v.dims() {
        return Err(bad_shape(
            F,
            format!(
                "k is {:?} but v is {:?}; they are alike",
                k.dims(),
                v.dims()
            ),
        ));
    }
    if bk != b || dk != d {
        return Err(bad_shape(
            F,
            format!(
                "q is {:?} and k {:?}: batch and head_dim differ",
                q.dims(),
                k.dims()
            ),
        ));
    }
    for (name, t) in [("k", k), ("v", v)] {
        if t.dtype() != q.dtype() {
            return Err(bad_value(
                F,
                format!("q is {:?} but {name} is {:?}", q.dtype(), t.dtype()),
            ));
        }
    }
    if let Some(lens) = seq_lens {
        check_seq_lens(b, lens)?;
    }
    let shape = AttentionShape {
        batch: b,
        heads: h,
        kv_heads: hk,
        seq_q: sq,
        seq_kv: skv,
        head_dim: d,
    };
    let options = AttentionOptions {
        causal: params.causal,
        sliding_window: params.sliding_window,
        scale: params.scale,
        padding: seq_lens.is_some(),
        ..AttentionOptions::default()
    };
    let dtype = layer_dtype(F, q.dtype(), ATTENTION_DATA_TYPES)?;
    // The element type only picks the layer; the checks are the same.
    Attention::<half::bf16>::check(&shape, &options).or_candle()?;
    Ok(SdpaProblem {
        shape,
        dtype,
        options,
    })
}

/// `softmax(scale * Q K^T, masked) V`, fused by cuDNN: `q` `[B, H, S_q, D]`,
/// `k` and `v` `[B, H_kv, S_kv, D]` (`H_kv` divides `H`: grouped-query
/// attention), bf16 or f16, on one CUDA device; the result is `q`'s shape.
/// `seq_lens` masks the padding of each batch item. Differentiable in `q`,
/// `k` and `v`: candle's backward runs cuDNN's SDPA backward with the
/// statistics the forward kept.
///
/// One [`Attention`] layer (its plans and workspace) is built per shape,
/// type and options on each device, and kept. cuDNN 9.13 or later runs the
/// forward, 9.17 the backward (9.21 with a causal mask or window, 9.15
/// with padding); head dims and sequence lengths must suit its engines
/// (head_dim a multiple of 8, up to 128 or 256 by GPU). Inputs that are
/// not contiguous (a `[B, S, H, D]` tensor transposed, say) are copied.
///
/// # Errors
/// Candle errors carrying cudnn-rs's message: [`Attention::check`]'s
/// refusals (shapes, type, options), shapes of `q`, `k`, `v` and
/// `seq_lens` that do not agree, a cuDNN too old or an engine that does
/// not take the shape ([`cudnn::Error::NoEngine`]), tensors that are not on
/// one CUDA device (or a build without the `cuda` feature), cuDNN's and
/// CUDA's failures.
pub fn sdpa(
    q: &Tensor,
    k: &Tensor,
    v: &Tensor,
    params: &SdpaParams,
    seq_lens: Option<&SeqLens>,
) -> Result<Tensor> {
    let problem = check(q, k, v, params, seq_lens)?;
    backend::sdpa(q, k, v, problem, seq_lens)
}
