//! Execution plans: an engine configuration finalized for a target GPU,
//! with its workspace size; serialized to cuDNN's JSON and read back.

use std::cell::Cell;
use std::sync::Arc;

use cudnn_sys as sys;
use sys::{
    cudnnBackendAttributeName_t as A, cudnnBackendBehaviorNote_t as Behavior,
    cudnnBackendDescriptorType_t as D,
};

use super::builder::{GraphTensor, OperationGraph};
use super::descriptor::BackendDescriptor;
use super::engine::{check_target_library, EngineConfig, Target};
use super::scalar::ScalarValue;
use super::target::PlanTarget;
use crate::error::{Error, Mismatch, Result};
use crate::library::Library;

const FINALIZE: &str = "cudnnBackendFinalize(CUDNN_BACKEND_EXECUTION_PLAN_DESCRIPTOR)";
const FROM_JSON: &str = "ExecutionPlan::from_json";

/// The alignment, in bytes, every tensor of a graph is described with
/// (`CUDNN_ATTR_TENSOR_BYTE_ALIGNMENT`), and that of a plan's tensor whose
/// JSON does not say.
pub(crate) const BYTE_ALIGNMENT: u64 = 16;

/// A tensor of a plan's graph, as an execution checks its buffer against
/// it: uid, shape, strides, data type, the alignment its address must
/// have; whether it is virtual (no buffer), passed by value (a host
/// scalar), written by the graph, and read as device-side indices.
#[derive(Debug, Clone, PartialEq)]
pub struct PlanTensor {
    pub(crate) uid: i64,
    pub(crate) dims: Vec<i64>,
    pub(crate) strides: Vec<i64>,
    pub(crate) data_type: sys::cudnnDataType_t,
    pub(crate) is_virtual: bool,
    pub(crate) by_value: Option<ScalarValue>,
    pub(crate) is_by_value: bool,
    pub(crate) written: bool,
    pub(crate) is_index: bool,
    pub(crate) alignment: u64,
}

impl PlanTensor {
    /// What a plan of the graph of `t` checks its buffer against.
    pub(crate) fn of(t: &GraphTensor) -> PlanTensor {
        PlanTensor {
            uid: t.uid(),
            dims: t.dims().to_vec(),
            strides: t.strides().to_vec(),
            data_type: t.data_type(),
            is_virtual: t.is_virtual(),
            by_value: t.by_value(),
            is_by_value: t.by_value().is_some(),
            written: t.is_output(),
            is_index: t.is_index(),
            alignment: BYTE_ALIGNMENT,
        }
    }

    /// Its unique id in the graph.
    pub fn uid(&self) -> i64 {
        self.uid
    }
    /// Its dimensions.
    pub fn dims(&self) -> &[i64] {
        &self.dims
    }
    /// Its strides, in elements.
    pub fn strides(&self) -> &[i64] {
        &self.strides
    }
    /// Its element type.
    pub fn data_type(&self) -> sys::cudnnDataType_t {
        self.data_type
    }
    /// Whether it only lives inside the fused kernels (no buffer).
    pub fn is_virtual(&self) -> bool {
        self.is_virtual
    }
    /// Whether it is a scalar passed by value from the host.
    pub fn is_by_value(&self) -> bool {
        self.is_by_value
    }
    /// A by-value scalar's value, when the plan knows it (from its graph;
    /// a plan read from JSON alone does not).
    pub fn value(&self) -> Option<ScalarValue> {
        self.by_value
    }
    /// Whether the graph writes it (an output).
    pub fn is_written(&self) -> bool {
        self.written
    }
    /// Whether its values are indices the device follows (sequence
    /// lengths, page tables): its buffer is bound with
    /// [`VariantPack::index_input`](super::VariantPack::index_input).
    pub fn is_index(&self) -> bool {
        self.is_index
    }
    /// The alignment, in bytes, its buffer's address must have (16 for
    /// every tensor of a [`Graph`](super::Graph)).
    pub fn alignment(&self) -> u64 {
        self.alignment
    }
    /// The elements its buffer must hold: one past the largest offset.
    /// `None` when that does not fit `usize`.
    pub fn span(&self) -> Option<usize> {
        let mut last: usize = 0;
        for (&d, &s) in self.dims.iter().zip(&self.strides) {
            let d = usize::try_from(d).ok()?;
            let s = usize::try_from(s).ok()?;
            if d == 0 {
                return Some(0);
            }
            last = last.checked_add((d - 1).checked_mul(s)?)?;
        }
        last.checked_add(1)
    }
}

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
/// Not `Clone`; `Send`, not `Sync`.
#[derive(Debug)]
pub struct ExecutionPlan {
    pub(crate) desc: BackendDescriptor,
    pub(crate) workspace: usize,
    pub(crate) graph_name: String,
    pub(crate) tensors: Vec<PlanTensor>,
    pub(crate) engine_index: Option<i64>,
    /// The engine's behaviour notes, when known.
    pub(crate) behavior_notes: Option<Vec<Behavior>>,
    /// The handle the plan was built with, when it was built with one.
    pub(crate) handle_id: Option<u64>,
    /// The described GPU it was built for.
    pub(crate) target: Option<PlanTarget>,
    /// The last handle whose GPU was found to be the target.
    pub(crate) checked_on: Cell<Option<u64>>,
}

static_assertions::assert_impl_all!(ExecutionPlan: Send);
static_assertions::assert_not_impl_any!(ExecutionPlan: Sync, Clone);

/// Sets a plan's target, as cudnn-frontend does: for a live handle the
/// handle itself (cuDNN reads its GPU); for a described GPU its device
/// properties, which the plan records. Returns the handle's id or the
/// recorded target.
fn set_target(
    plan: &mut BackendDescriptor,
    lib: &Arc<Library>,
    target: Target<'_>,
) -> Result<(Option<u64>, Option<PlanTarget>)> {
    check_target_library(lib, target, FINALIZE)?;
    match target {
        Target::Handle(h) => {
            plan.set_handle(A::CUDNN_ATTR_EXECUTION_PLAN_HANDLE, h)?;
            Ok((Some(h.id()), None))
        }
        Target::Device(props) => {
            let d = props.descriptor(lib)?;
            plan.set_descriptors(A::CUDNN_ATTR_EXECUTION_PLAN_DEVICEPROP, &[&d])?;
            Ok((None, Some(PlanTarget::of(props))))
        }
    }
}

/// The behaviour notes of a finalized plan's engine, read back from cuDNN
/// (`None` when it does not report them).
fn engine_notes(plan: &BackendDescriptor) -> Option<Vec<Behavior>> {
    let cfg = plan
        .get_descriptors(
            A::CUDNN_ATTR_EXECUTION_PLAN_ENGINE_CONFIG,
            D::CUDNN_BACKEND_ENGINECFG_DESCRIPTOR,
        )
        .ok()?
        .into_iter()
        .next()?;
    let engine = cfg
        .get_descriptors(
            A::CUDNN_ATTR_ENGINECFG_ENGINE,
            D::CUDNN_BACKEND_ENGINE_DESCRIPTOR,
        )
        .ok()?
        .into_iter()
        .next()?;
    engine
        .get::<Behavior>(A::CUDNN_ATTR_ENGINE_BEHAVIOR_NOTE)
        .ok()
}

/// The workspace a finalized plan reports, checked.
fn workspace_of(plan: &BackendDescriptor) -> Result<usize> {
    let ws = plan.get_one::<i64>(A::CUDNN_ATTR_EXECUTION_PLAN_WORKSPACE_SIZE)?;
    usize::try_from(ws).map_err(|_| Error::InvalidArgument {
        function: "cudnnBackendGetAttribute(CUDNN_ATTR_EXECUTION_PLAN_WORKSPACE_SIZE)",
        mismatch: Mismatch::Unsupported {
            what: format!("cuDNN reported a workspace of {ws} bytes"),
        },
    })
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
        let lib = config.library().clone();
        let mut desc =
            BackendDescriptor::with_library(&lib, D::CUDNN_BACKEND_EXECUTION_PLAN_DESCRIPTOR)?;
        desc.set_descriptors(A::CUDNN_ATTR_EXECUTION_PLAN_ENGINE_CONFIG, &[&config.desc])?;
        let (handle_id, target) = set_target(&mut desc, &lib, target)?;
        desc.finalize()?;
        let workspace = workspace_of(&desc)?;
        Ok(ExecutionPlan {
            desc,
            workspace,
            graph_name: config.graph_name.clone(),
            tensors: config.tensors.clone(),
            engine_index: Some(config.global_index),
            behavior_notes: Some(config.behavior_notes.clone()),
            handle_id,
            target,
            checked_on: Cell::new(None),
        })
    }

    /// Reads a plan from cuDNN's JSON ([`to_json`](Self::to_json)) and
    /// finalizes it for `target`, with library `lib`.
    ///
    /// A target is required: cuDNN 9.28 dereferences a null pointer when
    /// a plan read from JSON is finalized with neither device properties
    /// nor a handle.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] when the JSON is not a plan this crate
    /// can read its tensors from, or the library has no plan JSON (cuDNN
    /// 8); cuDNN's status, for example `NOT_SUPPORTED_ARCH_MISMATCH` (3007)
    /// for a plan built for another GPU architecture than the target's.
    pub fn from_json(lib: &Arc<Library>, json: &str, target: Target<'_>) -> Result<ExecutionPlan> {
        let (graph_name, tensors, engine_index) = parse_plan_json(json)?;
        let mut desc =
            BackendDescriptor::with_library(lib, D::CUDNN_BACKEND_EXECUTION_PLAN_DESCRIPTOR)?;
        desc.set(
            A::CUDNN_ATTR_EXECUTION_PLAN_JSON_REPRESENTATION,
            json.as_bytes(),
        )?;
        let (handle_id, target) = set_target(&mut desc, lib, target)?;
        desc.finalize()?;
        let workspace = workspace_of(&desc)?;
        let behavior_notes = engine_notes(&desc);
        Ok(ExecutionPlan {
            desc,
            workspace,
            graph_name,
            tensors,
            engine_index,
            behavior_notes,
            handle_id,
            target,
            checked_on: Cell::new(None),
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
            .get_string(A::CUDNN_ATTR_EXECUTION_PLAN_JSON_REPRESENTATION)
    }

    /// The device memory, in bytes, an execution needs as workspace.
    pub fn workspace_size(&self) -> usize {
        self.workspace
    }

    /// The graph's tensors, for binding buffers.
    pub fn tensors(&self) -> &[PlanTensor] {
        &self.tensors
    }

    /// The tensor with `uid`.
    pub fn tensor(&self, uid: i64) -> Option<&PlanTensor> {
        self.tensors.iter().find(|t| t.uid == uid)
    }

    /// The name of the graph (for a plan read from JSON: the operation
    /// graph's mode as cuDNN recorded it).
    pub fn graph_name(&self) -> &str {
        &self.graph_name
    }

    /// The engine's global index, when known.
    pub fn engine_index(&self) -> Option<i64> {
        self.engine_index
    }

    /// The engine's behaviour notes (runtime compilation, CUDA graphs,
    /// cuBLASLt, ...): the configuration's, or for a plan read from JSON
    /// what cuDNN reports of it; `None` when it does not.
    pub fn behavior_notes(&self) -> Option<&[Behavior]> {
        self.behavior_notes.as_deref()
    }

    /// The described GPU the plan was built for
    /// ([`Target::Device`]); `None` for a plan built for a handle.
    pub fn target(&self) -> Option<&PlanTarget> {
        self.target.as_ref()
    }

    /// The library it belongs to.
    pub fn library(&self) -> &Arc<Library> {
        self.desc.library()
    }

    /// Takes the values of by-value scalars (which the plan's JSON does
    /// not record) from the graph the plan is for, by uid.
    pub(crate) fn take_scalars_from(&mut self, graph: &OperationGraph) {
        for t in self.tensors.iter_mut().filter(|t| t.is_by_value) {
            if let Some(g) = graph.tensors().iter().find(|g| g.uid() == t.uid) {
                t.by_value = g.by_value();
            }
        }
    }
}

fn bad_json(what: String) -> Error {
    Error::InvalidArgument {
        function: FROM_JSON,
        mismatch: Mismatch::BadValue { what },
    }
}

/// cuDNN's name of a data type, as its plan JSON writes it.
pub(crate) fn data_type_from_name(name: &str) -> Option<sys::cudnnDataType_t> {
    use sys::cudnnDataType_t as T;
    Some(match name {
        "CUDNN_DATA_FLOAT" => T::CUDNN_DATA_FLOAT,
        "CUDNN_DATA_DOUBLE" => T::CUDNN_DATA_DOUBLE,
        "CUDNN_DATA_HALF" => T::CUDNN_DATA_HALF,
        "CUDNN_DATA_BFLOAT16" => T::CUDNN_DATA_BFLOAT16,
        "CUDNN_DATA_INT8" => T::CUDNN_DATA_INT8,
        "CUDNN_DATA_UINT8" => T::CUDNN_DATA_UINT8,
        "CUDNN_DATA_INT32" => T::CUDNN_DATA_INT32,
        "CUDNN_DATA_INT64" => T::CUDNN_DATA_INT64,
        "CUDNN_DATA_BOOLEAN" => T::CUDNN_DATA_BOOLEAN,
        "CUDNN_DATA_FP8_E4M3" => T::CUDNN_DATA_FP8_E4M3,
        "CUDNN_DATA_FP8_E5M2" => T::CUDNN_DATA_FP8_E5M2,
        _ => return None,
    })
}

fn int_array(v: &serde_json::Value, what: &str) -> Result<Vec<i64>> {
    v.as_array()
        .and_then(|a| a.iter().map(serde_json::Value::as_i64).collect())
        .ok_or_else(|| bad_json(format!("{what} is not an array of integers")))
}

/// The graph's mode, tensors and the engine index of cuDNN's plan JSON.
/// A tensor is written when a node names it as its output
/// ([`OUTPUT_KEYS`]).
fn parse_plan_json(json: &str) -> Result<(String, Vec<PlanTensor>, Option<i64>)> {
    let v: serde_json::Value =
        serde_json::from_str(json).map_err(|e| bad_json(format!("not JSON: {e}")))?;
    let graph = v
        .get("operationGraph")
        .ok_or_else(|| bad_json("no \"operationGraph\"".into()))?;
    let name = graph
        .get("finalizeMode")
        .and_then(serde_json::Value::as_str)
        .unwrap_or("plan")
        .to_owned();
    let mut written = Vec::new();
    written_uids(graph, &mut written)?;
    let mut indices = Vec::new();
    index_uids(graph, &mut indices);
    let lists = tensor_lists(graph);
    let Some(first) = lists.first().and_then(|l| l.as_array()) else {
        return Err(bad_json("no \"operationGraph.tensors\" array".into()));
    };
    let all: Vec<&serde_json::Value> = first
        .iter()
        .chain(lists[1..].iter().filter_map(|l| l.as_array()).flatten())
        .collect();
    let mut tensors: Vec<PlanTensor> = Vec::with_capacity(all.len());
    for (i, t) in all.into_iter().enumerate() {
        let field = |k: &str| {
            t.get(k)
                .ok_or_else(|| bad_json(format!("tensor {i} has no \"{k}\"")))
        };
        let uid = uid_of(field("name")?)
            .ok_or_else(|| bad_json(format!("tensor {i}'s \"name\" is not its uid")))?;
        if tensors.iter().any(|t| t.uid == uid) {
            continue;
        }
        let dtype_name = field("dataType")?.as_str().unwrap_or_default();
        let data_type = data_type_from_name(dtype_name)
            .ok_or_else(|| bad_json(format!("tensor {uid}: unknown data type {dtype_name:?}")))?;
        let dims = int_array(field("dim")?, &format!("tensor {uid}'s \"dim\""))?;
        let strides = int_array(field("stride")?, &format!("tensor {uid}'s \"stride\""))?;
        if dims.len() != strides.len() {
            return Err(bad_json(format!(
                "tensor {uid} has {} dims but {} strides",
                dims.len(),
                strides.len()
            )));
        }
        let flag = |k: &str| {
            t.get(k)
                .and_then(serde_json::Value::as_bool)
                .unwrap_or(false)
        };
        tensors.push(PlanTensor {
            uid,
            dims,
            strides,
            data_type,
            is_virtual: flag("isVirtual"),
            by_value: None,
            is_by_value: flag("isByValue"),
            written: written.contains(&uid),
            is_index: indices.contains(&uid),
            alignment: alignment_of(t),
        });
    }
    let engine_index = v
        .get("engine")
        .and_then(|e| e.get("engineId"))
        .and_then(serde_json::Value::as_i64);
    Ok((name, tensors, engine_index))
}

/// The keys under which cuDNN's plan JSON names the tensors a node of
/// each operation writes (read from 9.28's plans). A normalization's
/// `Mean` and `InvVariance` are written only in training (`fmode`).
const OUTPUT_KEYS: &[(&str, &[&str])] = &[
    (
        "CUDNN_BACKEND_OPERATION_CONVOLUTION_FORWARD_DESCRIPTOR",
        &["Y"],
    ),
    (
        "CUDNN_BACKEND_OPERATION_CONVOLUTION_BACKWARD_DATA_DESCRIPTOR",
        &["DX"],
    ),
    (
        "CUDNN_BACKEND_OPERATION_CONVOLUTION_BACKWARD_FILTER_DESCRIPTOR",
        &["DW"],
    ),
    ("CUDNN_BACKEND_OPERATION_POINTWISE_DESCRIPTOR", &["Y", "DX"]),
    ("CUDNN_BACKEND_OPERATION_MATMUL_DESCRIPTOR", &["C"]),
    ("CUDNN_BACKEND_OPERATION_REDUCTION_DESCRIPTOR", &["Y"]),
    (
        "CUDNN_BACKEND_OPERATION_DIAGONAL_BAND_MASK_DESCRIPTOR",
        &["Y"],
    ),
    (
        "CUDNN_BACKEND_OPERATION_NORM_FORWARD_DESCRIPTOR",
        &[
            "Y",
            "Mean",
            "InvVariance",
            "OutRunningMean",
            "OutRunningVar",
        ],
    ),
    (
        "CUDNN_BACKEND_OPERATION_NORM_BACKWARD_DESCRIPTOR",
        &["DX", "DScale", "DBias"],
    ),
    (
        "CUDNN_BACKEND_OPERATION_SDPA_FWD_DESCRIPTOR",
        &["O", "stats"],
    ),
    (
        "CUDNN_BACKEND_OPERATION_SDPA_BWD_DESCRIPTOR",
        &["dQDesc", "dKDesc", "dVDesc"],
    ),
    ("CUDNN_BACKEND_OPERATION_ROPE_FWD_DESCRIPTOR", &["Y"]),
    ("CUDNN_BACKEND_OPERATION_ROPE_BWD_DESCRIPTOR", &["DX"]),
];

/// A uid as the plan JSON writes it: a string of digits (or a number).
fn uid_of(v: &serde_json::Value) -> Option<i64> {
    v.as_str()
        .and_then(|s| s.parse::<i64>().ok())
        .or_else(|| v.as_i64())
}

/// The uids the nodes of a plan's graph (and of their subgraphs) write. A
/// node of an operation not in [`OUTPUT_KEYS`] is refused: its outputs
/// are not guessed.
fn written_uids(graph: &serde_json::Value, out: &mut Vec<i64>) -> Result<()> {
    let nodes = graph
        .get("nodes")
        .and_then(serde_json::Value::as_array)
        .ok_or_else(|| bad_json("no \"nodes\" array in an operation graph".into()))?;
    for node in nodes {
        let op = node
            .get("operation")
            .and_then(serde_json::Value::as_str)
            .unwrap_or("?");
        let Some((_, keys)) = OUTPUT_KEYS.iter().find(|(name, _)| *name == op) else {
            return Err(bad_json(format!(
                "a node of operation {op}, whose outputs this crate does not know"
            )));
        };
        let training = node.get("fmode").and_then(serde_json::Value::as_str)
            != Some("CUDNN_NORM_FWD_INFERENCE");
        for key in *keys {
            if !training && matches!(*key, "Mean" | "InvVariance") {
                continue;
            }
            if let Some(v) = node.get(*key) {
                let uid =
                    uid_of(v).ok_or_else(|| bad_json(format!("{op}'s {key} {v} is not a uid")))?;
                out.push(uid);
            }
        }
        if let Some(sub) = node.get("subgraph") {
            written_uids(sub, out)?;
        }
    }
    Ok(())
}

/// The uids a plan's graph (and its nodes' subgraphs) reads as device-side
/// indices: what a node names under a key starting `seqLen` or
/// `pageTable` (9.28 writes `seqLenQ`, `seqLenKV`, `pageTableK`,
/// `pageTableV` for the attention forward, with `Desc` after them for the
/// backward).
fn index_uids(graph: &serde_json::Value, out: &mut Vec<i64>) {
    let nodes = graph.get("nodes").and_then(serde_json::Value::as_array);
    for node in nodes.into_iter().flatten() {
        if let Some(map) = node.as_object() {
            let named = map
                .iter()
                .filter(|(k, _)| k.starts_with("seqLen") || k.starts_with("pageTable"));
            out.extend(named.filter_map(|(_, v)| uid_of(v)));
        }
        if let Some(sub) = node.get("subgraph") {
            index_uids(sub, out);
        }
    }
}

/// A tensor's `ptrAlignment` in the plan JSON, or the graph's alignment
/// when it has none.
fn alignment_of(t: &serde_json::Value) -> u64 {
    t.get("ptrAlignment")
        .and_then(serde_json::Value::as_u64)
        .filter(|&a| a > 0)
        .unwrap_or(BYTE_ALIGNMENT)
}

/// The tensor lists of a graph and of its nodes' subgraphs (an attention
/// node's score modifiers: bias, masks and their scalars).
fn tensor_lists(graph: &serde_json::Value) -> Vec<&serde_json::Value> {
    let mut lists: Vec<&serde_json::Value> = graph.get("tensors").into_iter().collect();
    if let Some(nodes) = graph.get("nodes").and_then(serde_json::Value::as_array) {
        for sub in nodes.iter().filter_map(|n| n.get("subgraph")) {
            lists.extend(tensor_lists(sub));
        }
    }
    lists
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(json: &serde_json::Value) -> Vec<PlanTensor> {
        parse_plan_json(&json.to_string()).expect("a plan's JSON").1
    }

    fn written(tensors: &[PlanTensor]) -> Vec<i64> {
        tensors
            .iter()
            .filter(|t| t.written)
            .map(|t| t.uid)
            .collect()
    }

    // The operation graphs of 9.28's plans (sm_90), as cuDNN wrote them.
    // (76 KB of JSON through serde_json: minutes under Miri, and no unsafe
    // code of this crate on the way.)
    #[test]
    #[cfg_attr(miri, ignore = "slow under Miri; pure serde_json parsing")]
    fn plan_json_tells_inputs_from_outputs() {
        let conv: serde_json::Value =
            serde_json::from_str(include_str!("../../tests/data/conv-plan-sm90.json"))
                .expect("JSON");
        let (name, t, engine) = parse_plan_json(&conv.to_string()).expect("plan");
        assert_eq!((name.as_str(), engine), ("CONV_FORWARD", Some(0)));
        assert_eq!(written(&t), [3]);
        assert_eq!(t[0].dims, [1, 3, 8, 8]);
        assert_eq!(t[0].data_type, sys::cudnnDataType_t::CUDNN_DATA_FLOAT);

        let all: serde_json::Value = serde_json::from_str(include_str!(
            "../../tests/data/norm-attention-plans-sm90.json"
        ))
        .expect("JSON");
        let plans = all.as_object().expect("by name");
        assert!(plans.len() >= 10);
        for (name, plan) in plans {
            let t = parsed(plan);
            assert!(!written(&t).is_empty(), "{name} writes nothing");
        }
        // Training writes the statistics; inference reads nothing back.
        assert_eq!(written(&parsed(&all["layer_norm"])), [4, 5, 6]);
        assert_eq!(written(&parsed(&all["layer_norm_inference"])), [4]);
        // The attention node's score subgraph brings its bias and scalars.
        let masked = parsed(&all["sdpa_forward_masked"]);
        for uid in [4, 10, 12, 13] {
            assert!(masked.iter().any(|t| t.uid == uid), "uid {uid}");
        }
        let w = written(&masked);
        assert!(w.contains(&5) && w.contains(&6), "{w:?}");
        assert!(!w.contains(&1) && !w.contains(&4), "{w:?}");
    }

    // 9.28's attention plans name their sequence lengths `seqLenQ` and
    // `seqLenKV` (forward) and `seqLenQDesc`, `seqLenKVDesc` (backward):
    // indices; the dropout seed and offset are not.
    #[test]
    #[cfg_attr(miri, ignore = "slow under Miri; pure serde_json parsing")]
    fn plan_json_marks_device_side_indices_and_alignment() {
        let all: serde_json::Value = serde_json::from_str(include_str!(
            "../../tests/data/norm-attention-plans-sm90.json"
        ))
        .expect("JSON");
        for (name, keys) in [
            ("sdpa_forward_padded_dropout", ["seqLenQ", "seqLenKV"]),
            ("sdpa_backward", ["seqLenQDesc", "seqLenKVDesc"]),
        ] {
            let node = &all[name]["operationGraph"]["nodes"][0];
            let want: Vec<i64> = keys.iter().map(|k| uid_of(&node[*k]).expect(k)).collect();
            let t = parsed(&all[name]);
            let got: Vec<i64> = t.iter().filter(|t| t.is_index).map(|t| t.uid).collect();
            assert_eq!(got, want, "{name}");
            assert!(t.iter().all(|t| t.alignment == BYTE_ALIGNMENT), "{name}");
        }
        let node = &all["sdpa_forward_padded_dropout"]["operationGraph"]["nodes"][0];
        let t = parsed(&all["sdpa_forward_padded_dropout"]);
        for key in ["dropoutSeed", "dropoutOffset"] {
            let uid = uid_of(&node[key]).expect(key);
            assert!(t.iter().any(|t| t.uid == uid && !t.is_index), "{key}");
        }
        let json = r#"{"operationGraph":{"tensors":[{"name":"1","dataType":"CUDNN_DATA_HALF",
            "dim":[1],"stride":[1],"ptrAlignment":4}],"nodes":[]}}"#;
        let (_, t, _) = parse_plan_json(json).expect("plan");
        assert_eq!(t[0].alignment, 4);
    }

    #[test]
    fn unknown_operations_and_broken_json_are_refused() {
        let unknown =
            r#"{"operationGraph":{"tensors":[],"nodes":[{"operation":"SOMETHING_NEW","Y":"1"}]}}"#;
        let e = parse_plan_json(unknown).expect_err("unknown op");
        assert!(e.to_string().contains("SOMETHING_NEW"), "{e}");
        for bad in [
            "[]",
            r#"{"operationGraph":{"nodes":[]}}"#,
            r#"{"operationGraph":{"tensors":[{"name":"x"}],"nodes":[]}}"#,
        ] {
            assert!(parse_plan_json(bad).is_err(), "{bad}");
        }
    }
}
