//! The score subgraph of the attention nodes (`SDPA_FWD_SUBGRAPH` and
//! `SDPA_BWD_SUBGRAPH`, cuDNN 9.21): an additive bias (a pointwise `ADD`)
//! and the masks, each a `DIAGONAL_BAND_MASK` operation, built as cuDNN's
//! frontend 1.32 builds them (`attn::score_modifiers::sliding_window_mask`).
//!
//! The right bound (a causal mask is a right bound of 0) compares with
//! `CMP_GE`: key `j` of query `i` is kept when `i + shift >= j`; with
//! bottom-right alignment the mask also takes the query and key lengths
//! (the node's sequence lengths, or its dims as `INT32` scalars), and
//! cuDNN adds `S_kv - S_q` to the row. The left bound (a sliding window)
//! compares with `CMP_GT`: kept when `j + bound > i`; aligned top-left the
//! bound is the window, a `float`; aligned bottom-right with fixed lengths
//! it is `window - S_kv + S_q`, a `float`; with sequence lengths it is the
//! window as an `INT32` with the lengths, and cuDNN shifts by them. Every
//! scalar is passed by value and the fill of a masked score is negative
//! infinity.

use cudnn_sys as sys;

use sys::cudnnBackendAttributeName_t as A;
use sys::cudnnBackendDescriptorType_t as D;
use sys::cudnnPointwiseMode_t as Pw;

use super::super::checks;
use super::super::node::{BackendOp, Setting, Subgraph};
use super::super::TensorDef;
use super::{Dims, Lengths, SdpaOptions};
use crate::core::version::Version;

/// Where the diagonal of [`SdpaOptions`]'s masks (the causal mask, the
/// right bound and the sliding window) lies, as cuDNN's frontend's
/// `DiagonalAlignment_t`.
///
/// Aligned [`TOP_LEFT`](Self::TOP_LEFT) (the default), query `i` sits on
/// the diagonal at key `i`. Aligned [`BOTTOM_RIGHT`](Self::BOTTOM_RIGHT),
/// the last query sits at the last key: query `i` at key `i + len_kv -
/// len_q`, the lengths being each batch item's actual ones when the node
/// has sequence lengths and `S_q`, `S_kv` otherwise (decoding and chunked
/// prefill, where the queries are the last `S_q` of `S_kv` positions).
/// Without a mask the alignment changes nothing.
#[doc(alias = "DiagonalAlignment_t")]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct DiagonalAlignment(u8);

impl DiagonalAlignment {
    /// Query `i` on the diagonal at key `i` (`TOP_LEFT`).
    pub const TOP_LEFT: DiagonalAlignment = DiagonalAlignment(0);
    /// The last query on the diagonal at the last key (`BOTTOM_RIGHT`).
    pub const BOTTOM_RIGHT: DiagonalAlignment = DiagonalAlignment(1);

    /// Whether it is [`BOTTOM_RIGHT`](Self::BOTTOM_RIGHT).
    pub fn is_bottom_right(self) -> bool {
        self == Self::BOTTOM_RIGHT
    }
}

static_assertions::assert_impl_all!(DiagonalAlignment: Send, Sync, Copy);

/// The masks of a node's options, checked: the right bound (0 for a
/// causal mask), the sliding window, and whether they are aligned
/// bottom-right.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Bounds {
    right: Option<i32>,
    causal: bool,
    left: Option<i64>,
    bottom_right: bool,
}

/// The masks of `options` over `dims`, or what is wrong: a causal mask
/// with a right bound, a right bound below 0, a window below 1, or, where
/// cuDNN takes them as `INT32`, a bound, window or length over
/// `i32::MAX`.
pub(super) fn check_bounds(options: &SdpaOptions, dims: &Dims) -> Result<Bounds, String> {
    let bottom_right = options.alignment.is_bottom_right();
    let right = match (options.causal, options.right_bound) {
        (true, Some(r)) => {
            return Err(format!(
                "a causal mask and a right bound of {r}; a causal mask is a right bound of 0, \
                 give one of them"
            ))
        }
        (true, None) => Some(0),
        (false, Some(r)) if r < 0 => return Err(format!("right bound {r}; it is at least 0")),
        (false, r) => r,
    };
    if let Some(w) = options.sliding_window {
        if w < 1 {
            return Err(format!("sliding window {w}; it is at least 1"));
        }
    }
    let as_int = |what: &str, v: i64| {
        i32::try_from(v).map_err(|_| format!("{what} {v}; cuDNN takes it as an INT32"))
    };
    let right = right.map(|r| as_int("right bound", r)).transpose()?;
    if bottom_right && (right.is_some() || options.sliding_window.is_some()) {
        as_int("a query length of", dims.sq)?;
        as_int("a key length of", dims.skv)?;
        if let Some(w) = options.sliding_window {
            as_int("sliding window", w)?;
        }
    }
    Ok(Bounds {
        right,
        causal: options.causal,
        left: options.sliding_window,
        bottom_right,
    })
}

/// A tensor a mask reads: one of the plan's new tensors (by position) or
/// one of the graph's (by index: a bias, a sequence length).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ref {
    New(usize),
    Graph(usize),
}

/// One `DIAGONAL_BAND_MASK` of a plan.
#[derive(Debug, Clone, PartialEq, Eq)]
struct BandMask {
    cmp: Pw,
    x: Ref,
    fill: Ref,
    left: Option<Ref>,
    shift: Option<Ref>,
    /// The query and key lengths, and whether each is cumulative.
    lengths: Option<[(Ref, bool); 2]>,
    y: Ref,
}

/// The score subgraph an attention node makes: the new tensors (in
/// order), and how its operations use them.
pub(super) struct ScorePlan {
    pub(super) tensors: Vec<TensorDef>,
    bias: Option<usize>,
    masks: Vec<BandMask>,
}

/// The names of one mask's new tensors.
struct Names {
    fill: &'static str,
    shift: &'static str,
    s_q: &'static str,
    s_kv: &'static str,
    y: &'static str,
}

const CAUSAL: Names = Names {
    fill: "causal_fill",
    shift: "causal_shift",
    s_q: "causal_s_q",
    s_kv: "causal_s_kv",
    y: "scores_causal",
};
const RIGHT: Names = Names {
    fill: "right_fill",
    shift: "right_shift",
    s_q: "right_s_q",
    s_kv: "right_s_kv",
    y: "scores_right",
};
const WINDOW: Names = Names {
    fill: "window_fill",
    shift: "window_bound",
    s_q: "window_s_q",
    s_kv: "window_s_kv",
    y: "scores_windowed",
};

/// A plan being made: its tensors so far, of the scores' dims.
struct Builder {
    tensors: Vec<TensorDef>,
    dims: Vec<i64>,
}

impl Builder {
    fn push(&mut self, t: TensorDef) -> Ref {
        self.tensors.push(t);
        Ref::New(self.tensors.len() - 1)
    }

    /// A virtual tensor of the scores' dims.
    fn scores(&mut self, suffix: &'static str) -> Ref {
        let s = checks::packed_strides(&self.dims);
        self.push(TensorDef::output(suffix, self.dims.clone(), s))
    }

    /// The lengths a bottom-right mask takes: the node's, or its dims as
    /// `INT32` scalars.
    fn lengths(
        &mut self,
        seq: Option<(Lengths, Lengths)>,
        dims: &Dims,
        names: &Names,
    ) -> [(Ref, bool); 2] {
        match seq {
            Some((q, kv)) => [q, kv].map(|l| (Ref::Graph(l.index()), l.is_cumulative())),
            None => [
                (self.push(int_scalar(names.s_q, dims.sq)), false),
                (self.push(int_scalar(names.s_kv, dims.skv)), false),
            ],
        }
    }
}

/// An `INT32` scalar passed by value, of 4 dimensions of 1; `v` was
/// checked to fit.
fn int_scalar(suffix: &'static str, v: i64) -> TensorDef {
    TensorDef::int_scalar(suffix, 4, i32::try_from(v).unwrap_or(i32::MAX))
}

impl ScorePlan {
    /// The subgraph's tensors for the checked `bounds`, the bias and the
    /// node's sequence lengths: the scores (virtual), then per modifier
    /// its scalars and its output (virtual).
    pub(super) fn new(
        bounds: &Bounds,
        dims: &Dims,
        bias: Option<usize>,
        seq: Option<(Lengths, Lengths)>,
    ) -> ScorePlan {
        let mut b = Builder {
            tensors: Vec::new(),
            dims: vec![dims.b, dims.hq, dims.sq, dims.skv],
        };
        let mut masks = Vec::new();
        if bias.is_none() && bounds.right.is_none() && bounds.left.is_none() {
            return ScorePlan {
                tensors: b.tensors,
                bias,
                masks,
            };
        }
        let mut prev = b.scores("scores");
        if bias.is_some() {
            prev = b.scores("scores_biased");
        }
        if let Some(r) = bounds.right {
            let names = if bounds.causal { &CAUSAL } else { &RIGHT };
            let fill = b.push(TensorDef::scalar(names.fill, 4, f32::NEG_INFINITY));
            let shift = (r != 0).then(|| b.push(TensorDef::int_scalar(names.shift, 4, r)));
            let lengths = bounds.bottom_right.then(|| b.lengths(seq, dims, names));
            let y = b.scores(names.y);
            masks.push(BandMask {
                cmp: Pw::CMP_GE,
                x: prev,
                fill,
                left: None,
                shift,
                lengths,
                y,
            });
            prev = y;
        }
        if let Some(w) = bounds.left {
            let fill = b.push(TensorDef::scalar(WINDOW.fill, 4, f32::NEG_INFINITY));
            let (left, lengths) = match (bounds.bottom_right, seq) {
                (false, _) => (TensorDef::scalar(WINDOW.shift, 4, w as f32), None),
                (true, None) => {
                    let shifted = w - dims.skv + dims.sq;
                    (TensorDef::scalar(WINDOW.shift, 4, shifted as f32), None)
                }
                (true, Some(_)) => (
                    int_scalar(WINDOW.shift, w),
                    Some(b.lengths(seq, dims, &WINDOW)),
                ),
            };
            let left = b.push(left);
            let y = b.scores(WINDOW.y);
            masks.push(BandMask {
                cmp: Pw::CMP_GT,
                x: prev,
                fill,
                left: Some(left),
                shift: None,
                lengths,
                y,
            });
        }
        ScorePlan {
            tensors: b.tensors,
            bias,
            masks,
        }
    }

    /// The subgraph over the new tensors `n` (this plan's, in order), for
    /// the forward's or the backward's attributes.
    pub(super) fn subgraph(&self, n: &[usize], forward: bool) -> Option<Subgraph> {
        let at = |r: Ref| match r {
            Ref::New(p) => n.get(p).copied(),
            Ref::Graph(i) => Some(i),
        };
        let scores = *n.first()?;
        let mut ops = Vec::new();
        let mut prev = scores;
        if let Some(b) = self.bias {
            let y = *n.get(1)?;
            ops.push(BackendOp::pointwise(Pw::CUDNN_POINTWISE_ADD, &[prev, b], y));
            prev = y;
        }
        for m in &self.masks {
            ops.push(band_mask(m, &at)?);
            prev = at(m.y)?;
        }
        let (attr, input_attr, output_attr) = if forward {
            (
                A::OPERATION_SDPA_FWD_SUBGRAPH,
                A::OPERATION_SDPA_FWD_SUBGRAPH_INPUT_UID,
                A::OPERATION_SDPA_FWD_SUBGRAPH_OUTPUT_UID,
            )
        } else {
            (
                A::OPERATION_SDPA_BWD_SUBGRAPH,
                A::OPERATION_SDPA_BWD_SUBGRAPH_INPUT_UID,
                A::OPERATION_SDPA_BWD_SUBGRAPH_OUTPUT_UID,
            )
        };
        Some(Subgraph {
            ops,
            attr,
            input_attr,
            input: scores,
            output_attr,
            output: prev,
        })
    }
}

/// A diagonal band mask's operation, its tensors resolved by `at`:
/// entries outside the band get the fill (see the module's docs for the
/// comparisons); cumulative lengths need cuDNN 9.24.
fn band_mask(m: &BandMask, at: &dyn Fn(Ref) -> Option<usize>) -> Option<BackendOp> {
    let mut op = BackendOp::new(
        "diagonal_band_mask",
        D::OPERATION_DIAGONAL_BAND_MASK_DESCRIPTOR,
        Version::new(9, 20, 0),
        "OPERATION_DIAGONAL_BAND_MASK, @since 9.20.0",
    );
    op.settings.push(Setting::Pointwise(
        A::OPERATION_DIAGONAL_BAND_MASK_COMPARISON_MODE,
        m.cmp,
    ));
    op.input(A::OPERATION_DIAGONAL_BAND_MASK_XDESC, at(m.x)?);
    op.input(A::OPERATION_DIAGONAL_BAND_MASK_BDESC, at(m.fill)?);
    if let Some(l) = m.left {
        op.input(A::OPERATION_DIAGONAL_BAND_MASK_LEFT_BOUND_DESC, at(l)?);
    }
    if let Some(s) = m.shift {
        op.input(
            A::OPERATION_DIAGONAL_BAND_MASK_SHIFT_RIGHT_BOUND_DESC,
            at(s)?,
        );
    }
    if let Some([(q, cu_q), (kv, cu_kv)]) = m.lengths {
        let (q_attr, kv_attr) = (
            if cu_q {
                A::OPERATION_DIAGONAL_BAND_MASK_CU_SEQ_LEN_QDESC
            } else {
                A::OPERATION_DIAGONAL_BAND_MASK_SEQ_LEN_QDESC
            },
            if cu_kv {
                A::OPERATION_DIAGONAL_BAND_MASK_CU_SEQ_LEN_KVDESC
            } else {
                A::OPERATION_DIAGONAL_BAND_MASK_SEQ_LEN_KVDESC
            },
        );
        op.input(q_attr, at(q)?);
        op.input(kv_attr, at(kv)?);
        if cu_q || cu_kv {
            op.require(
                Version::new(9, 24, 0),
                "DIAGONAL_BAND_MASK_CU_SEQ_LEN_QDESC and CU_SEQ_LEN_KVDESC, @since 9.24.0",
            );
        }
    }
    op.output(A::OPERATION_DIAGONAL_BAND_MASK_YDESC, at(m.y)?);
    Some(op)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::dtype::DType as Dt;

    fn dims(sq: i64, skv: i64) -> Dims {
        Dims {
            b: 2,
            hq: 4,
            sq,
            skv,
            d: 64,
            dv: 64,
        }
    }

    fn options(f: impl FnOnce(&mut SdpaOptions)) -> SdpaOptions {
        let mut o = SdpaOptions::default();
        f(&mut o);
        o
    }

    #[test]
    fn a_causal_mask_is_a_right_bound_of_0_and_not_both() {
        let d = dims(64, 128);
        let b = check_bounds(&options(|o| o.causal = true), &d).unwrap();
        assert_eq!((b.right, b.causal, b.left), (Some(0), true, None));
        let both = options(|o| {
            o.causal = true;
            o.right_bound = Some(3);
        });
        let e = check_bounds(&both, &d).unwrap_err();
        assert!(e.contains("a causal mask is a right bound of 0"), "{e}");
        let e = check_bounds(&options(|o| o.right_bound = Some(-1)), &d).unwrap_err();
        assert!(e.contains("right bound -1; it is at least 0"), "{e}");
        let e = check_bounds(&options(|o| o.sliding_window = Some(0)), &d).unwrap_err();
        assert!(e.contains("sliding window 0; it is at least 1"), "{e}");
    }

    #[test]
    fn int32_values_are_checked_to_fit() {
        let d = dims(64, 128);
        let big = i64::from(i32::MAX) + 1;
        let e = check_bounds(&options(|o| o.right_bound = Some(big)), &d).unwrap_err();
        assert!(e.contains("cuDNN takes it as an INT32"), "{e}");
        let bottom_right = |w| {
            options(|o| {
                o.alignment = DiagonalAlignment::BOTTOM_RIGHT;
                o.sliding_window = Some(w);
            })
        };
        let e = check_bounds(&bottom_right(big), &d).unwrap_err();
        assert!(e.contains("sliding window"), "{e}");
        let e = check_bounds(&bottom_right(8), &dims(64, big)).unwrap_err();
        assert!(e.contains("a key length of"), "{e}");
        // Top-left, the window is a float and the lengths are not taken.
        let top_left = options(|o| o.sliding_window = Some(big));
        assert!(check_bounds(&top_left, &dims(64, big)).is_ok());
    }

    fn suffixes(p: &ScorePlan) -> Vec<&str> {
        p.tensors.iter().map(|t| t.name()).collect()
    }

    #[test]
    fn bottom_right_masks_take_the_lengths_as_the_frontend_does() {
        let d = dims(16, 128);
        let o = options(|o| {
            o.alignment = DiagonalAlignment::BOTTOM_RIGHT;
            o.right_bound = Some(2);
            o.sliding_window = Some(32);
        });
        let p = ScorePlan::new(&check_bounds(&o, &d).unwrap(), &d, None, None);
        assert_eq!(
            suffixes(&p),
            [
                "scores",
                "right_fill",
                "right_shift",
                "right_s_q",
                "right_s_kv",
                "scores_right",
                "window_fill",
                "window_bound",
                "scores_windowed",
            ]
        );
        // Fixed lengths: the window's bound is shifted, a float.
        let bound = &p.tensors[7];
        assert_eq!(bound.dtype(), Some(Dt::FLOAT));
        let want = (32 - 128 + 16) as f32;
        assert_eq!(bound.by_value, Some(crate::graph::ScalarValue::Float(want)));
        assert_eq!(p.tensors[3].dtype(), Some(Dt::INT32));
        let n: Vec<usize> = (100..100 + p.tensors.len()).collect();
        let sub = p.subgraph(&n, true).unwrap();
        assert_eq!(sub.ops.len(), 2);
        assert_eq!((sub.input, sub.output), (100, 108));

        // With the node's lengths, the masks take them (cumulative ones
        // through their own attributes) and the window is an INT32.
        let seq = Some((Lengths::Cumulative(7), Lengths::PerItem(8)));
        let p = ScorePlan::new(&check_bounds(&o, &d).unwrap(), &d, None, seq);
        assert_eq!(
            suffixes(&p),
            [
                "scores",
                "right_fill",
                "right_shift",
                "scores_right",
                "window_fill",
                "window_bound",
                "scores_windowed",
            ]
        );
        assert_eq!(p.tensors[5].dtype(), Some(Dt::INT32));
        let n: Vec<usize> = (100..100 + p.tensors.len()).collect();
        let sub = p.subgraph(&n, false).unwrap();
        let m = &sub.ops[0];
        assert_eq!(m.kind, "diagonal_band_mask");
        let slot = |a: A| m.slots.iter().find(|s| s.attr == a).map(|s| s.tensor);
        assert_eq!(
            slot(A::OPERATION_DIAGONAL_BAND_MASK_CU_SEQ_LEN_QDESC),
            Some(7)
        );
        assert_eq!(
            slot(A::OPERATION_DIAGONAL_BAND_MASK_SEQ_LEN_KVDESC),
            Some(8)
        );
        assert_eq!(m.min_version().0, Version::new(9, 24, 0));
    }

    #[test]
    fn top_left_masks_are_unchanged() {
        let d = dims(128, 128);
        let o = options(|o| {
            o.causal = true;
            o.sliding_window = Some(32);
        });
        let p = ScorePlan::new(&check_bounds(&o, &d).unwrap(), &d, Some(9), None);
        assert_eq!(
            suffixes(&p),
            [
                "scores",
                "scores_biased",
                "causal_fill",
                "scores_causal",
                "window_fill",
                "window_bound",
                "scores_windowed",
            ]
        );
        let none = ScorePlan::new(
            &check_bounds(&SdpaOptions::default(), &d).unwrap(),
            &d,
            None,
            None,
        );
        assert!(none.tensors.is_empty());
        assert!(none.subgraph(&[], true).is_none());
    }
}
