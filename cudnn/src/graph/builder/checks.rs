//! The graph builder's checks, as pure functions of dimensions, strides,
//! data types and options: no cuDNN call, no graph state. Each returns what
//! is wrong in words ([`Fault`] names the tensor at fault where there is
//! one); the builder turns that into
//! [`Mismatch::GraphNode`](crate::Mismatch::GraphNode).

#![warn(clippy::arithmetic_side_effects)]

use crate::core::dtype::DType;
use crate::graph::extents::Extents;
pub(crate) use crate::graph::graph_tensor::data_type_name;
use crate::graph::graph_tensor::DATA_TYPES;
use cudnn_sys as sys;

use sys::cudnnPointwiseMode_t as Pw;
use DType as Dt;

use super::ConvOptions;
use crate::graph::MAX_RANK;

/// What a check found: the tensor at fault, by name, and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Fault {
    pub(crate) tensor: Option<String>,
    pub(crate) what: String,
}

impl Fault {
    pub(crate) fn of(tensor: &str, what: String) -> Fault {
        Fault {
            tensor: Some(tensor.to_string()),
            what,
        }
    }
}

/// A tensor as a check sees it: its name and dimensions.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Named<'a> {
    pub(crate) name: &'a str,
    pub(crate) dims: &'a [i64],
}

/// The compute types operations take.
const COMPUTE_TYPES: &[Dt] = &[
    Dt::FLOAT,
    Dt::HALF,
    Dt::BFLOAT16,
    Dt::DOUBLE,
    Dt::INT32,
    Dt::INT64,
    Dt::FAST_FLOAT_FOR_FP8,
];

/// A tensor of the graph may hold `t`.
pub(crate) fn check_data_type(t: Dt) -> Result<(), String> {
    if DATA_TYPES.iter().any(|(d, _)| *d == t) {
        return Ok(());
    }
    let names: Vec<&str> = DATA_TYPES.iter().map(|(_, n)| *n).collect();
    Err(format!(
        "{} is not a data type a graph tensor takes ({})",
        data_type_name(t),
        names.join(", ")
    ))
}

/// A tensor of `t` laid out as `dims`/`strides` has its elements in whole
/// bytes: for `FP4_E2M1` (two to a byte, the even offset in the low
/// nibble), an innermost dim (stride 1, extent above 1) of even extent, and
/// every other dim of extent above 1 an even stride, so that each run of
/// innermost elements starts and ends on a byte boundary. Other types
/// always do.
pub(crate) fn check_half_byte_layout(dims: &[i64], strides: &[i64], t: Dt) -> Result<(), String> {
    if t != Dt::FP4_E2M1 {
        return Ok(());
    }
    let pairs = || dims.iter().zip(strides).enumerate();
    let Some((inner, (&d, _))) = pairs()
        .filter(|(_, (&d, &s))| s == 1 && d > 1)
        .max_by_key(|(_, (&d, _))| d)
    else {
        return Err(format!(
            "FP4_E2M1 elements of dims {dims:?} and strides {strides:?}: no dim of stride 1 \
             and extent above 1; two elements share a byte, so the innermost dim pairs them"
        ));
    };
    if d % 2 != 0 {
        return Err(format!(
            "FP4_E2M1 elements with an odd innermost dim ({inner}, of {d}): two elements share \
             a byte, so the innermost dim is even"
        ));
    }
    if let Some((i, (_, s))) = pairs().find(|&(i, (&d, &s))| i != inner && d > 1 && s % 2 != 0) {
        return Err(format!(
            "FP4_E2M1 elements with an odd stride ({s}, dim {i}): two elements share a byte, \
             so every dim but the innermost steps whole bytes (an even stride)"
        ));
    }
    Ok(())
}

/// Operations may compute in `t`.
pub(crate) fn check_compute_type(t: Dt) -> Result<(), String> {
    if COMPUTE_TYPES.contains(&t) {
        return Ok(());
    }
    let names: Vec<String> = COMPUTE_TYPES.iter().map(|&d| data_type_name(d)).collect();
    Err(format!(
        "{} is not a compute type ({})",
        data_type_name(t),
        names.join(", ")
    ))
}

/// The number of elements of `dims`, when it fits `i64`.
pub(crate) fn element_count(dims: &[i64]) -> Option<i64> {
    crate::core::size::product(dims.iter().copied())
}

/// Packed row-major strides of `dims` (the last dimension varies fastest);
/// saturated where they would overflow (which [`check_layout`] then
/// refuses through the element count).
pub(crate) fn packed_strides(dims: &[i64]) -> Extents {
    let mut strides = Extents::filled(1, dims.len());
    let mut step = 1i64;
    for (s, &d) in strides.iter_mut().zip(dims).rev() {
        *s = step;
        step = step.saturating_mul(d.max(1));
    }
    strides
}

/// Packed strides of `dims` that keep the order of `reference`'s strides
/// (a tensor of the same rank): the axis with the largest reference stride
/// is outermost; ties keep the axis order. Packed row-major when the ranks
/// differ.
pub(crate) fn strides_like(dims: &[i64], reference: &[i64]) -> Extents {
    if reference.len() != dims.len() {
        return packed_strides(dims);
    }
    crate::core::stack::on_stack::<usize, 8, _>(0, 0..dims.len(), |order| {
        // Outermost first: larger strides first, then earlier axes.
        order.sort_by(|&a, &b| reference[b].cmp(&reference[a]).then(a.cmp(&b)));
        strides_in_order(dims, order)
    })
}

/// cudnn-frontend 1.32's strides for an output laid out like `reference`
/// (`generate_stride_order_preserving_format`, then `generate_stride`, in
/// `graph_helpers.h`): packed strides of `dims` whose axes go innermost
/// first by `reference`'s strides, ascending, ties keeping the axis order
/// (so of two axes of one stride the earlier is the inner, where
/// [`strides_like`] makes it the outer); axes past `reference`'s rank are
/// outermost.
pub(crate) fn strides_preserving_format(dims: &[i64], reference: &[i64]) -> Extents {
    crate::core::stack::on_stack::<usize, 8, _>(0, 0..dims.len(), |order| {
        // Outermost first: the reverse of the frontend's innermost-first
        // order. Axes past the reference's rank come last in the
        // frontend's order, in axis order, so first here, reversed.
        let key = |a: usize| reference.get(a).map_or((1, 0), |&s| (0, s));
        order.sort_by(|&a, &b| key(b).cmp(&key(a)).then(b.cmp(&a)));
        strides_in_order(dims, order)
    })
}

/// cudnn-frontend 1.32's NHWC strides (`generate_NHWC_stride_order`, then
/// `generate_stride`): packed strides of `dims` with axis 1 innermost, then
/// the last axis down to axis 2, then axis 0.
pub(crate) fn nhwc_strides(dims: &[i64]) -> Extents {
    crate::core::stack::on_stack::<usize, 8, _>(0, 0..dims.len(), |order| {
        // Outermost first: axis 0, axes 2.., axis 1.
        if order.len() > 1 {
            order[1..].rotate_left(1);
        }
        strides_in_order(dims, order)
    })
}

/// Packed strides with `order` listing the axes outermost first.
fn strides_in_order(dims: &[i64], order: &[usize]) -> Extents {
    let mut strides = Extents::filled(1, dims.len());
    let mut step = 1i64;
    for &axis in order.iter().rev() {
        strides[axis] = step;
        step = step.saturating_mul(dims[axis].max(1));
    }
    strides
}

/// A tensor's layout: 1 to 8 dimensions, each at least 1, as many strides,
/// each at least 1, an element count and an extent that fit `i64`, and no
/// two elements at one address.
pub(crate) fn check_layout(dims: &[i64], strides: &[i64]) -> Result<(), String> {
    if dims.is_empty() || dims.len() > MAX_RANK {
        return Err(format!(
            "{} dimensions; a graph tensor has 1 to {MAX_RANK}",
            dims.len()
        ));
    }
    if let Some((i, d)) = dims.iter().enumerate().find(|(_, &d)| d < 1) {
        return Err(format!(
            "dimension {i} is {d}; every dimension is at least 1"
        ));
    }
    if strides.len() != dims.len() {
        return Err(format!(
            "{} strides for {} dimensions",
            strides.len(),
            dims.len()
        ));
    }
    if let Some((i, s)) = strides.iter().enumerate().find(|(_, &s)| s < 1) {
        return Err(format!("stride {i} is {s}; every stride is at least 1"));
    }
    if element_count(dims).is_none() {
        return Err(format!(
            "the element count of {dims:?} overflows a 64-bit integer"
        ));
    }
    // The offset of the last element, plus one.
    let extent = crate::core::size::span(dims, strides);
    if extent.is_none() {
        return Err(format!(
            "the extent of dims {dims:?} with strides {strides:?} overflows a 64-bit integer"
        ));
    }
    let fits = |x: &i64| usize::try_from(*x).is_ok();
    if !(dims.iter().all(fits) && strides.iter().all(fits)) {
        return Err("dims or strides do not fit this machine's address size".into());
    }
    // Every value is at least 1 and fits a usize (checked above).
    let axes = dims
        .iter()
        .zip(strides)
        .map(|(&d, &s)| (d as usize, s as usize));
    if !crate::core::launch::axes_are_injective(axes) {
        return Err(format!(
            "strides {strides:?} put two elements of dims {dims:?} at one address"
        ));
    }
    Ok(())
}

/// A convolution's options for `spatial` spatial dimensions: one value of
/// each per spatial dimension, paddings at least 0, strides and dilations
/// at least 1, a mode cuDNN knows.
pub(crate) fn check_conv_options(o: &ConvOptions, spatial: usize) -> Result<(), String> {
    for (what, v, min) in [
        ("pre_padding", &o.pre_padding, 0),
        ("post_padding", &o.post_padding, 0),
        ("stride", &o.stride, 1),
        ("dilation", &o.dilation, 1),
    ] {
        if v.len() != spatial {
            return Err(format!(
                "{what} has {} values for {spatial} spatial dimensions",
                v.len()
            ));
        }
        if let Some(x) = v.iter().find(|&&x| x < min) {
            return Err(format!("{what} {v:?} has {x}; each is at least {min}"));
        }
    }
    let modes = [
        sys::cudnnConvolutionMode_t::CONVOLUTION,
        sys::cudnnConvolutionMode_t::CROSS_CORRELATION,
    ];
    if !modes.contains(&o.mode) {
        return Err(format!(
            "convolution mode {} is not one cuDNN has",
            o.mode.0
        ));
    }
    Ok(())
}

/// The spatial output size of one dimension, or `None` below 1 or on
/// overflow: `(in + pre + post - dilation * (filter - 1) - 1) / stride + 1`.
fn conv_out(input: i64, filter: i64, pre: i64, post: i64, stride: i64, dil: i64) -> Option<i64> {
    let (input, filter, pre, post, stride, dil) = (
        i128::from(input),
        i128::from(filter),
        i128::from(pre),
        i128::from(post),
        i128::from(stride),
        i128::from(dil),
    );
    // i64 values widened to i128: a sum of four and a product of two
    // cannot overflow it.
    #[allow(clippy::arithmetic_side_effects)]
    let span = input + pre + post - dil * (filter - 1) - 1;
    if span < 0 || stride < 1 {
        return None;
    }
    // 0 <= span < 2^127 and stride >= 1.
    #[allow(clippy::arithmetic_side_effects)]
    let n = span / stride + 1;
    i64::try_from(n).ok()
}

/// The output dimensions of a forward convolution of `x` (`[N, C,
/// spatial..]`) with filter `w` (`[K, C / groups, spatial..]`), and the
/// group count (`C / w.C`, which must divide `K`). The same rule checks
/// data and filter gradients.
pub(crate) fn conv_forward_dims(
    x: Named<'_>,
    w: Named<'_>,
    o: &ConvOptions,
) -> Result<(Extents, i64), Fault> {
    let rank = x.dims.len();
    if !(3..=5).contains(&rank) {
        return Err(Fault::of(
            x.name,
            format!("{rank} dimensions; a convolution takes 3 to 5 ([N, C] and 1 to 3 spatial)"),
        ));
    }
    if w.dims.len() != rank {
        return Err(Fault::of(
            w.name,
            format!(
                "the filter has {} dimensions and \"{}\" has {rank}",
                w.dims.len(),
                x.name
            ),
        ));
    }
    // rank is 3..=5 (checked above).
    #[allow(clippy::arithmetic_side_effects)]
    let spatial = rank - 2;
    check_conv_options(o, spatial).map_err(|what| Fault { tensor: None, what })?;
    let (c, wc, k) = (x.dims[1], w.dims[1], w.dims[0]);
    let groups = c.checked_div(wc).filter(|_| c.checked_rem(wc) == Some(0));
    let Some(groups) = groups else {
        return Err(Fault::of(
            w.name,
            format!(
                "the filter has {wc} input channels, which do not divide the {c} channels of \"{}\"",
                x.name
            ),
        ));
    };
    if k.checked_rem(groups) != Some(0) {
        return Err(Fault::of(
            w.name,
            format!("{k} output channels do not split into {groups} groups"),
        ));
    }
    let mut out = Extents::filled(x.dims[0], rank);
    out[1] = k;
    for i in 0..spatial {
        // i < spatial = rank - 2.
        #[allow(clippy::arithmetic_side_effects)]
        let a = i + 2;
        let (input, filter) = (x.dims[a], w.dims[a]);
        match conv_out(
            input,
            filter,
            o.pre_padding[i],
            o.post_padding[i],
            o.stride[i],
            o.dilation[i],
        ) {
            Some(n) => out[a] = n,
            None => {
                return Err(Fault::of(
                    w.name,
                    format!(
                        "spatial dimension {i}: a filter of {filter} (dilation {}) does not fit \
                         {input} + padding {} + {}; the output would be empty",
                        o.dilation[i], o.pre_padding[i], o.post_padding[i]
                    ),
                ))
            }
        }
    }
    Ok((out, groups))
}

/// `got`, the dimensions a gradient operation was given, against `want`,
/// those the forward rule gives.
pub(crate) fn check_same_dims(got: Named<'_>, want: &[i64], rule: &str) -> Result<(), Fault> {
    if got.dims == want {
        return Ok(());
    }
    Err(Fault::of(
        got.name,
        format!("dims {:?}, but {rule} gives {want:?}", got.dims),
    ))
}

/// How many inputs a pointwise mode takes, and whether it is an
/// activation's backward (inputs `dy`, `x`; output `dx`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Arity {
    pub(crate) inputs: usize,
    pub(crate) backward: bool,
}

/// Each pointwise mode: its short name (used in node names and keys) and
/// its inputs.
const POINTWISE: &[(Pw, &str, usize, bool)] = &[
    (Pw::CUDNN_POINTWISE_ADD, "add", 2, false),
    (Pw::ADD_SQUARE, "add_square", 2, false),
    (Pw::DIV, "div", 2, false),
    (Pw::CUDNN_POINTWISE_MAX, "max", 2, false),
    (Pw::CUDNN_POINTWISE_MIN, "min", 2, false),
    (Pw::MOD, "mod", 2, false),
    (Pw::CUDNN_POINTWISE_MUL, "mul", 2, false),
    (Pw::POW, "pow", 2, false),
    (Pw::SUB, "sub", 2, false),
    (Pw::ABS, "abs", 1, false),
    (Pw::CEIL, "ceil", 1, false),
    (Pw::COS, "cos", 1, false),
    (Pw::EXP, "exp", 1, false),
    (Pw::FLOOR, "floor", 1, false),
    (Pw::CUDNN_POINTWISE_LOG, "log", 1, false),
    (Pw::NEG, "neg", 1, false),
    (Pw::RSQRT, "rsqrt", 1, false),
    (Pw::SIN, "sin", 1, false),
    (Pw::SQRT, "sqrt", 1, false),
    (Pw::TAN, "tan", 1, false),
    (Pw::ERF, "erf", 1, false),
    (Pw::IDENTITY, "identity", 1, false),
    (Pw::RECIPROCAL, "reciprocal", 1, false),
    (Pw::ATAN2, "atan2", 2, false),
    (Pw::FLOOR_MOD, "floor_mod", 2, false),
    (Pw::RELU_FWD, "relu", 1, false),
    (Pw::TANH_FWD, "tanh", 1, false),
    (Pw::SIGMOID_FWD, "sigmoid", 1, false),
    (Pw::ELU_FWD, "elu", 1, false),
    (Pw::GELU_FWD, "gelu", 1, false),
    (Pw::SOFTPLUS_FWD, "softplus", 1, false),
    (Pw::SWISH_FWD, "swish", 1, false),
    (Pw::GELU_APPROX_TANH_FWD, "gelu_approx_tanh", 1, false),
    (Pw::RELU_BWD, "relu_bwd", 2, true),
    (Pw::TANH_BWD, "tanh_bwd", 2, true),
    (Pw::SIGMOID_BWD, "sigmoid_bwd", 2, true),
    (Pw::ELU_BWD, "elu_bwd", 2, true),
    (Pw::GELU_BWD, "gelu_bwd", 2, true),
    (Pw::SOFTPLUS_BWD, "softplus_bwd", 2, true),
    (Pw::SWISH_BWD, "swish_bwd", 2, true),
    (Pw::GELU_APPROX_TANH_BWD, "gelu_approx_tanh_bwd", 2, true),
    (Pw::CMP_EQ, "cmp_eq", 2, false),
    (Pw::CMP_NEQ, "cmp_neq", 2, false),
    (Pw::CMP_GT, "cmp_gt", 2, false),
    (Pw::CMP_GE, "cmp_ge", 2, false),
    (Pw::CMP_LT, "cmp_lt", 2, false),
    (Pw::CMP_LE, "cmp_le", 2, false),
    (Pw::LOGICAL_AND, "logical_and", 2, false),
    (Pw::LOGICAL_OR, "logical_or", 2, false),
    (Pw::LOGICAL_NOT, "logical_not", 1, false),
    (Pw::BINARY_SELECT, "binary_select", 3, false),
];

/// The short name of pointwise mode `mode` (`relu`, `add`, ...); `None`
/// for a mode this builder does not take.
pub(crate) fn pointwise_name(mode: Pw) -> Option<&'static str> {
    POINTWISE.iter().find(|p| p.0 == mode).map(|p| p.1)
}

/// The inputs pointwise mode `mode` takes. `GEN_INDEX` (which needs an
/// axis) and modes cuDNN does not declare are refused.
pub(crate) fn pointwise_arity(mode: Pw) -> Result<Arity, String> {
    if mode == Pw::GEN_INDEX {
        return Err("GEN_INDEX needs an axis, which this builder does not take".into());
    }
    POINTWISE
        .iter()
        .find(|p| p.0 == mode)
        .map(|p| Arity {
            inputs: p.2,
            backward: p.3,
        })
        .ok_or_else(|| format!("pointwise mode {} is not one cuDNN has", mode.0))
}

/// The number of inputs `got` against what `mode` takes.
pub(crate) fn check_arity(mode: Pw, got: usize) -> Result<Arity, String> {
    let arity = pointwise_arity(mode)?;
    if arity.inputs == got {
        return Ok(arity);
    }
    let name = pointwise_name(mode).unwrap_or("?");
    let kind = match (arity.inputs, arity.backward) {
        (_, true) => "an activation's backward, taking (dy, x)",
        (1, _) => "unary",
        (2, _) => "binary",
        _ => "ternary",
    };
    Err(format!(
        "{name} is {kind}: {} inputs, not {got}",
        arity.inputs
    ))
}

/// The broadcast of `inputs`: the same rank, and in each dimension every
/// input equal to the largest or 1.
pub(crate) fn broadcast_dims(inputs: &[Named<'_>]) -> Result<Extents, Fault> {
    let Some(first) = inputs.first() else {
        return Err(Fault {
            tensor: None,
            what: "no inputs".into(),
        });
    };
    let rank = first.dims.len();
    if let Some(t) = inputs.iter().find(|t| t.dims.len() != rank) {
        return Err(Fault::of(
            t.name,
            format!(
                "{} dimensions and \"{}\" has {rank}; pointwise inputs have one rank",
                t.dims.len(),
                first.name
            ),
        ));
    }
    let mut out = Extents::filled(1, rank);
    for t in inputs {
        for (o, &d) in out.iter_mut().zip(t.dims) {
            *o = (*o).max(d);
        }
    }
    for t in inputs {
        for (i, (&d, &o)) in t.dims.iter().zip(out.iter()).enumerate() {
            if d != o && d != 1 {
                return Err(Fault::of(
                    t.name,
                    format!(
                        "dims {:?} do not broadcast to {out:?} (dimension {i}: {d} is neither {o} nor 1)",
                        t.dims
                    ),
                ));
            }
        }
    }
    Ok(out)
}

/// The output of `a` x `b`: `[.., M, K]` x `[.., K, N]` gives `[.., M,
/// N]`, the batch dimensions broadcast (each equal, or 1 on one side).
pub(crate) fn matmul_dims(a: Named<'_>, b: Named<'_>) -> Result<Vec<i64>, Fault> {
    for t in [a, b] {
        if t.dims.len() < 2 {
            return Err(Fault::of(
                t.name,
                format!(
                    "{} dimensions; a matmul operand has at least 2 ([.., rows, columns])",
                    t.dims.len()
                ),
            ));
        }
    }
    if a.dims.len() != b.dims.len() {
        return Err(Fault::of(
            b.name,
            format!(
                "{} dimensions and \"{}\" has {}; matmul operands have one rank",
                b.dims.len(),
                a.name,
                a.dims.len()
            ),
        ));
    }
    let r = a.dims.len();
    // Both have at least 2 dims (checked above).
    let (Some((batch_a, &[m, k])), Some((batch_b, &[kb, n]))) = (
        a.dims.split_last_chunk::<2>(),
        b.dims.split_last_chunk::<2>(),
    ) else {
        return Err(Fault::of(a.name, "fewer than 2 dimensions".into()));
    };
    if k != kb {
        return Err(Fault::of(
            b.name,
            format!(
                "{kb} rows, but \"{}\" has {k} columns (inner dimensions of a matmul agree)",
                a.name
            ),
        ));
    }
    let mut out = Vec::with_capacity(r);
    for (i, (&x, &y)) in batch_a.iter().zip(batch_b).enumerate() {
        if x != y && x != 1 && y != 1 {
            return Err(Fault::of(
                b.name,
                format!(
                    "batch dimension {i} is {y} and \"{}\"'s is {x}; they are equal or one is 1",
                    a.name
                ),
            ));
        }
        out.push(x.max(y));
    }
    out.extend([m, n]);
    Ok(out)
}

/// A reduction of `x` to `out`: the same rank, each dimension of `out`
/// equal to `x`'s or 1.
pub(crate) fn check_reduction(x: Named<'_>, out: &[i64]) -> Result<(), Fault> {
    if out.len() != x.dims.len() {
        return Err(Fault::of(
            x.name,
            format!(
                "{} dimensions, but the output dims {out:?} have {}; a reduction keeps the rank",
                x.dims.len(),
                out.len()
            ),
        ));
    }
    for (i, (&o, &d)) in out.iter().zip(x.dims).enumerate() {
        if o != d && o != 1 {
            return Err(Fault::of(
                x.name,
                format!(
                    "output dimension {i} is {o}: a reduction keeps a dimension ({d}) or reduces it to 1"
                ),
            ));
        }
    }
    Ok(())
}

/// A reduction operator the backend has (`ADD` to `MUL_NO_ZEROS`).
pub(crate) fn check_reduce_op(op: sys::cudnnReduceTensorOp_t) -> Result<(), String> {
    if op.0 <= sys::cudnnReduceTensorOp_t::MUL_NO_ZEROS.0 {
        Ok(())
    } else {
        Err(format!("reduction operator {} is not one cuDNN has", op.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n<'a>(name: &'a str, dims: &'a [i64]) -> Named<'a> {
        Named { name, dims }
    }

    #[test]
    fn layouts() {
        assert_eq!(packed_strides(&[2, 3, 4]), [12, 4, 1]);
        // NHWC order kept for NCHW dims.
        assert_eq!(
            strides_like(&[1, 8, 4, 4], &[48, 1, 12, 3]),
            [128, 1, 32, 8]
        );
        // The frontend's rule: of two axes of one stride, the earlier is
        // the inner (a layer norm's statistics of x [4096, 1024, 1, 1]
        // with channels innermost).
        let x = [1024, 1, 1024, 1024];
        assert_eq!(strides_like(&[4096, 1, 1, 1], &x), [1, 1, 1, 1]);
        assert_eq!(
            strides_preserving_format(&[4096, 1, 1, 1], &x),
            [1, 1, 4096, 4096]
        );
        assert_eq!(
            strides_preserving_format(&[1, 8, 4, 4], &[48, 1, 12, 3]),
            [128, 1, 32, 8]
        );
        assert_eq!(
            strides_preserving_format(&[8, 1, 1, 1], &[16, 16, 4, 1]),
            [1, 8, 1, 1]
        );
        // Axes past the reference's rank are outermost, the last outermost.
        assert_eq!(strides_preserving_format(&[2, 3, 4], &[1, 2]), [1, 2, 6]);
        // NHWC: channels innermost, then W, H, N.
        assert_eq!(nhwc_strides(&[1, 64, 1, 1]), [64, 1, 64, 64]);
        assert_eq!(nhwc_strides(&[8, 64, 1, 1]), [64, 1, 64, 64]);
        assert_eq!(nhwc_strides(&[2, 3, 4, 5]), [60, 1, 15, 3]);
        assert!(check_layout(&[2, 3], &[3, 1]).is_ok());
        assert!(check_layout(&[], &[]).unwrap_err().contains("0 dimensions"));
        assert!(check_layout(&[1; 9], &[1; 9]).is_err());
        assert!(check_layout(&[2, 0], &[1, 1])
            .unwrap_err()
            .contains("dimension 1 is 0"));
        assert!(check_layout(&[2, 3], &[1])
            .unwrap_err()
            .contains("1 strides for 2"));
        assert!(check_layout(&[2, 3], &[3, 0])
            .unwrap_err()
            .contains("stride 1 is 0"));
        assert!(check_layout(&[2, 3], &[2, 1])
            .unwrap_err()
            .contains("one address"));
        let big = [1i64 << 32, 1 << 32];
        assert!(check_layout(&big, &packed_strides(&big))
            .unwrap_err()
            .contains("overflows"));
        assert!(check_layout(&[2, 2], &[i64::MAX, 1])
            .unwrap_err()
            .contains("extent"));
    }

    #[test]
    fn conv_rules() {
        let o = ConvOptions::new(2).padding(&[1, 1]);
        let (y, g) = conv_forward_dims(n("x", &[2, 6, 8, 8]), n("w", &[4, 3, 3, 3]), &o).unwrap();
        assert_eq!((y.to_vec(), g), (vec![2, 4, 8, 8], 2));
        let f = conv_forward_dims(n("x", &[2, 6, 8, 8]), n("w", &[4, 4, 3, 3]), &o).unwrap_err();
        assert_eq!(f.tensor.as_deref(), Some("w"));
        let f = conv_forward_dims(n("x", &[2, 6, 8, 8]), n("w", &[5, 3, 3, 3]), &o).unwrap_err();
        assert!(f.what.contains("2 groups"), "{f:?}");
        let f = conv_forward_dims(
            n("x", &[1, 1, 2, 2]),
            n("w", &[1, 1, 5, 5]),
            &ConvOptions::new(2),
        )
        .unwrap_err();
        assert!(f.what.contains("empty"), "{f:?}");
        let f =
            conv_forward_dims(n("x", &[1, 1]), n("w", &[1, 1]), &ConvOptions::new(0)).unwrap_err();
        assert_eq!(f.tensor.as_deref(), Some("x"));
        let strided = ConvOptions::new(1).stride(&[2]).dilation(&[2]);
        let (y, _) = conv_forward_dims(n("x", &[1, 1, 9]), n("w", &[1, 1, 3]), &strided).unwrap();
        assert_eq!(y, [1, 1, 3]);
        assert!(check_conv_options(&ConvOptions::new(2).stride(&[1, 0]), 2).is_err());
        assert!(check_conv_options(&ConvOptions::new(2), 3).is_err());
    }

    #[test]
    fn pointwise_rules() {
        assert_eq!(check_arity(Pw::RELU_FWD, 1).unwrap().inputs, 1);
        assert!(check_arity(Pw::CUDNN_POINTWISE_ADD, 1)
            .unwrap_err()
            .contains("binary"));
        assert!(check_arity(Pw::BINARY_SELECT, 2)
            .unwrap_err()
            .contains("ternary"));
        assert!(check_arity(Pw::RELU_BWD, 2).unwrap().backward);
        assert!(check_arity(Pw::GEN_INDEX, 1).is_err());
        assert!(check_arity(Pw(9999), 1).is_err());
        let out = broadcast_dims(&[n("a", &[2, 3, 4]), n("b", &[1, 3, 1])]).unwrap();
        assert_eq!(out, [2, 3, 4]);
        let f = broadcast_dims(&[n("a", &[2, 3, 4]), n("b", &[2, 2, 4])]).unwrap_err();
        assert_eq!(f.tensor.as_deref(), Some("b"));
        let f = broadcast_dims(&[n("a", &[2, 3]), n("b", &[2, 3, 1])]).unwrap_err();
        assert!(f.what.contains("one rank"), "{f:?}");
    }

    #[test]
    fn matmul_and_reduction_rules() {
        assert_eq!(
            matmul_dims(n("a", &[4, 2, 3]), n("b", &[1, 3, 5])).unwrap(),
            [4, 2, 5]
        );
        assert!(matmul_dims(n("a", &[2, 3]), n("b", &[4, 5])).is_err());
        assert!(matmul_dims(n("a", &[2, 2, 3]), n("b", &[3, 3, 5])).is_err());
        assert!(matmul_dims(n("a", &[3]), n("b", &[3, 5])).is_err());
        assert!(check_reduction(n("x", &[2, 3, 4]), &[2, 1, 1]).is_ok());
        assert!(check_reduction(n("x", &[2, 3, 4]), &[2, 2, 1]).is_err());
        assert!(check_reduction(n("x", &[2, 3, 4]), &[2, 1]).is_err());
        assert!(check_reduce_op(sys::cudnnReduceTensorOp_t(42)).is_err());
    }

    #[test]
    fn data_types() {
        assert!(check_data_type(Dt::FP8_E4M3).is_ok());
        assert!(check_data_type(Dt::INT8x4).is_err());
        assert!(check_compute_type(Dt::INT8).is_err());
        assert_eq!(data_type_name(Dt::BFLOAT16), "BFLOAT16");
    }
}
