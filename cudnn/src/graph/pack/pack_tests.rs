//! The variant pack's checks over plain facts: the tensors of graphs
//! built here (no cuDNN), buffers described by type, length, context and
//! address.

use crate::core::dtype::DType;
use half::f16;
use DType as Dt;

use super::*;
use crate::graph::{ConvOptions, Graph, SdpaBackwardInputs, SdpaDropout, SdpaOptions, TensorId};

const F: &str = "cudnnBackendExecute";
const F32: Dt = Dt::FLOAT;
const BF16: Dt = Dt::BFLOAT16;

/// A buffer that fits `t` exactly, in the handle's context.
pub(super) fn fits(t: &GraphTensor) -> BufferFacts {
    BufferFacts {
        uid: t.uid,
        data_type: t.data_type,
        len: t.buffer_len().expect("span"),
        writable: t.is_output,
        same_context: true,
        device: 0,
        index: t.is_index,
    }
}

/// A fitting buffer for every real tensor.
pub(super) fn buffers(ts: &[GraphTensor]) -> Vec<BufferFacts> {
    ts.iter()
        .filter(|t| !t.is_virtual && !t.is_by_value)
        .map(fits)
        .collect()
}

fn check(ts: &[GraphTensor], b: &[BufferFacts], s: &[(i64, ScalarValue)]) -> Result<()> {
    check_bindings(F, "g", ts, b, s, 0)
}

/// The refusal's words, naming `uid`.
#[track_caller]
pub(super) fn refusal(r: Result<()>, uid: i64) -> String {
    match r {
        Err(Error::InvalidArgument {
            function: F,
            mismatch: Mismatch::GraphNode { tensor, what, .. },
        }) => {
            assert_eq!(tensor, Some(uid.to_string()), "{what}");
            what
        }
        other => panic!("expected a refusal naming uid {uid}, got {other:?}"),
    }
}

/// conv(x, w) * s, with the scalar's uid.
pub(super) fn conv_scale() -> (Graph, [TensorId; 4]) {
    let mut g = Graph::new("conv_scale");
    let x = g.tensor("x", &[1, 8, 8, 8], F32).unwrap();
    let w = g.tensor("w", &[8, 8, 3, 3], F32).unwrap();
    let s = g.scalar("s", 2.0).unwrap();
    let c = g
        .conv_fprop(x, w, &ConvOptions::new(2).padding(&[1, 1]))
        .unwrap();
    let y = g.scale(c, s).unwrap();
    g.set_output(y, F32).unwrap();
    (g, [x, w, s, y])
}

#[test]
fn a_by_value_scalar_takes_a_value_once_and_never_a_buffer() {
    let (g, [x, _, s, y]) = conv_scale();
    let ts = g.graph_tensors();
    let good = buffers(&ts);
    check(&ts, &good, &[]).expect("the graph's value");
    check(&ts, &good, &[(s.uid(), ScalarValue::Float(3.0))]).expect("another value");

    // A buffer bound to the scalar's uid would reach cuDNN as a second
    // meaning of that uid.
    let mut with_buffer = good.clone();
    with_buffer.push(BufferFacts {
        uid: s.uid(),
        data_type: F32,
        len: 1,
        writable: false,
        same_context: true,
        device: 0,
        index: false,
    });
    let what = refusal(check(&ts, &with_buffer, &[]), s.uid());
    assert!(
        what.contains("by-value scalar: give its value with `scalar`"),
        "{what}"
    );

    let what = refusal(check(&ts, &good, &[(x.uid(), 1.0f32.into())]), x.uid());
    assert!(what.contains("not a by-value scalar"), "{what}");
    let twice = [(s.uid(), 1.0f32.into()), (s.uid(), 2.0f32.into())];
    assert!(refusal(check(&ts, &good, &twice), s.uid()).contains("twice"));
    let what = refusal(check(&ts, &good, &[(99, 1.0f32.into())]), 99);
    assert!(what.contains("no tensor with this uid"), "{what}");

    // What reaches the pack: each buffer's uid and each scalar's, once.
    let addrs: Vec<(i64, u64)> = good
        .iter()
        .map(|b| (b.uid, 0x1000 * b.uid as u64))
        .collect();
    check_addresses(F, &ts, &addrs).expect("aligned");
    let words = scalar_words(F, &ts, &[]).expect("values");
    let mut uids: Vec<i64> = addrs
        .iter()
        .map(|a| a.0)
        .chain(words.iter().map(|w| w.0))
        .collect();
    let n = uids.len();
    uids.sort_unstable();
    uids.dedup();
    assert_eq!(uids.len(), n, "{uids:?}");
    assert!(uids.contains(&s.uid()) && uids.contains(&y.uid()));
    let doubled = [addrs[0], addrs[0]];
    assert!(refusal(check_addresses(F, &ts, &doubled), addrs[0].0).contains("bound twice"));
}

/// The refusal of a buffer by the launch layer's own checks.
#[track_caller]
pub(super) fn launch_refusal(r: Result<()>) -> Mismatch {
    match r {
        Err(Error::InvalidArgument {
            function: F,
            mismatch,
        }) => mismatch,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

/// An `FP4_E2M1` tensor binds a buffer of `F4E2M1x2`, two elements to
/// one: half its span (here with padded rows: the span, not the element
/// count), and one pair short is refused.
#[test]
fn fp4_buffers_hold_two_elements_each() {
    let fp4 = Dt::FP4_E2M1;
    let mut g = Graph::new("nvfp4");
    // 64 rows of 16 elements, 32 apart: the last element is at 63 * 32 + 15.
    let a = g
        .tensor_with_strides("a", &[1, 64, 16], &[64 * 32, 32, 1], fp4)
        .unwrap();
    let sa = g.tensor("sa", &[1, 64, 1], Dt::FP8_E4M3).unwrap();
    let da = g.block_scale_dequantize(a, sa, &[1, 16]).unwrap();
    let b = g.tensor("b", &[1, 16, 8], BF16).unwrap();
    let c = g.matmul(da, b).unwrap();
    g.set_output(c, BF16).unwrap();
    let ts = g.graph_tensors();
    let ta = ts.iter().find(|t| t.uid == a.uid()).unwrap();
    assert_eq!(ta.span(), Some(63 * 32 + 16));
    assert_eq!(ta.buffer_len(), Some((63 * 32 + 16) / 2));
    let good = buffers(&ts);
    assert_eq!(
        good.iter().find(|b| b.uid == a.uid()).map(|b| b.len),
        Some(1016)
    );
    check(&ts, &good, &[]).expect("the fitting pack");
    let mut short = good.clone();
    short
        .iter_mut()
        .filter(|b| b.uid == a.uid())
        .for_each(|b| b.len -= 1);
    assert_eq!(
        launch_refusal(check(&ts, &short, &[])),
        Mismatch::BufferTooShort {
            buffer: format!("uid {}", a.uid()),
            len: 1015,
            required: 1016,
        }
    );
    // A buffer of another element type is refused by its type.
    let mut bytes = good;
    bytes
        .iter_mut()
        .filter(|b| b.uid == a.uid())
        .for_each(|b| b.data_type = Dt::UINT8);
    assert!(check(&ts, &bytes, &[]).is_err());
}

#[test]
fn length_context_and_overlap_are_the_launch_layers_checks() {
    let (g, [x, _, _, y]) = conv_scale();
    let ts = g.graph_tensors();
    let good = buffers(&ts);
    let with = |uid: i64, edit: &dyn Fn(&mut BufferFacts)| {
        let mut b = good.clone();
        b.iter_mut().filter(|b| b.uid == uid).for_each(edit);
        check(&ts, &b, &[])
    };
    let span = good
        .iter()
        .find(|b| b.uid == x.uid())
        .map(|b| b.len)
        .unwrap();
    assert_eq!(
        launch_refusal(with(x.uid(), &|b| b.len -= 1)),
        Mismatch::BufferTooShort {
            buffer: format!("uid {}", x.uid()),
            len: span - 1,
            required: span,
        }
    );
    assert_eq!(
        launch_refusal(with(y.uid(), &|b| {
            b.same_context = false;
            b.device = 3;
        })),
        Mismatch::WrongDevice {
            buffer: format!("uid {}", y.uid()),
            buffer_device: 3,
            handle_device: 0,
        }
    );
    // An output whose strides make two elements meet.
    let mut overlapping = ts.clone();
    for t in overlapping.iter_mut().filter(|t| t.uid == y.uid()) {
        t.strides = vec![0; t.dims.len()].into();
    }
    assert_eq!(
        launch_refusal(check(&overlapping, &good, &[])),
        Mismatch::OverlappingOutput {
            buffer: format!("uid {}", y.uid()),
        }
    );
}

#[test]
fn every_address_has_the_alignment_its_tensor_promises() {
    let (g, [x, ..]) = conv_scale();
    let ts = g.graph_tensors();
    assert!(ts.iter().all(|t| t.alignment == 16));
    let base = 0x7f00_0000_0000u64;
    check_addresses(F, &ts, &[(x.uid(), base)]).expect("aligned");
    match check_addresses(F, &ts, &[(x.uid(), base + 4)]) {
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
            (format!("uid {}", x.uid()), base + 4, 16)
        ),
        other => panic!("{other:?}"),
    }
    // The attention example's k view starts E = H·D bf16 elements into
    // the projection: aligned exactly when E is a multiple of 8 (as it is
    // for the head dims attention takes, multiples of 8).
    for (heads, head_dim) in [(8u64, 64u64), (3, 8), (1, 62), (5, 5), (2, 36)] {
        let k_view = base + 2 * heads * head_dim;
        let r = check_addresses(F, &ts, &[(x.uid(), k_view)]);
        assert_eq!(
            r.is_ok(),
            heads * head_dim % 8 == 0,
            "{heads} x {head_dim}: {r:?}"
        );
    }
}

/// The attention example's backward graph: q, k and v are views of one
/// `[B, S, 3, H, D]` projection, `[B, H, S, D]` with strides `[S·3E, D,
/// 3E, 1]`; o and d_o BSHD.
// The sizes are the tests' own small constants.
#[allow(clippy::arithmetic_side_effects)]
fn example_backward(b: i64, s: i64, h: i64, d: i64) -> (Graph, [TensorId; 9]) {
    let e = h * d;
    let dims = [b, h, s, d];
    let mut g = Graph::new("attention_backward");
    let strides = [s * 3 * e, d, 3 * e, 1];
    let [q, k, v] =
        ["q", "k", "v"].map(|n| g.tensor_with_strides(n, &dims, &strides, BF16).unwrap());
    let bshd = [s * e, d, e, 1];
    let o = g.tensor_with_strides("o", &dims, &bshd, BF16).unwrap();
    let d_o = g.tensor_with_strides("d_o", &dims, &bshd, BF16).unwrap();
    let stats = g.tensor("stats", &[b, h, s, 1], F32).unwrap();
    let inputs = SdpaBackwardInputs {
        q,
        k,
        v,
        o,
        d_o,
        stats,
    };
    let options = SdpaOptions {
        causal: true,
        ..SdpaOptions::default()
    };
    let grads = g.sdpa_backward(&inputs, &options).unwrap();
    for t in [grads.dq, grads.dk, grads.dv] {
        g.set_output(t, BF16).unwrap();
    }
    (g, [q, k, v, o, d_o, stats, grads.dq, grads.dk, grads.dv])
}

#[test]
fn the_attention_examples_backward_pack_is_accepted() {
    let (b, s, h, d) = (2, 128, 8, 64);
    let (e, n) = (h * d, b * s);
    let (g, ids) = example_backward(b, s, h, d);
    let ts = g.graph_tensors();
    let t = |id: TensorId| ts.iter().find(|t| t.uid == id.uid()).unwrap();
    for grad in &ids[6..] {
        let g = t(*grad);
        assert_eq!(g.strides, [s * e, d, e, 1], "BSHD, packed");
        // Not the 392,192 elements the projection's strides would span.
        assert_eq!(g.span(), Some((n * e) as usize));
    }
    // The buffers the example binds: views of the projection (3·N·E
    // elements, k and v E and 2E in), o and d_o and the gradients N·E each.
    let proj = (3 * n * e) as usize;
    let lens = [
        proj,
        proj - e as usize,
        proj - 2 * e as usize,
        (n * e) as usize,
        (n * e) as usize,
        (b * h * s) as usize,
        (n * e) as usize,
        (n * e) as usize,
        (n * e) as usize,
    ];
    let bound: Vec<BufferFacts> = ids
        .iter()
        .zip(lens)
        .map(|(id, len)| BufferFacts {
            len,
            ..fits(t(*id))
        })
        .collect();
    check(&ts, &bound, &[]).expect("the example's buffers fit");
}

#[test]
fn an_attention_with_dropout_takes_int64_seed_and_offset_buffers() {
    let mut g = Graph::new("sdpa_dropout");
    let [q, k, v] = ["q", "k", "v"].map(|n| g.tensor(n, &[2, 4, 64, 64], BF16).unwrap());
    let int64 = <i64 as DataType>::CUDNN;
    assert_eq!(int64, Dt::INT64);
    let [seed, offset] = ["seed", "offset"].map(|n| g.tensor(n, &[1, 1, 1, 1], int64).unwrap());
    let options = SdpaOptions {
        stats: true,
        dropout: Some(SdpaDropout {
            probability: 0.1,
            seed,
            offset,
        }),
        ..SdpaOptions::default()
    };
    let out = g.sdpa_forward(q, k, v, &options).unwrap();
    g.set_output(out.o, BF16).unwrap();
    let ts = g.graph_tensors();
    let good = buffers(&ts);
    assert!(good
        .iter()
        .any(|b| b.uid == seed.uid() && b.data_type == int64 && b.len == 1));
    check(&ts, &good, &[]).expect("checked and accepted");
    scalar_words(F, &ts, &[]).expect("the scale's value");
    let as_i32: Vec<BufferFacts> = good
        .iter()
        .map(|b| BufferFacts {
            data_type: if b.uid == seed.uid() {
                Dt::INT32
            } else {
                b.data_type
            },
            ..b.clone()
        })
        .collect();
    assert!(refusal(check(&ts, &as_i32, &[]), seed.uid()).contains("data type"));
}

/// A by-value tensor as a plan read from JSON has it: its type, no value.
fn json_scalar(uid: i64, data_type: Dt) -> GraphTensor {
    GraphTensor {
        uid,
        name: uid.to_string().as_str().into(),
        dims: vec![1, 1, 1, 1].into(),
        strides: vec![1, 1, 1, 1].into(),
        data_type,
        is_virtual: false,
        by_value: None,
        is_by_value: true,
        is_output: false,
        is_index: false,
        reordering: None,
        alignment: 16,
    }
}

#[test]
fn a_by_value_scalar_is_passed_in_its_tensors_type() {
    let ts = [
        json_scalar(1, Dt::HALF),
        json_scalar(2, Dt::INT64),
        json_scalar(3, Dt::DOUBLE),
        json_scalar(4, Dt::BFLOAT16),
    ];
    let given = [
        (1, ScalarValue::Float(0.5)),
        (2, ScalarValue::Int64(1 << 40)),
        (3, ScalarValue::Float(0.1)),
        (4, ScalarValue::Int32(-3)),
    ];
    let words = scalar_words(F, &ts, &given).expect("values");
    let bytes = |w: u64| w.to_ne_bytes();
    assert_eq!(bytes(words[0].1)[..2], f16::from_f32(0.5).to_ne_bytes());
    assert_eq!(words[1].1.to_ne_bytes(), (1i64 << 40).to_ne_bytes());
    assert_eq!(f64::from_ne_bytes(bytes(words[2].1)), f64::from(0.1f32));
    assert_eq!(
        bytes(words[3].1)[..2],
        half::bf16::from_f32(-3.0).to_ne_bytes()
    );
    // Without a value, or with one the type cannot hold.
    assert!(refusal(scalar_words(F, &ts, &given[1..]).map(drop), 1).contains("without a value"));
    let big = [(1, ScalarValue::Float(1e6)), given[1], given[2], given[3]];
    let what = refusal(scalar_words(F, &ts, &big).map(drop), 1);
    assert!(what.contains("does not fit HALF"), "{what}");
    let half = [given[0], (2, ScalarValue::Double(0.5)), given[2], given[3]];
    assert!(refusal(scalar_words(F, &ts, &half).map(drop), 2).contains("not an integer"));
}

#[test]
fn device_side_indices_are_bound_with_index_input() {
    let mut g = Graph::new("padded");
    let [q, k, v] = ["q", "k", "v"].map(|n| g.tensor(n, &[2, 4, 64, 64], BF16).unwrap());
    let [sq, skv] =
        ["seq_len_q", "seq_len_kv"].map(|n| g.tensor(n, &[2, 1, 1, 1], Dt::INT32).unwrap());
    let options = SdpaOptions {
        seq_len_q: Some(sq),
        seq_len_kv: Some(skv),
        ..SdpaOptions::default()
    };
    let out = g.sdpa_forward(q, k, v, &options).unwrap();
    g.set_output(out.o, BF16).unwrap();
    let ts = g.graph_tensors();
    let index: Vec<i64> = ts.iter().filter(|t| t.is_index).map(|t| t.uid).collect();
    assert_eq!(index, [sq.uid(), skv.uid()]);
    let good = buffers(&ts);
    check(&ts, &good, &[]).expect("bound as indices");
    let plain: Vec<BufferFacts> = good
        .iter()
        .map(|b| BufferFacts {
            index: false,
            ..b.clone()
        })
        .collect();
    let what = refusal(check(&ts, &plain, &[]), sq.uid());
    assert!(what.contains("index_input"), "{what}");
}

/// FP8 buffers bind FP8 tensors: an FP8 attention forward's `E4M3` q, k, v
/// and o take `F8E4M3` buffers (one byte an element, as long as the
/// tensor), and refuse `F8E5M2` ones.
#[test]
fn fp8_tensors_take_fp8_buffers() {
    use crate::core::dtype::{F8E4M3, F8E5M2};
    let e4m3 = <F8E4M3 as DataType>::CUDNN;
    assert_eq!(e4m3, Dt::FP8_E4M3);
    assert_eq!(<F8E5M2 as DataType>::CUDNN, Dt::FP8_E5M2);
    assert_eq!(std::mem::size_of::<F8E4M3>(), 1);
    assert_eq!(F8E4M3::from_f32(0.5).to_scale(), 0.5);
    let mut g = Graph::new("sdpa_fp8");
    let [q, k, v] = ["q", "k", "v"].map(|n| g.tensor(n, &[1, 2, 64, 64], e4m3).unwrap());
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
    let options = SdpaOptions {
        fp8: Some(fp8),
        ..SdpaOptions::default()
    };
    let out = g.sdpa_forward(q, k, v, &options).unwrap();
    g.set_output(out.o, e4m3).unwrap();
    let ts = g.graph_tensors();
    let good = buffers(&ts);
    assert!(good
        .iter()
        .any(|b| b.uid == q.uid() && b.data_type == e4m3 && b.len == 64 * 64 * 2));
    check(&ts, &good, &[]).expect("checked and accepted");
    let as_e5m2: Vec<BufferFacts> = good
        .iter()
        .map(|b| BufferFacts {
            data_type: if b.uid == k.uid() {
                <F8E5M2 as DataType>::CUDNN
            } else {
                b.data_type
            },
            ..b.clone()
        })
        .collect();
    assert!(refusal(check(&ts, &as_e5m2, &[]), k.uid()).contains("data type"));
}
