//! The operations of a [`Graph`]: convolutions (forward, data and filter
//! gradients), pointwise operations and their helpers, and reductions
//! (matmuls are `matmul.rs`'s; [`Graph::set_output`] and the helpers
//! every operation uses are `builder.rs`'s). Each checks its inputs with
//! the pure functions of `checks` and adds nothing on a refusal.

use crate::core::dtype::DType;
use cudnn_sys as sys;

use sys::cudnnBackendAttributeName_t as A;
use sys::cudnnBackendDescriptorType_t as D;
use sys::cudnnPointwiseMode_t as Pw;

use super::checks::{self, Named};
use super::node::{BackendOp, Setting};
use super::{node, node_error, Graph, NodeLabel, TensorId};
use crate::core::error::Result;
use crate::graph::extents::Extents;

/// The attributes of one kind of convolution operation: its kind in node
/// names, its descriptor type, its three tensors' roles (two inputs, then
/// the output), its `CONVOLUTION` descriptor's, and alpha's and beta's.
struct ConvRoles {
    kind: &'static str,
    descriptor: D,
    tensors: [A; 3],
    conv: A,
    alpha: A,
    beta: A,
}

/// `x`, `w`, `y`.
const CONV_FPROP: ConvRoles = ConvRoles {
    kind: "conv_fprop",
    descriptor: D::OPERATION_CONVOLUTION_FORWARD_DESCRIPTOR,
    tensors: [
        A::OPERATION_CONVOLUTION_FORWARD_X,
        A::OPERATION_CONVOLUTION_FORWARD_W,
        A::OPERATION_CONVOLUTION_FORWARD_Y,
    ],
    conv: A::OPERATION_CONVOLUTION_FORWARD_CONV_DESC,
    alpha: A::OPERATION_CONVOLUTION_FORWARD_ALPHA,
    beta: A::OPERATION_CONVOLUTION_FORWARD_BETA,
};

/// `dy`, `w`, `dx`.
const CONV_DGRAD: ConvRoles = ConvRoles {
    kind: "conv_dgrad",
    descriptor: D::OPERATION_CONVOLUTION_BACKWARD_DATA_DESCRIPTOR,
    tensors: [
        A::OPERATION_CONVOLUTION_BWD_DATA_DY,
        A::OPERATION_CONVOLUTION_BWD_DATA_W,
        A::OPERATION_CONVOLUTION_BWD_DATA_DX,
    ],
    conv: A::OPERATION_CONVOLUTION_BWD_DATA_CONV_DESC,
    alpha: A::OPERATION_CONVOLUTION_BWD_DATA_ALPHA,
    beta: A::OPERATION_CONVOLUTION_BWD_DATA_BETA,
};

/// `x`, `dy`, `dw`.
const CONV_WGRAD: ConvRoles = ConvRoles {
    kind: "conv_wgrad",
    descriptor: D::OPERATION_CONVOLUTION_BACKWARD_FILTER_DESCRIPTOR,
    tensors: [
        A::OPERATION_CONVOLUTION_BWD_FILTER_X,
        A::OPERATION_CONVOLUTION_BWD_FILTER_DY,
        A::OPERATION_CONVOLUTION_BWD_FILTER_DW,
    ],
    conv: A::OPERATION_CONVOLUTION_BWD_FILTER_CONV_DESC,
    alpha: A::OPERATION_CONVOLUTION_BWD_FILTER_ALPHA,
    beta: A::OPERATION_CONVOLUTION_BWD_FILTER_BETA,
};

/// The floating types of which a convolution's two operands must be one
/// (FP8 and integer mixes are left to cuDNN).
const CONV_FLOATS: [DType; 4] = [DType::FLOAT, DType::DOUBLE, DType::HALF, DType::BFLOAT16];

/// The attributes cudnn-frontend 1.32's pointwise node sets for `mode`
/// computing in `math` (`node/pointwise.h`, `create_cudnn_operations`),
/// at its defaults: a ReLU's NaN propagation (`PROPAGATE_NAN`), lower
/// clip 0, upper clip (`FLT_MAX` computing in `FLOAT`, `DBL_MAX`
/// otherwise) and lower clip slope 0; an ELU's alpha, a softplus's beta
/// and a swish's beta, 1. cuDNN's own defaults differ only in the ReLU's
/// upper clip (`DBL_MAX` whatever the type), which its plan JSON shows.
fn pointwise_defaults(mode: Pw, math: Option<DType>) -> Vec<Setting> {
    match mode {
        Pw::RELU_FWD | Pw::RELU_BWD => vec![
            Setting::Nan(
                A::POINTWISE_NAN_PROPAGATION,
                sys::cudnnNanPropagation_t::PROPAGATE_NAN,
            ),
            Setting::Double(A::POINTWISE_RELU_LOWER_CLIP, 0.0),
            Setting::UpperClip(A::POINTWISE_RELU_UPPER_CLIP, math),
            Setting::Double(A::POINTWISE_RELU_LOWER_CLIP_SLOPE, 0.0),
        ],
        Pw::ELU_FWD | Pw::ELU_BWD => {
            vec![Setting::Double(A::POINTWISE_ELU_ALPHA, 1.0)]
        }
        Pw::SOFTPLUS_FWD | Pw::SOFTPLUS_BWD => {
            vec![Setting::Double(A::POINTWISE_SOFTPLUS_BETA, 1.0)]
        }
        Pw::SWISH_FWD | Pw::SWISH_BWD => {
            vec![Setting::Double(A::POINTWISE_SWISH_BETA, 1.0)]
        }
        _ => Vec::new(),
    }
}

/// The records of this file's operations.
impl BackendOp {
    /// A convolution of `roles` over `tensors` (in the roles' order) with
    /// `conv`'s `CONVOLUTION` descriptor in the graph's compute type,
    /// alpha 1 and beta 0.
    fn convolution(roles: &ConvRoles, tensors: [usize; 3], conv: &ConvOptions) -> BackendOp {
        let mut op = BackendOp::core(roles.kind, roles.descriptor);
        op.input(roles.tensors[0], tensors[0]);
        op.input(roles.tensors[1], tensors[1]);
        op.output(roles.tensors[2], tensors[2]);
        op.set(Setting::nested(
            roles.conv,
            D::CONVOLUTION_DESCRIPTOR,
            vec![
                Setting::Compute(A::CONVOLUTION_COMP_TYPE, None),
                Setting::ConvMode(A::CONVOLUTION_CONV_MODE, conv.mode),
                Setting::Int64(A::CONVOLUTION_SPATIAL_DIMS, conv.stride.len() as i64),
                Setting::Int64s(A::CONVOLUTION_DILATIONS, conv.dilation.clone()),
                Setting::Int64s(A::CONVOLUTION_FILTER_STRIDES, conv.stride.clone()),
                Setting::Int64s(A::CONVOLUTION_PRE_PADDINGS, conv.pre_padding.clone()),
                Setting::Int64s(A::CONVOLUTION_POST_PADDINGS, conv.post_padding.clone()),
            ],
        ));
        op.set(Setting::Scaling {
            alpha: roles.alpha,
            beta: roles.beta,
        });
        op.tf32 = true;
        op
    }

    /// A pointwise operation of `mode` in the graph's compute type: the
    /// inputs in the roles of its arity (`dy`, `x` for an activation's
    /// backward; `x`, `b`, `t` otherwise), writing `y`.
    pub(super) fn pointwise(mode: Pw, inputs: &[usize], y: usize) -> BackendOp {
        BackendOp::pointwise_in(mode, inputs, y, None, None)
    }

    /// [`pointwise`](Self::pointwise) computing in `math` (the graph's
    /// compute type for `None`), along `axis` where given (`GEN_INDEX`).
    pub(super) fn pointwise_in(
        mode: Pw,
        inputs: &[usize],
        y: usize,
        math: Option<DType>,
        axis: Option<i64>,
    ) -> BackendOp {
        let mut op = BackendOp::core("pointwise", D::OPERATION_POINTWISE_DESCRIPTOR);
        let mut pw = vec![
            Setting::Pointwise(A::CUDNN_ATTR_POINTWISE_MODE, mode),
            Setting::Compute(A::POINTWISE_MATH_PREC, math),
        ];
        if let Some(a) = axis {
            pw.push(Setting::Int64(A::POINTWISE_AXIS, a));
        }
        pw.extend(pointwise_defaults(mode, math));
        op.set(Setting::nested(
            A::OPERATION_POINTWISE_PW_DESCRIPTOR,
            D::POINTWISE_DESCRIPTOR,
            pw,
        ));
        let backward = checks::pointwise_arity(mode).is_ok_and(|a| a.backward);
        let (roles, out): (&[A], A) = if backward {
            (
                &[A::OPERATION_POINTWISE_DYDESC, A::OPERATION_POINTWISE_XDESC],
                A::OPERATION_POINTWISE_DXDESC,
            )
        } else {
            (
                &[
                    A::OPERATION_POINTWISE_XDESC,
                    A::OPERATION_POINTWISE_BDESC,
                    A::OPERATION_POINTWISE_TDESC,
                ],
                A::OPERATION_POINTWISE_YDESC,
            )
        };
        for (role, &i) in roles.iter().zip(inputs) {
            op.input(*role, i);
        }
        op.output(out, y);
        op
    }

    /// A reduction of `x` into `y` by `reduce`, in the graph's compute type.
    pub(super) fn reduction(reduce: sys::cudnnReduceTensorOp_t, x: usize, y: usize) -> BackendOp {
        let mut op = BackendOp::core("reduction", D::OPERATION_REDUCTION_DESCRIPTOR);
        op.set(Setting::nested(
            A::OPERATION_REDUCTION_DESC,
            D::REDUCTION_DESCRIPTOR,
            vec![
                Setting::Reduce(A::REDUCTION_OPERATOR, reduce),
                Setting::Compute(A::REDUCTION_COMP_TYPE, None),
            ],
        ));
        op.input(A::OPERATION_REDUCTION_XDESC, x);
        op.output(A::OPERATION_REDUCTION_YDESC, y);
        op
    }
}

impl Graph {
    /// Refuses a convolution's two operands (`(role, tensor)`, role as the
    /// message names it) when both are of [`CONV_FLOATS`] and differ:
    /// cuDNN's supported configurations take them of one floating type, and
    /// its heuristics decline every engine for a mix. Only declared types
    /// are compared: a virtual operand's is not known yet.
    fn check_conv_types(
        &self,
        function: &'static str,
        nd: &NodeLabel<'_>,
        [(ra, a), (rb, b)]: [(&str, usize); 2],
    ) -> Result<()> {
        let (Some(ta), Some(tb)) = (self.tensors[a].dtype(), self.tensors[b].dtype()) else {
            return Ok(());
        };
        if ta == tb || !CONV_FLOATS.contains(&ta) || !CONV_FLOATS.contains(&tb) {
            return Ok(());
        }
        let (na, nb) = (checks::data_type_name(ta), checks::data_type_name(tb));
        Err(node_error(
            function,
            nd,
            Some(self.tensors[b].name.to_string()),
            format!(
                "{ra} is {na} and {rb} {nb}: cuDNN's convolutions take {ra} and {rb} of one \
                 floating type (cuDNN's supported configurations; its heuristics offer no \
                 engine for a mix)"
            ),
        ))
    }

    /// A forward convolution of `x` (`[N, C, spatial..]`, 1 to 3 spatial
    /// dimensions) with filter `w` (`[K, C / groups, spatial..]`); the
    /// output is `[N, K, spatial out..]`. Alpha 1, beta 0.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] naming the node and the tensor: a tensor
    /// of another graph or a scalar, a rank outside 3..=5, a filter of
    /// another rank, options of another length or out of range, channels
    /// the filter's do not divide, output channels the groups do not
    /// divide, an empty output; `x` and `w` of two different floating
    /// types (`FLOAT`, `DOUBLE`, `HALF`, `BFLOAT16`: cuDNN offers no engine
    /// for such a mix; FP8 and integer mixes are left to cuDNN).
    ///
    /// [`Error::InvalidArgument`]: crate::core::error::Error::InvalidArgument
    pub fn conv_fprop(&mut self, x: TensorId, w: TensorId, conv: &ConvOptions) -> Result<TensorId> {
        const F: &str = "Graph::conv_fprop";
        const KIND: &str = "conv_fprop";
        let name = self.next_op_name(KIND);
        let nd = node(KIND, &name);
        let ins = self.inputs(F, &nd, &[x, w], false)?;
        let (xi, wi) = (ins[0], ins[1]);
        self.check_conv_types(F, &nd, [("x", xi), ("w", wi)])?;
        let (dims, _) = checks::conv_forward_dims(self.named(xi), self.named(wi), conv)
            .map_err(|f| Self::fault(F, &nd, f))?;
        let strides = checks::strides_like(&dims, &self.tensors[xi].strides);
        self.add_op(F, (KIND, name), ("y", dims, strides), |y| {
            BackendOp::convolution(&CONV_FPROP, [xi, wi, y], conv)
        })
    }

    /// The data gradient of a convolution: `dx` (of dims `dx_dims`) from
    /// `dy` and filter `w`; the forward rule applied to `dx_dims` and `w`
    /// must give `dy`'s dims. Alpha 1, beta 0.
    ///
    /// # Errors
    /// As [`conv_fprop`](Self::conv_fprop), for `dx_dims` and `w` (for the
    /// types, `dy` and `w`); `dx_dims` no tensor has (as [`tensor`](Self::tensor)); dims of `dy` other than
    /// the forward rule's.
    pub fn conv_dgrad(
        &mut self,
        dy: TensorId,
        w: TensorId,
        conv: &ConvOptions,
        dx_dims: &[i64],
    ) -> Result<TensorId> {
        const F: &str = "Graph::conv_dgrad";
        const KIND: &str = "conv_dgrad";
        let name = self.next_op_name(KIND);
        let nd = node(KIND, &name);
        let ins = self.inputs(F, &nd, &[dy, w], false)?;
        let (dyi, wi) = (ins[0], ins[1]);
        self.check_conv_types(F, &nd, [("dy", dyi), ("w", wi)])?;
        let dx_name = Graph::output_name(&name, "dx");
        checks::check_layout(dx_dims, &checks::packed_strides(dx_dims))
            .map_err(|what| node_error(F, nd, Some(dx_name.to_string()), what))?;
        let dx = Named {
            name: &dx_name,
            dims: dx_dims,
        };
        let (want, _) = checks::conv_forward_dims(dx, self.named(wi), conv)
            .map_err(|f| Self::fault(F, &nd, f))?;
        checks::check_same_dims(self.named(dyi), &want, "the forward rule for dx and w")
            .map_err(|f| Self::fault(F, &nd, f))?;
        let strides = checks::strides_like(dx_dims, &self.tensors[dyi].strides);
        self.add_op(F, (KIND, name), ("dx", dx_dims.to_vec(), strides), |dx| {
            BackendOp::convolution(&CONV_DGRAD, [dyi, wi, dx], conv)
        })
    }

    /// The filter gradient of a convolution: `dw` (of dims `dw_dims`) from
    /// `x` and `dy`; the forward rule applied to `x` and `dw_dims` must
    /// give `dy`'s dims. Alpha 1, beta 0.
    ///
    /// # Errors
    /// As [`conv_fprop`](Self::conv_fprop), for `x` and `dw_dims` (for the
    /// types, `x` and `dy`); `dw_dims` no tensor has (as [`tensor`](Self::tensor)); dims of `dy` other than
    /// the forward rule's.
    pub fn conv_wgrad(
        &mut self,
        x: TensorId,
        dy: TensorId,
        conv: &ConvOptions,
        dw_dims: &[i64],
    ) -> Result<TensorId> {
        const F: &str = "Graph::conv_wgrad";
        const KIND: &str = "conv_wgrad";
        let name = self.next_op_name(KIND);
        let nd = node(KIND, &name);
        let ins = self.inputs(F, &nd, &[x, dy], false)?;
        let (xi, dyi) = (ins[0], ins[1]);
        self.check_conv_types(F, &nd, [("x", xi), ("dy", dyi)])?;
        let dw_name = Graph::output_name(&name, "dw");
        checks::check_layout(dw_dims, &checks::packed_strides(dw_dims))
            .map_err(|what| node_error(F, nd, Some(dw_name.to_string()), what))?;
        let dw = Named {
            name: &dw_name,
            dims: dw_dims,
        };
        let (want, _) = checks::conv_forward_dims(self.named(xi), dw, conv)
            .map_err(|f| Self::fault(F, &nd, f))?;
        checks::check_same_dims(self.named(dyi), &want, "the forward rule for x and dw")
            .map_err(|f| Self::fault(F, &nd, f))?;
        let strides = checks::strides_like(dw_dims, &self.tensors[xi].strides);
        self.add_op(F, (KIND, name), ("dw", dw_dims.to_vec(), strides), |dw| {
            BackendOp::convolution(&CONV_WGRAD, [xi, dyi, dw], conv)
        })
    }

    /// A pointwise operation of `mode` over `inputs`: one for unary modes
    /// (`RELU_FWD`, `EXP`, ...), two for binary ones (`ADD`, `MUL`,
    /// comparisons, ...), three for `BINARY_SELECT`, and `(dy, x)` for an
    /// activation's backward (`RELU_BWD`, ...; the output is `dx`).
    /// Inputs have one rank (a [scalar](Self::scalar) takes it) and
    /// broadcast: each dimension equal to the largest or 1. The output has
    /// the broadcast dims.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] naming the node (and the tensor where
    /// one is at fault): a mode this builder does not take (`GEN_INDEX`,
    /// which needs an axis), another number of inputs, a tensor of another
    /// graph, ranks that differ, dims that do not broadcast.
    ///
    /// [`Error::InvalidArgument`]: crate::core::error::Error::InvalidArgument
    pub fn pointwise(
        &mut self,
        mode: super::PointwiseMode,
        inputs: &[TensorId],
    ) -> Result<TensorId> {
        self.pointwise_in("Graph::pointwise", mode, inputs)
    }

    fn pointwise_in(
        &mut self,
        function: &'static str,
        mode: sys::cudnnPointwiseMode_t,
        inputs: &[TensorId],
    ) -> Result<TensorId> {
        let base = checks::pointwise_name(mode).unwrap_or("pointwise");
        let name = self.next_op_name(base);
        let nd = node("pointwise", &name);
        let arity = checks::check_arity(mode, inputs.len())
            .map_err(|what| node_error(function, nd, None, what))?;
        let ins = self.inputs(function, &nd, inputs, true)?;
        // Scalars not used yet take the rank of the other inputs.
        let rank = ins
            .iter()
            .map(|&i| self.tensors[i].dims.len())
            .find(|&r| r > 0);
        let mut adopt = Vec::new();
        for &i in &ins {
            let t = &self.tensors[i];
            if t.dims.is_empty() {
                if rank.is_none() {
                    return Err(node_error(
                        function,
                        nd,
                        Some(t.name.to_string()),
                        "a pointwise operation of unused scalars only has no shape".into(),
                    ));
                }
                adopt.push(i);
            }
        }
        let r = rank.unwrap_or(0);
        let scalar_dims = if adopt.is_empty() {
            Vec::new()
        } else {
            vec![1i64; r]
        };
        let named: Vec<Named<'_>> = ins
            .iter()
            .map(|&i| {
                let t = &self.tensors[i];
                let dims = if adopt.contains(&i) {
                    &scalar_dims[..]
                } else {
                    &t.dims[..]
                };
                Named {
                    name: &t.name,
                    dims,
                }
            })
            .collect();
        let dims = checks::broadcast_dims(&named).map_err(|f| Self::fault(function, &nd, f))?;
        // Strides like the first input of the output's dims, else the first.
        let reference = ins
            .iter()
            .map(|&i| &self.tensors[i])
            .find(|t| t.dims == dims)
            .unwrap_or(&self.tensors[ins[0]]);
        let strides = checks::strides_like(&dims, &reference.strides);
        let suffix = if arity.backward { "dx" } else { "y" };
        let id = self.add_op(
            function,
            ("pointwise", name),
            (suffix, dims, strides),
            move |y| BackendOp::pointwise(mode, &ins, y),
        )?;
        for i in adopt {
            self.tensors[i].dims = Extents::filled(1, r);
            self.tensors[i].strides = Extents::filled(1, r);
        }
        Ok(id)
    }

    /// `a + b` (pointwise `ADD`; `b` broadcasts).
    ///
    /// # Errors
    /// As [`pointwise`](Self::pointwise).
    pub fn add(&mut self, a: TensorId, b: TensorId) -> Result<TensorId> {
        self.pointwise_in(
            "Graph::add",
            sys::cudnnPointwiseMode_t::CUDNN_POINTWISE_ADD,
            &[a, b],
        )
    }

    /// `a * b` (pointwise `MUL`; `b` broadcasts).
    ///
    /// # Errors
    /// As [`pointwise`](Self::pointwise).
    pub fn mul(&mut self, a: TensorId, b: TensorId) -> Result<TensorId> {
        self.pointwise_in(
            "Graph::mul",
            sys::cudnnPointwiseMode_t::CUDNN_POINTWISE_MUL,
            &[a, b],
        )
    }

    /// `x + bias`, the bias broadcast (for example `[1, K, 1, 1]` over
    /// `[N, K, H, W]`): pointwise `ADD`.
    ///
    /// # Errors
    /// As [`pointwise`](Self::pointwise).
    pub fn bias(&mut self, x: TensorId, bias: TensorId) -> Result<TensorId> {
        self.pointwise_in(
            "Graph::bias",
            sys::cudnnPointwiseMode_t::CUDNN_POINTWISE_ADD,
            &[x, bias],
        )
    }

    /// `x * scale`, the scale broadcast (a tensor or a
    /// [scalar](Self::scalar)): pointwise `MUL`.
    ///
    /// # Errors
    /// As [`pointwise`](Self::pointwise).
    pub fn scale(&mut self, x: TensorId, scale: TensorId) -> Result<TensorId> {
        self.pointwise_in(
            "Graph::scale",
            sys::cudnnPointwiseMode_t::CUDNN_POINTWISE_MUL,
            &[x, scale],
        )
    }

    /// `max(x, 0)`: pointwise `RELU_FWD`.
    ///
    /// # Errors
    /// As [`pointwise`](Self::pointwise).
    pub fn relu(&mut self, x: TensorId) -> Result<TensorId> {
        self.pointwise_in("Graph::relu", sys::cudnnPointwiseMode_t::RELU_FWD, &[x])
    }

    /// GELU (the erf form): pointwise `GELU_FWD`.
    ///
    /// # Errors
    /// As [`pointwise`](Self::pointwise).
    pub fn gelu(&mut self, x: TensorId) -> Result<TensorId> {
        self.pointwise_in("Graph::gelu", sys::cudnnPointwiseMode_t::GELU_FWD, &[x])
    }

    /// SiLU, `x * sigmoid(x)`: pointwise `SWISH_FWD`.
    ///
    /// # Errors
    /// As [`pointwise`](Self::pointwise).
    pub fn silu(&mut self, x: TensorId) -> Result<TensorId> {
        self.pointwise_in("Graph::silu", sys::cudnnPointwiseMode_t::SWISH_FWD, &[x])
    }

    /// The logistic sigmoid: pointwise `SIGMOID_FWD`.
    ///
    /// # Errors
    /// As [`pointwise`](Self::pointwise).
    pub fn sigmoid(&mut self, x: TensorId) -> Result<TensorId> {
        self.pointwise_in(
            "Graph::sigmoid",
            sys::cudnnPointwiseMode_t::SIGMOID_FWD,
            &[x],
        )
    }

    /// The hyperbolic tangent: pointwise `TANH_FWD`.
    ///
    /// # Errors
    /// As [`pointwise`](Self::pointwise).
    pub fn tanh(&mut self, x: TensorId) -> Result<TensorId> {
        self.pointwise_in("Graph::tanh", sys::cudnnPointwiseMode_t::TANH_FWD, &[x])
    }

    /// A reduction of `x` by `op` (`ReduceTensorOp::ADD`, `MAX`, ...)
    /// to `out_dims`: the same rank, each dimension kept or reduced to 1.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] naming the node and the tensor: a tensor
    /// of another graph or a scalar, an operator cuDNN does not have,
    /// another rank, an output dimension neither `x`'s nor 1.
    ///
    /// [`Error::InvalidArgument`]: crate::core::error::Error::InvalidArgument
    pub fn reduction(
        &mut self,
        op: crate::ops::ReduceTensorOp,
        x: TensorId,
        out_dims: &[i64],
    ) -> Result<TensorId> {
        const F: &str = "Graph::reduction";
        const KIND: &str = "reduction";
        let name = self.next_op_name(KIND);
        let nd = node(KIND, &name);
        checks::check_reduce_op(op).map_err(|what| node_error(F, nd, None, what))?;
        let xi = self.inputs(F, &nd, &[x], false)?[0];
        checks::check_reduction(self.named(xi), out_dims).map_err(|f| Self::fault(F, &nd, f))?;
        let strides = checks::strides_like(out_dims, &self.tensors[xi].strides);
        self.add_op(F, (KIND, name), ("y", out_dims.to_vec(), strides), |y| {
            BackendOp::reduction(op, xi, y)
        })
    }
}

/// A convolution's geometry: per spatial dimension, the padding before and
/// after, the stride and the dilation; and the mode.
///
/// [`ConvOptions::new`] gives no padding, stride 1, dilation 1 and
/// cross-correlation (what deep-learning frameworks call convolution);
/// `Default` is that for 2 spatial dimensions. The group count is not an
/// option: it is the input's channels over the filter's.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ConvOptions {
    /// Zeros added before each spatial dimension (at least 0).
    pub pre_padding: Vec<i64>,
    /// Zeros added after each spatial dimension (at least 0).
    pub post_padding: Vec<i64>,
    /// The filter's step in each spatial dimension (at least 1).
    pub stride: Vec<i64>,
    /// The filter's dilation in each spatial dimension (at least 1).
    pub dilation: Vec<i64>,
    /// `ConvolutionMode::CROSS_CORRELATION` (the default) or
    /// `CONVOLUTION`.
    pub mode: crate::conv::ConvolutionMode,
}

impl ConvOptions {
    /// No padding, stride 1 and dilation 1 in each of `spatial` dimensions;
    /// cross-correlation.
    pub fn new(spatial: usize) -> Self {
        ConvOptions {
            pre_padding: vec![0; spatial],
            post_padding: vec![0; spatial],
            stride: vec![1; spatial],
            dilation: vec![1; spatial],
            mode: sys::cudnnConvolutionMode_t::CROSS_CORRELATION,
        }
    }

    /// The same padding before and after each spatial dimension.
    pub fn padding(mut self, padding: &[i64]) -> Self {
        self.pre_padding = padding.to_vec();
        self.post_padding = padding.to_vec();
        self
    }

    /// The padding before each spatial dimension.
    pub fn pre_padding(mut self, padding: &[i64]) -> Self {
        self.pre_padding = padding.to_vec();
        self
    }

    /// The padding after each spatial dimension.
    pub fn post_padding(mut self, padding: &[i64]) -> Self {
        self.post_padding = padding.to_vec();
        self
    }

    /// The stride in each spatial dimension.
    pub fn stride(mut self, stride: &[i64]) -> Self {
        self.stride = stride.to_vec();
        self
    }

    /// The dilation in each spatial dimension.
    pub fn dilation(mut self, dilation: &[i64]) -> Self {
        self.dilation = dilation.to_vec();
        self
    }

    /// The mode.
    pub fn mode(mut self, mode: crate::conv::ConvolutionMode) -> Self {
        self.mode = mode;
        self
    }
}

impl Default for ConvOptions {
    fn default() -> Self {
        ConvOptions::new(2)
    }
}
