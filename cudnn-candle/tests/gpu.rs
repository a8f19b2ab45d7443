//! The bridge's ops on a GPU, forward and backward (through candle's
//! autograd), against candle's own CUDA ops (its conv2d and its autograd,
//! and attention and norms composed of its ops, in f32), and against
//! `cudnn-reference` where candle has no op (grouped conv2d's backward,
//! padding masks). Also: the cuDNN objects are kept per device.

use candle_core::{DType, Device, Tensor, Var, D};
use cudnn_candle::{
    cache_info, clear_cache, conv2d, layer_norm, rms_norm, sdpa, set_conv_search_options,
    Conv2dParams, SdpaParams, SearchOptions, SeqLens,
};
use cudnn_reference::attention::{self as ref_attn, AttentionGeometry, AttentionMask};
use cudnn_reference::conv::{self as ref_conv, ConvGeometry};

fn dev() -> Device {
    let dev = Device::new_cuda(0).expect("CUDA device 0");
    // f32 convolutions without TF32, to compare closely with candle's.
    set_conv_search_options(
        &dev,
        SearchOptions {
            allow_tf32: false,
            ..SearchOptions::default()
        },
    )
    .expect("search options");
    dev
}

/// Normal values of `dtype` (drawn in f32 on the device).
fn randn(dims: &[usize], dtype: DType, dev: &Device) -> Tensor {
    Tensor::randn(0f32, 1.0, dims, dev)
        .and_then(|t| t.to_dtype(dtype))
        .expect("random tensor")
}

fn f32s(t: &Tensor) -> Vec<f32> {
    t.to_dtype(DType::F32)
        .and_then(|t| t.flatten_all())
        .and_then(|t| t.to_vec1::<f32>())
        .expect("to the host")
}

/// The largest difference, relative to the largest magnitude of `want`.
fn rel(got: &Tensor, want: &Tensor) -> f32 {
    assert_eq!(got.dims(), want.dims());
    let (g, w) = (f32s(got), f32s(want));
    let scale = w.iter().fold(0f32, |m, v| m.max(v.abs())).max(1e-6);
    let worst = g.iter().zip(&w).fold(0f32, |m, (a, b)| {
        if a.is_nan() || b.is_nan() {
            f32::INFINITY
        } else {
            m.max((a - b).abs())
        }
    });
    worst / scale
}

fn tolerance(dtype: DType, f32_tol: f32, f16_tol: f32, bf16_tol: f32) -> f32 {
    match dtype {
        DType::F16 => f16_tol,
        DType::BF16 => bf16_tol,
        _ => f32_tol,
    }
}

/// The same values as a fresh f32 variable (the reference's input).
fn f32_var(t: &Tensor) -> Var {
    Var::from_tensor(&t.to_dtype(DType::F32).expect("f32")).expect("var")
}

fn var(t: &Tensor) -> Var {
    Var::from_tensor(t).expect("var")
}

fn grad(grads: &candle_core::backprop::GradStore, v: &Var) -> Tensor {
    grads.get(v.as_tensor()).expect("a gradient").clone()
}

// ---------------------------------------------------------------- conv2d

struct ConvCase {
    x: [usize; 4],
    w: [usize; 4],
    pad: usize,
    stride: usize,
    dilation: usize,
    groups: usize,
}

impl ConvCase {
    fn params(&self) -> Conv2dParams {
        Conv2dParams {
            padding: [self.pad; 2],
            stride: [self.stride; 2],
            dilation: [self.dilation; 2],
            groups: self.groups,
        }
    }
}

const CONV_CASES: &[ConvCase] = &[
    ConvCase {
        x: [2, 3, 16, 16],
        w: [8, 3, 3, 3],
        pad: 1,
        stride: 1,
        dilation: 1,
        groups: 1,
    },
    ConvCase {
        x: [2, 4, 15, 15],
        w: [6, 2, 5, 5],
        pad: 2,
        stride: 2,
        dilation: 1,
        groups: 2,
    },
    ConvCase {
        x: [1, 4, 12, 12],
        w: [4, 4, 3, 3],
        pad: 2,
        stride: 1,
        dilation: 2,
        groups: 1,
    },
    ConvCase {
        x: [3, 8, 9, 9],
        w: [8, 1, 3, 3],
        pad: 1,
        stride: 1,
        dilation: 1,
        groups: 8,
    },
];

#[test]
#[ignore = "needs a CUDA GPU"]
fn conv2d_matches_candles_conv2d() {
    let dev = dev();
    for dtype in [DType::F32, DType::F16, DType::BF16] {
        for c in CONV_CASES {
            let x = randn(&c.x, dtype, &dev);
            let w = randn(&c.w, dtype, &dev);
            let got = conv2d(&x, &w, &c.params()).expect("cuDNN conv2d");
            let want = x
                .to_dtype(DType::F32)
                .and_then(|x| {
                    x.conv2d(
                        &w.to_dtype(DType::F32)?,
                        c.pad,
                        c.stride,
                        c.dilation,
                        c.groups,
                    )
                })
                .expect("candle's conv2d");
            assert_eq!(got.dtype(), dtype);
            let err = rel(&got, &want);
            let tol = tolerance(dtype, 1e-5, 2e-3, 1e-2);
            assert!(
                err < tol,
                "{dtype:?} x {:?} w {:?}: relative error {err}",
                c.x,
                c.w
            );
        }
    }
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn conv2d_backward_matches_candles_autograd() {
    let dev = dev();
    for dtype in [DType::F32, DType::BF16] {
        for c in CONV_CASES.iter().filter(|c| c.groups == 1) {
            let (x, w) = (
                var(&randn(&c.x, dtype, &dev)),
                var(&randn(&c.w, dtype, &dev)),
            );
            let y = conv2d(&x, &w, &c.params()).expect("conv2d");
            let g = randn(y.dims(), dtype, &dev);
            let grads = (&y * &g)
                .and_then(|l| l.sum_all())
                .and_then(|l| l.backward())
                .expect("backward");

            let (x32, w32) = (f32_var(&x), f32_var(&w));
            let y32 = x32
                .conv2d(&w32, c.pad, c.stride, c.dilation, 1)
                .expect("candle's conv2d");
            let g32 = g.to_dtype(DType::F32).expect("f32");
            let want = (&y32 * &g32)
                .and_then(|l| l.sum_all())
                .and_then(|l| l.backward())
                .expect("backward");

            let tol = tolerance(dtype, 1e-5, 1e-2, 2e-2);
            let dx = rel(&grad(&grads, &x), &grad(&want, &x32));
            let dw = rel(&grad(&grads, &w), &grad(&want, &w32));
            assert!(
                dx < tol && dw < tol,
                "{dtype:?} x {:?}: dx {dx}, dw {dw}",
                c.x
            );
        }
    }
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn grouped_conv2d_backward_matches_the_reference() {
    let dev = dev();
    for c in CONV_CASES.iter().filter(|c| c.groups > 1) {
        let (x, w) = (
            var(&randn(&c.x, DType::F32, &dev)),
            var(&randn(&c.w, DType::F32, &dev)),
        );
        let y = conv2d(&x, &w, &c.params()).expect("conv2d");
        let g = randn(y.dims(), DType::F32, &dev);
        let grads = (&y * &g)
            .and_then(|l| l.sum_all())
            .and_then(|l| l.backward())
            .expect("backward");
        let geometry = ConvGeometry {
            batch: c.x[0],
            in_channels: c.x[1],
            out_channels: c.w[0],
            input: c.x[2..].to_vec(),
            kernel: c.w[2..].to_vec(),
            padding: vec![c.pad; 2],
            stride: vec![c.stride; 2],
            dilation: vec![c.dilation; 2],
            groups: c.groups,
            cross_correlation: true,
        };
        let (xh, wh, gh) = (f32s(&x), f32s(&w), f32s(&g));
        let dx = ref_conv::backward_data(&geometry, &wh, &gh);
        let dw = ref_conv::backward_filter(&geometry, &xh, &gh);
        let ex = ref_conv::max_rel_error(&f32s(&grad(&grads, &x)), &dx);
        let ew = ref_conv::max_rel_error(&f32s(&grad(&grads, &w)), &dw);
        assert!(
            ex < 1e-4 && ew < 1e-4,
            "groups {}: dx {ex}, dw {ew}",
            c.groups
        );
    }
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn conv2d_keeps_one_problem_and_its_choices_per_shape() {
    let dev = dev();
    clear_cache(&dev).expect("clear");
    assert_eq!(cache_info(&dev).expect("info"), Default::default());
    // The search options were dropped with the rest: set them again.
    set_conv_search_options(&dev, SearchOptions::default()).expect("options");
    let p = Conv2dParams::padded(1);
    let w = var(&randn(&[8, 3, 3, 3], DType::F32, &dev));
    for _ in 0..3 {
        let x = randn(&[2, 3, 16, 16], DType::F32, &dev);
        conv2d(&x, &w, &p).expect("conv2d");
    }
    let info = cache_info(&dev).expect("info");
    assert_eq!(
        (info.conv_problems, info.conv_algorithms),
        (1, 1),
        "{info:?}"
    );
    let x = var(&randn(&[2, 3, 16, 16], DType::F32, &dev));
    conv2d(&x, &w, &p)
        .and_then(|y| y.sum_all())
        .and_then(|l| l.backward())
        .expect("backward");
    let info = cache_info(&dev).expect("info");
    // Backward data and filter: the same problem, two more choices.
    assert_eq!(
        (info.conv_problems, info.conv_algorithms),
        (1, 3),
        "{info:?}"
    );
    conv2d(&randn(&[4, 3, 16, 16], DType::F32, &dev), &w, &p).expect("another shape");
    assert_eq!(cache_info(&dev).expect("info").conv_problems, 2);
}

// ------------------------------------------------------------------ SDPA

/// `k` or `v` with each of its heads repeated `n` times (grouped-query
/// attention as plain attention).
fn repeat_heads(t: &Tensor, n: usize) -> Tensor {
    let (b, h, s, d) = t.dims4().expect("rank 4");
    t.unsqueeze(2)
        .and_then(|t| t.expand((b, h, n, s, d)))
        .and_then(|t| t.reshape((b, h * n, s, d)))
        .expect("repeated heads")
}

/// Attention composed of candle's ops, in f32.
fn attention_ref(q: &Tensor, k: &Tensor, v: &Tensor, causal: bool) -> Tensor {
    let (_, h, sq, d) = q.dims4().expect("rank 4");
    let (hk, skv) = (k.dim(1).expect("heads"), k.dim(2).expect("seq"));
    let (k, v) = (repeat_heads(k, h / hk), repeat_heads(v, h / hk));
    let scores = q
        .matmul(&k.t().expect("t").contiguous().expect("c"))
        .and_then(|s| s * (1.0 / (d as f64).sqrt()))
        .expect("scores");
    let scores = if causal {
        let mask: Vec<f32> = (0..sq)
            .flat_map(|i| (0..skv).map(move |j| if j <= i { 0.0 } else { f32::NEG_INFINITY }))
            .collect();
        let mask = Tensor::from_vec(mask, (sq, skv), q.device()).expect("mask");
        scores.broadcast_add(&mask).expect("masked")
    } else {
        scores
    };
    let max = scores.max_keepdim(D::Minus1).expect("max");
    let e = scores
        .broadcast_sub(&max)
        .and_then(|s| s.exp())
        .expect("exp");
    let p = e
        .broadcast_div(&e.sum_keepdim(D::Minus1).expect("sum"))
        .expect("softmax");
    p.matmul(&v.contiguous().expect("c")).expect("attention")
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn sdpa_matches_attention_made_of_candles_ops() {
    let dev = dev();
    for dtype in [DType::BF16, DType::F16] {
        for (kv_heads, causal) in [(4, false), (4, true), (2, true), (1, false)] {
            let q = var(&randn(&[2, 4, 128, 64], dtype, &dev));
            let k = var(&randn(&[2, kv_heads, 128, 64], dtype, &dev));
            let v = var(&randn(&[2, kv_heads, 128, 64], dtype, &dev));
            let params = SdpaParams {
                causal,
                ..SdpaParams::default()
            };
            let o = sdpa(&q, &k, &v, &params, None).expect("cuDNN SDPA");
            let g = randn(o.dims(), dtype, &dev);
            let grads = (&o * &g)
                .and_then(|l| l.sum_all())
                .and_then(|l| l.backward())
                .expect("backward");

            let (q32, k32, v32) = (f32_var(&q), f32_var(&k), f32_var(&v));
            let o32 = attention_ref(&q32, &k32, &v32, causal);
            let g32 = g.to_dtype(DType::F32).expect("f32");
            let want = (&o32 * &g32)
                .and_then(|l| l.sum_all())
                .and_then(|l| l.backward())
                .expect("backward");

            let what = format!("{dtype:?}, {kv_heads} kv heads, causal {causal}");
            let e = rel(&o, &o32);
            assert!(e < tolerance(dtype, 0.0, 5e-3, 2e-2), "{what}: o {e}");
            let tol = tolerance(dtype, 0.0, 2e-2, 5e-2);
            for (name, got, reference) in [("dq", &q, &q32), ("dk", &k, &k32), ("dv", &v, &v32)] {
                let e = rel(&grad(&grads, got), &grad(&want, reference));
                assert!(e < tol, "{what}: {name} {e}");
            }
        }
    }
}

/// The rows of `data` (`[B, H, S, D]`) whose position is below `lens[b]`.
fn valid_rows(data: &[f32], dims: [usize; 4], lens: &[usize]) -> Vec<f32> {
    let [b, h, s, d] = dims;
    let mut out = Vec::new();
    for (bi, &len) in lens.iter().enumerate().take(b) {
        for hi in 0..h {
            for si in 0..len.min(s) {
                let at = ((bi * h + hi) * s + si) * d;
                out.extend_from_slice(&data[at..at + d]);
            }
        }
    }
    out
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn padded_sdpa_matches_the_reference() {
    let dev = dev();
    let (b, h, hk, s, d) = (2, 4, 2, 96, 64);
    let (len_q, len_kv) = (vec![96usize, 40], vec![70usize, 96]);
    let lens = |l: &[usize]| {
        let v: Vec<i32> = l.iter().map(|&n| n as i32).collect();
        Tensor::from_vec(v, l.len(), &dev).expect("lengths")
    };
    // SAFETY: every length is from 0 to S = 96, the sequence length of q, k
    // and v below.
    let seq = unsafe { SeqLens::new(lens(&len_q), lens(&len_kv)) };
    let dtype = DType::BF16;
    let (q, k, v) = (
        var(&randn(&[b, h, s, d], dtype, &dev)),
        var(&randn(&[b, hk, s, d], dtype, &dev)),
        var(&randn(&[b, hk, s, d], dtype, &dev)),
    );
    let params = SdpaParams {
        causal: true,
        ..SdpaParams::default()
    };
    let o = sdpa(&q, &k, &v, &params, Some(&seq)).expect("padded SDPA");
    // The loss reads the valid query rows only.
    let row_ok: Vec<u8> = len_q
        .iter()
        .flat_map(|&l| (0..h * s).map(move |r| u8::from(r % s < l)))
        .collect();
    let row_ok = Tensor::from_vec(row_ok, (b, h, s, 1), &dev)
        .and_then(|m| m.broadcast_as((b, h, s, d)))
        .expect("row mask");
    let g = randn(&[b, h, s, d], dtype, &dev);
    let zeros = o.zeros_like().expect("zeros");
    let kept = row_ok.where_cond(&o, &zeros).expect("valid rows");
    let grads = (&kept * &g)
        .and_then(|l| l.sum_all())
        .and_then(|l| l.backward())
        .expect("backward");

    let geometry = AttentionGeometry {
        batch: b,
        heads: h,
        kv_heads: hk,
        seq_q: s,
        seq_kv: s,
        head_dim: d,
        head_dim_v: d,
    };
    let op = ref_attn::Attention {
        geometry,
        scale: 1.0 / (d as f64).sqrt(),
        bias: None,
        mask: AttentionMask {
            seq_len_q: Some(len_q.clone()),
            seq_len_kv: Some(len_kv.clone()),
            ..AttentionMask::causal()
        },
        sink: None,
    };
    let (qh, kh, vh) = (f32s(&q), f32s(&k), f32s(&v));
    let fwd = ref_attn::forward(&op, &qh, &kh, &vh);
    let qd = [b, h, s, d];
    let e = ref_conv::max_rel_error(
        &valid_rows(&f32s(&o), qd, &len_q),
        &valid_rows(&fwd.o, qd, &len_q),
    );
    assert!(e < 3e-2, "o: {e}");
    // The reference's backward with the same output gradient (zero on the
    // padded rows, as the loss made it).
    let d_o: Vec<f32> = f32s(&g)
        .iter()
        .zip(f32s(&row_ok.to_dtype(DType::F32).expect("f32")))
        .map(|(g, m)| g * m)
        .collect();
    let bwd = ref_attn::backward(&op, &qh, &kh, &vh, &fwd.o, &d_o, &fwd.stats);
    let kd = [b, hk, s, d];
    let checks = [
        (
            "dq",
            valid_rows(&f32s(&grad(&grads, &q)), qd, &len_q),
            valid_rows(&bwd.dq, qd, &len_q),
        ),
        (
            "dk",
            valid_rows(&f32s(&grad(&grads, &k)), kd, &len_kv),
            valid_rows(&bwd.dk, kd, &len_kv),
        ),
        (
            "dv",
            valid_rows(&f32s(&grad(&grads, &v)), kd, &len_kv),
            valid_rows(&bwd.dv, kd, &len_kv),
        ),
    ];
    for (name, got, want) in checks {
        // Relative to the largest gradient (bf16 inputs and outputs).
        let scale = want.iter().fold(0f32, |m, v| m.max(v.abs())).max(1e-6);
        let worst = got
            .iter()
            .zip(&want)
            .fold(0f32, |m, (a, b)| m.max((a - b).abs()));
        assert!(worst / scale < 6e-2, "{name}: {}", worst / scale);
    }
}

// ----------------------------------------------------------------- norms

fn layer_norm_ref(x: &Tensor, w: &Tensor, b: Option<&Tensor>, eps: f64, rms: bool) -> Tensor {
    let centred = if rms {
        x.clone()
    } else {
        x.broadcast_sub(&x.mean_keepdim(D::Minus1).expect("mean"))
            .expect("centred")
    };
    let var = centred
        .sqr()
        .and_then(|c| c.mean_keepdim(D::Minus1))
        .expect("variance");
    let y = centred
        .broadcast_div(&(var + eps).and_then(|v| v.sqrt()).expect("deviation"))
        .and_then(|y| y.broadcast_mul(w))
        .expect("normalized");
    match b {
        Some(b) => y.broadcast_add(b).expect("shifted"),
        None => y,
    }
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn norms_match_norms_made_of_candles_ops() {
    let dev = dev();
    let eps = 1e-5;
    for dtype in [DType::F32, DType::BF16, DType::F16] {
        for rms in [false, true] {
            let x = var(&randn(&[4, 24, 256], dtype, &dev));
            let w = var(&randn(&[256], DType::F32, &dev).affine(0.5, 1.0).expect("w"));
            let b = var(&randn(&[256], DType::F32, &dev));
            let y = if rms {
                rms_norm(&x, &w, eps as f32)
            } else {
                layer_norm(&x, &w, &b, eps as f32)
            }
            .expect("cuDNN norm");
            let g = randn(y.dims(), dtype, &dev);
            let grads = (&y * &g)
                .and_then(|l| l.sum_all())
                .and_then(|l| l.backward())
                .expect("backward");

            let x32 = f32_var(&x);
            let (w32, b32) = (f32_var(&w), f32_var(&b));
            let y32 = layer_norm_ref(&x32, &w32, (!rms).then_some(b32.as_tensor()), eps, rms);
            let g32 = g.to_dtype(DType::F32).expect("f32");
            let want = (&y32 * &g32)
                .and_then(|l| l.sum_all())
                .and_then(|l| l.backward())
                .expect("backward");

            let what = format!("{dtype:?}, rms {rms}");
            let e = rel(&y, &y32);
            assert!(e < tolerance(dtype, 1e-5, 2e-3, 1e-2), "{what}: y {e}");
            let tol = tolerance(dtype, 1e-4, 1e-2, 3e-2);
            let mut pairs = vec![("dx", &x, &x32), ("dw", &w, &w32)];
            if !rms {
                pairs.push(("db", &b, &b32));
            }
            for (name, got, want_var) in pairs {
                let e = rel(&grad(&grads, got), &grad(&want, want_var));
                assert!(e < tol, "{what}: {name} {e}");
            }
        }
    }
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn layer_norm_matches_the_reference() {
    let dev = dev();
    let (rows, features) = (33, 160);
    let x = randn(&[rows, features], DType::F32, &dev);
    let w = randn(&[features], DType::F32, &dev);
    let b = randn(&[features], DType::F32, &dev);
    let y = layer_norm(&x, &w, &b, 1e-5).expect("layer norm");
    let want =
        cudnn_reference::norm::layer_norm_forward(features, 1e-5, &f32s(&x), &f32s(&w), &f32s(&b));
    let e = ref_conv::max_rel_error(&f32s(&y), &want.y);
    assert!(e < 1e-4, "{e}");
    let info = cache_info(&dev).expect("info");
    assert!(info.layer_norms >= 1, "{info:?}");
}

// ------------------------------------------- the references, on the CPU

/// The candle-made references above agree with `cudnn-reference` (run on
/// the CPU, so without a GPU): causal grouped-query attention, layer norm
/// and RMS norm.
#[test]
fn the_candle_references_agree_with_cudnn_reference() {
    let cpu = Device::Cpu;
    let (b, h, hk, s, d) = (2, 4, 2, 7, 8);
    let q = randn(&[b, h, s, d], DType::F32, &cpu);
    let k = randn(&[b, hk, s, d], DType::F32, &cpu);
    let v = randn(&[b, hk, s, d], DType::F32, &cpu);
    let got = attention_ref(&q, &k, &v, true);
    let op = ref_attn::Attention {
        geometry: AttentionGeometry {
            batch: b,
            heads: h,
            kv_heads: hk,
            seq_q: s,
            seq_kv: s,
            head_dim: d,
            head_dim_v: d,
        },
        scale: 1.0 / (d as f64).sqrt(),
        bias: None,
        mask: AttentionMask::causal(),
        sink: None,
    };
    let want = ref_attn::forward(&op, &f32s(&q), &f32s(&k), &f32s(&v));
    let e = ref_conv::max_rel_error(&f32s(&got), &want.o);
    assert!(e < 1e-5, "attention: {e}");

    let x = randn(&[5, 12], DType::F32, &cpu);
    let w = randn(&[12], DType::F32, &cpu);
    let bias = randn(&[12], DType::F32, &cpu);
    let (xh, wh, bh) = (f32s(&x), f32s(&w), f32s(&bias));
    let ln = cudnn_reference::norm::layer_norm_forward(12, 1e-5, &xh, &wh, &bh);
    let e = ref_conv::max_rel_error(
        &f32s(&layer_norm_ref(&x, &w, Some(&bias), 1e-5, false)),
        &ln.y,
    );
    assert!(e < 1e-5, "layer norm: {e}");
    let rms = cudnn_reference::norm::rms_norm_forward(12, 1e-5, &xh, &wh, None);
    let e = ref_conv::max_rel_error(&f32s(&layer_norm_ref(&x, &w, None, 1e-5, true)), &rms.y);
    assert!(e < 1e-5, "rms norm: {e}");
}
