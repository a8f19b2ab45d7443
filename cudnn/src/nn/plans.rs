//! What every layer does with its graphs: build them for a target (a
//! handle's GPU, or a described one before any handle exists), find their
//! plans (from a plan cache, or as the settings say), and run them, timing
//! the candidates on the first run when the settings ask for it.

use std::sync::Arc;

use crate::core::error::{Error, Result};
use crate::core::handle::Handle;
use crate::core::version::Version;
use crate::core::workspace::Workspace;
use crate::graph::{
    DeviceProperties, ExecutionPlan, Graph, OperationGraph, PlanCache, Settings, Target,
    VariantPack,
};

/// The first cuDNN that describes a device (what a plan cache keys on).
const DEVICE_PROPERTIES_SINCE: Version = Version::new(9, 8, 0);

/// How many timed runs each candidate plan gets on the first run when the
/// settings ask for a benchmark.
const AUTOTUNE_RUNS: usize = 3;

/// The plans of one graph: one, or (with [`Settings::benchmark`]) the
/// candidates, narrowed to the fastest on the first run.
#[derive(Debug)]
pub(crate) struct Plans {
    /// The candidates not yet narrowed (more than one).
    candidates: Vec<ExecutionPlan>,
    /// The plan that runs, once there is one: a plan cache's own (shared
    /// with the cache), or the one candidate left.
    chosen: Option<Arc<ExecutionPlan>>,
}

impl Plans {
    /// Builds `graph` for `target` and finds its plans: from `cache` when
    /// given and the library describes devices (cuDNN 9.8 and later; keyed
    /// by the graph and the device, as cuDNN describes it), otherwise, and
    /// when cuDNN's description of a handle's device is not one this crate
    /// reads, as `settings` say for the target itself.
    pub(crate) fn new(
        target: Target<'_>,
        graph: &Graph,
        settings: &Settings,
        cache: Option<&mut PlanCache>,
    ) -> Result<Plans> {
        let lib = target.library();
        let handle = match target {
            Target::Handle(h) => Some(h),
            Target::Device { .. } => None,
        };
        let og = graph.build_with(lib, handle)?;
        if let Some(cache) = cache.filter(|_| lib.version() >= DEVICE_PROPERTIES_SINCE) {
            let described = match target {
                Target::Handle(h) => DeviceProperties::from_handle(h).ok(),
                Target::Device { device, .. } => Some(device.clone()),
            };
            if let Some(device) = described {
                return Self::cached(&og, cache, &device, settings);
            }
        }
        let candidates = og.plans(target, settings)?;
        if candidates.is_empty() {
            return Err(Error::NoEngine {
                graph: graph.name().to_owned(),
                reason: "the plan search returned no plan".into(),
            });
        }
        Ok(Plans::of(candidates))
    }

    /// The plans of `candidates`, the one chosen when there is one.
    fn of(mut candidates: Vec<ExecutionPlan>) -> Plans {
        let chosen = if candidates.len() == 1 {
            candidates.pop().map(Arc::new)
        } else {
            None
        };
        Plans { candidates, chosen }
    }

    /// The plan of `og` for `device` from `cache` (found and stored there
    /// when absent), as the cache hands it out: with `og`'s tensors.
    fn cached(
        og: &OperationGraph,
        cache: &mut PlanCache,
        device: &DeviceProperties,
        settings: &Settings,
    ) -> Result<Plans> {
        let plan = cache.get_or_build(og, device, settings)?;
        Ok(Plans {
            candidates: Vec::new(),
            chosen: Some(plan),
        })
    }

    /// The workspace the plans need, in bytes (the largest, before the
    /// candidates are narrowed).
    pub(crate) fn workspace_size(&self) -> usize {
        self.candidates
            .iter()
            .chain(self.chosen.as_deref())
            .map(ExecutionPlan::workspace_size)
            .max()
            .unwrap_or(0)
    }

    /// Runs the plan with `pack`; on the first run with several
    /// candidates, times them first ([`Handle::autotune`]) and keeps the
    /// fastest.
    pub(crate) fn run(
        &mut self,
        handle: &Handle,
        pack: &mut VariantPack<'_>,
        workspace: &mut Workspace,
    ) -> Result<()> {
        if self.chosen.is_none() && !self.candidates.is_empty() {
            let (best, _) = handle.autotune(&self.candidates, AUTOTUNE_RUNS, workspace, pack)?;
            let plan = self.candidates.swap_remove(best);
            self.candidates = Vec::new();
            self.chosen = Some(Arc::new(plan));
        }
        let plan = self.chosen.as_deref().ok_or_else(|| Error::NoEngine {
            graph: "layer".into(),
            reason: "no plan is left".into(),
        })?;
        handle.execute(plan, pack, workspace)
    }
}

/// `v`, or the refusal of a graph that gave no `what` (the builder gives
/// every output these layers ask for; this is never expected).
pub(crate) fn required<T>(function: &'static str, what: &str, v: Option<T>) -> Result<T> {
    v.ok_or_else(|| Error::unsupported(function, format!("the graph has no {what}")))
}
