//! cuDNN's backend ("graph") API: operation graphs, engine selection,
//! execution plans, a plan cache, and execution.
//!
//! NVIDIA develops new work (fused convolution and matmul epilogues,
//! normalizations, attention) only in the backend API, where every object
//! is a descriptor of some [descriptor
//! type](cudnn_sys::cudnnBackendDescriptorType_t) whose attributes are set
//! by name and then finalized. This module has it in layers:
//!
//! 1. **[`Graph`]**, a builder that reads like NVIDIA's cudnn-frontend:
//!    tensors (dims, strides, data type; virtual intermediates; by-value
//!    scalars), convolution fprop/dgrad/wgrad, pointwise ops (add, mul,
//!    bias, scale, ReLU, GELU, SiLU, sigmoid, tanh and the rest of cuDNN's
//!    modes), matmul and reduction. Shapes, data types and strides are
//!    checked as the graph is built; errors name the node and the tensor
//!    ([`Mismatch::GraphNode`](crate::Mismatch::GraphNode)).
//!    [`Graph::build`] turns it into an [`OperationGraph`].
//! 2. **Engine selection** for a [`Target`]: a GPU described by
//!    [`DeviceProperties`] (JSON, or a shipped preset: H100, H200, A100,
//!    L4, L40, RTX 4090), which needs no GPU, or a live [`Handle`](crate::Handle).
//!    [`OperationGraph::engine_configs`] runs cuDNN's heuristics
//!    ([`HeuristicMode`]) and filters by cuDNN's notes ([`EngineFilter`]);
//!    [`OperationGraph::engine_config`] makes one from an engine's index
//!    and knob choices ([`EngineConfig::knobs`] reads them back);
//!    [`OperationGraph::plans`] follows [`Settings`], which mirror
//!    `torch.backends.cudnn` (benchmark, deterministic, allow_tf32,
//!    benchmark_limit). "No engine" is [`Error::NoEngine`](crate::Error::NoEngine)
//!    with cuDNN's reasons, never an empty success.
//! 3. **[`ExecutionPlan`]**: an engine configuration finalized for the
//!    target, with its workspace size; [`ExecutionPlan::to_json`] and
//!    [`ExecutionPlan::from_json`] move it between machines (plans for a
//!    described GPU are built where there is none). [`PlanCache`] keeps
//!    plans by graph, device and cuDNN version, with an LRU limit, and
//!    saves and loads them.
//! 4. **Execution** on a handle: [`Handle::execute`](crate::Handle::execute)
//!    with a [`VariantPack`] (every graph tensor's buffer, by uid, checked
//!    for type, length, context, alignment and exclusive access to
//!    outputs; every by-value scalar's [`ScalarValue`] converted to its
//!    tensor's type), [`Handle::autotune`](crate::Handle::autotune), and
//!    CUDA graphs recorded from a plan ([`PlanGraph`]; plans chosen with
//!    [`Settings::require_cuda_graph`], each launch ordered with other
//!    streams by cudarc's events). A plan built for a described GPU runs
//!    only on a GPU with its architecture and limits ([`DeviceLimits`]).
//!
//!    Device-side indices (an attention's sequence lengths and page
//!    tables) are the one thing not checked: their values live on the
//!    device, and reading them back before every launch would
//!    synchronize each execution with the host. So binding them is
//!    `unsafe` ([`VariantPack::index_input`], and
//!    [`nn::SeqLens::new`](crate::nn::SeqLens::new) for the attention
//!    layer), and the caller promises that they are in range.
//! 5. **[`backend::BackendDescriptor`]** underneath: an owned backend descriptor
//!    with typed attribute setters and getters, checked against a table
//!    generated from both majors' headers and cudnn-frontend's calls, with
//!    a few types no text states measured on cuDNN 9.28
//!    ([`backend::attribute_info`], `scripts/gen-backend-attrs.py`, checked in CI):
//!    a wrong descriptor type, attribute type, element count or major is
//!    refused before cuDNN is called; an attribute whose type no source
//!    gives is refused.
//!
//! What cuDNN does not check, and would end the process on, the wrapper
//! refuses with a typed error: a plan read from JSON finalized with
//! neither device properties nor a handle; heuristics when cuDNN 9's
//! precompiled engines cannot load cuBLASLt
//! ([`Error::DependencyUnavailable`](crate::Error::DependencyUnavailable));
//! a descriptor of the wrong type (cuDNN 8.9.5). Attributes cuDNN does not
//! report back (a tensor's byte alignment) are kept on the Rust side.
//!
//! cuDNN 8 finalizes an operation graph only with a handle (so only on a
//! GPU) and has no device properties or plan JSON (9.8 and later): there
//! the builder checks and builds the operations, and the rest is a typed
//! refusal.
//!
//! ```no_run
//! use cudnn::graph::{ConvOptions, DType, DeviceProperties, Graph, Settings, Target};
//!
//! # fn main() -> cudnn::Result<()> {
//! // conv(x, w) + bias, then ReLU.
//! let mut g = Graph::new("conv_bias_relu");
//! let x = g.tensor("x", &[8, 64, 56, 56], DType::HALF)?;
//! let w = g.tensor("w", &[64, 64, 3, 3], DType::HALF)?;
//! let b = g.tensor("bias", &[1, 64, 1, 1], DType::HALF)?;
//! let y = g.conv_fprop(x, w, &ConvOptions::new(2).padding(&[1, 1]))?;
//! let y = g.bias(y, b)?;
//! let y = g.relu(y)?;
//! g.set_output(y, DType::HALF)?;
//! let graph = g.build()?;
//!
//! // A plan for an H100, built and saved on a machine without a GPU.
//! let h100 = DeviceProperties::preset("h100-sxm").expect("shipped");
//! let target = Target::Device { library: graph.library(), device: &h100 };
//! let plan = graph.plans(target, &Settings::default())?.remove(0);
//! println!("workspace: {} bytes", plan.workspace_size());
//! std::fs::write("conv_bias_relu.plan.json", plan.to_json()?).expect("write");
//! # Ok(()) }
//! ```

// Data flows one way through these files. At the bottom, `graph_tensor.rs`
// (the tensors every graph and plan carries, each giving its key part and
// its signature) and `signature.rs` on it; `plan_json.rs` (a plan's JSON
// read into `GraphTensor`s and a `Signature`) and `engine.rs` (targets,
// engine configurations, filters) side by side, neither importing the
// other; `plan.rs` on them, `settings.rs` beside it; `operation_graph.rs`
// on top of these (the built graph asks for configurations, makes plans
// and checks plan JSON), and `builder.rs` makes it. Likewise `attr_rows.rs`
// (row types) under `generated/attrs.rs` (the table) under `info.rs`
// (lookups), under `descriptor.rs`. No file imports one that imports it.
mod attr_rows;
#[path = "generated/attrs.rs"]
mod attrs;
pub mod backend;
mod builder;
mod cache;
mod cublaslt;
mod cuda_graph;
mod descriptor;
mod device;
mod driver;
mod engine;
mod engine_choice;
mod execute;
// It loads the real cuDNN and cuBLASLt, which Miri cannot.
#[cfg(all(test, target_os = "linux", not(miri)))]
mod execute_timing;
mod extents;
mod graph_tensor;
pub(crate) mod info;
mod kernel_cache;
mod name;
mod note_names;
mod operation_graph;
mod pack;
mod plan;
mod plan_json;
mod scalar;
mod settings;
mod signature;
mod target;
mod value;

pub use crate::core::dtype::DType;
pub(crate) use builder::head_dim;
pub use builder::{
    BatchNormOptions, BatchNormOutputs, BlockScaleQuantize, ConvOptions, DiagonalAlignment, Graph,
    MatmulFp8Outputs, MatmulFp8Scales, MatmulOptions, MoeRouting, NormGradients, NormOptions,
    NormOutputs, NormPhase, PointwiseMode, RngDistribution, RopeOptions, RunningStats,
    SdpaBackwardInputs, SdpaDropout, SdpaFp8, SdpaGradients, SdpaMxfp8, SdpaOptions, SdpaOutputs,
    SdpaPagedKv, SoftmaxOptions, SoftmaxOutputs, TensorId, TensorReordering,
};
pub use cache::{DropReason, DroppedPlan, LoadReport, PlanCache, PlanKey};
pub use cuda_graph::PlanGraph;
pub(crate) use descriptor::BackendDescriptor;
pub use device::{DeviceField, DeviceProperties, FieldKind};
pub use engine::{EngineConfig, EngineFilter, HeuristicMode, KnobType, Target};
pub use engine_choice::{EngineChoice, MAX_KNOBS};
pub use graph_tensor::GraphTensor;
pub use kernel_cache::KernelCache;
pub use operation_graph::OperationGraph;
pub use pack::{PreparedPack, VariantPack};
pub use plan::ExecutionPlan;
pub use scalar::ScalarValue;
pub use settings::Settings;
pub use target::DeviceLimits;

/// The most dimensions of a graph's tensor (`CUDNN_DIM_MAX`).
pub(crate) const MAX_RANK: usize = 8;

/// The most operations a graph may have, counting those of attention's
/// score subgraphs: [`Graph::build`] and [`ExecutionPlan::from_json`]
/// refuse more with a typed error.
///
/// It bounds the graph's depth, which cuDNN 9.28 walks by recursion of
/// about 160 bytes of stack per operation: a chain of 3,500 overflows a
/// 512 KiB thread stack (an abort), one of 4,000 still builds on a 2 MiB
/// one (the default of a spawned thread), and the limit is a quarter of
/// that. It also bounds cuDNN's checks of the graph, whose time grows with
/// the square of its length (1.4 s for a chain of 1,000, 23 s for 4,000,
/// a minute for 10,000).
pub const MAX_OPERATIONS: usize = 1_000;
