//! What every layer does with its graphs: build them with a handle, find
//! their plans (from a plan cache, or as the settings say), and run them,
//! timing the candidates on the first run when the settings ask for it.

use crate::error::{Error, Mismatch, Result};
use crate::graph::{
    DeviceProperties, ExecutionPlan, Graph, PlanCache, Settings, Target, VariantPack,
};
use crate::workspace::Workspace;
use crate::DType;
use crate::{DataType, Handle, Version};

/// The first cuDNN that describes a device (what a plan cache keys on).
const DEVICE_PROPERTIES_SINCE: Version = Version::new(9, 8, 0);

/// How many timed runs each candidate plan gets on the first run when the
/// settings ask for a benchmark.
const AUTOTUNE_RUNS: usize = 3;

/// The plans of one graph: one, or (with [`Settings::benchmark`]) the
/// candidates, narrowed to the fastest on the first run.
#[derive(Debug)]
pub(crate) struct Plans {
    candidates: Vec<ExecutionPlan>,
}

impl Plans {
    /// Builds `graph` with `handle` and finds its plans: from `cache`
    /// when given and the library describes devices (cuDNN 9.8 and
    /// later; keyed by the graph and the handle's device, as cuDNN
    /// describes it), otherwise, and when cuDNN's description of the
    /// device is not one this crate reads, as `settings` say for the
    /// handle itself.
    pub(crate) fn new(
        handle: &Handle,
        graph: &Graph,
        settings: &Settings,
        cache: Option<&mut PlanCache>,
    ) -> Result<Plans> {
        let lib = handle.library();
        let og = graph.build_with(lib, Some(handle))?;
        let device = match cache {
            Some(c) if lib.version() >= DEVICE_PROPERTIES_SINCE => {
                DeviceProperties::from_handle(handle).ok().map(|d| (c, d))
            }
            _ => None,
        };
        if let Some((cache, device)) = device {
            let json = cache.get_or_build(&og, &device, settings)?.to_json()?;
            let mut plan = ExecutionPlan::from_json(lib, &json, Target::Device(&device))?;
            // The cached plan's scalars (epsilon, the attention's scale)
            // may be another graph's of the same key.
            plan.take_scalars_from(&og);
            return Ok(Plans {
                candidates: vec![plan],
            });
        }
        let candidates = og.plans(Target::Handle(handle), settings)?;
        if candidates.is_empty() {
            return Err(Error::NoEngine {
                graph: graph.name().to_owned(),
                reason: "the plan search returned no plan".into(),
            });
        }
        Ok(Plans { candidates })
    }

    /// The workspace the plans need, in bytes (the largest, before the
    /// candidates are narrowed).
    pub(crate) fn workspace_size(&self) -> usize {
        self.candidates
            .iter()
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
        if self.candidates.len() > 1 {
            let (best, _) = handle.autotune(&self.candidates, AUTOTUNE_RUNS, workspace, pack)?;
            let plan = self.candidates.swap_remove(best);
            self.candidates = vec![plan];
        }
        let plan = self.candidates.first().ok_or_else(|| Error::NoEngine {
            graph: "layer".into(),
            reason: "no plan is left".into(),
        })?;
        handle.execute(plan, pack, workspace)
    }
}

/// Refuses buffers of element type `T` for a layer of `dtype`.
pub(crate) fn check_element<T: DataType>(function: &'static str, dtype: DType) -> Result<()> {
    if T::CUDNN == dtype {
        return Ok(());
    }
    Err(Error::InvalidArgument {
        function,
        mismatch: Mismatch::BadValue {
            what: format!(
                "buffers of {} for a layer of {}",
                T::NAME,
                super::shape::type_name(dtype)
            ),
        },
    })
}

/// `v`, or the refusal of a graph that gave no `what` (the builder gives
/// every output these layers ask for; this is never expected).
pub(crate) fn required<T>(function: &'static str, what: &str, v: Option<T>) -> Result<T> {
    v.ok_or_else(|| Error::InvalidArgument {
        function,
        mismatch: Mismatch::Unsupported {
            what: format!("the graph has no {what}"),
        },
    })
}
