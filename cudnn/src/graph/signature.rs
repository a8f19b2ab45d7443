//! What a plan is for, in a form both a built graph and a plan's JSON
//! give: every tensor (uid, dims, strides, type, virtual, by value) and
//! every operation (cuDNN's operation name, its enumerated settings, the
//! uids it reads and writes). A plan cache compares the two before it
//! hands out a plan it read from a file.

use super::graph_tensor::GraphTensor;
use cudnn_sys as sys;

/// An operation as a signature sees it. `modes` are `key=NAME` with the
/// plan JSON's key (`pointwiseMode=CUDNN_POINTWISE_RELU_FWD`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct NodeSig {
    pub(crate) operation: &'static str,
    pub(crate) modes: Vec<String>,
    pub(crate) reads: Vec<i64>,
    pub(crate) writes: Vec<i64>,
}

impl NodeSig {
    pub(crate) fn new(operation: &'static str) -> NodeSig {
        NodeSig {
            operation,
            modes: Vec::new(),
            reads: Vec::new(),
            writes: Vec::new(),
        }
    }

    /// Sorts its lists (their order carries no meaning).
    pub(crate) fn finish(&mut self) {
        self.modes.sort();
        self.reads.sort_unstable();
        self.writes.sort_unstable();
    }
}

/// A graph's tensors and operations, in a canonical order. Of a tensor
/// only its [`GraphTensor::signature`] counts.
#[derive(Debug, Clone)]
pub(crate) struct Signature {
    tensors: Vec<GraphTensor>,
    nodes: Vec<NodeSig>,
}

impl Signature {
    pub(crate) fn new(mut tensors: Vec<GraphTensor>, mut nodes: Vec<NodeSig>) -> Signature {
        tensors.sort_by(|a, b| a.signature().cmp(&b.signature()));
        nodes.sort();
        Signature { tensors, nodes }
    }

    /// Its tensors, in the canonical order.
    pub(crate) fn tensors(&self) -> &[GraphTensor] {
        &self.tensors
    }

    /// The first difference from `other`, in words; `None` when equal.
    pub(crate) fn difference(&self, other: &Signature) -> Option<String> {
        let same = |a: &GraphTensor, b: &GraphTensor| a.signature() == b.signature();
        let same_tensors = self.tensors.len() == other.tensors.len()
            && self
                .tensors
                .iter()
                .zip(&other.tensors)
                .all(|(a, b)| same(a, b));
        if !same_tensors {
            let t = self
                .tensors
                .iter()
                .zip(&other.tensors)
                .find(|(a, b)| !same(a, b))
                .map_or_else(
                    || {
                        format!(
                            "the graph has {} tensors, the plan {}",
                            self.tensors.len(),
                            other.tensors.len()
                        )
                    },
                    |(a, b)| {
                        format!(
                            "the graph has tensor {}, the plan {}",
                            described(a),
                            described(b)
                        )
                    },
                );
            return Some(t);
        }
        if self.nodes != other.nodes {
            let n = self
                .nodes
                .iter()
                .zip(&other.nodes)
                .find(|(a, b)| a != b)
                .map_or_else(
                    || {
                        format!(
                            "the graph has {} operations, the plan {}",
                            self.nodes.len(),
                            other.nodes.len()
                        )
                    },
                    |(a, b)| format!("the graph has operation {a:?}, the plan {b:?}"),
                );
            return Some(n);
        }
        None
    }
}

/// What a signature compares of `t`, in words.
fn described(t: &GraphTensor) -> String {
    let (uid, dims, strides, data_type, is_virtual, is_by_value) = t.signature();
    format!(
        "uid {uid} (dims {dims:?}, strides {strides:?}, data type {data_type}, virtual \
         {is_virtual}, by value {is_by_value})"
    )
}

/// `fn name(v: T) -> Option<String>`: cuDNN's name of a value of a C
/// enum among the listed constants (the C identifier, as the plan JSON
/// writes it and the type's `Display` gives it); `None` for another.
macro_rules! names {
    ($f:ident: $t:ident { $($c:ident),* $(,)? }) => {
        pub(crate) fn $f(v: sys::$t) -> Option<String> {
            [$(sys::$t::$c),*].contains(&v).then(|| v.to_string())
        }
    };
}

names!(pointwise_mode: cudnnPointwiseMode_t { CUDNN_POINTWISE_ADD, CUDNN_POINTWISE_ADD_SQUARE, CUDNN_POINTWISE_DIV, CUDNN_POINTWISE_MAX, CUDNN_POINTWISE_MIN, CUDNN_POINTWISE_MOD, CUDNN_POINTWISE_MUL, CUDNN_POINTWISE_POW, CUDNN_POINTWISE_SUB, CUDNN_POINTWISE_ABS, CUDNN_POINTWISE_CEIL, CUDNN_POINTWISE_COS, CUDNN_POINTWISE_EXP, CUDNN_POINTWISE_FLOOR, CUDNN_POINTWISE_LOG, CUDNN_POINTWISE_NEG, CUDNN_POINTWISE_RSQRT, CUDNN_POINTWISE_SIN, CUDNN_POINTWISE_SQRT, CUDNN_POINTWISE_TAN, CUDNN_POINTWISE_ERF, CUDNN_POINTWISE_IDENTITY, CUDNN_POINTWISE_RECIPROCAL, CUDNN_POINTWISE_ATAN2, CUDNN_POINTWISE_FLOOR_MOD, CUDNN_POINTWISE_RELU_FWD, CUDNN_POINTWISE_TANH_FWD, CUDNN_POINTWISE_SIGMOID_FWD, CUDNN_POINTWISE_ELU_FWD, CUDNN_POINTWISE_GELU_FWD, CUDNN_POINTWISE_SOFTPLUS_FWD, CUDNN_POINTWISE_SWISH_FWD, CUDNN_POINTWISE_GELU_APPROX_TANH_FWD, CUDNN_POINTWISE_RELU_BWD, CUDNN_POINTWISE_TANH_BWD, CUDNN_POINTWISE_SIGMOID_BWD, CUDNN_POINTWISE_ELU_BWD, CUDNN_POINTWISE_GELU_BWD, CUDNN_POINTWISE_SOFTPLUS_BWD, CUDNN_POINTWISE_SWISH_BWD, CUDNN_POINTWISE_GELU_APPROX_TANH_BWD, CUDNN_POINTWISE_CMP_EQ, CUDNN_POINTWISE_CMP_NEQ, CUDNN_POINTWISE_CMP_GT, CUDNN_POINTWISE_CMP_GE, CUDNN_POINTWISE_CMP_LT, CUDNN_POINTWISE_CMP_LE, CUDNN_POINTWISE_LOGICAL_AND, CUDNN_POINTWISE_LOGICAL_OR, CUDNN_POINTWISE_LOGICAL_NOT, CUDNN_POINTWISE_GEN_INDEX, CUDNN_POINTWISE_BINARY_SELECT });
names!(reduce_op: cudnnReduceTensorOp_t { CUDNN_REDUCE_TENSOR_ADD, CUDNN_REDUCE_TENSOR_MUL, CUDNN_REDUCE_TENSOR_MIN, CUDNN_REDUCE_TENSOR_MAX, CUDNN_REDUCE_TENSOR_AMAX, CUDNN_REDUCE_TENSOR_AVG, CUDNN_REDUCE_TENSOR_NORM1, CUDNN_REDUCE_TENSOR_NORM2, CUDNN_REDUCE_TENSOR_MUL_NO_ZEROS });
names!(conv_mode: cudnnConvolutionMode_t { CUDNN_CONVOLUTION, CUDNN_CROSS_CORRELATION });
names!(norm_mode: cudnnBackendNormMode_t { CUDNN_LAYER_NORM, CUDNN_INSTANCE_NORM, CUDNN_BATCH_NORM, CUDNN_GROUP_NORM, CUDNN_RMS_NORM, CUDNN_ADA_LAYER_NORM });
names!(moe_mode: cudnnMoeGroupedMatmulMode_t { CUDNN_MOE_GROUPED_MATMUL_MODE_NONE, CUDNN_MOE_GROUPED_MATMUL_MODE_GATHER, CUDNN_MOE_GROUPED_MATMUL_MODE_SCATTER });
names!(norm_phase: cudnnBackendNormFwdPhase_t { CUDNN_NORM_FWD_INFERENCE, CUDNN_NORM_FWD_TRAINING });

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modes_are_named_as_the_plan_json_writes_them() {
        let amax = reduce_op(sys::cudnnReduceTensorOp_t::AMAX);
        assert_eq!(amax.as_deref(), Some("CUDNN_REDUCE_TENSOR_AMAX"));
        let relu = pointwise_mode(sys::cudnnPointwiseMode_t::RELU_FWD);
        assert_eq!(relu.as_deref(), Some("CUDNN_POINTWISE_RELU_FWD"));
        assert_eq!(conv_mode(sys::cudnnConvolutionMode_t(7)), None);
    }
}
