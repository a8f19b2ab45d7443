//! Which SDPA forwards and backwards have a composite form (the graph of
//! matmuls and a softmax of the releases before the unified operations,
//! `expand.rs` and `expand/backward.rs`):
//! a scale, a bias, a causal mask (aligned top-left, or bottom-right
//! without a bias or dropout, and with `S_q <= S_kv` or sequence lengths:
//! the frontend's rules), per-item sequence lengths (a padding mask),
//! dropout and the statistics. The other options (a sink and the
//! softmax's max and sum-exp among them) keep the unified
//! operation's gate. The backward's composite here takes no sequence
//! lengths and no bias gradient.

use super::super::node::{Composite, CompositeSdpa, CompositeSdpaBackward};
use super::{Lengths, SdpaNode, SdpaOptions};

/// What of a forward's options its composite form reads besides the
/// node's tensors, or what it does not express.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Legacy {
    gap: Option<&'static str>,
    bias: Option<usize>,
    causal: bool,
    bottom_right: bool,
}

impl Legacy {
    /// A forward's, of `options`, its checked `bias` and its `S_q` and
    /// `S_kv`.
    pub(super) fn of(options: &SdpaOptions, bias: Option<usize>, [sq, skv]: [i64; 2]) -> Legacy {
        let cumulative = options.cu_seq_len_q.is_some() || options.cu_seq_len_kv.is_some();
        let bottom_right = options.causal && options.alignment.is_bottom_right();
        let padded = options.seq_len_q.is_some() && options.seq_len_kv.is_some();
        let gap = if options.paged.is_some() {
            Some("paged K/V")
        } else if options.block_mask.is_some() {
            Some("a block mask")
        } else if options.fp8.is_some() || options.mxfp8.is_some() {
            Some("FP8")
        } else if options.sink.is_some() || options.max_sum_exp {
            Some("a sink or the softmax's max and sum-exp")
        } else if cumulative {
            Some("cumulative sequence lengths")
        } else if options.right_bound.is_some() || options.sliding_window.is_some() {
            Some("a right bound or a sliding window")
        } else if bottom_right && (bias.is_some() || options.dropout.is_some()) {
            Some("a causal mask aligned bottom-right with a bias or dropout")
        } else if bottom_right && !padded && sq > skv {
            Some("a causal mask aligned bottom-right with more queries than keys and no lengths")
        } else {
            None
        };
        Legacy {
            gap,
            bias,
            causal: options.causal,
            bottom_right,
        }
    }

    /// The composite form of forward `node`, whose new tensors are `n`
    /// (`o`, the statistics when `has_stats`, the scale, ...).
    pub(super) fn composite(&self, node: &SdpaNode, has_stats: bool, n: &[usize]) -> Composite {
        if let Some(gap) = self.gap {
            return Composite::Inexpressible(gap);
        }
        let seq = match node.seq {
            Some((Lengths::PerItem(q), Lengths::PerItem(kv))) => Some((q, kv)),
            Some(_) => return Composite::Inexpressible("cumulative sequence lengths"),
            None => None,
        };
        Composite::Sdpa(Box::new(CompositeSdpa {
            q: node.ins[0],
            k: node.ins[1],
            v: node.ins[2],
            o: n[0],
            stats: has_stats.then(|| n[1]),
            scale: n[1 + usize::from(has_stats)],
            bias: self.bias,
            causal: self.causal,
            bottom_right: self.bottom_right,
            seq,
            dropout: node.dropout,
        }))
    }

    /// A backward's, of `options`, its checked `bias` and its `S_q` and
    /// `S_kv`: the forward's gaps, and sequence lengths and the bias's
    /// gradient (not expressed in the composite backward here).
    pub(super) fn backward(options: &SdpaOptions, bias: Option<usize>, sq_skv: [i64; 2]) -> Legacy {
        let mut legacy = Legacy::of(options, bias, sq_skv);
        if legacy.gap.is_none() {
            legacy.gap = if options.seq_len_q.is_some() || options.seq_len_kv.is_some() {
                Some("sequence lengths in the backward")
            } else if options.bias_gradient {
                Some("the bias's gradient")
            } else {
                None
            };
        }
        legacy
    }

    /// The composite form of backward `node`, whose new tensors are `n`
    /// (`dq`, `dk`, `dv`, the scale, ...).
    pub(super) fn composite_backward(&self, node: &SdpaNode, n: &[usize]) -> Composite {
        if let Some(gap) = self.gap {
            return Composite::Inexpressible(gap);
        }
        let i = &node.ins;
        Composite::SdpaBackward(Box::new(CompositeSdpaBackward {
            ins: [i[0], i[1], i[2], i[3], i[4], i[5]],
            grads: [n[0], n[1], n[2]],
            scale: n[3],
            bias: self.bias,
            causal: self.causal,
            bottom_right: self.bottom_right,
            dropout: node.dropout,
        }))
    }
}
