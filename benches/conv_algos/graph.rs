//! The graph API's path: each direction as a one-operation graph
//! ([`Graph::conv_fprop`], [`Graph::conv_dgrad`], [`Graph::conv_wgrad`])
//! built with the GPU's handle, its plans found as PyTorch's
//! `cudnn.benchmark` would ([`OperationGraph::plans`] with `benchmark`,
//! then [`Handle::autotune`]), and the plans launched with
//! [`Handle::execute`] and timed as the legacy path's algorithms are.
//!
//! The names follow the legacy path's so that `scripts/bench/join.py`
//! reads both: the heuristic's pick is the first plan that finalizes in
//! cuDNN's order (what `benchmark: false` returns), Find's pick is the
//! plan autotuning chose; "heuristic" search time is a plan search without
//! `benchmark`, "Find" time is the plan search with it plus the autotune.
//!
//! [`OperationGraph::plans`]: cudnn::graph::OperationGraph::plans
//! [`Handle::autotune`]: cudnn::Handle::autotune
//! [`Handle::execute`]: cudnn::Handle::execute

use std::collections::HashMap;
use std::time::Instant;

use criterion::Criterion;
use cudnn::cudarc::driver::CudaSlice;
use cudnn::graph::{
    ConvOptions, DeviceProperties, ExecutionPlan, Graph, HeuristicMode, OperationGraph, PlanCache,
    Settings as PlanSettings, Target, VariantPack,
};
use cudnn::sys::cudnnBackendNumericalNote_t as Note;
use cudnn::{Handle, Workspace};
use serde_json::{json, Value};

use crate::gpu::{fmt_ms, group, median, ms_since, summarize, Config, Elem, Gpu, Set, Timer};
use crate::setup::{Api, Dir, Layout, Precision, Settings};

/// The strides of `dims` (N, C, then the spatial dimensions) in `layout`:
/// packed NCHW, or channels last (NHWC; KRSC for a filter).
fn strides(dims: &[i64], layout: Layout) -> Vec<i64> {
    let mut s = vec![1i64; dims.len()];
    match layout {
        Layout::Nchw => {
            for i in (0..dims.len().saturating_sub(1)).rev() {
                s[i] = s[i + 1] * dims[i + 1];
            }
        }
        Layout::Nhwc => {
            let mut step = dims[1];
            for i in (2..dims.len()).rev() {
                s[i] = step;
                step *= dims[i];
            }
            s[0] = step;
        }
    }
    s
}

/// The graph of one direction of `cfg`'s convolution, and the uids of the
/// two tensors it reads and of the one it writes, in the order
/// [`pack`] binds them.
fn describe<T: Elem>(cfg: &Config<'_>, dir: Dir) -> cudnn::Result<(Graph, [i64; 3])> {
    let sh = cfg.shape;
    let dim = |v: usize| v as i64;
    let out = |size: usize, filter: usize| (size + 2 * sh.pad - filter) / sh.stride + 1;
    let x_dims = [dim(sh.n), dim(sh.c), dim(sh.h), dim(sh.w)];
    let w_dims = [dim(sh.k), dim(sh.c), dim(sh.r), dim(sh.s)];
    let y_dims = [
        dim(sh.n),
        dim(sh.k),
        dim(out(sh.h, sh.r)),
        dim(out(sh.w, sh.s)),
    ];
    let conv = ConvOptions::new(2)
        .padding(&[dim(sh.pad), dim(sh.pad)])
        .stride(&[dim(sh.stride), dim(sh.stride)]);
    let dt = T::CUDNN;
    let layout = cfg.layout;
    let mut g = Graph::new(&format!("conv_{}", dir.name()));
    let tensor = |g: &mut Graph, name: &str, dims: &[i64]| {
        g.tensor_with_strides(name, dims, &strides(dims, layout), dt)
    };
    let uids = match dir {
        Dir::Fwd => {
            let x = tensor(&mut g, "x", &x_dims)?;
            let w = tensor(&mut g, "w", &w_dims)?;
            let y = g.conv_fprop(x, w, &conv)?;
            g.set_output(y, dt)?;
            [x.uid(), w.uid(), y.uid()]
        }
        Dir::BwdData => {
            let dy = tensor(&mut g, "dy", &y_dims)?;
            let w = tensor(&mut g, "w", &w_dims)?;
            let dx = g.conv_dgrad(dy, w, &conv, &x_dims)?;
            g.set_output(dx, dt)?;
            [dy.uid(), w.uid(), dx.uid()]
        }
        Dir::BwdFilter => {
            let x = tensor(&mut g, "x", &x_dims)?;
            let dy = tensor(&mut g, "dy", &y_dims)?;
            let dw = g.conv_wgrad(x, dy, &conv, &w_dims)?;
            g.set_output(dw, dt)?;
            [x.uid(), dy.uid(), dw.uid()]
        }
    };
    Ok((g, uids))
}

/// The variant pack of one buffer set for direction `dir`: forward reads
/// `x` and `w` and writes `y`; backward data reads `y` (as `dy`) and `w`
/// and writes `dx`; backward filter reads `x` and `y` and writes `dw`.
fn pack<T: Elem>(dir: Dir, [a, b, out]: [i64; 3], set: &mut Set<T>) -> VariantPack<'_> {
    let Set { x, w, y, dx, dw } = set;
    let (x, w): (&CudaSlice<T>, &CudaSlice<T>) = (x, w);
    match dir {
        Dir::Fwd => VariantPack::new().input(a, x).input(b, w).output(out, y),
        Dir::BwdData => {
            let dy: &CudaSlice<T> = y;
            VariantPack::new().input(a, dy).input(b, w).output(out, dx)
        }
        Dir::BwdFilter => {
            let dy: &CudaSlice<T> = y;
            VariantPack::new().input(a, x).input(b, dy).output(out, dw)
        }
    }
}

/// Whether each engine (by global index) computes on tensor cores, from
/// the heuristics' notes; empty when they cannot be read.
fn tensor_core_engines(
    og: &OperationGraph,
    h: &Handle,
    settings: &PlanSettings,
) -> HashMap<i64, bool> {
    og.engine_configs(Target::Handle(h), HeuristicMode::A, &settings.filter())
        .map(|configs| {
            configs
                .iter()
                .map(|c| {
                    let tc = c.numerical_notes().contains(&Note::TENSOR_CORE);
                    (c.global_index(), tc)
                })
                .collect()
        })
        .unwrap_or_default()
}

/// Microseconds of a plan-cache hit for `og` on this GPU (its device
/// properties; cuDNN 9.8 and later), or `None` when the cache cannot hold
/// its plan.
fn cache_hit_us(og: &OperationGraph, h: &Handle, settings: &PlanSettings) -> Option<f64> {
    let device = DeviceProperties::from_handle(h).ok()?;
    let mut cache = PlanCache::new(1).ok()?;
    cache.get_or_build(og, &device, settings).ok()?;
    let mut times = Vec::new();
    for _ in 0..20 {
        let t = Instant::now();
        cache.get_or_build(og, &device, settings).ok()?;
        times.push(ms_since(t) * 1e3);
    }
    median(times)
}

/// Builds, plans, autotunes, then times the plans of one direction on the
/// graph API; the result is this direction's JSON record (`"path":
/// "graph"`). TF32 is allowed for every precision but plain fp32.
pub(crate) fn bench_direction<T: Elem>(
    gpu: &Gpu,
    crit: Option<&mut Criterion>,
    st: &Settings,
    cfg: &Config<'_>,
    dir: Dir,
    sets: &mut [Set<T>],
    ws: &mut Workspace,
) -> Value {
    let h = &gpu.handle;
    let mut record = cfg.record(dir, Api::Graph);
    let group_name = cfg.group_name(dir, Api::Graph);
    let tf32 = cfg.precision != Precision::Fp32;
    let heuristic = PlanSettings {
        allow_tf32: tf32,
        ..PlanSettings::default()
    };
    let benchmark = PlanSettings {
        benchmark: true,
        benchmark_limit: st.graph_limit,
        ..heuristic.clone()
    };
    let fail = |mut record: Value, what: &str, e: cudnn::Error| {
        println!("   {what} failed: {e}");
        record["error"] = json!(format!("{what}: {e}"));
        record
    };

    // The graph: described, then built with the handle.
    let t = Instant::now();
    let built = describe::<T>(cfg, dir)
        .and_then(|(g, uids)| g.build_with(h.library(), Some(h)).map(|og| (og, uids)));
    let build_ms = ms_since(t);
    let (og, uids) = match built {
        Ok(b) => b,
        Err(e) => return fail(record, "graph build", e),
    };

    // The heuristic's plan: the first that finalizes, three times (the
    // first also compiles or loads kernels).
    let mut heuristic_times = Vec::new();
    for _ in 0..3 {
        let t = Instant::now();
        match og.plans(Target::Handle(h), &heuristic) {
            Ok(_) => heuristic_times.push(ms_since(t)),
            Err(e) => return fail(record, "heuristic plan search", e),
        }
    }
    let heuristic_first_ms = heuristic_times.first().copied();
    let heuristic_ms = median(heuristic_times.split_off(1));
    let cache_hit = cache_hit_us(&og, h, &heuristic);
    let tensor_cores = tensor_core_engines(&og, h, &heuristic);

    let mut packs: Vec<VariantPack<'_>> = sets.iter_mut().map(|s| pack(dir, uids, s)).collect();
    // Find: up to `graph_limit` plans, each timed on the GPU.
    let runs = if st.run.quick { 3 } else { 10 };
    let t = Instant::now();
    let plans = og.plans(Target::Handle(h), &benchmark);
    let plans_ms = ms_since(t);
    let (plans, find) = match plans {
        Ok(plans) => {
            let t = Instant::now();
            let tuned = h
                .autotune(&plans, runs, ws, &mut packs[0])
                .and_then(|r| gpu.stream.synchronize().map(|()| r).map_err(Into::into));
            let autotune_ms = ms_since(t);
            (plans, tuned.map(|(i, ms)| (i, ms, autotune_ms)))
        }
        Err(e) => {
            // Time the heuristic's plan alone.
            match og.plans(Target::Handle(h), &heuristic) {
                Ok(p) => (p, Err(e)),
                Err(e) => return fail(record, "heuristic plan search", e),
            }
        }
    };
    let find_pick = find.as_ref().ok().map(|(i, _, _)| *i);
    let engine = |p: &ExecutionPlan| p.engine_index().unwrap_or(-1);
    record["search"] = json!({
        "build_ms": build_ms,
        "heuristic_ms": heuristic_ms,
        "heuristic_first_ms": heuristic_first_ms,
        "find_ms": find.as_ref().ok().map(|(_, _, tune)| plans_ms + tune),
        "plans_ms": plans_ms,
        "plans": plans.len(),
        "benchmark_limit": st.graph_limit,
        "autotune_runs": runs,
        "autotune_ms": find.as_ref().ok().map(|(_, _, tune)| tune),
        "find_pick_autotune_ms": find.as_ref().ok().map(|(_, ms, _)| ms),
        "cache_hit_us": cache_hit,
        "heuristic_pick": plans.first().map(|p| format!("engine{}", engine(p))),
        "find_pick": find_pick.and_then(|i| plans.get(i)).map(|p| format!("engine{}", engine(p))),
        "find_error": find.as_ref().err().map(|e| format!("{e}")),
    });

    // What to time: every plan, or only the two picks.
    let chosen: Vec<usize> = (0..plans.len())
        .filter(|&i| st.all_algos || i == 0 || Some(i) == find_pick)
        .collect();
    let mut group = group(crit, &group_name, st, cfg.flops);
    let mut timer = Timer {
        gpu,
        sample_size: st.run.sample_size,
        flops: cfg.flops,
        sets: packs.len(),
        next: 0,
    };
    let mut algos = Vec::new();
    for i in chosen {
        let plan = &plans[i];
        let id = engine(plan);
        let name = format!("engine{id}");
        let math = match tensor_cores.get(&id) {
            Some(true) => "TENSOR_CORE",
            Some(false) => "DEFAULT",
            None => "-",
        };
        let mut a = json!({
            "algo": name,
            "algo_id": id,
            "plan": i,
            "math": math,
            "workspace_bytes": plan.workspace_size(),
            "heuristic_rank": i,
            "heuristic_pick": i == 0,
            "find_pick": Some(i) == find_pick,
        });
        // One launch first: a plan that fails is reported, not timed.
        let trial = h
            .execute(plan, &mut packs[0], ws)
            .and_then(|()| gpu.stream.synchronize().map_err(Into::into));
        if let Err(err) = trial {
            println!("   {name} (plan {i}): launch failed: {err}");
            a["error"] = json!(format!("{err}"));
            algos.push(a);
            continue;
        }
        let Some(g) = group.as_mut() else {
            a["launched"] = json!(true);
            algos.push(a);
            continue;
        };
        timer.time(
            g,
            format!("{name}#{i}+{math}"),
            &mut |k| h.execute(plan, &mut packs[k], ws),
            &mut a,
        );
        algos.push(a);
    }
    if let Some(g) = group {
        g.finish();
    }

    println!(
        "   search: build {}, heuristic plan {} (first call {}), {} plan(s) {} + autotune {}, \
         cache hit {}",
        fmt_ms(Some(build_ms)),
        fmt_ms(heuristic_ms),
        fmt_ms(heuristic_first_ms),
        plans.len(),
        fmt_ms(Some(plans_ms)),
        fmt_ms(record["search"]["autotune_ms"].as_f64()),
        cache_hit.map_or_else(|| "-".to_owned(), |v| format!("{v:.1} us"))
    );
    if let Err(e) = &find {
        println!("   plan search with benchmark failed: {e}");
    }
    summarize(&mut record, algos);
    record
}
