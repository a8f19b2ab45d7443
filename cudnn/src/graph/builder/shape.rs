//! The shape operations of cuDNN 9's backend and its softmax, as
//! cudnn-frontend 1.32 lowers them: slice (`OPERATION_SLICE`), transpose
//! (`OPERATION_TRANSPOSE`), reshape (`OPERATION_RESHAPE`, view only),
//! concatenation (`OPERATION_CONCAT`) and softmax over the last dimension
//! (`OPERATION_SOFTMAX`, with its log-sum-exp statistics).
//!
//! Each output is virtual until [`Graph::set_output`]; cuDNN wants a shape
//! operation's output of its input's type, so a virtual output is of its
//! input's type (not the graph's intermediate type), as cudnn-frontend
//! 1.32 infers it, and a real one must be made of that type:
//! [`Graph::build_with`] refuses another, naming the node and the output,
//! before cuDNN sees it.
//!
//! cuDNN 9.28 offers no engine for these operations alone on sm_90 (its
//! engines want a matmul, a convolution or a pointwise fusion); a slice
//! feeding a matmul gets engines. The frontend
//! emulates slice before cuDNN 9.22 and softmax before 9.21 with other
//! operations; this builder does not, and refuses them on an older cuDNN
//! when the graph is built.

#![warn(clippy::arithmetic_side_effects)]

use std::ops::Range;

use crate::core::dtype::DType;
use cudnn_sys as sys;

use sys::cudnnBackendAttributeName_t as A;
use sys::cudnnBackendDescriptorType_t as D;
use DType as Dt;

use super::node::{BackendOp, Setting};
use super::TensorDef;
use super::{checks, node, node_error, Graph, TensorId};
use crate::core::error::Result;
use crate::core::version::Version;

/// `OPERATION_SLICE_DESCRIPTOR` and its attributes are `@since 9.22.0`.
const SLICE_SINCE: Version = Version::new(9, 22, 0);
/// `OPERATION_TRANSPOSE_DESCRIPTOR` and its attributes are `@since 9.22.0`.
const TRANSPOSE_SINCE: Version = Version::new(9, 22, 0);
/// `OPERATION_RESHAPE_DESCRIPTOR` is `@since 9.0.0` (its mode, not set
/// here, 9.22.0).
const RESHAPE_SINCE: Version = Version::new(9, 0, 0);
/// The header says `@since 9.0.0`; cudnn-frontend 1.32 builds a
/// concatenation on 9.7.0 or later only.
const CONCAT_SINCE: Version = Version::new(9, 7, 0);
/// The header says `@since 9.20.0`; cudnn-frontend 1.32 uses the one
/// operation from 9.21.0 (a composite of pointwise operations and
/// reductions before).
pub(super) const SOFTMAX_SINCE: Version = Version::new(9, 21, 0);

/// The options of [`Graph::softmax`].
///
/// `Default` writes no statistics.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SoftmaxOptions {
    /// Also writes each row's log-sum-exp (`max + ln(sum(exp(x - max)))`,
    /// natural log) into a real `FLOAT` tensor of `x`'s dims with the last
    /// one 1 (`<node>.stats`).
    pub stats: bool,
}

/// The outputs of [`Graph::softmax`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SoftmaxOutputs {
    /// The softmax (`<node>.y`), of `x`'s dims and strides.
    pub y: TensorId,
    /// The log-sum-exp of each row, with [`SoftmaxOptions::stats`].
    pub stats: Option<TensorId>,
}

/// The dims of `dims` sliced by `ranges` with `steps` (empty: all 1).
pub(super) fn slice_dims(
    dims: &[i64],
    ranges: &[Range<i64>],
    steps: &[i64],
) -> std::result::Result<Vec<i64>, String> {
    if ranges.len() != dims.len() {
        return Err(format!(
            "{} ranges for a tensor of rank {}; one per dimension",
            ranges.len(),
            dims.len()
        ));
    }
    if !steps.is_empty() && steps.len() != dims.len() {
        return Err(format!(
            "{} steps for a tensor of rank {}; none or one per dimension",
            steps.len(),
            dims.len()
        ));
    }
    let mut out = Vec::with_capacity(dims.len());
    for (axis, (r, &d)) in ranges.iter().zip(dims).enumerate() {
        let step = steps.get(axis).copied().unwrap_or(1);
        if step < 1 {
            return Err(format!("step {step} on axis {axis}; steps are at least 1"));
        }
        if r.start < 0 || r.start >= r.end || r.end > d {
            return Err(format!(
                "range {}..{} on axis {axis} of extent {d}; a range is not empty and lies inside the tensor",
                r.start, r.end
            ));
        }
        // 0 <= start < end <= d and step >= 1 (checked above): the length
        // lies in 1..=d.
        #[allow(clippy::arithmetic_side_effects)]
        let len = (r.end - r.start - 1) / step + 1;
        out.push(len);
    }
    Ok(out)
}

/// Checks that `permutation` orders each of `rank` axes once.
pub(super) fn check_permutation(
    permutation: &[usize],
    rank: usize,
) -> std::result::Result<(), String> {
    if permutation.len() != rank {
        return Err(format!(
            "a permutation of {} axes for a tensor of rank {rank}",
            permutation.len()
        ));
    }
    let mut seen = vec![false; rank];
    for &p in permutation {
        match seen.get_mut(p) {
            None => return Err(format!("axis {p} in the permutation; the rank is {rank}")),
            Some(true) => return Err(format!("axis {p} twice in the permutation")),
            Some(s) => *s = true,
        }
    }
    Ok(())
}

impl BackendOp {
    /// cuDNN's `OPERATION_SOFTMAX` of `x` over its last dimension into `y`,
    /// with each row's log-sum-exp into `stats` where given.
    pub(super) fn softmax(x: usize, y: usize, stats: Option<usize>) -> BackendOp {
        let mut op = BackendOp::new(
            "softmax",
            D::OPERATION_SOFTMAX_DESCRIPTOR,
            SOFTMAX_SINCE,
            "OPERATION_SOFTMAX_DESCRIPTOR as cudnn-frontend 1.32 uses it, 9.21.0",
        );
        op.input(A::OPERATION_SOFTMAX_XDESC, x);
        op.output(A::OPERATION_SOFTMAX_YDESC, y);
        if let Some(s) = stats {
            op.output(A::OPERATION_SOFTMAX_STATS_DESC, s);
        }
        op
    }
}

impl Graph {
    /// The elements of `x` in `ranges` (one per dimension, each non-empty
    /// and inside `x`), every `steps[i]`-th along axis `i` (`steps` empty:
    /// every element). The output (`<node>.y`) is `x`'s view: its extent
    /// on axis `i` is `ceil((end - start) / step)`, its strides `x`'s times
    /// the steps (as cudnn-frontend sets them).
    ///
    /// Needs cuDNN 9.22 (`OPERATION_SLICE`); refused when the graph is
    /// built on an older one.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the
    /// node and `x`: a tensor of another graph or a scalar, a range count
    /// other than the rank, a step count other than 0 or the rank, a step
    /// below 1, an empty range or one outside `x`, strides that overflow.
    pub fn slice(&mut self, x: TensorId, ranges: &[Range<i64>], steps: &[i64]) -> Result<TensorId> {
        const F: &str = "Graph::slice";
        const KIND: &str = "slice";
        let name = self.next_op_name(KIND);
        let nd = node(KIND, &name);
        let xi = self.inputs(F, &nd, &[x], false)?[0];
        let t = &self.tensors[xi];
        let fail = |what| node_error(F, nd, Some(t.name.to_string()), what);
        let dims = slice_dims(&t.dims, ranges, steps).map_err(fail)?;
        let mut strides = Vec::with_capacity(dims.len());
        for (axis, &s) in t.strides.iter().enumerate() {
            let step = steps.get(axis).copied().unwrap_or(1);
            let s = s
                .checked_mul(step)
                .ok_or_else(|| fail(format!("the stride of axis {axis} times {step} overflows")))?;
            strides.push(s);
        }
        let start = ranges.iter().map(|r| r.start).collect();
        let limit = ranges.iter().map(|r| r.end).collect();
        let steps = (0..dims.len())
            .map(|i| steps.get(i).copied().unwrap_or(1))
            .collect();
        let new = vec![TensorDef::output("y", dims, strides)];
        let ids = self.add_node(F, (KIND, name), new, |n| {
            let mut op = BackendOp::new(
                KIND,
                D::OPERATION_SLICE_DESCRIPTOR,
                SLICE_SINCE,
                "OPERATION_SLICE_DESCRIPTOR, @since 9.22.0",
            );
            op.input(A::OPERATION_SLICE_XDESC, xi);
            op.output(A::OPERATION_SLICE_YDESC, n[0]);
            op.same_type.push((xi, n[0]));
            op.settings.extend([
                Setting::Int64s(A::OPERATION_SLICE_START_INDICES, start),
                Setting::Int64s(A::OPERATION_SLICE_LIMIT_INDICES, limit),
                Setting::Int64s(A::OPERATION_SLICE_STRIDES, steps),
            ]);
            op
        })?;
        Ok(ids[0])
    }

    /// `x` with its axes reordered: output axis `i` is `x`'s axis
    /// `permutation[i]`, of its extent and stride (a view, as
    /// cudnn-frontend sets it: `<node>.y`).
    ///
    /// Needs cuDNN 9.22 (`OPERATION_TRANSPOSE`).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the
    /// node and `x`: a tensor of another graph or a scalar, a permutation
    /// of another length than the rank, an axis out of range or twice.
    pub fn transpose(&mut self, x: TensorId, permutation: &[usize]) -> Result<TensorId> {
        const F: &str = "Graph::transpose";
        const KIND: &str = "transpose";
        let name = self.next_op_name(KIND);
        let nd = node(KIND, &name);
        let xi = self.inputs(F, &nd, &[x], false)?[0];
        let t = &self.tensors[xi];
        check_permutation(permutation, t.dims.len())
            .map_err(|what| node_error(F, nd, Some(t.name.to_string()), what))?;
        let dims: Vec<i64> = permutation.iter().map(|&p| t.dims[p]).collect();
        let strides: Vec<i64> = permutation.iter().map(|&p| t.strides[p]).collect();
        let perm = permutation.iter().map(|&p| p as i64).collect();
        let new = vec![TensorDef::output("y", dims, strides)];
        let ids = self.add_node(F, (KIND, name), new, |n| {
            let mut op = BackendOp::new(
                KIND,
                D::OPERATION_TRANSPOSE_DESCRIPTOR,
                TRANSPOSE_SINCE,
                "OPERATION_TRANSPOSE_DESCRIPTOR, @since 9.22.0",
            );
            op.input(A::OPERATION_TRANSPOSE_XDESC, xi);
            op.output(A::OPERATION_TRANSPOSE_YDESC, n[0]);
            op.same_type.push((xi, n[0]));
            op.settings
                .push(Setting::Int64s(A::OPERATION_TRANSPOSE_PERMUTATION, perm));
            op
        })?;
        Ok(ids[0])
    }

    /// `x`'s elements as a tensor of dims `dims` (as many elements), packed
    /// row-major (`<node>.y`); cuDNN's default mode, a view.
    ///
    /// Needs cuDNN 9.0 (`OPERATION_RESHAPE`).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the
    /// node and `x`: a tensor of another graph or a scalar, dims no tensor
    /// has (as [`tensor`](Self::tensor)), another element count.
    pub fn reshape(&mut self, x: TensorId, dims: &[i64]) -> Result<TensorId> {
        const F: &str = "Graph::reshape";
        const KIND: &str = "reshape";
        let name = self.next_op_name(KIND);
        let nd = node(KIND, &name);
        let xi = self.inputs(F, &nd, &[x], false)?[0];
        let t = &self.tensors[xi];
        let (have, want) = (checks::element_count(&t.dims), checks::element_count(dims));
        if have != want || want.is_none() {
            return Err(node_error(
                F,
                nd,
                Some(t.name.to_string()),
                format!(
                    "{:?} elements reshaped to dims {dims:?}; a reshape keeps the count",
                    t.dims
                ),
            ));
        }
        let strides = checks::packed_strides(dims);
        let new = vec![TensorDef::output("y", dims.to_vec(), strides)];
        let ids = self.add_node(F, (KIND, name), new, |n| {
            let mut op = BackendOp::new(
                KIND,
                D::OPERATION_RESHAPE_DESCRIPTOR,
                RESHAPE_SINCE,
                "OPERATION_RESHAPE_DESCRIPTOR, @since 9.0.0",
            );
            op.input(A::OPERATION_RESHAPE_XDESC, xi);
            op.output(A::OPERATION_RESHAPE_YDESC, n[0]);
            op.same_type.push((xi, n[0]));
            op
        })?;
        Ok(ids[0])
    }

    /// `inputs` one after another along `axis` (`<node>.y`): each of one
    /// rank, type and dims but on `axis`; the output's extent on `axis` is
    /// their sum, its layout packed in the first input's stride order.
    ///
    /// Needs cuDNN 9.7 (`OPERATION_CONCAT`, as cudnn-frontend 1.32 builds
    /// it).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the
    /// node and the tensor: no input, a tensor of another graph or a
    /// scalar, an axis out of range, another rank, type or dims off the
    /// axis than the first input's, an extent that overflows.
    pub fn concat(&mut self, inputs: &[TensorId], axis: usize) -> Result<TensorId> {
        const F: &str = "Graph::concat";
        const KIND: &str = "concat";
        let name = self.next_op_name(KIND);
        let nd = node(KIND, &name);
        let ins = self.inputs(F, &nd, inputs, false)?;
        let Some(&first) = ins.first() else {
            return Err(node_error(F, nd, None, "no input to concatenate".into()));
        };
        let f = &self.tensors[first];
        let fail = |i: usize, what| node_error(F, nd, Some(self.tensors[i].name.to_string()), what);
        if axis >= f.dims.len() {
            return Err(fail(
                first,
                format!("axis {axis} of a tensor of rank {}", f.dims.len()),
            ));
        }
        let mut dims = f.dims.clone();
        dims[axis] = 0;
        for &i in &ins {
            let t = &self.tensors[i];
            let off_axis = |d: &[i64]| -> Vec<i64> {
                d.iter()
                    .enumerate()
                    .filter(|(a, _)| *a != axis)
                    .map(|(_, &v)| v)
                    .collect()
            };
            if t.dims.len() != f.dims.len() || off_axis(&t.dims) != off_axis(&f.dims) {
                return Err(fail(
                    i,
                    format!(
                        "dims {:?}, but the first input's are {:?} off axis {axis}",
                        t.dims, f.dims
                    ),
                ));
            }
            self.check_type_in(F, &nd, i, &[self.data_type_of(first)], "an input")?;
            dims[axis] = dims[axis]
                .checked_add(t.dims[axis])
                .ok_or_else(|| fail(i, "the output's extent overflows".into()))?;
        }
        let strides = checks::strides_like(&dims, &f.strides);
        let new = vec![TensorDef::output("y", dims, strides)];
        let ids = self.add_node(F, (KIND, name), new, |n| {
            let mut op = BackendOp::new(
                KIND,
                D::OPERATION_CONCAT_DESCRIPTOR,
                CONCAT_SINCE,
                "OPERATION_CONCAT_DESCRIPTOR as cudnn-frontend 1.32 builds it, 9.7.0",
            );
            for &i in &ins {
                op.input(A::OPERATION_CONCAT_INPUT_DESCS, i);
            }
            op.output(A::OPERATION_CONCAT_OUTPUT_DESC, n[0]);
            op.same_type.push((ins[0], n[0]));
            op.settings
                .push(Setting::Int64(A::OPERATION_CONCAT_AXIS, axis as i64));
            op
        })?;
        Ok(ids[0])
    }

    /// The softmax of `x` (4 dimensions, as cuDNN 9.28 takes it; `FLOAT`,
    /// `HALF` or `BFLOAT16`) over its last dimension (`<node>.y`, of `x`'s dims and
    /// strides); with [`SoftmaxOptions::stats`], each row's log-sum-exp.
    ///
    /// Needs cuDNN 9.21 (`OPERATION_SOFTMAX`, as cudnn-frontend 1.32 uses
    /// it).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the
    /// node and `x`: a tensor of another graph or a scalar, a rank other
    /// than 4, another type.
    pub fn softmax(&mut self, x: TensorId, options: &SoftmaxOptions) -> Result<SoftmaxOutputs> {
        const F: &str = "Graph::softmax";
        const KIND: &str = "softmax";
        let name = self.next_op_name(KIND);
        let nd = node(KIND, &name);
        let xi = self.inputs(F, &nd, &[x], false)?[0];
        let floats = [Dt::FLOAT, Dt::HALF, Dt::BFLOAT16];
        self.check_type_in(F, &nd, xi, &floats, "an input")?;
        let t = &self.tensors[xi];
        if t.dims.len() != 4 {
            return Err(node_error(
                F,
                nd,
                Some(t.name.to_string()),
                format!("rank {}; cuDNN's softmax takes 4 dimensions", t.dims.len()),
            ));
        }
        let mut new = vec![TensorDef::output("y", t.dims.clone(), t.strides.clone())];
        if options.stats {
            let mut d = t.dims.clone();
            if let Some(last) = d.last_mut() {
                *last = 1;
            }
            let s = checks::packed_strides(&d);
            new.push(TensorDef::real_output("stats", d, s, Dt::FLOAT));
        }
        let ids = self.add_node(F, (KIND, name), new, |n| {
            BackendOp::softmax(xi, n[0], n.get(1).copied())
        })?;
        Ok(SoftmaxOutputs {
            y: ids[0],
            stats: ids.get(1).copied(),
        })
    }
}

// One range per dimension: a tensor of rank 1 takes an array of one.
#[cfg(test)]
#[allow(clippy::single_range_in_vec_init)]
mod tests {
    use super::*;

    #[test]
    fn slice_dims_round_up_with_the_step() {
        assert_eq!(slice_dims(&[4, 10], &[0..4, 1..8], &[]), Ok(vec![4, 7]));
        assert_eq!(slice_dims(&[4, 10], &[0..4, 1..8], &[2, 3]), Ok(vec![2, 3]));
        assert_eq!(slice_dims(&[5], &[4..5], &[i64::MAX]), Ok(vec![1]));
    }

    #[test]
    fn slice_dims_refuse_what_does_not_fit() {
        let e = |r: std::result::Result<Vec<i64>, String>| r.unwrap_err();
        assert!(e(slice_dims(&[4, 10], &[0..4], &[])).contains("1 ranges for a tensor of rank 2"));
        assert!(e(slice_dims(&[4], &[0..4], &[1, 1])).contains("2 steps"));
        assert!(e(slice_dims(&[4], &[0..4], &[0])).contains("step 0 on axis 0"));
        assert!(e(slice_dims(&[4], &[2..2], &[])).contains("range 2..2 on axis 0 of extent 4"));
        assert!(e(slice_dims(&[4], &[-1..2], &[])).contains("range -1..2"));
        assert!(e(slice_dims(&[4], &[0..5], &[])).contains("range 0..5"));
    }

    #[test]
    fn permutations_take_each_axis_once() {
        assert_eq!(check_permutation(&[2, 0, 1], 3), Ok(()));
        assert!(check_permutation(&[0, 1], 3)
            .unwrap_err()
            .contains("2 axes"));
        assert!(check_permutation(&[0, 3, 1], 3)
            .unwrap_err()
            .contains("axis 3"));
        assert!(check_permutation(&[0, 0, 1], 3)
            .unwrap_err()
            .contains("axis 0 twice"));
    }
}
