//! [`Graph`]: a pure-Rust description of an operation graph (tensors,
//! convolutions, pointwise operations, matmuls, reductions; cuDNN 9's
//! normalizations, fused attention and rotary embeddings), checked as it
//! is built and turned into cuDNN's backend descriptors only by
//! [`Graph::build`], which also refuses a node the loaded cuDNN is too
//! old for.
//!
//! The rules of names and layouts are in [`Graph`]'s documentation.
//!
//! Files. Every method of [`Graph`] that is no operation's own is here:
//! tensors, outputs, the checks every operation uses, adding a node, the
//! key and [`Graph::build`] (the whole-graph checks, the composite forms
//! of `expand.rs`, the version gate, a `TENSOR` descriptor per tensor and
//! each operation lowered from its record by `node.rs`, and the finalized
//! [`OperationGraph`] that holds them). Each operation's methods are in
//! its own file, one `impl Graph` block each: `ops.rs` (convolutions,
//! pointwise operations, reductions), `matmul.rs`, `matmul_fp8.rs`,
//! `norm.rs`, `attention.rs`, `attention/rope.rs`, `shape.rs`, `rng.rs`,
//! `block_scale.rs`; and two steps of the build have theirs: `node.rs`
//! (lowering an operation's record, the version gate) and `expand.rs`
//! (the composite forms).

mod attention;
mod block_scale;
mod built_signature;
mod checks;
mod definition;
mod expand;
mod matmul;
mod matmul_fp8;
mod moe;
pub(crate) mod node;
mod norm;
mod ops;
mod rng;
mod shape;

use crate::core::dtype::DType;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use cudnn_sys as sys;

use sys::cudnnBackendAttributeName_t as A;
use sys::cudnnBackendDescriptorType_t as D;

use crate::core::error::{Error, Mismatch, Result};
use crate::core::handle::Handle;
use crate::core::library::Library;
use crate::graph::extents::Extents;
use crate::graph::graph_tensor::GraphTensor;
use crate::graph::name::decimal;
use crate::graph::name::Name;
use crate::graph::operation_graph::OperationGraph;
use crate::graph::BackendDescriptor;
use crate::graph::ScalarValue;

/// The first cuDNN with dynamic shapes and a kernel cache (9.4).
pub(crate) const DYNAMIC_SHAPES_SINCE: crate::core::version::Version =
    crate::core::version::Version::new(9, 4, 0);

/// A pointwise operation of [`Graph::pointwise`] (`cudnnPointwiseMode_t`):
/// `PointwiseMode::ADD`, `MUL`, `RELU_FWD`, `GELU_FWD`, `CMP_GT`,
/// `BINARY_SELECT` and the rest of cuDNN's list (the C names,
/// `CUDNN_POINTWISE_ADD` and so on, too).
///
/// Its constants (generated): `ADD`, `ADD_SQUARE`, `DIV`, `MAX`, `MIN`, `MOD`,
/// `MUL`, `POW`, `SUB`, `ABS`, `CEIL`, `COS`, `EXP`, `FLOOR`, `LOG`, `NEG`,
/// `RSQRT`, `SIN`, `SQRT`, `TAN`, `ERF`, `IDENTITY`, `RECIPROCAL`, `ATAN2`,
/// `FLOOR_MOD`, `RELU_FWD`, `TANH_FWD`, `SIGMOID_FWD`, `ELU_FWD`, `GELU_FWD`,
/// `SOFTPLUS_FWD`, `SWISH_FWD`, `GELU_APPROX_TANH_FWD`, `RELU_BWD`, `TANH_BWD`,
/// `SIGMOID_BWD`, `ELU_BWD`, `GELU_BWD`, `SOFTPLUS_BWD`, `SWISH_BWD`,
/// `GELU_APPROX_TANH_BWD`, `CMP_EQ`, `CMP_NEQ`, `CMP_GT`, `CMP_GE`, `CMP_LT`,
/// `CMP_LE`, `LOGICAL_AND`, `LOGICAL_OR`, `LOGICAL_NOT`, `GEN_INDEX` and
/// `BINARY_SELECT`. Each is also there by its C name (`CUDNN_POINTWISE_ADD`),
/// which `Display` writes.
pub type PointwiseMode = sys::cudnnPointwiseMode_t;

/// The reordering of a tensor's layout (`cudnnBackendTensorReordering_t`,
/// [`Graph::set_reordering`]): `TensorReordering::F8_128x4` for the
/// block-scale factors of MXFP8 (cuDNN 9.7).
///
/// Its constants (generated): `NONE`, `INT8x32`, `F16x16` and `F8_128x4`. Each
/// is also there by its C name (`CUDNN_TENSOR_REORDERING_NONE`), which
/// `Display` writes.
pub type TensorReordering = sys::cudnnBackendTensorReordering_t;

/// The phase of a normalization's forward ([`NormOptions::phase`],
/// `cudnnBackendNormFwdPhase_t`): `NormPhase::TRAINING` or `INFERENCE`.
///
/// Its constants (generated): `INFERENCE` and `TRAINING`. Each is also there by
/// its C name (`CUDNN_NORM_FWD_INFERENCE`), which `Display` writes.
pub type NormPhase = sys::cudnnBackendNormFwdPhase_t;

pub(crate) use built_signature::{signature_of, written_signature_of};
pub(crate) use checks::data_type_name;
use checks::{Fault, Named};
pub(crate) use definition::key_text;
use definition::tensor_descriptor;
pub(super) use definition::TensorDef;
use node::BackendOp;
pub use ops::ConvOptions;

pub(crate) use attention::head_dim;
pub use attention::{
    DiagonalAlignment, RopeOptions, SdpaBackwardInputs, SdpaDropout, SdpaFp8, SdpaGradients,
    SdpaMxfp8, SdpaOptions, SdpaOutputs, SdpaPagedKv,
};
pub use block_scale::BlockScaleQuantize;
pub use matmul::MatmulOptions;
pub use matmul_fp8::{MatmulFp8Outputs, MatmulFp8Scales};
pub use moe::MoeRouting;
pub use norm::{
    BatchNormOptions, BatchNormOutputs, NormGradients, NormOptions, NormOutputs, RunningStats,
};
pub use rng::RngDistribution;
pub use shape::{SoftmaxOptions, SoftmaxOutputs};

/// The source of process-unique graph ids.
static NEXT_GRAPH: AtomicU64 = AtomicU64::new(1);

/// A tensor of one [`Graph`]: made by [`Graph::tensor`], [`Graph::scalar`]
/// or an operation, and refused by every other graph.
///
/// Its cuDNN unique id ([`uid`](Self::uid)) is its position in the graph's
/// creation order, from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TensorId {
    pub(crate) graph: u64,
    pub(crate) index: u32,
}

impl TensorId {
    /// The tensor's cuDNN unique id (`CUDNN_ATTR_TENSOR_UNIQUE_ID`): 1, 2,
    /// ... in the order its graph made tensors, virtual tensors included.
    pub fn uid(self) -> i64 {
        i64::from(self.index) + 1
    }
}

/// An operation of the description: its name and its record (every
/// operation, convolution to attention, is one [`node::BackendOp`]:
/// lowered by `node.rs`, keyed by it and read by `signature.rs`).
#[derive(Debug, Clone)]
struct OpDef {
    name: Name,
    /// Shared with the operation graphs built from it (their key).
    op: Arc<node::BackendOp>,
}

/// A description of a cuDNN operation graph: tensors and the operations
/// between them, in the spirit of NVIDIA's cudnn-frontend graph.
///
/// Pure Rust until [`build`](Self::build): each call checks what it is
/// given (dimensions, strides, data types, the operation's shape rules)
/// and refuses with [`Error::InvalidArgument`] carrying
/// [`Mismatch::GraphNode`], which names the node and the tensor; nothing
/// is added on a refusal. `build` checks the whole graph (not empty, every
/// tensor used) and makes the backend descriptors.
///
/// The intermediate type (of virtual tensors) and the compute type (of
/// operations) are `FLOAT` unless set.
///
/// `Send` and `Sync`; not `Clone` (a copy would accept the original's
/// [`TensorId`]s).
///
/// # Names
///
/// Tensors are named by the caller (names are unique in a graph).
/// Operations are named `<kind>#<n>`, `n` being the operation's position in
/// the graph (from 0), with the pointwise mode's short name as the kind of
/// a pointwise operation (`conv_fprop#0`, `add#1`, `relu#2`, `matmul#3`);
/// each output tensor is named after its operation (`conv_fprop#0.y`,
/// `conv_dgrad#0.dx`, `conv_wgrad#0.dw`, `matmul#3.c`) until
/// [`Graph::rename`] renames it. Errors name the node as
/// `<kind> "<name>"`, for example `pointwise "relu#2"`.
///
/// # Layouts
///
/// Dimensions are always given in (N, C, spatial...) order, as cuDNN
/// takes them; the strides (in elements) say how the tensor lies in
/// memory. [`tensor`](Self::tensor) packs row-major (NCHW);
/// [`tensor_with_strides`](Self::tensor_with_strides) takes any strides,
/// for example channels-last ones from
/// [`packed_strides_i64`](crate::tensor::packed_strides_i64)`(TensorFormat::NHWC, dims)`.
///
/// An operation's output is virtual (it stays inside the fused kernel) and
/// of the graph's intermediate type (a shape operation's: its input's)
/// until [`set_output`](Self::set_output) makes it a real tensor of a
/// given type; a few outputs are real from the start (an attention's
/// statistics, [`SdpaOutputs::stats`]). Its strides are packed in the
/// order of its first input's strides, so an NHWC input gives an NHWC
/// output; a matmul's output is packed row-major.
/// [`set_output_with_strides`](Self::set_output_with_strides) lays an
/// output out otherwise.
///
/// ```
/// use cudnn::graph::{ConvOptions, DType, Graph};
/// use cudnn::tensor::{packed_strides_i64, TensorFormat};
///
/// # fn main() -> cudnn::Result<()> {
/// let nhwc = |dims: &[i64]| packed_strides_i64(TensorFormat::NHWC, dims);
/// let mut g = Graph::new("channels_last");
/// let (xd, wd) = ([8, 64, 56, 56], [128, 64, 3, 3]);
/// let x = g.tensor_with_strides("x", &xd, &nhwc(&xd), DType::HALF)?;
/// let w = g.tensor_with_strides("w", &wd, &nhwc(&wd), DType::HALF)?;
/// let y = g.conv_fprop(x, w, &ConvOptions::new(2).padding(&[1, 1]))?;
/// let y = g.relu(y)?;
/// g.set_output(y, DType::HALF)?;
/// assert_eq!(g.dims(y)?, [8, 128, 56, 56]);
/// assert_eq!(g.strides(y)?, nhwc(&[8, 128, 56, 56])); // NHWC in, NHWC out
/// # Ok(()) }
/// ```
///
/// ```
/// use cudnn::graph::{ConvOptions, DType, Graph};
///
/// # fn main() -> cudnn::Result<()> {
/// let mut g = Graph::new("conv_bias_relu");
/// let x = g.tensor("x", &[1, 3, 8, 8], DType::FLOAT)?;
/// let w = g.tensor("w", &[4, 3, 3, 3], DType::FLOAT)?;
/// let b = g.tensor("b", &[1, 4, 1, 1], DType::FLOAT)?;
/// let y = g.conv_fprop(x, w, &ConvOptions::new(2).padding(&[1, 1]))?;
/// let y = g.bias(y, b)?;
/// let y = g.relu(y)?;
/// g.set_output(y, DType::FLOAT)?;
/// assert_eq!(g.dims(y)?, [1, 4, 8, 8]);
/// assert_eq!((x.uid(), y.uid()), (1, 6));
/// // let op_graph = g.build()?;   // cuDNN's descriptors, finalized
/// # Ok(()) }
/// ```
#[derive(Debug)]
pub struct Graph {
    id: u64,
    name: Name,
    intermediate: DType,
    compute: DType,
    /// Marked for dynamic shapes ([`Graph::set_dynamic_shapes`]).
    dynamic_shapes: bool,
    tensors: Vec<TensorDef>,
    ops: Vec<OpDef>,
}

static_assertions::assert_impl_all!(Graph: Send, Sync);
static_assertions::assert_not_impl_any!(Graph: Clone);
static_assertions::assert_impl_all!(TensorId: Send, Sync, Copy, Eq, std::hash::Hash);

/// The error of a check: `function` refused, naming `node` and `tensor`.
#[cold]
fn node_error(
    function: &'static str,
    node: impl std::fmt::Display,
    tensor: Option<String>,
    what: String,
) -> Error {
    Error::InvalidArgument {
        function,
        mismatch: Mismatch::GraphNode {
            node: node.to_string(),
            tensor,
            what,
        },
    }
}

/// A node as errors name it, `kind "name"`: written only when an error
/// is made, so that a check that passes formats nothing.
#[derive(Debug, Clone, Copy)]
pub(super) struct NodeLabel<'a> {
    kind: &'a str,
    name: &'a str,
}

impl std::fmt::Display for NodeLabel<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} \"{}\"", self.kind, self.name)
    }
}

/// `kind "name"`.
fn node<'a>(kind: &'a str, name: &'a str) -> NodeLabel<'a> {
    NodeLabel { kind, name }
}

impl Graph {
    /// An empty graph named `name` (the name appears in errors).
    pub fn new(name: &str) -> Self {
        Graph {
            id: NEXT_GRAPH.fetch_add(1, Ordering::Relaxed),
            name: Name::from(name),
            intermediate: DType::FLOAT,
            compute: DType::FLOAT,
            dynamic_shapes: false,
            tensors: Vec::new(),
            ops: Vec::new(),
        }
    }

    /// The graph's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The data type of virtual tensors (`FLOAT` unless set).
    pub fn intermediate_type(&self) -> DType {
        self.intermediate
    }

    /// The compute type of the operations (`FLOAT` unless set).
    pub fn compute_type(&self) -> DType {
        self.compute
    }

    /// Sets the data type of every virtual tensor, made before or after.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for a type a graph tensor does not take.
    pub fn set_intermediate_type(&mut self, dtype: DType) -> Result<()> {
        checks::check_data_type(dtype)
            .map_err(|what| self.graph_error("Graph::set_intermediate_type", what))?;
        self.intermediate = dtype;
        Ok(())
    }

    /// Sets the compute type of every operation.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for a type that is no compute type
    /// (`FLOAT`, `HALF`, `BFLOAT16`, `DOUBLE`, `INT32`, `INT64`,
    /// `FAST_FLOAT_FOR_FP8`).
    pub fn set_compute_type(&mut self, dtype: DType) -> Result<()> {
        checks::check_compute_type(dtype)
            .map_err(|what| self.graph_error("Graph::set_compute_type", what))?;
        self.compute = dtype;
        Ok(())
    }

    /// Marks the graph for dynamic shapes
    /// (`OPERATIONGRAPH_IS_DYNAMIC_SHAPE_ENABLED`, cuDNN 9.4), as
    /// cudnn-frontend's `set_dynamic_shape_enabled`: cuDNN then offers the
    /// engines that serve any shape of the graph (runtime-compiled), whose
    /// kernels a [`KernelCache`](super::KernelCache) keeps for the plans
    /// of other shapes
    /// ([`OperationGraph::plans_with_kernel_cache`](super::OperationGraph::plans_with_kernel_cache)).
    /// Part of the graph's [key](Self::key). Off by default.
    ///
    /// [`build`](Self::build) refuses a marked graph before cuDNN 9.4.
    pub fn set_dynamic_shapes(&mut self, enabled: bool) {
        self.dynamic_shapes = enabled;
    }

    fn graph_error(&self, function: &'static str, what: String) -> Error {
        node_error(function, node("graph", &self.name), None, what)
    }

    /// A tensor of `dtype` with packed row-major strides (the last
    /// dimension varies fastest).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] naming the tensor: a name in use, 0 or
    /// more than 8 dimensions, a dimension below 1, an element count that
    /// overflows `i64`, a data type a graph does not take.
    pub fn tensor(&mut self, name: &str, dims: &[i64], dtype: DType) -> Result<TensorId> {
        let strides = checks::packed_strides(dims);
        self.add_input("Graph::tensor", name, dims, &strides, dtype)
    }

    /// A tensor of `dtype` with the given strides (in elements).
    ///
    /// # Errors
    /// As [`tensor`](Self::tensor); also a stride count other than the
    /// dimension count, a stride below 1, an extent that overflows `i64`,
    /// and strides that put two elements at one address.
    pub fn tensor_with_strides(
        &mut self,
        name: &str,
        dims: &[i64],
        strides: &[i64],
        dtype: DType,
    ) -> Result<TensorId> {
        self.add_input("Graph::tensor_with_strides", name, dims, strides, dtype)
    }

    /// A scalar passed by value (`CUDNN_ATTR_TENSOR_IS_BY_VALUE`), of type
    /// `FLOAT`, for pointwise operations (`scale(x, s)`, `add(x, s)`).
    ///
    /// Its dimensions are all 1, as many as the first pointwise operation
    /// that uses it has (so it broadcasts there); an operation of another
    /// rank refuses it afterwards, and other operations refuse it always.
    /// The value is kept with the tensor ([`GraphTensor::by_value`](crate::graph::GraphTensor::by_value)) for
    /// execution; it is not part of the graph's [`key`](Self::key), since
    /// a plan does not depend on it.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for a name in use.
    pub fn scalar(&mut self, name: &str, value: f32) -> Result<TensorId> {
        self.add_scalar("Graph::scalar", name, ScalarValue::Float(value))
    }

    /// A scalar passed by value of the value's own type: `FLOAT` for an
    /// `f32`, `DOUBLE`, `HALF`, `BFLOAT16`, `INT32` or `INT64` for the
    /// others (see [`ScalarValue`]); otherwise as [`scalar`](Self::scalar).
    /// An execution passes it in that type.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for a name in use.
    pub fn typed_scalar(&mut self, name: &str, value: impl Into<ScalarValue>) -> Result<TensorId> {
        self.add_scalar("Graph::typed_scalar", name, value.into())
    }

    fn add_scalar(
        &mut self,
        function: &'static str,
        name: &str,
        value: ScalarValue,
    ) -> Result<TensorId> {
        self.check_new_name(function, name)?;
        let t = TensorDef::by_value(Name::from(name), Extents::default(), value);
        Ok(self.push(t))
    }

    fn check_new_name(&self, function: &'static str, name: &str) -> Result<()> {
        if self.tensors.iter().any(|t| t.name == name) {
            return Err(node_error(
                function,
                node("tensor", name),
                Some(name.to_string()),
                format!(
                    "graph \"{}\" has a tensor named \"{name}\" already",
                    self.name
                ),
            ));
        }
        self.check_room(function)
    }

    /// Refuses a tensor past the last uid.
    fn check_room(&self, function: &'static str) -> Result<()> {
        if self.tensors.len() >= u32::MAX as usize {
            return Err(self.graph_error(function, "too many tensors".into()));
        }
        Ok(())
    }

    fn add_input(
        &mut self,
        function: &'static str,
        name: &str,
        dims: &[i64],
        strides: &[i64],
        dtype: DType,
    ) -> Result<TensorId> {
        self.check_new_name(function, name)?;
        let fail = |what| node_error(function, node("tensor", name), Some(name.to_string()), what);
        checks::check_layout(dims, strides).map_err(fail)?;
        checks::check_data_type(dtype).map_err(fail)?;
        checks::check_half_byte_layout(dims, strides, dtype).map_err(fail)?;
        let layout = (dims.into(), strides.into());
        Ok(self.push(TensorDef::new(Name::from(name), layout, Some(dtype), None)))
    }

    fn push(&mut self, mut t: TensorDef) -> TensorId {
        let index = self.tensors.len() as u32;
        t.uid = i64::from(index) + 1;
        self.tensors.push(t);
        TensorId {
            graph: self.id,
            index,
        }
    }

    /// Renames tensor `t` (an operation's output, for example).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for a tensor of another graph or a name
    /// in use.
    pub fn rename(&mut self, t: TensorId, name: &str) -> Result<()> {
        let i = self.index("Graph::rename", &node("graph", &self.name), t)?;
        if self.tensors[i].name != name {
            self.check_new_name("Graph::rename", name)?;
            self.tensors[i].name = Name::from(name);
        }
        Ok(())
    }

    /// Sets the reordering of tensor `t`'s layout
    /// (`CUDNN_ATTR_TENSOR_REORDERING_MODE`): for example `F8_128x4` for
    /// the block-scale factors an MXFP8 matmul's dequantizations read
    /// (their scales in cuDNN's 128 x 4 tiles). `F8_128x4` needs cuDNN
    /// 9.7, checked when the graph is built.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for a tensor of another graph, a
    /// by-value scalar, or a mode cuDNN does not have.
    pub fn set_reordering(&mut self, t: TensorId, mode: TensorReordering) -> Result<()> {
        const F: &str = "Graph::set_reordering";
        let i = self.index(F, &node("graph", &self.name), t)?;
        let def = &self.tensors[i];
        let nd = node("tensor", &def.name);
        if def.by_value.is_some() {
            let what = "a by-value scalar has no layout to reorder".to_string();
            return Err(node_error(F, nd, Some(def.name.to_string()), what));
        }
        if !(0..=3).contains(&mode.0) {
            let what = format!("reordering mode {} is not one cuDNN has", mode.0);
            return Err(node_error(F, nd, Some(def.name.to_string()), what));
        }
        self.tensors[i].reordering = Some(mode);
        Ok(())
    }

    /// The dimensions of tensor `t` (empty for a scalar no operation uses
    /// yet).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for a tensor of another graph.
    pub fn dims(&self, t: TensorId) -> Result<Vec<i64>> {
        let i = self.index("Graph::dims", &node("graph", &self.name), t)?;
        Ok(self.tensors[i].dims.to_vec())
    }

    /// The strides of tensor `t`.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for a tensor of another graph.
    pub fn strides(&self, t: TensorId) -> Result<Vec<i64>> {
        let i = self.index("Graph::strides", &node("graph", &self.name), t)?;
        Ok(self.tensors[i].strides.to_vec())
    }

    /// The name of tensor `t`.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for a tensor of another graph.
    pub fn tensor_name(&self, t: TensorId) -> Result<&str> {
        let i = self.index("Graph::tensor_name", &node("graph", &self.name), t)?;
        Ok(&self.tensors[i].name)
    }

    /// The position of `t` in this graph, or the refusal of a tensor of
    /// another graph (or one this graph never made).
    fn index(&self, function: &'static str, node: &NodeLabel<'_>, t: TensorId) -> Result<usize> {
        let which = || Some(format!("tensor uid {} of graph #{}", t.uid(), t.graph));
        if t.graph != self.id {
            return Err(node_error(
                function,
                node,
                which(),
                format!(
                    "the TensorId was made by another graph, not \"{}\"",
                    self.name
                ),
            ));
        }
        let i = t.index as usize;
        if i >= self.tensors.len() {
            return Err(node_error(
                function,
                node,
                which(),
                format!("graph \"{}\" has no such tensor", self.name),
            ));
        }
        Ok(i)
    }

    /// The whole graph's checks: at least one operation, and every tensor
    /// used (a virtual tensor by an operation; an input or scalar by an
    /// operation; an output may have no consumer).
    fn check_complete(&self, function: &'static str) -> Result<()> {
        if self.ops.is_empty() {
            return Err(self.graph_error(function, "the graph has no operation".into()));
        }
        let count: usize = self.ops.iter().map(|o| o.op.count()).sum();
        if count > crate::graph::MAX_OPERATIONS {
            return Err(self.graph_error(
                function,
                format!(
                    "the graph has {count} operations; at most {} are built (cuDNN's \
                     recursion over a deeper graph overflows a thread's stack)",
                    crate::graph::MAX_OPERATIONS
                ),
            ));
        }
        let mut used = vec![false; self.tensors.len()];
        for i in self.ops.iter().flat_map(|o| o.op.inputs()) {
            if let Some(u) = used.get_mut(i) {
                *u = true;
            }
        }
        for (t, _) in self.tensors.iter().zip(&used).filter(|(_, u)| !**u) {
            match t.producer {
                Some(op) if t.is_virtual() => {
                    let o = &self.ops[op];
                    return Err(node_error(
                        function,
                        node(o.op.kind, &o.name),
                        Some(t.name.to_string()),
                        "a virtual tensor that no operation consumes and that is not an output \
                         (set_output)"
                            .into(),
                    ));
                }
                Some(_) => {}
                None => {
                    return Err(node_error(
                        function,
                        node("tensor", &t.name),
                        Some(t.name.to_string()),
                        "no operation uses this tensor".into(),
                    ))
                }
            }
        }
        Ok(())
    }

    /// A canonical text of the graph: the intermediate and compute types,
    /// every tensor (uid, dims, strides, data type, virtual or by value)
    /// and every operation (its kind, mode, options and tensors by uid), in
    /// order. Names are left out, and so are scalars' values: graphs built
    /// by the same calls have equal keys, and graphs whose plans could
    /// differ have different keys.
    pub fn key(&self) -> String {
        let tensors = self.graph_tensors();
        let ops = self.ops.iter().map(|o| &*o.op);
        key_text(
            self.intermediate,
            self.compute,
            self.dynamic_shapes,
            &tensors,
            ops,
        )
    }

    /// Builds the graph with the process-wide library and no handle: see
    /// [`build_with`](Self::build_with). The whole-graph checks come before
    /// the library is loaded.
    ///
    /// # Errors
    /// As [`build_with`](Self::build_with); as [`crate::library`].
    pub fn build(&self) -> Result<OperationGraph> {
        self.check_complete("Graph::build")?;
        let lib = crate::core::library::library()?;
        self.build_in("Graph::build", &lib, None, false)
    }

    /// Checks the whole graph, then makes its backend descriptors with
    /// `lib`: a `TENSOR` per tensor (uid, dims, strides, data type,
    /// 16-byte alignment, virtual, by value), the `CONVOLUTION`,
    /// `POINTWISE`, `MATMUL` and `REDUCTION` descriptors of the operations,
    /// the operations (convolutions with alpha 1 and beta 0), and the
    /// `OPERATIONGRAPH` of them all, finalized. With `handle`, the graph is
    /// given it (`CUDNN_ATTR_OPERATIONGRAPH_HANDLE`); the handle must be of
    /// `lib`.
    ///
    /// cuDNN 8 finalizes an operation graph only with a handle: without
    /// one, the operations are built (so cuDNN checks them) and the graph
    /// is refused before its finalize.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] with [`Mismatch::GraphNode`]: a graph
    /// with no operation, a tensor no operation uses (a virtual one that is
    /// not an output names its operation), a node the loaded cuDNN is too
    /// old for (its `what` says the version it needs, from the `@since`
    /// lines of cuDNN 9.28's header: normalizations need 9.0, attention
    /// 9.13 and more with its options, rotary embeddings 9.24 and 9.25,
    /// slice and transpose 9.22, concatenation 9.7, softmax 9.21; an SDPA
    /// forward (and below 9.17 a backward) is built below those as its
    /// composite graph where it has one, refused on cuDNN 9.10.0, 9.10.1
    /// and before 8.9), a shape
    /// operation's output of another type than its input (naming the
    /// node and the output). [`Error::InvalidArgument`]
    /// naming `cudnnBackendFinalize(CUDNN_BACKEND_OPERATIONGRAPH_DESCRIPTOR)`
    /// with [`Mismatch::Unsupported`] on cuDNN 8 without a handle; a handle
    /// of another library. cuDNN's status for what it refuses (a type or
    /// shape it does not support, what the machine lacks).
    pub fn build_with(
        &self,
        lib: &Arc<Library>,
        handle: Option<&Handle>,
    ) -> Result<OperationGraph> {
        self.build_in("Graph::build_with", lib, handle, false)
    }

    /// As [`build_with`](Self::build_with), but every SDPA forward and
    /// backward that has a composite form is built as that composite on
    /// any release
    /// (the graph a cuDNN before the unified operation gets), for
    /// comparing the two on a newer cuDNN.
    ///
    /// # Errors
    /// As [`build_with`](Self::build_with).
    pub fn build_composite_with(
        &self,
        lib: &Arc<Library>,
        handle: Option<&Handle>,
    ) -> Result<OperationGraph> {
        self.build_in("Graph::build_composite_with", lib, handle, true)
    }

    /// The build; with `force`, each SDPA forward with a composite form
    /// is built as it.
    fn build_in(
        &self,
        function: &'static str,
        lib: &Arc<Library>,
        handle: Option<&Handle>,
        force: bool,
    ) -> Result<OperationGraph> {
        self.check_complete(function)?;
        let expanded = self.expand_composites(function, lib.version(), force)?;
        let g = expanded.as_ref().map_or(self, |e| &e.graph);
        g.check_versions(function, lib)?;
        if self.dynamic_shapes && lib.version() < DYNAMIC_SHAPES_SINCE {
            return Err(self.graph_error(
                function,
                format!(
                    "marked for dynamic shapes, which need cuDNN {DYNAMIC_SHAPES_SINCE} or later \
                     (OPERATIONGRAPH_IS_DYNAMIC_SHAPE_ENABLED); the loaded cuDNN is {}",
                    lib.version()
                ),
            ));
        }
        g.check_same_types(function)?;
        let mut tensors = g.graph_tensors();
        for &i in expanded.iter().flat_map(|e| &e.typed_virtual) {
            tensors[i].is_virtual = true;
            tensors[i].is_output = false;
        }
        let mut descs = Vec::with_capacity(tensors.len());
        for t in &tensors {
            descs.push(tensor_descriptor(lib, t)?);
        }
        let mut ops = Vec::with_capacity(g.ops.len());
        for o in &g.ops {
            ops.push(g.operation(lib, &o.op, &descs)?);
        }
        let mut graph = BackendDescriptor::with_library(lib, D::OPERATIONGRAPH_DESCRIPTOR)?;
        let refs: Vec<&BackendDescriptor> = ops.iter().collect();
        graph.set_descriptors(A::OPERATIONGRAPH_OPS, &refs)?;
        drop(refs);
        if self.dynamic_shapes {
            graph.set(A::OPERATIONGRAPH_IS_DYNAMIC_SHAPE_ENABLED, &[true])?;
        }
        drop((ops, descs));
        match handle {
            Some(h) => graph.set_handle(A::OPERATIONGRAPH_HANDLE, h)?,
            None if lib.version().major < 9 => {
                return Err(Error::InvalidArgument {
                    function: FINALIZE_GRAPH,
                    mismatch: Mismatch::Unsupported {
                        what: format!(
                            "cuDNN 8 finalizes an operation graph only with a handle \
                             (cuDNN {}; graph \"{}\"): use build_with with a handle",
                            lib.version(),
                            self.name
                        ),
                    },
                });
            }
            None => {}
        }
        graph.finalize()?;
        // A plan holds the tensors its operations use: a composite leaves
        // the unified node's own unused.
        let tensors: Arc<[GraphTensor]> = tensors.into();
        let mut plan_tensors = Arc::clone(&tensors);
        let signature = std::cell::OnceCell::new();
        if let Some(e) = &expanded {
            let used: Vec<&GraphTensor> = (tensors.iter().zip(&e.unused))
                .filter(|(_, unused)| !**unused)
                .map(|(t, _)| t)
                .collect();
            plan_tensors = used.iter().map(|&t| t.clone()).collect();
            let used = plan_tensors.to_vec();
            let _ = signature.set(signature_of(g.ops.iter().map(|o| &*o.op), used));
        }
        Ok(OperationGraph {
            desc: graph,
            tensors,
            name: self.name.clone(),
            plan_tensors,
            key: std::cell::OnceCell::new(),
            key_types: (self.intermediate, self.compute),
            key_ops: g.ops.iter().map(|o| Arc::clone(&o.op)).collect(),
            graph: self.id,
            handle_id: handle.map(Handle::id),
            tf32_operands: g.tf32_operands(),
            head_dims: self.sdpa_head_dims(),
            signature,
            written_signature: std::cell::OnceCell::new(),
            dynamic_shapes: self.dynamic_shapes,
        })
    }

    /// Whether a convolution or matmul of the graph reads a `FLOAT`
    /// operand (a virtual one counts in the intermediate type).
    pub(crate) fn tf32_operands(&self) -> bool {
        let float = |i: &usize| self.data_type_of(*i) == DType::FLOAT;
        self.ops.iter().any(|o| {
            o.op.tf32
                && o.op
                    .slots
                    .iter()
                    .any(|s| s.input && !s.index && float(&s.tensor))
        })
    }

    /// The tensors as cuDNN is told them: virtual ones of their type
    /// ([`data_type_of`](Self::data_type_of)), and those an operation
    /// reads as indices marked so.
    pub(crate) fn graph_tensors(&self) -> Vec<GraphTensor> {
        let mut index = vec![false; self.tensors.len()];
        for o in &self.ops {
            o.op.index_inputs().for_each(|i| index[i] = true);
        }
        (self.tensors.iter().enumerate())
            .map(|(i, t)| GraphTensor {
                data_type: self.data_type_of(i),
                is_index: index[i],
                ..t.tensor.clone()
            })
            .collect()
    }

    /// Adds the node `make` gives (named `name`, of `kind`) with the new
    /// tensors it makes, after checking every new tensor's layout and
    /// name; `make` gets their indices in order. Nothing is added on a
    /// refusal. Returns the new tensors' ids in order.
    pub(super) fn add_node(
        &mut self,
        function: &'static str,
        (kind, name): (&'static str, Name),
        new: Vec<TensorDef>,
        make: impl FnOnce(&[usize]) -> node::BackendOp,
    ) -> Result<Vec<TensorId>> {
        let nd = node(kind, &name);
        let names: Vec<Name> = new
            .iter()
            .map(|t| Graph::output_name(&name, &t.name))
            .collect();
        for (t, t_name) in new.iter().zip(&names) {
            checks::check_layout(&t.dims, &t.strides).map_err(|what| {
                node_error(
                    function,
                    nd,
                    Some(t_name.to_string()),
                    format!("the tensor it makes: {what}"),
                )
            })?;
            if self.tensors.iter().any(|x| x.name == *t_name) {
                return Err(node_error(
                    function,
                    nd,
                    Some(t_name.to_string()),
                    "a tensor has this name already".into(),
                ));
            }
        }
        if self.tensors.len().saturating_add(new.len()) >= u32::MAX as usize {
            return Err(node_error(function, nd, None, "too many tensors".into()));
        }
        let op = self.ops.len();
        let mut indices = Vec::with_capacity(new.len());
        let mut ids = Vec::with_capacity(new.len());
        for (mut t, t_name) in new.into_iter().zip(names) {
            t.name = t_name;
            t.producer = t.producer.map(|_| op);
            let id = self.push(t);
            indices.push(id.index as usize);
            ids.push(id);
        }
        let record = make(&indices);
        self.ops.push(OpDef {
            name,
            op: Arc::new(record),
        });
        Ok(ids)
    }

    /// The data type of tensor `i` as cuDNN will be told it: a real
    /// tensor's own; a virtual output of a shape operation its input's (as
    /// cudnn-frontend 1.32 infers it: cuDNN wants them of one type); any
    /// other virtual tensor the graph's intermediate type.
    pub(super) fn data_type_of(&self, mut i: usize) -> DType {
        // Each step goes to an earlier tensor (an operation's input was
        // added before its output), so the walk ends.
        loop {
            let t = &self.tensors[i];
            if let Some(d) = t.dtype() {
                return d;
            }
            let from = t
                .producer
                .and_then(|op| self.ops[op].op.same_type.iter().find(|&&(_, y)| y == i))
                .map(|&(x, _)| x);
            match from {
                Some(x) if x < i => i = x,
                _ => return self.intermediate,
            }
        }
    }

    /// Checks that tensor `i` holds one of `allowed`, as the error of
    /// `function` at node `nd`.
    pub(super) fn check_type_in(
        &self,
        function: &'static str,
        nd: &NodeLabel<'_>,
        i: usize,
        allowed: &[DType],
        role: &str,
    ) -> Result<()> {
        let t = self.data_type_of(i);
        if allowed.contains(&t) {
            return Ok(());
        }
        let names: Vec<String> = allowed.iter().map(|&d| checks::data_type_name(d)).collect();
        Err(node_error(
            function,
            nd,
            Some(self.tensors[i].name.to_string()),
            format!(
                "{role} of type {}; it takes {}",
                checks::data_type_name(t),
                names.join(" or ")
            ),
        ))
    }

    /// Checks that tensor `i` has dims `want`, as the error of `function`
    /// at node `nd`.
    pub(super) fn check_dims_are(
        &self,
        function: &'static str,
        nd: &NodeLabel<'_>,
        i: usize,
        want: &[i64],
        rule: &str,
    ) -> Result<()> {
        let t = &self.tensors[i];
        if t.dims == want {
            return Ok(());
        }
        Err(node_error(
            function,
            nd,
            Some(t.name.to_string()),
            format!("dims {:?}, but {rule} {want:?}", t.dims),
        ))
    }

    /// The next operation's name: `<base>#<position>` (written without
    /// the formatting machinery, which a description otherwise never
    /// reaches).
    pub(super) fn next_op_name(&self, base: &str) -> Name {
        let mut buf = [0u8; 20];
        Name::concat([base, "#", decimal(self.ops.len(), &mut buf)])
    }

    /// The name of the tensor `suffix` that node `name` makes:
    /// `<name>.<suffix>`.
    pub(super) fn output_name(name: &str, suffix: &str) -> Name {
        Name::concat([name, ".", suffix])
    }

    /// The inputs of a new operation: each of this graph, and not a
    /// scalar unless the operation is pointwise.
    pub(super) fn inputs(
        &self,
        function: &'static str,
        node: &NodeLabel<'_>,
        ids: &[TensorId],
        scalars: bool,
    ) -> Result<Vec<usize>> {
        let mut out = Vec::with_capacity(ids.len());
        for &t in ids {
            let i = self.index(function, node, t)?;
            let def = &self.tensors[i];
            if def.by_value.is_some() && !scalars {
                return Err(node_error(
                    function,
                    node,
                    Some(def.name.to_string()),
                    "a by-value scalar is an operand of pointwise operations only".into(),
                ));
            }
            out.push(i);
        }
        Ok(out)
    }

    pub(super) fn named(&self, i: usize) -> Named<'_> {
        Named {
            name: &self.tensors[i].name,
            dims: &self.tensors[i].dims,
        }
    }

    /// Adds the operation `make` gives (of `kind`, named `name`) with its
    /// one output (named `<name>.<suffix>`, of dims `dims` and strides
    /// `strides`): [`add_node`](Self::add_node) with one new tensor.
    pub(super) fn add_op(
        &mut self,
        function: &'static str,
        kind_name: (&'static str, Name),
        output: (&'static str, impl Into<Extents>, impl Into<Extents>),
        make: impl FnOnce(usize) -> BackendOp,
    ) -> Result<TensorId> {
        let (suffix, dims, strides) = output;
        let out = TensorDef::new(suffix.into(), (dims.into(), strides.into()), None, Some(0));
        let ids = self.add_node(function, kind_name, vec![out], |new| make(new[0]))?;
        ids.first()
            .copied()
            .ok_or_else(|| self.graph_error(function, "the operation made no output".into()))
    }

    /// A check's fault as the error of operation `node`.
    pub(super) fn fault(function: &'static str, node: &NodeLabel<'_>, f: Fault) -> Error {
        node_error(function, node, f.tensor, f.what)
    }

    /// Makes operation output `t` an output of the graph: a real (not
    /// virtual) tensor of `dtype`, which the caller provides memory for.
    /// Its strides stay those its operation gave it (see the
    /// [layout rules](Self#layouts)).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] naming the tensor: one of another graph,
    /// one no operation produces (an input or a scalar), one made an
    /// output already (by an earlier call, or by its operation: outputs
    /// such as [`SdpaOutputs::stats`] are real from the start), a data
    /// type a graph does not take.
    pub fn set_output(&mut self, t: TensorId, dtype: DType) -> Result<()> {
        self.make_output("Graph::set_output", t, dtype, None)
    }

    /// [`set_output`](Self::set_output) with the given strides (in
    /// elements) instead of the operation's: for example attention
    /// gradients written into one interleaved buffer.
    ///
    /// # Errors
    /// As [`set_output`](Self::set_output); also a stride count other than
    /// the tensor's rank, a stride below 1, an extent that overflows
    /// `i64`, and strides that put two elements at one address.
    pub fn set_output_with_strides(
        &mut self,
        t: TensorId,
        dtype: DType,
        strides: &[i64],
    ) -> Result<()> {
        self.make_output("Graph::set_output_with_strides", t, dtype, Some(strides))
    }

    fn make_output(
        &mut self,
        function: &'static str,
        t: TensorId,
        dtype: DType,
        strides: Option<&[i64]>,
    ) -> Result<()> {
        let i = self.index(function, &node("graph", &self.name), t)?;
        let def = &self.tensors[i];
        let Some(op) = def.producer else {
            return Err(node_error(
                function,
                node("tensor", &def.name),
                Some(def.name.to_string()),
                "not an operation's output: inputs are real tensors already".into(),
            ));
        };
        let nd = node(self.ops[op].op.kind, &self.ops[op].name);
        if self.ops[op].op.stays_virtual {
            return Err(node_error(
                function,
                nd,
                Some(def.name.to_string()),
                "stays virtual: cuDNN takes this operation's result only as another's input".into(),
            ));
        }
        if let Some(dt) = def.dtype() {
            let dt = crate::graph::graph_tensor::data_type_name(dt);
            let what = if def.real_from_start {
                format!(
                    "made an output already: the operation writes it as a real {dt} tensor \
                     itself; give it memory in the variant pack without calling set_output"
                )
            } else {
                format!("made an output already (as {dt}): call set_output once per tensor")
            };
            return Err(node_error(function, nd, Some(def.name.to_string()), what));
        }
        let fail = |what| node_error(function, nd, Some(def.name.to_string()), what);
        checks::check_data_type(dtype).map_err(fail)?;
        if let Some(s) = strides {
            checks::check_layout(&def.dims, s).map_err(fail)?;
        }
        let laid_out: &[i64] = match strides {
            Some(s) => s,
            None => &def.strides,
        };
        checks::check_half_byte_layout(&def.dims, laid_out, dtype).map_err(fail)?;
        if let Some(s) = strides {
            self.tensors[i].strides = s.into();
        }
        let t = &mut self.tensors[i];
        t.data_type = dtype;
        t.is_virtual = false;
        t.is_output = true;
        Ok(())
    }
}

/// The function an operation graph's finalize errors name.
const FINALIZE_GRAPH: &str = "cudnnBackendFinalize(CUDNN_BACKEND_OPERATIONGRAPH_DESCRIPTOR)";
