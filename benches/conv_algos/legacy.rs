//! The legacy API's path: cuDNN's heuristic and Find for each direction,
//! and every algorithm launched with `cudnnConvolution*` and timed.

use std::time::Instant;

use criterion::Criterion;
use cudnn::conv::{BwdDataAlgo, BwdFilterAlgo, FwdAlgo, SearchMode};
use cudnn::conv::{ConvBackwardDataArgs, ConvBackwardFilterArgs, ConvForwardArgs};
use cudnn::{
    AlgoCache, AlgoChoice, ComputeType, ComputesIn, ConvProblem, Handle, Scaling, SearchOptions,
    Workspace,
};
use serde_json::{json, Value};

use crate::gpu::{fmt_ms, group, median, ms_since, summarize, Config, Elem, Gpu, Set, Timer};
use crate::setup::{math_name, reduced_arithmetic, Api, Dir, Precision, Settings};

/// One direction's search, candidates and launch.
pub(crate) trait Direction {
    type Algo: Copy + PartialEq + std::fmt::Debug;
    const DIR: Dir;
    fn id(a: Self::Algo) -> u32;
    fn candidates<T: Elem + ComputesIn<C>, C: ComputeType>(
        h: &Handle,
        p: &ConvProblem<T, C>,
        o: &SearchOptions,
    ) -> cudnn::Result<Vec<AlgoChoice<Self::Algo>>>;
    fn find<T: Elem + ComputesIn<C>, C: ComputeType>(
        h: &Handle,
        p: &ConvProblem<T, C>,
        o: &SearchOptions,
        cache: &AlgoCache,
        ws: &mut Workspace,
        s: &mut Set<T>,
    ) -> cudnn::Result<AlgoChoice<Self::Algo>>;
    fn launch<T: Elem + ComputesIn<C>, C: ComputeType>(
        h: &Handle,
        p: &ConvProblem<T, C>,
        a: &AlgoChoice<Self::Algo>,
        ws: &mut Workspace,
        s: &mut Set<T>,
    ) -> cudnn::Result<()>;
}

pub(crate) struct Fwd;
impl Direction for Fwd {
    type Algo = FwdAlgo;
    const DIR: Dir = Dir::Fwd;
    fn id(a: FwdAlgo) -> u32 {
        a.0
    }
    fn candidates<T: Elem + ComputesIn<C>, C: ComputeType>(
        h: &Handle,
        p: &ConvProblem<T, C>,
        o: &SearchOptions,
    ) -> cudnn::Result<Vec<AlgoChoice<FwdAlgo>>> {
        h.forward_candidates(p, o)
    }
    fn find<T: Elem + ComputesIn<C>, C: ComputeType>(
        h: &Handle,
        p: &ConvProblem<T, C>,
        o: &SearchOptions,
        cache: &AlgoCache,
        ws: &mut Workspace,
        s: &mut Set<T>,
    ) -> cudnn::Result<AlgoChoice<FwdAlgo>> {
        h.find_forward(
            p,
            o,
            Some(cache),
            ws,
            &mut ConvForwardArgs {
                x: &s.x,
                w: &s.w,
                y: &mut s.y,
            },
        )
    }
    fn launch<T: Elem + ComputesIn<C>, C: ComputeType>(
        h: &Handle,
        p: &ConvProblem<T, C>,
        a: &AlgoChoice<FwdAlgo>,
        ws: &mut Workspace,
        s: &mut Set<T>,
    ) -> cudnn::Result<()> {
        h.convolution_forward(
            p,
            a,
            ws,
            ConvForwardArgs {
                x: &s.x,
                w: &s.w,
                y: &mut s.y,
            },
            Scaling::default(),
        )
    }
}

pub(crate) struct BwdData;
impl Direction for BwdData {
    type Algo = BwdDataAlgo;
    const DIR: Dir = Dir::BwdData;
    fn id(a: BwdDataAlgo) -> u32 {
        a.0
    }
    fn candidates<T: Elem + ComputesIn<C>, C: ComputeType>(
        h: &Handle,
        p: &ConvProblem<T, C>,
        o: &SearchOptions,
    ) -> cudnn::Result<Vec<AlgoChoice<BwdDataAlgo>>> {
        h.backward_data_candidates(p, o)
    }
    fn find<T: Elem + ComputesIn<C>, C: ComputeType>(
        h: &Handle,
        p: &ConvProblem<T, C>,
        o: &SearchOptions,
        cache: &AlgoCache,
        ws: &mut Workspace,
        s: &mut Set<T>,
    ) -> cudnn::Result<AlgoChoice<BwdDataAlgo>> {
        h.find_backward_data(
            p,
            o,
            Some(cache),
            ws,
            &mut ConvBackwardDataArgs {
                w: &s.w,
                dy: &s.y,
                dx: &mut s.dx,
            },
        )
    }
    fn launch<T: Elem + ComputesIn<C>, C: ComputeType>(
        h: &Handle,
        p: &ConvProblem<T, C>,
        a: &AlgoChoice<BwdDataAlgo>,
        ws: &mut Workspace,
        s: &mut Set<T>,
    ) -> cudnn::Result<()> {
        h.convolution_backward_data(
            p,
            a,
            ws,
            ConvBackwardDataArgs {
                w: &s.w,
                dy: &s.y,
                dx: &mut s.dx,
            },
            Scaling::default(),
        )
    }
}

pub(crate) struct BwdFilter;
impl Direction for BwdFilter {
    type Algo = BwdFilterAlgo;
    const DIR: Dir = Dir::BwdFilter;
    fn id(a: BwdFilterAlgo) -> u32 {
        a.0
    }
    fn candidates<T: Elem + ComputesIn<C>, C: ComputeType>(
        h: &Handle,
        p: &ConvProblem<T, C>,
        o: &SearchOptions,
    ) -> cudnn::Result<Vec<AlgoChoice<BwdFilterAlgo>>> {
        h.backward_filter_candidates(p, o)
    }
    fn find<T: Elem + ComputesIn<C>, C: ComputeType>(
        h: &Handle,
        p: &ConvProblem<T, C>,
        o: &SearchOptions,
        cache: &AlgoCache,
        ws: &mut Workspace,
        s: &mut Set<T>,
    ) -> cudnn::Result<AlgoChoice<BwdFilterAlgo>> {
        h.find_backward_filter(
            p,
            o,
            Some(cache),
            ws,
            &mut ConvBackwardFilterArgs {
                x: &s.x,
                dy: &s.y,
                dw: &mut s.dw,
            },
        )
    }
    fn launch<T: Elem + ComputesIn<C>, C: ComputeType>(
        h: &Handle,
        p: &ConvProblem<T, C>,
        a: &AlgoChoice<BwdFilterAlgo>,
        ws: &mut Workspace,
        s: &mut Set<T>,
    ) -> cudnn::Result<()> {
        h.convolution_backward_filter(
            p,
            a,
            ws,
            ConvBackwardFilterArgs {
                x: &s.x,
                dy: &s.y,
                dw: &mut s.dw,
            },
            Scaling::default(),
        )
    }
}

/// An algorithm to time, and why.
struct Entry<A> {
    choice: AlgoChoice<A>,
    heuristic_rank: Option<usize>,
    heuristic_pick: bool,
    find_pick: bool,
}

/// Searches, then times every algorithm of one direction; the result is
/// this direction's JSON record. TF32 is allowed for every precision but
/// plain fp32.
pub(crate) fn bench_direction<D: Direction, T: Elem + ComputesIn<C>, C: ComputeType>(
    gpu: &Gpu,
    crit: Option<&mut Criterion>,
    st: &Settings,
    cfg: &Config<'_>,
    p: &ConvProblem<T, C>,
    sets: &mut [Set<T>],
    ws: &mut Workspace,
) -> Value {
    let tf32 = cfg.precision != Precision::Fp32;
    let dir = D::DIR;
    let h = &gpu.handle;
    let mut record = cfg.record(dir, Api::Legacy);
    let heuristic = SearchOptions {
        mode: SearchMode::Heuristic,
        allow_tf32: tf32,
        ..SearchOptions::default()
    };
    let benchmark = SearchOptions {
        mode: SearchMode::Benchmark,
        ..heuristic.clone()
    };
    let group_name = cfg.group_name(dir, Api::Legacy);

    // The heuristic: no GPU work, a fresh cache each time.
    let mut heuristic_times = Vec::new();
    let mut heuristic_pick = None;
    let hit_cache = AlgoCache::new();
    for i in 0..3 {
        let cache = if i == 2 {
            &hit_cache
        } else {
            &AlgoCache::new()
        };
        let t = Instant::now();
        match D::find(h, p, &heuristic, cache, ws, &mut sets[0]) {
            Ok(c) => {
                heuristic_times.push(ms_since(t));
                heuristic_pick = Some(c);
            }
            Err(e) => {
                println!("   heuristic search failed: {e}");
                record["error"] = json!(format!("heuristic search: {e}"));
                return record;
            }
        }
    }
    let heuristic_pick = heuristic_pick.expect("three searches succeeded");
    // A hit in the cache (which still asks cuDNN for the workspace size).
    let mut hit_times = Vec::new();
    for _ in 0..20 {
        let t = Instant::now();
        if D::find(h, p, &heuristic, &hit_cache, ws, &mut sets[0]).is_ok() {
            hit_times.push(ms_since(t) * 1e3);
        }
    }
    // Find: cuDNN runs every candidate. The first call also loads kernels.
    let mut find_times = Vec::new();
    let mut find_pick = None;
    let mut find_error = None;
    for _ in 0..if st.run.quick { 1 } else { 2 } {
        let t = Instant::now();
        let r = D::find(h, p, &benchmark, &AlgoCache::new(), ws, &mut sets[0]);
        let sync = gpu.stream.synchronize();
        match (r, sync) {
            (Ok(c), Ok(())) => {
                find_times.push(ms_since(t));
                find_pick = Some(c);
            }
            (Err(e), _) => {
                find_error = Some(format!("{e}"));
                break;
            }
            (_, Err(e)) => {
                find_error = Some(format!("{e}"));
                break;
            }
        }
    }
    let heuristic_ms = median(heuristic_times);
    let find_ms = find_times.last().copied();
    record["search"] = json!({
        "heuristic_ms": heuristic_ms,
        "find_ms": find_ms,
        "find_first_ms": find_times.first(),
        "cache_hit_us": median(hit_times),
        "heuristic_pick": dir.algo_name(D::id(heuristic_pick.algo())),
        "heuristic_pick_math": math_name(heuristic_pick.math_type()),
        "find_pick": find_pick.map(|c| dir.algo_name(D::id(c.algo()))),
        "find_pick_math": find_pick.map(|c| math_name(c.math_type())),
        "find_pick_cudnn_ms": find_pick.and_then(|c| c.time_ms()),
        "find_error": find_error,
    });

    // What to time: every candidate, or only the two picks.
    let candidates = match D::candidates(h, p, &heuristic) {
        Ok(c) => c,
        Err(e) => {
            record["candidates_error"] = json!(format!("{e}"));
            Vec::new()
        }
    };
    let same = |a: &AlgoChoice<D::Algo>, b: &AlgoChoice<D::Algo>| {
        a.algo() == b.algo() && a.math_type() == b.math_type()
    };
    let mut entries: Vec<Entry<D::Algo>> = Vec::new();
    let mut add = |choice: AlgoChoice<D::Algo>, rank: Option<usize>| {
        if !entries.iter().any(|e| same(&e.choice, &choice)) {
            entries.push(Entry {
                choice,
                heuristic_rank: rank,
                heuristic_pick: same(&choice, &heuristic_pick),
                find_pick: find_pick.is_some_and(|f| same(&choice, &f)),
            });
        }
    };
    if st.all_algos {
        for (i, c) in candidates.iter().enumerate() {
            add(*c, Some(i));
        }
    }
    let rank_of = |c: &AlgoChoice<D::Algo>| candidates.iter().position(|x| same(x, c));
    add(heuristic_pick, rank_of(&heuristic_pick));
    if let Some(f) = find_pick {
        add(f, rank_of(&f));
    }

    let mut group = group(crit, &group_name, st, cfg.flops);
    let mut timer = Timer {
        gpu,
        sample_size: st.run.sample_size,
        flops: cfg.flops,
        sets: sets.len(),
        next: 0,
    };
    let mut algos = Vec::new();
    for e in &entries {
        let name = dir.algo_name(D::id(e.choice.algo()));
        let math = math_name(e.choice.math_type());
        let mut a = json!({
            "algo": name,
            "algo_id": D::id(e.choice.algo()),
            "math": math,
            "workspace_bytes": e.choice.workspace(),
            "heuristic_rank": e.heuristic_rank,
            "heuristic_pick": e.heuristic_pick,
            "find_pick": e.find_pick,
            "reduced_arithmetic": reduced_arithmetic(&name),
            "deterministic": e.choice.is_deterministic(),
        });
        // One launch first: an algorithm that fails is reported, not timed.
        let trial = D::launch(h, p, &e.choice, ws, &mut sets[0])
            .and_then(|()| gpu.stream.synchronize().map_err(Into::into));
        if let Err(err) = trial {
            println!("   {name} ({math}): launch failed: {err}");
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
            format!("{name}+{math}"),
            &mut |i| D::launch(h, p, &e.choice, ws, &mut sets[i]),
            &mut a,
        );
        algos.push(a);
    }
    if let Some(g) = group {
        g.finish();
    }

    println!(
        "   search: heuristic {}, Find {} (first call {}), cache hit {}",
        fmt_ms(heuristic_ms),
        fmt_ms(find_ms),
        fmt_ms(find_times.first().copied()),
        record["search"]["cache_hit_us"]
            .as_f64()
            .map_or_else(|| "-".to_owned(), |v| format!("{v:.1} us"))
    );
    summarize(&mut record, algos);
    record
}
