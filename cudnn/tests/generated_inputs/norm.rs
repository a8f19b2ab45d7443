//! Batch normalization: the parameter descriptor's derivation, problems
//! and the rule of the parameter dims.

use std::sync::Arc;

use cudnn::norm::{batch_norm_param_dims, derive_bn_descriptor};
use cudnn::norm::{BatchNormMode, BatchNormProblem, BnParam};
use cudnn::{ActivationDescriptor, NanPropagation, TensorDescriptor, TensorFormat};

use crate::base::make_tensor;
use crate::{Area, Case};

pub const AREAS: &[Area] = &[
    Area {
        name: "batch-norm",
        weight: 6,
        needs_lib: true,
        writes_files: false,
        run: batch_norm,
    },
    Area {
        name: "norm-rules",
        weight: 2,
        needs_lib: false,
        writes_files: false,
        run: norm_rules,
    },
];

fn batch_norm(c: &mut Case) {
    match c.rng.below(4) {
        0 => batch_norm_of::<f32>(c),
        1 => batch_norm_of::<f64>(c),
        2 => batch_norm_of::<cudnn::half::f16>(c),
        _ => batch_norm_of::<cudnn::half::bf16>(c),
    }
}

fn bn_mode(c: &mut Case) -> BatchNormMode {
    cudnn::sys::cudnnBatchNormMode_t(c.rng.enum_value(3))
}

fn batch_norm_of<T: BnParam>(c: &mut Case) {
    let lib = c.lib();
    let rank = if c.rng.one_in(6) {
        c.rng.rank()
    } else {
        c.rng.range(4, 5)
    };
    let dims = c.rng.smalls(rank);
    let mode = bn_mode(c);
    say!(c, "batch_norm_param_dims({dims:?}, {})", mode.0);
    if let Some(p) = c.note(batch_norm_param_dims(&dims, mode)) {
        assert_eq!(p.len(), dims.len());
        assert_eq!(p[0], 1);
    }
    let Some(x) = make_tensor::<T>(c, &dims) else {
        return;
    };
    if c.rng.one_in(3) {
        say!(c, "; derive_bn_descriptor");
        if let Some(p) = c.note(derive_bn_descriptor(&x, mode)) {
            assert_eq!(
                Some(p.dims().to_vec()),
                batch_norm_param_dims(x.dims(), mode).ok()
            );
        }
    }
    let y_dims = if c.rng.one_in(6) {
        c.rng.smalls(rank)
    } else {
        dims.clone()
    };
    let Some(y) = make_tensor::<T>(c, &y_dims) else {
        return;
    };
    let epsilon = if c.rng.coin() { 1e-5 } else { c.rng.f64() };
    let problem = if c.rng.one_in(4) {
        let p_dims = match batch_norm_param_dims(&dims, mode) {
            Ok(d) if !c.rng.one_in(4) => d,
            _ => c.rng.smalls(rank),
        };
        let p_format = if c.rng.one_in(4) {
            TensorFormat::NHWC
        } else {
            TensorFormat::NCHW
        };
        say!(c, "; param {p_dims:?} ({})", p_format.0);
        let Some(param) = c.note(TensorDescriptor::<T::Param>::new_in(
            Arc::clone(&lib),
            p_format,
            &p_dims,
        )) else {
            return;
        };
        say!(c, "; BatchNormProblem::with_param(eps {epsilon})");
        BatchNormProblem::with_param(mode, x, y, param, epsilon)
    } else {
        say!(c, "; BatchNormProblem::new(eps {epsilon})");
        BatchNormProblem::new(mode, x, y, epsilon)
    };
    let Some(mut p) = c.note(problem) else { return };
    assert_eq!(p.mode(), mode);
    if c.rng.one_in(3) {
        let e = c.rng.f64();
        say!(c, "; set_epsilon({e})");
        let before = p.epsilon();
        let r = p.set_epsilon(e);
        assert_eq!(
            p.epsilon().to_bits(),
            if r.is_ok() { e } else { before }.to_bits()
        );
        c.note(r);
    }
    if c.rng.coin() {
        let ops = cudnn::sys::cudnnBatchNormOps_t(c.rng.enum_value(3));
        let act = if c.rng.coin() {
            let mode = cudnn::sys::cudnnActivationMode_t(c.rng.enum_value(7));
            let coef = c.rng.f64();
            let nan = NanPropagation::NOT_PROPAGATE_NAN;
            c.note(ActivationDescriptor::new_in(
                Arc::clone(&lib),
                mode,
                nan,
                coef,
            ))
        } else {
            None
        };
        say!(c, "; set_ops({}, activation {})", ops.0, act.is_some());
        let before = p.ops();
        let r = p.set_ops(ops, act);
        assert_eq!(p.ops(), if r.is_ok() { ops } else { before });
        c.note(r);
    }
    let _ = (p.x().required_len(), p.y().required_len(), p.param_len());
    let _ = (p.activation().is_some(), p.has_residual(), p.param().dims());
}

/// The batch-normalization parameter dims, on any values.
fn norm_rules(c: &mut Case) {
    let x = c.rng.any_dims();
    let mode = bn_mode(c);
    say!(c, "batch_norm_param_dims({x:?}, {})", mode.0);
    let r = batch_norm_param_dims(&x, mode);
    if let Ok(p) = &r {
        assert_eq!(p.len(), x.len());
        assert_eq!(p[1], x[1]);
    }
    c.note(r);
}
