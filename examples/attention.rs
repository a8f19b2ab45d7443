//! A small transformer block through cuDNN's graph API: layer norm, the
//! QKV projection, fused scaled dot-product attention, the output
//! projection and the residual, in `bfloat16` on random data.
//!
//! ```sh
//! cargo run --release --example attention [-- --batch 2 --seq 128 --heads 8 --head-dim 64]
//! ```
//!
//! It builds the four graphs and, for the DeviceProperties of an H200
//! (the shipped preset), prints the engines cuDNN's heuristics choose and
//! each plan's workspace. With a GPU it then runs the block on it, checks
//! the output against the CPU references (`cudnn-reference`: layer norm,
//! matmul and attention in `f64`), and reports the time per forward pass
//! and per backward pass of the attention.
//!
//! Exit statuses: 0 the block ran on the GPU and matches the reference;
//! 1 no GPU (after the plans are printed, it says what is missing); 2 the
//! output differs from the reference; 3 cuDNN or CUDA failed.
//!
//! `examples/README.md` shows its output on a machine without a GPU.

use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use cudnn::cudarc::driver::{CudaSlice, CudaStream};
use cudnn::graph::{
    DType, DeviceProperties, ExecutionPlan, Graph, HeuristicMode, NormOptions, OperationGraph,
    SdpaBackwardInputs, SdpaOptions, Settings, Target, TensorId, VariantPack,
};
use cudnn::half::bf16;
use cudnn::{Handle, Library, Workspace};
use cudnn_reference::attention::{self as ref_attn, Attention, AttentionGeometry};
use cudnn_reference::norm as ref_norm;

const BF16: DType = DType::BFLOAT16;
const FLOAT: DType = DType::FLOAT;
const EPS: f32 = 1e-5;

#[derive(Debug, Clone, Copy)]
struct Shape {
    batch: i64,
    seq: i64,
    heads: i64,
    head_dim: i64,
}

impl Shape {
    fn model(&self) -> i64 {
        self.heads * self.head_dim
    }
    fn tokens(&self) -> i64 {
        self.batch * self.seq
    }
}

fn arg(args: &[String], name: &str, default: i64) -> Result<i64, String> {
    match args.iter().position(|a| a == name) {
        None => Ok(default),
        Some(i) => args
            .get(i + 1)
            .and_then(|v| v.parse().ok())
            .filter(|&v: &i64| v > 0)
            .ok_or_else(|| format!("{name} takes a positive integer")),
    }
}

/// The block's four graphs, with the uids their buffers are bound to.
struct Block {
    norm: Graph,
    norm_io: [TensorId; 4], // x, scale, bias, h
    qkv: Graph,
    qkv_io: [TensorId; 3], // h, w_qkv, qkv
    attn: Graph,
    attn_io: [TensorId; 5], // q, k, v, o, stats
    out: Graph,
    out_io: [TensorId; 4], // o, w_o, x, y
    attn_bwd: Graph,
    attn_bwd_io: [TensorId; 9], // q, k, v, o, d_o, stats, dq, dk, dv
}

/// q, k and v of the packed `[B, S, 3, H, D]` projection: `[B, H, S, D]`
/// views with strides `[S·3E, D, 3E, 1]` (k and v start E and 2E further:
/// 16-byte aligned, as every graph tensor must be, since `D` is a
/// multiple of 8; see [`check_shape`]). Their gradients are packed BSHD
/// (`[S·E, D, E, 1]`), each `B·S·E` elements.
fn qkv_views(g: &mut Graph, s: &Shape, names: [&str; 3]) -> cudnn::Result<[TensorId; 3]> {
    let e = s.model();
    let dims = [s.batch, s.heads, s.seq, s.head_dim];
    let strides = [s.seq * 3 * e, s.head_dim, 3 * e, 1];
    Ok([
        g.tensor_with_strides(names[0], &dims, &strides, BF16)?,
        g.tensor_with_strides(names[1], &dims, &strides, BF16)?,
        g.tensor_with_strides(names[2], &dims, &strides, BF16)?,
    ])
}

/// What the block needs of its shape beyond positive sizes: a head dim
/// that is a multiple of 8 (cuDNN's fused attention takes no other, and
/// it keeps the k and v views, `2·H·D` and `4·H·D` bytes into the
/// projection, on the 16-byte alignment every graph tensor is described
/// with: the variant pack refuses a misaligned view).
fn check_shape(s: &Shape) -> Result<(), String> {
    if s.head_dim % 8 != 0 {
        return Err(format!(
            "--head-dim {} is not a multiple of 8: cuDNN's fused attention needs one, and \
             the k and v views into the QKV projection would not be 16-byte aligned",
            s.head_dim
        ));
    }
    Ok(())
}

fn block(s: &Shape) -> cudnn::Result<Block> {
    let (e, n) = (s.model(), s.tokens());
    // Layer norm over the model dimension of each token.
    let mut norm = Graph::new("layer_norm");
    let x = norm.tensor("x", &[n, e, 1, 1], BF16)?;
    let scale = norm.tensor("scale", &[1, e, 1, 1], FLOAT)?;
    let bias = norm.tensor("bias", &[1, e, 1, 1], FLOAT)?;
    let ln = norm.layer_norm(x, scale, bias, &NormOptions::inference(EPS))?;
    norm.set_output(ln.y, BF16)?;
    // The QKV projection.
    let mut qkv = Graph::new("qkv_projection");
    let h = qkv.tensor("h", &[1, n, e], BF16)?;
    let w_qkv = qkv.tensor("w_qkv", &[1, e, 3 * e], BF16)?;
    let p = qkv.matmul(h, w_qkv)?;
    qkv.set_output(p, BF16)?;
    // Attention, reading q, k and v in place and writing o as [B, S, H, D].
    let mut attn = Graph::new("attention");
    let [q, k, v] = qkv_views(&mut attn, s, ["q", "k", "v"])?;
    let opts = SdpaOptions {
        causal: true,
        stats: true,
        ..SdpaOptions::default()
    };
    let out = attn.sdpa_forward(q, k, v, &opts)?;
    let stats = out.stats.ok_or_else(|| missing("the statistics"))?;
    // (The statistics are a real FLOAT tensor from the start.)
    attn.set_output(out.o, BF16)?;
    // The output projection and the residual.
    let mut proj = Graph::new("output_projection");
    let o = proj.tensor("o", &[1, n, e], BF16)?;
    let w_o = proj.tensor("w_o", &[1, e, e], BF16)?;
    let x2 = proj.tensor("x", &[1, n, e], BF16)?;
    let m = proj.matmul(o, w_o)?;
    let y = proj.add(m, x2)?;
    proj.set_output(y, BF16)?;
    // The attention's backward pass.
    let mut bwd = Graph::new("attention_backward");
    let [bq, bk, bv] = qkv_views(&mut bwd, s, ["q", "k", "v"])?;
    let bshd = [s.seq * e, s.head_dim, e, 1];
    let dims = [s.batch, s.heads, s.seq, s.head_dim];
    let bo = bwd.tensor_with_strides("o", &dims, &bshd, BF16)?;
    let d_o = bwd.tensor_with_strides("d_o", &dims, &bshd, BF16)?;
    let bstats = bwd.tensor("stats", &[s.batch, s.heads, s.seq, 1], FLOAT)?;
    let inputs = SdpaBackwardInputs {
        q: bq,
        k: bk,
        v: bv,
        o: bo,
        d_o,
        stats: bstats,
    };
    let grads = bwd.sdpa_backward(
        &inputs,
        &SdpaOptions {
            causal: true,
            ..SdpaOptions::default()
        },
    )?;
    for t in [grads.dq, grads.dk, grads.dv] {
        bwd.set_output(t, BF16)?;
    }
    Ok(Block {
        norm,
        norm_io: [x, scale, bias, ln.y],
        qkv,
        qkv_io: [h, w_qkv, p],
        attn,
        attn_io: [q, k, v, out.o, stats],
        out: proj,
        out_io: [o, w_o, x2, y],
        attn_bwd: bwd,
        attn_bwd_io: [bq, bk, bv, bo, d_o, bstats, grads.dq, grads.dk, grads.dv],
    })
}

fn missing(what: &str) -> cudnn::Error {
    cudnn::Error::InvalidArgument {
        function: "attention example",
        mismatch: cudnn::Mismatch::BadValue {
            what: format!("{what} is missing"),
        },
    }
}

/// Builds each graph, and prints the engines and plans for `device`.
fn plan_all(
    lib: &Arc<Library>,
    graphs: &[&Graph],
    device: &DeviceProperties,
) -> cudnn::Result<Vec<OperationGraph>> {
    let mut built = Vec::new();
    for g in graphs {
        let og = g.build_with(lib, None)?;
        let target = Target::Device {
            library: lib,
            device,
        };
        let engines = match og.engine_configs(target, HeuristicMode::A, &Default::default()) {
            Ok(c) => c
                .iter()
                .take(3)
                .map(|c| format!("{}", c.global_index()))
                .collect::<Vec<_>>()
                .join(", "),
            Err(e) => format!("none ({e})"),
        };
        let plan = match og.plans(target, &Settings::default()) {
            Ok(p) => format!("plan: {}", p[0]),
            Err(e) => format!("no plan here: {}", first_line(&e.to_string())),
        };
        println!("  {:<20} engines (best first): {engines}; {plan}", g.name());
        built.push(og);
    }
    Ok(built)
}

fn first_line(s: &str) -> &str {
    s.lines().next().unwrap_or(s)
}

fn values(n: usize, seed: u64, scale: f64) -> Vec<f64> {
    let mut st = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    (0..n)
        .map(|_| {
            st = st
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (((st >> 11) as f64 / (1u64 << 53) as f64) * 2.0 - 1.0) * scale
        })
        .collect()
}

fn to_bf16(v: &[f64]) -> Vec<bf16> {
    v.iter().map(|&x| bf16::from_f64(x)).collect()
}

fn rounded(v: &[f64]) -> Vec<f64> {
    v.iter().map(|&x| bf16::from_f64(x).to_f64()).collect()
}

/// `a [M, K] · b [K, N]`.
fn matmul(a: &[f64], b: &[f64], m: usize, k: usize, n: usize) -> Vec<f64> {
    let mut c = vec![0.0; m * n];
    for i in 0..m {
        for l in 0..k {
            let x = a[i * k + l];
            for j in 0..n {
                c[i * n + j] += x * b[l * n + j];
            }
        }
    }
    c
}

/// The block on the CPU in f64 (inputs as the GPU sees them, rounded to
/// bf16 between the graphs as the GPU stores them).
fn reference(s: &Shape, x: &[f64], wq: &[f64], wo: &[f64]) -> Vec<f64> {
    let (b, sq, hh, d) = (
        s.batch as usize,
        s.seq as usize,
        s.heads as usize,
        s.head_dim as usize,
    );
    let (e, n) = (hh * d, b * sq);
    let ones = vec![1.0; e];
    let zeros = vec![0.0; e];
    let ln = ref_norm::layer_norm_forward::<f64, f64>(e, f64::from(EPS), x, &ones, &zeros);
    let h = rounded(&ln.y);
    let p = rounded(&matmul(&h, wq, n, e, 3 * e));
    // [B, S, 3, H, D] -> three [B, H, S, D].
    let split = |part: usize| {
        let mut out = vec![0.0; n * e];
        for bi in 0..b {
            for si in 0..sq {
                for hi in 0..hh {
                    for di in 0..d {
                        out[((bi * hh + hi) * sq + si) * d + di] =
                            p[(bi * sq + si) * 3 * e + part * e + hi * d + di];
                    }
                }
            }
        }
        out
    };
    let geometry = AttentionGeometry {
        batch: b,
        heads: hh,
        kv_heads: hh,
        seq_q: sq,
        seq_kv: sq,
        head_dim: d,
        head_dim_v: d,
    };
    let op = Attention::<f64> {
        geometry,
        scale: 1.0 / (d as f64).sqrt(),
        bias: None,
        mask: ref_attn::AttentionMask::causal(),
        sink: None,
    };
    let o = ref_attn::forward(&op, &split(0), &split(1), &split(2)).o;
    // [B, H, S, D] -> [B, S, H, D].
    let mut o_bshd = vec![0.0; n * e];
    for bi in 0..b {
        for hi in 0..hh {
            for si in 0..sq {
                for di in 0..d {
                    o_bshd[(bi * sq + si) * e + hi * d + di] =
                        o[((bi * hh + hi) * sq + si) * d + di];
                }
            }
        }
    }
    let m = matmul(&rounded(&o_bshd), wo, n, e, e);
    m.iter().zip(x).map(|(a, b)| a + b).collect()
}

struct Run {
    forward_ms: f64,
    backward_ms: f64,
    max_diff: f64,
}

fn run_on_gpu(
    s: &Shape,
    blk: &Block,
    lib: &Arc<Library>,
    stream: &Arc<CudaStream>,
) -> cudnn::Result<Run> {
    let handle = Handle::new_in(Arc::clone(lib), Arc::clone(stream))?;
    let settings = Settings {
        allow_tf32: false,
        ..Settings::default()
    };
    let plan = |g: &Graph| -> cudnn::Result<ExecutionPlan> {
        let og = g.build_with(lib, Some(&handle))?;
        Ok(og.plans(Target::Handle(&handle), &settings)?.remove(0))
    };
    let (pn, pq, pa, po, pb) = (
        plan(&blk.norm)?,
        plan(&blk.qkv)?,
        plan(&blk.attn)?,
        plan(&blk.out)?,
        plan(&blk.attn_bwd)?,
    );
    let (e, n) = (s.model() as usize, s.tokens() as usize);
    let xs = rounded(&values(n * e, 1, 1.0));
    let wq = rounded(&values(e * 3 * e, 2, 1.0 / (e as f64).sqrt()));
    let wo = rounded(&values(e * e, 3, 1.0 / (e as f64).sqrt()));
    let up = |v: &[f64]| stream.clone_htod(&to_bf16(v));
    let (x, w_qkv, w_o) = (up(&xs)?, up(&wq)?, up(&wo)?);
    let ln_scale = stream.clone_htod(&vec![1.0f32; e])?;
    let ln_bias = stream.clone_htod(&vec![0.0f32; e])?;
    let mut h: CudaSlice<bf16> = stream.alloc_zeros(n * e)?;
    let mut qkv: CudaSlice<bf16> = stream.alloc_zeros(n * 3 * e)?;
    let mut o: CudaSlice<bf16> = stream.alloc_zeros(n * e)?;
    let mut stats: CudaSlice<f32> = stream.alloc_zeros((s.batch * s.heads * s.seq) as usize)?;
    let mut y: CudaSlice<bf16> = stream.alloc_zeros(n * e)?;
    let mut ws = Workspace::new();
    let [ux, us, ub, uh] = blk.norm_io.map(TensorId::uid);
    let [qh, qw, qp] = blk.qkv_io.map(TensorId::uid);
    let [aq, ak, av, ao, ast] = blk.attn_io.map(TensorId::uid);
    let [oo, ow, ox, oy] = blk.out_io.map(TensorId::uid);

    let mut forward = |ws: &mut Workspace| -> cudnn::Result<()> {
        handle.execute(
            &pn,
            &mut VariantPack::new()
                .input(ux, &x)
                .input(us, &ln_scale)
                .input(ub, &ln_bias)
                .output(uh, &mut h),
            ws,
        )?;
        handle.execute(
            &pq,
            &mut VariantPack::new()
                .input(qh, &h)
                .input(qw, &w_qkv)
                .output(qp, &mut qkv),
            ws,
        )?;
        let (qv, kv, vv) = (qkv.slice(0..), qkv.slice(e..), qkv.slice(2 * e..));
        handle.execute(
            &pa,
            &mut VariantPack::new()
                .input(aq, &qv)
                .input(ak, &kv)
                .input(av, &vv)
                .output(ao, &mut o)
                .output(ast, &mut stats),
            ws,
        )?;
        handle.execute(
            &po,
            &mut VariantPack::new()
                .input(oo, &o)
                .input(ow, &w_o)
                .input(ox, &x)
                .output(oy, &mut y),
            ws,
        )
    };
    forward(&mut ws)?;
    stream.synchronize()?;
    let runs = 20;
    let t = Instant::now();
    for _ in 0..runs {
        forward(&mut ws)?;
    }
    stream.synchronize()?;
    let forward_ms = t.elapsed().as_secs_f64() * 1e3 / f64::from(runs);
    let got: Vec<f64> = stream.clone_dtoh(&y)?.iter().map(|v| v.to_f64()).collect();
    let want = reference(s, &xs, &wq, &wo);
    let max_diff = got
        .iter()
        .zip(&want)
        .map(|(a, b)| (a - b).abs())
        .fold(0.0, f64::max);

    let [bq, bk, bv, bo, bdo, bst, dq, dk, dv] = blk.attn_bwd_io.map(TensorId::uid);
    let d_o = up(&values(n * e, 4, 1.0))?;
    let mut gq: CudaSlice<bf16> = stream.alloc_zeros(n * e)?;
    let mut gk: CudaSlice<bf16> = stream.alloc_zeros(n * e)?;
    let mut gv: CudaSlice<bf16> = stream.alloc_zeros(n * e)?;
    let (qv, kv, vv) = (qkv.slice(0..), qkv.slice(e..), qkv.slice(2 * e..));
    let mut pack = VariantPack::new()
        .input(bq, &qv)
        .input(bk, &kv)
        .input(bv, &vv)
        .input(bo, &o)
        .input(bdo, &d_o)
        .input(bst, &stats)
        .output(dq, &mut gq)
        .output(dk, &mut gk)
        .output(dv, &mut gv);
    handle.execute(&pb, &mut pack, &mut ws)?;
    stream.synchronize()?;
    let t = Instant::now();
    for _ in 0..runs {
        handle.execute(&pb, &mut pack, &mut ws)?;
    }
    stream.synchronize()?;
    let backward_ms = t.elapsed().as_secs_f64() * 1e3 / f64::from(runs);
    Ok(Run {
        forward_ms,
        backward_ms,
        max_diff,
    })
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let shape = match (|| -> Result<Shape, String> {
        let s = Shape {
            batch: arg(&args, "--batch", 2)?,
            seq: arg(&args, "--seq", 128)?,
            heads: arg(&args, "--heads", 8)?,
            head_dim: arg(&args, "--head-dim", 64)?,
        };
        check_shape(&s)?;
        Ok(s)
    })() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("attention: {e}");
            return ExitCode::from(3);
        }
    };
    let lib = match cudnn::library() {
        Ok(l) => l,
        Err(e) => {
            println!("attention: cuDNN did not load: {e}");
            return ExitCode::from(3);
        }
    };
    println!(
        "cuDNN {} from {}; block: batch {}, sequence {}, {} heads of {} (model {}), bfloat16, causal",
        lib.version(),
        lib.path().display(),
        shape.batch,
        shape.seq,
        shape.heads,
        shape.head_dim,
        shape.model()
    );
    let blk = match block(&shape) {
        Ok(b) => b,
        Err(e) => {
            println!("attention: the graphs are refused: {e}");
            return ExitCode::from(3);
        }
    };
    let h200 = DeviceProperties::preset("h200").expect("a shipped preset");
    println!("graphs and plans for {h200}:");
    let graphs = [&blk.norm, &blk.qkv, &blk.attn, &blk.out, &blk.attn_bwd];
    if let Err(e) = plan_all(&lib, &graphs, &h200) {
        println!(
            "  cuDNN could not build the graphs here: {}",
            first_line(&e.to_string())
        );
        if e.status_error().is_some_and(|s| s.status.raw() == 1008) {
            println!(
                "  (cuDNN 9 loads its engines, which link the CUDA driver, before it finalizes \
                 any graph: without libcuda nothing is planned, even for a described GPU)"
            );
        }
    }
    let ctx = match cudnn::cuda_context(0) {
        Ok(c) => c,
        Err(e) => {
            println!("attention: no GPU, so nothing runs: {e}");
            println!("attention: executing the block needs a CUDA GPU and its driver");
            return ExitCode::from(1);
        }
    };
    match run_on_gpu(&shape, &blk, &lib, &ctx.default_stream()) {
        Ok(r) => {
            println!(
                "forward (4 graphs): {:.3} ms; attention backward: {:.3} ms; max |y - reference| {:.3e}",
                r.forward_ms, r.backward_ms, r.max_diff
            );
            if r.max_diff.is_finite() && r.max_diff < 0.1 {
                ExitCode::SUCCESS
            } else {
                println!("attention: the output differs from the CPU reference");
                ExitCode::from(2)
            }
        }
        Err(e) => {
            println!("attention: {e}");
            ExitCode::from(3)
        }
    }
}
