//! The version gate of every node kind (`check_versions_at`).

use super::*;
use crate::core::error::{Error, Mismatch};
use crate::graph::builder::TensorId;
use crate::graph::{
    DiagonalAlignment, NormOptions, RopeOptions, SdpaBackwardInputs, SdpaDropout, SdpaOptions,
};

const BF16: Dt = Dt::BFLOAT16;
const F32: Dt = Dt::FLOAT;

/// The version `g` needs: the refusal one below it names it, and the
/// version itself passes.
fn needs(g: &Graph, want: Version, words: &str) {
    assert!(g.check_versions_at("t", want).is_ok(), "{want}");
    let below = if want.patch > 0 {
        Version::new(want.major, want.minor, want.patch - 1)
    } else if want.minor > 0 {
        Version::new(want.major, want.minor - 1, 99)
    } else {
        Version::new(8, 9, 7)
    };
    match g.check_versions_at("t", below) {
        Err(Error::InvalidArgument {
            function: "t",
            mismatch: Mismatch::GraphNode {
                tensor: None, what, ..
            },
        }) => {
            assert!(
                what.contains(&format!("needs cuDNN {want} or later")),
                "{what}"
            );
            assert!(what.contains(words), "{what}");
            assert!(
                what.contains(&format!("the loaded one is {below}")),
                "{what}"
            );
        }
        other => panic!("{below}: expected a refusal, got {other:?}"),
    }
}

fn qkv(g: &mut Graph) -> [TensorId; 3] {
    ["q", "k", "v"].map(|n| g.tensor(n, &[1, 2, 64, 32], BF16).unwrap())
}

// Each node needs the version its header says.

#[test]
fn shape_ops_and_softmax_need_their_versions() {
    let mut g = Graph::new("slice");
    let x = g.tensor("x", &[2, 8, 4], F32).unwrap();
    g.slice(x, &[0..2, 2..6, 0..4], &[]).unwrap();
    needs(&g, Version::new(9, 22, 0), "OPERATION_SLICE_DESCRIPTOR");
    let mut g = Graph::new("transpose");
    let x = g.tensor("x", &[2, 8, 4], F32).unwrap();
    g.transpose(x, &[0, 2, 1]).unwrap();
    needs(&g, Version::new(9, 22, 0), "OPERATION_TRANSPOSE_DESCRIPTOR");
    let mut g = Graph::new("reshape");
    let x = g.tensor("x", &[2, 8, 4], F32).unwrap();
    g.reshape(x, &[16, 4]).unwrap();
    needs(&g, Version::new(9, 0, 0), "OPERATION_RESHAPE_DESCRIPTOR");
    let mut g = Graph::new("concat");
    let a = g.tensor("a", &[2, 8, 4], F32).unwrap();
    let b = g.tensor("b", &[2, 3, 4], F32).unwrap();
    g.concat(&[a, b], 1).unwrap();
    needs(&g, Version::new(9, 7, 0), "OPERATION_CONCAT_DESCRIPTOR");
    let mut g = Graph::new("softmax");
    let x = g.tensor("x", &[2, 8, 4, 4], F32).unwrap();
    g.softmax(x, &crate::graph::SoftmaxOptions { stats: true })
        .unwrap();
    needs(&g, Version::new(9, 21, 0), "OPERATION_SOFTMAX_DESCRIPTOR");
}

#[test]
fn an_rng_node_needs_9_0() {
    let mut g = Graph::new("rng");
    let seed = g.tensor("seed", &[1, 1, 1, 1], Dt::INT64).unwrap();
    let offset = g.tensor("offset", &[1, 1, 1, 1], Dt::INT64).unwrap();
    let b = crate::graph::RngDistribution::Bernoulli { probability: 0.5 };
    g.rng(&[2, 8, 4, 4], b, seed, offset).unwrap();
    needs(&g, Version::new(9, 0, 0), "OPERATION_RNG_DESCRIPTOR");
}

#[test]
fn an_adaptive_layer_norm_needs_9_9() {
    let mut g = Graph::new("ada");
    let x = g.tensor("x", &[2, 16, 64, 1], F32).unwrap();
    let s = g.tensor("s", &[2, 1, 64, 1], F32).unwrap();
    let b = g.tensor("b", &[2, 1, 64, 1], F32).unwrap();
    g.ada_layer_norm(x, s, b, &NormOptions::default()).unwrap();
    needs(&g, Version::new(9, 9, 0), "CUDNN_ADA_LAYER_NORM");
    let mut g = Graph::new("ada_backward");
    let [x, dy] = ["x", "dy"].map(|n| g.tensor(n, &[2, 16, 64, 1], F32).unwrap());
    let s = g.tensor("s", &[2, 1, 64, 1], F32).unwrap();
    let [m, v] = ["m", "v"].map(|n| g.tensor(n, &[2, 16, 1, 1], F32).unwrap());
    g.ada_layer_norm_backward(dy, x, s, m, v).unwrap();
    needs(&g, Version::new(9, 9, 0), "CUDNN_ADA_LAYER_NORM");
}

#[test]
fn a_norm_node_needs_9_0() {
    let mut g = Graph::new("norm");
    let x = g.tensor("x", &[2, 8, 1, 1], F32).unwrap();
    let s = g.tensor("s", &[1, 8, 1, 1], F32).unwrap();
    g.rms_norm(x, s, None, &NormOptions::default()).unwrap();
    needs(&g, Version::new(9, 0, 0), "NORM_FORWARD");
}

#[test]
fn the_sdpa_forward_needs_9_13_and_later_with_its_options() {
    let mut g = Graph::new("sdpa");
    let [q, k, v] = qkv(&mut g);
    g.sdpa_forward(q, k, v, &SdpaOptions::default()).unwrap();
    needs(&g, Version::new(9, 13, 0), "OPERATION_SDPA_FWD");

    let mut g = Graph::new("padded");
    let [q, k, v] = qkv(&mut g);
    let sq = g.tensor("sq", &[1, 1, 1, 1], Dt::INT32).unwrap();
    let skv = g.tensor("skv", &[1, 1, 1, 1], Dt::INT32).unwrap();
    let o = SdpaOptions {
        seq_len_q: Some(sq),
        seq_len_kv: Some(skv),
        ..SdpaOptions::default()
    };
    g.sdpa_forward(q, k, v, &o).unwrap();
    needs(&g, Version::new(9, 15, 0), "SEQ_LEN");

    let mut g = Graph::new("causal");
    let [q, k, v] = qkv(&mut g);
    let o = SdpaOptions {
        causal: true,
        ..SdpaOptions::default()
    };
    g.sdpa_forward(q, k, v, &o).unwrap();
    needs(&g, Version::new(9, 21, 0), "SUBGRAPH");

    let mut g = Graph::new("dropout");
    let [q, k, v] = qkv(&mut g);
    let seed = g.tensor("seed", &[1, 1, 1, 1], Dt::INT64).unwrap();
    let offset = g.tensor("offset", &[1, 1, 1, 1], Dt::INT64).unwrap();
    let o = SdpaOptions {
        dropout: Some(SdpaDropout {
            probability: 0.1,
            seed,
            offset,
        }),
        ..SdpaOptions::default()
    };
    g.sdpa_forward(q, k, v, &o).unwrap();
    // As cudnn-frontend 1.32 sets it (the header says 9.21).
    needs(&g, Version::new(9, 22, 0), "DROPOUT");
}

/// Bottom-right masks and a right bound are the subgraph's (9.21);
/// cumulative lengths need 9.24, alone, mixed with per-item ones, and
/// in a bottom-right mask.
#[test]
fn the_forwards_masks_need_9_21_and_cumulative_lengths_9_24() {
    let forward = |name: &str, options: &dyn Fn(&mut Graph) -> SdpaOptions| {
        let mut g = Graph::new(name);
        let q = g.tensor("q", &[1, 2, 16, 32], BF16).unwrap();
        let [k, v] = ["k", "v"].map(|n| g.tensor(n, &[1, 2, 64, 32], BF16).unwrap());
        let o = options(&mut g);
        g.sdpa_forward(q, k, v, &o).unwrap();
        g
    };
    let br = DiagonalAlignment::BOTTOM_RIGHT;
    let g = forward("bottom_right", &|_| SdpaOptions {
        causal: true,
        alignment: br,
        ..SdpaOptions::default()
    });
    needs(&g, Version::new(9, 21, 0), "SDPA_FWD_SUBGRAPH");
    let g = forward("band", &|_| SdpaOptions {
        right_bound: Some(4),
        sliding_window: Some(8),
        alignment: br,
        ..SdpaOptions::default()
    });
    needs(&g, Version::new(9, 21, 0), "a right bound");
    let cu = |g: &mut Graph, n: &str| g.tensor(n, &[2, 1, 1, 1], Dt::INT32).unwrap();
    let g = forward("ragged", &|g| SdpaOptions {
        cu_seq_len_q: Some(cu(g, "cu_q")),
        cu_seq_len_kv: Some(cu(g, "cu_kv")),
        ..SdpaOptions::default()
    });
    needs(&g, Version::new(9, 24, 0), "SDPA_FWD_CU_SEQ_LEN_QDESC");
    let g = forward("mixed", &|g| SdpaOptions {
        cu_seq_len_q: Some(cu(g, "cu_q")),
        seq_len_kv: Some(g.tensor("skv", &[1, 1, 1, 1], Dt::INT32).unwrap()),
        ..SdpaOptions::default()
    });
    needs(&g, Version::new(9, 24, 0), "SDPA_FWD_CU_SEQ_LEN_QDESC");
    let g = forward("ragged_causal", &|g| SdpaOptions {
        cu_seq_len_q: Some(cu(g, "cu_q")),
        cu_seq_len_kv: Some(cu(g, "cu_kv")),
        causal: true,
        alignment: br,
        ..SdpaOptions::default()
    });
    needs(&g, Version::new(9, 24, 0), "CU_SEQ_LEN");

    let mut g = Graph::new("fp8");
    let [q, k, v] = ["q", "k", "v"].map(|n| g.tensor(n, &[1, 2, 64, 32], Dt::FP8_E4M3).unwrap());
    let [a, b, c, d, e, f] =
        ["dq", "dk", "dv", "ds", "ss", "so"].map(|n| g.tensor(n, &[1, 1, 1, 1], F32).unwrap());
    let fp8 = crate::graph::SdpaFp8 {
        descale_q: a,
        descale_k: b,
        descale_v: c,
        descale_s: d,
        scale_s: e,
        scale_o: f,
        amax_s: true,
    };
    let o = SdpaOptions {
        fp8: Some(fp8),
        ..SdpaOptions::default()
    };
    g.sdpa_forward(q, k, v, &o).unwrap();
    needs(&g, Version::new(9, 25, 0), "(FP8)");
}

#[test]
fn the_sdpa_backward_needs_9_17() {
    let mut g = Graph::new("backward");
    let [q, k, v] = qkv(&mut g);
    let [o, d_o] = ["o", "do"].map(|n| g.tensor(n, &[1, 2, 64, 32], BF16).unwrap());
    let stats = g.tensor("stats", &[1, 2, 64, 1], F32).unwrap();
    let i = SdpaBackwardInputs {
        q,
        k,
        v,
        o,
        d_o,
        stats,
    };
    g.sdpa_backward(&i, &SdpaOptions::default()).unwrap();
    needs(&g, Version::new(9, 17, 0), "OPERATION_SDPA_BWD");
}

#[test]
fn rope_needs_9_24_and_its_backward_9_25() {
    let rope = RopeOptions {
        rope_dim: Some(16),
        output_scale: Some(0.5),
    };
    let mut g = Graph::new("rope");
    let x = g.tensor("x", &[1, 2, 64, 32], BF16).unwrap();
    let f = g.tensor("f", &[64, 1, 1, 32], F32).unwrap();
    let y = g.rope_forward(x, f, &rope).unwrap();
    needs(&g, Version::new(9, 24, 0), "ROPE_FWD");
    g.rope_backward(y, f, &rope).unwrap();
    needs(&g, Version::new(9, 25, 0), "ROPE_BWD");
}

/// The backward's options, each alone: the version of the attributes
/// it sets.
#[test]
fn the_backwards_options_need_their_attributes_versions() {
    let backward = |name: &str, options: &dyn Fn(&mut Graph) -> SdpaOptions| {
        let mut g = Graph::new(name);
        let [q, k, v] = qkv(&mut g);
        let [o, d_o] = ["o", "do"].map(|n| g.tensor(n, &[1, 2, 64, 32], BF16).unwrap());
        let stats = g.tensor("stats", &[1, 2, 64, 1], F32).unwrap();
        let i = SdpaBackwardInputs {
            q,
            k,
            v,
            o,
            d_o,
            stats,
        };
        let o = options(&mut g);
        g.sdpa_backward(&i, &o).unwrap();
        g
    };
    let causal = backward("causal", &|_| SdpaOptions {
        causal: true,
        ..SdpaOptions::default()
    });
    needs(&causal, Version::new(9, 21, 0), "SDPA_BWD_SUBGRAPH");
    let window = backward("window", &|_| SdpaOptions {
        sliding_window: Some(8),
        ..SdpaOptions::default()
    });
    needs(&window, Version::new(9, 21, 0), "SDPA_BWD_SUBGRAPH");
    let dropout = backward("dropout", &|g| {
        let seed = g.tensor("seed", &[1, 1, 1, 1], Dt::INT64);
        let offset = g.tensor("offset", &[1, 1, 1, 1], Dt::INT64);
        SdpaOptions {
            causal: true,
            dropout: Some(SdpaDropout {
                probability: 0.2,
                seed: seed.unwrap(),
                offset: offset.unwrap(),
            }),
            ..SdpaOptions::default()
        }
    });
    needs(
        &dropout,
        Version::new(9, 28, 0),
        "SDPA_BWD_DROPOUT_PROBABILITY",
    );
    let dbias = backward("dbias", &|g| SdpaOptions {
        bias: Some(g.tensor("bias", &[1, 2, 64, 64], BF16).unwrap()),
        bias_gradient: true,
        ..SdpaOptions::default()
    });
    needs(&dbias, Version::new(9, 28, 0), "SDPA_BWD_DBIAS_DESC");
    let bias = backward("bias", &|g| SdpaOptions {
        bias: Some(g.tensor("bias", &[1, 2, 64, 64], BF16).unwrap()),
        ..SdpaOptions::default()
    });
    needs(&bias, Version::new(9, 21, 0), "SDPA_BWD_SUBGRAPH");
    let bottom_right = backward("bottom_right", &|_| SdpaOptions {
        right_bound: Some(2),
        sliding_window: Some(16),
        alignment: DiagonalAlignment::BOTTOM_RIGHT,
        ..SdpaOptions::default()
    });
    needs(&bottom_right, Version::new(9, 21, 0), "SDPA_BWD_SUBGRAPH");
    let ragged = backward("ragged", &|g| {
        let [cu_q, cu_kv] = ["cu_q", "cu_kv"].map(|n| g.tensor(n, &[2, 1, 1, 1], Dt::INT64));
        SdpaOptions {
            cu_seq_len_q: Some(cu_q.unwrap()),
            cu_seq_len_kv: Some(cu_kv.unwrap()),
            ..SdpaOptions::default()
        }
    });
    needs(&ragged, Version::new(9, 28, 0), "SDPA_BWD_CU_SEQ_LEN_QDESC");
}
