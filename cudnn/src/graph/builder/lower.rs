//! [`Graph::build`]: the description turned into cuDNN's backend
//! descriptors (the tensors here, each operation from its record by
//! `node.rs`, the operation graph), and the [`OperationGraph`] that holds
//! them.

use std::sync::Arc;

use cudnn_sys as sys;

use sys::cudnnBackendAttributeName_t as A;
use sys::cudnnBackendDescriptorType_t as D;

use super::Graph;
use crate::core::error::{Error, Mismatch, Result};
use crate::core::handle::Handle;
use crate::core::library::Library;
use crate::graph::graph_tensor::{GraphTensor, BYTE_ALIGNMENT};
use crate::graph::operation_graph::OperationGraph;
use crate::graph::BackendDescriptor;

/// The function an operation graph's finalize errors name.
const FINALIZE_GRAPH: &str = "cudnnBackendFinalize(CUDNN_BACKEND_OPERATIONGRAPH_DESCRIPTOR)";

impl Graph {
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
        let mut graph =
            BackendDescriptor::with_library(lib, D::CUDNN_BACKEND_OPERATIONGRAPH_DESCRIPTOR)?;
        let refs: Vec<&BackendDescriptor> = ops.iter().collect();
        graph.set_descriptors(A::CUDNN_ATTR_OPERATIONGRAPH_OPS, &refs)?;
        drop(refs);
        drop((ops, descs));
        match handle {
            Some(h) => graph.set_handle(A::CUDNN_ATTR_OPERATIONGRAPH_HANDLE, h)?,
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
            let _ = signature.set(super::signature_of(g.ops.iter().map(|o| &o.op), used));
        }
        Ok(OperationGraph {
            desc: graph,
            tensors,
            name: self.name.clone(),
            plan_tensors,
            key: std::cell::OnceCell::new(),
            key_types: (self.intermediate, self.compute),
            key_ops: g.ops.iter().map(|o| o.op.clone()).collect(),
            graph: self.id,
            handle_id: handle.map(Handle::id),
            tf32_operands: g.tf32_operands(),
            head_dims: self.sdpa_head_dims(),
            signature,
            written_signature: std::cell::OnceCell::new(),
        })
    }

    /// Whether a convolution or matmul of the graph reads a `FLOAT`
    /// operand (a virtual one counts in the intermediate type).
    pub(crate) fn tf32_operands(&self) -> bool {
        let float = |i: &usize| self.data_type_of(*i) == sys::cudnnDataType_t::CUDNN_DATA_FLOAT;
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
}

/// The finalized `TENSOR` descriptor of `t`.
fn tensor_descriptor(lib: &Arc<Library>, t: &GraphTensor) -> Result<BackendDescriptor> {
    let mut d = BackendDescriptor::with_library(lib, D::CUDNN_BACKEND_TENSOR_DESCRIPTOR)?;
    d.set(A::CUDNN_ATTR_TENSOR_UNIQUE_ID, &[t.uid])?;
    d.set(A::CUDNN_ATTR_TENSOR_DIMENSIONS, &t.dims)?;
    d.set(A::CUDNN_ATTR_TENSOR_STRIDES, &t.strides)?;
    d.set(A::CUDNN_ATTR_TENSOR_DATA_TYPE, &[t.data_type])?;
    // Every buffer bound to it is checked for this alignment before an
    // execution (`VariantPack`).
    let alignment = BYTE_ALIGNMENT as i64;
    d.set(A::CUDNN_ATTR_TENSOR_BYTE_ALIGNMENT, &[alignment])?;
    d.set(A::CUDNN_ATTR_TENSOR_IS_VIRTUAL, &[t.is_virtual])?;
    if t.by_value.is_some() {
        d.set(A::CUDNN_ATTR_TENSOR_IS_BY_VALUE, &[true])?;
    }
    if let Some(r) = t.reordering {
        d.set(A::CUDNN_ATTR_TENSOR_REORDERING_MODE, &[r])?;
    }
    d.finalize()?;
    Ok(d)
}
