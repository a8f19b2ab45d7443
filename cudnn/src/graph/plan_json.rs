//! cuDNN's plan JSON, read into a typed model before cuDNN sees it.
//!
//! cuDNN 9.28's reader converts a node's tensor references with
//! `std::stoll`, whose exception for text that is not a number (or does
//! not fit) leaves `cudnnBackendFinalize` and ends the process; a subgraph
//! whose `tensors` is not an array crashes it. Other fields it checks
//! itself (a wrong type or value is `BAD_PARAM`). So the model holds every
//! field cuDNN reads of the graph (measured: each key of cuDNN's own
//! vocabulary set, one at a time, in every node kind the builder makes),
//! and refuses:
//!
//! - an object with a key twice, anywhere in the text (readers differ on
//!   which of the two counts);
//! - a tensor reference that is not a uid in canonical decimal, or names
//!   no tensor (inputs and outputs alike), and a uid given to two tensors;
//! - a graph, tensor or node key it does not know (it could be a reference
//!   cuDNN reads); a subgraph outside attention or inside a subgraph;
//! - dims, strides and flags of the wrong type or out of range; more
//!   operations than [`MAX_OPERATIONS`](super::MAX_OPERATIONS);
//! - a member of the device profile (`GPUProfile`) that is a key of a
//!   device description and outside its bound
//!   ([`DeviceProperties::fields`](super::DeviceProperties::fields)):
//!   cuDNN copies the profile into fixed-size fields, and a `deviceName`
//!   of 256 bytes or more aborts it or corrupts its heap.
//!
//! The tensors a plan writes come from the node kinds, by cuDNN's own key
//! names ([`SCHEMAS`]). The text is read once onto a flat tape
//! ([`json`]: strings borrowed where they have no escapes, the tape and
//! the reader's stack allocated once each), and the model is read off the tape; what the crate does
//! not read, the rest of the device profile and any key of the plan or
//! the engine it does not know, is left to cuDNN. This is the crate's one
//! reader of plan JSON: [`ExecutionPlan::from_json`](super::ExecutionPlan::from_json),
//! [`OperationGraph::check_plan_json`](super::OperationGraph::check_plan_json)
//! and the check of a plan text set through the base layer all read
//! through [`PlanJson::parse`].

use std::fmt;

#[cfg(test)]
use cudnn_sys as sys;
use cudnn_sys::cudnnBackendTensorReordering_t as TensorReordering;

use super::device::{check_integer, check_text, check_text_len, field_of, FieldKind};
use super::extents::Extents;
use super::graph_tensor::{data_type_from_name, GraphTensor, BYTE_ALIGNMENT};
use super::name::Name;
use super::signature::{NodeSig, Signature};
use super::{MAX_OPERATIONS, MAX_RANK};
use crate::core::error::{Error, Result};
use json::{Items, Json, Members};
use roles::{node_keys, Role};
use values::{attr_fits, is_enum_name, reference, uid_of, UidIndex};

const FROM_JSON: &str = "ExecutionPlan::from_json";

/// A plan's JSON as this crate reads it: the graph's mode, the tensors of
/// every list (the graph's and its subgraphs') and the nodes.
#[derive(Debug, Clone)]
pub(crate) struct PlanJson {
    pub(crate) graph_name: String,
    pub(crate) tensors: Vec<GraphTensor>,
    pub(crate) nodes: Vec<NodeSig>,
}

impl PlanJson {
    /// Reads and checks `json`.
    pub(crate) fn parse(json: &str) -> Result<PlanJson> {
        Self::read(json, true)
    }

    /// Reads and checks `json`; with `full`, each node's settings and
    /// the tensors it reads too (what [`signature`](Self::signature)
    /// compares), which the checks do not keep otherwise.
    fn read(json: &str, full: bool) -> Result<PlanJson> {
        let doc =
            json::parse(json).map_err(|e| Error::bad_value(FROM_JSON, format!("not JSON: {e}")))?;
        let graph = plan_graph(doc.root())?;
        Self::of_graph(&graph, full)
    }

    /// [`read`](Self::read)'s checks and model of one operation graph.
    fn of_graph(graph: &GraphDoc<'_, '_>, full: bool) -> Result<PlanJson> {
        // Room for the graph's own tensors and nodes (a subgraph's come on top).
        let mut tensors = Vec::with_capacity(graph.tensors.len());
        collect_tensors(graph, &mut tensors, 0)?;
        let by_uid = UidIndex::of(&tensors)?;
        let mut nodes = Vec::with_capacity(graph.nodes.len());
        let mut indices = Vec::new();
        read_nodes(graph, &by_uid, &mut nodes, &mut indices, 0, full)?;
        if nodes.len() > MAX_OPERATIONS {
            return Err(Error::bad_value(
                FROM_JSON,
                format!(
                    "the graph has {} operations; at most {MAX_OPERATIONS} are read",
                    nodes.len()
                ),
            ));
        }
        for n in &nodes {
            for uid in &n.writes {
                if let Some(&i) = by_uid.get(uid) {
                    mark_written(&mut tensors[i]);
                }
            }
        }
        for uid in indices {
            if let Some(&i) = by_uid.get(&uid) {
                mark_index(&mut tensors[i]);
            }
        }
        Ok(PlanJson {
            graph_name: graph.finalize_mode.unwrap_or("plan").to_owned(),
            tensors,
            nodes,
        })
    }

    /// The graph's name and tensors of `json`, checked as
    /// [`parse`](Self::parse) checks it, without keeping the nodes'
    /// settings and the tensors they read.
    pub(crate) fn tensors(json: &str) -> Result<(Name, Vec<GraphTensor>)> {
        Self::read(json, false).map(|p| (p.graph_name.as_str().into(), p.tensors))
    }

    /// What the plan is for, to compare with a graph's.
    pub(crate) fn signature(&self) -> Signature {
        Signature::new(self.tensors.clone(), self.nodes.clone())
    }
}

// ------------------------------------------------------------ the document

/// Why a text is a JSON but not a plan of cuDNN's.
#[cold]
fn not_a_plan(what: impl fmt::Display) -> Error {
    Error::bad_value(FROM_JSON, format!("not a plan of cuDNN's JSON: {what}"))
}

/// The members of `v`, an object (`what`, for the error).
fn members<'d, 'a>(v: Json<'d, 'a>, what: &str) -> Result<Members<'d, 'a>> {
    v.as_object()
        .ok_or_else(|| not_a_plan(format_args!("{what} {v} is not an object")))
}

/// `what` lacks its required `field`.
fn missing(field: &str, what: &str) -> Error {
    not_a_plan(format_args!("{what} without its `{field}`"))
}

/// `v` if it is null or an integer.
fn optional_i64(v: Json<'_, '_>, key: &str) -> Result<Option<i64>> {
    if v.is_null() {
        return Ok(None);
    }
    v.as_i64()
        .map(Some)
        .ok_or_else(|| not_a_plan(format_args!("{key} {v} is not an integer")))
}

/// The plan's operation graph. cuDNN requires its version and the engine
/// (and says so with a status); the engine's payload it checks itself.
/// The versions and the engine's index, SM version and knob choices are
/// checked for their types, the device profile's known members for their
/// bounds ([`check_profile`]); the rest is left to cuDNN.
fn plan_graph<'d, 'a>(doc: Json<'d, 'a>) -> Result<GraphDoc<'d, 'a>> {
    let mut graph = None;
    for (k, v) in members(doc, "the plan")? {
        match k {
            "operationGraph" => graph = Some(GraphDoc::read(v, "the operation graph")?),
            "engine" if !v.is_null() => check_engine(v)?,
            "GPUProfile" if !v.is_null() => check_profile(v)?,
            "cudnnVersion" | "schemaVersion" => {
                optional_i64(v, k)?;
            }
            _ => {}
        }
    }
    graph.ok_or_else(|| missing("operationGraph", "the plan"))
}

/// The device profile: cuDNN 9.28 copies it into fixed-size fields as it
/// does a device description (a `deviceName` of 256 bytes or more aborts
/// the process or corrupts its heap), so each member that is a key of a
/// description is checked against its bound
/// ([`DeviceProperties::fields`](super::DeviceProperties::fields)); a
/// missing one and any other member are left to cuDNN.
fn check_profile(v: Json<'_, '_>) -> Result<()> {
    for (k, v) in members(v, "the device profile")? {
        let Some(f) = field_of(k) else {
            continue;
        };
        let fits = match f.kind {
            FieldKind::Text => match v.as_str() {
                Some(s) => check_text(f, s),
                None => Err(format!("`{k}` is {v}, not a string")),
            },
            FieldKind::Integer => match v.as_i64() {
                Some(i) => check_integer(f, k, i),
                None => Err(format!("`{k}` is {v}, not an integer within i64")),
            },
            _ => match v.as_array() {
                Some(items) if items.len() == 3 => {
                    items
                        .enumerate()
                        .try_for_each(|(i, item)| match item.as_i64() {
                            Some(n) => check_integer(f, format_args!("{k}[{i}]"), n),
                            None => Err(format!("`{k}[{i}]` is {item}, not an integer within i64")),
                        })
                }
                Some(items) => Err(format!("`{k}` has {} elements, not 3", items.len())),
                None => Err(format!("`{k}` is {v}, not an array of 3 integers")),
            },
        };
        fits.map_err(|what| not_a_plan(format_args!("the device profile: {what}")))?;
    }
    Ok(())
}

/// The text of a device description set through the base layer
/// (`CUDNN_ATTR_DEVICEPROP_JSON_REPRESENTATION`), checked only for what
/// cuDNN 9.28 would end the process or corrupt its heap on: one JSON
/// value (UTF-8, no key twice in an object, so no member cuDNN finds
/// first that this reader does not see), and a top-level text member
/// ([`FieldKind::Text`]: `deviceName`) of at most its bound in bytes.
/// The rest is cuDNN's to refuse.
pub(crate) fn check_raw_device(text: &[u8]) -> std::result::Result<(), String> {
    let text = std::str::from_utf8(text)
        .map_err(|e| format!("a device description that is not UTF-8: {e}"))?;
    let doc =
        json::parse(text).map_err(|e| format!("a device description that is not JSON: {e}"))?;
    let Some(members) = doc.root().as_object() else {
        return Ok(());
    };
    for (k, v) in members {
        if let (Some(f), Some(s)) = (field_of(k), v.as_str()) {
            if f.kind == FieldKind::Text {
                check_text_len(f, s)?;
            }
        }
    }
    Ok(())
}

/// A kernel cache's JSON (`CUDNN_ATTR_KERNEL_CACHE_JSON_REPRESENTATION`),
/// checked where cuDNN 9.28 would end the process on it: its operation
/// graph and each entry's (`kernel_cache[i].key.operationGraph`), read
/// as a plan's graph is ([`PlanJson::tensors`]). The kernels it holds
/// (their binaries and parameters) are cuDNN's to trust.
pub(crate) fn check_kernel_cache(text: &str) -> std::result::Result<(), String> {
    let as_text = |e: Error| match e {
        Error::InvalidArgument { mismatch, .. } => mismatch.to_string(),
        e => e.to_string(),
    };
    let doc = json::parse(text).map_err(|e| format!("not JSON: {e}"))?;
    let root = doc.root();
    let graph = |v: Json<'_, '_>, what: &str| {
        GraphDoc::read(v, what)
            .and_then(|g| PlanJson::of_graph(&g, false))
            .map(drop)
            .map_err(as_text)
    };
    let members = members(root, "the kernel cache").map_err(as_text)?;
    for (k, v) in members {
        match k {
            "operationGraph" => graph(v, "the kernel cache's operation graph")?,
            "kernel_cache" => {
                let entries = v
                    .as_array()
                    .ok_or_else(|| format!("its kernel_cache {v} is not an array"))?;
                for (i, e) in entries.enumerate() {
                    let key = e
                        .get("key")
                        .ok_or_else(|| format!("entry {i} has no key"))?;
                    if let Some(g) = key.get("operationGraph") {
                        graph(g, "an entry's operation graph")?;
                    }
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// The text of a plan set through the base layer
/// (`CUDNN_ATTR_EXECUTION_PLAN_JSON_REPRESENTATION`), checked as
/// [`PlanJson::tensors`] checks it (tensor references cuDNN 9.28 would
/// end the process on, the device profile's bounds).
pub(crate) fn check_raw_plan(text: &[u8]) -> std::result::Result<(), String> {
    let text =
        std::str::from_utf8(text).map_err(|e| format!("a plan's JSON that is not UTF-8: {e}"))?;
    match PlanJson::tensors(text) {
        Ok(_) => Ok(()),
        Err(Error::InvalidArgument { mismatch, .. }) => Err(mismatch.to_string()),
        Err(e) => Err(e.to_string()),
    }
}

/// The engine: its global index required; its SM version and knob
/// choices (by name) integers.
fn check_engine(v: Json<'_, '_>) -> Result<()> {
    let mut engine_id = None;
    for (k, v) in members(v, "the engine")? {
        match k {
            "engineId" => engine_id = optional_i64(v, k)?,
            "smVersion" => {
                optional_i64(v, k)?;
            }
            "knobChoices" if !v.is_null() => {
                for (knob, choice) in members(v, "the knob choices")? {
                    if choice.as_i64().is_none() {
                        return Err(not_a_plan(format_args!("knob {knob} {choice}")));
                    }
                }
            }
            _ => {}
        }
    }
    match engine_id {
        Some(_) => Ok(()),
        None => Err(missing("engineId", "the engine")),
    }
}

/// An operation graph (or a node's subgraph).
struct GraphDoc<'d, 'a> {
    finalize_mode: Option<&'d str>,
    tensors: Items<'d, 'a>,
    nodes: Vec<NodeDoc<'d, 'a>>,
}

/// A node of a graph (an object, checked when the graph is read), with
/// the members its readers look for by name, found in one pass.
struct NodeDoc<'d, 'a> {
    node: Json<'d, 'a>,
    operation: Option<Json<'d, 'a>>,
    fmode: Option<Json<'d, 'a>>,
    subgraph: Option<Json<'d, 'a>>,
}

impl<'d, 'a> NodeDoc<'d, 'a> {
    fn read(node: Json<'d, 'a>) -> Result<NodeDoc<'d, 'a>> {
        let mut d = NodeDoc {
            node,
            operation: None,
            fmode: None,
            subgraph: None,
        };
        // The reader refuses a key twice in one object: each is found once.
        for (k, v) in members(node, "a node")? {
            match k {
                "operation" => d.operation = Some(v),
                "fmode" => d.fmode = Some(v),
                "subgraph" => d.subgraph = Some(v),
                _ => {}
            }
        }
        Ok(d)
    }
}

impl<'d, 'a> GraphDoc<'d, 'a> {
    /// `v` as a graph: `tensors` and `nodes` arrays, an optional
    /// `finalizeMode` text, no other key.
    fn read(v: Json<'d, 'a>, what: &str) -> Result<GraphDoc<'d, 'a>> {
        let (mut mode, mut tensors, mut nodes) = (None, None, None);
        for (k, v) in members(v, what)? {
            let array = || {
                v.as_array()
                    .ok_or_else(|| not_a_plan(format_args!("{what}'s {k} {v} is not an array")))
            };
            match k {
                "finalizeMode" if v.is_null() => mode = None,
                "finalizeMode" => {
                    mode = Some(v.as_str().ok_or_else(|| {
                        not_a_plan(format_args!("{what}'s finalizeMode {v} is not a text"))
                    })?)
                }
                "tensors" => tensors = Some(array()?),
                // A graph marked for dynamic shapes says so.
                "isDynamicShapeEnabled" if v.is_null() || v.as_bool().is_some() => {}
                "nodes" => {
                    let items = array()?;
                    let mut list = Vec::with_capacity(items.len());
                    for n in items {
                        list.push(NodeDoc::read(n)?);
                    }
                    nodes = Some(list);
                }
                _ => return Err(not_a_plan(format_args!("{what} has a key {k:?}"))),
            }
        }
        Ok(GraphDoc {
            finalize_mode: mode,
            tensors: tensors.ok_or_else(|| missing("tensors", what))?,
            nodes: nodes.ok_or_else(|| missing("nodes", what))?,
        })
    }
}

// ------------------------------------------------------------ tensors

/// cuDNN's names of `cudnnBackendTensorReordering_t`'s values.
const REORDERINGS: [(&str, TensorReordering); 4] = [
    (
        "CUDNN_TENSOR_REORDERING_NONE",
        TensorReordering::CUDNN_TENSOR_REORDERING_NONE,
    ),
    (
        "CUDNN_TENSOR_REORDERING_INT8x32",
        TensorReordering::CUDNN_TENSOR_REORDERING_INT8x32,
    ),
    ("CUDNN_TENSOR_REORDERING_F16x16", TensorReordering::F16x16),
    (
        "CUDNN_TENSOR_REORDERING_F8_128x4",
        TensorReordering::F8_128x4,
    ),
];

/// A tensor's `dim` or `stride`: integers.
fn extents(v: Json<'_, '_>, key: &str) -> Result<Extents> {
    let bad = || {
        not_a_plan(format_args!(
            "a tensor's {key} {v} is not an array of integers"
        ))
    };
    let items = v.as_array().ok_or_else(bad)?;
    let mut out = Extents::filled(0, items.len());
    for (slot, item) in out.iter_mut().zip(items) {
        *slot = item.as_i64().ok_or_else(bad)?;
    }
    Ok(out)
}

fn flag(v: Json<'_, '_>, key: &str) -> Result<bool> {
    v.as_bool()
        .ok_or_else(|| not_a_plan(format_args!("a tensor's {key} {v} is not a boolean")))
}

fn text<'d>(v: Json<'d, '_>, key: &str) -> Result<&'d str> {
    v.as_str()
        .ok_or_else(|| not_a_plan(format_args!("a tensor's {key} {v} is not a text")))
}

/// A tensor of the JSON, read straight into the graph's record of it
/// ([`GraphTensor`]) and checked: every member known and of its JSON
/// type, the name a uid, a data type and a reordering cuDNN names, 1 to
/// `MAX_RANK` dims (at least 1) and as many strides (at least 0).
fn tensor_of(t: Json<'_, '_>) -> Result<GraphTensor> {
    let (mut name, mut data_type, mut dim, mut stride) = (None, None, None, None);
    let (mut is_virtual, mut is_by_value) = (None, None);
    let (mut alignment, mut reordering) = (None, None);
    for (k, v) in members(t, "a tensor")? {
        match k {
            "name" => name = Some(text(v, k)?),
            "dataType" => data_type = Some(text(v, k)?),
            "dim" => dim = Some(extents(v, k)?),
            "stride" => stride = Some(extents(v, k)?),
            "isVirtual" => is_virtual = Some(flag(v, k)?),
            "isByValue" => is_by_value = Some(flag(v, k)?),
            "vectCount" | "vectDim" => {
                optional_i64(v, k)?;
            }
            "ptrAlignment" => alignment = optional_i64(v, k)?,
            "reordering" if !v.is_null() => reordering = Some(text(v, k)?),
            "reordering" => {}
            _ => return Err(not_a_plan(format_args!("a tensor has a key {k:?}"))),
        }
    }
    let name = name.ok_or_else(|| missing("name", "a tensor"))?;
    let data_type = data_type.ok_or_else(|| missing("dataType", "a tensor"))?;
    let dim: Extents = dim.ok_or_else(|| missing("dim", "a tensor"))?;
    let stride: Extents = stride.ok_or_else(|| missing("stride", "a tensor"))?;
    let is_virtual = is_virtual.ok_or_else(|| missing("isVirtual", "a tensor"))?;
    let is_by_value = is_by_value.ok_or_else(|| missing("isByValue", "a tensor"))?;
    let refused = |what: String| Error::bad_value(FROM_JSON, what);
    let uid = uid_of(name)
        .ok_or_else(|| refused(format!("a tensor named {name:?}, which is not a uid")))?;
    let data_type = data_type_from_name(data_type)
        .ok_or_else(|| refused(format!("tensor {uid}: unknown data type {data_type:?}")))?;
    if dim.is_empty() || dim.len() > MAX_RANK || dim.len() != stride.len() {
        return Err(refused(format!(
            "tensor {uid} has {} dims and {} strides (1 to {MAX_RANK}, as many of each)",
            dim.len(),
            stride.len()
        )));
    }
    if let Some(&d) = dim.iter().find(|&&d| d < 1) {
        return Err(refused(format!("tensor {uid} has a dimension of {d}")));
    }
    if let Some(&s) = stride.iter().find(|&&s| s < 0) {
        return Err(refused(format!("tensor {uid} has a stride of {s}")));
    }
    // cuDNN writes NONE for every tensor: the default layout, which a
    // graph's tensor without a reordering set has too.
    let reordering = match reordering {
        None => None,
        Some(r) => match REORDERINGS.iter().find(|(name, _)| *name == r) {
            Some(&(_, TensorReordering::CUDNN_TENSOR_REORDERING_NONE)) => None,
            Some(&(_, value)) => Some(value),
            None => return Err(refused(format!("tensor {uid}: reordering {r:?}"))),
        },
    };
    Ok(GraphTensor {
        uid,
        name: name.into(),
        dims: dim,
        strides: stride,
        data_type,
        is_virtual,
        by_value: None,
        is_by_value,
        is_output: false,
        is_index: false,
        reordering,
        alignment: alignment
            .and_then(|a| u64::try_from(a).ok())
            .filter(|&a| a > 0)
            .unwrap_or(BYTE_ALIGNMENT),
    })
}

/// The tensors of `graph` and of its nodes' subgraphs. A subgraph lists
/// again the graph's tensors it reads (an attention's sequence lengths,
/// read by its masks too): one described the same is the graph's, one
/// described otherwise is refused.
fn collect_tensors(
    graph: &GraphDoc<'_, '_>,
    out: &mut Vec<GraphTensor>,
    depth: usize,
) -> Result<()> {
    let outer = out.len();
    for t in graph.tensors.clone() {
        out.push(tensor_of(t)?);
    }
    let mine = out.len();
    for node in &graph.nodes {
        if let Some(sub) = node.subgraph {
            if depth > 0 {
                return Err(Error::bad_value(FROM_JSON, "a subgraph inside a subgraph"));
            }
            let mut inner = Vec::new();
            collect_tensors(&subgraph_of(sub)?, &mut inner, depth + 1)?;
            for t in inner {
                match out[outer..mine].iter().find(|o| o.uid == t.uid) {
                    None => out.push(t),
                    Some(o) if *o == t => {}
                    Some(_) => {
                        return Err(Error::bad_value(
                            FROM_JSON,
                            format!(
                                "uid {} described otherwise in a subgraph than in its graph",
                                t.uid
                            ),
                        ))
                    }
                }
            }
        }
    }
    Ok(())
}

fn subgraph_of<'d, 'a>(v: Json<'d, 'a>) -> Result<GraphDoc<'d, 'a>> {
    GraphDoc::read(v, "a node's subgraph")
}

// ------------------------------------------------------------ nodes

/// What cuDNN 9.28 reads of a node of one operation: the keys naming the
/// tensors it reads and writes, the enumerated settings that tell one
/// graph from another (`modes`), and the other settings (`attrs`: numbers,
/// booleans, arrays of them, or cuDNN's enum names).
pub(crate) struct Schema {
    pub(crate) operation: &'static str,
    inputs: &'static [&'static str],
    outputs: &'static [&'static str],
    /// Written in training (`fmode` `CUDNN_NORM_FWD_TRAINING`), read in
    /// inference.
    training_outputs: &'static [&'static str],
    modes: &'static [&'static str],
    attrs: &'static [&'static str],
    /// Whether the node may hold a subgraph (attention's score modifiers).
    subgraph: bool,
}

const CONV_ATTRS: &[&str] = &["mathPrec", "alpha", "beta", "pad", "stride", "dilation"];
const SDPA_FWD_ATTRS: &[&str] = &[
    "dropoutProbability",
    "unfuseFma",
    "maxTotalSeqLenQ",
    "maxTotalSeqLenKV",
];

const SDPA_FWD: &str = "CUDNN_BACKEND_OPERATION_SDPA_FWD_DESCRIPTOR";

/// Every operation a plan may hold, with cuDNN 9.28's key names (its
/// reader's: each key of its vocabulary set to a value of the wrong type,
/// one at a time, in a node of each kind; a reference is a key whose text
/// ends the process when it is not a number).
pub(crate) const SCHEMAS: &[Schema] = &[
    Schema {
        operation: "CUDNN_BACKEND_OPERATION_MOE_GROUPED_MATMUL_DESCRIPTOR",
        inputs: &[
            "token",
            "weight",
            "firstTokenOffset",
            "tokenIndex",
            "tokenKs",
        ],
        outputs: &["output"],
        training_outputs: &[],
        modes: &["mode"],
        attrs: &["mathPrec", "topK"],
        subgraph: false,
    },
    Schema {
        operation: "CUDNN_BACKEND_OPERATION_CONVOLUTION_FORWARD_DESCRIPTOR",
        inputs: &["X", "W"],
        outputs: &["Y"],
        training_outputs: &[],
        modes: &["mode"],
        attrs: CONV_ATTRS,
        subgraph: false,
    },
    Schema {
        operation: "CUDNN_BACKEND_OPERATION_CONVOLUTION_BACKWARD_DATA_DESCRIPTOR",
        inputs: &["dY", "W"],
        outputs: &["dX"],
        training_outputs: &[],
        modes: &["mode"],
        attrs: CONV_ATTRS,
        subgraph: false,
    },
    Schema {
        operation: "CUDNN_BACKEND_OPERATION_CONVOLUTION_BACKWARD_FILTER_DESCRIPTOR",
        inputs: &["X", "dY"],
        outputs: &["dW"],
        training_outputs: &[],
        modes: &["mode"],
        attrs: CONV_ATTRS,
        subgraph: false,
    },
    Schema {
        operation: "CUDNN_BACKEND_OPERATION_POINTWISE_DESCRIPTOR",
        inputs: &["X", "B", "T", "dY"],
        outputs: &["Y", "dX"],
        training_outputs: &[],
        modes: &["pointwiseMode"],
        attrs: &[
            "mathPrec",
            "alpha1",
            "alpha2",
            "upperClip",
            "lowerClip",
            "lowerClipSlope",
            "alpha",
            "beta",
            "axis",
        ],
        subgraph: false,
    },
    Schema {
        operation: "CUDNN_BACKEND_OPERATION_BLOCK_SCALE_DEQUANTIZE_DESCRIPTOR",
        inputs: &["X", "scale"],
        outputs: &["Y"],
        training_outputs: &[],
        modes: &[],
        attrs: &["mathPrec", "block_size", "is_neg_scale"],
        subgraph: false,
    },
    Schema {
        operation: "CUDNN_BACKEND_OPERATION_BLOCK_SCALE_QUANTIZE_DESCRIPTOR",
        inputs: &["X"],
        outputs: &["Y", "scale"],
        training_outputs: &[],
        modes: &[],
        attrs: &["mathPrec", "block_size"],
        subgraph: false,
    },
    Schema {
        operation: "CUDNN_BACKEND_OPERATION_MATMUL_DESCRIPTOR",
        inputs: &["matA", "matB", "mOverride", "nOverride", "kOverride"],
        outputs: &["matC"],
        training_outputs: &[],
        modes: &[],
        attrs: &["mathPrec", "paddingValue", "paddingDataType"],
        subgraph: false,
    },
    Schema {
        operation: "CUDNN_BACKEND_OPERATION_REDUCTION_DESCRIPTOR",
        inputs: &["X"],
        outputs: &["Y"],
        training_outputs: &[],
        modes: &["reductionOp"],
        attrs: &[
            "mathPrec",
            "isDeterministic",
            "reductionDims",
            "groupOffset",
            "initValues",
            "xStreams",
            "yStreams",
        ],
        subgraph: false,
    },
    // The keys cuDNN 9.28 writes for a slice feeding a matmul (not probed
    // key by key as the others were).
    Schema {
        operation: "CUDNN_BACKEND_OPERATION_SLICE_DESCRIPTOR",
        inputs: &["X"],
        outputs: &["Y"],
        training_outputs: &[],
        modes: &[],
        attrs: &["startIndices", "limitIndices", "strides"],
        subgraph: false,
    },
    // The composite attention backward's reshapes
    // (`builder/expand/backward.rs`) and `Graph::reshape`: the keys cuDNN
    // 9.10.2 writes, and the `mode` 9.28 adds (`CUDNN_RESHAPE_VIEW_ONLY`)
    // (not probed key by key).
    Schema {
        operation: "CUDNN_BACKEND_OPERATION_RESHAPE_DESCRIPTOR",
        inputs: &["X"],
        outputs: &["Y"],
        training_outputs: &[],
        modes: &[],
        attrs: &["mode"],
        subgraph: false,
    },
    // The composite attention's dropout (`builder/expand.rs`): keys as
    // cuDNN 9.10.2 writes them (a seed tensor, its Bernoulli probability);
    // the seed by value and the other distributions' parameters by their
    // frontend names.
    Schema {
        operation: "CUDNN_BACKEND_OPERATION_RNG_DESCRIPTOR",
        inputs: &["seedTensor", "offset"],
        outputs: &["yDesc"],
        training_outputs: &[],
        modes: &[],
        attrs: &[
            "distribution",
            "bernoulli_dist_probability",
            "seed",
            "normal_dist_mean",
            "normal_dist_std_dev",
            "uniform_dist_max",
            "uniform_dist_min",
        ],
        subgraph: false,
    },
    // The composite attention forward's softmax from cuDNN 9.21
    // (`builder/expand.rs`) and `Graph::softmax`: the keys of the softmax
    // the SDPA forward nests (`values::SOFTMAX_READS`, `SOFTMAX_WRITES`),
    // as a node of its own (not probed key by key).
    Schema {
        operation: "CUDNN_BACKEND_OPERATION_SOFTMAX_DESCRIPTOR",
        inputs: &["X", "sinkDesc"],
        outputs: &["Y", "statsDesc", "maxDesc", "sumExpDesc"],
        training_outputs: &[],
        modes: &[],
        attrs: &[],
        subgraph: false,
    },
    Schema {
        operation: "CUDNN_BACKEND_OPERATION_DIAGONAL_BAND_MASK_DESCRIPTOR",
        inputs: &[
            "X",
            "B",
            "leftBoundDesc",
            "shiftRightBoundDesc",
            "seqLenQDesc",
            "seqLenKVDesc",
            "cuSeqLenQDesc",
            "cuSeqLenKVDesc",
        ],
        outputs: &["Y"],
        training_outputs: &[],
        modes: &["comparisonMode"],
        attrs: &[],
        subgraph: false,
    },
    Schema {
        operation: "CUDNN_BACKEND_OPERATION_NORM_FORWARD_DESCRIPTOR",
        inputs: &[
            "X",
            "Scale",
            "Bias",
            "epsilonDesc",
            "expavgfactorDesc",
            "InRunningMean",
            "InRunningVar",
        ],
        outputs: &["Y", "OutRunningMean", "OutRunningVar"],
        training_outputs: &["Mean", "InvVariance"],
        modes: &["mode", "fmode"],
        attrs: &[],
        subgraph: false,
    },
    Schema {
        operation: "CUDNN_BACKEND_OPERATION_NORM_BACKWARD_DESCRIPTOR",
        inputs: &["X", "DY", "Scale", "Mean", "InvVariance", "epsilonDesc"],
        outputs: &["DX", "DScale", "DBias"],
        training_outputs: &[],
        modes: &["mode"],
        attrs: &[],
        subgraph: false,
    },
    Schema {
        operation: SDPA_FWD,
        inputs: &[
            "Q",
            "K",
            "V",
            "scale",
            "seqLenQ",
            "seqLenKV",
            "cuSeqLenQ",
            "cuSeqLenKV",
            "dropoutSeed",
            "dropoutOffset",
            "blockMask",
            "pageTableK",
            "pageTableV",
            "descaleQ",
            "descaleK",
            "descaleV",
            "descaleS",
            // Not found by the measurement of the vocabulary; 9.28 writes
            // it for an FP8 forward (`graph_norm_attention`'s
            // `sdpa_forward_fp8`).
            "scaleS",
            "scaleO",
        ],
        outputs: &["O", "stats", "amaxS", "amaxO", "dropoutRngDump"],
        training_outputs: &[],
        modes: &[],
        attrs: SDPA_FWD_ATTRS,
        subgraph: true,
    },
    Schema {
        operation: "CUDNN_BACKEND_OPERATION_SDPA_BWD_DESCRIPTOR",
        inputs: &[
            "qDesc",
            "kDesc",
            "vDesc",
            "oDesc",
            "dODesc",
            "statsDesc",
            "scaleDesc",
            "seqLenQDesc",
            "seqLenKVDesc",
            "cuSeqLenQDesc",
            "cuSeqLenKVDesc",
            "dropoutSeed",
            "dropoutOffset",
            "sinkDesc",
        ],
        outputs: &["dQDesc", "dKDesc", "dVDesc", "dBiasDesc", "dSinkDesc"],
        training_outputs: &[],
        modes: &[],
        attrs: SDPA_FWD_ATTRS,
        subgraph: true,
    },
    Schema {
        operation: "CUDNN_BACKEND_OPERATION_ROPE_FWD_DESCRIPTOR",
        inputs: &["X", "freqs"],
        outputs: &["Y"],
        training_outputs: &[],
        modes: &[],
        attrs: &["output_scale", "rope_dim"],
        subgraph: false,
    },
    Schema {
        operation: "CUDNN_BACKEND_OPERATION_ROPE_BWD_DESCRIPTOR",
        inputs: &["DY", "freqs"],
        outputs: &["DX"],
        training_outputs: &[],
        modes: &[],
        attrs: &["output_scale", "rope_dim"],
        subgraph: false,
    },
];

/// Whether a norm forward's `fmode` names training (`None`: neither
/// training nor inference).
fn fmode_training(name: &str) -> Option<bool> {
    match name {
        "CUDNN_NORM_FWD_TRAINING" => Some(true),
        "CUDNN_NORM_FWD_INFERENCE" => Some(false),
        _ => None,
    }
}

/// A tensor a node writes: an output unless virtual.
fn mark_written(t: &mut GraphTensor) {
    t.is_output = !t.is_virtual;
}

/// A tensor a node reads as device-side indices: so marked unless passed
/// by value (a mask's lengths may be scalars, the node's dims, which the
/// device does not follow).
fn mark_index(t: &mut GraphTensor) {
    t.is_index = !t.is_by_value;
}

/// The schema of operation `op`, and its place in [`SCHEMAS`].
#[inline(never)]
fn schema_of(op: &str) -> Option<(usize, &'static Schema)> {
    SCHEMAS.iter().enumerate().find(|(_, s)| s.operation == op)
}

/// Reads the nodes of `graph` (and of their subgraphs) into `out`, and
/// into `indices` the uids they read as device-side indices: what a node
/// names under a key starting `seqLen`, `cuSeqLen` or `pageTable` (9.28
/// writes `seqLenQ`, `seqLenKV`, `cuSeqLenQ`, `cuSeqLenKV`, `pageTableK`,
/// `pageTableV` for the attention forward, with `Desc` after them for the
/// backward and the diagonal band mask).
fn read_nodes(
    graph: &GraphDoc<'_, '_>,
    by_uid: &UidIndex,
    out: &mut Vec<NodeSig>,
    indices: &mut Vec<i64>,
    depth: usize,
    full: bool,
) -> Result<()> {
    for node in &graph.nodes {
        out.push(read_node(node, by_uid, indices, depth > 0, full)?);
        if out.len() > MAX_OPERATIONS {
            return Err(Error::bad_value(
                FROM_JSON,
                format!("the graph has more than {MAX_OPERATIONS} operations"),
            ));
        }
        if let Some(sub) = node.subgraph {
            read_nodes(&subgraph_of(sub)?, by_uid, out, indices, depth + 1, full)?;
        }
    }
    Ok(())
}

fn read_node(
    node: &NodeDoc<'_, '_>,
    by_uid: &UidIndex,
    indices: &mut Vec<i64>,
    inner: bool,
    full: bool,
) -> Result<NodeSig> {
    let op = node
        .operation
        .and_then(|v| v.as_str())
        .ok_or_else(|| Error::bad_value(FROM_JSON, "a node without an \"operation\" name"))?;
    let (index, schema) = schema_of(op).ok_or_else(|| {
        Error::bad_value(
            FROM_JSON,
            format!("a node of operation {op}, whose outputs this crate does not know"),
        )
    })?;
    let training = match node.fmode {
        None => false,
        Some(v) => match v.as_str().and_then(fmode_training) {
            Some(training) => training,
            None => return Err(Error::bad_value(FROM_JSON, format!("{op}: fmode {v}"))),
        },
    };
    let mut sig = NodeSig::new(schema.operation);
    for (k, value) in members(node.node, "a node")? {
        match node_keys(index).role(k) {
            Role::Ref {
                output,
                trained,
                index,
            } => {
                let uid = reference(op, k, value, by_uid)?;
                if output || (training && trained) {
                    sig.writes.push(uid);
                } else {
                    if full {
                        sig.reads.push(uid);
                    }
                    if index {
                        indices.push(uid);
                    }
                }
            }
            Role::Softmax => values::read_softmax(op, value, by_uid, &mut sig)?,
            // The operation is the schema's; the subgraph is read as a
            // graph of its own.
            Role::Operation => {}
            Role::Subgraph if !inner => {}
            Role::SubgraphEnd if !inner => subgraph_uid(node, op, k, value, by_uid)?,
            Role::Mode => match value.as_str().filter(|s| is_enum_name(s)) {
                Some(s) if full => sig.modes.push([k, "=", s].concat()),
                Some(_) => {}
                None => {
                    return Err(Error::bad_value(
                        FROM_JSON,
                        format!("{op}'s {k} {value} is not a cuDNN name"),
                    ))
                }
            },
            Role::Attr(kind) => {
                if !attr_fits(kind, value) {
                    return Err(Error::bad_value(
                        FROM_JSON,
                        format!("{op}'s {k} {value} is not of its type"),
                    ));
                }
            }
            Role::Subgraph | Role::SubgraphEnd | Role::Unknown => {
                return Err(Error::bad_value(
                    FROM_JSON,
                    format!("{op} has a key {k:?} this crate does not know"),
                ))
            }
        }
    }
    if full {
        sig.finish();
    }
    Ok(sig)
}

/// Checks a node's `subgraphInputUid` or `subgraphOutputUid` (`key`):
/// the node holds its score subgraph, and the uid is one of the plan's
/// tensors. A node that names its subgraph's ends without the subgraph
/// is a plan of a graph whose score modifiers were lost.
fn subgraph_uid(
    node: &NodeDoc<'_, '_>,
    op: &str,
    key: &str,
    value: Json<'_, '_>,
    by_uid: &UidIndex,
) -> Result<()> {
    if node.subgraph.is_none() {
        return Err(Error::bad_value(
            FROM_JSON,
            format!("{op}'s {key} names the end of a score subgraph, but the node has no subgraph"),
        ));
    }
    match value.as_i64() {
        Some(uid) if by_uid.contains_key(&uid) => Ok(()),
        _ => Err(Error::bad_value(
            FROM_JSON,
            format!("{op}'s {key} {value} names no tensor"),
        )),
    }
}

mod json;
mod roles;
mod values;

#[cfg(test)]
mod plan_json_tests;
