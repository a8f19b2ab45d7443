//! The host-side work of [`Handle::execute`](cudnn::Handle::execute) before
//! `cudnnBackendExecute`, per execution, without a GPU, against the real
//! cuDNN 9 and plans finalized for a described GPU (the `h100-sxm` preset):
//!
//! - conv + bias + ReLU, f32 NCHW (`benches/common/conv_graph.rs`): three
//!   inputs and one output;
//! - an SDPA forward, bf16, causal, with an additive bias, padding (the
//!   sequence lengths), dropout (seed and offset) and the softmax
//!   statistics: eight inputs, two outputs and the by-value scale.
//!
//! What is timed is the work that needs no device: every binding against
//! the plan's tensors (uid, element type, length, written, indices, no
//! overlap in an output), the by-value scalars' words, the addresses'
//! alignment, and the variant pack's backend descriptor, made and
//! finalized (`cudnn::graph::execute_host_work`, the code
//! `Handle::execute` runs). The addresses are made up and never read: no
//! kernel runs. Not timed, as it needs a device: binding the context,
//! each buffer's context, cudarc's event guards, the workspace.
//!
//! Beside it, the floor: the same variant pack made by hand through the
//! function table, with no check. Criterion reports each; the last line
//! prints the means per execution in ns from this program's own loop. Nothing is asserted: a benchmark is
//! not a test.
//!
//! ```sh
//! eval "$(bash scripts/fetch-cudnn.sh 9 cublas)"; eval "$(bash scripts/fetch-libcuda.sh)"
//! CUDNN_TEST_LIBCUDA=$LIBCUDA_DIR/libcuda.so.1 CUBLAS_12_LIB=$CUBLAS_12_LIB \
//!     CUDNN_LIB_DIR=$CUDNN_9_LIB cargo bench --bench execute_checks
//! ```
//!
//! Without cuDNN 9.8 or later, the driver library or cuBLASLt it says why
//! and exits 0 (1 with `CUDNN_BENCH_REQUIRE=1`). Run by `cargo test
//! --benches` (no `--bench` argument) it runs each once and times nothing.

#[cfg(target_os = "linux")]
#[path = "../cudnn/tests/common/driver.rs"]
mod driver;

#[path = "common/conv_graph.rs"]
mod conv_graph;

use std::hint::black_box;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use conv_graph::{bench_mode, heuristics, host, not_run, results_path, Host};
use criterion::Criterion;
use cudnn::graph::{
    execute_host_work, DType, ExecutionPlan, Graph, OperationGraph, ScalarValue, SdpaDropout,
    SdpaOptions, Target,
};
use cudnn::Library;

const BENCH: &str = "execute_checks";
const BF16: DType = DType::BFLOAT16;

/// A buffer as the pack's checks see it: uid, element type, length,
/// written, bound as indices.
type Buffer = (i64, DType, usize, bool, bool);

/// One execution's inputs to the timed work: the plan, its buffers, their
/// made-up addresses (aligned as the tensors ask) and the workspace's.
struct Pack {
    name: &'static str,
    plan: ExecutionPlan,
    buffers: Vec<Buffer>,
    addrs: Vec<(i64, u64)>,
    workspace: u64,
}

impl Pack {
    /// Every real tensor of `plan` bound to a buffer of its span at a
    /// made-up address, 4 GiB apart; by-value scalars keep the plan's
    /// values.
    fn of(name: &'static str, plan: ExecutionPlan) -> Pack {
        const BASE: u64 = 0x7f00_0000_0000;
        let real = plan
            .tensors()
            .iter()
            .filter(|t| !t.is_virtual() && !t.is_by_value());
        let buffers: Vec<Buffer> = real
            .map(|t| {
                let len = t.buffer_len().unwrap_or(0);
                (t.uid(), t.data_type(), len, t.is_output(), t.is_index())
            })
            .collect();
        let addrs = (0u64..)
            .zip(&buffers)
            .map(|(i, b)| (b.0, BASE + (i << 32)))
            .collect();
        let workspace = if plan.workspace_size() > 0 {
            BASE - (1 << 32)
        } else {
            0
        };
        Pack {
            name,
            plan,
            buffers,
            addrs,
            workspace,
        }
    }

    /// The timed work, once.
    fn run(&self) -> cudnn::Result<()> {
        let no_scalars: &[(i64, ScalarValue)] = &[];
        execute_host_work(
            black_box(&self.plan),
            black_box(&self.buffers),
            no_scalars,
            black_box(&self.addrs),
            self.workspace,
        )
    }

    fn describe(&self) -> String {
        let by_value = self
            .plan
            .tensors()
            .iter()
            .filter(|t| t.is_by_value())
            .count();
        format!(
            "{}: {} buffers and {by_value} by-value scalars ({} tensors in the plan)",
            self.name,
            self.buffers.len(),
            self.plan.tensors().len()
        )
    }
}

/// The raw floor of the timed work: the same variant pack made by hand
/// through the function table (create, the three attributes, finalize,
/// destroy) with no check, its uids and pointers ready beforehand. `false`
/// when a call fails.
fn raw_pack<'a>(lib: &'a Library, p: &'a Pack) -> impl Fn() -> bool + 'a {
    use cudnn::sys::{
        cudnnBackendAttributeName_t as A, cudnnBackendAttributeType_t as T,
        cudnnBackendDescriptorType_t as D,
    };
    let f = lib.sys();
    let missing = "the loaded cuDNN exports the backend functions";
    let create = f.cudnnBackendCreateDescriptor.expect(missing);
    let set = f.cudnnBackendSetAttribute.expect(missing);
    let finalize = f.cudnnBackendFinalize.expect(missing);
    let destroy = f.cudnnBackendDestroyDescriptor.expect(missing);
    let words: Vec<u64> = vec![0; p.plan.tensors().len()];
    let mut uids: Vec<i64> = p.addrs.iter().map(|a| a.0).collect();
    let mut ptrs: Vec<*mut std::ffi::c_void> = p.addrs.iter().map(|a| a.1 as _).collect();
    for (t, w) in p
        .plan
        .tensors()
        .iter()
        .filter(|t| t.is_by_value())
        .zip(&words)
    {
        uids.push(t.uid());
        ptrs.push((w as *const u64).cast_mut().cast());
    }
    let ws = p.workspace as *mut std::ffi::c_void;
    move || {
        let _ = &words;
        let mut vp = std::ptr::null_mut();
        let n = uids.len() as i64;
        // SAFETY: `vp` is created before it is used and destroyed once;
        // each array holds the count passed with it and outlives the
        // calls; no kernel runs, so the made-up addresses are not read.
        unsafe {
            let ok = create(D::CUDNN_BACKEND_VARIANT_PACK_DESCRIPTOR, &mut vp).0 == 0
                && set(
                    vp,
                    A::CUDNN_ATTR_VARIANT_PACK_UNIQUE_IDS,
                    T::CUDNN_TYPE_INT64,
                    n,
                    uids.as_ptr().cast(),
                )
                .0 == 0
                && set(
                    vp,
                    A::CUDNN_ATTR_VARIANT_PACK_DATA_POINTERS,
                    T::CUDNN_TYPE_VOID_PTR,
                    n,
                    ptrs.as_ptr().cast(),
                )
                .0 == 0
                && set(
                    vp,
                    A::CUDNN_ATTR_VARIANT_PACK_WORKSPACE,
                    T::CUDNN_TYPE_VOID_PTR,
                    1,
                    (&ws as *const *mut std::ffi::c_void).cast(),
                )
                .0 == 0
                && finalize(vp).0 == 0;
            destroy(vp).0 == 0 && ok
        }
    }
}

/// The plan of the first of mode A's configurations of `graph` that cuDNN
/// finalizes for the described GPU; `Err` says why there is none.
fn first_plan(graph: &OperationGraph, host: &Host) -> Result<ExecutionPlan, String> {
    let configs = heuristics(graph, &host.device).map_err(|e| e.to_string())?;
    let mut last = String::from("no engine configuration");
    for c in &configs {
        match ExecutionPlan::new(
            c,
            Target::Device {
                library: graph.library(),
                device: &host.device,
            },
        ) {
            Ok(plan) => return Ok(plan),
            Err(e) => last = e.to_string(),
        }
    }
    Err(format!(
        "{} configurations, none finalizes: {last}",
        configs.len()
    ))
}

/// The SDPA forward: `[B, H, S, D]` = `[2, 8, 512, 64]`, bf16.
fn sdpa(lib: &Arc<Library>) -> cudnn::Result<OperationGraph> {
    const QKV: [i64; 4] = [2, 8, 512, 64];
    let mut g = Graph::new("sdpa_forward");
    let q = g.tensor("q", &QKV, BF16)?;
    let k = g.tensor("k", &QKV, BF16)?;
    let v = g.tensor("v", &QKV, BF16)?;
    let options = SdpaOptions {
        causal: true,
        bias: Some(g.tensor("bias", &[1, 8, 512, 512], BF16)?),
        seq_len_q: Some(g.tensor("seq_len_q", &[2, 1, 1, 1], DType::INT32)?),
        seq_len_kv: Some(g.tensor("seq_len_kv", &[2, 1, 1, 1], DType::INT32)?),
        dropout: Some(SdpaDropout {
            probability: 0.1,
            seed: g.tensor("seed", &[1, 1, 1, 1], DType::INT64)?,
            offset: g.tensor("offset", &[1, 1, 1, 1], DType::INT64)?,
        }),
        stats: true,
        ..SdpaOptions::default()
    };
    let out = g.sdpa_forward(q, k, v, &options)?;
    g.set_output(out.o, BF16)?;
    g.build_with(lib, None)
}

/// Both packs, their plans finalized.
fn packs(host: &Host) -> Result<Vec<Pack>, String> {
    let conv = conv_graph::build(&host.lib).map_err(|e| format!("conv graph: {e}"))?;
    let conv = first_plan(&conv, host).map_err(|e| format!("conv plan: {e}"))?;
    let sdpa = sdpa(&host.lib).map_err(|e| format!("SDPA graph: {e}"))?;
    let sdpa = first_plan(&sdpa, host).map_err(|e| format!("SDPA plan: {e}"))?;
    Ok(vec![
        Pack::of("conv + bias + ReLU", conv),
        Pack::of("SDPA forward", sdpa),
    ])
}

/// Mean ns per call of `f` over `rounds`.
fn mean_ns(rounds: u32, mut f: impl FnMut()) -> f64 {
    let start = Instant::now();
    for _ in 0..rounds {
        f();
    }
    start.elapsed().as_nanos() as f64 / f64::from(rounds)
}

/// Writes `{"<pack>": {"ns": .., "raw_variant_pack_ns": ..}, ...}` to
/// `execute_checks.json` (see [`results_path`]); a failure to write is
/// printed, not fatal.
fn write_results(ns: &[(&str, f64, f64)]) {
    let path = results_path("execute_checks.json");
    let map: serde_json::Map<String, serde_json::Value> = ns
        .iter()
        .map(|(n, t, r)| {
            let v = serde_json::json!({ "ns": t.round(), "raw_variant_pack_ns": r.round() });
            ((*n).to_string(), v)
        })
        .collect();
    let text = serde_json::Value::Object(map).to_string();
    let written = path
        .parent()
        .map_or(Ok(()), std::fs::create_dir_all)
        .and_then(|()| std::fs::write(&path, text));
    match written {
        Ok(()) => println!("{BENCH}: written to {}", path.display()),
        Err(e) => println!("{BENCH}: {} not written: {e}", path.display()),
    }
}

fn main() -> ExitCode {
    let require = std::env::var_os("CUDNN_BENCH_REQUIRE").is_some_and(|v| v == "1");
    let host = match host(BENCH) {
        Ok(h) => h,
        Err(why) => return not_run(BENCH, &why, require),
    };
    let packs = match packs(&host) {
        Ok(p) => p,
        Err(why) => return not_run(BENCH, &why, require),
    };
    for p in &packs {
        println!("{BENCH}: {}", p.describe());
        if let Err(e) = p.run() {
            println!("{BENCH}: {}: the pack is refused: {e}", p.name);
            return ExitCode::FAILURE;
        }
    }
    if !bench_mode() {
        println!("{BENCH}: test mode (no --bench argument): each pack passed its checks once");
        return ExitCode::SUCCESS;
    }
    let raws: Vec<_> = packs.iter().map(|p| raw_pack(&host.lib, p)).collect();
    if let Some(p) = packs.iter().zip(&raws).find(|(_, r)| !r()) {
        println!("{BENCH}: {}: the raw variant pack fails", p.0.name);
        return ExitCode::FAILURE;
    }
    let mut c = Criterion::default().configure_from_args();
    for (p, raw) in packs.iter().zip(&raws) {
        c.bench_function(&format!("execute pre-call: {}", p.name), |b| {
            b.iter(|| p.run())
        });
        c.bench_function(&format!("raw variant pack: {}", p.name), |b| b.iter(raw));
    }
    c.final_summary();
    let ns: Vec<(&str, f64, f64)> = packs
        .iter()
        .zip(&raws)
        .map(|(p, raw)| {
            let ours = mean_ns(200_000, || {
                let _ = black_box(p.run());
            });
            let raw = mean_ns(200_000, || {
                black_box(raw());
            });
            (p.name, ours, raw)
        })
        .collect();
    let line: Vec<String> = ns
        .iter()
        .map(|(n, t, r)| format!("{n} {t:.0} ns (the raw variant pack alone {r:.0} ns)"))
        .collect();
    println!(
        "{BENCH}: execute pre-call work per execution: {}",
        line.join(", ")
    );
    write_results(&ns);
    ExitCode::SUCCESS
}
