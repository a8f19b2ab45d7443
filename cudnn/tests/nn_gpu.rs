//! The `nn` layers on a GPU: [`LayerNorm`], [`RmsNorm`] and [`Attention`]
//! forward and backward in `bfloat16` and `half`, compared with the CPU
//! references (`cudnn_reference::norm`, `cudnn_reference::attention`);
//! [`Linear`] with each fused activation (`cudnn_reference::linear`, the
//! output's tolerance as attention's); [`LinearFp8`] against the same
//! reference on its quantized inputs' values (`y` 2e-2 in `bfloat16`,
//! 7e-2 in E4M3, `amax` 1e-3); `AttentionFp8Inference` likewise (`o`
//! in E4M3 1.25e-1, its test says why); attention with sink tokens (the sink's
//! gradient at the gradients' tolerance);
//! attention causal (with grouped-query heads), padded and windowed, and
//! masks aligned bottom-right (decoding, chunked prefill, a padded band);
//! the
//! plan-cache and benchmark paths; the typed refusals of a call's
//! buffers; and `MoeExperts` in each routing mode against
//! `cudnn_reference::moe` (its output at the tolerance of attention's).
//!
//! Tolerances are the largest relative difference, `|got - want| /
//! max(|want|, 1)`: `y` and `dx` of the norms 2e-2 (`bfloat16`) and 5e-3
//! (`half`), their statistics 1e-3 and parameter gradients 2e-3 (`float`,
//! summed over rows); attention's output 2e-2 and 5e-3, its statistics
//! 1e-3, its gradients 5e-2 and 1e-2. Each reference is given exactly
//! what the GPU read (inputs rounded to the element type; the backward's
//! statistics and output are the GPU forward's).
//!
//! All `#[ignore = "needs a CUDA GPU"]`; `scripts/gpu-test.sh` runs them.

mod common;

use cudnn::cudarc::driver::CudaSlice;
use cudnn::graph::{DiagonalAlignment, PlanCache, Settings};
use cudnn::half::{bf16, f16};
use cudnn::nn::{
    Attention, AttentionBackward, AttentionForward, AttentionOptions, AttentionShape, LayerNorm,
    LayerNormBackward, LayerNormForward, Linear, LinearActivation, LinearForward, LinearFp8,
    LinearFp8Forward, LinearShape, NormShape, RmsNorm, RmsNormBackward, RmsNormForward, SeqLens,
};
use cudnn::nn::{AttentionElement, LinearElement, LinearFp8Output, NormElement};
use cudnn::{Error, Mismatch, F8E4M3};
use cudnn_reference::attention::{self as att, AttentionGeometry, AttentionMask};
use cudnn_reference::conv::Scalar;
use cudnn_reference::linear as ref_linear;
use cudnn_reference::norm;

use common::gpu::{download_flat, gpu, rounded, upload_flat, values, values_scaled, Gpu};

#[track_caller]
fn assert_close(what: &str, got: &[f64], want: &[f64], tol: f64) {
    assert_eq!(got.len(), want.len(), "{what}: lengths");
    let (i, err) = got
        .iter()
        .zip(want)
        .map(|(a, b)| (a - b).abs() / b.abs().max(1.0))
        .enumerate()
        .fold((0, 0.0), |m, (i, e)| if e > m.1 { (i, e) } else { m });
    assert!(
        err < tol,
        "{what}: max relative |diff| {err} at {i} (got {}, want {}), tolerance {tol}",
        got[i],
        want[i]
    );
}

/// Tolerances of one element type.
struct Tol {
    /// A norm's `y` and `dx`; attention's output.
    out: f64,
    /// Attention's gradients.
    grad: f64,
}

const BF16_TOL: Tol = Tol {
    out: 2e-2,
    grad: 5e-2,
};
const F16_TOL: Tol = Tol {
    out: 5e-3,
    grad: 1e-2,
};

const NORM: NormShape = NormShape {
    rows: 32,
    features: 768,
};
const EPS: f32 = 1e-5;

fn layer_norm_case<T: Scalar + NormElement>(gpu: &Gpu, tol: &Tol, settings: &Settings) {
    let (n, f) = (NORM.x_len(), NORM.features);
    let xs = rounded::<T>(&values(n, 1));
    let ss = values(f, 2);
    let bs = values(f, 3);
    let dys = rounded::<T>(&values(n, 4));
    let mut layer = LayerNorm::<T>::new(&gpu.handle, NORM, EPS, settings, None).expect("new");

    let s = &gpu.stream;
    let x: CudaSlice<T> = upload_flat(s, &xs);
    let scale: CudaSlice<f32> = upload_flat(s, &ss);
    let bias: CudaSlice<f32> = upload_flat(s, &bs);
    let mut y: CudaSlice<T> = s.alloc_zeros(n).expect("y");
    let mut mean: CudaSlice<f32> = s.alloc_zeros(NORM.rows).expect("mean");
    let mut inv: CudaSlice<f32> = s.alloc_zeros(NORM.rows).expect("inv");
    layer
        .forward(
            &gpu.handle,
            LayerNormForward {
                x: &x,
                scale: &scale,
                bias: &bias,
                y: &mut y,
                mean: &mut mean,
                inv_variance: &mut inv,
            },
        )
        .expect("forward");
    let want = norm::layer_norm_forward::<f64, f64>(f, f64::from(EPS), &xs, &ss, &bs);
    assert_close("y", &download_flat(s, &y), &want.y, tol.out);
    let (mean_got, inv_got) = (download_flat(s, &mean), download_flat(s, &inv));
    assert_close("mean", &mean_got, &want.mean, 1e-3);
    assert_close("inv", &inv_got, &want.inv_std, 1e-3);

    let dy: CudaSlice<T> = upload_flat(s, &dys);
    let mut dx: CudaSlice<T> = s.alloc_zeros(n).expect("dx");
    let mut dscale: CudaSlice<f32> = s.alloc_zeros(f).expect("dscale");
    let mut dbias: CudaSlice<f32> = s.alloc_zeros(f).expect("dbias");
    layer
        .backward(
            &gpu.handle,
            LayerNormBackward {
                x: &x,
                dy: &dy,
                scale: &scale,
                mean: &mean,
                inv_variance: &inv,
                dx: &mut dx,
                dscale: &mut dscale,
                dbias: &mut dbias,
            },
        )
        .expect("backward");
    let grads = norm::layer_norm_backward::<f64, f64>(f, &dys, &xs, &ss, &mean_got, &inv_got);
    assert_close("dx", &download_flat(s, &dx), &grads.dx, tol.out);
    assert_close("dscale", &download_flat(s, &dscale), &grads.dscale, 2e-3);
    assert_close("dbias", &download_flat(s, &dbias), &grads.dbias, 2e-3);
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn layer_norm_bf16_matches_the_reference() {
    layer_norm_case::<bf16>(&gpu(), &BF16_TOL, &Settings::default());
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn layer_norm_f16_matches_the_reference() {
    layer_norm_case::<f16>(&gpu(), &F16_TOL, &Settings::default());
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn layer_norm_with_benchmark_times_its_plans_and_still_matches() {
    let settings = Settings {
        benchmark: true,
        benchmark_limit: 4,
        ..Settings::default()
    };
    layer_norm_case::<bf16>(&gpu(), &BF16_TOL, &settings);
}

fn rms_norm_case<T: Scalar + NormElement>(gpu: &Gpu, tol: &Tol) {
    let (n, f) = (NORM.x_len(), NORM.features);
    let xs = rounded::<T>(&values(n, 5));
    let ss = values(f, 6);
    let dys = rounded::<T>(&values(n, 7));
    let mut layer =
        RmsNorm::<T>::new(&gpu.handle, NORM, EPS, &Settings::default(), None).expect("new");
    let s = &gpu.stream;
    let x: CudaSlice<T> = upload_flat(s, &xs);
    let scale: CudaSlice<f32> = upload_flat(s, &ss);
    let mut y: CudaSlice<T> = s.alloc_zeros(n).expect("y");
    let mut inv: CudaSlice<f32> = s.alloc_zeros(NORM.rows).expect("inv");
    layer
        .forward(
            &gpu.handle,
            RmsNormForward {
                x: &x,
                scale: &scale,
                y: &mut y,
                inv_rms: &mut inv,
            },
        )
        .expect("forward");
    let want = norm::rms_norm_forward::<f64, f64>(f, f64::from(EPS), &xs, &ss, None);
    assert_close("y", &download_flat(s, &y), &want.y, tol.out);
    let inv_got = download_flat(s, &inv);
    assert_close("inv_rms", &inv_got, &want.inv_rms, 1e-3);

    let dy: CudaSlice<T> = upload_flat(s, &dys);
    let mut dx: CudaSlice<T> = s.alloc_zeros(n).expect("dx");
    let mut dscale: CudaSlice<f32> = s.alloc_zeros(f).expect("dscale");
    layer
        .backward(
            &gpu.handle,
            RmsNormBackward {
                x: &x,
                dy: &dy,
                scale: &scale,
                inv_rms: &inv,
                dx: &mut dx,
                dscale: &mut dscale,
            },
        )
        .expect("backward");
    let grads = norm::rms_norm_backward::<f64, f64>(f, &dys, &xs, &ss, &inv_got);
    assert_close("dx", &download_flat(s, &dx), &grads.dx, tol.out);
    assert_close("dscale", &download_flat(s, &dscale), &grads.dscale, 2e-3);
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn rms_norm_bf16_matches_the_reference() {
    rms_norm_case::<bf16>(&gpu(), &BF16_TOL);
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn rms_norm_f16_matches_the_reference() {
    rms_norm_case::<f16>(&gpu(), &F16_TOL);
}

const ATTN: AttentionShape = AttentionShape {
    batch: 2,
    heads: 4,
    kv_heads: 2,
    seq_q: 128,
    seq_kv: 128,
    head_dim: 64,
};

fn geometry(s: &AttentionShape) -> AttentionGeometry {
    AttentionGeometry {
        batch: s.batch,
        heads: s.heads,
        kv_heads: s.kv_heads,
        seq_q: s.seq_q,
        seq_kv: s.seq_kv,
        head_dim: s.head_dim,
        head_dim_v: s.head_dim,
    }
}

/// Keeps the elements of rows (`[B, H, S, inner]`) whose position is
/// below its batch item's length: padded rows are not compared.
fn valid_rows(data: &[f64], shape: [usize; 4], lens: Option<&[usize]>) -> Vec<f64> {
    let [_, h, s, inner] = shape;
    data.chunks(inner)
        .enumerate()
        .filter(|(row, _)| {
            let (b, pos) = (row / (h * s), row % s);
            lens.is_none_or(|l| pos < l[b])
        })
        .flat_map(|(_, c)| c.iter().copied())
        .collect()
}

/// One attention case: forward and backward against the reference.
struct AttnCase<'a> {
    shape: AttentionShape,
    options: AttentionOptions,
    mask: AttentionMask,
    /// The actual lengths of each batch item (q, kv), with padding.
    lens: Option<(&'a [usize], &'a [usize])>,
    /// The sink logits, one per query head, with
    /// [`AttentionOptions::sinks`].
    sink: Option<&'a [f32]>,
}

fn attention_case<T: Scalar + AttentionElement>(gpu: &Gpu, tol: &Tol, c: &AttnCase<'_>) {
    attention_case_with::<T>(gpu, tol, c, None);
}

/// As [`attention_case`], the layer's plans found through `cache` when
/// given.
fn attention_case_with<T: Scalar + AttentionElement>(
    gpu: &Gpu,
    tol: &Tol,
    c: &AttnCase<'_>,
    cache: Option<&mut PlanCache>,
) {
    let sh = c.shape;
    let geo = geometry(&sh);
    let scale = c
        .options
        .scale
        .map_or(1.0 / (sh.head_dim as f64).sqrt(), f64::from);
    let op = att::Attention::<f64> {
        geometry: geo.clone(),
        scale,
        bias: None,
        mask: c.mask.clone(),
        sink: c.sink,
    };
    let qs = rounded::<T>(&values(sh.q_len(), 11));
    let ks = rounded::<T>(&values(sh.kv_len(), 12));
    let vs = rounded::<T>(&values(sh.kv_len(), 13));
    let dos = rounded::<T>(&values(sh.q_len(), 14));
    let mut layer =
        Attention::<T>::new(&gpu.handle, sh, c.options, &Settings::default(), cache).expect("new");

    let s = &gpu.stream;
    let q: CudaSlice<T> = upload_flat(s, &qs);
    let k: CudaSlice<T> = upload_flat(s, &ks);
    let v: CudaSlice<T> = upload_flat(s, &vs);
    let lens: Option<(CudaSlice<i32>, CudaSlice<i32>)> = c.lens.map(|(lq, lkv)| {
        let to = |l: &[usize]| l.iter().map(|&v| v as i32).collect::<Vec<_>>();
        (
            s.clone_htod(&to(lq)).expect("seq_len_q"),
            s.clone_htod(&to(lkv)).expect("seq_len_kv"),
        )
    });
    // The lengths are the reference's, which refuses any above the shape's
    // sequence lengths.
    assert!(c.lens.is_none_or(
        |(lq, lkv)| lq.iter().all(|&l| l <= sh.seq_q) && lkv.iter().all(|&l| l <= sh.seq_kv)
    ));
    // SAFETY: every length is at most the layer's sequence length
    // (asserted above), and the buffers live until the test synchronizes.
    let seq_lens = || lens.as_ref().map(|(q, kv)| unsafe { SeqLens::new(q, kv) });
    let sink_buf: Option<CudaSlice<f32>> = c.sink.map(|v| s.clone_htod(v).expect("sink"));
    let sink = || {
        sink_buf
            .as_ref()
            .map(|b| b as &dyn cudnn::DeviceBuffer<f32>)
    };
    // NaN first: the backward writes every element of the sink's gradient.
    let mut dsink_buf: Option<CudaSlice<f32>> = c
        .sink
        .map(|v| s.clone_htod(&vec![f32::NAN; v.len()]).expect("dsink"));
    let mut o: CudaSlice<T> = s.alloc_zeros(sh.q_len()).expect("o");
    let mut stats: CudaSlice<f32> = s.alloc_zeros(sh.stats_len()).expect("stats");
    layer
        .forward(
            &gpu.handle,
            AttentionForward {
                q: &q,
                k: &k,
                v: &v,
                o: &mut o,
                stats: &mut stats,
                seq_lens: seq_lens(),
                sink: sink(),
            },
        )
        .expect("forward");
    let want = att::forward(&op, &qs, &ks, &vs);
    let (o_got, stats_got) = (download_flat(s, &o), download_flat(s, &stats));
    let (lq, lkv) = (c.lens.map(|l| l.0), c.lens.map(|l| l.1));
    let q_rows = [sh.batch, sh.heads, sh.seq_q, sh.head_dim];
    let kv_rows = [sh.batch, sh.kv_heads, sh.seq_kv, sh.head_dim];
    let stat_rows = [sh.batch, sh.heads, sh.seq_q, 1];
    assert_close(
        "o",
        &valid_rows(&o_got, q_rows, lq),
        &valid_rows(&want.o, q_rows, lq),
        tol.out,
    );
    assert_close(
        "stats",
        &valid_rows(&stats_got, stat_rows, lq),
        &valid_rows(&want.stats, stat_rows, lq),
        1e-3,
    );

    let d_o: CudaSlice<T> = upload_flat(s, &dos);
    let mut dq: CudaSlice<T> = s.alloc_zeros(sh.q_len()).expect("dq");
    let mut dk: CudaSlice<T> = s.alloc_zeros(sh.kv_len()).expect("dk");
    let mut dv: CudaSlice<T> = s.alloc_zeros(sh.kv_len()).expect("dv");
    layer
        .backward(
            &gpu.handle,
            AttentionBackward {
                q: &q,
                k: &k,
                v: &v,
                o: &o,
                d_o: &d_o,
                stats: &stats,
                dq: &mut dq,
                dk: &mut dk,
                dv: &mut dv,
                seq_lens: seq_lens(),
                sink: sink(),
                dsink: dsink_buf
                    .as_mut()
                    .map(|b| b as &mut dyn cudnn::DeviceBufferMut<f32>),
            },
        )
        .expect("backward");
    // The reference's backward from what the GPU's read: its output and
    // statistics.
    let grads = att::backward(&op, &qs, &ks, &vs, &o_got, &dos, &stats_got);
    for (name, got, want, rows, l) in [
        ("dq", &dq, &grads.dq, q_rows, lq),
        ("dk", &dk, &grads.dk, kv_rows, lkv),
        ("dv", &dv, &grads.dv, kv_rows, lkv),
    ] {
        assert_close(
            name,
            &valid_rows(&download_flat(s, got), rows, l),
            &valid_rows(want, rows, l),
            tol.grad,
        );
    }
    if let (Some(got), Some(want)) = (&dsink_buf, &grads.dsink) {
        assert_close("dsink", &download_flat(s, got), want, tol.grad);
    }
}

fn causal() -> AttnCase<'static> {
    AttnCase {
        shape: ATTN,
        options: AttentionOptions {
            causal: true,
            ..AttentionOptions::default()
        },
        mask: AttentionMask::causal(),
        lens: None,
        sink: None,
    }
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn causal_attention_bf16_matches_the_reference() {
    attention_case::<bf16>(&gpu(), &BF16_TOL, &causal());
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn causal_attention_f16_matches_the_reference() {
    attention_case::<f16>(&gpu(), &F16_TOL, &causal());
}

/// Sink tokens (cuDNN 9.21): one logit per query head, some above the
/// rows' log-sum-exp and some below, so that the sink takes a visible
/// share of each row; the sink's gradient against the reference's, at the
/// gradients' tolerance.
fn sink_case(padding: bool) -> AttnCase<'static> {
    const SINK: [f32; 4] = [-1.0, 0.5, 2.0, 4.0];
    const LQ: [usize; 2] = [100, 128];
    const LKV: [usize; 2] = [128, 77];
    let mask = match padding {
        true => AttentionMask {
            seq_len_q: Some(LQ.to_vec()),
            seq_len_kv: Some(LKV.to_vec()),
            ..AttentionMask::causal()
        },
        false => AttentionMask::causal(),
    };
    AttnCase {
        options: AttentionOptions {
            causal: true,
            padding,
            sinks: true,
            ..AttentionOptions::default()
        },
        mask,
        lens: padding.then_some((&LQ, &LKV)),
        sink: Some(&SINK),
        ..causal()
    }
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn attention_with_sink_tokens_bf16_matches_the_reference() {
    attention_case::<bf16>(&gpu(), &BF16_TOL, &sink_case(false));
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn padded_attention_with_sink_tokens_f16_matches_the_reference() {
    attention_case::<f16>(&gpu(), &F16_TOL, &sink_case(true));
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn padded_causal_attention_bf16_matches_the_reference() {
    let (lq, lkv) = ([100usize, 128], [128usize, 77]);
    let case = AttnCase {
        options: AttentionOptions {
            causal: true,
            padding: true,
            ..AttentionOptions::default()
        },
        mask: AttentionMask {
            seq_len_q: Some(lq.to_vec()),
            seq_len_kv: Some(lkv.to_vec()),
            ..AttentionMask::causal()
        },
        lens: Some((&lq, &lkv)),
        ..causal()
    };
    attention_case::<bf16>(&gpu(), &BF16_TOL, &case);
}

/// Decoding and chunked prefill: a causal mask aligned bottom-right, the
/// last of 1 or 16 queries on the last of 512 keys.
#[test]
#[ignore = "needs a CUDA GPU"]
fn bottom_right_causal_attention_bf16_matches_the_reference() {
    for seq_q in [1, 16] {
        let case = AttnCase {
            shape: AttentionShape {
                seq_q,
                seq_kv: 512,
                ..ATTN
            },
            options: AttentionOptions {
                causal: true,
                alignment: DiagonalAlignment::BOTTOM_RIGHT,
                ..AttentionOptions::default()
            },
            mask: AttentionMask {
                alignment: att::DiagonalAlignment::BottomRight,
                ..AttentionMask::causal()
            },
            lens: None,
            sink: None,
        };
        attention_case::<bf16>(&gpu(), &BF16_TOL, &case);
    }
}

/// A band (a right bound of 2 and a window of 64) aligned bottom-right on
/// each padded item's own lengths.
#[test]
#[ignore = "needs a CUDA GPU"]
fn padded_bottom_right_band_attention_f16_matches_the_reference() {
    let (lq, lkv) = ([16usize, 9], [512usize, 300]);
    let case = AttnCase {
        shape: AttentionShape {
            seq_q: 16,
            seq_kv: 512,
            ..ATTN
        },
        options: AttentionOptions {
            right_bound: Some(2),
            sliding_window: Some(64),
            alignment: DiagonalAlignment::BOTTOM_RIGHT,
            padding: true,
            ..AttentionOptions::default()
        },
        mask: AttentionMask {
            alignment: att::DiagonalAlignment::BottomRight,
            right_bound: Some(2),
            left_bound: Some(64),
            seq_len_q: Some(lq.to_vec()),
            seq_len_kv: Some(lkv.to_vec()),
        },
        lens: Some((&lq, &lkv)),
        sink: None,
    };
    attention_case::<f16>(&gpu(), &F16_TOL, &case);
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn sliding_window_attention_f16_matches_the_reference() {
    let case = AttnCase {
        options: AttentionOptions {
            causal: true,
            sliding_window: Some(32),
            scale: Some(0.1),
            padding: false,
            ..AttentionOptions::default()
        },
        mask: AttentionMask {
            left_bound: Some(32),
            ..AttentionMask::causal()
        },
        ..causal()
    };
    attention_case::<f16>(&gpu(), &F16_TOL, &case);
}

/// A causal layer's plans saved and loaded into a new cache (cuDNN 9.28
/// writes the backward's plan without its mask): a layer made from the
/// loaded cache takes both plans from it, none built again, and still
/// matches the masked reference.
#[test]
#[ignore = "needs a CUDA GPU"]
fn causal_attention_from_a_reloaded_plan_cache_matches_the_reference() {
    let gpu = gpu();
    let lib = gpu.handle.library();
    let c = causal();
    let mut cache = PlanCache::new(8).expect("cache");
    let settings = Settings::default();
    Attention::<bf16>::new(&gpu.handle, c.shape, c.options, &settings, Some(&mut cache))
        .expect("first");
    if cache.is_empty() {
        // Before 9.8 there are no device descriptions: no cache is used.
        return;
    }
    let dir = common::scratch_dir("nn-gpu-plans");
    let file = dir.path().join("plans.json");
    cache.save(&file).expect("save");
    let (mut loaded, report) = PlanCache::load(&file, lib, 8).expect("load");
    assert!(report.dropped.is_empty(), "{:?}", report.dropped);
    attention_case_with::<bf16>(&gpu, &BF16_TOL, &c, Some(&mut loaded));
    assert!(loaded.drops().is_empty(), "{:?}", loaded.drops());
    assert_eq!((loaded.hits(), loaded.misses()), (cache.len() as u64, 0));
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn a_plan_cache_serves_the_second_layer_of_a_shape() {
    let gpu = gpu();
    let lib = gpu.handle.library();
    let mut cache = PlanCache::new(8).expect("cache");
    let settings = Settings::default();
    let _a =
        LayerNorm::<bf16>::new(&gpu.handle, NORM, EPS, &settings, Some(&mut cache)).expect("first");
    if lib.version() < cudnn::Version::new(9, 8, 0) {
        // Before 9.8 there are no device descriptions: no cache is used.
        assert_eq!((cache.hits(), cache.misses()), (0, 0));
        return;
    }
    assert_eq!((cache.hits(), cache.misses(), cache.len()), (0, 2, 2));
    // Another epsilon: the same key (scalars are not part of it), and
    // the layer's own epsilon in its plan.
    let mut b = LayerNorm::<bf16>::new(&gpu.handle, NORM, 1e-3, &settings, Some(&mut cache))
        .expect("second");
    assert_eq!((cache.hits(), cache.misses()), (2, 2));
    let (n, f) = (NORM.x_len(), NORM.features);
    let xs = rounded::<bf16>(&values(n, 21));
    let ss = values(f, 22);
    let bs = values(f, 23);
    let s = &gpu.stream;
    let x: CudaSlice<bf16> = upload_flat(s, &xs);
    let scale: CudaSlice<f32> = upload_flat(s, &ss);
    let bias: CudaSlice<f32> = upload_flat(s, &bs);
    let mut y: CudaSlice<bf16> = s.alloc_zeros(n).expect("y");
    let mut mean: CudaSlice<f32> = s.alloc_zeros(NORM.rows).expect("mean");
    let mut inv: CudaSlice<f32> = s.alloc_zeros(NORM.rows).expect("inv");
    b.forward(
        &gpu.handle,
        LayerNormForward {
            x: &x,
            scale: &scale,
            bias: &bias,
            y: &mut y,
            mean: &mut mean,
            inv_variance: &mut inv,
        },
    )
    .expect("forward");
    let want = norm::layer_norm_forward::<f64, f64>(f, 1e-3, &xs, &ss, &bs);
    assert_close("inv", &download_flat(s, &inv), &want.inv_std, 1e-3);
    assert_close("y", &download_flat(s, &y), &want.y, BF16_TOL.out);
}

#[track_caller]
fn assert_refused(r: cudnn::Result<()>, function: &str, says: &str) {
    match r {
        Err(Error::InvalidArgument {
            function: f,
            mismatch,
        }) => {
            assert_eq!(f, function);
            let text = mismatch.to_string();
            assert!(text.contains(says), "{text}");
        }
        other => panic!("expected a refusal by {function}, got {other:?}"),
    }
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn a_calls_buffers_are_checked_before_cudnn_runs() {
    let gpu = gpu();
    let s = &gpu.stream;
    let mut layer =
        RmsNorm::<bf16>::new(&gpu.handle, NORM, EPS, &Settings::default(), None).expect("new");
    // Buffers of another element type than the layer's do not compile
    // (tests/compile-fail/attention_element_type.rs).
    let scale: CudaSlice<f32> = s.alloc_zeros(NORM.features).expect("scale");
    let mut inv: CudaSlice<f32> = s.alloc_zeros(NORM.rows).expect("inv");
    // A short output.
    let x: CudaSlice<bf16> = s.alloc_zeros(NORM.x_len()).expect("x");
    let mut short: CudaSlice<bf16> = s.alloc_zeros(NORM.x_len() - 1).expect("y");
    let r = layer.forward(
        &gpu.handle,
        RmsNormForward {
            x: &x,
            scale: &scale,
            y: &mut short,
            inv_rms: &mut inv,
        },
    );
    // The graph's buffers are checked as every launch's are: the same
    // variant, naming the tensor by its uid.
    match r {
        Err(Error::InvalidArgument {
            function: "cudnnBackendExecute",
            mismatch:
                Mismatch::BufferTooShort {
                    buffer,
                    len,
                    required,
                },
        }) => {
            assert!(buffer.starts_with("uid "), "{buffer}");
            assert_eq!((len, required), (NORM.x_len() - 1, NORM.x_len()));
        }
        other => panic!("expected a short buffer, got {other:?}"),
    }

    // Attention: sequence lengths on a layer without padding, and none
    // on a padded layer.
    let shape = ATTN;
    let mk = |padding| {
        let options = AttentionOptions {
            causal: true,
            padding,
            ..AttentionOptions::default()
        };
        Attention::<bf16>::new(&gpu.handle, shape, options, &Settings::default(), None)
            .expect("attention")
    };
    let (mut plain, mut padded) = (mk(false), mk(true));
    let q: CudaSlice<bf16> = s.alloc_zeros(shape.q_len()).expect("q");
    let kv: CudaSlice<bf16> = s.alloc_zeros(shape.kv_len()).expect("kv");
    let mut o: CudaSlice<bf16> = s.alloc_zeros(shape.q_len()).expect("o");
    let mut stats: CudaSlice<f32> = s.alloc_zeros(shape.stats_len()).expect("stats");
    let lens: CudaSlice<i32> = s.clone_htod(&[64i32, 64]).expect("lens");
    let r = plain.forward(
        &gpu.handle,
        AttentionForward {
            q: &q,
            k: &kv,
            v: &kv,
            o: &mut o,
            stats: &mut stats,
            // SAFETY: 64 is within the shape's 128 (and the call is
            // refused before cuDNN runs).
            seq_lens: Some(unsafe { SeqLens::new(&lens, &lens) }),
            sink: None,
        },
    );
    assert_refused(r, "Attention::forward", "without padding");
    let r = padded.forward(
        &gpu.handle,
        AttentionForward {
            q: &q,
            k: &kv,
            v: &kv,
            o: &mut o,
            stats: &mut stats,
            seq_lens: None,
            sink: None,
        },
    );
    assert_refused(r, "Attention::forward", "seq_lens are required");
    // Cumulative offsets on a padded layer, and per-item lengths on a
    // ragged one.
    let cu: CudaSlice<i32> = s.clone_htod(&[0i32, 64, 128]).expect("cu");
    // SAFETY: the offsets start at 0 and rise by 64, within the shape's
    // 128 (and the call is refused before cuDNN runs).
    let cumulative = || Some(unsafe { SeqLens::cumulative(&cu, &cu) });
    let r = padded.forward(
        &gpu.handle,
        AttentionForward {
            q: &q,
            k: &kv,
            v: &kv,
            o: &mut o,
            stats: &mut stats,
            seq_lens: cumulative(),
            sink: None,
        },
    );
    assert_refused(r, "Attention::forward", "its seq_lens are per item");
    let ragged = AttentionOptions {
        causal: true,
        ragged: true,
        ..AttentionOptions::default()
    };
    let mut ragged = Attention::<bf16>::new(&gpu.handle, shape, ragged, &Settings::default(), None)
        .expect("ragged attention");
    let r = ragged.forward(
        &gpu.handle,
        AttentionForward {
            q: &q,
            k: &kv,
            v: &kv,
            o: &mut o,
            stats: &mut stats,
            // SAFETY: 64 is within the shape's 128 (and the call is
            // refused before cuDNN runs).
            seq_lens: Some(unsafe { SeqLens::new(&lens, &lens) }),
            sink: None,
        },
    );
    assert_refused(r, "Attention::forward", "its seq_lens are cumulative");
    // Keys passed where queries go (kv_heads < heads: too short).
    let r = plain.forward(
        &gpu.handle,
        AttentionForward {
            q: &kv,
            k: &kv,
            v: &kv,
            o: &mut o,
            stats: &mut stats,
            seq_lens: None,
            sink: None,
        },
    );
    assert!(
        matches!(
            r,
            Err(Error::InvalidArgument {
                mismatch: Mismatch::GraphNode { .. },
                ..
            })
        ),
        "{r:?}"
    );
}

const LINEAR: LinearShape = LinearShape {
    rows: 64,
    in_features: 256,
    out_features: 192,
};

/// `Linear` with `activation` (and a bias when `bias`) against
/// `cudnn_reference::linear`; the bias given to a layer without one, or
/// missing from one with it, is refused.
fn linear_case<T: Scalar + LinearElement>(gpu: &Gpu, tol: &Tol, bias: bool, activation: usize) {
    let acts = [
        (LinearActivation::NONE, ref_linear::LinearActivation::None),
        (LinearActivation::RELU, ref_linear::LinearActivation::Relu),
        (LinearActivation::GELU, ref_linear::LinearActivation::Gelu),
        (LinearActivation::SILU, ref_linear::LinearActivation::Silu),
    ];
    let (act, ref_act) = acts[activation];
    let s = &gpu.stream;
    let xs = rounded::<T>(&values(LINEAR.x_len(), 11));
    let ws = rounded::<T>(&values_scaled(LINEAR.weight_len(), 12, 0.1));
    let bs = rounded::<T>(&values(LINEAR.out_features, 13));
    let mut layer =
        Linear::<T>::new(&gpu.handle, LINEAR, bias, act, &Settings::default(), None).expect("new");
    let x: CudaSlice<T> = upload_flat(s, &xs);
    let w: CudaSlice<T> = upload_flat(s, &ws);
    let b: CudaSlice<T> = upload_flat(s, &bs);
    let mut y: CudaSlice<T> = s.alloc_zeros(LINEAR.y_len()).expect("y");
    let given = bias.then_some(&b as &dyn cudnn::DeviceBuffer<T>);
    layer
        .forward(
            &gpu.handle,
            LinearForward {
                x: &x,
                weight: &w,
                bias: given,
                y: &mut y,
            },
        )
        .expect("forward");
    let want = ref_linear::forward(
        LINEAR.rows,
        LINEAR.in_features,
        LINEAR.out_features,
        &xs,
        &ws,
        bias.then_some(bs.as_slice()),
        ref_act,
    );
    assert_close("y", &download_flat(s, &y), &want, tol.out);
    let wrong = (!bias).then_some(&b as &dyn cudnn::DeviceBuffer<T>);
    let r = layer.forward(
        &gpu.handle,
        LinearForward {
            x: &x,
            weight: &w,
            bias: wrong,
            y: &mut y,
        },
    );
    assert!(
        matches!(
            r,
            Err(Error::InvalidArgument {
                mismatch: Mismatch::BadValue { .. },
                ..
            })
        ),
        "{r:?}"
    );
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn linear_bf16_matches_the_reference_for_each_activation() {
    let gpu = gpu();
    for activation in 0..4 {
        linear_case::<bf16>(&gpu, &BF16_TOL, true, activation);
    }
    linear_case::<bf16>(&gpu, &BF16_TOL, false, 2);
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn linear_f16_matches_the_reference() {
    let gpu = gpu();
    linear_case::<f16>(&gpu, &F16_TOL, true, 3);
    linear_case::<f16>(&gpu, &F16_TOL, false, 0);
}

/// FP8 values of `v` times `scale` (`F8E4M3::from_f32`: nearest, ties to
/// even, saturating), and the values they stand for, divided back by
/// `scale` (a power of two: exact).
fn quantized(v: &[f64], scale: f32) -> (Vec<F8E4M3>, Vec<f64>) {
    let q: Vec<F8E4M3> = v
        .iter()
        .map(|&x| F8E4M3::from_f32(x as f32 * scale))
        .collect();
    let back = q
        .iter()
        .map(|x| f64::from(x.to_f32()) / f64::from(scale))
        .collect();
    (q, back)
}

/// What one `LinearFp8` forward wrote: `y` in `f32` (divided back by
/// `scale_y`) and `amax`.
struct Fp8Run {
    y: Vec<f64>,
    amax: f64,
    want: Vec<f64>,
}

/// `LinearFp8<F8E4M3, Y>` (x scaled by 16, the weight by 64, `y` by
/// `scale_y`; powers of two, so that every descale is exact) against
/// `cudnn_reference::linear` on the quantized inputs' values, computed in
/// `f64`: the reference sees exactly what the GPU read. A bias given to a
/// layer without one is refused.
fn linear_fp8_run<Y: LinearFp8Output + cudnn::cudarc::driver::DeviceRepr>(
    gpu: &Gpu,
    (bias, activation): (bool, usize),
    scale_y: f32,
    to_f64: impl Fn(Y) -> f64,
) -> Fp8Run {
    let acts = [
        (LinearActivation::NONE, ref_linear::LinearActivation::None),
        (LinearActivation::RELU, ref_linear::LinearActivation::Relu),
        (LinearActivation::GELU, ref_linear::LinearActivation::Gelu),
        (LinearActivation::SILU, ref_linear::LinearActivation::Silu),
    ];
    let (act, ref_act) = acts[activation];
    let s = &gpu.stream;
    let (sx, sw) = (16.0f32, 64.0f32);
    let (xq, xs) = quantized(&values(LINEAR.x_len(), 21), sx);
    let (wq, ws) = quantized(&values_scaled(LINEAR.weight_len(), 22, 0.1), sw);
    let bs: Vec<f32> = values(LINEAR.out_features, 23)
        .iter()
        .map(|&v| v as f32)
        .collect();
    let settings = Settings::default();
    let mut layer =
        LinearFp8::<F8E4M3, Y>::new(&gpu.handle, LINEAR, bias, act, &settings, None).expect("new");
    let x = s.clone_htod(&xq).expect("x");
    let w = s.clone_htod(&wq).expect("w");
    let b = s.clone_htod(&bs).expect("bias");
    let f = |v: f32| s.clone_htod(&[v]).expect("factor");
    let (descale_x, descale_w, scale) = (f(1.0 / sx), f(1.0 / sw), f(scale_y));
    let mut y: CudaSlice<Y> = s.alloc_zeros(LINEAR.y_len()).expect("y");
    let mut amax = s.clone_htod(&[f32::NAN]).expect("amax");
    let given = bias.then_some(&b as &dyn cudnn::DeviceBuffer<f32>);
    let mut args = |bias, y: &'_ mut CudaSlice<Y>, amax: &'_ mut CudaSlice<f32>| {
        let a = LinearFp8Forward {
            x: &x,
            weight: &w,
            bias,
            descale_x: &descale_x,
            descale_w: &descale_w,
            scale_y: &scale,
            y,
            amax,
        };
        layer.forward(&gpu.handle, a)
    };
    args(given, &mut y, &mut amax).expect("forward");
    let wrong = (!bias).then_some(&b as &dyn cudnn::DeviceBuffer<f32>);
    let r = args(wrong, &mut y, &mut amax);
    assert!(
        matches!(
            r,
            Err(Error::InvalidArgument {
                mismatch: Mismatch::BadValue { .. },
                ..
            })
        ),
        "{r:?}"
    );
    let b64: Vec<f64> = bs.iter().map(|&v| f64::from(v)).collect();
    let (rows, ins, outs) = (LINEAR.rows, LINEAR.in_features, LINEAR.out_features);
    let want = ref_linear::forward(rows, ins, outs, &xs, &ws, bias.then_some(&b64), ref_act);
    let got = s.clone_dtoh(&y).expect("y");
    Fp8Run {
        y: got
            .into_iter()
            .map(|v| to_f64(v) / f64::from(scale_y))
            .collect(),
        amax: f64::from(s.clone_dtoh(&amax).expect("amax")[0]),
        want,
    }
}

/// The amax is the unscaled output's largest magnitude, in `f32`: 1e-3.
fn assert_amax(run: &Fp8Run) {
    let want = run.want.iter().fold(0.0f64, |m, v| m.max(v.abs()));
    assert_close("amax", &[run.amax], &[want], 1e-3);
}

/// E4M3 in, `bf16` out (`scale_y` 1): `y` at the bf16 tolerance (2e-2),
/// with a bias and GELU, and without either.
#[test]
#[ignore = "needs a CUDA GPU"]
fn fp8_linear_to_bf16_matches_the_reference() {
    let gpu = gpu();
    for case in [(true, 2), (false, 0)] {
        let run = linear_fp8_run::<bf16>(&gpu, case, 1.0, |v| v.to_f64());
        assert_close("y", &run.y, &run.want, BF16_TOL.out);
        assert_amax(&run);
    }
}

/// E4M3 in and out (`scale_y` 8, so that the output fills E4M3's range
/// without saturating): `y`, divided back by 8, within E4M3's rounding (3
/// mantissa bits: half a unit is 2^-4 of the value), 7e-2.
#[test]
#[ignore = "needs a CUDA GPU"]
fn fp8_linear_to_e4m3_matches_the_reference_and_its_amax() {
    let gpu = gpu();
    let run = linear_fp8_run::<F8E4M3>(&gpu, (true, 1), 8.0, |v| f64::from(v.to_f32()));
    assert_close("y", &run.y, &run.want, 7e-2);
    assert_amax(&run);
}

/// The sink and its gradient are given exactly when the layer has sink
/// tokens, and a short one is refused as any buffer is, before cuDNN
/// runs.
#[test]
#[ignore = "needs a CUDA GPU"]
fn sink_buffers_are_checked_before_cudnn_runs() {
    let gpu = gpu();
    let s = &gpu.stream;
    let shape = ATTN;
    let mk = |sinks| {
        let options = AttentionOptions {
            causal: true,
            sinks,
            ..AttentionOptions::default()
        };
        Attention::<bf16>::new(&gpu.handle, shape, options, &Settings::default(), None)
            .expect("attention")
    };
    let (mut plain, mut with_sinks) = (mk(false), mk(true));
    let q: CudaSlice<bf16> = s.alloc_zeros(shape.q_len()).expect("q");
    let kv: CudaSlice<bf16> = s.alloc_zeros(shape.kv_len()).expect("kv");
    let mut o: CudaSlice<bf16> = s.alloc_zeros(shape.q_len()).expect("o");
    let mut stats: CudaSlice<f32> = s.alloc_zeros(shape.stats_len()).expect("stats");
    let sink: CudaSlice<f32> = s.alloc_zeros(shape.sink_len()).expect("sink");
    let short: CudaSlice<f32> = s.alloc_zeros(shape.sink_len() - 1).expect("short");
    let mut fwd = |layer: &mut Attention<bf16>, sink: Option<&CudaSlice<f32>>| {
        let args = AttentionForward {
            q: &q,
            k: &kv,
            v: &kv,
            o: &mut o,
            stats: &mut stats,
            seq_lens: None,
            sink: sink.map(|b| b as &dyn cudnn::DeviceBuffer<f32>),
        };
        layer.forward(&gpu.handle, args)
    };
    let f = "Attention::forward";
    assert_refused(fwd(&mut with_sinks, None), f, "sink is required");
    assert_refused(fwd(&mut plain, Some(&sink)), f, "without sink tokens");
    assert!(matches!(
        fwd(&mut with_sinks, Some(&short)),
        Err(Error::InvalidArgument {
            mismatch: Mismatch::BufferTooShort { .. },
            ..
        })
    ));
    fwd(&mut with_sinks, Some(&sink)).expect("forward");
    let mut grads: Vec<CudaSlice<bf16>> = [shape.q_len(), shape.kv_len(), shape.kv_len()]
        .map(|n| s.alloc_zeros(n).expect("grad"))
        .into();
    let [dq, dk, dv] = &mut grads[..] else {
        unreachable!()
    };
    let r = with_sinks.backward(
        &gpu.handle,
        AttentionBackward {
            q: &q,
            k: &kv,
            v: &kv,
            o: &o,
            d_o: &o,
            stats: &stats,
            dq,
            dk,
            dv,
            seq_lens: None,
            sink: Some(&sink),
            dsink: None,
        },
    );
    assert_refused(r, "Attention::backward", "dsink is required");
}

/// `AttentionFp8Inference<F8E4M3, F8E4M3>`, causal, grouped-query (the
/// output in E4M3, as cuDNN 9.28's Hopper engines write it), against
/// `cudnn_reference::attention` on the values the quantized inputs stand
/// for, computed in `f64`. `q`, `k`, `v` in `[-1, 1)` are scaled by 16
/// (`F8E4M3::from_f32`), `S` by 256 and `O` by 256: powers of two, so
/// every descale is exact, and neither `S <= 1` nor `|O| <= 1` saturates
/// E4M3 (448).
///
/// Tolerance of `o` (divided back by 256), 1.25e-1 of `max(|want|, 1)`:
/// the reference does not round `S`; cuDNN rounds `S * 256` to E4M3
/// before `S V` (3 mantissa bits: at most 2^-4 of each weight, so at most
/// 2^-4 of `max |v|` <= 1 in the output), then rounds `O` to E4M3 (2^-4
/// of `|O|` <= 1). `amax_o` is the output's maximum before it is rounded
/// (within the first bound, 7e-2); `amax_s` is 1, the weight of the
/// causal mask's first row, which sees one key (1e-3).
#[test]
#[ignore = "needs a CUDA GPU"]
fn fp8_causal_attention_matches_the_reference_on_its_quantized_values() {
    use cudnn::nn::{AttentionFp8Forward, AttentionFp8Inference};
    let gpu = gpu();
    let s = &gpu.stream;
    let sh = ATTN;
    let options = AttentionOptions {
        causal: true,
        ..AttentionOptions::default()
    };
    let (sqkv, s_s, s_o) = (16.0f32, 256.0f32, 256.0f32);
    let (qq, qs) = quantized(&values(sh.q_len(), 31), sqkv);
    let (kq, ks) = quantized(&values(sh.kv_len(), 32), sqkv);
    let (vq, vs) = quantized(&values(sh.kv_len(), 33), sqkv);
    let settings = Settings::default();
    let mut layer =
        AttentionFp8Inference::<F8E4M3, F8E4M3>::new(&gpu.handle, sh, options, &settings, None)
            .expect("new");
    let (q, k, v) = (
        s.clone_htod(&qq).expect("q"),
        s.clone_htod(&kq).expect("k"),
        s.clone_htod(&vq).expect("v"),
    );
    let f = |x: f32| s.clone_htod(&[x]).expect("factor");
    let descale = f(1.0 / sqkv);
    let (descale_s, scale_s, scale_o) = (f(1.0 / s_s), f(s_s), f(s_o));
    let mut o: CudaSlice<F8E4M3> = s.alloc_zeros(sh.q_len()).expect("o");
    let mut amax_o = f(f32::NAN);
    let mut amax_s = f(f32::NAN);
    let args = AttentionFp8Forward {
        q: &q,
        k: &k,
        v: &v,
        o: &mut o,
        descale_q: &descale,
        descale_k: &descale,
        descale_v: &descale,
        descale_s: &descale_s,
        scale_s: &scale_s,
        scale_o: &scale_o,
        amax_o: &mut amax_o,
        amax_s: &mut amax_s,
        seq_lens: None,
        sink: None,
    };
    layer.forward(&gpu.handle, args).expect("forward");
    let op = att::Attention::<f64> {
        geometry: geometry(&sh),
        scale: 1.0 / (sh.head_dim as f64).sqrt(),
        bias: None,
        mask: AttentionMask::causal(),
        sink: None,
    };
    let want = att::forward(&op, &qs, &ks, &vs).o;
    let got: Vec<f64> = s
        .clone_dtoh(&o)
        .expect("o")
        .into_iter()
        .map(|x| f64::from(x.to_f32()) / f64::from(s_o))
        .collect();
    assert_close("o", &got, &want, 1.25e-1);
    let want_amax = want.iter().fold(0.0f64, |m, x| m.max(x.abs()));
    let amax = |b: &CudaSlice<f32>| f64::from(s.clone_dtoh(b).expect("amax")[0]);
    assert_close("amax_o", &[amax(&amax_o)], &[want_amax], 7e-2);
    assert_close("amax_s", &[amax(&amax_s)], &[1.0], 1e-3);
}

/// `MoeExperts` in one mode against the CPU reference
/// (`cudnn_reference::moe`): 64 tokens each routed to 2 of 4 experts of 64
/// to 128 features, 128 routed rows in groups of 40, 0, 60 and 28 (an
/// empty one); a gather of token `(r * 7 + 3) % 64` for each row, a
/// scatter that writes every output row once. In `None` mode a second
/// call routes 100 rows only (bounds ending early), with the same plan:
/// its first 100 output rows are compared. A route of another mode is
/// refused before cuDNN runs.
fn moe_case<T: Scalar + cudnn::nn::MoeElement>(gpu: &Gpu, tol: &Tol, mode: cudnn::nn::MoeMode) {
    use cudnn::nn::{MoeExperts, MoeForward, MoeMode, MoeRoute, MoeShape};
    use cudnn_reference::moe::{self as moe_cpu};
    const SHAPE: MoeShape = MoeShape {
        tokens: 64,
        top_k: 2,
        experts: 4,
        in_features: 64,
        out_features: 128,
    };
    let (s_tokens, top_k, e) = (SHAPE.tokens, SHAPE.top_k, SHAPE.experts);
    let (k, n, r) = (SHAPE.in_features, SHAPE.out_features, SHAPE.routed_rows());
    let s = &gpu.stream;
    let mut layer =
        MoeExperts::<T>::new(&gpu.handle, SHAPE, mode, &Settings::default(), None).expect("new");
    // The reference's weight is [E][K][N]; the layer's [E][N][K].
    let weight = rounded::<T>(&values_scaled(SHAPE.weight_len(), 12, 0.25));
    let mut weight_gpu = vec![0.0; weight.len()];
    for x in 0..e {
        for i in 0..k {
            for j in 0..n {
                weight_gpu[x * k * n + j * k + i] = weight[x * k * n + i * n + j];
            }
        }
    }
    let token_rows = SHAPE.token_len(mode) / k;
    let token = rounded::<T>(&values(SHAPE.token_len(mode), 11));
    let gather_index: Vec<i32> = (0..r).map(|i| ((i * 7 + 3) % s_tokens) as i32).collect();
    let shuffled: Vec<usize> = (0..r).map(|i| (i * 37 + 5) % r).collect();
    let scatter_index: Vec<i32> = shuffled.iter().map(|&p| (p / top_k) as i32).collect();
    let scatter_ks: Vec<i32> = shuffled.iter().map(|&p| (p % top_k) as i32).collect();
    let d_token: CudaSlice<T> = upload_flat(s, &token);
    let d_weight: CudaSlice<T> = upload_flat(s, &weight_gpu);
    let (index, ks): (&[i32], &[i32]) = match mode {
        MoeMode::Scatter => (&scatter_index, &scatter_ks),
        _ => (&gather_index, &scatter_ks),
    };
    let d_index: CudaSlice<i32> = s.clone_htod(index).expect("index");
    let d_ks: CudaSlice<i32> = s.clone_htod(ks).expect("ks");
    let bounds: [&[i32]; 2] = [&[0, 40, 40, 100, 128], &[0, 30, 30, 70, 100]];
    let calls = if mode == MoeMode::None { 2 } else { 1 };
    for offsets in &bounds[..calls] {
        let d_offsets: CudaSlice<i32> = s.clone_htod(*offsets).expect("offsets");
        let mut d_y: CudaSlice<T> = s.alloc_zeros(SHAPE.y_len()).expect("y");
        // SAFETY: the bounds do not decrease, from 0 to at most the 128
        // routed rows; each gathered token is within 0..64, each scattered
        // token within 0..64 and choice within 0..2 (the reference checks
        // the same values below); the download synchronizes.
        let route = unsafe {
            match mode {
                MoeMode::None => MoeRoute::none(&d_offsets),
                MoeMode::Gather => MoeRoute::gather(&d_offsets, &d_index),
                MoeMode::Scatter => MoeRoute::scatter(&d_offsets, &d_index, &d_ks),
            }
        };
        let args = MoeForward {
            token: &d_token,
            weight: &d_weight,
            route,
            y: &mut d_y,
        };
        layer.forward(&gpu.handle, args).expect("forward");
        let got = download_flat(s, &d_y);
        let shape = moe_cpu::MoeShape {
            token_rows,
            k,
            n,
            experts: e,
        };
        let cpu_routing = match mode {
            MoeMode::None => moe_cpu::MoeRouting::None,
            MoeMode::Gather => moe_cpu::MoeRouting::Gather {
                token_index: &gather_index,
            },
            MoeMode::Scatter => moe_cpu::MoeRouting::Scatter {
                token_index: &scatter_index,
                token_ks: &scatter_ks,
                top_k: top_k as i32,
            },
        };
        let mut want = vec![0.0f64; r * n];
        moe_cpu::forward(&shape, &token, &weight, offsets, cpu_routing, &mut want)
            .unwrap_or_else(|e| panic!("{mode:?}: the reference: {e}"));
        let rows = offsets[e] as usize;
        let what = format!("{mode:?}, {rows} routed rows");
        assert_close(&what, &got[..rows * n], &want[..rows * n], tol.out);
    }
    // A route of another mode than the layer's.
    let d_offsets: CudaSlice<i32> = s.clone_htod(bounds[0]).expect("offsets");
    let mut d_y: CudaSlice<T> = s.alloc_zeros(SHAPE.y_len()).expect("y");
    // SAFETY: as above; the call is refused before cuDNN runs.
    let other = unsafe {
        match mode {
            MoeMode::None => MoeRoute::gather(&d_offsets, &d_index),
            _ => MoeRoute::none(&d_offsets),
        }
    };
    let r = layer.forward(
        &gpu.handle,
        MoeForward {
            token: &d_token,
            weight: &d_weight,
            route: other,
            y: &mut d_y,
        },
    );
    assert_refused(r, "MoeExperts::forward", "a route of mode");
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn moe_experts_bf16_match_the_reference_in_each_mode() {
    use cudnn::nn::MoeMode;
    let gpu = gpu();
    for mode in [MoeMode::None, MoeMode::Gather, MoeMode::Scatter] {
        moe_case::<bf16>(&gpu, &BF16_TOL, mode);
    }
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn moe_experts_f16_match_the_reference_in_each_mode() {
    use cudnn::nn::MoeMode;
    let gpu = gpu();
    for mode in [MoeMode::None, MoeMode::Gather, MoeMode::Scatter] {
        moe_case::<f16>(&gpu, &F16_TOL, mode);
    }
}
