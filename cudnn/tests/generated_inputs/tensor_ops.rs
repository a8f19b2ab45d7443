//! The tensor operations and reductions: their descriptors and problems,
//! in place too.

use std::sync::Arc;

use cudnn::ops::{
    OpTensorDescriptor, OpTensorProblem, ReduceTensorDescriptor, ReduceTensorProblem,
};
use cudnn::{DataType, NanPropagation};

use crate::base::make_tensor;
use crate::ops::{dims, like};
use crate::{Area, Case};

pub const AREAS: &[Area] = &[Area {
    name: "tensor-ops",
    weight: 7,
    needs_lib: true,
    writes_files: false,
    run: tensor_ops,
}];

fn nan(c: &mut Case) -> NanPropagation {
    cudnn::sys::cudnnNanPropagation_t(c.rng.enum_value(2))
}

fn tensor_ops(c: &mut Case) {
    if c.rng.one_in(4) {
        match c.rng.below(3) {
            0 => in_place_of::<f32>(c),
            1 => in_place_of::<f64>(c),
            _ => in_place_of::<cudnn::half::f16>(c),
        }
        return;
    }
    match c.rng.below(5) {
        0 => ops_of::<f32, f32>(c),
        1 => ops_of::<f64, f64>(c),
        2 => ops_of::<cudnn::half::f16, f32>(c),
        3 => ops_of::<i8, f32>(c),
        _ => ops_of::<cudnn::half::bf16, cudnn::half::f16>(c),
    }
}

/// An op-tensor whose output has the input's type: the in-place checks,
/// and the element-wise shape check of several tensors.
fn in_place_of<T: DataType>(c: &mut Case)
where
    T::Scale: DataType,
{
    let d = dims(c);
    let Some(a) = make_tensor::<T>(c, &d) else {
        return;
    };
    let bd = reduced(c, &d);
    let Some(b) = make_tensor::<T>(c, &bd) else {
        return;
    };
    let cd = like(c, &d);
    let Some(out) = make_tensor::<T>(c, &cd) else {
        return;
    };
    let op = cudnn::sys::cudnnOpTensorOp_t(c.rng.enum_value(6));
    let Some(desc) = c.note(OpTensorDescriptor::<T::Scale>::new(op)) else {
        return;
    };
    say!(c, "; OpTensorProblem::new, in place");
    let Some(p) = c.note(OpTensorProblem::new(desc, a, b, out)) else {
        return;
    };
    let _ = (p.a().strides(), p.c().strides());
}

/// Dims that broadcast to `dims` (some set to 1), or not.
fn reduced(c: &mut Case, dims: &[usize]) -> Vec<usize> {
    if c.rng.one_in(6) {
        return self::dims(c);
    }
    dims.iter()
        .map(|&d| if c.rng.coin() { 1 } else { d })
        .collect()
}

fn ops_of<T: DataType, U: DataType>(c: &mut Case)
where
    T::Scale: DataType,
{
    let lib = c.lib();
    let d = dims(c);
    let Some(a) = make_tensor::<T>(c, &d) else {
        return;
    };
    if c.rng.coin() {
        let op = cudnn::sys::cudnnOpTensorOp_t(c.rng.enum_value(6));
        let nan = nan(c);
        say!(c, "; OpTensorDescriptor::new_in({}, {})", op.0, nan.0);
        let Some(desc) = c.note(OpTensorDescriptor::<T::Scale>::new_in(
            Arc::clone(&lib),
            op,
            nan,
        )) else {
            return;
        };
        assert_eq!((desc.op(), desc.nan_propagation()), (op, nan));
        if c.rng.one_in(6) {
            c.note(OpTensorDescriptor::<T::Scale>::new(op));
            c.note(desc.try_clone());
        }
        let bd = reduced(c, &d);
        let Some(b) = make_tensor::<T>(c, &bd) else {
            return;
        };
        let cd = like(c, &d);
        let Some(out) = make_tensor::<U>(c, &cd) else {
            return;
        };
        say!(c, "; OpTensorProblem::new");
        if let Some(p) = c.note(OpTensorProblem::new(desc, a, b, out)) {
            let _ = p.op().op();
        }
    } else {
        let op = cudnn::sys::cudnnReduceTensorOp_t(c.rng.enum_value(9));
        let indices = cudnn::sys::cudnnReduceTensorIndices_t(c.rng.enum_value(2));
        let nan = nan(c);
        say!(
            c,
            "; ReduceTensorDescriptor::new_in({}, {}, {})",
            op.0,
            nan.0,
            indices.0
        );
        let Some(desc) = c.note(ReduceTensorDescriptor::<T::Scale>::new_in(
            Arc::clone(&lib),
            op,
            nan,
            indices,
        )) else {
            return;
        };
        assert_eq!((desc.op(), desc.indices()), (op, indices));
        if c.rng.one_in(6) {
            c.note(ReduceTensorDescriptor::<T::Scale>::new(op, indices));
        }
        let _ = desc.computes_indices();
        let cd = reduced(c, &d);
        let Some(out) = make_tensor::<U>(c, &cd) else {
            return;
        };
        if c.rng.one_in(4) {
            c.note(desc.try_clone());
        }
        say!(c, "; ReduceTensorProblem::new");
        if let Some(p) = c.note(ReduceTensorProblem::new(desc, a, out)) {
            let _ = p.reduce().op();
        }
    }
}
