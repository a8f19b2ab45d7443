//! Settings that mirror `torch.backends.cudnn`, and the plan search that
//! follows them.

use super::builder::OperationGraph;
use super::engine::{EngineFilter, HeuristicMode, Target};
use super::plan::ExecutionPlan;
use crate::core::error::{Error, Result};

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
///
/// With `benchmark`, [`OperationGraph::plans`] returns up to
/// `benchmark_limit` plans for [`Handle::autotune`](crate::Handle::autotune)
/// to time on the GPU; without it, the first plan that finalizes. The
/// other fields become the [`EngineFilter`]; `heuristic_mode` is cuDNN's
/// ranking (mode A by default; FALLBACK is tried when it offers nothing
/// that finalizes).
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
            heuristic_mode: HeuristicMode::CUDNN_HEUR_MODE_A,
            sm_count_target: None,
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
            ..EngineFilter::default()
        }
    }

    /// How many plans a search wants.
    fn wanted(&self) -> usize {
        match (self.benchmark, self.benchmark_limit) {
            (false, _) => 1,
            (true, 0) => usize::MAX,
            (true, n) => n,
        }
    }
}

impl OperationGraph {
    /// Plans for this graph on `target`, as `settings` say: the engine
    /// configurations of the heuristics (then of FALLBACK, when none of
    /// those finalizes) that pass the filter, finalized in cuDNN's order
    /// until enough finalize (one, or up to `benchmark_limit` with
    /// `benchmark`). Configurations cuDNN does not finalize (its status:
    /// not supported on the target, kernels that cannot be compiled or
    /// loaded without a GPU) are skipped, and named in the error when none
    /// finalizes.
    ///
    /// # Errors
    /// [`Error::NoEngine`] when no configuration finalizes, with each
    /// mode's reason; as [`engine_configs`](Self::engine_configs).
    pub fn plans(&self, target: Target<'_>, settings: &Settings) -> Result<Vec<ExecutionPlan>> {
        let filter = settings.filter();
        let wanted = settings.wanted();
        let mut reasons = Vec::new();
        let mut modes = vec![settings.heuristic_mode];
        if settings.heuristic_mode != HeuristicMode::CUDNN_HEUR_MODE_FALLBACK {
            modes.push(HeuristicMode::CUDNN_HEUR_MODE_FALLBACK);
        }
        let mut plans = Vec::new();
        for mode in modes {
            let configs = match self.engine_configs(target, mode, &filter) {
                Ok(c) => c,
                Err(Error::NoEngine { reason, .. }) => {
                    reasons.push(reason);
                    continue;
                }
                Err(e) => return Err(e),
            };
            let offered = configs.len();
            let mut failed = Vec::new();
            for c in &configs {
                if plans.len() >= wanted {
                    break;
                }
                match ExecutionPlan::new(c, target) {
                    Ok(p) => plans.push(p),
                    // cuDNN's refusal of one configuration (not supported
                    // on the target, or its kernels cannot be compiled or
                    // loaded here): the next one is tried.
                    Err(e) if e.status_error().is_some() => {
                        let why = format!("engine {}: {e}", c.global_index());
                        match failed.iter_mut().find(|(w, _)| *w == why) {
                            Some((_, n)) => *n += 1,
                            None => failed.push((why, 1)),
                        }
                    }
                    Err(e) => return Err(e),
                }
            }
            if !plans.is_empty() {
                return Ok(plans);
            }
            let failed: Vec<String> = failed
                .into_iter()
                .map(|(w, n)| {
                    if n > 1 {
                        format!("{w} ({n} configurations)")
                    } else {
                        w
                    }
                })
                .collect();
            reasons.push(format!(
                "mode {}: {offered} engine configurations offered, none finalized: {}",
                mode.0,
                failed.join("; ")
            ));
        }
        Err(Error::NoEngine {
            graph: self.name().to_owned(),
            reason: reasons.join("; then "),
        })
    }
}
