//! The composite's expansion, without cuDNN: its operations in the
//! frontend's order, its refusals.

use super::super::node::Setting;
use super::*;
use crate::core::error::{Error, Mismatch};
use crate::graph::{SdpaDropout, SdpaOptions, TensorId};
use sys::cudnnBackendAttributeName_t as A;

const BF16: Dt = Dt::BFLOAT16;
const I32: Dt = Dt::INT32;

fn forward(options: &dyn Fn(&mut Graph) -> SdpaOptions) -> (Graph, TensorId) {
    let mut g = Graph::new("f");
    let q = g.tensor("q", &[1, 2, 64, 32], BF16).unwrap();
    let [k, v] = ["k", "v"].map(|n| g.tensor(n, &[1, 2, 96, 32], BF16).unwrap());
    let o = options(&mut g);
    g.sdpa_forward(q, k, v, &o).unwrap();
    (g, k)
}

fn op_names(e: &Expanded) -> Vec<String> {
    e.graph.ops.iter().map(|o| o.name.to_string()).collect()
}

#[test]
fn the_forward_expands_as_the_frontend_builds_it() {
    let (g, k) = forward(&|_| SdpaOptions::default());
    assert!(g
        .expand_composites("t", Version::new(9, 13, 0), false)
        .unwrap()
        .is_none());
    let e = g
        .expand_composites("t", Version::new(9, 10, 2), false)
        .unwrap()
        .unwrap();
    let want = [
        "bmm1",
        "attn_scale",
        "max",
        "sub_m",
        "exp_sub_m",
        "sum",
        "log",
        "add",
        "div",
        "bmm2",
    ];
    let want: Vec<String> = want.iter().map(|w| format!("sdpa_forward#0.{w}")).collect();
    assert_eq!(op_names(&e), want);
    let kt = &e.graph.tensors[k.index as usize];
    assert_eq!(kt.dims, [1, 2, 32, 96]);
    assert_eq!(kt.strides, [6144, 3072, 1, 32]);
    // The probabilities bmm2 reads are virtual, in q's type.
    let p = e
        .graph
        .tensors
        .iter()
        .position(|t| t.name.ends_with(".softmax"));
    let p = p.unwrap();
    assert_eq!(e.graph.tensors[p].dtype(), Some(BF16));
    assert!(e.typed_virtual.contains(&p));
    // The expanded graph has no version gate left.
    assert!(e
        .graph
        .check_versions_at("t", Version::new(8, 9, 5))
        .is_ok());
    // Below 9.0 the keys past a length not a multiple of 64 are masked.
    let e = g
        .expand_composites("t", Version::new(8, 9, 5), false)
        .unwrap()
        .unwrap();
    assert!(op_names(&e).iter().any(|n| n.ends_with("col_less_seq_kv")));
}

// From cuDNN 9.21 the softmax is one OPERATION_SOFTMAX, as the
// frontend's INode::softmax makes it there: the statistics where asked
// for, none otherwise.
#[test]
fn the_softmax_is_one_operation_from_9_21() {
    let names = |stats: bool, at: Version| {
        let (g, _) = forward(&|_| SdpaOptions {
            stats,
            ..SdpaOptions::default()
        });
        let e = g.expand_composites("t", at, true).unwrap().unwrap();
        let softmax = e.graph.ops.iter().find(|o| o.op.kind == "softmax");
        let has_stats = softmax.map(|o| {
            let a = A::OPERATION_SOFTMAX_STATS_DESC;
            o.op.slots.iter().any(|s| s.attr == a)
        });
        (op_names(&e), has_stats)
    };
    let want = ["bmm1", "attn_scale", "softmax", "bmm2"];
    let want: Vec<String> = want.iter().map(|w| format!("sdpa_forward#0.{w}")).collect();
    for (stats, with) in [(true, Some(true)), (false, Some(false))] {
        let (n, s) = names(stats, Version::new(9, 21, 0));
        assert_eq!((n, s), (want.clone(), with));
    }
    let (n, s) = names(true, Version::new(9, 20, 0));
    assert!(
        n.iter().any(|n| n.ends_with(".max")) && s.is_none(),
        "{n:?}"
    );
}

#[test]
fn masks_lengths_and_dropout_expand() {
    let (g, _) = forward(&|g| SdpaOptions {
        causal: true,
        bias: Some(g.tensor("bias", &[1, 2, 64, 96], BF16).unwrap()),
        seq_len_q: Some(g.tensor("sq", &[1, 1, 1, 1], I32).unwrap()),
        seq_len_kv: Some(g.tensor("skv", &[1, 1, 1, 1], I32).unwrap()),
        dropout: Some(SdpaDropout {
            probability: 0.25,
            seed: g.tensor("seed", &[1, 1, 1, 1], Dt::INT64).unwrap(),
            offset: g.tensor("offset", &[1, 1, 1, 1], Dt::INT64).unwrap(),
        }),
        stats: true,
        ..SdpaOptions::default()
    });
    let e = g
        .expand_composites("t", Version::new(9, 10, 2), false)
        .unwrap()
        .unwrap();
    let names = op_names(&e);
    for w in [
        "bias_add",
        "gen_row_idx_padding",
        "and_row_col_padding",
        "select_padding",
        "row>=col",
        "causal_select",
        "rng",
        "dropout_scale",
    ] {
        assert!(names.iter().any(|n| n.ends_with(w)), "{w}: {names:?}");
    }
    let rng = e.graph.ops.iter().find(|o| o.op.kind == "rng").map(|o| {
        let Setting::Nested(_, n) = &o.op.settings[0] else {
            panic!("{:?}", o.op.settings);
        };
        n.settings.clone()
    });
    let bernoulli = Setting::Double(A::RNG_BERNOULLI_DIST_PROBABILITY, 0.75);
    assert!(rng.is_some_and(|s| s.contains(&bernoulli)));
    // The lengths override both matmuls' sizes.
    let overrides: Vec<[Option<usize>; 3]> = e
        .graph
        .ops
        .iter()
        .filter(|o| o.op.kind == "matmul")
        .map(|o| {
            let slot = |a: A| o.op.slots.iter().find(|s| s.attr == a).map(|s| s.tensor);
            [
                slot(A::OPERATION_MATMUL_GEMM_M_OVERRIDE_DESC),
                slot(A::OPERATION_MATMUL_GEMM_N_OVERRIDE_DESC),
                slot(A::OPERATION_MATMUL_GEMM_K_OVERRIDE_DESC),
            ]
        })
        .collect();
    assert_eq!(overrides.len(), 2);
    assert!(overrides[0][0].is_some() && overrides[0][1].is_some());
    assert!(overrides[1][0].is_some() && overrides[1][2].is_some());
    // The fill is negative infinity from 9.10, the lowest float before.
    let fill = |e: &Expanded| {
        let t = e
            .graph
            .tensors
            .iter()
            .rev()
            .find(|t| t.name.ends_with(".fill"));
        t.and_then(|t| t.by_value)
    };
    assert_eq!(fill(&e), Some(ScalarValue::Float(f32::NEG_INFINITY)));
    let old = g
        .expand_composites("t", Version::new(9, 8, 0), false)
        .unwrap()
        .unwrap();
    assert_eq!(fill(&old), Some(ScalarValue::Float(f32::MIN)));
}

#[test]
fn a_bottom_right_causal_mask_shifts_the_rows_and_needs_multiples_of_64_before_9_6() {
    let br = crate::graph::DiagonalAlignment::BOTTOM_RIGHT;
    let (g, _) = forward(&|_| SdpaOptions {
        causal: true,
        alignment: br,
        ..SdpaOptions::default()
    });
    let e = g
        .expand_composites("t", Version::new(9, 10, 2), false)
        .unwrap()
        .unwrap();
    let names = op_names(&e);
    for w in ["row+skv", "row+skv-sq", "row>=col", "causal_select"] {
        assert!(names.iter().any(|n| n.ends_with(w)), "{w}: {names:?}");
    }
    let s_kv = e.graph.tensors.iter().find(|t| t.name.ends_with(".s_kv"));
    assert_eq!(s_kv.and_then(|t| t.by_value), Some(ScalarValue::Int32(96)));
    // S_kv 96: below 9.6 the unified node's refusal, saying why.
    let what = match g.expand_composites("t", Version::new(9, 5, 1), false) {
        Err(e) => e.to_string(),
        Ok(e) => panic!("expanded: {}", e.is_some()),
    };
    assert!(what.contains("needs cuDNN 9.21.0 or later"), "{what}");
    assert!(what.contains("multiples of 64 (here 64 and 96)"), "{what}");
    // With a bias there is no composite form.
    let (g, _) = forward(&|g| SdpaOptions {
        causal: true,
        alignment: br,
        bias: Some(g.tensor("bias", &[1, 2, 64, 96], BF16).unwrap()),
        ..SdpaOptions::default()
    });
    assert!(g
        .expand_composites("t", Version::new(9, 10, 2), false)
        .unwrap()
        .is_none());
    let what = g
        .check_versions_at("t", Version::new(9, 10, 2))
        .unwrap_err()
        .to_string();
    assert!(
        what.contains("aligned bottom-right with a bias or dropout"),
        "{what}"
    );
}

/// Keys another operation writes keep the unified node; two forwards
/// of the same keys describe them transposed once.
#[test]
fn keys_are_transposed_once_and_only_when_the_forwards_own_them() {
    let mut g = Graph::new("two");
    let q = g.tensor("q", &[1, 2, 64, 32], BF16).unwrap();
    let [k, v] = ["k", "v"].map(|n| g.tensor(n, &[1, 2, 64, 32], BF16).unwrap());
    g.sdpa_forward(q, k, v, &SdpaOptions::default()).unwrap();
    g.sdpa_forward(q, k, v, &SdpaOptions::default()).unwrap();
    let e = g
        .expand_composites("t", Version::new(9, 10, 2), false)
        .unwrap()
        .unwrap();
    assert_eq!(e.graph.tensors[k.index as usize].dims, [1, 2, 32, 64]);
    let mut g = Graph::new("roped");
    g.set_intermediate_type(BF16).unwrap();
    let q = g.tensor("q", &[1, 2, 64, 32], BF16).unwrap();
    let [k, v] = ["k", "v"].map(|n| g.tensor(n, &[1, 2, 64, 32], BF16).unwrap());
    let f = g.tensor("f", &[64, 1, 1, 32], Dt::FLOAT).unwrap();
    let k = g
        .rope_forward(k, f, &crate::graph::RopeOptions::default())
        .unwrap();
    g.sdpa_forward(q, k, v, &SdpaOptions::default()).unwrap();
    assert!(g
        .expand_composites("t", Version::new(9, 10, 2), false)
        .unwrap()
        .is_none());
}

#[test]
fn releases_without_the_composite_are_refused() {
    let (g, _) = forward(&|_| SdpaOptions::default());
    for (v, words) in [
        (Version::new(9, 10, 0), "known bugs"),
        (Version::new(9, 10, 1), "known bugs"),
        (Version::new(8, 8, 1), "8.9.0 or later"),
    ] {
        match g.expand_composites("t", v, false) {
            Err(Error::InvalidArgument {
                function: "t",
                mismatch: Mismatch::GraphNode { node, what, .. },
            }) => {
                assert!(node.contains("sdpa_forward#0"), "{node}");
                assert!(what.contains(words), "{what}");
            }
            other => panic!("{v}: {:?}", other.map(|e| e.is_some())),
        }
    }
}

#[test]
fn options_without_a_composite_keep_the_unified_gate_and_say_why() {
    let cu = |g: &mut Graph, n: &str| g.tensor(n, &[2, 1, 1, 1], I32).unwrap();
    let (g, _) = forward(&|g| SdpaOptions {
        cu_seq_len_q: Some(cu(g, "cu_q")),
        cu_seq_len_kv: Some(cu(g, "cu_kv")),
        ..SdpaOptions::default()
    });
    assert!(g
        .expand_composites("t", Version::new(9, 10, 2), false)
        .unwrap()
        .is_none());
    let e = g
        .check_versions_at("t", Version::new(9, 10, 2))
        .unwrap_err();
    let what = e.to_string();
    assert!(what.contains("needs cuDNN 9.24.0 or later"), "{what}");
    assert!(
        what.contains("does not take cumulative sequence lengths"),
        "{what}"
    );
}

/// A backward of `q` `[2, 4, 128, 64]` and `k`, `v` `[2, 4, 256, 64]`,
/// all BFLOAT16 (BSHD `o` and `d_o`), expanded on `have`.
fn backward(have: Version, options: &dyn Fn(&mut Graph) -> SdpaOptions) -> Expanded {
    let mut g = Graph::new("b");
    let q = g.tensor("q", &[2, 4, 128, 64], BF16).unwrap();
    let bshd = [32768, 64, 256, 1];
    let [o, d_o] = ["o", "do"].map(|n| {
        g.tensor_with_strides(n, &[2, 4, 128, 64], &bshd, BF16)
            .unwrap()
    });
    let [k, v] = ["k", "v"].map(|n| g.tensor(n, &[2, 4, 256, 64], BF16).unwrap());
    let stats = g.tensor("stats", &[2, 4, 128, 1], Dt::FLOAT).unwrap();
    let i = crate::graph::SdpaBackwardInputs {
        q,
        k,
        v,
        o,
        d_o,
        stats,
    };
    let opts = options(&mut g);
    let grads = g.sdpa_backward(&i, &opts).unwrap();
    for t in [grads.dq, grads.dk, grads.dv] {
        g.set_output(t, BF16).unwrap();
    }
    g.expand_composites("t", have, true).unwrap().unwrap()
}

fn tensor<'a>(e: &'a Expanded, suffix: &str) -> &'a TensorDef {
    let t = e.graph.tensors.iter().find(|t| t.name.ends_with(suffix));
    t.unwrap_or_else(|| panic!("{suffix}"))
}

/// The backward's tensors as the frontend sets them: `dO * O` of its own
/// strides, `K` reshaped back in the intermediate type, the dropout's
/// Bernoulli probability `1 - p` in `float`.
#[test]
fn the_backward_expands_as_the_frontend_builds_it() {
    let e = backward(Version::new(9, 10, 2), &|g| SdpaOptions {
        dropout: Some(SdpaDropout {
            probability: 0.1,
            seed: g.tensor("seed", &[1, 1, 1, 1], Dt::INT64).unwrap(),
            offset: g.tensor("offset", &[1, 1, 1, 1], Dt::INT64).unwrap(),
        }),
        ..SdpaOptions::default()
    });
    let prod = tensor(&e, ".mul_dO_O");
    assert_eq!(prod.dims, [2, 4, 128, 64]);
    assert_eq!(prod.strides, [32768, 8192, 256, 1]);
    assert_eq!(tensor(&e, ".reshape_k").dtype(), None);
    assert_eq!(tensor(&e, ".reshape_p").dtype(), Some(BF16));
    let rng = e.graph.ops.iter().find(|o| o.op.kind == "rng").map(|o| {
        let Setting::Nested(_, n) = &o.op.settings[0] else {
            panic!("{:?}", o.op.settings);
        };
        n.settings.clone()
    });
    let p = f64::from(1.0f32 - 0.1);
    let bernoulli = Setting::Double(A::RNG_BERNOULLI_DIST_PROBABILITY, p);
    assert!(rng.is_some_and(|s| s.contains(&bernoulli)));
}

/// The causal mask: pointwise operations before cuDNN 9.21, one
/// `DIAGONAL_BAND_MASK` from it (with the dims as lengths aligned
/// bottom-right).
#[test]
fn the_backward_masks_with_a_diagonal_band_mask_from_9_21() {
    let causal = |alignment| {
        move |_: &mut Graph| SdpaOptions {
            causal: true,
            alignment,
            ..SdpaOptions::default()
        }
    };
    let tl = crate::graph::DiagonalAlignment::TOP_LEFT;
    let br = crate::graph::DiagonalAlignment::BOTTOM_RIGHT;
    let names = op_names(&backward(Version::new(9, 20, 0), &causal(tl)));
    for w in ["gen_row_index", "row>=col", "causal_select"] {
        assert!(names.iter().any(|n| n.ends_with(w)), "{w}: {names:?}");
    }
    assert!(!names.iter().any(|n| n.contains("diagonal_mask")));
    for (alignment, lengths) in [(tl, 0), (br, 2)] {
        let e = backward(Version::new(9, 21, 0), &causal(alignment));
        let names = op_names(&e);
        assert!(!names.iter().any(|n| n.ends_with("row>=col")), "{names:?}");
        let masks: Vec<_> = e
            .graph
            .ops
            .iter()
            .filter(|o| o.op.kind == "diagonal_band_mask")
            .collect();
        assert_eq!(masks.len(), 1);
        let m = &masks[0].op;
        assert!(m.settings.contains(&Setting::Pointwise(
            A::OPERATION_DIAGONAL_BAND_MASK_COMPARISON_MODE,
            Pw::CMP_GE,
        )));
        let len = [
            A::OPERATION_DIAGONAL_BAND_MASK_SEQ_LEN_QDESC,
            A::OPERATION_DIAGONAL_BAND_MASK_SEQ_LEN_KVDESC,
        ];
        let n = m.slots.iter().filter(|s| len.contains(&s.attr)).count();
        assert_eq!(n, lengths);
        assert!(!m
            .slots
            .iter()
            .any(|s| s.attr == A::OPERATION_DIAGONAL_BAND_MASK_SHIFT_RIGHT_BOUND_DESC));
        let fill = tensor(&e, ".fill");
        assert_eq!(fill.by_value, Some(ScalarValue::Float(f32::NEG_INFINITY)));
        assert!(e
            .graph
            .check_versions_at("t", Version::new(9, 21, 0))
            .is_ok());
    }
}
