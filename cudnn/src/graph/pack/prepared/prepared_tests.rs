//! A prepared pack's layout and rebinds, over plain facts: the tensors of
//! graphs built here (no cuDNN), buffers described by type, length and
//! address. `execute_timing.rs` checks, against the real cuDNN and plans
//! for a described GPU, that a prepared pack makes the fresh pack's
//! variant pack.

use super::super::pack_tests::{buffers, conv_scale, fits, launch_refusal, refusal};
use super::*;
use crate::core::dtype::DType;
use crate::core::error::{Error, Mismatch};
use crate::graph::{Graph, SdpaOptions};

const F: &str = "cudnnBackendExecute";

fn layout(ts: &[GraphTensor], b: &[BufferFacts]) -> Layout {
    Layout::of(F, "g", ts, b, &[]).expect("the fitting pack")
}

#[test]
fn preparing_keeps_the_fresh_packs_uids_and_words() {
    let (g, [x, w, s, y]) = conv_scale();
    let ts = g.graph_tensors();
    let good = buffers(&ts);
    let l = layout(&ts, &good);
    // The fresh pack's order: its buffers as bound, then each by-value
    // scalar's value.
    let words = scalar_words(F, &ts, &[]).expect("values");
    let fresh: Vec<i64> = good
        .iter()
        .map(|b| b.uid)
        .chain(words.iter().map(|w| w.0))
        .collect();
    assert_eq!(l.uids, fresh);
    assert_eq!(l.words, words.iter().map(|w| w.1).collect::<Vec<_>>());
    for id in [x, w, s, y] {
        assert!(l.uids.contains(&id.uid()), "{:?}", l.uids);
    }
    // Preparing refuses what an execution refuses.
    let mut short = good.clone();
    short.iter_mut().for_each(|b| b.len -= 1);
    assert!(matches!(
        launch_refusal(Layout::of(F, "g", &ts, &short, &[]).map(drop)),
        Mismatch::BufferTooShort { .. }
    ));
    let what = refusal(
        Layout::of(F, "g", &ts, &good[1..], &[]).map(drop),
        good[0].uid,
    );
    assert!(what.contains("has no buffer"), "{what}");
}

#[test]
fn a_rebind_is_checked_as_the_pack_was() {
    let (g, [x, w, s, y]) = conv_scale();
    let ts = g.graph_tensors();
    let good = buffers(&ts);
    let l = layout(&ts, &good);
    let fact = |uid: i64| good.iter().find(|b| b.uid == uid).cloned().unwrap();
    let rebind = |b: &BufferFacts| l.rebind_slot(F, "g", &ts, b);
    // A fitting buffer takes its tensor's slot, longer ones too.
    for (slot, b) in good.iter().enumerate() {
        assert_eq!(rebind(b).expect("fits"), slot);
        let longer = BufferFacts {
            len: b.len + 7,
            ..b.clone()
        };
        assert_eq!(rebind(&longer).expect("longer fits"), slot);
    }
    // Too short, by the launch layer's check.
    let short = BufferFacts {
        len: fact(x.uid()).len - 1,
        ..fact(x.uid())
    };
    assert_eq!(
        launch_refusal(rebind(&short).map(drop)),
        Mismatch::BufferTooShort {
            buffer: format!("uid {}", x.uid()),
            len: short.len,
            required: short.len + 1,
        }
    );
    // Another element type.
    let half = BufferFacts {
        data_type: DType::HALF,
        ..fact(w.uid())
    };
    assert!(refusal(rebind(&half).map(drop), w.uid()).contains("data type"));
    // An output rebound as an input.
    let read_only = BufferFacts {
        writable: false,
        ..fact(y.uid())
    };
    assert!(refusal(rebind(&read_only).map(drop), y.uid()).contains("`output`"));
    // No such tensor; a by-value scalar.
    let unknown = BufferFacts {
        uid: 99,
        ..fact(x.uid())
    };
    assert!(refusal(rebind(&unknown).map(drop), 99).contains("no tensor with this uid"));
    let scalar = BufferFacts {
        uid: s.uid(),
        ..fact(x.uid())
    };
    assert!(refusal(rebind(&scalar).map(drop), s.uid()).contains("takes no buffer"));
    // The conv's output is virtual: no buffer.
    let virt = ts.iter().find(|t| t.is_virtual).expect("a virtual tensor");
    let to_virtual = BufferFacts {
        uid: virt.uid,
        ..fact(x.uid())
    };
    assert!(refusal(rebind(&to_virtual).map(drop), virt.uid).contains("takes no buffer"));
}

#[test]
fn an_index_tensor_is_rebound_as_indices() {
    let mut g = Graph::new("padded");
    let bf16 = DType::BFLOAT16;
    let [q, k, v] = ["q", "k", "v"].map(|n| g.tensor(n, &[2, 4, 64, 64], bf16).unwrap());
    let [sq, skv] =
        ["seq_len_q", "seq_len_kv"].map(|n| g.tensor(n, &[2, 1, 1, 1], DType::INT32).unwrap());
    let options = SdpaOptions {
        seq_len_q: Some(sq),
        seq_len_kv: Some(skv),
        ..SdpaOptions::default()
    };
    let out = g.sdpa_forward(q, k, v, &options).unwrap();
    g.set_output(out.o, bf16).unwrap();
    let ts = g.graph_tensors();
    let l = layout(&ts, &buffers(&ts));
    let t = ts.iter().find(|t| t.uid == sq.uid()).unwrap();
    l.rebind_slot(F, "g", &ts, &fits(t)).expect("as indices");
    let plain = BufferFacts {
        index: false,
        ..fits(t)
    };
    let what = refusal(l.rebind_slot(F, "g", &ts, &plain).map(drop), sq.uid());
    assert!(what.contains("index_input"), "{what}");
}

#[test]
fn every_address_is_checked_for_its_tensors_alignment() {
    let (g, _) = conv_scale();
    let ts = g.graph_tensors();
    let good = buffers(&ts);
    let l = layout(&ts, &good);
    let base = 0x7f00_0000_0000u64;
    let addrs: Vec<u64> = (0u64..)
        .take(good.len())
        .map(|i| base + (i << 32))
        .collect();
    l.check_aligned(F, &addrs).expect("aligned");
    let mut off = addrs.clone();
    off[1] += 4;
    match l.check_aligned(F, &off) {
        Err(Error::InvalidArgument {
            function: F,
            mismatch:
                Mismatch::Misaligned {
                    buffer,
                    address,
                    alignment,
                },
        }) => assert_eq!(
            (buffer, address, alignment),
            (format!("uid {}", good[1].uid), off[1], 16)
        ),
        other => panic!("{other:?}"),
    }
}
