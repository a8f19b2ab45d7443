//! The built graph, [`OperationGraph`], in one place: its tensors
//! ([`GraphTensor`]), its key, the engine configurations cuDNN's
//! heuristics offer for it on a target (`engine.rs` has the targets,
//! configurations and filters), its plans as [`Settings`] say, and the
//! check of a plan's JSON against it. [`Graph::build`](super::Graph::build)
//! makes it (`builder.rs`).

use std::sync::Arc;

use cudnn_sys as sys;
use sys::{cudnnBackendAttributeName_t as A, cudnnBackendDescriptorType_t as D};

use super::builder::head_dim::HeadDims;
use super::builder::node::BackendOp;
use super::builder::{key_text, signature_of, written_signature_of, TensorId};
use super::descriptor::BackendDescriptor;
use super::device::DeviceProperties;
use super::engine::{
    check_sm_count_target, check_target_library, count, mode_name, no_engine_from, read_engine,
    EngineConfig, EngineFilter, HeuristicMode, KnobType, Target, HEURISTICS,
};
use super::engine_choice::EngineChoice;
use super::graph_tensor::GraphTensor;
use super::kernel_cache::KernelCache;
use super::name::Name;
use super::plan::ExecutionPlan;
use super::plan_json::PlanJson;
use super::settings::Settings;
use super::signature::Signature;
use super::target::DeviceLimits;
use crate::core::dtype::DType;
use crate::core::error::{Error, Mismatch, Result};
use crate::core::library::Library;

/// A finalized cuDNN operation graph (`CUDNN_BACKEND_OPERATIONGRAPH_DESCRIPTOR`)
/// made by [`Graph::build`](super::Graph::build), with the tensors it was made of.
///
/// It owns its descriptors (the operations and tensors are kept alive by
/// the graph descriptor). Not `Clone`; `Send`, not `Sync`.
#[derive(Debug)]
pub struct OperationGraph {
    pub(crate) desc: BackendDescriptor,
    /// Every tensor, in uid order, shared with the configurations and
    /// plans of the graph.
    pub(crate) tensors: Arc<[GraphTensor]>,
    pub(crate) name: Name,
    /// The tensors a plan of the graph holds: `tensors` itself, or for a
    /// composite those its operations use.
    pub(crate) plan_tensors: Arc<[GraphTensor]>,
    /// The graph's key, made when first asked for.
    pub(crate) key: std::cell::OnceCell<String>,
    /// What the key is made of besides the tensors: the intermediate and
    /// compute types, and the operations.
    pub(crate) key_types: (DType, DType),
    pub(crate) key_ops: Vec<Arc<BackendOp>>,
    /// The id of the [`Graph`] it was built from.
    pub(crate) graph: u64,
    /// The id of the handle it was given (`CUDNN_ATTR_OPERATIONGRAPH_HANDLE`),
    /// if any.
    pub(crate) handle_id: Option<u64>,
    /// Whether a convolution or matmul reads `FLOAT` operands: where
    /// tensor cores compute in TF32 ([`EngineFilter::allow_tf32`](crate::graph::EngineFilter::allow_tf32)).
    pub(crate) tf32_operands: bool,
    /// The head dims of its SDPA nodes, for cudnn-frontend's rules that
    /// depend on the target ([`check_head_dims`](Self::check_head_dims)).
    pub(crate) head_dims: Vec<HeadDims>,
    /// What a plan for it holds, made when first asked for (a
    /// composite's made when built: of the tensors its operations use).
    pub(crate) signature: std::cell::OnceCell<Signature>,
    /// What a plan for it holds as cuDNN writes the plan's JSON, where
    /// that differs from `signature` (an SDPA backward's score subgraph
    /// left out: [`written_signature_of`]); made when first asked for.
    pub(crate) written_signature: std::cell::OnceCell<Option<Signature>>,
    /// Whether it was marked for dynamic shapes
    /// (`OPERATIONGRAPH_IS_DYNAMIC_SHAPE_ENABLED`).
    pub(crate) dynamic_shapes: bool,
}

static_assertions::assert_impl_all!(OperationGraph: Send);
static_assertions::assert_not_impl_any!(OperationGraph: Sync, Clone);

impl OperationGraph {
    /// The name of the graph it was built from.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The graph's canonical text ([`Graph::key`](super::Graph::key)), for plan caches: made
    /// on the first call, from the tensors and operations it was built
    /// from.
    pub fn key(&self) -> &str {
        self.key.get_or_init(|| {
            let (intermediate, compute) = self.key_types;
            key_text(
                intermediate,
                compute,
                self.dynamic_shapes,
                &self.tensors,
                self.key_ops.iter().map(|o| &**o),
            )
        })
    }

    /// The tensors as a plan checks buffers against them (one share for
    /// every configuration and plan of the graph).
    pub(crate) fn plan_tensors(&self) -> Arc<[GraphTensor]> {
        Arc::clone(&self.plan_tensors)
    }

    /// Every tensor, in uid order (the uid of `tensors()[i]` is `i + 1`).
    pub fn tensors(&self) -> &[GraphTensor] {
        &self.tensors
    }

    /// Tensor `t` of the graph it was built from; `None` for a tensor of
    /// another graph.
    pub fn tensor(&self, t: TensorId) -> Option<&GraphTensor> {
        if t.graph != self.graph {
            return None;
        }
        self.tensors.get(t.index as usize)
    }

    /// The library it was built with.
    pub fn library(&self) -> &Arc<Library> {
        self.desc.library()
    }

    /// How many engines cuDNN has for the graph
    /// (`CUDNN_ATTR_OPERATIONGRAPH_ENGINE_GLOBAL_COUNT`).
    ///
    /// # Errors
    /// cuDNN's status.
    pub fn engine_count(&self) -> Result<i64> {
        self.desc
            .get_one::<i64>(A::OPERATIONGRAPH_ENGINE_GLOBAL_COUNT)
    }

    /// Gives `plan`, a plan for this graph (built for it or for a graph of
    /// the same key, or read from JSON that
    /// [`plan_from_json`](Self::plan_from_json) found to be for it), this
    /// graph's tensors: the values of its by-value scalars (which a plan's
    /// JSON does not record), and the tensors a plan's JSON leaves out (an
    /// SDPA backward's score subgraph: the causal mask's fill value, a
    /// bias), which an execution binds as it does for a plan built here.
    /// A plan shared elsewhere is not changed: `plan` becomes a plan of
    /// the same descriptor with this graph's tensors.
    ///
    /// # Errors
    /// As [`ExecutionPlan::with_tensors`].
    pub(crate) fn adopt(&self, plan: &mut Arc<ExecutionPlan>) -> Result<()> {
        if Arc::ptr_eq(&plan.tensors, &self.plan_tensors) {
            return Ok(());
        }
        let tensors = self.plan_tensors();
        match Arc::get_mut(plan) {
            Some(p) => p.tensors = tensors,
            None => *plan = Arc::new(plan.with_tensors(tensors)?),
        }
        Ok(())
    }

    /// The finalized operation-graph descriptor.
    pub(crate) fn descriptor(&self) -> &BackendDescriptor {
        &self.desc
    }

    /// The DEVICEPROP descriptor heuristics and engines of this graph are
    /// given for `target`: a description's; none for the handle the graph
    /// was built with (cuDNN reads the graph's handle, as cudnn-frontend
    /// has it); for another handle, cuDNN's own description of its GPU
    /// (9.8 and later; no JSON is parsed). Before 9.8 a handle the graph
    /// was not built with is refused.
    fn target_properties(
        &self,
        target: Target<'_>,
        function: &'static str,
    ) -> Result<Option<BackendDescriptor>> {
        let lib = self.library();
        check_target_library(lib, target, function)?;
        let v = lib.version();
        match target {
            Target::Device { device, .. } => device.descriptor(lib).map(Some),
            Target::Handle(_) if self.built_with(target) => Ok(None),
            Target::Handle(h) if (v.major, v.minor) >= (9, 8) => {
                DeviceProperties::handle_descriptor(h).map(Some)
            }
            Target::Handle(_) => Err(Error::unsupported(
                function,
                format!(
                    "cuDNN {v} describes no GPU without a handle: build the graph with this \
                         handle (Graph::build_with) to choose engines for it"
                ),
            )),
        }
    }

    /// The head-dim rules of cudnn-frontend 1.32 that depend on the GPU
    /// and the cuDNN release (`builder/attention/head_dim.rs`), for each
    /// SDPA node, on the GPU of `target` (a handle's read from its CUDA
    /// context; none for a handle without a stream, left to cuDNN) with
    /// the graph's library.
    fn check_head_dims(&self, target: Target<'_>, function: &'static str) -> Result<()> {
        if self.head_dims.is_empty() {
            return Ok(());
        }
        let sm_major = match target {
            Target::Device { device, .. } => device.compute_capability().0,
            Target::Handle(h) => match h.stream() {
                Some(s) => {
                    DeviceLimits::of_context(s.context())?
                        .compute_capability()
                        .0
                }
                None => return Ok(()),
            },
        };
        let version = self.library().version();
        for h in &self.head_dims {
            h.check_on(sm_major, version)
                .map_err(|what| Error::InvalidArgument {
                    function,
                    mismatch: Mismatch::GraphNode {
                        node: h.node.clone(),
                        tensor: None,
                        what,
                    },
                })?;
        }
        Ok(())
    }

    /// The engine configurations cuDNN's heuristics offer for this graph
    /// on `target`, best first, that pass `filter`.
    ///
    /// On a target without a live GPU nothing runs: heuristics read only
    /// the graph and the device's description.
    ///
    /// # Errors
    /// - [`Error::NoEngine`] when cuDNN offers none, or `filter` drops
    ///   every one: the reason carries cuDNN's own message and what each
    ///   filter removed. Never an empty success.
    /// - [`Error::DependencyUnavailable`] when cuDNN 9's precompiled
    ///   engines cannot load cuBLASLt (cuDNN would end the process).
    /// - [`Error::InvalidArgument`] for an SM count target of 0 or above
    ///   `i32::MAX` (`BadValue`) or on a cuDNN before 8.9.5 (`Unsupported`).
    /// - [`Error::InvalidArgument`] for a target of another library, or a
    ///   [`Target::Handle`] on a library without device properties when the
    ///   graph was built without that handle.
    /// - [`Error::InvalidArgument`] with
    ///   [`Mismatch::GraphNode`](crate::Mismatch::GraphNode) naming an
    ///   SDPA node whose head dims cudnn-frontend 1.32 refuses on the
    ///   target's GPU with the loaded cuDNN (the rules
    ///   [`Graph::sdpa_forward`](super::Graph::sdpa_forward) and
    ///   [`Graph::sdpa_backward`](super::Graph::sdpa_backward) leave to
    ///   the target: an sm_9x backward takes at most 256), quoting its
    ///   message; before cuDNN is asked.
    /// - cuDNN's status.
    #[doc(alias = "CUDNN_BACKEND_ENGINEHEUR_DESCRIPTOR")]
    pub fn engine_configs(
        &self,
        target: Target<'_>,
        mode: HeuristicMode,
        filter: &EngineFilter,
    ) -> Result<Vec<EngineConfig>> {
        let lib = self.library().clone();
        let props = self.target_properties(target, HEURISTICS)?;
        self.check_head_dims(target, "OperationGraph::engine_configs")?;
        let mut heur = BackendDescriptor::with_library(&lib, D::ENGINEHEUR_DESCRIPTOR)?;
        heur.set_descriptors(A::ENGINEHEUR_OPERATION_GRAPH, &[self.descriptor()])?;
        heur.set(A::ENGINEHEUR_MODE, &[mode])?;
        if let Some(n) = filter.sm_count_target {
            let n = check_sm_count_target(lib.version(), n)?;
            heur.set(A::ENGINEHEUR_SM_COUNT_TARGET, &[n])?;
        }
        if let Some(p) = &props {
            heur.set_descriptors(A::ENGINEHEUR_DEVICEPROP, &[p])?;
        }
        if let Err(e) = heur.finalize() {
            return Err(no_engine_from(self.name(), mode, e));
        }
        let offered = heur.get_descriptors(A::ENGINEHEUR_RESULTS, D::ENGINECFG_DESCRIPTOR)?;
        let has_float = self.tf32_operands;
        let total = offered.len();
        let mut kept = Vec::new();
        let mut removed: Vec<(&'static str, usize)> = Vec::new();
        for mut desc in offered {
            // The heuristics' results are complete configurations, whose
            // engines refer to this graph.
            desc.assume_finalized();
            desc.keep(self.descriptor())?;
            let config = self.read_config(desc);
            match filter.rejects(&config, has_float) {
                Some(why) => count(&mut removed, why),
                None => kept.push(config),
            }
        }
        if kept.is_empty() {
            let mut reason = format!("cuDNN's heuristics ({}) offered {total}", mode_name(mode));
            if total > 0 {
                let parts: Vec<String> = removed.iter().map(|(w, n)| format!("{n} {w}")).collect();
                reason.push_str(&format!(
                    " engine configurations; the filter removed all: {}",
                    parts.join(", ")
                ));
            } else {
                reason.push_str(" engine configurations");
                if let Some(m) = lib.take_last_error() {
                    reason.push_str(&format!("; cuDNN's log: {m}"));
                }
            }
            return Err(Error::NoEngine {
                graph: self.name().to_owned(),
                reason,
            });
        }
        Ok(kept)
    }

    /// The configuration of engine `global_index` with `knobs` set, for
    /// `target`: an engine chosen by hand (or found by an earlier search)
    /// rather than by the heuristics.
    ///
    /// # Errors
    /// cuDNN's status: `NOT_SUPPORTED` for an engine that cannot run this
    /// graph on the target, `BAD_PARAM` for an index past
    /// [`engine_count`](Self::engine_count) or a knob the engine lacks;
    /// as [`engine_configs`](Self::engine_configs) for the target and the
    /// head dims of SDPA nodes.
    #[doc(alias = "CUDNN_BACKEND_ENGINE_DESCRIPTOR")]
    #[doc(alias = "CUDNN_BACKEND_KNOB_CHOICE_DESCRIPTOR")]
    pub fn engine_config(
        &self,
        global_index: i64,
        knobs: &[(KnobType, i64)],
        target: Target<'_>,
    ) -> Result<EngineConfig> {
        const F: &str = "cudnnBackendFinalize(CUDNN_BACKEND_ENGINE_DESCRIPTOR)";
        let lib = self.library().clone();
        let props = self.target_properties(target, F)?;
        self.check_head_dims(target, "OperationGraph::engine_config")?;
        let mut engine = BackendDescriptor::with_library(&lib, D::ENGINE_DESCRIPTOR)?;
        engine.set_descriptors(A::ENGINE_OPERATION_GRAPH, &[self.descriptor()])?;
        engine.set(A::ENGINE_GLOBAL_INDEX, &[global_index])?;
        if let Some(p) = &props {
            engine.set_descriptors(A::ENGINE_DEVICEPROP, &[p])?;
        }
        engine.finalize()?;
        let mut choices = Vec::with_capacity(knobs.len());
        for &(ty, value) in knobs {
            let mut c = BackendDescriptor::with_library(&lib, D::KNOB_CHOICE_DESCRIPTOR)?;
            c.set(A::KNOB_CHOICE_KNOB_TYPE, &[ty])?;
            c.set(A::KNOB_CHOICE_KNOB_VALUE, &[value])?;
            c.finalize()?;
            choices.push(c);
        }
        let mut cfg = BackendDescriptor::with_library(&lib, D::ENGINECFG_DESCRIPTOR)?;
        cfg.set_descriptors(A::ENGINECFG_ENGINE, &[&engine])?;
        if !choices.is_empty() {
            let refs: Vec<&BackendDescriptor> = choices.iter().collect();
            cfg.set_descriptors(A::ENGINECFG_KNOB_CHOICES, &refs)?;
        }
        cfg.finalize()?;
        Ok(EngineConfig {
            desc: cfg,
            engine: std::cell::OnceCell::from(read_engine(&engine)),
            knobs: std::cell::OnceCell::from(knobs.to_vec()),
            graph_name: self.name.clone(),
            tensors: self.plan_tensors(),
        })
    }

    /// A configuration of this graph cuDNN offered; what it says of its
    /// engine is read when asked for.
    fn read_config(&self, desc: BackendDescriptor) -> EngineConfig {
        EngineConfig {
            desc,
            engine: std::cell::OnceCell::new(),
            knobs: std::cell::OnceCell::new(),
            graph_name: self.name.clone(),
            tensors: self.plan_tensors(),
        }
    }

    /// Whether the graph was given `target`'s handle when it was built.
    fn built_with(&self, target: Target<'_>) -> bool {
        matches!(target, Target::Handle(h) if self.handle_id == Some(h.id()))
    }

    /// The plan `json` holds (cuDNN's JSON of a plan,
    /// [`ExecutionPlan::to_json`]), read for `target` once it is known to
    /// be a plan for this graph: a file of plans saved for other graphs, or
    /// an edited one, is refused before cuDNN reads it. What is compared,
    /// and what cannot be (an SDPA backward's score modifiers, which cuDNN
    /// 9.28 leaves out of the JSON), is as for a plan that
    /// [`PlanCache`](super::PlanCache) reads from a file.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] naming the first difference between the
    /// plan's graph and this one; otherwise as
    /// [`ExecutionPlan::from_json`].
    pub fn plan_from_json(&self, json: &str, target: Target<'_>) -> Result<ExecutionPlan> {
        let held = self.check_plan_json(json)?;
        // As `adopt` gives a cached plan: this graph's tensors, its by-value
        // scalars and those a backward's JSON leaves out included.
        let name = held.graph_name.as_str().into();
        ExecutionPlan::from_read_json(json, target, name, self.plan_tensors())
    }

    /// Checks that `json`, cuDNN's JSON of a plan
    /// ([`ExecutionPlan::to_json`](super::ExecutionPlan::to_json)), is a
    /// plan for this graph: the same tensors (uid, dims, strides, data
    /// type, virtual or by value) and the same operations (cuDNN's
    /// operation, its modes, such as a pointwise node's `RELU_FWD` or
    /// `TANH_FWD`, and the uids it reads and writes). Nothing is given to
    /// cuDNN. [`PlanCache`](super::PlanCache) checks each plan it read from
    /// a file this way before it hands it out.
    ///
    /// cuDNN (9.28) writes an SDPA backward's plan without the node's score
    /// subgraph (a causal mask, a right bound or a window, a bias): neither
    /// its operations nor the tensors only they use (the mask's fill value,
    /// the bias). Such a plan is compared with the graph less those, so
    /// the score modifiers of a backward are not checked: its plan and the
    /// plan of the same backward without them have the same JSON graph.
    ///
    /// Returns the plan as [`PlanJson`] read it.
    ///
    /// # Errors
    /// As [`ExecutionPlan::from_json`](super::ExecutionPlan::from_json) for
    /// JSON it does not read; [`Error::InvalidArgument`] naming the first
    /// difference.
    pub(crate) fn check_plan_json(&self, json: &str) -> Result<PlanJson> {
        let read = PlanJson::parse(json)?;
        let held = read.signature();
        let signature = self
            .signature
            .get_or_init(|| signature_of(self.key_ops.iter().map(|o| &**o), self.tensors.to_vec()));
        let Some(what) = signature.difference(&held) else {
            return Ok(read);
        };
        let written = self.written_signature.get_or_init(|| {
            written_signature_of(
                self.key_ops.iter().map(|o| &**o),
                signature.tensors().to_vec(),
            )
        });
        let what = match written.as_ref().map(|w| w.difference(&held)) {
            None => what,
            Some(None) => return Ok(read),
            Some(Some(other)) => format!(
                "{what}; as cuDNN writes an SDPA backward (without its score subgraph): {other}"
            ),
        };
        Err(Error::bad_value(
            "OperationGraph::plan_from_json",
            format!("a plan for another graph than \"{}\": {what}", self.name()),
        ))
    }

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
        self.plans_in(target, settings, None)
    }

    /// As [`plans`](Self::plans), each plan finalized with
    /// `kernel_cache`: for a graph marked for dynamic shapes
    /// ([`Graph::set_dynamic_shapes`](super::Graph::set_dynamic_shapes)),
    /// the kernels a runtime-compiled engine compiled for one shape serve
    /// the next, in this process and, saved and loaded, in others
    /// ([`KernelCache`] says what that saves). The cache is finalized for
    /// this graph on its first use; plans are finalized with it one at a
    /// time.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for a graph not marked for dynamic
    /// shapes (cudnn-frontend 1.32 refuses it too: "Kernel caching enabled
    /// but dynamic shapes is disabled") or a cache of another library; as
    /// [`plans`](Self::plans).
    pub fn plans_with_kernel_cache(
        &self,
        target: Target<'_>,
        settings: &Settings,
        kernel_cache: &KernelCache,
    ) -> Result<Vec<ExecutionPlan>> {
        const F: &str = "OperationGraph::plans_with_kernel_cache";
        if !self.dynamic_shapes {
            return Err(Error::unsupported(
                F,
                format!(
                    "graph \"{}\" is not marked for dynamic shapes \
                     (Graph::set_dynamic_shapes): a kernel cache serves only those",
                    self.name()
                ),
            ));
        }
        if !Arc::ptr_eq(kernel_cache.library(), self.library()) {
            return Err(Error::unsupported(
                F,
                "the kernel cache is of another loaded cuDNN than the graph",
            ));
        }
        let cache = kernel_cache.ready_for(self)?;
        self.plans_in(target, settings, Some(&cache))
    }

    /// [`plans`](Self::plans), with a kernel cache's descriptor when given.
    fn plans_in(
        &self,
        target: Target<'_>,
        settings: &Settings,
        kernel_cache: Option<&BackendDescriptor>,
    ) -> Result<Vec<ExecutionPlan>> {
        let filter = settings.filter();
        if let Some(choice) = &settings.engine {
            return self
                .pinned_plan(choice, target, &filter, kernel_cache)
                .map(|p| vec![p]);
        }
        let wanted = settings.wanted();
        let mut reasons = Vec::new();
        let mut modes = vec![settings.heuristic_mode];
        if settings.heuristic_mode != HeuristicMode::FALLBACK {
            modes.push(HeuristicMode::FALLBACK);
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
                match ExecutionPlan::with_kernel_cache(c, target, kernel_cache) {
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

    /// The plan of the engine and knobs `choice` pins, if `filter` keeps
    /// its configuration.
    fn pinned_plan(
        &self,
        choice: &EngineChoice,
        target: Target<'_>,
        filter: &EngineFilter,
        kernel_cache: Option<&BackendDescriptor>,
    ) -> Result<ExecutionPlan> {
        let config = self.engine_config(choice.global_index(), choice.knobs(), target)?;
        if let Some(why) = filter.rejects(&config, self.tf32_operands) {
            return Err(Error::NoEngine {
                graph: self.name().to_owned(),
                reason: format!("the pinned engine {choice} is removed by the filter: {why}"),
            });
        }
        ExecutionPlan::with_kernel_cache(&config, target, kernel_cache)
    }
}
