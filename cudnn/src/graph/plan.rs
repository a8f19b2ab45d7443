//! Execution plans: an engine configuration finalized for a target GPU,
//! with its workspace size; serialized to cuDNN's JSON and read back.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use cudnn_sys as sys;
use sys::{
    cudnnBackendAttributeName_t as A, cudnnBackendBehaviorNote_t as Behavior,
    cudnnBackendDescriptorType_t as D, cudnnBackendNumericalNote_t as Numerical,
};

use super::descriptor::BackendDescriptor;
use super::engine::{
    check_target_library, config_engine, read_knobs, write_engine, EngineConfig, EngineInfo,
    KnobType, Target,
};
use super::graph_tensor::GraphTensor;
use super::name::Name;
use super::plan_json::PlanJson;
use super::target::DeviceLimits;
use crate::core::error::{Error, Result};
use crate::core::library::Library;

const FINALIZE: &str = "cudnnBackendFinalize(CUDNN_BACKEND_EXECUTION_PLAN_DESCRIPTOR)";

/// An execution plan: one engine configuration, finalized for a target,
/// ready to run with a variant pack
/// ([`Handle::execute`](crate::Handle::execute)).
///
/// Made from an [`EngineConfig`] ([`new`](Self::new)) or from cuDNN's JSON
/// ([`from_json`](Self::from_json)); [`to_json`](Self::to_json) writes that
/// JSON, so plans built on a machine without a GPU (for a described GPU)
/// can be saved and loaded where the GPU is.
///
/// A plan built for a [`Target::Device`] records that GPU
/// ([`target`](Self::target)): it runs only on a handle whose GPU has the
/// same architecture and limits. A plan built for a [`Target::Handle`]
/// runs only on that handle.
///
/// Not `Clone`; `Send` and `Sync`: a plan cache hands out
/// `Arc<ExecutionPlan>`, and a plan may run on several threads' handles
/// at once.
#[derive(Debug)]
pub struct ExecutionPlan {
    pub(crate) desc: PlanDescriptor,
    pub(crate) workspace: usize,
    /// The graph's name and tensors (shared with the configuration's
    /// graph, for a plan made from one).
    pub(crate) graph_name: Name,
    pub(crate) tensors: Arc<[GraphTensor]>,
    /// The engine's global index and notes, read back from cuDNN when
    /// first asked for. Not copied from the configuration: most plans
    /// are never asked, and a copy of shared lists costs each plan a
    /// reference count on memory the heuristics left cold.
    pub(crate) engine: OnceLock<Option<EngineInfo>>,
    /// The knob choices of the plan's configuration, read back from cuDNN
    /// when first asked for.
    pub(crate) knobs: OnceLock<Vec<(KnobType, i64)>>,
    /// The handle the plan was built with, when it was built with one.
    pub(crate) handle_id: Option<u64>,
    /// The described GPU it was built for (shared with the description).
    pub(crate) target: Option<Arc<DeviceLimits>>,
    /// The id of the last handle whose GPU was found to be the target
    /// (0: none; handle ids start at 1).
    pub(crate) checked_on: AtomicU64,
}

static_assertions::assert_impl_all!(ExecutionPlan: Send, Sync);
static_assertions::assert_not_impl_any!(ExecutionPlan: Clone);

/// A plan's finalized descriptor, shared between threads: cuDNN reads it
/// to run the plan ([`ptr`](Self::ptr)), and its attributes are read back
/// one reader at a time ([`read`](Self::read)).
#[derive(Debug)]
pub(crate) struct PlanDescriptor {
    desc: BackendDescriptor,
    reads: Mutex<()>,
}

// SAFETY: the descriptor is finalized when the plan is made and takes no
// attribute after (`ExecutionPlan` hands out no `&mut` to it). A shared
// plan gives cuDNN the pointer only to be read (an execution, a CUDA
// graph's population or update, which run on the caller's handle and
// change nothing in the plan), and reads its attributes back only under
// `reads`, one reader at a time; what it keeps alive (`Raw`) is `Sync`.
unsafe impl Sync for PlanDescriptor {}

impl PlanDescriptor {
    fn new(desc: BackendDescriptor) -> PlanDescriptor {
        PlanDescriptor {
            desc,
            reads: Mutex::new(()),
        }
    }

    /// The C descriptor, for cuDNN to run.
    pub(crate) fn ptr(&self) -> sys::cudnnBackendDescriptor_t {
        self.desc.ptr()
    }

    /// `f` of the descriptor, while no other thread reads it.
    fn read<R>(&self, f: impl FnOnce(&BackendDescriptor) -> R) -> R {
        let _one = self.reads.lock().unwrap_or_else(PoisonError::into_inner);
        f(&self.desc)
    }

    fn library(&self) -> &Arc<Library> {
        self.desc.library()
    }

    /// Another owner of the same finalized C descriptor (both keep it
    /// alive).
    fn share(&self) -> Result<PlanDescriptor> {
        let desc = self.desc.share_finalized().ok_or_else(|| {
            Error::unsupported("ExecutionPlan", "the plan's descriptor is not finalized")
        })?;
        Ok(PlanDescriptor::new(desc))
    }
}

/// What a plan is made of.
#[derive(Clone, Copy)]
enum Source<'a> {
    /// A finalized engine configuration.
    Config(&'a BackendDescriptor),
    /// cuDNN's JSON of a plan, read and checked by [`PlanJson::parse`].
    Json(&'a str),
}

/// A plan of `source`, finalized for `target` as cudnn-frontend does: for
/// a live handle the handle itself (cuDNN reads its GPU); for a described
/// GPU its device properties, which the plan records. Made by the general
/// calls of [`BackendDescriptor`], each checked against the table. Returns
/// the plan, its workspace, and the handle's id or the described GPU.
fn finalized(
    lib: &Arc<Library>,
    source: Source<'_>,
    target: Target<'_>,
    kernel_cache: Option<&BackendDescriptor>,
) -> Result<Finalized> {
    check_target_library(lib, target, FINALIZE)?;
    let mut desc = BackendDescriptor::with_library(lib, D::EXECUTION_PLAN_DESCRIPTOR)?;
    match source {
        Source::Config(c) => desc.set_descriptor(A::EXECUTION_PLAN_ENGINE_CONFIG, c)?,
        Source::Json(json) => desc.set_checked_text(A::EXECUTION_PLAN_JSON_REPRESENTATION, json)?,
    }
    if let Some(cache) = kernel_cache {
        desc.set_descriptor(A::EXECUTION_PLAN_KERNEL_CACHE, cache)?;
    }
    let (handle_id, target) = match target {
        Target::Handle(h) => {
            desc.set_handle(A::EXECUTION_PLAN_HANDLE, h)?;
            (Some(h.id()), None)
        }
        Target::Device { device: props, .. } => {
            props.with_descriptor(lib, |d| desc.set_shared(A::EXECUTION_PLAN_DEVICEPROP, d))?;
            (None, Some(Arc::clone(props.device_limits())))
        }
    };
    desc.finalize()?;
    let ws = desc.get_one::<i64>(A::EXECUTION_PLAN_WORKSPACE_SIZE)?;
    let workspace = usize::try_from(ws).map_err(|_| workspace_refused(ws))?;
    Ok(Finalized {
        desc: PlanDescriptor::new(desc),
        workspace,
        handle_id,
        target,
    })
}

/// What [`finalized`] makes.
struct Finalized {
    desc: PlanDescriptor,
    workspace: usize,
    handle_id: Option<u64>,
    target: Option<Arc<DeviceLimits>>,
}

/// A workspace size that is not one.
#[cold]
fn workspace_refused(ws: i64) -> Error {
    Error::unsupported(
        "cudnnBackendGetAttribute(CUDNN_ATTR_EXECUTION_PLAN_WORKSPACE_SIZE)",
        format!("cuDNN reported a workspace of {ws} bytes"),
    )
}

/// The engine configuration of a finalized plan, read back from cuDNN.
fn plan_config(plan: &BackendDescriptor) -> Option<BackendDescriptor> {
    plan.get_descriptors(A::EXECUTION_PLAN_ENGINE_CONFIG, D::ENGINECFG_DESCRIPTOR)
        .ok()?
        .into_iter()
        .next()
}

/// What a finalized plan's engine reports of itself, read back from
/// cuDNN (`None` when it does not report its engine).
fn plan_engine(plan: &BackendDescriptor) -> Option<EngineInfo> {
    config_engine(&plan_config(plan)?)
}

/// `engine 12, knobs SPLIT_K=1, notes TENSOR_CORE, workspace 256 bytes`:
/// the engine, its knob choices and notes, and the workspace.
impl std::fmt::Display for ExecutionPlan {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let behavior = self.behavior_notes().unwrap_or(&[]);
        write_engine(
            f,
            self.engine_index(),
            self.knobs(),
            self.numerical_notes(),
            behavior,
        )?;
        write!(f, ", workspace {} bytes", self.workspace)
    }
}

impl ExecutionPlan {
    /// Finalizes `config` into a plan for `target` (which should be the
    /// target the configuration was chosen for).
    ///
    /// With a [`Target::Device`] nothing runs and no GPU is needed: the
    /// plan is built for the described GPU and can be saved
    /// ([`to_json`](Self::to_json)).
    ///
    /// # Errors
    /// cuDNN's status (for example `NOT_SUPPORTED` when the engine cannot
    /// run this graph on the target); [`Error::DependencyUnavailable`] when
    /// cuDNN 9's precompiled engines cannot load cuBLASLt;
    /// [`Error::InvalidArgument`] for a target of another library.
    #[doc(alias = "CUDNN_BACKEND_EXECUTION_PLAN_DESCRIPTOR")]
    pub fn new(config: &EngineConfig, target: Target<'_>) -> Result<ExecutionPlan> {
        Self::with_kernel_cache(config, target, None)
    }

    /// As [`new`](Self::new), finalized with a kernel cache's descriptor
    /// (finalized, and locked by the caller:
    /// [`KernelCache`](super::KernelCache)).
    pub(crate) fn with_kernel_cache(
        config: &EngineConfig,
        target: Target<'_>,
        kernel_cache: Option<&BackendDescriptor>,
    ) -> Result<ExecutionPlan> {
        let source = Source::Config(&config.desc);
        let Finalized {
            desc,
            workspace,
            handle_id,
            target,
        } = finalized(config.library(), source, target, kernel_cache)?;
        Ok(ExecutionPlan {
            desc,
            workspace,
            graph_name: config.graph_name.clone(),
            tensors: Arc::clone(&config.tensors),
            engine: OnceLock::new(),
            knobs: OnceLock::new(),
            handle_id,
            target,
            checked_on: AtomicU64::new(0),
        })
    }

    /// Reads a plan from cuDNN's JSON ([`to_json`](Self::to_json)) and
    /// finalizes it for `target`, with the target's library
    /// ([`Target::library`]).
    ///
    /// A target is required: cuDNN 9.28 dereferences a null pointer when
    /// a plan read from JSON is finalized with neither device properties
    /// nor a handle.
    ///
    /// The JSON is read into a typed model of what cuDNN reads and checked
    /// before cuDNN sees it (cuDNN 9.28 ends the process on a tensor
    /// reference that is not a number): no key twice in an object, every
    /// tensor reference of every node (inputs and outputs) a uid of
    /// exactly one tensor, no key this crate does not know in the graph,
    /// its tensors and nodes, numbers of the right type and range, at most
    /// [`MAX_OPERATIONS`](super::MAX_OPERATIONS) operations. The tensors
    /// the plan writes come from its nodes' kinds, by cuDNN's key names
    /// (`dX` of a data gradient, `dW` of a filter gradient, ...). An
    /// attention node that names the ends of a score subgraph
    /// (`subgraphInputUid`, `subgraphOutputUid`) must hold it.
    ///
    /// What the JSON alone cannot show: cuDNN 9.28 writes the plan of an
    /// SDPA backward with score modifiers (a mask aligned bottom-right, a
    /// causal mask with cumulative lengths) without them: no `subgraph`,
    /// no subgraph ends, no tensor or setting of the masks. Its operation
    /// graph is, key for key, that of a backward without masks, which is
    /// a valid plan; so it is read here too, with the tensors its JSON
    /// lists (not the masks' fill value or a bias, which its engine's
    /// kernel parameters still name by uid: measured on 9.28).
    /// [`OperationGraph::plan_from_json`](super::OperationGraph::plan_from_json)
    /// compares such a plan with its graph less the score subgraph, and
    /// [`PlanCache`](super::PlanCache) hands it out with its graph's
    /// tensors (the masks' included), as a plan built for the graph has.
    /// Check a plan's JSON from outside against its graph before running
    /// it.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] when the JSON is not a plan this crate
    /// can read (a node naming subgraph ends without a subgraph
    /// included), or the library has no plan JSON (cuDNN 8); cuDNN's
    /// status, for example `NOT_SUPPORTED_ARCH_MISMATCH` (3007) for a plan
    /// built for another GPU architecture than the target's.
    pub fn from_json(json: &str, target: Target<'_>) -> Result<ExecutionPlan> {
        let (graph_name, tensors) = PlanJson::tensors(json)?;
        Self::from_read_json(json, target, graph_name, tensors.into())
    }

    /// A plan of `json`, which [`PlanJson`] has read and checked already,
    /// finalized for `target` as [`from_json`](Self::from_json) does it,
    /// with `tensors` for its graph's.
    pub(crate) fn from_read_json(
        json: &str,
        target: Target<'_>,
        graph_name: Name,
        tensors: Arc<[GraphTensor]>,
    ) -> Result<ExecutionPlan> {
        let lib = target.library();
        let source = Source::Json(json);
        let Finalized {
            desc,
            workspace,
            handle_id,
            target,
        } = finalized(lib, source, target, None)?;
        Ok(ExecutionPlan {
            desc,
            workspace,
            graph_name,
            tensors,
            engine: OnceLock::new(),
            knobs: OnceLock::new(),
            handle_id,
            target,
            checked_on: AtomicU64::new(0),
        })
    }

    /// This plan (the same C descriptor, kept alive by both) with
    /// `tensors` for its graph's: what a plan cache hands out for a graph
    /// of the same key whose by-value scalars differ.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for a plan whose descriptor is not
    /// finalized (every plan's is).
    pub(crate) fn with_tensors(&self, tensors: Arc<[GraphTensor]>) -> Result<ExecutionPlan> {
        Ok(ExecutionPlan {
            desc: self.desc.share()?,
            workspace: self.workspace,
            graph_name: self.graph_name.clone(),
            tensors,
            engine: OnceLock::new(),
            knobs: OnceLock::new(),
            handle_id: self.handle_id,
            target: self.target.clone(),
            checked_on: AtomicU64::new(self.checked_on.load(Ordering::Relaxed)),
        })
    }

    /// cuDNN's JSON of the plan: the graph, the engine and its knobs, the
    /// cuDNN version. [`from_json`](Self::from_json) reads it back.
    ///
    /// # Errors
    /// cuDNN's status; [`Error::InvalidArgument`] on cuDNN 8, which has no
    /// plan JSON.
    pub fn to_json(&self) -> Result<String> {
        self.desc
            .read(|d| d.get_string(A::EXECUTION_PLAN_JSON_REPRESENTATION))
    }

    /// The device memory, in bytes, an execution needs as workspace.
    pub fn workspace_size(&self) -> usize {
        self.workspace
    }

    /// The graph's tensors, for binding buffers.
    pub fn tensors(&self) -> &[GraphTensor] {
        &self.tensors
    }

    /// The tensor with `uid`.
    pub fn tensor(&self, uid: i64) -> Option<&GraphTensor> {
        self.tensors.iter().find(|t| t.uid == uid)
    }

    /// The name of the graph (for a plan read from JSON: the operation
    /// graph's mode as cuDNN recorded it).
    pub fn graph_name(&self) -> &str {
        &self.graph_name
    }

    /// The engine's global index, when known.
    pub fn engine_index(&self) -> Option<i64> {
        self.engine().map(|e| e.index).filter(|&i| i >= 0)
    }

    /// The engine's behaviour notes (runtime compilation, CUDA graphs,
    /// cuBLASLt, ...), as cuDNN reports them for the plan's engine (the
    /// configuration's notes); `None` when it does not.
    pub fn behavior_notes(&self) -> Option<&[Behavior]> {
        self.engine().map(|n| &n.behavior[..])
    }

    /// The engine's numerical notes (tensor cores, ...), as cuDNN reports
    /// them for the plan's engine (the configuration's notes); empty when
    /// it does not.
    pub fn numerical_notes(&self) -> &[Numerical] {
        self.engine().map_or(&[], |n| &n.numerical[..])
    }

    fn engine(&self) -> Option<&EngineInfo> {
        self.engine
            .get_or_init(|| self.desc.read(plan_engine))
            .as_ref()
    }

    /// The knob choices of the plan's engine configuration.
    pub fn knobs(&self) -> &[(KnobType, i64)] {
        self.knobs.get_or_init(|| {
            self.desc
                .read(plan_config)
                .map_or_else(Vec::new, |c| read_knobs(&c))
        })
    }

    /// The described GPU the plan was built for
    /// ([`Target::Device`]); `None` for a plan built for a handle.
    pub fn target(&self) -> Option<&DeviceLimits> {
        self.target.as_deref()
    }

    /// The library it belongs to.
    pub fn library(&self) -> &Arc<Library> {
        self.desc.library()
    }
}
