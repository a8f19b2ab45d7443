//! The normalization and attention nodes of the graph builder on a GPU:
//! layer norm (forward in training and its backward), RMS norm, and fused
//! attention (forward with a causal mask and its statistics, and its
//! backward, unified and composite; a band aligned bottom-right; a
//! block-sparse mask; forward over paged K/V caches), executed and
//! compared with
//! the CPU references
//! (`cudnn_reference::norm`, `cudnn_reference::attention`). Data in
//! `bfloat16`, parameters and statistics in `float`.
//!
//! All `#[ignore = "needs a CUDA GPU"]`; `scripts/gpu-test.sh` runs them.

mod common;

use cudnn::cudarc::driver::CudaSlice;
use cudnn::graph::{
    DiagonalAlignment, ExecutionPlan, Graph, NormOptions, OperationGraph, SdpaBackwardInputs,
    SdpaOptions, SdpaPagedKv, Settings, Target, VariantPack,
};
use cudnn::half::bf16;
use cudnn::DType as Dt;
use cudnn::Workspace;
use cudnn_reference::attention::{self as att, Attention, AttentionGeometry, AttentionMask};
use cudnn_reference::norm;

use common::gpu::{download_flat, gpu, rounded, upload_flat, values, Gpu};

const F32: Dt = Dt::FLOAT;
const BF16: Dt = Dt::BFLOAT16;
const I32: Dt = Dt::INT32;

fn plan_for(g: &Graph, gpu: &Gpu) -> (OperationGraph, ExecutionPlan) {
    let graph = g
        .build_with(gpu.handle.library(), Some(&gpu.handle))
        .expect("build");
    let plan = graph
        .plans(Target::Handle(&gpu.handle), &Settings::default())
        .expect("plan")
        .remove(0);
    (graph, plan)
}

#[track_caller]
fn assert_close(what: &str, got: &[f64], want: &[f64], tol: f64) {
    assert_eq!(got.len(), want.len(), "{what}");
    let err = got
        .iter()
        .zip(want)
        .map(|(a, b)| (a - b).abs() / b.abs().max(1.0))
        .fold(0.0, f64::max);
    assert!(err < tol, "{what}: max relative |diff| {err}");
}

/// x `[N, C, H, W]` normalized over `C, H, W`.
const X: [usize; 4] = [4, 16, 4, 4];
const EPS: f32 = 1e-5;

fn len(d: &[usize]) -> usize {
    d.iter().product()
}

fn dims(d: &[usize]) -> Vec<i64> {
    d.iter().map(|&v| v as i64).collect()
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn layer_norm_forward_and_backward_match_the_reference() {
    let gpu = gpu();
    let row = X[1] * X[2] * X[3];
    let p_dims = [1, X[1], X[2], X[3]];
    let xs = rounded::<bf16>(&values(len(&X), 1));
    let ss = values(row, 2);
    let bs = values(row, 3);
    let want = norm::layer_norm_forward::<f64, f64>(row, f64::from(EPS), &xs, &ss, &bs);

    let mut g = Graph::new("layer_norm");
    let x = g.tensor("x", &dims(&X), BF16).expect("x");
    let s = g.tensor("scale", &dims(&p_dims), F32).expect("scale");
    let b = g.tensor("bias", &dims(&p_dims), F32).expect("bias");
    let out = g
        .layer_norm(x, s, b, &NormOptions::training(EPS))
        .expect("layer norm");
    g.set_output(out.y, BF16).expect("y");
    let (mean, inv) = (out.mean.expect("mean"), out.inv_variance.expect("inv"));
    let (_graph, plan) = plan_for(&g, &gpu);
    let dx: CudaSlice<bf16> = upload_flat(&gpu.stream, &xs);
    let ds: CudaSlice<f32> = upload_flat(&gpu.stream, &ss);
    let db: CudaSlice<f32> = upload_flat(&gpu.stream, &bs);
    let mut dy: CudaSlice<bf16> = gpu.stream.alloc_zeros(len(&X)).expect("y");
    let mut dmean: CudaSlice<f32> = gpu.stream.alloc_zeros(X[0]).expect("mean");
    let mut dinv: CudaSlice<f32> = gpu.stream.alloc_zeros(X[0]).expect("inv");
    let mut scratch = Workspace::new();
    gpu.handle
        .execute(
            &plan,
            &mut VariantPack::new()
                .input(x.uid(), &dx)
                .input(s.uid(), &ds)
                .input(b.uid(), &db)
                .output(out.y.uid(), &mut dy)
                .output(mean.uid(), &mut dmean)
                .output(inv.uid(), &mut dinv),
            &mut scratch,
        )
        .expect("execute");
    assert_close("y", &download_flat(&gpu.stream, &dy), &want.y, 2e-2);
    assert_close(
        "mean",
        &download_flat(&gpu.stream, &dmean),
        &want.mean,
        1e-4,
    );
    assert_close(
        "inv",
        &download_flat(&gpu.stream, &dinv),
        &want.inv_std,
        1e-3,
    );

    // The backward, from the reference's statistics.
    let dys = rounded::<bf16>(&values(len(&X), 4));
    let grads =
        norm::layer_norm_backward::<f64, f64>(row, &dys, &xs, &ss, &want.mean, &want.inv_std);
    let mut g = Graph::new("layer_norm_backward");
    let x = g.tensor("x", &dims(&X), BF16).expect("x");
    let dyt = g.tensor("dy", &dims(&X), BF16).expect("dy");
    let s = g.tensor("scale", &dims(&p_dims), F32).expect("scale");
    let m = g
        .tensor("mean", &[X[0] as i64, 1, 1, 1], F32)
        .expect("mean");
    let v = g.tensor("inv", &[X[0] as i64, 1, 1, 1], F32).expect("inv");
    let out = g.layer_norm_backward(dyt, x, s, m, v).expect("backward");
    let dbias = out.dbias.expect("dbias");
    g.set_output(out.dx, BF16).expect("dx");
    g.set_output(out.dscale, F32).expect("dscale");
    g.set_output(dbias, F32).expect("dbias");
    let (_graph, plan) = plan_for(&g, &gpu);
    let d_dy: CudaSlice<bf16> = upload_flat(&gpu.stream, &dys);
    let d_m: CudaSlice<f32> = upload_flat(&gpu.stream, &want.mean);
    let d_v: CudaSlice<f32> = upload_flat(&gpu.stream, &want.inv_std);
    let mut d_dx: CudaSlice<bf16> = gpu.stream.alloc_zeros(len(&X)).expect("dx");
    let mut d_ds: CudaSlice<f32> = gpu.stream.alloc_zeros(row).expect("dscale");
    let mut d_db: CudaSlice<f32> = gpu.stream.alloc_zeros(row).expect("dbias");
    gpu.handle
        .execute(
            &plan,
            &mut VariantPack::new()
                .input(x.uid(), &dx)
                .input(dyt.uid(), &d_dy)
                .input(s.uid(), &ds)
                .input(m.uid(), &d_m)
                .input(v.uid(), &d_v)
                .output(out.dx.uid(), &mut d_dx)
                .output(out.dscale.uid(), &mut d_ds)
                .output(dbias.uid(), &mut d_db),
            &mut scratch,
        )
        .expect("execute");
    assert_close("dx", &download_flat(&gpu.stream, &d_dx), &grads.dx, 3e-2);
    assert_close(
        "dscale",
        &download_flat(&gpu.stream, &d_ds),
        &grads.dscale,
        1e-3,
    );
    assert_close(
        "dbias",
        &download_flat(&gpu.stream, &d_db),
        &grads.dbias,
        1e-3,
    );
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn rms_norm_forward_matches_the_reference() {
    let gpu = gpu();
    let row = X[1] * X[2] * X[3];
    let p_dims = [1, X[1], X[2], X[3]];
    let xs = rounded::<bf16>(&values(len(&X), 5));
    let ss = values(row, 6);
    let want = norm::rms_norm_forward::<f64, f64>(row, f64::from(EPS), &xs, &ss, None);
    let mut g = Graph::new("rms_norm");
    let x = g.tensor("x", &dims(&X), BF16).expect("x");
    let s = g.tensor("scale", &dims(&p_dims), F32).expect("scale");
    let out = g
        .rms_norm(x, s, None, &NormOptions::training(EPS))
        .expect("rms norm");
    g.set_output(out.y, BF16).expect("y");
    let inv = out.inv_variance.expect("inv");
    let (_graph, plan) = plan_for(&g, &gpu);
    let dx: CudaSlice<bf16> = upload_flat(&gpu.stream, &xs);
    let ds: CudaSlice<f32> = upload_flat(&gpu.stream, &ss);
    let mut dy: CudaSlice<bf16> = gpu.stream.alloc_zeros(len(&X)).expect("y");
    let mut dinv: CudaSlice<f32> = gpu.stream.alloc_zeros(X[0]).expect("inv");
    gpu.handle
        .execute(
            &plan,
            &mut VariantPack::new()
                .input(x.uid(), &dx)
                .input(s.uid(), &ds)
                .output(out.y.uid(), &mut dy)
                .output(inv.uid(), &mut dinv),
            &mut Workspace::new(),
        )
        .expect("execute");
    assert_close("y", &download_flat(&gpu.stream, &dy), &want.y, 2e-2);
    assert_close(
        "inv",
        &download_flat(&gpu.stream, &dinv),
        &want.inv_rms,
        1e-3,
    );
}

fn geometry() -> AttentionGeometry {
    AttentionGeometry {
        batch: 2,
        heads: 4,
        kv_heads: 4,
        seq_q: 128,
        seq_kv: 128,
        head_dim: 64,
        head_dim_v: 64,
    }
}

fn shape(b: usize, h: usize, s: usize, d: usize) -> Vec<i64> {
    dims(&[b, h, s, d])
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn causal_attention_forward_and_backward_match_the_reference() {
    let gpu = gpu();
    let geo = geometry();
    let (b, h, s, d) = (geo.batch, geo.heads, geo.seq_q, geo.head_dim);
    let scale = 1.0 / (d as f64).sqrt();
    let op = Attention::<f64> {
        geometry: geo.clone(),
        scale,
        bias: None,
        mask: AttentionMask::causal(),
        sink: None,
    };
    let qs = rounded::<bf16>(&values(geo.q_len(), 7));
    let ks = rounded::<bf16>(&values(geo.k_len(), 8));
    let vs = rounded::<bf16>(&values(geo.v_len(), 9));
    let want = att::forward(&op, &qs, &ks, &vs);

    let mut g = Graph::new("sdpa_forward");
    let [q, k, v] = ["q", "k", "v"].map(|n| g.tensor(n, &shape(b, h, s, d), BF16).expect(n));
    let options = SdpaOptions {
        causal: true,
        stats: true,
        ..SdpaOptions::default()
    };
    let out = g.sdpa_forward(q, k, v, &options).expect("sdpa");
    g.set_output(out.o, BF16).expect("o");
    let stats = out.stats.expect("stats");
    let (_graph, plan) = plan_for(&g, &gpu);
    let dq: CudaSlice<bf16> = upload_flat(&gpu.stream, &qs);
    let dk: CudaSlice<bf16> = upload_flat(&gpu.stream, &ks);
    let dv: CudaSlice<bf16> = upload_flat(&gpu.stream, &vs);
    let mut d_o: CudaSlice<bf16> = gpu.stream.alloc_zeros(geo.o_len()).expect("o");
    let mut d_stats: CudaSlice<f32> = gpu.stream.alloc_zeros(geo.stats_len()).expect("stats");
    let mut scratch = Workspace::new();
    gpu.handle
        .execute(
            &plan,
            &mut VariantPack::new()
                .input(q.uid(), &dq)
                .input(k.uid(), &dk)
                .input(v.uid(), &dv)
                .output(out.o.uid(), &mut d_o)
                .output(stats.uid(), &mut d_stats),
            &mut scratch,
        )
        .expect("execute");
    let o_got = download_flat(&gpu.stream, &d_o);
    let stats_got = download_flat(&gpu.stream, &d_stats);
    assert_close("o", &o_got, &want.o, 2e-2);
    assert_close("stats", &stats_got, &want.stats, 1e-3);

    // The backward of the same attention (no mask: the backward takes
    // none here), from the reference's output and statistics.
    let plain = Attention::<f64> {
        mask: AttentionMask::default(),
        ..op
    };
    let fwd = att::forward(&plain, &qs, &ks, &vs);
    let o_bf = rounded::<bf16>(&fwd.o);
    let dos = rounded::<bf16>(&values(geo.o_len(), 10));
    let grads = att::backward(&plain, &qs, &ks, &vs, &o_bf, &dos, &fwd.stats);
    let mut g = Graph::new("sdpa_backward");
    let [q, k, v, o, d_o_t] =
        ["q", "k", "v", "o", "do"].map(|n| g.tensor(n, &shape(b, h, s, d), BF16).expect(n));
    let st = g.tensor("stats", &shape(b, h, s, 1), F32).expect("stats");
    let inputs = SdpaBackwardInputs {
        q,
        k,
        v,
        o,
        d_o: d_o_t,
        stats: st,
    };
    let out = g
        .sdpa_backward(&inputs, &SdpaOptions::default())
        .expect("backward");
    for t in [out.dq, out.dk, out.dv] {
        g.set_output(t, BF16).expect("output");
    }
    let (_graph, plan) = plan_for(&g, &gpu);
    let d_o_in: CudaSlice<bf16> = upload_flat(&gpu.stream, &o_bf);
    let d_do: CudaSlice<bf16> = upload_flat(&gpu.stream, &dos);
    let d_st: CudaSlice<f32> = upload_flat(&gpu.stream, &fwd.stats);
    let mut gq: CudaSlice<bf16> = gpu.stream.alloc_zeros(geo.q_len()).expect("dq");
    let mut gk: CudaSlice<bf16> = gpu.stream.alloc_zeros(geo.k_len()).expect("dk");
    let mut gv: CudaSlice<bf16> = gpu.stream.alloc_zeros(geo.v_len()).expect("dv");
    gpu.handle
        .execute(
            &plan,
            &mut VariantPack::new()
                .input(q.uid(), &dq)
                .input(k.uid(), &dk)
                .input(v.uid(), &dv)
                .input(o.uid(), &d_o_in)
                .input(d_o_t.uid(), &d_do)
                .input(st.uid(), &d_st)
                .output(out.dq.uid(), &mut gq)
                .output(out.dk.uid(), &mut gk)
                .output(out.dv.uid(), &mut gv),
            &mut scratch,
        )
        .expect("execute");
    assert_close("dq", &download_flat(&gpu.stream, &gq), &grads.dq, 5e-2);
    assert_close("dk", &download_flat(&gpu.stream, &gk), &grads.dk, 5e-2);
    assert_close("dv", &download_flat(&gpu.stream, &gv), &grads.dv, 5e-2);
}

/// The composite attention backward (the graph cuDNN 8.9 to 9.16 runs,
/// built on any release by `build_composite_with`), causal and scaled,
/// compared with the reference's gradients. Its softmax sum and dQ
/// accumulator are bound to buffers of the test's own (found by name in
/// the built graph), the accumulator zeroed.
#[test]
#[ignore = "needs a CUDA GPU"]
fn composite_attention_backward_matches_the_reference() {
    let gpu = gpu();
    let geo = geometry();
    let (b, h, s, d) = (geo.batch, geo.heads, geo.seq_q, geo.head_dim);
    let op = Attention::<f64> {
        geometry: geo.clone(),
        scale: 0.125,
        bias: None,
        mask: AttentionMask::causal(),
        sink: None,
    };
    let qs = rounded::<bf16>(&values(geo.q_len(), 27));
    let ks = rounded::<bf16>(&values(geo.k_len(), 28));
    let vs = rounded::<bf16>(&values(geo.v_len(), 29));
    let fwd = att::forward(&op, &qs, &ks, &vs);
    let o_bf = rounded::<bf16>(&fwd.o);
    let dos = rounded::<bf16>(&values(geo.o_len(), 30));
    let grads = att::backward(&op, &qs, &ks, &vs, &o_bf, &dos, &fwd.stats);

    let mut g = Graph::new("sdpa_backward_composite");
    let [q, k, v, o, d_o] =
        ["q", "k", "v", "o", "do"].map(|n| g.tensor(n, &shape(b, h, s, d), BF16).expect(n));
    let st = g.tensor("stats", &shape(b, h, s, 1), F32).expect("stats");
    let inputs = SdpaBackwardInputs {
        q,
        k,
        v,
        o,
        d_o,
        stats: st,
    };
    let options = SdpaOptions {
        causal: true,
        scale: Some(0.125),
        ..SdpaOptions::default()
    };
    let out = g.sdpa_backward(&inputs, &options).expect("backward");
    for t in [out.dq, out.dk, out.dv] {
        g.set_output(t, BF16).expect("output");
    }
    let graph = g
        .build_composite_with(gpu.handle.library(), Some(&gpu.handle))
        .expect("the composite");
    let uid_of = |suffix: &str| {
        let t = graph.tensors().iter().find(|t| t.name().ends_with(suffix));
        t.expect(suffix).uid()
    };
    let plan = graph
        .plans(Target::Handle(&gpu.handle), &Settings::default())
        .expect("plan")
        .remove(0);
    let up = |x: &[f64]| -> CudaSlice<bf16> { upload_flat(&gpu.stream, x) };
    let (dq, dk, dv, d_o_in, d_do) = (up(&qs), up(&ks), up(&vs), up(&o_bf), up(&dos));
    let d_st: CudaSlice<f32> = upload_flat(&gpu.stream, &fwd.stats);
    let mut sums: CudaSlice<f32> = gpu.stream.alloc_zeros(b * h * s).expect("sums");
    let mut accum: CudaSlice<f32> = gpu.stream.alloc_zeros(geo.q_len()).expect("accum");
    let mut gq: CudaSlice<bf16> = gpu.stream.alloc_zeros(geo.q_len()).expect("dq");
    let mut gk: CudaSlice<bf16> = gpu.stream.alloc_zeros(geo.k_len()).expect("dk");
    let mut gv: CudaSlice<bf16> = gpu.stream.alloc_zeros(geo.v_len()).expect("dv");
    gpu.handle
        .execute(
            &plan,
            &mut VariantPack::new()
                .input(q.uid(), &dq)
                .input(k.uid(), &dk)
                .input(v.uid(), &dv)
                .input(o.uid(), &d_o_in)
                .input(d_o.uid(), &d_do)
                .input(st.uid(), &d_st)
                .output(uid_of(".softmax_sum"), &mut sums)
                .output(uid_of(".dq_accum"), &mut accum)
                .output(out.dq.uid(), &mut gq)
                .output(out.dk.uid(), &mut gk)
                .output(out.dv.uid(), &mut gv),
            &mut Workspace::new(),
        )
        .expect("execute");
    assert_close("dq", &download_flat(&gpu.stream, &gq), &grads.dq, 5e-2);
    assert_close("dk", &download_flat(&gpu.stream, &gk), &grads.dk, 5e-2);
    assert_close("dv", &download_flat(&gpu.stream, &gv), &grads.dv, 5e-2);
    // The softmax sum is each row's dO . O (no dropout).
    let rows: Vec<f64> = (o_bf.chunks(d).zip(dos.chunks(d)))
        .map(|(o, g)| o.iter().zip(g).map(|(a, b)| a * b).sum())
        .collect();
    assert_close(
        "softmax_sum",
        &download_flat(&gpu.stream, &sums),
        &rows,
        1e-3,
    );
}

/// Chunked prefill: 16 queries at the end of 128 keys, a band aligned
/// bottom-right (a right bound of 2 and a window of 24), compared with the
/// reference's mask of the same alignment and bounds.
#[test]
#[ignore = "needs a CUDA GPU"]
fn bottom_right_band_attention_matches_the_reference() {
    let gpu = gpu();
    let geo = AttentionGeometry {
        seq_q: 16,
        ..geometry()
    };
    let (b, h, d) = (geo.batch, geo.heads, geo.head_dim);
    let op = Attention::<f64> {
        geometry: geo.clone(),
        scale: 1.0 / (d as f64).sqrt(),
        bias: None,
        mask: AttentionMask {
            alignment: att::DiagonalAlignment::BottomRight,
            right_bound: Some(2),
            left_bound: Some(24),
            ..AttentionMask::default()
        },
        sink: None,
    };
    let qs = rounded::<bf16>(&values(geo.q_len(), 17));
    let ks = rounded::<bf16>(&values(geo.k_len(), 18));
    let vs = rounded::<bf16>(&values(geo.v_len(), 19));
    let want = att::forward(&op, &qs, &ks, &vs);

    let mut g = Graph::new("sdpa_bottom_right");
    let q = g.tensor("q", &shape(b, h, geo.seq_q, d), BF16).expect("q");
    let [k, v] = ["k", "v"].map(|n| g.tensor(n, &shape(b, h, geo.seq_kv, d), BF16).expect(n));
    let options = SdpaOptions {
        right_bound: Some(2),
        sliding_window: Some(24),
        alignment: DiagonalAlignment::BOTTOM_RIGHT,
        stats: true,
        ..SdpaOptions::default()
    };
    let out = g.sdpa_forward(q, k, v, &options).expect("sdpa");
    g.set_output(out.o, BF16).expect("o");
    let stats = out.stats.expect("stats");
    let (_graph, plan) = plan_for(&g, &gpu);
    let dq: CudaSlice<bf16> = upload_flat(&gpu.stream, &qs);
    let dk: CudaSlice<bf16> = upload_flat(&gpu.stream, &ks);
    let dv: CudaSlice<bf16> = upload_flat(&gpu.stream, &vs);
    let mut d_o: CudaSlice<bf16> = gpu.stream.alloc_zeros(geo.o_len()).expect("o");
    let mut d_stats: CudaSlice<f32> = gpu.stream.alloc_zeros(geo.stats_len()).expect("stats");
    let mut scratch = Workspace::new();
    gpu.handle
        .execute(
            &plan,
            &mut VariantPack::new()
                .input(q.uid(), &dq)
                .input(k.uid(), &dk)
                .input(v.uid(), &dv)
                .output(out.o.uid(), &mut d_o)
                .output(stats.uid(), &mut d_stats),
            &mut scratch,
        )
        .expect("execute");
    assert_close("o", &download_flat(&gpu.stream, &d_o), &want.o, 2e-2);
    let stats_got = download_flat(&gpu.stream, &d_stats);
    assert_close("stats", &stats_got, &want.stats, 1e-3);
}

/// A block-sparse mask: `S_q` 256 and `S_kv` 384 (2 query tiles, 3 key
/// tiles of 128, one byte per row of tiles), each (batch, head, query
/// tile) keeping its own set of key tiles (at least one). Compared with
/// the reference given the mask as an additive bias (0 kept, -1e30
/// masked), under what the node's docs state and no GPU has confirmed:
/// bit `j` of a byte (least significant first) is key tile `j`, a set
/// bit keeps it. cuDNN 9.28 offers engines for the mask on sm_10x only:
/// elsewhere the plan is refused with `NoEngine`, which is asserted.
#[test]
#[ignore = "needs a CUDA GPU"]
fn block_masked_attention_matches_the_reference_on_blackwell() {
    use cudnn::graph::DeviceProperties;
    let gpu = gpu();
    let geo = AttentionGeometry {
        seq_q: 256,
        seq_kv: 384,
        ..geometry()
    };
    let (b, h, d) = (geo.batch, geo.heads, geo.head_dim);
    let (tiles_q, tiles_kv) = (2usize, 3usize);
    assert_eq!(
        (geo.seq_q.div_ceil(128), geo.seq_kv.div_ceil(128)),
        (tiles_q, tiles_kv)
    );
    // Rows of tiles: (b, h, qt) keeps the tiles of its byte's set bits.
    let mask: Vec<u8> = (0..b * h * tiles_q)
        .map(|r| [0b001, 0b011, 0b110, 0b101, 0b111, 0b010, 0b100][r % 7])
        .collect();
    let mut bias = vec![0.0f64; b * h * geo.seq_q * geo.seq_kv];
    for (r, &bits) in mask.iter().enumerate() {
        let (bh, qt) = (r / tiles_q, r % tiles_q);
        for i in qt * 128..(qt * 128 + 128).min(geo.seq_q) {
            for j in 0..geo.seq_kv {
                if bits >> (j / 128) & 1 == 0 {
                    bias[(bh * geo.seq_q + i) * geo.seq_kv + j] = -1e30;
                }
            }
        }
    }
    let op = Attention::<f64> {
        geometry: geo.clone(),
        scale: 1.0 / (d as f64).sqrt(),
        bias: Some(att::AttentionBias {
            data: &bias,
            shape: att::BiasShape {
                per_batch: true,
                per_head: true,
            },
        }),
        mask: AttentionMask::default(),
        sink: None,
    };
    let qs = rounded::<bf16>(&values(geo.q_len(), 27));
    let ks = rounded::<bf16>(&values(geo.k_len(), 28));
    let vs = rounded::<bf16>(&values(geo.v_len(), 29));
    let want = att::forward(&op, &qs, &ks, &vs);

    let mut g = Graph::new("sdpa_block_mask");
    let q = g.tensor("q", &shape(b, h, geo.seq_q, d), BF16).expect("q");
    let [k, v] = ["k", "v"].map(|n| g.tensor(n, &shape(b, h, geo.seq_kv, d), BF16).expect(n));
    let m = g
        .tensor("block_mask", &dims(&[b, h, tiles_q, 1]), Dt::UINT8)
        .expect("mask");
    let options = SdpaOptions {
        block_mask: Some(m),
        ..SdpaOptions::default()
    };
    let out = g.sdpa_forward(q, k, v, &options).expect("sdpa");
    g.set_output(out.o, BF16).expect("o");
    let graph = g
        .build_with(gpu.handle.library(), Some(&gpu.handle))
        .expect("build");
    let plans = graph.plans(Target::Handle(&gpu.handle), &Settings::default());
    let device = DeviceProperties::from_handle(&gpu.handle).expect("the device");
    let (major, minor) = device.compute_capability();
    if major != 10 {
        assert!(
            matches!(plans, Err(cudnn::Error::NoEngine { .. })),
            "sm_{major}{minor}: {plans:?}"
        );
        return;
    }
    let plan = plans.expect("a block-mask plan").remove(0);
    let dq: CudaSlice<bf16> = upload_flat(&gpu.stream, &qs);
    let dk: CudaSlice<bf16> = upload_flat(&gpu.stream, &ks);
    let dv: CudaSlice<bf16> = upload_flat(&gpu.stream, &vs);
    let dm = gpu.stream.clone_htod(&mask).expect("mask");
    let mut d_o: CudaSlice<bf16> = gpu.stream.alloc_zeros(geo.o_len()).expect("o");
    let mut scratch = Workspace::new();
    gpu.handle
        .execute(
            &plan,
            &mut VariantPack::new()
                .input(q.uid(), &dq)
                .input(k.uid(), &dk)
                .input(v.uid(), &dv)
                .input(m.uid(), &dm)
                .output(out.o.uid(), &mut d_o),
            &mut scratch,
        )
        .expect("execute");
    assert_close("o", &download_flat(&gpu.stream, &d_o), &want.o, 2e-2);
}

/// Paged attention: K and V in containers of 8 pages of 32 positions
/// (2 heads, D 64), read through page tables that scatter each sequence's
/// 4 blocks over the pages, with sequence lengths; compared with the
/// dense attention of the keys and values gathered by the reference.
#[test]
#[ignore = "needs a CUDA GPU"]
fn paged_attention_forward_matches_dense_attention_of_the_gathered_pages() {
    let gpu = gpu();
    let (b, h, h_kv, s_q, d) = (2, 4, 2, 64, 64);
    let (pages, block, blocks) = (8, 32, 4);
    let s_kv = blocks * block;
    let (len_q, len_kv) = ([64usize, 40], [128usize, 77]);
    let layout = att::PageLayout {
        pages,
        heads: h_kv,
        block_size: block,
        dim: d,
    };
    // Block n of sequence b lives in page (5 (4 b + n) + 3) mod 8: a
    // permutation of the pages.
    let table: Vec<i32> = (0..b * blocks)
        .map(|i| ((5 * i + 3) % pages) as i32)
        .collect();
    let container_len = pages * h_kv * block * d;
    let kc = rounded::<bf16>(&values(container_len, 11));
    let vc = rounded::<bf16>(&values(container_len, 12));
    let geo = AttentionGeometry {
        batch: b,
        heads: h,
        kv_heads: h_kv,
        seq_q: s_q,
        seq_kv: s_kv,
        head_dim: d,
        head_dim_v: d,
    };
    let qs = rounded::<bf16>(&values(geo.q_len(), 13));
    let ks = att::gather_pages(&kc, layout, &table, b, s_kv);
    let vs = att::gather_pages(&vc, layout, &table, b, s_kv);
    let op = Attention::<f64> {
        geometry: geo.clone(),
        scale: 1.0 / (d as f64).sqrt(),
        bias: None,
        mask: AttentionMask {
            seq_len_q: Some(len_q.to_vec()),
            seq_len_kv: Some(len_kv.to_vec()),
            ..AttentionMask::default()
        },
        sink: None,
    };
    let want = att::forward(&op, &qs, &ks, &vs);

    let mut g = Graph::new("sdpa_forward_paged");
    let q = g.tensor("q", &shape(b, h, s_q, d), BF16).expect("q");
    let [k, v] =
        ["k_pages", "v_pages"].map(|n| g.tensor(n, &shape(pages, h_kv, block, d), BF16).expect(n));
    let table_dims = shape(b, 1, blocks, 1);
    let [tk, tv] =
        ["page_table_k", "page_table_v"].map(|n| g.tensor(n, &table_dims, I32).expect(n));
    let [sq, skv] =
        ["seq_len_q", "seq_len_kv"].map(|n| g.tensor(n, &shape(b, 1, 1, 1), I32).expect(n));
    let options = SdpaOptions {
        seq_len_q: Some(sq),
        seq_len_kv: Some(skv),
        paged: Some(SdpaPagedKv {
            page_table_k: tk,
            page_table_v: tv,
        }),
        ..SdpaOptions::default()
    };
    let out = g.sdpa_forward(q, k, v, &options).expect("paged sdpa");
    g.set_output(out.o, BF16).expect("o");
    let (_graph, plan) = plan_for(&g, &gpu);
    let s = &gpu.stream;
    let dq: CudaSlice<bf16> = upload_flat(s, &qs);
    let dk: CudaSlice<bf16> = upload_flat(s, &kc);
    let dv: CudaSlice<bf16> = upload_flat(s, &vc);
    let d_table: CudaSlice<i32> = s.clone_htod(&table).expect("table");
    let lens = |l: &[usize]| l.iter().map(|&v| v as i32).collect::<Vec<_>>();
    let d_len_q: CudaSlice<i32> = s.clone_htod(&lens(&len_q)).expect("seq_len_q");
    let d_len_kv: CudaSlice<i32> = s.clone_htod(&lens(&len_kv)).expect("seq_len_kv");
    let mut d_o: CudaSlice<bf16> = s.alloc_zeros(geo.o_len()).expect("o");
    // The page tables and lengths are device-side indices: bound as
    // `input`, they are refused before cuDNN runs.
    let r = gpu.handle.execute(
        &plan,
        &mut VariantPack::new()
            .input(q.uid(), &dq)
            .input(k.uid(), &dk)
            .input(v.uid(), &dv)
            .input(tk.uid(), &d_table)
            .input(tv.uid(), &d_table)
            .input(sq.uid(), &d_len_q)
            .input(skv.uid(), &d_len_kv)
            .output(out.o.uid(), &mut d_o),
        &mut Workspace::new(),
    );
    match r {
        Err(cudnn::Error::InvalidArgument { mismatch, .. }) => {
            assert!(mismatch.to_string().contains("index_input"), "{mismatch}")
        }
        other => panic!("expected the refusal of indices bound as input: {other:?}"),
    }
    assert!(table.iter().all(|&p| (0..pages as i32).contains(&p)));
    assert!(len_q.iter().all(|&l| l <= s_q) && len_kv.iter().all(|&l| l <= s_kv));
    // SAFETY: every page-table entry is a page of the containers and every
    // length at most the node's (asserted above); the buffers outlive the
    // execution (the download below synchronizes).
    let mut pack = unsafe {
        VariantPack::new()
            .index_input(tk.uid(), &d_table)
            .index_input(tv.uid(), &d_table)
            .index_input(sq.uid(), &d_len_q)
            .index_input(skv.uid(), &d_len_kv)
    };
    pack = pack
        .input(q.uid(), &dq)
        .input(k.uid(), &dk)
        .input(v.uid(), &dv)
        .output(out.o.uid(), &mut d_o);
    gpu.handle
        .execute(&plan, &mut pack, &mut Workspace::new())
        .expect("execute");
    drop(pack);
    let got = download_flat(s, &d_o);
    // Rows past a sequence's query length are padding: not compared.
    let kept = |v: &[f64]| -> Vec<f64> {
        v.chunks(d)
            .enumerate()
            .filter(|(row, _)| row % s_q < len_q[row / (h * s_q)])
            .flat_map(|(_, r)| r.to_vec())
            .collect()
    };
    assert_close("o", &kept(&got), &kept(&want.o), 2e-2);
}

/// Attention with dropout (cuDNN 9.21: the composite; the unified operation
/// from 9.22, as cudnn-frontend 1.32 sets it): the seed and offset are `INT64`
/// device tensors. No reference computes cuDNN's Philox mask, so: the
/// output is finite, the same seed gives the same output, another seed
/// another one, and either differs from the attention without dropout.
#[test]
#[ignore = "needs a CUDA GPU"]
fn attention_with_dropout_takes_int64_seed_and_offset() {
    let gpu = gpu();
    let v = gpu.handle.library().version();
    if (v.major, v.minor) < (9, 21) {
        eprintln!("cuDNN {v} has no attention dropout");
        return;
    }
    let geo = geometry();
    let (b, h, s, d) = (geo.batch, geo.heads, geo.seq_q, geo.head_dim);
    let mut g = Graph::new("sdpa_dropout");
    let [q, k, vt] = ["q", "k", "v"].map(|n| g.tensor(n, &shape(b, h, s, d), BF16).expect(n));
    let [seed, offset] =
        ["seed", "offset"].map(|n| g.tensor(n, &[1, 1, 1, 1], Dt::INT64).expect(n));
    let options = SdpaOptions {
        stats: true,
        dropout: Some(cudnn::graph::SdpaDropout {
            probability: 0.25,
            seed,
            offset,
        }),
        ..SdpaOptions::default()
    };
    let out = g.sdpa_forward(q, k, vt, &options).expect("sdpa");
    g.set_output(out.o, BF16).expect("o");
    let stats = out.stats.expect("stats");
    let (_graph, plan) = plan_for(&g, &gpu);
    let st = &gpu.stream;
    let qs = rounded::<bf16>(&values(geo.q_len(), 21));
    let ks = rounded::<bf16>(&values(geo.k_len(), 22));
    let vs = rounded::<bf16>(&values(geo.v_len(), 23));
    let (dq, dk, dv): (CudaSlice<bf16>, CudaSlice<bf16>, CudaSlice<bf16>) = (
        upload_flat(st, &qs),
        upload_flat(st, &ks),
        upload_flat(st, &vs),
    );
    let d_offset: CudaSlice<i64> = st.clone_htod(&[0i64]).expect("offset");
    let run = |seed_value: i64| -> Vec<f64> {
        let d_seed: CudaSlice<i64> = st.clone_htod(&[seed_value]).expect("seed");
        let mut d_o: CudaSlice<bf16> = st.alloc_zeros(geo.o_len()).expect("o");
        let mut d_st: CudaSlice<f32> = st.alloc_zeros(geo.stats_len()).expect("stats");
        gpu.handle
            .execute(
                &plan,
                &mut VariantPack::new()
                    .input(q.uid(), &dq)
                    .input(k.uid(), &dk)
                    .input(vt.uid(), &dv)
                    .input(seed.uid(), &d_seed)
                    .input(offset.uid(), &d_offset)
                    .output(out.o.uid(), &mut d_o)
                    .output(stats.uid(), &mut d_st),
                &mut Workspace::new(),
            )
            .expect("execute");
        download_flat(st, &d_o)
    };
    let (first, again, other) = (run(1234), run(1234), run(99));
    assert!(first.iter().all(|x| x.is_finite()));
    assert_eq!(first, again, "the same seed, another mask");
    assert_ne!(first, other, "another seed, the same mask");
    let plain = Attention::<f64> {
        geometry: geo.clone(),
        scale: 1.0 / (d as f64).sqrt(),
        bias: None,
        mask: AttentionMask::default(),
        sink: None,
    };
    let want = att::forward(&plain, &qs, &ks, &vs);
    let diff = first
        .iter()
        .zip(&want.o)
        .map(|(a, b)| (a - b).abs())
        .fold(0.0, f64::max);
    assert!(diff > 1e-2, "dropout changed nothing (max |diff| {diff})");
}
