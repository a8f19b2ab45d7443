//! Settings that mirror `torch.backends.cudnn`, and the plan search that
//! follows them.

use cudnn_sys::{cudnnBackendBehaviorNote_t as Behavior, cudnnBackendNumericalNote_t as Numerical};

use super::engine::{EngineFilter, HeuristicMode};
use super::engine_choice::EngineChoice;

/// How plans are chosen, after PyTorch's `torch.backends.cudnn`:
///
/// | field | PyTorch | default |
/// | --- | --- | --- |
/// | `benchmark` | `cudnn.benchmark` | `false` |
/// | `benchmark_limit` | `cudnn.benchmark_limit` | 10 |
/// | `deterministic` | `cudnn.deterministic` | `false` |
/// | `allow_tf32` | `cudnn.allow_tf32` | `true` |
/// | `allow_runtime_compilation` | (none) | `true` |
/// | `require_cuda_graph` | (none) | `false` |
/// | `sm_count_target` | (none; the frontend's `set_sm_count`) | `None` |
/// | `engine` | (none; the frontend's `create_execution_plan(engine_id, knobs)`) | `None` |
/// | `deselect_engines`, `deselect_numerical`, `deselect_behavior` | (none; the frontend's `deselect_*`) | empty |
///
/// With `benchmark`, [`OperationGraph::plans`](super::OperationGraph::plans) returns up to
/// `benchmark_limit` plans for [`Handle::autotune`](crate::Handle::autotune)
/// to time on the GPU; without it, the first plan that finalizes. The
/// other fields become the [`EngineFilter`]; `heuristic_mode` is cuDNN's
/// ranking (mode A by default; FALLBACK is tried when it offers nothing
/// that finalizes). With `engine`, the heuristics are not asked: the plan
/// is made of that engine and its knobs, if the filter keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    /// Time candidate plans on the GPU and keep the fastest.
    pub benchmark: bool,
    /// How many plans to time (0: every one offered).
    pub benchmark_limit: usize,
    /// Only deterministic engines.
    pub deterministic: bool,
    /// Allow TF32 tensor cores for `float` data.
    pub allow_tf32: bool,
    /// Allow engines whose kernels are compiled when the plan is built
    /// (they need the CUDA driver then: turn this off to plan for a
    /// described GPU on a machine without one).
    pub allow_runtime_compilation: bool,
    /// Only engines a CUDA graph can be recorded from
    /// ([`EngineFilter::require_cuda_graph`]): for plans meant for
    /// [`Handle::populate_cuda_graph`](crate::Handle::populate_cuda_graph).
    pub require_cuda_graph: bool,
    /// cuDNN's heuristic mode.
    pub heuristic_mode: HeuristicMode,
    /// The number of SMs plans are made for, leaving the rest of the GPU
    /// to concurrent work (an SM carveout;
    /// [`EngineFilter::sm_count_target`]); `None`: the whole GPU.
    pub sm_count_target: Option<u32>,
    /// Pin plans to this engine and its knobs
    /// ([`OperationGraph::engine_config`](super::OperationGraph::engine_config)),
    /// instead of the heuristics' ranking: for a choice saved as text
    /// ([`EngineChoice`]'s tag) and restored. The filter still applies:
    /// a pinned engine it drops is [`Error::NoEngine`](crate::Error::NoEngine).
    pub engine: Option<EngineChoice>,
    /// Drop these engines, by global index
    /// ([`EngineFilter::deselect_engines`]).
    pub deselect_engines: Vec<i64>,
    /// Drop engines with any of these numerical notes
    /// ([`EngineFilter::deselect_numerical`]).
    pub deselect_numerical: Vec<Numerical>,
    /// Drop engines with any of these behaviour notes
    /// ([`EngineFilter::deselect_behavior`]).
    pub deselect_behavior: Vec<Behavior>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            benchmark: false,
            benchmark_limit: 10,
            deterministic: false,
            allow_tf32: true,
            allow_runtime_compilation: true,
            require_cuda_graph: false,
            heuristic_mode: HeuristicMode::A,
            sm_count_target: None,
            engine: None,
            deselect_engines: Vec::new(),
            deselect_numerical: Vec::new(),
            deselect_behavior: Vec::new(),
        }
    }
}

impl Settings {
    /// The engine filter these settings stand for.
    pub fn filter(&self) -> EngineFilter {
        EngineFilter {
            deterministic: self.deterministic,
            allow_tf32: self.allow_tf32,
            allow_runtime_compilation: self.allow_runtime_compilation,
            require_cuda_graph: self.require_cuda_graph,
            sm_count_target: self.sm_count_target,
            deselect_engines: self.deselect_engines.clone(),
            deselect_numerical: self.deselect_numerical.clone(),
            deselect_behavior: self.deselect_behavior.clone(),
            ..EngineFilter::default()
        }
    }

    /// How many plans a search wants.
    pub(crate) fn wanted(&self) -> usize {
        match (self.benchmark, self.benchmark_limit) {
            (false, _) => 1,
            (true, 0) => usize::MAX,
            (true, n) => n,
        }
    }
}
