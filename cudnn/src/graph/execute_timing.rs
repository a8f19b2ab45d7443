//! The host-side work of [`Handle::execute`](crate::Handle::execute) before
//! `cudnnBackendExecute`, timed per execution without a GPU, against the
//! real cuDNN 9 and plans finalized for a described GPU (the `h100-sxm`
//! preset):
//!
//! - conv + bias + ReLU, f32 NCHW, ResNet-50's conv2_x shape: three inputs
//!   and one output;
//! - an SDPA forward, bf16, causal, with an additive bias, padding (the
//!   sequence lengths), dropout (seed and offset) and the softmax
//!   statistics: eight inputs, two outputs and the by-value scale.
//!
//! What is timed is the work that needs no device: every binding against
//! the plan's tensors (uid, element type, length, written, indices, no
//! overlap in an output), the by-value scalars' words, the addresses'
//! alignment, and the variant pack's backend descriptor, made and
//! finalized ([`host_work`], the code `Handle::execute` runs). The
//! addresses are made up and never read: no kernel runs. Not timed, as it
//! needs a device: binding the context, each buffer's context, cudarc's
//! event guards, the workspace. Beside it, the floor: the same variant
//! pack made by hand through the function table, with no check.
//!
//! Then the same for a pack prepared against the plan
//! ([`PreparedPack`](super::PreparedPack)): what
//! [`Handle::execute_prepared`](crate::Handle::execute_prepared) does
//! without a device, each address's alignment and the variant pack made
//! and finalized from the prepared uids ([`prepared_host_work`]); its
//! ratio to the raw pack is the issue's target (at most 1.2).
//!
//! A timing, not a test: `#[ignore]`d, run by CI's bench step with
//!
//! ```sh
//! eval "$(bash scripts/fetch-cudnn.sh 9 cublas)"; eval "$(bash scripts/fetch-libcuda.sh)"
//! CUDNN_TEST_LIBCUDA=$LIBCUDA_DIR/libcuda.so.1 CUBLAS_12_LIB=$CUBLAS_12_LIB \
//!     CUDNN_LIB_DIR=$CUDNN_9_LIB cargo test -p cudnn-rs --release --lib \
//!     graph::execute_timing -- --ignored --nocapture
//! ```
//!
//! Each is timed in 21 blocks of 10,000 executions, the three variants'
//! blocks interleaved (one of each in turn), and the median block kept:
//! timed one after the other, a drift of the machine's speed during the
//! timing shows up as a ratio (a CI run measured the prepared conv pack
//! slower than the full checks, which do all it does and more). It
//! prints the mean ns per execution of each and writes them to
//! `execute_checks.json` (in `$OUT` when set, else `target/bench`): per
//! graph `ns`, `raw_variant_pack_ns`, `prepared_ns` and
//! `prepared_over_raw`. Without
//! cuDNN 9.8 or later, the driver library or cuBLASLt it says why and
//! passes (fails with `CUDNN_BENCH_REQUIRE=1`).

use std::hint::black_box;
use std::sync::Arc;
use std::time::Instant;

use super::execute::{facts_of, given_to_cudnn, host_work, prepared_host_work, BufferTuple};
use super::pack::Layout;
use super::{
    ConvOptions, DType, DeviceProperties, EngineFilter, ExecutionPlan, Graph, HeuristicMode,
    OperationGraph, SdpaDropout, SdpaOptions, Target,
};
use crate::core::library::Library;

/// A buffer as the pack's checks see it: uid, element type, length,
/// written, bound as indices.
type Buffer = BufferTuple;

/// One execution's inputs to the timed work: the plan, its buffers, their
/// made-up addresses (aligned as the tensors ask) and the workspace's.
struct Pack {
    name: &'static str,
    plan: ExecutionPlan,
    buffers: Vec<Buffer>,
    addrs: Vec<(i64, u64)>,
    workspace: u64,
    /// The pack prepared against the plan, and its addresses in its order.
    layout: Layout,
    prepared_addrs: Vec<u64>,
}

impl Pack {
    /// Every real tensor of `plan` bound to a buffer of its span at a
    /// made-up address, 4 GiB apart; by-value scalars keep the plan's
    /// values.
    fn of(name: &'static str, plan: ExecutionPlan) -> crate::Result<Pack> {
        const BASE: u64 = 0x7f00_0000_0000;
        let buffers: Vec<Buffer> = plan
            .tensors()
            .iter()
            .filter(|t| !t.is_virtual() && !t.is_by_value())
            .map(|t| {
                let len = t.buffer_len().unwrap_or(0);
                (t.uid(), t.data_type(), len, t.is_output(), t.is_index())
            })
            .collect();
        let addrs: Vec<(i64, u64)> = (0u64..)
            .zip(&buffers)
            .map(|(i, b)| (b.0, BASE + (i << 32)))
            .collect();
        let layout = Layout::of(
            "VariantPack::prepare",
            plan.graph_name(),
            plan.tensors(),
            &facts_of(&buffers),
            &[],
        )?;
        let prepared_addrs = addrs.iter().map(|a| a.1).collect();
        let workspace = if plan.workspace_size() > 0 {
            BASE - (1 << 32)
        } else {
            0
        };
        Ok(Pack {
            name,
            plan,
            buffers,
            addrs,
            workspace,
            layout,
            prepared_addrs,
        })
    }

    /// The timed work, once: the variant pack and the scalars' words.
    fn run(&self) -> crate::Result<(super::execute::VariantPackDesc, Vec<u64>)> {
        host_work(
            black_box(&self.plan),
            black_box(&self.buffers),
            &[],
            black_box(&self.addrs),
            self.workspace,
        )
    }

    /// The timed work of the prepared pack (its `layout`, a copy of the
    /// pack's), once.
    fn run_prepared(&self, layout: &mut Layout) -> crate::Result<super::execute::VariantPackDesc> {
        prepared_host_work(
            black_box(&self.plan),
            black_box(layout),
            black_box(&self.prepared_addrs),
            self.workspace,
        )
    }
}

/// The raw floor of the timed work: the same variant pack made by hand
/// through the function table (create, the three attributes, finalize,
/// destroy) with no check, its uids and pointers ready beforehand. `false`
/// when a call fails.
fn raw_pack<'a>(lib: &'a Library, p: &'a Pack) -> impl Fn() -> bool + 'a {
    use crate::sys::{
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
            let ok = create(D::VARIANT_PACK_DESCRIPTOR, &mut vp).0 == 0
                && set(
                    vp,
                    A::VARIANT_PACK_UNIQUE_IDS,
                    T::CUDNN_TYPE_INT64,
                    n,
                    uids.as_ptr().cast(),
                )
                .0 == 0
                && set(
                    vp,
                    A::VARIANT_PACK_DATA_POINTERS,
                    T::VOID_PTR,
                    n,
                    ptrs.as_ptr().cast(),
                )
                .0 == 0
                && set(
                    vp,
                    A::VARIANT_PACK_WORKSPACE,
                    T::VOID_PTR,
                    1,
                    (&ws as *const *mut std::ffi::c_void).cast(),
                )
                .0 == 0
                && finalize(vp).0 == 0;
            destroy(vp).0 == 0 && ok
        }
    }
}

/// What planning for a described GPU needs, loaded: NVIDIA's driver
/// library (the file `CUDNN_TEST_LIBCUDA` names, else the system's), cuDNN
/// 9.8 or later, cuBLASLt (from `CUBLAS_<major>_LIB`, else by name; kept
/// loaded for the process) and the `h100-sxm` preset. `Err` says why not.
fn host() -> Result<(Arc<Library>, DeviceProperties), String> {
    use libloading::os::unix::{Library as So, RTLD_GLOBAL, RTLD_NOW};
    if let Some(path) = std::env::var_os("CUDNN_TEST_LIBCUDA").filter(|p| !p.is_empty()) {
        // SAFETY: NVIDIA's driver library, loaded as any CUDA program loads
        // it; it stays loaded for the process.
        let so = unsafe { So::open(Some(&path), RTLD_NOW | RTLD_GLOBAL) }
            .map_err(|e| format!("loading CUDNN_TEST_LIBCUDA={}: {e}", path.display()))?;
        std::mem::forget(so);
    }
    let lib = crate::library().map_err(|e| format!("cuDNN did not load: {e}"))?;
    let v = lib.version();
    if (v.major, v.minor) < (9, 8) {
        return Err(format!("cuDNN {v} describes no GPU (9.8 or later)"));
    }
    let major = lib.cudart_version().major();
    let file = format!("libcublasLt.so.{major}");
    let path = match std::env::var_os(format!("CUBLAS_{major}_LIB")).filter(|d| !d.is_empty()) {
        Some(dir) => std::path::Path::new(&dir).join(&file),
        None => std::path::PathBuf::from(&file),
    };
    // SAFETY: NVIDIA's cuBLASLt, loaded as cuDNN's precompiled engines
    // would load it; it stays loaded for the process.
    let so = unsafe { So::open(Some(&path), RTLD_NOW | RTLD_GLOBAL) }
        .map_err(|e| format!("cuBLASLt ({}) does not load: {e}", path.display()))?;
    std::mem::forget(so);
    let device = DeviceProperties::preset("h100-sxm").map_err(|e| e.to_string())?;
    Ok((lib, device))
}

/// The plan of the first of mode A's configurations of `graph` that cuDNN
/// finalizes for `device`.
fn first_plan(graph: &OperationGraph, device: &DeviceProperties) -> Result<ExecutionPlan, String> {
    let configs = graph
        .engine_configs(
            Target::Device {
                library: graph.library(),
                device,
            },
            HeuristicMode::A,
            &EngineFilter::default(),
        )
        .map_err(|e| e.to_string())?;
    let mut last = String::from("no engine configuration");
    for c in &configs {
        match ExecutionPlan::new(
            c,
            Target::Device {
                library: graph.library(),
                device,
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

/// conv + bias + ReLU, ResNet-50's 3x3 convolution of conv2_x, f32, NCHW.
fn conv(lib: &Arc<Library>) -> crate::Result<OperationGraph> {
    const F: DType = DType::FLOAT;
    let mut g = Graph::new("conv_bias_relu");
    let x = g.tensor("x", &[16, 64, 56, 56], F)?;
    let w = g.tensor("w", &[64, 64, 3, 3], F)?;
    let b = g.tensor("bias", &[1, 64, 1, 1], F)?;
    let conv = g.conv_fprop(x, w, &ConvOptions::new(2).padding(&[1, 1]))?;
    let biased = g.bias(conv, b)?;
    let y = g.relu(biased)?;
    g.set_output(y, F)?;
    g.build_with(lib, None)
}

/// The SDPA forward: `[B, H, S, D]` = `[2, 8, 512, 64]`, bf16.
fn sdpa(lib: &Arc<Library>) -> crate::Result<OperationGraph> {
    const QKV: [i64; 4] = [2, 8, 512, 64];
    const BF16: DType = DType::BFLOAT16;
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
fn packs(lib: &Arc<Library>, device: &DeviceProperties) -> Result<Vec<Pack>, String> {
    let c = conv(lib).map_err(|e| format!("conv graph: {e}"))?;
    let c = first_plan(&c, device).map_err(|e| format!("conv plan: {e}"))?;
    let s = sdpa(lib).map_err(|e| format!("SDPA graph: {e}"))?;
    let s = first_plan(&s, device).map_err(|e| format!("SDPA plan: {e}"))?;
    let pack = |name, plan| Pack::of(name, plan).map_err(|e| format!("{name}: {e}"));
    Ok(vec![
        pack("conv + bias + ReLU", c)?,
        pack("SDPA forward", s)?,
    ])
}

/// One graph's mean ns per execution: the checked pack, the raw floor,
/// the prepared pack.
struct Timing {
    name: &'static str,
    ours: f64,
    raw: f64,
    prepared: f64,
}

/// Mean ns per call of `f` over `rounds`.
fn mean_ns(rounds: u32, mut f: impl FnMut()) -> f64 {
    let start = Instant::now();
    for _ in 0..rounds {
        f();
    }
    start.elapsed().as_nanos() as f64 / f64::from(rounds)
}

/// Blocks per timing, and calls per block.
const BLOCKS: usize = 21;
const BLOCK_ROUNDS: u32 = 10_000;

/// The median over [`BLOCKS`] blocks of each of `fs`' mean ns per call,
/// the blocks interleaved (one of each in turn), so that a drift of the
/// machine's speed during the timing reaches every variant alike.
fn interleaved_ns<const N: usize>(fs: &mut [&mut dyn FnMut(); N]) -> [f64; N] {
    let mut blocks = [(); N].map(|()| Vec::with_capacity(BLOCKS));
    for _ in 0..BLOCKS {
        for (f, b) in fs.iter_mut().zip(&mut blocks) {
            b.push(mean_ns(BLOCK_ROUNDS, &mut **f));
        }
    }
    blocks.map(|mut b| {
        b.sort_by(f64::total_cmp);
        b[BLOCKS / 2]
    })
}

#[test]
#[ignore = "a timing: run with --ignored --nocapture (CI's bench step)"]
fn execute_host_work_per_execution() {
    const NAME: &str = "execute_checks";
    let require = std::env::var_os("CUDNN_BENCH_REQUIRE").is_some_and(|v| v == "1");
    let ready = host().and_then(|(lib, device)| Ok((packs(&lib, &device)?, lib)));
    let (packs, lib) = match ready {
        Ok(p) => p,
        Err(why) if require => panic!("{NAME}: CUDNN_BENCH_REQUIRE=1 but not run: {why}"),
        Err(why) => return println!("{NAME}: not run: {why}"),
    };
    let raws: Vec<_> = packs.iter().map(|p| raw_pack(&lib, p)).collect();
    let mut layouts: Vec<Layout> = packs.iter().map(|p| p.layout.clone()).collect();
    for ((p, raw), layout) in packs.iter().zip(&raws).zip(&mut layouts) {
        p.run().expect("the pack passes its checks");
        p.run_prepared(layout).expect("the prepared pack passes");
        assert!(raw(), "{}: the raw variant pack fails", p.name);
    }
    let ns: Vec<Timing> = packs
        .iter()
        .zip(&raws)
        .zip(&mut layouts)
        .map(|((p, raw), layout)| {
            let [ours, raw, prepared] = interleaved_ns(&mut [
                &mut || {
                    let _ = black_box(p.run());
                },
                &mut || {
                    black_box(raw());
                },
                &mut || {
                    let _ = black_box(p.run_prepared(layout));
                },
            ]);
            Timing {
                name: p.name,
                ours,
                raw,
                prepared,
            }
        })
        .collect();
    let line: Vec<String> = ns
        .iter()
        .map(|t| {
            format!(
                "{} {:.0} ns (the raw variant pack alone {:.0} ns; prepared {:.0} ns, \
                 prepared/raw {:.2})",
                t.name,
                t.ours,
                t.raw,
                t.prepared,
                t.prepared / t.raw
            )
        })
        .collect();
    println!(
        "{NAME}: cuDNN {} from {}; execute pre-call work per execution: {}",
        lib.version(),
        lib.path().display(),
        line.join(", ")
    );
    let map: serde_json::Map<String, serde_json::Value> = ns
        .iter()
        .map(|t| {
            let v = serde_json::json!({
                "ns": t.ours.round(),
                "raw_variant_pack_ns": t.raw.round(),
                "prepared_ns": t.prepared.round(),
                "prepared_over_raw": (t.prepared / t.raw * 100.0).round() / 100.0,
            });
            (t.name.to_string(), v)
        })
        .collect();
    let path = match std::env::var_os("OUT") {
        Some(out) if !out.is_empty() => std::path::PathBuf::from(out),
        _ => std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/bench"),
    }
    .join("execute_checks.json");
    let written = std::fs::create_dir_all(path.parent().expect("a folder"))
        .and_then(|()| std::fs::write(&path, serde_json::Value::Object(map).to_string()));
    match written {
        Ok(()) => println!("{NAME}: written to {}", path.display()),
        Err(e) => println!("{NAME}: {} not written: {e}", path.display()),
    }
}

/// A prepared pack, one buffer rebound (to a buffer that fits, at another
/// address), makes the variant pack a fresh pack of the same buffers
/// makes: the same uids in the same order, the same data pointers, and
/// scalar pointers to the same values, as set into the descriptor.
#[test]
fn a_prepared_pack_makes_the_fresh_packs_variant_pack() {
    let require = std::env::var_os("CUDNN_TEST_REQUIRE").is_some_and(|v| v == "1");
    // A cuDNN before 9.8 describes no GPU: nothing to plan, on any row.
    // scripts/test.sh provides cuBLASLt for CUDA 12 only, so only a cuDNN
    // built for CUDA 12 is required to plan here.
    let mut cuda12 = true;
    if let Ok(lib) = crate::library() {
        if lib.version() < crate::Version::new(9, 8, 0) {
            return println!("not run: cuDNN {} describes no GPU", lib.version());
        }
        cuda12 = lib.cudart_version().major() == 12;
    }
    let ready = host().and_then(|(lib, device)| Ok((packs(&lib, &device)?, lib)));
    let (packs, _lib) = match ready {
        Ok(p) => p,
        Err(why) if require && cuda12 => panic!("CUDNN_TEST_REQUIRE=1 but not run: {why}"),
        Err(why) => return println!("not run: {why}"),
    };
    for p in &packs {
        let mut layout = p.layout.clone();
        let facts = facts_of(&p.buffers);
        let (name, tensors) = (p.plan.graph_name(), p.plan.tensors());
        let last = facts.len() - 1;
        let slot = layout
            .rebind_slot("PreparedPack::rebind", name, tensors, &facts[last])
            .expect("a fitting rebind");
        assert_eq!(slot, last);
        let mut addrs = p.addrs.clone();
        addrs[slot].1 += 1 << 20;
        let [(fresh_uids, fresh_ptrs, words), (uids, ptrs, prepared_words)] =
            given_to_cudnn(&p.plan, &p.buffers, &addrs, &mut layout).expect("both packs");
        assert_eq!(
            uids.len(),
            p.plan.tensors().iter().filter(|t| !t.is_virtual()).count()
        );
        assert_eq!(uids, fresh_uids, "{}", p.name);
        let n = addrs.len();
        assert_eq!(ptrs[..n], fresh_ptrs[..n], "{}", p.name);
        assert_eq!(ptrs[slot], addrs[slot].1 as usize);
        // The scalars: each pack points to its own words, of one value.
        let read = |p: &usize| {
            // SAFETY: each pointer is into the words of its pack: the
            // fresh pack's (`words`) or the layout's (`layout`), alive
            // and unchanged here.
            unsafe { *(*p as *const u64) }
        };
        let values: Vec<u64> = ptrs[n..].iter().map(read).collect();
        let fresh_values: Vec<u64> = fresh_ptrs[n..].iter().map(read).collect();
        assert_eq!(values, fresh_values, "{}", p.name);
        assert_eq!(fresh_values, words, "{}", p.name);
        assert_eq!(values, prepared_words, "{}", p.name);
    }
}
