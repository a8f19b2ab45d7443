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
//! - an object with a key twice in what it reads: the plan, its graphs,
//!   tensors, nodes and engine (serde_json would keep the last, cuDNN's
//!   reader the first);
//! - a tensor reference that is not a uid in canonical decimal, or names
//!   no tensor (inputs and outputs alike), and a uid given to two tensors;
//! - a graph, tensor or node key it does not know (it could be a reference
//!   cuDNN reads); a subgraph outside attention or inside a subgraph;
//! - dims, strides and flags of the wrong type or out of range; more
//!   operations than [`MAX_OPERATIONS`](super::MAX_OPERATIONS).
//!
//! The tensors a plan writes come from the node kinds, by cuDNN's own key
//! names ([`SCHEMAS`]). The text is read once, straight into the model
//! (strings borrowed where they have no escapes); what the crate does not
//! read, the device profile and any key of the plan or the engine it does
//! not know, is skipped unparsed, for cuDNN to check.

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt;

use serde::de::{self, Deserializer, IgnoredAny, MapAccess, Visitor};
use serde::Deserialize;

#[cfg(test)]
use cudnn_sys as sys;
use cudnn_sys::cudnnBackendTensorReordering_t as TensorReordering;

use super::extents::Extents;
use super::graph_tensor::{data_type_from_name, GraphTensor, BYTE_ALIGNMENT};
use super::signature::{NodeSig, Signature};
use super::{MAX_OPERATIONS, MAX_RANK};
use crate::core::error::{Error, Result};
use values::{attr_fits, is_enum_name, reference, twice, uid_of, NodeValue};

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
        let doc: PlanDoc = serde_json::from_str(json).map_err(|e| {
            let what = if e.is_data() {
                "not a plan of cuDNN's JSON"
            } else {
                "not JSON"
            };
            Error::bad_value(FROM_JSON, format!("{what}: {e}"))
        })?;
        let mut tensors = Vec::new();
        collect_tensors(&doc.graph, &mut tensors, 0)?;
        let by_uid = index_uids(&tensors)?;
        let mut nodes = Vec::new();
        read_nodes(&doc.graph, &by_uid, &mut nodes, 0)?;
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
                    tensors[i].is_output = !tensors[i].is_virtual;
                }
            }
        }
        for uid in device_index_uids(&doc.graph) {
            if let Some(&i) = by_uid.get(&uid) {
                // A mask's lengths may be scalars passed by value (the
                // node's dims), which the device does not follow.
                tensors[i].is_index = !tensors[i].is_by_value;
            }
        }
        Ok(PlanJson {
            graph_name: doc
                .graph
                .finalize_mode
                .as_deref()
                .unwrap_or("plan")
                .to_owned(),
            tensors,
            nodes,
        })
    }

    /// What the plan is for, to compare with a graph's.
    pub(crate) fn signature(&self) -> Signature {
        Signature::new(
            self.tensors.iter().map(GraphTensor::signature).collect(),
            self.nodes.clone(),
        )
    }
}

// ------------------------------------------------------------ the document

/// An object key, borrowed from the text when it has no escapes.
struct Key<'de>(Cow<'de, str>);

impl<'de> Deserialize<'de> for Key<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        struct KeyVisitor;
        impl<'de> Visitor<'de> for KeyVisitor {
            type Value = Key<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object key")
            }
            fn visit_borrowed_str<E>(self, v: &'de str) -> std::result::Result<Key<'de>, E> {
                Ok(Key(Cow::Borrowed(v)))
            }
            fn visit_str<E>(self, v: &str) -> std::result::Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(v.to_owned())))
            }
        }
        d.deserialize_str(KeyVisitor)
    }
}

/// The keys of one object, each refused when it comes again.
#[derive(Default)]
struct SeenKeys<'de>(Vec<Cow<'de, str>>);

impl<'de> SeenKeys<'de> {
    fn next<A: MapAccess<'de>>(
        &mut self,
        map: &mut A,
    ) -> std::result::Result<Option<Cow<'de, str>>, A::Error> {
        let Some(Key(k)) = map.next_key()? else {
            return Ok(None);
        };
        if self.0.contains(&k) {
            return Err(twice(&k));
        }
        self.0.push(k.clone());
        Ok(Some(k))
    }
}

/// The plan: cuDNN requires its version and the engine (and says so with
/// a status); the device profile and the engine's payload it checks
/// itself. The graph is read into its typed model; the rest is skipped.
struct PlanDoc<'de> {
    graph: GraphDoc<'de>,
}

impl<'de> Deserialize<'de> for PlanDoc<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        struct PlanVisitor;
        impl<'de> Visitor<'de> for PlanVisitor {
            type Value = PlanDoc<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a plan object")
            }
            fn visit_map<A: MapAccess<'de>>(
                self,
                mut map: A,
            ) -> std::result::Result<PlanDoc<'de>, A::Error> {
                let mut seen = SeenKeys::default();
                let mut graph = None;
                while let Some(k) = seen.next(&mut map)? {
                    match k.as_ref() {
                        "operationGraph" => graph = Some(map.next_value::<GraphDoc>()?),
                        "engine" => {
                            map.next_value::<Option<EngineDoc>>()?;
                        }
                        "cudnnVersion" | "schemaVersion" => {
                            map.next_value::<Option<i64>>()?;
                        }
                        _ => {
                            map.next_value::<IgnoredAny>()?;
                        }
                    }
                }
                let graph = graph.ok_or_else(|| de::Error::missing_field("operationGraph"))?;
                Ok(PlanDoc { graph })
            }
        }
        d.deserialize_map(PlanVisitor)
    }
}

/// The engine: its global index required, and with its SM version and
/// knob choices checked for their types; the rest skipped (what the
/// engine is, a plan reads back from cuDNN once finalized).
struct EngineDoc;

impl<'de> Deserialize<'de> for EngineDoc {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        struct EngineVisitor;
        impl<'de> Visitor<'de> for EngineVisitor {
            type Value = EngineDoc;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an engine object")
            }
            fn visit_map<A: MapAccess<'de>>(
                self,
                mut map: A,
            ) -> std::result::Result<EngineDoc, A::Error> {
                let mut seen = SeenKeys::default();
                let mut engine_id: Option<i64> = None;
                while let Some(k) = seen.next(&mut map)? {
                    match k.as_ref() {
                        "engineId" => engine_id = Some(map.next_value::<i64>()?),
                        "smVersion" => {
                            map.next_value::<Option<i64>>()?;
                        }
                        "knobChoices" => {
                            map.next_value::<Option<KnobChoices>>()?;
                        }
                        _ => {
                            map.next_value::<IgnoredAny>()?;
                        }
                    }
                }
                engine_id.ok_or_else(|| de::Error::missing_field("engineId"))?;
                Ok(EngineDoc)
            }
        }
        d.deserialize_map(EngineVisitor)
    }
}

/// An engine's knob choices, by name: integers, no name twice.
struct KnobChoices;

impl<'de> Deserialize<'de> for KnobChoices {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        struct KnobVisitor;
        impl<'de> Visitor<'de> for KnobVisitor {
            type Value = KnobChoices;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("knob choices by name")
            }
            fn visit_map<A: MapAccess<'de>>(
                self,
                mut map: A,
            ) -> std::result::Result<KnobChoices, A::Error> {
                let mut seen = SeenKeys::default();
                while seen.next(&mut map)?.is_some() {
                    map.next_value::<i64>()?;
                }
                Ok(KnobChoices)
            }
        }
        d.deserialize_map(KnobVisitor)
    }
}

/// An operation graph (or a node's subgraph), its text borrowed from the
/// JSON where it has no escapes.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GraphDoc<'a> {
    #[serde(rename = "finalizeMode", default, borrow)]
    finalize_mode: Option<Cow<'a, str>>,
    #[serde(borrow)]
    tensors: Vec<TensorDoc<'a>>,
    #[serde(borrow)]
    nodes: Vec<NodeDoc<'a>>,
}

/// A node's keys and values, in the JSON's order, no key twice.
struct NodeDoc<'de>(Vec<(Cow<'de, str>, NodeValue<'de>)>);

impl NodeDoc<'_> {
    fn get(&self, key: &str) -> Option<&NodeValue<'_>> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }
}

impl<'de: 'a, 'a> Deserialize<'de> for NodeDoc<'a> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        struct NodeVisitor<'a>(std::marker::PhantomData<&'a ()>);
        impl<'de: 'a, 'a> Visitor<'de> for NodeVisitor<'a> {
            type Value = NodeDoc<'a>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a node object")
            }
            fn visit_map<A: MapAccess<'de>>(
                self,
                mut map: A,
            ) -> std::result::Result<NodeDoc<'a>, A::Error> {
                let mut entries: Vec<(Cow<'a, str>, NodeValue<'a>)> = Vec::with_capacity(16);
                while let Some(Key(k)) = map.next_key()? {
                    if entries.iter().any(|(seen, _)| *seen == k) {
                        return Err(twice(&k));
                    }
                    let v: NodeValue<'a> = map.next_value()?;
                    entries.push((k, v));
                }
                Ok(NodeDoc(entries))
            }
        }
        d.deserialize_map(NodeVisitor(std::marker::PhantomData))
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TensorDoc<'a> {
    #[serde(borrow)]
    name: Cow<'a, str>,
    #[serde(rename = "dataType", borrow)]
    data_type: Cow<'a, str>,
    dim: Extents,
    stride: Extents,
    #[serde(rename = "isVirtual")]
    is_virtual: bool,
    #[serde(rename = "isByValue")]
    is_by_value: bool,
    #[serde(rename = "vectCount", default)]
    _vect_count: Option<i64>,
    #[serde(rename = "vectDim", default)]
    _vect_dim: Option<i64>,
    #[serde(rename = "ptrAlignment", default)]
    ptr_alignment: Option<i64>,
    #[serde(default, borrow)]
    reordering: Option<Cow<'a, str>>,
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
    (
        "CUDNN_TENSOR_REORDERING_F16x16",
        TensorReordering::CUDNN_TENSOR_REORDERING_F16x16,
    ),
    (
        "CUDNN_TENSOR_REORDERING_F8_128x4",
        TensorReordering::CUDNN_TENSOR_REORDERING_F8_128x4,
    ),
];

fn tensor_of(t: &TensorDoc<'_>) -> Result<GraphTensor> {
    let uid = uid_of(&t.name).ok_or_else(|| {
        Error::bad_value(
            FROM_JSON,
            format!("a tensor named {:?}, which is not a uid", t.name),
        )
    })?;
    let data_type = data_type_from_name(&t.data_type).ok_or_else(|| {
        Error::bad_value(
            FROM_JSON,
            format!("tensor {uid}: unknown data type {:?}", t.data_type),
        )
    })?;
    if t.dim.is_empty() || t.dim.len() > MAX_RANK || t.dim.len() != t.stride.len() {
        return Err(Error::bad_value(
            FROM_JSON,
            format!(
                "tensor {uid} has {} dims and {} strides (1 to {MAX_RANK}, as many of each)",
                t.dim.len(),
                t.stride.len()
            ),
        ));
    }
    if let Some(d) = t.dim.iter().find(|&&d| d < 1) {
        return Err(Error::bad_value(
            FROM_JSON,
            format!("tensor {uid} has a dimension of {d}"),
        ));
    }
    if let Some(s) = t.stride.iter().find(|&&s| s < 0) {
        return Err(Error::bad_value(
            FROM_JSON,
            format!("tensor {uid} has a stride of {s}"),
        ));
    }
    // cuDNN writes NONE for every tensor: the default layout, which a
    // graph's tensor without a reordering set has too.
    let reordering = match t.reordering.as_deref() {
        None => None,
        Some(r) => match REORDERINGS.iter().find(|(name, _)| *name == r) {
            Some(&(_, TensorReordering::CUDNN_TENSOR_REORDERING_NONE)) => None,
            Some(&(_, value)) => Some(value),
            None => {
                return Err(Error::bad_value(
                    FROM_JSON,
                    format!("tensor {uid}: reordering {r:?}"),
                ))
            }
        },
    };
    Ok(GraphTensor {
        uid,
        name: t.name.as_ref().into(),
        dims: t.dim.clone(),
        strides: t.stride.clone(),
        data_type,
        is_virtual: t.is_virtual,
        by_value: None,
        is_by_value: t.is_by_value,
        is_output: false,
        is_index: false,
        reordering,
        alignment: t
            .ptr_alignment
            .and_then(|a| u64::try_from(a).ok())
            .filter(|&a| a > 0)
            .unwrap_or(BYTE_ALIGNMENT),
    })
}

/// The tensors of `graph` and of its nodes' subgraphs. A subgraph lists
/// again the graph's tensors it reads (an attention's sequence lengths,
/// read by its masks too): one described the same is the graph's, one
/// described otherwise is refused.
fn collect_tensors(graph: &GraphDoc<'_>, out: &mut Vec<GraphTensor>, depth: usize) -> Result<()> {
    let outer = out.len();
    for t in &graph.tensors {
        out.push(tensor_of(t)?);
    }
    let mine = out.len();
    for node in &graph.nodes {
        if let Some(sub) = node.get("subgraph") {
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

/// The uids a graph (and its nodes' subgraphs) reads as device-side
/// indices: what a node names under a key starting `seqLen`, `cuSeqLen`
/// or `pageTable` (9.28 writes `seqLenQ`, `seqLenKV`, `cuSeqLenQ`,
/// `cuSeqLenKV`, `pageTableK`, `pageTableV` for the attention forward,
/// with `Desc` after them for the backward and the diagonal band mask).
/// References were checked by `read_nodes` already.
fn device_index_uids(graph: &GraphDoc<'_>) -> Vec<i64> {
    let mut out = Vec::new();
    for node in &graph.nodes {
        let named = node.0.iter().filter(|(k, _)| {
            ["seqLen", "cuSeqLen", "pageTable"]
                .iter()
                .any(|p| k.starts_with(p))
        });
        out.extend(named.filter_map(|(_, v)| v.as_str().and_then(uid_of)));
        if let Some(sub) = node.get("subgraph").and_then(|v| subgraph_of(v).ok()) {
            out.extend(device_index_uids(&sub));
        }
    }
    out
}

fn subgraph_of<'v>(v: &'v NodeValue<'_>) -> Result<GraphDoc<'v>> {
    let NodeValue::Tree(tree) = v else {
        return Err(Error::bad_value(
            FROM_JSON,
            format!("a node's subgraph: {v} is not an object"),
        ));
    };
    GraphDoc::deserialize(tree)
        .map_err(|e| Error::bad_value(FROM_JSON, format!("a node's subgraph: {e}")))
}

/// Each uid's position; a uid given twice is refused (cuDNN and this
/// crate would describe different tensors).
fn index_uids(tensors: &[GraphTensor]) -> Result<HashMap<i64, usize>> {
    let mut by_uid = HashMap::with_capacity(tensors.len());
    for (i, t) in tensors.iter().enumerate() {
        if by_uid.insert(t.uid, i).is_some() {
            return Err(Error::bad_value(
                FROM_JSON,
                format!("two tensors with uid {}", t.uid),
            ));
        }
    }
    Ok(by_uid)
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
    // 9.10.2 writes (not probed key by key).
    Schema {
        operation: "CUDNN_BACKEND_OPERATION_RESHAPE_DESCRIPTOR",
        inputs: &["X"],
        outputs: &["Y"],
        training_outputs: &[],
        modes: &[],
        attrs: &[],
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

/// Keys of a node with a subgraph that name its tensors by uid, as numbers.
const SUBGRAPH_UIDS: &[&str] = &["subgraphInputUid", "subgraphOutputUid"];

/// Reads the nodes of `graph` (and of their subgraphs) into `out`.
fn read_nodes(
    graph: &GraphDoc<'_>,
    by_uid: &HashMap<i64, usize>,
    out: &mut Vec<NodeSig>,
    depth: usize,
) -> Result<()> {
    for node in &graph.nodes {
        out.push(read_node(node, by_uid, depth > 0)?);
        if out.len() > MAX_OPERATIONS {
            return Err(Error::bad_value(
                FROM_JSON,
                format!("the graph has more than {MAX_OPERATIONS} operations"),
            ));
        }
        if let Some(sub) = node.get("subgraph") {
            read_nodes(&subgraph_of(sub)?, by_uid, out, depth + 1)?;
        }
    }
    Ok(())
}

fn read_node(node: &NodeDoc<'_>, by_uid: &HashMap<i64, usize>, inner: bool) -> Result<NodeSig> {
    let op = node
        .get("operation")
        .and_then(NodeValue::as_str)
        .ok_or_else(|| Error::bad_value(FROM_JSON, "a node without an \"operation\" name"))?;
    let schema = SCHEMAS.iter().find(|s| s.operation == op).ok_or_else(|| {
        Error::bad_value(
            FROM_JSON,
            format!("a node of operation {op}, whose outputs this crate does not know"),
        )
    })?;
    let training = match node.get("fmode") {
        None => false,
        Some(v) if v.as_str() == Some("CUDNN_NORM_FWD_TRAINING") => true,
        Some(v) if v.as_str() == Some("CUDNN_NORM_FWD_INFERENCE") => false,
        Some(v) => return Err(Error::bad_value(FROM_JSON, format!("{op}: fmode {v}"))),
    };
    let mut sig = NodeSig::new(op);
    for (key, value) in &node.0 {
        let k = key.as_ref();
        let write =
            schema.outputs.contains(&k) || (training && schema.training_outputs.contains(&k));
        if write || schema.inputs.contains(&k) || schema.training_outputs.contains(&k) {
            let uid = reference(op, k, (value.as_str(), value), by_uid)?;
            if write {
                sig.writes.push(uid);
            } else {
                sig.reads.push(uid);
            }
        } else if k == "softmax" && op == SDPA_FWD {
            values::read_softmax(op, value, by_uid, &mut sig)?;
        } else if k == "operation" || (k == "subgraph" && schema.subgraph && !inner) {
            // The operation is the schema's; the subgraph is read as a
            // graph of its own.
        } else if SUBGRAPH_UIDS.contains(&k) && schema.subgraph && !inner {
            subgraph_uid(node, op, k, value, by_uid)?;
        } else if schema.modes.contains(&k) {
            match value.as_str().filter(|s| is_enum_name(s)) {
                Some(s) => sig.modes.push(format!("{k}={s}")),
                None => {
                    return Err(Error::bad_value(
                        FROM_JSON,
                        format!("{op}'s {k} {value} is not a cuDNN name"),
                    ))
                }
            }
        } else if schema.attrs.contains(&k) {
            if !attr_fits(k, value) {
                return Err(Error::bad_value(
                    FROM_JSON,
                    format!("{op}'s {k} {value} is not of its type"),
                ));
            }
        } else {
            return Err(Error::bad_value(
                FROM_JSON,
                format!("{op} has a key {k:?} this crate does not know"),
            ));
        }
    }
    sig.finish();
    Ok(sig)
}

/// Checks a node's `subgraphInputUid` or `subgraphOutputUid` (`key`):
/// the node holds its score subgraph, and the uid is one of the plan's
/// tensors. A node that names its subgraph's ends without the subgraph
/// is a plan of a graph whose score modifiers were lost.
fn subgraph_uid(
    node: &NodeDoc<'_>,
    op: &str,
    key: &str,
    value: &NodeValue<'_>,
    by_uid: &HashMap<i64, usize>,
) -> Result<()> {
    if node.get("subgraph").is_none() {
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

mod values;

#[cfg(test)]
mod tests;
