//! Choosing convolution algorithms: a choice with its workspace, cuDNN's
//! heuristic candidates, and the searches through the [`AlgoCache`]
//! (heuristic or benchmark).

use cudnn_sys as sys;

use super::algo_cache::{
    AlgoCache, AlgoKey, CachedAlgo, DeviceKey, Direction, SearchMode, SearchOptions,
};
use super::conv_args::{ConvBackwardDataArgs, ConvBackwardFilterArgs, ConvForwardArgs};
use super::conv_problem::ConvProblem;
use super::{BwdDataAlgo, BwdFilterAlgo, FwdAlgo};
use crate::core::dtype::{ComputeType, ComputesIn, DataType};
#[cfg(doc)]
use crate::core::error::Mismatch;
use crate::core::error::{Error, Result};
use crate::core::handle::Handle;
use crate::core::launch::{Ptr, WorkspaceSize};
use crate::core::library::{ffi, Library};
use crate::core::modes::MathType;
use crate::core::workspace::Workspace;

/// An algorithm chosen for one problem and direction, with the math type
/// and workspace it runs with. Made only where cuDNN is asked for the
/// workspace: by cuDNN's heuristic ([`Handle::forward_candidates`] and
/// friends), by a search ([`Handle::find_forward`] and friends), or for an
/// algorithm the caller names ([`Handle::forward_algo`] and friends). A
/// launch asks again when the choice was made for another problem, in
/// another CUDA context or with another loaded cuDNN.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AlgoChoice<A> {
    pub(super) algo: A,
    pub(super) math_type: MathType,
    // The workspace and where it was asked; a launch elsewhere asks again.
    pub(super) workspace: WorkspaceSize,
    time_ms: Option<f32>,
    deterministic: bool,
}

impl<A: Copy> AlgoChoice<A> {
    /// The algorithm.
    pub fn algo(&self) -> A {
        self.algo
    }
    /// The math type it runs with.
    pub fn math_type(&self) -> MathType {
        self.math_type
    }
    /// Workspace bytes it needs.
    pub fn workspace(&self) -> usize {
        self.workspace.bytes()
    }
    /// Its time in milliseconds, when it was benchmarked.
    pub fn time_ms(&self) -> Option<f32> {
        self.time_ms
    }
    /// Whether cuDNN reports it deterministic.
    pub fn is_deterministic(&self) -> bool {
        self.deterministic
    }
}

/// One of cuDNN's perf results, unpacked: algorithm, status, time,
/// memory, deterministic, math type.
type PerfTuple<A> = (A, sys::cudnnStatus_t, f32, usize, bool, MathType);

/// What every direction differs in (its types, and the descriptor order of
/// its queries), so that the search and launch code is written once.
pub(super) trait Dir {
    type Algo: Copy + PartialEq + std::fmt::Debug;
    type Perf: Copy + Default;
    const DIRECTION: Direction;
    /// The workspace-size query.
    const WORKSPACE: &'static str;
    /// The heuristic.
    const HEURISTIC: &'static str;
    /// The benchmark.
    const FIND: &'static str;
    fn algo_from_raw(raw: i32) -> Self::Algo;
    fn algo_raw(a: Self::Algo) -> i32;
    fn perf(p: &Self::Perf) -> PerfTuple<Self::Algo>;
    /// cuDNN's workspace size for `algo` through `lib` and its handle
    /// `h` (the caller has checked the descriptors' library, applied the
    /// math type and bound the context).
    fn workspace_size<T: ComputesIn<C>, C: ComputeType>(
        lib: &Library,
        h: sys::cudnnHandle_t,
        p: &ConvProblem<T, C>,
        algo: Self::Algo,
    ) -> Result<usize>;
    /// cuDNN's heuristic: up to `cap` results into `out`, their number
    /// into `n` (preconditions as [`workspace_size`](Self::workspace_size)).
    fn heuristic<T: ComputesIn<C>, C: ComputeType>(
        h: &Handle,
        p: &ConvProblem<T, C>,
        cap: i32,
        n: &mut i32,
        out: *mut Self::Perf,
    ) -> Result<()>;
}

/// The perf accessors of a direction (the same fields in each perf type);
/// `$algo` is the algorithm's `sys` type.
macro_rules! perf_fns {
    ($algo:ident) => {
        fn algo_from_raw(raw: i32) -> Self::Algo {
            sys::$algo(raw as _)
        }
        fn algo_raw(a: Self::Algo) -> i32 {
            a.0 as i32
        }
        fn perf(p: &Self::Perf) -> PerfTuple<Self::Algo> {
            (
                p.algo,
                p.status,
                p.time,
                p.memory,
                p.determinism == sys::cudnnDeterminism_t::DETERMINISTIC,
                p.mathType,
            )
        }
    };
}

/// The forward direction.
pub(super) struct Fwd;
/// The backward-data direction.
pub(super) struct BwdData;
/// The backward-filter direction.
pub(super) struct BwdFilter;

impl Dir for Fwd {
    type Algo = FwdAlgo;
    type Perf = sys::cudnnConvolutionFwdAlgoPerf_t;
    const DIRECTION: Direction = Direction::Forward;
    const WORKSPACE: &'static str = "cudnnGetConvolutionForwardWorkspaceSize";
    const HEURISTIC: &'static str = "cudnnGetConvolutionForwardAlgorithm_v7";
    const FIND: &'static str = "cudnnFindConvolutionForwardAlgorithmEx";
    perf_fns!(cudnnConvolutionFwdAlgo_t);

    fn workspace_size<T: ComputesIn<C>, C: ComputeType>(
        lib: &Library,
        h: sys::cudnnHandle_t,
        p: &ConvProblem<T, C>,
        algo: FwdAlgo,
    ) -> Result<usize> {
        let get = ffi!(lib, cudnnGetConvolutionForwardWorkspaceSize);
        let mut size = 0usize;
        // SAFETY: the handle and all descriptors are live and of one
        // library; `size` is a valid out-pointer.
        let status = unsafe {
            (get.f)(
                h,
                p.x.as_raw(),
                p.w.as_raw(),
                p.conv.as_raw(),
                p.y.as_raw(),
                algo,
                &mut size,
            )
        };
        get.check(status)?;
        Ok(size)
    }

    fn heuristic<T: ComputesIn<C>, C: ComputeType>(
        h: &Handle,
        p: &ConvProblem<T, C>,
        cap: i32,
        n: &mut i32,
        out: *mut Self::Perf,
    ) -> Result<()> {
        let get = ffi!(h.library(), cudnnGetConvolutionForwardAlgorithm_v7);
        // SAFETY: descriptors are live and of the handle's library; `out`
        // has room for `cap` results.
        let status = unsafe {
            (get.f)(
                h.as_raw(),
                p.x.as_raw(),
                p.w.as_raw(),
                p.conv.as_raw(),
                p.y.as_raw(),
                cap,
                n,
                out,
            )
        };
        get.check(status)
    }
}

impl Dir for BwdData {
    type Algo = BwdDataAlgo;
    type Perf = sys::cudnnConvolutionBwdDataAlgoPerf_t;
    const DIRECTION: Direction = Direction::BackwardData;
    const WORKSPACE: &'static str = "cudnnGetConvolutionBackwardDataWorkspaceSize";
    const HEURISTIC: &'static str = "cudnnGetConvolutionBackwardDataAlgorithm_v7";
    const FIND: &'static str = "cudnnFindConvolutionBackwardDataAlgorithmEx";
    perf_fns!(cudnnConvolutionBwdDataAlgo_t);

    fn workspace_size<T: ComputesIn<C>, C: ComputeType>(
        lib: &Library,
        h: sys::cudnnHandle_t,
        p: &ConvProblem<T, C>,
        algo: BwdDataAlgo,
    ) -> Result<usize> {
        let get = ffi!(lib, cudnnGetConvolutionBackwardDataWorkspaceSize);
        let mut size = 0usize;
        // SAFETY: as in the forward direction.
        let status = unsafe {
            (get.f)(
                h,
                p.w.as_raw(),
                p.y.as_raw(),
                p.conv.as_raw(),
                p.x.as_raw(),
                algo,
                &mut size,
            )
        };
        get.check(status)?;
        Ok(size)
    }

    fn heuristic<T: ComputesIn<C>, C: ComputeType>(
        h: &Handle,
        p: &ConvProblem<T, C>,
        cap: i32,
        n: &mut i32,
        out: *mut Self::Perf,
    ) -> Result<()> {
        let get = ffi!(h.library(), cudnnGetConvolutionBackwardDataAlgorithm_v7);
        // SAFETY: as in the forward direction.
        let status = unsafe {
            (get.f)(
                h.as_raw(),
                p.w.as_raw(),
                p.y.as_raw(),
                p.conv.as_raw(),
                p.x.as_raw(),
                cap,
                n,
                out,
            )
        };
        get.check(status)
    }
}

impl Dir for BwdFilter {
    type Algo = BwdFilterAlgo;
    type Perf = sys::cudnnConvolutionBwdFilterAlgoPerf_t;
    const DIRECTION: Direction = Direction::BackwardFilter;
    const WORKSPACE: &'static str = "cudnnGetConvolutionBackwardFilterWorkspaceSize";
    const HEURISTIC: &'static str = "cudnnGetConvolutionBackwardFilterAlgorithm_v7";
    const FIND: &'static str = "cudnnFindConvolutionBackwardFilterAlgorithmEx";
    perf_fns!(cudnnConvolutionBwdFilterAlgo_t);

    fn workspace_size<T: ComputesIn<C>, C: ComputeType>(
        lib: &Library,
        h: sys::cudnnHandle_t,
        p: &ConvProblem<T, C>,
        algo: BwdFilterAlgo,
    ) -> Result<usize> {
        let get = ffi!(lib, cudnnGetConvolutionBackwardFilterWorkspaceSize);
        let mut size = 0usize;
        // SAFETY: as in the forward direction.
        let status = unsafe {
            (get.f)(
                h,
                p.x.as_raw(),
                p.y.as_raw(),
                p.conv.as_raw(),
                p.w.as_raw(),
                algo,
                &mut size,
            )
        };
        get.check(status)?;
        Ok(size)
    }

    fn heuristic<T: ComputesIn<C>, C: ComputeType>(
        h: &Handle,
        p: &ConvProblem<T, C>,
        cap: i32,
        n: &mut i32,
        out: *mut Self::Perf,
    ) -> Result<()> {
        let get = ffi!(h.library(), cudnnGetConvolutionBackwardFilterAlgorithm_v7);
        // SAFETY: as in the forward direction.
        let status = unsafe {
            (get.f)(
                h.as_raw(),
                p.x.as_raw(),
                p.y.as_raw(),
                p.conv.as_raw(),
                p.w.as_raw(),
                cap,
                n,
                out,
            )
        };
        get.check(status)
    }
}

/// An allowed perf result: algorithm, math type, memory, time,
/// deterministic.
type Usable<A> = (A, MathType, usize, f32, bool);

/// Keeps the perf results cuDNN's search returned that `options` allow, in
/// cuDNN's order (fastest or most promising first).
fn usable<D: Dir, T: DataType>(
    results: &[D::Perf],
    options: &SearchOptions,
) -> Vec<Usable<D::Algo>> {
    results
        .iter()
        .map(D::perf)
        .filter(|&(_, status, _, memory, deterministic, math)| {
            status.0 == 0
                && (!options.deterministic || deterministic)
                && options.workspace_limit.is_none_or(|l| memory <= l)
                && (options.allow_down_conversion
                    || math != MathType::TENSOR_OP_MATH_ALLOW_CONVERSION)
                && (options.allow_tf32
                    || T::CUDNN != sys::cudnnDataType_t::FLOAT
                    || math == MathType::FMA_MATH)
        })
        .map(|(a, _, time, memory, det, math)| (a, math, memory, time, det))
        .collect()
}

/// The math type a search starts from: FMA for f32 without TF32, tensor
/// cores otherwise (with down-conversion when allowed).
fn search_math_type<T: DataType>(options: &SearchOptions) -> MathType {
    if T::CUDNN == sys::cudnnDataType_t::FLOAT && !options.allow_tf32 {
        MathType::FMA_MATH
    } else if options.allow_down_conversion {
        MathType::TENSOR_OP_MATH_ALLOW_CONVERSION
    } else {
        MathType::DEFAULT_MATH
    }
}

/// The device part of cache keys for `handle`'s stream.
fn device_key(handle: &Handle, function: &'static str) -> Result<DeviceKey> {
    let stream = handle.launch_stream(function)?;
    let ctx = stream.context();
    Ok(DeviceKey {
        ordinal: ctx.ordinal(),
        name: ctx.name()?,
        compute_capability: ctx.compute_capability()?,
    })
}

/// Runs one of cuDNN's algorithm queries through `query` (which gets room
/// for 16 results and a count to fill) and returns the results it wrote.
fn perf_results<P: Copy + Default>(
    query: impl FnOnce(i32, &mut i32, *mut P) -> Result<()>,
) -> Result<Vec<P>> {
    let mut perf = vec![P::default(); 16];
    let mut n = 0i32;
    query(perf.len() as i32, &mut n, perf.as_mut_ptr())?;
    perf.truncate(n.clamp(0, 16) as usize);
    Ok(perf)
}

/// The buffers a benchmark runs on, checked and with their pointers
/// taken: the two inputs and the output, in the direction's order.
type BenchBuffers<'a> = (Ptr<'a>, Ptr<'a>, Ptr<'a>);

/// Room for a query's results: its capacity, the count to fill, the
/// results.
type PerfOut<'n, P> = (i32, &'n mut i32, *mut P);

impl Handle {
    /// The workspace `algo` needs for `p` in direction `D` with math type
    /// `math`, asked of cuDNN.
    pub(super) fn conv_workspace<D: Dir, T: ComputesIn<C>, C: ComputeType>(
        &self,
        p: &ConvProblem<T, C>,
        algo: D::Algo,
        math: MathType,
    ) -> Result<usize> {
        p.check_library(self.library(), D::WORKSPACE)?;
        p.conv.write_math_type(math)?;
        self.bind_context()?;
        D::workspace_size(self.library(), self.as_raw(), p, algo)
    }

    /// A choice of `algo` with `math` for `p` in direction `D`, its
    /// workspace asked of cuDNN.
    fn algo_choice<D: Dir, T: ComputesIn<C>, C: ComputeType>(
        &self,
        p: &ConvProblem<T, C>,
        algo: D::Algo,
        math: MathType,
    ) -> Result<AlgoChoice<D::Algo>> {
        let workspace = self.conv_workspace::<D, T, C>(p, algo, math)?;
        Ok(AlgoChoice {
            algo,
            math_type: math,
            workspace: WorkspaceSize::asked(workspace, p.id, self),
            time_ms: None,
            deterministic: false,
        })
    }

    /// A forward choice of `algo` with `math` for `p`, its workspace asked
    /// of cuDNN: how to run an algorithm known in advance (the heuristic's
    /// and the searches' choices come from
    /// [`forward_candidates`](Self::forward_candidates) and
    /// [`find_forward`](Self::find_forward)).
    ///
    /// # Errors
    /// [`Mismatch::OtherLibrary`] for a problem of another loaded cuDNN;
    /// cuDNN's error when the algorithm does not support the problem.
    #[doc(alias = "cudnnGetConvolutionForwardWorkspaceSize")]
    pub fn forward_algo<T: ComputesIn<C>, C: ComputeType>(
        &self,
        p: &ConvProblem<T, C>,
        algo: FwdAlgo,
        math: MathType,
    ) -> Result<AlgoChoice<FwdAlgo>> {
        self.algo_choice::<Fwd, T, C>(p, algo, math)
    }

    /// A backward-data choice of `algo` with `math` for `p`.
    ///
    /// # Errors
    /// As [`forward_algo`](Self::forward_algo).
    #[doc(alias = "cudnnGetConvolutionBackwardDataWorkspaceSize")]
    pub fn backward_data_algo<T: ComputesIn<C>, C: ComputeType>(
        &self,
        p: &ConvProblem<T, C>,
        algo: BwdDataAlgo,
        math: MathType,
    ) -> Result<AlgoChoice<BwdDataAlgo>> {
        self.algo_choice::<BwdData, T, C>(p, algo, math)
    }

    /// A backward-filter choice of `algo` with `math` for `p`.
    ///
    /// # Errors
    /// As [`forward_algo`](Self::forward_algo).
    #[doc(alias = "cudnnGetConvolutionBackwardFilterWorkspaceSize")]
    pub fn backward_filter_algo<T: ComputesIn<C>, C: ComputeType>(
        &self,
        p: &ConvProblem<T, C>,
        algo: BwdFilterAlgo,
        math: MathType,
    ) -> Result<AlgoChoice<BwdFilterAlgo>> {
        self.algo_choice::<BwdFilter, T, C>(p, algo, math)
    }

    /// The heuristic's allowed answers for direction `D`, best first, each
    /// made into a choice (its workspace asked of cuDNN), within the
    /// workspace limit.
    fn candidates<D: Dir, T: ComputesIn<C>, C: ComputeType>(
        &self,
        p: &ConvProblem<T, C>,
        options: &SearchOptions,
    ) -> Result<Vec<AlgoChoice<D::Algo>>> {
        p.check_library(self.library(), D::HEURISTIC)?;
        p.conv.write_math_type(search_math_type::<T>(options))?;
        self.bind_context()?;
        let perf = perf_results(|cap, n, out| D::heuristic(self, p, cap, n, out))?;
        usable::<D, T>(&perf, options)
            .into_iter()
            .map(|(algo, math, _, _, det)| {
                let mut c = self.algo_choice::<D, T, C>(p, algo, math)?;
                c.deterministic = det;
                Ok(c)
            })
            .filter(
                |c| !matches!(c, Ok(c) if options.workspace_limit.is_some_and(|l| c.workspace() > l)),
            )
            .collect()
    }

    /// Every forward algorithm cuDNN's heuristic allows under `options`,
    /// best first, each with its workspace (as asked of cuDNN for its math
    /// type).
    ///
    /// # Errors
    /// [`Mismatch::OtherLibrary`] for a problem of another loaded cuDNN;
    /// cuDNN's error; a CUDA error.
    #[doc(alias = "cudnnGetConvolutionForwardAlgorithm_v7")]
    pub fn forward_candidates<T: ComputesIn<C>, C: ComputeType>(
        &self,
        p: &ConvProblem<T, C>,
        options: &SearchOptions,
    ) -> Result<Vec<AlgoChoice<FwdAlgo>>> {
        self.candidates::<Fwd, T, C>(p, options)
    }

    /// As [`forward_candidates`](Self::forward_candidates), backward data.
    ///
    /// # Errors
    /// As [`forward_candidates`](Self::forward_candidates).
    #[doc(alias = "cudnnGetConvolutionBackwardDataAlgorithm_v7")]
    pub fn backward_data_candidates<T: ComputesIn<C>, C: ComputeType>(
        &self,
        p: &ConvProblem<T, C>,
        options: &SearchOptions,
    ) -> Result<Vec<AlgoChoice<BwdDataAlgo>>> {
        self.candidates::<BwdData, T, C>(p, options)
    }

    /// As [`forward_candidates`](Self::forward_candidates), backward filter.
    ///
    /// # Errors
    /// As [`forward_candidates`](Self::forward_candidates).
    #[doc(alias = "cudnnGetConvolutionBackwardFilterAlgorithm_v7")]
    pub fn backward_filter_candidates<T: ComputesIn<C>, C: ComputeType>(
        &self,
        p: &ConvProblem<T, C>,
        options: &SearchOptions,
    ) -> Result<Vec<AlgoChoice<BwdFilterAlgo>>> {
        self.candidates::<BwdFilter, T, C>(p, options)
    }

    /// Reserves the workspace for the largest candidate it can, falling
    /// back to smaller ones when an allocation fails; returns the size.
    fn reserve_for_search(
        &self,
        ws: &mut Workspace,
        sizes: impl Iterator<Item = usize>,
    ) -> Result<usize> {
        let stream = self.launch_stream("cudnnFindConvolutionForwardAlgorithmEx")?;
        let mut sizes: Vec<usize> = sizes.collect();
        sizes.sort_unstable();
        sizes.dedup();
        let mut last_err = None;
        for &size in sizes.iter().rev() {
            match ws.reserve(stream, size) {
                Ok(()) => return Ok(size),
                Err(e) => last_err = Some(e),
            }
        }
        match last_err {
            Some(e) if sizes.first().copied().unwrap_or(0) > 0 => Err(e),
            _ => Ok(0),
        }
    }

    /// What the three `find_*` share: a cache hit, else the heuristic's
    /// best, or a benchmark on `bench`'s buffers: `run` calls cuDNN's
    /// `Find*Ex` with them, the workspace's pointer and the usable size,
    /// and room for results.
    fn search<'b, D: Dir, T: ComputesIn<C>, C: ComputeType>(
        &self,
        p: &ConvProblem<T, C>,
        options: &SearchOptions,
        cache: Option<&AlgoCache>,
        ws: &mut Workspace,
        bench: Option<BenchBuffers<'b>>,
        run: impl FnOnce(&BenchBuffers<'b>, u64, usize, PerfOut<'_, D::Perf>) -> Result<()>,
    ) -> Result<AlgoChoice<D::Algo>> {
        let function = D::FIND;
        let device = device_key(self, function)?;
        if let Some(hit) = cache.and_then(|c| p.cached_choice(c, &device, D::DIRECTION, options)) {
            let mut c = self.algo_choice::<D, T, C>(
                p,
                D::algo_from_raw(hit.algo),
                sys::cudnnMathType_t(hit.math_type as _),
            )?;
            c.time_ms = hit.time_ms;
            c.deterministic = hit.deterministic;
            return Ok(c);
        }
        let candidates = self.candidates::<D, T, C>(p, options)?;
        let choice = match bench {
            None => {
                // The best candidate whose workspace can be allocated now:
                // when memory is short, fall through to the next one.
                let stream = self.launch_stream(function)?;
                let mut last_err = None;
                let mut chosen = None;
                for c in candidates {
                    match ws.reserve(stream, c.workspace()) {
                        Ok(()) => {
                            chosen = Some(c);
                            break;
                        }
                        Err(e) => last_err = Some(e),
                    }
                }
                match (chosen, last_err) {
                    (None, Some(e)) => return Err(e),
                    (chosen, _) => chosen,
                }
            }
            Some(buffers) => {
                let size = self.reserve_for_search(ws, candidates.iter().map(|c| c.workspace()))?;
                p.conv.write_math_type(search_math_type::<T>(options))?;
                let stream = self.launch_stream(function)?;
                let perf = {
                    let (wsp, wslen, _gws) = ws.device_ptr(stream);
                    perf_results(|cap, n, out| run(&buffers, wsp, size.min(wslen), (cap, n, out)))?
                };
                drop(buffers);
                usable::<D, T>(&perf, options)
                    .into_iter()
                    .find(|&(_, _, mem, _, _)| mem <= size)
                    .map(
                        |(algo, math, _, time, det)| -> Result<AlgoChoice<D::Algo>> {
                            let mut c = self.algo_choice::<D, T, C>(p, algo, math)?;
                            c.time_ms = Some(time);
                            c.deterministic = det;
                            Ok(c)
                        },
                    )
                    .transpose()?
            }
        };
        self.remember::<D>(
            cache,
            p.key(&device, D::DIRECTION, options),
            choice,
            function,
        )
    }

    /// Chooses the forward algorithm for `p` under `options`: from `cache`
    /// when it has the answer, else by cuDNN's heuristic (the best candidate
    /// whose workspace `ws` can be grown to; when an allocation fails, the
    /// next) or by benchmarking
    /// (`cudnnFindConvolutionForwardAlgorithmEx`, which runs every candidate
    /// on `args`' buffers; `y` is overwritten), then remembered in `cache`
    /// (`None`: searched every time). The same `args` then go to
    /// [`convolution_forward`](Self::convolution_forward). To pick an
    /// algorithm without buffers or a cache, take the first of
    /// [`forward_candidates`](Self::forward_candidates).
    /// A cache hit asks cuDNN for the workspace again (cheap, and a stale or
    /// edited cache file cannot cause an out-of-bounds workspace).
    /// Benchmarking checks the buffers as a launch does; the heuristic does
    /// not use them.
    ///
    /// # Errors
    /// [`Mismatch::OtherLibrary`] for a problem of another loaded cuDNN;
    /// cuDNN's and CUDA's errors; [`Mismatch::Unsupported`] when no
    /// algorithm satisfies `options`.
    #[doc(alias = "cudnnFindConvolutionForwardAlgorithmEx")]
    pub fn find_forward<T: ComputesIn<C>, C: ComputeType>(
        &self,
        p: &ConvProblem<T, C>,
        options: &SearchOptions,
        cache: Option<&AlgoCache>,
        ws: &mut Workspace,
        args: &mut ConvForwardArgs<'_, T>,
    ) -> Result<AlgoChoice<FwdAlgo>> {
        let l = self.launch(Fwd::FIND)?;
        let bench = if options.mode == SearchMode::Benchmark {
            l.descriptor("convolution", p.conv.library())?;
            Some((
                l.input("x", args.x, &p.x)?,
                l.input("w", args.w, &p.w)?,
                l.output("y", &mut *args.y, &p.y)?,
            ))
        } else {
            None
        };
        let find = ffi!(l.library(), cudnnFindConvolutionForwardAlgorithmEx);
        self.search::<Fwd, T, C>(
            p,
            options,
            cache,
            ws,
            bench,
            |b, wsp, size, (cap, n, out)| {
                // SAFETY: the buffers were checked against their descriptors,
                // library and context; the workspace holds at least `size`
                // bytes; `out` has room for `cap` results.
                find.check(unsafe {
                    (find.f)(
                        l.raw(),
                        p.x.as_raw(),
                        b.0.ptr(),
                        p.w.as_raw(),
                        b.1.ptr(),
                        p.conv.as_raw(),
                        p.y.as_raw(),
                        b.2.ptr(),
                        cap,
                        n,
                        out,
                        wsp as _,
                        size,
                    )
                })
            },
        )
    }

    /// As [`find_forward`](Self::find_forward), backward data (`dx` is
    /// overwritten when benchmarking).
    ///
    /// # Errors
    /// As [`find_forward`](Self::find_forward).
    #[doc(alias = "cudnnFindConvolutionBackwardDataAlgorithmEx")]
    pub fn find_backward_data<T: ComputesIn<C>, C: ComputeType>(
        &self,
        p: &ConvProblem<T, C>,
        options: &SearchOptions,
        cache: Option<&AlgoCache>,
        ws: &mut Workspace,
        args: &mut ConvBackwardDataArgs<'_, T>,
    ) -> Result<AlgoChoice<BwdDataAlgo>> {
        let l = self.launch(BwdData::FIND)?;
        let bench = if options.mode == SearchMode::Benchmark {
            l.descriptor("convolution", p.conv.library())?;
            Some((
                l.input("w", args.w, &p.w)?,
                l.input("dy", args.dy, &p.y)?,
                l.output("dx", &mut *args.dx, &p.x)?,
            ))
        } else {
            None
        };
        let find = ffi!(l.library(), cudnnFindConvolutionBackwardDataAlgorithmEx);
        self.search::<BwdData, T, C>(
            p,
            options,
            cache,
            ws,
            bench,
            |b, wsp, size, (cap, n, out)| {
                // SAFETY: as in find_forward.
                find.check(unsafe {
                    (find.f)(
                        l.raw(),
                        p.w.as_raw(),
                        b.0.ptr(),
                        p.y.as_raw(),
                        b.1.ptr(),
                        p.conv.as_raw(),
                        p.x.as_raw(),
                        b.2.ptr(),
                        cap,
                        n,
                        out,
                        wsp as _,
                        size,
                    )
                })
            },
        )
    }

    /// As [`find_forward`](Self::find_forward), backward filter (`dw` is
    /// overwritten when benchmarking).
    ///
    /// # Errors
    /// As [`find_forward`](Self::find_forward).
    #[doc(alias = "cudnnFindConvolutionBackwardFilterAlgorithmEx")]
    pub fn find_backward_filter<T: ComputesIn<C>, C: ComputeType>(
        &self,
        p: &ConvProblem<T, C>,
        options: &SearchOptions,
        cache: Option<&AlgoCache>,
        ws: &mut Workspace,
        args: &mut ConvBackwardFilterArgs<'_, T>,
    ) -> Result<AlgoChoice<BwdFilterAlgo>> {
        let l = self.launch(BwdFilter::FIND)?;
        let bench = if options.mode == SearchMode::Benchmark {
            l.descriptor("convolution", p.conv.library())?;
            Some((
                l.input("x", args.x, &p.x)?,
                l.input("dy", args.dy, &p.y)?,
                l.output("dw", &mut *args.dw, &p.w)?,
            ))
        } else {
            None
        };
        let find = ffi!(l.library(), cudnnFindConvolutionBackwardFilterAlgorithmEx);
        self.search::<BwdFilter, T, C>(
            p,
            options,
            cache,
            ws,
            bench,
            |b, wsp, size, (cap, n, out)| {
                // SAFETY: as in find_forward.
                find.check(unsafe {
                    (find.f)(
                        l.raw(),
                        p.x.as_raw(),
                        b.0.ptr(),
                        p.y.as_raw(),
                        b.1.ptr(),
                        p.conv.as_raw(),
                        p.w.as_raw(),
                        b.2.ptr(),
                        cap,
                        n,
                        out,
                        wsp as _,
                        size,
                    )
                })
            },
        )
    }

    fn remember<D: Dir>(
        &self,
        cache: Option<&AlgoCache>,
        key: AlgoKey,
        choice: Option<AlgoChoice<D::Algo>>,
        function: &'static str,
    ) -> Result<AlgoChoice<D::Algo>> {
        let choice = choice.ok_or_else(|| {
            Error::unsupported(
                function,
                format!(
                    "no {:?} algorithm satisfies the options {:?}",
                    D::DIRECTION,
                    key.options
                ),
            )
        })?;
        if let Some(cache) = cache {
            cache.insert(
                key,
                CachedAlgo {
                    algo: D::algo_raw(choice.algo),
                    math_type: choice.math_type.0 as i32,
                    workspace: choice.workspace(),
                    time_ms: choice.time_ms,
                    deterministic: choice.deterministic,
                },
            );
        }
        Ok(choice)
    }
}
